"""More of Soldiers' small rules, each pinned by its section: killing prisoners [9.7], the
Cautious man leaving a hex he shares with suppressed enemies [8.83; 7.22], the unseen throw
through the thrower's own building [12.11], a man of a group on overwatch [7.1; 13.1] and the
assault rifle's mode held for the Action Phase [8.71] and destroying equipment [9.5]; each new
action
through the State API, cloned and written to a position. Men are staged by hand on Dawn
Patrol's map C, every man not named sharing one far hex with the enemy's."""

from __future__ import annotations

from pathlib import Path

import pytest
from soldiers_scenes import acting, clear, dawn, stage

from model.hexes import Hex
from rules.engine.actions import Move
from rules.engine.errors import IllegalActionError
from rules.records.position import load_position, position_text
from rules.soldiers.actions import ManHit, OrderMan, Shoot, Throw
from rules.soldiers.destroying import DestroyEquipment
from rules.soldiers.equipment import Exchange
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.grenades import grenades_left, through_own_building
from rules.soldiers.groups import OrderGroup
from rules.soldiers.moves import category, why_not_step
from rules.soldiers.prisoners import KillPrisoner
from rules.soldiers.support_actions import Overwatch
from rules.soldiers.weapons import why_not_fire_weapon


@pytest.fixture
def game() -> SoldiersGame:
    return dawn()


# --- 9.7 Killing prisoners --------------------------------------------------------------------


def _with_prisoners(game: SoldiersGame) -> tuple[SoldiersState, str, str, list[str]]:
    """Two German prisoners (one surrendered, one incapacitated) guarded by a US man in a clear
    hex, with a second US man; the US Action Phase."""
    state = acting(game, "us")
    h = next(h for h in sorted(game.amap.hexes, key=game.name) if clear(game, h))
    guard, friend = "us.e.5", "us.e.6"
    taken = ["german.e.6", "german.e.7"]
    stage(state, {guard: h, friend: h, taken[0]: h, taken[1]: h})
    state.troops.disabled.update({taken[0]: "captured", taken[1]: "incapacitated"})
    state.troops.captured.update({taken[0]: guard, taken[1]: guard})
    state.active.in_command |= {guard, friend}
    return state, guard, friend, taken


def test_9_7_killing_a_prisoner_costs_1_ap_and_he_counts_as_killed(game: SoldiersGame) -> None:
    """[9.7]: "men may opt to kill their prisoners. To do so costs 1 AP per prisoner
    executed": the guard (no combat action [9.4]; killing is none, our reading) kills both,
    1 AP each of his 3; they are killed and no longer captured [19.7]."""
    state, guard, _, taken = _with_prisoners(game)
    state.apply(OrderMan(guard))
    assert state.active.ap == 3.0  # a guard's order [9.4]
    offered = [a for a in state.legal_actions("us") if isinstance(a, KillPrisoner)]
    assert offered == [KillPrisoner(guard, taken[0]), KillPrisoner(guard, taken[1])]
    preview = state.preview(offered[0])
    assert preview.legal and preview.cost == "1 of 3 AP"
    assert state.describe(offered[0]).endswith("[9.7]")
    for i, p in enumerate(taken, start=1):
        events = state.apply(KillPrisoner(guard, p))
        assert state.active.ap == 3.0 - i
        assert state.troops.disabled[p] == "killed" and p not in state.troops.captured
        hit = next(e for e in events if isinstance(e, ManHit))
        assert hit.man == p and "[9.7" in hit.why


