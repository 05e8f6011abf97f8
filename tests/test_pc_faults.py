"""Panzer Command faults found by trying the engine against the book, each pinned here with the
section it breaks and, where dice matter, forced dice (a forced face f reads as the d10's f-1
[§2.3])."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import Fire, Rally
from rules.panzer_command.game import PanzerCommandGame, PcState
from rules.registry import load_game

POINT_161 = "scenarios/panzer-command/point-161.yaml"
T34, KV, PAK = "soviet.su-t34.1", "soviet.su-kv.1", "german.de-pak.1"
PZGR, PZGR2 = "german.de-panzergrenadier.1", "german.de-panzergrenadier.2"


def _game() -> PanzerCommandGame:
    """A game of its own (tests change its counters)."""
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


@pytest.fixture(scope="module")
def game() -> PanzerCommandGame:
    return _game()


def _segment(game: PanzerCommandGame, side: str, seed: int = 3) -> PcState:
    """A Regiment Action Segment of ``side`` (its second chit, selected)."""
    state = game.new_initial_state(seed)
    state.apply(f"done {game.reaction}")
    state.apply(f"done {game.initiative}")
    if side != game.initiative:
        state.apply(f"done {game.initiative}")  # the Initiative player passes first [§3.1 A]
    state.apply(f"select {side}")
    assert state.play.phase == "segment" and state.owner == side
    return state


def _clear_board(state: PcState, keep: dict[str, str]) -> None:
    """Only the units of ``keep`` stay on the map, at the hexes named (column 01 is open
    ground)."""
    for u in list(state.troops.hexes):
        if u not in keep:
            state.troops.hexes.pop(u)
    for u, name in keep.items():
        state.troops.hexes[u] = state.game.by_name[name]


def _declined(state: PcState) -> None:
    """The other side lets a held move go on without Opportunity Fire [§8.2]."""
    while state.reaction.trigger:
        state.apply(f"done {state.reaction.side}")


def _counter(game: PanzerCommandGame, unit: str, **values: object) -> None:
    """Give a counter other printed values (a test-made counter)."""
    game.units[unit] = dataclasses.replace(game.units[unit], **values)  # type: ignore[arg-type]


# --- 1. Line of sight reaches 8 hexes [§6.2] -----------------------------------------------------


def test_line_of_sight_ends_at_eight_hexes_6_2() -> None:
    """[§6.2] "The two units must be within 8 hexes of each other": a counter given a Range of 10
    fires at 8 hexes over open ground, not at 9, and its Fire Zone stops at 8."""
    game = _game()
    _counter(game, T34, range=10)
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PZGR: "0110", PAK: "0109"})
    assert game.sees(game.by_name["0101"], game.by_name["0110"])  # the terrain blocks nothing
    assert Fire(T34, PAK) in state.legal_actions()
    assert Fire(T34, PZGR) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"beyond 8 hexes.*\[§6.2\]"):
        state.apply(Fire(T34, PZGR))
    assert state.in_enemy_fire_zone(PAK) and not state.in_enemy_fire_zone(PZGR)


# --- 4. Fire Zones of artillery and the pin of an adjacent enemy [§6.5; §14.2] ----------------


def test_h_class_fire_zone_is_three_hexes_not_its_printed_range_14_2() -> None:
    """[§2.5; §14.2] "H Class weapons have a Fire Zone of 3 instead of the range printed on
    their counters": a howitzer printed with Range 21 fires at 3 hexes, not at 4."""
    game = _game()
    _counter(game, PAK, weapon_class="H", range=21)
    state = _segment(game, "german")
    _clear_board(state, {PAK: "0101", T34: "0104", KV: "0105"})
    assert Fire(PAK, T34) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"H Class.*\[§14.2\]"):
        state.apply(Fire(PAK, KV))
    assert state.in_enemy_fire_zone(T34) and not state.in_enemy_fire_zone(KV)


