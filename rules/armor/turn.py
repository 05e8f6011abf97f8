"""The Armor Turn once orders are written: sighting, Direct Fire and its results, movement
execution with its illegal-order cuts, Building hexsides and disputed hexes, Final Facing, and
the end of the Turn [AG II; IV; VI; VII; VIII]."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.provenance import Value
from rules.armor import opportunity
from rules.armor.cards import table
from rules.armor.events import (
    Bounced,
    BuildingCheck,
    Damaged,
    Faced,
    FireCancelled,
    LeftMap,
    Moved,
    OrderCut,
    OrdersRevealed,
    Sighted,
)
from rules.armor.fire import Pending, resolve, sights, why_not_fire
from rules.armor.move import EnterCost, Walk, enter_cost, walk
from rules.armor.orders import Face
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
}
CA_PLACEHOLDER = (
    "the cards' NM Close Assault Defense is not in the text: row 3 of the Vehicle/Building "
    "Table for every vehicle"
)


def begin_segment(state: ArmorState) -> None:
    phase, segment = state.game.steps[state.play.step]
    state.emit(SegmentBegan(state.play.turn, phase.name, segment.id))


def advance(state: ArmorState) -> None:
    while not state.play.over:
        seg = state.segment.id
        if seg == "sighting":
            sighting(state)
        elif seg == "direct-fire":
            direct_fire(state)
        elif seg == "first-movement":
            reveal_orders(state)
            move_side(state, state.game.first(state.play.turn))
        elif seg == "second-movement":
            move_side(state, state.game.second(state.play.turn))
        elif seg == "disputed-hexes":
            resolve_disputes(state)
        else:  # the Order Plot and Final Facing: sides decide
            for s in state.to_act():
                if len(state.legal_actions(s)) == 1:  # only 'done': nothing to decide
                    state.play.done.add(s)
                    state.emit(SideDone(s, seg))
            if state.to_act():
                return
        next_segment(state)


def next_segment(state: ArmorState) -> None:
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
    if state.play.turn >= state.game.turns:
        state.play.over = True
        outcome = state.outcome()
        assert outcome is not None
        state.emit(GameEnded(outcome.winner, outcome.reason))
        return
    state.play.turn += 1
    state.play.step = 0
    state.firing.fired_last_turn, state.firing.fired = state.firing.fired, set()
    state.firing.opportunity_used = set()
    state.damage.old_wrecks = len(state.damage.wrecks)
    state.sheets.orders = {s: {} for s in state.game.sides}
    state.sheets.faced = set()
    state.troops.walks = {}


# --- Sighting [AG IV] --------------------------------------------------------------------


def sighting(state: ArmorState) -> None:
    for side in state.game.sides:
        seen = []
        mine = state.alive(side)
        for enemy in state.enemies(side):
            by = [u for u in mine if sights(state, u, enemy)]
            if by:
                seen.append(f"{enemy} ({len(by)})")
        state.emit(Sighted(side, tuple(seen), private_to=side))


# --- Direct Fire [AG VI] -----------------------------------------------------------------


def direct_fire(state: ArmorState) -> None:
    pending: list[Pending] = []
    for side in (state.game.german, state.game.allied):
        for unit, order in sorted(state.sheets.orders[side].items()):
            if order.fire is None or unit not in state.troops.hexes:
                continue
            why = why_not_fire(state, unit, order.fire, bool(order.moves))
            if why is not None:
                state.emit(FireCancelled(unit, order.notation, why))
                continue
            state.firing.fired.add(unit)
            pending.extend(resolve(state, unit, order.fire))
    for p in pending:  # simultaneous: applied once all fire is done [AG VI.A]
        damage(state, p.unit, p.effect)


def damage(state: ArmorState, unit: str, effect: str) -> None:
    if unit in state.damage.knocked_out:
        return
    rule = "[GC1 Effects of AP Hits; AG VI]"
    if effect == "knocked-out":
        h = state.troops.hexes.pop(unit)
        state.damage.knocked_out.append(unit)
        state.damage.wrecks.append(h)
    else:
        state.damage.hits.setdefault(unit, set()).add(effect)
        if effect in ("hull", "turret", "crew"):
            state.damage.crew_losses[unit] = state.damage.crew_losses.get(unit, 0) + 1
            rule = "[GC1 Effects of AP Hits; ADV VI.E]"
    state.emit(Damaged(unit, _EFFECTS[effect], rule))


# --- Movement Execution [AG VII] -----------------------------------------------------------


def reveal_orders(state: ArmorState) -> None:
    texts = [o.text() for s in state.game.sides for o in state.sheets.orders[s].values()]
    state.emit(OrdersRevealed(tuple(sorted(texts))))


def move_side(state: ArmorState, side: str) -> None:
    for unit, order in sorted(state.sheets.orders[side].items()):
        if not order.moves or unit not in state.troops.hexes:
            continue
        if state.immobile(unit):
            reason = "Hull compartment or Track damage erases all movement [AG VII.C.1]"
            state.emit(OrderCut(unit, order.moves, reason))
            continue
        spec = state.game.units[unit]
        w = walk(
            spec,
            state.troops.hexes[unit],
            state.troops.facing[unit],
            order.steps,
            _executed_cost(state, unit),
            state.game.on_map,
            order.fire is not None,
        )
        _execute(state, unit, w)
        if w.stopped and not w.off_map:
            state.emit(OrderCut(unit, order.moves, w.stopped))
        names = tuple(state.game.name(h) for h, _, _ in w.hexes)
        number = state.game.amap.global_to_direction(w.hex, w.facing)
        state.emit(Moved(unit, order.moves, names, number, f"{w.spent}"))
        if w.off_map and unit in state.troops.hexes:
            _leave(state, unit, w.hex)


def _executed_cost(state: ArmorState, unit: str) -> EnterCost:
    """Entering costs as the unit moves: a road or track hex where a new Wreck or a newly
    moved enemy unit stands costs its other terrain, and the unit moves as far as it can
    [AG VII.C.4]."""
    spec, plotted = state.game.units[unit], state.game.cost_for(state.game.units[unit])
    blocked = set(state.damage.wrecks[state.damage.old_wrecks :]) | {
        state.troops.hexes[u]
        for u, w in state.troops.walks.items()
        if w.hexes and u in state.troops.hexes and state.game.units[u].side != spec.side
    }

    def cost(frm: Hex, to: Hex) -> Fraction | None:
        if to not in blocked:
            return plotted(frm, to)
        return enter_cost(state.game.movement, spec, frm, to, blocked=True)

    return cost


def _execute(state: ArmorState, unit: str, w: Walk) -> None:
    """Move the unit hex by hex: Building hexsides [AG VII.E] and Opportunity Fire [AG VII.F]
    may stop it on the way; what is left of the order is erased."""
    state.troops.walks[unit] = w
    previous = w.start
    for i, (h, facing, _) in enumerate(list(w.hexes)):
        where = _building_step(state, unit, previous, h, facing)
        if where == "before":
            _truncate(w, i, facing, "Track damage entering a Building hex [AG VII.E.2.e]")
            break
        state.troops.hexes[unit], state.troops.facing[unit] = h, facing
        if where == "inside":
            _truncate(w, i + 1, facing, "Track damage leaving a Building hex [AG VII.E.2.e]")
            break
        if opportunity.check(state, unit):
            _truncate(w, i + 1, facing, "stopped by Opportunity Fire [AG VII.F.4]")
            break
        previous = h
    if unit in state.troops.hexes:
        state.troops.hexes[unit], state.troops.facing[unit] = w.hex, w.facing


def _truncate(w: Walk, keep: int, facing: int, why: str) -> None:
    del w.hexes[keep:]
    w.facing, w.stopped, w.off_map = facing, why, False


def _leave(state: ArmorState, unit: str, h: Hex) -> None:
    del state.troops.hexes[unit]
    state.troops.exited[unit] = h
    scores = any(
        c.kind == "exit" and c.side == state.game.units[unit].side
        for c in state.game.scenario.victory.conditions
    )
    state.emit(LeftMap(unit, state.game.name(h), scores))


def _building_step(state: ArmorState, unit: str, previous: Hex, h: Hex, facing: int) -> str | None:
    """[AG VII.E.2]: a vehicle crossing a Building hexside, in or out, rolls for Track and Gun
    damage; with Track damage it stops "before" the Building (entering) or "inside" it
    (leaving). Hexes of one large Building are crossed freely [AG VII.E.2.f]."""
    if not state.game.units[unit].vehicle:
        return None
    a, b = state.game.terrain.terrain(previous), state.game.terrain.terrain(h)
    building = next((t for t in (b, a) if t.endswith("-building")), None)
    if building is None or (a.endswith("building") and b.endswith("building")):
        return None
    kind = building.split("-")[0].title()
    side = f"{state.game.name(previous)}-{state.game.name(h)}"
    backwards = previous.neighbor(facing) != h  # a reverse move [AG VII.E.2.c]
    turret_back = state.troops.turret[unit] in (2, 3, 4)
    gun = "GN Rev" if backwards != turret_back else "GN Fwd"
    if _building_roll(state, unit, side, f"{kind} TK"):
        damage(state, unit, "track")
        return "before" if b.endswith("building") else "inside"
    if _building_roll(state, unit, side, f"{kind} {gun}"):
        damage(state, unit, "gun")
    return None


def _building_roll(state: ArmorState, unit: str, hexside: str, column: str) -> bool:
    cell = table("vehicle-building").cell(3, column)
    limit = int(str(cell.value if isinstance(cell, Value) else cell))
    roll = state.roll(f"Vehicle/Building {column} for {unit}", 100)
    state.emit(
        BuildingCheck(
            unit, hexside, column, roll, limit, roll <= limit, "[AG VII.E.2]", CA_PLACEHOLDER
        )
    )
    return roll <= limit


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
            state.troops.hexes[unit] = back
            state.emit(Bounced(unit, state.game.name(h), state.game.name(back), why))


def _disputed(state: ArmorState) -> list[tuple[Hex, dict[str, list[str]]]]:
    at: dict[Hex, dict[str, list[str]]] = {}
    for u, h in sorted(state.troops.hexes.items()):
        at.setdefault(h, {}).setdefault(state.game.units[u].side, []).append(u)
    return sorted(((h, s) for h, s in at.items() if len(s) > 1), key=lambda x: x[0])


def _entered_for(state: ArmorState, unit: str, h: Hex) -> float | None:
    """SF spent by ``unit`` up to entering ``h`` this Turn; None if it did not move in."""
    w = state.troops.walks.get(unit)
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
    w = state.troops.walks.get(unit)
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
    state.sheets.faced.add(action.unit)
    state.emit(Faced(action.unit, action.hull, action.turret))
