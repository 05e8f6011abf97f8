"""Limited Intelligence [OP X]: "Until a Combat unit is sighted, a player does not have to
reveal exactly what type of unit it is" [OP X]. Optional Rules a scenario names in
``rules.options``, or for one side in ``rules.side_options`` (a side uses an option its own
list names; an option no side lists is used by every side that ``rules.options`` gives it to,
as the adjudication reads Completely Hidden units [SCN IV.F]).

- ``inverted-units`` [OP X.A]: the side's units are inverted. The other side sees an inverted
  unit's counter, its hex and facing, and only "tracked Vehicle units from other units by their
  shape" [OP X.A.1]: its view shows "a tracked vehicle" or "a unit", under a name that is not
  its id (the ids name the type). "A unit is only placed face up when it is in the sighting
  range of an enemy unit, not when it is sighted due to firing" [OP X.A.2]: face up while some
  enemy unit sights it by line of sight and the Sighting Ranges Table [AG IV.B-C], never by
  the fired-last-Turn rule [AG IV.C.5]; "if it is again lost to sight, it can be again
  inverted" (always, our reading).
- ``completely-hidden-units`` [OP X.B]: the side's units are not on the other side's map
  "until they are sighted" [OP X.B.3], by any sighting rule (the fired-last-Turn one included
  [AG IV.C.5], our reading; a unit that fires this Turn is sighted from then by every enemy
  unit with a clear line to it, our reading of the same rule), and removed again when lost to
  sight. "Hidden units can be moved by erasing the previous mark" [OP X.B.4]: their moves are
  secret. The book allows it only to "a side that starts the game with its units already on the
  mapboard"; the engine stands entering units on their entry hexes from the start
  (:mod:`rules.armor.setup`), and 4B gives it to the entering Attacker [SCN VIII.B.3], so any
  side the scenario names may use it.
- Secrets in play (both options): an event about a concealed unit's own doings (set up, moved,
  its order cut, its Final Facing) is private to its owner (our reading of [OP X.B.4] and of
  the inverted counter: the log would name its type), as are its orders when the Command Sheets
  are laid out [AG VII.A]. A unit's fire and the hits it takes stay in both logs (the target's
  owner sees the shot; a hidden firer is sighted by it [AG IV.C.5]). What the book's players
  learn by a "fleeting glimpse" of a moving hidden unit [OP X.B.4] is read where each event
  happens: a unit that triggers Opportunity Fire is sighted then; a move is private when the
  unit is concealed at its end (our reading).
- ``sighting-elevation`` [OP X.C.1]: "Add five hexes to the range at which a unit may see or be
  seen for every elevation level difference between the units", only for a target in Clear,
  Defilade, Depression or Soft terrain (the Sighting Ranges Table's Clear/River/Bridge column
  counts as Clear, as the table's note has it).
- ``sighting-dust`` [OP X.C.3]: "Except in Mud weather, any Vehicle unit that moved two or more
  hexes during the previous Turn" throws up dust [X.C.3.a]: it "can be seen from the same range
  as if it were in Clear Terrain" [X.C.3.b], and its hex and the hexes it passed through
  "contain dust", handled as Smoke for sighting [X.C.3.c]. Our reading: the dust blocks lines
  of sight through those hexes and into them (as Smoke [OP IX.A.5]), except to the Vehicle
  raising it (its own dust does not hide it); not out of them (a unit in dust sees as
  before). A dust hex costs a Vehicle +1 SF to enter, as a Smoke hex [OP IX.A.5]
  (:func:`smoke_hexes`; once where it is a Smoke hex already; the raising Vehicle too, our
  reading). No dust is thrown up in Mud weather [X.C.3.a]. With Completely Hidden units "the
  whole route taken by an otherwise secret move must be revealed to the opposing player"
  [X.C.3.b]: at the end of the Movement Execution Phase the other side's log lists the hexes
  a hidden dusty Vehicle entered, the owner's says so (:func:`raise_dust`); the unit itself
  is placed on the map only when sighted [OP X.B.3].

- ``sighting-full-cover`` [OP X.C.2]: "Leg and Towed units that are in Full Cover are harder
  to 'see' than normally. The second number given under the SM and LG columns of the Sighting
  Ranges Table are the distances at which these units can be seen when in Full Cover": a unit
  under a Full Cover unit [ADV IV.C.2] (:mod:`rules.armor.cover`) is sighted by the table's
  Full Cover rows (``Day Normal, Full Cover target (OP)`` and the Buttoned one), the book's
  second numbers; the other sighting rules apply to that range as to the first (twice it over
  4 Stacking Factors [AG IV.C.6], +5 a level [OP X.C.1], the smaller of mixed terrain
  [AG IV.C.3]; our reading: the book names no exception), and an adjacent unit or one that
  fired last Turn is sighted as any other [GC2 note; AG IV.C.5]. Wherever the engine reads the
  table (:func:`rules.armor.fire.why_not_sighted` and its verdict-only twin
  :func:`rules.armor.fire.sights`): the Sighting Phase, fire orders, Opportunity and Tracking
  Fire, and which units the other side sees under the options above.

Buttoned Sighting [OP X.C.5] (``sighting-buttoned``) is in :mod:`rules.armor.hatches`.

- ``smoking-wrecks`` [OP X.C.4]: "Any hex containing a Wreck unit can be considered to be a
  Smoke hex, and has the same effect as a Smoke unit on moving and sighting": a Wreck knocked
  out in play (from when it is placed: a Direct Fire Phase's Knock Outs land when all its fire
  is done [AG VI.A]) or one the map holds blocks the line of sight as Smoke fired in play
  [OP IX.A.5] (into, out of and through it, an adjacent hex still sighted [AG IV]), and costs a
  Vehicle +1 SF to enter (:func:`rules.armor.optional.smoke.cost`), once where the hex is
  already a Smoke hex (our reading). Our reading: a unit's move is worked out when it begins
  to move, so a Wreck left on its path by Opportunity Fire during its own move does not cost
  it more (the +1 counts for the units that move after).

- ``noise`` [OP X.D] (our name; "should be used only with the Completely Hidden Units
  Option"): a moving Vehicle is heard up to ten hexes off, a moving Leg unit up to four, by an
  enemy unit; the hearing side is told "what (Vehicle or Leg) was heard, and where" [X.D.3],
  never shown the unit (:func:`hear`). Our readings: heard at the end of the Movement
  Execution Phase, each hex the unit entered within reach of one of the side's units on the
  map, only a unit still out of that side's sight then (a unit sighted is on its map
  already); a Towed or transported unit makes no noise of its own; the heard marks last
  for the Turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from model.hexes import Hex, line_steps
from rules.armor.optional import (
    DUST,
    ELEVATION,
    FULL_COVER_SIGHTING,
    HIDDEN,
    INVERTED,
    NOISE,
    WRECKS,
    in_use,
)
from rules.armor.optional.events import Told
from rules.engine.events import Event

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

#: The concealing options, what the other side sees of a concealed unit.
CONCEALING = (HIDDEN, INVERTED)
#: Extra hexes of sighting range per elevation level of difference [OP X.C.1].
PER_LEVEL = 5
#: The terrains [OP X.C.1] names, besides those the Sighting Ranges Table reads as Clear.
_ELEVATION_TERRAIN = frozenset({"defilade", "depression", "soft"})
#: The events about a unit's own doings kept from the other side while it is concealed.
_OWN_DOINGS = frozenset(
    {
        "armor-placed",
        "armor-moved",
        "armor-order-cut",
        "armor-faced",
        "armor-left-map",
        "armor-storey",  # Up and Down [ADV IV.B.2]
        "armor-hatches",  # the Turret unit exchanged [AG VIII.B.2]
    }
)


def uses(game: ArmorGame, side: str, option: str) -> bool:
    """Whether ``side`` plays ``option``: its own ``side_options`` list names it, or no side's
    list does and ``rules.options`` does [OP X; SCN IV.F]."""
    rules = game.scenario.rules
    if any(option in chosen for chosen in rules.side_options.values()):
        return option in rules.side_options.get(side, [])
    return option in rules.options


def concealing(game: ArmorGame) -> bool:
    """Whether any side's units are inverted or hidden [OP X.A-B]."""
    return any(uses(game, s, o) for s in game.sides for o in CONCEALING)


