"""The heuristic bot's ammunition (:mod:`rules.armor.bot_ammo`, issue 14): it fires APCR where
the "CR" lines raise its chance to penetrate [OP XXIII], keeps plain AP where they add little
(APCR "reserved for combat against the heaviest German Vehicles" [OP XXIII.B]), announces
fewer shots when short of ammunition at poor odds [OP XXIV.A.2.a-b] and the full Rate
otherwise, and never plots a form the engine no longer offers [OP XXIV.B]. Built positions:
the bot's choice is by the engine's odds up to the die, the forms it weighs checked exactly;
its whole order, sampled with its seeded dice, checked over a few seeds."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pytest
from armor_scenes import straight_line
from test_armor_ammunition import _line, _probe, _state

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.armor.bot_ammo import CR_GAIN, POOR_ODDS, cr_gain, fire_variants, odds, short
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.optional import supply
from rules.armor.orders import Order
from rules.bots.base import Bot, make_bot, play
from rules.engine.actions import Action
from rules.engine.core import State
from rules.registry import load_game

M18, M4 = "us.M18.1", "us.M4.1"
PANTHER, PZIV, SQUAD = "german.PANTHER-A.1", "german.PZIVJ.1", "german.GE-INFANTRY-SQUAD.1"
SEEDS = (1, 2, 3)


@functools.cache
def _long() -> list[Hex]:
    """Fourteen Clear hexes in a straight line going north."""
    return straight_line(_probe(), 14)


def _facing(
    firer: str, target: str, gap: int, options: str, line: list[Hex] | None = None
) -> ArmorState:
    """``firer`` facing north, ``target`` ``gap`` hexes north facing it (its front)."""
    line = line or _line()
    return _state([(firer, line[0], 0, "")], [(target, line[gap], 3, "")], options)


def _kept(state: ArmorState, unit: str, target: str) -> list[Order]:
    """The standing Direct Fire forms at ``target`` the bot weighs of those offered."""
    kept = fire_variants(state, unit, list(state.order_options(unit)))
    return [
        a
        for a in kept
        if isinstance(a, Order) and a.fire == target and not a.moves and not a.pinning
    ]


def _choices(state: ArmorState, side: str = "us") -> list[Action]:
    """The heuristic bot's first choice, a fresh bot for each of :data:`SEEDS`; each one legal."""
    found = []
    for seed in SEEDS:
        chosen = make_bot("heuristic", seed).choose(state, side)
        assert state.why_not(chosen) is None, chosen.text()
        found.append(chosen)
    return found


def _fires_at(choices: list[Action], target: str) -> list[Order]:
    return [a for a in choices if isinstance(a, Order) and a.fire == target]


def _immobile(state: ArmorState, unit: str) -> ArmorState:
    """Track damage: no movement [AG VII.C.1], so its orders are the standing fire forms."""
    state.damage.hits[unit] = {"track"}
    state.sheets.options.clear()
    return state


# --- APCR [OP XXIII] -----------------------------------------------------------------------------


def test_op_xxiii_the_bot_fires_apcr_where_only_the_cr_lines_penetrate_the_panthers_hull() -> None:
    """[OP XXIII.A]: the M18 three hexes from the Panther's front: plain AP (Penetration 26)
    goes through the turret but not the hull (AB 28), a hit penetrating on 60 in 100; the "CR"
    lines (38) on all 100, and the AP Factor one more, as Test Play's preview of the "CR"
    order now shows (it showed plain AP's odds): the chance of a penetration rises by
    far more than :data:`CR_GAIN`. The bot weighs only "F-<Panther> CR" of the standing
    forms, and when it fires at the Panther it fires APCR (a legal order)."""
    state = _facing("M18", "PANTHER-A", 3, "apcr")
    plain = state.preview(Order(M18, fire=PANTHER)).chances[0].words
    cr = state.preview(Order(M18, fire=PANTHER, apcr=True)).chances[0].words
    assert "penetrates on 60 in 100" in plain and "penetrates on 100 in 100" in cr
    rules = state.preview(Order(M18, fire=PANTHER, apcr=True)).rules
    assert any("'CR' lines" in r and "[OP XXIII.A]" in r for r in rules)
    assert cr_gain(state, M18, PANTHER) >= CR_GAIN
    assert _kept(state, M18, PANTHER) == [Order(M18, fire=PANTHER, apcr=True)]
    fired = _fires_at(_choices(state), PANTHER)
    assert fired and all(a.apcr or a.moves for a in fired)
    assert Order(M18, fire=PANTHER, apcr=True) in fired


