"""Soldiers' small rules, each pinned by its section with forced dice where a die is rolled:
no firing through friendly men [8.12], self suppression [7.41], moving off the map [7.26],
Dawn Patrol's operational moves and events [10.3; 10.6], a leaderless squad taking orders from
another squad's leaders [6.27], exchanging equipment and firing unfamiliar or enemy weapons
[7.33; 8.72; 8.73]; each new action through the State API, cloned and replayed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from soldiers_bought import bought
from soldiers_scenes import declare_tactical

from model.hexes import Hex
from model.scenario_io import load_scenario
from model.victory import Exit
from rules.engine.errors import IllegalActionError
from rules.los.geometry import AlongStep, HexStep, trace
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers import groups, leaders
from rules.soldiers.actions import (
    CommandPassed,
    ManLeft,
    MoveOff,
    OrderMan,
    React,
    SelfSuppress,
    SelfSuppressed,
    Shoot,
    WeaponChecked,
)
from rules.soldiers.arrivals import draw_event
from rules.soldiers.equipment import Exchange
from rules.soldiers.exits import exit_hexes
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.mission_victory import exited_men, force_of
from rules.soldiers.moves import category, why_not_step
from rules.soldiers.scenario_events import FUEL_DUMP, closed, phase_begins
from rules.soldiers.units import cell, table_title, weapon
from rules.soldiers.weapons import CHECK_COLUMN, carried

DAWN_PATROL = "scenarios/soldiers/10-dawn-patrol.yaml"


@pytest.fixture
def game() -> SoldiersGame:
    found = load_game(load_scenario(DAWN_PATROL))
    assert isinstance(found, SoldiersGame)
    return found


def _acting(game: SoldiersGame, roll: int = 10) -> tuple[SoldiersState, str]:
    """The first Action Phase, the squad leader's chit active (a d10 of 10: Aggressive
    [6.11]); its leader."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    state.apply(f"commit {side}.e.sl")
    state.force_dice(roll, 1)
    state.apply(f"done {game.other(side)}")
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    return state, leader


def _clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _lines(game: SoldiersGame, along: bool) -> Iterator[tuple[Hex, Hex, tuple[Hex, ...]]]:
    """Clear hexes 2 apart in sight, with the clear hex (or two hexes, ``along`` a hexside)
    the line of fire passes through between them."""
    hexes = sorted((h for h in game.amap.hexes if _clear(game, h)), key=game.name)
    for a in hexes:
        for b in hexes:
            if a.distance(b) != 2 or not game.sees(a, b):
                continue
            steps = trace(a, b).steps
            middle: tuple[Hex, ...]
            if along:
                sides = [s for s in steps if isinstance(s, AlongStep)]
                if len(sides) != 1:
                    continue
                middle = (sides[0].left, sides[0].right)
            else:
                inner = [s.hex for s in steps if isinstance(s, HexStep) and s.hex not in (a, b)]
                if len(inner) != 1 or any(isinstance(s, AlongStep) for s in steps):
                    continue
                middle = (inner[0],)
            if all(_clear(game, h) for h in middle):
                yield a, b, middle


def _stage(state: SoldiersState, spots: dict[str, Hex]) -> None:
    """The named men where given; everybody else in one far hex, both sides together."""
    game = state.game
    far = max(
        (h for h in game.amap.hexes if _clear(game, h)),
        key=lambda h: (min(h.distance(s) for s in spots.values()), game.name(h)),
    )
    for m in state.troops.hexes:
        state.troops.hexes[m] = spots.get(m, far)


def _side_men(state: SoldiersState, man: str, enemy: bool = False) -> list[str]:
    side = state.game.men[man].side
    if enemy:
        side = state.game.other(side)
    return [m for m in state.able(side) if m != man]


# --- 8.12 No firing at friendlies ---------------------------------------------------------------