def concealment(state: ArmorState, unit: str, viewer: str) -> str | None:
    """How ``unit`` shows to side ``viewer`` now: ``hidden`` (not on its map [OP X.B.3]),
    ``inverted`` (a counter face down [OP X.A]), or None (face up)."""
    spec = state.game.units[unit]
    if spec.side == viewer or unit not in state.troops.hexes:
        return None
    hidden = uses(state.game, spec.side, HIDDEN)
    inverted = uses(state.game, spec.side, INVERTED)
    if not (hidden or inverted):
        return None
    from rules.armor.fire import why_not_sighted

    watchers = state.alive(viewer)
    seen = any(why_not_sighted(state, w, unit) is None for w in watchers) if hidden else True
    if not seen and not _fired_in_view(state, unit, watchers):
        return "hidden"
    if inverted and not any(
        why_not_sighted(state, w, unit, by_firing=False) is None for w in watchers
    ):
        return "inverted"
    return None


def _fired_in_view(state: ArmorState, unit: str, watchers: list[str]) -> bool:
    """A unit that fired this Turn, seen by an enemy unit with a clear line of sight to its
    hex (our reading of [AG IV.C.5] for this Turn)."""
    if unit not in state.firing.fired:
        return False
    b = state.troops.hexes[unit]
    return any(state.game.los(state.troops.hexes[w], b).verdict != "blocked" for w in watchers)


