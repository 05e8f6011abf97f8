"""Armor's Special Vehicle Units [OP XXV]: the Sherman "Crab" [A], the Churchill Petard AVRE
[B] and the Flamethrower Tanks [D] (:mod:`rules.armor.optional.specials`). The book has no
worked example of them: forced dice on made positions, each table read checked."""

from __future__ import annotations

import functools

import pytest
from armor_scenes import plot_to_next_plot as _plot
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario import Side
from model.scenario_io import parse_scenario
from rules.armor.bailout import BailOut
from rules.armor.events import GpFire
from rules.armor.fire import why_not_fire
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.gp import gp_aim, gp_chance, uses_gp
from rules.armor.invariants import invariants
from rules.armor.optional import blaze, specials
from rules.armor.optional.events import HexChanged
from rules.armor.orders import Order
from rules.armor.support.events import MineAttack
from rules.armor.support.mines import danger
from rules.armor.support.setup import edge_ranges
from rules.armor.units import unit_of
from rules.bots.base import make_bot, play
from rules.records.position import PositionReader
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-specials")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
  terrain_options: {{{terrain}}}
"""
)
PARK = "L3830"
#: A force entry: unit code, hex (None: parked out of the way), compass facing.
Force = tuple[str, Hex | None, int]
CRAB, PETARD, CROC = "us.SHERMAN-CRAB.1", "us.CHURCHILL-AVRE-PETARD.1", "us.CHURCHILL-CROCODILE.1"
FLAMMEN, PZ, M4 = "german.FLAMMEN-III.1", "german.PZIVJ.1", "us.M4.1"


@functools.cache
def base() -> ArmorGame:
    return _game((("M4", None, 0),), (("PZIVJ", None, 0),))


@functools.cache
def _game(
    us: tuple[Force, ...],
    german: tuple[Force, ...],
    options: str = "",
    edits: str = "",
    terrain: str = "",
) -> ArmorGame:
    def forces(units: tuple[Force, ...]) -> str:
        lines = []
        for code, h, compass in units:
            place = f"{{kind: hex, hex: {PARK}}}"
            if h is not None:
                amap = base().amap
                number = amap.global_to_direction(h, compass)
                place = f"{{kind: hex, hex: {amap.name(h)}, facing: {number}}}"
            code, _, mark = code.partition("+")  # "M4+culin": the entry's state [OP XXV.E]
            marks = f"state: [{mark}], " if mark else ""
            lines.append(f"      - {{unit: {code}, {marks}placement: {place}}}")
        return "\n".join(lines)

    text = SCENARIO.format(options=options, edits=edits, terrain=terrain) + two_sides(
        forces(us), forces(german), turns=3
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def _state(
    us: tuple[Force, ...],
    german: tuple[Force, ...],
    options: str = "",
    edits: str = "",
    terrain: str = "",
) -> ArmorState:
    state = _game(us, german, options, edits, terrain).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _open(game: ArmorGame, edge: dict[Hex, int], h: Hex) -> bool:
    eff = game.terrain.effective(h)
    return edge.get(h, 0) >= 6 and eff.terrain == "clear" and not eff.paths


@functools.cache
def _line(length: int) -> tuple[Hex, ...]:
    """``length`` Clear hexes at one level in a line going compass 0, away from the sides."""
    game = base()
    edge = edge_ranges(game)
    fits = functools.partial(_open, game, edge)
    return tuple(straight_line(game, length, fits=fits, one_level=True))


def _events(state: ArmorState, kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in state.log if isinstance(e, kind)]


def test_op_xxv_a_variant_is_its_own_unit_type_with_its_base_cards_values() -> None:
    """[OP XXV]: "all of these Vehicles are variants of more standard Vehicles, and are
    mentioned in the 'Notes' sections of their Data Cards": a force names the variant, and it
    has its base card's values where it gives none (the Crab the M4's Speed and 75mm; the
    Petard no 75mm [B.1]; the Crocodile the 75mm and no UH machinegun [D.2])."""
    us = Side(id="us", name="US", nation="us")
    m4, crab = unit_of(us, "M4", 1), unit_of(us, "SHERMAN-CRAB", 1)
    assert (crab.speed, crab.gun, crab.points, crab.turn_costs) == (
        m4.speed,
        m4.gun,
        m4.points,
        m4.turn_costs,
    )
    petard = unit_of(us, "CHURCHILL-AVRE-PETARD", 1)
    churchill = unit_of(us, "CHURCHILL", 1)
    assert petard.gun is None and churchill.gun == "75mm" and petard.speed == churchill.speed
    assert petard.mg_locations == ("UH",)  # the UH machinegun operates normally [B.3]
    croc = unit_of(us, "CHURCHILL-CROCODILE", 1)
    assert croc.gun == "75mm" and croc.mg_locations == ()


# --- the Sherman "Crab" [OP XXV.A] --------------------------------------------------------------


def test_op_xxv_a_1_crab_may_not_fire_at_a_lower_target_to_its_front() -> None:
    """[OP XXV.A.1]: "A Crab unit cannot use Direct or Opportunity Fire at targets located to
    its front that are at lower elevation levels than itself": a lower Panzer IV ahead may not
    be fired at; with the hull turned away and the turret on it, it may; an M4 may fire."""
    line = _line(3)
    high, low, d = line[0], line[2], 0
    hill = f"{{hexes: [{base().name(high)}], terrain: clear, elevation: 1}}"
    state = _state((("SHERMAN-CRAB", high, d),), (("PZIVJ", low, 3),), edits=hill)
    assert state.game.level(high) > state.game.level(low)
    why = why_not_fire(state, CRAB, PZ)
    assert why is not None and "[OP XXV.A.1]" in why and "lower elevation" in why
    shown = state.preview(Order(CRAB, fire=PZ))
    assert not shown.legal and "[OP XXV.A.1]" in (shown.why_not or "")
    plain = _state((("M4", high, d),), (("PZIVJ", low, 3),), edits=hill)
    assert why_not_fire(plain, M4, PZ) is None
    state.troops.facing[CRAB] = (d + 3) % 6  # the hull away, the turret back on the target
    state.troops.turret[CRAB] = 3
    assert why_not_fire(state, CRAB, PZ) is None
    level = _state((("SHERMAN-CRAB", _line(3)[0], 0),), (("PZIVJ", _line(3)[2], 3),))
    assert why_not_fire(level, CRAB, PZ) is None  # same level: no restriction


def _mined(us: tuple[Force, ...]) -> ArmorState:
    """A German Mine unit on a clear line: its Mines in its hex and the six around it."""
    line = _line(6)
    return _state(us, (("PZIVJ", None, 0), ("MINES", line[3], 0)))


def test_op_xxv_a_2_crab_moving_one_hex_clears_the_minefield_hex_it_enters() -> None:
    """[OP XXV.A.2]: "A Crab can 'clear' one hex on a Minefield per Turn when moving at a
    speed of no more than one hex per Turn ... A 'cleared' hex is considered to no longer
    contain any mines, and can be moved through safely": the Crab moving one hex into a mined
    hex clears it and is not attacked; an M4 then passes through it unharmed, the next mined
    hex attacking it (forced 50, a 50TK Track hit)."""
    line = _line(6)
    state = _mined((("SHERMAN-CRAB", line[1], 0), ("M4", line[0], 0)))
    _plot(state, Order(CRAB, moves="1"))
    assert state.troops.hexes[CRAB] == line[2]
    assert not _events(state, MineAttack)
    assert state.specials.cleared == {line[2]} and state.specials.swept == {CRAB: 1}
    (note,) = [e for e in _events(state, HexChanged) if "[OP XXV.A.2]" in e.rule]
    assert note.where == base().name(line[2])
    assert danger(state, M4, line[2]) is None and danger(state, M4, line[3]) == "maybe"
    state.troops.hexes[CRAB] = line[5]  # out of the way
    state.force_dice(50)
    _plot(state, Order(M4, moves="3"))
    (attack,) = _events(state, MineAttack)  # none in the cleared hex, line[2]
    assert attack.hex == base().name(line[3]) and attack.result == "Track hit"


def test_op_xxv_a_2_crab_moving_two_hexes_does_not_clear() -> None:
    """[OP XXV.A.2]: "When moving faster than one hex per Turn, the unit loses the ability to
    'clear' a Minefield hex": ordered two hexes, the Mines of the hex it enters attack it."""
    line = _line(6)
    state = _mined((("SHERMAN-CRAB", line[0], 0),))
    state.force_dice(99, 99, 99)
    _plot(state, Order(CRAB, moves="2"))
    attacks = _events(state, MineAttack)
    assert attacks and attacks[0].hex == base().name(line[2])
    assert not state.specials.cleared


