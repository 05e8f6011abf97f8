"""Armor: a machinegun's and an infantry anti-tank weapon's own Tracking Fire order, "(UH)T-19"
and "(B)T-865" (OP): the separate fire orders with the weapon's letter codes [ADV IV.E.2-3]
written on the Tracking plot "T" and the target's number [OP XV.A]
(:mod:`rules.armor.own_tracking`). The book prints no example of it: forced dice on made
positions; the machineguns' and the weapons' Gunnery Tables are placeholders."""

from __future__ import annotations

import pytest
from test_armor_antitank import _line, _state

from editor.testplay.aims import aims_of, side_choices
from rules.armor import antitank
from rules.armor.events import ApFire, GpFire
from rules.armor.game import ArmorState
from rules.armor.gp import gp_aim, gp_chance
from rules.armor.opportunity import OpportunityAnswered, OpportunityTriggered
from rules.armor.orders import OpportunityFire, Order
from rules.engine.actions import Done
from rules.records.position import PositionReader
from rules.records.replay import Replay, replay

M4, GE_SQUAD = "us.M4.1", "german.INFANTRY-SQUAD.1"
SQUAD, PZ = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1"
TRACKING = "tracking-fire"


def _tank_and_squad(gap: int = 4, options: str = TRACKING) -> ArmorState:
    """An M4 (UH and TT machineguns) facing north, a German squad ``gap`` hexes north of it
    facing it, Clear between."""
    line = _line(gap + 1)
    return _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "", line[gap], 3)], options=options)


def _bazooka_and_tank(gap: int = 4) -> ArmorState:
    """An American squad with a Bazooka facing north, a PZIVJ ``gap`` hexes north facing it."""
    line = _line(gap + 1)
    return _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[gap], 3)], options=TRACKING
    )


def _until_asked(state: ArmorState, *orders: Order) -> None:
    """Each order, then ``done`` until an Opportunity Fire is asked about or the Turn ends."""
    for order in orders:
        state.apply(order)
    turn = state.play.turn
    while state.execution.asked is None and state.play.turn == turn and not state.play.over:
        state.apply(Done(state.to_act()[0]))


def _reads_back(state: ArmorState) -> None:
    position = state.to_position()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, ArmorState)
    assert back.execution.asked == state.execution.asked
    assert back.execution.mg_declined == state.execution.mg_declined
    assert back.firing.mg_used == state.firing.mg_used
    assert back.sheets.orders == state.sheets.orders
    assert back.position_fingerprint() == state.position_fingerprint()


def _replays(state: ArmorState) -> None:
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=state.game.loaded).state.fingerprint() == state.fingerprint()


@pytest.mark.parametrize("code", ["UH", "TT", "HR", *sorted(antitank.CODES)])
def test_op_xv_a_adv_iv_e_a_weapons_own_tracking_order_is_read_and_written(code: str) -> None:
    """[OP XV.A]: "Tracking is plotted by using the notation 'T' and the identification number
    of the target unit"; [ADV IV.E.2-3]: "add the machinegun's [weapon's] letter codes to the
    firing plot": "(UH)T-19", "(B)T-865" parse (any case) and write back, after the main
    gun's own "T"."""
    state = _tank_and_squad()
    order = state.game.parse_action(f"order {M4} T-{GE_SQUAD} ({code.lower()})t-{GE_SQUAD}")
    assert order == Order(M4, tracking=GE_SQUAD, mg_tracking=((code, GE_SQUAD),))
    assert isinstance(order, Order)
    assert order.notation == f"T-{GE_SQUAD} ({code})T-{GE_SQUAD}"
    assert state.game.parse_action(order.text()) == order