def _through(
    game: SoldiersGame, along: bool = False
) -> tuple[SoldiersState, str, str, tuple[str, ...], Shoot]:
    """The leader under orders; an enemy 2 hexes away; a friendly man in each hex between."""
    state, leader = _acting(game)
    a, b, middle = next(_lines(game, along))
    enemy = _side_men(state, leader, enemy=True)[0]
    friends = tuple(_side_men(state, leader)[: len(middle)])
    _stage(state, {leader: a, enemy: b, **dict(zip(friends, middle, strict=True))})
    state.apply(OrderMan(leader))
    return state, leader, enemy, friends, Shoot(leader, game.name(b), "quick")


def test_8_12_no_fire_through_a_hex_of_only_friendly_standing_men(game: SoldiersGame) -> None:
    """[8.12] "A man may not fire through a hex containing only friendly, non-suppressed men":
    the shot is not offered, its preview says why, applying it is refused."""
    state, _, _, friends, shot = _through(game)
    assert shot not in state.legal_actions()
    why = state.preview(shot).why_not
    assert why is not None and "[8.12]" in why and "only friendly, non-suppressed" in why
    with pytest.raises(IllegalActionError, match=r"\[8.12\]"):
        state.apply(shot)
    state.troops.hexes.pop(friends[0])  # the lane clear: the same shot may be fired
    assert shot in state.legal_actions()


def test_8_12_a_suppressed_friend_an_enemy_or_a_casualty_in_the_hex_lets_fire_through(
    game: SoldiersGame,
) -> None:
    """[8.12] only a hex of friendly, non-suppressed men stops fire: a suppressed man lies
    flat; a hex an enemy man shares is not "only friendly" (fire goes through: our reading);
    a disabled friend is no man standing in the way (our reading)."""
    state, leader, _, friends, shot = _through(game)
    state.troops.suppressed.add(friends[0])
    assert shot in state.legal_actions()
    state.troops.suppressed.discard(friends[0])
    second = _side_men(state, leader, enemy=True)[1]
    state.troops.hexes[second] = state.troops.hexes[friends[0]]
    assert state.preview(shot).why_not is None
    state.troops.hexes.pop(second)
    state.troops.disabled[friends[0]] = "incapacitated"
    assert state.preview(shot).why_not is None


def test_8_12_a_line_along_a_hexside_is_stopped_only_between_two_friendly_hexes(
    game: SoldiersGame,
) -> None:
    """[8.12] our reading of a line run along a hexside (as for sight [6.45]): it passes
    between two hexes and is stopped only when both hold only friendly, standing men."""
    state, _, _, friends, shot = _through(game, along=True)
    why = state.preview(shot).why_not
    assert why is not None and "[8.12]" in why
    state.troops.hexes.pop(friends[1])
    assert state.preview(shot).why_not is None


def test_8_12_reaction_fire_is_not_offered_through_friendly_men(game: SoldiersGame) -> None:
    """[8.12; 8.61] a reactive man whose line to the active man crosses a hex of his own
    standing men may suppress himself but not fire."""
    state, leader = _acting(game)
    a, b, middle = next(_lines(game, along=False))
    reactor = _side_men(state, leader, enemy=True)[0]
    blocker = _side_men(state, leader, enemy=True)[1]
    # the active man steps into b, in sight of the reactor in a, his friend between them
    start = next(n for n in b.neighbors() if _clear(game, n) and n not in (a, *middle))
    _stage(state, {leader: start, reactor: a, blocker: middle[0]})
    state.apply(OrderMan(leader))
    state.apply(f"move {leader} {game.name(b)}")
    assert state.to_act() == (game.men[reactor].side,)
    offered = state.legal_actions()
    assert React(reactor, "suppress") in offered
    assert React(reactor, "fire") not in offered


# --- 7.41 Self suppression ----------------------------------------------------------------------


