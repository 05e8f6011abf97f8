"""What one side of an Armor game may know, where play is, and actions in words.

Both sides write their orders "secretly" [AG II.B; AG V]: a side sees its own orders and, of the
other side's, only whether it has finished plotting, until the Command Sheets are laid out in
full view for movement [AG VII.A]. The Armor Game has no hidden units, so every counter shows;
with Limited Intelligence [OP X] (:mod:`rules.armor.optional.intel`) the other side's hidden
units are left out of a side's view and its inverted units show only their shape, under a
name that is not their id, and their orders stay their owner's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor import hatches, storeys
from rules.armor.move import order_walk
from rules.armor.optional import command, flak
from rules.armor.optional.intel import concealment, shape
from rules.armor.orders import Face, OpportunityFire, Order, Panic, Uncover
from rules.armor.support import shelters, strikes
from rules.armor.support.effects import shelter_of
from rules.engine.actions import Action, Done
from rules.engine.play import ActionFocus, Progress, SideView
from rules.engine.positions import UnitPosition, short_label

if TYPE_CHECKING:
    from rules.armor.game import ArmorState


def side_view(state: ArmorState, side: str) -> SideView:
    """What ``side`` may know: every counter (no hidden units in the Armor Game), its own
    orders, the other side's once revealed, and of the other only whether it has finished."""
    if side not in state.game.sides:
        raise KeyError(f"there is no side '{side}'")
    other = next(s for s in state.game.sides if s != side)
    revealed = state.play.over or state.segment.id != "plot"
    own = tuple(o.text() for o in state.sheets.orders[side].values())
    if revealed:
        own += tuple(
            o.text()
            for u, o in state.sheets.orders[other].items()
            if state.play.over or concealment(state, u, side) is None  # [OP X]
        )
    units = tuple(positions(state))
    if state.game.conceals and not state.play.over:
        units = seen_by(state, side, units)
    if state.intel.heard.get(side) and not state.play.over:
        units += heard_marks(state, side)  # [OP X.D.3]
    return SideView(
        side,
        progress(state),
        units,
        own,
        {other: other in state.play.done},
        tuple(e.describe() for e in state.events_for(side)),
    )


def progress(state: ArmorState) -> Progress:
    """The Turn and its phase [AG II.B], and what each side to act has left."""
    game = state.game
    if state.play.over or state.play.step >= len(game.steps):
        return Progress(state.play.turn, game.turns, "Turn", "", "the game is over", over=True)
    phase, segment = game.steps[state.play.step]
    asked = state.execution.asked
    if asked is not None:
        moves = "crossing the hexside" if asked.crossing else "entering"
        kind = "Tracking Fire" if asked.tracking else "Opportunity Fire"
        return Progress(
            turn=state.play.turn,
            last_turn=game.turns,
            turn_word="Turn",
            phase=phase.name,
            step=f"{kind}: {asked.target} triggers {asked.firer}'s order, {moves} {asked.where}",
            rule="Armor [OP XV.B]" if asked.tracking else "Armor [AG VII.F]",
            step_id=segment.id,
            to_act=state.to_act(),
            left=dict.fromkeys(state.to_act(), "fire, or decline and wait for later units"),
            done_label="Decline (let it pass)",
        )
    plotting = segment.id == "plot"
    left = {}
    for side in state.to_act():
        units = {a.unit for a in state.legal_actions(side) if isinstance(a, Order | Face)}
        if plotting:
            done = len(state.sheets.orders[side])
            left[side] = f"orders for {done} of {done + len(units)} units, then Done"
        else:
            left[side] = f"final facing of {len(units)} more unit(s), then Done"
    return Progress(
        turn=state.play.turn,
        last_turn=game.turns,
        turn_word="Turn",
        phase=phase.name,
        step=segment.name[:1].upper() + segment.name[1:],
        rule=segment.source,
        step_id=segment.id,
        to_act=state.to_act(),
        left=left,
        done_label="Done plotting" if plotting else "Done facing",
    )


