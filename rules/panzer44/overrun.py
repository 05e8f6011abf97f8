"""Panzer '44 overruns [13.0]: an AFV moving through an enemy non-vehicle unit's hex.

By the book:

- **Who** [13.0], [13.7]: an AFV, Hard target, M Weapons Class, Attack and Defense Strengths of
  5 or more, plotted MV; decided during its move, one overrun per unit per Game-Turn [13.22];
  never a panicked unit [14.15].
- **Whom** [13.0]: enemy non-vehicle units (Movement Allowance 0 or 1) only; a hex that holds an
  enemy vehicle (a carrier with its passenger among them) is not overrun.
- **Path** [13.23]-[13.24]: not into a woods or town hex (the terrain catalogue's ``overrun``
  effect), nor through a woods hexside entering or leaving; entered from an adjacent vacant hex
  and left into an adjacent vacant hex, which may be the hex it came from.
- **Cost** [13.0], [13.4]: one Movement Point more than the terrain of the overrun hex, and no
  road rate anywhere on the move (each hex's own cost plus its hexside's, roads and bridges
  ignored).
- **Resolution** [13.0], [13.1]: once through the hex, the AFV attacks each unit in it with its
  printed Attack Strength less the unit's Defense Strength, no terrain; then each R Class unit
  counterattacks with its printed Attack Strength less the AFV's printed Defense Strength, at
  least -3 [13.6], even if destroyed, pinned, panicked or disrupted [13.12], [13.5], [14.32].
  Both results apply at once, the AFV's in its exit hex [13.11]; the AFV goes on along its
  path unless the counterattack gave it a D or (P) result [13.22].
- **Improved Positions** [13.21]: a unit inside one is never affected by the overrun and
  counterattacks twice (our reading: an R Class unit, as [13.0] and [13.12] require).
- **Mines and Opportunity Fire** [6.5], [17.13]-[17.14] meet it at every hex it enters, as any
  move; in the hex it overruns their results are kept and taken in the exit hex [13.8], with a
  second Mine Attack on leaving a mined overrun hex [17.15]. A Pin or D so taken stops it
  there [6.55]; so does a mined overrun hex, whatever the results (our reading: [17.15] moves
  the stop of [17.13] to the exit hex).

Written in a move as the word ``overrun`` before the hex overrun:
``move german.PzV.1 1214 overrun 1215 1216``.

Readings of ours: an overrun attack whose superiority is below -3 is not made (the book's
limit [6.81]; [13.6] lifts it for the counterattack only), and above +8 reads +8; a stack of
enemy non-vehicle units is attacked unit by unit; a unit entering the map does not overrun on
that move; in the exit hex the overrun's attacks come before what entering that hex itself
triggers (the book gives no order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from model.provenance import Value, unwrap
from model.systems import GameSystem
from model.tables import tables
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError
from rules.movement.reach import Reach, reachable
from rules.panzer44.entry import waiting
from rules.panzer44.events import HexEntered, MoveEnded, MoveStopped, OverrunResolved
from rules.panzer44.fortifications import is_inside, mine_attack, unstack
from rules.panzer44.movement import OVERRUN, Step, occupants, place
from rules.panzer44.opportunity import interrupt
from rules.panzer44.results import apply_results
from rules.panzer44.roads import no_road_cost as roads_ignored
from rules.panzer44.scenario_rules import action_banned, banned_hexes, why_banned
from rules.panzer44.terrain_fire import effect

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

EXTRA_COST = 1  # [13.0], [13.4]
MIN_COUNTERATTACK = -3  # [13.6]


def why_not_overrunner(state: Panzer44State, unit: str) -> str | None:
    """Why ``unit`` may not overrun now, or None [13.0], [13.22], [14.15], or the scenario's
    ban (19.6: no American overrun on the tenth Game-Turn)."""
    spec = state.game.specs[unit]
    if not (spec.hard and spec.weapon_class == "M"):
        return "only a Hard target of M Weapons Class overruns [13.0]"
    if spec.attack_strength < 5 or spec.defense_strength < 5:
        return "only an AFV with Attack and Defense Strengths of 5 or more overruns [13.0]"
    if unit in state.panic.determined.panicked:
        return "a panicked unit may not overrun [14.15]"
    if unit in state.orders.overran:
        return "one overrun per unit per Game-Turn [13.22]"
    if waiting(state, unit):
        return "a unit entering the map does not overrun on that move (our reading)"
    return action_banned(state, spec.side, "overrun")  # 19.6


def defenders(state: Panzer44State, unit: str, h: Hex) -> tuple[list[str], str | None]:
    """(the units overrun in ``h``, why ``h`` may not be overrun or None) [13.0], [13.23]."""
    side = state.game.specs[unit].side
    there = sorted(occupants(state, h))
    enemy = [u for u in there if state.game.specs[u].side != side]
    if not enemy:
        return [], "no enemy unit there to overrun [13.0]"
    if any(state.game.specs[u].vehicle for u in enemy) or len(enemy) != len(there):
        return [], "only a hex of enemy non-vehicle units is overrun [13.0]"
    terrain = state.game.terrain.terrain(h)
    found, source = effect(terrain, "overrun")
    if found is not None and unwrap(found) == "prohibited":
        return [], f"no overrun into a {terrain} hex ({source}) [13.23]"
    return enemy, None


def no_road_cost(state: Panzer44State, unit: str, f: Hex, h: Hex) -> float | None:
    """What entering ``h`` from ``f`` costs the unit with roads ignored [13.4]
    (:func:`rules.panzer44.roads.no_road_cost`)."""
    return roads_ignored(state.game, state.game.specs[unit].movement_class, f, h)


def split(action: Move) -> tuple[tuple[str, ...], int | None]:
    """The hexes of a move and the index of the one overrun among them (None: no overrun).

    Raises:
        IllegalActionError: ``overrun`` not followed by a hex, or written twice [13.22].
    """
    path = action.path
    marks = [i for i, word in enumerate(path) if word == OVERRUN]
    if not marks:
        return path, None
    if len(marks) > 1:
        raise IllegalActionError(f"'{action.text()}': one overrun per unit per Game-Turn [13.22]")
    i = marks[0]
    if i + 1 >= len(path):
        raise IllegalActionError(f"'{action.text()}': 'overrun' is followed by the hex overrun")
    return path[:i] + path[i + 1 :], i


def check(state: Panzer44State, unit: str, path: tuple[Hex, ...], k: int) -> list[Step]:
    """The steps of a move overrunning ``path[k]``, checked [7.0], [13.0]-[13.4], [8.0].

    Raises:
        IllegalActionError: the move breaks a rule; the message says which.
    """
    game, name = state.game, state.game.name
    why = why_not_overrunner(state, unit)
    if why is not None:
        raise IllegalActionError(f"{unit} may not overrun: {why}")
    target = path[k]
    _, why = defenders(state, unit, target)
    if why is not None:
        raise IllegalActionError(f"{unit} may not overrun {name(target)}: {why}")
    if k + 1 >= len(path):
        raise IllegalActionError(
            f"{unit} must leave {name(target)} into an adjacent vacant hex after overrunning "
            "[13.24]"
        )
    here = state.board.hexes[unit]
    before, after = (path[k - 1] if k else here), path[k + 1]
    for h, what in ((before, "enter"), (after, "exit")):
        if h not in (here,) and occupants(state, h):
            raise IllegalActionError(
                f"{unit} must {what} the overrun hex {name(target)} from a vacant adjacent "
                f"hex, not {name(h)} [13.24]"
            )
    for h in (before, after):
        if "woods" in game.terrain.hexside_features(Hexside.between(h, target)):
            raise IllegalActionError(f"{unit}: no overrun through a woods hexside [13.23]")
    return _steps(state, unit, path, k)


def _steps(state: Panzer44State, unit: str, path: tuple[Hex, ...], k: int) -> list[Step]:
    name = state.game.name
    side = state.game.specs[unit].side
    allowance = state.game.specs[unit].movement_allowance
    enemy = {h for u, h in state.board.hexes.items() if state.game.specs[u].side != side}
    here, spent, steps = state.board.hexes[unit], 0.0, []
    for i, h in enumerate(path):
        if h.distance(here) != 1:
            raise IllegalActionError(f"{unit}: {name(h)} is not adjacent to {name(here)} [7.0]")
        banned = why_banned(state, side, h)  # 20.4
        if banned is not None:
            raise IllegalActionError(f"{unit}: may not enter {name(h)}: {banned}")
        if h in enemy and i != k:
            raise IllegalActionError(f"{unit}: may not enter {name(h)}: an enemy unit [7.21]")
        cost = no_road_cost(state, unit, here, h)
        if cost is None:
            raise IllegalActionError(f"{unit}: may not enter {name(h)} [7.21], [10.4]")
        cost += EXTRA_COST if i == k else 0
        spent += cost
        if spent > allowance:
            raise IllegalActionError(
                f"{unit}: entering {name(h)} would spend {spent:g} MP of {allowance}, roads "
                "ignored on a move that overruns [7.13], [13.4]"
            )
        steps.append(Step(h, cost, spent, False))
        here = h
    if occupants(state, here) - {unit}:
        raise IllegalActionError(f"{unit}: may not end its move in {name(here)} [8.0]")
    return steps


def execute(state: Panzer44State, action: Move, path: tuple[Hex, ...], k: int) -> None:
    """Carry out a move with an overrun; results at once [13.0], [13.1], [13.22]. Mines and
    Opportunity Fire interrupt it at each hex entered as any move [6.5], [17.13], [17.14], but
    what meets the AFV in the hex it overruns is taken in its exit hex [13.8], [17.15].

    Raises:
        IllegalActionError: the move breaks a rule; the state is unchanged.
    """
    unit = action.unit
    try:
        steps = check(state, unit, path, k)
    except IllegalActionError as exc:
        raise IllegalActionError(f"'{action.text()}': {exc}") from None
    name = state.game.name
    spent = steps[-1].spent
    before = state.board.hexes[unit]
    held: list[tuple[str, str]] = []
    for i, step in enumerate(steps):
        place(state, unit, step.hex)
        state.emit(HexEntered(unit, name(step.hex), step.cost, step.spent, step.placeholder))
        if i == k:  # in the overrun hex: results kept for the exit hex [13.8], [17.15]
            stop = interrupt(state, unit, before, step.hex, held)
        elif i == k + 1:  # through the hex: the attacks, the AFV's results in its exit hex
            stop = _exit(state, unit, path[k], step.hex, held)
        else:
            stop = interrupt(state, unit, before, step.hex)  # [6.5], [17.13], [17.14]
        if stop is not None:
            if unit in state.board.hexes:
                state.emit(MoveStopped(unit, name(step.hex), stop))
                unstack(state, unit)  # [8.33]
            spent = step.spent
            break
        before = step.hex
    state.orders.moved.add(unit)
    if unit in state.board.hexes:
        allowance = state.game.specs[unit].movement_allowance
        state.emit(MoveEnded(unit, name(state.board.hexes[unit]), spent, allowance))
    state.watch.sample(state)


def _exit(
    state: Panzer44State, unit: str, target: Hex, here: Hex, held: list[tuple[str, str]]
) -> str | None:
    """The AFV enters its exit hex: the second Mine Attack of a mined overrun hex [17.15], the
    overrun's attacks, all results at once [13.0], [13.8], [13.11]; then what entering the exit
    hex itself triggers [6.53], [17.13]. Why it stops, or None."""
    mined = target in state.game.fortified.mines
    if mined:
        mine_attack(state, unit, target, "leaving", held)  # the second of two [17.15]
    stop = resolve(state, unit, target, held)
    if unit not in state.board.hexes:
        return stop
    then = interrupt(state, unit, target, here, leaving=False)
    if stop is None and mined:
        stop = (
            "it overran through a mined hex: placed in its exit hex, no further movement "
            "[17.13], [17.15] (our reading: the cease of movement holds)"
        )
    return stop or then


def resolve(
    state: Panzer44State, unit: str, h: Hex, held: list[tuple[str, str]] | None = None
) -> str | None:
    """The overrun attacks and counterattacks, applied at once with ``held`` (what met the AFV
    in ``h`` [13.8], [17.15]); why the AFV stops, or None [13.0], [13.11]-[13.13], [13.21],
    [13.22]."""
    state.orders.overran.add(unit)
    state.clear_reach()
    victims, _ = defenders(state, unit, h)
    name = state.game.name(h)
    spec = state.game.specs[unit]
    results: list[tuple[str, str]] = list(held or [])
    back: list[str] = []
    for target in victims:
        tgt = state.game.specs[target]
        nas = spec.attack_strength - tgt.defense_strength
        inside = is_inside(state, target)
        if inside or nas < -3:
            note = (
                "inside an Improved Position: never affected by the overrun [13.21]"
                if inside
                else "below -3: no attack [6.81] (our reading)"
            )
            state.emit(
                OverrunResolved(
                    unit, target, name, "overrun attack", spec.attack_strength,
                    tgt.defense_strength, nas, 0, "•", "[13.21]" if inside else "[13.0]", note,
                )
            )  # fmt: skip
        else:
            results.append((target, _attack(state, unit, target, name, "overrun attack", nas)))
        if tgt.weapon_class == "R":
            raw = tgt.attack_strength - spec.defense_strength
            for _ in range(2 if inside else 1):  # twice from inside an IP [13.21]
                counter = _attack(state, target, unit, name, "counterattack", raw)
                results.append((unit, counter))
                back.append(counter)
    apply_results(state, [r for r in results if r[1] != "•"])  # at once [13.11]
    if unit not in state.board.hexes:
        return "destroyed in its exit hex [13.0], [13.8]"
    stopping = [r for r in back if r.startswith("D-") or r == "(P)"]
    if stopping:
        return f"the counterattack gave {stopping[0]}: no further movement [13.22]"
    kept = [r for _, r in held or [] if r == "Pin" or r.startswith("D-")]
    if kept:
        return (
            f"{kept[0]} from the Opportunity Fire or Mine Attack met in the overrun hex, taken "
            "in its exit hex [13.8], [17.15], [6.55]"
        )
    return None


def _attack(
    state: Panzer44State, attacker: str, defender: str, where: str, role: str, raw: int
) -> str:
    """One attack of an overrun: printed strengths, no terrain [13.0], [13.5]-[13.6]."""
    a, d = state.game.specs[attacker], state.game.specs[defender]
    notes = []
    nas = raw
    if role == "counterattack" and nas < MIN_COUNTERATTACK:
        nas = MIN_COUNTERATTACK
        notes.append(f"{raw:+d} raised to {MIN_COUNTERATTACK} [13.6]")
    if nas > 8:
        nas = 8
        notes.append(f"{raw:+d} read as +8 [6.81]")
    roll = state.roll(f"{role} of {attacker} at {defender} [13.0]")
    cell = tables(GameSystem.PANZER44)["combat-results"].cell(roll, nas)
    if isinstance(cell, Value) and cell.placeholder:
        notes.append(f"CRT row {roll} column {nas:+d}: placeholder: {cell.placeholder}")
    for spec in (a, d):
        if spec.values_placeholder:
            notes.append(spec.values_placeholder)
    rule = "[13.0], [13.6], [6.81]" if role == "counterattack" else "[13.0], [6.81]"
    result = str(unwrap(cell))
    state.emit(
        OverrunResolved(
            attacker, defender, where, role, a.attack_strength, d.defense_strength, nas, roll,
            result, rule, "; ".join(notes),
        )
    )  # fmt: skip
    return result


def overrun_moves(state: Panzer44State, unit: str) -> list[Move]:
    """Overruns the unit may make now, one for each hex overrun and exit hex, by the cheapest
    approach (roads ignored [13.4]); none when it may not overrun or no target is in reach."""
    if unit not in state.board.hexes or why_not_overrunner(state, unit) is not None:
        return []
    game = state.game
    spec = game.specs[unit]
    here = state.board.hexes[unit]
    side = spec.side
    allowance = spec.movement_allowance
    targets = {
        h
        for u, h in state.board.hexes.items()
        if game.specs[u].side != side and h.distance(here) <= allowance
    }
    banned = banned_hexes(state, side)  # 20.4
    targets = {h for h in targets if h not in banned and defenders(state, unit, h)[1] is None}
    if not targets:
        return []
    closed = {h for u, h in state.board.hexes.items() if game.specs[u].side != side} | banned
    where = reachable(
        here,
        allowance - EXTRA_COST,
        step_cost=lambda f, h: None if h in closed else no_road_cost(state, unit, f, h),
    )
    occupied = {h for u, h in state.board.hexes.items() if u != unit} | banned
    name = game.name
    found: list[Move] = []
    for target in sorted(targets, key=name):
        found.extend(_through(state, unit, target, where, occupied))
    return found


def _through(
    state: Panzer44State, unit: str, target: Hex, where: Reach, occupied: set[Hex]
) -> list[Move]:
    """The cheapest overrun of ``target`` to each exit hex."""
    name = state.game.name
    allowance = state.game.specs[unit].movement_allowance
    best: dict[Hex, tuple[float, tuple[Hex, ...]]] = {}
    for a in target.neighbors():
        if a not in where.costs or a in occupied:
            continue
        into = no_road_cost(state, unit, a, target)
        if into is None:
            continue
        for x in target.neighbors():
            if x in occupied or x not in state.game.terrain:
                continue
            out = no_road_cost(state, unit, target, x)
            if out is None:
                continue
            total = where.costs[a] + into + EXTRA_COST + out
            if total <= allowance and (x not in best or total < best[x][0]):
                best[x] = (total, where.path(a))
    moves = []
    for x in sorted(best, key=name):
        approach = tuple(name(h) for h in best[x][1])
        moves.append(Move(unit, (*approach, OVERRUN, name(target), name(x))))
    return moves
