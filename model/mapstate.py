"""The terrain of a scenario's map: the boards' printed terrain, with the scenario's painted
edits and overlay counters on top (the boards themselves are never changed)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from model.hexes import Hex, Hexside
from model.layout import AssembledMap
from model.scenario import Scenario
from model.scenario_map import TerrainEdit


@dataclass
class TerrainEdits:
    """A scenario's terrain edits resolved to map hexes and hexsides."""

    terrain: dict[Hex, str] = field(default_factory=dict)
    elevation: dict[Hex, int] = field(default_factory=dict)
    added: dict[Hexside, set[str]] = field(default_factory=dict)
    removed: dict[Hexside, set[str]] = field(default_factory=dict)


def terrain_edits(scenario: Scenario, amap: AssembledMap) -> TerrainEdits:
    """Resolve the scenario's ``map.terrain_edits`` on its map; names that do not resolve are
    skipped (loading reports them)."""
    result = TerrainEdits()
    for edit in scenario.map.terrain_edits:
        for name in edit.hexes:
            h = _resolve(amap, name)
            if h is None:
                continue
            if edit.terrain is not None:
                result.terrain[h] = edit.terrain
            if edit.elevation is not None:
                result.elevation[h] = edit.elevation
        if edit.feature is None:
            continue
        for a, b in edited_sides(edit, amap):
            side = Hexside.between(a, b)
            target, other = (
                (result.removed, result.added) if edit.remove else (result.added, result.removed)
            )
            target.setdefault(side, set()).add(edit.feature)
            other.get(side, set()).discard(edit.feature)
    return result


def edited_sides(edit: TerrainEdit, amap: AssembledMap) -> Iterator[tuple[Hex, Hex]]:
    """The hexsides of ``edit`` as the two hexes written (in the order written); a side that
    does not resolve, or whose hexes are not adjacent, is skipped (loading reports it)."""
    for text in edit.hexsides:
        try:
            a, b = amap.resolve_hexside(text)
        except KeyError:
            continue
        if a.distance(b) == 1:
            yield a, b


def _resolve(amap: AssembledMap, name: str) -> Hex | None:
    try:
        return amap.resolve(name)
    except KeyError:
        return None
