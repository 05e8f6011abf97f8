"""The greedy bot (Armor, Panzer Command, Soldiers) following a bot plan (issue 17,
:mod:`rules.bots.plan`, our reading: no book has bot plans). The moves are the books': Armor's
orders [AG V], Soldiers' squads [2.11], Panzer Command's counters [§2.5]."""

from __future__ import annotations

from pathlib import Path

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import Order
from rules.bots.greedy import Evaluator, GreedyBot, Piece
from rules.bots.plan import PlanFollower
from rules.engine.core import State
from rules.maps.game import MapGame
from rules.registry import load_game, rules_for

SCENARIOS = Path(__file__).parent.parent / "scenarios"
CROSSROADS = (SCENARIOS / "armor" / "demo-crossroads.yaml").read_text()
US_STARTS = ["K2219", "K1716", "K2415", "K1917", "K2016"]


def with_plan(text: str, role: str, plan: str) -> str:
    """The scenario with a plan (YAML lines under ``plan:``) for the side of ``role``."""
    marker = f"  role: {role}\n"
    assert marker in text
    return text.replace(marker, marker + "  plan:\n" + plan)


def game_of(text: str) -> MapGame:
    game = load_game(parse_scenario(text, "plan.yaml"))
    assert isinstance(game, MapGame)
    return game


def orders_on_turn_1(text: str, side: str) -> dict[str, Order]:
    """The orders the greedy bot plots for ``side`` in the first Turn's plot [AG V]."""
    state = game_of(text).new_initial_state(1)
    assert isinstance(state, ArmorState)
    bot, found = GreedyBot(3), {}
    while side in state.to_act() and state.segment.id == "plot":
        action = bot.choose(state, side)
        state.apply(action)
        if isinstance(action, Order):
            found[action.unit] = action
        if action.verb == "done":
            break
    return found


def play_turns(text: str, turns: int) -> tuple[MapGame, State]:
    game = game_of(text)
    state = game.new_initial_state(1)
    bots = {"us": GreedyBot(3), "germany": GreedyBot(4)}
    while not state.is_terminal() and state.progress().turn <= turns:
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    return game, state


def test_a_held_armor_unit_gets_no_movement_order_before_its_turn() -> None:
    """The Panther moves on Turn 1 of the demonstration [AG V.B]; held until Turn 3 by its
    side's plan, its order has fire and no movement notation."""
    free = orders_on_turn_1(CROSSROADS, "germany")
    assert free["germany.PANTHER-A.1"].moves
    plan = "    posture: attack\n    hold: [{units: [PANTHER-A], until_turn: 3}]\n"
    held = orders_on_turn_1(with_plan(CROSSROADS, "attacker", plan), "germany")
    panther = held.get("germany.PANTHER-A.1")
    assert panther is None or not panther.moves
    assert any(o.moves for u, o in held.items() if u != "germany.PANTHER-A.1")


def test_a_defend_posture_keeps_armor_units_where_they_were_told() -> None:
    """Without a plan the Americans go for the crossroads (contesting the German objective);
    told to defend the hexes they set up on, most stay there through three Turns."""
    hexes = ", ".join(US_STARTS)
    plan = f"    posture: defend\n    objectives: [{{region: {{kind: hexes, hexes: [{hexes}]}}}}]\n"
    counts = []
    for text in (CROSSROADS, with_plan(CROSSROADS, "defender", plan)):
        game, state = play_turns(text, 3)
        assert isinstance(game, ArmorGame) and isinstance(state, ArmorState)
        starts = {game.amap.resolve(h) for h in US_STARTS}
        counts.append(sum(1 for u, h in state.troops.hexes.items() if "us." in u and h in starts))
    assert counts[0] <= 1 and counts[1] >= 4, counts


def _evaluator(text: str) -> Evaluator:
    game = game_of(text)
    make = rules_for(game.system).greedy
    assert make is not None
    return Evaluator(game, make())


