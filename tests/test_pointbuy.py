"""Point-buy: each system's purchase rules met and then broken on a built-in scenario edited in
the test, with the figures pinned; prices marked book or placeholder; the ``budget`` check's
findings located at the entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.scenario import Budget
from model.scenario_io import LoadedScenario, check_document
from model.yamlio import read_yaml, read_yaml_text
from rules.checks import Finding, run_checks
from rules.pointbuy.report import BudgetReport, budget_report

SCENARIOS = Path(__file__).parent.parent / "scenarios"
SPEARHEADS = (SCENARIOS / "armor" / "1a-spearheads.yaml").read_text()
SURROUNDED = (SCENARIOS / "armor" / "3b-surrounded.yaml").read_text()
RAID = (SCENARIOS / "armor" / "4b-raid.yaml").read_text()
VIRE = (SCENARIOS / "soldiers" / "20-vire-bridges.yaml").read_text()
PILLBOX = (SCENARIOS / "soldiers" / "23-pre-dawn-pillbox-assault.yaml").read_text()
ARRACOURT = (SCENARIOS / "panzer44" / "19.5-arracourt.yaml").read_text()
POINT_161 = (SCENARIOS / "panzer-command" / "point-161.yaml").read_text()


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def load(text: str) -> LoadedScenario:
    return check_document(read_yaml_text(text, "s.yaml"))


def report(text: str, side: str, mission: str | None = None) -> BudgetReport:
    found = budget_report(load(text), side, mission)
    assert found is not None
    return found


def rule(found: BudgetReport, rule_id: str) -> tuple[str, str]:
    judged = next(r for r in found.rules if r.id == rule_id)
    return judged.state, judged.why


def budget_findings(text: str) -> list[str]:
    doc = read_yaml_text(text, "s.yaml")
    found: list[Finding] = run_checks(check_document(doc), doc)
    return [f.format() for f in found if f.code == "budget"]


# --- Armor -----------------------------------------------------------------------------------

GERMAN_FORCES = "      - {unit: PZIVJ, count: 4}\n"
STUGS = "      - {unit: STGIIIG-75, count: 2}\n"
SURROUNDED_ATTACKER = "          - {kind: edge, edge: B}\n  - id: defender\n"
SURROUNDED_DEFENDER = "      region: {kind: map}\n"


def _attacker_forces(a: int, b: int) -> str:
    """3B's attacker with M4s entering on edge A and edge B."""
    forces = (
        "          - {kind: edge, edge: B}\n    forces:\n"
        f"      - {{unit: M4, count: {a}, placement: {{kind: entry, region: {{kind: edge, edge: A}}}}}}\n"
        f"      - {{unit: M4, count: {b}, placement: {{kind: entry, region: {{kind: edge, edge: B}}}}}}\n"
        "  - id: defender\n"
    )
    return edited(SURROUNDED, (SURROUNDED_ATTACKER, forces))


def _defender_buys(*purchases: str) -> str:
    listed = "".join(f"      - {p}\n" for p in purchases)
    return edited(
        SURROUNDED, (SURROUNDED_DEFENDER, f"{SURROUNDED_DEFENDER}    purchases:\n{listed}")
    )


def test_armor_sample_force_within_budget() -> None:
    found = report(SPEARHEADS, "german")
    assert (found.budget, found.spent, found.left, found.kind) == (175, 165, 10, "points")
    assert rule(found, "budget") == ("met", "165 of 175 points spent, 10 left")
    first = found.lines[0]
    assert (first.what, first.count, first.unit_cost, first.total) == ("PZIVJ", 4, 22, 88)
    assert first.source is None and first.placeholder and "not the card's" in first.placeholder


def test_armor_overspending_points_at_the_entry_that_crosses_the_budget() -> None:
    text = edited(SPEARHEADS, (GERMAN_FORCES, "      - {unit: PZIVJ, count: 5}\n"))
    assert rule(report(text, "german"), "budget") == ("broken", "187 points spent of 175: 12 over")
    assert budget_findings(text) == [
        "s.yaml:59:9: error budget: German: 187 points spent of 175: 12 over "
        "[Armor [SCN III.D.2.a]]"
    ]


