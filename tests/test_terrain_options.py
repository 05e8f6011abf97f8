"""Terrain options: the data files, the scenario's choices checked on load, the pure edit, and
what MapTerrain makes of them (the boards never change)."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import edits
from model.errors import ProblemList
from model.hexes import Hexside
from model.mapstate import terrain_edits
from model.scenario import Scenario
from model.scenario_io import load_scenario, parse_scenario
from model.systems import GameSystem
from model.terrainoptions import (
    option_values,
    read_terrain_options,
    terrain_options,
    water_choice,
)
from model.terrainview import MapTerrain

SCENARIOS = Path(__file__).parent.parent / "scenarios"
BRIDGE = SCENARIOS / "armor" / "2b-the-bridge.yaml"
ARMOR = GameSystem.ARMOR


def view(path: Path, **options: str) -> MapTerrain:
    loaded = load_scenario(path)
    values = {**option_values(loaded.scenario), **options}
    return MapTerrain(
        loaded.map, loaded.overlays, terrain_edits(loaded.scenario, loaded.map), values
    )


# --- the data files ------------------------------------------------------------------------------


def test_every_system_file_loads_and_names_its_sections() -> None:
    armor = terrain_options(ARMOR)
    assert list(armor) == [
        "roads",
        "tracks",
        "hilltops",
        "hill-crests",
        "alleys",
        "hedgerows",
        "streams",
        "river-level",
        "soft-ground",
    ]
    # Armor [OP XXVII A-G], and the Soft hex choice [SCN III.B.2; OP XIII.A].
    assert armor["roads"].source == "Armor [OP XXVII.A]"
    assert armor["river-level"].source == "Armor [OP XXVII.G]"
    assert armor["soft-ground"].source == "Armor [SCN III.B.2; OP XIII.A]"
    streams = armor["streams"]
    assert [(c.id, c.source) for c in streams.choices] == [
        ("fordable", "Armor [OP XXVII.F; CS Vehicle Movement Costs]"),
        ("clear", "Armor [OP XXVII.F.1]"),
        ("bridges-only", "Armor [OP XXVII.F.2]"),
        ("fords-only", "Armor [OP XXVII.F.3]"),
    ]
    # Each default is the game without the option.
    assert {o.id: o.default for o in armor.values()} == {
        "roads": "road",
        "tracks": "track",
        "hilltops": "clear",
        "hill-crests": "not-crests",
        "alleys": "building",
        "hedgerows": "hedgerow",
        "streams": "fordable",
        "river-level": "level-0",
        "soft-ground": "clear",
    }
    water = terrain_options(GameSystem.SOLDIERS)["water"]
    assert (water.scope, water.stored_in, water.source) == ("board", "water", "Soldiers [7.25]")
    assert water.choice("frozen") is not None and water.choice("frozen").source == "Soldiers [24.1]"  # type: ignore[union-attr]
    # Neither Panzer '44 nor this text of Panzer Command offers terrain options.
    assert terrain_options(GameSystem.PANZER44) == {}
    assert terrain_options(GameSystem.PANZER_COMMAND) == {}


def test_every_option_and_choice_says_where_it_comes_from() -> None:
    for system in GameSystem:
        for option in terrain_options(system).values():
            assert option.source or option.placeholder
            for choice in option.choices:
                assert choice.provenance
                assert not choice.provenance.startswith("placeholder: None")


GOOD = """\
schema_version: 1
system: armor
options:
  - id: roads
    name: Roads
    source: "Armor [OP XXVII.A]"
    default: road
    choices:
      - {id: road, name: Roads, source: "Armor [OP XXVII.A]"}
      - {id: clear, name: Clear, source: "Armor [OP XXVII.A]", effects: [{kind: path-as, path: [road]}]}
