"""Layouts: board sections placed on one hex grid and assembled into a single map.

A :class:`SectionPlacement` puts a :class:`~model.board.BoardSection` on the global grid by a
whole-hex offset and an optional 180-degree flip (the only turns that keep flat-topped columns
upright). :func:`assemble` checks the placements and builds an :class:`AssembledMap` in which every
hex knows its section(s) and printed name(s).

Seams: where two sections' long edges meet, each contributes half of the hexes cut by its edge,
and the two halves make one hex. That hex has a name on each section (Armor: the hex between
J1511 and K3723 is both J1512 and K3724). Both names resolve to it; the **canonical name** is
the one on the section whose label sorts first, the same section whose Directional Hexagon
governs the hex in Armor [OP II.D.2.b].
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from model.board import BoardSection
from model.grid import CellKind
from model.hexes import DIRECTIONS, ORIGIN, Hex, Hexside

#: A hex made without the named tuple's Python ``__new__`` (see :mod:`model.hexes`): placing a
#: section makes one per cell.
_new: Final = tuple.__new__

if TYPE_CHECKING:
    from model.edges import MapEdges


@dataclass(frozen=True, slots=True)
class SectionPlacement:
    """Where one section lies on the global grid.

    Attributes:
        section: the board id.
        offset: the global hex of the section's local origin (after the flip).
        flipped: turned 180 degrees about its local origin before the offset.
        label: the prefix of its printed names; defaults to the section id. Two copies of one
            board need different labels.
    """

    section: str
    offset: Hex = ORIGIN
    flipped: bool = False
    label: str = ""

    @property
    def name(self) -> str:
        return self.label or self.section

    def to_global(self, local: Hex) -> Hex:
        oq, or_ = self.offset
        if self.flipped:
            return _new(Hex, (oq - local[0], or_ - local[1]))
        return _new(Hex, (oq + local[0], or_ + local[1]))

    def to_local(self, global_hex: Hex) -> Hex:
        dq, dr = global_hex[0] - self.offset[0], global_hex[1] - self.offset[1]
        return _new(Hex, (-dq, -dr) if self.flipped else (dq, dr))

    def global_compass(self, local_compass: int) -> int:
        """A compass direction in the section's own frame as a global compass direction."""
        return (local_compass + (3 if self.flipped else 0)) % 6

    def local_compass(self, global_compass: int) -> int:
        return (global_compass + (3 if self.flipped else 0)) % 6


@dataclass(frozen=True, slots=True)
class Part:
    """One section's share of a map hex."""

    placement: int
    local: Hex
    kind: CellKind  # in the global frame: a flipped section's halves are swapped


@dataclass(frozen=True, slots=True)
class MapHex:
    """One hex of an assembled map.

    ``names`` holds the canonical name first. A seam hex has two parts (two halves) and two
    names; a half-hex on the map's outer edge has one part whose kind is a half.
    """

    hex: Hex
    parts: tuple[Part, ...]
    names: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.names[0]

    @property
    def is_seam(self) -> bool:
        return len(self.parts) > 1

    @property
    def is_edge_half(self) -> bool:
        return len(self.parts) == 1 and self.parts[0].kind is not CellKind.FULL


class LayoutError(ValueError):
    """The placements do not make a legal map; ``reasons`` says every way in which."""

    def __init__(self, reasons: Sequence[str]) -> None:
        self.reasons = list(reasons)
        super().__init__("; ".join(self.reasons))


