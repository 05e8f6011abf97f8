"""Airborne Operations: Paratroops [OP XXXI.A] (option ``airborne-operations``).

The book: the Turn of entry and the Drop Zone hex of every Parachute Infantry unit are noted
before the game; "No Plane units need to be purchased ... this just constitutes another way of
entering the mapboard" [XXXI.A.1]. Any hex may be a Drop Zone, for any number of units
[A.1.a]; the Turn of entry any Turn [A.1.b]; they may not be changed once the game starts
[A.1.c]; "The German side may never 'drop' more than one Parachute Infantry unit per game"
[A.1.d]. In the Paratroop Drop Phase of the Turn of entry [Sequence of Play 10] each unit is
placed in its Drop Zone hex, checked for Scatter on the Paratroop Scatter Table [A.2.a] (two
dice for the Scatter Directions, white and colored, each read on its own [A.2.a(2)]; then the
dice again for each direction, on the Number Hexes Scatter table [A.2.a(3)]), and its Landing
Status resolved on the Paratroop/Glider Landing Status Table [GC2].

How a scenario writes it: a reinforcement (``sides[].reinforcements``) whose units have
``placement: {kind: airdrop}``, with its ``turn`` the Turn of entry and its ``entry`` the one
Drop Zone hex. The units are held off the map (as 2B's Engineers are,
:attr:`rules.armor.records.Objectives.off_map`) until the drop.

Our readings, where the book's text is silent or cut (each said in the log too):

- The Scatter Directions are the map's direction numbers at the Drop Zone hex: the Glider &
  Paratrooper Placement hexagon is laid over a Center hex with its sides along the hexes'
  sides [A.2.a(1); B.2.a], as the Scatter Diagram's directions are read [OP II.D.2].
- The cut cells of the tables are the placeholders of ``resources/armor/tables`` (white die
  7-9, colored 7 and 9; hexes for 50-56 and 91-00).
- Only Day is played (:mod:`rules.armor.weather`): the Day modifier, -20, always applies to the
  Number Hexes Scatter roll; a modified roll under 01 is 01 [TAW Paratroop Scatter Table].
- A unit scattered to the mapboard's edge stops on the last hex of the mapboard on its line
  (the book does not say; Artillery that Scatters off is out of play [OP II.D.2.b], a man
  would steer for the ground).
- A unit landing in a hex an enemy unit holds lands in the nearest hex no enemy holds
  (opposing units never share a hex [AG III.B.2]).
- Landing Status: the hex's worst row among its terrains and Terrain Support units ("All other
  hexes are determined by the other terrain in the hex"); Bridge, Alley and the Buildings read
  as BDG, Hedgerow as WDS, Stream and River as DCH (the worst row), Defilade, Road, Track,
  Hill and Ford as CLR; a Wire unit is an automatic Knock Out [note (1)]. "Suppressed One
  Turn" is an "S" for the rest of this Turn and the next (as a Suppressed result [ADV IV.D]),
  "Two Turns" one more; "Half Knock Out" reduces an Infantry Squad to a Half Squad (as
  [OP XII]), and Knocks Out a unit that has no half (a Half Squad, a Machinegun Team);
  "Knock Out" eliminates it.
- The landed unit faces the middle of the map; it turns freely in the Final Facing Phase that
  follows [Sequence of Play 11].

"Ranger and Commando units can be Air-Dropped, the same as Paratroops" [OP V.C.3]: dropped
as any Leg unit is, their drop's log line citing V.C.3 (the Data Card marks them,
:func:`rules.armor.optional.special_infantry.ranger_or_commando`). Our reading: the Special
Infantry option is not needed for the drop (the units' use is the players' agreement [OP V.C]).

Gliders [XXXI.B] are not played: the Glider Entry Table is cut from the text (33-50 and 86-00)
and a Glider's flight needs the Plane Movement and Combat Phase [OP III], not in this engine;
a scenario that lists a Glider unit is refused.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex
from model.provenance import unwrap
from model.scenario import AirdropPlacement, Reinforcement, Side
from rules.armor.cards import cell, table
from rules.armor.events import Damaged
from rules.armor.optional import AIRBORNE, in_use, reduction
from rules.armor.optional.special_infantry import ranger_or_commando
from rules.armor.support.effects import standing
from rules.engine.errors import UnsupportedGameError
from rules.engine.events import Event
from rules.engine.sequence import Phase, Segment

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

RULE = "[OP XXXI.A]"
SEGMENT = "paratroop-drop"
PHASE = Phase(
    SEGMENT,
    "The Paratroop Drop Phase",
    "Armor [Sequence of Play 10; OP XXXI.A.2]",
    (
        Segment(
            SEGMENT,
            "Parachute Infantry units dropped this Turn placed in their Drop Zone hexes, "
            "Scattered, and their Landing Status resolved",
            "engine",
            "Armor [Sequence of Play 10; OP XXXI.A.2]",
        ),
    ),
)
#: The Day modifier of the Number Hexes Scatter roll [TAW Paratroop Scatter Table].
DAY = -20
#: The Landing Status Table's rows, best to worst [GC2 Paratroop/Glider Landing Status Table].
ROWS = ("CLR/DPN/SFT", "SCB", "BLK/RGH/WIR", "BDG/DCH/SPN/WDS")
RESULTS = ("No Effect", "Suppressed One Turn", "Suppressed Two Turns", "Half Knock Out")
KNOCK_OUT = "Knock Out"
#: Each terrain's (or Terrain Support unit's) row; the book's abbreviations, and our readings
#: for the terrains it does not list (see the module's docstring).
ROW_OF: dict[str, int] = {
    "clear": 0,
    "depression": 0,
    "soft": 0,
    "road": 0,
    "track": 0,
    "hill": 0,
    "hilltop": 0,
    "defilade": 0,
    "ford": 0,
    "scrub": 1,
    "block": 2,
    "rough": 2,
    "wire": 2,
    "destroyed": 2,
    "building": 3,
    "wood-building": 3,
    "brick-building": 3,
    "stone-building": 3,
    "alley": 3,
    "bridge": 3,
    "ditch": 3,
    "span": 3,
    "woods": 3,
    "hedgerow": 3,
    "stream": 3,
    "river": 3,
}
OUR_ROWS = frozenset(
    {"road", "track", "hill", "hilltop", "defilade", "ford", "destroyed", "alley", "bridge"}
    | {"hedgerow", "stream", "river"}
)


@dataclass(frozen=True)
class Dropped(Event):
    """A Parachute Infantry unit dropped: its Drop Zone hex, its Scatter and where it landed,
    and its Landing Status [OP XXXI.A.2]."""

    kind: ClassVar[str] = "armor-paratroop-drop"
    unit: str
    zone: str
    landed: str
    how: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit} dropped on {self.zone}, lands in {self.landed}: {self.how} {self.rule}"


# --- the scenario's drops ----------------------------------------------------------------------


def is_drop(group: Reinforcement) -> bool:
    """A reinforcement of Parachute Infantry "dropped" [OP XXXI.A.1]: its units are placed
    ``airdrop``."""
    return any(isinstance(e.placement, AirdropPlacement) for e in group.units)


def sequence(phases: tuple[Phase, ...], game: ArmorGame) -> tuple[Phase, ...]:
    """The Sequence of Play with the Paratroop Drop Phase after the Movement Execution Phase
    [Sequence of Play 9-11], when the scenario drops any."""
    if not any(is_drop(r) for s in game.scenario.sides for r in s.reinforcements):
        return phases
    at = next(i for i, p in enumerate(phases) if p.id == "movement") + 1
    return (*phases[:at], PHASE, *phases[at:])


def check(game: ArmorGame) -> None:
    """Refuse the drops this engine cannot play or the book forbids [OP XXXI.A.1].

    Raises:
        UnsupportedGameError: why, with the section.
    """
    for side in game.scenario.sides:
        _no_gliders(game, side)
        drops = [r for r in side.reinforcements if is_drop(r)]
        if drops and not in_use(game, AIRBORNE):
            raise UnsupportedGameError(
                f"{side.id}: a paratroop drop is Airborne Operations, an Optional Rule: add "
                f"'{AIRBORNE}' to 'rules.options' [OP XXXI]"
            )
        if drops and not game.advanced:
            raise UnsupportedGameError(
                "Parachute Infantry are Leg units of the Advanced Game: give "
                "'rules: {level: advanced-game}' [OP XXXI.A; Intro IV]"
            )
        for r in drops:
            _check_drop(game, side, r)


def _no_gliders(game: ArmorGame, side: Side) -> None:
    gliders = [u for u in game.units.values() if u.side == side.id and u.category == "glider"]
    if gliders:
        raise UnsupportedGameError(
            f"{gliders[0].id}: Glider units [OP XXXI.B] are not in this slice of the Armor "
            "engine (the Glider Entry Table is cut from the text; their flight is made in the "
            "Plane Movement and Combat Phase [OP III], not played)"
        )


def _check_drop(game: ArmorGame, side: Side, r: Reinforcement) -> None:
    if r.turn is None or r.condition is not None:
        raise UnsupportedGameError(
            f"{side.id}: a paratroop drop has its Turn of entry noted before the game ('turn'), "
            "and no other condition [OP XXXI.A.1.b-c]"
        )
    if r.turn > game.turns:
        raise UnsupportedGameError(
            f"{side.id}: a drop on Turn {r.turn} of a {game.turns}-Turn game [OP XXXI.A.1.b]"
        )
    if any(not isinstance(e.placement, AirdropPlacement) for e in r.units):
        raise UnsupportedGameError(
            f"{side.id}: every unit of a paratroop drop is placed 'airdrop' [OP XXXI.A.1]"
        )
    if any(isinstance(e.placement, AirdropPlacement) and e.placement.region for e in r.units):
        raise UnsupportedGameError(
            f"{side.id}: write a drop's Drop Zone hex as its reinforcement's 'entry' "
            "[OP XXXI.A.1.a]"
        )
    if len(game.region(r.entry)) != 1:
        raise UnsupportedGameError(
            f"{side.id}: a drop's 'entry' is its one Drop Zone hex [OP XXXI.A.1.a]"
        )


def check_units(game: ArmorGame) -> None:
    """The dropped units are Leg units, and the German side drops at most one [OP XXXI.A.1.d].

    Raises:
        UnsupportedGameError: why, with the section.
    """
    dropped = dropping(game)
    for unit in dropped:
        spec = game.units[unit]
        if not spec.leg:
            raise UnsupportedGameError(
                f"{unit}: only Parachute Infantry (Leg units) are dropped [OP XXXI.A.1]"
            )
    german = [u for u in dropped if game.units[u].side == game.german]
    if len(german) > 1:
        raise UnsupportedGameError(
            f"the German side drops {len(german)} units: it may never 'drop' more than one "
            "Parachute Infantry unit per game [OP XXXI.A.1.d]"
        )


def dropping(game: ArmorGame) -> dict[str, Reinforcement]:
    """Each unit held off the map for a drop, with its reinforcement."""
    found: dict[str, Reinforcement] = {}
    sides = {s.id: s for s in game.scenario.sides}
    for unit, i in game.deployment.held.items():
        r = sides[game.units[unit].side].reinforcements[i]
        if is_drop(r):
            found[unit] = r
    return found


# --- the tables --------------------------------------------------------------------------------


def _range(text: str) -> tuple[int, int] | None:
    """A table's "01-30" as (1, 30), "81-00" as (81, 100); "--" as None."""
    if "-" not in text.strip("-"):
        return None
    low, high = text.split("-")
    return int(low), int(high) or 100


