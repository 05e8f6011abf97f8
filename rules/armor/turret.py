"""Effects of Turret Facing [OP VII]: where a hit on the turret lands when the turret does not
face as the hull does.

The Armor Game locates every hit on the target's Hit Determination Table by the Target Angle
Wheel laid on the target unit, its hull [AG VI.B; TAW card]: the turret's facing plays no part
but the Field of Fire [AG VI.A.3.b]. The book turns the turret's facing into the hit location
only with the Optional Rule "Effects of Turret Facing" [OP VII]: for a Vehicle unit with a
movable turret,

- a line of sight that passes through the hexside the Turret unit faces, or a hexside beside
  it, turns a TR hit into a TF hit, with the Turret Front AB [OP VII.A];
- a line of sight through any other hexside turns a TF or GM hit into a TR hit, with the
  Turret Rear AB [OP VII.B].

A scenario plays it by naming the option :data:`OPTION` in ``rules.options`` (the Optional
Rules "can be added to the game in any combination" [OP I]); without it, hits locate on the
hull's aspect alone, as the Armor Game's rules have it.

Our readings where the text is short: "the hexside" is the side of the target's hex through
which the line from the firer's Dot enters it (the line ends at the target's Dot); a line
entering exactly at a corner passes through both hexsides there, and where one of them is the
facing or beside it and the other is not (the firer exactly abeam of the turret) neither
change is made; the AB is read in the same Level/Rising/Falling and angle column as the hit;
vehicles without a movable turret keep their Turret unit forward [AG VIII.B.3] and are left
to the hull's aspect, as the rule's opening sentence speaks of movable turrets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from model.hexes import DIRECTIONS, Hex

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

OPTION = "turret-facing"
RULE = "Armor [OP VII]"
Side = Literal["front", "rear", "abeam"]


@dataclass(frozen=True)
class TurretAspect:
    """How a shot's line of sight meets the target's turret [OP VII].

    Attributes:
        facing: the compass direction the Turret unit faces.
        entry: the compass direction(s) of the target hex's hexside(s) the line enters by
            (two at a corner).
        side: ``front`` (the facing hexside or one beside it), ``rear`` (any other) or
            ``abeam`` (a corner between the two: our reading, no change).
    """

    facing: int
    entry: tuple[int, ...]
    side: Side

    def turn(self, location: str) -> tuple[str, str]:
        """The location after the rule, and the sentence for the log ("" when unchanged)."""
        if self.side == "front" and location == "TR":
            return "TF", (
                "TR becomes TF: the line of sight passes through the turret's facing hexside "
                "or one beside it, Turret Front AB [OP VII.A]"
            )
        if self.side == "rear" and location in ("TF", "GM"):
            return "TR", (
                f"{location} becomes TR: the line of sight passes through a hexside neither the "
                "turret's facing nor beside it, Turret Rear AB [OP VII.B]"
            )
        return location, ""

    def words(self) -> str:
        """The rule's effect on this shot, for the odds before the shot is fired."""
        if self.side == "front":
            return "turret facing the firer (its facing hexside or one beside it): TR hits are TF"
        if self.side == "rear":
            return "turret facing away from the firer: TF and GM hits are TR"
        return "the firer exactly abeam of the turret (a corner): no change, our reading"


def in_use(state: ArmorState) -> bool:
    """Whether the scenario plays Effects of Turret Facing [OP VII]."""
    return OPTION in state.game.scenario.rules.options


def entry_hexsides(target: Hex, firer: Hex) -> tuple[int, ...]:
    """The compass directions of the hexside(s) of ``target`` through which the straight line
    from ``firer``'s Dot enters it: the direction(s) closest to the line back to the firer.

    Exact: the dot products with the six unit directions on the flat-topped grid, as integers
    (``2 q q' + 2 r r' + q r' + r q'``, 2/3 of the true product); two tie at a corner."""
    dq, dr = firer.q - target.q, firer.r - target.r
    dots = [2 * dq * d.q + 2 * dr * d.r + dq * d.r + dr * d.q for d in DIRECTIONS]
    best = max(dots)
    return tuple(k for k, dot in enumerate(dots) if dot == best)


def turret_aspect(state: ArmorState, firer: str, target: str) -> TurretAspect | None:
    """How the shot's line meets the target's turret, or None when the rule does not apply:
    not in the scenario's rules, or the target has no movable turret [OP VII]."""
    spec = state.game.units[target]
    if not in_use(state) or not spec.vehicle or spec.turret_turn == 0:
        return None
    facing = (state.troops.facing[target] + state.troops.turret[target]) % 6
    entry = entry_hexsides(state.troops.hexes[target], state.troops.hexes[firer])
    near = [(k - facing) % 6 in (5, 0, 1) for k in entry]
    side: Side = "front" if all(near) else "rear" if not any(near) else "abeam"
    return TurretAspect(facing, entry, side)
