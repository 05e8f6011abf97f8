"""A side's bot plan (``Side.plan``, :class:`model.scenario.BotPlan`) as the heuristic bots read
it: the designer's objectives in priority order, a posture, units held back, an entry route.

The plan is the designer's, not a book's: no book has one, so every weight here is ours
(``placeholder``-grade numbers, named below). Without a plan nothing here is used and the bots
play exactly as before. The greedy bot (:mod:`rules.bots.greedy`) and Panzer '44's heuristic
bot (:mod:`rules.panzer44.bot.heuristic`) both read a plan through :class:`PlanFollower`:

- **Objectives** replace the regions the bot would read from the victory conditions; each is
  worth :data:`PRIORITY_STEP` turns of marching more than the next, so the top objective is
  approached first unless it is that much farther away than the next.
- **Posture** (:data:`POSTURES`) scales the weight of own losses against objectives, the
  penalty for standing in the enemy's fire, and whether units close on the enemy at all.
- **Holds** keep units (by force entry label or unit type) from moving until a turn, or until
  an enemy could fire at one of them (``until_contact``); they may still fire.
- **Route**: each unit goes through the waypoints in order before it makes for the
  objectives; a waypoint counts as passed once the unit stands in it or next to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import BotPlan, Scenario, Side

if TYPE_CHECKING:
    from rules.maps.game import MapGame

#: Our reading: an objective is worth this many turns of marching more than the next one.
PRIORITY_STEP = 2.0
#: Our reading: a waypoint is passed once a unit stands this near it (a column on a road
#: need not step on the waypoint itself).
WAYPOINT_REACHED = 1


@dataclass(frozen=True)
class Posture:
    """How a posture changes the bots' weights (ours, not a book's).

    Attributes:
        own_losses: the weight of the side's own losses (1: as without a plan).
        objectives: the scale of every objective's weight.
        exposure: the scale of the penalty for standing where the enemy can fire.
        in_objective: the scale of the bonus for standing in an objective.
        close: whether units with nothing else to do close on the enemy.
    """

    own_losses: float
    objectives: float
    exposure: float
    in_objective: float
    close: bool


#: attack: objectives first, losses accepted; defend: stay in the objectives, losses weigh
#: more, no going out to meet the enemy; delay: out of the enemy's fire above all.
POSTURES: dict[str, Posture] = {
    "attack": Posture(own_losses=0.75, objectives=1.5, exposure=0.75, in_objective=1.0, close=True),
    "defend": Posture(own_losses=1.5, objectives=1.0, exposure=1.25, in_objective=2.5, close=False),
    "delay": Posture(own_losses=2.0, objectives=0.75, exposure=2.0, in_objective=1.0, close=False),
}


def plan_of(scenario: Scenario, side: str) -> BotPlan | None:
    """The side's plan, or None (a side the scenario does not have has none)."""
    found = next((s for s in scenario.sides if s.id == side), None)
    return found.plan if found is not None else None


def numbered_names(
    scenario: Scenario,
    make_id: Callable[[Side, str, int], str | None],
    reinforcements: bool = False,
) -> dict[str, frozenset[str]]:
    """The names each counter answers to in a plan's holds: its unit code and its force
    entry's label. ``make_id`` gives the game id of counter ``n`` (from 1) of a side's unit
    code as the system's set-up numbers them (None: no counter, e.g. an HQ off the map);
    ``reinforcements``: the set-up numbers the reinforcements' units after the forces."""
    found: dict[str, set[str]] = {}
    for side in scenario.sides:
        numbers: dict[str, int] = {}
        entries = list(side.forces)
        if reinforcements:
            entries += [e for r in side.reinforcements for e in r.units]
        for entry in entries:
            for _ in range(entry.count):
                numbers[entry.unit] = numbers.get(entry.unit, 0) + 1
                unit = make_id(side, entry.unit, numbers[entry.unit])
                if unit is not None:
                    names = found.setdefault(unit, set())
                    names.update([entry.unit, *([entry.label] if entry.label else [])])
    return {u: frozenset(n) for u, n in found.items()}


class PlanFollower:
    """One side's plan, read once per game; it remembers which holds were released and which
    waypoints each unit has passed (the bots call :meth:`observe` on the real game's states
    only, never on a lookahead's)."""

    def __init__(
        self, game: MapGame, side: str, plan: BotPlan, names: Mapping[str, frozenset[str]]
    ) -> None:
        self.side, self.plan = side, plan
        self.posture = POSTURES[plan.posture]
        on_map = game.amap.hexes
        #: (hexes, weight, priority): the priority in turns of marching, the first highest
        self.objectives: list[tuple[frozenset[Hex], float, float]] = []
        count = len(plan.objectives)
        for i, objective in enumerate(plan.objectives):
            hexes = frozenset(h for h in game.region(objective.region) if h in on_map)
            if hexes:
                priority = PRIORITY_STEP * (count - 1 - i)
                self.objectives.append((hexes, self.posture.objectives, priority))
        self.route: list[frozenset[Hex]] = []
        for region in plan.route_regions():
            hexes = frozenset(h for h in game.region(region) if h in on_map)
            if hexes:
                self.route.append(hexes)
        self._holds = [
            (frozenset(hold.units), hold.until_turn, hold.until_contact) for hold in plan.hold
        ]
        self._names = names
        self._released: set[int] = set()
        self._passed: dict[str, int] = {}

    # --- holds ------------------------------------------------------------------------------

    def is_named(self, unit: str, names: Iterable[str]) -> bool:
        return not self._names.get(unit, frozenset()).isdisjoint(names)

    def held(
        self, turn: int, units: Iterable[str], contact: Callable[[str], bool]
    ) -> frozenset[str]:
        """Of ``units`` (the side's), those a hold keeps where they are now; a hold whose turn
        has come, or one of whose units ``contact`` says an enemy could fire at, is released
        for good."""
        units = list(units)
        found: set[str] = set()
        for i, (names, until_turn, until_contact) in enumerate(self._holds):
            if i in self._released:
                continue
            mine = [u for u in units if self.is_named(u, names)]
            due = until_turn is not None and turn >= until_turn
            if due or (until_contact and any(contact(u) for u in mine)):
                self._released.add(i)
            else:
                found.update(mine)
        return frozenset(found)

    # --- the route --------------------------------------------------------------------------

    def observe(self, positions: Mapping[str, Hex]) -> None:
        """Note the waypoints each of the side's units on the map has passed."""
        for unit, h in sorted(positions.items()):
            passed = self._passed.get(unit, 0)
            while passed < len(self.route) and _near(self.route[passed], h):
                passed += 1
            self._passed[unit] = passed

    def waypoint(self, unit: str) -> frozenset[Hex] | None:
        """The next waypoint of the unit's route, None once it has passed them all."""
        passed = self._passed.get(unit, 0)
        return self.route[passed] if passed < len(self.route) else None


def _near(region: frozenset[Hex], h: Hex) -> bool:
    return any(g.distance(h) <= WAYPOINT_REACHED for g in region)