def test_7_41_self_suppression_is_free_and_ends_the_man_s_actions(game: SoldiersGame) -> None:
    """[7.41] "Self suppression is 'free' (costs no APs); an active man may suppress himself at
    any time. However, a man may not perform any further actions in an Action Phase after
    voluntarily suppressing himself": offered to the man under orders, previewed as free, his
    order over; not offered to a man not under orders nor again."""
    state, leader = _acting(game)
    other = _side_men(state, leader)[0]
    state.apply(OrderMan(leader))
    action = SelfSuppress(leader)
    assert action in state.legal_actions()
    assert SelfSuppress(other) not in state.legal_actions()
    preview = state.preview(action)
    assert preview.legal and "free (0 AP)" in preview.cost
    assert state.describe(action).endswith("[7.41]")
    events = state.apply(action)
    assert leader in state.troops.suppressed
    assert any(isinstance(e, SelfSuppressed) and "[7.41]" in e.describe() for e in events)
    assert state.active.current is None and state.active.ap == 0
    offered = state.legal_actions()
    assert not [a for a in offered if getattr(a, "man", None) == leader]
    assert OrderMan(leader) not in offered  # one order a turn [6.25]
    with pytest.raises(IllegalActionError, match=r"\[7.41\]"):
        state.apply(SelfSuppress(leader))


def test_7_41_a_man_of_a_group_suppresses_himself_and_the_group_goes_on(
    game: SoldiersGame,
) -> None:
    """[7.41; 7.11] a group's man suppresses himself (the book's example: "Gilbert and his
    buddy suppress themselves and their activation is complete" [8.6]): the others go on with
    the group's AP, without him."""
    state, leader = _acting(game)
    squad = game.men[leader].squad
    mate = next(
        m for m in sorted(state.active.in_command) if m != leader and game.men[m].squad == squad
    )
    state.troops.hexes[mate] = state.troops.hexes[leader]
    group = OrderGroup((leader, mate))
    assert group in state.legal_actions()
    state.apply(group)
    ap = state.active.ap
    assert {SelfSuppress(leader), SelfSuppress(mate)} <= set(state.legal_actions())
    state.apply(SelfSuppress(mate))
    assert mate in state.troops.suppressed
    assert mate not in state.active.group and state.active.ap == ap
    assert state.active.current == leader and not groups.in_group(state, leader)
    state.apply(SelfSuppress(leader))
    assert state.active.current is None and state.active.ap == 0


def test_7_41_8_83_self_suppression_is_allowed_in_an_enemy_occupied_hex(
    game: SoldiersGame,
) -> None:
    """[8.83] a man who begins his activation with a non-suppressed enemy man may only fight
    hand-to-hand, fire into the hex, unsuppress or self suppress."""
    state, leader = _acting(game)
    enemy = _side_men(state, leader, enemy=True)[0]
    a, _, _ = next(_lines(game, along=False))
    _stage(state, {leader: a, enemy: a})
    state.apply(OrderMan(leader))
    assert state.active.engaged is not None
    assert SelfSuppress(leader) in state.legal_actions()
    state.apply(SelfSuppress(leader))
    assert leader in state.troops.suppressed


def test_7_41_self_suppression_round_trips_text_clone_and_position(
    game: SoldiersGame, tmp_path: Path
) -> None:
    """The action's text parses back; a clone applies it to the same fingerprint; a position
    written after it reads back to the same state."""
    state, leader = _acting(game)
    state.apply(OrderMan(leader))
    action = SelfSuppress(leader)
    assert game.parse_action(action.text()) == action
    twin = state.clone()
    state.apply(action)
    twin.apply(action.text())
    assert twin.fingerprint() == state.fingerprint()
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert again.position_fingerprint() == state.position_fingerprint()


# --- 7.26 Moving off the map ------------------------------------------------------------------


def _exits(conditions: list[Any]) -> Iterator[Exit]:
    for cond in conditions:
        if isinstance(cond, Exit):
            yield cond
        yield from _exits(list(getattr(cond, "conditions", []) or []))


