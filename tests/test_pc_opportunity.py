"""Panzer Command Opportunity Fire [§8]: a moving unit is held before it leaves a hex in an enemy
Fire Zone and the other side announces its fires, pays them with a Command or a Troop Quality
roll, and the fires are resolved before the unit goes on. Dice are forced: a forced face f reads
as the d10's f-1 [§2.3].

Column 01 of Point 161's map is open ground (elevation 2, no blocking terrain): the hexes 0101,
0102, ... follow one another. The PaK: Attack Strength 6, Range 4, TQ 7 (the German Division HQ);
the T-34: Defense Rating -2, TQ 6. All values are the data library's placeholders.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import (
    FireExplained,
    OpFire,
    OpportunityOffered,
    UnitHit,
    UnitMoved,
)
from rules.panzer_command.game import PanzerCommandGame, PcState
from rules.records.position import PositionReader, load_position
from rules.registry import load_game

POINT_161 = "scenarios/panzer-command/point-161.yaml"
T34, KV, PAK = "soviet.su-t34.1", "soviet.su-kv.1", "german.de-pak.1"
PZGR, PZ4 = "german.de-panzergrenadier.1", "german.de-pz4.1"
POSITIONS = Path(__file__).parent / "positions" / "panzer-command"


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


@pytest.fixture(scope="module")
def game() -> PanzerCommandGame:
    return _game()


def segment(game: PanzerCommandGame, side: str, keep: dict[str, str], seed: int = 3) -> PcState:
    """A Regiment Action Segment of ``side`` (its second chit, selected), only the units of
    ``keep`` on the map, at the hexes named."""
    state = game.new_initial_state(seed)
    state.apply(f"done {game.reaction}")
    state.apply(f"done {game.initiative}")
    if side != game.initiative:
        state.apply(f"done {game.initiative}")
    state.apply(f"select {side}")
    for u in list(state.troops.hexes):
        if u not in keep:
            state.troops.hexes.pop(u)
    for u, name in keep.items():
        state.troops.hexes[u] = game.by_name[name]
    return state


def of(kind: type, events: list) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


def test_a_move_out_of_a_fire_zone_hex_is_held_for_the_enemy_8_1() -> None:
    """[§8.1] "When an enemy unit attempts to exit a hex in the LOS and Fire Zone of one of your
    units, you have the option to initiate Opportunity Fire ... The effects of Opportunity Fire
    are determined before the moving unit actually leaves the Fire Zone hex": the T-34 moving
    0101-0102-0103 is held in 0101, the German side answers, and after its "done" the T-34 is
    held again leaving 0102, still in the PaK's Fire Zone."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    events = state.apply("move soviet.su-t34.1 0102 0103")
    [offered] = of(OpportunityOffered, events)
    assert (offered.side, offered.target, offered.firers) == ("german", T34, (PAK,))
    assert state.to_act() == ("german",) and state.reaction.exiting == "0101"
    assert state.troops.hexes[T34] == game.by_name["0101"] and not of(UnitMoved, events)
    assert OpFire(PAK, T34, "roll") in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"answers first.*\[§8.2"):
        state.apply("move soviet.su-kv.1 0108")
    events = state.apply("done german")  # no fire this time
    assert state.reaction.exiting == "0102" and state.troops.hexes[T34] == game.by_name["0102"]
    events = state.apply("done german")
    [moved] = of(UnitMoved, events)
    assert moved.path == ("0102", "0103") and state.to_act() == ("soviet",)


