"""Panzer Command's Concentrate Fire Action [§10]: the modifier against the hex, the Fire Zone of
one hex, and the ways a Concentration ends. Dice are forced (a face f reads as the d10's f-1
[§2.3]). The Concentrated Fire modifier (+2) is a placeholder: the Combat Modifiers Summary is
lost.
"""

from __future__ import annotations

import pytest
from test_pc_opportunity import POINT_161, of, segment

from model.scenario_io import load_scenario
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import Concentrate, Fire, FireExplained, OpportunityOffered
from rules.panzer_command.game import PanzerCommandGame
from rules.registry import load_game

T34, KV, PAK, PZGR = (
    "soviet.su-t34.1",
    "soviet.su-kv.1",
    "german.de-pak.1",
    "german.de-panzergrenadier.1",
)


def _game() -> PanzerCommandGame:
    game = load_game(load_scenario(POINT_161))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_concentrated_fire_adds_its_modifier_and_keeps_one_hex_10_1_10_3() -> None:
    """[§10.1-10.3] "A unit that has Concentrated its fire into a hex can initiate combat only
    against units in that hex. Furthermore, the unit loses its Fire Zone in every hex but the
    one in which it has Concentrated": the PaK Concentrated on 0104 fires at the T-34 there at
    6 + 2 (placeholder) - 2 (its Defense Rating) + 1 (adjacent [§7.3]) = 7, and may not fire at
    the KV in 0103. The Concentration outlasts the Segment."""
    game = _game()
    state = segment(game, "german", {PAK: "0105", T34: "0104", KV: "0103"})
    assert Concentrate(PAK, "0104") in state.legal_actions()
    state.apply(Concentrate(PAK, "0104"))
    assert state.troops.concentrations == {PAK: "0104"}
    state.apply("done german")  # the Segment ends; the Concentration stays
    assert state.troops.concentrations == {PAK: "0104"}
    state = segment(game, "german", {PAK: "0105", T34: "0104", KV: "0103"})
    state.troops.concentrations[PAK] = "0104"
    assert Fire(PAK, KV) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"Concentrated its fire on 0104.*\[§10.3\]"):
        state.apply(Fire(PAK, KV))
    state.force_dice(10)
    [fired] = of(FireExplained, state.apply(Fire(PAK, T34)))
    # 6, +2 Concentrated (placeholder), -2 the T-34's Defense Rating, +1 adjacent [§7.3]
    assert fired.final == 7
    assert any(
        "Concentrated its fire on the target's hex [§10.3; §7.3] +2" in s for s in fired.steps
    )


def test_a_concentration_on_an_empty_or_friendly_hex_and_its_limits_10_1() -> None:
    """[§10.1] "The hex need not be occupied by an enemy unit in order to Concentrate Fire (in
    fact, the hex could even contain a friendly unit)", but it must be in the Fire Zone and line
    of sight; a mortar has no Fire Zone [§14.2]."""
    game = _game()
    state = segment(game, "german", {PAK: "0105", PZGR: "0106", T34: "0110"})
    state.apply(Concentrate(PAK, "0106"))  # the Panzergrenadiers' hex
    assert state.troops.concentrations[PAK] == "0106"
    with pytest.raises(IllegalActionError, match=r"not in the unit's Fire Zone.*\[§10.1\]"):
        state.apply(Concentrate(PZGR, "0108"))  # Range 1


def test_a_concentration_ends_when_attacked_from_another_hex_or_moving_10_3() -> None:
    """[§10.3] It ends when "the concentrating unit is attacked from a hex other than the one
    into which it has Concentrated. The Concentration is removed before the combat is resolved"
    (so the attack gets no +2 from it either way), and when the unit moves."""
    game = _game()
    state = segment(game, "soviet", {PAK: "0105", T34: "0103", KV: "0104"})
    state.troops.concentrations[PAK] = "0104"
    state.force_dice(10)
    events = state.apply(Fire(T34, PAK))
    assert PAK not in state.troops.concentrations
    assert any("attacked from another hex than 0104" in e.describe() for e in events)
    state = segment(game, "soviet", {PAK: "0105", T34: "0101", KV: "0104"})
    state.troops.concentrations[KV] = "0105"
    state.apply("move soviet.su-kv.1 0103")
    while state.reaction.trigger:
        state.apply(f"done {state.reaction.side}")
    assert KV not in state.troops.concentrations


def test_an_enemy_moving_adjacent_ends_a_concentration_on_a_farther_hex_10_3() -> None:
    """[§10.3] "If the unit has Concentrated against a hex to which it is not adjacent, the
    Concentration is immediately removed if an enemy unit moves adjacent to the Concentrating
    unit": the PaK Concentrated on 0101 loses it as the T-34 enters 0104."""
    game = _game()
    state = segment(game, "soviet", {PAK: "0105", T34: "0103"})
    state.troops.concentrations[PAK] = "0101"
    events = state.apply("move soviet.su-t34.1 0104")
    assert not of(OpportunityOffered, events)  # 0103 is not the PaK's hex of fire any more
    assert PAK not in state.troops.concentrations


def test_ceasing_is_free_in_the_owners_segment_only_10_3() -> None:
    """[§10.3] "To cease Concentration, the owner must have a Segment ... you cannot voluntarily
    cease Concentration during the enemy player's Segment" (our reading: ceasing is no Action)."""
    game = _game()
    state = segment(game, "soviet", {PAK: "0105", T34: "0101"})
    state.troops.concentrations[PAK] = "0104"
    with pytest.raises(IllegalActionError, match=r"active Segment"):
        state.apply(Concentrate(PAK, "off"))
    state = segment(game, "german", {PAK: "0105", T34: "0101"})
    state.troops.concentrations[PAK] = "0104"
    state.apply(Concentrate(PAK, "off"))
    assert PAK not in state.troops.concentrations and PAK not in state.play.acted
