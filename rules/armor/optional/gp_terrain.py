"""GP Fire Terrain Modifiers Against Vehicles [OP XXIX] (option ``gp-vehicle-terrain``).

The book: "The following are subtracted from the dice roll for GP Fire against Vehicle units
in the given terrain":

- Improved Position, Stone or Brick Building, or Defilade (Level or Rising Fire): -20
  [OP XXIX.A];
- Alley, Rough, Scrub, Wood Building, Woods, or Defilade (Falling): -10 [OP XXIX.B];
- Soft and Clear: none [OP XXIX.C];
- not in Close Assault, against a flamethrower, or against Artillery, Mortar, Bombing,
  Strafing or Rocket attacks [OP XXIX.D]: this engine's GP fire (:mod:`rules.armor.gp`) is
  Direct, Opportunity and Overrun fire, to which it applies; Close Assault has its own
  procedure (:mod:`rules.armor.assault`) and is left alone.

Our readings: the terrain is every terrain of the target's hex (a mixed hex takes the largest
subtraction), with the Terrain Support units standing there; a hex of more than 4 Stacking
Factors is fired on as Clear [GC1 GP Fire Modifiers], so no subtraction; the generic Building
(any construction) as Wood, -10; Level, Rising or Falling as the AP fire reads them
(:func:`rules.armor.fire.shot_elevation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import GP_TERRAIN, in_use
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

_MINUS_20 = {"improved-position", "stone-building", "brick-building"}
_MINUS_10 = {"alley", "rough", "scrub", "wood-building", "building", "woods"}


def modifier(state: ArmorState, firer: str, target: str) -> Modifier | None:
    """The dice modifier of GP fire at a Vehicle in its terrain [OP XXIX], or None."""
    from rules.armor.fire import shot_elevation
    from rules.armor.support.effects import standing

    if not in_use(state.game, GP_TERRAIN) or not state.game.units[target].vehicle:
        return None
    h = state.troops.hexes[target]
    if state.stacking(h) > 4:
        return None
    kinds = set(state.game.terrain.mixed(h)) | standing(state).get(h, set())
    if "defilade" in kinds:
        shot = shot_elevation(state, state.troops.hexes[firer], h)
        kinds.add("defilade-falling" if shot == "Falling" else "defilade-level")
    if kinds & (_MINUS_20 | {"defilade-level"}):
        what = sorted(kinds & (_MINUS_20 | {"defilade-level"}))[0]
        return Modifier(f"Vehicle in {_words(what)}", -20, "[OP XXIX.A]")
    if kinds & (_MINUS_10 | {"defilade-falling"}):
        what = sorted(kinds & (_MINUS_10 | {"defilade-falling"}))[0]
        return Modifier(f"Vehicle in {_words(what)}", -10, "[OP XXIX.B]")
    return None


def _words(kind: str) -> str:
    if kind == "defilade-level":
        return "Defilade (Level or Rising fire)"
    if kind == "defilade-falling":
        return "Defilade (Falling fire)"
    if kind == "building":
        return "a Building (any construction, as Wood: our reading)"
    return kind.replace("-", " ").title()
