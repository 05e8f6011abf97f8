"""Armor's Mortar Teams [OP II.E; OP II.F.4.b(1); F.4.d] in play.

- A Leg unit that moves as a Machinegun Team, with no Close Assault [OP II.E.4]; not from a
  Building hex, from an Alley hex [E.1]; from Full Cover [E.2].
- Fire at a hex, "F" and the hex number, Direct (a sighted hex in range, the Direct Fire
  Phase) [E.3; E.5.c] or "H" Indirect [OP II.F]; no other fire [E.3].
- Scatter with the card's numbers (placeholders: 01-20 Short Range, 01-30 Long Range),
  Continuous 01-10 [E.5; GC2 Artillery Tables], doubled for Indirect Fire [F.4.b(1)]; the
  fire at each unit in the Impact hex, friendly ones too [E.5.b], Defilade as Clear [E.5.e].
- The preview gives the Scatter chance and each unit's odds; the heuristic bot fires it.
"""

from __future__ import annotations

import functools

import pytest
import yaml
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.events import FireCancelled
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import defense
from rules.armor.indirect.events import MortarFire, MortarImpact
from rules.armor.indirect.howitzers import IndirectFire
from rules.armor.invariants import invariants
from rules.armor.move import fire_limit
from rules.armor.orders import Order
from rules.bots.base import RandomBot, make_bot, play
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.registry import load_game

MORTAR = "us.US-MORTAR-TEAM.1"
SQUAD, MG = "german.INFANTRY-SQUAD.1", "german.GE-MG-TEAM.1"
Force = tuple[str, str]


def _text(
    us: tuple[Force, ...], german: tuple[Force, ...], options: tuple[str, ...], edits: str
) -> str:
    def forces(units: tuple[Force, ...]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {h}}}}}" for code, h in units
        )

    head = f"""
schema_version: 1
id: test-armor-mortars
title: Test position
system: armor
original: true
rules: {{level: advanced-game, options: [{", ".join(options)}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  terrain_options: {{alleys: alley}}
"""
    data = yaml.safe_load(head + two_sides(forces(us), forces(german), turns=6))
    return yaml.safe_dump(data, sort_keys=False)


@functools.cache
def _load(text: str) -> ArmorGame:
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _game(
    us: tuple[Force, ...],
    german: tuple[Force, ...],
    options: tuple[str, ...] = (),
    edits: str = "",
) -> ArmorGame:
    return _load(_text(us, german, options, edits))


@functools.cache
def _centre() -> Hex:
    """A Clear hex with Clear hexes around it and for 21 hexes toward compass 3, each in sight
    of it, on K."""
    game = _game((("M4", "L3830"),), (("PZIVJ", "L3828"),))
    for h in sorted(game.terrain.hexes(), key=lambda x: (game.name(x)[0] != "K", x)):
        line = [h, *h.neighbors()]
        x = h
        for _ in range(21):
            x = x.neighbor(3)
            line.append(x)
        if all(game.on_map(y) and game.terrain.terrain(y) == "clear" for y in line) and all(
            game.sees(y, h) for y in line[7:]
        ):
            return h
    raise AssertionError("no open ground")


def _name(h: Hex) -> str:
    return _game((("M4", "L3830"),), (("PZIVJ", "L3828"),)).name(h)


def _far(hexes: int) -> Hex:
    x = _centre()
    for _ in range(hexes):
        x = x.neighbor(3)
    return x


def _state(
    distance: int = 6,
    us: tuple[Force, ...] = (),
    options: tuple[str, ...] = (),
    edits: str = "",
    seed: int = 3,
) -> ArmorState:
    """The American Mortar Team ``distance`` hexes from a German Infantry Squad and
    Machinegun Team stacked in the centre, with ``us`` besides."""
    c = _centre()
    game = _game(
        (("US-MORTAR-TEAM", _name(_far(distance))), *us),
        (("INFANTRY-SQUAD", _name(c)), ("GE-MG-TEAM", _name(c))),
        options,
        edits,
    )
    return game.new_initial_state(seed=seed)


def _to(state: ArmorState, turn: int, segment: str = "plot") -> None:
    """Every side says 'done' until play reaches the Turn's segment."""
    at = [s.id for _, s in state.game.steps].index(segment)
    while not state.play.over and (state.play.turn, state.play.step) < (turn, at):
        state.apply(Done(state.to_act()[0]))


