"""A side with nothing to decide finishes its Order Plot or Final Facing by itself: the engine
asks :meth:`ArmorState.nothing_to_decide` (each unit's orders worked out only up to the first
that has one) instead of listing every legal action after every plotted order. Its answer must
be exactly "the legal actions are [Done]", in every step of real games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.armor.game import ArmorState
from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "armor"


def _only_done(state: ArmorState, side: str) -> bool:
    listed = state.legal_actions(side)
    return len(listed) == 1 and isinstance(listed[0], Done)


def _state(name: str, seed: int) -> ArmorState:
    loaded = load_scenario(SCENARIOS / name)
    bought = {s: PurchaseChoice("random", seed) for s in needs_purchase(loaded.scenario)}
    state = game_for(loaded, bought).new_initial_state(seed)  # 4B's forces are bought
    assert isinstance(state, ArmorState)
    return state


@pytest.mark.parametrize(
    ("name", "seed"),
    [("demo-advanced.yaml", 3), ("1a-spearheads.yaml", 5), ("4b-raid.yaml", 8)],
)
def test_nothing_to_decide_plays_as_listing_every_action(name: str, seed: int) -> None:
    """The same random game, once as played and once with every side's "nothing to decide"
    judged by listing its legal actions: the same actions, the same states, the same end."""
    fast, slow = _state(name, seed), _state(name, seed)
    slow.nothing_to_decide = lambda side: _only_done(slow, side)  # type: ignore[method-assign]
    bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(fast.game.sides)}
    rng = random.Random(seed)
    checked = 0
    for step in range(300):
        assert fast.to_act() == slow.to_act(), f"{name} seed {seed}, action {step}"
        assert fast.fingerprint() == slow.fingerprint()
        if fast.is_terminal():
            break
        for side in fast.to_act():
            if rng.random() < 0.3:
                assert fast.nothing_to_decide(side) is _only_done(fast, side)
                checked += 1
        side = fast.to_act()[0]
        action = bots[side].choose(fast, side)
        fast.apply(action)
        slow.apply(action)
    assert checked > 10


def test_a_side_with_every_unit_plotted_has_nothing_to_decide() -> None:
    state = game_for(load_scenario(SCENARIOS / "demo-crossroads.yaml")).new_initial_state(1)
    assert isinstance(state, ArmorState)
    assert state.segment.id == "plot"
    side = state.to_act()[0]
    assert not state.nothing_to_decide(side)  # its units have orders to choose from
    for unit in state.alive(side):
        options = state.order_options(unit)
        assert options
        state.apply(options[0])
    # the side's plot is over by itself, or its only choice is Done
    assert side not in state.to_act() or state.nothing_to_decide(side)
