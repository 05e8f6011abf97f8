"""Machinegun Team Area Pinning Fire [OP XXVIII.B] (option ``mg-pinning``).

The book: "The GP Fire may be directed against any or all Leg and/or Towed units in any one
hex, plus those in any one hex adjacent to the first hex. The GP Defense Factors of all the
target units are added together for the combat, which is otherwise handled normally. The
result will apply against all of the target units. Any Knock Out result obtained by Area
Pinning Fire is treated as a Suppressed result, instead." The Game Card: "Area: Used vs. all
Leg & Towed in up to 2 hexes. Total GP Defense Factors."

The order lists its targets (the book: "just the normal listing of the target unit or units"),
the first as its Direct Fire and the others after "PA" (``order us.MG.1 F-19 PA-20,21``, our
notation of the announcement, :attr:`rules.armor.orders.Order.area`).

Our readings:

- each target must be one the Team could be ordered to fire at (sighted, in its Field of Fire
  and range [AG VI.A]); the fire is one GP fire, one roll, resolved in the Direct Fire Phase;
- the GP Factor, its modifiers and the firer's own dice modifiers (crew losses, Poor Morale)
  are those of the shot at the first target; a target's own dice modifier (a Hasty
  Entrenchment's -10 [OP XXXII.D]) counts only when every target has it; no +10 (Normal
  Pinning Fire's [OP XXVIII.A]);
- an Area Pinning Fire names at least two targets (with one it would be Normal Pinning Fire
  without its +10);
- a target Knocked Out before the fire is left out of the total; with the first gone the fire
  is cancelled, as any Direct Fire whose target is gone [AG VI.A].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.events import GpFire
from rules.armor.gp import (
    GP_FACTOR_PLACEHOLDER,
    GpAim,
    defense,
    effects,
    gp_aim,
    hit_line,
    result_of,
)
from rules.armor.optional import PINNING, in_use, morale, supply
from rules.armor.optional.entrench import SHELTER, shelters
from rules.armor.optional.pinning import may_pin
from rules.armor.orders import Order
from rules.engine.events import Modifier
from rules.engine.play import Chance

if TYPE_CHECKING:
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState

RULE = "[OP XXVIII.B]"
WORDS = "Area Pinning Fire: GP Defense Factors of all targets added, Knock Out is Suppressed"


def targets(order: Order) -> tuple[str, ...]:
    """Every target of an Area Pinning Fire order, the first its Direct Fire's."""
    return (order.fire, *order.area) if order.fire is not None else order.area


def why_not(state: ArmorState, order: Order) -> str | None:
    """Why an Area Pinning Fire order may not be plotted, or None [OP XXVIII.B]."""
    from rules.armor.fire import why_not_fire

    if not in_use(state.game, PINNING):
        return "Pinning Fire is an Optional Rule the scenario does not use [OP XXVIII]"
    if order.fire is None or order.opportunity or order.assault or order.pinning:
        return "Area Pinning Fire is a Direct Fire, not Normal Pinning Fire too [OP XXVIII.B]"
    aimed = targets(order)
    if len(set(aimed)) != len(aimed):
        return "a target is listed twice [OP XXVIII.B]"
    for t in aimed:
        if t not in state.game.units or not may_pin(state, order.unit, t):
            return (
                "only Leg Machinegun Team units fire Area Pinning Fire, at Leg and Towed units "
                f"(not {t}) [OP XXVIII; XXVIII.B]"
            )
        if t not in state.troops.hexes:
            return f"{t} is not on the map"
        why = why_not_fire(state, order.unit, t, bool(order.moves))
        if why is not None:
            return f"{t}: {why}"
    return _why_not_hexes(state, aimed)


def _why_not_hexes(state: ArmorState, aimed: tuple[str, ...]) -> str | None:
    first = state.troops.hexes[aimed[0]]
    others = {state.troops.hexes[t] for t in aimed} - {first}
    if len(others) > 1 or any(h.distance(first) != 1 for h in others):
        return "its targets are in one hex plus one hex adjacent to it [OP XXVIII.B]"
    return None


