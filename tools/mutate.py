"""Mutation fuzz of the files Hexwright reads (issue 21, "every input bounded, every failure
located"): a valid file changed at one place chosen by a seed, then read the way the user's
``hexwright`` reads it.

A change is one of: a value replaced by a value of another kind (nothing, text, a negative, a
huge or a fractional number, a list, a mapping), a key or an item taken out, an item doubled,
a value swapped with another value of the same file, a name altered by one character. Every
changed file must be read, or refused with located problems (:class:`model.errors.ProblemList`,
:class:`model.errors.YamlError`, or the rules' :class:`rules.engine.errors.RulesError` for a
game they cannot play); a file read must then play on: its game made and random actions listed
and applied, by default to the game's end. A replay is played by ``hexwright replay`` itself,
which must end with its exit status. Anything else (a traceback) is a finding, printed with the
change that caused it.

``--kind editor`` opens changed scenarios in the editor's window instead (offscreen), checks
them in its Validation panel and paints it. A Tiled map (``--kind tmx``) is changed in its XML
(an element taken out or doubled, an attribute taken out or given another value, a text
altered) and imported as ``hexwright import`` does; a board the import writes must read back.

``python -m tools.mutate --kind position --tries 2000`` (``--kind scenario``, ``editor``,
``replay``, ``board`` or ``tmx``); the corpus is every built-in scenario and board, the Armor
maps written as Tiled maps, and positions and replays written from seeded games of each system.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import io
import json
import os
import random
import sys
import tempfile
import time
import traceback
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
#: The random actions played after a changed file is read (to the game's end, if sooner).
PLAY_ON = 5000

_OTHER_VALUES: tuple[Any, ...] = (
    None,
    "",
    "zz",
    -1,
    0,
    10**12,
    3.7,
    True,
    [],
    {},
    ["zz"],
    {"zz": 1},
)


@dataclass(frozen=True)
class Finding:
    """A changed file that was neither read nor refused: what it was changed from, how, and the
    error with where it was raised."""

    kind: str
    source: str
    change: str
    error: str


def _paths(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a parsed YAML tree (the root excepted)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*at, key)
            yield from _paths(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield (*at, i)
            yield from _paths(value, (*at, i))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


def mutate(data: Any, rng: random.Random) -> tuple[Any, str]:
    """A copy of ``data`` changed at one place, and what was changed."""
    data = copy.deepcopy(data)
    places = list(_paths(data))
    if not places:
        return data, "nothing to change"
    path = rng.choice(places)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    where = ".".join(str(p) for p in path)
    roll = rng.random()
    if roll < 0.15:
        del parent[key]
        return data, f"{where}: taken out"
    if roll < 0.25 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
        return data, f"{where}: doubled"
    if roll < 0.45:
        other = _get(data, rng.choice(places))
        parent[key] = copy.deepcopy(other)
        return data, f"{where}: {value!r:.40} -> {other!r:.40} (another value of the file)"
    if roll < 0.65 and isinstance(value, str) and value:
        i = rng.randrange(len(value))
        text = value[:i] + rng.choice("0159AZaz.-/ ") + value[i + 1 :]
        parent[key] = text
        return data, f"{where}: {value!r:.40} -> {text!r:.40}"
    if roll < 0.75 and isinstance(value, int) and not isinstance(value, bool):
        number = rng.choice([value + 1, value - 1, -value, value * 1000])
        parent[key] = number
        return data, f"{where}: {value!r} -> {number!r}"
    new = rng.choice(_OTHER_VALUES)
    parent[key] = copy.deepcopy(new)
    return data, f"{where}: {value!r:.40} -> {new!r}"


def _play_on(state: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        acting = state.to_act()
        if not acting:
            raise AssertionError("not over, yet nobody may act")
        listed = state.legal_actions(acting[0])
        if not listed:
            raise AssertionError(f"{acting[0]} acts with no action listed")
        state.apply(rng.choice(listed))


def read_position(path: Path, rng: random.Random, play_on: int) -> str:
    """Read a position file as ``hexwright position`` does, then play on from it."""
    from model.errors import ProblemList, YamlError
    from rules.engine.errors import RulesError
    from rules.records.position import load_position

    try:
        _game, state = load_position(path)
    except (ProblemList, YamlError, RulesError):
        return "refused"
    _play_on(state, rng, play_on)
    return "read"


def read_scenario(path: Path, rng: random.Random, play_on: int) -> str:
    """Read a scenario as ``hexwright validate`` does, then make its game (forces bought by the
    purchase bot where the scenario leaves them to a purchase) and play on from the start."""
    from model.errors import ProblemList, YamlError
    from model.scenario_io import load_scenario
    from rules.engine.errors import RulesError
    from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase

    try:
        loaded = load_scenario(path)
        sides = needs_purchase(loaded.scenario)
        game = game_for(loaded, {s: PurchaseChoice("random", 1) for s in sides})
    except (ProblemList, YamlError, RulesError):
        return "refused"
    _play_on(game.new_initial_state(rng.randrange(1000)), rng, play_on)
    return "read"


def _hexwright(*args: str) -> int:
    """A ``hexwright`` command run in this process, its output dropped; its exit status (an
    exception it raises, a traceback, goes on to the caller: a finding)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # ``render`` draws with Qt
    from editor.cli.main import main as hexwright

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return hexwright(list(args))


