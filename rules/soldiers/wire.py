"""Soldiers wire removal [18.32; 16.13]: the remove wire maintenance action.

Action::

    remove-wire us.austin        # the ordered man performs remove wire in his wire hex [18.32]

Who and where: the man (or a man of the group) under orders, able, not suppressed, standing in
a wire hex whose wire is still there and where no remove wire action of his side has been
performed yet. It costs 3 AP (the Action Summary's line is not in the text: a placeholder, as
resources/soldiers/tables/action-summary.yaml says) and is a maintenance action: at Wary, out of
enemy sight or in a covered or protected hex not enemy-occupied [7.31]; at Cautious only out of
enemy sight (the Action Summary's placeholder line). In a group it is an action of its own,
paid anew (our reading [7.1]).

Markers: a wire marker covers three hexes [18.3]. A map's wire is painted hex by hex and does
not tell its markers apart: the wire hexes side by side are one marker (our reading). Its wire
is removed when remove wire has been performed in every one of its hexes [18.32], or by
engineers in two of its three (for a marker of another size, in two thirds of its hexes,
rounded up: our reading) [16.13]. "Until all three have been performed the effects of the wire
continue to apply in all three hexes" [18.32]: nothing changes before.

Bought wire [18.31; 19.43]: the defender's WIRE purchases, one marker each, laid by the engine
for him (our reading, as for his other preparations [18]): next to his men as they set up (men
in roster order, each man's neighbours by printed name), a clear hex and two clear hexes next to
it (by printed name), none holding a man, another preparation or wire, nor next to another wire
marker (so that markers stay apart), never a building or water hex [18]. Clear ground only: the
marker is painted over the hex's terrain, which would lose a wood's or a hedge's own effects.

Once removed [18.33 no longer applies]: the hexes cost what the ground beneath the wire costs
(the scenario's map without its painted wire, worked out once a game), entering them ends no
movement and leaving them costs nothing extra.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from model.mapstate import terrain_edits
from model.terrainoptions import option_values
from model.terrainview import MapTerrain
from rules.engine.actions import Action, WordsAction
from rules.engine.play import ActionFocus, Preview
from rules.engine.record import OMIT, Record, plain, state_field
from rules.movement.costs import MoveCost, Movement, terrain_effect
from rules.records.position import PositionReader
from rules.soldiers import groups
from rules.soldiers.actions import Maintained
from rules.soldiers.engineers import is_engineer
from rules.soldiers.units import SYSTEM, cell
from rules.soldiers.weapons import in_enemy_sight, why_not_here

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

WIRE = "wire"


def _remove_ap() -> float:
    found = cell("action-summary", "remove wire", "AP").value
    return float(str(found))


REMOVE_AP = _remove_ap()  # placeholder: the Action Summary is not in the text [7.3]
ENGINEER_SHARE = 2 / 3  # "two of the three hexes" [16.13]


@dataclass(frozen=True)
class RemoveWire(WordsAction):
    """The ordered man performs remove wire in his wire hex [18.32]."""

    verb: ClassVar[str] = "remove-wire"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty: a game without wire keeps its fingerprint."""
    return plain(value) if value else OMIT


@dataclass
class WireCut(Record):
    """Remove wire actions performed [18.32]: hex (by name) -> ``engineer`` when an engineer
    performed it there, else ``man``; and the wire hexes whose marker is removed."""

    cut: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty, key="wire_cut")
    removed: set[str] = state_field(default_factory=set, encode=_unless_empty, key="wire_removed")


def cut_of(state: SoldiersState) -> WireCut:
    found: WireCut | None = getattr(state, "wire", None)
    if found is None:
        found = WireCut()
        state.wire = found
    return found


def has_wire(game: SoldiersGame, h: Hex) -> bool:
    return WIRE in game.terrains(h)


def live(state: SoldiersState, h: Hex) -> bool:
    """Wire in ``h`` whose marker is still on the map [18.32]."""
    if not has_wire(state.game, h):
        return False
    found = getattr(state, "wire", None)
    return found is None or not found.removed or state.game.name(h) not in found.removed


def marker(game: SoldiersGame, h: Hex) -> frozenset[Hex]:
    """The wire marker ``h`` is part of: the wire hexes side by side with it (our reading)."""
    if not has_wire(game, h):
        return frozenset()
    todo, found = [h], {h}
    while todo:
        for n in todo.pop().neighbors():
            if n not in found and n in game.amap.hexes and has_wire(game, n):
                found.add(n)
                todo.append(n)
    return frozenset(found)


