"""Soldiers fire rules beyond the shot itself, each test named by the section it pins: weapon
checks, jams and ammunition [8.5; 7.32; 8.52], reaction fire [8.6], explosive grenades [12] and
capture [9]. Dice are forced; the men are staged by hand on the Learning Scenario's map C, every
man not named sharing one far hex with the enemy's (an enemy-occupied hex: none of them may
react [8.61])."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from soldiers_scenes import choose_as_bots, declare_tactical, fire_types_as_bots

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import LoadedScenario, load_scenario
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers.actions import (
    ClearJam,
    GrenadeThrown,
    Maintained,
    ManCaptured,
    ManHit,
    OrderMan,
    React,
    ReactionNote,
    Reload,
    Shoot,
    ShotExplained,
    Throw,
    WeaponChecked,
)
from rules.soldiers.fire import entry_side
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.units import cell
from rules.soldiers.weapons import (
    CHECK_COLUMN,
    spare_clips,
    starting_grenades,
    why_not_fire_weapon,
)

SCENARIO = "scenarios/soldiers/10-dawn-patrol.yaml"


def _loaded(level: str | None = None, visibility: str | None = None) -> LoadedScenario:
    loaded = load_scenario(SCENARIO)
    update = {k: v for k, v in (("level", level), ("visibility", visibility)) if v is not None}
    rules = loaded.scenario.rules.model_copy(update=update)
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"rules": rules}))


def _game(level: str | None = None, visibility: str | None = None) -> SoldiersGame:
    found = load_game(_loaded(level, visibility))
    assert isinstance(found, SoldiersGame)
    return found


@pytest.fixture
def game() -> SoldiersGame:
    """A fresh game each test: some tests give men the book's initiatives or grenades."""
    return _game()


def _acting(game: SoldiersGame) -> tuple[SoldiersState, str]:
    """The first Action Phase at Aggressive (a d10 of 10 [6.11]); its leader."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    state.apply(f"commit {side}.e.sl")
    state.force_dice(10, 1)
    state.apply(f"done {game.other(side)}")
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    return state, leader


def _clear(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _pairs(game: SoldiersGame, dist: int) -> Iterator[tuple[Hex, Hex]]:
    """Clear hexes ``dist`` apart in sight of each other, no hexside feature at the target."""
    hexes = sorted((h for h in game.amap.hexes if _clear(game, h)), key=game.name)
    for a in hexes:
        for b in hexes:
            if a.distance(b) != dist or not game.sees(a, b):
                continue
            side = entry_side(a, b)
            if side is None or not game.terrain.hexside_features(side):
                yield a, b


def _stage(state: SoldiersState, spots: dict[str, Hex]) -> None:
    """The named men where given; everybody else in one far hex, both sides together."""
    game = state.game
    far = max(
        (h for h in game.amap.hexes if _clear(game, h)),
        key=lambda h: (min(h.distance(s) for s in spots.values()), game.name(h)),
    )
    for m in state.troops.hexes:
        state.troops.hexes[m] = spots.get(m, far)


def _enemy(state: SoldiersState, man: str, k: int = 0) -> str:
    return state.able(state.game.other(state.game.men[man].side))[k]


def _roll_for(table: str, result: str) -> int:
    """The first d10 that gives ``result`` on the table's weapon check line."""
    return next(r for r in range(1, 11) if cell(table, "weapon check", r).value == result)


def _checks(fire_type: str) -> list[int]:
    found = cell("weapon-check-summary", f"{fire_type} fire", CHECK_COLUMN).value
    assert isinstance(found, list)
    return [int(x) for x in found]


def _shooting(game: SoldiersGame) -> tuple[SoldiersState, str, str, Hex, Hex]:
    """The leader under orders, an enemy 2 hexes away in sight."""
    state, leader = _acting(game)
    a, b = next(_pairs(game, 2))
    enemy = _enemy(state, leader)
    _stage(state, {leader: a, enemy: b})
    state.apply(OrderMan(leader))
    return state, leader, enemy, a, b


# --- 8.5 Weapon checks; 7.32 clear jam; 8.52 reload -------------------------------------------


def test_weapon_check_8_5_a_jam_stops_the_weapon_until_cleared_7_32(game: SoldiersGame) -> None:
    """[8.5; 8.51]: a fire roll that is a weapon check number calls for a d10 on the weapon
    check line after damage; Jam: the weapon may not fire. [7.32]: clear jam costs 2 AP, a d10
    on the same line; Jam again keeps it jammed, NE or Ammo clears it."""
    state, leader, _, _, b = _shooting(game)
    table = game.men[leader].weapon.damage_table
    shot = Shoot(leader, game.name(b), "quick")
    state.force_dice(_checks("quick")[-1], _roll_for(table, "Jam"))
    state.apply(shot)
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert check.result == "Jam" and "[8.5; 8.51]" in check.why
    assert leader in state.troops.jammed
    why = state.why_not(shot)
    assert why is not None and "jammed" in why and "[8.51; 7.32]" in why
    assert shot not in state.legal_actions() and ClearJam(leader) in state.legal_actions()
    ap = state.active.ap
    for result, jammed in (("Jam", True), ("NE", False), ("Ammo", False)):
        tried = state.clone()
        assert isinstance(tried, SoldiersState)
        tried.force_dice(_roll_for(table, result))
        tried.apply(ClearJam(leader))
        assert (leader in tried.troops.jammed) == jammed and tried.active.ap == ap - 2
        done = next(e for e in reversed(tried.log) if isinstance(e, Maintained))
        assert ("still jammed [7.32]" if jammed else "cleared [7.32]") in done.why


