"""Armor victory: points for enemy units knocked out or damaged [AG IX.B], the scenario's
objectives [SCN II.F], and the winner by the book's adjudication [SCN IV].

Unit points [AG IX.B]: the Total Point Value for a unit knocked out, the Compartment value for
a vehicle with a compartment hit that is not knocked out, the Track-or-Gun value for one with
only Track and/or Gun hits. (The Advanced Game's values, +4 per Bailed Out Crew knocked out
[ADV VII], a Squad reduced to a Half Squad [OP], a Towed Gun or its crew [ADV], cannot arise in
this slice, which plays the Armor Game.) An exit scores the exiting unit's Total value (times
the condition's multiplier, double in 2B [SCN VI.B.6]); units in a region at the end score
their Total value times the multiplier (half in 2B). Control ("occupy"): the side has a unit
in the region at the end and the enemy has none; the book never defines control for Scenario
One [digest §7], so a ``book`` rule is read as that, and the finding says so. "Each Building
or Alley unit" [SCN VII.A.6] is counted one by one: each is a one-hex unit [Setup II.C].
Conditions of other kinds are listed as not evaluated, never silently dropped.

The winner: a scenario whose own conditions decide (``scoring: conditions``, or a condition
met whose award is a result) is decided by them; every other Armor game by the book's
procedure (:mod:`rules.armor.adjudication`): between equal forces the most Victory Points,
between unequal forces the Percentage and Differential Numbers [SCN IV.A-H].
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import Scenario
from model.victory import (
    Condition,
    Control,
    Destroyed,
    EnemyLosses,
    Exit,
    RuleOverride,
    Survives,
    TextCondition,
    UnitsIn,
)
from rules.armor import antitank
from rules.armor.adjudication import (
    HIDDEN,
    WON,
    Adjudication,
    Differential,
    SidePoints,
    adjudicate,
    scenario_number,
)
from rules.armor.optional import apcr, reduction, special_infantry
from rules.armor.scenario_rules import (
    bridge_controller,
    bridges,
    object_hexes,
    unplayed_support,
)
from rules.engine.core import Outcome
from rules.engine.play import Verdict
from rules.engine.tally import VictoryTally

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


def unit_points(state: ArmorState, unit: str) -> tuple[int, str]:
    """What a unit's losses are worth to the enemy, and why [AG IX.B]."""
    spec = state.game.units[unit]
    hits = state.damage.hits.get(unit, set())
    if spec.crew_of is not None and unit in state.damage.eliminated:
        return spec.points, "a Bailed Out Crew unit Knocked Out [ADV IX.A.3.c]"
    if unit in state.damage.knocked_out or unit in state.damage.eliminated:
        extra = apcr.extra_points(state, unit)  # it used APCR [OP XXIII.C]
        if extra:
            why = (
                f"Total Point Value {spec.points} + {extra} for using APCR [AG IX.B.1; OP XXIII.C]"
            )
            return spec.points + extra, why
        special = special_infantry.points(state, unit)  # Squad Plus, Assault Squad [OP V]
        found = special or (spec.points, "Total Point Value: knocked out [AG IX.B.1]")
        return antitank.with_points(state, unit, found)  # its Bazooka ... [ADV V.A]
    half = reduction.points(state, unit)  # a Half Squad [OP XII]
    if half is not None:
        return half
    if hits & {"hull", "turret"}:
        return spec.points_compartment, "Compartment Point Value [AG IX.B.2]"
    if hits & {"track", "gun"}:
        return spec.points_track_gun, "Track or Gun Point Value [AG IX.B.3]"
    return 0, ""


def evaluate_outcome(state: ArmorState) -> Outcome:
    """The scenario's victory conditions judged now, and the winner by the book [SCN IV]."""
    game = state.game
    tally = VictoryTally(game.scenario.victory, game.sides)
    gate: tuple[str, str] | None = None
    for i, cond in enumerate(game.scenario.victory.conditions):
        judged = judge(state, cond)
        if isinstance(judged, str):
            tally.unevaluated.append(f"condition {i} ({cond.kind}): {judged}")
            continue
        gained, findings = judged
        tally.findings.extend(findings)
        result = getattr(getattr(cond, "award", None), "result", None)
        side = getattr(cond, "side", None)
        if result == "win" and findings and side is not None:
            tally.met.append(i)  # a condition whose award is the game [SCN VIII.B.6]
            gate = gate or (side, findings[-1])
            continue
        tally.judged(i, cond, gained > 0, gained)
    victory = game.scenario.victory
    if victory.scoring == "conditions" or tally.winner is not None:
        return tally.outcome()
    decided = adjudicated(state, tally, adjudication(state, tally.vp))
    if gate is None or decided.verdict is None:
        return decided
    # 4B: the points are adjudicated, then the gate decides [SCN VIII.B.6]
    said = f"the scenario's condition: {gate[1]}"
    verdict = Verdict(
        WON, "[SCN IV; SCN VIII.B.6]", (*decided.verdict.steps, said), decided.verdict.figures
    )
    return replace(decided, winner=gate[0], reason=gate[1], verdict=verdict)


