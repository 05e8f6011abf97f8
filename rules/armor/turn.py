"""The Armor Turn once orders are written: sighting, Direct Fire and its results, the Movement
Execution Phase (carried out by :mod:`rules.armor.execution`, stopping where an Opportunity
Fire's owner decides [AG VII.F]) and its disputed hexes, Final Facing, and the end of the Turn
[AG II; IV; VI; VII; VIII]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import antitank, bailout, cover, dumps, hatches, machineguns
from rules.armor.assault import close_assault_phase
from rules.armor.events import (
    Adjudged,
    Bounced,
    Damaged,
    Faced,
    FireCancelled,
    Sighted,
)
from rules.armor.execution import move_side, reveal_orders
from rules.armor.fire import Pending, resolve, sights, why_not_fire
from rules.armor.gp import resolve_gp
from rules.armor.indirect import mortars
from rules.armor.indirect.impact import impact_phase
from rules.armor.optional import (
    airborne,
    area_pinning,
    blaze,
    boats,
    command,
    handheld,
    intel,
    morale,
    panic,
    reduction,
    smoke,
    special_infantry,
    specials,
    supply,
)
from rules.armor.orders import Face
from rules.armor.overrun import overrun_phase
from rules.armor.scenario_rules import (
    demolish,
    ends_game,
    lift_on_fire,
    lift_on_sighting,
    prepare,
    record_passes,
    reinforce,
)
from rules.armor.support import strikes
from rules.armor.support.effects import shelter_of
from rules.engine.events import GameEnded, SegmentBegan, SideDone

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

_EFFECTS = {
    "knocked-out": "Knocked Out: replaced by a Wreck",
    "hull": "Hull compartment hit: no movement, one crew loss",
    "turret": "Turret compartment hit: main gun lost, one crew loss",
    "gun": "Gun hit: main gun lost",
    "track": "Track hit: no movement",
    "crew": "one crew loss",
    "suppressed": "Suppressed: an 'S' order for the rest of this Turn and the next",
    "mg-UH": "its Upper Hull (UH) machinegun destroyed",
    "mg-TT": "its Turret Top (TT) machinegun destroyed",
    "mg-HR": "its Hull Rear (HR) machinegun destroyed",
}


def begin_segment(state: ArmorState) -> None:
    phase, segment = state.game.steps[state.play.step]
    state.emit(SegmentBegan(state.play.turn, phase.name, segment.id))
    if segment.id == "plot":  # Command Control before plotting orders [OP XIV.B; XIV.C.2]
        command.order_plot(state)


def advance(state: ArmorState) -> None:
    while not state.play.over:
        seg = state.segment.id
        if seg == "sighting":
            sighting(state)
        elif seg == "direct-fire":
            direct_fire(state)
        elif seg == "artillery-impact":
            impact_phase(state)  # [OP II.D] (rules.armor.indirect.impact)
        elif seg == "close-assault":
            close_assault_phase(state)  # [ADV VII] (rules.armor.assault)
        elif seg == "overrun":  # [ADV VIII] (rules.armor.overrun)
            if state.execution.asked is not None or not overrun_phase(state):
                return  # an Opportunity Fire's owner decides [AG VII.F]
        elif seg in ("first-movement", "second-movement"):
            ex = state.execution
            if ex.asked is not None:
                return  # an Opportunity Fire's owner decides [AG VII.F]
            if seg == "first-movement" and ex.mover is None and not ex.executed:
                reveal_orders(state)
                cover.execute(state)  # Full Cover units placed [ADV IV.C.2; OP XXXII.C]
            first = seg == "first-movement"
            mover = state.game.first if first else state.game.second
            panic.panic_moves(state, mover(state.play.turn))  # first [OP XVII.C.1]
            if not move_side(state, mover(state.play.turn)):
                return
        elif seg == airborne.SEGMENT:  # the Paratroop Drop Phase [OP XXXI.A.2]
            airborne.drop_phase(state)
        elif seg == morale.SEGMENT:  # the Rally Morale Phase [OP XVII.D]
            morale.rally_phase(state)
        elif seg == blaze.SEGMENT:  # the Optional Rules' Fire and Smoke Phase [OP XI; XVIII]
            smoke.turn_over(state)  # Smoke first [OP IX.A.4; Sequence of Play 12]
            blaze.fire_and_smoke(state, lambda u: damage(state, u, "knocked-out"))
        elif seg == "disputed-hexes":
            resolve_disputes(state)
            record_passes(state)  # bridge control [SCN VII.C.6]
            supply.burn(state)  # a Fuel Factor for each Vehicle that moved [OP XXIV.C.1]
            supply.resupply(state)  # Towed units by their Vehicle again [OP XXIV.A.1.c]
            intel.raise_dust(state)  # moved two or more hexes [OP X.C.3.a]
            intel.hear(state)  # moving units heard [OP X.D]
            intel.glimpse(state)  # hidden units sighted on the way [OP X.B.4]
            state.execution.clear()
        else:  # the Order Plot and Final Facing: sides decide
            for s in state.to_act():
                if state.nothing_to_decide(s):  # legal_actions(s) is [Done]
                    state.play.done.add(s)
                    state.emit(SideDone(s, seg))
            if state.to_act():
                return
        next_segment(state)


def next_segment(state: ArmorState) -> None:
    lift_on_fire(state)  # a ban lifted by shots fired [SCN VIII.B.3]
    if ends_game(state):  # 2B: "when the bridge is destroyed" [SCN VI.B.6]
        finish(state)
        return
    state.play.done.clear()
    state.sheets.options = {}
    state.sheets.foci = {}
    state.play.step += 1
    if state.play.step == len(state.game.steps):
        end_turn(state)
        if state.play.over:
            return
    begin_segment(state)


def end_turn(state: ArmorState) -> None:
    prepare(state)  # a Turn of demolition preparation [SCN VI.B.3]
    if state.play.turn >= state.game.turns:
        finish(state)
        return
    state.play.turn += 1
    state.play.step = 0
    state.firing.fired_last_turn, state.firing.fired = state.firing.fired, set()
    intel.settle_dust(state)  # last Turn's dust stands this Turn [OP X.C.3.a]
    state.firing.opportunity_used, state.firing.mg_used = set(), set()
    state.damage.old_wrecks = len(state.damage.wrecks)
    state.sheets.orders = {s: {} for s in state.game.sides}
    state.sheets.faced = set()


def finish(state: ArmorState) -> None:
    """The game is over: judged, each step of the adjudication logged [SCN IV]."""
    state.play.over = True
    outcome = state.outcome()
    assert outcome is not None
    for step in outcome.verdict.steps if outcome.verdict is not None else ():
        state.emit(Adjudged(step))  # each step with its section [SCN IV]
    state.emit(GameEnded(outcome.winner, outcome.reason))


# --- Sighting [AG IV] --------------------------------------------------------------------


def sighting(state: ArmorState) -> None:
    if state.objectives.off_map:
        reinforce(state)  # a die for each reinforcement waiting [SCN VI.B.5]
    for side in state.game.sides:
        seen, units = [], []
        mine = state.alive(side)
        for enemy in state.enemies(side):
            by = [u for u in mine if sights(state, u, enemy)]
            if by:
                face_down = state.game.conceals and intel.concealment(state, enemy, side)
                # sighted by its firing only, an inverted unit stays face down [OP X.A.2]
                named = f"a face-down {intel.shape(state, enemy)}" if face_down else enemy
                seen.append(f"{named} ({len(by)})")
                units.append(enemy)
        state.emit(Sighted(side, tuple(seen), private_to=side))
        lift_on_sighting(state, side, units)  # [SCN VIII.B.3]


# --- Direct Fire [AG VI] -----------------------------------------------------------------


def direct_fire(state: ArmorState) -> None:
    pending: list[Pending] = []
    razed: list[str] = []
    for side in (state.game.german, state.game.allied):
        for unit, order in sorted(state.sheets.orders[side].items()):
            if order.smoke is not None and unit in state.troops.hexes:
                smoke.fire(state, unit, order)  # FS: an inverted Smoke unit [OP IX.A.3]
                continue
            if order.fire is None or unit not in state.troops.hexes:
                continue
            if state.game.units[unit].mortar:  # "F" and the hex [OP II.E.3; E.5.c]
                pending.extend(mortars.fire(state, unit, order))
                continue
            if dumps.is_dump(order.fire):  # 4B's Supply Dumps [SCN VIII.B.3]
                why = dumps.why_not_dump(state, unit, order.fire, bool(order.moves))
                if why is not None:
                    state.emit(FireCancelled(unit, order.notation, why))
                    continue
                state.firing.fired.add(unit)
                if dumps.fire(state, unit, order.fire):
                    razed.append(order.fire)
                continue
            if strikes.is_target(state, order.fire):  # "F" and the hex [ADV IV.E.5]
                why = strikes.why_not(state, unit, order.fire, bool(order.moves))
                if why is not None:
                    state.emit(FireCancelled(unit, order.notation, why))
                    continue
                pending.extend(strikes.resolve(state, unit, order.fire, bool(order.moves)))
                pending.extend(antitank.with_squad(state, unit, order))  # [IV.E.3; IV.E.6]
                continue
            why = why_not_fire(state, unit, order.fire, bool(order.moves))
            if why is not None:
                state.emit(FireCancelled(unit, order.notation, why))
                continue
            state.firing.fired.add(unit)
            if order.area:  # Area Pinning Fire [OP XXVIII.B]
                pending.extend(area_pinning.resolve(state, unit, order))
                continue
            pending.extend(resolve(state, unit, order.fire))
            if handheld.carries(state, unit):  # with the Squad, unless ordered apart [ADV IV.E.3]
                written = any(mount == handheld.FT for mount, _ in order.mg)
                if handheld.automatic(state, unit, order.fire, written, bool(order.moves)):
                    pending.extend(resolve_gp(state, unit, order.fire, mg=handheld.FT))
            pending.extend(antitank.with_squad(state, unit, order))  # (B), (PT) ... [IV.E.3]
        for unit, order in sorted(state.sheets.orders[side].items()):
            if unit in state.troops.hexes:  # own orders, or with the main gun [ADV IV.E.2]
                pending.extend(machineguns.fire(state, unit, order))  # [VI.A.2]
    razing = [p for p in pending if strikes.is_razing(state, p)]
    pending = [p for p in pending if not strikes.is_razing(state, p)]
    for p in pending:  # simultaneous: applied once all fire is done [AG VI.A]
        damage(state, p.unit, p.effect, p.by)
    for p in razing:  # a Block, Wire, Pillbox or Bunker destroyed [ADV IV.E.5; OP XXV.C.4]
        for inside in strikes.raze(state, p):  # Knocked Out with it (our reading)
            damage(state, inside, "knocked-out", p.by)
    bailout.check(state, pending)  # after all fire of the Phase [ADV IX]
    for target in dict.fromkeys(razed):
        dumps.destroy(state, target)
    demolish(state)  # the Engineers' rolls, in the Direct Fire Phase [SCN VI.B.3]


def damage(state: ArmorState, unit: str, effect: str, by: str | None = None) -> None:
    """Apply one result to ``unit``; ``by``: the unit whose fire or combat it is, credited
    with a Knock Out towards an Ace [OP XVII.G.1]."""
    if unit in state.damage.knocked_out or unit in state.damage.eliminated:
        return
    if effect == "penetrated":  # No Damage: only the Bail Out Table [GC1; ADV IX.A]
        return
    rule = "[GC1 Effects of AP Hits; AG VI]"
    shelter = shelter_of(state, unit) if effect == "suppressed" else None
    if shelter is not None:
        where = f"inside a {shelter.name}: cannot be Suppressed"
        state.emit(Damaged(unit, where, "[OP XVII.B.4]"))
        return
    if effect == "suppressed" and special_infantry.ignores_suppressed(state, unit):
        state.emit(
            Damaged(unit, "a Ranger or Commando: ignores the Suppressed result", "[OP V.C.3]")
        )
        return
    if effect == "knocked-out" and reduction.reduce(state, unit):
        return  # a Squad reduced to a Half Squad instead [OP XII]
    if effect == "knocked-out" and not state.game.units[unit].vehicle:
        sunk = boats.sunk(state, unit)  # a Boat's load with it, in a River hex [OP XXVI.B.1]
        # a Leg or Towed unit leaves no Wreck (our reading: Wrecks are Vehicles')
        state.troops.hexes.pop(unit)
        state.troops.facing.pop(unit, None)  # gone: no counter left to face anywhere
        state.troops.turret.pop(unit, None)
        state.damage.eliminated.append(unit)
        cover.forget(state, unit)  # its Full Cover unit goes with it [ADV IV.C]
        state.emit(Damaged(unit, "Knocked Out: removed", "[GC1 Effects of GP Hits; ADV VI.B]"))
        morale.knocked_out(state, unit, by)  # towards an Ace [OP XVII.G.1]
        for rider in sunk:
            what = f"Knocked Out with its Boat {unit} in a River hex"
            state.emit(Damaged(rider, what, "[OP XXVI.B.1]"))
            boats.drown(state, rider, lambda u: damage(state, u, "knocked-out"))
        return
    if effect == "knocked-out":
        h = state.troops.hexes.pop(unit)
        state.damage.knocked_out.append(unit)
        state.damage.wrecks.append(h)
    elif effect == "suppressed":
        # Our reading of "for all Turns when it appears" [ADV IV.D]: the "S" is written on
        # this Turn's line (what is not yet executed is cancelled) and the next Turn's.
        state.damage.suppressed[unit] = state.play.turn + 1
        rule = "[GC1 Effects of GP Hits; ADV IV.D]"
        if state.transported(unit):  # "will not affect the Vehicle unit" [ADV V.C.6]
            carrier = state.troops.carried[unit]
            rule = f"(its Vehicle {carrier} is not affected [ADV V.C.6]) {rule}"
    else:
        state.damage.hits.setdefault(unit, set()).add(effect)
        if effect in ("hull", "turret", "crew"):
            state.damage.crew_losses[unit] = state.damage.crew_losses.get(unit, 0) + 1
            rule = "[GC1 Effects of AP Hits; ADV VI.E]"
        elif effect.startswith("mg-"):
            rule = "[GC1 Effects of AP Hits; ADV VI.C.2; ADV VI.E]"
    state.emit(Damaged(unit, _EFFECTS[effect], rule))
    if effect == "knocked-out":
        morale.knocked_out(state, unit, by)  # towards an Ace [OP XVII.G.1]
    if effect == "suppressed":
        morale.suppressed(state, unit)  # a Panic Morale Check [OP XVII.B]


# --- Movement Execution [AG VII] (rules.armor.execution) -----------------------------------


def resolve_disputes(state: ArmorState) -> None:
    """[AG VII.D]: hexes holding both sides' units are cleared, one side moving back a hex
    (to where it was before entering), as often as it takes."""
    for _ in range(200):
        disputed = _disputed(state)
        if not disputed:
            return
        h, by_side = disputed[0]
        loser, why = _loser(state, h, by_side)
        for unit in by_side[loser]:
            back = _back(state, unit, h)
            state.put(unit, back, state.troops.facing[unit])  # with its passengers
            state.emit(Bounced(unit, state.game.name(h), state.game.name(back), why))


def _disputed(state: ArmorState) -> list[tuple[Hex, dict[str, list[str]]]]:
    """Hexes with units of both sides, each side's units there (transported units move with
    their Vehicle [ADV V.C.1], so only the Vehicle is listed)."""
    at: dict[Hex, dict[str, list[str]]] = {}
    for u, h in sorted(state.troops.hexes.items()):
        if not state.transported(u):
            at.setdefault(h, {}).setdefault(state.game.units[u].side, []).append(u)
    return sorted(((h, s) for h, s in at.items() if len(s) > 1), key=lambda x: x[0])


def _entered_for(state: ArmorState, unit: str, h: Hex) -> float | None:
    """SF spent by ``unit`` up to entering ``h`` this Turn; None if it did not move in."""
    w = state.execution.walks.get(unit)
    if w is None:
        return None
    spent = 0.0
    for step_hex, _, cost in w.hexes:
        spent += float(cost)
        if step_hex == h:
            return spent
    return None


def _loser(state: ArmorState, h: Hex, by_side: dict[str, list[str]]) -> tuple[str, str]:
    sides = sorted(by_side)
    entered = {s: [_entered_for(state, u, h) for u in by_side[s]] for s in sides}
    still = [s for s in sides if any(e is None for e in entered[s])]
    if len(still) == 1:
        loser = next(s for s in sides if s not in still)
        return loser, f"{still[0]} has a unit there that did not move [AG VII.D.1]"
    least = {s: min((e for e in entered[s] if e is not None), default=0.0) for s in sides}
    if least[sides[0]] != least[sides[1]]:
        loser = max(sides, key=lambda s: least[s])
        return loser, "the other side spent fewer Speed Factors to enter [AG VII.D.2]"
    while True:
        rolls = {s: state.roll(f"disputed hex {state.game.name(h)}: {s}", 10) for s in sides}
        if rolls[sides[0]] != rolls[sides[1]]:
            loser = min(sides, key=lambda s: rolls[s])
            return loser, "the lower die roll [AG VII.D.3]"


def _back(state: ArmorState, unit: str, h: Hex) -> Hex:
    w = state.execution.walks.get(unit)
    path = [w.start] + [x for x, _, _ in w.hexes] if w is not None else [h]
    if h in path[1:]:
        i = path.index(h, 1)
        if w is not None:
            del w.hexes[i - 1 :]  # it never entered the hex [AG VII.D.4-5]
        return path[i - 1]
    return next((n for n in h.neighbors() if n in state.game.amap.hexes), h)


# --- Final Facing [AG VIII] ----------------------------------------------------------------


def apply_face(state: ArmorState, action: Face) -> None:
    """Carry out a Final Facing [AG VIII.A] (checked by :func:`rules.armor.plot.why_not`)."""
    h = state.troops.hexes[action.unit]
    hull = state.game.amap.direction_to_global(h, action.hull)
    turret = state.game.amap.direction_to_global(h, action.turret)
    state.troops.facing[action.unit] = hull
    state.troops.turret[action.unit] = (turret - hull) % 6
    specials.reload(state, action.unit)  # the Petard's turret forward [OP XXV.B.2]
    state.sheets.faced.add(action.unit)
    state.emit(Faced(action.unit, action.hull, action.turret))
    hatches.apply(state, action.unit, action.hatch)  # the Turret unit exchanged [AG VIII.B.2]
