"""Armor's hand-held Flamethrower of an Assault Squad [OP V.B.1-5], its fire orders
[ADV IV.E.3] (:mod:`rules.armor.optional.handheld`). The book has no worked example of it:
forced dice on made positions, each number the book gives checked."""

from __future__ import annotations

import pytest
from armor_scenes import jkl_base as _base
from armor_scenes import plot_to_next_plot as _plot
from armor_scenes import position_head, straight_line
from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.bailout import BailOut
from rules.armor.events import FireCancelled, GpFire, PhaseNote
from rules.armor.game import ArmorState
from rules.armor.gp import gp_aim
from rules.armor.optional import handheld
from rules.armor.optional.events import HexChanged
from rules.armor.orders import Order
from rules.engine.actions import Done
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-handheld")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
  terrain_edits: [{edits}]
"""
)
SQUAD, PZ, GE = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1", "german.GE-INFANTRY-SQUAD.1"
#: unit code, "state" marks, hex, compass facing
Force = tuple[str, str, Hex, int]


def _line(length: int) -> list[Hex]:
    """``length`` Clear hexes at one level in a straight line going compass 0."""
    return straight_line(_base(), length, one_level=True)


def _state(
    us: list[Force], german: list[Force], options: str = "special-infantry", edits: str = ""
) -> ArmorState:
    amap = _base().amap

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, state: [{marks}], placement: {{kind: hex, "
            f"hex: {amap.name(h)}, facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, marks, h, compass in units
        )

    text = SCENARIO.format(options=options, edits=edits) + two_sides(
        forces(us), forces(german), turns=3
    )
    state = load_game(parse_scenario(text, "position.yaml")).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _flames(state: ArmorState) -> list[GpFire]:
    return [e for e in state.log if isinstance(e, GpFire) and "Flamethrower" in e.verb]


@pytest.mark.parametrize(("roll", "bails"), [(15, True), (16, False)])
def test_op_v_b_2_5_flamethrower_fires_with_the_squad_and_forces_a_bail_out(
    roll: int, bails: bool
) -> None:
    """[ADV IV.E.3]: with no separate order the Flamethrower fires "in the same way and at the
    same target as the Infantry"; [OP V.B.2-3]: NM GP Factor 25 at one hex, "10" added to the
    roll (a forced 01 reads 11, No Damage); [OP V.B.5]: the Vehicle not Knocked Out makes a
    Bail Out attempt on the GP Knock Out column, No Damage line, 01-15 [GC2]."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[0], 0)], [("PZIVJ", "", line[1], 3)])
    assert handheld.carries(state, SQUAD)
    shot = gp_aim(state, SQUAD, PZ, mg=handheld.FT)
    assert shot.factor == 25 and handheld.BONUS in shot.dice_modifiers
    state.force_dice(1, 1, roll)  # the Squad's fire, the Flamethrower's, the Bail Out
    _plot(state, Order(SQUAD, fire=PZ))
    fires = [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert len(fires) == 2  # the Squad's own GP fire, then the Flamethrower's
    (flame,) = _flames(state)
    assert flame.gp_factor == 25 and flame.result == "N" and flame.modified_roll == 11
    assert "[OP V.B.2" in flame.factor_rule and "[ADV IV.E.3" in flame.rule
    (attempt,) = [e for e in state.log if isinstance(e, BailOut) and e.vehicle == PZ]
    assert attempt.needed == 15
    assert (PZ in state.troops.abandoned) is bails


def test_op_v_b_2_flamethrower_reaches_one_hex_and_not_with_movement() -> None:
    """[OP V.B.2]: "a MV GP Factor of '0' at a range of one hex": refused at two hexes and
    with movement orders; the Squad firing at two hexes fires alone (no automatic
    Flamethrower fire, our reading); no Flamethrower without the FT mark or an Assault Squad
    [OP V.B.1], nor without the option."""
    line = _line(4)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[0], 0)], [("PZIVJ", "", line[2], 3)])
    far = handheld.why_not(state, SQUAD, PZ)
    assert far is not None and "[OP V.B.2]" in far and "one hex" in far
    state.troops.hexes[PZ] = line[1]
    assert handheld.why_not(state, SQUAD, PZ) is None
    moving = handheld.why_not(state, SQUAD, PZ, moving=True)
    assert moving is not None and "MV GP Factor is 0" in moving
    state.troops.hexes[PZ] = line[2]
    state.force_dice(99)
    _plot(state, Order(SQUAD, fire=PZ))
    assert not _flames(state)
    for marks, options in (("FT", "special-infantry"), ("assault", "special-infantry"),
                           ("assault, FT", "")):  # fmt: skip
        other = _state([("INFANTRY-SQUAD", marks, line[0], 0)], [("PZIVJ", "", line[1], 3)],
                       options)  # fmt: skip
        assert not handheld.carries(other, SQUAD)
        why = handheld.why_not(other, SQUAD, PZ)
        assert why is not None and "[OP V.B.1]" in why


