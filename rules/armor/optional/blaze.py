"""The Fire and Smoke Phase [OP XI; OP XVIII]: Fires in Buildings and Alleys (option
``building-fires``) and Building Destruction (option ``building-destruction``).

With either option the Sequence of Play ends each Turn with a Fire and Smoke Phase (the
Optional Rules' sequence puts it last, after Final Facing; "All resolution of Fires is done
with the Fire Tables on the Game Cards during the Fire and Smoke Phase" [OP XI.A]; the building
destruction check "is checked during the Fire and Smoke Phase" [OP XVIII.A]). In it, in this
order (the order of the sequence's notes: status, new fires, then destruction):

1. units still in a hex whose Fire started the Turn before are Knocked Out and eliminated
   [OP XI.E] ("by the end of the Turn after a Fire starts");
2. each Fire placed in an earlier Turn rolls on the Fire Status table: Spread (a Fire in every
   adjacent Building and Alley hex not burning), Continue, or End (removed) [OP XI.B];
3. each Building or Alley hex not burning whose units GP fire was directed at this Turn rolls
   on the Fire Start table in the column of the largest GP Factor fired at it: on the number
   or less a Fire starts [OP XI.C]; "--" never;
4. each multi-storey Building hex where a Combat unit received a Knock Out result from GP fire
   this Turn rolls on the Building Destruction Table, less 20 per storey above two, mixed
   construction at the highest numbers: on the number or less the Building collapses, a
   Destroyed unit is placed and every Combat unit in it is Knocked Out (a Vehicle leaves a
   Wreck) [OP XVIII.A-B].

A Fire hex may not be entered by Combat units [OP XI.E]; a Destroyed hex is a Block hex for
the rest of the game, "All Block unit rules apply, except that this unit cannot be Knocked
Out" [OP XVIII.C]: Vehicles may not enter it [ADV V.D.3]; it is level 0 terrain for the line
of sight [AG IV.B.1.b; GC2 Elevation Levels] (:func:`rules.armor.support.obstacles.verdict`),
the collapsed Building no longer in the way; a Leg or Towed unit in it is sighted in the
Sighting Ranges Table's Block column [AG IV.C.3] (:func:`destroyed_terrains`) and takes its GP
Defense Factor from the terrain beneath the Building (:func:`remains`; our readings: the
Building is gone; the Block unit gives no Target Information Chart column of its own, as the
Block Terrain Support units do not); nothing may fire at it (it "cannot be Knocked Out"). A
Destroyed hex still burns as its Building type [OP XVIII.D].

Our readings where the book is short: a hex's Building type is its top Building or Alley
terrain, the generic "Building (any construction)" read as Wood, the highest numbers as for
mixed construction [GC2 Building Destruction Table note]; the storeys are the Building units
stacked in the hex (the map's Building counting as one); "GP Factor fired at the hex" is the
shot's GP Factor after its modifiers (the column it was resolved in); a GP "Knock Out result"
is the GP Hit Table's K whatever it becomes against a Vehicle. Not played: a Fire hex as Smoke
for sighting [OP XI.D] and Dusk sighting near Fires at night [OP XI.F] (the sight tables are
the map's), the Flamethrower's automatic Fires [OP XI.C.3] (no Flamethrower is played).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex, line_steps
from rules.armor.cards import cell
from rules.armor.optional import DESTRUCTION, FIRES, SMOKE, in_use
from rules.armor.optional.events import HexChanged, TableRoll
from rules.engine.sequence import Phase, Segment

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.move import EnterCost

A = "Armor"
SEGMENT = "fire-and-smoke"
PHASE = Phase(
    "fire-and-smoke",
    "The Fire and Smoke Phase",
    f"{A} [OP XI.A; OP XVIII.A]",
    (
        Segment(
            SEGMENT,
            "Fires are checked to spread, continue or end, new Fires to start, and Buildings "
            "to collapse",
            "engine",
            f"{A} [OP XI.A-C; OP XVIII.A]",
        ),
    ),
)

#: Terrain -> its row of the Fire Tables [GC2 Fire Tables] (the data's ``fire_row``).
FIRE_ROW = {
    "alley": "Alley",
    "wood-building": "Wood",
    "building": "Wood",
    "brick-building": "Brick",
    "stone-building": "Stone",
}
#: Building terrain -> its row of the Building Destruction Table (the data's
#: ``destruction_row``); the generic Building as Wood, the highest numbers (our reading).
DESTRUCTION_ROW = {
    "wood-building": "Wood Building",
    "building": "Wood Building",
    "brick-building": "Brick Building",
    "stone-building": "Stone Building",
}
GENERIC = "a Building of any construction is read as Wood, the highest numbers (our reading)"


def sequence(
    phases: tuple[Phase, ...], game_options: list[str], burns: bool = False
) -> tuple[Phase, ...]:
    """The Sequence of Play with the Fire and Smoke Phase last, when any of the options that
    use it is (Fires, Building Destruction, Smoke [OP IX.A.4]), or when ``burns``: 4B's
    Supply Dumps "automatically Burn, with the usual effects" when destroyed [SCN VIII.B.3]."""
    if burns or FIRES in game_options or DESTRUCTION in game_options or SMOKE in game_options:
        return (*phases, PHASE)  # and with Smoke [OP IX.A.4] (rules.armor.optional.smoke)
    return phases


# --- the hex's Building ---------------------------------------------------------------------


def fire_row(game: ArmorGame, h: Hex) -> str | None:
    """The hex's row of the Fire Tables: its top Building or Alley terrain; None if neither."""
    return next((FIRE_ROW[t] for t in game.terrain.mixed(h) if t in FIRE_ROW), None)


