"""Soldiers artillery [17] and combat engineers with satchel charges [16]: the radio and its
calls, the Artillery Strike event, the strike procedure with the book's worked example as a
forced-dice test, Target Acquisition, damage and markers; satchel charges dealt, thrown and
exploding with peripheral damage. Positions are staged on the Introductory Scenario's map."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from soldiers_scenes import start_game

from model.hexes import Hex
from model.scenario import ForceEntry, Purchase
from model.scenario_io import LoadedScenario, load_scenario
from rules.bots.base import RandomBot
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import artillery
from rules.soldiers.actions import ClearJam, ManHit, OrderMan, SetupNote, Shoot
from rules.soldiers.artillery import rubble_extra
from rules.soldiers.engineers import is_engineer, satchels_left
from rules.soldiers.fire import _terrain, fire_types
from rules.soldiers.fire_support_actions import ArtilleryNote, CancelCall, Radio, ThrowSatchel
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.moves import category
from rules.soldiers.operational_turns import leader_waits
from rules.soldiers.preparations import overriding, why_not_enter
from rules.soldiers.reaction import best_initiative
from rules.soldiers.support_actions import Overwatch
from rules.soldiers.units import cell

SCENARIO = "scenarios/soldiers/10-dawn-patrol.yaml"
#: Directions as the map's scatter indicator numbers them [17.4 example: 1 N, 4 S, 5 SW].
SOUTH, SOUTHWEST = 4, 5


def _loaded(
    purchases: dict[str, list[Purchase]], engineers: dict[str, int] | None = None
) -> LoadedScenario:
    loaded = load_scenario(SCENARIO)
    sides = []
    for side in loaded.scenario.sides:
        forces = list(side.forces)
        count = (engineers or {}).get(side.id, 0)
        if count:
            code = "US-ENGINEER" if side.id == "us" else "GE-ENGINEER"
            forces.append(ForceEntry(unit=code, count=count))
        update = {"purchases": purchases.get(side.id, []), "forces": forces}
        sides.append(side.model_copy(update=update))
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    return dataclasses.replace(loaded, scenario=scenario)


def _game(
    purchases: dict[str, list[Purchase]] | None = None, engineers: dict[str, int] | None = None
) -> SoldiersGame:
    if purchases is None:
        purchases = {"us": [Purchase(item="ART-HEAVY", count=1)]}
    found = load_game(_loaded(purchases, engineers))
    assert isinstance(found, SoldiersGame)
    return found


@pytest.fixture
def game() -> SoldiersGame:
    return _game()


def _clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _stage(state: SoldiersState, spots: dict[str, Hex], away_from: Hex) -> None:
    """The named men where given; everybody else in the clear hex farthest from ``away_from``."""
    game = state.game
    far = max(
        (h for h in game.amap.hexes if _clear(game, h)),
        key=lambda h: (h.distance(away_from), game.name(h)),
    )
    for m in state.troops.hexes:
        state.troops.hexes[m] = spots.get(m, far)


def _us_turn(
    state: SoldiersState, d10: int, d6: int, *then: int, chit: str = "us.e.sl"
) -> list[object]:
    """The US chit wins the Command Phase; its risk dice are forced [6.11], then ``then``."""
    if state.to_act()[0] == "us":
        state.apply(f"commit {chit}")
        state.force_dice(d10, d6, *then)
        events = state.apply("done german")
    else:
        state.apply("done german")
        state.force_dice(d10, d6, *then)
        events = state.apply(f"commit {chit}")
    found = list(events)
    if leader_waits(state):  # far from the enemy: declared first [3B; 6.3]
        found += state.apply("declare us tactical")
    assert state.active.chit == chit
    return found


def _walk(game: SoldiersGame, h: Hex, number: int, count: int) -> Hex | None:
    for _ in range(count):
        h = h.neighbor(game.amap.direction_to_global(h, number))
        if h not in game.amap.hexes:
            return None
    return h


def _example_hexes(game: SoldiersGame) -> Iterator[tuple[Hex, Hex, Hex, Hex]]:
    """Target, impact (a building 3 S then 2 SW of the target), a clear hex next to the impact
    in the target's zone and a clear hex two hexes from it: the 17.4 and 17.52 examples."""
    for target in sorted(game.amap.hexes, key=game.name):
        mid = _walk(game, target, SOUTH, 3)
        impact = _walk(game, mid, SOUTHWEST, 2) if mid is not None else None
        if impact is None or game.terrain.terrain(impact) != "building":
            continue
        zone = artillery._zones(game)[artillery.zone_of(game, target) or ""]
        near = [h for h in sorted(zone, key=game.name) if h.distance(impact) == 1]
        near = [h for h in near if _clear(game, h)]
        two = [
            h
            for h in sorted(game.amap.hexes, key=game.name)
            if h.distance(impact) == 2 and _clear(game, h)
        ]
        if near and two:
            yield target, impact, near[0], two[0]