def test_weapon_check_8_5_only_on_the_summary_numbers(game: SoldiersGame) -> None:
    """[8.3; 8.5]: a fire roll not among the Weapon Check Summary's numbers calls for no check;
    sustained fire checks on 9 too (the summary's placeholder)."""
    state, leader, _, _, b = _shooting(game)
    assert 9 not in _checks("quick") and 9 in _checks("sustained")
    state.force_dice(9)
    state.apply(Shoot(leader, game.name(b), "quick"))
    assert not any(isinstance(e, WeaponChecked) for e in state.log)


def test_weapon_check_8_51_ammo_is_ignored_in_the_learning_scenario(game: SoldiersGame) -> None:
    """[8.51 note]: Ammo results are ignored when playing the Learning Scenario (10)."""
    state, leader, _, _, b = _shooting(game)
    table = game.men[leader].weapon.damage_table
    state.force_dice(_checks("quick")[-1], _roll_for(table, "Ammo"))
    state.apply(Shoot(leader, game.name(b), "quick"))
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert check.result == "NE" and "Learning Scenario [8.51 note]" in check.why
    assert leader not in state.troops.ammo_out


def test_weapon_check_8_51_ammo_out_then_reload_8_52_marks_off_a_clip() -> None:
    """[8.51; 8.52; 11]: Ammo: out of ammo until a reload, 2 AP and one clip marked off; our
    reading of 11, the first of his two clips is in the weapon, so a second Ammo leaves him
    with none to load."""
    game = _game(level="advanced")
    state, leader, _, _, b = _shooting(game)
    table = game.men[leader].weapon.damage_table
    shot = Shoot(leader, game.name(b), "quick")
    assert game.clips[leader] == 2 and spare_clips(state, leader) == 1
    state.force_dice(_checks("quick")[-1], _roll_for(table, "Ammo"))
    state.apply(shot)
    assert leader in state.troops.ammo_out
    why = state.why_not(shot)
    assert why is not None and "reload" in why and "[8.51; 8.52]" in why
    ap = state.active.ap
    state.apply(Reload(leader))
    assert state.active.ap == ap - 2 and leader not in state.troops.ammo_out
    assert spare_clips(state, leader) == 0 and state.troops.clips_spent == {leader: 1}
    state.troops.ammo_out.add(leader)  # the second clip fired out, as the first was
    assert "no clip left" in (state.why_not(Reload(leader)) or "")
    assert "no clip left" in (why_not_fire_weapon(state, leader) or "")
    assert Reload(leader) not in state.legal_actions()


def test_maintenance_7_31_at_wary_not_in_the_open_in_enemy_sight(game: SoldiersGame) -> None:
    """[7.31]: a Wary man maintains only out of enemy sight or in a covered or protected hex in
    enemy sight; in the open in enemy sight he may not clear a jam."""
    state, leader, _, _, _b = _shooting(game)
    state.troops.jammed.add(leader)
    assert state.why_not(ClearJam(leader)) is None  # Aggressive: any hex
    state.active.risk = "Wary"
    why = state.why_not(ClearJam(leader))
    assert why is not None and "[7.31]" in why


# --- 8.6 Reaction fire ------------------------------------------------------------------------


def _path_through_sight(game: SoldiersGame) -> tuple[Hex, Hex, Hex, Hex]:
    """A reactor's hex r, and a mover's a -> b -> c, b and c clear, b in r's sight 2 away."""
    for r, b in _pairs(game, 2):
        near = [n for n in b.neighbors() if _clear(game, n) and n.distance(r) >= 2]
        if len(near) >= 2:
            return r, near[0], b, near[1]
    raise AssertionError("no such hexes")


def _reacting(game: SoldiersGame) -> tuple[SoldiersState, str, str, Move, Hex]:
    state, leader = _acting(game)
    r, a, b, c = _path_through_sight(game)
    reactor = _enemy(state, leader)
    _stage(state, {leader: a, reactor: r})
    state.apply(OrderMan(leader))
    return state, leader, reactor, Move(leader, (game.name(b), game.name(c))), b