def test_mortar_has_no_fire_zone_and_does_not_stop_a_rally_14_2() -> None:
    """[§14.2] "Hm Class units are mortars, which have no Fire Zone at all": a T-34 with a
    Cohesion Hit two hexes from a mortar may Rally [§11.2], which it may not beside a gun."""
    game = _game()
    _counter(game, PAK, weapon_class="Hm", range=5)
    state = _segment(game, "soviet")
    _clear_board(state, {PAK: "0101", T34: "0103"})
    state.troops.cohesion[T34] = 1
    assert not state.in_enemy_fire_zone(T34)
    assert Rally(T34) in state.legal_actions()
    state.force_dice(1)  # a "0": at or under any Troop Quality [§11.2]
    state.apply(Rally(T34))
    assert not state.troops.cohesion.get(T34)
    gun = _game()  # the same with the PaK as printed (D Class): in its Fire Zone, no Rally
    state = _segment(gun, "soviet")
    _clear_board(state, {PAK: "0101", T34: "0103"})
    state.troops.cohesion[T34] = 1
    assert state.in_enemy_fire_zone(T34) and Rally(T34) not in state.legal_actions()


def test_adjacent_enemy_reduces_fire_zone_until_suppressed_6_5(game: PanzerCommandGame) -> None:
    """[§6.5] "A unit's Fire Zone is reduced to only adjacent hexes at the instant an enemy unit
    moves adjacent to it. The reduction lasts until the adjacent unit is Suppressed": the T-34
    that fires at the PaK two hexes off may not once Panzergrenadiers stand beside it, and may
    again when they are Suppressed."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PAK: "0103"})
    assert Fire(T34, PAK) in state.legal_actions()
    state.troops.hexes[PZGR] = game.by_name["0102"]  # moves next to the T-34
    assert Fire(T34, PAK) not in state.legal_actions()
    assert Fire(T34, PZGR) in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"reduced to the adjacent hexes \[§6.5\]"):
        state.apply(Fire(T34, PAK))
    state.troops.suppressed.add(PZGR)
    assert Fire(T34, PAK) in state.legal_actions()


# --- 2. One Action a Segment, a second for a Direct Command [§3.2] ------------------------------


def test_second_action_costs_a_direct_command_and_never_repeats_3_2(
    game: PanzerCommandGame,
) -> None:
    """[§3.2] "each unit in that regiment can perform one Action, a second, different action by
    spending a Direct Command if the unit is In Command ... Only one Direct Command can be spent
    on a given unit": the T-34 (its HQ's unit, so In Command) moves for nothing, fires for a
    Direct Command, and may neither move again nor take a third Action."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PAK: "0104"})
    commands = state.command.dc["soviet"]
    state.apply("move soviet.su-t34.1 0102")
    _declined(state)  # the PaK lets it go: no Opportunity Fire [§8.2]
    assert state.command.dc["soviet"] == commands  # the Regiment's Action is free
    assert not [a for a in state.legal_actions() if a.verb == "move" and a.text().split()[1] == T34]
    with pytest.raises(IllegalActionError, match=r"same Action \(move\) twice.*\[§3.2\]"):
        state.apply("move soviet.su-t34.1 0103")
    assert Fire(T34, PAK) in state.legal_actions()
    state.force_dice(10)  # a "9": misses; the dice do not matter here
    state.apply(Fire(T34, PAK))
    assert state.command.dc["soviet"] == commands - 1
    state.troops.cohesion[T34] = 1  # something to rally from
    with pytest.raises(IllegalActionError, match=r"only one Direct Command.*\[§3.2\]"):
        state.apply(Rally(T34))


