"""Each system's rules coverage list (``rules/<pkg>/coverage.yaml``, read by
:mod:`rules.engine.coverage`) and ``hexwright rules``, which prints them.

The lists say which of each book's sections the engine plays and which tests pin them; these
tests keep the lists honest: every test they name exists, every section above "not" names one,
the sections are the book's, once each and in its order, and a broken list is reported at its
``file:line:col``.
"""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from toy.system import install, rules_of, uninstall

from editor.cli.main import main
from model.errors import ProblemList
from model.systems import GameSystem
from model.yamlio import YamlError
from rules import registry
from rules.engine.coverage import STATUSES, Coverage, load_coverage, read_coverage

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = ("panzer44", "armor", "soldiers", "panzer-command")


@functools.cache
def coverage(system: str) -> Coverage:
    rules = registry.rules_for(GameSystem(system))
    assert rules.coverage is not None, f"{system} names no coverage list"
    return load_coverage(rules.coverage)


@functools.cache
def _defined(path: str) -> frozenset[tuple[str, ...]]:
    """Every test a test file defines: ``("test_x",)`` and ``("TestY", "test_z")``."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: set[tuple[str, ...]] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            found.add((node.name,))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found.update(
                (node.name, item.name)
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name.startswith("test")
            )
    return frozenset(found)


def exists(node_id: str) -> bool:
    """Whether the node id names a test pytest collects (a parametrized id: its function)."""
    path, *names = re.sub(r"\[.*\]$", "", node_id).split("::")
    return (ROOT / path).is_file() and tuple(names) in _defined(path)


# --- the lists ------------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_listed_test_exists(system: str) -> None:
    missing = [
        f"{e.section}: {t}" for e in coverage(system).sections for t in e.tests if not exists(t)
    ]
    assert missing == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_section_has_a_valid_status_and_what_it_needs(system: str) -> None:
    listed = coverage(system)
    assert listed.system == system
    for entry in listed.sections:
        assert entry.status in STATUSES, entry.section
        if entry.status in ("implemented", "partly"):
            assert entry.tests, f"{entry.section} is {entry.status} but names no test"
        if entry.status in ("partly", "not"):
            assert entry.note.strip(), f"{entry.section} is {entry.status} but says nothing"
    assert sum(listed.counts().values()) == len(listed.sections)


@pytest.mark.parametrize("system", SYSTEMS)
def test_sections_are_listed_once_each_in_the_books_order(system: str) -> None:
    sections = [e.section for e in coverage(system).sections]
    assert len(sections) == len(set(sections))
    keys = [book_order(system, s) for s in sections]
    assert keys == sorted(keys)


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
#: Armor's parts in the book's order [Table of Contents].
_ARMOR_PARTS = ("Intro", "Setup", "AG", "ADV", "OP", "SCN", "GC1", "GC2", "CS")


def book_order(system: str, section: str) -> tuple[object, ...]:
    """Where a section comes in its book: numbered cases (Panzer '44, Soldiers, Panzer
    Command's ``§8``, ``§8.2``) by their numbers; Armor's ``AG III.D`` by part, Roman numeral
    and letter."""
    if system != "armor":
        numbers = re.fullmatch(r"§?(\d+(?:\.\d+)*)", section)
        assert numbers is not None, f"{section}: not a section number of the {system} book"
        return tuple(int(n) for n in numbers.group(1).split("."))
    part, _, rest = section.partition(" ")
    assert part in _ARMOR_PARTS, f"{section}: not a part of the Armor book"
    match = re.match(r"([IVXL]+)(?:\.([A-Z]))?", rest)
    if match is None:  # a card's table, by its name
        return (_ARMOR_PARTS.index(part), 0, "")
    roman = [_ROMAN[c] for c in match.group(1)]
    value = sum(-v if i + 1 < len(roman) and v < roman[i + 1] else v for i, v in enumerate(roman))
    return (_ARMOR_PARTS.index(part), value, match.group(2) or "")


def test_each_system_names_its_list_in_its_own_package_and_ships_it() -> None:
    """A list is package data of the system's rules package (pyproject's package-data)."""
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-data"]
    for system in SYSTEMS:
        rules = registry.rules_for(GameSystem(system))
        assert rules.coverage is not None
        package, _, name = rules.coverage.partition(":")
        assert rules.__class__.__module__ == "rules.registry"
        assert package == f"rules.{system.replace('-', '_')}" and name == "coverage.yaml"
        assert name in package_data.get(package, []), f"{package} does not ship {name}"


# --- a broken list ------------------------------------------------------------------------------

GOOD = """\
schema_version: 1
system: demo
book: A book
sections:
  - section: "1.0"
    title: One
    status: implemented
    tests: [tests/test_rules_coverage.py::test_the_good_list_reads]
  - section: "2.0"
    title: Two
    status: not
    note: Not played.
