"""The region language as text: the books' phrases for sets of hexes, read and written.

A designer types a region as the book words it: ``Side B``, ``north edge``, ``hexes K1216,
L2628``, ``east of hexrow 3700, inclusive``, ``within 5 hexes of corners 1, 4``, ``zones 7, 8 of
map C``, ``south of the river``, ``place Moncourt``. :func:`parse_region` reads such a phrase as
a typed :data:`model.regions.Region`; :func:`describe_region` writes a region back as the phrase
it reads from. A region no phrase covers (a secret choice) is written, and may be typed, as its
YAML mapping: ``{kind: choice, options: [...]}``.

Why a text form: the editor's forms take one line per region, and the phrase is what the book
prints, so a designer copies it across. ``parse_region(describe_region(r)) == r`` for every
region (a phrase that would not read back falls back to the mapping).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import yaml
from pydantic import TypeAdapter, ValidationError

from model.errors import form_refusal
from model.regions import (
    AllOf,
    AnyOf,
    AwayFrom,
    CenterHexes,
    Corners,
    EdgeRegion,
    HexesRegion,
    Hexrow,
    LineSide,
    Outside,
    PathBetween,
    Place,
    Polygon,
    Region,
    Sections,
    SideOf,
    TerrainFilter,
    WholeMap,
    Within,
    Zones,
)


@functools.cache
def _adapter() -> TypeAdapter[Region]:
    """The region validator, built when a phrase first needs it (not when the editor imports
    this module: building it is most of the module's import time, speed issue 20)."""
    return TypeAdapter(Region)


EXAMPLES = (
    "Side B",
    "north edge",
    "hexes K1216, L2628",
    "east of hexrow 3700, inclusive",
    "within 5 hexes of corners 1, 4",
    "zones 7, 8 of map C",
    "place Moncourt",
)


class RegionSyntaxError(ValueError):
    """A region phrase that cannot be read; the message says what was expected."""


def parse_region(text: str) -> Region:
    """The region a phrase of the region language stands for.

    Raises:
        RegionSyntaxError: the phrase cannot be read (the message gives examples).
    """
    phrase = " ".join(text.split())
    if not phrase:
        raise RegionSyntaxError("type a region, e.g. " + ", ".join(f"'{e}'" for e in EXAMPLES[:3]))
    if phrase.startswith("{"):
        return _mapping(phrase)
    for pattern, build in _RULES:
        match = pattern.fullmatch(phrase)
        if match is not None:
            try:
                return build(match)
            except ValidationError as exc:
                raise RegionSyntaxError(f"'{phrase}': {_first_error(exc)}") from None
    raise RegionSyntaxError(
        f"cannot read '{phrase}' as a region; write it as the book does, e.g. "
        + ", ".join(f"'{e}'" for e in EXAMPLES)
    )


def describe_region(region: Region) -> str:
    """The phrase for ``region`` (its YAML mapping when no phrase reads back as it)."""
    phrase = _phrase(region)
    if phrase is not None:
        try:
            if parse_region(phrase) == region:
                return phrase
        except RegionSyntaxError:
            pass
    return _flow(region)


# --- reading -------------------------------------------------------------------------------------

_INCLUSIVE = r"(?:,?\s*(inclusive|exclusive))?"
_BOARD = r"(?:\s+of\s+(?:map|board|section)\s+(\S+))?"
_DIRECTION = r"(north|south|east|west)"
_COMPASS = ("north", "south", "east", "west")


def _names(text: str) -> list[str]:
    return [n for n in re.split(r"\s*(?:,|\band\b|\s)\s*", text) if n]


def _numbers(text: str) -> list[int]:
    names = _names(text)
    if not all(n.isdigit() for n in names):
        raise RegionSyntaxError(f"expected numbers, not '{text}'")
    return [int(n) for n in names]


def _inclusive(word: str | None) -> bool:
    return word is None or word.lower() == "inclusive"


def _hexrow(m: re.Match[str]) -> Hexrow:
    side, number, board, inclusive = m.groups()
    column, row = int(number[:2]), int(number[2:])
    if (column and row) or not (column or row):
        raise RegionSyntaxError(
            f"hexrow {number}: write a column as '{number[:2]}00' or a row as '00{number[2:]}'"
        )
    return Hexrow(
        column=column or None,
        row=row or None if not column else None,
        side=side.lower(),
        inclusive=_inclusive(inclusive),
        board=board,
    )


def _edge(m: re.Match[str]) -> EdgeRegion:
    compass, side, board, start, end = m.groups()
    edge = compass.lower() if compass else side.upper()
    return EdgeRegion(edge=edge, board=board, start=start, end=end)


def _sections(m: re.Match[str]) -> Sections:
    which, side = m.groups()
    if which.lower() in ("including", "with"):
        return Sections(including_side=side.upper())
    return Sections(excluding_side=side.upper())


def _center_hexes(m: re.Match[str]) -> CenterHexes:
    (of,) = m.groups()
    if of is None:
        return CenterHexes()
    if re.fullmatch(r"(?:the\s+)?cent(?:er|re)\s+section", of, re.I):
        return CenterHexes(center_section=True)
    return CenterHexes(sections=_names(re.sub(r"^sections?\s+", "", of, flags=re.I)))


def _listed(kind: type[AnyOf] | type[AllOf], text: str) -> Region:
    parts = [p for p in (s.strip() for s in text.split(";")) if p]
    return kind(regions=[parse_region(p) for p in parts])


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], Region]]