def test_reaction_8_6_a_move_stops_in_the_first_hex_in_sight_and_the_enemy_answers(
    game: SoldiersGame,
) -> None:
    """[8.6; 8.62]: reaction comes immediately after an enemy man enters a sighted hex, before
    the active player does anything else: the move stops there; the reactive side declares;
    its ``done`` with nothing declared holds fire and play goes back to the mover, who moves
    on, and the man who held his fire may still react later [8.62]."""
    state, leader, reactor, move, b = _reacting(game)
    ap = state.active.ap
    state.apply(move)
    assert state.troops.hexes[leader] == b
    assert state.to_act() == (game.men[reactor].side,)
    assert React(reactor, "fire") in state.legal_actions()
    assert React(reactor, "suppress") in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"reacts first \[8.6\]"):
        state.apply(Shoot(leader, game.name(state.troops.hexes[reactor]), "quick"))
    state.apply(Done(game.men[reactor].side))
    assert any("holds its fire [8.62]" in e.describe() for e in state.log)
    assert state.to_act() == (game.men[leader].side,)
    assert state.active.ap < ap and reactor not in state.active.reacted


def test_reaction_8_63_book_example_cramer_quick_fires_and_is_marked() -> None:
    """[8.6 example; 8.63; 8.65]: Cramer (initiative 2) rolls 5 for alertness: quick fire only;
    he misses; a Reaction Fire marker goes on him and he may not react again this phase."""
    game = _game()
    state, _leader, reactor, move, _b = _reacting(game)
    game.men[reactor] = dataclasses.replace(game.men[reactor], initiative=2)
    state.apply(move)
    state.apply(React(reactor, "fire"))
    state.force_dice(5, 9)  # alertness 5 > 2: quick fire only; a 9 misses (no check on 9)
    state.apply(Done(game.men[reactor].side))
    shot = next(e for e in state.log if isinstance(e, ShotExplained))
    assert shot.man == reactor and shot.fire_type == "quick" and not shot.hit
    notes = [e.text for e in state.log if isinstance(e, ReactionNote) and e.man == reactor]
    assert any("alertness roll 5 against initiative 2: quick fire only" in n for n in notes)
    assert reactor in state.active.reacted
    assert React(reactor, "fire") not in state.legal_actions()


def test_reaction_8_63_book_example_a_10_is_no_fire_and_no_marker() -> None:
    """[8.6 example; 8.63]: Diebler and Friebel (best initiative 1) roll 10: neither noticed
    Gilbert, no fire, no marker; at or under the initiative the weapon's best fire type."""
    game = _game()
    state, _, reactor, move, _ = _reacting(game)
    state.apply(move)
    state.apply(React(reactor, "fire"))
    state.force_dice(10)
    state.apply(Done(game.men[reactor].side))
    assert not any(isinstance(e, ShotExplained) for e in state.log)
    assert reactor not in state.active.reacted
    # the same man, alert this time (a 1 is at or under any initiative): his best fire type
    other = _game()
    state, _leader, reactor, move, _b = _reacting(other)
    state.apply(move)
    state.apply(React(reactor, "fire"))
    state.force_dice(1, 9)
    state.apply(Done(other.men[reactor].side))
    assert fire_types_as_bots(state)  # his player's choice, named as the bots name it [8.63]
    shot = next(e for e in state.log if isinstance(e, ShotExplained))
    best = "sustained" if "sustained" in other.men[reactor].weapon.fire else "aimed"
    assert shot.fire_type == (best if best in other.men[reactor].weapon.fire else "quick")


def test_reaction_8_64_book_example_hansen_suppresses_himself() -> None:
    """[8.6 example; 8.64]: Hansen (initiative 0) suppresses in reaction; he rolls 6: he
    suppresses at once (a 10 would have forbidden it)."""
    game = _game()
    state, _leader, reactor, move, _b = _reacting(game)
    game.men[reactor] = dataclasses.replace(game.men[reactor], initiative=0)
    state.apply(move)
    state.apply(React(reactor, "suppress"))
    state.force_dice(6)
    state.apply(Done(game.men[reactor].side))
    assert reactor in state.troops.suppressed and reactor not in state.active.reacted


def test_reaction_8_61_to_sustained_fire_but_not_from_the_hex_fired_at(
    game: SoldiersGame,
) -> None:
    """[8.6; 8.61]: sustained fire draws reaction, after it is resolved; a man in the hex it hit
    may not react; a man elsewhere who sees the firer may."""
    state, leader = _acting(game)
    side = game.men[leader].side
    gunner = next(m for m in state.able(side) if "sustained" in game.men[m].weapon.fire)
    r, a, b, _ = _path_through_sight(game)
    target = next(n for n in a.neighbors() if _clear(game, n) and game.sees(a, n) and n != b)
    hit, watcher = _enemy(state, gunner, 0), _enemy(state, gunner, 1)
    _stage(state, {gunner: b, hit: target, watcher: r})
    state.active.in_command.add(gunner)
    state.apply(OrderMan(gunner))
    state.force_dice(9)  # a miss; 9 is a sustained weapon check number: the check follows
    state.apply(Shoot(gunner, game.name(target), "sustained"))
    assert any(isinstance(e, WeaponChecked) for e in state.log)
    assert state.to_act() == (game.other(side),)
    legal = state.legal_actions()
    assert React(watcher, "fire") in legal and React(hit, "fire") not in legal


