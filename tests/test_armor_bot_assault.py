"""The heuristic bot's Close Assaults [ADV IV.A.1; ADV VII]: an Infantry unit beside an enemy
Vehicle weighs the Close Assault by its odds (:func:`rules.armor.assault.chance`) times the
Vehicle's Victory Points, as an Overrun is weighed (:func:`rules.armor.bot._assault_value`)."""

from __future__ import annotations

from test_armor_antitank import _line, _state

from rules.armor import assault
from rules.armor.bot import GAIN, _assault_value
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.bots.base import make_bot

SQUAD, PZ = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1"


def _squad_beside_tank(gap: int = 1) -> ArmorState:
    """An American squad (no anti-tank weapon) facing north, a PZIVJ ``gap`` hexes north
    facing it, Clear between."""
    line = _line(gap + 1)
    return _state([("INFANTRY-SQUAD", "", line[0], 0)], [("PZIVJ", "", line[gap], 3)])


def _chosen(state: ArmorState, seed: int = 1) -> Order | None:
    found = make_bot("heuristic", seed).choose(state, "us")
    return found if isinstance(found, Order) else None


def test_the_bot_close_assaults_the_adjacent_tank_adv_vii() -> None:
    """Beside the PZIVJ, the squad's Close Assault [ADV IV.A.1] is worth its chance of a
    Knock Out and of a Suppressed result times the tank's points; it beats standing still
    and every move, so the bot plots "A-PZIVJ", a legal order; the same seed, the same."""
    state = _squad_beside_tank()
    _, kills, hurts = assault.chance(state, SQUAD, PZ)
    assert kills > 0
    worth = _assault_value(state, "us", Order(SQUAD, assault=PZ))
    points = state.game.units[PZ].points
    assert points * kills < worth <= 2 * points * (kills + hurts)
    assert worth > GAIN
    order = _chosen(state)
    assert order == Order(SQUAD, assault=PZ)
    assert state.why_not(order) is None
    assert _chosen(_squad_beside_tank()) == order


def test_no_close_assault_on_a_tank_out_of_reach() -> None:
    """Two hexes off, no Close Assault is possible [ADV IV.A.1.b]: the bot plots something
    else (or nothing), never an "A-" order."""
    state = _squad_beside_tank(2)
    assert not [o for o in state.order_options(SQUAD) if isinstance(o, Order) and o.assault]
    order = _chosen(state)
    assert order is None or order.assault is None
