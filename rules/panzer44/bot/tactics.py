"""What the heuristic bot (:mod:`rules.panzer44.bot.heuristic`) weighs beyond direct fire and
marching.

Each function works on the bot's public copy of the state (its own plots only) and returns an
expected worth in the bot's units: a share of a target's worth (:func:`worth`) from the Combat
Results Table over the six die faces, friendly units hit counting twice against.

- **H class fire with scatter** (:func:`h_fire_value`): Indirect Fire, off-board artillery and
  air strikes [6.48], [16.1]: the impact hex on target with the Scatter table's chance, else
  each adjacent hex alike; every unit in the pattern's hexes attacked [6.21], [6.22].
- **Counterbattery** (:func:`counterbattery_value`): worth something only where enemy units
  able to fire Indirect Fire stand within range [6.71]-[6.75].
- **Opportunity Fire** (:func:`opportunity_value`): the line an approaching enemy is likely to
  cross [6.53]: one whose hexes lie on its straight way to the firer, within its reach.
- **Overruns** (:func:`overrun_value`): the overrun attacks less the counterattacks [13.0],
  [13.6], without terrain.
- **Lines of sight** (:func:`sight_region`): the hexes with a clear line of sight to a region,
  which a line-of-sight victory condition sends units to [20.2], [20.3].
- **Moving as a group** (:func:`group_lead`): how near the objective a unit may come ahead of
  the side's median before it waits for the rest.

All numbers here are the bot's own weights (invented, tuned on the book scenarios), not rules.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from model.hexes import Hex, spiral
from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import tables
from rules.panzer44.actions import Plot
from rules.panzer44.fire import prepare, prepare_attack, prohibition
from rules.panzer44.indirect import indirect_capable
from rules.panzer44.indirect_fire import pattern_hexes
from rules.panzer44.opportunity import line_of_fire
from rules.panzer44.overrun import defenders
from rules.panzer44.setup import UnitSpec

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State

#: Utility of each Combat Results Table result, as a share of the target's worth [6.82].
RESULT_WORTH = {"•": 0.0, "Pin": 0.08, "(P)": 0.1}
FRIENDLY_FIRE = 2.0  # a friendly unit hit weighs this many times an enemy one
#: Chance the fire lands on the plotted hex: a 1 for IF and OFBDA [6.48], 1-2 for CAS [16.1].
ON_TARGET = {"IF": 1 / 6, "CAS": 2 / 6}
CB_WEIGHT = 0.15  # per enemy IF-capable unit in range (a CB fires only if it is spotted)
CB_MAX = 3
OF_CROSSING = 0.5  # chance an enemy whose straight way runs through the line crosses it
SIGHT_RADIUS = 12  # hexes around a line-of-sight region searched for sight of it
GROUP_LEAD = 1.5  # turns of marching a unit may be ahead of the side's median
GROUP_MIN = 3  # units a side needs before it keeps them together
HASTE = 2.0  # turns to spare below which nobody waits for the group


def worth(spec: UnitSpec) -> float:
    """What a unit is worth to either side (its strengths)."""
    return 1.0 + spec.attack_strength + 0.25 * spec.defense_strength


def expected(public: Panzer44State, target: str, superiority: int, terrain: int) -> float:
    """The expected worth of an attack on ``target``: each die face's CRT result [6.82]."""
    crt = tables(GameSystem.PANZER44)["combat-results"]
    value = worth(public.game.specs[target])
    disrupted = public.fire.disruption.get(target, 0)
    total = 0.0
    for roll in range(1, 7):
        result = str(unwrap(crt.cell(min(6, max(-3, roll + terrain)), superiority)))
        if result.startswith("D-"):
            hits = int(result[2:])
            share = 1.0 if disrupted + hits >= 4 else 0.2 * hits  # D4 destroys [6.82]
        else:
            share = RESULT_WORTH.get(result, 0.0)
        total += share * value
    return total / 6.0


def by_hex(public: Panzer44State) -> dict[Hex, list[str]]:
    """The units (not carried) in each occupied hex, by id."""
    found: dict[Hex, list[str]] = {}
    for u, h in sorted(public.board.hexes.items()):
        if u not in public.board.carried_by:
            found.setdefault(h, []).append(u)
    return found


def h_fire_value(
    public: Panzer44State,
    spec: UnitSpec,
    origin: Hex | None,
    plot: Plot,
    occupied: Mapping[Hex, list[str]],
    kind: str = "IF",
) -> float:
    """The expected worth of H class fire plotted at ``plot.target``, scatter included:
    on target with :data:`ON_TARGET`, else on each adjacent hex alike [6.48], [16.1].
    ``origin`` is None for off-board support; ``kind`` is ``IF`` or ``CAS``."""
    target = public.game.amap.resolve(plot.target or "")
    cells: dict[Hex, float] = {}

    def cell(x: Hex) -> float:
        found = cells.get(x)
        if found is None:
            found = 0.0
            for u in occupied.get(x, ()):
                attack = prepare_attack(public, spec, origin, u, plot)
                if attack.prohibited is not None:
                    continue
                value = expected(public, u, attack.superiority, attack.terrain)
                found += value if public.game.specs[u].side != spec.side else -FRIENDLY_FIRE * value
            cells[x] = found
        return found

    def zone(impact: Hex) -> float:
        return sum(cell(x) for x in pattern_hexes(public, impact, plot.pattern))

    hit = ON_TARGET[kind]
    scattered = sum(zone(n) for n in target.neighbors()) / 6.0
    return hit * zone(target) + (1.0 - hit) * scattered


