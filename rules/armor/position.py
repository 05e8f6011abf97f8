"""Armor positions as data (STYLE point 25): an Armor state written as a position file and read
back into an equal state (:mod:`rules.records.position` reads and checks the file).

Each counter is listed, on the map or off it, with its hull facing as the book's direction number
at its hex [AG VIII.A], its damage in the book's words [GC1 Effects of AP Hits] and, where they
are not nothing, its crew losses and the direction its turret faces; a knocked-out unit leaves
a Wreck marker [AG VI.B.7]; each side's orders are the Command Sheets' notations [AG V]::

    turn: 2
    step: plot
    units:
      - {id: us.M4.1, hex: L4032, facing: 6}
      - {id: german.PZIVJ.1, hex: L3331, facing: 4, status: [turret-hit],
         values: {crew_losses: 1, turret: 5}}
      - {id: german.PZIVJ.2, facing: 3, status: [knocked-out]}
      - {id: us.M4.2, facing: 1, status: [exited], values: {exited_from: L1802}}
    markers:
      - {kind: wreck, hex: L3328, side: german, unit: german.PZIVJ.2}
    orders:
      german: [order german.PZIVJ.1 2RR1]
    state: {done: [german], fired_last_turn: [us.M4.1], old_wrecks: 1}

A unit off the map (knocked out, exited) keeps the facing it had, read at its Wreck's hex or at
the hex it left from; a unit transported by a Vehicle names it (``transported_by``) and stands
in its hex [ADV V.C]. What the file does not say is worked out again: each unit's legal orders.

A position taken while an Opportunity Fire waits for its owner's word, in the middle of the
Movement Execution Phase [AG VII.F], says where the phase stands (``state.movement``,
:mod:`rules.armor.position_movement`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from model.errors import did_you_mean
from model.hexes import Hex
from model.position import GamePosition, Marker, UnitPlace
from model.scenario_io import to_data
from model.yamlio import PathKey
from rules.armor import dumps, hatches, soft, storeys
from rules.armor.indirect.position import ArtilleryState, artillery_of, read_artillery
from rules.armor.optional import entrench
from rules.armor.optional.command import CommandState, command_of, read_command
from rules.armor.optional.position import (
    FULL_COVER,
    HALF_SQUAD,
    BlazesState,
    IntelState,
    SupplyState,
    blazes_of,
    intel_of,
    read_blazes,
    read_cover,
    read_intel,
    read_supply,
    supply_of,
    write_cover,
)
from rules.armor.optional.records import Morale, Squads
from rules.armor.optional.smoke import SmokeState, read_smoke, smoke_of
from rules.armor.optional.specials import SpecialsState, read_specials, specials_of
from rules.armor.orders import Order
from rules.armor.position_movement import (
    MovementState,
    mounts_by_unit,
    movement_of,
    read_mounts,
    read_movement,
)
from rules.armor.ranging import PreviousHitState, previous_hits_of, read_previous_hits
from rules.armor.records import (
    CommandSheets,
    Damage,
    Fieldworks,
    Firing,
    Objectives,
    Play,
    Troops,
)
from rules.armor.support.laying import SIZES
from rules.armor.support.works import SHELTERS, Mine
from rules.engine.core import State
from rules.engine.errors import ActionSyntaxError
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
    from rules.armor.game import ArmorGame, ArmorState

#: Damage by its hit [GC1 Effects of AP Hits], in the order a unit's status lists it.
DAMAGE = {
    "hull": "hull-hit",
    "turret": "turret-hit",
    "gun": "gun-hit",
    "track": "track-hit",
    "crew": "crew-hit",
    "mg-UH": "uh-mg-lost",  # [ADV VI.C.2; ADV VI.E]
    "mg-TT": "tt-mg-lost",
    "mg-HR": "hr-mg-lost",
}
KNOCKED_OUT, EXITED = "knocked-out", "exited"
#: Off the map, waiting for its reinforcement's die roll (2B's Engineers [SCN VI.B.5]).
WAITING = "waiting"
#: Panicked: its orders are "P" until it rallies [OP XVII.B.3; XVII.C].
PANICKED = "panicked"
#: Left the mapboard by Panic Movement: out for good, not Knocked Out [OP XVII.C.3].
FLED = "panic-exited"
#: An 88mm FLAK Unloaded on its road wheels, its third Turn of Unloading to come [OP XIX].
ON_WHEELS = "on-road-wheels"
STATUSES = (
    *DAMAGE.values(),
    hatches.BUTTONED,  # its Buttoned Turret unit [AG VIII.B]
    KNOCKED_OUT,
    EXITED,
    WAITING,
    HALF_SQUAD,
    FULL_COVER,
    PANICKED,
    FLED,
    ON_WHEELS,
)
VALUES = (
    "storey",  # above the first storey [ADV IV.B.2]
    "crew_losses",
    "turret",
    "exited_from",
    "transported_by",
    "suppressed_until",
    "loading_turns",
    "abandoned",
    "entrenching_turns",
    "knock_outs",
    "panic_checked_turn",
    "panic_moved_turn",
)
OVER = "over"


class ObjectivesState(StrictModel):
    """What the scenario's special rules keep (:class:`rules.armor.records.Objectives`): the
    movement bans lifted (by index in ``special_rules``), each demolition's Turns of
    preparation, the objects destroyed, each Bridge's last passer, the units off the map
    waiting for their reinforcement's die roll [SCN VI.B.3-5; VII.C.6; VIII.B.3]."""

    bans_lifted: list[int] = Field(default_factory=list)
    demolition_turns: dict[int, int] = Field(default_factory=dict)
    destroyed_objects: list[str] = Field(default_factory=list)
    bridge_passers: dict[str, str] = Field(default_factory=dict)
    off_map: dict[str, int] = Field(default_factory=dict)


