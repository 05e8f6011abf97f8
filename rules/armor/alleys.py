"""Narrow Streets and Alleys [OP XXVII.D]: the Alleys' own rules where the scenario plays Alley
units as Alleys (``map.terrain_options: {alleys: alley}``; by default they are standard
Building units, the terrain ``building``, and none of this applies).

The book: "Alley units ... may be used as and treated as Alley units that are similar to
Building units, but employ some special rules. All rules for Buildings apply, except for the
following" [OP XXVII.D]:

1. sighting into Alleys reads the Sighting Ranges Table's Alley column [D.1]
   (:func:`rules.armor.fire.sight_group`: "Ford, Alley, Stream or Scrub");
2. Fires read the Fire Tables' Alley row [D.2] (:func:`rules.armor.optional.blaze.fire_row`);
3. "Vehicle units in Alley hexes are not Hull Down" (:func:`rules.armor.fire.hull_down` lists
   only the Brick and Stone Buildings); AP Fire at them takes the "Alley (OP)" -2 [GC1 AP
   Target Terrain Modifiers]; "For GP Fire against Vehicle units in Alley hexes, '10' is
   subtracted from the dice roll" (:func:`gp_modifier`); "GP Fire against Leg and Towed units
   is treated the same as if they were in a Building hex" (:func:`leg_defense_terrain`) [D.3];
4. "Vehicle units may enter and exit Alley hexes without the player having to roll the dice on
   the Vehicle/Building Table" (:func:`rules.armor.buildings.check` rolls only for Wood,
   Brick and Stone Buildings, and an Alley beside a Building is part of one large building
   crossed freely [AG VII.E.2.f; Setup II.C.2]); "Towed units may enter and exit Alley hexes
   without problems" (Loaded and Unloaded there, unlike in a Building [ADV V.B.3]); "Players
   that turn or Pivot in Place with Vehicle units in an Alley hex must roll the dice and
   consult the Vehicle/Building Table for possible Vehicle unit Damage (treat as a Brick
   Building)" (:func:`turn_check`); "Vehicle units that cannot enter Building hexes may not
   turn or Pivot in Place in an Alley hex" (:func:`why_not_turn`, refused when plotted; the
   order search (:func:`fixed`) turns them elsewhere) [D.4];
5. "Some Towed units may not Pivot in Place in an Alley hex" and 6. "Some Vehicle units (Notes
   on their Data Cards state 'Alley restrictions on turret turn')" [D.5-6]: which units is on
   the Data Cards, not in the text, and no card in ``resources/armor/units.yaml`` carries such
   a note, so no unit is restricted (we do not guess which);
7. "Mortar units can be fired from Alley hexes" [D.7]: the Mortar Teams' data says so
   (``may_fire_from``), but their rules [OP II.E] are not played yet.

Our readings where the book is short:

- a turn is a change of the hull's facing in the hex (an order that turns and turns back, net
  no change, does not turn); a unit that turns and also Pivots in Place in one hex rolls once;
- the roll is made as the Soft hex's is [OP XIII.A.2]: in the Movement Execution Phase, before
  the turn (in the hex it starts in, before it moves; in a hex it enters, once it is in it),
  and for a Pivot in Place there too, though the new facing is set in the Final Facing Phase;
- the roll is the Brick columns of the Vehicle/Building Table on the vehicle's row, TK and then
  GN Fwd or GN Rev as the turret faces the hull's front or rear (the hexside crossing's "Gun
  Reversed" [AG VII.E.2.b], the turn having no movement direction of its own); with Track
  damage the vehicle stays in the Alley hex facing as it was before the turn, its movement
  over (as [AG VII.E.2.e] keeps a vehicle "in the Building hex");
- the -10 against Vehicles is not taken over 4 Stacking Factors (fired on as Clear [GC1 GP
  Fire Modifiers]) nor by the hand-held Flamethrower (as [OP XXIX.D], whose Alley -10
  [OP XXIX.B] is the same modifier: with that option the larger of the two is taken once);
- "as if they were in a Building hex": the Target Information Chart's generic Building (the
  Building "Alleys are Buildings" plays: the placeholder chart's Wood Building figures).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import buildings
from rules.armor.events import AlleyTurnCheck
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.move import Walk
    from rules.armor.orders import Order

ALLEY = "alley"
#: The Vehicle/Building Table's columns a turn in an Alley reads [OP XXVII.D.4].
KIND = "Brick"
TURN_RULE = "[OP XXVII.D.4]"
GP_RULE = "[OP XXVII.D.3]"
#: The -10 on the dice roll of GP Fire at a Vehicle in an Alley hex [OP XXVII.D.3].
GP_VEHICLE = -10
#: The Building whose Target Information Chart column a Leg or Towed unit in an Alley reads.
AS_BUILDING = "building"
#: What the turret restrictions and the Towed units' pivot depend on [OP XXVII.D.5-6].
CARDS_NOTE = (
    "which Towed units may not Pivot in Place in an Alley hex [OP XXVII.D.5] and which "
    "Vehicles' cards say 'Alley restrictions on turret turn' [OP XXVII.D.6] is on the Data "
    "Cards, not in the text: no unit is restricted"
)


def is_alley(game: ArmorGame, h: Hex) -> bool:
    """``h`` is an Alley hex played as an Alley [OP XXVII.D] (the option's "Alleys are
    Buildings" makes its terrain a Building instead)."""
    return game.terrain.terrain(h) == ALLEY


def turns_in(w: Walk, facing: int, index: int) -> str | None:
    """What the walk does in its ``index``th hex (-1: the hex it starts in), ``facing`` the
    hull's facing there before any turn: ``"turns"`` (its hull leaves the hex, or ends, facing
    otherwise), ``"pivots"`` (a Pivot in Place there), or None. A walk cut in that hex ends
    facing as it entered and does not turn there."""
    last = len(w.hexes) - 1
    if index < last:
        after = w.hexes[index + 1][1]
        return "turns" if after != facing else None
    if w.pivot:
        return "pivots"
    return "turns" if w.facing != facing else None


def _turns(w: Walk, start: int) -> list[tuple[int, Hex, int, str]]:
    """Each hex of the walk (index, hex, facing before the turn, what) it turns or pivots in;
    ``start``: the facing it started with (a :class:`Walk` keeps its final one)."""
    found: list[tuple[int, Hex, int, str]] = []
    for i in range(-1, len(w.hexes)):
        h, facing = (w.start, start) if i < 0 else (w.hexes[i][0], w.hexes[i][1])
        what = turns_in(w, facing, i)
        if what is not None:
            found.append((i, h, facing, what))
    return found


def fixed(state: ArmorState, unit: str) -> Callable[[Hex], bool] | None:
    """The test of the hexes ``unit`` may not turn in, for the order search: the Alley hexes,
    for a Vehicle that may not enter Building hexes [OP XXVII.D.4]; None for any other unit
    (no hex is closed to its turns)."""
    spec = state.game.units[unit]
    if not (spec.vehicle and spec.no_buildings):
        return None
    game = state.game
    return lambda h: is_alley(game, h)


def why_not_turn(state: ArmorState, order: Order, w: Walk) -> str | None:
    """Why the order's movement ``w`` may not be plotted: a Vehicle that may not enter Building
    hexes [AG VII.E] turns or Pivots in Place in an Alley hex [OP XXVII.D.4]; else None."""
    spec = state.game.units[order.unit]
    if not (spec.vehicle and spec.no_buildings):
        return None
    for _, h, _, what in _turns(w, state.troops.facing[order.unit]):
        if is_alley(state.game, h):
            verb = "turn" if what == "turns" else "Pivot in Place"
            return (
                f"{order.unit} may not pass through buildings, so it may not {verb} in Alley hex "
                f"{state.game.name(h)}: 'Vehicle units that cannot enter Building hexes may "
                f"not turn or Pivot in Place in an Alley hex' {TURN_RULE}"
            )
    return None


def turning_words(state: ArmorState, unit: str, w: Walk) -> list[str]:
    """The preview's lines for a Vehicle's order that turns or pivots in Alley hexes."""
    if not state.game.units[unit].vehicle:
        return []
    turning = _turns(w, state.troops.facing[unit])
    hexes = [state.game.name(h) for _, h, _, _ in turning if is_alley(state.game, h)]
    if not hexes:
        return []
    return [
        f"turning or Pivoting in Place in Alley hex {', '.join(dict.fromkeys(hexes))}: a roll on "
        f"the Vehicle/Building Table as a Brick Building, TK then GN, before the turn "
        f"{TURN_RULE}; entering and leaving an Alley hex roll nothing"
    ]


def turn_check(state: ArmorState, unit: str, w: Walk, index: int, facing: int) -> str | None:
    """[OP XXVII.D.4]: a Vehicle that turns or Pivots in Place in the Alley hex of its walk's
    ``index``th hex (-1: its starting hex), ``facing`` its hull's facing there, rolls on the
    Vehicle/Building Table as for a Brick Building: Track damage ends its movement there (why,
    returned), Gun damage is marked and it goes on; None when it goes on."""
    spec = state.game.units[unit]
    h = w.start if index < 0 else w.hexes[index][0]
    if not spec.vehicle or not is_alley(state.game, h):
        return None
    what = turns_in(w, facing, index)
    if what is None:
        return None
    where = state.game.name(h)
    doing = f"{what} in Alley hex {where}"
    turret_back = state.troops.turret[unit] in (2, 3, 4)
    gun = "GN Rev" if turret_back else "GN Fwd"
    if _roll(state, unit, doing, f"{KIND} TK"):
        state.inflict(unit, "track")
        return f"Track damage turning in Alley hex {where}: it stays there {TURN_RULE}"
    if _roll(state, unit, doing, f"{KIND} {gun}"):
        state.inflict(unit, "gun")
    return None


def _roll(state: ArmorState, unit: str, doing: str, column: str) -> bool:
    """One roll on the Vehicle/Building Table on the vehicle's row [AG VII.E.2.a], for a turn
    in an Alley [OP XXVII.D.4]."""
    limit, rule, notes = buildings.row_limit(state, unit, column)
    roll = state.roll(f"Vehicle/Building {column} for {unit} ({doing}) {TURN_RULE}", 100)
    rule = f"{TURN_RULE} (as a Brick Building) " + rule
    state.emit(AlleyTurnCheck(unit, doing, column, roll, limit, roll <= limit, rule, notes))
    return roll <= limit


def gp_modifier(state: ArmorState, target: str) -> Modifier | None:
    """[OP XXVII.D.3]: GP Fire at a Vehicle in an Alley hex, -10 on the roll (not over 4
    Stacking Factors, fired on as Clear [GC1 GP Fire Modifiers]); None otherwise."""
    h = state.troops.hexes.get(target)
    if h is None or not state.game.units[target].vehicle or not is_alley(state.game, h):
        return None
    if state.stacking(h) > 4:
        return None
    return Modifier("Vehicle in an Alley hex", GP_VEHICLE, GP_RULE)


def leg_defense_terrain(game: ArmorGame, h: Hex) -> str | None:
    """The terrain whose Target Information Chart column a Leg or Towed unit in ``h`` reads
    when it is an Alley hex: a Building's [OP XXVII.D.3]; None when ``h`` is no Alley."""
    return AS_BUILDING if is_alley(game, h) else None
