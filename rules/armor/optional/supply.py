"""Limited Ammunition and Fuel [OP XXIV] (options ``limited-ammunition`` and
``variable-supply``).

The book: "1. AMMUNITION LIMITS: a. LEG, VEHICLE MACHINEGUNS, AND ARTILLERY BATTERIES: Unlimited
... c. TOWED UNITS: Unlimited ammunition, as long as the Transporting Vehicle unit is in the same
hex as or in a hex adjacent ... or the Towed unit was already in place on the mapboard at the
start of the game ... d. VEHICLE MAIN GUNS: The maximum number of 'shots' the gun can make is
listed on its Data Card on the Ammo line ... 2. AMMUNITION EXPENDITURE: Each 'shot' fired by a
unit expends one from its Ammunition Factor ... Figure expenditures for GP Fire at the same rate
as if AP Fire were being used in the same situation and range ... When all Ammunition Factors
are expended, the gun may no longer be fired." And [C]: "1. VARIABLE FUEL: One Fuel Factor is
expended for every Turn in which a Vehicle unit enters at least one new hex. The number of Fuel
Factors available for each Vehicle unit is determined by rolling one die three times and adding
the numbers rolled together ('0' is '10') ... 2. VARIABLE AMMUNITION: ... rolling one die the
number of times given in parenthesis on the Ammo line ... If the rolled number exceeds the
listed Ammunition Factor, use the listed Ammunition Factor instead."

What the engine plays:

- ``limited-ammunition`` [A]: a Vehicle's main gun has its card's Ammunition Factor (the
  catalogue's estimate: the cards are not in the text); each AP shot expends one (two at a Rapid
  Rate of Fire of 2), a GP fire what an AP fire would in the same situation and range [A.2]; a
  gun with fewer Factors left than its Rate fires what it has (our reading; at GP, its GP
  Factor halved for each shot less, as if announced [A.2.b]); with none it may not fire
  [A.2]. Leg units and Vehicle machineguns (a main gun that is a machinegun) are unlimited
  [A.1.a]; a card with no Ammo value is unlimited (placeholder).
- Towed units [A.1.c]: unlimited while "the Vehicle unit that originally Transported" the gun
  (the one it was set up or held on) stands in its hex or a hex adjacent, or when the gun was
  in place on the map at the start; while that Vehicle is away or Knocked Out its Ammunition
  Factor is 6 (:data:`TOWED_AWAY`), measured when the gun fires. Our readings: the shots fired
  meanwhile are counted against the 6; after the Movement Execution Phases a gun whose Vehicle
  is back beside it is filled up (:func:`resupply`); a Vehicle whose crew Bailed Out still
  supplies it (the ammunition is aboard).
- Fewer "shots" announced [A.2.a-b]: written on the Direct Fire order, "F-<target> ROF-1"
  (:data:`ANNOUNCE_READING`), for a counted gun with a Rate above one; an AP fire is figured at
  the lower Rate, a GP fire's Factor halved for each shot less; each shot fired one Factor.
  Offered with the standing fire orders (with movement it may be written by hand), never
  with Opportunity or Tracking Fire (our reading: their orders name a hex or a unit to come).
- ``variable-supply`` [C]: when the game begins, each Vehicle's Fuel Factors (three rolls of a
  ten-sided die, "0" 10) and, with ``limited-ammunition``, its Ammunition Factor (its card's
  dice, capped at the card's Factor) are rolled; a Turn in which it enters a new hex costs one
  Fuel Factor, and with none left it may not move (our reading: nor pivot; it may still turn
  its turret).

- ``ammunition-allotment`` [B] (our name; it brings ``limited-ammunition``, whose Factor it
  divides): each counted gun's Ammunition Factor divided into "AP", "GP", "CR" (APCR), "S"
  (Smoke) and "FT" (Flamethrower Bursts) shots [B.1], written on the force entry's ``state``
  as the book records them at the bottom of the Combat Unit Column ("AP 14", "GP 6", "S 4"
  [B.3]), checked when the game is loaded (at most the card's Factor, a Towed unit's 6; each
  type once; CR only on the cards that fire APCR, an American unit's at most 40% [B.2]); a
  rolled Factor [C.2] or a Towed unit's 6 smaller than what is written cuts it in proportion
  (our reading); none written, :data:`DEFAULT_PLACEHOLDER`. Each fire spends its own type (an
  AP fire "AP", APCR "CR", a GP fire "GP", a flamethrower's "FT", a Smoke shell "S"); out of
  one type, that fire is neither offered nor carried out, the others are [B].
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from model.errors import dotted
from rules.armor.cards import gun_of
from rules.armor.events import PhaseNote
from rules.armor.optional import ALLOTMENT, AMMUNITION, SMOKE, VARIABLE, card_value, in_use
from rules.armor.optional.events import TableRoll
from rules.armor.units import ArmorUnit, unit_of
from rules.engine.errors import UnsupportedGameError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from model.scenario import ForceEntry, Scenario
    from model.yamlio import PathKey
    from rules.armor.game import ArmorGame, ArmorState

RULE = "[OP XXIV]"


def limited(game: ArmorGame) -> bool:
    """Limited Ammunition is played [OP XXIV.A]: its option, or the Ammunition Allotment's,
    which divides the same Ammunition Factor into types [OP XXIV.B] (our reading: naming the
    Allotment brings the Limits and Expenditure it divides)."""
    return in_use(game, AMMUNITION) or in_use(game, ALLOTMENT)


UNLIMITED_PLACEHOLDER = "no Ammo value on the catalogue's card: unlimited (placeholder)"


#: A Towed unit's Ammunition Factor while its Transporting Vehicle is away [OP XXIV.A.1.c].
TOWED_AWAY = 6


def towed_by(state: ArmorState, unit: str) -> str | None:
    """The Vehicle that originally Transported a Towed unit: the one it was set up on (or held
    on, to enter with it), None for a Towed unit in place on the map at the start ("a nearby
    'dump'") [OP XXIV.A.1.c]. "Only the Vehicle unit that originally Transported the Towed
    unit may be used to supply ammunition": a Vehicle it Loads onto later never does."""
    return state.game.deployment.carried.get(unit)


def towed_cut(state: ArmorState, unit: str) -> str | None:
    """Why a Towed unit's ammunition is down to :data:`TOWED_AWAY` now, or None while it is
    unlimited [OP XXIV.A.1.c]: its Transporting Vehicle Knocked Out, or neither in its hex nor
    in a hex adjacent to it. Our reading: measured when the gun fires (or is plotted to); a
    Vehicle whose crew Bailed Out still holds the ammunition and supplies it."""
    vehicle = towed_by(state, unit)
    if vehicle is None or unit not in state.troops.hexes:
        return None  # in place at the start: a nearby dump, unlimited all game
    if vehicle not in state.troops.hexes:
        return f"its Transporting Vehicle {vehicle} is Knocked Out"
    away = state.troops.hexes[unit].distance(state.troops.hexes[vehicle])
    if away > 1:
        return f"its Transporting Vehicle {vehicle} has moved away ({away} hexes)"
    return None


def ammunition_factor(state: ArmorState, unit: str) -> int | None:
    """The main gun's Ammunition Factor for this game, None when unlimited [OP XXIV.A.1]; a
    Towed unit's :data:`TOWED_AWAY` while its Transporting Vehicle is away [A.1.c]."""
    spec = state.game.units[unit]
    if not limited(state.game):
        return None
    if spec.towed:  # [A.1.c]
        return TOWED_AWAY if towed_cut(state, unit) is not None else None
    if not spec.vehicle or spec.mg_main_gun:
        return None  # Leg, Vehicle machineguns: unlimited [A.1.a]
    if unit in state.supply.ammo:
        return state.supply.ammo[unit]  # rolled [C.2]
    listed = card_value(spec.type_id, "ammo")
    return listed if isinstance(listed, int) else None


def left(state: ArmorState, unit: str, kind: str | None = None) -> int | None:
    """The Ammunition Factors the unit's main gun has left, None when unlimited; with the
    Ammunition Allotment and a ``kind`` ("AP", "GP", "CR", "S", "FT"), the shots of that type
    left [OP XXIV.B]."""
    factor = ammunition_factor(state, unit)
    if factor is None:
        return None
    shares = allotment(state, unit)
    if shares is None:
        return max(0, factor - state.supply.spent.get(unit, 0))
    if kind is None:
        return max(0, sum(shares.values()) - state.supply.spent.get(unit, 0))
    used = state.supply.by_type.get(unit, {}).get(kind, 0)
    return max(0, shares.get(kind, 0) - used)


def why_not_fire(state: ArmorState, unit: str, kind: str | None = None) -> str | None:
    """Why the unit's main gun may not fire for want of ammunition (of the ``kind`` the fire
    is, with the Ammunition Allotment [OP XXIV.B]), or None [OP XXIV.A.2]."""
    if kind is not None and left(state, unit) != 0 and left(state, unit, kind) == 0:
        shares = allotment(state, unit) or {}
        return (
            f"out of {NAMES[kind]}: its {shares.get(kind, 0)} '{kind}' shots of its "
            "Ammunition Allotment expended, while other types are left [OP XXIV.B]"
        )
    if left(state, unit) == 0:
        factor = ammunition_factor(state, unit)
        cut = towed_cut(state, unit) if state.game.units[unit].towed else None
        if cut is not None:
            return (
                f"out of ammunition: {cut}, its Ammunition Factor is reduced to "
                f"{TOWED_AWAY}, all expended [OP XXIV.A.1.c; A.2]"
            )
        return (
            f"out of ammunition: all {factor} Ammunition Factors expended, the gun may no "
            "longer be fired [OP XXIV.A.2]"
        )
    return None


def shots(
    state: ArmorState, unit: str, rate: int, announced: int | None = None, kind: str | None = None
) -> int:
    """The shots of a fire at Rate ``rate``: no more than the player ``announced``
    [OP XXIV.A.2.a-b], nor than the Factors left (of its ``kind`` with the Ammunition
    Allotment [OP XXIV.B]) (our reading)."""
    have = left(state, unit, kind)
    rate = rate if announced is None else min(rate, announced)
    return rate if have is None else min(rate, have)


def normal_rate(state: ArmorState, unit: str, rng: int, moving: bool, opportunity: bool) -> int:
    """The shots of the unit's normal Rate of Fire, as :func:`rules.armor.fire.aim` figures an
    AP fire's (Rapid when not moving, not Opportunity Fire and at Short Range); a GP fire's
    "at the same rate as if AP Fire were being used in the same situation and range"
    [OP XXIV.A.2]."""
    spec = state.game.units[unit]
    gun = gun_of(spec, state.game.nation[spec.side])
    rapid = gun is not None and not opportunity and not moving and rng <= gun.short
    return spec.rof_rapid if rapid else spec.rof_slow


def gp_shots(state: ArmorState, unit: str, rng: int, moving: bool, opportunity: bool) -> int:
    """The Factors a GP fire expends: what an AP fire would in the same situation and range
    [OP XXIV.A.2]."""
    return shots(state, unit, normal_rate(state, unit, rng, moving, opportunity))


# --- Fewer "shots" announced [OP XXIV.A.2.a-b] ----------------------------------------------------

#: Our reading of the announcement on the Command Sheet, after the Direct Fire order.
ANNOUNCE_READING = (
    "the book has the player announce fewer shots 'before the fire is resolved'; our reading "
    "writes the announcement on the fire order, 'F-<target> ROF-<shots>' (the Rate of Fire "
    "fired), as the orders are plotted secretly and the engine resolves the fire"
)


def rated(state: ArmorState, unit: str) -> bool:
    """Whether ``unit``'s main gun may announce fewer shots: Limited Ammunition in use, a gun
    whose shots are counted (a Vehicle's main gun that is no machinegun, or a Towed unit's
    [OP XXIV.A.1.c-d]) with a Rate of Fire above one [A.2.a]."""
    spec = state.game.units[unit]
    if not limited(state.game) or spec.mortar:
        return False
    counted = (spec.vehicle and not spec.mg_main_gun) or spec.towed
    return counted and max(spec.rof_slow, spec.rof_rapid) > 1


def announcements(state: ArmorState, unit: str) -> range:
    """The shots ``unit`` may announce: one up to one fewer than its highest Rate of Fire."""
    if not rated(state, unit):
        return range(0)
    spec = state.game.units[unit]
    return range(1, max(spec.rof_slow, spec.rof_rapid))


def why_not_rate(state: ArmorState, unit: str, rate: int, fire: str | None) -> str | None:
    """Why a fire order may not announce ``rate`` shots, or None [OP XXIV.A.2.a-b]."""
    if not limited(state.game):
        return (
            "announcing fewer shots is part of Limited Ammunition [OP XXIV.A.2.a-b], an "
            "Optional Rule the scenario does not use"
        )
    if fire is None:
        return "fewer shots are announced for a Direct Fire order [OP XXIV.A.2.a-b]"
    if rate not in announcements(state, unit):
        spec = state.game.units[unit]
        top = max(spec.rof_slow, spec.rof_rapid)
        if not rated(state, unit):
            return (
                f"{unit} has no main gun with a Rate of Fire above one whose shots are counted "
                "[OP XXIV.A.1; A.2.a]"
            )
        return f"fewer shots than its Rate of Fire: 1 to {top - 1} [OP XXIV.A.2.a]"
    return None


def announced(state: ArmorState, firer: str, target: str, opportunity: bool) -> int | None:
    """The shots announced on the firer's Direct Fire order at ``target`` (None: its normal
    Rate); never for an Opportunity or Tracking Fire (our reading: the order names a hex)."""
    if opportunity or not limited(state.game):
        return None
    order = state.orders_of(firer)
    return order.rate if order.fire == target else None


def fire_note(
    state: ArmorState, firer: str, normal: int, fired: int, announced: int | None, kind: str
) -> str:
    """What a fire's log says of its ammunition (of ``kind``: "AP", "CR", "GP", "FT"), before
    it is expended: fewer shots than the normal Rate [A.2.a-b], a Towed unit's Factor of 6
    [A.1.c] and the type's shots left of the Ammunition Allotment [B]; "" when none."""
    words = []
    if fired < normal:
        why = "as announced" if announced is not None and announced == fired else "all it has left"
        fewer = f"{fired} of its {normal} shots, {why}"
        if kind in (GP, FT):
            words.append(f"{fewer}: the GP Factor halved for each shot less [OP XXIV.A.2.b]")
        else:
            words.append(f"{fewer}: the Combat figured at that Rate of Fire [OP XXIV.A.2.a]")
    if state.game.units[firer].towed:
        cut = towed_cut(state, firer)
        if cut is not None and ammunition_factor(state, firer) is not None:
            words.append(
                f"{cut}: its Ammunition Factor is reduced to {TOWED_AWAY}, "
                f"{left(state, firer)} left before this fire [OP XXIV.A.1.c]"
            )
    shares = allotment(state, firer)
    if shares is not None:
        words.append(
            f"'{kind}' {NAMES[kind]} of its Ammunition Allotment: {left(state, firer, kind)} of "
            f"{shares.get(kind, 0)} left before this fire [OP XXIV.B]"
        )
    return "; ".join(words)


def expend(state: ArmorState, unit: str, count: int, kind: str | None = None) -> None:
    """``count`` Ammunition Factors expended [OP XXIV.A.2] (nothing when unlimited), of its
    ``kind`` with the Ammunition Allotment [OP XXIV.B]."""
    if ammunition_factor(state, unit) is not None and count > 0:
        state.supply.spent[unit] = state.supply.spent.get(unit, 0) + count
        if kind is not None and allotment(state, unit) is not None:
            mine = state.supply.by_type.setdefault(unit, {})
            mine[kind] = mine.get(kind, 0) + count


# --- Ammunition Allotment [OP XXIV.B] -----------------------------------------------------------

#: The types of ammunition and their abbreviations [OP XXIV.B.1].
AP, GP, CR, SMOKE_SHOT, FT = "AP", "GP", "CR", "S", "FT"
TYPES = (AP, GP, CR, SMOKE_SHOT, FT)
NAMES = {
    AP: "AP Shots",
    GP: "GP Shots",
    CR: "APCR Shots",
    SMOKE_SHOT: "Smoke Shots",
    FT: "Flamethrower Bursts",
}
#: At most 40% of an American unit's Ammunition Factor in APCR [OP XXIV.B.2].
CR_PERCENT = 40
DEFAULT_PLACEHOLDER = (
    "the scenario gives no allotment: the Ammunition Factor shared equally among the types "
    "the unit fires in this game (AP; GP in the Advanced Game; CR where it carries APCR, at "
    "most 40% [OP XXIV.B.2]; S with the Smoke option; FT for a flamethrower), what does not "
    "divide to the first of them (our reading)"
)
_MARK = re.compile(r"^\s*(AP|GP|CR|S|FT)\s*[:=]?\s*(-?[0-9]+)\s*$", re.IGNORECASE)


def allotting(game: ArmorGame) -> bool:
    return in_use(game, ALLOTMENT)


def written(marks: tuple[str, ...] | list[str]) -> dict[str, int]:
    """The allotment a force entry's ``state`` writes, as the book records it at the bottom of
    the Combat Unit Column ("AP 14", "GP 6", "S 4" [OP XXIV.B.1; B.3]); {} when none."""
    found: dict[str, int] = {}
    for mark in marks:
        got = _MARK.match(mark)
        if got is not None:
            found[got.group(1).upper()] = int(got.group(2))
    return found


def fired_types(state: ArmorState, unit: str) -> list[str]:
    """The types of ammunition ``unit``'s gun fires in this game, in :data:`TYPES` order."""
    from rules.armor.optional import apcr, specials

    spec = state.game.units[unit]
    found = [AP]
    if state.game.advanced:
        found.append(GP)
    if apcr.carries(state, unit):
        found.append(CR)
    if in_use(state.game, SMOKE) and (spec.vehicle or spec.towed):
        found.append(SMOKE_SHOT)
    if specials.flamethrower_tank(state, unit):
        found.append(FT)
    return found


def _shared(total: int, weights: dict[str, int]) -> dict[str, int]:
    """``total`` divided in proportion to ``weights``, rounded down, what is left over one by
    one to the types in :data:`TYPES` order."""
    whole = sum(weights.values())
    shares = {k: total * w // whole for k, w in weights.items()} if whole else {}
    spare = total - sum(shares.values())
    for k in [k for k in TYPES if weights.get(k)] * max(1, spare):
        if spare <= 0:
            break
        shares[k] += 1
        spare -= 1
    return shares


def allotment(state: ArmorState, unit: str) -> dict[str, int] | None:
    """Each type's shots for the game with the Ammunition Allotment [OP XXIV.B], None without
    it or for a gun with unlimited ammunition: the force entry's ``state`` marks ("AP 14",
    "GP 6", "S 4"), cut in proportion when a rolled Variable Ammunition Factor [C.2] or a
    Towed unit's 6 [A.1.c] is smaller (our reading); none written, :data:`DEFAULT_PLACEHOLDER`."""
    if not allotting(state.game):
        return None
    factor = ammunition_factor(state, unit)
    if factor is None:
        return None
    given = written(state.game.deployment.marks.get(unit, ()))
    if given:
        return given if sum(given.values()) <= factor else _shared(factor, given)
    shares = _shared(factor, dict.fromkeys(fired_types(state, unit), 1))
    cap = factor * CR_PERCENT // 100  # [B.2]
    if shares.get(CR, 0) > cap:
        shares[AP] += shares[CR] - cap
        shares[CR] = cap
    return shares


def allotment_words(state: ArmorState, unit: str) -> str:
    """The allotment as the book records it, "AP 8, GP 8, S 8" (and what is left)."""
    shares = allotment(state, unit)
    if shares is None:
        return ""
    return ", ".join(f"{k} {left(state, unit, k)}/{n}" for k, n in shares.items())


def check(game: ArmorGame) -> None:
    """Refuse a force entry's allotment the book does not allow [OP XXIV.B], saying where.

    Raises:
        UnsupportedGameError: the entry, the mark and why.
    """
    for path, unit, why in problems(game.scenario):
        raise UnsupportedGameError(f"{dotted(path)} ({unit}): {why}")


#: A mark that starts as an allotment does: a type as a word and more ("AP 3.5"); a type
#: alone is no allotment (a squad's "FT" is its Flamethrower [ADV IV.E.3]), nor a word that
#: starts with one ("sandbags", "crack").
_LOOKS = re.compile(r"^\s*(AP|GP|CR|S|FT)(?![A-Za-z_-])\s*[:=]?\s*\S", re.IGNORECASE)


def problems(scenario: Scenario) -> Iterator[tuple[PathKey, str, str]]:
    """Each force entry's allotment the book does not allow [OP XXIV.B]: the path of its
    ``state``, the entry's unit and why (``hexwright validate`` reports them at their line, the
    game refuses the first)."""
    allotted = ALLOTMENT in scenario.rules.options
    for i, side in enumerate(scenario.sides):
        entries: list[tuple[PathKey, ForceEntry]] = [
            (("sides", i, "forces", j, "state"), e) for j, e in enumerate(side.forces)
        ]
        for r, rein in enumerate(side.reinforcements):
            entries += [
                (("sides", i, "reinforcements", r, "units", j, "state"), e)
                for j, e in enumerate(rein.units)
            ]
        for path, entry in entries:
            mine = [m for m in entry.state if _LOOKS.match(m)]
            if not mine:
                continue
            bad = next((m for m in mine if not _MARK.match(m)), None)
            if bad is not None:
                yield (
                    path,
                    entry.unit,
                    (
                        f"'{bad}' is not an Ammunition Allotment mark: write the type and a whole "
                        "number of shots, as 'AP 14' [OP XXIV.B.1]"
                    ),
                )
                continue
            try:
                spec: ArmorUnit | None = unit_of(side, entry.unit, 1)
            except (KeyError, ValueError):
                spec = None  # not a unit of the catalogue: loading says so
            why = _why_not_allotted(allotted, side.nation, spec, mine)
            if why is not None:
                yield path, entry.unit, why


def _why_not_allotted(
    allotted: bool, nation: str, spec: ArmorUnit | None, mine: list[str]
) -> str | None:
    if not allotted:
        return (
            f"'{mine[0]}' is an Ammunition Allotment [OP XXIV.B], an Optional Rule: add "
            f"'{ALLOTMENT}' to 'rules.options'"
        )
    given = written(mine)
    if len(given) < len(mine):
        return "each type of ammunition is written once [OP XXIV.B.1]"
    if any(n < 0 for n in given.values()):
        return "the shots of a type are a number, 0 or more [OP XXIV.B]"
    if spec is None:
        return None  # not in this game (a purchase left to the Point Selection)
    type_id = spec.type_id
    factor = TOWED_AWAY if spec.towed else card_value(type_id, "ammo")
    if not (spec.vehicle or spec.towed) or spec.mg_main_gun or not isinstance(factor, int):
        return (
            "its ammunition is unlimited, nothing to divide (Leg units, Vehicle machineguns "
            "[OP XXIV.A.1.a]; a card with no Ammo value)"
        )
    total = sum(given.values())
    if total > factor:
        what = (
            "a Towed unit's Ammunition Factor away from its Vehicle"
            if spec.towed
            else ("its card's Ammunition Factor")
        )
        return f"{total} shots allotted, more than {what}, {factor} [OP XXIV.A.1; B]"
    if CR in given and card_value(type_id, "apcr") is not True:
        return "'CR': only the M18 and Sherman '76' cards fire APCR [OP XXIII]"
    cap = factor * CR_PERCENT // 100
    if given.get(CR, 0) > cap and nation == "us":
        return (
            f"{given[CR]} APCR shots: an American unit carries at most 40% of its Ammunition "
            f"Factor {factor} in APCR, {cap} [OP XXIV.B.2]"
        )
    return None


def issue(state: ArmorState) -> None:
    """The game begins: each Vehicle's Fuel Factors and Ammunition Factor rolled [OP XXIV.C]."""
    if not in_use(state.game, VARIABLE):
        return
    for unit, spec in state.game.units.items():
        if not spec.vehicle or spec.crew_of is not None:
            continue
        rolls = [state.roll(f"Fuel Factors of {unit}", 10) for _ in range(3)]
        state.supply.fuel[unit] = sum(rolls)
        reads = " + ".join(str(r) for r in rolls)
        state.emit(TableRoll("Fuel Factors", unit, f"three dice: {reads}", sum(rolls),
                             f"{sum(rolls)} Fuel Factors", "[OP XXIV.C.1]"))  # fmt: skip
        listed, dice = card_value(spec.type_id, "ammo"), card_value(spec.type_id, "ammo_dice")
        if not limited(state.game) or spec.mg_main_gun:
            continue
        if not isinstance(listed, int) or not isinstance(dice, int):
            continue
        got = [state.roll(f"Ammunition Factor of {unit}", 10) for _ in range(dice)]
        factor = min(listed, sum(got))
        state.supply.ammo[unit] = factor
        reads = f"{dice} dice: " + " + ".join(str(r) for r in got) + f", at most {listed}"
        state.emit(TableRoll("Ammunition Factor", unit, reads, sum(got),
                             f"{factor} Ammunition Factors", "[OP XXIV.C.2]"))  # fmt: skip


def resupply(state: ArmorState) -> None:
    """The Movement Execution Phases are over: a Towed unit whose Transporting Vehicle is again
    in its hex or a hex adjacent has unlimited ammunition once more [OP XXIV.A.1.c]; our
    reading: the Vehicle fills it up, the shots expended while it was away no longer count
    against the next time it moves away (a full :data:`TOWED_AWAY` again)."""
    for unit in sorted(state.supply.spent):
        spec = state.game.units[unit]
        if not spec.towed or unit not in state.troops.hexes or towed_by(state, unit) is None:
            continue
        if towed_cut(state, unit) is None:
            del state.supply.spent[unit]
            state.supply.by_type.pop(unit, None)  # each type of its allotment too [B]
            vehicle = towed_by(state, unit)
            state.emit(
                PhaseNote(
                    "Limited Ammunition",
                    f"{unit}: its Transporting Vehicle {vehicle} is in or next to its hex "
                    "again: unlimited ammunition, its Ammunition Factor of "
                    f"{TOWED_AWAY} filled up (our reading)",
                    "[OP XXIV.A.1.c]",
                )
            )


def out_of_fuel(state: ArmorState, unit: str) -> bool:
    """No Fuel Factors left: the Vehicle may not move [OP XXIV.C.1]."""
    return state.supply.fuel.get(unit, 1) <= 0


def burn(state: ArmorState) -> None:
    """The Movement Execution Phase is over: a Fuel Factor from each Vehicle that entered at
    least one new hex this Turn [OP XXIV.C.1]."""
    for unit, walk in sorted(state.execution.walks.items()):
        if unit in state.supply.fuel and walk.moved:
            state.supply.fuel[unit] -= 1
