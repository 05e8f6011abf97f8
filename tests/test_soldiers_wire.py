"""Soldiers wire removal [18.32; 16.13]: remove wire actions in the wire's hexes, the marker
removed when all are done (engineers: two of three), movement free of the wire afterwards, kept
in position files and listed for Test Play."""

from __future__ import annotations

import dataclasses

from soldiers_scenes import DAWN, acting, clear, dawn, stage

from model import edits
from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.engine.actions import Move
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import wire
from rules.soldiers.actions import Maintained, OrderMan
from rules.soldiers.engineers import ENGINEER
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.wire import RemoveWire


def _line(game: SoldiersGame, n: int) -> list[Hex]:
    """``n`` clear hexes in a straight line."""
    for a in sorted(game.amap.hexes, key=game.name):
        for d in range(6):
            line = [a]
            while len(line) < n:
                line.append(line[-1].neighbor(d))
            if all(clear(game, h) for h in line):
                return line
    raise AssertionError("no line")


def _wired() -> tuple[SoldiersGame, list[Hex]]:
    """Dawn Patrol with a wire marker over the middle three of five hexes in a row [18.3]."""
    plain = dawn()
    line = _line(plain, 5)
    loaded = load_scenario(DAWN)
    scenario = edits.paint_terrain(loaded.scenario, [plain.name(h) for h in line[1:4]], "wire")
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game, line


def _ordered(game: SoldiersGame, at: Hex, engineer: bool = False) -> tuple[SoldiersState, str]:
    state = acting(game, game.sides[0])
    leader = next(m for m in sorted(state.active.in_command) if state.may_order(m))
    if engineer:
        man = game.men[leader]
        game.men[leader] = dataclasses.replace(man, tags=(*man.tags, ENGINEER))
    stage(state, {leader: at})
    state.apply(OrderMan(leader))
    return state, leader


def _next_man(state: SoldiersState, leader: str, at: Hex) -> None:
    """A fresh 5 AP for the same man in another hex (as a new order would give)."""
    state.troops.hexes[leader] = at
    state.active.ap = 5.0
    state.active.stopped = False


def test_remove_wire_18_32_in_all_three_hexes_removes_the_marker() -> None:
    """[18.32]: "A wire marker is removed from the map if men perform remove wire maintenance
    actions in all three hexes"; until then the wire's effects apply in all three [18.33]."""
    game, line = _wired()
    state, man = _ordered(game, line[1])
    action = RemoveWire(man)
    assert action in state.legal_actions()
    assert "placeholder" in (state.preview(action).cost or "")
    state.apply(action)
    assert state.active.ap == 5.0 - wire.REMOVE_AP
    why = state.why_not(action)
    assert why is not None and "already [18.32]" in why
    for h in line[2:4]:
        assert wire.live(state, h)
        _next_man(state, man, h)
        state.apply(RemoveWire(man))
    note = [e for e in state.log if isinstance(e, Maintained)][-1]
    assert "all of them, the wire is removed [18.32]" in note.why
    assert not any(wire.live(state, h) for h in line[1:4])
    # movement over the ground beneath: 1 AP a clear hex, no stop, no leaving cost [18.33]
    _next_man(state, man, line[0])
    state.apply(Move(man, tuple(game.name(h) for h in line[1:5])))
    assert state.active.ap == 1.0 and not state.active.stopped


def test_remove_wire_16_13_engineers_in_two_of_the_three_hexes() -> None:
    """[16.13]: "A wire marker is removed from the map if an engineer performs the remove wire
    maintenance action in two of the three hexes the wire covers instead of all three"."""
    game, line = _wired()
    state, man = _ordered(game, line[1], engineer=True)
    state.apply(RemoveWire(man))
    assert wire.live(state, line[2])
    _next_man(state, man, line[3])
    state.apply(RemoveWire(man))
    note = [e for e in state.log if isinstance(e, Maintained)][-1]
    assert "by engineers in 2, the wire is removed [16.13]" in note.why
    assert not wire.live(state, line[2])


def test_remove_wire_refused_out_of_wire_and_for_a_cautious_man_in_enemy_sight() -> None:
    """[18.32]: remove wire is performed in a wire hex; [7.31]: at Cautious only out of enemy
    sight (the Action Summary's placeholder line); it costs 3 AP (placeholder)."""
    game, line = _wired()
    state, man = _ordered(game, line[0])
    why = state.why_not(RemoveWire(man))
    assert why is not None and "no wire in his hex [18.32]" in why
    _next_man(state, man, line[1])
    enemy = state.able(game.other(game.men[man].side))[0]
    state.troops.hexes[enemy] = line[4]
    from rules.soldiers.moves import judge_sight

    judge_sight(state, man)
    state.active.risk = "Cautious"
    why = state.why_not(RemoveWire(man))
    assert why is not None and "[7.31]" in why
    state.active.risk = "Aggressive"
    state.active.ap = 2.0
    why = state.why_not(RemoveWire(man))
    assert why is not None and "AP" in why


def test_remove_wire_is_kept_in_position_files_and_clones() -> None:
    """[18.32]: "the owning player should note on his squad sheet the hex in which it was
    performed": the hexes done and the wire removed survive a position file and a clone."""
    game, line = _wired()
    state, man = _ordered(game, line[1])
    state.apply(RemoveWire(man))
    state.wire.removed.add(game.name(line[0]))
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState)
    assert back.wire == state.wire and back.to_position() == position
    twin = state.clone()
    assert isinstance(twin, SoldiersState)
    twin.wire.cut.clear()
    assert state.wire.cut


def test_wire_18_31_bought_wire_is_laid_next_to_the_defenders_men_and_stops_a_man() -> None:
    """[18.31; 19.43]: the defender's bought wire is laid at the start (our reading of where:
    three clear hexes next to his men, the marker's hex and two next to it); entering it costs
    3 AP and ends the man's movement [18.33]; the set-up log says where."""
    from model.scenario import Purchase

    loaded = load_scenario(DAWN)
    first, second = loaded.scenario.sides[0], loaded.scenario.sides[1]
    sides = [
        first.model_copy(update={"role": "attacker"}),
        second.model_copy(
            update={"role": "defender", "purchases": [Purchase(item="WIRE", count=2)]}
        ),
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    assert len(game.laid_wire) == 2
    for marker in game.laid_wire:
        centre, *arms = marker
        assert all(a.distance(centre) == 1 for a in arms)
        assert all(wire.has_wire(game, h) for h in marker)
    a, b = game.laid_wire[0], game.laid_wire[1]
    assert min(x.distance(y) for x in a for y in b) >= 2  # markers kept apart (our reading)
    state = game.new_initial_state(1)
    notes = [e.describe() for e in state.log if "[18.31; 19.43]" in e.describe()]
    assert len(notes) == 2
    into, start = next(
        (h, n)
        for marker in game.laid_wire
        for h in marker
        for n in sorted(h.neighbors(), key=lambda x: (x.q, x.r))
        if clear(game, n) and not wire.has_wire(game, n)
    )
    state, man = _ordered(game, start)
    state.apply(Move(man, (game.name(into),)))
    assert state.active.ap == 2.0 and state.active.stopped
