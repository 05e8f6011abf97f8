"""The document's verbs of the layout: sections laid, moved, turned and taken off, presets and
Armor's join notation.

A mixin of :class:`~editor.files.document.ScenarioDocument`: each verb is one edit through the
document's one path (:meth:`ScenarioDocument.edit`), refused with the layout's own reasons when
the sections would not make a legal map. Sections snap to where their hex grids mesh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from editor.files.changes import Change
from model import edits
from model.board import BoardSection
from model.errors import EditError, ProblemList, YamlError
from model.hexes import Hex
from model.joins import JoinType, snap
from model.layout import AssembledMap, SectionPlacement
from model.resources import load_board, load_boards
from model.scenario import Scenario
from model.scenario_io import placements_for
from model.scenario_map import LayoutSpec, SectionSpec

#: A pure edit of the scenario as the document makes it (``model/edits*.py``).
Operation = Callable[[Scenario], Scenario]


class LayoutVerbs:
    """Lay the map's sections: every verb returns the reasons it was refused (none: made)."""

    #: How far (columns and rows) a dropped section may be from a place where it meshes.
    SNAP_REACH = 4

    if TYPE_CHECKING:  # what the document has for the verbs
        _scenario: Scenario
        _sections: dict[str, BoardSection]
        _map: AssembledMap

        def edit(
            self, operation: Operation, text: str, change: Change, merge_key: int = -1
        ) -> list[str]: ...

    def section(self, board_id: str) -> BoardSection:
        """A board of the scenario's system (the ones in use, or any other by id).

        Raises:
            EditError: a board of the user's library that cannot be read (its file broken by
                hand, or not a regular file), with the first problem.
        """
        if board_id not in self._sections:
            try:
                self._sections[board_id] = load_board(self._scenario.system, board_id)
            except (ProblemList, YamlError) as exc:
                first = exc.problems[0] if isinstance(exc, ProblemList) else exc.problem
                why = f"section {board_id} cannot be read: {first.format()}"
                raise EditError(why) from None
        return self._sections[board_id]

    def placements(self) -> list[SectionPlacement]:
        """The sections as laid now, in layout order."""
        return list(self._map.placements)

    def _layout(self) -> LayoutSpec:
        return edits.explicit_layout(self._scenario, self._sections)

    def _relayout(self, operation: Callable[[], LayoutSpec | None], text: str) -> list[str]:
        """One edit making the layout ``operation`` works out the scenario's, if it assembles
        (None: the layout stays as it is, no edit)."""

        def relaid(scenario: Scenario) -> Scenario:
            layout = operation()
            return scenario if layout is None else self._laid(scenario, layout)

        return self.edit(relaid, text, Change.LAYOUT)

    def _laid(self, scenario: Scenario, layout: LayoutSpec) -> Scenario:
        """``scenario`` laid out as ``layout``; ``EditError`` with the reasons it does not
        assemble."""
        for spec in layout.sections or []:
            self.section(spec.section)
        _, reasons = edits.try_layout(layout, self._sections)
        if reasons:
            raise EditError(*reasons)
        return edits.set_layout(scenario, layout)

    def fitted(
        self, board_id: str, offset: Hex, flipped: bool, index: int | None
    ) -> SectionPlacement | None:
        """Where a section dropped at ``offset`` snaps so its grid meshes with the others
        (``index``: the placement being moved, None for a new one); None when nowhere near."""
        placements = self.placements()
        label = placements[index].label if index is not None else ""
        moving = SectionPlacement(board_id, offset, flipped, label)
        if index is None:
            placements.append(moving)
            index = len(placements) - 1
        else:
            placements[index] = moving
        self.section(board_id)
        return snap(placements, index, self._sections, reach=self.SNAP_REACH)

    def add_section(self, board_id: str, offset: Hex, flipped: bool = False) -> list[str]:
        """Lay another section near ``offset``, snapped to where it meshes; or the reasons."""

        def layout() -> LayoutSpec:
            placed = self._fitting(board_id, offset, flipped, None)
            spec = SectionSpec(
                section=board_id,
                offset=(placed.offset.q, placed.offset.r),
                flipped=flipped,
                label=self._free_label(board_id),
            )
            return edits.add_section(self._layout(), spec)

        return self._relayout(layout, f"Add section {board_id}")

    def move_section(self, index: int, offset: Hex) -> list[str]:
        """Move a laid section near ``offset``, snapped to where it meshes; or the reasons."""
        current = self.placements()[index]

        def layout() -> LayoutSpec | None:
            placed = self._fitting(current.section, offset, current.flipped, index)
            if placed.offset == current.offset:
                return None  # back where it was: no edit
            return edits.move_section(self._layout(), index, (placed.offset.q, placed.offset.r))

        return self._relayout(layout, f"Move section {current.name}")

    def remove_section(self, index: int) -> list[str]:
        placements = self.placements()

        def layout() -> LayoutSpec:
            if len(placements) == 1:
                raise EditError(
                    "a map needs at least one section: add another before removing this one"
                )
            return edits.remove_section(self._layout(), index)

        return self._relayout(layout, f"Remove section {placements[index].name}")

    def set_layout_notation(self, text: str) -> list[str]:
        """Build the layout from Armor's join notation (``K3813-J3801, J1412-L1436``)."""
        from model.joins import NotationError, parse_notation

        def layout() -> LayoutSpec:
            try:
                pairs = parse_notation(text)
            except NotationError as exc:
                raise EditError(str(exc)) from None
            # Every board of the system may be named; a refusal lists them all.
            boards = {**load_boards(self._scenario.system), **self._sections}
            if not pairs:
                raise EditError("write at least one join, such as K3813-J3801")
            written = LayoutSpec(joins=text, copies=self._scenario.map.layout.copies)
            return edits.explicit_from(self._assembling(written, boards), boards)

        return self._relayout(layout, "Layout from notation")

    def apply_preset(self, join: JoinType, stagger: int = 0) -> list[str]:
        """Lay the current sections again in this preset, in their present order and flips."""
        placements = self.placements()

        def layout() -> LayoutSpec:
            preset = LayoutSpec(
                preset=join,
                order=[p.section for p in placements],
                flipped=[p.section for p in placements if p.flipped],
                stagger=stagger,
                copies=self._scenario.map.layout.copies,
            )
            return edits.explicit_from(self._assembling(preset), self._sections)

        return self._relayout(layout, f"Lay {join.value}")

    def flip_section(self, index: int) -> list[str]:
        """Turn a section 180 degrees; returns the reasons when the result is not a legal map."""
        layout = self._layout()
        spec = (layout.sections or [])[index]

        def flipped() -> LayoutSpec:
            turned = edits.flip_section(layout, index, self._sections[spec.section])
            _, reasons = edits.try_layout(turned, self._sections)
            if not reasons:
                return turned
            # A turned section of an even number of columns meshes a column over: snap it.
            snapped = snap(placements_for(turned, self._sections), index, self._sections)
            if snapped is None:
                raise EditError(*reasons)
            offset = (snapped.offset.q, snapped.offset.r)
            return self._assembling(edits.move_section(turned, index, offset))

        return self._relayout(flipped, f"Turn section {spec.label or spec.section}")

    def _assembling(
        self, layout: LayoutSpec, boards: dict[str, BoardSection] | None = None
    ) -> LayoutSpec:
        """``layout`` when it assembles from ``boards`` (the sections in use); else
        ``EditError`` with the reasons."""
        _, reasons = edits.try_layout(layout, self._sections if boards is None else boards)
        if reasons:
            raise EditError(*reasons)
        return layout

    def _fitting(
        self, board_id: str, offset: Hex, flipped: bool, index: int | None
    ) -> SectionPlacement:
        """Where the section snaps near ``offset``; ``EditError`` with the layout's own reasons
        when nowhere near."""
        placed = self.fitted(board_id, offset, flipped, index)
        if placed is not None:
            return placed
        layout = self._layout()
        spec = SectionSpec(section=board_id, offset=(offset.q, offset.r), flipped=flipped)
        if index is None:
            layout = edits.add_section(layout, spec)
        else:
            layout = edits.move_section(layout, index, (offset.q, offset.r))
        _, reasons = edits.try_layout(layout, self._sections)
        raise EditError(*(reasons or [f"section {board_id} does not mesh with the others here"]))

    def _free_label(self, board_id: str) -> str | None:
        """A label for a second copy of a board already laid (``J`` then ``J2``...)."""
        used = {p.name for p in self.placements()}
        if board_id not in used:
            return None
        n = 2
        while f"{board_id}{n}" in used:
            n += 1
        return f"{board_id}{n}"