def test_the_top_objective_pulls_harder_than_the_next() -> None:
    """A unit halfway between two objectives scores best stepping toward the first listed."""
    for first, second in (("K0518", "K3518"), ("K3518", "K0518")):
        plan = (
            f"    posture: attack\n    objectives: [{{region: {{kind: hexes, hexes: [{first}]}}}},"
            f" {{region: {{kind: hexes, hexes: [{second}]}}}}]\n"
        )
        ev = _evaluator(with_plan(CROSSROADS, "attacker", plan))
        resolve = ev.game.amap.resolve
        a, b = resolve(first), resolve(second)
        middle = resolve("K2018")
        toward_a = min(middle.neighbors(), key=lambda h: h.distance(a))
        toward_b = min(middle.neighbors(), key=lambda h: h.distance(b))
        piece = Piece("germany", middle, 4, 1.0, 4.0)
        assert ev.progress(_at(piece, toward_a), []) > ev.progress(_at(piece, toward_b), [])


def test_a_route_waypoint_comes_before_the_objectives() -> None:
    """A unit with a waypoint to pass scores by its distance to the waypoint; once passed (in
    or next to it), by the objectives."""
    plan = "    posture: attack\n    route: [K1014]\n"
    ev = _evaluator(with_plan(CROSSROADS, "attacker", plan))
    follower = ev.plans["germany"]
    resolve = ev.game.amap.resolve
    unit = "germany.PANTHER-A.1"
    waypoint = follower.waypoint(unit)
    assert waypoint == frozenset({resolve("K1014")})
    near, far = resolve("K1016"), resolve("K1022")
    piece = Piece("germany", far, 4, 1.0, 4.0)
    assert ev.progress(_at(piece, near), [], waypoint=waypoint) > ev.progress(
        piece, [], waypoint=waypoint
    )
    follower.observe({unit: resolve("K1015")})
    assert follower.waypoint(unit) is None


def test_holds_are_released_by_turn_or_by_contact() -> None:
    plan = (
        "    posture: defend\n    hold: [{units: [PZIVJ], until_turn: 4},"
        " {units: [STGIIIG-75], until_contact: true}]\n"
    )
    ev = _evaluator(with_plan(CROSSROADS, "attacker", plan))
    follower: PlanFollower = ev.plans["germany"]
    units = ["germany.PZIVJ.1", "germany.PZIVJ.2", "germany.STGIIIG-75.1", "germany.PANTHER-A.1"]
    quiet, seen = (lambda u: False), (lambda u: u == "germany.STGIIIG-75.1")
    assert follower.held(1, units, quiet) == set(units[:3])
    assert follower.held(2, units, seen) == set(units[:2])
    assert follower.held(4, units, quiet) == set()
    assert follower.held(1, units, quiet) == set()  # released for good


def test_each_system_names_its_units_by_code_and_label() -> None:
    """A hold names force entries by label or unit code; each greedy system maps them to its
    counters: Armor's [AG III], Panzer Command's [§2.5], Soldiers' men of a squad [2.11]."""
    labelled = CROSSROADS.replace(
        "  - unit: PZIVJ\n    count: 2\n", "  - unit: PZIVJ\n    count: 2\n    label: pair\n"
    )
    cases = [
        (labelled, "germany.PZIVJ.2", {"PZIVJ", "pair"}),
        (
            (SCENARIOS / "panzer-command" / "point-161.yaml").read_text(),
            "german.de-pak.1",
            {"de-pak"},
        ),
    ]
    for text, unit, names in cases:
        game = game_of(text)
        make = rules_for(game.system).greedy
        assert make is not None
        assert make().plan_names(game)[unit] == names
    soldiers = game_of((SCENARIOS / "soldiers" / "10-dawn-patrol.yaml").read_text())
    make = rules_for(soldiers.system).greedy
    assert make is not None
    names = make().plan_names(soldiers)
    men = [m for m in names if m.startswith("german.")]
    assert len(men) == 10 and all(names[m] == {"GE-ELITE-E", "E"} for m in men)


