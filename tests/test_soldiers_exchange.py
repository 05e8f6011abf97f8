"""Soldiers exchanging a flamethrower and its unfamiliar user [7.33; 15.21] (forced dice),
carrying a disabled man [11.3]."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import Buy, bought
from soldiers_scenes import acting, clear, stage

from model.hexes import Hex
from rules.engine.actions import Move
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers.actions import OrderMan, Shoot, WeaponChecked
from rules.soldiers.carrying import Drop, PickUp
from rules.soldiers.equipment import Exchange
from rules.soldiers.fire import apply_damage
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.grenades import grenades_left
from rules.soldiers.handover import TakeGrenades
from rules.soldiers.moves import step_cost
from rules.soldiers.support_actions import Flame, FlameExplained
from rules.soldiers.units import cell
from rules.soldiers.weapons import carried

MURPHY = "us.h.us-murphy"
MARCK = "german.h.ge-marck"


def _game(buys: dict[str, Buy]) -> SoldiersGame:
    loaded = bought("22-street-fighting-in-grave", 0, buys)
    found = load_game(dataclasses.replace(loaded))
    assert isinstance(found, SoldiersGame)
    return found


def _us_game() -> SoldiersGame:
    return _game({"us": Buy((("US-SQUAD-5", False), ("US-MURPHY", False)))})


def _pair(game: SoldiersGame) -> tuple[Hex, Hex]:
    """Two clear hexes two apart in sight of each other."""
    hexes = sorted((h for h in game.amap.hexes if clear(game, h)), key=game.name)
    return next((a, b) for a in hexes for b in hexes if a.distance(b) == 2 and game.sees(a, b))


def _scene() -> tuple[SoldiersState, str, Hex, Hex, list[str]]:
    """The US leader's turn at Aggressive: a US rifleman in Murphy's hex, two Germans two hexes
    off."""
    game = _us_game()
    state = acting(game, "us")
    a, b = _pair(game)
    rifleman = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].side == "us" and m != MURPHY and game.men[m].team is None
    )
    germans = state.able("german")[:2]
    stage(state, {MURPHY: a, rifleman: a, germans[0]: b, germans[1]: b})
    return state, rifleman, a, b, germans


def test_15_21_a_man_takes_the_flamethrower_from_the_dead_murphy_for_all_his_ap() -> None:
    """[15.21] "A man may take a flamethrower from a friendly man to which it was originally
    assigned by performing the exchange equipment action when in the same hex" [7.33]: offered
    by the State API with the -3/+4 shown before, all his AP; Murphy gets the rifleman's
    weapon; the position keeps who carries what."""
    state, rifleman, _a, _b, _g = _scene()
    game = state.game
    state.troops.disabled[MURPHY] = "killed"
    state.apply(OrderMan(rifleman))
    action = Exchange(rifleman, MURPHY)
    assert action in state.legal_actions()
    preview = state.preview(action)
    assert (
        preview.legal and "-3 to hit, +4 to checks" in preview.cost and "[15.21]" in (preview.cost)
    )
    events = state.apply(action)
    assert any("[15.21]" in e.describe() for e in events)
    assert carried(state, rifleman).id == "US-FT" and state.active.ap == 0
    assert carried(state, MURPHY) == game.men[rifleman].weapon
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert again.troops.carried == state.troops.carried


def test_15_21_an_able_murphy_is_refused_both_must_conduct_it_7_33() -> None:
    """[7.33] with an able friendly man "both men must conduct the exchange equipment action":
    our reading, a man of the group under orders; Murphy is of no squad, so of no group
    [6.24]: the rifleman alone is refused (Murphy gives it only when disabled)."""
    state, rifleman, _a, _b, _g = _scene()
    state.apply(OrderMan(rifleman))
    assert "group under orders" in (state.why_not(Exchange(rifleman, MURPHY)) or "")
    assert Exchange(rifleman, MURPHY) not in state.legal_actions()


def test_15_21_never_from_a_man_it_was_not_originally_assigned_to() -> None:
    """[15.21]: taken only from the man originally assigned it (our reading: once taken it
    stays; a disabled enemy's flamethrower is not taken)."""
    state, rifleman, a, _b, _g = _scene()
    game = state.game
    other = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].side == "us" and m not in (MURPHY, rifleman) and game.men[m].team is None
    )
    state.troops.hexes[other] = a
    state.troops.carried[other] = "US-FT"  # taken before from Murphy
    state.troops.carried[MURPHY] = game.men[other].weapon.id
    state.troops.disabled[other] = "killed"
    state.apply(OrderMan(rifleman))
    why = state.why_not(Exchange(rifleman, other)) or ""
    assert "originally assigned to [15.21]" in why
    assert Exchange(rifleman, other) not in state.legal_actions()


