"""Soldiers hidden MMGs and HMGs [14.11; 14.12]: deployed hidden out of enemy sight, left out
of the enemy's view (Test Play and the State API), revealed when the gun moves, fires or is
sighted by an enemy man, for good; kept in position files."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import GERMAN, US, Buy, bought
from soldiers_scenes import acting, clear, fire_types_as_bots, stage
from test_soldiers_support import GUN, A, B, _bought, _move, _order, _pairs

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.positions import shared_units
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers.actions import React, Shoot
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.machineguns import in_arc
from rules.soldiers.support_actions import PrepareGun


def _crew_seen_by(state: SoldiersState, side: str) -> set[str]:
    return {u.unit for u in state.view_for(side).units} & {A, B}


def _apart(game: SoldiersGame) -> tuple[Hex, Hex, Hex]:
    """A gun's hex a, a clear hex b two hexes off in its sight, a clear hex c next to b out of
    a's sight."""
    for a, b in _pairs(game, 2):
        for c in b.neighbors():
            if clear(game, c) and not game.sees(a, c) and not game.sees(c, a):
                return a, b, c
    raise AssertionError("no such hexes")


def _hidden_scene(side: str = "us") -> tuple[SoldiersState, Hex, Hex, Hex, str]:
    """``side``'s leader turn; the MMG's crew hidden in a, prepared toward b; an American in c
    out of their sight (b: in their sight, next to c)."""
    game = _bought()
    state = acting(game, side)
    a, b, c = _apart(game)
    # no leader: a squad leader takes no order from another squad leader [6.26]
    us = next(m for m in state.able("us") if game.men[m].rank == "man")
    stage(state, {A: a, B: a, us: c})
    hour = next(h for h in range(1, 13) if in_arc(a, h, b))
    state.support.guns[GUN] = (game.name(a), hour)
    state.support.hidden = {GUN}
    return state, a, b, c, us


def test_14_11_an_mg_out_of_enemy_sight_deploys_hidden_noted_only_for_its_owner() -> None:
    """[14.11]: the gun and crew set up out of every enemy man's sight deploy hidden (our
    reading of the owner's choice), its hex on his squad sheet: the set-up note and the crew's
    deployment are the owner's alone, the crew are in his view and not in the enemy's nor on the shared screen."""
    game = _bought()
    state = game.new_initial_state(1)
    assert state.support.hidden == {GUN}
    assert _crew_seen_by(state, "german") == {A, B}
    assert _crew_seen_by(state, "us") == set()
    shared = shared_units({s: state.view_for(s).units for s in game.sides})
    assert not {u.unit for u in shared} & {A, B}
    note = "deployed hidden, out of every enemy man's sight (our reading of 14.11)"
    assert any(note in line for line in state.view_for("german").log)
    assert not any("MMG" in x or A in x or B in x for x in state.view_for("us").log)
    assert any(f"{A} deployed in" in x for x in state.view_for("german").log)


def test_14_12_an_enemy_man_who_sights_the_gun_reveals_it_for_good() -> None:
    """[14.12]: an American stepping into the gun's sight reveals it and its crew, with the
    section in the log both sides read; it stays revealed when he steps back out of sight."""
    state, _a, b, c, us = _hidden_scene("us")
    _order(state, us)
    assert _crew_seen_by(state, "us") == set()
    _move(state, us, b)
    assert state.support.hidden == set()
    assert _crew_seen_by(state, "us") == {A, B}
    line = f"the hidden MMG and its crew ({A}, {B}) are revealed"
    assert any(line in x and f"sighted by {us} [14.12]" in x for x in state.view_for("us").log)
    _move(state, us, c)
    assert state.support.hidden == set() and _crew_seen_by(state, "us") == {A, B}


