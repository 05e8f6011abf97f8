"""The rows of the Order of Battle panel's forces list, worked out without Qt.

Entries are grouped by formation (a heading row per formation, in the order they first appear,
then the entries in none) when the side names any; an entry riding on another is listed,
indented, under its carrier; an entry standing on a hex over the book's stacking limit carries
the finding and its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from model.catalog import UnitType
from model.hexes import Hex
from model.scenario import ForceEntry, HexPlacement, Placement, Side
from model.systems import GameSystem
from rules.registry import rules_for

#: Armor's formations hold 3-7 units, each with an HQ [OP XIV].
ARMOR_FORMATION = (3, 7, "Armor [OP XIV]")


@dataclass(frozen=True)
class ForceRow:
    """One row: an entry (``index`` in the side's forces) or a formation heading (None)."""

    index: int | None
    text: str
    tip: str = ""
    rider: bool = False
    flag: str = ""


def describe_placement(placement: Placement | None) -> str:
    """Where an entry starts, in a few words."""
    if placement is None:
        return "set-up not given"
    if isinstance(placement, HexPlacement):
        facing = f", facing {placement.facing}" if placement.facing is not None else ""
        return f"on {placement.hex}{facing}"
    region = getattr(placement, "region", None)
    where = _region_text(region) if region is not None else ""
    words = {
        "area": f"in {where}",
        "entry": f"enters turn {getattr(placement, 'turn', 1)} at {where}",
        "airdrop": "airdrop",
        "mode": "by deployment mode",
        "off-map": "off the map",
    }
    return words.get(placement.kind, placement.kind)


def _region_text(region: object) -> str:
    edge = getattr(region, "edge", None)
    if edge is not None:
        return f"edge {edge}"
    return str(getattr(region, "kind", "a region")).replace("-", " ")


def force_rows(
    side: Side,
    unit_of: Callable[[str], UnitType | None],
    flags: Mapping[int, str],
    system: GameSystem | None = None,
) -> list[ForceRow]:
    """The list's rows for a side: headings, entries, riders under their carriers.

    Args:
        side: the side shown.
        unit_of: the catalogue entry of a unit code (None when unknown).
        flags: entry index -> what is wrong with the stack it stands in (with the rule).
        system: the game, for Armor's formation size.
    """
    labels = {e.label: i for i, e in enumerate(side.forces) if e.label}
    riders: dict[int, list[int]] = {}
    tops: list[int] = []
    for i, entry in enumerate(side.forces):
        carrier = labels.get(entry.mounted_on or "")
        if carrier is not None and carrier != i:
            riders.setdefault(carrier, []).append(i)
        else:
            tops.append(i)
    groups: dict[str | None, list[int]] = {}
    for i in tops:
        groups.setdefault(side.forces[i].formation, []).append(i)
    headed = any(name is not None for name in groups)
    rows: list[ForceRow] = []
    for name in sorted(groups, key=lambda n: n is None):  # named ones first, in file order
        members = groups[name]
        if headed:
            rows.append(_heading(side, name, members, riders, system))
        for i in members:
            rows.append(_entry_row(side, i, unit_of, flags, False))
            rows.extend(_entry_row(side, j, unit_of, flags, True) for j in riders.get(i, []))
    return rows


def _heading(
    side: Side,
    name: str | None,
    members: list[int],
    riders: Mapping[int, list[int]],
    system: GameSystem | None,
) -> ForceRow:
    everyone = [*members, *(j for i in members for j in riders.get(i, []))]
    units = sum(side.forces[i].count for i in everyone)
    if name is None:
        return ForceRow(None, f"Not in a formation  ({units} units)")
    text = f"Formation {name}  ({units} unit{'s' if units != 1 else ''})"
    tip = "Entries whose formation is this name; set it in the Formation box"
    low, high, rule = ARMOR_FORMATION
    formations = system is not None and "formations" in rules_for(system).features
    if formations and not low <= units <= high:
        text += f"  ⚠ the book's formations hold {low}-{high} units ({rule})"
        tip += f"\nFormations hold {low}-{high} units, each with an HQ ({rule})"
    return ForceRow(None, text, tip)


def _entry_row(
    side: Side,
    index: int,
    unit_of: Callable[[str], UnitType | None],
    flags: Mapping[int, str],
    rider: bool,
) -> ForceRow:
    entry = side.forces[index]
    unit = unit_of(entry.unit)
    name = unit.name if unit else f"{entry.unit} (not in the catalogue)"
    where = describe_placement(entry.placement or side.setup)
    if entry.placement is None and side.setup is not None:
        where = f"side set-up: {where}"
    head = f"{entry.count} × {name}" + (f"  [{entry.label}]" if entry.label else "")
    lines = [head, f"    {where}"]
    if rider:
        lines = [f"      ↳ {head}", f"          rides on {entry.mounted_on}; {where}"]
    elif entry.mounted_on:
        lines[1] += f"; rides on '{entry.mounted_on}', which no entry of the side is labelled"
    flag = flags.get(index, "")
    if flag:
        lines.append(f"    ⚠ {flag}")
    return ForceRow(index, "\n".join(lines), _tip(entry), rider, flag)


def _tip(entry: ForceEntry) -> str:
    parts = [f"{entry.unit}: drag onto the map to place the entry on a hex"]
    if entry.ids:
        parts.append(f"Counter IDs: {', '.join(entry.ids)}")
    if entry.formation:
        parts.append(f"Formation: {entry.formation}")
    if entry.note:
        parts.append(entry.note)
    return "\n".join(parts)


def stacking_flags(
    side: Side, over: Mapping[Hex, str], resolve: Callable[[str], Hex]
) -> dict[int, str]:
    """The side's entries standing on a hex of ``over`` (hex -> what is wrong there), by
    index; ``resolve`` turns a printed hex name into a hex (``KeyError``: not on the map)."""
    flags = {}
    for i, entry in enumerate(side.forces):
        placement = entry.placement or side.setup
        if not isinstance(placement, HexPlacement):
            continue
        try:
            h = resolve(placement.hex)
        except KeyError:
            continue
        if h in over:
            flags[i] = over[h]
    return flags
