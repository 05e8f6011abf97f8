"""The owner's own Mines [OP IV.A-B]: the ``mines`` action, with which the player who set up
a Mine unit writes its Mines on his "piece of scratch paper" himself.

The book: "The exact placement, type, and size of Mines is known only to the player who placed
them. Mines may be placed up to two hexes from the Mine unit, and any number of hexes within
this radius can contain Mines. The hex containing the Mine unit itself does not necessarily
contain any actual Mines" [OP IV.B]; "The exact type, size, and hex where each Mine is placed
should be secretly written on a piece of scratch paper" [B.1]; "Anti-personnel Mines have
sizes of 10, 20, and 30 GP Factors. Anti-Tank Mines have sizes of 25, 50, and 75 TK ... Both
types can be placed in the same hex" [A]; "Once placed, Mines may not be moved nor their
strengths altered" [B.3]. The action::

    mines german.MINES.1 K2017 AT75 AP30   # a 75TK Anti-Tank and a 30 GP Anti-personnel Mine
    mines german.MINES.1 K2018 AP10        # a 10 GP Anti-personnel Mine only
    mines german.MINES.1 K2116 -           # no Mines in this hex of the Minefield

Until its owner writes one, a Mine unit's Mines are those the engine lays for him
(:mod:`rules.armor.support.setup`: a 50TK and a 20 GP Mine around the unit, placeholder sizes).
The owner's first ``mines`` for a Mine unit starts his own paper: from then on that unit's
Mines are the hexes he writes, and only those (each ``mines`` writes one hex, again if
written before; the options offer the hexes not yet written, so a side's list runs out).

Our readings: the Mines are written "at the same time as the other Terrain Support units"
[B], before play; this engine sets the units up when the game loads, so the owner writes his
Mines in the Order Plot Phase of Turn 1, before any unit moves (no Mine Attack can come
before the first Movement Execution Phase), and never after [B.3]. One Mine of each type in a
hex at most; not in a Building or River hex (where the Mine unit may not go [Setup II.D.5]).
The points of each size are on Data Cards 110 and 137, not in the text: the engine does not
charge them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex, spiral
from rules.armor.support.events import MinesLaid
from rules.armor.support.works import MINEFIELD_RADIUS, Mine, SupportUnit
from rules.engine.actions import Action, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.play import ActionFocus, Preview

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: The sizes of each type [OP IV.A]: Anti-Tank in TK, Anti-personnel in GP Factors.
SIZES = {"AT": (25, 50, 75), "AP": (10, 20, 30)}
RULE = "[OP IV.A-B]"
OWN_PAPER = "the owner's own paper [OP IV.B.1]: it replaces the engine's stand-in for this unit"


@dataclass(frozen=True)
class LayMines(Action):
    """Write the Mines of one hex of a Mine unit's Minefield [OP IV.A-B.1]:
    ``mines MINE-UNIT HEX [AT25|AT50|AT75] [AP10|AP20|AP30]``, or ``-`` for none."""

    verb: ClassVar[str] = "mines"
    unit: str
    hex: str
    #: The Mines, ``("AT", 75)`` and/or ``("AP", 30)``, Anti-Tank first; empty for none.
    mines: tuple[tuple[str, int], ...] = ()

    def text(self) -> str:
        what = " ".join(f"{kind}{size}" for kind, size in self.mines) or "-"
        return f"{self.verb} {self.unit} {self.hex} {what}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> LayMines:
        if len(args) < 3:
            raise ActionSyntaxError(
                f"'{line}': write 'mines MINE-UNIT HEX AT25|AT50|AT75 AP10|AP20|AP30' or "
                "'mines MINE-UNIT HEX -' [OP IV.A-B]"
            )
        found: list[tuple[str, int]] = []
        for word in args[2:] if args[2:] != ["-"] else []:
            kind, size = word[:2].upper(), word[2:]
            if kind not in SIZES or not size.isdigit() or int(size) not in SIZES[kind]:
                raise ActionSyntaxError(
                    f"'{line}': '{word}' is not a Mine: AT25, AT50, AT75, AP10, AP20, AP30 "
                    "[OP IV.A]"
                )
            found.append((kind, int(size)))
        found.sort()
        unit, where = token(args[0], "Mine unit id", line), token(args[1], "hex", line)
        return cls(unit, where, tuple(found))


def mines_at(state: ArmorState, h: Hex) -> tuple[Mine, ...]:
    """The Mines in ``h`` now: the engine's for a Mine unit whose owner has written none, the
    owner's own paper for the others."""
    laid = state.fieldworks.laid
    found = tuple(m for m in state.game.works.mines.get(h, ()) if m.unit not in laid)
    for paper in laid.values():
        found += paper.get(h, ())
    return found


def _mine_unit(state: ArmorState, unit: str) -> SupportUnit | None:
    found = state.game.works.by_id(unit)
    return found if found is not None and found.kind == "mines" else None