def test_op_xv_the_machineguns_own_tracking_is_offered_only_under_the_option() -> None:
    """[OP I; OP XV]: Tracking Fire is an Optional Rule: without ``tracking-fire`` no
    "(UH)T-" order is offered and one written is refused; with it, each machinegun is offered
    Tracking Fire at the enemy unit the Vehicle sights [OP XV.B.1]; its preview gives the
    machinegun's odds where the target stands now, GP Factor not halved [OP XV.B.3]; the
    words and the Test Play focus name the target, and Test Play aims it at the target's hex."""
    order = Order(M4, mg_tracking=(("UH", GE_SQUAD),))
    without = _tank_and_squad(options="")
    assert not [a for a in without.legal_actions("us") if isinstance(a, Order) and a.mg_tracking]
    assert "Optional Rule the scenario does not use [OP XV]" in (without.why_not(order) or "")
    state = _tank_and_squad()
    offered = [a for a in state.legal_actions("us") if isinstance(a, Order) and a.mg_tracking]
    assert order in offered and Order(M4, mg_tracking=(("TT", GE_SQUAD),)) in offered
    assert state.why_not(order) is None
    preview = state.preview(order)
    (chance,) = preview.chances
    _, odds = gp_chance(state, M4, GE_SQUAD, True, tracking=True, mg="UH")
    assert chance.effect == pytest.approx(odds) and odds > 0
    assert "GP Factor not halved [OP XV.B.3]" in chance.words
    assert any("[OP XV.B.3]" in r and "Tracking Fire" in r for r in preview.rules)
    assert state.describe(order) == (
        f"(UH) Tracking Fire at {GE_SQUAD} when it moves [OP XV; ADV IV.E]"
    )
    assert state.concerns(order).hex == state.troops.hexes[GE_SQUAD]
    found = side_choices(state, "us")  # Test Play's generic panel aims it at the target
    aims = aims_of(state, "us", M4, found.groups[M4], state.positions())
    assert order in aims.targets[state.troops.hexes[GE_SQUAD]]


def test_op_xv_b_the_own_tracking_order_takes_fire_orders_only_and_a_sighted_target() -> None:
    """[OP XV.B; AG V.A.2.b(1)]: all Opportunity Fire rules apply, "no other orders of any
    kind": our reading, no movement with it, other fire orders may go with it (the main gun's
    Tracking or Direct Fire); one fire order per machinegun [ADV IV.E.2]; a TT machinegun not
    with the main gun's fire [ADV VI.A.2.b]; a machinegun the card does not list is refused
    [Intro IV]; the target must be sighted at the start of the Turn [OP XV.B.1] and an enemy."""
    state = _tank_and_squad()
    uh = (("UH", GE_SQUAD),)
    assert state.why_not(Order(M4, tracking=GE_SQUAD, mg_tracking=uh)) is None
    assert state.why_not(Order(M4, fire=GE_SQUAD, mg_tracking=uh)) is None
    moving = state.why_not(Order(M4, moves="1", mg_tracking=uh)) or ""
    assert "does not move [AG V.A.2.b(1); OP XV.B]" in moving
    twice = state.why_not(Order(M4, mg=(("UH", GE_SQUAD),), mg_tracking=uh)) or ""
    assert "one fire order per weapon" in twice
    tt = state.why_not(Order(M4, fire=GE_SQUAD, mg_tracking=(("TT", GE_SQUAD),))) or ""
    assert "[ADV VI.A.2.b]" in tt
    hr = state.why_not(Order(M4, mg_tracking=(("HR", GE_SQUAD),))) or ""
    assert "no HR machinegun on its card" in hr
    own = state.why_not(Order(M4, mg_tracking=(("UH", M4),))) or ""
    assert "not an enemy unit [OP XV.A]" in own
    line = _line(20)
    far = _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "", line[19], 3)], options=TRACKING)
    unseen = far.why_not(Order(M4, mg_tracking=uh)) or ""
    assert "[OP XV.B.1]" in unseen
    assert not [a for a in far.legal_actions("us") if isinstance(a, Order) and a.mg_tracking]


