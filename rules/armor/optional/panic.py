"""Panic Movement [OP XVII.C] of the Morale option (:mod:`rules.armor.optional.morale`).

What the engine plays, by the book:

- Each side's panicked units move before its other units in its part of the Movement Execution
  Phase [C.1] (:func:`panic_moves`): a d10, 1-6 the direction by the Directional Hexagon (on a
  seam, the section with the earliest letter [C.2]), 7-0 the owner's choice: our reading, the
  engine chooses for every player the direction leading farthest from the nearest enemy unit.
  The unit turns that way (our reading: free) and moves straight on as far as its Speed
  Factors take it, stopping before a hex it cannot enter or one an enemy unit holds (our
  reading); off the mapboard it is out of the game for good, not Knocked Out, and scores no
  exit (our reading) [C.3]. A unit panicked after it has begun moving this Turn makes its
  Panic Movement from the next Turn (our reading).
- "Unloading Leg and Towed units Transported by a panicked Vehicle or Glider unit is not
  possible" [C.5]: :func:`rules.armor.transport.why_not_panicked_carrier`, at the plot and
  when the Unloading is carried out (our reading: a Vehicle whose crew has Bailed Out carries
  no panic; its units Unload alone [ADV IV.B.1.e]).
- "Transported Leg units that have Panic orders will Bail Out and make their Panic movement"
  [C.6]: a panicked Leg unit aboard leaves its Vehicle in the Vehicle's hex, no longer
  transported (our reading: no Unloading Turn [ADV IV.B.1.e], the book's "and make their
  Panic movement" being at once), then moves. Riders move before the other panicked units
  (our reading), so they Bail Out where they were carried. "If units Transported by a Boat
  unit have Panic orders, they will make their Panic movement in the Boat until a hex is
  reached where Bailing Out is possible" [C.6 NOTE]: our reading, in a River hex they stay
  aboard and go where the Boat goes; on dry ground they Bail Out as from a Vehicle. A
  panicked Towed unit aboard stays (the Towed crews [F] are not played).
- "The crew of a panicked Vehicle unit that cannot move will automatically Bail Out" [C.7]: a
  panicked Vehicle immobile (Hull or Track damage, no Fuel: :meth:`ArmorState.immobile`) or of
  Speed 0 Bails Out instead of moving (:func:`rules.armor.bailout.crew_bails_out`: its crew
  placed, its transported units with it [ADV IX.A.3; IX.B.1]; no crew section: Knocked Out
  [IX.A.4]); each checks Panic Morale on Bailing Out [B] (our reading: the crew is not
  panicked from the start, as a Towed unit's is [F.1]); the abandoned Vehicle is no longer
  panicked (our reading: nobody in it to rally). Stuck in a Soft hex is a roll of the
  movement, not played for Panic Movement.
- "Units with Panic orders in the upper stories of a Building unit will use their movement to
  reach ground level prior to leaving the hex" [C.8]: each storey down costs 1 SF, one new
  hex's for a Leg unit [ADV IV.B.2.b]; the unit leaves the hex only with Speed Factors left.

Not played: Opportunity Fire at Panic Movement, Mines or Terrain Support effects on its hexes,
the Soft Hex Table; Planes [C.4] (none in the engine); Towed units' crews [F] (a panicked
Towed unit, Speed 0, stays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor import storeys
from rules.armor.optional import boats
from rules.armor.optional.morale import MoraleNote, plays

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: Speed Factors a storey Down costs a Leg unit: "Each story moved up or down costs the same as
#: if the unit had entered one new hex" [ADV IV.B.2.b], 1 SF for a Leg unit [ADV V.A.1].
STOREY_COST = 1


def _away(state: ArmorState, unit: str) -> int:
    """The owner's choice on a 7-0 [OP XVII.C.2]; our reading: the direction whose next hex is
    farthest from the nearest enemy unit (ties: the lowest compass direction)."""
    here = state.troops.hexes[unit]
    side = state.game.units[unit].side
    enemies = [state.troops.hexes[u] for u in state.enemies(side)]
    if not enemies:
        return (state.troops.facing[unit] + 3) % 6

    def nearest(c: int) -> int:
        return min(here.neighbor(c).distance(e) for e in enemies)

    return max(range(6), key=lambda c: (nearest(c), -c))


def panic_moves(state: ArmorState, side: str) -> None:
    """The Panic Movement of ``side``'s panicked units, each separately, before its other
    units move [OP XVII.C.1-3] (once a Turn each); the units transported first (our reading),
    so that they Bail Out where they are carried [C.6]."""
    if not plays(state):
        return
    turn = state.play.turn
    for unit in sorted(state.morale.panicked, key=lambda u: (not state.transported(u), u)):
        spec = state.game.units[unit]
        if spec.side != side or unit not in state.troops.hexes:
            continue
        if state.morale.moved.get(unit) == turn or unit not in state.morale.panicked:
            continue
        ex = state.execution
        if unit == ex.mover or unit in ex.walks or unit in ex.executed:
            continue  # panicked once it had moved this Turn: from the next Turn (our reading)
        state.morale.moved[unit] = turn
        if _stays(state, unit):
            continue
        _roll_and_run(state, unit)


def _stays(state: ArmorState, unit: str) -> bool:
    """Whether ``unit`` makes no Panic Movement this Turn (logged): aboard and staying, part
    way through Loading, Speed 0, Bailed Out, or an immobile Vehicle whose crew Bails Out."""
    spec = state.game.units[unit]
    if state.transported(unit) and not _bails_out(state, unit):
        return True
    if unit in state.troops.stage or (not spec.speed and not spec.vehicle):
        what = "makes no Panic Movement (part way through Loading, or Speed 0: not played)"
        state.emit(MoraleNote(unit, what, "[OP XVII.C.5-6; XVII.F] (our reading)"))
        return True
    if unit in state.troops.abandoned:
        what = "its crew has Bailed Out: no Panic Movement"
        state.emit(MoraleNote(unit, what, "[OP XVII.C.7; ADV IX.A.3] (our reading)"))
        return True
    if spec.vehicle and (state.immobile(unit) or not spec.speed):
        _immobile_bails_out(state, unit)
        return True
    if state.immobile(unit):
        state.emit(MoraleNote(unit, "cannot move: no Panic Movement", "[OP XVII.C] (our reading)"))
        return True
    return False


def _bails_out(state: ArmorState, unit: str) -> bool:
    """A panicked transported unit: a Leg unit Bails Out into its carrier's hex, no longer
    transported, and True (it makes its Panic Movement) [OP XVII.C.6]; else it stays aboard,
    logged, and False."""
    spec, carrier = state.game.units[unit], state.troops.carried[unit]
    where = state.game.name(state.troops.hexes[unit])
    if not spec.leg:
        what = f"a Towed unit transported by {carrier}: it stays aboard (its crew [F] not played)"
        state.emit(MoraleNote(unit, what, "[OP XVII.C.6; XVII.F] (our reading)"))
        return False
    if boats.why_not_unload(state, unit) is not None:  # aboard a Boat in a River hex
        what = (
            f"makes its Panic movement in the Boat {carrier} until a hex is reached where "
            f"Bailing Out is possible: {where} is a River hex, it stays aboard (our reading)"
        )
        state.emit(MoraleNote(unit, what, "[OP XVII.C.6 NOTE; OP XXVI.C]"))
        return False
    state.troops.carried.pop(unit)
    state.troops.stage.pop(unit, None)
    state.troops.facing[unit] = state.troops.facing[carrier]
    what = (
        f"Bails Out of {carrier} in {where}: no longer transported, it makes its Panic "
        "movement (our reading: no Unloading Turn)"
    )
    state.emit(MoraleNote(unit, what, "[OP XVII.C.6]"))
    state.sheets.options, state.sheets.foci = {}, {}
    return True


def _immobile_bails_out(state: ArmorState, vehicle: str) -> None:
    """ "The crew of a panicked Vehicle unit that cannot move will automatically Bail Out"
    [OP XVII.C.7], by the Bail Out rules [ADV IX.A.3-4; IX.B.1]."""
    from rules.armor import bailout

    why = "Speed 0" if not state.game.units[vehicle].speed else "Hull or Track damage, or no Fuel"
    what = f"cannot move ({why}): its crew automatically Bails Out instead of its Panic movement"
    state.emit(MoraleNote(vehicle, what, "[OP XVII.C.7]"))
    bailout.crew_bails_out(state, vehicle, None, None, "[OP XVII.C.7; ADV IX.A.3]")
    state.morale.panicked.discard(vehicle)  # abandoned: nobody in it to rally (our reading)
    state.sheets.options, state.sheets.foci = {}, {}


def _roll_and_run(state: ArmorState, unit: str) -> None:
    """The direction die [OP XVII.C.2], then the straight line [C.3]."""
    game = state.game
    here = state.troops.hexes[unit]
    die = state.roll(f"Panic Movement {unit}", 10)
    if die <= 6:
        compass = game.amap.direction_to_global(here, die)
        how = f"d10 {die}: direction {die} of the Directional Hexagon [OP XVII.C.2]"
    else:
        compass = _away(state, unit)
        how = (
            f"d10 {die % 10}: the owner's choice, away from the nearest enemy (our reading) "
            "[OP XVII.C.2]"
        )
    spent = _down(state, unit)
    if spent and spent >= state.game.units[unit].speed:
        what = f"{how}; all its movement spent coming Down: it stays in the hex"
        state.emit(MoraleNote(unit, what, "[OP XVII.C.8]"))
        return
    _run(state, unit, compass, how, spent)


def _down(state: ArmorState, unit: str) -> float:
    """A unit above the first storey comes Down as far as its Speed Factors take it before it
    leaves the hex [OP XVII.C.8], 1 SF a storey [ADV IV.B.2.b]; the SF spent."""
    at = storeys.storey(state, unit)
    if at <= 1:
        return 0.0
    speed = state.game.units[unit].speed
    steps = min(at - 1, int(speed // STOREY_COST))
    found = at - steps
    if found > 1:
        state.storeys.upstairs[unit] = found
    else:
        state.storeys.upstairs.pop(unit, None)
    h = state.troops.hexes[unit]
    lvl = state.game.level(h) + found - 1
    state.emit(storeys.StoreyChanged(unit, state.game.name(h), found, lvl))
    what = (
        f"comes Down {steps} storey(s) to storey {found} ({steps * STOREY_COST} SF) before "
        "leaving the hex"
    )
    state.emit(MoraleNote(unit, what, "[OP XVII.C.8; ADV IV.B.2.b]"))
    return float(steps * STOREY_COST)


def _run(state: ArmorState, unit: str, compass: int, how: str, spent: float = 0.0) -> None:
    """Straight on in ``compass`` as far as its Speed Factors take it [OP XVII.C.3], ``spent``
    already spent (coming Down [C.8])."""
    game, spec = state.game, state.game.units[unit]
    cost = state.cost_for(spec)
    enemy_at = {state.troops.hexes[u] for u in state.enemies(spec.side)}
    here, passed = state.troops.hexes[unit], 0
    state.put(unit, here, compass)  # turned to the direction (our reading: free)
    while True:
        nxt = here.neighbor(compass)
        if not game.on_map(nxt):
            if spent < spec.speed:  # off the mapboard: out for good [OP XVII.C.3]
                for u in (unit, *state.passengers(unit)):
                    del state.troops.hexes[u]
                    state.troops.facing.pop(u, None)  # no counter left to face anywhere
                    state.troops.turret.pop(u, None)
                    state.morale.gone.add(u)
                    state.morale.panicked.discard(u)
                what = (
                    f"{how}; {passed} hex(es), then off the mapboard at {game.name(here)}: out "
                    "of the game for good, not Knocked Out, no exit scored (our reading)"
                )
                state.emit(MoraleNote(unit, what, "[OP XVII.C.3]"))
                return
            break
        step = cost(here, nxt)
        if step is None or nxt in enemy_at or spent + float(step) > spec.speed:
            break
        spent += float(step)
        passed += 1
        here = nxt
        state.put(unit, here, compass)
    what = f"{how}; {passed} hex(es) in a straight line to {game.name(here)} ({spent:g} SF)"
    state.emit(MoraleNote(unit, what, "[OP XVII.C.3]"))
