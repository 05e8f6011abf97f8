"""The events and objectives of scenarios 20-26 the engine plays [20.6-26.5; 19.7; 19.11].

Each effect is keyed as Dawn Patrol's are (:data:`rules.soldiers.scenario_events.EFFECTS`: the
scenario's id and the event's slot); a scenario copied under another id keeps the words only.

Weather [6.42]:

- 20 Third Event A or B, Dusk or Dawn: the battle condition becomes Mist [20.6].
- 23 Third Event A or B, Dawn is breaking: Night becomes Mist (our reading: from another
  condition, no change) [23.6].
- 26 First Event B, Dawn: Night becomes Mist, Mist becomes Clear, Clear stays [26.5].
- 26 Third Event A or B, The Sun Rises: in the third or a later Command Cycle the condition
  becomes Clear; in the first or second the event is ignored [26.5].

The battlefield:

- 20 First Event A, Munitions Catch Fire [20.6]: if any hex within one hex of the depot
  (C/1206, C/1306) was the target of fire in the immediately previous Action Phase (a shot,
  reaction fire or a flamethrower's, as for Dawn Patrol's fuel dump [10.6]), every man in the
  building is killed (our reading: left in the hex under a Killed marker, of his side's force
  [19.7]), both hexes burn and may not be entered for the rest of the scenario, and the depot is
  destroyed: the Raid's target when the US chose it [20.3].
- 22 First Event A, Maas Bridges Wired for Demolition [22.6]: at the end of the current Command
  Cycle a d6: 1-2 nothing, 3 the bridge in C/1413, 4-5 the one in C/1508, 6 both. A destroyed
  bridge's hex may not be entered for the rest of the scenario; the men in it are "removed
  from the map" (our reading: killed, left in the hex, so they stay in the force [19.7]).
  First Event B before First Event A: C/1508 is not wired and cannot be destroyed; after it,
  ignored.
- 20 Raid target [20.3]: destroyed by a satchel charge exploding (:func:`struck`, from
  :func:`rules.soldiers.engineers.explode`) or an artillery impact (from
  :func:`rules.soldiers.artillery.damage`) in any hex of it.

- 21 First Event B, The Wind Changes, and 24 First Event A, Wind Changes Direction: the wind
  once determined (a smoke throw [12.5]) is rolled anew on the scatter indicator and the smoke
  outside buildings dissipates [12.52]; not yet determined, ignored [21.6; 24.6].
- 25 Second Event A, Artillery Strike: the active player with artillery support resolves one
  strike on a hex his radioman sees, no call needed (the free call of 17.25); without support
  ignored [25.6].

- 26 Second Event B, Sniper Fire: the US platoon leader on the map, able, and in sight of a
  German man capable of aimed fire takes damage on that man's weapon's Damage Table
  (:func:`_sniper`, our readings there) [26.5]; the German reinforcements then come.

The advantage and the reinforcements:

- 23 First Event A, Advantage Swings? [23.6]: the intelligence difference 0 or in the German's
  favour, the German takes the advantage at once; else ignored.
- Reinforcements whose event sets a condition (:func:`refused`): 21 First Event A, only if the
  German has the advantage [21.6]; 23 First Event B, only if the intelligence difference was 0
  or in the US favour [23.6]; 24 First Event B, only if the US used forward deployment [24.6].
  25 First Event B: First Event A has come, the US gains the advantage and only his
  reinforcements come; else only those of the side with the advantage [25.6].
  A group refused waits for the side's next event that brings the reinforcements "if not
  yet entered" (21 Second Event A, 23/24/25 Second Event B: :func:`not_yet_entered`).

Objectives [19.7; 19.11]: a ``destroyed``/``survives`` condition counts the parts of its map
objects (a bridge: each hex; a building: each building of the region [19.7]) with a destroyed
hex. An object that is a ``choice`` is the option its side chose: the side's
``settings[<object name>]`` (the option's number, from 1), else the first (our reading: as the
engine deploys by a choice's first option) [19.11].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import Choice, Region
from rules.soldiers.actions import EventDrawn, ManHit

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState
    from rules.soldiers.setup import Group

VIRE = "soldiers-20"
HEDGEROW = "soldiers-21"
GRAVE = "soldiers-22"
PILLBOX = "soldiers-23"
BEAUFORT = "soldiers-24"
COUNTERATTACK = "soldiers-25"
AIRBORNE = "soldiers-26"

#: The munitions depot [20.3; 20.6].
DEPOT = ("C/1206", "C/1306")
#: The Maas bridges by the d6 [22.6].
GRAVE_BRIDGES = {1: (), 2: (), 3: ("C/1413",), 4: ("C/1508",), 5: ("C/1508",)}
GRAVE_BOTH = ("C/1413", "C/1508")
UNWIRED = "C/1508"
#: A mark: First Event A came, its demolition is rolled at the end of the cycle [22.6].
DEMOLITION_DUE = "A1 due"
#: A mark: First Event B came before A, C/1508 is not wired [22.6].
NOT_WIRED = f"{UNWIRED} unwired"
#: The objects a satchel charge or an artillery impact destroys, by scenario [20.3].
DESTRUCTIBLE: dict[str, tuple[str, ...]] = {VIRE: ("raid-target",)}


def _weather(state: SoldiersState, where: str, text: str, to: str, why: str) -> None:
    state.field.weather = to
    words = f"the battle condition becomes {to}: maximum sighting {state.sight_range} hexes {why}"
    state.emit(EventDrawn(where, text, words))


def _dusk_or_dawn(state: SoldiersState, where: str, text: str) -> None:
    _weather(state, where, text, "Mist", "[20.6; 6.42]")


def _dawn_breaking(state: SoldiersState, where: str, text: str) -> None:
    if state.condition != "Night":
        why = f"the battle condition is {state.condition}, not Night: no change (our reading)"
        state.emit(EventDrawn(where, text, why + " [23.6]"))
        return
    _weather(state, where, text, "Mist", "[23.6; 6.42]")


#: Dawn [26.5]: what each battle condition becomes.
DAWN = {"Night": "Mist", "Mist": "Clear"}


def _dawn(state: SoldiersState, where: str, text: str) -> None:
    now = state.condition
    if now not in DAWN:
        state.emit(EventDrawn(where, text, f"already {now}: no change [26.5]"))
        return
    _weather(state, where, text, DAWN[now], "[26.5; 6.42]")


def _sun_rises(state: SoldiersState, where: str, text: str) -> None:
    cycle = state.play.cycle
    if cycle < 3:
        why = f"Command Cycle {cycle}, before the third: ignored, a rainy day [26.5]"
        state.emit(EventDrawn(where, text, why))
        return
    _weather(state, where, text, "Clear", "[26.5; 6.42]")


def kill_in(state: SoldiersState, names: tuple[str, ...], why: str) -> None:
    game, troops = state.game, state.troops
    hexes = {game.by_name[n] for n in names}
    for m, at in sorted(troops.hexes.items()):
        if at in hexes and troops.disabled.get(m) != "killed":
            troops.disabled[m] = "killed"
            troops.suppressed.discard(m)
            troops.wounded.discard(m)
            troops.captured.pop(m, None)
            state.emit(ManHit(m, "Kill", f"in {game.name(at)}: {why}"))


def _munitions(state: SoldiersState, where: str, text: str) -> None:
    game = state.game
    depot = [game.by_name[n] for n in DEPOT]
    previous = state.field.fire_targets[-2] if len(state.field.fire_targets) > 1 else []
    near = {game.name(h) for h in game.amap.hexes if any(h.distance(d) <= 1 for d in depot)}
    fired = sorted(set(previous) & near)
    if not fired:
        why = (
            "no hex within one hex of the munitions depot (C/1206, C/1306) was fired on in the "
            "previous Action Phase: ignored [20.6]"
        )
        state.emit(EventDrawn(where, text, why))
        return
    why = (
        f"{', '.join(fired)} fired on: the munitions depot goes up; both hexes burn for the rest "
        "of the scenario and may not be entered; the depot is destroyed [20.6; 20.3]"
    )
    state.emit(EventDrawn(where, text, why))
    kill_in(state, DEPOT, "the munitions depot went up [20.6]")
    for name in DEPOT:
        state.field.closed_hexes[name] = "the burning munitions depot: no man may enter [20.6]"
    state.field.destroyed |= set(DEPOT)


def _bridges_wired(state: SoldiersState, where: str, text: str) -> None:
    state.field.marks.add(DEMOLITION_DUE)
    why = "the demolition is rolled at the end of this Command Cycle [22.6]"
    state.emit(EventDrawn(where, text, why))


def _bridge_not_wired(state: SoldiersState, where: str, text: str) -> None:
    if "A1" in state.arrivals.came:
        state.emit(EventDrawn(where, text, "First Event A has occurred: ignored [22.6]"))
        return
    state.field.marks.add(NOT_WIRED)
    why = f"the bridge in {UNWIRED} is not wired: First Event A cannot destroy it [22.6]"
    state.emit(EventDrawn(where, text, why))


def demolition(state: SoldiersState) -> None:
    """The end of a Command Cycle in which 22's First Event A came: the d6 [22.6]."""
    if DEMOLITION_DUE not in state.field.marks:
        return
    state.field.marks.discard(DEMOLITION_DUE)
    d6 = state.roll("the Maas bridges' demolition [22.6]", 6)
    named = GRAVE_BRIDGES.get(d6, GRAVE_BOTH)
    spared = [n for n in named if n == UNWIRED and NOT_WIRED in state.field.marks]
    gone = tuple(n for n in named if n not in spared)
    where = "Event A1: the demolition at the end of the Command Cycle"
    if not gone:
        why = f"d6 {d6}: " + (
            f"{UNWIRED} is not wired: nothing happens [22.6]"
            if spared
            else "both demolition attempts fail: nothing happens [22.6]"
        )
        state.emit(EventDrawn(where, "", why))
        return
    tail = f"; {UNWIRED} is not wired and stands" if spared else ""
    why = (
        f"d6 {d6}: the bridge in {' and '.join(gone)} is destroyed; its hex may not be entered "
        f"for the rest of the scenario{tail} [22.6]"
    )
    state.emit(EventDrawn(where, "", why))
    kill_in(
        state, gone, "removed from the map by the bridge's demolition (our reading: killed) [22.6]"
    )
    for name in gone:
        state.field.closed_hexes[name] = "a demolished bridge: no man may enter [22.6]"
    state.field.destroyed |= set(gone)


