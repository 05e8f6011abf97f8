"""The players' choice of the man who takes the damage [8.41; 8.43; 8.84; 8.82; 18.41].

"If the result of the fire roll was 1, the firing player chooses which enemy man takes the
damage; if not the target player chooses who is damaged. A non-suppressed man must be chosen
over a suppressed man unless the suppression was caused by fire paid for with the same APs.
Otherwise, any man may be chosen" [8.41]; "the choice of who takes damage after the first man
is always up to the target player" [8.43]; a hit on the firer's own man in a hex both sides
hold is the enemy player's choice [8.84].

- When: a shot that hits (the active man's [8.3], a group's man's [7.1], a reaction shot
  [8.62]) stops where more than one man may be chosen (:func:`rules.soldiers.fire.eligible`),
  and the side choosing is the side to act; its legal actions are ``take-damage MAN`` for each
  man it may choose. One man only: he takes it, nothing is asked. The first man is chosen before
  the damage roll [8.43, its second example]; each further man of a sustained chain after the
  roll that carries the chain on to him (our reading: see :func:`rules.soldiers.fire._damage`).
- Then the shot goes on: its chain, its weapon check [8.5], what follows it (the enemy's
  chance to react to sustained fire [8.6], the group's step [7.1], the reaction shots left and
  the group going on without a man hit [8.62; 7.11]), kept in the state
  (:class:`rules.soldiers.records.DamageChoice`) and in position files (``turn.damage``).
- The same choice, other procedures: hand-to-hand one against many, "one enemy man of the
  single man's side's choice is hit" [8.82] (the sets left are fought after it:
  :func:`rules.soldiers.melee.chosen`), and a group entering a hidden minefield, "one man in
  the group (defender's choice) undergoes a minefield attack" [18.41] (the move's
  consequences after it: :func:`rules.soldiers.minefields.chosen`), kept in the state
  (:class:`rules.soldiers.records.VictimChoice`) and position files (``turn.victim``). A man
  alone, or a set of one on one, asks nothing.
- The hand-to-hand line-up [8.81]: the side placing second puts each of its men opposite a
  man of the line, one by one (``line-up MAN ENEMY``, :func:`rules.soldiers.melee.placed`),
  kept the same way (``turn.victim``, kind ``lineup``); the heuristic bot keeps the engine's
  former stand-in (:func:`rules.soldiers.melee.lineup_stand_in`).
- The bots: the heuristic bot keeps the engine's former stand-in (the firer picks a leader,
  the highest command rating; the owner a non-suppressed man of the lowest initiative, his
  leaders spared: :func:`rules.soldiers.fire.stand_in`),
  so seeded bot games play as before (hand-to-hand: a leader first, then the highest
  initiative; a minefield: the highest initiative); the random bot picks among the legal
  choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Move, WordsAction
from rules.soldiers.actions import Shoot
from rules.soldiers.fire import after_shot, go_on, stand_in
from rules.soldiers.melee import LineUp
from rules.soldiers.records import DamageChoice, VictimChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


@dataclass(frozen=True)
class TakeDamage(WordsAction):
    """The player choosing names the man who takes the damage [8.41; 8.43]."""

    verb: ClassVar[str] = "take-damage"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def waiting(state: SoldiersState) -> DamageChoice | VictimChoice | None:
    """The choice of a man waiting, if any: a fire's damage [8.41; 8.43], or a hand-to-hand
    hit or a minefield attack [8.82; 18.41]."""
    return state.active.damage or state.active.victim


def options(state: SoldiersState) -> list[Action]:
    """The men the side choosing may name [8.41; 8.82; 18.41]; the places its next man may
    take in the hand-to-hand line-up [8.81]."""
    pending = waiting(state)
    if pending is None:
        return []
    if isinstance(pending, VictimChoice) and pending.kind == "lineup":
        return [LineUp(pending.placing[0], m) for m in pending.men]
    return [TakeDamage(m) for m in pending.men]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While a choice of the man waits, only it is legal; the choice only then [8.41; 8.82;
    18.41]."""
    pending = waiting(state)
    lineup = isinstance(pending, VictimChoice) and pending.kind == "lineup"
    if isinstance(action, LineUp):
        if pending is None or not lineup:
            return "no hand-to-hand lines are being laid out [8.81]"
        assert isinstance(pending, VictimChoice)
        if action.man != pending.placing[0]:
            return f"{pending.placing[0]} is the next man to place, not {action.man} [8.81]"
        if action.opposite not in pending.men:
            return (
                f"{action.man} may not face {action.opposite}: one of {', '.join(pending.men)} "
                "(every man of the line must be faced) [8.81]"
            )
        return None
    if not isinstance(action, TakeDamage) or lineup:
        if pending is None:
            return None
        return f"{pending.chooser} chooses {_what(pending)} first [{rule(pending)}]"
    if pending is None:
        return "no damage waits for its man [8.41]"
    if action.man not in pending.men:
        names = ", ".join(pending.men)
        if isinstance(pending, VictimChoice):
            return f"{action.man} may not be chosen: one of {names} [{rule(pending)}]"
        return (
            f"{action.man} may not be chosen: one of {names} (a non-suppressed man before a "
            "suppressed one, unless suppressed by fire with the same APs) [8.41]"
        )
    return None