def counterbattery_value(public: Panzer44State, unit: str) -> float:
    """What a CB plot is worth: the enemy units able to fire Indirect Fire within range."""
    game = public.game
    spec = game.specs[unit]
    here = public.board.hexes[unit]
    found = sum(
        1
        for u, h in public.board.hexes.items()
        if game.specs[u].side != spec.side
        and here.distance(h) <= spec.range
        and indirect_capable(game.specs[u].type_id)[0]
    )
    return CB_WEIGHT * min(found, CB_MAX)


def opportunity_value(public: Panzer44State, plot: Plot, threats: Mapping[str, float]) -> float:
    """What an OF plot is worth: the best of the approaching enemies (``threats``: the worth
    of an attack on each) by the chance it crosses the line on its way to the firer [6.53]:
    less for each hex the line lies off its straight way or beyond its Movement Allowance."""
    game = public.game
    here = public.board.hexes[plot.unit]
    line = line_of_fire(here, game.amap.resolve(plot.target or "")).hexes
    best = 0.0
    for enemy, value in threats.items():
        there = public.board.hexes[enemy]
        reach = max(game.specs[enemy].movement_allowance, 1)
        straight = there.distance(here)
        # Off its straight way, or beyond its reach this Game-Turn: each hex makes it less likely.
        ways = [
            there.distance(x) + x.distance(here) - straight + max(0, there.distance(x) - reach)
            for x in line
        ]
        if ways:
            best = max(best, value * OF_CROSSING / (1 + min(ways)))
    return best


def threats(public: Panzer44State, unit: str) -> dict[str, float]:
    """The enemy units that could walk into ``unit``'s range this Game-Turn, each with the
    worth of an Opportunity Fire at it from where it stands."""
    game = public.game
    spec = game.specs[unit]
    here = public.board.hexes[unit]
    found: dict[str, float] = {}
    for u, h in sorted(public.board.hexes.items()):
        enemy = game.specs[u]
        if enemy.side == spec.side or u in public.board.carried_by or enemy.movement_allowance < 1:
            continue
        if here.distance(h) > spec.range + enemy.movement_allowance:
            continue
        of = Plot(unit, "OF")
        if prohibition(public, unit, u, of) is not None:
            continue
        attack = prepare(public, unit, u, of)
        found[u] = expected(public, u, attack.superiority, attack.terrain)
    return found


def overrun_value(public: Panzer44State, unit: str, h: Hex) -> float:
    """The overrun attacks on the units in ``h`` less the R class counterattacks on the AFV,
    printed strengths, no terrain [13.0], [13.6]."""
    spec = public.game.specs[unit]
    victims, why = defenders(public, unit, h)
    if why is not None:
        return 0.0
    total = 0.0
    for target in victims:
        tgt = public.game.specs[target]
        nas = spec.attack_strength - tgt.defense_strength
        if nas >= -3:
            total += expected(public, target, min(nas, 8), 0)
        if tgt.weapon_class == "R":
            counter = max(-3, min(8, tgt.attack_strength - spec.defense_strength))
            total -= expected(public, unit, counter, 0)
    return total


def sight_region(game: Panzer44Game, region: frozenset[Hex]) -> frozenset[Hex]:
    """The hexes near ``region`` with a clear line of sight to one of its hexes [11.0] (the
    region's own hexes included): where a line-of-sight condition is met."""
    area = game.play_area
    near: set[Hex] = set()
    for t in region:
        near.update(spiral(t, SIGHT_RADIUS))
    found = set(region)
    for h in sorted(near - found, key=lambda x: (x.q, x.r)):
        if h not in game.terrain or (area is not None and h not in area):
            continue
        for t in sorted(region, key=lambda x: (x.distance(h), x.q, x.r)):
            if game.los(h, t).verdict != "blocked":
                found.add(h)
                break
    return frozenset(found)


def group_lead(turns_to_go: Iterable[float], turns_left: int) -> float:
    """How near its objective (in turns of marching) a unit may come before it waits for the
    rest: :data:`GROUP_LEAD` short of the side's median; 0 (no waiting) when the side is
    small or the Game-Turns left leave no time to spare."""
    found = sorted(t for t in turns_to_go if t < float("inf"))
    if len(found) < GROUP_MIN:
        return 0.0
    median = statistics.median(found)
    if turns_left <= median + HASTE:
        return 0.0
    return max(0.0, median - GROUP_LEAD)