# --- the Churchill Petard AVRE [OP XXV.B] -------------------------------------------------------


def test_op_xxv_b_1_petard_fires_the_290mm_mortars_gp_factors_not_a_75mm() -> None:
    """[OP XXV.B.1]: "The GP Factors for the 290mm mortar are shown on the card. The AP and GP
    Factors for the 75mm gun are not used": the Petard fires GP at a tank (no AP gun), with the
    mortar's placeholder NM 46 to 2 hexes and 30 at 3-4, none beyond; the placeholder is
    named in the fire's event; its UH machinegun fires with it at the same target, no order
    of its own written [OP XXV.B.3; ADV IV.E.2]."""
    line = _line(6)
    state = _state((("CHURCHILL-AVRE-PETARD", line[0], 0),), (("PZIVJ", line[2], 3),))
    assert uses_gp(state, PETARD, PZ)
    shot = gp_aim(state, PETARD, PZ)
    assert (shot.factor, shot.column) == (46, "46+")
    state.troops.hexes[PZ] = line[4]
    assert gp_aim(state, PETARD, PZ).factor == 30
    state.troops.hexes[PZ] = line[5]
    assert "beyond its GP range" in (why_not_fire(state, PETARD, PZ) or "")
    state.troops.hexes[PZ] = line[2]
    state.force_dice(1)
    _plot(state, Order(PETARD, fire=PZ))
    fire, uh = _events(state, GpFire)
    assert "290mm mortar [OP XXV.B.1]" in fire.rule and "Petard" in fire.placeholder
    assert uh.verb == "fires its (UH) machinegun at" and uh.target == PZ


