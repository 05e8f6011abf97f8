"""Soldiers capture [9]: prisoners and their guards.

Automatic capture [9.2]: an able man in a hex holding only incapacitated enemy men (no able
one) captures them; the engine looks after every action. A prisoner needs a guard [9.3]: an
able man of the capturing side in his hex (the stand-in for the capturing player's choice, our
reading: the man of the lowest command rating, then initiative, so a leader stays free); one
man guards any number. While a prisoner shares a hex with an able enemy man he stays captured
[9]: a guard disabled or gone is replaced by another able man of his side in the hex [9.3],
else the prisoner is left alone (no guard: :data:`ALONE`), still captured until he escapes
[9.6] (below); an able enemy man coming into his hex guards him again [9.3]. An incapacitated
prisoner left alone is no longer captured (our reading of "remains so while in a hex with an
able enemy man" [9]: he can take no order to escape). A prisoner moves only with his guard [9]: when
the guard moves, his prisoners go to his hex. A guard gets 3 AP an order instead of 5 and
may not conduct combat actions (fire, grenades, reaction fire) [9.4].

Surrender [9.8]: at the start of each Action Phase, the men of the side not acting in a hex
holding at least twice as many able, non-suppressed enemy men as their own able men, and in
sight of no other friendly able, non-suppressed man, roll a d10: higher than the initiative of
every one of them, they all surrender: captured (``disabled`` as ``captured`` [2.5]) and
guarded as above.

Escape [9.6]: "If a prisoner is left alone in a hex (with no guard), the owning player may give
him an order (either independent or, if in command, a leader order) and activate him. If this
occurs, remove the Captured marker. Until the prisoner actually conducts an action, he remains
captured." A prisoner left alone (not incapacitated) may be ordered as a man of his squad
(:func:`alone`, read by :mod:`rules.soldiers.command`); ordered, he may act as any man
(:func:`escape_ordered`: marked ``escaping MAN`` in the state's marks, kept by clones and
position files); his first action takes the Captured marker off (:func:`acts`); an order that
ends with no action of his (the next order, the phase's end) leaves him captured, alone or
guarded by an able enemy now with him (:func:`order_ends`). He keeps whatever equipment his
captors did not take [9.5].

Victory [19.7]: a captured man counts as captured (``killed-or-captured``,
``disabled-or-captured``) and as disabled [2.5].

Capture in hand-to-hand [9.1]: a man hit whose damage roll, after a capture attempt's -3, reads
"Captured" is taken (:func:`take`; the combat is :mod:`rules.soldiers.melee`).

Killing prisoners [9.7]: :mod:`rules.soldiers.prisoners`. A guard moving off the map takes his
prisoners with him [7.26] (:func:`rules.soldiers.exits.lead_off`).

Destroying equipment [9.5]: :mod:`rules.soldiers.destroying`. Missing: captured equipment
[9.5] beyond the weapons an exchange takes [7.33] (grenades, clips).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Action
from rules.soldiers.actions import ManCaptured

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

GUARD_AP = 3.0  # [9.4]
#: An able man taken prisoner is disabled [2.5] as this.
CAPTURED = "captured"
#: The guard of a prisoner left alone in a hex, with no guard [9.6].
ALONE = "-"
#: The mark (with the man's id) of a prisoner left alone who was ordered and has not acted yet:
#: still captured until he does [9.6].
ESCAPING = "escaping "


def guard_ap(state: SoldiersState, man: str) -> tuple[float, str] | None:
    """A guard's AP for an order [9.4], None for a man guarding nobody."""
    if man in state.troops.captured.values():
        return GUARD_AP, "a guard: 3 AP, no combat actions [9.4]"
    return None


def _able_in(state: SoldiersState, h: Hex, side: str) -> list[str]:
    troops, men = state.troops, state.game.men
    return sorted(
        m
        for m, at in troops.hexes.items()
        if at == h and men[m].side == side and m not in troops.disabled
    )


def _pick_guard(state: SoldiersState, men: list[str]) -> str:
    spec = state.game.men
    return min(men, key=lambda m: (spec[m].command, spec[m].initiative, m))


