"""Panzer '44 Improved Positions [12.0] and mines [17.0].

The book has no worked example of either; the positions are our own on the Panzer '44 map, all
clear hexes (0913/0914 are town). Fort Driant [19.7] and the Siegfried Line [19.8] are the
book's scenarios whose victory rests on Improved Positions.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from model.scenario_io import load_scenario, parse_scenario
from model.yamlio import read_yaml_text
from rules.bots.base import make_bot, play
from rules.engine.core import Game
from rules.engine.errors import IllegalActionError
from rules.panzer44.events import (
    FireResolved,
    ImprovedPositionChanged,
    MineAttack,
    MoveEnded,
    MoveStopped,
    ResultApplied,
)
from rules.panzer44.game import Panzer44State
from rules.records.position import position_text, read_position
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"

IP_POSITION = """
schema_version: 1
id: test-p44-ip
title: Improved Position test position
system: panzer44
original: true
map:
  layout:
    sections: [{section: P44}]
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4a, placement: {kind: hex, hex: "0810"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, state: [in-ip], placement: {kind: hex, hex: "1011"}}
      - {unit: Inf, state: [in-ip], placement: {kind: hex, hex: "1013"}}
first_player: us
length: {turns: 2, unit: game-turn}
victory: {scoring: most-vp}
"""

MINE_POSITION = """
schema_version: 1
id: test-p44-mines
title: Mined hex test position
system: panzer44
original: true
map:
  layout:
    sections: [{section: P44}]