def test_reaction_8_6_fire_is_simultaneous_its_hit_chances_worked_out_first(
    game: SoldiersGame,
) -> None:
    """[8.6]: all reaction fire is simultaneous: the second reaction's hit chance is the one
    worked out before the first suppressed a man of the three in the hex (+1 for 3 or 4
    non-suppressed men [8.32] still counts)."""
    state, leader = _acting(game)
    side = game.men[leader].side
    r, a, b, _c = _path_through_sight(game)
    mates = [m for m in state.able(side) if m != leader][:2]
    reactors = [_enemy(state, leader, 0), _enemy(state, leader, 1)]
    _stage(state, {leader: a, mates[0]: b, mates[1]: b, reactors[0]: r, reactors[1]: r})
    state.apply(OrderMan(leader))
    state.apply(Move(leader, (game.name(b),)))
    for m in reactors:
        state.apply(React(m, "fire"))
    state.force_dice(9, 1, 1, 9)  # quick fire only; a hit, damage 1 is Sup; the second misses
    state.apply(Done(game.other(side)))
    # a fire roll of 1: the reacting player chooses among the three [8.41]; the second
    # reaction shot waits for his choice
    assert len([e for e in state.log if isinstance(e, ShotExplained)]) == 1
    assert choose_as_bots(state) == [(game.other(side), tuple(sorted((leader, *mates))))]
    shots = [e for e in state.log if isinstance(e, ShotExplained)]
    assert len(shots) == 2 and shots[0].hit and not shots[1].hit
    assert len([m for m in (leader, *mates) if m in state.troops.suppressed]) == 1
    # the first fire suppressed one of the three, yet the second counts three standing men
    assert all(any("3 or 4 non-suppressed" in s for s in shot.steps) for shot in shots)


def test_reaction_7_1_the_active_man_wounded_acts_no_more(game: SoldiersGame) -> None:
    """[7.1; 8.44]: a man wounded by enemy reaction fire performs no more actions in that
    Action Phase."""
    state, leader, reactor, move, _b = _reacting(game)
    state.apply(move)
    state.apply(React(reactor, "fire"))
    table = game.men[reactor].weapon.tables("quick")[1]
    wound = next(r for r in range(2, 10) if cell(table, "damage", r).value == "Wound")
    terrain = 0  # b is clear: no damage modifier
    state.force_dice(9, 1, wound + terrain)  # quick fire only; a 1 hits; a wound
    state.apply(Done(game.men[reactor].side))
    assert leader in state.troops.wounded and state.active.ap == 0
    assert not [a for a in state.legal_actions() if isinstance(a, Move | Shoot)]


def test_clone_and_replay_round_trip_through_a_jam_and_a_reaction(game: SoldiersGame) -> None:
    """Every game replays from seed and actions; a clone and a position read back in the
    middle of a reaction carry the jam, the declarations and the markers (STYLE 5, 25)."""
    state, _leader, reactor, move, _b = _reacting(game)
    state.apply(move)
    state.apply(React(reactor, "fire"))
    clone = state.clone()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    table = game.men[reactor].weapon.tables("quick")[1]
    for s in (state, clone, back):
        s.force_dice(9, 10, _roll_for(table, "Jam"))  # quick; a 10 misses: a check, Jam
        s.apply(Done(game.men[reactor].side))
    assert reactor in state.troops.jammed and reactor in state.active.reacted
    assert clone.fingerprint() == state.fingerprint()
    assert back.position_fingerprint() == state.position_fingerprint()
    # the test staged men by hand: replay its history on a state staged the same way
    staged = _reacting(_game())[0]
    for action in state.history[len(staged.history) :]:
        staged.apply(action)
    assert staged.position_fingerprint() == state.position_fingerprint()


def test_a_game_through_jams_and_reactions_replays_from_seed_and_actions() -> None:
    """STYLE 5: a bot game where weapons jammed and men fired in reaction [8.5; 8.6] replays
    from its seed and action list to the same fingerprint."""
    from rules.bots.base import make_bot

    game = _game()
    for seed in range(30):  # the random bot bids now [5.31]: seed 28 is the first such game
        state = game.new_initial_state(seed)
        bots = {s: make_bot(("heuristic", "random")[i], seed) for i, s in enumerate(game.sides)}
        while not state.is_terminal():
            side = state.to_act()[0]
            state.apply(bots[side].choose(state, side))
        jams = [e for e in state.log if isinstance(e, WeaponChecked) and e.result == "Jam"]
        fired = [e for e in state.log if isinstance(e, ReactionNote) and "fire at" in e.text]
        if jams and fired:
            break
    else:
        raise AssertionError("no seeded game with a jam and a reaction fire")
    again = game.new_initial_state(seed)
    for action in state.history:
        again.apply(action.text())
    assert again.fingerprint() == state.fingerprint()


