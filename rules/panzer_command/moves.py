"""Panzer Command Move Action [§5]: a path of adjacent hexes whose entry costs (leg, tracked,
motorized [§5.1], from :mod:`rules.movement.costs`) total at most the unit's Movement Point
Allowance; never into an enemy-held hex [§5.2]; Suppressed and immobile units do not move
[§5; §11.1]. No more than 6 Steps end a move in a hex [§5.2] (our reading: the book's limit
is on the Steps that end a Segment in a hex; the engine checks it where each move ends, so a
hex is never over-stacked in play and no unit must be forced out later)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple
from weakref import WeakKeyDictionary

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.events import UnitDeployed
from rules.movement.reach import Edges, Reach, reachable
from rules.panzer_command.actions import PositionChanged, UnitHit, UnitMoved
from rules.panzer_command.digging import arrive, leave
from rules.panzer_command.exits import OFF, exit_hexes, leave_map, off_map_cost, why_not_exit
from rules.panzer_command.fire import end_concentration
from rules.panzer_command.minefields import enemy_strength, exit_cost, mine_attack
from rules.panzer_command.night import NIGHT_MP, in_enemy_zone, is_night
from rules.panzer_command.offmap import lose_plots
from rules.panzer_command.opportunity import offer, stopped
from rules.panzer_command.records import Reaction
from rules.panzer_command.reinforcements import due, entry_cost, entry_hexes
from rules.panzer_command.transport import SPW, TRUCK, carrier_of, moves_as, moving_steps, riders

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState
    from rules.panzer_command.units import PcUnit

#: Per game: the terrain cost of each step (class, from, to); the map never changes in play.
_COSTS: WeakKeyDictionary[PanzerCommandGame, dict[tuple[str, Hex, Hex], float | None]] = (
    WeakKeyDictionary()
)


def _terrain_cost(game: PanzerCommandGame, movement_class: str, frm: Hex, to: Hex) -> float | None:
    """What entering ``to`` from ``frm`` costs the class by the terrain, None if prohibited
    [§5.1] (worked out once a game)."""
    costs = _COSTS.setdefault(game, {})
    key = (movement_class, frm, to)
    if key not in costs:
        found = game.movement.cost(movement_class, to, frm)
        costs[key] = None if found.prohibited or found.cost is None else found.cost
    return costs[key]


#: Per game and movement class: the steps out of each map hex into the adjacent map hexes,
#: each with its terrain cost, prohibited ones left out [§5.1] (worked out once a game).
_STEPS: WeakKeyDictionary[
    PanzerCommandGame, dict[str, dict[Hex, tuple[tuple[Hex, float], ...]]]
] = WeakKeyDictionary()


def _steps_table(
    game: PanzerCommandGame, movement_class: str
) -> dict[Hex, tuple[tuple[Hex, float], ...]]:
    return _STEPS.setdefault(game, {}).setdefault(movement_class, {})


def _steps_out(
    game: PanzerCommandGame,
    movement_class: str,
    table: dict[Hex, tuple[tuple[Hex, float], ...]],
    frm: Hex,
) -> tuple[tuple[Hex, float], ...]:
    """The steps the class may take out of ``frm`` by the terrain, with their costs [§5.1]:
    into each adjacent map hex (in :meth:`~model.hexes.Hex.neighbors` order) not prohibited."""
    found = table.get(frm)
    if found is None:
        hexes, steps = game.amap.hexes, []
        for to in frm.neighbors():
            if to in hexes:
                cost = _terrain_cost(game, movement_class, frm, to)
                if cost is not None:
                    steps.append((to, cost))
        found = table[frm] = tuple(steps)
    return found


def _edges(state: PcState, unit: str, enemy: Collection[Hex]) -> Edges:
    """The unit's allowed steps out of a hex with their costs, for :func:`reachable`: what
    :func:`step_cost` says of each adjacent hex (the same costs, added in the same order),
    with the terrain read from the game's table and the unit's values, night and each hex's
    minefield exit cost worked out once for the listing (nothing moves while it is made)."""
    game, spec = state.game, moves_as(state, unit)
    movement_class = spec.movement_class
    table = _steps_table(game, movement_class)
    night, mined = is_night(state), bool(game.minefields)
    zone: dict[Hex, bool] = {}

    def edges(frm: Hex) -> Iterator[tuple[Hex, float]]:
        extra: float | None = None
        for to, terrain in _steps_out(game, movement_class, table, frm):
            if to in enemy:
                continue  # never into an enemy-held hex [§5.2]
            cost = terrain
            if night:
                held = zone.get(to)
                if held is None:
                    held = zone[to] = in_enemy_zone(state, unit, to)
                if held:
                    continue  # no moving into an enemy Fire Zone at night [§20.2]
                cost += NIGHT_MP
            if mined:
                if extra is None:
                    extra = exit_cost(state, unit, movement_class, frm)  # [§17.3]
                cost = cost + extra
            yield to, cost

    return edges


def _enemy_hexes(state: PcState, side: str) -> set[Hex]:
    return {at for u, at in state.troops.hexes.items() if state.game.units[u].side != side}


def step_cost(
    state: PcState, unit: str, frm: Hex, to: Hex, enemy: Collection[Hex] | None = None
) -> float | None:
    """A step of the unit, or None when it may not take it: off the map, into an enemy-held
    hex [§5.2] or prohibited terrain. ``enemy``: the enemy-held hexes, when the caller has
    them already."""
    game, spec = state.game, moves_as(state, unit)
    if to not in game.amap.hexes:
        return None
    if (to in enemy) if enemy is not None else state.enemies_in(to, spec.side):
        return None
    cost = _terrain_cost(game, spec.movement_class, frm, to)
    if cost is not None and is_night(state):
        if in_enemy_zone(state, unit, to):
            return None  # no moving into an enemy Fire Zone at night [§20.2]
        cost += NIGHT_MP
    if cost is None or not game.minefields:
        return cost
    return cost + exit_cost(state, unit, spec.movement_class, frm)  # [§17.3]


#: The most Steps that may end a Segment in one hex [§5.2].
STACKING_LIMIT = 6


def steps_in(state: PcState, h: Hex, side: str, leaving: str | None = None) -> int:
    """The Steps of the side's units in hex ``h``, less ``leaving`` (HQs count none [§4.3];
    a tank's passengers none, a truck or SPW one [§13.1-13.2])."""
    return sum(
        moving_steps(state, u)
        for u, at in state.troops.hexes.items()
        if at == h and u != leaving and state.game.units[u].side == side
    )


