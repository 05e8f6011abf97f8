"""Panzer '44 Opportunity Fire [6.5], and what interrupts a move: OF and mines [17.13]-[17.14].

By the book:

- **Plot** [6.52]: ``plot UNIT OF HEX``; the hex defines the Line of Opportunity Fire, the
  line from the centre of the firer's hex to the centre of the target hex, that hex included.
  The unit must be able to fire [6.32] (:func:`rules.panzer44.fire.why_not_fire`), the hex within
  its range [6.92] and, our reading of [11.21] ("determine which of their units can spot ...
  target hexes prior to writing a Fire Plot"), in its clear line of sight. A scenario's ban on
  opportunity fire (19.2's German Game-Turn One) forbids the plot.
- **Trigger** [6.53]-[6.54]: only the movement of an enemy unit, entering a hex the line
  passes through (not the firer's own; a hex the line only touches at a corner is not
  intersected) or crossing a hexside the line runs along. The firer may fire at the entered
  hex or the hex left [6.57]; the engine fires at the hex entered, where the unit is.
- **Once** [6.56]: at the first enemy unit that triggers it, never held for a better target.
  Our reading: a unit it may not attack does not trigger it (not spotted [11.14], [11.21], an
  attack the Attack Procedure Chart forbids [6.62], a Net Attack Superiority below -3
  [6.81]); nor does a firer that may no longer fire (disrupted, e.g. by the Direct Fire Phase
  just before [6.59], [6.82]; panicked [14.31]).
- **Resolution** [6.51], [6.55], [6.58]: as Direct Fire, through the same procedure
  (:func:`rules.panzer44.fire.prepare_attack`, :func:`rules.panzer44.fire.roll_attack`), at the
  moving unit alone; the result applied at once (:func:`rules.panzer44.results.apply_results`). A
  unit pinned, disrupted or destroyed moves no further [6.55]; a unit stopped in a hex another
  unit holds is moved beside it [8.33] (:func:`rules.panzer44.fortifications.unstack`). The firer
  has
  fired: it is spotted at any range until it leaves its hex [11.14].

Legal actions list, for each unit that may fire, up to six OF plots: along each of the six
hex directions, the farthest hex within its range still in clear sight (a straight row of
hexes from its own, the longest line it can watch that way). Any other hex in range and sight
is legal when written; the list is a bounded sample so that ``legal_actions`` stays fast.

Also triggered by:

- **An overrun** [13.8]: "If a Line of Opportunity Fire is triggered in the hex in which the
  triggering unit is executing an overrun, the triggering unit may execute the overrun, and
  accepts the Opportunity Fire results in its exit hex"; so are the two Mine Attacks of an
  overrun through a mined hex [17.15] (``held`` results, applied by :mod:`rules.panzer44.overrun`).
- **A mount or dismount** [9.32]: the carrier's step into or out of the adjacent hex; a Pin or
  D result puts it back in its starting hex and the mount or dismount does not take place
  (:mod:`rules.panzer44.transport`).
- **A scatter** [14.11]-[14.14]: panic movement is movement, and "it is only the movement of
  an Enemy unit which triggers Opportunity Fire" [6.54]; mines too ("whenever a unit ... enters
  or leaves a mined hex" [17.0]). Our reading of [14.12]'s "may not be interrupted, once begun":
  the owner may not move other units in between; enemy fire still stops it [6.55].
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import DIRECTIONS, Hex, Hexside
from rules.los.geometry import HexStep, trace
from rules.panzer44.actions import Plot
from rules.panzer44.events import OpportunityTriggered
from rules.panzer44.fire import P44, Attack, prepare_attack, roll_attack, spots, why_not_fire
from rules.panzer44.fortifications import mine_attack, stopped
from rules.panzer44.panic import fire_cancelled
from rules.panzer44.results import apply_results
from rules.panzer44.scenario_rules import fire_banned

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

RULE = f"{P44} [6.0], [6.5], [6.81], [6.85]"


@dataclass(frozen=True)
class Line:
    """A Line of Opportunity Fire: the hexes it passes through and the hexsides it runs
    along [6.52]-[6.53]."""

    hexes: frozenset[Hex]
    sides: frozenset[Hexside]


@functools.lru_cache(maxsize=1 << 14)
def line_of_fire(a: Hex, b: Hex) -> Line:
    """The Line of Opportunity Fire from the firer's hex ``a`` to the target hex ``b``
    (pure geometry, kept)."""
    found = trace(a, b)
    hexes = {s.hex for s in found.steps if isinstance(s, HexStep)} - {a}
    return Line(frozenset(hexes), frozenset(found.along_hexsides))


def why_not_line(state: Panzer44State, plot: Plot, h: Hex) -> str | None:
    """Why ``plot`` (OF) may not name hex ``h``, or None [6.52], [6.92], [11.21]."""
    spec = state.game.specs[plot.unit]
    here = state.board.hexes[plot.unit]
    if plot.pattern is not None:
        return "Opportunity Fire attacks the moving unit alone [6.58]: no pattern (our reading)"
    if h == here:
        return "the Line of Opportunity Fire runs to another hex [6.52]"
    if h not in state.game.terrain:
        return "the target hex is off the map"
    if here.distance(h) > spec.range:
        return f"{here.distance(h)} hexes is beyond its range of {spec.range} [6.92]"
    if not state.game.sees(here, h):
        los = state.game.los(here, h)
        return f"no clear line of sight to the target hex: {los.explanation} ({los.rule}) [11.21]"
    return fire_banned(state, spec.side, "opportunity")


def opportunity_plots(state: Panzer44State, unit: str) -> list[Plot]:
    """The OF plots listed for ``unit``: the farthest hex in clear sight and range along each
    hex direction (see the module's docstring)."""
    spec = state.game.specs[unit]
    if spec.range < 1 or why_not_fire(state, unit) is not None:
        return []
    if fire_banned(state, spec.side, "opportunity") is not None:
        return []
    game = state.game
    here = state.board.hexes[unit]
    key = (here, spec.range)
    ends = game.of_lines.get(key)
    if ends is None:  # the map does not change: each hex and range is worked out once
        found: list[str] = []
        for d in DIRECTIONS:
            last = None
            for k in range(1, spec.range + 1):
                h = here + d.scale(k)
                if h not in game.terrain or not game.sees(here, h):
                    break
                last = h
            if last is not None:
                found.append(game.name(last))
        ends = game.of_lines[key] = tuple(found)
    return [Plot(unit, "OF", name) for name in ends]


# --- during the enemy's movement -------------------------------------------------------------


def interrupt(
    state: Panzer44State,
    unit: str,
    before: Hex | None,
    here: Hex,
    held: list[tuple[str, str]] | None = None,
    *,
    leaving: bool = True,
) -> str | None:
    """What happens as ``unit`` enters ``here`` from ``before`` (None: from off the map): a
    Mine Attack for leaving a mined hex [17.14] (unless ``leaving`` is False: already made),
    for entering one [17.13], then Opportunity Fire [6.53] (the book gives no order; ours).
    Why the unit stops, or None. With ``held`` (a unit entering the hex it overruns) the
    results are kept there, to be taken in the exit hex, and the unit goes on [13.8], [17.15]."""
    mines = state.game.fortified.mines
    if leaving and before is not None and before in mines:
        mine_attack(state, unit, before, "leaving", held)  # its result placed here [17.14]
        if held is None and stopped(state, unit):
            return "its Mine Attack on leaving the mined hex stops it [17.14], [6.82]"
    if here in mines:
        mine_attack(state, unit, here, "entering", held)
        opportunity(state, unit, before, here, held)
        if held is not None:
            return None  # through the hex it overruns, to its exit hex [17.15]
        return "it entered a mined hex: no further movement this Game-Turn [17.13]"
    return opportunity(state, unit, before, here, held)


def opportunity(
    state: Panzer44State,
    unit: str,
    before: Hex | None,
    here: Hex,
    held: list[tuple[str, str]] | None = None,
) -> str | None:
    """Every armed Line of Opportunity Fire ``unit`` triggers by entering ``here``, fired in
    the firers' order; why the unit stops, or None [6.53]-[6.58]. With ``held`` the results
    are added to it, not applied, and the unit goes on [13.8], [9.32]."""
    side = state.game.specs[unit].side
    for other, plots in state.orders.plots.items():
        if other == side:
            continue
        for firer in sorted(plots):
            plot = plots[firer]
            if plot.task != "OF" or firer in state.fire.of_used or unit not in state.board.hexes:
                continue
            how = _triggered(state, plot, before, here)
            if how is None or _why_not_at(state, plot, unit) is not None:
                continue
            _fire(state, plot, unit, how, held)
            if held is None and stopped(state, unit):
                return f"the Opportunity Fire of {firer} stops it [6.55]"
    return None


def _triggered(state: Panzer44State, plot: Plot, before: Hex | None, here: Hex) -> str | None:
    """How a move into ``here`` meets the plot's line, or None [6.53]."""
    firer_hex = state.board.hexes.get(plot.unit)
    if firer_hex is None:
        return None
    line = line_of_fire(firer_hex, state.game.hex_at(plot.target or ""))
    if here in line.hexes:
        return "it entered a hex of the Line of Opportunity Fire [6.53]"
    if line.sides and before is not None and Hexside.between(before, here) in line.sides:
        return (
            "it crossed a hexside the line runs along; fired at the hex entered, standing in "
            "for the firer's choice [6.53], [6.57]"
        )
    return None


def _why_not_at(state: Panzer44State, plot: Plot, target: str) -> str | None:
    """Why the OF unit may not fire at ``target`` now, or None (see the module's readings)."""
    firer = plot.unit
    why = why_not_fire(state, firer)
    if why is None and fire_cancelled(state, firer):
        why = "it panicked: its fire task is cancelled [14.31]"
    if why is None:
        spec = state.game.specs[firer]
        if state.board.hexes[firer].distance(state.board.hexes[target]) > spec.range:
            why = "beyond its range [6.92]"
    if why is None:
        why = spots(state, firer, target)
    if why is None:
        why = _attack(state, plot, target).prohibited
    return why


def _attack(state: Panzer44State, plot: Plot, target: str) -> Attack:
    spec = state.game.specs[plot.unit]
    return prepare_attack(state, spec, state.board.hexes[plot.unit], target, Plot(plot.unit, "OF"))


def _fire(
    state: Panzer44State, plot: Plot, target: str, how: str, held: list[tuple[str, str]] | None
) -> None:
    """Stop, fire at once as Direct Fire, apply the result at once [6.55] (or keep it in
    ``held``: [13.8], [9.32])."""
    firer = plot.unit
    state.fire.of_used.add(firer)
    where = state.game.name(state.board.hexes[target])
    state.emit(OpportunityTriggered(firer, plot.text(), target, where, how, "[6.55], [6.56]"))
    result = roll_attack(state, _attack(state, plot, target), RULE)
    state.fire.spotted[firer] = state.board.hexes[firer]  # it fired: spotted at any range [11.14]
    if result != "•" and held is not None:
        held.append((target, result))
    elif result != "•":
        apply_results(state, [(target, result)])
