"""Panzer '44 on the engine: sequence of play, hidden plotting, movement and reachable hexes.

The position is a small scenario of our own on the Panzer '44 map, around the Ruisseau de
Xerses west of Arracourt: clear hexes, a road crossing the stream by a bridge (0709/0609), and
a town (0913). Costs are the book's where it gives them, each cited; the stream's crossing
cost is the data library's placeholder (the TEC row is cut) and is said so.
"""

from __future__ import annotations

import functools

import pytest

from model.hexes import Hex
from model.scenario_io import LoadedScenario, parse_scenario
from rules.engine.actions import Done, Move
from rules.engine.errors import IllegalActionError
from rules.engine.events import SegmentSkipped
from rules.panzer44.actions import Plot
from rules.panzer44.events import HexEntered, MoveEnded, NotMoved
from rules.panzer44.game import Panzer44Game, Panzer44State, reachable
from rules.panzer44.sequence import PANZER44_SEQUENCE
from rules.registry import load_game

POSITION = """
schema_version: 1
id: test-p44-xerses
title: Engine test position by the Ruisseau de Xerses
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
      - {unit: Inf, placement: {kind: hex, hex: "0812"}}
      - {unit: T, placement: {kind: hex, hex: "0712"}}
      - {unit: 57a, placement: {kind: hex, hex: "0813"}}
  - id: german
    name: German
    nation: germany
    forces:
      - {unit: Inf, placement: {kind: hex, hex: "1011"}}
      - {unit: PzV, placement: {kind: hex, hex: "1213"}}
      - unit: SMG
        placement: {kind: area, region: {kind: hexes, hexes: ["1213", "1214", "1215"]}}
first_player: us
length: {turns: 3, unit: game-turn}
victory: {scoring: most-vp}
"""


@functools.cache
def position() -> LoadedScenario:
    return parse_scenario(POSITION, "xerses.yaml")


def game() -> Panzer44Game:
    found = load_game(position())
    assert isinstance(found, Panzer44Game)
    return found


def new_state(seed: int = 1) -> Panzer44State:
    return game().new_initial_state(seed)


def costs(state: Panzer44State, unit: str) -> dict[str, float]:
    name = state.game.amap.name
    return {name(h): c for h, c in reachable(state, unit).items()}


def to_movement(state: Panzer44State, us: list[str], german: list[str]) -> None:
    for unit in us:
        state.apply(Plot(unit, "MV"))
    state.apply(Done("us"))
    for unit in german:
        state.apply(Plot(unit, "MV"))
    state.apply(Done("german"))


# --- sequence of play -----------------------------------------------------------------------


def test_the_sequence_of_play_is_the_books() -> None:
    assert [p.name for p in PANZER44_SEQUENCE] == [
        "Mutual Plot Phase",
        "Panic Determination Phase",
        "Direct Fire Phase",
        "Movement Phase",
        "Pin and Disruption Removal Phase",
        "Indirect Fire Phase",
    ]
    assert [p.source for p in PANZER44_SEQUENCE] == [f"Panzer '44 [4.1] {i}" for i in range(1, 7)]
    movement = PANZER44_SEQUENCE[3].segments
    assert [(s.id, s.actor) for s in movement] == [
        ("first-player-movement", "first"),
        ("second-player-movement", "second"),
    ]
    assert PANZER44_SEQUENCE[0].segments[0].hidden  # "secretly and simultaneously" [4.1] 1


def test_a_turn_walks_the_segments_and_resolves_each() -> None:
    state = new_state()
    assert (state.play.turn, state.segment.id, state.to_act()) == (1, "plot", ("us", "german"))
    to_movement(state, ["us.M4a.1"], [])
    assert (state.segment.id, state.to_act()) == ("first-player-movement", ("us",))
    skipped = [e.segment for e in state.log if isinstance(e, SegmentSkipped)]
    assert skipped == []  # every segment of the turn is resolved now (issue 6)
    state.apply(Move("us.M4a.1", ("0809",)))
    # The Germans plotted nothing, so their movement ends at once; the turn runs to its end.
    assert (state.play.turn, state.segment.id) == (2, "plot")


