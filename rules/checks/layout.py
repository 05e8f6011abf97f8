"""Loose scenarios' layout constraints (Armor's templates), judged on the layout as it is now.

Armor's scenarios leave the table to the players within limits [SCN III.B]: which joins, how
many Building units near each corner, the River in the section with Side B. A scenario keeps
them in ``map.constraints`` (:data:`~model.scenario.LayoutConstraint`);
:func:`constraint_states` says of each whether the current layout and overlays meet it, and
the ``layout-constraint`` check warns of each one unmet::

    for state in constraint_states(loaded):
        print(state.index, state.met, state.why)   # met None: a text constraint, check by eye

How each kind is read:

- ``join-type``: every join of the layout is of one of the allowed types, told from where the
  two sections' centres lie (one above the other, in line: edge-to-edge; shifted: staggered;
  side by side: end-to-end) [Setup II.B].
- ``roads-meet``: across every join a road runs from one section into the other.
- ``count-within``: at least ``count`` units of the overlay have a hex within ``distance``
  hexes of the ``near`` region.
- ``overlay-in``: units of the overlay are placed, and every hex of each lies in the region.
- ``at-least-per-section``: each section holds at least ``count`` units of the overlay (a
  unit on a seam hex counts for both sections); with no overlay named, Building and Alley
  units (Armor 3A's "Building and/or Alley units", the only such constraint in the book).

An overlay name matches a unit's id, its kind, or a family of kinds (``building``: wood,
brick and stone Buildings).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from model.edges import section_centres
from model.grid import hex_to_pixel
from model.hexes import Hex
from model.joins import JoinType
from model.limits import MAX_REGION_HEXES
from model.region_eval import path_graph
from model.regions import Region, RegionContext, evaluate
from model.scenario_io import LoadedScenario
from model.scenario_map import (
    AtLeastPerSectionConstraint,
    CountWithinConstraint,
    JoinTypeConstraint,
    LayoutConstraint,
    OverlayInConstraint,
    RoadsMeetConstraint,
)
from model.tables import OverlayType
from rules.checks.base import CheckContext, Finding, Severity, check
from rules.registry import rules_for

#: Where the book lets the players lay out the table within a scenario's limits.
LAYOUT_CITATION = "Armor [SCN III.B]"

#: What ``at-least-per-section`` counts when the constraint names no overlay.
_PER_SECTION_DEFAULT = ("building", "alley")


@dataclass(frozen=True)
class ConstraintState:
    """Whether the current layout meets one layout constraint.

    Attributes:
        index: the constraint's index in ``map.constraints``.
        text: the constraint in words (the book's, or made from its fields).
        met: True or False; None for a constraint kept only in words (check by eye).
        why: what was found, in words.
    """

    index: int
    text: str
    met: bool | None
    why: str


def constraint_states(
    loaded: LoadedScenario, region: Callable[[Region], frozenset[Hex]] | None = None
) -> list[ConstraintState]:
    """Each of the scenario's layout constraints judged on its current layout and overlays.

    Args:
        loaded: the scenario as loaded (or as the editor holds it now).
        region: how to work out a region's hexes, when the caller remembers them already
            (the checks' :meth:`~rules.checks.base.CheckContext.region`).
    """
    judge = _Judge(loaded, region)
    return [judge.state(i, c) for i, c in enumerate(loaded.scenario.map.constraints)]


@check("layout-constraint", feature="layout-constraints")
def layout_constraint(ctx: CheckContext) -> Iterator[Finding]:
    """A loose scenario's layout meets each of its constraints (warning: the players lay out
    the table, and the book words most constraints as "should")."""
    citation = ctx.scenario.source or LAYOUT_CITATION
    laid = bool(ctx.loaded.overlays.placed)
    for state in constraint_states(ctx.loaded, ctx.region):
        if state.met is not False:
            continue
        kind = ctx.scenario.map.constraints[state.index].kind
        message = f"the layout does not meet '{state.text}': {state.why}"
        severity: Severity = "warning"
        if not laid and kind not in ("join-type", "roads-meet"):
            # A template whose table is not laid out yet: say so, without alarm.
            severity = "info"
            message += " (no overlays are placed yet: lay them out to meet it)"
        else:
            message += " (change the layout or the overlays to meet it)"
        path = ("map", "constraints", state.index)
        yield ctx.finding(severity, "layout-constraint", message, citation, path)


class _Judge:
    """What the constraints of one scenario are judged against, worked out once."""

    def __init__(
        self, loaded: LoadedScenario, region: Callable[[Region], frozenset[Hex]] | None
    ) -> None:
        self.loaded = loaded
        self.amap = loaded.map
        self.system = loaded.scenario.system
        self.regions = RegionContext(
            self.amap, overlay_terrain=loaded.overlays.stacks, budget=MAX_REGION_HEXES
        )
        self._region_of = region

    def state(self, index: int, c: LayoutConstraint) -> ConstraintState:
        text = c.text or _describe(c)
        match c:
            case JoinTypeConstraint():
                met, why = self._join_type(c)
            case RoadsMeetConstraint():
                met, why = self._roads_meet(c)
            case CountWithinConstraint():
                met, why = self._count_within(c)
            case OverlayInConstraint():
                met, why = self._overlay_in(c)
            case AtLeastPerSectionConstraint():
                met, why = self._per_section(c)
            case _:
                return ConstraintState(index, text, None, "kept in words only: check by eye")
        return ConstraintState(index, text, met, why)

    # --- the kinds ----------------------------------------------------------------------------

    def _join_type(self, c: JoinTypeConstraint) -> tuple[bool, str]:
        allowed = [str(j) for j in c.joins]
        found = self._joins()
        if not found:
            return False, "the layout has one section and no joins"
        wrong = [f"{a}-{b} is {kind}" for a, b, kind in found if kind not in allowed]
        if wrong:
            return False, f"{'; '.join(wrong)}; allowed: {', '.join(allowed)}"
        kinds = sorted({kind for _, _, kind in found})
        return True, f"the joins are {', '.join(kinds)}"

    def _roads_meet(self, c: RoadsMeetConstraint) -> tuple[bool, str]:
        found = self._joins()
        if not found:
            return False, "the layout has one section and no joins"
        roads = path_graph(self.amap, "road")
        apart = [f"{a}-{b}" for a, b, _ in found if not self._road_across(roads, a, b)]
        if apart:
            return False, f"no road runs across the join {', '.join(apart)}"
        return True, "a road runs across every join"

    def _count_within(self, c: CountWithinConstraint) -> tuple[bool, str]:
        if c.overlay is None or c.near is None or c.count is None or c.distance is None:
            return False, "the constraint needs overlay, count, distance and near"
        near = self._region(c.near)
        units = [hexes for _, hexes in self._units((c.overlay,))]
        close = [hexes for hexes in units if _within(hexes, near, c.distance)]
        what = _plural(len(close), f"{c.overlay} unit")
        where = f"within {c.distance} hexes of {_region_words(c.near)}"
        if len(close) < c.count:
            return False, f"{what} {where}, {c.count} needed"
        return True, f"{what} {where} ({c.count} needed)"

    def _overlay_in(self, c: OverlayInConstraint) -> tuple[bool, str]:
        if c.overlay is None or c.region is None:
            return False, "the constraint needs overlay and region"
        region = self._region(c.region)
        units = self._units((c.overlay,))
        if not units:
            return False, f"no {c.overlay} units are placed"
        outside = [self.amap.name(hexes[0]) for _, hexes in units if not set(hexes) <= region]
        if outside:
            return False, f"{c.overlay} units outside the region at {', '.join(outside)}"
        return True, f"all {_plural(len(units), f'{c.overlay} unit')} lie in the region"

    def _per_section(self, c: AtLeastPerSectionConstraint) -> tuple[bool, str]:
        names = (c.overlay,) if c.overlay else _PER_SECTION_DEFAULT
        need = c.count or 1
        counts = [0] * len(self.amap.placements)
        for _, hexes in self._units(names):
            for index in {p.placement for h in hexes for p in self.amap.hexes[h].parts}:
                counts[index] += 1
        what = " or ".join(names)
        short = [
            f"{placement.name} has {counts[i]}"
            for i, placement in enumerate(self.amap.placements)
            if counts[i] < need
        ]
        if short:
            return False, f"{'; '.join(short)} {what} units, {need} needed in each section"
        return True, f"every section has at least {need} {what} units"

    # --- what they read -----------------------------------------------------------------------

    def _joins(self) -> list[tuple[str, str, str]]:
        """(section, section, join type) for each join of the layout."""
        centres = section_centres(self.amap)
        found = []
        for a, b in self.amap.joins:
            (ax, ay), (bx, by) = centres[a], centres[b]
            height = min(self._height(a), self._height(b))
            kind = _join_type(bx - ax, by - ay, height)
            found.append((self.amap.placements[a].name, self.amap.placements[b].name, str(kind)))
        return found

    def _height(self, index: int) -> float:
        """A placed section's height in pixels (hex size 1), north to south."""
        ys = [
            hex_to_pixel(h, 1.0)[1] for h in self.amap.section_of(self.amap.placements[index]).cells
        ]
        return max(ys) - min(ys)

    def _road_across(self, roads: dict[Hex, set[Hex]], a_name: str, b_name: str) -> bool:
        """Whether a road leads from a hex only of section ``a`` to one only of ``b``, over
        hexes of the two (seam hexes belong to both)."""
        index = {p.name: i for i, p in enumerate(self.amap.placements)}
        a, b = index[a_name], index[b_name]

        def owners(h: Hex) -> set[int]:
            return {p.placement for p in self.amap.hexes[h].parts}

        frontier = [h for h in roads if owners(h) == {a}]
        seen = set(frontier)
        while frontier:
            h = frontier.pop()
            if owners(h) == {b}:
                return True
            for n in roads[h]:
                if n not in seen and owners(n) <= {a, b}:
                    seen.add(n)
                    frontier.append(n)
        return False

    def _units(self, names: Sequence[str]) -> list[tuple[OverlayType, tuple[Hex, ...]]]:
        families = rules_for(self.system).movement.families
        wanted: set[str] = set()
        for name in names:
            wanted |= families.get(name, frozenset({name}))
        return [
            (overlay, hexes)
            for overlay, hexes in self.loaded.overlays.placed
            if overlay.id in wanted or overlay.kind in wanted
        ]

    def _region(self, region: Region) -> frozenset[Hex]:
        if self._region_of is not None:
            return self._region_of(region)
        found = evaluate(region, self.regions)
        self.regions.errors.clear()  # loading reports regions that do not resolve
        return found


def _join_type(dx: float, dy: float, height: float) -> JoinType:
    """The join between two sections from the offset of their centres (pixels, hex size 1):
    side by side (less than half a section's height apart north to south) is end-to-end; one
    above the other is edge-to-edge when in line and staggered when shifted.

    Why two columns (3 pixels) for "in line": a section turned 180 degrees lands half a hex
    off the footprint of the unturned one; a staggered join shifts 14 columns [Setup II.B].
    """
    if abs(dy) < height / 2:
        return JoinType.END_TO_END
    return JoinType.EDGE_TO_EDGE if abs(dx) < 3.0 else JoinType.STAGGERED


def _within(hexes: Sequence[Hex], near: frozenset[Hex], distance: int) -> bool:
    return any(h.distance(n) <= distance for h in hexes for n in near)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _describe(c: LayoutConstraint) -> str:
    """A constraint in words when the file gives none."""
    match c:
        case JoinTypeConstraint():
            return f"joins: {' or '.join(str(j) for j in c.joins)}"
        case RoadsMeetConstraint():
            return "roads meet across the joins"
        case CountWithinConstraint():
            return f"{c.count} {c.overlay} within {c.distance} hexes of {_region_words(c.near)}"
        case OverlayInConstraint():
            return f"{c.overlay} units only in {_region_words(c.region)}"
        case AtLeastPerSectionConstraint():
            return f"at least {c.count} {c.overlay or 'Building or Alley'} units in each section"
    return c.kind


def _region_words(region: Region | None) -> str:
    kind = getattr(region, "kind", "a region")
    if kind == "corners":
        numbers = ", ".join(str(n) for n in getattr(region, "corners", []))
        return f"Corner {numbers}"
    words = {
        "center-hexes": "the Center hexes",
        "sections": "the sections named",
        "within": "the region",
        "edge": "the edge",
    }
    return words.get(str(kind), str(kind).replace("-", " "))