def test_adv_iv_e_3_separate_flamethrower_order_written_and_previewed() -> None:
    """[ADV IV.E.3]: "(B)F-865" orders the weapon apart from the Infantry: "(FT)F-" the
    Flamethrower at the tank next to it while the Squad fires at a Squad three hexes off; the
    order writes itself so, the preview gives its odds with the +10 [OP V.B.3], and each
    fires at its own target."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "assault, FT", line[0], 0)],
        [("PZIVJ", "", line[1], 3), ("GE-INFANTRY-SQUAD", "", line[3], 3)],
    )
    order = Order(SQUAD, fire=GE, mg=((handheld.FT, PZ),))
    assert f"(FT)F-{PZ}" in order.notation
    chances = state.preview(order).chances
    flame = [c for c in chances if "hand-held Flamethrower" in c.words]
    assert flame and "+10 Hand-held Flamethrower" in flame[0].words
    state.force_dice(1, 1, 99)
    _plot(state, order)
    (fire,) = _flames(state)
    assert fire.target == PZ
    assert {e.target for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD} == {GE, PZ}


def test_adv_iv_e_3_a_separate_order_out_of_range_is_refused_at_the_plot() -> None:
    """[ADV IV.E.3; OP V.B.2]: a "(FT)F-" order at a target two hexes off is refused when
    plotted, saying why."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[0], 0)], [("PZIVJ", "", line[2], 3)])
    with pytest.raises(Exception, match=r"Flamethrower.*\[OP V\.B\.2\]"):
        state.apply(Order(SQUAD, mg=((handheld.FT, PZ),)))
    assert not [e for e in state.log if isinstance(e, FireCancelled)]


def test_op_v_b_4_flamethrower_starts_a_fire_in_a_building_hex() -> None:
    """[OP V.B.4]: "The Flamethrower automatically starts Fires when used against an Alley or
    Building hex", with Fires in Buildings and Alleys [OP XI]."""
    line = _line(2)
    edits = f"{{hexes: [{_base().amap.name(line[1])}], terrain: wood-building}}"
    state = _state(
        [("INFANTRY-SQUAD", "assault, FT", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[1], 3)],
        options="special-infantry, building-fires",
        edits=edits,
    )
    state.force_dice(1, 1, 99, 99, 99, 99)
    _plot(state, Order(SQUAD, fire=GE))
    assert _flames(state)
    started = [e for e in state.log if isinstance(e, HexChanged) and "[OP V.B.4" in e.rule]
    assert started and line[1] in state.blazes.fires