def order_end(state: ArmorState, order: Order) -> tuple[Hex, int] | None:
    """Where an order's movement ends and the compass direction faced then; None off the map.
    Why a plain walk of the notation: the legal orders are the engine's own
    (:func:`rules.armor.plot.order_options`), so their steps fit the terrain and the SF; only
    the Movement Execution Phase may cut them [AG VII.C]. Once executed, where the unit
    stands (what was cut included)."""
    here, facing = state.troops.hexes.get(order.unit), state.troops.facing.get(order.unit, 0)
    if here is None:
        return None
    if order.unit in state.execution.walks:  # executed this Turn [AG VII]
        return here, facing
    for step in order.steps:
        if step in "LR":
            facing = (facing + (1 if step == "R" else -1)) % 6
        elif step in "FB":
            here = here.neighbor(facing if step == "F" else (facing + 3) % 6)
            if not state.game.on_map(here):
                return None
    return here, facing


def describe(state: ArmorState, action: Action) -> str:
    """An order in the book's words (fire, opportunity fire, pivot, move and where it ends)."""
    if isinstance(action, Order):
        parts = []
        if action.assault:
            parts.append(f"Close Assault on {action.assault} [ADV IV.A.1]")
        if action.overrun:
            end = _where(state, action)
            return f"Overrun {action.overrun} moving {action.moves} {end} [ADV IV.A.2]"
        if action.fire:
            pin = " with Pinning Fire [OP XXVIII.A]" if action.pinning else ""
            pin += " with APCR [OP XXIII]" if action.apcr else ""
            if action.rate is not None:  # [OP XXIV.A.2.a-b]
                pin += f", {action.rate} shot(s) announced [OP XXIV.A.2.a-b]"
            if action.area:  # [OP XXVIII.B]
                pin = f" and {', '.join(action.area)} with Area Pinning Fire [OP XXVIII.B]"
            spec = state.game.units.get(action.unit)
            if spec is not None and spec.mortar:  # [OP II.E.3; E.5]
                pin = " (Mortar Direct Fire at the hex, Impact hex after Scatter) [OP II.E]"
            parts.append(f"Fire at {action.fire}{pin}")
        for mount, target in action.mg:  # [ADV IV.E.2]
            parts.append(_mount_fire(state, mount, target))
        if action.opportunity:
            cr = " with APCR [OP XXIII]" if action.apcr and not action.fire else ""
            parts.append(f"Opportunity Fire on {action.opportunity}{cr}")
        for mount, watched in action.mg_opportunity:  # our reading of [ADV IV.E.2]
            parts.append(_mount_opportunity(mount, watched))
        if action.tracking:
            parts.append(f"Tracking Fire at {action.tracking} when it moves [OP XV]")
        for mount, tracked in action.mg_tracking:  # our reading of [OP XV.A; ADV IV.E.2-3]
            parts.append(f"({mount}) Tracking Fire at {tracked} when it moves [OP XV; ADV IV.E]")
        if action.smoke:
            how = "Indirect Fire of Smoke (HS)" if action.smoke_indirect else "Smoke (FS)"
            parts.append(f"{how} into {action.smoke} [OP IX.A.1]")
        if action.transfer:
            parts.append(transfer_words(state, action))
        if action.cover:
            parts.append("Full Cover: a Full Cover unit placed on it [ADV IV.C]")
        if action.entrench:
            parts.append(_dig_words(state, action.unit))
        if action.enter or action.leave:  # [CS Order Notations E, G] (support.shelters)
            parts.append(shelters.words(state, action))
        if action.span:
            parts.append("Lay the Span over the hex it faces [OP XXV.C.1]")
        if action.moves == "V":
            parts.append("Pivot in Place")
        elif action.moves:
            climb = storeys.describe(state, action)  # Up and Down [ADV IV.B.2]
            parts.append(f"Move {action.moves} {_where(state, action)}{climb}")
        if action.ahead:  # [OP XIV.B.2]
            parts.append(f"next Turn's orders plotted in advance: {action.ahead} [OP XIV.B.2]")
        return ", then ".join(parts) or "No orders"
    if isinstance(action, Face):
        hatch = hatches.describe(action.hatch)  # the Turret unit exchanged [AG VIII.B.2]
        return f"Face {action.hull}, turret {action.turret}{hatch}"
    if isinstance(action, Uncover):
        return "Remove its Full Cover unit [ADV IV.C.4]"
    if isinstance(action, Panic):
        return "Voluntary Panic: 'P' orders until it rallies [OP XVII.E]"
    asked = state.execution.asked
    if isinstance(action, OpportunityFire):
        where = state.troops.hexes.get(action.target)
        at = f" in {state.game.name(where)}" if where is not None else ""
        if asked is not None and asked.tracking:
            return f"Tracking Fire at {action.target}{at} (Slow Rate of Fire, no -8) [OP XV.B]"
        return f"Opportunity Fire at {action.target}{at} (Slow Rate of Fire, -8) [AG VII.F]"
    if isinstance(action, Done) and asked is not None and asked.tracking:
        return f"Decline: let {asked.target} pass this hex [OP XV.B.2]"
    if isinstance(action, Done) and asked is not None:
        return f"Decline: let {asked.target} pass [AG VII.F]"
    if isinstance(action, Done):
        return "Done"
    return action.text()


