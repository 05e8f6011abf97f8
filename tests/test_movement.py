"""Movement costs per movement class on built-in scenarios, each case citing its rule."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.mapstate import terrain_edits
from model.scenario_io import LoadedScenario, load_scenario
from model.systems import GameSystem
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.movement.costs import MoveCost, Movement
from rules.registry import rules_for

SCENARIOS = Path(__file__).parent.parent / "scenarios"
BRIDGE = SCENARIOS / "armor" / "2b-the-bridge.yaml"


@functools.cache
def loaded_scenario(path: Path) -> LoadedScenario:
    return load_scenario(path)


def movement(path: Path, include_optional: bool = False, **options: str) -> Movement:
    loaded = loaded_scenario(path)
    values = {**option_values(loaded.scenario), **options}
    terrain = MapTerrain(
        loaded.map, loaded.overlays, terrain_edits(loaded.scenario, loaded.map), values
    )
    return Movement.for_scenario(loaded.scenario, terrain, include_optional)


def costs(m: Movement, into: str, from_: str | None = None) -> dict[str, MoveCost]:
    amap = m.terrain.amap
    return m.costs(amap.resolve(into), amap.resolve(from_) if from_ else None)


def texts(m: Movement, into: str, from_: str | None = None) -> dict[str, str]:
    return {k: c.text for k, c in costs(m, into, from_).items()}


def test_each_system_has_its_books_movement_classes() -> None:
    assert {s: [c.id for c in rules_for(s).movement.classes] for s in GameSystem} == {
        GameSystem.ARMOR: ["vehicle", "leg"],
        GameSystem.PANZER44: ["hard-vehicle", "soft-vehicle", "foot"],
        GameSystem.SOLDIERS: ["man"],
        GameSystem.PANZER_COMMAND: ["leg", "tracked", "motorized"],
    }


# --- Armor ----------------------------------------------------------------------------------------


def test_armor_printed_terrain_crests_and_roads() -> None:
    m = movement(BRIDGE)
    # [CS Vehicle Movement Costs]: Clear 1, Stream 4, River P; Leg units 1 a hex [ADV V.A.1].
    assert texts(m, "J0505") == {"vehicle": "1", "leg": "1"}
    assert texts(m, "J0507") == {"vehicle": "4", "leg": "1"}
    assert texts(m, "L0732") == {"vehicle": "P", "leg": "P"}
    # Crest hexside: "+3 & OT" [CS; AG V.B.2.b(2)].
    crest = costs(m, "J2503", "J2502")["vehicle"]
    assert (crest.text, crest.rule) == (
        "4",
        "clear 1 [Armor [CS Vehicle Movement Costs]] "
        "crest hexside +3 [Armor [CS Vehicle Movement Costs]]",
    )
    # Along the road: the Data Card's Road Movement Cost [Intro IV SPEED; AG V.C.2].
    road = costs(m, "J0503", "J0403")["vehicle"]
    assert (road.cost, road.per_unit, road.text) == (None, "card-road", "card-road")
    assert road.notes == ("the unit's Data Card Road Movement Cost",)
    assert costs(m, "J0503", "J0403")["leg"].text == "1"


def test_armor_placeholders_are_marked() -> None:
    m = movement(BRIDGE)
    bridge = costs(m, "J0608")["vehicle"]  # the road crosses the stream: a Bridge hex
    assert bridge.text == "1" and bridge.placeholder
    assert bridge.parts[0].placeholder.startswith("not on the chart as printed")  # type: ignore[union-attr]
    assert not costs(m, "J0507")["vehicle"].placeholder


def test_armor_terrain_options_change_the_costs() -> None:
    assert texts(movement(BRIDGE, streams="bridges-only"), "J0507") == {"vehicle": "P", "leg": "P"}
    assert texts(movement(BRIDGE, streams="bridges-only"), "J0608")["vehicle"] == "1"
    fords = costs(movement(BRIDGE, streams="fords-only"), "J0608")["vehicle"]
    assert (fords.text, fords.parts[0].source) == ("4", "Armor [OP XXVII.F.3]")
    assert texts(movement(BRIDGE, streams="clear"), "J0507")["vehicle"] == "1"
    assert costs(movement(BRIDGE, roads="track"), "J0503", "J0403")["vehicle"].text == "card-track"
    assert costs(movement(BRIDGE, roads="clear"), "J0503", "J0403")["vehicle"].text == "1"
    # Soft ground in force: "the cost for a Vehicle unit to enter a Soft hex is 6" [OP XIII.A.3].
    assert texts(movement(BRIDGE), "J1111")["vehicle"] == "1"  # Clear unless the option is used
    soft = costs(movement(BRIDGE, **{"soft-ground": "soft"}), "J1111")["vehicle"]
    assert soft.text == "6"
    assert "OP XIII.A.3" in soft.rule
    rough = movement(BRIDGE, hilltops="rough")
    hill = next(h for h in rough.terrain.hexes() if rough.terrain.layers(h)[0] == "hill")
    assert rough.cost("vehicle", hill).text == "4"  # Rough [OP XXVII.B]


def test_armor_special_rules_optional_and_families() -> None:
    trading = SCENARIOS / "armor" / "2a-trading-ground.yaml"
    plain = costs(movement(trading), "J0507")["vehicle"]
    assert plain.text == "4"
    assert plain.notes[0].startswith("special rule 1 (stream), optional, not applied")
    ignored = costs(movement(trading, include_optional=True), "J0507")["vehicle"]
    assert ignored.text == "1"
    assert ignored.parts[0].amount == "as clear"
    assert ignored.parts[0].source == "Armor [SCN VI.A.3]"
    surrounded = movement(SCENARIOS / "armor" / "3b-surrounded.yaml", include_optional=True)
    assert texts(surrounded, "J0507")["vehicle"] == "P"  # unfordable [SCN VII.B.3]
    assert texts(surrounded, "J0608")["vehicle"] == "1"  # "where the Bridges are still usable"
    raid = movement(SCENARIOS / "armor" / "4b-raid.yaml")
    building = next(h for h in raid.terrain.hexes() if raid.terrain.terrain(h) == "wood-building")
    supply = raid.cost("vehicle", building)  # Supply Dumps: "treat them as Clear" [SCN VIII.B.3]
    assert supply.text == "1" and supply.parts[0].amount == "as clear"


# --- Panzer '44 -----------------------------------------------------------------------------------

P44 = SCENARIOS / "panzer44"


def test_panzer44_hexes_hexsides_and_roads() -> None:
    m = movement(P44 / "20.3-counterattack-at-woensdrecht.yaml")
    # [10.31]: the slope is paid only moving up from the splashed (lower) hex.
    up = costs(m, "0919", "0918")
    assert {k: c.text for k, c in up.items()} == {
        "hard-vehicle": "4",
        "soft-vehicle": "7",
        "foot": "1",
    }
    assert all(c.placeholder for c in up.values())  # the slope row of the TEC is cut
    assert "slope" not in costs(m, "0918", "0919")["foot"].rule
    # [6.65]: the canal is taken as a river hexside: impassable.
    assert set(texts(m, "1526", "1527").values()) == {"P"}
    # [10.14]: along a road, 1/2 whatever the other terrain.
    assert set(texts(m, "1419", "1319").values()) == {"1/2"}


def test_panzer44_scenario_rules() -> None:
    sarre = movement(P44 / "19.9-sarre-river.yaml")
    # [19.9]: off-road clear costs doubled: trucks 4, other vehicles 2; along the road unchanged.
    assert texts(sarre, "0209", "0210") == {"hard-vehicle": "2", "soft-vehicle": "4", "foot": "1"}
    assert costs(sarre, "0209", "0210")["hard-vehicle"].parts[-1].source == "Panzer '44 [19.9]"
    assert set(texts(sarre, "0209", "0110").values()) == {"1/2"}
    woensdrecht = movement(P44 / "20.3-counterattack-at-woensdrecht.yaml")
    # [20.3]: vehicles pay a uniform 3 to enter hexes with contour splashes (beside a crest).
    splashed = costs(woensdrecht, "5017", "4918")
    assert {k: c.text for k, c in splashed.items()} == {
        "hard-vehicle": "3",
        "soft-vehicle": "3",
        "foot": "1",
    }
    # The flooding rule is kept in the book's words: named, not applied.
    assert "in words only, not applied" in splashed["foot"].notes[0]


# --- Soldiers -------------------------------------------------------------------------------------

SOLDIERS = SCENARIOS / "soldiers"


def test_soldiers_water_bridges_hedges_and_the_pond() -> None:
    vire = movement(SOLDIERS / "20-vire-bridges.yaml")
    assert texts(vire, "C/0112") == {"man": "P"}  # the Vire is a river [20.1; 7.25]
    # [7.25]: a river bridge is entered only through a road hexside.
    assert texts(vire, "C/1508", "C/1409") == {"man": "P"}
    assert texts(vire, "C/1413", "C/1513") == {"man": "1"}
    assert costs(vire, "C/1413")["man"].notes == (
        "a river bridge is entered only through a road hexside",
    )
    hedge = costs(vire, "D/0705", "D/0606")["man"]  # [7.21]: +1 AP across a hedge
    assert (hedge.text, hedge.rule) == (
        "2",
        "clear 1 [Soldiers [7.21]] hedge hexside +1 [Soldiers [7.21]]",
    )
    grave = movement(SOLDIERS / "22-street-fighting-in-grave.yaml")
    assert texts(grave, "B/1219", "B/1118") == {"man": "P"}  # a pond hexside [7.25]
    frozen = movement(SOLDIERS / "24-beaufort-crossroads.yaml")
    water = next(h for h in frozen.terrain.hexes() if frozen.terrain.layers(h)[0] == "water")
    assert frozen.cost("man", water).text == "1"  # frozen: open, clear terrain [24.1]


# --- Panzer Command ---------------------------------------------------------------------------------


def test_panzer_command_hexsides_and_roads() -> None:
    m = movement(SCENARIOS / "panzer-command" / "point-161.yaml")
    stream = costs(m, "0620", "0619")
    assert {k: c.text for k, c in stream.items()} == {"leg": "2", "tracked": "2", "motorized": "4"}
    assert all(c.placeholder for c in stream.values())  # the TEC is lost
    assert set(texts(m, "2628", "2529").values()) == {"P"}  # a river without a bridge
    # [§5.1]: across a road hexside the road's cost; the bridge cancels the stream.
    assert texts(m, "1020", "1021") == {"leg": "1", "tracked": "1/2", "motorized": "1/2"}
    landmark = costs(m, "0627")["tracked"]  # [§6.4]: the hex's other terrain counts
    assert landmark.text == "1" and landmark.parts[0].amount == "OT"


# --- the API --------------------------------------------------------------------------------------


def test_bad_calls_are_refused() -> None:
    m = movement(BRIDGE)
    amap = m.terrain.amap
    with pytest.raises(KeyError, match="Armor has no movement class 'boat'"):
        m.cost("boat", amap.resolve("J0505"))
    with pytest.raises(ValueError, match="is not adjacent"):
        m.cost("vehicle", amap.resolve("J0505"), amap.resolve("J0909"))
