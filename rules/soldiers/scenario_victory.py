"""Victory clauses of scenarios 20-26 that the typed conditions do not say, judged by code
keyed as the scenario events are (the scenario's id and the condition's words,
:data:`JUDGES`) [19.7; 24.3].

24 The Beaufort Crossroads, Raid [24.3]:

- Sightings over time: "Have the cross roads hex and at least 5 building hexes (not buildings)
  in sight (not necessarily at the same time)": the hexes an able, unsuppressed German man has
  had in sight are kept (:attr:`rules.soldiers.records.Battlefield.sighted`), looked at the
  start of every Action Phase and at the end of every Command Cycle (our reading: the engine
  looks at these moments, not after every step of a move); a judgement adds what is in sight
  at that moment. "No German men may exit until the sight requirement has been met"
  (:func:`sight_met`, read by :mod:`rules.soldiers.exits`).
- The exit: at least 10 German men off the map (by the mission's exit, the only one it
  allows), "reduced by one for each US man disabled".
- US Victory: "Kill or capture at least 10 German men. Each man captured counts as two men
  killed [9]; incapacitated Germans on the map are considered killed if no able Germans are on
  the map."

26 Airborne, Reconnaissance [26.3]: "Move at least 8 men onto map C, in sight of both buildings
of the command center (at least two hexes of each) then move at least the same number of able
men off the north edge of map A or B ... At least three men who were among the original eight
sighters must be among those that exit. No man may leave the map until at least eight have
sighted the buildings." The sighters (able, unsuppressed US men on map C with two hexes of each
building in sight) are kept as the Raid's sightings are (:func:`sighters`); the exit opens at
eight sighters or an able German prisoner held (the second way) (:func:`recon_exit_open`).
Our reading: "the original eight" are all the sighters.

25 Counterattack, Recon in Force [25.3]: "By the end of the third Command Cycle, move men within
sight of the crossroads on map B (1307) and then exit 50% of the German force from any map-edge
of map A." The crossroads seen by an able, unsuppressed German man is kept
(:attr:`rules.soldiers.records.Battlefield.sighted`), looked at when the Raid's sightings are
(the start of every Action Phase, the end of every Command Cycle) and after every move (our
reading of "move men within sight": the man who moved is looked at where his move ends, not at
each step); the exit from map A opens once it is kept (:func:`crossroads_sighted`, read by
:mod:`rules.soldiers.exits`: "and then exit"), and the victory's sight is the kept one, not
the sight at the cycle's end. The time limit is the mission's: both by the end of the third
Command Cycle (the all-of's ``by_turn``).

20 The Vire Bridges, Raid, Draw [20.3]: "(An incapacitated man is considered killed if he is
still on the map when there are no other able US men on the map.)" (:func:`lying_as_killed`,
read by the casualties of the Draw's conditions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import TerrainFilter
from model.victory import TextCondition
from rules.soldiers.mission_victory import force_of

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

VIRE = "soldiers-20"
BEAUFORT = "soldiers-24"
RAID = "raid"
CROSSROADS = "B/1307"
#: How many building hexes the Raid must have had in sight [24.3].
BUILDING_HEXES = 5
#: The German men the Raid must move off, and the US losses that lower it [24.3].
EXIT_NEEDED = 10
#: The German men the US must kill (a captured man counts two [24.3]).
KILLS_NEEDED = 10


def _playing(state: SoldiersState, scenario: str, side: str, mission_id: str) -> bool:
    """Whether the game is ``scenario`` with ``side`` playing the mission ``mission_id``."""
    if state.game.scenario.id != scenario:
        return False
    mission = state.game.missions().get(side)
    return mission is not None and mission.id == mission_id


def _raid(state: SoldiersState) -> bool:
    return _playing(state, BEAUFORT, "german", RAID)


def _targets(state: SoldiersState) -> list[Hex]:
    """The crossroads hex and every building hex of the map [24.3]."""
    game = state.game
    found = [game.by_name[CROSSROADS]]
    found += sorted((h for h in game.amap.hexes if "building" in game.terrains(h)), key=game.name)
    return found


def in_sight_now(state: SoldiersState) -> set[str]:
    """The crossroads and building hexes an able, unsuppressed German man sees now (a man
    sees his own hex) [6.4; 24.3]."""
    game, troops = state.game, state.troops
    eyes = {
        at
        for m, at in troops.hexes.items()
        if game.men[m].side == "german" and m not in troops.disabled and m not in troops.suppressed
    }
    return {
        game.name(h) for h in _targets(state) if any(at == h or state.sees(at, h) for at in eyes)
    }


def look(state: SoldiersState) -> None:
    """Keep what the Raid's Germans see now [24.3], the Reconnaissance's sighters [26.3] and
    the Recon in Force's sight of the crossroads [25.3] (the start of an Action Phase, the end
    of a Command Cycle; the Recon in Force's after every move as well: :func:`moved`)."""
    if _raid(state):
        state.field.sighted |= in_sight_now(state)
    if _recon(state):
        state.field.marks |= {SIGHTER + m for m in sighters_now(state)}
    _look_at_crossroads(state)