class SupportState(StrictModel):
    """What play changed of the Terrain Support units and Mines
    (:class:`rules.armor.records.Fieldworks`): the units removed (Wire [ADV V.D.2]), the mined
    hexes made known by an attack [OP IV.C.1], each Leg unit's Turn of entering its Ditch
    [ADV V.A.4], the units that have left their Pillbox or Bunker, and the units that entered
    one by an "E" order with its id [CS Order Notations E, G]."""

    removed: list[str] = Field(default_factory=list)
    revealed: list[str] = Field(default_factory=list)
    ditch: dict[str, int] = Field(default_factory=dict)
    left: list[str] = Field(default_factory=list)
    #: The Mines each Mine unit's owner wrote himself, by hex: ``{"german.MINES.1": {"K2017":
    #: ["AT75", "AP30"]}}`` [OP IV.B.1] (:mod:`rules.armor.support.laying`).
    laid: dict[str, dict[str, list[str]]] = Field(default_factory=dict)
    #: Each unit inside a Pillbox or Bunker by an "E" order, with its id:
    #: ``{"german.GE-INFANTRY-SQUAD.2": "german.PILLBOX.1"}`` [CS Order Notations E].
    entered: dict[str, str] = Field(default_factory=dict)


class ArmorPositionState(StrictModel):
    """The rest of an Armor game's state in a position file.

    Attributes:
        done: the sides that have finished the present step (plotting, facing).
        faced: the units given their Final Facing this Turn [AG VIII.A].
        old_wrecks: how many of the Wrecks stood when the Turn began; the newer ones block a
            road or track [AG VII.C.4].
        fired: the units that fired this Turn.
        fired_last_turn: the units that fired last Turn, sighted at any range [AG IV.C.5].
        opportunity_used: the units whose Opportunity Fire order has fired this Turn
            [AG VII.F].
        mg_opportunity_used: each unit whose machineguns' own Opportunity Fire orders have
            fired this Turn, with their mounts [ADV IV.E.2], when any.
        movement: where the Movement Execution Phase stands, when it stopped for an
            Opportunity Fire's owner [AG VII.F].
        objectives: what the scenario's special rules keep, when anything.
        support: what play changed of the Terrain Support units and Mines, when anything.
        blazes: the Fires and Destroyed Buildings of the Optional Rules [OP XI; XVIII], when
            anything.
        artillery: the Artillery Plots, Indirect Fire orders and last Impacts, when any
            [OP II.A; II.F] (:mod:`rules.armor.indirect.position`).
        entrenchments: the hexes holding a Hasty Entrenchment unit [OP XXXII.C].
        supply: the Ammunition and Fuel Factors rolled and spent, and APCR fired [OP XXIV;
            OP XXIII], when anything.
        intel: the dust of moving Vehicles [OP X.C.3], when any.
        specials: the Minefield hexes Crabs cleared and the Petards not reloaded [OP XXV],
            when any.
        command: Command Control and Radio Jamming [OP XIV.B-C], when anything.
        smoke: the inverted and face-up Smoke units fired in play [OP IX.A.3-4], when any.
        previous_hits: each unit whose last AP shot hit, with its target and the Turn, for
            the Previous Hit modifier [GC1] (:mod:`rules.armor.ranging`).
    """

    done: list[str] = Field(default_factory=list)
    faced: list[str] = Field(default_factory=list)
    old_wrecks: int = Field(default=0, ge=0)
    fired: list[str] = Field(default_factory=list)
    fired_last_turn: list[str] = Field(default_factory=list)
    opportunity_used: list[str] = Field(default_factory=list)
    mg_opportunity_used: dict[str, list[str]] = Field(default_factory=dict)
    movement: MovementState | None = None
    objectives: ObjectivesState | None = None
    support: SupportState | None = None
    blazes: BlazesState | None = None
    artillery: ArtilleryState | None = None
    entrenchments: list[str] = Field(default_factory=list)
    supply: SupplyState | None = None
    intel: IntelState | None = None
    specials: SpecialsState | None = None
    command: CommandState | None = None
    previous_hits: dict[str, PreviousHitState] = Field(default_factory=dict)
    smoke: SmokeState | None = None


