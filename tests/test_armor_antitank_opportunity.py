"""Armor's infantry anti-tank weapons' own Opportunity Fire order "(B)N-hex" (our reading of
the separate Fire orders [ADV IV.E.3] with "Direct or Opportunity Fire with AP Shells"
[ADV VI.A.1] and "N-1802" [AG V.A.2.b], as a machinegun's own "(UH)N-hex")
(:mod:`rules.armor.antitank_opportunity`). The book has no example of it: forced dice on made
positions; the weapons' Gunnery Tables are placeholders."""

from __future__ import annotations

import pytest
from test_armor_antitank import GE_SQUAD, M4, PZ, SQUAD, _line, _state

from rules.armor import antitank
from rules.armor.events import ApFire, GpFire
from rules.armor.game import ArmorState
from rules.armor.opportunity import OpportunityAnswered, OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay


def _squad_and_tank(gap: int = 4, marks: str = "B") -> ArmorState:
    """An American squad carrying ``marks`` facing north, a PZIVJ ``gap`` hexes north of it
    facing the squad, Clear between."""
    line = _line(gap + 1)
    return _state([("INFANTRY-SQUAD", marks, line[0], 0)], [("PZIVJ", "", line[gap], 3)])


def _until_asked(state: ArmorState, *orders: Order) -> None:
    """Each order, then ``done`` until an Opportunity Fire is asked about or the Turn ends."""
    for order in orders:
        state.apply(order)
    turn = state.play.turn
    while state.execution.asked is None and state.play.turn == turn and not state.play.over:
        state.apply(Done(state.to_act()[0]))


def _weapon_fire(state: ArmorState) -> list[ApFire]:
    return [e for e in state.log if isinstance(e, ApFire) and e.firer == SQUAD]


def _reads_back(state: ArmorState) -> None:
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState)
    assert back.execution.asked == state.execution.asked
    assert back.execution.mg_declined == state.execution.mg_declined
    assert back.firing.mg_used == state.firing.mg_used
    assert back.position_fingerprint() == state.position_fingerprint()


@pytest.mark.parametrize("code", sorted(antitank.CODES))
def test_adv_iv_e_3_every_weapons_own_opportunity_fire_order_is_read_and_written(
    code: str,
) -> None:
    """[ADV IV.E.3]: "add the weapon's letter codes to the firing plot"; with "N-1802"
    [AG V.A.2.b]: "(B)N-hex", "(PA)N-", "(PT)N-", "(PK)N-" parse and write back."""
    state = _squad_and_tank()
    order = state.game.parse_action(f"order {SQUAD} ({code.lower()})N-L3830")
    assert order == Order(SQUAD, mg_opportunity=((code, "L3830"),))
    assert isinstance(order, Order) and order.notation == f"({code})N-L3830"


def test_adv_iv_e_3_the_bazookas_own_opportunity_fire_order_is_offered_checked_previewed() -> None:
    """Our reading of [ADV IV.E.3; VI.A.1] with [AG V.A.2.b]: the Order Plot offers the
    Bazooka's own Opportunity Fire on the hex of the enemy Vehicle it may fire at; it may go
    with the squad's own fire, not with movement [AG V.A.2.b(1)], nor with another order for
    the weapon, nor on the squad's own hex [AG V.A.2.b(2)], nor for a weapon the squad does
    not carry [ADV III.B]; the State API's preview and words name the weapon and the -8."""
    state = _squad_and_tank(gap=3)
    tank_hex = state.game.name(state.troops.hexes[PZ])
    order = Order(SQUAD, mg_opportunity=(("B", tank_hex),))
    assert order in state.legal_actions("us") and state.why_not(order) is None
    with_fire = Order(SQUAD, fire=PZ, mg_opportunity=order.mg_opportunity)
    assert state.why_not(with_fire) is None
    moving = Order(SQUAD, moves="1", mg_opportunity=order.mg_opportunity)
    assert "[AG V.A.2.b(1)" in (state.why_not(moving) or "")
    twice = Order(SQUAD, mg=(("B", PZ),), mg_opportunity=order.mg_opportunity)
    assert "one fire order for the weapon" in (state.why_not(twice) or "")
    own = Order(SQUAD, mg_opportunity=(("B", state.game.name(state.troops.hexes[SQUAD])),))
    assert "[AG V.A.2.b(2)]" in (state.why_not(own) or "")
    wrong = Order(SQUAD, mg_opportunity=(("PT", tank_hex),))
    assert "carries no Panzerfaust" in (state.why_not(wrong) or "")
    bare = _squad_and_tank(marks="")
    assert not [a for a in bare.legal_actions("us") if isinstance(a, Order) and a.mg_opportunity]
    assert "carries no Bazooka" in (bare.why_not(order) or "")
    preview = state.preview(order)
    assert preview.legal and "(B) Bazooka" in preview.chances[0].words
    assert any("-8 [ADV VI.A.1; AG VII.F.1]" in r for r in preview.rules)
    words = f"(B) Bazooka AP Opportunity Fire on {tank_hex} [ADV IV.E.3; VI.A.1]"
    assert state.describe(order) == words


