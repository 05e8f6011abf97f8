"""Panzer Command's advanced and optional rules: Scenario Generation [§23], Limited Intelligence
[§22], Modern Tanks [§24].

§23's text is cut from the abbreviated book: the generator's tables are our own (placeholders);
these tests pin what it promises: a file that validates and plays to its end, the same file for
the same seed, the defender bought up to the balance against the attacker. Dice are forced: a
forced face f reads as the d10's f-1 [§2.3].
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from test_pc_opportunity import segment

from editor.cli.main import main
from model.scenario_io import load_scenario, parse_scenario
from rules.bots.base import RandomBot
from rules.bots.greedy import GreedyBot
from rules.engine.actions import Move
from rules.engine.dice import Dice
from rules.engine.events import DieRolled
from rules.panzer_command import generate as gen
from rules.panzer_command import hidden, intel
from rules.panzer_command.actions import (
    Assault,
    AssaultReport,
    ChitsInCup,
    Concentrate,
    Fire,
    FireExplained,
    HqAssigned,
    MoveFire,
    PointsChanged,
    PositionChanged,
    Rally,
    Retreat,
    SplitFire,
)
from rules.panzer_command.fire import attack_strength
from rules.panzer_command.game import PanzerCommandGame, PcState
from rules.panzer_command.units import cell
from rules.records.position import PositionReader
from rules.registry import load_game

# --- §23 Scenario Generation ------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 11])
def test_a_generated_scenario_validates_and_plays_to_its_end_23(tmp_path: Path, seed: int) -> None:
    """[§23] `hexwright generate panzer-command -o FILE --seed N` writes a scenario that
    `hexwright validate` passes and bots play to the end (heuristic against random)."""
    path = tmp_path / f"gen-{seed}.yaml"
    assert main(["generate", "panzer-command", "-o", str(path), "--seed", str(seed)]) == 0
    assert main(["validate", "-q", str(path)]) == 0
    game = load_game(load_scenario(path))
    assert isinstance(game, PanzerCommandGame)
    state = game.new_initial_state(seed)
    bots = dict(zip(game.sides, (GreedyBot(seed), RandomBot(seed)), strict=True))
    for _ in range(20000):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner in game.sides


def test_the_same_seed_gives_the_same_file_another_seed_another_23(tmp_path: Path) -> None:
    """[§23] The generator rolls only the seeded dice: the same seed writes the same bytes."""
    files = []
    for name, seed in (("a", 4), ("b", 4), ("c", 9)):
        path = tmp_path / f"{name}.yaml"
        assert main(["generate", "panzer-command", "-o", str(path), "--seed", str(seed)]) == 0
        files.append(path.read_bytes())
    assert files[0] == files[1]
    assert files[0] != files[2]


def test_forced_dice_decide_attacker_objective_and_the_balanced_defence_23() -> None:
    """[§23, our tables] Forced rolls: 0 a German attack; 3 on Sowchos 79 (nearest the West
    edge); 9 + 9//3 = 7 companies, all Pz IV (1 on the table: 0-2 Pz III, 3-4 Pz IV: face 4
    reads 3); the Soviet defence is rolled until worth 60% of the attack (7 x 18 = 126: 76),
    here all T-34s (face 1 reads 0: 17 each), so five of them."""
    dice = Dice(0)
    dice.force(1, 4, 10, *[4] * 7, *[1] * 5)
    data = gen.generate(0, dice)
    soviet, german = data["sides"]
    assert (german["id"], german["role"], soviet["role"]) == ("german", "attacker", "defender")
    assert german["setup"]["region"] == {"kind": "place", "name": "West edge"}
    assert german["forces"][0] == {"unit": "de-pz4", "count": 7}
    assert soviet["forces"][0] == {"unit": "su-t34", "count": 5}
    assert soviet["setup"]["region"]["of"] == {"kind": "place", "name": "Sowchos 79"}
    assert data["first_player"] == "german"
    assert data["deployment_order"] == ["soviet", "german"]
    assert "our" in data["placeholder"] and "[§23]" in data["placeholder"]


def test_every_objective_is_a_place_of_the_map_and_its_edge_the_nearest_23() -> None:
    """[§23, our table] The objectives are places of the Chir map [§2.1]; the attacker enters
    from the edge nearest the objective's hex."""
    board = yaml.safe_load(Path("resources/panzer-command/boards/CHIR.yaml").read_text())
    places = board["places"]
    for name, anchor in gen.OBJECTIVES:
        assert anchor in places[name]
    assert gen.nearest_edge("0815") == "West"
    assert gen.nearest_edge("3425") == "South"
    assert gen.nearest_edge("1309") == "North"


