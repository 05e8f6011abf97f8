"""Movement costs: what entering a hex costs each movement class of a game system.

The costs come from the system's terrain catalogue (``resources/<system>/terrain.yaml``
effects: Armor ``vehicle_cost``/``leg_cost``, Panzer '44 ``move_hard_vehicle``..., Soldiers
``ap``/``ap_cross``, Panzer Command ``move_leg``...), each part with its provenance, so a cost
built on a placeholder says so. The map is read through :class:`~model.terrainview.MapTerrain`,
so the scenario's terrain options count (a road that counts as a track, an unfordable stream);
the scenario's ``terrain-override`` special rules are applied where they can be resolved, and
named in the notes where they cannot (a rule kept only in the book's words, an optional rule).

Give the hex it is entered from to count what the hexside crossed costs (crests, hedges,
streams) and movement along roads and tracks; without it, the cost is the hex's own::

    movement = Movement.for_scenario(loaded.scenario, terrain)
    movement.costs(h, from_hex)      # {movement class id: MoveCost}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from model.catalog import terrain_types
from model.hexes import Hex, Hexside
from model.provenance import Scalar, Value
from model.regions import RegionContext, evaluate
from model.scenario import Scenario
from model.systems import GameSystem
from model.terrainview import EffectiveTerrain, MapTerrain, OptionChange
from model.victory import TerrainOverride


@dataclass(frozen=True)
class MovementClass:
    """A way of moving the system's rules price separately.

    Attributes:
        id: the class id (``hard-vehicle``).
        name: as the book names it.
        key: the effect key of ``terrain.yaml`` that prices it (``move_hard_vehicle``).
        words: words a scenario's special rule may use for it (``vehicle`` may name several
            classes: a word naming fewer classes wins).
    """

    id: str
    name: str
    key: str
    words: tuple[str, ...] = ()


CLASSES: Mapping[GameSystem, tuple[MovementClass, ...]] = {
    # Armor [AG V.B; ADV V.A.1]: Vehicles pay the Vehicle Movement Costs, Leg units 1 a hex.
    GameSystem.ARMOR: (
        MovementClass("vehicle", "Vehicle", "vehicle_cost", ("vehicle", "vehicles", "truck")),
        MovementClass("leg", "Leg", "leg_cost", ("leg", "infantry", "foot", "non-vehicle")),
    ),
    # Panzer '44 [10.13]: the three columns of the Terrain Effects Chart.
    GameSystem.PANZER44: (
        MovementClass(
            "hard-vehicle", "Other vehicles", "move_hard_vehicle", ("vehicle", "vehicles", "apc")
        ),
        MovementClass(
            "soft-vehicle", "Trucks", "move_soft_vehicle", ("truck", "trucks", "vehicle")
        ),
        MovementClass("foot", "Foot", "move_foot", ("infantry", "leg", "non-vehicle")),
    ),
    # Soldiers [7.21]: every man pays Action Points.
    GameSystem.SOLDIERS: (MovementClass("man", "Man", "ap", ("men", "foot", "infantry")),),
    # Panzer Command [§5.1]: leg, tracked and motorized movement.
    GameSystem.PANZER_COMMAND: (
        MovementClass("leg", "Leg", "move_leg", ("infantry", "foot", "non-vehicle")),
        MovementClass("tracked", "Tracked", "move_tracked", ("vehicle", "vehicles", "tank")),
        MovementClass(
            "motorized", "Motorized", "move_motorized", ("vehicle", "vehicles", "truck", "wheeled")
        ),
    ),
}

#: Terrain ids a special rule may use for a family of the catalogue's ids (Armor's overlay
#: catalogue: "'building' means any of wood-building, brick-building, stone-building").
FAMILIES: Mapping[GameSystem, Mapping[str, frozenset[str]]] = {
    GameSystem.ARMOR: {
        "building": frozenset({"building", "wood-building", "brick-building", "stone-building"})
    },
}


@dataclass(frozen=True)
class CostPart:
    """One term of a cost: what it is, how much, and where that comes from."""

    what: str
    amount: str
    source: str | None = None
    placeholder: str | None = None

    @property
    def provenance(self) -> str:
        return self.source or f"placeholder: {self.placeholder}"


@dataclass(frozen=True)
class MoveCost:
    """What entering a hex costs one movement class.

    Attributes:
        movement_class: the class id.
        cost: the cost in the system's points, or None when prohibited or set by the unit.
        prohibited: the class may not enter (from that side).
        per_unit: what sets the cost when the unit's own data does (Armor's Data Card Road
            Movement Cost), else None.
        parts: the terms, in order, each with its provenance.
        notes: conditions and rules not applied (in words).
    """

    movement_class: str
    cost: float | None
    prohibited: bool = False
    per_unit: str | None = None
    parts: tuple[CostPart, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def placeholder(self) -> bool:
        """Whether any term is a placeholder rather than the book's."""
        return any(p.placeholder and not p.source for p in self.parts)

    @property
    def text(self) -> str:
        """The cost in short: ``4``, ``1/2``, ``P``, or what sets it (``card-road``)."""
        if self.prohibited:
            return "P"
        if self.per_unit is not None:
            return self.per_unit
        return _number(self.cost)

    @property
    def rule(self) -> str:
        """How the cost is made up, with provenance: ``rough 4 [Armor [CS ...]] + crest +3``."""
        return " ".join(f"{p.what} {p.amount} [{p.provenance}]" for p in self.parts)


