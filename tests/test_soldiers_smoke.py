"""Soldiers smoke grenades [12.5-12.54]: the throw, the wind, the markers and their effects on
sight, fire and the hex's category, their dissipation, smoke inside a building and the remove
smoke action, kept in position files and listed for Test Play."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_scenes import DAWN, acting, clear, dawn, stage

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import events, smoke, smoke_markers
from rules.soldiers.actions import OrderMan, Shoot
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.moves import category, judge_sight
from rules.soldiers.preparations import overriding
from rules.soldiers.smoke import RemoveSmoke, SmokeNote, ThrowSmoke
from rules.soldiers.units import cell


def _ready(game: SoldiersGame, spots: dict[str, Hex] | None = None) -> tuple[SoldiersState, str]:
    """The first side's leader under orders at Aggressive with two smoke grenades."""
    side = game.sides[0]
    state = acting(game, side)
    leader = next(m for m in state.active.in_command if state.may_order(m))
    smoke.carried(game)[leader] = 2
    if spots is not None:
        stage(state, {leader: spots["leader"], **{m: h for m, h in spots.items() if m != "leader"}})
    state.apply(OrderMan(leader))
    return state, leader


def _open_line(game: SoldiersGame, n: int) -> list[Hex]:
    """``n`` clear hexes in a straight line, each in sight of the first."""
    for a in sorted(game.amap.hexes, key=game.name):
        if not clear(game, a):
            continue
        for d in range(6):
            line = [a]
            while len(line) < n:
                line.append(line[-1].neighbor(d))
            if all(clear(game, h) for h in line) and game.sees(line[0], line[-1]):
                return line
    raise AssertionError("no line")


def _wind_roll(game: SoldiersGame, at: Hex, to: Hex) -> int:
    """The d6 whose wind blows from ``at`` to its neighbour ``to`` [12.5]."""
    return next(d for d in range(1, 7) if at.neighbor(game.amap.direction_to_global(at, d)) == to)


def test_smoke_12_5_the_wind_is_rolled_once_and_two_markers_are_placed() -> None:
    """[12.5]: the first smoke throw rolls the wind on the scatter indicator; a hit places a
    smoke marker in the impact hex and one in the hex next to it the wind's way; the wind does
    not change for the next throw, 2 AP each [12.12]."""
    game = dawn()
    line = _open_line(game, 4)
    state, leader = _ready(game, {"leader": line[0]})
    target = line[2]
    action = ThrowSmoke(leader, game.name(target))
    assert state.why_not(action) is None  # any hex in range may be written [12.5]
    assert ThrowSmoke(leader, game.name(line[1])) in state.legal_actions()  # listed: next to him
    chance = int(str(cell("grenade", "seen", 2).value)) + (-1 if state.condition == "Mist" else 0)
    state.force_dice(chance, _wind_roll(game, target, line[3]))
    state.apply(action)
    assert state.smoke.outside == {game.name(line[2]), game.name(line[3])}
    assert state.active.ap == 3.0 and smoke.left(state, leader) == 1
    note = next(e for e in state.log if isinstance(e, SmokeNote))
    assert "wind: d6" in " ".join(note.steps) and "[12.5]" in note.steps[-1]
    wind = state.smoke.wind
    state.force_dice(1)  # a hit; no wind roll this time
    state.apply(ThrowSmoke(leader, game.name(line[1])))
    assert state.smoke.wind == wind
    assert game.name(line[1]) in state.smoke.outside and smoke.left(state, leader) == 0
    why = state.why_not(ThrowSmoke(leader, game.name(line[1])))
    assert why is not None and "no smoke grenade left" in why


def test_smoke_12_51_blocks_sight_is_protected_and_fire_out_of_it_is_minus_one() -> None:
    """[12.51]: sight through a smoke hex is blocked; the hex is protected; fire into or out of
    it is -1 to hit."""
    game = dawn()
    line = _open_line(game, 4)
    state, leader = _ready(game, {"leader": line[0]})
    assert state.sees(line[0], line[3]) and category(state, line[1]) == "open"
    state.smoke.outside = {game.name(line[1])}
    assert not state.sees(line[0], line[3])
    assert category(state, line[1]) == "protected"
    enemy = state.able(game.other(game.men[leader].side))[0]
    state.troops.hexes[enemy] = line[1]
    preview = state.preview(Shoot(leader, game.name(line[1]), "quick"))
    assert preview.legal and "smoke hex [12.51" in preview.chances[0].words


def test_smoke_12_52_dissipates_outside_and_every_cycle_end_removes_all() -> None:
    """[12.52]: a Smoke Dissipates event removes the smoke markers; smoke inside a building
    stays [12.53]; the end of each Command Cycle removes them all."""
    game = dawn()
    state, _leader = _ready(game)
    state.smoke.outside = (
        {"A/0101"} if "A/0101" in game.by_name else {game.name(next(iter(game.amap.hexes)))}
    )
    state.smoke.inside = {"X"}
    assert events.apply(state, events.SMOKE_DISSIPATES, "event")
    assert state.smoke.outside == set() and state.smoke.inside == {"X"}
    assert "[12.52]" in state.log[-1].describe()
    smoke.cycle_ends(state)
    assert state.smoke.inside == set()
    assert "end of the Command Cycle" in state.log[-1].describe()


def _building_and_clear(game: SoldiersGame) -> tuple[Hex, Hex, Hex]:
    """A building hex b, a clear hex o next to it and a clear hex t two hexes from b."""
    for b in sorted(game.amap.hexes, key=game.name):
        if "building" not in game.terrains(b):
            continue
        for o in b.neighbors():
            if not clear(game, o):
                continue
            far = [t for t in o.neighbors() if clear(game, t) and t.distance(b) == 2]
            if far:
                return b, o, far[0]
    raise AssertionError("no building next to clear ground")