# --- §22 Limited Intelligence -----------------------------------------------------------------

POINT_161 = "scenarios/panzer-command/point-161.yaml"
PAK, T34 = "german.de-pak.1", "soviet.su-t34.1"


def intel_game(*options: str) -> PanzerCommandGame:
    """Point 161 playing the options named in its ``rules.options`` [§22]."""
    text = Path(POINT_161).read_text(encoding="utf-8")
    chosen = f"system: panzer-command\nrules:\n  options: [{', '.join(options)}]\n"
    game = load_game(parse_scenario(text.replace("system: panzer-command\n", chosen, 1)))
    assert isinstance(game, PanzerCommandGame)
    return game


def _to_next_turn(state: PcState) -> None:
    turn = state.play.turn
    while state.play.turn == turn and not state.is_terminal():
        state.apply(f"done {state.to_act()[0]}")


def test_hidden_segments_keep_dispatch_points_and_track_chits_secret_22_1() -> None:
    """[§22.1] "both players keep the placement of their segment markers in the cup and on the
    game Turn Track secret ... The number of Dispatch Points spent and received is also kept
    secret": the German Dispatch Point spent to put its second chit on next turn's track, its
    Initiative roll, and that chit in next turn's cup are seen by the German side alone; the
    cup's count is not shown. Without the option the Soviet side sees them all."""
    for options, secret in (((intel.SEGMENTS,), True), ((), False)):
        state = intel_game(*options).new_initial_state(1)
        state.apply("dispatch german")
        _to_next_turn(state)
        soviet, german = state.events_for("soviet"), state.events_for("german")
        spent = [e for e in german if isinstance(e, PointsChanged) and e.side == "german"]
        assert spent and spent[0].change == -1
        seen = [e for e in soviet if isinstance(e, PointsChanged) and e.points == "dispatch"]
        assert bool(secret) == (not any(e.side == "german" for e in seen))
        rolls = [e for e in soviet if isinstance(e, DieRolled) and "german Initiative" in e.purpose]
        assert bool(secret) == (not rolls)
        [cup] = [e for e in soviet if isinstance(e, ChitsInCup) and e.turn == state.play.turn]
        assert ("german:regiment-2" not in cup.chits) == secret
        [own] = [e for e in german if isinstance(e, ChitsInCup) and e.turn == state.play.turn]
        assert "german:regiment-2" in own.chits
    state = intel_game(intel.SEGMENTS).new_initial_state(1)
    state.apply("done german")
    state.apply("done soviet")
    assert "chit(s) in the cup" in state.progress().step
    assert not state.progress().step[0].isdigit()


