"""Scenarios 20-26: the events the engine applies [20.6-26.5], the objectives destroyed or
standing [19.7; 20.3; 22.6; 26.3] and the objective chosen among several [19.11], each from a
made position with forced dice where the book rolls."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from soldiers_bought import GERMAN, US, Buy, bought
from soldiers_scenes import start_game

from model.victory import Casualties, Destroyed, Survives, TextCondition
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers import scenario_effects
from rules.soldiers.actions import EventDrawn
from rules.soldiers.arrivals import draw_event
from rules.soldiers.artillery import damage
from rules.soldiers.engineers import explode
from rules.soldiers.exits import exit_hexes
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.scenario_events import closed
from rules.soldiers.scenario_victory import (
    CROSSROADS,
    SIGHTER,
    judge_text,
    look,
    sight_met,
    sighters,
    sighters_now,
)
from rules.soldiers.smoke import smoke_of
from rules.soldiers.victory import judge, objects_judged

#: Event Table sums that give Event A and Event B (the table's placeholders [6.12]).
EVENT_A, EVENT_B = 3, 4


def _state(
    name: str,
    mission: int = 0,
    buys: dict[str, Buy] | None = None,
    settings: dict[str, dict[str, int | str]] | None = None,
) -> SoldiersState:
    loaded = bought(name, mission, buys)
    if settings:
        sides = [
            s.model_copy(update={"settings": settings[s.id]}) if s.id in settings else s
            for s in loaded.scenario.sides
        ]
        scenario = loaded.scenario.model_copy(update={"sides": sides})
        loaded = dataclasses.replace(loaded, scenario=scenario)
    game = load_game(loaded)
    assert isinstance(game, SoldiersGame)
    return start_game(game, 1)


def _event(state: SoldiersState, letter: str, number: int) -> EventDrawn:
    """Draw the scenario's ``number``-th Event ``letter`` through the Event Table [6.12]."""
    state.arrivals.events[letter] = number - 1
    draw_event(state, EVENT_A if letter == "A" else EVENT_B)
    return [e for e in state.log if isinstance(e, EventDrawn)][-1]


def _place(state: SoldiersState, side: str, name: str) -> str:
    man = state.able(side)[0]
    state.troops.hexes[man] = state.game.by_name[name]
    return man


# --- weather [6.42] ----------------------------------------------------------------------------


def test_20_6_third_event_dusk_or_dawn_makes_the_battle_condition_mist() -> None:
    """[20.6] "Third Event A or B: Dusk or Dawn. The Battle condition becomes Mist.";
    Clear's 15 hexes of sight become Mist's [6.42]."""
    state = _state("20-vire-bridges")
    assert state.condition == "Clear"
    clear = state.sight_range
    drawn = _event(state, "B", 3)
    assert drawn.result.endswith("B3") and "becomes Mist" in drawn.effect
    assert "[20.6; 6.42]" in drawn.effect
    assert state.condition == "Mist" and state.sight_range < clear


def test_23_6_dawn_is_breaking_turns_night_to_mist_once() -> None:
    """[23.6] "Third Event A or B: Dawn is breaking! Battle conditions change from Night to
    Mist."; the second of them finds Mist: no change (our reading)."""
    state = _state("23-pre-dawn-pillbox-assault")
    assert state.condition == "Night"
    night = state.sight_range
    _event(state, "A", 3)
    assert state.condition == "Mist" and state.sight_range > night
    again = _event(state, "B", 3)
    assert state.condition == "Mist" and "no change (our reading) [23.6]" in again.effect


def test_26_5_dawn_turns_night_to_mist_and_mist_to_clear() -> None:
    """[26.5] "First Event B: Dawn. Weather conditions change from Night to Mist, or from
    Mist to Clear, whichever is applicable. If already clear - no change." """
    state = _state("26-airborne")
    state.field.weather = "Night"
    scenario_effects.EFFECTS[("soldiers-26", "B1")](state, "test", "")
    assert state.condition == "Mist"
    scenario_effects.EFFECTS[("soldiers-26", "B1")](state, "test", "")
    assert state.condition == "Clear"
    scenario_effects.EFFECTS[("soldiers-26", "B1")](state, "test", "")
    last = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert state.condition == "Clear" and "already Clear: no change [26.5]" in last.effect


