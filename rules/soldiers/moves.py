"""Soldiers movement [7.2]: the ordered man enters adjacent hexes paying Action Points, each
hex's cost from :mod:`rules.movement.costs` (class "man") [7.21].

Risk level [7.22]: Cautious, a hex in friendly sight not in enemy sight, or a protected hex in
friendly and enemy sight neither enemy-occupied nor next to an able enemy man (but a Cautious man
leaving a hex he shares with only suppressed enemy men may enter a hex next to them [8.83]; our
reading: the enemies in the hex he leaves do not count, others still do); Wary, a hex in
friendly sight not in enemy sight, or a covered or protected one in both sights not
enemy-occupied; Bold, any hex not enemy-occupied; Aggressive, any hex (hand-to-hand [8.8] is not
played: men of both sides then share the hex). Sight is judged when the man's actions start
[7.23] (:func:`judge_sight`, after he unsuppresses): friendly sight is what he sees or any
friendly able, non-suppressed man in his sight sees; enemy sight what any able, non-suppressed
enemy man sees.

Markers [18.33; 18.44; 18.45]: entering a wire hex costs 3 AP and ends the man's movement for
the Action Phase, leaving it 1 AP more (terrain.yaml), until removed [18.32]
(:mod:`rules.soldiers.wire`); a minefield on the map is a revealed one, and so is a bought one
once revealed [18.41] (:mod:`rules.soldiers.minefields`: entering a hidden one interrupts the
move): its owner's men pay 2 AP more and stop (in their hidden ones too)
[18.45]; the enemy's enter it only at Wary or higher for 2 AP, stop, and on a d10 of 9 or 10
undergo a minefield attack, the Grenade Table's indoors damage line [18.43; 18.44]. A scenario
names no minefield's owner: the defender's (our reading: only he buys them [18]).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from rules.engine.actions import Move
from rules.movement.costs import terrain_effect
from rules.movement.reach import reachable
from rules.soldiers import delayed_entry, minefields, operational, scenario_events, wire
from rules.soldiers.actions import ManHit, ManMoved
from rules.soldiers.artillery import rubble_extra
from rules.soldiers.carrying import extra_ap
from rules.soldiers.fire import apply_damage
from rules.soldiers.preparations import camouflage_note, why_not_enter
from rules.soldiers.preparations import category as preparations_category
from rules.soldiers.units import SYSTEM, cell

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

CATEGORIES = ("open", "covered", "protected")
#: What a minefield costs [18.44; 18.45].
MINEFIELD_ENEMY_AP = 2.0
MINEFIELD_FRIENDLY_EXTRA = 2.0


def category(state: SoldiersState, h: Hex, side: str | None = None) -> str:
    """The hex's terrain category [2.24]: of the first of its terrains that has one (a wire or
    minefield marker has none: the hex's beneath counts). A Rubble or Crater marker a strike
    left [17.51] counts where it is the better category (our reading: a crater in woods leaves
    the woods). For a man of ``side``: a camouflage marker raises it for no man of the
    attacker's [18.1] (None: the hex's, as for the defender)."""
    found = "open"
    for t in state.game.terrains(h):
        effect = terrain_effect(SYSTEM, t, "category")
        if effect is not None and str(effect.value) in CATEGORIES:
            found = str(effect.value)
            break
    found = preparations_category(state, h, found, side)  # [18.1; 18.2; 18.52]
    if scenario_events.in_smoke(state, h):
        return "protected"  # a smoke hex is protected terrain [12.51]
    if state.artillery.rubble or state.artillery.craters:
        from rules.soldiers.artillery import marker

        left = marker(state, h)
        effect = terrain_effect(SYSTEM, left, "category") if left is not None else None
        if effect is not None and CATEGORIES.index(str(effect.value)) > CATEGORIES.index(found):
            found = str(effect.value)
    return found


def _has(state: SoldiersState, h: Hex, terrain: str) -> bool:
    return terrain in state.game.terrains(h)


def minefield(state: SoldiersState, man: str, h: Hex) -> str | None:
    """``friendly`` or ``enemy`` when a minefield lies in ``h``, as the man sees it: a bought
    one is his side's whether revealed or not [18.45], the enemy's only once revealed [18.41]
    (:mod:`rules.soldiers.minefields`)."""
    bought = minefields.owner(state, h)
    if bought is not None:
        side, revealed = bought
        if side == state.game.men[man].side:
            return "friendly"
        return "enemy" if revealed else None
    if not _has(state, h, "minefield"):
        return None
    owner = next((s.id for s in state.game.scenario.sides if s.role == "defender"), None)
    return "friendly" if owner == state.game.men[man].side else "enemy"


def stops(state: SoldiersState, man: str, h: Hex) -> bool:
    """Entering ``h`` ends the man's movement for the Action Phase [18.33; 18.44; 18.45]."""
    return wire.live(state, h) or minefield(state, man, h) is not None