def _results(events: list[object]) -> dict[str, str]:
    return {e.man: e.result for e in events if isinstance(e, ManHit) and e.man != "-"}


def _notes(events: list[object]) -> list[ArtilleryNote]:
    return [e for e in events if isinstance(e, ArtilleryNote)]


# --- 17.3-17.52 the strike --------------------------------------------------------------------


def test_17_4_and_17_52_book_example_light_shells_scatter_3_south_2_southwest(
    game: SoldiersGame,
) -> None:
    """[17.3; 17.4; 17.51; 17.52] The book's example: heavy support, Call Table d10 6 gives light
    shells; the German men in the announced zone hit the dirt; the light-shell Strike Table's 7
    is S3: 3 hexes south (d6 4), then 2 southwest (d6 5). The impact hex's building becomes
    rubble; the German man adjacent rolls 9, 7 after suppression, killed on the heavy line; the
    US man two hexes away rolls 9 on the light line: incapacitated. The event is the 6.11
    example's Event Table 5 (d10 3 + d6 2)."""
    state = start_game(game, 1)
    target, impact, adjacent, two_away = next(_example_hexes(game))
    german, us_man = state.able("german")[0], "us.e.3"
    _stage(state, {german: adjacent, us_man: two_away}, impact)
    state.artillery.calls["us"] = ((game.name(target), False),)
    # Event Table 5: Artillery Strike [6.11 example]; then the strike's dice [17.4; 17.52]
    events = _us_turn(state, 3, 2, 6, 7, SOUTH, SOUTHWEST, 9, 9)
    steps = " ".join(s for n in _notes(events) for s in n.steps)
    assert "heavy support: d10 6: light shells" in steps
    assert "d10 7: S3" in steps
    assert f"3 hex(es) to {game.name(_walk(game, target, SOUTH, 3))}" in steps  # type: ignore[arg-type]
    assert f"2 hex(es) to {game.name(impact)}" in steps
    assert game.name(impact) in state.artillery.rubble
    assert _results(events) == {german: "Kill", us_man: "Incap"}
    assert german in state.troops.disabled and us_man in state.troops.disabled
    assert not state.artillery.calls  # the call is crossed off [17.3]


def test_17_23_a_double_call_adds_2_heavy_shells(game: SoldiersGame) -> None:
    """[17.23; 17.3] The example's "had he made a double call": 6 + 2 = 8 gives heavy shells."""
    state = start_game(game, 1)
    target, impact, _adjacent, _two_away = next(_example_hexes(game))
    _stage(state, {}, impact)
    state.force_dice(6, 1)
    events = _resolve(state, "us", target, double=True)
    steps = " ".join(s for n in _notes(events) for s in n.steps)
    assert "d10 6 + 2 for a double call = 8 [17.23]: heavy shells" in steps


def _resolve(state: SoldiersState, side: str, target: Hex, double: bool = False) -> list[object]:
    start = len(state.log)
    artillery.resolve_strike(state, side, target, double)
    return list(state.log[start:])


def test_17_3_a_lost_call_is_crossed_off_and_nothing_lands(game: SoldiersGame) -> None:
    """[17.3] A lost call on the Call Table stops the procedure."""
    state = start_game(game, 1)
    lost = next(
        r for r in range(1, 11) if cell("artillery-call", "heavy support", r).value == "lost call"
    )
    target = next(h for h in sorted(game.amap.hexes, key=game.name) if _clear(game, h))
    state.force_dice(lost)
    events = _resolve(state, "us", target)
    assert _notes(events)[-1].text.endswith("is lost")
    assert not _results(events) and not state.artillery.craters