def _number(value: float | None) -> str:
    if value is None:
        return "?"
    fraction = Fraction(value).limit_denominator(12)
    return str(fraction) if fraction.denominator != 1 else str(fraction.numerator)


@dataclass(frozen=True)
class _Effect:
    value: Scalar | list[Scalar]
    source: str | None
    placeholder: str | None

    def part(self, what: str, amount: str | None = None) -> CostPart:
        text = amount if amount is not None else str(self.value)
        return CostPart(what, text, self.source, self.placeholder)


def terrain_effect(system: GameSystem, terrain: str, key: str) -> _Effect | None:
    """An effect of the system's terrain catalogue with its provenance (a plain value takes
    its entry's), or None when the catalogue gives the terrain no such effect."""
    entry = terrain_types(system).get(terrain)
    if entry is None or key not in entry.effects:
        return None
    item = entry.effects[key]
    if isinstance(item, Value):
        return _Effect(item.value, item.source, item.placeholder)
    if entry.plain_values_are_placeholders:
        return _Effect(item, None, entry.placeholder or "the entry's values are placeholders")
    return _Effect(item, entry.source, None)


@dataclass
class _View:
    """A move into ``h`` as one class sees it, after options and the rules' substitutions."""

    h: Hex
    f: Hex | None
    terrain: str
    layer: str
    under: list[str]  # the terrain beneath the top layer, top first ("the other terrain")
    paths: set[str]
    printed_paths: frozenset[str]
    side: Hexside | None
    side_features: set[str]
    side_paths: frozenset[str]
    from_terrain: str | None
    impassable: OptionChange | None


@dataclass
class _Tally:
    cost: float = 0.0
    prohibited: bool = False
    per_unit: str | None = None
    parts: list[CostPart] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, amount: float, part: CostPart) -> None:
        self.cost += amount
        self.parts.append(part)

    def prohibit(self, part: CostPart) -> None:
        self.prohibited = True
        self.parts.append(part)


@dataclass(frozen=True)
class _Override:
    index: int
    rule: TerrainOverride
    hexes: frozenset[Hex] | None