def test_armor_period_excludes_a_late_unit() -> None:
    mid = edited(SPEARHEADS, ("  level: armor-game\n", "  level: armor-game\n  period: Mid 1944\n"))
    assert rule(report(mid, "german"), "period") == ("met", "every unit is available in mid-1944")
    assert rule(report(mid, "us"), "period") == (
        "broken",
        "M36B1 was introduced in late-1944, after the scenario's period mid-1944",
    )
    late = edited(mid, ("period: Mid 1944", "period: Late 1944"))
    assert rule(report(late, "us"), "period")[0] == "met"
    assert rule(report(SPEARHEADS, "us"), "period")[0] == "n/a"


def test_armor_batteries_and_extras_priced_from_the_book() -> None:
    text = edited(
        SPEARHEADS,
        (GERMAN_FORCES, "      - {unit: PZIVJ, count: 1}\n"),
        (
            STUGS,
            STUGS + "    purchases:\n"
            "      - {item: ARTILLERY-MEDIUM}\n      - {item: AIR-SPOTTING}\n"
            "      - {item: RADIO-JAMMING}\n",
        ),
    )
    found = report(text, "german")
    extras = [(line.what, line.total, line.source) for line in found.lines[3:]]
    assert extras == [
        ("ARTILLERY-MEDIUM", 40, "Armor [GC2 Artillery Tables]"),
        ("AIR-SPOTTING", 20, "Armor [OP III.E.1]"),
        ("RADIO-JAMMING", 20, "Armor [OP XIV.C.1]"),
    ]
    assert found.spent == 22 + 37 + 40 + 80
    assert rule(found, "budget") == ("broken", "179 points spent of 175: 4 over")


def test_armor_apcr_only_for_the_cards_that_fire_it() -> None:
    us = "      - {unit: M4, count: 3}\n"
    destroyers = "      - {unit: M36B1, count: 2}\n"
    good = edited(
        SPEARHEADS,
        (us, "      - {unit: M18, label: tds}\n"),
        (destroyers, destroyers + "    purchases:\n      - {item: APCR, for_entry: tds}\n"),
    )
    found = report(good, "us")
    assert rule(found, "apcr")[0] == "met"
    assert (found.lines[-1].what, found.lines[-1].total) == ("APCR for tds", 2)
    bad = edited(good, ("for_entry: tds", "for_entry: nobody"))
    assert rule(report(bad, "us"), "apcr") == (
        "broken",
        "APCR for nobody: 'for_entry' must name the label of an M18 or Sherman '76' entry",
    )


def test_armor_terrain_support_for_a_defender_on_the_map_and_its_minimum() -> None:
    found = report(_defender_buys("{item: WIRE, count: 10}"), "defender")
    assert rule(found, "terrain-support") == ("met", "Defender defends and starts on the map")
    assert rule(found, "scenario-1") == (
        "met",
        "terrain-support 50 of 200 points: at least 50 required",
    )
    assert found.lines[0].placeholder and "Data Cards 110 and 137" in found.lines[0].placeholder
    short = report(_defender_buys("{item: WIRE, count: 9}"), "defender")
    assert rule(short, "scenario-1") == (
        "broken",
        "terrain-support 45 of 200 points: at least 50 required",
    )
    attacker = edited(
        SURROUNDED,
        (
            SURROUNDED_ATTACKER,
            "          - {kind: edge, edge: B}\n    purchases:\n"
            "      - {item: MINES}\n  - id: defender\n",
        ),
    )
    assert rule(report(attacker, "attacker"), "terrain-support") == (
        "broken",
        "MINES is Terrain Support, but Attacker attacks",
    )


def test_armor_a_third_of_the_points_on_each_entry_side() -> None:
    assert rule(report(_attacker_forces(5, 5), "attacker"), "scenario-1") == (
        "met",
        "edge A 105, edge B 105 of 300 points: at least 100 on each",
    )
    assert rule(report(_attacker_forces(9, 4), "attacker"), "scenario-1") == (
        "broken",
        "edge A 189, edge B 84 of 300 points: at least 100 on each",
    )


