"""Each system's rules coverage list (``rules/<pkg>/coverage.yaml``, read by
:mod:`rules.engine.coverage`) and ``hexwright rules``, which prints them.

The lists say which of each book's sections the engine plays and which tests pin them; these
tests keep the lists honest: every test they name exists, every section above "not" names one,
the sections are the book's, once each and in its order, and a broken list is reported at its
``file:line:col``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
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
from rules.engine.coverage import STATUSES, read_coverage

ROOT = Path(__file__).resolve().parent.parent


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
