"""4B's Supply Dumps [SCN VIII.B.3]: "The Building units represent Supply Dumps. Treat them as
Clear Terrain of elevation level +1 rather than Building hexes. These Supply Dumps have a GP
Defense Factor of '5' each, and can be destroyed with a Knocked Out result from GP Fire. When
destroyed, they automatically Burn, with the usual effects."

Clear level +1 (:func:`as_clear`): a scenario's ``terrain-override`` of ``building`` as
``clear``, whole and in force (4B's), is played on the map itself when the game is made: every
Building hex (a Building unit laid, painted or printed) becomes a Clear hex one level above
its ground (the Hill units under it counted), its Building units taken off. So every rule
reads it as Clear: movement (the Vehicle/Building check gone), the Sighting Ranges Table's
Clear column [AG IV.C], the AP Target Terrain Modifier and Hull Down [AG VI.B.3; GC1], a Leg
or Towed unit's GP Defense [ADV VI.B.4], lines of sight over a level +1 hex [AG IV.B.1.h],
no storeys [ADV IV.B.2]. Our reading: the +1 is the book's for 4B, the only Building-as-Clear
rule it has. The map objects' regions still read the map as laid out (the dumps are its
Building units: :meth:`rules.maps.game.MapGame.region`).

Each hex of a scenario's map objects of kind ``dump`` is one Supply Dump (a Building unit is a
one-hex unit [Setup II.C]); its target id in an order is ``<objects>@<hex>``
(``supply-dumps@K2016``). In the Advanced Game (GP fire [ADV VI.B]) a unit that may fire GP may
be ordered to fire at a dump it sees (a clear line of sight [AG IV.B]; our reading: a Supply
Dump, terrain, is sighted at any range along a clear line), in its Field of Fire [AG VI.A.3]
and GP range, without movement: the shot is one GP roll as at a unit (:mod:`rules.armor.gp`),
against the dump's Defense Factor, its results applied with the Direct Fire Phase's. A "K"
destroys the dump, and it Burns (:func:`destroy`): a Fire unit is placed in its hex [SCN
VIII.B.3; OP XI] with the Fire's usual effects, played by the Fire and Smoke Phase that the
game then has in the Advanced Game (:mod:`rules.armor.optional.blaze`): no unit enters it and
one still there at the end of the next Turn is eliminated [OP XI.E], it is Smoke for sighting
[OP XI.D], it Spreads, Continues or Ends on the Fire Status Table [OP XI.B] (our reading: in
the row of the dump's Building unit as laid out, its construction; it spreads to Building and
Alley hexes, never to a standing dump, Clear terrain). The Armor Game fires only AP [ADV VI.B],
so there its dumps cannot be destroyed. A Mortar Team, which fires at a hex and the units in it
[OP II.E.3; E.5.b], is not offered a dump (our reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.mapstate import TerrainEdits
from model.overlays import OverlayMap
from model.terrainview import MapTerrain
from model.victory import SpecialRule, TerrainOverride
from rules.armor.events import PhaseNote
from rules.armor.fire import field_of_fire
from rules.armor.gp import column, gp_factor, hit_line, may_fire_gp, result_of
from rules.armor.optional import blaze, sbg
from rules.armor.optional.events import HexChanged
from rules.armor.range import describe_range, range_between
from rules.movement.costs import Movement

if TYPE_CHECKING:
    from model.scenario import Scenario
    from rules.armor.game import ArmorGame, ArmorState

RULE = "[SCN VIII.B.3; ADV VI.B; GC1 GP Hit Table]"
AS_CLEAR = "[SCN VIII.B.3]"


def is_as_clear(rule: SpecialRule) -> bool:
    """Whether ``rule`` is a ``terrain-override`` of ``building`` as ``clear``, whole (no
    region, movement class, path or cost of its own) and in force: 4B's "treat them as Clear
    Terrain of elevation level +1 rather than Building hexes" [SCN VIII.B.3]."""
    if not isinstance(rule, TerrainOverride) or rule.optional:
        return False
    if (rule.terrain, rule.treat_as) != ("building", "clear") or rule.region is not None:
        return False
    if rule.applies_to or rule.except_along or rule.movement_cost:
        return False
    return rule.extra_cost is None and rule.impassable is None


