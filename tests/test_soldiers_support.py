"""Soldiers support weapons, each test named by the section it pins: overwatch [13], medium and
heavy machineguns [14], flamethrowers [15] (and 8.7 as far as it concerns them). Dice are
forced; men are staged by hand, every man not named sharing one far hex with the enemy's (an
enemy-occupied hex: none of them may react [8.61])."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from soldiers_bought import GERMAN, Buy, bought
from soldiers_scenes import acting, clear, dawn, fire_types_as_bots, stage

from model.hexes import Hex, Hexside
from rules.engine.actions import Done, Move
from rules.engine.errors import ActionSyntaxError, IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers.actions import (
    OrderMan,
    React,
    ReactionNote,
    Shoot,
    ShotExplained,
    WeaponChecked,
)
from rules.soldiers.fire import entry_side
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.machineguns import in_arc
from rules.soldiers.overwatch import alertness_bonus
from rules.soldiers.support_actions import Flame, FlameExplained, Overwatch, PrepareGun, SupportNote
from rules.soldiers.units import cell


def _bought(buys: dict[str, Buy] | None = None, level: str | None = None) -> SoldiersGame:
    loaded = bought("22-street-fighting-in-grave", 0, buys)
    if level is not None:
        rules = loaded.scenario.rules.model_copy(update={"level": level})
        scenario = loaded.scenario.model_copy(update={"rules": rules})
        loaded = dataclasses.replace(loaded, scenario=scenario)
    found = load_game(loaded)
    assert isinstance(found, SoldiersGame)
    return found


def _pairs(game: SoldiersGame, dist: int) -> Iterator[tuple[Hex, Hex]]:
    """Clear hexes ``dist`` apart in sight of each other, no hexside feature at the target."""
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    for a in hexes:
        for b in hexes:
            if a.distance(b) != dist or not game.sees(a, b):
                continue
            side = entry_side(a, b)
            if side is None or not game.terrain.hexside_features(side):
                yield a, b


def _approach(game: SoldiersGame) -> tuple[Hex, Hex, Hex]:
    """A watcher's hex a, a clear hex b two hexes off in its sight, and a clear hex c next to b
    out of its sight (a mover's start)."""
    for a, b in _pairs(game, 2):
        starts = [n for n in b.neighbors() if clear(game, n) and not game.sees(a, n)]
        if starts:
            return a, b, starts[0]
    raise AssertionError("no such hexes")


def _move(state: SoldiersState, man: str, h: Hex) -> None:
    """The man moves one hex; any reaction window it opens is answered by holding fire."""
    state.apply(Move(man, (state.game.name(h),)))
    while state.active.reaction is not None:
        state.apply(Done(state.active.reaction.side))


def _order(state: SoldiersState, man: str) -> None:
    state.active.in_command.add(man)
    state.apply(OrderMan(man))


def _roll_for(table: str, result: str) -> int:
    return next(r for r in range(1, 11) if cell(table, "weapon check", r).value == result)


def _overwatch_checks() -> list[int]:
    found = cell(
        "weapon-check-summary",
        "overwatch (roll when placed and each later friendly Action Phase)",
        "fire rolls calling for a weapon check",
    ).value
    assert isinstance(found, list)
    return [int(x) for x in found]


NO_CHECK = next(r for r in range(1, 11) if r not in _overwatch_checks())


# --- 13 Overwatch ------------------------------------------------------------------------------


def _watching(game: SoldiersGame) -> tuple[SoldiersState, str]:
    """The German leader's turn; Bach under orders, an American two hexes off."""
    state = acting(game, "german")
    a, b = next(_pairs(game, 2))
    stage(state, {"german.bach": a, "us.e.5": b, "german.adler": a})
    _order(state, "german.bach")
    return state, "german.bach"


def test_overwatch_13_1_costs_4_ap_places_the_marker_and_ends_his_actions() -> None:
    """[13; 13.1]: in a leader turn, at Wary or higher, the man ordered by the active leader goes
    on overwatch for 4 AP; the malfunction roll not calling for a check, the marker stays; our
    reading: his actions end. The State API offers, describes and previews it."""
    game = dawn()
    state, man = _watching(game)
    action = Overwatch(man)
    assert action in state.legal_actions()
    assert state.describe(action) == "Go on overwatch (4 AP) [13.1]"
    preview = state.preview(action)
    assert preview.legal and preview.cost is not None and preview.cost.startswith("4 of 5 AP")
    assert any("[13.1]" in r for r in preview.rules)
    state.force_dice(NO_CHECK)
    state.apply(action)
    assert man in state.support.overwatch and state.active.ap == 0
    notes = [e.text for e in state.log if isinstance(e, SupportNote) and e.man == man]
    assert any("Overwatch marker [13.1]" in n for n in notes)
    assert any(f"malfunction roll {NO_CHECK}, no weapon check [13.1]" in n for n in notes)
    assert "OW" in next(p for p in state.positions() if p.unit == man).markers
    assert Overwatch.parse([man], f"overwatch {man}") == action


def test_overwatch_13_only_in_a_leader_turn_at_wary_or_higher_with_4_ap() -> None:
    """[13]: not at Cautious; [13]: never in an independent turn; [13.1]: 4 AP (a wounded man's
    3 are too few [7.11])."""
    game = dawn()
    state, man = _watching(game)
    state.active.risk = "Cautious"
    assert "Wary or higher risk level [13]" in (state.why_not(Overwatch(man)) or "")
    state.active.risk = "Wary"
    assert state.why_not(Overwatch(man)) is None
    state.active.ap = 3.0
    assert "costs 4 AP" in (state.why_not(Overwatch(man)) or "")
    state.active.ap = 5.0
    state.active.chit = "german.e.ind"
    assert "leader turn" in (state.why_not(Overwatch(man)) or "")
    with pytest.raises(IllegalActionError, match=r"leader turn"):
        state.apply(Overwatch(man))


def test_overwatch_13_1_a_jam_on_the_malfunction_roll_places_no_marker() -> None:
    """[13.1]: a malfunction roll calling for a check, the weapon check: Jam, no Overwatch
    marker, the weapon jammed [8.51]."""
    game = dawn()
    state, man = _watching(game)
    table = game.men[man].weapon.damage_table
    state.force_dice(_overwatch_checks()[0], _roll_for(table, "Jam"))
    state.apply(Overwatch(man))
    assert man not in state.support.overwatch and man in state.troops.jammed
    assert any("no Overwatch marker [13.1]" in e.describe() for e in state.log)


def test_overwatch_13_1_ammo_keeps_the_marker_to_the_end_of_the_action_phase() -> None:
    """[13.1]: a weapon out of ammo still contributes during the current Action Phase; its
    marker comes off at its end (Ammo results count outside the Learning Scenario [8.51])."""
    game = _bought(level="advanced")
    state = acting(game, "german")
    leader = game.chits[state.active.chit or ""].leader
    assert leader is not None
    a, b = next(_pairs(game, 2))
    us = next(m for m in state.able("us"))
    stage(state, {leader: a, us: b})
    _order(state, leader)
    table = game.men[leader].weapon.damage_table
    state.force_dice(_overwatch_checks()[0], _roll_for(table, "Ammo"))
    state.apply(Overwatch(leader))
    assert leader in state.support.overwatch and leader in state.support.overwatch_ending
    assert alertness_bonus(state, "us", b)[0] > 0  # it still counts this phase
    state.apply(Done("german"))
    assert leader not in state.support.overwatch
    assert any("comes off [13.1]" in e.describe() for e in state.log)


def test_overwatch_13_1_another_order_or_the_end_of_the_command_cycle_removes_it() -> None:
    """[13.1]: the Overwatch marker comes off when the man is given another order, and at the
    end of the Command Cycle; at the start of each later friendly Action Phase he makes the
    malfunction roll again."""
    game = dawn()
    state, man = _watching(game)
    state.force_dice(NO_CHECK)
    state.apply(Overwatch(man))
    ordered = state.clone()
    assert isinstance(ordered, SoldiersState)
    ordered.active.ordered.discard(man)
    ordered.active.orders_left = 1
    ordered.apply(OrderMan(man))
    assert man not in ordered.support.overwatch
    assert any(
        "another order: the Overwatch marker comes off [13.1]" in e.describe() for e in ordered.log
    )
    from rules.soldiers.command import begin_action_phase

    begin = len(state.log)
    state.force_dice(NO_CHECK, 10, 1)
    state.track.committed["german"] = None
    begin_action_phase(state, "german.e.asl")
    assert any("still on overwatch" in e.describe() for e in state.log[begin:])
    state.apply(Done("german"))
    while not state.is_terminal() and state.play.cycle == 1:
        state.apply(Done(state.to_act()[0]))
    assert not state.support.overwatch


def _example(game: SoldiersGame) -> tuple[SoldiersState, Move, dict[str, Hex]]:
    """The second example of 13.2: a German with a machinepistol on overwatch (Bach); another
    German (Adler) moves into sight of two US men with BARs (initiative 2) in two hexes, both in
    sight of the overwatching man."""
    state = acting(game, "german")
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    for b in hexes:
        seen = [r for r in hexes if 2 <= r.distance(b) <= 4 and game.sees(r, b)]
        for r1 in seen:
            for r2 in seen:
                if r2 <= r1 or r1.distance(r2) < 2:
                    continue
                watch = [
                    w
                    for w in hexes
                    if w not in (b, r1, r2) and game.sees(w, r1) and game.sees(w, r2)
                    if min(w.distance(r1), w.distance(r2)) >= 2
                ]
                start = [n for n in b.neighbors() if clear(game, n) and n not in (r1, r2)]
                if watch and start:
                    spots = {"german.bach": watch[0], "german.adler": start[0]}
                    spots |= {"us.e.3": r1, "us.e.4": r2}
                    stage(state, spots)
                    state.support.overwatch.add("german.bach")
                    _order(state, "german.adler")
                    return state, Move("german.adler", (game.name(b),)), spots
    raise AssertionError("no such hexes")


def test_overwatch_13_2_book_example_two_bars_react_with_plus_two() -> None:
    """[13.2 example 2]: a German with a machinepistol on overwatch; the two US men with BARs
    in sight of him add 2 to their alertness rolls. The first (initiative 2) rolls 2: sustained
    fire ordinarily, with the +2 only quick fire; he misses. The second rolls 8: 8 + 2 = 10, he
    can't even fire."""
    game = dawn()
    assert game.men["german.bach"].weapon.automatic and game.men["us.e.3"].weapon.code == "BAR"
    state, move, spots = _example(game)
    state.apply(move)
    assert state.to_act() == ("us",)
    for m in ("us.e.3", "us.e.4"):
        state.apply(React(m, "fire"))
    first, second = sorted(("us.e.3", "us.e.4"), key=lambda m: game.name(spots[m]))
    state.force_dice(2, 8, 9)  # alertness of each hex in name order; the quick fire misses
    state.apply(Done("us"))
    notes = {e.man: e.text for e in state.log if isinstance(e, ReactionNote) and e.man in spots}
    assert "alertness roll 2 (enemy overwatch in sight: german.bach +2 [13.2]) 4" in notes[first]
    assert "quick fire only, quick fire" in notes[first]
    assert "alertness roll 8 (enemy overwatch in sight: german.bach +2 [13.2]) 10" in notes[second]
    assert "no fire, no marker [8.63]" in notes[second]
    shots = [e for e in state.log if isinstance(e, ShotExplained)]
    assert [(s.man, s.fire_type, s.hit) for s in shots] == [(first, "quick", False)]


def test_overwatch_13_2_example_1_an_m1_and_a_bar_add_three_13_21_at_most_five() -> None:
    """[13.2 example 1]: two US men on overwatch, one with an M1 (+1), one with a BAR (+2): +3
    to the alertness rolls of the Germans in their sight. [13.21]: cumulative up to +5."""
    game = dawn()
    state = acting(game, "german")
    a, b = next(_pairs(game, 3))
    stage(state, {"us.e.5": a, "us.e.3": a, "german.e.6": b})
    state.support.overwatch |= {"us.e.5", "us.e.3"}
    assert alertness_bonus(state, "german", b)[0] == 3
    more = ("us.e.4", "us.e.10")  # a BAR and an SMG: +4 more, capped
    for m in more:
        state.troops.hexes[m] = a
    state.support.overwatch |= set(more)
    added, words = alertness_bonus(state, "german", b)
    assert added == 5 and "at most +5 [13.21]" in words
    state.troops.suppressed.add("us.e.3")  # he sees out of his hex no more (our reading)
    assert alertness_bonus(state, "german", b)[0] == 5
    assert alertness_bonus(state, "us", b)[0] == 0  # only the enemy's overwatch counts


def test_overwatch_13_2_an_overwatching_man_reacts_any_number_of_times_unmarked() -> None:
    """[13.2; 8.61]: a man on overwatch may conduct reaction fire any number of times in an
    Action Phase; no Reaction Fire marker is placed on him."""
    game = dawn()
    state = acting(game, "german")
    a, b = next(_pairs(game, 2))
    c = next(n for n in b.neighbors() if clear(game, n) and game.sees(a, n) and n.distance(a) >= 2)
    stage(state, {"us.e.5": a, "german.adler": c})
    state.support.overwatch.add("us.e.5")
    _order(state, "german.adler")
    for to in (b, c):
        state.apply(Move("german.adler", (game.name(to),)))
        assert React("us.e.5", "fire") in state.legal_actions("us")
        state.apply(React("us.e.5", "fire"))
        state.force_dice(9, 9)  # quick fire only, a miss
        state.apply(Done("us"))
        assert "us.e.5" not in state.active.reacted
    assert sum(isinstance(e, ShotExplained) for e in state.log) == 2


def test_the_heuristic_bot_puts_a_defender_on_overwatch_watching_an_approach() -> None:
    """[13; 13.2]: a Wary man in the open whose every neighbouring hex the enemy sees (he may
    not move [7.22]) and whose enemies are in reach but too far for a shot with a chance: the
    heuristic bot watches them rather than end his turn idle (a man in sight and reach of an
    overwatching enemy counts as a small loss, the threat to his next move)."""
    from rules.bots.base import make_bot

    game = dawn()
    state = acting(game, "german")
    hexes = sorted(game.amap.hexes, key=game.name)
    a, e = next(
        (a, e)
        for a in hexes
        if clear(game, a) and all(clear(game, n) for n in a.neighbors())
        for e in hexes
        if clear(game, e) and 8 <= a.distance(e) <= 9 and game.sees(e, a)
        if all(game.sees(e, n) for n in a.neighbors())
    )
    stage(state, {"german.bach": a, "us.e.5": e, "us.e.6": e, "us.e.7": e})
    _order(state, "german.bach")
    state.active.risk, state.active.orders_left = "Wary", 0
    assert not [x for x in state.legal_actions() if isinstance(x, Move)]
    assert make_bot("heuristic", 3).choose(state, "german") == Overwatch("german.bach")


# --- 14 Medium and heavy machineguns ----------------------------------------------------------

GUN = "german.h.ge-mmg-team"
A, B = "german.h.ge-mmg-a", "german.h.ge-mmg-b"


def _gunners(level: str | None = None) -> tuple[SoldiersState, Hex, Hex, str]:
    """The German leader's turn; the MMG's crew in a, an American two hexes off in b; crewman
    a under orders."""
    game = _bought(level=level)
    state = acting(game, "german")
    a, b = next(_pairs(game, 2))
    us = state.able("us")[0]
    stage(state, {A: a, B: a, us: b})
    hour = next(h for h in range(1, 13) if in_arc(a, h, b))
    state.support.guns[GUN] = (game.name(a), hour)
    _order(state, A)
    return state, a, b, us


def test_mg_14_1_the_crew_carry_the_gun_set_up_prepared_in_one_hex_14_11() -> None:
    """[14.1; 14.13; 19.54]: each crewman carries a part of the gun and no other weapon, its 3
    clips shared (our reading: kept by the gun's id, none a crewman's own); [14.11]: the crew
    set up in one hex, the gun prepared, its arrow toward the nearest enemy man (our reading of
    the owner's choice)."""
    game = _bought()
    assert game.guns[GUN] == (A, B)
    assert game.men[B].weapon.id == "GE-MMG" and game.clips[GUN] == 3
    assert A not in game.clips and B not in game.clips
    state = game.new_initial_state(1)
    assert state.troops.hexes[A] == state.troops.hexes[B]
    where, hour = state.support.guns[GUN]
    assert where == game.name(state.troops.hexes[A]) and 1 <= hour <= 12
    assert any("sets up prepared" in e.describe() and "14.11" in e.describe() for e in state.log)


def test_mg_14_21_fire_arc_is_120_degrees_centred_on_the_arrow() -> None:
    """[14.21]: an arrow toward a hexside (even hour) or a hex corner (odd hour) covers 120
    degrees: toward 12 (N) the N, NE and NW neighbours (the arc's edges included, our reading),
    not the SE, S, SW ones; toward 3 (a corner) the NE, SE hexes; never its own hex."""
    o = Hex(0, 0)
    north = {d for d in range(6) if in_arc(o, 12, o.neighbor(d))}
    assert north == {0, 1, 5}
    assert {d for d in range(6) if in_arc(o, 3, o.neighbor(d))} == {1, 2}
    assert in_arc(o, 12, Hex(0, -5)) and not in_arc(o, 6, Hex(0, -5)) and not in_arc(o, 12, o)


def test_mg_14_21_fires_only_into_its_arc_14_3_like_other_automatic_weapons() -> None:
    """[14.3]: a prepared gun with its full crew fires quick or sustained fire, only at targets
    in its arc [14.21]; the crew fire it at most twice an Action Phase (our reading of 8.1)."""
    state, a, b, _us = _gunners()
    game = state.game
    shot = Shoot(A, game.name(b), "sustained")
    assert shot in state.legal_actions()
    away = next(h for h in range(1, 13) if not in_arc(a, h, b))
    state.support.guns[GUN] = (game.name(a), away)
    assert "outside the MMG's 120-degree fire arc" in (state.why_not(shot) or "")
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    state.support.gun_shots[GUN] = 2
    assert "at most twice" in (state.why_not(shot) or "")


def test_mg_14_2_a_moving_crewman_dismantles_it_and_the_crew_prepare_it_again() -> None:
    """[14.2]: when a crewman moves the gun is dismantled and may not fire; with all its parts
    in one hex the crew prepare it (3 AP, a placeholder), the arrow toward a clock hour; the
    Test Play list offers one prepare action an hour."""
    state, a, b, _us = _gunners()
    game = state.game
    step = next(n for n in a.neighbors() if clear(game, n) and n != b)
    _move(state, A, step)
    assert GUN not in state.support.guns
    assert any("the MMG is dismantled [14.2]" in e.describe() for e in state.log)
    assert "dismantled" in (state.why_not(Shoot(A, game.name(b), "quick")) or "")
    assert "every part of the MMG" in (state.why_not(PrepareGun(A, 2)) or "")
    state.troops.hexes[B] = step  # his mate carries his part over
    prepares = [x for x in state.legal_actions() if isinstance(x, PrepareGun)]
    assert sorted(p.hour for p in prepares) == list(range(1, 13))
    ap = state.active.ap
    assert (
        state.describe(PrepareGun(A, 4))
        == "Prepare the MG toward 4 o'clock (the SE hexside) [14.2; 14.21]"
    )
    state.apply(PrepareGun(A, 4))
    assert state.support.guns[GUN] == (game.name(step), 4) and state.active.ap == ap - 3


def test_mg_14_22_turning_the_arc_takes_the_crew_and_a_turn_without_fire() -> None:
    """[14.22]: the arc of a prepared gun turns by the prepare action, with as many men in the
    hex as its crew, in a turn it does not fire; turned, it may not fire in that turn."""
    state, a, b, _us = _gunners()
    game = state.game
    now = state.support.guns[GUN][1]
    other = (now + 5) % 12 + 1  # the opposite hour
    fired = state.clone()
    assert isinstance(fired, SoldiersState)
    fired.force_dice(9, 9)
    fired.apply(Shoot(A, game.name(b), "quick"))
    assert "turn it does not fire" in (fired.why_not(PrepareGun(A, other)) or "")
    state.apply(PrepareGun(A, other))
    assert state.support.guns[GUN] == (game.name(a), other) and GUN in state.support.guns_turned
    assert "turned this Action Phase" in (state.why_not(Shoot(A, game.name(b), "quick")) or "")
    alone = state.clone()
    assert isinstance(alone, SoldiersState)
    alone.troops.suppressed.add(B)
    alone.support.guns_turned = set()
    assert "as many men in the hex as its crew" in (alone.why_not(PrepareGun(A, now)) or "")


def test_mg_14_3_one_man_short_minus_2_to_hit_and_plus_3_to_the_weapon_check() -> None:
    """[14.3]: one man short of the full crew the gun still fires: -2 to the hit chance, +3 to
    the weapon check roll, a result above 10 read as 10; two short it may not fire."""
    state, _a, b, _us = _gunners(level="advanced")
    game = state.game
    shot = Shoot(A, game.name(b), "sustained")
    full = state.preview(shot).chances[0].effect
    state.troops.suppressed.add(B)
    short = state.preview(shot).chances[0]
    assert full is not None and short.effect == pytest.approx(full - 0.2)
    assert "one man short of its crew [14.3] -2" in short.words
    table = game.men[A].weapon.damage_table
    state.force_dice(9, 8)  # 9 misses the modified 8 and calls for a check: 8 + 3, read as 10
    state.apply(shot)
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert "8 +3 (one man short of the MG's crew [14.3]) = 10" in check.why
    assert check.result == str(cell(table, "weapon check", 10).value)
    state.troops.disabled[B] = "killed"
    state.troops.suppressed.discard(B)
    state.troops.jammed.clear()
    state.troops.ammo_out.clear()
    assert state.why_not(Shoot(A, game.name(b), "quick")) is None  # a dead man's part is here
    state.troops.suppressed.add(A)
    assert "or one man short" in _gun_why(state, A, b)  # two short: no fire [14.3]


def _gun_why(state: SoldiersState, man: str, target: Hex) -> str:
    from rules.soldiers.machineguns import why_not_gun

    return why_not_gun(state, man, target) or ""


def test_mg_14_1_the_crew_share_the_guns_jam_and_clips() -> None:
    """[14.1; 19.54; 8.51]: the gun jams for its whole crew and any crewman may clear it or
    reload it from the gun's clips (our reading of the crew's one weapon)."""
    state, _a, b, _us = _gunners(level="advanced")
    game = state.game
    table = game.men[A].weapon.damage_table
    state.force_dice(9, 9, _roll_for(table, "Jam"))
    state.apply(Shoot(A, game.name(b), "sustained"))
    assert state.troops.jammed == {GUN}  # the gun's own marker, shown on A [14.1]
    assert "Jam" in next(u.markers for u in state.positions() if u.unit == A)
    assert "Jam" not in next(u.markers for u in state.positions() if u.unit == B)
    assert "jammed" in (state.why_not(Shoot(A, game.name(b), "quick")) or "")
    from rules.soldiers.weapons import why_not_fire_weapon

    assert "jammed" in (why_not_fire_weapon(state, B) or "")


def test_mg_reaction_one_crewman_fires_the_gun_in_its_arc() -> None:
    """[14.3; 8.6; 8.65]: a prepared gun fires in reaction at a man entering a hex in its arc,
    from one crewman (our reading: the crew fire their gun as one), not into a hex out of its
    arc."""
    game = _bought()
    state = acting(game, "us")
    a, b, start = _approach(game)
    mover = game.chits[state.active.chit or ""].leader
    assert mover is not None
    stage(state, {A: a, B: a, mover: start})
    state.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if in_arc(a, h, b)))
    _order(state, mover)
    state.apply(Move(mover, (game.name(b),)))
    fire = [x for x in state.legal_actions("german") if isinstance(x, React) and x.how == "fire"]
    assert [x.man for x in fire] == [A]  # one crewman fires the gun
    assert React(B, "suppress") in state.legal_actions("german")
    state.apply(React(A, "fire"))
    assert React(B, "fire") not in state.legal_actions("german")
    state.force_dice(1, 10)  # alert: sustained fire; a 10 misses and calls for a check
    state.force_dice(_roll_for(game.men[A].weapon.damage_table, "NE"))
    state.apply(Done("german"))
    assert fire_types_as_bots(state) == [(A, "sustained")]  # the German's choice [8.63]
    assert A in state.active.reacted
    assert any(
        isinstance(e, ShotExplained) and e.man == A and e.fire_type == "sustained"
        for e in state.log
    )
    out = state.clone()
    assert isinstance(out, SoldiersState)
    out.active.reaction = None
    out.support.guns[GUN] = (game.name(a), next(h for h in range(1, 13) if not in_arc(a, h, b)))
    from rules.soldiers.reaction import candidates

    assert A not in candidates(out, "german", b)[0]