def test_15_21_a_disabled_enemy_s_flamethrower_is_not_taken() -> None:
    """[15.21] "from a friendly man": Marck's flamethrower is refused to a US man."""
    game = _game(
        {
            "us": Buy((("US-SQUAD-5", False),)),
            "german": Buy((("GE-SQUAD-2", False), ("GE-MARCK", False))),
        }
    )
    state = acting(game, "us")
    a, _b = _pair(game)
    rifleman = next(m for m in sorted(state.active.in_command) if game.men[m].team is None)
    stage(state, {rifleman: a, MARCK: a})
    state.troops.disabled[MARCK] = "killed"
    state.apply(OrderMan(rifleman))
    assert "originally assigned to [15.21]" in (state.why_not(Exchange(rifleman, MARCK)) or "")


def test_15_21_an_unfamiliar_user_minus_3_after_all_modifiers_plus_4_to_the_check() -> None:
    """[15.21] "A man other than the man originally assigned a flamethrower fires less
    effectively": the hit chance -3 after all other modifiers, +4 to the weapon check die-roll
    (with continuous fire's +1 [15.12]; above 10 read as 10)."""
    state, rifleman, _a, b, _g = _scene()
    game = state.game
    state.troops.carried[rifleman] = "US-FT"
    state.troops.carried[MURPHY] = game.men[rifleman].weapon.id
    state.apply(OrderMan(rifleman))
    name = game.name(b)
    assert Flame(rifleman, name, "continuous") in state.legal_actions()
    table = game.men[MURPHY].weapon.hit_table
    base = int(str(cell(table, "continuous", 2).value))
    chances = state.preview(Flame(rifleman, name, "continuous")).chances
    assert chances and "assigned to him [15.21] -3" in chances[0].words
    state.force_dice(10, 3)  # a miss; the check 3 +1 +4 = 8
    state.apply(Flame(rifleman, name, "continuous"))
    fired = next(e for e in state.log if isinstance(e, FlameExplained))
    assert fired.chance == base - 3 and not fired.hit
    assert fired.steps[-2].startswith("a flamethrower not originally assigned to him [15.21]")
    check = next(e for e in state.log if isinstance(e, WeaponChecked))
    assert "3 +5 (continuous fire [15.12]; a flamethrower not originally" in check.why
    assert check.why.split(" = ")[1].startswith("8")


def test_15_21_murphy_carrying_a_rifle_fires_the_rifle_not_the_flamethrower() -> None:
    """[11.2; 15.21]: a man carrying another weapon is considered to carry only it: Murphy,
    with the rifleman's weapon, has no flame action and shoots the rifle (an unfamiliar weapon
    only if automatic [8.72])."""
    state, rifleman, _a, b, _g = _scene()
    game = state.game
    state.troops.carried[rifleman] = "US-FT"
    state.troops.carried[MURPHY] = game.men[rifleman].weapon.id
    state.active.in_command.add(MURPHY)
    state.apply(OrderMan(MURPHY))
    legal = state.legal_actions()
    assert not [x for x in legal if isinstance(x, Flame)]
    assert Shoot(MURPHY, game.name(b), "quick") in legal


# --- 11.3 Carrying a disabled man -------------------------------------------------------------


def _carrier() -> tuple[SoldiersState, str, Hex, Hex, list[str]]:
    """The scene with Murphy killed in the rifleman's hex."""
    state, rifleman, a, b, germans = _scene()
    state.troops.disabled[MURPHY] = "killed"
    return state, rifleman, a, b, germans