@dataclass(frozen=True)
class AssembledMap:
    """Sections placed and joined: the map every other part of Hexwright works on."""

    placements: tuple[SectionPlacement, ...]
    sections: Mapping[str, BoardSection]  # by board id
    hexes: Mapping[Hex, MapHex]
    by_name: Mapping[str, Hex] = field(repr=False)

    def section_of(self, placement: SectionPlacement) -> BoardSection:
        return self.sections[placement.section]

    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def __len__(self) -> int:
        return len(self.hexes)

    def name(self, h: Hex) -> str:
        """The canonical printed name of a map hex."""
        return self.hexes[h].name

    def resolve(self, text: str) -> Hex:
        """The hex a printed name refers to.

        Accepts any of a hex's names in any letter case, with or without a ``/`` after the
        section letter (``J1512``, ``k3724``, ``C/1508``), and a bare ``CCRR`` when exactly one
        section has a hex so numbered (the book's ``4032``).

        Raises:
            KeyError: with a message saying why the name does not resolve.
        """
        key = normalize_name(text)
        found = self.by_name.get(key)
        if found is not None:
            return found
        if key.isdigit() and len(key) == 4:
            matches = sorted({h for n, h in self.by_name.items() if n[-4:] == key and n != key})
            if len(matches) == 1:
                return matches[0]
            if matches:
                names = ", ".join(sorted(self.name(h) for h in matches))
                raise KeyError(f"'{text}' is on more than one section ({names}); add the letter")
        raise KeyError(f"no hex '{text}' on this layout")

    def resolve_hexside(self, text: str) -> tuple[Hex, Hex]:
        """The two hexes a hexside's text names, ``A/B``, each a name :meth:`resolve` reads.

        A name may hold a ``/`` itself (Soldiers' ``C/2519``: the side ``C/2519/C/2518``), so
        the text is split at each ``/`` in turn; the first split whose two names both resolve,
        to adjacent hexes if any split does, counts. Adjacency is the caller's to check.

        Raises:
            KeyError: why it names no two hexes (from the split whose first name resolved,
                when there is one: the more telling message).
        """
        found: tuple[Hex, Hex] | None = None
        first_error: KeyError | None = None  # a split whose first name does not resolve
        telling: KeyError | None = None  # a split whose first name resolves, its second not
        for cut in (i for i, char in enumerate(text) if char == "/"):
            try:
                a = self.resolve(text[:cut])
            except KeyError as exc:
                first_error = first_error or exc
                continue
            try:
                b = self.resolve(text[cut + 1 :])
            except KeyError as exc:
                telling = telling or exc
                continue
            if a.distance(b) == 1:
                return a, b
            found = found or (a, b)
        if found is not None:
            return found
        error = telling or first_error
        if error is None:
            raise KeyError(f"'{text}' is not a hexside: write two hexes' names, as J1203/J1204")
        raise error

    def frame_placement(self, h: Hex) -> SectionPlacement:
        """The placement whose direction numbers apply at ``h``: on a seam, the earliest label."""
        parts = self.hexes[h].parts
        return min((self.placements[p.placement] for p in parts), key=lambda pl: pl.name)

    def direction_to_global(self, h: Hex, number: int) -> int:
        """A book direction number (1-6) read at hex ``h`` as a global compass direction."""
        placement = self.frame_placement(h)
        local = self.section_of(placement).direction_number_to_compass(number)
        return placement.global_compass(local)

    def global_to_direction(self, h: Hex, compass: int) -> int:
        """A global compass direction as the book's direction number (1-6) at hex ``h``."""
        placement = self.frame_placement(h)
        return self.section_of(placement).compass_to_direction_number(
            placement.local_compass(compass)
        )

    def local_hex(self, h: Hex, placement_index: int) -> Hex | None:
        for part in self.hexes[h].parts:
            if part.placement == placement_index:
                return part.local
        return None

    @cached_property
    def edges(self) -> MapEdges:
        """The map's edges, Sides and Corners with the default Side A (worked out once: zones
        and regions ask for them at every edit)."""
        from model.edges import map_edges  # local: model.edges builds on this module

        return map_edges(self)

    @cached_property
    def derived(self) -> dict[object, Any]:
        """Values worked out from the map alone, by a key of their maker's (region evaluation:
        each placement's hexes and printed coordinates), kept as long as the map."""
        return {}

    @cached_property
    def paths_across_joins(self) -> dict[Hexside, frozenset[str]]:
        """Path features (roads, streams) that run on from one section into the next where
        two sections' ends touch without a seam (an end-to-end join).

        A board's paths are hexsides between its own hexes, so a road that runs off a
        section's end stops, in the data, at the last hex: on a long edge it ends in a half-hex
        that the seam completes, but the short ends have no half-hexes. Where a path ends
        (that hex has one hexside of the feature) in a whole hex on the rim of its section, and
        the hex next to it across a seamless join is the end of the same feature on the other
        section, and each has only that one partner, the two ends are one path: the hexside
        between them carries the feature. This is how the printed road of one section meets
        the next one's ("use set ups where the roads meet" [Armor SCN VI.A.1]; End-to-End
        [Setup II.B.2]). Joins with seam hexes add nothing: their paths meet in the seam hex.
        Only sections whose board says so (``grid.paths_cross_ends``: Armor's J, K and L, drawn
        for it) join their paths; other boards' ends are left as printed.
        """
        seamed = {
            (min(p.placement for p in mh.parts), max(p.placement for p in mh.parts))
            for mh in self.hexes.values()
            if mh.is_seam
        }
        ends: dict[tuple[int, str], set[Hex]] = {}
        for index, placement in enumerate(self.placements):
            section = self.sections[placement.section]
            if not section.grid.paths_cross_ends:
                continue
            degree: dict[tuple[Hex, str], int] = {}
            for side, features in section.path_features.items():
                for h in side.hexes:
                    for feature in features:
                        degree[(h, feature)] = degree.get((h, feature), 0) + 1
            for (local, feature), count in degree.items():
                cell = section.cells.get(local)
                whole = cell is not None and cell[2] is CellKind.FULL
                if count == 1 and whole and local in section.rim:
                    ends.setdefault((index, feature), set()).add(placement.to_global(local))
        partners: dict[tuple[Hex, str], set[Hex]] = {}
        for (index, feature), hexes in ends.items():
            for h in hexes:
                for n in h.neighbors():
                    other = self.hexes.get(n)
                    if other is None or other.is_seam or other.parts[0].placement == index:
                        continue
                    there = other.parts[0].placement
                    pair = (min(index, there), max(index, there))
                    if pair not in seamed and n in ends.get((there, feature), ()):
                        partners.setdefault((h, feature), set()).add(n)
        found: dict[Hexside, set[str]] = {}
        for (h, feature), across in partners.items():
            if len(across) != 1:
                continue
            (n,) = across
            if partners.get((n, feature)) == {h}:
                found.setdefault(Hexside.between(h, n), set()).add(feature)
        return {side: frozenset(features) for side, features in found.items()}

    @cached_property
    def seams(self) -> dict[tuple[str, str], list[Hex]]:
        """Seam hexes by the pair of placement names they join, in sorted order."""
        result: dict[tuple[str, str], list[Hex]] = {}
        for h, mh in sorted(self.hexes.items()):
            if mh.is_seam:
                a, b = sorted(self.placements[p.placement].name for p in mh.parts)
                result.setdefault((a, b), []).append(h)
        return result

    @cached_property
    def joins(self) -> list[tuple[int, int]]:
        """Pairs of touching placements (indexes), breadth-first from the first placement."""
        touching = _touching_pairs(self.hexes)
        order: list[tuple[int, int]] = []
        seen = {0}
        frontier = [0]
        while frontier:
            current = frontier.pop(0)
            for other in sorted(
                {b for a, b in touching if a == current} | {a for a, b in touching if b == current}
            ):
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
                    order.append((current, other))
        return order


