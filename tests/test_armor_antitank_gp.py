"""The infantry anti-tank weapons' GP fire [ADV IV.E.6] (:mod:`rules.armor.antitank`,
:mod:`rules.armor.gp`): "The PIAT, Bazooka, Panzerfaust, and Panzerschreck may only use their
GP Factors against Block, Wire, Pillbox, or Bunker units, or against units in Building hexes."
The book has no worked example: forced dice on made positions; the weapons' GP Factors are
placeholders (``resources/armor/tables/anti-tank-weapons.yaml``)."""

from __future__ import annotations

import pytest
from test_armor_handheld import _base, _line, _plot, _state

from model.hexes import Hex
from rules.armor import antitank
from rules.armor.events import GpFire
from rules.armor.game import ArmorState
from rules.armor.gp import gp_aim
from rules.armor.orders import OpportunityFire, Order
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError

SQUAD, GE = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"


def _in(terrain: str, h: Hex) -> str:
    return f"{{hexes: [{_base().amap.name(h)}], terrain: {terrain}}}"


def _building(distance: int = 1, terrain: str = "wood-building") -> tuple[ArmorState, list[Hex]]:
    """The American squad with a Bazooka facing a German squad ``distance`` hexes off in a
    ``terrain`` hex."""
    line = _line(distance + 1)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[distance], 3)],
        options="",
        edits=_in(terrain, line[distance]),
    )
    return state, line


def _bazooka(state: ArmorState) -> list[GpFire]:
    return [e for e in state.log if isinstance(e, GpFire) and "Bazooka" in e.verb]


@pytest.mark.parametrize(("roll", "result"), [(59, "N"), (60, "S"), (93, "S"), (94, "K")])
def test_adv_iv_e_6_the_bazookas_own_order_fires_gp_at_a_squad_in_a_building(
    roll: int, result: str
) -> None:
    """[ADV IV.E.6]: at "units in Building hexes" the Bazooka uses its GP Factor; its own
    order "(B)F-" [ADV IV.E.3]; the GP procedure [ADV VI.B]: NM GP Factor 10 at one hex (a
    placeholder), column 6-10 [B.3], the squad's NM GP Defense 6 in a Wood Building (the
    placeholder Target Information Chart [B.4.b]), the Defense 6 line fitted from Defense 1's
    N 19 / S 73: N 59, S 93 [GC1 GP Hit Table]. 59 No Damage, 60-93 Suppressed, 94 Knocked
    Out."""
    state, _ = _building()
    order = Order(SQUAD, mg=(("B", GE),))
    assert f"(B)F-{GE}" in order.notation and order in state.legal_actions("us")
    shot = gp_aim(state, SQUAD, GE, mg="B")
    assert (shot.factor, shot.column, shot.defense.value, shot.n, shot.s) == (10, "6-10", 6, 59, 93)
    state.force_dice(roll)
    _plot(state, order)
    (fire,) = _bazooka(state)
    assert (fire.target, fire.gp_factor, fire.column, fire.defense, fire.result) == (
        GE,
        10,
        "6-10",
        6,
        result,
    )
    assert "ADV IV.E.6]" in fire.rule and "fires its (B) Bazooka GP at" in fire.verb
    assert "GP Factors are on the Data Cards" in (fire.placeholder or "")
    assert (GE in state.damage.eliminated) is (result == "K")
    assert state.suppressed(GE) is (result == "S")


def test_adv_iv_e_6_the_preview_gives_the_weapons_gp_odds_and_the_rule() -> None:
    """The preview of the weapon's own order: its GP shot up to the die, the Suppressed or
    Knocked Out rolls of 100 (60-100: 41 in 100), the rule [ADV IV.E.6] named."""
    state, _ = _building()
    preview = state.preview(Order(SQUAD, mg=(("B", GE),)))
    assert preview.legal
    (chance,) = preview.chances
    assert chance.target == GE and chance.effect == pytest.approx(0.41)
    assert "(B) Bazooka: NM GP Factor 10" in chance.words and "[ADV IV.E.6]" in chance.words
    assert "N 59, S 93" in chance.words
    assert any("[ADV IV.E.6; ADV VI.B]" in r for r in preview.rules)


