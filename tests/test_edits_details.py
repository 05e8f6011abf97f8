"""The details edits as pure functions (model/edits_details.py), without Qt: the scenario's
details and provenance, the designer's length, a side's nation, counters, mounted set-up,
Panzer Command settings within the book's limits, panic, support and fortifications, the play
area and named objects, entry labels renamed everywhere they are named, Soldiers' missions;
each refusal with its message."""

from __future__ import annotations

import os
from functools import cache

import pytest

from model import edits_details as ed
from model.newscenario import new_scenario
from model.region_text import parse_region
from model.scenario import Fortifications, PanicLevel, Support
from model.scenario_io import LoadedScenario, load_scenario
from model.scenario_map import LayoutSpec, MapObjects, SectionSpec
from model.systems import GameSystem
from model.victory import Award, Control, Destroyed, UnitFilter
from rules.panzer_command.checks import PC_SETTINGS

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
LIMITS = {key: value[0] for key, value in PC_SETTINGS.items()}


@cache
def _load(name: str) -> LoadedScenario:
    return load_scenario(os.path.join(SCENARIOS, name))


def _sedan() -> LoadedScenario:
    return _load("panzer44/19.2-sedan-revenged.yaml")


def _bridge() -> LoadedScenario:
    return _load("armor/2b-the-bridge.yaml")


def test_details_are_set_and_an_empty_date_is_unset() -> None:
    scenario = _sedan().scenario
    after = ed.set_details(
        scenario, id="sedan-2", title=" Sedan Again ", date="", location="Sedan", notes="n"
    )
    assert (after.id, after.title, after.date, after.location, after.notes) == (
        "sedan-2",
        "Sedan Again",
        None,
        "Sedan",
        "n",
    )


@pytest.mark.parametrize(
    ("details", "message"),
    [
        ({"id": "bad id"}, "the scenario id 'bad id' may hold only letters, digits"),
        ({"id": ""}, "give the scenario id"),
        ({"title": "  "}, "give the scenario a title"),
        ({"colour": "red"}, "no scenario detail colour"),
    ],
)
def test_details_refused(details: dict[str, str], message: str) -> None:
    with pytest.raises(ed.DetailsEditError, match=message):
        ed.set_details(_sedan().scenario, **details)


def test_provenance_is_exactly_one_of_three() -> None:
    scenario = _sedan().scenario
    original = ed.set_provenance(scenario, "original")
    assert (original.source, original.original, original.placeholder) == (None, True, None)
    stand_in = ed.set_provenance(original, "placeholder", "a sketch of 19.2")
    assert (stand_in.source, stand_in.original, stand_in.placeholder) == (
        None,
        False,
        "a sketch of 19.2",
    )
    assert ed.provenance_of(stand_in) == ("placeholder", "a sketch of 19.2")
    book = ed.set_provenance(stand_in, "source", "Panzer '44 [19.2]")
    assert ed.provenance_of(book) == ("source", "Panzer '44 [19.2]")
    with pytest.raises(ed.DetailsEditError, match="the book and its section in brackets"):
        ed.set_provenance(book, "source", "Panzer '44")
    with pytest.raises(ed.DetailsEditError, match="say what the placeholder"):
        ed.set_provenance(book, "placeholder", "")


def test_the_designers_length_is_not_a_placeholder_and_a_source_stays() -> None:
    new = new_scenario(GameSystem.PANZER44, LayoutSpec(sections=[SectionSpec(section="P44")]))
    assert new.length.placeholder
    length = ed.designer_length(new.length, 6)
    assert (length.turns, length.placeholder) == (6, None)
    book = new.length.model_copy(update={"source": "Panzer '44 [19.2]", "placeholder": None})
    assert ed.designer_length(book, 8).source == "Panzer '44 [19.2]"


def test_nation_and_counter_pool_from_the_catalogue() -> None:
    scenario = _sedan().scenario
    nations = ["germany", "us", "britain"]
    after = ed.set_nation(scenario, "french", "france", "us", nations)
    assert (after.side("french").nation, after.side("french").counter_pool) == ("france", "us")
    own = ed.set_nation(scenario, "french", "britain", "", nations)
    assert own.side("french").counter_pool is None
    with pytest.raises(ed.DetailsEditError, match="no counters of nation 'italy'"):
        ed.set_nation(scenario, "french", "france", "italy", nations)


