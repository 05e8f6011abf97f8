"""Reading, checking and writing scenario files.

Loading runs four stages and reports every problem of a stage at once, each located
``file:line:col`` with a dotted path and a hint:

1. parse with source positions, refusing hostile input (:mod:`model.yamlio`);
2. migrate older ``schema_version`` files by registered migrators, one version at a time;
3. validate against the strict models (:mod:`model.scenario`);
4. cross-reference: the boards exist and make a legal layout, every hex and region resolves on
   it, unit types and terrain exist in the system's catalogues, and sides are named correctly.

Saving writes only what differs from the defaults, in the models' field order, as block YAML
through an atomic rename, so that load, save, load gives an equal model and diffs stay small.
"""

from __future__ import annotations

import contextlib
import enum
import gc
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from model.board import BoardSection
from model.datacache import cached
from model.errors import Problem, ProblemList, did_you_mean, dotted
from model.hexes import Hex
from model.joins import (
    JoinType,
    NotationError,
    layout_from_notation,
    parse_notation,
    preset_layout,
)
from model.layout import AssembledMap, LayoutError, SectionPlacement, assemble
from model.limits import MAX_MAP_HEXES
from model.overlays import OverlayMap, place_overlays
from model.resources import board_ids, load_board
from model.scenario import (
    SCENARIO_SCHEMA_VERSION,
    Scenario,
)
from model.scenario_map import LayoutSpec
from model.scenario_refs import cross_reference
from model.systems import GameSystem
from model.tables import overlays as overlay_catalog
from model.validation import validate_document
from model.yamlio import (
    Document,
    YamlError,
    atomic_write_text,
    dump_yaml,
    read_yaml,
    read_yaml_text,
)

Migrator = Callable[[dict[str, Any]], dict[str, Any]]

#: Migrators by the version they read; each returns the data at the next version.
MIGRATIONS: dict[int, Migrator] = {}


def migrator(from_version: int) -> Callable[[Migrator], Migrator]:
    """Register a function that turns scenario data of ``from_version`` into the next version."""

    def register(func: Migrator) -> Migrator:
        if from_version in MIGRATIONS:
            raise ValueError(f"a migrator from version {from_version} is already registered")
        MIGRATIONS[from_version] = func
        return func

    return register


@dataclass(frozen=True)
class LoadedScenario:
    """A checked scenario with its assembled map."""

    scenario: Scenario
    path: str
    map: AssembledMap
    sections: Mapping[str, BoardSection]
    overlays: OverlayMap


def load_scenario(path: str | os.PathLike[str], keep: bool = False) -> LoadedScenario:
    """Read and check a scenario file; raises :class:`ProblemList` with every problem found.

    ``keep``: as :func:`check_document` (the validated scenario kept between processes)."""
    with collector_paused():
        return check_document(read_yaml(path), keep)


def parse_scenario(text: str, path: str = "<string>", keep: bool = False) -> LoadedScenario:
    """Like :func:`load_scenario`, from text (``keep``: as :func:`check_document`)."""
    with collector_paused():
        return check_document(read_yaml_text(text, path), keep)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while a file is loaded.

    Why: loading builds a hundred thousand small objects that all stay alive; the collector's
    passes over them find nothing to free and cost a quarter of the load time of a large file.
    Reference counting still frees everything as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def check_document(doc: Document, keep: bool = False) -> LoadedScenario:
    """Migrate, validate and cross-reference a parsed document.

    ``keep``: the validated scenario is kept between processes (:mod:`model.datacache`), so
    that checking the same file's text again with the same code does not build the scenario
    model's validator (``hexwright validate``, ``play`` and ``replay``, the editor's File >
    Open: speed issue 20, a fresh process's first game; the cross-references and the checks
    run every time). Only a file at the current schema version, which no migration changes,
    and only one that validates, is kept. Not for text made in memory (the tuner's variants):
    each would replace the file's entry."""
    current = isinstance(doc.data, dict) and doc.data.get("schema_version") == (
        SCENARIO_SCHEMA_VERSION
    )
    migrate(doc)
    if keep and current and doc.text is not None:
        scenario = cached(
            "Scenario",
            os.path.abspath(doc.path),
            [doc.text],
            lambda: validate_document(doc, Scenario),
            Scenario,
        )
    else:
        scenario = validate_document(doc, Scenario)
    amap, sections, problems = build_map(scenario, doc)
    if amap is None:
        raise ProblemList(problems)
    overlay_map, overlay_problems = overlays_of(scenario, amap, doc)
    problems.extend(overlay_problems)
    problems.extend(cross_reference(scenario, amap, doc, overlay_map.stacks))
    if problems:
        raise ProblemList(problems)
    return LoadedScenario(scenario, doc.path, amap, sections, overlay_map)