def options(state: ArmorState, unit: str, fireable: list[str]) -> list[Order]:
    """The Area Pinning Fire orders ``unit`` may plot, at the targets ``fireable`` it may fire
    at: for each of their hexes, all of them in it, and all of them in it with those of each
    adjacent hex, whenever that makes two or more targets [OP XXVIII.B]."""
    if not in_use(state.game, PINNING):
        return []
    by_hex: dict[Hex, list[str]] = {}
    for t in sorted(t for t in fireable if may_pin(state, unit, t)):
        by_hex.setdefault(state.troops.hexes[t], []).append(t)
    found: list[Order] = []
    seen: set[frozenset[str]] = set()
    for h in sorted(by_hex, key=state.game.name):
        groups = [by_hex[h]] + [by_hex[h] + by_hex[n] for n in h.neighbors() if n in by_hex]
        for group in groups:
            if len(group) < 2 or frozenset(group) in seen:
                continue
            seen.add(frozenset(group))
            found.append(Order(unit, fire=group[0], area=tuple(group[1:])))
    return found


def _aim(state: ArmorState, firer: str, order: Order) -> tuple[GpAim, list[str], int, str]:
    """The first target's GP shot, the targets still on the map, their total GP Defense
    Factor and how it was added."""
    aimed = [t for t in targets(order) if t in state.troops.hexes]
    shot = gp_aim(state, firer, aimed[0])
    parts, total = [], 0
    for t in aimed:
        d = defense(state, t, state.hexes_ordered(t) > 0)
        total += d.value
        parts.append(f"{t} {d.value}")
    why = f"the targets' GP Defense Factors added ({' + '.join(parts)}) {RULE}"
    return shot, aimed, total, why


def resolve(state: ArmorState, firer: str, order: Order) -> list[Pending]:
    """The Area Pinning Fire of ``firer``'s order in the Direct Fire Phase: one GP fire at
    the total GP Defense Factor, its result against every target, a Knock Out as Suppressed
    [OP XXVIII.B]; the results not yet applied [AG VI.A]."""
    from rules.armor.fire import Pending

    shot, aimed, total, why = _aim(state, firer, order)
    dice = _dice(state, shot.dice_modifiers, aimed)
    n, s, note = hit_line(total, shot.column)
    roll, _ = morale.roll(state, firer, f"Area Pinning Fire {firer} at {', '.join(aimed)}", False)
    supply.expend(state, firer, supply.gp_shots(state, firer, shot.range, shot.moving, False))
    modified = roll + sum(m.value for m in dice)
    result = result_of(roll, modified, n, s) if shot.modified_factor > 0 else "N"
    if result == "K":
        result = "S"  # "treated as a Suppressed result, instead" [OP XXVIII.B]
    found = effects(state, firer, aimed[0], shot.range, result)
    rule = f"[ADV VI.B; GC1 GP Hit Table, Effects of GP Hits] ({WORDS} {RULE})"
    notes = [GP_FACTOR_PLACEHOLDER, note]
    state.emit(
        GpFire(
            firer,
            ", ".join(aimed),
            shot.range,
            shot.hexes,
            "MV" if shot.moving else "NM",
            shot.factor,
            shot.modifiers,
            shot.modified_factor,
            shot.column,
            total,
            why,
            tuple(dice),
            n,
            s,
            roll,
            modified,
            result,
            "Any vs. Leg or Towed",
            found,
            rule,
            placeholder="; ".join(dict.fromkeys(x for x in notes if x)),
            verb="fires Area Pinning Fire at",
        )
    )
    return [Pending(t, e, firer) for t in aimed for e in found]


def _dice(state: ArmorState, dice: tuple[Modifier, ...], aimed: list[str]) -> list[Modifier]:
    """The first shot's dice modifiers, a Hasty Entrenchment's only when every target has
    one (our reading)."""
    every = all(shelters(state, t) for t in aimed)
    return [m for m in dice if m != SHELTER or every]


def chance(state: ArmorState, order: Order) -> Chance:
    """The odds of the order's Area Pinning Fire if the targets stood as now: one Suppressed
    result for all of them [OP XXVIII.B]."""
    shot, aimed, total, why = _aim(state, order.unit, order)
    dice = _dice(state, shot.dice_modifiers, aimed)
    n, s, _ = hit_line(total, shot.column)
    shift = sum(m.value for m in dice)
    hurt = sum(1 for r in range(1, 101) if result_of(r, r + shift, n, s) != "N")
    text = (
        f"Area Pinning Fire at {', '.join(aimed)}: GP {shot.modified_factor} (column "
        f"{shot.column}) against {why}: N {n:02d}, S {s:02d}; all Suppressed on {hurt} in 100 "
        f"{RULE}"
    )
    return Chance(", ".join(aimed), text, hurt / 100 if shot.modified_factor > 0 else 0.0)
