"""Soldiers escape [9.6]: "If a prisoner is left alone in a hex (with no guard), the owning player
may give him an order (either independent or, if in command, a leader order) and activate him.
If this occurs, remove the Captured marker. Until the prisoner actually conducts an action, he
remains captured." Dawn Patrol: a US man taken by a German guard who is then killed; the US
squad leader's turn at Aggressive, the prisoner beside him."""

from __future__ import annotations

from soldiers_scenes import clear, dawn, declare_tactical, stage, start_game

from model.hexes import Hex
from rules.engine.actions import Done, Move
from rules.records.position import PositionReader
from rules.soldiers.actions import ManCaptured, OrderMan
from rules.soldiers.capture import ALONE, escaping, refresh
from rules.soldiers.game import SoldiersState


def _left_alone() -> tuple[SoldiersState, str, Hex, Hex]:
    """A US man captured (able) in a clear hex next to Austin's; his German guard killed and
    the capture looked at again: the prisoner, his hex, Austin's hex."""
    game = dawn()
    state = start_game(game, 1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    at, beside = next(
        (a, b)
        for a in sorted(game.amap.hexes, key=game.name)
        if clear(game, a)
        for b in a.neighbors()
        if b in game.amap.hexes and clear(game, b) and game.sees(a, b)
    )
    prisoner = next(m for m in state.able("us") if m not in ("us.austin", "us.black"))
    guard = state.able("german")[0]
    stage(state, {"us.austin": beside, prisoner: at, guard: at})
    state.troops.disabled[prisoner] = "captured"
    state.troops.captured[prisoner] = guard
    state.troops.disabled[guard] = "killed"
    refresh(state)
    return state, prisoner, at, beside


def _us_leader_turn(state: SoldiersState) -> None:
    """The US squad leader's chit commits and wins at Aggressive (a d10 of 10 [6.11])."""
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == "us":
            state.force_dice(10, 1)
            state.apply("commit us.e.sl")
        else:
            state.apply(Done(actor))
    declare_tactical(state)
    assert state.active.chit == "us.e.sl" and state.active.risk == "Aggressive"


def test_9_6_a_prisoner_left_alone_stays_captured_and_a_returning_enemy_guards_him() -> None:
    """[9.6; 9.3] His guard killed, the prisoner is left alone, still captured (a Captured
    marker, counted as captured); an able enemy man who comes into his hex guards him again."""
    state, prisoner, at, _ = _left_alone()
    assert state.troops.captured[prisoner] == ALONE
    assert state.troops.disabled[prisoner] == "captured"
    assert any(
        isinstance(e, ManCaptured) and e.man == prisoner and "[9.6]" in e.why for e in state.log
    )
    comer = state.able("german")[0]
    state.troops.hexes[comer] = at
    refresh(state)
    assert state.troops.captured[prisoner] == comer


def test_9_6_the_owner_orders_him_and_his_first_action_takes_the_marker_off() -> None:
    """[9.6] In the US leader's turn the prisoner left alone (in command [6.21]) may be
    ordered; ordered, he is still shown captured (POW) until he moves; his move takes the
    Captured marker off."""
    state, prisoner, at, beside = _left_alone()
    _us_leader_turn(state)
    assert OrderMan(prisoner) in state.legal_actions("us")
    state.apply(OrderMan(prisoner))
    assert escaping(state) == [prisoner]
    pos = next(p for p in state.positions() if p.unit == prisoner)
    assert "POW" in pos.markers
    to = next(
        h
        for h in at.neighbors()
        if h != beside and h in state.game.amap.hexes and clear(state.game, h)
    )
    start = len(state.log)
    state.apply(Move(prisoner, (state.game.name(to),)))
    assert prisoner not in state.troops.captured and prisoner not in state.troops.disabled
    assert not escaping(state)
    assert any(
        isinstance(e, ManCaptured) and "Captured marker comes off" in e.why and "[9.6]" in e.why
        for e in state.log[start:]
    )


def test_9_6_ordered_but_not_acting_he_remains_captured() -> None:
    """[9.6] "Until the prisoner actually conducts an action, he remains captured": ordered,
    then the phase ends with nothing done; he is a prisoner left alone again."""
    state, prisoner, _, _ = _left_alone()
    _us_leader_turn(state)
    state.apply(OrderMan(prisoner))
    state.apply(Done("us"))
    assert state.troops.captured[prisoner] == ALONE
    assert state.troops.disabled[prisoner] == "captured"
    assert not escaping(state)


def test_9_6_a_prisoner_alone_and_one_escaping_survive_a_position_file() -> None:
    """[9.6] The guardless prisoner ("-") and the escaping mark are kept by a position file."""
    state, prisoner, _, _ = _left_alone()
    _us_leader_turn(state)
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.troops.captured[prisoner] == ALONE
    state.apply(OrderMan(prisoner))
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert escaping(back) == [prisoner]
