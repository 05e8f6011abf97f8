"""The map for the table (issue 18): a PDF at counter scale, one page or tiled across A4 or
Letter with overlap, crop marks and each page's place; the SVG's size in real units."""

from __future__ import annotations

import math
import random
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main
from editor.publish.print_map import EDGE_MM, MARGIN_MM, plan_pages

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[1] / "scenarios"
PT_PER_MM = 72 / 25.4


def pdfinfo(path: Path) -> dict[str, str]:
    found = shutil.which("pdfinfo")
    if found is None:
        pytest.skip("pdfinfo (Debian package poppler-utils) is not installed")
    out = subprocess.run([found, str(path)], capture_output=True, check=True, text=True).stdout
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def test_the_pages_cover_the_map_with_as_few_sheets_as_the_overlap_allows() -> None:
    rng = random.Random(5)
    for _ in range(300):
        size = (rng.uniform(20, 2000), rng.uniform(20, 2000))
        window = (rng.uniform(100, 300), rng.uniform(100, 300))
        overlap = rng.uniform(0, 30)
        plan = plan_pages(size, window, overlap)
        for n, step, win, length in zip(
            (plan.columns, plan.rows), plan.step, window, size, strict=True
        ):
            assert step == pytest.approx(win - overlap)
            assert (n - 1) * step + win >= length - 1e-9  # covered
            if n > 1:
                assert (n - 2) * step + win < length  # and one sheet fewer would not do
    with pytest.raises(ValueError, match="leaves no room"):
        plan_pages((500, 500), (100, 100), 100)


def test_one_page_is_the_map_at_16_mm_a_hex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Panzer '44's map is 61 columns: 60 column steps of 1.5 radii and 2 radii for the ends,
    with a radius of 16 / sqrt(3) mm; the page adds the edge and the margins."""
    out = tmp_path / "map.pdf"
    scenario = ROOT / "panzer44/19.5-arracourt.yaml"
    assert main(["render", str(scenario), "-o", str(out), "--paper", "map", "--no-ids"]) == 0
    assert "one page" in capsys.readouterr().out
    radius = 16 / math.sqrt(3)
    width_mm = 60 * 1.5 * radius + 2 * radius + 2 * EDGE_MM + 2 * MARGIN_MM
    info = pdfinfo(out)
    assert info["Pages"] == "1"
    width_pt = float(re.match(r"([\d.]+) x", info["Page size"]).group(1))  # type: ignore[union-attr]
    assert width_pt / PT_PER_MM == pytest.approx(width_mm, abs=0.5)


def test_a_three_section_armor_map_tiled_on_a4_says_where_each_page_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.pdf"
    scenario = ROOT / "armor/3b-surrounded.yaml"  # sections J, K, L staggered
    assert main(["render", str(scenario), "-o", str(out), "--hex-mm", "15.9"]) == 0
    said = capsys.readouterr().out
    rows, columns = (int(n) for n in re.search(r"page\(s\), (\d+) x (\d+)", said).groups())  # type: ignore[union-attr]
    info = pdfinfo(out)
    assert int(info["Pages"]) == rows * columns > 1
    assert "(A4)" in info["Page size"]
    text = subprocess.run(
        ["pdftotext", str(out), "-"], capture_output=True, check=True, text=True
    ).stdout
    text = unicodedata.normalize("NFKC", text)  # the PDF's ligatures ("ﬂ") as letters
    for row in range(1, rows + 1):
        for column in range(1, columns + 1):
            assert f"row {row}, column {column} of {rows} x {columns} pages" in text
    assert text.count("Hexes 15.9 mm across the flats") == rows * columns
    assert "J0101" not in text and "0101" in text  # the hex numbers, as the sections print them


def test_the_svg_declares_its_printed_size(tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    scenario = ROOT / "armor/1a-spearheads.yaml"
    assert main(["render", str(scenario), "-o", str(out), "--hex-mm", "20", "--size", "30"]) == 0
    head = out.read_text(encoding="utf-8")[:400]
    width_mm = float(re.search(r'<svg width="([\d.]+)mm"', head).group(1))  # type: ignore[union-attr]
    view_width = float(re.search(r'viewBox="0 0 ([\d.]+)', head).group(1))  # type: ignore[union-attr]
    across_flats_px = math.sqrt(3) * 30
    assert width_mm / view_width * across_flats_px == pytest.approx(20, rel=0.002)


def test_a_hex_size_out_of_range_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = ROOT / "armor/1a-spearheads.yaml"
    with pytest.raises(SystemExit) as stop:
        main(["render", str(scenario), "-o", str(tmp_path / "m.pdf"), "--hex-mm", "100"])
    assert stop.value.code == 2
    assert "give 4 to 60" in capsys.readouterr().err


def test_export_map_as_a_pdf_for_print_from_the_file_menu(
    window: Any, shortcut: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import Qt

    from editor.files import controller

    chosen = "PDF for print, tiled on Letter (*.pdf)"

    def save_name(_p: object, _t: str, _d: str, filters: str) -> tuple[str, str]:
        assert chosen in filters.split(";;")
        return str(tmp_path / "table"), chosen

    monkeypatch.setattr(controller.QFileDialog, "getSaveFileName", save_name)
    shortcut(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    out = tmp_path / "table.pdf"
    assert out.is_file()
    info = pdfinfo(out)
    assert "letter" in info["Page size"] and int(info["Pages"]) > 1
    assert "hexes 16 mm across the flats" in window.statusBar().currentMessage()


def test_the_units_can_be_left_off_the_printed_map(tmp_path: Path) -> None:
    """Armor's demo sets up units on hexes: with them the map PDF is bigger than without."""
    scenario = ROOT / "armor/demo-crossroads.yaml"
    with_units, without = tmp_path / "with.pdf", tmp_path / "without.pdf"
    assert main(["render", str(scenario), "-o", str(with_units), "--paper", "map"]) == 0
    args = ["render", str(scenario), "-o", str(without), "--paper", "map", "--no-counters"]
    assert main(args) == 0
    with_text = subprocess.run(
        ["pdftotext", str(with_units), "-"], capture_output=True, check=True, text=True
    ).stdout
    without_text = subprocess.run(
        ["pdftotext", str(without), "-"], capture_output=True, check=True, text=True
    ).stdout
    assert "M4A1" in with_text and "M4A1" not in without_text