def as_clear_rule(scenario: Scenario) -> SpecialRule | None:
    """The scenario's rule that plays its Building hexes as Clear level +1 (:func:`is_as_clear`),
    or None."""
    return next((r for r in scenario.special_rules if is_as_clear(r)), None)


def as_clear(game: ArmorGame) -> dict[Hex, str]:
    """Play ``game``'s map with its Building hexes as Clear terrain of elevation level +1
    [SCN VIII.B.3] when the scenario's rule says so (:func:`as_clear_rule`), before the set-up
    reads the map; the Fire Tables row of each such hex as laid out (its Building units'
    construction, for the Fire a destroyed dump becomes). Nothing (an empty dict) without
    the rule."""
    if as_clear_rule(game.scenario) is None:
        return {}
    terrain = game.terrain
    names = game.movement.rules.families.get("building", frozenset({"building"}))
    hexes = {h for h in terrain.hexes() if names & _laid(terrain, h)}
    if not hexes:
        return {}
    rows = {h: row for h in sorted(hexes) if (row := blaze.fire_row(game, h)) is not None}
    laid = terrain.overlays
    stacks = {h: list(kinds) for h, kinds in laid.stacks.items() if h not in hexes}
    edits = TerrainEdits(
        terrain={**terrain.edits.terrain},
        elevation={**terrain.edits.elevation},
        added=terrain.edits.added,
        removed=terrain.edits.removed,
    )
    for h in hexes:
        edits.terrain[h] = "clear"
        edits.elevation[h] = terrain.ground(h) + 1  # its Hill units counted, then +1
    game.terrain = terrain.with_layers(OverlayMap(stacks, list(laid.placed)), edits)
    game.movement = Movement.for_scenario(game.scenario, game.terrain)
    game.forget_terrain()
    return rows


def as_clear_note(game: ArmorGame) -> PhaseNote | None:
    """The log's word, at the start, on the Building hexes played as Clear level +1, or None
    (:func:`as_clear`)."""
    if not game.dump_rows:
        return None
    names = ", ".join(sorted(game.name(h) for h in game.dump_rows))
    note = (
        f"the Building hexes {names} are Clear terrain of elevation level +1 rather than "
        "Building hexes, for movement, sight and fire (their Building units taken off the map)"
    )
    return PhaseNote("Terrain Set Up", note, AS_CLEAR)


def dumps(state: ArmorState) -> dict[str, Hex]:
    """Every Supply Dump not yet destroyed, by target id (``supply-dumps@K2016``)."""
    game = state.game
    found: dict[str, Hex] = {}
    for obj in game.scenario.map.objects:
        if obj.kind != "dump":
            continue
        for h in sorted(game.region(obj.region), key=game.name):
            target = f"{obj.name}@{game.name(h)}"
            if target not in state.objectives.destroyed_objects:
                found[target] = h
    found.update(sbg.targets(state))  # the SBG Bridge AVREs' Span units [OP XXV.C.4]
    return found


def is_dump(target: str) -> bool:
    """Whether an order's fire target names a Supply Dump rather than a unit."""
    return "@" in target


def target_hex_name(target: str) -> str:
    """The hex a dump's or a Span's target id names: ``supply-dumps@K2016`` is in K2016."""
    return target.split("@", 1)[1]


def _defense(state: ArmorState, target: str) -> int:
    if sbg.is_span(target):
        return sbg.DEFENSE  # [OP XXV.C.4]
    name = target.split("@", 1)[0]
    obj = next(o for o in state.game.scenario.map.objects if o.name == name)
    return obj.defense or 0