#: A leader orders men within 2 hexes in his sight [6.21].
COMMAND_REACH = 2


def _able(state: SoldiersState, side: str, mine: bool) -> list[str]:
    return [
        m
        for m in state.troops.hexes
        if m not in state.troops.disabled and (state.game.men[m].side == side) == mine
    ]


def _known_enemies(state: SoldiersState, side: str) -> list[str]:
    """The able enemy men ``side`` knows of: not the crews of hidden MGs [14.11; 14.12]."""
    from rules.soldiers.hidden_guns import unseen

    hidden = unseen(state, side)
    return [m for m in _able(state, side, False) if m not in hidden]


def _known_in(state: SoldiersState, h: Hex, side: str) -> list[str]:
    """The able enemy men in ``h`` that ``side`` knows of: a hidden MG's crew do not make it
    enemy-occupied for the mover; his entry reveals the gun instead [14.12]
    (:func:`rules.soldiers.hidden_guns.risk_stop`)."""
    from rules.soldiers.hidden_guns import unseen

    hidden = unseen(state, side)
    return [m for m in state.able_enemies_in(h, side) if m not in hidden]


def entry_hexes(state: SoldiersState, man: str) -> list[Hex]:
    """The hexes a man off the map enters by: his group's [19.32], held off the map past the
    event's Command Cycle those of the adjacent zones too [19.34]; ordered by a leader on the
    map (in a map-edge hex), only those in the leader's command, within 2 hexes and in his
    sight [19.33; 6.21]."""
    from rules.soldiers.overwatch import leader_turn

    game = state.game
    group = next(g for g in game.groups if g.id == game.group_of[man])
    found = sorted(delayed_entry.entry(state, man, group), key=game.name)  # [19.34]
    leader = leader_turn(state) if state.play.phase == "action" else None
    if leader is None or leader == man:
        return found
    at = state.troops.hexes[leader]
    return [h for h in found if at.distance(h) <= COMMAND_REACH and state.sees(at, h)]


def judge_sight(state: SoldiersState, man: str) -> None:
    """Friendly and enemy sight judged at the start of the man's actions [7.23]: the hexes of
    the men whose sight counts, kept for the rest of his actions; for a man still off the map,
    every entry hex is in friendly sight [19.32]."""
    game, troops = state.game, state.troops
    side = game.men[man].side
    at = troops.hexes.get(man)
    if at is None:
        enemies = {
            troops.hexes[m] for m in _known_enemies(state, side) if m not in troops.suppressed
        }
        state.active.friendly_eyes = {game.name(h) for h in entry_hexes(state, man)}
        state.active.enemy_eyes = {game.name(h) for h in enemies}
        return
    friends = {
        troops.hexes[m]
        for m in _able(state, side, True)
        if m != man and m not in troops.suppressed and state.sees(at, troops.hexes[m])
    }
    enemies = {troops.hexes[m] for m in _known_enemies(state, side) if m not in troops.suppressed}
    state.active.friendly_eyes = {game.name(h) for h in friends | {at}}
    state.active.enemy_eyes = {game.name(h) for h in enemies}


def _seen(state: SoldiersState, eyes: set[str], h: Hex) -> bool:
    game = state.game
    return any(game.by_name[o] == h or state.sees(game.by_name[o], h) for o in sorted(eyes))