def _at(piece: Piece, h: Hex) -> Piece:
    return Piece(piece.side, h, piece.reach, piece.threat, piece.speed, piece.category)


def test_the_advanced_demos_plans_change_the_play() -> None:
    """scenarios/armor/demo-advanced.yaml gives both sides a plan (the outpost defends the
    crossroads, the battle group attacks it); the same seeded heuristic game without them is
    another game [AG V]. Not every seed: the demo's forces see each other from the first Turn,
    and a game that stays a firefight where they stand (seed 1 since the machineguns fire with
    the main gun, armor-0.4) plays the same with or without a plan; most seeds do not."""
    import dataclasses

    from model.scenario_io import load_scenario
    from rules.bots.base import make_bot, play
    from rules.checks import run_checks

    loaded = load_scenario(SCENARIOS / "armor" / "demo-advanced.yaml")
    assert [s.plan.posture for s in loaded.scenario.sides if s.plan] == ["defend", "attack"]
    assert not [f for f in run_checks(loaded) if f.code == "bot-plan"]
    sides = [s.model_copy(update={"plan": None}) for s in loaded.scenario.sides]
    bare = dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"sides": sides}))
    changed = 0
    for seed in (1, 2, 3):
        prints = []
        for version in (loaded, bare):
            game = load_game(version)
            state = game.new_initial_state(seed)
            play(state, {s: make_bot("heuristic", 11 + i) for i, s in enumerate(game.sides)})
            prints.append(state.fingerprint())
        changed += prints[0] != prints[1]
    assert changed >= 2


def test_held_panzer_command_units_do_not_move_before_their_turn() -> None:
    """Point 161 from Turn 5 to 7: the greedy bot moves the Soviet T-34 companies [§9]; held
    until Turn 8 by their side's plan, they move none while the rest of the side still moves."""
    from rules.engine.actions import Move

    text = (SCENARIOS / "panzer-command" / "point-161.yaml").read_text()

    def moved(text: str) -> set[str]:
        game = game_of(text)
        state = game.new_initial_state(1)
        bots = {side: GreedyBot(3 + i) for i, side in enumerate(game.sides)}
        found = set()
        while not state.is_terminal() and state.progress().turn <= 7:
            side = state.to_act()[0]
            action = bots[side].choose(state, side)
            if isinstance(action, Move):
                found.add(action.unit)
            state.apply(action)
        return found

    t34s = {f"soviet.su-t34.{n}" for n in (1, 2, 3)}
    assert t34s <= moved(text)
    plan = "    plan:\n      posture: attack\n      hold: [{units: [su-t34], until_turn: 8}]\n"
    held = moved(text.replace("    role: attacker\n", "    role: attacker\n" + plan))
    assert not t34s & held and "soviet.su-kv.1" in held


def test_a_held_soldiers_squad_does_not_move_before_its_command_cycle() -> None:
    """Dawn Patrol's first Command Cycle: the greedy bot moves men of both squads [6.21];
    the American squad 'E' held until Cycle 2 moves none, the Germans still do."""
    from rules.engine.actions import Move

    text = (SCENARIOS / "soldiers" / "10-dawn-patrol.yaml").read_text()

    def moved(text: str) -> set[str]:
        game = game_of(text)
        state = game.new_initial_state(1)
        bots = {side: GreedyBot(3 + i) for i, side in enumerate(game.sides)}
        found = set()
        while not state.is_terminal() and state.progress().turn <= 1:
            side = state.to_act()[0]
            action = bots[side].choose(state, side)
            if isinstance(action, Move):
                found.add(action.unit.split(".")[0])
            state.apply(action)
        return found

    assert moved(text) == {"us", "german"}
    marker = "    starts_on_map: true\n"  # the American side's, the first
    plan = "    plan:\n      posture: defend\n      hold: [{units: [E], until_turn: 2}]\n"
    assert moved(text.replace(marker, marker + plan, 1)) == {"german"}
