"""Armor follow-ups of Limited Intelligence and Tracking Fire: the Overrun Combat cancels a
Tracking Fire order [ADV VIII.C; OP XV], forced dice; Test Play's hand-over page shows inverted
units as the enemy sees them [OP X.A], and a hidden unit heard moving as a heard mark [OP X.D],
through the real widgets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from armor_scenes import position_head
from armor_sides import two_sides
from pytestqt.qtbot import QtBot
from test_armor_advanced import Force, _line, _plot, base
from test_armor_intel import SCENARIO as INTEL
from test_armor_intel import _line as _straight
from test_armor_intel import base as intel_base

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.events import GpFire, OrdersRevealed, PhaseNote
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityTriggered
from rules.armor.orders import Order
from rules.bots.base import RandomBot
from rules.engine.actions import Done
from rules.engine.dice import Dice
from rules.engine.events import DieRolled
from rules.engine.positions import UnitPosition, shared_units
from rules.records.position import PositionReader
from rules.registry import load_game

TANK, SQUAD = "german.PZIVJ.1", "us.INFANTRY-SQUAD.1"

ADVANCED = (
    position_head("test-armor-followups")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)


def _state(us: list[Force], german: list[Force], options: str = "tracking-fire") -> ArmorState:
    """An Advanced Game position with the Optional Rules ``options``."""

    def forces(units: list[Force]) -> str:
        amap = base().amap
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, "
            f"facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, h, compass, _ in units
        )

    text = ADVANCED.format(options=options) + two_sides(forces(us), forces(german), turns=3)
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


# --- the Overrun cancels Tracking Fire [ADV VIII.C; OP XV] ------------------------------------


def test_an_overrun_cancels_the_tracking_fire_of_the_unit_it_overruns_adv_viii_c_op_xv() -> None:
    """[ADV VIII.C]: "The Overrun Combat, successful or not, does cancel any firing orders the
    Leg or Towed unit may have had": a squad's Tracking Fire order [OP XV.A] at the tank that
    overruns it is one of them. Forced dice: the squad lets the tank pass the hex before its
    own (our reading of [OP XV.B.2]), fires First Fire [ADV VIII.A.1] (01: No Damage), the
    Overrun Fire misses (01 + 20: No Damage); the order is struck off the squad's sheet and
    is not revealed as plotted in the Movement Execution Phase [AG VII.A]."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("PZIVJ", line[0], 0, "")])
    state.force_dice(1, 1)
    events = _plot(state, Order(SQUAD, tracking=TANK), Order(TANK, moves="3", overrun=SQUAD))
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert trigger.order == f"T-{TANK}" and trigger.hex == state.game.name(line[1])
    events = state.apply(Done("us"))  # let it pass [OP XV.B.2]
    fires = [e for e in events if isinstance(e, GpFire)]
    assert [(f.firer, f.result) for f in fires] == [(SQUAD, "N"), (TANK, "N")]
    notes = [e.describe() for e in events if isinstance(e, PhaseNote)]
    cancelled = f"{SQUAD}'s firing orders (T-{TANK}) are cancelled by the Overrun [ADV VIII.C]"
    assert any(cancelled in n for n in notes), notes
    assert SQUAD not in state.sheets.orders["us"]
    assert SQUAD in state.troops.hexes and state.troops.hexes[TANK] == line[3]
    revealed = [e.describe() for e in events if isinstance(e, OrdersRevealed)]
    assert revealed and not any(f"T-{TANK}" in r for r in revealed)


