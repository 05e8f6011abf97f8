"""The set-up edits as pure functions (model/edits_setup.py), without Qt: set-up areas and entry
areas typed as regions, zones painted hex by hex, a rule turned into its hexes, who moves and
deploys first, roles; each refusal with its message."""

from __future__ import annotations

import os
from functools import cache

import pytest

from model import edits_setup as es
from model.region_text import parse_region
from model.regions import HexesRegion
from model.scenario import AreaPlacement, EntryPlacement
from model.scenario_io import LoadedScenario, load_scenario

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")


@cache
def _load(name: str) -> LoadedScenario:
    return load_scenario(os.path.join(SCENARIOS, name))


def _armor() -> LoadedScenario:
    return _load("armor/1a-spearheads.yaml")


def _p44() -> LoadedScenario:
    return _load("panzer44/19.1-behind-utah.yaml")


def test_a_set_up_area_typed_as_the_book_words_it() -> None:
    loaded = _p44()
    region = parse_region("east of hexrow 3700, inclusive")
    after = es.set_setup_area(loaded.scenario, "us", region, amap=loaded.map)
    assert after.side("us").setup == AreaPlacement(region=region)
    assert after.side("german") == loaded.scenario.side("german")


def test_an_entry_on_turn_2_in_column_and_the_side_no_longer_starts_on_the_map() -> None:
    loaded = _armor()
    on_map = es.set_setup(loaded.scenario, "german", None)
    on_map = es.set_starts_on_map(on_map, "german", True)
    region = parse_region("Side A")
    after = es.set_setup_entry(on_map, "german", region, 2, "column", loaded.map)
    setup = after.side("german").setup
    assert setup == EntryPlacement(region=region, turn=2, formation="column")
    assert after.side("german").starts_on_map is False


def test_a_force_entry_gets_an_area_of_its_own_and_gives_it_back() -> None:
    loaded = _p44()
    region = parse_region("hexes 4010, 4011")
    after = es.set_force_area(loaded.scenario, "german", 0, region, amap=loaded.map)
    assert after.side("german").forces[0].placement == AreaPlacement(region=region)
    back = es.set_force_area(after, "german", 0, None)
    assert back.side("german").forces[0].placement is None


def test_painting_adds_and_removes_hexes_of_a_hex_set() -> None:
    loaded = _armor()
    scenario = es.set_setup(loaded.scenario, "german", None)
    painted = es.paint_setup(scenario, "german", ["J1010", "J1011"], loaded.map)
    assert painted.side("german").setup == AreaPlacement(
        region=HexesRegion(hexes=["J1010", "J1011"])
    )
    more = es.paint_setup(painted, "german", ["j1012", "J1010"], loaded.map)
    setup = more.side("german").setup
    assert isinstance(setup, AreaPlacement)
    assert setup.region == HexesRegion(hexes=["J1010", "J1011", "J1012"])
    fewer = es.paint_setup(more, "german", ["J1011"], loaded.map, remove=True)
    assert es.painted_hexes(fewer.side("german").setup, loaded.map) == {
        loaded.map.resolve("J1010"),
        loaded.map.resolve("J1012"),
    }
    none = es.paint_setup(fewer, "german", ["J1010", "J1012"], loaded.map, remove=True)
    assert none.side("german").setup is None


def test_a_rule_becomes_its_hexes_keeping_the_entry_turn() -> None:
    loaded = _armor()
    entry = loaded.scenario.side("german").setup
    assert isinstance(entry, EntryPlacement)
    with pytest.raises(es.SetupEditError, match=r"German.s set-up is .Side A..*turn it into"):
        es.paint_setup(loaded.scenario, "german", ["J1010"], loaded.map)
    listed = es.setup_as_hexes(loaded.scenario, "german", loaded.map)
    setup = listed.side("german").setup
    assert isinstance(setup, EntryPlacement) and setup.turn == entry.turn
    assert isinstance(setup.region, HexesRegion) and len(setup.region.hexes) == 40
    painted = es.paint_setup(listed, "german", ["J1010"], loaded.map)
    assert len(es.painted_hexes(painted.side("german").setup, loaded.map) or ()) == 41


def test_first_player_deployment_order_and_role() -> None:
    loaded = _p44()
    after = es.set_first_player(loaded.scenario, "german")
    assert after.first_player == "german"
    assert es.set_first_player(after, None).first_player is None
    order = es.set_deployment_order(after, ["us", "german"])
    assert order.deployment_order == ["us", "german"]
    assert es.set_deployment_order(order, []).deployment_order == []
    assert es.set_role(after, "us", "attacker").side("us").role == "attacker"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s, m: es.set_role(s, "us", "raider"), "role is attacker, defender or none"),
        (lambda s, m: es.set_role(s, "soviet", "attacker"), r"no side 'soviet' \(the sides are"),
        (lambda s, m: es.set_first_player(s, "french"), "no side 'french'"),
        (lambda s, m: es.set_deployment_order(s, ["us", "us"]), "named twice: us"),
        (lambda s, m: es.set_deployment_order(s, ["us"]), "missing: german"),
        (
            lambda s, m: es.set_setup_entry(s, "us", parse_region("north edge"), 99, None, m),
            "entry on turn 99 is beyond the game length",
        ),
        (
            lambda s, m: es.set_setup_entry(s, "us", parse_region("north edge"), 1, "wedge", m),
            "a formation is column or free, not 'wedge'",
        ),
        (
            lambda s, m: es.set_setup_area(s, "us", parse_region("hexes 9999"), amap=m),
            "the region is not on this map",
        ),
        (lambda s, m: es.paint_setup(s, "us", ["Q9999"], m), "Q9999 is not a hex of this map"),
        (lambda s, m: es.set_force_area(s, "us", 99, None), "has no force entry 100"),
    ],
)
def test_refusals_say_why(edit, message: str) -> None:  # type: ignore[no-untyped-def]
    loaded = _p44()
    with pytest.raises(ValueError, match=message):
        edit(loaded.scenario, loaded.map)


def test_a_side_that_enters_cannot_be_said_to_start_on_the_map() -> None:
    loaded = _armor()
    with pytest.raises(ValueError, match="German enters the map on turn 1"):
        es.set_starts_on_map(loaded.scenario, "german", True)
