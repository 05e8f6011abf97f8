"""The purchase bot (rules/pointbuy/purchase.py): every purchase it makes keeps the book's and
the scenario's purchase rules as the Budget panel judges them, is the same for the same seed,
follows its strategy, and is recorded in the replay."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from editor.cli.main import main
from model.scenario import Budget, EntryPlacement
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.pointbuy.purchase import (
    STRATEGIES,
    PurchaseChoice,
    PurchaseError,
    buy_forces,
    buy_side,
    game_for,
    needs_purchase,
    parse_choices,
)
from rules.pointbuy.report import budget_report

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
POINT_BUY = sorted(
    p for p in SCENARIOS.glob("*/*.yaml") if needs_purchase(load_scenario(p).scenario)
)


def _load(name: str) -> LoadedScenario:
    return load_scenario(SCENARIOS / name)


def test_the_point_buy_scenarios_are_the_fifteen_the_book_leaves_to_a_purchase() -> None:
    names = [p.stem for p in POINT_BUY]
    # fifteen scenarios in seventeen files: Armor 2A's three mapboard configurations are a
    # file each [SCN VI.A.1]
    assert len(names) == 17
    assert sum(1 for p in POINT_BUY if p.parent.name == "armor") == 10
    assert len({load_scenario(p).scenario.source for p in POINT_BUY}) == 15
    assert sum(1 for p in POINT_BUY if p.parent.name == "soldiers") == 7
    assert "1a-spearheads" not in names and "10-dawn-patrol" not in names


@pytest.mark.parametrize("path", POINT_BUY, ids=lambda p: p.stem)
def test_every_purchase_keeps_every_rule_for_every_strategy_and_50_seeds(path: Path) -> None:
    loaded = load_scenario(path)
    for strategy in STRATEGIES:
        for seed in range(50):
            bought_loaded, bought = buy_forces(loaded, PurchaseChoice(strategy, seed))
            assert {b.side for b in bought} == set(needs_purchase(loaded.scenario))
            for b in bought:
                report = budget_report(bought_loaded, b.side, b.mission)
                assert report is not None
                broken = [r.why for r in report.broken if r.severity == "error"]
                assert broken == [], (strategy, seed, b.side, broken)
                assert report.spent == b.spent <= report.budget == b.budget
                # nothing left that would have bought one more of what it offers
                assert b.budget - b.spent < b.budget  # spent something
            assert needs_purchase(bought_loaded.scenario) == ()


def test_the_same_seed_buys_the_same_force_and_another_seed_another() -> None:
    loaded = _load("armor/2a-trading-ground.yaml")
    first = buy_forces(loaded, PurchaseChoice("random", 7))[1]
    again = buy_forces(loaded, PurchaseChoice("random", 7))[1]
    assert first == again
    others = {buy_forces(loaded, PurchaseChoice("random", s))[1] for s in range(8, 14)}
    assert len(others) > 1  # the seed decides the force


def test_a_side_of_nation_any_is_opposed_to_the_other_side() -> None:
    # Armor: one side German, the other Allied [SCN III.C]; 1B's German side is fixed.
    loaded = _load("armor/1b-confused-situation.yaml")
    for seed in range(10):
        _, bought = buy_forces(loaded, PurchaseChoice("balanced", seed))
        nations = {b.side: b.nation for b in bought}
        assert nations["german"] == "germany"
        assert nations["allied"] in ("us", "britain")
    loaded = _load("armor/2a-trading-ground.yaml")
    seen = set()
    for seed in range(12):
        _, bought = buy_forces(loaded, PurchaseChoice("balanced", seed))
        pair = tuple(b.nation for b in bought)
        assert ("germany" in pair) and len(set(pair)) == 2, pair
        seen.add(pair)
    assert len(seen) > 1  # both ways round over the seeds


def _spent_by_category(loaded: LoadedScenario, side: str) -> Counter[str]:
    report = budget_report(loaded, side)
    assert report is not None
    spent: Counter[str] = Counter()
    for line in report.lines:
        spent[line.category] += line.total
    return spent


ADVANCED_BUY = """\
schema_version: 1
id: test-advanced-buy
title: Advanced buy
system: armor
original: true
rules: {level: advanced-game}
map:
  layout: {preset: edge-to-edge, order: [J, K]}