def _advantage_swings(state: SoldiersState, where: str, text: str) -> None:
    intel = state.game.deployment.intel
    favours = intel.favours if intel is not None else None
    if favours not in (None, "german"):
        why = f"the intelligence difference favoured {favours}: ignored [23.6]"
    else:
        state.play.advantage = "german"
        why = (
            "the intelligence difference was 0 or in the German favour: german has the "
            "advantage [23.6]"
        )
    state.emit(EventDrawn(where, text, why))


def _wind_changes(state: SoldiersState, where: str, text: str) -> None:
    """21 First Event B, The Wind Changes; 24 First Event A, Wind Changes Direction: the wind
    determined (by a smoke throw [12.5]), a d6 on the scatter indicator sets it anew (read
    from the map's first hex, our reading: the indicator's directions are the map's) and the
    smoke outside buildings dissipates, as the Smoke Dissipates event [12.52; 12.53]; not yet
    determined, the event is ignored (no smoke grenade has been thrown, so none is on the
    map) [21.6; 24.6]."""
    from rules.soldiers.smoke import COMPASS, dissipates, smoke_of

    smoke = smoke_of(state)
    if smoke.wind is None:
        why = "the wind direction has not been determined (no smoke thrown yet): ignored"
        state.emit(EventDrawn(where, text, why + " [21.6; 24.6]"))
        return
    game = state.game
    d6 = state.roll("the wind changes: the scatter indicator [21.6; 24.6; 12.5]", 6)
    smoke.wind = game.amap.direction_to_global(min(game.amap.hexes, key=game.name), d6)
    gone = dissipates(state) or "no smoke marker outside a building or pillbox was on the map"
    why = f"d6 {d6}: the wind blows to the {COMPASS[smoke.wind]}; {gone} [21.6; 24.6; 12.52]"
    state.emit(EventDrawn(where, text, why))


