"""Edits to a scenario's details, its sides' own values, its map's play area and objects, its
force entries' labels and Soldiers' missions, as pure functions (issue 5).

Like :mod:`model.edits_rules`, each takes a scenario and returns a new one that pydantic has
validated again as a whole; the editor's undo commands wrap them (STYLE 8). A refused edit
raises :class:`DetailsEditError`, an :class:`~model.errors.EditError` whose message is shown to
the designer as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, get_args

from model.edits_rules import RulesEditError, _revalidate, check_region, check_turn
from model.layout import AssembledMap
from model.regions import Region
from model.scenario import (
    Budget,
    Fortifications,
    GameLength,
    Mission,
    Panic,
    PanicLevel,
    Scenario,
    Side,
    Support,
)
from model.scenario_map import MapObjects
from model.victory import VictoryRules

Provenance = Literal["source", "original", "placeholder"]
MountedSetup = Literal["required", "allowed", "forbidden"]
IDENTIFIER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.+-]*$")
#: A book and its section: ``Panzer '44 [19.2]``.
BOOK_SOURCE = re.compile(r"^\S.*\[[^\]]+\]\s*$")
#: Fields (anywhere in a scenario) that name a force entry by its label.
_LABEL_REFERENCES = ("mounted_on", "for_entry")
#: Entries whose ``objects`` names a set of the map's objects.
_NAMING = ("destroyed", "survives", "demolition")
Limits = tuple[int | None, int | None] | None


class DetailsEditError(RulesEditError):
    """An edit to the scenario's details that cannot be made; the message says why."""


# --- the scenario's details ----------------------------------------------------------------------


def check_identifier(text: str, what: str = "the scenario id") -> str:
    """``text`` stripped when it is an identifier (letters, digits, ``_ . + -``)."""
    text = text.strip()
    if not text:
        raise DetailsEditError(f"give {what}: letters, digits, '_', '.', '+' or '-'")
    if not IDENTIFIER.match(text):
        raise DetailsEditError(
            f"{what} '{text}' may hold only letters, digits, '_', '.', '+' and '-', and starts "
            "with a letter or digit (e.g. 19.2-sedan-revenged)"
        )
    return text


def set_details(scenario: Scenario, **details: str | None) -> Scenario:
    """Set any of ``id``, ``title``, ``date``, ``location``, ``description`` and ``notes``
    (an empty date or location is unset)."""
    known = {"id", "title", "date", "location", "description", "notes"}
    unknown = sorted(set(details) - known)
    if unknown:
        raise DetailsEditError(f"no scenario detail {', '.join(unknown)}")
    update: dict[str, object] = {}
    for name, value in details.items():
        text = (value or "").strip()
        if name == "id":
            update["id"] = check_identifier(text)
        elif name == "title":
            if not text:
                raise DetailsEditError("give the scenario a title")
            update["title"] = text
        elif name in ("date", "location"):
            update[name] = text or None
        else:  # as typed (a file's trailing newline kept), unless only blanks
            update[name] = value if text else ""
    return _revalidate(scenario.model_copy(update=update))


def set_provenance(scenario: Scenario, kind: str, text: str = "") -> Scenario:
    """Say where the scenario comes from, exactly one of: ``source`` (a book and its section,
    ``Panzer '44 [19.2]``), ``original`` (designed for Hexwright) or ``placeholder`` (what it
    stands in for)."""
    text = text.strip()
    update: dict[str, object] = {"source": None, "original": False, "placeholder": None}
    if kind == "source":
        if not BOOK_SOURCE.match(text):
            raise DetailsEditError(
                f"a source is the book and its section in brackets, e.g. Armor [SCN VI.A], "
                f"not '{text}'"
            )
        update["source"] = text
    elif kind == "placeholder":
        if not text:
            raise DetailsEditError("say what the placeholder scenario stands in for")
        update["placeholder"] = text
    elif kind == "original":
        update["original"] = True
    else:
        raise DetailsEditError(
            f"a scenario comes from a source, is original or a placeholder, not '{kind}'"
        )
    return _revalidate(scenario.model_copy(update=update))


def provenance_of(scenario: Scenario) -> tuple[Provenance, str]:
    """How the scenario says where it comes from, and the text that goes with it."""
    if scenario.source:
        return "source", scenario.source
    if scenario.placeholder:
        return "placeholder", scenario.placeholder
    return "original", ""


