"""Armor's infantry anti-tank weapons: Bazookas, PIATs, Panzerfausts and Panzerschrecks
[ADV III.B; ADV IV.E.3; ADV IV.E.6; ADV V.A; ADV VI.A.1; ADV VIII.A.2]
(:mod:`rules.armor.antitank`). The book has no worked example of them: forced dice on made
positions, each rule the book gives checked; the weapons' Gunnery Tables are placeholders."""

from __future__ import annotations

import pytest
from armor_scenes import jkl_base as _base
from armor_scenes import plot_to_next_plot as _plot
from armor_scenes import position_head
from armor_sides import two_sides
from test_armor_handheld import _line  # the same straight Clear line of the J-K-L map

from model.hexes import Hex
from model.scenario_io import parse_scenario
from rules.armor import antitank
from rules.armor.events import ApFire, ApHit, FireCancelled, GpFire
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.orders import OpportunityFire, Order
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Done
from rules.engine.errors import IllegalActionError
from rules.registry import load_game

SCENARIO = (
    position_head("test-armor-antitank")
    + """
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""
)
SQUAD, PZ, GE = "us.INFANTRY-SQUAD.1", "german.PZIVJ.1", "german.GE-INFANTRY-SQUAD.1"
M4, GE_SQUAD = "us.M4.1", "german.INFANTRY-SQUAD.1"
#: unit code, "state" marks, hex, compass facing (and more YAML of the force entry)
Force = tuple[str, str, Hex, int] | tuple[str, str, Hex, int, str]


def _state(
    us: list[Force], german: list[Force], options: str = "", nation: str = "us"
) -> ArmorState:
    amap = _base().amap

    def forces(units: list[Force]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, state: [{marks}]{''.join(more)}, placement: {{kind: hex, "
            f"hex: {amap.name(h)}, facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, marks, h, compass, *more in units
        )

    text = SCENARIO.format(options=options) + two_sides(forces(us), forces(german), turns=3)
    text = text.replace("nation: us", f"nation: {nation}")
    state = load_game(parse_scenario(text, "position.yaml")).new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


def _weapon_fire(state: ArmorState) -> list[ApFire]:
    return [
        e for e in state.log if isinstance(e, ApFire) and e.firer.startswith(("us.I", "german.I"))
    ]


def test_adv_iii_b_a_squad_marked_so_carries_the_weapon_its_card_lists() -> None:
    """[ADV III.B]: "B" a Bazooka, "PT" a Panzerfaust, "PK" a Panzerschreck, "PA" a PIAT, as
    the Command Sheet writes them; [ADV V.A]: part of an Infantry unit. Only a weapon the
    squad's Data Card lists (the catalogue's attachments: B American, PA British, PT and PK
    German); none for a Machinegun Team or an unmarked squad."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0), ("INFANTRY-SQUAD", "PT", line[1], 0),
         ("US-MG-TEAM", "B", line[2], 0)],
        [("INFANTRY-SQUAD", "Panzerfaust", line[3], 3), ("INFANTRY-SQUAD", "PK", line[3], 3),
         ("INFANTRY-SQUAD", "", line[3], 3)],
    )  # fmt: skip
    found = {u: antitank.weapon(state, u) for u in state.game.units}
    assert found[SQUAD] is antitank.WEAPONS["B"]
    assert found["us.INFANTRY-SQUAD.2"] is None  # a Panzerfaust is not on the American card
    assert found["us.US-MG-TEAM.1"] is None
    assert found[GE_SQUAD] is antitank.WEAPONS["PT"]  # by its name
    assert found["german.INFANTRY-SQUAD.2"] is antitank.WEAPONS["PK"]
    assert found["german.INFANTRY-SQUAD.3"] is None
    british = _state(
        [("INFANTRY-SQUAD", "PA", line[0], 0)], [("PZIVJ", "", line[3], 3)], nation="britain"
    )
    assert antitank.weapon(british, SQUAD) is antitank.WEAPONS["PA"]
    why = antitank.why_not(state, "us.INFANTRY-SQUAD.2", "PT", PZ)
    assert why is not None and "[ADV III.B; ADV V.A]" in why


