"""Armor's Planned Artillery Fire [OP II.A.1]: plotted before play for the Turn the owner
names, at any hex, coming down with no Spotting unit, its Scatter the Planned Scatter 01-10
[GC2 Artillery Tables].

The positions are those of ``test_armor_indirect`` (a Medium Battery bought by the American
side, an M4 as its Spotting unit, German units around a Clear centre hex)."""

from __future__ import annotations

import pytest
from test_armor_indirect import _barrage, _centre, _game, _name, _to

from rules.armor.indirect.events import ArtilleryFire, ArtilleryImpact, ArtilleryPlotted
from rules.armor.indirect.plots import ArtilleryPlot
from rules.bots.base import make_bot
from rules.engine.errors import ActionSyntaxError, IllegalActionError
from rules.records.position import PositionReader

BATTERY = "us.ARTILLERY-MEDIUM.1"


def test_planned_fire_text_carries_its_turn_of_impact_op_ii_a_1_c_d() -> None:
    """[OP II.A.1.c-d]: "mark a 'P' before the hex number" in the line of the Turn of Impact:
    ``artillery BATTERY P-HEX TURN`` round-trips; a Planned plot without a Turn, or another
    kind with one, is refused as text."""
    plot = ArtilleryPlot.parse([BATTERY, "p-K2017", "3"], "artillery ...")
    assert plot == ArtilleryPlot(BATTERY, "P", "K2017", 3)
    assert plot.text() == f"artillery {BATTERY} P-K2017 3" and plot.notation == "PK2017"
    for args in ([BATTERY, "P-K2017"], [BATTERY, "D-K2017", "3"], [BATTERY, "P-K2017", "0"]):
        with pytest.raises(ActionSyntaxError):
            ArtilleryPlot.parse(args, "artillery ...")


def test_planned_fire_needs_no_spotting_unit_and_comes_down_on_its_turn_op_ii_a_1_a_b() -> None:
    """[OP II.A.1.a-c]: Planned fire at a hex no Spotting unit sights (Called fire there is
    refused), written on Turn 1 for Turn 2; nothing Impacts on Turn 1; on Turn 2 the fire is
    placed with the Planned Scatter 01-10 [GC2] and resolved against the units around it."""
    state, c, _ = _barrage()
    far = _name(c)
    state.inflict("us.M4.1", "knocked-out")  # no other unit may spot [OP II.B.2]
    assert "cannot sight" in (state.why_not(ArtilleryPlot(BATTERY, "C", far)) or "")
    state.apply(ArtilleryPlot(BATTERY, "P", far, 2))
    plotted = [e for e in state.log if isinstance(e, ArtilleryPlotted)][-1]
    assert plotted.impact_turn == 2 and plotted.private_to == "us"
    assert "[OP II.A.1" in plotted.describe()
    _to(state, 1, "first-movement")
    assert not [e for e in state.log if isinstance(e, ArtilleryImpact)]
    _to(state, 2)
    state.force_dice(10, 50, 1, 1, 1)  # 10: Scatters (01-10), 50: direction 3
    _to(state, 2, "artillery-impact")
    impact = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert impact.scatter_on == 10 and impact.roll == 10 and impact.direction == 3
    assert impact.impact == _name(c.neighbor(state.game.amap.direction_to_global(c, 3)))


def test_planned_fire_does_not_scatter_on_11_and_fires_at_every_unit_op_ii_d_3() -> None:
    """[OP II.A.1; II.D.2-3; GC2]: an 11 is over the Planned Scatter 01-10, so the fire falls
    on the target hex: a "00" Knocks Out the PZIVJ in it and Suppresses the one adjacent."""
    state, c, _ = _barrage()
    state.apply(ArtilleryPlot(BATTERY, "P", _name(c), 1))
    state.force_dice(11, 100, 100, 100)
    _to(state, 1, "artillery-impact")
    impact = [e for e in state.log if isinstance(e, ArtilleryImpact)][-1]
    assert impact.roll == 11 and impact.direction is None and impact.impact == _name(c)
    fire = {e.target: e for e in state.log if isinstance(e, ArtilleryFire)}
    assert fire["german.PZIVJ.1"].effects == ("knocked-out",)
    assert fire["german.PZIVJ.2"].effects == ("suppressed",)


