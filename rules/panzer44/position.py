"""Panzer '44 positions as data (STYLE point 25): a game written as a position file and read
back into an equal state; :mod:`rules.records.position` reads and writes the file, this module
the game's part of it (:meth:`Panzer44State.to_position`,
:meth:`Panzer44Game.state_from_position`).

The file is the whole game, for bug reports and test set-ups: it holds both sides' plots
(``orders``), though in play each side's are secret from the other [4.1] 1.

- ``turn`` and ``step``: the Game-Turn and the segment's id in the Sequence of Play
  (:data:`rules.panzer44.sequence.PANZER44_SEQUENCE`: ``plot``, ``first-player-movement``...),
  ``over`` once the game is over; ``to_act``: the sides still to decide in the segment.
- ``units``: every unit of the deployment, then the off-board concentrations and strikes
  [15.0], [16.0]; each with the printed name of its hex (none off the map: waiting to enter,
  exited, destroyed, off-board), the carrier it rides on [9.0], and its status in the book's
  words (:data:`STATUS`); ``values`` holds ``loss`` (the order it was destroyed in), ``exited``
  (the hex it left the map from [7.23]) and ``cb-fired`` (the Game-Turn its counterbattery last
  fired [6.75]); ``spotted``, ``cb-spotted`` and ``in-ip`` there name the hex of that fact where
  it is not the unit's own hex (as the status words mean); under the optional Alternate
  Procedure [6.79], ``fired-turns`` and ``fired-from``: the Game-Turns it has fired Indirect
  Fire from that hex.
- ``markers``: wrecks in the order placed, each with the vehicle it was [6.82]; Improved
  Positions standing, with their owner [12.22]; minefields a Mine Attack revealed [17.0].
- ``orders``: each side's plots this Game-Turn (and its allocations [15.0]), in the order made.
- ``state``: the rest (:class:`Panzer44PositionState`).

Reading checks every name against the game and reports each problem at its place in the file
(an unknown unit, a hex off the map, an unknown status word, a step that is no segment...).
A position read where no side decides (``step: panic``) is played on to the next decision.
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
from rules.engine.errors import ActionSyntaxError
from rules.panzer44.actions import Plot
from rules.panzer44.panic import fired_since
from rules.panzer44.victory import Mark
from rules.records.places import known_values, listed_units, state_section, statuses, whole

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44Game, Panzer44State
    from rules.records.position import PositionReader

SYSTEM = "Panzer '44"

#: The ``step`` of a game that is over.
OVER = "over"

#: A unit's status words [the book's terms], in the order they are written.
STATUS: dict[str, str] = {
    "destroyed": "eliminated [6.82]",
    "wrecked": "a destroyed vehicle, a wreck marker in its place [6.82]",
    "exited": "left the map [7.23]",
    "pinned": "a Pin marker [6.82]",
    "disrupted-1": "a Disruption marker D1 [6.84]",
    "disrupted-2": "a Disruption marker D2 [6.84]",
    "disrupted-3": "a Disruption marker D3: a D4 destroys [6.82]",
    "delayed-panic": "a Delayed Panic (P) marker [14.71]",
    "panicked": "panicked this Game-Turn [14.0]",
    "in-ip": "inside the Improved Position of its hex [12.1]",
    "spotted": "fired from its hex: spotted at any range while it stays [11.14]",
    "cb-spotted": "spotted by counterbattery in its hex [6.78]",
    "moved": "its move is over this Game-Turn [7.4]",
    "overran": "overran this Game-Turn [13.22]",
    "opportunity-fired": "its Opportunity Fire has fired this Game-Turn [6.56]",
}
#: An off-board concentration's or strike's one status: allocated, so used [15.12].
USED = "used"
DISRUPTED = "disrupted-"
_HEX_FACTS = ("spotted", "cb-spotted", "in-ip")  # a status word, or a value naming its hex
_FIRED = ("fired-turns", "fired-from")  # [6.79]
_VALUES = ("loss", "exited", "cb-fired", *_HEX_FACTS, *_FIRED)
_MARKERS = ("wreck", "improved-position", "minefield")


class Entered(StrictModel):
    """Units of a side that entered through a hex this Game-Turn [18.62]."""

    side: str
    hex: str
    units: int = Field(ge=1)


class VictoryMark(StrictModel):
    """What a timed victory condition has seen (:class:`rules.panzer44.victory.Mark`)."""

    condition: int = Field(ge=0, description="its index in the scenario's victory conditions")
    always: bool = True
    ever: bool = False
    units: list[str] | None = None
    sampled: bool = False


class Panzer44PositionState(StrictModel):
    """A Panzer '44 position's ``state``: what the units, markers and orders do not say.

    Attributes:
        shooting_began: the Game-Turn in which a unit first executed fire: panic waits until
            the Game-Turn after it [14.82]; None while no one has.
        fired: fire was executed since the last Panic Determination Phase [14.82].
        disrupted_by_direct_fire: units disrupted by enemy Direct Fire this Game-Turn: their
            Indirect Fire is cancelled [6.46].
        entered: units of a side that entered through a hex this Game-Turn [18.62].
        victory: what the timed victory conditions have seen so far [18.5].
        pending: Direct Fire results not yet placed [5.1] (none where a side decides).
    """

    shooting_began: int | None = None
    fired: bool = False
    disrupted_by_direct_fire: list[str] = Field(default_factory=list)
    entered: list[Entered] = Field(default_factory=list)
    victory: list[VictoryMark] = Field(default_factory=list)
    pending: list[tuple[str, str]] = Field(default_factory=list)


# --- writing ----------------------------------------------------------------------------------


def write_position(state: Panzer44State) -> GamePosition:
    """The state as a position file's data."""
    play = state.play
    return GamePosition(
        **state.position_header(),
        turn=play.turn,
        step=OVER if play.over else state.segment.id,
        units=[*_unit_places(state), *_support_places(state)],
        markers=_markers(state),
        orders={s: [p.text() for p in ps.values()] for s, ps in state.orders.plots.items()},
        state=to_data(_section(state)),
    )


