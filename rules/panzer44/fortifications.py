"""Panzer '44 Improved Positions [12.0] and mines [17.0]: where they are, and what they do.

Improved Positions (IPs):

- **Placed** at the initial deployment [12.21], one per hex [12.23]: under each unit whose
  force entry says ``in-ip``, then, where the side's ``fortifications`` allow IPs (a number,
  or unset for no limit), under its other non-vehicle units in deployment order, within the
  fortifications' ``region`` and not in ``not_in`` terrain. The engine chooses for the owner
  (an event says so): IPs under its infantry and guns are what keep them standing [12.22].
- **Inside**: only a unit inside receives the benefit, the die roll reduced by four [12.1]
  (:func:`rules.panzer44.terrain_fire.terrain_modifier` weighs it with the hex's own terrain
  [10.25]). Moving in costs nothing: a non-vehicle unit that ends its move in an IP hex it may use
  goes inside (our reading, standing in for the owner's choice; [8.1], [12.3] speak of infantry
  and anti-tank guns only). Climbing out takes the unit's entire Movement Allowance [12.4]:
  a move of its own, ``move UNIT out-of-ip``; until then it may not leave the hex. A unit on
  top of an IP (climbed out, or left there by its carrier's dismount [9.0]) that is plotted MV
  may go back inside as its move, at no cost: ``move UNIT into-ip`` [12.4] (a unit with no
  Movement Allowance may be plotted MV for it alone: our reading of "no Movement Point cost").
- **Stacking** [8.1], [12.3]: one infantry unit and one anti-tank gun unit may share an IP hex
  of their side (:func:`rules.panzer44.movement.may_stack`); the deployment still places one unit
  per hex (the owner's option, chosen for him).
- **Destroyed** when no friendly unit is in the hex at the end of a Game-Turn [12.22]; never
  garrisoned by the enemy. A scenario's override of [12.22] saying IPs are "not destroyed"
  (19.7) keeps them all game and lets either side use them.

Mines:

- **Laid** by the side's ``fortifications.mined_hexes``, of ``mine_kind`` (unset: hasty, the
  only kind the scenarios call for [17.11], a placeholder), noted secretly [17.0]: the event
  is private to the owner, and the other side learns a mined hex only when a Mine Attack
  places its marker. The engine chooses for the owner: the vacant hexes nearest its units
  (within two hexes), nearest first then in printed-ID order, within the region and not in
  ``not_in`` terrain nor in an IP.
- **Mine Attack** [17.11]-[17.12] on any unit entering a mined hex (it stops there [17.13])
  or leaving one (it goes on; a result is placed in the hex it moved to [17.14]): the mined
  hex's Net Attack Superiority on the Combat Results Table, the die unmodified; mines attack
  friend and foe [17.16]. An overrun through a mined hex takes two, in its exit hex [17.15].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex, ring, spiral
from model.provenance import Value, unwrap
from model.regions import Region
from model.scenario import AreaPlacement, Fortifications, Side
from model.systems import GameSystem
from model.tables import tables
from model.victory import RuleOverride
from rules.engine.errors import IllegalActionError
from rules.engine.events import Event
from rules.panzer44.events import (
    ImprovedPositionChanged,
    ImprovedPositionPlaced,
    MineAttack,
    MinesLaid,
    MoveEnded,
    MoveStopped,
)
from rules.panzer44.movement import may_stack, place, step_cost
from rules.panzer44.results import apply_results

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State

CRT = "Combat Results Table Panzer '44 [6.81]"
MINE_REACH = 2  # how far from its units the engine lays a side's mines (our choice)
DEFAULT_KIND = "hasty"
PLACED_FOR_OWNER = "the engine's choice standing in for the owner's [18.41]"


@dataclass(frozen=True)
class Mine:
    """One mined hex: whose, which type, and its Net Attack Superiority [17.11]."""

    owner: str
    kind: str
    superiority: int
    placeholder: str | None = None


@dataclass(frozen=True)
class Fortified:
    """What the deployment fortified: IPs (hex to owner), the units inside them, the mined
    hexes, the deployment's events, and whether IPs outlast their garrison (19.7)."""

    ips: Mapping[Hex, str]
    inside: Mapping[str, Hex]
    mines: Mapping[Hex, Mine]
    events: tuple[Event, ...]
    persist: bool = False


# --- deployment -------------------------------------------------------------------------------