def _mortar_orders(state: ArmorState) -> list[Order]:
    return [a for a in state.legal_actions("us") if isinstance(a, Order) and a.unit == MORTAR]


# --- the unit [OP II.E.1-4] ------------------------------------------------------------------


def test_a_mortar_team_moves_as_a_machinegun_team_with_no_close_assault_op_ii_e_4() -> None:
    """[OP II.E.4]: it moves as a Machinegun Team (no fire after moving [ADV V.A.3]) and may
    not Close Assault; its GP Defense is a Leg unit's, as the Machinegun Team's beside it."""
    state = _state(distance=1)
    spec = state.game.units[MORTAR]
    assert spec.mortar and spec.mg_team and spec.leg and fire_limit(spec) == 0
    assert not [o for o in _mortar_orders(state) if o.assault]
    why = state.preview(Order(MORTAR, assault=SQUAD)).why_not or ""
    assert "may not use Close Assault Combat [OP II.E.4]" in why
    moving = state.preview(Order(MORTAR, fire=_name(_centre()), moves="1")).why_not or ""
    assert "[OP II.E.4; ADV V.A.3]" in moving
    assert defense(state, MORTAR, False).value == defense(state, MG, False).value


def test_a_mortar_fires_no_overrun_defensive_fire_op_ii_e_3() -> None:
    """[OP II.E.3]: "Mortar units may use only Direct or Indirect Fire": no Defensive Fire at a
    Vehicle that Overruns it [ADV VIII.A.2], which a Machinegun Team fires."""
    from rules.armor.overrun import why_not_defend

    c = _centre()
    game = _game(
        (("US-MORTAR-TEAM", _name(c)), ("US-MG-TEAM", _name(c))),
        (("PZIVJ", _name(c.neighbor(3))),),
    )
    state = game.new_initial_state(seed=1)
    came = c.neighbor(3)
    why = why_not_defend(state, MORTAR, "german.PZIVJ.1", came, first=False) or ""
    assert "only Direct or Indirect Fire [OP II.E.3]" in why
    assert why_not_defend(state, "us.US-MG-TEAM.1", "german.PZIVJ.1", came, first=False) is None


def test_mortar_fire_is_at_a_hex_never_at_a_unit_op_ii_e_3() -> None:
    """[OP II.E.3]: only Direct or Indirect Fire, "the number of the hex, instead of the target
    unit's number": "F" and the hex is offered and reads back; fire at a unit and Opportunity
    Fire are refused."""
    state = _state()
    target = _name(_centre())
    fire = [o for o in _mortar_orders(state) if o.fire]
    assert fire == [Order(MORTAR, fire=target)]
    assert not [o for o in _mortar_orders(state) if o.opportunity or o.tracking]
    assert state.game.parse_action(f"order {MORTAR} F-{target}") == fire[0]
    at_unit = state.preview(Order(MORTAR, fire=SQUAD)).why_not or ""
    assert "fires at a hex" in at_unit and "[OP II.E.3]" in at_unit
    watch = state.preview(Order(MORTAR, opportunity=target)).why_not or ""
    assert "only Direct or Indirect Fire" in watch and "[OP II.E.3]" in watch
    assert state.concerns(fire[0]).hex == _centre()


def test_mortars_do_not_fire_from_buildings_but_do_from_alleys_op_ii_e_1() -> None:
    """[OP II.E.1; OP XXVII.D.7]: no fire from a Building hex; an Alley hex (the Alley
    Optional Rule's terrain) is allowed."""
    here = _name(_far(6))
    inside = _state(edits=f"{{hexes: [{here}], terrain: brick-building}}")
    assert not [o for o in _mortar_orders(inside) if o.fire]
    why = inside.preview(Order(MORTAR, fire=_name(_centre()))).why_not or ""
    assert "may not fire from Building hexes" in why and "[OP II.E.1]" in why
    alley = _state(edits=f"{{hexes: [{here}], terrain: alley}}")
    assert alley.preview(Order(MORTAR, fire=_name(_centre()))).legal