def read_replay(path: Path, _rng: random.Random, _play_on: int) -> str:
    """Play a replay as ``hexwright replay`` does (its exit status 1: refused with a message)."""
    return "read" if _hexwright("replay", str(path)) == 0 else "refused"


def read_board(path: Path, rng: random.Random, play_on: int) -> str:
    """Read a board file as ``hexwright render`` does, lay it out alone and look along a few
    lines of sight across it (its hexsides and paths in play)."""
    from model.errors import ProblemList, YamlError
    from model.layout import SectionPlacement, assemble
    from model.mapstate import TerrainEdits
    from model.overlays import OverlayMap
    from model.resources import read_board as read
    from model.terrainview import MapTerrain
    from model.yamlio import read_text_file
    from rules.los.query import line_of_sight

    try:
        board = read(read_text_file(path), str(path))
    except (ProblemList, YamlError):
        return "refused"
    amap = assemble([SectionPlacement(board.id)], {board.id: board})
    terrain = MapTerrain(amap, OverlayMap(), TerrainEdits(), {})
    hexes = sorted(amap.hexes)
    for _ in range(min(play_on, 50)):
        line_of_sight(terrain, board.system, rng.choice(hexes), rng.choice(hexes))
    return "read"


def mutate_xml(text: str, rng: random.Random) -> tuple[str, str]:
    """A TMX map changed at one place (an element taken out or doubled, an attribute taken
    out or given another value, an element's text altered), and what was changed."""
    root = ET.fromstring(text)
    parents = {child: parent for parent in root.iter() for child in parent}
    elements = [e for e in root.iter() if e is not root]
    element = rng.choice(elements)
    parent = parents[element]
    roll = rng.random()
    if roll < 0.15:
        parent.remove(element)
        change = f"<{element.tag}> taken out"
    elif roll < 0.25:
        parent.insert(list(parent).index(element), copy.deepcopy(element))
        change = f"<{element.tag}> doubled"
    elif roll < 0.7 and (element.attrib or root.attrib):
        target = element if element.attrib else root
        name = rng.choice(sorted(target.attrib))
        values = [v for e in root.iter() for v in e.attrib.values()]
        new = rng.choice(["", "-1", "0", "99", "100000", "3.7", "zz", rng.choice(values)])
        if rng.random() < 0.2:
            del target.attrib[name]
            new = "(taken out)"
        else:
            target.attrib[name] = new
        change = f"<{target.tag} {name}>: -> {new!r}"
    elif element.text and element.text.strip():
        body = element.text
        i = rng.randrange(len(body))
        element.text = body[:i] + rng.choice(",0179-x ") + body[i + 1 :]
        change = f"<{element.tag}> text: character {i} changed"
    else:
        element.text = rng.choice(["", "1,2,3", "zz", "-5"])
        change = f"<{element.tag}> text -> {element.text!r}"
    return ET.tostring(root, encoding="unicode"), change