def test_the_game_ends_after_the_scenarios_game_turns_with_a_placeholder_outcome() -> None:
    state = new_state()
    assert state.outcome() is None
    for _ in range(3):
        state.apply(Done("us"))
        state.apply(Done("german"))
    assert state.is_terminal() and state.to_act() == () and state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.vp == {"us": 0, "german": 0}
    assert outcome.winner is None and outcome.placeholder
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(Done("us"))


# --- set-up ---------------------------------------------------------------------------------


def test_units_come_from_the_forces_with_the_catalogues_values() -> None:
    specs = game().specs
    assert (specs["us.M4a.1"].movement_allowance, specs["us.M4a.1"].allowance_source) == (
        5,
        "Panzer '44 [3.21]",
    )
    assert specs["us.Inf.1"].type_id == "Inf@us"  # the side's counter pool (units.yaml)
    assert specs["german.Inf.1"].type_id == "Inf@germany"
    assert specs["us.T.1"].movement_class == "soft-vehicle"
    assert specs["us.T.1"].allowance_source.startswith("placeholder:")


def test_a_force_placed_in_an_area_takes_its_first_legal_hex_and_says_so() -> None:
    state = new_state()
    name = state.game.amap.name
    # 1213 holds the Panther: one unit per hex [8.0], so the SMG takes 1214.
    assert name(state.board.hexes["german.SMG.1"]) == "1214"
    deployed = [e for e in state.log if getattr(e, "unit", None) == "german.SMG.1"]
    assert "first legal hex of its area" in deployed[0].describe()


# --- plotting -------------------------------------------------------------------------------


def test_plots_are_hidden_from_the_other_side() -> None:
    state = new_state()
    state.apply(Plot("us.M4a.1", "MV"))
    german = state.view_for("german")
    assert german.own_orders == () and german.others_done == {"us": False}
    assert not any("us.M4a.1" in line and "MV" in line for line in german.log)
    assert all(not a.text().startswith("plot us.") for a in state.legal_actions("german"))
    assert state.view_for("us").own_orders == ("plot us.M4a.1 MV",)
    state.apply(Done("us"))
    assert state.view_for("german").others_done == {"us": True}
    assert state.to_act() == ("german",)  # the US plot is collected; the German still plots
    assert "plot us.M4a.1 MV" not in " ".join(state.view_for("german").log)


def test_what_may_be_plotted() -> None:
    state = new_state()
    moves = [a.text() for a in state.legal_actions("us") if isinstance(a, Plot) and a.task == "MV"]
    assert moves == [
        "plot us.M4a.1 MV",
        "plot us.Inf.1 MV",
        "plot us.T.1 MV",  # the 57mm AT gun has MA 0: it moves only when carried [9.0]
    ]  # fire plots: tests/test_p44_fire.py
    with pytest.raises(IllegalActionError, match="moves only when carried"):
        state.apply(Plot("us.57a.1", "MV"))
    with pytest.raises(IllegalActionError, match=r"fire Indirect Fire \[6\.71\]"):
        state.apply(Plot("us.M4a.1", "IF", "1011"))
    state.apply(Plot("us.M4a.1", "MV"))
    with pytest.raises(IllegalActionError, match=r"already has its task .*\[5\.3\]"):
        state.apply(Plot("us.M4a.1", "MV"))
    with pytest.raises(IllegalActionError, match="Movement Phase"):
        state.apply(Move("us.M4a.1", ("0809",)))


# --- movement -------------------------------------------------------------------------------


def test_reachable_hexes_match_hand_computed_costs() -> None:
    state = new_state()
    tank = costs(state, "us.M4a.1")  # MA 5 [3.21]; the hard-vehicle column [10.13]
    assert tank["0809"] == 1  # a clear hex, its hexside clear: 1 [10.12]
    assert tank["0709"] == 1.5  # 0809, then along the road into 0709: 1/2 [10.14]
    assert tank["0609"] == 2  # the road over the bridge: 1/2, the stream ignored [10.14]
    # 0610 behind the stream: via the bridge 2 + clear 1 = 3 [10.11], not via 0710 across
    # the stream hexside (1 + placeholder 2 + 1 = 4: the TEC's stream row is cut).
    assert tank["0610"] == 3
    assert tank["0612"] == 3  # through the truck's hex: friendly units are passed [7.22]
    assert Hex(0, 0) not in reachable(state, "us.M4a.1")
    assert "1011" not in tank  # a German unit's hex is never entered [7.21]
    assert max(tank.values()) <= 5  # never more than the Movement Allowance [7.13]
    foot = costs(state, "us.Inf.1")  # MA 1 [3.22]: one hex a turn
    assert foot == dict.fromkeys(["0712", "0713", "0811", "0813", "0912", "0913"], 1.0)
    truck = costs(state, "us.T.1")  # trucks pay 2 for clear [10.12]
    assert (truck["0711"], truck["0612"], truck["0714"]) == (2, 2, 2.5)  # 0713, road 1/2
    assert costs(state, "us.57a.1") == {}  # MA 0 [3.22]