def test_9_7_refused_for_a_man_not_under_orders_elsewhere_suppressed_or_without_ap(
    game: SoldiersGame,
) -> None:
    """[9.7; 6.2; 7.42]: only the man (or group) under orders, in the prisoner's hex, not
    suppressed, with 1 AP; never his own side's man."""
    state, guard, friend, taken = _with_prisoners(game)
    state.apply(OrderMan(friend))
    with pytest.raises(IllegalActionError, match=r"under orders"):
        state.apply(KillPrisoner(guard, taken[0]))
    assert state.why_not(KillPrisoner(friend, guard)) is not None  # not a prisoner
    state.troops.hexes[friend] = next(iter(state.troops.hexes[friend].neighbors()))
    why = state.why_not(KillPrisoner(friend, taken[0]))
    assert why is not None and "[9.7]" in why
    state.troops.hexes[friend] = state.troops.hexes[guard]
    state.active.ap = 0.5
    why = state.why_not(KillPrisoner(friend, taken[0]))
    assert why is not None and "1 AP" in why
    state.active.ap = 5.0
    state.troops.suppressed.add(friend)
    why = state.why_not(KillPrisoner(friend, taken[0]))
    assert why is not None and "[7.42]" in why


def test_9_7_in_a_group_each_prisoner_killed_pays_anew(game: SoldiersGame) -> None:
    """[9.7; 7.1]: in a group each killing is an action of its own, paid from the group's AP
    (our reading: it opens no step another man may use)."""
    state, guard, friend, taken = _with_prisoners(game)
    state.apply(OrderGroup((guard, friend)))
    start = state.active.ap
    state.apply(KillPrisoner(friend, taken[0]))
    state.apply(KillPrisoner(guard, taken[1]))
    assert state.active.ap == start - 2


def test_9_7_round_trips_text_clone_and_position(game: SoldiersGame, tmp_path: Path) -> None:
    """The action's text parses back; a clone applies it to the same fingerprint; a position
    written after it reads back to the same state."""
    state, guard, _, taken = _with_prisoners(game)
    state.apply(OrderMan(guard))
    action = KillPrisoner(guard, taken[0])
    assert game.parse_action(action.text()) == action
    twin = state.clone()
    state.apply(action)
    twin.apply(action.text())
    assert twin.fingerprint() == state.fingerprint()
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert again.position_fingerprint() == state.position_fingerprint()


# --- 8.83 the Cautious man leaving a shared hex ----------------------------------------------


def _shared(game: SoldiersGame) -> tuple[Hex, Hex, Hex]:
    """A clear hex A, a protected hex P next to it, and a clear hex E 3-8 hexes from P that
    sees P and is not next to A or P."""
    for a in sorted(game.amap.hexes, key=game.name):
        if not clear(game, a):
            continue
        for p in sorted(a.neighbors(), key=lambda h: (h.q, h.r)):
            if p not in game.amap.hexes or game.movement.cost("man", p, a).prohibited:
                continue
            if game.terrain.terrain(p) not in ("woods", "building"):
                continue
            for e in sorted(game.amap.hexes, key=game.name):
                far = 3 <= e.distance(p) <= 8 and e.distance(a) >= 3
                if clear(game, e) and far and game.sees(e, p) and game.sees(a, p):
                    return a, p, e
    raise AssertionError("no such hexes")


@pytest.mark.parametrize("leave", [True, False])
def test_8_83_a_cautious_man_leaving_a_shared_hex_may_enter_a_hex_next_to_its_enemies(
    game: SoldiersGame, leave: bool
) -> None:
    """[8.83; 7.22]: "A man in a hex with only suppressed enemy men may ... move out of the hex.
    (This is an exception to 7.22, prohibiting cautious men from entering hexes adjacent to
    able enemy men ...) Cautious men in this situation may do so": at Cautious, the protected
    hex P in enemy sight next to the suppressed German in A is entered from A; the same step
    by a man not leaving the shared hex (the German beside him, not with him) is refused."""
    state = acting(game, "us")
    a, p, e = _shared(game)
    assert category(state, p) == "protected"
    beside = (
        a
        if leave
        else next(n for n in p.neighbors() if clear(game, n) and n != a and n.distance(e) >= 2)
    )
    stage(state, {"us.e.5": a, "german.e.6": beside, "german.e.7": e})
    state.troops.suppressed.add("german.e.6")
    state.active.risk = "Cautious"
    state.active.in_command.add("us.e.5")
    state.apply(OrderMan("us.e.5"))
    cost, why = why_not_step(state, "us.e.5", a, p)
    if leave:
        assert cost is not None, why
        state.apply(Move("us.e.5", (game.name(p),)))
        assert state.troops.hexes["us.e.5"] == p
    else:
        assert cost is None and "next to an able enemy man" in why and "[7.22]" in why