def read_tmx(path: Path, _rng: random.Random, _play_on: int) -> str:
    """Import a Tiled map as ``hexwright import`` does; a board it writes must read back."""
    from model.resources import read_board as read
    from model.yamlio import read_text_file

    out = path.with_suffix(".board.yaml")
    if _hexwright("import", str(path), "-o", str(out), "--system", "armor") != 0:
        return "refused"
    try:
        read(read_text_file(out), str(out))  # ProblemList here is a finding: its own board
    finally:
        out.unlink(missing_ok=True)
    return "read"


def tmx_corpus(folder: Path) -> list[Path]:
    """Each built-in Armor board and scenario map written as a Tiled map by ``hexwright
    render``, and a map made in Tiled (hexsides and a road as objects)."""
    found: list[Path] = []
    sources = [*ROOT.glob("resources/armor/boards/*.yaml"), *ROOT.glob("scenarios/armor/*.yaml")]
    for source in sorted(sources):
        out = folder / f"{source.stem}.tmx"
        _hexwright("render", str(source), "-o", str(out))
        found.append(out)
    made = folder / "made-in-tiled.tmx"
    made.write_text(_MADE_IN_TILED, encoding="utf-8")
    return [*found, made]


_MADE_IN_TILED = (
    '<map orientation="hexagonal" staggeraxis="x" staggerindex="odd" width="4" height="3">'
    '<tileset firstgid="1"><tile id="0"><properties><property name="terrain" value="woods"/>'
    '</properties></tile><tile id="1"><properties><property name="terrain" value="clear"/>'
    '<property name="level" value="1"/></properties></tile></tileset>'
    '<layer name="terrain"><data encoding="csv">1,2,1,2,2,1,1,2,1,1,2,2</data></layer>'
    '<objectgroup name="features"><object id="1" type="hexside"><properties>'
    '<property name="features" value="hedgerow"/><property name="cells" value="0,0 0,1"/>'
    '</properties></object><object id="2" type="path"><properties>'
    '<property name="feature" value="road"/><property name="cells" value="0,0 1,0 2,0"/>'
    "</properties></object></objectgroup></map>"
)


def board_corpus(_folder: Path) -> list[Path]:
    return sorted(ROOT.glob("resources/*/boards/*.yaml"))


#: The games the position and replay corpora are written from.
GAMES = (
    "armor/demo-crossroads",
    "armor/1a-spearheads",
    "panzer44/19.4-luneville",
    "soldiers/10-dawn-patrol",
    "panzer-command/point-161",
)


def _random_game(name: str, seed: int) -> Iterator[tuple[Path, Any]]:
    """The scenario's path and the state of a seeded random game after each action."""
    from model.scenario_io import load_scenario
    from rules.bots.base import make_bot
    from rules.pointbuy.purchase import game_for

    path = next(ROOT.glob(f"scenarios/{name}.yaml"))
    game = game_for(load_scenario(path))
    state = game.new_initial_state(seed)
    bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(game.sides)}
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        yield path, state


def replay_corpus(folder: Path) -> list[Path]:
    """Replays of the first 150 actions of seeded random games, with and without their
    fingerprints (without, a changed action is played on rather than caught by them)."""
    from rules.records.replay import Replay

    found: list[Path] = []
    for name in GAMES:
        for _path, state in _random_game(name, 7):
            if len(state.history) == 150 or state.is_terminal():
                record = Replay.of(state)
                for prints in (True, False):
                    out = folder / f"{name.replace('/', '-')}-{prints}.json"
                    text = record.to_text()
                    if not prints:
                        data = json.loads(text)
                        del data["fingerprints"]
                        text = json.dumps(data, indent=1)
                    out.write_text(text, encoding="utf-8")
                    found.append(out)
                break
    return found