def test_adv_vi_a_1_the_bazookas_own_opportunity_fire_triggers_and_fires_ap_minus_8() -> None:
    """[ADV VI.A.1]: the weapons "use Direct or Opportunity Fire with AP Shells the same as
    Vehicle units": the tank entering the watched hex two hexes off triggers the Bazooka's
    own order [AG VII.F.3]; its owner is asked, the preview gives the Bazooka's AP odds with
    the -8 Opportunity Fire modifier [AG VII.F.1] (AP Factor 10 at two hexes, a placeholder);
    fired (roll 01, Hit Determination 50, Damage Caused 99: No Damage, Bail Out 99) only the
    Bazooka fires, the squad has no order of its own; a position written while it waits and
    after reads back; the game replays."""
    line = _line(5)
    state = _squad_and_tank()
    watched = state.game.name(line[2])
    _until_asked(state, Order(SQUAD, mg_opportunity=(("B", watched),)), Order(PZ, moves="2"))
    asked = state.execution.asked
    assert asked is not None and (asked.firer, asked.target, asked.mount) == (SQUAD, PZ, "B")
    (trigger,) = [e for e in state.log if isinstance(e, OpportunityTriggered)]
    assert trigger.order == f"(B)N-{watched}" and "(B) Bazooka may fire AP, -8" in trigger.how
    _reads_back(state)
    answer = OpportunityFire(SQUAD, PZ)
    assert answer in state.legal_actions("us")
    (odds,) = state.preview(answer).chances
    shot = antitank.aim(state, SQUAD, PZ, opportunity=True)
    assert ("Opportunity Fire", -8) in [(m.what, m.value) for m in shot.modifiers]
    assert shot.gun.ap_factor(shot.range) == 10 and "(B) Bazooka" in odds.words
    state.force_dice(1, 50, 99, 99)
    state.apply(answer)
    (fire,) = _weapon_fire(state)
    assert (fire.hit_number, fire.hits) == (shot.hit_number, 1)
    assert "its own Opportunity Fire [ADV IV.E.3; ADV VI.A.1; AG V.A.2.b; AG VII.F]" in fire.rule
    assert not [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    (said,) = [e for e in state.log if isinstance(e, OpportunityAnswered)]
    assert "(B) Bazooka fires at" in said.describe() and "AG VII.F.1]" in said.describe()
    assert (SQUAD, "B") in state.firing.mg_used and SQUAD not in state.firing.opportunity_used
    _reads_back(state)
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=state.game.loaded).state.fingerprint() == state.fingerprint()
    assert state.clone().fingerprint() == state.fingerprint()


def test_ag_vii_f_the_bazookas_declined_opportunity_fire_lets_the_tank_pass() -> None:
    """[AG VII.F]: "the player may decline to fire and wait for later units ... Once firing is
    declined, the crossing unit may not be fired at" by that order: the tank entering the
    Bazooka's watched hex three hexes off is asked about and declined; entering the next hex,
    on the lines of sight of both, it is asked about by the squad's own Opportunity Fire order
    only, and a position written then keeps the Bazooka's decline."""
    line = _line(6)
    state = _squad_and_tank(gap=5)
    watched, squads = state.game.name(line[3]), state.game.name(line[2])
    order = Order(SQUAD, opportunity=squads, mg_opportunity=(("B", watched),))
    assert state.why_not(order) is None
    _until_asked(state, order, Order(PZ, moves="3"))
    asked = state.execution.asked
    assert asked is not None and (asked.mount, asked.where) == ("B", watched)
    _reads_back(state)
    state.apply(Done("us"))
    (said,) = [e for e in state.log if isinstance(e, OpportunityAnswered)]
    assert "(B) Bazooka declines to fire" in said.describe()
    asked = state.execution.asked
    assert asked is not None and (asked.mount, asked.where) == ("", squads)
    assert (SQUAD, "B", PZ) in state.execution.mg_declined
    _reads_back(state)
    # the squad's fire only: the Bazooka has its own order [ADV IV.E.3]
    assert not any("Bazooka" in c.words for c in state.preview(OpportunityFire(SQUAD, PZ)).chances)
    state.apply(Done("us"))
    _until_asked(state)
    assert state.execution.asked is None and not _weapon_fire(state)
    assert state.troops.hexes[PZ] == line[2]


