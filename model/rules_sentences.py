"""A scenario's rules as sentences: victory conditions, reinforcements, special rules and the
game length, in words a designer reads at a glance ("Defender scores 125 VP for the bridge
destroyed"), never as YAML. The editor's Scenario Rules panel lists them; Qt-free.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from model.region_text import describe_region
from model.regions import Place, Region
from model.scenario import DieRollCondition, EventCondition, GameLength, Reinforcement
from model.victory import (
    ActionBan,
    AllConditions,
    AnyCondition,
    AreaBan,
    Award,
    Casualties,
    Condition,
    Control,
    Demolition,
    DeploymentLimit,
    Destroyed,
    EnemyLosses,
    Exit,
    ExitAllowed,
    FireBan,
    ForceShare,
    LineOfSight,
    LossesCompared,
    NotWon,
    SpecialRule,
    Survives,
    TerrainOverride,
    TextCondition,
    TurnSpan,
    UnitFilter,
    UnitsIn,
    UsageCap,
    VpThreshold,
)

_COMPARE = {">": "more than", ">=": "at least", "<": "fewer than", "<=": "at most", "==": "exactly"}
_WHEN = {
    "end": "",
    "instant": " (the moment it happens)",
    "end-of-any-turn": " (at the end of any turn)",
    "throughout-final-turn": " (held throughout the final turn)",
    "during-final-turn": " (during the final turn)",
}
#: Phrases that read as a noun only after "the hexes" ("in the hexes south of the river").
_NEEDS_NOUN = re.compile(
    r"^((north|south|east|west) of|on hexrow|within|at least|outside|all of|any of|terrain|\{)"
)
_TIMES = {0.5: "half", 2.0: "twice", 3.0: "three times"}


def where(region: Region) -> str:
    """A region inside a sentence: ``Arracourt``, ``Side B``, ``the hexes south of the river``."""
    if isinstance(region, Place):
        return region.name + (f" on map {region.board}" if region.board else "")
    phrase = describe_region(region)
    if _NEEDS_NOUN.match(phrase):
        return f"the hexes {phrase}"
    return phrase


def _number(value: float) -> str:
    return f"{value:g}"


def or_list(items: list[str], word: str = "or") -> str:
    """``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def award_text(award: Award) -> str:
    """``125 VP``, ``3 VP each``, ``twice their value in VP``, ``a win``."""
    if award.result is not None and award.vp is None and award.per is None:
        return {"win": "a win", "draw": "a draw", "lose": "a loss"}[award.result]
    if award.per in ("unit-value", "attack-strength", "attack+defense+movement"):
        what = {
            "unit-value": "their value",
            "attack-strength": "their attack strength",
            "attack+defense+movement": "attack + defense + movement",
        }[award.per]
        times = _TIMES.get(award.multiplier, f"{_number(award.multiplier)} ×")
        text = f"{what} in VP" if award.multiplier == 1 else f"{times} {what} in VP"
    elif award.per == "each":
        text = f"{_number(award.vp or 1)} VP each"
    else:
        text = f"{_number(award.vp or 0)} VP"
    return text + (f" (at most {_number(award.cap)})" if award.cap is not None else "")


def units_text(units: UnitFilter, whose: str = "its") -> str:
    """``its units``, ``its tank, infantry units``, ``its engineers``."""
    kinds = [*units.labels, *units.types, *units.categories]
    states = f"{', '.join(units.states)} " if units.states else ""
    return f"{whose} {states}{', '.join(kinds) + ' ' if kinds else ''}units"