# --- wire bought [18.31; 19.43] ---------------------------------------------------------------


ITEM = "WIRE"


def bought(game: SoldiersGame) -> list[tuple[Hex, ...]]:
    """The wire markers the defender bought, each its three hexes (see the module's words)."""
    from rules.soldiers.preparations import _allowed, defender_bought

    side, wanted = defender_bought(game.scenario, ITEM)
    if side is None or not wanted:
        return []
    hexes = game.deployment.hexes
    manned = set(hexes.values())
    taken: set[Hex] = set()
    found: list[tuple[Hex, ...]] = []

    def free(h: Hex) -> bool:
        return (
            h in game.amap.hexes
            and game.terrain.terrain(h) == "clear"
            and h not in manned
            and h not in game.prepared
            and h not in taken
            and not any(n in taken for n in h.neighbors())
            and WIRE not in game.terrains(h)
            and _allowed(game, h)
        )

    for m in game.deployment.men:
        at = hexes.get(m.id)
        if m.side != side or at is None:
            continue
        for n in sorted((n for n in at.neighbors() if free(n)), key=game.name):
            if len(found) >= wanted:
                return found
            if not free(n):
                continue
            arms = sorted((x for x in n.neighbors() if free(x)), key=game.name)[:2]
            if len(arms) == 2:
                found.append((n, *arms))
                taken.update((n, *arms))
    return found


def lay_bought(game: SoldiersGame) -> None:
    """Paint the bought wire on the game's map [18.31]: its movement costs worked out again."""
    markers = bought(game)
    game.laid_wire = tuple(markers)
    if not markers:
        return
    from model import edits

    names = [game.name(h) for marker in markers for h in marker]
    painted = edits.paint_terrain(game.scenario, names, WIRE)
    game.terrain = MapTerrain(
        game.amap, game.terrain.overlays, terrain_edits(painted, game.amap), option_values(painted)
    )
    game.movement = Movement.for_scenario(painted, game.terrain)
    game.forget_terrain()
    game._costs.clear()  # the game's own caches on the terrain
    game._terrains.clear()


def announce(state: SoldiersState) -> None:
    """The bought wire laid at the start [18.31; 19.43]."""
    from rules.soldiers.actions import SetupNote

    game = state.game
    for marker in game.laid_wire:
        names = ", ".join(game.name(h) for h in marker)
        state.emit(SetupNote(f"Wire in {names} [18.31; 19.43]"))


# --- movement once the wire is gone ---------------------------------------------------------


_BENEATH: weakref.WeakKeyDictionary[SoldiersGame, Movement] = weakref.WeakKeyDictionary()


def _beneath(game: SoldiersGame) -> Movement:
    """The movement costs of the map without its painted wire, worked out once a game."""
    found = _BENEATH.get(game)
    if found is None:
        scenario = game.scenario
        edits = [e for e in scenario.map.terrain_edits if e.terrain != WIRE]
        bare = scenario.model_copy(
            update={"map": scenario.map.model_copy(update={"terrain_edits": edits})}
        )
        terrain = MapTerrain(
            game.amap,
            game.terrain.overlays,
            terrain_edits(bare, game.amap),
            option_values(bare),
        )
        found = _BENEATH[game] = Movement.for_scenario(bare, terrain)
    return found


def _leave() -> float:
    effect = terrain_effect(SYSTEM, WIRE, "ap_leave")
    return float(str(effect.value)) if effect is not None else 1.0


def man_cost(state: SoldiersState, to: Hex, frm: Hex | None) -> MoveCost:
    """A man's cost to enter ``to`` from ``frm`` with the wire removed so far [18.32; 18.33]."""
    game = state.game
    base = game.man_cost(to, frm)
    found = getattr(state, "wire", None)
    if found is None or not found.removed:
        return base
    gone_to = has_wire(game, to) and not live(state, to)
    gone_from = frm is not None and has_wire(game, frm) and not live(state, frm)
    if not gone_to and not gone_from:
        return base
    if gone_to:
        bare = _beneath(game).cost("man", to, frm)
        if frm is not None and live(state, frm) and bare.cost is not None:
            return MoveCost(bare.movement_class, bare.cost + _leave(), parts=bare.parts)
        return bare
    # into live wire from a hex whose wire is gone: no leaving cost [18.33]
    if base.cost is None:
        return base
    return MoveCost(base.movement_class, base.cost - _leave(), parts=base.parts)


