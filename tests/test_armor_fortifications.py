"""Fire and Close Assault at Armor's Block, Wire, Pillbox and Bunker units [ADV IV.E.5-6;
ADV VI.B; ADV VII.B; OP V.B], the Pillbox's 180 degree Field of Fire [ADV VI.A.4.e] and no
Overrun against the units inside [ADV IV.A.2.c] (:mod:`rules.armor.support.strikes`). The book
has no worked example of them, and their GP Defense Factors are on the Data Cards: forced dice
on made positions against the placeholder table."""

from __future__ import annotations

import pytest
from test_armor_handheld import _plot, _state
from test_armor_support import _line

from model.hexes import Hex
from rules.armor import overrun
from rules.armor.events import FireCancelled, PhaseNote
from rules.armor.fire import field_of_fire, why_not_fire
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.armor.support import strikes
from rules.armor.support.events import SupportEffect
from rules.bots.base import make_bot, play
from rules.engine.errors import IllegalActionError

TANK, SQUAD = "us.M4.1", "us.INFANTRY-SQUAD.1"
GE, PZ = "german.GE-INFANTRY-SQUAD.1", "german.PZIVJ.1"


def _orders(state: ArmorState, unit: str) -> list[Order]:
    return [a for a in state.order_options(unit) if isinstance(a, Order)]


def _razed(state: ArmorState) -> list[SupportEffect]:
    return [e for e in state.log if isinstance(e, SupportEffect) and "removed" in e.effect]


def _notes(state: ArmorState, phase: str = "Direct Fire") -> list[str]:
    return [e.note for e in state.log if isinstance(e, PhaseNote) and e.phase == phase]


def test_adv_iv_e_5_a_tank_fires_gp_at_a_wire_hex_and_a_knock_out_removes_it() -> None:
    """[ADV IV.E.5]: "write the Direct Fire notation "F" and the hex number": the M4's main
    gun (placeholder GP NM 75/3 = 25, column 21-25) against the Wire's placeholder GP Defense
    4 [Intro IV GP DEFENSE]: N 39, S 71 (the fitted rows [GC1 GP Hit Table]); a roll of 71 is
    Suppressed, no effect on a construction; 72 Knocks it Out: the Wire is removed when the
    Phase's fire is done [AG VI.A; OP XXV.C.4], and a Leg unit may enter the hex."""
    line = _line(4)
    state = _state([("M4", "", line[0], 0)], [("WIRE", "", line[2], 0), ("PZIVJ", "", line[3], 3)])
    wire = state.game.name(line[2])
    order = Order(TANK, fire=wire)
    assert order in _orders(state, TANK)
    assert Order.parse([TANK, f"F-{wire}"], "") == order
    shot = strikes.aim(state, TANK, wire, False)
    assert (shot.factor, shot.column, shot.defense.value, shot.n, shot.s) == (
        25,
        "21-25",
        4,
        39,
        71,
    )
    shown = state.preview(order)
    assert shown.legal and shown.chances[0].effect == pytest.approx(0.29)
    assert "Knocked Out on 29 in 100" in shown.chances[0].words
    assert any("[ADV IV.E.5" in r for r in shown.rules)
    state.force_dice(71)
    _plot(state, order)
    assert "rolls 71: Suppressed: no effect" in _notes(state)[-2]
    assert not state.fieldworks.removed
    state.force_dice(72)
    _plot(state, order)
    assert "rolls 72: Knocked Out" in " ".join(_notes(state))
    (gone,) = _razed(state)
    assert gone.unit == "german.WIRE.1" and "[OP XXV.C.4" in gone.rule
    assert state.fieldworks.removed == {"german.WIRE.1"}
    assert order not in _orders(state, TANK)  # nothing left to fire at there


def test_adv_iv_e_5_a_pillbox_knocked_out_takes_the_squad_inside_with_it() -> None:
    """[ADV IV.E.5; OP XXV.C.4]: a Knock Out destroys the Pillbox (placeholder GP Defense 8:
    N 71, S 87 in the 21-25 column); our reading, the squad inside is Knocked Out with it
    (as those on a Span, and a Close Assault's "however many Combat units are inside"
    [ADV IV.A.1.b]); a Suppressed result does nothing [OP XVII.B.4]."""
    line = _line(4)
    state = _state(
        [("M4", "", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3), ("PILLBOX", "", line[2], 0)],
    )
    box = state.game.name(line[2])
    assert state.game.works.inside == {GE: "german.PILLBOX.1"}
    shot = strikes.aim(state, TANK, box, False)
    assert (shot.defense.value, shot.n, shot.s) == (8, 71, 87)
    assert "the units inside with it" in state.preview(Order(TANK, fire=box)).chances[0].words
    state.force_dice(88)
    _plot(state, Order(TANK, fire=box))
    (gone,) = _razed(state)
    assert GE in gone.effect and "our reading" in gone.rule
    assert GE in state.damage.eliminated and GE not in state.troops.hexes