def test_26_5_the_sun_rises_only_from_the_third_command_cycle() -> None:
    """[26.5] "Third Event A or B: The Sun Rises. If it is the third or later Command Cycle,
    Battle Condition becomes Clear. If it is the first or second Command Cycle, ignore this
    event; it's a rainy day." """
    state = _state("26-airborne")
    state.field.weather = "Night"
    state.play.cycle = 2
    ignored = _event(state, "A", 3)
    assert state.condition == "Night" and "a rainy day [26.5]" in ignored.effect
    state.play.cycle = 3
    _event(state, "B", 3)
    assert state.condition == "Clear"


# --- 20 The Vire Bridges: the munitions depot and the Raid's target [20.3; 20.6] -----------------


def _raid(choice: int | None = None) -> SoldiersState:
    settings = {"us": {"raid-target": choice}} if choice is not None else None
    return _state("20-vire-bridges", 0, settings=settings)


def _raid_conditions(state: SoldiersState) -> tuple[Destroyed, Survives]:
    def walk(conds: list[object]) -> list[object]:
        found: list[object] = []
        for c in conds:
            found.append(c)
            found.extend(walk(list(getattr(c, "conditions", []) or [])))
        return found

    every = walk(list(state.game.victory.conditions))
    destroyed = next(c for c in every if isinstance(c, Destroyed) and c.objects == "raid-target")
    survives = next(c for c in every if isinstance(c, Survives) and c.objects == "raid-target")
    return destroyed, survives


def test_20_6_munitions_catch_fire_after_fire_near_the_depot_in_the_previous_phase() -> None:
    """[20.6] First Event A, Munitions Catch Fire: a target within one hex of the depot
    (C/1206, C/1306) fired upon in the immediately previous Action Phase: all men in the
    building are killed, both hexes burn and may not be entered; the depot, chosen as the
    Raid's objective (option 2 [19.11]), is destroyed for victory [20.3]."""
    state = _raid(2)
    german = _place(state, "german", "C/1306")
    near = next(
        state.game.name(h)
        for h in state.game.by_name["C/1206"].neighbors()
        if state.game.name(h) not in scenario_effects.DEPOT and h in state.game.amap.hexes
    )
    state.field.fire_targets = [[near], []]  # the previous Action Phase, then this one
    drawn = _event(state, "A", 1)
    assert f"{near} fired on" in drawn.effect and "[20.6; 20.3]" in drawn.effect
    assert state.troops.disabled[german] == "killed"
    assert all(closed(state, state.game.by_name[n]) for n in scenario_effects.DEPOT)
    destroyed, survives = _raid_conditions(state)
    found, why = objects_judged(state, destroyed)
    assert found and "option 2, us's choice [19.11]" in why
    assert not objects_judged(state, survives)[0]


def test_20_6_munitions_fire_two_phases_ago_or_the_hq_chosen_leaves_the_target_standing() -> None:
    """[20.6] Only the immediately previous Action Phase counts; [20.3; 19.11] with the
    division HQ chosen (the first option, also when none is noted) the burning depot is not
    the Raid's target."""
    state = _raid(2)
    state.field.fire_targets = [["C/1306"], [], []]  # two phases ago
    drawn = _event(state, "A", 1)
    assert "ignored [20.6]" in drawn.effect and not state.field.destroyed
    state = _raid()
    state.field.fire_targets = [["C/1306"], []]
    _event(state, "A", 1)
    assert state.field.destroyed == set(scenario_effects.DEPOT)
    destroyed, survives = _raid_conditions(state)
    found, why = objects_judged(state, destroyed)
    assert not found and "its first option (our reading: none chosen) [19.11]" in why
    assert objects_judged(state, survives)[0]


