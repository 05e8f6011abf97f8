"""The scenario-rules edits without Qt: the region language as text, reinforcements, game
length, victory conditions and scoring, special rules, and the sentences the panel shows."""

from __future__ import annotations

import glob
import os
from typing import get_args

import pytest
from pydantic import BaseModel, ValidationError

from model import edits_rules
from model.edits_rules import RulesEditError
from model.region_text import RegionSyntaxError, describe_region, parse_region
from model.regions import EdgeRegion, HexesRegion, Hexrow, Region, SideOf, Within
from model.rules_sentences import condition_sentence, reinforcement_sentence, rule_sentence
from model.scenario import DieRollCondition, ForceEntry, GameLength, Reinforcement, Scenario
from model.scenario_io import load_scenario
from model.victory import (
    AnyCondition,
    Award,
    Control,
    EnemyLosses,
    FireBan,
    TextCondition,
    TextRule,
    TurnSpan,
)

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
ARMOR_1A = os.path.join(SCENARIOS, "armor", "1a-spearheads.yaml")
ARMOR_2B = os.path.join(SCENARIOS, "armor", "2b-the-bridge.yaml")
_REGION_TYPES = get_args(get_args(Region)[0])


def _scenario(path: str = ARMOR_1A) -> Scenario:
    return load_scenario(path).scenario


def _regions(value: object) -> list[Region]:
    found: list[Region] = []
    if isinstance(value, _REGION_TYPES):
        found.append(value)
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            found += _regions(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            found += _regions(item)
    elif isinstance(value, dict):
        for item in value.values():
            found += _regions(item)
    return found


def _reinforcement(turn: int | None = 3, **changes: object) -> Reinforcement:
    fields: dict[str, object] = {
        "turn": turn,
        "units": [ForceEntry(unit="PANTHER-A", count=2)],
        "entry": EdgeRegion(edge="east"),
    }
    return Reinforcement.model_validate(fields | changes)


# --- the region language -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("Side B", EdgeRegion(edge="B")),
        ("north edge", EdgeRegion(edge="north")),
        ("hexes K1216, L2628", HexesRegion(hexes=["K1216", "L2628"])),
        ("east of hexrow 3700, inclusive", Hexrow(column=37, side="east", inclusive=True)),
        ("north of hexrow 0012, exclusive", Hexrow(row=12, side="north", inclusive=False)),
        ("south of the river", SideOf(feature="river", side="south")),
        ("within 2 hexes of hex K1216", Within(distance=2, of=HexesRegion(hexes=["K1216"]))),
    ],
)
def test_region_phrases_read_as_the_book_words_them(text: str, region: Region) -> None:
    assert parse_region(text) == region
    assert parse_region(describe_region(region)) == region


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(SCENARIOS, "*", "*.yaml"))))
def test_every_region_of_the_built_in_scenarios_reads_back_from_its_text(path: str) -> None:
    for region in _regions(_scenario(path)):
        assert parse_region(describe_region(region)) == region


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a region, e.g. 'Side B', 'north edge', 'hexes K1216, L2628'"),
        (
            "hexes K12",
            "'K12' is not a hex name (write it like K1216, C/1508, or 0119 on a single map)",
        ),
        ("east of hexrow 3712", "hexrow 3712: write a column as '3700' or a row as '0012'"),
        ("{kind: edge}", "edge.edge: Field required"),
        # a RecursionError escaped from yaml.safe_load before the files' reader took it
        (
            "{kind: union, regions: [" * 200 + "]}" * 200,
            "not a YAML mapping: nesting is deeper than 64 levels",
        ),
        ("{a: 1}", "a region mapping gives its kind, e.g. {kind: hexes, hexes: [K1216]}"),
        ("{kind: nope}", "no region kind 'nope' (one of hexes, map, hexrow, line-side,"),
    ],
)
def test_region_phrases_that_cannot_be_read_say_why(text: str, message: str) -> None:
    with pytest.raises(RegionSyntaxError) as caught:
        parse_region(text)
    assert message in str(caught.value)