def test_14_12_a_suppressed_enemy_man_sights_nothing_and_the_gun_stays_hidden() -> None:
    """[14.12; 7.4]: a suppressed American in the gun's sight sees nothing out of his hex (our
    reading of "sighted"), so the gun stays hidden until it fires: firing reveals it before the
    shot is resolved."""
    state, _a, b, _c, us = _hidden_scene("german")
    state.troops.hexes[us] = b
    state.troops.suppressed.add(us)
    _order(state, A)
    assert state.support.hidden == {GUN}
    shot = Shoot(A, state.game.name(b), "quick")
    assert shot in state.legal_actions()
    state.apply(shot)
    log = [e.describe() for e in state.log]
    at = next(i for i, x in enumerate(log) if f"{A} fires [14.12]" in x)
    assert state.support.hidden == set()
    assert any(f"{A}" in x for x in log[at + 1 :])  # the shot comes after the reveal


def test_14_12_a_crewman_moving_reveals_the_gun_and_dismantles_it() -> None:
    """[14.12; 14.2]: the first time the gun moves (a crewman moves, out of every enemy man's
    sight) it is revealed, and dismantled."""
    state, a, _b, c, _us = _hidden_scene("german")
    game = state.game
    _order(state, A)
    step = next(
        n
        for n in a.neighbors()
        if clear(game, n) and not any(game.sees(n, h) or n == h for h in (c,))
    )
    _move(state, A, step)
    assert state.support.hidden == set() and GUN not in state.support.guns
    log = list(state.view_for("us").log)  # the enemy reads the reveal, then the move
    shown = next(i for i, x in enumerate(log) if f"revealed in {game.name(a)}: {A} moves" in x)
    assert any(x.startswith(f"{A} ") and game.name(step) in x for x in log[shown + 1 :])


def test_14_11_orders_to_a_hidden_crewman_and_his_gun_s_notes_are_his_owner_s_alone() -> None:
    """[14.11; 14.22]: while the gun is hidden, its crewman's order and the gun's arc turned
    are in the owner's log, not in the enemy's; the gun stays hidden (no move, no fire)."""
    state, _a, _b, _c, _us = _hidden_scene("german")
    _order(state, A)
    now = state.support.guns[GUN][1]
    turn = next(x for x in state.legal_actions() if isinstance(x, PrepareGun) and x.hour != now)
    state.apply(turn)
    assert state.support.hidden == {GUN}
    german, us = state.view_for("german").log, state.view_for("us").log
    assert any(f"{A} is ordered" in x for x in german) and any("fire arc" in x for x in german)
    assert not any(A in x or "fire arc" in x for x in us)


def test_8_6_14_12_the_hidden_crew_react_to_a_man_entering_their_sight() -> None:
    """[8.6; 14.12]: an American entering the gun's sight reveals it, and its crew may answer
    with reaction fire like any reactive man (one crewman for the gun, 14.3 our reading)."""
    state, _a, b, _c, us = _hidden_scene("us")
    _order(state, us)
    state.apply(f"move {us} {state.game.name(b)}")
    assert state.support.hidden == set()
    assert state.active.reaction is not None and state.active.reaction.side == "german"
    assert React(A, "fire") in state.legal_actions()


def test_14_11_a_hidden_gun_is_kept_in_position_files_and_clones() -> None:
    """[14.11]: the guns still hidden are written to a position file (``hidden_guns``) and read
    back; a clone keeps them; a file naming no such gun is a problem."""
    state, *_ = _hidden_scene("german")
    position = state.to_position()
    assert "hidden_guns" in position.model_dump_json()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, SoldiersState) and back.support.hidden == {GUN}
    assert back.position_fingerprint() == state.position_fingerprint()
    twin = state.clone()
    assert isinstance(twin, SoldiersState)
    twin.support.hidden.clear()
    assert state.support.hidden == {GUN}
    state.support.hidden = set()
    revealed = state.to_position()
    back = state.game.state_from_position(revealed, PositionReader(state.game, revealed, None))
    assert isinstance(back, SoldiersState) and back.support.hidden == set()


