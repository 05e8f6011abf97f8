"""Panzer '44 Indirect Fire [6.4], counterbattery [6.7], off-board artillery [15.0] and close
air support [16.0].

The book has no worked example of Indirect Fire, scatter or counterbattery (its only
"Example"s are the column entry of [18.62] and the exit points of [18.5]), so the procedures are
pinned on our own position on the Panzer '44 map, every die forced. Clear hexes, except the
woods in 1406. The US is the First Player: its Indirect Fire segment comes first [4.1] 6.
Dice are rolled in this order for each fire: scatter, the direction if it scatters, one attack
per unit in the zone (the impact hex, then its neighbours clockwise from the north-west), then
the counterbattery spotting roll of an on-map firer [6.71].
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from model.yamlio import read_yaml_text
from rules.bots.base import RandomBot, play
from rules.engine.actions import SHARED, Action, parse_action
from rules.engine.errors import ActionSyntaxError, IllegalActionError
from rules.engine.events import Event
from rules.panzer44.actions import Plot
from rules.panzer44.events import (
    CounterbatterySpotting,
    FireResolved,
    FireVoid,
    ImpactDetermined,
    ResultApplied,
)
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.records.position import position_text, read_position
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

POSITION = """
schema_version: 1
id: test-p44-indirect
title: Indirect fire test position
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
      - {unit: 81m, placement: {kind: hex, hex: "0808"}}
      - {unit: 105f, placement: {kind: hex, hex: "0505"}}
      - {unit: Inf, placement: {kind: hex, hex: "0912"}}
    support:
      - {kind: OFBDA, count: 2, strength: 7H, note: "OFBDA-2(7H)"}
      - {kind: CAS, count: 2, strength: 5H, note: "CAS-2(5H)"}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1011"}}
      - {unit: PzV, placement: {kind: hex, hex: "1012"}}
      - {unit: Inf, placement: {kind: hex, hex: "1406"}}
      - {unit: 82m, placement: {kind: hex, hex: "1410"}}
first_player: us
length: {turns: 3, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "indirect.yaml")


def new_state(seed: int = 1) -> Panzer44State:
    game = load_game(position())
    assert isinstance(game, Panzer44Game)
    return game.new_initial_state(seed)


def to_indirect_fire(
    state: Panzer44State,
    us: list[str],
    german: list[str] = (),  # type: ignore[assignment]
    support: list[str] = (),  # type: ignore[assignment]
    dice: tuple[int, ...] = (),
) -> list[Event]:
    """Plot, allocate the US support, force the dice and play to the end of the Game-Turn."""
    for text in [*us, "done us", *german, "done german", *support]:
        state.apply(text)
    if dice:
        state.force_dice(*dice)
    events = state.apply("done us")
    if "german" in state.to_act():
        events += state.apply("done german")
    assert state.play.turn == 2 and state.segment.id == "plot"
    return events


def of(kind: type, events: list[Event]) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_if_on_a_spotted_hex_hits_every_unit_in_the_pattern_friend_or_foe() -> None:
    state = new_state()
    # 105f (5 H) Loose at 1011, on target: the zone is 1011 and its six neighbours [6.21];
    # in it the German Inf (1011), the PzV (1012, S) and the US Inf (0912, SW) [6.22].
    events = to_indirect_fire(state, ["plot us.105f.1 IF 1011 L"], dice=(1, 6, 6, 6))
    (impact,) = of(ImpactDetermined, events)
    assert (impact.target_hex, impact.impact_hex, impact.scattered) == ("1011", "1011", False)
    assert impact.zone == ("1011", "0911", "1010", "1111", "1112", "1012", "0912")
    assert impact.units == ("german.Inf.1", "german.PzV.1", "us.Inf.1")
    fired = {e.target: e for e in of(FireResolved, events)}
    assert set(fired) == {"german.Inf.1", "us.Inf.1"}
    inf = fired["german.Inf.1"]  # HL vs. Soft: no attenuation [6.93], printed Defense
    assert (inf.task, inf.procedure, inf.attack, inf.defense, inf.superiority) == (
        "IF", "HL vs. Soft", 5, 5, 0,
    )  # fmt: skip
    assert "[6.4]" in inf.rule and "[6.22]" in inf.rule and "[6.81]" in inf.rule
    assert "HL vs. Soft" in (inf.placeholder or "")  # the row is the data library's
    # the PzV [10] against Loose Pattern fire: printed Defense, -5: prohibited [6.81]
    (void,) = [e for e in of(FireVoid, events) if "german.PzV.1" in e.reason]
    assert "below -3: prohibited [6.81]" in void.reason
    (cb,) = of(CounterbatterySpotting, events)
    assert (cb.unit, cb.roll, cb.needed, cb.spotted) == ("us.105f.1", 6, 1, False)