# --- 12.11 an unseen throw through the thrower's own building ---------------------------------


def test_12_11_no_unseen_throw_through_a_hex_of_his_own_building(game: SoldiersGame) -> None:
    """[12.11]: "A man in a building may not throw a grenade at an unseen target if the LOS
    would pass through a hex containing part of the same building": refused at such a hex
    (our reading: the building is its building hexes side by side); an unseen hex in range
    whose line does not pass through his building stays open."""
    state = acting(game, "us")
    hexes = sorted(game.amap.hexes, key=game.name)

    def unseen(a: Hex, t: Hex) -> bool:
        return 1 <= a.distance(t) <= 4 and not state.sees(a, t) and t != a

    a, through = next(
        (a, t)
        for a in hexes
        if "building" in game.terrains(a)
        for t in hexes
        if unseen(a, t) and through_own_building(state, a, t)
    )
    man = "us.e.5"
    stage(state, {man: a})
    game.grenades[man] = 2  # Dawn Patrol deals none; give him two [12]
    state.active.in_command.add(man)
    state.apply(OrderMan(man))
    why = state.why_not(Throw(man, game.name(through)))
    assert why is not None and "own building [12.11]" in why
    assert any(
        state.why_not(Throw(man, game.name(o))) is None
        for o in hexes
        if unseen(a, o) and not through_own_building(state, a, o)
    )


# --- 7.1 and 13.1 a man of a group on overwatch -----------------------------------------------


def test_7_1_13_1_a_man_of_a_group_goes_on_overwatch_and_the_group_goes_on_without_him(
    game: SoldiersGame,
) -> None:
    """[7.1; 13.1]: overwatch is a combat action of 4 AP (the 7.1 example); a man of the group
    goes on overwatch for the group's 4 of 5 AP, his actions end (our reading) and the other
    moves on alone with the 1 AP left, the watcher staying where he watches."""
    state = acting(game, "german")
    h = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if clear(game, h) and sum(clear(game, n) for n in h.neighbors()) >= 2
    )
    pair = ("german.e.6", "german.e.7")
    stage(state, dict.fromkeys(pair, h))
    state.active.in_command |= set(pair)
    state.apply(OrderGroup(pair))
    assert Overwatch("german.e.7") in state.legal_actions("german")  # not only the first man
    state.force_dice(1)  # the malfunction roll: no weapon check [13.1]
    events = state.apply(Overwatch("german.e.6"))
    assert "german.e.6" in state.support.overwatch and state.active.ap == 1.0
    assert any("[7.1]" in e.describe() for e in events)
    assert Overwatch("german.e.7") not in state.legal_actions("german")  # 1 AP left
    to = next(n for n in h.neighbors() if clear(game, n))
    state.apply(Move("german.e.7", (game.name(to),)))
    assert state.troops.hexes["german.e.7"] == to and state.troops.hexes["german.e.6"] == h
    assert "german.e.6" in state.support.overwatch


# --- 8.71 the assault rifle's mode held for the Action Phase ------------------------------------


def _rifleman(game: SoldiersGame) -> tuple[SoldiersState, str, Hex]:
    """The German AR man (german.e.4) ordered at Aggressive, an American 3 hexes off in sight in
    the open."""
    state = acting(game, "german")
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    a, b = next((a, b) for a in hexes for b in hexes if a.distance(b) == 3 and game.sees(a, b))
    stage(state, {"german.e.4": a, "us.e.5": b})
    state.active.in_command.add("german.e.4")
    state.apply(OrderMan("german.e.4"))
    return state, "german.e.4", b


