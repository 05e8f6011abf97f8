"""Scenario 2A "Trading Ground For Time" in its three mapboard configurations [SCN VI.A]:
Edge-to-Edge (14 Turns), End-to-End (40) and Staggered (30), each "set up where the roads meet"
[SCN VI.A.1], one built-in file each (a scenario file holds one layout).

- Across every join of each layout the road runs on from one section into the next: traced
  along the road hexsides the engine moves on, and the crossings named.
- A vehicle following the road over an End-to-End join pays its Road Movement Cost
  [AG V.C.2].
- Side A and Side B are the ends of each board (our reading: the diagrams are missing), the
  Defender sets up in the two sections without Side A [SCN VI.A.5], and the game lasts the
  book's Turns for that configuration [SCN VI.A.6].
"""

from __future__ import annotations

import itertools
from collections import deque
from functools import cache
from pathlib import Path

import pytest
from armor_sides import bought

from model.hexes import Hex, Hexside
from model.joins import JoinType
from model.scenario_io import load_scenario
from rules.armor.game import ArmorGame
from rules.checks.layout import constraint_states
from rules.registry import load_game

ROOT = Path(__file__).resolve().parent.parent
EDGE = "scenarios/armor/2a-trading-ground.yaml"
END = "scenarios/armor/2a-trading-ground-end-to-end.yaml"
STAGGERED = "scenarios/armor/2a-trading-ground-staggered.yaml"
LAYOUTS = [EDGE, END, STAGGERED]


@cache
def game(path: str) -> ArmorGame:
    found = load_game(bought(path))
    assert isinstance(found, ArmorGame)
    return found


def placements_of(g: ArmorGame, h: Hex) -> set[str]:
    """The labels of the sections a map hex lies on (two for a seam hex)."""
    return {g.amap.placements[p.placement].name for p in g.amap.hexes[h].parts}


def road_steps(g: ArmorGame, h: Hex, routes: frozenset[str] = frozenset({"road"})) -> list[Hex]:
    """The hexes a road (or any of ``routes``) runs to from ``h``: the road hexsides of the
    terrain the engine moves on (the boards' paths, seams merged, and paths run on across
    end-to-end joins)."""
    return [
        n
        for d, n in enumerate(h.neighbors())
        if n in g.amap.hexes and routes & g.terrain.paths(Hexside.of(h, d))
    ]


def road_trace(
    g: ArmorGame,
    starts: set[Hex],
    goals: set[Hex],
    within: set[str],
    routes: frozenset[str] = frozenset({"road"}),
) -> list[Hex]:
    """The shortest way along the road from a hex of ``starts`` to one of ``goals`` over hexes
    of the sections ``within`` (breadth first, ties in hex order); [] if the road does not go."""
    came: dict[Hex, Hex | None] = dict.fromkeys(starts)
    queue = deque(sorted(starts))
    while queue:
        h = queue.popleft()
        if h in goals:
            path = [h]
            while (back := came[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for n in road_steps(g, h, routes):
            if n not in came and placements_of(g, n) <= within:
                came[n] = h
                queue.append(n)
    return []


def crossings(g: ArmorGame, a: str, b: str) -> set[str]:
    """Where the road goes over the join of sections ``a`` and ``b``: a road hexside from a hex
    only of ``a`` to one only of ``b`` (``J4003-K0115``), or a seam hex of both with a road to
    a hex only of ``a`` and one only of ``b`` (its canonical name, ``J2112``)."""
    found = set()
    for h in g.amap.hexes:
        where = placements_of(g, h)
        steps = [placements_of(g, n) for n in road_steps(g, h)]
        if where == {a}:
            found |= {
                f"{g.amap.name(h)}-{g.amap.name(n)}"
                for n in road_steps(g, h)
                if placements_of(g, n) == {b}
            }
        elif where == {a, b} and {a} in steps and {b} in steps:
            found.add(g.amap.name(h))
    return found


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (EDGE, {("J", "K"): {"J0712", "J2112", "J3512"}, ("K", "L"): {"K0724", "K2124", "K3524"}}),
        (
            END,
            {
                ("J", "K"): {"J4003-K0115", "J4009-K0121"},
                ("K", "L"): {"K4015-L0127", "K4021-L0133"},
            },
        ),
        (STAGGERED, {("J", "K"): {"J2112", "J3512"}, ("K", "L"): {"K2124", "K3524"}}),
    ],
    ids=["edge-to-edge", "end-to-end", "staggered"],
)
def test_scn_vi_a_1_the_road_runs_across_each_join_of_each_2a_layout(
    path: str, expected: dict[tuple[str, str], set[str]]
) -> None:
    """[SCN VI.A.1] "use set ups where the roads meet": for each join, a road traced hexside
    by hexside from a hex only of one section reaches a hex only of the other over the two
    sections alone, and the places where roads cross the join are the ones named (end to end:
    the hexsides between the sections' last hexes; edge-to-edge and staggered: seam hexes)."""
    g = game(path)
    joins = {
        tuple(sorted((g.amap.placements[a].name, g.amap.placements[b].name)))
        for a, b in g.amap.joins
    }
    assert joins == set(expected)
    for (a, b), named in expected.items():
        assert crossings(g, a, b) == named
        start = {h for h in g.amap.hexes if placements_of(g, h) == {a} and road_steps(g, h)}
        goal = {h for h in g.amap.hexes if placements_of(g, h) == {b} and road_steps(g, h)}
        trace = road_trace(g, start, goal, {a, b})
        assert trace, f"no road from {a} into {b}"
        names = [g.amap.name(h) for h in trace]
        crossed = [
            f"{x}-{y}" if f"{x}-{y}" in named else y
            for x, y in itertools.pairwise(names)
            if f"{x}-{y}" in named or y in named
        ]
        assert crossed, f"the road from {a} into {b} ({names}) crosses at none of {named}"