def _artillery_strike(state: SoldiersState, where: str, text: str) -> None:
    """25 Second Event A: the active player, with artillery support, resolves one strike on
    any hex in his radioman's sight, no call needed (the free call of 17.25) [25.6]."""
    assert state.active.chit is not None
    side = state.game.chits[state.active.chit].side
    if side not in state.game.artillery_support:
        why = f"{side}, the active player, has no artillery support: ignored [25.6]"
        state.emit(EventDrawn(where, text, why))
        return
    state.artillery.free_call = side
    why = (
        f"{side}, the active player, may resolve one strike this Action Phase on a hex his "
        "radioman sees, no call needed [25.6; 17.25]"
    )
    state.emit(EventDrawn(where, text, why))


def _early_reinforcements(state: SoldiersState, where: str, text: str) -> None:
    """25 First Event B: First Event A has come, the US gains the advantage (his
    reinforcements come: :func:`refused`); else the side with the advantage's come [25.6]."""
    if "A1" in state.arrivals.came:
        state.play.advantage = "us"
        why = "First Event A has occurred: the US gains the advantage and his reinforcements [25.6]"
    else:
        why = f"First Event A has not occurred: {state.play.advantage}, with the advantage, "
        why += "receives his reinforcements [25.6]"
    state.emit(EventDrawn(where, text, why))


