"""The players choose the man a hand-to-hand hit or a minefield attack strikes [8.82; 18.41].

"If the set involves one against many, and the single man's result is greater than all enemy
results, one enemy man of the single man's side's choice is hit; all others are unaffected"
[8.82]; "the men enter the minefield and one man in the group (defender's choice) undergoes a
minefield attack; the other men enter the hex unharmed" [18.41]. Both wait for that player's
``take-damage MAN``, the machinery of the fire's damage choice [8.41]
(:mod:`rules.soldiers.damage_choice`). Forced dice: the d10s and d6s of each set [8.82], the
alertness roll [18.41], then the damage rolls, made only once the man is chosen.
"""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_scenes import DAWN, acting, choose_as_bots, clear, dawn, line_up_as_bots, stage

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.bots.base import make_bot
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import damage_choice, minefields
from rules.soldiers.actions import DamageAsked, ManHit, ManMoved, OrderMan
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.melee import HandToHand, HandToHandFought, lines
from rules.soldiers.units import cell

FOUR = ["us.e.3", "us.e.5", "us.e.6", "us.e.7"]
TWO = ["german.e.6", "german.e.7"]


def _hit(row: str, roll: int) -> str:
    return str(cell("hand-to-hand-damage", row, roll).value)


def _melee(us: list[str], german: list[str], **initiative: int) -> SoldiersState:
    """The US leader's turn at Aggressive: the US men ordered (a group of several) in a clear
    hex with the German men; ``initiative``: man (dots as underscores) -> his rating."""
    game = dawn()
    for key, value in initiative.items():
        man = key.replace("_", ".")
        game.men[man] = dataclasses.replace(game.men[man], initiative=value)
    state = acting(game, "us")
    h = next(h for h in sorted(game.amap.hexes, key=game.name) if clear(game, h))
    stage(state, dict.fromkeys([*us, *german], h))
    state.active.in_command |= set(us)
    state.apply(OrderGroup(tuple(us)) if len(us) > 1 else OrderMan(us[0]))
    return state


def _four_against_two() -> SoldiersState:
    """Four US men against two Germans, the first German strong (initiative 5): two sets of
    two against one [8.81]; in the first the German's d6 6 + 5 beats both d10 1 + 2 [8.82]."""
    state = _melee(FOUR, TWO, german_e_6=5)
    assert lines(state, FOUR, TWO) == [
        (["us.e.5", "us.e.7"], ["german.e.6"]),
        (["us.e.3", "us.e.6"], ["german.e.7"]),
    ]
    # set 1: 1, 1 against 6; the chosen man's damage 10; set 2: 10, 1 against 1; its damage 10
    state.force_dice(1, 1, 6, 10, 10, 1, 1, 10)
    state.apply(HandToHand("us.e.3"))
    assert len(line_up_as_bots(state)) == 4  # the US player places his four men [8.81]
    return state


def test_8_82_the_single_man_beating_every_total_his_side_chooses_the_man_hit() -> None:
    """[8.82]: the German's 11 beats both US totals (3, 3): one US man of the German player's
    choice is hit. The German is asked (his legal actions the two US men of the set, the US
    player's none); the damage roll and the next set wait. He names us.e.7 (the bots would
    name us.e.5): us.e.7 rolls on the 1 hit line, us.e.5 is unhurt; then set 2 is fought
    (us.e.3's 12 and us.e.6's 3 equal or exceed the German's 3: he takes 2 hits)."""
    state = _four_against_two()
    assert state.to_act() == ("german",)
    assert state.legal_actions("german") == [TakeDamage("us.e.5"), TakeDamage("us.e.7")]
    assert state.legal_actions("us") == []
    assert list(state.dice.forced) == [10, 10, 1, 1, 10]  # nothing rolled past the choice
    asked = [e for e in state.log if isinstance(e, DamageAsked)]
    assert len(asked) == 1 and asked[0].chooser == "german" and "[8.82]" in asked[0].why
    step = state.progress().step
    assert "E6 (M) beat every US total. German chooses which US man of the set is hit" in step
    assert step.endswith("[8.82]")
    assert damage_choice.default(state) == "us.e.5"
    with pytest.raises(IllegalActionError, match=r"8\.82"):
        state.apply(TakeDamage("us.e.3"))  # not in the set
    with pytest.raises(IllegalActionError, match=r"8\.82"):
        state.apply(Done("us"))
    start = len(state.log)
    state.apply(TakeDamage("us.e.7"))
    assert state.active.victim is None and not state.dice.forced
    hits = [(e.man, e.result) for e in state.log[start:] if isinstance(e, ManHit)]
    assert hits == [("us.e.7", _hit("1 hit", 10)), ("german.e.7", _hit("2 hits", 10))]
    first = next(e for e in state.log[start:] if isinstance(e, ManHit))
    assert "german's choice of the man hit, set 1 [8.82]" in first.why
    fought = [e for e in state.log[start:] if isinstance(e, HandToHandFought)]
    assert len(fought) == 1 and fought[0].hit == ("german.e.7",)
    assert "us.e.5" not in state.troops.disabled and "us.e.5" not in state.troops.suppressed
    assert state.to_act() == ("us",)