# --- the action -------------------------------------------------------------------------------


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def why_not(state: SoldiersState, action: Action) -> str | None:
    """Why the remove wire action may not be performed now [18.32; 7.31], or None."""
    if not isinstance(action, RemoveWire):
        return "not a remove wire action"
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in state.game.men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    at = troops.hexes[man]
    if not live(state, at):
        return "no wire in his hex [18.32]"
    done = cut_of(state).cut.get(state.game.name(at))
    if done == "engineer" or (done == "man" and not is_engineer(state.game.men[man])):
        return "remove wire has been performed in this hex already [18.32]"
    if state.active.ap < REMOVE_AP:
        return f"remove wire costs {REMOVE_AP:g} AP (placeholder), {state.active.ap:g} left [18.32]"
    if state.active.risk == "Cautious" and in_enemy_sight(state, at):
        return "at Cautious remove wire only out of enemy sight (Action Summary placeholder) [7.31]"
    return why_not_here(state, man, "remove wire")


def options(state: SoldiersState) -> list[Action]:
    found: list[Action] = [RemoveWire(m) for m in _acting(state)]
    return [a for a in found if why_not(state, a) is None]


def needed(game: SoldiersGame, hexes: frozenset[Hex]) -> int:
    """How many of a marker's hexes engineers must cut: two of three [16.13]."""
    return math.ceil(len(hexes) * ENGINEER_SHARE)


def apply(state: SoldiersState, action: Action) -> None:
    """Remove wire performed in the man's hex; the marker removed when enough are [18.32;
    16.13]."""
    assert isinstance(action, RemoveWire)
    game, wire = state.game, cut_of(state)
    at = state.troops.hexes[action.man]
    state.active.ap -= REMOVE_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own (our reading) [7.1]
    engineer = is_engineer(game.men[action.man])
    wire.cut[game.name(at)] = "engineer" if engineer else "man"
    hexes = marker(game, at)
    names = sorted(game.name(h) for h in hexes)
    done = [n for n in names if n in wire.cut]
    by_engineers = [n for n in names if wire.cut.get(n) == "engineer"]
    why = f"{REMOVE_AP:g} AP (placeholder), {state.active.ap:g} left; "
    why += f"performed in {len(done)} of the marker's {len(names)} hexes ({', '.join(names)})"
    if len(done) == len(names):
        why += ": all of them, the wire is removed [18.32]"
    elif len(by_engineers) >= needed(game, hexes):
        why += f": by engineers in {len(by_engineers)}, the wire is removed [16.13]"
    else:
        why += ": the wire still holds in all its hexes [18.32]"
        state.emit(Maintained(action.man, f"removes wire in {game.name(at)}", why))
        return
    wire.removed |= set(names)
    for n in names:
        wire.cut.pop(n, None)
    state.emit(Maintained(action.man, f"removes wire in {game.name(at)}", why))


def preview(state: SoldiersState, action: Action, words: str) -> Preview:
    cost = f"{REMOVE_AP:g} of {state.active.ap:g} AP (placeholder)"
    return Preview(words, True, None, cost, rules=("remove wire [18.32; 16.13]", "[7.31]"))


def describe(state: SoldiersState, action: Action) -> str:
    return "Remove wire in his hex [18.32]"


def concerns(state: SoldiersState, action: RemoveWire) -> ActionFocus:
    return ActionFocus(action.man, "other", state.troops.hexes.get(action.man))


# --- in a position file -------------------------------------------------------------------------


class WirePosition(StrictModel):
    """Remove wire in a position file [18.32].

    Attributes:
        cut: hexes where remove wire was performed, and by whom (``engineer`` or ``man``).
        removed: wire hexes whose marker is removed.
    """

    cut: dict[str, str] = Field(default_factory=dict)
    removed: list[str] = Field(default_factory=list)


def write_position(state: SoldiersState) -> WirePosition | None:
    wire = cut_of(state)
    found = WirePosition(cut=dict(sorted(wire.cut.items())), removed=sorted(wire.removed))
    return None if found == WirePosition() else found


def read_position(state: SoldiersState, found: WirePosition | None, reader: PositionReader) -> None:
    found = found or WirePosition()
    game = state.game
    for name, who in found.cut.items():
        if name not in game.by_name or who not in ("engineer", "man"):
            reader.problem(("state", "wire", "cut", name), "a hex of the map: engineer or man")
    for name in found.removed:
        if name not in game.by_name:
            reader.problem(("state", "wire", "removed"), f"'{name}' is not a hex of the map")
    state.wire = WireCut(
        {n: w for n, w in found.cut.items() if n in game.by_name and w in ("engineer", "man")},
        {n for n in found.removed if n in game.by_name},
    )
