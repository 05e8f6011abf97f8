"""The mutation fuzz (``tools.mutate``, issue 21): position, scenario, replay, board and Tiled
files changed at one place are read (and played on; an imported board read back) or refused
with located problems, never a traceback. A slice runs here; ``python -m tools.mutate --kind KIND --tries N`` runs the
campaign."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tools import mutate


@pytest.mark.parametrize(
    ("kind", "tries"),
    [
        ("position", 120),
        ("scenario", 30),
        ("editor", 30),
        ("replay", 40),
        ("board", 60),
        ("tmx", 60),
    ],
)
def test_changed_files_are_read_or_refused_never_a_traceback(kind: str, tries: int) -> None:
    try:
        findings, outcomes = mutate.run(kind, tries, seed=11, play_on=12)
    finally:
        mutate.close_editor()
    assert findings == []
    assert outcomes["read"] + outcomes["refused"] == tries
    assert outcomes["refused"] > 0  # the changes reach the checks ...
    assert outcomes["read"] > 0 or kind == "replay"  # ... and some files still play


def test_a_reader_that_fails_is_a_finding_with_its_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the campaign reports: the source file, the change, the error and where it was
    raised (a reader failing on a mapping where a text belongs stands in for a real bug)."""

    def fragile(path: Path, _rng: random.Random, _play_on: int) -> str:
        text = path.read_text(encoding="utf-8")
        if "{}" in text or "zz: 1" in text:
            raise KeyError("a mapping where a text belongs")
        return "read"

    corpus, _ = mutate.KINDS["scenario"]
    monkeypatch.setitem(mutate.KINDS, "scenario", (corpus, fragile))
    findings, outcomes = mutate.run("scenario", 60, seed=3)
    assert findings and outcomes["read"] == 60 - len(findings)
    first = findings[0]
    assert first.kind == "scenario" and first.source.endswith(".yaml")
    assert first.error.startswith("KeyError: 'a mapping where a text belongs' (")
    assert "test_mutation_fuzz.py:" in first.error
    assert ": " in first.change


def test_a_change_is_made_again_from_its_seed() -> None:
    data = {"units": [{"id": "us.M4.1", "hex": "J0102"}, {"id": "german.PZIVJ.1"}], "turn": 3}
    first = mutate.mutate(data, random.Random(5))
    assert first == mutate.mutate(data, random.Random(5))
    assert first[0] != data and data["turn"] == 3  # the source is left as it was
