"""What must hold of every Panzer Command position (the seeded fuzz asks it after every action,
and a position file read is held to it):

- every unit on the map is of the game and stands on a hex of the map, with 1 Step or more
  and no more than its counter has [§2.5]; it is not eliminated [§11.1], removed [§14.7] or
  exited [§5.3]; an eliminated unit has no Steps and is listed once;
- no hex holds units of both sides: a retreat never enters an enemy-occupied hex [§9.4], an
  advance enters the hex its defenders left [§9.5], a reinforcement enters no enemy-held hex
  [§15.2], and a move never does (our reading: a Close Assault is the way into one [§9]);
- outside a Segment no hex holds more than 6 of one side's Steps [§5.2] (a tank's passengers
  count none, a truck or SPW one [§13.1-13.2]), but one an involuntary dismount overstacked,
  marked for its owner to unstack [§5.2];
- Suppression, Cohesion Hits (0 to 2 [§11.1]), Concentrations [§10] and Improved Positions
  [§19] are of units on the map; a Suppressed unit has no Concentration [§10.3]; an
  entrenchment's occupant stands in it [§16.5];
- a passenger rides a truck, an SPW or a tank of its own side in its own hex [§13.1-13.3];
- a side's Regimental HQ is with a unit of its own regiment still in play [§4.1; §4.3], and a
  side whose HQ was destroyed in a Close Assault has none [§3.1 Preparation A];
- Dispatch Points 0 to 9, Direct Commands 0 to 19 [§4.2]; every chit is a side's Regimental
  Action or Direct Command chit [§3.1], and a chit is one counter: never twice in the cup,
  nor both in the cup and in play in the Segment, nor drawn twice [§3.1]; only the
  Segment's side has Actions in it [§3.2]; the Game Turn Track holds only a
  side's second Regimental Action chit, bought with a Dispatch Point, once, and only for
  turns to come [§3.1 Preparation C]; a Segment has its chit, and only a Segment [§3.2];
- the turn is one of the scenario's [§3.1 End of Turn].
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.invariants import on_map_and_gone

if TYPE_CHECKING:
    from rules.engine.core import State
    from rules.panzer_command.game import PcState


def invariants(state: State) -> list[str]:
    """What is wrong with the position, in words (empty: nothing)."""
    from rules.panzer_command.game import PcState

    assert isinstance(state, PcState)
    return [*_units(state), *_hexes(state), *_markers(state), *_command(state)]


def _units(state: PcState) -> list[str]:
    g, troops, support = state.game, state.troops, state.support
    wrong: list[str] = []
    for unit, h in troops.hexes.items():
        spec = g.units.get(unit)
        if spec is None:
            wrong.append(f"{unit} is on the map but not of the game")
            continue
        if h not in g.amap.hexes:
            wrong.append(f"{unit} stands off the map at {h}")
        steps = troops.steps.get(unit, 0)
        if not 1 <= steps <= spec.steps:
            wrong.append(f"{unit} has {steps} Steps on the map, of its {spec.steps} [§2.5]")
        gone = (
            ("eliminated [§11.1]", troops.eliminated),
            ("removed [§14.7]", support.removed),
            ("exited [§5.3]", support.exited),
        )
        wrong += on_map_and_gone(unit, gone)
    for unit in sorted(set(troops.eliminated)):
        if troops.eliminated.count(unit) > 1:
            wrong.append(f"{unit} is eliminated {troops.eliminated.count(unit)} times")
        if troops.steps.get(unit, 0) != 0:
            wrong.append(f"{unit} is eliminated with {troops.steps[unit]} Steps [§11.1]")
    return wrong


def _hexes(state: PcState) -> list[str]:
    """Enemies in one hex, and Steps over the stacking limit outside a Segment."""
    from rules.panzer_command.moves import STACKING_LIMIT
    from rules.panzer_command.transport import moving_steps

    g = state.game
    sides: dict[Hex, dict[str, list[str]]] = {}
    for unit, h in state.troops.hexes.items():
        if unit in g.units:
            sides.setdefault(h, {}).setdefault(g.units[unit].side, []).append(unit)
    wrong: list[str] = []
    between = state.play.phase != "segment" or state.play.over
    for h, held in sides.items():
        if len(held) > 1:
            both = ", ".join(sorted(u for us in held.values() for u in us))
            wrong.append(f"{both}: enemies in one hex, {g.name(h)} [§9.4-9.5; §15.2]")
        for own in held.values():
            steps = sum(moving_steps(state, u) for u in own)
            if between and steps > STACKING_LIMIT and g.name(h) not in state.troops.overstacked:
                wrong.append(
                    f"{', '.join(sorted(own))}: {steps} Steps end a Segment in {g.name(h)}, "
                    f"over {STACKING_LIMIT} [§5.2]"
                )
    return wrong


def _markers(state: PcState) -> list[str]:
    """What marks a unit (Suppression, hits, works, transport, its HQ) is of a unit in play."""
    from rules.panzer_command.command import regiment
    from rules.panzer_command.records import MAX_COHESION
    from rules.panzer_command.transport import SPW, TRUCK

    g, troops = state.game, state.troops
    on_map = troops.hexes
    wrong: list[str] = []
    for unit in sorted(troops.suppressed - set(on_map)):
        wrong.append(f"{unit} is Suppressed and not on the map [§11.1]")
    for unit, hits in sorted(troops.cohesion.items()):
        if unit not in on_map or not 0 <= hits <= MAX_COHESION:
            wrong.append(
                f"{unit} has {hits} Cohesion Hits (0 to {MAX_COHESION}, on the map) [§11.1]"
            )
    for unit in sorted(set(troops.concentrations) - set(on_map)):
        wrong.append(f"{unit} Concentrates its fire and is not on the map [§10]")
    for unit in sorted(set(troops.concentrations) & troops.suppressed):
        wrong.append(f"{unit} Concentrates its fire and is Suppressed [§10.3]")
    for unit in sorted(troops.in_ip - set(on_map)):
        wrong.append(f"{unit} is in an Improved Position and not on the map [§19]")
    for name, unit in sorted(troops.entrenchments.items()):
        if name not in g.by_name:
            wrong.append(f"an entrenchment in {name}, no hex of the map [§16.5]")
        elif unit and on_map.get(unit) != g.by_name[name]:
            wrong.append(f"{unit} occupies the entrenchment in {name} and is not there [§16.5]")
    for passenger, carrier in sorted(troops.mounted.items()):
        if carrier in (TRUCK, SPW):
            continue
        if carrier not in g.units or g.units[carrier].side != g.units[passenger].side:
            wrong.append(f"{passenger} rides {carrier}, no tank of its side [§13.3]")
        elif passenger in on_map and on_map.get(carrier) != on_map[passenger]:
            wrong.append(f"{passenger} is not in its tank {carrier}'s hex [§13.3]")
    for side, unit in sorted(troops.hq.items()):
        gone = unit in troops.eliminated or unit in state.support.removed
        if unit not in regiment(state, side) or gone or unit in state.support.exited:
            wrong.append(
                f"{side}'s Regimental HQ is with {unit}, no unit of its regiment in play [§4.1]"
            )
        if side in troops.hq_destroyed:
            wrong.append(f"{side}'s Regimental HQ was destroyed and is with {unit} [§3.1 A]")
    return wrong


def _command(state: PcState) -> list[str]:
    """Points within their caps, the chits, and where play is."""
    from rules.panzer_command.records import CHIT_KINDS, MAX_COMMANDS, MAX_DISPATCH

    g, command, play = state.game, state.command, state.play
    wrong: list[str] = []
    for what, pool, cap in (
        ("Dispatch Points", command.dp, MAX_DISPATCH),
        ("Direct Commands", command.dc, MAX_COMMANDS),
    ):
        for side, points in sorted(pool.items()):
            if not 0 <= points <= cap:
                wrong.append(f"{side} has {points} {what}, 0 to {cap} [§4.2]")
    chits = [*command.cup, *command.used, *command.drawn]
    chits += [c for on_turn in command.track.values() for c in on_turn]
    for chit in sorted(set(chits)):
        side, _, kind = chit.partition(":")
        if side not in g.sides or kind not in CHIT_KINDS:
            wrong.append(
                f"chit '{chit}' is no side's Regimental Action or Direct Command chit [§3.1]"
            )
    for chit, count in sorted(Counter(command.cup).items()):
        if count > 1:
            wrong.append(f"chit '{chit}' is in the cup {count} times: a chit is one counter [§3.1]")
    if play.chit is not None and play.chit in command.cup:
        wrong.append(f"chit '{play.chit}' is both in play in the Segment and in the cup [§3.1]")
    for chit, count in sorted(Counter(command.drawn).items()):
        if count > 1:
            wrong.append(f"chit '{chit}' drawn from the cup {count} times this phase [§3.1]")
    if play.chit is not None:  # only the Segment's side performs Actions in it [§3.2]
        owner = play.chit.partition(":")[0]
        acting = sorted(set(play.acted) | set(play.commanded) | set(play.verbs))
        for unit in acting:
            if unit in g.units and g.units[unit].side != owner:
                wrong.append(f"{unit} has an Action in {owner}'s Segment [§3.2]")
    for turn, on_turn in sorted(command.track.items()):
        for chit, count in sorted(Counter(on_turn).items()):
            if not chit.endswith(":regiment-2") or count > 1:
                wrong.append(
                    f"chit '{chit}' on the Game Turn Track for Turn {turn}"
                    + (f" {count} times" if count > 1 else "")
                    + ": only a side's second Regimental Action chit goes there, once, for "
                    "a Dispatch Point [§3.1 Preparation C]"
                )
    for turn in sorted(command.track):
        if turn <= play.turn and command.track[turn]:
            wrong.append(
                f"chits on the Game Turn Track for Turn {turn}, now Turn {play.turn} [§3.1 C]"
            )
    if (play.chit is not None) != (play.phase == "segment"):
        wrong.append(
            f"the {play.phase} phase with chit {play.chit}: only a Segment has a chit [§3.2]"
        )
    if not g.first_turn <= play.turn <= g.last_turn:
        wrong.append(f"Turn {play.turn}, not one of the scenario's {g.first_turn}-{g.last_turn}")
    return wrong
