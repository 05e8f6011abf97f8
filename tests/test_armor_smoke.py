"""Smoke [OP IX] and the Previous Hit modifier [AG VI.B.3.c; GC1 Miscellaneous Modifiers (AP)].

The Previous Hit tests play the Direct Fire Examples' position [AG VI.C] (from
tests/test_armor_engine.py) over two Turns: the Sherman hits PZIV 859 on Turn 1 and fires at
it again on Turn 2.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace
from pathlib import Path

import pytest
from test_armor_engine import PZIV_858, PZIV_859, SHERMAN, example_state
from test_armor_indirect import _centre, _far, _to
from test_armor_indirect import _game as _indirect_game
from test_armor_indirect import _name as _iname
from test_armor_optional import _line, _name, _state

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.armor.bot import ArmorAdapter, ArmorPlanner
from rules.armor.events import ApFire
from rules.armor.fire import sights, why_not_sighted
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.indirect.events import ArtilleryImpact
from rules.armor.optional import blaze
from rules.armor.optional.events import HexChanged
from rules.armor.optional.smoke import FS_RULE
from rules.armor.orders import Order
from rules.bots.base import RandomBot, make_bot, play
from rules.bots.greedy import Evaluator
from rules.engine.actions import Done
from rules.engine.errors import ActionSyntaxError
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay
from rules.registry import load_game

ROOT = Path(__file__).resolve().parent.parent

# --- the Previous Hit modifier [GC1; AG VI.B.3.c] -----------------------------------------------


def _next_turn(state: ArmorState) -> None:
    """Every side done until the next Turn's Order Plot."""
    turn = state.play.turn
    while state.play.turn == turn:
        state.apply(Done(state.to_act()[0]))


def _to_next_turn(state: ArmorState) -> list[object]:
    """Every side done until the next Turn's Order Plot; the events."""
    turn, events = state.play.turn, []
    while state.play.turn == turn:
        events += state.apply(Done(state.to_act()[0]))
    return events


def _first_turn(sherman_roll: int) -> ArmorState:
    """Turn 1: the PZIVs 858 fires at the Sherman (60: a GM hit, 29; 70: no damage), the
    Sherman at 859 that stays (``sherman_roll``; then a TS hit, 68, and a compartment hit, 25,
    when it hits); Turn 2's Order Plot."""
    state = example_state()
    state.force_dice(60, 29, 70, sherman_roll, 68, 25)
    state.apply(Order(SHERMAN, fire=PZIV_859))
    state.apply(Order(PZIV_858, fire=SHERMAN))
    state.apply(Done("german"))
    _next_turn(state)
    assert state.play.turn == 2 and state.segment.id == "plot"
    return state


def _mods(fire: ApFire) -> dict[str, int]:
    return {m.what.split(" (")[0]: m.value for m in fire.modifiers if m.applied}


def test_previous_hit_nm_plus_8_on_the_second_shot_at_the_same_target_gc1() -> None:
    """[GC1 Miscellaneous Modifiers (AP): "Previous Hit NM: +8"; AG VI.B.3.c]: the Sherman hit
    859 on Turn 1; not moving, its Turn 2 shot at 859 adds +8, in the shot's modifiers and
    in the preview before it is plotted."""
    state = _first_turn(47)
    assert state.ranging.previous_hits[SHERMAN] == (PZIV_859, 1)
    seen = state.preview(Order(SHERMAN, fire=PZIV_859))
    assert seen.legal and seen.chances
    assert "+8 Previous Hit on german.PZIVJ.1 (last Turn), firer NM" in seen.chances[0].words
    assert any("Previous Hit" in r and "our reading" in r for r in seen.rules)
    state.force_dice(100)  # "00", a miss: the previous hit ends
    state.apply(Order(SHERMAN, fire=PZIV_859))
    events = state.apply(Done("german"))
    fire = next(e for e in events if isinstance(e, ApFire) and e.firer == SHERMAN)
    mods = _mods(fire)
    assert mods == {
        "Movement": 0,
        "target Size": -1,
        "Side Shot": 3,
        f"Previous Hit on {PZIV_859}": 8,
    }
    assert fire.modifier_number == 30 and fire.hits == 0
    assert any("GC1 Miscellaneous Modifiers (AP): Previous Hit" in m.rule for m in fire.modifiers)
    assert SHERMAN not in state.ranging.previous_hits  # it missed


