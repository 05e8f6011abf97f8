"""Soldiers smoke grenades [12.5-12.54]: thrown smoke, the wind, smoke markers, their
dissipation, smoke inside buildings and pillboxes, and the remove smoke action.

Actions::

    smoke us.austin C1811        # the ordered man throws a smoke grenade at a hex, 2 AP [12.5]
    remove-smoke us.austin C1812  # he throws the smoke out of his building, 3 AP [12.54]

Who and where [12.5; 12.11; 12.13]: a man with a smoke grenade left (SMOKE-GRENADE purchases
dealt to the side's men in roster order, as explosive grenades are [19.44]), under orders, able,
not suppressed, no guard [9.4]; "as if throwing an explosive grenade": 2 AP [12.12], the risk
level limits of 12.13 and the range limits of 12.11 (1-5 hexes seen, 1-4 unseen, not behind two
woods hexes or through his own building unseen). The target need not hold an enemy and may hold
friendly men [12.5]. In a group the throw is an action of its own, paid anew (our reading: it
opens no step [7.1]).

Procedure [12.5]: the first smoke throw of the game rolls the wind: a d6 on the scatter
indicator gives its direction, which never changes. The throw is resolved as an explosive
grenade's (:func:`rules.soldiers.grenades.resolve_throw`, the Grenade Table and the 12.21
modifiers): a miss scatters [12.4]; a malfunction check of 10 ("Explode") releases the smoke in
the thrower's hex, unharmed [12.5]; a Dud gives no smoke. Where it comes down, a smoke marker,
and a second in the hex next to it the wind's way (not off the map; not into a building or
pillbox hex [12.53]). A smoke grenade scattering into a building or pillbox bounces off the wall
[12.41] and gives no smoke (our reading). Thrown at a building or pillbox and landing there
[12.53], one marker inside, no drift.

Effects [12.51]: through :func:`rules.soldiers.scenario_events.in_smoke` and
:func:`~rules.soldiers.scenario_events.smoke_blocks` (as an event's smoke): sight through the
hex is blocked, the hex is protected, hit chances into or out of it are -1. Smoke inside a
building or pillbox [12.53] has none of these: men in the hex may not fire and do not see out.

Dissipation [12.52; 12.53]: a Smoke Dissipates event removes every smoke marker outside; the end
of each Command Cycle removes them all. Remove smoke [12.54]: a man in a building or pillbox hex
with smoke inside spends 3 AP and throws it into an adjacent hex that is neither; the marker
goes there and drifts with the wind as a thrown one.

Missing: rifle grenades [12.6] (smoke fired from a rifle); smoke's -1 to grenade throws (only
the 12.21 modifiers apply to a throw, as the book says). The heuristic bot throws no smoke.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from rules.engine.actions import Action, WordsAction
from rules.engine.events import Event
from rules.engine.play import ActionFocus, Chance, Preview
from rules.records.position import PositionReader
from rules.soldiers import groups
from rules.soldiers.actions import Throw
from rules.soldiers.grenades import (
    GRENADE,
    RANGE_SEEN,
    _why_not_risk,
    indoors,
    resolve_throw,
    through_own_building,
    throw_chance,
)
from rules.soldiers.grenades import _woods_between as woods_between
from rules.soldiers.smoke_markers import Smoke, inside
from rules.soldiers.weapons import dealt

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

ITEM = "SMOKE-GRENADE"  # the purchase [12; 19.44]
THROW_AP = 2.0  # "as if throwing an explosive grenade" [12.5; 12.12]
REMOVE_AP = 3.0  # [12.54]
COMPASS = ("N", "NE", "SE", "S", "SW", "NW")
SMOKE = GRENADE.__class__(
    "smoke grenade", "grenade-damage", "[12.5; 12.2]", "[12.5; 12.3]", "[12.5; 12.4]", "[12.5]"
)


@dataclass(frozen=True)
class ThrowSmoke(WordsAction):
    """The ordered man throws a smoke grenade at a hex: 2 AP [12.5]."""

    verb: ClassVar[str] = "smoke"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


@dataclass(frozen=True)
class RemoveSmoke(WordsAction):
    """The ordered man throws the smoke inside his building or pillbox out into an adjacent
    hex: 3 AP [12.54]."""

    verb: ClassVar[str] = "remove-smoke"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


ACTIONS = (ThrowSmoke, RemoveSmoke)


@dataclass(frozen=True)
class SmokeNote(Event):
    """A smoke grenade thrown or thrown out, the wind, smoke placed or removed [12.5-12.54]."""

    kind: ClassVar[str] = "soldiers-smoke"
    man: str
    what: str
    steps: tuple[str, ...]
    placeholders: tuple[str, ...] = ()

    def describe(self) -> str:
        steps = f" ({'; '.join(self.steps)})" if self.steps else ""
        who = f"{self.man} " if self.man else ""
        return f"{who}{self.what}{steps}"


_CARRIED: weakref.WeakKeyDictionary[SoldiersGame, dict[str, int]] = weakref.WeakKeyDictionary()


def carried(game: SoldiersGame) -> dict[str, int]:
    """The smoke grenades each man starts with [12; 19.44]: the side's SMOKE-GRENADE purchases
    dealt to its men (:func:`rules.soldiers.weapons.dealt`)."""
    found = _CARRIED.get(game)
    if found is None:
        found = _CARRIED[game] = dealt(game.scenario, game.deployment.men, ITEM)
    return found


def smoke_of(state: SoldiersState) -> Smoke:
    """The state's smoke (a state made before smoke was played has none yet)."""
    found: Smoke | None = getattr(state, "smoke", None)
    if found is None:
        found = Smoke()
        state.smoke = found
    return found


