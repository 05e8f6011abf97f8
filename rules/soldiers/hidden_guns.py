"""Soldiers hidden MMGs and HMGs and their reveal [14.11; 14.12].

Deployment [14.11]: "HMGs and MMGs and crews may be deployed hidden at the start of a
scenario", the hex written on the squad sheet. The engine stands in for the owner's choice (our
reading): every gun whose crew sets up together out of the sight [6.4] of every able enemy man
deploys hidden, prepared as :func:`rules.soldiers.machineguns.set_up` places it; its set-up note
and its crew's deployment are private to its owner (his squad sheet), as are, while it stays
hidden, the orders to its crewmen and its notes (an arc turned) (:func:`kept_secret`); its crew
are left out of the enemy's view of the map (:func:`view_units`: Test Play and the State API's
``view_for``).

Reveal [14.12]: the gun and its crew are placed on the map the first time it moves (a crewman
moves), fires (a crewman fires it, or declares reaction fire with it: the reveal comes before
the shot) or is sighted by an enemy man (our reading of "sighted": an able enemy man on the map,
not suppressed [7.4], in the gun's hex or whose hex sees a crewman's [6.41; 6.42]), checked
after every action. Once revealed it stays revealed for the rest of the scenario.

The reaction the book allows: a hidden gun's crew react like any reactive man [8.6] (the fire
reveals it); the engine offers the reaction as it offers any other.

Operational moves [14.12; 6.3]: the moving side does not know the hidden gun, so its crew do
not bar an operational move (neither their sight nor the 8 hexes); a move within 8 hexes of
the crew waits for the owner's choice (:mod:`rules.soldiers.hidden_gun_choice`): reveal the gun
now, and the move is not made, or wait: the gun stays hidden until the moving man enters a hex
in sight of a crewman, where his move stops at once (no AP left) and the gun is revealed; its
crew, and only they (our reading of "he may attempt reaction fire ... as soon as he reveals its
location"), may then fire in reaction [8.6; 8.61-8.63], the only reaction during an
operational move.

A Cautious or Wary man [14.12; 7.22]: his risk level's limits count only the enemy men he
knows of (his enemy sight [7.23] and the Cautious man's "next to an able enemy man" leave the
hidden crews out); a move into a hex the hidden gun would have forbidden him (its crew seeing
an open hex at Wary, a hex not protected at Cautious, or next to a crewman) stops there, the gun
is revealed, its owner's reaction is offered [8.6], and the man (or his group) moves no
farther this Action Phase and suppresses once any reaction fire is resolved.

A hidden crew's own hex [14.12; 7.22]: the crew do not make it enemy-occupied for a man who
does not know of them (:func:`rules.soldiers.moves.why_not_step`); his entry sights the gun
and his move stops there: below Aggressive, a hex his risk level forbade him, the gun is
revealed, the owner may react, and the man (or group) moves no farther this Action Phase and
suppresses after any reaction fire, as above (our reading: 14.12 names Cautious and Wary; Bold
forbids an enemy-occupied hex alike); at Aggressive, which may enter it, the gun is revealed
and his move is interrupted there, his AP kept (our reading); the men then share the hex
[8.83; 8.8].

Missing: a reaction window offered can hint at the gun; the
owner's choosing to deploy openly (the engine chooses for him); the bots read the whole state,
the hidden guns included.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Action, Move
from rules.engine.events import Event, UnitDeployed
from rules.engine.positions import UnitPosition
from rules.soldiers.actions import MoveOff, OrderGiven, React, ReactionNote, Shoot
from rules.soldiers.records import Reaction
from rules.soldiers.support_actions import SupportNote

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def _side(state: SoldiersState, gun: str) -> str:
    return state.game.men[state.game.guns[gun][0]].side


def sighted(state: SoldiersState, gun: str) -> str | None:
    """The first enemy man (by id) who sights the gun's crew now, or None [14.12; 6.4]: able,
    on the map, not suppressed (a suppressed man sees nothing out of his hex [7.4]), in a
    crewman's hex or seeing it."""
    game, troops = state.game, state.troops
    side = _side(state, gun)
    crew = {troops.hexes[m] for m in game.guns[gun] if m in troops.hexes}
    for m, at in sorted(troops.hexes.items()):
        if game.men[m].side == side or m in troops.disabled:
            continue
        if any(at == h or (m not in troops.suppressed and state.sees(at, h)) for h in crew):
            return m
    return None