def storeys(game: ArmorGame, h: Hex) -> int:
    """The Building units stacked in the hex, each a storey (our reading) [Setup II.C.4]."""
    return sum(1 for t in game.terrain.mixed(h) if t in DESTRUCTION_ROW)


def _range(text: str) -> tuple[int, int] | None:
    """A table's "01-30" as (1, 30), "71-00" as (71, 100); "--" as None."""
    if "-" not in text.strip("-"):
        return None
    low, high = text.split("-")
    return int(low), int(high) or 100


# --- during play ------------------------------------------------------------------------------


def note_gp(state: ArmorState, target: str, factor: int, result: str) -> None:
    """A GP fire directed at ``target``: the largest GP Factor at its hex [OP XI.C.1]; a
    Knock Out result in a multi-storey Building [OP XVIII.A]."""
    game = state.game
    h = state.troops.hexes.get(target)
    if h is None:
        return
    if in_use(game, FIRES) and fire_row(game, h) is not None and factor > 0:
        state.blazes.gp_at[h] = max(factor, state.blazes.gp_at.get(h, 0))
    if in_use(game, DESTRUCTION) and result == "K" and storeys(game, h) >= 2:
        state.blazes.struck.add(h)


def note_bombardment(state: ArmorState, h: Hex, result: str) -> None:
    """A result of Artillery Fire [OP II.D.3], Mortar Fire [OP II.E.5] or Indirect Fire
    [OP II.F.4] on a Combat unit in ``h``: "All multi-story Building units are subject to
    collapse as a result of fire directed at Combat units inside, or as a result of Artillery
    or Indirect Fire" [OP XVIII]; a Knock Out result in a multi-storey Building is checked in
    the Fire and Smoke Phase as one from GP Fire is [OP XVIII.A]. Our reading: the GP Hit
    Table's Knock Out result, whatever it does to the unit (a Vehicle beside the Impact hex
    is only Suppressed by it [OP II.D.3.b(2)]: the Building was hit all the same)."""
    game = state.game
    if in_use(game, DESTRUCTION) and result == "K" and storeys(game, h) >= 2:
        state.blazes.struck.add(h)


def cost(state: ArmorState, is_vehicle: bool, base: EnterCost) -> EnterCost:
    """No Combat unit enters a Fire hex [OP XI.E]; no Vehicle a Destroyed (Block) hex
    [OP XVIII.C; ADV V.D.3]. ``base`` itself while there are neither."""
    fires, destroyed = state.blazes.fires, state.blazes.destroyed
    if not fires and not (destroyed and is_vehicle):
        return base

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        if to in fires or (is_vehicle and to in destroyed):
            return None
        return base(frm, to)

    return enter


def destroyed_terrains(terrains: list[str]) -> list[str]:
    """The terrains sighting reads in a Destroyed Building hex [AG IV.C.3], from those of its
    hex (``terrains``): "The Destroyed hex is now treated as a Block hex" [OP XVIII.C], so
    the Sighting Ranges Table's Block column stands for the collapsed Building's (our reading:
    the Building is gone; any other terrain beneath it still mixes in, the smaller ranges
    [AG IV.C.3])."""
    return [*(t for t in terrains if "building" not in t), "block"]


