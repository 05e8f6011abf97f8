"""Panzer '44 Indirect Fire, Counterbattery and off-board support: who may plot what.

By the book:

- Indirect Fire (IF) [6.41]-[6.43]: only the units the book names and the mortars and artillery
  (the catalogue's ``indirect_fire`` value; the 75i and 150i are the data library's
  placeholders, and their attacks say so) plot IF at one hex within range [6.92], with a Tight
  or Loose Pattern [6.21], which some friendly unit spots at plot time [6.43], [11.22]. A vacant
  hex may be targeted [6.47]; so may a hex holding an enemy spotted by counterbattery [6.78].
  [6.42] says the firer itself cannot spot the hex, [6.47] that a unit able to fire both may
  fire either "at a given target": the engine follows [6.47] and does not refuse IF at a hex
  the firer sees.
- Counterbattery (CB) [6.71], [6.73]: artillery and mortar units plot CB with a pattern and no
  hex.
- Off-board artillery (OFBDA) [15.0] and close air support (CAS) [16.0]: the scenario's
  ``support`` entries, ``OFBDA-3(10H)`` being three concentrations of 10 H points. Each
  concentration (strike) has a game id like a unit's, ``<side>.OFBDA.<n>`` numbered through the
  side's entries of that kind, and is allocated in the allocate-support segment of the Mutual
  Plot Phase [4.1] 1 with an IF plot: ``plot us.OFBDA.2 IF 1215 L`` (the book's "OFBDA- hex
  #1234-7H" [15.14]). Each is used once [15.12], whole [15.21], at unlimited range but at a
  spotted hex [15.13]; CAS is always Tight [16.21]. A scenario's cap on strikes per Game-Turn
  (19.2) and its bans on indirect fire (19.2, German Game-Turn One) are kept.

Legal actions list IF plots at the spotted hexes holding enemy units (standing in for every
hex, as moves stand in for every path: a plot at any other spotted hex is legal when applied)
and, of support, the next unused concentration of each entry (the concentrations of an entry
are alike).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.hexes import Hex
from model.provenance import Value, unwrap
from model.scenario import Scenario
from model.systems import GameSystem
from model.victory import UsageCap
from rules.engine.errors import IllegalActionError
from rules.panzer44.actions import Plot
from rules.panzer44.events import Plotted
from rules.panzer44.fire import can_spot, why_not_fire
from rules.panzer44.scenario_rules import fire_banned, support_kind
from rules.panzer44.setup import UnitSpec
from rules.panzer44.terrain_fire import effect

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

#: The kinds of support the engine plays, with their rules.
SUPPORT_RULES = {"OFBDA": "[15.0]", "CAS": "[16.0]"}
ALLOCATE = "allocate-support"


# --- who may fire Indirect Fire -------------------------------------------------------------


@functools.cache
def indirect_capable(type_id: str) -> tuple[bool, str | None]:
    """Whether a unit type may fire Indirect Fire (and so Counterbattery) [6.41], [6.71], and
    the data library's placeholder when the book does not say it."""
    entry = unit_types(GameSystem.PANZER44).get(type_id)
    item = entry.values.get("indirect_fire") if entry is not None else None
    if item is None:
        return False, None
    placeholder = item.placeholder if isinstance(item, Value) else None
    return bool(unwrap(item)), (f"{type_id} indirect_fire: {placeholder}" if placeholder else None)


def why_not_indirect(state: Panzer44State, unit: str) -> str | None:
    """Why ``unit`` may not plot IF or CB now, or None [6.41], [6.71]."""
    spec = state.game.specs[unit]
    if not indirect_capable(spec.type_id)[0]:
        return "only the units [6.41] names, artillery and mortars fire Indirect Fire [6.71]"
    return why_not_fire(state, unit) or fire_banned(state, spec.side, "indirect")


# --- spotting a hex ---------------------------------------------------------------------------


