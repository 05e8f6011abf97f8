"""Saving a file the author wrote without losing what the author wrote: comments, key order,
quoting, flow or block style and indentation stay where the data did not change.

:func:`keep_layout` reads the file as it was with ruamel.yaml's round-trip loader, brings that
tree to the new data in place (a value that did not change keeps its node, and with it its
comments and style; a key no longer there goes; a new key comes after its neighbour in the
model's order), and writes it back. The result is read again with Hexwright's own reader and
compared with the new data: anything that would not read back the same is refused (None), and
the caller writes the plain dump instead, so keeping the layout can never change the content.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import LiteralScalarString

__all__ = ["keep_layout"]

#: ruamel folds long lines at this width; the authors' lines are kept as written.
_WIDTH = 4096


def keep_layout(original: str, data: Mapping[str, Any]) -> str | None:
    """``data`` written in the layout of ``original`` (the text the file had), or None when
    that cannot be done faithfully (the caller then writes a plain dump)."""
    from model.yamlio import YamlError, read_yaml_text  # the reader that checks the result

    yaml = YAML(typ="rt")
    yaml.width = _WIDTH
    yaml.preserve_quotes = True
    yaml.brace_single_entry_mapping_in_flow_sequence = True  # [{section: P44}] as written
    offset = _sequence_offset(original)
    yaml.indent(mapping=2, sequence=2 + offset, offset=offset)
    try:
        tree = yaml.load(original)
    except (YAMLError, ValueError, TypeError):
        return None
    if not isinstance(tree, CommentedMap):
        return None
    merged = _merge(tree, data)
    stream = io.StringIO()
    try:
        yaml.dump(merged, stream)
    except (YAMLError, ValueError, TypeError):
        return None
    text = stream.getvalue()
    try:
        again = read_yaml_text(text, "<kept>").data
    except YamlError:
        return None
    return text if _same(again, data) else None


def _sequence_offset(text: str) -> int:
    """How the file indents a block sequence under its key, by majority: ``key:`` then
    ``- item`` at the key's column (0) or two columns in (2). ruamel writes one style."""
    votes = {0: 0, 2: 0}
    lines = text.splitlines()
    for above, line in itertools.pairwise(lines):
        stripped = above.rstrip()
        if not stripped.endswith(":") or stripped.lstrip().startswith("#"):
            continue
        if line.lstrip().startswith("- "):
            step = (len(line) - len(line.lstrip())) - (len(above) - len(above.lstrip()))
            if step in votes:
                votes[step] += 1
    return 2 if votes[2] > votes[0] else 0


def _merge(old: Any, new: Any) -> Any:
    """``new``, reusing ``old``'s nodes wherever the data is the same."""
    if isinstance(new, Mapping):
        if not isinstance(old, CommentedMap):
            return _fresh(new)
        by_text = {str(k): k for k in old}
        wanted = [str(k) for k in new]
        for text, key in list(by_text.items()):
            if text not in new:
                del old[key]
        for position, (name, value) in enumerate(new.items()):
            key = by_text.get(str(name))
            if key is not None:
                old[key] = _merge(old[key], value)
            else:
                old.insert(_after(old, wanted, position), name, _fresh(value))
        return old
    if isinstance(new, list | tuple):
        if not isinstance(old, CommentedSeq):
            return _fresh(new)
        for i, value in enumerate(new):
            if i < len(old):
                old[i] = _merge(old[i], value)
            else:
                old.append(_fresh(value))
        del old[len(new) :]
        return old
    if _same_scalar(old, new):
        return old  # its quoting and style as written
    return _fresh(new)


def _after(old: CommentedMap, wanted: Sequence[str], position: int) -> int:
    """Where a new key goes: after the nearest key before it in the model's order that the
    file has, else first."""
    keys = [str(k) for k in old]
    for name in reversed(wanted[:position]):
        if name in keys:
            return keys.index(name) + 1
    return 0


def _fresh(value: Any) -> Any:
    """A value the file did not have, in the style Hexwright writes: short lists of plain
    values in flow style, multi-line text as a literal block."""
    if isinstance(value, Mapping):
        out = CommentedMap()
        for k, v in value.items():
            out[k] = _fresh(v)
        return out
    if isinstance(value, list | tuple):
        seq = CommentedSeq(_fresh(v) for v in value)
        plain = all(isinstance(v, int | float | str) and "\n" not in str(v) for v in value)
        if value and plain and sum(len(str(v)) + 2 for v in value) <= 60:
            seq.fa.set_flow_style()
        return seq
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    return value


def _same_scalar(old: Any, new: Any) -> bool:
    if isinstance(old, Mapping | list) or isinstance(new, Mapping | list):
        return False
    if isinstance(old, bool) != isinstance(new, bool):
        return False  # True == 1 in Python, not in a file
    if isinstance(old, str) != isinstance(new, str):
        return False
    return bool(old == new)


def _same(found: Any, wanted: Any) -> bool:
    """Plain data equal, types and all (what Hexwright's reader gives for what was meant)."""
    if isinstance(wanted, Mapping):  # in any order: the author's order is kept
        if not isinstance(found, Mapping):
            return False
        keys = {str(k): k for k in found}
        return set(keys) == {str(k) for k in wanted} and all(
            _same(found[keys[str(w)]], wanted[w]) for w in wanted
        )
    if isinstance(wanted, list | tuple):
        return (
            isinstance(found, list)
            and len(found) == len(wanted)
            and all(_same(f, w) for f, w in zip(found, wanted, strict=True))
        )
    return _same_scalar(found, wanted) or (found is None and wanted is None)