def test_prepare_mg_text_round_trips_and_refuses_a_bad_hour() -> None:
    """The action's text form [14.21]: ``prepare-mg MAN HOUR``, hours 1-12."""
    assert PrepareGun.parse([A, "11"], f"prepare-mg {A} 11") == PrepareGun(A, 11)
    assert PrepareGun(A, 11).text() == f"prepare-mg {A} 11"
    with pytest.raises(ActionSyntaxError, match="HOUR 1-12"):
        PrepareGun.parse([A, "13"], "prepare-mg x 13")


def test_the_purchase_bot_buys_mg_teams_and_flamethrowers_that_play() -> None:
    """[19.45; 14; 15]: the point-buy may buy MG teams and flamethrower men (the purchase bot's
    categories), and a game with them plays to its end with both bots."""
    from model.catalog import unit_types
    from model.systems import GameSystem
    from rules.bots.base import make_bot
    from rules.soldiers.pointbuy import SoldiersPointBuy

    buy = SoldiersPointBuy()
    types = unit_types(GameSystem.SOLDIERS)
    scenario = _bought().scenario
    assert buy.plays(scenario, types["GE-MMG-TEAM"]) and buy.plays(scenario, types["US-MURPHY"])
    us = Buy((("US-SQUAD-5", False), ("US-MURPHY", False), ("US-HMG-TEAM", False)))
    game = _bought({"us": us, "german": GERMAN})
    state = game.new_initial_state(5)
    bots = {"us": make_bot("heuristic", 5), "german": make_bot("random", 5)}
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert state.outcome() is not None


