"""Panzer '44 position files (rules/panzer44/position.py): a state written and read back is the
same state, and plays on the same; a hostile file gives located problems, never a traceback;
``hexwright position`` writes one from a replay and reads it.

"The same state": the same :meth:`~rules.engine.core.State.position_fingerprint` (the position
and the dice; a state read from a file has no log or history), the same file written again,
and the same position fingerprints after the same actions, whose dice are rolled in both.
"""

from __future__ import annotations

import functools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from p44_positions import POSITIONS, p44_position

from editor.cli.main import main
from model.errors import ProblemList
from model.scenario_io import LoadedScenario, load_scenario
from model.yamlio import dump_yaml, read_yaml_text
from rules.bots.base import make_bot
from rules.engine.core import State
from rules.panzer44.events import MapEntered, MapLeft, MineAttack, OverrunResolved
from rules.panzer44.game import Panzer44State
from rules.records.position import load_position, position_of, position_text, read_position
from rules.records.replay import Replay, replay
from rules.registry import load_game

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "panzer44"


@functools.cache
def scenario(name: str) -> LoadedScenario:
    return load_scenario(SCENARIOS / f"{name}.yaml")


def text_of(state: State) -> str:
    return position_text(position_of(state, state.game.loaded.path))


def read_back(text: str, loaded: LoadedScenario) -> Panzer44State:
    _, state = read_position(read_yaml_text(text, "pos.yaml"), loaded)
    assert isinstance(state, Panzer44State)
    return state


def play_on(a: State, b: State, actions: int, seed: int) -> None:
    """Apply to both the actions a bot chooses in ``a``; their positions stay the same."""
    bot = make_bot("random", seed)
    for i in range(actions):
        if a.is_terminal():
            break
        action = bot.choose(a, a.to_act()[0])
        a.apply(action)
        b.apply(action)
        assert a.position_fingerprint() == b.position_fingerprint(), (i, action.text())


# --- round trips ------------------------------------------------------------------------------


#: Seeded games, each reaching what its id says (the test checks that it does).
GAMES = [
    pytest.param("19.2-sedan-revenged", 3, "random", None, id="19.2-carriers-support"),
    pytest.param("19.5-arracourt", 2, "random", MapEntered, id="19.5-arrivals"),
    pytest.param("19.7-assault-on-fort-driant", 1, "heuristic", None, id="19.7-ips"),
    pytest.param("20.4-action-at-menzelen", 5, "random", None, id="20.4-80-units"),
    pytest.param(
        "20.5-last-ditch-action-at-ibbenburen", 1, "heuristic", MineAttack, id="20.5-mines"
    ),
]
RARE = (MapEntered, MapLeft, MineAttack, OverrunResolved)


@pytest.mark.parametrize(("name", "seed", "bot", "rare"), GAMES)
def test_a_position_read_back_is_the_state_written_and_plays_on_the_same(
    name: str, seed: int, bot: str, rare: type | None
) -> None:
    """Written and read at every 37th action, after each entry, exit, Mine Attack and
    overrun, and at the end; played on from every third of those."""
    loaded = scenario(name)
    state = load_game(loaded).new_initial_state(seed)
    bots = {s: make_bot(bot, seed * 10 + i) for i, s in enumerate(state.game.sides)}
    checked, seen, events = 0, set(), []
    while True:
        now = {type(e) for e in events if isinstance(e, RARE)}
        if now or len(state.history) % 37 == 0 or state.is_terminal():
            seen |= now
            text = text_of(state)
            back = read_back(text, loaded)
            assert back.position_fingerprint() == state.position_fingerprint()
            assert text_of(back) == text  # the same file written again
            if checked % 3 == 0:
                play_on(state.clone(), back, 20, seed + checked)
            checked += 1
        if state.is_terminal():
            break
        side = state.to_act()[0]
        events = state.apply(bots[side].choose(state, side))
    assert checked > 2 and "step: over" in text  # the end, read back as the end
    assert back.is_terminal() and back.outcome() == state.outcome()
    assert rare is None or rare in seen