def why_not_end_segment(state: PcState, side: str) -> str | None:
    """Why the side may not end its Segment yet: a hex of its own, overstacked unavoidably
    (:attr:`rules.panzer_command.records.Troops.overstacked`), holds a unit that may move out
    now without a Direct Command: this is its owner's first opportunity to unstack [§5.2]."""
    for name in sorted(state.troops.overstacked):
        h = state.game.by_name[name]
        total = steps_in(state, h, side)
        if total <= STACKING_LIMIT:
            continue
        here = sorted(u for u, at in state.troops.hexes.items() if at == h)
        for unit in here:
            if state.game.units[unit].side != side or state.needs_command(unit):
                continue
            if state.why_not_act(unit, "move") is None and move_options(state, unit):
                return (
                    f"{name} holds {total} Steps, over {STACKING_LIMIT}: a unit moves out of it "
                    f"first ({unit} may), the owner unstacking at his first opportunity [§5.2]"
                )
    return None


def why_overstacked(state: PcState, unit: str, h: Hex, own: int | None = None) -> str | None:
    """Why the unit may not end its move in ``h``: more than 6 Steps there [§5.2]. ``own``:
    the Steps it will count there, when not those it counts now (a passenger about to
    Dismount counts its own [§13.1-13.3])."""
    side = state.game.units[unit].side
    carried = sum(moving_steps(state, r) for r in riders(state, unit))
    mine = moving_steps(state, unit) if own is None else own
    total = steps_in(state, h, side, unit) + mine + carried
    if total > STACKING_LIMIT:
        return (
            f"{state.game.name(h)} would hold {total} Steps: no more than {STACKING_LIMIT} Steps "
            "end a Segment in a hex [§5.2]"
        )
    return None


