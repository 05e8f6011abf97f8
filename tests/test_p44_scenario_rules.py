"""Panzer '44 scenarios' special rules in play (:mod:`rules.panzer44.scenario_rules`): the bans
on Direct Fire (19.1, 19.2), on American overruns on the tenth Game-Turn (19.6) and on entering
Ley (20.4), each neither offered as a legal action nor accepted when applied, refused with the
scenario's rule cited.

The book has no worked example of these rules; the small position is ours (the clear hexes of
the overrun tests), the others are the book's scenarios as the engine sets them up.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.position import GamePosition
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from model.yamlio import read_yaml_text
from rules.bots.base import make_bot
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.game import Panzer44State
from rules.panzer44.overrun import why_not_overrunner
from rules.panzer44.panic import _scatter_path
from rules.panzer44.scenario_rules import action_banned
from rules.records.position import position_text, read_position
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

#: 19.1's ban, word for word, on a small position: a Sherman two hexes from a German rifle
#: platoon, an American rifle platoon beside a Panther.
BANS = """
schema_version: 1
id: test-p44-bans
title: Scenario bans test position
system: panzer44
original: true
map:
  layout:
    sections: [{section: P44}]
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4a, placement: {kind: hex, hex: "0810"}}
      - {unit: Inf, placement: {kind: hex, hex: "0912"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1011"}}
      - {unit: PzV, placement: {kind: hex, hex: "0913"}}
first_player: us
length: {turns: 2, unit: game-turn}
special_rules:
  - kind: fire-ban
    source: "Panzer '44 [19.1]"
    fire: [direct]
    turns: {first: 1, last: 1}
    note: Neither Player may use Direct Fire on Game-Turn One. Opportunity Fire and Indirect Fire are allowed.
  - kind: action-ban
    source: "Panzer '44 [19.6]"
    sides: [us]
    action: overrun
    turns: {first: 2, last: 2}
    note: The American Player may not overrun units on the Tenth (final) Game-Turn.
victory: {scoring: most-vp}
"""


@functools.cache
def scenario(name: str) -> LoadedScenario:
    return load_scenario(SCENARIOS / f"{name}.yaml")


def new_state(loaded: LoadedScenario, seed: int = 1) -> Panzer44State:
    state = load_game(loaded).new_initial_state(seed)
    assert isinstance(state, Panzer44State)
    return state


def bans() -> Panzer44State:
    return new_state(parse_scenario(BANS, "bans.yaml"))


def texts(state: Panzer44State, side: str) -> list[str]:
    return [a.text() for a in state.legal_actions(side)]


def next_turn(state: Panzer44State) -> None:
    """Nothing plotted: every side done until the next Game-Turn's Mutual Plot Phase."""
    turn = state.play.turn
    while state.play.turn == turn:
        state.apply(Done(state.to_act()[0]))


def at(state: Panzer44State, turn: int, hexes: dict[str, str]) -> Panzer44State:
    """The state as a position file read back: at ``turn``'s Mutual Plot Phase, the units of
    ``hexes`` moved to those hexes."""
    position = state.to_position()
    units = [u.model_copy(update={"hex": hexes.get(u.id, u.hex)}) for u in position.units]
    changed = GamePosition.model_validate(
        position.model_dump() | {"turn": turn, "units": [u.model_dump() for u in units]}
    )
    _, back = read_position(read_yaml_text(position_text(changed), "pos.yaml"), state.game.loaded)
    assert isinstance(back, Panzer44State)
    return back


# --- Direct Fire: 19.1, 19.2 ----------------------------------------------------------------


def test_no_direct_fire_is_offered_or_accepted_on_game_turn_one_19_1() -> None:
    """19.1: "Neither Player may use Direct Fire on Game-Turn One. Opportunity Fire and
    Indirect Fire are allowed." A Close Assault is "a specialized type of Direct Fire" [6.0]."""
    state = bans()
    for side in ("us", "german"):
        listed = texts(state, side)
        assert not [t for t in listed if " DF " in t or " CA " in t]
        assert [t for t in listed if " OF " in t]  # Opportunity Fire stays [19.1]
    with pytest.raises(IllegalActionError, match=r"bans us's direct fire on Game-Turn 1 .*19\.1"):
        state.apply("plot us.M4a.1 DF 1011")
    with pytest.raises(IllegalActionError, match=r"Close Assault is a specialized .* \[6\.0\]"):
        state.apply("plot us.Inf.1 CA 0913")
    with pytest.raises(IllegalActionError, match=r"bans german's direct fire .*Neither Player"):
        state.apply("plot german.PzV.1 DF 0810")
    next_turn(state)
    assert "plot us.M4a.1 DF 1011" in texts(state, "us")  # lifted on Game-Turn Two
    state.apply("plot us.M4a.1 DF 1011")


def test_the_book_scenario_19_1_refuses_direct_fire_on_game_turn_one() -> None:
    """The Americans enter on Game-Turn One; a German plot of Direct Fire is refused."""
    state = new_state(scenario("19.1-behind-utah"))
    assert not [t for side in state.game.sides for t in texts(state, side) if " DF " in t]
    with pytest.raises(IllegalActionError, match=r"Panzer '44 \[19\.1\]: Neither Player"):
        state.apply(Plot("german.75a.1", "DF", "3013"))


def test_the_german_may_not_use_direct_fire_on_game_turn_one_of_19_2() -> None:
    """19.2: "The German Player may not use Direct, Opportunity or Indirect fire on Game-Turn
    One"; the French may."""
    state = new_state(scenario("19.2-sedan-revenged"))
    german = texts(state, "german")
    assert not [t for t in german if " DF " in t or " CA " in t or " OF " in t or " IF " in t]
    assert [t for t in texts(state, "french") if " DF " in t]
    with pytest.raises(IllegalActionError, match=r"bans german's direct fire .*\[19\.2\]"):
        state.apply("plot german.PzV.1 DF 0912")
    next_turn(state)
    assert "plot german.PzV.1 DF 0912" in texts(state, "german")


# --- overruns: 19.6 ---------------------------------------------------------------------------


def test_an_american_overrun_is_banned_on_the_game_turn_the_scenario_names() -> None:
    """19.6's ban on American overruns [13.0], on the second Game-Turn of the small position:
    the Sherman's overrun of the rifle platoon is offered on Game-Turn One, not on Two, and
    refused then with the rule cited."""
    state = bans()
    for turn in (1, 2):
        state.apply("plot us.M4a.1 MV")
        state.apply(Done("us"))
        state.apply(Done("german"))
        assert state.segment.id == "first-player-movement"
        overruns = [t for t in texts(state, "us") if "overrun" in t]
        if turn == 1:
            assert "move us.M4a.1 0911 overrun 1011 1012" in overruns
            state.apply("move us.M4a.1 0911")  # no overrun: both units stay for Game-Turn 2
            while state.play.turn == 1:
                state.apply(state.legal_actions()[-1])
            continue
        assert overruns == []
        with pytest.raises(IllegalActionError, match=r"bans us's overrun \[13\.0\] .*\[19\.6\]"):
            state.apply("move us.M4a.1 overrun 1011 1012")


def test_19_6_bans_american_overruns_on_the_tenth_game_turn_only() -> None:
    """A random game of 19.6: the ban is in force on the tenth Game-Turn alone, for the
    Americans alone, and their Sherman's overrun is refused for it then."""
    state = new_state(scenario("19.6-hells-highway"), 3)
    bots = {s: make_bot("random", 30 + i) for i, s in enumerate(state.game.sides)}
    banned: dict[int, str | None] = {}
    while not state.is_terminal():
        banned[state.play.turn] = action_banned(state, "us", "overrun")
        assert action_banned(state, "german", "overrun") is None
        sherman = "us.M4a.1"
        free = sherman not in state.panic.determined.panicked | state.orders.overran
        if state.play.turn == 10 and sherman in state.board.hexes and free:
            assert "[19.6]" in (why_not_overrunner(state, sherman) or "")
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert "Tenth (final) Game-Turn" in (banned[10] or "") and "[19.6]" in (banned[10] or "")
    assert [t for t, why in banned.items() if why is not None] == [10]


# --- Ley: 20.4 --------------------------------------------------------------------------------


def ley(state: Panzer44State) -> frozenset:
    (_, hexes), _ = state.game.area_bans
    return hexes


def test_no_german_unit_is_deployed_in_ley() -> None:
    """20.4: "German units may not deploy in or ever enter Ley" (the engine's placement for
    the owner set six of them there before)."""
    state = new_state(scenario("20.4-action-at-menzelen"))
    assert sorted(state.game.name(h) for h in ley(state)) == [
        "3910", "3911", "4010", "4011", "4110", "4111",
    ]  # fmt: skip
    assert not [u for u, h in state.board.hexes.items() if h in ley(state)]


def test_german_units_never_enter_ley() -> None:
    state = new_state(scenario("20.4-action-at-menzelen"))
    state.apply("plot german.PzV.1 MV")  # in 3809, beside Ley's 3910
    state.apply(Done("german"))
    state.apply(Done("british"))
    while state.segment.id != "second-player-movement":
        state.apply(state.legal_actions()[0] if state.to_act() != ("german",) else Done("german"))
    moves = [a for a in state.legal_actions("german") if isinstance(a, Move)]
    assert moves
    for move in moves:
        hexes = {state.game.hex_named(p) for p in move.path}
        assert not hexes & ley(state), move.text()
    with pytest.raises(IllegalActionError, match=r"german's units from 3910 .*\[20\.4\]: German"):
        state.apply("move german.PzV.1 3910")


def test_british_units_enter_ley_on_the_final_game_turn_only() -> None:
    """20.4: "British units may not enter Ley until the final Game-Turn" (the twentieth)."""
    start = new_state(scenario("20.4-action-at-menzelen"))
    for turn, legal in ((19, False), (20, True)):
        state = at(start, turn, {"german.PzV.1": "3505", "british.M4.1": "3809"})
        state.apply("plot british.M4.1 MV")
        state.apply(Done("british"))
        state.apply(Done("german"))
        assert state.segment.id == "first-player-movement"
        listed = "move british.M4.1 3910" in texts(state, "british")
        assert listed is legal
        if legal:
            state.apply("move british.M4.1 3910")
        else:
            with pytest.raises(IllegalActionError, match=r"Game-Turn 19 .*\[20\.4\]: British"):
                state.apply("move british.M4.1 3910")


def test_a_scatter_stops_short_of_ley() -> None:
    """A panicked unit's scatter [14.11] enters no hex its side may not enter: it stops before
    it, and the event says why (20.4)."""
    state = new_state(scenario("20.4-action-at-menzelen"))
    unit = "german.PzV.1"  # 3809: Ley's 3910 is its south-east neighbour
    here = state.board.hexes[unit]
    direction = here.direction_to(state.game.amap.resolve("3910"))
    assert direction is not None
    steps, _, why = _scatter_path(state, unit, direction, 6)
    assert steps == [] and "[20.4]" in why and "may not be entered" in why
