"""An earlier sweep report read back (``hexwright sweep --resume``): every key checked, as its
rows are written into the new report and its page as they are. The shape is the one
:func:`editor.cli.sweep.sweep_data` writes (format 1, in :mod:`editor.cli.sweep`'s docstring).
"""

from __future__ import annotations

import json
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, ValidationError

from model.yamlio import YamlError, read_text_file

#: The largest report read: a sweep's report is some 2 KB a row, and may be larger than the
#: files a designer writes (:data:`model.yamlio.MAX_FILE_BYTES`).
REPORT_BYTES = 64 * 1024 * 1024


class _Json(BaseModel):
    """A part of the report as :func:`sweep_data` writes it, read back strictly."""

    model_config = ConfigDict(strict=True, extra="forbid")


class _SideJson(_Json):
    side: str
    bot: str
    wins: int
    rate: float
    low: float
    high: float
    vp_mean: float


class _ConditionJson(_Json):
    index: int
    text: str
    met: int


class _ErrorJson(_Json):
    seed: int | None
    error: str
    failed_action: str | None
    replay_file: str | None
    again: str


class _RowJson(_Json):
    scenario: str
    scenario_id: str
    title: str
    system: str
    strategy: str | None
    status: Literal["done", "pending", "unplayable", "invalid"]
    problem: str | None
    games: int
    requested: int
    sides: list[_SideJson]
    no_winner: int
    lopsided: str | None
    turns: dict[str, int]
    turns_mean: float | None
    actions_mean: float
    conditions: list[_ConditionJson]
    never_met: list[str]
    spent: dict[str, float]
    errors: list[_ErrorJson]
    seconds: float


class _ReportJson(_Json):
    format: Literal[1]
    complete: bool
    games_per_row: int
    first_seed: int
    bots: list[str]
    strategies: list[str]
    where: str
    seconds: float
    rows: list[_RowJson]


def read_report(path: str) -> dict[str, Any]:
    """An earlier report (``--resume``), each of its keys checked: its rows are written into
    the new report and its page as they are.

    Raises:
        ValueError: the file cannot be read or is not a sweep report; the message names it
            and the first key that is wrong.
    """
    try:
        data = json.loads(read_text_file(path, REPORT_BYTES))
    except YamlError as exc:
        raise ValueError(f"--resume: {exc.problem.format()}") from None
    except (ValueError, RecursionError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise ValueError(f"--resume: {path}: not JSON ({why})") from None
    try:
        if not isinstance(data, dict):
            raise ValueError(f"the file holds a JSON {type(data).__name__}, not an object")
        _ReportJson.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(k) for k in first["loc"])
        why = (
            "missing" if first["type"] == "missing" else first["msg"][:1].lower() + first["msg"][1:]
        )
        raise _not_a_report(path, f"{where}: {why}") from None
    except ValueError as exc:
        raise _not_a_report(path, str(exc)) from None
    return cast("dict[str, Any]", data)


def _not_a_report(path: str, why: str) -> ValueError:
    return ValueError(
        f"--resume: {path}: not a sweep report of format 1 ({why}); give the --json file of an "
        "earlier sweep"
    )
