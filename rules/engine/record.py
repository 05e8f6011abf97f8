"""State as records (STYLE point 26): a system's state groups its mutable position by concern
(fire, panic, fortifications, movement...) into :class:`Record` dataclasses, whose copy and
snapshot come from their fields, so a field added to a record cannot be forgotten in a clone
(test play's step back) or in the fingerprint.

How a field is copied follows from its type: immutable values (numbers, strings, hexes,
tuples, frozen dataclasses, actions) are shared; ``dict``, ``set`` and ``list`` are copied, their
items by the same rule; a nested record is copied; an object with a ``clone()`` is cloned. A
field of a type whose copy is not known is refused when the record class is first copied.

How a field is written into the fingerprint follows from its value (:func:`plain`), unless the
field says otherwise with :func:`state_field`: its own ``key``, its own ``encode`` (which may
return :data:`OMIT` to leave it out, so the fingerprints of games where it never matters stay
as they were), or ``cache=True`` for data worked out again from the rest (never in the
fingerprint, copied all the same)::

    @dataclass
    class Fire(Record):
        pins: set[str] = state_field(default_factory=set)
        spotted: dict[str, Hex] = state_field(default_factory=dict)
        _targets: dict[str, list[Plot]] = state_field(default_factory=dict, cache=True)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, Self, cast

from model.hexes import Hex

#: An encoder's answer for a field to leave out of the snapshot.
OMIT: Any = object()

_Copier = Callable[[Any], Any]


def state_field(
    *,
    default: Any = dataclasses.MISSING,
    default_factory: Any = dataclasses.MISSING,
    key: str | None = None,
    encode: Callable[[Any], Any] | None = None,
    cache: bool = False,
) -> Any:
    """A record's field: its default, its key in the snapshot (the field's name by default),
    how its value is written there (:func:`plain` by default), or that it is a cache."""
    metadata = {"key": key, "encode": encode, "cache": cache}
    if default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


class Record:
    """Base of a state's records; subclasses are ``@dataclass`` (not frozen)."""

    def copy(self) -> Self:
        """An independent copy: containers copied, immutable values shared."""
        cls = type(self)
        copier = _COPY.get(cls) or _compile_copy(cls)
        new: Self = copier(self)
        return new

    def snapshot(self) -> dict[str, Any]:
        """The record's fields as plain JSON data, caches left out."""
        found: dict[str, Any] = {}
        for name, key, encode in _encoders(type(self)):
            value = encode(getattr(self, name))
            if value is not OMIT:
                found[key] = value
        return found


def snapshot_keys(cls: type[Record]) -> tuple[str, ...] | None:
    """The keys a record of ``cls`` may write in its snapshot, each written only while its
    field is not left out; None when the record writes a snapshot of its own."""
    if cls.snapshot is not Record.snapshot:
        return None
    return tuple(key for _, key, _ in _encoders(cls))


