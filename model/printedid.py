"""Printed hex names: a board's ``printed_id`` format, read with a grammar of our own.

A format is literal text with three fields, ``{section}``, ``{col}`` and ``{row}``, the number
fields optionally zero-padded to a width of at most :data:`MAX_WIDTH` (``{col:02d}``); for
example ``{section}{col:02d}{row:02d}`` names hex ``J1511`` and ``{section}/{col:02d}{row:02d}``
``A/1511``. Nothing else is accepted: a board file is never given to Python's ``str.format``,
whose format language would let a file ask for a billion-digit field or read an attribute.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["MAX_WIDTH", "PrintedIdError", "compile_printed_id"]

#: The widest zero padding a number field may ask for.
MAX_WIDTH = 4
#: The longest format accepted.
MAX_LENGTH = 64

_FIELD = re.compile(r"\{([^{}]*)\}")
_SPEC = re.compile(r"^(section|col|row)(?::(0?)([1-9]?)d)?$")


class PrintedIdError(ValueError):
    """A format the grammar refuses; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class _Part:
    literal: str = ""
    field: str = ""
    width: int = 0
    zero: bool = False


def compile_printed_id(fmt: str) -> Callable[[str, int, int], str]:
    """The naming function of a format: ``name(section, col, row)``.

    Raises:
        PrintedIdError: the format is not of the grammar (an unknown field, a width over
            :data:`MAX_WIDTH`, a stray brace, or longer than :data:`MAX_LENGTH`).
    """
    if len(fmt) > MAX_LENGTH:
        raise PrintedIdError(f"the format is longer than {MAX_LENGTH} characters")
    parts: list[_Part] = []
    at = 0
    for match in _FIELD.finditer(fmt):
        parts.append(_literal(fmt[at : match.start()]))
        spec = _SPEC.match(match.group(1))
        if spec is None:
            raise PrintedIdError(
                f"'{{{match.group(1)}}}' is not a field: write {{section}}, {{col}} or {{row}}, "
                "a number zero-padded as {col:02d}"
            )
        field, zero, width = spec.group(1), spec.group(2), spec.group(3)
        if field == "section" and (zero or width):
            raise PrintedIdError("{section} takes no width")
        size = int(width or 0)
        if size > MAX_WIDTH:
            raise PrintedIdError(f"a field is at most {MAX_WIDTH} digits wide")
        parts.append(_Part(field=field, width=size, zero=bool(zero)))
        at = match.end()
    parts.append(_literal(fmt[at:]))
    pieces = tuple(p for p in parts if p.literal or p.field)

    def name(section: str, col: int, row: int) -> str:
        out = []
        for p in pieces:
            if not p.field:
                out.append(p.literal)
            elif p.field == "section":
                out.append(section)
            else:
                number = col if p.field == "col" else row
                if p.zero:  # as format(n, "0Nd"): the sign first, then the zeros
                    sign = "-" if number < 0 else ""
                    out.append(sign + str(abs(number)).rjust(p.width - len(sign), "0"))
                else:
                    out.append(str(number).rjust(p.width))
        return "".join(out)

    return name


def _literal(text: str) -> _Part:
    if "{" in text or "}" in text:
        raise PrintedIdError("a brace outside a field: write fields as {section}, {col}, {row}")
    return _Part(literal=text)