"""

FILE_CASES = [
    (
        ("default: road", "default: raod"),
        "t.yaml:4:5: options[0]: default 'raod' is not one of the choices ['road', 'clear']",
    ),
    (
        ('    source: "Armor [OP XXVII.A]"\n', ""),
        "t.yaml:4:5: options[0]: say where this comes from: 'source' or 'placeholder'",
    ),
    (
        ("kind: path-as", "kind: path-like"),
        "t.yaml:10:74: options[0].choices[1].effects[0]: unknown kind 'path-like'; expected "
        "'terrain-as', 'path-as', 'unfordable', 'ground-level', 'effect-from', 'rolled-areas', "
        "'text' (did you mean 'path-as'?)",
    ),
    (
        ("name: Roads\n", "name: Roads\n    scope: section\n"),
        "t.yaml:6:12: options[0].scope: 'section' is not one of 'map' or 'board'",
    ),
    (
        ("schema_version: 1", "schema_version: 2"),
        "t.yaml:1:17: schema_version: this terrain-options file is schema version 2, newer "
        "than this Hexwright reads (1) (update Hexwright to open it)",
    ),
]


@pytest.mark.parametrize(("change", "message"), FILE_CASES)
def test_a_bad_terrain_options_file_is_refused_with_its_place(
    change: tuple[str, str], message: str
) -> None:
    assert read_terrain_options(GOOD, "t.yaml").options[0].id == "roads"
    old, new = change
    assert old in GOOD
    with pytest.raises(ProblemList) as info:
        read_terrain_options(GOOD.replace(old, new, 1), "t.yaml")
    assert message in [p.format() for p in info.value.problems]


# --- a scenario's choices, checked on load ----------------------------------------------------------

BASE = (SCENARIOS / "armor" / "1a-spearheads.yaml").read_text()
SOLDIERS = (SCENARIOS / "soldiers" / "20-vire-bridges.yaml").read_text()


def problems_for(text: str) -> list[str]:
    with pytest.raises(ProblemList) as info:
        parse_scenario(text, "s.yaml")
    return [p.format() for p in info.value.problems]


def with_options(base: str, lines: str) -> str:
    return base.replace("map:\n", f"map:\n  terrain_options:\n{lines}", 1)


REFERENCE_CASES = [
    (
        BASE,
        "    rods: track\n",
        [
            "s.yaml:14:5: map.terrain_options.rods: unknown terrain option 'rods' "
            "(did you mean 'roads'?)"
        ],
    ),
    (
        BASE,
        "    streams: unfordable\n",
        [
            "s.yaml:14:14: map.terrain_options.streams: unknown choice 'unfordable' for terrain "
            "option 'streams' (did you mean 'fordable'?)"
        ],
    ),
    (
        BASE,
        "    streams: deep\n",
        [
            "s.yaml:14:14: map.terrain_options.streams: unknown choice 'deep' for terrain "
            "option 'streams' (choices: fordable, clear, bridges-only, fords-only)"
        ],
    ),
    (
        BASE,
        "    soft-ground: sof\n",
        [
            "s.yaml:14:18: map.terrain_options.soft-ground: unknown choice 'sof' for terrain "
            "option 'soft-ground' (did you mean 'soft'?)"
        ],
    ),
    (
        BASE,
        "    roads:J: track\n",
        [
            "s.yaml:14:5: map.terrain_options.roads:J: terrain option 'roads' is chosen for the "
            "whole map (write it as roads)"
        ],
    ),
    (
        SOLDIERS,
        "    water: river\n",
        [
            "s.yaml:17:5: map.terrain_options.water: 'water' is chosen per map in map.water "
            "(write it under map.water, e.g. water: {C: river})"
        ],
    ),
]


@pytest.mark.parametrize(("base", "lines", "expected"), REFERENCE_CASES)
def test_unknown_options_and_choices_are_located_with_a_hint(
    base: str, lines: str, expected: list[str]
) -> None:
    assert problems_for(with_options(base, lines)) == expected


def test_soldiers_water_names_a_map_and_a_water_type() -> None:
    text = SOLDIERS.replace("    D: stream\n", "    E: stream\n    D: lava\n", 1)
    assert problems_for(text) == [
        "s.yaml:23:5: map.water.E: there is no board 'E' on the map (boards: C, D)",
        "s.yaml:24:8: map.water.D: unknown choice 'lava' for terrain option 'water' "
        "(choices: stream, river, frozen)",
    ]


def test_every_built_in_scenario_chooses_known_options() -> None:
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        load_scenario(path)  # raises on an unknown option, choice or water type


def test_water_in_the_books_words_reads_as_a_choice() -> None:
    water = terrain_options(GameSystem.SOLDIERS)["water"]
    assert water_choice("river (an impassable creek)", water) == "river"
    assert water_choice("pond and stream", water) == "stream"
    assert water_choice("Frozen", water) == "frozen"
    assert water_choice("lava", water) is None
    loaded = load_scenario(SCENARIOS / "soldiers" / "26-airborne.yaml")
    assert option_values(loaded.scenario) == {
        "water:A": "stream",
        "water:B": "stream",
        "water:C": "river",
        "water:D": "river",
    }


# --- the pure edit ------------------------------------------------------------------------------


def scenario(path: Path) -> Scenario:
    return load_scenario(path).scenario


def test_choosing_an_option_writes_only_what_differs_from_the_default() -> None:
    before = scenario(BRIDGE)
    after = edits.set_terrain_option(before, "streams", "bridges-only")
    assert after.map.terrain_options == {"streams": "bridges-only"}
    assert before.map.terrain_options == {}  # the input is not changed
    back = edits.set_terrain_option(after, "streams", "fordable")
    assert back == before
    with pytest.raises(KeyError, match="Armor has no terrain option 'stream'"):
        edits.set_terrain_option(before, "stream", "clear")
    with pytest.raises(ValueError, match="terrain option 'streams' has no choice 'deep'"):
        edits.set_terrain_option(before, "streams", "deep")


def test_soldiers_water_is_chosen_in_map_water_keeping_the_books_words() -> None:
    before = scenario(SCENARIOS / "soldiers" / "26-airborne.yaml")
    same = edits.set_terrain_option(before, "water:C", "river")
    assert same == before  # "river (an impassable creek)" already reads as river
    frozen = edits.set_terrain_option(before, "water:A", "frozen")
    assert frozen.map.water["A"] == "frozen"
    assert frozen.map.water["C"] == "river (an impassable creek)"
    with pytest.raises(ValueError, match="chosen per board"):
        edits.set_terrain_option(before, "water", "frozen")


# --- what the map makes of them ---------------------------------------------------------------


def test_defaults_soft_ground_clear_and_alleys_as_buildings() -> None:
    plain = view(BRIDGE)
    soft = plain.amap.resolve("J1111")
    assert plain.printed(soft) == "soft"
    assert plain.layers(soft) == ("soft", "printed")  # the board is never changed
    assert plain.terrain(soft) == "clear"
    [change] = plain.explain(soft)
    assert (change.option, change.choice, change.source) == (
        "soft-ground",
        "clear",
        "Armor [SCN III.B.2; OP XIII.A]",
    )
    alley = plain.amap.resolve("L1428")
    assert plain.layers(alley) == ("alley", "overlay")
    assert plain.terrain(alley) == "building"
    kept = view(BRIDGE, **{"soft-ground": "soft", "alleys": "alley"})
    assert kept.terrain(soft) == "soft" and kept.terrain(alley) == "alley"
    assert kept.effect_key(soft, "soft", "vehicle_cost")[0] == "vehicle_cost_soft_option"


def test_rolled_soft_areas_per_section() -> None:
    loaded = load_scenario(BRIDGE)
    section = loaded.sections["J"]
    in_area_1 = loaded.map.resolve("J1111")
    in_area_2 = loaded.map.resolve("J2412")
    assert section.soft_areas[1] and section.soft_areas[2]
    terrain = MapTerrain(loaded.map, loaded.overlays, options={"soft-ground": "random"})
    assert terrain.terrain(in_area_1) == "soft"  # not rolled yet
    assert "one area per section rolled (d10)" in terrain.explain(in_area_1)[0].text
    rolled = MapTerrain(
        loaded.map, loaded.overlays, options={"soft-ground": "random"}, rolled_areas={"J": 2}
    )
    assert (rolled.terrain(in_area_1), rolled.terrain(in_area_2)) == ("clear", "soft")
    assert rolled.explain(in_area_2)[0].text.endswith("area 2 rolled for J: soft")


def test_hilltops_as_rough_keep_the_hill_levels() -> None:
    plain = view(BRIDGE)
    hill = next(h for h in plain.hexes() if plain.layers(h)[0] == "hill")
    rough = view(BRIDGE, hilltops="rough")
    assert plain.terrain(hill) == "hill" and rough.terrain(hill) == "rough"
    assert rough.ground(hill) == plain.ground(hill) > 0


def test_streams_unfordable_except_at_bridges_or_fords() -> None:
    stream, bridge = "J0507", "J0608"  # a stream hex; where a road crosses the stream
    plain = view(BRIDGE)
    s, b = plain.amap.resolve(stream), plain.amap.resolve(bridge)
    assert plain.effective(s).paths == {"stream"} and plain.effective(s).impassable is None
    unfordable = view(BRIDGE, streams="bridges-only").effective(s)
    assert unfordable.impassable is not None
    assert (
        unfordable.impassable.text
        == "Unfordable except at Bridges: a stream hex, may not be entered"
    )
    assert unfordable.impassable.source == "Armor [OP XXVII.F.2]"
    assert view(BRIDGE, streams="bridges-only").effective(b).impassable is None
    fords = view(BRIDGE, streams="fords-only")
    assert fords.terrain(b) == "ford" and fords.effective(s).impassable is not None
    ignored = view(BRIDGE, streams="clear").effective(s)
    assert ignored.paths == frozenset() and ignored.printed_paths == {"stream"}
    # A terrain unit negates the printed stream [Setup II.C.7]: the River is not 'unfordable'.
    river = fords.amap.resolve("L0732")
    assert fords.effective(river).impassable is None


def test_roads_redeclared_and_rivers_lowered() -> None:
    plain = view(BRIDGE)
    a, b = plain.amap.resolve("J0403"), plain.amap.resolve("J0503")
    side = Hexside.between(a, b)
    assert plain.paths(side) == {"road"} == plain.routes(side)
    assert view(BRIDGE, roads="track").routes(side) == {"track"}
    assert view(BRIDGE, roads="clear").routes(side) == frozenset()
    assert view(BRIDGE, roads="clear").paths(side) == {"road"}  # as printed
    river = plain.amap.resolve("L0732")
    lowered = view(BRIDGE, **{"river-level": "level-minus-1"})
    assert lowered.ground(river) == plain.ground(river) - 1
    assert lowered.explain(river)[0].text == "Rivers at level -1: river at -1 level"


def test_text_only_choices_are_listed_where_they_matter() -> None:
    heavy = view(BRIDGE, hedgerows="heavy-woods")
    hedgerow = next(h for h in heavy.hexes() if heavy.layers(h)[0] == "hedgerow")
    assert heavy.terrain(hedgerow) == "hedgerow"
    assert "Culin Hedgerow Device is of no use" in heavy.explain(hedgerow)[0].text
    swapped = view(BRIDGE, hedgerows="woods-heavy")
    woods = next(h for h in swapped.hexes() if swapped.layers(h)[0] == "woods")
    assert (swapped.terrain(woods), swapped.terrain(hedgerow)) == ("hedgerow", "woods")


def test_soldiers_water_per_map() -> None:
    vire = view(SCENARIOS / "soldiers" / "20-vire-bridges.yaml")
    on_c = next(
        h
        for h in vire.hexes()
        if vire.layers(h)[0] == "water" and vire.amap.name(h).startswith("C")
    )
    on_d = next(
        h
        for h in vire.hexes()
        if vire.layers(h)[0] == "water" and vire.amap.name(h).startswith("D")
    )
    assert (vire.terrain(on_c), vire.terrain(on_d)) == ("river", "water")
    assert vire.option_choice("water", on_c) == "river"
    assert vire.option_choice("water", on_d) == "stream"
    frozen = view(SCENARIOS / "soldiers" / "24-beaufort-crossroads.yaml")
    water = next(h for h in frozen.hexes() if frozen.layers(h)[0] == "water")
    assert frozen.terrain(water) == "clear"
    assert frozen.explain(water)[0].source == "Soldiers [24.1]"


def test_unknown_choices_are_ignored_by_the_view() -> None:
    plain = view(BRIDGE, streams="nonsense", nonsense="x")
    s = plain.amap.resolve("J0507")
    assert plain.effective(s).impassable is None
    assert plain.option_choice("streams") == "fordable"
