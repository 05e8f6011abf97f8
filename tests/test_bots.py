"""Bots: the heuristic bot beats the random bot, both play only legal actions, and neither
sees the other side's hidden plots."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import load_scenario, parse_scenario
from rules.bots.base import Bot, RandomBot, make_bot, play
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Action, Done, Move
from rules.engine.core import Game, State
from rules.panzer44.actions import Plot
from rules.panzer44.bot.heuristic import HeuristicBot, objectives
from rules.panzer44.bot.tactics import group_lead
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.indirect import ALLOCATE
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"


@functools.cache
def game(name: str) -> Game:
    return load_game(load_scenario(SCENARIOS / name))


class Checked:
    """A bot whose every choice is checked against the legal actions of its side."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, state: State, side: str) -> Action:
        action = self.bot.choose(state, side)
        assert action in state.legal_actions(side), f"{action} is not legal for {side}"
        self.choices += 1
        return action


@pytest.mark.parametrize(
    ("scenario", "seeds"),
    [("19.2-sedan-revenged.yaml", (0, 1, 2)), ("20.1-villers-bocage.yaml", (0, 1))],
)
def test_the_heuristic_bot_beats_the_random_bot_from_both_seats(
    scenario: str, seeds: tuple[int, ...]
) -> None:
    wins, losses = heuristic_against_random(game(scenario), seeds)
    assert wins > losses, f"{scenario}: the heuristic bot won {wins}, lost {losses}"


def heuristic_against_random(g: Game, seeds: tuple[int, ...]) -> tuple[int, int]:
    """The heuristic bot's wins and losses against the random bot, from each seat, each seed
    (``make_bot("heuristic")``: the greedy bot on the other systems)."""
    wins = losses = 0
    for seed in seeds:
        for seat in g.sides:
            heuristic, rand = Checked(make_bot("heuristic", seed)), Checked(RandomBot(seed + 100))
            state = g.new_initial_state(seed)
            play(state, {s: heuristic if s == seat else rand for s in g.sides})
            outcome = state.outcome()
            assert outcome is not None
            wins += outcome.winner == seat
            losses += outcome.winner not in (seat, None)
            assert heuristic.choices and rand.choices
    return wins, losses


def _secret_variants(g: Game) -> tuple[State, State]:
    """Game-Turn 4's Mutual Plot Phase after random play (seed 1: soft targets in cover in
    reach of the second side's guns), once with the first side plotting
    nothing and once with it plotting MV for every unit it can: only the secrets differ."""
    first = g.sides[0]
    state = g.new_initial_state(1)
    bot = RandomBot(1)
    while not (state.play.turn == 4 and first in state.to_act()):
        state.apply(bot.choose(state, state.to_act()[0]))
    variants = []
    for plot_moves in (False, True):
        variant = state.clone()
        while first in variant.to_act():
            moves = [a for a in variant.legal_actions(first) if isinstance(a, Plot)]
            moves = [a for a in moves if a.task == "MV"]
            variant.apply(moves[0] if plot_moves and moves else Done(first))
        variants.append(variant)
    return variants[0], variants[1]


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_a_bot_never_sees_the_other_sides_hidden_plots(name: str) -> None:
    """The same position with different hidden enemy plots: the same choices, one by one.
    (The rules' fire evaluation would differ: a Soft target plotted to move loses its terrain
    benefit [7.4].)"""
    g = game("19.2-sedan-revenged.yaml")
    a, b = _secret_variants(g)
    first, second = g.sides
    assert a.view_for(second) == b.view_for(second)
    assert not a.view_for(first).own_orders and b.view_for(first).own_orders
    chosen: list[list[str]] = []
    for state in (a, b):
        bot, found = make_bot(name, 11), []
        plotting = state.play.turn
        while second in state.to_act() and (state.play.turn, state.segment.id) == (
            plotting,
            "plot",
        ):
            action = bot.choose(state, second)
            state.apply(action)
            found.append(action.text())
        chosen.append(found)
    assert chosen[0] == chosen[1]
    assert any(" DF " in t for t in chosen[0])