def judge(state: ArmorState, cond: Condition) -> tuple[float, list[str]] | str:
    """What one condition is worth to its side now, with its findings; or why the engine
    cannot evaluate it."""
    if isinstance(cond, EnemyLosses):
        return _losses(state, cond)
    if isinstance(cond, Exit):
        return _exits(state, cond)
    if isinstance(cond, UnitsIn) and cond.award.per == "unit-value" and not cond.enemy:
        return _units_in(state, cond)
    if isinstance(cond, Control):
        if cond.objects in ("any-hex", "hexes", "buildings"):
            return _control(state, cond)
        if _bridges_of(state, cond) is not None:
            return _bridge_control(state, cond)
        return f"control of {cond.objects} is not in this slice of the engine"
    if isinstance(cond, Destroyed) and cond.region is None and not cond.all:
        return _destroyed(state, cond)
    if isinstance(cond, Survives) and cond.at_least is None:
        return _survives(state, cond)
    if isinstance(cond, TextCondition):
        return _text(state, cond)
    return "not in this slice of the engine"


# --- bridges and other objects [SCN VI.B.6; VII.C.6; VIII.B.6] ---------------------------------


def _bridges_of(state: ArmorState, cond: Control) -> list[frozenset[Hex]] | None:
    """The Bridges a control condition counts, by the scenario's bridge-control rule; None
    when the scenario has no such rule or the objects are not bridges."""
    game = state.game
    rule = any(
        isinstance(r, RuleOverride) and r.rule == "bridge control"
        for r in game.scenario.special_rules
    )
    if not rule or cond.objects not in ("bridge", "bridges"):
        return None
    return bridges(game.region(cond.region))


def _bridge_control(state: ArmorState, cond: Control) -> tuple[float, list[str]]:
    """Each Bridge the side controls at the end [SCN VII.C.6]
    (:func:`rules.armor.scenario_rules.bridge_controller`)."""
    gained, findings = 0.0, []
    for spans in _bridges_of(state, cond) or []:
        who, why = bridge_controller(state, spans)
        name = state.game.name(min(spans))
        if who == cond.side:
            gained += cond.award.vp or 0.0
            findings.append(
                f"{cond.side} controls the Bridge at {name} ({why}): {cond.award.vp:g} VP "
                "[SCN VII.C.6]"
            )
    return gained, findings


def _destroyed(state: ArmorState, cond: Destroyed) -> tuple[float, list[str]]:
    """The objects destroyed by the end (2B: 125 VP if the bridge is destroyed
    [SCN VI.B.6])."""
    if cond.objects not in state.objectives.destroyed_objects:
        return 0.0, []
    vp = cond.award.vp or 0.0
    return vp, [f"{cond.side}: the {cond.objects} is destroyed, {vp:g} VP [SCN VI.B.6]"]


def _survives(state: ArmorState, cond: Survives) -> tuple[float, list[str]]:
    """Each object of the set still standing at the end (4B: 8 VP for each Supply Dump not
    destroyed [SCN VIII.B.6]); each hex of the set is one object (a one-hex unit [Setup
    II.C])."""
    hexes = object_hexes(state.game, cond.objects)
    standing = sorted(h for h in hexes if state.game.name(h) not in _razed(state))
    if not standing:
        return 0.0, []
    vp = (cond.award.vp or 0.0) * len(standing)
    names = ", ".join(state.game.name(h) for h in standing)
    return vp, [
        f"{cond.side}: {len(standing)} {cond.objects} not destroyed ({names}), "
        f"{cond.award.vp:g} VP each [SCN VIII.B.6]"
    ]


def _razed(state: ArmorState) -> set[str]:
    """The hexes (by name) of single objects destroyed (``name@hex``)."""
    return {o.split("@", 1)[1] for o in state.objectives.destroyed_objects if "@" in o}


