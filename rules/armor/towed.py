"""Towed units [ADV V.B] of the Advanced Game: what their Pivot in Place does to their fire,
and the hexes they may never be placed in or fetched from.

- "Towed units ordered to Pivot in Place are considered to be moving (MV)" [ADV V.B.2], so is
  their Direct and Opportunity Fire with AP "the same as Vehicle units" [ADV VI.A.1]: the AP
  Movement Modifiers' firer row "Turn, 1-2", the Slow Rate of Fire [ADV IV.E.1], the MV GP
  Factor [ADV VI.B.1]; a pivot costs them nothing (they have no Speed Factors) and needs no
  Vehicle [V.B.2]. The Order Plot offers a Pivot in Place with each Direct Fire target in the
  Advanced Game (:func:`rules.armor.plot.order_options`).
- "Towed units may never be placed in Ditch or Wire hexes" [ADV V.B.3]: set up (checked with
  the Terrain Support units' placement, :mod:`rules.armor.support.setup`), nor Unloaded in
  one (a painted Ditch or Wire terrain, or a Ditch or Wire unit still standing).
- "They may be placed in Building hexes at the start of a game, but the Vehicle units that
  can Transport them can not enter the Building hex to get them out" [ADV V.B.3]: no Loading
  of a Towed unit in a Building hex; our reading of "at the start of a game": nor Unloading
  one there. A Towed unit that Bailed Out [ADV IX.B] Unloads where it stands (our reading:
  it is off its Vehicle already).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.events import PhaseNote
from rules.armor.support.effects import standing

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

PIVOT_RULE = "[ADV V.B.2; ADV VI.A.1]"
PIVOT_WORDS = (
    "a Towed unit ordered to Pivot in Place is moving (MV) for its fire, and the pivot costs "
    f"no Speed Factors and needs no Vehicle {PIVOT_RULE}"
)
PLACE_RULE = "[ADV V.B.3]"
#: The terrain catalogue's effect saying a Towed unit may not be placed in the terrain.
PLACED = "towed_may_be_placed"


def pivots(state: ArmorState, unit: str, moving: bool) -> bool:
    """``unit`` is a Towed unit counted as moving because its orders Pivot it in Place
    [ADV V.B.2]."""
    spec = state.game.units.get(unit)
    return bool(spec is not None and spec.towed and moving and "V" in state.orders_of(unit).moves)


def movement_note(state: ArmorState, unit: str, moving: bool) -> str:
    """What the AP Movement Modifier's line adds for a pivoting Towed unit ("" otherwise)."""
    if not pivots(state, unit, moving):
        return ""
    return f" (a Towed unit Pivoting in Place is moving {PIVOT_RULE})"


def gp_note(unit: str) -> PhaseNote:
    """The log's line before a pivoting Towed unit's GP fire: its MV GP Factor [ADV VI.B.1]."""
    note = "Pivoting in Place, the Towed unit fires as moving: its MV GP Factor [ADV VI.B.1]"
    return PhaseNote(unit, note, PIVOT_RULE)


def _no_place(state: ArmorState, h: Hex) -> str | None:
    """The Ditch or Wire in ``h`` a Towed unit may never be placed in, or None."""
    game = state.game
    for terrain in dict.fromkeys((game.terrain.terrain(h), game.terrain.effective(h).terrain)):
        effect = game.movement.effect(terrain, PLACED)
        if effect is not None and effect.value is False:
            return f"a {terrain.replace('-', ' ').title()} hex"
    kinds = standing(state).get(h, set()) & {"ditch", "wire"}
    if kinds:
        return f"a {sorted(kinds)[0].title()} unit's hex"
    return None


def _building(state: ArmorState, h: Hex) -> bool:
    return state.game.terrain.terrain(h).endswith("building")


def why_not_fetch(state: ArmorState, unit: str) -> str | None:
    """Why no Vehicle may Load the Towed ``unit`` where it stands, or None [ADV V.B.3]."""
    spec = state.game.units[unit]
    h = state.troops.hexes.get(unit)
    if not spec.towed or h is None or not _building(state, h):
        return None
    return (
        f"{unit} stands in a Building hex: the Vehicle units that can Transport Towed units can "
        f"not enter the Building hex to get them out {PLACE_RULE}"
    )


def why_not_unload(state: ArmorState, unit: str) -> str | None:
    """Why the Towed ``unit`` may not be Unloaded where its Vehicle stands, or None
    [ADV V.B.3]."""
    spec = state.game.units[unit]
    h = state.troops.hexes.get(unit)
    if not spec.towed or h is None:
        return None
    carrier = state.troops.carried.get(unit)
    if carrier is None or carrier not in state.troops.hexes or carrier in state.troops.abandoned:
        return None  # Bailed Out, or its Vehicle gone: it stands there already (our reading)
    where = _no_place(state, h)
    if where is not None:
        return (
            f"Towed units may never be placed in Ditch or Wire hexes, and this is {where} "
            f"{PLACE_RULE}"
        )
    if _building(state, h):
        return (
            "Towed units may be placed in Building hexes only at the start of a game "
            f"{PLACE_RULE} (our reading: not Unloaded into one)"
        )
    return None