def shape(state: ArmorState, unit: str) -> str:
    """What the other side tells of an inverted counter: "a tracked Vehicle unit" or not, by its
    shape [OP X.A.1]."""
    return "tracked-vehicle" if state.game.units[unit].category == "tracked" else "unit"


def private(state: ArmorState, event: Event) -> Event:
    """The event, private to its unit's owner when it tells of a concealed unit's own doings
    (module docstring) [OP X.A-B]."""
    unit = getattr(event, "unit", None)
    if event.private_to is not None or event.kind not in _OWN_DOINGS or unit is None:
        return event
    spec = state.game.units.get(unit)
    if spec is None:
        return event
    others = [s for s in state.game.sides if s != spec.side]
    if all(concealment(state, unit, s) is not None for s in others):
        return dataclasses.replace(event, private_to=spec.side)
    return event


# --- sighting options [OP X.C] --------------------------------------------------------------


def range_bonus(state: ArmorState, sighter: str, target: str, terrains: list[str]) -> int:
    """Hexes added to the sighting range by elevation level differences [OP X.C.1]: five per
    level between the units, for a target in Clear, Defilade, Depression or Soft terrain
    (``terrains``: its hex's, as the Sighting Ranges Table reads them)."""
    if not in_use(state.game, ELEVATION):
        return 0
    from rules.armor.fire import sight_group

    if not all(t in _ELEVATION_TERRAIN or sight_group(t) == "clear-river-bridge" for t in terrains):
        return 0
    from rules.armor.storeys import level  # a unit upstairs is higher [AG IV.B.1.h(3)]

    return PER_LEVEL * abs(level(state, sighter) - level(state, target))


#: The Sighting Ranges Table's row name ending for a Full Cover target [OP X.C.2; GC2].
FULL_COVER_ROW = ", Full Cover target (OP)"


def full_cover_row(state: ArmorState, target: str, row: str) -> str:
    """The Sighting Ranges Table's row (the sighting unit's ``row``: Normal or Buttoned) for
    ``target`` [OP X.C.2]: its Full Cover row, whose LG and SM numbers are the book's second
    numbers, when the scenario plays ``sighting-full-cover`` and a Full Cover unit stands on
    the target (a Leg or Towed unit: only they take one [ADV IV.C.1-2]); else ``row``."""
    if not in_use(state.game, FULL_COVER_SIGHTING) or target not in state.cover.covered:
        return row
    return row + FULL_COVER_ROW


def dusty(state: ArmorState, unit: str) -> bool:
    """The Vehicle unit throws up dust this Turn [OP X.C.3.a]."""
    return unit in state.intel.dust


def why_not_seen(state: ArmorState, a: Hex, b: Hex, target: str | frozenset[str]) -> str | None:
    """Why dust blocks the line from ``a`` to ``b`` (not adjacent) to ``target`` (a unit, or
    the units of a hex sighted as a hex), or None [OP X.C.3.c]: a hex of another Vehicle's
    dust on the line, ``b`` included, the sighter's hex not (module docstring: our reading; a
    Vehicle is not hidden by its own dust, which "can be seen from long distances"
    [OP X.C.3])."""
    dust = state.intel.dust
    if not dust:
        return None
    own = frozenset({target}) if isinstance(target, str) else target
    raised: dict[Hex, str] = {}
    for unit, path in sorted(dust.items()):
        for h in path:
            if unit not in own:
                raised.setdefault(h, unit)
    for step in line_steps(a, b):
        if a in step.hexes:
            continue
        if all(h in raised for h in step.hexes):
            where = " and ".join(state.game.name(h) for h in step.hexes)
            return f"dust raised by {raised[step.hexes[0]]} in {where} [OP X.C.3.c]"
    return None