def _unit_places(state: Panzer44State) -> list[UnitPlace]:
    name = state.game.name
    losses = {u: i + 1 for i, u in enumerate(state.losses.destroyed)}
    found = []
    for spec in state.game.deployment.units:
        unit = spec.id
        here = state.board.hexes.get(unit)
        words = _status(state, unit, spec.vehicle)
        values: dict[str, int | float | str | bool] = {}
        if unit in losses:
            values["loss"] = losses[unit]
        if unit in state.entry.exits_at:
            values["exited"] = name(state.entry.exits_at[unit])
        if unit in state.support.cb_fired:
            values["cb-fired"] = state.support.cb_fired[unit]
        if unit in state.support.fired_from:
            fired_at, turns = state.support.fired_from[unit]
            values["fired-turns"], values["fired-from"] = turns, name(fired_at)
        for fact, where in zip(_HEX_FACTS, _hex_facts(state), strict=True):
            h = where.get(unit)
            if h is not None and h == here:
                words.append(fact)
            elif h is not None:
                values[fact] = name(h)
        place = UnitPlace(
            id=unit,
            hex=name(here) if here is not None else None,
            status=sorted(words, key=_order),
            carried_by=state.board.carried_by.get(unit),
            values=values,
        )
        found.append(place)
    return found


def _status(state: Panzer44State, unit: str, vehicle: bool) -> list[str]:
    words = []
    if unit in state.losses.destroyed:
        words += ["destroyed", "wrecked"] if vehicle else ["destroyed"]
    if unit in state.fire.disruption:
        words.append(f"{DISRUPTED}{state.fire.disruption[unit]}")
    flags = (
        ("exited", state.entry.exited),
        ("pinned", state.fire.pins),
        ("delayed-panic", state.panic.delayed),
        ("panicked", state.panic.determined.panicked),
        ("moved", state.orders.moved),
        ("overran", state.orders.overran),
        ("opportunity-fired", state.fire.of_used),
    )
    words += [word for word, holding in flags if unit in holding]
    return words


def _order(word: str) -> int:
    return list(STATUS).index(word)


def _hex_facts(state: Panzer44State) -> tuple[dict[str, Hex], ...]:
    return state.fire.spotted, state.support.cb_spotted, state.forts.inside


def _support_places(state: Panzer44State) -> list[UnitPlace]:
    used = state.support.used
    return [UnitPlace(id=c, status=[USED] if c in used else []) for c in state.game.support]


def _markers(state: Panzer44State) -> list[Marker]:
    game = state.game
    vehicles = [u for u in state.losses.destroyed if game.specs[u].vehicle]
    found = [
        Marker(kind="wreck", hex=h, unit=vehicles[i] if i < len(vehicles) else None)
        for i, h in enumerate(state.losses.wrecks)
    ]
    for h in sorted(state.forts.ips, key=game.name):
        found.append(Marker(kind="improved-position", hex=game.name(h), side=state.forts.ips[h]))
    for h in sorted(state.forts.mines_revealed, key=game.name):
        found.append(Marker(kind="minefield", hex=game.name(h)))
    return found