def test_the_heuristic_bot_evaluates_fire_without_the_enemys_plots() -> None:
    """Where the rules' evaluation reads plots (a Soft target plotted to move loses its terrain
    benefit [7.4]), the bot's copy of the state has only its own."""
    g = game("19.2-sedan-revenged.yaml")
    _, state = _secret_variants(g)
    first, second = g.sides
    assert state.orders.plots[first]
    public = HeuristicBot(0)._public(state, second)  # type: ignore[arg-type]
    assert public.orders.plots[first] == {} and public.board.hexes == state.board.hexes
    assert not {u for u in public.plotted_to_move() if u.startswith(f"{first}.")}


def test_the_heuristic_bot_is_deterministic_for_a_seed() -> None:
    g = game("19.2-sedan-revenged.yaml")
    prints = []
    for _ in range(2):
        state = g.new_initial_state(4)
        play(state, {g.sides[0]: HeuristicBot(1), g.sides[1]: RandomBot(2)})
        prints.append(state.fingerprint())
    assert prints[0] == prints[1]


def test_objectives_come_from_the_victory_conditions() -> None:
    g = game("20.1-villers-bocage.yaml")
    assert isinstance(g, Panzer44Game)
    found = objectives(g, "british")
    assert [(o.key, o.weight, o.units is not None) for o in found] == [
        ("0", 1.0, True),  # its own: combat units in Rechicourt or Haut de Cognumont
        ("1", 0.6, False),  # the German's, to contest
    ]
    assert found[0].hexes == found[1].hexes and found[0].hexes


def test_objects_to_destroy_in_a_region_are_an_objective_for_both_sides() -> None:
    """19.8: the Americans win by destroying every IP in a quadrilateral: they close on it, the
    Germans hold it (before, the American bot had no goal and destroyed one or two of 12)."""
    g = game("19.8-attack-on-the-siegfried-line.yaml")
    assert isinstance(g, Panzer44Game)
    (us,) = objectives(g, "us")
    (german,) = objectives(g, "german")
    assert (us.weight, german.weight) == (1.0, 0.6)
    assert us.hexes == german.hexes and set(g.fortified.ips) <= us.hexes


def test_the_heuristic_bot_plots_fire_at_a_target_in_reach() -> None:
    g = game("19.2-sedan-revenged.yaml")
    state = g.new_initial_state(0)
    side = g.sides[0]
    plots = []
    bot = HeuristicBot(0)
    for _ in range(8):  # play a few turns: fire comes once the sides close
        while side in state.to_act():
            action = bot.choose(state, side)
            if isinstance(action, Plot):
                plots.append(action.task)
            state.apply(action)
        if "DF" in plots or state.is_terminal():
            break
        other = RandomBot(1)
        while state.to_act() and side not in state.to_act():
            state.apply(other.choose(state, state.to_act()[0]))
    assert "MV" in plots and "DF" in plots


# --- the greedy bot: Armor, Panzer Command and Soldiers (rules.bots.greedy) --------------------

OTHER_SYSTEMS = Path(__file__).parent.parent / "scenarios"


@functools.cache
def other_game(path: str) -> Game:
    return load_game(load_scenario(OTHER_SYSTEMS / path))


@pytest.mark.parametrize(
    ("scenario", "seeds"),
    [
        ("armor/demo-crossroads.yaml", (0, 1)),
        ("panzer-command/point-161.yaml", (0,)),
        ("soldiers/10-dawn-patrol.yaml", (1,)),
    ],
)
def test_the_heuristic_bot_beats_the_random_bot_on_the_other_systems(
    scenario: str, seeds: tuple[int, ...]
) -> None:
    """``heuristic`` on a system other than Panzer '44 is the greedy bot, from both seats."""
    wins, losses = heuristic_against_random(other_game(scenario), seeds)
    assert wins > losses and wins >= len(seeds), f"{scenario}: won {wins}, lost {losses}"


@pytest.mark.parametrize(
    "scenario", ["armor/demo-crossroads.yaml", "panzer-command/point-161.yaml"]
)
def test_the_greedy_bot_is_deterministic_for_a_seed(scenario: str) -> None:
    """Same seeds, same game (the first 100 actions, both sides the greedy bot)."""
    g = other_game(scenario)
    # "heuristic" by name is the system's own: the greedy bot off Panzer '44
    for make in (GreedyBot, lambda seed: make_bot("heuristic", seed)):
        prints = []
        for _ in range(2):
            state = g.new_initial_state(2)
            bots = {g.sides[0]: make(5), g.sides[1]: make(6)}
            for _ in range(100):
                if state.is_terminal():
                    break
                side = state.to_act()[0]
                state.apply(bots[side].choose(state, side))
            prints.append(state.fingerprint())
        assert prints[0] == prints[1]