def test_hidden_direct_command_totals_and_roll_are_secret_22_2() -> None:
    """[§22.2] "Both players keep their Direct Command Tracks and totals hidden ... when a
    player picks his Direct Command Segment chit, he keeps his subsequent die roll a secret":
    the roll and the Commands gained are in the owner's log, not the enemy's."""
    state = intel_game(intel.COMMANDS).new_initial_state(2)
    while not (state.play.chit or "").endswith("direct-command"):
        state.apply(f"done {state.to_act()[0]}")
    owner = state.owner
    other = next(s for s in state.game.sides if s != owner)
    mine = [e for e in state.events_for(owner) if isinstance(e, PointsChanged)]
    assert any(e.side == owner and e.points == "commands" for e in mine)
    theirs = state.events_for(other)
    assert not any(isinstance(e, PointsChanged) and e.side == owner for e in theirs)
    assert not any(
        isinstance(e, DieRolled) and f"{owner} Direct Commands" in e.purpose for e in theirs
    )
    assert all(e.private_to is None or e.private_to == other for e in theirs)


def test_hidden_hq_values_are_rolled_within_the_level_and_rerolled_outside_22_3() -> None:
    """[§22.3] "rolls one die separately for each HQ and places the marker in the space
    indicated by the roll in the same level ... Some die rolls will have to be re-rolled":
    the German Division HQ set up in C (elite: rolls 0-2 on our placeholder track) rolls 5 (F,
    veteran: re-rolled), then 1: space B, whose Initiative Rating (6) replaces C's (6) and
    Direct Commands Rating 4 replaces C's 3. Kept secret from the Soviet side."""
    state = intel_game(intel.HQ_VALUES).new_initial_state(3)
    for side in state.game.sides:  # every HQ's space is of its scenario space's level
        named = str(state.game.settings[side]["division_hq_space"])
        rolled = state.intel.division[side]
        level = cell(intel.DIVISION_TRACK, named, "level").value
        assert cell(intel.DIVISION_TRACK, rolled, "level").value == level
    state.intel = intel.Intel()
    state.dice.force(6, 2)
    intel.roll_hq_spaces(state)
    assert state.intel.division["german"] == "B"
    assert intel.division_rating(state, "german", "direct_commands") == 4
    assert state.game.rating("german", "direct_commands") == 3
    space = state.intel.regiment["german"]
    assert intel.command_radius(state, "german") == int(
        str(cell(intel.REGIMENT_TRACK, space, "Command Radius").value)
    )
    soviet_log = [e.describe() for e in state.events_for("soviet")]
    assert not any("german" in t and "§22.3" in t for t in soviet_log)
    assert any("§22.3" in e.describe() for e in state.events_for("german"))


def test_hidden_concentration_is_secret_until_it_modifies_an_attack_22_4() -> None:
    """[§22.4] "When fire has been Concentrated into a hex, no marker is placed immediately.
    However, the instant that the Concentration is used to modify an attack made by the
    Concentrated unit, reveal the Concentration": the PaK's Concentration on 0104 is in the
    German log only; its fire at the T-34 there reveals it to the Soviet side."""
    state = segment(intel_game(intel.CONCENTRATIONS), "german", {PAK: "0105", T34: "0104"})
    events = state.apply(Concentrate(PAK, "0104"))
    assert all(e.private_to == "german" for e in events if isinstance(e, PositionChanged))
    assert state.intel.secret_concentrations == {PAK}
    assert not any("Concentrates" in e.describe() for e in state.events_for("soviet"))
    state.play.verbs.pop(PAK)  # a later Segment's fire
    state.play.acted.discard(PAK)
    state.force_dice(10)
    events = state.apply(Fire(PAK, T34))
    [fired] = [e for e in events if isinstance(e, FireExplained)]
    assert any("Concentrated" in s for s in fired.steps)
    assert any("revealed" in e.describe() and e.private_to is None for e in events)
    assert not state.intel.secret_concentrations


PZGR = "german.de-panzergrenadier.1"


def hidden_segment(side: str, keep: dict[str, str]) -> PcState:
    """Point 161 with Hidden Units (the German side, the Reaction player, hides [§22.5]): a
    Segment of ``side`` with only ``keep`` on the map, sighting worked out afresh."""
    state = segment(intel_game(intel.UNITS), side, keep)
    state.intel.revealed = set()
    hidden.update(state)
    return state


