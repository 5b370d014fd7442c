"""A pull request's comments as groundgate hears them: the ``/groundgate`` commands of the people allowed to
give them, why the others do not count, and this check's own comment, when it can still be trusted.

Who may: a person (never a bot) whose permission on the repository (``GET /repos/{o}/{r}/collaborators/
{username}/permission``) is at least ``adjudicators``, who is not the pull request's author unless
``allow-author-adjudication``, in a comment nobody but its author ever edited (someone with write access can
edit another's comment: the words count only as their author left them, and what groundgate read from it
before the edit stands as it was read). Every run checks every command again, so an edited comment, or a
person who lost the permission, counts as it is now.

groundgate's own comment names the commit of the last verdict (its record's pointer): it is read only while
every edit of it is groundgate's own. One someone else edited is left (never read, never updated); the next
report is a new comment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from groundgate.adjudication import Said, parse_commands
from groundgate.errors import GitHubRefused, one_line
from groundgate.github.publisher import Comment, Publisher
from groundgate.report.context import marker
from groundgate.settings import Settings

ROLE_RANK = {"none": 0, "read": 1, "triage": 2, "write": 3, "maintain": 4, "admin": 5}
LEFT_NOTE = (
    "groundgate no longer updates this comment: {who} edited it, and a report someone else has edited is not "
    "groundgate's word. The current report is in a newer comment of groundgate's on this pull request."
)


@dataclass(frozen=True)
class Who:
    """Who may adjudicate on this pull request."""

    adjudicators: str  # the least role: write, maintain or admin
    allow_author: bool
    author: str | None  # the pull request's author

    @classmethod
    def of(cls, settings: Settings, author: str | None) -> Who:
        return cls(settings.adjudicators, settings.allow_author_adjudication, author)


@dataclass
class Heard:
    """A pull request's comments as groundgate hears them: the commands that count, why the others do
    not (comment id -> reason), what could not be read in them, the comments someone other than their
    author edited (``frozen``: what groundgate recorded of them stands), and this check's own comment:
    ``own`` when nobody else edited it, ``left`` when someone did."""

    said: list[Said] = field(default_factory=list)
    refused: dict[int, str] = field(default_factory=dict)
    problems: dict[int, list[str]] = field(default_factory=dict)
    frozen: set[int] = field(default_factory=set)
    own: Comment | None = None
    left: Comment | None = None

    @property
    def counted(self) -> frozenset[int]:
        """The comments whose commands count now (a revoke only a record holds withdraws no confirm)."""
        return frozenset(s.comment for s in self.said)

    def applied(self, comment_id: int) -> bool:
        """Whether every line of this comment that looks like a command counts, as far as hearing tells."""
        return (
            comment_id not in self.refused
            and not self.problems.get(comment_id)
            and any(s.comment == comment_id for s in self.said)
        )


def hear(publisher: Publisher, number: int, who: Who, check_name: str) -> Heard:
    """Every comment's commands, checked against who may give them and who edited them."""
    heard = Heard()
    roles: dict[str, str] = {}
    mark = marker(check_name)
    for comment in publisher.comments(number):
        if comment.mine:
            if mark in comment.body and comment.tampered is None:
                heard.own = heard.own or comment
            elif mark in comment.body:
                heard.left = heard.left or comment
            continue
        commands, problems = parse_commands(comment.body)
        if not commands and not problems:
            continue
        why, frozen = _refusal(comment, who, roles, publisher)
        if frozen:
            heard.frozen.add(comment.id)
        if why is not None:
            heard.refused[comment.id] = why
            continue
        assert comment.author is not None  # a comment without an author is refused above
        if problems:
            heard.problems[comment.id] = problems
        heard.said += [Said(comment.id, comment.author, comment.at, c, i) for i, c in enumerate(commands)]
    return heard


def _refusal(comment: Comment, who: Who, roles: dict[str, str], publisher: Publisher) -> tuple[str | None, bool]:
    """Why this comment's commands do not count (None when they do), and whether what groundgate read of it
    before stands (a comment someone else edited: their edit changes nothing either way)."""
    author = comment.author
    if author is None:
        return "the account that wrote it no longer exists", False
    if comment.bot:
        return f"@{author} is a bot: only people adjudicate", False
    if who.author is not None and author.casefold() == who.author.casefold() and not who.allow_author:
        why = (
            f"@{author} opened this pull request, and its author does not adjudicate its own rows "
            "(the workflow's input allow-author-adjudication says so)"
        )
        return why, False
    if author.casefold() not in roles:
        try:
            roles[author.casefold()] = publisher.permission(author)
        except GitHubRefused as exc:
            return f"the permission of @{author} could not be read ({one_line(str(exc))})", False
    role = roles[author.casefold()]
    if ROLE_RANK.get(role, 0) < ROLE_RANK[who.adjudicators]:
        why = (
            f"@{author} has {role!r} permission on this repository, and adjudicating needs {who.adjudicators!r} "
            "or more (the workflow's input adjudicators)"
        )
        return why, False
    if (editor := comment.tampered) is not None:
        why = (
            f"it was edited by @{editor}, not only by @{author} who wrote it: commands count only as their author "
            f"left them, so what it says now counts for nothing, and what groundgate read from it before stands. "
            f"@{author} can post the commands again in a new comment"
        )
        return why, True
    if comment.unread_edits:
        why = (
            f"it was edited {comment.edits:,} times, more than groundgate reads the history of, so it cannot tell who "
            f"edited it: what groundgate read from it before stands; @{author} can post the commands again in a new comment"
        )
        return why, True
    return None, False
