"""What the greedy bot needs of a Panzer Command state: a loss is a step [§11.1] (a Suppression
0.3), an invented scale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import Side
from rules.bots.greedy import ACTIVITY_BONUS, Adapter, Piece
from rules.bots.plan import numbered_names
from rules.engine.actions import Action
from rules.engine.core import Outcome
from rules.panzer_command.actions import ROLL, OpFire
from rules.panzer_command.zones import printed_fire_zone

#: What an announced Opportunity Fire is worth before it is resolved (an invented scale, as
#: the rest of the evaluation's).
OPPORTUNITY_BONUS = 0.2

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState


class PcAdapter(Adapter):
    def prior(self, action: Action) -> float:
        """A chit selected or dispatched gives the side a turn to act [§3.1]; an Opportunity
        Fire announced is worth its chance of harm, which the one-ply score sees only once the
        fires are resolved [§8.2] (a Command's a little less: it is spent whatever happens)."""
        if action.verb in ("select", "dispatch", "air"):
            return ACTIVITY_BONUS  # the airpower called gives strikes to make [§18.4]
        if isinstance(action, OpFire):
            return OPPORTUNITY_BONUS if action.mode == ROLL else OPPORTUNITY_BONUS / 2
        return 0.0

    def pieces(self, state: PcState) -> dict[str, Piece]:
        units = state.game.units
        found = {}
        for u, h in state.troops.hexes.items():
            spec = units[u]
            attack = spec.strength(state.troops.steps[u]) or 0
            threat = 0.0 if u in state.troops.suppressed else min(1.5, attack / 6.0)
            reach = printed_fire_zone(state, u)  # an H Class weapon reaches 3 [§14.2]
            found[u] = Piece(spec.side, h, reach, threat, spec.movement / 2, spec.category)
        return found

    def lost(self, state: PcState, side: str) -> float:
        units = state.game.units
        steps = sum(s.steps - state.troops.steps[u] for u, s in units.items() if s.side == side)
        shaken = sum(1 for u in sorted(state.troops.suppressed) if units[u].side == side)
        return steps + 0.3 * shaken

    def standing(self, state: PcState) -> Outcome:
        from rules.panzer_command.victory import evaluate_outcome

        return evaluate_outcome(state)

    def hex_of(self, state: PcState, name: str) -> Hex | None:
        return state.game.by_name.get(name)

    def plan_names(self, game: PanzerCommandGame) -> dict[str, frozenset[str]]:
        """Counters numbered per unit code as the set-up makes them, reinforcements after."""
        from rules.panzer_command.units import is_counter, unit_of

        def make(side: Side, code: str, n: int) -> str | None:
            return unit_of(side, code, n).id if is_counter(side, code) else None

        return numbered_names(game.scenario, make, reinforcements=True)
