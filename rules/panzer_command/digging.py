"""Panzer Command's Improved Positions [§19] and entrenchments [§16.5].

- The Improve Position Action: any non-Suppressed unit, in any terrain, makes an Improved
  Position for itself (each unit separately, even in one hex) [§19]. It lasts until the unit
  moves or is destroyed [§19]. A scenario's force entry ``in-ip`` starts its units in one.
- An entrenchment stays on the map for the game and holds any one unit, friendly or enemy
  [§16.5]. A scenario's force entry ``entrenched`` starts its units in one each (the engine
  plays no engineers, so no Entrench Action [§16.5]). Our reading: a unit that ends a move in
  an entrenchment's hex while no unit holds it occupies it; the occupant leaving empties it.
- In combat, from the Combat Modifiers Summary's rows (the values the book's prose gives): a
  unit attacking one in an Improved Position -1, one in an entrenchment -3; a unit in an
  Improved Position attacks at +1, in an entrenchment at +2, in all combat but Indirect Fire
  [§16.5; §19].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.panzer_command.actions import PositionChanged

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

IP_TARGET, IP_FIRER = "improved position: target in one", "improved position: firer in one"
ENTRENCHED_TARGET, ENTRENCHED_FIRER = "entrenchment: target in one", "entrenchment: firer in one"


def entrenched(state: PcState, unit: str) -> bool:
    """The unit occupies an entrenchment [§16.5]."""
    h = state.troops.hexes.get(unit)
    return h is not None and state.troops.entrenchments.get(state.game.name(h)) == unit


def protection(state: PcState, unit: str) -> str | None:
    """The unit's works: ``entrenchment``, ``improved position`` or None."""
    if entrenched(state, unit):
        return "entrenchment"
    if unit in state.troops.in_ip:
        return "improved position"
    return None


def combat_rows(state: PcState, unit: str, target: str) -> list[tuple[str, str]]:
    """The Combat Modifiers Summary rows the two units' works call for, each with its words."""
    rows: list[tuple[str, str]] = []
    mine, theirs = protection(state, unit), protection(state, target)
    if mine == "entrenchment":
        rows.append((ENTRENCHED_FIRER, "the firer occupies an entrenchment [§16.5]"))
    elif mine == "improved position":
        rows.append((IP_FIRER, "the firer is in an Improved Position [§19]"))
    if theirs == "entrenchment":
        rows.append((ENTRENCHED_TARGET, "the target occupies an entrenchment [§16.5]"))
    elif theirs == "improved position":
        rows.append((IP_TARGET, "the target is in an Improved Position [§19]"))
    return rows


def why_not_improve(state: PcState, unit: str) -> str | None:
    if unit in state.troops.suppressed:
        return "a Suppressed unit cannot Improve Position [§11.1; §19]"
    if unit in state.troops.mounted:
        return "a passenger does not Improve Position (our reading) [§13.1; §19]"
    if protection(state, unit) is not None:
        return f"the unit is in an {protection(state, unit)} already [§16.5; §19]"
    return None


def improve(state: PcState, unit: str) -> None:
    """The Improve Position Action [§19]."""
    state.troops.in_ip.add(unit)
    state.emit(PositionChanged(unit, "in an Improved Position", "[§19]"))


def leave(state: PcState, unit: str, why: str) -> None:
    """The unit leaves its hex (moves or is destroyed): its Improved Position is removed, its
    entrenchment stays, empty [§16.5; §19]; the count of its Indirect Fires from the hex
    restarts [§14.4]."""
    state.troops.fired.pop(unit, None)
    if unit in state.troops.in_ip:
        state.troops.in_ip.discard(unit)
        state.emit(PositionChanged(unit, f"Improved Position removed: {why}", "[§19]"))
    h = state.troops.hexes.get(unit)
    if h is not None and entrenched(state, unit):
        state.troops.entrenchments[state.game.name(h)] = ""
        state.emit(PositionChanged(unit, f"leaves the entrenchment: {why}", "[§16.5]"))


def arrive(state: PcState, unit: str, h: Hex) -> None:
    """A unit ends a move in ``h``: an empty entrenchment there is its (our reading) [§16.5]."""
    name = state.game.name(h)
    if state.troops.entrenchments.get(name) == "":
        state.troops.entrenchments[name] = unit
        state.emit(PositionChanged(unit, f"occupies the entrenchment in {name}", "[§16.5]"))
