"""Panzer '44 victory: the scenario's typed conditions evaluated at the end of the game [18.5].

What is evaluated (``model.victory``): enemy losses (per Attack Strength Point eliminated, or
per unit), units in a region at the end, at the instant they first get there, throughout the
final Game-Turn or at some moment of it (sampled at every segment and after every move),
control of hexes or of a named set of map objects (occupy, sole, majority), exits (from the
state's exit ledger: A + D + MA per unit, carriers only when loaded [19.9]), lines of sight to
a region [20.2], [20.3], VP thresholds [19.5], and all-of / any-of combinations. Scoring is
the scenario's: ``most-vp`` (a ``win`` or ``lose`` result of a condition overrides the
comparison, as 19.5's threshold does; a tie goes to the tie side or no one) or ``conditions``
(the first condition met that gives a result, else the default winner).

Improved Positions [12.0] (a map object set of kind ``fortification``): control counts the
IPs standing in the region (19.7: "occupy at least half of the Improved Positions"), and
``destroyed`` the enemy's IPs placed in the region at the deployment that are gone [12.22]
(19.8: "destroying all the Improved Positions in the quadrilateral"; all of none is all).

What is not (each is listed in the outcome's ``unevaluated``, with why): conditions in words
(``text``), destruction of objects other than IPs, casualties, and "last occupied" control.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.hexes import Hex
from model.victory import (
    AllConditions,
    AnyCondition,
    Condition,
    Control,
    Destroyed,
    EnemyLosses,
    Exit,
    LineOfSight,
    UnitFilter,
    UnitsIn,
    VpThreshold,
)
from rules.engine.core import Outcome
from rules.engine.record import Record, state_field
from rules.engine.tally import COMPARE
from rules.panzer44.setup import UnitSpec

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

TIMED = ("instant", "throughout-final-turn", "during-final-turn")


class UnevaluableError(Exception):
    """A condition this engine cannot evaluate yet; the message says why."""


@dataclass
class Mark(Record):
    """What one timed condition has seen so far: whether it was always met, ever met, the
    units counted (all along, or at some moment) and whether it was sampled at all."""

    always: bool = True
    ever: bool = False
    units: set[str] | None = None
    sampled: bool = False


def _marks(marks: dict[int, Mark]) -> dict[str, Any]:
    return {
        str(i): [m.always, m.ever, sorted(m.units or ()), m.sampled]
        for i, m in sorted(marks.items())
    }


@dataclass
class VictoryWatch(Record):
    """What the timed conditions need from the whole game: sampled at every segment and after
    every move. Keyed by the condition's index in the scenario's list."""

    marks: dict[int, Mark] = state_field(default_factory=dict, key="victory", encode=_marks)

    def sample(self, state: Panzer44State) -> None:
        final = state.play.turn == state.game.turns
        for i, cond in enumerate(state.game.scenario.victory.conditions):
            if not isinstance(cond, UnitsIn) or cond.when not in TIMED:
                continue
            if cond.when != "instant" and not final:
                continue
            try:
                units = set(units_in(state, cond))
            except UnevaluableError:
                continue
            met = COMPARE[cond.compare](len(units), cond.count)
            mark = self.marks.setdefault(i, Mark())
            mark.always = mark.always and met
            mark.ever = mark.ever or met
            if cond.when == "throughout-final-turn":
                mark.units = units if mark.units is None else mark.units & units
            else:
                mark.units = (mark.units or set()) | units
            mark.sampled = True


# --- unit filters -----------------------------------------------------------------------------


def matches(state: Panzer44State, spec: UnitSpec, units: UnitFilter) -> bool:
    """Whether a unit is one a condition counts (codes, categories, states, labels)."""
    code = spec.type_id.split("@")[0]
    if units.types and not ({spec.code, code} & set(units.types)):
        return False
    if {spec.code, code} & set(units.exclude_types):
        return False
    if units.labels and spec.label not in units.labels:
        return False
    return all(_category(spec, c) for c in units.categories) and all(
        _state(state, spec, s) for s in units.states
    )


def _category(spec: UnitSpec, category: str) -> bool:
    if category == "combat":
        return spec.combat_unit  # "any unit with an Attack Strength" [18.5]
    if category == "vehicle":
        return spec.vehicle  # MA 2 or more [13.0]
    raise UnevaluableError(f"the unit category '{category}' is not known to the engine")


def _state(state: Panzer44State, spec: UnitSpec, name: str) -> bool:
    disrupted = bool(state.fire.disruption.get(spec.id))
    carrying = spec.id in state.board.carried_by.values()
    checks = {
        "undisrupted": not disrupted,
        "disrupted": disrupted,
        "dismounted": spec.id not in state.board.carried_by,
        "mounted": spec.id in state.board.carried_by,
        "loaded": carrying or bool(state.entry.exited.get(spec.id)),
    }
    if name not in checks:
        raise UnevaluableError(f"the unit state '{name}' is not known to the engine")
    return checks[name]


def _owned(state: Panzer44State, side: str, units: UnitFilter) -> list[UnitSpec]:
    return [
        s
        for s in state.game.deployment.units
        if s.side == side and s.id in state.board.hexes and matches(state, s, units)
    ]


def _enemy(state: Panzer44State, side: str) -> str:
    return next(s for s in state.game.sides if s != side)


def units_in(state: Panzer44State, cond: UnitsIn) -> list[str]:
    """The units a units-in condition counts now."""
    hexes = state.game.region(cond.region)
    side = _enemy(state, cond.side) if cond.enemy else cond.side
    return sorted(s.id for s in _owned(state, side, cond.units) if state.board.hexes[s.id] in hexes)


# --- conditions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One condition evaluated: whether it holds, the points it gives, and how."""

    met: bool
    vp: float
    how: str