def _operational_scene() -> tuple[SoldiersState, Hex, Hex, Hex, str]:
    """The Americans' scenario-start operational moves [6.33]: the MMG's crew hidden in a,
    prepared toward b (in their sight, two hexes off); an American in c, next to b, out of
    their sight."""
    game = _bought()
    state = game.new_initial_state(1)
    assert state.play.phase == "operational" and state.to_act() == ("us",)
    a, b, c = _apart(game)
    us = state.able("us")[0]
    stage(state, {A: a, B: a, us: c})
    hour = next(h for h in range(1, 13) if in_arc(a, h, b))
    state.support.guns[GUN] = (game.name(a), hour)
    state.support.hidden = {GUN}
    return state, a, b, c, us


def test_14_12_an_operational_move_stops_in_the_hidden_gun_s_sight_and_it_may_react() -> None:
    """[14.12; 6.3]: the hidden gun's crew do not bar an operational move (unknown to the
    mover, though within 8 hexes); entering a hex in their sight stops the move at once and
    reveals the gun, and its crew, only they, may fire in reaction, the only reaction during an
    operational move (the owner's second option: he waits)."""
    state, _a, b, _c, us = _operational_scene()
    game = state.game
    state.apply(f"order-man {us}")
    move = f"move {us} {game.name(b)}"
    assert state.why_not(game.parse_action(move)) is None  # within 8 hexes, yet allowed
    state.apply(move)
    assert state.to_act() == ("german",)  # the owner chooses first [14.12]
    state.apply(f"hidden-mg {GUN} wait")
    assert state.troops.hexes[us] == b and state.active.ap == 0
    assert state.support.hidden == set()
    log = [e.describe() for e in state.log]
    assert any(
        f"{us} enters its sight in {game.name(b)} during an operational move" in x for x in log
    )
    assert any(f"his operational move stops in {game.name(b)} [14.12]" in x for x in log)
    assert state.to_act() == ("german",)
    reacts = [x for x in state.legal_actions() if isinstance(x, React)]
    assert reacts and {r.man for r in reacts} <= {A, B} and {r.how for r in reacts} == {"fire"}
    state.apply(reacts[0])
    state.force_dice(1, 10, 10, 10, 10, 10, 10)  # alertness 1: any fire type [8.63]
    state.apply("done german")
    assert fire_types_as_bots(state)  # the owner's choice, as the bots make it [8.63]
    assert state.active.reaction is None and state.to_act() == ("us",)
    log = [e.describe() for e in state.log]
    assert any(f"fire at {game.name(b)} [8.63]" in x for x in log)


def test_14_12_after_the_reveal_the_gun_bars_operational_moves_like_any_enemy_man() -> None:
    """[14.12; 6.3]: revealed, the gun's crew are known: an operational move may no longer
    enter a hex within 8 hexes of them."""
    state, _a, b, _c, us = _operational_scene()
    game = state.game
    state.support.hidden = set()
    state.apply(f"order-man {us}")
    why = state.why_not(game.parse_action(f"move {us} {game.name(b)}")) or ""
    assert "within 8 hexes of an able enemy man [6.3]" in why or "in enemy sight [6.3]" in why


def test_14_12_a_wary_man_entering_an_open_hex_in_its_sight_stops_and_suppresses() -> None:
    """[14.12; 7.22]: a Wary American, not knowing of the hidden gun, may move into an open hex
    in its sight; there the gun is revealed, its owner may react [8.6], and the American stops,
    no further move this Action Phase, and suppresses after the reaction fire."""
    state, _a, b, _c, us = _hidden_scene("us")
    game = state.game
    _order(state, us)
    state.active.risk = "Wary"
    move = game.parse_action(f"move {us} {game.name(b)}")
    assert state.why_not(move) is None  # he does not know of the gun
    state.apply(move)
    assert state.troops.hexes[us] == b and state.support.hidden == set()
    assert state.active.ap == 0 and state.support.halted == {us}
    log = [e.describe() for e in state.log]
    assert any(f"{us} at Wary enters {game.name(b)}, a hex it forbade him [7.22]" in x for x in log)
    assert state.to_act() == ("german",) and us not in state.troops.suppressed
    state.apply("done german")  # the owner holds his fire
    assert us in state.troops.suppressed and state.support.halted == set()
    assert any(
        "suppresses: stopped by a hidden MG revealed [14.12]" in e.describe() for e in state.log
    )


