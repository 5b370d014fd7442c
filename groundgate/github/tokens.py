"""What kind of token the action was given, read from its prefix (GitHub's token formats), for what
GitHub lets each kind do. Only GitHub Apps write check runs: the workflow token (the GitHub Actions
app's installation token) and App installation tokens can; personal access tokens, classic or
fine-grained, and OAuth app tokens get 403 "You must authenticate via a GitHub App." Comments work
with every kind."""

from __future__ import annotations

CANNOT_WRITE_CHECKS = {
    "ghp_": "a classic personal access token",
    "github_pat_": "a fine-grained personal access token",
    "gho_": "an OAuth app token",
}


def cannot_write_checks(token: str | None) -> str | None:
    """The kind of ``token`` in words when GitHub never lets that kind create a check run, else None."""
    for prefix, kind in CANNOT_WRITE_CHECKS.items():
        if token and token.startswith(prefix):
            return kind
    return None


def check_run_refused(token: str | None, refusal: str) -> str:
    """The warning for a check run GitHub refused: for a token kind that can never write one, that and
    what to pass instead (GitHub's permissions fix cannot help it), else GitHub's ``refusal`` as it is."""
    kind = cannot_write_checks(token)
    if kind is None:
        return refusal
    return (
        f"no check run: github-token is {kind}, and GitHub lets only GitHub Apps create check runs "
        "(classic and fine-grained personal access tokens and OAuth apps cannot). Pass the workflow token "
        "(the default, with 'permissions: checks: write') or a GitHub App installation token; the comment "
        "works with this token"
    )