#: Conditions in the book's words that the engine reads, by words they contain: 3C's
#: Defender's award [SCN VII.C.6] and 4B's gate on the Supply Dumps [SCN VIII.B.6].
_NOT_CONTROLLED = "does not completely control"
_FEWER_DUMPS = re.compile(r"destroyed fewer than (\w+) Supply Dumps")
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _text(state: ArmorState, cond: TextCondition) -> tuple[float, list[str]] | str:
    """A condition in the book's words the engine reads (:data:`_NOT_CONTROLLED`,
    :data:`_FEWER_DUMPS`), or why not."""
    if _NOT_CONTROLLED in cond.text:
        return _not_controlled(state, cond)
    found = _FEWER_DUMPS.search(cond.text)
    if found is not None and found.group(1) in _NUMBERS:
        need = _NUMBERS[found.group(1)]
        dumps = [o for o in state.game.scenario.map.objects if o.kind == "dump"]
        if not dumps:
            return "the scenario names no Supply Dumps among its map objects"
        razed = sum(
            1
            for h in object_hexes(state.game, dumps[0].name)
            if state.game.name(h) in _razed(state)
        )
        if razed >= need:
            return 0.0, []
        return 0.0, [
            f"{cond.side} wins: the attacker destroyed {razed} Supply Dumps, fewer than "
            f"{need}, and cannot win whatever the points [SCN VIII.B.6]"
        ]
    return "a condition in the book's words only"


def _not_controlled(state: ArmorState, cond: TextCondition) -> tuple[float, list[str]] | str:
    """3C's Defender: its award for each Bridge the Attacking side does not completely
    control at the end [SCN VII.C.6], the Bridges of the attacker's control condition."""
    control = next(
        (
            c
            for c in state.game.scenario.victory.conditions
            if isinstance(c, Control) and c.side != cond.side and _bridges_of(state, c)
        ),
        None,
    )
    if control is None:
        return "no bridge-control condition of the other side names the Bridges"
    gained, findings = 0.0, []
    for spans in _bridges_of(state, control) or []:
        who, why = bridge_controller(state, spans)
        if who != control.side:
            gained += cond.award.vp or 0.0
            findings.append(
                f"{cond.side}: the Bridge at {state.game.name(min(spans))} is not controlled "
                f"by {control.side} ({why}): {cond.award.vp or 0:g} VP [SCN VII.C.6]"
            )
    return gained, findings


def _award(per: str | None, vp: float | None, points: int) -> float:
    if per == "unit-value":
        return float(points)
    return float(vp or 0.0)


def _losses(state: ArmorState, cond: EnemyLosses) -> tuple[float, list[str]]:
    gained, findings = 0.0, []
    for u, spec in state.game.units.items():
        if spec.side != cond.side:
            points, why = unit_points(state, u)
            if points:
                gained += _award(cond.award.per, cond.award.vp, points)
                findings.append(f"{cond.side}: {u} {points} VP ({why})")
    return gained, findings


def _exits(state: ArmorState, cond: Exit) -> tuple[float, list[str]]:
    game = state.game
    region = game.region(cond.region)
    gained, findings = 0.0, []
    for u, h in state.troops.exited.items():
        if game.units[u].side == cond.side and h in region:
            gained += _award(cond.award.per, cond.award.vp, game.units[u].points)
            times = f" x {cond.award.multiplier:g}" if cond.award.multiplier != 1 else ""
            findings.append(
                f"{cond.side}: {u} exited at {game.name(h)}, {game.units[u].points} VP{times} "
                "[SCN II.F]"
            )
    return gained, findings


def _units_in(state: ArmorState, cond: UnitsIn) -> tuple[float, list[str]]:
    """Its own units in a region at the end, at their Total value times the multiplier (2B:
    one-half the Total Victory Point Value of its units on the Side B bank [SCN VI.B.6])."""
    game = state.game
    region = game.region(cond.region)
    gained, findings = 0.0, []
    for u in state.alive(cond.side):
        if state.troops.hexes[u] in region:
            gained += game.units[u].points
            findings.append(
                f"{cond.side}: {u} in {game.name(state.troops.hexes[u])} at the end, "
                f"{game.units[u].points} VP x {cond.award.multiplier:g} [SCN II.F]"
            )
    return gained, findings


