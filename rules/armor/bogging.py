"""Getting stuck in a Soft hex: the Soft Hex Table [OP XIII.A.1-2; GC2 Soft Hex Table].

"A Vehicle in a Soft hex has its orders plotted normally. However, before turning in, pivoting
in, or exiting from a Soft hex, the controlling player must roll the dice and consult the Soft
Hex Table ... Crossgrid the Vehicle unit's weight (including any Transported Leg or Towed units)
with its Turn Cost ... If the dice roll falls in the listed range of numbers, the plotted
movement orders are not carried out, and movement for the Turn ends at that point"
[OP XIII.A.1-2].

Soft hexes are Soft when the scenario plays them so (``map.terrain_options: {soft-ground: soft
| random}``, :mod:`rules.armor.soft`): that choice is the Option ("Unless this Option is used,
Soft hexes are treated as Clear hexes" [XIII.A]), so the table is rolled wherever a Soft hex
is Soft. In the Movement Execution Phase (:mod:`rules.armor.execution`) a Vehicle rolls
percentile dice once for each Soft hex it stands in or enters whose order then turns, pivots
or exits there (our reading: one roll a hex, before the first of these; "If the dice roll
exceeds the listed range of numbers, the Vehicle unit may turn and/or exit the hex
normally"). Stuck, it stays in the hex with the facing it had entering it (in its starting
hex, it does not move at all).

The table (``resources/armor/tables/soft-hex.yaml``) is printed for weights 0-3 and 4-6 tons;
the 7-9 row's cells are cut and are extrapolated placeholders; the rows above 9 tons are cut
from the text, so a heavier Vehicle is not rolled for (our reading; the log says so each time).
A weight between two rows reads the heavier (3.5 tons: "4-6"; our reading). The "--" cells
can never be stuck: no roll is made. The weights are the catalogue's estimates.

"Infantry units may move only at a Speed of '1' during any Turn started in a Soft hex"
[OP XIII.A.4]: a Leg unit standing in a Soft hex while its side plots and moves has the
Speed its card gives for it (``soft_start_speed``: 1) (:func:`leg_speed`; our reading: every
Leg unit, the Infantry of the Data Cards being its Leg units).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.armor.cards import cell
from rules.armor.events import PhaseNote

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.armor.move import Walk

SECTION = "[OP XIII.A.1-2; GC2 Soft Hex Table]"
TABLE = "soft-hex"
#: The printed rows by their heaviest weight, tons (the last two cut: see the module).
ROWS = ((3.0, "0-3"), (6.0, "4-6"), (9.0, "7-9"))
CUT = "10 and up"


def soft(state: ArmorState, h: Hex) -> bool:
    """Whether ``h`` is a Soft hex in this game (the scenario's soft ground [SCN III.B.2])."""
    return state.game.terrain.effective(h).terrain == "soft"


def column(turn_costs: tuple[Fraction, ...]) -> str:
    """The Turn Cost column as the table heads it: ``0-1-1 1/2``."""
    return "-".join(_words(c) for c in turn_costs)


def _words(c: Fraction) -> str:
    whole, part = divmod(c, 1)
    if part == 0:
        return str(whole)
    return f"{part}" if whole == 0 else f"{whole} {part}"


def row(weight: float) -> str:
    """The table's row of a weight: the first whose heaviest weight it does not pass."""
    return next((key for top, key in ROWS if weight <= top), CUT)


def moves_on(w: Walk, facing: int, index: int) -> bool:
    """Whether the walk turns, pivots or exits in its ``index``th hex (-1: the hex it starts
    in), ``facing`` the facing it had there before any turn: it goes on to another hex, off
    the map, or ends facing otherwise or pivoting. A walk cut in that hex (a Mine, a Ditch
    [ADV V; OP IV.C]) ends with the facing it entered with, and does not."""
    if index < len(w.hexes) - 1:
        return True
    return w.off_map or w.facing != facing or w.pivot


def leg_speed(state: ArmorState, unit: str) -> int:
    """A Leg unit's Speed this Turn: its card's, or 1 (the card's ``soft_start_speed``) when
    the Turn started with it in a Soft hex [OP XIII.A.4]. A unit moves once a Turn, so the
    hex it stands in until its movement is carried out is the one it started the Turn in."""
    from rules.armor.optional import card_value

    spec = state.game.units[unit]
    here = state.troops.hexes.get(unit)
    if not spec.leg or here is None or not soft(state, here):
        return spec.speed
    slow = card_value(spec.type_id, "soft_start_speed")
    return min(spec.speed, slow if isinstance(slow, int) else 1)


def stuck(state: ArmorState, unit: str, h: Hex) -> str | None:
    """Roll on the Soft Hex Table for the Vehicle ``unit`` in the Soft hex ``h``, logged
    [OP XIII.A.2]; why its movement ends here when stuck, else None."""
    from rules.armor.optional.vehicles import emergency_weight

    spec = state.game.units[unit]
    if not spec.vehicle or not soft(state, h):
        return None
    weight, words = emergency_weight(state, unit)
    key, head = row(weight), column(spec.turn_costs)
    where = state.game.name(h)
    try:
        found = cell(TABLE, key, head)
    except (KeyError, ValueError):  # a Turn Cost the table has no column for
        found = None
    if found is None or found.value is None:
        why = "that row is cut from the text" if key == CUT else f"no {head} column"
        note = f"{words} in Soft hex {where}: not rolled, {why} (our reading: not stuck)"
        state.emit(PhaseNote("Soft hex", note, SECTION))
        return None
    if str(found.value) == "--":
        return None
    top = int(str(found.value).split("-")[1])
    roll = state.roll(f"Soft Hex Table for {unit} in {where} [OP XIII.A.2]", 100)
    marked = f" (placeholder: {found.placeholder})" if found.placeholder else ""
    result = "stuck: its movement ends here" if roll <= top else "it may turn and exit"
    note = (
        f"{words}, Turn Cost {head}: row {key}, {found.value}{marked}; rolled {roll:02d}: {result}"
    )
    state.emit(PhaseNote("Soft hex", f"{unit} in {where}: {note}", SECTION))
    if roll > top:
        return None
    return f"stuck in Soft hex {where} (rolled {roll:02d}, {found.value}) [OP XIII.A.2]"
