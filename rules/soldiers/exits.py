"""Moving off the map [7.26]: "only if allowed by the scenario instructions and then only from
specified areas", 1 AP from a map-edge hex. The scenario's and the played missions' ``exit-allowed``
rules say who and where; ``from_turn`` from which Command Cycle. An ``after`` in words is read
for what the engine can judge (our reading): "after N Command Cycles" (from cycle N + 1) and an
event's slot ("Second Event B (B2)": once it has been rolled); where it names both a condition
the engine cannot judge and one of these, the one it can; "the chosen target is destroyed, or
after three Command Cycles, whichever occurs first" [20.3] is judged whole (the Raid's target,
:mod:`rules.soldiers.scenario_effects`), as is "the prisoner(s) required for victory have been
captured, or after two Command Cycles" [23.3] (two enemy men or an enemy leader held or led
off), "the sight requirement has been met" [24.3], the Reconnaissance's eight sighters or
prisoner [26.3] and the Recon in Force's men within sight of the crossroads [25.3]
(:mod:`rules.soldiers.scenario_victory`); where it names none, the exit is allowed at
once. A man who moved off stays off [7.26]; an ``action-ban`` on "move men off the map" forbids
it to its sides (20.3 Commando Assault).

A guard moving off takes his prisoners with him (``taken_off``), as they go wherever he goes
[9]: the scenarios that ask for prisoners moved off the map ("US men and captured German men
may move off the map" [23]; "an able German prisoner off the north edge" [26]) count them
(:func:`rules.soldiers.mission_victory.exited_men`). Our reading: they leave by their guard's
exit rule; an incapacitated prisoner goes too (the engine leads him as it leads him on the map).
Moved off, a prisoner stays in his side's force and stays captured [19.7].
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.victory import ActionBan, ExitAllowed, SpecialRule
from rules.soldiers.actions import ManLeft, MoveOff
from rules.soldiers.scenario_effects import destroyed_parts
from rules.soldiers.scenario_victory import crossroads_sighted, recon_exit_open, sight_met

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

EXIT_AP = 1.0
OFF_MAP_BAN = "move men off the map"
#: An ``after`` naming the Raid's target destroyed, and the map objects it is [20.3].
TARGET_DESTROYED = re.compile(r"target is destroyed")
RAID_TARGET = "raid-target"
#: An ``after`` naming the Raid's sight requirement [24.3].
SIGHT_MET = re.compile(r"the sight requirement has been met")
#: An ``after`` naming the Reconnaissance's sighters or prisoner [26.3].
SIGHTERS = re.compile(r"at least eight men have sighted the command-centre buildings")
#: An ``after`` naming the Recon in Force's men within sight of the crossroads [25.3].
CROSSROADS_SEEN = re.compile(r"within sight of the crossroads")
#: An ``after`` naming the Raid's prisoners taken [23.3].
PRISONERS_TAKEN = re.compile(r"prisoner\(s\) required for victory have been captured")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def read_after(after: str | None) -> tuple[int | None, str | None, bool]:
    """An ``after`` in words: the Command Cycle from which it holds, the event slot that
    brings it, and whether all of its words were read."""
    if after is None:
        return None, None, True
    cycles = re.search(r"after (\w+) Command Cycles?", after)
    slot = re.search(r"\(([AB][1-9])\)", after)
    n = None
    if cycles is not None:
        word = cycles.group(1).lower()
        n = NUMBERS.get(word, int(word) if word.isdigit() else 0) + 1
    whole = bool(slot) and re.fullmatch(r"[\w ]+\(([AB][1-9])\)", after.strip()) is not None
    # "after their objective is destroyed or after three Command Cycles" [20.3]; "after the
    # prisoner(s) required for victory have been captured, or after two Command Cycles" [23.3]
    read = TARGET_DESTROYED.search(after) or PRISONERS_TAKEN.search(after)
    whole = whole or (n is not None and read is not None)
    return n, slot.group(1) if slot else None, whole


def _prisoners_taken(state: SoldiersState, side: str, after: str | None) -> bool:
    """The prisoners the Raid needs are captured: two enemy men or one enemy leader held by
    the side's men or led off the map [23.3; 9]."""
    if after is None or PRISONERS_TAKEN.search(after) is None:
        return False
    game, troops = state.game, state.troops
    held = [m for m in (*troops.captured, *troops.taken_off) if game.men[m].side != side]
    return len(set(held)) >= 2 or any(game.men[m].command for m in held)