def _overstacked(state: PcState, unit: str) -> Callable[[Hex], str | None]:
    """:func:`why_overstacked` for the unit, each hex's Steps counted once for a listing of
    its moves (nothing moves while it is made) [§5.2]."""
    side, troops = state.game.units[unit].side, state.troops
    held: dict[Hex, int] = {}
    for u, at in troops.hexes.items():
        if u != unit and state.game.units[u].side == side:
            held[at] = held.get(at, 0) + moving_steps(state, u)
    carried = sum(moving_steps(state, r) for r in riders(state, unit))
    own = moving_steps(state, unit) + carried

    def why(h: Hex) -> str | None:
        total = held.get(h, 0) + own
        if total > STACKING_LIMIT:
            return (
                f"{state.game.name(h)} would hold {total} Steps: no more than {STACKING_LIMIT} "
                "Steps end a Segment in a hex [§5.2]"
            )
        return None

    return why


def why_not_move(state: PcState, action: Move) -> str | None:
    spec = moves_as(state, action.unit)
    if carrier_of(state, action.unit) not in (None, TRUCK, SPW):
        return "a passenger moves with its tank [§13.3]"
    if spec.movement <= 0 or spec.movement_class not in ("leg", "tracked", "motorized"):
        return "an immobile unit does not move [§2.5]"
    if action.unit in state.troops.suppressed:
        return "a Suppressed unit cannot move [§11.1]"
    if not action.path:
        return "give the hexes entered [§5.1]"
    at, spent, path = state.troops.hexes.get(action.unit), 0.0, list(action.path)
    leaves = exits(action)
    if leaves:
        path = path[:-1]
        if at is None and not path:
            return "a reinforcement enters before it may leave [§5.3; §15.2]"
    if at is None:  # a reinforcement entering [§15.2]
        first = state.game.by_name.get(path[0].upper())
        if due(state, action.unit) is None:
            return "the unit is not on the map and is no reinforcement due now [§15.1]"
        if first is None or first not in entry_hexes(state, action.unit):
            return (
                f"'{path[0]}' is not an entry hex of this reinforcement free of enemy units [§15.2]"
            )
        cost, why = entry_cost(state, action.unit, first)
        if cost is None:
            return why
        spent, at, path = cost, first, path[1:]
    for name in path:
        to = state.game.by_name.get(name.upper())
        if to is None or to.distance(at) != 1:
            return f"'{name}' is not a hex next to the last one"
        cost = step_cost(state, action.unit, at, to)
        if cost is None:
            return f"{name} may not be entered (prohibited terrain or an enemy unit) [§5.1-5.2]"
        spent, at = spent + cost, to
    if leaves:
        refused = why_not_exit(state, action.unit, at)
        if refused is not None:
            return refused
        cost = off_map_cost(state, action.unit, at)
        if cost is None:
            return "the step off the map is prohibited terrain [§5.1; §5.3]"
        spent += cost
    if spent > spec.movement and not _all_out(state, action.unit, len(path)):
        return f"the path costs {spent:g} MP, more than the allowance {spec.movement} [§5.1; §15.2]"
    return None if leaves else why_overstacked(state, action.unit, at)


def exits(action: Move) -> bool:
    """Whether the move ends off the map (its last word ``off``) [§5.3]."""
    return action.path[-1].upper() == OFF


def path_cost(state: PcState, action: Move) -> tuple[float, list[str]]:
    """The Movement Points the path spends and each step's why: a reinforcement's first hex at
    its entry cost [§15.2], then each hex by the terrain [§5.1] (legality checked already)."""
    game, at = state.game, state.troops.hexes.get(action.unit)
    spec = moves_as(state, action.unit)
    spent, why, path = 0.0, [], list(action.path)
    leaves = exits(action)
    if leaves:
        path = path[:-1]
    if at is None:
        at = game.by_name[path[0].upper()]
        cost, text = entry_cost(state, action.unit, at)
        spent += cost or 0.0
        why.append(f"{path[0]}: {text}")
        path = path[1:]
    for name in path:
        to = game.by_name[name.upper()]
        found = game.movement.cost(spec.movement_class, to, at)
        spent += found.cost or 0.0
        why.append(f"{name}: {found.text} ({found.rule})")
        if is_night(state):
            spent += NIGHT_MP
            why.append(f"{name}: +{NIGHT_MP:g} MP at night [§20.2]")
        mined = exit_cost(state, action.unit, spec.movement_class, at)
        if mined:
            spent += mined
            why.append(f"exits an enemy minefield: +{mined:g} MP [§17.3]")
        at = to
    if leaves:
        cost = off_map_cost(state, action.unit, at) or 0.0
        spent += cost
        why.append(f"off the map from {game.name(at)}: {cost:g} MP, as a hex of its terrain [§5.3]")
    if spent > spec.movement and _all_out(state, action.unit, len(action.path)):
        why.append(f"one hex out of a minefield for all its {spec.movement} MP [§17.3]")
        spent = float(spec.movement)
    return spent, why


