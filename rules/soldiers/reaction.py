"""Soldiers reaction fire [8.6]: the reactive side's answer to an active man who enters a hex in
its men's sight or fires sustained fire.

When [8.6]: after the active man enters a hex that a man eligible to react sees (a move of
several hexes stops at the first such hex; the active player moves on afterwards), and after his
sustained fire is resolved [8.62], before he spends any more AP. Not during operational moves
[6.3]. The reactive side is then the side to act (:meth:`SoldiersState.to_act`): it declares
``react MAN fire`` or ``react MAN suppress`` for each man it wants, then ``done`` resolves every
declaration together [8.62]; ``done`` with nothing declared holds fire. Reaction costs no AP:
reactive men have none; a man fires in reaction once an Action Phase (a Reaction Fire marker,
removed in the End Phase [8.65]).

Who may fire [8.61]: a man who sees the hex, is not in the hex the sustained fire hit, is
neither suppressed, wounded nor disabled, has not reaction fired this Action Phase (unless he
is on overwatch, [13.2]: no marker for him), and is not in an enemy-occupied hex (the hex the
active man entered is one: our reading of 8.61's words). The engine adds what the rest of the
rules need: his weapon can fire [8.51] and reaches the hex (its maximum range [8.31]), it has
quick fire (the flamethrower never reacts [15.17]), an MG prepared, crewed and with the hex in
its arc, one crewman a gun [14.3] (:mod:`rules.soldiers.machineguns`), no hex holding only
friendly, non-suppressed men in the way [8.12] (:mod:`rules.soldiers.fire_lanes`), and he is
no guard [9.4] nor prisoner [9]. Who may suppress instead [8.64]: the same, a wounded man too,
whatever his weapon.

Resolution [8.62-8.64]: one d10 per hex for the men declared to suppress, 9 or less and they
suppress; one d10 per hex for the men declared to fire, against the highest initiative of the
side's able, non-suppressed men in the hex (our reading of "the highest initiative in the
hex"): at or under it each fires any type his weapon allows, the reacting player's choice
when it allows more than one (:mod:`rules.soldiers.reaction_choice`), above it (not 10) quick
fire, 10 no fire and no marker [8.63]; enemy overwatch in sight of the hex adds to the fire
roll, a modified 10 or more no fire [13.2; 13.21] (:mod:`rules.soldiers.overwatch`). Every hit
chance is worked out before any fire is resolved: reaction fire is simultaneous [8.6]. Each
shot is resolved as fire at the active man's hex [8.3-8.5], weapon checks included (our
reading: fire is always at a hex [8.2], so a man sharing the active man's hex may be the one
the target player picks to take the damage [8.41]).

An active man wounded or disabled by reaction fire may perform no more actions in the Action
Phase [7.1; 8.44]; one suppressed by it neither (our reading: the engine offers no unsuppress
in the middle of a man's actions [7.42]).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.worked import Working
from rules.soldiers import groups, hidden_guns, machineguns, overwatch, reaction_choice
from rules.soldiers.actions import React, ReactionNote, Shoot
from rules.soldiers.fire import hit_chance, resolve
from rules.soldiers.fire_lanes import why_not_through
from rules.soldiers.preparations import PILLBOX_INITIATIVE, kinds
from rules.soldiers.records import PendingShot, Reaction
from rules.soldiers.weapons import carried, why_not_fire_weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: Alertness results [8.63; 8.64]: the d10 that forbids reaction.
NO_REACTION = 10


def _eligible(
    state: SoldiersState,
    man: str,
    h: Hex,
    occupied: set[Hex],
    target: str | None,
    wounded_ok: bool,
) -> bool:
    """Whether ``man`` may react to an enemy in ``h`` [8.61; 8.64]; ``occupied``: the hexes
    holding able enemy men, the active man's included."""
    troops, game = state.troops, state.game
    at = troops.hexes.get(man)
    if at is None or man in troops.disabled or man in troops.suppressed:
        return False
    if man in state.active.reacted or man in troops.captured.values():
        return False
    if man in troops.wounded and not wounded_ok:
        return False
    if at in occupied:
        return False  # in an enemy-occupied hex [8.61]
    if target is not None and game.name(at) == target:
        return False
    return state.sees(at, h)


