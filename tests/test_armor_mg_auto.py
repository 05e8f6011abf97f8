"""Armor's Advanced Game: a Vehicle's machineguns fire with its main gun when no order of their
own is written [ADV IV.E.2]: "If no separate fire orders are written for these machineguns,
they are assumed to be automatically ordered to fire in the same way and at the same target as
the main gun, if possible". With the main gun's Direct Fire in the Direct Fire Phase, with its
Opportunity Fire [AG VII.F] at half the GP Factor [ADV VI.B.2.a], with its Tracking Fire at the
full GP Factor [OP XV.B.3]; the limits of the Turret Top machinegun [ADV VI.A.2.b], Suppressed
Vehicles [ADV VI.B.2.b], lost machineguns [ADV VI.C.2] and the Flammen III [OP XXV.D.1]; the
State API's preview and the heuristic bot (forced dice throughout). And a machinegun's own
Opportunity Fire order "(UH)N-hex" (our reading of "separate fire orders" [ADV IV.E.2] with
[AG V.A.2.b]): plotted, triggered, fired or declined [AG VII.F], kept in position files."""

from __future__ import annotations

import pytest
from test_armor_advanced import _line, _plot, _state
from test_armor_optional import _state as _smoke_state

from editor.testplay.aims import aims_of, side_choices
from rules.armor import machineguns
from rules.armor.bot import _worth
from rules.armor.bot_mg import opportunity_odds, with_machineguns
from rules.armor.events import ApFire, GpFire
from rules.armor.game import ArmorState
from rules.armor.gp import gp_aim, gp_chance, hit_line
from rules.armor.machineguns import WithMainGun
from rules.armor.opportunity import OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.armor.preview import AUTOMATIC
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay

TANK, SQUAD, M4 = "german.PZIVJ.1", "us.INFANTRY-SQUAD.1", "us.M4.1"
GE_SQUAD = "german.GE-INFANTRY-SQUAD.1"


def _tank_and_squad(gap: int = 3, squad_facing: int = 3) -> ArmorState:
    """A PZIVJ (UH machinegun) facing north, an American squad ``gap`` hexes north of it."""
    line = _line(gap + 1)
    return _state([("INFANTRY-SQUAD", line[gap], squad_facing, "")], [("PZIVJ", line[0], 0, "")])


def _gp(state: ArmorState) -> list[GpFire]:
    return [e for e in state.log if isinstance(e, GpFire)]


def _with_main(state: ArmorState) -> list[WithMainGun]:
    return [e for e in state.log if isinstance(e, WithMainGun)]


# --- with the main gun's Direct Fire [ADV IV.E.2] --------------------------------------------


@pytest.mark.parametrize(("roll", "gone"), [(80, True), (1, False)])
def test_adv_iv_e_2_the_uh_machinegun_fires_with_the_main_guns_direct_fire(
    roll: int, gone: bool
) -> None:
    """[ADV IV.E.2]: the PZIVJ's Direct Fire order "F-" at the squad, no machinegun order
    written: its UH machinegun fires too, "in the same way and at the same target", a GP fire
    of its own with the MG NM GP Factor [ADV VI.A.2; VI.B.1] (placeholder 15 at range 3, column
    11-15, the squad's NM Defense 2); the main gun's roll 01 (No Damage) and the machinegun's
    forced roll decide: 80 Knocks the squad Out, 01 does nothing. The log says why the
    machinegun fired, with the rule."""
    state = _tank_and_squad()
    n, s, _ = hit_line(2, "11-15")
    assert n < 80 and s < 80 and n >= 1
    state.force_dice(1, roll)
    _plot(state, Order(TANK, fire=SQUAD))
    main, uh = _gp(state)
    assert main.verb == "fires GP at" and main.result == "N"
    assert uh.verb == "fires its (UH) machinegun at" and uh.target == SQUAD
    assert (uh.gp_factor, uh.modified_factor, uh.column, uh.roll) == (15, 15, "11-15", roll)
    [note] = _with_main(state)
    assert (note.unit, note.target, note.how, note.firing) == (TANK, SQUAD, "Direct Fire", ("UH",))
    words = note.describe()
    assert "no separate fire order written" in words and "[ADV IV.E.2]" in words
    assert (SQUAD not in state.troops.hexes) == gone