@pytest.mark.parametrize(
    ("first", "refused", "quick_table"),
    [("aimed", "sustained", "semi_hit_table"), ("quick", "aimed", "hit_table")],
)
def test_8_71_the_assault_rifle_keeps_the_mode_it_first_fired_in(
    game: SoldiersGame, tmp_path: Path, first: str, refused: str, quick_table: str
) -> None:
    """[8.71]: "Each time a man fires this rifle, the firing player must declare which mode it
    is firing in. It must be used in the same mode throughout an Action Phase": aimed fire
    is semi-automatic, sustained automatic, a first quick fire automatic (our reading); after
    it the other mode's fire is refused, and quick fire reads the held mode's table. A position
    keeps the mode."""
    from rules.soldiers.fire import rifle_mode
    from rules.soldiers.reaction import fire_type as reaction_type
    from rules.soldiers.units import table_title, weapon

    state, man, b = _rifleman(game)
    rifle = weapon("GE-AR")
    assert rifle.semi_hit_table is not None
    state.apply(Shoot(man, game.name(b), first))
    state.troops.jammed.discard(man)  # whatever the weapon check did: the rifle fires again
    state.troops.ammo_out.discard(man)
    held = "semi" if first == "aimed" else "auto"
    assert state.active.modes == {man: held}
    why = state.why_not(Shoot(man, game.name(b), refused))
    assert why is not None and "[8.71]" in why
    assert Shoot(man, game.name(b), refused) not in state.legal_actions("german")
    assert rifle_mode(state, man, "quick") == held
    # reaction fire in this Action Phase keeps the mode too [8.63; 8.71]
    assert reaction_type(state, man, True) == ("aimed" if held == "semi" else "sustained")
    table = getattr(rifle, quick_table)
    _, work = hit_chance(state, Shoot(man, game.name(b), "quick"))
    assert work.steps[0].startswith(table_title(table))
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState) and again.active.modes == {man: held}


# --- 9.5 destroying equipment -------------------------------------------------------------------


def test_9_5_destroying_the_equipment_in_the_hex_for_1_ap(
    game: SoldiersGame, tmp_path: Path
) -> None:
    """[9.5]: "A man may destroy any or all equipment in a hex by expending 1 AP": the
    prisoners' and the dead's weapons and grenades in his hex (all of it, the player naming
    each piece [9.5]), 1 AP; a destroyed weapon cannot be taken by an exchange [7.33], and a
    prisoner who escapes with it is unarmed [9.6]. A position keeps it; the action's text
    parses back."""
    state, guard, friend, taken = _with_prisoners(game)
    game.grenades[taken[0]] = 2
    dead = "german.e.9"
    state.troops.hexes[dead] = state.troops.hexes[guard]
    state.troops.disabled[dead] = "killed"
    state.apply(OrderMan(friend))
    action = DestroyEquipment(friend)
    assert game.parse_action(action.text()) == action
    assert action in state.legal_actions("us")
    assert state.preview(action).cost == "1 of 5 AP"
    state.apply(action)
    assert state.active.ap == 4.0
    assert state.active.wrecking is not None  # his player chooses what [9.5]
    while state.active.wrecking is not None:  # all of it, piece by piece
        state.apply(state.legal_actions("us")[0])
    assert state.troops.destroyed == {taken[0], taken[1], dead}
    assert grenades_left(state, taken[0]) == 0
    assert state.why_not(DestroyEquipment(friend)) is not None  # nothing left to destroy
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState) and again.troops.destroyed == state.troops.destroyed
    # a destroyed weapon is no weapon to take [7.33]; an escaped prisoner is unarmed [9.6]
    state2, _, friend2, _ = _with_prisoners(dawn())
    state2.troops.hexes[dead] = state2.troops.hexes[friend2]
    state2.troops.disabled[dead] = "killed"
    state2.troops.destroyed.add(dead)
    state2.apply(OrderMan(friend2))
    why = state2.why_not(Exchange(friend2, dead))
    assert why is not None and "[9.5]" in why
    del state.troops.captured[taken[0]], state.troops.disabled[taken[0]]  # he escapes [9.6]
    unarmed = why_not_fire_weapon(state, taken[0])
    assert unarmed is not None and "unarmed [9.5; 9.6]" in unarmed