def test_armor_light_forces_only() -> None:
    light = edited(
        RAID,
        (
            "    budget: {points: 100}\n",
            "    budget: {points: 100}\n    forces:\n      - {unit: JEEP}\n",
        ),
    )
    assert rule(report(light, "attacker"), "scenario-1")[0] == "met"
    heavy = edited(light, ("      - {unit: JEEP}\n", "      - {unit: JEEP}\n      - {unit: M4}\n"))
    state, why = rule(report(heavy, "attacker"), "scenario-1")
    assert state == "broken"
    assert (
        why
        == "M4 is tracked; only leg, truck, half-track, bren-carrier, armored-car, jeep may be bought"
    )


# --- Soldiers --------------------------------------------------------------------------------

GERMAN_SETUP = "    setup: {kind: mode}\n"
GERMAN_REINFORCEMENTS = (
    '            note: "every squad and heavy weapons soldier bought as a reinforcement (19.31)"\n'
    "        entry: {kind: edge, edge: south, board: C}\n"
)
US_SETUP = "      region: {kind: zones, board: D, zones: [7]}\n"


def german(forces: list[str], purchases: list[str] = (), reinforcements: list[str] = ()) -> str:  # type: ignore[assignment]
    """Scenario 20 with the German defender's (30 FP) forces, purchases and reinforcements."""
    block = "    forces:\n" + "".join(f"      - {f}\n" for f in forces)
    if purchases:
        block += "    purchases:\n" + "".join(f"      - {p}\n" for p in purchases)
    text = edited(VIRE, (GERMAN_SETUP, GERMAN_SETUP + block))
    if reinforcements:
        more = "".join(f"          - {r}\n" for r in reinforcements)
        text = edited(
            text,
            (
                GERMAN_REINFORCEMENTS,
                GERMAN_REINFORCEMENTS.replace("        entry", more + "        entry", 1),
            ),
        )
    return text


def test_soldiers_half_on_squads() -> None:
    met = report(german(["{unit: GE-SQUAD-2}"], ["{item: INTELLIGENCE, count: 10}"]), "german")
    assert (met.budget, met.kind, met.spent) == (30, "force-points", 25)
    assert rule(met, "squads-half") == ("met", "squads 15 of 30 FP: at least 15 required")
    depleted = german(
        ["{unit: GE-SQUAD-2, state: [depleted]}"], ["{item: INTELLIGENCE, count: 10}"]
    )
    assert rule(report(depleted, "german"), "squads-half") == (
        "broken",
        "squads 9 of 30 FP: at least 15 required",
    )


def test_soldiers_intelligence_at_most_half() -> None:
    ok = german(["{unit: GE-SQUAD-2}"], ["{item: INTELLIGENCE, count: 15}"])
    assert rule(report(ok, "german"), "intelligence-half") == (
        "met",
        "intelligence 15 of 30 FP: at most 15 allowed",
    )
    over = german(["{unit: GE-SQUAD-2, state: [depleted]}"], ["{item: INTELLIGENCE, count: 16}"])
    assert rule(report(over, "german"), "intelligence-half") == (
        "broken",
        "intelligence 16 of 30 FP: at most 15 allowed",
    )


def test_soldiers_reinforcements_no_more_than_initial_squads() -> None:
    ok = report(german(["{unit: GE-SQUAD-2}"], [], ["{unit: GE-SQUAD-3}"]), "german")
    assert rule(ok, "reinforcement-cap") == (
        "met",
        "reinforcements 10 FP, initially deployed squads 15 FP: within",
    )
    assert ok.lines[1].category == "reinforcement squads" and ok.lines[1].total == 10
    over = german(["{unit: GE-SQUAD-2}"], [], ["{unit: GE-SQUAD-3}", "{unit: GE-SQUAD-4}"])
    assert rule(report(over, "german"), "reinforcement-cap") == (
        "broken",
        "reinforcements 20 FP, initially deployed squads 15 FP: may not exceed them",
    )


def _us(forces: list[str], reinforcements: list[str] = ()) -> str:  # type: ignore[assignment]
    text = edited(
        VIRE, (US_SETUP, US_SETUP + "    forces:\n" + "".join(f"      - {f}\n" for f in forces))
    )
    if reinforcements:
        old = "        entry: {kind: edge, edge: north, board: D}\n"
        more = "".join(f"          - {r}\n" for r in reinforcements)
        text = edited(text, (old, more + old))
    return text