# --- writing ------------------------------------------------------------------------------------


def to_position(state: ArmorState) -> GamePosition:
    """The state as a position file's data."""
    game = state.game
    damage = state.damage
    markers = [
        Marker(kind="wreck", hex=game.name(h), side=game.units[u].side, unit=u)
        for u, h in zip(damage.knocked_out, damage.wrecks, strict=True)
    ]
    orders = {
        s: [o.text() for o in state.sheets.orders[s].values()]
        for s in game.sides
        if state.sheets.orders.get(s)
    }
    extra = ArmorPositionState(
        done=sorted(state.play.done),
        faced=sorted(state.sheets.faced),
        old_wrecks=damage.old_wrecks,
        fired=sorted(state.firing.fired),
        fired_last_turn=sorted(state.firing.fired_last_turn),
        opportunity_used=sorted(state.firing.opportunity_used),
        mg_opportunity_used=mounts_by_unit(state.firing.mg_used),
        movement=movement_of(state),
        objectives=_objectives_of(state.objectives),
        support=_support_of(state),
        blazes=blazes_of(state),
        artillery=artillery_of(state),
        entrenchments=[game.name(h) for h in sorted(state.cover.entrenched)],
        supply=supply_of(state),
        intel=intel_of(state),
        specials=specials_of(state),
        command=command_of(state),  # [OP XIV.B-C]
        previous_hits=previous_hits_of(state),  # [GC1 Previous Hit]
        smoke=smoke_of(state),  # [OP IX.A.3-4]
    )
    return GamePosition(
        **state.position_header(),
        turn=state.play.turn,
        step=OVER if state.play.over else state.segment.id,
        units=[_place(state, u) for u in game.units if not _unplaced_crew(state, u)],
        markers=markers,
        orders=orders,
        state=to_data(extra),
    )


def _unplaced_crew(state: ArmorState, unit: str) -> bool:
    """A Bailed Out Crew unit whose crew has not bailed out [ADV IX.A.3]: not in the file."""
    gone = unit in state.troops.hexes or unit in state.damage.eliminated
    return (
        state.game.units[unit].crew_of is not None and not gone and unit not in state.troops.exited
    )


def _support_of(state: ArmorState) -> SupportState | None:
    kept = state.fieldworks
    if kept.snapshot() == {}:
        return None
    return SupportState(
        removed=sorted(kept.removed),
        revealed=sorted(state.game.name(h) for h in kept.revealed),
        ditch=dict(sorted(kept.ditch.items())),
        left=sorted(kept.left),
        entered=dict(sorted(kept.entered.items())),
        laid={
            unit: {
                state.game.name(h): [f"{m.type}{m.size}" for m in mines]
                for h, mines in sorted(paper.items(), key=lambda kv: state.game.name(kv[0]))
            }
            for unit, paper in sorted(kept.laid.items())
        },
    )


def _read_support(game: ArmorGame, kept: SupportState | None, reader: PositionReader) -> Fieldworks:
    """The state's :class:`Fieldworks` from the position's ``support`` section."""
    if kept is None:
        return Fieldworks()
    path = ("state", "support")
    ids = {u.id for u in game.works.units}
    for u in kept.removed:
        if u not in ids:
            reader.problem((*path, "removed"), f"no Terrain Support unit '{u}' in this game")
    revealed: set[Hex] = set()
    for name in kept.revealed:
        try:
            h = game.amap.resolve(name)
        except KeyError as error:
            reader.problem((*path, "revealed"), str(error).strip("'\""))
            continue
        if game.works.minefield(h) is None:
            reader.problem((*path, "revealed"), f"{name} is in no Minefield in this game")
        revealed.add(h)
    ditch = {u: t for u, t in kept.ditch.items() if reader.unit(u, game.units, (*path, "ditch"))}
    left = {u for u in kept.left if reader.unit(u, game.units, (*path, "left"))}
    laid = _read_laid(game, kept.laid, reader, (*path, "laid"))
    entered: dict[str, str] = {}
    for u, shelter in kept.entered.items():
        if not reader.unit(u, game.units, (*path, "entered")):
            continue
        found = game.works.by_id(shelter)
        if found is None or found.kind not in SHELTERS:
            reader.problem((*path, "entered"), f"no Pillbox or Bunker '{shelter}' in this game")
            continue
        entered[u] = shelter
    return Fieldworks(set(kept.removed) & ids, revealed, ditch, left, laid, entered)


