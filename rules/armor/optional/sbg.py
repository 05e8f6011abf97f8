"""The Churchill SBG Bridge AVRE [OP XXV.C] (its state in :class:`rules.armor.optional.
specials.Specials`).

- Laying [C.1-2]: the book has the AVRE moved adjacent to and facing a Ditch, one hex wide
  River or Stream hex, and the bridge laid during the Movement Execution Phase of the
  following Turn if it has not been Knocked Out nor its crew Bailed Out and it remains in
  its hex. Our notation: the order "SPAN" (no movement, no fire) plotted while it stands so,
  the Span laid over the hex its hull faces when its side's movement is carried out
  (:func:`rules.armor.execution.move_side`, in unit order). One Span a game; never picked
  up. A River hex is "one hex wide" when the hex beyond it, straight on, is not River (our
  reading).
- Crossing [C.3; C.5]: every unit enters the Span hex at the Clear cost (1) unless a Vehicle
  there is unable to move (a Wreck, an abandoned, immobile Vehicle: the Span blocked for
  good), or a unit of the other side is in the hex (no Span costs for the enemy); then the
  hex costs its own terrain. A Vehicle over 40 tons (its weight with what it transports, the
  catalogue's estimates) that enters it destroys the Span and is Knocked Out.
- Fire at it [C.4]: the target ``span@<hex>`` of a Direct Fire order in the Advanced Game
  (GP fire, as 4B's Supply Dumps: :mod:`rules.armor.dumps`), by guns of 45mm or 6 lb or more
  only; GP Defense Factor 7; a Knock Out result destroys it and Knocks Out every unit on it.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.events import PhaseNote
from rules.armor.optional import card_value
from rules.armor.optional.events import HexChanged
from rules.armor.orders import Order

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.move import EnterCost
    from rules.armor.units import ArmorUnit

#: What a Span's target id starts with in a fire order [OP XXV.C.4].
PREFIX = "span@"
CAPACITY = 40.0  # tons [OP XXV.C.3]
DEFENSE = 7  # the Span's GP Defense Factor [OP XXV.C.4]
SMALLEST_GUN = 45  # mm: "45mm or 6 lb. in size, or more" [OP XXV.C.4]
CLEAR_COST = Fraction(1)  # "Movement cost is as for Clear hexes" [OP XXV.C.3]


def bridge_layer(state: ArmorState, unit: str) -> bool:
    """A Churchill SBG Bridge AVRE [OP XXV.C]."""
    spec = state.game.units.get(unit)
    return spec is not None and card_value(spec.type_id, "spans_per_game") is not None


def bridgeable(state: ArmorState, h: Hex, direction: int) -> bool:
    """A Ditch, Stream or one hex wide River hex, faced in ``direction`` [OP XXV.C.1]."""
    from rules.armor.support.effects import standing

    game = state.game
    if not game.on_map(h) or h in state.specials.spans:
        return False
    eff = game.terrain.effective(h)
    if eff.terrain in ("ditch", "stream") or "stream" in eff.paths:
        return True
    if "ditch" in standing(state).get(h, ()):
        return True
    beyond = h.neighbor(direction)
    return eff.terrain == "river" and not (
        game.on_map(beyond) and game.terrain.terrain(beyond) == "river"
    )


def _faced(state: ArmorState, unit: str) -> Hex:
    return state.troops.hexes[unit].neighbor(state.troops.facing[unit])


def why_not_span(state: ArmorState, order: Order) -> str | None:
    """Why the "SPAN" order may not be plotted [OP XXV.C.1-2], or None."""
    unit = order.unit
    if not bridge_layer(state, unit):
        return f"{unit} is no SBG Bridge AVRE [OP XXV.C]"
    if order != Order(unit, span=True):
        return "laying the Span, it remains in its hex: no other orders [OP XXV.C.1]"
    if unit in state.specials.laid:
        return "each SBG Bridge AVRE may place only one Span unit per game [OP XXV.C.2]"
    if not bridgeable(state, _faced(state, unit), state.troops.facing[unit]):
        return (
            "it does not face a Ditch, one hex wide River or Stream hex adjacent to it [OP XXV.C.1]"
        )
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """The "SPAN" order, when ``unit`` may lay its Span now."""
    order = Order(unit, span=True)
    return [order] if bridge_layer(state, unit) and why_not_span(state, order) is None else []


def lay(state: ArmorState, unit: str) -> None:
    """Lay the Span over the hex faced, in the Movement Execution Phase [OP XXV.C.1]."""
    troops = state.troops
    if unit not in troops.hexes or unit in troops.abandoned or unit in state.specials.laid:
        return  # Knocked Out, or its crew Bailed Out [C.1]
    h = _faced(state, unit)
    if not bridgeable(state, h, troops.facing[unit]):
        return
    state.specials.spans[h] = unit
    state.specials.laid.add(unit)
    what = f"Span unit laid by {unit}: the hex is bridged (40 tons, Clear costs)"
    state.emit(HexChanged(state.game.name(h), what, "[OP XXV.C.1-3]"))


def _blocked(state: ArmorState, h: Hex, side: str) -> bool:
    """The Span may not be used: a Vehicle unable to move on it, or a unit of the other side
    in the hex [OP XXV.C.5]."""
    if h in state.damage.wrecks:
        return True
    for u, where in state.troops.hexes.items():
        if where != h:
            continue
        spec = state.game.units[u]
        if spec.side != side:
            return True
        if spec.vehicle and (state.immobile(u) or u in state.troops.abandoned):
            return True
    return False


def cost(state: ArmorState, unit: ArmorUnit, base: EnterCost) -> EnterCost:
    """Entering a Span hex at the Clear cost, unless blocked [OP XXV.C.3; C.5]."""
    spans = state.specials.spans
    if not spans:
        return base

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        if to in spans and not _blocked(state, to, unit.side):
            return CLEAR_COST
        return base(frm, to)

    return enter


def entered(state: ArmorState, unit: str, h: Hex) -> str | None:
    """An overweight Vehicle entering a Span destroys it and is Knocked Out [OP XXV.C.3]."""
    from rules.armor.optional.vehicles import emergency_weight

    spec = state.game.units[unit]
    if h not in state.specials.spans or not spec.vehicle:
        return None
    weight, why = emergency_weight(state, unit)
    if weight <= CAPACITY:
        return None
    del state.specials.spans[h]
    what = f"the Span unit is destroyed by {unit} ({why}; over 40 tons)"
    state.emit(HexChanged(state.game.name(h), what, "[OP XXV.C.3]"))
    state.inflict(unit, "knocked-out")
    return "over 40 tons on the Span: the Span destroyed and the unit Knocked Out [OP XXV.C.3]"


# --- fire at the Span [OP XXV.C.4] ------------------------------------------------------------


def targets(state: ArmorState) -> dict[str, Hex]:
    """Every Span standing, by its target id (``span@K2016``)."""
    return {f"{PREFIX}{state.game.name(h)}": h for h in sorted(state.specials.spans)}


def is_span(target: str) -> bool:
    return target.startswith(PREFIX)


def why_not_fire(state: ArmorState, unit: str) -> str | None:
    """Only guns of 45mm or 6 lb or more may fire at a Span unit [OP XXV.C.4]."""
    from rules.armor.optional.specials import petard

    gun = state.game.units[unit].gun or ""
    found = re.match(r"(\d+)", gun)
    size = int(found.group(1)) if found else 0
    if "pdr" in gun or " lb" in gun:
        size = 57 if size >= 6 else 40  # 6 lb is 57mm; the 2 pdr 40mm
    if size >= SMALLEST_GUN or petard(state, unit):  # our reading: the 290mm mortar is one
        return None
    return "only guns of 45mm or 6 lb. in size, or more, may fire at the Span unit [OP XXV.C.4]"


def destroy(state: ArmorState, target: str) -> None:
    """A Knock Out result on the Span: destroyed, every unit on it Knocked Out [OP XXV.C.4]."""
    h = targets(state).get(target)
    if h is None:
        return
    del state.specials.spans[h]
    name = state.game.name(h)
    state.emit(PhaseNote("Direct Fire", f"the Span unit in {name} is destroyed", "[OP XXV.C.4]"))
    for u, where in sorted(state.troops.hexes.items()):
        if where == h:
            state.inflict(u, "knocked-out")
