"""Panzer Command's Close Assault Action [§9]: the Troop Quality roll against tanks, the
defender's Opportunity Fire, the Rounds with the Close Assault modifiers, the defender's retreat
and the attacker's advance. Dice are forced: a forced face f reads as the d10's f-1 [§2.3].

Column 01 of Point 161's map is open ground at one elevation. The values are the data
library's placeholders: T-34 Attack 6, Defense -2, 6 MP, TQ 6 (Soviet); Panzergrenadiers
Attack 4, no Defense Rating, 2 MP, TQ 7 (German).
"""

from __future__ import annotations

import dataclasses

import pytest
from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import (
    Assault,
    AssaultReport,
    FireExplained,
    HqAssigned,
    OpFire,
    Retreat,
)
from rules.panzer_command.game import PanzerCommandGame
from rules.registry import load_game

T34, PZGR, RIFLES, PZ3 = (
    "soviet.su-t34.1",
    "german.de-panzergrenadier.1",
    "soviet.su-motor-rifle.1",
    "german.de-pz3.1",
)


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


def said(events: list, text: str) -> bool:  # type: ignore[type-arg]
    return any(text in e.describe() for e in events if isinstance(e, AssaultReport))


def test_infantry_failing_its_troop_quality_roll_against_tanks_wastes_the_action_9_2() -> None:
    """[§9.2 step 2] "An engineer or infantry unit must first pass a Troop Quality die roll
    before it can resolve Close Assault against a hex containing any tank units ... otherwise
    the Assault ends and the owner has wasted an Action": a 9 against the Soviet TQ 6."""
    state = segment(_game(), "soviet", {RIFLES: "0101", PZ3: "0102"})
    assert Assault(RIFLES, PZ3) in state.legal_actions()
    state.force_dice(10)
    events = state.apply(Assault(RIFLES, PZ3))
    assert said(events, "the Assault ends, the Action wasted")
    assert not of(FireExplained, events) and not state.assaulting.unit
    assert state.play.verbs[RIFLES] == ["assault"] and state.to_act() == ("soviet",)