def overlays_of(
    scenario: Scenario, amap: AssembledMap, doc: Document | None = None
) -> tuple[OverlayMap, list[Problem]]:
    """The scenario's overlay counters laid on its map, and every placement that does not fit."""
    overlay_map, errors = place_overlays(
        scenario.map.overlays, overlay_catalog(scenario.system), amap
    )
    problems = []
    for error in errors:
        key = ("map", "overlays", *error.path)
        pos = doc.position(key) if doc else None
        problems.append(
            Problem(
                doc.path if doc else "<scenario>",
                pos.line if pos else 0,
                pos.column if pos else 0,
                dotted(key),
                error.message,
            )
        )
    return overlay_map, problems


#: What a replay file says it is (``"format"``): the engine writes it
#: (:mod:`rules.records.replay`), and a scenario reader names a replay by it.
REPLAY_FORMAT = "hexwright-replay"


def other_kind(data: dict[str, Any]) -> tuple[str, str] | None:
    """What another of Hexwright's files read as a scenario is, and where it is read (a
    message and a hint); None for what may be a scenario. A position read as a scenario was
    told only its missing keys ("missing required key 'id'", 'title', 'map'...)."""
    keys = data.keys()
    if data.get("format") == REPLAY_FORMAT:
        return (
            "this is a replay (a game's actions), not a scenario",
            "'hexwright replay FILE' plays it again; in the editor, open its scenario, then "
            "Open Replay in Test Play",
        )
    if {"scenario", "scenario_id", "rules_version"} <= keys and "sides" not in keys:
        return (
            "this is a position (a game in progress), not a scenario",
            "'hexwright position FILE' reads it; in the editor, open its scenario, then Play > "
            "Test Play from Position",
        )
    if {"grid", "printed_id"} <= keys and "sides" not in keys:
        return (
            "this is a board, not a scenario",
            "'hexwright validate FILE' checks it; a scenario's map.layout places it; a board "
            "of your board library opens in the editor's board editor",
        )
    return None


def migrate(doc: Document) -> None:
    """Bring ``doc.data`` to the current schema version in place."""
    data = doc.data
    if not isinstance(data, dict):
        raise ProblemList(
            [
                Problem(
                    doc.path,
                    1,
                    1,
                    "",
                    "a scenario file must be a mapping of keys",
                    "start from a built-in scenario or File > New",
                )
            ]
        )
    other = other_kind(data)
    if other is not None:  # a list of missing keys would not say what is wrong
        raise ProblemList([Problem(doc.path, 1, 1, "", *other)])
    version = data.get("schema_version")
    if version is None:
        raise ProblemList(
            [
                Problem(
                    doc.path,
                    1,
                    1,
                    "schema_version",
                    "missing required key 'schema_version'",
                    f"add 'schema_version: {SCENARIO_SCHEMA_VERSION}' at the top",
                )
            ]
        )

    def refuse(message: str, hint: str) -> ProblemList:
        pos = doc.position(("schema_version",))
        return ProblemList(
            [Problem(doc.path, pos.line, pos.column, "schema_version", message, hint)]
        )

    if not isinstance(version, int) or version < 1:
        raise refuse(f"'{version}' is not a schema version", "it is a whole number such as 1")
    if version > SCENARIO_SCHEMA_VERSION:
        raise refuse(
            f"this scenario is schema version {version}, newer than this Hexwright "
            f"reads ({SCENARIO_SCHEMA_VERSION})",
            "update Hexwright to open it",
        )
    while version < SCENARIO_SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise refuse(
                f"no migration from schema version {version}",
                "this Hexwright cannot read files that old",
            )
        data = step(data)
        version += 1
        data["schema_version"] = version
    doc.data = data