def test_an_overrun_cancels_an_opportunity_fire_order_too_adv_viii_c() -> None:
    """[ADV VIII.C]: an Opportunity Fire order ("N-" [AG V.A.2]) of the overrun squad goes as
    well; forced dice 01 for both fires: No Damage."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("PZIVJ", line[0], 0, "")])
    state.force_dice(1, 1)
    watched = state.game.name(line[4])
    events = _plot(state, Order(SQUAD, opportunity=watched), Order(TANK, moves="2", overrun=SQUAD))
    notes = [e.describe() for e in events if isinstance(e, PhaseNote)]
    assert any(f"(N-{watched}) are cancelled by the Overrun [ADV VIII.C]" in n for n in notes)
    assert SQUAD not in state.sheets.orders["us"]


# --- Test Play's hand-over page and inverted units [OP X.A] ------------------------------------


def _inverted_scenario(path: Path) -> Path:
    """Both sides inverted [OP X.A]: an American M4 in Defilade at one end of a Clear line of
    ten hexes (the Panzer, range 9, does not sight it: inverted in the German view), a
    Panzer IV at the other end in Clear (sighted by the M4: face up)."""
    line = _straight(10)
    amap = intel_base().amap

    def force(code: str, h: object, compass: int) -> str:
        number = amap.global_to_direction(h, compass)  # type: ignore[arg-type]
        name = amap.name(h)  # type: ignore[arg-type]
        return f"      - {{unit: {code}, placement: {{kind: hex, hex: {name}, facing: {number}}}}}"

    text = INTEL.format(
        options="inverted-units",
        side_options="",
        edits=f"{{hexes: [{amap.name(line[0])}], terrain: defilade}}",
        overlays="",
    ) + two_sides(force("M4", line[0], 0), force("PZIVJ", line[9], 3), 2)
    path.write_text(text)
    return path


def test_shared_units_show_a_sides_units_as_the_other_side_sees_them_op_x_a() -> None:
    """[OP X.A.1]: the opposing player sees an inverted unit only by its shape; what both
    players know of it is that counter in its hex, under its other name. A unit one side
    does not see at all [OP X.B] is not shared; face-up units are."""
    h, far = Hex(0, 0), Hex(3, 0)
    m4 = UnitPosition("us.M4.1", "us", "M4", "M4 1", h, 0)
    shape = UnitPosition("us.tracked-vehicle.1", "us", "tracked-vehicle", "Tracked vehicle 1", h, 0)
    hidden = UnitPosition("us.M10.1", "us", "M10", "M10 1", far, 0)
    panzer = UnitPosition("german.PZIVJ.1", "german", "PZIVJ", "PZIVJ 1", far, 3)
    views = {"us": [m4, hidden, panzer], "german": [shape, panzer]}
    assert shared_units(views) == [panzer, shape]
    assert shared_units({"us": [m4, panzer]}) == [m4, panzer]


@pytest.mark.gui
def test_the_hand_over_page_keeps_inverted_units_as_the_enemy_sees_them_op_x_a(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[OP X.A]: in a hot-seat game with inverted units, the hand-over page (seen by both
    players) shows the M4 where it stands as the German sees it, a "Tracked vehicle" counter,
    never its type; the face-up Panzer as it is. Once the American takes over, the American
    sees its M4."""
    from PySide6.QtCore import Qt
    from test_testplay import open_window, start

    from editor.testplay.panel import PAGE_HANDOVER, PAGE_PLAY

    w = open_window(qtbot, str(_inverted_scenario(tmp_path / "inverted.yaml")))
    panel = start(w, {"us": "human", "german": "human"})
    state = panel.session.state
    m4_hex = state.troops.hexes["us.M4.1"]  # type: ignore[attr-defined]
    assert panel.pages.currentIndex() == PAGE_HANDOVER
    shown = {c.unit: c.counter for c in panel.counters}
    assert "us.M4.1" not in shown
    [(alias, counter)] = [(u, c) for u, c in shown.items() if c.side == "us"]
    assert alias in {p.unit for p in state.view_for("german").units}
    assert counter.hex == m4_hex and counter.unit == "tracked-vehicle"
    assert "german.PZIVJ.1" in shown
    qtbot.mouseClick(panel.handover_button, Qt.MouseButton.LeftButton)
    assert panel.pages.currentIndex() == PAGE_PLAY and panel.revealed == "us"
    mine = {c.unit: c.counter for c in panel.counters}
    assert mine["us.M4.1"].hex == m4_hex and alias not in mine


# --- Soft hexes rolled by area [SCN III.B.2] ---------------------------------------------------

SOFT = (
    position_head("test-armor-soft")
    + """
rules: {level: armor-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
  terrain_options: {soft-ground: random}
"""
)
PARKED_M4 = "      - {unit: M4, placement: {kind: hex, hex: L3830}}"
PARKED_PZ = "      - {unit: PZIVJ, placement: {kind: hex, hex: L3530}}"
DEFENDER = "  - id: us\n    name: American\n    role: defender\n    starts_on_map: true\n"


