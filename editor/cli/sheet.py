"""``hexwright sheet``: the paper sheets a book has its players keep, written from a game
(Qt-free): Armor's Command Sheet with each unit identified as the Advanced Game writes it
[ADV III] and the Unit Record Sheet of the game [OP XXXIV].

    hexwright sheet scenarios/armor/demo-advanced.yaml        # at the start (seed 0)
    hexwright sheet GAME.replay                               # where the replay ends
    hexwright sheet GAME.replay --at 40 --only record         # after action 40
    hexwright sheet pos.yaml --side german --json             # a position file

A system offers its sheets through its registered rules
(:attr:`rules.registry.SystemRules.sheets`). Exit status: 0; 1 when the file cannot be read
or played; 2 for a system with no sheets, or an unknown side.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor.cli.args import whole

if TYPE_CHECKING:
    from rules.engine.core import State

#: ``--only``: which sheets, by the start of their titles.
ONLY = {"command": "Command Sheet", "record": "Unit Record Sheet"}


def add_parser(sub: Any) -> None:
    sheet = sub.add_parser(
        "sheet", help="the book's paper sheets of a game: Armor's Command and Unit Record Sheets"
    )
    sheet.add_argument(
        "file", metavar="FILE", help="a scenario (.yaml), a replay (.json) or a position (.yaml)"
    )
    sheet.add_argument("--at", type=whole(0), metavar="N", help="a replay: after action N")
    sheet.add_argument("--seed", type=whole(0), default=0, help="a scenario: the game's seed")
    sheet.add_argument("--side", metavar="SIDE", help="one side's sheets")
    sheet.add_argument("--only", choices=sorted(ONLY), help="one kind of sheet")
    sheet.add_argument("--json", action="store_true", help="machine-readable output")
    sheet.set_defaults(handler=cmd_sheet)


def cmd_sheet(args: argparse.Namespace) -> int:
    from rules.engine.errors import RulesError
    from rules.registry import rules_for

    path = Path(args.file)
    try:
        state = _state(path, args)
    except OSError as exc:
        print(f"{path}: cannot read the file: {exc.strerror}", file=sys.stderr)
        return 1
    except (RulesError, ValueError) as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    writer = rules_for(state.game.system).sheets
    if writer is None:
        print(f"{path}: {state.game.system.value} has no paper sheets to write", file=sys.stderr)
        return 2
    if args.side is not None and args.side not in state.game.sides:
        sides = ", ".join(state.game.sides)
        print(f"--side: no side '{args.side}' (the sides: {sides})", file=sys.stderr)
        return 2
    found = [
        s
        for s in writer(state)
        if (args.side is None or s.side == args.side)
        and (args.only is None or s.title.startswith(ONLY[args.only]))
    ]
    if args.json:
        data = [
            {
                "title": s.title,
                "side": s.side,
                "columns": list(s.columns),
                "rows": [list(r) for r in s.rows],
                "notes": list(s.notes),
            }
            for s in found
        ]
        print(json.dumps({"file": str(path), "sheets": data}, indent=2))
        return 0
    scenario = state.game.scenario
    print(f"{path}: {scenario.title} ({scenario.id}), Turn {state.progress().turn}")
    for s in found:
        print()
        print("\n".join(s.lines()))
    return 0


def _state(path: Path, args: argparse.Namespace) -> State:
    """The game a file holds: a replay where it stops, a position, or a scenario's start."""
    from editor.cli.main import replay_loader
    from model.scenario_io import load_scenario
    from model.yamlio import read_text_file
    from rules.pointbuy.purchase import game_for, parse_choices
    from rules.records.position import load_position
    from rules.records.replay import Replay, replay

    text: str = read_text_file(path)
    if text.lstrip().startswith("{"):
        record = Replay.from_text(text)
        return replay(
            record, load=replay_loader(path, record.scenario_id), stop_after=args.at
        ).state
    if args.at is not None:
        raise ValueError("--at: only a replay has actions to stop after")
    if "\nrules_version:" in text and "\nscenario:" in text:
        return load_position(path)[1]
    loaded = load_scenario(path)
    game = game_for(loaded, parse_choices("balanced", loaded.scenario, args.seed))
    return game.new_initial_state(args.seed)
