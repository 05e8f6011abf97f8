"""Destroying equipment other than weapons and grenades [9.5; 7.33]: "A man may destroy any or
all equipment in a hex by expending 1 AP" — a disabled or captured man's part of an MG, the
radio, satchel charges, spare clips and pistol, each a piece of the player's choice
(``destroy-item OTHER part|radio|satchel|clip|pistol``). Destroyed, none of it is taken [7.33];
a gun with a part destroyed is neither prepared nor fired (our reading) [14.2]; a destroyed
radio calls no artillery [17.12]. Scenario 22 bought (as in test_soldiers_kit): the German MMG
team, the US engineer with two satchel charges, the platoon leader's radio."""

from __future__ import annotations

import dataclasses

import pytest
from soldiers_bought import US, Buy, bought
from soldiers_scenes import acting, stage
from test_soldiers_kit import ENGINEER, GUN, RADIOMAN, RIFLEMAN, A, B, _crew, _order, _pair

from rules.engine.actions import Done
from rules.engine.errors import ActionSyntaxError
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import artillery, kit, machineguns
from rules.soldiers.actions import Maintained
from rules.soldiers.destroying import DestroyEquipment, DestroyItem
from rules.soldiers.engineers import satchels_left
from rules.soldiers.fire_support_actions import Radio
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.kit import TakeKit
from rules.soldiers.pistols import carries_pistol
from rules.soldiers.support_actions import PrepareGun
from rules.soldiers.weapons import spare_clips


def _told(events: list[object]) -> str:
    return " ".join(e.why for e in events if isinstance(e, Maintained))


def _pistol_game() -> SoldiersGame:
    """Scenario 22 bought as in test_soldiers_kit, the US with a pistol besides."""
    purchases = (*US.purchases, ("SATCHEL", 2), ("ART-LIGHT", 1), ("US-PISTOL", 1))
    us = Buy(US.forces, purchases, US.reinforcements)
    found = load_game(dataclasses.replace(bought("22-street-fighting-in-grave", 0, {"us": us})))
    assert isinstance(found, SoldiersGame)
    return found


def _us_scene() -> tuple[SoldiersState, str, str, str]:
    """The US leader's turn: a US man (no leader) ordered in the hex of the dead engineer
    (two satchel charges) and the dead man given the pistol; the platoon leader (the radioman)
    elsewhere."""
    game = _pistol_game()
    state = acting(game, "us")
    holder = next(m for m, p in game.pistols.items() if p == "US-PISTOL")
    man = next(
        m
        for m in sorted(state.active.in_command)
        if game.men[m].rank == "man" and game.men[m].team is None and m != holder
    )
    a, _b = _pair(game)
    stage(state, {man: a, ENGINEER: a, holder: a})
    state.troops.disabled.update({ENGINEER: "killed", holder: "killed"})
    _order(state, man)
    return state, man, holder, game.name(a)


def test_9_5_a_dead_crewman_s_mg_part_destroyed_is_not_taken_and_the_gun_is_useless() -> None:
    """[9.5] the rifleman, ordered with the prepared MMG, its crewman A and the dead crewman B,
    pays 1 AP and names B's part of the MMG among B's equipment; [7.33] no man takes it after
    ("his part of the MG was destroyed"); the MMG may not be fired nor prepared again (our
    reading: the book is silent), A's shot and preparation refused citing 9.5."""
    state, _a, b = _crew()
    game = state.game
    state.troops.disabled[B] = "killed"
    _order(state, RIFLEMAN)
    assert machineguns.why_not_gun(state, A, b) is None
    assert TakeKit(RIFLEMAN, B, "part") in state.legal_actions()
    state.apply(DestroyEquipment(RIFLEMAN))
    offered = state.legal_actions("german")
    assert DestroyItem(B, "part") in offered and DestroyItem(B, "weapon") in offered
    assert state.describe(DestroyItem(B, "part")) == (
        f"Destroy {game.unit_name(B)}'s part of the MG [9.5]"
    )
    preview = state.preview(DestroyItem(B, "part"))
    assert preview.legal and "may not be prepared nor fired (our reading" in (preview.cost or "")
    state.apply(DestroyItem(B, "part"))
    events = state.apply(Done("german"))
    told = _told(events)
    assert f"{B} part destroyed (his player's choice) [9.5]" in told
    assert "may not be prepared nor fired" in told
    assert state.kit.wrecked == {f"{B} part"} and kit.part_destroyed(state, GUN) == B
    state.active.ap = 5.0  # as in his next order
    assert "his part of the MG was destroyed: nothing to take [9.5]" in (
        state.why_not(TakeKit(RIFLEMAN, B, "part")) or ""
    )
    assert "was destroyed [9.5]" in (machineguns.why_not_gun(state, A, b) or "")
    state.support.guns.pop(GUN)  # dismantled: A ordered to prepare it again
    state.active.current, state.active.ap = A, 5.0
    refused = machineguns.why_not_prepare(state, PrepareGun(A, 1)) or ""
    assert "part of the MMG was destroyed [9.5]" in refused and "our reading" in refused