def _may_fire(state: SoldiersState, man: str, h: Hex) -> bool:
    weapon = carried(state, man)  # his counter's or one he took [7.33]
    return (
        "quick" in weapon.fire
        and why_not_fire_weapon(state, man) is None
        and state.troops.hexes[man].distance(h) <= weapon.max_range
        and machineguns.why_not_gun(state, man, h) is None  # prepared, crewed, in arc [14]
        and why_not_through(state, man, h) is None  # not through friendly men [8.12]
    )


def candidates(
    state: SoldiersState, side: str, h: Hex, target: str | None = None
) -> tuple[list[str], list[str]]:
    """The men of ``side`` who may fire in reaction at the active man in ``h``, and those who
    may suppress themselves instead [8.61; 8.64] (the active man counted in ``h``, wherever
    the state has him yet: a move is judged hex by hex before it is made)."""
    troops, men = state.troops, state.game.men
    mover = state.active.current
    occupied = {
        at
        for m, at in troops.hexes.items()
        if men[m].side != side and m not in troops.disabled and m != mover
    }
    occupied.add(h)
    fire, suppress = [], []
    for m in sorted(troops.hexes):
        if men[m].side != side:
            continue
        if _eligible(state, m, h, occupied, target, wounded_ok=True):
            suppress.append(m)
            if m not in troops.wounded and _may_fire(state, m, h):
                fire.append(m)
    return machineguns.one_fire_a_gun(state, fire), suppress


def first_stop(state: SoldiersState, action: Move) -> Move:
    """The move up to the first hex entered in sight of a man who may react to it [8.6]."""
    if state.play.phase != "action" or state.active.operational_turn:
        return action  # no reaction to an operational move [6.3]
    game = state.game
    enemy = game.other(game.men[action.unit].side)
    for i, name in enumerate(action.path[:-1]):
        h = game.by_name[name.upper()]
        if any(candidates(state, enemy, h)):
            return Move(action.unit, action.path[: i + 1])
    return action


def _men(count: int) -> str:
    return f"{count} man" if count == 1 else f"{count} men"


def offer(state: SoldiersState, man: str, trigger: str, target: str | None = None) -> None:
    """Give the enemy its chance to react to ``man`` [8.6], if any of its men may."""
    if state.play.phase != "action" or man in state.troops.disabled:
        return
    if state.active.operational_turn:
        return  # none to an operational move but a hidden MG's [6.3; 14.12]
    at = state.troops.hexes.get(man)
    if at is None:
        return
    game = state.game
    enemy = game.other(game.men[man].side)
    fire, suppress = candidates(state, enemy, at, target)
    if not fire and not suppress:
        return
    name = game.name(at)
    state.active.reaction = Reaction(enemy, name, trigger, target)
    what = "enters" if trigger == "move" else "fires sustained fire from"
    state.emit(
        ReactionNote(
            "-",
            f"{man} {what} {name}: {enemy} may react [8.6], {_men(len(fire))} may fire, "
            f"{_men(len(suppress))} may suppress [8.61; 8.64]",
        )
    )


def options(state: SoldiersState) -> list[React]:
    """The declarations the reactive side may still make [8.62]."""
    window = state.active.reaction
    if window is None:
        return []
    h = state.game.by_name[window.hex]
    fire, suppress = candidates(state, window.side, h, window.target)
    if window.trigger == hidden_guns.OPERATIONAL:  # the revealed gun's crew fire only [14.12]
        fire, suppress = hidden_guns.crew_only(state, fire), []
    declared = {m for m, _ in window.declared}
    found = [React(m, "fire") for m in fire if m not in declared]
    found += [React(m, "suppress") for m in suppress if m not in declared]
    return found


def why_not_react(state: SoldiersState, action: React) -> str | None:
    window = state.active.reaction
    if window is None:
        return "no enemy move or sustained fire to react to now [8.6]"
    spec = state.game.men.get(action.man)
    if spec is None or spec.side != window.side:
        return f"only {window.side}'s men react now [8.6]"
    if any(m == action.man for m, _ in window.declared):
        return "his reaction is declared already [8.62]"
    if action not in options(state):
        if action.how == "fire":
            return (
                "he may not fire in reaction: he must see the hex, be neither suppressed, "
                "wounded nor disabled, not have reaction fired this phase, not be in an "
                "enemy-occupied hex or the hex fired at, and have a weapon that fires and "
                "reaches it [8.61; 8.51]"
            )
        return "he may not suppress in reaction: he must be eligible to react [8.64]"
    return None


