"""Soldiers hand-to-hand combat [8.8-8.82], the engineers' +3 [16.11] and capture in
hand-to-hand [9.1], each test named by the section it pins. Dice are forced; men are staged by
hand (every man not named in one far hex, both sides together), initiatives set as the book's
example gives them."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import Buy, bought
from soldiers_scenes import acting, clear, dawn, stage

from model.hexes import Hex
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers.actions import ManCaptured, ManHit, OrderMan, Shoot
from rules.soldiers.damage_choice import TakeDamage
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.melee import HandToHand, HandToHandFought, LineUp, lines, set_odds
from rules.soldiers.units import cell


def _hex(game: SoldiersGame) -> Hex:
    return min((h for h in game.amap.hexes if clear(game, h)), key=game.name)


def _set(game: SoldiersGame, man: str, **changes: object) -> None:
    game.men[man] = dataclasses.replace(game.men[man], **changes)  # type: ignore[arg-type]


def _damage_roll(row: str, result: str, capture: bool = False) -> int:
    shift = -3 if capture else 0
    return next(
        r for r in range(1, 11) if cell("hand-to-hand-damage", row, r + shift).value == result
    )


def _melee(
    us: dict[str, int], german: dict[str, int], suppressed: tuple[str, ...] = ()
) -> tuple[SoldiersState, Hex]:
    """The US leader's turn at Aggressive; the US men ``us`` (id: initiative) ordered as a
    group (one man: ordered alone) in a clear hex with the German men ``german``."""
    game = dawn()
    for man, init in {**us, **german}.items():
        _set(game, man, initiative=init)
    state = acting(game, "us")
    h = _hex(game)
    stage(state, dict.fromkeys([*us, *german], h))
    state.troops.suppressed |= set(suppressed)
    state.active.in_command |= set(us)
    state.apply(OrderGroup(tuple(us)) if len(us) > 1 else OrderMan(next(iter(us))))
    return state, h


def test_8_82_worked_example_three_us_men_against_three_germans_one_suppressed() -> None:
    """[8.8; 8.81; 8.82 example]: three US men (initiatives 1, 2, 2) fight three Germans
    (2, 1 and a suppressed man); equal numbers, so the Germans line up and the US player places
    his men one on one as the example pairs them (``line-up``) [8.81]. Set 1: US 4+1=5 against German 3+2=5, both hit and suppressed;
    set 2: US 7+2 against German 2+1, the German hit; set 3: US 7+2=9 against the suppressed
    German's 5+0, he is hit and incapacitated. The group's actions end [8.8]."""
    us = {"us.e.3": 1, "us.e.5": 2, "us.e.6": 2}
    german = {"german.e.6": 2, "german.e.7": 1, "german.e.8": 2}
    state, _ = _melee(us, german, suppressed=("german.e.8",))
    action = HandToHand("us.e.3")
    assert action in state.legal_actions()
    sets = lines(state, list(us), list(german))
    assert sets == [
        (["us.e.3"], ["german.e.6"]),
        (["us.e.6"], ["german.e.7"]),
        (["us.e.5"], ["german.e.8"]),
    ]
    sup, wound = _damage_roll("1 hit", "Sup"), _damage_roll("1 hit", "Wound")
    incap = _damage_roll("1 hit", "Incap")
    state.force_dice(4, 3, sup, sup, 7, 2, wound, 7, 5, incap)
    start = len(state.log)
    state.apply(action)
    # equal numbers: the Germans line up, the US player places his men one on one [8.81]
    assert state.to_act() == ("us",)
    assert set(state.legal_actions()) == {LineUp("us.e.5", g) for g in german}
    state.apply(LineUp("us.e.5", "german.e.8"))
    state.apply(LineUp("us.e.6", "german.e.7"))  # us.e.3 then faces the last German
    fought = [e for e in state.log[start:] if isinstance(e, HandToHandFought)]
    assert [f.hit for f in fought] == [("us.e.3", "german.e.6"), ("german.e.7",), ("german.e.8",)]
    assert "us.e.3: d10 4 + initiative 1 = 5" in fought[0].steps
    assert "german.e.8: d6 5 + suppressed: initiative 0 [8.82] = 5" in fought[2].steps
    assert {"us.e.3", "german.e.6"} <= state.troops.suppressed
    assert "german.e.7" in state.troops.wounded
    assert state.troops.disabled.get("german.e.8") == "incapacitated"
    hits = [e for e in state.log[start:] if isinstance(e, ManHit)]
    assert all("placeholder" in e.why for e in hits)
    assert state.active.ap == 0  # no actions after hand-to-hand [8.8]
    assert not [a for a in state.legal_actions() if isinstance(a, Move | Shoot | HandToHand)]


def test_8_8_only_at_aggressive_with_able_enemies_in_the_hex() -> None:
    """[8.8]: only at Aggressive, only with an able enemy man in the hex; the State API says why
    not, and 3 AP are needed [8.82 example]."""
    state, _ = _melee({"us.e.3": 2}, {"german.e.6": 2})
    state.active.risk = "Bold"
    assert HandToHand("us.e.3") not in state.legal_actions()
    assert "[8.8]" in str(state.preview(HandToHand("us.e.3")).why_not)
    with pytest.raises(IllegalActionError):
        state.apply(HandToHand("us.e.3"))
    state.active.risk = "Aggressive"
    state.active.ap = 2.0
    assert "3 AP" in str(state.why_not(HandToHand("us.e.3")))
    state.active.ap = 5.0
    state.troops.disabled["german.e.6"] = "incapacitated"
    assert "no able enemy" in str(state.why_not(HandToHand("us.e.3")))


def test_8_82_one_against_many_the_single_man_beating_all_hits_one() -> None:
    """[8.81; 8.82]: two US men gang up on one German; his total above both hits one of them
    (his side's choice: the German player names him, ``take-damage``), the other unhurt."""
    state, _ = _melee({"us.e.3": 2, "us.e.5": 2}, {"german.e.6": 2})
    assert lines(state, ["us.e.3", "us.e.5"], ["german.e.6"]) == [
        (["us.e.3", "us.e.5"], ["german.e.6"])
    ]
    state.force_dice(1, 2, 6, _damage_roll("1 hit", "Wound"))
    state.apply(HandToHand("us.e.3"))
    assert state.to_act() == ("german",)
    state.apply(TakeDamage("us.e.3"))
    assert state.troops.wounded == {"us.e.3"}
    assert "german.e.6" not in state.troops.suppressed


def test_8_82_one_against_many_takes_a_hit_for_each_equal_or_higher_total() -> None:
    """[8.82]: the single German's total 5 against US totals 5 and 9: two hits, so the damage is
    rolled on the "2 hits" line."""
    state, _ = _melee({"us.e.3": 2, "us.e.5": 2}, {"german.e.6": 2})
    state.force_dice(3, 7, 3, _damage_roll("2 hits", "Kill"))
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    assert state.troops.disabled.get("german.e.6") == "killed"
    hit = next(e for e in state.log[start:] if isinstance(e, ManHit))
    assert "2 hits" in hit.why
    assert not state.troops.wounded and not {"us.e.3", "us.e.5"} & state.troops.suppressed


def test_16_11_engineer_adds_3_and_8_82_wounded_subtracts_3() -> None:
    """[16.11; 8.82]: an engineer attacking adds 3 (d10 1 + 2 + 3 = 6 ties the German's 4 + 2:
    both hit); a wounded defender subtracts 3 (d6 5 + 2 - 3 = 4 under the d10 3 + 2)."""
    game = dawn()
    _set(game, "us.e.3", tags=("engineer",))
    state = acting(game, "us")
    h = _hex(game)
    stage(state, {"us.e.3": h, "german.e.6": h})
    state.active.in_command.add("us.e.3")
    state.apply(OrderMan("us.e.3"))
    sup = _damage_roll("1 hit", "Sup")
    state.force_dice(1, 4, sup, sup)
    start = len(state.log)
    state.apply(HandToHand("us.e.3"))
    fought = next(e for e in state.log[start:] if isinstance(e, HandToHandFought))
    assert fought.hit == ("us.e.3", "german.e.6")
    assert "combat engineer +3 [16.11]" in fought.steps[1]
    # a wounded defender: -3 [8.82]
    state2, _ = _melee({"us.e.3": 2}, {"german.e.6": 2})
    state2.troops.wounded.add("german.e.6")
    state2.force_dice(3, 5, _damage_roll("1 hit", "Sup"))
    state2.apply(HandToHand("us.e.3"))
    assert "german.e.6" in state2.troops.suppressed and "us.e.3" not in state2.troops.suppressed


def test_9_1_capture_attempt_subtracts_3_and_captured_takes_the_prisoner() -> None:
    """[9.1; 9.3]: a capture attempt takes 3 off the damage roll; "Captured" captures the man
    instead of damaging him, the attacker guarding him; the text round-trips."""
    state, _ = _melee({"us.e.3": 2}, {"german.e.6": 2})
    action = HandToHand("us.e.3", True)
    assert action in state.legal_actions()
    assert state.game.parse_action(action.text()) == action
    state.force_dice(9, 1, _damage_roll("1 hit", "Captured", capture=True))
    start = len(state.log)
    state.apply(action)
    assert state.troops.disabled.get("german.e.6") == "captured"
    assert state.troops.captured.get("german.e.6") == "us.e.3"
    taken = next(e for e in state.log[start:] if isinstance(e, ManCaptured))
    assert "[9.1]" in taken.why and "[9.3]" in taken.why
    clone = state.clone()
    assert clone.fingerprint() == state.fingerprint()


def test_8_82_preview_gives_each_sets_odds() -> None:
    """[8.82]: one on one, d10 + 2 against d6 + 2: the German is hit when his d6 is at or under
    the d10, 45 in 60; the American when his d10 is at or under the d6, 21 in 60."""
    state, _ = _melee({"us.e.3": 2}, {"german.e.6": 2})
    assert set_odds(state, ["us.e.3"], ["german.e.6"]) == pytest.approx((45 / 60, 21 / 60))
    found = state.preview(HandToHand("us.e.3"))
    assert found.legal and found.chances[0].effect == pytest.approx(0.75)
    assert "3 of 5 AP" in found.cost
    # one against many: one German d6+2 against two d10+2; he beats both with d6 > both d10s
    enemy, own = set_odds(state, ["us.e.3", "us.e.5"], ["german.e.6"])
    beats = sum((d - 1) ** 2 / 100 for d in range(1, 7)) / 6
    assert (enemy, own) == pytest.approx((1 - beats, beats))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_8_8_the_heuristic_bot_fights_two_against_one_suppressed_man_on_its_objective(
    seed: int,
) -> None:
    """[8.8]: two US men ordered as a group hold Dawn Patrol's objective C/1809 with a suppressed
    German in it: the heuristic bot fights hand-to-hand rather than leave or wait."""
    game = dawn()
    state = acting(game, "us")
    h = game.by_name["C/1809"]
    stage(state, {"us.e.3": h, "us.e.5": h, "german.e.6": h})
    state.troops.suppressed.add("german.e.6")
    state.active.in_command |= {"us.e.3", "us.e.5"}
    state.apply(OrderGroup(("us.e.3", "us.e.5")))
    state.active.orders_left = 0
    assert GreedyBot(seed).choose(state, "us").verb == "hand-to-hand"


def _moves(state: SoldiersState) -> list[Move]:
    return [a for a in state.legal_actions() if isinstance(a, Move)]


def test_8_83_a_man_beginning_with_a_non_suppressed_enemy_may_only_fight_in_the_hex() -> None:
    """[8.83]: ordered in a hex with a non-suppressed German, the American may fight
    hand-to-hand or fire into the hex, not move out or fire elsewhere; the limit survives a
    position file."""
    state, h = _melee({"us.e.3": 2}, {"german.e.6": 2})
    assert state.active.engaged == state.game.name(h) and not state.active.may_leave
    assert HandToHand("us.e.3") in state.legal_actions()
    assert not _moves(state)
    away = next(n for n in h.neighbors() if n in state.game.amap.hexes)
    step = Move("us.e.3", (state.game.name(away),))
    assert "[8.83]" in str(state.why_not(step))
    assert not [
        a for a in state.legal_actions() if isinstance(a, Shoot) and a.hex != state.game.name(h)
    ]
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.active.engaged == state.active.engaged
    assert "[8.83]" in str(back.why_not(step))


def test_8_83_with_only_suppressed_enemies_he_may_also_move_out() -> None:
    """[8.83]: only a suppressed German in the hex: the American may also move out."""
    state, _ = _melee({"us.e.3": 2}, {"german.e.6": 2}, suppressed=("german.e.6",))
    assert state.active.may_leave
    assert _moves(state)
    assert HandToHand("us.e.3") in state.legal_actions()


def test_8_83_active_men_outnumbering_the_enemy_act_freely() -> None:
    """[8.83]: two Americans ordered as a group with one German: the excess acts freely (our
    reading: the whole group)."""
    state, _ = _melee({"us.e.3": 2, "us.e.5": 2}, {"german.e.6": 2})
    assert state.active.engaged is None
    assert _moves(state)


# --- 6.22 the assistant squad leader's restriction ---------------------------------------------


def _asl_turn(apart: int, exempt: bool = False, chief_down: str | None = None) -> SoldiersState:
    """Dawn Patrol's US assistant squad leader Black (command 3) made not exempt (unless
    ``exempt``), ``apart`` hexes from his squad leader Austin along a row; Austin disabled
    (``chief_down``) before the US chit ``us.e.asl`` is committed and wins at Aggressive."""
    game = dawn()
    _set(game, "us.black", asl_exempt=exempt)
    state = game.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    row = sorted(game.amap.hexes, key=lambda h: (h.r, h.q))
    start = row[0]
    far = next(h for h in row if h.distance(start) == apart)
    stage(state, {"us.black": start, "us.austin": far})
    if chief_down is not None:
        state.troops.disabled["us.austin"] = chief_down
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == "us":
            state.force_dice(10, 1)
            state.apply("commit us.e.asl")
        else:
            state.apply(Done(actor))
    assert state.active.chit == "us.e.asl"
    return state


def test_6_22_an_assistant_7_hexes_from_his_leaders_has_command_rating_1() -> None:
    """[6.22]: the assistant squad leader active 7 hexes from his squad leader (no platoon
    leader in play) gives 1 order; 6 hexes off, his printed 3; an Elite squad's assistant keeps
    3 however far [6.22]."""
    far = _asl_turn(7)
    assert far.active.orders_left == 1
    assert any("[6.22]" in e.describe() for e in far.log)
    assert _asl_turn(6).active.orders_left == 3
    assert _asl_turn(7, exempt=True).active.orders_left == 3


def test_6_22_squad_leader_disabled_within_six_hexes_passes_command_else_1_for_good() -> None:
    """[6.22]: Austin disabled within six hexes of Black: command passes to him, no
    restriction after (his printed 3 though Austin's counter is now far off); disabled beyond
    six hexes: Black's rating is 1 for good, even when he comes close. Kept in position files."""
    near = _asl_turn(3, chief_down="killed")
    assert "us.black" in near.track.asl_free and near.active.orders_left == 3
    far = _asl_turn(9, chief_down="incapacitated")
    assert "us.black" in far.track.asl_reduced and far.active.orders_left == 1
    position = far.to_position()
    back = far.game.state_from_position(position, PositionReader(far.game, position, None))
    assert back.track.asl_reduced == {"us.black"}


# --- 6.27 a disabled platoon leader ------------------------------------------------------------


def _platoon(heavy: bool) -> SoldiersState:
    """Scenario 22 bought: a US squad, the platoon leader and (``heavy``) an engineer; the
    platoon leader killed before the first Command Phase's commitments."""
    forces = (("US-SQUAD-5", False), ("US-PL", False))
    if heavy:
        forces += (("US-ENGINEER", False),)
    loaded = bought("22-street-fighting-in-grave", 0, {"us": Buy(forces)})
    game = load_game(loaded)
    assert isinstance(game, SoldiersGame)
    state = game.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    state.troops.disabled["us.pl"] = "killed"
    return state


def test_6_27_a_disabled_platoon_leaders_chit_orders_heavy_weapons_soldiers_only() -> None:
    """[6.27]: the platoon leader disabled, his chit stays and acts as an independent chit for
    the heavy weapons soldiers only: the engineer may be selected, the squad's men not."""
    state = _platoon(heavy=True)
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == "us" and "us.pl" in state.committable("us"):
            state.force_dice(10, 1)
            state.apply("commit us.pl")
        else:
            state.apply(Done(actor))
    assert state.active.chit == "us.pl" and not state.active.rolled
    assert state.active.in_command == {"us.h.us-engineer"}


def test_6_27_without_heavy_weapons_soldiers_the_platoon_leaders_chit_is_removed() -> None:
    """[6.27]: the platoon leader disabled and no heavy weapons soldier in play or to come: his
    chit is removed from the Command Track."""
    state = _platoon(heavy=False)
    events = state.apply(Done(state.to_act()[0]))  # any action: the loss is judged after it
    assert "us.pl" in state.track.removed and "us.pl" not in state.committable("us")
    assert any("[6.27]" in e.describe() for e in events)
    assert not any("[6.28]" in e.describe() for e in events)  # he is no squad