# --- 15 Flamethrowers -------------------------------------------------------------------------

MURPHY = "us.h.us-murphy"


def _flamer(dist: int = 2, level: str | None = None) -> tuple[SoldiersState, Hex, Hex, list[str]]:
    """The US leader's turn; Murphy under orders, two Germans ``dist`` hexes off."""
    us = Buy((("US-SQUAD-5", False), ("US-MURPHY", False)))
    game = _bought({"us": us}, level=level)
    state = acting(game, "us")
    a, b = next(_pairs(game, dist))
    germans = state.able("german")[:2]
    stage(state, {MURPHY: a, germans[0]: b, germans[1]: b})
    _order(state, MURPHY)
    return state, a, b, germans


def test_flamethrower_15_1_sustained_or_continuous_at_bold_never_quick_fire() -> None:
    """[15.1]: sustained (2 AP, a placeholder) or continuous fire (4 AP [15.12]) at Bold or
    Aggressive; never quick fire (nor shoot's other fires); the State API offers both."""
    state, _a, b, _g = _flamer()
    name = state.game.name(b)
    assert {Flame(MURPHY, name, "sustained"), Flame(MURPHY, name, "continuous")} <= set(
        state.legal_actions()
    )
    assert not [x for x in state.legal_actions() if isinstance(x, Shoot)]
    assert "flame action" in (state.why_not(Shoot(MURPHY, name, "sustained")) or "")
    assert state.preview(Flame(MURPHY, name, "continuous")).cost == "4 of 5 AP"
    assert (
        state.describe(Flame(MURPHY, name, "sustained"))
        == f"Flamethrower sustained fire at {name} [15.1]"
    )
    state.active.risk = "Wary"
    assert "Bold or Aggressive [15.1]" in (state.why_not(Flame(MURPHY, name, "sustained")) or "")