def _all_out(state: PcState, unit: str, hexes: int) -> bool:
    """A one-hex move out of an enemy minefield, whatever it costs: all the unit's Movement
    Points [§17.3]."""
    at = state.troops.hexes.get(unit)
    return hexes == 1 and at is not None and enemy_strength(state, unit, at) is not None


def move(state: PcState, action: Move) -> None:
    """The Move Action, hex by hex: before each hex it leaves, the enemy may answer with
    Opportunity Fire (:mod:`rules.panzer_command.opportunity`) [§8.1-8.2]."""
    game, unit = state.game, action.unit
    names = [n.upper() for n in action.path]  # OFF last: it leaves the map [§5.3]
    walked: list[str] = []
    spent, why = 0.0, []
    if unit not in state.troops.hexes:  # a reinforcement enters [§15.2]
        first = game.by_name[names[0]]
        cost, text = entry_cost(state, unit, first)
        state.play.entered[names[0]] = (
            state.play.entered.get(names[0], 0) + state.troops.steps[unit]
        )
        state.troops.hexes[unit] = first
        state.emit(UnitDeployed(unit, names[0], f"enters as a reinforcement: {names[0]}: {text}"))
        walked, spent, why, names = [names[0]], cost or 0.0, [f"{names[0]}: {text}"], names[1:]
        if enemy_strength(state, unit, first) is not None:
            names = []  # it stops in the minefield and is attacked [§17.2]
            state.emit(UnitHit(unit, f"enters a minefield in {walked[0]}: it stops", "[§17.2]"))
            mine_attack(state, unit, "entering it")
    else:
        # its Improved Position goes the instant it announces leaving [§19]
        leave(state, unit, "the unit moves")
        end_concentration(state, unit, "the unit moves")
        lose_plots(state, unit)
    walk(state, Reaction("move", target=unit, rest=names, walked=walked, spent=spent, why=why))


def walk(state: PcState, move: Reaction) -> None:
    """Go on with a move (``move`` holds where it stands) until its end, or until it is held
    for Opportunity Fire [§8.1]."""
    while move.rest:
        move.entering, move.rest = move.rest[0], move.rest[1:]
        if offer(state, move):
            return
        _step(state, move)
    _finish(state, move)


def resume_move(state: PcState, move: Reaction) -> None:
    """After the Opportunity Fire: a unit Suppressed or destroyed stays where it is, else it
    enters the hex it announced and goes on [§8.1]."""
    unit = move.target
    if stopped(state, unit):
        state.emit(
            UnitHit(
                unit,
                f"stops in {move.exiting}: Suppressed or destroyed by Opportunity Fire",
                "[§8.1]",
            )
        )
        _finish(state, move)
        return
    _step(state, move)
    walk(state, move)


def _step(state: PcState, move: Reaction) -> None:
    """The unit enters the next hex of its move, or leaves the map [§5.3]."""
    game, unit = state.game, move.target
    if move.entering == OFF:
        at = state.troops.hexes[unit]
        cost = off_map_cost(state, unit, at) or 0.0
        move.walked.append(OFF)
        move.spent += cost
        move.why.append(f"off the map from {game.name(at)}: {cost:g} MP [§5.3]")
        leave_map(state, unit, game.name(at))
        return
    frm, to = state.troops.hexes[unit], game.by_name[move.entering]
    spec = moves_as(state, unit)
    found = game.movement.cost(spec.movement_class, to, frm)
    mined = exit_cost(state, unit, spec.movement_class, frm) if game.minefields else 0.0
    state.troops.hexes[unit] = to
    for rider in riders(state, unit):
        state.troops.hexes[rider] = to  # a tank's passengers move with it [§13.3]
    if enemy_strength(state, unit, to) is not None:
        move.rest = []  # it stops in the minefield and is attacked [§17.2]
        state.emit(UnitHit(unit, f"enters a minefield in {move.entering}: it stops", "[§17.2]"))
        for u in [*riders(state, unit), unit]:
            mine_attack(state, u, "entering it")
    move.walked.append(move.entering)
    move.spent += (found.cost or 0.0) + mined
    move.why.append(f"{move.entering}: {found.text} ({found.rule})")
    if is_night(state):
        move.spent += NIGHT_MP
        move.why.append(f"{move.entering}: +{NIGHT_MP:g} MP at night [§20.2]")
    if mined:
        move.why.append(f"exits an enemy minefield: +{mined:g} MP [§17.3]")
        if move.spent > spec.movement and len(move.walked) == 1:
            move.why.append(f"one hex out of a minefield for all its {spec.movement} MP [§17.3]")
            move.spent = float(spec.movement)
    pinned_out(state, unit)


