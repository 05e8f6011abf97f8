"""Panzer '44 panic [14.0]: the Panic Determination Phase and what a panicked unit may do.

By the book:

- **Panic Level** [14.0]: each side's percentage for the Game-Turn from the scenario
  (``Side.panic``: the level of the latest ``from_turn`` reached), plus ``per_loss`` for every
  combat unit of the side destroyed so far (20.5: "rises 10% for every British Combat unit
  which is destroyed"), at most 100.
- **Chits** [14.0]: the side draws one chit per 10% of its level from its ten chits 0-9, blind
  [14.61]; every hex whose number ends in a drawn digit is a Panicked hex for that side. The
  blind pick is a die roll here (a d10 over the ten chits, then a d9 over the nine left, ...,
  the chits taken in ascending order), each roll an event, so tests can force the draw.
- **Who panics**: a unit on a Panicked hex [14.0], or with a Delayed Panic (P) marker [14.71]
  (both at once adds nothing [14.73]), if it was plotted a task [14.41] and is not disrupted
  [14.42]; a passenger panics with its carrier [9.21]-[9.22]. The (P) markers come off once
  this is determined (they act on the Game-Turn after the result [14.71]-[14.72]).
- **Postponed** [14.82]: no unit panics until the Game-Turn after the first Game-Turn in which
  a unit of either side executed fire (direct, opportunity or indirect).
- **Effects**: a fire task is cancelled [14.31]; a unit plotted to move scatters instead
  [14.11]-[14.15] (``move UNIT scatter``, the only move it has): a die on the Scatter Diagram
  for the direction, a second die for its Panic Movement Allowance, at most its Movement
  Allowance [14.13], spent in a straight line at normal terrain costs [14.14], meeting mines
  and Opportunity Fire at each hex as any move (:func:`scatter`); it stops in the
  hex adjacent to any enemy unit, never overruns, passes friendly units but ends before it
  would stack illegally [14.15]; a carrier scatters with its passenger [14.23]; a panicked
  unit may not mount [14.21]-[14.22] (scatter is its only move). Defense and an overrun's
  counterattack are unaffected [14.32] (nothing here touches them).

Readings of ours, each said where it is used: a passenger panicked with its carrier may not
dismount (it moves only by its carrier's scatter [14.23]); a unit already adjacent to an enemy
may still start its scatter ([14.15] stops it in "the hex adjacent", read as a hex it enters);
the Scatter Diagram's numbering is the data library's placeholder (scatter-diagram.yaml).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import COMPASS_NAMES, Hex
from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import tables
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError
from rules.engine.events import Event
from rules.engine.record import Record, state_field
from rules.panzer44.events import (
    DelayedPanicRemoved,
    FireVoid,
    MoveEnded,
    MoveStopped,
    PanicChitsDrawn,
    PanicNotInUse,
    Scattered,
    UnitPanicked,
)
from rules.panzer44.fortifications import unstack
from rules.panzer44.movement import SCATTER, may_stack, passengers, place, step_cost
from rules.panzer44.scenario_rules import why_banned

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

#: What a unit meets entering a hex (:func:`rules.panzer44.opportunity.interrupt`): why it stops.
Interrupt = Callable[["Panzer44State", str, Hex | None, Hex], str | None]

FIRE_TASKS = ("DF", "IF", "OF", "CA", "CB")
CHITS = tuple(range(10))  # the ten Panic Chits, 0-9 [14.0]


@dataclass
class PanicRecord(Record):
    """What the Panic Determination Phase found: this Game-Turn's panicked units and the
    Game-Turn the shooting started [14.82].

    Two fields are worked out from the log (so not in the fingerprint, which holds the log):
    how much of it was looked through for fire, and whether fire was found there since the
    last Panic Determination Phase (a position file says so, its state having no log).
    """

    panicked: set[str] = state_field(default_factory=set)
    shooting_began: int | None = None
    scanned: int = state_field(default=0, cache=True)
    fired: bool = state_field(default=False, cache=True)


@dataclass
class Panic(Record):
    """What the panic rules remember: the units with a Delayed Panic (P) marker [14.71], and
    what the Panic Determination Phase found (:class:`PanicRecord`)."""

    delayed: set[str] = state_field(default_factory=set, key="delayed_panic")
    determined: PanicRecord = state_field(default_factory=PanicRecord, key="panic")


# --- the Panic Level ------------------------------------------------------------------------


def panic_level(state: Panzer44State, side: str) -> tuple[int, str]:
    """The side's Panic Level this Game-Turn in percent, and how it is made up [14.0]."""
    panic = state.game.scenario.side(side).panic
    if panic is None:
        return 0, "the scenario gives the side no Panic Level"
    levels = [lv for lv in panic.levels if lv.from_turn <= state.play.turn]
    base = max(levels, key=lambda lv: lv.from_turn).percent if levels else 0
    why = f"{base}% from Game-Turn {levels[-1].from_turn}" if levels else "0% before any level"
    if panic.per_loss:
        lost = [
            u
            for u in state.losses.destroyed
            if state.game.specs[u].side == side and state.game.specs[u].combat_unit
        ]
        base += panic.per_loss * len(lost)
        why += f" + {panic.per_loss}% for each of {len(lost)} combat unit(s) destroyed"
    return min(100, base), why


