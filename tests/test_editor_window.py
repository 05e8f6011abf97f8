"""The first editor window, through real widgets (pytest-qt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from editor.app import HEX_SIZE, MainWindow, default_scenario_path
from model.grid import hex_to_pixel

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1000, 700)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_file(default_scenario_path())
    return w


def test_opens_the_default_armor_scenario(window: MainWindow) -> None:
    assert window.loaded is not None
    assert window.loaded.scenario.id == "armor-1a"
    assert window.windowTitle() == "Spearheads - Hexwright"
    # Fitted: the whole map is visible in the view.
    view = window.view
    assert view.item is not None
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(view.item.boundingRect())


def test_status_bar_names_the_hex_under_the_cursor(window: MainWindow, qtbot: QtBot) -> None:
    assert window.loaded is not None
    seam = window.loaded.map.resolve("K1512")
    x, y = hex_to_pixel(seam, HEX_SIZE)
    point = window.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(window.view.viewport(), point)
    qtbot.waitUntil(lambda: window.hex_label.text() != "")
    assert window.hex_label.text() == "hex J1512 = K1512"
    qtbot.mouseMove(window.view.viewport(), QPoint(2, 2))
    qtbot.waitUntil(lambda: window.hex_label.text() == "")


def test_zoom_is_bounded_and_fit_restores(window: MainWindow) -> None:
    view = window.view
    fitted = view.transform().m11()
    view.zoom(2.0)
    assert view.transform().m11() == pytest.approx(fitted * 2.0)
    for _ in range(40):
        view.zoom(2.0)
    assert view.transform().m11() == pytest.approx(view.MAX_SCALE)
    view.fit()
    assert view.transform().m11() == pytest.approx(fitted)


def test_a_bad_file_is_refused_with_its_problems(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    bad = tmp_path / "bad.yaml"
    bad.write_text(default_scenario_path().read_text().replace("unit: M4,", "unit: M44,"))
    assert not window.open_file(bad)
    assert len(shown) == 1
    assert f"{bad}:80:16: sides[1].forces[0].unit: unknown unit type 'M44'" in shown[0]
    # The scenario that was open stays open.
    assert window.loaded is not None and window.loaded.scenario.id == "armor-1a"
    assert window.view.item is not None