sides:
  - {id: attacker, name: Attacker, nation: us, role: attacker, budget: {points: 300},
     setup: {kind: entry, region: {kind: edge, edge: A}}}
  - {id: defender, name: Defender, nation: germany, role: defender, starts_on_map: true,
     budget: {points: 300}, setup: {kind: area, region: {kind: map}}}
length: {turns: 10}
victory: {scoring: most-vp, conditions: []}
"""


def test_strategies_differ_in_what_they_buy() -> None:
    # In the Advanced Game both tanks and infantry are played [ADV I]: armour-heavy spends
    # more on tracked vehicles than infantry-heavy, which spends more on Leg units.
    loaded = parse_scenario(ADVANCED_BUY)
    tracked: dict[str, int] = {}
    leg: dict[str, int] = {}
    for strategy in ("armour-heavy", "infantry-heavy"):
        tracked[strategy] = leg[strategy] = 0
        for seed in range(5):
            bought_loaded, _ = buy_forces(loaded, PurchaseChoice(strategy, seed))
            spent = _spent_by_category(bought_loaded, "attacker")
            tracked[strategy] += spent["tracked"]
            leg[strategy] += spent["leg"]
    assert tracked["armour-heavy"] > 2 * tracked["infantry-heavy"]
    assert leg["infantry-heavy"] > 2 * leg["armour-heavy"]
    # cheapest-many buys more counters than armour-heavy
    counts = {}
    for strategy in ("armour-heavy", "cheapest-many"):
        bought_loaded, _ = buy_forces(loaded, PurchaseChoice(strategy, 3))
        counts[strategy] = sum(e.count for e in bought_loaded.scenario.side("attacker").forces)
    assert counts["cheapest-many"] > counts["armour-heavy"]


def test_the_armor_game_buys_only_vehicles_with_a_main_gun() -> None:
    # [AG I]: only some of the Vehicle units are used in the Armor Game; 2A is played at that
    # level, so no Leg, Towed or transport unit is bought.
    loaded = _load("armor/2a-trading-ground.yaml")
    for strategy in STRATEGIES:
        bought_loaded, _ = buy_forces(loaded, PurchaseChoice(strategy, 1))
        for side in ("attacker", "defender"):
            spent = _spent_by_category(bought_loaded, side)
            assert set(spent) <= {"tracked", "armored-car"}, (strategy, spent)


def test_a_third_of_the_points_on_each_entry_side_and_terrain_support_required() -> None:
    # 3B [SCN VII.B]: the attacker enters on two sides, a third of its points on each; the
    # defender spends at least 50 on Terrain Support, which the Armor Game does not use
    # [Setup II.D.8] (test play sets them up in the Advanced Game only).
    loaded = _load("armor/3b-surrounded.yaml")
    bought_loaded, bought = buy_forces(loaded, PurchaseChoice("balanced", 4))
    attacker = bought_loaded.scenario.side("attacker")
    by_region: Counter[str] = Counter()
    report = budget_report(bought_loaded, "attacker")
    assert report is not None
    for entry, line in zip(attacker.forces, report.lines, strict=True):
        assert isinstance(entry.placement, EntryPlacement)
        by_region[entry.placement.region.model_dump_json()] += line.total
    assert len(by_region) == 2
    assert min(by_region.values()) >= report.budget / 3 - 1
    defender = next(b for b in bought if b.side == "defender")
    support = _spent_by_category(bought_loaded, "defender")["terrain-support"]
    assert support >= 50
    assert defender.unplayed and all("a rule requires it" in u for u in defender.unplayed)


def test_soldiers_mission_counter_mix_and_half_on_squads() -> None:
    # [19.1] the attacker's mission is chosen before the purchase; [19.2] half on squads,
    # each squad of the counter mix once; [19.31] no reinforcements where the mission forbids.
    loaded = _load("soldiers/20-vire-bridges.yaml")
    missions = set()
    for seed in range(20):
        bought_loaded, _ = buy_forces(loaded, PurchaseChoice("random", seed))
        us = bought_loaded.scenario.side("us")
        missions.add(us.mission)
        assert us.mission in ("raid", "advance-patrol", "commando-assault")
        if us.mission == "raid":
            assert (
                all(e.unit == "REINFORCEMENTS" for g in us.reinforcements for e in g.units)
                or not us.reinforcements
            )
        for side in bought_loaded.scenario.sides:
            units = [e.unit for e in side.forces] + [
                e.unit for g in side.reinforcements for e in g.units
            ]
            assert len(units) == len(set(units)), units  # the counter mix has one of each
            assert "REINFORCEMENTS" not in units
    assert len(missions) == 3


def test_soldiers_26_budget_comes_with_both_airborne_squads() -> None:
    # [26.3] "Both Airborne squads (1 depleted) and 7 FPs": the squads are bought first, the
    # budget grows by their value; the German's initial squads enter as reinforcements [26.2].
    loaded = _load("soldiers/26-airborne.yaml")
    for seed in range(10):
        bought_loaded, _ = buy_forces(loaded, PurchaseChoice("balanced", seed))
        us = bought_loaded.scenario.side("us")
        have = {(e.unit, tuple(e.state)) for e in us.forces}
        assert ("US-AIRBORNE-1", ()) in have
        assert {("US-AIRBORNE-2", ()), ("US-AIRBORNE-2", ("depleted",))} & have
        report = budget_report(bought_loaded, "us")
        assert report is not None
        includes = next(r for r in report.rules if r.id == "includes")
        assert includes.state == "met" and "in all" in includes.why
        german = bought_loaded.scenario.side("german")
        assert german.forces == []
        first = german.reinforcements[0]
        assert first.units[0].unit == "INITIAL-SQUADS" and len(first.units) > 1


def test_a_budget_with_units_reports_them_missing() -> None:
    text = (SCENARIOS / "soldiers/26-airborne.yaml").read_text()
    loaded = parse_scenario(text)
    report = budget_report(loaded, "us", "reconnaissance")
    assert report is not None
    includes = next(r for r in report.rules if r.id == "includes")
    assert includes.state == "broken"
    assert "US-AIRBORNE-1, US-AIRBORNE-2 not among the forces" in includes.why
    # 7 FP and the squads' value: a full one (21 FP) and a depleted one (less than full)
    assert report.budget is not None and 7 + 21 < report.budget < 7 + 2 * 21


def test_no_legal_purchase_is_a_clear_error() -> None:
    loaded = parse_scenario(
        ADVANCED_BUY.replace(
            "budget: {points: 300},\n     setup: {kind: entry",
            "budget: {points: 2},\n     setup: {kind: entry",
        )
    )
    with pytest.raises(PurchaseError, match=r"no purchase strategy 'best'"):
        buy_side(loaded, "attacker", PurchaseChoice("best", 1))
    with pytest.raises(PurchaseError, match="no side 'tank'"):
        parse_choices("tank=random", loaded.scenario)
    sample = parse_choices("defender=sample:British, Armor Game Rules,random", loaded.scenario)
    assert sample == {
        "defender": PurchaseChoice(sample="British, Armor Game Rules"),
        "attacker": PurchaseChoice("random", 0),
    }
    choices = parse_choices("random:4,defender=cheapest-many", loaded.scenario, seed=9)
    assert choices == {
        "attacker": PurchaseChoice("random", 4),
        "defender": PurchaseChoice("cheapest-many", 9),
    }


def test_a_sample_force_replaces_the_sides_forces() -> None:
    loaded = _load("armor/1a-spearheads.yaml")
    choice = PurchaseChoice.parse("sample:German, Advanced Game Rules")
    game = game_for(loaded, {"german": choice})
    units = Counter(e.unit for e in game.scenario.side("german").forces for _ in range(e.count))
    assert units["PZIVJ"] == 2 and units["INFANTRY-SQUAD"] == 3
    assert (
        game.purchases[0]
        .describe()[0]
        .startswith("German (germany) takes the sample force 'German, Advanced Game Rules'")
    )
    with pytest.raises(PurchaseError, match="no sample force 'Tigers'"):
        game_for(loaded, {"german": PurchaseChoice(sample="Tigers")})


def test_play_buys_logs_and_replays_the_purchase(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = tmp_path / "r.json"
    scenario = SCENARIOS / "armor/4a-ambush.yaml"
    args = ["play", str(scenario), "--bots", "random,random", "--seed", "3", "--log"]
    assert (
        main([*args, "--buy", "cheapest-many,defender=armour-heavy:11", "--replay", str(replay)])
        == 0
    )
    out = capsys.readouterr().out
    assert "bought by the purchase bot" in out and "(cheapest-many strategy, seed 3)" in out
    assert "(armour-heavy strategy, seed 11)" in out
    data = json.loads(replay.read_text())
    assert data["purchases"] == ["attacker=cheapest-many:3", "defender=armour-heavy:11"]
    assert main(["replay", str(replay)]) == 0
    assert "every one matches" in capsys.readouterr().out


def test_purchase_data_for_json() -> None:
    from editor.cli.main import purchase_data

    _, bought = buy_forces(_load("armor/4a-ambush.yaml"), PurchaseChoice("balanced", 3))
    found = [purchase_data(b) for b in bought]
    assert [p["choice"] for p in found] == ["balanced:3", "balanced:3"]
    assert all(0 < p["spent"] <= p["budget"] for p in found)
    assert all(sum(i["points"] for i in p["items"]) == p["spent"] for p in found)


@pytest.mark.parametrize(
    ("name", "side"),
    [
        ("panzer44/19.7-assault-on-fort-driant.yaml", "us"),
        ("panzer-command/point-161.yaml", "soviet"),
    ],
)
def test_the_derived_cost_systems_buy_too(name: str, side: str) -> None:
    # Panzer '44 and Panzer Command have no point-buy in their books; a side a designer gives a
    # budget is bought at Hexwright's own costs, under every strategy, 50 seeds.
    loaded = _load(name)
    sides = [
        s.model_copy(update={"forces": [], "budget": Budget(points=120)}) if s.id == side else s
        for s in loaded.scenario.sides
    ]
    loaded = dataclasses.replace(
        loaded, scenario=loaded.scenario.model_copy(update={"sides": sides})
    )
    assert needs_purchase(loaded.scenario) == (side,)
    armour: dict[str, int] = {}
    for strategy in STRATEGIES:
        armour[strategy] = 0
        for seed in range(50):
            bought_loaded, (bought,) = buy_forces(loaded, PurchaseChoice(strategy, seed))
            report = budget_report(bought_loaded, side)
            assert report is not None and report.broken == () and 0 < bought.spent <= 120
            armour[strategy] += sum(
                line.total for line in report.lines if line.category in ("tank", "tank-destroyer")
            )
        assert bought_loaded.scenario.side(side).forces
    assert armour["armour-heavy"] > armour["infantry-heavy"]


def test_the_bot_buys_no_more_units_than_a_side_may_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot bought one unit at a time while points were left: a side's purchase could hold
    any number of units (the scenario file's limit, ``model.limits.MAX_SIDE_UNITS``, came
    after). It stops at the limit, less what the side lists, and the game is made."""
    import rules.pointbuy.purchase as purchase

    loaded = _load("armor/2a-trading-ground.yaml")
    free, _ = buy_forces(loaded, PurchaseChoice("cheapest-many", 1))
    units = {s.id: sum(e.count for e in s.forces) for s in free.scenario.sides}
    assert min(units.values()) > 5  # the points buy more than five a side
    monkeypatch.setattr(purchase, "MAX_SIDE_UNITS", 5)
    bounded, _ = buy_forces(loaded, PurchaseChoice("cheapest-many", 1))
    for side in bounded.scenario.sides:
        assert (
            sum(e.count for e in side.forces)
            + sum(e.count for r in side.reinforcements for e in r.units)
            == 5
        )
    assert game_for(bounded).sides == tuple(s.id for s in bounded.scenario.sides)


def test_a_budget_no_counter_mix_can_spend_ends_in_a_message_not_hours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Soldiers 20 with 100,000 FP a side (a file's limit): every try bought thousands of
    items, each step looking at all bought before it, 60 tries; ``play`` ran over five
    minutes. Now the units and the other things bought are bounded and a step's look is
    kept as it goes: the purchase that cannot be made is said in about a second."""
    import time

    text = (SCENARIOS / "soldiers/20-vire-bridges.yaml").read_text(encoding="utf-8")
    assert text.count("points: 30, kind: force-points") == 1
    path = tmp_path / "rich.yaml"
    path.write_text(text.replace("points: 30, kind", "points: 100000, kind"), encoding="utf-8")
    start = time.process_time()
    code = main(["play", str(path), "--seed", "1", "--buy", "random"])
    seconds = time.process_time() - start
    err = capsys.readouterr().err
    assert code == 1 and seconds < 10, seconds
    assert "the purchase bot found no legal purchase of 100000 points" in err
