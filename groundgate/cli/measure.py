"""The commands that measure the judge itself: against people (``calibrate``), against its successor
(``bridge``), against a planted suite (``selftest``), and what an OpenAI-compatible server offers (``judges``)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from groundgate import app, settings, wiring
from groundgate.cases import Case, Rubric, load_cases, load_responses
from groundgate.cli.output import out, redactor, warn
from groundgate.errors import UsageError
from groundgate.files import write_text
from groundgate.judges import JudgeError
from groundgate.progress import ProgressLine
from groundgate.report.console import columns
from groundgate.report.render import escaped, obeyed
from groundgate.rules import plural


def calibrate(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.calibrate import calibrate, render_calibration  # only this command needs them

    # The judge settings are validated by the same model as compare's; the responses fill both sides.
    values = {key: value for key, value in vars(args).items() if key not in ("command", "responses", "labels")}
    values.update(baseline=args.responses, candidate=args.responses)
    names = {"baseline": "--responses", "candidate": "--responses"}
    config = settings.from_flags(values, environ, names)
    settings.check_outputs(config, names, [("--labels", args.labels)])
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr))
    try:
        calibration = calibrate(args.cases, args.responses, args.labels, judges.judge)
    finally:
        judges.close()
    text = render_calibration(calibration)
    if args.results:
        write_text(args.results, calibration.model_dump_json(indent=2, by_alias=True) + "\n")
    if args.report:
        write_text(args.report, text)
    out(text)
    return 3 if calibration.errors else 0


def bridge(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    from groundgate.bridge import bridge, check_new_judge, render_bridge, render_bridge_console  # only this command

    # The current judge comes from the usual judge flags; the new one is built as a second opinion would be.
    values = {key: value for key, value in vars(args).items() if key not in ("command", "responses", "to")}
    values.update(baseline=args.responses, candidate=args.responses, second_opinion=args.to)
    names = {"second_opinion": "--to", "baseline": "--responses", "candidate": "--responses"}
    check_new_judge(args.to)
    config = settings.from_flags(values, environ, names)
    check_new_judge(args.to, config)
    settings.check_outputs(config, names)
    judges = wiring.judges(config, progress=ProgressLine(sys.stderr))
    try:
        assert judges.rescorer.judge is not None  # check_new_judge refused every choice without a judge
        result = bridge(args.cases, args.responses, judges.judge, judges.rescorer.judge, config.blocking_categories)
    finally:
        judges.close()
    if args.results:
        write_text(args.results, result.model_dump_json(indent=2, by_alias=True) + "\n")
    if args.report:
        write_text(args.report, render_bridge(result))
    out(render_bridge_console(result, columns(environ)))
    return result.exit_code


def judges(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """The models the server lists, one per line, spelled as --judge-model takes them; the key (if the
    server needs one) from OPENAI_API_KEY, as for judging."""
    from groundgate.errors import JudgeUnreachable, JudgeUnusable
    from groundgate.judges.openai import ModelsRefused, offered_models

    url = args.openai_base_url or environ.get("OPENAI_BASE_URL") or settings.OPENAI_BASE_URL
    name = "--openai-base-url" if args.openai_base_url else "--openai-base-url or OPENAI_BASE_URL"
    if not re.fullmatch(settings.BASE_URL, url):
        raise UsageError(f"{name}: {settings.BASE_URL_HINT} (got {url!r})")
    try:
        models = offered_models(url, environ.get("OPENAI_API_KEY"))
    except ModelsRefused as exc:
        if exc.status is None:
            raise JudgeUnreachable(f"cannot reach the judge server {url}: {exc}") from None
        if exc.status in (401, 403):
            raise JudgeUnusable(
                f"the judge server {url} refused the API key (HTTP {exc.status}): set OPENAI_API_KEY to a key it accepts"
            ) from None
        raise JudgeUnusable(
            f"the judge server {url} does not list models at {url.rstrip('/')}/models ({exc}): check {name} "
            "(OpenAI-compatible servers usually end in /v1)"
        ) from None
    if not models:
        warn(f"the judge server {url} lists no models")
    redact = redactor(environ)  # a server's model ids are its text: no secret of this run is printed
    shown = [redact(model) for model in models]
    if odd := sum(map(obeyed, shown)):  # an escape sequence in an id would reach the terminal: shown escaped
        warn(
            f"the judge server {url} lists {plural(odd, 'model id')} holding control characters (terminal escape "
            "sequences, line breaks, direction marks): shown escaped, as \\x1b"
        )
    out("".join(f"{escaped(model)}\n" for model in shown))
    return 0


def selftest(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """The planted suite through the same settings, judge and rules as compare (``app.selftest``): exit 1
    when the gate missed a planted regression it must catch, 3 when rows were not judged."""
    from groundgate import selftest  # only this command needs it

    config = settings.from_flags({**{k: v for k, v in vars(args).items() if k != "command"}, "selftest": True}, environ)
    found = app.selftest(config, wiring.judges(config, progress=ProgressLine(sys.stderr)))
    out(selftest.render(found))
    return selftest.exit_code(found)


def doctor(args: argparse.Namespace, environ: Mapping[str, str]) -> int:
    """The workflows of the repository it runs in (``groundgate.recipes``), then one judge call with the settings
    a run would use (``groundgate.doctor``); no cases, no cache."""
    from groundgate import doctor, recipes  # only this command needs them

    for finding in workflow_findings(Path.cwd(), recipes.path_filters):
        out(f"workflow: {escaped(finding)}\n")
    files = ("cases", "baseline", "candidate")
    flags = {key: value for key, value in vars(args).items() if key != "command" and key not in files}
    config = settings.from_flags({**flags, "selftest": True}, environ)  # selftest: a run that needs no files
    suite = doctor_suite(args, config.rubric)
    redact = redactor(environ)
    judges = wiring.judges(config)
    try:
        found = doctor.check(judges.judge, config.price_per_million_tokens, lambda text: out(redact(text)))
        out(redact(doctor.said(found)))
        if not isinstance(found.answer, JudgeError):  # the window is probed only on a judge that answers
            out(redact(doctor.reach_said(doctor.reach(judges.judge, suite))))
    finally:
        judges.close()
    out(doctor.verdict(found))
    return 0


def doctor_suite(args: argparse.Namespace, rubric: Rubric) -> list[tuple[Case, str, str]]:
    """``--cases`` (with ``--baseline`` and ``--candidate`` where given): each case with each side's answer, for
    the suite's largest prompt."""
    if args.cases is None:
        if args.baseline is not None or args.candidate is not None:
            raise UsageError("--baseline and --candidate need --cases")
        return []
    cases = load_cases(args.cases, rubric)
    sides = [(name, load_responses(path)) for name, path in (("baseline", args.baseline), ("candidate", args.candidate))
             if path is not None]  # fmt: skip
    if not sides:
        return [(case, "", "no answer") for case in cases]
    return [(case, answers[case.id].response, name) for name, answers in sides for case in cases if case.id in answers]


def workflow_findings(start: Path, check: Callable[[str, str], list[str]]) -> list[str]:
    """``check`` on each workflow file of the repository ``start`` is in (the nearest folder up with a
    ``.github/workflows``), named as the repository names it."""
    for folder in (start, *start.parents):
        workflows = folder / ".github" / "workflows"
        if workflows.is_dir():
            files = sorted(p for p in workflows.iterdir() if p.suffix in (".yml", ".yaml") and p.is_file())
            return [line for p in files for line in check(p.read_text(errors="replace"), str(p.relative_to(folder)))]
    return []
