"""Soldiers scenarios 20-26 with their forces bought (:mod:`soldiers_bought`): set-up by the
intelligence difference [19.41], depleted squads [19.21], events and reinforcements [6.12;
19.32], moving off the map [7.26], the missions' special rules and victory [19.1; 19.7], and
whole games to their end, bought by hand and by the purchase bot."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from soldiers_bought import SCENARIOS, US, Buy, bought

from editor.cli.main import main
from model.hexes import Hex
from model.regions import Zones
from rules.bots.base import make_bot, play
from rules.engine import core
from rules.engine.actions import Done, Move
from rules.engine.dice import Dice
from rules.engine.errors import IllegalActionError
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers.actions import (
    ChitMoved,
    EventDrawn,
    ManLeft,
    ManMoved,
    MoveOff,
    OrderMan,
    SetupNote,
)
from rules.soldiers.arrivals import draw_event
from rules.soldiers.exits import exit_hexes, read_after
from rules.soldiers.game import SoldiersGame, SoldiersState, battle_condition
from rules.soldiers.records import OFF
from rules.soldiers.setup import intelligence, parse_bracket
from rules.soldiers.victory import decided, evaluate_outcome, force


def _game(name: str, mission: int = 0, buys: dict[str, Buy] | None = None) -> SoldiersGame:
    found = load_game(bought(name, mission, buys))
    assert isinstance(found, SoldiersGame)
    return found


def _notes(state: SoldiersState) -> list[str]:
    return [e.text for e in state.log if isinstance(e, SetupNote)]


# --- set-up [19.41; 19.21] ------------------------------------------------------------------


def test_the_intelligence_difference_of_the_book_example() -> None:
    """[19.41]: "The US player spends 5 points on intelligence ... the German spends 8. The
    intelligence difference is a German 3."; scenario 20's bracket German 1-3: Free
    deployment, the US has the advantage [20.4]."""
    us = dataclasses.replace(US, purchases=(("INTELLIGENCE", 5),))
    german = Buy((("GE-SQUAD-2", False),), (("INTELLIGENCE", 8),))
    game = _game("20-vire-bridges", buys={"us": us, "german": german})
    intel = game.deployment.intel
    assert intel is not None and (intel.favours, intel.difference) == ("german", 3)
    assert intel.bracket is not None and intel.bracket.difference == "german 1-3"
    assert game.deployment.modes == {"german": "free"}
    state = game.new_initial_state(1)
    assert state.play.advantage == "us"  # the bracket's, no roll-off [19.41]
    notes = _notes(state)
    assert "difference german 3: bracket 'german 1-3' [19.41]" in notes[0]
    assert any("us has the advantage: the intelligence bracket [19.41]" in n for n in notes)


def test_brackets_read_their_words_and_a_difference_of_0() -> None:
    """[19.41; 20.4]: 'us 6+' open-ended, 'german 1-3' a range; 0 is the bracket from 0."""
    assert parse_bracket("us 6+") == ("us", 6, float("inf"))
    assert parse_bracket("german 1-3") == ("german", 1, 3)
    loaded = bought("20-vire-bridges", buys={"us": US, "german": US})
    assert intelligence(loaded.scenario).bracket is not None
    even = dataclasses.replace(US, purchases=(("INTELLIGENCE", 2),))
    german = Buy((("GE-SQUAD-2", False),), (("INTELLIGENCE", 2),))
    found = intelligence(bought("20-vire-bridges", buys={"us": even, "german": german}).scenario)
    assert found.favours is None and found.bracket is not None
    assert found.bracket.difference == "us 0-2"


def test_scattered_deployment_puts_a_man_in_every_zone() -> None:
    """[20.4; 20.5]: US 6+ makes the German deploy Scattered, at least one man in each of at
    least 7 zones of map C; the engine puts one in each of the nine before any has two."""
    us = dataclasses.replace(US, purchases=(("INTELLIGENCE", 7),))
    german = Buy((("GE-SQUAD-2", False), ("GE-SQUAD-3", False)))
    game = _game("20-vire-bridges", buys={"us": us, "german": german})
    assert game.deployment.modes == {"german": "scattered"}
    state = game.new_initial_state(1)
    assert state.play.advantage == "us"
    germans = {state.troops.hexes[m] for m in state.able("german")}
    for zone in range(1, 10):
        hexes = game.region(Zones(board="C", zones=[zone]))
        assert germans & hexes, f"no German man in zone {zone} of map C [20.5]"
    note = next(n for n in _notes(state) if "operational moves" in n)
    assert "for us: the bracket's [6.33; 19.41]" in note


def test_the_bracket_s_operational_moves_come_before_the_first_cycle() -> None:
    """[6.3; 6.33; 20.4]: US 6+ gives the US scenario-start operational moves: each man one
    move of 8 AP, never into a hex within 8 hexes of an able German nor in German sight; then
    the first Command Cycle, the advantage first."""
    us = dataclasses.replace(US, purchases=(("INTELLIGENCE", 7),))
    game = _game("20-vire-bridges", buys={"us": us})
    state = game.new_initial_state(1)
    assert state.play.phase == "operational" and state.to_act() == ("us",)
    assert all(OrderMan(m) in state.legal_actions("us") for m in state.able("us"))
    assert not [a for a in state.legal_actions("us") if a.verb == "commit"]

    def moves_of(man: str) -> list[Move]:
        trial = state.clone()
        trial.apply(OrderMan(man))
        return [a for a in trial.legal_actions("us") if isinstance(a, Move)]

    man = next(m for m in state.able("us") if moves_of(m))  # some start too near to move
    moves = moves_of(man)
    state.apply(OrderMan(man))
    assert state.active.ap == 8.0  # [6.3]
    assert not [a for a in state.legal_actions("us") if a.verb == "shoot"]
    germans = [state.troops.hexes[m] for m in state.able("german")]
    for action in moves:
        for name in action.path:
            h = game.by_name[name]
            assert all(h.distance(g) > 8 and not game.sees(g, h) for g in germans)
    state.apply(max(moves, key=lambda a: len(a.path)))
    assert OrderMan(man) not in state.legal_actions("us")  # one move a man [6.33]
    state.apply(Done("us"))
    assert state.play.phase == "command" and state.play.cycle == 1
    assert state.to_act() == (state.play.advantage,) == ("us",)


class _ForcedDice(Dice):
    """Dice whose first results are forced from the start (a depleted squad's draws come
    before any action could force them [19.21])."""

    first: tuple[int, ...] = ()

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        if self.first:
            self.force(*self.first)


def _forced_state(
    game: SoldiersGame, draws: list[int], monkeypatch: pytest.MonkeyPatch
) -> SoldiersState:
    monkeypatch.setattr(_ForcedDice, "first", tuple(draws))
    monkeypatch.setattr(core, "Dice", _ForcedDice)
    return game.new_initial_state(1)


def _depleted_elite() -> tuple[SoldiersGame, list[str]]:
    buys = {"us": Buy((("US-ELITE-E", True),)), "german": Buy((("GE-SQUAD-2", False),))}
    game = _game("22-street-fighting-in-grave", buys=buys)
    return game, sorted(m for m in game.men if game.men[m].squad == "us.e")


def test_a_depleted_squad_draws_its_losses(monkeypatch: pytest.MonkeyPatch) -> None:
    """[19.21]: men drawn from the cup until five are drawn or their initiatives total at
    least 5. A seeded draw: within those bounds, never on the map. Forced (a die over the men
    left, in printed-ID order): a man (2), then Black (4): total 6, two men lost."""
    game, cup = _depleted_elite()
    state = game.new_initial_state(1)
    lost = {m for m in state.troops.lost if game.men[m].side == "us"}
    assert 1 <= len(lost) <= 5 and sum(game.men[m].initiative for m in lost) >= 5
    assert not lost & set(state.troops.hexes)  # never on the map [19.21]
    rest = [m for m in cup if m != "us.e.3"]
    state = _forced_state(game, [cup.index("us.e.3") + 1, rest.index("us.black") + 1], monkeypatch)
    lost = {m for m in state.troops.lost if game.men[m].side == "us"}
    assert lost == {"us.e.3", "us.black"}
    assert not lost & set(force(state, "us"))  # not of the force [19.7; 19.21]
    note = next(n for n in _notes(state) if "depleted" in n)
    assert "us.e.3, us.black lost (initiative 6) [19.21]" in note


def test_a_second_leader_drawn_goes_back_into_the_cup(monkeypatch: pytest.MonkeyPatch) -> None:
    """[19.21]: "If both leaders are drawn out of the cup, replace the second one drawn and
    continue drawing": Black (4), Austin (back into the cup), a man (2): Black and the man
    lost, Austin on the map."""
    game, cup = _depleted_elite()
    rest = [m for m in cup if m != "us.black"]
    draws = [cup.index("us.black") + 1, rest.index("us.austin") + 1, rest.index("us.e.3") + 1]
    state = _forced_state(game, draws, monkeypatch)
    lost = {m for m in state.troops.lost if game.men[m].side == "us"}
    assert lost == {"us.black", "us.e.3"} and "us.austin" in state.troops.hexes


def test_bought_counters_are_men_with_their_chits() -> None:
    """[2.12; 6.26; 6.29; 14.1; 19.45]: the platoon leader is one man with his own chit; a
    heavy-weapons soldier one man with no chit; an MG team its crew, each with his part of the
    gun and no other weapon [14.13], the gun's clips its own [19.54]. The platoon
    leader's turn orders any friendly man in command range [6.26]; an independent chit may
    select a heavy-weapons soldier [6.29]."""
    us = Buy(
        (("US-SQUAD-5", False), ("US-PL", False), ("US-ENGINEER", False), ("US-MMG-TEAM", False))
    )
    game = _game("22-street-fighting-in-grave", buys={"us": us})
    men = game.men
    assert men["us.pl"].rank == "platoon-leader" and game.chits["us.pl"].leader == "us.pl"
    assert men["us.h.us-engineer"].weapon.id == "US-SMG"
    assert men["us.h.us-mmg-a"].weapon.id == "US-MMG"
    assert men["us.h.us-mmg-b"].weapon.id == "US-MMG"
    assert game.guns["us.h.us-mmg-team"] == ("us.h.us-mmg-a", "us.h.us-mmg-b")
    assert game.clips["us.h.us-mmg-team"] == 3  # the gun's, by its id [19.54]
    assert "us.h.us-mmg-a" not in game.clips and "us.h.us-mmg-b" not in game.clips
    assert not [c for c in game.chits.values() if c.squad == "us.h"]
    state = game.new_initial_state(1)
    at = state.troops.hexes["us.pl"]
    for m in ("us.h.us-engineer", "us.us-squad-5.3"):
        state.troops.hexes[m] = at  # beside him, in his sight
    _to_action(state, "us.pl", (10, 1))
    assert {"us.pl", "us.h.us-engineer", "us.us-squad-5.3"} <= state.active.in_command
    state.apply(Done("us"))
    ind = "us.us-squad-5.ind"
    while state.play.phase == "command" and state.play.cycle == 1:
        actor = state.to_act()[0]
        if actor == "us" and ind in state.committable("us"):
            state.apply(f"commit {ind}")
        else:
            state.apply(Done(actor))
    assert state.active.chit == ind and not state.active.rolled  # select the man [6.23]
    assert "us.h.us-mmg-a" in state.active.in_command  # [6.29]
    assert "us.pl" not in state.active.in_command  # another squad's leader


def test_a_side_without_a_mission_plays_its_first() -> None:
    """[19.1]: the attacker notes his mission; a side that names none plays the first of
    its missions (our reading, said in the log)."""
    loaded = bought("20-vire-bridges")
    sides = [s.model_copy(update={"mission": None}) for s in loaded.scenario.sides]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame) and game.missions()["us"].id == "raid"
    notes = _notes(game.new_initial_state(1))
    assert any("'Raid': the side names none, so its first (our reading)" in n for n in notes)


def test_a_battle_condition_in_words_is_its_first() -> None:
    """[26.1]: night or mist, the US player's choice: the engine takes the first (our
    reading)."""
    assert battle_condition("night (drop at night) or mist (drop at dawn)") == "Night"


# --- events and reinforcements [6.12; 19.32] ------------------------------------------------


def _enterable(game: SoldiersGame, h: Hex) -> bool:
    return h in game.amap.hexes and not game.movement.cost("man", h).prohibited


def _to_action(state: SoldiersState, chit: str, dice: tuple[int, int]) -> None:
    """Play the Command Phase to ``chit``'s Action Phase (after any operational moves, none
    made): its side commits it, the other passes; the risk dice forced."""
    side = state.game.chits[chit].side
    while state.play.phase == "operational":  # no operational moves made [6.33]
        state.apply(Done(state.to_act()[0]))
    while state.play.phase == "command":
        actor = state.to_act()[0]
        if actor == side:
            state.force_dice(*dice)
            state.apply(f"commit {chit}")
        else:
            state.apply(Done(actor))
    assert state.active.chit == chit


def test_the_second_event_a_brings_the_german_reinforcements() -> None:
    """[6.12; 19.32; 20.6]: Event Table 3 is Event A (placeholder); the first is the
    scenario's First Event A (ignored: nothing near the depot was fired on), the second brings the German
    reinforcements: each squad's chits to the d6's space; a leader off the map orders his
    men off the map [19.33], who enter at the south edge of map C paying its AP."""
    german = Buy((("GE-SQUAD-3", False),), (), ("GE-SQUAD-2",))  # Anger leads it [2.12]
    game = _game("20-vire-bridges", 1, buys={"german": german})
    state = game.new_initial_state(1)
    chits = sorted(c for c in game.chits if c.startswith("german.ge-squad-2"))
    assert {state.track.space[c] for c in chits} == {"Off"}
    assert Counter(state.committable("german"))  # the others may commit
    assert not set(chits) & set(state.committable("german"))
    draw_event(state, 3)
    first = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert first.result.endswith("A1") and "was fired on in the previous Action Phase: ignored" in (
        first.effect
    )
    state.force_dice(4)
    draw_event(state, 3)
    second = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert second.result.endswith("A2") and "reinforcements of german may enter [19.32]" in (
        second.effect
    )
    assert {state.track.space[c] for c in chits} == {"4"}  # the d6 [19.32]
    sl = next(c for c in chits if c.endswith(".sl"))
    _to_action(state, sl, (10, 1))
    leader = game.chits[sl].leader
    assert leader == "german.anger" and leader not in state.troops.hexes
    ordered = sorted(state.active.in_command)
    assert ordered and all(m in state.troops.waiting for m in ordered)  # [19.33]
    man = ordered[0]
    state.apply(OrderMan(man))
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.unit == man]
    south = game.region(game.scenario.sides[0].reinforcements[0].entry)
    assert moves and all(game.by_name[a.path[0]] in south for a in moves)
    state.apply(moves[0])
    assert man in state.troops.hexes and man not in state.troops.waiting
    moved = [e for e in state.log if isinstance(e, ManMoved)][-1]
    assert "[19.32]" in moved.explanation[0]
    assert man in force(state, "german")  # he has entered: of the force now [19.7]


@pytest.mark.parametrize("on_edge", [True, False])
def test_19_33_a_leader_in_a_map_edge_hex_orders_his_men_still_off_the_map(on_edge: bool) -> None:
    """[19.33]: "If a leader is in a map-edge hex he may give orders to men on the map that are
    in command (6.21), and those that are still off map. In this case, off-map men that receive
    an order from an on-map leader must enter the map in a hex that is in the leader's
    command"; "If a leader is on-map but not in a map-edge hex, he may give orders only to men
    on-map that are in command"."""
    german = Buy((("GE-SQUAD-3", False),), (), ("GE-SQUAD-2",))  # Anger leads it [2.12]
    game = _game("20-vire-bridges", 1, buys={"german": german})
    state = game.new_initial_state(1)
    chits = sorted(c for c in game.chits if c.startswith("german.ge-squad-2"))
    draw_event(state, 3)
    state.force_dice(4)
    draw_event(state, 3)  # the Second Event A: they may enter [19.32]
    sl = next(c for c in chits if c.endswith(".sl"))
    leader = game.chits[sl].leader
    assert leader is not None
    south = sorted(game.region(game.scenario.sides[0].reinforcements[0].entry), key=game.name)
    edge = next(h for h in south if any(h.distance(o) > 2 for o in south))
    inland = next(
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if h not in game.edge and h.distance(edge) == 3 and _enterable(game, h)
    )
    state.troops.waiting.discard(leader)
    state.troops.hexes[leader] = edge if on_edge else inland
    _to_action(state, sl, (10, 1))
    off = sorted(m for m in state.active.in_command if m in state.troops.waiting)
    if not on_edge:
        assert not off and leader in state.active.in_command
        return
    assert off  # his men still off the map take his orders
    state.apply(OrderMan(off[0]))
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.unit == off[0]]
    firsts = {game.by_name[a.path[0]] for a in moves}
    assert firsts and all(h in south and h.distance(edge) <= 2 for h in firsts)
    far = next(h for h in south if h.distance(edge) > 2)
    why = state.why_not(Move(off[0], (game.name(far),)))
    assert why is not None and "[19.32; 19.33]" in why