def declare(state: SoldiersState, action: React) -> None:
    window = state.active.reaction
    assert window is not None
    declared = (*window.declared, (action.man, action.how))
    state.active.reaction = dataclasses.replace(window, declared=declared)
    what = "will fire in reaction" if action.how == "fire" else "will suppress himself instead"
    state.emit(ReactionNote(action.man, f"{what} at {window.hex} [8.62; 8.64]"))


def best_initiative(state: SoldiersState, side: str, h: Hex) -> int:
    """The highest initiative of the side's able, non-suppressed men in ``h`` [8.63]."""
    troops, men = state.troops, state.game.men
    found = [
        men[m].initiative
        for m, at in troops.hexes.items()
        if at == h and men[m].side == side and m not in troops.disabled
        if m not in troops.suppressed
    ]
    # men inside a pillbox: +2 to their initiative for reaction fire [18.52]
    inside = PILLBOX_INITIATIVE if found and "pillbox" in kinds(state, h) else 0
    return max(found, default=0) + inside


def fire_type(state: SoldiersState, man: str, full: bool) -> str:
    """The type of reaction fire: the best his weapon allows when alert, else quick [8.63];
    an assault rifle only in the mode it has fired in this Action Phase [8.71]."""
    from rules.soldiers.fire import why_not_mode

    weapon = carried(state, man)  # his counter's or one he took [7.33]
    if full:
        for t in ("sustained", "aimed"):
            if t in weapon.fire and why_not_mode(state, man, t) is None:
                return t
    return "quick"


