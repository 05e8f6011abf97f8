"""A machinegun's or an infantry anti-tank weapon's own Tracking Fire order, "(UH)T-19" and
"(B)T-865" (OP) [OP XV; ADV IV.E.2-3] (:mod:`rules.armor.opportunity` triggers and fires it).

What the book says: "Independently fired machineguns may plot separate fire orders from the
main gun ... add the machinegun's letter codes to the firing plot" [ADV IV.E.2]; for PIATs,
Bazookas, Panzerfausts and Panzerschrecks "the player may plot separate Fire orders ... add
the weapon's letter codes to the firing plot" [ADV IV.E.3]. Tracking Fire "is plotted by
using the notation 'T' and the identification number of the target unit" [OP XV.A], a fire
order the Order Combination Table lists with "N" [SEQ 3]. The book prints only the Direct
Fire examples ("(UH)F-19", "(B)F-865"); "separate fire orders" are not limited to Direct
Fire, so our reading writes the letter codes on the Tracking plot: "(UH)T-19", "(B)T-865",
played only where the scenario uses the Tracking Fire Optional Rule (``tracking-fire``):

- **Plotted** at an enemy unit the Vehicle (the squad) sights at the start of the Turn
  [OP XV.B.1]; a weapon's only at a Vehicle (AP only at Vehicles [ADV VI.B]). "All
  Opportunity Fire rules apply" [OP XV.B]: "with Opportunity Fire, no other orders of any
  kind" [AG V.A.2.b(1)], our reading as for the weapons' own "N" orders: the unit does not
  move, Load, Unload, Overrun or Close Assault; its other fire orders may go with it. One
  fire order per weapon [ADV IV.E.2-3]; a TT machinegun only when the main gun has no fire
  order [ADV VI.A.2.b]; none of the Flammen III's with its flamethrower [OP XXV.D.1]; no
  weapon's while Transported [ADV V.C.3] nor Suppressed [ADV VIII.A.2.b]; a scenario's "No
  Opportunity or Tracking Fire" bans it [SCN VI.A.3].
- **A separate order** replaces the automatic one [ADV IV.E.2-3]: with it written, the
  weapon does not fire with the main gun's (the squad's) fire.
- **Triggered** only when the designated unit moves, in each hex it enters where the weapon
  may fire at it (sight, range, its Field of Fire; a machinegun Open, not Suppressed
  [ADV VI.A.2-4; VI.B.2.b]) [OP XV.B.1-2]; the owner fires or lets it pass that hex, and the
  order asks again in the next hex (our reading of "at any point during its movement", as
  the main gun's); once a Turn [AG VII.F.5].
- **Fired** without the -8 Opportunity Fire Modifier (a weapon's AP, as a Vehicle's
  [ADV VI.A.1]) and without the halved GP Factor (a machinegun's GP) [OP XV.B.3].
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.armor import antitank

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[OP XV; ADV IV.E.2-3]"
READING = (
    "our reading of the separate fire orders [ADV IV.E.2-3] with the Tracking plot 'T' [OP XV.A]"
)


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why the order's weapons' own Tracking Fire orders may not be plotted, or None (see
    the module). Whether a weapon may fire at its unit (range, Field of Fire) is checked when
    the unit moves [OP XV.B.2]."""
    from rules.armor.optional import TRACKING, in_use, specials
    from rules.armor.orders import Order
    from rules.armor.scenario_rules import fire_banned

    unit, spec = order.unit, state.game.units[order.unit]
    if not in_use(state.game, TRACKING):
        return "Tracking Fire is an Optional Rule the scenario does not use [OP XV]"
    banned = fire_banned(state, spec.side, "tracking")
    if banned is not None:
        return banned
    rest = Order(
        unit,
        order.fire,
        order.opportunity,
        smoke=order.smoke,
        tracking=order.tracking,
        mg=order.mg,
        mg_opportunity=order.mg_opportunity,
    )
    if replace(order, mg_tracking=()) != rest or order.smoke_indirect:
        return (
            "with a weapon's own Tracking Fire order, no other orders but fire orders: the unit "
            f"does not move [AG V.A.2.b(1); OP XV.B] ({READING})"
        )
    main = order.fire or order.opportunity or order.smoke or order.tracking
    seen = {m for m, _ in (*order.mg, *order.mg_opportunity)}
    for code, target in order.mg_tracking:
        name = _name(unit, code)
        if code in seen:
            return f"one fire order per weapon: ({code}) twice [ADV IV.E.2-3]"
        seen.add(code)
        if code in antitank.CODES:
            why = _why_not_weapon(state, unit, code, target)
        else:
            why = _why_not_machinegun(state, unit, code, bool(main))
            if why is None and main and specials.flamethrower_tank(state, unit):
                why = (
                    "the Flammen III fires either the flamethrower or the machineguns in one "
                    "Turn, not both [OP XXV.D.1]"
                )
        if why is not None:
            return f"{name} may not plot Tracking Fire: {why}"
        why = _why_not_target(state, unit, target)
        if why is not None:
            return f"{name} may not track {target}: {why}"
    return None