def test_8_82_the_single_attacker_chooses_among_the_defenders_9_1_capture_applies() -> None:
    """[8.82; 9.1]: one US man (initiative 5, d10 10) against two Germans (d6 1, 1): the US
    player chooses the German hit; on a capture attempt his damage roll is 3 less."""
    state = _melee(["us.e.3"], TWO, us_e_3=5)
    assert lines(state, ["us.e.3"], TWO) == [(["us.e.3"], TWO)]
    state.force_dice(10, 1, 1, 10)
    state.apply(HandToHand("us.e.3", capture=True))
    assert state.to_act() == ("us",)
    assert {a.text() for a in state.legal_actions()} == {
        "take-damage german.e.6",
        "take-damage german.e.7",
    }
    preview = state.preview(TakeDamage("german.e.7"))
    assert preview.legal and "Hand-to-Hand Damage Table" in preview.cost
    assert "8.82" in " ".join(preview.rules)
    assert not state.preview(TakeDamage("us.e.3")).legal
    start = len(state.log)
    state.apply(TakeDamage("german.e.7"))
    hit = next(e for e in state.log[start:] if isinstance(e, ManHit))
    assert hit.man == "german.e.7" and "capture attempt -3 = 7 [9.1]" in hit.why
    assert hit.result == _hit("1 hit", 7)
    assert "german.e.6" not in state.troops.suppressed | set(state.troops.disabled)


def test_8_82_a_waiting_hand_to_hand_choice_survives_clone_position_file_and_replay() -> None:
    """The choice waiting (with the set still to fight) is part of the state: a clone and a
    position file read back play on alike; the actions replay to the same position."""
    state = _four_against_two()
    position = state.to_position()
    assert position.state is not None
    game = state.game
    back = game.state_from_position(position, PositionReader(game, position, None))
    clone = state.clone()
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.active.victim == state.active.victim and back.to_act() == ("german",)
    for s in (state, clone, back):
        s.apply(TakeDamage("us.e.7"))
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    again = _melee(FOUR, TWO, german_e_6=5)
    again.force_dice(1, 1, 6, 10, 10, 1, 1, 10)
    for action in state.history[len(again.history) :]:
        again.apply(action)
    assert again.position_fingerprint() == state.position_fingerprint()


def test_8_82_the_bots_choose_the_heuristic_as_the_stand_in_the_random_a_legal_man() -> None:
    """The heuristic bot names the engine's former stand-in (a leader first, then the highest
    initiative); the random bot one of the men it may name."""
    state = _four_against_two()
    assert make_bot("heuristic", 3).choose(state, "german") == TakeDamage("us.e.5")
    for seed in range(4):
        assert make_bot("random", seed).choose(state, "german") in state.legal_actions()
    assert choose_as_bots(state) == [("german", ("us.e.5", "us.e.7"))]
    assert state.troops.disabled.get("us.e.5") == "killed"


# --- a minefield's victim [18.41] ---------------------------------------------------------------