def test_flamethrower_15_11_a_hit_burns_every_man_15_16_heavy_row_and_a_weapon_check() -> None:
    """[15.11; 15.16]: a hit affects every man in the hex, a d10 each on the heavy row
    (sustained fire at 2 hexes), unmodified, 10 always a kill [8.42]; [15.11]: a weapon check
    after every fire; [15.14]: terrain does not modify the hit."""
    state, _a, b, germans = _flamer()
    game = state.game
    table = game.men[MURPHY].weapon.damage_table
    chance = int(str(cell(game.men[MURPHY].weapon.hit_table, "sustained", 2).value))
    state.force_dice(chance, 3, 10, 1)  # a hit; damage 3 and 10; the weapon check 1
    state.apply(Flame(MURPHY, game.name(b), "sustained"))
    fired = next(e for e in state.log if isinstance(e, FlameExplained))
    assert fired.hit and fired.chance == chance
    assert "terrain and suppression do not modify it [15.14; 15.15]" in fired.steps
    results = {
        e.man: e.result
        for e in state.log
        if getattr(e, "man", None) in germans and e.kind == "soldiers-hit"
    }
    assert results == {germans[0]: str(cell(table, "heavy", 3).value), germans[1]: "Kill"}
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert "after every flamethrower fire [15.11]" in check.why