def test_smoke_12_53_inside_a_building_no_drift_no_fire_no_sight_out_12_54_removed() -> None:
    """[12.53]: smoke thrown into a building (the 12.21 building modifier) is one marker, no
    drift; the men inside may not fire and do not see out. [12.54]: a man inside throws it out
    into an adjacent non-building hex for 3 AP; there it drifts with the wind."""
    game = dawn()
    b, o, t = _building_and_clear(game)
    state, leader = _ready(game, {"leader": o})
    enemy = state.able(game.other(game.men[leader].side))[0]
    state.troops.hexes[enemy] = b
    chance = state.preview(ThrowSmoke(leader, game.name(b))).chances[0]
    assert "building" in chance.words or "target hex terrain" in chance.words
    state.smoke.wind = o.direction_to(t)
    state.force_dice(1)
    state.apply(ThrowSmoke(leader, game.name(b)))
    assert state.smoke.inside == {game.name(b)} and not state.smoke.outside
    assert not state.sees(b, o) and state.sees(o, b)
    assert not smoke_markers.outside(state, b) and overriding(state, b) is None
    # the smoked-in man may not fire, and may throw it out
    state.troops.hexes[leader] = b
    state.active.ap = 5.0
    state.troops.hexes[enemy] = t
    assert "[12.53]" in (smoke.why_not_fire(state, leader) or "")
    why = state.why_not(RemoveSmoke(leader, game.name(t)))
    assert why is not None and "[12.54]" in why  # not adjacent
    action = RemoveSmoke(leader, game.name(o))
    assert action in state.legal_actions()
    state.apply(action)
    assert state.active.ap == 2.0 and not state.smoke.inside
    assert game.name(o) in state.smoke.outside


def test_smoke_12_5_a_malfunction_of_10_releases_the_smoke_in_the_throwers_hex() -> None:
    """[12.5]: "If a weapon check occurs and the resulting roll is 10, the smoke is released in
    the thrower's hex; he is not harmed"; a Dud gives no smoke [12.3]."""
    game = dawn()
    line = _open_line(game, 4)
    state, leader = _ready(game, {"leader": line[1]})
    state.smoke.wind = line[1].direction_to(line[0])
    boom = next(
        r for r in range(1, 11) if cell("grenade-damage", "weapon check", r).value == "Explode"
    )
    state.force_dice(10, boom)
    state.apply(ThrowSmoke(leader, game.name(line[3])))
    assert state.smoke.outside == {game.name(line[1]), game.name(line[0])}
    assert leader not in state.troops.disabled and leader not in state.troops.suppressed
    dud = next(r for r in range(1, 11) if cell("grenade-damage", "weapon check", r).value == "Dud")
    state.smoke.outside = set()
    state.force_dice(10, dud)
    state.apply(ThrowSmoke(leader, game.name(line[3])))
    assert not state.smoke.outside
    assert "no smoke" in [e for e in state.log if isinstance(e, SmokeNote)][-1].steps


def test_smoke_12_11_range_and_12_13_risk_level_refused_with_reasons() -> None:
    """[12.5; 12.11]: the range limits of an explosive grenade; [12.13]: a Cautious man throws
    only from a hex not in enemy sight."""
    game = dawn()
    line = _open_line(game, 7)
    state, leader = _ready(game, {"leader": line[0]})
    why = state.why_not(ThrowSmoke(leader, game.name(line[6])))
    assert why is not None and "[12.5; 12.11]" in why
    enemy = state.able(game.other(game.men[leader].side))[0]
    state.troops.hexes[enemy] = line[3]
    judge_sight(state, leader)  # enemy sight as judged when his actions start [7.23]
    state.active.risk = "Cautious"
    why = state.why_not(ThrowSmoke(leader, game.name(line[2])))
    assert why is not None and "[12.13]" in why


def test_smoke_grenades_19_44_are_dealt_from_the_purchase() -> None:
    """[12; 19.44]: SMOKE-GRENADE purchases are dealt to the side's men one at a time (our
    reading of the owner's distribution), as explosive grenades are."""
    loaded = load_scenario(DAWN)
    side = loaded.scenario.sides[0]
    bought = side.model_copy(update={"purchases": [Purchase(item="SMOKE-GRENADE", count=3)]})
    scenario = loaded.scenario.model_copy(update={"sides": [bought, *loaded.scenario.sides[1:]]})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    men = [m.id for m in game.deployment.men if m.side == side.id]
    assert [smoke.carried(game).get(m, 0) for m in men[:4]] == [1, 1, 1, 0]


@pytest.mark.parametrize("inside", [False, True])
def test_smoke_is_kept_in_position_files_and_clones(inside: bool) -> None:
    """[12.5]: the wind, the markers and the grenades thrown survive a position file and a
    clone, and the game replays the same."""
    game = dawn()
    line = _open_line(game, 4)
    state, leader = _ready(game, {"leader": line[0]})
    state.force_dice(1, 2)
    state.apply(ThrowSmoke(leader, game.name(line[2])))
    if inside:
        state.smoke.inside = {game.name(line[3])}
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState)
    assert again.smoke == state.smoke
    assert again.to_position() == position
    twin = state.clone()
    assert isinstance(twin, SoldiersState)
    twin.smoke.outside.clear()
    assert state.smoke.outside
    assert state.fingerprint() != twin.fingerprint()
