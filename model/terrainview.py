"""What the map of a scenario is, hex by hex and hexside by hexside.

The boards print terrain, elevation, hexside features (crests, hedges, walls) and paths (roads,
streams running across hexsides); a scenario paints terrain and elevation, adds or removes
hexside features, lays overlay counters on top, and chooses the system's terrain options
(:mod:`model.terrainoptions`: Armor's roads as tracks, streams unfordable...). :class:`MapTerrain`
answers every question about the result in one place, for the map painter, the Inspector, the
line-of-sight tool and the rules engine's movement. The boards themselves are never changed: an
option is a switch on top, and :meth:`MapTerrain.effective` says which option changed what.

The boards' part is worked out once per assembled map (:class:`BoardSides`); the scenario's
layers are cheap to put on again after an edit (:meth:`MapTerrain.with_layers`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from model.catalog import terrain_types
from model.hexes import Hex, Hexside
from model.layout import AssembledMap
from model.mapstate import TerrainEdits
from model.overlays import OverlayMap
from model.provenance import unwrap
from model.systems import GameSystem
from model.terrainoptions import (
    EffectFrom,
    GroundLevel,
    PathAs,
    RolledAreas,
    TerrainAs,
    TerrainChoice,
    TerrainOption,
    TextEffect,
    Unfordable,
    chosen,
    terrain_options,
)

TerrainSource = Literal["printed", "painted", "overlay"]


@dataclass(frozen=True)
class BoardSides:
    """The hexside features and paths the boards print, in map coordinates.

    ``first`` keeps, for each (hexside, feature), the hex the board wrote first: the lower side
    of a directed feature such as Panzer '44's slope.
    """

    features: Mapping[Hexside, frozenset[str]]
    paths: Mapping[Hexside, frozenset[str]]
    first: Mapping[tuple[Hexside, str], Hex] = field(default_factory=dict)

    @classmethod
    def of(cls, amap: AssembledMap) -> BoardSides:
        """The map's hexside features and paths, worked out once per map (a terrain view is
        made again at every edit; scenarios validated together may share a map)."""
        found: BoardSides | None = amap.derived.get(cls)
        if found is None:
            found = amap.derived[cls] = cls._work_out(amap)
        return found

    @classmethod
    def _work_out(cls, amap: AssembledMap) -> BoardSides:
        features: dict[Hexside, set[str]] = {}
        paths: dict[Hexside, set[str]] = {}
        first: dict[tuple[Hexside, str], Hex] = {}
        for placement in amap.placements:
            section = amap.section_of(placement)
            for source, target in (
                (section.hexside_features, features),
                (section.path_features, paths),
            ):
                for side, found in source.items():
                    a, b = (placement.to_global(h) for h in side.hexes)
                    if a in amap.hexes or b in amap.hexes:
                        target.setdefault(Hexside.between(a, b), set()).update(found)
            for (side, feature), lower in section.hexside_first.items():
                a, b = (placement.to_global(h) for h in side.hexes)
                if a in amap.hexes or b in amap.hexes:
                    first[(Hexside.between(a, b), feature)] = placement.to_global(lower)
        for side, found in amap.paths_across_joins.items():  # roads meeting end to end
            paths.setdefault(side, set()).update(found)
        return cls(
            {s: frozenset(f) for s, f in features.items()},
            {s: frozenset(f) for s, f in paths.items()},
            first,
        )


@dataclass(frozen=True)
class OptionChange:
    """What one terrain option did to a hex, and where that rule comes from.

    Attributes:
        option: the option id (``streams``).
        choice: the choice in force (``bridges-only``).
        text: what it did here, in words (``stream hex: may not be entered``).
        source: the choice's provenance (``Armor [OP XXVII.F.2]`` or ``placeholder: ...``).
    """

    option: str
    choice: str
    text: str
    source: str


@dataclass(frozen=True)
class EffectiveTerrain:
    """A hex as it counts in play: the layers, then the terrain options.

    Attributes:
        terrain: the terrain that counts (what :meth:`MapTerrain.terrain` returns).
        layer: which layer gave the terrain before options (printed, painted, overlay).
        base: the terrain before options (:meth:`MapTerrain.layers`).
        printed_paths: path features the boards run through the hex (roads, streams).
        paths: the same after options (a road that counts as a track; a stream gone).
        ground: the ground level (:meth:`MapTerrain.ground`).
        impassable: the option that makes the hex impassable, and why; None when none does.
        changes: every option that changed something here, or that says a rule about it.
    """

    terrain: str
    layer: TerrainSource
    base: str
    printed_paths: frozenset[str]
    paths: frozenset[str]
    ground: int
    impassable: OptionChange | None
    changes: tuple[OptionChange, ...]


@dataclass(frozen=True)
class _Applied:
    """The choices in force for one board of a map, compiled for lookups."""

    chosen: tuple[tuple[TerrainOption, TerrainChoice], ...] = ()
    terrain_as: Mapping[str, tuple[str, OptionChange]] = field(default_factory=dict)
    path_as: Mapping[str, tuple[str | None, OptionChange]] = field(default_factory=dict)
    unfordable: tuple[tuple[Unfordable, OptionChange], ...] = ()
    ground: Mapping[str, tuple[int, OptionChange]] = field(default_factory=dict)
    effect_from: Mapping[tuple[str, str], tuple[str, OptionChange]] = field(default_factory=dict)
    rolled: tuple[tuple[RolledAreas, OptionChange], ...] = ()
    texts: tuple[tuple[TextEffect, OptionChange], ...] = ()


_NOTHING = _Applied()


def _change(option: TerrainOption, choice: TerrainChoice, text: str = "") -> OptionChange:
    said = f"{choice.name}: {text}" if text else choice.name
    return OptionChange(option.id, choice.id, said, choice.provenance)


@functools.cache
def _compile(
    system: GameSystem, values: tuple[tuple[str, str], ...], board: str, section: str
) -> _Applied:
    """The options of ``system`` as chosen in ``values`` for one board (by its name on the map;
    a board-scoped value given under the board id serves every copy of the board)."""
    options = terrain_options(system)
    if not options:
        return _NOTHING
    given = dict(values)
    for option in options.values():
        by_id = given.get(f"{option.id}:{section}")
        if option.scope == "board" and by_id is not None:
            given.setdefault(f"{option.id}:{board}", by_id)
    picked = tuple(chosen(options, given, board))
    terrain_as: dict[str, tuple[str, OptionChange]] = {}
    path_as: dict[str, tuple[str | None, OptionChange]] = {}
    unfordable: list[tuple[Unfordable, OptionChange]] = []
    ground: dict[str, tuple[int, OptionChange]] = {}
    effect_from: dict[tuple[str, str], tuple[str, OptionChange]] = {}
    rolled: list[tuple[RolledAreas, OptionChange]] = []
    texts: list[tuple[TextEffect, OptionChange]] = []
    for option, choice in picked:
        for effect in choice.effects:
            if isinstance(effect, TerrainAs):
                for t in effect.terrain:
                    said = f"{t} counts as {effect.becomes}"
                    terrain_as[t] = (effect.becomes, _change(option, choice, said))
            elif isinstance(effect, PathAs):
                for p in effect.path:
                    what = f"counts as {effect.becomes}" if effect.becomes else "is ignored"
                    path_as[p] = (effect.becomes, _change(option, choice, f"the {p} {what}"))
            elif isinstance(effect, Unfordable):
                unfordable.append((effect, _change(option, choice)))
            elif isinstance(effect, GroundLevel):
                for t in effect.terrain:
                    said = f"{t} at {effect.change:+d} level"
                    ground[t] = (effect.change, _change(option, choice, said))
            elif isinstance(effect, EffectFrom):
                said = f"{effect.terrain}'s {effect.effect} is its {effect.from_effect}"
                key = (effect.terrain, effect.effect)
                effect_from[key] = (effect.from_effect, _change(option, choice, said))
            elif isinstance(effect, RolledAreas):
                rolled.append((effect, _change(option, choice)))
            else:
                texts.append((effect, _change(option, choice, effect.text)))
    return _Applied(
        picked,
        terrain_as,
        path_as,
        tuple(unfordable),
        ground,
        effect_from,
        tuple(rolled),
        tuple(texts),
    )


@dataclass(frozen=True)
class MapTerrain:
    """The terrain of an assembled map with a scenario's edits, overlays and terrain options.

    Attributes:
        amap: the assembled map.
        overlays: the overlay counters placed (top of the stack wins a hex's terrain).
        edits: the scenario's painted terrain, elevation and hexside edits.
        options: the scenario's terrain options by option id (``map.terrain_options``), and
            board-scoped ones as ``"<option>:<board>"`` (see
            :func:`model.terrainoptions.option_values`). Unknown ids and choices are ignored
            here (loading reports them); an option not named takes its default.
        rolled_areas: for Armor's random soft ground, the area number rolled per board name;
            a board not listed has not been rolled yet.
    """

    amap: AssembledMap
    overlays: OverlayMap = field(default_factory=OverlayMap)
    edits: TerrainEdits = field(default_factory=TerrainEdits)
    options: Mapping[str, str] = field(default_factory=dict)
    board_sides: BoardSides | None = None
    rolled_areas: Mapping[str, int] = field(default_factory=dict)
    _applied: tuple[_Applied, ...] = field(init=False, repr=False, compare=False, default=())
    # effective() per hex, worked out once per view: movement and the checks ask again and
    # again (a new view is made whenever the scenario changes, so it never goes stale).
    _effective: dict[Hex, EffectiveTerrain] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    # The same for the questions line of sight and movement ask of every hex on every line
    # and every step (an Armor game asks ground() and layers() hundreds of thousands of
    # times): worked out once per view, for the same reason.
    _layers: dict[Hex, tuple[str, TerrainSource]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _terrain: dict[Hex, str] = field(init=False, repr=False, compare=False, default_factory=dict)
    _grounds: dict[Hex, int] = field(init=False, repr=False, compare=False, default_factory=dict)
    _features: dict[Hexside, frozenset[str]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        if self.board_sides is None:
            object.__setattr__(self, "board_sides", BoardSides.of(self.amap))
        values = tuple(sorted(self.options.items()))
        applied = tuple(
            _compile(self.amap.section_of(p).system, values, p.name, p.section)
            for p in self.amap.placements
        )
        object.__setattr__(self, "_applied", applied)

    def with_layers(
        self,
        overlays: OverlayMap | None = None,
        edits: TerrainEdits | None = None,
        options: Mapping[str, str] | None = None,
    ) -> MapTerrain:
        """The same map with other scenario layers; the boards' index is shared."""
        return replace(
            self,
            overlays=self.overlays if overlays is None else overlays,
            edits=self.edits if edits is None else edits,
            options=self.options if options is None else options,
        )

    @property
    def _sides(self) -> BoardSides:
        assert self.board_sides is not None  # set in __post_init__
        return self.board_sides

    @property
    def system(self) -> GameSystem | None:
        """The game system of the map's boards (None for a map without sections)."""
        if not self.amap.placements:
            return None
        return self.amap.section_of(self.amap.placements[0]).system

    # --- hexes ----------------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self.amap.hexes

    def hexes(self) -> Iterator[Hex]:
        return iter(self.amap.hexes)

    def printed(self, h: Hex) -> str:
        """The terrain the board prints in ``h``; a seam hex's by :func:`seam_terrain`."""
        parts = self.amap.hexes[h].parts
        halves = [
            self.amap.section_of(self.amap.placements[p.placement]).terrain.get(p.local, CLEAR)
            for p in parts
        ]
        if len(halves) == 1 or len(set(halves)) == 1:
            return halves[0]
        return seam_terrain(self.system, halves)

    def layers(self, h: Hex) -> tuple[str, TerrainSource]:
        """The terrain of ``h`` before terrain options, and which layer gives it."""
        found = self._layers.get(h)
        if found is None:
            found = self._layers[h] = self._layers_of(h)
        return found

    def _layers_of(self, h: Hex) -> tuple[str, TerrainSource]:
        overlay = self.overlays.terrain(h)
        if overlay is not None:
            return overlay, "overlay"
        painted = self.edits.terrain.get(h)
        if painted is not None:
            return painted, "painted"
        return self.printed(h), "printed"

    def mixed(self, h: Hex) -> tuple[str, ...]:
        """Every terrain in ``h``, top first: the one that counts (:meth:`terrain`), the overlay
        units beneath the top one, then the painted or printed terrain under them; for rules
        that read the terrains of a mixed hex (Armor's smaller sighting ranges [AG IV.C.3])."""
        stack = self.overlays.kinds(h)
        if not stack:  # one terrain, as the scenario's terrain options make it count
            return (self.terrain(h),)
        under = self.edits.terrain.get(h) or self.printed(h)
        return (self.terrain(h), *reversed(stack[:-1]), under)

    def terrain(self, h: Hex) -> str:
        """The terrain that counts in ``h``: the top overlay, else painted, else printed, as
        the scenario's terrain options make it count (soft ground as clear, hills as rough)."""
        found = self._terrain.get(h)
        if found is None:
            found = self._terrain[h] = self._terrain_of(h)
        return found

    def _terrain_of(self, h: Hex) -> str:
        applied = self._applied_at(h)
        if applied is _NOTHING:
            return self.layers(h)[0]
        return self._resolve(h, applied, None)[0]

    def ground(self, h: Hex) -> int:
        """The ground level of ``h``: the board's (or painted) elevation plus stacked hills,
        and any level a terrain option gives its terrain (Armor's rivers at -1)."""
        found = self._grounds.get(h)
        if found is None:
            found = self._grounds[h] = self._ground(h, self.terrain(h))
        return found

    def _ground(self, h: Hex, terrain: str) -> int:
        level = self._laid_ground(h)
        found = self._applied_at(h).ground.get(terrain)
        return level if found is None else level + found[0]

    def _laid_ground(self, h: Hex) -> int:
        """The board's (or painted) elevation plus stacked hills: before terrain options."""
        part = self.amap.hexes[h].parts[0]
        section = self.amap.section_of(self.amap.placements[part.placement])
        level = self.edits.elevation.get(h, section.elevation_of(part.local))
        return level + self.overlays.hill_levels(h)

    def shown(self, h: Hex) -> tuple[str, int]:
        """The terrain and ground level of ``h`` as the map shows them: the top overlay, else
        painted, else printed terrain, before the scenario's terrain options (soft ground is
        drawn as soft ground, though it may count as clear). What an export writes."""
        return self.layers(h)[0], self._laid_ground(h)

    def effective(self, h: Hex) -> EffectiveTerrain:
        """Everything the terrain options do to ``h``, with the reason for each change."""
        found = self._effective.get(h)
        if found is None:
            found = self._effective[h] = self._work_out(h)
        return found

    def _work_out(self, h: Hex) -> EffectiveTerrain:
        applied = self._applied_at(h)
        changes: list[OptionChange] = []
        terrain, impassable, printed_paths, paths = self._resolve(h, applied, changes)
        base, layer = self.layers(h)
        level_change = applied.ground.get(terrain)
        if level_change is not None:
            changes.append(level_change[1])
        for (t, _), (_, change) in applied.effect_from.items():
            if t == terrain:
                changes.append(change)
        for effect, change in applied.texts:
            if base in effect.terrain or terrain in effect.terrain:
                changes.append(change)
        return EffectiveTerrain(
            terrain,
            layer,
            base,
            printed_paths,
            paths,
            self._ground(h, terrain),
            impassable,
            tuple(changes),
        )

    def _resolve(
        self, h: Hex, applied: _Applied, changes: list[OptionChange] | None
    ) -> tuple[str, OptionChange | None, frozenset[str], frozenset[str]]:
        """(terrain, why impassable, printed paths, paths) of ``h`` with the options applied;
        the changes made are appended to ``changes`` when it is given."""
        base, layer = self.layers(h)
        terrain = self._option_terrain(h, base, applied, changes)
        if not (applied.unfordable or changes is not None):
            return terrain, None, frozenset(), frozenset()
        printed_paths = self._paths_through(h)
        paths = set()
        for p in printed_paths:
            found = applied.path_as.get(p)
            if found is None:
                paths.add(p)
                continue
            if changes is not None:
                changes.append(found[1])
            if found[0] is not None:
                paths.add(found[0])
        impassable = None
        for rule, change in applied.unfordable:
            if rule.path not in paths or layer == "overlay":
                continue  # a terrain unit negates the printed terrain [Armor Setup II.C.7]
            crossing = base in rule.crossings or any(c in printed_paths for c in rule.crossings)
            if not crossing:
                said = f"{change.text}: a {rule.path} hex, may not be entered"
                impassable = replace(change, text=said)
            elif rule.crossings_become is not None:
                terrain = rule.crossings_become
                said = f"{change.text}: the {rule.path} crossing counts as {terrain}"
            else:
                said = f"{change.text}: a {rule.path} crossing, may be entered"
            if changes is not None:
                changes.append(replace(change, text=said))
        return terrain, impassable, printed_paths, frozenset(paths)

    def explain(self, h: Hex) -> tuple[OptionChange, ...]:
        """Which terrain options changed what in ``h`` (empty: none did)."""
        return self.effective(h).changes

    def effect_key(self, h: Hex, terrain: str, key: str) -> tuple[str, OptionChange | None]:
        """The effect key to read for ``terrain`` in ``h``: ``key``, or the one an option says
        to read instead (Armor's soft ground in force: ``vehicle_cost_soft_option``)."""
        found = self._applied_at(h).effect_from.get((terrain, key))
        return (key, None) if found is None else found

    def option_choice(self, option_id: str, h: Hex | None = None) -> str | None:
        """The choice in force for an option (for a board-scoped one, on the board of ``h``);
        None when the system has no such option."""
        applied = self._applied_at(h) if h is not None else self._map_applied()
        for option, choice in applied.chosen:
            if option.id == option_id:
                return choice.id
        return None

    def chosen(self, h: Hex | None = None) -> tuple[tuple[TerrainOption, TerrainChoice], ...]:
        """Every option with its choice in force (board-scoped ones: on the board of ``h``,
        or of the first section when ``h`` is None)."""
        return (self._applied_at(h) if h is not None else self._map_applied()).chosen

    def _map_applied(self) -> _Applied:
        return self._applied[0] if self._applied else _NOTHING

    def _applied_at(self, h: Hex) -> _Applied:
        if not self._applied:
            return _NOTHING
        return self._applied[self.amap.hexes[h].parts[0].placement]

    def _option_terrain(
        self, h: Hex, base: str, applied: _Applied, changes: list[OptionChange] | None
    ) -> str:
        for rule, change in applied.rolled:
            if base == rule.terrain:
                return self._rolled(h, rule, change, changes)
        found = applied.terrain_as.get(base)
        if found is None:
            return base
        if changes is not None:
            changes.append(found[1])
        return found[0]

    def _rolled(
        self, h: Hex, rule: RolledAreas, change: OptionChange, changes: list[OptionChange] | None
    ) -> str:
        """Armor's random soft ground: the hex keeps its terrain if it lies in the area rolled
        for its section, else counts as ``rule.otherwise``; not rolled yet, it keeps it."""
        part = self.amap.hexes[h].parts[0]
        placement = self.amap.placements[part.placement]
        number = self.rolled_areas.get(placement.name)
        if number is None:
            text = f"{rule.terrain} or {rule.otherwise}, one area per section rolled ({rule.die})"
            result = rule.terrain
        else:
            area = self.amap.section_of(placement).soft_areas.get(number, frozenset())
            result = rule.terrain if part.local in area else rule.otherwise
            text = f"area {number} rolled for {placement.name}: {result}"
        if changes is not None:
            changes.append(replace(change, text=f"{change.text}: {text}"))
        return result

    def _paths_through(self, h: Hex) -> frozenset[str]:
        found: set[str] = set()
        paths = self._sides.paths
        for d in range(6):
            found |= paths.get(Hexside.of(h, d), frozenset())
        return frozenset(found)

    # --- hexsides -------------------------------------------------------------------------

    def hexside_features(self, side: Hexside) -> frozenset[str]:
        """Features along a hexside (crest, hedge, wall, stream...): the boards', then the
        scenario's additions and removals."""
        known = self._features.get(side)
        if known is not None:
            return known
        found = set(self._sides.features.get(side, ()))
        found |= self.edits.added.get(side, set())
        found -= self.edits.removed.get(side, set())
        known = self._features[side] = frozenset(found)
        return known

    def paths(self, side: Hexside) -> frozenset[str]:
        """Paths (roads, tracks, streams drawn centre to centre) that cross a hexside, as the
        boards print them."""
        return self._sides.paths.get(side, frozenset())

    def routes(self, side: Hexside) -> frozenset[str]:
        """The paths that cross a hexside as the terrain options make them count (a road that
        counts as a track; a stream treated as clear is gone)."""
        printed = self.paths(side)
        if not printed:
            return printed
        a, b = side.hexes
        applied = self._applied_at(a if a in self.amap.hexes else b)
        found: set[str] = set()
        for p in printed:
            becomes = applied.path_as.get(p, (p, None))[0]
            if becomes is not None:
                found.add(becomes)
        return frozenset(found)

    def lower(self, side: Hexside, feature: str) -> Hex | None:
        """The hex the board writes first for a directed hexside feature (the lower side of
        a Panzer '44 slope), or None when the boards do not print it there."""
        return self._sides.first.get((side, feature))

    def all_hexside_features(self) -> dict[Hexside, frozenset[str]]:
        """Every hexside that has a feature, with its features."""
        sides = set(self._sides.features) | set(self.edits.added)
        found = {side: self.hexside_features(side) for side in sides}
        return {side: features for side, features in found.items() if features}

    def sides_of(self, h: Hex) -> list[tuple[int, frozenset[str], frozenset[str]]]:
        """(compass direction, features, paths) for each of the six sides of ``h``."""
        return [
            (d, self.hexside_features(side), self.paths(side))
            for d in range(6)
            for side in (Hexside.of(h, d),)
        ]


CLEAR = "clear"
#: The terrain categories of Soldiers [2.24], least safe first.
_CATEGORIES = ("open", "covered", "protected")


def seam_terrain(system: GameSystem | None, halves: list[str]) -> str:
    """The terrain of a seam hex whose halves, printed on two sections, differ.

    The rule (Hexwright's; no book of ours speaks of halves that disagree, every system's):
    a half that prints nothing (clear) does not erase what the other half prints, so the
    terrain printed on either half is the hex's; two different terrains, the more restrictive
    wins, judged from the system's terrain catalogue: impassable first, then terrain that
    blocks sight, then the safer category (Soldiers' protected, covered, open [2.24]); still
    equal, the half of the section placed first. So scenario 22's pond B/1119, whose seam half
    on map C prints nothing, stays the pond that is impassable in every scenario [7.25].
    Armor's built-in layouts have no seam whose halves differ: none of their terrain changes.
    """
    printed = [t for t in halves if t != CLEAR]
    if not printed:
        return CLEAR
    if system is None:
        return printed[0]
    catalogue = terrain_types(system)

    def rank(terrain: str) -> tuple[bool, bool, int]:
        t = catalogue.get(terrain)
        effects = t.effects if t is not None else {}
        impassable = effects.get("impassable")
        blocks = effects.get("blocks_los")
        category = effects.get("category")
        cat = unwrap(category) if category is not None else None
        return (
            impassable is not None and unwrap(impassable) is True,
            blocks is not None and unwrap(blocks) is True,
            _CATEGORIES.index(str(cat)) if cat in _CATEGORIES else -1,
        )

    best = max(rank(t) for t in printed)
    return next(t for t in printed if rank(t) == best)
