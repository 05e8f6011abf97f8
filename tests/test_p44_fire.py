"""Panzer '44 Direct Fire and Close Assault [6.0]-[6.9]: plots, each attack explained, results.

The book has no worked example of an attack; its examples are pinned instead: results accumulate
[6.18] and the single best terrain benefit [10.25]. The position is our own on the Panzer '44 map
by the town hexes 0913/0914 (Town -3 [10.4]); the other hexes are clear.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.bots.base import RandomBot, play
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import FireResolved, NotMoved, ResultApplied
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios"

POSITION = """
schema_version: 1
id: test-p44-fire
title: Direct fire test position by the Ruisseau de Xerses
system: panzer44
original: true
map:
  layout:
    sections: [{section: P44}]
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4a, placement: {kind: hex, hex: "0810"}}
      - {unit: 81m, placement: {kind: hex, hex: "0811"}}
      - {unit: Inf, placement: {kind: hex, hex: "0912"}}
      - {unit: MG, placement: {kind: hex, hex: "0911"}}
      - {unit: 57a, placement: {kind: hex, hex: "0813"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1011"}}
      - {unit: Inf, placement: {kind: hex, hex: "0913"}}
      - {unit: PzV, placement: {kind: hex, hex: "1012"}}
first_player: us
length: {turns: 3, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "fire.yaml")


def new_state(seed: int = 1) -> Panzer44State:
    game = load_game(position())
    assert isinstance(game, Panzer44Game)
    return game.new_initial_state(seed)


def fire(state: Panzer44State, us: list[str], german: list[str], dice: tuple[int, ...]) -> list:
    """Plot, force the dice, and play the Direct Fire Phase; returns its events."""
    for text in us:
        state.apply(text)
    state.apply("done us")
    for text in german:
        state.apply(text)
    if dice:
        state.force_dice(*dice)
    return state.apply("done german")


def resolved(events: list) -> dict[str, FireResolved]:
    return {e.firer: e for e in events if isinstance(e, FireResolved)}


def test_units_that_can_fire_may_plot_df_at_targets_they_spot() -> None:
    fires = [a.text() for a in new_state().legal_actions("us") if "DF" in a.text()]
    assert "plot us.M4a.1 DF 1011" in fires
    assert "plot us.57a.1 DF 1011" not in fires  # the town in 0913 blocks [11.11]
    assert "plot us.Inf.1 DF 1012" not in fires  # R class never fires at Hard targets [6.62]


@pytest.mark.parametrize(
    ("plot", "message"),
    [
        ("plot us.57a.1 DF 1011", r"no clear line of sight: Blocked at 0913.*\[11\.11\]"),
        ("plot us.Inf.1 DF 1012", r"Attack Procedure Chart forbids R vs\. Hard .*\[6\.62\]"),
        ("plot us.MG.1 DF 0810", r"no enemy unit there to fire at \[6\.31\]"),
        ("plot us.Inf.1 CA 1012", r"Net Attack Superiority -5 is below -3"),
        ("plot us.M4a.1 DF 1011 L", r"only H Class fire has a pattern \[6\.21\]"),
    ],
)
def test_fire_plots_that_break_a_rule_are_refused(plot: str, message: str) -> None:
    state = new_state()
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(plot)
    assert state.fingerprint() == before


def test_each_attack_explains_itself_with_every_modifier_and_rule() -> None:
    state = new_state()
    events = fire(
        state,
        ["plot us.M4a.1 DF 1011", "plot us.Inf.1 DF 0913", "plot us.81m.1 DF 1012"],
        [],
        (3, 6, 1),  # rolled in unit order: M4a, 81m, Inf
    )
    found = resolved(events)
    m4 = found["us.M4a.1"]  # M at 2 hexes, clear: no attenuation [6.91], no terrain
    assert (m4.procedure, m4.range, m4.attack, m4.defense, m4.superiority) == (
        "M vs. All Types", 2, 9, 5, 4,
    )  # fmt: skip
    assert (m4.roll, m4.modified_roll, m4.result, m4.modifiers) == (3, 3, "D-2", ())
    assert m4.placeholder and "CRT row 3 column +4" in m4.placeholder  # a cut cell, said so
    inf = found["us.Inf.1"]  # R at 1 hex: doubled [6.91]; the target in town: -3 [10.21]
    assert (inf.attack, inf.superiority, inf.roll, inf.modified_roll) == (10, 5, 1, -2)
    assert [(m.value, m.rule) for m in inf.modifiers] == [
        (5, "[6.91]"),
        (-3, "[10.21] (Panzer '44 [10.4])"),
    ]
    mortar = found["us.81m.1"]  # H Tight at a Hard target: Defense 4, no terrain [6.86]
    assert (mortar.procedure, mortar.attack, mortar.defense, mortar.superiority) == (
        "HT vs. Hard", 2, 4, -2,
    )  # fmt: skip
    assert [m.rule for m in mortar.modifiers] == ["[6.86]", "[6.85] [10.22]"]
    assert "HT vs. Hard: cell cut" in (mortar.placeholder or "")
    assert "Combat Results Table" in m4.describe() and "[6.81]" in m4.describe()


def test_a_cell_the_book_prints_carries_no_placeholder() -> None:
    # MG 4 R at 2 hexes on infantry [5] in town: -1; a roll of 1 less 3 is -2: "•" [6.81]
    found = resolved(fire(new_state(), ["plot us.MG.1 DF 0913"], [], (1,)))["us.MG.1"]
    assert (found.superiority, found.modified_roll, found.result) == (-1, -2, "•")
    assert found.placeholder is None


def test_a_soft_target_plotted_to_move_loses_its_terrain() -> None:
    events = fire(new_state(), ["plot us.Inf.1 DF 0913"], ["plot german.Inf.2 MV"], (2,))
    found = resolved(events)["us.Inf.1"]
    assert found.modified_roll == 2  # no town benefit [7.4]
    assert [(m.value, m.rule) for m in found.modifiers][-1] == (0, "[7.4]")


def test_results_wait_for_both_sides_then_accumulate_and_destroy() -> None:
    state = new_state()
    # [6.18]: separate attacks, cumulative results. M4a: D-2; the Inf at 1 hex (10 - 5, roll
    # 5): D-3 -> D5, destroyed at D4 [6.82], [6.84].
    events = fire(
        state,
        ["plot us.M4a.1 DF 1011", "plot us.Inf.1 DF 1011"],
        ["plot german.Inf.1 DF 0912"],
        (3, 5, 1),
    )
    kinds = [type(e).__name__ for e in events]
    first_applied = kinds.index("ResultApplied")
    assert kinds.count("FireResolved") == 3
    assert first_applied > max(i for i, k in enumerate(kinds) if k == "FireResolved")  # [5.1]
    applied = [e for e in events if isinstance(e, ResultApplied) and e.unit == "german.Inf.1"]
    assert [(e.result, e.disruption, e.destroyed) for e in applied] == [
        ("D-2", 2, False),
        ("D-3", 4, True),
    ]
    assert "removed from the map [6.82]" in applied[-1].note
    assert "german.Inf.1" not in state.board.hexes and state.losses.destroyed == ["german.Inf.1"]


def test_a_pinned_unit_does_not_move_and_a_disrupted_one_may_not_fire() -> None:
    state = new_state()
    # Pin: MG (4 R) at 2 hexes on infantry plotted to move (no town [7.4]), -1; roll 4: Pin
    events = fire(state, ["plot us.MG.1 DF 0913"], ["plot german.Inf.2 MV"], (4,))
    assert resolved(events)["us.MG.1"].result == "Pin"
    assert any(isinstance(e, NotMoved) and "pinned" in e.reason for e in events)
    state = new_state()
    fire(state, ["plot us.M4a.1 DF 1011"], [], (3, 6))  # D-2, and the removal roll fails
    assert state.fire.disruption == {"german.Inf.1": 2}
    state.apply("done us")
    with pytest.raises(IllegalActionError, match=r"disrupted \(D2\) and may not fire"):
        state.apply(Plot("german.Inf.1", "DF", "0912"))


def test_a_random_game_of_a_book_scenario_plays_to_an_outcome_and_replays() -> None:
    loaded = load_scenario(SCENARIOS / "panzer44" / "19.2-sedan-revenged.yaml")
    state = load_game(loaded).new_initial_state(11)
    play(state, {"french": RandomBot(1), "german": RandomBot(2)})
    outcome = state.outcome()
    assert state.is_terminal() and outcome is not None
    assert any(isinstance(e, FireResolved) for e in state.log)
    again = replay(Replay.from_text(Replay.of(state).to_text()), loaded=loaded)
    assert again.state.fingerprint() == state.fingerprint()