def test_flamethrower_15_12_continuous_fire_adds_1_to_the_weapon_check_and_draws_reaction() -> None:
    """[15.12]: continuous fire costs 4 AP, reads the Continuous row, adds 1 to the weapon check
    roll (above 10 read as 10), and like sustained fire draws enemy reaction [8.6]."""
    state, _a, b, _germans = _flamer(dist=3)
    game = state.game
    chance = int(str(cell(game.men[MURPHY].weapon.hit_table, "continuous", 3).value))
    ap = state.active.ap
    state.force_dice(10, 9)  # a miss; the check 9 + 1 = 10
    state.apply(Flame(MURPHY, game.name(b), "continuous"))
    fired = next(e for e in state.log if isinstance(e, FlameExplained))
    assert fired.chance == chance and not fired.hit and state.active.ap == ap - 4
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert "9 +1 (continuous fire [15.12]) = 10" in check.why


def test_flamethrower_15_13_range_15_14_buildings_only_adjacent() -> None:
    """[15.13]: never its own hex, at most the table's range; [15.14]: into a building only
    from an adjacent hex."""
    state, a, _b, germans = _flamer()
    game = state.game
    state.troops.hexes[germans[0]] = a
    assert "own hex" in (state.why_not(Flame(MURPHY, game.name(a), "sustained")) or "")
    building = next(
        h for h in sorted(game.amap.hexes, key=game.name) if game.terrain.terrain(h) == "building"
    )
    near = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if h.distance(building) == 2 and game.sees(h, building)
    )
    state.troops.hexes[MURPHY], state.troops.hexes[germans[0]] = near, building
    assert "adjacent hex [15.14]" in (
        state.why_not(Flame(MURPHY, game.name(building), "sustained")) or ""
    )
    far = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if h.distance(near) == game.men[MURPHY].weapon.max_range + 1 and game.sees(near, h)
    )
    state.troops.hexes[germans[1]] = far
    assert "[15.13]" in (state.why_not(Flame(MURPHY, game.name(far), "sustained")) or "")