def test_each_tiled_page_holds_its_own_part_of_the_map_not_the_whole(tmp_path: Path) -> None:
    """A page draws the cells in its window: twelve A4 pages of Panzer '44's map weigh about
    what the one-page map does (each drew the whole map, clipped, before: ~15 times more)."""
    scenario = ROOT / "panzer44/19.5-arracourt.yaml"
    tiled, whole = tmp_path / "tiled.pdf", tmp_path / "whole.pdf"
    assert main(["render", str(scenario), "-o", str(tiled)]) == 0
    assert main(["render", str(scenario), "-o", str(whole), "--paper", "map"]) == 0
    assert int(pdfinfo(tiled)["Pages"]) > 6
    assert tiled.stat().st_size < 3 * whole.stat().st_size
    text = unicodedata.normalize("NFKC", subprocess.run(
        ["pdftotext", str(tiled), "-"], capture_output=True, check=True, text=True
    ).stdout)  # fmt: skip
    for name in ("0101", "6134", "3117"):  # corners and middle: every hex is on some page
        assert name in text


def test_an_svg_onto_a_full_disk_is_an_error_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Qt's SVG writer says nothing when its file cannot be written: a full disk left a
    truncated picture reported as exported. The picture is now drawn in memory and written
    atomically: the disk's error is raised, and neither the file nor a temporary is left."""
    import errno
    import os

    from editor.mapview.render import MapPainter, RenderOptions, save_svg
    from model.scenario_io import load_scenario

    loaded = load_scenario(ROOT / "armor/1a-spearheads.yaml")
    painter = MapPainter(loaded.map, RenderOptions(size=12.0))

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "map.svg"
    with pytest.raises(OSError, match="No space left"):
        save_svg(painter, out, "Spearheads")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    save_svg(painter, out, "Spearheads")
    assert out.read_text(encoding="utf-8").rstrip().endswith("</svg>")


def test_a_png_larger_than_the_limit_is_refused_before_it_is_drawn(
    window: Any,
    shortcut: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``render --size 64`` of a 200 x 200 board drew a picture of 420 million pixels for
    minutes in 2 GB. A PNG past the limit is refused with its size and what to do, by the
    command line and File > Export Map alike, and no file is left (here the limit is lowered:
    to the size of Armor 1A's map at 24 px a hex for the command line, which then refuses 25 px
    and draws 24 px)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    from editor.files import controller
    from editor.mapview import render

    scenario = ROOT / "armor/1a-spearheads.yaml"
    assert main(["render", str(scenario), "-o", str(tmp_path / "ok.png")]) == 0
    size = re.search(r"(\d+) x (\d+) px", capsys.readouterr().out)
    assert size is not None
    monkeypatch.setattr(render, "MAX_IMAGE_PIXELS", int(size[1]) * int(size[2]))
    out = tmp_path / "big.png"
    assert main(["render", str(scenario), "-o", str(out), "--size", "25"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{out}: the picture would be ") and "draw it with smaller hexes" in err
    assert not out.exists() and not list(tmp_path.glob(".big.png*"))
    assert main(["render", str(scenario), "-o", str(out), "--size", "24"]) == 0
    # the same limit in the editor's File > Export Map (lowered again: the map is 1A's)
    monkeypatch.setattr(render, "MAX_IMAGE_PIXELS", 1_000)
    chosen = "PNG image (*.png)"
    monkeypatch.setattr(
        controller.QFileDialog,
        "getSaveFileName",
        lambda *_a: (str(tmp_path / "export"), chosen),
    )
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, _t, text: shown.append(text))
    shortcut(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert len(shown) == 1 and "the picture would be" in shown[0]
    assert not (tmp_path / "export.png").exists()


def test_render_refuses_a_large_png_before_working_out_the_maps_geometry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The refusal of a 200 x 200 board at 64 px a hex took 1.44 s, over the one second a
    refusal may take: the boards' cells were all drawn into paths (1.3 s) before the picture's
    size was looked at. The size comes from the map's extent, and nothing is drawn first."""
    from editor.mapview import render

    drawn: list[str] = []
    real = render.board_geometry

    def counted(section: Any, size: float) -> Any:
        drawn.append(section.id)
        return real(section, size)

    monkeypatch.setattr(render, "board_geometry", counted)
    monkeypatch.setattr(render, "MAX_IMAGE_PIXELS", 1_000)
    scenario = ROOT / "armor/1a-spearheads.yaml"
    out = tmp_path / "big.png"
    assert main(["render", str(scenario), "-o", str(out)]) == 2
    assert "the picture would be" in capsys.readouterr().err
    assert drawn == [] and not out.exists()
    # an SVG of the same map has no pixel limit: it is drawn
    assert main(["render", str(scenario), "-o", str(tmp_path / "map.svg")]) == 0
    assert drawn
