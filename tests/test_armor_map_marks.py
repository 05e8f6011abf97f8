"""The marks play leaves on an Armor map (rules.armor.view.map_marks): Wrecks [GC1 Effects of
AP Hits], Destroyed Buildings [OP XVIII], Fires [OP XI], Smoke [OP IX.A], dust [OP X.C.3] and
Hasty Entrenchments [OP XXXII.C] and SBG Spans [OP XXV.C] stand on Test Play's map as counters of no side, under the
units in their hex, in every side's view."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from test_armor_rules import _line_of_clear, _position

from rules.armor.game import ArmorState
from rules.armor.orders import OpportunityFire, Order
from rules.armor.view import MARKS, map_marks
from rules.engine.positions import shared_units


def _knocked_out() -> tuple[ArmorState, list]:
    """The Panzer IV Knocked Out by the Sherman's Opportunity Fire in line[6] (forced dice:
    a hit, UH penetrated, Damage Caused 10) [AG VII.F; GC1]."""
    line = _line_of_clear(10)
    state = _position([("M4", line[0], 0)], [("PZIVJ", line[9], 3)])
    state.apply(Order("us.M4.1", opportunity=state.game.name(line[6])))
    state.force_dice(5, 50, 10)
    state.apply(Order("german.PZIVJ.1", moves="3"))
    state.apply(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    assert state.damage.wrecks == [line[6]]
    return state, line


def test_a_knocked_out_vehicles_wreck_is_on_every_sides_map_gc1() -> None:
    """[GC1]: "Knocked Out: replaced by a Wreck": the Wreck stands in the hex where the
    Panzer was hit, a counter of no side, in the engine's positions and in both sides' views
    (and so on Test Play's hand-over page, which shows what every side knows)."""
    state, line = _knocked_out()
    [wreck] = [p for p in state.positions() if p.type_id == "wreck"]
    assert (wreck.unit, wreck.side, wreck.label, wreck.hex) == ("wreck.1", "", "Wreck", line[6])
    assert "german.PZIVJ.1" not in {p.unit for p in state.positions()}
    views = {s: state.view_for(s).units for s in state.game.sides}
    for units in views.values():
        assert wreck in units
    assert wreck in shared_units(views)


def test_a_mark_lies_under_the_unit_in_its_hex_gc1() -> None:
    """A unit that drives into a Wreck's hex stands on top of the Wreck: the marks come first,
    so a map stacking counters in order draws the unit over it."""
    state, line = _knocked_out()
    state.troops.hexes["us.M4.1"] = line[6]
    units = state.view_for("us").units
    order = [p.unit for p in units if p.hex == line[6]]
    assert order == ["wreck.1", "us.M4.1"]


@pytest.mark.parametrize(
    ("kind", "put"),
    [
        ("destroyed", lambda s, h: s.blazes.destroyed.add(h)),  # [OP XVIII.C]
        ("fire", lambda s, h: s.blazes.fires.__setitem__(h, 1)),  # [OP XI.B]
        ("smoke", lambda s, h: s.smoke.smoke_face_up.add(h)),  # [OP IX.A.4]
        ("smoke-inverted", lambda s, h: s.smoke.smoke_inverted.add(h)),  # [OP IX.A.3]
        ("dust", lambda s, h: s.intel.dust.__setitem__("us.M4.1", (h,))),  # [OP X.C.3]
        ("entrenchment", lambda s, h: s.cover.entrenched.add(h)),  # [OP XXXII.C]
        ("span", lambda s, h: s.specials.spans.__setitem__(h, "us.M4.1")),  # [OP XXV.C]
    ],
)
def test_each_mark_of_play_shows_where_the_state_has_it(kind: str, put: object) -> None:
    """Each record of the state that puts a counter on the table gives its mark, with its
    words, in its hex; none without it."""
    line = _line_of_clear(6)
    state = _position([("M4", line[0], 0)], [("PZIVJ", line[5], 3)])
    assert map_marks(state) == []
    put(state, line[3])  # type: ignore[operator]
    [mark] = map_marks(state)
    assert (mark.unit, mark.type_id, mark.label, mark.hex) == (
        f"{kind}.1",
        kind,
        MARKS[kind],
        line[3],
    )
    assert mark in state.view_for("german").units


def test_two_wrecks_in_one_hex_are_two_marks_gc1() -> None:
    state, line = _knocked_out()
    state.damage.wrecks.append(line[6])
    assert [p.unit for p in map_marks(state)] == ["wreck.1", "wreck.2"]


@pytest.mark.gui
def test_test_play_shows_the_wreck_where_the_panzer_was_knocked_out_gc1(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """In a hot-seat game the Sherman's Opportunity Fire knocks the Panzer out (forced dice):
    Test Play's map shows a Wreck counter of no side in that hex, and no Panzer."""
    from test_soldiers_testplay import shot
    from test_testplay import open_window, start
    from test_testplay_systems import take_over as hand_over

    from rules.armor.orders import Order as ArmorOrder
    from rules.engine.actions import Done

    line = _line_of_clear(10)
    amap = _position([("M4", line[0], 0)], [("PZIVJ", line[9], 3)]).game.amap
    text = _scene_text(amap, line)
    path = tmp_path / "wreck.yaml"
    path.write_text(text)
    w = open_window(qtbot, str(path))
    panel = start(w, {"us": "human", "german": "human"})

    def now() -> ArmorState:
        state = panel.session.state
        assert isinstance(state, ArmorState)
        return state

    def take_over() -> None:
        hand_over(qtbot, panel)

    name = now().game.name
    for _ in range(12):
        if now().execution.asked is not None:
            break
        side = now().to_act()[0]
        take_over()
        if side == "us" and "us.M4.1" not in now().sheets.orders["us"]:
            assert panel.act(ArmorOrder("us.M4.1", opportunity=name(line[6])))
        elif side == "german" and "german.PZIVJ.1" not in now().sheets.orders["german"]:
            assert panel.act(ArmorOrder("german.PZIVJ.1", moves="3"))
        else:
            assert panel.act(Done(side))
    assert now().execution.asked is not None
    now().force_dice(5, 50, 10)  # a hit; UH penetrated; Damage Caused 10: Knocked Out
    take_over()
    assert panel.act(OpportunityFire("us.M4.1", "german.PZIVJ.1"))
    take_over()
    assert now().damage.wrecks == [line[6]]
    shown = {c.unit: c.counter for c in panel.counters}
    assert "german.PZIVJ.1" not in shown
    wreck = shown["wreck.1"]
    assert (wreck.hex, wreck.side, wreck.label) == (line[6], "", "Wreck")
    if os.environ.get("HEXWRIGHT_SHOTS"):
        from editor.mapview.shapes import hexes_outline
        from editor.mapview.view import HEX_SIZE

        w.view.centre_on(hexes_outline(frozenset(line[:10]), HEX_SIZE).boundingRect())
        shot(w, "armor-wreck-mark")


def _scene_text(amap: object, line: list) -> str:
    """The Sherman and the Panzer IV of :func:`_knocked_out` as a scenario file."""
    from armor_sides import two_sides
    from test_armor_rules import POSITION

    def force(code: str, h: object, compass: int) -> str:
        number = amap.global_to_direction(h, compass)  # type: ignore[attr-defined]
        where = amap.name(h)  # type: ignore[attr-defined]
        return f"      - {{unit: {code}, placement: {{kind: hex, hex: {where}, facing: {number}}}}}"

    return POSITION.format() + two_sides(force("M4", line[0], 0), force("PZIVJ", line[9], 3))
