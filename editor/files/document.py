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

from editor.files.changes import Change
from model import edits
from model.board import BoardSection
from model.catalog import unit_types
from model.counters import MapCounter, counters
from model.grid import hex_to_pixel
from model.hexes import Hex, Hexside
from model.joins import JoinType, snap
from model.layout import AssembledMap, Placement
from model.mapstate import TerrainEdits, terrain_edits
from model.overlays import OverlayMap, overlay_hexes
from model.resources import load_board, load_boards
from model.scenario import (
    AreaPlacement,
    EntryPlacement,
    ForceEntry,
    HexPlacement,
    LayoutSpec,
    OverlayPlacement,
    Scenario,
    SectionSpec,
)
from model.scenario_io import (
    LoadedScenario,
    build_map,
    dump_scenario,
    load_scenario,
    overlays_of,
    placements_for,
    save_scenario,
)
from model.tables import OverlayType
from model.terrainoptions import option_values
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
        change: Change,
        merge_key: int = -1,
    ) -> None:
        super().__init__(text)
        self.document = document
        self.before = before
        self.after = after
        self.change = change
        self.merge_key = merge_key

    def redo(self) -> None:
        self.document._set(self.after, self.change)

    def undo(self) -> None:
        self.document._set(self.before, self.change)

    def id(self) -> int:
        return self.merge_key

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True