def test_op_xxv_b_2_petard_reloads_only_with_the_turret_forward() -> None:
    """[OP XXV.B.2]: "the Turret unit must point directly forward to reload ... If not, the
    mortar can not fire until the Turret unit is returned to facing directly forward": fired
    with the turret turned, the Petard may not fire again until a Final Facing puts it
    forward; fired with the turret forward it reloads at once."""
    line = _line(4)
    state = _state((("CHURCHILL-AVRE-PETARD", line[0], 5),), (("PZIVJ", line[2], 3),))
    state.troops.turret[PETARD] = 1  # the mortar on the tank, the hull off to the left
    assert why_not_fire(state, PETARD, PZ) is None
    state.force_dice(1)
    _plot(state, Order(PETARD, fire=PZ))
    assert state.specials.unloaded == {PETARD}
    why = why_not_fire(state, PETARD, PZ)
    assert why is not None and "[OP XXV.B.2]" in why
    state.troops.turret[PETARD] = 0
    specials.reload(state, PETARD)  # a Final Facing with the turret forward
    assert not state.specials.unloaded
    state.troops.turret[PETARD] = 1
    assert why_not_fire(state, PETARD, PZ) is None
    state.troops.facing[PETARD], state.troops.turret[PETARD] = 0, 0
    state.force_dice(1)
    _plot(state, Order(PETARD, fire=PZ))
    mortar = [e for e in _events(state, GpFire) if e.verb == "fires GP at"]
    assert len(mortar) == 2 and not state.specials.unloaded


# --- the Flamethrower Tanks [OP XXV.D] ----------------------------------------------------------


def test_op_xxv_d_3_flamethrower_adds_10_and_may_not_fire_while_moving() -> None:
    """[OP XXV.D.3]: "Flamethrowers are fired like any other GP Weapons ... '10' is added to
    the dice roll when they are used. A flamethrower may not be fired while moving": the
    Flammen III at 1 hex, its placeholder NM 40, the +10 in the shot and in the preview's
    words; none beyond its 2 hexes; none with movement orders."""
    line = _line(5)
    state = _state((("M4", line[0], 0),), (("FLAMMEN-III", line[1], 3),))
    shot = gp_aim(state, FLAMMEN, M4)
    assert shot.factor == 40 and specials.FLAME_BONUS in shot.dice_modifiers
    words, _ = gp_chance(state, FLAMMEN, M4)
    assert "+10 Flamethrower" in words
    (chance,) = state.preview(Order(FLAMMEN, fire=M4)).chances  # the preview's odds
    assert "+10 Flamethrower" in chance.words
    moving = why_not_fire(state, FLAMMEN, M4, moving=True)
    assert moving is not None and "[OP XXV.D.3]" in moving
    state.troops.hexes[FLAMMEN] = line[3]
    assert "beyond its GP range" in (why_not_fire(state, FLAMMEN, M4) or "")