def test_20_3_a_satchel_charge_or_an_artillery_impact_in_the_target_destroys_it() -> None:
    """[20.3] "The target may be destroyed by a satchel charge exploding in any hex of the
    target or by an artillery impact occurring in any hex of the target." """
    state = _raid()  # the division HQ
    hq = sorted(scenario_effects.parts(state, "raid-target")[0], key=state.game.name)[0]
    destroyed, survives = _raid_conditions(state)
    state.force_dice(*[1] * 20)
    explode(state, state.game.by_name["C/1306"])  # the depot: not the target
    assert not objects_judged(state, destroyed)[0]
    explode(state, hq)
    assert objects_judged(state, destroyed)[0] and not objects_judged(state, survives)[0]
    state = _raid(2)
    state.force_dice(*[1] * 40)
    damage(state, state.game.by_name["C/1206"], "light shells")
    assert objects_judged(state, _raid_conditions(state)[0])[0]


# --- 22 Street Fighting in Grave: the Maas bridges [22.6] ---------------------------------------


def test_22_6_the_bridges_blow_at_the_end_of_the_cycle_on_a_6() -> None:
    """[22.6] First Event A: at the end of the current Command Cycle a d6; 6: both bridges
    destroyed, the men in a bridge hex removed (our reading: killed), the hexes never entered
    again; the bridges no longer stand [19.7]."""
    state = _state("22-street-fighting-in-grave")
    german = _place(state, "german", "C/1413")
    drawn = _event(state, "A", 1)
    assert "at the end of this Command Cycle [22.6]" in drawn.effect
    assert not state.field.destroyed  # not yet
    state.force_dice(6)
    state._end_cycle()
    assert state.field.destroyed == {"C/1413", "C/1508"}
    assert state.troops.disabled[german] == "killed"
    assert closed(state, state.game.by_name["C/1508"])
    assert scenario_effects.destroyed_parts(state, "bridges") == (2, 2)


def test_22_6_first_event_b_before_a_spares_c1508() -> None:
    """[22.6] First Event B before First Event A: C/1508 is not wired and cannot be
    destroyed: a 4-5 does nothing, a 6 destroys C/1413 only; after Event A it is ignored."""
    state = _state("22-street-fighting-in-grave")
    _event(state, "B", 1)
    _event(state, "A", 1)
    state.force_dice(4)
    scenario_effects.demolition(state)
    assert not state.field.destroyed
    last = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert "C/1508 is not wired: nothing happens [22.6]" in last.effect
    state.field.marks.add(scenario_effects.DEMOLITION_DUE)
    state.force_dice(6)
    scenario_effects.demolition(state)
    assert state.field.destroyed == {"C/1413"}
    state = _state("22-street-fighting-in-grave")
    _event(state, "A", 1)
    late = _event(state, "B", 1)
    assert "First Event A has occurred: ignored [22.6]" in late.effect
    state.force_dice(1)
    scenario_effects.demolition(state)
    assert not state.field.destroyed  # 1-2: both attempts fail


def test_26_3_a_bridge_destroyed_leaves_one_intact() -> None:
    """[26.3] "at least 1 bridge intact": judged on the bridges of map C, each hex one."""
    state = _state("26-airborne")
    cond = Survives.model_validate(
        {"side": "german", "objects": "bridges", "award": {"result": "win"}}
    )
    every = scenario_effects.parts(state, "bridges")
    assert len(every) >= 2 and objects_judged(state, cond)[0]
    state.field.destroyed = {state.game.name(h) for p in every[1:] for h in p}
    assert objects_judged(state, cond)[0]
    state.field.destroyed |= {state.game.name(h) for h in every[0]}
    assert not objects_judged(state, cond)[0]


def test_22_6_destroyed_bridges_round_trip_the_position_text(tmp_path: Path) -> None:
    """The destroyed hexes and the pending demolition are kept by the position [22.6]."""
    state = _state("22-street-fighting-in-grave")
    _event(state, "A", 1)
    state.field.destroyed.add("C/1413")
    path = tmp_path / "grave.yaml"
    path.write_text(position_text(state.to_position()))
    _, back = load_position(path, state.game.loaded)
    assert isinstance(back, SoldiersState)
    assert back.field.destroyed == {"C/1413"}
    assert back.field.marks == {scenario_effects.DEMOLITION_DUE}
    clone = state.clone()
    assert clone.field.marks == state.field.marks and clone.field.marks is not state.field.marks


