"""Up ("M") and Down ("W") orders: Leg units in the upper storeys of Buildings [ADV IV.B.2].

The book: "Units may move up or down from story to story in multi-level Buildings. Plotted Up
and Down orders take place during the Movement Execution and Opportunity Fire Phase. a. Only
Leg units may enter the second, third, or fourth stories of a Building. b. Each story moved up
or down costs the same as if the unit had entered one new hex. Going Up or Down counts as
movement for Combat purposes. c. Weather ... does not reduce the Speed Factors of units moving
from story to story - the Speed Factor remains '2,' as they are indoors." Vehicles "may only
enter or be placed in the first story of a Building. They may not go 'upstairs'" [AG VII.E.2.g].
"For Buildings, a Combat unit in the second story is at Level +1, a Combat unit in the third
story is at Level +2, etc." [AG IV.B.1.h(3)].

What the engine plays:

- ``M`` and ``W`` are steps of the movement notation (``order us.INFANTRY-SQUAD.1 M``, ``1M``:
  one hex into a Building and up a storey, ``W1``: down, then out), each 1 SF, a Leg unit's
  cost of one new hex [ADV V.A.1; IV.B.2.b]; a Building hex has as many storeys as Building
  units are stacked in it (one for a printed or painted Building) [Setup II.C.4;
  :func:`rules.armor.los.storeys`];
- checks with reasons at the plot: a Leg unit only [IV.B.2.a; AG VII.E.2.g], a Building of
  that many storeys, never below the first, and (our reading, the book being silent) a unit
  above the first storey comes Down before it leaves the hex;
- the storey moved counts as movement for combat (the hexes ordered: the Movement Modifier's
  column, an Infantry unit firing after one [ADV V.A.3]) [IV.B.2.b];
- the unit's level is its hex's plus one for each storey above the first, used by its lines
  of sight (both ways: :func:`rules.los.query.line_of_sight` with the storey heights), the
  elevation sighting option [OP X.C.1] and the Defilade "higher" column [AG IV.C.4];
- the storey is kept in position files (``values: {storey: 2}``); a unit that leaves its hex
  (by any movement) is on the first storey of its new one;
- a unit above the first storey may not Load (its Vehicle is on the first [AG VII.E.2.g]) and
  may not be Overrun (no Vehicle goes upstairs: our reading).

Our readings where the text is silent: an order cut by Opportunity Fire or by the terrain loses
its Up and Down steps after the hex where it stopped, as the rest of the order [AG VII.F.4]
(the steps before the first hex not entered were made); in Snow or Mud an order that only goes
Up or Down (and turns) has Speed 2 [IV.B.2.c], one that also moves through hexes the weather
Speed [OP VIII.A] (:func:`mover`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex
from model.systems import GameSystem
from rules.armor.los import storeys as _los_storeys
from rules.armor.orders import Order
from rules.engine.actions import Action
from rules.engine.events import Event
from rules.engine.record import OMIT, Record, state_field
from rules.los.core import Sight
from rules.los.geometry import trace
from rules.los.query import LosResult, line_of_sight
from rules.los.terrain import terrain_table

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.units import ArmorUnit

RULE = "[ADV IV.B.2]"
LEVELS = "[AG IV.B.1.h(3)]"
UP, DOWN = "M", "W"
#: The highest storey a unit may stand in [AG IV.B.1.f; Setup II.C.4].
TOP = 4
#: A Leg unit's Speed Factor going Up and Down whatever the weather [ADV IV.B.2.c].
INDOORS = 2


def _unless_empty(value: dict[str, int]) -> object:
    return dict(sorted(value.items())) if value else OMIT


@dataclass
class Storeys(Record):
    """Each Leg unit above the first storey of its Building, with its storey (2-4); left out
    of the fingerprint while empty, so games where nobody goes upstairs keep theirs."""

    upstairs: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass(frozen=True)
class StoreyChanged(Event):
    """A unit went Up or Down in its Building [ADV IV.B.2]."""

    kind: ClassVar[str] = "armor-storey"
    unit: str
    hex: str
    storey: int
    level: int

    def describe(self) -> str:
        where = "the first storey" if self.storey == 1 else f"storey {self.storey}"
        return (
            f"{self.unit} is now in {where} of the Building in {self.hex}: level {self.level} "
            f"{LEVELS} {RULE}"
        )


def floors(game: ArmorGame, h: Hex) -> int:
    """The storeys of the Building in ``h``: its stacked Building units, one for a printed or
    painted Building, 0 without [Setup II.C.4]."""
    cache: dict[Hex, int] | None = getattr(game, "_storeys_cache", None)
    if cache is None:
        cache = {}
        game._storeys_cache = cache  # type: ignore[attr-defined]
    found = cache.get(h)
    if found is None:
        sight = Sight(game.terrain, trace(h, h), terrain_table(GameSystem.ARMOR))
        found = cache[h] = _los_storeys(sight, h)
    return found


def standing(state: ArmorState, h: Hex) -> int:
    """The storeys of the Building standing in ``h`` now: :func:`floors`, none in a Destroyed
    Building hex, a Block hex since it collapsed [OP XVIII.C] (no upper storey left to go Up
    to: our reading)."""
    blazes = getattr(state, "blazes", None)  # not yet read back from a position file
    return 0 if blazes is not None and h in blazes.destroyed else floors(state.game, h)


def storey(state: ArmorState, unit: str) -> int:
    """The storey ``unit`` stands in: 1 (the ground, or the first storey) unless it went Up."""
    return state.storeys.upstairs.get(unit, 1)


def level(state: ArmorState, unit: str) -> int:
    """The unit's elevation level: its hex's [AG IV.B.1.h], +1 a storey above the first
    [AG IV.B.1.h(3)]."""
    return state.game.level(state.troops.hexes[unit]) + storey(state, unit) - 1


def height(state: ArmorState, unit: str) -> str:
    """The unit's height for :func:`rules.los.query.line_of_sight` (``storey-N`` upstairs)."""
    found = storey(state, unit)
    return "ground" if found == 1 else f"storey-{found}"


