"""A scenario's own events applied [10.6]: what the First, Second... Event A or B of a book
scenario does, beyond bringing reinforcements (:mod:`rules.soldiers.arrivals`).

The events are the book's, so their effects are code here, by the scenario's id and the
event's slot (:data:`EFFECTS`); a scenario copied under another id keeps the words, not the
effects (our reading: an event's effect in words cannot be judged). Dawn Patrol [10.6]:

- First Event A, The Weather Clears: the battle condition becomes Clear, maximum sighting
  15 hexes [6.42]; the mist modifier goes with it [8.32].
- First Event B, Unusual Event: the Unusual Event Table is not in the text: logged as not
  applied (placeholder), as for the other scenarios (:mod:`rules.soldiers.events`).
- Second Event A, Fuel Dump Ignited: if any hex within two hexes of the building in 2209 was
  the target of fire during the previous two Action Phases (a shot, reaction fire or a
  flamethrower's, our reading of "fire" [8]), it explodes and burns: men in 2209 are killed
  (our reading: left on the map under Killed markers, so they stay in their side's force
  [19.7; 19.61]); nobody may enter 2209 again; smoke in 2208, and a d6 on the scatter
  indicator puts a second smoke marker in the hex next to the building that way (a 5: 2109).
  Both stay for the rest of the scenario (not removed by Smoke Dissipates nor at the end of a
  Command Cycle: "for the rest of the scenario"). Smoke [12.51]: sight through the hex is
  blocked, the hex is protected terrain, fire into or out of it is one less to hit.
- Second Event B, Bridge Demolition Triggered: a d6, 1-3 the bridge in 1508 is destroyed, 4-6
  the one in 1413; the hex becomes an impassable river hex (our reading: a man on it when it
  goes may still leave it).

Airborne [26.5]: First Event A, German Surprise Corrected: every German chit the Chit
Activation Table still holds off is placed on the track [26.4] (:mod:`rules.soldiers.activation`);
none held, the event is ignored. The other events of scenarios 20-26 are
:mod:`rules.soldiers.scenario_effects`' (joined into :data:`EFFECTS`).

The state keeps what the events changed (:class:`rules.soldiers.records.Battlefield`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.los.geometry import AlongStep, HexStep, trace
from rules.soldiers import smoke_markers as smoke
from rules.soldiers.actions import EventDrawn, ManHit
from rules.soldiers.scenario_effects import EFFECTS as SCENARIO_EFFECTS
from rules.soldiers.scenario_effects import VIRE
from rules.soldiers.scenario_victory import look

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

DAWN_PATROL = "soldiers-10"
AIRBORNE = "soldiers-26"
FUEL_DUMP = "C/2209"
FUEL_SMOKE = "C/2208"
#: The bridges of Second Event B by the d6 [10.6].
BRIDGES = ((range(1, 4), "C/1508"), (range(4, 7), "C/1413"))
#: How many finished Action Phases the fuel dump looks back over [10.6].
LOOK_BACK = 2


def _weather_clears(state: SoldiersState, where: str, text: str) -> None:
    state.field.weather = "Clear"
    why = (
        f"the battle condition becomes Clear: maximum sighting {state.sight_range} hexes, no "
        "mist modifier [10.6; 6.42; 8.32]"
    )
    state.emit(EventDrawn(where, text, why))


def _fuel_dump(state: SoldiersState, where: str, text: str) -> None:
    game = state.game
    dump = game.by_name[FUEL_DUMP]
    fired = sorted(
        {name for phase in state.field.fire_targets[:-1] for name in phase}
        & {game.name(h) for h in game.amap.hexes if h.distance(dump) <= 2}
    )
    if not fired:
        why = (
            f"no hex within two hexes of {FUEL_DUMP} was the target of fire in the previous two "
            "Action Phases: the event is ignored [10.6]"
        )
        state.emit(EventDrawn(where, text, why))
        return
    state.emit(
        EventDrawn(
            where,
            text,
            f"{', '.join(fired)} fired at: the fuel dump in {FUEL_DUMP} explodes and burns for "
            "the rest of the scenario [10.6]",
        )
    )
    for m, at in sorted(state.troops.hexes.items()):
        if at == dump and state.troops.disabled.get(m) != "killed":
            state.troops.disabled[m] = "killed"
            state.troops.suppressed.discard(m)
            state.troops.wounded.discard(m)
            state.troops.captured.pop(m, None)
            state.emit(ManHit(m, "Kill", f"in {FUEL_DUMP} when the fuel dump exploded [10.6]"))
    state.field.closed_hexes[FUEL_DUMP] = "the burning fuel dump: no man may enter it [10.6]"
    d6 = state.roll("the fuel dump's smoke drifts [10.6; 12.41]", 6)
    drift = dump.neighbor(game.amap.direction_to_global(dump, d6))
    smoke = [FUEL_SMOKE]
    if drift in game.amap.hexes:
        smoke.append(game.name(drift))
    state.field.lasting_smoke |= set(smoke)
    why = (
        f"smoke in {FUEL_SMOKE}; the scatter d6 {d6}: "
        + (f"smoke in {game.name(drift)}" if len(smoke) > 1 else "off the map, no second marker")
        + " for the rest of the scenario: sight through blocked, protected terrain, fire into "
        "or out of it -1 [10.6; 12.51]"
    )
    state.emit(EventDrawn(where, "", why))


def _bridge_demolition(state: SoldiersState, where: str, text: str) -> None:
    d6 = state.roll("which bridge is demolished [10.6]", 6)
    bridge = next(name for rolls, name in BRIDGES if d6 in rolls)
    state.field.closed_hexes[bridge] = (
        "a destroyed bridge: an impassable river hex for the rest of the scenario [10.6; 7.25]"
    )
    why = f"d6 {d6}: the bridge in {bridge} is destroyed, an impassable river hex [10.6; 7.25]"
    state.emit(EventDrawn(where, text, why))


def _surprise_corrected(state: SoldiersState, where: str, text: str) -> None:
    from rules.soldiers.activation import surprise_corrected

    placed = surprise_corrected(state)
    why = (
        f"{', '.join(placed)} placed on the Command Track, in Start [26.5]"
        if placed
        else "every German command chit is on the track already: ignored [26.5]"
    )
    state.emit(EventDrawn(where, text, why))


Effect = Callable[["SoldiersState", str, str], None]
#: The effects of a book scenario's events, by its id and the event's slot.
EFFECTS: dict[tuple[str, str], Effect] = {
    (DAWN_PATROL, "A1"): _weather_clears,
    (DAWN_PATROL, "A2"): _fuel_dump,
    (DAWN_PATROL, "B2"): _bridge_demolition,
    (AIRBORNE, "A1"): _surprise_corrected,
    **SCENARIO_EFFECTS,  # scenarios 20-26 [20.6-26.5]
}


def apply(state: SoldiersState, slot: str, where: str, text: str) -> bool:
    """Apply the scenario's event ``slot``, if the engine plays its effect; whether it did."""
    effect = EFFECTS.get((state.game.scenario.id, slot))
    if effect is None:
        return False
    effect(state, where, text)
    return True