def _sniper(state: SoldiersState, where: str, text: str) -> None:
    """26 Second Event B: the US platoon leader in play and in sight of a German man capable
    of aimed fire takes damage on the Damage Table [26.5]. Our readings: "in play" is on the
    map and not disabled; "capable of aimed fire" an able, unsuppressed, free German whose
    weapon fires aimed and may fire now [8.11; 8.51]; the table is that German's weapon's
    aimed-fire Damage Table (the first such German by printed id: the German's choice), with
    the leader's hex's damage modifier, an unmodified 10 killing and 1 or less Sup [8.42]."""
    from rules.soldiers.fire import _terrain, apply_damage, damage_line
    from rules.soldiers.weapons import carried, why_not_fire_weapon

    game, troops = state.game, state.troops
    leader = next(
        (ch.leader for _, ch in sorted(game.chits.items()) if ch.side == "us" and ch.kind == "pl"),
        None,
    )
    if leader is None or leader not in troops.hexes or leader in troops.disabled:
        state.emit(
            EventDrawn(where, text, "the US platoon leader is not in play: no sniper [26.5]")
        )
        return
    at = troops.hexes[leader]
    snipers = [
        m
        for m, h in sorted(troops.hexes.items())
        if game.men[m].side == "german"
        and m not in troops.disabled
        and m not in troops.suppressed
        and m not in troops.captured
        and "aimed" in carried(state, m).fire
        and why_not_fire_weapon(state, m) is None
        and (h == at or state.sees(h, at))
    ]
    if not snipers:
        why = f"no German man capable of aimed fire sees {leader}: no sniper [26.5]"
        state.emit(EventDrawn(where, text, why))
        return
    sniper = snipers[0]
    _, table = carried(state, sniper).tables("aimed")
    value, terrain, ph = _terrain(state, at, "damage")
    state.emit(EventDrawn(where, text, f"{sniper} sees {leader}: sniper fire [26.5]"))
    raw = state.roll(f"sniper fire at {leader} [26.5; 8.42]", 10)
    result, why = damage_line(table, raw, value, terrain, ph)
    apply_damage(state, leader, result, f"sniper fire from {sniper}: {why}; [26.5]")


Effect = Callable[["SoldiersState", str, str], None]
#: The effects of scenarios 20-26's events, by the scenario's id and the event's slot.
EFFECTS: dict[tuple[str, str], Effect] = {
    (VIRE, "A1"): _munitions,
    (VIRE, "A3"): _dusk_or_dawn,
    (VIRE, "B3"): _dusk_or_dawn,
    (GRAVE, "A1"): _bridges_wired,
    (GRAVE, "B1"): _bridge_not_wired,
    (PILLBOX, "A1"): _advantage_swings,
    (PILLBOX, "A3"): _dawn_breaking,
    (PILLBOX, "B3"): _dawn_breaking,
    (HEDGEROW, "B1"): _wind_changes,
    (BEAUFORT, "A1"): _wind_changes,
    (COUNTERATTACK, "B1"): _early_reinforcements,
    (COUNTERATTACK, "A2"): _artillery_strike,
    (AIRBORNE, "B1"): _dawn,
    (AIRBORNE, "B2"): _sniper,
    (AIRBORNE, "A3"): _sun_rises,
    (AIRBORNE, "B3"): _sun_rises,
}


def _german_advantage(state: SoldiersState) -> str | None:
    if state.play.advantage == "german":
        return None
    return f"{state.play.advantage} has the advantage, not the German [21.6]"


def _intel_not_german(state: SoldiersState) -> str | None:
    intel = state.game.deployment.intel
    if intel is None or intel.favours in (None, "us"):
        return None
    return "the intelligence difference favoured the German [23.6]"


def _forward(state: SoldiersState) -> str | None:
    mode = state.game.deployment.modes.get("us")
    return None if mode == "forward" else f"the US used {mode} deployment, not forward [24.6]"


def _early_us(state: SoldiersState) -> str | None:
    if "A1" in state.arrivals.came or state.play.advantage == "us":
        return None
    return "First Event A has not occurred and the German has the advantage [25.6]"


def _early_german(state: SoldiersState) -> str | None:
    if "A1" in state.arrivals.came:
        return "First Event A has occurred: only the US receives reinforcements [25.6]"
    if state.play.advantage != "german":
        return "the US has the advantage [25.6]"
    return None


