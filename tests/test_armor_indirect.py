"""Armor's off-board Artillery [OP II.A-D] and Designated Artillery Plots [SCN III.G] in play.

- Batteries bought by a side, their Artillery Table values, Impact unit numbers, Spotting units
  and Designated hexes [OP II.B-C; SCN III.G; GC2 Artillery Tables]; the scenario's checks.
- The Artillery Plot [OP II.A]: Designated fire only at a Designated hex its Spotting unit can
  sight, after the Delay [OP II.A.2]; Called fire after its Delay (our reading of the cut
  [OP II.A.3]); Continuous fire (our reading); a Knocked Out Spotting unit [OP II.B.2].
- The Artillery Impact Phase [OP II.D]: Scatter with the book's example roll "27" (direction 2)
  [OP II.D.2.b], off the mapboard, fire at every unit in and around the Impact hex, friendly
  units too, a Vehicle Knocked Out in the Impact hex only [OP II.D.3.b], Defilade as Clear.
- Clone, replay and the bots: a barrage round-trips; the heuristic bot plots its Batteries.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
import yaml
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.events import Damaged
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.indirect.events import ArtilleryFire, ArtilleryImpact, ArtilleryPlotted
from rules.armor.indirect.impact import artillery_defense, scatter_direction
from rules.armor.indirect.plots import ArtilleryPlot
from rules.armor.orders import Order
from rules.bots.base import make_bot, play
from rules.engine.actions import Done
from rules.engine.errors import (
    ActionSyntaxError,
    IllegalActionError,
    UnsupportedGameError,
)
from rules.records.position import PositionReader
from rules.registry import load_game

PARK = "L3830"
#: A force entry: the unit code, its hex (None: parked out of the way), optionally a facing
#: (the direction number).
Force = tuple[str, str | None] | tuple[str, str | None, int]


def _text(
    us: tuple[Force, ...],
    german: tuple[Force, ...],
    us_extra: dict[str, Any] | None = None,
    level: str = "advanced-game",
    options: tuple[str, ...] = ("artillery",),
    edits: str = "",
    turns: int = 6,
) -> str:
    def forces(units: tuple[Force, ...]) -> str:
        lines = []
        for code, h, *facing in units:
            face = f", facing: {facing[0]}" if facing else ""
            place = f"{{kind: hex, hex: {h or PARK}{face}}}"
            lines.append(f"      - {{unit: {code}, placement: {place}}}")
        return "\n".join(lines)

    head = f"""