def normalize_name(text: str) -> str:
    """A printed name in the form used as a lookup key: upper case, no spaces or slash."""
    return text.strip().upper().replace("/", "").replace(" ", "")


def _occupancy(
    placements: Sequence[SectionPlacement], sections: Mapping[str, BoardSection]
) -> dict[Hex, list[Part]]:
    occupied: dict[Hex, list[Part]] = {}
    for index, placement in enumerate(placements):
        section = sections[placement.section]
        oq, or_ = placement.offset.q, placement.offset.r
        sign = -1 if placement.flipped else 1
        for local, (_, _, kind) in section.cells.items():
            g = _new(Hex, (oq + sign * local[0], or_ + sign * local[1]))
            part = Part(index, local, kind.flipped() if sign < 0 else kind)
            bucket = occupied.get(g)
            if bucket is None:
                occupied[g] = [part]
            else:
                bucket.append(part)
    return occupied


def _touching_pairs(
    hexes: Mapping[Hex, MapHex], candidates: Iterable[Hex] | None = None
) -> set[tuple[int, int]]:
    """Pairs of placements that share a seam hex or have adjacent hexes.

    ``candidates`` limits the search to hexes that can touch another section (the rims).
    """
    pairs: set[tuple[int, int]] = set()
    for h in hexes if candidates is None else candidates:
        mh = hexes.get(h)
        if mh is None:
            continue
        mine = {p.placement for p in mh.parts}
        if len(mine) > 1:
            a, b = sorted(mine)
            pairs.add((a, b))
        q, r = h.q, h.r
        for d in DIRECTIONS:
            other = hexes.get(Hex(q + d.q, r + d.r))
            if other is None:
                continue
            for p in other.parts:
                for m in mine:
                    if p.placement != m:
                        pairs.add((m, p.placement) if m < p.placement else (p.placement, m))
    return pairs


