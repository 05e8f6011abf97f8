"""The ``hexwright`` command: the editor with no arguments, tools as subcommands.

``validate``, ``info``, ``schema``, ``play``, ``replay``, ``balance``, ``sweep``, ``tune``,
``position``, ``rules`` and ``generate`` never import Qt; ``render`` paints with Qt offscreen.
User errors print as ``file:line:col: message`` without a traceback and exit with status 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

# Hexwright uses no pydantic plugin; without this pydantic scans every installed package's entry
# points for plugins when it builds the first model (20 ms of every command's start). A user
# who sets the variable keeps their setting.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from editor.cli.args import bots_of, number, whole  # after the environment is set
from model.errors import Problem, ProblemList, YamlError
from model.systems import GameSystem

# The rest of the model is imported by the commands that use it: ``hexwright --help`` and a
# mistyped option answer without loading the data model (issue 20: a whole ``--help`` process
# in under 100 ms).
if TYPE_CHECKING:
    from model.counters import MapCounter
    from model.layout import AssembledMap
    from model.mapstate import TerrainEdits
    from model.overlays import OverlayMap
    from model.scenario_io import LoadedScenario
    from rules.engine.core import State

DEFAULT_SCENARIO = "armor/demo-crossroads.yaml"
#: The largest seed: what a replay may hold (a signed 64-bit number).
MAX_SEED = 2**63 - 1
#: The committed schema, in the source tree (``schema --check`` compares with it).
SCHEMA_PATH = Path(__file__).resolve().parents[2] / "docs" / "scenario.schema.json"


COMMANDS = (
    "validate",
    "info",
    "render",
    "card",
    "import",
    "schema",
    "data",
    "play",
    "replay",
    "balance",
    "sweep",
    "tune",
    "position",
    "rules",
    "generate",
    "sheet",
)


#: What the editor opens: ``hexwright FILE`` with one of these suffixes, or any file that exists.
EDITOR_FILES = (".yaml", ".yml")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        if argv and not _editor_file(argv):
            known = ", ".join(COMMANDS)
            print(
                f"hexwright: '{argv[0]}' is neither a command ({known}) nor a scenario or board "
                "file to open in the editor; 'hexwright --help' lists the commands",
                file=sys.stderr,
            )
            return 2
        from editor.app import run_editor

        return run_editor(argv[0] if argv else None)
    try:
        return _command(argv)
    except BrokenPipeError:  # the reader went away (``hexwright info --json | head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's flush at exit writes nowhere
        return 1


def _editor_file(argv: Sequence[str]) -> bool:
    """Whether ``hexwright ARG`` names a file for the editor: one argument, a YAML file's
    name or a file that exists (else it is a mistyped command, which must not start a GUI
    that never returns in a script)."""
    if len(argv) != 1:
        return False
    return argv[0].lower().endswith(EDITOR_FILES) or Path(argv[0]).is_file()


def _command(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    from model.boardedit import use_board_library

    use_board_library()  # scenarios may use the user's own boards
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.handler(args))
    except ProblemList as exc:
        _print_problems(exc.problems)
        return 1
    except YamlError as exc:
        _print_problems([exc.problem])
        return 1
    except BrokenPipeError:
        raise  # main() quiets it
    except OSError as exc:  # a file that cannot be written: full disk, no such folder...
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"hexwright {args.command}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hexwright",
        description="Scenario and map editor for tactical WWII hex wargames. "
        "'hexwright' alone opens the editor; 'hexwright FILE' opens FILE in it.",
    )
    parser.set_defaults(command=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = sub.add_parser("validate", help="check scenario and board files")
    validate.add_argument("files", nargs="+", metavar="FILE")
    validate.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    validate.add_argument(
        "--play",
        action="store_true",
        help="also start a test game of each valid scenario (forces to buy bought by the "
        "purchase bot, seed 1) and fail if the rules engine refuses it",
    )
    validate.set_defaults(handler=cmd_validate)

    info = sub.add_parser("info", help="describe a scenario's map")
    info.add_argument("file", metavar="FILE")
    info.add_argument("--json", action="store_true", help="machine-readable output")
    info.set_defaults(handler=cmd_info)

    render = sub.add_parser(
        "render", help="draw a scenario's (or a board's) map to PNG or SVG, or write it for Tiled"
    )
    render.add_argument("file", metavar="FILE")
    render.add_argument(
        "-o",
        "--output",
        required=True,
        help="map.png, map.svg, map.pdf (printed at --hex-mm) or map.tmx (Tiled; its tileset "
        "picture map-terrain.png beside it)",
    )
    render.add_argument(
        "--size", type=number(4, 64), default=24.0, help="hex radius in pixels (4 to 64)"
    )
    render.add_argument("--no-ids", action="store_true", help="leave out printed hex IDs")
    render.add_argument(
        "--no-counters", action="store_true", help="leave out the units set up on hexes"
    )
    render.add_argument(
        "--hex-mm",
        type=number(4, 60),
        default=16.0,
        help="PDF and SVG: a hex's size across the flats when printed, in mm (16; 5/8 in = 15.9)",
    )
    render.add_argument(
        "--paper",
        choices=["a4", "letter", "map"],
        default="a4",
        help="PDF: tile the map across A4 or Letter pages, or one page the map's size (map)",
    )
    render.set_defaults(handler=cmd_render)

    card = sub.add_parser("card", help="write a scenario's card (PDF or HTML) for the table")
    card.add_argument("file", metavar="FILE")
    card.add_argument("-o", "--output", required=True, help="card.pdf or card.html")
    card.add_argument("--paper", choices=["a4", "letter"], default="a4", help="page size (a4)")
    card.set_defaults(handler=cmd_card)

    tmx = sub.add_parser("import", help="read a Tiled map (.tmx) as a board file")
    tmx.add_argument("file", metavar="MAP.tmx")
    tmx.add_argument("-o", "--output", required=True, help="the board file to write (board.yaml)")
    tmx.add_argument(
        "--system",
        choices=[s.value for s in GameSystem],
        help="the game system (needed when the map does not say; Hexwright's exports do)",
    )
    tmx.add_argument("--id", dest="board_id", help="the board's id (default: the map's, or TMX)")
    tmx.set_defaults(handler=cmd_import)

    data = sub.add_parser("data", help="the game data library")
    data_sub = data.add_subparsers(dest="data_command", metavar="ACTION", required=True)
    report = data_sub.add_parser("report", help="values from the books and placeholders")
    report.add_argument("--system", choices=[s.value for s in GameSystem], help="one system")
    report.set_defaults(handler=cmd_data_report)

    play = sub.add_parser("play", help="play a scenario headless, bot against bot")
    play.add_argument("file", metavar="FILE")
    play.add_argument(
        "--bots",
        default="heuristic,random",
        help="one bot for every side, or one per side in the scenario's order (random, "
        "heuristic; default heuristic,random)",
    )
    play.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=0, help="seeds the dice and the bots"
    )
    play.add_argument(
        "--buy",
        default="balanced",
        metavar="HOW",
        help="how point-buy sides get their forces: a purchase strategy (balanced, "
        "armour-heavy, infantry-heavy, cheapest-many, random) with an optional :SEED (default "
        "the game's), or SIDE=STRATEGY[:SEED] / SIDE=sample:NAME per side, comma-separated",
    )
    play.add_argument(
        "--replay", "--replay-out", dest="replay", metavar="R", help="write the replay to R"
    )
    play.add_argument("--log", action="store_true", help="print the game's event log")
    play.add_argument("--json", action="store_true", help="machine-readable output")
    play.set_defaults(handler=cmd_play)

    again = sub.add_parser("replay", help="replay a replay file, checking every step")
    again.add_argument("file", metavar="R")
    again.add_argument(
        "--at", type=whole(0), metavar="N", help="stop after action N: where play is"
    )
    again.add_argument("--json", action="store_true", help="machine-readable output")
    again.set_defaults(handler=cmd_replay)

    from editor.cli.balance import add_parser as add_balance
    from editor.cli.generate import add_parser as add_generate
    from editor.cli.position import add_parser as add_position
    from editor.cli.rules import add_parser as add_rules
    from editor.cli.sheet import add_parser as add_sheet
    from editor.cli.sweep import add_parser as add_sweep
    from editor.cli.tune import add_parser as add_tune

    add_balance(sub)
    add_sweep(sub)
    add_tune(sub)
    add_position(sub)
    add_rules(sub)
    add_generate(sub)
    add_sheet(sub)  # [ADV III; OP XXXIV]

    schema = sub.add_parser("schema", help="write the scenario JSON Schema")
    schema.add_argument(
        "-o",
        "--output",
        help="write it to this file ('-' or none: standard output; with --check, the file to "
        "compare, by default the source tree's docs/scenario.schema.json)",
    )
    schema.add_argument("--check", action="store_true", help="fail if the file is out of date")
    schema.set_defaults(handler=cmd_schema)
    return parser


def _print_problems(problems: Sequence[Problem]) -> None:
    for problem in problems:
        print(problem.format(), file=sys.stderr)


def cmd_validate(args: argparse.Namespace) -> int:
    from model.scenario_io import shared_maps

    # Files with the same layout of the same boards share its assembled map (speed issue: the
    # 35 built-in scenarios use twelve maps).
    with shared_maps():
        results = [_validate_one(name, args.quiet, args.play) for name in args.files]
    return 0 if all(results) else 1


def _validate_one(name: str, quiet: bool, play: bool = False) -> bool:
    """Check one scenario or board file, print what is wrong (and, unless quiet, that it is
    valid); whether it is. ``play``: a valid scenario is valid only if its test game starts."""
    from model.resources import read_board
    from model.scenario_io import check_document, collector_paused
    from model.yamlio import read_text_file, read_yaml
    from rules.checks import run_checks

    try:
        with collector_paused():  # as load_scenario does: a quarter of a large file's load
            doc = read_yaml(name)
            if isinstance(doc.data, dict) and "grid" in doc.data and "sides" not in doc.data:
                board = read_board(read_text_file(name), name)
                summary = f"board {board.id}, {len(board.cells)} hexes"
            else:
                loaded = check_document(doc, keep=True)  # again unchanged: not re-validated
                summary = f"{loaded.scenario.system.display_name}, {len(loaded.map)} hexes"
                findings = run_checks(loaded, doc)
                for finding in findings:
                    print(finding.format(), file=sys.stderr)
                if any(f.severity == "error" for f in findings):
                    return False
                if play:
                    refused = _start_refused(loaded)
                    if refused is not None:
                        print(
                            f"{name}: error startable: test play cannot start it: {refused}",
                            file=sys.stderr,
                        )
                        return False
                    summary += "; test play starts it"
    except ProblemList as exc:
        _print_problems(exc.problems)
        return False
    except YamlError as exc:
        _print_problems([exc.problem])
        return False
    if not quiet:
        print(f"{name}: valid ({summary})")
    return True


def _start_refused(loaded: LoadedScenario) -> str | None:
    """Why the rules engine will not start a test game of the scenario, after buying what it
    leaves to a purchase (the balanced strategy, seed 1, as the Balance dialog does); None when
    it starts."""
    from rules.engine.errors import RulesError
    from rules.pointbuy.purchase import game_for, parse_choices

    try:
        game_for(loaded, parse_choices("balanced", loaded.scenario, 1)).new_initial_state(1)
    except RulesError as refused:
        return str(refused)
    return None


def describe(amap: AssembledMap) -> dict[str, Any]:
    """What ``hexwright info`` reports, as data."""
    from model.edges import map_edges
    from model.joins import notation_of

    edges = map_edges(amap)
    sections = [
        {
            "section": p.section,
            "label": p.name,
            "offset": [p.offset.q, p.offset.r],
            "flipped": p.flipped,
        }
        for p in amap.placements
    ]
    seams = {f"{a}-{b}": len(hexes) for (a, b), hexes in amap.seams.items()}
    return {
        "sections": sections,
        "joins": notation_of(amap) if len(amap.placements) > 1 else "",
        "hexes": len(amap),
        "seam_hexes": seams,
        "edges": {c.value: len(hexes) for c, hexes in edges.edges.items()},
        "side_a": edges.side_a.value,
        "sides": {k: len(v) for k, v in edges.sides.items()},
        "corners": {str(k): amap.name(h) for k, h in edges.numbered_corners.items()},
    }


def cmd_info(args: argparse.Namespace) -> int:
    from model.scenario_io import load_scenario

    loaded = load_scenario(args.file)
    data = describe(loaded.map)
    scenario = loaded.scenario
    if args.json:
        data = {"id": scenario.id, "title": scenario.title, "system": scenario.system.value, **data}
        print(json.dumps(data, indent=2))
        return 0
    print(f"{scenario.title} ({scenario.id})")
    print(f"  system:   {scenario.system.display_name}")
    origin = scenario.source or ("original" if scenario.original else scenario.placeholder)
    print(f"  source:   {origin}")
    for s in data["sections"]:
        flip = ", flipped" if s["flipped"] else ""
        print(
            f"  section:  {s['label']} (board {s['section']}) at offset {tuple(s['offset'])}{flip}"
        )
    if data["joins"]:
        print(f"  joins:    {data['joins']}")
    print(f"  hexes:    {data['hexes']}")
    seams = data["seam_hexes"]
    if seams:
        text = ", ".join(f"{k}: {v}" for k, v in seams.items())
        print(f"  seams:    {text}")
    else:
        print("  seams:    none")
    edges = ", ".join(f"{k} {v}" for k, v in data["edges"].items())
    print(f"  edges:    {edges} hexes")
    sides = ", ".join(f"{k} {v}" for k, v in data["sides"].items())
    print(f"  sides:    {sides} hexes (Side A on the {data['side_a']} edge)")
    corners = ", ".join(f"{k} {v}" for k, v in data["corners"].items())
    print(f"  corners:  {corners}")
    return 0


class _MapOf(NamedTuple):
    amap: AssembledMap
    title: str
    overlays: OverlayMap | None
    edits: TerrainEdits | None
    counters: list[MapCounter]
    options: dict[str, str]


def _map_of(name: str) -> _MapOf:
    """The map of a scenario file (with its overlays, painted terrain, terrain options and the
    counters placed on hexes), or of a board file on its own."""
    from model.counters import counters
    from model.layout import SectionPlacement, assemble
    from model.mapstate import terrain_edits
    from model.resources import read_board
    from model.scenario_io import check_document
    from model.terrainoptions import option_values
    from model.yamlio import read_text_file, read_yaml

    doc = read_yaml(name)
    if isinstance(doc.data, dict) and "grid" in doc.data and "sides" not in doc.data:
        board = read_board(read_text_file(name), name)
        amap = assemble([SectionPlacement(board.id)], {board.id: board})
        return _MapOf(amap, board.name, None, None, [], {})
    loaded = check_document(doc)
    edits = terrain_edits(loaded.scenario, loaded.map)
    placed = counters(loaded.scenario, loaded.map)
    return _MapOf(
        loaded.map,
        loaded.scenario.title,
        loaded.overlays,
        edits,
        placed,
        option_values(loaded.scenario),
    )


RENDER_SUFFIXES = (".png", ".svg", ".pdf", ".tmx")


def cmd_render(args: argparse.Namespace) -> int:
    output = Path(args.output)
    if output.suffix.lower() not in RENDER_SUFFIXES:
        print(f"{output}: the output must end in .png, .svg, .pdf or .tmx (Tiled)", file=sys.stderr)
        return 2
    found = _map_of(args.file)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from editor.mapview.render import (
        MapPainter,
        RenderOptions,
        check_png_size,
        save_png,
        save_svg,
    )

    # Fonts need an application object; a QApplication also serves widgets made later in the
    # same process (the tests, the editor).
    _app = QApplication.instance() or QApplication(["hexwright"])

    if output.suffix.lower() == ".tmx":
        from editor.mapview.tmx import save_tmx
        from model.mapstate import TerrainEdits
        from model.overlays import OverlayMap
        from model.terrainview import MapTerrain

        terrain = MapTerrain(
            found.amap, found.overlays or OverlayMap(), found.edits or TerrainEdits(), found.options
        )
        picture = save_tmx(terrain, output, found.title, [] if args.no_counters else found.counters)
        print(f"{output}: Tiled map of {len(found.amap)} hexes, tileset {picture.name}")
        return 0
    options = RenderOptions(size=args.size, hex_ids=not args.no_ids)
    if output.suffix.lower() == ".png":
        try:  # from the map's extent, before its geometry is worked out
            check_png_size(found.amap, options)
        except ValueError as exc:
            print(f"{output}: {exc}", file=sys.stderr)
            return 2
    placed = [] if args.no_counters else found.counters
    painter = MapPainter(found.amap, options, found.overlays, found.edits, counters=placed)
    if output.suffix.lower() == ".pdf":
        from editor.publish.print_map import save_map_pdf

        paper = None if args.paper == "map" else args.paper
        plan = save_map_pdf(painter, output, found.title, hex_mm=args.hex_mm, paper=paper)
        w, h = plan.map_mm
        pages = f"{plan.pages} page(s), {plan.rows} x {plan.columns}" if paper else "one page"
        print(f"{output}: map {w:.0f} x {h:.0f} mm at {args.hex_mm:g} mm a hex, {pages}")
        return 0
    if output.suffix.lower() == ".svg":
        save_svg(painter, output, found.title, args.hex_mm)
    else:
        try:
            save_png(painter, output)
        except ValueError as exc:
            print(f"{output}: {exc}", file=sys.stderr)
            return 2
    width, height = painter.image_size()
    print(f"{output}: {width} x {height} px, {len(found.amap)} hexes")
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    from model.scenario_io import check_document
    from model.yamlio import read_yaml

    output = Path(args.output)
    if output.suffix.lower() not in (".pdf", ".html", ".htm"):
        print(f"{output}: the card must end in .pdf or .html", file=sys.stderr)
        return 2
    loaded = check_document(read_yaml(args.file))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from editor.publish.card import save_card

    _app = QApplication.instance() or QApplication(["hexwright"])
    pages = save_card(loaded, output, args.paper)
    what = f"{pages} page(s), {args.paper.upper()}" if pages else "one HTML file"
    print(f"{output}: the card of {loaded.scenario.title}, {what}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from model.board import compile_board
    from model.boardtext import board_yaml
    from model.tmx import TmxError
    from model.tmx_read import board_from_tmx
    from model.yamlio import atomic_write_text, read_text_file

    system = GameSystem(args.system) if args.system else None
    try:
        board, notes = board_from_tmx(
            read_text_file(args.file), args.file, system=system, board_id=args.board_id
        )
        compile_board(board)  # its hexes, sides and paths hold together
    except (TmxError, ValueError) as exc:
        print(f"hexwright import: {exc}", file=sys.stderr)
        return 1
    atomic_write_text(args.output, board_yaml(board))
    for note in notes:
        print(f"{args.file}: note: {note}", file=sys.stderr)
    print(f"{args.output}: board {board.id} of {board.system.display_name}")
    return 0


def cmd_data_report(args: argparse.Namespace) -> int:
    from model.report import format_report, system_report

    systems = [GameSystem(args.system)] if args.system else list(GameSystem)
    print(format_report([system_report(s) for s in systems]))
    return 0


def outcome_data(state: State) -> dict[str, Any]:
    """Where a game stands, or how it ended, as data (``play`` and ``replay`` print it)."""
    outcome = state.outcome()
    data: dict[str, Any] = {
        "scenario": state.game.scenario.id,
        "seed": state.seed,
        "actions": len(state.history),
        "over": outcome is not None,
        "fingerprint": state.fingerprint(),
    }
    if outcome is None:
        at = state.progress()
        data["at"] = f"{at.turn_word} {at.turn}, {at.phase}: {at.step_id}"
        return data
    data.update(
        winner=outcome.winner,
        reason=outcome.reason,
        vp=dict(outcome.vp),
        unevaluated=list(outcome.unevaluated),
        not_enforced=list(outcome.not_enforced),
        placeholder=outcome.placeholder,
        findings=list(outcome.findings),
    )
    verdict = outcome.verdict
    if verdict is not None:  # where the book adjudicates the points (Armor [SCN IV])
        data["level"] = verdict.level
        data["verdict"] = {
            "level": verdict.level,
            "rule": verdict.rule,
            "steps": list(verdict.steps),
            "figures": [
                {k: v for k, v in asdict(f).items() if v is not None} for f in verdict.figures
            ],
        }
    return data


def purchase_data(bought: Any) -> dict[str, Any]:
    """How a point-buy side got its forces, as data (``play --json``)."""
    return {
        "side": bought.side,
        "choice": bought.choice.text(),
        "nation": bought.nation,
        "mission": bought.mission,
        "budget": bought.budget,
        "spent": bought.spent,
        "items": [{"what": w, "count": n, "points": p} for w, n, p in bought.items],
        "unplayed": list(bought.unplayed),
        "needed": list(bought.needed),
    }


def figures_line(figures: list[dict[str, Any]]) -> str:
    """The numbers behind a verdict on one line: "Percentage Number: us 40, german 25; ..."."""
    named: dict[str, list[str]] = {}
    for f in figures:
        value = f"{f['value']:g}" if f["value"] == int(f["value"]) else f"{f['value']:.2f}"
        mark = " (placeholder)" if f.get("placeholder") else ""
        named.setdefault(f["name"], []).append(f"{f.get('side', '')} {value}{mark}".strip())
    return "; ".join(f"{name}: {', '.join(values)}" for name, values in named.items())


def print_outcome(data: dict[str, Any]) -> None:
    if not data["over"]:
        print(f"  not over: {data['at']} after {data['actions']} actions")
        print(f"  fingerprint: {str(data['fingerprint'])[:16]}")
        return
    print(f"  winner:      {data['winner'] or 'none'}")
    print(f"  reason:      {data['reason']}")
    vp = ", ".join(f"{k} {v}" for k, v in data["vp"].items())
    print(f"  VP:          {vp}")
    verdict = data.get("verdict")
    if verdict is not None:
        print(f"  level:       {verdict['level']} {verdict['rule']}")
        print(f"  numbers:     {figures_line(verdict['figures'])}")
        for step in verdict["steps"]:
            print(f"    {step}")
    unevaluated = data["unevaluated"]
    print(f"  unevaluated: {len(unevaluated) or 'none'}")
    for line in unevaluated:
        print(f"    {line}")
    not_enforced = data.get("not_enforced", [])
    print(f"  not enforced: {len(not_enforced) or 'none'}")
    for line in not_enforced:
        print(f"    {line}")
    if data["placeholder"]:
        print(f"  placeholder: {data['placeholder']}")


def cmd_play(args: argparse.Namespace) -> int:
    from model.scenario_io import load_scenario
    from rules.bots.base import make_bot, play
    from rules.engine.errors import RulesError
    from rules.pointbuy.purchase import game_for, parse_choices
    from rules.records.replay import Replay

    # kept: a file played before is not validated again (its model's validator not built)
    loaded = load_scenario(args.file, keep=True)
    try:
        game = game_for(loaded, parse_choices(args.buy, loaded.scenario, args.seed))
    except RulesError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    try:
        names = bots_of(args.bots, game.sides)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    pairs = zip(game.sides, names, strict=True)
    bots = {s: make_bot(n, args.seed * 10 + i + 1) for i, (s, n) in enumerate(pairs)}
    state = game.new_initial_state(args.seed)
    try:
        play(state, bots)
    except RulesError as exc:
        print(f"{args.file}: the game stopped: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # an engine bug: say where, keep the game that shows it
        return _engine_error(args, state, exc)
    data = outcome_data(state)
    bot_names = dict(zip(game.sides, names, strict=True))
    data["bots"] = bot_names
    data["purchases"] = [purchase_data(b) for b in game.purchases]
    if args.replay:
        from model.yamlio import atomic_write_text

        try:
            atomic_write_text(Path(args.replay), Replay.of(state).to_text())
        except OSError as exc:
            print(f"{args.replay}: cannot write the replay: {exc.strerror or exc}", file=sys.stderr)
            return 1
        data["replay"] = args.replay
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    if args.log:
        for event in state.log:  # a combat's steps indented beneath it, as Test Play shows them
            head, *steps = event.describe().splitlines() or [event.kind]
            print("\n".join([head, *(f"    {line}" for line in steps)]))
    seats = ", ".join(f"{s} {n}" for s, n in bot_names.items())
    print(f"{game.scenario.title} ({game.scenario.id}): {seats}, seed {args.seed}")
    print(f"  actions:     {data['actions']}")
    for bought in game.purchases:
        print(f"  forces:      {bought.describe()[0]}")
    print_outcome(data)
    if args.replay:
        print(f"  replay:      {args.replay}")
    return 0


def _engine_error(args: argparse.Namespace, state: State, exc: Exception) -> int:
    """Report an engine error without a traceback: where it was raised, and the replay of the
    game up to it (``--replay`` or a file beside the working directory) to reproduce it."""
    import traceback

    from model.yamlio import atomic_write_text
    from rules.records.replay import Replay

    where = traceback.extract_tb(exc.__traceback__)[-1]
    path = Path(args.replay or f"engine-error-{state.game.scenario.id}-seed-{args.seed}.json")
    try:
        atomic_write_text(path, Replay.of(state, with_fingerprints=False).to_text())
        kept = f"the game so far is in {path} (please report it with that file)"
    except OSError as err:
        kept = f"the game so far could not be written to {path}: {err.strerror or err}"
    print(
        f"{args.file}: engine error after {len(state.history)} actions: "
        f"{type(exc).__name__}: {exc} (at {Path(where.filename).name}:{where.lineno}); " + kept,
        file=sys.stderr,
    )
    return 3


#: What a replay's scenario file may be called.
SCENARIO_SUFFIXES = (".yaml", ".yml")


def replay_scenario(replay_file: Path, name: str, scenario_id: str) -> Path:
    """The scenario file a replay plays: the file it names, only where a scenario of the user's
    is (beside the replay, under the working folder, among the built-ins) and only a YAML
    file; else the built-in scenario with the replay's id. Never any path a file asks for
    (``../../../../etc/passwd``).

    Raises:
        RulesError: no such scenario, said with where it was looked for.
    """
    from rules.engine.errors import ReplayError

    built_in = Path(str(resources.files("scenarios"))).resolve()
    allowed = (replay_file.resolve().parent, Path.cwd().resolve(), built_in)
    written = Path(name)
    for candidate in (written, replay_file.parent / written):
        found = candidate.resolve()
        if (
            found.suffix.lower() in SCENARIO_SUFFIXES
            and any(found.is_relative_to(folder) for folder in allowed)
            and found.is_file()
        ):
            return found
    for path in sorted(built_in.glob("*/*.yaml")):
        if _scenario_id(path) == scenario_id:
            return path
    raise ReplayError(
        f"the replay's scenario '{name}' (id {scenario_id}) is not beside the replay, under "
        "the working folder, nor among the built-in scenarios; put it beside the replay"
    )


def _scenario_id(path: Path) -> str | None:
    """A scenario file's ``id``, read from its text without loading it."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r"^id:\s*['\"]?([^'\"\s#]+)", text, re.MULTILINE)
    return found.group(1) if found else None