def remains(state: ArmorState, h: Hex) -> str | None:
    """The terrain a Leg or Towed unit in ``h`` takes its GP Defense Factor from when ``h`` is a
    Destroyed Building hex, else None [OP XVIII.C]: the hex's terrain beneath its Buildings
    (our reading: a Block hex, whose Block unit gives the units beside it no column of its own
    on the Target Information Chart [ADV VI.B.4.b], as the Block Terrain Support units set up
    in play do not; the collapsed Building's cover is gone)."""
    if h not in state.blazes.destroyed:
        return None
    under = [t for t in state.game.terrain.mixed(h) if "building" not in t]
    return under[0] if under else "clear"


# --- the Fire and Smoke Phase -----------------------------------------------------------------


def fire_and_smoke(state: ArmorState, knock_out: Callable[[str], None]) -> None:
    """The Phase, in the module's order; ``knock_out`` applies a Knock Out to a unit."""
    blazes = state.blazes
    fires = in_use(state.game, FIRES)
    if fires or blazes.fires:  # a burning Supply Dump's usual effects too [SCN VIII.B.3]
        _burn_out(state, knock_out)
        _status(state)
    if fires:
        _start(state)
    if in_use(state.game, DESTRUCTION):
        for h in sorted(blazes.struck):
            _collapse(state, h, knock_out)
    blazes.gp_at, blazes.struck, blazes.flamed = {}, set(), set()


def _burn_out(state: ArmorState, knock_out: Callable[[str], None]) -> None:
    """[OP XI.E]: units in a Fire hex the Turn after the Fire started are eliminated."""
    turn = state.play.turn
    for h, started in sorted(state.blazes.fires.items()):
        if started >= turn:
            continue
        for unit in sorted(u for u, at in state.troops.hexes.items() if at == h):
            if unit in state.troops.hexes:
                state.emit(
                    HexChanged(
                        state.game.name(h),
                        f"{unit} has not left the Fire: Knocked Out and eliminated",
                        "[OP XI.E]",
                    )
                )
                knock_out(unit)


def _status(state: ArmorState) -> None:
    """[OP XI.B]: each Fire of an earlier Turn spreads, continues or ends."""
    game, fires = state.game, state.blazes.fires
    turn = state.play.turn
    for h in sorted(h for h, started in fires.items() if started < turn):
        # a burning Supply Dump: its Building unit's row as laid out (our reading) [SCN VIII.B.3]
        row = fire_row(game, h) or game.dump_rows.get(h)
        if row is None:
            continue
        roll = state.roll(f"Fire Status in {game.name(h)}", 100)
        found = "End"
        for column in ("Spread", "Continue", "End"):
            span = _range(str(cell("fire-status", row, column).value))
            if span is not None and span[0] <= roll <= span[1]:
                found = column
                break
        reads = _status_words(row)
        rule = "[OP XI.B; GC2 Fire Tables]"
        state.emit(TableRoll("Fire Status", game.name(h), reads, roll, found, rule))
        if found == "End":
            del fires[h]
            state.emit(HexChanged(game.name(h), "the Fire ends: Fire unit removed", "[OP XI.B.4]"))
        elif found == "Spread":
            _spread(state, h, turn)


def _status_words(row: str) -> str:
    parts = [f"{c} {cell('fire-status', row, c).value}" for c in ("Spread", "Continue", "End")]
    return f"{row} row: " + ", ".join(parts)


def _spread(state: ArmorState, h: Hex, turn: int) -> None:
    """[OP XI.B.2]: "the Fire spreads to all Building and Alley units in adjacent hexes"."""
    game, fires = state.game, state.blazes.fires
    for n in h.neighbors():
        if n in game.amap.hexes and n not in fires and fire_row(game, n) is not None:
            fires[n] = turn
            why = f"the Fire in {game.name(h)} spreads: Fire unit placed"
            state.emit(HexChanged(game.name(n), why, "[OP XI.B.2]"))


