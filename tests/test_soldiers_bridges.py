"""Blowing a scenario's bridges [26.2] (:mod:`rules.soldiers.bridges`): an engineer with a
satchel charge wires the bridge in his hex (an exchange equipment action, a camouflage marker
there), it is wired at the end of the Command Cycle, and an engineer or leader within 3 hexes
explodes it on the Bridge Destruction Table (1-7 destroyed).

The scene: Dawn Patrol's map C and its two bridges, with 26.2's demolition rule, the German the
defender, a German engineer with a satchel charge bought [16.21]."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from soldiers_bought import bought
from test_soldiers_engineers import _stage

from model.scenario import ForceEntry, Purchase
from model.scenario_io import load_scenario
from model.victory import Demolition, UnitFilter
from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.pointbuy.purchase import PurchaseChoice, game_for
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers import bridges
from rules.soldiers.actions import EventDrawn, ManHit, OrderMan
from rules.soldiers.bot import CHOICE_WORTH, CROSSING, SoldiersAdapter, denies_crossing
from rules.soldiers.bridges import BlowBridge, WireBridge
from rules.soldiers.engineers import is_engineer, satchels_left
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.operational_turns import leader_waits
from rules.soldiers.preparations import hit_modifiers, kinds

DAWN = "scenarios/soldiers/10-dawn-patrol.yaml"
BRIDGE, OTHER = "C/1508", "C/1413"
RULE = Demolition(
    objects="bridges",
    by=UnitFilter(categories=["engineer", "leader"]),
    die="d10",
    success=[1, 2, 3, 4, 5, 6, 7],
    text="26.2's Bridge Destruction",
    source="Soldiers (26.2)",
)


def _game(rule: Demolition | None = RULE) -> SoldiersGame:
    loaded = load_scenario(DAWN)
    sides = []
    for side in loaded.scenario.sides:
        update: dict[str, object] = {"role": "attacker"}
        if side.id == "german":
            forces = [*side.forces, ForceEntry(unit="GE-ENGINEER", count=1)]
            update = {
                "role": "defender",
                "forces": forces,
                "purchases": [Purchase(item="SATCHEL", count=1)],
            }
        sides.append(side.model_copy(update=update))
    rules = [*loaded.scenario.special_rules, *([rule] if rule else [])]
    scenario = loaded.scenario.model_copy(update={"sides": sides, "special_rules": rules})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game


def _german_turn(state: SoldiersState, chit: str) -> None:
    """The German chit wins the Command Phase at Aggressive (risk dice forced [6.11])."""
    while state.play.phase == "operational":
        state.apply(Done(state.to_act()[0]))
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == "german":
            state.force_dice(10, 1)
            state.apply(f"commit {chit}")
        else:
            state.apply(Done(actor))
    if leader_waits(state):
        state.apply("declare german tactical")
    assert state.active.chit == chit


def _scene(
    at: str = BRIDGE, rule: Demolition | None = RULE, ordered: str = "engineer"
) -> tuple[SoldiersState, str, str]:
    """The engineer (with his satchel charge) and his squad leader in ``at``, everybody else
    far away; the German leader turn under way, the engineer (or the leader) under orders."""
    game = _game(rule)
    state = game.new_initial_state(1)
    engineer = next(m.id for m in game.men.values() if is_engineer(m) and m.side == "german")
    chit = next(c for c, ch in sorted(game.chits.items()) if ch.side == "german" and ch.leader)
    leader = game.chits[chit].leader
    assert leader is not None
    rifleman = next(
        m.id
        for m in game.men.values()
        if m.side == "german" and m.squad == game.men[leader].squad and not m.command
    )
    spot = game.by_name[at]
    _stage(state, {engineer: spot, leader: spot, rifleman: spot}, spot)
    _german_turn(state, chit)
    state.apply(OrderMan({"engineer": engineer, "leader": leader}.get(ordered, rifleman)))
    return state, engineer, leader


def _end_cycle(state: SoldiersState) -> None:
    state._end_cycle("the test ends the Command Cycle [4]")


def test_26_2_the_engineer_wires_the_bridge_in_his_hex_with_his_satchel_charge() -> None:
    """[26.2; 7.33] In the bridge hex with a satchel charge the engineer may wire it: all his AP,
    the charge spent, a camouflage marker in the hex [18.1] (-1 to hit him, the hex one category
    safer), the bridge wired only at the end of the Command Cycle."""
    state, engineer, _ = _scene()
    wire = WireBridge(engineer)
    assert wire in state.legal_actions("german")
    shown = state.preview(wire)
    assert shown.legal and "[26.2" in shown.words and "all his AP" in (shown.cost or "")
    spot = state.game.by_name[BRIDGE]
    assert "camouflage" not in kinds(state, spot)
    events = state.apply(wire)
    assert any("begins to wire the bridge in C/1508" in e.describe() for e in events)
    assert state.active.ap == 0 and satchels_left(state, engineer) == 0
    assert "camouflage" in kinds(state, spot)
    assert ("camouflage [18.1]", -1) in hit_modifiers(state, spot, "us")
    assert f"{BRIDGE} {bridges.WIRING}" in state.field.marks
    assert not [a for a in state.legal_actions("german") if isinstance(a, BlowBridge)]
    _end_cycle(state)
    assert f"{BRIDGE} {bridges.WIRED}" in state.field.marks
    assert f"{BRIDGE} {bridges.WIRING}" not in state.field.marks
    said = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert "wired at the end of the Command Cycle" in said.effect and "[26.2]" in said.effect


def test_26_2_who_may_wire() -> None:
    """[26.2; 16.21] Not a leader (only an engineer wires); not out of a bridge hex; not
    without a satchel charge; not a bridge wired already; not in a scenario without the rule."""
    by_leader, _, leader = _scene(ordered="leader")
    assert "only an engineer" in (by_leader.why_not(WireBridge(leader)) or "")
    state, engineer, _ = _scene()
    away, _, _ = _scene(at="C/1208")
    assert "bridge hex" in (away.why_not(WireBridge(engineer)) or "")
    state.demolitions.satchels_thrown[engineer] = 1
    assert "satchel charge" in (state.why_not(WireBridge(engineer)) or "")
    state.demolitions.satchels_thrown.clear()
    state.field.marks.add(f"{BRIDGE} {bridges.WIRED}")
    assert "wired already" in (state.why_not(WireBridge(engineer)) or "")
    plain, engineer, _ = _scene(rule=None)
    assert WireBridge(engineer) not in plain.legal_actions("german")
    assert "no demolition rule" in (plain.why_not(WireBridge(engineer)) or "")


def _wired(at_distance: int, ordered: str = "engineer") -> tuple[SoldiersState, str, str]:
    """The bridge wired; the engineer (or another man) under orders ``at_distance`` hexes from
    it."""
    state, engineer, leader = _scene(ordered=ordered)
    state.field.marks.add(f"{BRIDGE} {bridges.WIRED}")
    bridge = state.game.by_name[BRIDGE]
    spot = next(
        h
        for h in sorted(state.game.amap.hexes, key=state.game.name)
        if h.distance(bridge) == at_distance and not state.game.man_cost(h, None).prohibited
    )
    for man in (engineer, leader, *state.active.ordered):
        state.troops.hexes[man] = spot
    return state, engineer, leader


@pytest.mark.parametrize(("roll", "destroyed"), [(7, True), (8, False)])
def test_26_2_the_bridge_destruction_table_with_forced_dice(roll: int, destroyed: bool) -> None:
    """[26.2] Within 3 hexes the engineer explodes the wired charge (all his AP) and rolls the
    d10: 1-7 the bridge is destroyed (its hex closed, the men in it killed, as 22.6), 8-10
    unaffected and no longer wired ("want to rewire?", our reading)."""
    state, engineer, leader = _wired(3)
    blow = BlowBridge(engineer, BRIDGE)
    assert blow in state.legal_actions("german")
    assert "destroyed on 7 in 10 (70%)" in state.preview(blow).words
    state.troops.hexes[leader] = state.game.by_name[BRIDGE]
    state.force_dice(roll)
    events = state.apply(blow)
    said = next(e for e in events if isinstance(e, EventDrawn))
    assert f"d10 {roll}" in said.effect and "[26.2]" in said.effect
    assert f"{BRIDGE} {bridges.WIRED}" not in state.field.marks
    assert (BRIDGE in state.field.destroyed) is destroyed
    assert (BRIDGE in state.field.closed_hexes) is destroyed
    killed = [e for e in events if isinstance(e, ManHit) and e.man == leader]
    assert bool(killed) is destroyed
    assert state.active.ap == 0


def test_26_2_only_within_3_hexes_and_only_engineers_or_leaders() -> None:
    """[26.2] Four hexes off the engineer may not explode it; a man neither engineer nor leader
    never."""
    far, engineer, _ = _wired(4)
    assert "within 3" in (far.why_not(BlowBridge(engineer, BRIDGE)) or "")
    state, engineer, _ = _wired(1)
    assert "not a wired bridge" in (state.why_not(BlowBridge(engineer, OTHER)) or "")
    by_rifleman, _, _ = _wired(1, ordered="rifleman")
    rifleman = by_rifleman.active.current
    assert rifleman is not None and not is_engineer(by_rifleman.game.men[rifleman])
    assert "engineer or leader" in (by_rifleman.why_not(BlowBridge(rifleman, BRIDGE)) or "")
    by_leader, _, leader = _wired(2, ordered="leader")
    assert BlowBridge(leader, BRIDGE) in by_leader.legal_actions("german")


def test_26_2_a_wiring_round_trips_a_position_file(tmp_path: Path) -> None:
    """The wiring, the camouflage marker and the spent charge are kept by the position."""
    state, engineer, _ = _scene()
    state.apply(WireBridge(engineer))
    path = tmp_path / "wiring.yaml"
    path.write_text(position_text(state.to_position()))
    _, back = load_position(path, state.game.loaded)
    assert isinstance(back, SoldiersState)
    assert back.field.marks == state.field.marks
    assert satchels_left(back, engineer) == 0
    assert "camouflage" in kinds(back, back.game.by_name[BRIDGE])
    assert back.position_fingerprint() == state.position_fingerprint()


def test_26_airborne_plays_its_demolition_rule() -> None:
    """Scenario 26's Bridge Destruction rule is enforced (not listed as unplayed)."""
    game = _game(None)
    scenario = load_scenario("scenarios/soldiers/26-airborne.yaml").scenario
    rule = next(r for r in scenario.special_rules if isinstance(r, Demolition))
    assert bridges.not_enforced(rule) is None
    assert game.enforces["demolition"].check is bridges.not_enforced
    odd = rule.model_copy(update={"by": UnitFilter(categories=["sniper"])})
    assert "engineers and leaders" in (bridges.not_enforced(odd) or "")


