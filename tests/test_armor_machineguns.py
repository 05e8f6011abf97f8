"""Armor's Advanced Game: a Vehicle's independently fired machineguns as their own fire
[ADV IV.E.2; ADV VI.A.2-4; ADV VI.B; OP XXV]: the order in the book's notation ("(UH)F-19"),
GP fire with the MG GP Factor (a placeholder: no Data Card is in the text), the Field of Fire
by mount, the limits (TT only if the main gun does not fire, none while Suppressed, none once
destroyed by a hit), the preview through the State API, a replay, and the heuristic bot."""

from __future__ import annotations

import pytest
from test_armor_advanced import _line, _plot, _state

from editor.testplay.aims import aims_of, side_choices
from rules.armor import machineguns
from rules.armor.events import FireCancelled, GpFire
from rules.armor.fire import why_not_fire
from rules.armor.game import ArmorState
from rules.armor.gp import effects_row, gp_aim, hit_line
from rules.armor.orders import Order
from rules.armor.overrun import overrun_factor
from rules.bots.base import make_bot
from rules.engine.errors import ActionSyntaxError, IllegalActionError
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


# --- the order [ADV IV.E.2] -----------------------------------------------------------------


def test_the_machinegun_order_is_written_as_the_book_writes_it() -> None:
    """[ADV IV.E.2]: "the notation "(UH)F-19" orders the Upper Hull machinegun to use Direct
    Fire on enemy unit 19"; written after the main gun's fire, it round-trips through text;
    a mount no card lists is not a notation."""
    game = _tank_and_squad().game
    alone = game.parse_action(f"order {TANK} (UH)F-{SQUAD}")
    assert alone == Order(TANK, mg=(("UH", SQUAD),))
    assert isinstance(alone, Order) and alone.notation == f"(UH)F-{SQUAD}"
    both = Order(TANK, fire=SQUAD, moves="1", mg=(("UH", SQUAD), ("TT", M4)))
    assert both.text() == f"order {TANK} F-{SQUAD} (UH)F-{SQUAD} (TT)F-{M4} 1"
    assert game.parse_action(both.text()) == both
    assert game.parse_action(f"order {TANK} (uh)f-{SQUAD}") == alone  # as written by hand
    with pytest.raises(ActionSyntaxError):
        game.parse_action(f"order {TANK} (XX)F-{SQUAD}")


# --- the fire [ADV VI.A.2; VI.B] -------------------------------------------------------------


@pytest.mark.parametrize(("roll", "result", "gone"), [(80, "K", True), (50, "S", False)])
def test_a_uh_machinegun_fires_gp_at_infantry_with_its_mg_factor(
    roll: int, result: str, gone: bool
) -> None:
    """[ADV VI.A.2; VI.B.1-4; GC1 GP Hit Table]: the PZIVJ's UH machinegun fires "as if [it]
    were [a] separate unit[]" with the MG NM GP Factor at range 3 (placeholder 15, column
    11-15) against the squad's NM Defense 2 in Clear; forced roll 80 (above S) Knocks it Out,
    50 (between N and S) Suppresses it; the log names the machinegun and the rules."""
    state = _tank_and_squad()
    n, s, _ = hit_line(2, "11-15")
    assert n < 50 <= s < 80
    state.force_dice(roll)
    _plot(state, Order(TANK, mg=(("UH", SQUAD),)))
    [fire] = _gp(state)
    assert (fire.firer, fire.target, fire.gp_factor, fire.column) == (TANK, SQUAD, 15, "11-15")
    assert (fire.defense, fire.roll, fire.result) == (2, roll, result)
    words = fire.describe()
    assert words.startswith(f"{TANK} fires its (UH) machinegun at {SQUAD}, range 3")
    assert "[ADV IV.E.2; VI.A.2]" in words and "MG NM / MG MV GP Factor" in words
    assert "MG NM 20 at 1-2 hexes" in (fire.placeholder or "")
    assert (SQUAD not in state.troops.hexes) == gone
    assert state.suppressed(SQUAD) != gone
    assert TANK in state.firing.fired_last_turn | state.firing.fired  # sighted [AG IV.C.5]