def test_adv_iv_e_2_a_written_machinegun_order_replaces_the_automatic_one() -> None:
    """[ADV IV.E.2]: "Independently fired machineguns may plot separate fire orders from the
    main gun": the M4 fires its main gun at the Panzer IV and its UH machinegun, by its own
    order, at the squad; the UH does not also fire at the Panzer IV, and the TT machinegun
    fires with neither, "only if the main gun is not fired" [ADV VI.A.2.b]."""
    line = _line(5)
    state = _state(
        [("M4", line[0], 0, "")],
        [("GE-INFANTRY-SQUAD", line[2], 3, ""), ("PZIVJ", line[4], 3, "")],
    )
    state.force_dice(*([1] * 10))
    _plot(state, Order(M4, fire=TANK, mg=(("UH", GE_SQUAD),)))
    assert [(e.firer, e.target) for e in state.log if isinstance(e, ApFire)] == [(M4, TANK)]
    assert [(e.target, e.verb) for e in _gp(state)] == [(GE_SQUAD, "fires its (UH) machinegun at")]
    [note] = _with_main(state)
    assert note.firing == () and [m for m, _ in note.held] == ["TT"]
    assert "[ADV VI.A.2.b]" in note.describe()


def test_adv_iv_e_2_if_possible_a_machinegun_out_of_its_field_of_fire_does_not_fire() -> None:
    """[ADV IV.E.2] "if possible"; [ADV VI.A.4.c]: the M4's hull turned away from the squad,
    its turret towards it: the main gun fires at it, the UH machinegun (60 degrees from the
    hull's front) may not and does not, and the log and the preview say why; no machinegun's
    odds in the preview."""
    line = _line(4)
    state = _state([("M4", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    state.troops.facing[M4] = 3
    state.troops.turret[M4] = 3  # hexsides off the hull: back to the north
    order = Order(M4, fire=GE_SQUAD)
    firing, held = machineguns.automatic(state, M4, order, GE_SQUAD)
    assert firing == ()
    assert dict(held)["UH"].startswith("the target is not in its (UH) machinegun's Field of")
    preview = state.preview(order)
    assert len(preview.chances) == 1 and AUTOMATIC not in preview.rules
    state.force_dice(1)
    _plot(state, order)
    assert [e.verb for e in _gp(state)] == ["fires GP at"]
    [note] = _with_main(state)
    assert "Field of Fire" in note.describe() and "[ADV VI.A.4.c]" in note.describe()


def test_adv_vi_b_2_b_and_vi_c_2_no_machinegun_with_the_main_gun_suppressed_or_destroyed() -> None:
    """[ADV VI.B.2.b]: "Only the main gun (no machineguns) of Vehicle units may fire while the
    Vehicle unit is Suppressed"; [ADV VI.C.2; VI.E]: a machinegun destroyed by a hit ("(UH)")
    fires no more, with the main gun or alone; [OP XXV.D.1]: the Flammen III fires "either the
    flamethrower or the machineguns", so none with its flamethrower."""
    state = _tank_and_squad()
    order = Order(TANK, fire=SQUAD)
    assert machineguns.automatic(state, TANK, order, SQUAD)[0] == ("UH",)
    state.damage.suppressed[TANK] = state.play.turn
    firing, held = machineguns.automatic(state, TANK, order, SQUAD)
    assert firing == () and "[ADV VI.B.2.b]" in dict(held)["UH"]
    lost = _tank_and_squad()
    lost.inflict(TANK, "mg-UH")
    assert machineguns.automatic(lost, TANK, order, SQUAD) == ((), ())
    lost.force_dice(1)
    _plot(lost, order)
    assert [e.verb for e in _gp(lost)] == ["fires GP at"] and not _with_main(lost)
    line = _line(3)
    flammen = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("FLAMMEN-III", line[0], 0, "")])
    fl = "german.FLAMMEN-III.1"
    firing, held = machineguns.automatic(flammen, fl, Order(fl, fire=SQUAD), SQUAD)
    assert firing == () and held and all("[OP XXV.D.1]" in why for _, why in held)


def test_adv_iv_e_2_the_preview_gives_the_machineguns_odds_with_the_main_guns() -> None:
    """The State API's preview of the main gun's Direct Fire gives the UH machinegun's odds
    beside the main gun's, the GP Hit Table's (100 - N in 100) at the MG NM GP Factor, and
    names the rule [ADV IV.E.2; VI.B]; a Test Play panel shows them with no Armor code."""
    state = _tank_and_squad()
    preview = state.preview(Order(TANK, fire=SQUAD))
    assert preview.legal and AUTOMATIC in preview.rules
    main, uh = preview.chances
    assert main.target == SQUAD and "MG" not in main.words.split(";")[0]
    n, _, _ = hit_line(2, "11-15")
    assert uh.target == SQUAD and uh.effect == pytest.approx((100 - n) / 100)
    assert "(UH) machinegun: MG NM GP Factor 15" in uh.words
    assert "60 degrees from the Vehicle's front [ADV VI.A.4.c]" in uh.words


# --- with the main gun's Opportunity and Tracking Fire [AG VII.F; ADV VI.B.2.a; OP XV.B.3] ----


def _triggered(gap: int = 4) -> ArmorState:
    """The PZIVJ's Opportunity Fire order on the hex ``gap - 1`` hexes north of it; the squad,
    ``gap`` hexes north, moves one hex south into it and triggers it [AG VII.F.3]."""
    line = _line(gap + 1)
    state = _tank_and_squad(gap)
    name = state.game.name(line[gap - 1])
    events = _plot(state, Order(TANK, opportunity=name), Order(SQUAD, moves="1"))
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert (trigger.firer, trigger.target) == (TANK, SQUAD)
    return state


def test_adv_vi_b_2_a_the_machinegun_fires_with_opportunity_fire_at_half_its_gp_factor() -> None:
    """[ADV IV.E.2; AG VII.F.5; ADV VI.B.2.a]: the PZIVJ's Opportunity Fire at the squad that
    entered the watched hex: its UH machinegun fires with it at the same unit, its MG GP
    Factor halved, fractions rounded down (placeholder 15 at range 3 -> 7, column 6-10, the
    squad moving: MV Defense); its forced roll 80 Knocks the squad Out at once, and the
    squad's move ends there [AG VII.F.4]. The replay of the game reaches the same state."""
    state = _triggered()
    assert state.to_act() == ("german",)
    shot = gp_aim(state, TANK, SQUAD, opportunity=True, mg="UH")
    assert (shot.factor, shot.modified_factor, shot.column) == (15, 7, "6-10")
    _, s, _ = hit_line(shot.defense.value, "6-10")
    assert s < 80
    state.force_dice(1, 80)
    state.apply(OpportunityFire(TANK, SQUAD))
    main, uh = _gp(state)
    assert main.verb == "fires GP at" and uh.verb == "fires its (UH) machinegun at"
    assert any(
        "Opportunity Fire: x1/2" in m.what and "ADV VI.B.2.a" in m.rule for m in uh.modifiers
    )
    assert (uh.modified_factor, uh.roll, uh.result) == (7, 80, "K")
    [note] = _with_main(state)
    assert (note.how, note.firing) == ("Opportunity Fire", ("UH",))
    assert SQUAD not in state.troops.hexes
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=state.game.loaded).state.fingerprint() == state.fingerprint()
    assert state.clone().fingerprint() == state.fingerprint()