def test_flamethrower_15_17_never_fires_in_reaction() -> None:
    """[15.17]: a flamethrower may not be fired in reaction (Murphy may only suppress)."""
    us = Buy((("US-SQUAD-5", False), ("US-MURPHY", False)))
    game = _bought({"us": us})
    state = acting(game, "german")
    a, b, start = _approach(game)
    mover = game.chits[state.active.chit or ""].leader
    assert mover is not None
    stage(state, {MURPHY: a, mover: start})
    _order(state, mover)
    state.apply(Move(mover, (game.name(b),)))
    assert React(MURPHY, "fire") not in state.legal_actions("us")
    assert React(MURPHY, "suppress") in state.legal_actions("us")


# --- replay, clone and position ---------------------------------------------------------------


def _overwatch_scene(game: SoldiersGame) -> tuple[SoldiersState, Hex]:
    """The US leader's turn: private 5 in a beside Austin; Adler next to b, which 5 sees, out
    of his sight."""
    state = acting(game, "us")
    a, b, start = _approach(game)
    stage(state, {"us.e.5": a, "us.austin": a, "german.adler": start})
    state.active.in_command.add("us.e.5")
    return state, b


def test_clone_position_and_replay_round_trip_through_an_overwatch_shot_and_an_mg_set_up() -> None:
    """Every game replays from seed and actions; a clone and a position read back carry the
    Overwatch marker, the overwatch shot (no Reaction Fire marker [13.2]) and the MG prepared
    with its arrow [14.2] (STYLE 5, 25, 26)."""
    game = dawn()
    state, b = _overwatch_scene(game)
    state.apply(OrderMan("us.e.5"))
    state.force_dice(NO_CHECK)
    state.apply(Overwatch("us.e.5"))
    state.apply(Done("us"))
    state.apply(Done("us"))  # the Command Phase: the US passes, the Germans commit
    state.force_dice(10, 1)
    state.apply("commit german.e.sl")
    state.apply(OrderMan("german.adler"))
    state.apply(Move("german.adler", (game.name(b),)))
    state.apply(React("us.e.5", "fire"))
    state.force_dice(1, 9)  # alert: his best fire; a 9 misses
    state.apply(Done("us"))
    fire_types_as_bots(state)  # his best, named as the bots name it [8.63]
    assert "us.e.5" in state.support.overwatch and "us.e.5" not in state.active.reacted
    assert any("on overwatch: no Reaction Fire marker [13.2]" in e.describe() for e in state.log)
    mg, a, _b, _us = _gunners()
    step = next(n for n in a.neighbors() if clear(mg.game, n) and n != _b)
    _move(mg, A, step)
    mg.troops.hexes[B] = step
    mg.apply(PrepareGun(A, 2))
    assert mg.support.guns[GUN] == (mg.game.name(step), 2)
    for s in (state, mg):
        clone = s.clone()
        assert isinstance(clone, SoldiersState)
        assert clone.fingerprint() == s.fingerprint() and clone.support == s.support
        position = s.to_position()
        back = s.game.state_from_position(position, PositionReader(s.game, position, None))
        assert isinstance(back, SoldiersState)
        assert back.position_fingerprint() == s.position_fingerprint()
        assert back.support == s.support
    staged = _overwatch_scene(dawn())[0]
    for action in state.history[len(staged.history) :]:
        staged.apply(action)
    assert staged.fingerprint() == state.fingerprint()


