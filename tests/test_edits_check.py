"""Every edit's one check and its one error type: the scenario validated again, refusals
raised as :class:`model.errors.EditError`."""

from __future__ import annotations

from pathlib import Path

import pytest

from model import edits, edits_details, edits_purchases, edits_rules, edits_setup
from model.edits_check import checked, revalidate
from model.errors import EditError, NoSuchEntryError, UnknownNameError
from model.scenario import HexPlacement
from model.scenario_io import load_scenario
from model.scenario_map import TerrainEdit

SCENARIO = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"


def test_validating_an_edit_again_gives_the_value_validating_it_from_scratch_gives() -> None:
    before = load_scenario(SCENARIO).scenario
    painted = edits.paint_terrain(before, ["J0505", "J0506"], "scrub")
    counted = edits.set_force_count(painted, "german", 0, 3)
    for after, made_from in ((painted, before), (counted, painted), (counted, before)):
        assert revalidate(after, made_from) == revalidate(after) == after


def test_what_an_edit_leaves_alone_is_not_copied() -> None:
    painted = edits.paint_terrain(load_scenario(SCENARIO).scenario, ["J0505"], "scrub")
    again = edits.paint_terrain(painted, ["K2018"], "rough")
    # The earlier edit is shared, so validating the new scenario again skips it.
    assert again.map.terrain_edits[0] is painted.map.terrain_edits[0]


def test_a_value_the_models_refuse_is_refused_with_where_and_why() -> None:
    before = load_scenario(SCENARIO).scenario
    bad = TerrainEdit.model_construct(hexsides=["J0505 and J0506"], feature="crest")
    broken = edits._with_map(before, terrain_edits=[bad])
    with pytest.raises(EditError) as caught:
        revalidate(broken, before)
    assert str(caught.value).startswith("map.terrain_edits.0")
    with pytest.raises(EditError) as whole:
        revalidate(broken)
    assert str(whole.value) == str(caught.value)


@pytest.mark.parametrize(
    ("edit", "also"),
    [
        (lambda s: edits.add_force(s, "german", "PANTHER-A", 0), ValueError),
        (lambda s: edits.add_force(s, "soviet", "PANTHER-A", 1), KeyError),
        (lambda s: edits.remove_force(s, "german", 9), IndexError),
        (lambda s: edits.set_terrain_option(s, "no-such-option", "x"), KeyError),
        (lambda s: edits_purchases.add_purchase(s, "german", "NOTHING"), ValueError),
        (lambda s: edits_purchases.remove_purchase(s, "german", 5), IndexError),
        (lambda s: edits_purchases.set_mission_budget(s, "raid", 5), KeyError),
        (lambda s: edits_rules.remove_rule(s, 7), ValueError),
        (lambda s: edits_details.set_details(s, title=" "), ValueError),
        (lambda s: edits_setup.set_role(s, "german", "umpire"), ValueError),
    ],
)
def test_every_refused_edit_is_an_edit_error(edit: object, also: type[Exception]) -> None:
    scenario = load_scenario(SCENARIO).scenario
    with pytest.raises(EditError) as caught:
        edit(scenario)  # type: ignore[operator]
    assert isinstance(caught.value, also)  # what callers caught before is still raised
    assert caught.value.reasons and all(caught.value.reasons)


def test_a_missing_name_reads_as_itself_not_as_a_key() -> None:
    assert str(UnknownNameError("soviet")) == "soviet"  # a KeyError would say "'soviet'"
    assert NoSuchEntryError("no entry 3").reasons == ["no entry 3"]
    assert str(EditError("one", "two")) == "one; two"


def test_an_operation_is_made_and_checked_in_one_place() -> None:
    before = load_scenario(SCENARIO).scenario
    assert checked(lambda s: s, before) is before
    painted = checked(lambda s: edits.paint_terrain(s, ["J0505"], "scrub"), before)
    assert painted.map.terrain_edits[-1].terrain == "scrub"
    # A model the operation cannot even build is refused like a value validated again.
    with pytest.raises(EditError, match="facing"):
        checked(
            lambda s: edits.place_force(s, "german", 0, HexPlacement(hex="J0505", facing=9)), before
        )
    # A hex name of the wrong form is told its form, not the pattern that refused it.
    with pytest.raises(EditError, match=r"'J05-05' is not a hex name \(write it like K1216"):
        checked(lambda s: edits.paint_terrain(s, ["J05-05"], "scrub"), before)