def transfer_words(state: ArmorState, order: Order) -> str:
    """A Load or Unload order in words, with the Turns it takes [ADV IV.B.1]."""
    from rules.armor.transport import loaded, turns

    unit = order.unit
    if state.game.units[unit].vehicle:
        verb = "Load the units in its hex" if order.transfer == "D" else "Unload its units"
        return f"{verb} (the Vehicle's '{order.transfer}') [ADV IV.B.1]"
    if order.transfer == "U" and flak.third_turn_due(state, unit):
        return "Unload: the 88 FLAK's third Turn, to fire at any elevation level [OP XIX]"
    need, done = turns(state, unit), loaded(state, unit)
    left = need - done if order.transfer == "D" else done
    what = f"Load onto {order.vehicle}" if order.transfer == "D" else "Unload"
    return f"{what}: Turn {need - left + 1} of {need} [ADV IV.B.1]"


def _where(state: ArmorState, order: Order) -> str:
    end = order_end(state, order)
    if end is None:
        return "→ off the map [AG VII.C.5]"
    h, compass = end
    return f"→ {state.game.name(h)}, facing {state.game.amap.global_to_direction(h, compass)}"


def concerns(state: ArmorState, action: Action) -> ActionFocus:
    """An order's unit, the hex its movement ends in or the unit or hex it fires at; for an
    order that moves, the hexes it enters and the Speed Factors it spends by the rules that
    execute it (:func:`rules.armor.move.walk`) [AG V.B]."""
    if isinstance(action, Face | Uncover | Panic):
        return ActionFocus(action.unit)
    if isinstance(action, OpportunityFire):
        return ActionFocus(action.unit, "fire", state.troops.hexes.get(action.target))
    if not isinstance(action, Order):
        return ActionFocus(None)
    if state.play.over or state.segment.id != "plot":
        return _order_focus(state, action)
    found = state.sheets.foci.get(action)
    if found is None:
        found = state.sheets.foci[action] = _order_focus(state, action)
    return found