def _why_not_machinegun(state: ArmorState, unit: str, mount: str, main: bool) -> str | None:
    from rules.armor import machineguns

    spec = state.game.units[unit]
    if not state.game.advanced or not spec.vehicle:
        return "independently fired machineguns are of the Advanced Game [ADV VI.A.2]"
    if mount not in spec.mg_locations:
        listed = ", ".join(spec.mg_locations) or "none"
        return f"no {mount} machinegun on its card (MG Locations: {listed}) [Intro IV]"
    if mount not in machineguns.mounts(state, unit):
        return "it was destroyed by a hit [ADV VI.C.2; ADV VI.E]"
    if mount == "TT" and main:
        return (
            "a TT machinegun may only be fired if the main gun is not fired: no main gun fire "
            "order with it [ADV VI.A.2.b]"
        )
    return None


def _why_not_weapon(state: ArmorState, unit: str, code: str, target: str) -> str | None:
    launcher = antitank.weapon(state, unit)
    name = antitank.WEAPONS[code].name
    if launcher is None or launcher.code != code:
        return (
            f"{unit} carries no {name}: an Infantry Squad marked {code} whose Data Card lists "
            "it [ADV III.B; ADV V.A]"
        )
    other = state.game.units.get(target)
    if other is not None and not other.vehicle:
        return f"the {name} fires AP only at Vehicle units [ADV VI.B]"
    if state.transported(unit):
        return (
            "Infantry units, but not any attached weapons, may Direct Fire while being "
            "Transported [ADV V.C.3]"
        )
    if state.suppressed(unit):
        return "Suppressed Leg units fire only in Overrun Defensive Fire [ADV VIII.A.2.b]"
    return None


def _why_not_target(state: ArmorState, unit: str, target: str) -> str | None:
    """[OP XV.A; OP XV.B.1]: an enemy unit on the map the firer sights now (the Order Plot
    follows the Sighting Phase: the start of the Turn)."""
    from rules.armor.fire import why_not_sighted

    other = state.game.units.get(target)
    if other is None or target not in state.troops.hexes:
        return f"no unit '{target}' on the map"
    if other.side == state.game.units[unit].side:
        return f"{target} is not an enemy unit [OP XV.A]"
    unseen = why_not_sighted(state, unit, target)
    if unseen is not None:
        return f"it must sight {target} at the start of the Turn [OP XV.B.1]: {unseen}"
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """Each weapon's own Tracking Fire order alone at each enemy unit the unit sights (a
    weapon's at each enemy Vehicle) [OP XV.A-B.1; ADV IV.E.2-3]; the caller offers them only
    under the Optional Rule and no scenario ban."""
    from rules.armor import machineguns
    from rules.armor.orders import Order

    spec = state.game.units[unit]
    if not state.game.advanced or state.suppressed(unit) or state.transported(unit):
        return []
    codes: list[str] = list(machineguns.mounts(state, unit)) if spec.vehicle else []
    launcher = antitank.weapon(state, unit)
    if launcher is not None:
        codes.append(launcher.code)
    if not codes:
        return []
    enemies = state.enemies(spec.side)
    found = [Order(unit, mg_tracking=((c, t),)) for c in codes for t in enemies]
    return [o for o in found if why_not_order(state, o) is None]


def watched(order: Order, code: str) -> str:
    """The unit ``code``'s own Tracking Fire order tracks ("" when none)."""
    return dict(order.mg_tracking).get(code, "")


def asked_words(code: str) -> str:
    """What the owner of a triggered weapon's own Tracking Fire may do [OP XV.B]."""
    if code in antitank.CODES:
        shot = f"its ({code}) {antitank.WEAPONS[code].name} may fire AP, no -8 [OP XV.B.3]"
    else:
        shot = f"its ({code}) machinegun may fire, GP Factor not halved [OP XV.B.3]"
    return f"{shot}, or let the unit pass this hex (our reading of [OP XV.B.2])"


def answer_words(firer: str, code: str, target: str, fires: bool) -> str:
    """The owner's word on a triggered weapon's own Tracking Fire [OP XV.B]."""
    gun = _name(firer, code)
    if fires and code in antitank.CODES:
        return (
            f"{gun} fires Tracking Fire at {target}: its own order, AP as a Vehicle's, no -8 "
            "Opportunity Fire Modifier [ADV IV.E.3; ADV VI.A.1; OP XV.B.3]"
        )
    if fires:
        return (
            f"{gun} fires Tracking Fire at {target}: its own order, GP Factor not halved "
            "[ADV IV.E.2; OP XV.B.3]"
        )
    return (
        f"{gun} lets {target} pass this hex: its Tracking Fire may fire at any later hex of "
        "the move where firing is possible (our reading of [OP XV.B.2])"
    )


def _name(firer: str, code: str) -> str:
    if code in antitank.CODES:
        return f"{firer}'s ({code}) {antitank.WEAPONS[code].name}"
    return f"{firer}'s ({code}) machinegun"


def plot_words(code: str, target: str) -> str:
    """The order's preview words before its unit moves [OP XV.B]."""
    what = (
        f"({code}) {antitank.WEAPONS[code].name}: AP as a Vehicle's, no -8"
        if code in antitank.CODES
        else f"({code}) machinegun: GP Factor not halved"
    )
    return (
        f"{what} [OP XV.B.3]; fired when {target} moves, at any hex of its move where the "
        "weapon may fire at it (sight, range, Field of Fire); the owner fires or lets it pass "
        "each hex"
    )