def test_op_xxv_d_2_crocodile_flames_close_and_fires_its_75mm_beyond() -> None:
    """[OP XXV.D.2]: "The main 75mm gun or the flamethrower may be fired during any one
    Turn, not both": our reading, the Crocodile flames a tank within the flamethrower's 3
    hexes when it has no movement orders (GP, +10), else fires its 75mm AP."""
    line = _line(6)
    state = _state((("CHURCHILL-CROCODILE", line[0], 0),), (("PZIVJ", line[2], 3),))
    assert uses_gp(state, CROC, PZ)
    assert specials.FLAME_BONUS in gp_aim(state, CROC, PZ).dice_modifiers
    state.troops.hexes[PZ] = line[5]
    assert not uses_gp(state, CROC, PZ)


@pytest.mark.parametrize(("roll", "bails"), [(15, True), (16, False)])
def test_op_xxv_d_5_flamed_vehicle_not_knocked_out_must_try_to_bail_out(
    roll: int, bails: bool
) -> None:
    """[OP XXV.D.5]: "The crew of any Vehicle unit against which the flamethrower is used must
    automatically make a Bail Out attempt if the Vehicle unit is not Knocked Out. Use the GP
    Knock Out column, No Damage line": 01-15 [GC2 Bail Out Tables]; a fire with No Damage (a
    forced 01, +10) and the Bail Out roll of 15 bails out, 16 stays."""
    line = _line(4)
    state = _state((("M4", line[0], 0),), (("FLAMMEN-III", line[1], 3),))
    state.force_dice(1, roll)
    _plot(state, Order(FLAMMEN, fire=M4))
    (fire,) = _events(state, GpFire)
    assert fire.result == "N" and fire.modified_roll == 11
    (attempt,) = [e for e in _events(state, BailOut) if e.vehicle == M4]
    assert attempt.needed == 15 and "[OP XXV.D.5]" in attempt.rule
    assert (M4 in state.troops.abandoned) is bails


def test_op_xxv_d_4_flamethrower_starts_a_fire_in_a_building_hex() -> None:
    """[OP XXV.D.4]: "The flamethrower automatically starts Fires when used against an Alley
    or Building hex", with Fires in Buildings and Alleys [OP XI]; not without it."""
    line = _line(3)
    house, street = line[2], line[1]
    edits = f"{{hexes: [{base().name(house)}], terrain: wood-building}}"
    squad = "us.INFANTRY-SQUAD.1"
    for options, fires in (("building-fires", True), ("", False)):
        state = _state(
            (("INFANTRY-SQUAD", house, 3),), (("FLAMMEN-III", street, 0),), options, edits
        )
        assert blaze.fire_row(state.game, house) is not None
        state.force_dice(1, 99, 99, 99, 99)
        _plot(state, Order(FLAMMEN, fire=squad))
        started = [e for e in _events(state, HexChanged) if "[OP XXV.D.4" in e.rule]
        assert bool(started) is fires
        assert (house in state.blazes.fires) is fires


# --- the Churchill SBG Bridge AVRE [OP XXV.C] --------------------------------------------------

SBG = "us.CHURCHILL-AVRE-SBG.1"


def _stream() -> tuple[Hex, Hex, Hex, int]:
    """A Clear hex, the Stream hex beyond it (painted) and the Clear hex beyond that, going
    compass ``d``."""
    line = _line(4)
    return line[0], line[1], line[2], 0


def _streamed() -> str:
    return f"{{hexes: [{base().name(_stream()[1])}], terrain: stream}}"


def _bridged(us: tuple[Force, ...] = (), german: tuple[Force, ...] = ()) -> ArmorState:
    """The SBG Bridge AVRE facing the Stream hex, its "SPAN" plotted and carried out."""
    a, h, _, d = _stream()
    state = _state(
        (("CHURCHILL-AVRE-SBG", a, d), *us), (("PZIVJ", None, 0), *german), edits=_streamed()
    )
    assert state.why_not(Order(SBG, span=True)) is None
    _plot(state, Order(SBG, span=True))
    assert state.specials.spans == {h: SBG}
    return state


