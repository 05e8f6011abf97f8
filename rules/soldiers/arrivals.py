"""Soldiers events and reinforcements [6.12; 19.32-19.33].

Events [6.12]: at the start of a tactical turn the d10 and d6 of the risk level are added and
read on the Event Table (:file:`resources/soldiers/tables/event.yaml`; the table is not in the
text, its sums are Hexwright's placeholders but for the two of the 6.11 examples). An Event A
or Event B result is the scenario's next one of that letter: the First, Second, Third Event A
[10.6; 19] (``events`` of the scenario, slots ``A1``, ``A2``...). What the engine applies of
them: reinforcements, the table's Advantage Check (each player's d10, the higher takes the
advantage, a tie keeps it: the Event Summary's placeholder [5.11]), its Artillery Strike
(:func:`rules.soldiers.artillery.strike_event` [17.25; 17.3]), End Command Cycle and Smoke
Dissipates (:mod:`rules.soldiers.events` [4; 12.52]). A scenario event that brings
reinforcements (its ``reinforcements`` sides) makes the groups whose condition names that event
eligible; every other event and every other result of the table (Unusual Event) is logged as
not applied (our reading: this engine plays none of them).
A book scenario's event whose effect the engine plays is applied by
:mod:`rules.soldiers.scenario_events` (Dawn Patrol's [10.6]).
A condition in words on the event ("only if the German has the advantage") is not judged (our
reading).

Reinforcements [19.32]: when its event comes, each reinforcing squad's command chits go to the
space of a d6 (6: Start), from where they are committed as any other chit; heavy-weapons
soldiers are ordered by any independent chit [19.33]. A man off the map enters by a move
whose first hex is an entry hex of his group, paying that hex's AP; every entry hex counts as
in friendly sight [19.32]; held off the map past the event's Command Cycle, also by the
map-edge hexes of the adjacent zones (:mod:`rules.soldiers.delayed_entry` [19.34]). A leader
still off the map orders only his men off the map [19.33].
A group whose arrival is in words (scenario 26's German squads) is on the Command Track from
the start, its chits in Start (our reading: as the Prepared deployment [26.5]); a group with a
Command Cycle enters from that cycle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers import events, scenario_effects, scenario_events
from rules.soldiers.actions import ChitMoved, EventDrawn
from rules.soldiers.records import OFF
from rules.soldiers.setup import Group
from rules.soldiers.units import cell

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

EVENT_LETTERS = {"Event A": "A", "Event B": "B"}
ADVANTAGE_CHECK = "Advantage Check"
ARTILLERY_STRIKE = "Artillery Strike"
NOT_APPLIED = "not applied: this engine does not play it (our reading) [6.12]"


def draw_event(state: SoldiersState, total: int) -> None:
    """The Event Table's result for the sum of the risk dice, and what it does [6.12]."""
    found = cell("event", total, "event")
    name = str(found.value)
    where = f"Event Table {total}: {name}" + (" (placeholder)" if found.placeholder else "")
    letter = EVENT_LETTERS.get(name)
    if name == "No Event":
        state.emit(EventDrawn(where, "", "nothing happens [6.12]"))
        return
    if name == ADVANTAGE_CHECK:
        advantage_check(state, where)
        return
    if name == ARTILLERY_STRIKE:
        artillery_strike(state, where)
        return
    if events.apply(state, name, where):  # End Command Cycle, Smoke Dissipates [4; 12.52]
        return
    if letter is None:
        state.emit(EventDrawn(where, "", NOT_APPLIED))
        return
    count = state.arrivals.events.get(letter, 0) + 1
    state.arrivals.events[letter] = count
    slot = f"{letter}{count}"
    state.arrivals.came[slot] = state.play.cycle  # a deadline may count from it [21.3]
    event = next((e for e in state.game.scenario.events if e.slot.upper() == slot), None)
    if event is None:
        state.emit(EventDrawn(f"{where} ({slot})", "", "the scenario has no such event [6.12]"))
        return
    groups = [
        g for g in state.game.groups if g.slot == slot and g.id not in state.arrivals.eligible
    ]
    groups += scenario_effects.not_yet_entered(state, slot, groups)  # [21.6; 23.6; 24.6]
    for g in [g for g in groups if scenario_effects.refused(state, slot, g)]:
        groups.remove(g)  # the event's condition is not met [21.6; 23.6; 24.6]
        why = f"{g.side}'s reinforcements do not come: {scenario_effects.refused(state, slot, g)}"
        state.emit(EventDrawn(f"{where}: {slot}", event.text, why))
        if not groups and (state.game.scenario.id, slot) not in scenario_events.EFFECTS:
            return
    applied = scenario_events.apply(state, slot, f"{where}: {slot}", event.text)  # [10.6]
    if applied:
        if not groups:
            return
    elif not groups:
        state.emit(EventDrawn(f"{where}: {slot}", event.text, NOT_APPLIED))
        return
    state.emit(
        EventDrawn(
            f"{where}: {slot}",
            event.text,
            f"reinforcements of {', '.join(sorted({g.side for g in groups}))} may enter "
            + (
                "[19.32]: the event's condition is met [21.6; 23.6; 24.6; 25.6]"
                if scenario_effects.gated(state, slot)
                else "[19.32]"
                if applied
                else "[19.32]; the rest of its words are not applied (our reading)"
            ),
        )
    )
    for group in groups:
        bring(state, group, f"event {slot}")