def fortify(game: Panzer44Game) -> Fortified:
    """The IPs and mined hexes of the scenario's set-up [12.21], [17.0]."""
    ips: dict[Hex, str] = {}
    inside: dict[str, Hex] = {}
    mines: dict[Hex, Mine] = {}
    events: list[Event] = []
    order = [*game.scenario.deployment_order, *game.sides]
    for side_id in dict.fromkeys(order):
        side = game.scenario.side(side_id)
        _place_ips(game, side, ips, inside, events)
        if side.fortifications is not None:
            _lay_mines(game, side, side.fortifications, ips, mines, events)
    persist = any(
        isinstance(r, RuleOverride) and r.rule == "12.22" and "not destroyed" in r.text
        for r in game.scenario.special_rules
    )
    return Fortified(ips, inside, mines, tuple(events), persist)


def _place_ips(
    game: Panzer44Game,
    side: Side,
    ips: dict[Hex, str],
    inside: dict[str, Hex],
    events: list[Event],
) -> None:
    hexes = game.deployment.hexes
    units = [u for u in game.deployment.units if u.side == side.id and u.id in hexes]
    fort = side.fortifications
    for spec in units:
        h = hexes[spec.id]
        if spec.id not in game.deployment.in_ip or ips.get(h, side.id) != side.id:
            continue
        inside[spec.id] = h  # both of an IP's stack are inside [8.1], [12.3]
        if h not in ips:
            ips[h] = side.id
            events.append(_placed(game, side.id, spec.id, h, "its force is in-ip"))
    if fort is None or fort.improved_positions == 0:
        return
    count = sum(1 for owner in ips.values() if owner == side.id)
    allowed = _Allowed(game, fort.region, tuple(fort.not_in))
    for spec in units:
        if fort.improved_positions is not None and count >= fort.improved_positions:
            break
        h = hexes[spec.id]
        if spec.vehicle or spec.id in game.deployment.carried_by or h in ips or not allowed(h):
            continue
        ips[h], inside[spec.id] = side.id, h
        events.append(_placed(game, side.id, spec.id, h, f"under its unit, {PLACED_FOR_OWNER}"))
        count += 1


def _placed(game: Panzer44Game, side: str, unit: str, h: Hex, how: str) -> ImprovedPositionPlaced:
    return ImprovedPositionPlaced(side, game.name(h), unit, how)


class _Allowed:
    """Whether a hex is one the fortifications may go in: the region, not ``not_in``."""

    def __init__(self, game: Panzer44Game, region: Region | None, not_in: tuple[str, ...]):
        self.game = game
        self.region = game.region(region) if region is not None else None
        self.not_in = not_in

    def __call__(self, h: Hex) -> bool:
        if self.region is not None and h not in self.region:
            return False
        return self.game.terrain.terrain(h) not in self.not_in


def mine_values(kind: str) -> tuple[int, str | None]:
    """The Net Attack Superiority of a type of mined hex [17.11] and a placeholder note."""
    table = tables(GameSystem.PANZER44)["mines"]
    key = {"preventive": "Preventative"}.get(kind.lower(), kind.capitalize())
    if key not in [str(r.key) for r in table.rows]:
        key = "Hasty"
    cell = table.cell(key, table.columns[0])
    note = cell.placeholder if isinstance(cell, Value) else None
    return int(str(unwrap(cell))), note


def _lay_mines(
    game: Panzer44Game,
    side: Side,
    fort: Fortifications,
    ips: Mapping[Hex, str],
    mines: dict[Hex, Mine],
    events: list[Event],
) -> None:
    if not fort.mined_hexes:
        return  # unset: the scenario gives no number; the engine lays none
    kind = fort.mine_kind or DEFAULT_KIND
    superiority, note = mine_values(kind)
    if fort.mine_kind is None:
        note = "the scenario names no type: hasty, the only type its scenarios use [17.11]"
    region = fort.region
    if region is None and isinstance(side.setup, AreaPlacement):
        region = side.setup.region
    allowed = _Allowed(game, region, (*fort.not_in, *fort.mines_not_in))
    hexes = game.deployment.hexes
    own = [h for u, h in hexes.items() if game.specs[u].side == side.id]
    taken = set(hexes.values()) | set(ips) | set(mines)
    best: dict[Hex, int] = {}
    for h in own:
        for n in spiral(h, MINE_REACH):
            d = n.distance(h)
            if 0 < d < best.get(n, MINE_REACH + 1):
                best[n] = d
    candidates = [
        h
        for h in best
        if h not in taken
        and h in game.terrain
        and (game.play_area is None or h in game.play_area)
        and allowed(h)
    ]
    chosen = sorted(candidates, key=lambda h: (best[h], game.name(h)))[: fort.mined_hexes]
    for h in chosen:
        mines[h] = Mine(side.id, kind, superiority, note)
    how = f"the vacant hexes nearest its units, {PLACED_FOR_OWNER}"
    names = tuple(game.name(h) for h in chosen)
    events.append(MinesLaid(side.id, kind, names, how, private_to=side.id))