sides:
  - id: us
    name: American
    nation: us
    forces:
      - {unit: M4a, placement: {kind: hex, hex: "0911"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1013"}}
    fortifications: {mined_hexes: 1, mine_kind: hasty, not_in: [town]}
first_player: us
length: {turns: 2, unit: game-turn}
victory: {scoring: most-vp}
"""


def state_of(text: str) -> Panzer44State:
    state = load_game(parse_scenario(text, "test.yaml")).new_initial_state(1)
    assert isinstance(state, Panzer44State)
    return state


@functools.cache
def book_game(name: str) -> Game:
    return load_game(load_scenario(SCENARIOS / name))


def test_a_unit_in_ip_is_inside_and_its_attacker_reads_four_less() -> None:
    state = state_of(IP_POSITION)
    assert sorted(state.game.name(h) for h in state.forts.ips) == ["1011", "1013"]
    state.apply("plot us.M4a.1 DF 1011")
    state.force_dice(6)
    events = state.apply("done german")
    fire = next(e for e in events if isinstance(e, FireResolved) and e.firer == "us.M4a.1")
    ip = next(m for m in fire.modifiers if "Improved Position" in m.what)
    assert (ip.value, ip.applied) == (-4, True)
    assert "[12.1]" in ip.rule
    assert fire.modified_roll == 2


def test_a_unit_inside_climbs_out_with_its_whole_allowance_before_it_leaves() -> None:
    state = state_of(IP_POSITION)
    state.apply("plot us.M4a.1 MV")
    state.apply("plot german.Inf.2 MV")
    state.apply("done german")
    state.apply(state.legal_actions("us")[0])
    assert state.segment.id == "second-player-movement"
    assert [a.text() for a in state.legal_actions("german")] == ["move german.Inf.2 out-of-ip"]
    with pytest.raises(IllegalActionError, match=r"climbs out first .* \[12.4\]"):
        state.apply("move german.Inf.2 1014")
    state.apply("move german.Inf.2 out-of-ip")
    assert "german.Inf.2" not in state.forts.inside


def test_a_unit_on_top_goes_back_inside_at_no_cost_in_the_movement_phase() -> None:
    """[12.4]: "There is no Movement Point cost for a unit to move into an Improved Position
    (from on top to underneath). Changing position within an Improved Position takes place
    during the Movement Phase." The platoon that climbed out on Game-Turn One, plotted MV on
    Game-Turn Two, may go back inside as its move (before, it could only walk away or out
    and back)."""
    state = state_of(IP_POSITION)
    state.apply("plot german.Inf.2 MV")
    state.apply("done us")
    state.apply("done german")
    with pytest.raises(IllegalActionError, match=r"not on top of an Improved Position .*\[12\.4\]"):
        state.apply("move german.Inf.2 into-ip")  # it is inside
    state.apply("move german.Inf.2 out-of-ip")
    while state.play.turn == 1:
        state.apply(state.legal_actions()[-1])
    assert "german.Inf.2" not in state.forts.inside  # on top: no benefit [12.1]
    state.apply("plot german.Inf.2 MV")
    state.apply("done us")
    state.apply("done german")
    while state.segment.id != "second-player-movement":
        state.apply(state.legal_actions()[-1])
    listed = [a.text() for a in state.legal_actions("german")]
    assert "move german.Inf.2 into-ip" in listed and "move german.Inf.2 1014" in listed
    assert state.describe(state.game.parse_action("move german.Inf.2 into-ip")) == (
        "Go back inside the Improved Position (no Movement Point cost) [12.4]"
    )
    events = state.apply("move german.Inf.2 into-ip")
    change = next(e for e in events if isinstance(e, ImprovedPositionChanged))
    assert (change.unit, change.rule) == ("german.Inf.2", "[12.4]")
    assert "no Movement Point cost" in change.change
    ended = next(e for e in events if isinstance(e, MoveEnded))
    assert (ended.unit, ended.spent) == ("german.Inf.2", 0)
    assert state.game.name(state.forts.inside["german.Inf.2"]) == "1013"


GUN_ON_TOP = IP_POSITION.replace(
    '      - {unit: Inf, state: [in-ip], placement: {kind: hex, hex: "1013"}}\n',
    '      - {unit: Inf, state: [in-ip], placement: {kind: hex, hex: "1013"}}\n'
    '      - {unit: 75a, state: [in-ip], placement: {kind: hex, hex: "1013"}}\n',
)


def test_a_gun_with_no_movement_allowance_may_be_plotted_to_go_back_inside() -> None:
    """[12.4]'s "no Movement Point cost" (our reading): an anti-tank gun (MA 0) on top of its
    side's IP, as a carrier's dismount leaves it [9.0], may be plotted MV to go inside, and
    that is its only move; one inside may not be plotted MV."""
    start = state_of(GUN_ON_TOP)
    assert "plot german.75a.1 MV" not in [a.text() for a in start.legal_actions("german")]
    position = start.to_position()
    units = [
        u.model_copy(update={"status": []}) if u.id == "german.75a.1" else u for u in position.units
    ]
    text = position_text(position.model_copy(update={"units": units}))
    _, state = read_position(read_yaml_text(text, "pos.yaml"), start.game.loaded)
    assert isinstance(state, Panzer44State) and "german.75a.1" not in state.forts.inside
    state.apply("plot german.75a.1 MV")
    state.apply("done us")
    state.apply("done german")
    assert state.segment.id == "second-player-movement"
    assert [a.text() for a in state.legal_actions("german")] == ["move german.75a.1 into-ip"]
    state.apply("move german.75a.1 into-ip")
    assert state.game.name(state.forts.inside["german.75a.1"]) == "1013"


def test_mines_are_laid_hidden_and_attack_a_unit_entering_and_leaving() -> None:
    state = state_of(MINE_POSITION)
    assert [state.game.name(h) for h in state.game.fortified.mines] == ["1012"]  # not town
    assert state.mines_known_to("german") == ["1012"]
    assert state.mines_known_to("us") == []
    assert not [line for line in state.view_for("us").log if "mined" in line]
    assert [line for line in state.view_for("german").log if "mined hex" in line]
    state.apply("plot us.M4a.1 MV")
    state.apply("done german")
    state.force_dice(1)
    events = state.apply("move us.M4a.1 1011 1012 1112")
    attack = next(e for e in events if isinstance(e, MineAttack))
    assert (attack.hex, attack.moving, attack.superiority, attack.result) == (
        "1012",
        "entering",
        -2,
        "•",
    )
    assert any(isinstance(e, MoveStopped) and "[17.13]" in e.reason for e in events)
    assert state.game.name(state.board.hexes["us.M4a.1"]) == "1012"
    assert state.mines_known_to("us") == ["1012"]  # the marker is placed [17.0]
    while state.play.turn == 1:
        state.apply(state.legal_actions()[-1])
    state.apply("plot us.M4a.1 MV")
    state.apply("done german")
    state.force_dice(2)  # column -2, roll 2: Pin
    events = state.apply("move us.M4a.1 1011 0911")
    attack = next(e for e in events if isinstance(e, MineAttack))
    assert (attack.moving, attack.result) == ("leaving", "Pin")
    assert state.game.name(state.board.hexes["us.M4a.1"]) == "1011"  # placed in the hex entered
    pinned = [e for e in events if isinstance(e, ResultApplied) and e.unit == "us.M4a.1"]
    assert pinned and pinned[0].pinned  # applied at once [17.14]


def test_fort_driants_condition_is_evaluated() -> None:
    game = book_game("19.7-assault-on-fort-driant.yaml")
    state = game.new_initial_state(1)
    assert len(state.forts.ips) == 8 and len(state.forts.inside) == 8
    play(state, {s: make_bot("random", 10 + i) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None and outcome.unevaluated == ()
    assert "of 8 hexes held (occupy)" in outcome.findings[0]


def test_the_siegfried_lines_condition_is_evaluated() -> None:
    game = book_game("19.8-attack-on-the-siegfried-line.yaml")
    state = game.new_initial_state(1)
    assert len(game.fortified.mines) == 5  # type: ignore[attr-defined]
    play(state, {s: make_bot("random", 10 + i) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None and outcome.unevaluated == ()
    assert "enemy Improved Positions destroyed" in outcome.findings[0]


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_random_game_of_every_scenario_ends_without_error(path: Path) -> None:
    game = book_game(path.name)
    state = game.new_initial_state(7)
    play(state, {s: make_bot("random", 70 + i) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None


def test_mines_alone_barred_from_town_leave_the_improved_positions_free_to_go_there() -> None:
    """20.5: "He may not place mines in town hexes" bars mines, not Improved Positions."""
    plain = MINE_POSITION.replace("not_in: [town]", "improved_positions: 1")
    assert [state_of(plain).game.name(h) for h in state_of(plain).game.fortified.mines] == [
        "0913"  # the nearest vacant hex by name is the town of 0913
    ]
    text = plain.replace('hex: "1013"', 'hex: "0913"').replace(
        "improved_positions: 1", "improved_positions: 1, mines_not_in: [town]"
    )
    state = state_of(text)
    assert state.game.terrain.terrain(state.game.amap.resolve("0913")) == "town"
    assert [state.game.name(h) for h in state.forts.ips] == ["0913"]  # the IP may stand in town
    mines = state.game.fortified.mines
    assert mines and all(state.game.terrain.terrain(h) != "town" for h in mines)
