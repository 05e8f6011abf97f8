"""The purchase bot on Soldiers' Force Points [19.2-19.4] (rules/soldiers/pointbuy.py,
rules/pointbuy/purchase.py): it buys what test play plays - heavy-weapons soldiers of every
kind, the platoon leader, artillery support, defensive preparations for the defender,
grenades, clips and satchel charges - under the book's purchase rules, and what a scenario's
play asks for: scenario 26's engineer and satchel charges for the side that blows the
bridges [26.2]."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from model.catalog import unit_types
from model.scenario import Purchase
from model.scenario_io import LoadedScenario, load_scenario
from model.systems import GameSystem
from rules.pointbuy.purchase import STRATEGIES, Bought, PurchaseChoice, buy_forces
from rules.pointbuy.report import budget_report
from rules.registry import rules_for

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "soldiers"
BOUGHT = sorted(p.name for p in SCENARIOS.glob("2[0-6]-*.yaml"))
BUY = rules_for(GameSystem.SOLDIERS).pointbuy


def _load(name: str) -> LoadedScenario:
    return load_scenario(SCENARIOS / name)


def _units(loaded: LoadedScenario, side_id: str) -> Counter[str]:
    """Every unit and item a side has after the purchase, by id."""
    side = loaded.scenario.side(side_id)
    found: Counter[str] = Counter()
    for entry in [*side.forces, *(e for g in side.reinforcements for e in g.units)]:
        found[entry.unit] += entry.count
    for purchase in side.purchases:
        found[purchase.item] += purchase.count
    return found


def _every_purchase() -> list[tuple[LoadedScenario, tuple[Bought, ...]]]:
    """Every built-in Soldiers point-buy scenario bought by every strategy, seeds 0-5."""
    return [
        buy_forces(_load(name), PurchaseChoice(strategy, seed))
        for name in BOUGHT
        for strategy in STRATEGIES
        for seed in range(6)
    ]


@pytest.fixture(scope="module")
def purchases() -> list[tuple[LoadedScenario, tuple[Bought, ...]]]:
    return _every_purchase()


def test_19_4_plays_is_all_the_book_sells_pistols_too() -> None:
    """[19.4; 11; 12; 14-18]: test play plays squads, heavy-weapons soldiers (MG teams,
    flamethrower men, engineers), the platoon leader, intelligence, artillery support and its
    radio, defensive preparations and the grenades, clips, satchel charges and pistols dealt to
    the men [19.44] (rules.soldiers.pistols); no other weapon is sold apart."""
    types = unit_types(GameSystem.SOLDIERS)
    scenario = _load("26-airborne.yaml").scenario
    played = [
        "GE-SQUAD-2",
        "GE-MMG-TEAM",
        "GE-MARCK",
        "GE-ENGINEER",
        "GE-PL",
        "INTELLIGENCE",
        "ART-LIGHT",
        "ART-HEAVY",
        "RADIO",
        "WIRE",
        "MINEFIELD",
        "CAMOUFLAGE",
        "ENTRENCHMENT",
        "PILLBOX",
        "GRENADE",
        "SMOKE-GRENADE",
        "CLIP",
        "SATCHEL",
    ]
    assert all(BUY.plays(scenario, types[u]) for u in played)
    assert BUY.plays(scenario, types["GE-PISTOL"]) and BUY.plays(scenario, types["US-PISTOL"])
    assert not BUY.plays(scenario, types["GE-MP"])


def test_19_4_the_bot_buys_what_test_play_plays(
    purchases: list[tuple[LoadedScenario, tuple[Bought, ...]]],
) -> None:
    """[19.4] Over the built-in scenarios 20-26, every strategy and six seeds, the bot buys
    each kind of thing test play plays but pistols (our reading: worth too little for its
    budget), and never reports an item as unplayed."""
    seen: Counter[str] = Counter()
    for loaded, bought in purchases:
        for b in bought:
            seen.update(_units(loaded, b.side))
            assert b.unplayed == ()
    assert not {"GE-PISTOL", "US-PISTOL"} & set(seen)
    for kind in ("GE-ENGINEER", "US-ENGINEER", "GE-MARCK", "US-MURPHY", "GE-MMG-TEAM"):
        assert seen[kind], kind  # heavy-weapons soldiers [19.45]
    assert seen["GE-PL"] + seen["US-PL"]  # the platoon leader [19.46]
    assert seen["ART-LIGHT"] and seen["ART-HEAVY"]  # [19.42]
    assert seen["WIRE"] and seen["MINEFIELD"] and seen["ENTRENCHMENT"]  # [19.43]
    assert seen["GRENADE"] and seen["SMOKE-GRENADE"] and seen["CLIP"] and seen["SATCHEL"]


def test_19_42_19_43_19_46_16_21_the_bot_keeps_the_rules_on_the_purchase_as_a_whole(
    purchases: list[tuple[LoadedScenario, tuple[Bought, ...]]],
) -> None:
    """One level of artillery support [19.42; 19.52]; defensive preparations for the defender
    only [19.43]; the platoon leader only after 3 FP of heavy-weapons soldiers [19.46]; satchel
    charges only with engineers, two a man (our reading of 16.21); no pillbox bought beside 23's
    free one [23.2]."""
    for loaded, bought in purchases:
        for b in bought:
            side = loaded.scenario.side(b.side)
            have = _units(loaded, b.side)
            assert have["ART-LIGHT"] + have["ART-HEAVY"] <= 1
            preparations = ("WIRE", "MINEFIELD", "CAMOUFLAGE", "ENTRENCHMENT", "PILLBOX")
            if side.role != "defender":
                assert not any(have[p] for p in preparations), (b.side, have)
            engineers = sum(n for u, n in have.items() if u.endswith("-ENGINEER"))
            assert have["SATCHEL"] <= 2 * engineers
            if loaded.scenario.id == "soldiers-23":
                assert not have["PILLBOX"]
            report = budget_report(loaded, b.side, b.mission)
            assert report is not None
            leader = next(r for r in report.rules if r.id == "platoon-leader")
            assert leader.state != "broken", leader.why


def test_19_44_a_price_that_buys_two_grenades_buys_the_two() -> None:
    """[19.44] 1 FP buys two grenades (the placeholder's lot): each lot the bot buys is two
    grenades for 1 FP, so what it spends is what the Budget panel prices."""
    for seed in range(12):
        loaded, bought = buy_forces(
            _load("21-hedgerow-assault.yaml"), PurchaseChoice("random", seed)
        )
        for b in bought:
            lots = [i for i in b.items if i[0] == "Explosive grenade"]
            assert all(count == 2 * points for _, count, points in lots)
            report = budget_report(loaded, b.side, b.mission)
            assert report is not None and report.spent == b.spent


def test_26_2_the_side_that_blows_the_bridges_buys_an_engineer_and_two_satchel_charges(
    purchases: list[tuple[LoadedScenario, tuple[Bought, ...]]],
) -> None:
    """[26.2] "The German may need to blow the bridges on map C so he'll want engineers and
    satchel charges": the German (the defender, who blows them) buys an engineer there from the
    start, with the two satchel charges he may carry [16.21], whatever the strategy; the log
    says why. The US, who does not blow them, is not made to."""
    for loaded, bought in purchases:
        if loaded.scenario.id != "soldiers-26":
            assert all(b.needed == () for b in bought)
            continue
        german = next(b for b in bought if b.side == "german")
        have = _units(loaded, "german")
        assert have["GE-ENGINEER"] == 1 and have["SATCHEL"] == 2
        initial = loaded.scenario.side("german").reinforcements[0]
        assert initial.units[0].unit == "INITIAL-SQUADS"
        assert "GE-ENGINEER" in {e.unit for e in initial.units}  # not a reinforcement
        assert any("GE-ENGINEER" in n and "[26.2; 16.21]" in n for n in german.needed)
        assert any("2 x Satchel charge" in n for n in german.needed)
        assert any(line.startswith("bought for the scenario:") for line in german.describe())
        us = next(b for b in bought if b.side == "us")
        assert us.needed == ()


def test_26_2_bot_needs_only_where_the_demolition_rule_is_played() -> None:
    """No needs for the side that does not blow the bridges, nor in a scenario without the
    rule (20 Vire Bridges' bridges blow by its events, not by engineers)."""
    scenario = _load("26-airborne.yaml").scenario
    assert [n.count for n in BUY.bot_needs(scenario, scenario.side("german"))] == [1, 2]
    assert BUY.bot_needs(scenario, scenario.side("us")) == []
    vire = _load("20-vire-bridges.yaml").scenario
    assert all(BUY.bot_needs(vire, s) == [] for s in vire.sides)


def test_26_3_the_airborne_squads_worth_is_not_their_sides_grenades() -> None:
    """[26.3] "Both Airborne squads and 9 FPs": the budget is the 9 FP and the squads' worth;
    a grenade bought beside them is spent from it, not added to it."""
    loaded = _load("26-airborne.yaml")
    scenario = loaded.scenario
    us = scenario.side("us").model_copy(
        update={
            "mission": "secure-the-approaches",
            "purchases": [Purchase(item="GRENADE", count=2)],
        }
    )
    plain = budget_report(loaded, "us", "secure-the-approaches")
    sides = [us if s.id == "us" else s for s in scenario.sides]
    with_grenades = dataclasses.replace(
        loaded, scenario=scenario.model_copy(update={"sides": sides})
    )
    report = budget_report(with_grenades, "us", "secure-the-approaches")
    assert plain is not None and report is not None
    assert report.budget == plain.budget and report.spent == 1
