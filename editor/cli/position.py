"""``hexwright position``: write where a replay stands as a position file, or read one back.

    hexwright position GAME.replay --at N -o pos.yaml    # the position after action N
    hexwright position pos.yaml                          # where a position file's game stands

A position file names its scenario relative to itself; reading it loads that scenario, checks
the file like a scenario (each problem at its ``file:line:col``) and makes the state, which
test play can start from (Play > Test Play from Position...).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from editor.cli.args import whole


def add_parser(sub: Any) -> None:
    position = sub.add_parser(
        "position", help="write a replay's position after N actions, or read a position file"
    )
    position.add_argument("file", metavar="FILE", help="a replay (.json) or a position (.yaml)")
    position.add_argument("--at", type=whole(0), metavar="N", help="a replay: after action N")
    position.add_argument("-o", "--output", metavar="OUT", help="write the position to OUT")
    position.add_argument("--json", action="store_true", help="machine-readable output")
    position.set_defaults(handler=cmd_position)


def cmd_position(args: argparse.Namespace) -> int:
    from editor.cli.main import outcome_data, print_outcome, replay_loader
    from model.yamlio import read_text_file
    from rules.engine.errors import RulesError
    from rules.records.position import load_position, save_position
    from rules.records.replay import Replay, replay

    path = Path(args.file)
    try:
        if _is_replay(path):
            record = Replay.from_text(read_text_file(path))
            loader = replay_loader(path, record.scenario_id)
            state = replay(record, load=loader, stop_after=args.at).state
            scenario = state.game.loaded.path
        else:
            if args.at is not None:
                print("--at: a position file has no actions to stop after", file=sys.stderr)
                return 2
            game, state = load_position(path)
            scenario = game.loaded.path
        if args.output:
            save_position(state, args.output, scenario)
    except OSError as exc:
        print(f"{path}: cannot read the file: {exc.strerror}", file=sys.stderr)
        return 1
    except RulesError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    data = outcome_data(state)
    if args.output:
        data["position"] = args.output
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"{path}: {state.game.scenario.title} ({state.game.scenario.id})")
    print_outcome(data)
    if args.output:
        print(f"  position:    {args.output}")
    return 0


def _is_replay(path: Path) -> bool:
    """A replay is JSON (its first character a brace); a position file is YAML."""
    from model.yamlio import read_text_file

    head: str = read_text_file(path)[:64]
    return head.lstrip().startswith("{")