def _by_hex(state: SoldiersState, declared: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for m in declared:
        found.setdefault(state.game.name(state.troops.hexes[m]), []).append(m)
    return dict(sorted(found.items()))


def resolve_window(state: SoldiersState) -> None:
    """Resolve every declared reaction [8.62-8.64], then end the window."""
    window = state.active.reaction
    assert window is not None
    state.active.reaction = None
    game, side = state.game, window.side
    if not window.declared:
        state.emit(ReactionNote("-", f"{side} holds its fire [8.62]"))
        _after(state, state.active.ap)
        return
    firing = _by_hex(state, [m for m, how in window.declared if how == "fire"])
    alert = {n: best_initiative(state, side, game.by_name[n]) for n in firing}
    for name, men in _by_hex(state, [m for m, how in window.declared if how == "suppress"]).items():
        roll = state.roll(f"alertness in {name} to suppress in reaction [8.64]", 10)
        ok = roll < NO_REACTION
        for m in men:
            if ok:
                state.troops.suppressed.add(m)
            result = "suppresses himself" if ok else "may not suppress himself"
            state.emit(ReactionNote(m, f"{result}: alertness roll {roll} [8.64]"))
    shots: list[tuple[str, str]] = []  # each man and his fire type (empty: to choose)
    for name, men in firing.items():
        roll = state.roll(f"alertness in {name} for reaction fire [8.63]", 10)
        best = alert[name]
        added, watch = overwatch.alertness_bonus(state, side, game.by_name[name])  # [13.2]
        read = roll + added
        said = f"alertness roll {roll}" if not added else f"alertness roll {roll} ({watch}) {read}"
        if roll == NO_REACTION or read >= NO_REACTION:
            for m in men:
                state.emit(ReactionNote(m, f"{said}: no fire, no marker [8.63]"))
            continue
        full = read <= best
        allowed = "any fire type his weapon allows" if full else "quick fire only"
        for m in men:
            types = reaction_choice.allowed(state, m) if full else ["quick"]
            why = f"{said} against initiative {best}: {allowed}"
            if len(types) > 1:  # the reacting player's choice [8.63]
                state.emit(ReactionNote(m, f"{why}: {side} chooses his fire type [8.63]"))
                shots.append((m, ""))
                continue
            how = types[0] if types else fire_type(state, m, full)
            state.emit(ReactionNote(m, f"{why}, {how} fire at {window.hex} [8.63]"))
            shots.append((m, how))
    if any(not how for _, how in shots):
        reaction_choice.ask(state, side, window.hex, shots)
        return
    fire_all(state, window.hex, shots)


def fire_all(state: SoldiersState, hex_name: str, shots: list[tuple[str, str]]) -> None:
    """Every reaction shot's hit chance worked out before any is resolved (simultaneous
    [8.6]), then the shots fired in turn [8.62]."""
    worked = [
        (Shoot(m, hex_name, how), hit_chance(state, Shoot(m, hex_name, how))) for m, how in shots
    ]
    fire_shots(state, [_pending(shot, w) for shot, w in worked], state.active.ap)


def _pending(shot: Shoot, worked: tuple[int, Working]) -> PendingShot:
    chance, work = worked
    steps, marks = tuple(work.steps), tuple(work.placeholders)
    return (shot.man, shot.hex, shot.fire_type, chance, steps, marks)


def fire_shots(state: SoldiersState, shots: list[PendingShot], ap_left: float) -> None:
    """Resolve the reaction shots in turn [8.62], each with the hit chance worked out before
    any was resolved [8.6]; a damage choice to make [8.41] holds the rest until it is made
    (:mod:`rules.soldiers.damage_choice`). Then the active man hurt stops, and the group goes
    on without him [7.1; 7.11]; ``ap_left``: the group's AP before the reaction."""
    for i, (man, hex_name, how, chance, steps, marks) in enumerate(shots):
        shot = Shoot(man, hex_name, how)
        if shot.man in state.support.overwatch:  # any number of times, no marker [13.2]
            state.emit(ReactionNote(shot.man, "on overwatch: no Reaction Fire marker [13.2]"))
        else:
            state.active.reacted.add(shot.man)  # the Reaction Fire marker [8.65]
        resolve(state, shot, (chance, Working(list(steps), list(marks))))
        pending = state.active.damage
        if pending is not None:  # the rest once the man hit is chosen [8.41]
            rest = tuple(shots[i + 1 :])
            state.active.damage = dataclasses.replace(
                pending, then="reaction", rest=rest, ap_left=ap_left
            )
            return
    _halt_active(state)
    _after(state, ap_left)


def _after(state: SoldiersState, ap_left: float) -> None:
    groups.after_reaction(state, ap_left)  # the group abandons a man hit [7.11]
    hidden_guns.suppress_halted(state)  # stopped by a hidden MG revealed [14.12]


def _halt_active(state: SoldiersState) -> None:
    """The active man hurt by reaction fire performs no more actions this phase [7.1; 8.44]."""
    man = state.active.current
    if man is None or state.active.ap <= 0:
        return
    troops = state.troops
    if man in troops.disabled or man in troops.wounded:
        why = "hit by reaction fire: no more actions this Action Phase [7.1; 8.44]"
    elif man in troops.suppressed:
        why = (
            "suppressed by reaction fire: his actions end (our reading: no unsuppress in the "
            "middle of a man's actions [7.42])"
        )
    else:
        return
    state.active.ap = 0.0
    state.emit(ReactionNote(man, why))


def expected_hits(state: SoldiersState, side: str) -> float:
    """The expected hits on ``side``'s men of the reactions declared against them and not yet
    resolved (for the heuristic bot: a declaration is worth its odds [8.63])."""
    window = state.active.reaction
    if window is None or window.side == side:
        return 0.0
    total = 0.0
    for m, how in window.declared:
        if how == "fire":
            total += reaction_odds(state, m, window.hex)[0]
    return total


def reaction_odds(state: SoldiersState, man: str, hex_name: str) -> tuple[float, str]:
    """The chance that ``man``'s reaction fire at ``hex_name`` hits, and the steps in words:
    the alertness roll's chances [8.63] times each fire type's hit chance [8.3]."""
    game = state.game
    spec = game.men[man]
    h = game.by_name[hex_name]
    at = state.troops.hexes[man]
    best = best_initiative(state, spec.side, at)
    added, watch = overwatch.alertness_bonus(state, spec.side, at)  # [13.2]
    reads = [r + added for r in range(1, NO_REACTION)]  # a 10 never fires [8.63]
    p_full = sum(1 for r in reads if r <= best) / 10
    p_quick = sum(1 for r in reads if best < r < NO_REACTION) / 10
    words, total = ([watch] if added else []), 0.0
    for full, p in ((True, p_full), (False, p_quick)):
        if p <= 0:
            continue
        t = fire_type(state, man, full)
        chance, _ = hit_chance(state, Shoot(man, game.name(h), t))
        hit = max(0, min(10, chance)) / 10
        total += p * hit
        words.append(f"{p:.0%} alertness for {t} fire, hit chance {chance}")
    words.append("10: no fire [8.63]")
    return total, "; ".join(words)