def scatter_direction(face: int, die: str) -> tuple[int | None, str | None]:
    """The Scatter Direction one die gives (``die``: "white die" or "colored die"), None for
    none, with the placeholder of a cell cut from the text [TAW Paratroop Scatter Table;
    OP XXXI.A.2.a(2)]."""
    found = cell("paratroop-scatter-direction", face, die)
    value = found.value
    return (None if value in (None, "none") else int(str(value))), found.placeholder


@functools.cache
def _distances() -> tuple[tuple[int, int, int], ...]:
    rows = []
    for row in table("paratroop-scatter-distance").rows:
        found = _range(str(row.key))
        assert found is not None
        rows.append((*found, int(str(unwrap(row.cells[0])))))
    return tuple(rows)


def scatter_hexes(roll: int, modifier: int = DAY) -> int:
    """The Number Hexes Scatter of a roll, modified (Day -20), under 01 read as 01 [TAW
    Paratroop Scatter Table; OP XXXI.A.2.a(3)]."""
    modified = max(1, roll + modifier)
    return next(n for low, high, n in _distances() if low <= modified <= high)


def landing_result(row: str, roll: int) -> str:
    """The Landing Status Table's result for a row and a roll [GC2]."""
    cells = table("landing-status").rows[ROWS.index(row)].cells
    for name, text in zip((*RESULTS, KNOCK_OUT), cells, strict=True):
        found = _range(str(unwrap(text)))
        if found is not None and found[0] <= roll <= found[1]:
            return name
    raise ValueError(f"no result for {roll} on row {row}")