def after_move(state: SoldiersState, man: str) -> None:
    """A guard's prisoners go where he went [9]."""
    troops = state.troops
    at = troops.hexes.get(man)
    if at is not None:
        for prisoner, guard in sorted(troops.captured.items()):
            if guard == man and troops.hexes.get(prisoner) != at:
                troops.hexes[prisoner] = at
                where = state.game.name(at)
                state.emit(ManCaptured(prisoner, man, f"led by his guard {man} to {where} [9]"))


def refresh(state: SoldiersState) -> None:
    """Guards kept or replaced, prisoners freed, and automatic capture in every hex [9.2; 9.3]."""
    troops, game = state.troops, state.game
    for prisoner, guard in sorted(troops.captured.items()):
        at = troops.hexes.get(prisoner)
        if troops.disabled.get(prisoner) == "killed" or at is None:
            del troops.captured[prisoner]
            continue
        if troops.hexes.get(guard) == at and guard not in troops.disabled:
            continue
        others = _able_in(state, at, game.other(game.men[prisoner].side))
        if others:
            new = _pick_guard(state, others)
            troops.captured[prisoner] = new
            why = f"{new} takes over as his guard [9.3]"
            if guard == ALONE:
                why = f"an able enemy man is with him again: {new} guards him [9; 9.3]"
            state.emit(ManCaptured(prisoner, new, why))
        elif guard == ALONE:
            continue  # still alone, still captured [9.6]
        elif troops.disabled.get(prisoner) == CAPTURED:
            troops.captured[prisoner] = ALONE
            why = (
                "left alone with no guard: his owner may order him to escape; he remains "
                "captured until he acts [9.6]"
            )
            state.emit(ManCaptured(prisoner, ALONE, why))
        else:
            del troops.captured[prisoner]  # incapacitated: no order to escape (our reading)
            state.emit(
                ManCaptured(
                    prisoner, "-", "no able enemy man left with him: no longer captured [9]"
                )
            )
    down = {h for m, h in troops.hexes.items() if troops.disabled.get(m) == "incapacitated"}
    for h in sorted(down, key=game.name):
        _capture_in(state, h)


def alone(state: SoldiersState, side: str) -> list[str]:
    """The side's prisoners left alone in a hex, with no guard, able to take an order [9.6]."""
    troops, men = state.troops, state.game.men
    return sorted(
        m
        for m, guard in troops.captured.items()
        if guard == ALONE
        and men[m].side == side
        and m in troops.hexes
        and troops.disabled.get(m) == CAPTURED
    )


def escaping(state: SoldiersState) -> list[str]:
    """The prisoners ordered to escape who have not acted yet [9.6]."""
    marks = state.field.marks
    return sorted(k[len(ESCAPING) :] for k in marks if k.startswith(ESCAPING)) if marks else []


def escape_ordered(state: SoldiersState, man: str) -> None:
    """A prisoner left alone is ordered [9.6]: he may act as any man under orders; he remains
    captured until he does (:func:`acts`, :func:`order_ends`)."""
    troops = state.troops
    if troops.captured.get(man) != ALONE:
        return
    del troops.captured[man]
    troops.disabled.pop(man, None)
    state.field.marks.add(ESCAPING + man)
    why = "ordered, left alone with no guard: he may escape; captured until he acts [9.6]"
    state.emit(ManCaptured(man, ALONE, why))


def acts(state: SoldiersState, action: Action) -> None:
    """The escaping prisoner (or the group he is ordered with) conducts an action: the
    Captured marker comes off [9.6]."""
    from rules.soldiers.actions import OrderMan
    from rules.soldiers.groups import OrderGroup

    running = escaping(state)
    if not running or isinstance(action, OrderMan | OrderGroup):
        return
    actor = getattr(action, "man", None) or getattr(action, "unit", None)
    active = state.active
    if actor is None or (actor != active.current and actor not in active.group):
        return
    for man in running:
        if man == actor or (man in active.group and actor in active.group):
            state.field.marks.discard(ESCAPING + man)
            why = "conducts an action: the Captured marker comes off, he has escaped [9.6]"
            state.emit(ManCaptured(man, "-", why))


