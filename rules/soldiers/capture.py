"""Soldiers capture [9]: prisoners and their guards.

Automatic capture [9.2]: an able man in a hex holding only incapacitated enemy men (no able
one) captures them; the engine looks after every action. A prisoner needs a guard [9.3]: an
able man of the capturing side in his hex (the stand-in for the capturing player's choice, our
reading: the man of the lowest command rating, then initiative, so a leader stays free); one
man guards any number. While a prisoner shares a hex with an able enemy man he stays captured
[9]: a guard disabled or gone is replaced by another able man of his side in the hex [9.3],
else the prisoner is no longer guarded and the Captured marker comes off (our reading of "remains
so while in a hex with an able enemy man" [9]). A prisoner moves only with his guard [9]: when
the guard moves, his prisoners go to his hex. A guard gets 3 AP an order instead of 5 and
may not conduct combat actions (fire, grenades, reaction fire) [9.4].

Surrender [9.8]: at the start of each Action Phase, the men of the side not acting in a hex
holding at least twice as many able, non-suppressed enemy men as their own able men, and in
sight of no other friendly able, non-suppressed man, roll a d10: higher than the initiative of
every one of them, they all surrender: captured (``disabled`` as ``captured`` [2.5]) and
guarded as above.

Escape [9.6]: a prisoner not incapacitated whose hex holds no able enemy is no longer captured
at once (our reading: 9.6 lets his owner order him and removes the marker when he acts; the
engine does not order prisoners, so it frees him at once; he keeps his weapon, since captors do
not take equipment here [9.5], so no Unarmed marker).

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
from rules.soldiers.actions import ManCaptured

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

GUARD_AP = 3.0  # [9.4]
#: An able man taken prisoner is disabled [2.5] as this.
CAPTURED = "captured"


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
            state.emit(ManCaptured(prisoner, new, f"{new} takes over as his guard [9.3]"))
        else:
            del troops.captured[prisoner]
            if troops.disabled.get(prisoner) == CAPTURED:
                del troops.disabled[prisoner]  # able again: he escapes [9.6], our reading
            state.emit(
                ManCaptured(
                    prisoner, "-", "no able enemy man left with him: no longer captured [9]"
                )
            )
    down = {h for m, h in troops.hexes.items() if troops.disabled.get(m) == "incapacitated"}
    for h in sorted(down, key=game.name):
        _capture_in(state, h)


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
