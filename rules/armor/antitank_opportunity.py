"""An infantry anti-tank weapon's own Opportunity Fire order, "(B)N-1802" [ADV IV.E.3;
ADV VI.A.1; AG V.A.2.b; AG VII.F] (:mod:`rules.armor.antitank` plays the weapons).

What the book says: "the player may plot separate Fire orders from those plotted for the
Infantry unit which carries them ... add the weapon's letter codes to the firing plot"
[ADV IV.E.3], and the weapons "use Direct or Opportunity Fire with AP Shells the same as
Vehicle units" [ADV VI.A.1]. The book prints only the Direct Fire example ("(B)F-865"); our
reading, the same as the machineguns' own "(UH)N-1802" (:mod:`rules.armor.machineguns`):

- **Written** "(B)N-1802", "(PA)N-", "(PT)N-", "(PK)N-": the weapon's letter code with the
  Opportunity Fire order on a hex [AG V.A.2.b], on a hex the squad sights, not its own
  [AG V.A.2.b(2)]; one fire order for the weapon (not with its "(B)F-"); "with Opportunity
  Fire, no other orders of any kind" [AG V.A.2.b(1)]: the squad does not move, Load, Unload,
  Close Assault nor take Full Cover; its own Direct or Opportunity Fire may go with it. Not
  while Transported [ADV V.C.3] nor Suppressed [ADV VIII.A.2.b] (the Order Plot offers a
  Suppressed squad Full Cover only [ADV IV.D]).
- **A separate order** replaces the automatic one [ADV IV.E.3]: with it written, the weapon
  does not fire with the squad's Direct or Opportunity Fire.
- **Triggered** as an Opportunity Fire order [AG VII.F.3], only by an enemy Vehicle it may
  fire at there and then (AP only at Vehicles [ADV VI.B], the squad's Field of Fire
  [ADV IV.E.3], sight, the weapon's range): the owner fires it (AP as a Vehicle's, -8
  [AG VII.F.1], once a Turn [AG VII.F.5]) or declines, and that Vehicle may not be fired at
  by the order again [AG VII.F].
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.armor import antitank

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.orders import Order

RULE = "[ADV IV.E.3; ADV VI.A.1; AG V.A.2.b; AG VII.F]"
READING = (
    "our reading of the weapons' separate Fire orders [ADV IV.E.3] with Opportunity Fire "
    "[ADV VI.A.1; AG V.A.2.b], as a machinegun's own '(UH)N-' order"
)


def is_weapon_order(order: Order) -> bool:
    """The order has an infantry anti-tank weapon's own Opportunity Fire order ("(B)N-")."""
    return any(mount in antitank.CODES for mount, _ in order.mg_opportunity)


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why the weapon's own Opportunity Fire order ("(B)N-1802") may not be plotted, or None
    (:data:`READING`). Whether it may fire at a Vehicle is checked when one triggers it
    [AG VII.F.2]."""
    from rules.armor.opportunity import why_not_opportunity
    from rules.armor.orders import Order

    unit = order.unit
    launcher = antitank.weapon(state, unit)
    rest = Order(unit, order.fire, order.opportunity, mg=order.mg)
    if replace(order, mg_opportunity=()) != rest:
        return (
            "with a weapon's Opportunity Fire order, no other orders but fire orders: the "
            f"squad does not move [AG V.A.2.b(1); ADV IV.E.3] ({READING})"
        )
    if len(order.mg_opportunity) > 1:
        return "one fire order for the weapon [ADV IV.E.3]"
    ((code, hex_name),) = order.mg_opportunity
    name = antitank.WEAPONS[code].name
    if launcher is None or launcher.code != code:
        return (
            f"{unit} carries no {name}: an Infantry Squad marked {code} whose Data Card lists "
            "it [ADV III.B; ADV V.A]"
        )
    if any(mount == code for mount, _ in order.mg):
        return f"one fire order for the weapon: ({code}) twice [ADV IV.E.3]"
    if state.transported(unit):
        return (
            "Infantry units, but not any attached weapons, may Direct Fire while being "
            "Transported [ADV V.C.3]"
        )
    if state.suppressed(unit):
        return "Suppressed Leg units fire only in Overrun Defensive Fire [ADV VIII.A.2.b]"
    why = why_not_opportunity(state, unit, hex_name)
    if why is not None:
        return f"{unit}'s ({code}) {name} may not watch {hex_name}: {why}"
    return None


def options(state: ArmorState, unit: str) -> list[Order]:
    """The weapon's own Opportunity Fire order alone on the hex of each enemy Vehicle it may
    fire at now [ADV IV.E.3; AG V.A.2.b]."""
    from rules.armor.orders import Order

    launcher = antitank.weapon(state, unit)
    if launcher is None or state.transported(unit) or state.suppressed(unit):
        return []
    aims = [t for t in antitank.targets(state, unit) if not antitank.fires_gp(state, t)]
    hexes = {state.game.name(state.troops.hexes[t]) for t in aims}  # Vehicles (our reading)
    found = [Order(unit, mg_opportunity=((launcher.code, h),)) for h in sorted(hexes)]
    return [o for o in found if why_not_order(state, o) is None]


def asked_words(code: str) -> str:
    """What the owner of a triggered weapon's order may do [AG VII.F.3]."""
    return (
        f"its ({code}) {antitank.WEAPONS[code].name} may fire AP, -8 [ADV VI.A.1; AG VII.F.1], "
        "or decline and wait for later units [AG VII.F.3]"
    )


def answer_words(firer: str, code: str, target: str, fires: bool) -> str:
    """The owner's word on a triggered weapon's order [AG VII.F]."""
    gun = f"{firer}'s ({code}) {antitank.WEAPONS[code].name}"
    if fires:
        return (
            f"{gun} fires at {target}: its own Opportunity Fire, AP as a Vehicle's, -8 "
            "[ADV IV.E.3; ADV VI.A.1; AG VII.F.1]"
        )
    return (
        f"{gun} declines to fire at {target}: that unit may not be fired at by this order "
        "again [AG VII.F]"
    )


def plot_words(code: str) -> str:
    """The order's preview before any Vehicle triggers it."""
    return (
        f"({code}) {antitank.WEAPONS[code].name}: an enemy Vehicle that enters the hex or "
        "crosses the line of sight to it triggers it, where the weapon may fire at it (the "
        "squad's Field of Fire, sight, range); then fire AP, -8, or decline; its odds depend "
        "on that Vehicle"
    )