def test_adv_iv_e_5_who_may_fire_at_them_and_two_in_one_hex() -> None:
    """[ADV VI.B; OP V.B]: an Infantry Squad (not an Assault Squad) may not fire at them, its
    own side's are not targets; [ADV IV.E.5] with a Wire and a Pillbox in one hex, the bare
    hex number is refused naming both (our reading), "F-hex:WIR" fires at the Wire."""
    line = _line(4)
    state = _state(
        [("M4", "", line[0], 0), ("INFANTRY-SQUAD", "", line[1], 0), ("WIRE", "", line[0], 0)],
        [("PILLBOX", "", line[3], 0), ("WIRE", "", line[3], 0), ("PZIVJ", "", line[3], 3)],
    )
    both = state.game.name(line[3])
    why = strikes.why_not(state, TANK, both) or ""
    assert f"F-{both}:WIR or F-{both}:PBX" in why or f"F-{both}:PBX or F-{both}:WIR" in why
    assert strikes.why_not(state, TANK, f"{both}:WIR") is None
    assert strikes.why_not(state, TANK, f"{both}:PBX") is None
    assert "[OP V.B]" in (strikes.why_not(state, SQUAD, f"{both}:WIR") or "")
    assert "not an enemy unit" in (strikes.why_not(state, TANK, state.game.name(line[0])) or "")
    with pytest.raises(IllegalActionError, match="share"):
        state.apply(Order(TANK, fire=both))
    assert {o.fire for o in _orders(state, TANK) if o.fire and ":" in o.fire} == {
        f"{both}:WIR",
        f"{both}:PBX",
    }
    state.force_dice(99)
    _plot(state, Order(TANK, fire=f"{both}:WIR"))
    assert state.fieldworks.removed == {"german.WIRE.1"}


def test_adv_iv_e_6_the_bazookas_own_order_fires_gp_at_a_wire_hex() -> None:
    """[ADV IV.E.3; IV.E.6]: "(B)F-hex": the Bazooka "may only use [its] GP Factors against
    Block, Wire, Pillbox, or Bunker units": its placeholder NM GP 10 (column 6-10) against the
    Wire's 4: N 43, S 85; 86 Knocks it Out; offered in the Order Plot and previewed."""
    line = _line(3)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)], [("WIRE", "", line[1], 0), ("PZIVJ", "", line[2], 3)]
    )
    wire = state.game.name(line[1])
    order = Order(SQUAD, mg=(("B", wire),))
    assert order in _orders(state, SQUAD)
    shown = state.preview(order)
    assert shown.legal and "(B) Bazooka NM GP Factor 10" in shown.chances[0].words
    assert shown.chances[0].effect == pytest.approx(0.15)
    assert f"(B) Bazooka GP fire at {wire} [ADV IV.E.3; IV.E.6]" in state.describe(order)
    state.force_dice(86)
    _plot(state, order)
    assert "(B) weapon fires GP at the Wire" in " ".join(_notes(state))
    assert state.fieldworks.removed == {"german.WIRE.1"}


def test_op_v_b_an_assault_squad_fires_at_an_adjacent_block_only() -> None:
    """[OP V.B]: an Assault Squad "may use Direct Fire against Block, Wire, Pillbox, or
    Bunker units in adjacent hexes (order the Direct Fire against the hex number)", and adds
    its 10 GP Factors in a Close Assault on a Pillbox [ADV VII.B]."""
    line = _line(4)
    box = line[0].neighbor(1)
    state = _state(
        [("INFANTRY-SQUAD", "assault", line[0], 0)],
        [
            ("BLOCK", "", line[1], 0),
            ("BLOCK", "", line[3], 0),
            ("PZIVJ", "", line[2], 3),
            ("PILLBOX", "", box, 0),
        ],
    )
    near, far = state.game.name(line[1]), state.game.name(line[3])
    assert strikes.why_not(state, SQUAD, near) is None
    assert "adjacent hexes only [OP V.B]" in (strikes.why_not(state, SQUAD, far) or "")
    assert Order(SQUAD, fire=near) in _orders(state, SQUAD)
    # "an Assault Squad adds 10 GP Factors in Close Assault Combats" [OP V.B]: 15 + 10
    shot = strikes.aim(state, SQUAD, state.game.name(box), True, close_assault=True)
    assert shot.factor == 25 and any("[OP V.B]" in w for w in shot.words)
    assert strikes.aim(state, SQUAD, near, False).factor == 30  # no +10 in its fire