def _what(condition: Condition) -> str:
    match condition:
        case EnemyLosses():
            return "enemy units damaged or destroyed"
        case Exit():
            quota = ""
            if condition.at_least is not None:
                quota = f"{_COMPARE[condition.compare]} {condition.at_least} of "
            elif condition.at_least_fraction is not None:
                quota = f"{_COMPARE[condition.compare]} {condition.at_least_fraction:.0%} of "
            return f"{quota}{units_text(condition.units)} exiting through " + where(
                condition.region
            )
        case Control():
            what = "control of" if condition.rule != "occupy" else "occupying"
            objects = f" the {condition.object_set}" if condition.object_set else ""
            return f"{what}{objects} {where(condition.region)}"
        case UnitsIn():
            whose = "enemy" if condition.enemy else "its"
            count = f"{_COMPARE[condition.compare]} {condition.count} of "
            return f"{count}{units_text(condition.units, whose)} in " + where(condition.region)
        case LineOfSight():
            seen = "no line of sight" if condition.negate else "a line of sight"
            return f"{seen} to {where(condition.to)}"
        case Destroyed():
            return f"the {condition.objects} destroyed"
        case Survives():
            return f"the {condition.objects} still standing"
        case Casualties():
            share = (
                f"{condition.fraction:.0%}"
                if condition.fraction is not None
                else str(condition.count or 0)
            )
            return f"{_COMPARE[condition.compare]} {share} of the {condition.of} force " + (
                condition.measure.replace("-", " ")
            )
        case VpThreshold():
            whose = "its" if condition.of == "own" else "the enemy's"
            return f"{whose} VP {_COMPARE[condition.compare]} {_number(condition.vp)}"
        case ForceShare():
            where_ = " on the map" if condition.state == "able-on-map" else ""
            return (
                f"{_COMPARE[condition.compare]} {condition.fraction:.0%} of the {condition.of}"
                f" force able{where_}"
            )
        case LossesCompared():
            return f"enemy men disabled {_COMPARE[condition.compare]} its own"
        case NotWon():
            what = "won or drawn" if condition.or_draw else "won"
            after = (
                f" {condition.turns_after} turn(s) after event {condition.after_event}"
                if condition.after_event
                else ""
            )
            return f"the enemy not having {what}{after}"
        case TextCondition():
            return f"“{condition.text}”"
        case AllConditions() | AnyCondition():
            word = "all" if isinstance(condition, AllConditions) else "any"
            return f"{word} of {len(condition.conditions)} conditions"
    return condition.kind


def _turns_text(condition: Condition) -> str:
    parts = []
    if condition.turn is not None:
        parts.append(f" on turn {condition.turn}")
    if condition.from_turn is not None:
        parts.append(f" from turn {condition.from_turn}")
    if condition.by_turn is not None:
        parts.append(f" by turn {condition.by_turn}")
    return "".join(parts)


def condition_sentence(condition: Condition, side_names: Mapping[str, str]) -> str:
    """``Defender scores 125 VP for the bridge destroyed``; ``US wins with control of ...``."""
    side = side_names.get(condition.side, condition.side)
    what = _what(condition) + _turns_text(condition) + _WHEN[condition.when]
    award = condition.award
    if award.result is not None and award.vp is None and award.per is None:
        verb = {"win": "wins", "draw": "draws", "lose": "loses"}[award.result]
        return f"{side} {verb} with {what}"
    return f"{side} scores {award_text(award)} for {what}"


def arrival_text(item: Reinforcement, full: bool = False) -> str:
    """``Turn 3``, ``On a roll of 0 or 1 (d10)``, ``On event A2``; ``full`` adds when the die
    is rolled."""
    condition = item.condition
    if isinstance(condition, DieRollCondition):
        rolls = or_list([str(n) for n in condition.succeed_on])
        when = f", rolled {condition.roll}" if full else ""
        text = f"on a roll of {rolls} ({condition.die}{when})"
    elif isinstance(condition, EventCondition):
        text = f"on event {condition.event}"
    elif condition is not None:
        text = f"when “{condition.text}”"
    else:
        text = ""
    if item.turn is not None:
        text = f"turn {item.turn}" + (f", {text}" if text else "")
    return (text[:1].upper() + text[1:]) or "Any turn"


def units_list(item: Reinforcement) -> str:
    """``2 × PANTHER-A, SdKfz 251`` (and ``units bought``)."""
    parts = [f"{e.count} × {e.unit}" if e.count > 1 else e.unit for e in item.units]
    if item.purchased:
        parts.append("the units bought as reinforcements")
    return ", ".join(parts)


def reinforcement_sentence(item: Reinforcement) -> str:
    """``Turn 3: 2 × PANTHER-A enter through Side B in column``."""
    how = {"column": " in column", "free": " in free formation", None: ""}[item.formation]
    mounted = ", mounted" if item.mounted else ""
    arrives = arrival_text(item, full=True)
    return f"{arrives}: {units_list(item)} enter through {where(item.entry)}{how}{mounted}"


