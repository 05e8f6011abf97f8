"""Armor's paper sheets written from a game: the Command Sheet's unit identifications as the
Advanced Game writes them [ADV III] and the Unit Record Sheet [OP XXXIV] (``hexwright sheet``).

Command Sheet Preparation [ADV III], the book: Vehicle units "are listed the same as before"
(the Armor Game's unit name and identification number [AG V.A.1]); "TOWED UNITS: List the size
of the unit along with its identification number ... '40mm AA 215.' The two German 88mm Towed
units on Data Card 132 should be differentiated by calling one the 'PAK', and the other the
'FLAK'" [A]; "INFANTRY UNITS: ... The type of Infantry (Commando, SS, Para, etc.) should be
noted, the size (write '1/2' for a half-squad), and any special equipment ('B' for a Bazooka,
'PT' for a Panzerfaust, 'PK' for a Panzerschreck, 'PA' for a PIAT, 'FT' for a Flamethrower, '+'
for a Squad Plus, 'AS' for an Assault Squad, 'R' for a Radio, 'HQ' if it is a headquarters,
etc.) ... '1/2 Armored B15'" [B]; "Machinegun and Mortar units can list just 'MG' or 'Mort' and
the identification number" [C].

Our readings: the counters' printed identification numbers are not the engine's; a unit's
identification number is the number of its game id (``us.AA-40MM.3`` is 3), and the sheet
prints the game id beside it (the orders name that id). The type of Infantry is the card's
(Ranger, Commando) or a force entry's ``state`` word (``armored``, ``ss``, ``para``...), else
"Infantry"; its equipment letters are the force entry's ``state`` words (``bazooka`` or
``B``, ``plus`` or ``+``...), the Assault Squad's code, an Infantry Unit Reduction's Half Squad
[OP XII]; a Vehicle with Additional Armor adds "+2 SB" [OP XXI.A].

The Unit Record Sheet [OP XXXIV], "for recording information about units from game to game
(see Optional Rules, section XVII.H). Its columns are: Unit, ID No., Initial Grade, Winning
Battles, and Knock Outs": the engine writes this game's line of each Combat unit: its
identification, game id, the Morale grade it began with [OP XVII.A] (Average without the
Morale option, our reading), 1 Winning Battle if its side won the game and it survived
[OP XVII.H] (0 else; blank while the game goes on), and the Knock Outs credited to it
[OP XVII.G.1] (counted with the Morale option only). Adding the lines of several games up, and
the grade a unit earns by them, is the players' (the engine plays one game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import morale, special_infantry, vehicles
from rules.engine.sheets import Sheet

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.engine.core import State

#: Card 132's two 88mm Towed units, told apart [ADV III.A].
PAK_FLAK = {"PAK-43": "PAK", "88-PAK": "PAK", "FLAK-88": "FLAK", "88-FLAK": "FLAK"}
#: Infantry types a force entry's ``state`` may note [ADV III.B] (our words for them).
TYPES = {
    "armored": "Armored",
    "motorized": "Motorized",
    "ss": "SS",
    "para": "Para",
    "paratroop": "Para",
    "commando": "Commando",
    "ranger": "Ranger",
    "volksgrenadier": "Volksgrenadier",
}
#: The cards whose Infantry is of a type [ADV III.B; OP V.C].
CARD_TYPES = {"US-RANGER": "Ranger", "GB-COMMANDO": "Commando"}
#: Special equipment letters, in the book's order [ADV III.B], with the ``state`` words.
EQUIPMENT: tuple[tuple[str, frozenset[str]], ...] = (
    ("B", frozenset({"bazooka", "b"})),
    ("PT", frozenset({"panzerfaust", "pt"})),
    ("PK", frozenset({"panzerschreck", "pk"})),
    ("PA", frozenset({"piat", "pa"})),
    ("FT", frozenset({"flamethrower", "ft"})),
    ("+", special_infantry.PLUS_MARKS),
    ("AS", frozenset(w.lower() for w in special_infantry.ASSAULT_MARKS)),
    ("R", frozenset({"radio", "r"})),
    ("HQ", frozenset({"hq", "headquarters"})),
)
RULE = "[ADV III]"


def number(unit: str) -> str:
    """The unit's identification number: its game id's last part (our reading)."""
    return unit.rsplit(".", 1)[-1]


def identification(state: ArmorState, unit: str) -> str:
    """The unit as the Command Sheet identifies it [ADV III; AG V.A.1]."""
    spec = state.game.units[unit]
    n = number(unit)
    words = {w.lower() for w in state.game.deployment.marks.get(unit, ())}
    if spec.vehicle:
        sb = " +2 SB" if vehicles.sandbagged(state, unit) else ""  # [OP XXI.A]
        return f"{spec.code} {n}{sb}"
    if spec.crew_of is not None:
        return f"Crew {n}"  # a Bailed Out Crew [ADV IX.A.3] (our words)
    if spec.towed:
        return f"{_towed_kind(spec.type_id, spec.gun)} {n}"
    if spec.name.startswith("Machinegun Team"):
        return f"MG {n}"  # [ADV III.C]
    if spec.name.startswith("Mortar Team"):
        return f"Mort {n}"
    half = "1/2 " if unit in state.squads.half_squads else ""  # [OP XII]
    kind = CARD_TYPES.get(spec.type_id, "Infantry")  # no type noted: "Infantry" (ours)
    kind = next((TYPES[w] for w in sorted(words) if w in TYPES), kind)
    if spec.code == special_infantry.ASSAULT_CODE:
        words.add("as")
    letters = "".join(letter for letter, marks in EQUIPMENT if words & marks)
    return f"{half}{kind} {letters}{n}"


def _towed_kind(type_id: str, gun: str | None) -> str:
    """ "40mm AA", "88mm FLAK", "57mm AT" [ADV III.A]."""
    from rules.armor.optional import card_value

    size = gun or "?"
    if type_id in PAK_FLAK:
        return f"{size} {PAK_FLAK[type_id]}"
    if "VIERLING" in type_id:
        return f"{size} Vierling"  # our word: the quadruple 20mm beside the 20mm AA Gun
    return f"{size} {'AA' if card_value(type_id, 'aa') is True else 'AT'}"


def command_sheet(state: ArmorState, side: str) -> Sheet:
    """The side's units as its Command Sheet lists them [ADV III]."""
    rows = tuple(
        (identification(state, u), u, state.game.units[u].name)
        for u in sorted(state.game.units, key=_order)
        if state.game.units[u].side == side and _listed(state, u)
    )
    return Sheet(
        f"Command Sheet {RULE}",
        side,
        ("Unit", "Game id", "Card"),
        rows,
        (
            "identification number: the game id's number (our reading); Infantry type and "
            "equipment from the force entry's state words [ADV III.B]",
        ),
    )


