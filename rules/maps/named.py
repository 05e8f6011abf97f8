"""Units' hexes that a state's snapshot writes by the map's printed names.

Why: Panzer Command's and Soldiers' fingerprints have always named hexes as the map prints
them (``"0605"``), not as ``[q, r]``; a record field's encoder sees only the field's value, so
the value carries the map's namer (:mod:`rules.engine.record`: a value with ``clone()`` is
cloned, and the field says ``encode=HexesByName.snapshot``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from model.hexes import Hex


class HexesByName(dict[str, Hex]):
    """A unit id -> hex mapping that knows the map's name of each hex."""

    def __init__(self, name: Callable[[Hex], str], items: Mapping[str, Hex] | None = None) -> None:
        super().__init__(items or {})
        self.name = name

    def clone(self) -> HexesByName:
        """An independent copy (hexes are immutable, the namer is shared)."""
        return HexesByName(self.name, self)

    def snapshot(self) -> dict[str, str]:
        """Each unit's hex by its printed name, by unit id."""
        name = self.name
        return {u: name(h) for u, h in sorted(self.items())}
