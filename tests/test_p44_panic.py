"""Panzer '44 panic [14.0]: the Panic Level by Game-Turn and per loss, the chits, who panics,
what a panicked unit may not do, and seeded games of every scenario.

The book's only worked example is the picture of two chits, "3 Panic" and "6 Panic" [14.0]:
every hex whose number ends in 3 or 6 is a Panicked hex. The rest are ours, with forced dice
(a chit is drawn by a die over the chits left: forcing 1 draws the lowest).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from p44_positions import p44_position, p44_scenario_game

from model.scenario_io import load_scenario
from rules.bots.base import make_bot, play
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import (
    DelayedPanicRemoved,
    FireVoid,
    PanicChitsDrawn,
    PanicNotInUse,
    Scattered,
    UnitPanicked,
)
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.panic import panic_level, why_panics
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"


def new_state(shooting: bool = True) -> Panzer44State:
    """The panic test position (tests/positions/panzer44/scenarios/panic.yaml): with
    ``shooting``, where fire was executed before Game-Turn 1 [14.82] (a position file), else at
    the set-up."""
    if shooting:
        return p44_position("panic-after-the-first-fire.yaml")
    return p44_scenario_game("panic.yaml").new_initial_state(1)


def game_of(name: str) -> Panzer44Game:
    found = load_game(load_scenario(SCENARIOS / name))
    assert isinstance(found, Panzer44Game)
    return found


def test_the_panic_level_by_game_turn_and_per_loss() -> None:
    state = new_state()
    assert panic_level(state, "us")[0] == 30
    state.play.turn = 3
    assert panic_level(state, "us") == (
        10,
        "10% from Game-Turn 3 + 10% for each of 0 combat unit(s) destroyed",
    )
    state.losses.destroyed.extend(["us.M4a.1", "us.T.1"])  # a truck is not a combat unit [18.5]
    assert panic_level(state, "us")[0] == 20
    assert panic_level(state, "german") == (0, "the scenario gives the side no Panic Level")
    utah = game_of("19.1-behind-utah.yaml").new_initial_state(1)
    levels = []
    for turn in (1, 2, 3, 4, 5, 6, 20):
        utah.play.turn = turn
        levels.append(panic_level(utah, "us")[0])
    assert levels == [50, 40, 30, 20, 10, 0, 0]  # 19.1 PANIC LEVELS
    last = game_of("20.5-last-ditch-action-at-ibbenburen.yaml").new_initial_state(1)
    british = [u for u in last.game.specs if u.startswith("british.Crm")][:2]
    last.losses.destroyed.extend(british)
    assert panic_level(last, "british")[0] == 20  # "rises 10% for every ... destroyed" (20.5)


def test_no_panic_until_the_game_turn_after_the_first_fire() -> None:
    state = new_state(shooting=False)
    state.apply(Plot("us.M4a.1", "DF", "1011"))
    state.apply(Done("us"))
    state.apply(Done("german"))
    assert [e.turn for e in state.log if isinstance(e, PanicNotInUse)] == [1]  # [14.82]
    assert state.play.turn == 2
    state.apply(Done("us"))
    state.apply(Done("german"))
    assert state.panic.determined.shooting_began == 1
    drawn = [e for e in state.log if isinstance(e, PanicChitsDrawn)]
    assert [(e.side, e.level, len(e.chits)) for e in drawn] == [("us", 30, 3), ("german", 0, 0)]


def test_the_chits_name_the_panicked_hexes_and_the_plotted_units_there_panic() -> None:
    state = new_state()
    state.apply(Plot("us.M4a.1", "MV"))  # 0810
    state.apply(Plot("us.Inf.1", "MV"))  # 0812
    state.apply(Plot("us.57a.1", "DF", "1011"))  # 0712
    state.apply(Done("us"))  # the truck in 0813 stays inert
    state.force_dice(1, 2, 2)  # chits 0, then 2 of the nine left, then 3 of the eight left
    state.apply(Done("german"))
    drawn = next(e for e in state.log if isinstance(e, PanicChitsDrawn))
    assert drawn.chits == (0, 2, 3)
    panicked = {e.unit: e for e in state.log if isinstance(e, UnitPanicked)}
    assert set(panicked) == {"us.M4a.1", "us.Inf.1", "us.57a.1"}  # not the inert truck [14.41]
    assert "ends in 0 [14.0]" in panicked["us.M4a.1"].cause
    assert "[14.31]" in panicked["us.57a.1"].effect
    # Its fire task is cancelled [14.31].
    void = [e for e in state.log if isinstance(e, FireVoid) and e.firer == "us.57a.1"]
    assert void and "[14.31]" in void[0].reason
    # A panicked unit plotted to move may only scatter [14.11].
    assert [m.text() for m in state.legal_actions("us") if m.unit == "us.M4a.1"] == [
        "move us.M4a.1 scatter"
    ]
    with pytest.raises(IllegalActionError, match=r"must scatter .*\[14\.11\]"):
        state.apply(Move("us.M4a.1", ("0809",)))


def test_a_scatter_stops_beside_an_enemy_and_never_beyond_the_allowance() -> None:
    state = new_state()
    state.apply(Plot("us.M4a.1", "MV"))
    state.apply(Plot("us.Inf.1", "MV"))
    state.apply(Done("us"))
    state.force_dice(1, 2, 1)  # chits 0, 2, 1
    state.apply(Done("german"))
    state.force_dice(3, 6)  # SE on the Scatter Diagram (a placeholder), 6 MP
    events = state.apply(Move("us.M4a.1", ("scatter",)))
    scattered = next(e for e in events if isinstance(e, Scattered))
    # 5 MP at most [14.13]; it stops in 0911, adjacent to the German platoon in 1011 [14.15].
    assert (scattered.allowance, scattered.hexes) == (5, ("0911",))
    assert "[14.15]" in scattered.stopped and scattered.placeholder
    state.force_dice(4, 6)  # S, 6 MP: a rifle platoon scatters one MP [14.13]
    events = state.apply(Move("us.Inf.1", ("scatter",)))
    scattered = next(e for e in events if isinstance(e, Scattered))
    # 0813 holds the truck: it ends before stacking illegally [14.15].
    assert (scattered.allowance, scattered.hexes) == (1, ())
    assert "[8.0]" in scattered.stopped


def test_delayed_panic_acts_the_next_game_turn_and_comes_off() -> None:
    state = p44_position("panic-delayed.yaml")  # (P) on us.M4a.1, us.Inf.1 at D1
    state.apply(Plot("us.M4a.1", "MV"))
    state.apply(Done("us"))
    state.force_dice(10, 9, 8)  # chits 9, 8, 7: no unit on a Panicked hex
    state.apply(Done("german"))
    panicked = [(e.unit, e.cause) for e in state.log if isinstance(e, UnitPanicked)]
    assert panicked == [("us.M4a.1", "a Delayed Panic (P) marker [14.71]")]
    removed = next(e for e in state.log if isinstance(e, DelayedPanicRemoved))
    assert removed.units == ("us.M4a.1",) and not state.panic.delayed
    # A disrupted unit never panics [14.42].
    assert why_panics(state, "us.Inf.1", (2,)) is None


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.yaml")))
def test_a_seeded_random_game_of_each_scenario_ends(name: str) -> None:
    game = game_of(name)
    state = game.new_initial_state(7)
    bots = {s: make_bot("random", 70 + i) for i, s in enumerate(game.sides)}
    assert play(state, bots) > 0
    assert state.is_terminal() and state.outcome() is not None