def raise_dust(state: ArmorState) -> None:
    """The Movement Execution Phase is over: each Vehicle unit that moved two or more hexes
    throws up dust for the next Turn, except in Mud weather [OP X.C.3.a]. "If the Completely
    Hidden Units Option is used, the whole route taken by an otherwise secret move must be
    revealed to the opposing player" [OP X.C.3.b]: a side told the route (the hexes it entered,
    in order) of each dusty unit hidden from it, its owner told so, one log line each; the
    unit itself is placed on the map only when sighted [OP X.B.3] (its dust makes it seen as
    in Clear from the next Turn [X.C.3.b])."""
    if not in_use(state.game, DUST) or state.game.ground == "mud":
        return
    name = state.game.name
    for unit, w in sorted(state.execution.walks.items()):
        spec = state.game.units[unit]
        if not (spec.vehicle and len(w.hexes) >= 2 and unit in state.troops.hexes):
            continue
        route = tuple(h for h, _, _ in w.hexes)
        state.intel.raised[unit] = route
        if not uses(state.game, spec.side, HIDDEN):
            continue
        where = tuple(name(h) for h in route)
        for side in state.game.sides:
            if side == spec.side or concealment(state, unit, side) != "hidden":
                continue
            told = "Dust thrown up by a hidden Vehicle unit's move: its whole route revealed"
            state.emit(Told(told, where, "[OP X.C.3.b]", private_to=side))
            told = f"{unit} threw up dust: its whole route revealed to the {side} side"
            state.emit(Told(told, where, "[OP X.C.3.b]", private_to=spec.side))


def settle_dust(state: ArmorState) -> None:
    """A new Turn: last Turn's dust is this Turn's; the older has settled [OP X.C.3.a]. What
    was heard last Turn is forgotten [OP X.D] (our reading: the noise marks the Turn it was
    made)."""
    state.intel.dust, state.intel.raised = state.intel.raised, {}
    if state.intel.heard:
        state.intel.heard = {}


# --- the Optional Noise Rules [OP X.D] --------------------------------------------------------

#: How far a moving unit is heard, by what it is [OP X.D.1-2].
HEARD_AT = {"vehicle": 10, "leg": 4}
#: What a side is told was heard [OP X.D.3].
HEARD_WORDS = {"vehicle": "a Vehicle", "leg": "a Leg unit"}


def heard_kind(state: ArmorState, unit: str) -> str | None:
    """What a moving ``unit`` is heard as [OP X.D.1-2]: ``vehicle`` or ``leg``; None for a
    unit that makes no noise of its own (a Towed unit, or a unit riding a Vehicle: the
    Vehicle is heard, our reading)."""
    spec = state.game.units[unit]
    if state.transported(unit):
        return None
    if spec.vehicle:
        return "vehicle"
    return "leg" if spec.leg else None


def hear(state: ArmorState) -> None:
    """The Movement Execution Phase is over: with ``noise`` [OP X.D], each unit of a side
    playing Completely Hidden Units that moved and is out of the other side's sight at the
    end of its move (the Option "is helpful only concerning units that are out of sight"
    [OP X.D]) is heard by that side in each hex it entered within ten hexes (a Vehicle
    [X.D.1]) or four (a Leg unit [X.D.2]) of one of the side's units on the map. "The
    controlling player does not place the moving unit on the mapboard, but must tell the
    opponent what (Vehicle or Leg) was heard, and where (what hex or hexes) the noise
    originated" [X.D.3]: a line in each side's log and, for the hearing side, a heard mark in
    each such hex for the rest of the Turn (:func:`rules.armor.view.side_view`)."""
    if not in_use(state.game, NOISE):
        return
    name = state.game.name
    for unit, w in sorted(state.execution.walks.items()):
        spec = state.game.units[unit]
        if not w.hexes or unit not in state.troops.hexes or not uses(state.game, spec.side, HIDDEN):
            continue
        what = heard_kind(state, unit)
        if what is None:
            continue
        for side in state.game.sides:
            if side == spec.side or concealment(state, unit, side) != "hidden":
                continue
            ears = [state.troops.hexes[u] for u in state.alive(side)]
            where: list[Hex] = []
            for h, _, _ in w.hexes:
                if h not in where and any(h.distance(e) <= HEARD_AT[what] for e in ears):
                    where.append(h)
            if not where:
                continue
            state.intel.heard[side] = state.intel.heard.get(side, ()) + tuple(
                (what, h) for h in where
            )
            rule = f"[OP X.D.{1 if what == 'vehicle' else 2}; X.D.3]"
            words = HEARD_WORDS[what]
            reach = HEARD_AT[what]
            names = tuple(name(h) for h in where)
            told = f"Noise: {words} heard moving (up to {reach} hexes off), not seen, in"
            state.emit(Told(told, names, rule, private_to=side))
            told = f"Noise: {unit} heard by the {side} side as {words} moving in"
            state.emit(Told(told, names, rule, private_to=spec.side))


