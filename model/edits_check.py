"""The one check every edit of a scenario passes: the new scenario validated again as a whole.

The pure edits build new scenarios with ``model_copy``, which does not validate; so the value
an edit makes is validated again here, by the same pydantic models that load a file, before it
becomes the scenario. A refusal is an :class:`~model.errors.EditError` saying where and why.

Why incremental: a brush step edits a scenario at every mouse move, and validating a 1 MB
scenario from scratch takes about 150 ms. An edit shares with the scenario before it every
part it did not touch (``model_copy`` keeps them as the same objects), and pydantic takes a
model instance as it is; so only what is new is validated again, and every model above it,
whose validators see the whole of what they check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from model.errors import EditError, form_refusal
from model.scenario import Scenario

_NOTHING: Any = object()


def checked(operation: Callable[[Scenario], Scenario], before: Scenario) -> Scenario:
    """What ``operation`` (pure edits, one or several in a row) makes of ``before``, validated
    again: the one way an edit is made and checked. Raises :class:`EditError` when refused,
    also when the operation could not even build a value the models accept; ``before`` itself
    when it changes nothing."""
    try:
        after = operation(before)
    except ValidationError as exc:
        raise _refusal(exc, EditError) from None
    if after is before or after == before:
        return before
    return revalidate(after, before)


def warm_up_for_edits() -> None:
    """Build the scenario model's validator now if it is not built yet (pydantic builds it on
    first use, ``defer_build``; a scenario read from the kept cache does not use it), so that
    the first edit does not wait for it."""
    Scenario.model_rebuild()


def revalidate(
    after: Scenario, before: Scenario | None = None, error: type[EditError] = EditError
) -> Scenario:
    """``after`` validated again as a whole (``before``: the scenario it was made from, whose
    unchanged parts need no second look). Raises ``error`` with the first problem found."""
    if before is None:
        data: Any = after.model_dump(mode="python", round_trip=True)
    else:
        data = _input(after, before)
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise _refusal(exc, error, after) from None


def refusal_text(exc: ValidationError) -> str:
    """The first problem pydantic found, in the words an edit's refusal says it (where and
    what; a text of the wrong form told its form), for a form that builds a model itself."""
    return str(_refusal(exc, EditError))


def _refusal(
    exc: ValidationError, error: type[EditError], scenario: Scenario | None = None
) -> EditError:
    """The first problem pydantic found, where it is and what it is, as a refusal; a side is
    named as the designer sees it ("the American side", not "sides.0")."""
    problem = exc.errors()[0]
    loc = list(problem["loc"])
    side = ""
    index = loc[1] if len(loc) >= 2 and loc[0] == "sides" else None
    if scenario is not None and isinstance(index, int) and 0 <= index < len(scenario.sides):
        side, loc = f"the {scenario.sides[index].name} side", loc[2:]
    where = ", ".join(x for x in (side, ".".join(str(p) for p in loc)) if x)
    message = str(problem["msg"]).removeprefix("Value error, ")
    refusal = form_refusal(problem)
    if refusal is not None:
        message = f"{refusal[0]} ({refusal[1]})"
    return error(f"{where}: {message}" if where else message)


def _input(value: Any, old: Any) -> Any:
    """``value`` as input to validate: what it shares with ``old`` goes in as it is (pydantic
    does not validate a model instance again), anything new as plain data."""
    if value is old:
        return value
    if isinstance(value, BaseModel):
        if type(old) is not type(value):
            old = _NOTHING
        return {
            name: _input(getattr(value, name), getattr(old, name, _NOTHING))
            for name in type(value).model_fields
        }
    if isinstance(value, list | tuple):
        shared = {id(item) for item in old} if isinstance(old, list | tuple) else set()
        items = [item if id(item) in shared else _input(item, _NOTHING) for item in value]
        return items if isinstance(value, list) else tuple(items)
    if isinstance(value, dict):
        olds = old if isinstance(old, dict) else {}
        return {key: _input(item, olds.get(key, _NOTHING)) for key, item in value.items()}
    return value
