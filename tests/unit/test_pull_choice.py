"""Which pull request a workflow_run run's verdict belongs to (github/action.py ``pulls_of``): a pure
rule over the PRs GitHub lists, so it is checked here for any mix of heads, forks, branches and states."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from groundgate.github.action import pulls_of
from groundgate.github.publisher import Pull

SHAS = ("a" * 40, "b" * 40)
REPOS = ("someone/r", "Someone/R", "other/r", None)  # None: the head's fork was deleted
BRANCHES = ("patch-1", "fix")

pulls = st.lists(
    st.builds(
        Pull,
        number=st.integers(1, 30),
        head_sha=st.sampled_from(SHAS),
        open=st.booleans(),
        head_repo=st.sampled_from(REPOS),
        head_ref=st.sampled_from(BRANCHES),
    ),
    max_size=6,
    unique_by=lambda p: p.number,
)


@given(pulls, st.sampled_from(SHAS), st.sampled_from(REPOS[:3]), st.sampled_from(BRANCHES))
def test_only_a_pull_request_with_the_runs_head_can_get_its_verdict(
    found: list[Pull], sha: str, repo: str, branch: str
) -> None:
    same_head, current = pulls_of(found, sha, repo, branch)
    ours = [p for p in found if (p.head_repo or "").casefold() == repo.casefold() and p.head_ref == branch]
    assert sorted(p.number for p in same_head) == sorted(p.number for p in ours)
    assert sorted(p.number for p in current) == sorted(p.number for p in ours if p.open and p.head_sha == sha)
    assert [p.open for p in same_head] == sorted((p.open for p in same_head), reverse=True)  # open ones first


def test_without_a_head_in_the_payload_every_listed_pull_request_is_a_candidate() -> None:
    found = [Pull(7, SHAS[0], True, "someone/r", "patch-1"), Pull(8, SHAS[1], True, "o/r", "fix")]
    same_head, current = pulls_of(found, SHAS[0], None, None)
    assert [p.number for p in same_head] == [7, 8]
    assert [p.number for p in current] == [7]