def test_14_12_the_halted_men_are_kept_in_position_files() -> None:
    """[14.12]: the men to suppress after the reaction are written to a position file."""
    state, _a, b, _c, us = _hidden_scene("us")
    _order(state, us)
    state.active.risk = "Wary"
    state.apply(f"move {us} {state.game.name(b)}")
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, SoldiersState) and back.support.halted == {us}


def _intel(scenario: str, us: int, german: int, us_gun: bool = False) -> SoldiersState:
    """``scenario`` bought with the intelligence spent (US, German) [19.41]; the US buys an MMG
    team too when ``us_gun``."""
    forces = US.forces + ((("US-MMG-TEAM", False),) if us_gun else ())
    buys = {
        "us": Buy(forces, (("INTELLIGENCE", us),), US.reinforcements),
        "german": dataclasses.replace(GERMAN, purchases=(("INTELLIGENCE", german),)),
    }
    game = load_game(bought(scenario, 0, buys))
    assert isinstance(game, SoldiersGame)
    state = game.new_initial_state(1)
    assert isinstance(state, SoldiersState)
    return state


@pytest.mark.parametrize(
    ("scenario", "reveals", "together", "bracket"),
    [
        ("20-vire-bridges", 9, 6, "us 6+"),
        ("21-hedgerow-assault", 6, 5, "us 3+"),
        ("23-pre-dawn-pillbox-assault", 5, 3, "us 1-3"),
    ],
)
def test_20_4_the_german_deploying_first_reveals_his_hidden_mg(
    scenario: str, reveals: int, together: int, bracket: str
) -> None:
    """[20.4; 21.4; 23.4; 14.11; 19.41]: "The German deploys first revealing hidden equipment
    (except minefields)": in that bracket the German MMG deploys openly (in the American's
    view, its set-up in the log both sides read, citing the scenario's section); in a bracket
    without it the same gun in the same hex deploys hidden."""
    gun = "german.h.ge-mmg-team"
    hidden = _intel(scenario, together, 3)
    assert hidden.support.hidden == {gun}
    state = _intel(scenario, reveals, 3)
    assert state.game.deployment.intel is not None
    assert state.game.deployment.intel.bracket is not None
    assert state.game.deployment.intel.bracket.difference == bracket
    assert state.support.hidden == set()
    assert state.support.guns[gun] == hidden.support.guns[gun]
    crew = set(state.game.guns[gun])
    assert crew <= {u.unit for u in state.view_for("us").units}
    line = "deployed openly, not hidden: german deploys first, revealing hidden equipment"
    section = f"[{scenario[:2]}.4; 19.41]"
    assert any(line in x and section in x for x in state.view_for("us").log)
    assert any("its minefields stay hidden" in x for x in state.view_for("us").log)


def test_24_4_only_the_side_deploying_first_reveals_its_hidden_mgs() -> None:
    """[24.4; 14.11]: at German 6+ "The US deploys first, revealing all hidden equipment (except
    minefields)": the American MMG deploys openly, the German one (out of sight) still hidden."""
    state = _intel("24-beaufort-crossroads", 1, 9, us_gun=True)
    assert state.support.hidden == {"german.h.ge-mmg-team"}
    assert "us.h.us-mmg-team" in state.support.guns
    line = "us deploys first, revealing all hidden equipment (except minefields)"
    assert any(line in x and "[24.4; 19.41]" in x for x in state.view_for("german").log)
    before = _intel("24-beaufort-crossroads", 1, 5, us_gun=True)  # German 3-5: simultaneous
    assert "us.h.us-mmg-team" in before.support.hidden


