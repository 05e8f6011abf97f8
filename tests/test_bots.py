"""Bots: the heuristic bot beats the random bot, both play only legal actions, and neither
sees the other side's hidden plots."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.actions import Action, Done, Plot
from rules.bot_greedy import GreedyBot
from rules.bot_heuristic import HeuristicBot, objectives
from rules.bots import Bot, RandomBot, make_bot, play
from rules.core import Game, State, load_game
from rules.p44 import Panzer44Game

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
    g = game(scenario)
    wins = losses = 0
    for seed in seeds:
        for seat in g.sides:
            heuristic, rand = Checked(HeuristicBot(seed)), Checked(RandomBot(seed + 100))
            state = g.new_initial_state(seed)
            play(state, {s: heuristic if s == seat else rand for s in g.sides})
            outcome = state.outcome()
            assert outcome is not None
            wins += outcome.winner == seat
            losses += outcome.winner not in (seat, None)
            assert heuristic.choices and rand.choices
    assert wins > losses, f"{scenario}: the heuristic bot won {wins}, lost {losses}"


def _secret_variants(g: Game) -> tuple[State, State]:
    """Game-Turn 4's Mutual Plot Phase after random play (seed 1: soft targets in cover in
    reach of the second side's guns), once with the first side plotting
    nothing and once with it plotting MV for every unit it can: only the secrets differ."""
    first = g.sides[0]
    state = g.new_initial_state(1)
    bot = RandomBot(1)
    while not (state.turn == 4 and first in state.to_act()):
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
    assert not a.view_for(first).own_plots and b.view_for(first).own_plots
    chosen: list[list[str]] = []
    for state in (a, b):
        bot, found = make_bot(name, 11), []
        plotting = state.turn
        while second in state.to_act() and (state.turn, state.segment.id) == (plotting, "plot"):
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
    assert state.plots[first]
    public = HeuristicBot(0)._public(state, second)  # type: ignore[arg-type]
    assert public.plots[first] == {} and public.hexes == state.hexes
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


# --- the greedy bot: Armor, Panzer Command and Soldiers (rules.bot_greedy) --------------------

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
    g = other_game(scenario)
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
    assert wins > losses and wins >= len(seeds), f"{scenario}: won {wins}, lost {losses}"


@pytest.mark.parametrize(
    "scenario", ["armor/demo-crossroads.yaml", "panzer-command/point-161.yaml"]
)
def test_the_greedy_bot_is_deterministic_for_a_seed(scenario: str) -> None:
    """Same seeds, same game (the first 100 actions, both sides the greedy bot)."""
    g = other_game(scenario)
    for make in (GreedyBot, HeuristicBot):  # the heuristic bot delegates to the greedy one
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
