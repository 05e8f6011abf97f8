"""The fire type of reaction fire [8.63]: the reacting player chooses, through the engine's
actions.

"If the result is equal to or less than the highest initiative rating in the hex, the reacting
men in the group may conduct quick, aimed, or sustained fire - any type of fire allowed by their
weapon types. If the result is higher than the best initiative in the group (but not 10) the
men in the group may only quick fire" [8.63]. Dawn Patrol: a US group of three enters a clear
hex 3 hexes from two German riflemen (Mausers: quick or aimed; initiative 2), who declare
reaction fire; forced dice: the alertness roll, then each shot's fire roll.
"""

from __future__ import annotations

import pytest
from soldiers_scenes import acting, dawn, reaction_hexes, stage

from rules.bots.base import make_bot
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.soldiers import reaction_choice
from rules.soldiers.actions import ChoiceAsked, OrderMan, React, Shoot, ShotExplained
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.reaction_choice import ReactionType

FIRST, SECOND = "german.e.6", "german.e.7"


@pytest.fixture(scope="module")
def game() -> SoldiersGame:
    return dawn()


def _declared(game: SoldiersGame) -> tuple[SoldiersState, str]:
    """The Germans have declared both men's reaction fire at the US group's hex."""
    r, a, b = reaction_hexes(game)
    state = acting(game, "us")
    stage(state, {"us.austin": a, "us.e.5": b, "us.e.6": b, FIRST: r, SECOND: r})
    state.apply(OrderMan("us.austin"))
    state.apply(Move("us.austin", (game.name(b),)))
    assert state.to_act() == ("german",)
    for m in (FIRST, SECOND):
        state.apply(React(m, "fire"))
    return state, game.name(b)


def _shots(state: SoldiersState, start: int) -> list[tuple[str, str, int, int | None]]:
    return [
        (e.man, e.fire_type, e.chance, e.roll)
        for e in state.log[start:]
        if isinstance(e, ShotExplained)
    ]


def test_8_63_an_alert_roll_lets_the_reacting_player_choose_each_man_s_fire_type(
    game: SoldiersGame,
) -> None:
    """[8.63]: an alertness roll of 1 (at or under initiative 2): any type the Mauser allows,
    quick or aimed, the German player's choice man by man (the bots would take aimed). He
    names quick for the first, aimed for the second; no fire roll is made before both are
    named, and each shot has the hit chance of its type, worked out before any is resolved
    [8.6]."""
    state, target = _declared(game)
    start = len(state.log)
    state.force_dice(1, 8, 8)  # alert; both shots roll 8: misses, no weapon check
    state.apply(Done("german"))
    assert state.to_act() == ("german",) and list(state.dice.forced) == [8, 8]
    assert state.legal_actions() == [ReactionType(FIRST, "quick"), ReactionType(FIRST, "aimed")]
    assert state.legal_actions("us") == []
    asked = [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert len(asked) == 1 and "[8.62; 8.63]" in asked[0].describe()
    assert state.progress().rule == "Soldiers (8.63)"
    assert reaction_choice.default(state) == "aimed"  # the former stand-in: the best type
    quick, _ = hit_chance(state, Shoot(FIRST, target, "quick"))
    aimed, _ = hit_chance(state, Shoot(SECOND, target, "aimed"))
    preview = state.preview(ReactionType(FIRST, "quick"))
    assert preview.legal and f"hit chance {quick} at {target}" in preview.cost
    assert preview.rules == ("alertness rolls and types of reaction fire [8.63]",)
    state.apply(ReactionType(FIRST, "quick"))
    assert state.legal_actions() == [ReactionType(SECOND, "quick"), ReactionType(SECOND, "aimed")]
    assert not _shots(state, start)
    state.apply(ReactionType(SECOND, "aimed"))
    assert state.active.fire_types is None
    assert _shots(state, start) == [(FIRST, "quick", quick, 8), (SECOND, "aimed", aimed, 8)]
    assert state.active.reacted >= {FIRST, SECOND}  # Reaction Fire markers [8.65]
    assert state.to_act() == ("us",)


def test_8_63_a_roll_over_the_initiative_is_quick_fire_only_nothing_asked(
    game: SoldiersGame,
) -> None:
    """[8.63]: an alertness roll of 5, over initiative 2 (not 10): quick fire only, so there
    is no type to choose; both shots are fired at once."""
    state, _ = _declared(game)
    start = len(state.log)
    state.force_dice(5, 8, 8)
    state.apply(Done("german"))
    assert state.active.fire_types is None
    assert not [e for e in state.log[start:] if isinstance(e, ChoiceAsked)]
    assert [(m, t) for m, t, _, _ in _shots(state, start)] == [
        (FIRST, "quick"),
        (SECOND, "quick"),
    ]


def test_8_63_while_the_choice_waits_nothing_else_is_legal(game: SoldiersGame) -> None:
    """[8.63]: the second man before the first, a type his weapon lacks, the US player's
    actions are refused with the section; a type named when none waits too."""
    state, _ = _declared(game)
    with pytest.raises(IllegalActionError, match="no alert reaction fire waits"):
        state.apply(ReactionType(FIRST, "aimed"))
    state.force_dice(1, 8, 8)
    state.apply(Done("german"))
    for refused in (
        ReactionType(SECOND, "aimed"),
        ReactionType(FIRST, "sustained"),
        Done("us"),
        Done("german"),
    ):
        with pytest.raises(IllegalActionError, match=r"8\.63"):
            state.apply(refused)


def test_8_63_a_waiting_choice_survives_clone_position_file_and_replay(
    game: SoldiersGame,
) -> None:
    """[8.63]: the choice waiting (the first man's type named) is part of the state: a clone
    and a position file carry it and play on alike; the actions replay to the same state; the
    verb's text parses back."""
    state, _ = _declared(game)
    state.force_dice(1, 8, 8)
    state.apply(Done("german"))
    state.apply(ReactionType(FIRST, "aimed"))
    named = ReactionType(SECOND, "quick")
    assert game.parse_action(named.text()) == named
    clone = state.clone()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.active.fire_types == state.active.fire_types
    assert back.position_fingerprint() == state.position_fingerprint()
    for s in (state, clone, back):
        start = len(s.log)
        s.apply(named)
        assert [(m, t) for m, t, _, _ in _shots(s, start)] == [(FIRST, "aimed"), (SECOND, "quick")]
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again, _ = _declared(game)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_8_63_the_heuristic_bot_takes_the_best_type_the_random_bot_a_legal_one(
    game: SoldiersGame,
) -> None:
    """[8.63]: the heuristic bot takes the best type (aimed), as the engine chose before the
    player did; the random bot names one of the legal types."""
    state, _ = _declared(game)
    state.force_dice(1, 8, 8)
    state.apply(Done("german"))
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "german") in state.legal_actions()
    assert make_bot("heuristic", 3).choose(state, "german") == ReactionType(FIRST, "aimed")