def test_7_26_a_guard_moving_off_the_map_takes_his_prisoners_and_the_raid_counts_them(
    tmp_path: Path,
) -> None:
    """[7.26; 9; 23.3] the Raid: "capture two German men or one German leader and move them
    off the map in zone 2"; a guard moving off from a zone 2 map-edge hex (1 AP) takes his
    prisoners with him; they count for the captured-men exits, not for the US men's own, and
    stay in the German force, captured [19.7]; a position keeps them."""
    game = load_game(bought("23-pre-dawn-pillbox-assault", 2))
    assert isinstance(game, SoldiersGame) and game.missions()["us"].id == "raid"
    state = game.new_initial_state(1)
    state.play.cycle, state.play.phase = 3, "action"  # "after two Command Cycles" [23.3]
    edge = min(exit_hexes(state, "us"), key=game.name)
    guard = state.able("us")[0]
    germans = state.able("german")
    leader = next(m for m in germans if game.men[m].command)
    private = next(m for m in germans if not game.men[m].command)
    chit = next(c for c, ch in game.chits.items() if ch.side == "us")
    state.active.chit, state.active.current, state.active.ap = chit, guard, 5.0
    state.active.in_command, state.active.ordered = {guard}, {guard}  # the US chit's men [6.21]
    for m in (guard, leader, private):
        state.troops.hexes[m] = edge
    for m in (leader, private):
        state.troops.disabled[m] = "captured"
        state.troops.captured[m] = guard
    before = force_of(state, "german")
    events = state.apply(MoveOff(guard))
    assert state.active.ap == 4.0
    led = [e for e in events if isinstance(e, ManLeft) and "prisoner" in e.describe()]
    assert {e.man for e in led} == {leader, private}
    assert all("[7.26; 9]" in e.why for e in led)
    assert state.troops.taken_off == {leader, private}
    assert leader not in state.troops.hexes and leader not in state.troops.captured
    assert sorted(force_of(state, "german")) == sorted(before)
    assert state.troops.disabled[leader] == "captured"
    found = {
        (tuple(c.units.categories), tuple(c.units.states)): exited_men(state, c)[0]
        for c in _exits(list(game.victory.conditions))
    }
    assert found[((), ("captured",))] == sorted([leader, private])
    assert found[(("leader",), ("captured",))] == [leader]
    assert found[((), ())] == [guard]  # the US men's own exit: the prisoners not among them
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.troops.taken_off == state.troops.taken_off
    assert again.position_fingerprint() == state.position_fingerprint()


# --- 10.3 Dawn Patrol: Operational Moves ------------------------------------------------------


def test_10_3_dawn_patrol_has_no_operational_moves_before_the_first_cycle(
    game: SoldiersGame,
) -> None:
    """[10.3] "Neither side may make operational moves before the first Command Cycle begins":
    after set-up play is in Command Cycle 1's Command Phase; only commitments are offered."""
    state = game.new_initial_state(3)
    assert (state.play.phase, state.play.cycle, state.play.operational) == ("command", 1, [])
    assert not any("Operational moves" in e.describe() for e in state.log)
    offered = state.legal_actions()
    assert offered and {a.verb for a in offered} == {"commit", "done"}


# --- 10.6 Dawn Patrol: Events -------------------------------------------------------------------


def _event_a(state: SoldiersState, *dice: int) -> list[str]:
    """Roll the next Event A (an Event Table sum of 3 [6.12]) with the dice given."""
    start = len(state.log)
    if dice:
        state.force_dice(*dice)
        start = len(state.log)
    draw_event(state, 3)
    return [e.describe() for e in state.log[start:]]


def _far_pair(game: SoldiersGame) -> tuple[Hex, Hex]:
    """Two hexes 12 apart with a clear line: beyond mist's 10 hexes, within Clear's 15."""
    hexes = sorted(game.amap.hexes, key=game.name)
    return next(
        (a, b)
        for a in hexes[::7]
        for b in hexes
        if a.distance(b) == 12 and game.sees_within(a, b, 15)
    )