def _rule(pattern: str, build: Callable[[re.Match[str]], Region]) -> _Rule:
    return re.compile(pattern, re.I), build


_RULES: list[_Rule] = [
    _rule(r"(?:the\s+)?(?:whole\s+)?map|anywhere(?:\s+on\s+the\s+map)?", lambda m: WholeMap()),
    _rule(r"outside\s+(.+)", lambda m: Outside(region=parse_region(m[1]))),
    _rule(
        r"within\s+(\d+)\s+hex(?:es)?\s+of\s+(.+)",
        lambda m: Within(distance=int(m[1]), of=parse_region(m[2])),
    ),
    _rule(
        r"at\s+least\s+(\d+)\s+hex(?:es)?\s+(?:away\s+)?from\s+(.+)",
        lambda m: AwayFrom(distance=int(m[1]), of=parse_region(m[2])),
    ),
    _rule(
        r"(?:any|every)\s+(?:map\s+)?edge" + _BOARD,
        lambda m: AnyOf(regions=[EdgeRegion(edge=e, board=m[1]) for e in _COMPASS]),
    ),
    _rule(r"any\s+of:?\s+(.+)", lambda m: _listed(AnyOf, m[1])),
    _rule(r"all\s+of:?\s+(.+)", lambda m: _listed(AllOf, m[1])),
    _rule(r"hex(?:es)?\s+(.+)", lambda m: HexesRegion(hexes=_names(m[1]))),
    _rule(r"corners?\s+(.+)", lambda m: Corners(corners=_numbers(m[1]))),
    _rule(
        r"zones?\s+(.+?)\s+of\s+(?:map|board|section)\s+(\S+)",
        lambda m: Zones(zones=_numbers(m[1]), board=m[2]),
    ),
    _rule(r"(?:the\s+)?cent(?:er|re)\s+hexes(?:\s+of\s+(.+))?", _center_hexes),
    _rule(r"(?:the\s+)?cent(?:er|re)\s+section", lambda m: Sections(center=True)),
    _rule(r"(?:the\s+)?sections?\s+(including|excluding|with|without)\s+side\s+([A-D])", _sections),
    _rule(r"sections?\s+(.+)", lambda m: Sections(sections=_names(m[1]))),
    _rule(
        r"(?:polygon|quadrilateral|triangle)\s+(\S+(?:\s*-\s*\S+){2,})" + _INCLUSIVE,
        lambda m: Polygon(corners=_names(m[1].replace("-", " ")), inclusive=_inclusive(m[2])),
    ),
    _rule(
        _DIRECTION.replace("west", "west|on")
        + r"\s+(?:of\s+)?hexrow\s+(\d{4})"
        + _BOARD
        + _INCLUSIVE,
        _hexrow,
    ),
    _rule(
        _DIRECTION + r"\s+of\s+(?:the\s+)?line\s+(?:hex\s+)?(\S+)\s+(?:through|to)\s+(?:hex\s+)?"
        r"(\S+?)" + _INCLUSIVE,
        lambda m: LineSide(side=m[1].lower(), start=m[2], end=m[3], inclusive=_inclusive(m[4])),
    ),
    _rule(
        r"(?:the\s+)?(?:"
        + _DIRECTION
        + r"\s+(?:map\s+)?edge|(?:side|edge)\s+([A-D]))"
        + _BOARD
        + r"(?:\s+(?:from\s+)?(\S+?)\s*(?:-|\s+to\s+)\s*(\S+))?",
        _edge,
    ),
    _rule(
        r"(?:on\s+)?(?:the\s+)?([a-z][a-z-]*)\s+(?:from|between)\s+(?:hex\s+)?(\S+)\s+"
        r"(?:to|and)\s+(?:hex\s+)?(\S+)",
        lambda m: PathBetween(feature=m[1].lower(), start=m[2], end=m[3]),
    ),
    _rule(
        r"terrain\s+(.+?)(?:\s+in\s+(.+))?",
        lambda m: TerrainFilter(
            terrain=[t for t in re.split(r"\s*,\s*", m[1]) if t],
            within=parse_region(m[2]) if m[2] else None,
        ),
    ),
    _rule(
        _DIRECTION + r"\s+(?:side\s+)?of\s+(?:the\s+)?(.+?)(\s+\(not adjacent\))?",
        lambda m: SideOf(side=m[1].lower(), feature=m[2], adjacent=not m[3]),
    ),
    _rule(
        r"(?:the\s+)?place\s+(.+?)(?:\s+on\s+(?:map|board|section)\s+(\S+))?",
        lambda m: Place(name=m[1], board=m[2]),
    ),
]