# --- the heuristic bot [26.2] ------------------------------------------------------------------


def test_26_2_the_heuristic_bot_sends_the_engineer_to_wire_then_to_keep_within_reach() -> None:
    """[26.2] The bot's errand for an able engineer of the side that blows the bridges: with a
    satchel charge, the nearest standing bridge to wire; once one is wired (or being wired),
    within reach of it to blow it; his Piece's category says so, and only his objective, the
    bridge hex or the hexes 1-3 from it, counts it."""
    state, engineer, leader = _scene()
    here = state.game.by_name[BRIDGE]
    assert bridges.errand(state, engineer) == ("wire", here)
    assert bridges.errand(state, leader) is None  # only an engineer wires [26.2]
    adapter = SoldiersAdapter()
    assert adapter.pieces(state)[engineer].category == f"wire {BRIDGE}"
    assert adapter.pieces(state)[leader].category is None
    wired, engineer, _ = _wired(2)
    assert bridges.errand(wired, engineer) == ("blow", here)
    assert adapter.pieces(wired)[engineer].category == f"blow {BRIDGE}"
    objectives = {o.categories: o for o in adapter.unit_objectives(state.game, "german")}
    assert objectives[(f"wire {BRIDGE}",)].hexes == {here}
    near = objectives[(f"blow {BRIDGE}",)].hexes
    assert here not in near and all(0 < h.distance(here) <= 3 for h in near)
    assert adapter.unit_objectives(state.game, "us") == []  # the attacker blows nothing
    no_engineer = load_game(bought("26-airborne"))  # the German bought by hand, no engineer
    assert adapter.unit_objectives(no_engineer, "german") == []  # his play as it was


