"""The players line up their men for hand-to-hand combat [8.81].

"If players have equal numbers of participating men the defender lays out his men first and
then the attacker places each of his men opposite one defending man of his choice. If one side
has more men than the other the player with fewer men places his in a row first, then the other
player places one or more of his men opposite each enemy man" [8.81]. The line is laid out by
the engine (its order only orders the sets); the side placing second is asked, man by man
(``line-up MAN ENEMY``), through the waiting-choice machinery of :mod:`rules.soldiers.damage_choice`.
Forced dice: each set's d10s and d6s in the line's order, then the damage rolls [8.82].
"""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_scenes import acting, clear, dawn, line_up_as_bots, stage

from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.soldiers import damage_choice
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.game import SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.melee import HandToHand, HandToHandFought, LinedUp, LineUp, lines
from rules.soldiers.units import cell


def _melee(us: dict[str, int], german: dict[str, int]) -> SoldiersState:
    """The US leader's turn at Aggressive: the US men (id: initiative) ordered as a group in a
    clear hex with the German men (id: initiative)."""
    game = dawn()
    for man, init in {**us, **german}.items():
        game.men[man] = dataclasses.replace(game.men[man], initiative=init)
    state = acting(game, "us")
    h = next(h for h in sorted(game.amap.hexes, key=game.name) if clear(game, h))
    stage(state, dict.fromkeys([*us, *german], h))
    state.active.in_command |= set(us)
    state.apply(OrderGroup(tuple(us)))
    return state


def _roll(row: str, result: str) -> int:
    return next(r for r in range(1, 11) if cell("hand-to-hand-damage", row, r).value == result)


def _fought(state: SoldiersState, start: int) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    return [
        (e.attackers, e.defenders) for e in state.log[start:] if isinstance(e, HandToHandFought)
    ]


US3 = {"us.e.3": 2, "us.e.5": 2, "us.e.6": 2}
GERMAN2 = {"german.e.6": 2, "german.e.7": 2}


def test_8_81_more_attackers_the_german_line_first_the_us_player_gangs_up_as_he_chooses() -> None:
    """[8.81]: three US men against two Germans: the Germans (fewer) line up, the US player
    places each man opposite one of them, us.e.3 and us.e.5 on german.e.7 by his choice (the
    engine's former stand-in put us.e.3 and us.e.6 there); the last man's only place is the
    German left unfaced, so he is not asked. Then the sets are fought in the line's order
    [8.82]."""
    state = _melee(US3, GERMAN2)
    sup = _roll("1 hit", "Sup")
    # set 1 (us.e.6 against german.e.6): 8 + 2 against 1 + 2, the German hit; set 2 (us.e.3,
    # us.e.5 against german.e.7): 5 + 2 and 1 + 2 against 2 + 2: one total at or above, 1 hit
    state.force_dice(8, 1, sup, 5, 1, 2, sup)
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    assert state.to_act() == ("us",) and state.legal_actions("german") == []
    assert state.legal_actions() == [
        LineUp("us.e.3", "german.e.6"),
        LineUp("us.e.3", "german.e.7"),
    ]
    assert list(state.dice.forced) == [8, 1, sup, 5, 1, 2, sup]  # nothing rolled yet
    step = state.progress().step
    assert "German lined up" in step and step.endswith("[8.81]")
    state.apply(LineUp("us.e.3", "german.e.7"))
    # two men left, one German unfaced: either German still [8.81]
    assert {a.text() for a in state.legal_actions()} == {
        "line-up us.e.5 german.e.6",
        "line-up us.e.5 german.e.7",
    }
    state.apply(LineUp("us.e.5", "german.e.7"))
    assert state.active.victim is None and not state.dice.forced
    placed = [(e.man, e.opposite, e.why) for e in state.log[start:] if isinstance(e, LinedUp)]
    assert placed == [
        ("us.e.3", "german.e.7", "us's choice"),
        ("us.e.5", "german.e.7", "us's choice"),
        ("us.e.6", "german.e.6", "his only place (every man faced)"),
    ]
    assert _fought(state, start) == [
        (("us.e.6",), ("german.e.6",)),
        (("us.e.3", "us.e.5"), ("german.e.7",)),
    ]
    assert {"german.e.6", "german.e.7"} <= state.troops.suppressed
    assert not {"us.e.3", "us.e.5", "us.e.6"} & state.troops.suppressed