def _control(state: ArmorState, cond: Control) -> tuple[float, list[str]]:
    game = state.game
    region = game.region(cond.region)
    mine = {state.troops.hexes[u] for u in state.alive(cond.side)} & region
    theirs = {h for u in state.enemies(cond.side) if (h := state.troops.hexes[u]) in region}
    rule = cond.rule if cond.rule != "book" else "occupy (placeholder: not in the book)"
    if cond.objects == "buildings" or cond.award.per == "each":
        held = sorted(mine - theirs, key=game.name)
        if not held:
            return 0.0, []
        names = ", ".join(game.name(h) for h in held)
        vp = cond.award.vp or 0.0
        finding = f"{cond.side} controls {len(held)} ({names}) ({rule}): {vp:g} VP each"
        return vp * len(held), [finding]
    if mine and not theirs:
        finding = f"{cond.side} controls the region ({rule}): {cond.award.vp} VP"
        return cond.award.vp or 0.0, [finding]
    return 0.0, []


# --- the winner [SCN IV] ----------------------------------------------------------------------


def side_points(scenario: Scenario, forces: Mapping[str, int]) -> tuple[SidePoints, ...]:
    """Each side's Points at the start of the game [SCN IV.A] with the adjustments it counts
    [SCN IV.F-H]; ``forces``: the Total Point Value of each side's forces. Our reading: the
    scenario's allowance when it gives one [SCN II.D], else its forces' Total Point Value
    [SCN III.D.2.a] (:mod:`rules.armor.adjudication`)."""
    options = scenario.rules
    by_side = {s for s, chosen in options.side_options.items() if HIDDEN in chosen}
    roles = {s.role for s in scenario.sides}
    rules = scenario.victory.adjudication
    found = []
    for side in scenario.sides:
        if side.budget is not None and side.budget.kind == "points":
            points, basis = side.budget.points, "the scenario's allowance [SCN II.D]"
        else:
            points = forces.get(side.id, 0)
            basis = "our reading: the Total Point Value of its forces [SCN III.D.2.a]"
        adjustments = []
        if side.id in by_side or (HIDDEN in options.options and not by_side):
            adjustments.append(("Completely Hidden units +20% [SCN IV.F]", Fraction(1, 5)))
        if side.role == "defender" and "attacker" in roles:
            adjustments.append(("the defender +10% [SCN IV.G]", Fraction(1, 10)))
            if rules is not None and rules.channelled:
                adjustments.append(("a channelled attack +10% [SCN IV.H]", Fraction(1, 10)))
        found.append(SidePoints(side.id, points, basis, tuple(adjustments)))
    return tuple(found)


def hidden_units(scenario: Scenario) -> bool:
    """Whether the Completely Hidden units rule is used, by either side [SCN IV.F]."""
    options = scenario.rules
    return HIDDEN in options.options or any(HIDDEN in o for o in options.side_options.values())


def adjudication(state: ArmorState, vp: Mapping[str, float]) -> Adjudication:
    """The book's procedure for these Victory Points [SCN IV]."""
    game = state.game
    scenario = game.scenario
    forces: dict[str, int] = {}
    for unit in game.units.values():
        if unit.crew_of is None:  # a Bailed Out Crew is part of its Vehicle [ADV IX.A.3]
            forces[unit.side] = forces.get(unit.side, 0) + unit.points
    return adjudicate(
        vp, side_points(scenario, forces), given_number(scenario), scenario.victory.tie
    )


def given_number(scenario: Scenario) -> Differential | None:
    """The scenario's own Differential Number, if it gives one [SCN VI-VIII]."""
    victory = scenario.victory
    if victory.adjudication is None:
        return None
    source = victory.source or "[SCN VI-VIII]"
    return scenario_number(victory.adjudication, hidden_units(scenario), source)


def adjudicated(state: ArmorState, tally: VictoryTally, judged: Adjudication) -> Outcome:
    placeholder = state.game.scenario.victory.placeholder
    support = unplayed_support(state.game.works)
    if support is not None:  # the outcome says what of the forces was not in play
        placeholder = f"{placeholder}; {support}" if placeholder else support
    d = judged.differential
    if d is not None and d.placeholder and judged.vp_number is not None:
        extra = f"the Differential Number {d.number} is not printed ({d.placeholder})"
        placeholder = f"{placeholder}; {extra}" if placeholder else extra
    return Outcome(
        tally.vp,
        judged.winner,
        re.sub(r"^[A-E]: ", "", judged.steps[-1]),
        placeholder,
        tuple(tally.findings),
        tuple(tally.unevaluated),
        tuple(tally.met),
        judged.verdict(),
    )