@pytest.mark.parametrize(
    "scenario",
    [
        "armor/demo-crossroads.yaml",
        "panzer-command/sowchos-79.yaml",
        "soldiers/10-dawn-patrol.yaml",
    ],
)
def test_the_greedy_bot_never_touches_the_games_dice(scenario: str) -> None:
    """Its lookahead rolls dice of its own: the game's generator, forced queue and log are
    the same before and after every choice."""
    g = other_game(scenario)
    state = g.new_initial_state(3)
    bots: dict[str, Bot] = {g.sides[0]: GreedyBot(1), g.sides[1]: GreedyBot(2)}
    state.force_dice(1)  # a forced result must stay queued for the game, not the lookahead
    for _ in range(120):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        dice, printed = state.dice.snapshot(), state.fingerprint()
        action = bots[side].choose(state, side)
        assert state.dice.snapshot() == dice and state.fingerprint() == printed
        state.apply(action)


# --- positions built for one behaviour each (STYLE point 17: small positions) -----------------

POSITION = """
schema_version: 1
id: test-bot-{name}
title: Bot test position ({name})
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
{support}
  - id: german
    name: German
    nation: germany
    forces: {german}
first_player: us
length: {{turns: {turns}, unit: game-turn}}
victory: {victory}
"""


def _forces(units: dict[str, list[str]]) -> str:
    return "".join(
        f'\n      - {{unit: {u}, placement: {{kind: hex, hex: "{h}"}}}}'
        for u, hexes in units.items()
        for h in hexes
    )


def position(
    name: str,
    us: dict[str, list[str]],
    german: dict[str, list[str]],
    victory: str = "{scoring: most-vp}",
    support: str = "",
    turns: int = 4,
) -> Panzer44State:
    text = POSITION.format(
        name=name, us=_forces(us), german=_forces(german), victory=victory,
        support=f"    support:\n      - {support}" if support else "", turns=turns,
    )  # fmt: skip
    g = load_game(parse_scenario(text, f"{name}.yaml"))
    assert isinstance(g, Panzer44Game)
    return g.new_initial_state(1)


def plots_of(state: Panzer44State, side: str, bot: HeuristicBot) -> dict[str, Plot]:
    """The plots the bot makes for ``side`` in this Mutual Plot Phase, by unit."""
    found: dict[str, Plot] = {}
    while side in state.to_act() and state.segment.id == "plot":
        action = bot.choose(state, side)
        state.apply(action)
        if isinstance(action, Plot):
            found[action.unit] = action
    return found


def test_the_heuristic_bot_allocates_support_to_the_hex_worth_most() -> None:
    """Three German platoons side by side in the open around 1212, one alone in 0912 (first
    by name): the strike goes Loose at the group [6.21], [15.14], not to the first hex
    listed."""
    state = position(
        "support", {"Inf": ["0810"]}, {"Inf": ["1212", "1312", "1213", "0912"]},
        support="{kind: OFBDA, count: 1, strength: 10H}",
    )  # fmt: skip
    for side in ("us", "german"):
        while side in state.to_act() and state.segment.id == "plot":
            state.apply(Done(side))
    assert state.segment.id == ALLOCATE
    listed = [a for a in state.legal_actions("us") if isinstance(a, Plot)]
    assert listed[0].target == "0912"
    action = HeuristicBot(0).choose(state, "us")
    assert isinstance(action, Plot) and action.unit == "us.OFBDA.1"
    assert action.target in ("1212", "1312", "1213") and action.pattern == "L"


def test_the_heuristic_bot_plots_counterbattery_when_enemy_artillery_is_in_range() -> None:
    """A mortar with no target it spots and a German mortar in the woods within its range:
    CB [6.73]."""
    hold = (
        "{scoring: most-vp, conditions: ["
        "{kind: units-in, side: us, region: {kind: hexes, hexes: ['0808']}, award: {vp: 1}}]}"
    )
    state = position("cb", {"81m": ["0808"]}, {"82m": ["1306"], "Inf": ["2020"]}, hold)
    plots = plots_of(state, "us", HeuristicBot(0))
    assert plots["us.81m.1"].task == "CB"


