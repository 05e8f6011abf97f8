"""Soldiers leader-to-leader command [6.26]: "A leader may receive an order only from a leader
of higher rank. Thus, an assistant squad leader may receive an order from a squad or platoon
leader. A squad leader may receive an order only from a platoon leader." Dawn Patrol's US
squad: Austin its squad leader, Black its assistant squad leader, staged side by side."""

from __future__ import annotations

import pytest
from soldiers_scenes import dawn, declare_tactical, stage

from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.soldiers.actions import OrderMan
from rules.soldiers.game import SoldiersState
from rules.soldiers.groups import OrderGroup


def _turn(chit: str) -> SoldiersState:
    """The US chit ``chit`` committed and winning at Aggressive (a d10 of 10 [6.11]), Austin
    and Black stacked in one hex (both in command of either [6.21])."""
    game = dawn()
    state = game.new_initial_state(1)
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    at = min(game.amap.hexes, key=game.name)
    stage(state, {"us.austin": at, "us.black": at})
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == "us":
            state.force_dice(10, 1)
            state.apply(f"commit {chit}")
        else:
            state.apply(Done(actor))
    declare_tactical(state)
    assert state.active.chit == chit
    return state


def test_6_26_an_assistant_squad_leader_may_not_order_his_squad_leader() -> None:
    """[6.26] In Black's (assistant squad leader's) turn Austin (squad leader) is in command
    [6.21] but may not be ordered, alone or in a group, and the refusal says why; Black may
    order himself ("The active leader, of course, may always give himself an order")."""
    state = _turn("us.e.asl")
    assert "us.austin" in state.active.in_command
    legal = state.legal_actions("us")
    assert OrderMan("us.austin") not in legal
    assert OrderMan("us.black") in legal
    assert not any(isinstance(a, OrderGroup) and "us.austin" in a.men for a in legal)
    why = state.why_not(OrderMan("us.austin")) or ""
    assert "[6.26]" in why and "higher rank" in why
    why = state.why_not(OrderGroup(("us.austin", "us.black"))) or ""
    assert "[6.26]" in why
    with pytest.raises(IllegalActionError):
        state.apply(OrderMan("us.austin"))


def test_6_26_a_squad_leader_may_order_his_assistant() -> None:
    """[6.26] "an assistant squad leader may receive an order from a squad or platoon leader":
    in Austin's turn Black is ordered, alone or in the group with Austin."""
    state = _turn("us.e.sl")
    legal = state.legal_actions("us")
    assert OrderMan("us.black") in legal
    assert OrderGroup(("us.austin", "us.black")) in legal
    assert state.why_not(OrderMan("us.black")) is None


def test_6_26_binds_only_leader_turns_an_independent_turn_may_select_a_leader() -> None:
    """[6.26; 6.23] 6.26 is headed "During Leader Turns": the independent chit's turn may
    select the squad leader ("Any man (even a leader)")."""
    state = _turn("us.e.ind")
    assert state.why_not(OrderMan("us.austin")) is None