def placements_for(
    layout: LayoutSpec, sections: Mapping[str, BoardSection]
) -> list[SectionPlacement]:
    """The placements a layout spec describes (raises NotationError or LayoutError)."""
    if layout.sections is not None:
        return [
            SectionPlacement(s.section, Hex(*s.offset), s.flipped, s.label or "")
            for s in layout.sections
        ]
    if layout.joins is not None:
        return layout_from_notation(layout.joins, sections)
    assert layout.preset is not None
    return preset_layout(
        JoinType(layout.preset), layout.order, sections, layout.flipped, layout.stagger
    )


def _layout_section_ids(layout: LayoutSpec) -> list[tuple[tuple[str | int, ...], str]]:
    if layout.sections is not None:
        return [(("sections", i, "section"), s.section) for i, s in enumerate(layout.sections)]
    if layout.preset is not None:
        return [(("order", i), s) for i, s in enumerate(layout.order)]
    return []


def _joined_ids(notation: str, known: Sequence[str]) -> list[str]:
    """The boards a join notation names, as the boards' ids (none when it cannot be read:
    assembling it says why)."""
    try:
        pairs = parse_notation(notation)
    except NotationError:
        return []
    by_label = {k.upper(): k for k in known}
    named = (by_label.get(label.upper()) for p in pairs for label in (p.first, p.second))
    return list(dict.fromkeys(n for n in named if n is not None))


def build_map(
    scenario: Scenario, doc: Document | None = None
) -> tuple[AssembledMap | None, dict[str, BoardSection], list[Problem]]:
    """Load the boards a scenario uses and assemble its layout."""
    path = doc.path if doc else "<scenario>"
    base = ("map", "layout")
    system = scenario.system
    known = board_ids(system)
    problems: list[Problem] = []

    def problem(key: tuple[str | int, ...], message: str, hint: str = "") -> None:
        pos = doc.position(key) if doc else None
        problems.append(
            Problem(
                path, pos.line if pos else 0, pos.column if pos else 0, dotted(key), message, hint
            )
        )

    wanted = {sid for _, sid in _layout_section_ids(scenario.map.layout)}
    if scenario.map.layout.joins is not None:
        wanted = set(known)
    sections: dict[str, BoardSection] = {}
    for key, sid in _layout_section_ids(scenario.map.layout):
        if sid not in known:
            problem(
                (*base, *key),
                f"there is no {system.display_name} board '{sid}'",
                did_you_mean(sid, known) or f"boards: {', '.join(known)}",
            )
    hexes = 0
    laid = [sid for _, sid in _layout_section_ids(scenario.map.layout)]
    if scenario.map.layout.joins is not None:  # the sections its joins name, once each
        laid = _joined_ids(scenario.map.layout.joins, known)
    # the layout's boards first, in its order, counting their hexes: a layout of many large
    # boards is refused as soon as they pass the limit, before the rest are read
    for sid in [*dict.fromkeys(laid), *sorted(wanted - set(laid))]:
        if sid not in known or sid in sections:
            continue
        try:
            sections[sid] = load_board(system, sid)
        except ProblemList as exc:
            problems.extend(exc.problems)
            continue
        except YamlError as exc:  # a board of the user's library that is no regular file
            problems.append(exc.problem)
            continue
        hexes += len(sections[sid].cells) * laid.count(sid)
        if hexes > MAX_MAP_HEXES:
            problem(
                base,
                f"the layout's boards have more than {MAX_MAP_HEXES:,} hexes, a map's limit "
                f"({hexes:,} in its first {len(sections)} of {len(laid)})",
                "use fewer or smaller boards",
            )
            return None, sections, problems
    if problems:
        return None, sections, problems
    try:
        amap = _assembled(system, scenario.map.layout, sections)
    except NotationError as exc:
        problem((*base, "joins"), str(exc))
        return None, sections, problems
    except LayoutError as exc:
        for reason in exc.reasons:
            problem(base, reason)
        return None, sections, problems
    return amap, sections, problems


