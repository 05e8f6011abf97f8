"""What the greedy bot needs of a Soldiers state: a disabled man is a loss of 1 (wounded 0.4,
suppressed 0.15) [8.44], an invented scale; an order is worth the man's best next action.
A reaction declared and not yet resolved counts for its odds of a hit (:data:`HIT_WORTH` a hit),
so the bot declares reaction fire whose odds are worth having and resolves it [8.6]; a grenade
throw is tried on copies with their own dice like a shot [12], and so are a satchel charge
[16.22] and the free call's strike [17.25]; the enemy's artillery calls count for their odds
(:func:`rules.soldiers.artillery.expected_losses`) [17.3]. A man in sight and reach of an
enemy on overwatch is a small loss (:data:`WATCH_WORTH`), the threat of the reaction fire his
next move draws [13.2], so the bot watches an approach the enemy must cross; an MG crewman whose
gun may not fire (dismantled, short-crewed) threatens nothing, so preparing it is worth an
action [14.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.bots.greedy import ACTIVITY_BONUS, Adapter, Piece
from rules.bots.plan import numbered_names
from rules.engine.actions import Action
from rules.engine.core import Outcome
from rules.soldiers.artillery import expected_losses
from rules.soldiers.machineguns import why_not_gun
from rules.soldiers.overwatch import watched
from rules.soldiers.reaction import expected_hits
from rules.soldiers.weapons import carried

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

#: What one hit is worth to the evaluation: about the average of Sup, Wound and worse on the
#: damage lines (an invented scale, as the losses' own).
HIT_WORTH = 0.5
#: What an enemy in sight and reach of a man on overwatch is worth (an invented scale: about a
#: tenth of a hit each, three a watcher at most) [13.2].
WATCH_WORTH = 0.06


class SoldiersAdapter(Adapter):
    def selects(self, action: Action) -> bool:
        """An order only picks the man (or group [6.24]) who acts next [6.21]."""
        return action.verb in ("order-man", "order-group")

    def prior(self, action: Action) -> float:
        """A chit committed gives the side a turn to act [5.2]; a bid spends the chit's future
        activations for this one, which the evaluation does not see, so the bot bids only
        where the position says so (our reading) [5.31]."""
        if action.verb == "bid":
            return -ACTIVITY_BONUS / 2
        return ACTIVITY_BONUS if action.verb == "commit" else 0.0

    def pieces(self, state: SoldiersState) -> dict[str, Piece]:
        men = state.game.men
        return {
            m: Piece(
                men[m].side,
                h,
                min(15, carried(state, m).max_range),
                0.0
                if why_not_gun(state, m, None) is not None  # an MG not ready [14.2; 14.3]
                else 0.5
                if m in state.troops.suppressed
                else 1.0,
                3.0,
            )
            for m, h in state.troops.hexes.items()
            if m not in state.troops.disabled
        }

    def lost(self, state: SoldiersState, side: str) -> float:
        men = state.game.men
        disabled = sum(1 for m in state.troops.disabled if men[m].side == side)
        wounded = sum(
            1
            for m in state.troops.wounded
            if men[m].side == side and m not in state.troops.disabled
        )
        shaken = sum(1 for m in state.troops.suppressed if men[m].side == side)
        # reaction fire declared against the side and not yet resolved: its odds [8.62; 8.63]
        pending = expected_hits(state, side) * HIT_WORTH
        # the enemy's artillery calls on the side's men, not yet resolved [17.3]
        pending += expected_losses(state, side)
        watching = watched(state, side) * WATCH_WORTH  # enemy overwatch on them [13.2]
        return disabled + 0.4 * wounded + 0.15 * shaken + pending + watching

    def standing(self, state: SoldiersState) -> Outcome:
        from rules.soldiers.victory import evaluate_outcome

        return evaluate_outcome(state, final=True, timed=False)

    def hex_of(self, state: SoldiersState, name: str) -> Hex | None:
        return state.game.by_name.get(name.upper())

    def plan_names(self, game: SoldiersGame) -> dict[str, frozenset[str]]:
        """Each man answers to his squad's entry [2.11]."""
        from rules.soldiers.units import squad_men

        squads = numbered_names(
            game.scenario, lambda side, code, n: squad_men(side, code)[0][0].squad
        )
        return {m: squads.get(man.squad, frozenset()) for m, man in game.men.items()}
