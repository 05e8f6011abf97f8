"""A scenario's knobs: the parameters a designer may turn to balance it (issue 22).

A :class:`Knob` names one adjustable value the scenario actually has, with its current value,
a default range to search and the hard limits a file may hold (:mod:`model.limits`).
:func:`knobs_of` lists them; :func:`apply` returns a NEW scenario with some knobs set (the
model is frozen: it is never mutated); :func:`record_note` writes what a tune run measured into
the scenario's notes. All of it is Qt-free: the editor's Tune page and ``hexwright tune`` call
the same functions.

Knob ids (``<entry>`` is the force entry's label when unique in its side, else its number in
the side's ``forces``, counting from 1):

- ``length``: the game's length in turns (``length.turns``);
- ``vp-threshold:<side>`` (``.<n>`` for a side's second and later): a ``vp-threshold``
  condition's number;
- ``vp-award:<n>``: the victory points of condition ``#n`` (as ``hexwright balance`` numbers
  them) when it awards a fixed number or a number per item;
- ``budget:<side>``: a point-buy side's points;
- ``mission-budget:<mission>``: the points of a side playing a Soldiers mission [19.1];
- ``reinforcement-turn:<side>.<n>``: the turn of the side's ``n``-th reinforcement;
- ``unit:<side>.<entry>``: a force entry present (true) or left out (false);
- ``count:<side>.<entry>``: how many counters the entry has;
- ``support:<side>.<n>``: how many of an off-map support asset (0: none);
- ``panic:<side>`` (``.<n>`` for its ``n``-th level when it has several): a Panzer '44 panic
  level's percentage [P44 14.0];
- ``rule:<kind>`` (``.<n>`` when the kind repeats): a special rule on or off (off: left out;
  on: in force, even one the book marks optional);
- ``option:<name>``: an optional rule of ``rules.options`` on or off;
- ``setup-depth:<side>``: the depth of a side's set-up area when that area is written as a
  distance (``within`` or ``away-from`` a region): the distance in hexes.

Our reading where the books are silent: changing ``length`` also moves every victory
condition judged at (``turn``) or by (``by_turn``) the old last turn to the new last turn, so
that "at the end of the game" stays at the end of the game.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from model.errors import did_you_mean
from model.limits import MAX_COUNT, MAX_DISTANCE, MAX_POINTS, MAX_TURNS
from model.scenario import Scenario
from model.scenario_io import to_data

__all__ = [
    "Knob",
    "KnobError",
    "KnobRange",
    "apply",
    "knobs_of",
    "parse_knob",
    "record_note",
]

KnobValue = int | bool
#: Sets a knob's value in the scenario's plain data (a deep copy, edited in place).
Setter = Callable[[dict[str, Any], KnobValue], None]


class KnobError(ValueError):
    """A knob the scenario does not have, a value out of its limits, a range that does not
    parse, or settings that make the scenario invalid: the message says which and what to do."""


@dataclass(frozen=True)
class Knob:
    """One adjustable parameter of a scenario.

    Attributes:
        id: the knob's id (see the module's list), e.g. ``vp-threshold:german``.
        title: what it is, in words, for the Tune page and the CLI.
        kind: ``int`` or ``bool``.
        value: its value in the scenario as it stands.
        low, high: the default range a search covers (bool: 0 to 1).
        min, max: the hard limits a scenario file may hold (:mod:`model.limits`).
        path: where it lives in the scenario file, dotted.
    """

    id: str
    title: str
    kind: Literal["int", "bool"]
    value: KnobValue
    low: int
    high: int
    min: int
    max: int
    path: str


@dataclass(frozen=True)
class KnobRange:
    """A knob chosen for a search, with the range it may move over (``low`` to ``high``,
    inclusive; bool: both values)."""

    knob: Knob
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.knob.kind == "bool" and (self.low, self.high) != (0, 1):
            raise KnobError(f"{self.knob.id} is on or off: it takes no range")
        if not self.knob.min <= self.low <= self.high <= self.knob.max:
            raise KnobError(
                f"{self.knob.id}: the range {self.low}..{self.high} must be increasing and "
                f"within {self.knob.min}..{self.knob.max}"
            )

    @property
    def id(self) -> str:
        return self.knob.id


# --- what a scenario has -----------------------------------------------------------------------


def knobs_of(scenario: Scenario) -> list[Knob]:
    """Every adjustable parameter ``scenario`` has, in a stable order."""
    return [knob for knob, _ in _knobs(scenario)]


def _knobs(scenario: Scenario) -> list[tuple[Knob, Setter]]:
    data = to_data(scenario)
    found: list[tuple[Knob, Setter]] = []
    found += _length(scenario)
    found += _victory(scenario)
    for i in range(len(scenario.sides)):
        found += _side_knobs(scenario, data, i)
    found += _mission_budgets(scenario)
    found += _rules(scenario)
    return found


def _int_knob(
    id_: str, title: str, value: int, low: int, high: int, lo: int, hi: int, path: str
) -> Knob:
    low, high = max(lo, min(low, value)), min(hi, max(high, value))
    return Knob(id_, title, "int", value, low, high, lo, hi, path)


def _bool_knob(id_: str, title: str, value: bool, path: str) -> Knob:
    return Knob(id_, title, "bool", value, 0, 1, 0, 1, path)


def _spread(value: int, lo: int, hi: int, least: int = 2) -> tuple[int, int]:
    """The default range around ``value``: half to one and a half times it, at least
    ``least`` either way, within the limits."""
    step = max(least, value // 2)
    return max(lo, value - step), min(hi, value + step)


def _at(data: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _put(path: tuple[str | int, ...], last: str) -> Setter:
    def setter(data: dict[str, Any], value: KnobValue) -> None:
        _at(data, path)[last] = int(value)

    return setter


def _length(scenario: Scenario) -> list[tuple[Knob, Setter]]:
    turns = scenario.length.turns
    if turns is None:
        return []
    low, high = _spread(turns, 1, MAX_TURNS)
    knob = _int_knob(
        "length", "game length (turns)", turns, low, high, 1, MAX_TURNS, "length.turns"
    )

    first = scenario.length.first_turn

    def setter(data: dict[str, Any], value: KnobValue) -> None:
        data["length"]["turns"] = int(value)
        for cond in _conditions(data.get("victory", {}).get("conditions", [])):
            for key in ("turn", "by_turn"):
                if cond.get(key) == first + turns - 1:  # our reading: the end stays the end
                    cond[key] = first + int(value) - 1

    return [(knob, setter)]


def _conditions(conditions: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for cond in conditions:
        yield cond
        yield from _conditions(cond.get("conditions", []))


def _victory(scenario: Scenario) -> list[tuple[Knob, Setter]]:
    found: list[tuple[Knob, Setter]] = []
    seen: dict[str, int] = {}
    for n, cond in enumerate(scenario.victory.conditions):
        path: tuple[str | int, ...] = ("victory", "conditions", n)
        if cond.kind == "vp-threshold" and float(cond.vp).is_integer():
            seen[cond.side] = seen.get(cond.side, 0) + 1
            suffix = "" if seen[cond.side] == 1 else f".{seen[cond.side]}"
            value = int(cond.vp)
            low, high = _spread(value, 0, MAX_POINTS)
            title = f"victory-point threshold of {cond.side} (condition #{n + 1})"
            knob = _int_knob(
                f"vp-threshold:{cond.side}{suffix}",
                title,
                value,
                low,
                high,
                0,
                MAX_POINTS,
                f"victory.conditions[{n}].vp",
            )
            found.append((knob, _put(path, "vp")))
        award = getattr(cond, "award", None)
        if award is not None and award.vp is not None and float(award.vp).is_integer():
            value = int(award.vp)
            per = f" per {award.per}" if award.per else ""
            title = f"victory points{per} of condition #{n + 1} ({cond.kind} for {cond.side})"
            knob = _int_knob(
                f"vp-award:{n + 1}",
                title,
                value,
                0,
                max(2, 2 * value),
                0,
                MAX_POINTS,
                f"victory.conditions[{n}].award.vp",
            )
            found.append((knob, _put((*path, "award"), "vp")))
    return found


def _mission_budgets(scenario: Scenario) -> list[tuple[Knob, Setter]]:
    found: list[tuple[Knob, Setter]] = []
    for n, mission in enumerate(scenario.missions):
        if mission.budget is None:
            continue
        points = mission.budget.points
        low, high = _spread(points, 0, MAX_POINTS, least=10)
        knob = _int_knob(
            f"mission-budget:{mission.id}",
            f"{mission.side}'s budget ({mission.budget.kind}) when playing {mission.name} "
            "[Soldiers 19.1]",
            points,
            low,
            high,
            0,
            MAX_POINTS,
            f"missions[{n}].budget.points",
        )
        found.append((knob, _put(("missions", n, "budget"), "points")))
    return found


def _entry_names(scenario: Scenario, side_index: int) -> list[str]:
    forces = scenario.sides[side_index].forces
    labels = [f.label for f in forces]
    return [
        f.label if f.label and labels.count(f.label) == 1 else str(j + 1)
        for j, f in enumerate(forces)
    ]


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def _side_knobs(scenario: Scenario, data: dict[str, Any], i: int) -> list[tuple[Knob, Setter]]:
    side = scenario.sides[i]
    base: tuple[str | int, ...] = ("sides", i)
    found: list[tuple[Knob, Setter]] = []
    if side.budget is not None:
        low, high = _spread(side.budget.points, 0, MAX_POINTS, least=10)
        knob = _int_knob(
            f"budget:{side.id}",
            f"{side.name}'s budget ({side.budget.kind})",
            side.budget.points,
            low,
            high,
            0,
            MAX_POINTS,
            f"sides[{i}].budget.points",
        )
        found.append((knob, _put((*base, "budget"), "points")))
    first = scenario.length.first_turn
    last = min(first + (scenario.length.turns or MAX_TURNS) - 1, MAX_TURNS)
    for n, reinforcement in enumerate(side.reinforcements):
        if reinforcement.turn is None:
            continue
        knob = _int_knob(
            f"reinforcement-turn:{side.id}.{n + 1}",
            f"turn {side.name}'s reinforcement {n + 1} arrives",
            reinforcement.turn,
            first,
            max(reinforcement.turn, last),
            1,
            MAX_TURNS,
            f"sides[{i}].reinforcements[{n}].turn",
        )
        found.append((knob, _put((*base, "reinforcements", n), "turn")))
    found += _force_knobs(scenario, data, i)
    for n, support in enumerate(side.support):
        knob = _int_knob(
            f"support:{side.id}.{n + 1}",
            f"{side.name}'s {support.kind} support (how many)",
            support.count,
            0,
            max(2, 2 * support.count),
            0,
            MAX_COUNT,
            f"sides[{i}].support[{n}].count",
        )
        found.append((knob, _put((*base, "support", n), "count")))
    if side.panic is not None:
        levels = side.panic.levels
        for n, level in enumerate(levels):
            suffix = "" if len(levels) == 1 else f".{n + 1}"
            knob = _int_knob(
                f"panic:{side.id}{suffix}",
                f"{side.name}'s panic level (%) from turn {level.from_turn} [P44 14.0]",
                level.percent,
                max(0, level.percent - 20),
                min(100, level.percent + 20),
                0,
                100,
                f"sides[{i}].panic.levels[{n}].percent",
            )
            found.append((knob, _put((*base, "panic", "levels", n), "percent")))
    found += _setup_depth(scenario, i)
    return found


def _force_knobs(scenario: Scenario, data: dict[str, Any], i: int) -> list[tuple[Knob, Setter]]:
    side = scenario.sides[i]
    names = _entry_names(scenario, i)
    strings = list(_strings(data))
    found: list[tuple[Knob, Setter]] = []
    for j, entry in enumerate(side.forces):
        what = f"{side.name}'s {entry.unit} ({names[j]})"
        path = f"sides[{i}].forces[{j}]"
        knob = _int_knob(
            f"count:{side.id}.{names[j]}",
            f"how many {what}",
            entry.count,
            1,
            max(2, 2 * entry.count),
            1,
            MAX_COUNT,
            f"{path}.count",
        )
        found.append((knob, _put(("sides", i, "forces", j), "count")))
        # An entry others refer to (carriers, APCR, plans) cannot simply go.
        if entry.label and strings.count(entry.label) > 1:
            continue
        knob = _bool_knob(f"unit:{side.id}.{names[j]}", f"{what} present", True, path)
        found.append((knob, _drop("sides", i, "forces", j)))
    return found


def _drop(*path: str | int) -> Setter:
    """Marks a list item to leave out (removed after every knob is set: indices stay valid)."""

    def setter(data: dict[str, Any], value: KnobValue) -> None:
        if not value:
            _at(data, path[:-1])[path[-1]] = _GONE

    return setter


_GONE: dict[str, Any] = {"__gone__": True}


def _setup_depth(scenario: Scenario, i: int) -> list[tuple[Knob, Setter]]:
    side = scenario.sides[i]
    region = getattr(side.setup, "region", None)
    kind = getattr(region, "kind", None)
    if region is None or kind not in ("within", "away-from"):
        return []
    distance = int(region.distance)
    low, high = _spread(distance, 0, MAX_DISTANCE)
    words = "within" if kind == "within" else "at least"
    knob = _int_knob(
        f"setup-depth:{side.id}",
        f"{side.name}'s set-up area: {words} this many hexes",
        distance,
        low,
        high,
        0,
        MAX_DISTANCE,
        f"sides[{i}].setup.region.distance",
    )
    return [(knob, _put(("sides", i, "setup", "region"), "distance"))]


def _rules(scenario: Scenario) -> list[tuple[Knob, Setter]]:
    found: list[tuple[Knob, Setter]] = []
    kinds = [r.kind for r in scenario.special_rules]
    seen: dict[str, int] = {}
    for n, rule in enumerate(scenario.special_rules):
        seen[rule.kind] = seen.get(rule.kind, 0) + 1
        if rule.kind == "text":
            continue  # in the book's words only: no engine plays it, so turning it is idle
        suffix = f".{seen[rule.kind]}" if kinds.count(rule.kind) > 1 else ""
        note = " ".join((rule.note or "").split())[:60]
        title = f"special rule {n + 1} ({rule.kind}){': ' + note if note else ''} in force"
        knob = _bool_knob(
            f"rule:{rule.kind}{suffix}", title, not rule.optional, f"special_rules[{n}]"
        )
        found.append((knob, _rule_setter(n)))
    for name in scenario.rules.options:
        knob = _bool_knob(f"option:{name}", f"optional rule {name} in use", True, "rules.options")
        found.append((knob, _option_setter(name)))
    return found


def _rule_setter(n: int) -> Setter:
    def setter(data: dict[str, Any], value: KnobValue) -> None:
        rules = data["special_rules"]
        if value:
            rules[n].pop("optional", None)
        else:
            rules[n] = _GONE

    return setter


def _option_setter(name: str) -> Setter:
    def setter(data: dict[str, Any], value: KnobValue) -> None:
        if not value:
            data["rules"]["options"] = [o for o in data["rules"]["options"] if o != name]

    return setter


# --- setting knobs -----------------------------------------------------------------------------


def apply(scenario: Scenario, settings: Mapping[str, KnobValue]) -> Scenario:
    """A new scenario with each knob of ``settings`` set; ``scenario`` is left as it is.

    The result passes the scenario model's validation (limits, required fields); the map and
    the cross-references are checked when it is loaded to be played.

    Raises:
        KnobError: a knob the scenario does not have (the message lists those it has), a value
            of the wrong kind or outside the knob's limits, or a scenario the model refuses.
    """
    known = {k.id: (k, s) for k, s in _knobs(scenario)}
    data = copy.deepcopy(to_data(scenario))
    for knob_id, value in settings.items():
        if knob_id not in known:
            raise KnobError(unknown_knob(knob_id, list(known)))
        knob, setter = known[knob_id]
        setter(data, _checked(knob, value))
    _sweep_gone(data)
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        message = f"these settings make the scenario invalid: {where}: {first['msg']}"
        raise KnobError(message) from None


def _checked(knob: Knob, value: KnobValue) -> KnobValue:
    if knob.kind == "bool":
        if not isinstance(value, bool) and value not in (0, 1):
            raise KnobError(f"{knob.id}: give on or off (true or false), not {value!r}")
        return bool(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise KnobError(f"{knob.id}: give a whole number, not {value!r}")
    if not knob.min <= value <= knob.max:
        raise KnobError(
            f"{knob.id}: {value} is out of range: give {knob.min} to {knob.max} ({knob.title})"
        )
    return value


def _sweep_gone(data: Any) -> None:
    if isinstance(data, dict):
        for value in data.values():
            _sweep_gone(value)
    elif isinstance(data, list):
        data[:] = [v for v in data if v is not _GONE]
        for value in data:
            _sweep_gone(value)


def unknown_knob(knob_id: str, known: list[str]) -> str:
    """The message for a knob the scenario does not have: the knobs it has."""
    listed = ", ".join(known) if known else "none"
    hint = did_you_mean(knob_id, known)
    return (
        f"this scenario has no knob '{knob_id}'{f' ({hint})' if hint else ''}; its knobs: {listed}"
    )


# --- choosing knobs on the command line ---------------------------------------------------------


def parse_knob(text: str, knobs: list[Knob]) -> KnobRange:
    """A ``--knob`` argument as a knob and the range to search: ``ID``, or ``ID=LOW..HIGH``
    (``ID:LOW..HIGH`` also; ``editor.cli.tune.KNOB_GRAMMAR`` says it for ``--help``).

    Raises:
        KnobError: no such knob (the message lists the scenario's), a range that does not
            parse, lies outside the knob's limits or is given to an on/off knob.
    """
    by_id = {k.id: k for k in knobs}
    knob_id, span = _split(text, by_id)
    knob = by_id.get(knob_id)
    if knob is None:
        raise KnobError(unknown_knob(knob_id, list(by_id)))
    if span is None:
        return KnobRange(knob, knob.low, knob.high)
    if knob.kind == "bool":
        raise KnobError(f"--knob {text}: {knob.id} is on or off: it takes no range")
    low_text, dots, high_text = span.partition("..")
    try:
        low, high = int(low_text), int(high_text)
    except ValueError:
        raise KnobError(f"--knob {text}: write the range as LOW..HIGH, e.g. 4..10") from None
    if not dots or low > high:
        raise KnobError(f"--knob {text}: write the range as LOW..HIGH with LOW <= HIGH")
    if low < knob.min or high > knob.max:
        raise KnobError(f"--knob {text}: {knob.id} may go from {knob.min} to {knob.max}")
    return KnobRange(knob, low, high)


def _split(text: str, by_id: Mapping[str, Knob]) -> tuple[str, str | None]:
    if "=" in text:
        knob_id, _, span = text.partition("=")
        return knob_id.strip(), span.strip()
    if text in by_id:
        return text, None
    head, colon, tail = text.rpartition(":")
    if colon and ".." in tail:
        return head, tail
    return text, None


# --- the note ------------------------------------------------------------------------------------


def record_note(scenario: Scenario, note: str) -> Scenario:
    """A new scenario whose ``notes`` end with ``note`` (a paragraph of its own): what a tune
    run measured, kept with the scenario it balanced."""
    notes = scenario.notes.rstrip()
    text = f"{notes}\n\n{note.strip()}\n" if notes else f"{note.strip()}\n"
    return scenario.model_copy(update={"notes": text})
