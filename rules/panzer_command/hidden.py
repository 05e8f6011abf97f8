"""Hidden Units [§22.5], the option ``hidden-units`` (:mod:`rules.panzer_command.intel`).

- "a single blind system where only one player, the reaction player, has hidden units": every
  unit of the Reaction player on the map is hidden from the Initiative player until revealed
  (our reading: its reinforcements too, once they enter).
- Revealed when an Initiative unit has a clear line of sight to it [§6], 8 hexes at most, but
  only from the adjacent hex into woods, towns, Improved Positions and entrenchments, and only
  from 2 hexes when the line crosses a crest hexside of the unit's hex (adjacent when it is also
  in such terrain); and when it engages in combat of any type [§22.5 Combat].
- Once revealed it stays on the map while any Initiative unit within 8 hexes has a normal line
  of sight into its hex; out of sight, it is hidden again [§22.5 Reconcealment].
- The Initiative player's view (:meth:`PcState.view_for`) leaves hidden units out, and every
  event about one is private to its owner; a hidden unit cannot be targeted (no Fire, Close
  Assault, Indirect Fire, airstrike nor Opportunity Fire at it; our reading: it draws no
  Opportunity Fire unless a sight check as it leaves its hex reveals it).

Our reading, where the book leaves it to the players at the table: sighting is checked after
every Action and as a unit leaves a hex under Opportunity Fire, not hex by hex through a move.
Not played: Voluntary Revelation as an action, airpower against hidden units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside, TieBreak, hex_line
from rules.panzer_command.actions import PositionChanged
from rules.panzer_command.intel import UNITS
from rules.panzer_command.zones import sees

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

#: The hex terrains a line of sight enters only from the adjacent hex [§22.5].
COVER = frozenset({"woods", "town"})
CREST = "crest"
RULE = "[§22.5]"


def plays(state: PcState) -> bool:
    return UNITS in state.game.intel


def is_hidden(state: PcState, unit: str) -> bool:
    """The unit is hidden from the Initiative player now [§22.5]."""
    return (
        plays(state)
        and unit in state.troops.hexes
        and state.game.units[unit].side == state.game.reaction
        and unit not in state.intel.revealed
    )


def hidden_units(state: PcState) -> set[str]:
    if not plays(state):
        return set()
    return {u for u in state.troops.hexes if is_hidden(state, u)}


def covered(state: PcState, unit: str) -> bool:
    """In woods, a town, an Improved Position or an entrenchment [§22.5]."""
    h = state.troops.hexes[unit]
    terrains = set(state.game.terrain.mixed(h))
    entrenched = state.troops.entrenchments.get(state.game.name(h)) == unit
    return bool(terrains & COVER) or unit in state.troops.in_ip or entrenched


def behind_crest(state: PcState, a: Hex, b: Hex) -> bool:
    """The line from ``a`` to ``b`` crosses a crest hexside of ``b``'s hex (either way round
    when it runs along a hexside)."""
    for line in (hex_line(a, b, TieBreak.LEFT), hex_line(a, b, TieBreak.RIGHT)):
        if len(line) < 2:
            continue
        side = Hexside.between(line[-2], b)
        if CREST in state.game.terrain.hexside_features(side):
            return True
    return False


def sights(state: PcState, spotter: str, unit: str) -> bool:
    """The Initiative unit ``spotter`` reveals the hidden ``unit`` [§22.5 How Hidden Units Are
    Revealed]."""
    a, b = state.troops.hexes.get(spotter), state.troops.hexes[unit]
    if a is None or not sees(state, a, b):
        return False
    reach = 1 if covered(state, unit) else 2 if behind_crest(state, a, b) else None
    return reach is None or a.distance(b) <= reach


def _watchers(state: PcState) -> list[str]:
    initiative = state.game.initiative
    return sorted(u for u in state.troops.hexes if state.game.units[u].side == initiative)


def reveal(state: PcState, unit: str, why: str) -> None:
    """Place the unit on the Initiative player's map."""
    if is_hidden(state, unit):
        state.intel.revealed.add(unit)
        where = state.game.name(state.troops.hexes[unit])
        state.emit(PositionChanged(unit, f"revealed in {where}: {why}", RULE))


def check(state: PcState, unit: str) -> None:
    """Reveal the unit if an Initiative unit sights it now."""
    if is_hidden(state, unit):
        spotter = next((s for s in _watchers(state) if sights(state, s, unit)), None)
        if spotter is not None:
            reveal(state, unit, f"sighted by {spotter}")


def update(state: PcState) -> None:
    """After an Action: reveal the hidden units sighted, hide again the revealed ones no
    Initiative unit sees any more [§22.5]."""
    if not plays(state):
        return
    state.intel.revealed &= set(state.troops.hexes)
    watchers = _watchers(state)
    for unit in sorted(state.troops.hexes):
        if state.game.units[unit].side != state.game.reaction:
            continue
        if unit not in state.intel.revealed:
            check(state, unit)
            continue
        b = state.troops.hexes[unit]
        if not any(sees(state, state.troops.hexes[w], b) for w in watchers):
            state.intel.revealed.discard(unit)
            state.emit(
                PositionChanged(
                    unit,
                    "out of the enemy's sight: hidden again (Reconcealment)",
                    RULE,
                    private_to=state.game.reaction,
                )
            )