# --- Improved Positions in play ---------------------------------------------------------------


def is_inside(state: Panzer44State, unit: str) -> bool:
    """Whether the unit is inside an Improved Position now [12.1] (a unit moved out of its hex
    by any means is no longer inside)."""
    h = state.forts.inside.get(unit)
    return h is not None and state.board.hexes.get(unit) == h and h in state.forts.ips


def may_go_inside(state: Panzer44State, unit: str) -> bool:
    """Whether the unit may go inside the IP of the hex it stands in [12.22], [12.4]."""
    h = state.board.hexes.get(unit)
    spec = state.game.specs[unit]
    if h is None or h not in state.forts.ips or spec.vehicle or unit in state.board.carried_by:
        return False
    if is_inside(state, unit):
        return False
    return state.game.fortified.persist or state.forts.ips[h] == spec.side


def settle(state: Panzer44State, unit: str) -> None:
    """A unit's move is over: it goes inside the IP of its hex if it may (no cost [12.4])."""
    if unit in state.board.hexes and may_go_inside(state, unit):
        state.forts.inside[unit] = state.board.hexes[unit]
        name = state.game.name(state.board.hexes[unit])
        change = "goes inside at no Movement Point cost (the engine's choice for the owner)"
        state.emit(ImprovedPositionChanged(name, unit, change, "[12.4]"))


def go_inside(state: Panzer44State, unit: str, text: str) -> None:
    """The unit on top of the IP of its hex goes back inside, at no Movement Point cost, as
    its move of the Movement Phase [12.4] ("There is no Movement Point cost for a unit to move
    into an Improved Position (from on top to underneath). Changing position within an
    Improved Position takes place during the Movement Phase.").

    Raises:
        IllegalActionError: the unit is not on top of an IP it may use.
    """
    if not may_go_inside(state, unit):
        raise IllegalActionError(
            f"'{text}': {unit} is not on top of an Improved Position it may go inside: only a "
            "non-vehicle unit, not carried, in its side's IP hex (either side's where the "
            "scenario keeps IPs) [12.4], [12.22]"
        )
    h = state.board.hexes[unit]
    state.forts.inside[unit] = h
    state.orders.moved.add(unit)
    name = state.game.name(h)
    change = "goes back inside from on top, at no Movement Point cost"
    state.emit(ImprovedPositionChanged(name, unit, change, "[12.4]"))
    state.emit(MoveEnded(unit, name, 0.0, state.game.specs[unit].movement_allowance))


def climb_out(state: Panzer44State, unit: str, text: str) -> None:
    """The unit climbs out on top of its IP, spending its entire Movement Allowance [12.4].

    Raises:
        IllegalActionError: the unit is not inside an IP, or cannot move.
    """
    spec = state.game.specs[unit]
    if not is_inside(state, unit):
        raise IllegalActionError(f"'{text}': {unit} is not inside an Improved Position [12.4]")
    if spec.movement_allowance < 1:
        raise IllegalActionError(f"'{text}': {unit} has no Movement Allowance to spend [12.4]")
    del state.forts.inside[unit]
    state.orders.moved.add(unit)
    h = state.board.hexes[unit]
    change = "climbs out on top, spending its entire Movement Allowance"
    state.emit(ImprovedPositionChanged(state.game.name(h), unit, change, "[12.4]"))
    allowance = spec.movement_allowance
    state.emit(MoveEnded(unit, state.game.name(h), allowance, allowance))


def end_of_turn(state: Panzer44State) -> None:
    """IPs with no friendly unit in them are destroyed [12.22] (unless the scenario keeps
    them, 19.7)."""
    if state.game.fortified.persist or not state.forts.ips:
        return
    held = {(state.game.specs[u].side, h) for u, h in state.board.hexes.items()}
    for h in sorted(state.forts.ips, key=state.game.name):
        if (state.forts.ips[h], h) in held:
            continue
        owner = state.forts.ips.pop(h)
        change = f"destroyed: no {owner} unit in it at the end of the Game-Turn"
        state.emit(ImprovedPositionChanged(state.game.name(h), None, change, "[12.22]"))


