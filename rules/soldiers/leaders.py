"""Soldiers catastrophic loss [6.28]: a squad that has lost half its men loses command power.

"If at least 50% of a squad's men (including any leader) have been disabled, remove one of the
squad's command chits (your choice) from the Command Track. If 75% ... remove another." The
squad's men are those of its counter-mix still in the game (a depleted squad's men lost in the
draw never were [19.21]); disabled: killed, incapacitated or captured [8.44; 9]. "Your choice":
the owner chooses among the chits he may remove, never the chit active now while another may go
(our reading; :mod:`rules.soldiers.chit_loss`). A removed chit is off the track for good
(``removed``; its space ``Off``).

Disabled leaders [6.27]: a disabled leader's chit already acts as an independent chit for his
squad (:func:`rules.soldiers.command.begin_action_phase` gives a leader turn only to an able
leader).

The assistant squad leader's restriction [6.22]: his command rating is 1 when he is the active
leader 7 or more hexes from his squad leader and the platoon leader
(:func:`rules.soldiers.command.command_rating`); Elite squads' assistants are exempt. When his
squad leader is disabled (:func:`asl_command`, after every action) within six hexes of him,
command passes to him (no restriction again); else his rating is 1 for good.

A leaderless squad [6.27]: "If there are other friendly squads on the map, men in the
leaderless squad may receive orders from leaders of one other squad. If more than one other
squad is in play, the owning player chooses the reassignment." When every leader of a squad
(those of its squad and assistant squad leaders' chits) is disabled, its men are attached to one
other squad of the side with an able leader on the map (:func:`leaderless`): that squad's
leader turns order them as their own, within 2 hexes and in sight, up to the command rating
(:func:`rules.soldiers.command.begin_action_phase`); its own chits stay independent chits for
it. With more than one such squad the owner chooses (:mod:`rules.soldiers.attach_choice`); the
attachment is kept while the squad has an able leader on the map; a leader back (a prisoner
freed [9.6]) ends it.

A disabled platoon leader [6.27]: his chit is an independent chit for the side's heavy weapons
soldiers only (:func:`rules.soldiers.command.begin_action_phase`); with none of them in play or
to come, it is removed (:func:`platoon_leader_lost`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.soldiers.actions import ChitMoved, CommandPassed
from rules.soldiers.command import ASL_REACH
from rules.soldiers.records import OFF
from rules.soldiers.units import HEAVY

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The shares of a squad disabled at which it loses a chit, and how many in all [6.28].
THRESHOLDS = ((0.5, 1), (0.75, 2))


def catastrophic_loss(state: SoldiersState) -> None:
    """Remove the chits a squad's losses take away [6.28]: the owner's choice among the chits
    he may remove (:mod:`rules.soldiers.chit_loss`), one squad's choice at a time; one chit
    he may remove goes unasked."""
    from rules.soldiers import chit_loss

    game, troops, track = state.game, state.troops, state.track
    if track.losing is not None or track.attaching is not None:
        return  # one choice at a time: the rest after it [6.27; 6.28]
    # the platoon leader is no squad: his chit goes by 6.27 (:func:`platoon_leader_lost`)
    for squad in sorted({c.squad for c in game.chits.values() if c.kind != "pl"}):
        # men lost to depletion do not count [19.21]
        men = [m for m, man in game.men.items() if man.squad == squad and m not in troops.lost]
        if not men:
            continue
        lost = sum(1 for m in men if m in troops.disabled)
        share = lost / len(men)
        due = max((n for limit, n in THRESHOLDS if share >= limit), default=0)
        gone = [c for c, ch in game.chits.items() if ch.squad == squad and c in track.removed]
        for _ in range(due - len(gone)):
            chits = chit_loss.removable(state, squad)
            if not chits:
                break
            if len(chits) > 1:  # your choice [6.28]
                chit_loss.ask(state, squad, chits, lost, len(men))
                return  # the rest after this choice
            chit_loss.remove(state, chits[0], lost, len(men), "the only chit he may remove")


def asl_command(state: SoldiersState) -> None:
    """An assistant squad leader's squad leader just disabled: within six hexes, command
    passes to him; else his command rating is 1 for good [6.22]. Judged after the action that
    disabled him (our reading of "while within six hexes")."""
    game, troops, track = state.game, state.troops, state.track
    hexes = troops.hexes
    for chit in sorted(game.chits.values(), key=lambda c: c.id):
        asl = chit.leader
        if chit.kind != "asl" or asl is None or asl in track.asl_free | track.asl_reduced:
            continue
        spec = game.men[asl]
        if spec.asl_exempt or asl in troops.disabled:
            continue
        chief = next(
            (
                m
                for m, man in game.men.items()
                if man.squad == spec.squad and man.rank == "squad-leader"
            ),
            None,
        )
        if chief is None or chief not in troops.disabled:
            continue
        near = asl in hexes and chief in hexes and hexes[asl].distance(hexes[chief]) <= ASL_REACH
        if near:
            track.asl_free.add(asl)
            why = f"{chief} disabled within six hexes of {asl}: command passes to him [6.22]"
        else:
            track.asl_reduced.add(asl)
            why = f"{chief} disabled beyond six hexes of {asl}: his command rating is 1 [6.22]"
        state.emit(ChitMoved(chit.id, track.space[chit.id], why))


def platoon_leader_lost(state: SoldiersState) -> None:
    """A disabled platoon leader's chit is removed when no heavy weapons soldier of his side is
    in play or to come [6.27]."""
    game, troops, track = state.game, state.troops, state.track
    for chit in sorted(game.chits.values(), key=lambda c: c.id):
        if chit.kind != "pl" or chit.id in track.removed or chit.leader not in troops.disabled:
            continue
        if chit.id == state.active.chit:
            continue  # not in its own Action Phase: after it (our reading, as 6.28's)
        heavy = f"{chit.side}.{HEAVY}"
        left = [
            m
            for m, man in game.men.items()
            if man.squad == heavy
            and m not in troops.disabled
            and m not in troops.lost
            and m not in troops.exited
        ]
        if left:
            continue
        track.removed.add(chit.id)
        track.space[chit.id] = OFF
        if track.committed.get(chit.side) == chit.id:
            track.committed[chit.side] = None
        why = f"{chit.leader} disabled and no heavy weapons soldier in play: chit removed [6.27]"
        state.emit(ChitMoved(chit.id, OFF, why))


def _leaders(state: SoldiersState, squad: str) -> list[str]:
    """The squad's leaders: the men its squad and assistant squad leaders' chits activate."""
    return sorted(
        c.leader
        for c in state.game.chits.values()
        if c.squad == squad and c.kind in ("sl", "asl") and c.leader is not None
    )


def able_leaders_on_map(state: SoldiersState, squad: str) -> list[str]:
    troops = state.troops
    return [m for m in _leaders(state, squad) if m in troops.hexes and m not in troops.disabled]


def squad_distance(state: SoldiersState, squad: str, other: str) -> int:
    """How near ``other``'s able leaders on the map are to ``squad``'s able men on it."""
    troops, men = state.troops, state.game.men
    mine = [
        h for m, h in troops.hexes.items() if men[m].squad == squad and m not in troops.disabled
    ]
    theirs = [troops.hexes[m] for m in able_leaders_on_map(state, other)]
    return min((a.distance(b) for a in mine for b in theirs), default=10**6)


def leaderless(state: SoldiersState) -> None:
    """Attach each leaderless squad to one other squad whose leaders order its men [6.27]:
    the one other squad, or the owner's choice among several
    (:mod:`rules.soldiers.attach_choice`)."""
    from rules.soldiers import attach_choice

    game, troops, track = state.game, state.troops, state.track
    if track.attaching is not None or track.losing is not None:
        return  # one squad's choice at a time [6.27]; a chit lost first [6.28]
    side_of = {c.squad: c.side for c in game.chits.values() if c.kind in ("sl", "asl")}
    squads = sorted(side_of)
    for squad in squads:
        leaders = _leaders(state, squad)
        held = track.attached.get(squad)
        # a squad without leader counters (a depleted draw, our reading) is not "leaderless"
        if not leaders or not all(m in troops.disabled for m in leaders):
            if held is not None:
                del track.attached[squad]
                state.emit(CommandPassed(squad, "", "a leader of its own again [6.27]"))
            continue
        others = [
            o
            for o in squads
            if o != squad
            and side_of[o] == side_of[squad]
            and o not in track.attached
            and able_leaders_on_map(state, o)
        ]
        if held in others:
            continue
        if not others:
            if held is not None:
                del track.attached[squad]
                why = "no other squad with an able leader on the map: independent orders [6.27]"
                state.emit(CommandPassed(squad, "", why))
            continue
        if len(others) > 1:  # more than one other squad: the owner chooses [6.27]
            attach_choice.ask(state, squad, others)
            return  # the next leaderless squad after this choice
        chosen = others[0]
        track.attached[squad] = chosen
        why = f"its leaders disabled: {chosen}'s leaders order its men, the one other squad [6.27]"
        state.emit(CommandPassed(squad, chosen, why))