def test_op_xv_b_3_the_machineguns_own_tracking_fire_fires_its_full_gp_factor() -> None:
    """[OP XV.B.2-3]: the squad moves, the UH machinegun's own Tracking Fire asks its owner in
    the hex it enters (the machinegun in range and Field of Fire); the preview's odds are the
    machinegun's with its GP Factor not halved (placeholder MG NM 15 at range 3, against 7 in
    Opportunity Fire); fired with a forced 80 it Knocks the squad Out at once, only the
    machinegun firing (the main gun has no order); a position written while it waits and
    after reads back; the game replays."""
    line = _line(5)
    state = _tank_and_squad()
    _until_asked(state, Order(M4, mg_tracking=(("UH", GE_SQUAD),)), Order(GE_SQUAD, moves="1"))
    asked = state.execution.asked
    assert asked is not None and (asked.firer, asked.target, asked.mount) == (M4, GE_SQUAD, "UH")
    assert asked.tracking and asked.where == state.game.name(line[3])
    (trigger,) = [e for e in state.log if isinstance(e, OpportunityTriggered)]
    assert trigger.order == f"(UH)T-{GE_SQUAD}" and "GP Factor not halved" in trigger.how
    assert state.progress().step.startswith("Tracking Fire")
    _reads_back(state)
    answer = OpportunityFire(M4, GE_SQUAD)
    assert state.legal_actions() == [answer, Done("us")]
    (odds,) = state.preview(answer).chances
    assert odds.effect == pytest.approx(
        gp_chance(state, M4, GE_SQUAD, True, tracking=True, mg="UH")[1]
    )
    full = gp_aim(state, M4, GE_SQUAD, opportunity=True, tracking=True, mg="UH")
    halved = gp_aim(state, M4, GE_SQUAD, opportunity=True, mg="UH")
    assert (full.modified_factor, halved.modified_factor) == (15, 7)
    state.force_dice(80)
    state.apply(answer)
    (uh,) = [e for e in state.log if isinstance(e, GpFire)]
    assert (uh.firer, uh.verb, uh.modified_factor, uh.roll) == (
        M4,
        "fires its (UH) machinegun at",
        15,
        80,
    )
    assert not any("x1/2" in m.what for m in uh.modifiers)
    assert not [e for e in state.log if isinstance(e, ApFire)]
    (said,) = [e for e in state.log if isinstance(e, OpportunityAnswered)]
    assert said.tracking and said.mount == "UH"
    assert "fires Tracking Fire" in said.describe() and "[ADV IV.E.2; OP XV.B.3]" in said.describe()
    assert GE_SQUAD not in state.troops.hexes
    assert (M4, "UH") in state.firing.mg_used and M4 not in state.firing.opportunity_used
    _reads_back(state)
    _replays(state)
    assert state.clone().fingerprint() == state.fingerprint()


def test_op_xv_b_2_a_machineguns_own_tracking_fire_let_pass_asks_again_next_hex() -> None:
    """[OP XV.B.2]: "The firing unit may fire at the target unit at any point during its
    movement when firing is possible": our reading, as the main gun's, letting it pass one hex
    is not for good; the machinegun's order asks again in the next hex the squad enters, a
    position written meanwhile keeps the decline of that hex, and it fires once."""
    line = _line(6)
    state = _tank_and_squad(5)
    name = state.game.name
    _until_asked(state, Order(M4, mg_tracking=(("UH", GE_SQUAD),)), Order(GE_SQUAD, moves="2"))
    asked = state.execution.asked
    assert asked is not None and asked.mount == "UH" and asked.where == name(line[4])
    state.apply(Done("us"))
    (said,) = [e for e in state.log if isinstance(e, OpportunityAnswered)]
    assert (
        not said.fires and "pass this hex" in said.describe() and "[OP XV.B.2]" in said.describe()
    )
    asked = state.execution.asked
    assert asked is not None and asked.mount == "UH" and asked.where == name(line[3])
    _reads_back(state)
    state.force_dice(1)  # no effect
    state.apply(OpportunityFire(M4, GE_SQUAD))
    assert len([e for e in state.log if isinstance(e, GpFire)]) == 1
    assert state.execution.asked is None


