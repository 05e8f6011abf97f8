"""A system's rules coverage: which of its book's sections the engine plays, as data.

Each system package holds one ``coverage.yaml`` listing its rulebook's sections in the book's
order, each with what the engine does about it and the tests that pin it, so that a designer
knows what Test Play enforces (``hexwright rules``)::

    schema_version: 1
    system: armor
    book: "Armor (Yaquinto, 1985)"
    sections:
      - section: AG III.D
        title: Range
        status: partly          # implemented | partly | not
        tests: [tests/test_armor_rules.py::test_range_is_counted_in_hexes]
        note: what is missing, or the readings of ours it rests on

The file is read like a scenario (:mod:`model.yamlio`, :mod:`model.validation`): every problem
at once, each at its ``file:line:col``. An entry that is implemented or partly names the tests
that pin it; one that is partly or not says in its note what is missing. Whether each named test
exists is checked by the test suite (``tests/test_rules_coverage.py``), which is not installed.

A system's :class:`~rules.registry.SystemRules` names its list as a package resource,
``"rules.armor:coverage.yaml"`` (:func:`load_coverage`).
"""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from model.errors import Problem, ProblemList
from model.validation import validate_document
from model.yamlio import Document, YamlError, read_yaml_text

COVERAGE_SCHEMA_VERSION: Final = 1

Status = Literal["implemented", "partly", "not"]

#: The statuses in the order lists and counts show them.
STATUSES: Final[tuple[Status, ...]] = ("implemented", "partly", "not")

#: A pytest node id: a test file under ``tests/``, a test's name, perhaps its class and its
#: parameters (``tests/test_p44_fire.py::test_x``, ``...::TestY::test_z[case]``).
NODE_ID: Final = re.compile(r"tests/[\w/]+\.py(::[A-Za-z_]\w*)+(\[[^\]]*\])?")


class CoverageEntry(BaseModel):
    """One section of the book and what the engine does about it.

    Attributes:
        section: the book's id for it (``AG III.D``, ``9.3``, ``§8``).
        title: the book's title for it.
        status: ``implemented`` (the engine plays it and a test pins it), ``partly`` (some of
            it; the note says what is missing) or ``not``.
        tests: pytest node ids of the tests that pin it.
        note: what is missing (partly, not) or the readings of ours it rests on.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    section: str = Field(min_length=1)
    title: str = Field(min_length=1)
    status: Status
    tests: tuple[str, ...] = ()
    note: str = ""

    @model_validator(mode="after")
    def _says_enough(self) -> CoverageEntry:
        bad = [t for t in self.tests if NODE_ID.fullmatch(t) is None]
        if bad:
            raise ValueError(
                f"'{bad[0]}' is not a test's node id (write tests/test_file.py::test_name)"
            )
        if self.status != "not" and not self.tests:
            raise ValueError(f"a section {self.status} names the tests that pin it ('tests')")
        if self.status != "implemented" and not self.note.strip():
            raise ValueError(f"a section {self.status} says in its 'note' what is missing")
        return self


class Coverage(BaseModel):
    """A system's list: its book's sections in the book's order."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    schema_version: Literal[1]
    system: str
    book: str
    sections: tuple[CoverageEntry, ...] = Field(min_length=1)

    def counts(self) -> dict[Status, int]:
        """How many sections have each status, in :data:`STATUSES` order."""
        found = Counter(entry.status for entry in self.sections)
        return {status: found[status] for status in STATUSES}

    def having(self, status: Status | None) -> list[CoverageEntry]:
        """The sections of one status (all of them for None), in the book's order."""
        return [e for e in self.sections if status is None or e.status == status]


def read_coverage(text: str, path: str = "<coverage>") -> Coverage:
    """A coverage list from its YAML text.

    Raises:
        YamlError: the text is not YAML (located).
        ProblemList: every problem of the list, each located ``file:line:col``.
    """
    doc = read_yaml_text(text, path)
    coverage = validate_document(doc, Coverage)
    problems = _repeated_sections(coverage, doc)
    if problems:
        raise ProblemList(problems)
    return coverage


def _repeated_sections(coverage: Coverage, doc: Document) -> list[Problem]:
    first: dict[str, int] = {}
    problems = []
    for i, entry in enumerate(coverage.sections):
        if entry.section in first:
            key = ("sections", i, "section")
            pos = doc.position(key)
            problems.append(
                Problem(
                    doc.path,
                    pos.line,
                    pos.column,
                    f"sections[{i}].section",
                    f"section '{entry.section}' is listed twice",
                    f"first at sections[{first[entry.section]}]; merge the two",
                )
            )
        else:
            first[entry.section] = i
    return problems


def load_coverage(resource: str) -> Coverage:
    """The coverage list a system's rules name: ``"package:file"``, a package resource.

    Raises:
        YamlError: the file cannot be read, or is not YAML (located).
        ProblemList: every problem of the list, each located ``file:line:col``.
    """
    package, _, name = resource.partition(":")
    found = resources.files(package).joinpath(name)
    where = _shown(found)
    try:
        text = found.read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlError(
            Problem(where, 0, 0, "", f"cannot read the coverage list: {exc.strerror}")
        ) from None
    return read_coverage(text, where)


def _shown(found: object) -> str:
    """The resource's path, relative to the working directory when it is below it."""
    path = Path(str(found))
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