def why_not_dump(state: ArmorState, unit: str, target: str, moving: bool) -> str | None:
    """Why ``unit`` may not be ordered to fire at the Supply Dump ``target``, or None."""
    h = dumps(state).get(target)
    if h is None:
        return f"there is no Supply Dump or Span unit '{target}' standing"
    if not state.game.advanced:
        return "Supply Dumps are destroyed by GP fire, which the Armor Game does not play"
    spec = state.game.units[unit]
    if sbg.is_span(target) and sbg.why_not_fire(state, unit) is not None:
        return sbg.why_not_fire(state, unit)
    if spec.mortar:  # it fires at a hex, at the Combat units in it [OP II.E.3; E.5.b]
        return (
            "a Mortar Team fires at a hex, at the units in it: not at a Supply Dump (our reading)"
        )
    if not may_fire_gp(spec) or (spec.gun is not None and state.gun_lost(unit)):
        return "it has no GP weapon this slice plays [ADV VI.B]"
    if spec.leg and state.suppressed(unit):
        return "Suppressed: a Leg or Towed unit may not fire [ADV IV.D]"
    if state.transported(unit):
        return "transported: firing from a Vehicle is not in this slice [ADV V.C.3]"
    if moving:
        return "our reading: a Supply Dump is fired at without movement"
    a = state.troops.hexes[unit]
    if a != h and a.distance(h) > 1 and state.game.los(a, h).verdict == "blocked":
        return "the line of sight to it is blocked [AG IV.B]"
    arc = field_of_fire(state, unit, a, h)  # from inside a Pillbox: 180 degrees [VI.A.4.e]
    if arc is not None:
        return arc
    if gp_factor(state, unit, range_between(a, h), False) <= 0:
        return f"beyond its GP range ({describe_range(a, h)}; a placeholder Gunnery Table)"
    return None


def options(state: ArmorState, unit: str) -> list[str]:
    """The Supply Dumps ``unit`` may be ordered to fire at now."""
    return [t for t in dumps(state) if why_not_dump(state, unit, t, False) is None]


def fire(state: ArmorState, unit: str, target: str) -> bool:
    """``unit``'s GP fire at a Supply Dump, logged step by step; True on a Knocked Out result
    (the dump destroyed, applied by the caller with the phase's other results)."""
    h = dumps(state)[target]
    a = state.troops.hexes[unit]
    rng = range_between(a, h)
    factor = gp_factor(state, unit, rng, False)
    col = column(factor)
    d = _defense(state, target)
    n, s, note = hit_line(d, col)
    roll = state.roll(f"GP fire {unit} at {target}", 100)
    result = result_of(roll, roll, n, s)
    words = {"K": "Knocked Out: destroyed", "S": "Suppressed: no effect", "N": "No Damage"}
    what = "Span unit [OP XXV.C.4]" if sbg.is_span(target) else "Supply Dump"
    said = (
        f"{unit} fires GP at the {what} in {state.game.name(h)} "
        f"({describe_range(a, h)}): GP Factor {factor}, column {col}, Defense Factor {d}; "
        f"N {n}, S {s}; rolls {roll}: {words[result]}"
    )
    if note:
        said += f" (placeholder: {note})"
    state.emit(PhaseNote("Direct Fire", said, RULE))
    return result == "K"


def _laid(terrain: MapTerrain, h: Hex) -> set[str]:
    """The terrain units laid in ``h`` and the terrain painted or printed under them, before
    terrain options (an Alley unit used "as standard Building units" [OP XXVII.D] is not a
    Building unit)."""
    return {*terrain.overlays.kinds(h), terrain.edits.terrain.get(h) or terrain.printed(h)}


def destroy(state: ArmorState, target: str) -> None:
    """A Supply Dump destroyed; "When destroyed, they automatically Burn, with the usual
    effects" [SCN VIII.B.3]: a Fire unit placed in its hex [OP XI] (the Fire and Smoke Phase
    plays it, :mod:`rules.armor.optional.blaze`); a Span unit [OP XXV.C.4]."""
    if sbg.is_span(target):
        sbg.destroy(state, target)
        return
    state.objectives.destroyed_objects.add(target)
    name = target_hex_name(target)
    note = f"the Supply Dump in {name} is destroyed"
    state.emit(PhaseNote("Direct Fire", note, "[SCN VIII.B.3]"))
    h = state.game.hex_at(name)
    if h not in state.blazes.fires:
        state.blazes.fires[h] = state.play.turn
        burns = "the Supply Dump automatically Burns: Fire unit placed"
        state.emit(HexChanged(name, burns, "[SCN VIII.B.3; OP XI]"))