def tracks_fire(state: SoldiersState) -> bool:
    """Whether the game needs the hexes fired at (Dawn Patrol's fuel dump [10.6], the Vire
    munitions depot [20.6])."""
    return state.game.scenario.id in (DAWN_PATROL, VIRE)


def phase_begins(state: SoldiersState) -> None:
    """A new Action Phase: a new list of the hexes fired at, the last ones kept [10.6]; what
    a mission asks to have had in sight is looked at [24.3]."""
    look(state)
    if tracks_fire(state):
        targets = [*state.field.fire_targets, []]
        state.field.fire_targets = targets[-(LOOK_BACK + 1) :]


def fired_at(state: SoldiersState, target: Hex) -> None:
    """``target`` was the target of fire in this Action Phase [10.6]."""
    if tracks_fire(state) and state.field.fire_targets:
        name = state.game.name(target)
        if name not in state.field.fire_targets[-1]:
            state.field.fire_targets[-1].append(name)


def closed(state: SoldiersState, h: Hex) -> str | None:
    """Why no man may enter ``h`` now (an event closed it [10.6]), or None."""
    if not state.field.closed_hexes:
        return None
    return state.field.closed_hexes.get(state.game.name(h))


def in_smoke(state: SoldiersState, h: Hex) -> bool:
    """The hex holds a smoke marker an event left [10.6; 12.51], or a smoke grenade's outside
    a building or pillbox [12.5; 12.51] (:mod:`rules.soldiers.smoke`)."""
    if smoke.outside(state, h):
        return True
    return bool(state.field.lasting_smoke) and state.game.name(h) in state.field.lasting_smoke


def smoke_blocks(state: SoldiersState, a: Hex, b: Hex) -> bool:
    """Sight through a smoke hex is blocked [12.51]: a hex between ``a`` and ``b`` the line
    enters (a line along a hexside: both hexes beside it, as for blocking terrain [6.45]).
    Men in a building or pillbox with smoke inside do not see out [12.53]."""
    if a != b and smoke.blinded(state, a):
        return True
    if not state.field.lasting_smoke and not smoke.any_outside(state):
        return False
    for step in trace(a, b).steps:
        if isinstance(step, HexStep) and step.hex not in (a, b) and in_smoke(state, step.hex):
            return True
        if isinstance(step, AlongStep) and all(in_smoke(state, h) for h in (step.left, step.right)):
            return True
    return False