# --- 25 Counterattack, Recon in Force [25.3] ------------------------------------------------------

COUNTERATTACK = "soldiers-25"
RECON_IN_FORCE = "recon-in-force"
#: "By the end of the third Command Cycle" [25.3].
RECON_CYCLES = 3


def recon_in_force(state: SoldiersState) -> bool:
    return _playing(state, COUNTERATTACK, "german", RECON_IN_FORCE)


def crossroads_watchers(state: SoldiersState) -> list[str]:
    """The able, unsuppressed German men in sight of the crossroads now (a man sees his own
    hex) [6.4; 25.3]."""
    game, troops = state.game, state.troops
    cross = game.by_name[CROSSROADS]
    return sorted(
        m
        for m, at in troops.hexes.items()
        if game.men[m].side == "german"
        and m not in troops.disabled
        and m not in troops.suppressed
        and (at == cross or state.sees(at, cross))
    )


def _look_at_crossroads(state: SoldiersState) -> None:
    """The Recon in Force's men within sight of the crossroads: kept once seen [25.3]."""
    from rules.soldiers.actions import SightingKept

    if not recon_in_force(state) or CROSSROADS in state.field.sighted:
        return
    if state.play.cycle > RECON_CYCLES:
        return  # "By the end of the third Command Cycle" [25.3]
    watchers = crossroads_watchers(state)
    if not watchers:
        return
    state.field.sighted.add(CROSSROADS)
    state.emit(
        SightingKept(
            f"{', '.join(watchers)} within sight of the crossroads {CROSSROADS}: kept; the German "
            "men may now exit from any map-edge of map A [25.3]"
        )
    )


def moved(state: SoldiersState) -> None:
    """After a move: the Recon in Force's men who moved within sight of the crossroads [25.3]
    (our reading: looked at where the move ends)."""
    _look_at_crossroads(state)


def crossroads_sighted(state: SoldiersState) -> bool:
    """German men have moved within sight of the crossroads: kept, and now [25.3]."""
    if CROSSROADS in state.field.sighted:
        return True
    return state.play.cycle <= RECON_CYCLES and bool(crossroads_watchers(state))


def _judge_crossroads(state: SoldiersState) -> tuple[bool, str]:
    seen = CROSSROADS in state.field.sighted
    now = crossroads_watchers(state)
    ok = crossroads_sighted(state)
    if seen:
        how = "has been within sight of German men (kept)"
    elif ok:
        how = f"within sight of {', '.join(now)} now"
    else:
        how = "never within sight of an able, unsuppressed German man"
    return ok, f"the crossroads {CROSSROADS} {how} [25.3]"


# --- 26 Airborne, Reconnaissance [26.3] ----------------------------------------------------------

