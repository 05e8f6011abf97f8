"""Panzer '44 Indirect Fire Phase [4.1] 6: IF, counterbattery, off-board artillery and CAS.

"First one Player, then the other Player, executes and then applies the results" [4.1] 6: the
First Player's segment fires his IF plots (units in order), then his off-board concentrations
and air strikes (by id), and applies every result of the segment at its end; then the Second
Player's. Each fire, in the order its dice are rolled:

1. scatter [6.48]: a d6 on the Scatter table (IF, counterbattery and OFBDA: on target on a 1;
   CAS: on a 1 or 2 [16.1]); if it scatters, a second d6 on the Scatter Diagram gives the
   adjacent hex it lands in (the diagram is printed on the map, not in the text: the data
   library's placeholder, and every scattered fire says so);
2. the pattern's hexes (table h-fire-patterns: Tight the impact hex, Loose it and its six
   neighbours [6.21]); every unit there, friend or foe, is attacked one by one at full
   strength [6.22], [6.44] (a passenger shares its carrier's result [9.22]), each attack by the
   Attack Procedure Chart and the Combat Results Table as Direct Fire is
   (:func:`rules.panzer44.fire.prepare_attack`, :func:`rules.panzer44.fire.roll_attack`);
3. for a unit on the map (never off-board support [15.23], [15.24]): the counterbattery
   spotting roll [6.71] (table counterbattery-spotting, standard rule: a 1; under the optional
   Alternate Procedure [6.79], which a scenario chooses by naming :data:`ALTERNATE` in its
   ``rules.options``, a roll up to the number of Game-Turns the unit has fired from the hex,
   this one included: see :func:`spotting_number`); a spotted unit
   stays open to Indirect Fire while it stays in the hex [6.78], and every enemy unit plotted
   CB, in range, that has not fired this Game-Turn fires at its hex at once, as Indirect Fire
   with its plotted pattern [6.72]-[6.75]; each of those rolls in turn for
   counter-counterbattery [6.76]. Firing every available CB unit at the first unit spotted
   stands in for the player's allocation [6.75], and the events say so.

A unit does not fire when it is no longer on the map, is carried, panicked this Game-Turn
[14.31], was disrupted by enemy Direct Fire this Game-Turn [6.46] (even if it recovered in the
Removal Phase), or is disrupted from a phase before this one [6.15] (a result of the other
Player's Indirect Fire segment does not stop it: same phase).
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING

from model.hexes import COMPASS_NAMES, Hex, spiral
from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import Table, tables
from rules.engine.events import SegmentBegan
from rules.panzer44.actions import Plot
from rules.panzer44.events import CounterbatterySpotting, FireVoid, ImpactDetermined, ResultApplied
from rules.panzer44.fire import P44, prepare_attack, roll_attack
from rules.panzer44.indirect import Concentration, indirect_capable
from rules.panzer44.panic import fire_cancelled
from rules.panzer44.results import apply_results
from rules.panzer44.setup import UnitSpec

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

INDIRECT_FIRE_SEGMENTS = ("first-player-indirect-fire", "second-player-indirect-fire")
ATTACK = f"{P44} [6.0], [6.81], [6.85]"
ALLOCATION = (
    "every counterbattery unit in range fires at the first enemy unit spotted, standing in "
    "for the player's allocation [6.75]"
)
#: The optional rule a scenario names in ``rules.options`` to play the Alternate Procedure of
#: counterbattery spotting [6.79].
ALTERNATE = "alternate-counterbattery"
STANDARD_RULE = "[6.71], [6.78] (the standard rule; the alternate procedure [6.79] is not played)"


def _table(table_id: str) -> Table:
    return tables(GameSystem.PANZER44)[table_id]


@dataclasses.dataclass(frozen=True)
class _Barred:
    """What this Game-Turn's log says about who may still fire: units disrupted by Direct
    Fire [6.46], and the Disruption levels placed in this Indirect Fire Phase [6.15]."""

    by_direct_fire: frozenset[str]
    this_phase: dict[str, int]


def resolve_indirect_fire(state: Panzer44State, side: str) -> None:
    """Execute ``side``'s Indirect Fire, support and any counterbattery it triggers, then apply
    the results [4.1] 6."""
    barred = _barred(state)
    for unit, h in list(state.support.cb_spotted.items()):
        if state.board.hexes.get(unit) != h:
            del state.support.cb_spotted[unit]  # spotted only while it stays in the hex [6.78]
    for unit, (h, _) in list(state.support.fired_from.items()):
        if state.board.hexes.get(unit) != h:
            del state.support.fired_from[unit]  # a new position: the count starts again [6.79]
    results: list[tuple[str, str]] = []
    plots = state.orders.plots[side]
    for spec in state.game.deployment.units:
        plot = plots.get(spec.id)
        if spec.side == side and plot is not None and plot.task == "IF":
            results.extend(_fire_unit(state, plot, barred))
    for c in state.game.support.values():
        plot = plots.get(c.id)
        if c.side == side and plot is not None:
            results.extend(_fire_support(state, c, plot))
    apply_results(state, results)


def _barred(state: Panzer44State) -> _Barred:
    """The units disrupted by Direct Fire this Game-Turn (the state keeps them:
    :func:`rules.panzer44.results.apply_direct_fire`), and the Disruption levels placed in this
    Indirect Fire Phase, read back through the log (results are attributed to the segment they
    were applied in)."""
    phase: dict[str, int] = {}
    seen: list[ResultApplied] = []
    for event in reversed(state.log):
        if isinstance(event, ResultApplied) and event.result.startswith("D-"):
            seen.append(event)
        elif isinstance(event, SegmentBegan):
            if event.turn != state.play.turn or event.segment not in INDIRECT_FIRE_SEGMENTS:
                break
            for e in seen:
                phase[e.unit] = phase.get(e.unit, 0) + int(e.result[2:])
            seen = []
    return _Barred(frozenset(state.fire.by_direct_fire), phase)


def why_not_now(state: Panzer44State, unit: str, barred: _Barred) -> str | None:
    """Why a unit plotted IF or CB does not fire now, or None [6.15], [6.46]."""
    if unit not in state.board.hexes:
        return "it is no longer on the map [6.82]"
    if unit in state.board.carried_by:
        return "a passenger may not fire [9.4]"
    if fire_cancelled(state, unit):
        return "it panicked: its fire task is cancelled [14.31], [6.15]"
    if unit in barred.by_direct_fire:
        return "it was disrupted by enemy Direct Fire this Game-Turn: cancelled [6.46]"
    level = state.fire.disruption.get(unit, 0) - barred.this_phase.get(unit, 0)
    if level > 0:
        return f"it is disrupted (D{level}) from an earlier phase and may not fire [6.15], [6.82]"
    return None


def _fire_unit(state: Panzer44State, plot: Plot, barred: _Barred) -> list[tuple[str, str]]:
    why = why_not_now(state, plot.unit, barred)
    if why is not None:
        state.emit(FireVoid(plot.unit, plot.text(), why))
        return []
    spec = state.game.specs[plot.unit]
    target = state.game.amap.resolve(plot.target or "")
    notes = _capability(spec)
    rule = f"{ATTACK}, [6.4], [6.22]"
    found = strike(state, spec, state.board.hexes[plot.unit], plot, target, "IF", rule, notes)
    return found + _counterbattery(state, plot.unit, barred)


def _fire_support(state: Panzer44State, c: Concentration, plot: Plot) -> list[tuple[str, str]]:
    target = state.game.amap.resolve(plot.target or "")
    rule = (
        f"{ATTACK}, [15.11], [15.13], [6.22]"
        if c.kind == "OFBDA"
        else f"{ATTACK}, [16.0], [16.21], [15.13]"
    )
    return strike(state, c.spec(), None, plot, target, c.kind, rule, ())


def _capability(spec: UnitSpec) -> tuple[str, ...]:
    placeholder = indirect_capable(spec.type_id)[1]
    return (placeholder,) if placeholder else ()


def strike(
    state: Panzer44State,
    spec: UnitSpec,
    origin: Hex | None,
    plot: Plot,
    target: Hex,
    kind: str,
    rule: str,
    notes: tuple[str, ...],
) -> list[tuple[str, str]]:
    """One H class fire at ``target``: scatter, the pattern's hexes, an attack on every unit
    there; the results to apply. ``kind``: ``IF`` (IF, CB, OFBDA scatter) or ``CAS``."""
    game = state.game
    impact, roll, turn, direction = _impact(state, spec.id, target, kind)
    zone = pattern_hexes(state, impact, plot.pattern)
    order = {h: i for i, h in enumerate(zone)}
    victims = sorted(
        (u for u, h in state.board.hexes.items() if h in order and u not in state.board.carried_by),
        key=lambda u: (order[state.board.hexes[u]], u),
    )
    if direction is not None:
        notes = (*notes, f"Scatter Diagram {turn} = {direction}: {_diagram_placeholder()}")
    state.emit(
        ImpactDetermined(
            spec.id, plot.text(), game.name(target), roll, direction is not None, turn, direction,
            game.name(impact) if impact in game.terrain else "off the map",
            tuple(game.name(h) for h in zone), tuple(victims),
            f"Scatter table ({'close air support' if kind == 'CAS' else 'indirect fire'})",
            "[16.1]" if kind == "CAS" else "[6.48]", "; ".join(notes) or None,
        )
    )  # fmt: skip
    results: list[tuple[str, str]] = []
    for victim in victims:
        attack = prepare_attack(state, spec, origin, victim, plot)
        if attack.prohibited is not None:
            state.emit(FireVoid(spec.id, plot.text(), f"at {victim}: {attack.prohibited}"))
            continue
        if notes:
            attack = dataclasses.replace(attack, placeholders=(*attack.placeholders, *notes))
        result = roll_attack(state, attack, rule)
        if result != "•":
            results.append((victim, result))
    return results


def _impact(
    state: Panzer44State, firer: str, target: Hex, kind: str
) -> tuple[Hex, int, int | None, str | None]:
    """Where the fire lands: (impact hex, scatter roll, direction roll, direction) [6.48],
    [16.1]."""
    table = _table("scatter")
    column = table.columns[1 if kind == "CAS" else 0]
    rule = "[16.1]" if kind == "CAS" else "[6.48]"
    name = state.game.name(target)
    roll = state.roll(f"scatter of {firer}'s fire at {name} {rule}")
    if str(unwrap(table.cell(roll, column))) == "on target":
        return target, roll, None, None
    turn = state.roll(f"direction of scatter of {firer}'s fire (Scatter Diagram) {rule}")
    direction = str(unwrap(_table("scatter-diagram").cell(turn, "direction")))
    return target.neighbor(COMPASS_NAMES.index(direction)), roll, turn, direction


@functools.cache
def _diagram_placeholder() -> str:
    return _table("scatter-diagram").placeholder or "the Scatter Diagram is the map's"


@functools.cache
def _radius(pattern: str) -> int:
    table = _table("h-fire-patterns")
    return int(str(unwrap(table.cell(pattern, "radius in hexes"))))


def pattern_hexes(state: Panzer44State, impact: Hex, pattern: str | None) -> list[Hex]:
    """The Impact Zone on the map: the impact hex for Tight (the default), and its six
    neighbours for Loose [6.21]."""
    radius = _radius("Loose" if pattern == "L" else "Tight")
    return [h for h in spiral(impact, radius) if h in state.game.terrain]


def _counterbattery(state: Panzer44State, unit: str, barred: _Barred) -> list[tuple[str, str]]:
    """The spotting roll for a unit that executed Indirect Fire, and the enemy's
    counterbattery it triggers [6.71]-[6.78]."""
    game = state.game
    h = state.board.hexes[unit]
    needed, rule = spotting_number(state, unit, h)
    roll = state.roll(f"counterbattery spotting of {unit} [6.71]")
    spotted = roll <= needed
    state.emit(CounterbatterySpotting(unit, game.name(h), roll, needed, spotted, rule))
    if not spotted:
        return []
    state.support.cb_spotted[unit] = h
    enemy = next(s for s in game.sides if s != game.specs[unit].side)
    results: list[tuple[str, str]] = []
    for spec in game.deployment.units:
        plot = state.orders.plots[enemy].get(spec.id)
        if (
            plot is None
            or plot.task != "CB"
            or state.support.cb_fired.get(spec.id) == state.play.turn
        ):
            continue
        if why_not_now(state, spec.id, barred) is not None:
            continue
        if state.board.hexes[spec.id].distance(h) > spec.range:
            continue
        state.support.cb_fired[spec.id] = state.play.turn
        fire = Plot(spec.id, "CB", None, plot.pattern)
        rule = f"{ATTACK}, [6.72], [6.77], [6.22]"
        notes = (*_capability(spec), f"at {unit}: {ALLOCATION}")
        results.extend(strike(state, spec, state.board.hexes[spec.id], fire, h, "IF", rule, notes))
        results.extend(_counterbattery(state, spec.id, barred))  # counter-counterbattery [6.76]
    return results


def alternate(state: Panzer44State) -> bool:
    """Whether the scenario plays the optional Alternate Procedure [6.79]."""
    return ALTERNATE in state.game.scenario.rules.options


def spotting_number(state: Panzer44State, unit: str, h: Hex) -> tuple[int, str]:
    """The highest roll that spots ``unit`` firing Indirect Fire from ``h`` now, and the rules
    that give it (table counterbattery-spotting).

    Standard rule [6.71]: a 1. Alternate Procedure [6.79] (optional): "Every Game-Turn a unit
    fires from the same hex the chance of it revealing itself goes up by one-sixth (e.g., the
    second time a unit fires from a given position, a die roll of one or two Spots it)": the
    number of Game-Turns it has fired from ``h``, this one included, up to 6 (always spotted).
    Our readings, where the book is brief: what is counted is the Game-Turns the unit fired
    Indirect Fire, counterbattery included (it is "executed just as though it were Indirect
    Fire" [6.72]), the fire that rolls for spotting [6.71], as the data library's table reads
    it; the count starts again when the unit is found in another hex at an Indirect Fire Phase
    (it fires from a new position), and is kept when it stays, whether it fired in between or
    not. Counting happens as the unit fires, so the record is kept only when the option is
    played."""
    table = _table("counterbattery-spotting")
    if not alternate(state):
        return int(str(unwrap(table.cell(1, table.columns[0])))), STANDARD_RULE
    before = state.support.fired_from.get(unit)
    turns = before[1] + 1 if before is not None and before[0] == h else 1
    state.support.fired_from[unit] = (h, turns)
    row = min(turns, max(int(str(r.key)) for r in table.rows))
    needed = int(str(unwrap(table.cell(row, table.columns[1]))))
    rule = (
        f"[6.71], [6.78], [6.79] (the optional alternate procedure: Game-Turn {turns} of "
        f"firing from {state.game.name(h)}, spotted on {needed} or less)"
    )
    return needed, rule
