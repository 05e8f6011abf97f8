"""Armor's line of sight between two units on the ground as a yes/no answer [AG IV.B].

:func:`rules.los.query.line_of_sight` works a line out in full: every obstacle with the level
it tops out at, the rule and a sentence for the designer (:func:`rules.armor.los.armor`). The
Sighting Phase asks every pair of enemy units whether they sight each other, Turn after Turn,
and needs only the verdict; when a line is blocked the engine asks the full query for the
explanation it writes.

:class:`SightTable` gives exactly the full query's verdict for two units at their hexes' levels
(the engine's units stand on the ground; a unit upstairs [AG IV.B.1.h(3)] takes the full query,
:func:`rules.armor.storeys.line`), by the same rules in the same order, with what each hex and
hexside contributes worked out once per map view (the view is made afresh whenever the terrain
changes, so it never goes stale) and the first blocking obstacle ending the line:

- Smoke (or Fire) in either end's hex blocks [OP IX.A.5; OP XI.D], unless the hexes are the
  same or adjacent, which always sight each other [GC2 note];
- a hex passed through blocks at every level with Smoke, else when its top is above the line
  between the units' levels (the placeholder height rule, :data:`rules.armor.los.HEIGHTS`);
- a blocking hexside feature (a Crest) crossed or run along, at the higher of its hexes' ground
  plus its level; a line run along a hexside, by the lower of the two hexes (our reading,
  :data:`rules.armor.los.ALONG`).

``tests/test_armor_sight_table.py`` compares it with the full query over many pairs of every
built-in Armor map.
"""

from __future__ import annotations

import functools

from model.hexes import Hex, Hexside
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.armor.los import base_terrain, blocks_line, height, unit_level
from rules.los.core import Sight
from rules.los.geometry import AlongStep, CrossStep, HexStep, trace
from rules.los.terrain import terrain_table

__all__ = ["SightTable"]


class SightTable:
    """Armor's verdict for two units on the ground of one map: :meth:`clear` is True exactly
    when :func:`rules.los.query.line_of_sight` (heights ``ground``) would not say
    ``blocked``."""

    def __init__(self, view: MapTerrain) -> None:
        self.view = view
        # One Sight for the whole map: the rules' per-hex readings (ground, terrain) take
        # only its view and table, and it keeps their memos across lines.
        anywhere = next(view.hexes(), Hex(0, 0))
        self._sight = Sight(view, trace(anywhere, anywhere), terrain_table(GameSystem.ARMOR))
        self._tops: dict[Hex, tuple[int, bool]] = {}
        self._levels: dict[Hex, int] = {}
        self._smoke: dict[Hex, bool] = {}
        self._crests: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def clear(self, a: Hex, b: Hex) -> bool:
        """Whether the line of sight from a unit on the ground in ``a`` to one in ``b`` is not
        blocked [AG IV.B]; both hexes on the map."""
        if a.distance(b) <= 1:
            return True  # the same hex, or adjacent: always sighted [GC2 note]
        if self._smoky(a) or self._smoky(b):
            return False  # [OP IX.A.5]: out of and into a Smoke hex
        return self._through(a, b, (self._level(a), self._level(b)), None)

    def clear_with(self, a: Hex, b: Hex, ends: tuple[int, int], tops: dict[Hex, int]) -> bool:
        """:meth:`clear` for units at the levels ``ends`` (not their hexes'), the hexes of
        ``tops`` topping out there instead of at their terrain's level (the Terrain Support
        units set up in play: :mod:`rules.armor.support.obstacles`)."""
        if a.distance(b) <= 1:
            return True  # [GC2 note]
        if self._smoky(a) or self._smoky(b):
            return False  # [OP IX.A.5]
        return self._through(a, b, ends, tops)

    def _through(self, a: Hex, b: Hex, ends: tuple[int, int], tops: dict[Hex, int] | None) -> bool:
        # The line's shape from a to b, traced once per offset (:func:`_plan`), moved to a.
        inside, aq, ar = self.view.amap.hexes, a[0], a[1]
        known_tops, known_crests = self._tops, self._crests
        for step in _plan(b[0] - aq, b[1] - ar):
            kind = step[0]
            if kind == _HEX:
                h = _new(Hex, (aq + step[1], ar + step[2]))
                if h not in inside:
                    continue
                found = known_tops.get(h)
                top, smoke = found if found is not None else self._top(h)
                if tops is not None and h in tops:
                    top = tops[h]
                if smoke or blocks_line(top, ends, (step[3], step[4])):
                    return False
                continue
            key = (aq + step[1], ar + step[2], step[3])
            crests = known_crests.get(key)
            if crests is None:
                crests = self._crest(key)
            along = kind == _ALONG
            if not (crests or along):
                continue
            weights = (step[4], step[5])
            if crests:
                side = Hexside(_new(Hex, (key[0], key[1])), key[2])
                ground = max(self._ground(h) for h in side.hexes)
                if any(blocks_line(ground + level, ends, weights) for level in crests):
                    return False
            if along:
                left = _new(Hex, (aq + step[6], ar + step[7]))
                right = _new(Hex, (aq + step[8], ar + step[9]))
                (top_l, smoke_l), (top_r, smoke_r) = self._top(left), self._top(right)
                if tops is not None:
                    top_l, top_r = tops.get(left, top_l), tops.get(right, top_r)
                if smoke_l and smoke_r:
                    return False
                if blocks_line(min(top_l, top_r), ends, weights):
                    return False
        return True

    def top(self, h: Hex) -> int:
        """The level ``h``'s terrain tops out at, as a line through it meets it."""
        return self._top(h)[0]

    def ground(self, h: Hex) -> int:
        """``h``'s ground level (its stacked Hills)."""
        return self._sight.ground(h)

    def level(self, h: Hex) -> int:
        """The level of a unit on the ground in ``h`` [AG IV.B.1.h]."""
        return self._level(h)

    def _ground(self, h: Hex) -> int:
        return self._sight.ground(h)

    def _level(self, h: Hex) -> int:
        found = self._levels.get(h)
        if found is None:
            found = self._levels[h] = unit_level(self._sight, h)
        return found

    def _top(self, h: Hex) -> tuple[int, bool]:
        found = self._tops.get(h)
        if found is None:
            top, t = height(self._sight, h)
            found = self._tops[h] = (top, t is not None and t.all_levels)
        return found

    def _smoky(self, h: Hex) -> bool:
        found = self._smoke.get(h)
        if found is None:
            t = base_terrain(self._sight, h)
            found = self._smoke[h] = t is not None and t.all_levels
        return found

    def _crest(self, key: tuple[int, int, int]) -> tuple[int, ...]:
        """The levels of the blocking features on the hexside ``key`` (its canonical hex's q
        and r, and its direction)."""
        found = self._crests.get(key)
        if found is None:
            side = Hexside(_new(Hex, (key[0], key[1])), key[2])
            found = self._crests[key] = tuple(
                f.level for f in self._sight.features(side) if f.blocks
            )
        return found