def test_op_xxv_c_1_sbg_lays_its_span_over_the_stream_it_faces() -> None:
    """[OP XXV.C.1-2]: "move the Vehicle unit adjacent to and facing the hex to be bridged.
    During the Movement Execution ... of the following Turn, the bridge may be laid ... each
    SBG Bridge AVRE may place only one Span unit per game": "SPAN" (our notation) lays it in
    the Movement Execution Phase; a second is refused, as is one facing a Clear hex or with
    movement."""
    a, h, _, d = _stream()
    assert Order.parse([SBG, "SPAN"], f"order {SBG} SPAN") == Order(SBG, span=True)
    assert Order(SBG, span=True).text() == f"order {SBG} SPAN"
    assert Order.parse([SBG, "BR"], f"order {SBG} BR") == Order(SBG, moves="BR")  # a move
    state = _state(
        (("CHURCHILL-AVRE-SBG", a, (d + 1) % 6),), (("PZIVJ", None, 0),), edits=_streamed()
    )
    assert "[OP XXV.C.1]" in (state.why_not(Order(SBG, span=True)) or "")
    state.troops.facing[SBG] = d
    assert "[OP XXV.C.1]" in (state.why_not(Order(SBG, moves="1", span=True)) or "")
    state = _state((("CHURCHILL-AVRE-SBG", a, d),), (("PZIVJ", None, 0),), edits=_streamed())
    assert "Lay the Span" in state.describe(Order(SBG, span=True))
    assert Order(SBG, span=True) in state.legal_actions("us")
    state = _bridged()
    (laid,) = [e for e in _events(state, HexChanged) if "[OP XXV.C.1-3]" in e.rule]
    assert laid.where == base().name(h) and state.specials.laid == {SBG}
    assert state.troops.hexes[SBG] == a
    again = state.why_not(Order(SBG, span=True))
    assert again is not None and "[OP XXV.C.2]" in again


def test_op_xxv_c_3_span_costs_clear_and_an_overweight_tank_destroys_it() -> None:
    """[OP XXV.C.3]: "maximum capacity of 40 tons. Movement cost is as for Clear hexes. An
    overweight unit attempting to cross the Span unit will destroy the Span unit, and the
    overweight unit will also be Knocked Out": the Stream costs more than Clear before, 1 on
    the Span; the 57-ton Tiger entering it is Knocked Out and the Span gone."""
    a, h, b, d = _stream()
    before = _state((("M4", a, d),), (("PZIVJ", None, 0),), edits=_streamed())
    spec = before.game.units[M4]
    assert (before.cost_for(spec)(a, h) or 99) > 1
    state = _bridged(us=(("M4", None, 0),), german=(("TIGER-IE", b, (d + 3) % 6),))
    assert state.cost_for(state.game.units[M4])(a, h) == 1
    tiger = "german.TIGER-IE.1"
    state.troops.hexes[SBG] = a.neighbor((d + 1) % 6)  # out of the way
    _plot(state, Order(tiger, moves="1"))
    assert tiger in state.damage.knocked_out and not state.specials.spans
    assert any("[OP XXV.C.3]" in e.rule for e in _events(state, HexChanged))


def test_op_xxv_c_4_only_45mm_guns_fire_at_the_span_and_a_knock_out_destroys_it() -> None:
    """[OP XXV.C.4]: "a GP Defense Factor of '7', and can be destroyed by a Knock Out result
    ... Only guns of 45mm or 6 lb. in size, or more, may fire at the Span unit ... Any units
    on the Span unit when it is Knocked Out are also Knocked Out": the Panzer IV's 75mm may,
    the M5A1's 37mm may not; a forced "00" destroys it and the Jeep on it."""
    _, h, b, d = _stream()
    state = _bridged(
        us=(("JEEP", h, d),), german=(("PZIVJ", b.neighbor(d), (d + 3) % 6), ("M5A1", None, 0))
    )
    target = f"span@{base().name(h)}"
    pz = "german.PZIVJ.2"
    assert state.why_not(Order(pz, fire=target)) is None
    small = "german.M5A1.1"
    state.troops.hexes[small], state.troops.facing[small] = b.neighbor(d), (d + 3) % 6
    why = state.why_not(Order(small, fire=target))
    assert why is not None and "[OP XXV.C.4]" in why
    state.force_dice(100, 99, 99, 99)
    _plot(state, Order(pz, fire=target))
    assert not state.specials.spans and "us.JEEP.1" in state.damage.knocked_out