def test_a_hidden_unit_in_woods_is_seen_only_from_the_adjacent_hex_22_5() -> None:
    """[§22.5] "an LOS can be traced only 1 hex (that is, into an adjacent hex) into ...
    Woods": the Panzergrenadiers in the woods of 0716 are off the Soviet map and no target for
    the T-34 three hexes off in the open (0414, a clear line of sight); once the T-34 moves
    adjacent they are revealed, to both sides."""
    state = hidden_segment("soviet", {T34: "0414", PZGR: "0716"})
    assert hidden.is_hidden(state, PZGR)
    assert PZGR not in {p.unit for p in state.view_for("soviet").units}
    assert PZGR in {p.unit for p in state.view_for("german").units}
    assert not any(getattr(a, "target", None) == PZGR for a in state.legal_actions())
    assert "§22.5" in (state.preview(Fire(T34, PZGR)).why_not or "")
    woods = state.game.by_name["0716"]
    step = next(
        a
        for a in state.legal_actions()
        if isinstance(a, Move)
        and a.unit == T34
        and state.game.by_name[a.path[-1]].distance(woods) == 1
    )
    events = state.apply(step)
    assert not hidden.is_hidden(state, PZGR)
    assert any("revealed in 0716" in e.describe() and e.private_to is None for e in events)
    assert PZGR in {p.unit for p in state.view_for("soviet").units}


def test_a_hidden_unit_in_the_open_is_seen_and_behind_a_crest_only_within_two_hexes_22_5() -> None:
    """[§22.5] "a unit is not revealed if the LOS to it crosses an adjacent crest hexside and
    the sighting unit is three or more hexes away": 0224 has a crest hexside toward 0426, so
    the T-34 there does not reveal the Panzergrenadiers; from two hexes it does. In the open,
    with no crest between, a clear line of sight of 3 hexes reveals them."""
    state = hidden_segment("soviet", {T34: "0426", PZGR: "0224"})
    assert hidden.behind_crest(state, state.game.by_name["0426"], state.game.by_name["0224"])
    assert hidden.is_hidden(state, PZGR)
    target = state.game.by_name["0224"]
    near = next(
        h
        for h in sorted(state.game.amap.hexes, key=state.game.name)
        if h.distance(target) == 2 and state.game.sees(h, target)
    )
    state = hidden_segment("soviet", {T34: state.game.name(near), PZGR: "0224"})
    assert not hidden.is_hidden(state, PZGR)
    state = hidden_segment("soviet", {T34: "0101", PZGR: "0104"})
    assert not hidden.is_hidden(state, PZGR)


def test_a_hidden_unit_that_fires_is_revealed_and_out_of_sight_hides_again_22_5() -> None:
    """[§22.5] "When a hidden unit engages in combat, of any type, it is placed on the map ...
    it remains on map until it is again out of sight": the PaK in the woods of 0716 fires at
    the T-34 in 0414 and is revealed; with the T-34 gone out of sight it is hidden again, in
    the German log only. Events about a hidden unit are its owner's alone."""
    state = hidden_segment("german", {T34: "0414", PAK: "0716"})
    assert hidden.is_hidden(state, PAK)
    state.force_dice(10)
    events = state.apply(Fire(PAK, T34))
    assert any("revealed in 0716" in e.describe() for e in events)
    fired = [e for e in events if isinstance(e, FireExplained)]
    assert fired and all(e.private_to is None for e in fired)
    state.troops.hexes[T34] = state.game.by_name["3030"]
    state.apply("done german")
    assert hidden.is_hidden(state, PAK)
    again = [e for e in state.log if "hidden again" in e.describe()]
    assert again and again[-1].private_to == "german"
    state.troops.hexes[PZGR] = state.game.by_name["0715"]
    hidden.update(state)
    assert hidden.is_hidden(state, PZGR)
    state.emit(PositionChanged(PZGR, "test", "[§22.5]"))
    assert state.log[-1].private_to == "german"


