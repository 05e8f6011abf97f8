"""Armor follow-ups of Limited Intelligence and Tracking Fire: the Overrun Combat cancels a
Tracking Fire order [ADV VIII.C; OP XV], forced dice."""

from __future__ import annotations

from armor_sides import two_sides
from test_armor_advanced import Force, _line, _plot, base

from model.scenario_io import parse_scenario
from rules.armor.events import GpFire, OrdersRevealed, PhaseNote
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityTriggered
from rules.armor.orders import Order
from rules.engine.actions import Done
from rules.registry import load_game

TANK, SQUAD = "german.PZIVJ.1", "us.INFANTRY-SQUAD.1"

ADVANCED = """
schema_version: 1
id: test-armor-followups
title: Test position
system: armor
original: true
rules: {{level: advanced-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""


def _state(us: list[Force], german: list[Force], options: str = "tracking-fire") -> ArmorState:
    """An Advanced Game position with the Optional Rules ``options``."""

    def forces(units: list[Force]) -> str:
        amap = base().amap
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(h)}, "
            f"facing: {amap.global_to_direction(h, compass)}}}}}"
            for code, h, compass, _ in units
        )

    text = ADVANCED.format(options=options) + two_sides(forces(us), forces(german), turns=3)
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(1)
    assert isinstance(state, ArmorState)
    return state


# --- the Overrun cancels Tracking Fire [ADV VIII.C; OP XV] ------------------------------------


def test_an_overrun_cancels_the_tracking_fire_of_the_unit_it_overruns_adv_viii_c_op_xv() -> None:
    """[ADV VIII.C]: "The Overrun Combat, successful or not, does cancel any firing orders the
    Leg or Towed unit may have had": a squad's Tracking Fire order [OP XV.A] at the tank that
    overruns it is one of them. Forced dice: the squad lets the tank pass the hex before its
    own (our reading of [OP XV.B.2]), fires First Fire [ADV VIII.A.1] (01: No Damage), the
    Overrun Fire misses (01 + 20: No Damage); the order is struck off the squad's sheet and
    is not revealed as plotted in the Movement Execution Phase [AG VII.A]."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("PZIVJ", line[0], 0, "")])
    state.force_dice(1, 1)
    events = _plot(state, Order(SQUAD, tracking=TANK), Order(TANK, moves="3", overrun=SQUAD))
    [trigger] = [e for e in events if isinstance(e, OpportunityTriggered)]
    assert trigger.order == f"T-{TANK}" and trigger.hex == state.game.name(line[1])
    events = state.apply(Done("us"))  # let it pass [OP XV.B.2]
    fires = [e for e in events if isinstance(e, GpFire)]
    assert [(f.firer, f.result) for f in fires] == [(SQUAD, "N"), (TANK, "N")]
    notes = [e.describe() for e in events if isinstance(e, PhaseNote)]
    cancelled = f"{SQUAD}'s firing orders (T-{TANK}) are cancelled by the Overrun [ADV VIII.C]"
    assert any(cancelled in n for n in notes), notes
    assert SQUAD not in state.sheets.orders["us"]
    assert SQUAD in state.troops.hexes and state.troops.hexes[TANK] == line[3]
    revealed = [e.describe() for e in events if isinstance(e, OrdersRevealed)]
    assert revealed and not any(f"T-{TANK}" in r for r in revealed)


def test_an_overrun_cancels_an_opportunity_fire_order_too_adv_viii_c() -> None:
    """[ADV VIII.C]: an Opportunity Fire order ("N-" [AG V.A.2]) of the overrun squad goes as
    well; forced dice 01 for both fires: No Damage."""
    line = _line(5)
    state = _state([("INFANTRY-SQUAD", line[2], 3, "")], [("PZIVJ", line[0], 0, "")])
    state.force_dice(1, 1)
    watched = state.game.name(line[4])
    events = _plot(state, Order(SQUAD, opportunity=watched), Order(TANK, moves="2", overrun=SQUAD))
    notes = [e.describe() for e in events if isinstance(e, PhaseNote)]
    assert any(f"(N-{watched}) are cancelled by the Overrun [ADV VIII.C]" in n for n in notes)
    assert SQUAD not in state.sheets.orders["us"]
