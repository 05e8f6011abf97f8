"""Saving keeps what the author wrote (issue 21): an unchanged scenario saves byte for byte as
it was opened, every built-in one; an edit changes only the lines it touches, comments, key
order and quoting kept; and a layout that cannot be kept falls back to the plain dump, never
to different content."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from model.scenario_io import dump_scenario, load_scenario, parse_scenario, to_data
from model.yamlkeep import keep_layout

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


def _changed(old: str, new: str) -> list[str]:
    diff = difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and not line.startswith(("+++", "---"))]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_unchanged_scenario_saves_as_it_was_written(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert dump_scenario(load_scenario(path).scenario, text) == text


def test_an_edit_changes_only_its_lines_and_keeps_the_comments(tmp_path: Path) -> None:
    from editor.files.document import ScenarioDocument

    source = ROOT / "scenarios" / "armor" / "2a-trading-ground.yaml"
    path = tmp_path / "2a.yaml"
    path.write_text(source.read_text(encoding="utf-8"))
    before = path.read_text(encoding="utf-8")
    document = ScenarioDocument.open(path)
    document.paint_terrain([document.map.resolve("K2020")], "rough")
    document.save()
    after = path.read_text(encoding="utf-8")
    changed = _changed(before, after)
    assert 0 < len(changed) <= 6, changed  # the terrain edit, not the file rewritten
    comments = [line for line in before.splitlines() if line.lstrip().startswith("#")]
    assert len(comments) == 40
    assert all(line in after.splitlines() for line in comments)
    assert load_scenario(path).scenario == document.scenario
    # the plain dump would have rewritten the file
    assert len(_changed(before, dump_scenario(document.scenario))) > 300


def test_new_keys_go_beside_their_neighbours_in_the_files_style() -> None:
    original = (
        "# my notes\nschema_version: 1\nid: s\ntitle: 'Quoted'   # a title\nsystem: armor\n"
        "original: true\nmap:\n  layout: {preset: edge-to-edge, order: [J, K]}\n"
        "sides:\n  - {id: a, name: A, nation: us}\n  - {id: b, name: B, nation: germany}\n"
        "length: {turns: 10}\nvictory: {scoring: most-vp, conditions: []}\n"
    )
    scenario = parse_scenario(original).scenario
    edited = scenario.model_copy(update={"description": "Two lines\nof text", "date": "1944"})
    text = dump_scenario(edited, original)
    assert text.startswith("# my notes\n")
    assert "title: 'Quoted'   # a title\n" in text
    assert "date: '1944'\n" in text or 'date: "1944"\n' in text
    assert "description: |" in text  # multi-line text as a literal block
    assert parse_scenario(text).scenario == edited


def test_a_layout_that_cannot_be_kept_falls_back_to_the_plain_dump() -> None:
    assert keep_layout("[1, 2]\n", {"a": 1}) is None  # not a mapping
    assert keep_layout("a: [unclosed\n", {"a": 1}) is None  # not YAML
    scenario = load_scenario(SCENARIOS[0]).scenario
    assert dump_scenario(scenario, "not: [yaml") == dump_scenario(scenario)
    data = to_data(scenario)
    assert keep_layout(SCENARIOS[0].read_text(encoding="utf-8"), data) is not None


@pytest.mark.gui
def test_save_in_the_editor_keeps_the_authors_comments(qtbot: QtBot, tmp_path: Path) -> None:
    from editor.app import MainWindow

    source = ROOT / "scenarios" / "armor" / "4a-ambush.yaml"
    path = tmp_path / "4a.yaml"
    path.write_text(source.read_text(encoding="utf-8"))
    w = MainWindow()
    qtbot.addWidget(w, before_close_func=lambda w: w.document.undo_stack.setClean())
    assert w.open_file(str(path))
    assert w.document is not None
    w.document.paint_terrain([w.document.map.resolve("K2020")], "rough")
    w.actions_by_id["file.save"].trigger()
    assert not w.document.modified
    after = path.read_text(encoding="utf-8")
    before = source.read_text(encoding="utf-8")
    comments = [line for line in before.splitlines() if line.lstrip().startswith("#")]
    assert len(comments) == 40 and all(line in after.splitlines() for line in comments)
    assert 0 < len(_changed(before, after)) <= 6