# --- the advantage and conditional reinforcements [21.6; 23.6; 24.6] -----------------------------


def test_23_6_advantage_swings_to_the_german_with_a_german_intelligence_difference() -> None:
    """[23.6] First Event A: "If the intelligence difference was 0 or in the German favor,
    the German gains the advantage immediately." (German 3, US 1: German 2)."""
    state = _state("23-pre-dawn-pillbox-assault")
    state.play.advantage = "us"
    drawn = _event(state, "A", 1)
    assert state.play.advantage == "german" and "[23.6]" in drawn.effect
    us_intel = Buy(US.forces, (("INTELLIGENCE", 5),), US.reinforcements)
    state = _state("23-pre-dawn-pillbox-assault", buys={"us": us_intel})
    state.play.advantage = "us"
    drawn = _event(state, "A", 1)
    assert state.play.advantage == "us" and "favoured us: ignored [23.6]" in drawn.effect


def _eligible(state: SoldiersState, side: str) -> bool:
    return any(g.side == side and g.id in state.arrivals.eligible for g in state.game.groups)


def test_21_6_early_german_reinforcements_only_with_the_advantage() -> None:
    """[21.6] First Event A: "If the German player currently has the advantage, all German
    reinforcements are now eligible"; without it they wait for Second Event A."""
    state = _state("21-hedgerow-assault", 1)
    state.play.advantage = "us"
    drawn = _event(state, "A", 1)
    assert "do not come: us has the advantage, not the German [21.6]" in drawn.effect
    assert not _eligible(state, "german")
    _event(state, "A", 2)
    assert _eligible(state, "german")
    state = _state("21-hedgerow-assault", 1)
    state.play.advantage = "german"
    drawn = _event(state, "A", 1)
    assert _eligible(state, "german") and "condition is met" in drawn.effect


def test_23_6_first_event_b_brings_us_reinforcements_only_without_a_german_difference() -> None:
    """[23.6] First Event B: "If the intelligence level was 0 or in the US player's favor,
    all US reinforcements are now eligible"; Second Event B brings them anyway."""
    state = _state("23-pre-dawn-pillbox-assault")  # German 2
    drawn = _event(state, "B", 1)
    assert "the intelligence difference favoured the German [23.6]" in drawn.effect
    assert not _eligible(state, "us")
    _event(state, "B", 2)
    assert _eligible(state, "us")
    us_intel = Buy(US.forces, (("INTELLIGENCE", 3),), US.reinforcements)
    state = _state("23-pre-dawn-pillbox-assault", buys={"us": us_intel})
    _event(state, "B", 1)
    assert _eligible(state, "us")


def test_24_6_early_us_reinforcements_only_after_forward_deployment() -> None:
    """[24.6] First Event B: "If the US used forward deployment, all US reinforcements are
    now eligible"; bivouacked (a German difference [24.4]) they wait."""
    german = Buy(GERMAN.forces, (("INTELLIGENCE", 3),), GERMAN.reinforcements)
    state = _state("24-beaufort-crossroads", buys={"german": german})
    assert state.game.deployment.modes["us"] == "bivouacked"
    drawn = _event(state, "B", 1)
    assert "not forward [24.6]" in drawn.effect and not _eligible(state, "us")
    us_intel = Buy(US.forces, (("INTELLIGENCE", 6),), US.reinforcements)
    state = _state("24-beaufort-crossroads", buys={"us": us_intel})
    assert state.game.deployment.modes["us"] == "forward"
    _event(state, "B", 1)
    assert _eligible(state, "us")


# --- 24 The Beaufort Crossroads, Raid [24.3] ------------------------------------------------------


def _raid_24() -> SoldiersState:
    state = _state("24-beaufort-crossroads", 2)
    assert state.game.missions()["german"].id == "raid"
    return state