def test_flamethrower_15_14_not_through_a_wall_hexside_unless_it_borders_his_hex() -> None:
    """[15.14]: a flamethrower may not be fired through a wall hexside unless the hexside
    borders the firer's hex."""
    from rules.los.geometry import CrossStep, trace
    from rules.soldiers.grenades import indoors

    state, _a, _b, germans = _flamer()
    game = state.game
    walls = [
        s
        for h in sorted(game.amap.hexes, key=game.name)
        for s in (Hexside.of(h, d) for d in range(3))
        if "wall" in game.terrain.hexside_features(s) and all(x in game.amap.hexes for x in s.hexes)
    ]
    found = None
    for wall in walls:
        for target in (h for h in wall.hexes if not indoors(state, h)):
            for firer in sorted(game.amap.hexes, key=game.name):
                if firer.distance(target) != 2 or not game.sees(firer, target):
                    continue
                steps = trace(firer, target).steps
                if any(isinstance(s, CrossStep) and s.side == wall for s in steps):
                    found = (wall, target, firer)
                    break
            if found:
                break
        if found:
            break
    assert found is not None, "no wall hexside seen across on the map"
    wall, target, firer = found
    near = next(h for h in wall.hexes if h != target)
    state.troops.hexes[germans[0]] = target
    state.troops.hexes[MURPHY] = firer
    why = state.why_not(Flame(MURPHY, game.name(target), "sustained")) or ""
    assert "wall hexside" in why and "[15.14]" in why
    state.troops.hexes[MURPHY] = near  # the wall borders his hex now
    assert "wall" not in (state.why_not(Flame(MURPHY, game.name(target), "sustained")) or "")