def _mapping(phrase: str) -> Region:
    from model.yamlio import YamlError, read_yaml_text

    try:  # the files' reader and its limits: nesting, aliases, tags (safe_load had none)
        data = read_yaml_text(phrase, "<region>").data
    except YamlError as exc:
        raise RegionSyntaxError(f"not a YAML mapping: {exc.problem.message}") from None
    try:
        return _adapter().validate_python(data)
    except ValidationError as exc:
        raise RegionSyntaxError(_first_error(exc)) from None


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    if error["type"] in ("union_tag_not_found", "model_attributes_type"):
        return "a region mapping gives its kind, e.g. {kind: hexes, hexes: [K1216]}"
    if error["type"] == "union_tag_invalid":
        ctx = error.get("ctx", {})
        kinds = str(ctx.get("expected_tags", "")).replace("'", "")
        return f"no region kind '{ctx.get('tag')}' (one of {kinds})"
    refusal = form_refusal(error)  # a hex name of the wrong form, in the files' words
    if refusal is not None:
        return f"{refusal[0]} ({refusal[1]})"
    where = ".".join(str(p) for p in error["loc"] if not str(p).startswith("function"))
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


# --- writing -------------------------------------------------------------------------------------


def _joined(values: list[Any]) -> str:
    return ", ".join(str(v) for v in values)