def _order_focus(state: ArmorState, action: Order) -> ActionFocus:
    path, cost = _walked(state, action) if action.moves else ((), None)
    aimed = action.fire or next((t for _, t in action.mg), None)  # a machinegun's [IV.E.2]
    if action.moves == "V" and not aimed:  # a Pivot in Place: a facing, no hex
        return ActionFocus(action.unit)
    if action.moves and not aimed:
        end = order_end(state, action)  # None: off the map
        return ActionFocus(action.unit, "move", end[0] if end else None, path, cost)
    if aimed and aimed in state.troops.hexes:
        return ActionFocus(action.unit, "fire", state.troops.hexes[aimed], path, cost)
    watched = action.opportunity or next((h for _, h in action.mg_opportunity), None)
    if watched:  # the main gun's or a machinegun's own Opportunity Fire [AG V.A.2.b; IV.E.2]
        return ActionFocus(action.unit, "fire", state.game.hex_named(watched))
    tracked = action.tracking or next((t for _, t in action.mg_tracking), None)
    if tracked and tracked in state.troops.hexes:  # [OP XV]; a weapon's own [ADV IV.E.2-3]
        return ActionFocus(action.unit, "fire", state.troops.hexes[tracked])
    if action.assault and action.assault in state.troops.hexes:
        return ActionFocus(action.unit, "fire", state.troops.hexes[action.assault])
    hexed = aimed or action.assault  # a Block, Wire, Pillbox or Bunker by hex [ADV IV.E.5]
    spec = state.game.units.get(action.unit)
    if action.fire and spec is not None and spec.mortar:  # "F" and the hex [OP II.E.3]
        return ActionFocus(action.unit, "fire", state.game.hex_named(action.fire))
    if hexed and strikes.is_target(state, hexed):
        return ActionFocus(
            action.unit, "fire", state.game.hex_named(hexed.split(":")[0]), path, cost
        )
    return ActionFocus(action.unit)


def _walked(state: ArmorState, order: Order) -> tuple[tuple[Hex, ...], float | None]:
    """The hexes the order's movement enters and the SF it spends, walked by the engine's own
    rules (what it would do were it executed now, no one else moving)."""
    unit = order.unit
    if unit not in state.troops.hexes or unit in state.execution.walks:  # gone, or executed
        return (), None
    w = order_walk(state, order)
    return tuple(h for h, _, _ in w.hexes), float(w.spent)


def display_key(state: ArmorState, action: Action) -> tuple[int, str, int, str]:
    """Armor's orders in reading order: attacks standing (Close Assault [ADV IV.A.1] before
    fire: "A-" reads first), fire and move and Overrun [ADV IV.A.2], Opportunity Fire, Pivot,
    Load, Unload and Full Cover [ADV IV.B-C], then moves by the hex they end in, the shortest
    first. Why: a Squad's Close Assault or a tank's Overrun was listed among two hundred
    moves by where it ends, hard to find in Test Play."""
    if not isinstance(action, Order):
        return (5, "", 0, action.text())
    end = order_end(state, action)
    place = state.game.name(end[0]) if end is not None else "~off"
    rank = 2 if action.opportunity or action.tracking else 3 if action.moves == "V" else 4
    if action.transfer or action.cover or action.entrench or action.span:
        rank = 3
    if action.enter or action.leave:  # in the hex: with Load and Full Cover [CS E, G]
        rank = 3
    if action.fire or action.assault or action.mg:
        rank = 1 if action.moves else 0
    if action.overrun:
        rank = 1
    return (rank, place if rank in (1, 4) else "", len(action.steps), action.text())


#: Damage as counter markers [GC1 Effects of AP Hits].
HIT_MARKERS = {"gun": "Gun", "turret": "Tur", "hull": "Hull", "track": "Trk"}