def left(state: SoldiersState, man: str) -> int:
    return carried(state.game).get(man, 0) - smoke_of(state).thrown.get(man, 0)


def why_not_fire(state: SoldiersState, man: str) -> str | None:
    """Men in a hex with smoke inside may not conduct fire actions [12.53]."""
    at = state.troops.hexes.get(man)
    if at is not None and inside(state, at):
        return "smoke inside his building or pillbox: no fire actions [12.53]"
    return None


# --- legality -----------------------------------------------------------------------------------


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def _why_not_man(state: SoldiersState, man: str) -> str | None:
    troops = state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in state.game.men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if man in troops.captured.values():
        return "a guard may not conduct combat actions [9.4]"
    return None


def why_not_smoke(state: SoldiersState, action: ThrowSmoke) -> str | None:
    """Why the smoke throw may not be made now [12.5; 12.11; 12.13], or None."""
    why = _why_not_man(state, action.man)
    if why is not None:
        return why
    if left(state, action.man) < 1:
        return "he has no smoke grenade left [12; 19.5]"
    if state.active.ap < THROW_AP:
        return f"a smoke throw costs {THROW_AP:g} AP, {state.active.ap:g} left [12.5; 12.12]"
    target = state.game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    at = state.troops.hexes[action.man]
    dist, seen = at.distance(target), state.sees(at, target)
    reach = RANGE_SEEN if seen else RANGE_SEEN - 1
    if not 1 <= dist <= reach:
        sight = "sees" if seen else "does not see"
        return f"the range is {dist}: 1-{reach} hexes into a hex he {sight} [12.5; 12.11]"
    if not seen and woods_between(state, at, target) > 1:
        return "an unseen hex behind more than one woods hex [12.11]"
    if not seen and through_own_building(state, at, target):
        return "an unseen hex through a hex of his own building [12.11]"
    return _why_not_risk(state, action.man, at)


def why_not_remove(state: SoldiersState, action: RemoveSmoke) -> str | None:
    """Why the remove smoke action may not be made now [12.54; 7.31], or None."""
    why = _why_not_man(state, action.man)
    if why is not None:
        return why
    at = state.troops.hexes[action.man]
    if not inside(state, at):
        return "no smoke inside his building or pillbox [12.54]"
    if state.active.ap < REMOVE_AP:
        return f"remove smoke costs {REMOVE_AP:g} AP, {state.active.ap:g} left [12.54]"
    to = state.game.by_name.get(action.hex.upper())
    if to is None or to.distance(at) != 1:
        return f"'{action.hex}' is not a hex next to his [12.54]"
    if indoors(state, to):
        return f"{state.game.name(to)} is a building or pillbox hex: not into it [12.54]"
    return None  # a maintenance action in his protected hex: allowed at every level [7.31]


def why_not(state: SoldiersState, action: Action) -> str | None:
    if isinstance(action, ThrowSmoke):
        return why_not_smoke(state, action)
    if isinstance(action, RemoveSmoke):
        return why_not_remove(state, action)
    return "not a smoke action [12.5]"


