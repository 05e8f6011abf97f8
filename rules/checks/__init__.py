"""Static validation of a loaded scenario: every registered check, with its findings located
in the file and citing the book.

Loading (:mod:`model.scenario_io`) refuses what cannot be read at all: unknown boards, hexes,
unit types, sides. The checks here judge a scenario that loads: turn numbers, counter mix,
where units stand, stacking, references of victory conditions, objectives in reach::

    loaded = parse_scenario(text, path)
    for finding in run_checks(loaded, doc):
        print(finding.format())   # file:line:col: severity code: message [citation]

A book scenario that breaks its own book's rule carries an entry in ``exceptions`` (code,
path, reason, source); its finding is then reported as ``info`` saying so, never dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from model.scenario import CheckException
from model.scenario_io import LoadedScenario
from model.yamlio import Document
from rules.checks import book as check_book
from rules.checks import budget as check_budget
from rules.checks import forces as check_forces
from rules.checks import layout as check_layout
from rules.checks import plan as check_plan
from rules.checks import reach as check_reach
from rules.checks import scenario as check_scenario
from rules.checks.base import CHECKS, CheckContext, Finding, RegisteredCheck, Severity, check
from rules.registry import known

__all__ = [
    "CHECKS",
    "CheckContext",
    "Finding",
    "Severity",
    "all_checks",
    "check",
    "run_checks",
]

# The modules register their checks on import.
_MODULES = (
    check_scenario,
    check_forces,
    check_reach,
    check_budget,
    check_layout,
    check_book,
    check_plan,
)

_ORDER = {"error": 0, "warning": 1, "info": 2}


def all_checks() -> dict[str, RegisteredCheck]:
    """Every check Hexwright runs, by code: the shared ones and each system's own."""
    found = dict(CHECKS)
    for rules in known():
        found.update((c.code, c) for c in rules.checks)
    return found


def run_checks(loaded: LoadedScenario, doc: Document | None = None) -> list[Finding]:
    """Every finding of every check that applies to the scenario's system, in file order.

    Args:
        loaded: a scenario that loaded without problems.
        doc: its parsed document, for the line and column of each finding (without it,
            findings carry only their dotted paths).
    """
    ctx = CheckContext(loaded, doc)
    found: list[Finding] = []
    for registered in (*CHECKS.values(), *ctx.rules.checks):
        if registered.feature is None or registered.feature in ctx.rules.features:
            found.extend(registered.function(ctx))
    found = _apply_exceptions(ctx, found)
    return sorted(found, key=lambda f: (f.line, f.column, _ORDER[f.severity], f.code, f.path))


def _apply_exceptions(ctx: CheckContext, findings: Iterable[Finding]) -> list[Finding]:
    """Findings a documented exception covers become ``info``; an exception that covers no
    finding is reported, so that it does not outlive the problem it excused."""
    exceptions = ctx.scenario.exceptions
    used: set[int] = set()
    result = []
    for finding in findings:
        index = next(
            (
                i
                for i, e in enumerate(exceptions)
                if e.code == finding.code and e.path == finding.path
            ),
            None,
        )
        if index is None or finding.severity == "info":
            result.append(finding)
            continue
        used.add(index)
        result.append(_excepted(finding, exceptions[index]))
    for i, exception in enumerate(exceptions):
        if i not in used:
            message = (
                f"no '{exception.code}' finding at {exception.path}: "
                "the exception excuses nothing (remove it, or correct its code or path)"
            )
            where = ("exceptions", i)
            result.append(ctx.finding("warning", "exceptions", message, exception.source, where))
    return result


def _excepted(finding: Finding, exception: CheckException) -> Finding:
    message = (
        f"{finding.message}; the book does so, kept as printed: {exception.reason} "
        f"({exception.source})"
    )
    return Finding(
        "info",
        finding.code,
        message,
        finding.citation,
        finding.path,
        finding.line,
        finding.column,
        finding.file,
    )