def test_reinforcements_wait_for_their_event() -> None:
    """[19.32]: before its event a reinforcing man cannot be ordered, and a side whose men
    are all off the map is not beaten while they are to come."""
    game = _game("26-airborne")
    state = game.new_initial_state(2)
    waiting = state.to_come("german")
    assert waiting and not state.able("german")  # [26.2]: the Germans enter by their groups
    early = [g for g in game.groups if g.slot is None and g.side == "german"]
    assert early and all(g.id in state.arrivals.eligible for g in early)
    late = [g for g in game.groups if g.slot is not None]
    assert all(g.id not in state.arrivals.eligible for g in late)


# --- moving off the map [7.26] --------------------------------------------------------------


def _ordered_at(state: SoldiersState, man: str, hex_name: str, cycle: int) -> None:
    """``man`` under orders with 5 AP in ``hex_name`` in Command Cycle ``cycle``."""
    game = state.game
    chit = next(c for c, ch in game.chits.items() if ch.side == game.men[man].side)
    state.play.cycle, state.play.phase = cycle, "action"
    state.active.chit, state.active.current, state.active.ap = chit, man, 5.0
    state.troops.hexes[man] = game.by_name[hex_name]


def test_the_advance_patrol_moves_off_the_north_edge_after_three_cycles() -> None:
    """[20.3; 7.26]: the US may leave by the north edge of map D after three Command Cycles,
    1 AP from a map-edge hex; not before, and not elsewhere."""
    game = _game("20-vire-bridges", 1)
    assert game.missions()["us"].id == "advance-patrol"
    state = game.new_initial_state(1)
    man = state.able("us")[0]
    edge = sorted(exit_hexes(_at_cycle(state, 4), "us"), key=game.name)
    assert edge and all(h in game.edge for h in edge)
    _ordered_at(state, man, game.name(edge[0]), 3)
    assert MoveOff(man) not in state.legal_actions("us")
    with pytest.raises(IllegalActionError, match=r"\[7.26\]"):
        state.apply(MoveOff(man))
    _ordered_at(state, man, game.name(edge[0]), 4)
    assert MoveOff(man) in state.legal_actions("us")
    state.apply(MoveOff(man))
    assert man in state.troops.exited and man not in state.troops.hexes
    assert state.active.ap == 4.0
    left = [e for e in state.log if isinstance(e, ManLeft)][-1]
    assert "[7.26]" in left.why and man in force(state, "us")