def test_17_51_d_kills_every_man_in_the_impact_hex_and_leaves_a_crater(game: SoldiersGame) -> None:
    """[17.51; 17.5] Heavy shells on target: every man in the impact hex is killed, a clear hex
    gets a Crater marker (covered terrain from now on [2.24]), the adjacent men roll on the heavy
    line."""
    state = start_game(game, 1)
    target = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if _clear(game, h) and all(_clear(game, n) for n in h.neighbors())
    )
    a, b = state.able("german")[:2]
    neighbour = next(iter(sorted(target.neighbors(), key=game.name)))
    _stage(state, {a: target, b: neighbour}, target)
    heavy = next(
        r
        for r in range(1, 11)
        if cell("artillery-call", "heavy support", r).value == "heavy shells"
    )
    on = next(
        r for r in range(1, 11) if cell("artillery-strike", "heavy shells", r).value == "on target"
    )
    state.force_dice(heavy, on, 2)
    events = _resolve(state, "us", target)
    assert state.troops.disabled[a] == "killed"
    assert game.name(target) in state.artillery.craters
    assert category(state, target) == "covered"  # a crater is covered terrain [2.24; 17.51]
    assert state.troops.hexes[b] == neighbour and b in _results(events)
    assert "heavy" in next(e.why for e in events if isinstance(e, ManHit) and e.man == b)


def test_17_31_target_acquisition_minus_2_then_minus_4(game: SoldiersGame) -> None:
    """[17.31] The radioman in sight of the target hex places the marker at -2; the next strike
    subtracts 2 from its Strike Table roll and flips it to -4."""
    state = start_game(game, 1)
    radioman = game.artillery_support["us"].radioman
    seen = next(
        (a, b)
        for a in sorted(game.amap.hexes, key=game.name)
        if _clear(game, a)
        for b in sorted(game.amap.hexes, key=game.name)
        if _clear(game, b) and a.distance(b) == 6 and game.sees(a, b)
    )
    _stage(state, {radioman: seen[0]}, seen[1])
    light = 6  # heavy support, 6: light shells [17.4 example]
    state.force_dice(light, 1)
    _resolve(state, "us", seen[1])
    assert state.artillery.acquired[game.name(seen[1])] == 2
    state.force_dice(light, 7)
    events = _resolve(state, "us", seen[1])
    steps = " ".join(s for n in _notes(events) for s in n.steps)
    assert "d10 7 - 2 Target Acquisition = 5" in steps
    assert state.artillery.acquired[game.name(seen[1])] == 4


# --- 17.1-17.25 the radio and the event ------------------------------------------------------


def _aggressive_radioman(game: SoldiersGame) -> tuple[SoldiersState, str, Hex, Hex]:
    """The US radioman under orders at Aggressive (no event: d10 10 + d6 1 = 11), an enemy in
    sight 4 hexes away."""
    state = start_game(game, 1)
    radioman = game.artillery_support["us"].radioman
    a, b = next(
        (a, b)
        for a in sorted(game.amap.hexes, key=game.name)
        if _clear(game, a)
        for b in sorted(game.amap.hexes, key=game.name)
        if _clear(game, b) and a.distance(b) == 4 and game.sees(a, b)
    )
    _stage(state, {radioman: a, state.able("german")[0]: b}, b)
    _us_turn(state, 10, 1)
    state.apply(OrderMan(radioman))
    return state, radioman, a, b


def test_17_2_use_radio_records_a_call_then_a_double_call_17_23_then_cancels_17_24(
    game: SoldiersGame,
) -> None:
    """[17.2; 17.21; 17.23; 17.24] The radioman calls a hex he sees (2 AP, our reading); again:
    a double call; a third call is refused; a cancellation crosses it out."""
    state, radioman, _, b = _aggressive_radioman(game)
    name = game.name(b)
    call = Radio(radioman, name)
    assert call in state.legal_actions("us")
    preview = state.preview(call)
    assert preview.legal and "2 of 5 AP" in (preview.cost or "")
    assert state.describe(call).startswith("Call an artillery strike")
    state.apply(call)
    assert state.artillery.calls["us"] == ((name, False),) and state.active.ap == 3
    assert state.describe(call).startswith("Double call")
    state.apply(call)
    assert state.artillery.calls["us"] == ((name, True),)
    with pytest.raises(IllegalActionError, match=r"already a double call \[17.23\]"):
        state.apply(Radio(radioman, name))


def test_17_12_only_the_radioman_or_a_leader_with_him_and_17_22_forward_observers(
    game: SoldiersGame,
) -> None:
    """[17.12] A man who is neither the radioman nor a leader stacked with him may not use it;
    [17.22] a hex the radioman does not see may be called when a friendly man he sees sees it."""
    state, radioman, a, b = _aggressive_radioman(game)
    other = next(m for m in state.able("us") if game.men[m].rank == "man")
    assert "[17.12]" in (state.why_not(Radio(other, game.name(b))) or "")
    hidden = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if not game.sees(a, h) and h.distance(a) <= 8
    )
    assert "[17.2; 17.22]" in (state.why_not(Radio(radioman, game.name(hidden))) or "")
    spot = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if game.sees(a, h) and game.sees(h, hidden)
    )
    state.troops.hexes[other] = spot
    assert state.why_not(Radio(radioman, game.name(hidden))) is None
    state.apply(Radio(radioman, game.name(hidden)))
    state.apply(CancelCall(radioman, game.name(hidden)))
    assert "us" not in state.artillery.calls