@pytest.mark.parametrize(("roll", "bails"), [(15, True), (16, False)])
def test_adv_viii_a_2_flamethrower_fires_overrun_defensive_fire_and_forces_a_bail_out(
    roll: int, bails: bool
) -> None:
    """[ADV VIII.A.2]: "The same applies to ... hand-held Flamethrowers using Defensive Fire":
    the Squad facing the tank's approach fires First Fire [A.1] and so does its Flamethrower
    (NM 25, +10 [OP V.B.2-3]); the tank not Knocked Out makes its Bail Out attempt, 01-15
    [OP V.B.5; GC2]: bailed out, it stops in the adjacent hex with no Overrun Fire."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[2], 3)], [("PZIVJ", "", line[0], 0)])
    state.force_dice(1, 1, roll, 1, 1, 1)  # Squad, Flamethrower, Bail Out, Overrun Fire ...
    for order in (Order(PZ, moves="3", overrun=SQUAD),):
        state.apply(order)
    turn = state.play.turn
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        state.apply(Done(state.to_act()[0]))
    fires = [e for e in state.log if isinstance(e, GpFire)]
    flame = [e for e in fires if "Flamethrower in Overrun Defensive Fire" in e.verb]
    assert len(flame) == 1 and flame[0].gp_factor == 25 and flame[0].modified_roll == 11
    assert "[ADV VIII.A.2" in flame[0].rule
    (attempt,) = [e for e in state.log if isinstance(e, BailOut) and e.vehicle == PZ]
    assert attempt.needed == 15
    assert (PZ in state.troops.abandoned) is bails
    overrun = [e for e in fires if e.firer == PZ]
    assert bool(overrun) is not bails
    if bails:
        assert state.troops.hexes[PZ] == line[1]


def test_adv_viii_a_2_no_flamethrower_defensive_fire_outside_the_field_of_fire() -> None:
    """[ADV VIII.A.2]: the Flamethrower fires Defensive Fire only when the hex the Vehicle
    enters next to the target is in its Field of Fire; the Squad's own NM fire does, whatever
    its facing."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[2], 0)], [("PZIVJ", "", line[0], 0)])
    state.force_dice(1, 1, 1, 1)
    state.apply(Order(PZ, moves="3", overrun=SQUAD))
    turn = state.play.turn
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        state.apply(Done(state.to_act()[0]))
    fires = [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert fires and not [e for e in fires if "Flamethrower" in e.verb]
    notes = [e.describe() for e in state.log if "Field of Fire" in e.describe()]
    assert any("hand-held Flamethrower does not fire" in n for n in notes)


def test_adv_viii_a_2_a_no_flamethrower_defensive_fire_with_load_orders() -> None:
    """[ADV VIII.A.2.a] "Towed units or the special weapons with Infantry units may not use
    their GP Factors for Defensive Fire if they have orders to Load or Unload": the Assault
    Squad, Loading onto the Half-Track in its hex, is Overrun before it is aboard; it fires
    its own NM GP Defensive Fire (First Fire: the Squad's own fire is not restricted) but its
    Flamethrower does not, the log saying why."""
    line = _line(5)
    track = "us.M3-HALFTRACK.1"
    state = _state(
        [("INFANTRY-SQUAD", "assault, FT", line[2], 3), ("M3-HALFTRACK", "", line[2], 3)],
        [("PZIVJ", "", line[0], 0)],
    )
    state.force_dice(1, 1, 1, 1)
    for order in (
        Order(SQUAD, transfer="D", vehicle=track),
        Order(track, transfer="D"),
        Order(PZ, moves="3", overrun=SQUAD),
    ):
        state.apply(order)
    turn = state.play.turn
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        state.apply(Done(state.to_act()[0]))
    fires = [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert fires and "Overrun Defensive First Fire" in fires[0].describe()
    assert not _flames(state)
    notes = [e.describe() for e in state.log if isinstance(e, PhaseNote)]
    said = "hand-held Flamethrower does not fire Defensive Fire: the Squad has Load or Unload"
    assert any(said in n and "[ADV VIII.A.2.a]" in n for n in notes), notes


def test_adv_iv_e_3_the_automatic_flamethrower_fire_is_previewed_with_the_squads() -> None:
    """[ADV IV.E.3]: the preview of the Squad's Direct Fire order holds the Flamethrower's
    shot too, fired with it at the same target (NM 25, +10 [OP V.B.2-3]), in the Squad's
    Field of Fire; at two hexes only the Squad's."""
    line = _line(4)
    state = _state([("INFANTRY-SQUAD", "assault, FT", line[0], 0)], [("PZIVJ", "", line[1], 3)])
    chances = state.preview(Order(SQUAD, fire=PZ)).chances
    assert len(chances) == 2
    flame = chances[1].words
    assert "(FT) hand-held Flamethrower: NM GP Factor 25" in flame
    assert "+10 Hand-held Flamethrower" in flame and "the Squad's" in flame
    state.troops.hexes[PZ] = line[2]
    assert len(state.preview(Order(SQUAD, fire=PZ)).chances) == 1


def test_op_xii_a_half_squad_keeps_its_flamethrower_unhalved() -> None:
    """[OP XII]: "special weapons carried by a squad (Bazookas, Flamethrowers, etc.) will
    remain with the reduced unit": a Half Squad still fires NM 25 (our reading: unhalved; the
    Half Squad's halving is its own GP), and the fire's rule says it is our reading."""
    line = _line(3)
    state = _state(
        [("INFANTRY-SQUAD", "assault, FT", line[0], 0)],
        [("PZIVJ", "", line[1], 3)],
        options="special-infantry, infantry-reduction",
    )
    state.squads.half_squads.add(SQUAD)
    assert handheld.carries(state, SQUAD)
    shot = gp_aim(state, SQUAD, PZ, mg=handheld.FT)
    assert shot.modified_factor == 25 and not shot.modifiers
    state.force_dice(1, 1, 99)
    _plot(state, Order(SQUAD, fire=PZ))
    (flame,) = _flames(state)
    assert flame.modified_factor == 25 and "our reading" in flame.rule