def landing_row(state: ArmorState, h: Hex) -> tuple[str | None, str]:
    """The hex's Landing Status row (None: Wire, an automatic Knock Out for Parachute
    Infantry [GC2 note (1)]) and why: the worst of its terrains and Terrain Support units."""
    kinds = standing(state).get(h, set())
    if "wire" in kinds:
        return None, "a Wire hex: an automatic Knock Out for Parachute Infantry [GC2 note (1)]"
    terrains = [*state.game.terrain.mixed(h), *sorted(kinds)]
    known = [t for t in terrains if t in ROW_OF]
    if not known:
        return ROWS[0], f"{'/'.join(terrains)}: read as CLR (our reading)"
    worst = max(known, key=lambda t: ROW_OF[t])
    ours = " (our reading)" if worst in OUR_ROWS else ""
    return ROWS[ROW_OF[worst]], f"{worst}: row {ROWS[ROW_OF[worst]]}{ours}"


# --- the Paratroop Drop Phase ------------------------------------------------------------------


def drop_phase(state: ArmorState) -> None:
    """Drop every unit whose Turn of entry has come, in unit order [OP XXXI.A.2]."""
    due = dropping(state.game)
    for unit in sorted(state.objectives.off_map):
        r = due.get(unit)
        if r is None or r.turn is None or r.turn > state.play.turn:
            continue
        del state.objectives.off_map[unit]
        drop(state, unit, next(iter(state.game.region(r.entry))))