# The neighbour across the missing half of a half-hex, by the half that is present. When another
# section holds that hex, the two long edges touch without their half-hexes pairing up. (The
# diagonal neighbours are not checked: they touch a half-hex at a section's corner, where an
# end-to-end or staggered join legitimately leaves a notch in the map's outline.)
_MISSING_SIDE = {
    CellKind.NORTH_HALF: (3,),  # the south half is missing: the hex to the S
    CellKind.SOUTH_HALF: (0,),  # the north half is missing: the hex to the N
}


def placement_cells(placement: SectionPlacement, section: BoardSection) -> dict[Hex, CellKind]:
    """The global hexes a placed section covers, with the part of each it holds."""
    flip = placement.flipped
    oq, or_ = placement.offset.q, placement.offset.r
    cells = section.cells.items()
    if flip:
        return {_new(Hex, (oq - h[0], or_ - h[1])): k.flipped() for h, (_, _, k) in cells}
    return {_new(Hex, (oq + h[0], or_ + h[1])): k for h, (_, _, k) in cells}


def fit(
    occupied: Mapping[Hex, CellKind],
    new: Mapping[Hex, CellKind],
    rim: Iterable[Hex] | None = None,
) -> int:
    """How well a section's cells ``new`` join cells already laid (``occupied``, seams merged).

    Returns -1 when the new cells overlap the old ones or leave half-hexes unmet along a shared
    edge, otherwise the number of contacts (shared seam hexes count three, adjacent pairs one);
    0 means the new section does not touch the others. This is the fast test used when
    searching for a place to put a section; :func:`assemble` gives the reasons in words.

    ``rim`` (the new cells that have a neighbour outside the section) speeds the search up: an
    inner cell can only touch old cells through a neighbour that overlaps them.
    """
    contact = 0
    for g, kind in new.items():
        old = occupied.get(g)
        if old is not None:
            if not kind.completes(old):
                return -1
            contact += 3
    for g in new if rim is None else rim:
        kind = new[g]
        if g in occupied:
            continue
        if kind is not CellKind.FULL:
            across = g.neighbor(3 if kind is CellKind.NORTH_HALF else 0)
            if across in occupied and across not in new:
                return -1
        for d, n in enumerate(g.neighbors()):
            other = occupied.get(n)
            if other is None:
                continue
            if n in new:
                continue
            # An old half-hex whose missing half faces this new hex, left unmatched.
            if (other is CellKind.NORTH_HALF and d == 0) or (
                other is CellKind.SOUTH_HALF and d == 3
            ):
                return -1
            contact += 1
    return contact


def check_placements(
    placements: Sequence[SectionPlacement],
    sections: Mapping[str, BoardSection],
    copies: Mapping[str, int] | None = None,
) -> tuple[dict[Hex, list[Part]], list[str]]:
    """Occupancy of the placements and every reason they do not make a legal map."""
    reasons: list[str] = []
    copies = copies or {}
    counts: dict[str, int] = {}
    labels: set[str] = set()
    for placement in placements:
        if placement.section not in sections:
            reasons.append(f"there is no board section '{placement.section}'")
            continue
        counts[placement.section] = counts.get(placement.section, 0) + 1
        if placement.name in labels:
            reasons.append(
                f"two sections are labelled '{placement.name}'; give each copy its own label"
            )
        labels.add(placement.name)
    for section, n in sorted(counts.items()):
        owned = copies.get(section, 1)
        if n > owned:
            reasons.append(
                f"section {section} is used {n} times but the game has {owned} "
                f"{'copy' if owned == 1 else 'copies'}; say how many you own to use more"
            )
    if reasons:
        return {}, reasons
    occupied = _occupancy(placements, sections)
    reasons.extend(_overlaps(occupied, placements, sections))
    reasons.extend(_unmet_halves(occupied, placements, sections))
    return occupied, reasons