class Movement:
    """Movement costs on one scenario's map.

    Args:
        terrain: the map with the scenario's layers and terrain options.
        special_rules: the scenario's special rules (``terrain-override`` ones are used).
        include_optional: also apply special rules the book marks (Optional).
        rules_source: where the special rules come from when they do not say (the scenario's
            source, e.g. ``Panzer '44 [20.3]``).
    """

    def __init__(
        self,
        terrain: MapTerrain,
        special_rules: Sequence[object] = (),
        include_optional: bool = False,
        rules_source: str | None = None,
    ) -> None:
        system = terrain.system
        if system is None:
            raise ValueError("a map without sections has no movement")
        self.terrain = terrain
        self.system = system
        self.classes = CLASSES[system]
        self.include_optional = include_optional
        self.rules_source = rules_source
        ctx = RegionContext(terrain.amap, overlay_terrain=terrain.overlays.stacks)
        self.overrides = tuple(
            _Override(i, rule, evaluate(rule.region, ctx) if rule.region is not None else None)
            for i, rule in enumerate(special_rules)
            if isinstance(rule, TerrainOverride)
        )
        self._uncrossable = _pond_sides(terrain) if system is GameSystem.SOLDIERS else {}
        self._hex_views: dict[Hex, tuple[EffectiveTerrain, tuple[str, ...]]] = {}
        self._side_views: dict[
            tuple[Hex, Hex], tuple[Hexside, frozenset[str], frozenset[str], str | None]
        ] = {}

    @classmethod
    def for_scenario(
        cls, scenario: Scenario, terrain: MapTerrain, include_optional: bool = False
    ) -> Movement:
        """Costs on ``terrain`` (the scenario's map) with the scenario's special rules."""
        return cls(terrain, scenario.special_rules, include_optional, scenario.source)

    # --- public -------------------------------------------------------------------------------

    def costs(self, h: Hex, from_hex: Hex | None = None) -> dict[str, MoveCost]:
        """Every class's cost to enter ``h`` (from the adjacent ``from_hex`` when given)."""
        return {c.id: self.cost(c.id, h, from_hex) for c in self.classes}

    def cost(self, movement_class: str, h: Hex, from_hex: Hex | None = None) -> MoveCost:
        """One class's cost to enter ``h`` (from the adjacent ``from_hex`` when given).

        Raises:
            KeyError: no such class in the system, or ``h`` is not on the map.
            ValueError: ``from_hex`` is not adjacent to ``h``.
        """
        cls = next((c for c in self.classes if c.id == movement_class), None)
        if cls is None:
            raise KeyError(f"{self.system.display_name} has no movement class '{movement_class}'")
        view = self._view(h, from_hex)
        matched = [o for o in self.overrides if self._matches(o, view)]
        used, notes = self._applicable(cls, matched, view)
        for o in used:
            view = self._treat(o.rule, view)
        tally = self._base(cls, view)
        tally.notes[:0] = notes
        tally.parts[:0] = [self._part(o, f"as {o.rule.treat_as}") for o in used if o.rule.treat_as]
        for o in used:
            self._apply(cls, o, tally)
        cost = None if tally.prohibited or tally.per_unit is not None else tally.cost
        return MoveCost(
            cls.id,
            cost,
            tally.prohibited,
            None if tally.prohibited else tally.per_unit,
            tuple(tally.parts),
            tuple(tally.notes),
        )

    # --- the move as seen ---------------------------------------------------------------------

    def _view(self, h: Hex, f: Hex | None) -> _View:
        eff, under = self._hex_view(h)
        side = None
        features: frozenset[str] = frozenset()
        routes: frozenset[str] = frozenset()
        from_terrain = None
        if f is not None:
            side, features, routes, from_terrain = self._side_view(h, f)
        return _View(
            h,
            f,
            eff.terrain,
            eff.layer,
            list(under),
            set(eff.paths),
            eff.printed_paths,
            side,
            set(features),
            routes,
            from_terrain,
            eff.impassable,
        )

    def _hex_view(self, h: Hex) -> tuple[EffectiveTerrain, tuple[str, ...]]:
        """The hex's own part of a move into it, worked out once per hex (a search enters
        each hex from up to six sides; the terrain view never changes)."""
        found = self._hex_views.get(h)
        if found is None:
            if h not in self.terrain:
                raise KeyError(f"{h} is not on the map")
            eff = self.terrain.effective(h)
            found = self._hex_views[h] = (eff, tuple(self._under(h, eff.layer)))
        return found

    def _side_view(
        self, h: Hex, f: Hex
    ) -> tuple[Hexside, frozenset[str], frozenset[str], str | None]:
        """The hexside part of a move from ``f`` into ``h``, worked out once per move."""
        found = self._side_views.get((h, f))
        if found is None:
            d = f.direction_to(h)
            if d is None:
                raise ValueError(f"{f} is not adjacent to {h}")
            side = Hexside.of(f, d)
            # effective() gives the terrain terrain() does, and is remembered per hex
            from_terrain = self._hex_view(f)[0].terrain if f in self.terrain else None
            features = self.terrain.hexside_features(side)
            found = (side, features, self.terrain.routes(side), from_terrain)
            self._side_views[(h, f)] = found
        return found

    def _under(self, h: Hex, layer: str) -> list[str]:
        below: list[str] = []
        if layer == "overlay":
            below.extend(reversed(self.terrain.overlays.kinds(h)[:-1]))
            painted = self.terrain.edits.terrain.get(h)
            if painted is not None:
                below.append(painted)
        if layer != "printed":
            below.append(self.terrain.printed(h))
        return below

    def _ids(self, view: _View) -> set[str]:
        """The terrain ids a special rule may name for the hex entered."""
        ids = {view.terrain} | view.paths
        if self.system is GameSystem.ARMOR and "stream" in ids and _armor_crossing(view):
            ids = (ids - {"stream"}) | {"bridge"}
        if self.system is GameSystem.PANZER44 and self._splashed(view.h):
            ids.add("contour-splash")
        return ids

    def _splashed(self, h: Hex) -> bool:
        """Panzer '44 [10.31]-[10.33]: a hex below a slope (its lower side) or beside a crest."""
        for d in range(6):
            side = Hexside.of(h, d)
            features = self.terrain.hexside_features(side)
            if "crest" in features:
                return True
            if "slope" in features and self.terrain.lower(side, "slope") == h:
                return True
        return False

    # --- special rules ------------------------------------------------------------------------

    def _matches(self, o: _Override, view: _View) -> bool:
        """Whether a rule names the terrain of this move. Along a road or track every system
        prices the path instead of the hex's own terrain, so a rule naming only that terrain
        does not count there (Panzer '44 19.9 doubles clear terrain "off-road")."""
        if o.hexes is not None and view.h not in o.hexes:
            return False
        names = FAMILIES.get(self.system, {}).get(o.rule.terrain, frozenset({o.rule.terrain}))
        ids = self._ids(view) | view.side_features
        if self._along(view) is not None:
            ids = (ids - {view.terrain, "contour-splash"}) | set(view.side_paths)
        return bool(names & ids)

    def _along(self, view: _View) -> str | None:
        if self.system is GameSystem.ARMOR:
            return _armor_along(view)
        paths = ("road",) if self.system is GameSystem.PANZER44 else ("road", "track")
        return next((p for p in paths if p in view.side_paths), None)

    def _applicable(
        self, cls: MovementClass, matched: Iterable[_Override], view: _View
    ) -> tuple[list[_Override], list[str]]:
        used, notes = [], []
        for o in matched:
            rule = o.rule
            label = f"special rule {o.index + 1} ({rule.terrain})"
            if rule.applies_to and not self._names(cls, rule.applies_to):
                continue
            if rule.except_along and rule.except_along in view.side_paths:
                continue
            if rule.optional and not self.include_optional:
                notes.append(f"{label}, optional, not applied: {rule.text}".rstrip(": "))
                continue
            if not (
                rule.treat_as
                or self._cost_for(cls, rule.movement_cost) is not None
                or rule.extra_cost is not None
                or rule.impassable is not None
            ):
                if not rule.movement_cost:
                    notes.append(f"{label}, in words only, not applied: {rule.text}")
                continue
            used.append(o)
        return used, notes

    def _names(self, cls: MovementClass, words: Iterable[str]) -> bool:
        return any(w == cls.id or w in cls.words for w in words)

    def _cost_for(self, cls: MovementClass, costs: Mapping[str, float]) -> float | None:
        """The cost a rule's ``movement_cost`` gives ``cls``: by its id, else by the word that
        names the fewest classes (Panzer '44 19.9 {truck: 4, vehicle: 2}: trucks 4, others 2)."""
        if cls.id in costs:
            return costs[cls.id]
        found = [(sum(1 for c in self.classes if w in c.words), w) for w in costs if w in cls.words]
        return costs[min(found)[1]] if found else None

    def _treat(self, rule: TerrainOverride, view: _View) -> _View:
        """The move with the rule's terrain counting as ``treat_as``."""
        if not rule.treat_as:
            return view
        names = FAMILIES.get(self.system, {}).get(rule.terrain, frozenset({rule.terrain}))
        changed = replace(view, paths=set(view.paths), side_features=set(view.side_features))
        if view.terrain in names:
            changed.terrain = rule.treat_as
        for name in names & view.paths:
            changed.paths.discard(name)
        if rule.terrain == "bridge" or names & {"stream"}:
            changed.impassable = None
        for name in names & view.side_features:
            changed.side_features.discard(name)
            changed.side_features.add(rule.treat_as)
        return changed

    def _part(self, o: _Override, amount: str) -> CostPart:
        source = o.rule.source or self.rules_source
        placeholder = None if source else "the scenario's special rule"
        return CostPart(
            f"special rule {o.index + 1} ({o.rule.terrain})", amount, source, placeholder
        )

    def _apply(self, cls: MovementClass, o: _Override, tally: _Tally) -> None:
        rule = o.rule
        if rule.impassable:
            tally.prohibit(self._part(o, "P"))
            return
        if rule.impassable is False and tally.prohibited:
            tally.prohibited = False
            tally.parts.append(self._part(o, "passable"))
        cost = self._cost_for(cls, rule.movement_cost)
        if cost is not None:
            tally.cost, tally.prohibited, tally.per_unit = cost, False, None
            tally.parts.append(self._part(o, f"={_number(cost)}"))
        if rule.extra_cost is not None:
            tally.add(rule.extra_cost, self._part(o, f"+{_number(rule.extra_cost)}"))

    # --- the systems --------------------------------------------------------------------------

    def _base(self, cls: MovementClass, view: _View) -> _Tally:
        tally = _Tally()
        if view.impassable is not None:
            option = view.impassable
            tally.prohibit(CostPart(f"terrain option {option.option}", "P", option.source))
            return tally
        if self.system is GameSystem.ARMOR:
            self._armor(cls, view, tally)
        elif self.system is GameSystem.PANZER44:
            self._panzer44(cls, view, tally)
        elif self.system is GameSystem.SOLDIERS:
            self._soldiers(cls, view, tally)
        else:
            self._panzer_command(cls, view, tally)
        return tally

    def _effect(self, terrain: str, key: str) -> _Effect | None:
        return terrain_effect(self.system, terrain, key)

    def _hex(self, view: _View, key: str, tally: _Tally, terrain: str | None = None) -> None:
        """The cost of the hex's own terrain: a number, prohibited, or the other terrain's."""
        t = terrain or view.terrain
        read, change = self.terrain.effect_key(view.h, t, key)
        found = self._effect(t, read)
        if change is not None and found is not None:
            found = replace(found, source=f"{found.source or ''}; {change.source}".strip("; "))
        added = self._effect(t, f"{key}_added")
        value = found.value if found is not None else None
        if found is None and added is not None:
            self._other(view, key, tally, t)
            tally.add(float(str(added.value)), added.part(t, f"+{added.value}"))
        elif found is None or value in ("other", "none"):
            self._other(view, key, tally, t, found)
        elif value in ("P", "impassable"):
            tally.prohibit(found.part(t, "P"))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            tally.add(float(value), found.part(t))
        else:
            tally.notes.append(f"{t}: {key} '{value}' is not a cost")
            tally.parts.append(found.part(t))

    def _other(
        self, view: _View, key: str, tally: _Tally, terrain: str, found: _Effect | None = None
    ) -> None:
        """ "OT": the cost of the other terrain in the hex (the next layer down; clear)."""
        if found is not None:
            tally.parts.append(found.part(terrain, "OT"))
        else:
            tally.notes.append(f"{terrain} has no '{key}': the other terrain in the hex counts")
        below = view.under[0] if view.under else "clear"
        if below == terrain:
            if terrain == "clear":  # the catalogue prices nothing here: say so, stop
                tally.notes.append(f"the terrain catalogue gives no '{key}' for clear")
                return
            below = "clear"
        rest = replace(view, under=view.under[1:])
        self._hex(rest, key, tally, below)

    def _armor(self, cls: MovementClass, view: _View, tally: _Tally) -> None:
        """Armor [AG V.B.2; CS Vehicle Movement Costs; ADV V.A.1]."""
        along = _armor_along(view)
        if along is not None:
            found = self._effect(along, cls.key)
            assert found is not None  # road and track price both classes
            if isinstance(found.value, str) and found.value.startswith("card"):
                tally.per_unit = str(found.value)
                tally.parts.append(found.part(f"along {along}"))
                tally.notes.append(f"the unit's Data Card {along.title()} Movement Cost")
            else:
                tally.add(float(str(found.value)), found.part(f"along {along}"))
            return
        terrain = view.terrain
        if view.layer != "overlay" and "stream" in view.paths and terrain != "ford":
            terrain = "bridge" if _armor_crossing(view) else "stream"
        self._hex(view, cls.key, tally, terrain)
        if "crest" in view.side_features and not tally.prohibited:
            crest = self._effect("crest", f"{cls.key}_added")
            if crest is not None:
                tally.add(float(str(crest.value)), crest.part("crest hexside", f"+{crest.value}"))

    def _panzer44(self, cls: MovementClass, view: _View, tally: _Tally) -> None:
        """Panzer '44 [10.11]-[10.14], [10.31]-[10.32]: hex cost plus hexside costs; along a
        road the road rate, ignoring all other terrain."""
        for path, what in (("road", "along road"), ("bridge", "bridge hexside")):
            if path in view.side_paths or path in view.side_features:
                found = self._effect(path, cls.key)
                assert found is not None
                tally.add(float(str(found.value)), found.part(what))
                return
        if view.terrain == "town" and view.from_terrain == "town":
            found = self._effect("town", "move_via_road")
            if found is not None:
                tally.add(float(str(found.value)), found.part("town to town"))
                return
        self._hex(view, cls.key, tally)
        for feature in sorted(view.side_features):
            found = self._effect(feature, cls.key)
            if found is None:
                continue
            assert view.side is not None
            if (
                self._effect(feature, "uphill_only")
                and self.terrain.lower(view.side, feature) != view.f
            ):
                continue  # a slope costs only climbing it from the splashed hex [10.31]
            if found.value == "impassable":
                tally.prohibit(found.part(f"{feature} hexside", "P"))
            else:
                amount = float(str(found.value))
                tally.add(amount, found.part(f"{feature} hexside", f"+{_number(amount)}"))

    def _soldiers(self, cls: MovementClass, view: _View, tally: _Tally) -> None:
        """Soldiers [7.21], [7.25]: AP per hex, plus hedges crossed; river and pond impassable."""
        impassable = self._effect(view.terrain, "impassable")
        if impassable is not None and impassable.value is True:
            tally.prohibit(impassable.part(view.terrain, "P"))
            return
        if view.side is not None and view.side in self._uncrossable:
            tally.prohibit(self._uncrossable[view.side])
            return
        river = self.terrain.option_choice("water", view.h) == "river"
        if view.terrain == "bridge" and river:
            rule = self._effect("bridge", "entry")
            if view.f is None:
                tally.notes.append("a river bridge is entered only through a road hexside")
            elif "road" not in view.side_paths and rule is not None:
                tally.prohibit(rule.part("bridge over a river", "P"))
                return
        self._hex(view, cls.key, tally)
        extra = self._effect(view.terrain, "ap_extra")
        if extra is not None and extra.value:
            tally.add(float(str(extra.value)), extra.part(view.terrain, f"+{extra.value}"))
        for feature in sorted(view.side_features):
            cross = self._effect(feature, "ap_cross")
            if cross is not None and cross.value:
                tally.add(float(str(cross.value)), cross.part(f"{feature} hexside", "+1"))
        leave = self._effect(view.from_terrain or "", "ap_leave")
        if leave is not None:
            tally.add(float(str(leave.value)), leave.part(f"leaving {view.from_terrain}"))
        if self._effect(view.terrain, "stop"):
            tally.notes.append(f"entering {view.terrain} ends the man's movement")

    def _panzer_command(self, cls: MovementClass, view: _View, tally: _Tally) -> None:
        """Panzer Command [§5.1; §16.2-16.3]: across a road or track hexside the path's cost
        instead of the hex and hexside costs, except an unbridged stream; rivers only by
        bridge."""
        bridged = "bridge" in view.side_features
        along = next((p for p in ("road", "track") if p in view.side_paths), None)
        if along is not None:
            found = self._effect(along, cls.key)
            assert found is not None
            tally.add(float(str(found.value)), found.part(f"along {along}"))
        else:
            self._hex(view, cls.key, tally)
        for feature in sorted(view.side_features):
            if along is not None and feature != "stream" and feature != "river":
                continue
            if bridged and feature in ("river", "stream"):
                continue  # a bridge cancels them [§5.1; §16.3]
            found = self._effect(feature, cls.key)
            if found is None or found.value == "none":
                continue
            if found.value == "P":
                tally.prohibit(found.part(f"{feature} hexside", "P"))
            elif isinstance(found.value, str) and found.value.startswith("+"):
                amount = float(found.value[1:])
                if amount:
                    tally.add(amount, found.part(f"{feature} hexside"))