def _section(state: Panzer44State) -> Panzer44PositionState:
    name = state.game.name
    determined = state.panic.determined
    return Panzer44PositionState(
        shooting_began=determined.shooting_began,
        fired=determined.shooting_began is None and fired_since(state),
        disrupted_by_direct_fire=sorted(state.fire.by_direct_fire),
        entered=[
            Entered(side=s, hex=name(h), units=n) for (s, h), n in state.entry.entered.items()
        ],
        victory=[
            VictoryMark(
                condition=i,
                always=m.always,
                ever=m.ever,
                units=None if m.units is None else sorted(m.units),
                sampled=m.sampled,
            )
            for i, m in state.watch.marks.items()
        ],
        pending=list(state.fire.pending),
    )


# --- reading ----------------------------------------------------------------------------------


def read_position(
    game: Panzer44Game, position: GamePosition, reader: PositionReader, cls: type[Panzer44State]
) -> Panzer44State:
    """The state a position describes; what does not fit the game goes to ``reader``."""
    from rules.records.position import check_invariants

    state = cls(game, position.seed, begin=False)
    state.restore_dice(position)
    before = len(reader.problems)
    _read_play(state, position, reader)
    _read_units(state, position, reader)
    _read_markers(state, position, reader)
    _read_orders(state, position, reader)
    _read_section(state, state_section(position, Panzer44PositionState), reader)
    if len(reader.problems) == before:
        check_invariants(state, position, reader)  # before any play: one hex, two enemies
    if len(reader.problems) == before:
        state._advance()  # a step where no side decides is played on to the next decision
    return state


def _read_play(state: Panzer44State, position: GamePosition, reader: PositionReader) -> None:
    game, play = state.game, state.play
    ids = [segment.id for _, segment in game.steps]
    if position.step == OVER:
        play.step, play.over = len(ids), True
    elif position.step in ids:
        play.step = ids.index(position.step)
    else:
        message = f"'{position.step}' is not a segment of the Sequence of Play [4.1]"
        reader.problem(("step",), message, did_you_mean(position.step, [*ids, OVER]))
    if not 1 <= position.turn <= game.turns:
        reader.problem(("turn",), f"Game-Turn {position.turn}: the game has 1 to {game.turns}")
    play.turn = position.turn
    acting = () if play.over or play.step >= len(ids) else game.actor(state.segment)
    for i, side in enumerate(position.to_act):
        if side not in acting:
            who = ", ".join(acting) or "no side"
            reader.problem(("to_act", i), f"'{side}' does not decide here: {who} may")
    play.done = {s for s in acting if s not in position.to_act}


def _read_units(state: Panzer44State, position: GamePosition, reader: PositionReader) -> None:
    game = state.game
    paths: dict[str, PathKey] = {}
    losses: list[tuple[float, int, str]] = []
    state.board.hexes, state.board.carried_by = {}, {}
    state.forts.inside = {}
    for path, place in listed_units(position, [*game.specs, *game.support], reader):
        paths[place.id] = path
        if place.id in game.support:
            _read_support(state, place, path, reader)
            continue
        here = reader.hex(place.hex, (*path, "hex"))
        if here is not None:
            state.board.hexes[place.id] = here
        if place.carried_by is not None and reader.unit(
            place.carried_by, game.specs, (*path, "carried_by")
        ):
            state.board.carried_by[place.id] = place.carried_by
        words = statuses(place, path, tuple(STATUS), SYSTEM, reader)
        _read_status(state, place, words, here, path, reader)
        known_values(place, path, _VALUES, SYSTEM, reader)
        _read_values(state, place, here, set(words), path, reader)
        if "destroyed" in words:
            loss = whole(place.values.get("loss"), 1)
            losses.append((loss or float("inf"), len(losses), place.id))
    state.losses.destroyed = [u for _, _, u in sorted(losses)]
    _read_exits(state)
    hexes = state.board.hexes
    for unit, carrier in state.board.carried_by.items():
        if hexes.get(unit) != hexes.get(carrier):
            where = (*paths[unit], "carried_by")
            reader.problem(where, f"{unit} rides on {carrier}: it stands in its hex [9.0]")


