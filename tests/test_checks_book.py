"""The books' remaining validation rules (rules/checks/book.py): each check against a built-in
scenario edited to break it, with the finding's line, message and citation pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.scenario_io import check_document
from model.yamlio import read_yaml_text
from rules.checks import Finding, all_checks, run_checks

SCENARIOS = Path(__file__).parent.parent / "scenarios"
LUNEVILLE = (SCENARIOS / "panzer44" / "19.4-luneville.yaml").read_text()
ARRACOURT = (SCENARIOS / "panzer44" / "19.5-arracourt.yaml").read_text()
IBBENBUREN = (SCENARIOS / "panzer44" / "20.5-last-ditch-action-at-ibbenburen.yaml").read_text()
COUNTERATTACK = (SCENARIOS / "soldiers" / "25-counterattack.yaml").read_text()
POINT_161 = (SCENARIOS / "panzer-command" / "point-161.yaml").read_text()

NO_HEX = "{kind: all-of, regions: [{kind: edge, edge: north}, {kind: edge, edge: south}]}"
IN_IP = '      - {{unit: Inf, state: [in-ip], placement: {{kind: hex, hex: "{}"}}}}\n'


def edited(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def findings(text: str) -> list[Finding]:
    doc = read_yaml_text(text, "s.yaml")
    return run_checks(check_document(doc), doc)


def lines(text: str, code: str) -> list[str]:
    return [f.format() for f in findings(text) if f.code == code]


CASES = [
    pytest.param(
        edited(LUNEVILLE, ('region: {kind: hexes, hexes: ["0534"]}', f"region: {NO_HEX}")),
        "entry-region",
        "s.yaml:20:15: error entry-region: the entry area holds no hex of this map: no unit"
        " can enter there (name hexes or an edge the layout has) [Panzer '44 [18.6]; "
        "[18.61]]",
        id="entry-region",
    ),
    pytest.param(
        edited(LUNEVILLE, ('hexes: ["0534"]', 'hexes: ["3017"]')),
        "entry-region",
        "s.yaml:20:15: warning entry-region: the entry area (3017) touches no edge of the "
        "map or the play area: units enter from off the map (move it to the edge) [Panzer "
        "'44 [18.6]; [18.61]]",
        id="entry-region-inland",
    ),
    pytest.param(
        edited(
            LUNEVILLE,
            ("{unit: M1, count: 3, mounted_on: us-m3}", "{unit: M1, count: 3, mounted_on: m8}"),
            ("{unit: M8, count: 7}", "{unit: M8, count: 7, label: m8}"),
        ),
        "transport",
        "s.yaml:24:42: error transport: M1 may not ride on M8: M8 is not a carrier: only "
        "trucks and halftracks (APCs) carry units (mount it on a carrier that may carry it,"
        " or dismount it) [Panzer '44 [9.5]]",
        id="transport-carrier",
    ),
    pytest.param(
        edited(
            LUNEVILLE, ("{unit: M3, count: 6, label: us-m3}", "{unit: M3, count: 5, label: us-m3}")
        ),
        "transport",
        "s.yaml:25:42: error transport: too much rides on 'us-m3' (M1, MG): 5 M3 carry 5 "
        "non-vehicle units, not 6 (add carriers, or dismount some) [Panzer '44 [9.12]]",
        id="transport-capacity",
    ),
    pytest.param(
        edited(
            LUNEVILLE,
            ("    nation: us\n", "    nation: us\n    mounted_setup: required\n"),
            ("{unit: MG, count: 3, mounted_on: us-m3}", "{unit: MG, count: 3}"),
        ),
        "transport",
        "s.yaml:26:9: error transport: MG starts dismounted, but the scenario requires "
        "units to start mounted (mount it on a carrier of the side) [Panzer '44 [19.4]]",
        id="transport-required",
    ),
    pytest.param(
        edited(
            LUNEVILLE,
            ("    nation: us\n", "    nation: us\n    mounted_setup: forbidden\n"),
            ("{unit: MG, count: 3, mounted_on: us-m3}", "{unit: MG, count: 3}"),
        ),
        "transport",
        "s.yaml:25:42: error transport: M1 starts mounted, which the scenario forbids "
        "(dismount it) [Panzer '44 [19.4]]",
        id="transport-forbidden",
    ),
    pytest.param(
        edited(ARRACOURT, ("{unit: Inf, count: 9}", "{unit: Inf, count: 9, state: [in-ip]}")),
        "fortifications",
        "s.yaml:24:9: error fortifications: Inf starts in an Improved Position, but the "
        "scenario grants German none (give the side fortifications, or remove 'in-ip') "
        "[Panzer '44 [12.0]]",
        id="fortifications-none-granted",
    ),
    pytest.param(
        edited(
            IBBENBUREN,
            (
                "      - {unit: Inf, count: 4}\n",
                "".join(IN_IP.format(h) for h in ("1005", "1007", "1009", "1011", "1013")),
            ),
        ),
        "fortifications",
        "s.yaml:61:9: error fortifications: 5 Improved Positions of German at the start; "
        "the scenario grants 4 (put units together, or out of Improved Positions) [Panzer "
        "'44 [20.5]; [12.21]]",
        id="fortifications-allowance",
    ),
    pytest.param(
        edited(
            IBBENBUREN,
            ("      - {unit: Inf, count: 4}\n", IN_IP.format("0814")),
            ("      mined_hexes: 5\n", "      mined_hexes: 5\n      not_in: [town]\n"),
        ),
        "fortifications",
        "s.yaml:57:48: error fortifications: Inf is in an Improved Position on 0814, town: "
        "the scenario forbids fortifications in that terrain (move the unit) [Panzer '44 "
        "[20.5]; [12.21]]",
        id="fortifications-terrain",
    ),
    pytest.param(
        edited(COUNTERATTACK, ("    modes: {us: surprised}", "    modes: {us: surprise}")),
        "deployment-zone",
        "s.yaml:282:17: error deployment-zone: US has no deployment mode 'surprise' (modes:"
        " normal, restricted, surprised; name one of them, or add the mode) [Soldiers [25];"
        " [19.41]]",
        id="deployment-zone-mode",
    ),
    pytest.param(
        edited(
            COUNTERATTACK,
            (
                "    reinforcements:\n",
                '    forces:\n      - {unit: US-SQUAD-5, placement: {kind: hex, hex: "A/0101"}}\n'
                "    reinforcements:\n",
            ),
        ),
        "deployment-zone",
        "s.yaml:63:39: error deployment-zone: US-SQUAD-5 on A/0101 is in no zone of US's "
        "deployment modes (normal, restricted, surprised): move him into one, or let the "
        "mode place him [Soldiers [25]; [19.41]]",
        id="deployment-zone-hex",
    ),
    pytest.param(
        edited(POINT_161, ("dispatch_points: 4, ", "dispatch_points: 12, ")),
        "command",
        "s.yaml:47:55: error command: dispatch_points 12 is outside the book's limits, 0-9:"
        " set it within them [Panzer Command [\u00a74.2]]",
        id="command-range",
    ),
    pytest.param(
        edited(POINT_161, ("{division_hq_space: C, ", "{")),
        "command",
        "s.yaml:47:15: warning command: German (11th Panzer Division) has no "
        "'division_hq_space': the scenario sets it (settings.division_hq_space) [Panzer "
        "Command [\u00a74.1]]",
        id="command-setting",
    ),
    pytest.param(
        edited(POINT_161, ("      - {unit: de-regimental-hq, label: kg-hq}\n", "")),
        "command",
        "s.yaml:33:9: warning command: German (11th Panzer Division) has no HQ: each "
        "regiment has a Regimental HQ, assigned to one of its units (add the regiment's HQ "
        "entry) [Panzer Command [\u00a74.1]]",
        id="command-hq",
    ),
]


@pytest.mark.parametrize(("text", "code", "expected"), CASES)
def test_each_check_reports_a_scenario_that_breaks_it(text: str, code: str, expected: str) -> None:
    assert lines(text, code) == [expected]


def test_every_book_check_has_a_case() -> None:
    book = {"entry-region", "transport", "fortifications", "deployment-zone", "command"}
    assert book <= set(all_checks())
    assert {case.values[1] for case in CASES} == book


def test_mounted_units_within_the_rules_give_nothing() -> None:
    assert lines(LUNEVILLE, "transport") == []
