"""Soldiers operational turns in play [3B; 6.3; 6.31; 6.32] and the hidden MG owner's choice
before an operational move [14.12]."""

from __future__ import annotations

from soldiers_scenes import clear, dawn
from test_soldiers_hidden_mg import _hidden_scene, _operational_scene
from test_soldiers_support import GUN

from model.hexes import Hex
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done, Move
from rules.engine.events import DieRolled
from rules.records.position import PositionReader
from rules.soldiers.actions import OrderMan, TurnBegan
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.groups import OrderGroup
from rules.soldiers.hidden_gun_choice import HiddenGunChoice
from rules.soldiers.operational_turns import Declare, TurnDeclared, leader_waits


def _won(
    game: SoldiersGame, side: str, kind: str = "sl", spots: dict[str, Hex] | None = None
) -> tuple[SoldiersState, str]:
    """``side``'s chit of ``kind`` wins the first Command Phase (the men staged first, before
    the Action Phase begins); the state at the start of its Action Phase."""
    state = game.new_initial_state(1)
    for m, h in (spots or {}).items():
        state.troops.hexes[m] = h
    chit = next(c for c, ch in sorted(game.chits.items()) if ch.side == side and ch.kind == kind)
    while state.play.phase == "command":
        actor = state.to_act()[0]
        state.apply(f"commit {chit}" if actor == side else Done(actor))
    assert state.active.chit == chit
    return state, chit


def _leader(state: SoldiersState, chit: str) -> str:
    leader = state.game.chits[chit].leader
    assert leader is not None
    return leader


def _toward(game: SoldiersGame, a: Hex, e: Hex, steps: int) -> list[Hex]:
    """A path of ``steps`` enterable hexes from a, each nearer to e."""
    path, at = [], a
    for _ in range(steps):
        ways = [n for n in at.neighbors() if n in game.amap.hexes and game.man_cost(n, at).cost]
        at = min(ways, key=lambda n: (n.distance(e), game.name(n)))
        path.append(at)
    return path


def test_6_3_6_32_a_leader_far_from_the_enemy_declares_an_operational_turn_without_a_roll() -> None:
    """[6.3; 6.32; 3B]: the US leader, 8 or more hexes from and out of sight of every German,
    may declare an operational turn instead of rolling: no risk level, no event, no Cautious
    move of the chit [6.13]; his order gives 8 AP for movement only [6.3]; a hex within 8 hexes
    of an able enemy man is refused; the End Phase flips the chit back [3C]."""
    game = dawn()
    probe = game.new_initial_state(1)
    at = probe.troops.hexes[_leader(probe, "us.e.sl")]
    e = next(
        h for h in sorted(game.amap.hexes, key=game.name) if h.distance(at) == 11 and clear(game, h)
    )
    enemy = probe.able("german")[0]
    state, chit = _won(game, "us", spots={enemy: e})  # 11 hexes: beyond mist's 10 [6.42]
    leader = _leader(state, chit)
    assert leader_waits(state) and state.to_act() == ("us",)
    offered = state.legal_actions("us")
    assert Declare("us", "operational") in offered and Declare("us", "tactical") in offered
    assert "declare an operational or a tactical turn" in state.progress().step
    space, start = state.track.space[chit], len(state.log)
    state.apply("declare us operational")
    new = state.log[start:]
    assert not any(isinstance(e, DieRolled | TurnBegan) for e in new)  # [6.32]
    told = [e.describe() for e in new if isinstance(e, TurnDeclared)]
    assert told and "no risk level nor event [6.32]" in told[0]
    assert state.track.space[chit] == space and state.active.operational_turn
    state.apply(OrderMan(leader))
    assert state.active.ap == 8.0  # [6.3]
    assert all(isinstance(a, Move | OrderMan | OrderGroup | Done) for a in state.legal_actions())
    path = _toward(game, at, e, 3)
    why = state.why_not(Move(leader, tuple(game.name(h) for h in path))) or ""
    assert "[6.3]" in why and ("within 8 hexes" in why or "in enemy sight" in why)
    state.apply(Done("us"))
    assert state.play.phase == "command" and state.track.committed["us"] is None
    assert state.track.last_chit == chit and leader in state.active.prev_ordered  # [6.21]


def test_6_32_declaring_a_tactical_turn_rolls_risk_level_and_event() -> None:
    """[6.11-6.13; 3B]: declared tactical, the risk dice are rolled as in any leader turn: a d10
    of 1 is Cautious and moves the chit down the d6's spaces."""
    game = dawn()
    state, chit = _won(game, "us")
    space = int(state.track.space[chit])
    state.force_dice(1, 2)
    state.apply("declare us tactical")
    assert state.active.risk == "Cautious" and state.active.rolled
    assert state.track.space[chit] == str(space - 2)  # [6.13]
    assert any(isinstance(e, TurnDeclared) and e.turn == "tactical" for e in state.log)


