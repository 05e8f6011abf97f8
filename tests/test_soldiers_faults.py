"""Soldiers faults found when the engine was tried against the book, each pinned by the
section it breaks: battle conditions [6.42; 8.32], hexside hit modifiers [8.32], damage on a
disabled man [8.44], fire into a hex both sides hold [8.84], movement by risk level and sight
[7.22; 7.23; 7.42; 18.33], the risk level of an independent turn [6.11; 6.23], the ford of
scenario 26 [26.1], the seam hexes of joined maps [7.25] and building control [10.5]."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from soldiers_scenes import choose_as_bots, declare_tactical

from model.catalog import terrain_types
from model.hexes import Hex, Hexside
from model.provenance import unwrap
from model.scenario_io import LoadedScenario, load_scenario
from model.systems import GameSystem
from model.terrainview import seam_terrain
from rules.engine.actions import Move
from rules.los.geometry import CrossStep, trace
from rules.movement.costs import Movement, terrain_effect
from rules.registry import load_game
from rules.soldiers.actions import ManHit, OrderMan, Shoot, ShotExplained
from rules.soldiers.fire import apply_damage, entry_side, hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.units import SYSTEM, cell

SCENARIO = "scenarios/soldiers/10-dawn-patrol.yaml"


def _loaded(visibility: str | None = None) -> LoadedScenario:
    loaded = load_scenario(SCENARIO)
    if visibility is None:
        return loaded
    rules = loaded.scenario.rules.model_copy(update={"visibility": visibility})
    scenario = loaded.scenario.model_copy(update={"rules": rules})
    return dataclasses.replace(loaded, scenario=scenario)


def _game(visibility: str | None = None) -> SoldiersGame:
    found = load_game(_loaded(visibility))
    assert isinstance(found, SoldiersGame)
    return found


@pytest.fixture(scope="module")
def mist() -> SoldiersGame:
    return _game()


@pytest.fixture(scope="module")
def night() -> SoldiersGame:
    return _game("night")


@pytest.fixture(scope="module")
def clear() -> SoldiersGame:
    return _game("clear")


def _ordered(game: SoldiersGame, dice: tuple[int, int] = (10, 1)) -> tuple[SoldiersState, str]:
    """The first Action Phase, its leader ordered (Aggressive on a d10 of 10) [6.11]."""
    state = game.new_initial_state(1)
    side = state.to_act()[0]
    state.apply(f"commit {side}.e.sl")
    state.force_dice(*dice)
    state.apply(f"done {game.other(side)}")
    declare_tactical(state)  # far from the enemy: declared first [3B; 6.3]
    leader = game.chits[f"{side}.e.sl"].leader
    assert leader is not None
    return state, leader


def _clear_ground(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and game.terrain.terrain(h) == "clear"


def _pairs(game: SoldiersGame, dist: int) -> Iterator[tuple[Hex, Hex]]:
    """Clear hexes ``dist`` apart, the line between them unblocked by terrain and crossing no
    hexside feature next to the target."""
    hexes = sorted((h for h in game.amap.hexes if _clear_ground(game, h)), key=game.name)
    for a in hexes:
        for b in hexes:
            if a.distance(b) != dist:
                continue
            side = entry_side(a, b)
            if side is not None and game.terrain.hexside_features(side):
                continue
            if game.los(a, b).verdict != "blocked":
                yield a, b


def _place(state: SoldiersState, firer: str, at: Hex, target: Hex) -> str:
    """The firer at ``at``, every other man far away, one enemy at ``target``; that enemy."""
    game = state.game
    side = game.men[firer].side
    enemy = state.able(game.other(side))[0]
    for m in state.troops.hexes:
        state.troops.hexes[m] = at if game.men[m].side == side else _far(game, at, target)
    state.troops.hexes[firer] = at
    state.troops.hexes[enemy] = target
    return enemy


def _far(game: SoldiersGame, *near: Hex) -> Hex:
    return max(game.amap.hexes, key=lambda h: (min(h.distance(n) for n in near), game.name(h)))


def _shot(state: SoldiersState) -> ShotExplained:
    return next(e for e in reversed(state.log) if isinstance(e, ShotExplained))


def _base(game: SoldiersGame, man: str, dist: int) -> int:
    table = game.men[man].weapon.tables("quick")[0]
    return int(str(cell(table, "quick", dist).value))


# --- 1. Battle conditions [6.42; 8.32] ------------------------------------------------------


def test_sighting_distance_by_battle_condition(
    mist: SoldiersGame, night: SoldiersGame, clear: SoldiersGame
) -> None:
    """[6.42]: Night 6 hexes, Mist 10, Clear 15; a line the terrain leaves clear is no sight
    beyond them."""
    assert (night.sight_range, mist.sight_range, clear.sight_range) == (6, 10, 15)
    assert (night.condition, mist.condition, clear.condition) == ("Night", "Mist", "Clear")
    a, b = next(_pairs(night, 7))
    assert not night.sees(a, b) and clear.sees(a, b) and mist.sees(a, b)
    a, b = next(_pairs(night, 11))
    assert not mist.sees(a, b) and clear.sees(a, b)
    a, b = next(_pairs(night, 6))
    assert night.sees(a, b)


def test_fire_beyond_the_nights_sighting_distance_is_refused(night: SoldiersGame) -> None:
    """[6.42; 8.2]: a man fires only at what he sees; at night no further than 6 hexes."""
    state, leader = _ordered(night)
    max_range = night.men[leader].weapon.max_range
    assert max_range > 6
    a, b = next(_pairs(night, 7))
    _place(state, leader, a, b)
    state.apply(OrderMan(leader))
    why = state.why_not(Shoot(leader, night.name(b), "quick"))
    assert why is not None and "[6.42]" in why and "Night" in why
    assert not state.shots_of(leader)


def test_night_modifies_every_shot_even_adjacent(night: SoldiersGame) -> None:
    """[8.32]: night is -2 ("firing into a building hex at night ... -4"); unlike mist it
    applies between adjacent hexes too."""
    state, leader = _ordered(night)
    a, b = next(_pairs(night, 1))
    _place(state, leader, a, b)
    state.apply(OrderMan(leader))
    chance, work = hit_chance(state, Shoot(leader, night.name(b), "quick"))
    assert chance == _base(night, leader, 1) - 2
    assert any("night [8.32]" in s for s in work.steps)


def test_mist_modifies_only_beyond_adjacent(mist: SoldiersGame, clear: SoldiersGame) -> None:
    """[8.32]: mist -1, not between adjacent hexes; clear weather no modifier."""
    for game, modifier in ((mist, -1), (clear, 0)):
        state, leader = _ordered(game)
        a, b = next(_pairs(game, 2))
        _place(state, leader, a, b)
        state.apply(OrderMan(leader))
        chance, _ = hit_chance(state, Shoot(leader, game.name(b), "quick"))
        assert chance == _base(game, leader, 2) + modifier


def test_an_unknown_battle_condition_is_refused() -> None:
    """[6.42]: the engine plays Night, Mist or Clear; a condition it does not know is refused."""
    from rules.engine.errors import UnsupportedGameError

    with pytest.raises(UnsupportedGameError, match=r"\[6.42\]"):
        _game("fog")


def test_a_battle_condition_left_to_a_player_is_the_first_named() -> None:
    """[6.42; 26.1]: "night (drop at night) or mist (drop at dawn), the US player's choice":
    our reading, the engine makes the choice as the first condition named."""
    assert _game("mist or night, the US player's choice").condition == "Mist"
    assert _game("night (drop at night) or mist (drop at dawn)").condition == "Night"


# --- 2. Hexsides next to the target [8.32] --------------------------------------------------


def _across(game: SoldiersGame, feature: str, dist: int) -> tuple[Hex, Hex]:
    """Clear hexes ``dist`` apart whose line enters the target across a ``feature`` hexside,
    in sight, no other feature on that side."""
    for side, features in sorted(game.terrain.all_hexside_features().items(), key=str):
        if features != {feature}:
            continue
        for target in side.hexes:
            if not _clear_ground(game, target):
                continue
            for a in sorted(game.amap.hexes, key=game.name):
                if (
                    a.distance(target) == dist
                    and _clear_ground(game, a)
                    and entry_side(a, target) == side
                    and game.sees(a, target)
                ):
                    return a, target
    raise AssertionError(f"no {feature} to fire across")


@pytest.mark.parametrize(("feature", "modifier"), [("hedge", -2), ("wall", -1)])
def test_a_hexside_next_to_the_target_modifies_the_hit_chance(
    clear: SoldiersGame, feature: str, modifier: int
) -> None:
    """[8.32]: "the LOS crosses a hedge hexside adjacent to the target ... -2 for the hedge";
    "a wall hexside adjacent to the building hex ... -1 for the wall"."""
    effect = terrain_effect(SYSTEM, feature, "hit")
    assert effect is not None and effect.value == modifier
    state, leader = _ordered(clear)
    a, b = _across(clear, feature, 1)
    _place(state, leader, a, b)
    state.apply(OrderMan(leader))
    state.force_dice(10)
    state.apply(Shoot(leader, clear.name(b), "quick"))
    shot = _shot(state)
    assert shot.chance == _base(clear, leader, 1) + modifier
    assert any(f"crosses a {feature} next to the target [8.32]" in s for s in shot.steps)


def test_a_hexside_away_from_the_target_does_not_modify(clear: SoldiersGame) -> None:
    """[8.32]: only a hexside next to the target counts; a hedge next to the firer (which does
    not block his sight [6.44]) does not modify."""
    found = None
    for side, features in sorted(clear.terrain.all_hexside_features().items(), key=str):
        if features != {"hedge"}:
            continue
        for firer in side.hexes:
            for target in sorted(clear.amap.hexes, key=clear.name):
                if not (_clear_ground(clear, firer) and _clear_ground(clear, target)):
                    continue
                if firer.distance(target) != 2 or not clear.sees(firer, target):
                    continue
                crossed = [s.side for s in trace(firer, target).steps if isinstance(s, CrossStep)]
                last = entry_side(firer, target)
                if (
                    crossed[:1] == [side]
                    and last is not None
                    and not clear.terrain.hexside_features(last)
                ):
                    found = firer, target
                    break
            if found:
                break
        if found:
            break
    assert found is not None
    firer, target = found
    state, leader = _ordered(clear)
    _place(state, leader, firer, target)
    state.apply(OrderMan(leader))
    chance, work = hit_chance(state, Shoot(leader, clear.name(target), "quick"))
    assert chance == _base(clear, leader, 2)
    assert not any("next to the target" in s for s in work.steps)


# --- 3. Damage on an incapacitated man [8.44] -----------------------------------------------


@pytest.mark.parametrize("result", ["Wound", "Incap"])
def test_an_incapacitated_man_wounded_or_incapacitated_again_is_killed(
    mist: SoldiersGame, result: str
) -> None:
    """[8.44]: "An incapacitated man ... is killed if wounded or incapacitated."""
    state, _ = _ordered(mist)
    man = state.able("us")[0]
    apply_damage(state, man, "Incap", "first hit")
    assert state.troops.disabled[man] == "incapacitated"
    apply_damage(state, man, result, "second hit")
    assert state.troops.disabled[man] == "killed"
    last = [e for e in state.log if isinstance(e, ManHit)][-1]
    assert last.result == "Kill" and "[8.44]" in last.why