def artillery_strike(state: SoldiersState, where: str) -> None:
    """An Artillery Strike event [17.25; 17.3]: the player who rolled it (the active player,
    the Event Summary's placeholder) resolves his first call, or may make a free call
    (:func:`rules.soldiers.artillery.strike_event`)."""
    from rules.soldiers.artillery import strike_event

    assert state.active.chit is not None
    side = state.game.chits[state.active.chit].side
    found = cell("event-summary", ARTILLERY_STRIKE, "effect")
    text = str(found.value) + (" (placeholder)" if found.placeholder else "")
    state.emit(EventDrawn(where, text, f"{side} rolled it: his strike [17.3; 17.25]"))
    strike_event(state, side, where)


def advantage_check(state: SoldiersState, where: str) -> None:
    """An Advantage Check event [5.11]: each player rolls the d10, the higher roll takes the
    advantage, a tie keeps it (the Event Summary's words are not in the text: a placeholder,
    modelled on the roll-offs of 10.4 and 26.4)."""
    a, b = state.game.sides
    ra = state.roll(f"{a} Advantage Check [5.11]", 10)
    rb = state.roll(f"{b} Advantage Check [5.11]", 10)
    held = state.play.advantage
    state.play.advantage = a if ra > rb else b if rb > ra else held
    found = cell("event-summary", ADVANTAGE_CHECK, "effect")
    why = f"{a} {ra}, {b} {rb}: {state.play.advantage} has the advantage [5.11]"
    state.emit(
        EventDrawn(where, str(found.value), why + (" (placeholder)" if found.placeholder else ""))
    )


def bring(state: SoldiersState, group: Group, why: str, roll: bool = True) -> None:
    """A reinforcement group becomes eligible to enter: each of its squads' chits to the
    space of a d6, Start on a 6 [19.32] (without the roll, Start)."""
    state.arrivals.eligible.add(group.id)
    squads = sorted({state.game.men[m].squad for m in group.men})
    for squad in squads:
        chits = [c for c, chit in sorted(state.game.chits.items()) if chit.squad == squad]
        if not chits:
            continue  # heavy-weapons soldiers: ordered by any independent chit [19.33]
        if roll:
            r = state.roll(f"{squad} reinforcement chits [19.32]", 6)
            space = "Start" if r == 6 else str(r)
            words = f"{why}: reinforcements, d6 {r} [19.32]"
        else:
            space, words = "Start", f"{why}: on the Command Track in Start (our reading)"
        for c in chits:
            if state.track.space[c] == OFF and c not in state.track.removed:
                state.track.space[c] = space
                state.emit(ChitMoved(c, space, words))


def eligible(state: SoldiersState, man: str) -> bool:
    """A man still off the map whose group may enter now [19.32]."""
    group = state.game.group_of.get(man)
    return man in state.troops.waiting and group is not None and group in state.arrivals.eligible


def begin_cycle(state: SoldiersState) -> None:
    """Groups that enter from this Command Cycle become eligible."""
    for group in state.game.groups:
        due = group.cycle is not None and group.cycle <= state.play.cycle
        if due and group.id not in state.arrivals.eligible:
            bring(state, group, f"Command Cycle {group.cycle}")
