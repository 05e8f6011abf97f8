"""Static validation: each check against a built-in scenario edited to break it, with the
finding's line, message and citation pinned; and every built-in scenario free of errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.cli.main import main
from model.scenario_io import check_document
from model.yamlio import read_yaml, read_yaml_text
from rules.checks import Finding, all_checks, run_checks

SCENARIOS = Path(__file__).parent.parent / "scenarios"
DEMO = (SCENARIOS / "armor" / "demo-crossroads.yaml").read_text()
BRIDGE = (SCENARIOS / "armor" / "2b-the-bridge.yaml").read_text()
ARRACOURT = (SCENARIOS / "panzer44" / "19.5-arracourt.yaml").read_text()
POINT_161 = (SCENARIOS / "panzer-command" / "point-161.yaml").read_text()
DAWN = (SCENARIOS / "soldiers" / "10-dawn-patrol.yaml").read_text()
SURROUNDED = (SCENARIOS / "armor" / "3b-surrounded.yaml").read_text()
SOWCHOS = (SCENARIOS / "panzer-command" / "sowchos-79.yaml").read_text()
AIRBORNE = (SCENARIOS / "soldiers" / "26-airborne.yaml").read_text()

MORTAR_ON_3020 = '      - {unit: 82m, placement: {kind: hex, hex: "3020"}}\n'


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def findings(text: str) -> list[Finding]:
    doc = read_yaml_text(text, "s.yaml")
    return run_checks(check_document(doc), doc)


def lines(text: str, code: str) -> list[str]:
    """The findings of one check, without those a documented exception makes information."""
    return [
        f.format()
        for f in findings(text)
        if f.code == code and "the book does so, kept as printed" not in f.message
    ]


CASES = [
    pytest.param(
        edited(ARRACOURT, ("      - turn: 6\n", "      - turn: 21\n")),
        "turn-range",
        "s.yaml:30:15: error turn-range: game turn 21 is outside the game, which lasts game "
        "turns 1-20 [Panzer '44 [18.1]; [18.6]]",
        id="turn-range",
    ),
    pytest.param(
        edited(ARRACOURT, ("{unit: 120m, count: 2}", "{unit: 120m, count: 3}")),
        "counter-mix",
        "s.yaml:26:9: error counter-mix: 3 120m counters in the orders of battle, 3 by this "
        "entry; the counter mix has 2 (IDs 011-012) [Panzer '44 [3.22]]",
        id="counter-mix",
    ),
    pytest.param(
        edited(DEMO, ("hex: K2219", "hex: K3020")),
        "placement-terrain",
        "s.yaml:60:7: error placement-terrain: M4 is placed on K3020, hedgerow: hedgerow is "
        "prohibited to vehicle movement [Armor [CS Vehicle Movement Costs]]",
        id="placement-terrain",
    ),
    pytest.param(
        edited(ARRACOURT, ("      - {unit: 82m}\n", MORTAR_ON_3020)),
        "setup-region",
        "s.yaml:27:9: error setup-region: 82m on 3020 is outside the German set-up area "
        "[Panzer '44 [18.41]]",
        id="setup-region",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                "length:\n",
                "special_rules:\n  - {kind: area-ban, sides: [us], region: {kind: hexes, "
                "hexes: [K2219]}}\nlength:\n",
            ),
        ),
        "setup-region",
        "s.yaml:58:5: error setup-region: M4 is placed on K2219, where special rule 1 forbids "
        "American units to deploy [Armor [SCN II.E]]",
        id="setup-region-area-ban",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                "length:\n",
                "special_rules:\n  - {kind: deployment-limit, side: us, region: {kind: hexes, "
                "hexes: [K2219]}, at_most: 0}\nlength:\n",
            ),
        ),
        "setup-region",
        "s.yaml:58:5: error setup-region: a unit is placed in the area of special rule 1, which "
        "allows at most 0; move M4 out [Armor [SCN II.E]]",
        id="setup-region-deployment-limit",
    ),
    pytest.param(
        edited(
            ARRACOURT,
            ("      - {unit: 82m}\n", MORTAR_ON_3020 + MORTAR_ON_3020.replace("82m", "120m")),
        ),
        "stacking",
        "s.yaml:28:9: error stacking: 2 units of German stand on 3020; the limit is one "
        "[Panzer '44 [8.0]]",
        id="stacking-panzer44",
    ),
    pytest.param(
        edited(
            ARRACOURT,
            ("      - {unit: 82m}\n", MORTAR_ON_3020),
            (
                "      - {unit: M18, placement",
                MORTAR_ON_3020.replace("82m", "M18") + "      - {unit: M18, placement",
            ),
        ),
        "stacking",
        "s.yaml:54:9: error stacking: units of german and us share 3020 at the start "
        "[Panzer '44 [8.32]]",
        id="stacking-enemies",
    ),
    pytest.param(
        edited(
            POINT_161,
            (
                "      - {unit: su-t34, count: 3}\n",
                '      - {unit: su-t34, count: 4, placement: {kind: hex, hex: "1010"}}\n',
            ),
        ),
        "stacking",
        "s.yaml:61:9: error stacking: 8 steps of Soviet (5th Tank Army) stand on 1010; the "
        "limit is 6 [Panzer Command [§5.2]]",
        id="stacking-panzer-command",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                "  - unit: INFANTRY-SQUAD\n    count: 2\n",
                "  - unit: INFANTRY-SQUAD\n    count: 3\n",
            ),
        ),
        "stacking",
        "s.yaml:73:5: info stacking: 6 Stacking Factors of American on K1917: units there are "
        "fired on as in Clear terrain and sighted at twice the range [Armor [AG III.B.1]]",
        id="stacking-armor",
    ),
    pytest.param(
        edited(DEMO, ("    rule: occupy\n", "    rule: occupy\n    units: {labels: [nobody]}\n")),
        "references",
        "s.yaml:119:22: error references: no force entry is labelled 'nobody' (labels: none) "
        "[Armor [SCN II.C; SCN II.F]]",
        id="references-label",
    ),
    pytest.param(
        edited(BRIDGE, ("    objects: bridge\n", "    objects: bridges\n")),
        "references",
        "s.yaml:222:14: error references: no map object set is named 'bridges' (map.objects: "
        "bridge) [Armor [SCN II.C; SCN II.F]]",
        id="references-object-set",
    ),
    pytest.param(
        edited(DEMO, ("  turns: 12\n", "  turns: 1\n")),
        "objective-reach",
        "s.yaml:117:13: warning objective-reach: no unit of this side can reach the objective "
        "by turn 1 on movement costs alone; the nearest, PANTHER-A (set-up), cannot get there "
        "in 1 turn [Armor [AG V.B; CS Vehicle Movement Costs]]",
        id="objective-reach",
    ),
    pytest.param(
        edited(
            (SCENARIOS / "armor" / "1a-spearheads.yaml").read_text(),
            ("{unit: PZIVJ, count: 4}", "{unit: PZIVJ, count: 5}"),
        ),
        "budget",
        "s.yaml:59:9: error budget: German: 187 points spent of 175: 12 over "
        "[Armor [SCN III.D.2.a]]",
        id="budget",
    ),
    pytest.param(
        edited(
            (SCENARIOS / "armor" / "1b-confused-situation.yaml").read_text(),
            ("hex: J3802}", "hex: J2012}"),
        ),
        "layout-constraint",
        "s.yaml:19:7: warning layout-constraint: the layout does not meet 'Place one Building "
        "unit within 6 hexes of each corner of the mapboard': 0 building units within 6 hexes "
        "of Corner 1, 1 needed (change the layout or the overlays to meet it) [Armor [SCN V.B]]",
        id="layout-constraint",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                "  role: attacker\n",
                "  role: attacker\n  plan:\n    posture: attack\n"
                "    hold: [{units: [TIGER], until_turn: 2}]\n",
            ),
        ),
        "bot-plan",
        "s.yaml:89:21: error bot-plan: German's plan holds 'TIGER', which is neither a label "
        "nor a unit type of its forces (INFANTRY-SQUAD, PANTHER-A, PZIVJ, STGIIIG-75) "
        "[Hexwright bot plans (issue 17; our rule, no book has one)]",
        id="bot-plan",
    ),
    pytest.param(
        edited(DEMO, ("  - unit: M36B1\n", "  - unit: PZIVJ\n")),
        "nationality",
        "s.yaml:68:11: error nationality: PZIV (Ausf. J) is an enemy (germany) Vehicle unit: it "
        "may be used only by the players' agreement, rules.options: [captured-equipment] "
        "[OP XXII.A] [Armor [OP XXII]]",
        id="nationality-captured",
    ),
    pytest.param(
        edited(
            DEMO,
            ("  level: armor-game\n", "  level: armor-game\n  options: [ammunition-allotment]\n"),
            ("  - unit: M4\n", '  - unit: M4\n    state: ["AP 20", "GP 10"]\n'),
        ),
        "ammunition-allotment",
        "s.yaml:60:12: error ammunition-allotment: M4: 30 shots allotted, more than its card's "
        "Ammunition Factor, 24 [Armor [OP XXIV.A.1; B]]",
        id="ammunition-allotment",
    ),
    pytest.param(
        edited(DEMO, ("  - unit: M4\n", "  - unit: M4\n    formation: able\n")),
        "formation-size",
        "s.yaml:59:16: warning formation-size: American's Formation able has 1 Combat unit(s), "
        'fewer than 3: Formations should have "not less than three Combat units, but no more '
        'than seven" [Armor [OP XIV.A.4]]',
        id="formation-size",
    ),
    pytest.param(
        edited(
            DEMO,
            ("  - unit: M4\n", "  - unit: M4\n    formation: able\n"),
            (
                "  - unit: INFANTRY-SQUAD\n    count: 2\n",
                "  - unit: INFANTRY-SQUAD\n    count: 2\n    formation: able\n",
            ),
        ),
        "formation-kind",
        "s.yaml:59:16: warning formation-kind: American's Formation able mixes Vehicle and Leg "
        'units: "Vehicle units should be formed in their own Formations", and Leg and Towed '
        "units each in their own (a Truck or Half-Track carrying them is part of theirs) "
        "[Armor [OP XIV.A.1-3]]",
        id="formation-kind",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                "      hex: K2016\n      facing: 1\n",
                "      hex: K2016\n      facing: 1\n"
                "  - unit: WIRE\n    placement: {kind: hex, hex: K2016}\n",
            ),
        ),
        "towed-placement",
        "s.yaml:80:7: error towed-placement: AT-76MM is placed on K2016 with a Wire unit: "
        '"Towed units may never be placed in Ditch or Wire hexes"; place it elsewhere '
        "[Armor [ADV V.B.3]]",
        id="towed-placement",
    ),
    pytest.param(  # found by random edits: valid, and the engine found no room to set up
        edited(
            SOWCHOS,
            (
                "      - {unit: de-pionier}\n",
                "      - {unit: de-pionier}\n      - {unit: de-stug, count: 8, placement: "
                "{kind: area, region: {kind: hexes, hexes: ['0630', '0629']}}}\n",
            ),
        ),
        "setup-room",
        "s.yaml:37:5: error setup-room: German (11th Panzer Division) sets up 16 Steps in an "
        "area of 2 hexes: at most 6 Steps a hex, 12 in all; give them more room [Panzer "
        "Command [§5.2]]",
        id="setup-room",
    ),
    pytest.param(  # the Steps fit the area, but the enemy holds its one hex
        edited(
            SOWCHOS,
            (
                "      - {unit: su-t70, count: 2}\n",
                "      - {unit: su-t70, count: 2}\n"
                "      - {unit: su-t70, placement: {kind: hex, hex: '0630'}}\n",
            ),
            (
                "      - {unit: de-pionier}\n",
                "      - {unit: de-pionier}\n      - {unit: de-stug, count: 2, placement: "
                "{kind: area, region: {kind: hexes, hexes: ['0630']}}}\n",
            ),
        ),
        "setup-room",
        "s.yaml:38:5: error setup-room: test play cannot set German (11th Panzer Division) up: "
        "no hex of a set-up area is free of the enemy's units; give its units more room [Panzer "
        "Command [§5.2]]",
        id="setup-room-enemy-held",
    ),
    pytest.param(  # found by random edits: valid, and the purchase bot found no purchase
        edited(
            SURROUNDED,
            (
                "    role: defender\n    starts_on_map: true\n    budget: {points: 200}\n",
                "    role: defender\n    starts_on_map: false\n    budget: {points: 200}\n",
            ),
        ),
        "purchase-possible",
        "s.yaml:176:9: error purchase-possible: this rule makes Defender buy Terrain Support "
        "units, which only a defender starting on the map may buy, and Defender does not start "
        "on the map: no purchase meets it [Armor [SCN III.D.2.a]]",
        id="purchase-possible",
    ),
    pytest.param(  # found by random edits: valid, and the Armor engine refused to start
        edited(
            BRIDGE,
            (
                "      region: {kind: sections, excluding_side: A}\n    reinforcements:",
                "      region: {kind: sections, excluding_side: A}\n    forces:\n"
                "      - {unit: IMPROVED-POSITION, count: 3}\n    reinforcements:",
            ),
        ),
        "combat-forces",
        "s.yaml:199:7: error combat-forces: Defender has no Combat unit at the start (only "
        "Terrain Support units): test play starts a side from its forces; give it some, or "
        "leave all its forces to the purchase [Armor [SCN III.D; III.F]]",
        id="combat-forces",
    ),
    pytest.param(  # found by random edits: valid, and the Soldiers engine refused to start
        edited(
            DAWN,
            (
                "      kind: area\n      region: {kind: zones, board: C, zones: [7, 8]}\n",
                "      kind: entry\n      region: {kind: zones, board: C, zones: [7, 8]}\n",
            ),
        ),
        "setup-kind",
        "s.yaml:46:7: warning setup-kind: test play cannot start US's set-up by 'entry': its "
        "men set up on the map (a hex, an area, a deployment mode's zones), and men who come "
        "on later are a reinforcement group [19.32] [Soldiers (19.32; 19.41)]",
        id="setup-kind",
    ),
    pytest.param(  # found by random edits: valid, and the Soldiers engine refused to start
        edited(
            DAWN,
            ("      - unit: US-ELITE-E\n", "      - unit: US-M1A1\n      - unit: US-ELITE-E\n"),
        ),
        "men-counters",
        "s.yaml:49:15: error men-counters: US-M1A1 (weapon) puts no men on the map: list it "
        "among US's purchases, or choose a squad, the platoon leader, a heavy-weapons soldier "
        "or a team [Soldiers (19.2)]",
        id="men-counters",
    ),
    pytest.param(  # found by random edits: valid, and the Armor engine refused to start
        edited(
            DEMO,
            (
                "  - unit: M4\n    placement:\n      kind: hex\n      hex: K2219\n"
                "      facing: 1\n",
                "  - unit: M4\n",
            ),
        ),
        "unplaced",
        "s.yaml:58:5: error unplaced: M4 has no placement and American no set-up area: give "
        "it a hex or an area, or give the side a set-up [Armor [SCN II.E]]",
        id="unplaced",
    ),
    pytest.param(  # found by random edits (the side's nation changed): the purchase refused
        edited(
            AIRBORNE,
            (
                "includes: [{unit: US-AIRBORNE-1}, {unit: US-AIRBORNE-2, state: [depleted]}]",
                "includes: [{unit: US-AIRBORNE-1}, {unit: GE-SQUAD-2, state: [depleted]}]",
            ),
        ),
        "budget-includes",
        "s.yaml:221:41: error budget-includes: the Reconnaissance mission's budget comes with "
        "GE-SQUAD-2 (depleted), which US (us) cannot buy, and test play's purchase would be "
        "refused: list a unit the side may buy, or take it out of the budget [Soldiers [19.2]]",
        id="budget-includes",
    ),
    pytest.param(
        edited(
            DEMO,
            (
                DEMO[DEMO.index("  role: attacker\n  forces:\n") : DEMO.index("length:\n")],
                "  role: attacker\n",
            ),
        ),
        "empty-side",
        "s.yaml:83:3: error empty-side: German has no units: no forces, reinforcements, "
        "support or points to buy them with; test play cannot start it; give it forces in the "
        "Order of Battle [Armor [SCN II.E]]",
        id="empty-side",
    ),
]


@pytest.mark.parametrize(("text", "code", "expected"), CASES)
def test_each_check_reports_a_scenario_that_breaks_it(text: str, code: str, expected: str) -> None:
    assert lines(text, code) == [expected]


@pytest.mark.parametrize(
    "path",
    [
        "panzer44/19.5-arracourt.yaml",
        "armor/1b-confused-situation.yaml",
        "soldiers/10-dawn-patrol.yaml",
        "panzer-command/point-161.yaml",
    ],
)
def test_an_empty_side_is_an_error_exactly_where_test_play_cannot_start_it(path: str) -> None:
    """`empty-side` was a warning everywhere; the Armor and Soldiers engines refused the game
    (valid means playable). A warning now only where the engine plays on."""
    import dataclasses

    from rules.engine.errors import UnsupportedGameError
    from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase

    loaded = check_document(read_yaml(SCENARIOS / path), keep=True)
    scenario = loaded.scenario  # type: ignore[attr-defined]
    empty = scenario.sides[1].model_copy(
        update={"forces": [], "reinforcements": [], "support": [], "purchases": [], "budget": None}
    )
    loaded = dataclasses.replace(
        loaded, scenario=scenario.model_copy(update={"sides": [scenario.sides[0], empty]})
    )  # type: ignore[type-var]
    (found,) = (f for f in run_checks(loaded) if f.code == "empty-side")
    assert found.path == "sides[1]" and found.message.startswith(f"{empty.name} has no units")
    bought = {s: PurchaseChoice("random", 1) for s in needs_purchase(loaded.scenario)}  # type: ignore[attr-defined]
    refused = ""
    try:
        game_for(loaded, bought).new_initial_state(1)  # type: ignore[arg-type]
    except UnsupportedGameError as error:
        refused = str(error)
    assert found.severity == ("error" if refused else "warning"), refused
    if refused:  # the engine's own words say what to do (Armor's once said "? points")
        assert "give it forces" in refused and "?" not in refused


def test_every_check_has_a_case() -> None:
    from test_checks_book import CASES as BOOK_CASES  # the book checks' cases

    assert set(all_checks()) <= {case.values[1] for case in [*CASES, *BOOK_CASES]}


def test_a_documented_exception_turns_the_error_into_information() -> None:
    (finding,) = (f for f in findings(ARRACOURT) if f.code == "counter-mix")
    assert (finding.severity, finding.path, finding.line) == ("info", "sides[1].forces[7]", 56)
    assert finding.message.startswith(
        "6 Eng (Eng@us) counters in the orders of battle, 4 by this entry; the counter mix has "
        "3 (IDs 141-143); the book does so, kept as printed: the book fields 6 US Eng platoons"
    )
    assert finding.message.endswith("(Panzer '44 [19.5]; [3.22])")


def test_an_exception_that_excuses_nothing_is_reported_and_excuses_nothing() -> None:
    text = edited(ARRACOURT, ("path: sides[1].forces[7]", "path: sides[1].forces[6]"))
    assert [f.format() for f in findings(text) if f.severity != "info"] == [
        "s.yaml:56:9: error counter-mix: 6 Eng (Eng@us) counters in the orders of battle, 4 by "
        "this entry; the counter mix has 3 (IDs 141-143) [Panzer '44 [3.22]]",
        "s.yaml:125:5: warning exceptions: no 'counter-mix' finding at sides[1].forces[6]: the "
        "exception excuses nothing (remove it, or correct its code or path) "
        "[Panzer '44 [19.5]; [3.22]]",
    ]


def test_no_built_in_scenario_has_an_error() -> None:
    errors = []
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        doc = read_yaml(path)
        found = run_checks(check_document(doc), doc)
        errors += [f.format() for f in found if f.severity == "error"]
    assert errors == []


def test_validate_prints_findings_and_fails_on_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(edited(ARRACOURT, ("      - turn: 6\n", "      - turn: 21\n")))
    assert main(["validate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:30:15: error turn-range: game turn 21 is outside the game" in err
    assert main(["validate", str(SCENARIOS / "panzer44" / "19.5-arracourt.yaml")]) == 0
    assert "info counter-mix" in capsys.readouterr().err


def test_validate_play_fails_a_scenario_test_play_cannot_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Some refusals of the engine have no check (Armor's Glider units are not in its slice):
    `validate --play` starts the test game too, buying what the scenario leaves to a
    purchase, and says why it will not start."""
    glider = tmp_path / "glider.yaml"
    glider.write_text(
        edited(
            DEMO,
            (
                "  - unit: M4\n",
                "  - unit: WACO\n    placement: {kind: hex, hex: K2219}\n  - unit: M4\n",
            ),
        )
    )
    assert main(["validate", str(glider)]) == 0  # the checks find nothing
    capsys.readouterr()
    assert main(["validate", "--play", str(glider)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(
        f"{glider}: error startable: test play cannot start it: us.WACO.1: Glider units [OP "
        "XXXI.B] are not in this slice of the Armor engine"
    )
    bought = SCENARIOS / "armor" / "4a-ambush.yaml"  # the purchase bot buys its forces first
    assert main(["validate", "--play", "-q", str(bought)]) == 0
    assert main(["validate", "--play", str(bought)]) == 0
    assert capsys.readouterr().out.endswith("; test play starts it)\n")


def test_a_panzer44_unit_with_no_placement_stays_off_the_map_a_warning() -> None:
    """The book's 19.1 gives the MG, 81m and Eng no deployment: Panzer '44's engine leaves
    them off the map, so for that system the unplaced check warns rather than refuses."""
    text = (SCENARIOS / "panzer44" / "19.1-behind-utah.yaml").read_text()
    found = lines(text, "unplaced")
    assert [f.split(": ", 2)[1] for f in found] == ["warning unplaced"] * 3
    assert found[0].endswith(
        "MG has no placement and American no set-up area: test play leaves it off the map, "
        "out of the game [Panzer '44 [18.41]]"
    )


def test_a_side_that_buys_its_forces_needs_a_set_up_for_them() -> None:
    """Scenario 2b's Defender buys its forces and sets them up in the sections without Side
    A; with its set-up taken out (the Forces form's "no set-up of its own") the units bought
    had nowhere to start and the Armor engine refused the game, which `validate` called valid
    (found by random editor edits followed by a game)."""
    old = "    setup:\n      kind: area\n      region: {kind: sections, excluding_side: A}\n"
    assert BRIDGE.count(old) == 1
    assert lines(BRIDGE, "unplaced") == []
    assert lines(edited(BRIDGE, (old, "")), "unplaced") == [
        "s.yaml:184:5: error unplaced: Defender buys its forces and has no set-up area for "
        "them: give the side a set-up [Armor [SCN II.E]]"
    ]
