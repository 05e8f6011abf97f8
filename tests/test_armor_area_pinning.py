"""Armor's Machinegun Team Area Pinning Fire [OP XXVIII.B] (option ``mg-pinning``): one GP
fire at the Leg and Towed units of one hex plus one adjacent hex, their GP Defense Factors
added, the result against all of them, a Knock Out treated as Suppressed.

The positions are ``test_armor_optional``'s: an American Machinegun Team facing north up a
straight line of Clear hexes, German Infantry Squads four and five hexes up it."""

from __future__ import annotations

from test_armor_optional import MG, _fire, _line, _state

from rules.armor.events import GpFire
from rules.armor.game import ArmorState
from rules.armor.gp import hit_line
from rules.armor.orders import Order
from rules.bots.base import make_bot

SQUADS = [f"german.GE-INFANTRY-SQUAD.{n}" for n in (1, 2, 3)]


def _three_squads(options: str = "mg-pinning") -> ArmorState:
    """Squads 1 and 2 four hexes up the line, squad 3 five (adjacent to them)."""
    line = _line(6)
    german = [("GE-INFANTRY-SQUAD", line[4], 3)] * 2 + [("GE-INFANTRY-SQUAD", line[5], 3)]
    return _state([("US-MG-TEAM", line[0], 0)], german, options=options)


AREA = Order(MG, fire=SQUADS[0], area=(SQUADS[1], SQUADS[2]))


def test_op_xxviii_b_area_pinning_fire_adds_the_defense_factors_and_only_suppresses() -> None:
    """[OP XXVIII.B]: "directed against any or all Leg and/or Towed units in any one hex,
    plus those in any one hex adjacent"; "The GP Defense Factors of all the target units are
    added together" (three squads standing in Clear, 2 each: 6); one roll, "00" (always a
    Knock Out) with no +10 (Normal Pinning Fire's only), "treated as a Suppressed result":
    all three Suppressed and still on the map. Written "F-<first> PA-<others>" (our notation),
    offered, described and previewed."""
    state = _three_squads()
    assert AREA.text() == f"order {MG} F-{SQUADS[0]} PA-{SQUADS[1]},{SQUADS[2]}"
    assert state.game.parse_action(AREA.text()) == AREA
    offered = [a for a in state.legal_actions("us") if isinstance(a, Order) and a.area]
    assert {frozenset((a.fire, *a.area)) for a in offered} == {
        frozenset(SQUADS),
        frozenset(SQUADS[:2]),
    }
    assert state.why_not(AREA) is None
    assert "Area Pinning Fire [OP XXVIII.B]" in state.describe(AREA)
    preview = state.preview(AREA)
    assert preview.legal and any("[OP XXVIII.B]" in r for r in preview.rules)
    assert "added" in preview.chances[0].words
    state.force_dice(100)
    [fire] = [e for e in _fire(state, AREA) if isinstance(e, GpFire)]
    assert fire.defense == 6 and fire.target == ", ".join(SQUADS)
    assert (fire.roll, fire.modified_roll, fire.result) == (100, 100, "S")
    assert "[OP XXVIII.B]" in fire.describe() and not fire.dice_modifiers
    assert all(s in state.troops.hexes and state.suppressed(s) for s in SQUADS)


def test_op_xxviii_b_the_total_reads_the_gp_hit_table_row_and_one_result_for_all() -> None:
    """[OP XXVIII.B; GC1 GP Hit Table]: the fire reads the row of the total Defense (6); a
    roll at N is No Damage for every target, one over N Suppresses every target."""
    state = _three_squads()
    state.force_dice(1)
    [probe] = [e for e in _fire(state.clone(), AREA) if isinstance(e, GpFire)]  # type: ignore[arg-type]
    n, s, _ = hit_line(6, probe.column)
    assert (probe.n, probe.s) == (n, s)
    calm = _three_squads()
    calm.force_dice(n)
    [fire] = [e for e in _fire(calm, AREA) if isinstance(e, GpFire)]
    assert fire.result == "N" and not any(calm.suppressed(s) for s in SQUADS)
    pinned = _three_squads()
    pinned.force_dice(n + 1)
    [fire] = [e for e in _fire(pinned, AREA) if isinstance(e, GpFire)]
    assert fire.result == "S" and all(pinned.suppressed(s) for s in SQUADS)


def test_op_xxviii_b_targets_one_hex_plus_one_adjacent_and_only_with_the_option() -> None:
    """[OP XXVIII; XXVIII.B]: not without the option; not a target twice; not a unit of the
    own side; the Normal "P" not with it; and the targets in no more than two adjacent
    hexes: two squads five hexes up and one three up (not adjacent) are refused."""
    plain = _three_squads(options="")
    assert "does not use [OP XXVIII]" in (plain.why_not(AREA) or "")
    assert not any(isinstance(a, Order) and a.area for a in plain.legal_actions("us"))
    state = _three_squads()
    twice = Order(MG, fire=SQUADS[0], area=(SQUADS[0],))
    assert "listed twice" in (state.why_not(twice) or "")
    normal_too = Order(MG, fire=SQUADS[0], pinning=True, area=(SQUADS[1],))
    assert "not Normal Pinning Fire too" in (state.why_not(normal_too) or "")
    line = _line(6)
    german = [("GE-INFANTRY-SQUAD", line[5], 3)] * 2 + [("GE-INFANTRY-SQUAD", line[3], 3)]
    apart = _state([("US-MG-TEAM", line[0], 0)], german, options="mg-pinning")
    why = apart.why_not(AREA) or ""
    assert "one hex plus one hex adjacent to it [OP XXVIII.B]" in why
    offered = [a for a in apart.legal_actions("us") if isinstance(a, Order) and a.area]
    assert [(a.fire, a.area) for a in offered] == [(SQUADS[0], (SQUADS[1],))]  # one hex


def test_the_heuristic_bot_weighs_area_pinning_fire() -> None:
    """The heuristic bot weighs an Area Pinning Fire by its odds of Suppressing every target
    (our weighting) and plays a game with the option to the end."""
    from rules.armor.bot import PINNED, _area_value

    state = _three_squads()
    odds = state.preview(AREA).chances[0].effect or 0.0
    points = sum(state.game.units[s].points for s in SQUADS)
    assert odds > 0 and _area_value(state, AREA) == odds * PINNED * points
    bot = make_bot("heuristic", seed=2)
    for _ in range(400):
        if state.is_terminal():
            break
        state.apply(bot.choose(state, state.to_act()[0]))
    assert state.is_terminal()