class ScenarioDocument(QObject):
    """A scenario open for editing, with its assembled map, overlays and painted terrain."""

    #: What an edit, an undo or a redo changed (a :class:`~editor.files.changes.Change`).
    changed = Signal(Change)
    file_changed = Signal()  # path or modified state (a bool argument may come with it)

    #: Merge keys for continuous edits (one brush stroke, one drag).
    PAINT_STROKE = 1
    #: Turning one placed entry step by step (a spin box) is one undo step.
    FACING = 2

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
            loaded.map, self._overlays, self._edits, option_values(loaded.scenario)
        )
        self._counters = counters(loaded.scenario, loaded.map)
        self._stroke = 0
        # What the current scenario value implies that a drag asks for at every mouse move
        # (its own overlay problems, each side's enemy hexes); emptied when the value changes.
        self._implied: dict[object, object] = {}

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
    def counters(self) -> list[MapCounter]:
        """The unit counters standing on hexes at the start."""
        return self._counters

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

    def _set(self, scenario: Scenario, change: Change) -> None:
        """Install a scenario value (commands only) and rebuild what depends on it."""
        before = self._scenario
        old = before.map
        layout_changed = scenario.map.layout != old.layout
        self._scenario = scenario
        self._implied = {}
        if layout_changed:
            amap, sections, problems = build_map(scenario)
            if amap is None:  # pragma: no cover - verbs check layouts before issuing them
                raise RuntimeError("; ".join(p.message for p in problems))
            self._map, self._sections = amap, sections
        # Only what the edit touched is worked out again (a brush stroke repaints often).
        if layout_changed or scenario.sides != before.sides:
            self._counters = counters(scenario, self._map)
        if layout_changed or scenario.map.overlays != old.overlays:
            self._overlays, problems = overlays_of(scenario, self._map)
            self._implied["overlay-problems"] = frozenset(p.message for p in problems)
        if layout_changed or scenario.map.terrain_edits != old.terrain_edits:
            self._edits = terrain_edits(scenario, self._map)
        if layout_changed:
            self._terrain = MapTerrain(
                self._map, self._overlays, self._edits, option_values(scenario)
            )
        else:
            self._terrain = self._terrain.with_layers(
                self._overlays, self._edits, option_values(scenario)
            )
        self.changed.emit(change | Change.LAYOUT if layout_changed else change)

    def _push(self, after: Scenario, text: str, change: Change, merge_key: int = -1) -> None:
        if after == self._scenario:
            return
        self.undo_stack.push(EditCommand(self, self._scenario, after, text, change, merge_key))

    # --- verbs -----------------------------------------------------------------------------

    def apply_edit(self, after: Scenario, text: str, change: Change) -> None:
        """One undo step to a scenario worked out by a pure edit (``model/edits*.py``).

        ``text`` names the step in the History panel; ``change`` is passed on by ``changed``.
        The caller has checked the new value; an edit that changes nothing pushes no step.
        """
        self._push(after, text, change)

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
            self._push(after, f"Paint {terrain}", Change.TERRAIN, key)

    def set_elevation(self, hexes: Iterable[Hex], level: int, stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            after = edits.set_elevation(self._scenario, names, level)
            key = self.PAINT_STROKE * 1000 + self._stroke if stroke else -1
            self._push(after, f"Elevation {level}", Change.TERRAIN, key)

    def erase_terrain(self, hexes: Iterable[Hex], stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            after = edits.erase_terrain(self._scenario, names)
            key = self.PAINT_STROKE * 1000 + self._stroke if stroke else -1
            self._push(after, "Erase terrain", Change.TERRAIN, key)

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
            self._push(after, f"{verb} {feature}", Change.TERRAIN, key)

    def overlay_problems(
        self, placement: OverlayPlacement, replacing: int | None = None
    ) -> list[str]:
        """Why an overlay counter cannot go where ``placement`` says (nothing: it can), laid
        anew or in place of counter ``replacing``. Only the problems it would add count: a
        scenario's own earlier problems do not block it."""
        if replacing is None:
            after = edits.add_overlay(self._scenario, placement)
        else:
            after = edits.replace_overlay(self._scenario, replacing, placement)
        old = self._overlay_messages()
        _, problems = overlays_of(after, self._map)
        return [p.message for p in problems if p.message not in old]

    def _overlay_messages(self) -> frozenset[str]:
        """The overlay problems the scenario has as it stands (they never block an edit)."""
        if "overlay-problems" not in self._implied:
            _, problems = overlays_of(self._scenario, self._map)
            self._implied["overlay-problems"] = frozenset(p.message for p in problems)
        found = self._implied["overlay-problems"]
        assert isinstance(found, frozenset)
        return found

    def add_overlay(self, placement: OverlayPlacement) -> list[str]:
        """Place an overlay counter; returns the reasons when it cannot go there."""
        problems = self.overlay_problems(placement)
        if problems:
            return problems
        self._push(
            edits.add_overlay(self._scenario, placement),
            f"Place {placement.overlay}",
            Change.OVERLAYS,
        )
        return []

    def overlay_at(self, h: Hex) -> tuple[int, OverlayType, Hex, int] | None:
        """The top overlay counter covering ``h``: its index in the scenario, its type, the
        hex under its triangle and its turn; None when no counter covers ``h``."""
        from model.overlays import rotations_fitting
        from model.tables import overlays as overlay_catalog

        catalog = overlay_catalog(self._scenario.system)
        by_id = {o.id: o for o in catalog.overlays} if catalog else {}
        for index in reversed(range(len(self._scenario.map.overlays))):
            placement = self._scenario.map.overlays[index]
            overlay = by_id.get(placement.overlay)
            try:
                if overlay is None:
                    continue
                if placement.hex is not None:
                    triangle, turn = self._map.resolve(placement.hex), placement.rotation
                else:
                    triangle = self._map.resolve(placement.triangle or "")
                    code = self._map.resolve(placement.code or "")
                    turns = rotations_fitting(overlay, triangle, code)
                    if not turns:
                        continue
                    turn = turns[0]
            except KeyError:
                continue
            if h in overlay_hexes(overlay, triangle, turn):
                return index, overlay, triangle, turn
        return None

    def move_overlay(self, index: int, placement: OverlayPlacement) -> list[str]:
        """Lay counter ``index`` elsewhere (or turned); returns the reasons when it cannot go."""
        problems = self.overlay_problems(placement, replacing=index)
        if problems:
            return problems
        after = edits.replace_overlay(self._scenario, index, placement)
        self._push(after, f"Move {placement.overlay}", Change.OVERLAYS)
        return []

    def remove_overlay(self, index: int) -> None:
        placement = self._scenario.map.overlays[index]
        self._push(
            edits.remove_overlay(self._scenario, index),
            f"Remove {placement.overlay}",
            Change.OVERLAYS,
        )

    def set_terrain_option(self, option_id: str, choice: str) -> None:
        """Choose a terrain option of the system (``"water:C"`` for one chosen per board)."""
        after = edits.set_terrain_option(self._scenario, option_id, choice)
        self._push(after, f"Terrain option {option_id}: {choice}", Change.TERRAIN)

    # --- sides and orders of battle ---------------------------------------------------------

    def _entry(self, side_id: str, index: int) -> tuple[ForceEntry | None, str]:
        """A side's force entry, or None and why it cannot be found."""
        try:
            forces = self._scenario.side(side_id).forces
        except KeyError:
            return None, f"the scenario has no side '{side_id}'"
        if not 0 <= index < len(forces):
            return None, f"side '{side_id}' has no force entry {index + 1}"
        return forces[index], ""

    def add_force(self, side_id: str, unit: str, count: int = 1) -> list[str]:
        """Add ``count`` units of a catalogue type to a side; returns the reasons it cannot."""
        system = self._scenario.system
        known = unit_types(system)
        if unit not in known:
            return [f"{system.display_name} has no unit type '{unit}'"]
        if count < 1:
            return [f"add at least one unit, not {count}"]
        try:
            after = edits.add_force(self._scenario, side_id, unit, count)
        except KeyError:
            return [f"the scenario has no side '{side_id}'"]
        self._push(after, f"Add {count} {known[unit].name}", Change.FORCES)
        return []

    def remove_force(self, side_id: str, index: int) -> list[str]:
        """Take a force entry out of a side; refused while other entries ride on it."""
        entry, why = self._entry(side_id, index)
        if entry is None:
            return [why]
        carried = [e for s in self._scenario.sides for e in s.forces if e.mounted_on]
        riders = [e.unit for e in carried if entry.label and e.mounted_on == entry.label]
        if riders:
            return [f"{', '.join(riders)} ride on {entry.label}: unload them first"]
        after = edits.remove_force(self._scenario, side_id, index)
        self._push(after, f"Remove {entry.unit}", Change.FORCES)
        return []

    def set_force_count(self, side_id: str, index: int, count: int) -> list[str]:
        entry, why = self._entry(side_id, index)
        if entry is None:
            return [why]
        if count < 1:
            return [f"an entry holds at least one unit, not {count}: remove it instead"]
        after = edits.set_force_count(self._scenario, side_id, index, count)
        self._push(after, f"{entry.unit}: {count} units", Change.FORCES)
        return []

    def place_force(self, side_id: str, index: int, h: Hex, facing: int | None = None) -> list[str]:
        """Put a whole entry on hex ``h`` facing a book direction number (None: toward the
        enemy, see :meth:`default_facing`); returns the reasons it cannot go there."""
        entry, why = self._entry(side_id, index)
        if entry is None:
            return [why]
        if h not in self._map:
            return ["that is not a hex of the map: drop the unit on the map"]
        if facing is not None and not 1 <= facing <= 6:
            return [f"a facing is a direction number from 1 to 6, not {facing}"]
        if facing is None:
            facing = self.default_facing(side_id, h)
        name = self._map.name(h)
        placement = HexPlacement(hex=name, facing=facing)
        after = edits.place_force(self._scenario, side_id, index, placement)
        self._push(after, f"Place {entry.unit} on {name}", Change.FORCES)
        return []

    def set_force_facing(self, side_id: str, index: int, facing: int) -> list[str]:
        """Turn an entry placed on a hex to another direction number (1-6); steps in a row on
        the same entry are one undo step."""
        entry, why = self._entry(side_id, index)
        if entry is None:
            return [why]
        if not isinstance(entry.placement, HexPlacement):
            return [f"place {entry.unit} on a hex before giving it a facing"]
        if not 1 <= facing <= 6:
            return [f"a facing is a direction number from 1 to 6, not {facing}"]
        placement = entry.placement.model_copy(update={"facing": facing})
        after = edits.place_force(self._scenario, side_id, index, placement)
        side = [s.id for s in self._scenario.sides].index(side_id)
        key = self.FACING * 1_000_000 + side * 10_000 + index
        self._push(after, f"Face {entry.unit} {facing}", Change.FORCES, key)
        return []

    def clear_force_placement(self, side_id: str, index: int) -> list[str]:
        """Take an entry off its hex: the side's set-up applies to it again."""
        entry, why = self._entry(side_id, index)
        if entry is None:
            return [why]
        after = edits.place_force(self._scenario, side_id, index, None)
        self._push(after, f"Unplace {entry.unit}", Change.FORCES)
        return []

    def rename_side(self, side_id: str, name: str) -> list[str]:
        if not name.strip():
            return ["a side needs a name"]
        try:
            after = edits.rename_side(self._scenario, side_id, name)
        except KeyError:
            return [f"the scenario has no side '{side_id}'"]
        self._push(after, f"Rename side {side_id} to {name.strip()}", Change.FORCES)
        return []

    def default_facing(self, side_id: str, h: Hex) -> int:
        """The direction number (1-6) at ``h`` that points to the nearest hex where the enemy
        sets up or enters; 1 when the enemy's place is not known."""
        targets = self._enemy_hexes(side_id)
        if not targets or h not in self._map:
            return 1
        target = min(targets, key=lambda t: (h.distance(t), t))
        if target == h:
            return 1
        x, y = hex_to_pixel(target - h, 1.0)
        # The compass direction whose neighbour lies most nearly along the line to the target.
        compass = max(range(6), key=lambda d: _dot(hex_to_pixel(Hex(0, 0).neighbor(d), 1.0), x, y))
        return self._map.global_to_direction(h, compass)

    def _enemy_hexes(self, side_id: str) -> set[Hex]:
        key = ("enemy-hexes", side_id)
        if key not in self._implied:
            self._implied[key] = self._work_out_enemy_hexes(side_id)
        found = self._implied[key]
        assert isinstance(found, set)
        return found

    def _work_out_enemy_hexes(self, side_id: str) -> set[Hex]:
        from model.regions import RegionContext, RegionError, evaluate

        context = RegionContext(self._map)
        found: set[Hex] = set()
        for side in self._scenario.sides:
            if side.id == side_id:
                continue
            for placement in [side.setup, *(e.placement for e in side.forces)]:
                try:
                    if isinstance(placement, HexPlacement):
                        found.add(self._map.resolve(placement.hex))
                    elif isinstance(placement, AreaPlacement | EntryPlacement):
                        found |= evaluate(placement.region, context)
                except (KeyError, RegionError):
                    continue
        return found & set(self._map.hexes)

    # --- layout ---------------------------------------------------------------------------

    def section(self, board_id: str) -> BoardSection:
        """A board of the scenario's system (the ones in use, or any other by id)."""
        if board_id not in self._sections:
            self._sections[board_id] = load_board(self._scenario.system, board_id)
        return self._sections[board_id]

    def placements(self) -> list[Placement]:
        """The sections as laid now, in layout order."""
        return list(self._map.placements)

    def _layout(self) -> LayoutSpec:
        return edits.explicit_layout(self._scenario, self._sections)

    def _relayout(self, layout: LayoutSpec, text: str) -> list[str]:
        """Make ``layout`` the scenario's if it assembles; otherwise the reasons it does not."""
        for spec in layout.sections or []:
            self.section(spec.section)
        _, reasons = edits.try_layout(layout, self._sections)
        if reasons:
            return reasons
        self._push(edits.set_layout(self._scenario, layout), text, Change.LAYOUT)
        return []

    def fitted(
        self, board_id: str, offset: Hex, flipped: bool, index: int | None
    ) -> Placement | None:
        """Where a section dropped at ``offset`` snaps so its grid meshes with the others
        (``index``: the placement being moved, None for a new one); None when nowhere near."""
        placements = self.placements()
        label = placements[index].label if index is not None else ""
        moving = Placement(board_id, offset, flipped, label)
        if index is None:
            placements.append(moving)
            index = len(placements) - 1
        else:
            placements[index] = moving
        self.section(board_id)
        return snap(placements, index, self._sections, reach=self.SNAP_REACH)

    #: How far (columns and rows) a dropped section may be from a place where it meshes.
    SNAP_REACH = 4

    def add_section(self, board_id: str, offset: Hex, flipped: bool = False) -> list[str]:
        """Lay another section near ``offset``, snapped to where it meshes; or the reasons."""
        placed = self.fitted(board_id, offset, flipped, None)
        if placed is None:
            return self._no_fit(board_id, offset, flipped, None)
        layout = edits.add_section(
            self._layout(),
            SectionSpec(
                section=board_id,
                offset=(placed.offset.q, placed.offset.r),
                flipped=flipped,
                label=self._free_label(board_id),
            ),
        )
        return self._relayout(layout, f"Add section {board_id}")

    def move_section(self, index: int, offset: Hex) -> list[str]:
        """Move a laid section near ``offset``, snapped to where it meshes; or the reasons."""
        current = self.placements()[index]
        placed = self.fitted(current.section, offset, current.flipped, index)
        if placed is None:
            return self._no_fit(current.section, offset, current.flipped, index)
        if placed.offset == current.offset:
            return []
        layout = edits.move_section(self._layout(), index, (placed.offset.q, placed.offset.r))
        return self._relayout(layout, f"Move section {current.name}")

    def remove_section(self, index: int) -> list[str]:
        placements = self.placements()
        if len(placements) == 1:
            return ["a map needs at least one section: add another before removing this one"]
        layout = edits.remove_section(self._layout(), index)
        return self._relayout(layout, f"Remove section {placements[index].name}")

    def set_layout_notation(self, text: str) -> list[str]:
        """Build the layout from Armor's join notation (``K3813-J3801, J1412-L1436``)."""
        from model.joins import NotationError, parse_notation

        try:
            pairs = parse_notation(text)
        except NotationError as exc:
            return [str(exc)]
        # Every board of the system may be named; a refusal lists them all.
        boards = {**load_boards(self._scenario.system), **self._sections}
        if not pairs:
            return ["write at least one join, such as K3813-J3801"]
        layout = LayoutSpec(joins=text, copies=self._scenario.map.layout.copies)
        _, reasons = edits.try_layout(layout, boards)
        if reasons:
            return reasons
        return self._relayout(edits.explicit_from(layout, boards), "Layout from notation")

    def apply_preset(self, join: JoinType, stagger: int = 0) -> list[str]:
        """Lay the current sections again in this preset, in their present order and flips."""
        placements = self.placements()
        layout = LayoutSpec(
            preset=join,
            order=[p.section for p in placements],
            flipped=[p.section for p in placements if p.flipped],
            stagger=stagger,
            copies=self._scenario.map.layout.copies,
        )
        _, reasons = edits.try_layout(layout, self._sections)
        if reasons:
            return reasons
        return self._relayout(edits.explicit_from(layout, self._sections), f"Lay {join.value}")

    def _free_label(self, board_id: str) -> str | None:
        """A label for a second copy of a board already laid (``J`` then ``J2``...)."""
        used = {p.name for p in self.placements()}
        if board_id not in used:
            return None
        n = 2
        while f"{board_id}{n}" in used:
            n += 1
        return f"{board_id}{n}"

    def _no_fit(self, board_id: str, offset: Hex, flipped: bool, index: int | None) -> list[str]:
        """Why a section cannot lie near ``offset``: the layout's own reasons where it is."""
        layout = self._layout()
        spec = SectionSpec(section=board_id, offset=(offset.q, offset.r), flipped=flipped)
        if index is None:
            layout = edits.add_section(layout, spec)
        else:
            layout = edits.move_section(layout, index, (offset.q, offset.r))
        _, reasons = edits.try_layout(layout, self._sections)
        return reasons or [f"section {board_id} does not mesh with the others here"]

    def flip_section(self, index: int) -> list[str]:
        """Turn a section 180 degrees; returns the reasons when the result is not a legal map."""
        layout = self._layout()
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
        self._push(edits.set_layout(self._scenario, flipped), f"Turn section {name}", Change.LAYOUT)
        return []

    # --- files -----------------------------------------------------------------------------

    def recovery_copy(self) -> tuple[str, dict[str, object]]:
        """What autosave writes for this document (the file's text) and what it notes about it
        (``kind``: what to restore it as)."""
        return dump_scenario(self._scenario), {"kind": "scenario"}

    def save(self, path: Path | None = None) -> None:
        """Save atomically to ``path`` (or the current path) and mark the document clean."""
        target = path or self.path
        if target is None:
            raise ValueError("no file name: use Save As")
        save_scenario(self._scenario, target)
        self.path = Path(target)
        self.undo_stack.setClean()
        self.file_changed.emit()


def _dot(vector: tuple[float, float], x: float, y: float) -> float:
    return vector[0] * x + vector[1] * y