def _finish(state: PcState, move: Reaction) -> None:
    unit = move.target
    spec = moves_as(state, unit)
    state.play.spent[unit] = state.play.spent.get(unit, 0.0) + move.spent
    state.emit(UnitMoved(unit, tuple(move.walked), move.spent, spec.movement, tuple(move.why)))
    if unit in state.troops.hexes:
        arrive(state, unit, state.troops.hexes[unit])
        mark_overstack(state, unit)  # stopped by Opportunity Fire in a hex it passed through


def mark_overstack(state: PcState, unit: str, leaving: str | None = None) -> None:
    """The unit's hex (``leaving``, its carrier, counted out) over the stacking limit, when it
    is, is overstacked unavoidably: marked, for its owner to unstack at his first opportunity,
    and said [§5.2]."""
    at = state.troops.hexes.get(unit)
    if at is None:
        return
    total = steps_in(state, at, state.game.units[unit].side, leaving)
    if total > STACKING_LIMIT:
        name = state.game.name(at)
        state.troops.overstacked.add(name)
        state.emit(
            PositionChanged(
                unit,
                f"{name} holds {total} Steps, over {STACKING_LIMIT}, unavoidably: its owner "
                "unstacks at the first opportunity",
                "[§5.2]",
            )
        )


def pinned_out(state: PcState, unit: str) -> None:
    """Enemy units next to ``unit`` that had Concentrated on a hex not adjacent to them lose
    the Concentration: their Fire Zone is reduced to the adjacent hexes [§6.5; §10.3]."""
    if unit in state.troops.suppressed or unit not in state.troops.hexes:
        return
    game, at = state.game, state.troops.hexes[unit]
    for e, there in sorted(state.troops.concentrations.items()):
        h = state.troops.hexes.get(e)
        if h is None or game.units[e].side == game.units[unit].side or h.distance(at) != 1:
            continue
        if game.by_name[there].distance(h) > 1:
            end_concentration(state, e, f"{unit} moves adjacent to it")


def move_options(state: PcState, unit: str) -> list[Move]:
    spec = moves_as(state, unit)
    if carrier_of(state, unit) not in (None, TRUCK, SPW):
        return []  # a passenger moves with its tank [§13.3]
    if spec.movement <= 0 or unit in state.troops.suppressed or spec.movement_class == "immobile":
        return []
    enemy = _enemy_hexes(state, spec.side)  # no unit moves while the options are listed
    edges, overstacked = _edges(state, unit, enemy), _overstacked(state, unit)
    name = state.game.name
    start = state.troops.hexes.get(unit)
    if start is None:  # a reinforcement: from each entry hex it can pay for [§15.2]
        found: dict[Hex, Move] = {}
        for first in entry_hexes(state, unit):
            cost, _ = entry_cost(state, unit, first)
            if cost is None or cost > spec.movement:
                continue
            left = spec.movement - cost
            reach = reachable(first, left, edges=edges)
            for to in sorted(reach.costs, key=name):
                if to not in found and overstacked(to) is None:
                    found[to] = Move(unit, tuple(name(h) for h in [first, *reach.path(to)]))
        return [found[h] for h in sorted(found, key=name)]
    reach, moves = _moves_by_day(state, unit, start, spec, enemy, edges)
    options = [m for to, m in moves if overstacked(to) is None]
    options += _exit_options(state, unit, start, reach.costs, reach.path)
    if enemy_strength(state, unit, start) is not None:  # one hex for all its MP [§17.3]
        out = [Move(unit, (name(h),)) for h in sorted(start.neighbors(), key=name)]
        options += [m for m in out if m not in options and why_not_move(state, m) is None]
    return options