def rule(pending: DamageChoice | VictimChoice) -> str:
    if isinstance(pending, DamageChoice):
        return "8.41"
    return {"melee": "8.82", "lineup": "8.81"}.get(pending.kind, "18.41")


def _what(pending: DamageChoice | VictimChoice) -> str:
    """What the side choosing is asked, in words."""
    if isinstance(pending, DamageChoice):
        return "who takes the damage"
    if pending.kind == "melee":
        return "which enemy man is hit in hand-to-hand"
    if pending.kind == "lineup":
        return "where his men stand in the hand-to-hand lines"
    return "which man undergoes the minefield attack"


def default(state: SoldiersState) -> str:
    """The bots' choice of the man (:func:`rules.soldiers.fire.stand_in`,
    :func:`rules.soldiers.melee.stand_in`, :func:`rules.soldiers.minefields.stand_in`)."""
    from rules.soldiers import melee, minefields

    pending = waiting(state)
    assert pending is not None
    if isinstance(pending, VictimChoice) and pending.kind == "lineup":
        return melee.lineup_stand_in(state)
    if isinstance(pending, VictimChoice):
        pick = melee.stand_in if pending.kind == "melee" else minefields.stand_in
        return pick(state, pending.men)
    return stand_in(state, pending.men, by_owner=pending.chooser == pending.side)


def choose(state: SoldiersState, action: TakeDamage | LineUp) -> None:
    """The man chosen takes the damage; the shot goes on, then what followed it (a hand-to-hand
    fight's sets left [8.82], a move's consequences [18.41]); or the man placed in the
    hand-to-hand line-up, the fight once all are placed [8.81]."""
    from rules.soldiers import groups, melee, minefields, reaction

    if isinstance(action, LineUp):
        melee.placed(state, action)
        return
    victim = state.active.victim
    if victim is not None:
        if victim.kind == "melee":
            melee.chosen(state, action.man)
            return
        minefields.chosen(state, action.man)
        state.moved(Move(victim.mover, victim.path), victim.gun, victim.forbade)
        return
    pending = state.active.damage
    assert pending is not None
    go_on(state, pending, action.man)
    if state.active.damage is not None:  # the chain's next man to choose [8.43]
        return
    shot = Shoot(pending.shooter, pending.hex, pending.fire_type)
    if pending.then == "reaction":
        reaction.fire_shots(state, list(pending.rest), pending.ap_left)  # [8.62]
        return
    after_shot(state, shot)  # [8.6]
    if pending.then == "member":
        groups.after_member(state, shot)  # the group's step [7.1]


# --- in words: the step, each choice and its preview ------------------------------------------


def _side(state: SoldiersState, side: str) -> str:
    """The side's name in the scenario (``German``)."""
    return next((s.name for s in state.game.scenario.sides if s.id == side), side)


def melee_line(state: SoldiersState, pending: VictimChoice) -> list[str]:
    """The line's men of a hand-to-hand line-up, in order [8.81]."""
    return [
        m for s in pending.sets for m in (*s[0], *s[1]) if state.game.men[m].side == pending.side
    ]


def _single(pending: VictimChoice) -> str:
    """The single man of the hand-to-hand set waiting, whose side chooses [8.82]."""
    atk, dfn = pending.sets[0]
    return atk[0] if len(atk) == 1 and atk[0] not in pending.men else dfn[0]


def _what_happened(state: SoldiersState, pending: DamageChoice | VictimChoice) -> str:
    """What led to the choice, in a sentence."""
    name = state.game.unit_name
    if isinstance(pending, VictimChoice):
        if pending.kind == "lineup":
            line = [name(m) for m in melee_line(state, pending)]
            return (
                f"Hand-to-hand in {pending.hex}: {_side(state, pending.side)} lined up "
                f"{', '.join(line)}."
            )
        if pending.kind == "melee":
            single = _single(pending)
            return (
                f"Hand-to-hand in {pending.hex}, set {pending.number}: {name(single)} beat "
                f"every {_side(state, pending.side)} total."
            )
        return (
            f"{_side(state, pending.side)} men entered {_side(state, pending.chooser)}'s hidden "
            f"minefield in {pending.hex} (alertness roll {pending.alertness}, above their best "
            "initiative)."
        )
    fire = f"{name(pending.shooter)}'s {pending.fire_type} fire"
    if pending.previous is not None:
        return (
            f"{fire} into {pending.hex} goes on: the damage roll {pending.raw} is at or under "
            f"the last one, {pending.previous}."
        )
    return f"{fire} hit {pending.hex}."