def _soft_game(defender: bool = False) -> ArmorGame:
    """Soft hexes rolled by area [SCN III.B.2.a] on sections J, K, L; with ``defender`` the
    American side defends and starts on the map [III.B.2.b]."""
    text = SOFT + two_sides(PARKED_M4, PARKED_PZ, 2)
    if defender:
        text = text.replace("  - id: us\n    name: American\n", DEFENDER)
    game = load_game(parse_scenario(text, "soft.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def test_the_soft_areas_are_rolled_one_die_a_section_at_the_start_scn_iii_b_2_a() -> None:
    """[SCN III.B.2.a]: "For each mapboard section one of the players should roll one die. If
    the number rolled is the same as a numbered Soft 'area' on that mapboard section, the hexes
    in that 'area' are Soft hexes. All other Soft hexes on that mapboard section are treated as
    Clear hexes." Seed 1's first three decimal dice [AG II.A] are 2, 9, 8: J's area 2 is
    Soft, J's areas 1 and 3 and every Soft hex of K and L are Clear; the rolls and results are
    logged for both sides (no side defends on the map), and a Vehicle pays 6 to enter a Soft
    hex [OP XIII.A.3] but the Clear cost where the area was not rolled."""
    game = _soft_game()
    dice = Dice(1)
    assert [dice.roll(10).result for _ in range(3)] == [2, 9, 8]
    state = game.new_initial_state(1)
    terrain, amap = state.game.terrain, game.amap
    assert terrain.rolled_areas == {"J": 2, "K": 9, "L": 8}
    soft, unrolled = amap.resolve("J2412"), amap.resolve("J1111")
    assert terrain.terrain(soft) == "soft" and terrain.terrain(unrolled) == "clear"
    assert terrain.terrain(amap.resolve("K0520")) == "clear"
    assert terrain.terrain(amap.resolve("L3328")) == "clear"
    assert game.terrain.terrain(unrolled) == "soft"  # the loaded game is not rolled
    rolls = [e for e in state.log if isinstance(e, DieRolled)][:3]
    assert [(r.sides, r.result, r.private_to) for r in rolls] == [(10, 2, None), (10, 9, None),
                                                                    (10, 8, None)]  # fmt: skip
    assert "Soft area of section J [SCN III.B.2.a]" in rolls[0].describe()
    notes = [e.describe() for e in state.log if isinstance(e, PhaseNote)]
    assert any("section J rolled 2: its Soft area 2 (3 hexes) is Soft" in n for n in notes)
    assert any("section K rolled 9: no Soft area of that number" in n for n in notes)
    assert all("[SCN III.B.2.a]" in n for n in notes if n.startswith("Terrain Set Up"))
    spec = state.game.units["us.M4.1"]
    into_soft = [state.game.cost_for(spec)(n, soft) for n in _neighbours(soft)]
    into_clear = [state.game.cost_for(spec)(n, unrolled) for n in _neighbours(unrolled)]
    assert 6 in into_soft and 6 not in into_clear  # [OP XIII.A.3]


def _neighbours(h: Hex) -> list[Hex]:
    return [h.neighbor(d) for d in range(6) if h.neighbor(d) in base().amap.hexes]


def test_a_defender_on_the_map_rolls_the_soft_areas_in_secret_scn_iii_b_2_b() -> None:
    """[SCN III.B.2.b]: "If one side is defending in a particular scenario, and starts on the
    mapboard, a player from that side should secretly roll the dice ... only the defending
    side knows which hexes are Soft hexes": the rolls and results are the defender's alone."""
    state = _soft_game(defender=True).new_initial_state(1)
    rolls = [e for e in state.log if isinstance(e, DieRolled)][:3]
    assert [r.private_to for r in rolls] == ["us"] * 3
    secret = [e for e in state.log if isinstance(e, PhaseNote) and e.phase == "Terrain Set Up"]
    assert len(secret) == 3 and all(e.private_to == "us" for e in secret)
    assert "only the defending side knows" in secret[0].describe()
    assert not any("Soft area" in e.describe() for e in state.events_for("german"))
    assert any("Soft area" in e.describe() for e in state.events_for("us"))


def test_rolled_soft_areas_replay_clone_and_read_back_from_a_position_scn_iii_b_2() -> None:
    """[SCN III.B.2]: the roll is the game's seeded dice: the same seed rolls the same areas,
    another seed others; a clone and a state read back from a position file play on the same
    rolled map; the bots finish the game on it."""
    game = _soft_game()
    state = game.new_initial_state(1)
    assert game.new_initial_state(1).game is state.game  # one rolled game a set of rolls
    assert game.new_initial_state(4).game.terrain.rolled_areas == {"J": 3, "K": 2, "L": 4}
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.game.terrain.rolled_areas == state.game.terrain.rolled_areas
    assert back.position_fingerprint() == state.position_fingerprint()
    twin = state.clone()
    assert twin.game is state.game
    bots = {s: RandomBot(3) for s in game.sides}
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert state.is_terminal()


# --- the Optional Noise Rules in Test Play [OP X.D] -------------------------------------------


def _noise_scenario(path: Path) -> Path:
    """A Completely Hidden American M4 in Defilade, two Defilade hexes ahead of it, a Panzer IV
    12 hexes down a Clear line, with the Optional Noise Rules [OP X.B; OP X.D]."""
    line = _straight(14)
    amap = intel_base().amap

    def force(code: str, h: Hex, compass: int) -> str:
        number = amap.global_to_direction(h, compass)
        return f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, facing: {number}}}}}"

    names = ", ".join(amap.name(h) for h in line[:3])
    text = INTEL.format(
        options="noise",
        side_options=", side_options: {us: [completely-hidden-units]}",
        edits=f"{{hexes: [{names}], terrain: defilade}}",
        overlays="",
    ) + two_sides(force("M4", line[0], 0), force("PZIVJ", line[12], 3), 2)
    path.write_text(text)
    return path