def _read_laid(
    game: ArmorGame,
    kept: dict[str, dict[str, list[str]]],
    reader: PositionReader,
    path: tuple[str | int, ...],
) -> dict[str, dict[Hex, tuple[Mine, ...]]]:
    """The Mines their owners wrote [OP IV.B.1] from the position's ``laid``."""
    found: dict[str, dict[Hex, tuple[Mine, ...]]] = {}
    for unit, paper in kept.items():
        owner = game.works.by_id(unit)
        if owner is None or owner.kind != "mines":
            reader.problem((*path, unit), f"no Mine unit '{unit}' in this game")
            continue
        found[unit] = {}
        for name, words in paper.items():
            try:
                h = game.amap.resolve(name)
            except KeyError as error:
                reader.problem((*path, unit, name), str(error).strip("'\""))
                continue
            mines = []
            for word in words:
                kind, size = word[:2], word[2:]
                if kind not in SIZES or not size.isdigit() or int(size) not in SIZES[kind]:
                    reader.problem((*path, unit, name), f"'{word}' is not a Mine [OP IV.A]")
                    continue
                mines.append(Mine(owner.side, unit, kind, int(size)))
            found[unit][h] = tuple(mines)
    return found


def _objectives_of(kept: Objectives) -> ObjectivesState | None:
    if kept.snapshot() == {}:
        return None
    return ObjectivesState(
        bans_lifted=sorted(kept.bans_lifted),
        demolition_turns=dict(kept.demolition_turns),
        destroyed_objects=sorted(kept.destroyed_objects),
        bridge_passers=dict(kept.bridge_passers),
        off_map=dict(kept.off_map),
    )


def _last_hex(state: ArmorState, unit: str) -> Hex | None:
    """Where the unit stands, or stood: its hex, its Wreck's, or the hex it left the map from."""
    found = state.troops.hexes.get(unit) or state.troops.exited.get(unit)
    if found is None and unit in state.damage.knocked_out:
        found = state.damage.wrecks[state.damage.knocked_out.index(unit)]
    return found


def _place(state: ArmorState, unit: str) -> UnitPlace:
    game, troops = state.game, state.troops
    hits = state.damage.hits.get(unit, set())
    status = [word for hit, word in DAMAGE.items() if hit in hits]
    if unit in state.damage.knocked_out or unit in state.damage.eliminated:
        status.append(KNOCKED_OUT)
    values: dict[str, int | float | str | bool] = {}
    if unit in state.squads.half_squads:  # [OP XII]
        status.append(HALF_SQUAD)
    if unit in troops.wheeled:  # the 88 FLAK on its road wheels [OP XIX]
        status.append(ON_WHEELS)
    if unit in state.morale.panicked:  # [OP XVII.B.3]
        status.append(PANICKED)
    if unit in state.morale.gone:  # [OP XVII.C.3]
        status.append(FLED)
    if unit in state.morale.moved:  # its Panic Movement's Turn [OP XVII.C.1]
        values["panic_moved_turn"] = state.morale.moved[unit]
    if state.morale.kills.get(unit):  # towards an Ace [OP XVII.G.1]
        values["knock_outs"] = state.morale.kills[unit]
    if unit in state.morale.checked:  # its Suppressed check's Turn [OP XVII.B]
        values["panic_checked_turn"] = state.morale.checked[unit]
    write_cover(state, unit, status, values)  # [ADV IV.C; OP XXXII]
    hatches.write(state, unit, status)  # [AG VIII.B]
    storeys.write(state, unit, values)  # [ADV IV.B.2]
    if unit in state.damage.suppressed:  # [ADV IV.D]; a past one too, as the state keeps it
        values["suppressed_until"] = state.damage.suppressed[unit]
    if unit in state.objectives.off_map:
        status.append(WAITING)
    if unit in troops.exited:
        status.append(EXITED)
        values["exited_from"] = game.name(troops.exited[unit])
    if state.damage.crew_losses.get(unit):
        values["crew_losses"] = state.damage.crew_losses[unit]
    if unit in troops.carried:
        values["transported_by"] = troops.carried[unit]
    if unit in troops.stage:  # Turns of Loading done [ADV IV.B.1.d; IX.B]
        values["loading_turns"] = troops.stage[unit]
    if unit in troops.abandoned:  # its crew Bailed Out [ADV IX.A.3]
        values["abandoned"] = True
    at, facing = _last_hex(state, unit), None
    if at is not None and unit in troops.facing:
        hull = troops.facing[unit]
        facing = game.amap.global_to_direction(at, hull)
        if troops.turret.get(unit):
            values["turret"] = game.amap.global_to_direction(at, (hull + troops.turret[unit]) % 6)
    h = troops.hexes.get(unit)
    return UnitPlace(
        id=unit,
        hex=game.name(h) if h is not None else None,
        facing=facing,
        status=status,
        values=values,
    )


