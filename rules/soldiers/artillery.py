"""Soldiers artillery [17; 19.42]: radios, artillery calls and strikes.

Support [17; 19.42]: a side that bought Light or Heavy artillery support (an ``ART-LIGHT`` or
``ART-HEAVY`` purchase) has a radio, assigned to one man [17.1]. Which man is the owner's
choice, asked at the start (:mod:`rules.soldiers.radio_choice`); :attr:`Support.radioman` is the
engine's stand-in the heuristic bot keeps, the side's leader with the highest command rating who
is on the map at the start (a leader may always use it, 17.12, and the radio is wanted where
orders are given).

Use radio [17.12; 17.2]: the man assigned the radio, or a leader stacked with him, performs the
use radio maintenance action when under orders: 2 AP (our reading: the Action Summary is not in
the text; as the other maintenance actions, clear jam and reload) where the risk level allows
maintenance [7.31]. The target is a hex he sees, or one a friendly able, non-suppressed man he
sees can see (a forward observer [17.22]). A second call on a hex already called is a double
call ("x2", +2 on the Artillery Call Table [17.23]); a use radio action may instead cancel a
call [17.24]. Calls are recorded in order, as on the squad sheet [17.21; 19.63].

Artillery Strike event [17.25; 17.3]: the player who rolled it (the active player, the Event
Summary's placeholder) resolves his first recorded call; with no call recorded he may make a
free call: any eligible man with the radio names a hex as for a call, at no AP cost, and the
strike is resolved at once (our reading: 25.6's Second Event A resolves such a strike with
"no call needed"); the free call lasts the Action Phase. A side without support ignores it.

The strike [17.3; 17.31; 17.4; 17.5; 17.51; 17.52]: (1) a d10 on the side's Artillery Call
Table, +2 for a double call: a lost call, light shells or heavy shells; (2) the target's map
zone is announced and the men hit the dirt (our reading of the voluntary suppression: the
enemy's able men in that zone suppress themselves, the caller's men do not, as in the 17.4
example; the players' own choice is not offered); (3) a d10 on the shell type's Artillery Strike
Table minus the Target Acquisition marker (2 or 4): on target, or scatter n (a d6 on the map's
scatter indicator, n hexes; a d6 again, n - 1 hexes [17.4]); off the map it does no harm (our
reading); (4) the Impact Diagram (read as rings, a placeholder): D kills every man in the hex
and leaves rubble in a building or pillbox hex, else a crater [17.51]; H or L, a d10 on that
line of the Artillery Damage Table for each man, -2 if suppressed, plus the terrain's damage
modifier, an unmodified 10 kills, 1 or less is Sup [17.52; 8.42]; (5) a leader or the radioman
of the side who sees the target hex places a Target Acquisition marker there, -2, flipped to -4
by the next strike so observed [17.31].

The barrage [17.6]: the attacker with heavy support conducts one (our reading: always): the
defender makes no operational moves; his men set up unstacked as far as the set-up's spreading
gives (a stack is logged, not broken up).

A leader who takes the radio uses it [17.12] (rules.soldiers.kit); Target Acquisition counts
whoever carries it now [17.31]. Missing: the scenario's own barrage effects (24.5); the radio
marker's visibility [17.11] (nothing is hidden in this engine); the call a strike resolves is
always the first recorded (the player's choice is not offered).

Rubble and Crater markers [17.51]: rubble costs 2 AP to enter [7.21] (:func:`rubble_extra`);
both stand for the hex's terrain under fire and throws and give their category
(:func:`rules.soldiers.preparations.overriding`); a pillbox made rubble is gone.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from model.hexes import Hex
from model.scenario import Scenario
from rules.engine.record import OMIT, Record, plain, state_field
from rules.engine.worked import Working
from rules.soldiers.actions import SetupNote
from rules.soldiers.fire import apply_damage
from rules.soldiers.fire_support_actions import ArtilleryNote, CancelCall, Radio
from rules.soldiers.scenario_effects import struck
from rules.soldiers.units import Man, cell

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

#: The purchases that give artillery support, and their Artillery Call Table rows [19.42].
SUPPORT_ITEMS = {"ART-LIGHT": "light support", "ART-HEAVY": "heavy support"}
#: What a use radio action costs: the Action Summary is not in the text (our reading: as the
#: other maintenance actions, clear jam and reload [7.32; 8.52]).
RADIO_AP = 2
LEADERS = ("squad-leader", "assistant-squad-leader", "platoon-leader")
DOUBLE_CALL = 2  # [17.23; 17.3]
IMPACT_REACH = 3  # [17.5]
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


@dataclass(frozen=True)
class Support:
    """A side's artillery support [19.42]: its Artillery Call Table row and the stand-in for
    its radioman (the owner assigns the radio [17.1]: :func:`rules.soldiers.kit.radio_assigned`)."""

    side: str
    row: str
    radioman: str

    @property
    def heavy(self) -> bool:
        return self.row == "heavy support"


def support_of(scenario: Scenario, men: list[Man], late: set[str]) -> dict[str, Support]:
    """Each side's artillery support and the stand-in for the man given its radio [17.1; 19.42]
    (``late``: the men who enter later, the stand-in only when no one else may be)."""
    found: dict[str, Support] = {}
    for side in scenario.sides:
        items = [p.item.upper() for p in side.purchases if p.item.upper() in SUPPORT_ITEMS]
        roster = [m for m in men if m.side == side.id]
        if not items or not roster:
            continue
        item = "ART-HEAVY" if "ART-HEAVY" in items else items[0]  # one level [19.52]
        radioman = min(roster, key=lambda m: (m.id in late, -m.command, -m.initiative, m.id))
        found[side.id] = Support(side.id, SUPPORT_ITEMS[item], radioman.id)
    return found


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Calls(Record):
    """The artillery in play [17]: each side's unresolved calls in the order made, each a
    target hex's name and whether it is a double call [17.21; 17.23; 19.63]; the Target
    Acquisition markers (hex name -> 2 or 4) [17.31]; the Rubble and Crater markers [17.51];
    the side that may make a free call in this Action Phase [17.25]."""

    calls: dict[str, tuple[tuple[str, bool], ...]] = state_field(
        default_factory=dict, key="artillery_calls", encode=_unless_empty
    )
    acquired: dict[str, int] = state_field(
        default_factory=dict, key="target_acquisition", encode=_unless_empty
    )
    rubble: set[str] = state_field(default_factory=set, encode=_unless_empty)
    craters: set[str] = state_field(default_factory=set, encode=_unless_empty)
    free_call: str | None = state_field(default=None, encode=_unless_empty)


# --- who may use the radio, and at what -----------------------------------------------------


def users(state: SoldiersState, side: str) -> list[str]:
    """The men who may use the side's radio now [17.12]: the man assigned it while he carries
    it and any leader stacked with him, or a leader who took it
    (:func:`rules.soldiers.kit.radio_users`); not a disabled man, not a man off the map."""
    from rules.soldiers.kit import radio_users

    men = state.game.men
    return radio_users(state, side, lambda m: men[m].rank in LEADERS)


def observer(state: SoldiersState, man: str, target: Hex) -> str | None:
    """Who sees the target for the man with the radio: himself, or a friendly able,
    non-suppressed man he sees (a forward observer [17.22]); None when nobody does."""
    game, hexes = state.game, state.troops.hexes
    at = hexes[man]
    if state.sees(at, target) or at == target:
        return man
    side = game.men[man].side
    for m in sorted(hexes):
        if m == man or game.men[m].side != side or m in state.troops.disabled:
            continue
        if m in state.troops.suppressed:
            continue
        if state.sees(at, hexes[m]) and state.sees(hexes[m], target):
            return m
    return None


def _call_on(state: SoldiersState, side: str, name: str) -> tuple[str, bool] | None:
    return next((c for c in state.artillery.calls.get(side, ()) if c[0] == name), None)


def is_free(state: SoldiersState, side: str) -> bool:
    """Whether the side may make its free call now [17.25]."""
    return state.artillery.free_call == side and state.play.phase == "action"


def why_not_radio(state: SoldiersState, action: Radio | CancelCall) -> str | None:
    """Why the use radio action may not be applied now, or None [17.12; 17.2-17.25]."""
    game, man = state.game, action.man
    spec = game.men.get(man)
    if spec is None or spec.side not in game.artillery_support:
        return "his side bought no artillery support: no radio [17.1; 19.42]"
    if state.play.phase != "action":
        return "not in the Action Phase [17.2]"
    from rules.soldiers.kit import radio_destroyed

    if radio_destroyed(state, spec.side):
        return "his side's radio was destroyed [9.5]: no call (17.12)"
    if man not in users(state, spec.side):
        return "only the man assigned the radio, or a leader stacked with him, uses it [17.12]"
    if man in state.troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    target = game.by_name.get(action.hex.upper())
    if target is None:
        return f"'{action.hex}' is not a hex of the map"
    name = game.name(target)
    found = _call_on(state, spec.side, name)
    if isinstance(action, CancelCall):
        if found is None:
            return f"his side has no call on {name} to cancel [17.24]"
    elif found is not None and found[1]:
        return f"the call on {name} is already a double call [17.23]"
    elif observer(state, man, target) is None:
        return (
            f"neither he nor a friendly able, non-suppressed man he sees can see {name} "
            "[17.2; 17.22]"
        )
    if is_free(state, spec.side) and isinstance(action, Radio):
        return None  # the free call: no order, no AP [17.25]
    return _why_not_maintenance(state, man)


def _why_not_maintenance(state: SoldiersState, man: str) -> str | None:
    from rules.soldiers.weapons import why_not_here

    if state.active.current != man:
        return "only the man under orders acts; use radio is his action [6.2; 17.2]"
    if man in state.troops.captured or man in state.troops.captured.values():
        return "a prisoner or a guard may not use the radio [9; 9.4]"
    if state.active.ap < RADIO_AP:
        return f"use radio costs {RADIO_AP} AP (our reading), {state.active.ap:g} left [17.2]"
    return why_not_here(state, man, "use the radio")


def options(state: SoldiersState, side: str) -> list[Radio | CancelCall]:
    """The use radio actions Test Play lists: calls on hexes holding able enemy men that the
    radio's user or an observer sees, double calls and cancellations of the side's calls (any
    hex in sight may be written)."""
    if side not in state.game.artillery_support or state.play.phase != "action":
        return []
    game = state.game
    enemy_hexes = {
        h
        for m, h in state.troops.hexes.items()
        if m not in state.troops.disabled and game.men[m].side != side
    }
    called = [c[0] for c in state.artillery.calls.get(side, ())]
    found: list[Radio | CancelCall] = []
    for man in users(state, side):
        names = sorted({game.name(h) for h in enemy_hexes} | set(called))
        for name in names:
            action: Radio | CancelCall = Radio(man, name)
            if why_not_radio(state, action) is None:
                found.append(action)
        for name in called:
            action = CancelCall(man, name)
            if why_not_radio(state, action) is None:
                found.append(action)
    return found


# --- calls ------------------------------------------------------------------------------------


def use_radio(state: SoldiersState, action: Radio | CancelCall) -> None:
    """A use radio action (legality already checked): a call, a double call, a cancellation,
    or the free call resolved at once [17.2-17.25]."""
    game, man = state.game, action.man
    side = game.men[man].side
    target = game.by_name[action.hex.upper()]
    name = game.name(target)
    if isinstance(action, Radio) and is_free(state, side):
        state.artillery.free_call = None
        seen_by = observer(state, man, target)
        state.emit(
            ArtilleryNote(side, f"{man} makes the free call on {name} (observer {seen_by}) [17.25]")
        )
        resolve_strike(state, side, target, False, "the free call [17.25]")
        return
    state.active.ap -= RADIO_AP
    calls = list(state.artillery.calls.get(side, ()))
    found = _call_on(state, side, name)
    if isinstance(action, CancelCall):
        calls = [c for c in calls if c[0] != name]
        text = f"{man} cancels the call on {name}: crossed out [17.24]"
    elif found is not None:
        calls = [(c[0], True) if c[0] == name else c for c in calls]
        text = f"{man} calls {name} again: a double call, x2 [17.23]"
    else:
        calls.append((name, False))
        text = f"{man} calls an artillery strike on {name}, recorded on the squad sheet [17.21]"
    state.artillery.calls[side] = tuple(calls)
    if not calls:
        del state.artillery.calls[side]
    ap = f"{RADIO_AP} AP (our reading), {state.active.ap:g} left"
    state.emit(ArtilleryNote(side, f"{text}; {ap}", private_to=side))


def strike_event(state: SoldiersState, side: str, where: str) -> None:
    """An Artillery Strike event rolled by ``side`` [17.25; 17.3]: his first recorded call is
    resolved; with none he may make a free call this Action Phase; a side without support
    ignores it."""
    if side not in state.game.artillery_support:
        state.emit(ArtilleryNote(side, "no artillery support: the event is ignored [17; 25.6]"))
        return
    calls = state.artillery.calls.get(side, ())
    if not calls:
        state.artillery.free_call = side
        text = (
            "no call recorded: a free call this Action Phase on a hex the radio's user or an "
            "observer sees, resolved at once [17.25]"
        )
        state.emit(ArtilleryNote(side, text))
        return
    (name, double), rest = calls[0], calls[1:]
    state.artillery.calls[side] = rest
    if not rest:
        del state.artillery.calls[side]
    target = state.game.by_name[name]
    text = f"resolves his first call, on {name}{' (x2)' if double else ''}; crossed off [17.3]"
    state.emit(ArtilleryNote(side, text))
    resolve_strike(state, side, target, double, f"{where} [17.3]")


def end_phase(state: SoldiersState) -> None:
    """A free call not made is lost at the end of the Action Phase (our reading of 17.25)."""
    state.artillery.free_call = None


# --- the strike -------------------------------------------------------------------------------


def resolve_strike(
    state: SoldiersState, side: str, target: Hex, double: bool = False, why: str = ""
) -> Hex | None:
    """The Artillery Strike Procedure for ``side`` on ``target`` [17.3-17.52]; returns the
    impact hex (None: a lost call or off the map). The function the Event Table's Artillery
    Strike calls (:func:`strike_event`), open to any scenario event that gives a strike."""
    game = state.game
    support = game.artillery_support[side]
    name = game.name(target)
    work = Working()
    if why:
        work.steps.append(why)
    shells = _call_table(state, support, double, work)
    if shells == "lost call":
        state.emit(ArtilleryNote(side, f"the call on {name} is lost", *_worked(work)))
        return None
    zone = zone_of(game, target)
    _hit_the_dirt(state, side, zone, work)
    impact = _impact(state, side, target, shells, work)
    state.emit(ArtilleryNote(side, f"{shells} on {name}", *_worked(work)))
    if impact is not None:
        damage(state, impact, shells)
    _acquire(state, side, target)
    return impact


def _worked(work: Working) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(work.steps), tuple(work.placeholders)


def _call_table(state: SoldiersState, support: Support, double: bool, work: Working) -> str:
    raw = state.roll(f"{support.side} Artillery Call Table, {support.row} [17.3]", 10)
    column = raw + (DOUBLE_CALL if double else 0)
    found = cell("artillery-call", support.row, column)
    shells = str(found.value)
    plus = f" + {DOUBLE_CALL} for a double call = {column} [17.23]" if double else ""
    work.steps.append(f"Artillery Call Table, {support.row}: d10 {raw}{plus}: {shells} [17.3]")
    if found.placeholder:
        work.placeholders.append(f"artillery-call {support.row}/{column}: {found.placeholder}")
    return shells


def _hit_the_dirt(state: SoldiersState, side: str, zone: str | None, work: Working) -> None:
    """Voluntary suppression [17.3]: the enemy's able men in the announced zone hit the dirt
    (our reading, as in the 17.4 example; the caller's men stay up)."""
    if zone is None:
        work.steps.append("the target's zone is not known: nobody hits the dirt (our reading)")
        return
    game, troops = state.game, state.troops
    zone_hexes = _zones(game).get(zone, frozenset())
    down = sorted(
        m
        for m, h in troops.hexes.items()
        if h in zone_hexes
        and game.men[m].side != side
        and m not in troops.disabled
        and m not in troops.suppressed
    )
    troops.suppressed.update(down)
    who = ", ".join(down) if down else "nobody"
    work.steps.append(
        f"artillery incoming in {zone}: the enemy's men there hit the dirt ({who}) "
        "(our reading of the voluntary suppression [17.3; 7.4])"
    )


def _impact(state: SoldiersState, side: str, target: Hex, shells: str, work: Working) -> Hex | None:
    """The impact hex [17.3; 17.4]: the Artillery Strike Table, then any scatter."""
    game = state.game
    mark = state.artillery.acquired.get(game.name(target), 0)
    raw = state.roll(f"{side} Artillery Strike Table, {shells} [17.3]", 10)
    column = raw - mark
    found = cell("artillery-strike", shells, column)
    result = str(found.value)
    less = f" - {mark} Target Acquisition = {column} [17.31]" if mark else ""
    work.steps.append(f"Artillery Strike Table, {shells}: d10 {raw}{less}: {result} [17.3]")
    if found.placeholder:
        work.placeholders.append(f"artillery-strike {shells}/{column}: {found.placeholder}")
    if result == "on target":
        return target
    return scatter(state, target, int(result.lstrip("S")), work)


def scatter(state: SoldiersState, target: Hex, n: int, work: Working) -> Hex | None:
    """The scatter procedure [17.4]: a d6 on the map's scatter indicator, n hexes that way; a
    d6 again, n - 1 hexes; None when the shells land off the map (our reading: no harm)."""
    game = state.game
    at: Hex | None = target
    for leg, count in ((1, n), (2, n - 1)):
        assert at is not None
        d6 = state.roll(f"artillery scatter, leg {leg} [17.4]", 6)
        compass = game.amap.direction_to_global(at, d6)
        for _ in range(count):
            at = at.neighbor(compass)
        where = game.name(at) if at in game.amap.hexes else "off the map"
        work.steps.append(
            f"scatter d6 {d6} ({DIRECTIONS[compass]}): {count} hex(es) to {where} [17.4]"
        )
        if at not in game.amap.hexes:
            work.steps.append("the shells land off the map: no harm (our reading)")
            return None
    return at


def damage(state: SoldiersState, impact: Hex, shells: str) -> None:
    """The Impact Diagram's damage in and around the impact hex [17.5; 17.51; 17.52]."""
    game, troops = state.game, state.troops
    struck(state, impact, "an artillery impact")  # the Raid's target [20.3]
    levels = {d: str(cell("artillery-impact", shells, d).value) for d in range(IMPACT_REACH + 1)}
    for d, level in levels.items():
        if level == "D":
            for h in _ring(game, impact, d):
                _structure(state, h)
    men = sorted(
        (m for m, h in troops.hexes.items() if h.distance(impact) <= IMPACT_REACH),
        key=lambda m: (troops.hexes[m].distance(impact), m),
    )
    for m in men:
        if troops.disabled.get(m) == "killed":
            continue
        level = levels[troops.hexes[m].distance(impact)]
        if level == "D":
            apply_damage(state, m, "Kill", f"in the impact hex of {shells}: D, killed [17.51]")
        elif level in ("H", "L"):
            _roll_damage(state, m, "heavy" if level == "H" else "light")


def _ring(game: SoldiersGame, center: Hex, d: int) -> list[Hex]:
    return [h for h in game.amap.hexes if h.distance(center) == d]


def _structure(state: SoldiersState, h: Hex) -> None:
    """A D result: a building or pillbox becomes rubble, else a crater [17.51]."""
    from rules.movement.costs import terrain_effect
    from rules.soldiers.units import SYSTEM

    game = state.game
    name = game.name(h)
    if name in state.artillery.rubble or name in state.artillery.craters:
        return
    from rules.soldiers.preparations import kinds

    left = "rubble" if "pillbox" in kinds(state, h) else "crater"  # a pillbox placed [18.5]
    for t in game.terrains(h):
        effect = terrain_effect(SYSTEM, t, "artillery_d")
        if effect is not None and effect.value == "rubble":
            left = "rubble"
    (state.artillery.rubble if left == "rubble" else state.artillery.craters).add(name)
    why = "a building or pillbox becomes rubble" if left == "rubble" else "a blast crater"
    state.emit(ArtilleryNote("-", f"{name}: {left.capitalize()} marker placed ({why}) [17.51]"))


def _roll_damage(state: SoldiersState, man: str, line: str) -> None:
    """A man's roll on the Artillery Damage Table [17.52]: a suppressed man -2, the terrain's
    damage modifier as for fire; an unmodified 10 kills, 1 or less is Sup [8.42]."""
    from rules.soldiers.fire import _terrain

    at = state.troops.hexes[man]
    raw = state.roll(f"artillery damage to {man}, {line} [17.52]", 10)
    value, terrain, ph = _terrain(state, at, "damage")
    sup = -2 if man in state.troops.suppressed else 0
    modified = raw + sup + value
    parts = f"rolled {raw}" + (", suppressed -2" if sup else "")
    parts += f", {terrain} {value:+d}" if value else ""
    if raw == 10:
        result, why = "Kill", "an unmodified 10 always kills [17.52; 8.42]"
    elif modified <= 1:
        result, why = "Sup", f"modified {modified} <= 1 is Sup ({parts}) [17.52; 8.42]"
    else:
        found = cell("artillery-damage", line, min(10, modified))
        result = str(found.value)
        why = f"Artillery Damage Table {line} at {modified} ({parts}) [17.52]"
        if found.placeholder or ph:
            why += " (placeholder)"
    apply_damage(state, man, result, why)


def _acquire(state: SoldiersState, side: str, target: Hex) -> None:
    """Target Acquisition [17.31]: a leader or the radioman of the side in sight of the target
    hex places the marker (-2), or flips it to -4. Our reading: "the radioman" is whoever
    carries the side's radio now (:func:`rules.soldiers.kit.radio_carrier`, 17.11), a man who
    took it included; the man assigned it at the start who gave it away counts only if he is a
    leader."""
    from rules.soldiers.kit import radio_carrier

    game, troops = state.game, state.troops
    radioman = radio_carrier(state, side)
    eyes = [
        m
        for m, h in sorted(troops.hexes.items())
        if game.men[m].side == side
        and m not in troops.disabled
        and (m == radioman or game.men[m].rank in LEADERS)
        and (h == target or state.sees(h, target))
    ]
    if not eyes:
        return
    name = game.name(target)
    mark = 4 if state.artillery.acquired.get(name) else 2
    state.artillery.acquired[name] = mark
    who = eyes[0]
    if who == radioman and game.men[who].rank not in LEADERS:
        who += " (carrying the radio: the radioman, our reading of 17.31)"
    state.emit(ArtilleryNote(side, f"{who} sees {name}: Target Acquisition marker -{mark} [17.31]"))


# --- zones and markers ------------------------------------------------------------------------

_ZONES: weakref.WeakKeyDictionary[SoldiersGame, dict[str, frozenset[Hex]]] = (
    weakref.WeakKeyDictionary()
)


def _zones(game: SoldiersGame) -> dict[str, frozenset[Hex]]:
    """Every map's nine zones [2.22], by their words ("map C zone 2"), worked out once."""
    found = _ZONES.get(game)
    if found is None:
        found = {}
        for placement in game.amap.placements:
            section = game.amap.section_of(placement)
            name = placement.name
            for z, local in sorted(section.zones.items()):
                hexes = frozenset(placement.to_global(h) for h in local)
                found[f"map {name} zone {z}"] = hexes & frozenset(game.amap.hexes)
        _ZONES[game] = found
    return found


def zone_of(game: SoldiersGame, h: Hex) -> str | None:
    """The map zone holding ``h``, the one announced for a strike [17.3]."""
    return next((z for z, hexes in _zones(game).items() if h in hexes), None)


def rubble_extra(state: SoldiersState, h: Hex) -> float:
    """What entering rubble costs beyond the hex's own terrain: rubble costs 2 AP [7.21;
    17.51]."""
    if not state.artillery.rubble or state.game.name(h) not in state.artillery.rubble:
        return 0.0
    from rules.movement.costs import terrain_effect
    from rules.soldiers.units import SYSTEM

    rubble = terrain_effect(SYSTEM, "rubble", "ap")
    base = terrain_effect(SYSTEM, state.game.terrain.terrain(h), "ap")
    if rubble is None or base is None:
        return 0.0
    return max(0.0, float(str(rubble.value)) - float(str(base.value)))


def marker(state: SoldiersState, h: Hex) -> str | None:
    """``rubble`` or ``crater`` where a strike left one [17.51]."""
    name = state.game.name(h)
    if name in state.artillery.rubble:
        return "rubble"
    return "crater" if name in state.artillery.craters else None


def strike_odds(
    state: SoldiersState, side: str, target: Hex, double: bool = False
) -> tuple[str, float]:
    """The odds of a strike on ``target`` now, from the side's Artillery Call Table and each
    shell type's Artillery Strike Table less the target's Target Acquisition marker [17.3;
    17.31]: the chance the call gets through, and that the shells land on target."""
    support = state.game.artillery_support[side]
    mark = state.artillery.acquired.get(state.game.name(target), 0)
    through = on_target = 0.0
    for raw in range(1, 11):
        column = raw + (DOUBLE_CALL if double else 0)
        shells = str(cell("artillery-call", support.row, column).value)
        if shells == "lost call":
            continue
        through += 0.1
        hits = sum(
            1
            for r in range(1, 11)
            if cell("artillery-strike", shells, r - mark).value == "on target"
        )
        on_target += 0.1 * hits / 10
    words = (
        f"{support.row}: {round(through * 10)} in 10 the call gets through [17.3]; "
        f"{on_target:.0%} it lands on target"
        + (f" (Target Acquisition -{mark} [17.31])" if mark else "")
        + ", else it scatters [17.4]"
    )
    return words, on_target


#: What a pending call is worth to the greedy bot's evaluation (:mod:`rules.soldiers.bot`):
#: the strike lands only on a later Artillery Strike event (an invented scale, as the bot's).
PENDING_WORTH = 0.5


def expected_losses(state: SoldiersState, side: str) -> float:
    """The losses ``side``'s men may expect from the enemy's unresolved calls: the chance each
    gets through, times the side's able men in the called hex (D) and next to it (H), on the
    bot's invented scale [17.3; 17.5]."""
    game, troops = state.game, state.troops
    total = 0.0
    for caller, calls in state.artillery.calls.items():
        if caller == side:
            continue
        for name, double in calls:
            target = game.by_name[name]
            _, on_target = strike_odds(state, caller, target, double)
            near = [
                troops.hexes[m].distance(target)
                for m in troops.hexes
                if m not in troops.disabled
                and game.men[m].side == side
                and troops.hexes[m].distance(target) <= 1
            ]
            total += PENDING_WORTH * on_target * sum(1.0 if d == 0 else 0.5 for d in near)
    return total


# --- the barrage [17.6] -----------------------------------------------------------------------


def barraged(game: SoldiersGame) -> tuple[str, str] | None:
    """The attacker and the defender of a barrage [17.6]: the side designated the attacker
    with heavy support conducts one (our reading: he always declares it, since it only binds
    the enemy), None when no side may."""
    roles = {s.role: s.id for s in game.scenario.sides}
    attacker = roles.get("attacker")
    support = game.artillery_support.get(attacker) if attacker is not None else None
    if attacker is None or support is None or not support.heavy:
        return None
    return attacker, roles.get("defender") or game.other(attacker)


def barrage(state: SoldiersState, operational: list[str]) -> list[str]:
    """The barrage's effects [17.6]: the defender makes no operational moves before play; his
    men may not stack in his initial deployment (the engine's set-up gives each man his own hex
    where the area allows; a stack it still makes is logged, not broken up). Returns the sides
    that still make their operational moves."""
    found = barraged(state.game)
    if found is None:
        return operational
    attacker, defender = found
    stacked = _stacks(state, defender)
    words = (
        f"{attacker} (the attacker, heavy artillery support) conducts a barrage during "
        f"{defender}'s deployment [17.6]: {defender} makes no operational moves before play"
    )
    words += (
        f"; stacked at set-up, not broken up (missing): {', '.join(stacked)}"
        if stacked
        else f"; {defender}'s men set up unstacked"
    )
    state.emit(SetupNote(words))
    return [s for s in operational if s != defender]


def _stacks(state: SoldiersState, side: str) -> list[str]:
    game, seen = state.game, dict[Hex, int]()
    for m, h in state.troops.hexes.items():
        if game.men[m].side == side:
            seen[h] = seen.get(h, 0) + 1
    return sorted(game.name(h) for h, n in seen.items() if n > 1)