def test_8_81_fewer_attackers_the_us_line_first_the_german_player_places_in_the_us_turn() -> None:
    """[8.81; 8.82]: two US men against three Germans: the US men line up (strongest first),
    the German player places his, in the US player's turn; two on us.e.3, so the third must
    face us.e.5. us.e.3's 10 + 3 beats both German totals: the US player chooses the German
    hit (one against many [8.82]); then set 2."""
    state = _melee({"us.e.3": 3, "us.e.5": 1}, {"german.e.6": 2, "german.e.7": 2, "german.e.8": 2})
    wound = _roll("1 hit", "Wound")
    state.force_dice(10, 1, 1, wound, 1, 6, wound)
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    assert state.to_act() == ("german",) and state.legal_actions("us") == []
    assert state.legal_actions("german") == [
        LineUp("german.e.6", "us.e.3"),
        LineUp("german.e.6", "us.e.5"),
    ]
    with pytest.raises(IllegalActionError, match=r"8\.81"):
        state.apply(Done("us"))
    with pytest.raises(IllegalActionError, match=r"next man to place.*8\.81"):
        state.apply(LineUp("german.e.7", "us.e.3"))
    with pytest.raises(IllegalActionError, match=r"8\.81"):
        state.apply(LineUp("german.e.6", "german.e.7"))
    with pytest.raises(IllegalActionError, match=r"8\.81"):
        state.apply(TakeDamage("us.e.3"))
    assert state.game.parse_action("line-up german.e.6 us.e.3") == LineUp("german.e.6", "us.e.3")
    preview = state.preview(LineUp("german.e.6", "us.e.3"))
    assert preview.legal and "faces us.e.3" in preview.cost and "8.81" in " ".join(preview.rules)
    state.apply(LineUp("german.e.6", "us.e.3"))
    state.apply(LineUp("german.e.7", "us.e.3"))  # german.e.8 must face us.e.5
    assert state.to_act() == ("us",)  # one against many: the single man's side [8.82]
    assert state.legal_actions() == [TakeDamage("german.e.6"), TakeDamage("german.e.7")]
    state.apply(TakeDamage("german.e.7"))
    assert _fought(state, start) == [
        (("us.e.3",), ("german.e.6", "german.e.7")),
        (("us.e.5",), ("german.e.8",)),
    ]
    assert state.troops.wounded == {"german.e.7", "us.e.5"}
    assert not state.dice.forced


def test_8_81_equal_numbers_the_attacker_places_one_on_one() -> None:
    """[8.81]: two against two: the Germans (the defender) line up; the US player places his
    first man opposite either, and the second faces the other (one on one, our reading of
    "each of his men opposite one defending man"): one question only."""
    state = _melee({"us.e.3": 2, "us.e.5": 2}, GERMAN2)
    sup = _roll("1 hit", "Sup")
    state.force_dice(9, 1, sup, 9, 1, sup)
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    assert [a.text() for a in state.legal_actions()] == [
        "line-up us.e.3 german.e.6",
        "line-up us.e.3 german.e.7",
    ]
    state.apply(LineUp("us.e.3", "german.e.7"))
    assert _fought(state, start) == [
        (("us.e.5",), ("german.e.6",)),
        (("us.e.3",), ("german.e.7",)),
    ]


def test_8_81_a_line_of_one_asks_nothing() -> None:
    """[8.81]: against a single man every man of the other side faces him: nothing is asked."""
    state = _melee({"us.e.3": 2, "us.e.5": 2}, {"german.e.6": 2})
    state.force_dice(9, 9, 1, _roll("2 hits", "Kill"))
    state.apply(HandToHand("us.e.3"))
    assert state.active.victim is None
    assert state.troops.disabled.get("german.e.6") == "killed"


def test_8_81_a_waiting_line_up_survives_clone_position_file_and_replay() -> None:
    """The line-up waiting half placed is part of the state: a clone and a position file read
    back play on alike; the actions replay to the same position."""
    state = _melee(US3, GERMAN2)
    state.force_dice(8, 1, 1, 5, 1, 2, 1)
    state.apply(HandToHand("us.e.3"))
    state.apply(LineUp("us.e.3", "german.e.7"))
    position = state.to_position()
    assert position.state is not None
    game = state.game
    back = game.state_from_position(position, PositionReader(game, position, None))
    clone = state.clone()
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.active.victim == state.active.victim and back.to_act() == ("us",)
    assert back.legal_actions() == state.legal_actions()
    for s in (state, clone, back):
        s.apply(LineUp("us.e.5", "german.e.7"))
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = _melee(US3, GERMAN2)
    again.force_dice(8, 1, 1, 5, 1, 2, 1)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_8_81_the_heuristic_bot_places_as_the_stand_in_the_random_bot_a_legal_place() -> None:
    """The heuristic bot places each man where the engine's former stand-in put him (the sets of
    :func:`rules.soldiers.melee.lines`), so seeded bot games play as before; the random bot
    picks one of the legal places."""
    state = _melee(US3, GERMAN2)
    expected = [(tuple(a), tuple(d)) for a, d in lines(state, list(US3), list(GERMAN2))]
    state.force_dice(*[1] * 12)
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    assert make_bot("heuristic", 3).choose(state, "us") == LineUp(
        "us.e.3", damage_choice.default(state)
    )
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "us") in state.legal_actions()
    asked = line_up_as_bots(state)
    # us.e.3 and us.e.5 one each; us.e.6, the German line faced, may go on either [8.81]
    assert [(who, man) for who, man, _ in asked] == [
        ("us", "us.e.3"),
        ("us", "us.e.5"),
        ("us", "us.e.6"),
    ]
    assert _fought(state, start) == expected