def test_hidden_units_replay_and_round_trip_as_a_position_22_5() -> None:
    """[§22.5] The revealed units are state: a clone, a position file and a replay keep them."""
    game = intel_game(intel.UNITS, intel.LIMITED)
    state = game.new_initial_state(5)
    bot = RandomBot(5)
    for _ in range(300):
        if state.is_terminal():
            break
        state.apply(bot.choose(state, state.to_act()[0]))
    clone = state.clone()
    assert clone.fingerprint() == state.fingerprint()
    position = state.to_position()
    again = game.state_from_position(position, PositionReader(game, position, None))
    assert again.intel == state.intel
    replayed = game.new_initial_state(5)
    for action in state.history:
        replayed.apply(action)
    assert replayed.fingerprint() == state.fingerprint()


@pytest.mark.gui
def test_hot_seat_test_play_hides_what_limited_intelligence_hides_22(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """[§22.1; §22.5] Test Play's hot seat through the real panel: the German player (the
    Reaction player, whose units hide) sees all his units and his own Initiative roll; after
    the hand-over the Soviet player's map has no hidden German unit and his log neither the
    German Dispatch Points nor the German roll."""
    from test_testplay import open_window, start
    from test_testplay_systems import take_over

    text = Path(POINT_161).read_text(encoding="utf-8")
    chosen = "system: panzer-command\nrules:\n  options: [limited-intelligence, hidden-units]\n"
    path = tmp_path / "hidden.yaml"
    path.write_text(text.replace("system: panzer-command\n", chosen, 1), encoding="utf-8")
    w = open_window(qtbot, str(path))
    panel = start(w, {"german": "human", "soviet": "human"})
    take_over(qtbot, panel)
    state = panel.session.state
    secret = hidden.hidden_units(state)
    assert secret  # the Germans set up out of the Soviets' sight
    assert secret <= {p.unit for p in panel.units_shown}
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)  # German passes
    take_over(qtbot, panel)  # the Soviet player's view
    assert panel.acting_side() == "soviet"
    assert not secret & {p.unit for p in panel.units_shown}
    assert len(panel.counters) == len(panel.units_shown)
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)  # Soviet passes: the rolls
    take_over(qtbot, panel)
    assert panel.acting_side() == "soviet"  # the Initiative player draws first [§3.1]
    german = panel.session.state.events_for("german")
    assert any("german Initiative" in e.describe() for e in german)
    assert "german Initiative" not in panel.log.toPlainText()
    assert "soviet Initiative" in panel.log.toPlainText()


# --- §24 Modern Tanks -------------------------------------------------------------------------

T72 = "soviet.su-t72.1"


def modern_game() -> PanzerCommandGame:
    """Point 161 with the Soviet KV company swapped for a T-72 company [§24]."""
    text = Path(POINT_161).read_text(encoding="utf-8").replace("{unit: su-kv}", "{unit: su-t72}")
    game = load_game(parse_scenario(text))
    assert isinstance(game, PanzerCommandGame)
    return game