def test_9_5_the_dead_radioman_s_radio_destroyed_calls_no_artillery() -> None:
    """[9.5; 17.12] the platoon leader's radioman is dead in a leader's hex: the leader may use
    the radio ("any leader stacked with the man"), until he pays 1 AP and destroys it; then his
    call is refused citing 9.5, nobody uses it, and no man takes it [7.33]."""
    game = _pistol_game()
    state = acting(game, "us")
    leader = game.chits[state.active.chit or ""].leader
    assert leader is not None and leader != RADIOMAN
    a, _b = _pair(game)
    stage(state, {leader: a, RADIOMAN: a})
    state.troops.disabled[RADIOMAN] = "killed"
    _order(state, leader)
    seen = game.name(next(h for h in a.neighbors() if h in game.amap.hexes and game.sees(a, h)))
    assert artillery.users(state, "us") == [leader]
    assert state.why_not(Radio(leader, seen)) is None
    state.apply(DestroyEquipment(leader))
    assert DestroyItem(RADIOMAN, "radio") in state.legal_actions("us")
    state.apply(DestroyItem(RADIOMAN, "radio"))
    told = _told(state.apply(Done("us")))
    assert "his side may not call artillery with it [17.12]" in told
    assert state.kit.wrecked == {f"{RADIOMAN} radio"} and kit.radio_destroyed(state, "us")
    assert artillery.users(state, "us") == []
    assert "his side's radio was destroyed [9.5]" in (state.why_not(Radio(leader, seen)) or "")
    state.active.ap = 5.0  # as in his next order
    assert "his radio was destroyed: nothing to take [9.5]" in (
        state.why_not(TakeKit(leader, RADIOMAN, "radio")) or ""
    )


@pytest.mark.parametrize(
    ("item", "words"),
    [
        ("satchel", "his satchel charges were destroyed: nothing to take [9.5]"),
        ("clip", "his spare clips were destroyed: nothing to take [9.5]"),
    ],
)
def test_9_5_a_dead_engineer_s_satchel_charges_or_clips_destroyed_are_gone(
    item: str, words: str
) -> None:
    """[9.5] the dead engineer's two satchel charges, or his spare clips, destroyed for 1 AP:
    all of them gone from him (none thrown, none spent), and a take refused with the reason
    [7.33; 16.21; 11]."""
    state, man, _holder, _at = _us_scene()
    assert satchels_left(state, ENGINEER) == 2 and spare_clips(state, ENGINEER) > 0
    for kept in ("satchel", "clip"):
        assert state.why_not(TakeKit(man, ENGINEER, kept)) is None
    state.apply(DestroyEquipment(man))
    state.apply(DestroyItem(ENGINEER, item))
    state.apply(Done("us"))
    assert state.kit.wrecked == {f"{ENGINEER} {item}"}
    left = {"satchel": satchels_left(state, ENGINEER), "clip": spare_clips(state, ENGINEER)}
    assert left[item] == 0 and all(n > 0 for k, n in left.items() if k != item)
    assert state.demolitions.satchels_thrown == {} and state.troops.clips_spent == {}
    state.active.ap = 5.0
    assert words in (state.why_not(TakeKit(man, ENGINEER, item)) or "")
    other = "clip" if item == "satchel" else "satchel"
    assert state.why_not(TakeKit(man, ENGINEER, other)) is None  # the rest is kept


def test_9_5_a_dead_man_s_pistol_destroyed_is_not_carried_nor_taken() -> None:
    """[9.5; 11.1] the dead man's pistol destroyed: he carries none, and no man takes it
    [7.33]; the other pieces in the hex are left to destroy or take."""
    state, man, holder, _at = _us_scene()
    assert carries_pistol(state, holder)
    assert state.why_not(TakeKit(man, holder, "pistol")) is None
    state.apply(DestroyEquipment(man))
    pieces = state.legal_actions("us")
    for item in ("weapon", "satchel", "clip"):
        assert DestroyItem(ENGINEER, item) in pieces
    assert DestroyItem(holder, "pistol") in pieces
    assert DestroyItem(ENGINEER, "pistol") not in pieces  # he carries none
    state.apply(DestroyItem(holder, "pistol"))
    assert DestroyItem(holder, "pistol") not in state.legal_actions("us")
    told = _told(state.apply(Done("us")))
    assert f"{holder} pistol destroyed" in told and "he may not fire it [7.33; 11.1]" in told
    assert not carries_pistol(state, holder)
    state.active.ap = 5.0
    assert "his pistol was destroyed: nothing to take [9.5]" in (
        state.why_not(TakeKit(man, holder, "pistol")) or ""
    )


def test_9_5_destroyed_kit_round_trips_text_clone_and_position_file() -> None:
    """[9.5] ``destroy-item OTHER ITEM`` reads back from its text for every item, an unknown
    item refused; the equipment destroyed is kept by a clone and a position file (kit
    ``destroyed``)."""
    state, man, holder, _at = _us_scene()
    for item in ("weapon", "grenades", "part", "radio", "satchel", "clip", "pistol"):
        action = DestroyItem(ENGINEER, item)
        assert state.game.parse_action(action.text()) == action
    with pytest.raises(ActionSyntaxError):
        state.game.parse_action(f"destroy-item {ENGINEER} helmet")
    state.apply(DestroyEquipment(man))
    state.apply(DestroyItem(holder, "pistol"))
    state.apply(DestroyItem(ENGINEER, "satchel"))
    state.apply(Done("us"))
    clone = state.clone()
    assert isinstance(clone, SoldiersState) and clone.kit.wrecked == state.kit.wrecked
    clone.kit.wrecked.clear()
    assert state.kit.wrecked == {f"{holder} pistol", f"{ENGINEER} satchel"}
    game = state.game
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(again, SoldiersState) and again.kit.wrecked == state.kit.wrecked
    assert again.position_fingerprint() == state.position_fingerprint()
    assert satchels_left(again, ENGINEER) == 0