def test_adv_vi_a_4_e_a_squad_inside_a_pillbox_fires_180_degrees_to_its_front() -> None:
    """[ADV VI.A.4.e]: "Pillbox and Bunker units have a 180 degree Field of Fire to the front
    ... for all Combat units inside": a tank 60 degrees off the squad's front (our reading of
    the Pillbox's front: the facing its first unit was set up with) is in it, one 120 degrees
    off is not; the same squad outside a Pillbox has only its 60 degree arc [ADV VI.A.4]."""
    line = _line(5)
    h = line[2]
    side: Hex = h.neighbor(1).neighbor(1)
    back: Hex = h.neighbor(2).neighbor(2)
    inside = _state(
        [("M4", "", side, 0), ("M4", "", back, 0)],
        [("GE-INFANTRY-SQUAD", "", h, 0), ("PILLBOX", "", h, 0)],
    )
    assert field_of_fire(inside, GE, h, side) is None
    assert "180 degree Field of Fire" in (field_of_fire(inside, GE, h, back) or "")
    assert "[ADV VI.A.4.e]" in (why_not_fire(inside, GE, "us.M4.2") or "")
    assert why_not_fire(inside, GE, TANK) is None
    outside = _state([("M4", "", side, 0)], [("GE-INFANTRY-SQUAD", "", h, 0)])
    assert "[AG VI.A.3]" in (field_of_fire(outside, GE, h, side) or "")


def test_adv_iv_a_2_c_no_overrun_against_a_unit_inside_a_pillbox() -> None:
    """[ADV IV.A.2.c]: "Overrun orders may also not be directed against units that are inside
    a Pillbox or Bunker unit": refused saying so, and not offered."""
    line = _line(4)
    state = _state(
        [("M4", "", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3), ("BUNKER", "", line[2], 0)],
    )
    assert "inside a Bunker unit [ADV IV.A.2.c]" in (overrun.why_not_overrun(state, TANK, GE) or "")
    assert not [o for o in _orders(state, TANK) if o.overrun]
    bare = _state([("M4", "", line[0], 0)], [("GE-INFANTRY-SQUAD", "", line[2], 3)])
    assert overrun.why_not_overrun(bare, TANK, GE) is None


def test_adv_vii_b_close_assault_on_a_pillbox_by_its_hex() -> None:
    """[ADV IV.A.1]: "If a Pillbox or Bunker unit is to be Close Assaulted, identify it by the
    hex identification number"; [ADV VII.B.1]: "the Close Assault and GP Defense Factors are
    the same": the squad's MV GP 15 (column 11-15) against the Pillbox's 8: N 74, S 97, no
    +10 (an Open Vehicle's [VII.B.3]); 98 Knocks it Out with the squad inside ("Results also
    apply to Bunker and Pillbox units" [VII.B.3])."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "", line[1], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3), ("PILLBOX", "", line[2], 0)],
    )
    box = state.game.name(line[2])
    order = Order(SQUAD, assault=box)
    assert order in _orders(state, SQUAD)
    shown = state.preview(order)
    assert shown.legal and "N 74, S 97" in shown.chances[0].words
    assert shown.chances[0].effect == pytest.approx(0.03)
    far = _state(
        [("INFANTRY-SQUAD", "", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3), ("PILLBOX", "", line[2], 0)],
    )
    assert "adjacent hex [ADV IV.A.1.b]" in (far.why_not_order(Order(SQUAD, assault=box)) or "")
    state.force_dice(98)
    _plot(state, order)
    assert "rolls 98: Knocked Out" in " ".join(_notes(state, "Close Assault"))
    assert state.fieldworks.removed == {"german.PILLBOX.1"}
    assert GE in state.damage.eliminated


def test_a_refused_hex_fire_is_cancelled_saying_why_when_the_target_is_gone() -> None:
    """[AG VI.A]: fire is plotted before it is resolved: two fire orders at one Wire, the
    first Knocks it Out: the second still fires (simultaneous), and next Turn an order at the
    empty hex is refused: "there is no ... standing"."""
    line = _line(4)
    state = _state(
        [("M4", "", line[0], 0), ("M4", "", line[0].neighbor(3), 0)],
        [("WIRE", "", line[2], 0), ("PZIVJ", "", line[3], 3)],
    )
    wire = state.game.name(line[2])
    state.force_dice(99, 1)
    _plot(state, Order(TANK, fire=wire), Order("us.M4.2", fire=wire))
    assert len([n for n in _notes(state) if "fires GP at the Wire" in n]) == 2
    assert state.fieldworks.removed == {"german.WIRE.1"}
    assert "no Block, Wire, Pillbox or Bunker" in (strikes.why_not(state, TANK, wire) or "")
    assert not [e for e in state.log if isinstance(e, FireCancelled)]


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_the_bots_play_a_game_with_fortifications_without_error(bot: str) -> None:
    """The bots, given fire at Terrain Support units in their legal actions, play on."""
    line = _line(5)
    state = _state(
        [("M4", "", line[0], 0), ("INFANTRY-SQUAD", "B", line[1], 0)],
        [
            ("GE-INFANTRY-SQUAD", "", line[4], 3),
            ("PILLBOX", "", line[4], 0),
            ("WIRE", "", line[3], 0),
        ],
    )
    play(state, {s: make_bot(bot, 3 + i) for i, s in enumerate(state.game.sides)})
    assert state.play.over
    if bot == "heuristic":  # it weighs fire at the Wire in its way (our weighting)
        assert any("fires GP at the Wire" in n for n in _notes(state))