def options(state: SoldiersState) -> list[Action]:
    """The smoke actions of the man (or group) under orders: throws at hexes holding able enemy
    men and at the hexes next to him (any hex in range may be written), and removing the smoke
    from his hex [12.5; 12.54]."""
    found: list[Action] = []
    game, troops = state.game, state.troops
    for man in _acting(state):
        at = troops.hexes.get(man)
        if at is None:
            continue
        if left(state, man) > 0:
            side = game.men[man].side
            targets = {
                h
                for m, h in troops.hexes.items()
                if m not in troops.disabled and game.men[m].side != side
                if 1 <= at.distance(h) <= RANGE_SEEN
            }
            targets |= {n for n in at.neighbors() if n in game.amap.hexes}
            found.extend(ThrowSmoke(man, game.name(h)) for h in sorted(targets, key=game.name))
        if inside(state, at):
            found.extend(
                RemoveSmoke(man, game.name(n))
                for n in sorted(
                    at.neighbors(), key=lambda x: game.name(x) if x in game.amap.hexes else ""
                )
                if n in game.amap.hexes
            )
    return [a for a in found if why_not(state, a) is None]


# --- resolving ----------------------------------------------------------------------------------


def _wind(state: SoldiersState, at: Hex, steps: list[str]) -> int:
    """The wind's direction, rolled on the first smoke throw [12.5]."""
    smoke = smoke_of(state)
    if smoke.wind is None:
        d6 = state.roll("the wind's direction [12.5]", 6)
        smoke.wind = state.game.amap.direction_to_global(at, d6)
        steps.append(f"wind: d6 {d6} on the scatter indicator, to the {COMPASS[smoke.wind]} [12.5]")
    return smoke.wind


def place(state: SoldiersState, h: Hex, steps: list[str], building: bool = False) -> None:
    """Smoke where the grenade came down: inside a building or pillbox one marker [12.53];
    outside, a marker there and one in the next hex the wind's way [12.5], unless that hex is a
    building or pillbox [12.53] or off the map."""
    game, smoke = state.game, smoke_of(state)
    name = game.name(h)
    if building or indoors(state, h):
        smoke.inside.add(name)
        steps.append(f"smoke inside {name}: no drift [12.53]")
        return
    smoke.outside.add(name)
    wind = _wind(state, h, steps)
    drift = h.neighbor(wind)
    if drift not in game.amap.hexes:
        steps.append(f"smoke in {name}; the drift {COMPASS[wind]} is off the map (our reading)")
    elif indoors(state, drift):
        steps.append(
            f"smoke in {name}; no drift into the building or pillbox {game.name(drift)} [12.53]"
        )
    else:
        smoke.outside.add(game.name(drift))
        steps.append(f"smoke in {name} and, drifting {COMPASS[wind]}, in {game.name(drift)} [12.5]")


def throw_smoke(state: SoldiersState, action: ThrowSmoke) -> None:
    """Resolve a smoke throw (legality already checked) [12.5]."""
    man, smoke = action.man, smoke_of(state)
    state.active.ap -= THROW_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own: the next pays anew (our reading) [7.1]
    smoke.thrown[man] = smoke.thrown.get(man, 0) + 1
    chance, work = throw_chance(
        state, Throw(action.man, action.hex)
    )  # "as if throwing an explosive grenade" [12.5]
    what = f"throws a smoke grenade at {action.hex.upper()}"

    def note() -> None:
        state.emit(SmokeNote(man, what, tuple(work.steps), tuple(work.placeholders)))

    def came_down(lands: Hex | None) -> None:
        if lands is None:
            work.steps.append("no smoke")
            note()

    def release(state: SoldiersState, h: Hex, hand: str | None = None) -> None:
        if hand is not None:
            work.steps.append("the smoke is released in the thrower's hex, unharmed [12.5]")
        place(state, h, work.steps)
        note()

    resolve_throw(state, man, action.hex, chance, work, SMOKE, came_down, release)


def remove_smoke(state: SoldiersState, action: RemoveSmoke) -> None:
    """The smoke inside the man's hex thrown out into the adjacent hex, 3 AP [12.54]."""
    game, smoke = state.game, smoke_of(state)
    at = state.troops.hexes[action.man]
    to = game.by_name[action.hex.upper()]
    state.active.ap -= REMOVE_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own (our reading) [7.1]
    smoke.inside.discard(game.name(at))
    steps = [f"{REMOVE_AP:g} AP, {state.active.ap:g} left [12.54]"]
    place(state, to, steps)
    state.emit(SmokeNote(action.man, f"throws the smoke out of {game.name(at)}", tuple(steps)))


def dissipates(state: SoldiersState) -> str:
    """The Smoke Dissipates event: every smoke marker outside is removed [12.52]; smoke
    inside buildings and pillboxes stays [12.53]. Returns what happened, in words."""
    found = getattr(state, "smoke", None)
    if found is None or not found.outside:
        return ""
    gone = ", ".join(sorted(found.outside))
    found.outside = set()
    return f"the smoke markers in {gone} are removed [12.52]"