def span_text(span: TurnSpan) -> str:
    """``on turn 1``, ``on turns 3 to 5``, ``from turn 10 on``."""
    if span.last is None:
        return "for the whole game" if span.first == 1 else f"from turn {span.first} on"
    if span.last == span.first:
        return f"on turn {span.first}"
    return f"on turns {span.first} to {span.last}"


def _sides(sides: list[str], names: Mapping[str, str]) -> str:
    return or_list([names.get(s, s) for s in sides], "and") if sides else "Either side"


def rule_sentence(rule: SpecialRule, side_names: Mapping[str, str]) -> str:
    """``No opportunity or tracking fire on turn 1``; a text rule as its words."""
    optional = " (optional)" if rule.optional else ""
    match rule:
        case FireBan():
            who = f" for {_sides(rule.sides, side_names)}" if rule.sides else ""
            text = f"No {or_list(rule.fire)} fire{who} {span_text(rule.turns)}"
        case ActionBan():
            until = f", until {rule.until}" if rule.until else ""
            text = (
                f"{_sides(rule.sides, side_names)} may not {rule.action} "
                f"{span_text(rule.turns)}{until}"
            )
        case AreaBan():
            verb = "enter or set up in" if rule.deploy else "enter"
            text = (
                f"{_sides(rule.sides, side_names)} may not {verb} "
                f"{where(rule.region)} {span_text(rule.turns)}"
            )
        case UsageCap():
            side = side_names.get(rule.side, rule.side)
            text = f"{side}: at most {rule.per_turn} {rule.what} per turn"
        case ExitAllowed():
            side = side_names.get(rule.side, rule.side)
            start = f" from turn {rule.from_turn}" if rule.from_turn else ""
            after = f", after {rule.after}" if rule.after else ""
            text = f"{side} may exit the map through {where(rule.region)}{start}{after}"
        case TerrainOverride():
            text = f"{rule.terrain.replace('-', ' ').capitalize()}{_override(rule)}"
        case Demolition():
            text = f"Demolition of the {rule.objects}: {rule.text}"
        case DeploymentLimit():
            text = _limit_sentence(rule, side_names.get(rule.side, rule.side))
        case _:
            words = getattr(rule, "text", "") or ""
            text = words if rule.kind == "text" else f"{rule.kind.replace('-', ' ')}: {words}"
    return text.strip() + optional


def _limit_sentence(rule: DeploymentLimit, side: str) -> str:
    """``German: at most 1 unit set up in Moncourt``; the per-zone forms say so."""
    counts = []
    if rule.at_most is not None:
        counts.append(f"at most {rule.at_most}")
    if rule.at_least is not None:
        counts.append(f"at least {rule.at_least}")
    many = rule.at_most if rule.at_most is not None else rule.at_least
    units = "unit" if many == 1 else "units"
    each = " in each zone of" if rule.per_zone else " in"
    text = (
        f"{side}: {' and '.join(counts) or 'a limit of'} {units} set up{each} {where(rule.region)}"
    )
    if rule.zones_at_least is not None:
        text += f", in at least {rule.zones_at_least} zones"
    return text


def _override(rule: TerrainOverride) -> str:
    """What a terrain override changes: `` counts as clear, +1 MP in zone 7: mud``."""
    parts = []
    if rule.treat_as:
        parts.append(f"counts as {rule.treat_as}")
    if rule.extra_cost:
        parts.append(f"+{rule.extra_cost:g} MP")
    if rule.impassable:
        parts.append("is impassable")
    if rule.movement_cost:
        parts.append(", ".join(f"{k} {v:g} MP" for k, v in rule.movement_cost.items()))
    text = " " + ", ".join(parts) if parts else " changes"
    if rule.region is not None:
        text += f" in {where(rule.region)}"
    return text + (f": {rule.text}" if rule.text else "")


def length_sentence(length: GameLength) -> str:
    """``20 turns (turns 1 to 20); ends early when the bridge is destroyed``."""
    unit = {"turn": "turns", "game-turn": "Game-Turns", "command-cycle": "command cycles"}
    if length.turns is not None:
        last = length.first_turn + length.turns - 1
        text = f"{length.turns} {unit[length.unit]}, {length.first_turn} to {last}"
    elif length.by_join:
        text = ", ".join(f"{n} turns ({join})" for join, n in length.by_join.items())
    else:
        text = "Open-ended: until a side wins"
    if length.ends_early:
        text += f"; ends early when {length.ends_early}"
    return text