def test_ag_vii_f_the_triggered_fires_preview_gives_the_machineguns_halved_odds() -> None:
    """The preview of the triggered Opportunity Fire [AG VII.F] gives the main gun's odds and
    the UH machinegun's with its halved GP Factor [ADV VI.B.2.a], and the rule; the preview
    of the Opportunity Fire order says the machineguns go with it [ADV IV.E.2]."""
    state = _triggered()
    preview = state.preview(OpportunityFire(TANK, SQUAD))
    assert preview.legal and len(preview.chances) == 2
    _, odds = gp_chance(state, TANK, SQUAD, opportunity=True, mg="UH")
    assert preview.chances[1].effect == pytest.approx(odds) and odds > 0
    assert "Opportunity Fire: x1/2" in preview.chances[1].words
    assert any("[ADV IV.E.2" in r and "VI.B.2.a" in r for r in preview.rules)
    fresh = _tank_and_squad(4)
    name = fresh.game.name(fresh.troops.hexes[SQUAD])
    how = fresh.preview(Order(TANK, opportunity=name)).chances[0].words
    assert "(UH) machinegun(s) fire with it" in how and "[ADV VI.B.2.a]" in how


def test_op_xv_b_3_with_tracking_fire_the_machineguns_gp_factor_is_not_halved() -> None:
    """[OP XV.B.3]: "the halved GP Factor modifier for GP shots do[es] not apply for Tracking
    Fire": the machineguns that fire with a Tracking Fire fire their full MG GP Factor
    (placeholder 15 at range 3), against 7 with Opportunity Fire."""
    state = _tank_and_squad()
    state.force_dice(1)
    machineguns.opportunity_fire(state, TANK, SQUAD, tracking=True)
    [uh] = _gp(state)
    assert (uh.gp_factor, uh.modified_factor, uh.modifiers) == (15, 15, ())
    assert _with_main(state)[0].how == "Tracking Fire"
    assert gp_aim(state, TANK, SQUAD, opportunity=True, mg="UH").modified_factor == 7


