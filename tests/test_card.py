"""The scenario card (issue 18, "The scenario card"): one scenario of each system written as
PDF and HTML, read back for the text a player needs; the command line and File > Export
Scenario Card (Ctrl+Shift+E)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from editor.cli.main import main
from model.rules_sentences import condition_sentence, length_sentence, rule_sentence
from model.scenario_io import load_scenario

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[1] / "scenarios"
ONE_OF_EACH = [
    "panzer44/19.5-arracourt.yaml",
    "armor/2b-the-bridge.yaml",
    "soldiers/24-beaufort-crossroads.yaml",
    "panzer-command/point-161.yaml",
]


def pdf_text(path: Path) -> str:
    """The PDF's text by poppler's pdftotext (CI installs poppler-utils: .ci/run)."""
    found = shutil.which("pdftotext")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext is missing: .ci/run installs Debian's poppler-utils")
        pytest.skip("pdftotext (Debian package poppler-utils) is not installed")
    done = subprocess.run([found, "-layout", str(path), "-"], capture_output=True, check=True)
    return done.stdout.decode()


def _words(text: str) -> str:
    """Whitespace as single spaces, ligatures (the PDF's "ﬁ") as letters."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))


@pytest.mark.parametrize("name", ONE_OF_EACH)
def test_the_card_of_each_system_holds_what_a_player_needs(
    qapp: object, tmp_path: Path, name: str
) -> None:
    from editor.publish.card import save_card

    loaded = load_scenario(ROOT / name)
    scenario = loaded.scenario
    pdf, html = tmp_path / "card.pdf", tmp_path / "card.html"
    pages = save_card(loaded, pdf)
    assert pages >= 1 and pdf.read_bytes().startswith(b"%PDF")
    assert save_card(loaded, html) == 0
    page = html.read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in page.replace("'", '"')  # the map, inside the file
    text = _words(pdf_text(pdf))
    names = {s.id: s.name for s in scenario.sides}
    expected = [scenario.title, length_sentence(scenario.length)]
    expected += [s.name for s in scenario.sides]
    expected += [condition_sentence(c, names) for c in scenario.victory.conditions]
    expected += [rule_sentence(r, names) for r in scenario.special_rules]
    for sentence in expected:
        # pdftotext breaks lines and may hyphenate: compare the first words.
        start = " ".join(_words(sentence).split()[:5])
        assert start in text, f"{start!r} is not on the card"
    # The counters' values head the forces tables.
    labels = [label for _, label in scenario.system.data.counter_face]
    if any(s.forces for s in scenario.sides):
        assert all(label in text for label in labels)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, check=True, text=True)
    assert f"Pages: {pages}\n" in re.sub(r"Pages:\s+", "Pages: ", info.stdout)


def test_a_panzer44_card_lists_each_platoon_with_its_counter_values(
    qapp: object, tmp_path: Path
) -> None:
    from editor.publish.card import save_card

    loaded = load_scenario(ROOT / "panzer44/19.5-arracourt.yaml")
    pdf = tmp_path / "card.pdf"
    save_card(loaded, pdf, "letter")
    lines = pdf_text(pdf).splitlines()
    panther = next(line for line in lines if "Panther" in line)
    # 8 Panther platoons: attack 10, class M, range 10, defense 10, movement 6 [19.5].
    assert panther.split()[0] == "8"
    assert re.search(r"10\s+M\s+10\s+10\s+6", panther), panther
    size = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, check=True, text=True).stdout
    assert "612 x 792 pts (letter)" in size


def test_the_command_line_writes_a_card_and_says_why_it_cannot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = ROOT / "armor/1a-spearheads.yaml"
    out = tmp_path / "card.pdf"
    assert main(["card", str(scenario), "-o", str(out), "--paper", "letter"]) == 0
    said = capsys.readouterr().out
    assert "the card of Spearheads" in said and "LETTER" in said and out.is_file()
    assert main(["card", str(scenario), "-o", str(tmp_path / "card.doc")]) == 2
    assert "must end in .pdf or .html" in capsys.readouterr().err
    missing = tmp_path / "no" / "such" / "card.html"
    assert main(["card", str(scenario), "-o", str(missing)]) == 1
    err = capsys.readouterr().err
    assert "hexwright card:" in err and "Traceback" not in err


def test_export_scenario_card_with_ctrl_shift_e(
    window: Any, shortcut: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import Qt

    from editor.files import controller

    def save_name(_p: object, _t: str, _d: str, filters: str) -> tuple[str, str]:
        assert filters.split(";;")[1] == "PDF, Letter (*.pdf)"
        return str(tmp_path / "card"), "PDF, Letter (*.pdf)"

    monkeypatch.setattr(controller.QFileDialog, "getSaveFileName", save_name)
    shortcut(Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    card = tmp_path / "card.pdf"
    assert card.is_file()
    assert "Exported the card" in window.statusBar().currentMessage()
    assert window.document.scenario.title in pdf_text(card)