def test_previous_hit_mv_plus_3_when_the_firer_has_movement_orders_gc1() -> None:
    """[GC1: "Previous Hit ... MV: +3"]: with movement orders (a Pivot in Place counts as
    moving [AG VI.B.3.a(1)]) the same shot adds +3 (our reading: NM/MV are the firer's)."""
    state = _first_turn(47)
    seen = state.preview(Order(SHERMAN, fire=PZIV_859, moves="V"))
    assert seen.legal
    assert "+3 Previous Hit on german.PZIVJ.1 (last Turn), firer MV" in seen.chances[0].words


def test_no_previous_hit_after_a_miss_nor_at_another_target_gc1() -> None:
    """[GC1 Previous Hit] (our reading): a Turn 1 miss gives no modifier on Turn 2; a hit on
    859 gives none against 858."""
    state = _first_turn(99)
    assert SHERMAN not in state.ranging.previous_hits
    seen = state.preview(Order(SHERMAN, fire=PZIV_859))
    assert "Previous Hit" not in seen.chances[0].words
    state = _first_turn(47)
    assert state.ranging.previous_hits[PZIV_858] == (SHERMAN, 1)  # 858's hit too
    other = state.preview(Order(SHERMAN, fire=PZIV_858))
    assert other.legal is False or "Previous Hit" not in other.chances[0].words


def test_previous_hit_expires_after_a_turn_without_fire_and_rides_in_position_files() -> None:
    """[GC1 Previous Hit] (our reading: the last shot, this Turn or the one before): kept in a
    position file (``previous_hits``) and read back; gone two Turns later."""
    state = _first_turn(47)
    position = state.to_position()
    assert position.state["previous_hits"][SHERMAN] == {"target": PZIV_859, "turn": 1}
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.ranging.previous_hits == state.ranging.previous_hits
    clone = state.clone()
    clone.ranging.previous_hits.clear()
    assert state.ranging.previous_hits  # the clone's record is its own
    state.play.turn = 3  # as if Turn 2 passed with no shot
    seen = state.preview(Order(SHERMAN, fire=PZIV_859))
    assert "Previous Hit" not in seen.chances[0].words


# --- Smoke [OP IX.A] ----------------------------------------------------------------------------

M4, PZIV = "us.M4.1", "german.PZIVJ.1"


def _smoke_state(options: str = "smoke", us: str = "M4") -> tuple[ArmorState, list[Hex]]:
    """An American ``us`` (M4) at the south end of five Clear hexes going north, facing north;
    a PZIVJ at the north end facing south; the options given."""
    line = _line(5)
    state = _state([(us, line[0], 0)], [("PZIVJ", line[4], 3)], options=options)
    return state, line


def test_fs_and_hs_orders_read_and_written_in_the_book_notation_op_ix_a_1() -> None:
    """[OP IX.A.1]: "FS" the Direct Fire of Smoke, "HS" the Indirect Fire of Smoke, "followed
    by the target hex number" (written FS-L1802 as N-L1802 is); with movement after."""
    state, _ = _smoke_state()
    game = state.game
    for text in ("order us.M4.1 FS-L1802", "order us.M4.1 HS-L1802", "order us.M4.1 FS-L1802 V"):
        action = game.parse_action(text)
        assert isinstance(action, Order) and action.smoke == "L1802"
        assert action.text() == text
    assert game.parse_action("order us.M4.1 HS-L1802").smoke_indirect is True
    assert Order(M4, smoke="L1802", moves="1").notation == "FS-L1802 1"
    with pytest.raises(ActionSyntaxError):
        game.parse_action("order us.M4.1 FS-")


