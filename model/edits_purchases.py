"""Edits to what a side buys, as pure functions: its budget (or a mission's), the purchases
that are not counters of its forces, and an entry's state words (Soldiers' ``depleted``).

Like :mod:`model.edits`, each takes a scenario and returns a new one (the editor's Budget
panel wraps them in undo steps, STYLE 8). A refused edit raises :class:`~model.errors.EditError`
with the reason the designer is shown; :class:`~model.errors.UnknownNameError` (a ``KeyError``)
and :class:`~model.errors.NoSuchEntryError` (an ``IndexError``) when the caller named nothing
there.
"""

from __future__ import annotations

from collections.abc import Sequence

from model.catalog import unit_types
from model.errors import EditError, NoSuchEntryError, UnknownNameError
from model.scenario import Budget, ForceEntry, Purchase, Scenario, Side

#: Where a force entry is in a side: ``("forces", 3)`` or ``("reinforcements", 0, "units", 2)``.
EntryWhere = Sequence[str | int]


def _side(scenario: Scenario, side_id: str) -> Side:
    try:
        return scenario.side(side_id)
    except KeyError:
        raise UnknownNameError(side_id) from None


def _at(items: Sequence[object], index: int, what: str) -> int:
    if not -len(items) <= index < len(items):
        raise NoSuchEntryError(f"there is no {what} {index + 1}")
    return index


def _with_side(scenario: Scenario, side_id: str, **changes: object) -> Scenario:
    index = [s.id for s in scenario.sides].index(_side(scenario, side_id).id)
    sides = list(scenario.sides)
    sides[index] = sides[index].model_copy(update=changes)
    return scenario.model_copy(update={"sides": sides})


def _budget(points: int, kind: str) -> Budget:
    if points < 0:
        raise EditError(f"a budget is 0 points or more, not {points}")
    if kind not in ("points", "force-points"):
        raise EditError(f"a budget is in points or force-points, not '{kind}'")
    return Budget(points=points, kind=kind)


# --- budgets -------------------------------------------------------------------------------------


def set_side_budget(
    scenario: Scenario,
    side_id: str,
    points: int | None,
    kind: str = "points",
) -> Scenario:
    """Give a side a budget of ``points`` (None: take its budget away). What the budget comes
    with (``includes``) and its note are kept when only the figures change."""
    side = _side(scenario, side_id)
    if points is None:
        return _with_side(scenario, side_id, budget=None)
    budget = _budget(points, kind)
    if side.budget is not None:
        budget = side.budget.model_copy(update={"points": points, "kind": kind})
    return _with_side(scenario, side_id, budget=budget)


def set_mission_budget(
    scenario: Scenario,
    mission_id: str,
    points: int | None,
    kind: str = "force-points",
) -> Scenario:
    """Set the budget a Soldiers mission gives its side [19.1] (None: the mission has none)."""
    missions = list(scenario.missions)
    index = next((i for i, m in enumerate(missions) if m.id == mission_id), None)
    if index is None:
        raise UnknownNameError(mission_id)
    old = missions[index].budget
    budget = None if points is None else _budget(points, kind)
    if budget is not None and old is not None:
        budget = old.model_copy(update={"points": points, "kind": kind})
    missions[index] = missions[index].model_copy(update={"budget": budget})
    return scenario.model_copy(update={"missions": missions})


# --- purchases -----------------------------------------------------------------------------------


def add_purchase(scenario: Scenario, side_id: str, item: str, count: int = 1) -> Scenario:
    """Add ``count`` of a catalogue item (intelligence, artillery, Terrain Support...) to what a
    side buys; an item already bought gets the count added instead of a second entry.

    Raises:
        UnknownNameError: no such side.
        EditError: the system's catalogue has no such item, or ``count`` is below 1.
    """
    if count < 1:
        raise EditError(f"buy at least one, not {count}")
    system = scenario.system
    if item not in unit_types(system) and item not in system.data.extra_purchases:
        raise EditError(f"{scenario.system.display_name} has nothing called '{item}' to buy")
    purchases = list(_side(scenario, side_id).purchases)
    same = next((i for i, p in enumerate(purchases) if p.item == item and not p.for_entry), None)
    if same is not None:
        old = purchases[same]
        purchases[same] = old.model_copy(update={"count": old.count + count})
    else:
        purchases.append(Purchase(item=item, count=count))
    return _with_side(scenario, side_id, purchases=purchases)


def set_purchase_count(scenario: Scenario, side_id: str, index: int, count: int) -> Scenario:
    """Change how many of purchase ``index`` the side buys (``EditError`` below 1)."""
    if count < 1:
        raise EditError(f"buy at least one, not {count}: remove the purchase instead")
    purchases = list(_side(scenario, side_id).purchases)
    index = _at(purchases, index, "purchase")
    purchases[index] = purchases[index].model_copy(update={"count": count})
    return _with_side(scenario, side_id, purchases=purchases)


def remove_purchase(scenario: Scenario, side_id: str, index: int) -> Scenario:
    """Take purchase ``index`` out of what the side buys (``NoSuchEntryError``: no such one)."""
    purchases = list(_side(scenario, side_id).purchases)
    del purchases[_at(purchases, index, "purchase")]
    return _with_side(scenario, side_id, purchases=purchases)


# --- entries' state ------------------------------------------------------------------------------


def entry_at(side: Side, where: EntryWhere) -> ForceEntry:
    """The force entry at ``where`` (``NoSuchEntryError`` or ``EditError`` when there is none)."""
    if len(where) == 2 and where[0] == "forces":
        return side.forces[_at(side.forces, int(where[1]), "force entry")]
    if len(where) == 4 and where[0] == "reinforcements" and where[2] == "units":
        group = side.reinforcements[_at(side.reinforcements, int(where[1]), "reinforcement")]
        return group.units[_at(group.units, int(where[3]), "unit of the reinforcement")]
    raise EditError(f"not a force entry: {'.'.join(str(w) for w in where)}")


def set_entry_state(
    scenario: Scenario, side_id: str, where: EntryWhere, word: str, on: bool
) -> Scenario:
    """Add a state word to a force or reinforcement entry, or take it away (``depleted``)."""
    side = _side(scenario, side_id)
    entry = entry_at(side, where)
    state = [w for w in entry.state if w != word] + ([word] if on else [])
    changed = entry.model_copy(update={"state": state})
    if where[0] == "forces":
        forces = list(side.forces)
        forces[int(where[1])] = changed
        return _with_side(scenario, side_id, forces=forces)
    groups = list(side.reinforcements)
    group = groups[int(where[1])]
    units = list(group.units)
    units[int(where[3])] = changed
    groups[int(where[1])] = group.model_copy(update={"units": units})
    return _with_side(scenario, side_id, reinforcements=groups)
