"""Panzer Command transport [§13]: tank riders, SPWs and trucks. Dice are forced (a face f reads
as the d10's f-1 [§2.3]). The SPW's and truck's allowances and the SPW's Defense Rating are the
catalogue's placeholders (SPW 6 tracked, DR 0, armored; truck 12 motorized, DR +2 [§13.2]).

Column 01 of Point 161's map is open ground; the hexes 0101, 0102, ... follow one another.
"""

from __future__ import annotations

import pytest
from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import (
    Dismount,
    Fire,
    FireExplained,
    Mount,
    PositionChanged,
    UnitMoved,
)
from rules.panzer_command.fire import apply_result, attack_strength
from rules.panzer_command.game import PanzerCommandGame
from rules.records.position import PositionReader
from rules.registry import load_game

T34, KV, RIFLES, RIFLES2, AT45 = (
    "soviet.su-t34.1",
    "soviet.su-kv.1",
    "soviet.su-motor-rifle.1",
    "soviet.su-motor-rifle.2",
    "soviet.su-at45.1",
)
PZ4, SPWS, PZGR = (
    "german.de-pz4.1",
    "german.de-panzergrenadier-spw.1",
    "german.de-panzergrenadier.1",
)


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_infantry_rides_a_tank_and_moves_with_it_13_3() -> None:
    """[§13.3] "Each tracked non-SPW armor unit Step can transport one infantry or engineer
    Step ... While being transported, the units move at the rate of the armor unit": the
    Motor Rifles mount the T-34 (a Mount Action [§13.1]) and go where it goes; they have no Fire
    Zone and no move of their own, and count no Step for stacking when moving."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", RIFLES: "0101", RIFLES2: "0101", PZGR: "0110"})
    assert Mount(RIFLES, T34) in state.legal_actions()
    state.apply(Mount(RIFLES, T34))
    with pytest.raises(IllegalActionError, match=r"each tank Step carries one Step.*\[§13.3\]"):
        state.apply(Mount(RIFLES2, T34))
    state.troops.hexes[PZGR] = game.by_name["0102"]  # beside them: no fire for a passenger
    mine = [a.verb for a in state.legal_actions() if getattr(a, "unit", "") == RIFLES]
    assert mine == ["dismount"]  # no Fire, Move, Close Assault, Concentration or Improve
    state.troops.hexes[PZGR] = game.by_name["0110"]
    with pytest.raises(IllegalActionError, match=r"moves with its tank \[§13.3\]"):
        state.apply("move soviet.su-motor-rifle.1 0102")
    state.apply("move soviet.su-t34.1 0102 0103 0104")
    assert state.troops.hexes[RIFLES] == game.by_name["0104"]


def test_a_tank_dismounts_its_passenger_after_half_its_allowance_at_most_13_3() -> None:
    """[§13.3] "An armor unit can move up to half its Movement Point Allowance (rounded down)
    and then dismount its passenger. Neither unit can continue to move after the dismount": 3
    of the T-34's 6 MP, then the Dismount; after 4, none."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", RIFLES: "0101", PZGR: "0110"})
    state.troops.mounted[RIFLES] = T34
    state.apply("move soviet.su-t34.1 0102 0103 0104")
    assert state.play.spent[T34] == 3
    state.play.acted.discard(T34)  # forget the tank's move: the dismount alone bars the next
    state.play.verbs.pop(T34)
    state.apply(Dismount(RIFLES))
    for u in game.units:  # the units cleared off the board, as eliminated ones, for the file
        if u not in state.troops.hexes and not state.waiting(u):
            state.troops.eliminated.append(u)
            state.troops.steps[u] = 0
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    with pytest.raises(IllegalActionError, match=r"same Action \(move\)"):
        back.apply("move soviet.su-t34.1 0105")  # nor may its tank move [§13.3]
    assert RIFLES not in state.troops.mounted
    assert state.troops.hexes[RIFLES] == game.by_name["0104"]
    with pytest.raises(IllegalActionError, match=r"same Action \(move\)"):
        state.apply("move soviet.su-motor-rifle.1 0105")
    state = segment(game, "soviet", {T34: "0101", RIFLES: "0101", PZGR: "0110"})
    state.troops.mounted[RIFLES] = T34
    state.apply("move soviet.su-t34.1 0102 0103 0104 0105")
    assert Dismount(RIFLES) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"more than half its allowance.*\[§13.2-13.3\]"):
        state.apply(Dismount(RIFLES))