def test_fs_plot_checks_say_why_op_ix_a() -> None:
    """[OP IX.A; IX.A.1; AG V.A.2; AG VI.A.3]: the reasons an FS or HS order may not be
    plotted, each with its section."""
    state, line = _smoke_state(options="")
    assert "Optional Rule the scenario does not use [OP IX]" in str(
        state.preview(Order(M4, smoke=_name(line[2]))).why_not
    )
    state, line = _smoke_state()
    cases = {
        Order(M4, smoke=_name(line[0])): "not into the hex it occupies",
        Order(M4, smoke=_name(line[2]), fire=PZIV): "instead of AP or GP",
        Order(M4, smoke=_name(line[2]), smoke_indirect=True): "of the Artillery option",
        Order(M4, smoke=_name(line[0].neighbor(3))): "Field of Fire [AG VI.A.3",
        Order(M4, smoke=_name(line[2]), moves="3"): "at most 2 SF with Direct Fire",
    }
    for order, why in cases.items():
        seen = state.preview(order)
        assert not seen.legal and why in str(seen.why_not), (order.text(), seen.why_not)
    ok = state.preview(Order(M4, smoke=_name(line[2])))
    assert ok.legal, ok.why_not
    offered = state.legal_actions("us")  # the enemy's hex and those next to it
    assert Order(M4, smoke=_name(line[3])) in offered
    assert Order(M4, smoke=_name(line[4])) in offered
    assert state.preview(Order(M4, smoke=_name(line[2]), moves="1")).legal


def test_smoke_is_main_gun_fire_so_no_tt_machinegun_with_it_op_ix_a_1_adv_vi_a_2_b() -> None:
    """[OP IX.A.1; ADV VI.A.2.b]: Smoke is fired by the main gun, and "TT independently fired
    machineguns may only be fired if the main gun is not fired": an FS order with the TT
    machinegun's fire is refused, with the UH machinegun's it stands."""
    state, line = _smoke_state()
    with_tt = state.preview(Order(M4, smoke=_name(line[2]), mg=(("TT", PZIV),)))
    assert not with_tt.legal and "[ADV VI.A.2.b" in str(with_tt.why_not), with_tt.why_not
    with_uh = state.preview(Order(M4, smoke=_name(line[2]), mg=(("UH", PZIV),)))
    assert with_uh.legal, with_uh.why_not


def test_only_assault_squads_of_leg_units_fire_smoke_and_only_next_to_them_op_v_b() -> None:
    """[OP IX.A; OP V.B]: an Assault Infantry Squad "may fire Smoke (one per Turn) into an
    adjacent hex"; a plain Infantry Squad may not."""
    state, line = _smoke_state(options="smoke", us="INFANTRY-SQUAD")
    squad = "us.INFANTRY-SQUAD.1"
    why = state.preview(Order(squad, smoke=_name(line[1]))).why_not
    assert "only Assault Infantry Squads fire Smoke" in str(why)
    state, line = _smoke_state(options="smoke, special-infantry", us="ASSAULT-INFANTRY")
    squad = next(u for u in state.game.units if u.startswith("us."))
    assert state.preview(Order(squad, smoke=_name(line[1]))).legal
    far = state.preview(Order(squad, smoke=_name(line[2]))).why_not
    assert "only into an adjacent hex [OP V.B]" in str(far)


def test_smoke_is_placed_inverted_then_blocks_sight_the_next_turn_then_goes_op_ix_a_3_5() -> None:
    """[OP IX.A.3-5; Sequence of Play 7, 12]: fired on Turn 1, an inverted Smoke unit with no
    effect; turned face up in the Fire and Smoke Phase: on Turn 2 it blocks the line of sight
    through it and costs a Vehicle +1 SF to enter; removed in Turn 2's Fire and Smoke Phase."""
    state, line = _smoke_state()
    middle = line[2]
    assert any(p.id == "fire-and-smoke" for p, _ in state.game.steps[-1:])
    events = state.apply(Order(M4, smoke=_name(middle)))
    events += state.apply(Done("german"))
    placed = [e for e in events if isinstance(e, HexChanged)]
    assert [(e.where, e.rule) for e in placed] == [(_name(middle), FS_RULE)]
    assert "inverted Smoke unit placed" in placed[0].change
    assert state.smoke.smoke_inverted == {middle} and not state.smoke.smoke_face_up
    assert M4 in state.firing.fired
    assert sights(state, M4, PZIV)  # "These inverted units have no effects on play"
    cost = state.cost_for(state.game.units[M4])
    before = cost(line[1], middle)
    events = _to_next_turn(state)
    turned = [e for e in events if isinstance(e, HexChanged)]
    assert [e.rule for e in turned] == ["[OP IX.A.4-5]"] and "face up" in turned[0].change
    assert state.smoke.smoke_face_up == {middle} and not state.smoke.smoke_inverted
    why = why_not_sighted(state, M4, PZIV)
    assert why is not None and "[OP IX.A.5]" in why
    assert not sights(state, PZIV, M4)
    after = state.cost_for(state.game.units[M4])(line[1], middle)
    assert before is not None and after == before + 1  # [OP IX.A.5]
    events = _to_next_turn(state)
    removed = [e for e in events if isinstance(e, HexChanged)]
    assert [(e.change, e.rule) for e in removed] == [
        ("the face-up Smoke unit is removed", "[OP IX.A.4]")
    ]
    assert not state.smoke.smoke_face_up and sights(state, M4, PZIV)