def test_no_second_action_without_direct_commands_3_2(game: PanzerCommandGame) -> None:
    """[§3.2] The second Action is bought with a Direct Command: with none left, the unit has
    its one Action."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PAK: "0104"})
    state.command.dc["soviet"] = 0
    state.apply("move soviet.su-t34.1 0102")
    _declined(state)  # the PaK lets it go: no Opportunity Fire [§8.2]
    assert not [a for a in state.legal_actions() if getattr(a, "unit", None) == T34]
    with pytest.raises(IllegalActionError, match=r"no Direct Command left.*\[§3.2\]"):
        state.apply(Fire(T34, PAK))


# --- 3. Command Radius and In Command [§4.3; §4.4] ----------------------------------------------


def test_command_radius_decides_the_second_action_4_3(game: PanzerCommandGame) -> None:
    """[§4.3] "units of a regiment that are within the Command Radius of their Regimental HQ are
    In Command ... traced from the hex occupied by the HQ to the unit in question, including the
    unit's hex, but excluding the HQ's hex"; [§4.4] Out of Command units receive no Direct
    Command but in the Direct Command Segment. The Soviet HQ (green, space H: radius 1) is with
    the first T-34; the KV two hexes off has one Action, next to it two."""
    state = _segment(game, "soviet")
    assert state.troops.hq["soviet"] == T34
    assert game.hqs["soviet"].space == "H" and game.hqs["soviet"].reach == 1
    _clear_board(state, {T34: "0101", KV: "0103", PAK: "0105"})
    assert not state.in_command(KV) and state.in_command(T34)
    state.apply("move soviet.su-kv.1 0104")
    _declined(state)
    with pytest.raises(IllegalActionError, match=r"beyond the Command Radius 1 \[§4.3\]"):
        state.apply(Fire(KV, PAK))
    state.troops.hexes[KV] = game.by_name["0102"]  # one hex from the HQ: In Command
    assert state.in_command(KV) and Fire(KV, PAK) in state.legal_actions()


def test_out_of_command_unit_acts_in_the_direct_command_segment_4_4(
    game: PanzerCommandGame,
) -> None:
    """[§4.4] "During the Direct Command Segment, a player can spend Direct Commands on any of
    his units, regardless of whether they are In Command or not"."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", KV: "0106", PAK: "0109"})
    state.apply("done soviet")
    state.play.chit, state.play.phase = "soviet:direct-command", "segment"  # its chit drawn
    assert not state.in_command(KV)
    commands = state.command.dc["soviet"]
    state.apply("move soviet.su-kv.1 0107")
    _declined(state)
    assert state.command.dc["soviet"] == commands - 1
    with pytest.raises(IllegalActionError, match=r"only one Direct Command.*\[§3.2\]"):
        state.apply(Fire(KV, PAK))


def test_hq_lost_with_its_unit_then_reassigned_next_turn_4_3(game: PanzerCommandGame) -> None:
    """[§4.3] An HQ eliminated by combat other than Close Assault "is reassigned to another unit
    of that regiment during the Preparation Phase of the following turn": until then the
    regiment is Out of Command."""
    state = _segment(game, "soviet")
    turn = state.play.turn
    state.eliminate(T34)
    assert "soviet" not in state.troops.hq
    assert not state.in_command("soviet.su-t34.2")
    while state.play.turn == turn:
        state.apply(f"done {state.to_act()[0]}")
    assert state.troops.hq["soviet"] == "soviet.su-t34.2"
    assert state.in_command("soviet.su-t34.2")


# --- 5. Stacking in play [§5.2] ---------------------------------------------------------------


def test_no_move_ends_with_more_than_six_steps_in_a_hex_5_2(game: PanzerCommandGame) -> None:
    """[§5.2] "no more than 6 Steps of units can end a Segment in the same hex": with 5 Steps at
    0103 (two T-34 companies of 2 Steps, a reduced KV), a 2-Step motor rifle company may not
    stop there; a reduced one of 1 Step may."""
    state = _segment(game, "soviet")
    rifle, reduced, t34b = "soviet.su-motor-rifle.1", "soviet.su-motor-rifle.2", "soviet.su-t34.2"
    _clear_board(state, {T34: "0103", t34b: "0103", KV: "0103", rifle: "0102", reduced: "0102"})
    state.troops.steps.update({T34: 2, t34b: 2, KV: 1, rifle: 2, reduced: 1})
    with pytest.raises(IllegalActionError, match=r"would hold 7 Steps.*\[§5.2\]"):
        state.apply("move soviet.su-motor-rifle.1 0103")
    ends = [a.text().split()[-1] for a in state.legal_actions() if rifle in a.text()]
    assert "0103" not in ends and "0104" in ends  # it may pass through to 0104
    state.apply("move soviet.su-motor-rifle.2 0103")  # 6 Steps: allowed
    _declined(state)
    assert state.troops.hexes[reduced] == game.by_name["0103"]


