"""The board generators in tools/boards/ reproduce the committed boards byte for byte.

Every built-in board under resources/ is written by a script; a board edited by hand, or a
script (or a model helper it uses) changed without regenerating, fails here instead of being
silently overwritten by the next run.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from tools.boards.files import check_files

GENERATORS = ["armor", "panzer44", "panzer_command", "soldiers"]


def generator(name: str) -> ModuleType:
    return importlib.import_module(f"tools.boards.{name}")


@pytest.fixture
def no_writes(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Make every generator's write a recorded no-op; the list holds what would be written."""
    written: list[object] = []
    for name in GENERATORS:
        monkeypatch.setattr(generator(name), "write_files", written.append)
    return written


@pytest.mark.parametrize("name", GENERATORS)
def test_regenerating_changes_no_committed_board(
    name: str, no_writes: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    assert generator(name).main(["--check"]) == 0, capsys.readouterr().out
    assert "up to date" in capsys.readouterr().out
    assert no_writes == []


@pytest.mark.parametrize("name", GENERATORS)
def test_help_writes_nothing(name: str, no_writes: list[object]) -> None:
    with pytest.raises(SystemExit) as exit_:
        generator(name).main(["--help"])
    assert exit_.value.code == 0
    assert no_writes == []


def test_check_names_each_file_that_would_change(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same, changed, missing = tmp_path / "same.yaml", tmp_path / "changed.yaml", tmp_path / "no.yaml"
    same.write_text("a: 1\n", encoding="utf-8")
    changed.write_text("a: 1\n", encoding="utf-8")
    files = {same: "a: 1\n", changed: "a: 2\n", missing: "a: 3\n"}
    assert check_files(files) == 1
    out = capsys.readouterr().out
    assert f"would change: {changed}" in out and f"would change: {missing}" in out
    assert str(same) not in out
    assert check_files({same: "a: 1\n"}) == 0


def test_check_compares_bytes_not_line_ends(tmp_path: Path) -> None:
    board = tmp_path / "board.yaml"
    board.write_bytes(b"a: 1\r\n")
    assert check_files({board: "a: 1\n"}) == 1