def position_corpus(folder: Path) -> list[Path]:
    """Positions written from seeded random games of each system, at several points, and the
    test positions (their scenario paths made absolute)."""
    from rules.records.position import save_position

    found: list[Path] = []
    for name in GAMES:
        for path, state in _random_game(name, 7):
            step = len(state.history)
            if step >= 400:
                break
            if step % 40 == 5:
                out = folder / f"{name.replace('/', '-')}-{step}.yaml"
                save_position(state, out, str(path))
                found.append(out)
    for test in sorted((ROOT / "tests" / "positions").glob("*/*.yaml")):
        text = test.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        if not isinstance(data, dict) or "scenario" not in data:
            continue
        data["scenario"] = str((test.parent / data["scenario"]).resolve())
        out = folder / f"test-{test.parent.name}-{test.name}"
        out.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        found.append(out)
    return found


def scenario_corpus(_folder: Path) -> list[Path]:
    return sorted(ROOT.glob("scenarios/*/*.yaml"))


@functools.cache
def _editor() -> Any:
    """The application and the editor's window, made once (offscreen unless a display is
    chosen), with settings, recovery copies and a log in a folder of their own."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from editor.app import MainWindow

    app = QApplication.instance() or QApplication(["hexwright"])
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    return app, window


def close_editor() -> None:
    """Close the window :func:`read_in_editor` opened, if any (its changes discarded)."""
    if _editor.cache_info().currsize:
        _app, window = _editor()
        with _as_a_user([]):
            window.close()
        window.deleteLater()
        _editor.cache_clear()


@contextlib.contextmanager
def _as_a_user(raised: list[BaseException]) -> Iterator[None]:
    """While a file is opened: the user's own settings, recovery copies and log left alone,
    each dialog dismissed as a user would, and what the event loop raises kept in ``raised``;
    all as it was afterwards."""
    from PySide6.QtWidgets import QMessageBox

    own = Path(tempfile.gettempdir()) / "hexwright-mutate"
    saved_env = {k: os.environ.get(f"HEXWRIGHT_{k}") for k in ("SETTINGS", "RECOVERY", "LOGS")}
    saved = {n: QMessageBox.__dict__[n] for n in ("warning", "information", "critical", "question")}
    saved_hook = sys.excepthook
    ok, discard = QMessageBox.StandardButton.Ok, QMessageBox.StandardButton.Discard
    try:
        for name in saved_env:
            os.environ[f"HEXWRIGHT_{name}"] = str(own / name.lower())
        for name in ("warning", "information", "critical"):
            setattr(QMessageBox, name, staticmethod(lambda *_a, **_k: ok))
        QMessageBox.question = staticmethod(lambda *_a, **_k: discard)  # type: ignore[method-assign]
        sys.excepthook = lambda _kind, error, _trace: raised.append(error)
        yield
    finally:
        sys.excepthook = saved_hook
        for name, method in saved.items():
            setattr(QMessageBox, name, method)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(f"HEXWRIGHT_{name}", None)
            else:
                os.environ[f"HEXWRIGHT_{name}"] = value


def read_in_editor(path: Path, _rng: random.Random, _play_on: int) -> str:
    """Open a scenario in the editor's window as File > Open does, check it in the Validation
    panel and paint the window; what the window's event loop raised meanwhile is re-raised."""
    app, window = _editor()
    raised: list[BaseException] = []
    with _as_a_user(raised):
        opened = window.open_file(path)
        if opened:
            window.validation_panel.run_now()
            window.grab()
        for _ in range(3):
            app.processEvents()
    if raised:
        raise raised[0]
    return "read" if opened else "refused"