@pytest.mark.parametrize(("damage", "knocked_out"), [(20, True), (21, False)])
def test_adv_iv_e_3_the_bazooka_fires_ap_with_the_squad_at_its_target(
    damage: int, knocked_out: bool
) -> None:
    """[ADV IV.E.3]: with no separate order the Bazooka fires "in the same way and at the
    same target as the Infantry"; [ADV VI.A.1]: with AP Shells "the same as Vehicle units":
    AP Factor 12 at one hex (placeholder), Modifier Number 20 - 1 (the PZIV's Size) = 19,
    Hit Number 46 on the AP Hit Table; a roll of 46 hits. Hit Determination 50
    on the Front column is UH, AB 16; Penetration 20 penetrates; the Damage Caused Table's
    01-20 Knocked Out (placeholder), else a compartment hit."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[1], 3)])
    shot = antitank.aim(state, SQUAD, PZ)
    assert (shot.range, shot.gun.ap_factor(1), shot.number, shot.hit_number) == (1, 12, 19, 46)
    state.force_dice(99, 46, 50, damage)  # the Squad's GP fire, the Bazooka, location, damage
    _plot(state, Order(SQUAD, fire=PZ))
    assert [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    (fire,) = _weapon_fire(state)
    assert (fire.target, fire.ap_factor, fire.penetration, fire.hits) == (PZ, 12, 20, 1)
    assert "(B) Bazooka, fired with the Infantry" in fire.rule and "[ADV IV.E.3" in fire.rule
    assert "placeholder" in fire.describe()
    (hit,) = [e for e in state.log if isinstance(e, ApHit)]
    assert (hit.location, hit.armour, hit.penetration) == ("UH", 16, 20)
    assert (PZ in state.damage.knocked_out) is knocked_out
    if not knocked_out:
        assert "hull" in state.damage.hits.get(PZ, set())


def test_adv_vi_a_1_a_miss_and_the_heat_penetration_at_every_range() -> None:
    """[ADV VI.A.1]: a roll above the Hit Number misses; [Designer's Notes II]: "Infantry
    weapons use HEAT shells and do not rely on velocity for penetration": the same
    Penetration at every range, while the AP Factor falls (placeholders); beyond the weapon's
    range it may not fire, and a Panzerfaust reaches one hex."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[3], 3)])
    bazooka = antitank.WEAPONS["B"]
    assert {bazooka.penetration(r) for r in (1, 2, 3)} == {20}
    assert [bazooka.ap_factor(r) for r in (1, 2, 3, 4)] == [12, 10, 8, 0]
    assert antitank.aim(state, SQUAD, PZ).range == 3
    state.force_dice(99, 99)
    _plot(state, Order(SQUAD, fire=PZ))
    (fire,) = _weapon_fire(state)
    assert fire.hits == 0 and fire.penetration == 20 and fire.ap_factor == 8
    state.troops.hexes[PZ] = line[4]
    why = antitank.why_not(state, SQUAD, "B", PZ)
    assert why is not None and "beyond the Bazooka's range" in why
    assert antitank.WEAPONS["PT"].ap_factor(2) == 0


def test_adv_vi_a_1_moving_one_hex_is_moving_and_two_hexes_no_fire() -> None:
    """[ADV VI.A.1]: "infantry weapons are considered to be moving if ordered to move one hex
    (firing is impossible if two hexes of movement are ordered)": the AP Movement Modifier's
    moving row for a one-hex move; a separate order with two hexes refused."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[3], 3)])
    standing = antitank.aim(state, SQUAD, PZ, moving=False, target_hexes=0)
    moving = antitank.aim(state, SQUAD, PZ, moving=True, target_hexes=0)
    assert standing.modifiers[0].value == 0 and moving.modifiers[0].value < 0
    assert "Turn, 1-2" in moving.modifiers[0].what
    assert state.preview(Order(SQUAD, moves="1", mg=(("B", PZ),))).legal
    with pytest.raises(IllegalActionError, match=r"two hexes of movement.*\[ADV VI\.A\.1\]"):
        state.apply(Order(SQUAD, moves="2", mg=(("B", PZ),)))


def test_adv_iv_e_3_a_separate_order_written_parsed_previewed_and_fired() -> None:
    """[ADV IV.E.3]: "(B)F-865" orders the Bazooka apart from the Infantry: the squad fires
    GP at the German squad, the Bazooka AP at the tank; the order's text parses back, the
    preview gives the Bazooka's odds, and the Test Play list offers the order."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("PZIVJ", "", line[1], 3), ("GE-INFANTRY-SQUAD", "", line[2], 3)],
    )
    order = Order(SQUAD, fire=GE, mg=(("B", PZ),))
    assert f"(B)F-{PZ}" in order.notation
    assert f"(B) Bazooka AP fire at {PZ} [ADV IV.E.3" in state.describe(order)
    assert state.game.parse_action(order.text()) == order
    assert order in state.legal_actions("us")
    assert Order(SQUAD, mg=(("B", PZ),)) in state.legal_actions("us")
    chances = state.preview(order).chances
    (bazooka,) = [c for c in chances if "(B) Bazooka" in c.words]
    assert bazooka.target == PZ and "Hit Number 46" in bazooka.words
    assert "[ADV VI.A.1]" in bazooka.words and bazooka.effect == pytest.approx(0.46)
    state.force_dice(99, 99)
    _plot(state, order)
    (fire,) = _weapon_fire(state)
    assert fire.target == PZ and "fired with the Infantry" not in fire.rule
    assert {e.target for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD} == {GE}