def test_11_3_picking_up_a_disabled_man_is_an_exchange_equipment_action_all_his_ap() -> None:
    """[11.3] "A man in the same hex as a disabled man may pick up that man by performing an
    exchange equipment action": offered by the State API, all his AP [7.33]; the position and
    a replay keep who carries whom."""
    state, rifleman, _a, _b, _g = _carrier()
    game = state.game
    state.apply(OrderMan(rifleman))
    action = PickUp(rifleman, MURPHY)
    assert action in state.legal_actions() and game.parse_action(action.text()) == action
    assert "[11.3]" in state.describe(action)
    preview = state.preview(action)
    assert preview.legal and preview.cost is not None and "all his AP (5)" in preview.cost
    twin = state.clone()
    events = state.apply(action)
    assert any("all his AP [11.3; 7.33]" in e.describe() for e in events)
    assert state.troops.carrying == {rifleman: MURPHY} and state.active.ap == 0
    twin.apply(action.text())
    assert twin.fingerprint() == state.fingerprint()
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert again.troops.carrying == {rifleman: MURPHY}
    assert again.position_fingerprint() == state.position_fingerprint()
    state.active.ap = 5.0
    assert "only movement actions" in (state.why_not(PickUp(rifleman, MURPHY)) or "")


def test_11_3_a_carrier_pays_1_ap_more_a_hex_and_the_man_goes_with_him() -> None:
    """[11.3] "A man or group that moves while carrying a disabled man must spend one
    additional AP for each hex entered"; the carried man moves with him."""
    state, rifleman, a, _b, _g = _carrier()
    free = state.clone()
    assert isinstance(free, SoldiersState)
    state.troops.carrying[rifleman] = MURPHY
    state.apply(OrderMan(rifleman))
    free.apply(OrderMan(rifleman))
    to = next(
        n
        for n in a.neighbors()
        if step_cost(free, rifleman, a, n) is not None and step_cost(state, rifleman, a, n)
    )
    plain = step_cost(free, rifleman, a, to)
    assert plain is not None and step_cost(state, rifleman, a, to) == plain + 1
    ap = state.active.ap
    state.apply(Move(rifleman, (state.game.name(to),)))
    assert state.active.ap == ap - plain - 1
    assert state.troops.hexes[MURPHY] == to == state.troops.hexes[rifleman]


def test_11_3_only_movement_actions_and_a_free_drop_at_any_risk_level() -> None:
    """[11.3] "A man may perform only movement actions while carrying a man"; "A man may drop
    a disabled man for free, at any risk level"."""
    state, rifleman, a, b, _g = _carrier()
    state.troops.carrying[rifleman] = MURPHY
    state.apply(OrderMan(rifleman))
    state.active.risk = "Cautious"
    shot = Shoot(rifleman, state.game.name(b), "quick")
    assert "only movement actions" in (state.why_not(shot) or "")
    legal = state.legal_actions()
    assert not [x for x in legal if isinstance(x, Shoot)]
    assert Drop(rifleman) in legal and state.preview(Drop(rifleman)).cost == "free (0 AP)"
    ap = state.active.ap
    state.apply(Drop(rifleman))
    assert state.troops.carrying == {} and state.active.ap == ap
    assert state.troops.hexes[MURPHY] == a
    assert state.why_not(shot) is None


def test_11_3_damage_drops_the_man() -> None:
    """[11.3] "A man that suffers damage while carrying a disabled man automatically drops
    the man" (a German quick fire hits him, forced dice)."""
    state, rifleman, a, _b, _g = _carrier()
    state.troops.carrying[rifleman] = MURPHY
    apply_damage(state, rifleman, "Sup", "test fire")
    assert state.troops.carrying == {}
    assert any("damage drops him [11.3]" in e.describe() for e in state.log)
    assert state.troops.hexes[MURPHY] == a


def test_11_1_15_2_an_mg_crewman_or_a_flamethrower_man_may_not_pick_one_up() -> None:
    """[11.1] a disabled man is in the column of an MG part; [15.2] a man with a flamethrower
    carries only pistols and grenades."""
    state, rifleman, _a, _b, _g = _scene()
    state.troops.disabled[rifleman] = "killed"
    state.active.in_command.add(MURPHY)
    state.apply(OrderMan(MURPHY))
    assert "[15.2]" in (state.why_not(PickUp(MURPHY, rifleman)) or "")


# --- 7.33 Taking grenades -------------------------------------------------------------------