def cycle_ends(state: SoldiersState) -> None:
    """All smoke markers are removed at the end of each Command Cycle [12.52; 12.53]."""
    found = getattr(state, "smoke", None)
    if found is None or not (found.outside or found.inside):
        return
    gone = ", ".join(sorted(found.outside | found.inside))
    found.outside, found.inside = set(), set()
    state.emit(
        SmokeNote(
            "", f"the smoke in {gone} is removed: end of the Command Cycle", ("[4; 12.52; 12.53]",)
        )
    )


# --- the State API ------------------------------------------------------------------------------


def apply(state: SoldiersState, action: Action) -> None:
    if isinstance(action, ThrowSmoke):
        throw_smoke(state, action)
    elif isinstance(action, RemoveSmoke):
        remove_smoke(state, action)


def odds(state: SoldiersState, action: ThrowSmoke) -> Chance:
    """The preview's odds of the smoke landing in the target hex [12.5; 12.2]."""
    chance, work = throw_chance(state, Throw(action.man, action.hex))
    rolls = max(0, min(9, chance))  # a 10 never hits: it may malfunction [12.3]
    words = (
        "below 1: it scatters unless it malfunctions [12.21]"
        if chance < 1
        else f"a d10 of {rolls} or less lands in the hex: {rolls} in 10"
    )
    text = f"{'; '.join(work.steps)}; modified hit chance {chance}: {words}; else it scatters"
    return Chance(action.hex.upper(), text, rolls / 10 if chance >= 1 else 0.0)


def preview(state: SoldiersState, action: Action, words: str) -> Preview:
    """What the smoke action would do now (its legality already checked)."""
    if isinstance(action, ThrowSmoke):
        cost = f"{THROW_AP:g} of {state.active.ap:g} AP"
        rules = ("smoke grenade [12.5]", "hit chance [12.2; 12.21]", "effects of smoke [12.51]")
        return Preview(words, True, None, cost, (odds(state, action),), rules)
    cost = f"{REMOVE_AP:g} of {state.active.ap:g} AP"
    return Preview(words, True, None, cost, rules=("remove smoke [12.54]",))


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, ThrowSmoke):
        return f"Throw a smoke grenade at {action.hex} [12.5]"
    if isinstance(action, RemoveSmoke):
        return f"Throw the smoke out of his hex into {action.hex} [12.54]"
    return action.text()


def concerns(state: SoldiersState, action: ThrowSmoke | RemoveSmoke) -> ActionFocus:
    return ActionFocus(action.man, "other", state.game.hex_named(action.hex))


# --- in a position file -------------------------------------------------------------------------


class SmokePosition(StrictModel):
    """The smoke in a position file [12.5].

    Attributes:
        wind: the wind's direction once rolled, 0-5 from north clockwise [12.5].
        outside: hexes with a smoke marker outside a building or pillbox [12.51].
        inside: building and pillbox hexes with smoke inside [12.53].
        thrown: the smoke grenades each man has thrown [12; 19.5].
    """

    wind: int | None = Field(default=None, ge=0, le=5)
    outside: list[str] = Field(default_factory=list)
    inside: list[str] = Field(default_factory=list)
    thrown: dict[str, int] = Field(default_factory=dict)


def write_position(state: SoldiersState) -> SmokePosition | None:
    """The smoke section of a position file; None when there is nothing to write."""
    smoke = smoke_of(state)
    found = SmokePosition(
        wind=smoke.wind,
        outside=sorted(smoke.outside),
        inside=sorted(smoke.inside),
        thrown=dict(sorted(smoke.thrown.items())),
    )
    return None if found == SmokePosition() else found


def read_position(
    state: SoldiersState, found: SmokePosition | None, reader: PositionReader
) -> None:
    """The state's smoke from a position file's section; a name that is no hex or man goes to
    ``reader``."""
    found = found or SmokePosition()
    game = state.game
    for key in ("outside", "inside"):
        for name in getattr(found, key):
            if name not in game.by_name:
                reader.problem(("state", "smoke", key), f"'{name}' is not a hex of the map")
    for man in found.thrown:
        if man not in game.men:
            reader.problem(("state", "smoke", "thrown"), f"the game has no man '{man}'")
    state.smoke = Smoke(
        found.wind,
        {n for n in found.outside if n in game.by_name},
        {n for n in found.inside if n in game.by_name},
        {m: c for m, c in found.thrown.items() if m in game.men and c >= 0},
    )
