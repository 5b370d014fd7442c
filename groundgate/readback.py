"""A results file read back (``report``, ``merge``, the bridge): its rows streamed into a store on disk, each
re-derived from its own scores as it is read (``audit``), and the whole file refused, naming the row and the
field, when it contradicts itself: an edited results file is not a verdict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from groundgate import jsonstream
from groundgate.audit import RowAudit
from groundgate.errors import InputError, one_line
from groundgate.jsonl import SURROGATE, unpaired_surrogate
from groundgate.results import BATCH_ROWS, ROW_ADAPTER, SCHEMA_VERSION, Results, Row, StoredRows


def _refused(path: Path, exc: ValidationError, *where: str) -> InputError:
    """The first thing pydantic refused, as one line naming its field (under ``where``)."""
    first = exc.errors()[0]
    return InputError(path, None, ".".join(str(part) for part in (*where, *first["loc"])), first["msg"].lower())


def read_results(path: Path) -> Results:
    """A results file, its rows read one at a time into a store on disk (``jsonstream``, ``StoredRows``):
    ``report`` and ``merge`` of a million rows do not hold a million rows' JSON in memory. A file that
    contradicts itself (a row, the counts or the verdict not what its own scores and rules make them:
    ``audit``) is refused, naming the row and the field."""
    rows = StoredRows()
    batch: list[Row] = []
    bad: list[InputError] = []  # the first bad row, raised once the file is known to be a results file
    audit = RowAudit()  # each row re-derived from its own scores as it is read

    def row(found: Any) -> None:
        if bad:
            return
        index = len(rows) + len(batch)
        where = f"rows.{index}"
        if (field := unpaired_surrogate(found, where)) is not None:
            bad.append(InputError(path, None, field, SURROGATE))
            return
        try:
            batch.append(ROW_ADAPTER.validate_python(found))
        except ValidationError as exc:
            bad.append(_refused(path, exc, where))
            return
        audit.see(index, batch[-1])
        if len(batch) >= BATCH_ROWS:
            rows.extend(batch)
            batch.clear()

    try:
        with path.open(encoding="utf-8") as stream:
            data = jsonstream.load(stream, "rows", row)
    except FileNotFoundError:
        raise InputError(path, None, None, "file not found") from None
    except IsADirectoryError:
        raise InputError(path, None, None, "is a directory, not a results file") from None
    except RecursionError:
        raise InputError(path, None, None, "not a results file: JSON nested too deeply") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: bad JSON, or a number of 4,300+ digits
        raise InputError(path, None, None, f"not a results file: {one_line(str(exc))}") from None
    rows.extend(batch)
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        found = data.get("schema_version") if isinstance(data, dict) else None
        earlier = (
            " (an earlier groundgate's, which does not record all the rules its rows were decided under, so its "
            "outcomes cannot be checked: run compare again)"
            if found in (1, 2)
            else ""
        )
        raise InputError(
            path,
            None,
            "schema_version",
            f"expected {SCHEMA_VERSION}, found {found!r}: not a results file of this version{earlier}",
        )
    if bad:
        raise bad[0]
    if (field := unpaired_surrogate(data)) is not None:
        raise InputError(path, None, field, SURROGATE)
    if isinstance(data.get("rows"), jsonstream.Streamed):
        data["rows"] = rows
    try:
        results = Results.model_validate(data)
    except ValidationError as exc:
        raise _refused(path, exc) from None
    except RecursionError:
        raise InputError(path, None, None, "not a results file: nested too deeply") from None
    if (problem := audit.check(results)) is not None:
        raise InputError(path, None, *problem)
    return results
