"""Soldiers 25 Counterattack, Recon in Force [25.3]: "By the end of the third Command Cycle,
move men within sight of the crossroads on map B (1307) and then exit 50% of the German force
from any map-edge of map A." The sight is kept once had; the exit opens only after it; the
victory reads the kept sight, not the sight at the cycle's end."""

from __future__ import annotations

from soldiers_bought import bought
from soldiers_scenes import acting, stage, start_game

from model.hexes import Hex
from rules.engine.actions import Move
from rules.registry import load_game
from rules.soldiers.actions import OrderMan
from rules.soldiers.exits import exit_hexes
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.scenario_victory import CROSSROADS, look
from rules.soldiers.victory import evaluate_outcome


def _game() -> SoldiersGame:
    game = load_game(bought("25-counterattack", 0))
    assert isinstance(game, SoldiersGame)
    assert game.missions()["german"].id == "recon-in-force"
    return game


def _blind(state: SoldiersState) -> None:
    """Every German suppressed: none sees the crossroads [8.44]."""
    state.troops.suppressed |= set(state.able("german"))


def _exit_half(state: SoldiersState) -> None:
    """More than half the German force moved off the map (from map A's edge)."""
    germans = state.able("german")
    for m in germans[: len(germans) // 2 + 1]:
        del state.troops.hexes[m]
        state.troops.exited.add(m)


def test_25_3_the_exit_opens_only_after_men_came_within_sight_of_the_crossroads() -> None:
    """[25.3] "move men within sight of the crossroads ... and then exit": no German may move
    off map A before a German has seen B/1307; once one has, the sight is kept (logged) and
    the exit stays open after he has gone out of sight."""
    state = start_game(_game())
    _blind(state)
    assert not exit_hexes(state, "german")
    man = state.able("german")[0]
    state.troops.suppressed.discard(man)
    state.troops.hexes[man] = state.game.by_name[CROSSROADS]
    look(state)  # the start of an Action Phase, the end of a Command Cycle [25.3; 24.3]
    assert CROSSROADS in state.field.sighted
    assert any("[25.3]" in e.describe() and CROSSROADS in e.describe() for e in state.log)
    state.troops.suppressed.add(man)  # nobody sees it now
    edges = exit_hexes(state, "german")
    assert edges and all(state.game.name(h).startswith("A/") for h in edges)


def test_25_3_victory_reads_the_kept_sight_not_the_sight_at_the_cycle_s_end() -> None:
    """[25.3] At the end of the third cycle, half the German force off the map and no German
    in sight of the crossroads then: the German wins if men had been within sight of it
    (kept), else the US ("if the German has not won")."""
    seen = start_game(_game())
    _blind(seen)
    seen.field.sighted = {CROSSROADS}
    _exit_half(seen)
    seen.play.cycle, seen.play.over = 3, True
    assert evaluate_outcome(seen).winner == "german"
    unseen = start_game(_game())
    _blind(unseen)
    _exit_half(unseen)
    unseen.play.cycle, unseen.play.over = 3, True
    result = evaluate_outcome(unseen)
    assert result.winner == "us"
    assert any("never within sight" in f and "[25.3]" in f for f in result.findings)


def _into_sight(game: SoldiersGame, cross: Hex) -> tuple[Hex, Hex]:
    """A hex out of sight of the crossroads beside one within it (its own hex counts)."""
    hexes = sorted(game.amap.hexes, key=game.name)
    return next(
        (a, b)
        for a in hexes
        if a != cross and not game.sees(a, cross) and game.terrain.terrain(a) == "clear"
        for b in a.neighbors()
        if b in game.amap.hexes
        and game.terrain.terrain(b) == "clear"
        and (b == cross or game.sees(b, cross))
    )


def test_25_3_a_german_moving_within_sight_of_the_crossroads_is_kept_at_once() -> None:
    """[25.3] "move men within sight": the German leader's move ends within sight of B/1307;
    the sight is kept as his move ends (our reading), not only at the next phase's start."""
    game = _game()
    state = acting(game, "german")
    chit = state.active.chit
    assert chit is not None
    leader = game.chits[chit].leader
    assert leader is not None
    cross = game.by_name[CROSSROADS]
    a, b = _into_sight(game, cross)
    stage(state, {leader: a})
    others = [m for m in state.able("german") if m != leader]
    state.troops.suppressed |= set(others)
    state.field.sighted = set()
    state.active.in_command.add(leader)
    state.apply(OrderMan(leader))
    assert CROSSROADS not in state.field.sighted
    state.apply(Move(leader, (game.name(b),)))
    assert state.troops.hexes[leader] == b
    assert CROSSROADS in state.field.sighted
    assert exit_hexes(state, "german")