def test_26_2_the_heuristic_bot_wires_and_blows_only_to_deny_a_crossing() -> None:
    """[26.2] Wiring is worth a choice kept (our reading); blowing the wired bridge only when
    an able enemy man is within CROSSING hexes of it and another bridge stands (the side keeps
    one for its "at least one bridge intact")."""
    state, engineer, _ = _scene()
    adapter = SoldiersAdapter()
    assert adapter.prior_in(state, WireBridge(engineer)) == CHOICE_WORTH
    wired, engineer, _ = _wired(2)
    blow = BlowBridge(engineer, BRIDGE)
    assert blow in wired.legal_actions("german")
    assert adapter.prior_in(wired, blow) < 0  # no enemy near: kept for later
    bridge = wired.game.by_name[BRIDGE]
    american = next(m for m in sorted(wired.troops.hexes) if wired.game.men[m].side == "us")
    near = next(
        h
        for h in sorted(wired.game.amap.hexes, key=wired.game.name)
        if h.distance(bridge) == CROSSING and not wired.game.man_cost(h, None).prohibited
    )
    wired.troops.hexes[american] = near
    assert adapter.prior_in(wired, blow) > 0  # the crossing denied
    wired.field.destroyed.add(OTHER)
    assert adapter.prior_in(wired, blow) < 0  # the last bridge: kept