# --- the Panic Determination Phase ------------------------------------------------------------


def note_fire(state: Panzer44State) -> None:
    """Look through the log since the last Panic Determination Phase for the first fire
    executed [14.82]: a fire event names its ``firer`` (a void fire was not executed). Fire
    comes after this phase in a Game-Turn, so what is found was fired in the Game-Turn before.
    """
    record = state.panic.determined
    if record.shooting_began is None and fired_since(state):
        record.shooting_began = state.play.turn - 1
    record.scanned = len(state.log)
    record.fired = False


def fired_since(state: Panzer44State) -> bool:
    """Whether a unit executed fire since the last Panic Determination Phase [14.82]."""
    record = state.panic.determined
    return record.fired or any(_fired(e) for e in state.log[record.scanned :])


def _fired(event: Event) -> bool:
    return getattr(event, "firer", None) is not None and not isinstance(event, FireVoid)


def determine(state: Panzer44State) -> None:
    """The Panic Determination Phase [4.1] 2, [14.0]: both sides draw their chits and each unit
    that panics is named with what that does to its task."""
    record = state.panic.determined
    record.panicked = set()  # determined afresh each Game-Turn [14.51]
    note_fire(state)
    if record.shooting_began is None:
        reason = "panic waits until the Game-Turn after the first fire [14.82]"
        state.emit(PanicNotInUse(state.play.turn, reason))
        return
    for side in (state.game.first, state.game.second):
        level, why = panic_level(state, side)
        digits = draw_chits(state, side, level)
        state.emit(PanicChitsDrawn(side, level, why, digits))
        for unit in [u.id for u in state.game.deployment.units if u.side == side]:
            cause = why_panics(state, unit, digits)
            if cause is not None:
                record.panicked.add(unit)
                name = state.game.name(state.board.hexes[unit])
                state.emit(UnitPanicked(unit, name, cause, effect_of(state, unit)))
    removed = tuple(sorted(state.panic.delayed))
    state.panic.delayed.clear()
    state.emit(DelayedPanicRemoved(removed))