@pytest.mark.parametrize("code", ["B", "PA", "PT", "PK", "FT"])
def test_adv_iv_e_3_every_weapons_letter_code_is_read_in_a_fire_order(code: str) -> None:
    """[ADV IV.E.3]: "add the weapon's letter codes to the firing plot": "(B)F-865", and the
    same for a PIAT, Panzerfaust, Panzerschreck and hand-held Flamethrower, read back from
    the order's text (the Flamethrower's "(FT)F-" was written but not read before)."""
    order = Order(SQUAD, fire=GE, mg=((code, PZ),))
    assert order.text() == f"order {SQUAD} F-{GE} ({code})F-{PZ}"
    assert _base().parse_action(order.text()) == order
    assert _base().parse_action(f"order {SQUAD} ({code.lower()})F-{PZ}") == Order(
        SQUAD, mg=((code, PZ),)
    )


def test_adv_iv_e_3_the_automatic_fire_is_previewed_with_the_squads() -> None:
    """[ADV IV.E.3]: the preview of the squad's Direct Fire at a Vehicle holds the weapon's AP
    shot too; at a Leg unit only the squad's."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("PZIVJ", "", line[1], 3), ("GE-INFANTRY-SQUAD", "", line[2], 3)],
    )
    chances = state.preview(Order(SQUAD, fire=PZ)).chances
    assert len(chances) == 2 and "(B) Bazooka" in chances[1].words
    assert any("[ADV IV.E.3; ADV VI.A.1]" in r for r in state.preview(Order(SQUAD, fire=PZ)).rules)
    assert len(state.preview(Order(SQUAD, fire=GE)).chances) == 1


def test_adv_iv_e_6_no_ap_fire_at_a_leg_unit() -> None:
    """[ADV VI.B]: AP only at Vehicle units; [ADV IV.E.6]: the weapons' GP Factors only at
    fortifications and units in Building hexes: a "(B)F-" order at a squad in the open is
    refused, and the squad's own fire at it takes no Bazooka along."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("GE-INFANTRY-SQUAD", "", line[1], 3)])
    with pytest.raises(IllegalActionError, match=r"\[ADV IV\.E\.6\]"):
        state.apply(Order(SQUAD, mg=(("B", GE),)))
    state.force_dice(99)
    _plot(state, Order(SQUAD, fire=GE))
    assert not _weapon_fire(state)


def test_adv_iv_e_3_a_weapon_out_of_sight_at_fire_time_is_cancelled() -> None:
    """[ADV IV.E.3; AG VI.A]: a separate weapon order whose target is gone out of the squad's
    Field of Fire by the Direct Fire Phase does not fire, and the log says why."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[1], 3)])
    state.apply(Order(SQUAD, mg=(("B", PZ),)))
    state.troops.facing[SQUAD] = 3  # turned away before the fire (a made position)
    _plot(state)
    (cancelled,) = [e for e in state.log if isinstance(e, FireCancelled)]
    assert cancelled.unit == SQUAD and "(B)F-" in cancelled.order
    assert not _weapon_fire(state)


@pytest.mark.parametrize("facing", [3, 0])
def test_adv_viii_a_2_the_panzerfaust_fires_overrun_defensive_fire(facing: int) -> None:
    """[ADV VIII.A.2]: "The same applies to PIATs, Bazookas, Panzerfausts, Panzerschrecks":
    they fire Defensive Fire only if the hex the Vehicle enters next to the target is in
    their Field of Fire; [A.3]: "resolved the same as Direct Fire by AP" at one hex. The German
    squad facing the M4's approach fires First Fire [A.1], its Panzerfaust AP with it (AP
    Factor 12, Modifier Number 20 - 1 Size = 19, Hit 46): a hit on the Front column's UH (roll
    50), Penetration 40, Knocked Out (01-20, placeholder): no Overrun Fire. Facing away, only
    the squad's NM GP fires, and the log says why the Panzerfaust does not."""
    line = _line(5)
    state = _state([("M4", "", line[0], 0)], [("INFANTRY-SQUAD", "PT", line[2], facing)])
    state.force_dice(99, 1, 50, 1, 99, 99, 99, 99)  # squad GP, Panzerfaust, location, damage
    state.apply(Order(M4, moves="3", overrun=GE_SQUAD))
    turn = state.play.turn
    while state.play.turn == turn and state.segment.id == "plot" and state.to_act():
        state.apply(Done(state.to_act()[0]))
    fires = _weapon_fire(state)
    if facing == 0:
        assert not fires
        notes = [e.describe() for e in state.log]
        assert any("Panzerfaust does not fire Defensive Fire" in n for n in notes)
        return
    (fire,) = fires
    assert fire.target == M4 and fire.range == 1 and fire.penetration == 40
    assert "Overrun Defensive Fire (First Fire" in fire.rule and "[ADV VIII.A.2-3]" in fire.rule
    assert M4 in state.damage.knocked_out
    assert not [e for e in state.log if isinstance(e, GpFire) and e.firer == M4]