def test_17_25_an_event_with_no_call_gives_a_free_call_resolved_at_once(
    game: SoldiersGame,
) -> None:
    """[17.25] An Artillery Strike event with no call recorded: the radioman may make a free
    call, no AP, no order, the strike resolved at once; it is lost at the phase's end."""
    state = start_game(game, 1)
    radioman = game.artillery_support["us"].radioman
    a, b = next(
        (a, b)
        for a in sorted(game.amap.hexes, key=game.name)
        if _clear(game, a)
        for b in sorted(game.amap.hexes, key=game.name)
        if _clear(game, b) and a.distance(b) == 5 and game.sees(a, b)
    )
    enemy = state.able("german")[0]
    _stage(state, {radioman: a, enemy: b}, b)
    _us_turn(state, 3, 2)  # Event Table 5: Artillery Strike [6.11 example]
    assert state.artillery.free_call == "us"
    assert "free artillery call [17.25]" in state.progress().step
    free = Radio(radioman, game.name(b))
    assert free in state.legal_actions("us") and state.active.current is None
    preview = state.preview(free)
    assert preview.cost == "no AP (the free call)" and preview.chances
    state.force_dice(9, 1, 10)  # heavy shells; on target; an unmodified 10
    events = state.apply(free)
    assert state.troops.disabled.get(enemy) == "killed"
    assert state.artillery.free_call is None and not state.artillery.calls
    assert any("free call" in n.text for n in _notes(events))


def test_17_an_event_for_a_side_without_support_is_ignored() -> None:
    """[17; 25.6] A side that bought no artillery support ignores the Artillery Strike event."""
    game = _game({})
    state = start_game(game, 1)
    _us_turn(state, 3, 2)
    assert any("ignored" in e.text for e in state.log if isinstance(e, ArtilleryNote))
    assert not game.artillery_support and state.artillery.free_call is None


def test_17_clone_and_replay_round_trip_through_a_strike_with_scatter(
    game: SoldiersGame,
) -> None:
    """A call made by the radio, then an event's strike that scatters: a clone plays the same,
    and the game replays from its seed and actions to the same fingerprint."""
    state, radioman, _, b = _aggressive_radioman(game)
    base = state.clone()  # staged by hand: the replay starts here
    state.apply(Radio(radioman, game.name(b)))
    state.apply("done us")
    clone = state.clone()
    for s in (state, clone):
        # Event Table 15: Artillery Strike; heavy support 6: light shells; 9: S4; two d6
        _us_turn(s, 10, 5, 6, 9, 2, 3, chit="us.e.asl")
    assert clone.fingerprint() == state.fingerprint()
    assert any("scatter d6" in " ".join(n.steps) for n in _notes(state.log))
    for action in state.history[len(base.history) :]:
        base.apply(action.text())
    assert base.fingerprint() == state.fingerprint()


def test_17_calls_markers_and_satchels_survive_a_clone_and_a_position_file(
    game: SoldiersGame,
) -> None:
    """STYLE 25-26: the calls, Target Acquisition, Rubble and Crater markers, the free call and
    the satchel charges thrown are in a clone and a position file read back [16.2; 17]."""
    state, radioman, _, b = _aggressive_radioman(game)
    state.apply(Radio(radioman, game.name(b)))
    state.artillery.acquired["C/0101"] = 2
    state.artillery.rubble.add("C/0202")
    state.artillery.craters.add("C/0303")
    state.artillery.free_call = "us"
    state.demolitions.satchels_thrown[radioman] = 1
    clone = state.clone()
    assert clone.position_fingerprint() == state.position_fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    clone.artillery.rubble.clear()
    clone.demolitions.satchels_thrown.clear()
    assert state.artillery.rubble and state.demolitions.satchels_thrown


# --- 16 combat engineers and satchel charges --------------------------------------------------


def test_16_21_satchels_dealt_to_engineers_first_at_most_two() -> None:
    """[16.21; 19.44] Three satchel charges bought: two for the engineer (at most two a man),
    the third to the next man (any man may carry one)."""
    game = _game({"us": [Purchase(item="SATCHEL", count=3)]}, {"us": 1})
    engineer = next(m for m in game.men.values() if is_engineer(m))
    assert engineer.side == "us" and game.satchels[engineer.id] == 2
    assert sum(game.satchels.values()) == 3