def _text(state: SoldiersState, start: str) -> TextCondition:
    def walk(conds: list[object]) -> list[object]:
        found: list[object] = []
        for c in conds:
            found.append(c)
            found.extend(walk(list(getattr(c, "conditions", []) or [])))
        return found

    return next(
        c
        for c in walk(list(state.game.victory.conditions))
        if isinstance(c, TextCondition) and " ".join(c.text.split()).startswith(start)
    )


def test_24_3_raid_sightings_add_up_over_time_and_open_the_exit() -> None:
    """[24.3] "Have the cross roads hex and at least 5 building hexes (not buildings) in sight
    (not necessarily at the same time) ... No German men may exit until the sight requirement
    has been met.": what was seen at the start of an Action Phase is kept."""
    state = _raid_24()
    sight = _text(state, "The crossroads hex")
    for m in state.able("german"):
        state.troops.suppressed.add(m)  # nobody sees now
    found = judge_text(state, sight)
    assert found is not None and not found[0]
    assert not sight_met(state) and not exit_hexes(state, "german")
    buildings = [h for h in state.game.amap.hexes if "building" in state.game.terrains(h)]
    state.field.sighted = {state.game.name(h) for h in sorted(buildings, key=state.game.name)[:4]}
    state.field.sighted.add(CROSSROADS)
    found = judge_text(state, sight)
    assert found is not None and not found[0] and "4 building hexes" in found[1]
    # a German standing in a fifth building hex sees it; the start of a phase keeps it
    fifth = sorted(buildings, key=state.game.name)[4]
    man = state.able("german")[0]
    state.troops.suppressed.discard(man)
    state.troops.hexes[man] = fifth
    look(state)
    assert state.game.name(fifth) in state.field.sighted
    state.troops.hexes[man] = state.game.by_name["A/0101"]
    found = judge_text(state, sight)
    assert found is not None and found[0], found
    assert sight_met(state) and exit_hexes(state, "german")


def test_24_3_raid_exit_needs_ten_less_one_for_each_us_man_disabled() -> None:
    """[24.3] "exit at least 10 German men ... The exit requirement is reduced by one for each
    US man disabled." """
    state = _raid_24()
    exit_ = _text(state, "Exit at least 10 German men")
    germans = state.able("german")[:3]
    for m in germans:
        state.troops.exited.add(m)
        del state.troops.hexes[m]
    found = judge_text(state, exit_)
    assert found is not None and not found[0] and "10 needed" in found[1]
    for m in state.able("us")[:7]:
        state.troops.disabled[m] = "killed"
    found = judge_text(state, exit_)
    assert found is not None and found[0] and "7 US men disabled: 3 needed [24.3]" in found[1]


def test_24_3_raid_us_wins_with_captures_counting_two_and_the_lying_germans() -> None:
    """[24.3] US Victory: "Kill or capture at least 10 German men. Each man captured counts as
    two men killed; incapacitated Germans on the map are considered killed if no able Germans
    are on the map." """
    state = _raid_24()
    kills = _text(state, "Kill or capture")
    germans = state.able("german")
    us = state.able("us")[0]
    assert len(germans) >= 7
    for m in germans[:4]:
        state.troops.disabled[m] = "killed"
    for m in germans[4:6]:
        state.troops.disabled[m] = "captured"
        state.troops.captured[m] = us
    found = judge_text(state, kills)
    assert found is not None and not found[0] and ": 8 of 10" in found[1]
    for m in germans[6:]:
        state.troops.disabled[m] = "incapacitated"
    found = judge_text(state, kills)
    assert found is not None and found[0] and "no able German there" in found[1]
    state.troops.disabled.pop(germans[-1])  # one able German still on the map
    found = judge_text(state, kills)
    assert found is not None and not found[0] and ": 8 of 10" in found[1]


