"""Panzer Command minefields [§17]: the stop and attack on entering, the cost of leaving, the
attack each Round of a Close Assault into one, and a scenario's record of them. Dice are forced:
a face f reads as the d10's f-1 [§2.3]. Column 01 of Point 161's map is open ground.
"""

from __future__ import annotations

import dataclasses

import pytest
from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError, UnsupportedGameError
from rules.panzer_command.actions import Assault, UnitMoved
from rules.panzer_command.game import PanzerCommandGame
from rules.panzer_command.minefields import read_minefields
from rules.registry import load_game

T34, PZGR, PZGR2 = "soviet.su-t34.1", "german.de-panzergrenadier.1", "german.de-panzergrenadier.2"


def _game(mined: dict[str, tuple[str, int]]) -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    for name, field in mined.items():
        game.minefields[game.by_name[name]] = field
    return game


def test_entering_an_enemy_minefield_stops_the_unit_and_it_is_attacked_17_2() -> None:
    """[§17.2] "When a unit enters an enemy minefield hex by using the Move Action ... it must
    immediately cease movement and undergo a minefield attack ... If the roll is equal to or
    less than the Strength, the unit is Suppressed": a 0 against Strength 4 Suppresses the
    T-34 in 0102 (its try for a Cohesion Hit instead, a 9, fails [§11.1])."""
    game = _game({"0102": ("german", 4)})
    state = segment(game, "soviet", {T34: "0101", PZGR: "0110"})
    state.force_dice(1, 10)
    events = state.apply("move soviet.su-t34.1 0102 0103 0104")
    [moved] = of(UnitMoved, events)
    assert moved.path == ("0102",) and state.troops.hexes[T34] == game.by_name["0102"]
    assert T34 in state.troops.suppressed
    assert any("[§17.2]" in e.describe() and "succeeds" in e.describe() for e in events)
    assert game.by_name["0102"] in game.minefields  # it stays [§17.1]


def test_a_sides_own_minefield_has_no_effect_on_it_17_2() -> None:
    """[§17.2 note] "Your minefields have no effect on your own units. You can enter and leave
    them at no cost and without undergoing attack"."""
    game = _game({"0102": ("german", 9)})
    state = segment(game, "german", {PZGR: "0101", T34: "0110"})
    [moved] = of(UnitMoved, state.apply("move german.de-panzergrenadier.1 0102 0103"))
    assert moved.path == ("0102", "0103") and moved.cost == 2


def test_leaving_an_enemy_minefield_costs_more_or_all_the_allowance_17_3() -> None:
    """[§17.3] Tracked vehicles pay 3 more to exit; "If the unit has insufficient Movement
    Points to exit the hex and enter another hex, it can move only one hex by spending all its
    Movement Points": the T-34 (6 MP) leaves 0102 for 0105 (4 + 1 + 1), not 0106; given 3 MP it
    moves one hex for all 3."""
    game = _game({"0102": ("german", 4)})
    state = segment(game, "soviet", {T34: "0102", PZGR: "0110"})
    with pytest.raises(IllegalActionError, match=r"costs 7 MP"):
        state.apply("move soviet.su-t34.1 0103 0104 0105 0106")
    [moved] = of(UnitMoved, state.apply("move soviet.su-t34.1 0103 0104 0105"))
    assert moved.cost == 6
    assert any("+3 MP [§17.3]" in w for w in moved.explanation)
    game.units[T34] = dataclasses.replace(game.units[T34], movement=3)
    state = segment(game, "soviet", {T34: "0102", PZGR: "0110"})
    with pytest.raises(IllegalActionError, match=r"costs 5 MP, more than the allowance 3"):
        state.apply("move soviet.su-t34.1 0103 0104")
    assert state.preview(state.game.parse_action("move soviet.su-t34.1 0103")).cost == ("3 of 3 MP")
    [moved] = of(UnitMoved, state.apply("move soviet.su-t34.1 0103"))
    assert moved.cost == 3


def test_a_close_assault_into_a_minefield_is_attacked_each_round_17_2() -> None:
    """[§17.2] "A unit also undergoes a minefield attack whenever it attempts to Close Assault
    an enemy unit occupying an enemy minefield hex ... each Round of the Assault", its result
    with the Round's: the T-34 is Suppressed after Round 1 and its Assault ends."""
    game = _game({"0102": ("german", 4)})
    state = segment(game, "soviet", {T34: "0101", PZGR: "0102"})
    state.apply(Assault(T34, PZGR))
    # no Opportunity Fire; Round 1: TQ rolls 0 and 9, both attacks 9s, the minefield's 0;
    # the T-34's try for a Cohesion Hit instead: 9
    state.force_dice(1, 10, 10, 10, 1, 10)
    events = state.apply("done german")
    assert T34 in state.troops.suppressed and not state.assaulting.unit
    assert any("Round minefield attack: S" in e.describe() for e in events)


def test_a_scenario_records_its_minefields_in_the_owners_settings_17_1() -> None:
    """[§17.1] One minefield a hex, with its Strength, the owner's record: ``minefields`` in
    the side's settings; a malformed entry is refused with the form to write."""
    loaded = load_scenario(POINT_161)
    scenario = loaded.scenario.model_copy(deep=True)
    scenario.sides[0].settings["minefields"] = "0102:3, 0205:2"
    game = _game({})
    found = read_minefields(scenario, game.by_name)
    assert found == {game.by_name["0102"]: ("german", 3), game.by_name["0205"]: ("german", 2)}
    scenario.sides[0].settings["minefields"] = "0102-3"
    with pytest.raises(UnsupportedGameError, match=r"HEX:STRENGTH \[§17.1\]"):
        read_minefields(scenario, game.by_name)


def test_advancing_into_a_minefield_after_a_close_assault_is_attacked_17_2() -> None:
    """[§17.2] "if the attacker advances into the defender's hex, it must also undergo a
    minefield attack": the Panzergrenadiers retreat out of their minefield after Round 1, the
    T-34 advances into 0102 and is Suppressed there."""
    game = _game({"0102": ("german", 4)})
    state = segment(game, "soviet", {T34: "0101", PZGR: "0102"})
    state.apply(Assault(T34, PZGR))
    state.force_dice(1, 1, 10, 10, 10)  # Round 1: TQ 0 and 0, two misses, the minefield's 9
    state.apply("done german")  # no Opportunity Fire
    back = next(a for a in state.legal_actions() if a.verb == "retreat")
    state.apply(back)
    state.force_dice(1, 10)  # the minefield's 0 as the T-34 advances; its Cohesion try: 9
    events = state.apply("done soviet")  # no Opportunity Fire at the retreat
    assert state.troops.hexes[T34] == game.by_name["0102"] and T34 in state.troops.suppressed
    assert any("advancing into it" in e.describe() for e in events)
