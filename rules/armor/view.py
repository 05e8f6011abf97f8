"""What one side of an Armor game may know, and the position as plain data for fingerprints.

Both sides write their orders "secretly" [AG II.B; AG V]: a side sees its own orders and, of the
other side's, only whether it has finished plotting, until the Command Sheets are laid out in
full view for movement [AG VII.A]. The Armor Game has no hidden units, so every counter shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.hexes import Hex
from rules.engine.positions import UnitPosition, short_label

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


@dataclass(frozen=True)
class ArmorView:
    """What one side may know: every counter on the map (no hidden units in the Armor Game),
    its own orders, and of the other side's only whether it has finished plotting."""

    side: str
    turn: int
    segment: str
    to_act: tuple[str, ...]
    units: tuple[tuple[str, str, int], ...]  # id, hex, facing (direction number)
    own_orders: tuple[str, ...]
    other_done: bool


def side_view(state: ArmorState, side: str) -> ArmorView:
    name, number = state.game.name, state.game.amap.global_to_direction
    units = tuple((u, name(h), number(h, state.facing[u])) for u, h in sorted(state.hexes.items()))
    other = next(s for s in state.game.sides if s != side)
    revealed = state.segment.id != "plot"
    own = tuple(o.text() for o in state.orders[side].values())
    if revealed:
        own += tuple(o.text() for o in state.orders[other].values())
    return ArmorView(
        side, state.turn, state.segment.id, state.to_act(), units, own, other in state.done
    )


#: Damage as counter markers [GC1 Effects of AP Hits].
HIT_MARKERS = {"gun": "Gun", "turret": "Tur", "hull": "Hull", "track": "Trk"}


def positions(state: ArmorState) -> list[UnitPosition]:
    """Every unit on the map, with its hull's facing and its damage."""
    found = []
    for u, h in sorted(state.hexes.items()):
        spec = state.game.units[u]
        marks = [HIT_MARKERS[k] for k in sorted(state.hits.get(u, ())) if k in HIT_MARKERS]
        if state.crew_losses.get(u):
            marks.append(f"Crew-{state.crew_losses[u]}")
        found.append(
            UnitPosition(
                u, spec.side, spec.type_id, short_label(u), h, state.facing[u], tuple(marks)
            )
        )
    return found


def snapshot(state: ArmorState) -> dict[str, Any]:
    """The position as plain JSON data, sorted where order does not matter."""

    def where(m: Mapping[str, Hex]) -> dict[str, list[int]]:
        return {u: [h.q, h.r] for u, h in sorted(m.items())}

    return {
        "scenario": state.game.scenario.id,
        "turn": state.turn,
        "step": state.step,
        "over": state.over,
        "hexes": where(state.hexes),
        "facing": dict(sorted(state.facing.items())),
        "turret": dict(sorted(state.turret.items())),
        "orders": {s: sorted(o.text() for o in os.values()) for s, os in state.orders.items()},
        "done": sorted(state.done),
        "faced": sorted(state.faced),
        "hits": {u: sorted(h) for u, h in sorted(state.hits.items())},
        "crew_losses": dict(sorted(state.crew_losses.items())),
        "knocked_out": list(state.knocked_out),
        "wrecks": [[h.q, h.r] for h in state.wrecks],
        "old_wrecks": state.old_wrecks,
        "exited": where(state.exited),
        "fired": sorted(state.fired),
        "fired_last_turn": sorted(state.fired_last_turn),
        "opportunity_used": sorted(state.opportunity_used),
    }