#: What a compiled line step is: a hex passed through, a hexside crossed, one run along.
_HEX, _CROSS, _ALONG = 0, 1, 2

#: Why: a hex made by ``tuple.__new__`` skips the named tuple's ``__new__`` written in Python.
_new = tuple.__new__


@functools.lru_cache(maxsize=4096)
def _plan(dq: int, dr: int) -> tuple[tuple[int, ...], ...]:
    """The line from the origin to ``(dq, dr)`` (:func:`rules.los.geometry.trace`), as what
    :meth:`SightTable._through` reads, in integers: ``(_HEX, q, r, weight from a, weight from
    b)`` for each hex passed through between the ends, ``(_CROSS, q, r, direction, weights)``
    for each hexside crossed and ``(_ALONG, q, r, direction, weights, left q, left r, right
    q, right r)`` for each run along (a hexside by its canonical hex and direction).

    Why: a line's shape depends only on the offset between its ends (the grid looks the same
    from every hex), and tracing it was a third of an Armor game's time; a map's lines share
    a few thousand offsets, each traced once per process. Bounded: some 10 KB a long line,
    4,096 lines at most (40 MB), the least recently used going first."""

    def far(q: int, r: int) -> tuple[int, int]:  # the distances of (q, r) from a and b
        return max(abs(q), abs(r), abs(q + r)), max(abs(q - dq), abs(r - dr), abs(q + r - dq - dr))

    found: list[tuple[int, ...]] = []
    for step in trace(Hex(0, 0), Hex(dq, dr)).steps:
        if isinstance(step, HexStep):
            q, r = step.hex
            da, db = far(q, r)
            if da and db:  # not an end
                found.append((_HEX, q, r, 2 * da, 2 * db))
        elif isinstance(step, CrossStep | AlongStep):
            # the side's two hexes, weighed as side_weights() does
            x, y = (
                (step.before, step.after)
                if isinstance(step, CrossStep)
                else (step.left, step.right)
            )
            (xa, xb), (ya, yb) = far(*x), far(*y)
            side = step.side
            row: tuple[int, ...] = (side.hex.q, side.hex.r, side.direction, xa + ya, xb + yb)
            if isinstance(step, AlongStep):
                row = (_ALONG, *row, x.q, x.r, y.q, y.r)
            else:
                row = (_CROSS, *row)
            found.append(row)
    return tuple(found)