def _engineer_at(risk_d10: int, building: bool = False) -> tuple[SoldiersState, str, Hex, Hex]:
    """A US engineer with two satchel charges under orders; a German 2 hexes away in a clear hex
    or a building, another German in a clear hex between them."""
    game = _game({"us": [Purchase(item="SATCHEL", count=2)]}, {"us": 1})
    state = start_game(game, 1)
    engineer = next(m.id for m in game.men.values() if is_engineer(m))
    want = "building" if building else "clear"
    a, b, thrower = next(
        (a, b, t)
        for b in sorted(game.amap.hexes, key=game.name)
        if game.terrain.terrain(b) == want
        for a in sorted((n for n in b.neighbors() if _clear(game, n)), key=game.name)
        for t in sorted((n for n in a.neighbors() if _clear(game, n)), key=game.name)
        if t.distance(b) == 2
    )
    german = state.able("german")
    spots = {engineer: thrower, german[0]: b, german[1]: a}
    _stage(state, spots, b)
    _us_turn(state, risk_d10, 1, chit="us.e.ind")  # the risk at his selection [6.23]
    state.apply(OrderMan(engineer))
    return state, engineer, b, a


def test_16_22_only_engineers_at_bold_or_aggressive_4_ap_at_most_3_hexes() -> None:
    """[16.21; 16.22] At Cautious or Wary the engineer may not throw; a non-engineer never; the throw
    costs 4 AP and reaches 3 hexes."""
    state, engineer, target, _ = _engineer_at(3)
    assert state.active.risk in ("Cautious", "Wary")
    assert "[16.22]" in (state.why_not(ThrowSatchel(engineer, state.game.name(target))) or "")
    state, engineer, target, _ = _engineer_at(10)
    throw = ThrowSatchel(engineer, state.game.name(target))
    assert throw in state.legal_actions("us")
    assert "4 of 5 AP" in (state.preview(throw).cost or "")
    other = next(m for m in state.able("us") if not is_engineer(state.game.men[m]))
    assert "[16.21]" in (state.why_not(ThrowSatchel(other, state.game.name(target))) or "")


def test_16_23_an_outdoor_blast_damages_the_adjacent_outdoor_men() -> None:
    """[16.22; 16.23] A hit outdoors: the man in the hex rolls on Dmg/out, the man in the
    adjacent outdoor hex on Dmg/Adj (peripheral damage)."""
    state, engineer, target, _adjacent = _engineer_at(10)
    german = state.able("german")[:2]
    state.force_dice(1, 5, 5)  # a hit; Dmg/out 5; Dmg/Adj 5
    events = state.apply(ThrowSatchel(engineer, state.game.name(target)))
    found = _results(events)
    assert found[german[0]] == cell("satchel-charge-damage", "Dmg/out", 5).value
    assert found[german[1]] == cell("satchel-charge-damage", "Dmg/Adj", 5).value
    assert satchels_left(state, engineer) == 1 and state.active.ap == 1


def test_16_23_no_peripheral_damage_from_a_building() -> None:
    """[16.23; 12.21] A satchel charge into a building: the Grenade/Satchel modifiers, Dmg/in
    for the man inside, no peripheral damage to the man outside."""
    state, engineer, target, _ = _engineer_at(10, building=True)
    inside, outside = state.able("german")[:2]
    throw = ThrowSatchel(engineer, state.game.name(target))
    assert "[12.21]" in state.preview(throw).chances[0].words
    state.force_dice(1, 3)
    events = state.apply(throw)
    assert _results(events) == {inside: cell("satchel-charge-damage", "Dmg/in", 3).value}
    assert outside not in state.troops.disabled


# --- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_17_25_the_heuristic_bot_makes_the_free_call_on_a_cluster_of_enemies(
    game: SoldiersGame, seed: int
) -> None:
    """[17.25] Three German men in the radioman's sight and a free call: the heuristic bot
    makes it on their hex within the Action Phase."""
    state = start_game(game, 1)
    radioman = game.artillery_support["us"].radioman
    a, b = next(
        (a, b)
        for a in sorted(game.amap.hexes, key=game.name)
        if _clear(game, a)
        for b in sorted(game.amap.hexes, key=game.name)
        if _clear(game, b) and a.distance(b) == 5 and game.sees(a, b)
    )
    spots = {radioman: a, **dict.fromkeys(state.able("german")[:3], b)}
    _stage(state, spots, b)
    _us_turn(state, 3, 2)
    bot, made = GreedyBot(seed), []
    while state.active.chit == "us.e.sl" and state.to_act() == ("us",) and len(made) < 10:
        action = bot.choose(state, "us")
        made.append(action)
        state.apply(action)
    assert Radio(radioman, game.name(b)) in made


