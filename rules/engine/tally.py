"""What the engines' victory evaluations share: comparisons by the scenario's words, and a
tally of the conditions judged one by one that decides the winner by the scenario's scoring
(``conditions``: the first met condition whose award is a win, else the default winner;
``most-vp``: the most points, a tie to the scenario's ``tie`` side)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable

from model.victory import Comparison, Condition, VictoryRules
from rules.engine.core import Outcome

#: A condition's ``compare`` as a function.
COMPARE: dict[Comparison, Callable[[float, float], bool]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
}


class VictoryTally:
    """The conditions of ``victory`` judged in turn: points, findings, what was met."""

    def __init__(self, victory: VictoryRules, sides: Iterable[str]) -> None:
        self.victory = victory
        self.vp = dict.fromkeys(sides, 0.0)
        self.findings: list[str] = []
        self.unevaluated: list[str] = []
        self.met: list[int] = []
        self.winner: str | None = None

    def judged(self, index: int, cond: Condition, met: bool, gained: float) -> None:
        """Condition ``index`` is (not) met, worth ``gained`` points to its side when met."""
        if not met:
            return
        self.met.append(index)
        side = getattr(cond, "side", None)
        award = getattr(cond, "award", None)
        if side is None or award is None:
            return
        self.vp[side] += gained * award.multiplier
        if award.result == "win" and self.winner is None:
            self.winner = side

    def not_evaluated(self, index: int, cond: Condition) -> None:
        kind = getattr(cond, "kind", "?")
        self.unevaluated.append(f"condition {index} ({kind}): not in this slice of the engine")

    def outcome(self) -> Outcome:
        victory, vp, winner = self.victory, self.vp, self.winner
        if victory.scoring == "conditions":
            reason = (
                "a victory condition is met" if winner else "no condition met: the default winner"
            )
            if winner is None and victory.default_winner not in (None, "draw"):
                winner = victory.default_winner
        else:
            ranked = sorted(vp.items(), key=lambda kv: -kv[1])
            if ranked[0][1] == ranked[1][1]:
                winner = None if victory.tie in (None, "draw") else victory.tie
                reason = "equal Victory Points"
            else:
                winner, reason = ranked[0][0], f"{ranked[0][0]} has the most Victory Points"
        return Outcome(
            vp,
            winner,
            reason,
            victory.placeholder,
            tuple(self.findings),
            tuple(self.unevaluated),
            tuple(self.met),
        )
