"""The scenario being edited: owns the undo stack and issues every edit as a command.

Modelled on Tiled's ``MapDocument``: widgets never change the scenario; they call the
document's verbs, which wrap the pure model operations of :mod:`model.edits` in undoable
commands. Views redraw when :attr:`ScenarioDocument.changed` fires. The scenario is an
immutable value, so each command keeps the value before and after and undo swaps it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from model import edits
from model.board import BoardSection
from model.hexes import Hex, Hexside
from model.joins import snap
from model.layout import AssembledMap
from model.mapstate import TerrainEdits, terrain_edits
from model.overlays import OverlayMap
from model.scenario import OverlayPlacement, Scenario
from model.scenario_io import (
    LoadedScenario,
    build_map,
    load_scenario,
    overlays_of,
    placements_for,
    save_scenario,
)
from model.terrainview import MapTerrain


class EditCommand(QUndoCommand):
    """Replace the document's scenario by a new value; undo puts the old one back.

    Commands with the same ``merge_key`` in a row merge (a brush stroke is one undo step).
    """

    def __init__(
        self,
        document: ScenarioDocument,
        before: Scenario,
        after: Scenario,
        text: str,
        what: str,
        merge_key: int = -1,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after
        self.what = what
        self.merge_key = merge_key

    def redo(self) -> None:
        self.document._set(self.after, self.what)

    def undo(self) -> None:
        self.document._set(self.before, self.what)

    def id(self) -> int:
        return self.merge_key

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True


class ScenarioDocument(QObject):
    """A scenario open for editing, with its assembled map, overlays and painted terrain."""

    changed = Signal(str)  # what changed: "layout", "terrain", "overlays" or "all"
    file_changed = Signal()  # path or modified state (a bool argument may come with it)

    #: Merge keys for continuous edits (one brush stroke, one drag).
    PAINT_STROKE = 1

    def __init__(self, loaded: LoadedScenario, path: Path | None = None) -> None:
        super().__init__()
        self.undo_stack = QUndoStack(self)
        # Signal to signal: Qt drops the link when the document goes, so nothing fires into a
        # deleted object at exit.
        self.undo_stack.cleanChanged.connect(self.file_changed)
        self.path = path
        self._scenario = loaded.scenario
        self._sections: dict[str, BoardSection] = dict(loaded.sections)
        self._map = loaded.map
        self._overlays = loaded.overlays
        self._edits = terrain_edits(loaded.scenario, loaded.map)
        self._terrain = MapTerrain(
            loaded.map, self._overlays, self._edits, loaded.scenario.map.terrain_options
        )
        self._stroke = 0

    @classmethod
    def open(cls, path: str | Path) -> ScenarioDocument:
        """Load a file (raises ProblemList / YamlError with the problems, nothing half-open)."""
        return cls(load_scenario(path), Path(path))

    # --- state -----------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return self._scenario

    @property
    def map(self) -> AssembledMap:
        return self._map

    @property
    def overlays(self) -> OverlayMap:
        return self._overlays

    @property
    def edits(self) -> TerrainEdits:
        return self._edits

    @property
    def terrain(self) -> MapTerrain:
        """The map's terrain as it stands: boards, painted edits, overlays, options."""
        return self._terrain

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def title(self) -> str:
        name = self.path.name if self.path else "untitled"
        return f"{'*' if self.modified else ''}{name} - {self._scenario.title}"

    def _set(self, scenario: Scenario, what: str) -> None:
        """Install a scenario value (commands only) and rebuild what depends on it."""
        old = self._scenario.map
        layout_changed = scenario.map.layout != old.layout
        self._scenario = scenario
        if layout_changed:
            amap, sections, problems = build_map(scenario)
            if amap is None:  # pragma: no cover - verbs check layouts before issuing them
                raise RuntimeError("; ".join(p.message for p in problems))
            self._map, self._sections = amap, sections
        # Only what the edit touched is worked out again (a brush stroke repaints often).
        if layout_changed or scenario.map.overlays != old.overlays:
            self._overlays, _ = overlays_of(scenario, self._map)
        if layout_changed or scenario.map.terrain_edits != old.terrain_edits:
            self._edits = terrain_edits(scenario, self._map)
        if layout_changed:
            self._terrain = MapTerrain(
                self._map, self._overlays, self._edits, scenario.map.terrain_options
            )
        else:
            self._terrain = self._terrain.with_layers(
                self._overlays, self._edits, scenario.map.terrain_options
            )
        self.changed.emit("layout" if layout_changed else what)

    def _push(self, after: Scenario, text: str, what: str, merge_key: int = -1) -> None:
        if after == self._scenario:
            return
        self.undo_stack.push(EditCommand(self, self._scenario, after, text, what, merge_key))

    # --- verbs -----------------------------------------------------------------------------

    def names(self, hexes: Iterable[Hex]) -> list[str]:
        return [self._map.name(h) for h in hexes if h in self._map]

    def begin_stroke(self) -> None:
        """Start a new brush stroke: edits until the next call merge into one undo step."""
        self._stroke += 1

    def paint_terrain(self, hexes: Iterable[Hex], terrain: str, stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            after = edits.paint_terrain(self._scenario, names, terrain)
            key = self.PAINT_STROKE * 1000 + self._stroke if stroke else -1
            self._push(after, f"Paint {terrain}", "terrain", key)

    def set_elevation(self, hexes: Iterable[Hex], level: int, stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            after = edits.set_elevation(self._scenario, names, level)
            key = self.PAINT_STROKE * 1000 + self._stroke if stroke else -1
            self._push(after, f"Elevation {level}", "terrain", key)

    def erase_terrain(self, hexes: Iterable[Hex]) -> None:
        names = self.names(hexes)
        if names:
            self._push(edits.erase_terrain(self._scenario, names), "Erase terrain", "terrain")

    def set_hexside_feature(
        self, sides: Iterable[Hexside], feature: str, present: bool = True, stroke: bool = False
    ) -> None:
        texts = [
            f"{self._map.name(a)}/{self._map.name(b)}"
            for a, b in (s.hexes for s in sides)
            if a in self._map and b in self._map
        ]
        if texts:
            verb = "Add" if present else "Remove"
            after = edits.set_hexside_feature(self._scenario, texts, feature, present)
            key = self.PAINT_STROKE * 1000 + self._stroke if stroke else -1
            self._push(after, f"{verb} {feature}", "terrain", key)

    def add_overlay(self, placement: OverlayPlacement) -> list[str]:
        """Place an overlay counter; returns the reasons when it cannot go there."""
        after = edits.add_overlay(self._scenario, placement)
        _, problems = overlays_of(after, self._map)
        if problems:
            return [p.message for p in problems]
        self._push(after, f"Place {placement.overlay}", "overlays")
        return []

    def remove_overlay(self, index: int) -> None:
        placement = self._scenario.map.overlays[index]
        self._push(
            edits.remove_overlay(self._scenario, index), f"Remove {placement.overlay}", "overlays"
        )

    def flip_section(self, index: int) -> list[str]:
        """Turn a section 180 degrees; returns the reasons when the result is not a legal map."""
        layout = edits.explicit_layout(self._scenario, self._sections)
        section = self._sections[layout.sections[index].section]  # type: ignore[index]
        flipped = edits.flip_section(layout, index, section)
        _, reasons = edits.try_layout(flipped, self._sections)
        if reasons:
            # A turned section of an even number of columns meshes a column over: snap it.
            snapped = snap(placements_for(flipped, self._sections), index, self._sections)
            if snapped is None:
                return reasons
            flipped = edits.move_section(flipped, index, (snapped.offset.q, snapped.offset.r))
            _, reasons = edits.try_layout(flipped, self._sections)
            if reasons:
                return reasons
        name = layout.sections[index].label or layout.sections[index].section  # type: ignore[index]
        self._push(edits.set_layout(self._scenario, flipped), f"Turn section {name}", "layout")
        return []

    # --- files -----------------------------------------------------------------------------

    def save(self, path: Path | None = None) -> None:
        """Save atomically to ``path`` (or the current path) and mark the document clean."""
        target = path or self.path
        if target is None:
            raise ValueError("no file name: use Save As")
        save_scenario(self._scenario, target)
        self.path = Path(target)
        self.undo_stack.setClean()
        self.file_changed.emit()