# --- a fleeting glimpse [OP X.B.4] ------------------------------------------------------------


def glimpse(state: ArmorState) -> None:
    """The Movement Execution Phase is over: "As the units are moved, be sure to tell the
    opponent if he sights even a fleeting glimpse of the moving unit" [OP X.B.4]. Each unit of
    a side playing Completely Hidden Units that moved and is hidden from the other side at the
    end of its move is judged in each hex it entered on the way: where one of that side's units
    would sight it there [AG IV] (the Sighting Ranges Table, the line of sight, Smoke and dust
    as now), the side is told the unit, as a sighted unit is face up [OP X.A.2], and those
    hexes; its owner is told so. The unit stays off the other side's map [OP X.B.3]. Our
    readings: judged from where the watching units stand when the phase ends (as the Noise
    [OP X.D]); on the ground storey, in the facing it entered the hex with; a unit riding a
    Vehicle is glimpsed with it [ADV V.C.4], not on its own."""
    from rules.armor.fire import why_not_sighted

    game = state.game
    troops, upstairs = state.troops, state.storeys.upstairs
    for unit, w in sorted(state.execution.walks.items()):
        spec = game.units[unit]
        if (
            len(w.hexes) < 2
            or unit not in troops.hexes
            or state.transported(unit)
            or not uses(game, spec.side, HIDDEN)
        ):
            continue
        for side in game.sides:
            if side == spec.side or concealment(state, unit, side) != "hidden":
                continue
            watchers = state.alive(side)
            end, facing, storey = troops.hexes[unit], troops.facing[unit], upstairs.pop(unit, None)
            seen: list[Hex] = []
            try:
                for h, f, _ in w.hexes[:-1]:  # the last is the end, judged already
                    troops.hexes[unit], troops.facing[unit] = h, f
                    if h not in seen and any(
                        why_not_sighted(state, x, unit, by_firing=False, explain=False) is None
                        for x in watchers
                    ):
                        seen.append(h)
            finally:
                troops.hexes[unit], troops.facing[unit] = end, facing
                if storey is not None:
                    upstairs[unit] = storey
            if not seen:
                continue
            names = tuple(game.name(h) for h in seen)
            told = f"A fleeting glimpse of {spec.name} moving, lost to sight again, in"
            state.emit(Told(told, names, "[OP X.B.4]", private_to=side))
            told = f"{unit} was glimpsed moving by the {side} side in"
            state.emit(Told(told, names, "[OP X.B.4]", private_to=spec.side))


# --- Smoking Wreck units [OP X.C.4] -----------------------------------------------------------


def smoking_map_wrecks(game: ArmorGame) -> bool:
    """Whether the map's own Wreck units (its ``wreck`` terrain) are Smoke hexes: the scenario
    plays ``smoking-wrecks`` [OP X.C.4]."""
    return in_use(game, WRECKS)


def smoke_hexes(state: ArmorState) -> frozenset[Hex]:
    """The hexes the Optional Sighting Rules make Smoke hexes for moving now, besides the
    map's: each hex holding a Wreck unit knocked out in play, with ``smoking-wrecks``
    [OP X.C.4] ("has the same effect as a Smoke unit on moving and sighting"), and each hex
    containing dust, with ``sighting-dust`` [OP X.C.3.c] ("Handle the same as if these hexes
    all contained a Smoke unit")."""
    found: set[Hex] = set()
    if state.damage.wrecks and in_use(state.game, WRECKS):
        found.update(state.damage.wrecks)
    for path in state.intel.dust.values():  # empty unless sighting-dust raised it
        found.update(path)
    return frozenset(found)


def smoking_wreck(state: ArmorState) -> Callable[[Hex], bool] | None:
    """Whether a hex holds a Wreck unit that is a Smoke hex for sighting now [OP X.C.4] (one
    knocked out in play, or the map's own ``wreck`` terrain); None without
    ``smoking-wrecks``. :func:`rules.armor.optional.smoke.why_not_seen` reads it beside the
    Smoke fired in play, so every line of sight that Smoke blocks, a Smoking Wreck blocks."""
    if not in_use(state.game, WRECKS):
        return None
    wrecks = frozenset(state.damage.wrecks)
    terrain = state.game.terrain

    def smoking(h: Hex) -> bool:
        return h in wrecks or (h in terrain and "wreck" in terrain.mixed(h))

    return smoking