def designer_length(old: GameLength, turns: int | None, first_turn: int = 1) -> GameLength:
    """The game length the designer sets: ``turns`` (None: open-ended unless set per join
    type) from ``first_turn``. It is no longer a placeholder; a book's ``source`` stays."""
    data = old.model_dump() | {
        "turns": turns,
        "first_turn": first_turn,
        "open_ended": turns is None and not old.by_join,
        "placeholder": None,
    }
    return GameLength.model_validate(data)


# --- a side's own values -------------------------------------------------------------------------


def _side_of(scenario: Scenario, side_id: str) -> Side:
    try:
        return scenario.side(side_id)
    except KeyError:
        ids = ", ".join(s.id for s in scenario.sides)
        raise DetailsEditError(f"no side '{side_id}' (the sides are {ids})") from None


def _with_side(scenario: Scenario, side_id: str, **update: object) -> Scenario:
    _side_of(scenario, side_id)
    sides = [s.model_copy(update=update) if s.id == side_id else s for s in scenario.sides]
    return _revalidate(scenario.model_copy(update={"sides": sides}))


def set_nation(
    scenario: Scenario,
    side_id: str,
    nation: str,
    counter_pool: str | Sequence[str] | None = None,
    nations: Iterable[str] | None = None,
) -> Scenario:
    """Set a side's nation and the nations whose counters it uses (None: its own; Panzer
    '44's French use the US counters). ``nations``: the system catalogue's, when known; the
    counters must be of one of them. A nation of no counters of its own may go without (Panzer
    Command's unit codes name one nation each; the Soviets of its books are 'soviet')."""
    nation = nation.strip()
    if not nation:
        raise DetailsEditError("give the side a nation")
    known = list(nations) if nations is not None else None
    pool = [counter_pool] if isinstance(counter_pool, str) else list(counter_pool or [])
    pool = [p for p in pool if p and p != nation]
    if known is not None:
        for name in pool:
            if name not in known:
                raise DetailsEditError(
                    f"the game has no counters of nation '{name}' (it has {', '.join(known)})"
                )
    value: str | list[str] | None = None if not pool else pool[0] if len(pool) == 1 else pool
    return _with_side(scenario, side_id, nation=nation, counter_pool=value)


def set_mounted_setup(scenario: Scenario, side_id: str, mounted: str | None) -> Scenario:
    """May the side's units start loaded on their carriers (None: the scenario does not say)."""
    if mounted is not None and mounted not in get_args(MountedSetup):
        raise DetailsEditError(f"mounted set-up is required, allowed or forbidden, not '{mounted}'")
    return _with_side(scenario, side_id, mounted_setup=mounted)


def set_settings(
    scenario: Scenario,
    side_id: str,
    values: Mapping[str, int | str | None],
    limits: Mapping[str, Limits] | None = None,
) -> Scenario:
    """Set some of a side's system settings (``None`` unsets one); a number outside the
    book's ``limits`` for its key is refused, as the scenario check would call it an error."""
    side = _side_of(scenario, side_id)
    settings = dict(side.settings)
    for key, value in values.items():
        if value is None or value == "":
            settings.pop(key, None)
            continue
        low, high = (limits or {}).get(key) or (None, None)
        if isinstance(value, int) and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            span = f"{low}-{high}" if high is not None else f"at least {low}"
            raise DetailsEditError(f"{key} {value} is outside the book's limits, {span}")
        settings[key] = value.strip() if isinstance(value, str) else value
    return _with_side(scenario, side_id, settings=settings)


PANIC_LEVEL = re.compile(r"^\s*(?:turn\s*)?(\d+)\s*:\s*(\d+)\s*%?\s*$", re.IGNORECASE)


def parse_panic(text: str) -> list[PanicLevel]:
    """``1: 50%, 2: 40%`` (from turn: percent) as panic levels."""
    levels = []
    for part in (p for p in re.split(r"[,;]", text) if p.strip()):
        match = PANIC_LEVEL.match(part)
        if match is None:
            raise DetailsEditError(
                f"'{part.strip()}' is not a panic level: write 'from turn: percent', "
                "e.g. 1: 50%, 2: 40%"
            )
        levels.append(PanicLevel(from_turn=int(match[1]), percent=min(int(match[2]), 101)))
    return levels


def panic_text(panic: Panic | None) -> str:
    """Panic levels as :func:`parse_panic` reads them."""
    return ", ".join(f"{p.from_turn}: {p.percent}%" for p in panic.levels) if panic else ""