@pytest.mark.parametrize(("facing", "where"), [(0, 4), (3, 3)])
def test_adv_vi_a_1_a_weapons_own_order_is_triggered_only_where_it_may_fire(
    facing: int, where: int
) -> None:
    """[AG VII.F.2-3] with [ADV VI.A.1; ADV IV.E.3]: the order is triggered only where the
    weapon may fire at the Vehicle: the tank entering a watched hex four hexes off, beyond the
    Bazooka's three (a placeholder), or three hexes off behind the squad's Field of Fire (the
    squad facing away), enters it unasked."""
    line = _line(6)
    state = _state([("INFANTRY-SQUAD", "B", line[0], facing)], [("PZIVJ", "", line[5], 3)])
    watched = state.game.name(line[where])
    moves = str(5 - where)
    _until_asked(state, Order(SQUAD, mg_opportunity=(("B", watched),)), Order(PZ, moves=moves))
    assert state.execution.asked is None and not _weapon_fire(state)
    assert state.troops.hexes[PZ] == line[where]


def test_adv_iv_e_3_with_its_own_order_the_weapon_does_not_fire_with_the_squad() -> None:
    """[ADV IV.E.3]: "If no separate Fire orders are written for these weapons, they are
    automatically ordered to Fire in the same way and at the same target as the Infantry":
    with its own Opportunity Fire order written, the Bazooka does not fire with the squad's
    Direct Fire at the tank."""
    state = _squad_and_tank(gap=2)
    far = state.game.name(state.troops.hexes[PZ])
    order = Order(SQUAD, fire=PZ, mg_opportunity=(("B", far),))
    assert antitank.automatic(state, SQUAD, order) is None
    state.force_dice(99, 99, 99, 99)
    _until_asked(state, order)
    assert [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert not _weapon_fire(state)


def test_adv_viii_a_2_d_a_weapon_that_fired_its_own_opportunity_fire_does_not_also_defend() -> None:
    """[ADV VIII.A.2.d]: a unit "with Opportunity Fire orders that are triggered by the
    Overrunning Vehicle unit may use the Opportunity Fire or the Defensive Fire, but not
    both" (our reading for the weapon's own order): the Panzerfaust's "(PT)N-" order on the
    hex next to its squad is triggered by the Overrunning M4 [ADV VIII intro], fired (a miss,
    roll 99); its squad then fires its Defensive First Fire, the Panzerfaust does not, and
    the log says why."""
    line = _line(5)
    state = _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "PT", line[2], 3)])
    adjacent = state.game.name(line[1])
    state.apply(Order(GE_SQUAD, mg_opportunity=(("PT", adjacent),)))
    _until_asked(state, Order(M4, moves="3", overrun=GE_SQUAD))
    asked = state.execution.asked
    assert asked is not None and (asked.firer, asked.mount, asked.target) == (GE_SQUAD, "PT", M4)
    assert state.segment.id == "overrun"
    state.force_dice(99, 99, 99, 99, 99, 99)
    state.apply(OpportunityFire(GE_SQUAD, M4))
    _until_asked(state)
    fires = [e for e in state.log if isinstance(e, ApFire) and e.firer == GE_SQUAD]
    assert len(fires) == 1 and "its own Opportunity Fire" in fires[0].rule
    assert [e for e in state.log if isinstance(e, GpFire) and e.firer == GE_SQUAD]
    notes = [e.describe() for e in state.log]
    assert any("Panzerfaust does not fire Defensive Fire: it fired its own" in n for n in notes)


def test_the_heuristic_bot_fires_the_bazookas_own_opportunity_fire_when_it_can_hit() -> None:
    """The heuristic bot answers a triggered "(B)N-" order by firing when the Bazooka's AP
    shot can hit (Hit Number above 0 with the -8 [AG VII.F.1]), as it answers a
    machinegun's own order."""
    from rules.bots.base import make_bot

    line = _line(5)
    state = _squad_and_tank()
    watched = state.game.name(line[2])
    _until_asked(state, Order(SQUAD, mg_opportunity=(("B", watched),)), Order(PZ, moves="2"))
    assert antitank.aim(state, SQUAD, PZ, opportunity=True).hit_number > 0
    bot = make_bot("heuristic", 1)
    assert bot.choose(state, "us") == OpportunityFire(SQUAD, PZ)
