"""Pure edits of a side's bot plan (``Side.plan``, issue 17), as the Scenario dock's Bot plan
tab makes them: each takes a scenario and gives a new one, refusing with a
:class:`~model.edits_rules.RulesEditError` what it cannot make (a turn outside the game, a
region not on the map, an objective or hold that does not exist).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from model.edits_rules import RulesEditError, _revalidate, _side, check_region, check_turn
from model.layout import AssembledMap
from model.scenario import BotPlan, Hold, PlanObjective, Scenario, Waypoint

Posture = Literal["attack", "defend", "delay"]


def set_plan(scenario: Scenario, side_id: str, plan: BotPlan | None) -> Scenario:
    """The scenario with the side's plan replaced (None: the side has no plan)."""
    _side(scenario, side_id, "bot plan")
    sides = [s.model_copy(update={"plan": plan}) if s.id == side_id else s for s in scenario.sides]
    return _revalidate(scenario.model_copy(update={"sides": sides}))


def _plan(scenario: Scenario, side_id: str) -> BotPlan:
    _side(scenario, side_id, "bot plan")
    plan = scenario.side(side_id).plan
    if plan is None:
        raise RulesEditError(f"side '{side_id}' has no bot plan yet")
    return plan


def _change(scenario: Scenario, side_id: str, change: Callable[[BotPlan], BotPlan]) -> Scenario:
    return set_plan(scenario, side_id, change(_plan(scenario, side_id)))


def set_posture(scenario: Scenario, side_id: str, posture: Posture) -> Scenario:
    return _change(scenario, side_id, lambda p: p.model_copy(update={"posture": posture}))


def set_note(scenario: Scenario, side_id: str, note: str) -> Scenario:
    return _change(scenario, side_id, lambda p: p.model_copy(update={"note": note}))


def _check_objective(scenario: Scenario, item: PlanObjective, amap: AssembledMap | None) -> None:
    if item.by_turn is not None:
        check_turn(scenario.length, item.by_turn, "the objective's turn")
    if amap is not None:
        check_region(item.region, amap)


def put_objective(
    scenario: Scenario,
    side_id: str,
    index: int | None,
    item: PlanObjective,
    amap: AssembledMap | None = None,
) -> Scenario:
    """Put ``item`` in place of objective ``index``, or last when ``index`` is None."""
    _check_objective(scenario, item, amap)
    return _put(scenario, side_id, "objectives", "objective", index, item)


def remove_objective(scenario: Scenario, side_id: str, index: int) -> Scenario:
    return _remove(scenario, side_id, "objectives", "objective", index)


def move_objective(scenario: Scenario, side_id: str, index: int, by: int) -> Scenario:
    """Move objective ``index`` ``by`` places up (negative) or down the priority order."""

    def change(plan: BotPlan) -> BotPlan:
        items = list(plan.objectives)
        _index(items, index, "objective")
        target = index + by
        if not 0 <= target < len(items):
            raise RulesEditError("the objective is already at that end of the list")
        items.insert(target, items.pop(index))
        return plan.model_copy(update={"objectives": items})

    return _change(scenario, side_id, change)


def put_hold(scenario: Scenario, side_id: str, index: int | None, item: Hold) -> Scenario:
    """Put ``item`` in place of hold ``index``, or last when ``index`` is None."""
    if item.until_turn is not None:
        check_turn(scenario.length, item.until_turn, "the release turn")
    side = scenario.side(side_id) if side_id in {s.id for s in scenario.sides} else None
    if side is not None:
        entries = [*side.forces, *(e for r in side.reinforcements for e in r.units)]
        names = {e.unit for e in entries} | {e.label for e in entries if e.label}
        unknown = [u for u in item.units if u not in names]
        if unknown:
            raise RulesEditError(
                f"{', '.join(unknown)}: neither a label nor a unit type of {side.name}'s forces"
            )

    return _put(scenario, side_id, "hold", "hold", index, item)


def remove_hold(scenario: Scenario, side_id: str, index: int) -> Scenario:
    return _remove(scenario, side_id, "hold", "hold", index)


def _put(
    scenario: Scenario, side_id: str, field: str, what: str, index: int | None, item: object
) -> Scenario:
    """Item ``index`` of the plan's list ``field`` replaced by ``item``, or ``item`` last."""

    def change(plan: BotPlan) -> BotPlan:
        items = list(getattr(plan, field))
        if index is None:
            items.append(item)
        else:
            _index(items, index, what)
            items[index] = item
        return plan.model_copy(update={field: items})

    return _change(scenario, side_id, change)


def _remove(scenario: Scenario, side_id: str, field: str, what: str, index: int) -> Scenario:
    """Item ``index`` of the plan's list ``field`` removed."""

    def change(plan: BotPlan) -> BotPlan:
        items = list(getattr(plan, field))
        _index(items, index, what)
        del items[index]
        return plan.model_copy(update={field: items})

    return _change(scenario, side_id, change)


def set_route(
    scenario: Scenario, side_id: str, route: list[Waypoint], amap: AssembledMap | None = None
) -> Scenario:
    """The plan's route replaced by ``route`` (hex names or regions, in order)."""
    plan = _plan(scenario, side_id)
    changed = plan.model_copy(update={"route": route})
    if amap is not None:
        for region in changed.route_regions():
            check_region(region, amap)
    return set_plan(scenario, side_id, changed)


def _index(items: list[object] | list[PlanObjective] | list[Hold], index: int, what: str) -> None:
    if not 0 <= index < len(items):
        raise RulesEditError(f"the plan has no {what} {index + 1}")