def _armor_along(view: _View) -> str | None:
    """The road or track a vehicle moves along into the hex, if any: the path crosses the
    hexside and the hex is not covered by a terrain unit other than a Span (a terrain unit
    negates the printed terrain [Setup II.C.7]); a Ford hex takes the Stream cost."""
    if view.layer == "overlay" and view.terrain != "span":
        return None
    if view.terrain == "ford":
        return None
    return next((p for p in ("road", "track") if p in view.side_paths), None)


def _armor_crossing(view: _View) -> bool:
    """Armor: a stream hex that is a Bridge hex (a road or track crosses the stream there on
    Hexwright's boards, or a Bridge is painted, or a Span lies on it)."""
    return view.terrain in ("bridge", "span") or bool({"road", "track"} & view.printed_paths)


def _pond_sides(terrain: MapTerrain) -> dict[Hexside, CostPart]:
    """Soldiers [7.25]: the pond's hexsides that may not be crossed, in every scenario."""
    found = terrain_effect(GameSystem.SOLDIERS, "pond", "uncrossable_hexsides")
    if found is None or not isinstance(found.value, list):
        return {}
    result: dict[Hexside, CostPart] = {}
    for placement in terrain.amap.placements:
        section = terrain.amap.section_of(placement)
        if "pond" not in set(section.terrain.values()):
            continue
        for text in found.value:
            a, b = (section.hex_at(int(t[:2]), int(t[2:])) for t in str(text).split("/"))
            if a is not None and b is not None:
                side = Hexside.between(placement.to_global(a), placement.to_global(b))
                result[side] = found.part("pond hexside", "P")
    return result