def why_not_step(
    state: SoldiersState, man: str, frm: Hex | None, to: Hex
) -> tuple[float | None, str]:
    """A step of the man and its cost, or None and why he may not take it (``frm`` None: he
    enters the map [19.32])."""
    game, side, risk = state.game, state.game.men[man].side, state.active.risk
    name = game.name(to) if to in game.amap.hexes else "that hex"
    if to not in game.amap.hexes:
        return None, "off the map [7.26]"
    if man in state.troops.suppressed:
        return None, "a suppressed man must unsuppress before any other action [7.42]"
    moved = frm is not None and frm != state.troops.hexes.get(man)
    if state.active.stopped or (moved and frm is not None and stops(state, man, frm)):
        return None, "he entered wire or a minefield: no further movement this phase [18.33]"
    found = wire.man_cost(state, to, frm)  # wire removed: the ground beneath [18.32]
    if found.prohibited or found.cost is None:
        return None, f"{name}: {found.text} [7.21; 7.25]"
    shut = scenario_events.closed(state, to)  # a burning building, a blown bridge [10.6]
    if shut is not None:
        return None, f"{name}: {shut}"
    pillbox = why_not_enter(state, man, to)
    if pillbox is not None:
        return None, f"{name}: {pillbox}"
    cost = found.cost + rubble_extra(state, to)  # rubble: 2 AP [7.21; 17.51]
    carrying = extra_ap(state, man)  # carrying a disabled man: +1 AP a hex [11.3]
    mine = minefield(state, man, to)
    if mine == "friendly":
        cost += MINEFIELD_FRIENDLY_EXTRA
    elif mine == "enemy":
        if risk == "Cautious":
            return None, f"{name} is an enemy minefield: Wary or higher to enter [18.44]"
        cost = MINEFIELD_ENEMY_AP
    cost += carrying
    if operational.underway(state):  # no risk level: the operational limits [6.3]
        why = operational.why_not_enter(state, man, to)
        return (None, f"{name} is {why}") if why else (cost, "")
    occupied = bool(_known_in(state, to, side))  # a hidden MG's crew: unknown [14.12]
    if occupied and risk != "Aggressive":
        return None, f"{name} is enemy-occupied: only at Aggressive [7.22]"
    if risk in ("Cautious", "Wary"):
        if not _seen(state, state.active.friendly_eyes, to):
            return None, f"{name} was not in friendly sight when the man was ordered [7.22; 7.23]"
        if _seen(state, state.active.enemy_eyes, to):
            cat = category(state, to, side)  # camouflage: not the attacker's [18.1]
            note = camouflage_note(state, to, side)
            if risk == "Wary" and cat == "open":
                return None, f"{name} is open and in enemy sight: not at Wary [7.22]{note}"
            if risk == "Cautious" and cat != "protected":
                return None, f"{name} is {cat} and in enemy sight: not at Cautious [7.22]{note}"
            if risk == "Cautious" and any(
                to.distance(state.troops.hexes[m]) == 1
                for m in _known_enemies(state, side)
                if state.troops.hexes[m] != frm  # leaving a shared hex [8.83]
            ):
                return None, f"{name} is next to an able enemy man: not at Cautious [7.22]"
    return cost, ""


def step_cost(state: SoldiersState, man: str, frm: Hex | None, to: Hex) -> float | None:
    """A step of the man, or None when he may not take it."""
    return why_not_step(state, man, frm, to)[0]


def why_not_move(state: SoldiersState, action: Move) -> str | None:
    if state.active.current != action.unit:
        return "only the man under orders acts [6.2]"
    at, spent = state.troops.hexes.get(action.unit), 0.0
    if at is None and action.unit not in state.troops.waiting:
        return "he is off the map [7.26]"
    for name in action.path:
        to = state.game.by_name.get(name.upper())
        if at is None:
            if to is None or to not in entry_hexes(state, action.unit):
                return (
                    f"'{name}' is not a hex his reinforcements enter by (ordered by a leader on "
                    "the map: one in his command) [19.32; 19.33]"
                )
        elif to is None or to.distance(at) != 1:
            return f"'{name}' is not a hex next to the last one"
        cost, why = why_not_step(state, action.unit, at, to)
        if cost is None:
            return f"{name} may not be entered at {state.active.risk}: {why}"
        spent, at = spent + cost, to
    if not action.path or spent > state.active.ap:
        return f"the path costs {spent:g} AP, {state.active.ap:g} left [7.21]"
    return None


