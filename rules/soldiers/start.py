"""The start of a Soldiers game [19]: the set-up sequence's notes (the intelligence difference
and its bracket, modes, missions, the game's length), depleted squads' losses [19.21], the
airdrop [26.4], scenario 25's zone group [25.5], the men placed, the groups on the track from
the start, and the advantage [10.4; 19.41]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.events import UnitDeployed
from rules.soldiers import activation, airdrop, zone_groups
from rules.soldiers.actions import SetupNote
from rules.soldiers.arrivals import begin_cycle, bring
from rules.soldiers.setup import mission_words

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def set_up(state: SoldiersState) -> None:
    """The set-up sequence [19]: the notes of the intelligence, modes and missions, the
    depleted squads' draws [19.21], the men placed, the groups on the track from the
    start, the advantage [10.4; 19.41]."""
    game, dep = state.game, state.game.deployment
    bracket = dep.intel.bracket if dep.intel else None
    notes = [dep.intel.words()] if dep.intel else []
    if bracket is not None:
        first = bracket.deploys_first or "both at once"
        reveals = bracket.reveal or "nothing"
        if bracket.reveal and bracket.deploys_first:  # [20.4; 21.4; 23.4; 24.4; 25.4]
            reveals += (
                f" ({first}'s MGs deploy openly, not hidden, and its radio marker is on the "
                "map; its minefields stay hidden: our reading of the hidden equipment, 14.11, "
                "17.11, 18.41)"
            )
        notes.append(
            f"deploys first: {first}; reveals: {reveals}; "
            "the engine deploys both sides at once (our reading) [19.41]"
        )
        if bracket.operational_moves:
            notes.append(
                f"operational moves before the first cycle for "
                f"{', '.join(bracket.operational_moves)}: the bracket's [6.33; 19.41]"
            )
    notes += dep.notes + mission_words(game.scenario)
    notes.append(f"the game lasts at most {game.cycles} Command Cycles: {game.cycles_why}")
    for text in notes:
        state.emit(SetupNote(text))
    for squad in dep.depleted:
        deplete(state, squad)
    drops = airdrop.dropping(state)
    surprised = bool(drops) and any(
        airdrop.german_deployment(state, s) for s in game.sides if s not in drops
    )
    how = {k: v for s in drops for k, v in airdrop.airdrop(state, s).items()}
    how |= zone_groups.roll(state)  # scenario 25's secret zone group roll [25.5]
    for m, h in sorted(state.troops.hexes.items()):
        state.emit(UnitDeployed(m, game.name(h), how.get(m) or dep.how[m]))
        state.troops.last_in[game.name(h)] = game.men[m].side
    for group in game.groups:
        if group.slot is None and group.cycle is None:
            bring(state, group, f"reinforcement group {group.id}", roll=False)
    begin_cycle(state)
    if surprised:  # his chits wait for the Chit Activation Table [26.4]
        for side in game.sides:
            if side not in drops:
                activation.hold_back(state, side)
    if surprised:  # the dropping side has the advantage [26.4]
        state.play.advantage = drops[0]
        state.emit(SetupNote(f"{drops[0]} has the advantage: the enemy is Surprised [26.4]"))
        return
    a, b = game.sides
    given = bracket.advantage if bracket is not None else None
    if given in game.sides:
        assert given is not None
        state.play.advantage = given
        state.emit(SetupNote(f"{given} has the advantage: the intelligence bracket [19.41]"))
        return
    ra = state.roll(f"{a} advantage roll-off [10.4]", 10)
    rb = state.roll(f"{b} advantage roll-off [10.4]", 10)
    state.play.advantage = a if ra > rb else b if rb > ra else game.first


def deplete(state: SoldiersState, squad: str) -> None:
    """A depleted squad's losses [19.21]: men drawn from the cup (a die over the men left,
    in printed-ID order) until five are drawn or their initiatives total 5; a second
    leader drawn goes back (a cup of leaders alone stops the draw)."""
    men = state.game.men
    cup = sorted(m for m in men if men[m].squad == squad)
    drawn: list[str] = []
    total, leaders = 0, 0
    while len(drawn) < 5 and total < 5 and cup:
        if leaders and all(men[m].command for m in cup):
            break
        r = state.roll(f"{squad} depleted squad: draw from {len(cup)} men [19.21]", len(cup))
        man = cup[r - 1]
        if men[man].command and leaders:
            continue  # a second leader goes back into the cup [19.21]
        cup.remove(man)
        drawn.append(man)
        total += men[man].initiative
        leaders += 1 if men[man].command else 0
    for man in drawn:
        state.troops.lost.add(man)
        state.troops.hexes.pop(man, None)
        state.troops.waiting.discard(man)
    state.emit(
        SetupNote(f"{squad} is depleted: {', '.join(drawn)} lost (initiative {total}) [19.21]")
    )
