"""The greedy bot's small per-system adapters (:class:`rules.bots.greedy.Adapter`): which units
fight, what a loss is worth, and the victory evaluation of a position mid-game.

Loss worth is in "about one unit" steps, an invented scale (placeholder): Armor a unit's
Victory Point value [AG IX.B] over 10, Panzer Command a step [§11.1] (a Suppression 0.3),
Soldiers a disabled man 1 (wounded 0.4, suppressed 0.15) [8.44].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.bots.greedy import Piece
from rules.engine.core import Outcome, State

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.panzer_command.game import PcState
    from rules.soldiers.game import SoldiersState


class ArmorAdapter:
    planner = True  # secret simultaneous orders: weighed statically

    def pieces(self, state: ArmorState) -> dict[str, Piece]:
        from rules.armor.cards import gun_of

        game = state.game
        found = {}
        for u, h in state.hexes.items():
            spec = game.units[u]
            gun = gun_of(spec, game.nation[spec.side])
            able = gun is not None and not state.gun_lost(u) and state.crew_losses.get(u, 0) < 3
            reach = gun.short if gun is not None else 0
            found[u] = Piece(spec.side, h, reach, 1.0 if able else 0.0, spec.speed, spec.category)
        return found

    def lost(self, state: ArmorState, side: str) -> float:
        from rules.armor.victory import unit_points

        units = state.game.units
        return sum(unit_points(state, u)[0] for u in units if units[u].side == side) / 10.0

    def standing(self, state: ArmorState) -> Outcome:
        from rules.armor.victory import evaluate_outcome

        return evaluate_outcome(state)

    def hex_of(self, state: ArmorState, name: str) -> Hex | None:
        return None


class PcAdapter:
    planner = False

    def pieces(self, state: PcState) -> dict[str, Piece]:
        units = state.game.units
        found = {}
        for u, h in state.hexes.items():
            spec = units[u]
            attack = spec.strength(state.steps[u]) or 0
            threat = 0.0 if u in state.suppressed else min(1.5, attack / 6.0)
            found[u] = Piece(spec.side, h, spec.range, threat, spec.movement / 2, spec.category)
        return found

    def lost(self, state: PcState, side: str) -> float:
        units = state.game.units
        steps = sum(s.steps - state.steps[u] for u, s in units.items() if s.side == side)
        shaken = sum(1 for u in sorted(state.suppressed) if units[u].side == side)
        return steps + 0.3 * shaken

    def standing(self, state: PcState) -> Outcome:
        from rules.panzer_command.victory import evaluate_outcome

        return evaluate_outcome(state)

    def hex_of(self, state: PcState, name: str) -> Hex | None:
        return state.game.by_name.get(name)


class SoldiersAdapter:
    planner = False

    def pieces(self, state: SoldiersState) -> dict[str, Piece]:
        men = state.game.men
        return {
            m: Piece(
                men[m].side,
                h,
                min(15, men[m].weapon.max_range),
                0.5 if m in state.suppressed else 1.0,
                3.0,
            )
            for m, h in state.hexes.items()
            if m not in state.disabled
        }

    def lost(self, state: SoldiersState, side: str) -> float:
        men = state.game.men
        disabled = sum(1 for m in state.disabled if men[m].side == side)
        wounded = sum(1 for m in state.wounded if men[m].side == side and m not in state.disabled)
        shaken = sum(1 for m in state.suppressed if men[m].side == side)
        return disabled + 0.4 * wounded + 0.15 * shaken

    def standing(self, state: SoldiersState) -> Outcome:
        from rules.soldiers.victory import evaluate_outcome

        return evaluate_outcome(state)

    def hex_of(self, state: SoldiersState, name: str) -> Hex | None:
        return state.game.by_name.get(name.upper())


def adapter_for(state: State) -> ArmorAdapter | PcAdapter | SoldiersAdapter | None:
    """The adapter of the state's system, None for a system it does not know."""
    from rules.armor.game import ArmorState
    from rules.panzer_command.game import PcState
    from rules.soldiers.game import SoldiersState

    if isinstance(state, ArmorState):
        return ArmorAdapter()
    if isinstance(state, PcState):
        return PcAdapter()
    if isinstance(state, SoldiersState):
        return SoldiersAdapter()
    return None