def test_adv_iv_e_3_the_bazooka_fires_gp_with_the_squad_at_its_target_in_a_building() -> None:
    """[ADV IV.E.3]: with no separate order the weapon fires "in the same way and at the same
    target as the Infantry": the squad's GP fire at the squad in the Building, then the
    Bazooka's GP (our reading: only where it may fire); both in the preview."""
    state, _ = _building()
    preview = state.preview(Order(SQUAD, fire=GE))
    assert len(preview.chances) == 2 and "(B) Bazooka" in preview.chances[1].words
    assert any("[ADV IV.E.3; ADV IV.E.6]" in r for r in preview.rules)
    state.force_dice(1, 94)  # the squad's GP: No Damage; the Bazooka's: Knocked Out
    _plot(state, Order(SQUAD, fire=GE))
    (fire,) = _bazooka(state)
    assert fire.result == "K" and ", fired with the Infantry" in fire.rule
    squad = [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert len(squad) == 2 and GE in state.damage.eliminated


def test_adv_vi_a_1_moving_one_hex_the_weapon_fires_its_mv_gp_factor() -> None:
    """[ADV VI.A.1]: "infantry weapons are considered to be moving if ordered to move one
    hex": the MV GP Factor, half the NM (placeholder), 5; with two hexes no fire."""
    state, _ = _building(2)
    assert gp_aim(state, SQUAD, GE, moving=True, mg="B").factor == 5
    assert gp_aim(state, SQUAD, GE, moving=False, mg="B").factor == 10
    with pytest.raises(IllegalActionError, match=r"two hexes of movement.*\[ADV VI\.A\.1\]"):
        state.apply(Order(SQUAD, moves="2", mg=(("B", GE),)))


@pytest.mark.parametrize("terrain", ["woods", "clear"])
def test_adv_iv_e_6_no_weapon_gp_fire_at_a_squad_outside_a_building(terrain: str) -> None:
    """[ADV IV.E.6]: "may only use their GP Factors against ... units in Building hexes":
    the order at a squad in Woods or in the open is refused saying why, none is offered, and
    the squad's own fire at it takes no Bazooka along."""
    state, _ = _building(terrain=terrain)
    why = antitank.why_not(state, SQUAD, "B", GE)
    assert why is not None and "[ADV IV.E.6]" in why and f"is in {terrain}" in why
    with pytest.raises(IllegalActionError, match=r"\[ADV IV\.E\.6\]"):
        state.apply(Order(SQUAD, mg=(("B", GE),)))
    assert not [a for a in state.legal_actions("us") if isinstance(a, Order) and a.mg]
    state.force_dice(1)
    _plot(state, Order(SQUAD, fire=GE))
    assert not _bazooka(state)


def test_adv_iv_e_6_beyond_the_weapons_range_no_gp_fire() -> None:
    """The Panzerfaust's one hex (a placeholder Gunnery Table): a squad in a Building two
    hexes off is beyond it."""
    line = _line(3)
    state = _state(
        [("GE-INFANTRY-SQUAD", "", line[2], 3)],
        [("INFANTRY-SQUAD", "PT", line[0], 0)],
        options="",
        edits=_in("brick-building", line[2]),
    )
    why = antitank.why_not(state, "german.INFANTRY-SQUAD.1", "PT", "us.GE-INFANTRY-SQUAD.1")
    assert why is not None and "beyond the Panzerfaust's range" in why


def test_adv_iv_e_5_fire_at_a_fortifications_hex_is_played_and_an_empty_hex_refused() -> None:
    """[ADV IV.E.5]: "To plot Direct Fire against Block, Wire, Pillbox, or Bunker units,
    write the Direct Fire notation "F" and the hex number"; the weapons may use their GP
    Factors against them [ADV IV.E.6]: the "(B)F-hex" order at a Wire unit's hex is legal
    (resolved by rules/armor/support/strikes.py, tests/test_armor_fortifications.py); at a
    hex with none standing it is refused saying so."""
    from test_armor_support import _line as far_line

    line = far_line(3)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3), ("WIRE", "", line[1], 0)],
        options="",
    )
    wire = state.game.name(line[1])
    assert [w.hex for w in state.game.works.units] == [line[1]]
    assert antitank.why_not(state, SQUAD, "B", wire) is None
    state.apply(Order(SQUAD, mg=(("B", wire),)))
    empty = state.game.name(line[0].neighbor(3))
    why = antitank.why_not(state, SQUAD, "B", empty)
    assert why == f"there is no Block, Wire, Pillbox or Bunker unit standing in {empty}"


def test_adv_iv_e_3_the_bazooka_fires_gp_halved_with_the_squads_opportunity_fire() -> None:
    """[ADV IV.E.3]: with the Infantry's Opportunity Fire "in the same way and at the same
    target"; [ADV VI.B.2.a]: GP Factor halved for Opportunity Fire: the German squad walking
    into the Building hex triggers the squad's order; the Bazooka fires GP 5 with it, both
    previewed."""
    line = _line(3)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[2], 3)],
        options="",
        edits=_in("wood-building", line[1]),
    )
    state.apply(Order(SQUAD, opportunity=state.game.name(line[1])))
    state.apply(Order(GE, moves="1"))
    while state.execution.asked is None:
        state.apply(Done(state.to_act()[0]))
    answer = next(a for a in state.legal_actions("us") if isinstance(a, OpportunityFire))
    assert (answer.unit, answer.target) == (SQUAD, GE)
    chances = state.preview(answer).chances
    assert len(chances) == 2 and "(B) Bazooka" in chances[1].words
    state.force_dice(1, 1)
    state.apply(answer)
    (fire,) = _bazooka(state)
    assert (fire.gp_factor, fire.modified_factor) == (10, 5) and "Opportunity Fire" in fire.rule
