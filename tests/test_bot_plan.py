"""Bot plans written by the designer (issue 17): the model, the ``bot-plan`` check, and the
heuristic bots following a plan (Panzer '44's here, the greedy bot's in
``test_bot_plan_greedy.py``). No book has bot plans: every rule pinned here is Hexwright's own
(:mod:`rules.bots.plan`, "our reading"); the book sections cited are those of the moves and
plots the bots make."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from model import edits_plan
from model.edits_rules import RulesEditError
from model.regions import HexesRegion
from model.scenario import BotPlan, Hold, PlanObjective
from model.scenario_io import dump_scenario, parse_scenario
from model.yamlio import read_yaml_text
from rules.checks import run_checks
from rules.engine.actions import Done, Move
from rules.panzer44.actions import Plot
from rules.panzer44.bot.heuristic import HeuristicBot
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.registry import load_game

POSITION = """
schema_version: 1
id: test-plan-{name}
title: Bot plan test position ({name})
system: panzer44
original: true
map:
  layout:
    sections: [{{section: P44}}]
sides:
  - id: us
    name: American
    nation: us
    forces: {us}
{plan}
  - id: german
    name: German
    nation: germany
    forces: {german}
first_player: us
length: {{turns: {turns}, unit: game-turn}}
victory: {victory}
"""

OWN_HEX = (
    "{{scoring: most-vp, conditions: ["
    "{{kind: units-in, side: us, region: {{kind: hexes, hexes: ['{hex}']}}, award: {{vp: 1}}}}]}}"
)


def _forces(units: dict[str, list[str]], labels: dict[str, str] | None = None) -> str:
    labels = labels or {}
    return "".join(
        f'\n      - {{unit: {u}, placement: {{kind: hex, hex: "{h}"}}'
        + (f", label: {labels[h]}" if h in labels else "")
        + "}"
        for u, hexes in units.items()
        for h in hexes
    )


def scenario_text(
    name: str,
    us: dict[str, list[str]],
    german: dict[str, list[str]],
    plan: str = "",
    victory: str = "{scoring: most-vp}",
    turns: int = 6,
    labels: dict[str, str] | None = None,
) -> str:
    return POSITION.format(
        name=name, us=_forces(us, labels), german=_forces(german), victory=victory,
        plan=f"    plan: {plan}" if plan else "", turns=turns,
    )  # fmt: skip


def position(name: str, *args: object, **kwargs: object) -> Panzer44State:
    text = scenario_text(name, *args, **kwargs)  # type: ignore[arg-type]
    g = load_game(parse_scenario(text, f"{name}.yaml"))
    assert isinstance(g, Panzer44Game)
    return g.new_initial_state(1)


def plots_of(state: Panzer44State, side: str, bot: HeuristicBot) -> dict[str, Plot]:
    """The plots the bot makes for ``side`` in this Mutual Plot Phase [5.0], by unit."""
    found: dict[str, Plot] = {}
    while side in state.to_act() and state.segment.id == "plot":
        action = bot.choose(state, side)
        state.apply(action)
        if isinstance(action, Plot):
            found[action.unit] = action
    return found


def moves_of(state: Panzer44State, side: str, bot: HeuristicBot) -> dict[str, str]:
    """Plot for ``side`` [5.0], let the enemy plot nothing, and play ``side``'s Movement
    Phase [7.0]: where each unit that moved ended."""
    plots_of(state, side, bot)
    other = next(s for s in state.game.sides if s != side)
    while other in state.to_act() and state.segment.id == "plot":
        state.apply(Done(other))
    ends: dict[str, str] = {}
    while "movement" in state.segment.id and side in state.to_act():
        action = bot.choose(state, side)
        state.apply(action)
        if isinstance(action, Move):
            ends[action.unit] = action.path[-1]
    return ends


# --- the model ----------------------------------------------------------------------------------


def test_a_plan_round_trips_through_the_scenario_file() -> None:
    plan = (
        "{posture: defend, objectives: [{region: {kind: place, name: Coincourt}, by_turn: 4},"
        " {region: {kind: hexes, hexes: ['1010']}}], hold: [{units: [reserve], until_turn: 3},"
        " {units: [M4], until_contact: true}], route: ['0810', {kind: hexes, hexes: ['0910']}],"
        " note: hold the town}"
    )
    text = scenario_text("round", {"M4": ["0810"]}, {"Inf": ["3020"]}, plan)
    loaded = parse_scenario(text, "round.yaml")
    plan_model = loaded.scenario.sides[0].plan
    assert plan_model is not None and plan_model.posture == "defend"
    assert plan_model.route[0] == "0810" and len(plan_model.route_regions()) == 2
    again = parse_scenario(dump_scenario(loaded.scenario), "again.yaml")
    assert again.scenario == loaded.scenario


def test_a_hold_says_when_its_units_are_released() -> None:
    with pytest.raises(ValidationError, match="until_turn"):
        Hold(units=["reserve"])
    with pytest.raises(ValidationError):
        BotPlan.model_validate({"posture": "retreat"})


# --- the bot-plan check -------------------------------------------------------------------------


def _findings(plan: str, labels: dict[str, str] | None = None) -> list[str]:
    text = scenario_text(
        "check", {"M4": ["0810"], "Inf": ["0811"]}, {"Inf": ["3020"]}, plan, labels=labels
    )
    loaded = parse_scenario(text, "check.yaml")
    doc = read_yaml_text(text, "check.yaml")
    return [f.format() for f in run_checks(loaded, doc) if f.code == "bot-plan"]


def test_a_sound_plan_has_no_finding() -> None:
    plan = (
        "{posture: attack, objectives: [{region: {kind: hexes, hexes: ['1010']}, by_turn: 3}],"
        " hold: [{units: [reserve, M4], until_turn: 2}], route: ['0910']}"
    )
    assert _findings(plan, {"0811": "reserve"}) == []


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (
            "{posture: defend, hold: [{units: [Tiger], until_turn: 2}]}",
            "check.yaml:17:45: error bot-plan: American's plan holds 'Tiger', which is neither a "
            "label nor a unit type of its forces (Inf, M4)",
        ),
        (
            "{posture: defend, hold: [{units: [M4], until_turn: 9}]}",
            "check.yaml:17:62: error bot-plan: American's plan releases units on game turn 9, "
            "outside the game (game turns 1-6)",
        ),
        (
            "{posture: attack, objectives: [{region: {kind: all-of, regions: ["
            "{kind: hexes, hexes: ['1010']}, {kind: hexes, hexes: ['2020']}]}}]}",
            "check.yaml:17:51: error bot-plan: objective 1 of American's plan has no hex on the map",
        ),
        (
            "{posture: attack, objectives: [{region: {kind: hexes, hexes: ['5030']}, by_turn: 1}]}",
            "check.yaml:17:51: warning bot-plan: objective 1 of American's plan: no unit of this "
            "side can reach the objective by game turn 1 on movement costs alone; the nearest, "
            "Inf (set-up), cannot get there in 1 game turn",
        ),
        (
            "{posture: attack, route: ['0810', '9999']}",
            "check.yaml:17:45: error bot-plan: route waypoint 2: no hex '9999' on this layout",
        ),
    ],
)
def test_the_bot_plan_check_reports_what_a_plan_gets_wrong(plan: str, message: str) -> None:
    found = _findings(plan)
    assert len(found) == 1 and found[0].startswith(message), found


# --- Panzer '44's heuristic bot follows the plan ------------------------------------------------


def test_a_defend_posture_keeps_units_in_their_region() -> None:
    """Two rifle platoons with no objective close on the enemy [7.0]; told to defend the hexes
    they stand in, they stay there (our reading of a defend posture)."""
    us, german = {"Inf": ["1010", "1011"]}, {"Inf": ["1420"]}
    free = plots_of(position("free", us, german), "us", HeuristicBot(0))
    assert any(p.task == "MV" for p in free.values())
    plan = "{posture: defend, objectives: [{region: {kind: hexes, hexes: ['1010', '1011']}}]}"
    held = plots_of(position("defend", us, german, plan), "us", HeuristicBot(0))
    assert not any(p.task == "MV" for p in held.values())


def test_a_held_unit_does_not_move_before_its_turn() -> None:
    """A tank platoon far from its objective plots MV [5.0]; held until Game-Turn 3 it plots
    no move on Game-Turn 1, and is released on Game-Turn 3."""
    us, german = {"M4": ["0805", "1005"]}, {"Inf": ["3020"]}
    victory = OWN_HEX.format(hex="0929")
    labels = {"1005": "reserve"}
    free = plots_of(position("free", us, german, victory=victory), "us", HeuristicBot(0))
    assert free["us.M4.2"].task == "MV"
    plan = "{posture: attack, hold: [{units: [reserve], until_turn: 3}]}"
    state = position("hold", us, german, plan, victory=victory, labels=labels)
    bot = HeuristicBot(0)
    plots = plots_of(state, "us", bot)
    assert plots["us.M4.1"].task == "MV" and "us.M4.2" not in plots
    late = position("late", us, german, plan, victory=victory, labels=labels, turns=6)
    late.play.turn = 3
    assert plots_of(late, "us", HeuristicBot(0))["us.M4.2"].task == "MV"


@pytest.mark.parametrize("first", ["0810", "0830"])
def test_the_top_objective_is_approached_first(first: str) -> None:
    """A tank platoon halfway between two objectives goes toward the one its plan lists
    first [7.0]."""
    second = "0830" if first == "0810" else "0810"
    plan = (
        f"{{posture: attack, objectives: [{{region: {{kind: hexes, hexes: ['{first}']}}}},"
        f" {{region: {{kind: hexes, hexes: ['{second}']}}}}]}}"
    )
    state = position("order", {"M4": ["0820"]}, {"Inf": ["3020"]}, plan)
    end = moves_of(state, "us", HeuristicBot(0))["us.M4.1"]
    resolve = state.game.amap.resolve
    assert resolve(end).distance(resolve(first)) < resolve(end).distance(resolve(second))


def test_a_route_pulls_units_through_its_waypoints() -> None:
    """The objective is straight ahead; the route's waypoint to the side comes first [7.0]."""
    victory = OWN_HEX.format(hex="2010")
    us, german = {"M4": ["0810"]}, {"Inf": ["3030"]}
    state = position("direct", us, german, victory=victory)
    direct = moves_of(state, "us", HeuristicBot(0))["us.M4.1"]
    state = position("route", us, german, "{posture: attack, route: ['0820']}", victory=victory)
    routed = moves_of(state, "us", HeuristicBot(0))["us.M4.1"]
    resolve = state.game.amap.resolve
    waypoint = resolve("0820")
    assert resolve(routed).distance(waypoint) < resolve(direct).distance(waypoint)
    assert resolve(routed).distance(waypoint) < resolve("0810").distance(waypoint)


