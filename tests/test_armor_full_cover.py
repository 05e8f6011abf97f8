"""Full Cover [ADV IV.C] beyond the order itself: Leg and Towed units in Full Cover are harder
to see with the Optional Sighting Rule [OP X.C.2; GC2 Sighting Ranges Table], take the Target
Information Chart's FC column in GP fire and Overrun Fire [Intro IV GP DEFENSE; ADV VI.B.4.b],
and fire only Overrun Defensive Fire, First Fire unless also Suppressed [ADV VIII.A.2.c]. The
book has no worked example: made positions with the table's numbers and forced dice."""

from __future__ import annotations

import pytest
from armor_scenes import plot_this_turn
from test_armor_optional import GE_SQUAD, US_SQUAD, _line, _name, _plot_and_move, _state, _until

from rules.armor.cover import FC_PLACEHOLDER
from rules.armor.events import GpFire, PhaseNote, Sighted
from rules.armor.fire import sighting_range, sights, target_size, why_not_sighted
from rules.armor.game import ArmorState
from rules.armor.gp import gp_chance, hit_line
from rules.armor.optional import intel
from rules.armor.orders import Order
from rules.armor.range import range_between

M4, TANK = "us.M4.1", "german.PZIVJ.1"
GE_GUN = "german.AT-75MM.1"
OPTION = "sighting-full-cover"


def _sighted(state: ArmorState, unit: str, target: str) -> bool:
    """The full query's answer, checked against the Sighting Phase's verdict-only one."""
    seen = why_not_sighted(state, unit, target) is None
    assert sights(state, unit, target) == seen  # the fast verdict stays equal [AG IV]
    return seen


# --- harder to see [OP X.C.2] -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hexes", "buttoned", "first", "second"),
    [
        (13, False, True, False),
        (11, False, True, True),
        (6, True, True, False),
        (5, True, True, True),
    ],
)
def test_op_x_c_2_a_squad_in_full_cover_in_clear_is_sighted_at_the_second_number(
    hexes: int, buttoned: bool, first: bool, second: bool
) -> None:
    """[OP X.C.2; GC2 Sighting Ranges Table]: Clear's SM cells read "15-11" (Day Normal) and
    "7-5" (Day Buttoned); "the second number ... are the distances at which these units can be
    seen when in Full Cover". A German squad in Clear ``hexes`` off an M4 (Buttoned or not
    [AG IV.C.2]) is sighted by the first number while it is not in Full Cover or the option is
    not played, and by the second under a Full Cover unit with ``sighting-full-cover``."""
    line = _line(hexes + 1)
    units = ([("M4", line[0], 0)], [("GE-INFANTRY-SQUAD", line[hexes], 3)])
    plain, optioned = _state(*units), _state(*units, options=OPTION)
    assert range_between(line[0], line[hexes]) == hexes
    for state in (plain, optioned):
        if buttoned:
            state.hatches.buttoned.add(M4)
        assert _sighted(state, M4, GE_SQUAD) == first
        state.cover.covered.add(GE_SQUAD)  # a Full Cover unit on top [ADV IV.C.2]
    assert _sighted(plain, M4, GE_SQUAD) == first  # the option not played: the first number
    assert _sighted(optioned, M4, GE_SQUAD) == second
    if not second:
        why = why_not_sighted(optioned, M4, GE_SQUAD) or ""
        limit = 5 if buttoned else 11
        assert f"the Sighting Ranges Table gives {limit} in its SM column" in why
        assert "in Full Cover: the second number under LG and SM [OP X.C.2]" in why
        assert ("Buttoned row [AG IV.C.2]" in why) == buttoned


def test_op_x_c_2_the_second_numbers_in_woods_for_a_squad_and_a_large_towed_gun() -> None:
    """[OP X.C.2; GC2]: Woods reads "4-3" under LG and "3-2" under SM: a squad under a Full
    Cover unit 3 hexes into Woods is not sighted (2), a Large Towed gun [AG IV.C.3] 4 hexes
    into Woods not either (3), each sighted by the first number out of Full Cover; a unit next
    to the sighting unit is always sighted [GC2 note], in Full Cover too; the table's Full
    Cover rows hold the book's numbers, the Buttoned one's "2-1" too."""
    line = _line(6)
    for target, at, code in ((GE_SQUAD, 3, "GE-INFANTRY-SQUAD"), (GE_GUN, 4, "AT-75MM")):
        state = _state(
            [("M4", line[0], 0), ("INFANTRY-SQUAD", line[at - 1], 0)],
            [(code, line[at], 3)],
            options=OPTION,
            edits=f"{{hexes: [{_name(line[at])}], terrain: woods}}",
        )
        size = "SM" if target == GE_SQUAD else "LG"
        assert target_size(state, target) == size
        assert _sighted(state, M4, target)  # 3 <= 3 (SM), 4 <= 4 (LG)
        state.cover.covered.add(target)
        assert not _sighted(state, M4, target)  # 3 > 2 (SM), 4 > 3 (LG)
        assert _sighted(state, US_SQUAD, target)  # adjacent: always [GC2 note]
        row = intel.full_cover_row(state, target, "Day Normal")
        assert row == "Day Normal, Full Cover target (OP)"
        far, there = line[0], line[at]
        first, second = (3, 2) if size == "SM" else (4, 3)
        assert sighting_range(state, far, there, size) == first
        assert sighting_range(state, far, there, size, row) == second
        buttoned = intel.full_cover_row(state, target, "Day Buttoned")
        assert sighting_range(state, far, there, size, buttoned) == 1  # "1-1", "2-1" [GC2]