def test_smoke_rides_in_position_files_and_clones_op_ix_a_4() -> None:
    """[OP IX.A.3-4]: the inverted and face-up Smoke units in a position file and back; a
    clone's Smoke is its own."""
    state, line = _smoke_state()
    state.apply(Order(M4, smoke=_name(line[2])))
    state.apply(Done("german"))
    _to_next_turn(state)
    beyond = state.preview(Order(M4, smoke=_name(line[3]))).why_not  # behind the Smoke
    assert "it cannot sight that hex" in str(beyond) and "[OP IX.A.5]" in str(beyond)
    state.apply(Order(M4, smoke=_name(line[1])))
    state.apply(Done("german"))
    assert state.smoke.smoke_inverted == {line[1]} and state.smoke.smoke_face_up == {line[2]}
    position = state.to_position()
    assert position.state["smoke"] == {"inverted": [_name(line[1])], "face_up": [_name(line[2])]}
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.smoke == state.smoke
    clone = state.clone()
    clone.smoke.smoke_face_up.clear()
    assert state.smoke.smoke_face_up == {line[2]}


def test_a_smoke_shell_expends_one_ammunition_factor_op_xxiv_a_2() -> None:
    """[OP XXIV.A.2]: "Figure Smoke Shells as being fired individually (i.e. a Rate of Fire
    of '1')"."""
    state, line = _smoke_state(options="smoke, limited-ammunition")
    state.apply(Order(M4, smoke=_name(line[2])))
    state.apply(Done("german"))
    assert state.supply.spent[M4] == 1


@pytest.mark.parametrize(("bot", "seed"), [("random", 1), ("random", 2), ("heuristic", 1)])
def test_the_advanced_demo_plays_to_the_end_with_smoke_op_ix(bot: str, seed: int) -> None:
    """scenarios/armor/demo-advanced.yaml with Smoke [OP IX] (and Limited Ammunition
    [OP XXIV.A.2]): both bots finish it, a clone keeps the fingerprint, the position file
    reads back the whole position and the text replay (its FS orders) replays to it."""
    loaded = load_scenario(ROOT / "scenarios/armor/demo-advanced.yaml")
    options = ["smoke", "limited-ammunition"]
    rules = loaded.scenario.rules.model_copy(update={"options": options})
    scenario = loaded.scenario.model_copy(update={"rules": rules})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame) and game.steps[-1][1].id == blaze.SEGMENT
    state = game.new_initial_state(seed)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    play(state, bots)
    assert state.is_terminal() and state.outcome() is not None
    if bot == "random":  # FS orders offered and fired
        assert any(isinstance(a, Order) and a.smoke for a in state.history)
    assert state.clone().fingerprint() == state.fingerprint()
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, ArmorState)
    assert back.position_fingerprint() == state.position_fingerprint()
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=game.loaded).state.fingerprint() == state.fingerprint()


# --- HS: the Indirect Fire of Smoke [OP IX.A.1; OP II.F] ----------------------------------------

HOWITZER = "german.STGIIIG-105.1"