def positions(state: ArmorState) -> list[UnitPosition]:
    """The marks play has left on the map (:func:`map_marks`, under the units), every unit on
    the map, with its hull's facing and its damage (``In`` for one inside a Pillbox or
    Bunker), then the Terrain Support units standing, with no facing: the Mine units too,
    which show where a Minefield is, never where its Mines are [OP IV.B]."""
    found = map_marks(state)
    for u, h in sorted(state.troops.hexes.items()):
        spec = state.game.units[u]
        marks = [HIT_MARKERS[k] for k in sorted(state.damage.hits.get(u, ())) if k in HIT_MARKERS]
        if state.damage.crew_losses.get(u):
            marks.append(f"Crew-{state.damage.crew_losses[u]}")
        if shelter_of(state, u) is not None:
            marks.append("In")
        if u in state.morale.panicked:
            marks.append("P")  # its Panic orders [OP XVII.B.3]
        marks.extend(command.marks(state, u))  # PHQ, HQ, NC [OP XIV.A.4; XIV.B.1]
        found.append(
            UnitPosition(
                u, spec.side, spec.type_id, short_label(u), h, state.troops.facing[u], tuple(marks)
            )
        )
    for w in state.game.works.units:
        if w.id not in state.fieldworks.removed:
            code = w.id.split(".")[1]
            found.append(UnitPosition(w.id, w.side, code, short_label(w.id), w.hex))
    return found


#: The marks of play on the map, by kind (a counter of no side: its ``type_id`` and id
#: prefix), with their words.
MARKS = {
    "wreck": "Wreck",  # a Knocked Out Vehicle is replaced by a Wreck [GC1 Effects of AP Hits]
    "destroyed": "Destroyed",  # a collapsed Building [OP XVIII.A-C]
    "fire": "Fire",  # a Fire in a Building or Alley [OP XI.B]
    "smoke": "Smoke",  # a face-up Smoke unit: a Smoke hex this Turn [OP IX.A.4-5]
    "smoke-inverted": "Smoke next Turn",  # fired this Turn, inverted [OP IX.A.3]
    "dust": "Dust",  # from a Vehicle that moved two or more hexes last Turn [OP X.C.3]
    "entrenchment": "Dug in",  # a Hasty Entrenchment unit [OP XXXII.C]
    "span": "Span",  # an SBG Bridge AVRE's Span unit laid [OP XXV.C]
}


def map_marks(state: ArmorState) -> list[UnitPosition]:
    """What play has put on the map for every side to see, as counters of no side (before the
    units, so that a unit stands on top of the mark in its hex): the Wrecks, Destroyed
    Buildings, Fires, Smoke (face up, and inverted until next Turn), dust, Hasty
    Entrenchments and SBG Spans (:data:`MARKS`); each named by its kind and a number in map order
    (``wreck.2``). Why: Test Play's map showed the scenario's terrain only, so a designer
    could not see why a line was blocked or a road cost more."""
    where = {
        "wreck": list(state.damage.wrecks),  # one mark a Wreck, two stacked in one hex
        "destroyed": sorted(state.blazes.destroyed),
        "fire": sorted(state.blazes.fires),
        "smoke": sorted(state.smoke.smoke_face_up),
        "smoke-inverted": sorted(state.smoke.smoke_inverted),
        "dust": sorted({h for route in state.intel.dust.values() for h in route}),
        "entrenchment": sorted(state.cover.entrenched),
        "span": sorted(state.specials.spans),
    }
    found: list[UnitPosition] = []
    for kind, hexes in where.items():
        label = MARKS[kind]
        for i, h in enumerate(sorted(hexes), start=1):
            found.append(UnitPosition(f"{kind}.{i}", "", kind, label, h))
    return found


def seen_by(
    state: ArmorState, side: str, units: tuple[UnitPosition, ...]
) -> tuple[UnitPosition, ...]:
    """The counters ``side`` sees [OP X]: the other side's hidden units left out [OP X.B.3],
    its inverted ones by their shape only, "a tracked vehicle" or "a unit" [OP X.A.1], each
    named by its side, shape and a number in hex order (not its id, which names its type)."""
    found: list[UnitPosition] = []
    count: dict[str, int] = {}
    for p in sorted(units, key=lambda p: (p.side, p.hex.q, p.hex.r, p.unit)):
        how = concealment(state, p.unit, side) if p.unit in state.game.units else None
        if how == "hidden":
            continue
        if how == "inverted":
            kind = shape(state, p.unit)
            count[kind] = count.get(kind, 0) + 1
            alias, label = f"{p.side}.{kind}.{count[kind]}", INVERTED_LABELS[kind]
            p = UnitPosition(alias, p.side, kind, f"{label} {count[kind]}", p.hex, p.facing)
        found.append(p)
    order = {p.unit: i for i, p in enumerate(units)}
    return tuple(sorted(found, key=lambda p: (order.get(p.unit, len(order)), p.unit)))