def why_not_spotted(state: Panzer44State, side: str, h: Hex) -> str | None:
    """Why no unit of ``side`` spots hex ``h`` now, or None [6.43], [11.14], [11.22].

    A hex holding enemy units is spotted when one of them is (reciprocity, and a unit in town
    or woods only within 3 hexes unless it fired [11.14]) or was spotted there by
    counterbattery [6.78]; a vacant hex when a friendly unit stands in it or has a clear line
    of sight to it [11.0]."""
    game = state.game
    enemies = []
    spotters: dict[Hex, str] = {}
    for u, where in state.board.hexes.items():
        if game.specs[u].side == side:
            spotters.setdefault(where, u)
        elif where == h and u not in state.board.carried_by:
            enemies.append(u)
    if h in spotters and not enemies:
        return None
    near = sorted(spotters, key=lambda s: (s.distance(h), s.q, s.r))
    name = game.name(h)
    if enemies:
        if any(state.support.cb_spotted.get(e) == h for e in enemies):
            return None
        for e in sorted(enemies):
            reach = _reach(state, e, h)
            if any(
                can_spot(state, spotters[s], e)
                for s in near
                if reach is None or s.distance(h) <= reach
            ):
                return None
        return f"no friendly unit spots the enemy in {name} [6.43], [11.14]"
    if any(game.sees(s, h) for s in near):
        return None
    return f"no friendly unit has a clear line of sight to {name} [6.43], [11.0]"


def _reach(state: Panzer44State, unit: str, h: Hex) -> int | None:
    """How far ``unit`` in ``h`` may be spotted from, None for any distance [11.14]: only a
    filter, so that :func:`rules.panzer44.fire.spots` is asked only where it may say yes."""
    reach, _ = effect(state.game.terrain.terrain(h), "spotting_range")
    if reach is None or state.fire.spotted.get(unit) == h:
        return None
    return int(str(unwrap(reach)))


def spotted_targets(state: Panzer44State, side: str) -> tuple[Hex, ...]:
    """The hexes holding enemy units that ``side`` spots, by name; worked out once for the
    Mutual Plot Phase (nothing moves while plotting and allocating)."""
    key = (state.play.turn, 0 if state.phase.id == "mutual-plot" else state.play.step, side)
    cache = state.worked.if_targets
    found = cache.get(key)
    if found is None:
        if any(k[:2] != key[:2] for k in cache):
            cache.clear()
        found = cache[key] = _spotted_enemy_hexes(state, side)
    return found


def _spotted_enemy_hexes(state: Panzer44State, side: str) -> tuple[Hex, ...]:
    """The hexes holding enemy units, by name, for which :func:`why_not_spotted` says None,
    worked out for all of them at once [6.43], [11.14], [11.22].

    Why not ask :func:`why_not_spotted` hex by hex: it gathers and sorts the friendly units
    for every hex, and asks whether each friendly unit spots each enemy unit; the answer
    depends only on the hexes. A friendly unit in ``s`` spots an enemy unit ``e`` in ``h``
    (:func:`rules.panzer44.fire.can_spot`) when ``s`` sees ``h`` and, in town or woods, is
    within the terrain's spotting range of ``h`` unless ``e`` fired from ``h`` [11.14]; so ``h``
    is spotted when some friendly hex within that range (any distance when one of its enemies
    fired from there) sees it. ``tests/test_p44_same_games.py`` checks the two agree."""
    game = state.game
    specs = game.specs
    carried = state.board.carried_by
    friendly: set[Hex] = set()
    enemies: dict[Hex, list[str]] = {}
    for u, where in state.board.hexes.items():
        if specs[u].side == side:
            friendly.add(where)
        else:
            there = enemies.setdefault(where, [])
            if u not in carried:
                there.append(u)
    sees_any = game.sees_any
    cb_spotted = state.support.cb_spotted
    fired_from = state.fire.spotted
    found = []
    for h in sorted(enemies, key=game.name):
        units = enemies[h]
        if not units:  # only passengers: spotted as a vacant hex [11.0]
            if h in friendly or sees_any(friendly, h):
                found.append(h)
            continue
        if any(cb_spotted.get(e) == h for e in units):  # [6.78]
            found.append(h)
            continue
        reach, _ = effect(game.terrain.terrain(h), "spotting_range")
        if reach is None or any(fired_from.get(e) == h for e in units):
            if sees_any(friendly, h):
                found.append(h)
        else:
            limit = int(str(unwrap(reach)))
            if sees_any((s for s in friendly if s.distance(h) <= limit), h):
                found.append(h)
    return tuple(found)


