"""Where each value comes from: the book (``source``) or Hexwright (``placeholder``).

A value in ``resources/`` is written either plainly, inheriting the provenance of the entry or
table that holds it, or as ``{value: ..., source: "<book> [section]"}`` /
``{value: ..., placeholder: "<what it is based on>"}`` when it differs. :func:`tally` counts both
kinds for ``hexwright data report``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import model_validator

from model.base import StrictModel

Scalar = int | float | str | bool | None


class Value(StrictModel):
    """One value with its own provenance."""

    value: Scalar | list[Scalar]
    source: str | None = None
    placeholder: str | None = None
    note: str = ""

    @model_validator(mode="after")
    def _one_provenance(self) -> Value:
        if bool(self.source) == bool(self.placeholder):
            raise ValueError("a value says 'source' (from the book) or 'placeholder', not both")
        return self


#: A value as written in a data file: plain (inherits) or with its own provenance.
Field_ = Value | Scalar | list[Scalar]


def unwrap(item: Field_) -> Scalar | list[Scalar]:
    """The value itself, whichever way it was written."""
    return item.value if isinstance(item, Value) else item


@dataclass
class SourceCount:
    """Counts of values from the book and of placeholders, with examples of the latter."""

    sourced: int = 0
    placeholders: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, other: SourceCount) -> None:
        self.sourced += other.sourced
        self.placeholders += other.placeholders
        self.examples.extend(other.examples[: max(0, 5 - len(self.examples))])

    def count(self, item: Any, inherited_placeholder: bool, where: str) -> None:
        """Count one value; ``inherited_placeholder`` is the enclosing entry's provenance."""
        placeholder = (
            item.placeholder is not None if isinstance(item, Value) else inherited_placeholder
        )
        if placeholder:
            self.placeholders += 1
            if len(self.examples) < 5:
                self.examples.append(where)
        else:
            self.sourced += 1


def tally(
    values: dict[str, Any] | list[Any], inherited_placeholder: bool, where: str
) -> SourceCount:
    """Count the values of a mapping or list written in a data file."""
    result = SourceCount()
    items = values.items() if isinstance(values, dict) else enumerate(values)
    for key, item in items:
        result.count(item, inherited_placeholder, f"{where}.{key}")
    return result
