"""Edits to a scenario's rules as pure functions: reinforcements, game length, victory
conditions and scoring, special rules.

Like :mod:`model.edits`, each takes a scenario and returns a new one, and the editor's undo
commands wrap them (STYLE 8). Each validates what it makes: the new scenario is validated
again by pydantic as a whole, turns must lie within the game length, sides must exist, and
(given the assembled map) every region must name hexes the map has. A refused edit raises
:class:`RulesEditError`, an :class:`~model.errors.EditError` whose message is shown to the
designer as it is.

Victory conditions are addressed by a path of indexes: ``(2,)`` is the third condition,
``(2, 0)`` the first condition inside the third when that one is an all-of or any-of.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, get_args

from pydantic import BaseModel

from model.edits_check import revalidate
from model.errors import EditError
from model.hexes import Hex
from model.layout import AssembledMap
from model.regions import Region, RegionContext, evaluate
from model.scenario import GameLength, Reinforcement, Scenario
from model.victory import AllConditions, AnyCondition, Condition, SpecialRule, VictoryRules

_REGION_TYPES = get_args(get_args(Region)[0])
#: Fields of victory conditions and special rules that hold turn numbers.
_TURN_FIELDS = ("turn", "from_turn", "by_turn", "first", "last")
ConditionPath = Sequence[int]


class RulesEditError(EditError):
    """An edit to the scenario's rules that cannot be made; the message says why."""


# --- checks --------------------------------------------------------------------------------------


def turn_range(length: GameLength) -> tuple[int, int | None]:
    """The first and last turn of the game (last ``None``: open-ended)."""
    first = length.first_turn
    if length.open_ended and length.turns is None and not length.by_join:
        return first, None
    most = max([length.turns or 0, *length.by_join.values()])
    return first, first + most - 1


def check_turn(length: GameLength, turn: int, what: str = "turn") -> None:
    """Refuse a turn outside the game (``RulesEditError``)."""
    first, last = turn_range(length)
    if turn < first:
        raise RulesEditError(f"{what} {turn} is before the game starts (turn {first})")
    if last is not None and turn > last:
        raise RulesEditError(f"{what} {turn} is beyond the game length (the last turn is {last})")


def _revalidate(scenario: Scenario) -> Scenario:
    """The scenario validated again as a whole (``model_copy`` does not validate)."""
    return revalidate(scenario, error=RulesEditError)


def _side(scenario: Scenario, side_id: str | None, what: str) -> None:
    ids = [s.id for s in scenario.sides]
    if side_id is not None and side_id not in ids:
        raise RulesEditError(f"{what}: no side '{side_id}' (the sides are {', '.join(ids)})")


