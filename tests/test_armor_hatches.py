"""Open and Buttoned Vehicles [AG VIII.B]: the Turret unit exchanged in the Final Facing and
Adjustment Phase, the Buttoned row of the Sighting Ranges Table [AG IV.C.2], Buttoned Sighting
[OP X.C.5], the Effects of GP Hits on a Buttoned Vehicle [GC1], Close Assault [ADV VII.B.3],
units carried in a Buttoned Half-Track [ADV V.C.3.a; V.C.5], Overrun [ADV IV.A.2.a(2)] and
position files."""

from __future__ import annotations

import pytest
from test_armor_storeys import _line, _state

from model.errors import ProblemList
from rules.armor import hatches
from rules.armor.buildings import close_assault_defense
from rules.armor.events import GpFire
from rules.armor.fire import why_not_fire, why_not_sighted
from rules.armor.game import ArmorState
from rules.armor.gp import effects, effects_row, hit_line, long_range
from rules.armor.hatches import HatchesChanged
from rules.armor.orders import Face, Order
from rules.armor.overrun import why_not_overrun
from rules.engine.actions import Done
from rules.records.position import PositionReader

M4, TANK = "us.M4.1", "german.PZIVJ.1"
SQUAD, GE_SQUAD = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"


def _to_facing(state: ArmorState, side: str) -> list[object]:
    """Done for everyone until ``side`` acts in a Final Facing segment."""
    events: list[object] = []
    while not (state.segment.id.endswith("facing") and side in state.to_act()):
        events += state.apply(Done(state.to_act()[0]))
    return events


def test_ag_viii_b_2_the_turret_unit_is_exchanged_in_the_final_facing_phase() -> None:
    """[AG VIII.B.2]: "Turret units may be freely exchanged during this Phase, but at no other
    time": the Final Facing offers the M4 its Buttoned Turret unit, its facing kept, written as
    the Face action's last word; applied, it is Buttoned for the next Turn, and next Phase it
    may open again. In the Armor Game every Vehicle stays Open [AG VIII.B]."""
    line = _line(5)
    state = _state([("M4", line[0], 0)], [("PZIVJ", line[4], 3)])
    assert not any(isinstance(a, Face) and a.hatch for a in state.legal_actions("us"))
    _to_facing(state, "us")
    offered = [a for a in state.legal_actions("us") if isinstance(a, Face) and a.hatch]
    assert offered and {a.hatch for a in offered} == {"buttoned"}
    kept = next(a for a in offered if state.game.amap.direction_to_global(line[0], a.hull) == 0)
    assert kept.text().endswith(" buttoned")
    assert state.game.parse_action(kept.text()) == kept
    assert "Buttoned Turret unit placed [AG VIII.B].2" in state.describe(kept)
    events = state.apply(kept)
    [changed] = [e for e in events if isinstance(e, HatchesChanged)]
    assert changed.describe() == (
        f"{M4} buttons up: its Buttoned Turret unit is placed, hatches closed for the next Turn "
        "[AG VIII.B].2"
    )
    assert hatches.buttoned(state, M4) and state.troops.facing[M4] == 0
    assert not any(isinstance(a, Face) and a.unit == M4 for a in state.legal_actions("us"))
    _to_facing(state, "us")
    assert {a.hatch for a in state.legal_actions("us") if isinstance(a, Face)} >= {"open"}
    basic = _state([("M4", line[0], 0)], [("PZIVJ", line[4], 3)], level="armor-game")
    _to_facing(basic, "us")
    assert not any(isinstance(a, Face) and a.hatch for a in basic.legal_actions("us"))


def test_ag_iv_c_2_a_buttoned_vehicle_sights_on_the_buttoned_row() -> None:
    """[AG IV.C.2; GC2]: "the unit may be either Normal (Open Turret unit ...) or Buttoned
    (Buttoned Turret unit on a Vehicle unit)": a squad in Clear 9 hexes off is sighted at 15 by
    the Open M4, at 7 by the Buttoned one."""
    line = _line(10)
    state = _state([("M4", line[0], 0)], [("GE-INFANTRY-SQUAD", line[9], 3)])
    assert why_not_sighted(state, M4, GE_SQUAD) is None
    state.hatches.buttoned.add(M4)
    why = why_not_sighted(state, M4, GE_SQUAD) or ""
    assert "gives 7 in its SM column (Buttoned: the Buttoned row [AG IV.C.2])" in why
    assert why_not_sighted(state, GE_SQUAD, M4) is None  # the squad sees as before