def _target_destroyed(state: SoldiersState, after: str | None) -> bool:
    """The Raid's chosen target is destroyed, where the rule's words name it [20.3; 19.11]."""
    if after is None or TARGET_DESTROYED.search(after) is None:
        return False
    return destroyed_parts(state, RAID_TARGET)[0] > 0


def why_not_enforced(rule: SpecialRule) -> str | None:
    """An exit rule's ``after`` the engine reads only in part (:func:`read_after`)."""
    if not isinstance(rule, ExitAllowed) or rule.after is None:
        return None
    if any(words.search(rule.after) for words in (SIGHT_MET, SIGHTERS, CROSSROADS_SEEN)):
        return None  # the Raid's sight [24.3]; the Reconnaissance's [26.3]; the crossroads [25.3]
    cycle, _, whole = read_after(rule.after)
    if whole:
        return None
    if cycle is not None:
        return (
            f"its 'after' is played as from Command Cycle {cycle} (our reading); the rest of "
            "its words are not judged"
        )
    return "its 'after' in words is not judged: the exit is allowed at once (our reading)"


def exit_rules(game: SoldiersGame) -> list[ExitAllowed]:
    """The exit rules in force: the scenario's and the played missions'."""
    return [r for r in game.rules_in_force() if isinstance(r, ExitAllowed)]


def _open(state: SoldiersState, rule: ExitAllowed) -> bool:
    cycle = state.play.cycle
    if rule.from_turn is not None and cycle < rule.from_turn:
        return False
    after_cycle, slot, _ = read_after(rule.after)
    if rule.after is not None and SIGHT_MET.search(rule.after):
        return sight_met(state)  # "No German men may exit until the sight requirement" [24.3]
    if rule.after is not None and SIGHTERS.search(rule.after):
        return recon_exit_open(state)  # eight sighters, or the prisoner taken [26.3]
    if rule.after is not None and CROSSROADS_SEEN.search(rule.after):
        return crossroads_sighted(state)  # "move men within sight ... and then exit" [25.3]
    if after_cycle is None and slot is None:
        return True
    by_cycle = after_cycle is not None and cycle >= after_cycle
    by_event = slot is not None and state.arrivals.events.get(slot[0], 0) >= int(slot[1:])
    taken = _prisoners_taken(state, rule.side, rule.after)
    return by_cycle or by_event or _target_destroyed(state, rule.after) or taken


def exit_hexes(state: SoldiersState, side: str) -> frozenset[Hex]:
    """The map-edge hexes the side's men may move off from now [7.26]."""
    game = state.game
    if any(
        isinstance(r, ActionBan) and r.action == OFF_MAP_BAN and (not r.sides or side in r.sides)
        for r in game.rules_in_force()
    ):
        return frozenset()
    found: set[Hex] = set()
    for rule in exit_rules(game):
        if rule.side == side and _open(state, rule):
            found |= game.region(rule.region) & game.edge
    return frozenset(found)


def why_not_move_off(state: SoldiersState, action: MoveOff) -> str | None:
    man = action.man
    if state.active.current != man:
        return "only the man under orders acts [6.2]"
    at = state.troops.hexes.get(man)
    if at is None or man in state.troops.disabled:
        return "he is not on the map"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if at not in exit_hexes(state, state.game.men[man].side):
        return "the scenario does not allow moving off the map from here, now [7.26]"
    if state.active.ap < EXIT_AP:
        return f"moving off costs {EXIT_AP:g} AP, {state.active.ap:g} left [7.26]"
    return None


def move_off(state: SoldiersState, action: MoveOff) -> None:
    man = action.man
    at = state.troops.hexes.pop(man)
    state.troops.exited.add(man)
    state.active.ap -= EXIT_AP
    state.active.current = None
    state.emit(ManLeft(man, state.game.name(at), f"{EXIT_AP:g} AP from a map-edge hex [7.26]"))
    lead_off(state, man, at)


def lead_off(state: SoldiersState, guard: str, at: Hex) -> None:
    """The prisoners ``guard`` guarded in ``at`` go off the map with him [7.26; 9]."""
    troops = state.troops
    for prisoner, by in sorted(troops.captured.items()):
        if by != guard or troops.hexes.get(prisoner) != at:
            continue
        del troops.hexes[prisoner]
        del troops.captured[prisoner]
        troops.exited.add(prisoner)
        troops.taken_off.add(prisoner)
        why = f"a prisoner, led off the map by his guard {guard} [7.26; 9]"
        state.emit(ManLeft(prisoner, state.game.name(at), why))