def line(state: ArmorState, unit: str, target: str) -> LosResult:
    """The line of sight from ``unit`` to ``target`` at their levels: the game's ground line
    when both are on the first storey, else the line from storey to storey [AG IV.B.1.h(3)]."""
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    up, other = height(state, unit), height(state, target)
    if (up, other) == ("ground", "ground"):
        return state.game.los(a, b)
    return line_of_sight(state.game.terrain, GameSystem.ARMOR, a, b, up, other)


def sees(state: ArmorState, unit: str, target: str) -> bool:
    """Whether the line of sight from ``unit`` to ``target`` is not blocked, the verdict
    alone: from the game's table for two units on the ground (:meth:`MapGame.sees`, the same
    verdict as :func:`line`, traced without the explanation), else :func:`line`'s."""
    if (height(state, unit), height(state, target)) == ("ground", "ground"):
        return state.game.sees(state.troops.hexes[unit], state.troops.hexes[target])
    return line(state, unit, target).verdict != "blocked"


def stair_step(
    unit: ArmorUnit, here: Hex, at: int, step: str, floors_at: Callable[[Hex], int] | None
) -> tuple[int, str | None]:
    """One Up or Down step of a walk from storey ``at`` in ``here``: the new storey, and why
    it may not be made (else None) [ADV IV.B.2.a; AG VII.E.2.g]."""
    word = "Up" if step == UP else "Down"
    if not unit.leg:
        return at, (
            f"{word} ('{step}'): only Leg units go above the first storey {RULE}.a; Vehicles "
            "may not go upstairs [AG VII.E.2.g]"
        )
    have = floors_at(here) if floors_at is not None else 0
    if have < 2:
        return at, f"{word} ('{step}'): no multi-storey Building in the hex {RULE}"
    if step == UP and at >= min(have, TOP):
        return at, f"Up ('M'): the Building has {have} storey(s) and the unit is in the top one"
    if step == DOWN and at <= 1:
        return at, "Down ('W'): the unit is already in the first storey"
    return at + (1 if step == UP else -1), None