#: Maps assembled while :func:`shared_maps` is in effect, by system, layout and boards.
_shared_maps: dict[tuple[object, ...], tuple[AssembledMap, tuple[BoardSection, ...]]] | None = None


@contextlib.contextmanager
def shared_maps() -> Iterator[None]:
    """Within the block, scenarios with the same layout of the same boards share one assembled
    map (and what is worked out once per map: its edges, seams, joins).

    Why only within a block: ``hexwright validate`` on many files assembles twelve maps for
    the 35 built-in scenarios instead of 35; an assembled map is never changed, but the editor
    and the engine keep theirs one per document, as before.
    """
    global _shared_maps
    outer = _shared_maps
    _shared_maps = {} if outer is None else outer
    try:
        yield
    finally:
        _shared_maps = outer


def _assembled(
    system: GameSystem, layout: LayoutSpec, sections: Mapping[str, BoardSection]
) -> AssembledMap:
    """The map a layout makes of the boards (raises NotationError or LayoutError)."""
    shared = _shared_maps
    if shared is None:
        return assemble(placements_for(layout, sections), sections, layout.copies)
    boards = tuple(sections[sid] for sid in sorted(sections))
    # The boards by identity: load_board gives each board once until a board file changes;
    # the entry holds them, so no identity is reused while it lives.
    key = (
        system,
        repr(layout),  # all its fields (not model_dump: that builds a serializer at start)
        tuple(sorted(sections)),
        tuple(id(b) for b in boards),
    )
    found = shared.get(key)
    if found is None:
        amap = assemble(placements_for(layout, sections), sections, layout.copies)
        found = shared[key] = (amap, boards)
    return found[0]


# --- saving ---------------------------------------------------------------------------------

_ALWAYS = frozenset({"kind", "schema_version"})


def to_data(model: BaseModel, like: Any = None) -> dict[str, Any]:
    """Plain data for a model: only fields that differ from their defaults (plus ``kind``).

    ``like``, the plain data the model was read from (or None), keeps the author's choices: a
    default the file wrote stays written, a ``kind`` it left out stays out."""
    out: dict[str, Any] = {}
    wrote = like if isinstance(like, dict) else None
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        if not field.is_required():
            default = field.get_default(call_default_factory=True)
            if wrote is not None:
                if value == default and name not in wrote:
                    continue
            elif name not in _ALWAYS and value == default:
                continue
        out[name] = _plain(value, wrote.get(name) if wrote is not None else None)
    return out


def _plain(value: Any, like: Any = None) -> Any:
    if isinstance(value, BaseModel):
        return to_data(value, like)
    if isinstance(value, list | tuple):
        same = isinstance(like, list) and len(like) == len(value)
        return [_plain(v, like[i] if same else None) for i, v in enumerate(value)]
    if isinstance(value, dict):
        wrote = like if isinstance(like, dict) else {}
        return {str(_plain(k)): _plain(v, wrote.get(str(k))) for k, v in value.items()}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, str):
        return str(value)  # a str subclass (a GameSystem) as the plain text YAML writes
    if isinstance(value, float) and value.is_integer() and not isinstance(like, float):
        return int(value)  # "vp: 30" as an author writes it (read back, the same float)
    return value


def dump_scenario(scenario: Scenario, original: str | None = None) -> str:
    """The scenario as YAML text: in the layout of ``original`` (the text it was read from:
    comments, key order, quoting and style kept where nothing changed,
    :func:`model.yamlkeep.keep_layout`), else as deterministic plain YAML."""
    if original is not None:
        try:
            like = read_yaml_text(original).data
        except YamlError:
            like = None
        if isinstance(like, dict):
            from model.yamlkeep import keep_layout  # ruamel.yaml: loaded for a save, not a start

            kept = keep_layout(original, to_data(scenario, like))
            if kept is not None:
                return kept
    return dump_yaml(to_data(scenario))


def save_scenario(
    scenario: Scenario, path: str | os.PathLike[str], original: str | None = None
) -> str:
    """Write a scenario atomically (temporary file, then rename), in the layout of
    ``original`` when given; the text written."""
    text = dump_scenario(scenario, original)
    atomic_write_text(path, text)
    return text