# --- 6. Reinforcements pay to enter, in column [§15.2] ------------------------------------------

PZ3, PZ3B, PZ4 = "german.de-pz3.1", "german.de-pz3.2", "german.de-pz4.1"
SPW = "german.de-panzergrenadier-spw.1"


def _german_segment_of_turn_6(game: PanzerCommandGame) -> PcState:
    """The German Regiment Action Segment of Game Turn 6, when the panzer regiment is due."""
    state = game.new_initial_state(5)
    while state.play.turn < 6:
        state.apply(f"done {state.to_act()[0]}")
    state.command.dp["german"] = 2
    state.apply(f"done {game.reaction}")
    state.apply(f"done {game.initiative}")
    state.apply(f"done {game.initiative}")  # the Initiative player passes first [§3.1 A]
    state.apply("select german")
    assert state.play.turn == 6 and state.owner == "german"
    return state


def _step(game: PanzerCommandGame, unit: str, frm: str | None, to: str) -> float:
    """The terrain cost of a step of the unit (from off the map's edge when ``frm`` is None)."""
    cls = game.units[unit].movement_class
    cost = game.movement.cost(cls, game.by_name[to], game.by_name[frm] if frm else None).cost
    assert cost is not None
    return cost


def _moved_cost(state: PcState) -> float:
    from rules.panzer_command.actions import UnitMoved

    return [e for e in state.log if isinstance(e, UnitMoved)][-1].cost


def test_reinforcements_wait_for_their_turn_15_1(game: PanzerCommandGame) -> None:
    """[§15.1] Reinforcements "cannot enter play beforehand": on Turn 5 the panzers due on
    Turn 6 have no move and may not enter."""
    state = _segment(game, "german")
    assert state.play.turn == 5 and state.waiting(PZ3)
    assert not [a for a in state.legal_actions() if PZ3 in a.text()]
    with pytest.raises(IllegalActionError, match=r"\[§15.2\]"):
        state.apply(f"move {PZ3} 0114")


def test_reinforcements_pay_the_entry_hex_and_the_column_doubles_it_15_2(
    game: PanzerCommandGame,
) -> None:
    """[§15.2] "Units use the Move Action to enter the map and pay Movement Points according to
    the terrain in the hex entered ... the second group of six Steps pays twice the Movement
    Point cost for the hex". Three 2-Step panzer companies enter the clear entry hex 0114 for 1
    MP each (two drive on); the fourth unit (Steps 7-8) pays twice that."""
    state = _german_segment_of_turn_6(game)
    assert all(state.troops.steps[u] == 2 for u in (PZ3, PZ3B, PZ4, SPW))
    assert f"move {PZ3} 0114" in {a.text() for a in state.legal_actions()}
    state.apply(f"move {PZ3} 0114 0214")
    assert state.troops.hexes[PZ3] == game.by_name["0214"]
    assert _step(game, PZ3, None, "0114") == 1  # clear [§5.1]
    assert _moved_cost(state) == 1 + _step(game, PZ3, "0114", "0214")
    state.apply(f"move {PZ3B} 0114 0113")
    state.apply(f"move {PZ4} 0114")  # 6 Steps have entered 0114: the first group
    assert _moved_cost(state) == 1
    state.apply(f"move {SPW} 0114")  # the second group pays twice for 0114
    moved = [e for e in state.log if e.kind == "pc-moved"][-1]
    assert "group 2" in moved.explanation[0] and "[§15.2]" in moved.explanation[0]  # type: ignore[attr-defined]
    assert _moved_cost(state) == 2 * _step(game, SPW, None, "0114")