def _at_cycle(state: SoldiersState, cycle: int) -> SoldiersState:
    clone = state.clone()
    assert isinstance(clone, SoldiersState)
    clone.play.cycle = cycle
    return clone


def test_an_exit_rule_after_words_is_read_for_cycles_and_events() -> None:
    """[20.3]: "the chosen target is destroyed, or after three Command Cycles, whichever
    occurs first": from cycle 4 (no target is destroyed here), its words read whole (the
    target destroyed is judged too); [21.3]: "Second Event B (B2)"."""
    assert read_after(
        "the chosen target is destroyed, or after three Command Cycles, whichever occurs first"
    ) == (4, None, True)
    assert read_after("Second Event B (B2)") == (None, "B2", True)
    game = _game("20-vire-bridges", 0)  # Raid
    state = game.new_initial_state(1)
    assert not exit_hexes(_at_cycle(state, 3), "us")
    assert exit_hexes(_at_cycle(state, 4), "us")
    assert not exit_hexes(_at_cycle(state, 4), "german")


def test_the_commando_assault_may_not_move_off() -> None:
    """[20.3]: the Commando Assault may not move men off the map (action ban)."""
    game = _game("20-vire-bridges", 2)
    assert game.missions()["us"].id == "commando-assault"
    state = game.new_initial_state(1)
    assert not exit_hexes(_at_cycle(state, 4), "us")
    reported = " ".join(type(game).rules_not_enforced(game.scenario))
    assert "commando-assault' special rule 1" not in reported  # enforced
    assert "'Raid' is not played [19.1]" in reported