def _into_crew_hex(risk: str) -> tuple[SoldiersState, str, list[Hex]]:
    """The American under orders at ``risk`` in s, not seeing the hidden crew's clear hex a
    (the hex between blocks his sight), two steps from it through n, and a clear hex past a
    (``path``: n, a, past); the
    crew suppressed, so that none reacts on the way (their hex stays theirs: enemy-occupied)."""
    game = _bought()
    state = acting(game, "us")
    # no leader: a squad leader takes no order from another squad leader [6.26]
    us = next(m for m in state.able("us") if game.men[m].rank == "man")
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    for a in hexes:
        for s in sorted(game.amap.hexes, key=game.name):
            if s.distance(a) != 2 or game.sees(s, a):
                continue
            steps = [n for n in s.neighbors() if n.distance(a) == 1 and n in game.amap.hexes]
            past = [p for p in a.neighbors() if p.distance(s) == 3 and clear(game, p)]
            if steps and past and s in game.amap.hexes:
                stage(state, {A: a, B: a, us: s})
                state.support.hidden = {GUN}
                state.troops.suppressed |= {A, B}
                _order(state, us)
                state.active.risk = risk
                assert state.support.hidden == {GUN}
                return state, us, [steps[0], a, past[0]]
    raise AssertionError("no such hexes")


def test_14_12_a_bold_man_may_enter_the_hidden_crew_s_hex_which_reveals_it_and_stops_him() -> None:
    """[14.12; 7.22]: the hidden crew's hex is not enemy-occupied for a man who does not know
    of them, so a Bold move into it is legal (it was refused, giving the gun away); entering it
    reveals the gun, and the man stops there, moves no farther this Action Phase and
    suppresses after any reaction fire (our reading: 14.12's rule for Cautious and Wary, Bold
    forbidding an enemy-occupied hex alike)."""
    state, us, path = _into_crew_hex("Bold")
    game = state.game
    move = Move(us, tuple(game.name(h) for h in path[:2]))
    assert state.why_not(move) is None
    state.apply(move)
    assert state.troops.hexes[us] == path[1] and state.support.hidden == set()
    assert us in state.troops.suppressed and state.active.ap == 0
    log = [e.describe() for e in state.log]
    where = game.name(path[1])
    line = f"{us} at Bold enters {where}, its crew's hex, enemy-occupied: a hex his risk level"
    assert any(line in x and "[7.22]" in x and "[14.12]" in x for x in log)
    assert any("suppresses: stopped by a hidden MG revealed [14.12]" in x for x in log)


def test_14_12_an_aggressive_man_s_move_through_the_crew_s_hex_is_interrupted_there() -> None:
    """[14.12; 7.22; 8.83]: at Aggressive he may enter an enemy-occupied hex; planning a path
    through the hidden crew's hex, his entry reveals the gun and his move is interrupted there
    (our reading), his AP kept; he is not halted nor suppressed."""
    state, us, path = _into_crew_hex("Aggressive")
    game = state.game
    state.apply(Move(us, tuple(game.name(h) for h in path)))
    assert state.troops.hexes[us] == path[1] and state.support.hidden == set()
    assert us not in state.troops.suppressed and state.support.halted == set()
    assert state.active.ap > 0 and not state.active.stopped
    log = [e.describe() for e in state.log]
    assert any(f"{us} at Aggressive enters {game.name(path[1])}, its crew's hex" in x for x in log)
    assert any("his move is interrupted in" in x and "our reading of 14.12" in x for x in log)


def test_18_1_14_12_camouflage_gives_the_attacker_no_cover_from_a_hidden_gun() -> None:
    """[18.1; 14.12; 7.22]: a camouflaged clear hex in the hidden gun's sight is covered, but
    open for an attacker's man (22's US: both sides are attackers): at Wary the gun would have forbidden him it, so his entry
    reveals the gun and halts him, as in an open hex."""
    from rules.soldiers import preparations
    from rules.soldiers.moves import category

    state, _a, b, _c, us = _hidden_scene("us")
    game = state.game
    roles = {s.id: s.role for s in game.scenario.sides}
    assert roles == {"us": "attacker", "german": "attacker"}  # "Both players are attackers" [22]
    game.prepared[b] = "camouflage"
    preparations._ON_MAP.pop(game, None)  # the start's preparations, worked out again
    assert category(state, b) == "covered" and category(state, b, "us") == "open"
    _order(state, us)
    state.active.risk = "Wary"
    state.apply(f"move {us} {game.name(b)}")
    assert state.support.hidden == set() and state.support.halted == {us}
