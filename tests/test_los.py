"""Line of sight for the four systems (rules.los.query), each as its book gives it.

Situations are built on the built-in scenarios' maps with the model's edits (paint, elevation,
hexside features) on a patch first cleared to open ground, so each test says exactly what lies
on the line. Offsets are axial (q, r) from the patch's centre: (0, k) runs straight south;
(2, -1) runs exactly along hexsides.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from model import edits
from model.catalog import terrain_types
from model.hexes import Hex, Hexside, line_steps, within
from model.mapstate import terrain_edits
from model.scenario_io import load_scenario, overlays_of
from model.scenario_map import OverlayPlacement
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.los.geometry import AlongStep, CornerStep, CrossStep, HexStep, trace
from rules.los.query import LosResult, line_of_sight
from rules.los.terrain import terrain_table

SCENARIOS = Path(__file__).parent.parent / "scenarios"


class Board:
    """A built-in scenario's map, edited step by step, for precise lines of sight."""

    def __init__(self, path: str, centre: str | None = None) -> None:
        loaded = load_scenario(SCENARIOS / path)
        self.amap = loaded.map
        self.scenario = loaded.scenario
        self.system = loaded.scenario.system
        self.base = MapTerrain(loaded.map, loaded.overlays)
        self.centre = self.amap.resolve(centre) if centre else None

    def hex(self, where: str | tuple[int, int]) -> Hex:
        if isinstance(where, str):
            return self.amap.resolve(where)
        assert self.centre is not None
        return Hex(self.centre.q + where[0], self.centre.r + where[1])

    def name(self, where: str | tuple[int, int]) -> str:
        return self.amap.name(self.hex(where))

    def side_text(self, x: str | tuple[int, int], y: str | tuple[int, int]) -> str:
        return "/".join(self.name(h).replace("/", "") for h in (x, y))

    def side(self, x: str | tuple[int, int], y: str | tuple[int, int]) -> Hexside:
        return Hexside.between(self.hex(x), self.hex(y))

    def view(self) -> MapTerrain:
        overlays, problems = overlays_of(self.scenario, self.amap)
        assert problems == []
        return self.base.with_layers(
            overlays, terrain_edits(self.scenario, self.amap), self.scenario.map.terrain_options
        )

    def paint(self, terrain: str, *where: str | tuple[int, int]) -> Board:
        self.scenario = edits.paint_terrain(self.scenario, [self.name(w) for w in where], terrain)
        return self

    def level(self, level: int, *where: str | tuple[int, int]) -> Board:
        self.scenario = edits.set_elevation(self.scenario, [self.name(w) for w in where], level)
        return self

    def feature(
        self, feature: str, x: str | tuple[int, int], y: str | tuple[int, int], present: bool = True
    ) -> Board:
        text = self.side_text(x, y)
        self.scenario = edits.set_hexside_feature(self.scenario, [text], feature, present)
        return self

    def overlay(self, overlay: str, where: str | tuple[int, int]) -> Board:
        placement = OverlayPlacement(overlay=overlay, hex=self.name(where))
        self.scenario = edits.add_overlay(self.scenario, placement)
        return self

    def open_ground(self, radius: int = 5, level: int = 0) -> Board:
        """Clear terrain at one level, no hexside features, within ``radius`` of the centre."""
        assert self.centre is not None
        hexes = [h for h in within(self.centre, radius) if h in self.amap.hexes]
        names = [self.amap.name(h) for h in hexes]
        self.scenario = edits.paint_terrain(self.scenario, names, "clear")
        self.scenario = edits.set_elevation(self.scenario, names, level)
        view = self.view()
        for side in {Hexside.of(h, d) for h in hexes for d in range(6)}:
            x, y = side.hexes
            if x not in self.amap.hexes or y not in self.amap.hexes:
                continue
            text = "/".join(self.amap.name(h).replace("/", "") for h in (x, y))
            for feature in view.hexside_features(side):
                self.scenario = edits.set_hexside_feature(self.scenario, [text], feature, False)
        return self

    def los(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> LosResult:
        return line_of_sight(self.view(), self.system, self.hex(a), self.hex(b))


def _names(board: Board, result: LosResult) -> list[str]:
    return [board.amap.name(h) for h in result.hexes]


# --- geometry --------------------------------------------------------------------------------------


def test_a_line_meets_the_hexes_whose_corner_it_clips_which_sampling_misses() -> None:
    a, b = Hex(0, 0), Hex(1, 6)
    sampled = {h for step in line_steps(a, b) for h in step.hexes}
    traced = trace(a, b).hexes
    assert traced[0] == a and traced[-1] == b
    assert set(traced) - sampled == {Hex(1, 2), Hex(0, 4)}
    assert sampled <= set(traced)


def test_a_line_two_columns_over_runs_along_hexsides_left_then_right() -> None:
    line = trace(Hex(0, 0), Hex(4, -2))
    along = [s for s in line.steps if isinstance(s, AlongStep)]
    assert [(s.left, s.right) for s in along] == [
        step.hexes for step in line_steps(Hex(0, 0), Hex(4, -2)) if step.ambiguous
    ]
    assert [s.side for s in along] == [
        Hexside.between(Hex(1, -1), Hex(1, 0)),
        Hexside.between(Hex(3, -2), Hex(3, -1)),
    ]
    assert line.hexes == (
        Hex(0, 0),
        Hex(1, -1),
        Hex(1, 0),
        Hex(2, -1),
        Hex(3, -2),
        Hex(3, -1),
        Hex(4, -2),
    )


def test_a_line_through_a_corner_point_touches_the_third_hex_only() -> None:
    line = trace(Hex(0, 0), Hex(1, 4))  # a third and two thirds of the way: two corner points
    corners = [(c.before, c.after, c.touched) for c in line.steps if isinstance(c, CornerStep)]
    assert corners == [
        (Hex(0, 1), Hex(0, 2), Hex(1, 1)),
        (Hex(1, 2), Hex(1, 3), Hex(0, 3)),
    ]
    assert line.hexes == (Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(1, 2), Hex(1, 3), Hex(1, 4))


@pytest.mark.parametrize("target", sorted(within(Hex(0, 0), 9)))
def test_every_step_joins_the_next_and_the_line_is_the_same_both_ways(target: Hex) -> None:
    line = trace(Hex(0, 0), target)
    steps = line.steps
    for before, step, after in zip(steps, steps[1:], steps[2:], strict=False):
        if isinstance(step, CrossStep):
            assert isinstance(before, HexStep) and isinstance(after, HexStep)
            assert (step.before, step.after) == (before.hex, after.hex)
            assert step.side == Hexside.between(before.hex, after.hex)
    back = trace(target, Hex(0, 0))
    assert set(back.hexes) == set(line.hexes)
    assert set(back.along_hexsides) == set(line.along_hexsides)


# --- Soldiers [6.4] ------------------------------------------------------------------------------


@pytest.fixture
def map_c() -> Board:
    return Board("soldiers/10-dawn-patrol.yaml")


@pytest.mark.parametrize(
    ("target", "verdict", "where", "rule"),
    [
        ("C/2012", "clear", None, "Soldiers [6.41]"),  # both next to the wall hexside
        ("C/1612", "blocked", "C/2111/C/2112", "Soldiers [6.44]"),  # along the wall
        ("C/1709", "clear", None, "Soldiers [6.41]"),  # the hex just beyond a wall
        ("C/1909", "blocked", "C/2010", "Soldiers [6.41; 6.43]"),  # the brush in 2010
        ("C/2208", "blocked", "C/2209", "Soldiers [6.41; 6.43]"),  # the building in 2209
        ("C/2309", "blocked", "C/2211/C/2310", "Soldiers [6.44]"),  # a wall next to neither
        ("C/2008", "blocked", "C/2009", "Soldiers [6.45]"),  # crosses a corner of 2009
    ],
)
def test_the_books_example_from_c2212(
    map_c: Board, target: str, verdict: str, where: str | None, rule: str
) -> None:
    """Soldiers [6.44] Example (LOS): a man in C/2212 on the Hexwright map C."""
    result = map_c.los("C/2212", target)
    assert result.verdict == verdict
    assert (result.decided_by.where if result.decided_by else None) == where
    assert result.rule == rule


def test_a_line_along_a_wall_is_clear_when_both_ends_are_next_to_it(map_c: Board) -> None:
    result = map_c.los("C/1809", "C/1710")  # the book's own case [6.44]
    assert result.verdict == "clear"
    assert result.along_hexsides == (map_c.side("C/1709", "C/1810"),)
    assert "wall" in map_c.view().hexside_features(map_c.side("C/1709", "C/1810"))


def test_soldiers_line_along_a_hexside_is_blocked_only_between_two_blocking_hexes(
    map_c: Board,
) -> None:
    map_c.paint("woods", "C/2111")
    assert map_c.los("C/2212", "C/2012").verdict == "clear"
    map_c.paint("building", "C/2112")
    result = map_c.los("C/2212", "C/2012")
    assert result.verdict == "blocked"
    assert result.decided_by is not None and result.decided_by.where == "C/2111/C/2112"
    assert result.rule == "Soldiers [6.45]"


def test_soldiers_terrain_in_the_observers_and_targets_hexes_never_blocks(map_c: Board) -> None:
    map_c.paint("woods", "C/2212", "C/1709")
    result = map_c.los("C/2212", "C/1709")
    assert result.verdict == "clear"
    assert _names(map_c, result) == ["C/2212", "C/2111", "C/2011", "C/1910", "C/1810", "C/1709"]


def test_soldiers_ridge_hexside_blocks_from_the_data(map_c: Board) -> None:
    map_c.feature("ridge", "C/2011", "C/1910")
    result = map_c.los("C/2212", "C/1709")
    assert result.decided_by is not None
    assert (result.decided_by.where, result.decided_by.terrain) == ("C/1910/C/2011", "ridge")
    assert result.decided_by.hexside == map_c.side("C/2011", "C/1910")


def test_soldiers_has_no_elevation_a_high_observer_sees_nothing_more(map_c: Board) -> None:
    map_c.level(5, "C/2212").level(-2, "C/2010")
    assert map_c.los("C/2212", "C/1909").decided_by.where == "C/2010"  # type: ignore[union-attr]
    map_c.level(9, "C/2012")
    assert map_c.los("C/2212", "C/2012").verdict == "clear"


# --- Panzer '44 [11.0] -----------------------------------------------------------------------------


@pytest.fixture
def p44() -> Board:
    return Board("panzer44/19.1-behind-utah.yaml", "3017").open_ground()


def test_p44_open_ground_is_clear_and_lists_every_hex(p44: Board) -> None:
    result = p44.los((0, 0), (0, 4))
    assert result.verdict == "clear"
    assert result.rule == "Panzer '44 [11.0; 11.13]"
    assert result.hexes == tuple(p44.hex((0, k)) for k in range(5))


def test_p44_woods_between_blocks_and_woods_at_either_end_does_not(p44: Board) -> None:
    p44.paint("town", (0, 0)).paint("woods", (0, 4))
    assert p44.los((0, 0), (0, 4)).verdict == "clear"  # [11.13]
    p44.paint("woods", (0, 2))
    result = p44.los((0, 0), (0, 4))
    assert result.verdict == "blocked"
    assert result.decided_by is not None
    assert (result.decided_by.where, result.decided_by.terrain) == (p44.name((0, 2)), "woods")
    assert result.rule == "Panzer '44 [11.11]"


def test_p44_crest_hexside_blocks_unless_it_is_a_side_of_an_end_hex(p44: Board) -> None:
    p44.feature("crest", (0, 3), (0, 4))  # a side of the target's hex
    assert p44.los((0, 0), (0, 4)).verdict == "clear"
    p44.feature("slope", (0, 1), (0, 2))  # slopes do not block (data)
    assert p44.los((0, 0), (0, 4)).verdict == "clear"
    p44.feature("crest", (0, 2), (0, 3))
    result = p44.los((0, 0), (0, 4))
    assert result.decided_by is not None
    assert result.decided_by.hexside == p44.side((0, 2), (0, 3))
    assert result.rule.startswith("Panzer '44 [11.11; 11.13]; crest: placeholder: TEC row cut")


def test_p44_has_no_elevation_a_hilltop_sees_over_nothing(p44: Board) -> None:
    p44.paint("hilltop", (0, 0)).level(3, (0, 0)).paint("woods", (0, 2))
    result = p44.los((0, 0), (0, 4))
    assert result.verdict == "blocked" and result.decided_by.where == p44.name((0, 2))  # type: ignore[union-attr]
    p44.paint("clear", (0, 2)).paint("hilltop", (0, 3))
    result = p44.los((0, 0), (0, 4))
    assert result.decided_by.terrain == "hilltop"  # type: ignore[union-attr]
    assert result.rule == "Panzer '44 [11.11]"


def test_p44_line_along_a_hexside_is_blocked_by_blocking_terrain_on_either_side(
    p44: Board,
) -> None:
    assert p44.los((0, 0), (2, -1)).verdict == "clear"
    p44.paint("woods", (1, 0))
    result = p44.los((0, 0), (2, -1))
    assert result.verdict == "blocked"
    assert result.decided_by is not None
    assert result.decided_by.hexside == p44.side((1, -1), (1, 0))
    assert result.along_hexsides == (p44.side((1, -1), (1, 0)),)
    assert result.rule.startswith("Panzer '44 [11.11]; placeholder: the book does not speak")


# --- Panzer Command [§6] -------------------------------------------------------------------------


@pytest.fixture
def pc() -> Board:
    return Board("panzer-command/point-161.yaml", "3414").open_ground(level=2)


def test_pc_open_ground_is_clear(pc: Board) -> None:
    result = pc.los((0, 0), (0, 4))
    assert result.verdict == "clear"
    assert result.rule == "Panzer Command [§6.2; §6.3]"


def test_pc_woods_on_the_units_level_block_woods_below_them_do_not(pc: Board) -> None:
    pc.paint("woods", (0, 2))
    result = pc.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.where == pc.name((0, 2))
    assert result.rule == "Panzer Command [§6.3]"
    assert "enters, not through" in result.decided_by.reason
    pc.level(1, (0, 2))
    assert pc.los((0, 0), (0, 4)).verdict == "clear"


def test_pc_woods_level_with_the_lower_unit_make_a_blindspot_next_to_it(pc: Board) -> None:
    pc.level(3, (0, 0)).paint("woods", (0, 2))  # higher unit at 3, lower at 2
    assert pc.los((0, 0), (0, 4)).verdict == "clear"  # the woods is not next to the lower unit
    pc.paint("woods", (0, 3))
    result = pc.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.where == pc.name((0, 3))
    assert "blindspot" in result.decided_by.reason
    assert result.rule == "Panzer Command [§6.3]"


def test_pc_woods_between_the_two_levels_is_a_placeholder_block(pc: Board) -> None:
    pc.level(4, (0, 0)).level(3, (0, 1)).paint("woods", (0, 1))
    result = pc.los((0, 0), (0, 4))
    assert result.verdict == "blocked"
    assert result.rule.startswith("Panzer Command [§6.3]; placeholder: the book gives no rule")


def test_pc_ground_higher_than_both_units_blocks(pc: Board) -> None:
    pc.level(3, (0, 2))
    result = pc.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.where == pc.name((0, 2))
    assert result.rule == "Panzer Command [§6.3 Elevation Changes]"
    pc.level(3, (0, 0))  # now as high as the higher unit: elevation changes do not block
    assert pc.los((0, 0), (0, 4)).verdict == "clear"


def test_pc_crests_block_unless_next_to_a_unit_or_lower_than_both(pc: Board) -> None:
    pc.feature("crest", (0, 0), (0, 1))
    assert pc.los((0, 0), (0, 4)).verdict == "clear"  # borders the observer's hex
    pc.feature("crest", (0, 2), (0, 3))
    result = pc.los((0, 0), (0, 4))
    assert result.decided_by is not None
    assert (result.decided_by.terrain, result.decided_by.hexside) == (
        "crest",
        pc.side((0, 2), (0, 3)),
    )
    pc.level(3, (0, 0), (0, 4))  # both units above the crest (elevation 2)
    assert pc.los((0, 0), (0, 4)).verdict == "clear"


def test_pc_embankment_blocks_only_next_to_the_lower_unit(pc: Board) -> None:
    pc.feature("embankment", (0, 1), (0, 2)).feature("embankment", (0, 3), (0, 4))
    assert pc.los((0, 0), (0, 4)).verdict == "clear"  # same elevation
    pc.level(1, (0, 4))  # the lower unit borders the second embankment
    result = pc.los((0, 0), (0, 4))
    assert result.decided_by is not None
    assert result.decided_by.hexside == pc.side((0, 3), (0, 4))
    assert len(result.obstacles) == 1  # the first embankment is not next to the lower unit


def test_pc_line_between_two_hexes_needs_both_to_block_and_a_crest_along_it_blocks(
    pc: Board,
) -> None:
    pc.paint("town", (1, 0))
    assert pc.los((0, 0), (2, -1)).verdict == "clear"  # one blocking hex of the two [§6.2]
    pc.paint("woods", (1, -1))
    result = pc.los((0, 0), (2, -1))
    assert result.decided_by is not None and result.decided_by.hexside == pc.side((1, -1), (1, 0))
    assert result.rule.startswith("Panzer Command [§6.2]")
    pc.paint("clear", (1, 0), (1, -1)).feature("crest", (1, 0), (1, -1))
    result = pc.los((0, 0), (2, -1))
    assert result.decided_by is not None and "runs along a crest" in result.decided_by.reason


def test_pc_adjacent_units_always_see_each_other(pc: Board) -> None:
    pc.level(0, (0, 0)).level(4, (0, 1)).feature("crest", (0, 0), (0, 1))
    result = pc.los((0, 0), (0, 1))
    assert result.verdict == "clear"
    assert result.rule == "Panzer Command [§6.3 note]"


# --- Armor [AG IV.B; GC2] ------------------------------------------------------------------------


@pytest.fixture
def armor() -> Board:
    return Board("armor/1a-spearheads.yaml", "K2018").open_ground()


HEIGHTS = "placeholder: the Sighting Elevation Table [GC2] is lost beyond its -1 row"


def test_armor_open_ground_is_clear(armor: Board) -> None:
    result = armor.los((0, 0), (0, 4))
    assert result.verdict == "clear"
    assert result.rule.startswith("Armor [AG IV.B]; " + HEIGHTS)


def test_armor_woods_between_level_units_block_and_at_the_ends_do_not(armor: Board) -> None:
    armor.paint("woods", (0, 0), (0, 4))
    assert armor.los((0, 0), (0, 4)).verdict == "clear"
    armor.paint("wood-building", (0, 2))
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None
    assert (result.decided_by.where, result.decided_by.terrain) == (
        armor.name((0, 2)),
        "wood-building",
    )
    assert result.rule.startswith(HEIGHTS)
    assert "level 1" in result.decided_by.reason


def test_armor_crest_hexside_is_a_level_1_obstacle(armor: Board) -> None:
    armor.feature("crest", (0, 2), (0, 3))
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None
    assert result.decided_by.hexside == armor.side((0, 2), (0, 3))
    armor.level(1, (0, 0), (0, 4))  # units on one-level ground see over it
    assert armor.los((0, 0), (0, 4)).verdict == "clear"


def test_armor_a_high_sighter_sees_over_near_woods_not_into_the_hex_behind_far_woods(
    armor: Board,
) -> None:
    armor.level(4, (0, 0)).paint("woods", (0, 1))  # the line is at level 3 there: woods are 3
    assert armor.los((0, 0), (0, 4)).verdict == "clear"
    armor.paint("clear", (0, 1)).paint("woods", (0, 3))  # the line is at level 1 there
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.where == armor.name((0, 3))
    assert "passes there at level 1 between units at levels 4 and 0" in result.decided_by.reason


def test_armor_hills_raise_units_woods_do_not(armor: Board) -> None:
    armor.level(1, (0, 2))  # ground between two level-0 units
    assert armor.los((0, 0), (0, 4)).decided_by.where == armor.name((0, 2))  # type: ignore[union-attr]
    armor.level(1, (0, 0), (0, 4))  # all three on one level: ground blocks only above the line
    assert armor.los((0, 0), (0, 4)).verdict == "clear"
    armor.level(1, (0, 1)).paint("hill", (0, 1))  # a painted Hill raises its hex to level 2
    assert armor.los((0, 0), (0, 4)).decided_by.where == armor.name((0, 1))  # type: ignore[union-attr]


def test_armor_units_on_painted_hills_stand_a_level_up(armor: Board) -> None:
    armor.paint("wood-building", (0, 2))
    assert armor.los((0, 0), (0, 4)).verdict == "blocked"
    armor.paint("hill", (0, 0), (0, 4))  # both at level 1: a one-storey building is not above
    assert armor.los((0, 0), (0, 4)).verdict == "clear"


def test_armor_hill_units_raise_the_ground_once_and_woods_on_a_hill_stand_at_4(
    armor: Board,
) -> None:
    """Hill units add to the elevation of units on them [AG IV.B.1.h(1)]; a Woods unit stacked
    on one Hill unit is level +4 [AG IV.B.1.f]."""
    armor.overlay("hill-53", (0, 0)).overlay("hill-54", (0, 2)).overlay("hill-55", (0, 4))
    assert armor.los((0, 0), (0, 4)).verdict == "clear"  # all three at level 1
    armor.overlay("woods-84", (0, 2)).level(3, (0, 0), (0, 4))  # units at 3 + 1 = 4
    assert armor.los((0, 0), (0, 4)).verdict == "clear"
    armor.level(2, (0, 0), (0, 4))  # units at 3
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.terrain == "woods"
    assert "tops out at level 4" in result.decided_by.reason


def test_armor_stacked_building_units_are_storeys(armor: Board) -> None:
    """Building units stack into storeys, each one level [Setup II.C.4; AG IV.B.1.d]."""
    armor.level(1, (0, 0), (0, 4)).overlay("brick-building", (0, 2))
    assert armor.los((0, 0), (0, 4)).verdict == "clear"  # one storey: level 1, not above
    armor.overlay("brick-building", (0, 2))
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None and "tops out at level 2" in result.decided_by.reason


def test_armor_the_surviving_row_of_the_sighting_elevation_table(armor: Board) -> None:
    """GC2 Sighting Elevation Table, sighter at level -1: 1+ against 0, NP against -1."""
    armor.paint("depression", (0, 0)).paint("scrub", (0, 2))
    assert armor.los((0, 0), (0, 4)).verdict == "clear"  # level-0 terrain never blocks it
    armor.paint("brick-building", (0, 2))
    result = armor.los((0, 0), (0, 4))
    assert result.rule == "Armor [GC2 Sighting Elevation Table], row -1: 1+ against a +0 target"
    back = armor.los((0, 4), (0, 0))
    assert back.rule.endswith(
        "1+ against a +0 target (read both ways: the target is the unit at -1)"
    )
    armor.paint("clear", (0, 2)).paint("depression", (0, 4))
    result = armor.los((0, 0), (0, 4))
    assert result.decided_by is not None and result.decided_by.where == armor.name((0, 1))
    assert result.rule == "Armor [GC2 Sighting Elevation Table], row -1: NP against a -1 target"
    armor.paint("depression", (0, 1), (0, 2), (0, 3))  # one hollow: no ground rises between
    assert armor.los((0, 0), (0, 4)).verdict == "clear"


def test_armor_smoke_blocks_at_every_level(armor: Board) -> None:
    armor.level(4, (0, 0), (0, 4)).paint("smoke", (0, 2))
    result = armor.los((0, 0), (0, 4))
    assert result.verdict == "blocked"
    assert result.rule == "Armor [OP IX.A.5]"


def test_armor_line_between_two_hexes_counts_the_lower(armor: Board) -> None:
    armor.paint("woods", (1, 0))
    assert armor.los((0, 0), (2, -1)).verdict == "clear"
    armor.paint("woods", (1, -1))
    result = armor.los((0, 0), (2, -1))
    assert result.decided_by is not None and result.decided_by.hexside == armor.side(
        (1, -1), (1, 0)
    )
    assert "placeholder: the book does not say how a line along a hexside" in result.rule


def test_armor_adjacent_hexes_are_always_sighted(armor: Board) -> None:
    armor.feature("crest", (0, 0), (0, 1)).paint("depression", (0, 0))
    result = armor.los((0, 0), (0, 1))
    assert result.verdict == "clear"
    assert result.rule == "Armor [GC2 Sighting Elevation Table] note"


# --- all four ----------------------------------------------------------------------------------------

BOARDS = {
    GameSystem.ARMOR: ("armor/1a-spearheads.yaml", "K2018", 0),
    GameSystem.PANZER44: ("panzer44/19.1-behind-utah.yaml", "3017", 0),
    GameSystem.SOLDIERS: ("soldiers/21-hedgerow-assault.yaml", "D1310", 0),
    GameSystem.PANZER_COMMAND: ("panzer-command/point-161.yaml", "3414", 2),
}


@pytest.mark.parametrize(
    ("system", "terrain"),
    [
        (system, t.id)
        for system in BOARDS
        for t in terrain_types(system).values()
        if t.applies_to == "hex"
    ],
)
def test_the_terrain_data_says_which_hex_terrain_blocks(system: GameSystem, terrain: str) -> None:
    path, centre, level = BOARDS[system]
    board = Board(path, centre).open_ground(radius=3, level=level).paint(terrain, (0, 2))
    result = board.los((0, 0), (0, 4))
    assert (result.verdict == "blocked") == terrain_table(system)[terrain].blocks
    if result.decided_by is not None:
        assert result.decided_by.where == board.name((0, 2))


@pytest.mark.parametrize("system", list(BOARDS))
def test_the_verdict_and_obstacles_are_the_same_both_ways(system: GameSystem) -> None:
    path, _, _ = BOARDS[system]
    loaded = load_scenario(SCENARIOS / path)
    view = MapTerrain(
        loaded.map,
        loaded.overlays,
        terrain_edits(loaded.scenario, loaded.map),
        loaded.scenario.map.terrain_options,
    )
    hexes = sorted(view.hexes())
    rng = random.Random(44)
    for _ in range(150):
        a, b = rng.choice(hexes), rng.choice(hexes)
        there, back = line_of_sight(view, system, a, b), line_of_sight(view, system, b, a)
        assert there.verdict == back.verdict, (view.amap.name(a), view.amap.name(b))
        assert {o.where for o in there.obstacles} == {o.where for o in back.obstacles}
        assert set(there.hexes) == set(back.hexes)


def test_the_same_hex_and_hexes_off_the_map() -> None:
    board = Board("panzer44/19.1-behind-utah.yaml", "3017")
    result = board.los((0, 0), (0, 0))
    assert (result.verdict, result.hexes, result.obstacles) == ("clear", (board.hex((0, 0)),), ())
    with pytest.raises(ValueError, match="not on the map"):
        line_of_sight(board.view(), board.system, board.hex((0, 0)), Hex(500, 500))