@pytest.mark.parametrize("seed", [0, 2])
def test_16_22_the_heuristic_bot_throws_a_satchel_charge_at_close_enemies(seed: int) -> None:
    """[16.22] An engineer at Aggressive with two Germans 1 and 2 hexes away: the heuristic
    bot throws a satchel charge."""
    state, _engineer, _, _ = _engineer_at(10)
    assert GreedyBot(seed).choose(state, "us").verb == "satchel"


@pytest.mark.parametrize("seed", [1, 2])
def test_games_with_artillery_and_satchels_play_to_the_end_with_both_bots(seed: int) -> None:
    """Both sides with heavy artillery, engineers and satchel charges: random and heuristic bots
    play to the end through the new actions; the game replays from its seed and actions."""
    buys = [Purchase(item="ART-HEAVY", count=1), Purchase(item="SATCHEL", count=2)]
    game = _game({"us": buys, "german": list(buys)}, {"us": 1, "german": 1})
    for bots in (
        {s: RandomBot(seed + i) for i, s in enumerate(game.sides)},
        {s: GreedyBot(seed + i) for i, s in enumerate(game.sides)},
    ):
        state = game.new_initial_state(seed)
        for _ in range(3000):
            if state.is_terminal():
                break
            side = state.to_act()[0]
            state.apply(bots[side].choose(state, side))
        assert state.is_terminal()
        again = game.new_initial_state(seed)
        for action in state.history:
            again.apply(action.text())
        assert again.fingerprint() == state.fingerprint()


# --- 18 defensive preparations ----------------------------------------------------------------


def _prepared(kind: str, count: int = 1, us: list[Purchase] | None = None) -> SoldiersGame:
    """The Introductory Scenario with the German the defender (the US the attacker, buying
    ``us``), who bought ``count`` preparations of ``kind`` [18; 19.43]."""
    loaded = _loaded({"german": [Purchase(item=kind, count=count)], "us": us or []})
    roles = {"german": "defender", "us": "attacker"}
    sides = [s.model_copy(update={"role": roles[s.id]}) for s in loaded.scenario.sides]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    return found


def _shot_at_prepared(game: SoldiersGame, firer_side: str) -> tuple[SoldiersState, str, Hex, Hex]:
    """The prepared hex with a man of the other side in it; a man of ``firer_side`` (a leader,
    under orders at Aggressive) 3 hexes away in sight."""
    ((spot, _),) = game.prepared.items()
    state = start_game(game, 1)
    shooter = (
        "us.austin"
        if firer_side == "us"
        else next(m for m in state.able("german") if game.men[m].rank == "squad-leader")
    )
    at = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if _clear(game, h) and h.distance(spot) == 3 and game.sees(h, spot)
    )
    target = next(m for m in state.able(game.other(firer_side)))
    _stage(state, {shooter: at, target: spot}, spot)
    chit = f"{firer_side}.e.sl"
    if state.to_act()[0] == firer_side:
        state.apply(f"commit {chit}")
        state.force_dice(10, 1)
        state.apply(f"done {game.other(firer_side)}")
    else:
        state.apply(f"done {game.other(firer_side)}")
        state.force_dice(10, 1)
        state.apply(f"commit {chit}")
    state.apply(OrderMan(shooter))
    return state, shooter, at, spot


def _steps(state: SoldiersState, shooter: str, spot: Hex) -> list[str]:
    preview = state.preview(Shoot(shooter, state.game.name(spot), "quick"))
    assert preview.legal, preview.why_not
    return preview.chances[0].words.split("; ")


def test_18_2_an_entrenchment_is_covered_minus_1_to_hit_minus_2_to_damage() -> None:
    """[18.2] A bought entrenchment goes to a defender's man's hex [19.43]; an open hex becomes
    covered; fire at it is -1 to hit and -2 to damage, for both sides' men."""
    game = _prepared("ENTRENCHMENT")
    state, shooter, _, spot = _shot_at_prepared(game, "us")
    assert list(game.prepared.values()) == ["entrenchment"]
    if game.terrain.terrain(spot) == "clear":
        assert category(state, spot) == "covered"
    assert "target in entrenchment [18.2] -1" in _steps(state, shooter, spot)
    assert _terrain(state, spot, "damage")[0] == _terrain_without(state, spot) - 2
    state, shooter, _, spot = _shot_at_prepared(game, "german")
    assert "target in entrenchment [18.2] -1" in _steps(state, shooter, spot)