AIRBORNE = "soldiers-26"
RECON = "reconnaissance"
#: A mark: a US man who has sighted the command centre [26.3].
SIGHTER = "sighter "
#: The zones of map C of the command centre's 4-hex and 3-hex buildings [26.3].
CENTRE_ZONES = (8, 9)
#: The sighters needed, the hexes of each building each must see, and how many of the first
#: sighters must be among the men moved off [26.3].
SIGHTERS_NEEDED = 8
HEXES_OF_EACH = 2
SIGHTERS_OFF = 3


def _recon(state: SoldiersState) -> bool:
    return _playing(state, AIRBORNE, "us", RECON)


def _centre(state: SoldiersState) -> list[frozenset[Hex]]:
    """The command centre: the building hexes of zones 8 and 9 of map C [26.3]."""
    found = []
    for zone in CENTRE_ZONES:
        region = TerrainFilter.model_validate(
            {
                "kind": "terrain",
                "terrain": ["building"],
                "within": {"kind": "zones", "board": "C", "zones": [zone]},
            }
        )
        found.append(state.game.region(region))
    return found


def sighters_now(state: SoldiersState) -> set[str]:
    """The able, unsuppressed US men on map C with at least two hexes of each building of the
    command centre in sight now [26.3; 6.4]."""
    game, troops = state.game, state.troops
    centre = _centre(state)
    found = set()
    for m, at in troops.hexes.items():
        if game.men[m].side != "us" or m in troops.disabled or m in troops.suppressed:
            continue
        if not game.name(at).startswith("C/"):
            continue
        seen = [sum(1 for h in b if h == at or state.sees(at, h)) for b in centre]
        if all(n >= HEXES_OF_EACH for n in seen):
            found.add(m)
    return found


def sighters(state: SoldiersState) -> set[str]:
    """The US men who have sighted the command centre, kept and now [26.3]."""
    kept = {k[len(SIGHTER) :] for k in state.field.marks if k.startswith(SIGHTER)}
    return kept | (sighters_now(state) if _recon(state) else set())


def recon_exit_open(state: SoldiersState) -> bool:
    """ "No man may leave the map until at least eight have sighted the buildings"; the second
    way, "No men may exit until the prisoner has been taken": an able German held [26.3]."""
    troops = state.troops
    prisoner = any(
        state.game.men[m].side == "german" and troops.disabled.get(m) == "captured"
        for m in troops.captured
    )
    return len(sighters(state)) >= SIGHTERS_NEEDED or prisoner


def _judge_recon(state: SoldiersState) -> tuple[bool, str]:
    """At least 8 sighters, then at least as many able men moved off, three of the sighters
    among them [26.3]."""
    game, troops = state.game, state.troops
    seen = sighters(state)
    off = {
        m
        for m in troops.exited
        if game.men[m].side == "us" and m not in troops.disabled and m not in troops.taken_off
    }
    among = len(off & seen)
    ok = len(seen) >= SIGHTERS_NEEDED and len(off) >= len(seen) and among >= SIGHTERS_OFF
    return ok, (
        f"{len(seen)} US men have sighted the command centre ({SIGHTERS_NEEDED} needed); "
        f"{len(off)} able men moved off, {among} of them sighters ({SIGHTERS_OFF} needed) [26.3]"
    )


def _sighted(state: SoldiersState) -> set[str]:
    return state.field.sighted | in_sight_now(state)


def _sight_count(seen: set[str], state: SoldiersState) -> tuple[bool, int]:
    buildings = len(seen - {CROSSROADS})
    return CROSSROADS in seen and buildings >= BUILDING_HEXES, buildings


def sight_met(state: SoldiersState) -> bool:
    """The Raid's sight requirement has been met: the crossroads and 5 building hexes [24.3]."""
    return _sight_count(_sighted(state), state)[0]


def _judge_sight(state: SoldiersState) -> tuple[bool, str]:
    ok, buildings = _sight_count(_sighted(state), state)
    cross = "in sight" if CROSSROADS in _sighted(state) else "never in sight"
    return ok, (
        f"the crossroads {CROSSROADS} {cross}; {buildings} building hexes have been in sight, "
        f"{BUILDING_HEXES} needed [24.3]"
    )