def test_op_x_c_2_over_4_stacking_factors_doubles_the_second_number_too() -> None:
    """[OP X.C.2; AG IV.C.6] (our reading: the book names no exception): a squad in Full Cover
    in Woods is sighted at twice the second number (2 x 2 = 4) when its hex holds over 4
    Stacking Factors (three Squads, 2 each), at 2 alone; the log gives the range it used."""
    line = _line(5)
    woods = f"{{hexes: [{_name(line[4])}], terrain: woods}}"
    crowd = [("GE-INFANTRY-SQUAD", line[4], 3)] * 3
    for squads, seen in ((crowd, True), (crowd[:1], False)):
        state = _state([("M4", line[0], 0)], squads, options=OPTION, edits=woods)
        assert (state.stacking(line[4]) > 4) == seen
        state.cover.covered.add(GE_SQUAD)
        assert _sighted(state, M4, GE_SQUAD) == seen
        if not seen:
            why = why_not_sighted(state, M4, GE_SQUAD) or ""
            assert "gives 2 in its SM column" in why and "[OP X.C.2]" in why


def test_op_x_c_2_full_cover_taken_in_play_hides_the_squad_from_the_next_sighting_phase() -> None:
    """[ADV IV.C.2; OP X.C.2; OP X.A.2; AG IV]: the German squad 13 hexes off in Clear is
    sighted on Turn 1 (15); it is given "C", the Full Cover unit is placed in the Movement
    Execution Phase, and from then the M4 sights it only at 11: the Turn 2 Sighting Phase
    lists nothing, a fire order at it is refused with the reason, and with Inverted Units its
    counter is face down to the American side again."""
    line = _line(14)
    state = _state(
        [("M4", line[0], 0)],
        [("GE-INFANTRY-SQUAD", line[13], 3)],
        options=f"{OPTION}, inverted-units",
    )
    assert intel.concealment(state, GE_SQUAD, "us") is None  # face up: in sighting range
    _plot_and_move(state, Order(GE_SQUAD, cover=True))
    assert state.cover.covered == {GE_SQUAD}
    assert intel.concealment(state, GE_SQUAD, "us") == "inverted"  # [OP X.A.2]
    events = _until(state, "plot", turn=2)
    [ours] = [e for e in events if isinstance(e, Sighted) and e.side == "us"]
    assert ours.sightings == ()
    why = state.why_not_order(Order(M4, fire=GE_SQUAD))
    assert why is not None and "[OP X.C.2]" in why and "gives 11" in why


# --- GP Defense and Overrun Defensive Fire [ADV VI.B.4.b; ADV VIII.A.2.c] -----------------------


