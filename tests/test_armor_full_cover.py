"""Full Cover [ADV IV.C] beyond the order itself: Leg and Towed units in Full Cover are harder
to see with the Optional Sighting Rule [OP X.C.2; GC2 Sighting Ranges Table], take the Target
Information Chart's FC column in GP fire and Overrun Fire [Intro IV GP DEFENSE; ADV VI.B.4.b],
and fire only Overrun Defensive Fire, First Fire unless also Suppressed [ADV VIII.A.2.c]. The
book has no worked example: made positions with the table's numbers and forced dice."""

from __future__ import annotations

import pytest
from test_armor_optional import GE_SQUAD, US_SQUAD, _line, _name, _plot_and_move, _state, _until

from rules.armor.events import Sighted
from rules.armor.fire import sighting_range, sights, target_size, why_not_sighted
from rules.armor.game import ArmorState
from rules.armor.optional import intel
from rules.armor.orders import Order
from rules.armor.range import range_between

M4 = "us.M4.1"
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