# --- IF and CB plots --------------------------------------------------------------------------


def indirect_plots(state: Panzer44State, unit: str) -> list[Plot]:
    """The IF plots (Tight and Loose at each spotted enemy hex in range) and the two CB plots
    ``unit`` may be given now [6.21], [6.43], [6.73]."""
    if why_not_indirect(state, unit) is not None:
        return []
    spec = state.game.specs[unit]
    here = state.board.hexes[unit]
    found = [
        Plot(unit, "IF", state.game.name(h), pattern)
        for h in spotted_targets(state, spec.side)
        if here.distance(h) <= spec.range
        for pattern in (None, "L")
    ]
    return [*found, Plot(unit, "CB", None, "T"), Plot(unit, "CB", None, "L")]


def check_indirect_plot(state: Panzer44State, plot: Plot, h: Hex | None) -> None:
    """Refuse an IF or CB plot that breaks a rule; ``h`` is the IF target hex.

    Raises:
        IllegalActionError: the reason, with its rule.
    """
    spec = state.game.specs[plot.unit]
    why = why_not_indirect(state, plot.unit)
    if why is None and h is not None:
        distance = state.board.hexes[plot.unit].distance(h)
        if distance > spec.range:
            why = f"{distance} hexes is beyond its range of {spec.range} [6.92]"
        else:
            why = why_not_spotted(state, spec.side, h)
    if why is not None:
        what = "Indirect Fire" if plot.task == "IF" else "Counterbattery"
        raise IllegalActionError(f"'{plot.text()}': {plot.unit} may not fire {what}: {why}")


# --- off-board artillery and close air support -----------------------------------------------


@dataclass(frozen=True)
class Concentration:
    """One off-board artillery concentration or air strike of a side [15.0], [16.0].

    Attributes:
        id: its game id, ``<side>.<kind>.<n>``.
        side: the side it supports.
        kind: ``OFBDA`` or ``CAS``.
        strength: its H Attack Strength points [15.12], [16.23].
        entry: which of the side's support entries it comes from (for listing).
        source: the scenario's notation (``OFBDA-3(10H)``).
    """

    id: str
    side: str
    kind: str
    strength: int
    entry: int
    source: str

    def spec(self) -> UnitSpec:
        """Its values as a firing unit's: H class, no hex, never a target [15.11], [15.24]."""
        rule = SUPPORT_RULES[self.kind]
        return UnitSpec(
            id=self.id, side=self.side, code=self.kind, type_id=self.kind,
            name=f"{self.kind} {self.source}", movement_allowance=0, movement_class="none",
            carrier=False, allowance_source=f"Panzer '44 {rule}",
            attack_strength=self.strength, weapon_class="H",
        )  # fmt: skip


def concentrations(scenario: Scenario) -> dict[str, Concentration]:
    """Every concentration and strike of the scenario's ``support`` entries, by game id."""
    found: dict[str, Concentration] = {}
    for side in scenario.sides:
        numbers: dict[str, int] = {}
        for i, entry in enumerate(side.support):
            kind = entry.kind.upper()
            points = entry.strength.upper().removesuffix("H")
            if kind not in SUPPORT_RULES or not points.isdigit():
                continue
            for _ in range(entry.count):
                n = numbers[kind] = numbers.get(kind, 0) + 1
                cid = f"{side.id}.{kind}.{n}"
                note = entry.note or f"{kind}-{entry.count}({entry.strength})"
                found[cid] = Concentration(cid, side.id, kind, int(points), i, note)
    return found