# --- 12 Grenades -----------------------------------------------------------------------------


def test_grenades_19_44_dealt_from_the_purchase_to_the_mens_kits() -> None:
    """[12; 19.44]: bought grenades are carried by the side's men, dealt one at a time (our
    reading of the owner's distribution)."""
    loaded = _loaded()
    side = loaded.scenario.sides[0]
    bought = side.model_copy(update={"purchases": [Purchase(item="GRENADE", count=3)]})
    sides = [bought, *loaded.scenario.sides[1:]]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    men = [m for m in game.men.values() if m.side == side.id]
    assert starting_grenades(scenario, list(game.men.values())) == game.grenades
    assert [game.grenades.get(m.id, 0) for m in men[:4]] == [1, 1, 1, 0]


def _throwing(game: SoldiersGame, dist: int) -> tuple[SoldiersState, str, list[str], Hex, Hex]:
    state, leader = _acting(game)
    a, b = next(_pairs(game, dist))
    enemies = [_enemy(state, leader, 0), _enemy(state, leader, 1)]
    _stage(state, {leader: a, enemies[0]: b, enemies[1]: b})
    game.grenades[leader] = 2
    state.apply(OrderMan(leader))
    return state, leader, enemies, a, b


def test_grenade_12_2_a_hit_explodes_and_every_man_in_the_hex_rolls_12_22() -> None:
    """[12.2; 12.22]: at or under the Grenade Table's hit chance it explodes in the target hex;
    a d10 for each man there on the Dmg/out line outdoors; an unmodified 10 always kills; a
    seen target in the mist is -1 [12.21]."""
    for game, mist in ((_game(visibility="clear"), 0), (_game(), -1)):
        _explodes(game, mist)


def _explodes(game: SoldiersGame, mist: int) -> None:
    state, leader, enemies, _a, b = _throwing(game, 2)
    throw = Throw(leader, game.name(b))
    assert throw in state.legal_actions()
    chance = int(str(cell("grenade", "seen", 2).value)) + mist
    preview = state.preview(throw)
    assert preview.legal and preview.chances[0].effect == chance / 10
    ap = state.active.ap
    state.force_dice(chance, 10, 1)
    state.apply(throw)
    thrown = next(e for e in state.log if isinstance(e, GrenadeThrown))
    assert thrown.lands == game.name(b) and "[12.2]" in thrown.steps[-1]
    hits = {e.man: e.result for e in state.log if isinstance(e, ManHit)}
    assert hits == {enemies[0]: "Kill", enemies[1]: "Sup"}
    assert state.active.ap == ap - 2 and state.troops.grenades_thrown == {leader: 1}


def test_grenade_12_4_a_miss_scatters_by_the_d6_12_41(game: SoldiersGame) -> None:
    """[12.4; 12.41]: above the hit chance (not 10) it scatters to the adjacent hex the d6
    names on the scatter indicator; into the thrower's hex it lands in the target instead."""
    state, leader, _enemies, a, b = _throwing(game, 1)
    chance = int(str(cell("grenade", "seen", 1).value))
    back = next(d for d in range(1, 7) if b.neighbor(game.amap.direction_to_global(b, d)) == a)
    state.force_dice(chance + 1, back, 5, 5)
    state.apply(Throw(leader, game.name(b)))
    thrown = next(e for e in state.log if isinstance(e, GrenadeThrown))
    assert thrown.lands == game.name(b) and "thrower's hex" in thrown.steps[-1]
    assert len([e for e in state.log if isinstance(e, ManHit)]) == 2


def test_grenade_12_3_a_10_may_malfunction_dud_or_explode_in_the_hand(
    game: SoldiersGame,
) -> None:
    """[12.3]: a 10 is a possible malfunction: a d10 on the weapon check line; Dud, nothing;
    Explode, the thrower rolls on Dmg/in wherever he is."""
    state, leader, _enemies, _a, b = _throwing(game, 2)
    dud = next(r for r in range(1, 11) if cell("grenade-damage", "weapon check", r).value == "Dud")
    state.force_dice(10, dud)
    state.apply(Throw(leader, game.name(b)))
    assert next(e for e in state.log if isinstance(e, GrenadeThrown)).lands is None
    assert not any(isinstance(e, ManHit) for e in state.log)
    boom = next(
        r for r in range(1, 11) if cell("grenade-damage", "weapon check", r).value == "Explode"
    )
    state.force_dice(10, boom, 9)
    state.apply(Throw(leader, game.name(b)))
    hit = next(e for e in state.log if isinstance(e, ManHit))
    assert hit.man == leader and "Dmg/in" in hit.why and "in his hand [12.3]" in hit.why
    assert hit.result == str(cell("grenade-damage", "Dmg/in", 9).value)