def _terrain_without(state: SoldiersState, h: Hex) -> int:
    from rules.movement.costs import terrain_effect
    from rules.soldiers.units import SYSTEM

    effect = terrain_effect(SYSTEM, state.game.terrain.terrain(h), "damage")
    return int(str(effect.value)) if effect is not None else 0


def test_18_1_camouflage_minus_1_but_never_for_the_attackers_men() -> None:
    """[18.1] Fire at the defender's man in a camouflaged hex is -1 to hit; an attacker's man in
    the same hex gets no benefit."""
    game = _prepared("CAMOUFLAGE")
    state, shooter, _, spot = _shot_at_prepared(game, "us")
    assert "target in camouflage [18.1] -1" in _steps(state, shooter, spot)
    state, shooter, _, spot = _shot_at_prepared(game, "german")
    assert not any("camouflage" in s for s in _steps(state, shooter, spot))


def _in_camouflage(firer_side: str) -> tuple[SoldiersState, str, Hex]:
    """The ordered man of ``firer_side`` (Aggressive) moved into the camouflaged clear hex,
    the enemy man who stood there 3 hexes off, seeing it."""
    game = _prepared("CAMOUFLAGE")
    state, man, at, spot = _shot_at_prepared(game, firer_side)
    assert game.terrain.terrain(spot) == "clear"
    (enemy,) = [m for m, h in state.troops.hexes.items() if h == spot]
    state.troops.hexes[man], state.troops.hexes[enemy] = spot, at
    return state, man, spot


def test_18_1_camouflage_gives_the_attackers_men_no_cover_for_maintenance_or_unsuppressing() -> (
    None
):
    """[18.1] "Soldiers belonging to the player designated as the attacker in a scenario receive
    no benefits from camouflage": the camouflaged clear hex is covered for the defender's man,
    open for the attacker's. At Wary in enemy sight the attacker's man may not clear a jam
    there [7.31] (the defender's may); at Cautious he stays suppressed when ordered [7.42]; the
    refusals say why."""
    state, us, spot = _in_camouflage("us")
    assert category(state, spot) == "covered" and category(state, spot, "german") == "covered"
    assert category(state, spot, "us") == "open"
    state.active.risk = "Wary"
    state.troops.jammed.add(us)
    why = state.why_not(ClearJam(us)) or ""
    assert "[7.31]" in why and "[18.1]" in why
    state.troops.suppressed.add(us)
    state.active.risk = "Cautious"
    state.active.ordered.discard(us)
    state.active.orders_left = 1
    start = len(state.log)
    state.apply(OrderMan(us))
    assert us in state.troops.suppressed
    assert any("[7.42]" in e.describe() and "[18.1]" in e.describe() for e in state.log[start:])
    german_state, german, _ = _in_camouflage("german")
    german_state.active.risk = "Wary"
    german_state.troops.jammed.add(german)
    assert german_state.why_not(ClearJam(german)) is None


def test_18_5_a_pillbox_cancels_the_terrain_holds_five_and_is_closed_to_the_enemy() -> None:
    """[18.51; 18.52] A bought pillbox: fire at men inside uses the pillbox's modifiers; the
    hex is protected; no enemy enters while an able man is inside, and at most five men are
    in it; a man inside fires aimed or sustained at Wary; reaction alertness is +2."""
    game = _prepared("PILLBOX")
    state, shooter, _at, spot = _shot_at_prepared(game, "us")
    assert any(s.startswith("target in pillbox [8.32]") for s in _steps(state, shooter, spot))
    assert category(state, spot) == "protected"
    state.troops.hexes[shooter] = next(iter(h for h in spot.neighbors() if _clear(game, h)))
    why = state.why_not(Move(shooter, (game.name(spot),)))
    assert why is not None and "[18.51]" in why
    inside = state.able("german")[0]
    assert best_initiative(state, "german", spot) == game.men[inside].initiative + 2
    for m in state.able("german")[:6]:
        state.troops.hexes[m] = spot
    friend = state.able("german")[6]
    assert "at most 5 men [18.51]" in (why_not_enter(state, friend, spot) or "")
    from rules.soldiers.invariants import invariants

    # six men put inside by hand above: a position no game reaches
    [over] = [w for w in invariants(state) if "[18.51]" in w]
    assert f"6 able men in the pillbox in {game.name(spot)}, over 5 [18.51]" in over
    sixth = state.able("german")[5]
    state.troops.disabled[sixth] = "incapacitated"  # carried in: not counted
    assert not [w for w in invariants(state) if "[18.51]" in w]
    del state.troops.disabled[sixth]
    state.active.risk, state.active.current = "Wary", inside
    assert fire_types(state, inside) == ("quick", "aimed", "sustained")