def test_suppression_leaves_an_incapacitated_man_incapacitated(mist: SoldiersGame) -> None:
    """[8.44]: only a wound or an incapacitation kills him; suppression does nothing more."""
    state, _ = _ordered(mist)
    man = state.able("us")[0]
    apply_damage(state, man, "Wound", "first hit")
    apply_damage(state, man, "Wound", "second wound")  # a wounded man wounded again [8.44]
    assert state.troops.disabled[man] == "incapacitated"
    apply_damage(state, man, "Sup", "third hit")
    assert state.troops.disabled[man] == "incapacitated" and man not in state.troops.suppressed


# --- 4. Fire into a hex both sides hold [8.84] ----------------------------------------------


def _mutual(game: SoldiersGame) -> tuple[SoldiersState, str, list[str], list[str], Hex]:
    """A man with sustained fire under orders (Aggressive) 2 hexes from a clear hex holding
    two able enemy men and two of his own side's [8.84 example]."""
    state, leader = _ordered(game)
    side = game.men[leader].side
    gunner = next(m for m in state.able(side) if "sustained" in game.men[m].weapon.fire)
    a, b = next(_pairs(game, 2))
    _place(state, gunner, a, b)
    enemies = state.able(game.other(side))[:2]
    friends = [m for m in state.able(side) if m != gunner][:2]
    for m in enemies + friends:
        state.troops.hexes[m] = b
    state.active.in_command.add(gunner)
    state.apply(OrderMan(gunner))
    return state, gunner, friends, enemies, b