def test_10_6_first_event_a_the_weather_clears_through_the_risk_roll(game: SoldiersGame) -> None:
    """[10.6] First Event A, The Weather Clears: "The battle condition becomes Clear. Maximum
    sighting distance is now 15 hexes." The risk dice of the first Action Phase sum to 3, an
    Event A [6.12]: from then on a man sees 12 hexes; the mist modifier is gone [8.32]; a
    position keeps the weather."""
    state, _ = _acting(game, roll=2)  # d10 2 + d6 1 = 3: Event A
    assert state.arrivals.events == {"A": 1}
    assert any("[10.6; 6.42; 8.32]" in e.describe() for e in state.log)
    assert (state.condition, state.sight_range) == ("Clear", 15)
    a, b = _far_pair(game)
    assert state.sees(a, b) and not game.sees(a, b)  # the scenario's mist, the state's clear
    again = game.state_from_position(*_position(state))
    assert again.condition == "Clear"


def _position(state: SoldiersState) -> tuple[Any, Any]:
    from model.position import GamePosition
    from rules.records.position import PositionReader

    position: GamePosition = state.to_position()
    return position, PositionReader(state.game, position, None)


def _near_dump(game: SoldiersGame) -> tuple[Hex, Hex]:
    """A target hex within two hexes of the fuel dump and a clear hex 2-4 hexes from it in
    sight, neither the dump."""
    dump = game.by_name[FUEL_DUMP]
    for t in sorted(game.amap.hexes, key=game.name):
        if t == dump or t.distance(dump) > 2 or not _clear(game, t):
            continue
        for a in sorted(game.amap.hexes, key=game.name):
            if 2 <= a.distance(t) <= 4 and _clear(game, a) and game.sees(a, t):
                return a, t
    raise AssertionError("no such pair on map C")


def test_10_6_second_event_a_the_fuel_dump_explodes_after_fire_near_it(
    game: SoldiersGame,
) -> None:
    """[10.6] Second Event A, Fuel Dump Ignited: a hex within two hexes of 2209 was fired at in
    the previous two Action Phases: it explodes; the men in 2209 are killed; nobody enters 2209
    again; smoke in 2208 and, the scatter d6 a 5, in 2109 (the book's example); smoke blocks
    sight through it and is protected terrain [12.51]."""
    state, leader = _acting(game)
    a, t = _near_dump(game)
    enemy = _side_men(state, leader, enemy=True)[0]
    inside = _side_men(state, leader, enemy=True)[1]
    dump = game.by_name[FUEL_DUMP]
    _stage(state, {leader: a, enemy: t, inside: dump})
    state.apply(OrderMan(leader))
    state.force_dice(10)  # a miss [8.3]
    state.apply(Shoot(leader, game.name(t), "quick"))
    assert state.field.fire_targets[-1] == [game.name(t)]
    phase_begins(state)  # the next Action Phase: the shot was in the previous one
    state.arrivals.events["A"] = 1  # the First Event A came before
    told = _event_a(state, 5)
    assert any("explodes and burns" in line and "[10.6]" in line for line in told)
    assert state.troops.disabled[inside] == "killed"
    assert state.field.lasting_smoke == {"C/2208", "C/2109"}
    assert closed(state, dump) is not None
    assert game.man_cost(dump).cost is not None  # the map says building: the event closes it
    frm = next(n for n in dump.neighbors() if n in game.amap.hexes and game.man_cost(dump, n).cost)
    cost, why = why_not_step(state, enemy, frm, dump)
    assert cost is None and "the burning fuel dump" in why and "[10.6]" in why
    assert category(state, game.by_name["C/2208"]) == "protected"
    smoke = game.by_name["C/2208"]
    hexes = sorted(game.amap.hexes, key=game.name)
    seen = next(
        (x, y)
        for x in hexes
        for y in hexes
        if x.distance(y) == 2
        and smoke in {s.hex for s in trace(x, y).steps if isinstance(s, HexStep)}
        and x != smoke != y
        and game.sees(x, y)
    )
    assert not state.sees(*seen)


def test_10_6_second_event_a_is_ignored_without_fire_near_the_dump(game: SoldiersGame) -> None:
    """[10.6] "If not, ignore this event": no fire near 2209 in the last two Action Phases."""
    state, _ = _acting(game)
    state.arrivals.events["A"] = 1
    told = _event_a(state)
    assert any("the event is ignored [10.6]" in line for line in told)
    assert not state.field.closed_hexes and not state.field.lasting_smoke