#: Why a unit above the first storey may not leave its hex (our reading).
LEAVE_FIRST = (
    f"it is above the first storey: it comes Down ('W') before it leaves the hex (our reading "
    f"of {RULE}: the stairs are inside the Building)"
)


def mover(state: ArmorState, order: Order) -> ArmorUnit:
    """The unit as its order's movement sees it: its Speed this Turn
    (:func:`rules.armor.optional.vehicles.mover`, Snow and Mud's weather Speed for a Leg unit
    [OP VIII.A]), or, for a Leg unit's order that only goes Up or Down (and turns), Speed 2:
    "Weather (Snow or Mud ...) does not reduce the Speed Factors of units moving from story to
    story - the Speed Factor remains '2,' as they are indoors" [ADV IV.B.2.c] (our reading: an
    order that also moves through hexes is out of doors)."""
    from rules.armor.optional.vehicles import mover as outdoors

    steps, spec = order.steps, outdoors(state, order.unit)
    inside = any(s in (UP, DOWN) for s in steps) and all(s in "MWLR" for s in steps)
    return replace(spec, speed=INDOORS) if inside and spec.leg else spec


def final_storey(start: int, steps: tuple[str, ...], entered: int, stopped: bool) -> int:
    """The storey a walk of ``steps`` leaves the unit in, from storey ``start``, having entered
    ``entered`` hexes of it: the Up and Down steps before the first hex not entered are made,
    and those after the last hex are lost when the order was cut (our reading, as the rest of
    the order [AG VII.F.4])."""
    planned = sum(1 for s in steps if s in "FB")
    found, moved = start, 0
    for step in steps:
        if step in "FB":
            if moved == entered:
                break
            moved, found = moved + 1, 1
        elif step in (UP, DOWN):
            if moved == planned and stopped:
                break
            found += 1 if step == UP else -1
    return max(1, found)


def settle(state: ArmorState, unit: str, order: Order, entered: int, stopped: bool) -> None:
    """The unit's storey once its order is carried out [ADV IV.B.2]."""
    steps = order.steps
    if unit not in state.troops.hexes or not any(s in (UP, DOWN) for s in steps):
        return
    before = storey(state, unit)
    h = state.troops.hexes[unit]
    found = min(final_storey(before, steps, entered, stopped), max(1, standing(state, h)))
    if found > 1:
        state.storeys.upstairs[unit] = found
    else:
        state.storeys.upstairs.pop(unit, None)
    if found != before or entered:
        lvl = state.game.level(h) + found - 1
        state.emit(StoreyChanged(unit, state.game.name(h), found, lvl))


def left(state: ArmorState, unit: str, to: Hex) -> None:
    """The unit is put in ``to``: in a new hex it is on the first storey."""
    if unit in state.storeys.upstairs and state.troops.hexes.get(unit) != to:
        del state.storeys.upstairs[unit]