def test_tight_pattern_at_a_hard_target_uses_defense_4() -> None:
    events = to_indirect_fire(new_state(), ["plot us.105f.1 IF 1012"], dice=(1, 3, 6))
    (attack,) = of(FireResolved, events)
    assert (attack.target, attack.procedure, attack.defense, attack.superiority) == (
        "german.PzV.1", "HT vs. Hard", 4, 1,
    )  # fmt: skip
    assert [m.rule for m in attack.modifiers] == ["[6.86]", "[6.85] [10.22]"]


@pytest.mark.parametrize(
    ("plot", "message"),
    [
        (
            "plot us.81m.1 IF 1406",
            r"no friendly unit spots the enemy in 1406 \[6\.43\], \[11\.14\]",
        ),
        ("plot us.81m.1 IF 2020", r"beyond its range of 10 \[6\.92\]"),
        ("plot us.Inf.1 IF 1011", r"only the units \[6\.41\] names, artillery and mortars"),
        ("plot us.Inf.1 CB T", r"fire Counterbattery: only the units \[6\.41\] names"),
    ],
)
def test_indirect_fire_plots_that_break_a_rule_are_refused(plot: str, message: str) -> None:
    state = new_state()
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(plot)
    assert state.fingerprint() == before


def test_legal_plots_list_if_at_spotted_enemy_hexes_and_cb() -> None:
    plots = {a.text() for a in new_state().legal_actions("us") if isinstance(a, Plot)}
    assert {"plot us.81m.1 IF 1011", "plot us.81m.1 IF 1011 L", "plot us.81m.1 CB T"} <= plots
    assert "plot us.81m.1 IF 1406" not in plots  # the German in the woods is not spotted
    assert "plot us.105f.1 IF 1410 L" in plots  # a vacant-looking range of 60 reaches it


def test_a_vacant_spotted_hex_may_be_targeted() -> None:
    state = new_state()
    state.apply("plot us.81m.1 IF 0909")  # [6.47]: in hope that an enemy moves in
    assert state.orders.plots["us"]["us.81m.1"].target == "0909"


def test_scatter_moves_the_impact_one_hex_by_the_diagram() -> None:
    # 2: scatter [6.48]; 4 on the Scatter Diagram: S (a placeholder, said so); 1011 -> 1012
    events = to_indirect_fire(new_state(), ["plot us.81m.1 IF 1011"], dice=(2, 4, 6, 6))
    (impact,) = of(ImpactDetermined, events)
    assert (impact.scattered, impact.direction_roll, impact.direction) == (True, 4, "S")
    assert (impact.impact_hex, impact.units) == ("1012", ("german.PzV.1",))
    assert "Scatter Diagram 4 = S: numbered clockwise from north" in (impact.placeholder or "")
    (attack,) = of(FireResolved, events)  # Tight: the German Inf in 1011 is spared
    assert attack.target == "german.PzV.1"
    assert "Scatter Diagram" in (attack.placeholder or "")


def test_loose_pattern_that_scatters_still_covers_the_target_hex() -> None:
    # [6.48]: scatter 5, direction 6 (NW): impact 0911, whose zone holds 1011 all the same
    events = to_indirect_fire(new_state(), ["plot us.105f.1 IF 1011 L"], dice=(5, 6, 6, 6, 6))
    (impact,) = of(ImpactDetermined, events)
    assert (impact.impact_hex, impact.direction) == ("0911", "NW")
    assert "1011" in impact.zone and "german.Inf.1" in impact.units


def test_each_player_applies_his_results_before_the_other_fires() -> None:
    state = new_state()
    # US 105f on the 82m: on target, roll 3: D-1; spotting 6. Applied at the end of the US
    # segment [4.1] 6; the 82m, disrupted in this same phase, still fires [6.15]: on target,
    # at its own Inf in 1011 (roll 6), spotting 6.
    events = to_indirect_fire(
        state, ["plot us.105f.1 IF 1410"], ["plot german.82m.1 IF 1011"], dice=(1, 3, 6, 1, 6, 6)
    )
    kinds = [(type(e).__name__, getattr(e, "firer", getattr(e, "unit", ""))) for e in events]
    us_applied = kinds.index(("ResultApplied", "german.82m.1"))
    assert us_applied < kinds.index(("ImpactDetermined", "german.82m.1"))
    assert [(e.firer, e.target, e.result) for e in of(FireResolved, events)] == [
        ("us.105f.1", "german.82m.1", "D-1"),
        ("german.82m.1", "german.Inf.1", "Pin"),  # friendly fire [6.22]
    ]
    assert state.fire.disruption == {"german.82m.1": 1}