def test_mounted_setup() -> None:
    after = ed.set_mounted_setup(_sedan().scenario, "german", "required")
    assert after.side("german").mounted_setup == "required"
    with pytest.raises(ed.DetailsEditError, match="required, allowed or forbidden"):
        ed.set_mounted_setup(after, "german", "sometimes")


def test_panzer_command_settings_within_the_books_limits() -> None:
    scenario = _load("panzer-command/point-161.yaml").scenario
    side = scenario.sides[0].id
    after = ed.set_settings(
        scenario, side, {"dispatch_points": 9, "division_hq_space": "A"}, LIMITS
    )
    assert after.sides[0].settings["dispatch_points"] == 9
    unset = ed.set_settings(after, side, {"air_strength": None}, LIMITS)
    assert "air_strength" not in unset.sides[0].settings
    with pytest.raises(ed.DetailsEditError, match="direct_commands 20 is outside the book's"):
        ed.set_settings(scenario, side, {"direct_commands": 20}, LIMITS)


def test_panic_levels_parsed_and_checked() -> None:
    levels = ed.parse_panic("1: 50%, 2: 40, turn 3: 30%")
    assert [(p.from_turn, p.percent) for p in levels] == [(1, 50), (2, 40), (3, 30)]
    after = ed.set_panic(_sedan().scenario, "german", levels, per_loss=5)
    panic = after.side("german").panic
    assert panic is not None and panic.per_loss == 5
    assert ed.panic_text(panic) == "1: 50%, 2: 40%, 3: 30%"
    assert ed.set_panic(after, "german", []).side("german").panic is None
    with pytest.raises(ed.DetailsEditError, match="is not a panic level"):
        ed.parse_panic("half")
    with pytest.raises(ed.DetailsEditError, match="its own turn, in order"):
        ed.set_panic(after, "german", [PanicLevel(from_turn=2, percent=1), PanicLevel(percent=2)])
    with pytest.raises(ValueError, match="beyond the game length"):
        ed.set_panic(after, "german", [PanicLevel(from_turn=99, percent=1)])


def test_support_in_the_books_notation_keeps_its_notes() -> None:
    support = ed.parse_support("OFBDA-3(10H), CAS-4(10H); off-map artillery-2(de-lefh)")
    assert [(s.kind, s.count, s.strength) for s in support] == [
        ("OFBDA", 3, "10H"),
        ("CAS", 4, "10H"),
        ("off-map artillery", 2, "de-lefh"),
    ]
    assert ed.support_text(support) == "OFBDA-3(10H), CAS-4(10H), off-map artillery-2(de-lefh)"
    scenario = _sedan().scenario
    after = ed.set_support(scenario, "french", ed.parse_support("CAS-4(10H)"))
    assert after.side("french").support == scenario.side("french").support  # the note kept
    assert (
        ed.set_support(after, "french", [Support(kind="CAS")]).side("french").support[0].note == ""
    )


def test_fortifications_with_a_region_on_the_map() -> None:
    loaded = _sedan()
    forts = Fortifications(
        improved_positions=2, mine_kind="hasty", region=parse_region("hexes 1316, 1317")
    )
    after = ed.set_fortifications(loaded.scenario, "german", forts, loaded.map)
    assert after.side("german").fortifications == forts
    assert (
        ed.set_fortifications(after, "german", Fortifications()).side("german").fortifications
        is None
    )
    with pytest.raises(ed.DetailsEditError, match="not negative"):
        ed.set_fortifications(after, "german", Fortifications(mined_hexes=-1))
    bad = Fortifications(region=parse_region("hexes 9999"))
    with pytest.raises(ValueError, match=r"not on this map|cannot be found"):
        ed.set_fortifications(after, "german", bad, loaded.map)


def test_play_area_on_the_map() -> None:
    loaded = _sedan()
    region = parse_region("west of hexrow 2000, inclusive")
    after = ed.set_play_area(loaded.scenario, region, loaded.map)
    assert after.map.play_area == region
    assert ed.set_play_area(after, None).map.play_area is None


