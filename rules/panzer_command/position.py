"""Panzer Command positions as data (STYLE point 25): a state written as a position file and read
back into an equal state (:mod:`rules.records.position` reads and checks the file).

Each unit is listed with its hex, its state in the book's words (``suppressed`` [§11.1],
``eliminated``, a ``reinforcement`` not yet entered [§15.2], ``in-ip`` in an Improved Position
[§19], ``entrenched`` occupying the entrenchment of its hex [§16.5]) and, where they are not
nothing,
its steps left (a reduced unit [§2.5]) and its Cohesion Hits [§11.1]; the rest of the state is
each side's Dispatch Points and Direct Commands [§4.2] and the chits: in the cup, on the Game
Turn Track, used this turn, and the Segment's [§3.1-3.2]::

    turn: 3
    step: segment                 # prep, action (between chits), segment, or over
    units:
      - {id: german.de-pak.1, hex: "0605", status: [suppressed], values: {cohesion_hits: 1}}
      - {id: soviet.su-t34.1, hex: "0707", values: {steps: 1}}
      - {id: soviet.su-t34.2, status: [eliminated]}
      - {id: german.de-pz3.1, status: [reinforcement]}
    state:
      dispatch_points: {german: 3, soviet: 2}
      direct_commands: {german: 0, soviet: 4}
      cup: [german:direct-command, soviet:regiment]
      track: {4: [german:regiment-2]}
      used: [soviet:direct-command]
      chit: german:regiment
      acted: [german.de-pak.1]
      eliminated: [soviet.su-t34.2]

A chit is ``SIDE:regiment``, ``SIDE:regiment-2`` or ``SIDE:direct-command``. The cup's order is
kept (the draw picks by its place in the cup). ``eliminated`` gives the order the units were
eliminated in; units whose status says so and that it leaves out follow, in the file's order.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Annotated

from pydantic import Field

from model.base import StrictModel
from model.errors import did_you_mean
from model.limits import MAX_COUNT
from model.position import GamePosition, UnitPlace
from model.scenario_io import to_data
from model.yamlio import PathKey
from rules.engine.core import State
from rules.maps.named import HexesByName
from rules.panzer_command.actions import COMMAND, ROLL
from rules.panzer_command.exits import OFF
from rules.panzer_command.intel import Intel
from rules.panzer_command.records import (
    CHIT_KINDS,
    MAX_COHESION,
    MAX_COMMANDS,
    MAX_DISPATCH,
    PHASES,
    TRIGGERS,
    Assaulting,
    Command,
    Play,
    Reaction,
    Support,
    Troops,
)
from rules.records.places import (
    known_values,
    listed_units,
    sides,
    state_section,
    statuses,
    units,
    whole,
)
from rules.records.position import PositionReader

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState

SUPPRESSED, ELIMINATED, REINFORCEMENT = "suppressed", "eliminated", "reinforcement"
IN_IP, ENTRENCHED = "in-ip", "entrenched"
#: Out of the game, not eliminated: the Katyusha after its last attack [§14.7], a unit that left
#: the map [§5.3].
REMOVED, EXITED = "removed", "exited"
STATUSES = (SUPPRESSED, ELIMINATED, REINFORCEMENT, IN_IP, ENTRENCHED, REMOVED, EXITED)
OFF_STATUSES = (ELIMINATED, REINFORCEMENT, REMOVED, EXITED)
VALUES = ("steps", "cohesion_hits")
#: Movement Points a unit may have spent in a Segment: beyond any unit's allowance (our
#: bound: the book's highest is far lower [§5.1]); NaN or infinite was read, and compared
#: with an allowance NaN is never more.
MAX_MP = 100.0
OVER = "over"
#: The Actions a unit performs in a Segment, as ``actions`` lists them [§3.2].
UNIT_VERBS = (
    "move",
    "fire",
    "rally",
    "improve",
    "assault",
    "concentrate",
    "mount",
    "dismount",
    "indirect",
    "offmap",
    "movefire",
    "splitfire",
)


class PcReactionState(StrictModel):
    """An Action held for the other side's answer (:class:`~rules.panzer_command.records.
    Reaction`) [§8.2; §9.4]: ``fires`` as ``[FIRER, command|roll]`` pairs."""

    trigger: str
    side: str
    target: str
    exiting: str
    entering: str = ""
    rest: list[str] = Field(default_factory=list)
    walked: list[str] = Field(default_factory=list)
    spent: float = Field(default=0.0, ge=0, le=MAX_MP)
    why: list[str] = Field(default_factory=list)
    fires: list[tuple[str, str]] = Field(default_factory=list)


class PcAssaultState(StrictModel):
    """A Close Assault in progress (:class:`~rules.panzer_command.records.Assaulting`) [§9]."""

    unit: str
    target: str
    hex: str
    round: int = 0
    tq: dict[str, str] = Field(default_factory=dict)
    retreated: list[str] = Field(default_factory=list)
    offered: int = 0
    trail: dict[str, list[str]] = Field(default_factory=dict)


class PcPositionState(StrictModel):
    """The rest of a Panzer Command game's state in a position file.

    Attributes:
        dispatch_points: each side's Dispatch Points (0-9) [§4.2].
        direct_commands: each side's Direct Commands (0-19) [§4.2].
        cup: the chits in the cup, in order [§3.1].
        track: the chits on the Game Turn Track, by turn [§3.1 C].
        used: the chits drawn or selected this turn.
        passed: the sides that passed in this phase.
        chit: the chit of the Segment now (only in a Segment).
        acted: the units that have had their Action in this Segment [§3.2].
        actions: the Actions each unit performed in this Segment (:data:`UNIT_VERBS`), when
            known [§3.2].
        commanded: the units a Direct Command was spent on in this Segment [§3.2].
        entered: the Steps of reinforcements that entered each hex in this Segment (the
            column [§15.2]).
        entrenchments: the hexes with an entrenchment that no unit occupies (a unit's status
            ``entrenched`` says it occupies the one in its hex) [§16.5].
        hq: the unit each side's Regimental HQ is assigned to, null while it awaits
            reassignment; a side left out has it where the set-up puts it [§4.1; §4.3].
        eliminated: the units eliminated, in order.
        concentrations: the hex each unit has Concentrated its fire on [§10].
        hq_destroyed: the sides whose Regimental HQ was destroyed in a Close Assault [§3.1].
        reaction: an Action held for the other side's Opportunity Fire or retreats [§8; §9.4].
        assault: a Close Assault in progress [§9].
        mounted: each passenger's carrier: ``truck``, ``spw`` or a tank's unit [§13].
        trucks: the units that have their truck still [§13.2].
        spw_lost: the mech units that lost their SPWs [§13.2].
        carrier_hits: the Cohesion Hits of the truck or SPW carrying each unit [§13.2].
        spent: the Movement Points each unit spent moving in this Segment [§13.2-13.3].
        fired: the Indirect Fire attacks each battery made from its hex [§14.4] (or from off
            the map [§14.5]).
        overstacked: the hexes put over 6 Steps unavoidably (an involuntary dismount, a move
            stopped on its way), for their owner to unstack at the first opportunity [§5.2].
        anchors: each off-map battery's edge hex, its range counted from there [§14.5].
        plots: each battery's pre-plotted hexes [§14.6].
        shots: the attacks made by each unit of limited shots (the Katyusha) [§14.7].
        exited: the hex each unit of status ``exited`` left the map from [§5.3].
        drawn: the chits drawn from the cup this turn, in order [§20.1].
        second_phase: the night turn's second Action Phase is under way [§20.1].
        air: each side's Air Strength now, when not the scenario's [§18.1-18.2].
        strikes: the Attack Strengths of the airstrikes left this Segment [§18.4].
        air_called: the airpower was called in this Segment [§18.2].
        division_spaces: each side's Division HQ space rolled secretly [§22.3].
        regiment_spaces: each side's Regimental HQ space rolled secretly [§22.3].
        secret_concentrations: the units whose Concentration is not yet revealed [§22.4].
        revealed: the Reaction player's units sighted (on the enemy's map) [§22.5].
        movefire: the units performing the Move/Fire Action, with its parts made [§24.1].
    """

    dispatch_points: dict[str, int] = Field(default_factory=dict)
    direct_commands: dict[str, int] = Field(default_factory=dict)
    cup: list[str] = Field(default_factory=list)
    track: dict[int, list[str]] = Field(default_factory=dict)
    used: list[str] = Field(default_factory=list)
    passed: list[str] = Field(default_factory=list)
    chit: str | None = None
    acted: list[str] = Field(default_factory=list)
    actions: dict[str, list[str]] = Field(default_factory=dict)
    commanded: list[str] = Field(default_factory=list)
    entered: dict[str, Annotated[int, Field(ge=0, le=MAX_COUNT)]] = Field(default_factory=dict)
    entrenchments: list[str] = Field(default_factory=list)
    hq: dict[str, str | None] = Field(default_factory=dict)
    eliminated: list[str] = Field(default_factory=list)
    concentrations: dict[str, str] = Field(default_factory=dict)
    hq_destroyed: list[str] = Field(default_factory=list)
    reaction: PcReactionState | None = None
    assault: PcAssaultState | None = None
    mounted: dict[str, str] = Field(default_factory=dict)
    trucks: list[str] = Field(default_factory=list)
    spw_lost: list[str] = Field(default_factory=list)
    carrier_hits: dict[str, Annotated[int, Field(ge=1, le=MAX_COHESION)]] = Field(
        default_factory=dict
    )
    spent: dict[str, Annotated[float, Field(ge=0, le=MAX_MP)]] = Field(default_factory=dict)
    fired: dict[str, Annotated[int, Field(ge=1, le=MAX_COUNT)]] = Field(default_factory=dict)
    overstacked: list[str] = Field(default_factory=list)
    anchors: dict[str, str] = Field(default_factory=dict)
    plots: dict[str, list[str]] = Field(default_factory=dict)
    shots: dict[str, Annotated[int, Field(ge=1, le=MAX_COUNT)]] = Field(default_factory=dict)
    exited: dict[str, str] = Field(default_factory=dict)
    drawn: list[str] = Field(default_factory=list)
    second_phase: bool = False
    air: dict[str, int] = Field(default_factory=dict)
    strikes: list[int] = Field(default_factory=list)
    air_called: bool = False
    division_spaces: dict[str, str] = Field(default_factory=dict)
    regiment_spaces: dict[str, str] = Field(default_factory=dict)
    secret_concentrations: list[str] = Field(default_factory=list)
    revealed: list[str] = Field(default_factory=list)
    movefire: dict[str, list[str]] = Field(default_factory=dict)


# --- writing ------------------------------------------------------------------------------------


def to_position(state: PcState) -> GamePosition:
    """The state as a position file's data."""
    game, command = state.game, state.command
    extra = PcPositionState(
        dispatch_points=dict(command.dp),
        direct_commands=dict(command.dc),
        cup=list(command.cup),
        track={t: list(c) for t, c in sorted(command.track.items())},
        used=sorted(command.used),
        passed=sorted(state.play.passed),
        chit=state.play.chit,
        acted=sorted(state.play.acted),
        actions={u: list(v) for u, v in sorted(state.play.verbs.items())},
        commanded=sorted(state.play.commanded),
        entered=dict(sorted(state.play.entered.items())),
        entrenchments=sorted(h for h, u in state.troops.entrenchments.items() if not u),
        hq={s: state.troops.hq.get(s) for s in sorted(game.hqs)},
        eliminated=list(state.troops.eliminated),
        concentrations=dict(sorted(state.troops.concentrations.items())),
        hq_destroyed=sorted(state.troops.hq_destroyed),
        reaction=_reaction_data(state),
        assault=_assault_data(state),
        mounted=dict(sorted(state.troops.mounted.items())),
        trucks=sorted(state.troops.trucks),
        spw_lost=sorted(state.troops.spw_lost),
        carrier_hits=dict(sorted(state.troops.carrier_hits.items())),
        spent=dict(sorted(state.play.spent.items())),
        fired=dict(sorted(state.troops.fired.items())),
        overstacked=sorted(state.troops.overstacked),
        anchors=dict(sorted(state.support.anchors.items())),
        plots={u: list(p) for u, p in sorted(state.support.plots.items())},
        shots=dict(sorted(state.support.shots.items())),
        exited=dict(state.support.exited),
        drawn=list(command.drawn),
        second_phase=state.play.second_phase,
        air=dict(sorted(state.support.air.items())),
        strikes=list(state.support.strikes),
        air_called=state.support.air_called,
        division_spaces=dict(sorted(state.intel.division.items())),
        regiment_spaces=dict(sorted(state.intel.regiment.items())),
        secret_concentrations=sorted(state.intel.secret_concentrations),
        revealed=sorted(state.intel.revealed),
        movefire={u: list(v) for u, v in sorted(state.play.movefire.items())},
    )
    return GamePosition(
        **state.position_header(),
        turn=state.play.turn,
        step=OVER if state.play.over else state.play.phase,
        units=[_place(state, u) for u in game.units],
        state=to_data(extra),
    )


def _reaction_data(state: PcState) -> PcReactionState | None:
    r = state.reaction
    if not r.trigger:
        return None
    return PcReactionState(
        trigger=r.trigger,
        side=r.side,
        target=r.target,
        exiting=r.exiting,
        entering=r.entering,
        rest=list(r.rest),
        walked=list(r.walked),
        spent=r.spent,
        why=list(r.why),
        fires=list(r.fires),
    )


def _assault_data(state: PcState) -> PcAssaultState | None:
    a = state.assaulting
    if not a.unit:
        return None
    return PcAssaultState(
        unit=a.unit,
        target=a.target,
        hex=a.hex,
        round=a.round,
        tq=dict(sorted(a.tq.items())),
        retreated=list(a.retreated),
        offered=a.offered,
        trail={u: list(p) for u, p in sorted(a.trail.items())},
    )


def _place(state: PcState, unit: str) -> UnitPlace:
    troops, spec = state.troops, state.game.units[unit]
    h = troops.hexes.get(unit)
    status: list[str] = []
    values: dict[str, int | float | str | bool] = {}
    if unit in troops.eliminated:
        status.append(ELIMINATED)
    elif unit in state.support.removed:
        status.append(REMOVED)
    elif unit in state.support.exited:
        status.append(EXITED)
    elif state.waiting(unit):
        status.append(REINFORCEMENT)
    if unit in troops.suppressed:
        status.append(SUPPRESSED)
    if unit in troops.in_ip:
        status.append(IN_IP)
    if h is not None and troops.entrenchments.get(state.game.name(h)) == unit:
        status.append(ENTRENCHED)
    steps = troops.steps.get(unit, spec.steps)
    if unit not in troops.eliminated and steps != spec.steps:
        values["steps"] = steps
    if troops.cohesion.get(unit):
        values["cohesion_hits"] = troops.cohesion[unit]
    return UnitPlace(
        id=unit, hex=state.game.name(h) if h is not None else None, status=status, values=values
    )


# --- reading ------------------------------------------------------------------------------------


def state_from_position(
    game: PanzerCommandGame, position: GamePosition, reader: PositionReader, cls: type[PcState]
) -> PcState:
    """The state a position file describes; what does not fit the game goes to ``reader``.

    Raises:
        ProblemList: the position does not fit the game (every problem, located).
    """

    extra = state_section(position, PcPositionState)
    state = cls.__new__(cls)
    State.__init__(state, game, position.seed)
    if not game.first_turn <= position.turn <= game.last_turn:
        reader.problem(("turn",), f"the scenario's turns are {game.first_turn}-{game.last_turn}")
    phase = position.step
    if phase not in (*PHASES, OVER):
        hint = did_you_mean(phase, (*PHASES, OVER))
        reader.problem(("step",), f"no step '{phase}' ({', '.join((*PHASES, OVER))})", hint)
        phase = "prep"
    chit = _chit(game, extra.chit, ("state", "chit"), reader) if extra.chit else None
    if (phase == "segment") != (chit is not None):
        reader.problem(("state", "chit"), "a Segment has its chit, and only a Segment [§3.2]")
    state.play = Play(
        position.turn,
        "action" if phase == OVER else phase,  # a game ends when the cup empties [§3.1]
        phase == OVER,
        set(sides(extra.passed, game.sides, ("state", "passed"), reader)),
        chit,
        set(units(extra.acted, game.units, ("state", "acted"), reader)),
    )
    for u, verbs in extra.actions.items():
        for i, verb in enumerate(verbs):
            if verb not in UNIT_VERBS:  # was dropped unsaid
                reader.problem(
                    ("state", "actions", u, i),
                    f"no Action '{verb}' (one of {', '.join(UNIT_VERBS)}) [§3.2]",
                    did_you_mean(verb, UNIT_VERBS),
                )
    state.play.verbs = {
        u: [v for v in verbs if v in UNIT_VERBS]
        for u, verbs in extra.actions.items()
        if u in game.units  # a tank whose passenger dismounted moves no more, acted or not
    }
    state.play.commanded = set(units(extra.commanded, game.units, ("state", "commanded"), reader))
    state.play.movefire = {
        u: [v for v in parts if v in ("move", "fire")]
        for u, parts in extra.movefire.items()
        if u in game.units
    }
    state.play.entered = {n.upper(): steps for n, steps in extra.entered.items()}
    state.troops = Troops(HexesByName(game.name))
    state.support = Support()
    state.intel = Intel(
        {s: v for s, v in extra.division_spaces.items() if s in game.sides},
        {s: v for s, v in extra.regiment_spaces.items() if s in game.sides},
        set(
            units(
                extra.secret_concentrations, game.units, ("state", "secret_concentrations"), reader
            )
        ),
        set(units(extra.revealed, game.units, ("state", "revealed"), reader)),
    )
    for i, name in enumerate(extra.entrenchments):
        h = reader.hex(name, ("state", "entrenchments", i))
        if h is not None:
            state.troops.entrenchments.setdefault(game.name(h), "")
    _read_units(state, position, extra, reader)
    _read_hq(state, extra, reader)
    state.command = Command(
        _points(game, extra.dispatch_points, "dispatch_points", MAX_DISPATCH, reader),
        _points(game, extra.direct_commands, "direct_commands", MAX_COMMANDS, reader),
        _chits(game, extra.cup, ("state", "cup"), reader),
        {t: _chits(game, c, ("state", "track", t), reader) for t, c in extra.track.items()},
        set(_chits(game, extra.used, ("state", "used"), reader)),
    )
    state.command.drawn = _chits(game, extra.drawn, ("state", "drawn"), reader)
    state.play.second_phase = extra.second_phase
    _read_combat(state, extra, reader)
    reader.done()
    state.restore_dice(position)
    state._advance()  # a hand-written position may stand where nobody decides yet
    return state


def _chit(game: PanzerCommandGame, chit: str, path: PathKey, reader: PositionReader) -> str | None:
    side, _, kind = chit.partition(":")
    if side in game.sides and kind in CHIT_KINDS:
        return chit
    known = [f"{s}:{k}" for s in game.sides for k in CHIT_KINDS]
    reader.problem(
        path, f"no chit '{chit}' (SIDE:{'|'.join(CHIT_KINDS)})", did_you_mean(chit, known)
    )
    return None


def _chits(
    game: PanzerCommandGame, chits: list[str], path: PathKey, reader: PositionReader
) -> list[str]:
    found = (_chit(game, c, (*path, i), reader) for i, c in enumerate(chits))
    return [c for c in found if c is not None]


def _points(
    game: PanzerCommandGame, given: dict[str, int], key: str, cap: int, reader: PositionReader
) -> dict[str, int]:
    """Each side's points (0 when not given), between 0 and the cap [§4.2]."""
    for side, points in given.items():
        if side not in game.sides:
            hint = did_you_mean(side, game.sides)
            reader.problem(("state", key, side), f"the scenario has no side '{side}'", hint)
        elif not 0 <= points <= cap:
            reader.problem(("state", key, side), f"from 0 to {cap} [§4.2]")
    return {s: given.get(s, 0) for s in game.sides}


def _read_units(
    state: PcState, position: GamePosition, extra: PcPositionState, reader: PositionReader
) -> None:
    game, troops = state.game, state.troops
    eliminated = units(extra.eliminated, game.units, ("state", "eliminated"), reader)
    waiting: set[str] = set()
    # a reinforcement that entered where no hex was free stays off the map [§15.2]
    reinforcements = {u for a in game.deployment.arrivals for u in a.units}
    for path, place in listed_units(position, game.units, reader):
        unit, spec = place.id, game.units[place.id]
        status = statuses(place, path, STATUSES, "Panzer Command", reader)
        known_values(place, path, VALUES, "Panzer Command", reader)
        h = reader.hex(place.hex, (*path, "hex"))
        off = next((s for s in status if s in OFF_STATUSES), None)
        if off is not None and place.hex is not None:
            reader.problem((*path, "hex"), f"a unit {off} is off the map: no hex")
        elif h is not None:
            troops.hexes[unit] = h
        elif off is None and place.hex is None and unit not in reinforcements | game.offmap:
            reader.problem((*path, "hex"), "give its hex, or a status 'eliminated'")
        if off == ELIMINATED:
            troops.steps[unit] = 0
            if unit not in eliminated:
                eliminated.append(unit)
            if len(status) > 1 or place.values:
                reader.problem((*path, "status"), "an eliminated unit has no other state")
            continue
        if off == REINFORCEMENT:
            waiting.add(unit)
        elif off == REMOVED:
            state.support.removed.append(unit)
        elif off == EXITED:
            state.support.exited[unit] = extra.exited.get(unit, "")
        if SUPPRESSED in status:
            troops.suppressed.add(unit)
        if IN_IP in status:
            troops.in_ip.add(unit)
        if ENTRENCHED in status and h is not None:
            troops.entrenchments[game.name(h)] = unit
        troops.steps[unit] = _steps(place, path, spec.steps, reader)
        hits = whole(place.values.get("cohesion_hits", 0), 0, MAX_COHESION)
        if hits is None:
            reader.problem((*path, "values", "cohesion_hits"), "0, 1 or 2 Cohesion Hits [§11.1]")
        elif hits:
            troops.cohesion[unit] = hits
    _read_eliminated(state, eliminated, position, reader)
    _read_arrivals(state, waiting, reader)


def _read_hq(state: PcState, extra: PcPositionState, reader: PositionReader) -> None:
    """Each side's Regimental HQ: the unit the file names, none for null, else the set-up's
    choice (:func:`rules.panzer_command.command.first_holder`) [§4.1; §4.3]."""
    from rules.panzer_command.command import first_holder

    game = state.game
    for side in sorted(game.hqs):
        if side not in extra.hq:
            holder = first_holder(state, side)
            if holder is not None:
                state.troops.hq[side] = holder
            continue
        unit = extra.hq[side]
        if unit is None:
            continue
        spec = game.units.get(unit)
        if spec is None or spec.side != side or unit in state.troops.eliminated:
            reader.problem(("state", "hq", side), f"'{unit}' is no unit of {side} in play [§4.1]")
            continue
        state.troops.hq[side] = unit
    for side in extra.hq:
        if side not in game.hqs:
            reader.problem(("state", "hq", side), f"{side} has no Regimental HQ [§4.1]")


def _steps(place: UnitPlace, path: PathKey, full: int, reader: PositionReader) -> int:
    steps = whole(place.values.get("steps", full), 1, full)
    if steps is None:
        reader.problem(
            (*path, "values", "steps"), f"a unit of {full} step(s) has 1 to {full} [§2.5]"
        )
        return full
    return steps


def _read_eliminated(
    state: PcState, eliminated: list[str], position: GamePosition, reader: PositionReader
) -> None:
    out = {p.id for p in position.units if ELIMINATED in p.status}
    for i, unit in enumerate(eliminated):
        if unit not in out:
            reader.problem(("state", "eliminated", i), f"'{unit}' is not eliminated (its status)")
    state.troops.eliminated = [u for u in eliminated if u in out]


def _read_arrivals(state: PcState, waiting: set[str], reader: PositionReader) -> None:
    """Reinforcements enter one by one [§15.2]: a unit of the status 'reinforcement' waits."""
    for unit in sorted(waiting):
        if unit not in state.game.reinforcements:
            reader.problem(("units",), f"'{unit}' is not a reinforcement of the scenario")


def _read_combat(state: PcState, extra: PcPositionState, reader: PositionReader) -> None:
    """Concentrations, destroyed HQs, a held Action and a Close Assault in progress."""
    game = state.game
    for unit, name in extra.concentrations.items():
        h = reader.hex(name, ("state", "concentrations", unit))
        if unit not in state.troops.hexes:
            reader.problem(("state", "concentrations", unit), f"'{unit}' is no unit on the map")
        elif h is not None:
            state.troops.concentrations[unit] = game.name(h)
    known = set(game.units)
    for key in ("trucks", "spw_lost"):
        listed = getattr(extra, key)
        setattr(state.troops, key, set(units(listed, game.units, ("state", key), reader)))
    for key, found in (("mounted", extra.mounted), ("carrier_hits", extra.carrier_hits)):
        for unit in found:
            if unit not in known:
                reader.problem(("state", key, unit), f"'{unit}' is no unit of the scenario")
    state.troops.mounted = {u: c for u, c in extra.mounted.items() if u in known}
    state.troops.carrier_hits = {u: n for u, n in extra.carrier_hits.items() if u in known}
    state.play.spent = {u: mp for u, mp in extra.spent.items() if u in known}
    state.troops.fired = {u: n for u, n in extra.fired.items() if u in known}
    for i, name in enumerate(extra.overstacked):
        h = reader.hex(name, ("state", "overstacked", i))
        if h is not None:
            state.troops.overstacked.add(game.name(h))
    _read_support(state, extra, reader)
    state.troops.hq_destroyed = set(
        sides(extra.hq_destroyed, game.sides, ("state", "hq_destroyed"), reader)
    )
    state.reaction = Reaction()
    r = extra.reaction
    if r is not None:
        if r.trigger not in TRIGGERS:
            reader.problem(("state", "reaction", "trigger"), f"one of {', '.join(TRIGGERS)}")
        elif r.target not in state.troops.hexes or r.side not in game.sides:
            reader.problem(
                ("state", "reaction"), "its target is a unit on the map, its side a side"
            )
        elif _reaction_found(state, r, reader):
            state.reaction = Reaction(
                r.trigger,
                r.side,
                r.target,
                _named(state, r.exiting),
                _named(state, r.entering),
                [_named(state, n) for n in r.rest],
                [_named(state, n) for n in r.walked],
                r.spent,
                list(r.why),
                [(f, m) for f, m in r.fires],
            )
    state.assaulting = Assaulting()
    a = extra.assault
    if a is not None:
        if a.unit not in game.units or a.target not in game.units:
            reader.problem(("state", "assault"), "its unit and target are units of the scenario")
        elif _assault_found(state, a, reader):
            state.assaulting = Assaulting(
                a.unit,
                a.target,
                _named(state, a.hex),
                a.round,
                dict(a.tq),
                list(a.retreated),
                a.offered,
            )
            state.assaulting.trail = {
                u: [_named(state, h) for h in p] for u, p in a.trail.items() if u in game.units
            }


def _named(state: PcState, name: str) -> str:
    """A hex's name as the game writes it (the map's own, looked up as written: ``by_name``
    knows only that), OFF, or "" as it was; a name already found on the map."""
    if not name or name.upper() == OFF:
        return name.upper()
    found = state.game.hex_named(name)
    return state.game.name(found) if found is not None else name


def _hex_found(name: str, path: PathKey, reader: PositionReader, also: tuple[str, ...]) -> bool:
    """Whether the name is a hex of the map (or one of ``also``): a held move entering a hex
    the map has not was taken, and the game failed when it went on."""
    return name.upper() in also or reader.hex(name, path) is not None


def _hexes_found(
    names: list[str], path: PathKey, reader: PositionReader, also: tuple[str, ...] = ()
) -> bool:
    found = [_hex_found(n, (*path, i), reader, also) for i, n in enumerate(names)]
    return all(found)  # every name looked at: each one not found is said


def _reaction_found(state: PcState, r: PcReactionState, reader: PositionReader) -> bool:
    """Whether the held Action fits the game: its side the target's enemy, its hexes the map's,
    the hex it leaves the target's own (the assaulted hex for the defender's choice [§9.4]),
    the hex a move, an advance or a retreat enters beside it (or OFF, a move leaving the map
    [§5.3]), the rest of its way a path, and its Opportunity Fires units on the map, by
    Command or by roll [§8.2]."""
    from rules.panzer_command.assault import CHOOSE

    game, where = state.game, ("state", "reaction")
    found: list[bool] = []
    if r.side == game.units[r.target].side:
        reader.problem((*where, "side"), f"the side answering {r.target} is its enemy [§8.1]")
        found.append(False)
    at = state.troops.hexes[r.target]
    if r.trigger != CHOOSE and r.exiting != game.name(at):
        reader.problem((*where, "exiting"), f"{r.target} stands in {game.name(at)} [§8.2]")
        found.append(False)
    found.append(not r.exiting or _hex_found(r.exiting, (*where, "exiting"), reader, ()))
    if r.trigger in ("move", "advance", "retreat") and not (
        r.trigger == "move" and r.entering == OFF
    ):
        entering = reader.hex(r.entering, (*where, "entering")) if r.entering else None
        if not r.entering or (entering is not None and entering.distance(at) != 1):
            message = (
                f"give the hex {r.target}'s {r.trigger} enters next, beside {game.name(at)} [§8.2]"
            )
            reader.problem((*where, "entering"), message)
        found.append(entering is not None and entering.distance(at) == 1)
    elif r.entering and r.entering != OFF:
        found.append(_hex_found(r.entering, (*where, "entering"), reader, ()))
    rest = _hexes_found(r.rest, (*where, "rest"), reader, (OFF,))
    found.append(rest and _path_found(state, r, reader))
    found.append(_hexes_found(r.walked, (*where, "walked"), reader, (OFF,)))
    for i, (firer, how) in enumerate(r.fires):
        if firer not in state.troops.hexes or how not in (COMMAND, ROLL):
            message = "an Opportunity Fire is [FIRER, command|roll], its firer a unit on the map"
            reader.problem((*where, "fires", i), message)
            found.append(False)
    return all(found)


def _path_found(state: PcState, r: PcReactionState, reader: PositionReader) -> bool:
    """Whether the rest of a held move is a path: each hex beside the one before it, from the
    hex it enters next, and OFF (leaving the map [§5.3]) only at its end."""
    if not r.rest:
        return True
    names = [r.entering or state.game.name(state.troops.hexes[r.target]), *r.rest]
    for i, (before, name) in enumerate(itertools.pairwise(names)):
        if before.upper() == OFF:
            reader.problem(("state", "reaction", "rest", i), "a move goes on after OFF [§5.3]")
            return False
        here, there = state.game.hex_named(before), state.game.hex_named(name)
        if name.upper() != OFF and (here is None or there is None or here.distance(there) != 1):
            message = f"{name} is not beside {before}: a move goes hex by hex [§5.1]"
            reader.problem(("state", "reaction", "rest", i), message)
            return False
    return True


def _assault_found(state: PcState, a: PcAssaultState, reader: PositionReader) -> bool:
    """Whether the Close Assault's hex and its units' trails are the map's, its Troop Quality
    results ``pass`` or ``fail`` [§9.2] and its retreated units the scenario's [§9.4]."""
    from rules.panzer_command.assault import ROUNDS

    game, where = state.game, ("state", "assault")
    ok = reader.hex(a.hex, (*where, "hex")) is not None
    for unit, trail in a.trail.items():
        ok &= _hexes_found(trail, (*where, "trail", unit), reader)
    for unit, result in a.tq.items():
        if unit not in game.units or result not in ("pass", "fail"):
            reader.problem((*where, "tq", unit), "a unit of the scenario: pass or fail [§9.2]")
            ok = False
    for i, unit in enumerate(a.retreated):
        ok &= reader.unit(unit, game.units, (*where, "retreated", i))
    if not (0 <= a.round <= ROUNDS and 0 <= a.offered <= ROUNDS):
        message = f"its Round and the Round offered are 0 to {ROUNDS}: {ROUNDS} Rounds [§9.2]"
        reader.problem(where, message)
        ok = False
    return ok


def _read_support(state: PcState, extra: PcPositionState, reader: PositionReader) -> None:
    """Airpower [§18], off-map batteries' edge hexes [§14.5], pre-plotted hexes [§14.6],
    shots [§14.7]."""
    from rules.panzer_command.air import air_strengths

    game, support = state.game, state.support
    for key in ("anchors", "plots", "shots", "exited"):
        for unit in getattr(extra, key):
            if unit not in game.units:
                reader.problem(("state", key, unit), f"'{unit}' is no unit of the scenario")
    for unit, name in extra.anchors.items():
        h = reader.hex(name, ("state", "anchors", unit))
        if unit in game.units and h is not None:
            support.anchors[unit] = game.name(h)
    for unit, names in extra.plots.items():
        if len(names) > 3:
            reader.problem(("state", "plots", unit), "at most three pre-plotted hexes [§14.6]")
        found = [reader.hex(n, ("state", "plots", unit, i)) for i, n in enumerate(names)]
        if unit in game.units:
            support.plots[unit] = [game.name(h) for h in found if h is not None]
    for unit, made in extra.shots.items():
        most = game.units[unit].shots if unit in game.units else 0
        if most is None:
            reader.problem(("state", "shots", unit), f"'{unit}' has no limited shots [§14.7]")
        elif unit in game.units and made >= most:
            reader.problem(
                ("state", "shots", unit),
                f"{made} attacks made of its {most}: its last removes it from the game, so 1 "
                f"to {most - 1} [§14.7]",
            )
    support.shots = {u: n for u, n in extra.shots.items() if u in game.units}
    support.air = air_strengths(state)
    for side, strength in extra.air.items():
        if side not in game.sides or strength < 0:
            reader.problem(("state", "air", side), "a side's Air Strength, 0 or more [§18.1]")
        else:
            support.air[side] = strength
    support.strikes, support.air_called = list(extra.strikes), extra.air_called
    for unit in extra.exited:
        if unit not in support.exited:
            reader.problem(("state", "exited", unit), f"'{unit}' has no status 'exited'")