def test_an_unreadable_phrase_gives_examples() -> None:
    with pytest.raises(RegionSyntaxError, match="cannot read 'the far woods' as a region"):
        parse_region("the far woods")


# --- reinforcements and length -------------------------------------------------------------------


def test_reinforcement_edits_return_new_scenarios_and_leave_the_input_alone() -> None:
    scenario = _scenario()
    added = edits_rules.add_reinforcement(scenario, "german", _reinforcement())
    assert scenario.side("german").reinforcements == []
    assert added.side("german").reinforcements == [_reinforcement()]
    later = edits_rules.replace_reinforcement(added, "german", 0, _reinforcement(turn=5))
    assert later.side("german").reinforcements[0].turn == 5
    assert edits_rules.remove_reinforcement(later, "german", 0) == scenario


def test_a_die_roll_arrival_needs_no_turn() -> None:
    roll = DieRollCondition(die="d10", succeed_on=[0, 1])
    item = _reinforcement(turn=None, condition=roll)
    added = edits_rules.add_reinforcement(_scenario(), "us", item)
    assert added.side("us").reinforcements[0].condition == roll
    assert reinforcement_sentence(item) == (
        "On a roll of 0 or 1 (d10, rolled each turn): 2 × PANTHER-A enter through east edge"
    )


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda s: edits_rules.add_reinforcement(s, "german", _reinforcement(turn=16)),
            "a reinforcement on turn 16 is beyond the game length (the last turn is 15)",
        ),
        (
            lambda s: edits_rules.add_reinforcement(s, "german", _reinforcement(turn=None)),
            "say when the reinforcement arrives: a turn or a condition",
        ),
        (
            lambda s: edits_rules.add_reinforcement(s, "soviet", _reinforcement()),
            "reinforcement: no side 'soviet' (the sides are german, us)",
        ),
        (
            lambda s: edits_rules.remove_reinforcement(s, "german", 0),
            "side 'german' has no reinforcement 1",
        ),
    ],
)
def test_reinforcement_edits_that_make_no_sense_are_refused(edit: object, message: str) -> None:
    with pytest.raises(RulesEditError) as caught:
        edit(_scenario())  # type: ignore[operator]
    assert str(caught.value) == message


def test_a_region_the_map_does_not_have_is_refused_given_the_map() -> None:
    loaded = load_scenario(ARMOR_1A)
    item = _reinforcement(entry=HexesRegion(hexes=["Z0101"]))
    with pytest.raises(RulesEditError, match="the region is not on this map"):
        edits_rules.add_reinforcement(loaded.scenario, "german", item, loaded.map)


def test_the_game_length_cannot_cut_off_a_reinforcement() -> None:
    scenario = edits_rules.add_reinforcement(_scenario(), "german", _reinforcement(turn=12))
    shorter = edits_rules.set_length(scenario, GameLength(turns=12))
    assert shorter.length.turns == 12
    with pytest.raises(RulesEditError) as caught:
        edits_rules.set_length(scenario, GameLength(turns=10))
    assert str(caught.value) == (
        "German's reinforcement 1 arrives on turn 12: turn 12 is beyond the game length "
        "(the last turn is 10); change it first"
    )
    assert edits_rules.turn_range(GameLength(open_ended=True)) == (1, None)


# --- victory -------------------------------------------------------------------------------------