def test_a_mortar_under_full_cover_still_fires_op_ii_e_2() -> None:
    """[OP II.E.2]: "Mortar units may fire from Full Cover": under its Full Cover unit it is
    offered its fire (other units only "C" [ADV IV.C.4]) and stays covered."""
    state = _state(distance=10)
    state.apply(Order(MORTAR, cover=True))
    _to(state, 2)
    assert MORTAR in state.cover.covered
    fire = Order(MORTAR, fire=_name(_centre()))
    assert fire in _mortar_orders(state)
    state.apply(fire)
    state.force_dice(99, 1, 1)  # no Scatter, then No Damage twice
    _to(state, 2, "first-facing")
    assert [e.mortar for e in state.log if isinstance(e, MortarFire)] == [MORTAR, MORTAR]
    assert MORTAR in state.cover.covered


# --- Direct Mortar Fire [OP II.E.5] --------------------------------------------------------------


def test_mortar_fire_is_resolved_against_each_unit_in_the_impact_hex_op_ii_e_5_b() -> None:
    """[OP II.E.5; E.5.b; E.5.c]: in the Direct Fire Phase, Scatter on 01-20 at Short Range (a
    21 stays); the Mortar's GP Factor against each unit's GP Defense, one roll each: "00"
    Knocks Out the Machinegun Team, 05 leaves the Squad alone [GC1 GP Hit Table]."""
    state = _state()
    order = Order(MORTAR, fire=_name(_centre()))
    chances = state.preview(order).chances
    assert chances[0].effect == 0.2 and "Scatter on 01-20" in chances[0].words
    assert {c.target for c in chances[1:]} == {SQUAD, MG}
    state.apply(order)
    state.force_dice(21, 100, 5)
    _to(state, 1, "first-movement")
    impact = next(e for e in state.log if isinstance(e, MortarImpact))
    assert (impact.scatter_on, impact.roll, impact.impact) == (20, 21, _name(_centre()))
    assert "[OP II.E.5.a]" in impact.describe()
    fired = [e for e in state.log if isinstance(e, MortarFire)]
    assert [(e.target, e.roll, e.result) for e in fired] == [(MG, 100, "K"), (SQUAD, 5, "N")]
    assert all("[OP II.E.5.b" in e.describe() for e in fired)
    assert MG in state.damage.eliminated and not state.suppressed(SQUAD)


def test_mortar_fire_at_long_range_scatters_onto_friendly_units_op_ii_e_5_a() -> None:
    """[OP II.E.5; E.5.a-b; OP II.D.2]: beyond the Range Line the card's other Scatter number
    (01-30, a placeholder); a 27 Scatters, the book's "27" is direction 2: the Impact hex is
    the next hex that way, where the American Squad is fired at (friendly units too)."""
    c = _centre()
    game = _game((("M4", "L3830"),), (("PZIVJ", "L3828"),))
    aside = c.neighbor(game.amap.direction_to_global(c, 2))
    state = _state(distance=20, us=(("US-INFANTRY-SQUAD", _name(aside)),))
    state.apply(Order(MORTAR, fire=_name(c)))
    state.force_dice(27, 27, 100)
    _to(state, 1, "first-movement")
    impact = next(e for e in state.log if isinstance(e, MortarImpact))
    assert (impact.scatter_on, impact.direction, impact.impact) == (30, 2, _name(aside))
    fired = [(e.target, e.result) for e in state.log if isinstance(e, MortarFire)]
    assert fired == [("us.US-INFANTRY-SQUAD.1", "K")]
    assert "us.US-INFANTRY-SQUAD.1" in state.damage.eliminated
    assert SQUAD in state.troops.hexes and MG in state.troops.hexes


def test_continuous_mortar_fire_at_the_same_hex_scatters_on_01_10_op_ii_e_5_c() -> None:
    """[OP II.E.5; E.5.c; GC2 Artillery Tables]: replotted at the same hex the next Turn, the
    fire is Continuous: Scatter on 01-10 (an 11 stays); the preview says so."""
    state = _state()
    target = _name(_centre())
    state.apply(Order(MORTAR, fire=target))
    state.force_dice(21, 1, 1)
    _to(state, 2)
    again = Order(MORTAR, fire=target)
    first = state.preview(again).chances[0]
    assert first.effect == 0.1 and first.words.startswith("Continuous Fire")
    state.apply(again)
    state.force_dice(11, 1, 1)
    _to(state, 2, "first-movement")
    impact = [e for e in state.log if isinstance(e, MortarImpact)][-1]
    assert (impact.scatter_on, impact.roll, impact.impact) == (10, 11, target)


