"""The parts of the missions' victory conditions [19.7; 20-26] beyond a region's men: the
share of a force still in the fight, the two sides' losses compared, and "the enemy has not
won" at a deadline (a Command Cycle, or the cycle after an event's).

- ``force-share`` [19.7]: the side's force (its men that have entered the map at any time) and
  how many of them are able (not disabled, not a prisoner), or able and still on the map.
- ``losses-compared`` [20.3]: the enemy's men disabled against the side's own.
- ``exit`` filters [19.7; 21.3; 22.3; 24.3]: the men moved off the map that count (a leader:
  a man with a command rating; an automatic weapon; an LMG; "with ammo": not Ammo Out), and
  those that must be among them (``including``). A prisoner taken off the map by his guard
  (``captured``, 23.3 Raid; 26.3) counts for the captors' exit [7.26; 9], not for his own side's.
- ``not-won`` [20.3; 21.3; 23.3; 24.3; 25.3; 26.3]: none of the enemy's win conditions (and,
  with ``or_draw``, none of its draw conditions) is met when judged: at the condition's
  Command Cycle, or ``turns_after`` the cycle in which the scenario's event ``after_event``
  came (21.3 Limited Advance: "the Command Cycle following the one in which Second Event B
  occurs"); before that event has come it is not met.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.victory import (
    AllConditions,
    AnyCondition,
    Condition,
    Exit,
    ForceShare,
    LossesCompared,
    NotWon,
    UnitFilter,
)
from rules.engine.tally import COMPARE
from rules.soldiers.weapons import carried, holder

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: A judge of one condition: met, not met, or not judged (None), notes appended.
Judge = Callable[["SoldiersState", Condition, bool, list[str]], "bool | None"]


def force_of(state: SoldiersState, side: str) -> list[str]:
    """A side's force: its men that have entered the map at any time [19.7]."""
    men = state.game.men
    return [m for m in (*state.troops.hexes, *state.troops.exited) if men[m].side == side]


def force_share(state: SoldiersState, cond: ForceShare) -> tuple[bool, str]:
    """The share of the force able (or able and on the map) against the fraction [19.7]."""
    side = cond.side if cond.of == "own" else state.game.other(cond.side)
    men = force_of(state, side)
    troops = state.troops
    able = [m for m in men if m not in troops.disabled and m not in troops.captured]
    if cond.state == "able-on-map":
        able = [m for m in able if m in troops.hexes]
    share = len(able) / len(men) if men else 0.0
    where = " and on the map" if cond.state == "able-on-map" else ""
    return (
        COMPARE[cond.compare](share, cond.fraction),
        f"{side}: {len(able)} of a force of {len(men)} able{where} [19.7]",
    )


def losses_compared(state: SoldiersState, cond: LossesCompared) -> tuple[bool, str]:
    """The enemy's disabled men against the side's own [20.3] (the force's men [19.7])."""
    enemy = state.game.other(cond.side)
    theirs = sum(1 for m in force_of(state, enemy) if m in state.troops.disabled)
    ours = sum(1 for m in force_of(state, cond.side) if m in state.troops.disabled)
    return (
        COMPARE[cond.compare](theirs, ours),
        f"{enemy} disabled {theirs} {cond.compare} {cond.side} disabled {ours} [20.3]",
    )


def fits(state: SoldiersState, man: str, flt: UnitFilter) -> bool:
    """Whether a man is of the filter's categories and states [19.7]."""
    m = state.game.men[man]
    cats = set(flt.categories)
    if "leader" in cats and not m.command:
        return False
    arm = carried(state, man)  # the weapon he carries [7.33; 11.2]
    if "automatic-weapon" in cats and not arm.automatic:
        return False
    if "lmg" in cats and "LMG" not in arm.id.upper():
        return False
    out = holder(state, man) in state.troops.ammo_out  # an MG's crew: the gun's [19.54]
    return not ("with-ammo" in flt.states and out)


def exited_men(state: SoldiersState, cond: Exit) -> tuple[list[str], list[str], int]:
    """The side's men moved off the map that count, the ``including`` filters none of them
    meets, and the force's size [19.7]."""
    men = force_of(state, cond.side)
    troops = state.troops
    if "captured" in cond.units.states:
        # the enemy's men led off the map as prisoners [7.26; 9]; "able": not incapacitated
        able = "able" in cond.units.states
        off = [
            m
            for m in sorted(troops.taken_off)
            if state.game.men[m].side != cond.side
            and fits(state, m, cond.units)
            and (not able or troops.disabled.get(m) == "captured")
        ]
    else:
        off = [
            m
            for m in men
            if m in troops.exited and m not in troops.taken_off and fits(state, m, cond.units)
        ]
    missing = [
        "/".join([*f.categories, *f.states]) or "a man"
        for f in cond.including
        if not any(fits(state, m, f) for m in off)
    ]
    return off, missing, len(men)


def _enemy_results(cond: NotWon) -> tuple[str, ...]:
    return ("win", "draw") if cond.or_draw else ("win",)


def _has_not_won(cond: Condition) -> bool:
    if isinstance(cond, NotWon):
        return True
    if isinstance(cond, AllConditions | AnyCondition):
        return any(_has_not_won(c) for c in cond.conditions)
    return False


def deadline(state: SoldiersState, cond: NotWon) -> int | None:
    """The Command Cycle at whose end a ``not-won`` counted from an event is judged: the
    cycle the event came in plus ``turns_after`` [21.3]; None while the event has not come."""
    if cond.after_event is None:
        return None
    came = state.arrivals.came.get(cond.after_event.upper())
    return None if came is None else came + cond.turns_after


def not_won(
    state: SoldiersState,
    cond: NotWon,
    conditions: list[Condition],
    judge: Judge,
    final: bool,
) -> tuple[bool, str]:
    """Whether the enemy has met none of its win (or draw) conditions now [19.7]. A
    condition that is itself a ``not-won`` is left out (our reading: "the German fails to win"
    never depends on the US failing to win)."""
    if cond.after_event is not None:
        due = deadline(state, cond)
        if due is None:
            return False, f"event {cond.after_event} has not come [21.3]"
        if state.play.cycle != due:
            return False, f"judged only at the end of Command Cycle {due} [21.3]"
    enemy = state.game.other(cond.side)
    wanted = _enemy_results(cond)
    met = []
    for i, other in enumerate(conditions):
        result = getattr(getattr(other, "award", None), "result", None)
        if other.side != enemy or result not in wanted or _has_not_won(other):
            continue
        if judge(state, other, final, []) is True:
            met.append(f"{result} condition {i}")
    what = "won or drawn" if cond.or_draw else "won"
    if met:
        return False, f"{enemy} has met its {', '.join(met)} [19.7]"
    return True, f"{enemy} has not {what} [19.7]"