def replay_loader(replay_file: Path, scenario_id: str = "") -> Callable[[str], LoadedScenario]:
    """Load a replay's scenario (:func:`replay_scenario`), saying on standard error which file
    is opened when it is not the one the replay names."""
    from model.scenario_io import load_scenario

    def load(name: str) -> LoadedScenario:
        path = replay_scenario(replay_file, name, scenario_id)
        if path != Path(name).resolve():
            print(f"{replay_file}: playing the scenario in {path}", file=sys.stderr)
        return load_scenario(path, keep=True)

    return load


def cmd_replay(args: argparse.Namespace) -> int:
    from model.yamlio import YamlError, read_text_file
    from rules.engine.errors import RulesError
    from rules.records.replay import Replay, replay

    path = Path(args.file)
    try:
        text = read_text_file(path)
    except YamlError as exc:
        print(exc.problem.format(), file=sys.stderr)
        return 1
    try:
        record = Replay.from_text(text)
        done = replay(record, load=replay_loader(path, record.scenario_id), stop_after=args.at)
    except RulesError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    data = outcome_data(done.state)
    checked = min(len(record.fingerprints), len(done.fingerprints))
    data["checked_fingerprints"] = checked
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    print(f"{path}: {record.scenario_id}, seed {record.seed}, {len(done.fingerprints) - 1} actions")
    if checked:
        print(f"  checked:     {checked} fingerprints, every one matches")
    else:
        print("  checked:     the file records no fingerprints; replayed without checking")
    print_outcome(data)
    return 0


def schema_text() -> str:
    from model.scenario import Scenario

    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Hexwright scenario"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def cmd_schema(args: argparse.Namespace) -> int:
    from model.yamlio import atomic_write_text

    text = schema_text()
    if not args.check and args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    output = Path(args.output or SCHEMA_PATH)
    if args.check:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            print(
                f"{output}: out of date with the scenario models; run 'hexwright schema -o "
                f"{output}' and commit the result",
                file=sys.stderr,
            )
            return 1
        print(f"{output}: up to date")
        return 0
    atomic_write_text(output, text)
    print(f"{output}: written")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