def test_adv_v_c_3_no_weapon_fire_while_transported() -> None:
    """[ADV V.C.3]: "Infantry units, but not any attached weapons, may Direct Fire while being
    Transported": the squad on a truck fires GP at the tank, its Bazooka does not, and no
    "(B)F-" order is offered or allowed."""
    line = _line(3)
    state = _state(
        [("US-MEDIUM-TRUCK", "", line[0], 0, ", label: truck"),
         ("INFANTRY-SQUAD", "B", line[0], 0, ", mounted_on: truck")],
        [("PZIVJ", "", line[1], 3)],
    )  # fmt: skip
    assert state.transported(SQUAD)
    why = antitank.why_not(state, SQUAD, "B", PZ)
    assert why is not None and "[ADV V.C.3]" in why
    assert not [a for a in state.legal_actions("us") if isinstance(a, Order) and a.mg]
    state.force_dice(99)
    _plot(state, Order(SQUAD, fire=PZ))
    assert [e for e in state.log if isinstance(e, GpFire) and e.firer == SQUAD]
    assert not _weapon_fire(state)


def test_adv_vi_a_1_the_bazooka_fires_with_the_squads_opportunity_fire() -> None:
    """[ADV VI.A.1]: the weapons "use Direct or Opportunity Fire with AP Shells the same as
    Vehicle units"; [ADV IV.E.3]: with the Infantry's order, at its target: the tank entering
    the squad's Opportunity Fire hex two hexes off is fired at by the squad (GP halved
    [ADV VI.B.2.a]) and by the Bazooka, AP Factor 10 with the -8 Opportunity Fire modifier
    [AG VII.F.1]; the preview of the answer gives both shots."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[4], 3)])
    state.apply(Order(SQUAD, opportunity=state.game.name(line[2])))
    state.apply(Order(PZ, moves="2"))
    while state.execution.asked is None:
        state.apply(Done(state.to_act()[0]))
    answer = next(a for a in state.legal_actions("us") if isinstance(a, OpportunityFire))
    assert (answer.unit, answer.target) == (SQUAD, PZ)
    chances = state.preview(answer).chances
    assert len(chances) == 2 and "(B) Bazooka" in chances[1].words
    shot = antitank.aim(state, SQUAD, PZ, opportunity=True)
    assert ("Opportunity Fire", -8) in [(m.what, m.value) for m in shot.modifiers]
    assert shot.gun.ap_factor(shot.range) == 10
    state.force_dice(99, 1, 50, 99)  # the squad's GP, the Bazooka, location, damage
    state.apply(answer)
    (fire,) = _weapon_fire(state)
    assert fire.hit_number == shot.hit_number and fire.hits == 1
    assert "Opportunity Fire with the Infantry" in fire.rule


def test_adv_v_a_the_weapons_point_value_is_added_to_the_squads() -> None:
    """[ADV V.A]: the weapons are "adding their Point Value to the Infantry unit's Point
    Value": the point-buy prices a squad marked B two Points more (a placeholder, said so on
    the line), a mark its card does not list adds nothing, and a knocked out squad gives the
    enemy its weapon's Points too [AG IX.B.1]."""
    from rules.armor.pointbuy import lines
    from rules.armor.victory import unit_points

    line = _line(3)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0), ("INFANTRY-SQUAD", "", line[0], 0),
         ("INFANTRY-SQUAD", "PT", line[0], 0)],
        [("PZIVJ", "", line[1], 3)],
    )  # fmt: skip
    scenario = state.game.scenario
    armed, plain, other = lines(scenario, scenario.sides[0], 0)
    assert plain.unit_cost is not None and armed.unit_cost == plain.unit_cost + 2
    assert armed.placeholder is not None and "Bazooka" in armed.placeholder
    assert "[OP V.B.1]" in armed.placeholder
    assert other.unit_cost == plain.unit_cost
    state.damage.eliminated.append(SQUAD)
    points, why = unit_points(state, SQUAD)
    assert points == state.game.units[SQUAD].points + 2 and "Bazooka [ADV V.A]" in why