def test_planned_fire_on_many_turns_and_other_fire_besides_op_ii_a_1_b_c() -> None:
    """[OP II.A.1.b-c]: a line for each Turn of Impact: Planned fire for Turns 1 and 4 and a
    Designated plot in the same Order Plot Phase; not two plots for one Turn; not after the
    last Turn; and not after Turn 1 (our reading of "before the game begins")."""
    state, c, near = _barrage()
    state.apply(ArtilleryPlot(BATTERY, "P", _name(c), 1))
    state.apply(ArtilleryPlot(BATTERY, "P", _name(near), 4))
    state.apply(ArtilleryPlot(BATTERY, "D", _name(c)))  # Designated: Impact on Turn 3
    assert sorted(t for _, t in state.artillery.plots) == [1, 3, 4]
    with pytest.raises(IllegalActionError, match="already has fire plotted for Turn 4"):
        state.apply(ArtilleryPlot(BATTERY, "P", _name(c), 4))
    with pytest.raises(IllegalActionError, match="after the last Turn"):
        state.apply(ArtilleryPlot(BATTERY, "P", _name(c), state.game.turns + 1))
    _to(state, 2)
    with pytest.raises(IllegalActionError, match=r"before the game begins \[OP II.A.1\]"):
        state.apply(ArtilleryPlot(BATTERY, "P", _name(c), 5))


def test_planned_fire_is_offered_previewed_and_kept_in_a_position_file() -> None:
    """[OP II.A.1]: Test Play offers Planned fire for Turn 1 at the enemy's hexes on Turn 1,
    previews it with the Planned Scatter, and a position file keeps the plot."""
    state, c, _ = _barrage()
    offered = [a for a in state.legal_actions("us") if isinstance(a, ArtilleryPlot)]
    assert ArtilleryPlot(BATTERY, "P", _name(c), 1) in offered
    preview = state.preview(ArtilleryPlot(BATTERY, "P", _name(c), 1))
    assert preview.legal and any("01-10" in r for r in preview.rules)
    state.apply(ArtilleryPlot(BATTERY, "P", _name(c), 3))
    position = state.to_position()
    game = state.game
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert position.state["artillery"]["plots"][0]["kind"] == "P"
    assert back.artillery == state.artillery
    assert back.position_fingerprint() == state.position_fingerprint()


def test_the_heuristic_bot_writes_planned_fire_on_turn_1() -> None:
    """The heuristic bot weighs Planned fire as other fire (our weighting) and writes it for
    Turn 1 on the German units, with no Spotting unit needed."""
    state, _, _ = _barrage()
    bot = make_bot("heuristic", seed=1)
    for _ in range(40):
        if state.segment.id != "plot" or state.play.turn != 1:
            break
        state.apply(bot.choose(state, state.to_act()[0]))
    written = [e for e in state.log if isinstance(e, ArtilleryPlotted)]
    assert written and written[0].notation.startswith("P") and written[0].impact_turn == 1
    impacts = [e for e in state.log if isinstance(e, ArtilleryImpact)]
    assert impacts and impacts[0].notation.startswith("P")  # it came down on Turn 1


def test_planned_fire_replays_to_the_same_fingerprint() -> None:
    """Seed and action list replay a game with Planned fire to the same state."""
    c = _centre()
    game = _game((("M4", None),), (("PZIVJ", _name(c)),))
    state = game.new_initial_state(seed=5)
    actions = [ArtilleryPlot(BATTERY, "P", _name(c), 1), ArtilleryPlot(BATTERY, "P", _name(c), 2)]
    for a in actions:
        state.apply(a)
    _to(state, 3)
    clone = state.clone()
    assert clone.fingerprint() == state.fingerprint()
    replay = game.new_initial_state(seed=5)
    for a in actions:
        replay.apply(a)
    _to(replay, 3)
    assert replay.fingerprint() == state.fingerprint()