# --- reading ------------------------------------------------------------------------------------


def state_from_position(
    game: ArmorGame, position: GamePosition, reader: PositionReader, cls: type[ArmorState]
) -> ArmorState:
    """The state a position file describes; what does not fit the game goes to ``reader``.

    Raises:
        ProblemList: the position does not fit the game (every problem, located).
    """

    extra = state_section(position, ArmorPositionState)
    state = cls.__new__(cls)
    if soft.rule(game) is not None:  # its Soft areas, rolled from the seed [SCN III.B.2]
        game = soft.with_areas(game, soft.areas_of_seed(game, position.seed))
    State.__init__(state, game, position.seed)
    if not 1 <= position.turn <= game.turns:
        reader.problem(("turn",), f"the scenario's Turns are 1 to {game.turns}")
    state.play = Play(game.scenario.id, position.turn, _step(game, position, reader))
    state.play.over = position.step == OVER
    state.play.done = set(sides(extra.done, game.sides, ("state", "done"), reader))
    kept = extra.objectives or ObjectivesState()
    state.objectives = Objectives(
        set(kept.bans_lifted),
        dict(kept.demolition_turns),
        set(kept.destroyed_objects),
        dict(kept.bridge_passers),
        {u: i for u, i in kept.off_map.items() if reader.unit(u, game.units, ("state", "off_map"))},
    )
    dep = game.deployment
    state.troops = Troops(facing=dict(dep.facing), turret=dict.fromkeys(dep.hexes, 0))
    state.damage = Damage(old_wrecks=extra.old_wrecks)
    state.squads = Squads()
    state.morale = Morale()
    state.cover = read_cover(game, extra.entrenchments, reader)
    state.storeys, state.hatches = storeys.Storeys(), hatches.Hatches()  # [ADV IV.B.2; VIII.B]
    wrecks = _read_wrecks(game, position, reader)
    wreck_of = {u: h for u, h in wrecks if u is not None}
    _read_units(state, position, wreck_of, reader)
    _knocked_out(state, wrecks, position, reader)
    state.sheets = CommandSheets({s: {} for s in game.sides})
    _read_orders(state, position, reader)
    state.sheets.faced = set(units(extra.faced, game.units, ("state", "faced"), reader))
    state.firing = Firing(
        set(units(extra.fired, game.units, ("state", "fired"), reader)),
        set(units(extra.fired_last_turn, game.units, ("state", "fired_last_turn"), reader)),
        set(units(extra.opportunity_used, game.units, ("state", "opportunity_used"), reader)),
        read_mounts(state, extra.mg_opportunity_used, ("state", "mg_opportunity_used"), reader),
    )
    state.execution = read_movement(state, extra.movement, reader)
    state.fieldworks = _read_support(game, extra.support, reader)
    state.blazes = read_blazes(game, extra.blazes, reader)
    state.artillery = read_artillery(game, extra.artillery, reader)  # [OP II]
    state.supply = read_supply(game, extra.supply, reader)
    state.intel = read_intel(game, extra.intel, reader)
    state.specials = read_specials(game, extra.specials, reader)  # [OP XXV]
    state.command = read_command(game, extra.command, reader)  # [OP XIV.B-C]
    state.ranging = read_previous_hits(game, extra.previous_hits, position.turn, reader)  # [GC1]
    state.smoke = read_smoke(game, extra.smoke, reader)  # [OP IX.A.3-4]
    _check_carried(state, position, reader)
    reader.done()
    state.restore_dice(position)
    state._advance()  # a hand-written position may stand where nobody decides yet
    return state


def _step(game: ArmorGame, position: GamePosition, reader: PositionReader) -> int:
    """The step's index in the Sequence of Play; past the last one when the game is over."""
    ids = [segment.id for _, segment in game.steps]
    if position.step == OVER:
        return len(ids)
    if position.step not in ids:
        reader.problem(
            ("step",),
            f"no step '{position.step}' in the Armor Game's Sequence of Play",
            did_you_mean(position.step, [*ids, OVER]),
        )
        return 0
    return ids.index(position.step)