def test_move_fire_halves_the_allowance_and_fires_at_minus_four_24_1() -> None:
    """[§24.1] "The unit can either move and then attack, or attack and then move; but when it
    does either, its Movement Point Allowance is halved (round down) and it has an Attack
    Strength modifier of -4 ... it cannot move and then Close Assault": the T-72 (8 MP, a
    placeholder) announces Move/Fire, its moves cost at most 4 MP, it moves one hex and fires
    at the PaK at 4 less than a Direct Fire from there, for no Direct Command; it may not move
    again nor Close Assault."""
    game = modern_game()
    state = segment(game, "soviet", {T72: "0101", PAK: "0106"})
    costs = [state.preview(a).cost or "" for a in state.legal_actions() if isinstance(a, Move)]
    assert any(c.startswith(("5 ", "6 ", "7 ", "8 ")) for c in costs)  # the whole allowance
    assert MoveFire(T72) in state.legal_actions()
    commands = state.command.dc["soviet"]
    state.apply(MoveFire(T72))
    moves = [a for a in state.legal_actions() if isinstance(a, Move) and a.unit == T72]
    assert moves and all(state.preview(a).cost.endswith("of 4 MP") for a in moves)  # type: ignore[union-attr]
    state.apply("move soviet.su-t72.1 0102")
    normal, _ = attack_strength(segment(game, "soviet", {T72: "0102", PAK: "0106"}), T72, PAK)
    state.force_dice(10)
    [fired] = [e for e in state.apply(Fire(T72, PAK)) if isinstance(e, FireExplained)]
    assert fired.final == max(0, normal - 4)
    assert any("Move/Fire Action [§24.1; §7.3] -4" in s for s in fired.steps)
    assert state.command.dc["soviet"] == commands
    assert "§24.1" in (state.preview(Move(T72, ("0103",))).why_not or "")
    assert "§24.1" in (state.preview(Assault(T72, PAK)).why_not or "")


def test_move_fire_may_fire_first_then_move_24_1() -> None:
    """[§24.1] "or attack and then move": the fire first, the move after, one of each."""
    state = segment(modern_game(), "soviet", {T72: "0102", PAK: "0106"})
    state.apply(MoveFire(T72))
    state.force_dice(10)
    state.apply(Fire(T72, PAK))
    assert Fire(T72, PAK) not in state.legal_actions()
    assert any(isinstance(a, Move) and a.unit == T72 for a in state.legal_actions())
    state.apply("move soviet.su-t72.1 0101")
    assert state.play.movefire[T72] == ["fire", "move"]


def test_split_fire_attacks_twice_at_half_strength_24_3() -> None:
    """[§24.3] "can split its Attack Strength in half (round fractions down) to attack two
    separate targets or the same target twice. Each attack is resolved separately ... Split
    Fire cannot be used with the Move/Fire Action": the T-72 (Attack Strength 8, a
    placeholder) fires twice at 4 before modifiers, at the PaK and the Panzergrenadiers; a
    T-72 that announced Move/Fire is offered no Split Fire."""
    state = segment(modern_game(), "soviet", {T72: "0102", PAK: "0105", PZGR: "0104"})
    action = SplitFire(T72, PAK, PZGR)
    assert action in state.legal_actions()
    assert SplitFire(T72, PAK, PAK) in state.legal_actions()
    assert len(state.preview(action).chances) == 2
    state.force_dice(10, 10)
    fired = [e for e in state.apply(action) if isinstance(e, FireExplained)]
    assert [e.target for e in fired] == [PAK, PZGR]
    assert all("Split Fire: half of it, rounded down, 4 [§24.3]" in e.steps for e in fired)
    assert Fire(T72, PAK) not in state.legal_actions()  # the Direct Fire Action is made
    state = segment(modern_game(), "soviet", {T72: "0102", PAK: "0105"})
    state.apply(MoveFire(T72))
    assert not any(isinstance(a, SplitFire) for a in state.legal_actions())
    assert "§24.3" in (state.preview(SplitFire(T72, PAK, PAK)).why_not or "")


def test_a_game_with_a_modern_tank_plays_to_its_end_and_replays_24() -> None:
    """[§24] Bots play the T-72 (the heuristic one splits its fire) to the end, and the game
    replays from its seed and actions."""
    game = modern_game()
    state = game.new_initial_state(8)
    bots = {"soviet": GreedyBot(8), "german": RandomBot(8)}
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert any(isinstance(a, SplitFire) for a in state.history)
    again = game.new_initial_state(8)
    for action in state.history:
        again.apply(game.parse_action(action.text()))
    assert again.fingerprint() == state.fingerprint()


