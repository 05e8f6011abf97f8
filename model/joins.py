"""Building layouts: Armor's join notation, the three presets, and snapping a section to others.

Armor records a staggered layout by naming, for each join, two hexes that are adjacent across
it [Setup II.B]: ``K3813-J3801, J1412-L1436``. :func:`layout_from_notation` rebuilds the
placements from such text (the first section named lies at the origin, unflipped; each further
section takes the one flip and offset that makes its hex adjacent to the named hex with the
edges meshing), and :func:`notation_of` writes any connected layout back in that form.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from model.board import BoardSection
from model.grid import CellKind, hex_to_pixel
from model.hexes import ORIGIN, Hex
from model.layout import AssembledMap, LayoutError, SectionPlacement, fit, placement_cells

_PAIR = re.compile(
    r"^\s*([A-Za-z][A-Za-z0-9_]*?)\s*/?\s*(\d{4})\s*-\s*([A-Za-z][A-Za-z0-9_]*?)\s*/?\s*(\d{4})\s*$"
)


class JoinType(enum.StrEnum):
    """How sections are put together [Armor Setup II.B]."""

    EDGE_TO_EDGE = "edge-to-edge"  # long sides touching: sections stacked north to south
    END_TO_END = "end-to-end"  # short sides touching: sections in a row west to east
    STAGGERED = "staggered"  # long sides touching, shifted so the map is not rectangular


@dataclass(frozen=True, slots=True)
class JoinPair:
    """Two hexes, one on each section, adjacent across a join: ``K3813-J3801``."""

    first: str  # section label
    first_id: tuple[int, int]
    second: str
    second_id: tuple[int, int]

    def __str__(self) -> str:
        c1, r1 = self.first_id
        c2, r2 = self.second_id
        return f"{self.first}{c1:02d}{r1:02d}-{self.second}{c2:02d}{r2:02d}"


class NotationError(ValueError):
    """Join notation that cannot be read or cannot be laid out."""


def parse_notation(text: str) -> list[JoinPair]:
    """Read ``"K3813-J3801, J1412-L1436"`` into pairs; raises :class:`NotationError`."""
    pairs = []
    for n, chunk in enumerate(p for p in re.split(r"[,;]", text) if p.strip()):
        match = _PAIR.match(chunk)
        if not match:
            raise NotationError(f"join {n + 1} '{chunk.strip()}' is not two hexes like K3813-J3801")
        a, a_id, b, b_id = match.groups()
        if a.upper() == b.upper():
            raise NotationError(f"join {n + 1} '{chunk.strip()}' names one section twice")
        pairs.append(
            JoinPair(
                a.upper(), (int(a_id[:2]), int(a_id[2:])), b.upper(), (int(b_id[:2]), int(b_id[2:]))
            )
        )
    if not pairs:
        raise NotationError("the join notation is empty; write pairs like K3813-J3801")
    return pairs


def layout_from_notation(text: str, sections: Mapping[str, BoardSection]) -> list[SectionPlacement]:
    """Placements for a layout written in join notation.

    Raises:
        NotationError: unreadable text, an unknown section or hex, a pair that names two
            sections already placed but not adjacent, or a join that no flip and offset can make
            (it "breaks the hex grid").
    """
    pairs = parse_notation(text)
    by_label = {k.upper(): k for k in sections}
    placements: dict[str, SectionPlacement] = {}
    first = pairs[0].first
    _section(first, by_label, sections)
    placements[first] = SectionPlacement(by_label[first], ORIGIN, False, _label(first, by_label))
    pending = list(pairs)
    while pending:
        progress = False
        for pair in list(pending):
            a_known, b_known = pair.first in placements, pair.second in placements
            if a_known and b_known:
                _check_adjacent(pair, placements, sections)
            elif a_known or b_known:
                known, new = (pair.first, pair.second) if a_known else (pair.second, pair.first)
                placements[new] = _place_by_pair(pair, known, new, placements, sections, by_label)
            else:
                continue
            pending.remove(pair)
            progress = True
        if not progress:
            raise NotationError(
                f"join {pending[0]} does not connect to the sections named before it"
            )
    return list(placements.values())


def _label(label: str, by_label: Mapping[str, str]) -> str:
    section = by_label[label]
    return "" if section == label else label


def _section(
    label: str, by_label: Mapping[str, str], sections: Mapping[str, BoardSection]
) -> BoardSection:
    if label not in by_label:
        known = ", ".join(sorted(sections))
        raise NotationError(f"there is no section {label} (the sections are {known})")
    return sections[by_label[label]]


def _local(section: BoardSection, label: str, printed: tuple[int, int]) -> Hex:
    h = section.hex_at(*printed)
    if h is None:
        c, r = printed
        raise NotationError(f"there is no hex {label}{c:02d}{r:02d} on section {section.id}")
    return h


def _check_adjacent(
    pair: JoinPair, placements: Mapping[str, SectionPlacement], sections: Mapping[str, BoardSection]
) -> None:
    a = placements[pair.first]
    b = placements[pair.second]
    ha = a.to_global(_local(sections[a.section], pair.first, pair.first_id))
    hb = b.to_global(_local(sections[b.section], pair.second, pair.second_id))
    if ha.distance(hb) != 1:
        raise NotationError(f"join {pair}: these hexes are not adjacent on the layout so far")


def _place_by_pair(
    pair: JoinPair,
    known: str,
    new: str,
    placements: Mapping[str, SectionPlacement],
    sections: Mapping[str, BoardSection],
    by_label: Mapping[str, str],
) -> SectionPlacement:
    known_id, new_id = (
        (pair.first_id, pair.second_id) if known == pair.first else (pair.second_id, pair.first_id)
    )
    anchor = placements[known]
    anchor_hex = anchor.to_global(_local(sections[anchor.section], known, known_id))
    section = _section(new, by_label, sections)
    local = _local(section, new, new_id)
    laid = _laid(list(placements.values()), sections)
    found: list[tuple[int, SectionPlacement]] = []
    for flipped in (False, True):
        for d in range(6):
            target = anchor_hex.neighbor(d)
            turned = local.rotate180() if flipped else local
            candidate = SectionPlacement(
                section.id, target - turned, flipped, _label(new, by_label)
            )
            contact = _fit(laid, candidate, sections)
            if contact > 0:
                found.append((contact, candidate))
    if not found:
        raise NotationError(
            f"join {pair} breaks the hex grid: no flip or offset of section {new} puts "
            f"{new}{new_id[0]:02d}{new_id[1]:02d} next to "
            f"{known}{known_id[0]:02d}{known_id[1]:02d} "
            "with the sections' edges meeting; check the hex numbers"
        )
    # Several fits happen only when the pair sits at a corner; prefer the longest seam.
    return max(found, key=lambda f: f[0])[1]


def _laid(
    placements: Sequence[SectionPlacement], sections: Mapping[str, BoardSection]
) -> dict[Hex, CellKind]:
    """Cells of placements already laid, a completed seam hex counting as full."""
    laid: dict[Hex, CellKind] = {}
    for placement in placements:
        for g, kind in placement_cells(placement, sections[placement.section]).items():
            laid[g] = CellKind.FULL if g in laid else kind
    return laid


def _fit(
    laid: Mapping[Hex, CellKind],
    candidate: SectionPlacement,
    sections: Mapping[str, BoardSection],
) -> int:
    section = sections[candidate.section]
    rim = [candidate.to_global(h) for h in section.rim]
    return fit(laid, placement_cells(candidate, section), rim)


def notation_of(amap: AssembledMap) -> str:
    """The layout in join notation: one adjacent pair of printed hexes for each join.

    For each join (in breadth-first order from the first section) the pair is chosen among
    whole (not seam, not half) hexes adjacent across it, nearest the middle of the join, so the
    text is deterministic and each hex has a printed number. Worked out once per map (the
    editor's sections panel asks again at every change of the document).
    """
    found: str | None = amap.derived.get(notation_of)
    if found is not None:
        return found
    chunks = []
    for a, b in amap.joins:
        pair = _pair_for(amap, a, b)
        if pair is None:  # pragma: no cover - touching sections always have such a pair
            raise LayoutError([f"no adjacent whole hexes across join {a}-{b}"])
        chunks.append(pair)
    found = amap.derived[notation_of] = ", ".join(chunks)
    return found


def _pair_for(amap: AssembledMap, a: int, b: int) -> str | None:
    candidates: list[tuple[Hex, Hex]] = []
    for h, mh in amap.hexes.items():
        if (
            len(mh.parts) != 1
            or mh.parts[0].placement != a
            or mh.parts[0].kind is not CellKind.FULL
        ):
            continue
        for n in h.neighbors():
            other = amap.hexes.get(n)
            if (
                other
                and len(other.parts) == 1
                and other.parts[0].placement == b
                and other.parts[0].kind is CellKind.FULL
            ):
                candidates.append((h, n))
    if not candidates:
        return None

    def x_of(pair: tuple[Hex, Hex]) -> float:
        return hex_to_pixel(pair[0], 1.0)[0] + hex_to_pixel(pair[1], 1.0)[0]

    middle = sum(x_of(p) for p in candidates) / len(candidates)
    # Nearest the middle of the join, ties broken by the printed names: both are unchanged
    # when the whole map is turned or moved, so the text describes the layout, not its pose.
    h, n = min(
        candidates,
        key=lambda p: (round(abs(x_of(p) - middle), 6), amap.name(p[0]), amap.name(p[1])),
    )
    return f"{amap.name(h)}-{amap.name(n)}"


def preset_layout(
    join: JoinType,
    order: Sequence[str],
    sections: Mapping[str, BoardSection],
    flipped: Sequence[str] = (),
    stagger: int = 0,
) -> list[SectionPlacement]:
    """Placements for a preset: sections in ``order``, north to south (edge-to-edge, staggered)
    or west to east (end-to-end); ``flipped`` names the sections turned 180 degrees; a
    staggered layout shifts each section ``stagger`` columns east of the one before (14 if 0).

    Raises:
        LayoutError: when a section cannot be joined to the previous one that way.
    """
    if join is JoinType.STAGGERED and stagger == 0:
        stagger = 14  # Armor's sections are drawn so that roads meet at a 14-column stagger
    if join is not JoinType.STAGGERED:
        stagger = 0
    placements: list[SectionPlacement] = []
    for label in order:
        if label not in sections:
            raise LayoutError([f"there is no board section '{label}'"])
        flip = label in flipped
        if not placements:
            placements.append(_at_origin(sections[label], flip))
            continue
        placements.append(_next_to(placements, sections, label, flip, join, stagger))
    return placements


def _at_origin(section: BoardSection, flipped: bool) -> SectionPlacement:
    """Put a section over the footprint the unflipped section would have (as near as the grid
    allows: a turned section of an even number of columns lands half a hex off)."""
    if not flipped:
        return SectionPlacement(section.id)
    cells = list(section.cells)
    dq = min(h.q for h in cells) + max(h.q for h in cells)
    # Pixel y in units of one hex height is r + q/2; the turn maps y to (dr + dq/2) - y.
    heights = [h.r + h.q / 2 for h in cells]
    dr = round(min(heights) + max(heights) - dq / 2)
    return SectionPlacement(section.id, Hex(dq, dr), True)


def _extent(
    placements: Sequence[SectionPlacement], sections: Mapping[str, BoardSection]
) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for placement in placements:
        for h in sections[placement.section].cells:
            x, y = hex_to_pixel(placement.to_global(h), 1.0)
            xs.append(x)
            ys.append(y)
    return min(xs), max(xs), min(ys), max(ys)


def _next_to(
    placements: list[SectionPlacement],
    sections: Mapping[str, BoardSection],
    label: str,
    flipped: bool,
    join: JoinType,
    stagger: int,
) -> SectionPlacement:
    previous = placements[-1]
    px0, px1, py0, py1 = _extent([previous], sections)
    base = _at_origin(sections[label], flipped)
    bx0, _bx1, by0, _by1 = _extent([base], sections)
    # Whole columns to move east, and a first guess of rows to move south.
    if join is JoinType.END_TO_END:
        dq = round((px1 - bx0) / 1.5) + 1
        target_top = py0
    else:
        dq = round((px0 - bx0) / 1.5) + stagger
        target_top = py1
    guess = round((target_top - by0) / 1.7320508)
    # A flipped section of an even number of columns meshes only one column over, so try the
    # nearest column shifts in turn: 0, +1, -1, +2, -2.
    laid = _laid(placements, sections)
    for shift in (0, 1, -1, 2, -2):
        best: tuple[float, SectionPlacement] | None = None
        q = dq + shift
        for dr in range(guess - 4, guess + 5):
            candidate = SectionPlacement(base.section, base.offset + Hex(q, dr - (q // 2)), flipped)
            contact = _fit(laid, candidate, sections)
            if contact <= 0:
                continue
            _, _, cy0, _ = _extent([candidate], sections)
            score = abs(cy0 - py0) if join is JoinType.END_TO_END else -contact
            if best is None or score < best[0]:
                best = (score, candidate)
        if best is not None:
            return best[1]
    raise LayoutError([f"section {label} cannot be joined {join.value} to section {previous.name}"])
    return best[1]


def snap(
    placements: Sequence[SectionPlacement],
    index: int,
    sections: Mapping[str, BoardSection],
    reach: int = 3,
) -> SectionPlacement | None:
    """The nearest place for ``placements[index]`` where it joins the others cleanly.

    Tries offsets within ``reach`` columns and rows of where it is, nearest first, keeping its
    flip; returns ``None`` when none meshes. This is how a dragged or turned section snaps to
    the positions where the hex grid meshes.
    """
    others = [p for i, p in enumerate(placements) if i != index]
    moving = placements[index]
    if not others:
        return moving
    laid = _laid(others, sections)
    candidates = sorted(
        (abs(dq) + abs(dr) + abs(dq + dr), dq, dr)
        for dq in range(-reach, reach + 1)
        for dr in range(-reach, reach + 1)
    )
    for _, dq, dr in candidates:
        candidate = SectionPlacement(
            moving.section, moving.offset + Hex(dq, dr), moving.flipped, moving.label
        )
        if _fit(laid, candidate, sections) > 0:
            return candidate
    return None