def _reason(state: SoldiersState, pending: DamageChoice | VictimChoice) -> str:
    """Why this side chooses, in the book's terms."""
    if isinstance(pending, VictimChoice):
        if pending.kind == "lineup":
            return (
                "the side with fewer men (equal numbers: the defender) lines up first, the "
                "other places its men opposite them, ganging up if it has more [8.81]"
            )
        if pending.kind == "melee":
            return "one against many, the single man's side chooses the enemy man hit [8.82]"
        return "the minefield's owner, the defender, chooses [18.41]"
    if pending.previous is not None:
        return "after the first man, the target player always chooses [8.43]"
    if pending.side == pending.firer:
        return "a hit on the firer's own man in a hex both sides hold: the enemy chooses [8.84]"
    if pending.chooser == pending.firer:
        return "the fire roll was 1, so the firing player chooses [8.41]"
    return f"the fire roll was {pending.fire_roll}, not 1, so the target player chooses [8.41]"


def _asked(state: SoldiersState, pending: DamageChoice | VictimChoice) -> str:
    """What the side choosing is asked: which man of whose, and what befalls him."""
    whose = (
        "of his own men" if pending.chooser == pending.side else f"{_side(state, pending.side)} man"
    )
    if isinstance(pending, VictimChoice):
        if pending.kind == "lineup":
            man = state.game.unit_name(pending.placing[0])
            return f"which {_side(state, pending.side)} man {man} faces"
        if pending.kind == "melee":
            return f"which {whose} of the set is hit"
        return f"which {whose} of the group undergoes the minefield attack"
    damage = "the next damage" if pending.previous is not None else "the damage"
    return f"which {whose} there takes {damage}"


def step(state: SoldiersState) -> str:
    """The step while a choice waits: what happened, who chooses what, and why [8.41; 8.43;
    8.82; 18.41]."""
    pending = waiting(state)
    assert pending is not None
    chooser = _side(state, pending.chooser)
    return (
        f"{_what_happened(state, pending)} {chooser} chooses {_asked(state, pending)}: "
        f"{_reason(state, pending)}"
    )


def describe(state: SoldiersState, man: str, opposite: str | None = None) -> str:
    """The choice of ``man`` in the action list [8.41; 8.43; 8.82; 18.41]; a line-up's place
    [8.81]."""
    pending = waiting(state)
    name = state.game.unit_name(man)
    if opposite is not None:
        return f"{name} faces {state.game.unit_name(opposite)} [8.81]"
    if isinstance(pending, VictimChoice):
        if pending.kind == "melee":
            return f"{name} takes the hit [8.82]"
        return f"{name} undergoes the minefield attack [18.43]"
    if pending is not None and pending.previous is not None:
        return f"{name} takes the next damage of the sustained fire [8.43]"
    return f"{name} takes the damage [8.41]"


def _about(state: SoldiersState, man: str) -> str:
    """The man as the choice weighs him: initiative, command, status."""
    spec = state.game.men[man]
    about = f"initiative {spec.initiative}" + (f", command {spec.command}" if spec.command else "")
    if man in state.troops.suppressed:
        about += ", suppressed"
    if man in state.troops.wounded:
        about += ", wounded"
    return about


def preview(
    state: SoldiersState, man: str, opposite: str | None = None
) -> tuple[str, tuple[str, ...]]:
    """What choosing ``man`` does (the list's line already names him) and why this side
    chooses; the rules it follows. A line-up's place: the man he faces and who else does."""
    pending = waiting(state)
    assert pending is not None
    chooser = _side(state, pending.chooser)
    about, why = _about(state, man), f"{chooser} chooses: {_reason(state, pending)}"
    if opposite is not None and isinstance(pending, VictimChoice):
        already = [m for s in pending.sets if opposite in (*s[0], *s[1]) for m in (*s[0], *s[1])]
        others = [m for m in already if m != opposite]
        facing = f", already faced by {', '.join(others)}" if others else ", unfaced so far"
        text = (
            f"{about}; faces {opposite} ({_about(state, opposite)}{facing}); the sets are "
            f"fought once every man is placed. {why}"
        )
        return text, ("hand-to-hand line-up [8.81]", "resolution [8.82]")
    if isinstance(pending, VictimChoice):
        if pending.kind == "melee":
            text = (
                f"{about}; one hit, a d10 on the Hand-to-Hand Damage Table's 1 hit line; the "
                f"other men of the set are unaffected. {why}"
            )
            return text, ("hand-to-hand, one against many [8.82]",)
        text = (
            f"{about}; a d10 on the Grenade Table's indoors damage line; the others enter "
            f"unharmed. {why}"
        )
        return text, ("minefield revealed [18.41]", "minefield attack [18.43]")
    fire = f"{state.game.unit_name(pending.shooter)}'s {pending.fire_type} fire"
    if pending.raw is None:
        roll = f"the damage roll of {fire} follows the choice [8.42; 8.43]"
    else:
        roll = f"the damage roll {pending.raw} of {fire}, already made, is his [8.43]"
    return f"{about}; {roll}. {why}", ("who takes the damage [8.41; 8.43]",)