def test_op_xii_a_half_squad_keeps_its_bazooka() -> None:
    """[OP XII]: "any special weapons carried by a squad (Bazookas, Flamethrowers, etc.) will
    remain with the reduced unit"."""
    line = _line(3)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("PZIVJ", "", line[1], 3)],
        options="infantry-reduction",
    )
    state.squads.half_squads.add(SQUAD)
    assert antitank.weapon(state, SQUAD) is antitank.WEAPONS["B"]
    assert antitank.why_not(state, SQUAD, "B", PZ) is None


def test_adv_iv_e_3_the_heuristic_bot_fires_the_bazooka_at_a_tank_in_range() -> None:
    """The heuristic bot uses the weapon against a Vehicle in range: its squad's order
    fires the Bazooka at the tank, by the squad's own fire or a "(B)F-" order [ADV IV.E.3]."""
    line = _line(4)
    state = _state(
        [("INFANTRY-SQUAD", "B", line[0], 0)],
        [("PZIVJ", "", line[2], 3), ("GE-INFANTRY-SQUAD", "", line[3], 3)],
    )
    bot = GreedyBot(3)
    for _ in range(20):
        action = bot.choose(state, "us")
        if isinstance(action, Order) and action.unit == SQUAD:
            break
        state.apply(action)
    else:
        raise AssertionError("the bot gave the squad no order")
    assert isinstance(action, Order)
    fires = action.fire == PZ and antitank.automatic(state, SQUAD, action) is not None
    assert fires or ("B", PZ) in action.mg


ARENA = """
schema_version: 1
id: test-armor-antitank-arena
title: Anti-tank arena
system: armor
original: true
rules: {level: advanced-game}
map:
  layout: {preset: edge-to-edge, order: [J, K, L]}
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4, count: 2, placement: {kind: hex, hex: J1002, facing: 4}}
      - {unit: INFANTRY-SQUAD, count: 2, state: [B], placement: {kind: hex, hex: J1006, facing: 4}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: PZIVJ, count: 2, placement: {kind: hex, hex: J1010, facing: 1}}
      - {unit: INFANTRY-SQUAD, state: [PT], placement: {kind: hex, hex: J1005, facing: 1}}
      - {unit: INFANTRY-SQUAD, state: [panzerschreck], placement: {kind: hex, hex: J1004, facing: 1}}
length: {turns: 5}
victory:
  scoring: most-vp
  conditions:
    - {kind: enemy-losses, side: us, award: {per: unit-value}}
    - {kind: enemy-losses, side: german, award: {per: unit-value}}
"""


@pytest.mark.parametrize(("bot", "seed"), [("random", 13), ("heuristic", 2)])
def test_games_with_anti_tank_weapons_play_to_the_end_and_replay(bot: str, seed: int) -> None:
    """Tanks and squads with Bazookas, a Panzerfaust and a Panzerschreck face to face, played
    to the end by the random and the heuristic bots with the fuzz tests' invariants checked
    after every action: the game ends with an outcome and its replay reaches the same
    fingerprint [ADV VI.A.1]; the heuristic bot fires the weapons."""
    from test_armor_fuzz import invariants

    from rules.bots.base import RandomBot, make_bot
    from rules.records.replay import Replay, replay

    game = load_game(parse_scenario(ARENA, "arena.yaml"))
    assert isinstance(game, ArmorGame)
    start = game.new_initial_state(seed)
    assert sum(antitank.weapon(start, u) is not None for u in game.units) == 4
    state = game.new_initial_state(seed)
    bots = {s: (RandomBot(seed + i) if bot == "random" else make_bot(bot, seed + i))
            for i, s in enumerate(game.sides)}  # fmt: skip
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        assert not invariants(state), (state.play.turn, state.segment.id, invariants(state))
    assert state.outcome() is not None
    if bot == "heuristic":
        assert _weapon_fire(state)
    record = Replay.from_text(Replay.of(state, with_fingerprints=False).to_text())
    assert replay(record, loaded=game.loaded).state.fingerprint() == state.fingerprint()