def test_reinforcement_that_cannot_pay_does_not_enter_15_2() -> None:
    """[§15.2] "Reinforcements in the column that have insufficient Movement Points to enter
    the map cannot enter": a counter of 1 MP in the second group (2 MP for the clear hex) has
    no entry, and stays off the map."""
    game = _game()
    _counter(game, SPW, movement=1)
    state = _german_segment_of_turn_6(game)
    for unit in (PZ3, PZ3B, PZ4):
        state.apply(
            f"move {unit} 0114 {'0214' if unit == PZ3 else '0113' if unit == PZ3B else '0115'}"
        )
    assert not [a for a in state.legal_actions() if SPW in a.text()]
    with pytest.raises(IllegalActionError, match=r"more than the allowance 1"):
        state.apply(f"move {SPW} 0114")
    assert state.waiting(SPW)


# --- 7. A Cohesion Hit instead of Suppression, also on S? [§11.1] ---------------------------------


def _hits(state: PcState, unit: str) -> list[str]:
    from rules.panzer_command.actions import UnitHit

    return [e.effect for e in state.log if isinstance(e, UnitHit) and e.unit == unit]


def test_s_query_failed_then_cohesion_hit_instead_11_1(game: PanzerCommandGame) -> None:
    """[§11.1] "a unit which fails an S? Troop Quality roll could then make a second Troop
    Quality roll to take a Cohesion Hit instead of a Suppression": rolled over the TQ on the
    S?, then at or under it: a Cohesion Hit, not Suppressed."""
    from rules.panzer_command.fire import apply_result

    state = _segment(game, "soviet")
    tq = state.troop_quality(PZGR)
    assert tq < 9
    state.force_dice(tq + 2, 1)  # the d10 reads tq+1 (fails the S?), then 0 (passes) [§2.3]
    apply_result(state, PZGR, "S?")
    assert PZGR not in state.troops.suppressed and state.troops.cohesion[PZGR] == 1
    assert any("treated exactly as S" in h for h in _hits(state, PZGR))
    assert any("Cohesion Hit instead of Suppression" in h for h in _hits(state, PZGR))


def test_s_query_both_rolls_failed_is_suppressed_11_1(game: PanzerCommandGame) -> None:
    """[§11.1] Failing both Troop Quality rolls of an S?: Suppressed, no Cohesion Hit; passing
    the first: no effect at all."""
    from rules.panzer_command.fire import apply_result

    state = _segment(game, "soviet")
    state.force_dice(10, 10)  # two "9"s
    apply_result(state, PZGR, "S?")
    assert PZGR in state.troops.suppressed and not state.troops.cohesion.get(PZGR)
    state.force_dice(1)  # a "0": passes the S? roll
    apply_result(state, PZGR2, "S?")
    assert PZGR2 not in state.troops.suppressed and not state.troops.cohesion.get(PZGR2)


def test_s_result_offers_the_cohesion_hit_roll_11_1(game: PanzerCommandGame) -> None:
    """[§11.1] On an S "you have the option of attempting to take a Cohesion Hit instead of
    being Suppressed ... roll against the Troop Quality": a roll at or under it gives the
    Cohesion Hit. Standing in for the owner's choice, no try when that Hit would be the third
    (a Step Loss): the unit is Suppressed and keeps its Steps."""
    from rules.panzer_command.fire import apply_result

    state = _segment(game, "soviet")
    state.force_dice(1)
    apply_result(state, PZGR, "S")
    assert PZGR not in state.troops.suppressed and state.troops.cohesion[PZGR] == 1
    state.troops.cohesion[PZGR2] = 2
    apply_result(state, PZGR2, "S")  # no die rolled
    assert PZGR2 in state.troops.suppressed and state.troops.steps[PZGR2] == 2
    assert any("standing in for the owner's choice" in h for h in _hits(state, PZGR2))


# --- 8. Improved Positions and entrenchments in fire [§16.5; §19] ----------------------------------


def _final(state: PcState, unit: str, target: str) -> int:
    from rules.panzer_command.fire import attack_strength

    return attack_strength(state, unit, target)[0]