def test_objects_added_renamed_everywhere_and_removal_refused_while_named() -> None:
    loaded = _bridge()
    scenario = loaded.scenario
    [bridge] = [o for o in scenario.map.objects if o.name == "bridge"]
    index = scenario.map.objects.index(bridge)
    renamed = ed.replace_object(
        scenario, index, bridge.model_copy(update={"name": "the bridge"}), loaded.map
    )
    assert ed._object_users(renamed, "bridge") == []
    assert ed._object_users(renamed, "the bridge") == ed._object_users(scenario, "bridge")
    with pytest.raises(ed.DetailsEditError, match="'the bridge' is named by"):
        ed.remove_object(renamed, index)
    dumps = MapObjects(name="dumps", kind="dump", region=parse_region("hexes K1216"))
    added = ed.add_object(scenario, dumps, loaded.map)
    assert added.map.objects[-1] == dumps
    assert ed.remove_object(added, len(added.map.objects) - 1) == scenario
    with pytest.raises(ed.DetailsEditError, match="repeated: dumps"):
        ed.add_object(added, dumps)
    with pytest.raises(ed.DetailsEditError, match="name the objects"):
        ed.add_object(added, dumps.model_copy(update={"name": " "}))


def test_control_of_buildings_is_not_an_object_set() -> None:
    scenario = _sedan().scenario
    condition = Control(
        side="german", award=Award(vp=1), region=parse_region("hexes 1316"), objects="buildings"
    )
    with_it = scenario.model_copy(
        update={"victory": scenario.victory.model_copy(update={"conditions": [condition]})}
    )
    assert ed._object_users(with_it, "buildings") == []
    destroyed = Destroyed(side="german", award=Award(vp=1), objects="buildings")
    assert ed._object_users(
        with_it.model_copy(
            update={"victory": with_it.victory.model_copy(update={"conditions": [destroyed]})}
        ),
        "buildings",
    ) == ["victory.conditions[0].objects"]


def test_a_label_renamed_reaches_riders_and_unit_filters() -> None:
    scenario = _sedan().scenario
    german = scenario.side("german")
    index = [e.label for e in german.forces].index("spw")
    control = Control(
        side="german",
        award=Award(vp=1),
        region=parse_region("hexes 1316"),
        units=UnitFilter(labels=["spw"]),
    )
    scenario = scenario.model_copy(
        update={"victory": scenario.victory.model_copy(update={"conditions": [control]})}
    )
    after = ed.set_label(scenario, "german", index, "halftracks")
    riders = [e.mounted_on for e in after.side("german").forces if e.mounted_on]
    assert set(riders) == {"halftracks"}
    assert after.victory.conditions[0].units.labels == ["halftracks"]  # type: ignore[union-attr]
    assert "spw" not in ed.labels(after)
    with pytest.raises(ed.DetailsEditError, match="another entry is labelled 'arracourt-m3'"):
        ed.set_label(scenario, "german", index, "arracourt-m3")
    with pytest.raises(
        ed.DetailsEditError,
        match="'spw' is named by German's entry 2, German's entry 3, German's entry 4, victory condition 1",
    ):
        ed.set_label(scenario, "german", index, "")


def test_missions_added_budgeted_and_removed() -> None:
    scenario = _sedan().scenario
    side = scenario.sides[0].id
    added = ed.add_mission(scenario, "raid", "The Raid", side)
    index = len(added.missions) - 1
    budgeted = ed.set_mission(added, index, 30, reinforcements=False)
    mission = budgeted.missions[index]
    assert (mission.budget.points, mission.budget.kind, mission.reinforcements) == (  # type: ignore[union-attr]
        30,
        "force-points",
        False,
    )
    assert ed.set_mission(budgeted, index, None, True).missions[index].budget is None
    assert ed.remove_mission(budgeted, index) == scenario
    with pytest.raises(ed.DetailsEditError, match="there is a mission 'raid' already"):
        ed.add_mission(added, "raid", "Again", side)
    with pytest.raises(ed.DetailsEditError, match="the mission id 'a b' may hold only"):
        ed.add_mission(scenario, "a b", "", side)