def order_ends(state: SoldiersState) -> None:
    """The order of an escaping prisoner ends with no action of his (the next order, the end of
    the Action Phase): he remains captured [9.6], alone or guarded by an able enemy man now in
    his hex [9.3]."""
    troops = state.troops
    for man in escaping(state):
        state.field.marks.discard(ESCAPING + man)
        at = troops.hexes.get(man)
        if at is None or man in troops.disabled:
            continue
        troops.disabled[man] = CAPTURED
        troops.suppressed.discard(man)
        others = _able_in(state, at, state.game.other(state.game.men[man].side))
        guard = _pick_guard(state, others) if others else ALONE
        troops.captured[man] = guard
        state.emit(
            ManCaptured(man, guard, "his order ends without an action: still captured [9.6]")
        )


def _capture_in(state: SoldiersState, h: Hex) -> None:
    """Automatic capture in ``h`` [9.2]."""
    troops, game = state.troops, state.game
    for side in game.sides:
        enemy = game.other(side)
        captors = _able_in(state, h, side)
        if not captors or _able_in(state, h, enemy):
            continue
        taken = sorted(
            m
            for m, at in troops.hexes.items()
            if at == h
            and game.men[m].side == enemy
            and troops.disabled.get(m) == "incapacitated"
            and m not in troops.captured
        )
        for prisoner in taken:
            guard = _pick_guard(state, captors)
            troops.captured[prisoner] = guard
            why = (
                f"captured: {game.name(h)} holds only incapacitated men of his side and an able "
                f"enemy [9.2]; {guard} guards him [9.3]"
            )
            state.emit(ManCaptured(prisoner, guard, why))


def take(state: SoldiersState, prisoner: str, side: str, h: Hex, why: str) -> bool:
    """``side`` takes ``prisoner`` in ``h`` [9]: captured, an able man of ``side`` there
    guarding him [9.3]; False when ``side`` has no able man there to guard him."""
    captors = _able_in(state, h, side)
    if not captors:
        return False
    guard = _pick_guard(state, captors)
    troops = state.troops
    troops.disabled[prisoner] = CAPTURED
    troops.captured[prisoner] = guard
    troops.suppressed.discard(prisoner)
    state.emit(ManCaptured(prisoner, guard, f"{why}; {guard} guards him [9.3]"))
    return True


def surrender(state: SoldiersState, acting: str) -> None:
    """The enemy of the side ``acting`` surrenders where it is outnumbered and alone [9.8]."""
    troops, game = state.troops, state.game
    side = game.other(acting)
    men = game.men
    hexes = {
        at for m, at in troops.hexes.items() if men[m].side == side and m not in troops.disabled
    }
    for h in sorted(hexes, key=game.name):
        friends = _able_in(state, h, side)
        enemies = [m for m in _able_in(state, h, acting) if m not in troops.suppressed]
        if len(enemies) < 2 * len(friends):
            continue
        watched = any(
            at != h and state.sees(at, h)
            for m, at in troops.hexes.items()
            if men[m].side == side and m not in troops.disabled and m not in troops.suppressed
        )
        if watched:
            continue
        best = max(men[m].initiative for m in friends)
        roll = state.roll(f"surrender in {game.name(h)} [9.8]", 10)
        if roll <= best:
            why = f"rolled {roll}, not higher than initiative {best}: none surrender [9.8]"
            state.emit(ManCaptured("-", "-", f"{game.name(h)}: {why}"))
            continue
        guard = _pick_guard(state, enemies)
        for m in friends:
            troops.disabled[m] = CAPTURED
            troops.captured[m] = guard
            why = (
                f"surrenders: {len(enemies)} able enemy men to {len(friends)}, unseen by his "
                f"side; rolled {roll} > initiative {best} [9.8]; {guard} guards him [9.3]"
            )
            state.emit(ManCaptured(m, guard, why))