Gate = Callable[["SoldiersState"], "str | None"]
#: The conditions an event sets on its reinforcements, by scenario, slot and side.
GATES: dict[tuple[str, str, str], Gate] = {
    (HEDGEROW, "A1", "german"): _german_advantage,
    (PILLBOX, "B1", "us"): _intel_not_german,
    (BEAUFORT, "B1", "us"): _forward,
    (COUNTERATTACK, "B1", "us"): _early_us,
    (COUNTERATTACK, "B1", "german"): _early_german,
}


def refused(state: SoldiersState, slot: str, group: Group) -> str | None:
    """Why the event ``slot`` does not bring ``group`` now (its condition [21.6; 23.6; 24.6]
    is not met), or None."""
    gate = GATES.get((state.game.scenario.id, slot, group.side))
    return gate(state) if gate is not None else None


#: The events that bring a side's reinforcements "if they have not yet entered": every group
#: of the side still waiting, a group an earlier event refused too [21.6; 23.6; 24.6].
NOT_YET_ENTERED: dict[tuple[str, str], tuple[str, ...]] = {
    (HEDGEROW, "A2"): ("german",),
    (PILLBOX, "B2"): ("us",),
    (BEAUFORT, "B2"): ("us",),
    (COUNTERATTACK, "B2"): ("us", "german"),
}


def not_yet_entered(state: SoldiersState, slot: str, groups: list[Group]) -> list[Group]:
    """The side's groups still waiting that the event ``slot`` brings besides its own
    ("If German reinforcements have not yet entered" [21.6; 23.6; 24.6]; "If either player
    purchased reinforcements that have not yet entered" [25.6])."""
    sides = NOT_YET_ENTERED.get((state.game.scenario.id, slot), ())
    return [
        g
        for g in state.game.groups
        if g.side in sides
        and g.slot is not None
        and g.id not in state.arrivals.eligible
        and g not in groups
    ]


def gated(state: SoldiersState, slot: str) -> bool:
    """Whether the event's reinforcements carry a condition the engine judges."""
    sid = state.game.scenario.id
    return any(k[:2] == (sid, slot) for k in GATES)


# --- objectives [19.7; 19.11] ------------------------------------------------------------------


def chosen(state: SoldiersState, objects: str) -> tuple[Region, str] | None:
    """The region of the scenario's map objects ``objects`` (a choice: the option its side
    chose [19.11]) and how it was chosen; None: no such objects."""
    found = next((o for o in state.game.scenario.map.objects if o.name == objects), None)
    if found is None:
        return None
    region = found.region
    if not isinstance(region, Choice):
        return region, ""
    side = next((s for s in state.game.scenario.sides if s.id == region.chosen_by), None)
    pick = side.settings.get(objects) if side is not None else None
    if isinstance(pick, int) and 1 <= pick <= len(region.options):
        return region.options[pick - 1], f"option {pick}, {region.chosen_by}'s choice [19.11]"
    return region.options[0], "its first option (our reading: none chosen) [19.11]"


def parts(state: SoldiersState, objects: str) -> list[frozenset[Hex]]:
    """The objects one by one: a bridge each hex, a building each building of the region."""
    from rules.soldiers.victory import buildings_in

    found = next((o for o in state.game.scenario.map.objects if o.name == objects), None)
    picked = chosen(state, objects)
    if found is None or picked is None:
        return []
    hexes = state.game.region(picked[0])
    if found.kind == "building":
        return buildings_in(state, hexes) or [hexes]
    return [frozenset((h,)) for h in sorted(hexes, key=state.game.name)]


def destroyed_parts(state: SoldiersState, objects: str) -> tuple[int, int]:
    """How many of the objects are destroyed (a hex of one destroyed), and how many there are."""
    every = parts(state, objects)
    gone = sum(1 for p in every if any(state.game.name(h) in state.field.destroyed for h in p))
    return gone, len(every)


def struck(state: SoldiersState, h: Hex, how: str) -> None:
    """A satchel charge exploded or an artillery shell hit in ``h``: an object of the
    scenario's that such a blast destroys and that holds ``h`` is destroyed [20.3]."""
    for objects in DESTRUCTIBLE.get(state.game.scenario.id, ()):
        for part in parts(state, objects):
            if h in part and not any(state.game.name(x) in state.field.destroyed for x in part):
                state.field.destroyed |= {state.game.name(x) for x in part}
                state.emit(
                    EventDrawn(
                        f"{how} in {state.game.name(h)}",
                        "",
                        f"the {objects} is destroyed [20.3]",
                    )
                )