# --- the pure edits the Bot plan tab makes (model/edits_plan.py) --------------------------------


def test_plan_edits_make_a_plan_and_refuse_what_does_not_exist() -> None:
    loaded = parse_scenario(scenario_text("edits", {"M4": ["0810"]}, {"Inf": ["3020"]}), "e.yaml")
    s = edits_plan.set_plan(loaded.scenario, "us", BotPlan(posture="attack"))
    for name in ("1010", "2020"):
        item = PlanObjective(region=HexesRegion(hexes=[name]))
        s = edits_plan.put_objective(s, "us", None, item, loaded.map)
    s = edits_plan.move_objective(s, "us", 1, -1)
    plan = s.side("us").plan
    assert plan is not None
    assert [o.region for o in plan.objectives] == [
        HexesRegion(hexes=["2020"]),
        HexesRegion(hexes=["1010"]),
    ]
    with pytest.raises(RulesEditError, match="already at that end"):
        edits_plan.move_objective(s, "us", 0, -1)
    with pytest.raises(RulesEditError, match="Tiger: neither a label nor a unit type"):
        edits_plan.put_hold(s, "us", None, Hold(units=["Tiger"], until_turn=2))
    with pytest.raises(RulesEditError, match="beyond the game length"):
        edits_plan.put_hold(s, "us", None, Hold(units=["M4"], until_turn=7))
    with pytest.raises(RulesEditError, match="no hex '9999' on this layout"):
        edits_plan.set_route(s, "us", ["0810", "9999"], loaded.map)
    assert edits_plan.set_plan(s, "us", None).side("us").plan is None


def test_a_held_unit_waiting_off_the_map_does_not_enter_before_its_turn() -> None:
    """A platoon entering on Game-Turn 1 always plots to enter [18.6]; held until Game-Turn 2
    by its side's plan, it stays off the map, while the platoon on the map still moves."""
    entering = (
        "\n      - {unit: M4, label: late, placement: {kind: entry,"
        " region: {kind: hexes, hexes: ['0134']}, turn: 1}}"
        "\n      - {unit: M4, placement: {kind: hex, hex: '0810'}}"
    )
    plots = []
    for plan in ("", "    plan: {posture: attack, hold: [{units: [late], until_turn: 2}]}"):
        text = POSITION.format(
            name="entry", us=entering, german=_forces({"Inf": ["3020"]}),
            victory="{scoring: most-vp}", plan=plan, turns=6,
        )  # fmt: skip
        game = load_game(parse_scenario(text, "entry.yaml"))
        assert isinstance(game, Panzer44Game)
        plots.append(plots_of(game.new_initial_state(1), "us", HeuristicBot(0)))
    assert plots[0]["us.M4.1"].task == "MV" and plots[0]["us.M4.2"].task == "MV"
    assert "us.M4.1" not in plots[1] and plots[1]["us.M4.2"].task == "MV"