def test_op_x_c_5_a_buttoned_vehicle_sights_only_in_its_fs_45_arcs() -> None:
    """[OP X.C.5]: "Buttoned Vehicle units are restricted to sighting hexes that are in an arc
    described by the FS 45 sections of the Target Angle Wheel from the fronts of the Vehicle
    and/or Turret units ... even if fire is coming from those outside hexes": facing away with
    its turret, it does not sight the Panzer behind it; its turret turned round, it does; Open,
    or without the Optional Rule, it sights all round."""
    line = _line(5)
    state = _state([("M4", line[0], 3)], [("PZIVJ", line[3], 3)], options="sighting-buttoned")
    assert why_not_sighted(state, M4, TANK) is None
    state.hatches.buttoned.add(M4)
    why = why_not_sighted(state, M4, TANK) or ""
    assert why.startswith("Buttoned: it sights only hexes in the FS 45 sections") and (
        "[OP X.C.5]" in why
    )
    state.firing.fired_last_turn.add(TANK)
    assert why_not_sighted(state, M4, TANK) == why  # even if it fired
    state.troops.turret[M4] = 3
    assert why_not_sighted(state, M4, TANK) is None
    plain = _state([("M4", line[0], 3)], [("PZIVJ", line[3], 3)])
    plain.hatches.buttoned.add(M4)
    assert why_not_sighted(plain, M4, TANK) is None


def test_gc1_effects_of_gp_hits_on_a_buttoned_vehicle_with_forced_dice() -> None:
    """[GC1 Effects of GP Hits]: "Close Range Inf, MG ... vs. Buttoned Vehicle: Suppressed"
    where an Open one also loses a crew member; "Inf, MG at Long Range vs. Buttoned Vehicle: No
    effect". A roll of 00 always Knocks Out [GC1 GP Hit Table]."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[2], 3)])
    assert effects(state, SQUAD, TANK, 2, "K") == ("suppressed", "crew")
    state.hatches.buttoned.add(TANK)
    assert effects_row(state, SQUAD, TANK, 2).endswith("vs. Buttoned Vehicle")
    far = next(r for r in range(1, 40) if long_range(state, SQUAD, r))
    assert effects_row(state, SQUAD, TANK, far) == "Inf, MG at Long Range vs. Buttoned Vehicle"
    assert effects(state, SQUAD, TANK, far, "K") == ()
    state.force_dice(100)
    state.apply(Order(SQUAD, fire=TANK))
    events: list[object] = []
    while state.play.turn == 1:
        events += state.apply(Done(state.to_act()[0]))
    [shot] = [e for e in events if isinstance(e, GpFire)]
    assert shot.result == "K" and shot.effects == ("suppressed",)
    assert "vs. Buttoned Vehicle': suppressed [GC1 Effects of GP Hits]" in shot.describe()
    assert not state.damage.crew_losses.get(TANK) and TANK in state.damage.suppressed


def test_adv_vii_b_3_no_ten_added_in_a_close_assault_on_a_buttoned_vehicle() -> None:
    """[ADV VII.B.3; GC1 GP Fire Modifiers]: "10" is added to the roll against an Open Vehicle
    only: the roll that Knocks Out an Open Panzer (one above S with the 10) is no more than S
    against a Buttoned one."""
    line = _line(4)
    state = _state([("INFANTRY-SQUAD", line[0], 0)], [("PZIVJ", line[1], 3)])
    state.hatches.buttoned.add(TANK)
    defense = close_assault_defense(state.game.units[TANK]).value
    _, s, _ = hit_line(defense, "11-15")
    roll = s - 9
    state.force_dice(roll)
    state.apply(Order(SQUAD, assault=TANK))
    events: list[object] = []
    while state.segment.id == "plot":
        events += state.apply(Done(state.to_act()[0]))
    [fight] = [e for e in events if isinstance(e, GpFire)]
    assert fight.roll == roll and fight.modified_roll == roll and fight.result != "K"
    assert "Buttoned Vehicle [ADV VII.B.3" in fight.describe()


def test_adv_v_c_3_a_and_5_units_in_a_buttoned_half_track_neither_fire_nor_are_fired_at() -> None:
    """[ADV V.C.3.a]: "Infantry units Transported by Half-Track, Bren Carrier, or Kangaroo units
    may Fire only if the Vehicle unit has an Open Turret unit"; [V.C.5]: those "Transported by a
    Buttoned Half-Track ... may not be Fired at"; by any other Vehicle they may [V.C.3.b]."""
    line = _line(5)
    carried = ", mounted_on: ht"
    state = _state(
        [("M3-HALFTRACK", line[0], 0, ", label: ht"), ("INFANTRY-SQUAD", line[0], 0, carried)],
        [("GE-INFANTRY-SQUAD", line[3], 3)],
    )
    assert why_not_fire(state, SQUAD, GE_SQUAD) is None
    assert why_not_fire(state, GE_SQUAD, SQUAD) is None
    state.hatches.buttoned.add("us.M3-HALFTRACK.1")
    assert "[ADV V.C.3.a]" in (why_not_fire(state, SQUAD, GE_SQUAD) or "")
    assert "may not be fired at [ADV V.C.5]" in (why_not_fire(state, GE_SQUAD, SQUAD) or "")
    state.sheets.options.clear()  # worked out once per Order Plot (the status is set by hand)
    assert Order(SQUAD, fire=GE_SQUAD) not in state.order_options(SQUAD)
    car = _state(
        [("M20", line[0], 0, ", label: ht"), ("INFANTRY-SQUAD", line[0], 0, carried)],
        [("GE-INFANTRY-SQUAD", line[3], 3)],
    )
    car.hatches.buttoned.add("us.M20.1")  # an M20 is no Half-Track [ADV V.C.3.b]
    assert why_not_fire(car, SQUAD, GE_SQUAD) is None
    assert why_not_fire(car, GE_SQUAD, SQUAD) is None


