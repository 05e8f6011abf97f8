"""Scenes the Armor rule tests set up alike: the J-K-L edge-to-edge map of a made position, a
straight line of Clear hexes on it, and the plot-and-``done`` steps that carry a position on
to the next segment (the Sequence of Play [AG III])."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable

from armor_sides import two_sides

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import Order
from rules.engine.actions import Done
from rules.registry import load_game


def position_head(ident: str) -> str:
    """The first lines of a made position's scenario YAML, ``ident`` its id; the test's own
    ``rules``, ``map`` (and more) follow on the next line."""
    return f"\nschema_version: 1\nid: {ident}\ntitle: Test position\nsystem: armor\noriginal: true"


#: The made positions' map: boards J, K and L edge to edge, at the Advanced Game with no options.
JKL = (
    position_head("test-armor-position")
    + """
rules: {level: advanced-game, options: []}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
"""
)


@functools.cache
def jkl_base() -> ArmorGame:
    """The map the positions are built on: an M4 and a PZIVJ on :data:`JKL`."""
    text = JKL + two_sides(
        "      - {unit: M4, placement: {kind: hex, hex: L3830}}",
        "      - {unit: PZIVJ, placement: {kind: hex, hex: L3831}}",
    )
    game = load_game(parse_scenario(text, "base.yaml"))
    assert isinstance(game, ArmorGame)
    return game


def on_clear(game: ArmorGame, h: Hex) -> bool:
    """``h`` is on the map and Clear."""
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def no_crest(game: ArmorGame, hexes: Iterable[Hex], both_ways: bool = False) -> bool:
    """No Crest (or other extra movement cost) between the neighbours of a line of hexes:
    checked moving along the line from each hex to the next, or with ``both_ways`` between
    any two of ``hexes`` that are neighbours, in both directions."""
    found = list(hexes)
    if both_ways:
        pairs: Iterable[tuple[Hex, Hex]] = (
            (a, b) for a, b in itertools.permutations(found, 2) if a.distance(b) == 1
        )
    else:
        pairs = itertools.pairwise(found)
    return all(not game.movement.cost("vehicle", b, a).parts[1:] for a, b in pairs)


def clear_run(game: ArmorGame, hexes: Iterable[Hex]) -> bool:
    """Every hex on the map and Clear, and no Crest between neighbours in the list."""
    found = list(hexes)
    return all(on_clear(game, h) for h in found) and no_crest(game, found, both_ways=True)


def straight_line(
    game: ArmorGame,
    length: int,
    direction: int = 0,
    *,
    fits: Callable[[Hex], bool] | None = None,
    one_level: bool = False,
    both_ways: bool = False,
) -> list[Hex]:
    """The first (in hex order) ``length`` hexes in a straight line going ``direction``
    (compass) whose every hex ``fits`` (default: on the map and Clear), at one level if
    ``one_level``, with no Crest between them (see :func:`no_crest` for ``both_ways``)."""

    def fit(h: Hex) -> bool:
        return fits(h) if fits is not None else on_clear(game, h)

    for h in sorted(game.terrain.hexes()):
        line = [h]
        for _ in range(length - 1):
            line.append(line[-1].neighbor(direction))
        if (
            all(fit(x) for x in line)
            and (not one_level or len({game.level(x) for x in line}) == 1)
            and no_crest(game, line, both_ways)
        ):
            return line
    raise AssertionError("no straight clear line on the map")


def plot_to_next_plot(state: ArmorState, *orders: Order) -> None:
    """Each order, then ``done`` for every side until the next Order Plot or the end."""
    for order in orders:
        state.apply(order)
    turn = state.play.turn
    while not state.play.over and not (state.segment.id == "plot" and state.play.turn > turn):
        state.apply(Done(state.to_act()[0]))


def plot_this_turn(state: ArmorState, *orders: Order) -> list[object]:
    """Each order, then ``done`` for every side still plotting this Turn."""
    events: list[object] = []
    turn = state.play.turn
    for order in orders:
        events += state.apply(order)
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        events += state.apply(Done(state.to_act()[0]))
    return events


def plot_rest(state: ArmorState, *orders: Order) -> list[object]:
    """Each order, then ``done`` for every side still plotting."""
    events: list[object] = []
    for order in orders:
        events += state.apply(order)
    while state.segment.id == "plot" and state.to_act():
        events += state.apply(Done(state.to_act()[0]))
    return events


def to_next_plot(state: ArmorState) -> list[object]:
    """``done`` for every side until the next Turn's Order Plot (or the end)."""
    events: list[object] = []
    turn = state.play.turn
    while not state.is_terminal() and not (state.play.turn > turn and state.segment.id == "plot"):
        events += state.apply(Done(state.to_act()[0]))
    return events
