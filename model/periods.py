"""When a unit type came into use, and whether it is available by a date or period.

Dates are compared as (year, month). The catalogues write introduction as a period of the
book's Scenario Period Selection Chart (Armor [SCN III.D.1]: "mid-1944", "late-1944",
"early-1945", "mid-1945"), as "always", or as a date; a period counts from its first month
(early: January, mid: May, late: September: an assumption, the book names no months). A
scenario gives its period (``rules.period``) or its date (``date``).
"""

from __future__ import annotations

import re

from model.catalog import UnitType
from model.provenance import unwrap

YearMonth = tuple[int, int]

#: The first month of each part of a year the books name.
PERIOD_MONTH = {"early": 1, "mid": 5, "late": 9}

_PERIOD = re.compile(r"^(early|mid|late)[- ]?(\d{4})$")
_DATE = re.compile(r"^(\d{4})(?:-(\d{1,2}))?(?:-\d{1,2})?$")

#: The value keys a catalogue writes a unit's introduction under (Armor planes: available).
INTRODUCTION_KEYS = ("introduced", "available")


def parse_when(text: str | None, end: bool = False) -> YearMonth | None:
    """A period ("late-1944"), a year ("1944") or a date ("1944-09", "1944-09-13") as
    (year, month); a bare year is its January, or its December with ``end`` ("available by
    1944" means by the end of it). None when the text is none of these."""
    words = (text or "").strip().lower()
    period = _PERIOD.match(words)
    if period:
        return int(period.group(2)), PERIOD_MONTH[period.group(1)]
    date = _DATE.match(words)
    if date:
        month = date.group(2)
        return int(date.group(1)), int(month) if month else (12 if end else 1)
    return None


def introduction(unit: UnitType, system_units: dict[str, UnitType] | None = None) -> str | None:
    """The catalogue's introduction of a unit ("mid-1944", "always", ...), following a card
    variant to its base unit; None when the catalogue gives none."""
    seen: set[str] = set()
    current: UnitType | None = unit
    while current is not None and current.id not in seen:
        seen.add(current.id)
        for key in INTRODUCTION_KEYS:
            if key in current.values:
                value = unwrap(current.values[key])
                return str(value) if value is not None else None
        base = unwrap(current.values.get("variant_of"))
        current = (system_units or {}).get(str(base)) if base else None
    return None


def available_by(
    unit: UnitType, by: YearMonth, system_units: dict[str, UnitType] | None = None
) -> bool | None:
    """Is the unit in use by ``by``? None when the catalogue does not say when it came
    (``system_units``: its catalogue, to follow a variant to its base unit)."""
    when = introduction(unit, system_units)
    if when is None:
        return None
    if when.strip().lower() == "always":
        return True
    start = parse_when(when)
    return None if start is None else start <= by