def test_op_xxiii_b_the_bot_keeps_plain_ap_where_both_penetrate_the_pziv() -> None:
    """[OP XXIII.B] (our weighting): at the PzIV's front, three hexes off, both AP and APCR
    penetrate every hit; the "CR" lines add only their higher AP Factor's few rolls, less than
    :data:`CR_GAIN`, so APCR is kept for a heavier target: the bot weighs the plain fire only,
    and never plots "CR" at the PzIV."""
    state = _facing("M18", "PZIVJ", 3, "apcr")
    assert "penetrates on 100 in 100" in state.preview(Order(M18, fire=PZIV)).chances[0].words
    assert 0 < cr_gain(state, M18, PZIV) < CR_GAIN
    assert Order(M18, fire=PZIV, apcr=True) in state.order_options(M18)  # offered, not chosen
    assert _kept(state, M18, PZIV) == [Order(M18, fire=PZIV)]
    assert not any(a.apcr for a in _fires_at(_choices(_immobile(state, M18)), PZIV))


def test_op_xxiii_beyond_10_hexes_apcr_gains_nothing_and_the_bot_fires_plain_ap() -> None:
    """[OP XXIII] "up to about 500 meters" (10 hexes, our reading): twelve hexes off the
    Panther the "CR" order is offered but would fire normal AP; its gain is nothing, and the
    bot keeps the plain fire, no APCR spent for nothing."""
    state = _facing("M18", "PANTHER-A", 12, "apcr", _long())
    assert Order(M18, fire=PANTHER, apcr=True) in state.order_options(M18)
    assert cr_gain(state, M18, PANTHER) == 0
    assert _kept(state, M18, PANTHER) == [Order(M18, fire=PANTHER)]


def test_op_xxiv_b_out_of_ap_shots_the_bot_fires_the_apcr_it_is_offered_and_none_after() -> None:
    """[OP XXIV.B; OP XXIII]: the M18's allotment "AP 8", "CR 4" with its AP Shots spent: the
    engine offers only the APCR fire at the PzIV, and the bot weighs that (it is all there
    is); with the CR Shots spent too, nothing is offered and the bot plots no fire at it."""
    line = _line()
    state = _state(
        [("M18", line[0], 0, ', state: ["AP 8", "CR 4"]')],
        [("PZIVJ", line[3], 3, "")],
        "ammunition-allotment, apcr",
    )
    state.supply.by_type[M18] = {"AP": 8}
    state.supply.spent[M18] = 8
    _immobile(state, M18)
    assert Order(M18, fire=PZIV) not in state.order_options(M18)
    assert _kept(state, M18, PZIV) == [Order(M18, fire=PZIV, apcr=True)]
    assert all(a.apcr for a in _fires_at(_choices(state), PZIV))
    state.supply.by_type[M18]["CR"] = state.supply.apcr[M18] = 4
    state.supply.spent[M18] = 12
    state.sheets.options.clear()
    assert _kept(state, M18, PZIV) == [] and not _fires_at(_choices(state), PZIV)


# --- Fewer shots announced [OP XXIV.A.2.a-b] -----------------------------------------------------


def test_op_xxiv_a_2_a_short_of_ammunition_at_poor_odds_the_bot_announces_one_shot() -> None:
    """[OP XXIV.A.2.a] (our weighting): the M4 (Rate 1-2, Rapid at Short Range) with 3 of its
    24 Factors left on Turn 1 of 4 is short (fewer than half its 2 shots for each Turn
    left); at the Panther's front its chance of a penetration is below :data:`POOR_ODDS`, so
    it announces one shot: the bot weighs "F-<Panther> ROF-1" only, and when it fires at the
    Panther it writes it."""
    state = _facing("M4", "PANTHER-A", 3, "limited-ammunition")
    state.supply.spent[M4] = 21
    chance, rate = odds(state, M4, PANTHER)
    assert chance < POOR_ODDS and rate == 2
    assert short(state, M4, supply.AP, rate)
    assert _kept(state, M4, PANTHER) == [Order(M4, fire=PANTHER, rate=1)]
    fired = _fires_at(_choices(_immobile(state, M4)), PANTHER)
    assert all(a.rate == 1 for a in fired)


