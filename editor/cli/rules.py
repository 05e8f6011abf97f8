"""``hexwright rules``: which of each book's sections the engine plays, so a designer knows
what Test Play enforces (Qt-free).

    hexwright rules                       # each system: how many sections are played
    hexwright rules armor                 # Armor's sections: status, tests, what is missing
    hexwright rules armor --status partly
    hexwright rules --status not          # every system's sections not played
    hexwright rules panzer44 --json

The lists are each system's ``coverage.yaml``, named by its registered rules
(:attr:`rules.registry.SystemRules.coverage`, read by :mod:`rules.engine.coverage`).
Exit status: 0; 1 when a list is broken (each problem at its ``file:line:col``); 2 for a
system Hexwright does not know.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import textwrap
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.systems import GameSystem
    from rules.engine.coverage import Coverage, CoverageEntry, Status

#: The statuses (:data:`rules.engine.coverage.STATUSES`, written out so that ``--help`` need not
#: import the lists' models).
STATUS_CHOICES: tuple[Status, ...] = ("implemented", "partly", "not")


def add_parser(sub: Any) -> None:
    rules = sub.add_parser(
        "rules", help="which of each book's sections the engine plays (what Test Play enforces)"
    )
    rules.add_argument(
        "system", nargs="?", metavar="SYSTEM", help="one system's sections (armor, panzer44...)"
    )
    rules.add_argument("--status", choices=STATUS_CHOICES, help="only the sections of this status")
    rules.add_argument("--json", action="store_true", help="machine-readable output")
    rules.set_defaults(handler=cmd_rules)


def cmd_rules(args: argparse.Namespace) -> int:
    from model.systems import GameSystem

    if args.system is None:
        systems = list(GameSystem)
    else:
        found = _system(args.system)
        if found is None:
            return 2
        systems = [found]
    listed = [(system, _coverage(system)) for system in systems]
    if args.json:
        sections = args.system is not None or args.status is not None
        data = [_data(s, c, args.status, sections) for s, c in listed]
        return _emit(json.dumps(data[0] if args.system else {"systems": data}, indent=2))
    width = max(60, shutil.get_terminal_size((100, 24)).columns)
    if args.system is None and args.status is None:
        return _emit("\n".join(summary_lines(listed)))
    blocks = [_system_lines(s, c, args.status, width) for s, c in listed]
    return _emit("\n\n".join("\n".join(block) for block in blocks))


def _emit(text: str) -> int:
    """Print the listing; a reader that stops early (``| head``) is no error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # Why: Python would report the closed pipe again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _system(name: str) -> GameSystem | None:
    """The system a user named (its id; ``panzer_command`` for ``panzer-command`` too), or None
    when there is none, having said so."""
    from model.errors import did_you_mean
    from model.systems import GameSystem

    known = [s.value for s in GameSystem]
    wanted = name.strip().lower().replace("_", "-")
    if wanted in known:
        return GameSystem(wanted)
    hint = did_you_mean(wanted, known) or "known: " + ", ".join(known)
    print(f"hexwright rules: no game system '{name}' ({hint})", file=sys.stderr)
    return None


def _coverage(system: GameSystem) -> Coverage | None:
    """The system's coverage list, or None when its rules name none (or it has no rules)."""
    from rules.engine.coverage import load_coverage
    from rules.registry import find

    rules = find(system)
    if rules is None or rules.coverage is None:
        return None
    return load_coverage(rules.coverage)


def _why_none(system: GameSystem) -> str:
    from rules.registry import find

    if find(system) is None:
        return "Hexwright has no rules for it: its scenarios are edited and checked, not played"
    return "its rules name no coverage list"


def _data(
    system: GameSystem, coverage: Coverage | None, status: Status | None, with_sections: bool
) -> dict[str, Any]:
    data: dict[str, Any] = {"system": system.value, "title": system.display_name}
    if coverage is None:
        data.update(book=None, counts=None, note=_why_none(system))
        if with_sections:
            data["sections"] = None
        return data
    data.update(book=coverage.book, counts=coverage.counts(), total=len(coverage.sections))
    if with_sections:
        data["sections"] = [e.model_dump() for e in coverage.having(status)]
    return data


def summary_lines(listed: list[tuple[GameSystem, Coverage | None]]) -> list[str]:
    """Each system's counts by status, one line each."""
    width = max(len("system"), *(len(s.value) for s, _ in listed))
    lines = [
        "What the engine plays of each book, section by section "
        "('hexwright rules SYSTEM' lists them):",
        f"  {'system':<{width}}  implemented  partly  not  sections  book",
    ]
    for system, coverage in listed:
        if coverage is None:
            lines.append(f"  {system.value:<{width}}  {_why_none(system)}")
            continue
        n = coverage.counts()
        lines.append(
            f"  {system.value:<{width}}  {n['implemented']:>11}  {n['partly']:>6}  "
            f"{n['not']:>3}  {len(coverage.sections):>8}  {coverage.book}"
        )
    return lines


def _system_lines(
    system: GameSystem, coverage: Coverage | None, status: Status | None, width: int
) -> list[str]:
    if coverage is None:
        return [f"{system.display_name} ({system.value}): no coverage list: {_why_none(system)}"]
    n = coverage.counts()
    counts = ", ".join(f"{k} {s}" for s, k in n.items())
    head = f"{coverage.book}: {len(coverage.sections)} sections, {counts}"
    entries = coverage.having(status)
    if status is not None:
        head += f"; {len(entries)} {status} below"
    return [*textwrap.wrap(head, width), "", *table_lines(entries, width)]


def table_lines(entries: list[CoverageEntry], width: int) -> list[str]:
    """Section, title, status and the number of tests, a row each; the note wrapped below. A
    section id longer than its column (a card's table) stands on a line of its own."""
    if not entries:
        return ["  (none)"]
    section_w = max(len("section"), *(len(e.section) for e in entries if len(e.section) <= 12))
    status_w = len("implemented")
    fixed = section_w + 2 + 2 + status_w + 2 + len("tests")
    title_w = max(20, min(max(len(e.title) for e in entries), width - fixed))
    indent = " " * (section_w + 2)
    lines = [f"{'section':<{section_w}}  {'title':<{title_w}}  {'status':<{status_w}}  tests"]
    for e in entries:
        title = textwrap.wrap(e.title, title_w) or [""]
        section = e.section
        if len(section) > section_w:
            lines.append(section)
            section = ""
        lines.append(
            f"{section:<{section_w}}  {title[0]:<{title_w}}  {e.status:<{status_w}}  "
            f"{len(e.tests):>5}"
        )
        lines.extend(indent + more for more in title[1:])
        if e.note:
            lines.extend(
                textwrap.wrap(
                    e.note,
                    max(30, width - 1),
                    initial_indent=indent + "- ",
                    subsequent_indent=indent + "  ",
                )
            )
    return lines