def revealing(state: SoldiersState, side: str) -> str | None:
    """Why ``side`` deploys with its hidden equipment revealed, or None: its scenario's
    Intelligence Summary has it deploy first "revealing hidden equipment (except minefields)"
    (20.4, 21.4, 23.4, 24.4, 25.4: the bracket's ``reveal``) [19.41]. Our reading of the hidden
    equipment this engine hides: its hidden MMGs and HMGs [14.11] and its radio marker [17.11];
    its minefields stay hidden, as the bracket says [18.41]."""
    intel = state.game.deployment.intel
    bracket = intel.bracket if intel is not None else None
    if bracket is None or not bracket.reveal or bracket.deploys_first != side:
        return None
    number = state.game.scenario.id.rsplit("-", 1)[-1]
    section = f"{number}.4; 19.41" if number.isdigit() else "19.41"
    return (
        f"{side} deploys first, revealing {bracket.reveal} (intelligence bracket "
        f"'{bracket.difference}') [{section}]"
    )


def hides(state: SoldiersState, gun: str) -> bool:
    """Whether the owner deploys the gun hidden at set-up (our reading of his choice [14.11]:
    when no enemy man sights it there), never when his side deploys first revealing hidden
    equipment [20.4; 21.4; 23.4; 24.4; 25.4] (:func:`revealing`)."""
    return revealing(state, _side(state, gun)) is None and sighted(state, gun) is None


def reveal(state: SoldiersState, gun: str, why: str) -> None:
    """The hidden gun and its crew are placed on the map, for good [14.12]."""
    if gun not in state.support.hidden:
        return
    state.support.hidden.discard(gun)
    game = state.game
    first = game.guns[gun][0]
    at = state.troops.hexes.get(first)
    where = f" in {game.name(at)}" if at is not None else ""
    code = game.men[first].weapon.code
    state.emit(
        SupportNote(
            first,
            f"the hidden {code} and its crew ({', '.join(game.guns[gun])}) are revealed{where}: "
            f"{why} [14.12]; it stays revealed",
        )
    )


def acted(state: SoldiersState, man: str, how: str) -> None:
    """A crewman moves or fires (or declares reaction fire): his hidden gun is revealed first
    [14.12]."""
    gun = state.game.men[man].team if man in state.game.men else None
    if gun is not None and gun in state.support.hidden:
        reveal(state, gun, f"{man} {how}")


def before(state: SoldiersState, action: Action) -> None:
    """Before an action is carried out: a hidden gun's crewman who moves (alone or with his
    group), fires, or declares reaction fire, reveals it [14.12]."""
    from rules.soldiers.groups import acting

    if isinstance(action, Move | MoveOff):
        man = action.unit if isinstance(action, Move) else action.man
        movers = acting(state) if state.active.group else []
        for m in movers if man in movers else [man]:
            acted(state, m, "moves")
    elif isinstance(action, Shoot):
        acted(state, action.man, "fires")
    elif isinstance(action, React) and action.how == "fire":
        acted(state, action.man, "declares reaction fire")


def refresh(state: SoldiersState) -> None:
    """After every action: each hidden gun an enemy man sights now is revealed [14.12]."""
    for gun in sorted(state.support.hidden):
        seer = sighted(state, gun)
        if seer is not None:
            reveal(state, gun, f"sighted by {seer}")


def kept_secret(state: SoldiersState, event: Event) -> Event:
    """An order to a hidden gun's crewman, or a note of his gun (its arc turned), his owner's
    alone while the gun is hidden: the enemy learns nothing of it [14.11] (our reading: what
    befalls the crew, a hit, stays in the log both sides read)."""
    if not isinstance(event, OrderGiven | SupportNote) or event.private_to is not None:
        return event
    man = event.man
    if not state.support.hidden:
        return event
    gun = state.game.men[man].team if man in state.game.men else None
    if gun is None or gun not in state.support.hidden:
        return event
    return dataclasses.replace(event, private_to=_side(state, gun))


def hide_deployment(state: SoldiersState) -> None:
    """At set-up, once the hidden guns are chosen: their crews' deployment, already logged, is
    made their owner's alone (the squad sheet [14.11]); nothing of the log is digested yet."""
    hidden = {m: _side(state, g) for g in state.support.hidden for m in state.game.guns[g]}
    for i, event in enumerate(state.log):
        if isinstance(event, UnitDeployed) and event.unit in hidden and not event.private_to:
            state.log[i] = dataclasses.replace(event, private_to=hidden[event.unit])