# --- the heuristic bot -----------------------------------------------------------------------


def test_the_bot_leaves_a_machinegun_to_fire_with_the_main_gun_and_weighs_it_in_opportunity() -> (
    None
):
    """The greedy bot writes no separate order for a machinegun that pays as well firing with
    the main gun at its target [ADV IV.E.2]: the PZIVJ's Direct Fire at the lone squad stays
    as it is; the machineguns' odds with a triggered Opportunity Fire are the engine's, GP
    Factor halved [ADV VI.B.2.a]."""
    state = _tank_and_squad()
    order = Order(TANK, fire=SQUAD)
    assert with_machineguns(state, state, TANK, order, _worth, lambda _: 1.0) == order
    alone = with_machineguns(state, state, TANK, None, _worth, lambda _: 1.0)
    assert alone is None or alone.mg == (("UH", SQUAD),)
    triggered = _triggered()
    odds = opportunity_odds(triggered, TANK, SQUAD, tracking=False)
    assert odds == pytest.approx(gp_chance(triggered, TANK, SQUAD, True, mg="UH")[1]) and odds > 0


# --- a machinegun's own Opportunity Fire order (our reading of [ADV IV.E.2]) -----------------


def test_adv_iv_e_2_a_machineguns_own_opportunity_fire_order_is_written_and_checked() -> None:
    """Our reading of "Independently fired machineguns may plot separate fire orders"
    [ADV IV.E.2] with "N-1802" [AG V.A.2.b]: "(UH)N-hex" is the Upper Hull machinegun's own
    Opportunity Fire order, read and written as the book writes its orders; it may go with
    the main gun's fire, not with movement [AG V.A.2.b(1)]; a TT one not with the main gun's
    fire [ADV VI.A.2.b]; one order per machinegun; never on the Vehicle's own hex
    [AG V.A.2.b(2)]; the Order Plot offers it on the hexes of enemy units it may fire at."""
    state = _tank_and_squad(4)
    game, name = state.game, state.game.name(state.troops.hexes[SQUAD])
    order = Order(TANK, mg_opportunity=(("UH", name),))
    assert game.parse_action(f"order {TANK} (UH)N-{name}") == order
    assert order.text() == f"order {TANK} (UH)N-{name}" and order.notation == f"(UH)N-{name}"
    both = Order(TANK, fire=SQUAD, mg_opportunity=(("UH", name),))
    assert game.parse_action(both.text()) == both
    assert state.why_not(order) is None and state.why_not(both) is None
    assert order in state.legal_actions("german")
    assert "does not move" in (
        state.why_not(Order(TANK, moves="1", mg_opportunity=order.mg_opportunity)) or ""
    )
    m4 = _state([("M4", _line(5)[0], 0, "")], [("GE-INFANTRY-SQUAD", _line(5)[4], 3, "")])
    ge = m4.game.name(m4.troops.hexes[GE_SQUAD])
    tt = Order(M4, fire=GE_SQUAD, mg_opportunity=(("TT", ge),))
    assert "[ADV VI.A.2.b]" in (m4.why_not(tt) or "")
    twice = Order(M4, mg=(("UH", GE_SQUAD),), mg_opportunity=(("UH", ge),))
    assert "one fire order per machinegun" in (m4.why_not(twice) or "")
    own = Order(TANK, mg_opportunity=(("UH", game.name(state.troops.hexes[TANK])),))
    assert "[AG V.A.2.b(2)]" in (state.why_not(own) or "")
    assert state.describe(order) == f"(UH) machinegun Opportunity Fire on {name} [ADV IV.E.2]"
    found = side_choices(state, "german")  # Test Play's generic panel aims it at the hex
    aims = aims_of(state, "german", TANK, found.groups[TANK], state.positions())
    assert order in aims.targets[state.troops.hexes[SQUAD]]


