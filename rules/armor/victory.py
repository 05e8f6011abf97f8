"""Armor victory: points for enemy units knocked out or damaged [AG IX.B], exits, control,
and the most points wins [AG IX.A; SCN II.F].

Unit points [AG IX.B]: the Total Point Value for a unit knocked out, the Compartment value for
a vehicle with a compartment hit that is not knocked out, the Track-or-Gun value for one with
only Track and/or Gun hits. An exit scores the exiting unit's Total value (times the
condition's multiplier, e.g. double in 2B [SCN VI.B.6]). Control ("occupy"): the side has a
unit in the region at the end and the enemy has none; the book never defines control for
Scenario One [digest §7], so a ``book`` rule is read as that, and the finding says so.
Conditions of other kinds are listed as not evaluated, never silently dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.victory import Control, EnemyLosses, Exit
from rules.engine.core import Outcome

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


def unit_points(state: ArmorState, unit: str) -> tuple[int, str]:
    """What a unit's losses are worth to the enemy, and why [AG IX.B]."""
    spec = state.game.units[unit]
    hits = state.damage.hits.get(unit, set())
    if unit in state.damage.knocked_out:
        return spec.points, "Total Point Value: knocked out [AG IX.B.1]"
    if hits & {"hull", "turret"}:
        return spec.points_compartment, "Compartment Point Value [AG IX.B.2]"
    if hits & {"track", "gun"}:
        return spec.points_track_gun, "Track or Gun Point Value [AG IX.B.3]"
    return 0, ""


def evaluate_outcome(state: ArmorState) -> Outcome:
    game = state.game
    vp: dict[str, float] = dict.fromkeys(game.sides, 0.0)
    findings: list[str] = []
    unevaluated: list[str] = []
    met: list[int] = []
    for i, cond in enumerate(game.scenario.victory.conditions):
        gained = 0.0
        if isinstance(cond, EnemyLosses):
            for u, spec in game.units.items():
                if spec.side != cond.side:
                    points, why = unit_points(state, u)
                    if points:
                        gained += _award(cond.award.per, cond.award.vp, points)
                        findings.append(f"{cond.side}: {u} {points} VP ({why})")
        elif isinstance(cond, Exit):
            region = game.region(cond.region)
            for u, h in state.troops.exited.items():
                if game.units[u].side == cond.side and h in region:
                    gained += _award(cond.award.per, cond.award.vp, game.units[u].points)
                    findings.append(f"{cond.side}: {u} exited at {game.name(h)}")
        elif isinstance(cond, Control):
            region = game.region(cond.region)
            mine = any(state.troops.hexes.get(u) in region for u in state.alive(cond.side))
            theirs = any(
                state.troops.hexes.get(u) in region
                for s in game.sides
                if s != cond.side
                for u in state.alive(s)
            )
            rule = cond.rule if cond.rule != "book" else "occupy (placeholder: not in the book)"
            if mine and not theirs:
                gained += cond.award.vp or 0.0
                findings.append(f"{cond.side} controls the region ({rule}): {cond.award.vp} VP")
        else:
            unevaluated.append(f"condition {i} ({cond.kind}): not in this slice of the engine")
            continue
        gained *= cond.award.multiplier
        if gained:
            met.append(i)
        vp[cond.side] += gained
    return _verdict(state, vp, findings, unevaluated, met)


def _award(per: str | None, vp: float | None, points: int) -> float:
    if per == "unit-value":
        return float(points)
    return float(vp or 0.0)


def _verdict(
    state: ArmorState,
    vp: dict[str, float],
    findings: list[str],
    unevaluated: list[str],
    met: list[int],
) -> Outcome:
    victory = state.game.scenario.victory
    ranked = sorted(vp.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        winner = None if victory.tie in (None, "draw") else victory.tie
        reason = "equal Victory Points [AG IX.A]"
    else:
        winner = ranked[0][0]
        reason = f"{winner} has the most Victory Points [AG IX.A]"
    placeholder = victory.placeholder
    if victory.scoring != "most-vp" or victory.adjudication is not None:
        placeholder = (placeholder or "") + (
            " the scenario's own adjudication (Differential Number [SCN IV]) is not in this "
            "slice: most points wins"
        )
    return Outcome(
        vp=vp,
        winner=winner,
        reason=reason,
        placeholder=placeholder,
        findings=tuple(findings),
        unevaluated=tuple(unevaluated),
        met=tuple(met),
    )
