"""What a repository's own workflow files get wrong about a required check (``groundgate doctor`` reads them).

A required check whose workflow filters pull requests by path (``on.pull_request.paths`` or ``paths-ignore``)
never reports on a pull request that touches no matching path, and branch protection then waits for it forever
("Expected — Waiting for status to be reported"); the filter belongs inside the job. Pure: text in, findings out.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

FILTERS = ("paths", "paths-ignore")
EVENTS = ("pull_request", "pull_request_target", "merge_group")


def runs_gate(workflow: dict[str, Any]) -> bool:
    """A job step that gates with the action (``…/groundgate@…``, not its self-test) or runs ``groundgate compare``:
    the step whose job is the required check. (The self-test recipe filters by path on purpose; it is not required.)"""
    jobs = workflow.get("jobs")
    for job in jobs.values() if isinstance(jobs, dict) else []:
        steps = job.get("steps") if isinstance(job, dict) else None
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, dict):
                continue
            given = step.get("with")
            given = given if isinstance(given, dict) else {}
            selftest = str(given.get("selftest", "")).strip().lower() == "true"
            if ("groundgate" in str(step.get("uses", "")) and not selftest) or "groundgate compare" in str(
                step.get("run", "")
            ):
                return True
    return False


def path_filters(text: str, name: str) -> list[str]:
    """One line for each event of a workflow that gates with groundgate and filters that event by path; a file that
    is not a workflow (or not YAML) says nothing."""
    try:
        workflow = YAML(typ="safe").load(text)
    except YAMLError:
        return []
    if not isinstance(workflow, dict) or not runs_gate(workflow):
        return []
    events = workflow.get("on", workflow.get(True))  # YAML 1.1 readers take a bare `on` for true
    if not isinstance(events, dict):
        return []
    found = []
    for event in EVENTS:
        filters = [f for f in FILTERS if isinstance(events.get(event), dict) and f in events[event]]
        if filters:
            found.append(
                f"{name}: `on.{event}.{filters[0]}` filters which pull requests run the gate: a required check never "
                "reports on one that touches no matching path, and branch protection waits for it forever. Run the "
                "workflow on every pull request and skip inside the job instead (docs/action.md#which-check-to-require)"
            )
    return found