def test_op_xxv_c_5_an_enemy_unit_or_an_immobile_vehicle_blocks_the_span() -> None:
    """[OP XXV.C.5]: "Any Vehicle unit in the Span hex that is unable to move will permanently
    block the Span ... Enemy units may not pass through a Span hex using the Span Movement
    Costs if there is a unit from the other side in the hex"."""
    a, h, b, d = _stream()
    state = _bridged(us=(("M4", h, d),), german=(("PZIVJ", b, 0),))
    pz = "german.PZIVJ.2"
    own, enemy = state.cost_for(state.game.units[SBG]), state.cost_for(state.game.units[pz])
    assert own(a, h) == 1 and enemy(b, h) != 1
    state.inflict(M4, "track")  # unable to move: blocked for good
    assert state.cost_for(state.game.units[SBG])(a, h) != 1


# --- the Culin Hedgerow Device [OP XXV.E] -----------------------------------------------------


def _hedges(*hexes: Hex) -> str:
    return ", ".join(f"{{hexes: [{base().name(h)}], terrain: hedgerow}}" for h in hexes)


def test_op_xxv_e_1_a_culin_tank_plots_through_a_hedgerow_as_clear() -> None:
    """[OP XXV.E.1.a]: "Plot a move for the Vehicle unit that will take it into or through a
    Hedgerow hex (count the Hedgerow hex as Clear Terrain ...)": the M4 marked ``culin`` may,
    a plain M4 may not (prohibited [CS Vehicle Movement Costs]); not where Hedgerows are
    Heavy Woods [OP XXVII.E.1]."""
    line = _line(4)
    us = (("M4+culin", line[0], 0), ("M4", line[3], 3))
    state = _state(us, (("PZIVJ", None, 0),), edits=_hedges(line[1]))
    assert state.game.terrain.terrain(line[1]) == "hedgerow"
    assert state.why_not(Order(M4, moves="2")) is None
    assert state.why_not(Order("us.M4.2", moves="2")) is not None
    heavy = _state(
        us, (("PZIVJ", None, 0),), edits=_hedges(line[1]), terrain="hedgerows: heavy-woods"
    )
    assert heavy.why_not(Order(M4, moves="2")) is not None


@pytest.mark.parametrize(("roll", "through"), [(40, True), (41, False)])
def test_op_xxv_e_1_b_culin_break_through_on_the_cards_range(roll: int, through: bool) -> None:
    """[OP XXV.E.1.b; Data Card Corrections]: the M4's Notes read "01-40 Move": 40 breaks
    through, the M4 completes its move and the hex is marked; 41 fails, the M4 is back in the
    hex it left, its move ended. A broken-through hex is Clear for every Vehicle [E.2]."""
    line = _line(4)
    us = (("M4+culin", line[0], 0), ("M4", line[3], 3))
    state = _state(us, (("PZIVJ", None, 0),), edits=_hedges(line[1]))
    state.force_dice(roll)
    _plot(state, Order(M4, moves="2"))
    (attempt,) = [e for e in state.log if getattr(e, "what", "") == "Culin Device"]
    assert attempt.roll == roll and "01-40 Move" in attempt.reads
    if through:
        assert state.troops.hexes[M4] == line[2] and state.specials.broken == {line[1]}
        assert state.why_not(Order("us.M4.2", moves="2")) is None  # as Clear [E.2]
    else:
        assert state.troops.hexes[M4] == line[0] and not state.specials.broken
        assert state.why_not(Order("us.M4.2", moves="2")) is not None


def test_op_xxv_e_1_c_one_hedgerow_a_turn() -> None:
    """[OP XXV.E.1.c]: "A Vehicle unit may attempt to enter no more than one Hedgerow hex per
    Turn": through the first (a forced 01), it stops before the second."""
    line = _line(4)
    state = _state(
        (("M4+culin", line[0], 0),), (("PZIVJ", None, 0),), edits=_hedges(line[1], line[2])
    )
    state.force_dice(1)
    _plot(state, Order(M4, moves="3"))
    assert state.troops.hexes[M4] == line[1] and state.specials.broken == {line[1]}


