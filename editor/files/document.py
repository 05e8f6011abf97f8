"""The scenario being edited: owns the undo stack and issues every edit as a command.

Modelled on Tiled's ``MapDocument``: widgets never change the scenario; they call the
document's verbs. Every verb takes the one path, :meth:`ScenarioDocument.edit`: a pure
operation of ``model/edits*.py`` worked out on the scenario as it stands, validated again
(:func:`model.edits_check.revalidate`) and pushed as one :class:`EditCommand`; a refusal is an
:class:`~model.errors.EditError`, caught there alone and returned as the reasons. Views redraw
when :attr:`ScenarioDocument.changed` fires with what changed (a
:class:`~editor.files.changes.Change`). The scenario is an immutable value, so each command
keeps the value before and after and undo swaps it back.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.files import places
from editor.files.changes import Change
from editor.files.layout_verbs import LayoutVerbs, Operation
from model import edits
from model.board import BoardSection
from model.catalog import unit_types
from model.counters import MapCounter, counters
from model.edits_check import checked
from model.errors import EditError, UnknownNameError
from model.hexes import Hex, Hexside
from model.layout import AssembledMap
from model.mapstate import TerrainEdits, terrain_edits
from model.overlays import OverlayMap
from model.scenario import ForceEntry, HexPlacement, Scenario
from model.scenario_io import (
    LoadedScenario,
    build_map,
    dump_scenario,
    overlays_of,
    parse_scenario,
    save_scenario,
)
from model.scenario_map import OverlayPlacement
from model.tables import OverlayType
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from model.yamlio import read_text_file


class EditCommand(QUndoCommand):
    """Replace the document's scenario by a new value; undo puts the old one back.

    Commands with the same ``merge_key`` in a row merge (a brush stroke is one undo step).

    A command holds its document weakly. The document owns the undo stack, which owns the
    commands; a strong link back made a reference cycle through Qt objects, and when Python's
    cyclic collector broke it the document's C++ side deleted the stack while its commands'
    Python halves were being torn down: a segfault inside ``QUndoStack::clear`` (reproduced by
    collecting after any two edits with a panel attached; in CI it struck an unrelated later
    test whenever the collection happened to run there, or on a background thread).
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
        self._document = weakref.ref(document)
        self.before = before
        self.after = after
        self.change = change
        self.merge_key = merge_key

    def redo(self) -> None:
        document = self._document()
        if document is not None:
            document._set(self.after, self.change)

    def undo(self) -> None:
        document = self._document()
        if document is not None:
            document._set(self.before, self.change)

    def id(self) -> int:
        return self.merge_key

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True