#: Per game: a unit's cheapest moves by day (where each ends, the move, in the order of the
#: hexes' names) and its :class:`Reach`, by (unit, its hex, allowance, movement class, the
#: game's minefields), kept with the hexes the search looked into and which of them were
#: enemy-held (:class:`_DayMoves`). By day nothing else decides them (the terrain and the
#: unit's side are the game's). Bounded: past this many they are forgotten and worked out
#: again (a listing asks one a unit; the next asks them again while the units stand still).
_DAY_MOVES: WeakKeyDictionary[PanzerCommandGame, dict[tuple[object, ...], _DayMoves]] = (
    WeakKeyDictionary()
)
DAY_MOVES_LIMIT = 500


class _DayMoves(NamedTuple):
    """A unit's moves worked out by day: ``looked`` the hexes the search asked whether an
    enemy held (each step it weighed), ``blocked`` those of them enemy-held. The search asks
    of no other hex, so with enemies elsewhere but the same ``blocked`` it finds the same."""

    looked: frozenset[Hex]
    blocked: frozenset[Hex]
    reach: Reach
    moves: tuple[tuple[Hex, Move], ...]


def _moves_by_day(
    state: PcState, unit: str, start: Hex, spec: PcUnit, enemy: set[Hex], edges: Edges
) -> tuple[Reach, tuple[tuple[Hex, Move], ...]]:
    """Every hex the unit on the map may reach [§5.1-5.2] (before the stacking limit) and
    the cheapest move there, in the order of the hexes' names; by day worked out again only
    when the unit's place or allowance changed or an enemy came or went among the hexes its
    search looked into; at night (the enemy Fire Zones bar hexes [§20.2]) every time."""
    game, name = state.game, state.game.name
    night = is_night(state)
    mined = frozenset(game.minefields.items()) if game.minefields else None  # [§17.3]
    key = (unit, start, spec.movement, spec.movement_class, mined)
    known = None if night else _DAY_MOVES.setdefault(game, {})
    if known is not None:
        found = known.get(key)
        if found is not None and found.looked.intersection(enemy) == found.blocked:
            return found.reach, found.moves
    reach = reachable(start, spec.movement, edges=edges)
    paths = _named_paths(reach, name)
    moves = tuple(
        (to, Move(unit, paths[to])) for to in sorted(reach.costs, key=name) if to != start
    )
    if known is not None:
        table = _steps_table(game, spec.movement_class)
        looked = frozenset(
            to for h in reach.costs for to, _ in _steps_out(game, spec.movement_class, table, h)
        )
        if len(known) >= DAY_MOVES_LIMIT:
            known.clear()
        known[key] = _DayMoves(looked, looked.intersection(enemy), reach, moves)
    return reach, moves


def _named_paths(reach: Reach, name: Callable[[Hex], str]) -> dict[Hex, tuple[str, ...]]:
    """The names of the hexes of ``reach.path(h)`` for every reachable ``h``, each path made
    from the one to the hex it is entered from (the same paths, built once each)."""
    paths: dict[Hex, tuple[str, ...]] = {reach.start: ()}
    previous = reach.previous

    def named(h: Hex) -> tuple[str, ...]:
        chain = []
        while h not in paths:
            chain.append(h)
            h = previous[h]
        found = paths[h]
        for step in reversed(chain):
            found = paths[step] = (*found, name(step))
        return found

    for h in reach.costs:
        named(h)
    return paths


def _exit_options(
    state: PcState,
    unit: str,
    start: Hex,
    costs: Mapping[Hex, float],
    path: Callable[[Hex], Sequence[Hex]],
) -> list[Move]:
    """The cheapest move off the map, where the scenario allows one (our reading: one is
    offered; any written is accepted) [§5.3]."""
    allowed = exit_hexes(state, unit)
    if not allowed:
        return []
    spec, name = moves_as(state, unit), state.game.name
    best: tuple[float, str, Move] | None = None
    for h in allowed:
        spent = 0.0 if h == start else costs.get(h)
        off = off_map_cost(state, unit, h)
        if spent is None or off is None or spent + off > spec.movement:
            continue
        hexes = () if h == start else tuple(path(h))
        move = Move(unit, (*(name(x) for x in hexes), OFF.lower()))
        if best is None or (spent + off, name(h)) < best[:2]:
            best = (spent + off, name(h), move)
    return [best[2]] if best is not None else []