@pytest.mark.gui
def test_test_play_shows_the_german_a_heard_vehicle_mark_not_the_hidden_m4_op_x_d(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[OP X.D.1; X.D.3]: in a hot-seat game, the hidden M4 creeps two hexes; the German
    player's map in Test Play shows a "Heard vehicle" counter in the hex it was heard in, ten
    hexes from the Panzer, never the M4, and the German log says what and where; the American
    side's view holds the M4 and no mark."""
    from test_soldiers_testplay import shot
    from test_testplay import open_window, panel_text, start
    from test_testplay_systems import take_over as hand_over

    line = _straight(14)
    w = open_window(qtbot, str(_noise_scenario(tmp_path / "noise.yaml")))
    panel = start(w, {"us": "human", "german": "human"})

    def now() -> ArmorState:
        state = panel.session.state
        assert isinstance(state, ArmorState)
        return state

    def take_over() -> None:
        hand_over(qtbot, panel)

    plotted = False
    for _ in range(20):
        if now().intel.heard:
            break
        side = now().to_act()[0]
        take_over()
        assert panel.revealed == side
        if side == "us" and not plotted:
            assert panel.act(Order("us.M4.1", moves="2"))
            plotted = True
            continue
        assert panel.act(Done(side))
    assert now().intel.heard == {"german": (("vehicle", line[2]),)}
    while panel.revealed != "german":
        take_over()
        if panel.revealed != "german":
            assert panel.act(Done(now().to_act()[0]))
    shown = {c.unit: c.counter for c in panel.counters}
    assert "us.M4.1" not in shown
    [counter] = [c for c in shown.values() if c.side == "us"]
    assert counter.unit == "heard-vehicle" and counter.hex == line[2]
    assert "Noise: a Vehicle heard moving" in panel_text(panel)
    american = now().view_for("us").units
    assert "us.M4.1" in {p.unit for p in american}
    assert not any(p.type_id.startswith("heard") for p in american)
    if os.environ.get("HEXWRIGHT_SHOTS"):  # the Panzer and the heard mark in one picture
        from editor.mapview.shapes import hexes_outline
        from editor.mapview.view import HEX_SIZE

        where = frozenset((line[0], line[2], line[12]))
        w.view.centre_on(hexes_outline(where, HEX_SIZE).boundingRect())
        shot(w, "armor-noise-heard")
