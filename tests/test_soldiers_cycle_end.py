"""Soldiers: the end of a Command Cycle in the book's sequence [4]: "Remove all Smoke and
Overwatch markers from the map. If either player has now fulfilled his Victory Conditions, the
game ends." A condition of sight is judged with the smoke lifted: 24.3's Raid, whose Germans'
sightings are looked at the end of every Command Cycle."""

from __future__ import annotations

from soldiers_bought import bought
from soldiers_scenes import start_game

from rules.engine.actions import Done
from rules.registry import load_game
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.scenario_victory import CROSSROADS
from rules.soldiers.smoke import smoke_of


def _raid_with_smoke() -> tuple[SoldiersState, str]:
    """24's Raid in its first Command Phase: one unsuppressed German two hexes from the
    crossroads, his sight of it blocked by smoke in the hex between; every other German
    suppressed (none sees). The German and his smoke hex's names."""
    game = load_game(bought("24-beaufort-crossroads", 2))
    assert isinstance(game, SoldiersGame)
    state = start_game(game, 1)
    assert game.missions()["german"].id == "raid"
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    assert state.play.phase == "command"
    cross = game.by_name[CROSSROADS]
    eye, middle = next(
        (h, m)
        for h in sorted(game.amap.hexes, key=game.name)
        if h.distance(cross) == 2 and state.sees(h, cross)
        for m in h.neighbors()
        if m.distance(cross) == 1
        and not any(n != m and n.distance(cross) == 1 and n.distance(h) == 1 for n in h.neighbors())
    )
    germans = state.able("german")
    for m in germans:
        state.troops.suppressed.add(m)
    man = germans[0]
    state.troops.suppressed.discard(man)
    state.troops.hexes[man] = eye
    for m in state.able("us"):
        state.troops.hexes[m] = max(game.amap.hexes, key=lambda h: h.distance(cross))
    smoke_of(state).outside = {game.name(middle)}
    assert not state.sees(eye, cross)  # the smoke blocks it [12.51]
    state.field.sighted = set()
    return state, man


def test_4_smoke_comes_off_before_the_cycle_end_look_and_victory() -> None:
    """[4; 24.3] Both players pass: the cycle ends, the smoke is removed first, then the
    Raid's cycle-end look sees the crossroads through the hex the smoke left."""
    state, _ = _raid_with_smoke()
    start = len(state.log)
    while state.play.cycle == 1:
        actor = state.to_act()[0]
        legal = state.legal_actions(actor)
        state.apply(next((a for a in legal if isinstance(a, Done)), legal[0]))
    assert not smoke_of(state).outside
    assert CROSSROADS in state.field.sighted
    words = [e.describe() for e in state.log[start:]]
    removed = next(i for i, w in enumerate(words) if "smoke in" in w and "removed" in w)
    assert "[4; 12.52; 12.53]" in words[removed]
    began = next(i for i, w in enumerate(words) if "Command Cycle 2" in w)
    assert removed < began
