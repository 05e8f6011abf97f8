"""From a positioned YAML document to a validated pydantic model, or located problems.

pydantic reports errors by a ``loc`` tuple; this module maps each to the ``file:line:col`` of
the offending node, writes the path in dotted form, and adds a hint (the closest allowed key,
the allowed values).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from model.errors import Problem, ProblemList, did_you_mean, dotted, form_refusal
from model.yamlio import Document, PathKey

M = TypeVar("M", bound=BaseModel)


def validate_document(doc: Document, model: type[M], context: dict[str, Any] | None = None) -> M:
    """Validate ``doc.data`` against ``model``; raise :class:`ProblemList` with every problem."""
    try:
        return model.model_validate(doc.data, context=context)
    except ValidationError as exc:
        raise ProblemList(problems_from(exc, doc, model)) from None


def problems_from(exc: ValidationError, doc: Document, model: type[BaseModel]) -> list[Problem]:
    """Translate a pydantic ``ValidationError`` into located problems."""
    problems: list[Problem] = []
    seen: set[tuple[PathKey, str]] = set()
    for error in exc.errors(include_url=False):
        key = data_path(doc.data, error["loc"])
        message, hint = _describe(error, doc.data, key, model)
        if (key, message) in seen:
            continue
        seen.add((key, message))
        pos = doc.key_position(key) if error["type"] == "extra_forbidden" else doc.position(key)
        problems.append(Problem(doc.path, pos.line, pos.column, dotted(key), message, hint))
    return problems


def data_path(data: Any, loc: Iterable[int | str]) -> PathKey:
    """The part of a pydantic ``loc`` that names real nodes of ``data``.

    pydantic inserts the tags of discriminated unions and the names of function validators into
    ``loc``; those are skipped so the path matches the file.
    """
    path: list[str | int] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_dict or in_list:
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and "[" not in part:
            # A missing required key, or a union tag: keep real-looking keys only at the end.
            continue
    # A missing field: report it under its parent, naming the field in the message.
    return tuple(path)


def _describe(error: Any, data: Any, key: PathKey, model: type[BaseModel]) -> tuple[str, str]:
    kind = error["type"]
    loc = error["loc"]
    if kind == "extra_forbidden":
        name = str(loc[-1])
        allowed = _allowed_keys(model, data, key[:-1])
        hint = did_you_mean(name, allowed) if allowed else ""
        if not hint and allowed:
            hint = "allowed keys: " + ", ".join(sorted(allowed))
            hint += _other_kinds_hint(model, data, key[:-1], name)
        return f"unknown key '{name}'", hint
    if kind == "missing":
        return f"missing required key '{loc[-1]}'", ""
    if kind in ("literal_error", "enum"):
        expected = str(error.get("ctx", {}).get("expected", ""))
        value = error.get("input")
        options = [o.strip(" '\"") for o in expected.replace(" or ", ",").split(",") if o.strip()]
        hint = did_you_mean(str(value), options) if isinstance(value, str) else ""
        return f"'{value}' is not one of {expected}", hint
    if kind == "union_tag_invalid":
        ctx = error.get("ctx", {})
        tag = ctx.get("tag")
        expected = str(ctx.get("expected_tags", ""))
        options = [o.strip(" '\"") for o in expected.split(",")]
        hint = did_you_mean(str(tag), options)
        discriminator = str(ctx.get("discriminator", "kind")).strip("'\"")
        return f"unknown {discriminator} '{tag}'; expected {expected}", hint
    refusal = form_refusal(error)
    if refusal is not None:
        return refusal
    message = str(error["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    return message[:1].lower() + message[1:], ""


def _allowed_keys(model: type[BaseModel], data: Any, key: PathKey) -> list[str]:
    """The field names of the model that validates the node at ``key``, when it can be found."""
    annotation, node = _node_type(model, data, key)
    target = _as_model(annotation, node) if annotation is not None else None
    return list(target.model_fields) if target else []


def _other_kinds_hint(model: type[BaseModel], data: Any, key: PathKey, name: str) -> str:
    """``; 'points' belongs to kind 'min-spend' or 'max-spend'`` when the node at ``key`` is a
    member of a discriminated union and ``name`` is a field of other members."""
    annotation, node = _node_type(model, data, key)
    found = _discriminated(annotation)
    if found is None or not isinstance(node, dict):
        return ""
    discriminator, members = found
    tags = [
        str(tag)
        for member in members
        if name in member.model_fields and discriminator in member.model_fields
        for tag in typing.get_args(member.model_fields[discriminator].annotation)
        if tag != node.get(discriminator)
    ]
    if not tags:
        return ""
    return f"; '{name}' belongs to {discriminator} " + " or ".join(f"'{t}'" for t in tags)


def _node_type(model: type[BaseModel], data: Any, key: PathKey) -> tuple[Any, Any]:
    """The annotation that validates the node at ``key`` and the node (None when not found)."""
    current: Any = model
    node = data
    for part in key:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int):
            node = node[part]
        else:
            node = None
        current = _child_type(current, part, node)
        if current is None:
            return None, None
    return current, node


def _discriminated(annotation: Any) -> tuple[str, list[type[BaseModel]]] | None:
    """The discriminator and member models of a discriminated union (optional or not)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        discriminator = next(
            (d for meta in args[1:] if isinstance(d := getattr(meta, "discriminator", None), str)),
            None,
        )
        members = [a for a in typing.get_args(args[0]) if _as_model(a, None) is not None]
        return (discriminator, members) if discriminator and members else None
    if origin in (typing.Union, types.UnionType):
        found = [d for a in args if a is not type(None) and (d := _discriminated(a)) is not None]
        return found[0] if len(found) == 1 else None
    return None


def _child_type(annotation: Any, part: str | int, node: Any) -> Any:
    model = _as_model(annotation, None)
    if model is not None and isinstance(part, str):
        field = model.model_fields.get(part)
        return field.annotation if field else None
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin in (list, tuple, set, frozenset) and args:
        return args[0]
    if origin is dict and len(args) == 2:
        return args[1]
    if origin is typing.Annotated:
        return _child_type(args[0], part, node)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            found = _child_type(arg, part, node)
            if found is not None:
                return found
    return None


def _as_model(annotation: Any, node: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return _as_model(args[0], node)
    if origin in (typing.Union, types.UnionType):
        models = [m for a in args if (m := _as_model(a, node)) is not None]
        if len(models) == 1:
            return models[0]
        for m in models:
            # A discriminated union: pick the member whose tag value matches the data.
            for name, field in m.model_fields.items():
                literal = typing.get_args(field.annotation)
                if isinstance(node, dict) and literal and node.get(name) in literal:
                    return m
    return None