def _award_vp(cond: Condition, met: bool, count: float) -> float:
    award = cond.award
    if award.per is not None:
        found = (award.vp if award.vp is not None else 1.0) * count * award.multiplier
    else:
        found = (award.vp or 0.0) if met else 0.0
    return min(found, award.cap) if award.cap is not None else found


def judge(state: Panzer44State, index: int, cond: Condition) -> Finding:
    """Evaluate one condition (raises :class:`UnevaluableError` with why when it cannot)."""
    if isinstance(cond, EnemyLosses):
        return _losses(state, cond)
    if isinstance(cond, UnitsIn):
        return _units_in(state, index, cond)
    if isinstance(cond, Control):
        return _control(state, cond)
    if isinstance(cond, Exit):
        return _exit(state, cond)
    if isinstance(cond, LineOfSight):
        return _sight(state, cond)
    if isinstance(cond, AllConditions | AnyCondition):
        subs = [judge(state, -1, c) for c in cond.conditions]
        met = (
            all(f.met for f in subs)
            if isinstance(cond, AllConditions)
            else any(f.met for f in subs)
        )
        how = "; ".join(f.how for f in subs)
        return Finding(met, _award_vp(cond, met, 1), f"{cond.kind}: {how}")
    if isinstance(cond, VpThreshold):
        raise UnevaluableError("judged after the points are totalled")  # see evaluate_outcome
    if isinstance(cond, Destroyed) and _fortification(state, cond.objects):
        return _ips_destroyed(state, cond)
    kind = getattr(cond, "kind", "?")
    why = {
        "text": f"a condition in words: {getattr(cond, 'text', '')!r}",
        "destroyed": "objects other than Improved Positions are not placed by this slice",
        "survives": "objects are not placed by this slice",
        "casualties": "casualty shares are not in this slice",
    }.get(kind, f"the condition kind '{kind}' is not evaluated yet")
    raise UnevaluableError(why)


def _losses(state: Panzer44State, cond: EnemyLosses) -> Finding:
    lost = [state.game.specs[u] for u in state.losses.destroyed]
    enemy = [s for s in lost if s.side != cond.side]
    per = cond.award.per
    if per == "attack-strength":
        count = float(sum(s.attack_strength for s in enemy))
        how = f"{count:g} enemy Attack Strength Points eliminated"
    elif per in ("each", None):
        count = float(len(enemy))
        how = f"{len(enemy)} enemy units eliminated"
    else:
        raise UnevaluableError(f"losses counted per '{per}' are not evaluated yet")
    return Finding(bool(enemy), _award_vp(cond, bool(enemy), count), how)


