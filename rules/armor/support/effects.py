"""What Terrain Support units do in play [ADV V.A.4; V.B.3; V.D; AG III.B.4; OP XVII.B.4].

- **Block** and **Ditch** hexes: no Vehicle unit may enter [ADV V.D.3; CS Vehicle Movement
  Costs "P"]; Leg units pay their 1 SF a hex [ADV V.A.1].
- **Ditch**: a Leg unit may enter, "but must remain for at least one Turn after entering"
  [ADV V.A.4]: its move ends there, and it may not leave on the next Turn either (our reading
  of "one Turn after entering": the rest of that Turn and the whole of the next). The book
  says "Ditch hexes": a hex painted Ditch (the terrain whose movement effects give
  ``leg_must_stay_turns``) holds a Leg unit as a Ditch unit's hex does.
- **Wire**: no Leg unit may enter [ADV V.A.4]; a Vehicle whose card's Notes forbid it may not
  [ADV V.D.1]; any other pays one more Speed Factor than the hex would cost [ADV V.D.2;
  AG V.B.2.b(2)], and the Wire unit is removed when it enters the hex.
- **Pillbox** and **Bunker**: worth 2 Stacking Factors in their hex [AG III.B.4]; the Leg and
  Towed units of their side set up in their hex are inside (stacked under them [CS]); a unit
  inside cannot be Suppressed [OP XVII.B.4]; a unit that moves out has left it, and the Enter
  and Exit orders "E" and "G" [CS Order Notations] put a unit in its hex inside or outside
  (:mod:`rules.armor.support.shelters`).
- Terrain Support units "do not negate the original terrain in the hex" [Setup II.D.8]: the
  hex's own cost stands under them (a Mine, Pillbox or Bunker hex costs its other terrain [CS]).

These go through :meth:`rules.armor.game.ArmorState.cost_for`, so the plot's orders, the
movement preview, ``reach`` and ``route`` and the executed moves all pay the same.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.move import EnterCost
from rules.armor.support import mines
from rules.armor.support.events import SupportEffect
from rules.armor.support.works import SHELTERS, STACKING, SupportUnit
from rules.armor.units import ArmorUnit

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

DITCH_STAY = "must remain in the Ditch for at least one Turn after entering [ADV V.A.4]"
#: The terrain effect of a painted Ditch hex that holds a Leg unit [ADV V.A.4].
STAY = "leg_must_stay_turns"


def standing(state: ArmorState) -> dict[Hex, set[str]]:
    """The kinds of Terrain Support unit standing in each hex (those removed left out)."""
    found: dict[Hex, set[str]] = {}
    for u in state.game.works.units:
        if u.id not in state.fieldworks.removed:
            found.setdefault(u.hex, set()).add(u.kind)
    return found


def painted_ditches(state: ArmorState) -> frozenset[Hex]:
    """The map's hexes painted Ditch, a terrain with the effect ``leg_must_stay_turns`` [ADV
    V.A.4] (the scenario's terrain options applied), worked out once for the game."""
    game = state.game
    found: frozenset[Hex] | None = getattr(game, "_ditch_cache", None)
    if found is None:
        effect = game.movement.effect
        found = frozenset(
            h
            for h in game.amap.hexes
            if effect(game.terrain.effective(h).terrain, STAY) is not None
        )
        game._ditch_cache = found  # type: ignore[attr-defined]
    return found


def is_ditch(state: ArmorState, h: Hex, kinds: dict[Hex, set[str]] | None = None) -> bool:
    """A Ditch hex for a Leg unit [ADV V.A.4]: a Ditch unit stands there, or it is painted
    Ditch. ``kinds``: :func:`standing`, when the caller has it."""
    there = (standing(state) if kinds is None else kinds).get(h, ())
    return "ditch" in there or h in painted_ditches(state)


def cost(state: ArmorState, spec: ArmorUnit, base: EnterCost) -> EnterCost:
    """``base`` with the Terrain Support units' effects on entering and leaving hexes (see
    the module), and a painted Ditch's hold on a Leg unit [ADV V.A.4]; ``base`` itself when
    neither is on the map."""
    kinds = standing(state)
    if not kinds and not (spec.leg and painted_ditches(state)):
        return base
    here = state.troops.hexes.get(spec.id)
    held = spec.leg and held_in_ditch(state, spec.id)

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        if spec.leg and is_ditch(state, frm, kinds) and (frm != here or held):
            return None  # [ADV V.A.4]
        there = kinds.get(to, set())
        if spec.vehicle and there & {"block", "ditch"}:
            return None  # [ADV V.D.3]
        found = base(frm, to)
        if "wire" not in there or found is None:
            return found
        if spec.leg or spec.no_wire:
            return None  # [ADV V.A.4; ADV V.D.1]
        return found + 1 if spec.vehicle else found  # [ADV V.D.2]

    return enter


def held_in_ditch(state: ArmorState, unit: str) -> bool:
    """A Leg unit that entered the Ditch hex it stands in this Turn or last Turn [ADV V.A.4]."""
    entered = state.fieldworks.ditch.get(unit)
    return entered is not None and entered >= state.play.turn - 1


def stacking(state: ArmorState, h: Hex) -> int:
    """The Stacking Factors of the Pillbox and Bunker units in ``h`` [AG III.B.4]."""
    return STACKING * sum(1 for k in standing(state).get(h, ()) if k in SHELTERS)


def shelter_of(state: ArmorState, unit: str) -> SupportUnit | None:
    """The Pillbox or Bunker ``unit`` is inside, if any: set up in it and not moved out, or
    entered by an "E" order [CS Order Notations E, G] and not left since."""
    works, kept = state.game.works, state.fieldworks
    if unit in kept.entered:
        sid = kept.entered[unit]
    elif unit in works.inside and unit not in kept.left:
        sid = works.inside[unit]
    else:
        return None
    found = works.by_id(sid)
    if found is None or found.id in kept.removed:
        return None
    return found if state.troops.hexes.get(unit) == found.hex else None


def inside_ids(state: ArmorState) -> set[str]:
    """The units that may be inside a Pillbox or Bunker: set up inside or entered since."""
    return set(state.game.works.inside) | set(state.fieldworks.entered)


def entered(state: ArmorState, unit: str, h: Hex) -> str | None:
    """What the Terrain Support units and Mines in ``h`` do to ``unit`` as it enters it
    during its move [ADV V; OP IV.C]; why its move stops there, or None."""
    game = state.game
    spec = game.units[unit]
    works, kept = game.works, state.fieldworks
    if unit in kept.entered or (unit in works.inside and unit not in kept.left):
        left = leave(state, unit)  # moved out: it has left [CS Order Notations G]
        state.emit(SupportEffect(unit, game.name(h), left, "[CS Order Notations G]"))
    for w in works.at(h):
        if w.kind == "wire" and spec.vehicle and w.id not in kept.removed:
            kept.removed.add(w.id)
            effect = f"entered the Wire hex at +1 SF: Wire unit {w.id} is removed"
            state.emit(SupportEffect(unit, game.name(h), effect, "[ADV V.D.2]"))
    stop = None
    if spec.leg and is_ditch(state, h):  # a Ditch unit's hex or a painted Ditch [ADV V.A.4]
        kept.ditch[unit] = state.play.turn
        stop = f"entered a Ditch hex: it {DITCH_STAY}"
        state.emit(SupportEffect(unit, game.name(h), stop, ""))
    return mines.attack(state, unit, h) or stop


def stops_here(reason: str | None) -> bool:
    """Whether a walk's ``stopped`` reason is one :func:`entered` gave: a Ditch or a Mine
    Attack stopped the unit in the hex it entered, before any Opportunity Fire there."""
    return reason is not None and (DITCH_STAY in reason or mines.RULE_MARK in reason)


def notes(state: ArmorState, unit: str, path: list[Hex]) -> list[str]:
    """What a move along ``path`` meets, in words, as the moving side may know it: Wire it
    removes, the Ditch it stops in, the Minefields it enters (the Mine units are on the map;
    where the Mines are is their owner's secret unless they have attacked) [OP IV.B-C]."""
    spec = state.game.units[unit]
    kinds = standing(state)
    found: list[str] = []
    for h in path:
        there, name = kinds.get(h, set()), state.game.name(h)
        if "wire" in there and spec.vehicle:
            found.append(f"Wire in {name}: +1 SF, and the Wire unit is removed [ADV V.D.2]")
        if spec.leg and is_ditch(state, h, kinds):
            found.append(f"Ditch in {name}: it {DITCH_STAY}")
        note = mines.risk(state, unit, h)
        if note:
            found.append(note)
    return found


def leave(state: ArmorState, unit: str) -> str:
    """``unit`` leaves the Pillbox or Bunker it is inside (a "G" order, or a move out of its
    hex); what happened, in words."""
    kept, works = state.fieldworks, state.game.works
    shelter = shelter_of(state, unit)
    sid = kept.entered.pop(unit, None) or works.inside.get(unit)
    if unit in works.inside:
        kept.left.add(unit)
    found = shelter or (works.by_id(sid) if sid else None)
    return f"has left its {found.name if found else 'shelter'}"