def test_improved_position_minus_one_to_its_attacker_forced_die_19(
    game: PanzerCommandGame,
) -> None:
    """[§19] "The Attack Strength of any unit attacking the unit in the Improved Position is
    reduced by 1": the die that hits the PaK in the open misses it in an Improved Position."""
    from rules.panzer_command.actions import FireExplained

    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", PAK: "0103"})
    open_final = _final(state, T34, PAK)
    assert 1 <= open_final <= 8
    state.troops.in_ip.add(PAK)
    assert _final(state, T34, PAK) == open_final - 1
    state.force_dice(open_final + 1)  # the d10 reads the open-ground Final Attack Strength
    state.apply(Fire(T34, PAK))
    shot = [e for e in state.log if isinstance(e, FireExplained)][-1]
    assert not shot.hit and shot.final == open_final - 1
    assert any("Improved Position [§19]" in s for s in shot.steps)


def test_works_raise_the_attack_of_the_unit_in_them_16_5_19(game: PanzerCommandGame) -> None:
    """[§19] "the Attack Strength of units occupying Improved Positions is increased by 1";
    [§16.5] "An entrenchment reduces the attacker's Attack Strength by 3 ... the Attack
    Strength of a unit occupying an entrenchment is increased by 2"."""
    state = _segment(game, "german")
    _clear_board(state, {PAK: "0101", T34: "0103"})
    state.troops.steps[T34] = 1  # a weaker target keeps the sums inside 0-8
    base = _final(state, PAK, T34)
    state.troops.in_ip.add(PAK)
    assert _final(state, PAK, T34) == min(8, base + 1)
    state.troops.in_ip.discard(PAK)
    state.troops.entrenchments["0101"] = PAK
    assert _final(state, PAK, T34) == min(8, base + 2)
    state.troops.entrenchments["0103"] = T34
    assert _final(state, PAK, T34) == max(0, min(8, base + 2 - 3))


def test_improve_position_action_and_moving_out_of_it_19(game: PanzerCommandGame) -> None:
    """[§19] The Improve Position Action puts the unit in an Improved Position; "A unit remains
    in its Improved Position until the unit moves": the T-34 that moves loses it. An
    entrenchment stays in its hex, empty, for the next unit [§16.5]."""
    state = _segment(game, "soviet")
    _clear_board(state, {T34: "0101", KV: "0105"})
    state.apply(f"improve {T34}")
    assert T34 in state.troops.in_ip
    state.troops.entrenchments["0105"] = KV
    state.apply(f"move {KV} 0106")
    assert state.troops.entrenchments["0105"] == ""
    state.apply(f"move {T34} 0102")  # its second Action, for a Direct Command
    assert T34 not in state.troops.in_ip


def test_scenario_sets_units_up_in_works_16_5_19(tmp_path: Path) -> None:
    """A force entry's ``in-ip`` or ``entrenched`` starts its units in those works [§16.5;
    §19]; the position file keeps them."""
    from model.scenario_io import load_scenario as load
    from rules.records.position import load_position, save_position

    loaded = load(POINT_161)
    german = loaded.scenario.sides[0]
    german.forces[0].state.append("in-ip")  # the Panzergrenadiers
    german.forces[1].state.append("entrenched")  # the PaK
    game = load_game(loaded)
    assert isinstance(game, PanzerCommandGame)
    state = game.new_initial_state(1)
    assert state.troops.in_ip == {PZGR, PZGR2}
    assert entrenched_ok(state, PAK)
    save_position(state, tmp_path / "pos.yaml", POINT_161)
    _, again = load_position(tmp_path / "pos.yaml", loaded)
    assert isinstance(again, PcState)
    assert again.to_position() == state.to_position()
    assert again.troops.in_ip == state.troops.in_ip
    assert again.troops.entrenchments == state.troops.entrenchments


def entrenched_ok(state: PcState, unit: str) -> bool:
    from rules.panzer_command.digging import entrenched

    return entrenched(state, unit)