def _hs_state() -> tuple[ArmorState, Hex]:
    """The Indirect Fire position of tests/test_armor_indirect.py (a StuG IIIG 105mm with
    Indirect Fire Capability 14 hexes from an American Squad and M4, a PZIVJ with a Radio
    spotting) with the Artillery and Smoke options."""
    c = _centre()
    game = _indirect_game(
        (("US-INFANTRY-SQUAD", _iname(c)), ("M4", _iname(c))),
        (("STGIIIG-105", _iname(_far(c, 14))), ("PZIVJ", _iname(c.neighbor(0).neighbor(0)))),
        {"purchases": []},
        options=("artillery", "smoke"),
    )
    return game.new_initial_state(seed=8), c


def test_hs_is_plotted_as_indirect_fire_and_needs_the_artillery_option_op_ix_a_1() -> None:
    """[OP IX.A.1; OP II.F.1-3]: "HS" by a unit with the capability, as Indirect Fire: the
    Artillery option, its only order; a unit without the capability may not."""
    state, c = _hs_state()
    hs = Order(HOWITZER, smoke=_iname(c), smoke_indirect=True)
    seen = state.preview(hs)
    assert seen.legal, seen.why_not
    assert "Scatter checked as Indirect Fire" in seen.chances[0].words
    moving = state.preview(replace(hs, moves="1")).why_not
    assert "with HS, no other orders" in str(moving)
    other = state.preview(Order("german.PZIVJ.1", smoke=_iname(c), smoke_indirect=True))
    assert "Indirect Fire Capability" in str(other.why_not)
    plain, line = _smoke_state()
    why = plain.preview(Order(M4, smoke=_name(line[2]), smoke_indirect=True)).why_not
    assert "Artillery option" in str(why)


def test_hs_scatters_then_places_smoke_in_the_impact_hex_op_ix_a_3() -> None:
    """[OP IX.A.3; Sequence of Play 8; OP II.F.4.b(2); F.5]: Turn 1, a 71 does not Scatter
    (01-70): inverted Smoke in the target hex, face up after the Fire and Smoke Phase; Turn 2
    the Smoke hides the hex from the Spotting unit two hexes off [OP IX.A.5; II.F.1], so no
    "HS" there until it stands beside it (an adjacent hex is always sighted [AG IV]); then
    the same hex is Continuous (01-40): a 27 Scatters in direction 2."""
    state, c = _hs_state()
    state.apply(Order(HOWITZER, smoke=_iname(c), smoke_indirect=True))
    state.force_dice(71)
    _to(state, 1, "artillery-impact")
    impact = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert (impact.notation, impact.scatter_on, impact.impact) == (f"HS{_iname(c)}", 70, _iname(c))
    assert state.smoke.smoke_inverted == {c}
    placed = [e for e in state.log if isinstance(e, HexChanged)][-1]
    assert "Indirect Fire of Smoke (HS)" in placed.change and "Sequence of Play 8" in placed.rule
    _to(state, 2)
    assert state.smoke.smoke_face_up == {c}
    again_hs = Order(HOWITZER, smoke=_iname(c), smoke_indirect=True)
    assert "sights that hex [OP II.F.1]" in (state.preview(again_hs).why_not or "")
    state.troops.hexes["german.PZIVJ.1"] = c.neighbor(0)  # set by hand: the spotter beside it
    state.apply(again_hs)
    state.force_dice(27, 27)
    _to(state, 2, "artillery-impact")
    again = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert (again.scatter_on, again.roll, again.direction) == (40, 27, 2)
    assert again.impact is not None and again.impact != _iname(c)
    assert state.smoke.smoke_inverted == {state.game.amap.resolve(again.impact)}


def test_the_heuristic_bots_fire_samples_do_not_count_as_previous_hits_gc1() -> None:
    """[GC1 Previous Hit]: the Armor bot weighs a shot by rolling the engine's AP fire a few
    times on its copy of the state; one sample's hit must not give the next sample (or another
    order's weighing) a Previous Hit: the copy's previous hits are as they were."""
    state = example_state()
    planner = ArmorPlanner(Evaluator(state.game, ArmorAdapter()), random.Random(1))
    public = planner._public(state, "us")
    state.force_dice(*([5] * 60))  # every sample hits
    public.dice = state.dice
    planner._fire_value(public, "us", Order(SHERMAN, fire=PZIV_859))
    assert public.ranging.previous_hits == {}