def test_a_move_is_walked_hex_by_hex_and_logged() -> None:
    state = new_state()
    to_movement(state, ["us.M4a.1"], [])
    events = state.apply(Move("us.M4a.1", ("0809", "0709", "0609")))
    entered = [(e.hex, e.cost, e.spent) for e in events if isinstance(e, HexEntered)]
    assert entered == [("0809", 1, 1), ("0709", 0.5, 1.5), ("0609", 0.5, 2)]
    ended = next(e for e in events if isinstance(e, MoveEnded))
    assert (ended.hex, ended.spent, ended.allowance) == ("0609", 2, 5)
    assert state.game.amap.name(state.board.hexes["us.M4a.1"]) == "0609"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (("0808",), r"0808 is not adjacent to 0810 \[7\.0\]"),
        (("0910", "1010", "1011"), r"may not enter 1011 \(an enemy unit is there \[7\.21\]\)"),
        (("0711", "0712"), r"held by us\.T\.1: one unit per hex \[8\.0\]"),
        (("0809", "0808", "0807", "0806", "0805", "0804"), r"would spend 6 MP of 5"),
        (("0809", "9999"), r"no hex '9999' on the map"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(path: tuple[str, ...], message: str) -> None:
    state = new_state()
    to_movement(state, ["us.M4a.1"], [])
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=message):
        state.apply(Move("us.M4a.1", path))
    assert state.fingerprint() == before


def test_only_plotted_units_move_first_player_first_and_each_must_move() -> None:
    state = new_state()
    to_movement(state, ["us.M4a.1", "us.Inf.1"], ["german.PzV.1"])
    with pytest.raises(IllegalActionError, match="was not plotted to move"):
        state.apply(Move("us.T.1", ("0711",)))
    with pytest.raises(IllegalActionError, match="german may not act now"):
        state.apply(Move("german.PzV.1", ("1212",)))
    with pytest.raises(IllegalActionError, match="ends by itself"):
        state.apply(Done("us"))  # plotted units must move [4.1] 4, [7.12]
    moves = state.legal_actions("us")
    assert all(isinstance(m, Move) for m in moves)
    assert Move("us.M4a.1", ("0809",)) in moves
    back = [m.path for m in moves if isinstance(m, Move) and m.path[-1] == "0810"]
    assert len(back) == 1 and len(back[0]) == 2  # out and back is a move [7.12]
    state.apply(Move("us.M4a.1", ("0809", "0810")))
    with pytest.raises(IllegalActionError, match="has moved this turn"):
        state.apply(Move("us.M4a.1", ("0809",)))
    state.apply(Move("us.Inf.1", ("0913",)))
    assert (state.segment.id, state.to_act()) == ("second-player-movement", ("german",))
    state.apply(Move("german.PzV.1", ("1212",)))
    assert state.play.turn == 2


def test_a_unit_hemmed_in_need_not_move() -> None:
    state = new_state()
    to_movement(state, [], ["german.SMG.1"])
    # Not hemmed in: the SMG moves. Block it in with a clone's units to see the other case.
    assert state.legal_actions("german")
    boxed = new_state()
    for unit, where in (("us.T.1", "1114"), ("us.Inf.1", "1115"), ("us.M4a.1", "1314")):
        boxed.board.hexes[unit] = boxed.game.amap.resolve(where)
    boxed.board.hexes["german.Inf.1"] = boxed.game.amap.resolve("1315")
    boxed.board.hexes["us.57a.1"] = boxed.game.amap.resolve("1215")
    to_movement(boxed, [], ["german.SMG.1"])
    assert boxed.play.turn == 2  # nothing to decide: the Movement Phase ended by itself
    assert any(isinstance(e, NotMoved) and e.unit == "german.SMG.1" for e in boxed.log)