# --- victory [19.7] -------------------------------------------------------------------------


def test_the_raid_is_lost_when_a_quarter_of_the_us_force_is_killed() -> None:
    """[20.3] Raid, German victory: the target survives and more than 25% of the US force is
    killed, judged at the end of any Command Cycle; the force is the men that entered the map
    [19.7]."""
    game = _game("20-vire-bridges", 0)
    state = game.new_initial_state(1)
    us = state.able("us")
    assert not decided(state)
    for m in us[: len(us) // 4]:
        state.troops.disabled[m] = "killed"
    assert not decided(state)  # 25% is not more than 25%
    state.troops.disabled[us[len(us) // 4]] = "killed"
    assert decided(state)
    state.play.over = True
    result = evaluate_outcome(state)
    assert result.winner == "german"
    assert any("survives" in f and "killed-or-captured" in f for f in result.findings)


def test_the_german_infiltration_wins_the_moment_the_fifth_man_exits() -> None:
    """[22.3] Infiltration: the German wins the moment his fifth man exits the north edge of
    map B (``when: instant``)."""
    german = Buy((("GE-SQUAD-2", False),))
    game = _game("22-street-fighting-in-grave", 1, buys={"german": german})
    assert game.missions()["german"].id == "german-infiltration"
    state = game.new_initial_state(1)
    edge = sorted(exit_hexes(state, "german"), key=game.name)
    men = state.able("german")
    for m in men[:4]:
        state.troops.hexes.pop(m)
        state.troops.exited.add(m)
    _ordered_at(state, men[4], game.name(edge[0]), 1)
    state.apply(MoveOff(men[4]))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == "german"


# --- whole games ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_bought_scenario_plays_to_its_end(name: str) -> None:
    """A random game of each scenario bought by hand, each side's missions in turn by seed:
    it ends within its Command Cycles with an outcome; replays from a position file mid-game
    to the same position."""
    for seed in (1, 2):
        game = _game(name, seed)
        state = game.new_initial_state(seed)
        play(state, {s: make_bot("random", seed + i) for i, s in enumerate(game.sides)})
        assert state.is_terminal() and state.play.cycle <= game.cycles
        outcome = state.outcome()
        assert outcome is not None
        assert outcome.not_enforced == type(game).rules_not_enforced(game.scenario)


def test_a_position_with_men_off_the_map_round_trips(tmp_path: Path) -> None:
    """A position file keeps the men waiting, moved off and lost, the events come and the
    groups that may enter [19.21; 19.32; 7.26]."""
    game = _game("20-vire-bridges", 1)
    state = game.new_initial_state(3)
    draw_event(state, 3)
    draw_event(state, 3)
    man = state.able("us")[0]
    state.troops.hexes.pop(man)
    state.troops.exited.add(man)
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.position_fingerprint() == state.position_fingerprint()
    assert again.troops.exited == {man} and again.troops.waiting == state.troops.waiting
    assert again.arrivals.events == {"A": 2} and again.arrivals.eligible


def test_a_heuristic_game_of_a_small_purchase_ends() -> None:
    """Both heuristic bots play scenario 23 bought small (a squad and intelligence a side)."""
    small = {
        "german": Buy((("GE-SQUAD-2", True),), (("INTELLIGENCE", 1),)),
        "us": Buy((("US-SQUAD-5", True),), (("INTELLIGENCE", 2),)),
    }
    game = _game("23-pre-dawn-pillbox-assault", 0, small)
    state = game.new_initial_state(1)
    play(state, {s: make_bot("heuristic", 1) for s in game.sides})
    assert state.is_terminal() and state.outcome() is not None


@pytest.mark.parametrize("name", ["21-hedgerow-assault", "26-airborne"])
def test_the_cli_buys_and_plays_a_scenario_to_its_end(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexwright play`` buys the point-buy sides (the purchase bot) and the engine plays
    the bought scenario to its end."""
    path = f"scenarios/soldiers/{name}.yaml"
    assert main(["play", path, "--bots", "random,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "bought by the purchase bot" in out and "winner:" in out


def test_the_airdrop_lands_pairs_by_the_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """[26.4]: the German rolls his deployment (d6 4: Prepared); the US the Airdrop Deployment
    Table at night, d10 3 - 2 = 1: Scattered; the first pair a d6 6 (map D) and a d10 5
    (zone 7), a 10 rolled again: each man in a clear or broken hex of D zone 7, not next to
    another US man."""
    buys = {"us": Buy((("US-AIRBORNE-1", False),)), "german": Buy((), (), ("GE-SQUAD-2",))}
    game = _game("26-airborne", 1, buys)
    assert game.condition == "Night"
    state = _forced_state(game, [4, 3, 6, 10, 5], monkeypatch)
    notes = _notes(state)
    assert any("d6 4: Prepared" in n for n in notes)
    assert any("d10 3 - 2 at night = 1: Scattered [26.4]" in n for n in notes)
    first = sorted(m for m in game.men if game.men[m].side == "us")[:2]
    zone = game.region(Zones(board="D", zones=[7]))
    spots = [state.troops.hexes[m] for m in first]
    assert all(h in zone and game.terrains(h)[-1] in ("clear", "broken") for h in spots)
    assert spots[0].distance(spots[1]) > 1
    others = [state.troops.hexes[m] for m in state.able("us") if m not in first]
    assert all(o.distance(spots[0]) > 1 for o in others)  # nobody lands next to them


def test_a_surprised_german_gives_the_us_the_advantage(monkeypatch: pytest.MonkeyPatch) -> None:
    """[26.4]: Surprised (d6 1-3): the US holds the advantage; no roll-off."""
    buys = {"us": Buy((("US-AIRBORNE-1", False),)), "german": Buy((), (), ("GE-SQUAD-2",))}
    state = _forced_state(_game("26-airborne", 1, buys), [2], monkeypatch)
    assert state.play.advantage == "us"
    assert any("us has the advantage: the enemy is Surprised [26.4]" in n for n in _notes(state))


def _surprised(monkeypatch: pytest.MonkeyPatch) -> tuple[SoldiersState, list[str]]:
    """Scenario 26 with the German Surprised (German Deployment d6 2 [26.4]); his chits."""
    buys = {"us": Buy((("US-AIRBORNE-1", False),)), "german": Buy((), (), ("GE-SQUAD-2",))}
    state = _forced_state(_game("26-airborne", 1, buys), [2], monkeypatch)
    chits = sorted(c for c, ch in state.game.chits.items() if ch.side == "german")
    return state, chits


def test_26_4_surprised_german_chits_come_onto_the_track_by_the_activation_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """[26.4]: Surprised: "No German command chits are placed on the Command Track at the
    beginning of the game"; in each End Phase the German rolls the d6 on the Chit Activation
    Table (1: none, 2-5: one, 6: two, 7: three; +1 on the 5th and later rolls) and places that
    many, in Start (our reading), until all are on the track."""
    from rules.soldiers import activation

    state, chits = _surprised(monkeypatch)
    assert len(chits) == 3
    assert all(state.track.space[c] == OFF for c in chits)
    assert state.arrivals.inactive == chits
    state.force_dice(1)
    activation.end_phase(state)
    assert state.arrivals.inactive == chits and state.arrivals.activation_rolls == 1
    state.force_dice(4)
    activation.end_phase(state)
    assert state.track.space[chits[0]] == "Start" and state.arrivals.inactive == chits[1:]
    moved = [e for e in state.log if isinstance(e, ChitMoved)][-1]
    assert "d6 4: 1 chit(s) placed [26.4]" in moved.why
    state.arrivals.activation_rolls = 4  # the next is the 5th roll: +1
    state.force_dice(6)
    activation.end_phase(state)  # 6 + 1 = 7: three, the two left placed
    assert all(state.track.space[c] == "Start" for c in chits) and not state.arrivals.inactive
    moved = [e for e in state.log if isinstance(e, ChitMoved)][-1]
    assert "d6 6 +1 (the 5th and later rolls)" in moved.why
    rolls = state.arrivals.activation_rolls
    activation.end_phase(state)  # all on the track: no more rolls
    assert state.arrivals.activation_rolls == rolls


def test_26_5_german_surprise_corrected_places_every_chit_held_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """[26.5]: First Event A, German Surprise Corrected: "All German command chits are placed
    on the Command Track. If all are already there, ignore this event." A position keeps the
    chits held off and the rolls made."""
    from rules.soldiers.scenario_events import apply

    state, chits = _surprised(monkeypatch)
    state.arrivals.activation_rolls = 2
    monkeypatch.undo()  # the forced German Deployment roll is spent
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, state.game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.arrivals.inactive == chits and again.arrivals.activation_rolls == 2
    assert position_text(again.to_position()) == position_text(state.to_position())
    assert apply(state, "A1", "Event Table: A1", "German Surprise Corrected")
    assert all(state.track.space[c] == "Start" for c in chits) and not state.arrivals.inactive
    apply(state, "A1", "Event Table: A1", "German Surprise Corrected")
    drawn = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert "ignored [26.5]" in drawn.effect


def test_an_advantage_check_event_gives_the_advantage_to_the_higher_roll() -> None:
    """[5.11; 6.12]: Event Table 12 is an Advantage Check (placeholder); each player rolls the
    d10, the higher takes the advantage, a tie keeps it (the Event Summary's placeholder)."""
    game = _game("22-street-fighting-in-grave")
    state = game.new_initial_state(1)
    a, b = game.sides
    state.play.advantage = a
    state.force_dice(3, 8)
    draw_event(state, 12)
    assert state.play.advantage == b
    drawn = [e for e in state.log if isinstance(e, EventDrawn)][-1]
    assert f"{a} 3, {b} 8: {b} has the advantage [5.11]" in drawn.effect
    state.force_dice(5, 5)
    draw_event(state, 12)
    assert state.play.advantage == b  # a tie keeps it


def _vire_reinforced() -> tuple[SoldiersGame, SoldiersState, str, list[Hex]]:
    """Scenario 20 with the German reinforcements bought, brought by the Second Event A in
    Command Cycle 1 [19.32]; their squad leader's chit, and the hexes of their entry (the south
    edge of map C)."""
    german = Buy((("GE-SQUAD-3", False),), (), ("GE-SQUAD-2",))  # Anger leads it [2.12]
    game = _game("20-vire-bridges", 1, buys={"german": german})
    state = game.new_initial_state(1)
    draw_event(state, 3)
    state.force_dice(4)
    draw_event(state, 3)  # the Second Event A: they may enter [19.32]
    assert state.arrivals.came["A2"] == 1
    chits = sorted(c for c in game.chits if c.startswith("german.ge-squad-2"))
    sl = next(c for c in chits if c.endswith(".sl"))
    south = sorted(game.region(game.scenario.sides[0].reinforcements[0].entry), key=game.name)
    return game, state, sl, south


def test_19_34_in_the_event_s_cycle_only_the_zones_specified() -> None:
    """[19.34]: "Reinforcements that enter the map during the Command Cycle in which the
    reinforcement event occurs must enter the map in the zone(s) specified"; a man entering
    then ties his squad to them: held back, the rest may not use the adjacent zones ("You may
    not delay some members of a squad and not others")."""
    from rules.soldiers.delayed_entry import ON_TIME, entry
    from rules.soldiers.moves import entry_hexes

    game, state, sl, south = _vire_reinforced()
    _to_action(state, sl, (10, 1))
    man = sorted(m for m in state.active.in_command if m in state.troops.waiting)[0]
    assert set(entry_hexes(state, man)) == set(south)
    state.apply(OrderMan(man))
    state.apply(Move(man, (game.name(south[0]),)))
    squad = game.men[man].squad
    assert state.arrivals.entry_zones == {squad: ON_TIME}
    state.play.cycle = 2  # a later Command Cycle: no delay for the rest of his squad
    mate = next(m for m in sorted(state.troops.waiting) if game.men[m].squad == squad)
    group = next(g for g in game.groups if g.id == game.group_of[mate])
    assert entry(state, mate, group) == set(south)  # (his leader's command aside [19.33])


def test_19_34_held_off_the_map_they_may_enter_in_an_adjacent_map_edge_zone(
    tmp_path: Path,
) -> None:
    """[19.34; 2.22]: "If they are held off map until subsequent Command Cycles, they may enter
    in any map-edge zone adjacent to those specified"; once a man of the squad enters in one,
    "the squad as a whole is required to enter in that zone". The squad's zone is kept in a
    position file."""
    from rules.soldiers.delayed_entry import entry
    from rules.soldiers.moves import entry_hexes

    game, state, sl, south = _vire_reinforced()
    specified = {game.zones[h] for h in south}
    state.play.cycle = 2  # held off the map past Command Cycle 1 [19.34]
    _to_action(state, sl, (10, 1))
    man = sorted(m for m in state.active.in_command if m in state.troops.waiting)[0]
    wider = set(entry_hexes(state, man))
    extra = wider - set(south)
    assert set(south) < wider and extra <= game.edge
    assert {game.zones[h] for h in extra}.isdisjoint(specified)
    for zone in {game.zones[h] for h in extra}:  # adjacent: a hex next to a specified zone's
        hexes = [x for x, z in game.zones.items() if z == zone]
        assert any(game.zones.get(n) in specified for x in hexes for n in x.neighbors())
    state.apply(OrderMan(man))
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.unit == man]
    into = next(a for a in moves if game.by_name[a.path[0]] in extra)
    state.apply(into)
    zone = game.zones[game.by_name[into.path[0]]]
    squad = game.men[man].squad
    assert state.arrivals.entry_zones == {squad: zone}
    mate = next(m for m in sorted(state.troops.waiting) if game.men[m].squad == squad)
    group = next(g for g in game.groups if g.id == game.group_of[mate])
    assert {game.zones[h] for h in entry(state, mate, group)} == {zone}
    path = tmp_path / "delayed.yaml"
    path.write_text(position_text(state.to_position()))
    _, back = load_position(path, game.loaded)
    assert isinstance(back, SoldiersState) and back.arrivals.entry_zones == {squad: zone}


def test_6_3_7_26_a_man_in_an_operational_turn_may_move_off_the_map() -> None:
    """[6.3; 7.26]: an operational turn's AP are "spent only for movement actions (7.2)", and
    moving off the map is one [7.26]: where the scenario allows it (the advance patrol's
    north edge of map D from the fourth cycle [20.3]) it is offered, 1 AP; fire is not."""
    game = _game("20-vire-bridges", 1)
    state = game.new_initial_state(1)
    man = state.able("us")[0]
    edge = sorted(exit_hexes(_at_cycle(state, 4), "us"), key=game.name)
    _ordered_at(state, man, game.name(edge[0]), 4)
    state.active.operational_turn, state.active.ap = True, 8.0
    legal = state.legal_actions("us")
    assert MoveOff(man) in legal
    assert not [a for a in legal if a.verb in ("shoot", "throw", "reload", "clear-jam")]
    state.apply(MoveOff(man))
    assert man in state.troops.exited and state.active.ap == 7.0


def test_6_3_19_32_reinforcements_enter_by_an_operational_move() -> None:
    """[6.3; 6.31; 19.32]: the reinforcing leader still off the map is far from and out of
    sight of every enemy man (our reading), so his turn may be declared operational; his men
    off the map take its orders, 8 AP, and enter only by an entry hex 8 or more hexes from and
    out of sight of every able enemy man, going on under the same limits."""
    from rules.soldiers import operational
    from rules.soldiers.operational_turns import Declare, leader_waits

    game, state, sl, south = _vire_reinforced()
    us = state.able("us")[0]
    near = next(  # an American near one end of the entry edge: 6 hexes in [6.3]
        h
        for h in sorted(game.amap.hexes, key=game.name)
        if h.distance(south[0]) == 6 and min(h.distance(e) for e in south) == 6
    )
    state.troops.hexes[us] = near
    _to_action(state, sl, (10, 1))
    assert leader_waits(state)
    state.apply(Declare("german", "operational"))
    off = sorted(m for m in state.active.in_command if m in state.troops.waiting)
    assert off and state.active.operational_turn
    man = off[0]
    state.apply(OrderMan(man))
    assert state.active.ap == 8.0
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.unit == man]
    firsts = {game.by_name[a.path[0]] for a in moves}
    assert firsts and firsts <= set(south)
    assert all(operational.why_not_enter(state, man, h) is None for h in firsts)
    barred = [h for h in south if operational.why_not_enter(state, man, h) is not None]
    assert barred and not firsts & set(barred)  # within 8 hexes of him, or in his sight
    longest = max(moves, key=lambda a: len(a.path))
    state.apply(longest)
    assert man in state.troops.hexes and state.active.ap < 8.0
    assert all(operational.why_not_enter(state, man, game.by_name[n]) is None for n in longest.path)