def test_op_xxv_e_3_no_fire_to_or_from_the_0_f_direction_while_carrying_the_hedgerow() -> None:
    """[OP XXV.E.3]: "for the entire Turn following the break through, the Vehicle may not
    fire to its 0 F direction, nor be hit by fire from that direction": the Panzer IV dead
    ahead neither fires at nor is fired at by the M4 that broke through, until the Turn
    after the next."""
    line = _line(6)
    state = _state((("M4+culin", line[0], 0),), (("PZIVJ", line[5], 3),), edits=_hedges(line[1]))
    state.force_dice(1)
    _plot(state, Order(M4, moves="2"))
    assert state.specials.carrying == {M4: 1} and state.play.turn == 2
    to, at = why_not_fire(state, M4, PZ), why_not_fire(state, PZ, M4)
    assert to is not None and "[OP XXV.E.3]" in to and at is not None and "0 F" in at
    state.play.turn = 3
    assert why_not_fire(state, M4, PZ) is None and why_not_fire(state, PZ, M4) is None


# --- state, positions, bots -----------------------------------------------------------------------


def test_op_xxv_special_vehicles_state_round_trips_a_position_and_a_clone() -> None:
    """[OP XXV.A.2; B.2; C; E]: the cleared Minefield hexes, the Turn each Crab cleared one,
    the Petards not reloaded, the Spans laid, the broken hedgerows and the Culin attempts are
    kept in position files and clones."""
    line = _line(6)
    state = _mined((("SHERMAN-CRAB", line[1], 0), ("CHURCHILL-AVRE-PETARD", line[0], 0)))
    _plot(state, Order(CRAB, moves="1"))
    state.specials.unloaded.add(PETARD)
    state.specials.broken.add(line[5])  # [OP XXV.E]
    state.specials.attempted[CRAB] = state.specials.carrying[CRAB] = 1
    state.specials.spans[line[4]] = PETARD  # [OP XXV.C]
    state.specials.laid.add(PETARD)
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState)
    assert back.specials == state.specials
    assert back.position_fingerprint() == state.position_fingerprint()
    twin = state.clone()
    assert isinstance(twin, ArmorState)
    twin.specials.cleared.clear()
    assert state.specials.cleared == {line[2]}


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_op_xxv_bots_finish_a_game_with_every_special_vehicle(bot: str) -> None:
    """The bots play the Crab, the Petard, the Crocodile, the Flammen III, an M4 with the
    Culin Device and an SBG Bridge AVRE facing a Stream, among Hedgerows and Mines, to the
    end."""
    line = _line(6)
    game = _game(
        (
            ("SHERMAN-CRAB", line[0], 0),
            ("CHURCHILL-AVRE-PETARD", line[1], 0),
            ("CHURCHILL-CROCODILE", None, 0),
            ("M4+culin", line[0].neighbor(1), 0),
            ("CHURCHILL-AVRE-SBG", line[1].neighbor(5), 0),
        ),
        (("FLAMMEN-III", line[4], 3), ("PZIVJ", line[5], 3), ("MINES", line[3], 0)),
        "building-fires",
        f"{_hedges(line[2], line[2].neighbor(1))}, "
        f"{{hexes: [{base().name(line[2].neighbor(5))}], terrain: stream}}",
    )
    state = game.new_initial_state(3)
    play(state, {s: make_bot(bot, 1 + i) for i, s in enumerate(game.sides)})
    assert state.is_terminal() and state.outcome() is not None
    assert invariants(state) == []


def test_op_xxv_invariants_one_span_per_avre_and_broken_hexes_are_hedgerows() -> None:
    """[OP XXV.C.2; E.2]: the fuzz campaign's invariants say when an SBG Bridge AVRE has two
    Spans or a broken-through hex is no Hedgerow hex."""
    state = _bridged()
    assert invariants(state) == []
    _, _, b, _ = _stream()
    state.specials.spans[b] = SBG
    state.specials.broken.add(b)
    wrong = invariants(state)
    assert any("[OP XXV.C.2]" in w for w in wrong) and any("[OP XXV.E.2]" in w for w in wrong)