def _units_in(state: Panzer44State, index: int, cond: UnitsIn) -> Finding:
    mark = state.watch.marks.get(index)
    if cond.when in TIMED:
        if mark is None or not mark.sampled:
            return Finding(False, 0.0, f"{cond.when}: never held")
        units = sorted(mark.units or ())
        met = mark.ever if cond.when != "throughout-final-turn" else mark.always
        if cond.award.per is not None and cond.when == "throughout-final-turn":
            met = bool(units)
        how = f"{cond.when}: {'held' if met else 'not held'} ({', '.join(units) or 'no unit'})"
        return Finding(met, _award_vp(cond, met, len(units)), how)
    units = units_in(state, cond)
    met = COMPARE[cond.compare](len(units), cond.count)
    how = f"{len(units)} unit(s) there at the end ({', '.join(units) or 'none'})"
    return Finding(met, _award_vp(cond, met, len(units)), how)


def _control(state: Panzer44State, cond: Control) -> Finding:
    game = state.game
    hexes = set(game.region(cond.region))
    if cond.object_set is not None:
        objects = next((o for o in game.scenario.map.objects if o.name == cond.object_set), None)
        if objects is None:
            raise UnevaluableError(f"no object set '{cond.object_set}' in the scenario")
        hexes &= set(game.region(objects.region)) if objects.region is not None else hexes
        if objects.kind == "fortification":
            hexes &= set(state.forts.ips)  # the Improved Positions standing [12.22]
    if cond.rule == "last-occupied":
        raise UnevaluableError("'last occupied' control needs a history not kept yet")
    mine = {state.board.hexes[s.id] for s in _owned(state, cond.side, cond.units)} & hexes
    theirs = {
        state.board.hexes[s.id] for s in _owned(state, _enemy(state, cond.side), UnitFilter())
    }
    held = mine - theirs if cond.rule == "sole" else mine
    if cond.rule == "majority":
        met = len(mine) > len(theirs & hexes)
    elif cond.at_least_fraction is not None:
        met = bool(hexes) and len(held) >= cond.at_least_fraction * len(hexes)
    else:
        met = len(held) >= (cond.at_least or 1)
    how = f"{len(held)} of {len(hexes)} hexes held ({cond.rule})"
    return Finding(met, _award_vp(cond, met, len(held)), how)


def _fortification(state: Panzer44State, name: str) -> bool:
    """Whether the scenario's object set ``name`` is Improved Positions."""
    found = next((o for o in state.game.scenario.map.objects if o.name == name), None)
    return found is not None and found.kind == "fortification"


def _ips_destroyed(state: Panzer44State, cond: Destroyed) -> Finding:
    """The enemy's IPs placed in the region at the deployment, and how many are gone [12.22]."""
    game = state.game
    region = game.region(cond.region) if cond.region is not None else None
    placed = {
        h
        for h, owner in game.fortified.ips.items()
        if owner != cond.side and (region is None or h in region)
    }
    gone = placed - set(state.forts.ips)
    met = gone == placed if cond.all else len(gone) >= (cond.at_least or 1)
    names = ", ".join(sorted(game.name(h) for h in placed - gone)) or "none"
    how = f"{len(gone)} of {len(placed)} enemy Improved Positions destroyed (standing: {names})"
    return Finding(met, _award_vp(cond, met, len(gone)), how + " [12.22]")


def _exit(state: Panzer44State, cond: Exit) -> Finding:
    """Units that left the map through the condition's region, with what they carried."""
    specs = state.game.specs
    region = state.game.region(cond.region)
    carriers = {p: c for c, ps in state.entry.exited.items() for p in ps}
    out = [
        specs[u]
        for u in sorted(state.entry.exited)
        if specs[u].side == cond.side and state.entry.exits_at.get(carriers.get(u, u)) in region
    ]
    counted = [s for s in out if matches(state, s, cond.units)]
    if cond.award.per == "attack+defense+movement":
        # A loaded carrier counts itself only: its passenger exits too and is counted by the
        # condition for non-carriers (19.9 "points for the vehicle unit and the non-vehicle").
        value = float(sum(s.attack_strength + s.defense_strength + s.movement_allowance
                          for s in counted))  # fmt: skip
    else:
        value = float(len(counted))
    quota = cond.at_least or 1
    met = COMPARE[cond.compare](len(counted), quota)
    how = f"{len(counted)} unit(s) exited ({', '.join(s.id for s in counted) or 'none'}) [7.23]"
    return Finding(met, _award_vp(cond, met, value), how)