def draw_chits(state: Panzer44State, side: str, level: int) -> tuple[int, ...]:
    """One chit per 10% of the level, drawn blind from the ten [14.0]: a die over the chits
    left, in ascending order (the stand-in for the blind pick of [14.61])."""
    count = min(len(CHITS), level // 10)
    left = list(CHITS)
    if count == len(CHITS):
        return CHITS
    drawn = []
    for i in range(count):
        purpose = f"{side} Panic Chit {i + 1} of {count}: one of the {len(left)} left [14.0]"
        drawn.append(left.pop(state.roll(purpose, len(left)) - 1))
    return tuple(sorted(drawn))


def why_panics(state: Panzer44State, unit: str, digits: tuple[int, ...]) -> str | None:
    """Why ``unit`` panics this Game-Turn, or None [14.0], [14.41]-[14.42], [14.71]-[14.73]."""
    spec = state.game.specs[unit]
    if unit not in state.board.hexes or unit not in state.orders.plots[spec.side]:
        return None  # off the map, or inert: no effect [14.41]
    if state.fire.disruption.get(unit):
        return None  # [14.42]
    carrier = state.board.carried_by.get(unit)
    if carrier is not None:
        if carrier not in state.panic.determined.panicked:
            return None
        return f"its carrier {carrier} panics: a passenger shares its fate [9.21], [9.22]"
    causes = []
    name = state.game.name(state.board.hexes[unit])
    if name[-1:].isdigit() and int(name[-1]) in digits:
        causes.append(f"a Panicked hex: its number ends in {name[-1]} [14.0]")
    if unit in state.panic.delayed:
        causes.append("a Delayed Panic (P) marker [14.71]")
    if len(causes) == 2:
        causes.append("no added effect [14.73]")
    return "; ".join(causes) or None


def effect_of(state: Panzer44State, unit: str) -> str:
    """What panic does to the unit's plotted task [14.11], [14.2], [14.31]."""
    plot = state.orders.plots[state.game.specs[unit].side][unit]
    if plot.task in FIRE_TASKS:
        return f"its {plot.task} task is cancelled: it may not fire this Game-Turn [14.31]"
    if unit in state.board.carried_by:
        return (
            "it may not dismount: a passenger moves only by its carrier's scatter [14.23] "
            "(our reading)"
        )
    riders = passengers(state, unit)
    extra = f", carrying {', '.join(riders)} [14.23]" if riders else ""
    return (
        f"it may not move at will (nor mount [14.21]-[14.22], nor overrun [14.15]): it "
        f"scatters in its Movement Phase{extra} [14.11]"
    )


# --- the effects ------------------------------------------------------------------------------


def fire_cancelled(state: Panzer44State, unit: str) -> bool:
    """Whether the unit's fire task is cancelled by panic this Game-Turn [14.31]."""
    return unit in state.panic.determined.panicked


def cancel_fire(state: Panzer44State, unit: str, plot_text: str) -> None:
    """Log a fire plot cancelled by panic [14.31]."""
    state.emit(FireVoid(unit, plot_text, "it panicked: its fire task is cancelled [14.31]"))


def held(state: Panzer44State, unit: str) -> str | None:
    """Why a panicked unit plotted to move may not move at all, or None."""
    if unit in state.panic.determined.panicked and unit in state.board.carried_by:
        return "it panicked while carried: it may not dismount [14.23] (our reading)"
    return None


def scatter_moves(state: Panzer44State, unit: str) -> list[Move]:
    """A panicked unit's only move: its scatter [14.11]."""
    return [Move(unit, (SCATTER,))]


def _direction(state: Panzer44State, unit: str) -> tuple[int, str, str | None]:
    table = tables(GameSystem.PANZER44)["scatter-diagram"]
    roll = state.roll(f"scatter direction of {unit} on the Scatter Diagram [14.11]")
    name = str(unwrap(table.cell(roll, table.columns[0])))
    return COMPASS_NAMES.index(name), name, table.placeholder


def scatter(state: Panzer44State, unit: str, interrupt: Interrupt) -> None:
    """Move a panicked unit by the Panic Movement Procedure [14.11]-[14.15], [14.23]; mines and
    Opportunity Fire meet it at each hex it enters, as any move ([6.53]-[6.54]: "only the
    movement of an Enemy unit", [17.0]: "whenever a unit ... enters or leaves a mined hex"; our
    reading of [14.12]'s "may not be interrupted" as the owner's: he moves no other unit in
    between)."""
    spec = state.game.specs[unit]
    direction, compass, placeholder = _direction(state, unit)
    rolled = state.roll(f"Panic Movement Allowance of {unit} [14.11]")
    allowance = min(rolled, spec.movement_allowance)  # [14.13]
    steps, spent, stopped = _scatter_path(state, unit, direction, allowance)
    while steps and not may_stack(state, unit, steps[-1][0]):
        steps.pop()  # ends before it would stack illegally [14.15], [8.0]
        stopped += "; it ends short of a friendly unit's hex: one unit per hex [14.15], [8.0]"
    spent = steps[-1][1] if steps else 0.0
    name = state.game.name
    state.emit(
        Scattered(
            unit, f"{compass} (roll {direction + 1})", allowance,
            tuple(name(h) for h, _ in steps), spent, stopped, placeholder,
        )
    )  # fmt: skip
    before = state.board.hexes[unit]
    for h, so_far in steps:
        place(state, unit, h)
        why = interrupt(state, unit, before, h)  # [6.53], [17.13], [17.14]
        if why is not None:
            spent = so_far
            if unit in state.board.hexes:
                state.emit(MoveStopped(unit, name(h), why))
                unstack(state, unit)  # [8.33]
            break
        before = h
    riders = passengers(state, unit)
    state.orders.moved.add(unit)
    state.orders.moved.update(r for r in riders if r in state.orders.plots[spec.side])
    if unit in state.board.hexes:
        where = name(state.board.hexes[unit])
        allowance_ = spec.movement_allowance
        state.emit(MoveEnded(unit, where, spent, allowance_, ", ".join(riders) or None))
    state.watch.sample(state)


def _scatter_path(
    state: Panzer44State, unit: str, direction: int, allowance: int
) -> tuple[list[tuple[Hex, float]], float, str]:
    """The hexes a scatter enters in a straight line with their running cost, and why it
    stops [14.14]-[14.15]."""
    side = state.game.specs[unit].side
    enemy = {h for u, h in state.board.hexes.items() if state.game.specs[u].side != side}
    here, spent = state.board.hexes[unit], 0.0
    steps: list[tuple[Hex, float]] = []
    while True:
        nxt = here.neighbor(direction)
        banned = why_banned(state, side, nxt)
        if banned is not None:  # 20.4
            return steps, spent, f"the next hex may not be entered: {banned}"
        cost = step_cost(state, unit, here, nxt)
        if cost is None or cost.cost is None:
            return steps, spent, "the next hex may not be entered (enemy, impassable, off the map)"
        if spent + cost.cost > allowance:
            return steps, spent, f"the next hex costs {cost.cost:g} MP more [14.14]"
        spent += cost.cost
        steps.append((nxt, spent))
        here = nxt
        if any(n in enemy for n in here.neighbors()):
            return steps, spent, "adjacent to an enemy unit [14.15]"


def check_move(state: Panzer44State, action: Move) -> bool:
    """Whether the move is a scatter, refusing one that should be and is not [14.11].

    Raises:
        IllegalActionError: a panicked unit moved at will, or a scatter by a unit not panicked.
    """
    scattering = action.path == (SCATTER,)
    if action.unit in state.panic.determined.panicked and not scattering:
        raise IllegalActionError(
            f"'{action.text()}': {action.unit} panicked: it may not move at will and must "
            f"scatter ('move {action.unit} {SCATTER}') [14.11]"
        )
    if SCATTER in action.path and not (
        scattering and action.unit in state.panic.determined.panicked
    ):
        raise IllegalActionError(
            f"'{action.text()}': only a panicked unit scatters, and the move is "
            f"'move {action.unit} {SCATTER}' alone [14.11]"
        )
    return scattering