def plain(value: Any) -> Any:
    """A value as plain JSON data, sorted where order does not matter: a hex as ``[q, r]``,
    sets sorted, mappings by key, actions by their text, records and objects with a
    ``snapshot()`` by it."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, Record):
        return value.snapshot()
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: plain(v) for k, v in sorted(value.items())}
        return sorted([plain(k), plain(v)] for k, v in value.items())
    if isinstance(value, set | frozenset):
        return sorted(plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    text = getattr(value, "text", None)
    if callable(text):
        return text()
    snapshot = getattr(value, "snapshot", None)
    if callable(snapshot):
        return snapshot()
    raise TypeError(f"no plain form for a {type(value).__name__}")


_COPIERS: dict[type, tuple[tuple[str, _Copier], ...]] = {}
_COPY: dict[type, Callable[[Any], Any]] = {}
#: Copiers written inline in a record's compiled copy (the common containers of shared items).
_INLINE = {dict: "dict", list: "list", set: "set"}


def _compile_copy(cls: type[Record]) -> Callable[[Any], Any]:
    """One function that copies a record of ``cls`` field by field, made once per class.

    Why compiled (as dataclasses compile their ``__init__``): a state is cloned for every step
    back in test play and every action a bot looks ahead, and a loop over the fields with a
    call per field costs several times one dictionary display."""
    lines, env = [], {"_new": object.__new__, "_cls": cls}
    for i, (name, copier) in enumerate(_copiers(cls)):
        if copier is _same:
            lines.append(f"{name!r}: d[{name!r}]")
        elif copier in _INLINE:
            lines.append(f"{name!r}: {_INLINE[copier]}(d[{name!r}])")
        else:
            env[f"_c{i}"] = copier
            lines.append(f"{name!r}: _c{i}(d[{name!r}])")
    source = (
        "def copy(self):\n"
        "    d = self.__dict__\n"
        "    new = _new(_cls)\n"
        f"    new.__dict__.update({{{', '.join(lines)}}})\n"
        "    return new\n"
    )
    exec(source, env)  # our own source, written from the record's field names
    found: Callable[[Any], Any] = env["copy"]  # type: ignore[assignment]
    _COPY[cls] = found
    return found


_ENCODERS: dict[type, tuple[tuple[str, str, Callable[[Any], Any]], ...]] = {}


def _copiers(cls: type[Record]) -> tuple[tuple[str, _Copier], ...]:
    """Each field's copier, worked out once per record class from its type hints."""
    found = _COPIERS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cast(Any, cls))
        found = _COPIERS[cls] = tuple((f.name, _copier(hints[f.name], cls, f.name)) for f in fields)
    return found


def _encoders(cls: type[Record]) -> tuple[tuple[str, str, Callable[[Any], Any]], ...]:
    """Each field's key and encoder in the snapshot, caches left out, worked out once."""
    found = _ENCODERS.get(cls)
    if found is None:
        found = _ENCODERS[cls] = tuple(
            (f.name, f.metadata.get("key") or f.name, f.metadata.get("encode") or plain)
            for f in dataclasses.fields(cast(Any, cls))
            if not f.metadata.get("cache")
        )
    return found


_IMMUTABLE = (bool, int, float, str, bytes, Hex, type(None), frozenset)


def _same(value: Any) -> Any:
    return value


def _copier(tp: Any, cls: type, name: str) -> _Copier:
    """How a value of type ``tp`` is copied (identity for immutable values)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union):
        copiers = {_copier(a, cls, name) for a in args}
        copiers.discard(_same)
        if not copiers:
            return _same
        if len(copiers) == 1 and type(None) in args:
            inner = copiers.pop()
            return lambda v: None if v is None else inner(v)
        raise TypeError(f"{cls.__name__}.{name}: a union of mutable types ({tp}) has no known copy")
    if origin is dict:
        inner = _copier(args[1], cls, name) if args else _same
        return dict if inner is _same else (lambda d: {k: inner(v) for k, v in d.items()})
    if origin is list:
        inner = _copier(args[0], cls, name) if args else _same
        return list if inner is _same else (lambda xs: [inner(x) for x in xs])
    if origin is set:
        return set
    if origin in (tuple, frozenset, typing.Literal) or tp is tuple:
        return _same
    if isinstance(tp, type):
        if issubclass(tp, Record):
            return lambda v: v.copy()
        if issubclass(tp, _IMMUTABLE) or _frozen(tp):
            return _same
        if callable(getattr(tp, "clone", None)):
            return lambda v: v.clone()
    raise TypeError(f"{cls.__name__}.{name}: no known copy for a field of type {tp}")


def _frozen(tp: type) -> bool:
    """A frozen dataclass, a named tuple or an enum: shared, never changed in place."""
    params = getattr(tp, "__dataclass_params__", None)
    if params is not None:
        return bool(params.frozen)
    import enum

    return issubclass(tp, tuple | enum.Enum)