def _regions(value: object) -> Iterator[Region]:
    if isinstance(value, _REGION_TYPES):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _regions(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _regions(item)


def check_region(region: Region, amap: AssembledMap) -> frozenset[Hex]:
    """The hexes of ``region`` on ``amap``; ``RulesEditError`` when it names what the map does
    not have or covers no hex."""
    ctx = RegionContext(amap)
    try:
        hexes = evaluate(region, ctx)
    except (KeyError, ValueError) as exc:
        raise RulesEditError(f"the region cannot be found on this map: {exc}") from None
    if ctx.errors:
        raise RulesEditError(f"the region is not on this map: {ctx.errors[0].message}")
    if not hexes:
        raise RulesEditError("the region has no hexes on this map")
    return hexes


def check_regions(value: BaseModel, amap: AssembledMap) -> None:
    """Refuse a value whose regions name what the map does not have (``RulesEditError``)."""
    for region in _regions(value):
        check_region(region, amap)


def _turns(value: BaseModel, length: GameLength) -> None:
    for name in _TURN_FIELDS:
        turn = getattr(value, name, None)
        if isinstance(turn, int):
            check_turn(length, turn, "turn")
    for name in type(value).model_fields:
        part = getattr(value, name)
        if isinstance(part, BaseModel) and not isinstance(part, _REGION_TYPES):
            _turns(part, length)
        elif isinstance(part, list):
            for item in part:
                if isinstance(item, BaseModel) and not isinstance(item, _REGION_TYPES):
                    _turns(item, length)


# --- reinforcements ------------------------------------------------------------------------------


def _with_reinforcements(scenario: Scenario, side_id: str, items: list[Reinforcement]) -> Scenario:
    sides = [
        s.model_copy(update={"reinforcements": items}) if s.id == side_id else s
        for s in scenario.sides
    ]
    return _revalidate(scenario.model_copy(update={"sides": sides}))


def _reinforcements(scenario: Scenario, side_id: str) -> list[Reinforcement]:
    _side(scenario, side_id, "reinforcement")
    return list(scenario.side(side_id).reinforcements)


def _check_reinforcement(
    scenario: Scenario, item: Reinforcement, amap: AssembledMap | None
) -> None:
    if item.turn is not None:
        check_turn(scenario.length, item.turn, "a reinforcement on turn")
    elif item.condition is None:
        raise RulesEditError("say when the reinforcement arrives: a turn or a condition")
    if amap is not None:
        check_regions(item, amap)


def add_reinforcement(
    scenario: Scenario, side_id: str, item: Reinforcement, amap: AssembledMap | None = None
) -> Scenario:
    """Add a reinforcement at the end of a side's list."""
    items = _reinforcements(scenario, side_id)
    _check_reinforcement(scenario, item, amap)
    return _with_reinforcements(scenario, side_id, [*items, item])


def replace_reinforcement(
    scenario: Scenario,
    side_id: str,
    index: int,
    item: Reinforcement,
    amap: AssembledMap | None = None,
) -> Scenario:
    """Put ``item`` in place of reinforcement ``index`` of a side."""
    items = _reinforcements(scenario, side_id)
    _index(items, index, f"side '{side_id}' has no reinforcement {index + 1}")
    _check_reinforcement(scenario, item, amap)
    items[index] = item
    return _with_reinforcements(scenario, side_id, items)


def remove_reinforcement(scenario: Scenario, side_id: str, index: int) -> Scenario:
    """Take reinforcement ``index`` out of a side's list."""
    items = _reinforcements(scenario, side_id)
    _index(items, index, f"side '{side_id}' has no reinforcement {index + 1}")
    del items[index]
    return _with_reinforcements(scenario, side_id, items)


def _index(items: Sequence[Any], index: int, message: str) -> None:
    if not 0 <= index < len(items):
        raise RulesEditError(message)


# --- game length ---------------------------------------------------------------------------------


def set_length(scenario: Scenario, length: GameLength) -> Scenario:
    """Replace the game length; refused while a reinforcement, condition or rule names a turn
    the new length leaves out."""
    for side in scenario.sides:
        for number, item in enumerate(side.reinforcements, 1):
            if item.turn is not None:
                try:
                    check_turn(length, item.turn, "turn")
                except RulesEditError as exc:
                    raise RulesEditError(
                        f"{side.name}'s reinforcement {number} arrives on turn {item.turn}: "
                        f"{exc}; change it first"
                    ) from None
    for what, entries in (
        ("victory condition", scenario.victory.conditions),
        ("special rule", scenario.special_rules),
    ):
        for number, entry in enumerate(entries, 1):
            try:
                _turns(entry, length)
            except RulesEditError as exc:
                raise RulesEditError(f"{what} {number}: {exc}; change it first") from None
    return _revalidate(scenario.model_copy(update={"length": length}))


# --- victory -------------------------------------------------------------------------------------


def _with_victory(scenario: Scenario, victory: VictoryRules) -> Scenario:
    return _revalidate(scenario.model_copy(update={"victory": victory}))


def _check_condition(scenario: Scenario, item: Condition, amap: AssembledMap | None) -> None:
    _side(scenario, item.side, "a victory condition")
    _turns(item, scenario.length)
    if amap is not None:
        check_regions(item, amap)


def _edit_list(conditions: list[Condition], path: ConditionPath, change: Any) -> list[Condition]:
    """``conditions`` with ``change(list, index)`` applied at ``path`` (nested in groups)."""
    if not path:
        raise RulesEditError("no victory condition chosen")
    items = list(conditions)
    head, rest = path[0], path[1:]
    if not rest:
        change(items, head)
        return items
    _index(items, head, f"there is no victory condition {head + 1}")
    group = items[head]
    if not isinstance(group, AllConditions | AnyCondition):
        raise RulesEditError(f"victory condition {head + 1} holds no other conditions")
    inner = _edit_list(list(group.conditions), rest, change)
    if not inner:
        raise RulesEditError(
            f"victory condition {head + 1} needs at least one condition: remove it instead"
        )
    items[head] = group.model_copy(update={"conditions": inner})
    return items


def condition_at(scenario: Scenario, path: ConditionPath) -> Condition:
    """The victory condition at ``path``."""
    items: Sequence[Condition] = scenario.victory.conditions
    found: Condition | None = None
    for number, index in enumerate(path):
        _index(items, index, f"there is no victory condition {index + 1}")
        found = items[index]
        if number < len(path) - 1:
            if not isinstance(found, AllConditions | AnyCondition):
                raise RulesEditError(f"victory condition {index + 1} holds no other conditions")
            items = found.conditions
    if found is None:
        raise RulesEditError("no victory condition chosen")
    return found


def add_condition(
    scenario: Scenario,
    item: Condition,
    group: ConditionPath = (),
    amap: AssembledMap | None = None,
) -> Scenario:
    """Add a victory condition at the end, or at the end of the all-of / any-of at ``group``."""
    _check_condition(scenario, item, amap)
    conditions = list(scenario.victory.conditions)
    if group:
        appended = _edit_list(conditions, [*group, -1], lambda items, _i: items.append(item))
    else:
        appended = [*conditions, item]
    return _with_victory(scenario, scenario.victory.model_copy(update={"conditions": appended}))


def replace_condition(
    scenario: Scenario, path: ConditionPath, item: Condition, amap: AssembledMap | None = None
) -> Scenario:
    """Put ``item`` in place of the victory condition at ``path``."""
    condition_at(scenario, path)
    _check_condition(scenario, item, amap)

    def put(items: list[Condition], index: int) -> None:
        items[index] = item

    conditions = _edit_list(list(scenario.victory.conditions), path, put)
    return _with_victory(scenario, scenario.victory.model_copy(update={"conditions": conditions}))


def remove_condition(scenario: Scenario, path: ConditionPath) -> Scenario:
    """Take out the victory condition at ``path``."""
    condition_at(scenario, path)
    conditions = _edit_list(list(scenario.victory.conditions), path, lambda items, i: items.pop(i))
    return _with_victory(scenario, scenario.victory.model_copy(update={"conditions": conditions}))


def set_scoring(
    scenario: Scenario,
    scoring: str | None = None,
    default_winner: str | None = None,
    tie: str | None = None,
) -> Scenario:
    """Set how the scenario is won: ``most-vp`` or ``conditions``, the side that wins when no
    condition decides, and the side that wins a tie (a side id, ``draw``, or ``""`` to unset;
    ``None`` leaves a value as it is)."""
    update: dict[str, object] = {}
    if scoring is not None:
        if scoring not in ("most-vp", "conditions"):
            raise RulesEditError(f"scoring is 'most-vp' or 'conditions', not '{scoring}'")
        update["scoring"] = scoring
    for name, value in (("default_winner", default_winner), ("tie", tie)):
        if value is None:
            continue
        if value and value != "draw":
            _side(scenario, value, name.replace("_", " "))
        update[name] = value or None
    return _with_victory(scenario, scenario.victory.model_copy(update=update))


# --- special rules -------------------------------------------------------------------------------


def _check_rule(scenario: Scenario, rule: SpecialRule, amap: AssembledMap | None) -> None:
    for side_id in getattr(rule, "sides", []) or []:
        _side(scenario, side_id, "a special rule")
    _side(scenario, getattr(rule, "side", None), "a special rule")
    span = getattr(rule, "turns", None)
    if span is not None and span.last is not None and span.last < span.first:
        raise RulesEditError(f"turns {span.first} to {span.last}: the last is before the first")
    _turns(rule, scenario.length)
    if amap is not None:
        check_regions(rule, amap)


def _with_rules(scenario: Scenario, rules: list[SpecialRule]) -> Scenario:
    return _revalidate(scenario.model_copy(update={"special_rules": rules}))


def add_rule(scenario: Scenario, rule: SpecialRule, amap: AssembledMap | None = None) -> Scenario:
    """Add a special rule at the end."""
    _check_rule(scenario, rule, amap)
    return _with_rules(scenario, [*scenario.special_rules, rule])


def replace_rule(
    scenario: Scenario, index: int, rule: SpecialRule, amap: AssembledMap | None = None
) -> Scenario:
    """Put ``rule`` in place of special rule ``index``."""
    rules = list(scenario.special_rules)
    _index(rules, index, f"there is no special rule {index + 1}")
    _check_rule(scenario, rule, amap)
    rules[index] = rule
    return _with_rules(scenario, rules)


def remove_rule(scenario: Scenario, index: int) -> Scenario:
    """Take special rule ``index`` out."""
    rules = list(scenario.special_rules)
    _index(rules, index, f"there is no special rule {index + 1}")
    del rules[index]
    return _with_rules(scenario, rules)
