"""Soldiers overwatch [13]: a man who watches, so that the enemy's reaction fire in his sight is
less alert and he himself may react any number of times.

Who and when [13; 13.1]: in a leader turn (never an independent one), at a Wary or higher risk
level, the man the active leader has just ordered; he spends 4 AP (the ``overwatch`` action,
:class:`~rules.soldiers.support_actions.Overwatch`). His weapon must be able to fire (not jammed
nor out of ammo [8.51]; an MG prepared with its crew [14.3]); a flamethrower never reacts, so it
never watches (our reading of 15.17). Our reading: the overwatch is his last action of the order,
the AP he has left are lost (he watches from where he stands).

The malfunction roll [13.1]: when he is put on overwatch, and at the start of each later
friendly Action Phase while he stays on it, a d10 read on the Weapon Check Summary's overwatch
row; a number calling for a check, the weapon check [8.5]. Jam: no Overwatch marker (removed,
at a later phase); Ammo: the Ammo Out marker [8.51], and the Overwatch marker stays to the end
of the current Action Phase [13.1].

What it does [13.2; 13.21]: the alertness roll of every enemy reaction fire [8.63] conducted in
sight of an overwatching man is increased by 1 for each such man with a non-automatic weapon, by
2 with an automatic one, at most +5 in all; a modified roll of 10 or more allows no fire (our
reading: the book's 8 + 2 = 10 "can't even fire"). Self-suppression rolls [8.64] are not reaction
fire: no addition. An overwatching man may fire in reaction any number of times in an Action
Phase, no Reaction Fire marker [13.2; 8.61]. Our reading of "in sight": an overwatching man who
is suppressed (he sees out of his hex no more [8.44]), disabled, or whose weapon is jammed adds
nothing.

When it ends [13.1]: when the man is given another order, at the end of the Command Cycle, and
(our reading, as 13.1 says of the placing roll) when his weapon jams or he is disabled; an Ammo
result ends it with the Action Phase.

A man on overwatch is always spotted [13.2] (:func:`rules.soldiers.fire.must_spot`).
Groups [7.1]: overwatch is a combat action of 4 AP (the 7.1 example: "One of the men is assigned
to overwatch (13) which costs 4 APs"): a man of the group under orders goes on overwatch for the
group's 4 AP, his actions end and the group goes on without him. No other man watches in the
same 4 AP: "the only other combat action costing 4 APs is throw satchel charge ... the group may
do nothing else" (our reading of the example; a group's satchel charge is not played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.soldiers.support_actions import Overwatch, SupportNote
from rules.soldiers.units import cell
from rules.soldiers.weapons import CHECK_COLUMN, carried, holder, run_check, why_not_fire_weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The Weapon Check Summary's row for overwatch [13.1].
CHECK_ROW = "overwatch (roll when placed and each later friendly Action Phase)"


def cost() -> int:
    """The AP overwatch costs [13.1] (the Action Summary's row)."""
    return int(str(cell("action-summary", "overwatch", "AP").value))


def leader_turn(state: SoldiersState) -> str | None:
    """The active leader of a leader turn, None in an independent turn [6.2; 13]: a squad or
    platoon leader's chit whose leader is able (our reading: a disabled leader gives no
    order)."""
    chit_id = state.active.chit
    if chit_id is None or state.active.chit_as not in (None, "leader"):
        return None  # 26's first cycle: played as an independent chit [26.3]
    leader = state.game.chits[chit_id].leader
    if leader is None or leader in state.troops.disabled or leader not in state.troops.hexes:
        return None
    return leader


def why_not(state: SoldiersState, action: Overwatch) -> str | None:
    """Why the ordered man may not go on overwatch now [13; 13.1], or None."""
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if state.active.current != man or man not in troops.hexes:
        return "only the man under orders acts [6.2]"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if leader_turn(state) is None:
        return "a man is put on overwatch only in a leader turn, by the active leader [13; 13.1]"
    if state.active.risk == "Cautious":
        return "overwatch needs a Wary or higher risk level [13]"
    if man in state.support.overwatch:
        return "he is on overwatch already [13.1]"
    if man in troops.captured:
        return "a prisoner may perform no action [9]"
    if man in troops.captured.values():
        return "a guard may not conduct combat actions [9.4]"
    weapon = carried(state, man)  # [7.33]
    if "quick" not in weapon.fire:
        return "a flamethrower may not fire in reaction, so it never watches (our reading of 15.17)"
    why = why_not_fire_weapon(state, man)
    if why is not None:
        return why
    from rules.soldiers.machineguns import why_not_gun

    why = why_not_gun(state, man, None)
    if why is not None:
        return why
    if state.active.ap < cost():
        return f"overwatch costs {cost()} AP, {state.active.ap:g} left [13.1]"
    return None


def place(state: SoldiersState, action: Overwatch) -> None:
    """Put the man on overwatch [13.1] (legality already checked): 4 AP, the Overwatch marker,
    the malfunction roll; his actions end (our reading)."""
    from rules.soldiers import groups

    man = action.man
    together = groups.in_group(state, man)
    state.active.ap = state.active.ap - cost() if together else 0.0
    state.support.overwatch.add(man)
    words = (
        f"on overwatch for {cost()} AP: Overwatch marker [13.1]; his actions end (our "
        "reading: he watches from where he stands)"
    )
    if together:
        words += f"; the group goes on without him with {state.active.ap:g} AP [7.1]"
    state.emit(SupportNote(man, words))
    malfunction(state, man, "placed on overwatch")


def malfunction(state: SoldiersState, man: str, when: str) -> None:
    """The overwatch malfunction roll [13.1]: a d10 on the Weapon Check Summary's overwatch
    row; a number calling for a check, the weapon check [8.5]: Jam takes the marker off, Ammo
    leaves it to the end of the Action Phase."""
    summary = cell("weapon-check-summary", CHECK_ROW, CHECK_COLUMN)
    numbers = summary.value if isinstance(summary.value, list) else []
    roll = state.roll(f"{man} overwatch malfunction roll [13.1]", 10)
    if roll not in numbers:
        note = f"{when}: malfunction roll {roll}, no weapon check [13.1]"
        state.emit(SupportNote(man, note + (" (placeholder)" if summary.placeholder else "")))
        return
    table = carried(state, man).damage_table
    cause = f"{when}: malfunction roll {roll} calls for a weapon check [13.1]"
    result = run_check(state, man, table, cause, bool(summary.placeholder))
    if result == "Jam":
        state.support.overwatch.discard(man)
        state.support.overwatch_ending.discard(man)
        state.emit(SupportNote(man, "his weapon jams: no Overwatch marker [13.1]"))
    elif result == "Ammo" and holder(state, man) in state.troops.ammo_out:
        state.support.overwatch_ending.add(man)
        state.emit(
            SupportNote(man, "out of ammo: on overwatch to the end of this Action Phase [13.1]")
        )


def phase_begins(state: SoldiersState, side: str) -> None:
    """The start of a friendly Action Phase: each man of ``side`` still on overwatch makes the
    malfunction roll [13.1]."""
    for man in sorted(state.support.overwatch):
        if state.game.men[man].side == side and man not in state.troops.disabled:
            malfunction(state, man, "still on overwatch")


def phase_ends(state: SoldiersState) -> None:
    """The end of an Action Phase: the markers of men out of ammo come off [13.1]."""
    for man in sorted(state.support.overwatch_ending):
        state.support.overwatch.discard(man)
        state.emit(SupportNote(man, "out of ammo: the Overwatch marker comes off [13.1]"))
    state.support.overwatch_ending = set()


def cycle_ends(state: SoldiersState) -> None:
    """The end of the Command Cycle: every Overwatch marker comes off [13.1; 4]."""
    for man in sorted(state.support.overwatch):
        state.emit(
            SupportNote(man, "end of the Command Cycle: the Overwatch marker comes off [13.1]")
        )
    state.support.overwatch, state.support.overwatch_ending = set(), set()


def ordered(state: SoldiersState, man: str) -> None:
    """A man on overwatch given another order: the marker comes off [13.1]."""
    if man in state.support.overwatch:
        state.support.overwatch.discard(man)
        state.support.overwatch_ending.discard(man)
        state.emit(SupportNote(man, "another order: the Overwatch marker comes off [13.1]"))


def refresh(state: SoldiersState) -> None:
    """After every action: a disabled man's, or a jammed weapon's, Overwatch marker comes off;
    a weapon out of ammo keeps it to the end of the Action Phase (our reading of 13.1)."""
    troops = state.troops
    for man in sorted(state.support.overwatch):
        weapon = holder(state, man)
        if man in troops.disabled or weapon in troops.jammed:
            why = "disabled" if man in troops.disabled else "his weapon jammed"
            state.support.overwatch.discard(man)
            state.support.overwatch_ending.discard(man)
            state.emit(
                SupportNote(man, f"{why}: the Overwatch marker comes off (our reading of 13.1)")
            )
        elif weapon in troops.ammo_out and man not in state.support.overwatch_ending:
            state.support.overwatch_ending.add(man)
            state.emit(
                SupportNote(man, "out of ammo: on overwatch to the end of this Action Phase [13.1]")
            )


def watchers(state: SoldiersState, reacting_side: str, h: Hex) -> list[str]:
    """The enemy men on overwatch in sight of ``h`` who count [13.2]: able, not suppressed,
    their weapon not jammed (our reading)."""
    troops, game = state.troops, state.game
    found = []
    for man in sorted(state.support.overwatch):
        at = troops.hexes.get(man)
        if at is None or game.men[man].side == reacting_side or man in troops.disabled:
            continue
        if man in troops.suppressed or holder(state, man) in troops.jammed:
            continue
        if at == h or state.sees(at, h):
            found.append(man)
    return found


def alertness_bonus(state: SoldiersState, reacting_side: str, h: Hex) -> tuple[int, str]:
    """What enemy overwatch adds to the alertness roll of reaction fire from ``h`` [13.2;
    13.21], and the steps in words ("" when nothing)."""
    men = watchers(state, reacting_side, h)
    if not men:
        return 0, ""
    auto = int(str(cell("overwatch", "automatic weapon", "added to the alertness roll").value))
    semi = int(str(cell("overwatch", "non-automatic weapon", "added to the alertness roll").value))
    most = int(str(cell("overwatch", "total, at most", "added to the alertness roll").value))
    parts = [f"{m} {auto if carried(state, m).automatic else semi:+d}" for m in men]
    total = sum(auto if carried(state, m).automatic else semi for m in men)
    words = f"enemy overwatch in sight: {', '.join(parts)} [13.2]"
    if total > most:
        words += f", at most {most:+d} [13.21]"
    return min(total, most), words


def watched(state: SoldiersState, side: str) -> int:
    """How many of ``side``'s able men are in sight and reach of an enemy man on overwatch
    (each watcher counted for three at most): for the heuristic bot, a threat to every move
    they make [13.2]."""
    troops, game = state.troops, state.game
    total = 0
    for man in sorted(state.support.overwatch):
        at = troops.hexes.get(man)
        spec = game.men[man]
        if at is None or spec.side == side or man in troops.disabled or man in troops.suppressed:
            continue
        seen = sum(
            1
            for m, h in troops.hexes.items()
            if game.men[m].side == side and m not in troops.disabled
            if at.distance(h) <= carried(state, man).max_range and state.sees(at, h)
        )
        total += min(seen, 3)
    return total