def record_sheet(state: ArmorState, side: str) -> Sheet:
    """This game's line of each of the side's units on the Unit Record Sheet [OP XXXIV;
    OP XVII.H]."""
    outcome = state.outcome() if state.is_terminal() else None
    over = outcome is not None
    winner = outcome.winner if outcome is not None else None
    rows = []
    for u in sorted(state.game.units, key=_order):
        spec = state.game.units[u]
        if spec.side != side or not _listed(state, u) or spec.crew_of is not None:
            continue
        survived = u not in state.damage.knocked_out and u not in state.damage.eliminated
        won = "" if not over else str(int(winner == side and survived))
        rows.append(
            (
                identification(state, u),
                u,
                morale.NAMES[morale.initial_grade(state, u)],
                won,
                str(state.morale.kills.get(u, 0)),
            )
        )
    notes = [
        "Winning Battles: 1 if its side won and it survived this game [OP XVII.H]"
        + ("" if over else "; blank: the game is not over"),
        "Knock Outs: those credited with the Morale option [OP XVII.G.1]"
        + ("" if morale.plays(state) else " (not played: 0)"),
    ]
    if not morale.plays(state):
        notes.append("Initial Grade: Average without the Morale option (our reading)")
    return Sheet(
        "Unit Record Sheet [OP XXXIV]",
        side,
        ("Unit", "ID No.", "Initial Grade", "Winning Battles", "Knock Outs"),
        tuple(rows),
        tuple(notes),
    )


def sheets(state: State) -> list[Sheet]:
    """Every side's Command Sheet and Unit Record Sheet (:attr:`rules.registry.SystemRules.
    sheets`)."""
    from rules.armor.game import ArmorState

    if not isinstance(state, ArmorState):
        raise TypeError("not an Armor game")
    found = [command_sheet(state, s) for s in state.game.sides]
    found += [record_sheet(state, s) for s in state.game.sides]
    return found


def _order(unit: str) -> tuple[str, str, int]:
    side, code, n = [*unit.split("."), "", ""][:3]
    return side, code, int(n) if n.isdigit() else 0


def _listed(state: ArmorState, unit: str) -> bool:
    """A Combat unit of the game (a Bailed Out Crew only once it is placed [ADV IX.A.3])."""
    spec = state.game.units[unit]
    if spec.crew_of is None:
        return True
    return unit in state.troops.hexes or unit in state.damage.eliminated