def _read_wrecks(
    game: ArmorGame, position: GamePosition, reader: PositionReader
) -> list[tuple[str | None, Hex]]:
    """The Wreck markers in order (the order the units were knocked out), each with its unit."""
    found: list[tuple[str | None, Hex]] = []
    for i, marker in enumerate(position.markers):
        path = ("markers", i)
        if marker.kind != "wreck":
            hint = did_you_mean(marker.kind, ["wreck"])
            reader.problem((*path, "kind"), f"no marker '{marker.kind}' in Armor (wreck)", hint)
            continue
        h = reader.hex(marker.hex, (*path, "hex"))
        unit = marker.unit
        if unit is None:
            reader.problem(path, "a Wreck names the unit knocked out there (unit: ...)")
        elif not reader.unit(unit, game.units, (*path, "unit")):
            unit = None
        elif marker.side is not None and marker.side != game.units[unit].side:
            owner = game.units[unit].side
            reader.problem(
                (*path, "side"), f"the Wreck of '{unit}' is {owner}'s, not {marker.side}'s"
            )
        if h is not None:
            found.append((unit, h))
    return found


def _read_units(
    state: ArmorState, position: GamePosition, wreck_of: dict[str, Hex], reader: PositionReader
) -> None:
    game = state.game
    listed = {p.id for p in position.units}
    known = [u for u, spec in game.units.items() if spec.crew_of is None or u in listed]
    for path, place in listed_units(position, known, reader):
        status = statuses(place, path, STATUSES, "Armor", reader)
        hits = {hit for hit, word in DAMAGE.items() if word in status}
        if HALF_SQUAD in status:  # [OP XII]
            state.squads.half_squads.add(place.id)
        if PANICKED in status:  # [OP XVII.B.3]
            state.morale.panicked.add(place.id)
        if FLED in status:  # [OP XVII.C.3]
            state.morale.gone.add(place.id)
        if FULL_COVER in status:  # [ADV IV.C.2]
            state.cover.covered.add(place.id)
        if ON_WHEELS in status:  # [OP XIX]
            state.troops.wheeled.add(place.id)
        if hatches.BUTTONED in status:  # [AG VIII.B]
            problem = hatches.read(state, place.id)
            if problem is not None:
                reader.problem((*path, "status"), problem)
        if hits:
            state.damage.hits[place.id] = hits
        h = _read_hex(state, place, status, path, reader)
        last = h
        if EXITED in status:
            last = _read_exit(state, place, path, reader)
        elif KNOCKED_OUT in status and not game.units[place.id].vehicle:
            state.damage.eliminated.append(place.id)  # no Wreck (our reading)
            state.troops.facing.pop(place.id, None)  # nor a facing
            state.troops.turret.pop(place.id, None)
        elif KNOCKED_OUT in status:
            last = wreck_of.get(place.id)
        elif FLED in status:  # off the mapboard for good [OP XVII.C.3]: no facing
            state.troops.facing.pop(place.id, None)
            state.troops.turret.pop(place.id, None)
        _read_values(state, place, path, reader)
        if "storey" in place.values:  # [ADV IV.B.2]
            problem = storeys.read(state, place.id, place.values["storey"])
            if problem is not None:
                reader.problem((*path, "values", "storey"), problem)
        gone = FLED in status or (KNOCKED_OUT in status and not game.units[place.id].vehicle)
        if WAITING not in status and not gone:
            # a unit set on the map (at set-up, entering, a Bailed Out Crew [ADV IX.A.3]) has
            # a turret's direction, straight ahead unless the position says otherwise
            state.troops.turret.setdefault(place.id, 0)
        _read_facing(state, place, last, path, reader)


def _read_hex(
    state: ArmorState, place: UnitPlace, status: list[str], path: PathKey, reader: PositionReader
) -> Hex | None:
    """The unit's hex on the map, None off it (knocked out or exited)."""
    off = [s for s in status if s in (KNOCKED_OUT, EXITED, WAITING, FLED)]
    if len(off) > 1:
        reader.problem((*path, "status"), "knocked out, exited, waiting or panic-exited: one")
    if off and place.hex is not None:
        reader.problem((*path, "hex"), f"a unit {off[0]} is off the map: no hex")
        return None
    if not off and place.hex is None:
        reader.problem(
            (*path, "hex"), "give its hex, or a status 'knocked-out', 'exited' or 'waiting'"
        )
        return None
    h = reader.hex(place.hex, (*path, "hex"))
    if h is not None:
        state.troops.hexes[place.id] = h
    return h


def _read_exit(
    state: ArmorState, place: UnitPlace, path: PathKey, reader: PositionReader
) -> Hex | None:
    named = place.values.get("exited_from")
    if not isinstance(named, str):
        reader.problem((*path, "values"), "an exited unit says the hex it left from (exited_from)")
        return None
    h = reader.hex(named, (*path, "values", "exited_from"))
    if h is not None:
        state.troops.exited[place.id] = h
    return h