def test_a_roll_of_exactly_the_hit_chance_hits_the_firers_own_man(mist: SoldiersGame) -> None:
    """[8.84 example]: sustained fire at a hex of two German and two US men; the roll equals
    the modified hit chance: one of the firer's own men; the same damage number again: a man
    of the other side; lower: the firer's other man; higher: the chain ends."""
    state, gunner, friends, enemies, b = _mutual(mist)
    action = Shoot(gunner, mist.name(b), "sustained")
    chance, _ = hit_chance(state, action)
    assert chance >= 2
    state.force_dice(chance, 8, 8, 3, 5)
    state.apply(action)
    assert choose_as_bots(state)  # two men of each side: choices asked [8.41; 8.84]
    shot = _shot(state)
    assert shot.hit and any("[8.84]" in s for s in shot.steps)
    hits = [e for e in state.log if isinstance(e, ManHit)]
    damaged = [e.man for e in hits if e.man != "-"]
    assert len(damaged) == 3
    assert damaged[0] in friends and damaged[1] in enemies and damaged[2] in friends
    assert damaged[0] != damaged[2]
    assert "[8.84]" in hits[1].why and "the same number" in hits[1].why
    assert hits[-1].man == "-" and "chain ends" in hits[-1].result


def test_a_roll_under_the_hit_chance_hits_the_enemy_in_a_shared_hex(mist: SoldiersGame) -> None:
    """[8.84]: only a roll of exactly the modified hit chance hits a friendly man."""
    state, gunner, _, enemies, b = _mutual(mist)
    action = Shoot(gunner, mist.name(b), "quick")
    chance, _ = hit_chance(state, action)
    state.force_dice(chance - 1, 5)
    state.apply(action)
    choose_as_bots(state)
    damaged = [e.man for e in state.log if isinstance(e, ManHit) and e.man != "-"]
    assert len(damaged) == 1 and damaged[0] in enemies