def test_3b_an_order_before_any_declaration_declares_a_tactical_turn() -> None:
    """[3B; 6.11]: an order given first is a tactical turn's: the risk level is rolled, then
    the order is given (5 AP)."""
    game = dawn()
    state, chit = _won(game, "us")
    leader = _leader(state, chit)
    state.force_dice(10, 1)
    state.apply(OrderMan(leader))
    assert state.active.risk == "Aggressive" and state.active.ap == 5.0
    assert not state.active.operational_turn
    assert any("an order given: a tactical turn" in e.describe() for e in state.log)


def test_6_3_a_leader_near_the_enemy_may_not_declare_an_operational_turn() -> None:
    """[6.3]: the leader within 8 hexes of an enemy man: no declaration is offered, the risk
    level is rolled at once, and ``declare`` is refused."""
    game = dawn()
    probe = game.new_initial_state(1)
    leader = _leader(probe, next(c for c, ch in game.chits.items() if ch.id == "us.e.sl"))
    at = probe.troops.hexes[leader]
    near = next(h for h in sorted(at.neighbors(), key=game.name) if clear(game, h))
    enemy = probe.able("german")[0]
    state, _ = _won(game, "us", spots={enemy: near})
    assert state.active.rolled and not leader_waits(state)
    assert not any(isinstance(a, Declare) for a in state.legal_actions())
    why = state.why_not(Declare("us", "operational")) or ""
    assert "8 or more hexes" in why and "[3B; 6.3]" in why


def test_6_31_a_suppressed_or_out_of_command_man_takes_no_operational_order() -> None:
    """[6.31]: in a leader operational turn only the men in the active leader's command (within
    2 hexes, in his sight [6.21]) and clear of the enemy are ordered; a suppressed man is not
    (our reading: unsuppressing is no movement action [7.2; 7.42])."""
    game = dawn()
    probe = game.new_initial_state(1)
    leader = _leader(probe, "us.e.sl")
    at = probe.troops.hexes[leader]
    mates = [m for m in probe.able("us") if m != leader and probe.game.men[m].squad == "us.e"]
    state, _ = _won(game, "us", spots={mates[0]: at, mates[1]: at})
    assert {mates[0], mates[1]} <= state.active.in_command
    state.troops.suppressed.add(mates[0])
    state.apply("declare us operational")
    assert mates[0] not in state.active.in_command and mates[1] in state.active.in_command
    why = state.why_not(OrderMan(mates[0])) or ""
    assert "[6.3; 6.31]" in why or "[6.21]" in why


def test_6_3_6_23_an_independent_turn_declared_operational_orders_its_group_for_8_ap() -> None:
    """[6.3; 6.23; 6.24]: an independent chit's turn may be declared operational before its
    man or group is selected: the group of one squad stacked in one hex shares 8 AP, no roll."""
    game = dawn()
    probe = game.new_initial_state(1)
    pair = [m for m in probe.able("us") if game.men[m].squad == "us.e"][:2]
    state, _ = _won(game, "us", kind="ind", spots={pair[1]: probe.troops.hexes[pair[0]]})
    assert Declare("us", "operational") in state.legal_actions("us")
    assert Declare("us", "tactical") not in state.legal_actions("us")  # selecting is tactical
    start = len(state.log)
    state.apply("declare us operational")
    group = next(a for a in state.legal_actions("us") if isinstance(a, OrderGroup))
    state.apply(group)
    assert state.active.ap == 8.0 and not state.active.rolled
    assert not any(isinstance(e, DieRolled) for e in state.log[start:])
    assert "an operational turn" in state.progress().step


def test_6_3_an_operational_turn_round_trips_through_a_position_and_a_clone() -> None:
    """A position file and a clone keep the turn declared operational [6.3]."""
    game = dawn()
    state, chit = _won(game, "us")
    state.apply("declare us operational")
    state.apply(OrderMan(_leader(state, chit)))
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState) and back.active.operational_turn
    assert back.position_fingerprint() == state.position_fingerprint()
    assert state.clone().fingerprint() == state.fingerprint()


