"""Armor's Overrun Phase: Bail Out after the Overrun Defensive Fire [ADV IX; ADV VIII.A], as
after the Direct Fire Phase and each Opportunity Fire. The book has no worked example of it:
forced dice on made positions (the Bazooka's, PIAT's ... and the Damage Caused Table are
placeholders, the Bail Out Table is the book's [GC2 Bail Out Tables])."""

from __future__ import annotations

import pytest
from test_armor_antitank import GE_SQUAD, M4, _line, _state

from rules.armor.bailout import BailOut, crew_id
from rules.armor.events import ApFire, GpFire, PhaseNote
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.engine.actions import Done


def _overrun(state: ArmorState, order: Order) -> None:
    """Plot ``order``, then ``done`` until the Turn's Overrun Phase is over."""
    state.apply(order)
    turn = state.play.turn
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        state.apply(Done(state.to_act()[0]))


@pytest.mark.parametrize(("bail_roll", "bails"), [(15, True), (16, False)])
def test_adv_ix_a_the_panzerfausts_penetration_in_overrun_first_fire_checks_bail_out(
    bail_roll: int, bails: bool
) -> None:
    """[ADV IX.A]: "Any time a Vehicle unit receives a penetrating hit from an AP Factor that
    does not Knock Out the Vehicle unit, there is a chance that the Vehicle unit's crew will
    Bail Out", checked "after all fire at the Vehicle unit is resolved and completed in a
    Phase" [ADV IX]. The German squad's Panzerfaust fires Overrun Defensive First Fire at the
    M4 [ADV VIII.A.1-2]: hit (roll 01), UH (roll 50), Penetration 40, Damage roll 99: No
    Damage. The Bail Out Table's No Damage row, UH column: 01-15 [GC2]: a roll of 15 bails the
    crew out, the M4 is abandoned in the adjacent hex and gets no Overrun Fire
    [ADV VIII.A.1; IX.A.3]; 16 keeps it, and the M4 fires its Overrun Fire."""
    line = _line(5)
    state = _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "PT", line[2], 3)])
    # the squad's GP, the Panzerfaust, Hit Determination, Damage Caused, Bail Out, the rest
    state.force_dice(99, 1, 50, 99, bail_roll, 99, 99, 99, 99)
    _overrun(state, Order(M4, moves="3", overrun=GE_SQUAD))
    (fire,) = [e for e in state.log if isinstance(e, ApFire) and e.firer == GE_SQUAD]
    assert fire.hits == 1 and "Overrun Defensive Fire (First Fire" in fire.rule
    notes = [
        e for e in state.log if isinstance(e, PhaseNote) and "Bail Out is checked" in e.describe()
    ]
    assert len(notes) == 1 and "[ADV IX; ADV VIII.A]" in notes[0].describe()
    (bail,) = [e for e in state.log if isinstance(e, BailOut) and e.vehicle == M4]
    assert (bail.roll, bail.needed) == (bail_roll, 15) and "[ADV IX.A.1-2" in bail.rule
    overrun_fire = [e for e in state.log if isinstance(e, GpFire) and e.firer == M4]
    assert (M4 in state.troops.abandoned) == bails
    if bails:
        assert state.troops.hexes[crew_id(M4)] == state.troops.hexes[M4] == line[1]
        assert not overrun_fire  # stopped in the adjacent hex [ADV VIII.A.1]
    else:
        assert overrun_fire and M4 not in state.troops.abandoned


def test_adv_ix_a_the_towed_guns_penetration_in_overrun_defensive_fire_checks_bail_out() -> None:
    """[ADV IX.A] with [ADV VIII.A.1-3]: a Towed gun's AP Defensive Fire is the same code
    path: a penetration that does not Knock Out the tank rolls on the Bail Out Table once its
    Defensive Fire is applied (dice found by trying: a hit and a penetration with No Damage);
    the crew bails out only on a roll within the table's range [ADV IX.A.2]."""
    line = _line(5)
    gun = "us.AT-57MM.1"
    for location_roll in range(1, 101, 3):
        state = _state([("AT-57MM", "", line[2], 3)], [("PZIVJ", "", line[0], 0)])
        state.force_dice(1, location_roll, 99, 1, 99, 99, 99, 99)
        _overrun(state, Order("german.PZIVJ.1", moves="3", overrun=gun))
        bails = [e for e in state.log if isinstance(e, BailOut)]
        if not bails:
            continue
        (bail,) = bails
        assert bail.vehicle == "german.PZIVJ.1" and bail.roll and bail.needed
        assert "[ADV IX.A.1-2; GC2 Bail Out Tables: no-damage" in bail.rule
        bailed = "german.PZIVJ.1" in state.troops.abandoned
        assert bailed == (bail.roll <= bail.needed)
        overrun_fire = [e for e in state.log if isinstance(e, GpFire) and e.firer.startswith("ger")]
        assert not (bailed and overrun_fire)  # a bailed out crew: no Overrun Fire [VIII.A.1]
        return
    pytest.fail("no forced dice gave a penetration that did not Knock Out the tank")