schema_version: 1
id: test-armor-indirect
title: Test position
system: armor
original: true
rules: {{level: {level}, options: [{", ".join(options)}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
    data = yaml.safe_load(head + two_sides(forces(us), forces(german), turns=turns))
    data["sides"][0].update(us_extra or {"purchases": [{"item": "ARTILLERY-MEDIUM"}]})
    return yaml.safe_dump(data, sort_keys=False)


def _game(*args: Any, **kwargs: Any) -> ArmorGame:
    return _load(_text(*args, **kwargs))


@functools.cache
def _load(text: str) -> ArmorGame:
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@functools.cache
def _centre() -> Hex:
    """A Clear hex with Clear hexes around it, far from the mapboard's sides, on K."""
    game = _game((("M4", None),), (("PZIVJ", None),))
    for h in sorted(game.terrain.hexes(), key=lambda x: (game.name(x)[0] != "K", x)):
        ring = [h, *h.neighbors(), *(n.neighbor(c) for n in h.neighbors() for c in range(6))]
        if all(game.on_map(x) and game.terrain.terrain(x) == "clear" for x in ring):
            return h
    raise AssertionError("no open ground")


def _name(h: Hex) -> str:
    return _game((("M4", None),), (("PZIVJ", None),)).name(h)


def _designated(*hexes: str, item: str = "ARTILLERY-MEDIUM") -> dict[str, Any]:
    return {
        "purchases": [{"item": item}],
        "barrages": [{"unit": item, "hexes": list(hexes)}],
    }


def _to(state: ArmorState, turn: int, segment: str = "plot") -> None:
    """Every side says 'done' until play reaches the Turn's segment (or, for a segment the
    engine plays alone, the first decision after it)."""
    at = [s.id for _, s in state.game.steps].index(segment)
    while not state.play.over and (state.play.turn, state.play.step) < (turn, at):
        state.apply(Done(state.to_act()[0]))


def _barrage() -> tuple[ArmorState, Hex, Hex]:
    """An American M4 spotting; a German PZIVJ in the Impact hex, another and an Infantry Squad
    adjacent, the M4 far off; a Medium Battery with the centre as a Designated hex."""
    c = _centre()
    near = c.neighbor(0)
    spotter = c.neighbor(3).neighbor(3).neighbor(3).neighbor(3)
    game = _game(
        (("M4", _name(spotter)),),
        (("PZIVJ", _name(c)), ("PZIVJ", _name(near)), ("INFANTRY-SQUAD", _name(c.neighbor(2)))),
        _designated(_name(c), _name(near.neighbor(0))),
    )
    return game.new_initial_state(seed=4), c, near


# --- Batteries [OP II.B-C; SCN III.G] ----------------------------------------------------------


def test_batteries_come_from_purchases_with_the_artillery_tables_values_op_ii_c() -> None:
    """[OP II.C; GC2 Artillery Tables; SCN III.G]: GP Factor, Scatter, Delay, Impact unit
    number in purchase order, the Designated hexes, a Spotting unit with a Radio [OP II.B]."""
    extra = {
        "purchases": [{"item": "ARTILLERY-LIGHT"}, {"item": "ARTILLERY-HEAVY"}],
        "barrages": [{"unit": "ARTILLERY-HEAVY", "hexes": ["K2017", "K1917"]}],
    }
    game = _game((("M4", "K1716"), ("US-INFANTRY-SQUAD", "K1816")), (("PZIVJ", "J2108"),), extra)
    light, heavy = game.batteries["us.ARTILLERY-LIGHT.1"], game.batteries["us.ARTILLERY-HEAVY.1"]
    assert (light.gp, light.impact_unit, light.delay, light.designated) == (
        10,
        1,
        {"D": 1, "C": 2},
        (),
    )
    assert (heavy.gp, heavy.impact_unit, heavy.scatter) == (50, 2, {"P": 10, "D": 20, "C": 40})
    assert [game.name(h) for h in heavy.designated] == ["K2017", "K1917"]
    assert heavy.delay["C"] == 4 and "cut from the text" in heavy.delay_placeholder
    # the first Squad has the Radio of its card's share [Intro IV RADIO] and stands nearer
    assert heavy.spotter == "us.US-INFANTRY-SQUAD.1"
    ready = [e for e in game.new_initial_state().log if e.kind == "armor-battery-ready"]
    assert len(ready) == 2 and "K2017, K1917 [OP II.A.2; SCN III.G]" in ready[1].describe()
    assert all(e.private_to == "us" for e in ready)  # written on the owner's sheet [SCN III.G]


@pytest.mark.parametrize(
    ("extra", "level", "message"),
    [
        (_designated("K2017", "K1917", "K1816"), "advanced-game", "a Battery has two [OP II.A.2]"),
        (_designated("K9999"), "advanced-game", "'K9999' is not on the map [SCN III.G]"),
        (None, "armor-game", "adds to the Advanced Game"),
        ({"purchases": [{"item": "ARTILLERY-LIGHT", "count": 11}]}, "advanced-game", "ten"),
    ],
)
def test_scenario_errors_for_batteries_op_ii_a_2(
    extra: dict[str, Any] | None, level: str, message: str
) -> None:
    """[OP II.A.2; SCN III.G; CS]: two Designated hexes on the map, ten columns, and the
    Optional Rule on the Advanced Game [OP I]."""
    text = _text((("M4", "K1716"),), (("PZIVJ", "J2108"),), extra, level=level)
    with pytest.raises(UnsupportedGameError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_game(parse_scenario(text, "position.yaml"))


def test_the_artillery_impact_phase_follows_direct_fire_only_with_the_option() -> None:
    """[Sequence of Play 7-8 (OP)]: the Artillery Impact Phase after the Direct Fire Phase."""
    on = _game((("M4", "K1716"),), (("PZIVJ", "J2108"),))
    off = _game((("M4", "K1716"),), (("PZIVJ", "J2108"),), options=())
    ids = [s.id for _, s in on.steps]
    assert ids[ids.index("direct-fire") + 1] == "artillery-impact"
    assert "artillery-impact" not in [s.id for _, s in off.steps] and not off.batteries


# --- The Artillery Plot [OP II.A-B] ------------------------------------------------------------


def test_action_text_round_trips_and_refuses_bad_notation() -> None:
    game = _game((("M4", "K1716"),), (("PZIVJ", "J2108"),))
    plot = ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", "K2017")
    assert game.parse_action(plot.text()) == plot
    with pytest.raises(ActionSyntaxError, match="D Designated, C Called"):
        game.parse_action("artillery us.ARTILLERY-MEDIUM.1 K2017")


def test_designated_fire_only_at_designated_hexes_the_spotter_sights_op_ii_a_2_a() -> None:
    """[OP II.A.2.a]: Designated fire at one of the two hexes, when the Spotting unit can
    sight it; the legal actions list it, Called fire at the sighted enemy's hexes too."""
    state, c, near = _barrage()
    legal = {a.text() for a in state.legal_actions("us") if isinstance(a, ArtilleryPlot)}
    b = "us.ARTILLERY-MEDIUM.1"
    assert f"artillery {b} D-{_name(c)}" in legal
    assert f"artillery {b} C-{_name(near)}" in legal
    assert not any(t.startswith(f"artillery {b} D-{_name(near)}") for t in legal)
    why = state.preview(ArtilleryPlot(b, "D", _name(near))).why_not or ""
    assert "not one of" in why and "[OP II.A.2; SCN III.G]" in why
    assert not [a for a in state.legal_actions("german") if isinstance(a, ArtilleryPlot)]


def test_a_knocked_out_spotting_unit_is_not_replaced_op_ii_b_2() -> None:
    """[OP II.B.2]: with its Spotting unit Knocked Out, the Battery cannot plot Called or
    Designated fire."""
    state, c, _ = _barrage()
    state.inflict("us.M4.1", "knocked-out")
    why = state.preview(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", _name(c))).why_not or ""
    assert "Knocked Out: no other unit may spot [OP II.B.2]" in why


def _hq_barrage(
    nation: str = "us", options: tuple[str, ...] = ("artillery", "command-control")
) -> tuple[ArmorState, Hex]:
    """A Battery whose Spotting unit (an M4 two hexes from the Designated hex) has a Formation
    HQ (an M4 four hexes off) behind it, with Command Control's Headquarters."""
    c = _centre()
    near, far = c.neighbor(3).neighbor(3), c.neighbor(3).neighbor(3).neighbor(3).neighbor(3)
    text = _text(
        (("M4", _name(far)), ("M4", _name(near))),
        (("PZIVJ", _name(c.neighbor(0).neighbor(0))),),
        _designated(_name(c)),
        options=options,
    )
    data = yaml.safe_load(text)
    us = data["sides"][0]
    us["nation"] = nation
    us["forces"][0].update({"formation": "able", "state": ["hq"]})
    us["forces"][1].update({"formation": "able"})
    game = _load(yaml.safe_dump(data, sort_keys=False))
    return game.new_initial_state(seed=4), c


def test_an_allied_battery_s_knocked_out_spotting_unit_is_replaced_by_an_hq_op_ii_b_2() -> None:
    """[OP II.B.2] "If the Spotting unit for an Allied Battery is Knocked Out, any Headquarters
    unit (if those Options are used) may be designated as the new Spotting unit for that
    Battery": with Command Control [OP XIV.A.4] the Formation's HQ spots for the Battery and
    the plot's log line names it; without the Option, or for a German Battery ("no other unit
    may serve as Spotting unit"), the Battery has none."""
    from rules.armor.indirect.plots import spotting_unit

    state, c = _hq_barrage()
    battery = state.game.batteries["us.ARTILLERY-MEDIUM.1"]
    assert battery.spotter == "us.M4.2"  # the nearer the enemy [OP II.B] (our choice)
    plot = ArtilleryPlot(battery.id, "D", _name(c))
    state.inflict("us.M4.2", "knocked-out")
    assert spotting_unit(state, battery) == "us.M4.1"
    assert plot in state.legal_actions("us")
    state.apply(plot)
    said = [e for e in state.log if isinstance(e, ArtilleryPlotted)][-1].describe()
    assert "Spotting unit us.M4.1, the Headquarters designated for the Knocked Out us.M4.2" in said
    assert "[OP II.B.2]" in said
    for nation, options in (("us", ("artillery",)), ("germany", ("artillery", "command-control"))):
        state, c = _hq_barrage(nation, options)
        state.inflict("us.M4.2", "knocked-out")
        assert spotting_unit(state, state.game.batteries[battery.id]) == "us.M4.2"
        why = state.preview(ArtilleryPlot(battery.id, "D", _name(c))).why_not or ""
        assert "Knocked Out: no other unit may spot [OP II.B.2]" in why


def _two_batteries(nation: str, options: tuple[str, ...]) -> tuple[ArmorState, Hex]:
    """Two Medium Batteries, both with the centre as a Designated hex; two M4s with Radios
    (``us.M4.2`` two hexes from it, ``us.M4.1`` four), no Command Control."""
    c = _centre()
    near, far = c.neighbor(3).neighbor(3), c.neighbor(3).neighbor(3).neighbor(3).neighbor(3)
    item = "ARTILLERY-MEDIUM"
    text = _text(
        (("M4", _name(far)), ("M4", _name(near))),
        (("PZIVJ", _name(c.neighbor(0).neighbor(0))),),
        {
            "purchases": [{"item": item, "count": 2}],
            "barrages": [{"unit": item, "number": n, "hexes": [_name(c)]} for n in (1, 2)],
        },
        options=options,
    )
    data = yaml.safe_load(text)
    data["sides"][0]["nation"] = nation
    game = _load(yaml.safe_dump(data, sort_keys=False))
    return game.new_initial_state(seed=4), c


def test_op_ii_b_4_allied_spotting_one_spotting_unit_per_battery_each_acts_for_any() -> None:
    """[OP II.B.4] "If players wish, they may allow one Allied Spotting unit per Artillery
    Battery, but allow each Spotting unit to act for any Artillery Battery": with the option
    ``allied-spotting`` each American Battery has its own Spotting unit (the next nearest the
    enemy, our choice), and when Battery 1's is Knocked Out, Battery 2's spots for it, the
    plot's log line saying so; without the option, or for a German side, both Batteries share
    the one Spotting unit and lose it together [OP II.B; II.B.2]."""
    from rules.armor.indirect.plots import spotters

    one, two = "us.ARTILLERY-MEDIUM.1", "us.ARTILLERY-MEDIUM.2"
    state, c = _two_batteries("us", ("artillery", "allied-spotting"))
    batteries = state.game.batteries
    assert (batteries[one].spotter, batteries[two].spotter) == ("us.M4.2", "us.M4.1")
    ready = [e.describe() for e in state.game.battery_events]
    assert all("[OP II.B.4]" in r for r in ready)
    assert spotters(state, batteries[one]) == ["us.M4.2", "us.M4.1"]
    state.inflict("us.M4.2", "knocked-out")
    plot = ArtilleryPlot(one, "D", _name(c))
    assert plot in state.legal_actions("us")
    state.apply(plot)
    said = [e for e in state.log if isinstance(e, ArtilleryPlotted)][-1].describe()
    assert f"spotted by us.M4.1, the Spotting unit of {two}" in said and "[OP II.B.4]" in said
    for nation, options in (("us", ("artillery",)), ("germany", ("artillery", "allied-spotting"))):
        state, c = _two_batteries(nation, options)
        batteries = state.game.batteries
        assert batteries[one].spotter == batteries[two].spotter == "us.M4.2"
        state.inflict("us.M4.2", "knocked-out")
        why = state.preview(ArtilleryPlot(one, "D", _name(c))).why_not or ""
        assert "Knocked Out: no other unit may spot [OP II.B.2]" in why


def test_op_ix_a_5_smoke_and_fires_hide_a_hex_from_spotting_units_as_from_direct_fire() -> None:
    """[OP IX.A.5] "A hex containing a Smoke unit will block Lines of Sight from all elevation
    levels including into the Smoke hex" [OP II.A.2.a; II.B; II.F.1]: with Smoke fired into the
    Designated hex, the Battery's Spotting unit no longer sights it, as it no longer sights the
    German tank there for Direct Fire (one check, :func:`rules.armor.fire.obscured`); the plot
    is refused naming the Smoke; a Fire [OP XI.D] does the same; and a Spotting unit for
    Indirect Fire [OP II.F.1] no longer sights a smoked hex either."""
    from rules.armor.fire import why_not_sighted
    from rules.armor.indirect.howitzers import IndirectFire, spotters

    state, c, _ = _barrage()
    plot = ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", _name(c))
    assert plot in state.legal_actions("us")
    for hide in ("smoke", "fire"):
        hidden = state.clone()
        assert isinstance(hidden, ArmorState)
        if hide == "smoke":
            hidden.smoke.smoke_face_up.add(c)
        else:
            hidden.blazes.fires[c] = 1
        assert plot not in hidden.legal_actions("us")
        why = hidden.preview(plot).why_not or ""
        assert "its Spotting unit (us.M4.1) cannot sight" in why and "[OP II.A.2.a; II.B]" in why
        assert ("[OP IX.A.5]" if hide == "smoke" else "[OP XI.D; OP IX.A.5]") in why, why
        unseen = why_not_sighted(hidden, "us.M4.1", "german.PZIVJ.1") or ""
        assert why.endswith(unseen), (why, unseen)  # the same words: one check
    state, c = _howitzer()
    firer = "german.STGIIIG-105.1"
    assert spotters(state, firer, c) == ["german.PZIVJ.1"]
    state.smoke.smoke_face_up.add(c)
    assert spotters(state, firer, c) == []
    assert IndirectFire(firer, _name(c)) not in state.legal_actions("german")


def test_designated_fire_impacts_after_the_delay_op_ii_a_2_b() -> None:
    """[OP II.A.2.b]: "the Delay for a Medium Artillery Battery is two Turns. If the Artillery
    Fire were plotted on Turn 3, it would Impact on Turn 5" (the book's Turns); one plot
    per Battery per Turn; the plot is secret from the enemy."""
    state, c, _ = _barrage()
    _to(state, 3)
    state.apply(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", _name(c)))
    plotted = [e for e in state.log if isinstance(e, ArtilleryPlotted)]
    assert plotted[-1].impact_turn == 5 and plotted[-1].private_to == "us"
    with pytest.raises(IllegalActionError, match="has its plot this Turn"):
        state.apply(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "C", _name(c)))
    _to(state, 4)
    assert not [e for e in state.log if isinstance(e, ArtilleryImpact)]
    _to(state, 5)
    state.force_dice(50)  # no Scatter (01-20)
    _to(state, 5, "artillery-impact")
    impacts = [e for e in state.log if isinstance(e, ArtilleryImpact)]
    assert len(impacts) == 1 and impacts[0].impact == _name(c) and impacts[0].scatter_on == 20


def _impact_turn_3(state: ArmorState, target: str, *dice: int) -> None:
    state.apply(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", target))
    _to(state, 3)
    state.force_dice(*dice)
    _to(state, 3, "artillery-impact")


def test_fire_knocks_out_vehicles_in_the_impact_hex_only_op_ii_d_3_b() -> None:
    """[OP II.D.3.b(2)]: a "00" Knocks Out the PZIVJ in the Impact hex (a Wreck) and only
    Suppresses the one adjacent; the adjacent Infantry Squad is Knocked Out [GC1]."""
    state, c, near = _barrage()
    # Scatter 50 (none); the units in id order: INFANTRY-SQUAD.1, PZIVJ.1, PZIVJ.2
    _impact_turn_3(state, _name(c), 50, 100, 100, 100)
    fire = {e.target: e for e in state.log if isinstance(e, ArtilleryFire)}
    assert set(fire) == {"german.INFANTRY-SQUAD.1", "german.PZIVJ.1", "german.PZIVJ.2"}
    assert fire["german.PZIVJ.1"].effects == ("knocked-out",)
    assert fire["german.PZIVJ.2"].effects == ("suppressed",)
    assert "[OP II.D.3" in fire["german.PZIVJ.1"].describe()
    assert "german.PZIVJ.1" in state.damage.knocked_out and c in state.damage.wrecks
    assert state.suppressed("german.PZIVJ.2") and state.troops.hexes["german.PZIVJ.2"] == near
    assert "german.INFANTRY-SQUAD.1" in state.damage.eliminated


def test_no_damage_roll_leaves_units_alone_and_friendly_units_are_fired_at_op_ii_d_3() -> None:
    """[OP II.D.3]: "all units (including friendly units)" in and around the Impact hex."""
    c = _centre()
    game = _game(
        (("M4", _name(c.neighbor(3).neighbor(3).neighbor(3))), ("M4", _name(c.neighbor(5)))),
        (("PZIVJ", _name(c)),),
        _designated(_name(c)),
    )
    state = game.new_initial_state(seed=2)
    _impact_turn_3(state, _name(c), 50, 1, 1)
    fire = {e.target: e for e in state.log if isinstance(e, ArtilleryFire)}
    assert set(fire) == {"us.M4.2", "german.PZIVJ.1"}
    assert all(e.result == "N" and not e.effects for e in fire.values())
    assert not state.damage.knocked_out and not state.damage.suppressed


def test_scatter_uses_the_scatter_diagram_the_books_27_is_direction_2_op_ii_d_2_b() -> None:
    """[OP II.D.2.b]: "if a '27' were rolled, the Artillery Impact unit would be moved in
    direction '2'"; the fire then falls around the hex it moved to."""
    assert [scatter_direction(r) for r in (1, 18, 19, 27, 34, 35, 68, 84, 85, 100)] == [
        1,
        1,
        2,
        2,
        2,
        3,
        4,
        5,
        6,
        6,
    ]
    state, c, _ = _barrage()
    _impact_turn_3(state, _name(c), 20, 27)
    impact = next(e for e in state.log if isinstance(e, ArtilleryImpact))
    moved = c.neighbor(state.game.amap.direction_to_global(c, 2))
    assert (impact.direction, impact.impact) == (2, _name(moved))
    assert state.artillery.last["us.ARTILLERY-MEDIUM.1"] == (3, moved)
    fired_at = {e.target for e in state.log if isinstance(e, ArtilleryFire)}
    set_up = state.game.deployment.hexes  # nobody has moved
    assert fired_at == {u for u, h in set_up.items() if h.distance(moved) <= 1}
    assert "german.PZIVJ.1" in fired_at


def test_scatter_off_the_mapboard_is_out_of_play_op_ii_d_2_b() -> None:
    """[OP II.D.2.b]: "If the Artillery Impact unit is moved off the mapboard, it is out of
    play": no fire, and Continuous fire cannot follow."""
    game = _game((("M4", "K1716"),), (("PZIVJ", "J2108"),), _designated("J0101"))
    edge = game.amap.resolve("J0101")
    off = [
        d
        for d in range(1, 7)
        if not game.on_map(edge.neighbor(game.amap.direction_to_global(edge, d)))
    ]
    state = game.new_initial_state(seed=1)
    # the Spotting unit must sight J0101: stand it next to it
    state.troops.hexes["us.M4.1"] = next(n for n in edge.neighbors() if game.on_map(n))
    roll = {1: 1, 2: 19, 3: 35, 4: 51, 5: 69, 6: 85}[off[0]]
    _impact_turn_3(state, "J0101", 1, roll)
    impact = next(e for e in state.log if isinstance(e, ArtilleryImpact))
    assert impact.impact is None and "out of play" in impact.describe()
    assert not [e for e in state.log if isinstance(e, ArtilleryFire)]
    assert "us.ARTILLERY-MEDIUM.1" not in state.artillery.last


def test_continuous_fire_same_hex_01_10_adjacent_01_30_our_reading() -> None:
    """[GC2 Artillery Tables: Continuous Fire]: after an Impact on Turn 3, the Battery may fire
    again on Turn 4 with no Delay: the same hex Scatters on 01-10, an adjacent one on 01-30."""
    state, c, near = _barrage()
    _impact_turn_3(state, _name(c), 50, 1, 1, 1)
    _to(state, 4)
    b = "us.ARTILLERY-MEDIUM.1"
    same = state.preview(ArtilleryPlot(b, "R", _name(c)))
    assert same.legal and "Scatter [OP II.D.2]: 01-10" in same.rules
    adjacent = state.preview(ArtilleryPlot(b, "R", _name(near)))
    assert adjacent.legal and "Scatter [OP II.D.2]: 01-30" in adjacent.rules
    far = state.preview(ArtilleryPlot(b, "R", _name(near.neighbor(0))))
    assert not far.legal and "adjacent" in (far.why_not or "")
    state.apply(ArtilleryPlot(b, "R", _name(c)))
    state.force_dice(11)  # above 01-10: no Scatter
    _to(state, 4, "artillery-impact")
    impact = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert (impact.scatter_on, impact.impact) == (10, _name(c))


def test_called_fire_waits_its_delay_our_reading_op_ii_a_3() -> None:
    """[OP II.A.3; GC2 Artillery Tables]: Called fire at a sighted hex Impacts the Called Delay
    later (Medium: 3 Turns), not after the last Turn."""
    state, _, near = _barrage()
    plot = ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "C", _name(near))
    assert "Impact on Turn 4" in state.describe(plot)
    _to(state, 4)
    why = state.preview(plot).why_not or ""
    assert "after the last Turn (6)" in why


def test_leg_units_in_defilade_count_as_clear_against_artillery() -> None:
    """[GC1 GP Hit Tables note; OP II.E.5.e]: Defilade and Ditch are Clear against Artillery."""
    c = _centre()
    game = _game(
        (("M4", _name(c.neighbor(3).neighbor(3))),),
        (("INFANTRY-SQUAD", _name(c)),),
        edits=f"{{hexes: [{_name(c)}], terrain: defilade}}",
    )
    state = game.new_initial_state(seed=1)
    d = artillery_defense(state, "german.INFANTRY-SQUAD.1")
    assert d.value == 2 and "Clear against Artillery" in d.why


# --- Clone, replay, bots -------------------------------------------------------------------------


def test_a_barrage_clones_and_replays_to_the_same_fingerprint() -> None:
    """A game through plots and Impacts: a clone taken with a plot pending plays on to the same
    end; the action list replays to the same fingerprint."""
    state, c, _ = _barrage()
    state.apply(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", _name(c)))
    twin = state.clone()
    assert twin.artillery.plots == state.artillery.plots
    assert twin.artillery.plots is not state.artillery.plots
    for s in (state, twin):
        _to(s, 4)
    assert state.fingerprint() == twin.fingerprint()
    assert [e for e in state.log if isinstance(e, ArtilleryFire)]
    replay = state.game.new_initial_state(seed=4)
    for action in state.history:
        replay.apply(action)
    assert replay.fingerprint() == state.fingerprint()


def test_a_position_file_keeps_the_artillery_plots_and_indirect_fire() -> None:
    """A position written with a Battery's plot pending, its last Impact and a unit's "H"
    order reads back to the same position [OP II.A; II.F]."""
    from rules.armor.indirect.howitzers import IndirectFire

    c = _centre()
    extra = {
        "purchases": [{"item": "ARTILLERY-LIGHT"}],
        "barrages": [{"unit": "ARTILLERY-LIGHT", "hexes": [_name(c)]}],
    }
    units = (("US-INFANTRY-SQUAD", _name(c)), ("M4", _name(c)))
    german = (("STGIIIG-105", _name(_far(c, 14))), ("PZIVJ", _name(c.neighbor(0).neighbor(0))))
    game = _game(german, units, extra)  # the first side ("us") has the StuG, PZIVJ and Battery
    state = game.new_initial_state(seed=3)
    battery = next(iter(game.batteries))
    state.apply(ArtilleryPlot(battery, "D", _name(c)))
    stug = next(u for u in game.units if "STGIIIG" in u)
    state.apply(IndirectFire(stug, _name(c)))
    position = state.to_position()
    assert position.state["artillery"]["plots"][0]["kind"] == "D"
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.artillery == state.artillery


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_bots_play_to_the_end_with_artillery(bot: str) -> None:
    """The heuristic bot plots its Battery when its fire would pay; both bots finish."""
    game = _game(
        (("M4", "K2219"), ("SHERMAN-76", "K1716"), ("US-INFANTRY-SQUAD", "K1917")),
        (("PZIVJ", "J2108"), ("PZIVJ", "J2008"), ("STGIIIG-75", "J1508")),
        _designated("K2017", "J2108"),
        turns=8,
    )
    state = game.new_initial_state(seed=3)
    play(state, {s: make_bot(bot, seed=2) for s in game.sides})
    assert state.is_terminal()
    if bot == "heuristic":
        assert [e for e in state.log if isinstance(e, ArtilleryPlotted)]
        assert [e for e in state.log if isinstance(e, ArtilleryFire)]
    hurt = [e for e in state.log if isinstance(e, Damaged)]
    assert all(e.unit in game.units for e in hurt)


def test_a_unit_moving_into_a_hex_under_fire_is_fired_at_once_op_ii_d() -> None:
    """[OP II.D]: "Artillery Fire may be resolved during the Movement Execution ... against any
    units that enter or pass through a hex affected by Artillery Fire": the PZIVJ entering a
    hex next to this Turn's Impact hex is fired at there (a "00": Suppressed, adjacent);
    in the hex two away, where it stood, it was not under fire."""
    c = _centre()
    two = c.neighbor(0).neighbor(0)
    toward = _game((("M4", None),), (("PZIVJ", None),)).amap.global_to_direction(two, 3)
    game = _game(
        (("M4", _name(c.neighbor(3).neighbor(3).neighbor(3))),),
        (("PZIVJ", _name(two), toward),),
        _designated(_name(c)),
    )
    state = game.new_initial_state(seed=6)
    state.apply(ArtilleryPlot("us.ARTILLERY-MEDIUM.1", "D", _name(c)))
    _to(state, 3)
    reach = state.reach("german.PZIVJ.1")
    one = next(h for h in sorted(two.neighbors()) if h.distance(c) == 1 and h in reach)
    order = state.route("german.PZIVJ.1", [one])
    assert order is not None
    state.apply(order)
    state.force_dice(50, 100)  # no Scatter; then the roll as it enters the adjacent hex
    _to(state, 3, "first-facing")
    fire = [e for e in state.log if isinstance(e, ArtilleryFire)]
    assert [(e.target, e.roll, e.effects) for e in fire] == [
        ("german.PZIVJ.1", 100, ("suppressed",))
    ]
    assert "adjacent to the Impact hex" in fire[0].where
    assert state.troops.hexes["german.PZIVJ.1"] == one and state.suppressed("german.PZIVJ.1")
    assert ("us.ARTILLERY-MEDIUM.1", "german.PZIVJ.1") in state.artillery.struck


# --- Indirect Fire by Combat units [OP II.F] -----------------------------------------------------


def _far(h: Hex, hexes: int) -> Hex:
    """The hex ``hexes`` away from ``h`` toward compass 3, or 0 if that runs off the map."""
    game = _game((("M4", None),), (("PZIVJ", None),))
    for compass in (3, 0):
        x = h
        for _ in range(hexes):
            x = x.neighbor(compass)
        if game.on_map(x):
            return x
    raise AssertionError("no room")


def _howitzer(distance: int = 14) -> tuple[ArmorState, Hex]:
    """A German StuG IIIG (105mm), "Has Indirect Fire Capability", ``distance`` hexes from an
    American Infantry Squad and M4 in the centre; a PZIVJ (Radio) two hexes from them."""
    c = _centre()
    game = _game(
        (("US-INFANTRY-SQUAD", _name(c)), ("M4", _name(c))),
        (("STGIIIG-105", _name(_far(c, distance))), ("PZIVJ", _name(c.neighbor(0).neighbor(0)))),
        {"purchases": []},
    )
    return game.new_initial_state(seed=8), c


def test_indirect_fire_at_long_range_with_a_spotting_unit_op_ii_f_1_2() -> None:
    """[OP II.F.1-2]: a unit with Indirect Fire Capability and a Radio, a friendly Spotting unit
    with a Radio sighting the hex, the target at Long Range; a unit without the capability may
    not; the "H" order is the unit's order for the Turn."""
    from rules.armor.indirect.howitzers import IndirectFire

    state, c = _howitzer()
    legal = [a for a in state.legal_actions("german") if isinstance(a, IndirectFire)]
    assert legal == [IndirectFire("german.STGIIIG-105.1", _name(c))]
    assert "[OP II.F" in state.preview(IndirectFire("german.PZIVJ.1", _name(c))).why_not
    near, _ = _howitzer(distance=6)
    why = near.preview(IndirectFire("german.STGIIIG-105.1", _name(c))).why_not or ""
    assert "Long Range" in why and "[OP II.F.2]" in why
    state.apply(legal[0])
    assert not [a for a in state.legal_actions("german") if "STGIIIG" in a.text()]
    with pytest.raises(IllegalActionError, match=r"Indirect Fire \[AG V.A.1; OP II.F.3\]"):
        state.apply(Order("german.STGIIIG-105.1", moves="1"))
    assert state.game.parse_action(legal[0].text()) == legal[0]


def _howitzer_in(spotter_formation: str) -> tuple[ArmorState, Hex]:
    """:func:`_howitzer` with the StuG in Formation "able" and the PZIVJ, its only possible
    Spotting unit, in ``spotter_formation``."""
    c = _centre()
    text = _text(
        (("US-INFANTRY-SQUAD", _name(c)), ("M4", _name(c))),
        (("STGIIIG-105", _name(_far(c, 14))), ("PZIVJ", _name(c.neighbor(0).neighbor(0)))),
        {"purchases": []},
    )
    data = yaml.safe_load(text)
    stug, spotter = data["sides"][1]["forces"]
    stug["formation"], spotter["formation"] = "able", spotter_formation
    return _load(yaml.safe_dump(data, sort_keys=False)).new_initial_state(seed=8), c


def test_op_ii_f_1_the_spotting_unit_is_of_the_firers_formation() -> None:
    """[OP II.F.1] "The Spotting unit may be any Combat unit in the same Formation as the
    firing unit": with the order of battle's Formations, the PZIVJ of another Formation spots
    nothing for the StuG (the refusal says so); of the same Formation it does."""
    from rules.armor.indirect.howitzers import IndirectFire

    state, c = _howitzer_in("baker")
    order = IndirectFire("german.STGIIIG-105.1", _name(c))
    assert order not in state.legal_actions("german")
    why = state.preview(order).why_not or ""
    assert "of its Formation (able)" in why and "[OP II.F.1]" in why
    same, c = _howitzer_in("able")
    assert IndirectFire("german.STGIIIG-105.1", _name(c)) in same.legal_actions("german")


def test_indirect_fire_uses_the_total_gp_defense_of_the_impact_hex_op_ii_f_4_e() -> None:
    """[OP II.F.4]: Scatter on 01-70 (a 71 stays); the MV GP Factor against the total GP
    Defense of the Squad and the M4, one roll ("00"): Direct GP Fire effects on each (the Squad
    Knocked Out, the M4 Suppressed with a crew loss) [GC1 Effects of GP Hits]; the next Turn
    at the same hex is Continuous: 01-40 [OP II.F.4.b(2); F.5]."""
    from rules.armor.indirect.events import IndirectFireResolved
    from rules.armor.indirect.howitzers import IndirectFire

    state, c = _howitzer()
    state.apply(IndirectFire("german.STGIIIG-105.1", _name(c)))
    state.force_dice(71, 100)
    _to(state, 1, "artillery-impact")
    impact = next(e for e in state.log if isinstance(e, ArtilleryImpact))
    assert (impact.scatter_on, impact.impact) == (70, _name(c))
    fire = next(e for e in state.log if isinstance(e, IndirectFireResolved))
    assert fire.targets == ("us.M4.1", "us.US-INFANTRY-SQUAD.1") and fire.result == "K"
    assert fire.defense > 2  # the M4's and the Squad's together
    assert "us.US-INFANTRY-SQUAD.1" in state.damage.eliminated
    assert state.suppressed("us.M4.1") and state.damage.crew_losses.get("us.M4.1") == 1
    _to(state, 2)
    state.apply(IndirectFire("german.STGIIIG-105.1", _name(c)))
    state.force_dice(41)
    _to(state, 2, "artillery-impact")
    again = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert (again.scatter_on, again.roll, again.impact) == (40, 41, _name(c))


def test_the_heuristic_bot_gives_an_indirect_fire_order_when_it_pays() -> None:
    """The heuristic bot orders its StuG IIIG (105mm) to fire "H" at the Americans it cannot
    sight [OP II.F], and the game plays to its end."""
    from rules.armor.indirect.events import IndirectFireResolved

    state, _ = _howitzer()
    play(state, {s: make_bot("heuristic", seed=1) for s in state.game.sides})
    assert state.is_terminal()
    fired = [e for e in state.log if isinstance(e, IndirectFireResolved)]
    assert fired and all(e.unit == "german.STGIIIG-105.1" for e in fired)


def test_air_spotting_spots_for_every_battery_but_not_in_woods_op_ii_b_3_op_iii_e() -> None:
    """[OP II.B.3; III.C; III.E]: with Air Spotting bought, Called fire may go to a hex no
    ground unit sights, but not to a Woods hex (Planes do not sight Woods)."""
    c = _centre()
    far = _far(c, 14)
    woods = c.neighbor(1)
    extra = {"purchases": [{"item": "ARTILLERY-MEDIUM"}, {"item": "AIR-SPOTTING"}]}
    edits = f"{{hexes: [{_name(woods)}], terrain: woods}}"
    game = _game((("M4", PARK),), (("PZIVJ", _name(far)),), extra, edits=edits)
    assert game.air_spotters == frozenset({"us"})
    state = game.new_initial_state(seed=1)
    b = "us.ARTILLERY-MEDIUM.1"
    assert state.preview(ArtilleryPlot(b, "C", _name(far))).legal
    why = state.preview(ArtilleryPlot(b, "C", _name(woods))).why_not or ""
    assert "cannot sight" in why
    ground = _game((("M4", PARK),), (("PZIVJ", _name(far)),), edits=edits)
    assert not ground.new_initial_state(seed=1).preview(ArtilleryPlot(b, "C", _name(far))).legal