def heard_marks(state: ArmorState, side: str) -> tuple[UnitPosition, ...]:
    """What ``side`` has heard this Turn of the other side's moving units it does not see
    [OP X.D]: a mark in each hex where the noise originated, saying what was heard, "Vehicle or
    Leg" [OP X.D.3], never which unit (named by the other side, ``heard-vehicle`` or
    ``heard-leg`` and a number in the order heard; no facing: the noise has none). One mark
    for a hex heard twice alike."""
    other = next(s for s in state.game.sides if s != side)
    found: list[UnitPosition] = []
    count: dict[str, int] = {}
    for what, h in dict.fromkeys(state.intel.heard.get(side, ())):
        kind = f"heard-{what}"
        count[kind] = count.get(kind, 0) + 1
        label = f"{HEARD_LABELS[kind]} {count[kind]}"
        found.append(UnitPosition(f"{other}.{kind}.{count[kind]}", other, kind, label, h))
    return tuple(found)


#: A heard mark's words [OP X.D.3].
HEARD_LABELS = {"heard-vehicle": "Heard vehicle", "heard-leg": "Heard leg unit"}

#: An inverted counter's words, by its shape [OP X.A.1].
INVERTED_LABELS = {"tracked-vehicle": "Tracked vehicle", "unit": "Unit"}


def _dig_words(state: ArmorState, unit: str) -> str:
    """A Hasty Entrenchment order in words, with the Turn of the three it would be
    [OP XXXII.B]."""
    turn = state.cover.digging.get(unit, 0) + 1
    return f"Hasty Entrenchment: Turn {min(turn, 3)} of 3 [OP XXXII.B]"


def _mount_fire(state: ArmorState, mount: str, target: str) -> str:
    """A weapon's own fire order in words: a machinegun's [ADV IV.E.2], a squad's hand-held
    Flamethrower, Bazooka, PIAT, Panzerfaust or Panzerschreck [ADV IV.E.3]: AP at a Vehicle
    [ADV VI.A.1], its GP Factor at a unit in a Building hex or a Block, Wire, Pillbox or Bunker
    unit's hex [ADV IV.E.5-6]."""
    from rules.armor.antitank import WEAPONS

    if mount in WEAPONS:
        spec = state.game.units.get(target)
        if spec is None or not spec.vehicle:
            name = WEAPONS[mount].name
            return f"({mount}) {name} GP fire at {target} [ADV IV.E.3; IV.E.6]"
        return f"({mount}) {WEAPONS[mount].name} AP fire at {target} [ADV IV.E.3; VI.A.1]"
    if mount == "FT":
        return f"(FT) hand-held Flamethrower fire at {target} [ADV IV.E.3; OP V.B]"
    return f"({mount}) machinegun fire at {target} [ADV IV.E.2]"


def _mount_opportunity(mount: str, watched: str) -> str:
    """A weapon's own Opportunity Fire order in words: a machinegun's (our reading of
    [ADV IV.E.2]), a squad's Bazooka's, PIAT's ... (our reading of [ADV IV.E.3; VI.A.1])."""
    from rules.armor.antitank import WEAPONS

    if mount in WEAPONS:
        name = WEAPONS[mount].name
        return f"({mount}) {name} AP Opportunity Fire on {watched} [ADV IV.E.3; VI.A.1]"
    return f"({mount}) machinegun Opportunity Fire on {watched} [ADV IV.E.2]"
