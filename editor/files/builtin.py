"""File > Open Built-in Scenario...: a browser of the scenarios that come with Hexwright, by game
system, each with its title, source, map, sides and length and a picture of its map, so a
newcomer finds the books' scenarios without knowing where they are installed.

The list reads each file's heading only (fast); the one selected is loaded, described and
drawn when it is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.mapview.render import THUMBNAIL, MapPainter, fitted_pixmap
from model.errors import ProblemList
from model.scenario_io import LoadedScenario, load_scenario
from model.systems import GameSystem
from model.yamlio import YamlError, read_yaml

PATH_ROLE = Qt.ItemDataRole.UserRole
PREVIEW = QSize(360, 250)


@dataclass(frozen=True)
class BuiltIn:
    """One built-in scenario as its file's heading says."""

    path: Path
    title: str
    system: str
    source: str


def built_in_scenarios() -> list[BuiltIn]:
    """Every built-in scenario, by system then file name."""
    folder = Path(str(resources.files("scenarios")))
    found = []
    for path in sorted(folder.glob("*/*.yaml")):
        try:
            data = read_yaml(path).data
        except YamlError:
            continue
        if not isinstance(data, dict):
            continue
        source = data.get("source") or ("Hexwright's own" if data.get("original") else "")
        found.append(
            BuiltIn(
                path, str(data.get("title", path.stem)), str(data.get("system", "")), str(source)
            )
        )
    return found


def describe(loaded: LoadedScenario) -> str:
    """What a designer wants to know before opening it, as HTML."""
    scenario = loaded.scenario
    sections = ", ".join(dict.fromkeys(p.section for p in loaded.map.placements))
    length = scenario.length
    turns = (
        f"{length.turns} {length.unit}s"
        if length.turns
        else ", ".join(f"{j}: {n}" for j, n in length.by_join.items()) or "open-ended"
    )
    sides = []
    for side in scenario.sides:
        forces = sum(e.count for e in side.forces)
        budget = side.budget.points if side.budget else None
        how = f"{forces} units" if forces else (f"bought with {budget} points" if budget else "")
        if not forces and not budget and any(m.side == side.id for m in scenario.missions):
            how = "bought by mission"
        sides.append(f"{escape(side.name)} ({escape(side.role)}{', ' + how if how else ''})")
    rows = [
        ("Game", scenario.system.display_name),
        ("Source", scenario.source or ("Hexwright's own" if scenario.original else "")),
        ("Map", f"{sections}: {len(loaded.map):,} hexes"),
        ("Sides", ", ".join(sides)),
        ("Length", turns),
    ]
    cells = [(escape(k), v if k == "Sides" else escape(v)) for k, v in rows]
    table = "".join(
        f"<tr><td><b>{k}</b></td><td style='padding-left:8px'>{v}</td></tr>" for k, v in cells
    )
    blurb = escape(scenario.description.strip().split("\n\n")[0]) if scenario.description else ""
    return f"<h3>{escape(scenario.title)}</h3><table>{table}</table><p>{blurb}</p>"


def map_picture(loaded: LoadedScenario, size: QSize = PREVIEW) -> QPixmap:
    """The scenario's map, small, its overlays on it."""
    return fitted_pixmap(MapPainter(loaded.map, THUMBNAIL, loaded.overlays), size)


class BuiltInDialog(QDialog):
    """The browser: the scenarios by system on the left, the one chosen on the right."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open Built-in Scenario")
        self.chosen: Path | None = None
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Scenario", "Source"])
        self.tree.setColumnWidth(0, 260)
        self.tree.setMinimumWidth(420)
        groups: dict[str, QTreeWidgetItem] = {}
        for entry in built_in_scenarios():
            name = GameSystem(entry.system).display_name if entry.system else "Other"
            group = groups.get(name)
            if group is None:
                group = groups[name] = QTreeWidgetItem(self.tree, [name])
                group.setFlags(group.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                group.setExpanded(True)
            item = QTreeWidgetItem(group, [entry.title, entry.source])
            item.setData(0, PATH_ROLE, str(entry.path))
            item.setToolTip(0, str(entry.path))
        self.tree.currentItemChanged.connect(self._show)
        self.tree.itemDoubleClicked.connect(lambda item, _col: self._open(item))
        self.picture = QLabel()
        self.picture.setFixedSize(PREVIEW)
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details = QLabel("Choose a scenario to see its map.")
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.details.setFixedWidth(PREVIEW.width())
        right = QVBoxLayout()
        right.addWidget(self.picture)
        right.addWidget(self.details, 1)
        body = QHBoxLayout()
        body.addWidget(self.tree, 1)
        body.addLayout(right)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setEnabled(False)
        self.buttons.accepted.connect(lambda: self._open(self.tree.currentItem()))
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(self.buttons)
        self.resize(880, 600)

    def _show(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        path = item.data(0, PATH_ROLE) if item is not None else None
        self.open_button.setEnabled(bool(path))
        if not path:
            return
        try:
            loaded = load_scenario(path)
        except (ProblemList, YamlError) as exc:
            self.details.setText(f"<b>Cannot read it:</b> {escape(str(exc))}")
            self.picture.clear()
            return
        self.details.setText(describe(loaded))
        self.picture.setPixmap(map_picture(loaded))

    def _open(self, item: QTreeWidgetItem | None) -> None:
        path = item.data(0, PATH_ROLE) if item is not None else None
        if path:
            self.chosen = Path(path)
            self.accept()
