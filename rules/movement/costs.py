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
from types import MappingProxyType

from model.catalog import terrain_types
from model.hexes import Hex, Hexside
from model.provenance import Scalar, Value
from model.regions import RegionContext, evaluate
from model.scenario import Scenario
from model.systems import GameSystem
from model.terrainview import EffectiveTerrain, MapTerrain, OptionChange
from model.victory import SpecialRule, TerrainOverride
from rules.engine.special_rules import Enforce
from rules.registry import rules_for


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
        return number(self.cost)

    @property
    def rule(self) -> str:
        """How the cost is made up, with provenance: ``rough 4 [Armor [CS ...]] + crest +3``."""
        return " ".join(f"{p.what} {p.amount} [{p.provenance}]" for p in self.parts)


def number(value: float | None) -> str:
    if value is None:
        return "?"
    fraction = Fraction(value).limit_denominator(12)
    return str(fraction) if fraction.denominator != 1 else str(fraction.numerator)


@dataclass(frozen=True)
class Effect:
    value: Scalar | list[Scalar]
    source: str | None
    placeholder: str | None

    def part(self, what: str, amount: str | None = None) -> CostPart:
        text = amount if amount is not None else str(self.value)
        return CostPart(what, text, self.source, self.placeholder)


def terrain_effect(system: GameSystem, terrain: str, key: str) -> Effect | None:
    """An effect of the system's terrain catalogue with its provenance (a plain value takes
    its entry's), or None when the catalogue gives the terrain no such effect."""
    entry = terrain_types(system).get(terrain)
    if entry is None or key not in entry.effects:
        return None
    item = entry.effects[key]
    if isinstance(item, Value):
        return Effect(item.value, item.source, item.placeholder)
    if entry.plain_values_are_placeholders:
        return Effect(item, None, entry.placeholder or "the entry's values are placeholders")
    return Effect(item, entry.source, None)


@dataclass
class MoveView:
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
class CostTally:
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


def _has_effect(rule: TerrainOverride) -> bool:
    """Whether a terrain override says in its fields what it does to movement (else it is
    kept in the book's words only)."""
    return bool(
        rule.treat_as
        or rule.movement_cost
        or rule.extra_cost is not None
        or rule.impassable is not None
    )


def _words_only(rule: SpecialRule) -> str | None:
    if isinstance(rule, TerrainOverride) and not _has_effect(rule):
        return "it is in the book's words only: movement costs are the book's"
    return None


#: What :class:`Movement` enforces of a scenario's ``terrain-override`` rules, for the games
#: that price their moves with it to declare (:attr:`rules.engine.core.Game.enforces`): the
#: costs, impassability, the classes and the region it names; a terrain "treated as" another
#: counts for movement only; one in words only is not applied (nor one the book marks
#: optional, :func:`rules.engine.special_rules.why_not_enforced`).
TERRAIN_OVERRIDES = Enforce(
    ignores={"treat_as": "the terrain counts as another for movement costs only"},
    check=_words_only,
)
#: What a game enforces of the special rules by pricing its moves with :class:`Movement`
#: alone, for its declaration (:attr:`rules.engine.core.Game.enforces`).
ENFORCED_BY_MOVEMENT: Mapping[str, Enforce] = MappingProxyType(
    {"terrain-override": TERRAIN_OVERRIDES}
)


@dataclass(frozen=True)
class _Override:
    index: int
    rule: TerrainOverride
    hexes: frozenset[Hex] | None


