"""Smoke [OP IX] and the Previous Hit modifier [AG VI.B.3.c; GC1 Miscellaneous Modifiers (AP)].

The Previous Hit tests play the Direct Fire Examples' position [AG VI.C] (from
tests/test_armor_engine.py) over two Turns: the Sherman hits PZIV 859 on Turn 1 and fires at
it again on Turn 2.
"""

from __future__ import annotations

from pathlib import Path

from test_armor_engine import PZIV_858, PZIV_859, SHERMAN, example_state

from rules.armor.events import ApFire
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.engine.actions import Done
from rules.records.position import PositionReader

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