def test_23_2_the_free_pillbox_stands_in_the_zone_6_building() -> None:
    """[23.2; 18.5] Scenario 23's pillbox is on the map at the start, in the building of zone 6,
    and the log says where."""
    from soldiers_bought import bought

    found = load_game(bought("23-pre-dawn-pillbox-assault"))
    assert isinstance(found, SoldiersGame)
    zone6 = artillery._zones(found)["map B zone 6"]
    pillboxes = [h for h, kind in found.prepared.items() if kind == "pillbox"]
    assert pillboxes and all(h in zone6 for h in pillboxes)
    state = start_game(found, 1)
    assert any("Pillbox in" in e.text for e in state.log if isinstance(e, SetupNote))


def test_17_6_the_attackers_heavy_support_barrage_bars_the_defenders_operational_moves() -> None:
    """[17.6] The attacker with heavy artillery support conducts a barrage (our reading: always
    declared): the defender makes no operational moves before play; light support gives none."""
    from soldiers_bought import US, Buy, bought

    def game_of(item: str) -> SoldiersGame:
        us = Buy(US.forces, (*US.purchases, (item, 1)), US.reinforcements)
        found = load_game(bought("20-vire-bridges", buys={"us": us}))
        assert isinstance(found, SoldiersGame)
        return found

    game = game_of("ART-HEAVY")
    roles = {s.role: s.id for s in game.scenario.sides}
    assert roles["attacker"] == "us" and artillery.barraged(game) == ("us", roles["defender"])
    state = start_game(game, 1)
    assert artillery.barrage(state, ["us", roles["defender"]]) == ["us"]
    assert any(
        "barrage" in e.text and "[17.6]" in e.text for e in state.log if isinstance(e, SetupNote)
    )
    assert roles["defender"] not in state.play.operational
    assert artillery.barraged(game_of("ART-LIGHT")) is None


def test_17_51_a_pillbox_destroyed_is_rubble_2_ap_to_enter_7_21() -> None:
    """[17.51; 7.21; 18.52] A D result on a pillbox kills the men inside and leaves rubble: the
    pillbox is gone (fire uses the rubble's modifiers), entering costs 2 AP."""
    game = _prepared("PILLBOX", us=[Purchase(item="ART-LIGHT", count=1)])
    ((spot, _),) = game.prepared.items()
    state = start_game(game, 1)
    inside = state.able("german")[0]
    _stage(state, {inside: spot}, spot)
    light = next(
        r for r in range(1, 11) if cell("artillery-call", "light support", r).value != "lost call"
    )
    shells = str(cell("artillery-call", "light support", light).value)
    on = next(r for r in range(1, 11) if cell("artillery-strike", shells, r).value == "on target")
    state.force_dice(light, on)
    _resolve(state, "us", spot)
    assert state.troops.disabled[inside] == "killed"
    assert game.name(spot) in state.artillery.rubble
    assert overriding(state, spot) == "rubble" and _terrain(state, spot, "hit")[1] == "rubble"
    frm = next(h for h in spot.neighbors() if h in game.amap.hexes)
    base = game.man_cost(spot, frm).cost
    assert base is not None
    assert rubble_extra(state, spot) == 2 - base  # rubble 2 AP where clear costs 1 [7.21]


def test_17_2_and_13_1_the_radio_and_overwatch_share_a_turn_a_clone_and_a_position_file(
    game: SoldiersGame,
) -> None:
    """[17.2; 13.1] The support weapons [13-15] and the fire support [16.2; 17] live side by side:
    the radioman under orders may call artillery or go on overwatch; his call and his Overwatch
    marker are both in a clone and in a position file read back, each in its own section
    (``support`` and ``fire_support``)."""
    state, radioman, _, b = _aggressive_radioman(game)
    kinds = {type(a) for a in state.legal_actions("us")}
    assert Radio in kinds and Overwatch in kinds
    state.apply(Radio(radioman, game.name(b)))
    state.support.overwatch.add(radioman)
    clone = state.clone()
    assert clone.position_fingerprint() == state.position_fingerprint()
    position = state.to_position()
    written = position.model_dump()["state"]
    assert written["support"] == {"overwatch": [radioman]}
    assert written["fire_support"]["artillery_calls"] == {"us": [[game.name(b), False]]}
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState)
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.support == state.support and back.artillery == state.artillery