def test_a_dismount_that_would_put_a_hex_over_six_steps_is_refused_5_2() -> None:
    """[§5.2] "No more than 6 Steps of units can end a Segment in the same hex", and a tank's
    passenger counts no Step while it rides [§13.3]: the T-34 with the Motor Rifles aboard
    joins the KV and the 45 mm gun in 0101 (6 Steps); the Motor Rifles' Dismount would make 8,
    and neither unit may move after it [§13.3], so it is refused. It was offered, and the
    Segment ended with 8 Steps in the hex."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", RIFLES: "0101", KV: "0101", AT45: "0101"})
    state.troops.mounted[RIFLES] = T34
    assert Dismount(RIFLES) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"0101 would hold 8 Steps.*\[§5.2\]"):
        state.apply(Dismount(RIFLES))
    state.troops.hexes[AT45] = game.by_name["0102"]  # 6 Steps with the Motor Rifles off
    state.apply(Dismount(RIFLES))
    assert RIFLES not in state.troops.mounted


def test_an_involuntary_dismount_over_six_steps_is_marked_to_unstack_5_2() -> None:
    """[§5.2] "Should over-stacking occur unavoidably, the owner of the units must unstack the
    units at his first opportunity": the Pz IV's hit on the T-34 carrying the Motor Rifles
    dismounts them [§13.3] in a hex of 6 Steps, making 8. The hex is marked, said in the log,
    kept in a position file, and no invariant breaks; once the hex is back to 6 Steps, the next
    Segment drops the mark."""
    from rules.panzer_command.actions import PositionChanged
    from rules.panzer_command.invariants import invariants

    game = _game()
    keep = {PZ4: "0103", PZGR: "0110", T34: "0101", RIFLES: "0101", KV: "0101"}
    state = segment(game, "german", keep)
    state.troops.hexes[AT45] = game.by_name["0101"]
    state.troops.mounted[RIFLES] = T34
    state.force_dice(10, 1, 10)  # the Motor Rifles: 9 (missed); the T-34: 0 (S?), TQ roll 9
    state.force_dice(10)  # the T-34's try for a Cohesion Hit instead: 9
    events = state.apply(Fire(PZ4, T34))
    assert RIFLES not in state.troops.mounted and state.troops.overstacked == {"0101"}
    [said] = [e for e in of(PositionChanged, events) if e.rule == "[§5.2]"]
    assert said.unit == RIFLES and "0101 holds 8 Steps, over 6, unavoidably" in said.change
    state.play.phase, state.play.chit = "action", None  # the Segment over
    assert invariants(state) == []
    for u in game.units:  # the units cleared off the board, as eliminated ones, for the file
        if u not in state.troops.hexes and not state.waiting(u):
            state.troops.eliminated.append(u)
            state.troops.steps[u] = 0
    position = state.to_position()
    assert position.state["overstacked"] == ["0101"]  # type: ignore[index]
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.troops.overstacked == {"0101"}
    state.troops.overstacked.clear()
    assert invariants(state) == [
        f"{AT45}, {KV}, {RIFLES}, {T34}: 8 Steps end a Segment in 0101, over 6 [§5.2]"
    ]
    state.troops.overstacked.add("0101")
    state.troops.hexes[AT45] = game.by_name["0102"]
    state.play.phase, state.play.chit = "segment", None
    state._segment("soviet:regiment", "drawn")
    assert state.troops.overstacked == set()


def test_fire_at_tank_transport_hits_the_passenger_first_in_clear_terrain_13_3() -> None:
    """[§13.3] "When you attack armor transport, the passenger unit and transport unit are
    attacked separately ... resolve the attack against the passenger first ... Any successful
    attack against either unit causes the immediate, involuntary dismounting of the passenger
    at the conclusion of the combat": the Pz IV's one Direct Fire makes two attacks; the one on
    the Motor Rifles succeeds (a 0), the one on the T-34 fails (a 9), and they dismount."""
    game = _game()
    state = segment(game, "german", {PZ4: "0103", T34: "0101", RIFLES: "0101"})
    state.troops.mounted[RIFLES] = T34
    state.force_dice(1, 10, 10)  # the Motor Rifles: 0 (S?), their TQ roll 9 (fails); T-34: 9
    state.force_dice(10)  # the Motor Rifles' try for a Cohesion Hit instead: 9
    events = state.apply(Fire(PZ4, T34))
    fires = of(FireExplained, events)
    assert [f.target for f in fires] == [RIFLES, T34]
    assert fires[0].hit and not fires[1].hit
    assert RIFLES not in state.troops.mounted and RIFLES in state.troops.suppressed


def test_an_spw_carries_its_mech_infantry_with_its_own_values_13_2() -> None:
    """[§13.2] SPWs "behave like trucks ... they are tracked, armored units": mounted, the
    Panzergrenadiers move 6 tracked MP (placeholder) and defend with the SPW's Defense Rating
    and Target Class; a Suppression removes the SPWs and Suppresses the passenger (involuntary
    dismount)."""
    game = _game()
    state = segment(game, "german", {SPWS: "0101", T34: "0110"})
    assert Mount(SPWS, "spw") in state.legal_actions()
    state.apply(Mount(SPWS, "spw"))
    moves = [a for a in state.legal_actions() if a.verb == "move"]
    assert not moves  # Out of Command (its HQ's unit is off the map): the Mount was its Action
    state.play.acted.discard(SPWS)  # its next Segment, as it were
    [moved] = of(UnitMoved, state.apply("move german.de-panzergrenadier-spw.1 0102 0103 0104"))
    assert moved.allowance == 6 and moved.cost == 3
    state.force_dice(10)  # the transport's try for a Cohesion Hit instead: 9
    apply_result(state, SPWS, "S")
    assert SPWS not in state.troops.mounted and SPWS in state.troops.suppressed


def test_a_step_lost_loses_the_spws_for_good_13_2() -> None:
    """[§13.2] "When the unit loses a step, it also permanently loses its SPW unit"."""
    state = segment(_game(), "german", {SPWS: "0101", T34: "0110"})
    apply_result(state, SPWS, "1")
    assert SPWS in state.troops.spw_lost
    with pytest.raises(IllegalActionError, match=r"SPWs.*\[§13.2\]"):
        state.apply(Mount(SPWS, "spw"))


def test_trucks_results_and_who_remounts_13_2() -> None:
    """[§13.2] A truck defends at +2, unarmored; a Cohesion Hit falls on truck and passenger; a
    Step Loss eliminates both. Leg infantry that dismounts loses its truck for good; immobile
    artillery remounts."""
    game = _game()
    state = segment(game, "soviet", {RIFLES: "0101", AT45: "0102", PZ4: "0104"})
    for u in (RIFLES, AT45):
        state.troops.mounted[u] = "truck"
        state.troops.trucks.add(u)
    apply_result(state, RIFLES, "C")
    assert state.troops.carrier_hits[RIFLES] == 1 and state.troops.cohesion[RIFLES] == 1
    state.apply(Dismount(RIFLES))
    assert RIFLES not in state.troops.trucks
    state.play.acted.clear()
    state.play.verbs.clear()
    with pytest.raises(IllegalActionError, match=r"only immobile artillery.*\[§13.2\]"):
        state.apply(Mount(RIFLES, "truck"))
    state.apply(Dismount(AT45))
    assert AT45 in state.troops.trucks
    state.play.acted.clear()
    state.play.verbs.clear()
    state.apply(Mount(AT45, "truck"))
    assert state.troops.mounted[AT45] == "truck"
    state = segment(game, "german", {RIFLES: "0101", PZ4: "0104"})
    state.troops.mounted[RIFLES] = "truck"
    _, work = attack_strength(state, PZ4, RIFLES)
    assert "target's Defense Rating [§2.5; §7.3] +2" in work.steps
    apply_result(state, RIFLES, "1")
    assert RIFLES in state.troops.eliminated


def test_the_owner_unstacks_an_overstacked_hex_at_his_first_opportunity_5_2() -> None:
    """[§5.2] "Should over-stacking occur unavoidably, the owner of the units must unstack the
    units at his first opportunity": in the Soviet Segment, 0101 marked with 8 Steps, the
    Segment does not end while a unit there may move out without a Direct Command; the KV
    moves to 0102 (6 Steps left), and it may end."""
    from rules.engine.actions import Done

    game = _game()
    keep = {PZGR: "0110", T34: "0101", RIFLES: "0101", KV: "0101", AT45: "0101"}
    state = segment(game, "soviet", keep)
    state.troops.overstacked.add("0101")
    assert Done("soviet") not in state.legal_actions()
    left = state.progress().left["soviet"]  # what test play shows the side has left to do
    assert left.startswith(
        "0101 holds 8 Steps, over 6: a unit moves out of it first (soviet.su-kv.1 may), the "
        "owner unstacking at his first opportunity [§5.2]; then an Action for each of"
    )
    with pytest.raises(
        IllegalActionError, match=r"0101 holds 8 Steps.*moves out of it first.*\[§5.2\]"
    ):
        state.apply(Done("soviet"))
    state.apply("move soviet.su-kv.1 0102")
    assert Done("soviet") in state.legal_actions()
    state.apply(Done("soviet"))
    assert state.play.phase == "action"


def test_a_move_stopped_in_a_hex_it_passed_through_marks_the_overstack_5_2() -> None:
    """[§5.2] "There is no limit to the number of units that can move through the same hex
    during a Segment", but a unit stopped there by Opportunity Fire [§8.2] ends in it: fuzz
    campaign game 108089 (Sowchos 79, random bots) had the T-34 soviet.su-t34.1 stopped in
    0916 on its way through, with 6 Soviet Steps there already, and the Segment ended with 8
    (an invariant broke after its 51st action). The hex is marked as overstacked
    unavoidably, for its owner to unstack; the game keeps every promise to its end."""
    from tools import fuzz

    sowchos = fuzz.SCENARIOS / "panzer-command" / "sowchos-79.yaml"
    result = fuzz.play_game("panzer-command", sowchos, 108089)
    assert (result.failure, result.detail) == (None, "")
    state = fuzz._play(fuzz._game(sowchos, 108089), 108089, checked=False)
    marks = [
        e.describe()
        for e in state.log  # type: ignore[attr-defined]
        if isinstance(e, PositionChanged) and e.rule == "[§5.2]"
    ]
    assert any(
        m.startswith("soviet.su-t34.1: 0916 holds 8 Steps, over 6, unavoidably") for m in marks
    )