def set_panic(
    scenario: Scenario,
    side_id: str,
    levels: Sequence[PanicLevel],
    per_loss: int | None = None,
) -> Scenario:
    """Set a side's panic levels (Panzer '44 [14.0]), each from a turn on, and the percent
    added per own unit lost; no levels: the side has no panic."""
    side = _side_of(scenario, side_id)
    if not levels:
        if per_loss:
            raise DetailsEditError("give a panic level before what is added per loss")
        return _with_side(scenario, side_id, panic=None)
    turns = [level.from_turn for level in levels]
    for level in levels:
        check_turn(scenario.length, level.from_turn, "a panic level from turn")
        if not 0 <= level.percent <= 100:
            raise DetailsEditError(f"a panic level is 0-100%, not {level.percent}%")
    if turns != sorted(set(turns)):
        raise DetailsEditError("give each panic level its own turn, in order: 1: 50%, 2: 40%")
    if per_loss is not None and per_loss < 0:
        raise DetailsEditError("the panic added per loss is not negative")
    note = side.panic.note if side.panic else ""
    panic = Panic(levels=list(levels), per_loss=per_loss or None, note=note)
    return _with_side(scenario, side_id, panic=panic)


SUPPORT = re.compile(
    r"^\s*(?P<kind>.+?)\s*(?:-\s*(?P<count>\d+))?\s*(?:\((?P<strength>[^)]*)\))?\s*$"
)


def parse_support(text: str) -> list[Support]:
    """``OFBDA-3(10H), CAS-4(10H)`` (kind-count(strength)) as off-map support."""
    found = []
    for part in (p for p in re.split(r"[,;](?![^(]*\))", text) if p.strip()):
        match = SUPPORT.match(part)
        if match is None or not match["kind"].strip():
            raise DetailsEditError(
                f"'{part.strip()}' is not support: write kind-count(strength), e.g. OFBDA-3(10H)"
            )
        count = int(match["count"] or 1)
        if count < 1:
            raise DetailsEditError(f"'{part.strip()}': the count is at least 1")
        found.append(Support(kind=match["kind"], count=count, strength=match["strength"] or ""))
    return found


def support_text(support: Iterable[Support]) -> str:
    """Off-map support as :func:`parse_support` reads it."""
    return ", ".join(
        f"{s.kind}-{s.count}" + (f"({s.strength})" if s.strength else "") for s in support
    )


def set_support(scenario: Scenario, side_id: str, support: Sequence[Support]) -> Scenario:
    """Set a side's off-map support; an entry the same as one it had keeps its note."""
    side = _side_of(scenario, side_id)
    notes = {(s.kind, s.count, s.strength): s.note for s in side.support}
    kept = [s.model_copy(update={"note": notes.get((s.kind, s.count, s.strength), s.note)})
            for s in support]  # fmt: skip
    return _with_side(scenario, side_id, support=kept)


def set_fortifications(
    scenario: Scenario,
    side_id: str,
    fortifications: Fortifications | None,
    amap: AssembledMap | None = None,
) -> Scenario:
    """Set what fortifications a side may place (None: none said); its region must be on the
    map; a note it had is kept."""
    side = _side_of(scenario, side_id)
    if fortifications is not None:
        for name in ("improved_positions", "mined_hexes"):
            value = getattr(fortifications, name)
            if value is not None and value < 0:
                raise DetailsEditError(f"{name.replace('_', ' ')} is not negative")
        if amap is not None and fortifications.region is not None:
            check_region(fortifications.region, amap)
        if side.fortifications is not None and not fortifications.note:
            fortifications = fortifications.model_copy(update={"note": side.fortifications.note})
        if fortifications == Fortifications():
            fortifications = None
    return _with_side(scenario, side_id, fortifications=fortifications)


# --- the map -------------------------------------------------------------------------------------


def set_play_area(
    scenario: Scenario, region: Region | None, amap: AssembledMap | None = None
) -> Scenario:
    """Set the part of the map in play (None: the whole map)."""
    if region is not None and amap is not None:
        check_region(region, amap)
    new_map = scenario.map.model_copy(update={"play_area": region})
    return _revalidate(scenario.model_copy(update={"map": new_map}))