def test_grenade_12_11_range_and_12_13_risk_level(game: SoldiersGame) -> None:
    """[12.11]: no more than 5 hexes into a seen hex; [12.13]: a Cautious man throws only from
    a hex not in enemy sight; and a man without a grenade throws none [12]."""
    state, leader, _enemies, a, b = _throwing(game, 2)
    far = next(h for h in game.amap.hexes if a.distance(h) == 6)
    why = state.why_not(Throw(leader, game.name(far)))
    assert why is not None and "[12.11]" in why
    state.active.risk = "Cautious"
    why = state.why_not(Throw(leader, game.name(b)))
    assert why is not None and "[12.13]" in why
    state.active.risk = "Aggressive"
    game.grenades[leader] = 0
    assert "no explosive grenade" in (state.why_not(Throw(leader, game.name(b))) or "")


def test_grenade_12_21_building_modifier_by_adjacency() -> None:
    """[12.21]: a building target: -1 from an adjacent thrower, -3 from further."""
    from rules.soldiers.grenades import throw_chance

    game = _game(visibility="clear")
    state, leader = _acting(game)
    building = next(
        h for h in sorted(game.amap.hexes, key=game.name) if game.terrain.terrain(h) == "building"
    )
    for dist, modifier in ((1, -1), (2, -3)):
        at = next(h for h in game.amap.hexes if h.distance(building) == dist)
        _stage(state, {leader: at, _enemy(state, leader): building})
        seen = "seen" if game.sees(at, building) else "unseen"
        chance, work = throw_chance(state, Throw(leader, game.name(building)))
        assert chance == int(str(cell("grenade", seen, dist).value)) + modifier
        assert any("[12.21]" in s for s in work.steps)


# --- 9 Capture -------------------------------------------------------------------------------


def test_capture_9_2_an_able_man_alone_with_incapacitated_enemies_takes_them(
    game: SoldiersGame,
) -> None:
    """[9.2; 9.3; 9.4; 9]: entering a hex of only incapacitated enemy men captures them; a
    guard is assigned; his order gives 3 AP and no combat actions; the prisoner moves with him;
    a killed-or-captured condition counts the prisoner [19.7]."""
    state, leader = _acting(game)
    a, b = next(_pairs(game, 1))
    c = next(n for n in b.neighbors() if _clear(game, n) and n != a)
    down = _enemy(state, leader)
    _stage(state, {leader: a, down: b})
    state.troops.disabled[down] = "incapacitated"
    state.apply(OrderMan(leader))
    state.apply(Move(leader, (game.name(b),)))
    taken = next(e for e in state.log if isinstance(e, ManCaptured))
    assert taken.man == down and taken.guard == leader and "[9.2]" in taken.why
    assert state.troops.captured == {down: leader}
    state.apply(Move(leader, (game.name(c),)))
    assert state.troops.hexes[down] == c
    other = _enemy(state, leader, 1)
    state.troops.hexes[other] = next(n for n in c.neighbors() if _clear(game, n))
    assert "guard may not conduct combat" in (
        state.why_not(Shoot(leader, game.name(state.troops.hexes[other]), "quick")) or ""
    )
    from rules.soldiers.capture import guard_ap

    assert guard_ap(state, leader) == (3.0, "a guard: 3 AP, no combat actions [9.4]")


def test_capture_9_a_prisoner_left_without_an_able_enemy_is_no_longer_captured(
    game: SoldiersGame,
) -> None:
    """[9; 9.3]: a man stays captured while in a hex with an able enemy man: his guard killed,
    another able man there takes over; none left, the Captured marker comes off."""
    from rules.soldiers.capture import refresh

    state, leader = _acting(game)
    a, _ = next(_pairs(game, 1))
    down = _enemy(state, leader)
    mate = next(m for m in state.able(game.men[leader].side) if m != leader)
    _stage(state, {leader: a, down: a, mate: a})
    state.troops.disabled[down] = "incapacitated"
    refresh(state)
    guard = state.troops.captured[down]
    state.troops.disabled[guard] = "killed"
    refresh(state)
    second = state.troops.captured[down]
    assert second != guard and "takes over as his guard [9.3]" in state.log[-1].describe()
    state.troops.disabled[second] = "killed"
    refresh(state)
    assert down not in state.troops.captured


# --- the State API and the bot ----------------------------------------------------------------


def test_state_api_describes_and_previews_reactions_throws_and_maintenance(
    game: SoldiersGame,
) -> None:
    """[8.6; 12; 7.32]: every new action has words, a preview with its cost and odds, and a
    focus, so the generic Test Play panel offers it; a move that reaction will stop says so."""
    state, leader, reactor, move, b = _reacting(game)
    preview = state.preview(move)
    assert preview.legal and any("[8.6]" in r for r in preview.rules)
    assert preview.cost == f"{game.man_cost(b, state.troops.hexes[leader]).cost:g} of 5 AP"
    state.apply(move)
    fire = React(reactor, "fire")
    assert state.describe(fire).endswith(f"reaction fire at {game.name(b)} [8.6]")
    odds = state.preview(fire)
    assert odds.legal and odds.cost == "no AP" and odds.chances[0].target == game.name(b)
    assert odds.chances[0].effect is not None and 0 < odds.chances[0].effect < 1
    assert "alertness" in odds.chances[0].words
    assert state.concerns(fire).hex == b
    assert state.describe(Done(game.men[reactor].side)) == "Hold fire [8.62]"
    state.apply(fire)
    assert state.describe(Done(game.men[reactor].side)) == "Resolve the declared reactions [8.62]"
    assert state.progress().rule == "Soldiers (8.6)"
    state.troops.jammed.add(leader)
    assert state.describe(ClearJam(leader)) == "Clear the jammed weapon [7.32]"
    assert state.describe(Throw(leader, "C/0101")) == "Throw a grenade at C/0101 [12.1]"


