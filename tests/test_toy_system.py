"""The system seam: a toy fifth system, only in tests/toy/, plugs in through the public seam
(its data folder and one registered SystemRules) and plays to its end, headless and through the
CLI, with no shared file of Hexwright edited for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from toy.system import SCENARIO, install, uninstall

from model.scenario_io import load_scenario
from model.systems import GameSystem
from model.yamlio import read_yaml_text
from rules import load_game, registry
from rules.bots.base import RandomBot, make_bot, play
from rules.checks import run_checks
from rules.records.position import position_text, read_position


@pytest.fixture
def toy() -> Iterator[GameSystem]:
    system = install()
    yield system
    uninstall(system)


def test_the_toy_is_known_only_once_installed(toy: GameSystem) -> None:
    assert toy in list(GameSystem) and toy.display_name == "Toy Skirmish"
    assert registry.rules_for(toy).system is toy
    uninstall(toy)
    assert "toy" not in [s.value for s in GameSystem]
    with pytest.raises(ValueError, match="not a game system Hexwright knows"):
        GameSystem("toy")
    install()


def test_the_toy_plays_to_its_end_with_random_bots(toy: GameSystem) -> None:
    game = load_game(load_scenario(SCENARIO))
    for seed in range(5):
        state = game.new_initial_state(seed)
        actions = play(state, {s: RandomBot(seed + i) for i, s in enumerate(game.sides)})
        outcome = state.outcome()
        assert state.is_terminal() and outcome is not None and actions > 0
        assert state.progress().over
    again = game.new_initial_state(4)
    play(again, {s: make_bot("random", 4 + i) for i, s in enumerate(game.sides)})
    assert again.fingerprint() == state.fingerprint()  # same seeds, same game


def test_the_toy_speaks_the_state_api(toy: GameSystem) -> None:
    game = load_game(load_scenario(SCENARIO))
    state = game.new_initial_state(1)
    progress = state.progress()
    assert progress.heading == "Turn 1 of 4 · Red acts" and progress.to_act == ("red",)
    shoot = (
        next(a for a in state.legal_actions() if a.verb == "shoot")
        if any(a.verb == "shoot" for a in state.legal_actions())
        else None
    )
    move = next(a for a in state.legal_actions() if a.verb == "move")
    focus = state.concerns(move)
    assert focus.kind == "move" and focus.unit is not None and focus.hex is not None
    assert state.describe(move).startswith("Move to ")
    assert game.parse_action(move.text()) == move
    assert state.view_for("blue").units and state.preview(move).legal
    assert shoot is None or state.preview(shoot).chances


def test_the_toy_is_checked_and_its_positions_round_trip(toy: GameSystem) -> None:
    loaded = load_scenario(SCENARIO)
    assert [f for f in run_checks(loaded) if f.severity == "error"] == []
    game = load_game(loaded)
    state = game.new_initial_state(2)
    bots = {s: RandomBot(2 + i) for i, s in enumerate(game.sides)}
    for _ in range(9):
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    text = position_text(state.to_position())
    _, again = read_position(read_yaml_text(text, "toy.yaml"), loaded)
    assert again.position_fingerprint() == state.position_fingerprint()
    for _ in range(6):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        action = bots[side].choose(state, side)
        state.apply(action)
        again.apply(action)
        assert again.position_fingerprint() == state.position_fingerprint()


def test_the_cli_plays_the_toy(toy: GameSystem, capsys: pytest.CaptureFixture[str]) -> None:
    from editor.cli.main import main

    assert main(["play", str(SCENARIO), "--bots", "random,random", "--seed", "3"]) == 0
    assert "winner" in capsys.readouterr().out


def test_no_shared_file_depends_on_the_toy() -> None:
    """The toy lives in tests/toy alone: nothing of Hexwright's own imports it or lists its id."""
    root = Path(__file__).resolve().parent.parent
    for folder in ("model", "rules", "editor", "resources", "scenarios"):
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".yaml", ".toml"):
                text = path.read_text(encoding="utf-8")
                assert "import toy" not in text and "from toy" not in text, path
                assert '"toy"' not in text and "id: toy" not in text, path


@pytest.mark.gui
def test_the_toy_plays_in_test_play(toy: GameSystem, qtbot: object) -> None:
    """Through the registry alone: the editor opens the toy's scenario, a human moves a unit by
    clicking it and then a hex it can reach on the map, and the bots play the game to its end."""
    from PySide6.QtCore import Qt
    from pytestqt.qtbot import QtBot
    from test_testplay import click_map, open_window, start

    from editor.testplay.panel import PAGE_END, PAGE_PLAY
    from editor.testplay.session import FASTEST

    assert isinstance(qtbot, QtBot)
    w = open_window(qtbot, str(SCENARIO))
    panel = start(w, {"red": "human", "blue": "random"}, seed=5)
    session = panel.session
    assert panel.pages.currentIndex() == PAGE_PLAY
    assert "Turn 1 of 4" in panel.header.text() and "Red acts" in panel.header.text()
    unit = "red.tank.1"
    here = next(p.hex for p in session.state.positions() if p.unit == unit)
    click_map(qtbot, w, here)
    assert panel.selected == unit and panel.aims is not None and panel.aims.reach
    held = {p.hex for p in session.state.positions()}
    target = next(h for h in panel.aims.reach if h not in held)
    click_map(qtbot, w, target)
    assert [a.text() for a in session.timeline][-1].startswith(f"move {unit} ")
    assert next(p.hex for p in session.state.positions() if p.unit == unit) == target
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    panel.seat_boxes["red"].setCurrentIndex(1)  # the random bot takes over
    panel.controls.set_speed(FASTEST)
    qtbot.waitUntil(lambda: session.state.is_terminal(), timeout=30_000)
    assert panel.pages.currentIndex() == PAGE_END
    outcome = session.state.outcome()
    assert outcome is not None and outcome.reason in panel.report.toPlainText()
    qtbot.mouseClick(panel.controls.leave_button, Qt.MouseButton.LeftButton)
    assert w.test_play_mode is None