def test_results_of_indirect_fire_apply_at_the_end_of_the_players_segment() -> None:
    state = new_state()
    # 105f 5 H Tight on the Inf [6]: -1; a roll of 6 reads the placeholder CRT cell
    events = to_indirect_fire(state, ["plot us.105f.1 IF 1011"], dice=(1, 6, 6))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("ResultApplied") > kinds.index("FireResolved")
    (fire,) = of(FireResolved, events)
    applied = [e for e in of(ResultApplied, events) if e.unit == "german.Inf.1"]
    assert [e.result for e in applied] == ([fire.result] if fire.result != "•" else [])


def test_counterbattery_fires_at_a_unit_spotted_firing_indirect_fire() -> None:
    state = new_state()
    events = to_indirect_fire(
        state,
        ["plot us.81m.1 IF 1011"],
        ["plot german.82m.1 CB T"],
        # 81m: on target, attack on the Inf, spotted (1) [6.71]; the 82m fires at once:
        # on target, attack on the 81m; its own spotting roll (6): concealed [6.76]
        dice=(1, 4, 1, 1, 5, 6),
    )
    spotting = of(CounterbatterySpotting, events)
    assert [(e.unit, e.roll, e.spotted) for e in spotting] == [
        ("us.81m.1", 1, True),
        ("german.82m.1", 6, False),
    ]
    impacts = of(ImpactDetermined, events)
    assert [(e.firer, e.impact_hex, e.units) for e in impacts] == [
        ("us.81m.1", "1011", ("german.Inf.1",)),
        ("german.82m.1", "0808", ("us.81m.1",)),
    ]
    cb = [e for e in of(FireResolved, events) if e.firer == "german.82m.1"]
    assert [(e.task, e.target, e.procedure) for e in cb] == [("CB", "us.81m.1", "HT vs. Soft")]
    assert "[6.72]" in cb[0].rule and "[6.75]" in (cb[0].placeholder or "")
    assert state.support.cb_spotted == {"us.81m.1": state.game.amap.resolve("0808")}  # [6.78]
    assert state.support.cb_fired == {"german.82m.1": 1}


ALTERNATE = POSITION.replace(
    "victory: {scoring: most-vp}",
    "rules: {options: [alternate-counterbattery]}\nvictory: {scoring: most-vp}",
)


def fire_twice(text: str) -> list[list[CounterbatterySpotting]]:
    """The 81m fires Indirect Fire at 1011 from 0808 on Game-Turns One and Two, the German 82m
    plotted CB, with forced dice: on target (1), no effect on the Inf (6), a spotting roll of
    2; on Game-Turn Two, if spotted, the 82m's CB on target (1), its attack (6), its own
    spotting roll (6)."""
    state = load_game(parse_scenario(text, "alternate.yaml")).new_initial_state(1)
    assert isinstance(state, Panzer44State)
    found = []
    for dice in ((1, 6, 2), (1, 6, 2, 1, 6, 6)):
        for action in ("plot us.81m.1 IF 1011", "plot german.82m.1 CB T", "done us"):
            state.apply(action)
        state.apply("done german")
        state.force_dice(*dice)
        found.append(of(CounterbatterySpotting, state.apply("done us")))
    return found


def test_the_alternate_procedure_spots_a_unit_firing_again_from_its_hex_on_a_2() -> None:
    """[6.79] (optional, chosen in the scenario's ``rules.options``): "the second time a unit
    fires from a given position, a die roll of one or two Spots it". The same rolls of 2 leave
    the 81m concealed under the standard rule [6.71]; under the alternate procedure its second
    Game-Turn of fire from 0808 is spotted and draws the 82m's counterbattery [6.72]."""
    first, second = fire_twice(ALTERNATE)
    assert [(e.unit, e.roll, e.needed, e.spotted) for e in first] == [("us.81m.1", 2, 1, False)]
    assert [(e.unit, e.roll, e.needed, e.spotted) for e in second] == [
        ("us.81m.1", 2, 2, True),
        ("german.82m.1", 6, 1, False),  # its first Game-Turn of fire from 1410
    ]
    assert "[6.79]" in second[0].rule and "Game-Turn 2 of firing from 0808" in second[0].rule
    standard = fire_twice(POSITION)
    assert [(e.roll, e.needed, e.spotted) for turn in standard for e in turn] == [
        (2, 1, False),
        (2, 1, False),
    ]
    assert "[6.79] is not played" in standard[1][0].rule