def test_op_xv_b_2_the_own_tracking_fire_waits_for_its_own_unit_to_move() -> None:
    """[OP XV.B.2]: "triggered only if the designated target unit moves": another enemy unit
    moving in front of the machinegun does not trigger it, and the machinegun does not fire
    with the main gun's Tracking Fire at that other unit once it has its own order
    [ADV IV.E.2]."""
    line = _line(6)
    state = _state(
        [("M4", "", line[0], 0)],
        [("INFANTRY-SQUAD", "", line[5], 3), ("INFANTRY-SQUAD", "", line[4], 3)],
        options=TRACKING,
    )
    other = "german.INFANTRY-SQUAD.2"
    order = Order(M4, tracking=other, mg_tracking=(("UH", GE_SQUAD),))
    assert state.why_not(order) is None
    _until_asked(state, order, Order(other, moves="1"))
    asked = state.execution.asked
    assert asked is not None and (asked.target, asked.mount) == (other, "")
    state.force_dice(99, 99)  # the main gun's GP shot
    state.apply(OpportunityFire(M4, other))
    fires = [e for e in state.log if isinstance(e, GpFire) and e.firer == M4]
    assert fires and all("(UH)" not in e.verb for e in fires)
    assert (M4, "UH") not in state.firing.mg_used


def test_op_xv_b_3_the_bazookas_own_tracking_fire_fires_ap_without_the_minus_8() -> None:
    """[ADV IV.E.3; ADV VI.A.1; OP XV.B.3]: the Bazooka's own "(B)T-" order at the tank four
    hexes off (beyond its range: the plot's preview has no odds; three hexes off it has): the
    tank moving one hex triggers it where the Bazooka may fire; the shot is AP as a Vehicle's without
    the -8 Opportunity Fire Modifier (8 better than the "(B)N-" order's); fired (roll 01, Hit
    Determination 50, Damage Caused 99, Bail Out 99) only the Bazooka fires; it is refused at
    a unit that is not a Vehicle [ADV VI.B]."""
    state = _bazooka_and_tank()
    order = Order(SQUAD, mg_tracking=(("B", PZ),))
    assert order in state.legal_actions("us") and state.why_not(order) is None
    (plotted,) = state.preview(order).chances  # four hexes: beyond its three [placeholder]
    assert "(B) Bazooka: AP as a Vehicle's, no -8" in plotted.words and plotted.effect is None
    assert f"it may not fire at {PZ} where it stands now" in plotted.words
    (near,) = _bazooka_and_tank(3).preview(order).chances
    assert near.effect is not None and near.effect > 0 and "where it stands now:" in near.words
    _until_asked(state, order, Order(PZ, moves="1"))
    asked = state.execution.asked
    assert asked is not None and (asked.mount, asked.tracking) == ("B", True)
    (trigger,) = [e for e in state.log if isinstance(e, OpportunityTriggered)]
    assert trigger.order == f"(B)T-{PZ}" and "(B) Bazooka may fire AP, no -8" in trigger.how
    tracked = antitank.aim(state, SQUAD, PZ, opportunity=False)
    assert tracked.number == antitank.aim(state, SQUAD, PZ, opportunity=True).number + 8
    (odds,) = state.preview(OpportunityFire(SQUAD, PZ)).chances
    assert odds.effect is not None and odds.effect > 0
    _reads_back(state)
    state.force_dice(1, 50, 99, 99)
    state.apply(OpportunityFire(SQUAD, PZ))
    (fire,) = [e for e in state.log if isinstance(e, ApFire) and e.firer == SQUAD]
    assert (fire.modifier_number, fire.hits) == (tracked.number, 1)
    assert not any("Opportunity" in m.what for m in fire.modifiers)
    assert "its own Tracking Fire [OP XV; ADV IV.E.2-3]" in fire.rule
    assert not [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    (said,) = [e for e in state.log if isinstance(e, OpportunityAnswered)]
    assert "(B) Bazooka fires Tracking Fire" in said.describe()
    assert (SQUAD, "B") in state.firing.mg_used
    _reads_back(state)
    _replays(state)
    line = _line(5)
    infantry = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("INFANTRY-SQUAD", "", line[4], 3)],
        options=TRACKING,
    )
    why = infantry.why_not(Order(SQUAD, mg_tracking=(("B", GE_SQUAD),))) or ""
    assert "fires AP only at Vehicle units [ADV VI.B]" in why