def test_the_heuristic_bot_fires_in_reaction_when_the_odds_are_good(game: SoldiersGame) -> None:
    """[8.6]: the heuristic bot declares reaction fire that may hit, then resolves it."""
    from rules.bots.base import make_bot

    state, _, reactor, move, _ = _reacting(game)
    state.apply(move)
    side = game.men[reactor].side
    assert state.preview(React(reactor, "fire")).chances[0].effect
    bot = make_bot("heuristic", 3)
    assert bot.choose(state, side) == React(reactor, "fire")
    state.apply(React(reactor, "fire"))
    assert bot.choose(state, side) == Done(side)


def test_the_heuristic_bot_throws_a_grenade_when_its_weapon_is_jammed(game: SoldiersGame) -> None:
    """[12; 8.51]: with his weapon jammed and enemies two hexes off in the open, the heuristic
    bot throws a grenade."""
    from rules.bots.base import make_bot

    state, leader, _, _, b = _throwing(game, 2)
    state.troops.jammed.add(leader)
    state.active.orders_left = 0  # his are the only actions left to weigh
    choice = make_bot("heuristic", 3).choose(state, game.men[leader].side)
    assert choice == Throw(leader, game.name(b))


def _surrounded(game: SoldiersGame) -> tuple[SoldiersState, str, list[str], Hex]:
    """The side not acting has one man in a hex with two able enemy men, nobody of his own
    seeing it; the acting side's next Action Phase about to begin."""
    state, leader = _acting(game)
    side = game.men[leader].side
    a, _ = next(_pairs(game, 1))
    lone = _enemy(state, leader)
    captors = [m for m in state.able(side) if m != leader][:2]
    _stage(state, {lone: a, captors[0]: a, captors[1]: a})
    far = state.troops.hexes[leader]
    for m in state.able(game.other(side)):
        if m != lone:
            state.troops.disabled[m] = "killed"  # nobody of his own left to see him
    assert far != a
    return state, lone, captors, a


def test_capture_9_8_a_man_outnumbered_and_alone_surrenders_on_a_roll_over_his_initiative(
    game: SoldiersGame,
) -> None:
    """[9.8]: at the start of an enemy Action Phase a man in a hex with twice as many able,
    non-suppressed enemy men, and in sight of no other friendly man, surrenders on a d10
    higher than his initiative; not higher, he does not."""
    from rules.soldiers.command import begin_action_phase

    for roll, taken in ((10, True), (1, False)):
        state, lone, captors, _ = _surrounded(_game())
        chit = next(c for c in state.game.chits.values() if c.side != state.game.men[lone].side)
        state.force_dice(roll)
        begin_action_phase(state, chit.id)
        assert (lone in state.troops.captured) == taken
        if taken:
            assert state.troops.disabled[lone] == "captured"
            assert state.troops.captured[lone] in captors
            assert any("[9.8]" in e.why for e in state.log if isinstance(e, ManCaptured))
        else:
            assert lone not in state.troops.disabled


def test_capture_9_6_a_surrendered_man_left_unguarded_is_left_alone_still_captured(
    game: SoldiersGame,
) -> None:
    """[9; 9.6]: a prisoner who is not incapacitated and has no able enemy left in his hex is
    left alone with no guard, still captured until his owner orders him and he acts
    ("Until the prisoner actually conducts an action, he remains captured" [9.6]; the order
    and the action: tests/test_soldiers_escape.py)."""
    from rules.soldiers.capture import ALONE, refresh

    state, lone, captors, _ = _surrounded(game)
    state.troops.disabled[lone] = "captured"
    state.troops.captured[lone] = captors[0]
    for m in captors:
        state.troops.disabled[m] = "killed"
    refresh(state)
    assert state.troops.captured[lone] == ALONE
    assert state.troops.disabled[lone] == "captured"


def test_extra_clips_19_44_are_dealt_to_the_men_for_their_own_weapons() -> None:
    """[11; 19.44; 19.53]: extra clips bought go to the side's men, each for his own weapon
    (our reading of the owner's distribution)."""
    loaded = _loaded()
    side = loaded.scenario.sides[0]
    bought = side.model_copy(update={"purchases": [Purchase(item="CLIP", count=2)]})
    scenario = loaded.scenario.model_copy(update={"sides": [bought, *loaded.scenario.sides[1:]]})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    men = [m.id for m in game.men.values() if m.side == side.id]
    assert [game.clips[m] for m in men[:3]] == [3, 3, 2]