def usage_cap(state: Panzer44State, side: str, kind: str) -> int | None:
    """The scenario's cap on ``side``'s uses of ``kind`` per Game-Turn (19.2: one CAS strike)."""
    caps = [
        r.per_turn
        for r in state.game.scenario.special_rules
        if isinstance(r, UsageCap) and r.side == side and support_kind(r.what) == kind
    ]
    return min(caps) if caps else None


def _allocated(state: Panzer44State, side: str, kind: str) -> int:
    support = state.game.support
    return sum(1 for u in state.orders.plots[side] if u in support and support[u].kind == kind)


def why_not_support(state: Panzer44State, c: Concentration) -> str | None:
    """Why concentration ``c`` may not be allocated now, or None [15.12], [16.0]."""
    if c.id in state.support.used:
        return f"{c.id} has been used: each concentration is used once [15.12]"
    cap = usage_cap(state, c.side, c.kind)
    if cap is not None and _allocated(state, c.side, c.kind) >= cap:
        return f"the scenario allows {cap} {c.kind} per Game-Turn"
    return fire_banned(state, c.side, "indirect")


def support_plots(state: Panzer44State, side: str) -> list[Plot]:
    """The allocations ``side`` may make now: the next unused concentration of each support
    entry at each spotted enemy hex; Tight and Loose for OFBDA, Tight for CAS [15.11], [16.21]."""
    if state.segment.id != ALLOCATE:
        return []
    found: list[Plot] = []
    seen: set[int] = set()
    for c in state.game.support.values():
        if c.side != side or c.entry in seen or why_not_support(state, c) is not None:
            continue
        seen.add(c.entry)
        patterns = (None, "L") if c.kind == "OFBDA" else (None,)
        for h in spotted_targets(state, side):
            found.extend(Plot(c.id, "IF", state.game.name(h), p) for p in patterns)
    return found


def allocate(state: Panzer44State, plot: Plot) -> None:
    """Allocate a concentration or strike to a target hex [15.14], [16.0].

    Raises:
        IllegalActionError: not a concentration of a side that may act, used, capped, or at a
            hex no friendly unit spots.
    """
    c = state.game.support.get(plot.unit)
    if c is not None and state.segment.id != ALLOCATE:
        raise IllegalActionError(
            f"'{plot.text()}': support is allocated after the plots, in the allocate-support "
            "segment of the Mutual Plot Phase [4.1] 1"
        )
    if c is None:
        raise IllegalActionError(
            f"'{plot.text()}': only off-board artillery and air support are allocated in this "
            "segment of the Mutual Plot Phase [4.1] 1, [15.14], [16.0]"
        )
    if c.side not in state.to_act():
        raise IllegalActionError(f"'{plot.text()}': {c.side} has finished allocating support")
    why = why_not_support(state, c)
    if why is None and plot.task != "IF":
        why = f"{c.kind} is always Indirect Fire [15.11], [16.0]"
    if why is None and c.kind == "CAS" and plot.pattern == "L":
        why = "a Close Air Support strike is always a Tight Pattern attack [16.21]"
    if why is None:
        try:
            h = state.game.amap.resolve(plot.target or "")
        except KeyError:
            why = f"no hex '{plot.target}' on the map"
            raise IllegalActionError(f"'{plot.text()}': {why}") from None
        why = why_not_spotted(state, c.side, h)
        if why is not None:
            why = f"{why}; not at an unspotted hex [15.13]"
    if why is not None:
        raise IllegalActionError(f"'{plot.text()}': {why}")
    state.orders.plots[c.side][c.id] = plot
    state.support.used.add(c.id)
    state.emit(Plotted(c.id, plot.text(), private_to=c.side))