def test_opportunity_fire_has_no_range_modifier_and_the_mover_goes_on_8_4() -> None:
    """[§8.2; §8.4] Announced on a Troop Quality roll: the PaK rolls a 0 (at or under its TQ 7),
    then attacks at 6 + the T-34's Defense Rating -2 = 4, with no Range modifier (Direct Fire at
    4 hexes, beyond half its Range, would be -1 [§7.3]): a 4 succeeds, CRT 'DF D vs armored' row
    4: a Cohesion Hit, which does not stop the T-34: it enters the hex it announced [§8.1]."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    state.apply("move soviet.su-t34.1 0102")
    state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(1, 5)  # TQ roll 0; attack roll 4
    events = state.apply("done german")
    [fired] = of(FireExplained, events)
    assert fired.final == 4 and fired.roll == 4 and fired.result == "C"
    assert not any("range" in step for step in fired.steps)
    assert any("[§2.5; §8.4]" in step for step in fired.steps)
    assert state.troops.cohesion[T34] == 1
    [moved] = of(UnitMoved, events)
    assert moved.path == ("0102",) and state.troops.hexes[T34] == game.by_name["0102"]


def test_a_failed_troop_quality_roll_means_no_attack_8_2() -> None:
    """[§8.2] "If the roll is greater than the Rating, you cannot perform the attack": a 9
    against the PaK's TQ 7."""
    state = segment(_game(), "soviet", {T34: "0101", PAK: "0105"})
    state.apply("move soviet.su-t34.1 0102")
    state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(10)
    events = state.apply("done german")
    assert not of(FireExplained, events)
    assert any("cannot perform the attack" in e.describe() for e in events)


def test_a_suppressed_mover_does_not_leave_the_hex_8_1() -> None:
    """[§8.1] "The unit must enter the announced hex unless it is Suppressed or destroyed by the
    Opportunity Fire": an S (CRT row 2) Suppresses the T-34, whose try for a Cohesion Hit instead
    fails (a 9 against its TQ 6 [§11.1]): it stays in 0101 and its move ends."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    state.apply("move soviet.su-t34.1 0102 0103")
    state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(1, 3, 10)  # TQ 0; attack 2: 'S'; the T-34's roll for a Cohesion Hit: 9
    events = state.apply("done german")
    assert T34 in state.troops.suppressed
    assert state.troops.hexes[T34] == game.by_name["0101"]
    [moved] = of(UnitMoved, events)
    assert moved.path == ()
    assert any("stops in 0101" in e.describe() and "[§8.1]" in e.describe() for e in events)


def test_commands_are_for_in_command_units_and_spent_when_announced_8_2() -> None:
    """[§8.2] "If your unit is In Command (4.4), you can spend the Command and perform the
    attack ... you must spend the Commands you have dedicated to the Opportunity Fire": the PaK
    is Out of Command while the German Regimental HQ's unit is off the map, In Command beside
    it; its Command is spent the moment it is announced, and no Troop Quality roll follows."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    state.apply("move soviet.su-t34.1 0102")
    assert OpFire(PAK, T34, "command") not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"In Command.*\[§4.4; §8.2\]"):
        state.apply(OpFire(PAK, T34, "command"))
    state.troops.hexes[state.troops.hq["german"]] = game.by_name["0106"]  # the HQ's unit
    commands = state.command.dc["german"]
    state.apply(OpFire(PAK, T34, "command"))
    assert state.command.dc["german"] == commands - 1
    with pytest.raises(IllegalActionError, match=r"announced already.*\[§8.1\]"):
        state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(10)  # the attack roll, a 9: a miss; no TQ roll came first
    events = state.apply("done german")
    [fired] = of(FireExplained, events)
    assert fired.roll == 9 and not fired.hit


def test_every_fire_is_resolved_and_the_results_applied_after_them_all_8_2() -> None:
    """[§8.1-8.2] "each of your units whose Fire Zone the moving unit is exiting can attempt
    separate Opportunity Fires ... All attacks are resolved, even if the enemy unit is Suppressed
    by the first attack ... the results applied after all Fires have been made": the PaK's S and
    the Pz IV's attack are both rolled before any result; the second S on the Suppressed T-34 is
    a Cohesion Hit [§11.1]."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105", PZ4: "0104"})
    state.apply("move soviet.su-t34.1 0102")
    assert state.reaction.side == "german"
    state.apply(OpFire(PAK, T34, "roll"))
    state.apply(OpFire(PZ4, T34, "roll"))
    # PaK: TQ 0, attack 2 (S); Pz IV: TQ 0, attack 2 (S); the T-34's Cohesion try: 9 (fails)
    state.force_dice(1, 3, 1, 3, 10)
    events = state.apply("done german")
    kinds = [type(e).__name__ for e in events if isinstance(e, FireExplained | UnitHit)]
    assert kinds[:2] == ["FireExplained", "FireExplained"]
    assert T34 in state.troops.suppressed and state.troops.cohesion[T34] == 1
    assert state.troops.hexes[T34] == game.by_name["0101"]


def test_a_pinned_unit_lets_others_move_past_without_opportunity_fire_6_5() -> None:
    """[§6.5 note] One unit may "pin" a long-ranged enemy unit "while other units move through
    hexes which were previously in the enemy unit's Fire Zone without triggering Opportunity
    Fire": with the T-34 beside the PaK, the KV leaves 0102 unopposed; once the T-34 is
    Suppressed, the PaK's Fire Zone is whole again and the KV is held."""
    game = _game()
    state = segment(game, "soviet", {T34: "0104", PAK: "0105", KV: "0102"})
    events = state.apply("move soviet.su-kv.1 0101")
    assert not of(OpportunityOffered, events) and of(UnitMoved, events)
    state = segment(game, "soviet", {T34: "0104", PAK: "0105", KV: "0102"})
    state.troops.suppressed.add(T34)
    state.apply("move soviet.su-kv.1 0101")
    assert state.reaction.trigger == "move" and state.reaction.target == KV