"""


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        pytest.param(
            "status: not",
            "status: done",
            "c.yaml:11:13: sections[1].status: 'done' is not one of 'implemented', 'partly' or "
            "'not'",
            id="status",
        ),
        pytest.param(
            "    tests: [tests/test_rules_coverage.py::test_the_good_list_reads]\n",
            "",
            "c.yaml:5:5: sections[0]: a section implemented names the tests that pin it ('tests')",
            id="no-tests",
        ),
        pytest.param(
            "    note: Not played.\n",
            "",
            "c.yaml:9:5: sections[1]: a section not says in its 'note' what is missing",
            id="no-note",
        ),
        pytest.param(
            'section: "2.0"',
            'section: "1.0"',
            "c.yaml:9:14: sections[1].section: section '1.0' is listed twice (first at "
            "sections[0]; merge the two)",
            id="twice",
        ),
        pytest.param(
            "    note: Not played.",
            "    notes: Not played.",
            "c.yaml:12:5: sections[1].notes: unknown key 'notes' (did you mean 'note'?)",
            id="unknown-key",
        ),
        pytest.param(
            "tests/test_rules_coverage.py::test_the_good_list_reads",
            "test_the_good_list_reads",
            "c.yaml:5:5: sections[0]: 'test_the_good_list_reads' is not a test's node id (write "
            "tests/test_file.py::test_name)",
            id="node-id",
        ),
        pytest.param(
            "schema_version: 1",
            "schema_version: 2",
            "c.yaml:1:17: schema_version: '2' is not one of 1",
            id="version",
        ),
    ],
)
def test_a_broken_list_says_where_and_what(old: str, new: str, expected: str) -> None:
    assert old in GOOD
    with pytest.raises(ProblemList) as caught:
        read_coverage(GOOD.replace(old, new), "c.yaml")
    assert [p.format() for p in caught.value.problems] == [expected]


def test_a_list_that_is_not_yaml_says_where() -> None:
    with pytest.raises(
        YamlError, match=r"^c\.yaml:6:10: not valid YAML: did not find expected .,. or .\]."
    ):
        read_coverage(GOOD.replace('  - section: "1.0"', "- [section"), "c.yaml")


def test_the_command_offers_the_statuses_the_lists_have() -> None:
    from editor.cli.rules import STATUS_CHOICES

    assert STATUS_CHOICES == STATUSES


def test_the_good_list_reads() -> None:
    listed = read_coverage(GOOD, "c.yaml")
    assert listed.counts() == {"implemented": 1, "partly": 0, "not": 1}
    assert [e.section for e in listed.having("not")] == ["2.0"]


# --- hexwright rules ----------------------------------------------------------------------------


def test_the_summary_counts_each_systems_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for system in SYSTEMS:
        n = coverage(system).counts()
        row = next(line for line in out.splitlines() if line.split()[:1] == [system])
        assert row.split()[1:5] == [
            str(n["implemented"]),
            str(n["partly"]),
            str(n["not"]),
            str(len(coverage(system).sections)),
        ]
    assert "hexwright rules SYSTEM" in out


def test_a_systems_table_lists_each_section_with_its_note_wrapped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules", "armor"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Armor (Yaquinto, 1985): ")
    assert all(len(line) <= 80 for line in out)
    rows = table_rows(out)
    assert len(rows) == len(coverage("armor").sections)  # one row per section
    row = next(i for i, line in enumerate(out) if line.startswith("AG III.D "))
    listed = next(e for e in coverage("armor").sections if e.section == "AG III.D")
    assert out[row].split()[-2:] == [listed.status, str(len(listed.tests))]
    note = []
    for line in out[row + 1 :]:
        if not line.startswith(" "):
            break
        note.append(line.strip().removeprefix("- "))
    assert " ".join(note) == listed.note


def table_rows(lines: list[str]) -> list[str]:
    """The rows of a printed table: the lines after its column names that start a section."""
    head = next(i for i, line in enumerate(lines) if line.startswith("section "))
    return [line for line in lines[head + 1 :] if line[:1] not in (" ", "")]


def test_the_status_filter_lists_only_that_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # the head on one line, whatever the terminal
    assert main(["rules", "panzer_command", "--status", "partly"]) == 0
    out = capsys.readouterr().out
    rows = table_rows(out.splitlines())
    expected = coverage("panzer-command").having("partly")
    assert [r.split()[0] for r in rows] == [e.section for e in expected]
    assert all(" partly " in r for r in rows)
    assert main(["rules", "--status", "not"]) == 0
    everything = capsys.readouterr().out
    for system in SYSTEMS:
        assert f"{len(coverage(system).having('not'))} not below" in everything


def test_json_gives_the_list_as_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "soldiers", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    listed = coverage("soldiers")
    assert data["system"] == "soldiers" and data["book"] == listed.book
    assert data["counts"] == listed.counts()
    assert [s["section"] for s in data["sections"]] == [e.section for e in listed.sections]
    assert set(data["sections"][0]) == {"section", "title", "status", "tests", "note"}
    assert main(["rules", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    by_id = {s["system"]: s for s in summary["systems"]}
    assert {k: by_id[k]["counts"] for k in SYSTEMS} == {k: coverage(k).counts() for k in SYSTEMS}
    assert "sections" not in by_id["armor"]


def test_an_unknown_system_is_a_message_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "armour"]) == 2
    err = capsys.readouterr().err
    assert err == "hexwright rules: no game system 'armour' (did you mean 'armor'?)\n"
    assert main(["rules", "chess"]) == 2
    assert "known: " in capsys.readouterr().err


@pytest.fixture
def toy() -> Iterator[GameSystem]:
    system = install()
    yield system
    uninstall(system)


def test_a_system_without_a_list_says_so(
    toy: GameSystem, capsys: pytest.CaptureFixture[str]
) -> None:
    assert registry.rules_for(toy).coverage is None
    assert main(["rules", toy.value]) == 0
    out = capsys.readouterr().out
    assert out == "Toy Skirmish (toy): no coverage list: its rules name no coverage list\n"
    assert main(["rules"]) == 0
    assert re.search(r"^  toy +its rules name no coverage list$", capsys.readouterr().out, re.M)
    assert main(["rules", toy.value, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] is None


def test_a_broken_list_through_the_command_is_located_with_exit_1(
    toy: GameSystem,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    package = tmp_path / "broken_coverage"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "coverage.yaml").write_text(GOOD.replace("status: not", "status: maybe"))
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.register(replace(rules_of(toy), coverage="broken_coverage:coverage.yaml"))
    assert main(["rules", toy.value]) == 1
    err = capsys.readouterr().err
    assert err.startswith(str(package / "coverage.yaml") + ":11:13: sections[1].status: 'maybe'")
    assert "Traceback" not in err
    registry.register(replace(rules_of(toy), coverage="broken_coverage:missing.yaml"))
    assert main(["rules", toy.value]) == 1
    assert "cannot read the coverage list" in capsys.readouterr().err


def test_help_stays_fast_the_lists_load_only_when_asked() -> None:
    code = (
        "import sys\n"
        "from editor.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "loaded = [m for m in ('rules.engine.coverage', 'rules.registry', 'PySide6') "
        "if m in sys.modules]\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert " rules " in result.stdout