def _read_support(
    state: Panzer44State, place: UnitPlace, path: PathKey, reader: PositionReader
) -> None:
    if place.hex is not None:
        reader.problem((*path, "hex"), f"{place.id} is off-board support: it has no hex [15.0]")
    if USED in statuses(place, path, (USED,), f"{SYSTEM}'s off-board support", reader):
        state.support.used.add(place.id)
    known_values(place, path, (), f"{SYSTEM} off-board support", reader)


def _read_status(
    state: Panzer44State,
    place: UnitPlace,
    words: list[str],
    here: Hex | None,
    path: PathKey,
    reader: PositionReader,
) -> None:
    """What the unit's status words (those of the system: :func:`statuses`) say of it."""
    unit = place.id
    flags: dict[str, set[str]] = {
        "pinned": state.fire.pins,
        "delayed-panic": state.panic.delayed,
        "panicked": state.panic.determined.panicked,
        "moved": state.orders.moved,
        "overran": state.orders.overran,
        "opportunity-fired": state.fire.of_used,
    }
    at_hex = dict(zip(_HEX_FACTS, _hex_facts(state), strict=True))
    for word in words:
        where = (*path, "status", place.status.index(word))
        if word.startswith(DISRUPTED):
            state.fire.disruption[unit] = int(word[len(DISRUPTED) :])
        elif word in flags:
            flags[word].add(unit)
        elif word in at_hex and here is not None:
            at_hex[word][unit] = here
        elif word in at_hex:
            reader.problem(where, f"'{word}' in its own hex, but {unit} is off the map")
        elif word == "wrecked" and not (state.game.specs[unit].vehicle and "destroyed" in words):
            reader.problem(where, "only a destroyed vehicle leaves a wreck [6.82]")
    gone = sorted({"destroyed", "exited"} & set(words))
    if here is not None and gone:
        reader.problem((*path, "hex"), f"{unit} is {' and '.join(gone)}: it has no hex")


def _read_values(
    state: Panzer44State,
    place: UnitPlace,
    here: Hex | None,
    words: set[str],
    path: PathKey,
    reader: PositionReader,
) -> None:
    unit = place.id
    at_hex = dict(zip(_HEX_FACTS, _hex_facts(state), strict=True))
    _read_fired(state, place, path, reader)
    for key, value in place.values.items():
        where = (*path, "values", key)
        if key not in _VALUES or key in _FIRED:
            continue  # reported by known_values, or read above
        if key in ("loss", "cb-fired"):
            if whole(value, 1) is None:
                reader.problem(where, f"'{key}' is a whole number from 1, not {value!r}")
            elif key == "loss" and "destroyed" not in words:
                reader.problem(where, f"a loss number for {unit}, which is not destroyed")
            elif key == "cb-fired" and isinstance(value, int):
                state.support.cb_fired[unit] = value
        elif not isinstance(value, str):
            reader.problem(where, f"'{key}' names a hex: write it in quotes, not {value!r}")
        elif key == "exited" and key not in words:
            reader.problem(where, f"the hex {unit} left the map from, but it is not 'exited'")
        elif key in words and key != "exited":
            reader.problem(where, f"{unit} has '{key}' as a status (its own hex) and a value")
        else:
            h = reader.hex(value, where)
            if h is not None and key == "exited":
                state.entry.exits_at[unit] = h
            elif h is not None:
                at_hex[key][unit] = h
    if "exited" in words:
        state.entry.exited[unit] = ()


def _read_fired(
    state: Panzer44State, place: UnitPlace, path: PathKey, reader: PositionReader
) -> None:
    """``fired-turns`` and ``fired-from``: the Game-Turns the unit has fired Indirect Fire from
    a hex, counted under the Alternate Procedure [6.79]; both or neither."""
    turns, where = place.values.get("fired-turns"), place.values.get("fired-from")
    if turns is None and where is None:
        return
    at = (*path, "values", "fired-turns" if turns is not None else "fired-from")
    if turns is None or where is None:
        reader.problem(at, "'fired-turns' and 'fired-from' go together [6.79]")
    elif (count := whole(turns, 1)) is None:
        reader.problem(at, f"'fired-turns' is a whole number from 1, not {turns!r}")
    elif not isinstance(where, str):
        reader.problem((*path, "values", "fired-from"), "'fired-from' names a hex: quote it")
    else:
        h = reader.hex(where, (*path, "values", "fired-from"))
        if h is not None:
            state.support.fired_from[place.id] = (h, count)