@pytest.mark.slow
def test_26_2_a_bot_bought_game_where_the_heuristic_german_wires_and_blows_a_bridge() -> None:
    """[26.2] Scenario 26 bought by the purchase bot (balanced, seed 2: the US plays Secure
    the Bridges) and played by the heuristic bots: the German's engineer, bought with two
    satchel charges for it, enters by map C, wires C/1508 in the first Command Cycle (wired at
    its end) and, with the Americans closing on it in the second, blows it on the Bridge
    Destruction Table; the other bridge stands, kept for "at least one bridge intact"."""
    game = game_for(
        load_scenario("scenarios/soldiers/26-airborne.yaml"), PurchaseChoice("balanced", 2)
    )
    assert isinstance(game, SoldiersGame)
    assert game.scenario.side("us").mission == "secure-the-bridges"
    german = next(b for b in game.purchases if b.side == "german")
    assert any("[26.2; 16.21]" in n for n in german.needed)
    state = game.new_initial_state(2)
    bots = {side: make_bot("heuristic", 2 + i) for i, side in enumerate(game.sides)}
    blown: BlowBridge | None = None
    while not state.is_terminal() and blown is None:
        side = state.to_act()[0]
        action = bots[side].choose(state, side)
        if isinstance(action, BlowBridge):
            assert denies_crossing(state, action)  # an American near, the other bridge standing
        state.apply(action)
        if isinstance(action, BlowBridge) and state.field.destroyed:
            blown = action
    said = [e.describe() for e in state.log]
    assert any("begins to wire the bridge in C/1508" in s for s in said)
    assert any("wired at the end of the Command Cycle" in s for s in said)
    assert blown is not None and blown.hex == BRIDGE, "the bridge was not blown"
    assert is_engineer(game.men[blown.man]) and game.men[blown.man].side == "german"
    assert state.play.cycle == 2
    assert state.field.destroyed == {BRIDGE} and BRIDGE in state.field.closed_hexes
    assert any("the bridge is destroyed" in s and "[26.2]" in s for s in said)
