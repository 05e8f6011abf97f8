"""Panzer Command artillery: Indirect Fire, spotting and Counter-Battery Fire [§14.3-14.4]. The
built-in scenarios have no H or Hm battery, so the tests give a counter H Class values (a
test-made counter, as the faults tests do). Dice are forced: a face f reads as the d10's f-1
[§2.3]. The Spotting and Radio Contact tables are placeholders (spotted on 0-5 at 3 hexes;
German contact at or under the spotter's Troop Quality 7).
"""

from __future__ import annotations

import dataclasses

import pytest
from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import FireExplained, IndirectFire
from rules.panzer_command.game import PanzerCommandGame
from rules.registry import load_game

T34, KV, PAK, PZGR, PZGR2, AT45 = (
    "soviet.su-t34.1",
    "soviet.su-kv.1",
    "german.de-pak.1",
    "german.de-panzergrenadier.1",
    "german.de-panzergrenadier.2",
    "soviet.su-at45.1",
)


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


def howitzer(game: PanzerCommandGame, unit: str) -> None:
    """Give the counter an H Class weapon with a printed Range of 21 [§14.1-14.2]."""
    game.units[unit] = dataclasses.replace(game.units[unit], weapon_class="H", range=21)


def test_a_battery_spots_its_own_target_and_fires_indirect_14_3() -> None:
    """[§14.3] "A unit using Indirect Fire which has a LOS to the target hex need not use
    another unit to spot; thus, no radio contact roll is made": a 0 on the Spotting Table at 3
    hexes, then the attack at 6 - 2 = 4 (no Range modifier, the Indirect Fire column), a 4 on
    CRT 'IF H/Hm vs armored': S."""
    game = _game()
    howitzer(game, PAK)
    state = segment(game, "german", {PAK: "0101", T34: "0104"})
    action = IndirectFire(PAK, T34, PAK)
    assert action in state.legal_actions()
    state.force_dice(1, 5, 10)  # spotted; attack 4; the T-34's try for a Cohesion Hit: 9
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert fired.final == 4 and fired.result == "S" and "[§14.6]" in fired.steps[-3]
    assert not any("radio" in e.describe() for e in events)
    assert T34 in state.troops.suppressed and state.troops.fired[PAK] == 1


def test_no_indirect_fire_beside_an_enemy_nor_beyond_the_printed_range_14_3() -> None:
    """[§6.5 note; §14.3] "an artillery unit with an un-Suppressed enemy unit adjacent to it
    cannot use Indirect Fire"; the target must be within the printed Range."""
    game = _game()
    howitzer(game, PAK)
    state = segment(game, "german", {PAK: "0101", T34: "0102", KV: "0104"})
    with pytest.raises(IllegalActionError, match=r"adjacent.*\[§6.5 note; §14.3\]"):
        state.apply(IndirectFire(PAK, KV, PAK))
    game.units[PAK] = dataclasses.replace(game.units[PAK], range=2)
    state = segment(game, "german", {PAK: "0101", KV: "0104"})
    with pytest.raises(IllegalActionError, match=r"printed Range 2 \[§14.3 note\]"):
        state.apply(IndirectFire(PAK, KV, PAK))


def test_another_unit_spots_after_radio_contact_and_a_failed_spot_wastes_the_fire_14_3() -> None:
    """[§14.3] "In order for another unit to spot for the artillery unit it must first achieve
    Radio Contact ... If unsuccessful, the attacking artillery unit has wasted its Indirect
    Fire": the T-34 9 hexes off is out of the battery's sight [§6.2]; the Panzergrenadiers 3
    hexes from it make contact (a 0) and fail to spot (a 6 > 5)."""
    game = _game()
    howitzer(game, PAK)
    state = segment(game, "german", {PAK: "0101", PZGR: "0107", T34: "0110"})
    assert IndirectFire(PAK, T34, PZGR) in state.legal_actions()
    assert IndirectFire(PAK, T34, PAK) not in state.legal_actions()
    state.force_dice(1, 7)
    events = state.apply(IndirectFire(PAK, T34, PZGR))
    assert not of(FireExplained, events)
    assert any("wasted" in e.describe() for e in events)
    state = segment(game, "german", {PAK: "0101", PZGR: "0107", T34: "0110"})
    state.force_dice(10)  # no radio contact
    events = state.apply(IndirectFire(PAK, T34, PZGR))
    assert any("no radio contact" in e.describe() for e in events) and not of(FireExplained, events)


def test_counter_battery_fire_spots_a_battery_by_its_fires_from_its_hex_14_4() -> None:
    """[§14.4] "If it has fired twice, it is Spotted on a die roll of 0 or 1 ... A Spotting Roll
    of 4 or more is always a failure": the Soviet gun (made H) spots the German battery that
    fired twice from its hex on a 1, without a line of sight; the count restarts when it moves."""
    game = _game()
    howitzer(game, PAK)
    howitzer(game, AT45)
    state = segment(game, "soviet", {PAK: "0101", AT45: "0110"})
    assert not [a for a in state.legal_actions() if getattr(a, "spotter", "") == "counter-battery"]
    state.troops.fired[PAK] = 2
    action = IndirectFire(AT45, PAK, "counter-battery")
    assert action in state.legal_actions()
    state.force_dice(2, 10)  # spotted on a 1; the attack a 9
    events = state.apply(action)
    [fired] = of(FireExplained, events)
    assert fired.final == 4  # 3 + the PaK's Defense Rating +1
    state = segment(game, "soviet", {PAK: "0101", AT45: "0110"})
    state.troops.fired[PAK] = 2
    state.force_dice(3)  # a 2: not spotted after two fires
    assert not of(FireExplained, state.apply(action))
    howitzer(game, KV)  # a self-propelled battery
    state = segment(game, "soviet", {KV: "0105", PAK: "0101"})
    state.troops.fired[KV] = 2
    state.apply("move soviet.su-kv.1 0106")
    assert KV not in state.troops.fired


def test_in_a_stack_the_unit_hit_is_drawn_at_random_14_3() -> None:
    """[§14.3] "When Indirect Fire successfully lands in a hex containing more than one enemy
    unit, the unit that actually suffers damage is determined at random"."""
    game = _game()
    howitzer(game, AT45)
    state = segment(game, "soviet", {AT45: "0101", PZGR: "0104", PZGR2: "0104"})
    state.force_dice(1, 2, 10)  # spotted; the second of the two drawn; the attack a 9
    [fired] = of(FireExplained, state.apply(IndirectFire(AT45, PZGR, AT45)))
    assert fired.target == PZGR2