def test_adv_iv_a_2_a_2_a_buttoned_half_track_may_not_overrun() -> None:
    """[ADV IV.A.2.a(2)]: "Half-Track, Bren Carrier, M20, and Jeep Vehicle units may only
    Overrun if Open"; a tank Overruns Buttoned."""
    line = _line(5)
    state = _state(
        [("M3-HALFTRACK", line[0], 0), ("M4", line[0], 0)], [("GE-INFANTRY-SQUAD", line[2], 3)]
    )
    ht = "us.M3-HALFTRACK.1"
    assert why_not_overrun(state, ht, GE_SQUAD) is None
    state.hatches.buttoned.update({ht, M4})
    assert "only if Open [ADV IV.A.2.a(2)]" in (why_not_overrun(state, ht, GE_SQUAD) or "")
    assert why_not_overrun(state, M4, GE_SQUAD) is None


def test_ag_viii_b_a_buttoned_vehicle_is_kept_in_a_position_file() -> None:
    """A position file gives a Buttoned Vehicle the status ``buttoned`` and reads it back;
    a squad, or a Jeep (always Open [ADV X.B; IV.A.2.a(2)]), Buttoned is refused."""
    line = _line(5)
    state = _state([("M4", line[0], 0), ("JEEP", line[1], 0)], [("GE-INFANTRY-SQUAD", line[3], 3)])
    state.hatches.buttoned.add(M4)
    position = state.to_position()
    [place] = [p for p in position.units if p.id == M4]
    assert "buttoned" in place.status
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState) and hatches.buttoned(back, M4)
    assert back.position_fingerprint() == state.position_fingerprint()
    for who, message in (("us.JEEP.1", "always Open \\[ADV X.B"), (GE_SQUAD, "only Vehicle units")):
        wrong = position.model_copy(deep=True)
        for p in wrong.units:
            if p.id == who:
                p.status.append("buttoned")
        with pytest.raises(ProblemList, match=message):
            state.game.state_from_position(wrong, PositionReader(state.game, wrong, None))


def test_adv_x_b_trucks_and_jeeps_are_never_offered_a_buttoned_turret_unit() -> None:
    """[ADV X.B]: "Turret units never need to be placed on Medium or Light Truck units, or on
    Jeep units. These units are always considered to be 'Open'"."""
    line = _line(5)
    state = _state(
        [("US-LIGHT-TRUCK", line[0], 0), ("JEEP", line[1], 0), ("M4", line[2], 0)],
        [("PZIVJ", line[4], 3)],
    )
    _to_facing(state, "us")
    hatched = {a.unit for a in state.legal_actions("us") if isinstance(a, Face) and a.hatch}
    assert hatched == {M4}


def test_adv_v_c_3_c_infantry_in_a_buttoned_kangaroo_add_nothing_to_its_overrun() -> None:
    """[ADV V.C.3.a, c]: Infantry transported by a Kangaroo "may Fire only if the Vehicle unit
    has an Open Turret unit", so they add their halved MV GP Factor to its Overrun only when it
    is Open; a Buttoned Kangaroo (tracked, no Half-Track) may still Overrun."""
    from rules.armor.overrun import overrun_factor

    line = _line(5)
    state = _state(
        [("KANGAROO", line[0], 0, ", label: k"), ("INFANTRY-SQUAD", line[0], 0, ", mounted_on: k")],
        [("GE-INFANTRY-SQUAD", line[2], 3)],
    )
    kangaroo = "us.KANGAROO.1"
    open_total, open_words = overrun_factor(state, kangaroo)
    assert f"{SQUAD} (1/2)" in open_words
    state.hatches.buttoned.add(kangaroo)
    shut_total, shut_words = overrun_factor(state, kangaroo)
    assert SQUAD not in shut_words and shut_total < open_total
    assert why_not_overrun(state, kangaroo, GE_SQUAD) is None