def test_a_moving_vehicle_fires_its_machinegun_with_the_mg_mv_factor() -> None:
    """[ADV VI.B.1]: "The MV GP Factor is used if the unit does have orders that consider it
    to be moving": the PZIVJ ordered forward one hex fires the MG MV GP Factor, half the NM
    (placeholder 15 // 2 = 7); the main gun's fire and the machinegun's are both resolved."""
    state = _tank_and_squad(4)
    state.force_dice(1, 1)
    _plot(state, Order(TANK, fire=SQUAD, moves="1", mg=(("UH", SQUAD),)))
    main, mg = _gp(state)
    assert main.verb == "fires GP at" and mg.verb == "fires its (UH) machinegun at"
    assert (mg.firer_orders, mg.gp_factor, mg.range) == ("MV", 7, 4)
    assert gp_aim(state, TANK, SQUAD, moving=False, mg="UH").factor == 15


def test_machinegun_fire_against_a_vehicle_at_long_range_reads_the_mg_row() -> None:
    """[GC1 Effects of GP Hits]: a machinegun's fire at an Open Vehicle beyond the Range Line
    (placeholder: 8 hexes) reads the "Inf, MG at Long Range" row; inside it, the Close Range
    row; the main gun's fire never reads the MG row."""
    line = _line(10)
    state = _state([("M4", line[9], 3, "")], [("PZIVJ", line[0], 0, "")])
    assert effects_row(state, TANK, M4, 9, "UH") == "Inf, MG at Long Range vs. Open Vehicle"
    assert effects_row(state, TANK, M4, 8, "UH").startswith("Close Range")
    assert effects_row(state, TANK, M4, 9).startswith("Close Range")


# --- who may fire [ADV VI.A.2-4; VI.B.2.b; VI.C.2; VI.E] --------------------------------------