@pytest.mark.parametrize("path", LAYOUTS, ids=["edge-to-edge", "end-to-end", "staggered"])
def test_scn_vi_a_the_attacker_can_drive_from_side_a_to_side_b_by_road(path: str) -> None:
    """[SCN VI.A.5-6] The Attacker enters on Side A and scores by exiting on Side B: on each
    layout roads (and, on L, a farm track between its two road nets) lead all the way from a
    Side A hex to a Side B hex over all three sections."""
    g = game(path)
    sides = g.amap.edges.sides
    routes = frozenset({"road", "track"})
    start = {h for h in sides["A"] if road_steps(g, h, routes)}
    goal = {h for h in sides["B"] if road_steps(g, h, routes)}
    trace = road_trace(g, start, goal, {"J", "K", "L"}, routes)
    assert trace and trace[0] in sides["A"] and trace[-1] in sides["B"]
    assert {g.amap.name(h)[0] for h in trace} == {"J", "K", "L"}


def test_ag_v_c_2_a_vehicle_follows_the_road_over_the_end_to_end_join_at_road_cost() -> None:
    """[AG V.C.2] Road Movement Cost: J4003 to K0115, along the road that runs on from J into
    K end to end, costs the M4 its Road Movement Cost; the step beside it, J4003 to K0114 (no
    road over that hexside), costs the Clear hex instead."""
    g = game(END)
    m4 = g.units["attacker.M4.1"]
    cost = g.cost_for(m4)
    here, road, off = (g.amap.resolve(n) for n in ("J4003", "K0115", "K0114"))
    assert g.terrain.terrain(road) == g.terrain.terrain(off) == "clear"
    assert cost(here, road) == m4.road_cost
    assert cost(here, off) != m4.road_cost
    assert cost(road, here) == m4.road_cost  # either way along the road


@pytest.mark.parametrize(
    ("path", "join", "turns"),
    [
        (EDGE, JoinType.EDGE_TO_EDGE, 14),
        (END, JoinType.END_TO_END, 40),
        (STAGGERED, JoinType.STAGGERED, 30),
    ],
    ids=["edge-to-edge", "end-to-end", "staggered"],
)
def test_scn_vi_a_6_each_configuration_lasts_the_books_turns(
    path: str, join: JoinType, turns: int
) -> None:
    """[SCN VI.A.6] "The game lasts 14 Turns if the Edge-to-Edge mapboard configuration is
    used, 40 Turns if the End-to-End ..., and 30 Turns if the Staggered": each file lays out
    its configuration, cites the section, and the engine plays that many Turns."""
    g = game(path)
    scenario = g.scenario
    assert scenario.map.layout.preset == join
    assert scenario.length.source is not None and "SCN VI.A.6" in scenario.length.source
    assert g.turns == turns


@pytest.mark.parametrize("path", [END, STAGGERED], ids=["end-to-end", "staggered"])
def test_scn_vi_a_5_sides_a_and_b_are_the_ends_and_the_defender_sets_up_in_k_and_l(
    path: str,
) -> None:
    """[SCN VI.A.5] (our reading of the missing diagrams): Side A is J's west end and Side B
    L's east end, so the Attacker enters along J0101-J0112 and exits past L4025-L4036, and the
    Defender sets up anywhere in K and L, "the two mapboard sections that do not include Side
    A"; set up, every Defender unit stands there."""
    g = game(path)
    sides = g.amap.edges.sides
    assert {g.amap.name(h) for h in sides["A"]} == {f"J01{r:02d}" for r in range(13)}
    assert {g.amap.name(h) for h in sides["B"]} == {f"L40{r}" for r in range(25, 37)}
    attacker, defender = g.scenario.sides
    assert g.region(attacker.setup.region) == sides["A"]
    area = g.region(defender.setup.region)
    assert area == {h for h in g.amap.hexes if placements_of(g, h) & {"K", "L"}}
    state = g.new_initial_state(3)
    placed = [h for u, h in state.troops.hexes.items() if u.startswith("defender.")]
    assert placed and all(h in area for h in placed)
    entered = [h for u, h in state.troops.hexes.items() if u.startswith("attacker.")]
    assert entered and all(h in sides["A"] for h in entered)  # they enter along Side A


@pytest.mark.parametrize("path", [END, STAGGERED], ids=["end-to-end", "staggered"])
def test_the_layouts_meet_their_constraints_and_lay_no_unit_on_a_road(path: str) -> None:
    """[SCN VI.A.1; Setup II.C.7] The join is the file's own and the roads meet (the layout
    checks say so); the terrain units moved off the Edge-to-Edge seams cover no road hex and
    no half-hex, so the table is the same on either layout."""
    loaded = load_scenario(ROOT / path)
    assert [(s.met, s.why) for s in constraint_states(loaded)] == [
        (True, f"the joins are {loaded.scenario.map.layout.preset}"),
        (True, "a road runs across every join"),
    ]
    g = game(path)
    on_road = [
        g.amap.name(h) for _, hexes in loaded.overlays.placed for h in hexes if road_steps(g, h)
    ]
    assert on_road == []
    assert all(
        not g.amap.hexes[h].is_seam and not g.amap.hexes[h].is_edge_half
        for _, hexes in loaded.overlays.placed
        for h in hexes
    )
    other = load_scenario(ROOT / (STAGGERED if path == END else END)).scenario.map.overlays
    assert loaded.scenario.map.overlays == other