def options(state: ArmorState, unit: str, found: list[Action]) -> list[Action]:
    """The plot's orders of a Leg unit with the Up and Down orders [ADV IV.B.2]: up or down
    from where it stands within its Speed Factor; a movement ending in a multi-storey Building
    with 1 SF to spare, and then Up; above the first storey, the moves out of the hex only
    after coming Down (the others are dropped)."""
    spec = state.game.units[unit]
    if not (state.game.advanced and spec.leg) or unit not in state.troops.hexes:
        return found
    here, at = state.troops.hexes[unit], storey(state, unit)
    have = standing(state, here)
    if have < 2 and at == 1 and not any(_ends_upstairs_able(state, a) for a in found):
        return found
    speed = spec.speed  # Snow and Mud's, for moves through hexes [OP VIII.A]
    out: list[Action] = []
    for a in found:
        if isinstance(a, Order) and a.moves and any(s in "FB" for s in a.steps):
            if at > 1:
                if a.fire is None and a.overrun is None and _hexes(a) + at - 1 <= speed:
                    moves = DOWN * (at - 1) + a.moves
                    out.append(Order(unit, moves=moves))
                continue
            out.append(a)
            if (
                a.fire is None
                and a.overrun is None
                and _hexes(a) + 1 <= speed
                and _ends_upstairs_able(state, a)
            ):
                out.append(Order(unit, moves=a.moves + UP))
        else:
            out.append(a)
    if have >= 2:
        for n in range(1, INDOORS + 1):  # indoors, whatever the weather [ADV IV.B.2.c]
            if at + n <= min(have, TOP):
                out.append(Order(unit, moves=UP * n))
            if at - n >= 1:
                out.append(Order(unit, moves=DOWN * n))
    return list(dict.fromkeys(out))


def _hexes(order: Order) -> int:
    return sum(1 for s in order.steps if s in "FB")


def _ends_upstairs_able(state: ArmorState, action: Action) -> bool:
    if not isinstance(action, Order) or not action.moves:
        return False
    h = state.troops.hexes[action.unit]
    facing = state.troops.facing[action.unit]
    for step in action.steps:
        if step in "LR":
            facing = (facing + (1 if step == "R" else -1)) % 6
        elif step == "F":
            h = h.neighbor(facing)
        elif step == "B":
            h = h.neighbor((facing + 3) % 6)
    return state.game.on_map(h) and standing(state, h) >= 2


def describe(state: ArmorState, order: Order) -> str:
    """What an order's Up and Down steps leave the unit in, for the order's description."""
    steps = order.steps
    if not any(s in (UP, DOWN) for s in steps) or order.unit not in state.troops.hexes:
        return ""
    found = final_storey(storey(state, order.unit), steps, _hexes(order), False)
    where = "the first storey" if found == 1 else f"storey {found} ({found - 1:+d} level)"
    return f", ending in {where} {RULE}"


def why_not_load(state: ArmorState, unit: str) -> str | None:
    """A unit above the first storey may not Load: Vehicles stay on the first [AG VII.E.2.g]."""
    if storey(state, unit) > 1:
        return (
            f"{unit} is in storey {storey(state, unit)}: it comes Down first, a Vehicle being "
            f"only in the first storey [AG VII.E.2.g; {RULE}]"
        )
    return None


def why_not_overrun(state: ArmorState, target: str) -> str | None:
    """No Vehicle goes upstairs [AG VII.E.2.g], so none Overruns a unit above the first storey
    (our reading)."""
    if storey(state, target) > 1:
        return (
            f"{target} is in storey {storey(state, target)} of its Building, where no Vehicle "
            "goes [AG VII.E.2.g] (our reading)"
        )
    return None


def write(state: ArmorState, unit: str, values: dict[str, int | float | str | bool]) -> None:
    """A position file's ``storey`` value [ADV IV.B.2]."""
    if unit in state.storeys.upstairs and unit in state.troops.hexes:
        values["storey"] = state.storeys.upstairs[unit]


def read(state: ArmorState, unit: str, value: object) -> str | None:
    """Read a position file's ``storey``; the problem, else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= TOP:
        return f"the storey the unit stands in, a whole number 1-{TOP} {RULE}"
    if value == 1:
        return None
    spec = state.game.units[unit]
    if not spec.leg:
        return f"only Leg units go above the first storey {RULE}.a; [AG VII.E.2.g]"
    h = state.troops.hexes.get(unit)
    have = standing(state, h) if h is not None else 0
    if value > have:
        return f"the unit's hex has a Building of {have} storey(s) [Setup II.C.4; {RULE}]"
    state.storeys.upstairs[unit] = value
    return None
