"""What the rules read of a side's units and where they are in a scenario file: a catalogue
value with its provenance, the counters a side may use, the path of an entry."""

from __future__ import annotations

from model.catalog import UnitType
from model.provenance import Field_, Value, unwrap
from model.scenario import Side

#: Where an entry is in the scenario file: ``("sides", 1, "forces", 7)``.
PathKey = tuple[str | int, ...]


def counter_pool(side: Side) -> list[str]:
    """The nations whose counters a side uses, in order of preference (Panzer '44: the
    British and Canadians use British counters, then US ones; the French use US ones)."""
    pool = side.counter_pool
    nations = [pool] if isinstance(pool, str) else list(pool or [])
    nations.append(side.nation)
    if side.nation in ("britain", "canada"):
        nations += ["britain", "us"]
    if side.nation == "france":
        nations.append("us")
    return list(dict.fromkeys(nations))


def value_of(unit: UnitType, key: str) -> tuple[object, str | None, str | None]:
    """A unit value with its provenance: (value, source, placeholder); a missing key is
    ``(None, None, None)``."""
    item: Field_ | None = unit.values.get(key)
    if item is None:
        return None, None, None
    if isinstance(item, Value):
        return item.value, item.source, item.placeholder
    if unit.plain_values_are_placeholders:
        return unwrap(item), None, unit.placeholder or "the entry's values are placeholders"
    return item, unit.source, None