class MovementRules:
    """What one system's book says of movement costs; each system package subclasses it
    (``rules/<system>/costs.py``) and registers it (:mod:`rules.registry`).

    Attributes:
        classes: the system's movement classes, each priced by a key of its terrain catalogue.
        families: terrain ids a special rule may use for a family of the catalogue's ids.
        paths: the paths a move along prices instead of the hex's terrain (roads, tracks).
    """

    classes: tuple[MovementClass, ...] = ()
    families: Mapping[str, frozenset[str]] = {}
    paths: tuple[str, ...] = ("road", "track")

    def uncrossable(self, terrain: MapTerrain) -> dict[Hexside, CostPart]:
        """Hexsides no move crosses on this map, by the system's rules (none by default)."""
        return {}

    def ids(self, movement: Movement, view: MoveView) -> set[str]:
        """The terrain ids a scenario's special rule may name for the hex entered."""
        return {view.terrain} | view.paths

    def along(self, view: MoveView) -> str | None:
        """The road or track the move follows into the hex, if any."""
        return next((p for p in self.paths if p in view.side_paths), None)

    def base(
        self, movement: Movement, cls: MovementClass, view: MoveView, tally: CostTally
    ) -> None:
        """Add what the book's terrain costs make of the move to ``tally``."""
        raise NotImplementedError


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
        self.include_optional = include_optional
        self.rules_source = rules_source
        ctx = RegionContext(terrain.amap, overlay_terrain=terrain.overlays.stacks)
        self.overrides = tuple(
            _Override(i, rule, evaluate(rule.region, ctx) if rule.region is not None else None)
            for i, rule in enumerate(special_rules)
            if isinstance(rule, TerrainOverride)
        )
        self.rules: MovementRules = rules_for(system).movement
        self.classes = self.rules.classes
        #: Hexsides the system's rules forbid crossing on this map (Soldiers' pond [7.25]).
        self.uncrossable = self.rules.uncrossable(terrain)
        self._hex_views: dict[Hex, tuple[EffectiveTerrain, tuple[str, ...]]] = {}
        self._side_views: dict[
            tuple[Hex, Hex], tuple[Hexside, frozenset[str], frozenset[str], str | None]
        ] = {}
        #: Each answer of :meth:`cost`, by class, hex and side: the terrain view never changes,
        #: and a game asks the same entry for each unit type of a class (bounded by the map,
        #: as the views above).
        self._costs: dict[tuple[str, Hex, Hex | None], MoveCost] = {}

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
        key = (movement_class, h, from_hex)
        found = self._costs.get(key)
        if found is None:
            found = self._costs[key] = self._cost(movement_class, h, from_hex)
        return found

    def _cost(self, movement_class: str, h: Hex, from_hex: Hex | None) -> MoveCost:
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

    def _view(self, h: Hex, f: Hex | None) -> MoveView:
        eff, under = self._hex_view(h)
        side = None
        features: frozenset[str] = frozenset()
        routes: frozenset[str] = frozenset()
        from_terrain = None
        if f is not None:
            side, features, routes, from_terrain = self._side_view(h, f)
        return MoveView(
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

    def _ids(self, view: MoveView) -> set[str]:
        """The terrain ids a special rule may name for the hex entered."""
        return self.rules.ids(self, view)

    # --- special rules ------------------------------------------------------------------------

    def _matches(self, o: _Override, view: MoveView) -> bool:
        """Whether a rule names the terrain of this move. Along a road or track every system
        prices the path instead of the hex's own terrain, so a rule naming only that terrain
        does not count there (Panzer '44 19.9 doubles clear terrain "off-road")."""
        if o.hexes is not None and view.h not in o.hexes:
            return False
        names = self.rules.families.get(o.rule.terrain, frozenset({o.rule.terrain}))
        ids = self._ids(view) | view.side_features
        if self._along(view) is not None:
            ids = (ids - {view.terrain, "contour-splash"}) | set(view.side_paths)
        return bool(names & ids)

    def _along(self, view: MoveView) -> str | None:
        return self.rules.along(view)

    def _applicable(
        self, cls: MovementClass, matched: Iterable[_Override], view: MoveView
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

    def _treat(self, rule: TerrainOverride, view: MoveView) -> MoveView:
        """The move with the rule's terrain counting as ``treat_as``."""
        if not rule.treat_as:
            return view
        names = self.rules.families.get(rule.terrain, frozenset({rule.terrain}))
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

    def _apply(self, cls: MovementClass, o: _Override, tally: CostTally) -> None:
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
            tally.parts.append(self._part(o, f"={number(cost)}"))
        if rule.extra_cost is not None:
            tally.add(rule.extra_cost, self._part(o, f"+{number(rule.extra_cost)}"))

    # --- the systems --------------------------------------------------------------------------

    def _base(self, cls: MovementClass, view: MoveView) -> CostTally:
        tally = CostTally()
        if view.impassable is not None:
            option = view.impassable
            tally.prohibit(CostPart(f"terrain option {option.option}", "P", option.source))
            return tally
        self.rules.base(self, cls, view, tally)
        return tally

    def effect(self, terrain: str, key: str) -> Effect | None:
        """An effect of the system's terrain catalogue, with its provenance."""
        return terrain_effect(self.system, terrain, key)

    def hex_cost(
        self, view: MoveView, key: str, tally: CostTally, terrain: str | None = None
    ) -> None:
        """The cost of the hex's own terrain: a number, prohibited, or the other terrain's."""
        t = terrain or view.terrain
        read, change = self.terrain.effect_key(view.h, t, key)
        found = self.effect(t, read)
        if change is not None and found is not None:
            found = replace(found, source=f"{found.source or ''}; {change.source}".strip("; "))
        added = self.effect(t, f"{key}_added")
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
        self, view: MoveView, key: str, tally: CostTally, terrain: str, found: Effect | None = None
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
        self.hex_cost(rest, key, tally, below)