def _read_exits(state: Panzer44State) -> None:
    """Each unit that left the map with its passengers: those that left carried by it [7.23]."""
    exited = state.entry.exited
    for unit in exited:
        riders = [p for p, c in state.board.carried_by.items() if c == unit and p in exited]
        exited[unit] = tuple(sorted(riders))


def _read_markers(state: Panzer44State, position: GamePosition, reader: PositionReader) -> None:
    game, forts = state.game, state.forts
    forts.ips = {}
    for i, marker in enumerate(position.markers):
        path = ("markers", i)
        if marker.kind not in _MARKERS:
            hint = did_you_mean(marker.kind, _MARKERS) or f"one of: {', '.join(_MARKERS)}"
            reader.problem((*path, "kind"), f"unknown marker '{marker.kind}'", hint)
            continue
        h = reader.hex(marker.hex, (*path, "hex"))
        if h is None:
            continue
        if marker.kind == "wreck":
            state.losses.wrecks.append(game.name(h))
        elif marker.kind == "minefield" and h not in game.fortified.mines:
            reader.problem((*path, "hex"), f"no mined hex {marker.hex} in the set-up [17.0]")
        elif marker.kind == "minefield":
            forts.mines_revealed.add(h)
        elif marker.side not in game.sides:
            sides = ", ".join(game.sides)
            reader.problem((*path, "side"), f"an Improved Position is owned by one of {sides}")
        else:
            forts.ips[h] = marker.side


def _read_orders(state: Panzer44State, position: GamePosition, reader: PositionReader) -> None:
    game = state.game
    owners = {u: s.side for u, s in game.specs.items()} | {
        c.id: c.side for c in game.support.values()
    }
    for side, texts in position.orders.items():
        if side not in game.sides:
            message = f"the scenario has no side '{side}'"
            reader.problem(("orders", side), message, did_you_mean(side, game.sides))
            continue
        plots = state.orders.plots[side]
        for j, text in enumerate(texts):
            where = ("orders", side, j)
            try:
                plot = game.parse_action(text)
            except ActionSyntaxError as exc:
                reader.problem(where, str(exc))
                continue
            if not isinstance(plot, Plot):
                reader.problem(where, f"'{text}' is not a plot [5.0]")
            elif not reader.unit(plot.unit, owners, where):
                continue
            elif owners[plot.unit] != side:
                reader.problem(where, f"{plot.unit} is not a {side} unit")
            elif plot.unit in plots:
                reader.problem(where, f"{plot.unit} is plotted twice: one task a unit [5.3]")
            elif plot.target is not None and reader.hex(plot.target, where) is None:
                continue  # a target off the map was taken, and failed when it was fired at
            else:
                plots[plot.unit] = plot


def _read_section(
    state: Panzer44State, section: Panzer44PositionState, reader: PositionReader
) -> None:
    game = state.game
    determined = state.panic.determined
    determined.shooting_began, determined.fired = section.shooting_began, section.fired
    began, turn = section.shooting_began, state.play.turn
    if began is not None and not 0 <= began <= turn:  # 0: before the first Game-Turn
        reader.problem(
            ("state", "shooting_began"),
            f"the shooting began in a Game-Turn that has come, 0 to {turn} [14.82]",
        )
    path: tuple[str | int, ...]
    for i, unit in enumerate(section.disrupted_by_direct_fire):
        if reader.unit(unit, game.specs, ("state", "disrupted_by_direct_fire", i)):
            state.fire.by_direct_fire.add(unit)
    for i, entered in enumerate(section.entered):
        path = ("state", "entered", i)
        if entered.side not in game.sides:
            message = f"the scenario has no side '{entered.side}'"
            reader.problem((*path, "side"), message, did_you_mean(entered.side, game.sides))
        h = reader.hex(entered.hex, (*path, "hex"))
        if h is not None:
            state.entry.entered[(entered.side, h)] = entered.units
    conditions = len(game.scenario.victory.conditions)
    for i, mark in enumerate(section.victory):
        path = ("state", "victory", i)
        if mark.condition >= conditions:
            message = f"the scenario has {conditions} victory condition(s), numbered from 0"
            reader.problem((*path, "condition"), message)
        units = set(mark.units) if mark.units is not None else None
        for j, unit in enumerate(mark.units or ()):
            reader.unit(unit, game.specs, (*path, "units", j))
        state.watch.marks[mark.condition] = Mark(mark.always, mark.ever, units, mark.sampled)
    for i, (unit, result) in enumerate(section.pending):
        if reader.unit(unit, game.specs, ("state", "pending", i)):
            state.fire.pending.append((unit, result))
