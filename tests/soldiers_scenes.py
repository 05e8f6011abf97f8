"""Scenes the Soldiers rule tests set up alike: Dawn Patrol loaded, a side's first leader turn
at Aggressive, men staged on chosen hexes."""

from __future__ import annotations

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.engine.actions import Done
from rules.registry import load_game
from rules.soldiers import damage_choice, radio_choice, reaction_choice
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.melee import LineUp
from rules.soldiers.operational_turns import leader_waits
from rules.soldiers.reaction_choice import ReactionType
from rules.soldiers.records import VictimChoice

DAWN = "scenarios/soldiers/10-dawn-patrol.yaml"


def dawn() -> SoldiersGame:
    found = load_game(load_scenario(DAWN))
    assert isinstance(found, SoldiersGame)
    return found


def assign_radios(state: SoldiersState) -> SoldiersState:
    """Each side with artillery support assigns its radio to the engine's former stand-in, its
    leader with the highest command on the map at the start, as the heuristic bot does
    [17.1]."""
    while state.kit.choosing:
        state.apply(radio_choice.AssignRadio(radio_choice.default(state)))
    return state


def start_game(game: SoldiersGame, seed: int = 1) -> SoldiersState:
    """A new game, its radios assigned to the stand-ins [17.1] (:func:`assign_radios`)."""
    return assign_radios(game.new_initial_state(seed))


def acting(game: SoldiersGame, side: str) -> SoldiersState:
    """``side``'s first Action Phase, a leader turn at Aggressive (a d10 of 10 [6.11])."""
    state = start_game(game, 1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    chit = next(
        c for c, chit in sorted(game.chits.items()) if chit.side == side and chit.kind == "sl"
    )
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == side:
            state.force_dice(10, 1)
            state.apply(f"commit {chit}")
        else:
            state.apply(Done(actor))
    declare_tactical(state)
    assert state.active.chit == chit and state.active.risk == "Aggressive"
    return state


def declare_tactical(state: SoldiersState) -> None:
    """A leader turn far from the enemy waits for its declaration [3B; 6.3]: declare it
    tactical, rolling the risk level (and its forced dice) as before."""
    if leader_waits(state):
        state.apply(f"declare {state.to_act()[0]} tactical")


def clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def reaction_hexes(game: SoldiersGame) -> tuple[Hex, Hex, Hex]:
    """Clear hexes for a reaction fire scene [8.6]: the reacting men's ``r``, a hex ``a`` out of
    their sight and the hex ``b`` beside it, three hexes from ``r`` and in its sight, that a
    mover enters."""
    hexes = sorted(game.amap.hexes, key=game.name)
    r, a, b = next(
        (r, a, b)
        for r in hexes
        if clear(game, r)
        for b in hexes
        if clear(game, b) and r.distance(b) == 3 and game.sees(r, b)
        for a in b.neighbors()
        if clear(game, a) and a.distance(r) == 4 and not game.sees(r, a)
    )
    return r, a, b


def stage(state: SoldiersState, spots: dict[str, Hex]) -> None:
    """The named men where given; everybody else in one far hex, both sides together."""
    game = state.game
    far = max(
        (h for h in game.amap.hexes if clear(game, h)),
        key=lambda h: (min(h.distance(s) for s in spots.values()), game.name(h)),
    )
    for m in list(state.troops.hexes):
        state.troops.hexes[m] = spots.get(m, far)


def choose_as_bots(state: SoldiersState) -> list[tuple[str, tuple[str, ...]]]:
    """Make each choice of a man waiting [8.41; 8.43; 8.82; 18.41] as the bots make it (the
    engine's former stand-in: :func:`rules.soldiers.damage_choice.default`); the choices asked,
    in order: who chose, and among whom. A hand-to-hand line-up [8.81] is placed the same way
    (:func:`line_up_as_bots`), and reaction fire types are named so [8.63]
    (:func:`fire_types_as_bots`), neither listed."""
    asked = []
    line_up_as_bots(state)
    fire_types_as_bots(state)
    while (pending := damage_choice.waiting(state)) is not None:
        assert state.to_act() == (pending.chooser,)
        asked.append((pending.chooser, pending.men))
        state.apply(TakeDamage(damage_choice.default(state)))
        line_up_as_bots(state)
        fire_types_as_bots(state)
    return asked


def fire_types_as_bots(state: SoldiersState) -> list[tuple[str, str]]:
    """Name each alert man's reaction fire type waiting [8.63] as the bots name it (the
    engine's former stand-in, the best type his weapon allows:
    :func:`rules.soldiers.reaction_choice.default`); the types named, man by man."""
    named = []
    while (pending := state.active.fire_types) is not None:
        assert state.to_act() == (pending.side,)
        man = next(m for m, t in pending.shots if not t)
        how = reaction_choice.default(state)
        named.append((man, how))
        state.apply(ReactionType(man, how))
    return named


def line_up_as_bots(state: SoldiersState) -> list[tuple[str, str, tuple[str, ...]]]:
    """Place each man of a hand-to-hand line-up waiting [8.81] where the bots place him (the
    engine's former stand-in); the places asked, in order: who placed, the man, among whom."""
    asked = []
    while isinstance(pending := state.active.victim, VictimChoice) and pending.kind == "lineup":
        assert state.to_act() == (pending.chooser,)
        asked.append((pending.chooser, pending.placing[0], pending.men))
        state.apply(LineUp(pending.placing[0], damage_choice.default(state)))
    return asked
