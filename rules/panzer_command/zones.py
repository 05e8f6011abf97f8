"""Panzer Command's line of sight range and Fire Zones [§6.2; §6.5; §14.2].

- A line of sight reaches at most 8 hexes: "The two units must be within 8 hexes of each other
  (i.e., there can be no more than 7 intervening hexes)" [§6.2]. Beyond that nothing is seen,
  whatever the terrain.
- A unit's Fire Zone is the hexes within its Range to which it has a line of sight [§2.5; §6.5];
  a Suppressed unit has none [§6.5]. Artillery: a D Class gun uses its printed Range as usual;
  an H Class weapon has a Fire Zone of 3 hexes (its printed Range serves only Indirect Fire);
  an Hm mortar has no Fire Zone at all [§2.5; §14.2]. A unit without an Attack Strength has none.
- A Fire Zone is reduced to the adjacent hexes while an un-Suppressed enemy unit is adjacent
  [§6.5] (our reading: the rule speaks of the instant an enemy "moves adjacent", lasting until
  that unit is Suppressed or eliminated; the engine reads it from the state, so an enemy set up
  or retreated next to the unit pins it too).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, cast

from model.hexes import Hex
from rules.panzer_command.night import NIGHT_SIGHT, is_night

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: The longest line of sight, in hexes [§6.2].
LOS_RANGE = 8
#: An H Class weapon's Fire Zone, whatever its printed Range [§2.5; §14.2].
H_FIRE_ZONE = 3


def sees(state: PcState, a: Hex, b: Hex) -> bool:
    """A clear line of sight from ``a`` to ``b``: within 8 hexes [§6.2] and not blocked
    [§6.3]."""
    return a.distance(b) <= sight_range(state) and state.game.sees(a, b)


def sight_range(state: PcState) -> int:
    """How far a line of sight reaches: 8 hexes [§6.2], 1 at night [§20.2]."""
    return NIGHT_SIGHT if is_night(state) else LOS_RANGE


def why_no_sight(state: PcState, a: Hex, b: Hex) -> str | None:
    """Why there is no line of sight from ``a`` to ``b``, or None when there is one."""
    if a.distance(b) > sight_range(state):
        rule = "§20.2: night" if sight_range(state) < LOS_RANGE else "§6.2"
        return (
            f"no line of sight beyond {sight_range(state)} hexes (the target is "
            f"{a.distance(b)} away) [{rule}]"
        )
    if state.game.los(a, b).verdict == "blocked":
        return "no line of sight [§6]"
    return None


def printed_fire_zone(state: PcState, unit: str) -> int:
    """The reach of the unit's Fire Zone before any adjacent enemy pins it: 0 for no Fire Zone
    (no Attack Strength, a mortar [§14.2]), 3 for an H Class weapon [§14.2], else the printed
    Range [§6.5]."""
    spec = state.game.units[unit]
    if spec.attack is None or spec.weapon_class in (None, "Hm"):
        return 0
    if spec.weapon_class == "H":
        return H_FIRE_ZONE
    return spec.range


def pinned(state: PcState, unit: str) -> bool:
    """An un-Suppressed enemy unit is adjacent to the unit [§6.5]."""
    side, at = state.game.units[unit].side, state.troops.hexes.get(unit)
    if at is None:
        return False
    around, units, suppressed = _around(at), state.game.units, state.troops.suppressed
    return any(
        h in around and units[e].side != side and e not in suppressed
        for e, h in state.troops.hexes.items()
    )


@functools.lru_cache(maxsize=1 << 16)
def _around(h: Hex) -> frozenset[Hex]:
    """The six hexes adjacent to ``h`` (those at distance 1)."""
    return frozenset(h.neighbors())


def fire_zone_range(state: PcState, unit: str) -> int:
    """How far the unit's Fire Zone reaches now: none when Suppressed [§6.5] or on no map hex,
    the adjacent hexes only while an un-Suppressed enemy is adjacent [§6.5]; none for a
    passenger [§13.2-13.3]. Asked once a unit while the legal actions are listed."""
    listing = state.listing
    if listing is None:
        return _fire_zone_range(state, unit)
    key = ("fire-zone", unit)
    if key not in listing:
        listing[key] = _fire_zone_range(state, unit)
    return cast(int, listing[key])


def _fire_zone_range(state: PcState, unit: str) -> int:
    if unit in state.troops.suppressed or unit not in state.troops.hexes:
        return 0
    if unit in state.troops.mounted:
        return 0  # a passenger has no Fire Zone [§13.2-13.3]
    reach = printed_fire_zone(state, unit)
    if sight_range(state) < LOS_RANGE:
        reach = min(reach, sight_range(state))  # 1 hex at night [§20.2]
    return min(reach, 1) if pinned(state, unit) else reach


def concentrated_on(state: PcState, unit: str, h: Hex) -> bool:
    """The unit has Concentrated its fire on hex ``h`` [§10.2]."""
    return state.troops.concentrations.get(unit) == state.game.name(h)


def why_concentrated_elsewhere(state: PcState, unit: str, h: Hex) -> str | None:
    """Why a unit Concentrated on another hex than ``h`` has no Fire Zone there, or None
    [§10.3]."""
    there = state.troops.concentrations.get(unit)
    if there is None or there == state.game.name(h):
        return None
    return (
        f"the unit has Concentrated its fire on {there}: it has no Fire Zone elsewhere and "
        "attacks only units there [§10.3]"
    )


def in_fire_zone(state: PcState, unit: str, h: Hex) -> bool:
    """Hex ``h`` is in the unit's Fire Zone: within its reach and in its line of sight
    [§6.5]; a unit that has Concentrated its fire keeps only that hex [§10.3]."""
    at = state.troops.hexes.get(unit)
    if at is None or why_concentrated_elsewhere(state, unit, h) is not None:
        return False
    away = at.distance(h)
    if away > printed_fire_zone(state, unit):
        return False  # beyond its reach before anything reduces it
    return away <= fire_zone_range(state, unit) and sees(state, at, h)