def move(state: SoldiersState, action: Move) -> None:
    game, man = state.game, action.unit
    at: Hex | None = state.troops.hexes.get(man)
    spent, why = 0.0, []
    if at is None:
        why.append("enters the map from his group's entry edge [19.32]")
    movers = _movers(state, man)
    entered: list[str] = []
    surprised = False  # the men entered a hidden minefield [18.41]
    for step, name in enumerate(action.path):
        to = game.by_name[name.upper()]
        found = wire.man_cost(state, to, at)  # wire removed: the ground beneath [18.32]
        cost = step_cost(state, man, at, to)
        spent += cost or 0.0
        if minefields.hidden_from(state, man, to):
            why.append(f"{name.upper()}: {found.text} ({found.rule}); a hidden minefield [18.41]")
            surprised = minefields.enter_hidden(state, movers, to)
            if surprised:
                at = to
                entered.append(name.upper())
                state.troops.last_in[name.upper()] = game.men[man].side  # control [19.7]
            break
        text = f"{name.upper()}: {found.text} ({found.rule})"
        mine = minefield(state, man, to)
        if mine == "friendly":
            text += "; a friendly minefield: 2 AP more, no further movement [18.45]"
        elif mine == "enemy":
            text += "; a revealed enemy minefield: 2 AP, no further movement [18.44]"
        elif wire.live(state, to):
            text += "; wire: no further movement this Action Phase [18.33]"
        why.append(text)
        at = to
        entered.append(name.upper())
        if man not in state.troops.disabled:
            state.troops.last_in[name.upper()] = game.men[man].side  # control [19.7]
        shown = {game.name(h) for h in minefields.engineers_detect(state, movers, to)}
        if shown & {n.upper() for n in action.path[step + 1 :]}:  # [18.42; 16.12]
            why.append("the move stops: a minefield revealed ahead (our reading) [18.42]")
            break
    if at is None or not entered:
        state.active.ap -= spent  # noticed at once: back where he was, the AP spent [18.41]
        return
    if man in state.troops.waiting:  # his squad enters in this zone from now on [19.34]
        delayed_entry.entered(state, man, game.by_name[entered[0]])
    state.troops.hexes[man] = at
    state.troops.waiting.discard(man)
    for m in movers:  # the group is in with him before a minefield strikes [7.1; 18.41]
        state.troops.hexes[m] = at
    state.active.ap -= spent
    state.active.stopped = stops(state, man, at)
    state.emit(ManMoved(man, tuple(entered), spent, state.active.ap, tuple(why)))
    if minefield(state, man, at) == "enemy" and not surprised:
        for m in movers:  # "for each man that enters" [18.44]: the group follows him in
            if m not in state.troops.disabled:
                _minefield_attack(state, m, at)


def _movers(state: SoldiersState, man: str) -> list[str]:
    """The men who move together: the group's acting men, or the man alone [7.1]."""
    if state.active.group:
        from rules.soldiers.groups import acting

        found = acting(state)
        if man in found:
            return found
    return [man]


def _minefield_attack(state: SoldiersState, man: str, at: Hex) -> None:
    """A man entering a revealed enemy minefield: a d10 of 9 or 10 is a minefield attack, a
    d10 on the Grenade Table's indoors damage line [18.43; 18.44]."""
    roll = state.roll(f"{man} enters the minefield in {state.game.name(at)} [18.44]", 10)
    if roll < 9:
        state.emit(ManHit(man, "unharmed", f"minefield roll {roll}: 9 or 10 attacks [18.44]"))
        return
    raw = state.roll(f"minefield attack on {man} [18.43]", 10)
    found = cell("grenade-damage", "Dmg/in", raw)
    why = f"minefield roll {roll}: an attack, Grenade Table indoors at {raw} [18.43; 18.44]"
    if found.placeholder:
        why += " (placeholder)"
    apply_damage(state, man, str(found.value), why)


def move_options(state: SoldiersState, man: str) -> list[Move]:
    name = state.game.name
    if man not in state.troops.hexes:  # entering the map: one entry hex, then on [19.32]
        return [
            Move(man, (name(h),))
            for h in entry_hexes(state, man)
            if (cost := step_cost(state, man, None, h)) is not None and cost <= state.active.ap
        ]
    start = state.troops.hexes[man]
    reach = reachable(start, state.active.ap, lambda a, b: step_cost(state, man, a, b))
    return [
        Move(man, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start
    ]
