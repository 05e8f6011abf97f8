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

from model.hexes import Hex, Hexside
from model.systems import GameSystem
from model.terrainview import MapTerrain
from rules.armor.los import base_terrain, blocks_line, height, side_weights, unit_level
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
        self._crests: dict[Hexside, tuple[int, ...]] = {}

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
        view = self.view
        for step in trace(a, b).steps:
            if isinstance(step, HexStep):
                h = step.hex
                if h in (a, b) or h not in view:
                    continue
                top, smoke = self._top(h)
                if tops is not None and h in tops:
                    top = tops[h]
                if smoke or blocks_line(top, ends, (2 * a.distance(h), 2 * b.distance(h))):
                    return False
                continue
            if not isinstance(step, CrossStep | AlongStep):
                continue
            side = step.side
            crests = self._crest(side)
            along = isinstance(step, AlongStep)
            if not (crests or along):
                continue
            weights = side_weights(a, b, side)
            if crests:
                ground = max(self._ground(h) for h in side.hexes)
                if any(blocks_line(ground + level, ends, weights) for level in crests):
                    return False
            if isinstance(step, AlongStep):
                (top_l, smoke_l), (top_r, smoke_r) = self._top(step.left), self._top(step.right)
                if tops is not None:
                    top_l, top_r = tops.get(step.left, top_l), tops.get(step.right, top_r)
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

    def _crest(self, side: Hexside) -> tuple[int, ...]:
        found = self._crests.get(side)
        if found is None:
            found = self._crests[side] = tuple(
                f.level for f in self._sight.features(side) if f.blocks
            )
        return found