def _start(state: ArmorState) -> None:
    """[OP XI.C]: a Fire may start where GP fire was directed at the hex's units this Turn."""
    game, blazes = state.game, state.blazes
    for h, factor in sorted(blazes.gp_at.items()):
        row = fire_row(game, h)
        if h in blazes.fires or row is None:
            continue
        column = (
            "1-10"
            if factor <= 10
            else "11-20"
            if factor <= 20
            else "21-30"
            if factor <= 30
            else "31+"
        )
        text = str(cell("fire-start", row, column).value)
        span = _range(text)
        reads = f"{row} row, largest GP Factor {factor} (column {column}): {text}"
        if span is None:  # "--": no Fire can start, nothing to roll
            state.emit(
                HexChanged(
                    game.name(h), f"no Fire can start ({reads})", "[OP XI.C; GC2 Fire Tables]"
                )
            )
            continue
        roll = state.roll(f"Fire start in {game.name(h)}", 100)
        starts = roll <= span[1]
        outcome = "a Fire starts" if starts else "no Fire"
        state.emit(
            TableRoll(
                "Fire start", game.name(h), reads, roll, outcome, "[OP XI.C; GC2 Fire Tables]"
            )
        )
        if starts:
            blazes.fires[h] = state.play.turn
            state.emit(HexChanged(game.name(h), "Fire unit placed", "[OP XI.C.2]"))


def collapse_limit(game: ArmorGame, h: Hex) -> tuple[int, str]:
    """The Building Destruction Table's number for the hex and how it was read [GC2]: the
    highest of its construction types, less 20 per storey above two."""
    kinds = [t for t in game.terrain.mixed(h) if t in DESTRUCTION_ROW]
    rows = {DESTRUCTION_ROW[t] for t in kinds}
    limits = {r: _range(str(cell("building-destruction", r, "collapses on").value)) for r in rows}
    row, span = max(((r, s) for r, s in limits.items() if s), key=lambda x: x[1][1])
    above = max(0, len(kinds) - 2)
    limit = span[1] - 20 * above
    words = f"{row} 01-{span[1]:02d}"
    if len(rows) > 1:
        words += " (mixed construction: the highest numbers)"
    if above:
        words += f", less 20 x {above} storey(s) above two: {max(limit, 0):02d}"
    if "building" in kinds:
        words += f"; {GENERIC}"
    return limit, words


def _collapse(state: ArmorState, h: Hex, knock_out: Callable[[str], None]) -> None:
    """[OP XVIII.A-B]: the roll for a Building where a unit was Knocked Out by GP fire."""
    game = state.game
    if h in state.blazes.destroyed:
        return
    limit, words = collapse_limit(game, h)
    roll = state.roll(f"Building Destruction in {game.name(h)}", 100)
    falls = roll <= limit
    outcome = "the Building collapses" if falls else "it stands"
    rule = "[OP XVIII.A; GC2 Building Destruction Table]"
    state.emit(TableRoll("Building Destruction", game.name(h), words, roll, outcome, rule))
    if not falls:
        return
    state.blazes.destroyed.add(h)
    state.emit(
        HexChanged(
            game.name(h),
            "Destroyed unit placed: a Block hex for the rest of the game",
            "[OP XVIII.A; XVIII.C]",
        )
    )
    for unit in sorted(u for u, at in state.troops.hexes.items() if at == h):
        if unit in state.troops.hexes:
            state.emit(
                HexChanged(game.name(h), f"{unit} in the collapse: Knocked Out", "[OP XVIII.B]")
            )
            knock_out(unit)


def why_not_seen(state: ArmorState, a: Hex, b: Hex) -> str | None:
    """Why a Fire unit blocks the line of sight from ``a`` to ``b`` (not adjacent), or None:
    "Any hex that contains a Fire unit can also be considered to be a Smoke hex, and has the
    same effect as a Smoke unit on sighting" [OP XI.D], and Smoke "will block Lines of Sight
    from all elevation levels including into the Smoke hex" [OP IX.A.5]. As the map's Smoke
    (:mod:`rules.armor.los`): the sighter's own hex too (our reading), and where the line runs
    along a hexside, both hexes must hold a Fire (placeholder, as Soldiers [6.45])."""
    fires = state.blazes.fires
    for step in line_steps(a, b) if fires else ():
        if all(h in fires for h in step.hexes):
            where = " and ".join(state.game.name(h) for h in step.hexes)
            return f"the Fire in {where} is Smoke for sighting [OP XI.D; OP IX.A.5]"
    return None