def test_20_3_raid_draw_counts_an_incapacitated_man_left_alone_as_killed() -> None:
    """[20.3] Draw: "at least 50% of the US force is killed or captured ... (An incapacitated
    man is considered killed if he is still on the map when there are no other able US men on
    the map.)" """
    state = _raid()
    us = state.able("us")
    half = (len(us) + 1) // 2
    for m in us[: half - 1]:
        state.troops.disabled[m] = "killed"
    state.troops.disabled[us[half - 1]] = "incapacitated"
    draw = next(
        c
        for c in _walk(state)
        if isinstance(c, Casualties) and c.award is not None and c.award.result == "draw"
    )
    notes: list[str] = []
    assert judge(state, draw, False, notes) is False  # able US men are on the map
    for m in us[half:]:
        del state.troops.hexes[m]
        state.troops.exited.add(m)
    notes = []
    assert judge(state, draw, False, notes) is True
    assert "1 incapacitated counted as killed [20.3]" in notes[-1]


def _walk(state: SoldiersState) -> list[object]:
    def walk(conds: list[object]) -> list[object]:
        found: list[object] = []
        for c in conds:
            found.append(c)
            found.extend(walk(list(getattr(c, "conditions", []) or [])))
        return found

    return walk(list(state.game.victory.conditions))


def test_20_3_raid_exit_opens_when_the_target_is_destroyed_before_cycle_4() -> None:
    """[20.3] "US men may move off the map from the north edge of map D after their objective
    is destroyed or after three Command Cycles, whichever occurs first." """
    state = _raid()
    assert not exit_hexes(state, "us")
    state.field.destroyed |= {
        state.game.name(h) for h in scenario_effects.parts(state, "raid-target")[0]
    }
    assert exit_hexes(state, "us")
    state = _raid()
    state.play.cycle = 4
    assert exit_hexes(state, "us")


# --- 21 and 24 the wind; 25 Counterattack [21.6; 24.6; 25.6] ------------------------------------


def test_21_6_24_6_the_wind_changes_once_determined_and_the_smoke_dissipates() -> None:
    """[21.6; 24.6] "If the wind direction has been determined already, roll again on the
    scatter indicator and adjust the Wind marker accordingly; if there is any smoke on the map,
    it dissipates. If the wind direction has not yet been determined, ignore this event." """
    for name, letter in (("21-hedgerow-assault", "B"), ("24-beaufort-crossroads", "A")):
        state = _state(name)
        drawn = _event(state, letter, 1)
        assert "wind direction has not been determined" in drawn.effect
        assert "[21.6; 24.6]" in drawn.effect
        state = _state(name)
        smoke = smoke_of(state)
        smoke.wind = 0
        some = state.game.name(next(iter(state.troops.hexes.values())))
        smoke.outside = {some}
        state.force_dice(4)
        drawn = _event(state, letter, 1)
        first = min(state.game.amap.hexes, key=state.game.name)
        assert smoke.wind == state.game.amap.direction_to_global(first, 4)
        assert not smoke.outside and f"the smoke markers in {some} are removed" in drawn.effect


def _active(state: SoldiersState, side: str) -> None:
    state.active.chit = next(c for c, chit in sorted(state.game.chits.items()) if chit.side == side)


def test_25_6_artillery_strike_gives_the_active_player_one_strike_without_a_call() -> None:
    """[25.6] Second Event A: "If the active player has artillery support he may resolve one
    strike against any hex in his radioman's sight ... no call is needed. If the active player
    does not have artillery support ignore this event." """
    state = _state("25-counterattack")
    _active(state, "german")
    drawn = _event(state, "A", 2)
    assert "no artillery support: ignored [25.6]" in drawn.effect
    assert state.artillery.free_call is None
    german = Buy(GERMAN.forces, (("ART-LIGHT", 1),), GERMAN.reinforcements)
    state = _state("25-counterattack", buys={"german": german})
    _active(state, "german")
    drawn = _event(state, "A", 2)
    assert state.artillery.free_call == "german" and "[25.6; 17.25]" in drawn.effect