def test_every_new_field_survives_a_clone_and_a_position_file(game: SoldiersGame) -> None:
    """STYLE 25-26: jams, ammo out, clips loaded, grenades thrown, prisoners (incapacitated or
    surrendered), Reaction Fire markers: a clone and a position read back carry them all, and
    changing the clone leaves the state alone."""
    state, leader, enemies, _, _ = _throwing(game, 2)
    troops = state.troops
    troops.jammed.add(leader)
    troops.ammo_out.add(enemies[0])
    troops.clips_spent[enemies[0]] = 1
    troops.grenades_thrown[leader] = 1
    troops.disabled[enemies[1]] = "captured"
    troops.captured[enemies[1]] = leader
    state.active.reacted.add(enemies[0])
    clone = state.clone()
    assert isinstance(clone, SoldiersState)
    assert clone.position_fingerprint() == state.position_fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert isinstance(back, SoldiersState) and back.troops.captured == {enemies[1]: leader}
    clone.troops.jammed.clear()
    clone.troops.captured.clear()
    clone.active.reacted.clear()
    assert leader in state.troops.jammed and state.troops.captured and state.active.reacted


def _armed() -> SoldiersGame:
    """The Learning Scenario with ten grenades bought for each side [12; 19.44]."""
    loaded = _loaded()
    sides = [
        s.model_copy(update={"purchases": [Purchase(item="GRENADE", count=10)]})
        for s in loaded.scenario.sides
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    return found


# Seeds whose games throw: self suppression [7.41] gave the random bot a new action, and seed
# 3's game went without a throw (seeds 1, 4, 5, 6 of 1-6 throw). Rifle grenades [12.6] gave it
# another: seed 4's game now destroys a dead man's grenades [9.5], which counts them as used
# with no throw; seed 2's throws one grenade and fires one from a rifle. Carrying a disabled man
# [11.3] and taking grenades [7.33] gave it pick-up, drop and take-grenades: seeds 2, 3, 7, 8
# and 9 of 1-12 now destroy dead men's grenades [9.5] as seed 4's did; 1 and 6 throw.
@pytest.mark.parametrize("seed", [1, 6])
def test_a_close_fight_with_grenades_plays_to_the_end_and_a_clone_plays_the_same(
    seed: int,
) -> None:
    """[12; 8.6; 9]: the two squads staged two hexes apart, each side with grenades: the
    heuristic bot against the random one throw them, fire and react, the game ends, and a
    clone taken after the first throw plays on to the same fingerprint."""
    from rules.bots.base import make_bot

    game = _armed()
    state, leader = _acting(game)
    a, b = next(_pairs(game, 2))
    side = game.men[leader].side
    for m in state.troops.hexes:
        state.troops.hexes[m] = a if game.men[m].side == side else b
    bots = {s: make_bot(("heuristic", "random")[i], seed) for i, s in enumerate(game.sides)}
    twin: SoldiersState | None = None
    while not state.is_terminal():
        acting = state.to_act()[0]
        action = bots[acting].choose(state, acting)
        assert state.why_not(action) is None
        state.apply(action)
        if twin is None and state.troops.grenades_thrown:
            copy = state.clone()
            assert isinstance(copy, SoldiersState)
            twin = copy
    thrown = sum(state.troops.grenades_thrown.values())
    assert thrown and thrown == sum(1 for e in state.log if isinstance(e, GrenadeThrown))
    assert any(isinstance(e, ReactionNote) for e in state.log)
    assert twin is not None
    for action in state.history[len(twin.history) :]:
        twin.apply(action)
    assert twin.fingerprint() == state.fingerprint()


def test_reaction_8_61_a_man_the_active_man_leaves_behind_may_react(game: SoldiersGame) -> None:
    """[8.61]: a man in the hex the active man shared with him is in an enemy-occupied hex no
    longer once the active man leaves it: he may react to the first hex entered in his sight,
    and the move stops there. The active man entered the shared hex in this order, so he may
    leave it [8.83: only a man who begins his activation there is held]."""
    state, leader = _acting(game)
    a, b, c, start = next(
        (a, b, c, s)
        for a, b in _pairs(game, 1)
        for c in b.neighbors()
        if _clear(game, c) and c != a and game.sees(a, c)
        for s in a.neighbors()
        if _clear(game, s) and s not in (b, c)
    )
    stayer = _enemy(state, leader)
    _stage(state, {leader: start, stayer: a})
    state.apply(OrderMan(leader))
    state.apply(Move(leader, (game.name(a),)))
    while state.active.reaction is not None:
        state.apply(f"done {state.active.reaction.side}")
    assert React(stayer, "fire") not in state.legal_actions()
    state.apply(Move(leader, (game.name(b), game.name(c))))
    assert state.troops.hexes[leader] == b
    assert React(stayer, "fire") in state.legal_actions()