def _read_values(
    state: ArmorState, place: UnitPlace, path: PathKey, reader: PositionReader
) -> None:
    known_values(place, path, VALUES, "Armor", reader)
    turn, game = state.play.turn, state.game
    if "suppressed_until" in place.values:  # the last Turn of its "S" order [ADV IV.D]
        # written on this Turn's line and the next's: never later than the next Turn
        until = whole(place.values["suppressed_until"], 1, turn + 1)
        if until is None:
            where = (*path, "values", "suppressed_until")
            reader.problem(
                where, f"the last Turn of its Suppressed order, 1 to {turn + 1} [ADV IV.D]"
            )
        else:
            state.damage.suppressed[place.id] = until
    if "entrenching_turns" in place.values:  # "Y" on consecutive Turns [OP XXXII.B]
        turns = whole(place.values["entrenching_turns"], 1, entrench.TURNS - 1)
        if turns is None:
            where = (*path, "values", "entrenching_turns")
            reader.problem(
                where,
                f"the Turns of Hasty Entrenchment dug, 1 to {entrench.TURNS - 1} (Turn "
                f"{entrench.TURNS} of it places it) [OP XXXII.B-C]",
            )
        else:
            state.cover.digging[place.id] = turns
    enemies = sum(1 for u in game.units.values() if u.side != game.units[place.id].side)
    for key, into, most, what in (
        ("knock_outs", state.morale.kills, enemies, "the enemy's units"),  # [OP XVII.G.1]
        ("panic_checked_turn", state.morale.checked, turn, "this Turn"),  # [OP XVII.B]
        ("panic_moved_turn", state.morale.moved, turn, "this Turn"),  # [OP XVII.C.1]
    ):
        if key in place.values:
            count = whole(place.values[key], 1, most)
            if count is None:
                reader.problem(
                    (*path, "values", key), f"a whole number, 1 to {most} ({what}) [OP XVII]"
                )
            else:
                into[place.id] = count
    if "crew_losses" in place.values:
        losses = whole(place.values["crew_losses"], 0)
        if losses is None:
            reader.problem(
                (*path, "values", "crew_losses"), "crew losses are a whole number, 0 or more"
            )
        elif losses:
            state.damage.crew_losses[place.id] = losses
    carrier = place.values.get("transported_by")
    if carrier is not None:
        where = (*path, "values", "transported_by")
        if not isinstance(carrier, str):
            reader.problem(where, "the id of the Vehicle unit that transports it [ADV V.C]")
        elif not reader.unit(carrier, state.game.units, where):
            pass  # reported
        elif state.game.units[carrier].side != state.game.units[place.id].side:
            reader.problem(where, f"'{carrier}' is not a unit of its side [ADV V.C]")
        else:
            state.troops.carried[place.id] = carrier
    if "loading_turns" in place.values:
        # at most the Turns its Loading takes: its card's, or an 88mm FLAK's three [OP XIX]
        most = max(3, game.units[place.id].load_turns)
        done = whole(place.values["loading_turns"], 0, most)
        if done is None or place.id not in state.troops.carried:
            where = (*path, "values", "loading_turns")
            reader.problem(
                where,
                f"Turns of Loading done, 0 to {most}, with its Vehicle (transported_by) "
                "[Intro IV LOAD/UNLOAD]",
            )
        else:
            state.troops.stage[place.id] = done
    if "abandoned" in place.values:
        if not isinstance(place.values["abandoned"], bool):
            where = (*path, "values", "abandoned")
            reader.problem(where, "true or false: its crew bailed out and left it [ADV IX.A.3]")
        elif place.values["abandoned"]:
            state.troops.abandoned.add(place.id)
    if "turret" in place.values and whole(place.values["turret"], 1, 6) is None:
        where = (*path, "values", "turret")
        reader.problem(where, "the turret faces a direction number, 1 to 6 [AG VIII.A]")


def _read_facing(
    state: ArmorState, place: UnitPlace, last: Hex | None, path: PathKey, reader: PositionReader
) -> None:
    """The hull's facing (and the turret's) as direction numbers at the unit's hex, or at the
    hex it last stood in; a unit off the map without one keeps its set-up facing."""
    amap, troops = state.game.amap, state.troops
    if place.facing is None:
        if place.id in troops.hexes:
            reader.problem(
                (*path, "facing"), "give the direction its hull faces, 1 to 6 [AG VIII.A]"
            )
        return
    if whole(place.facing, 1, 6) is None:
        reader.problem((*path, "facing"), "a facing is a direction number, 1 to 6 [AG VIII.A]")
        return
    if last is None:
        return
    hull = amap.direction_to_global(last, place.facing)
    troops.facing[place.id] = hull
    turret = whole(place.values.get("turret"), 1, 6)
    if turret is not None:
        troops.turret[place.id] = (amap.direction_to_global(last, turret) - hull) % 6