def test_25_6_early_reinforcements_go_to_the_side_with_the_advantage() -> None:
    """[25.6] First Event B: First Event A not yet come, the side with the advantage receives
    its reinforcements; come, the US gains the advantage and his reinforcements."""
    state = _state("25-counterattack")
    state.play.advantage = "german"
    drawn = _event(state, "B", 1)
    assert _eligible(state, "german") and not _eligible(state, "us")
    assert "german, with the advantage, receives his reinforcements [25.6]" in " ".join(
        e.effect for e in state.log if isinstance(e, EventDrawn)
    )
    state = _state("25-counterattack")
    state.play.advantage = "german"
    _event(state, "A", 1)
    drawn = _event(state, "B", 1)
    assert state.play.advantage == "us"
    assert _eligible(state, "us") and not _eligible(state, "german")
    assert "reinforcements of us may enter" in drawn.effect
    _event(state, "B", 2)  # Other Reinforcements: those not yet entered [25.6]
    assert _eligible(state, "german")


# --- special rules in words the engine plays [22.2; 24.3; 26.4] ----------------------------------


def _not_enforced(state: SoldiersState) -> str:
    return "\n".join(type(state.game).rules_not_enforced(state.game.scenario))


def test_22_2_both_players_make_operational_moves_the_us_first() -> None:
    """[22.2] "Both players may conduct operational moves prior to the first Command Cycle - US
    player first."; "Make an advantage check at the beginning of the scenario": the start's
    d10 roll-off [10.4]. Neither rule is listed as in words any more."""
    state = _state("22-street-fighting-in-grave")
    assert state.play.phase == "operational" and state.play.operational == ["us", "german"]
    assert state.play.advantage in ("us", "german")
    words = _not_enforced(state)
    assert "operational moves prior" not in words and "advantage check" not in words
    assert "Men may start stacked" in words  # still in words


def test_24_3_limited_attack_building_hexes_start_us_occupied() -> None:
    """[24.3] Limited Attack: "All buildings have already been US occupied at the start of the
    scenario": every empty building hex was last occupied by the US [19.7]."""
    state = _state("24-beaufort-crossroads", 1)
    assert state.game.missions()["german"].id == "limited-attack"
    game = state.game
    occupied = {game.name(h) for h in state.troops.hexes.values()}
    empty = [
        game.name(h)
        for h in game.amap.hexes
        if "building" in game.terrains(h) and game.name(h) not in occupied
    ]
    assert empty and all(state.troops.last_in[n] == "us" for n in empty)
    assert "already been US occupied" not in _not_enforced(state)
    other = _state("24-beaufort-crossroads", 0)  # Determined Assault: no such rule
    assert any(n not in other.troops.last_in for n in empty)


def test_26_4_the_airdrop_and_german_deployment_rules_are_played() -> None:
    """[26.4] The airdrop and the German Deployment table are played (the airdrop's tables,
    the Chit Activation table): no longer listed as rules in words; nor, since it is played
    too (rules.soldiers.airborne_turns), 26.3's first-cycle US leader chits [26.3]."""
    words = _not_enforced(_state("26-airborne"))
    assert "night or dawn drop" not in words and "German Deployment table" not in words
    assert "All US leader command chits" not in words  # played [26.3]


def test_26_5_sniper_fire_hits_the_us_platoon_leader_in_german_sight() -> None:
    """[26.5] Second Event B: "If the US platoon leader is in play and in sight of any German
    man capable of aimed fire, the platoon leader takes damage on the appropriate Damage
    Table."; an unmodified 10 kills [8.42]. Out of sight, nothing."""
    us = Buy(
        (("US-AIRBORNE-1", False), ("US-AIRBORNE-2", True), ("US-PL", False)), (), ("US-VETERAN",)
    )
    state = _state("26-airborne", 1, buys={"us": us})
    game, troops = state.game, state.troops
    leader = next(ch.leader for ch in game.chits.values() if ch.side == "us" and ch.kind == "pl")
    assert leader is not None and leader in troops.hexes
    german = sorted(
        m
        for m in troops.waiting
        if game.men[m].side == "german" and "aimed" in game.men[m].weapon.fire
    )[0]
    at = troops.hexes[leader]
    near = next(h for h in at.neighbors() if h in game.amap.hexes and state.sees(h, at))
    troops.waiting.discard(german)
    troops.hexes[german] = near
    state.force_dice(10)
    drawn = _event(state, "B", 2)
    assert f"{german} sees {leader}: sniper fire [26.5]" in " ".join(
        e.effect for e in state.log if isinstance(e, EventDrawn)
    )
    assert troops.disabled.get(leader) == "killed", drawn
    state = _state("26-airborne", 1, buys={"us": us})
    drawn = _event(state, "B", 2)  # no German on the map
    assert "no German man capable of aimed fire sees" in " ".join(
        e.effect for e in state.log if isinstance(e, EventDrawn)
    )
    assert leader not in state.troops.disabled