def _sight(state: Panzer44State, cond: LineOfSight) -> Finding:
    game = state.game
    side = _enemy(state, cond.side) if cond.enemy else cond.side
    targets = sorted(game.region(cond.to), key=game.amap.name)
    seers = _owned(state, side, cond.units)

    def seen(h: Hex) -> str | None:
        for s in seers:
            if game.sees(state.board.hexes[s.id], h):
                return s.id
        return None

    found = [seen(h) for h in targets]
    hit = all(found) if cond.all_hexes else any(found)
    met = bool(targets) and hit != cond.negate
    who = next((f for f in found if f), None)
    how = f"clear line of sight from {who}" if who else "no clear line of sight [11.0]"
    return Finding(met, _award_vp(cond, met, 1), how)


# --- the outcome ------------------------------------------------------------------------------


def evaluate_outcome(state: Panzer44State) -> Outcome:
    """The scenario's victory conditions judged now (at the end of the game) [18.5]."""
    rules = state.game.scenario.victory
    sides = state.game.sides
    vp = dict.fromkeys(sides, 0.0)
    findings: list[str] = []
    unevaluated: list[str] = []
    results: list[tuple[str, str, str]] = []  # side, result, why
    met_at: list[int] = []  # conditions met, by index
    thresholds: list[tuple[int, VpThreshold]] = []
    for i, cond in enumerate(rules.conditions):
        label = f"#{i + 1} {getattr(cond, 'kind', '?')} for {getattr(cond, 'side', '?')}"
        if isinstance(cond, VpThreshold):
            thresholds.append((i, cond))
            continue
        try:
            found = judge(state, i, cond)
        except UnevaluableError as exc:
            unevaluated.append(f"{label}: not evaluated: {exc}")
            continue
        vp[cond.side] += found.vp
        if found.met:
            met_at.append(i)
        findings.append(f"{label}: {found.how}; {found.vp:g} VP")
        if found.met and cond.award.result is not None:
            results.append((cond.side, cond.award.result, label))
    for i, th in thresholds:
        whose = th.side if th.of == "own" else _enemy(state, th.side)
        met = COMPARE[th.compare](vp[whose], th.vp)
        verdict = "met" if met else "not met"
        if met:
            met_at.append(i)
        findings.append(
            f"#{i + 1} vp-threshold: {whose} has {vp[whose]:g} VP {th.compare} {th.vp:g}: {verdict}"
        )
        if met and th.award.result is not None:
            results.insert(0, (th.side, th.award.result, f"#{i + 1} vp-threshold"))
    winner, reason = _decide(state, vp, results)
    placeholder = None
    if unevaluated:
        placeholder = f"{len(unevaluated)} condition(s) not evaluated by this engine yet"
    elif winner is None and rules.scoring == "most-vp" and rules.tie is None:
        placeholder = "a tie, and the scenario gives no tie rule [18.5]"
    return Outcome(
        {s: int(v) if v == int(v) else v for s, v in vp.items()},
        winner,
        reason,
        placeholder,
        tuple(findings),
        tuple(unevaluated),
        tuple(sorted(met_at)),
    )


def _decide(
    state: Panzer44State, vp: dict[str, float], results: list[tuple[str, str, str]]
) -> tuple[str | None, str]:
    rules = state.game.scenario.victory
    for side, result, why in results:
        if result == "win":
            return side, f"{side} wins: {why} is met"
        if result == "lose":
            other = _enemy(state, side)
            return other, f"{side} loses: {why} is met"
        return None, f"a draw: {why} is met"
    if rules.scoring == "conditions":
        default = rules.default_winner
        if default in (None, "draw"):
            return None, "no condition that gives a result is met, and there is no default winner"
        return default, f"{default} wins: no condition that gives a result is met (default)"
    a, b = state.game.sides
    text = f"{a} {vp[a]:g} VP, {b} {vp[b]:g} VP"
    if vp[a] != vp[b]:
        winner = a if vp[a] > vp[b] else b
        return winner, f"{winner} wins on victory points [18.5]: {text}"
    if rules.tie not in (None, "draw"):
        return rules.tie, f"{rules.tie} wins the tie (the scenario's rule): {text}"
    return None, f"a tie with no winner: {text}"
