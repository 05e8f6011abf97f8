"""Checks of the scenario's own entries: turn numbers and the references of victory
conditions and special rules (side ids and unit types are refused at load already)."""

from __future__ import annotations

from collections.abc import Iterator

from model.scenario import EntryPlacement, PanicLevel, Reinforcement
from model.victory import (
    Control,
    Demolition,
    Destroyed,
    ExitAllowed,
    Survives,
    TurnSpan,
    UnitFilter,
)
from rules.checks.base import CheckContext, Finding, check, walk

_TURN_FIELDS = ("turn", "from_turn", "by_turn")
_TURN_MODELS = (Reinforcement, EntryPlacement, PanicLevel, ExitAllowed)


@check("turn-range")
def turn_range(ctx: CheckContext) -> Iterator[Finding]:
    """Every turn a scenario names (reinforcements, entries, special rules' spans, victory
    conditions' turns) lies within the game length."""
    span = ctx.game_turns
    if span is None:
        return
    first, last = span
    unit = ctx.scenario.length.unit.replace("-", " ")
    citation = ctx.rules.citations.turns
    for path, model in walk(ctx.scenario):
        if path[:1] == ("length",):
            continue
        names = ("first", "last") if isinstance(model, TurnSpan) else _TURN_FIELDS
        if not isinstance(model, TurnSpan) and not _has_turns(model):
            continue
        for name in names:
            value = getattr(model, name, None)
            if isinstance(value, int) and not first <= value <= last:
                message = f"{unit} {value} is outside the game, which lasts {unit}s {first}-{last}"
                yield ctx.finding("error", "turn-range", message, citation, (*path, name))


def _has_turns(model: object) -> bool:
    if isinstance(model, _TURN_MODELS):
        return True
    fields = getattr(type(model), "model_fields", {})
    return "by_turn" in fields  # every victory condition


@check("references")
def references(ctx: CheckContext) -> Iterator[Finding]:
    """Victory conditions and special rules name force labels and map object sets that
    exist in the scenario."""
    scenario = ctx.scenario
    citation = ctx.rules.citations.victory
    labels = _labels(ctx)
    objects = {o.name for o in scenario.map.objects}
    for path, model in walk(scenario):
        if isinstance(model, UnitFilter):
            for i, label in enumerate(model.labels):
                if label not in labels:
                    known = ", ".join(sorted(labels)) or "none"
                    message = f"no force entry is labelled '{label}' (labels: {known})"
                    yield ctx.finding(
                        "error", "references", message, citation, (*path, "labels", i)
                    )
        if isinstance(model, Control) and model.objects == "objects" and not model.object_set:
            known = ", ".join(sorted(objects)) or "none"
            message = (
                f"the condition counts map objects but names no object set (map.objects: {known})"
            )
            yield ctx.finding("warning", "references", message, citation, (*path, "objects"))
        named = _object_set(model)
        if named is not None and named[1] not in objects:
            known = ", ".join(sorted(objects)) or "none"
            message = f"no map object set is named '{named[1]}' (map.objects: {known})"
            yield ctx.finding("error", "references", message, citation, (*path, named[0]))

    for i, side in enumerate(scenario.sides):
        if side.mission is None:
            continue
        own = [m.id for m in scenario.missions if m.side == side.id]
        if side.mission not in own:
            known = ", ".join(own) or "none"
            message = (
                f"{side.name} plays mission '{side.mission}', which is not one of its own ({known})"
            )
            yield ctx.finding("error", "references", message, citation, ("sides", i, "mission"))


def _labels(ctx: CheckContext) -> set[str]:
    found = set()
    for _, model in walk(ctx.scenario.sides):
        label = getattr(model, "label", None)
        if isinstance(label, str) and hasattr(model, "unit"):
            found.add(label)
    return found


def _object_set(model: object) -> tuple[str, str] | None:
    """The field of a condition or rule that names a map object set, and the name."""
    if isinstance(model, Destroyed | Survives | Demolition):
        return "objects", model.objects
    if isinstance(model, Control) and model.object_set is not None:
        return "object_set", model.object_set
    return None