def test_23_3_raid_exit_opens_once_the_prisoners_are_taken_or_after_two_cycles() -> None:
    """[23.3] Raid: "US men and captured German men may move off the map from any map-edge hex
    in zone 2, but only after the prisoner(s) required for victory have been captured or
    after two Command Cycles": two German men, or one German leader."""
    state = _state("23-pre-dawn-pillbox-assault", 2)
    assert state.game.missions()["us"].id == "raid"
    game, troops = state.game, state.troops
    guard = state.able("us")[0]
    assert not exit_hexes(state, "us")
    germans = state.able("german")
    men = [m for m in germans if not game.men[m].command]
    leader = next(m for m in germans if game.men[m].command)
    troops.disabled[men[0]] = "captured"
    troops.captured[men[0]] = guard
    assert not exit_hexes(state, "us")  # one man: not enough
    troops.disabled[men[1]] = "captured"
    troops.captured[men[1]] = guard
    assert exit_hexes(state, "us")
    state = _state("23-pre-dawn-pillbox-assault", 2)
    state.troops.disabled[leader] = "captured"
    state.troops.captured[leader] = guard
    assert exit_hexes(state, "us")
    state = _state("23-pre-dawn-pillbox-assault", 2)
    state.play.cycle = 3
    assert exit_hexes(state, "us")


def test_26_3_reconnaissance_eight_sighters_then_as_many_off_three_of_them_among() -> None:
    """[26.3] Reconnaissance: "Move at least 8 men onto map C, in sight of both buildings of the
    command center (at least two hexes of each) then move at least the same number of able men
    off the north edge of map A or B ... At least three men who were among the original eight
    sighters must be among those that exit. No man may leave the map until at least eight have
    sighted the buildings." """
    state = _state("26-airborne", 0)
    assert state.game.missions()["us"].id == "reconnaissance"
    game, troops = state.game, state.troops
    recon = _text(state, "At least 8 men move onto map C")
    us = sorted(m for m in troops.hexes if game.men[m].side == "us")
    assert len(us) >= 9
    assert not exit_hexes(state, "us")  # nobody has sighted the buildings
    # a man on map C with two hexes of each building in sight is a sighter; looking keeps him
    seer = us[0]
    troops.suppressed.discard(seer)
    spots = sorted((h for h in game.amap.hexes if game.name(h).startswith("C/")), key=game.name)
    for h in spots:
        troops.hexes[seer] = h
        if seer in sighters_now(state):
            break
    assert seer in sighters_now(state)
    look(state)
    troops.hexes[seer] = game.by_name["A/0101"]
    assert sighters(state) == {seer}
    found = judge_text(state, recon)
    assert found is not None and not found[0] and "1 US men have sighted" in found[1]
    # seven more sighters kept from earlier looks: eight, the exit opens
    state.field.marks |= {SIGHTER + m for m in us[1:8]}
    assert exit_hexes(state, "us")
    off = us[6:]  # two sighters among them
    for m in off:
        del troops.hexes[m]
        troops.exited.add(m)
    found = judge_text(state, recon)
    assert found is not None and not found[0]
    assert f"{len(off)} able men moved off, 2 of them sighters" in found[1]
    for m in us[:6]:
        del troops.hexes[m]
        troops.exited.add(m)
    found = judge_text(state, recon)
    assert found is not None and found[0], found
