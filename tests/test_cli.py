"""The hexwright command: exit codes, output formats, rendering."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli.main import main

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "armor" / "1a-spearheads.yaml"


def test_validate_accepts_a_good_scenario_and_a_board(capsys: pytest.CaptureFixture[str]) -> None:
    board = ROOT / "resources" / "armor" / "boards" / "K.yaml"
    assert main(["validate", str(SCENARIO), str(board)]) == 0
    out = capsys.readouterr().out
    assert f"{SCENARIO}: valid (Armor, 1460 hexes)" in out
    assert f"{board}: valid (board K, 500 hexes)" in out


def test_validating_many_files_shares_the_map_of_one_layout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Speed issue: ``hexwright validate`` on several files assembles a map once per layout of
    the same boards; what each file reports is what validating it alone reports."""
    from model.resources import boards_changed
    from model.scenario_io import load_scenario, shared_maps

    other = ROOT / "scenarios" / "armor" / "2a-trading-ground.yaml"
    with shared_maps():
        first, second = load_scenario(SCENARIO), load_scenario(other)
        assert first.scenario.map.layout == second.scenario.map.layout
        assert first.map is second.map
        boards_changed()  # a board file written: its boards are read again, the map made again
        third = load_scenario(SCENARIO)
        assert third.map is not first.map
        assert third.map.hexes == first.map.hexes
    alone = load_scenario(other)
    assert alone.map is not second.map
    assert alone.map.hexes == second.map.hexes
    files = sorted(str(p) for p in (ROOT / "scenarios" / "armor").glob("*.yaml"))
    each = []
    for name in files:
        main(["validate", name])
        each.append(capsys.readouterr())
    main(["validate", *files])
    together = capsys.readouterr()
    assert together.out == "".join(c.out for c in each)
    assert together.err == "".join(c.err for c in each)


def test_validate_reports_every_problem_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    text = (
        SCENARIO.read_text()
        .replace("unit: PZIVJ", "unit: PZIVH", 1)
        .replace("side: us\n", "side: usa\n")
    )
    bad.write_text(text)
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: [1, 2\n")
    assert main(["validate", str(bad), str(broken), str(SCENARIO)]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert lines[0].startswith(f"{bad}:57:16: sides[0].forces[0].unit: unknown unit type 'PZIVH'")
    assert lines[1].startswith(f"{bad}:124:13: victory.conditions[1].side: unknown side 'usa'")
    assert lines[2].startswith(f"{broken}:2:1: not valid YAML")
    assert "Traceback" not in captured.err
    assert f"{SCENARIO}: valid" in captured.out


def test_info_prints_layout_seams_and_edges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["info", str(SCENARIO)]) == 0
    out = capsys.readouterr().out
    assert "joins:    J2012-K2013, K2024-L2025" in out
    assert "hexes:    1460" in out
    assert "seams:    J-K: 20, K-L: 20" in out
    assert "Side A on the north edge" in out
    assert main(["info", "--json", str(SCENARIO)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hexes"] == 1460
    assert data["corners"] == {"1": "J4001", "2": "J0100", "3": "L4036", "4": "L0136"}


@pytest.mark.gui
def test_render_writes_png_and_svg(tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    png = tmp_path / "map.png"
    svg = tmp_path / "map.svg"
    assert main(["render", str(SCENARIO), "-o", str(png), "--size", "10"]) == 0
    assert main(["render", str(SCENARIO), "-o", str(svg), "--no-ids"]) == 0
    image = QImage(str(png))
    assert 500 < image.width() < 800 and 500 < image.height() < 800
    # The map is drawn: a road, a stream and terrain colours, not a blank page.
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    assert len(colours) > 50
    assert svg.read_text().startswith("<?xml")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_render_refuses_other_formats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["render", str(SCENARIO), "-o", str(tmp_path / "map.jpg")]) == 2
    assert "must end in .png, .svg, .pdf or .tmx" in capsys.readouterr().err


def test_schema_check_passes_on_the_committed_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--check", "-o", str(ROOT / "docs" / "scenario.schema.json")]) == 0


def test_schema_check_fails_when_out_of_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "schema.json"
    stale.write_text("{}\n")
    assert main(["schema", "--check", "-o", str(stale)]) == 1
    assert "out of date" in capsys.readouterr().err


def test_console_script_runs_without_qt_for_validate() -> None:
    code = (
        "import sys; from editor.cli.main import main; rc = main(['validate', '-q', sys.argv[1]]); "
        "assert 'PySide6' not in sys.modules, 'validate imported Qt'; "
        # Speed issue: a system's bots (and with them the engine) load when a game is played.
        "assert 'rules.bots.base' not in sys.modules, 'validate imported the bots'; "
        "assert 'rules.engine.core' not in sys.modules, 'validate imported the engine'; "
        "sys.exit(rc)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(SCENARIO)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