def test_a_carrier_and_its_passenger_off_the_map_are_read_back() -> None:
    """Sarre River [19.9]: an M3 carrying an M1 by the East edge leaves the map with it [7.23];
    the exit (its hex, what it carried) is read back and counts the same [19.9]."""
    data = yaml.safe_load((POSITIONS / "sarre-river-m4-by-the-east-edge.yaml").read_text("utf-8"))
    for place in data["units"]:
        if place["id"] == "us.M4.1":
            del place["hex"]
        elif place["id"] in ("us.M3.1", "us.M1.1"):
            place["hex"] = "6010"
    data["units"][[p["id"] for p in data["units"]].index("us.M1.1")]["carried_by"] = "us.M3.1"
    data["orders"] = {"us": ["plot us.M3.1 MV"]}
    data["scenario"] = str(SCENARIOS / "19.9-sarre-river.yaml")
    state = read_back(dump_yaml(data), scenario("19.9-sarre-river"))
    state.apply("move us.M3.1 6110 off")
    assert state.entry.exited == {"us.M3.1": ("us.M1.1",), "us.M1.1": ()}
    position = state.to_position()
    places = {p.id: p for p in position.units}
    assert (places["us.M3.1"].status, places["us.M3.1"].values) == (["exited"], {"exited": "6110"})
    assert (places["us.M1.1"].status, places["us.M1.1"].carried_by) == (["exited"], "us.M3.1")
    back = read_back(text_of(state), scenario("19.9-sarre-river"))
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.entry.exited == state.entry.exited
    play_on(state, back, 2000, 3)  # to the end
    assert state.is_terminal() and back.outcome() == state.outcome()


def test_forced_dice_and_the_draws_so_far_are_in_the_position() -> None:
    loaded = scenario("19.7-assault-on-fort-driant")
    state = load_game(loaded).new_initial_state(4)
    bots = {s: make_bot("random", 40 + i) for i, s in enumerate(state.game.sides)}
    while state.segment.id != "first-player-movement" or state.play.turn < 2:
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    state.force_dice(6, 1, 6)
    text = text_of(state)
    assert "forced: [6, 1, 6]" in text and f"draws: {state.dice.draws}" in text
    back = read_back(text, loaded)
    assert back.dice.forced == (6, 1, 6)
    assert back.position_fingerprint() == state.position_fingerprint()
    play_on(state, back, 60, 9)  # past the Indirect Fire Phase and the next Panic Phase


def test_every_plot_of_both_sides_is_written_in_the_order_made() -> None:
    """The file is the whole game: both sides' secret plots [4.1] 1, for bug reports (the
    German may not fire on Game-Turn One [19.2]: his plot is a move)."""
    loaded = scenario("19.2-sedan-revenged")
    state = load_game(loaded).new_initial_state(1)
    first, second = state.game.sides
    made = [a for a in state.legal_actions(first) if a.text().endswith(" MV")][:2]
    made += [a for a in state.legal_actions(second) if a.text().endswith(" MV")][1:2]
    for action in made:
        state.apply(action)
    position = state.to_position()
    assert position.orders[first] == [a.text() for a in made[:2]]
    assert position.orders[second] == [made[2].text()]
    back = read_back(text_of(state), loaded)
    for side in (first, second):  # what each side sees, but the log (a position has none)
        assert replace(back.view_for(side), log=()) == replace(state.view_for(side), log=())


def test_the_units_speak_the_books_words() -> None:
    state = p44_position("ip-garrison-disrupted-2.yaml")
    places = {p.id: p for p in state.to_position().units}
    assert places["german.Inf.1"].status == ["disrupted-2", "in-ip"]
    assert places["german.Inf.1"].hex == "1011"
    state.force_dice(6)  # the Sherman's D-3 on the D2: destroyed [6.82]
    state.apply("plot us.M4a.1 DF 1011")
    while state.play.turn == 1:
        state.apply(f"done {state.to_act()[0]}")
    position = state.to_position()
    places = {p.id: p for p in position.units}
    gone = places["german.Inf.1"]
    assert (gone.hex, gone.status) == (None, ["destroyed"])
    assert gone.values == {"loss": 1, "in-ip": "1011"}  # it was inside the IP of 1011
    assert [(m.kind, m.hex, m.side) for m in position.markers] == [
        ("improved-position", "1013", "german")  # the one of 1011 gone with its garrison [12.22]
    ]
    assert places["us.M4a.1"].status == ["spotted"]  # it fired from its hex [11.14]


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.yaml")), ids=lambda p: p.stem)
def test_the_test_positions_load_and_say_what_they_are(path: Path) -> None:
    game, state = load_position(path)
    position = state.to_position()
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["notes"]
    again = read_back(position_text(position), game.loaded)
    assert again.position_fingerprint() == state.position_fingerprint()