def test_defilade_and_ditch_count_as_clear_against_mortar_fire_op_ii_e_5_e() -> None:
    """[OP II.E.5.e]: the Squad in a Defilade hex has the Clear GP Defense against the Mortar,
    not its Defilade one."""
    c = _name(_centre())
    state = _state(edits=f"{{hexes: [{c}], terrain: defilade}}")
    assert defense(state, SQUAD, False).value > 2
    odds = {x.target: x.words for x in state.preview(Order(MORTAR, fire=c)).chances}
    assert (
        "GP Defense 2 (defilade counts as Clear against Mortar Fire [OP II.E.5.e])" in odds[SQUAD]
    )


def test_a_suppressed_mortar_fires_no_more_adv_iv_d() -> None:
    """A Suppressed Leg unit may not fire [ADV IV.D]: the order is refused, and one plotted
    before it was Suppressed is cancelled in the Direct Fire Phase."""
    state = _state()
    fire = Order(MORTAR, fire=_name(_centre()))
    state.damage.suppressed[MORTAR] = 1
    assert "Suppressed" in (state.preview(fire).why_not or "")
    del state.damage.suppressed[MORTAR]
    state.apply(fire)
    state.damage.suppressed[MORTAR] = 1
    _to(state, 1, "first-movement")
    assert any(isinstance(e, FireCancelled) and e.unit == MORTAR for e in state.log)
    assert not [e for e in state.log if isinstance(e, MortarImpact)]


# --- Indirect Mortar Fire [OP II.F.4.b(1); F.4.d] ------------------------------------------------


def test_mortar_indirect_fire_doubles_its_scatter_numbers_op_ii_f_4_b_1() -> None:
    """[OP II.F.1-2; F.4.b(1); F.4.d]: with the Artillery option the Mortar Team (a Radio, a
    placeholder) fires "H" at Long Range with the M4 spotting: Scatter 01-60 (01-30 doubled),
    a 61 stays; each unit in the Impact hex fired at as by Direct Mortar Fire; the next Turn at
    the same hex Continuous, 01-20. At Short Range "H" is refused [F.2]."""
    c = _centre()
    spotter = (("M4", _name(c.neighbor(3).neighbor(3))),)
    state = _state(distance=20, us=spotter, options=("artillery",))
    h = IndirectFire(MORTAR, _name(c))
    assert h in state.legal_actions("us")
    preview = state.preview(h)
    assert (
        preview.chances[0].effect == 0.6 and "doubled for Indirect Fire" in preview.chances[0].words
    )
    state.apply(h)
    state.force_dice(61, 100, 1)
    _to(state, 1, "first-movement")
    impact = next(e for e in state.log if isinstance(e, MortarImpact))
    assert (impact.notation, impact.scatter_on, impact.impact) == (f"H{_name(c)}", 60, _name(c))
    fired = [e for e in state.log if isinstance(e, MortarFire)]
    assert [(e.target, e.result) for e in fired] == [(MG, "K"), (SQUAD, "N")]
    assert all("[OP II.F.4.d" in e.describe() for e in fired)
    _to(state, 2)
    state.apply(IndirectFire(MORTAR, _name(c)))
    state.force_dice(21, 1)
    _to(state, 2, "first-movement")
    again = [e for e in state.log if isinstance(e, MortarImpact)][-1]
    assert (again.scatter_on, again.roll) == (20, 21)
    near = _state(distance=6, us=spotter, options=("artillery",))
    why = near.preview(IndirectFire(MORTAR, _name(c))).why_not or ""
    assert "Long Range" in why and "[OP II.F.2]" in why


# --- Smoke [OP IX.A] ------------------------------------------------------------------------------


def test_a_mortar_fires_smoke_that_scatters_first_op_ix_a_3() -> None:
    """[OP IX.A.1; IX.A.3; OP II.E.5]: with the Smoke option "Mortar units" fire "FS" at a
    sighted hex; the Smoke lands "after checking for Scatter": 01-20 at Short Range, a 27
    then direction 2 moves it one hex; an inverted Smoke unit there."""
    c = _centre()
    state = _state(options=("smoke",))
    fs = Order(MORTAR, smoke=_name(c))
    assert fs in _mortar_orders(state)
    assert "Scatter checked first, on 01-20" in state.preview(fs).chances[0].words
    state.apply(fs)
    state.force_dice(20, 27)
    _to(state, 1, "first-movement")
    impact = next(e for e in state.log if isinstance(e, MortarImpact))
    aside = c.neighbor(state.game.amap.direction_to_global(c, 2))
    assert (impact.notation, impact.scatter_on, impact.roll) == (f"FS-{_name(c)}", 20, 20)
    assert state.smoke.smoke_inverted == {aside}
    assert not [e for e in state.log if isinstance(e, MortarFire)]


