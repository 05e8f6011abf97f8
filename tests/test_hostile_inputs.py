"""Hostile and broken input: every case is refused fast with a message that says where and
what, never a traceback, a hang or gigabytes of memory (issue 21, "Hard limits").

Each case is what a user (or an attacker) could hand the command line; the message it must
give is written beside it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from editor.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenarios" / "armor" / "demo-crossroads.yaml"
BOARD = ROOT / "resources" / "armor" / "boards" / "J.yaml"


def _validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    code = main(["validate", str(path)])
    seconds = time.perf_counter() - start
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert "Traceback" not in out
    return code, out, seconds


def _edited(tmp_path: Path, source: Path, old: str, new: str, name: str = "s.yaml") -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# --- files that are not files -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: os.symlink("/dev/zero", d / "zero.yaml") or d / "zero.yaml", "not a regular"),
        (lambda d: os.mkfifo(d / "pipe.yaml") or d / "pipe.yaml", "not a regular file"),
        (lambda d: (d / "dir.yaml").mkdir() or d / "dir.yaml", "it is a folder"),
    ],
    ids=["symlink-to-dev-zero", "fifo", "folder"],
)
def test_a_path_that_is_not_a_regular_file_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, message: str
) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    code, out, seconds = _validate(path, capsys)
    assert code == 1 and message in out and str(path) in out
    assert seconds < 1
    # the replay and position commands read through the same door
    assert main(["replay", str(path)]) == 1
    assert message in capsys.readouterr().err


# --- printed hex names: our grammar, never str.format ----------------------------------------


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("{col:0200000000d}", "'{col:0200000000d}' is not a field"),
        ("{nope}", "'{nope}' is not a field"),
        ("{section.__class__.__mro__}", "'{section.__class__.__mro__}' is not a field"),
        ("{col:09d}", "a field is at most 4 digits wide"),
        ("{section}{col", "a brace outside a field"),
    ],
)
def test_a_board_printed_id_outside_the_grammar_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str, message: str
) -> None:
    text = BOARD.read_text(encoding="utf-8")
    board = tmp_path / "J.yaml"
    lines = [line for line in text.splitlines() if not line.startswith("printed_id:")]
    at = next(i for i, line in enumerate(lines) if line.startswith("grid:"))
    lines.insert(at, f"printed_id: '{fmt}'")
    board.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, seconds = _validate(board, capsys)
    assert code == 1 and message in out
    assert f"{board}:{at + 1}:" in out  # located at the printed_id line
    assert seconds < 1


def test_printed_names_are_as_before() -> None:
    from model.printedid import compile_printed_id

    for fmt in (
        "{section}{col:02d}{row:02d}",
        "{section}/{col:02d}{row:02d}",
        "{col:02d}{row:02d}",
    ):
        name = compile_printed_id(fmt)
        for col, row in ((5, 12), (0, 0), (-1, 3), (123, 4)):
            assert name("J", col, row) == fmt.format(section="J", col=col, row=row)


# --- numbers and sizes a real scenario never reaches ------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  - unit: M4\n", "  - unit: M4\n    count: 1000000\n", "less than or equal to 999"),
        ("  - unit: M4\n", "  - unit: M4\n    count: " + "1" + "0" * 150 + "\n", "999"),
        ("length:\n", "length:\n  first_turn: -3\n", "greater than or equal to 1"),
    ],
    ids=["a-million-units", "ten-to-the-150", "negative-first-turn"],
)
def test_numbers_beyond_the_limits_are_refused_where_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    path = _edited(tmp_path, DEMO, old, new)
    code, out, _ = _validate(path, capsys)
    assert code == 1 and message in out and f"{path}:" in out


def test_a_billion_turns_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = DEMO.read_text(encoding="utf-8")
    start = text.index("\nlength:")
    end = text.index("\n", text.index("turns:", start))
    path = tmp_path / "s.yaml"
    path.write_text(text[:start] + "\nlength:\n  turns: 1000000000" + text[end:])
    code, out, _ = _validate(path, capsys)
    assert code == 1 and "less than or equal to 999" in out and "length.turns" in out


def test_three_hundred_thousand_force_entries_are_refused_fast(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entries = "".join("  - {unit: M4}\n" for _ in range(300_000))
    path = _edited(tmp_path, DEMO, "  forces:\n", "  forces:\n" + entries)
    code, out, seconds = _validate(path, capsys)
    assert code == 1 and "a list of more than 10,000 items" in out
    assert f"{path}:" in out and "at most 10,000 are read" in out
    assert seconds < 5  # reading stops at the item too many; the engine never sees them


def test_a_region_within_millions_of_hexes_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = DEMO.read_text(encoding="utf-8")
    region = "{kind: within, distance: 5000000, of: {kind: hexes, hexes: [K2016]}}"
    path = tmp_path / "s.yaml"
    marker = "  role: defender\n"
    assert marker in text
    path.write_text(text.replace(marker, marker + f"  deployment_modes:\n    far: {region}\n", 1))
    code, out, seconds = _validate(path, capsys)
    assert code == 1 and "less than or equal to 200" in out
    assert seconds < 2


def test_a_board_a_hundred_thousand_hexes_wide_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = BOARD.read_text(encoding="utf-8")
    start = text.index("  columns:")
    end = text.index("\n", start)
    board = tmp_path / "J.yaml"
    for columns, message in (
        ("[1, 100000]", "columns [1, 100000]: give first <= last, from 0 to 9999"),
        ("[1, 5000]", "a board is at most 200 columns"),
        ("[9, 3]", "give first <= last"),
    ):
        board.write_text(text[:start] + f"  columns: {columns}" + text[end:])
        code, out, seconds = _validate(board, capsys)
        assert code == 1 and message in out and f"{board}:9:" in out
        assert seconds < 2


# --- the command line -------------------------------------------------------------------------


def test_an_unknown_command_is_an_error_not_the_editor(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "FILE"]) == 2
    err = capsys.readouterr().err
    assert "'card' is neither a command" in err and "hexwright --help" in err


def test_schema_goes_to_standard_output_and_never_makes_a_docs_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["schema", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("{")
    assert main(["schema"]) == 0
    assert capsys.readouterr().out.startswith("{")
    assert not (tmp_path / "docs").exists() and not (tmp_path / "-").exists()
    assert main(["schema", "--check"]) == 0  # the source tree's schema, wherever it runs


def test_a_closed_pipe_is_not_a_traceback() -> None:
    command = f"{sys.executable} -m editor.cli.main info {DEMO} --json | head -c 10 >/dev/null"
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {command}"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