def _object_refs(value: Any, path: str = "") -> Iterable[tuple[str, dict[str, Any], str]]:
    """Every place (dotted path, its mapping, its key) that names a set of the map's objects:
    a control condition's ``object_set``, the ``objects`` of a destroyed or survives condition
    or a demolition (a control's ``objects`` is a kind of thing, not a name)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            named = key == "object_set" or (key == "objects" and value.get("kind") in _NAMING)
            if named and isinstance(inner, str):
                yield f"{path}.{key}" if path else key, value, key
            else:
                yield from _object_refs(inner, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _object_refs(inner, f"{path}[{i}]")


_PLACES = (
    (re.compile(r"^victory\.conditions\[(\d+)\]"), "victory condition {}"),
    (re.compile(r"^special_rules\[(\d+)\]"), "special rule {}"),
    (re.compile(r"^missions\[(\d+)\]"), "mission {}"),
)


def _named_by(scenario: Scenario, paths: list[str]) -> str:
    """Where something is named, in words: ``victory condition 3, special rule 2``; a side's
    entry as ``German's entry 4`` (the dotted path when nothing better fits)."""
    found: list[str] = []
    for path in paths:
        words = path
        for pattern, text in _PLACES:
            match = pattern.match(path)
            if match:
                words = text.format(int(match[1]) + 1)
                break
        side = re.match(r"^sides\[(\d+)\]\.(\w+)\[(\d+)\]", path)
        if side:
            who = scenario.sides[int(side[1])]
            what = {"forces": "entry", "reinforcements": "reinforcement"}.get(side[2], side[2])
            words = f"{who.name or who.id}'s {what} {int(side[3]) + 1}"
        if words not in found:
            found.append(words)
    return ", ".join(found)


def _object_users(scenario: Scenario, name: str) -> list[str]:
    """Where the scenario names the object set ``name`` (dotted paths)."""
    return [
        path for path, holder, key in _object_refs(scenario.model_dump()) if holder[key] == name
    ]


def _with_objects(scenario: Scenario, objects: list[MapObjects]) -> Scenario:
    names = [o.name for o in objects]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise DetailsEditError(f"each set of objects has its own name; repeated: {repeated[0]}")
    new_map = scenario.map.model_copy(update={"objects": objects})
    return _revalidate(scenario.model_copy(update={"map": new_map}))


def _check_object(
    item: MapObjects, amap: AssembledMap | None, old: MapObjects | None = None
) -> MapObjects:
    """The objects tidied; their region checked on the map unless it is the one they had (a
    region of overlay terrain, Armor 2B's bridge, has its hexes only with the overlays)."""
    if not item.name.strip():
        raise DetailsEditError("name the objects (e.g. the bridge, supply dumps)")
    if amap is not None and (old is None or old.region != item.region):
        check_region(item.region, amap)
    return item.model_copy(update={"name": item.name.strip(), "kind": item.kind or "object"})


def add_object(scenario: Scenario, item: MapObjects, amap: AssembledMap | None = None) -> Scenario:
    """Add a named set of objects (the bridge, supply dumps, IPs) at the end."""
    item = _check_object(item, amap)
    return _with_objects(scenario, [*scenario.map.objects, item])


def replace_object(
    scenario: Scenario, index: int, item: MapObjects, amap: AssembledMap | None = None
) -> Scenario:
    """Put ``item`` in place of object set ``index``; a new name reaches the victory
    conditions and special rules that named the old one."""
    objects = list(scenario.map.objects)
    if not 0 <= index < len(objects):
        raise DetailsEditError(f"there is no object set {index + 1}")
    item = _check_object(item, amap, objects[index])
    old = objects[index].name
    objects[index] = item
    if item.name != old:
        data = scenario.model_dump(mode="python", round_trip=True)
        for _path, holder, key in list(_object_refs(data)):
            if holder[key] == old:
                holder[key] = item.name
        scenario = Scenario.model_validate(data)
    return _with_objects(scenario, objects)


def remove_object(scenario: Scenario, index: int) -> Scenario:
    """Take object set ``index`` out; refused while a condition or a rule names it."""
    objects = list(scenario.map.objects)
    if not 0 <= index < len(objects):
        raise DetailsEditError(f"there is no object set {index + 1}")
    users = _object_users(scenario, objects[index].name)
    if users:
        raise DetailsEditError(
            f"'{objects[index].name}' is named by {_named_by(scenario, users)}: change that first"
        )
    del objects[index]
    return _with_objects(scenario, objects)


# --- force entry labels --------------------------------------------------------------------------