def test_mg_14_1_the_gun_s_own_marks_and_clips_in_position_files() -> None:
    """[14.1; 19.54; 8.51]: the gun's Jam and Ammo Out markers and its clips spent are the
    gun's own (by its id), written to a position file (guns_jammed, guns_ammo_out, clips_spent)
    and read back; a file that marks the first crewman carrying his part (written before the
    gun had marks of its own) gives them to the gun."""
    state, _a, _b, _us = _gunners(level="advanced")
    game = state.game
    state.troops.jammed.add(GUN)
    state.troops.ammo_out.add(GUN)
    state.troops.clips_spent[GUN] = 1
    position = state.to_position()
    data = position.state
    assert data["guns_jammed"] == [GUN] and data["guns_ammo_out"] == [GUN]
    assert data["clips_spent"] == {GUN: 1}
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState)
    assert back.troops.jammed == {GUN} and back.troops.ammo_out == {GUN}
    assert back.troops.clips_spent == {GUN: 1}
    assert back.position_fingerprint() == state.position_fingerprint()
    old = dict(data, guns_jammed=[], guns_ammo_out=[], clips_spent={A: 1})
    units = [
        u.model_copy(update={"status": [*u.status, "jammed", "ammo-out"]}) if u.id == A else u
        for u in position.units
    ]
    before = position.model_copy(update={"state": old, "units": units})
    back = game.state_from_position(before, PositionReader(game, before, None))
    assert isinstance(back, SoldiersState)
    assert back.troops.jammed == {GUN} and back.troops.ammo_out == {GUN}
    assert back.troops.clips_spent == {GUN: 1}