def _phrase(region: Region) -> str | None:
    match region:
        case WholeMap():
            return "the whole map"
        case HexesRegion(hexes=hexes):
            return ("hex " if len(hexes) == 1 else "hexes ") + _joined(hexes)
        case Hexrow():
            number = f"{region.column:02d}00" if region.column else f"00{region.row or 0:02d}"
            side = "on" if region.side == "on" else f"{region.side} of"
            board = f" of map {region.board}" if region.board else ""
            inclusive = "inclusive" if region.inclusive else "exclusive"
            return f"{side} hexrow {number}{board}, {inclusive}"
        case LineSide():
            inclusive = "inclusive" if region.inclusive else "exclusive"
            return f"{region.side} of the line {region.start} through {region.end}, {inclusive}"
        case Polygon():
            inclusive = "inclusive" if region.inclusive else "exclusive"
            return f"polygon {'-'.join(region.corners)}, {inclusive}"
        case PathBetween():
            return f"{region.feature} from {region.start} to {region.end}"
        case Place():
            return f"place {region.name}" + (f" on map {region.board}" if region.board else "")
        case Zones():
            return f"zone{'s' if len(region.zones) > 1 else ''} {_joined(region.zones)} of map " + (
                region.board
            )
        case Sections():
            return _sections_phrase(region)
        case EdgeRegion():
            edge = f"Side {region.edge}" if len(region.edge) == 1 else f"{region.edge} edge"
            board = f" of map {region.board}" if region.board else ""
            span = f" from {region.start} to {region.end}" if region.start and region.end else ""
            return edge + board + span
        case Corners():
            return f"corner{'s' if len(region.corners) > 1 else ''} {_joined(region.corners)}"
        case CenterHexes():
            if region.center_section:
                return "center hexes of the center section"
            return "center hexes" + (
                f" of sections {_joined(region.sections)}" if region.sections else ""
            )
        case Within():
            return f"within {region.distance} hexes of {describe_region(region.of)}"
        case AwayFrom():
            return f"at least {region.distance} hexes from {describe_region(region.of)}"
        case SideOf():
            suffix = "" if region.adjacent else " (not adjacent)"
            return f"{region.side} of the {region.feature}{suffix}"
        case TerrainFilter():
            within = f" in {describe_region(region.within)}" if region.within else ""
            return f"terrain {_joined(region.terrain)}{within}"
        case AnyOf() if _any_edge(region) is not None:
            return _any_edge(region)
        case AllOf() | AnyOf():
            word = "all of" if isinstance(region, AllOf) else "any of"
            return f"{word}: " + "; ".join(describe_region(r) for r in region.regions)
        case Outside():
            return f"outside {describe_region(region.region)}"
    return None


def _any_edge(region: AnyOf) -> str | None:
    """``any edge of map C`` for the four edges of one map, in compass order."""
    edges = region.regions
    if not all(isinstance(e, EdgeRegion) and not e.start for e in edges):
        return None
    boards = {e.board for e in edges if isinstance(e, EdgeRegion)}
    if [e.edge for e in edges if isinstance(e, EdgeRegion)] != list(_COMPASS) or len(boards) != 1:
        return None
    board = boards.pop()
    return "any edge" + (f" of map {board}" if board else "")


def _sections_phrase(region: Sections) -> str | None:
    if region.center:
        return "the center section"
    if region.including_side:
        return f"sections including Side {region.including_side}"
    if region.excluding_side:
        return f"sections excluding Side {region.excluding_side}"
    return f"section{'s' if len(region.sections) > 1 else ''} {_joined(region.sections)}"


def _flow(region: Region) -> str:
    data = _compact(region.model_dump(mode="json"))
    text: str = yaml.safe_dump(data, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip()


def _compact(value: Any) -> Any:
    """A dumped region without unset fields (None, empty lists), kinds first."""
    if isinstance(value, dict):
        kept = {k: _compact(v) for k, v in value.items() if v is not None and v != []}
        return {"kind": kept.pop("kind"), **kept} if "kind" in kept else kept
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value