def test_op_xxiv_a_2_the_bot_fires_its_full_rate_when_not_short_or_at_good_odds() -> None:
    """[OP XXIV.A.2] (our weighting): the same M4 with its 24 Factors whole is not short and
    weighs the full Rate at the Panther; short (3 left), at the German squad (GP, a Suppressed
    or Knocked Out result on most rolls) its odds are good and it fires the full Rate too; the
    bot never writes "ROF-1" then."""
    full = _facing("M4", "PANTHER-A", 3, "limited-ammunition")
    assert not short(full, M4, supply.AP, 2)
    assert _kept(full, M4, PANTHER) == [Order(M4, fire=PANTHER)]
    state = _facing("M4", "GE-INFANTRY-SQUAD", 3, "limited-ammunition")
    state.supply.spent[M4] = 21
    chance, rate = odds(state, M4, SQUAD)
    assert chance >= POOR_ODDS and short(state, M4, supply.GP, rate)
    assert _kept(state, M4, SQUAD) == [Order(M4, fire=SQUAD)]
    fired = _fires_at(_choices(_immobile(state, M4)), SQUAD)
    assert fired and all(a.rate is None for a in fired)


def test_op_xxiv_b_short_by_the_allotments_type_not_the_whole_factor() -> None:
    """[OP XXIV.B]: with the Ammunition Allotment the type the fire spends counts: the M4's
    "AP 3", "GP 21" is short of AP Shots at the Panther (poor odds: "ROF-1") while its GP
    Shots are plenty; without an announcement the unit with all its Factors is not short."""
    line = _line()
    state = _state(
        [("M4", line[0], 0, ', state: ["AP 3", "GP 21"]')],
        [("PANTHER-A", line[3], 3, ""), ("GE-INFANTRY-SQUAD", line[2], 3, "")],
        "ammunition-allotment",
    )
    assert short(state, M4, supply.AP, 2) and not short(state, M4, supply.GP, 2)
    assert _kept(state, M4, PANTHER) == [Order(M4, fire=PANTHER, rate=1)]


def test_op_xxiv_a_2_a_at_the_slow_rate_of_one_shot_nothing_is_announced() -> None:
    """[OP XXIV.A.2.a]: thirteen hexes off, beyond Short Range, the M4 fires at its Slow Rate,
    one shot: announcing one saves nothing, so even short and at poor odds the bot writes the
    plain fire."""
    state = _facing("M4", "PANTHER-A", 13, "limited-ammunition", _long())
    state.supply.spent[M4] = 22
    chance, rate = odds(state, M4, PANTHER)
    assert rate == 1 and chance < POOR_ODDS
    assert _kept(state, M4, PANTHER) == [Order(M4, fire=PANTHER)]


# --- whole games ---------------------------------------------------------------------------------


class _Checked:
    """A bot whose every choice is checked legal before it is played."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.forms = bot, 0

    def choose(self, state: State, side: str) -> Action:
        chosen = self.bot.choose(state, side)
        assert state.why_not(chosen) is None, chosen.text()
        if isinstance(chosen, Order) and (chosen.apcr or chosen.rate is not None):
            assert isinstance(state, ArmorState)
            bare = dataclasses.replace(chosen, mg=())  # its machineguns' own fire apart
            assert bare in state.order_options(chosen.unit)  # a form the engine offered
            self.forms += 1
        return chosen


@pytest.mark.parametrize("seed", [1, 4])
def test_op_xxiii_op_xxiv_heuristic_games_with_apcr_and_an_allotment_stay_legal(seed: int) -> None:
    """[OP XXIII; OP XXIV.A-C]: scenarios/armor/demo-advanced.yaml with Limited Ammunition,
    the Ammunition Allotment, Variable Supply (rolled Factors, often short) and APCR, both
    sides the heuristic bot: every choice legal, the bot announcing fewer shots at least once
    (these seeds), each "CR" or "ROF-" order a form the engine offered, no type spent beyond
    its allotment."""
    path = Path(__file__).parent.parent / "scenarios/armor/demo-advanced.yaml"
    loaded = load_scenario(path)
    options = ["limited-ammunition", "ammunition-allotment", "variable-supply", "apcr"]
    rules = loaded.scenario.rules.model_copy(update={"options": options})
    scenario = loaded.scenario.model_copy(update={"rules": rules})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame)
    state = game.new_initial_state(seed)
    assert isinstance(state, ArmorState)
    bots = {s: _Checked(make_bot("heuristic", seed * 10 + i)) for i, s in enumerate(game.sides)}
    play(state, dict(bots))
    assert state.is_terminal() and sum(b.forms for b in bots.values()) > 0
    for unit, spent in state.supply.by_type.items():
        shares = supply.allotment(state, unit) or {}
        assert all(n <= shares.get(kind, 0) for kind, n in spent.items()), (unit, spent)