def test_the_heuristic_bot_fires_indirect_fire_loose_at_a_group() -> None:
    """Two German platoons side by side: a Loose Pattern [6.21] at one hits both wherever it
    scatters [6.48]."""
    state = position("if", {"81m": ["0805"], "Inf": ["0808"]}, {"Inf": ["0812", "0912"]})
    plot = plots_of(state, "us", HeuristicBot(0))["us.81m.1"]
    assert (plot.task, plot.pattern) == ("IF", "L") and plot.target in ("0812", "0912")


def test_the_heuristic_bot_plots_opportunity_fire_toward_an_approaching_enemy() -> None:
    """A German tank platoon holding its objective, American tanks out of its range coming
    on: it watches the line toward them [6.52] instead of idling."""
    victory = (
        "{scoring: most-vp, conditions: ["
        "{kind: units-in, side: german, region: {kind: hexes, hexes: ['1010']}, award: {vp: 1}},"
        "{kind: units-in, side: us, region: {kind: hexes, hexes: ['1010']}, award: {vp: 1}}]}"
    )
    state = position("of", {"M4": ["1024"]}, {"PzV": ["1010"]}, victory)
    plot = plots_of(state, "german", HeuristicBot(0))["german.PzV.1"]
    resolve = state.game.amap.resolve
    tanks, here = resolve("1024"), resolve("1010")
    assert plot.task == "OF"
    assert resolve(plot.target or "").distance(tanks) < here.distance(tanks) - 2


@pytest.mark.parametrize(("turns", "enters"), [(12, False), (4, True)])
def test_the_heuristic_bot_holds_a_unit_far_ahead_of_its_group(turns: int, enters: bool) -> None:
    """Three tank platoons far from 0929, a fourth three hexes from it: with time to spare it
    does not run into the objective alone; with none left, it does."""
    victory = (
        "{scoring: most-vp, conditions: ["
        "{kind: units-in, side: us, region: {kind: hexes, hexes: ['0929']}, award: {vp: 1}}]}"
    )
    state = position(
        "group", {"M4": ["0805", "1005", "1205", "0926"]}, {"Inf": ["3020"]}, victory, turns=turns
    )
    bot = HeuristicBot(0)
    plots_of(state, "us", bot)
    state.apply(Done("german"))
    ends = {}
    while state.segment.id == "first-player-movement":
        action = bot.choose(state, "us")
        state.apply(action)
        if isinstance(action, Move):
            ends[action.unit] = action.path[-1]
    assert {"us.M4.1", "us.M4.2", "us.M4.3"} <= ends.keys()
    assert (ends.get("us.M4.4") == "0929") is enters


def test_the_group_waits_only_while_there_is_time() -> None:
    assert group_lead([2.0, 6.0, 6.5, 7.0], turns_left=12) == pytest.approx(6.25 - 1.5)
    assert group_lead([2.0, 6.0, 6.5, 7.0], turns_left=7) == 0.0  # haste
    assert group_lead([2.0, 6.0], turns_left=12) == 0.0  # too few to keep together


def test_the_heuristic_bot_overruns_a_soft_target_in_the_open() -> None:
    """An M4a (9 M, Defense 7) beside a rifle platoon (6 R, Defense 5) in clear 1011 [13.0]."""
    state = position("overrun", {"M4a": ["0810"]}, {"Inf": ["1011"]})
    state.apply(Plot("us.M4a.1", "MV"))
    for side in ("us", "german"):
        if side in state.to_act():
            state.apply(Done(side))
    action = HeuristicBot(0).choose(state, "us")
    assert isinstance(action, Move) and "overrun" in action.path
    assert action.path[action.path.index("overrun") + 1] == "1011"


def test_a_line_of_sight_objective_is_every_hex_that_sees_the_region() -> None:
    victory = (
        "{scoring: conditions, default_winner: german, conditions: ["
        "{kind: line-of-sight, side: us, to: {kind: hexes, hexes: ['1015']}, award: {result: win}}]}"
    )
    state = position("los", {"M4": ["1005"]}, {"Inf": ["3020"]}, victory)
    game = state.game
    (found,) = objectives(game, "us")
    target = game.amap.resolve("1015")
    assert target in found.hexes and len(found.hexes) > 7
    assert all(h == target or game.los(h, target).verdict != "blocked" for h in found.hexes)