def test_a_modern_tank_pursues_a_retreating_defender_and_assaults_on_24_2() -> None:
    """[§24.2] "If the defending unit retreats, the assaulting unit can occupy each hex the
    retreating unit vacates ... the unit can continue to Assault as long as it remains
    adjacent to the retreated unit, up to the three round limit": the T-72 assaults the
    Panzergrenadiers; Round 1 misses on both sides (forced 9s); they retreat; the T-72
    advances into their hex, and Round 2 is fought against the hex they retreated to. A T-34
    (no pursuit) ends its Assault after the advance [§9.5]."""
    for tank, pursues in ((T72, True), (T34, False)):
        game = modern_game()
        state = segment(game, "soviet", {tank: "0103", PZGR: "0104"})
        state.force_dice(10, 10, 10, 10)  # Round 1: both Troop Quality rolls and attacks fail
        state.apply(Assault(tank, PZGR))
        if state.reaction.trigger:
            state.apply("done german")  # no Opportunity Fire at the assault
        assert not state.dice.forced
        back = next(a for a in state.legal_actions() if isinstance(a, Retreat))
        state.apply(back)
        while state.reaction.trigger:
            state.apply(f"done {state.reaction.side}")
        assert state.troops.hexes[tank] == game.by_name["0104"]  # the advance [§9.5]
        reports = [e.describe() for e in state.log if isinstance(e, AssaultReport)]
        if pursues:
            assert any("pursues german.de-panzergrenadier.1" in r for r in reports)
            assert any(f"Round 2 against {back.path[-1]}" in r for r in reports)
        else:
            assert not any("pursues" in r or "Round 2" in r for r in reports)


# --- sections completed on the way ----------------------------------------------------------


def test_where_a_regimental_hq_is_assigned_is_its_owners_secret_4_1() -> None:
    """[§4.1 note] "Regimental HQ locations are kept secret in all two-player versions of the
    game, not simply when using the Limited Intelligence rules": each side's assignment is in
    its own log only."""
    state = intel_game().new_initial_state(1)
    for side in state.game.sides:
        other = next(s for s in state.game.sides if s != side)
        mine = [e for e in state.events_for(side) if isinstance(e, HqAssigned) and e.side == side]
        assert mine and all(e.private_to == side for e in mine)
        assert not any(
            isinstance(e, HqAssigned) and e.side == side for e in state.events_for(other)
        )


def test_three_steps_in_the_target_hex_raise_the_attack_5_2() -> None:
    """[§5.2] "The Attack Strength of a unit is increased when it attacks a unit occupying a
    hex that contains a total of 3 or more steps": the T-34 at the Panzergrenadiers (2 Steps)
    alone, then with the PaK (2 more) in their hex: one more (a placeholder +1)."""
    game = intel_game()
    alone = segment(game, "soviet", {T34: "0101", PZGR: "0103"})
    stacked = segment(game, "soviet", {T34: "0101", PZGR: "0103", PAK: "0103"})
    low, _ = attack_strength(alone, T34, PZGR)
    high, work = attack_strength(stacked, T34, PZGR)
    assert high == low + 1
    assert any("3 or more" in s for s in work.steps)


def test_a_rally_removes_the_suppression_before_a_cohesion_hit_11_2() -> None:
    """[§11.2] "Each Cohesion Hit and Suppression requires a separate successful Rally to be
    removed (beginning with the Suppression)": the Suppressed Panzergrenadiers with a Cohesion
    Hit roll 0: the Suppression goes, the Cohesion Hit stays; no second Rally this Segment."""
    state = segment(intel_game(), "german", {PZGR: "0104"})
    state.troops.suppressed.add(PZGR)
    state.troops.cohesion[PZGR] = 1
    state.force_dice(1)
    state.apply(Rally(PZGR))
    assert PZGR not in state.troops.suppressed
    assert state.troops.cohesion[PZGR] == 1
    assert "§3.2" in (state.preview(Rally(PZGR)).why_not or "")