class ScenarioDocument(LayoutVerbs, QObject):
    """A scenario open for editing, with its assembled map, overlays and painted terrain."""

    #: What an edit, an undo or a redo changed.
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
        self._macro: str | None = None  # the text of a macro to open at the next edit
        self._macro_open = False
        # What the current scenario value implies that a drag asks for at every mouse move
        # (its own overlay problems, each side's enemy hexes); emptied when the value changes.
        self._implied: dict[object, object] = {}
        #: The text of the file as opened or last saved: saving writes the scenario in its
        #: layout, comments kept (:func:`model.scenario_io.dump_scenario`); None: plain.
        self.source_text: str | None = None

    @classmethod
    def open(cls, path: str | Path) -> ScenarioDocument:
        """Load a file (raises ProblemList / YamlError with the problems, nothing half-open);
        its text is kept, so that saving keeps the author's comments and layout."""
        text = read_text_file(path)  # read once: parsed, and kept for the save
        # Kept between processes: the same file opened again is not validated again (speed
        # issue 20: the scenario model's validator is a tenth of the editor's start).
        document = cls(parse_scenario(text, str(path), keep=True), Path(path))
        document.source_text = text
        return document

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

    # --- the one path of every edit ---------------------------------------------------------

    def edit(
        self, operation: Operation, text: str, change: Change, merge_key: int = -1
    ) -> list[str]:
        """Make ``operation`` (pure edits of ``model/edits*.py``, one or several in a row) one
        undo step named ``text`` in the History panel, announced as ``change``.

        The operation gets the scenario as it stands; what it makes is validated again before
        it is pushed. Returns the reasons it was refused (an ``EditError``); nothing when it
        was made, or when it changes nothing (then no step is pushed). Steps with the same
        ``merge_key`` in a row merge into one (a brush stroke, a spin box turned).
        """
        try:
            after = checked(operation, self._scenario)
        except EditError as exc:
            return exc.reasons
        self._push(after, text, change, merge_key)
        return []

    def _push(self, after: Scenario, text: str, change: Change, merge_key: int = -1) -> None:
        if after == self._scenario:
            return
        if self._macro is not None and not self._macro_open:
            self.undo_stack.beginMacro(self._macro)
            self._macro_open = True
        self.undo_stack.push(EditCommand(self, self._scenario, after, text, change, merge_key))

    def begin_macro(self, text: str) -> None:
        """Make the edits until :meth:`end_macro` one undo step named ``text``, opened at the
        first edit that changes something (a stroke that changes nothing leaves no step)."""
        self.end_macro()
        self._macro = text

    def end_macro(self) -> None:
        if self._macro_open:
            self.undo_stack.endMacro()
        self._macro, self._macro_open = None, False

    # --- terrain and overlays --------------------------------------------------------------

    def names(self, hexes: Iterable[Hex]) -> list[str]:
        return [self._map.name(h) for h in hexes if h in self._map]

    def begin_stroke(self) -> None:
        """Start a new brush stroke: edits until the next call merge into one undo step."""
        self._stroke += 1

    def _stroke_key(self, stroke: bool) -> int:
        return self.PAINT_STROKE * 1000 + self._stroke if stroke else -1

    def paint_terrain(self, hexes: Iterable[Hex], terrain: str, stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            paint = lambda s: edits.paint_terrain(s, names, terrain)  # noqa: E731
            self.edit(paint, f"Paint {terrain}", Change.TERRAIN, self._stroke_key(stroke))

    def set_elevation(self, hexes: Iterable[Hex], level: int, stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            raise_ = lambda s: edits.set_elevation(s, names, level)  # noqa: E731
            self.edit(raise_, f"Elevation {level}", Change.TERRAIN, self._stroke_key(stroke))

    def erase_terrain(self, hexes: Iterable[Hex], stroke: bool = False) -> None:
        names = self.names(hexes)
        if names:
            erase = lambda s: edits.erase_terrain(s, names)  # noqa: E731
            self.edit(erase, "Erase terrain", Change.TERRAIN, self._stroke_key(stroke))

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
            self.edit(
                lambda s: edits.set_hexside_feature(s, texts, feature, present),
                f"{verb} {feature}",
                Change.TERRAIN,
                self._stroke_key(stroke),
            )

    def set_terrain_option(self, option_id: str, choice: str) -> list[str]:
        """Choose a terrain option of the system (``"water:C"`` for one chosen per board)."""
        return self.edit(
            lambda s: edits.set_terrain_option(s, option_id, choice),
            f"Terrain option {option_id}: {choice}",
            Change.TERRAIN,
        )

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

    def _laid_overlay(
        self, scenario: Scenario, placement: OverlayPlacement, replacing: int | None = None
    ) -> Scenario:
        problems = self.overlay_problems(placement, replacing)
        if problems:
            raise EditError(*problems)
        if replacing is None:
            return edits.add_overlay(scenario, placement)
        return edits.replace_overlay(scenario, replacing, placement)

    def add_overlay(self, placement: OverlayPlacement) -> list[str]:
        """Place an overlay counter; returns the reasons when it cannot go there."""
        return self.edit(
            lambda s: self._laid_overlay(s, placement),
            f"Place {placement.overlay}",
            Change.OVERLAYS,
        )

    def overlay_at(self, h: Hex) -> tuple[int, OverlayType, Hex, int] | None:
        """The top overlay counter covering ``h``: its index in the scenario, its type, the
        hex under its triangle and its turn; None when no counter covers ``h``."""
        return places.overlay_at(self._scenario, self._map, h)

    def move_overlay(self, index: int, placement: OverlayPlacement) -> list[str]:
        """Lay counter ``index`` elsewhere (or turned); returns the reasons when it cannot go."""
        return self.edit(
            lambda s: self._laid_overlay(s, placement, replacing=index),
            f"Move {placement.overlay}",
            Change.OVERLAYS,
        )

    def remove_overlay(self, index: int) -> list[str]:
        placement = self._scenario.map.overlays[index]
        return self.edit(
            lambda s: edits.remove_overlay(s, index),
            f"Remove {placement.overlay}",
            Change.OVERLAYS,
        )

    # --- sides and orders of battle ---------------------------------------------------------

    def _entry(self, side_id: str, index: int) -> ForceEntry:
        """A side's force entry (``EditError`` saying why it cannot be found)."""
        try:
            forces = self._scenario.side(side_id).forces
        except KeyError:
            raise EditError(f"the scenario has no side '{side_id}'") from None
        if not 0 <= index < len(forces):
            raise EditError(f"side '{side_id}' has no force entry {index + 1}")
        return forces[index]

    def _unit(self, side_id: str, index: int) -> str:
        """The unit of an entry, to name an edit of it (empty when there is no such entry:
        the edit is refused then)."""
        try:
            return self._entry(side_id, index).unit
        except EditError:
            return ""

    def add_force(self, side_id: str, unit: str, count: int = 1) -> list[str]:
        """Add ``count`` units of a catalogue type to a side; returns the reasons it cannot."""
        system = self._scenario.system
        known = unit_types(system)

        def add(scenario: Scenario) -> Scenario:
            if unit not in known:
                raise EditError(f"{system.display_name} has no unit type '{unit}'")
            if count < 1:
                raise EditError(f"add at least one unit, not {count}")
            try:
                return edits.add_force(scenario, side_id, unit, count)
            except UnknownNameError:
                raise EditError(f"the scenario has no side '{side_id}'") from None

        name = known[unit].name if unit in known else unit
        return self.edit(add, f"Add {count} {name}", Change.FORCES)

    def remove_force(self, side_id: str, index: int) -> list[str]:
        """Take a force entry out of a side; refused while other entries ride on it."""

        def remove(scenario: Scenario) -> Scenario:
            entry = self._entry(side_id, index)
            carried = [e for s in scenario.sides for e in s.forces if e.mounted_on]
            riders = [e.unit for e in carried if entry.label and e.mounted_on == entry.label]
            if riders:
                raise EditError(f"{', '.join(riders)} ride on {entry.label}: unload them first")
            return edits.remove_force(scenario, side_id, index)

        return self.edit(remove, f"Remove {self._unit(side_id, index)}", Change.FORCES)

    def set_force_count(self, side_id: str, index: int, count: int) -> list[str]:
        def recount(scenario: Scenario) -> Scenario:
            self._entry(side_id, index)
            if count < 1:
                raise EditError(f"an entry holds at least one unit, not {count}: remove it instead")
            return edits.set_force_count(scenario, side_id, index, count)

        unit = self._unit(side_id, index)
        return self.edit(recount, f"{unit}: {count} units", Change.FORCES)

    def place_force(self, side_id: str, index: int, h: Hex, facing: int | None = None) -> list[str]:
        """Put a whole entry on hex ``h`` facing a book direction number (None: toward the
        enemy, see :meth:`default_facing`); returns the reasons it cannot go there."""

        def place(scenario: Scenario) -> Scenario:
            self._entry(side_id, index)
            if h not in self._map:
                raise EditError("that is not a hex of the map: drop the unit on the map")
            if facing is not None and not 1 <= facing <= 6:
                raise EditError(f"a facing is a direction number from 1 to 6, not {facing}")
            turned = self.default_facing(side_id, h) if facing is None else facing
            placement = HexPlacement(hex=self._map.name(h), facing=turned)
            return edits.place_force(scenario, side_id, index, placement)

        name = self._map.name(h) if h in self._map else ""
        return self.edit(place, f"Place {self._unit(side_id, index)} on {name}", Change.FORCES)

    def set_force_facing(self, side_id: str, index: int, facing: int) -> list[str]:
        """Turn an entry placed on a hex to another direction number (1-6); steps in a row on
        the same entry are one undo step."""

        def turn(scenario: Scenario) -> Scenario:
            entry = self._entry(side_id, index)
            if not isinstance(entry.placement, HexPlacement):
                raise EditError(f"place {entry.unit} on a hex before giving it a facing")
            if not 1 <= facing <= 6:
                raise EditError(f"a facing is a direction number from 1 to 6, not {facing}")
            placement = entry.placement.model_copy(update={"facing": facing})
            return edits.place_force(scenario, side_id, index, placement)

        ids = [s.id for s in self._scenario.sides]
        side = ids.index(side_id) if side_id in ids else 0
        key = self.FACING * 1_000_000 + side * 10_000 + index
        text = f"Face {self._unit(side_id, index)} {facing}"
        return self.edit(turn, text, Change.FORCES, key)

    def clear_force_placement(self, side_id: str, index: int) -> list[str]:
        """Take an entry off its hex: the side's set-up applies to it again."""

        def unplace(scenario: Scenario) -> Scenario:
            self._entry(side_id, index)
            return edits.place_force(scenario, side_id, index, None)

        return self.edit(unplace, f"Unplace {self._unit(side_id, index)}", Change.FORCES)

    def rename_side(self, side_id: str, name: str) -> list[str]:
        def rename(scenario: Scenario) -> Scenario:
            if not name.strip():
                raise EditError("a side needs a name")
            try:
                return edits.rename_side(scenario, side_id, name)
            except UnknownNameError:
                raise EditError(f"the scenario has no side '{side_id}'") from None

        return self.edit(rename, f"Rename side {side_id} to {name.strip()}", Change.FORCES)

    def default_facing(self, side_id: str, h: Hex) -> int:
        """The direction number (1-6) at ``h`` that points to the nearest hex where the enemy
        sets up or enters; 1 when the enemy's place is not known."""
        key = ("enemy-hexes", side_id)
        if key not in self._implied:
            self._implied[key] = places.enemy_hexes(self._scenario, self._map, side_id)
        found = self._implied[key]
        assert isinstance(found, set)
        return places.facing_toward(self._map, h, found)

    # --- files -----------------------------------------------------------------------------

    def recovery_copy(self) -> tuple[str, dict[str, object]]:
        """What autosave writes for this document (the file's text) and what it notes about it
        (``kind``: what to restore it as)."""
        return dump_scenario(self._scenario, self.source_text), {"kind": "scenario"}

    def save(self, path: Path | None = None) -> None:
        """Save atomically to ``path`` (or the current path) and mark the document clean."""
        target = path or self.path
        if target is None:
            raise ValueError("no file name: use Save As")
        self.source_text = save_scenario(self._scenario, target, self.source_text)
        self.path = Path(target)
        self.undo_stack.setClean()
        self.file_changed.emit()
