"""Terrain overlays placed by a scenario (Armor's terrain units) and the terrain they make.

An overlay counter's shape is a list of axial offsets from its triangle hex in the counter's own
orientation (:class:`~model.tables.OverlayType`). A placement fixes it on the map either by its
two anchors as the book writes them, the hex under the triangle and the hex under the number
code [Armor Setup II.C.1], or by one hex and a rotation in sixths of a turn clockwise. A unit
placed in a hex replaces the printed terrain of that hex [Setup II.C.7]; hills stack, and the
number of hill units in a hex is its level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from model.hexes import Hex
from model.layout import AssembledMap
from model.scenario_map import OverlayPlacement
from model.tables import OverlayCatalog, OverlayType


class OverlayError(ValueError):
    """A placement that does not fit: ``path`` is relative to the placement."""

    def __init__(self, path: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass
class OverlayMap:
    """What the overlays of a scenario put on each hex, bottom to top."""

    stacks: dict[Hex, list[str]] = field(default_factory=dict)  # overlay kinds per hex
    placed: list[tuple[OverlayType, tuple[Hex, ...]]] = field(default_factory=list)

    def terrain(self, h: Hex) -> str | None:
        """The terrain an overlay gives a hex (the top unit), or None if none covers it."""
        stack = self.stacks.get(h)
        return stack[-1] if stack else None

    def hill_levels(self, h: Hex) -> int:
        return sum(1 for kind in self.stacks.get(h, ()) if kind == "hill")

    def kinds(self, h: Hex) -> Sequence[str]:
        return self.stacks.get(h, ())


def rotations_fitting(overlay: OverlayType, triangle: Hex, code: Hex) -> list[int]:
    """Rotations (sixths clockwise) that put the code hex where the placement says."""
    if overlay.code_hex is None:
        return []
    offset = Hex(*overlay.code_hex)
    return [k for k in range(6) if triangle + offset.rotate_cw(k) == code]


def overlay_hexes(overlay: OverlayType, triangle: Hex, rotation: int) -> tuple[Hex, ...]:
    """The map hexes an overlay covers with its triangle hex on ``triangle``."""
    return tuple(triangle + Hex(q, r).rotate_cw(rotation) for q, r in overlay.hexes)


def place_overlays(
    placements: Iterable[OverlayPlacement],
    catalog: OverlayCatalog | None,
    amap: AssembledMap,
) -> tuple[OverlayMap, list[OverlayError]]:
    """Resolve every placement; problems are returned with their path (index in the list)."""
    result = OverlayMap()
    errors: list[OverlayError] = []
    by_id: Mapping[str, OverlayType] = {o.id: o for o in catalog.overlays} if catalog else {}
    used: dict[str, int] = {}
    for i, placement in enumerate(placements):
        overlay = by_id.get(placement.overlay)
        if overlay is None:
            errors.append(
                OverlayError((i, "overlay"), f"there is no overlay '{placement.overlay}'")
            )
            continue
        used[overlay.id] = used.get(overlay.id, 0) + 1
        if used[overlay.id] > overlay.count:
            errors.append(
                OverlayError(
                    (i, "overlay"),
                    f"overlay '{overlay.id}' is used {used[overlay.id]} times; the game has "
                    f"{overlay.count}",
                )
            )
        hexes = _resolve(i, placement, overlay, amap, errors)
        if hexes is None:
            continue
        off_map = [h for h in hexes if h not in amap.hexes]
        if off_map:
            errors.append(
                OverlayError((i,), f"overlay '{overlay.id}' hangs {len(off_map)} hexes off the map")
            )
            continue
        result.placed.append((overlay, hexes))
        for h in hexes:
            result.stacks.setdefault(h, []).append(overlay.kind)
    errors.extend(_stacking_limits(result, catalog, amap))
    errors.extend(_stacking_order(result, catalog, amap))
    return result, errors


def _resolve(
    i: int,
    placement: OverlayPlacement,
    overlay: OverlayType,
    amap: AssembledMap,
    errors: list[OverlayError],
) -> tuple[Hex, ...] | None:
    def hex_of(name: str, key: str) -> Hex | None:
        try:
            return amap.resolve(name)
        except KeyError as exc:
            errors.append(OverlayError((i, key), str(exc.args[0])))
            return None

    if placement.hex is not None:
        anchor = hex_of(placement.hex, "hex")
        return None if anchor is None else overlay_hexes(overlay, anchor, placement.rotation)
    assert placement.triangle is not None  # the model requires both anchors together
    assert placement.code is not None
    triangle = hex_of(placement.triangle, "triangle")
    code = hex_of(placement.code, "code")
    if triangle is None or code is None:
        return None
    fits = rotations_fitting(overlay, triangle, code)
    if not fits:
        errors.append(
            OverlayError(
                (i, "code"),
                f"overlay '{overlay.id}' cannot lie with its triangle on {placement.triangle} "
                f"and its code on {placement.code}: they are not that far apart on the counter",
            )
        )
        return None
    return overlay_hexes(overlay, triangle, fits[0])


def _stacking_limits(
    result: OverlayMap, catalog: OverlayCatalog | None, amap: AssembledMap
) -> list[OverlayError]:
    """Hard 'max-levels' rules: e.g. hills at most four high [Armor Setup II.C.3]."""
    if catalog is None:
        return []
    errors = []
    for rule in catalog.placement_rules:
        if rule.rule != "max-levels" or rule.value is None:
            continue
        kinds = set(rule.overlays)
        for h, stack in sorted(result.stacks.items()):
            levels = sum(1 for kind in stack if kind in kinds)
            if levels > rule.value:
                errors.append(
                    OverlayError(
                        (),
                        f"{amap.name(h)} has {levels} levels of {'/'.join(sorted(kinds))}; "
                        f"at most {rule.value} ({rule.source or rule.text})",
                    )
                )
                break
    return errors


def _stacking_order(
    result: OverlayMap, catalog: OverlayCatalog | None, amap: AssembledMap
) -> list[OverlayError]:
    """'on-top-of' rules: what a unit may lie on [Armor Setup II.C.3-6]. A kind with such rules
    may lie only on the kinds they name; a kind with none lies on no other unit; a Hill unit
    lies only on a larger Hill unit ("only smaller Hill units on top of larger ones")."""
    if catalog is None:
        return []
    allowed: dict[str, set[str]] = {}
    cited: dict[str, str] = {}
    for rule in catalog.placement_rules:
        if rule.rule == "on-top-of":
            for kind in rule.overlays:
                allowed.setdefault(kind, set()).update(rule.terrain)
                cited.setdefault(kind, rule.source or rule.text)
    errors: list[OverlayError] = []
    below: dict[Hex, OverlayType] = {}
    for overlay, hexes in result.placed:
        for h in hexes:
            under = below.get(h)
            if under is None:
                continue
            if under.kind not in allowed.get(overlay.kind, set()):
                where = cited.get(overlay.kind, "Armor [Setup II.C]")
                errors.append(
                    OverlayError(
                        (),
                        f"overlay '{overlay.id}' cannot lie on the {under.kind} unit "
                        f"'{under.id}' at {amap.name(h)} ({where})",
                    )
                )
                break
            if (
                overlay.kind == "hill"
                and under.kind == "hill"
                and (len(overlay.hexes) >= len(under.hexes))
            ):
                errors.append(
                    OverlayError(
                        (),
                        f"hill '{overlay.id}' ({len(overlay.hexes)} hexes) lies on hill "
                        f"'{under.id}' ({len(under.hexes)} hexes) at {amap.name(h)}: only "
                        f"smaller Hill units go on top of larger ones ({cited.get('hill', '')})",
                    )
                )
                break
        for h in hexes:
            below[h] = overlay
    return errors