def test_a_suppressed_or_mortar_unit_makes_no_opportunity_fire_8_1_14_2() -> None:
    """[§6.5; §14.2] A Suppressed unit has no Fire Zone, a mortar none at all: neither holds a
    move."""
    game = _game()
    state = segment(game, "soviet", {T34: "0101", PAK: "0105"})
    state.troops.suppressed.add(PAK)
    assert not of(OpportunityOffered, state.apply("move soviet.su-t34.1 0102"))
    mortar = _game()
    mortar.units[PAK] = dataclasses.replace(mortar.units[PAK], weapon_class="Hm")
    state = segment(mortar, "soviet", {T34: "0101", PAK: "0105"})
    assert not of(OpportunityOffered, state.apply("move soviet.su-t34.1 0102"))


def test_the_improved_position_is_gone_before_the_opportunity_fire_19() -> None:
    """[§19] "If in the Fire Zone of an enemy unit, the Improved Position is removed the instant
    the owning player announces he is leaving the hex. Thus, if the other player uses Opportunity
    Fire, the Improved Position will have already been removed": no -1 for it in the PaK's
    fire."""
    state = segment(_game(), "soviet", {T34: "0101", PAK: "0105"})
    state.troops.in_ip.add(T34)
    state.apply("move soviet.su-t34.1 0102")
    assert T34 not in state.troops.in_ip
    state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(1, 10)
    [fired] = of(FireExplained, state.apply("done german"))
    assert fired.final == 4 and not any("Improved Position" in s for s in fired.steps)


def test_a_held_move_is_a_position_and_reads_back_the_same_8_2() -> None:
    """A game held for Opportunity Fire, the PaK's fire announced (the position file
    t34-held-by-the-pak.yaml), reads back into the same state, which plays on the same: the
    PaK beside the T-34 fires at 1 hex with no Range modifier [§8.4]."""
    game, state = load_position(POSITIONS / "t34-held-by-the-pak.yaml")
    assert state.reaction.fires == [(PAK, "roll")] and state.to_act() == ("german",)
    assert state.progress().phase == "Opportunity Fire"
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.legal_actions() == state.legal_actions()
    for s in (state, back):
        s.force_dice(1, 10)
        [fired] = of(FireExplained, s.apply("done german"))
        assert fired.final == 4 and not any("range" in step for step in fired.steps)
    assert back.position_fingerprint() == state.position_fingerprint()
    assert state.troops.hexes[T34] == game.by_name["1206"]


def test_the_steps_of_the_hex_left_count_for_stacking_8_3() -> None:
    """[§8.3] "Opportunity Fire may be triggered when a moving unit leaves a hex containing more
    than one unit. In such a case, the number of Steps in the hex is used as a possible modifier
    for Fire": the T-34 leaves 0101, where the KV stands too (4 Steps): 6 - 2 + 1 (placeholder)
    = 5."""
    state = segment(_game(), "soviet", {T34: "0101", KV: "0101", PAK: "0105"})
    state.apply("move soviet.su-t34.1 0102")
    state.apply(OpFire(PAK, T34, "roll"))
    state.force_dice(1, 10)
    [fired] = of(FireExplained, state.apply("done german"))
    assert fired.final == 5
    assert "3 or more steps in the target hex [§5.2; §8.4] +1 (placeholder)" in fired.steps
