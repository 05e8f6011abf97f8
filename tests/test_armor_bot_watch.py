"""The heuristic bot plots a machinegun's and an infantry anti-tank weapon's own Opportunity and
Tracking Fire orders [ADV IV.E.2-3; AG V.A.2.b; AG VII.F; OP XV] where a weapon has nothing
to shoot now but an enemy unit stands near enough to come into its reach
(:mod:`rules.armor.bot_watch`, our weighting); and does not where it has a target now or the
unit moves."""

from __future__ import annotations

from test_armor_antitank import _line, _state

from rules.armor.bot import _worth
from rules.armor.bot_watch import APPROACH, with_watch
from rules.armor.game import ArmorState
from rules.armor.machineguns import LONGEST
from rules.armor.orders import Order
from rules.armor.range import range_between
from rules.bots.base import make_bot

SQUAD, PZ = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1"
M4, GE_SQUAD = "us.M4.1", "german.INFANTRY-SQUAD.1"
TRACKING = "tracking-fire"


def _bazooka_and_tank(gap: int, options: str = "") -> ArmorState:
    """An American squad with a Bazooka (placeholder reach 3 hexes) facing north, a PZIVJ
    ``gap`` hexes north facing it, Clear between."""
    line = _line(gap + 1)
    return _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[gap], 3)], options=options
    )


def _chosen(state: ArmorState, side: str = "us", seed: int = 1) -> Order | None:
    found = make_bot("heuristic", seed).choose(state, side)
    return found if isinstance(found, Order) else None


def test_the_bot_plots_the_bazookas_own_opportunity_fire_for_a_tank_beyond_its_reach() -> None:
    """The tank stands five hexes off, beyond the Bazooka's three (nothing to shoot now) but
    within :data:`APPROACH` more: the heuristic bot writes the Bazooka's own "(B)N-hex" on
    the hex in its reach nearest the tank [AG V.A.2.b; ADV IV.E.3], a legal order, the squad
    standing; the same seed chooses the same."""
    state = _bazooka_and_tank(5)
    order = _chosen(state)
    assert order is not None and order.unit == SQUAD and not order.moves
    ((code, watched),) = order.mg_opportunity
    spot = state.game.amap.resolve(watched)
    assert code == "B" and range_between(state.troops.hexes[SQUAD], spot) <= 3
    assert range_between(spot, state.troops.hexes[PZ]) == 2  # the nearest it can fire into
    assert state.why_not(order) is None
    assert _chosen(_bazooka_and_tank(5)) == order


def test_with_tracking_fire_the_bot_tracks_the_tank_it_sights_with_the_bazooka_op_xv() -> None:
    """Where the scenario plays Tracking Fire [OP XV], the sighted tank [OP XV.B.1] beyond the
    Bazooka's reach is tracked: "(B)T-unit" is worth more than "(B)N-hex", its shot without
    the -8 [OP XV.B.3]."""
    state = _bazooka_and_tank(5, TRACKING)
    order = _chosen(state)
    assert order == Order(SQUAD, mg_tracking=(("B", PZ),))
    assert state.why_not(order) is None


def test_the_bot_fires_directly_at_a_tank_in_reach_and_watches_for_none_too_far() -> None:
    """No own Opportunity or Tracking Fire order where the Bazooka has a target to fire at now
    (the tank three hexes off: the squad's Direct Fire takes the Bazooka with it [ADV IV.E.3]),
    nor for a tank farther than :data:`APPROACH` hexes beyond its reach."""
    near = _chosen(_bazooka_and_tank(3, TRACKING))
    assert near is not None and near.fire == PZ
    assert not near.mg_opportunity and not near.mg_tracking
    far = _chosen(_bazooka_and_tank(3 + APPROACH + 1, TRACKING))
    assert far is None or not (far.mg_opportunity or far.mg_tracking)


def test_the_bot_watches_with_an_idle_machinegun_for_infantry_out_of_sight() -> None:
    """An M4 with the German squad sixteen hexes off, beyond its sight (15 for the squad in
    Clear [GC2]): neither machinegun may fire at it now, so one watches the hex in its reach
    nearest the squad, "(UH)N-hex" [ADV IV.E.2]; not sighted, it may not be tracked
    [OP XV.B.1]. With the squad ten hexes off and in sight, the machineguns have a target and
    no such order is added; nor to an order that moves the Vehicle [AG V.A.2.b(1)]."""
    line = _line(17)
    state = _state(
        [("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "", line[16], 3)], options=TRACKING
    )
    found = with_watch(state, state.clone(), M4, None, _worth)
    assert found is not None and not found.mg_tracking and state.why_not(found) is None
    ((mount, watched),) = found.mg_opportunity
    spot = state.game.amap.resolve(watched)
    assert mount in ("UH", "TT") and range_between(state.troops.hexes[M4], spot) <= LONGEST
    assert spot == line[15]
    moving = Order(M4, moves="1")
    assert with_watch(state, state.clone(), M4, moving, _worth) == moving
    near = _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "", line[10], 3)], options=TRACKING)
    assert with_watch(near, near.clone(), M4, None, _worth) is None


def test_the_bot_tracks_infantry_behind_a_tank_with_its_hull_machinegun_op_xv() -> None:
    """A PZIVJ facing south, an American squad four hexes behind it, out of the UH
    machinegun's Field of Fire [ADV VI.A.4.c] but sighted: with Tracking Fire the
    machinegun tracks the squad, "(UH)T-unit", fired if the squad moves into its arc
    [OP XV.B.2]; without the option it watches a hex in its arc, "(UH)N-hex"."""
    line = _line(5)
    forces = ([("INFANTRY-SQUAD", "", line[4], 0)], [("PZIVJ", "", line[0], 3)])
    state = _state(*forces, options=TRACKING)
    found = with_watch(state, state.clone(), PZ, None, _worth)
    assert found == Order(PZ, mg_tracking=(("UH", SQUAD),))
    plain = _state(*forces)
    found = with_watch(plain, plain.clone(), PZ, None, _worth)
    assert found is not None and [m for m, _ in found.mg_opportunity] == ["UH"]
    assert plain.why_not(found) is None