def test_the_alternate_count_starts_again_in_a_new_hex_and_is_kept_in_positions() -> None:
    """[6.79]: "from the same hex": the 81m that moves (Game-Turn Two) is spotted again only
    on a 1 when it fires from its new hex (Game-Turn Three); the count is written in position
    files (``fired-turns``, ``fired-from``) and read back."""
    state = load_game(parse_scenario(ALTERNATE, "alternate.yaml")).new_initial_state(1)
    assert isinstance(state, Panzer44State)
    to_indirect_fire(state, ["plot us.81m.1 IF 1011"], dice=(1, 6, 6))
    places = {p.id: p for p in state.to_position().units}
    assert places["us.81m.1"].values == {"fired-turns": 1, "fired-from": "0808"}
    _, back = read_position(
        read_yaml_text(position_text(state.to_position()), "pos.yaml"), state.game.loaded
    )
    assert back.position_fingerprint() == state.position_fingerprint()
    state.apply("plot us.81m.1 MV")  # the German has nothing to plot this Game-Turn
    state.apply("done us")
    state.apply("done us")
    state.apply("move us.81m.1 0708")
    while state.play.turn == 2:
        state.apply(state.legal_actions()[-1])
    state.apply("plot us.81m.1 IF 1011")
    state.apply("done us")
    state.apply("done german")
    state.force_dice(1, 6, 2)
    (spotting,) = of(CounterbatterySpotting, state.apply("done us"))
    assert (spotting.hex, spotting.roll, spotting.needed, spotting.spotted) == ("0708", 2, 1, False)
    assert state.support.fired_from == {"us.81m.1": (state.game.amap.resolve("0708"), 1)}


def test_counterbattery_is_not_triggered_when_the_firer_stays_concealed() -> None:
    events = to_indirect_fire(
        new_state(), ["plot us.81m.1 IF 1011"], ["plot german.82m.1 CB L"], dice=(1, 4, 2)
    )
    assert [e.firer for e in of(ImpactDetermined, events)] == ["us.81m.1"]


def test_an_offboard_concentration_is_used_once() -> None:
    state = new_state()
    state.apply("done us")
    state.apply("done german")
    listed = {a.text() for a in state.legal_actions("us")}
    assert {"plot us.OFBDA.1 IF 1011", "plot us.OFBDA.1 IF 1011 L", "plot us.CAS.1 IF 1011"} <= (
        listed
    )
    assert "plot us.OFBDA.2 IF 1011" not in listed  # the next of an entry only
    assert "plot us.CAS.1 IF 1011 L" not in listed  # always Tight [16.21]
    state.apply("plot us.OFBDA.1 IF 1011 L")
    with pytest.raises(IllegalActionError, match=r"used once \[15\.12\]"):
        state.apply("plot us.OFBDA.1 IF 1012")
    assert "plot us.OFBDA.2 IF 1012" in {a.text() for a in state.legal_actions("us")}
    with pytest.raises(IllegalActionError, match=r"unspotted hex \[15\.13\]"):
        state.apply("plot us.OFBDA.2 IF 1406")
    with pytest.raises(IllegalActionError, match=r"always a Tight Pattern attack \[16\.21\]"):
        state.apply("plot us.CAS.1 IF 1011 L")
    state.force_dice(1, 6, 6, 6)
    events = state.apply("done us")  # the German has no support: done by itself
    (impact,) = of(ImpactDetermined, events)
    assert impact.firer == "us.OFBDA.1" and len(impact.zone) == 7
    fired = of(FireResolved, events)
    assert {e.target for e in fired} == {"german.Inf.1", "german.PzV.1", "us.Inf.1"}
    assert all(e.attack == 7 and e.range == 0 and "[15.11]" in e.rule for e in fired)
    assert not of(CounterbatterySpotting, events)  # off-board artillery is never spotted
    state.apply("done us")
    state.apply("done german")
    with pytest.raises(IllegalActionError, match=r"used once \[15\.12\]"):
        state.apply("plot us.OFBDA.1 IF 1011")