def test_14_12_the_owner_reveals_the_hidden_gun_and_the_operational_move_is_not_made() -> None:
    """[14.12]: an operational move within 8 hexes of a hidden MG waits for its owner; he
    reveals it before the move is made, "thus preventing the operational move altogether": the
    American stays where he was, his AP gone, the gun revealed for good."""
    state, _a, b, c, us = _operational_scene()
    game = state.game
    state.apply(f"order-man {us}")
    state.apply(f"move {us} {game.name(b)}")
    assert state.active.held is not None and state.to_act() == ("german",)
    assert state.legal_actions() == [HiddenGunChoice(GUN, "reveal"), HiddenGunChoice(GUN, "wait")]
    assert state.why_not(Done("us")) is not None  # the owner chooses first
    assert not any(GUN in line for line in state.view_for("us").log)  # which gun: his alone
    position = state.to_position()  # the held move is kept in a position file
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState) and back.active.held == state.active.held
    state.apply(f"hidden-mg {GUN} reveal")
    assert state.troops.hexes[us] == c and state.active.ap == 0
    assert state.support.hidden == set() and state.active.held is None
    log = [e.describe() for e in state.log]
    assert any("his operational move is prevented altogether [14.12]" in x for x in log)
    assert state.to_act() == ("us",)


def test_14_12_the_bot_keeps_the_gun_hidden_when_the_move_enters_its_sight() -> None:
    """[14.12]: the heuristic bot, owner of the hidden MG, waits when the held move enters its
    crew's sight: the mover stops there and the gun may fire in reaction."""
    state, _a, b, _c, us = _operational_scene()
    game = state.game
    state.apply(f"order-man {us}")
    state.apply(f"move {us} {game.name(b)}")
    assert GreedyBot(seed=3).choose(state, "german") == HiddenGunChoice(GUN, "wait")


def test_6_3_the_bot_marches_operationally_only_when_the_enemy_is_far() -> None:
    """[6.3]: the heuristic bot declares an operational turn with the enemy farther than an
    operational move closes (16 hexes), a tactical one when nearer."""
    game = dawn()
    state, chit = _won(game, "german")
    leader = _leader(state, chit)
    at = state.troops.hexes[leader]
    far = all(at.distance(state.troops.hexes[m]) > 16 for m in state.able("us"))
    choice = GreedyBot(seed=1).choose(state, "german")
    assert (choice == Declare("german", "operational")) == far
    near = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if 9 <= h.distance(at) <= 12 and clear(game, h) and not state.sees(h, at)
    )
    far_hex = max(game.amap.hexes, key=lambda h: (h.distance(at), game.name(h)))
    us = state.able("us")
    stage_all = dict.fromkeys(us, far_hex)
    stage_all[us[0]] = near
    for m, h in stage_all.items():
        state.troops.hexes[m] = h
    assert leader_waits(state)
    tactical = GreedyBot(seed=1).choose(state, "german")  # an order first is tactical too
    assert tactical == Declare("german", "tactical") or isinstance(tactical, OrderMan | OrderGroup)
    for m in us:
        state.troops.hexes[m] = far_hex
    if far_hex.distance(at) > 16:
        assert GreedyBot(seed=1).choose(state, "german") == Declare("german", "operational")


def test_6_3_the_order_s_preview_tells_the_8_ap_of_an_operational_move() -> None:
    """[6.3; 3B]: Test Play's preview of an order says what it gives: undeclared, the risk roll
    of a tactical turn first; declared operational, 8 AP for movement only."""
    game = dawn()
    state, chit = _won(game, "us")
    leader = _leader(state, chit)
    assert "a tactical turn [3B]" in (state.preview(OrderMan(leader)).cost or "")
    state.apply("declare us operational")
    assert "8 AP, movement only" in (state.preview(OrderMan(leader)).cost or "")


def test_14_12_an_operational_turn_in_play_holds_the_move_for_the_owner_too() -> None:
    """[14.12; 6.3]: in an Action Phase declared operational (staged), a move within 8 hexes of
    the hidden MG waits for its owner as a scenario-start move does; he waits, the move stops
    in the crew's sight and the gun may fire in reaction."""
    state, _a, b, _c, us = _hidden_scene("us")
    game = state.game
    state.active.operational_turn = True  # the US turn declared operational [6.3]
    state.active.in_command.add(us)
    state.apply(OrderMan(us))
    assert state.active.ap == 8.0  # [6.3]
    state.apply(Move(us, (game.name(b),)))
    assert state.active.held is not None and state.to_act() == ("german",)
    state.apply(HiddenGunChoice(GUN, "wait"))
    assert state.troops.hexes[us] == b and state.support.hidden == set()
    assert state.active.reaction is not None and state.active.reaction.trigger == "operational"
