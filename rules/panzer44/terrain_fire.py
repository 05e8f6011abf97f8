"""Panzer '44 terrain against fire: the single best benefit a target draws from its hex, its
Improved Position or a hexside the fire crosses into it [10.21]-[10.25], [12.1], each candidate
explained, and the terrain data's effects with their provenance (:func:`effect`).

A crest or slope hexside counts when the line of fire crosses it into the target's hex (both
sides of a corner the line passes through: a placeholder reading, the book does not speak of
corners); never against H Class fire [10.22]; a slope only for the unit in the splashed hex
[10.31]; a Soft target plotted to move loses all benefit [7.4].
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from model.catalog import terrain_types
from model.hexes import Hex, Hexside
from model.provenance import Field_, Value, unwrap
from model.systems import GameSystem
from rules.engine.events import Modifier
from rules.los.geometry import CornerStep, CrossStep, trace
from rules.panzer44.setup import UnitSpec

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

P44 = "Panzer '44"


def effect(terrain_id: str, key: str) -> tuple[Field_ | None, str]:
    """A terrain effect's value and its provenance (``source`` or ``placeholder: ...``)."""
    found = terrain_types(GameSystem.PANZER44).get(terrain_id)
    if found is None or key not in found.effects:
        return None, ""
    item = found.effects[key]
    if isinstance(item, Value):
        return item, item.source or f"placeholder: {item.placeholder}"
    return item, found.source or ""


def terrain_modifier(
    state: Panzer44State, spec: UnitSpec, origin: Hex | None, target: str
) -> tuple[int, list[Modifier]]:
    """The single best terrain benefit of ``target`` against fire of ``spec`` from ``origin``
    (None: from no hex, e.g. indirect fire) [10.21]-[10.25], with every candidate."""
    game = state.game
    tgt = game.specs[target]
    if not tgt.hard and target in state.plotted_to_move():
        what = "a Soft target plotted to move loses all benefit of terrain"
        return 0, [Modifier(what, 0, "[7.4]")]
    h = state.board.hexes[target]
    found: list[Modifier] = []
    terrain_id = game.terrain.terrain(h)
    value, source = effect(terrain_id, "die_roll_modifier")
    if value is not None and int(str(unwrap(value))):
        found.append(_terrain_mod(f"{terrain_id} in {game.amap.name(h)}", value, source))
    if (
        state.forts.inside.get(target) == h and h in state.forts.ips
    ):  # [12.1] (rules.panzer44.fortifications)
        value, source = effect("improved-position", "die_roll_modifier")
        if value is not None:
            what = f"inside an Improved Position in {game.amap.name(h)}"
            found.append(_terrain_mod(what, value, source))
    for side in entry_sides(origin, h) if origin is not None else ():
        for feature in sorted(game.terrain.hexside_features(side)):
            mod = _hexside_mod(state, spec, h, side, feature)
            if mod is not None:
                found.append(mod)
    usable = [m for m in found if m.applied]
    best = min(usable, key=lambda m: m.value, default=None)
    result = [
        m if m is best or not m.applied else _unused(m, "[10.25] only the best benefit")
        for m in found
    ]
    return (best.value if best else 0), result


def _terrain_mod(what: str, value: Field_, source: str) -> Modifier:
    placeholder = source.removeprefix("placeholder: ") if source.startswith("placeholder") else None
    return Modifier(what, int(str(unwrap(value))), f"[10.21] ({source or P44})", True, placeholder)


def _unused(m: Modifier, why: str) -> Modifier:
    return Modifier(m.what, m.value, f"{m.rule}; {why}", False, m.placeholder)


def _hexside_mod(
    state: Panzer44State, spec: UnitSpec, h: Hex, side: Hexside, feature: str
) -> Modifier | None:
    value, source = effect(feature, "die_roll_modifier")
    if value is None or not int(str(unwrap(value))):
        return None
    mod = _terrain_mod(f"{feature} hexside crossed into the target's hex", value, source)
    h_fire, _ = effect(feature, "affects_h_fire")
    if spec.weapon_class == "H" and h_fire is not None and unwrap(h_fire) is False:
        return _unused(mod, "hexsides never affect H Class fire [10.22], [10.4]")
    uphill, _ = effect(feature, "uphill_only")
    if uphill is not None and unwrap(uphill) is True:
        lower = state.game.terrain.lower(side, feature)
        if lower != h:
            return _unused(mod, "the target is not in the slope-splashed hex [10.31]")
    return mod


def entry_sides(a: Hex, b: Hex) -> list[Hexside]:
    """The hexsides of ``b`` a line from ``a``'s centre crosses to reach ``b``: one, or both
    sides at a corner it passes through (a placeholder: the book does not speak of corners;
    read as crossing both)."""
    return list(_entry_sides(a, b))


@functools.lru_cache(maxsize=1 << 16)
def _entry_sides(a: Hex, b: Hex) -> tuple[Hexside, ...]:
    """:func:`entry_sides`, kept: pure geometry of the two hexes, the same on every map."""
    found: list[Hexside] = []
    for step in trace(a, b).steps:
        if isinstance(step, CrossStep) and step.after == b:
            found.append(step.side)
        elif isinstance(step, CornerStep) and step.after == b:
            for n in (step.before, step.touched):
                if n.distance(b) == 1:
                    found.append(Hexside.between(n, b))
    return tuple(found)