def unseen(state: SoldiersState, side: str) -> set[str]:
    """The men ``side`` may not see: the crews of the other side's hidden guns [14.11]."""
    if state.play.over:
        return set()
    return {
        m for gun in state.support.hidden if _side(state, gun) != side for m in state.game.guns[gun]
    }


def view_units(state: SoldiersState, side: str, units: list[UnitPosition]) -> list[UnitPosition]:
    """The men on the map as ``side`` may see them: no enemy hidden gun's crew [14.11]."""
    hidden = unseen(state, side)
    return [u for u in units if u.unit not in hidden]


# --- during an enemy operational move [14.12; 6.3] ---------------------------------------------

#: The trigger of the reaction window a hidden gun opens on an operational move [14.12].
OPERATIONAL = "operational"


def _watching(state: SoldiersState, man: str, h: Hex) -> str | None:
    """The first hidden gun of ``man``'s enemy (by id) one of whose crewmen sees ``h``."""
    game, troops = state.game, state.troops
    side = game.men[man].side
    for gun in sorted(state.support.hidden):
        if _side(state, gun) == side:
            continue
        for m in game.guns[gun]:
            at = troops.hexes.get(m)
            if at is not None and m not in troops.disabled and (at == h or state.sees(at, h)):
                return gun
    return None


def operational_stop(state: SoldiersState, action: Move) -> tuple[Move, str | None]:
    """An operational move up to the first hex in sight of a hidden enemy gun, and that gun
    (None, the move whole, when none sees it) [14.12]."""
    from rules.soldiers.operational import underway

    if not underway(state):
        return action, None
    for i, name in enumerate(action.path):
        gun = _watching(state, action.unit, state.game.by_name[name.upper()])
        if gun is not None:
            return Move(action.unit, action.path[: i + 1]), gun
    return action, None


def operational_reveal(state: SoldiersState, man: str, gun: str | None) -> None:
    """The moving man entered the hidden gun's sight: the gun is revealed, his operational move
    stops at once, and its crew may fire in reaction [14.12; 8.6]."""
    from rules.soldiers import reaction

    at = state.troops.hexes.get(man)
    if gun is None or at is None:
        return
    game = state.game
    name = game.name(at)
    reveal(state, gun, f"{man} enters its sight in {name} during an operational move")
    state.active.ap, state.active.stopped = 0.0, True
    state.emit(ReactionNote(man, f"his operational move stops in {name} [14.12]"))
    owner = _side(state, gun)
    fire = [m for m in reaction.candidates(state, owner, at)[0] if m in game.guns[gun]]
    if man in state.troops.disabled or not fire:
        return
    state.active.reaction = Reaction(owner, name, OPERATIONAL)
    state.emit(
        ReactionNote(
            "-",
            f"{man} enters {name}: {owner} may fire in reaction with the revealed gun's crew, "
            "the only reaction during an operational move [14.12; 8.6]",
        )
    )


def crew_only(state: SoldiersState, fire: list[str]) -> list[str]:
    """The men who may fire in a reaction to an operational move: the revealed guns' crews
    (our reading of 14.12)."""
    return [m for m in fire if state.game.men[m].team is not None]


# --- a Cautious or Wary man in a hex forbidden him had he known [14.12; 7.22] -----------------


def _crewed(state: SoldiersState, man: str, to: Hex) -> str | None:
    """The first hidden enemy gun (by id) with an able crewman in ``to``: an enemy-occupied
    hex the mover does not know of [14.12; 7.22]."""
    troops, side = state.troops, state.game.men[man].side
    for gun in sorted(state.support.hidden):
        if _side(state, gun) != side and any(
            troops.hexes.get(m) == to and m not in troops.disabled for m in state.game.guns[gun]
        ):
            return gun
    return None