def test_soldiers_attacker_budget_and_reinforcements_by_mission() -> None:
    text = _us(["{unit: US-SQUAD-5}"], ["{unit: US-VETERAN}"])
    raid = report(text, "us")
    assert (raid.mission, raid.budget, raid.budget_path) == ("raid", 36, ("missions", 0, "budget"))
    assert raid.missions == ("raid", "advance-patrol", "commando-assault")
    assert rule(raid, "reinforcements-allowed") == (
        "broken",
        "US-VETERAN is a reinforcement, but the Raid mission forbids them",
    )
    patrol = report(text, "us", "advance-patrol")
    assert patrol.budget == 40
    assert rule(patrol, "reinforcements-allowed")[0] == "met"
    # The check accepts a purchase some mission allows ...
    assert budget_findings(text) == []
    # ... and judges one no mission allows under the one it breaks the fewest rules of.
    costly = _us(["{unit: US-SQUAD-5}", "{unit: US-ELITE-E}"], ["{unit: US-VETERAN}"])
    assert [f.split(": error ")[1] for f in budget_findings(costly)] == [
        "budget: US: under the Advance Patrol mission (40 FP): 51 FP spent of 40: 11 over "
        "[Soldiers [19.2]]"
    ]


def test_soldiers_a_side_playing_a_mission_is_judged_under_that_mission_only() -> None:
    # [19.1]: the attacker chooses his mission before buying; once chosen (Side.mission) the
    # purchase is judged under it, not under whichever mission allows it.
    text = _us(["{unit: US-SQUAD-5}"], ["{unit: US-VETERAN}"])
    playing = edited(text, ("    role: attacker\n", "    role: attacker\n    mission: raid\n"))
    assert report(playing, "us").mission == "raid"
    assert [f.split(": error ")[1] for f in budget_findings(playing)] == [
        "budget: US: under the Raid mission (36 FP): US-VETERAN is a reinforcement, but the "
        "Raid mission forbids them [Soldiers [19.31]]"
    ]
    unknown = edited(text, ("    role: attacker\n", "    role: attacker\n    mission: siege\n"))
    doc = read_yaml_text(unknown, "s.yaml")
    found = [f.format() for f in run_checks(check_document(doc), doc) if f.code == "references"]
    assert len(found) == 1 and "plays mission 'siege', which is not one of its own" in found[0]
    assert "raid, advance-patrol, commando-assault" in found[0]


def test_soldiers_platoon_leader_after_heavy_weapons() -> None:
    ok = german(["{unit: GE-SQUAD-2}", "{unit: GE-MMG-TEAM}", "{unit: GE-PL}"])
    found = report(ok, "german")
    assert rule(found, "platoon-leader") == (
        "met",
        "heavy-weapons soldiers 4 FP: at least 3 required for the platoon leader",
    )
    leader = found.lines[2]
    assert (leader.total, leader.source, leader.placeholder) == (5, "Soldiers [19.46]", None)
    short = german(["{unit: GE-SQUAD-2}", "{unit: GE-ENGINEER}", "{unit: GE-PL}"])
    assert rule(report(short, "german"), "platoon-leader") == (
        "broken",
        "heavy-weapons soldiers 2 FP: at least 3 required for the platoon leader",
    )
    two = german(["{unit: GE-SQUAD-2}", "{unit: GE-MMG-TEAM}", "{unit: GE-PL, count: 2}"])
    assert rule(report(two, "german"), "platoon-leader") == (
        "broken",
        "2 platoon leaders bought: each side has only one",
    )


def test_soldiers_depleted_squads() -> None:
    found = report(german(["{unit: GE-SQUAD-2, state: [depleted]}"]), "german")
    assert rule(found, "depleted") == ("met", "1 depleted squad(s), at the depleted price")
    line = found.lines[0]
    assert (line.category, line.total) == ("depleted squads", 9)
    assert line.placeholder and "60% of the full price" in line.placeholder
    bad = german(["{unit: GE-SQUAD-2}", "{unit: GE-MMG-TEAM, state: [depleted]}"])
    assert rule(report(bad, "german"), "depleted") == (
        "broken",
        "GE-MMG-TEAM is marked depleted, but only squads are bought depleted",
    )