def test_condition_edits_work_at_a_path_inside_groups() -> None:
    scenario = _scenario()
    control = Control(side="us", award=Award(vp=10), region=HexesRegion(hexes=["K1216"]))
    added = edits_rules.add_condition(scenario, control)
    assert added.victory.conditions[-1] == control
    group = AnyCondition(side="german", award=Award(result="win"), conditions=[control])
    grouped = edits_rules.add_condition(added, group)
    inner = TextCondition(side="german", award=Award(result="win"), text="the US flees")
    nested = edits_rules.add_condition(grouped, inner, group=[3])
    assert edits_rules.condition_at(nested, [3, 1]) == inner
    changed = edits_rules.replace_condition(nested, [3, 0], inner)
    assert edits_rules.condition_at(changed, [3, 0]) == inner
    removed = edits_rules.remove_condition(changed, [3, 1])
    assert len(edits_rules.condition_at(removed, [3]).conditions) == 1  # type: ignore[union-attr]
    with pytest.raises(RulesEditError, match="needs at least one condition: remove it instead"):
        edits_rules.remove_condition(removed, [3, 0])
    assert edits_rules.remove_condition(edits_rules.remove_condition(removed, [3]), [2]) == (
        scenario
    )


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda s: edits_rules.add_condition(
                s, EnemyLosses(side="soviet", award=Award(per="unit-value"))
            ),
            "a victory condition: no side 'soviet' (the sides are german, us)",
        ),
        (
            lambda s: edits_rules.add_condition(
                s, EnemyLosses(side="us", award=Award(vp=5), by_turn=30)
            ),
            "turn 30 is beyond the game length (the last turn is 15)",
        ),
        (lambda s: edits_rules.remove_condition(s, [7]), "there is no victory condition 8"),
        (
            lambda s: edits_rules.set_scoring(s, tie="soviet"),
            "tie: no side 'soviet' (the sides are german, us)",
        ),
        (
            lambda s: edits_rules.set_scoring(s, scoring="luck"),
            "scoring is 'most-vp' or 'conditions', not 'luck'",
        ),
    ],
)
def test_victory_edits_that_make_no_sense_are_refused(edit: object, message: str) -> None:
    with pytest.raises(RulesEditError) as caught:
        edit(_scenario())  # type: ignore[operator]
    assert str(caught.value) == message


def test_scoring_sets_and_unsets_the_winners() -> None:
    scenario = edits_rules.set_scoring(_scenario(), "conditions", default_winner="us", tie="draw")
    assert (scenario.victory.scoring, scenario.victory.default_winner) == ("conditions", "us")
    assert scenario.victory.tie == "draw"
    assert edits_rules.set_scoring(scenario, tie="").victory.tie is None


def test_conditions_read_as_sentences() -> None:
    scenario = _scenario(ARMOR_2B)
    names = {s.id: s.name for s in scenario.sides}
    assert [condition_sentence(c, names) for c in scenario.victory.conditions][2:] == [
        "Defender scores 125 VP for the bridge destroyed",
        "Defender scores half their value in VP for at least 1 of its units in the hexes "
        "south of the river",
        "Attacker scores twice their value in VP for its units exiting through Side B",
    ]


# --- special rules -------------------------------------------------------------------------------


def test_special_rule_edits() -> None:
    scenario = _scenario()
    ban = FireBan(fire=["opportunity", "tracking"], turns=TurnSpan(first=1, last=1))
    added = edits_rules.add_rule(scenario, ban)
    assert rule_sentence(added.special_rules[-1], {}) == "No opportunity or tracking fire on turn 1"
    text = TextRule(text="Night: visibility 2 hexes.")
    changed = edits_rules.replace_rule(added, len(added.special_rules) - 1, text)
    assert changed.special_rules[-1] == text
    assert edits_rules.remove_rule(changed, len(changed.special_rules) - 1) == scenario
    with pytest.raises(ValidationError, match="turns 5 to 3: the last is before the first"):
        TurnSpan(first=5, last=3)  # the model refuses it, in a file or an edit
    reversed_span = TurnSpan.model_construct(first=5, last=3)  # built without its validators
    with pytest.raises(RulesEditError, match="turns 5 to 3: the last is before the first"):
        edits_rules.add_rule(scenario, ban.model_copy(update={"turns": reversed_span}))
    with pytest.raises(RulesEditError, match="turn 20 is beyond the game length"):
        edits_rules.add_rule(scenario, ban.model_copy(update={"turns": TurnSpan(first=20)}))