def _walk(value: Any, path: str) -> Iterable[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _walk(inner, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _walk(inner, f"{path}[{i}]")
    else:
        yield path, value


def _rename(
    value: Any, keys: tuple[str, ...], old: str, new: str | None, lists: tuple[str, ...]
) -> None:
    """Rename ``old`` to ``new`` in place: in fields ``keys`` holding it, in lists ``lists``."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in keys and inner == old:
                value[key] = new
            elif key in lists and isinstance(inner, list):
                value[key] = [new if item == old else item for item in inner]
            else:
                _rename(inner, keys, old, new, lists)
    elif isinstance(value, list):
        for inner in value:
            _rename(inner, keys, old, new, lists)


def labels(scenario: Scenario) -> list[str]:
    """Every force entry label of the scenario (forces, reinforcements, budgets)."""
    return [v for p, v in _walk(scenario.model_dump(), "") if p.endswith(".label") and v]


def label_users(scenario: Scenario, label: str) -> list[str]:
    """Where the scenario refers to the entry labelled ``label`` (dotted paths)."""
    found = []
    for path, value in _walk(scenario.model_dump(), ""):
        leaf = re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
        if value == label and (leaf in _LABEL_REFERENCES or leaf == "labels"):
            found.append(path)
    return found


def set_label(scenario: Scenario, side_id: str, index: int, label: str | None) -> Scenario:
    """Give force entry ``index`` of a side a label (None or empty: none), unique within the
    scenario. A new label reaches what named the old one (the entries riding on it, purchases
    for it, victory conditions' and rules' unit filters); taking a label away is refused
    while something names it."""
    side = _side_of(scenario, side_id)
    if not 0 <= index < len(side.forces):
        raise DetailsEditError(f"{side.name or side.id} has no force entry {index + 1}")
    new = (label or "").strip() or None
    old = side.forces[index].label
    if new == old:
        return scenario
    if new is not None and new in labels(scenario):
        raise DetailsEditError(f"another entry is labelled '{new}': labels are unique")
    data = scenario.model_dump(mode="python", round_trip=True)
    if old is not None:
        users = label_users(scenario, old)
        if new is None and users:
            raise DetailsEditError(
                f"'{old}' is named by {_named_by(scenario, users)}: change that first"
            )
        _rename(data, _LABEL_REFERENCES, old, new, lists=("labels",))
    position = [s.id for s in scenario.sides].index(side_id)
    data["sides"][position]["forces"][index]["label"] = new
    return _revalidate(Scenario.model_validate(data))


# --- Soldiers' missions --------------------------------------------------------------------------


def add_mission(scenario: Scenario, mission_id: str, name: str, side_id: str) -> Scenario:
    """Add a mission a side may choose (Soldiers [19]), with no victory conditions yet."""
    mission_id = check_identifier(mission_id, "the mission id")
    _side_of(scenario, side_id)
    if mission_id in [m.id for m in scenario.missions]:
        raise DetailsEditError(f"there is a mission '{mission_id}' already")
    mission = Mission(
        id=mission_id, name=name.strip() or mission_id, side=side_id, victory=VictoryRules()
    )
    return _revalidate(scenario.model_copy(update={"missions": [*scenario.missions, mission]}))


def _mission_index(scenario: Scenario, index: int) -> None:
    if not 0 <= index < len(scenario.missions):
        raise DetailsEditError(f"there is no mission {index + 1}")


def remove_mission(scenario: Scenario, index: int) -> Scenario:
    """Take mission ``index`` out."""
    _mission_index(scenario, index)
    missions = [m for i, m in enumerate(scenario.missions) if i != index]
    return _revalidate(scenario.model_copy(update={"missions": missions}))


def set_mission(
    scenario: Scenario, index: int, budget: int | None, reinforcements: bool
) -> Scenario:
    """Set mission ``index``'s force-point budget (None: none) and whether it allows
    reinforcements; a budget it had keeps its kind, units and note."""
    _mission_index(scenario, index)
    mission = scenario.missions[index]
    if budget is not None and budget < 0:
        raise DetailsEditError("a budget is not negative")
    new_budget = None
    if budget is not None:
        base = mission.budget or Budget(points=0, kind="force-points")
        new_budget = base.model_copy(update={"points": budget})
    missions = list(scenario.missions)
    missions[index] = mission.model_copy(
        update={"budget": new_budget, "reinforcements": reinforcements}
    )
    return _revalidate(scenario.model_copy(update={"missions": missions}))
