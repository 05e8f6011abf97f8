"""Safe YAML reading with source positions, and deterministic atomic writing.

Reading builds plain Python values (dict, list, str, int, float, bool, None) straight from the
parser's event stream, recording the ``line:col`` of every node by its path. One pass does four
jobs that ``yaml.safe_load`` cannot:

* positions for error messages (``file:line:col``);
* refusing hostile input fast: files over :data:`MAX_FILE_BYTES` (which also bounds any one
  string), nesting deeper than
  :data:`MAX_DEPTH`, alias expansion beyond :data:`MAX_NODES` ("billion laughs"), duplicate
  keys, and any explicit tag (so no Python object tags);
* YAML 1.2 core scalars: ``yes``/``no``/``on``/``off`` stay strings and there are no implicit
  timestamps, so ``NO`` (Norway) or ``1944-06-06`` never change type behind a designer's back;
  numbers never have leading zeros, so a printed hex ID such as ``0534`` stays text unquoted;
* the C parser (libyaml) when present, for speed.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import yaml

from model.errors import Problem, dotted
from model.errors import YamlError as YamlError  # where it was; the CLI catches it from errors
from model.limits import MAX_LIST_ITEMS, MAX_TEXT_CHARS

#: The largest file read (the largest of ours, Armor's unit catalogue, is 176 KB; a 14 MB
#: scenario of two million hexes in its terrain edits was valid after 5.7 s and 530 MB).
MAX_FILE_BYTES: Final = 4 * 1024 * 1024
MAX_DEPTH: Final = 64
#: Values in one file, aliases expanded (Armor's unit catalogue holds some 11,000).
MAX_NODES: Final = 500_000

try:  # pragma: no cover - rapidyaml has wheels for the common platforms only
    import ryml as _ryml
except ImportError:  # pragma: no cover
    _ryml = None

try:  # pragma: no cover - depends on how PyYAML was built
    _Loader: Any = yaml.CSafeLoader
    _Dumper: Any = yaml.CSafeDumper
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader
    _Dumper = yaml.SafeDumper

PathKey = tuple[str | int, ...]

_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)$")
_HEX = re.compile(r"0x[0-9a-fA-F_]+$")
_OCT = re.compile(r"0o[0-7_]+$")
# No leading zeros on numbers: "0534" stays text, so printed hex IDs survive unquoted.
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|(0|[1-9][0-9_]*)(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$")
_NULLS: Final = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE: Final = frozenset({"true", "True", "TRUE"})
_FALSE: Final = frozenset({"false", "False", "FALSE"})
_STANDARD_TAGS: Final = frozenset(
    {
        "tag:yaml.org,2002:str",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:seq",
        "tag:yaml.org,2002:map",
    }
)


@dataclass(frozen=True, slots=True)
class Position:
    """A 1-based line and column in a source file."""

    line: int
    column: int


@dataclass
class Document:
    """Plain data read from one YAML file, with the position of every node by its path.

    Positions are only needed to report problems, so a file read on the fast path computes
    them on first use, by reading the text again with the positioned parser.
    """

    data: Any
    path: str
    _positions: dict[PathKey, Position] | None = field(default=None, repr=False)
    text: str | None = field(default=None, repr=False)

    @property
    def positions(self) -> dict[PathKey, Position]:
        if self._positions is None:
            self._positions = _positioned(self.text or "", self.path)[1] if self.text else {}
        return self._positions

    def position(self, key: PathKey) -> Position:
        """Position of the node at ``key``, or of its nearest ancestor that has one."""
        key = tuple(key)
        while key:
            pos = self.positions.get(key)
            if pos is not None:
                return pos
            key = key[:-1]
        return self.positions.get((), Position(1, 1))

    def key_position(self, key: PathKey) -> Position:
        """Position of a mapping key itself (for unknown or duplicate keys)."""
        return self.positions.get((*key, _KEY_MARK), self.position(key))


class _KeyMark:
    """Sentinel path element: the position of a mapping *key* rather than its value."""

    def __repr__(self) -> str:
        return "<key>"


_KEY_MARK: Final[Any] = _KeyMark()


def _resolve_plain(text: str) -> Any:
    """Type a plain (unquoted) scalar by the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if _INT.match(text):
        return int(text.replace("_", ""))
    if _HEX.match(text):
        return int(text[2:].replace("_", ""), 16)
    if _OCT.match(text):
        return int(text[2:].replace("_", ""), 8)
    if _FLOAT.match(text) and any(c.isdigit() for c in text):
        return float(text.replace("_", ""))
    lowered = text.lower()
    if lowered in {".inf", "+.inf"}:
        return float("inf")
    if lowered == "-.inf":
        return float("-inf")
    if lowered == ".nan":
        return float("nan")
    return text


