"""An airdrop set-up [26.4] (the book's one airdrop, scenario 26, ``setup: {kind: airdrop}``).

The US rolls the d10 on the Airdrop Deployment Table, -2 when dropping at night (the battle
condition Night [26.1]): Scattered or Compact. His men land in pairs, in printed-ID order: a
d6 on that deployment's Map Table, a d10 on its Zone Table; each man of the pair in a clear or
broken hex of that zone not next to (nor in) another US man's hex, the first in printed-ID
order (our reading: the owner's choice); where there is none, in a woods or brush hex of the
zone, and he rolls the d10 on the Airdrop Damage Table (no effect, wounded, incapacitated).
The Zone Tables print a result for a 10, which 26.4 says to ignore: a 10 is rolled again (our
reading). A map the layout does not have (or a zone with no hex to land in) puts the pair in
the drop region as the set-up's spread left it (our reading).

The German rolls the d6 on the German Deployment Table before the landing [26.4]: Surprised
gives the US the advantage and the first Action Phase, and the German chits come onto the track
by the Chit Activation Table (:mod:`rules.soldiers.activation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.provenance import unwrap
from model.regions import Zones
from model.scenario import AirdropPlacement
from model.tables import tables
from rules.soldiers.actions import ManHit, SetupNote
from rules.soldiers.units import SYSTEM

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

LANDING = ("clear", "broken")
ROUGH = ("woods", "brush")
NIGHT_MODIFIER = -2


def on_table(table_id: str, roll: int) -> str:
    """The result of a roll on one of the scenario tables (rows ``1-5``, ``6``; a roll off the
    table reads as its nearest row)."""
    rows = tables(SYSTEM)[table_id].rows
    for row in rows:
        low, _, high = str(row.key).partition("-")
        if int(low) <= roll <= int(high or low):
            return str(unwrap(row.cells[0]))
    first, last = rows[0], rows[-1]
    row = first if roll < int(str(first.key).partition("-")[0]) else last
    return str(unwrap(row.cells[0]))


def dropping(state: SoldiersState) -> list[str]:
    """The sides that set up by airdrop."""
    return [s.id for s in state.game.scenario.sides if isinstance(s.setup, AirdropPlacement)]


def airdrop(state: SoldiersState, side: str) -> dict[str, str]:
    """Land the side's men [26.4]: where each lands is set in ``state.troops.hexes``; returns
    how, by man."""
    game = state.game
    night = state.condition == "Night"
    d10 = state.roll(f"{side} Airdrop Deployment Table [26.4]", 10)
    modified = d10 + (NIGHT_MODIFIER if night else 0)
    mode = on_table("s26-airdrop-deployment", modified)
    why = f" - 2 at night = {modified}" if night else ""
    state.emit(SetupNote(f"{side} airdrop: d10 {d10}{why}: {mode} [26.4]"))
    kind = "scattered" if mode == "Scattered" else "compact"
    men = sorted(
        m for m in state.troops.hexes if game.men[m].side == side and m not in state.troops.lost
    )
    how: dict[str, str] = {}
    landed: set[Hex] = set()
    for i in range(0, len(men), 2):
        pair = men[i : i + 2]
        board = on_table(f"s26-{kind}-map", state.roll(f"{pair[0]} pair: map [26.4]", 6))
        roll = 10
        while roll == 10:
            roll = state.roll(f"{pair[0]} pair: zone (a 10 again) [26.4]", 10)
        zone = int(on_table(f"s26-{kind}-zone", roll))
        hexes = _zone(state, board, zone)
        for man in pair:
            how[man] = _land(state, man, hexes, landed, f"{mode}, map {board} zone {zone}")
    return how


def _zone(state: SoldiersState, board: str, zone: int) -> list[Hex]:
    game = state.game
    if not any(p.section.upper() == board.upper() for p in game.amap.placements):
        return []
    found = game.region(Zones(board=board, zones=[zone]))
    return sorted(found, key=game.name)


def _land(state: SoldiersState, man: str, hexes: list[Hex], landed: set[Hex], where: str) -> str:
    game = state.game

    def free(h: Hex) -> bool:
        return all(h != o and h.distance(o) > 1 for o in landed)

    found = next((h for h in hexes if _terrain(state, h) in LANDING and free(h)), None)
    if found is None:
        rough = next((h for h in hexes if _terrain(state, h) in ROUGH), None)
        if rough is None:
            spot = state.troops.hexes[man]
            landed.add(spot)
            return f"airdrop {where}: no hex to land in; the drop region (our reading) [26.4]"
        state.troops.hexes[man] = rough
        landed.add(rough)
        roll = state.roll(f"{man} Airdrop Damage Table [26.4]", 10)
        result = on_table("s26-airdrop-damage", roll)
        if result == "wounded":
            state.troops.wounded.add(man)
        elif result == "incapacitated":
            state.troops.disabled[man] = "incapacitated"
        state.emit(ManHit(man, result, f"lands in {game.name(rough)}: d10 {roll} [26.4]"))
        return f"airdrop {where}: no clear or broken hex free, lands in woods or brush [26.4]"
    state.troops.hexes[man] = found
    landed.add(found)
    return f"airdrop {where} [26.4]"


def _terrain(state: SoldiersState, h: Hex) -> str:
    found = state.game.terrains(h)
    return found[-1] if found else "clear"


def german_deployment(state: SoldiersState, side: str) -> bool:
    """The German Deployment Table [26.4]: whether the German is Surprised."""
    roll = state.roll(f"{side} German Deployment Table [26.4]", 6)
    result = on_table("s26-german-deployment", roll)
    words = (
        "the other side has the advantage; his chits start off the Command Track, placed by "
        "the Chit Activation Table in each End Phase"
        if result == "Surprised"
        else "his chits are on the track"
    )
    state.emit(SetupNote(f"{side} deployment: d6 {roll}: {result}: {words} [26.4]"))
    return result == "Surprised"
