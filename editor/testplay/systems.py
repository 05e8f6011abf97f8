"""What the test-play panel says of an Armor, Panzer Command or Soldiers game: where play is,
who is to act and what for, the acting side's legal actions grouped by unit and described in
words, and the hex each action goes to or aims at. Qt-free: values read from a state.

Why one module for three systems: the panel is generic (a list of actions by unit, Apply,
Done); only these words and the hexes an action points at differ from system to system. The
Panzer '44 panel (:mod:`editor.testplay.choices`) keeps its reach, odds and lines of fire.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from model.hexes import Hex
from rules.armor.game import ArmorState
from rules.armor.orders import Face, Order
from rules.engine.actions import Action, Done, Move
from rules.engine.core import State
from rules.panzer_command.actions import Dispatch, Fire, Rally, Select
from rules.panzer_command.game import PcState
from rules.soldiers.actions import Commit, OrderMan, Shoot
from rules.soldiers.game import SoldiersState

#: The group of the actions that belong to the side, not to a unit (chits, points).
SIDE_GROUP = ""


@dataclass
class Grouped:
    """A side's legal actions now: by unit (in the engine's order), the side's own, and its
    Done (pass, end of plotting or of the segment), if any."""

    units: dict[str, list[Action]] = field(default_factory=dict)
    side: list[Action] = field(default_factory=list)
    done: Done | None = None


def unit_of(action: Action) -> str | None:
    """The unit (or man) an action is for; None for a side's action."""
    for name in ("unit", "man"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


def grouped(state: State, side: str) -> Grouped:
    found = Grouped()
    for action in state.legal_actions(side):
        unit = unit_of(action)
        if isinstance(action, Done):
            found.done = action
        elif unit is None:
            found.side.append(action)
        else:
            found.units.setdefault(unit, []).append(action)
    if isinstance(state, ArmorState):
        for actions in found.units.values():
            actions.sort(key=lambda a: _order_key(state, a))
    return found


def _order_key(state: ArmorState, action: Action) -> tuple[int, str, int, str]:
    """Armor's orders in reading order: fire alone, fire and move, Opportunity Fire, Pivot,
    then moves by the hex they end in, the shortest first."""
    if not isinstance(action, Order):
        return (5, "", 0, action.text())
    end = armor_end(state, action)
    place = state.game.name(end[0]) if end is not None else "~off"
    rank = 2 if action.opportunity else 3 if action.moves == "V" else 4
    if action.fire:
        rank = 1 if action.moves else 0
    return (rank, place if rank in (1, 4) else "", len(action.steps), action.text())


def armor_end(state: ArmorState, order: Order) -> tuple[Hex, int] | None:
    """Where an Armor order's movement ends, and the compass direction faced then; None off
    the map. Why a plain walk of the notation: the legal orders are the engine's own
    (:func:`rules.armor.plot.order_options`), so their steps fit the terrain and the SF; only
    the Movement Execution Phase may cut them [AG VII.C]."""
    here, facing = state.hexes.get(order.unit), state.facing.get(order.unit, 0)
    if here is None:
        return None
    for step in order.steps:
        if step in "LR":
            facing = (facing + (1 if step == "R" else -1)) % 6
        elif step in "FB":
            here = here.neighbor(facing if step == "F" else (facing + 3) % 6)
            if not state.game.on_map(here):
                return None
    return here, facing


# --- where play is ----------------------------------------------------------------------------


def status(state: State) -> tuple[str, str]:
    """(the turn and phase, a line about the segment), for the panel's header."""
    if isinstance(state, ArmorState):
        if state.step >= len(state.game.steps):  # past the last segment: the game is over
            return f"Turn {state.turn} of {state.game.turns}", ""
        phase, segment = state.game.steps[state.step]
        return (
            f"Turn {state.turn} of {state.game.turns} · {phase.name}",
            segment.name[:1].upper() + segment.name[1:],
        )
    if isinstance(state, PcState):
        last = state.game.last_turn
        if state.phase == "segment" and state.chit is not None:
            kind = "Direct Command" if state.chit.endswith("direct-command") else "Regiment Action"
            return f"Turn {state.turn} of {last} · {kind} Segment", f"Chit {state.chit} [§3.2]"
        if state.phase == "prep":
            return f"Turn {state.turn} of {last} · Preparation Phase", "Dispatch Points [§3.1 C]"
        return (
            f"Turn {state.turn} of {last} · Action Phase",
            f"{len(state.cup)} chit(s) in the cup; select one with 2 Dispatch Points, or pass "
            "and draw [§3.1]",
        )
    if isinstance(state, SoldiersState):
        head = f"Command Cycle {state.cycle} of {state.game.cycles}"
        if state.phase == "action" and state.chit is not None:
            line = f"Chit {state.chit} at {state.risk}, {state.orders_left} order(s) left"
            if state.current is not None:
                line += f"; {state.current} has {state.ap:g} AP"
            return f"{head} · Action Phase [6]", line
        return f"{head} · Command Phase [5.2]", "Commit a chit one space down, or pass"
    return type(state).__name__, ""


def done_label(state: State) -> str:
    """The Done button's words for what finishing means now."""
    if isinstance(state, ArmorState):
        plotting = state.step < len(state.game.steps) and state.segment.id == "plot"
        return "Done plotting" if plotting else "Done facing"
    if isinstance(state, PcState):
        return "End the Segment" if state.phase == "segment" else "Pass"
    if isinstance(state, SoldiersState):
        return "End the Action Phase" if state.phase == "action" else "Pass"
    return "Done"


def todo(state: State, side: str) -> str:
    """What ``side`` (to act) has left to decide, in a few words."""
    found = grouped(state, side)
    units = len(found.units)
    if isinstance(state, ArmorState):
        if state.segment.id == "plot":
            done = len(state.orders[side])
            return f"orders for {done} of {done + units} units, then Done"
        return f"final facing of {units} more unit(s), then Done"
    if isinstance(state, PcState):
        if state.phase == "segment":
            points = ""
            if (state.chit or "").endswith("direct-command"):
                points = f", {state.dc[side]} Direct Command(s) left"
            return f"an Action for each of {units} unit(s), or pass{points}"
        return f"{state.dp[side]} Dispatch Point(s): spend or pass"
    if isinstance(state, SoldiersState):
        if state.phase == "action":
            return f"{state.orders_left} order(s) to give, then End"
        return "commit a chit, or pass"
    return f"{units} unit(s) to act"


# --- actions in words -------------------------------------------------------------------------


def describe(state: State, action: Action) -> str:
    """An action as the panel lists it under its unit (or side)."""
    if isinstance(action, Order):
        parts = []
        if action.fire:
            parts.append(f"Fire at {action.fire}")
        if action.opportunity:
            parts.append(f"Opportunity Fire on {action.opportunity}")
        if action.moves == "V":
            parts.append("Pivot in Place")
        elif action.moves:
            parts.append(f"Move {action.moves} {_armor_where(state, action)}")
        return ", then ".join(parts) or "No orders"
    if isinstance(action, Face):
        return f"Face {action.hull}, turret {action.turret}"
    if isinstance(action, Move):
        steps = len(action.path)
        return f"Move to {action.path[-1]} ({steps} hex{'es' if steps != 1 else ''})"
    if isinstance(action, Fire):
        return f"Fire at {action.target}"
    if isinstance(action, Rally):
        return "Rally [§11.2]"
    if isinstance(action, Dispatch):
        return "Spend 1 Dispatch Point: second Regiment chit onto next turn [§3.1 C]"
    if isinstance(action, Select):
        return "Spend 2 Dispatch Points: activate the second Regiment chit now [§3.1]"
    if isinstance(action, OrderMan):
        return "Give an order [6.21]"
    if isinstance(action, Shoot):
        return f"Shoot at {action.hex} ({action.fire_type} fire)"
    if isinstance(action, Commit):
        assert isinstance(state, SoldiersState)
        return f"Commit chit {action.chit} (now at {state.space[action.chit]}) [5.2]"
    return action.text()


def _armor_where(state: State, order: Order) -> str:
    assert isinstance(state, ArmorState)
    end = armor_end(state, order)
    if end is None:
        return "→ off the map [AG VII.C.5]"
    h, compass = end
    return f"→ {state.game.name(h)}, facing {state.game.amap.global_to_direction(h, compass)}"


#: What Armor's order notation means, for the panel [AG V.C].
ARMOR_NOTATION = (
    "Orders in the book's notation [AG V.C]: a number moves that many hexes forward, L and R "
    "turn one hexside, B backs one hex, V pivots in the Final Facing Phase; facings are the "
    "hex's direction numbers."
)


def unit_title(state: State, unit: str) -> str:
    """A unit's line in the list: id, name, hex."""
    at = where(state).get(unit)
    place = _name(state, at) if at is not None else "off the map"
    return f"{unit}  ·  {unit_name(state, unit)}  ·  {place}"


def unit_name(state: State, unit: str) -> str:
    if isinstance(state, (ArmorState, PcState)):
        spec = state.game.units.get(unit)
        return spec.name if spec is not None else unit
    if isinstance(state, SoldiersState):
        man = state.game.men.get(unit)
        return f"{man.name}, {man.weapon.code}" if man is not None else unit
    return unit


def side_title(state: State) -> str:
    if isinstance(state, SoldiersState):
        return "Command chits"
    if isinstance(state, PcState):
        return "Dispatch Points"
    return "The side"


# --- hexes ------------------------------------------------------------------------------------


def _name(state: State, h: Hex) -> str:
    game = state.game
    namer = getattr(game, "name", None)
    return str(namer(h)) if namer is not None else f"{h.q},{h.r}"


def _hex(state: State, name: str) -> Hex | None:
    try:
        return state.game.amap.resolve(name)  # type: ignore[attr-defined, no-any-return]
    except (KeyError, ValueError):
        return None


def hexes_entered(action: Action) -> int:
    """How many hexes a move enters (a move's path, an order's forward and back steps)."""
    if isinstance(action, Move):
        return len(action.path)
    if isinstance(action, Order):
        return sum(1 for s in action.steps if s in "FB")
    return 0


def where(state: State) -> dict[str, Hex]:
    return {p.unit: p.hex for p in state.positions()}


def aims(state: State, action: Action, at: dict[str, Hex]) -> tuple[str, Hex] | None:
    """("move", the hex a move ends in) or ("fire", the hex a fire aims at), else None (a
    move off the map, an order that fires and moves)."""
    if isinstance(action, Move):
        h = _hex(state, action.path[-1])
        return ("move", h) if h is not None else None
    if isinstance(action, Order) and action.moves and not action.fire:
        assert isinstance(state, ArmorState)
        end = armor_end(state, action) if action.moves != "V" else None
        return ("move", end[0]) if end is not None else None
    if isinstance(action, Fire) and action.target in at:
        return "fire", at[action.target]
    if isinstance(action, Shoot):
        h = _hex(state, action.hex)
        return ("fire", h) if h is not None else None
    if isinstance(action, Order) and not action.moves:
        if action.fire and action.fire in at:
            return "fire", at[action.fire]
        if action.opportunity:
            h = _hex(state, action.opportunity)
            return ("fire", h) if h is not None else None
    return None