class _Builder:
    """Turns a parser event stream into plain values and positions, enforcing the limits."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.positions: dict[PathKey, Position] = {}
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.nodes = 0

    def fail(self, event: Any, message: str, hint: str = "") -> YamlError:
        mark = event.start_mark
        return YamlError(Problem(self.path, mark.line + 1, mark.column + 1, "", message, hint))

    def build(self, events: Iterator[Any]) -> Any:
        value: Any = None
        for event in events:
            if isinstance(event, yaml.DocumentStartEvent):
                value = self._node(next(events), events, (), 1)
                end = next(events)
                if not isinstance(end, yaml.DocumentEndEvent):  # pragma: no cover - parser bug
                    raise self.fail(end, "unexpected YAML event")
                follow = next(events)
                if isinstance(follow, yaml.DocumentStartEvent):
                    raise self.fail(
                        follow,
                        "the file holds more than one YAML document",
                        "keep one document per file; remove the extra '---'",
                    )
                return value
        return value

    def _node(self, event: Any, events: Iterator[Any], key: PathKey, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise self.fail(
                event,
                f"nesting is deeper than {MAX_DEPTH} levels",
                "this is not a Hexwright file, or it was generated wrongly",
            )
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise self.fail(event, f"unknown alias *{event.anchor}")
            value, size = self.anchors[event.anchor]
            self._count(event, size)
            self.positions[key] = _position(event)
            return value
        tag = getattr(event, "tag", None)
        if tag is not None and tag not in ("!", *_STANDARD_TAGS):
            raise self.fail(
                event,
                f"YAML tag {tag} is not allowed",
                "Hexwright files hold plain data only; remove the tag",
            )
        self.positions[key] = _position(event)
        before = self.nodes
        if isinstance(event, yaml.ScalarEvent):
            self._count(event, 1)
            value = self._scalar(event)
        elif isinstance(event, yaml.SequenceStartEvent):
            value = self._sequence(events, key, depth)
        elif isinstance(event, yaml.MappingStartEvent):
            value = self._mapping(event, events, key, depth)
        else:  # pragma: no cover - parser guarantees node events here
            raise self.fail(event, "unexpected YAML event")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self.anchors[anchor] = (value, max(1, self.nodes - before))
        return value

    def _count(self, event: Any, n: int) -> None:
        self.nodes += n
        if self.nodes > MAX_NODES:
            raise self.fail(
                event,
                f"the file expands to more than {MAX_NODES:,} values",
                "Hexwright's files hold far fewer; aliases that repeat aliases ('billion laughs') "
                "are refused",
            )

    def _scalar(self, event: Any) -> Any:
        text: str = event.value
        if len(text) > MAX_TEXT_CHARS:
            raise self.fail(event, _too_long(len(text)), _LIMIT_HINT)
        tag = event.tag
        if tag == "tag:yaml.org,2002:str" or not event.implicit[0]:
            return text if tag in (None, "!", "tag:yaml.org,2002:str") else _typed(self, event)
        return _resolve_plain(text)

    def _sequence(self, events: Iterator[Any], key: PathKey, depth: int) -> list[Any]:
        items: list[Any] = []
        for event in events:
            if isinstance(event, yaml.SequenceEndEvent):
                return items
            if len(items) == MAX_LIST_ITEMS:  # stop reading here: the rest is never needed
                raise self.fail(event, _too_many(MAX_LIST_ITEMS + 1, more=True), _LIMIT_HINT)
            items.append(self._node(event, events, (*key, len(items)), depth + 1))
        return items  # pragma: no cover - parser raises on a truncated stream

    def _mapping(
        self, start: Any, events: Iterator[Any], key: PathKey, depth: int
    ) -> dict[str, Any]:
        result: dict[str, Any] = {}
        self._count(start, 1)
        for event in events:
            if isinstance(event, yaml.MappingEndEvent):
                return result
            if not isinstance(event, yaml.ScalarEvent):
                raise self.fail(
                    event,
                    "mapping keys must be plain text",
                    "write the key as a word or number, not a list or mapping",
                )
            name = event.value
            child = (*key, name)
            if name in result:
                raise self.fail(
                    event,
                    f"duplicate key '{name}'",
                    "each key may appear once in a mapping; remove or merge one",
                )
            self.positions[(*child, _KEY_MARK)] = _position(event)
            result[name] = self._node(next(events), events, child, depth + 1)
        return result  # pragma: no cover


def _position(event: Any) -> Position:
    mark = event.start_mark
    return Position(mark.line + 1, mark.column + 1) if mark else Position(1, 1)


def _typed(builder: _Builder, event: Any) -> Any:
    """A scalar with an explicit standard tag such as ``!!int``."""
    tag, text = event.tag, event.value
    try:
        if tag == "tag:yaml.org,2002:int":
            return int(text)
        if tag == "tag:yaml.org,2002:float":
            return float(text)
        if tag == "tag:yaml.org,2002:bool":
            return {"true": True, "false": False}[text.lower()]
        if tag == "tag:yaml.org,2002:null":
            return None
    except (ValueError, KeyError):
        raise builder.fail(event, f"'{text}' is not a valid {tag.rsplit(':', 1)[-1]}") from None
    return text


def read_yaml_text(text: str, path: str = "<string>") -> Document:
    """Parse YAML text into a :class:`Document`; raises :class:`YamlError` with a position.

    Plain files take the fast path (rapidyaml, a C++ parser, to JSON); anything unusual
    (tags, exotic scalars, deep nesting, duplicate keys, errors, aliases it would be unsafe to
    copy) takes the positioned PyYAML path, which enforces every limit and locates every problem.
    """
    if len(text) > MAX_FILE_BYTES:
        raise YamlError(
            Problem(
                path,
                1,
                1,
                "",
                f"the file is larger than {MAX_FILE_BYTES:,} bytes",
                "Hexwright files are far smaller; is this the right file?",
            )
        )
    # A file that may hold a list longer than one list may be goes to the positioned reader,
    # which stops at the first item too many (the fast one would build them all first).
    data = _NOT_FAST if _may_hold_a_long_list(text) else _fast(text)
    if data is not _NOT_FAST:
        doc = Document(data, path, None, text)
    else:
        data, positions = _positioned(text, path)
        doc = Document(data, path, positions, text)
    if not _sizes_certainly_within(text):
        _check_sizes(doc)
    return doc


_SURROGATE = re.compile("[\ud800-\udfff]")
_LIMIT_HINT = "Hexwright's limit, far beyond any real scenario or board; is this the right file?"


def _too_many(items: int, more: bool = False) -> str:
    many = f"more than {items - 1:,}" if more else f"{items:,}"
    return f"a list of {many} items: at most {MAX_LIST_ITEMS:,} are read"


def _too_long(chars: int) -> str:
    return f"a text of {chars:,} characters: at most {MAX_TEXT_CHARS:,} are read"


_BLOCK_ITEM = re.compile(r"^( *)- ", re.MULTILINE)


def _may_hold_a_long_list(text: str) -> bool:
    """Whether some indentation starts more block-list items than one list may hold.

    Why by indentation: every item of one block list starts a line at the same indentation, so
    a list too long always shows here; many lists that only add up to the limit (the 9,600
    terrain edits and 500 units of a 1 MB scenario) no longer send a file to the reader ten
    times slower. A miss (a list in flow style, or one whose first item shares its parent's
    line) is still refused by :func:`_check_sizes`, only later.
    """
    if text.count("- ") <= MAX_LIST_ITEMS:
        return False
    counts: dict[str, int] = {}
    for indent in _BLOCK_ITEM.findall(text):
        counts[indent] = counts.get(indent, 0) + 1
    return max(counts.values(), default=0) > MAX_LIST_ITEMS


def _sizes_certainly_within(text: str) -> bool:
    """Whether the text alone shows that :func:`_check_sizes` finds nothing (most files: it
    walks every value, the tenth of a small file's load).

    Why each bound holds: no text read from a file is longer than the file (escapes, folding
    and block indentation only shorten; an alias copies a text, never lengthens it); every
    item of a list but one follows a "-" (block) or a "," (flow), and an alias repeats a
    list, never adds to one; a lone surrogate can only come from a \\u or \\U escape (the file
    is decoded as strict UTF-8).
    """
    return (
        len(text) <= MAX_TEXT_CHARS
        and text.count("-") + text.count(",") < MAX_LIST_ITEMS
        and "\\u" not in text
        and "\\U" not in text
    )


def _check_sizes(doc: Document) -> None:
    """Refuse a list longer than :data:`~model.limits.MAX_LIST_ITEMS` or a text longer than
    :data:`~model.limits.MAX_TEXT_CHARS`, located (300,000 force entries would load, then
    hang the engine). The positioned reader refuses them as it reads; a file read on the fast
    path is read again with it, which stops at the first item too many.

    The values are walked once without their paths (a fifth of the time), and again with
    them only when something is refused."""
    escapes = doc.text is None or "\\u" in doc.text or "\\U" in doc.text
    if not _oversized(doc.data, escapes):
        return
    stack: list[tuple[PathKey, Any]] = [((), doc.data)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, dict):
            stack.extend(((*key, k), v) for k, v in node.items())
        elif isinstance(node, list):
            if len(node) > MAX_LIST_ITEMS:
                _refuse(doc, key, _too_many(len(node)))
            stack.extend(((*key, i), v) for i, v in enumerate(node))
        elif isinstance(node, str):
            if len(node) > MAX_TEXT_CHARS:
                _refuse(doc, key, _too_long(len(node)))
            if _SURROGATE.search(node):  # valid YAML ("\udc80"), but no file can hold it
                where = doc.position(key)
                raise YamlError(
                    Problem(
                        doc.path,
                        where.line,
                        where.column,
                        dotted(key),
                        "a lone surrogate escape (\\ud800-\\udfff) is not a character",
                        "write the character itself, or its pair of surrogates as one \\U escape",
                    )
                )


def _oversized(data: Any, escapes: bool) -> bool:
    """Whether :func:`_check_sizes` would refuse something (a lone surrogate only if the text
    has an escape: see :func:`_sizes_certainly_within`)."""
    stack = [data]
    pop, more = stack.pop, stack.extend
    while stack:
        node = pop()
        kind = type(node)
        if kind is dict:
            more(node.values())
        elif kind is list:
            if len(node) > MAX_LIST_ITEMS:
                return True
            more(node)
        elif kind is str and (
            len(node) > MAX_TEXT_CHARS or (escapes and _SURROGATE.search(node) is not None)
        ):
            return True
    return False


def _refuse(doc: Document, key: PathKey, what: str) -> None:
    if doc.text is not None:
        _positioned(doc.text, doc.path)  # raises, located, where the limit is crossed
    where = doc.position(key)
    raise YamlError(Problem(doc.path, where.line, where.column, dotted(key), what, _LIMIT_HINT))


def _positioned(text: str, path: str) -> tuple[Any, dict[PathKey, Position]]:
    builder = _Builder(path)
    try:
        data = builder.build(iter(yaml.parse(text, Loader=_Loader)))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = exc.problem or str(exc)
        raise YamlError(
            Problem(
                path,
                line,
                col,
                "",
                f"not valid YAML: {message}",
                "check the indentation and quoting near this line",
            )
        ) from None
    except yaml.YAMLError as exc:
        raise YamlError(Problem(path, 1, 1, "", f"not valid YAML: {exc}")) from None
    return data, builder.positions


_NOT_FAST: Final[Any] = object()

# Anything that rapidyaml's JSON output would type differently from the YAML 1.2 core schema
# used here, or that needs the limits of the positioned path: tags, merge keys, directives,
# document markers, complex keys, tabs, exotic plain scalars, deep indentation. Each is a cheap
# substring test first, and a precise pattern only if that hits (one big alternation costs a
# hundred milliseconds a megabyte).
_BEFORE = r"(?:^|[\s\[{,:])"
# rapidyaml's JSON output rewrites the lower-case words inf, infinity and nan (plain values,
# and keys even when quoted), and every dotted spelling (.Inf, .NaN: floats in the core schema,
# strings in its output); "+inf" it writes as invalid JSON. It leaves capitalised words alone:
# "Inf", "NaN", "INF", "Infinity" read as the same text on both paths, so a Panzer '44 file full
# of "Inf" units stays on the fast path (tests/test_yamlio.py tries every spelling both ways).
_SPECIAL_FLOAT = re.compile(
    r"(?<![A-Za-z0-9_])(?:inf|infinity|nan)(?![A-Za-z0-9_])|\.(?:inf|Inf|INF|nan|NaN|NAN)"
)
_RESERVED_START = re.compile(r"(?:^[ \t]*(?:-[ \t]+)*|:[ \t]+|[\[{,][ \t]*)[@`]", re.MULTILINE)
_UNUSUAL: Final[tuple[tuple[str, re.Pattern[str] | None], ...]] = (
    ("\t", None),
    ("<<", None),
    (" " * 96, None),
    ("!", re.compile(_BEFORE + r"!")),
    ("~", re.compile(_BEFORE + r"~(?:$|[\s\]},])", re.MULTILINE)),
    ("%", re.compile(r"^%", re.MULTILINE)),
    ("---", re.compile(r"^---", re.MULTILINE)),
    ("...", re.compile(r"^\.\.\.", re.MULTILINE)),
    ("?", re.compile(r"(?:^|[\[{,])\s*\?(?:\s|$)", re.MULTILINE)),
    # rapidyaml writes the words inf, infinity and nan as .inf and .nan (see _SPECIAL_FLOAT).
    ("inf", _SPECIAL_FLOAT),
    ("nan", _SPECIAL_FLOAT),
    (".I", _SPECIAL_FLOAT),
    (".N", _SPECIAL_FLOAT),
    ("True", None),
    ("TRUE", None),
    ("False", None),
    ("FALSE", None),
    ("Null", None),
    ("NULL", None),
    ("0x", re.compile(_BEFORE + r"[-+]?0x")),
    ("0o", re.compile(_BEFORE + r"[-+]?0o")),
)
# Anchors and aliases may start a node (after a space, "[", "{", "," or ":"): a file that may hold
# them is checked in the parsed tree (:func:`_aliases_resolved`) before its aliases are copied.
_MAYBE_ALIASES: Final = (("&", re.compile(_BEFORE + r"&\S")), ("*", re.compile(_BEFORE + r"\*\S")))
# Not listed: "+3". A plain +3 is the number 3, and rapidyaml writes it as +3, which is not
# JSON: the fast path fails and the file takes the careful path; in a sentence it is text on
# both.


def _unusual(text: str) -> bool:
    return (
        _digit_separator(text)
        or _reserved_start(text)
        or any(
            needle in text and (pattern is None or pattern.search(text) is not None)
            for needle, pattern in _UNUSUAL
        )
    )


def _may_hold_aliases(text: str) -> bool:
    return any(needle in text and p.search(text) is not None for needle, p in _MAYBE_ALIASES)


def _reserved_start(text: str) -> bool:
    """True when "@" or "`" may start a plain scalar outside a comment.

    Reserved: no plain scalar may start with them (rapidyaml reads "@x" as text, PyYAML
    refuses it); "fires @ 6 hexes" in a sentence, or "`source`" in a comment, reads the same
    on both paths.
    """
    if "@" not in text and "`" not in text:
        return False
    for found in _RESERVED_START.finditer(text):
        line = text.rfind("\n", 0, found.start()) + 1
        if not text[line : found.end()].lstrip().startswith("#"):
            return True
    return False


def _digit_separator(text: str) -> bool:
    """True when an underscore stands between two digits (``1_000``, an int in YAML 1.1).

    Why not a regex: one scans every character; underscores are few (key names).
    """
    index = text.find("_")
    while index != -1:
        if 0 < index < len(text) - 1 and text[index - 1].isdigit() and text[index + 1].isdigit():
            return True
        index = text.find("_", index + 1)
    return False


def _fast(text: str) -> Any:
    """Plain data via rapidyaml, or ``_NOT_FAST`` when the file needs the positioned path."""
    if _ryml is None or _unusual(text) or _flow_depth(text) > 16:
        return _NOT_FAST
    try:
        with _quiet_stderr():
            tree = _ryml.parse_in_arena(text.encode("utf-8"))
            if tree.size() == 0 or not tree.is_map(tree.root_id()):
                return _NOT_FAST
            if _may_hold_aliases(text) and not _aliases_resolved(tree):
                return _NOT_FAST
            emitted = _ryml.emit_json_malloc(tree, tree.root_id())
        return json.loads(emitted, object_pairs_hook=_unique_keys)
    except Exception:  # any failure here only means: take the careful path
        return _NOT_FAST


#: The fast path copies what an alias names; a file whose copies would more than double its
#: tree is read by the positioned reader, which shares them (and counts them against
#: :data:`MAX_NODES`, refusing an alias bomb at the first alias past the limit).
_FAST_EXPANSION_SLACK: Final = 10_000


def _aliases_resolved(tree: Any) -> bool:
    """Replace each alias in a parsed rapidyaml tree with a copy of its anchored node, if that
    is safe and reads as the positioned reader would; False (tree untouched) if not.

    Safe and the same only when: no anchor or alias is a mapping key (the positioned reader
    refuses an alias as a key); each anchor name is defined once (so which node an alias names
    does not depend on document order); every alias names an anchor; no anchored node holds,
    through aliases, an alias of itself (rapidyaml would copy without end); and the copies
    bring the tree to at most twice its size plus :data:`_FAST_EXPANSION_SLACK` nodes (an alias
    bomb never reaches rapidyaml's copying). An alias before its anchor makes rapidyaml raise:
    the caller then takes the positioned path, which locates the error.

    Why the sizes are worked out here: the expanded size is the tree's size with each alias
    counted as the expanded size of the node it names; only anchored subtrees are walked.
    """
    anchors: dict[bytes, int] = {}
    aliases: list[int] = []
    node_type = tree.type
    keys = _ryml.KEYANCH | _ryml.KEYREF
    marks = keys | _ryml.VALANCH | _ryml.VALREF
    for node in range(tree.capacity()):  # unused slots have no type
        flags = node_type(node)
        if not flags & marks:
            continue
        if flags & keys:
            return False
        if flags & _ryml.VALREF:
            aliases.append(node)
        else:
            name = bytes(tree.val_anchor(node))
            if name in anchors:
                return False
            anchors[name] = node
    if not aliases:
        return True
    sizes: dict[int, int] = {}
    limit = min(MAX_NODES, 2 * tree.size() + _FAST_EXPANSION_SLACK)

    def expanded(node: int, within: frozenset[int]) -> int | None:
        """Nodes under ``node`` once its aliases are copied; None for a cycle or too many."""
        if node in sizes:
            return sizes[node]
        if node in within:
            return None
        within = within | {node}
        total = 0
        stack = [node]
        while stack:
            current = stack.pop()
            if tree.is_val_ref(current):
                target = anchors.get(bytes(tree.val_ref(current)))
                size = None if target is None else expanded(target, within)
                if size is None:
                    return None
                total += size
            else:
                total += 1
                child = tree.first_child(current)
                while child != _NONE:
                    stack.append(child)
                    child = tree.next_sibling(child)
            if total > limit:
                return None
        sizes[node] = total
        return total

    total = tree.size() - len(aliases)
    for alias in aliases:
        target = anchors.get(bytes(tree.val_ref(alias)))
        size = None if target is None else expanded(target, frozenset())
        if size is None:
            return False
        total += size
        if total > limit:
            return False
    tree.resolve()
    return True


_NONE: Final = 2**64 - 1 if _ryml is None else getattr(_ryml, "NONE", 2**64 - 1)


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence the C++ parser's own error printing; the careful path reports the error."""
    try:
        saved = os.dup(2)
    except OSError:  # pragma: no cover - no stderr file descriptor (some GUI launches)
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise ValueError("duplicate key")
    return result


def _flow_depth(text: str) -> int:
    """The deepest nesting of flow brackets (a cheap guard before the C++ parser)."""
    depth = deepest = 0
    for char in re.sub(r"[^\[\]{}]+", "", text):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def read_text_file(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """A text file's content, read safely: only a regular file (a symlink to one is followed;
    a device such as ``/dev/zero``, a FIFO or a folder is refused before it is opened, so
    nothing blocks or reads without end), at most ``limit`` bytes (read no further), UTF-8.

    Raises:
        YamlError: what is wrong, located at the file.
    """
    p = Path(path)
    try:
        info = p.stat()
    except OSError as exc:
        raise YamlError(
            Problem(str(p), 0, 0, "", f"cannot read the file: {exc.strerror or exc}")
        ) from None
    if not stat.S_ISREG(info.st_mode):
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device or pipe)"
        raise YamlError(Problem(str(p), 0, 0, "", f"cannot read it: it is {what}", "give a file"))
    too_big = Problem(
        str(p),
        1,
        1,
        "",
        f"the file is larger than {limit:,} bytes",
        "Hexwright files are far smaller; is this the right file?",
    )
    if info.st_size > limit:
        raise YamlError(too_big)
    try:
        with p.open("rb") as handle:
            data = handle.read(limit + 1)  # a file that grew since: read no further
    except OSError as exc:
        raise YamlError(
            Problem(str(p), 0, 0, "", f"cannot read the file: {exc.strerror or exc}")
        ) from None
    if len(data) > limit:
        raise YamlError(too_big)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlError(
            Problem(
                str(p), 1, 1, "", f"the file is not UTF-8 text ({exc.reason})", "save it as UTF-8"
            )
        ) from None


def read_yaml(path: str | os.PathLike[str]) -> Document:
    """Read a YAML file (:func:`read_text_file`: regular files only, size-capped)."""
    return read_yaml_text(read_text_file(path), str(path))


def dump_yaml(data: Any) -> str:
    """Deterministic, diff-friendly YAML: keys in the order given, block style, no aliases."""
    text: str = yaml.dump(
        data,
        Dumper=_NoAliasDumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )
    return text


class _NoAliasDumper(_Dumper):  # type: ignore[misc]
    def ignore_aliases(self, data: Any) -> bool:
        return True


def _str_presenter(dumper: Any, value: str) -> Any:
    # Multi-line text (terrain maps, notes) as literal blocks so diffs stay line by line.
    if "\n" in value:
        style: str | None = "|"
    elif _resolve_plain(value) != value or _unusual(value) or _may_hold_aliases(value):
        # Text our reader would take as something else (or that needs the careful path to
        # read) is quoted, so what is written reads back as written.
        style = "'"
    else:
        style = None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


def _list_presenter(dumper: Any, value: list[Any]) -> Any:
    # Short lists of plain values on one line ([J, K, L]); anything longer one item a line.
    scalars = all(
        isinstance(v, int | float | bool) or (isinstance(v, str) and "\n" not in v) for v in value
    )
    flow = scalars and len(value) > 0 and sum(len(str(v)) + 2 for v in value) <= 60
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


_NoAliasDumper.add_representer(str, _str_presenter)
_NoAliasDumper.add_representer(list, _list_presenter)


#: A temporary file of ours older than this is left from a save that was killed.
STALE_SECONDS: Final = 600


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one.

    Writes a temporary file in the same folder, flushes it to disk, then renames it over the
    target (an atomic step on POSIX and Windows). Faithful to what was there: a symlink is
    written through (the file it points at is replaced, the link stays), and the new file
    keeps the old one's permissions (and owner, where allowed); a new file gets the usual
    permissions (0666 less the umask). Temporary files of earlier saves of the same file,
    killed before they finished, are removed.

    Raises:
        UnicodeEncodeError: the text holds a lone surrogate (before anything is written).
        OSError: the folder cannot be written (read-only, full disk...).
    """
    data = text.encode("utf-8")  # first: nothing is written for text no file can hold
    target = Path(os.path.realpath(path))  # through a symlink, to the file it names
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(target)
    try:
        old = target.stat()
    except FileNotFoundError:
        old = None
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        if old is not None:
            os.fchmod(fd, stat.S_IMODE(old.st_mode))
            with contextlib.suppress(PermissionError, AttributeError):
                os.fchown(fd, old.st_uid, old.st_gid)
        else:
            os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove_stale(target: Path) -> None:
    """Remove our temporary files of ``target`` left by saves killed long enough ago."""
    now = time.time()
    for leftover in target.parent.glob(f".{glob.escape(target.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime > STALE_SECONDS:
                leftover.unlink()