def test_friendly_men_in_the_target_hex_are_not_counted(mist: SoldiersGame) -> None:
    """[8.32]: the number of enemy men in the target hex: two enemies and two friends are not
    "3 or 4 non-suppressed men"."""
    state, gunner, _, _, b = _mutual(mist)
    _, work = hit_chance(state, Shoot(gunner, mist.name(b), "quick"))
    assert not any("men in the target hex" in s for s in work.steps)


# --- 5. Movement: risk levels, sight, wire and minefields, unsuppressing [7.2; 7.4; 18] ------


def _phase(game: SoldiersGame, risk: str) -> tuple[SoldiersState, str]:
    """The first Action Phase with ``risk`` as its rolled risk level [6.11], the leader not yet
    ordered, every man far from the action (placed by the tests)."""
    state, leader = _ordered(game)
    state.active.risk = risk
    return state, leader


def _enterable(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and not game.movement.cost("man", h).prohibited


def _behind_cover(game: SoldiersGame) -> tuple[Hex, Hex, Hex, Hex]:
    """A (clear), B (blocking terrain next to A), C (next to B, two from A, which A cannot
    see), and F, a hex A sees from which C is seen."""
    for a in sorted(game.amap.hexes, key=game.name):
        if not _clear_ground(game, a):
            continue
        for b in a.neighbors():
            if not _enterable(game, b) or game.terrain.terrain(b) not in ("woods", "brush"):
                continue
            for c in b.neighbors():
                if a.distance(c) != 2 or not _enterable(game, c) or game.sees(a, c):
                    continue
                if game.movement.cost("man", c, b).prohibited:
                    continue
                for f in sorted(game.amap.hexes, key=game.name):
                    if f not in (a, b, c) and game.sees(a, f) and game.sees(f, c):
                        return a, b, c, f
    raise AssertionError("no such hexes")


def _alone(state: SoldiersState, man: str, at: Hex) -> None:
    """Every man far away but ``man`` at ``at``; no enemy sees anything near."""
    game = state.game
    far = _far(game, at)
    for m in state.troops.hexes:
        state.troops.hexes[m] = far
    state.troops.hexes[man] = at
    assert far.distance(at) > game.sight_range


@pytest.mark.parametrize("risk", ["Cautious", "Wary"])
def test_cautious_and_wary_enter_only_hexes_in_friendly_sight(
    mist: SoldiersGame, risk: str
) -> None:
    """[7.22; 7.23]: at Cautious or Wary a man enters only hexes in friendly sight, judged when
    his actions start: what he sees, or what a friendly able, non-suppressed man in his sight
    sees (the book's example: Canton enters 1407 "because Ferris can now see it")."""
    a, b, c, f = _behind_cover(mist)
    names = (mist.name(b), mist.name(c))
    state, leader = _phase(mist, risk)
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    why = state.why_not(Move(leader, names))
    assert why is not None and "[7.22; 7.23]" in why
    state.apply(Move(leader, names[:1]))  # B is next to him: in his sight [7.23]

    state, leader = _phase(mist, risk)
    _alone(state, leader, a)
    friend = next(m for m in state.able(mist.men[leader].side) if m != leader)
    state.troops.hexes[friend] = f
    state.apply(OrderMan(leader))
    assert state.why_not(Move(leader, names)) is None
    state.apply(Move(leader, names))

    state, leader = _phase(mist, risk)
    _alone(state, leader, a)
    state.troops.hexes[friend] = f
    state.troops.suppressed.add(friend)  # a suppressed man's sight does not count [7.23]
    state.apply(OrderMan(leader))
    assert state.why_not(Move(leader, names)) is not None


def test_bold_and_aggressive_need_no_friendly_sight(mist: SoldiersGame) -> None:
    """[7.22]: Bold, any hex not enemy-occupied."""
    a, b, c, _ = _behind_cover(mist)
    state, leader = _phase(mist, "Bold")
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    assert state.why_not(Move(leader, (mist.name(b), mist.name(c)))) is None


@pytest.mark.parametrize(("risk", "legal"), [("Aggressive", True), ("Bold", False)])
def test_only_aggressive_enters_an_enemy_occupied_hex(
    mist: SoldiersGame, risk: str, legal: bool
) -> None:
    """[7.22]: "Aggressive, he may enter any hex"; Bold, "any hex that is not
    enemy-occupied"."""
    a, b = next(_pairs(mist, 1))
    state, leader = _phase(mist, risk)
    enemy = _place(state, leader, a, b)
    state.apply(OrderMan(leader))
    why = state.why_not(Move(leader, (mist.name(b),)))
    assert (why is None) == legal
    if legal:
        state.apply(Move(leader, (mist.name(b),)))
        assert state.troops.hexes[leader] == state.troops.hexes[enemy] == b
    else:
        assert why is not None and "enemy-occupied" in why and "[7.22]" in why


def _painted(terrain: str, where: list[str], defender: str | None = None) -> SoldiersGame:
    from model import edits

    loaded = load_scenario(SCENARIO)
    scenario = edits.paint_terrain(loaded.scenario, where, terrain)
    if defender is not None:
        sides = [
            s.model_copy(update={"role": "defender" if s.id == defender else "attacker"})
            for s in scenario.sides
        ]
        scenario = scenario.model_copy(update={"sides": sides})
    found = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(found, SoldiersGame)
    return found


def _line(game: SoldiersGame, n: int) -> list[Hex]:
    """``n`` clear hexes in a row, each next to the last."""
    for a in sorted(game.amap.hexes, key=game.name):
        line = [a]
        while len(line) < n:
            nxt = next(
                (h for h in line[-1].neighbors() if _clear_ground(game, h) and h not in line),
                None,
            )
            if nxt is None:
                break
            line.append(nxt)
        if len(line) == n and all(_clear_ground(game, h) for h in line):
            return line
    raise AssertionError("no line")


def test_wire_costs_three_and_ends_the_mans_movement(mist: SoldiersGame) -> None:
    """[18.33]: "A man must expend 3 APs to enter a wire hex and may move no further in that
    Action Phase"; leaving it costs 1 AP more."""
    a, b, c = _line(mist, 3)
    game = _painted("wire", [mist.name(b)])
    state, leader = _phase(game, "Aggressive")
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    why = state.why_not(Move(leader, (game.name(b), game.name(c))))
    assert why is not None and "[18.33]" in why
    state.apply(Move(leader, (game.name(b),)))
    assert state.active.ap == 2.0  # 5 - 3 [18.33]
    assert state.active.stopped
    assert not [x for x in state.legal_actions() if isinstance(x, Move)]
    why = state.why_not(Move(leader, (game.name(c),)))
    assert why is not None and "[18.33]" in why


def test_a_friendly_minefield_costs_two_more_and_stops(mist: SoldiersGame) -> None:
    """[18.45]: "A friendly man may enter ... a friendly minefield with no danger, but must
    expend 2 additional APs to do so and may move no farther that Action Phase"."""
    a, b, c = _line(mist, 3)
    state, leader = _phase(mist, "Aggressive")
    side = mist.men[leader].side
    game = _painted("minefield", [mist.name(b)], defender=side)
    state, leader = _phase(game, "Aggressive")
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    state.apply(Move(leader, (game.name(b),)))
    assert state.active.ap == 2.0  # 1 + 2 [18.45]
    assert state.why_not(Move(leader, (game.name(c),))) is not None
    assert leader not in state.troops.disabled


def test_an_enemy_minefield_wary_or_higher_two_ap_and_an_attack_on_9_or_10(
    mist: SoldiersGame,
) -> None:
    """[18.44]: a revealed enemy minefield is entered only at Wary or higher, for 2 AP, no
    further movement, and a d10 of 9 or 10 is a minefield attack (Grenade Table, indoors
    [18.43])."""
    a, b, _ = _line(mist, 3)
    state, leader = _phase(mist, "Aggressive")
    enemy_side = mist.other(mist.men[leader].side)
    game = _painted("minefield", [mist.name(b)], defender=enemy_side)
    state, leader = _phase(game, "Cautious")
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    why = state.why_not(Move(leader, (game.name(b),)))
    assert why is not None and "[18.44]" in why
    state, leader = _phase(game, "Wary")
    _alone(state, leader, a)
    state.apply(OrderMan(leader))
    state.force_dice(9, 10)  # an attack; an unmodified 10 on the indoors line kills
    state.apply(Move(leader, (game.name(b),)))
    assert state.active.ap == 3.0 and state.active.stopped
    assert state.troops.disabled.get(leader) == "killed"
    hit = [e for e in state.log if isinstance(e, ManHit)][-1]
    assert "[18.43; 18.44]" in hit.why


def test_a_cautious_man_does_not_unsuppress_in_the_open(mist: SoldiersGame) -> None:
    """[7.42]: "Cautious, may unsuppress in any protected or covered hex, not enemy occupied,
    at a cost of 2 APs"; in the open he stays suppressed and can do nothing."""
    a, b = next(_pairs(mist, 1))
    state, leader = _phase(mist, "Cautious")
    _alone(state, leader, a)
    state.troops.suppressed.add(leader)
    state.apply(OrderMan(leader))
    assert leader in state.troops.suppressed
    assert not [x for x in state.legal_actions() if isinstance(x, Move | Shoot)]
    why = state.why_not(Move(leader, (mist.name(b),)))
    assert why is not None and "[7.42]" in why

    covered = next(
        h for h in sorted(mist.amap.hexes, key=mist.name) if mist.terrain.terrain(h) == "brush"
    )
    state, leader = _phase(mist, "Cautious")
    _alone(state, leader, covered)
    state.troops.suppressed.add(leader)
    state.apply(OrderMan(leader))
    assert leader not in state.troops.suppressed and state.active.ap == 3.0  # 5 - 2 [7.42]


# --- 6. The risk level of an independent turn [6.11; 6.23] ----------------------------------


def test_an_independent_turn_rolls_on_the_selected_mans_initiative(mist: SoldiersGame) -> None:
    """[6.23]: "before determining risk level, the active player must select an individual man
    or group"; [6.11]: the modified initiative is the chit's space plus that man's (a group's
    lowest) initiative, not the squad's lowest."""
    state = mist.new_initial_state(1)
    side = state.to_act()[0]
    chit = next(c for c, x in mist.chits.items() if x.side == side and x.leader is None)
    state.apply(f"commit {chit}")
    state.apply(f"done {mist.other(side)}")
    assert state.play.phase == "action" and not state.active.rolled
    squad = state.able(side)
    squad = [m for m in squad if mist.men[m].squad == mist.chits[chit].squad]
    best = max(squad, key=lambda m: (mist.men[m].initiative, m))
    lowest = min(mist.men[m].initiative for m in squad)
    assert mist.men[best].initiative > lowest
    space = int(state.track.space[chit])
    state.force_dice(10, 1)
    state.apply(OrderMan(best))
    began = [e for e in state.log if type(e).__name__ == "TurnBegan"][-1]
    init = mist.men[best].initiative
    assert any(f"space {space} + initiative {init} = {space + init}" in s for s in began.steps)
    assert any("[6.11; 6.23]" in s for s in began.steps)
    assert state.active.rolled and state.active.current == best


def test_an_independent_cautious_roll_moves_the_chit_on_the_selected_mans_roll(
    mist: SoldiersGame,
) -> None:
    """[6.13]: the Cautious adjustment follows the roll made for the selected man."""
    state = mist.new_initial_state(1)
    side = state.to_act()[0]
    chit = next(c for c, x in mist.chits.items() if x.side == side and x.leader is None)
    state.apply(f"commit {chit}")
    state.apply(f"done {mist.other(side)}")
    man = next(m for m in sorted(state.active.in_command))
    state.force_dice(1, 2)  # a d10 of 1 is Cautious everywhere; the chit 2 spaces down
    state.apply(OrderMan(man))
    assert state.active.risk == "Cautious" and state.track.space[chit] == "3"


# --- 7. Scenario 26's ford [26.1] -----------------------------------------------------------


def _movement(path: str) -> tuple[LoadedScenario, Movement]:
    from model.mapstate import terrain_edits
    from model.terrainoptions import option_values
    from model.terrainview import MapTerrain

    loaded = load_scenario(path)
    s = loaded.scenario
    terrain = MapTerrain(
        loaded.map, loaded.overlays, terrain_edits(s, loaded.map), option_values(s)
    )
    return loaded, Movement.for_scenario(s, terrain)


def test_scenario_26s_ford_is_entered_from_every_side_for_one_ap_more() -> None:
    """[26.1]: "There is a ford across the creek at D/1107. It costs 1 extra AP to enter this
    ford": a hex's 1 AP [7.21] and 1 more, from every side, the road's included (a hedge
    crossed adds its 1 [7.21]); the rest of the creek stays impassable [26.1; 7.25]."""
    loaded, movement = _movement("scenarios/soldiers/26-airborne.yaml")
    amap = loaded.map
    ford = amap.resolve("D/1107")
    assert movement.terrain.terrain(ford) == "ford"
    entered = 0
    for n in ford.neighbors():
        if n not in amap.hexes or movement.terrain.terrain(n) == "river":
            continue
        found = movement.cost("man", ford, n)
        hedge = "hedge" in movement.terrain.hexside_features(Hexside.between(ford, n))
        assert found.cost == 2.0 + (1.0 if hedge else 0.0), amap.name(n)
        assert any(p.what == "ford" and p.source == "Soldiers [26.1]" for p in found.parts)
        entered += 1
    assert entered >= 4  # the road's two sides among them
    creek = amap.resolve("D/1007")
    assert movement.terrain.terrain(creek) == "river"
    assert movement.cost("man", creek).prohibited


# --- 8. The seam hexes of joined maps [7.25] ------------------------------------------------

SOLDIERS_SCENARIOS = sorted(Path("scenarios/soldiers").glob("*.yaml"))


@pytest.mark.parametrize("path", SOLDIERS_SCENARIOS, ids=lambda p: p.stem)
def test_every_seam_hex_keeps_what_either_half_prints(path: Path) -> None:
    """Hexwright's rule for a seam hex whose halves differ (model.terrainview.seam_terrain):
    what either half prints is in the hex, the more restrictive of two terrains winning; so an
    impassable half (the pond, impassable "in all scenarios" [7.25]) is never entered."""
    loaded, movement = _movement(str(path))
    amap, terrain = loaded.map, movement.terrain
    catalogue = terrain_types(GameSystem.SOLDIERS)
    for h, mh in sorted(amap.hexes.items(), key=lambda x: x[1].names):
        if not mh.is_seam:
            continue
        halves = [
            amap.section_of(amap.placements[p.placement]).terrain.get(p.local, "clear")
            for p in mh.parts
        ]
        printed = terrain.printed(h)
        assert printed in halves, mh.names
        if any(t != "clear" for t in halves):
            assert printed != "clear", (mh.names, halves)
        impassable = [
            t for t in halves if (e := catalogue[t].effects.get("impassable")) and unwrap(e) is True
        ]
        if impassable:
            assert printed in impassable, (mh.names, halves)
            assert movement.cost("man", h).prohibited, mh.names


def test_scenario_22s_pond_is_the_pond_on_its_seam() -> None:
    """[7.25]: "The pond hex (B/1119) is impassable ... This is true in all scenarios": in
    scenario 22 it is a seam hex with map C, placed first, whose half prints nothing."""
    for path in ("22-street-fighting-in-grave", "26-airborne"):
        loaded, movement = _movement(f"scenarios/soldiers/{path}.yaml")
        pond = loaded.map.resolve("B/1119")
        assert loaded.map.hexes[pond].is_seam
        assert movement.terrain.terrain(pond) == "pond"
        assert movement.cost("man", pond).prohibited


def test_seam_terrain_rule() -> None:
    """The rule itself: nothing printed erases nothing; impassable over blocking over safer
    category; equal, the first section's half."""
    sol = GameSystem.SOLDIERS
    assert seam_terrain(sol, ["clear", "clear"]) == "clear"
    assert seam_terrain(sol, ["clear", "woods"]) == "woods"
    assert seam_terrain(sol, ["brush", "clear"]) == "brush"
    assert seam_terrain(sol, ["woods", "pond"]) == "pond"  # impassable first
    assert seam_terrain(sol, ["broken", "brush"]) == "brush"  # blocks sight
    assert seam_terrain(sol, ["woods", "brush"]) == "woods"  # protected over covered
    assert seam_terrain(sol, ["woods", "building"]) == "woods"  # equal: the first half


# --- 9. Building control [10.5] -------------------------------------------------------------


def test_an_empty_building_is_controlled_by_the_side_with_more_men_seeing_it(
    mist: SoldiersGame,
) -> None:
    """[10.5]: "If neither player has able men in the building, the one with more men with
    sight to any hex of the building controls it"; it decides scenario 10's victory."""
    from rules.soldiers.victory import building_controller, evaluate_outcome

    state, _ = _ordered(mist)
    buildings = [
        frozenset(mist.by_name[n] for n in names)
        for names in (
            ("C/1710", "C/1811", "C/1911"),
            ("C/1209", "C/1210"),
            ("C/1809",),
        )
    ]
    far = _far(mist, *(h for b in buildings for h in b))
    for m in state.troops.hexes:
        state.troops.hexes[m] = far
    assert not any(mist.sees(far, h) for b in buildings for h in b)
    assert all(building_controller(state, b, "us") == 0 for b in buildings)
    # two US men see each of the first two buildings, one German the first: US controls both
    us, german = state.able("us"), state.able("german")
    for i, b in enumerate(buildings[:2]):
        watch = next(
            h
            for h in sorted(mist.amap.hexes, key=mist.name)
            if h not in b
            and _enterable(mist, h)
            and any(mist.sees(h, x) for x in b)
            and not any(h in other for other in buildings)
        )
        state.troops.hexes[us[2 * i]] = watch
        state.troops.hexes[us[2 * i + 1]] = watch
    seen_first = next(
        h
        for h in sorted(mist.amap.hexes, key=mist.name)
        if any(mist.sees(h, x) for x in buildings[0])
        and not any(h in b for b in buildings)
        and not any(mist.sees(h, x) for x in buildings[1])
    )
    state.troops.hexes[german[0]] = seen_first
    assert building_controller(state, buildings[0], "us") == 1
    assert building_controller(state, buildings[1], "us") == 1
    assert building_controller(state, buildings[1], "german") == -1
    state.play.over, state.play.cycle = True, mist.cycles  # the end of the last cycle [10.5]
    result = evaluate_outcome(state)
    assert result.winner == "us"
    # suppressed men see nothing out of their hex [8.44]: the sight clause forgets them
    state.troops.suppressed |= set(us)
    assert building_controller(state, buildings[1], "us") == 0
    # an able man in the building controls it over any number watching [10.5]
    state.troops.suppressed.clear()
    state.troops.hexes[german[1]] = next(iter(buildings[1]))
    assert building_controller(state, buildings[1], "german") == 1