def _forbidding(state: SoldiersState, man: str, to: Hex) -> str | None:
    """The first hidden enemy gun (by id) that would have forbidden the man to enter ``to``
    had he known of it [7.22], or whose crew's hex he enters: its crew seeing an open hex
    (Wary), a hex not protected or next to a crewman (Cautious); its crew's own hex, at any
    risk level (enemy-occupied: forbidden below Aggressive [7.22]; at Aggressive his entry
    sights it [14.12])."""
    from rules.soldiers.moves import category

    risk, side = state.active.risk, state.game.men[man].side
    crewed = _crewed(state, man, to)
    if crewed is not None:
        return crewed
    if risk not in ("Cautious", "Wary"):
        return None
    cat = category(state, to, side)  # camouflage: not an attacker's [18.1]
    for gun in sorted(state.support.hidden):
        if _side(state, gun) == side:
            continue
        crew = [
            state.troops.hexes[m]
            for m in state.game.guns[gun]
            if m in state.troops.hexes and m not in state.troops.disabled
        ]
        sees = any(c == to or state.sees(c, to) for c in crew)
        near = any(c.distance(to) <= 1 for c in crew)
        if risk == "Wary" and sees and cat == "open":
            return gun
        if risk == "Cautious" and ((sees and cat != "protected") or near):
            return gun
    return None


def risk_stop(state: SoldiersState, action: Move) -> tuple[Move, str | None]:
    """A man's move up to the first hex a hidden enemy gun would have forbidden him (at
    Cautious or Wary), or its crew's own hex (at any risk level), and that gun (None, the move
    whole, when none) [14.12; 7.22]."""
    if state.play.phase != "action" or action.unit not in state.troops.hexes:
        return action, None
    if state.active.operational_turn:
        return action, None  # no risk level in an operational turn [6.32]
    for i, name in enumerate(action.path):
        gun = _forbidding(state, action.unit, state.game.by_name[name.upper()])
        if gun is not None:
            return Move(action.unit, action.path[: i + 1]), gun
    return action, None


def risk_reveal(state: SoldiersState, man: str, gun: str | None, where: str) -> None:
    """The man (or group) entered the hex the hidden gun forbade: the owner must reveal it
    (his reaction fire already offered, 8.6); the men stop there, no further move this Action
    Phase, and suppress once any reaction fire is resolved [14.12]."""
    from rules.soldiers.groups import acting

    at = state.troops.hexes.get(man)
    if gun is None or at is None or state.game.name(at) != where:
        return  # stopped short of it (by reaction fire, a minefield, wire)
    risk = state.active.risk
    crewed = _crewed(state, man, at) == gun
    if crewed and risk == "Aggressive":
        _entered_crew_hex(state, man, gun, where)
        return
    if crewed:
        reveal(
            state,
            gun,
            f"{man} at {risk} enters {where}, its crew's hex, enemy-occupied: a hex his risk "
            "level forbade him [7.22]"
            + (" (our reading: at Bold as at Cautious or Wary)" if risk == "Bold" else ""),
        )
    else:
        reveal(state, gun, f"{man} at {risk} enters {where}, a hex it forbade him [7.22]")
    movers = acting(state) if state.active.group and man in acting(state) else [man]
    state.support.halted = {m for m in movers if m not in state.troops.disabled}
    state.active.ap, state.active.stopped = 0.0, True
    state.emit(
        ReactionNote(
            man,
            f"stops in {where}: no further move this Action Phase; suppresses after any "
            "reaction fire [14.12]",
        )
    )
    if state.active.reaction is None:
        suppress_halted(state)


def _entered_crew_hex(state: SoldiersState, man: str, gun: str, where: str) -> None:
    """At Aggressive the man may enter an enemy-occupied hex [7.22]: entering the hidden
    crew's hex he sights the gun, which is revealed [14.12]; his move is interrupted there,
    his AP kept (our reading: the path was chosen not knowing of the gun, as a hidden
    minefield interrupts a move, 18.41); the crew may react [8.6] and the men share the hex
    [8.83; 8.8]."""
    reveal(state, gun, f"{man} at Aggressive enters {where}, its crew's hex [7.22]")
    state.emit(
        ReactionNote(
            man,
            f"his move is interrupted in {where}, an enemy-occupied hex: his AP kept (our "
            "reading of 14.12) [7.22; 8.83]",
        )
    )


def suppress_halted(state: SoldiersState) -> None:
    """The men a revealed hidden gun stopped suppress, after any reaction fire [14.12]."""
    for m in sorted(state.support.halted):
        if m not in state.troops.disabled and m not in state.troops.suppressed:
            state.troops.suppressed.add(m)
            state.emit(ReactionNote(m, "suppresses: stopped by a hidden MG revealed [14.12]"))
    state.support.halted = set()
