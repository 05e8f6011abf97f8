"""``preview(action)`` for Armor, Panzer Command and Soldiers: what an action would do without
applying it and without the game's dice: legal or why not (the same reason applying it gives),
its cost, and for fire the odds the engine's own procedure works out up to the die, checked here
against odds worked out by hand from the tables."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_armor_engine import PZIV_858, PZIV_859, SHERMAN, example_state

from model.scenario_io import load_scenario
from rules.armor.orders import Face, Order
from rules.bots.base import make_bot
from rules.engine.actions import Action, Done, Move
from rules.engine.core import State
from rules.engine.errors import IllegalActionError
from rules.panzer_command.actions import Dispatch, Fire, Rally, UnitMoved
from rules.records.position import load_position
from rules.registry import load_game
from rules.soldiers.actions import Commit, ManMoved, OrderMan, Shoot

ROOT = Path(__file__).parent.parent
POSITIONS = Path(__file__).parent / "positions"


def at(name: str) -> State:
    return load_position(POSITIONS / name)[1]


# --- Armor ------------------------------------------------------------------------------------


def test_armor_direct_fire_odds_worked_out_by_hand() -> None:
    """The Sherman of the Direct Fire Examples [AG VI.C] at PZIV 859, range 7: Modifier Number
    20 + 0 (AP Movement Modifiers row '0', column '0': the target's orders are secret while
    plotting) - 1 (the PZIV's Size) + 3 (Side Shot, sector S 0) = 22; AP Hit Table row 22,
    column 16 (the Sherman's AP Factor at 7, as the example says) = 70; Rapid Rate of Fire (no
    movement, inside the Range Line): 2 shots; Number of Hits Table, row 70+: 2 hits on 01-14,
    1 hit up to the Hit Number: a hit on 70 rolls in 100."""
    state = example_state()
    before = (state.fingerprint(), state.dice.draws)
    found = state.preview(Order(SHERMAN, fire=PZIV_859))
    assert found.legal and found.why_not is None and found.cost is None
    [chance] = found.chances
    assert chance.target == PZIV_859 and chance.effect == 0.70
    assert "Modifier Number 22 (20 +0 Movement" in chance.words
    assert "-1 target Size +3 Side Shot (S 0)); AP Factor 16 at range 7: Hit Number 70" in (
        chance.words
    )
    assert "2 shot(s): 01-14 2 hits, 15-70 1 hit" in chance.words
    assert "Direct Fire [AG VI.A-B; GC1 AP Hit Table, Number of Hits Table]" in found.rules
    assert (state.fingerprint(), state.dice.draws) == before  # no die rolled, nothing changed


def test_armor_odds_do_not_read_the_other_sides_secret_orders() -> None:
    """PZIV 859 ordered to move 4 hexes: the fire resolves at Hit Number 58 (the book's, with
    -4 for the target's movement [AG VI.C.1]), but the American side cannot know it while it
    plots: its preview stays at 70."""
    state = example_state()
    state.apply(Order(PZIV_859, moves="4"))
    assert state.preview(Order(SHERMAN, fire=PZIV_859)).chances[0].effect == 0.70


def test_armor_cost_in_speed_factors_and_why_not() -> None:
    state = example_state()
    assert state.preview(Order(PZIV_859, moves="4")).cost == "4 of 4 SF"
    fire_and_move = state.preview(Order(PZIV_858, fire=SHERMAN, moves="1"))
    assert fire_and_move.cost == "1 of 2 SF"  # at most 2 SF with Direct Fire [AG V.A.2.a]
    assert fire_and_move.chances[0].effect == 0.37  # moving: row 'Turn, 1-2', -8; Slow, 1 shot
    refused = state.preview(Order(PZIV_859, moves="9"))
    assert not refused.legal and refused.why_not is not None and "exceed 4 SF" in refused.why_not
    assert state.preview(Face(SHERMAN, 1, 1)).why_not == "only in the Final Facing Phase"
    state.apply(Order(PZIV_859, moves="4"))
    assert state.preview(Order(PZIV_859, moves="1")).why_not == (
        "german.PZIVJ.1 has its orders [AG V.A.1]"
    )
    opportunity = state.preview(Order(SHERMAN, opportunity="L3030"))
    assert opportunity.legal and opportunity.chances[0].effect is None


# --- Panzer Command ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "target", "final", "effect"),
    [
        # T-34 Attack Strength 6, adjacent +1, the Panzergrenadiers' Defense Rating 0: 7;
        # a d10 read 0-9 succeeds on 0-7 (9 never): 8 in 10, and every CRT cell 0-7 of 'DF D
        # vs unarmored' (S?, S?, S, S, C, C, C, 1) has an effect.
        ("t34-beside-the-panzergrenadiers.yaml", "german.de-panzergrenadier.1", 7, 0.8),
        # the PaK's Defense Rating +1: 8, success on 0-8: 9 in 10 (the CRT's row 8 is '1').
        ("t34-beside-the-pak.yaml", "german.de-pak.1", 8, 0.9),
    ],
)
def test_pc_direct_fire_odds_worked_out_by_hand(
    position: str, target: str, final: int, effect: float
) -> None:
    state = at(f"panzer-command/{position}")
    found = state.preview(Fire("soviet.su-t34.1", target))
    assert found.legal and found.rules[1] == "Direct Fire [§7.1-7.3]"
    [chance] = found.chances
    assert chance.effect == effect
    assert f"Final Attack Strength {final} (clamped 0-8)" in chance.words
    assert "printed Attack Strength 6 [§2.5]" in chance.words
    assert "range: target adjacent [§7.3] +1" in chance.words


def test_pc_costs_match_what_applying_spends() -> None:
    state = at("panzer-command/t34-beside-the-pak.yaml")
    move = next(a for a in state.legal_actions() if isinstance(a, Move))
    cost = state.preview(move).cost
    [moved] = [e for e in state.clone().apply(move) if isinstance(e, UnitMoved)]
    assert cost == f"{moved.cost:g} of {moved.allowance} MP"
    assert state.preview(Rally("soviet.su-t34.1")).why_not == (
        "the unit has no Suppression or Cohesion Hit [§11.2]"
    )
    assert state.preview(Dispatch("soviet")).why_not == "not now [§3.1]"


# --- Soldiers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "target", "chance"),
    [
        # the MP's Weapon Table, quick fire at 1 hex: 7; Mist: not between adjacent hexes; the
        # line crosses the hedge between C/0106 and C/0105, next to the target: -2 [8.32]
        ("leader-beside-one-american.yaml", "C/0105", 5),
        # 7, woods -1 (terrain.yaml), all men suppressed in protected terrain -4
        # (fire-modifiers.yaml) [8.32 example]: 2
        ("three-suppressed-in-woods.yaml", "C/0102", 2),
    ],
)
def test_soldiers_shot_odds_worked_out_by_hand(position: str, target: str, chance: int) -> None:
    state = at(f"soldiers/{position}")
    leader = "german.adler"
    assert state.preview(Shoot(leader, target, "quick")).why_not == (
        "only the man under orders acts [6.2]"
    )
    order = state.preview(OrderMan(leader))
    assert order.legal and order.cost == "1 of 4 order(s): 5 AP"
    state.apply(OrderMan(leader))
    found = state.preview(Shoot(leader, target, "quick"))
    assert found.legal and found.cost == "2 of 5 AP"
    [odds] = found.chances
    assert odds.effect == chance / 10
    assert f"modified hit chance {chance}: a d10 of {chance} or less hits" in odds.words
    assert state.preview(Shoot(leader, target, "aimed")).why_not == "the MP has no aimed fire [8.1]"


def test_soldiers_costs_match_what_applying_spends() -> None:
    state = at("soldiers/leader-beside-one-american.yaml")
    state.apply(OrderMan("german.adler"))
    for move in [a for a in state.legal_actions() if isinstance(a, Move)][:5]:
        cost = state.preview(move).cost
        [moved] = [e for e in state.clone().apply(move) if isinstance(e, ManMoved)]
        assert cost == f"{moved.cost:g} of 5 AP"
    state.apply(Done("german"))
    commit = next(a for a in state.legal_actions() if isinstance(a, Commit))
    assert state.preview(commit).cost == (
        "squad E's assistant squad leader's chit (Bach): "
        "one space down the Command Track: Start to 5"
    )


# --- every system -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["armor/demo-crossroads", "panzer-command/point-161", "soldiers/10-dawn-patrol"]
)
def test_preview_agrees_with_apply(name: str) -> None:
    """Through a seeded game: every legal action previews as legal and changes nothing; an
    action of the side not to act previews the reason applying it is refused with."""
    game = load_game(load_scenario(ROOT / "scenarios" / f"{name}.yaml"))
    state = game.new_initial_state(4)
    bots = {s: make_bot("random", 40 + i) for i, s in enumerate(game.sides)}
    steps = 0
    while not state.is_terminal() and steps < 120:
        before = state.fingerprint()
        actions = state.legal_actions()
        for action in actions[:: max(1, len(actions) // 25)]:
            assert state.preview(action).legal, action.text()
        waiting = [s for s in game.sides if s not in state.to_act()]
        for side in waiting:
            _refused_alike(state, Done(side))
        assert state.fingerprint() == before
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        steps += 1


def _refused_alike(state: State, action: Action) -> None:
    why = state.preview(action).why_not
    assert why is not None
    with pytest.raises(IllegalActionError) as caught:
        state.clone().apply(action)
    assert str(caught.value) == f"'{action.text()}': {why}"


def test_soldiers_a_reinforcements_entering_move_previews_what_applying_spends() -> None:
    """A man waiting off the map enters by his group's edge [19.32]: his listed moves were
    previewed from a hex he does not have (a KeyError in test play, found by querying random
    games as test play does). Scenario 24's US reinforcements, forces bought by the fuzz's
    purchase bot, seed 5."""
    from tools import fuzz

    path = fuzz.SCENARIOS / "soldiers" / "24-beaufort-crossroads.yaml"
    state = fuzz._game(path, 5).new_initial_state(5)  # type: ignore[attr-defined]
    bots = {s: make_bot("random", 50 + i) for i, s in enumerate(state.game.sides)}
    entering: list[Move] = []
    while not entering and not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        entering = [
            a
            for a in state.legal_actions()
            if isinstance(a, Move) and a.unit in state.troops.waiting
        ]
    assert entering
    for move in entering[:10]:
        cost = state.preview(move).cost
        [moved] = [e for e in state.clone().apply(move) if isinstance(e, ManMoved)]
        assert cost == f"{moved.cost:g} of {state.active.ap:g} AP", move.text()


def test_panzer44_reach_of_a_support_never_on_the_map_is_none() -> None:
    """Test Play asks where the unit of a chosen line can go: for Sedan's French close air
    support [16.0], a strike and never a unit on the map, the engine raised a KeyError
    (found by clicking through Test Play at random: tests/test_testplay_player.py)."""
    game = load_game(load_scenario(ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"))
    state = game.new_initial_state(3)
    assert state.reach("french.CAS.1") == {}
    assert state.reach("french.M4.1")  # a tank on the map goes somewhere