def _mined() -> tuple[SoldiersGame, str]:
    """Dawn Patrol with the second side the defender, who bought a minefield [18.4]."""
    loaded = load_scenario(DAWN)
    first, second = loaded.scenario.sides[0], loaded.scenario.sides[1]
    sides = [
        first.model_copy(update={"role": "attacker"}),
        second.model_copy(
            update={"role": "defender", "purchases": [Purchase(item="MINEFIELD", count=1)]}
        ),
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game, first.id


def _into_minefield(alertness: int) -> tuple[SoldiersState, list[str], Hex]:
    """A group of two (the leader, initiative 5, and a rifleman) moves two hexes, the second
    the defender's hidden minefield; ``alertness`` the d10 against the leader's 5 [18.41]."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    far, near = next(
        (f, n)
        for n in sorted((n for n in mine.neighbors() if clear(game, n)), key=game.name)
        if n not in minefields.hidden(game)
        for f in sorted((f for f in n.neighbors() if clear(game, f)), key=game.name)
        if f.distance(mine) == 2
    )
    state = acting(game, attacker)
    leader = next(m for m in sorted(state.active.in_command) if state.may_order(m))
    mate = next(
        m
        for m in sorted(game.men)
        if m != leader and game.men[m].squad == game.men[leader].squad and game.men[m].command == 0
    )
    stage(state, {leader: far, mate: far})
    state.troops.waiting.discard(mate)
    state.active.in_command.add(mate)
    state.apply(OrderGroup((leader, mate)))
    state.force_dice(alertness, 10)
    state.apply(Move(leader, (game.name(near), game.name(mine))))
    return state, [leader, mate], mine


def test_18_41_the_group_enters_and_the_defender_chooses_the_man_attacked_18_43() -> None:
    """[18.41; 18.43]: the alertness roll 10 is above the leader's 5: both men enter the
    minefield, and the defender (German) chooses which undergoes the attack; its roll waits
    for him. He names the rifleman (the bots would name the leader, the best initiative): the
    rifleman takes the Grenade Table's indoors damage at 10, the leader enters unharmed."""
    state, (leader, mate), mine = _into_minefield(10)
    assert state.to_act() == ("german",)
    assert state.legal_actions("german") == [TakeDamage(leader), TakeDamage(mate)]
    assert list(state.dice.forced) == [10]  # the attack roll comes after the choice
    assert state.troops.hexes[leader] == mine == state.troops.hexes[mate]
    moved = [e for e in state.log if isinstance(e, ManMoved)][-1]
    assert moved.path[-1] == state.game.name(mine)
    step = state.progress().step
    assert "German chooses which US man of the group undergoes the minefield attack" in step
    assert step.endswith("the minefield's owner, the defender, chooses [18.41]")
    assert damage_choice.default(state) == leader
    assert state.describe(TakeDamage(mate)).endswith("undergoes the minefield attack [18.43]")
    preview = state.preview(TakeDamage(mate))
    assert "Grenade Table's indoors damage line" in preview.cost and preview.legal
    start = len(state.log)
    state.apply(TakeDamage(mate))
    hits = {e.man: (e.result, e.why) for e in state.log[start:] if isinstance(e, ManHit)}
    assert hits[mate][0] == str(cell("grenade-damage", "Dmg/in", 10).value)
    assert "german's choice, undergoes a minefield attack" in hits[mate][1]
    assert hits[leader][0] == "unharmed"
    assert state.active.victim is None and state.active.stopped
    assert state.to_act() == ("us",) and state.active.current == leader  # his order goes on
    order = [type(e).__name__ for e in state.log if isinstance(e, DamageAsked | ManMoved)]
    assert order[-2:] == ["ManMoved", "DamageAsked"]  # asked once they stand in it


def test_18_41_noticed_or_a_man_alone_nothing_is_asked() -> None:
    """[18.41]: an alertness roll at or under the best initiative: noticed, placed back, no
    attack, nothing asked; a man alone entering undergoes the attack without a choice."""
    state, (leader, _mate), mine = _into_minefield(5)
    assert state.active.victim is None and state.troops.hexes[leader] != mine
    assert not [e for e in state.log if isinstance(e, DamageAsked)]


def test_18_41_a_waiting_minefield_choice_survives_clone_position_file_and_replay() -> None:
    """A minefield's choice waiting is part of the state (with the move whose consequences
    follow it): a clone and a position file read back play on alike."""
    state, (_leader, mate), _mine = _into_minefield(10)
    position = state.to_position()
    assert position.state is not None
    game = state.game
    back = game.state_from_position(position, PositionReader(game, position, None))
    clone = state.clone()
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.active.victim == state.active.victim
    for s in (state, clone, back):
        s.apply(TakeDamage(mate))
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