def _check_carried(state: ArmorState, position: GamePosition, reader: PositionReader) -> None:
    """A transported unit stands in its Vehicle's hex, while the Vehicle is on the map
    [ADV IV.B.1.f]."""
    troops = state.troops
    for i, place in enumerate(position.units):
        carrier = troops.carried.get(place.id)
        if carrier is None or carrier not in troops.hexes or place.id not in troops.hexes:
            continue
        if place.id in troops.stage and carrier in troops.abandoned:
            continue  # Bailed Out [ADV IX.B.1]
        if troops.hexes[place.id] != troops.hexes[carrier]:
            where = ("units", i, "hex")
            reader.problem(where, f"transported by {carrier}, it stands in its hex [ADV V.C]")


def _knocked_out(
    state: ArmorState,
    wrecks: list[tuple[str | None, Hex]],
    position: GamePosition,
    reader: PositionReader,
) -> None:
    """The units knocked out, in the order of their Wrecks; one Wreck for each [AG VI.B.7]."""
    vehicles = state.game.units
    out = [
        p.id
        for p in position.units
        if KNOCKED_OUT in p.status and p.id in vehicles and vehicles[p.id].vehicle
    ]
    for i, (unit, h) in enumerate(wrecks):
        if unit is not None and unit not in out:
            reader.problem(("markers", i, "unit"), f"'{unit}' is not knocked out (its status)")
        state.damage.knocked_out.append(unit or "")
        state.damage.wrecks.append(h)
    for unit in out:
        if sum(1 for u, _ in wrecks if u == unit) != 1:
            where = ("units", next(i for i, p in enumerate(position.units) if p.id == unit))
            reader.problem(
                (*where, "status"), f"'{unit}' is knocked out: one Wreck marker names it"
            )
    if state.damage.old_wrecks > len(wrecks):
        reader.problem(
            ("state", "old_wrecks"),
            f"{state.damage.old_wrecks} Wrecks when the Turn began, only {len(wrecks)} on the map",
        )


def _read_orders(state: ArmorState, position: GamePosition, reader: PositionReader) -> None:
    """Each side's orders this Turn, in the book's notation [AG V]."""
    game = state.game
    for side, texts in position.orders.items():
        if side not in game.sides:
            hint = did_you_mean(side, game.sides)
            reader.problem(("orders", side), f"the scenario has no side '{side}'", hint)
            continue
        for j, text in enumerate(texts):
            where = ("orders", side, j)
            try:
                order = game.parse_action(text)
            except ActionSyntaxError as exc:
                reader.problem(where, str(exc))
                continue
            if not isinstance(order, Order):
                reader.problem(where, f"'{text}' is not an order [AG V]")
            elif not reader.unit(order.unit, game.units, where):
                continue
            elif game.units[order.unit].side != side:
                reader.problem(where, f"'{order.unit}' is not a unit of {side}")
            elif order.unit in state.sheets.orders[side]:
                reader.problem(where, f"'{order.unit}' has its order this Turn already [AG V]")
            elif _references_found(game, order, reader, where):
                state.sheets.orders[side][order.unit] = order


def _references_found(
    game: ArmorGame, order: Order, reader: PositionReader, where: PathKey
) -> bool:
    """Whether every unit and hex the order names is the scenario's (a problem for each that
    is not): an order firing at a unit the scenario has not was taken and then did nothing.
    Whether the order may be plotted is not asked here: that is the Order Plot's question
    [AG V], asked of the game as it was then."""
    units = [order.assault, order.overrun, order.vehicle, order.tracking, *order.area]
    units += [target for _, target in (*order.mg, *order.mg_tracking)]
    hexes = [order.opportunity, order.smoke, *(h for _, h in order.mg_opportunity)]
    found = [reader.unit(u, game.units, where) for u in units if u is not None]
    found += [reader.hex(h, where) is not None for h in hexes if h is not None]
    ok = all(found)
    fire = order.fire
    if fire is not None and fire not in game.units:
        # a Supply Dump or a Span ("supply-dumps@K2016" [SCN VIII.B.3; OP XXV.C.4]), a
        # fortification ("K2016:BL" [ADV IV.E.5]) or a Mortar Team's hex [OP II.E.3]
        name = dumps.target_hex_name(fire) if dumps.is_dump(fire) else fire.partition(":")[0]
        if game.hex_named(name) is None:
            reader.problem(
                where, f"'{fire}' is neither a unit of the scenario nor a hex of its map"
            )
            ok = False
    return ok