def test_fields_of_fire_by_mount() -> None:
    """[ADV VI.A.4.b-c]: a TT machinegun fires all round, a UH one 60 degrees from the
    Vehicle's front: an M4 facing north with a squad behind it may fire its TT machinegun at
    it, not its UH one nor its main gun; [ADV VI.A.4.d]: the M20's machineguns 360 degrees."""
    line = _line(4)
    state = _state([("M4", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    state.troops.facing[M4] = 3  # the hull and turret turned away from the squad
    state.troops.turret[M4] = 0
    assert why_not_mg_at(state, M4, "TT", GE_SQUAD) is None
    assert "Field of Fire (a UH machinegun: 60 degrees" in (
        why_not_mg_at(state, M4, "UH", GE_SQUAD) or ""
    )
    assert "not in its Field of Fire" in (why_not_fire(state, M4, GE_SQUAD) or "")
    m20 = _state([("M20", line[0], 3, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    arc, words = machineguns.field_words(m20, "us.M20.1", "TT")
    assert arc is None and "[ADV VI.A.4.d]" in words
    assert why_not_mg_at(m20, "us.M20.1", "TT", GE_SQUAD) is None


def why_not_mg_at(state: ArmorState, unit: str, mount: str, target: str) -> str | None:
    return machineguns.why_not_mg(state, unit, mount, target)


def test_a_tt_machinegun_fires_only_if_the_main_gun_does_not() -> None:
    """[ADV VI.A.2.b]: "TT independently fired machineguns may only be fired if the main gun
    is not fired": an M4's Direct Fire with its TT machinegun's is refused, with its UH
    machinegun's taken; the TT machinegun alone is taken."""
    line = _line(4)
    state = _state([("M4", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    refused = Order(M4, fire=GE_SQUAD, mg=(("TT", GE_SQUAD),))
    assert "main gun is not fired" in (state.why_not(refused) or "")
    assert "[ADV VI.A.2.b]" in (state.why_not(refused) or "")
    with pytest.raises(IllegalActionError):
        state.apply(refused)
    assert state.why_not(Order(M4, fire=GE_SQUAD, mg=(("UH", GE_SQUAD),))) is None
    assert state.why_not(Order(M4, mg=(("TT", GE_SQUAD), ("UH", GE_SQUAD)))) is None
    twice = Order(M4, mg=(("UH", GE_SQUAD), ("UH", GE_SQUAD)))
    assert "one fire order per machinegun" in (state.why_not(twice) or "")


def test_a_buttoned_vehicles_tt_machinegun_does_not_fire() -> None:
    """[ADV VI.A.2.a]: "TT independently fired machineguns may only be fired if the Vehicle
    unit has an Open Turret unit on it": an M4 with its Buttoned Turret unit [AG VIII.B] fires
    its UH machinegun, not its TT one, and is offered only the UH one; its Overrun Fire adds
    the TT one only when Open ("some machineguns may only be used if the Vehicle unit has an
    Open Turret unit" [ADV VIII.B.1]); Open again, both fire."""
    line = _line(4)
    state = _state([("M4", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[3], 3, "")])
    state.hatches.buttoned.add(M4)
    assert "[ADV VI.A.2.a]" in (machineguns.why_not_mg(state, M4, "TT", GE_SQUAD) or "")
    assert machineguns.why_not_mg(state, M4, "UH", GE_SQUAD) is None
    state.sheets.options, state.sheets.foci = {}, {}  # the Turret unit changes at Final Facing
    offered = {a.mg for a in state.legal_actions("us") if isinstance(a, Order) and a.mg}
    assert (("TT", GE_SQUAD),) not in offered and (("UH", GE_SQUAD),) in offered
    shut, _ = overrun_factor(state, M4)  # nor in the Overrun Fire [ADV VIII.B.1]
    state.hatches.buttoned.discard(M4)
    assert machineguns.why_not_mg(state, M4, "TT", GE_SQUAD) is None
    assert overrun_factor(state, M4)[0] == shut + 10  # the TT machinegun's placeholder MV 10


def test_no_machinegun_fires_while_suppressed_nor_once_destroyed() -> None:
    """[ADV VI.B.2.b]: "Only the main gun (no machineguns) of Vehicle units may fire while the
    Vehicle unit is Suppressed"; [ADV VI.C.2; VI.E]: a machinegun destroyed by a hit fires no
    more; neither is offered in the Order Plot. A machinegun order whose Vehicle is Suppressed
    before the Direct Fire Phase does not fire, and the log says why."""
    state = _tank_and_squad()
    offered = [a for a in state.legal_actions("german") if isinstance(a, Order) and a.mg]
    assert Order(TANK, mg=(("UH", SQUAD),)) in offered
    state.damage.suppressed[TANK] = state.play.turn
    assert "[ADV VI.B.2.b]" in (machineguns.why_not_mg(state, TANK, "UH", SQUAD) or "")
    fresh = _tank_and_squad()
    fresh.inflict(TANK, "mg-UH")  # hits land in the Direct Fire Phase: the new plot's lists
    fresh.sheets.options, fresh.sheets.foci = {}, {}  # are made afresh (as bailout.py does)
    assert machineguns.mounts(fresh, TANK) == ()
    assert "destroyed by a hit [ADV VI.C.2; ADV VI.E]" in (
        machineguns.why_not_mg(fresh, TANK, "UH", SQUAD) or ""
    )
    assert not [a for a in fresh.legal_actions("german") if isinstance(a, Order) and a.mg]
    plotted = _tank_and_squad()
    plotted.apply(Order(TANK, mg=(("UH", SQUAD),)))
    plotted.damage.suppressed[TANK] = plotted.play.turn  # as by a Close Assault [ADV VII]
    _plot(plotted)
    cancelled = [e for e in plotted.log if isinstance(e, FireCancelled)]
    assert cancelled and cancelled[0].order == f"(UH)F-{SQUAD}"
    assert not _gp(plotted)


def test_the_armor_game_has_no_independent_machinegun_fire() -> None:
    """[ADV VI.A.2]: independently fired machineguns are of the Advanced Game."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", line[3], 3, "")], [("PZIVJ", line[0], 0, "")], level="armor-game"
    )
    state2 = _state([("M4", line[3], 3, "")], [("PZIVJ", line[0], 0, "")], level="armor-game")
    assert "Advanced Game" in (machineguns.why_not_mg(state, TANK, "UH", SQUAD) or "")
    assert not [a for a in state2.legal_actions("german") if isinstance(a, Order) and a.mg]


# --- the Special Vehicle units [OP XXV] ------------------------------------------------------


def test_special_vehicles_machineguns() -> None:
    """[OP XXV.D.1]: the Flammen III fires "either the flamethrower or the machineguns ...
    during any one Turn, not both"; [OP XXV.B.3]: the Petard's "UH machinegun is unaffected,
    and operates normally" (with the mortar's fire); [OP XXV.C]: the SBG Bridge AVRE keeps
    only its UH machinegun, which fires."""
    line = _line(3)
    flammen = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("FLAMMEN-III", line[0], 0, "")])
    fl = "german.FLAMMEN-III.1"
    assert "[OP XXV.D.1]" in (flammen.why_not(Order(fl, fire=SQUAD, mg=(("UH", SQUAD),))) or "")
    assert flammen.why_not(Order(fl, mg=(("UH", SQUAD), ("TT", SQUAD)))) is None
    petard = _state(
        [("CHURCHILL-AVRE-PETARD", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[2], 3, "")]
    )
    pt = "us.CHURCHILL-AVRE-PETARD.1"
    assert petard.why_not(Order(pt, fire=GE_SQUAD, mg=(("UH", GE_SQUAD),))) is None
    sbg = _state([("CHURCHILL-AVRE-SBG", line[0], 0, "")], [("GE-INFANTRY-SQUAD", line[2], 3, "")])
    sb = "us.CHURCHILL-AVRE-SBG.1"
    assert sbg.why_not(Order(sb, mg=(("UH", GE_SQUAD),))) is None
    sbg.force_dice(99)
    _plot(sbg, Order(sb, mg=(("UH", GE_SQUAD),)))
    [fire] = _gp(sbg)
    assert fire.firer == sb and fire.result == "K" and GE_SQUAD not in sbg.troops.hexes


# --- Test Play through the State API -----------------------------------------------------------


def test_the_preview_gives_the_machineguns_odds_and_test_play_aims_them() -> None:
    """The State API's preview of a machinegun order: the GP shot up to the die with the MG
    GP Factor, its Field of Fire and the rules [ADV VI.B; VI.A.4]; the chance is the GP Hit
    Table's (100 - N in 100); the generic Test Play panel's aims show the squad as its target
    and the orders in the unit's list, with no Armor code."""
    state = _tank_and_squad()
    order = Order(TANK, mg=(("UH", SQUAD),))
    preview = state.preview(order)
    assert preview.legal
    [odds] = preview.chances
    n, _, _ = hit_line(2, "11-15")
    assert odds.target == SQUAD and odds.effect == pytest.approx((100 - n) / 100)
    assert "(UH) machinegun: MG NM GP Factor 15" in odds.words
    assert "60 degrees from the Vehicle's front [ADV VI.A.4.c]" in odds.words
    assert any("[ADV IV.E.2; VI.A.2-4; VI.B]" in r for r in preview.rules)
    assert state.describe(order) == f"(UH) machinegun fire at {SQUAD} [ADV IV.E.2]"
    found = side_choices(state, "german")
    assert order in found.groups[TANK]
    aims = aims_of(state, "german", TANK, found.groups[TANK], state.positions())
    assert order in aims.targets[state.troops.hexes[SQUAD]]


def test_a_game_with_machinegun_fire_replays_to_the_same_state() -> None:
    """Seed + action log: a Turn with a machinegun's order replays to the same fingerprint,
    and a clone copies its results; a position file written while the order is plotted keeps
    it in the book's notation [ADV IV.E.2]."""
    state = _tank_and_squad()
    order = Order(TANK, fire=SQUAD, mg=(("UH", SQUAD),))
    state.apply(order)
    position = state.to_position()
    assert f"order {TANK} F-{SQUAD} (UH)F-{SQUAD}" in position.orders["german"]
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState) and back.sheets.orders["german"][TANK] == order
    _plot(state)
    assert len(_gp(state)) == 2
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=state.game.loaded).state.fingerprint() == state.fingerprint()
    assert state.clone().fingerprint() == state.fingerprint()


# --- the heuristic bot ---------------------------------------------------------------------


def test_the_heuristic_bot_fires_its_machinegun_at_infantry_when_it_pays() -> None:
    """The greedy bot fires the PZIVJ's UH machinegun at the squad in front of it, whatever
    its seed: by its own order, with the main gun's Direct Fire at the squad (no order of its
    own written [ADV IV.E.2]), or in the Overrun Fire, which adds the machinegun
    [ADV VIII.B.1] (the engine's machinegun shot weighed over the 100 rolls; the order stays
    legal); against a lone tank it plots no machinegun fire of its own (our weighting:
    infantry and guns only)."""
    for seed in (1, 2, 3):
        state = _tank_and_squad(2)
        chosen = make_bot("heuristic", seed).choose(state, "german")
        assert isinstance(chosen, Order) and chosen.unit == TANK
        assert state.why_not(chosen) is None
        moving = bool(chosen.moves)
        with_main = (
            chosen.fire == SQUAD
            and "UH" in machineguns.automatic(state, TANK, chosen, SQUAD, moving)[0]
        )
        # its own fire order, with the main gun [ADV IV.E.2], or the Overrun Fire [VIII.B.1]
        assert ("UH", SQUAD) in chosen.mg or with_main or chosen.overrun == SQUAD
    line = _line(3)
    tanks = _state([("M4", line[2], 3, "")], [("PZIVJ", line[0], 0, "")])
    other = make_bot("heuristic", 3).choose(tanks, "german")
    assert not (isinstance(other, Order) and other.mg)