def test_adv_iv_e_2_a_machineguns_own_opportunity_fire_triggers_and_fires_at_half_factor() -> None:
    """The UH machinegun's own Opportunity Fire order is triggered by the squad entering the
    watched hex [AG VII.F.3]: its owner is asked, the preview gives the machinegun's halved
    odds [ADV VI.B.2.a]; fired with a forced 80 it Knocks the squad Out at once (placeholder MG
    NM 15 at range 3, halved to 7) and only the machinegun fires (the main gun has no order).
    A position written while it waits, and after, reads back to the same fingerprint; the
    game replays to the same state."""
    line = _line(5)
    state = _tank_and_squad(4)
    watched = state.game.name(line[3])
    events = _plot(state, Order(TANK, mg_opportunity=(("UH", watched),)), Order(SQUAD, moves="1"))
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert (trigger.firer, trigger.order) == (TANK, f"(UH)N-{watched}")
    assert "[ADV VI.B.2.a]" in trigger.describe()
    assert state.execution.asked is not None and state.execution.asked.mount == "UH"
    _reads_back(state)
    shot = OpportunityFire(TANK, SQUAD)
    preview = state.preview(shot)
    [odds] = preview.chances
    assert odds.effect == pytest.approx(gp_chance(state, TANK, SQUAD, True, mg="UH")[1])
    assert "(UH) machinegun" in odds.words and "Opportunity Fire: x1/2" in odds.words
    state.force_dice(80)
    state.apply(shot)
    [uh] = _gp(state)
    assert (uh.verb, uh.modified_factor, uh.roll, uh.result) == (
        "fires its (UH) machinegun at",
        7,
        80,
        "K",
    )
    assert SQUAD not in state.troops.hexes
    assert (TANK, "UH") in state.firing.mg_used and TANK not in state.firing.opportunity_used
    _reads_back(state)
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=state.game.loaded).state.fingerprint() == state.fingerprint()
    assert state.clone().fingerprint() == state.fingerprint()


def test_ag_vii_f_a_machineguns_declined_opportunity_fire_lets_the_unit_pass() -> None:
    """[AG VII.F]: "Once firing is declined, the crossing unit may not be fired at" by that
    order: declined, the squad moves on; a position written while it is asked again by the
    main gun's order on the next hex keeps the machinegun's decline."""
    line = _line(6)
    state = _tank_and_squad(5)
    first, second = state.game.name(line[4]), state.game.name(line[3])
    _plot(
        state,
        Order(TANK, opportunity=second, mg_opportunity=(("UH", first),)),
        Order(SQUAD, moves="2"),
    )
    asked = state.execution.asked
    assert asked is not None and (asked.mount, asked.where) == ("UH", first)
    state.apply(Done("german"))
    assert (TANK, "UH", SQUAD) in state.execution.mg_declined
    asked = state.execution.asked
    assert asked is not None and (asked.mount, asked.where) == ("", second)
    _reads_back(state)


def _reads_back(state: ArmorState) -> None:
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState)
    assert back.execution.asked == state.execution.asked
    assert back.execution.mg_declined == state.execution.mg_declined
    assert back.firing.mg_used == state.firing.mg_used
    assert back.position_fingerprint() == state.position_fingerprint()


def test_op_ix_a_1_no_machinegun_fires_with_the_main_guns_smoke() -> None:
    """[OP IX.A.1; ADV IV.E.2]: "FS" is the main gun's Direct Fire of Smoke; a machinegun
    fires no Smoke, so none fires "in the same way" with it (our reading of "if possible");
    the UH machinegun's own order with it fires."""
    line = _line(5)
    state = _smoke_state([("M4", line[0], 0)], [("PZIVJ", line[4], 3)], options="smoke")
    smoke = state.game.name(line[2])
    _plot(state, Order(M4, smoke=smoke))
    assert not _gp(state) and not _with_main(state)
    state = _smoke_state([("M4", line[0], 0)], [("PZIVJ", line[4], 3)], options="smoke")
    state.force_dice(1)
    _plot(state, Order(M4, smoke=smoke, mg=(("UH", TANK),)))
    assert [(e.target, e.verb) for e in _gp(state)] == [(TANK, "fires its (UH) machinegun at")]
    assert not _with_main(state)