def test_support_is_allocated_only_after_the_plots() -> None:
    with pytest.raises(IllegalActionError, match=r"in the allocate-support segment"):
        new_state().apply("plot us.OFBDA.1 IF 1011")


@pytest.mark.parametrize(
    ("dice", "impact_hex", "scattered"),
    [
        ((1, 6), "1011", False),
        ((2, 6), "1011", False),  # [16.1]: a 2 is on target for an air strike
        ((3, 1, 6), "1010", True),  # 3-6 scatter one hex; 1 on the diagram: N
        ((6, 2, 6), "1111", True),  # 2: NE
    ],
)
def test_close_air_support_scatters_per_16_1(
    dice: tuple[int, ...], impact_hex: str, scattered: bool
) -> None:
    state = new_state()
    events = to_indirect_fire(state, [], support=["plot us.CAS.1 IF 1011"], dice=dice)
    (impact,) = of(ImpactDetermined, events)
    assert (impact.impact_hex, impact.scattered, impact.zone) == (
        impact_hex, scattered, (impact_hex,),
    )  # fmt: skip
    assert impact.rule == "[16.1]" and "close air support" in impact.table
    assert all("[16.21]" in e.rule for e in of(FireResolved, events))


def test_indirect_fire_disrupted_by_direct_fire_is_cancelled_even_if_recovered() -> None:
    state = new_state()
    # The PzV's Direct Fire disrupts the 81m (roll 1: D-2); it recovers in the Removal Phase
    # (roll 1) and still may not fire its Indirect Fire [6.46].
    events = to_indirect_fire(
        state, ["plot us.81m.1 IF 1011"], ["plot german.PzV.1 DF 0808"], dice=(1, 1)
    )
    (df,) = of(FireResolved, events)
    assert df.result.startswith("D-")
    assert "us.81m.1" not in state.fire.disruption
    (void,) = of(FireVoid, events)
    assert void.firer == "us.81m.1" and "[6.46]" in void.reason
    assert not of(ImpactDetermined, events)


@pytest.mark.parametrize(
    "text",
    [
        "plot us.OFBDA.2 IF 1215 L",
        "plot french.CAS.1 IF 1215",
        "plot us.105f.1 IF 1215",
        "plot us.81m.1 IF 1215 L",
        "plot us.105f.1 CB T",
        "plot us.81m.1 CB L",
    ],
)
def test_indirect_fire_and_support_actions_round_trip(text: str) -> None:
    action = parse(text)
    assert isinstance(action, Plot) and action.text() == text
    assert parse(action.text()) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("plot us.105f.1 CB", r"a CB plot needs its pattern, T or L \[6\.73\]"),
        ("plot us.OFBDA.1 IF", r"a IF plot needs its target hex \[5\.0\]"),
        ("plot us.OFBDA.1 IF 1215 X", r"'X' is not a pattern \(T or L\)"),
    ],
)
def test_malformed_indirect_fire_plots_do_not_parse(text: str, message: str) -> None:
    with pytest.raises(ActionSyntaxError, match=message):
        parse(text)


def test_a_scenario_ban_on_indirect_fire_is_kept() -> None:
    state = load_game(load_scenario(SCENARIOS / "19.2-sedan-revenged.yaml")).new_initial_state(1)
    with pytest.raises(IllegalActionError, match=r"bans german's indirect fire"):
        state.apply("plot german.Wspe.1 CB T")


@pytest.mark.parametrize(
    ("scenario", "seed"),
    [("19.2-sedan-revenged.yaml", 5), ("19.7-assault-on-fort-driant.yaml", 2)],
)
def test_a_random_game_with_support_ends_and_replays(scenario: str, seed: int) -> None:
    loaded = load_scenario(SCENARIOS / scenario)
    state = load_game(loaded).new_initial_state(seed)
    play(state, {s: RandomBot(seed * 10 + i) for i, s in enumerate(state.game.sides)})
    assert state.is_terminal() and state.outcome() is not None
    impacts = of(ImpactDetermined, state.log)
    assert any(e.firer in state.game.support for e in impacts)
    again = replay(Replay.from_text(Replay.of(state).to_text()), loaded=loaded)
    assert again.state.fingerprint() == state.fingerprint()


def parse(text: str) -> Action:
    """A text read by the verbs of a Panzer '44 game."""
    return parse_action(text, (*SHARED, *Panzer44Game.actions))