def why_not(state: ArmorState, action: LayMines) -> str | None:
    """Why the Mines may not be written now, or None [OP IV.A-B]."""
    from rules.armor.support.setup import _classes

    mine_unit = _mine_unit(state, action.unit)
    if mine_unit is None:
        return f"no Mine unit '{action.unit}' [OP IV.B]"
    if mine_unit.side not in state.to_act() or state.execution.asked is not None:
        return f"{mine_unit.side} may not act now"
    if state.segment.id != "plot" or state.play.turn != 1:
        return (
            "Mines are written when the Terrain Support units are set up [OP IV.B], in this "
            "engine in the Order Plot Phase of Turn 1 (our reading); once placed they may not be "
            "moved nor their strengths altered [OP IV.B.3]"
        )
    try:
        h = state.game.amap.resolve(action.hex)
    except KeyError:
        return f"no hex '{action.hex}' on the map"
    if h.distance(mine_unit.hex) > MINEFIELD_RADIUS:
        return f"Mines are placed up to two hexes from the Mine unit [OP IV.B] ({action.unit})"
    banned = _classes(state.game, h) & {"building", "river"}
    if banned:
        return f"not in a {', '.join(sorted(banned))} hex (our reading of Setup II.D.5)"
    kinds = [kind for kind, _ in action.mines]
    if len(set(kinds)) != len(kinds):
        return "one Mine of each type in a hex (our reading); both types may be there [OP IV.A]"
    return None


def write(state: ArmorState, action: LayMines) -> None:
    """Write the hex's Mines on the owner's paper (checked by :func:`why_not`); the event is
    his alone [OP IV.B]."""
    mine_unit = _mine_unit(state, action.unit)
    assert mine_unit is not None
    h = state.game.amap.resolve(action.hex)
    started = action.unit not in state.fieldworks.laid
    paper = state.fieldworks.laid.setdefault(action.unit, {})
    paper[h] = tuple(Mine(mine_unit.side, mine_unit.id, k, n) for k, n in action.mines)
    words = ", ".join(m.words() for m in paper[h]) or "no Mines"
    how = f"{words} in {action.hex} {RULE}" + (f"; {OWN_PAPER}" if started else "")
    names = tuple(state.game.name(x) for x in sorted(paper, key=state.game.name) if paper[x])
    state.emit(MinesLaid(action.unit, names, how, private_to=mine_unit.side))


#: What the option list offers for each hex of a Minefield (:func:`why_not` accepts any mix).
OFFERED: tuple[tuple[tuple[str, int], ...], ...] = (
    (("AP", 30), ("AT", 75)),
    (("AT", 75),),
    (("AP", 30),),
    (),
)


def options(state: ArmorState, side: str) -> list[LayMines]:
    """The ``mines`` actions offered to ``side`` now: for each hex of each of its Minefields
    not yet on its paper, the largest Mines of both types, of one type, or none (any other
    sizes may be written, and a hex written again: :func:`why_not` accepts them)."""
    if state.segment.id != "plot" or state.play.turn != 1:
        return []
    found: list[LayMines] = []
    for u in state.game.works.units:
        if u.kind != "mines" or u.side != side:
            continue
        written = state.fieldworks.laid.get(u.id, {})
        for h in sorted(minefield_hexes(state, u), key=state.game.name):
            if h in written:
                continue
            for mines in OFFERED:
                action = LayMines(u.id, state.game.name(h), mines)
                if why_not(state, action) is None:
                    found.append(action)
    return found


def minefield_hexes(state: ArmorState, unit: SupportUnit) -> list[Hex]:
    """The hexes of the unit's Minefield on the map [OP IV.B.2]."""
    return [h for h in spiral(unit.hex, MINEFIELD_RADIUS) if state.game.on_map(h)]


def bot_choice(state: ArmorState, side: str, actions: list[Action]) -> LayMines | None:
    """The heuristic bot's Mines (our weighting): for each of its Mine units, the largest
    Mines of both types [OP IV.A] in each hex of the Minefield nearer the enemy's units than
    its own (where its own units need not pass), written one hex at a time; None when all
    are written (or it has no Mine unit)."""
    offered = {(a.unit, a.hex, a.mines): a for a in actions if isinstance(a, LayMines)}
    if not offered:
        return None
    own = [h for u in state.alive(side) if (h := state.troops.hexes.get(u))]
    enemy = [h for u in state.enemies(side) if (h := state.troops.hexes.get(u))]
    for u in state.game.works.units:
        if u.kind != "mines" or u.side != side:
            continue
        paper = state.fieldworks.laid.get(u.id, {})
        for h in sorted(minefield_hexes(state, u), key=state.game.name):
            if h in paper or not _forward(h, own, enemy):
                continue
            action = offered.get((u.id, state.game.name(h), OFFERED[0]))
            if action is not None:
                return action
    return None


def _forward(h: Hex, own: list[Hex], enemy: list[Hex]) -> bool:
    """``h`` is nearer the enemy's units than the side's own (our weighting)."""
    if not enemy:
        return False
    near_enemy = min(h.distance(x) for x in enemy)
    return not own or near_enemy < min(h.distance(x) for x in own)


def describe(state: ArmorState, action: LayMines) -> str:
    what = ", ".join(
        (f"{n}TK Anti-Tank" if k == "AT" else f"{n} GP Anti-personnel") for k, n in action.mines
    )
    return f"{action.unit}: {what or 'no'} Mines in {action.hex}, written secretly {RULE}"


def preview(state: ArmorState, action: LayMines) -> Preview:
    """Legal or why not, and what the Mines will do [OP IV.A-C]."""
    why = why_not(state, action)
    rules = (
        "Mines are written secretly by their owner, up to two hexes from the Mine unit [OP IV.B]",
        "Anti-Tank: a Track hit on a roll at or under its TK [OP IV.C.1.a]; Anti-personnel: GP "
        "fire against GP Defense 1 [OP IV.C.1.b]; either side's units, never used up [OP IV.B.4]",
    )
    return Preview(describe(state, action), why is None, why, rules=rules)


def concerns(state: ArmorState, action: LayMines) -> ActionFocus:
    try:
        h = state.game.amap.resolve(action.hex)
    except KeyError:
        return ActionFocus(None)
    return ActionFocus(None, "other", h)