def test_a_mortars_hs_scatters_on_its_doubled_numbers_op_ix_a_1_op_ii_f_4_b_1() -> None:
    """[OP IX.A.1; OP II.F.4.b(1)]: "HS" by a Mortar Team at Long Range, Scatter on 01-60; a 61
    stays: the inverted Smoke unit in the target hex."""
    c = _centre()
    spotter = (("M4", _name(c.neighbor(3).neighbor(3))),)
    state = _state(distance=20, us=spotter, options=("artillery", "smoke"))
    hs = Order(MORTAR, smoke=_name(c), smoke_indirect=True)
    assert state.preview(hs).legal
    state.apply(hs)
    state.force_dice(61)
    _to(state, 1, "first-movement")
    impact = next(e for e in state.log if isinstance(e, MortarImpact))
    assert (impact.scatter_on, impact.roll, impact.impact) == (60, 61, _name(c))
    assert state.smoke.smoke_inverted == {c}


# --- the bot --------------------------------------------------------------------------------------


def test_the_heuristic_bot_fires_its_mortar_at_the_enemy_hex() -> None:
    """The heuristic bot weighs the Mortar's fire at the Germans' hex as other GP fire and
    fires it; the game plays to its end."""
    state = _state(distance=8, seed=5)
    play(state, {s: make_bot("heuristic", seed=1) for s in state.game.sides})
    assert state.is_terminal()
    assert any(e.mortar == MORTAR for e in state.log if isinstance(e, MortarFire))


def test_a_mortar_game_clones_and_keeps_its_last_target_in_a_position_file() -> None:
    """A clone taken after the fire is plotted plays on to the same fingerprint; the hex it
    fired at, which makes next Turn's fire Continuous [OP II.E.5.c], reads back from a
    position file."""
    state = _state()
    state.apply(Order(MORTAR, fire=_name(_centre())))
    twin = state.clone()
    for s in (state, twin):
        _to(s, 2)
    assert state.fingerprint() == twin.fingerprint()
    assert state.artillery.indirect_last == {MORTAR: (1, _centre())}
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.artillery.indirect_last == state.artillery.indirect_last
    assert back.position_fingerprint() == state.position_fingerprint()


def test_a_position_keeps_a_mortars_plotted_fire_at_a_hex() -> None:
    """A Mortar Team's fire names a hex, not a unit [OP II.E.3]: a position written just after
    the order is plotted reads back with it (a position's orders must name the scenario's units
    and hexes)."""
    state = _state()
    target = _name(_centre())
    state.apply(Order(MORTAR, fire=target))
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.sheets.orders["us"][MORTAR].fire == target
    assert back.position_fingerprint() == state.position_fingerprint()


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_games_with_mortars_keep_the_state_api_promises(seed: int) -> None:
    """Random games with Mortar Teams on both sides, the Artillery and Smoke options on: every
    listed action passes the check ``apply`` makes and previews as legal, the invariants hold
    after every action, a clone has the same fingerprint, the game ends."""
    c = _centre()
    game = _game(
        (
            ("US-MORTAR-TEAM", _name(_far(10))),
            ("US-MORTAR-TEAM", _name(_far(18))),
            ("M4", _name(_far(2))),
            ("US-INFANTRY-SQUAD", _name(_far(4))),
        ),
        (
            ("GE-MORTAR-TEAM", _name(c)),
            ("INFANTRY-SQUAD", _name(c.neighbor(0))),
            ("PZIVJ", _name(c.neighbor(1))),
        ),
        ("artillery", "smoke"),
    )
    state = game.new_initial_state(seed=seed)
    bots = {s: RandomBot(seed * 10 + i) for i, s in enumerate(game.sides)}
    while not state.is_terminal():
        side = state.to_act()[0]
        actions = state.legal_actions(side)
        assert actions
        for a in actions:
            assert state.why_not(a) is None, a.text()
            if "MORTAR" in a.text():
                assert state.preview(a).legal, a.text()
        state.apply(bots[side].choose(state, side))
        assert not invariants(state)
        assert state.clone().fingerprint() == state.fingerprint()
    assert state.outcome() is not None