# --- mines in play ----------------------------------------------------------------------------


def mine_attack(
    state: Panzer44State,
    unit: str,
    h: Hex,
    moving: str,
    held: list[tuple[str, str]] | None = None,
) -> str:
    """A Mine Attack on ``unit`` ``moving`` (entering or leaving) the mined hex ``h``, its
    result applied at once [17.0], [17.11]-[17.14], or added to ``held`` when given (an overrun
    takes it in its exit hex [17.15]); the result."""
    mine = state.game.fortified.mines[h]
    name = state.game.name(h)
    roll = state.roll(f"Mine Attack on {unit} {moving} {name} [17.12]")
    cell = tables(GameSystem.PANZER44)["combat-results"].cell(roll, mine.superiority)
    result = str(unwrap(cell))
    notes = [n for n in (mine.placeholder,) if n]
    if isinstance(cell, Value) and cell.placeholder:
        notes.append(f"CRT row {roll} column {mine.superiority:+d}: {cell.placeholder}")
    state.forts.mines_revealed.add(h)  # the Mined Hex marker is placed [17.0]
    rule = "[17.11]-[17.13]" if moving == "entering" else "[17.11], [17.12], [17.14]"
    if held is not None:
        rule = f"{rule}, [17.15]"
    state.emit(
        MineAttack(
            unit, name, mine.owner, mine.kind, moving, mine.superiority, roll, result, CRT,
            f"Panzer '44 {rule}", "; ".join(notes) or None,
        )
    )  # fmt: skip
    if result != "•" and held is not None:
        held.append((unit, result))
    elif result != "•":
        apply_results(state, [(unit, result)])
    return result


def mines_known_to(state: Panzer44State, side: str) -> list[str]:
    """The mined hexes ``side`` knows of: its own, and the enemy's whose marker a Mine Attack
    has placed [17.0]; by name."""
    mines = state.game.fortified.mines
    return sorted(
        state.game.name(h)
        for h, m in mines.items()
        if m.owner == side or h in state.forts.mines_revealed
    )


def stopped(state: Panzer44State, unit: str) -> bool:
    """Whether the unit may not go on moving: destroyed, pinned or disrupted [6.55], [6.82]."""
    return (
        unit not in state.board.hexes
        or unit in state.fire.pins
        or bool(state.fire.disruption.get(unit))
    )


def unstack(state: Panzer44State, unit: str) -> None:
    """A unit stopped in a hex that holds another unit is moved to an adjacent vacant hex
    [8.33] (the first in printed-ID order the unit may enter: the engine's choice for the
    owner); where there is none, to the nearest vacant hex (our reading)."""
    h = state.board.hexes.get(unit)
    if h is None:
        return
    riders = {p for p, c in state.board.carried_by.items() if c == unit}
    carrier = state.board.carried_by.get(unit)
    others = {u for u, w in state.board.hexes.items() if w == h} - riders - {unit, carrier}
    if not others or may_stack(state, unit, h):
        return  # alone, or the infantry and anti-tank gun of an IP [8.1], [12.3]
    occupied = set(state.board.hexes.values())
    game = state.game
    cls = game.specs[unit].movement_class
    held = f"stopped in a hex held by {', '.join(sorted(others))}"

    def vacant(n: Hex, radius: int) -> bool:
        if n in occupied or n in game.fortified.mines:
            return False
        if radius == 1:  # beside it: a step it may take [8.33]
            return step_cost(state, unit, h, n) is not None
        if game.play_area is not None and n not in game.play_area:
            return False
        return not game.movement.cost(cls if cls != "none" else "foot", n).prohibited

    for radius in range(1, 6):
        on_map = sorted((n for n in ring(h, radius) if n in game.amap.hexes), key=game.name)
        n = next((n for n in on_map if vacant(n, radius)), None)
        if n is None:
            continue
        place(state, unit, n)
        if radius == 1:
            why = f": moved to the adjacent vacant hex {game.name(n)} [8.33] (the engine's choice"
            why += " for the owner)"
        else:
            why = (
                f" with no vacant hex beside it [8.33]: moved to the nearest vacant hex, "
                f"{game.name(n)} (our reading: the book gives no case with none beside it)"
            )
        state.emit(MoveStopped(unit, game.name(n), held + why))
        return
    reason = f"{held}; no vacant hex near it [8.33]"
    state.emit(MoveStopped(unit, game.name(h), reason))
