"""Soldiers victory: the scenario's typed conditions, checked at the end of a Command Cycle [4].

Only able men count (disabled men are out of the fight [8.44]). ``control``: with
``objects: buildings`` each region of an ``any-of`` is one building, controlled by the side with
more able men in it, and under scenario 10's ``majority`` rule [10.5] an empty building by the
side with more able, non-suppressed men with sight to any hex of it; otherwise the hexes where
the side has able men and the enemy none.
``units-in``: able men in a region. ``enemy-losses``: enemy men disabled. Scoring
``conditions``: the first met condition with a result decides, else the default winner;
``most-vp``: the most points. Other kinds are listed as not evaluated.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import AnyOf
from model.scenario import Mission, Scenario
from model.victory import (
    AllConditions,
    AnyCondition,
    Casualties,
    Condition,
    Control,
    Destroyed,
    EnemyLosses,
    Exit,
    ForceShare,
    LineOfSight,
    LossesCompared,
    NotWon,
    Survives,
    TextCondition,
    UnitsIn,
    VictoryRules,
)
from rules.engine.core import Outcome
from rules.engine.tally import COMPARE, VictoryTally
from rules.soldiers.mission_victory import (
    exited_men,
    force_of,
    force_share,
    losses_compared,
    not_won,
)
from rules.soldiers.scenario_victory import judge_text, lying_as_killed

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _count(state: SoldiersState, hexes: frozenset[Hex], side: str, mine: bool) -> int:
    return sum(
        1
        for m, h in state.troops.hexes.items()
        if h in hexes
        and m not in state.troops.disabled
        and (state.game.men[m].side == side) == mine
    )


def _watching(state: SoldiersState, building: frozenset[Hex], side: str, mine: bool) -> int:
    """Able men of ``side`` (or of the enemy) with sight to any hex of the building; a
    suppressed man cannot see out of his hex [8.44]."""
    game, troops = state.game, state.troops
    return sum(
        1
        for m, at in troops.hexes.items()
        if m not in troops.disabled
        and m not in troops.suppressed
        and (game.men[m].side == side) == mine
        and any(state.sees(at, h) for h in building)
    )


def building_controller(state: SoldiersState, building: frozenset[Hex], side: str) -> int:
    """Who controls a building by scenario 10's rule [10.5]: 1 ``side``, -1 the enemy, 0
    neither. More able men in it controls (equal, neither); neither has able men in it, the
    side with more men with sight to any hex of it controls (equal, neither)."""
    mine, theirs = _count(state, building, side, True), _count(state, building, side, False)
    if not mine and not theirs:
        mine, theirs = (
            _watching(state, building, side, True),
            _watching(state, building, side, False),
        )
    return (mine > theirs) - (mine < theirs)


def buildings_in(state: SoldiersState, region: frozenset[Hex]) -> list[frozenset[Hex]]:
    """The buildings of a region: its building hexes, those side by side one building (our
    reading: the map marks no building's outline)."""
    game = state.game
    left = {h for h in region if "building" in game.terrains(h)}
    found = []
    while left:
        todo, part = [left.pop()], set()
        while todo:
            h = todo.pop()
            part.add(h)
            for n in h.neighbors():
                if n in left:
                    left.discard(n)
                    todo.append(n)
        found.append(frozenset(part))
    return sorted(found, key=lambda b: min(game.name(h) for h in b))


def _last(state: SoldiersState, hexes: frozenset[Hex], side: str) -> bool:
    """Whether ``side``'s able men were the last in these empty hexes [19.7]: every one of them
    that was ever entered was last entered by the side (our reading: the order between hexes
    is not kept)."""
    last = [state.troops.last_in.get(state.game.name(h)) for h in hexes]
    seen = [s for s in last if s is not None]
    return bool(seen) and all(s == side for s in seen)


def _held(state: SoldiersState, part: frozenset[Hex], cond: Control, building: bool) -> bool:
    """A building held by more able men in it [19.7]; a hex by the side's able men alone;
    empty, by the last side in it where the rule says so."""
    if cond.rule == "majority":  # the scenario's own rule, its sight clause too [10.5]
        return building_controller(state, part, cond.side) > 0
    mine = _count(state, part, cond.side, True)
    theirs = _count(state, part, cond.side, False)
    if mine or theirs:
        return mine > theirs if building else not theirs
    last = ("last-occupied", "book") if building else ("last-occupied",)
    return cond.rule in last and _last(state, part, cond.side)


def _parts(state: SoldiersState, cond: Control) -> int:
    """How many buildings or hexes the control condition is of (its ``at_least_fraction``'s
    whole: "all building hexes" [24.3])."""
    game = state.game
    if cond.objects != "buildings":
        return len(game.region(cond.region))
    if isinstance(cond.region, AnyOf):
        return len(cond.region.regions)
    return len(buildings_in(state, game.region(cond.region)))


def _control_needed(state: SoldiersState, cond: Control) -> int:
    if cond.at_least_fraction is not None:
        return max(1, math.ceil(cond.at_least_fraction * _parts(state, cond) - 1e-9))
    return cond.at_least or 1


def _controlled(state: SoldiersState, cond: Control) -> int:
    """How many buildings (each region of an ``any-of``, else the region's buildings) or hexes
    the side controls [19.7]: more able men in it; empty, the last in it (``last-occupied``,
    and the book's rule for buildings [19.7]); scenario 10's ``majority`` [10.5]."""
    game = state.game
    if cond.objects == "buildings":
        if isinstance(cond.region, AnyOf):
            parts = [game.region(r) for r in cond.region.regions]
        else:
            parts = buildings_in(state, game.region(cond.region))
        return sum(1 for b in parts if _held(state, b, cond, True))
    return sum(1 for h in game.region(cond.region) if _held(state, frozenset((h,)), cond, False))


#: What a judgement of a condition is: met, not met, or not judged (None).
Judged = bool | None


#: A side's force: its men that have entered the map at any time [19.7].
force = force_of


def _share(count: int, whole: int) -> float:
    return count / whole if whole else 0.0


def _casualties(state: SoldiersState, cond: Casualties) -> tuple[bool, str]:
    side = cond.side if cond.of == "own" else state.game.other(cond.side)
    men = force(state, side)
    killed_only = cond.measure in ("killed", "killed-or-captured")
    captured = cond.measure.endswith("-or-captured")  # a prisoner counts [9; 19.7]
    lost = sum(
        1
        for m in men
        if m in state.troops.disabled
        and (
            not killed_only
            or state.troops.disabled[m] == "killed"
            or (captured and m in state.troops.captured)
        )
    )
    lying: list[str] = []
    if killed_only:  # "an incapacitated man is considered killed if ..." [20.3]
        result = getattr(cond.award, "result", None)
        lying = [m for m in lying_as_killed(state, side, result) if m not in state.troops.captured]
        lost += len(lying)
    if cond.count is not None:
        ok = COMPARE[cond.compare](lost, cond.count)
    else:
        ok = COMPARE[cond.compare](_share(lost, len(men)), cond.fraction or 0.0)
    tail = f" ({len(lying)} incapacitated counted as killed [20.3])" if lying else ""
    return ok, f"{side} {cond.measure}: {lost} of a force of {len(men)}{tail} [19.7]"


def _exit(state: SoldiersState, cond: Exit) -> tuple[bool, str]:
    """Men moved off the map: those of the filter, the ones that must be among them
    (:func:`rules.soldiers.mission_victory.exited_men`) [7.26; 19.7]."""
    found, missing, whole = exited_men(state, cond)
    off = len(found)
    if cond.at_least_fraction is not None:
        ok = COMPARE[cond.compare](_share(off, whole), cond.at_least_fraction)
    else:
        ok = COMPARE[cond.compare](off, cond.at_least or 1)
    lacking = f"; none is {', '.join(missing)}" if missing else ""
    why = f"{cond.side}: {off} of a force of {whole} moved off the map{lacking} [7.26; 19.7]"
    return ok and not missing, why


def _sight(state: SoldiersState, cond: LineOfSight) -> tuple[bool, str]:
    game, troops = state.game, state.troops
    eyes = [
        at
        for m, at in troops.hexes.items()
        if m not in troops.disabled
        and m not in troops.suppressed
        and (game.men[m].side == cond.side) != cond.enemy
    ]
    targets = sorted(game.region(cond.to), key=game.name)
    seen = [h for h in targets if any(at == h or state.sees(at, h) for at in eyes)]
    ok = (len(seen) == len(targets)) if cond.all_hexes else bool(seen)
    whose = "the enemy's" if cond.enemy else f"{cond.side}'s"
    return (
        not ok if cond.negate else ok
    ), f"{len(seen)} of {len(targets)} hexes in {whose} sight [6.4]"


def objects_judged(state: SoldiersState, cond: Destroyed | Survives) -> tuple[bool, str]:
    """Map objects destroyed or still standing [19.7; 20.3; 26.3]: each bridge hex, each
    building of the region (a choice: the option chosen [19.11]) with a destroyed hex is
    destroyed (:mod:`rules.soldiers.scenario_effects`). ``destroyed``: at least ``at_least``
    (all with ``all``; none given, one); ``survives``: at least ``at_least`` intact (none given,
    one: "at least 1 bridge intact" [26.3], "the target is not destroyed" [20.3])."""
    from rules.soldiers.scenario_effects import chosen, destroyed_parts

    gone, whole = destroyed_parts(state, cond.objects)
    picked = chosen(state, cond.objects)
    how = f" ({picked[1]})" if picked is not None and picked[1] else ""
    words = f"{cond.objects}{how}: {gone} of {whole} destroyed [19.7]"
    if isinstance(cond, Survives):
        return whole - gone >= (cond.at_least or 1), words
    needed = whole if cond.all else (cond.at_least or 1)
    return whole > 0 and gone >= needed, words


def _in_time(cond: Condition, cycle: int, wiped: bool) -> bool:
    """Whether the condition is judged at the end of ``cycle``; ``wiped``: the game ended
    early because a side has no man left, and a condition of a later cycle is judged now (our
    reading: nothing can change before it) [4]."""
    turn = getattr(cond, "turn", None)
    by_turn = getattr(cond, "by_turn", None)
    from_turn = getattr(cond, "from_turn", None)
    if turn is not None and cycle != turn and not (wiped and cycle < turn):
        return False
    if by_turn is not None and cycle > by_turn:
        return False
    return from_turn is None or cycle >= from_turn or wiped


def judge(
    state: SoldiersState, cond: Condition, final: bool, notes: list[str], timed: bool = True
) -> Judged:
    """One condition met, not met, or not judged (None), with a note of why (``timed``
    False: whatever its Command Cycles, as a bot weighs a position)."""
    wiped = final and any(not state.able(s) and not state.to_come(s) for s in state.game.sides)
    if timed and not _in_time(cond, state.play.cycle, wiped):
        notes.append(f"{cond.kind}: not in its Command Cycles")
        return False
    if isinstance(cond, AllConditions | AnyCondition):
        parts = [judge(state, c, final, notes, timed) for c in cond.conditions]
        if isinstance(cond, AllConditions):
            return False if False in parts else None if None in parts else True
        return True if True in parts else None if None in parts else False
    found: tuple[bool, str] | None = None
    game = state.game
    if isinstance(cond, UnitsIn):
        count = _count(state, game.region(cond.region), cond.side, not cond.enemy)
        found = COMPARE[cond.compare](count, cond.count), f"{count} able men in the region"
    elif isinstance(cond, Control):
        held, needed = _controlled(state, cond), _control_needed(state, cond)
        found = held >= needed, f"{cond.side} controls {held} {cond.objects} of {needed} [19.7]"
    elif isinstance(cond, EnemyLosses):
        lost = sum(1 for m in state.troops.disabled if game.men[m].side != cond.side)
        found = lost > 0, f"{lost} enemy men disabled [8.44]"
    elif isinstance(cond, Casualties):
        found = _casualties(state, cond)
    elif isinstance(cond, Exit):
        found = _exit(state, cond)
    elif isinstance(cond, LineOfSight):
        found = _sight(state, cond)
    elif isinstance(cond, ForceShare):
        found = force_share(state, cond)
    elif isinstance(cond, LossesCompared):
        found = losses_compared(state, cond)
    elif isinstance(cond, NotWon) and not timed:
        found = False, "a deadline: not weighed before it comes (our reading) [19.7]"
    elif isinstance(cond, NotWon):
        found = not_won(state, cond, victory_rules(state).conditions, judge, final)
    elif isinstance(cond, Destroyed | Survives):
        found = objects_judged(state, cond)
    elif isinstance(cond, TextCondition):
        found = judge_text(state, cond)  # scenarios 20-26's clauses in words [24.3]
    if found is None:
        notes.append(f"{cond.kind}: not judged (a condition in words)")
        return None
    notes.append(f"{cond.kind}: {found[1]}: {found[0]}")
    return found[0]


#: When a condition is judged before the game's end [19.7].
AT_ANY_TIME = ("end-of-any-turn", "instant")


def _judged_now(cond: Condition, final: bool, when: tuple[str, ...] = AT_ANY_TIME) -> bool:
    """Whether a condition is judged now: at the game's end, or by its ``when``; an all-of or
    any-of with no ``when`` of its own is judged when one of its parts is ("German Victory:
    ... at the end of any Command Cycle, at least 75% of the US force is disabled ... or the
    US has not won at the end of three" [23.3]: the first part ends the game at once)."""
    if final or getattr(cond, "when", "end") in when:
        return True
    parts = cond.conditions if isinstance(cond, AllConditions | AnyCondition) else []
    return any(_judged_now(c, False, when) for c in parts)


def played_victory(scenario: Scenario, missions: Iterable[Mission]) -> VictoryRules:
    """The scenario's victory with the conditions of the missions played [19.1; 19.7], and a
    mission's default result ("Any other result is a draw" [26.3]; "US Victory: Prevent the
    German victory conditions" [25.3]) and who wins when both sides meet theirs [23.3]."""
    victory = scenario.victory
    played = list(missions)
    extra = [c for m in played for c in m.victory.conditions]
    update: dict[str, object] = {"conditions": [*victory.conditions, *extra]}
    for key in ("default_winner", "both_win"):
        named = [getattr(m.victory, key) for m in played if getattr(m.victory, key)]
        if named:
            update[key] = named[0]
    return victory.model_copy(update=update)


def victory_rules(state: SoldiersState) -> VictoryRules:
    """The scenario's victory with the conditions of the missions played [19.1; 19.7]."""
    return state.game.victory


def decided(state: SoldiersState, when: tuple[str, ...] = AT_ANY_TIME) -> bool:
    """Whether a condition judged at the end of every Command Cycle (or the moment it
    happens; ``when``) is met with a result: it ends the game [19.7]."""
    for cond in victory_rules(state).conditions:
        result = getattr(getattr(cond, "award", None), "result", None)
        if (
            result in ("win", "draw")
            and _judged_now(cond, False, when)
            and judge(state, cond, False, []) is True
        ):
            return True
    return False


def evaluate_outcome(
    state: SoldiersState, final: bool | None = None, timed: bool = True
) -> Outcome:
    """The result by the conditions judged now (``final``: at the game's end; by default,
    once the game is over; ``timed`` False: every condition, whatever its Command Cycles, as
    a bot weighs a position)."""
    final = state.play.over if final is None else final
    victory = victory_rules(state)
    tally = VictoryTally(victory, state.game.sides)
    draw, won = False, set[str]()
    for i, cond in enumerate(victory.conditions):
        if not _judged_now(cond, final):
            continue
        notes: list[str] = []
        ok = judge(state, cond, final, notes, timed)
        if ok is None:
            tally.unevaluated.append(
                f"condition {i} ({cond.kind}): not judged: a part of it is in words only"
                f" ({'; '.join(notes)})"
            )
            continue
        gained = 0.0
        award = getattr(cond, "award", None)
        if isinstance(cond, Control) and award is not None and award.vp:
            gained = award.vp * (_controlled(state, cond) if award.per else 1)
        elif isinstance(cond, EnemyLosses) and award is not None and award.vp:
            gained = award.vp * sum(
                1 for m in state.troops.disabled if state.game.men[m].side != cond.side
            )
        tally.findings.append(f"condition {i} ({cond.kind}, {cond.side}): {ok}: {'; '.join(notes)}")
        tally.judged(i, cond, ok, gained)
        if ok and award is not None and award.result == "win":
            won.add(cond.side)
        if ok and award is not None and award.result == "draw":
            draw = True
    return _result(tally.outcome(), victory, won, draw, final)


def _result(
    found: Outcome, victory: VictoryRules, won: set[str], draw: bool, final: bool
) -> Outcome:
    """Who wins when both sides meet a win condition [23.3], a met draw condition, and a
    mission's default draw ("Any other result is a draw" [26.3]) once the game is over."""
    if len(won) > 1 and victory.both_win:
        winner = None if victory.both_win == "draw" else victory.both_win
        why = f"both sides meet a win condition: the mission gives it to {victory.both_win} [23.3]"
        return dataclasses.replace(found, winner=winner, reason=why)
    if found.winner is None and draw:
        return dataclasses.replace(found, reason="a draw condition is met [19.7]")
    if found.winner is None and final and victory.default_winner == "draw":
        why = "a draw: no side's condition is met and the mission's other results are a draw [19.7]"
        return dataclasses.replace(found, reason=why)
    return found