def test_7_33_taking_a_dead_friend_s_grenades_costs_all_his_ap() -> None:
    """[7.33] "take or give equipment ... Any amount of equipment may be exchanged"; grenades
    are carried in any number [11.1]: the man takes every grenade a dead friend has left, for
    all his AP; he may throw them [12.1]; the position and a replay keep them; destroyed
    grenades are none to take [9.5]."""
    game = _game({"us": Buy((("US-SQUAD-5", False),), (("GRENADE", 2),))})
    state = acting(game, "us")
    dead = next(m for m in sorted(game.grenades) if game.men[m].side == "us")
    taker = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].side == "us" and not game.grenades.get(m) and game.men[m].team is None
    )
    a, _b = _pair(game)
    stage(state, {dead: a, taker: a})
    state.troops.disabled[dead] = "killed"
    state.apply(OrderMan(taker))
    action = TakeGrenades(taker, dead)
    assert action in state.legal_actions() and game.parse_action(action.text()) == action
    assert "[7.33; 12]" in state.describe(action)
    assert "all his AP (5)" in (state.preview(action).cost or "")
    twin = state.clone()
    have = grenades_left(state, dead)
    state.apply(action)
    assert grenades_left(state, taker) == have and grenades_left(state, dead) == 0
    assert state.active.ap == 0
    assert any("from " + dead in e.describe() and "[7.33; 12]" in e.describe() for e in state.log)
    twin.apply(action.text())
    assert twin.fingerprint() == state.fingerprint()
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert again.troops.grenades_taken == state.troops.grenades_taken
    assert again.position_fingerprint() == state.position_fingerprint()
    state.active.ap = 5.0
    assert "no grenades left" in (state.why_not(action) or "")


def test_7_33_an_able_friend_s_grenades_only_within_the_group() -> None:
    """[7.33] with an able friendly man both conduct the action (our reading: of the group
    under orders): alone, refused."""
    game = _game({"us": Buy((("US-SQUAD-5", False),), (("GRENADE", 2),))})
    state = acting(game, "us")
    mate = next(m for m in sorted(game.grenades) if game.men[m].side == "us")
    taker = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].side == "us" and not game.grenades.get(m) and game.men[m].team is None
    )
    a, _b = _pair(game)
    stage(state, {mate: a, taker: a})
    state.apply(OrderMan(taker))
    assert "group under orders" in (state.why_not(TakeGrenades(taker, mate)) or "")


def test_7_33_any_amount_the_man_takes_some_of_a_dead_friend_s_grenades() -> None:
    """[7.33] "Any amount of equipment may be exchanged": beside all of them, the man may take
    any fewer of a dead friend's grenades (``take-grenades MAN OTHER N``), for all his AP; the
    rest stay with the dead man; more than he has is refused; the text round-trips; the bots
    keep taking all of them."""
    from rules.bots.base import make_bot
    from rules.engine.errors import ActionSyntaxError, IllegalActionError

    game = _game({"us": Buy((("US-SQUAD-5", False),), (("GRENADE", 2),))})
    state = acting(game, "us")
    dead = next(m for m in sorted(game.grenades) if game.men[m].side == "us")
    taker = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].side == "us" and not game.grenades.get(m) and game.men[m].team is None
    )
    a, _b = _pair(game)
    stage(state, {dead: a, taker: a})
    state.troops.disabled[dead] = "killed"
    state.apply(OrderMan(taker))
    state.troops.grenades_taken[dead] = 2 - grenades_left(state, dead)  # two left, as if taken
    assert grenades_left(state, dead) == 2
    offered = [x for x in state.legal_actions() if isinstance(x, TakeGrenades)]
    assert offered == [TakeGrenades(taker, dead), TakeGrenades(taker, dead, 1)]
    some = TakeGrenades(taker, dead, 1)
    assert some.text() == f"take-grenades {taker} {dead} 1"
    assert game.parse_action(some.text()) == some
    assert state.describe(some).startswith("Take 1 of the grenades of ")
    with pytest.raises(ActionSyntaxError, match="whole number"):
        game.parse_action(f"take-grenades {taker} {dead} 0")
    with pytest.raises(IllegalActionError, match="2 grenades left"):
        state.clone().apply(TakeGrenades(taker, dead, 3))
    assert make_bot("heuristic", 1).choose(state.clone(), "us") != some
    events = state.apply(some)
    assert grenades_left(state, taker) == 1 and grenades_left(state, dead) == 1
    assert state.active.ap == 0
    assert any("1 grenade from " + dead in e.describe() for e in events)