def test_soldiers_defensive_preparations_for_the_defender_only() -> None:
    ok = german(["{unit: GE-SQUAD-2}"], ["{item: WIRE, count: 2}"])
    assert rule(report(ok, "german"), "preparations") == ("met", "German is the defender")
    text = edited(
        _us(["{unit: US-SQUAD-5}"]),
        (
            "      - {unit: US-SQUAD-5}\n",
            "      - {unit: US-SQUAD-5}\n    purchases:\n      - {item: CAMOUFLAGE}\n",
        ),
    )
    assert rule(report(text, "us"), "preparations") == (
        "broken",
        "Camouflage is a defensive preparation, but US is not the defender",
    )


def test_soldiers_each_squad_once_and_one_artillery_level() -> None:
    twice = german(["{unit: GE-SQUAD-2, count: 2}"])
    assert rule(report(twice, "german"), "counter-mix") == (
        "broken",
        "GE-SQUAD-2 bought 2 times: the counter mix has one",
    )
    guns = german(["{unit: GE-SQUAD-2}"], ["{item: ART-LIGHT}", "{item: ART-HEAVY}"])
    assert rule(report(guns, "german"), "artillery") == (
        "broken",
        "2 artillery supports bought: the squad sheet has one level, none, light or heavy",
    )


def test_soldiers_scenario_minimum_on_preparations_and_the_free_pillbox() -> None:
    setup = "      region: {kind: zones, board: B, zones: [3, 6, 7, 8, 9]}\n"
    text = edited(
        PILLBOX,
        (
            setup,
            setup + "    forces:\n      - {unit: GE-SQUAD-2}\n    purchases:\n"
            "      - {item: PILLBOX}\n      - {item: WIRE, count: 2}\n",
        ),
    )
    found = report(text, "german")
    pillbox = found.lines[1]
    assert (pillbox.total, pillbox.source) == (0, "Soldiers [23.2]: the zone-6 pillbox is free")
    assert rule(found, "scenario-1") == (
        "broken",
        "defensive-preparations 4 of 27 FP: at least 5 required",
    )
    assert budget_findings(text) == [
        "s.yaml:35:9: error budget: German: defensive-preparations 4 of 27 FP: at least 5 "
        "required [Soldiers [23]]"
    ]


# --- Panzer '44 and Panzer Command: Hexwright's own costs --------------------------------------


def test_panzer44_derived_cost_is_ours() -> None:
    loaded = load(ARRACOURT)
    side = loaded.scenario.sides[0].id
    assert budget_report(loaded, side) is None
    found = budget_report(loaded, side, derived=True)
    assert found is not None and found.derived and found.budget is None and found.left is None
    line = found.lines[0]
    assert line.source is None
    assert line.placeholder and line.placeholder.startswith("Hexwright's own cost")
    assert all(line.placeholder for line in found.lines)


def test_panzer44_side_with_a_budget_is_checked() -> None:
    loaded = load(ARRACOURT)
    side = loaded.scenario.sides[0]
    unit = side.forces[0]
    budgeted = side.model_copy(update={"budget": Budget(points=1)})
    scenario = loaded.scenario.model_copy(update={"sides": [budgeted, *loaded.scenario.sides[1:]]})
    found = budget_report(
        LoadedScenario(scenario, loaded.path, loaded.map, loaded.sections, loaded.overlays), side.id
    )
    assert found is not None and found.budget == 1
    assert rule(found, "budget")[0] == "broken"
    assert found.lines[0].what == unit.unit


def test_panzer_command_derived_cost_is_ours() -> None:
    loaded = load(POINT_161)
    side = loaded.scenario.sides[0].id
    found = budget_report(loaded, side, derived=True)
    assert found is not None and found.lines
    assert all(
        line.placeholder and "Hexwright's own cost" in line.placeholder for line in found.lines
    )


# --- the book scenarios -------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*/*.yaml")), ids=lambda p: p.stem)
def test_book_scenarios_have_no_budget_errors(path: Path) -> None:
    doc = read_yaml(path)
    found = run_checks(check_document(doc), doc)
    assert [f.format() for f in found if f.code == "budget" and f.severity == "error"] == []