@pytest.mark.parametrize(("d6", "bridge"), [(3, "C/1508"), (4, "C/1413")])
def test_10_6_second_event_b_blows_a_bridge_by_the_d6(
    game: SoldiersGame, d6: int, bridge: str
) -> None:
    """[10.6] Second Event B, Bridge Demolition Triggered: 1-3 the bridge in 1508, 4-6 the one
    in 1413; "A destroyed bridge hex becomes an impassable river hex": no man may enter it."""
    state, leader = _acting(game)
    state.arrivals.events["B"] = 1
    state.force_dice(d6)
    draw_event(state, 4)  # an Event B [6.12]
    assert list(state.field.closed_hexes) == [bridge]
    h = game.by_name[bridge]
    frm = next(n for n in h.neighbors() if n in game.amap.hexes and game.man_cost(h, n).cost)
    cost, why = why_not_step(state, leader, frm, h)
    assert cost is None and "impassable river hex" in why and "[10.6; 7.25]" in why


def test_10_6_first_event_b_the_unusual_event_is_not_applied(game: SoldiersGame) -> None:
    """[10.6] First Event B: "Roll the 10-sided die on the Unusual Event Table": the table is
    not in the text, so the engine says it does not apply it."""
    state, _ = _acting(game)
    start = len(state.log)
    draw_event(state, 4)
    assert any("not applied" in e.describe() for e in state.log[start:])
    assert not state.field.closed_hexes and not state.field.weather


# --- 6.27 A leaderless squad takes orders from another squad's leaders -------------------------


def _leaderless_setup() -> tuple[SoldiersState, str, str]:
    """Scenario 20 bought: the US Elite squad's leaders (Austin, Black) disabled, one of its men
    next to Allston, the other squad's leader; every other man far off."""
    game = load_game(bought("20-vire-bridges", 0))
    assert isinstance(game, SoldiersGame)
    state = game.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(f"done {state.to_act()[0]}")
    here = min((h for h in game.amap.hexes if _clear(game, h)), key=game.name)
    near = next(n for n in here.neighbors() if _clear(game, n) and game.sees(here, n))
    private = next(
        m for m in state.able("us") if game.men[m].squad == "us.e" and not game.men[m].command
    )
    _stage(state, {"us.allston": here, private: near})
    for m in ("us.austin", "us.black"):
        state.troops.disabled[m] = "killed"
    return state, private, "us.us-squad-5.sl"


def test_6_27_a_leaderless_squad_is_attached_to_the_nearest_other_squad() -> None:
    """[6.27] "If there are other friendly squads on the map, men in the leaderless squad may
    receive orders from leaders of one other squad" (the owner's choice: the nearest, our
    reading); a position keeps it."""
    state, _, _ = _leaderless_setup()
    leaders.leaderless(state)
    assert state.track.attached == {"us.e": "us.us-squad-5"}
    assert any(isinstance(e, CommandPassed) and "[6.27]" in e.describe() for e in state.log)
    again = state.game.state_from_position(*_position(state))
    assert again.track.attached == state.track.attached
    state.troops.disabled.pop("us.black")  # a leader back (freed [9.6]): its own again
    leaders.leaderless(state)
    assert state.track.attached == {}


def test_6_27_the_other_squad_s_leader_turn_orders_the_leaderless_man() -> None:
    """[6.27; 6.21] Allston's leader turn offers an order to the Elite squad's man beside him,
    once his squad has no leader able; not before."""
    for leaderless_now in (False, True):
        state, private, chit = _leaderless_setup()
        if not leaderless_now:
            state.troops.disabled.pop("us.black")
        leaders.leaderless(state)
        while state.play.phase == "command":
            side = state.to_act()[0]
            if side == "us":
                state.force_dice(10, 1)  # Aggressive, no event
                state.apply(f"commit {chit}")
            else:
                state.apply(f"done {side}")
        assert state.active.chit == chit
        assert (OrderMan(private) in state.legal_actions("us")) is leaderless_now
        assert ("us.allston" in state.active.in_command) and (
            (private in state.active.in_command) is leaderless_now
        )