# --- hostile files ----------------------------------------------------------------------------


@functools.cache
def driant_text() -> str:
    """Fort Driant [19.7] after 30 random actions: Game-Turn 2's Mutual Plot Phase, a unit
    destroyed, units in Improved Positions, the US support used."""
    loaded = scenario("19.7-assault-on-fort-driant")
    state = load_game(loaded).new_initial_state(1)
    bots = {s: make_bot("random", 7 + i) for i, s in enumerate(state.game.sides)}
    for _ in range(30):
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    return text_of(state)


def unit_index(data: dict[str, Any], unit: str) -> int:
    return next(i for i, u in enumerate(data["units"]) if u["id"] == unit)


def edit_unit(unit: str, **change: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["units"][unit_index(data, unit)].update(change)

    return edit


def edit(key: str, value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


#: A Panzer '44 unit's status words, as a problem lists them.
WORDS = (
    "destroyed, wrecked, exited, pinned, disrupted-1, disrupted-2, disrupted-3, delayed-panic, "
    "panicked, in-ip, spotted, cb-spotted, moved, overran, opportunity-fired"
)

#: (the change, where the problem is, its message and hint): error wording is UI.
HOSTILE = [
    (
        edit_unit("german.Inf.3", id="german.Inf.9"),
        "units[2].id",
        "the scenario has no unit 'german.Inf.9' (did you mean 'german.Inf.3'?)",
    ),
    (
        edit_unit("german.Inf.3", id="german.Inf.9"),
        "units",
        "unit 'german.Inf.3' is not listed: every unit of the scenario is, on the map or off it",
    ),
    (edit_unit("us.M4.3", hex="9999"), "units[22].hex", "no hex '9999' on the scenario's map"),
    (
        edit_unit("us.M4.3", status=["pinnned"]),
        "units[22].status[0]",
        f"no status 'pinnned' in Panzer '44 (one of {WORDS}) (did you mean 'pinned'?)",
    ),
    (
        edit_unit("us.M4.3", status=["disrupted-4"]),
        "units[22].status[0]",
        f"no status 'disrupted-4' in Panzer '44 (one of {WORDS}) (did you mean 'disrupted-3'?)",
    ),
    (
        edit_unit("us.Inf.5", status=["wrecked"]),
        "units[12].status[0]",
        "only a destroyed vehicle leaves a wreck [6.82]",
    ),
    (
        edit_unit("us.M4.3", status=["destroyed"]),
        "units[22].hex",
        "us.M4.3 is destroyed: it has no hex",
    ),
    (
        edit_unit("us.OFBDA.1", hex="3319"),
        "units[24].hex",
        "us.OFBDA.1 is off-board support: it has no hex [15.0]",
    ),
    (
        edit_unit("us.M4.3", values={"loss": "first"}),
        "units[22].values.loss",
        "'loss' is a whole number from 1, not 'first'",
    ),
    (
        edit_unit("us.M4.3", carried_by="us.M4.9"),
        "units[22].carried_by",
        "the scenario has no unit 'us.M4.9' (did you mean 'us.M4.3'?)",
    ),
    (
        edit_unit("us.Inf.5", carried_by="us.M4.3"),
        "units[12].carried_by",
        "us.Inf.5 rides on us.M4.3: it stands in its hex [9.0]",
    ),
    (
        edit("step", "plotting"),
        "step",
        "'plotting' is not a segment of the Sequence of Play [4.1] (did you mean 'plot'?)",
    ),
    (edit("turn", 9), "turn", "Game-Turn 9: the game has 1 to 6"),
    (edit("to_act", ["russian"]), "to_act[0]", "'russian' does not decide here: us, german may"),
    (
        edit("markers", [{"kind": "crater", "hex": "3319"}]),
        "markers[0].kind",
        "unknown marker 'crater' (one of: wreck, improved-position, minefield)",
    ),
    (
        edit("markers", [{"kind": "minefield", "hex": "3319"}]),
        "markers[0].hex",
        "no mined hex 3319 in the set-up [17.0]",
    ),
    (
        edit("orders", {"us": ["plot german.SMG.1 MV"]}),
        "orders.us[0]",
        "german.SMG.1 is not a us unit",
    ),
    (
        edit("orders", {"us": ["plot us.M4.1 XX"]}),
        "orders.us[0]",
        "'plot us.M4.1 XX': 'XX' is not a task code (('MV', 'DF', 'IF', 'OF', 'CA', 'CB'))",
    ),
    (
        edit("orders", {"us": ["move us.M4.1 3319"]}),
        "orders.us[0]",
        "'move us.M4.1 3319' is not a plot [5.0]",
    ),
    (edit("orders", {"soviet": []}), "orders.soviet", "the scenario has no side 'soviet'"),
    (
        edit_unit("us.OFBDA.1", status=["fired"]),
        "units[24].status[0]",
        "no status 'fired' in Panzer '44's off-board support (one of used)",
    ),
    (
        edit("state", {"shooting_begun": 1}),
        "state.shooting_begun",
        "unknown key 'shooting_begun' (did you mean 'shooting_began'?)",
    ),
]


@pytest.mark.parametrize(("change", "where", "message"), HOSTILE)
def test_a_hostile_position_says_where_and_what(change: Any, where: str, message: str) -> None:
    data = yaml.safe_load(driant_text())
    change(data)
    doc = read_yaml_text(dump_yaml(data), "hostile.yaml")
    with pytest.raises(ProblemList) as caught:
        read_position(doc, scenario("19.7-assault-on-fort-driant"))
    found = [
        (p.path, f"{p.message} ({p.hint})" if p.hint else p.message) for p in caught.value.problems
    ]
    assert (where, message) in found, found
    assert all(p.line >= 1 and p.file == "hostile.yaml" for p in caught.value.problems)


def test_the_positions_unit_indices_are_the_ones_the_table_names() -> None:
    data = yaml.safe_load(driant_text())
    assert [unit_index(data, u) for u in ("german.Inf.3", "us.Inf.5", "us.M4.3", "us.OFBDA.1")] == [
        2,
        12,
        22,
        24,
    ]


# --- hexwright position -----------------------------------------------------------------------


def test_hexwright_position_writes_a_replays_position_and_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = load_scenario(SCENARIOS / "19.2-sedan-revenged.yaml")
    state = load_game(loaded).new_initial_state(6)
    bots = {s: make_bot("random", 60 + i) for i, s in enumerate(state.game.sides)}
    for _ in range(80):
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    game_file = tmp_path / "sedan.replay.json"
    game_file.write_text(Replay.of(state, with_fingerprints=False).to_text(), encoding="utf-8")
    out = tmp_path / "sedan.position.yaml"
    assert main(["position", str(game_file), "--at", "40", "-o", str(out)]) == 0
    assert "position:    " in capsys.readouterr().out
    record = Replay.from_text(game_file.read_text(encoding="utf-8"))
    at_40 = replay(record, loaded=loaded, stop_after=40).state
    _, read = load_position(out)
    assert read.position_fingerprint() == at_40.position_fingerprint()
    assert main(["position", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scenario"] == "p44-19.2" and not data["over"]
    assert data["at"].startswith(f"Game-Turn {at_40.progress().turn},")
    assert main(["position", str(out)]) == 0
    assert "Sedan" in capsys.readouterr().out
    out.write_text(out.read_text(encoding="utf-8").replace("step: ", "step: x"), "utf-8")
    assert main(["position", str(out)]) == 1
    err = capsys.readouterr().err + capsys.readouterr().out
    assert "is not a segment of the Sequence of Play" in err and "Traceback" not in err