def _label(
    placements: Sequence[SectionPlacement], sections: Mapping[str, BoardSection], part: Part
) -> str:
    placement = placements[part.placement]
    return sections[placement.section].name_of(part.local, placement.name)


def _overlaps(
    occupied: Mapping[Hex, list[Part]],
    placements: Sequence[SectionPlacement],
    sections: Mapping[str, BoardSection],
) -> list[str]:
    found: dict[tuple[int, int], tuple[int, str]] = {}
    for h in sorted(h for h, parts in occupied.items() if len(parts) > 1):
        parts = occupied[h]
        seam = len(parts) == 2 and parts[0].kind.completes(parts[1].kind)
        if seam and parts[0].placement != parts[1].placement:
            continue
        pair = (min(p.placement for p in parts), max(p.placement for p in parts))
        n, example = found.get(pair, (0, ""))
        if not example:
            example = " and ".join(_label(placements, sections, p) for p in parts[:2])
        found[pair] = (n + 1, example)
    reasons = []
    for (i, j), (n, example) in sorted(found.items()):
        reasons.append(
            f"sections {placements[i].name} and {placements[j].name} overlap in {n} "
            f"{'hex' if n == 1 else 'hexes'} (first: {example})"
        )
    return reasons


def _unmet_halves(
    occupied: Mapping[Hex, list[Part]],
    placements: Sequence[SectionPlacement],
    sections: Mapping[str, BoardSection],
) -> list[str]:
    found: dict[tuple[int, int], tuple[int, str]] = {}
    for h in sorted(h for h, parts in occupied.items() if len(parts) == 1):
        part = occupied[h][0]
        if part.kind is CellKind.FULL:
            continue
        for d in _MISSING_SIDE[part.kind]:
            for other in occupied.get(h.neighbor(d), ()):
                if other.placement != part.placement:
                    pair = (
                        min(part.placement, other.placement),
                        max(part.placement, other.placement),
                    )
                    n, example = found.get(pair, (0, _label(placements, sections, part)))
                    found[pair] = (n + 1, example)
                    break
            else:
                continue
            break
    return [
        f"the half-hexes of sections {placements[i].name} and {placements[j].name} do not meet "
        f"({n} left open, first: {example}); shift one section by one column"
        for (i, j), (n, example) in sorted(found.items())
    ]


def assemble(
    placements: Sequence[SectionPlacement],
    sections: Mapping[str, BoardSection],
    copies: Mapping[str, int] | None = None,
) -> AssembledMap:
    """Join placed sections into one map, or raise :class:`LayoutError` with every reason.

    Refused: unknown sections, a section used more often than the copies owned, overlapping
    sections, half-hexes left open where two sections touch, and a map in pieces.
    """
    if not placements:
        raise LayoutError(["the layout has no sections"])
    occupied, reasons = check_placements(placements, sections, copies)
    if reasons:
        raise LayoutError(reasons)
    hexes: dict[Hex, MapHex] = {}
    by_name: dict[str, Hex] = {}
    names_of = [sections[p.section].names(p.name) for p in placements]
    labels = [p.name for p in placements]
    for h, parts in occupied.items():
        if len(parts) == 1:
            part = parts[0]
            ordered: tuple[str, ...] = (names_of[part.placement][part.local],)
        else:
            ordered = tuple(
                n
                for _, n in sorted(
                    (labels[p.placement], names_of[p.placement][p.local]) for p in parts
                )
            )
        hexes[h] = MapHex(h, tuple(parts), ordered)
        for n in ordered:
            by_name[normalize_name(n)] = h
    rims = [
        placement.to_global(local)
        for placement in placements
        for local in sections[placement.section].rim
    ]
    pieces = _pieces(len(placements), _touching_pairs(hexes, rims))
    if len(pieces) > 1:
        groups = "; ".join(", ".join(placements[i].name for i in sorted(p)) for p in pieces)
        raise LayoutError([f"the map is in {len(pieces)} pieces that do not touch: {groups}"])
    return AssembledMap(tuple(placements), dict(sections), hexes, by_name)


def _pieces(n: int, pairs: Iterable[tuple[int, int]]) -> list[set[int]]:
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in pairs:
        parent[root(a)] = root(b)
    groups: dict[int, set[int]] = {}
    for i in range(n):
        groups.setdefault(root(i), set()).add(i)
    return sorted(groups.values(), key=min)