KINDS = {
    "board": (board_corpus, read_board),
    "editor": (scenario_corpus, read_in_editor),
    "tmx": (tmx_corpus, read_tmx),
    "position": (position_corpus, read_position),
    "replay": (replay_corpus, read_replay),
    "scenario": (scenario_corpus, read_scenario),
}


def run(
    kind: str, tries: int, seed: int, play_on: int = PLAY_ON, only: str = ""
) -> tuple[list[Finding], Counter[str]]:
    """The findings of ``tries`` changed files, and how many were read and refused (the
    slowest of each printed: a refusal should take well under a second); a file read is played
    on for ``play_on`` random actions (a board: that many lines of sight, at most 50). ``only``:
    the corpus's files whose name holds that text (``soldiers``)."""
    corpus_of, read = KINDS[kind]
    findings: list[Finding] = []
    outcomes: Counter[str] = Counter()
    slowest: dict[str, tuple[float, str]] = {}  # outcome -> (seconds, the try)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        corpus = [p for p in corpus_of(folder) if only in p.name]
        if not corpus:
            raise SystemExit(f"no {kind} file's name holds '{only}'")
        texts = {p: p.read_text(encoding="utf-8") for p in corpus}
        sources = {p: yaml.safe_load(t) for p, t in texts.items()} if kind != "tmx" else {}
        for i in range(tries):
            rng = random.Random(seed * 1_000_003 + i)
            source = rng.choice(corpus)
            if kind == "tmx":
                data, change = mutate_xml(texts[source], rng)
            else:
                data, change = mutate(sources[source], rng)
            # beside its source: a scenario's boards and a position's scenario resolve the same
            path = source.with_name(f".mutated-{source.name}")
            if kind in ("scenario", "editor"):
                path = folder / source.parent.name / source.name
                path.parent.mkdir(exist_ok=True)
                _link_siblings(source.parent, path.parent)
            text = data if kind == "tmx" else json.dumps(data) if kind == "replay" else _yaml(data)
            path.write_text(text, encoding="utf-8")
            start = time.perf_counter()
            try:
                outcome = read(path, rng, play_on)
                outcomes[outcome] += 1
                took = time.perf_counter() - start
                if took > slowest.get(outcome, (0.0, ""))[0]:
                    slowest[outcome] = (took, f"{source.name}: {change}")
            except Exception as exc:  # the finding: anything but a located refusal
                tb = traceback.extract_tb(exc.__traceback__)[-1]
                error = f"{type(exc).__name__}: {exc!s:.200} ({tb.filename}:{tb.lineno})"
                findings.append(Finding(kind, source.name, change, error))
                print(f"[{i}] {source.name}: {change}\n    {error}", flush=True)
            finally:
                path.unlink(missing_ok=True)
    for outcome, (took, what) in sorted(slowest.items()):
        print(f"slowest {outcome}: {took:.2f} s ({what})", flush=True)
    return findings, outcomes


def _yaml(data: Any) -> str:
    return yaml.safe_dump(data, sort_keys=False)


def _link_siblings(source: Path, folder: Path) -> None:
    """Links in ``folder`` to every other file beside the source scenario (its boards)."""
    for other in source.iterdir():
        target = folder / other.name
        if other.suffix != ".yaml" and not target.exists():
            target.symlink_to(other)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutate", description=__doc__)
    parser.add_argument("--kind", choices=sorted(KINDS), default="position")
    parser.add_argument("--tries", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--play-on", type=int, default=PLAY_ON, help="random actions after a file is read"
    )
    parser.add_argument("--only", default="", help="the files whose name holds this text")
    args = parser.parse_args(argv)
    findings, outcomes = run(args.kind, args.tries, args.seed, args.play_on, args.only)
    close_editor()
    print(
        f"{args.kind}: {args.tries} changed files: {outcomes['read']} read and played on, "
        f"{outcomes['refused']} refused with located problems, {len(findings)} failed"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
