"""``groundgate labels``: people's adjudications, collected from a repository's pull requests into the
labels file ``calibrate`` reads."""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping

from groundgate import settings, wiring
from groundgate.cli.output import out, say
from groundgate.errors import UsageError

LABELS_WAIT = 900.0  # seconds `groundgate labels` may wait for GitHub's rate limits in all
LABELS_PRS = 50  # pull requests a page; each one's last commits are read for the newest verdict kept on them


def labels(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """Every adjudication kept on the repository's pull requests, as the labels file calibrate reads. The
    token from GITHUB_TOKEN (or GH_TOKEN), never a flag: it needs to read pull requests and check runs."""
    from datetime import UTC, datetime

    from groundgate.github.adjudicate import history
    from groundgate.labels import write

    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+", args.repo):
        raise UsageError(f"--repo: write it as OWNER/REPO (got {args.repo!r})")
    token = environ.get("GITHUB_TOKEN") or environ.get("GH_TOKEN")
    if not token:
        raise UsageError("GITHUB_TOKEN: set it to a token that can read the repository's pull requests and checks")
    since = None
    if args.since:
        try:
            since = datetime.fromisoformat(args.since)
        except ValueError:
            raise UsageError(
                f"--since: give a date, 2026-01-31, or a time, 2026-01-31T09:00 (got {args.since!r})"
            ) from None
        since = since if since.tzinfo else since.replace(tzinfo=UTC)
    if args.output:
        settings.refuse_overwrite([("--output", args.output)], [])
    api = args.api_url or environ.get("GITHUB_API_URL") or "https://api.github.com"
    reader = wiring.github(token, api, args.repo, LABELS_WAIT)
    found = history(reader, args.check_name, LABELS_PRS, 3, everything=True, since=since)
    if args.output:
        write(found, args.output)
    else:
        out("".join(label.model_dump_json() + "\n" for label in found))
    prs = len({label.pr for label in found})
    say(f"{len(found)} label(s) from {prs} pull request(s) of {args.repo}")
    return 0