def test_who_may_initiate_a_close_assault_9_1() -> None:
    """[§9.1] Only adjacent units; never artillery or a Suppressed unit."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PZGR: "0103", "soviet.su-at45.1": "0104"})
    with pytest.raises(IllegalActionError, match=r"adjacent.*\[§9.1\]"):
        state.apply(Assault(T34, PZGR))
    with pytest.raises(IllegalActionError, match=r"artillery.*\[§9.1\]"):
        state.apply(Assault("soviet.su-at45.1", PZGR))
    state.troops.hexes[T34] = game.by_name["0102"]
    state.troops.suppressed.add(T34)
    with pytest.raises(IllegalActionError, match=r"Suppressed.*\[§9.1\]"):
        state.apply(Assault(T34, PZGR))


def _assault_with_fire_declined_and_round_one_missed(game: PanzerCommandGame):  # type: ignore[no-untyped-def]
    """The T-34 in 0101 assaults the Panzergrenadiers in 0102: they announce Opportunity Fire on
    a TQ roll (a 0, passed; the attack a 9, a miss); Round 1, the T-34's TQ roll a 0 (passed),
    both attacks 9s."""
    state = segment(game, "soviet", {T34: "0101", PZGR: "0102"})
    events = state.apply(Assault(T34, PZGR))
    assert state.reaction.trigger == "assault" and state.to_act() == ("german",)
    assert OpFire(PZGR, T34, "roll") in state.legal_actions()
    state.apply(OpFire(PZGR, T34, "roll"))
    state.force_dice(1, 10, 1, 10, 10)
    events += state.apply("done german")
    return state, events


def test_a_close_assault_round_retreat_and_advance_9_2_9_4_9_5() -> None:
    """[§9.2-9.5] The defender's Opportunity Fire first (4 - 2 = 2, no Troop Quality modifier
    [§8.4]); Round 1: the T-34 at 6 + 1 (its passed TQ roll) = 7, the Panzergrenadiers at
    4 - 2 + 1 (their TQ roll for the Opportunity Fire counts for the Rounds [§9.2 step 3 note])
    = 3. After the Round they may retreat one hex (2 MP, not more than the T-34's 6), to a hex
    not adjacent to the T-34; leaving 0102 in its Fire Zone, the T-34 may fire at them; when
    the hex is empty, the T-34 must advance into it, for no Movement Points."""
    game = _game()
    state, events = _assault_with_fire_declined_and_round_one_missed(game)
    fires = of(FireExplained, events)
    assert [(f.firer, f.final) for f in fires] == [(PZGR, 2), (T34, 7), (PZGR, 3)]
    assert not any("troop quality" in s for s in fires[0].steps)
    assert any("a passed Troop Quality roll [§9.2; §9.6] +1" in s for s in fires[1].steps)
    assert state.reaction.trigger == "choose" and state.to_act() == ("german",)
    retreats = [a for a in state.legal_actions() if isinstance(a, Retreat)]
    assert retreats and all(len(r.path) == 1 for r in retreats)
    t34 = state.troops.hexes[T34]
    assert all(game.by_name[r.path[0]].distance(t34) > 1 for r in retreats)
    assert Done("german") in state.legal_actions()  # it may stand
    with pytest.raises(IllegalActionError, match=r"no Opportunity Fire is offered"):
        state.apply(OpFire(PZGR, T34, "roll"))
    back = retreats[0]
    events = state.apply(back)
    assert state.reaction.trigger == "retreat" and state.to_act() == ("soviet",)
    assert OpFire(T34, PZGR, "roll") in state.legal_actions()
    events += state.apply("done soviet")
    assert state.troops.hexes[PZGR] == game.by_name[back.path[0]]
    assert state.troops.hexes[T34] == game.by_name["0102"]
    assert said(events, "advances into 0102") and not state.assaulting.unit
    assert state.to_act() == ("soviet",) and state.play.verbs[T34] == ["assault"]


def test_the_defenders_opportunity_fire_can_stop_the_assault_9_2() -> None:
    """[§9.2 step 4] "If the Assaulting unit is Suppressed or destroyed by the defender's
    Opportunity Fire, the Assault is over": a 2 on CRT 'DF S vs armored' is S?; the T-34 fails
    its TQ (a 9) and its try for a Cohesion Hit instead (a 9)."""
    state = segment(_game(), "soviet", {T34: "0101", PZGR: "0102"})
    state.apply(Assault(T34, PZGR))
    state.apply(OpFire(PZGR, T34, "roll"))
    state.force_dice(1, 3, 10, 10)
    events = state.apply("done german")
    assert T34 in state.troops.suppressed
    assert said(events, "the Assault is over") and not state.assaulting.unit
    assert [f.firer for f in of(FireExplained, events)] == [PZGR]


def test_three_rounds_then_the_defender_holds_9_2() -> None:
    """[§9.2] "Close Assault is essentially three Rounds of combat": the defender stands after
    each of the first two; after the third the Assault ends and nobody moves."""
    game = _game()
    state, _ = _assault_with_fire_declined_and_round_one_missed(game)
    state.force_dice(10, 10)
    state.apply("done german")  # stands: Round 2
    assert state.assaulting.round == 2 and state.reaction.trigger == "choose"
    state.force_dice(10, 10)
    events = state.apply("done german")  # stands: Round 3
    assert said(events, "Round 3") and said(events, "3 Rounds fought")
    assert not state.assaulting.unit and not state.reaction.trigger
    assert state.troops.hexes[T34] == game.by_name["0101"]
    assert state.troops.hexes[PZGR] == game.by_name["0102"]


def test_combined_arms_and_a_two_hex_retreat_for_the_faster_defender_9_4_13_3() -> None:
    """[§9.2 step 2; §13.3 note; §9.4] Panzergrenadiers assault a lone T-34: their TQ roll
    passed (a 0), they attack at 4 - 2 + 1 (TQ) + 2 (combined arms: tanks with no infantry)
    = 5; the T-34 (6 MP against 2) may retreat one or two hexes."""
    game = _game()
    state = segment(game, "german", {T34: "0105", PZGR: "0104"})
    state.force_dice(1)
    state.apply(Assault(PZGR, T34))
    assert state.reaction.trigger == "assault" and state.reaction.side == "soviet"
    state.force_dice(1, 10, 10)  # the T-34's TQ roll for the Rounds; both attacks 9s
    events = state.apply("done soviet")  # no Opportunity Fire
    german = next(f for f in of(FireExplained, events) if f.firer == PZGR)
    assert german.final == 5
    assert any("infantry against tanks with no infantry" in s for s in german.steps)
    retreats = [a for a in state.legal_actions() if isinstance(a, Retreat)]
    assert any(len(r.path) == 2 for r in retreats)


def test_a_suppressed_defender_fires_at_minus_two_and_cannot_retreat_9_2_9_4() -> None:
    """[§9.2 step 4; §11.2] "Suppressed defending units may fire using a modifier of -2", and
    a Suppressed unit makes no Opportunity Fire and cannot retreat [§8.1; §9.4]: the three Rounds
    are fought without a pause."""
    state = segment(_game(), "soviet", {T34: "0101", PZGR: "0102"})
    state.troops.suppressed.add(PZGR)
    # T-34 TQ 0 (pass), Panzergrenadiers TQ 9 (fail); then two 9s a Round for three Rounds
    state.force_dice(1, 10, *[10] * 6)
    events = state.apply(Assault(T34, PZGR))
    german = [f for f in of(FireExplained, events) if f.firer == PZGR]
    assert len(german) == 3 and german[0].final == 0
    assert any("a Suppressed defender [§9.2 step 4; §11.2] -2" in s for s in german[0].steps)
    assert said(events, "3 Rounds fought") and not state.reaction.trigger


def test_a_unit_without_an_attack_strength_must_retreat_9_4() -> None:
    """[§9.4 note] "A unit without a printed Attack Strength must retreat when assaulted": it
    neither fires nor may stand."""
    game = _game()
    game.units[PZGR] = dataclasses.replace(game.units[PZGR], attack=None)
    state = segment(game, "soviet", {T34: "0101", PZGR: "0102"})
    state.force_dice(1, 10)  # the T-34's TQ roll; its attack a 9
    events = state.apply(Assault(T34, PZGR))
    assert [f.firer for f in of(FireExplained, events)] == [T34]
    assert state.reaction.trigger == "choose"
    assert Done("german") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"must retreat.*\[§9.4 note\]"):
        state.apply("done german")


def test_a_regimental_hq_lost_in_a_close_assault_is_not_reassigned_3_1() -> None:
    """[§3.1 Preparation A] "Reassign any regimental HQ's eliminated the previous turn by combat
    other than Close Assault": the German HQ's Panzergrenadiers, one Step left, lose it to the
    T-34's 7 (CRT 'DF D vs unarmored' row 7: 1) and the HQ is gone for good."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PZGR: "0102"})
    assert state.troops.hq["german"] == PZGR
    state.troops.steps[PZGR] = 1
    state.apply(Assault(T34, PZGR))
    # no Opportunity Fire; Round 1: the T-34's TQ 0, theirs 9; the T-34's attack 7, theirs 9
    state.force_dice(1, 10, 8, 10)
    events = state.apply("done german")
    assert PZGR in state.troops.eliminated and "german" in state.troops.hq_destroyed
    [lost] = of(HqAssigned, events)
    assert lost.unit is None and "destroyed" in lost.why
    assert state.troops.hexes[T34] == game.by_name["0102"]  # the advance [§9.5]
    state._begin_turn()
    assert "german" not in state.troops.hq


def test_the_higher_unit_gains_in_a_close_assault_9_6() -> None:
    """[§7 intro; §9.6] "Elevation difference is significant in Close Assault because being
    higher increases the 'Target Servicing Time' against a unit assaulting from a lower
    elevation" (the value, +1, is a placeholder): the Panzergrenadiers on 0118 (elevation 2)
    fire at the T-34 from 0119 (elevation 1) at 4 - 2 + 1 (TQ) + 1 = 4; the T-34 gains none."""
    game = _game()
    assert game.terrain.ground(game.by_name["0118"]) > game.terrain.ground(game.by_name["0119"])
    state = segment(game, "soviet", {T34: "0119", PZGR: "0118"})
    state.apply(Assault(T34, PZGR))
    state.force_dice(1, 1, 10, 10)  # Round 1: both TQ rolls 0; both attacks 9s
    events = state.apply("done german")
    finals = {f.firer: f for f in of(FireExplained, events)}
    assert finals[PZGR].final == 4 and finals[T34].final == 7
    assert any("higher than its opponent [§7 intro; §9.6] +1" in s for s in finals[PZGR].steps)