def _judge_exit(state: SoldiersState) -> tuple[bool, str]:
    """German men moved off against 10 less the US men disabled (our reading: at least one
    whatever the US losses, as the mission says "then exit") [24.3]."""
    game, troops = state.game, state.troops
    off = sum(
        1 for m in troops.exited if game.men[m].side == "german" and m not in troops.taken_off
    )
    us_down = sum(1 for m in force_of(state, "us") if m in troops.disabled)
    needed = max(1, EXIT_NEEDED - us_down)
    return off >= needed, (
        f"{off} German men moved off; {EXIT_NEEDED} less one for each of the {us_down} US men "
        f"disabled: {needed} needed [24.3]"
    )


def _judge_kills(state: SoldiersState) -> tuple[bool, str]:
    game, troops = state.game, state.troops
    germans = [m for m in (*troops.hexes, *troops.exited) if game.men[m].side == "german"]
    killed = sum(1 for m in germans if troops.disabled.get(m) == "killed")
    captured = sum(
        1 for m in germans if m in troops.captured or troops.disabled.get(m) == "captured"
    )
    able_on_map = any(
        m in troops.hexes and m not in troops.disabled and m not in troops.captured for m in germans
    )
    lying = 0
    if not able_on_map:
        lying = sum(
            1
            for m in germans
            if m in troops.hexes
            and troops.disabled.get(m) == "incapacitated"
            and m not in troops.captured
        )
    count = killed + 2 * captured + lying
    tail = f", {lying} incapacitated on the map with no able German there" if lying else ""
    return count >= KILLS_NEEDED, (
        f"{killed} Germans killed, {captured} captured (two each){tail}: {count} of "
        f"{KILLS_NEEDED} [24.3; 9]"
    )


#: Where "an incapacitated man is considered killed if he is still on the map when there are no
#: other able men of his side on the map": the scenario, the mission and the result of the
#: conditions it speaks of (20.3 Raid: the Draw's clause in parentheses).
INCAPACITATED_AS_KILLED = {(VIRE, RAID, "draw")}


def lying_as_killed(state: SoldiersState, side: str, result: str | None) -> list[str]:
    """The side's incapacitated men on the map counted as killed: no able man of the side on
    the map, in a condition the scenario's clause speaks of [20.3]."""
    game, troops = state.game, state.troops
    mission = game.missions().get("us")
    key = (game.scenario.id, mission.id if mission is not None else "", result)
    if key not in INCAPACITATED_AS_KILLED:
        return []
    mine = [m for m in troops.hexes if game.men[m].side == side]
    if any(m not in troops.disabled and m not in troops.captured for m in mine):
        return []
    return sorted(
        m for m in mine if troops.disabled.get(m) == "incapacitated" and m not in troops.captured
    )


Judge = Callable[["SoldiersState"], tuple[bool, str]]
#: The judges of conditions in words, by the scenario's id and the words' beginning.
JUDGES: dict[tuple[str, str], Judge] = {
    (BEAUFORT, "The crossroads hex (B/1307) and at least 5 building hexes"): _judge_sight,
    (BEAUFORT, "Exit at least 10 German men"): _judge_exit,
    (BEAUFORT, "Kill or capture at least 10 German men"): _judge_kills,
    (AIRBORNE, "At least 8 men move onto map C in sight of both buildings"): _judge_recon,
    (COUNTERATTACK, "German men have moved within sight of the crossroads"): _judge_crossroads,
}


def judge_text(state: SoldiersState, cond: TextCondition) -> tuple[bool, str] | None:
    """A condition in words the engine judges, or None."""
    sid = state.game.scenario.id
    words = " ".join(cond.text.split())
    for (scenario, start), judge in JUDGES.items():
        if scenario == sid and words.startswith(start):
            return judge(state)
    return None