# --- 7.33 Exchange equipment; 8.72 unfamiliar and 8.73 enemy weapons -----------------------------


def _exchanging(game: SoldiersGame) -> tuple[SoldiersState, str, str, str, Shoot]:
    """The leader under orders; a killed enemy man in his hex; an able enemy 2 hexes off."""
    state, leader = _acting(game)
    a, b, _ = next(_lines(game, along=False))
    dead, target = _side_men(state, leader, enemy=True)[:2]
    _stage(state, {leader: a, dead: a, target: b})
    state.troops.disabled[dead] = "killed"
    state.apply(OrderMan(leader))
    return state, leader, dead, target, Shoot(leader, game.name(b), "quick")


def test_7_33_taking_a_dead_enemy_s_weapon_costs_all_his_ap(game: SoldiersGame) -> None:
    """[7.33] "A man in a hex with ... a disabled or captured enemy man may take or give
    equipment and weapons"; "Exchange equipment costs all of an active man's APs": offered with
    its cost in the preview, the weapons swapped, the weapon marker shown [11.2], no AP left;
    a position keeps who carries what; refused once an AP is spent."""
    state, leader, dead, _, _ = _exchanging(game)
    mine, theirs = game.men[leader].weapon, game.men[dead].weapon
    action = Exchange(leader, dead)
    assert action in state.legal_actions()
    preview = state.preview(action)
    assert preview.legal and "all his AP (5)" in preview.cost and "[8.73]" in preview.cost
    assert game.parse_action(action.text()) == action
    twin = state.clone()
    events = state.apply(action)
    assert any("[7.33]" in e.describe() for e in events)
    assert state.troops.carried == {leader: theirs.id, dead: mine.id}
    assert carried(state, leader) == theirs and state.active.ap == 0
    assert (
        f"carries {theirs.code}" in next(p for p in state.positions() if p.unit == leader).markers
    )
    twin.apply(action.text())
    assert twin.fingerprint() == state.fingerprint()
    again = game.state_from_position(*_position(state))
    assert again.troops.carried == state.troops.carried
    assert again.position_fingerprint() == state.position_fingerprint()


def test_7_33_refused_after_an_ap_is_spent_or_with_an_able_enemy(game: SoldiersGame) -> None:
    """[7.33] all his AP, so none spent before; an enemy man only disabled or captured."""
    state, leader, dead, target, _ = _exchanging(game)
    state.troops.disabled.pop(dead)  # able again
    why = state.preview(Exchange(leader, dead)).why_not
    assert why is not None and "disabled or captured [7.33]" in why
    state.troops.disabled[dead] = "killed"
    state.active.ap -= 1
    why = state.preview(Exchange(leader, dead)).why_not
    assert why is not None and "all his AP" in why
    with pytest.raises(IllegalActionError, match=r"\[7.33\]"):
        state.apply(Exchange(leader, dead))
    assert target  # the able enemy stays a target, unaffected


def test_7_33_with_an_able_friend_both_act_the_group_s_ap_spent(game: SoldiersGame) -> None:
    """[7.33] "If a man is exchanging equipment with an able friendly man, both men must
    conduct the exchange equipment action": our reading, a man of the group under orders;
    alone, the friend is refused."""
    state, leader = _acting(game)
    squad = game.men[leader].squad
    mate = next(
        m for m in sorted(state.active.in_command) if m != leader and game.men[m].squad == squad
    )
    if game.men[mate].weapon == game.men[leader].weapon:  # something to exchange
        state.troops.carried[mate] = RIFLE[game.men[mate].weapon.id[:2]]
    state.troops.hexes[mate] = state.troops.hexes[leader]
    solo = state.clone()
    assert isinstance(solo, SoldiersState)
    solo.apply(OrderMan(leader))
    why = solo.preview(Exchange(leader, mate)).why_not
    assert why is not None and "group under orders" in why
    state.apply(OrderGroup((leader, mate)))
    before = {m: carried(state, m) for m in (leader, mate)}
    state.apply(Exchange(leader, mate))
    assert carried(state, leader) == before[mate] and carried(state, mate) == before[leader]
    assert state.active.ap == 0