def drop(state: ArmorState, unit: str, zone: Hex) -> None:
    """Place ``unit`` in its Drop Zone hex, Scatter it, and resolve its Landing Status
    [OP XXXI.A.2.a]."""
    game = state.game
    white = state.roll(f"{unit} Scatter Direction, white die [OP XXXI.A.2.a(2)]", 10) % 10
    colored = state.roll(f"{unit} Scatter Direction, colored die [OP XXXI.A.2.a(2)]", 10) % 10
    h, steps = zone, []
    for face, die in ((white, "white die"), (colored, "colored die")):
        direction, placeholder = scatter_direction(face, die)
        ours = f" (placeholder: {placeholder})" if placeholder else ""
        if direction is None:
            steps.append(f"{die} {face}: no Scatter")
            continue
        roll = state.roll(f"{unit} Number Hexes Scatter, direction {direction}", 100)
        n = scatter_hexes(roll)
        compass = game.amap.direction_to_global(zone, direction)
        moved = 0
        for _ in range(n):
            if not game.on_map(h.neighbor(compass)):
                break
            h, moved = h.neighbor(compass), moved + 1
        edge = f", stopped at the mapboard's edge after {moved} (our reading)" if moved < n else ""
        steps.append(
            f"{die} {face}: direction {direction}{ours}, roll {roll}{DAY:+d} (Day): {n} hexes{edge}"
        )
    h, moved_off = _free(state, unit, h)
    if moved_off:
        steps.append(
            f"{game.name(moved_off)} held by the enemy: the nearest free hex (our reading)"
        )
    _land(state, unit, zone, h, steps)


def _free(state: ArmorState, unit: str, h: Hex) -> tuple[Hex, Hex | None]:
    side = state.game.units[unit].side
    enemy = {state.troops.hexes[u] for u in state.enemies(side)}
    if h not in enemy:
        return h, None
    near = sorted(
        (x for x in state.game.amap.hexes if x not in enemy),
        key=lambda x: (x.distance(h), state.game.name(x)),
    )
    return near[0], h


def _land(state: ArmorState, unit: str, zone: Hex, h: Hex, steps: list[str]) -> None:
    game = state.game
    mid = game.deployment_centre
    compass = min(range(6), key=lambda d: (h.neighbor(d).distance(mid), d))
    state.troops.hexes[unit], state.troops.facing[unit] = h, compass
    state.troops.turret[unit] = 0
    row, why = landing_row(state, h)
    if row is None:
        result = KNOCK_OUT
    else:
        roll = state.roll(f"{unit} Landing Status in {game.name(h)} [GC2]", 100)
        result = landing_result(row, roll)
        why = f"{why}, roll {roll}"
    how = "; ".join([*steps, f"Landing Status: {why}: {result}"])
    rule = f"{RULE}; [GC2]"
    if ranger_or_commando(game.units[unit].type_id):
        how = f"a Ranger or Commando unit, Air-Dropped the same as Paratroops [OP V.C.3]; {how}"
        rule = f"{RULE}; [OP V.C.3]; [GC2]"
    state.emit(Dropped(unit, game.name(zone), game.name(h), how, rule))
    _result(state, unit, result)


def _result(state: ArmorState, unit: str, result: str) -> None:
    """Apply a Landing Status result (our readings: the module's docstring)."""
    if result in ("Suppressed One Turn", "Suppressed Two Turns"):
        state.inflict(unit, "suppressed")
        if result == "Suppressed Two Turns" and state.suppressed(unit):
            state.damage.suppressed[unit] = state.play.turn + 2
        return
    halved = result == "Half Knock Out" and reduction.is_squad(state, unit)
    if halved and not reduction.is_half(state, unit):
        state.squads.half_squads.add(unit)
        what = "Half Knock Out on landing: reduced to a Half Squad (our reading, as [OP XII])"
        state.emit(Damaged(unit, what, "[OP XXXI.A.2; GC2 Landing Status Table]"))
        return
    if result in ("Half Knock Out", KNOCK_OUT):
        state.inflict(unit, "knocked-out")