def _overrun(covered: bool = True, **kw: str) -> ArmorState:
    """A PZIVJ facing north two hexes south of an American squad facing it, Clear between; the
    squad under a Full Cover unit when ``covered``."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[2], 3)], [("PZIVJ", line[0], 0)], **kw)
    if covered:
        state.cover.covered.add(US_SQUAD)
    return state


def _fires(events: list[object]) -> list[GpFire]:
    return [e for e in events if isinstance(e, GpFire)]


def _notes(events: list[object], rule: str) -> list[str]:
    return [e.describe() for e in events if isinstance(e, PhaseNote) and rule in e.rule]


def test_adv_viii_a_2_c_a_full_cover_squad_fires_first_defensive_fire_then_takes_fc_defense() -> (
    None
):
    """[ADV VIII.A.2.c]: "Leg or Towed units with Full Cover orders may use Defensive Fire, and
    this may be First Defensive Fire if the unit does not also have a Suppressed order": the
    squad under its Full Cover unit fires First Fire from the adjacent hex (NM GP Factor 30),
    the log says why; the Overrun Fire is against its FC GP Defense (the placeholder NM 2 + 2
    in Clear [ADV VI.B.4.b]), "20" added [VIII.B.2]: one above S, Knocked Out."""
    state = _overrun()
    n, s, _ = hit_line(4, "21-25")
    state.force_dice(1, s - 19)  # First Fire: no damage; Overrun Fire: s - 19 + 20 = s + 1
    events = plot_this_turn(state, Order(TANK, moves="3", overrun=US_SQUAD))
    [note] = _notes(events, "[ADV VIII.A.2.c]")
    assert f"{US_SQUAD} is in Full Cover: it may use Defensive Fire" in note
    assert "First Defensive Fire, as it is not also Suppressed" in note
    first, overrun = _fires(events)
    assert (first.firer, first.target, first.firer_orders, first.gp_factor) == (
        US_SQUAD,
        TANK,
        "NM",
        30,
    )
    assert "First Fire [ADV VIII.A.1] from the adjacent hex" in first.describe()
    assert (overrun.firer, overrun.target, overrun.defense) == (TANK, US_SQUAD, 4)
    assert "FC (Full Cover)" in overrun.defense_why and "[ADV VI.B.4.b" in overrun.defense_why
    assert FC_PLACEHOLDER in (overrun.placeholder or "")
    assert (overrun.n, overrun.s, overrun.modified_roll, overrun.result) == (n, s, s + 1, "K")
    assert US_SQUAD not in state.troops.hexes


def test_adv_viii_a_2_c_a_c_order_plotted_this_turn_fires_first_before_its_unit_is_placed() -> None:
    """[ADV VIII.A.2.c; ADV II; ADV IV.C.2]: the Overrun Phase comes before the Movement
    Execution Phase, where a plotted "C" places the Full Cover unit; the squad "with Full Cover
    orders" fires First Defensive Fire, and (our reading: the order has not yet taken place)
    its GP Defense is still the NM column's; its Full Cover unit is placed afterwards."""
    state = _overrun(covered=False)
    n, _, _ = hit_line(2, "21-25")
    state.force_dice(1, 1)
    state.apply(Order(US_SQUAD, cover=True))
    events = plot_this_turn(state, Order(TANK, moves="2", overrun=US_SQUAD))
    [note] = _notes(events, "[ADV VIII.A.2.c]")
    assert "First Defensive Fire" in note
    first, overrun = _fires(events)
    assert first.firer == US_SQUAD and "First Fire" in first.describe()
    assert overrun.defense == 2 and "NM in clear" in overrun.defense_why
    assert (overrun.result, overrun.n) == ("N", n)
    _until(state, "first-facing")
    assert state.cover.covered == {US_SQUAD}


def test_adv_viii_a_2_c_a_suppressed_full_cover_squad_fires_with_the_overrun_at_half() -> None:
    """[ADV VIII.A.2.c "in which case, see b"; VIII.A.2.b]: a Full Cover squad that is also
    Suppressed never gets First Fire; its Defensive Fire is simultaneous with the Overrun Fire,
    its GP Factor halved (30 -> 15)."""
    state = _overrun()
    state.damage.suppressed[US_SQUAD] = 2
    state.force_dice(50, 50)
    events = plot_this_turn(state, Order(TANK, moves="2", overrun=US_SQUAD))
    [note] = _notes(events, "[ADV VIII.A.2.c]")
    assert "not First Fire: it is also Suppressed [ADV VIII.A.2.b]" in note
    overrun, defensive = _fires(events)
    assert overrun.firer == TANK and overrun.defense == 4
    assert defensive.firer == US_SQUAD and defensive.modified_factor == 15
    assert "with the Overrun Fire" in defensive.describe()


def test_adv_vi_b_4_b_test_play_previews_gp_fire_at_a_full_cover_unit_with_its_fc_basis() -> None:
    """[ADV VI.B.4.b; ADV IV.C.2; AG V]: the Full Cover unit is on the map, so Test Play's
    preview of GP fire at the squad under it reads the FC column whatever its orders and names
    the placeholder's basis (not "as if it stands"), the odds those of gp_chance; the Overrun
    preview too; the Direct Fire's event says the same."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[0], 0)], [("GE-INFANTRY-SQUAD", line[4], 3)])
    state.cover.covered.add(GE_SQUAD)
    order = Order(US_SQUAD, fire=GE_SQUAD)
    [odds] = state.preview(order).chances
    assert "against GP Defense 4 (Target Information Chart, FC (Full Cover) in clear" in odds.words
    assert "whatever its orders" in odds.words and FC_PLACEHOLDER in odds.words
    assert "as if it stands" not in odds.words
    assert odds.effect == pytest.approx(gp_chance(state, US_SQUAD, GE_SQUAD)[1])
    uncovered = _state([("INFANTRY-SQUAD", line[0], 0)], [("GE-INFANTRY-SQUAD", line[4], 3)])
    [plain] = uncovered.preview(order).chances
    assert "as if it stands" in plain.words and "against GP Defense 2" in plain.words  # NM
    assert plain.effect > odds.effect  # Full Cover is harder to hurt
    overrun = _overrun()
    [ko] = overrun.preview(Order(TANK, moves="2", overrun=US_SQUAD)).chances
    assert "against GP Defense 4 (Target Information Chart, FC (Full Cover)" in ko.words
    assert FC_PLACEHOLDER in ko.words
    state.force_dice(1)
    [fire] = _fires(plot_this_turn(state, order))
    assert fire.defense == 4 and "FC (Full Cover)" in fire.defense_why
    assert FC_PLACEHOLDER in (fire.placeholder or "")