def _armed_with(game: SoldiersGame, taken: str) -> tuple[SoldiersState, str, Shoot]:
    """The leader under orders carrying ``taken`` (a weapon id), an enemy 2 hexes off."""
    state, leader = _acting(game)
    a, b, _ = next(_lines(game, along=False))
    target = _side_men(state, leader, enemy=True)[0]
    _stage(state, {leader: a, target: b})
    state.troops.carried[leader] = taken
    state.apply(OrderMan(leader))
    return state, leader, Shoot(leader, game.name(b), "quick")


def _check_roll(fire_type: str) -> int:
    found = cell("weapon-check-summary", f"{fire_type} fire", CHECK_COLUMN).value
    assert isinstance(found, list)
    return int(found[0])


#: A weapon of each nationality, by the catalogue id's prefix: automatic, and a rifle.
AUTOMATIC = {"US": "US-BAR", "GE": "GE-LMG"}
RIFLE = {"US": "US-C", "GE": "GE-98K"}


@pytest.mark.parametrize(
    ("kind", "hit", "rule"),
    [("unfamiliar", -1, "[8.72]"), ("enemy", -2, "[8.73]"), ("rifle", 0, "")],
)
def test_8_72_8_73_firing_another_man_s_weapon(
    game: SoldiersGame, kind: str, hit: int, rule: str
) -> None:
    """[8.72] an automatic weapon of his nationality other than his counter's: hit chance -1,
    any weapon check die-roll +1; [8.73] an enemy weapon: -2 and +2; a non-automatic weapon of
    his own side: no modifier (the book gives none). The shot uses the weapon he carries."""
    state, leader = _acting(game)
    nation = game.men[leader].weapon.id[:2]
    enemy = "US" if nation == "GE" else "GE"
    taken = {"unfamiliar": AUTOMATIC[nation], "enemy": AUTOMATIC[enemy], "rifle": RIFLE[nation]}
    state, leader, shot = _armed_with(game, taken[kind])
    assert game.men[leader].weapon.id != taken[kind]
    chance, work = hit_chance(state, shot)
    modifier = [s for s in work.steps if rule and rule in s]
    assert bool(modifier) == bool(hit)
    if hit:
        assert modifier[0].endswith(f"{hit:+d}")
    assert work.steps[0].startswith(table_title(weapon(taken[kind]).hit_table))
    if not hit:
        return
    roll = _check_roll("quick")
    # the fire roll calls for a check; a hit rolls its damage (10) first; the check rolls 1
    state.force_dice(*((roll, 10, 1) if roll <= chance else (roll, 1)))
    state.apply(shot)
    checks = [e for e in state.log if isinstance(e, WeaponChecked)]
    assert checks and f"1 {-hit:+d}" in checks[-1].why and rule in checks[-1].why


# --- every new action in seeded random play: it replays --------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_the_new_actions_replays_to_the_same_fingerprints(seed: int) -> None:
    """Random legal play on Dawn Patrol (self suppression [7.41], exchanges [7.33] where a man
    stands with a dead one, events [10.6]) ends, and the same seed and action texts replay to
    the same fingerprint at every step (STYLE 5)."""
    import random

    game = load_game(load_scenario(DAWN_PATROL))
    assert isinstance(game, SoldiersGame)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    prints = [state.fingerprint()]
    while not state.is_terminal() and len(state.history) < 3000:
        offered = state.legal_actions()
        assert offered
        state.apply(rng.choice(offered))
        prints.append(state.fingerprint())
    assert state.is_terminal()
    verbs = {a.verb for a in state.history}
    assert "suppress" in verbs
    again = game.new_initial_state(seed)
    for i, action in enumerate(state.history, start=1):
        again.apply(action.text())
        assert again.fingerprint() == prints[i]
