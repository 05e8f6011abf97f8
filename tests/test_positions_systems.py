"""Positions as data for Armor, Panzer Command and Soldiers (STYLE point 25): a state written as a
position and read back is the same state, and plays on the same (dice included); the text
round-trips; bad files are refused with every problem located, never a traceback; the CLI writes
and reads them."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from editor.cli.main import main
from model.errors import ProblemList
from model.scenario_io import LoadedScenario, load_scenario
from model.yamlio import read_yaml_text
from rules.bots.base import make_bot
from rules.engine.core import Game, State
from rules.engine.events import DieRolled
from rules.records.position import (
    PositionReader,
    load_position,
    position_of,
    position_text,
    read_position,
    save_position,
)
from rules.records.replay import Replay, replay
from rules.registry import load_game
from tools import fuzz

ROOT = Path(__file__).parent.parent
POSITIONS = Path(__file__).parent / "positions"
GAMES = [
    "armor/1a-spearheads",
    "armor/demo-crossroads",
    "panzer-command/point-161",
    "panzer-command/sowchos-79",
    "soldiers/10-dawn-patrol",
]
SYSTEMS = ["armor/demo-crossroads", "panzer-command/point-161", "soldiers/10-dawn-patrol"]


@functools.cache
def scenario(name: str) -> LoadedScenario:
    return load_scenario(ROOT / "scenarios" / f"{name}.yaml")


@functools.cache
def game_of(name: str) -> Game:
    return load_game(scenario(name))


def read_back(state: State) -> State:
    """The state its own position describes."""
    position = state.to_position()
    return state.game.state_from_position(position, PositionReader(state.game, position, None))


def bot_game(name: str, seed: int) -> list[State]:
    """A seeded game of the heuristic bot against the random one, a clone at every action."""
    game = game_of(name)
    state = game.new_initial_state(seed)
    bots = {
        s: make_bot(("heuristic", "random")[i], seed * 10 + i) for i, s in enumerate(game.sides)
    }
    found = [state.clone()]
    while not state.is_terminal():
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        found.append(state.clone())
    return found


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_position_read_back_is_the_state_and_plays_on_the_same(name: str) -> None:
    """At many points of a seeded game: the state read back from its position has the same
    position fingerprint (dice included), and the same actions after it (those that roll too)
    keep the two equal."""
    states = bot_game(name, 5)
    rolled = 0
    for i, state in enumerate(states):
        back = read_back(state)
        assert back.position_fingerprint() == state.position_fingerprint(), i
        if i % 6 or state.is_terminal():
            continue
        ahead = state.clone()
        for k in range(4):
            if ahead.is_terminal():
                break
            actions = ahead.legal_actions(ahead.to_act()[0])
            action = actions[(i + k) % len(actions)]
            events = ahead.apply(action)
            back.apply(action.text())
            rolled += any(isinstance(e, DieRolled) for e in events)
            assert back.position_fingerprint() == ahead.position_fingerprint(), (i, k)
    assert len(states) > 50 and rolled > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_text_round_trips(name: str) -> None:
    states = bot_game(name, 2)
    path = f"scenarios/{name}.yaml"
    for state in (states[len(states) // 3], states[2 * len(states) // 3], states[-1]):
        text = position_text(position_of(state, path))
        _, back = read_position(read_yaml_text(text, "pos.yaml"), scenario(name))
        assert back.position_fingerprint() == state.position_fingerprint()
        assert position_text(position_of(back, path)) == text


@pytest.mark.parametrize(
    ("system", "name", "seed"),
    [
        # a reinforcement entered with its turret ahead was read back with none [AG VIII.A]
        ("armor", "2b-the-bridge.yaml", 5),
        # a game over in an Action Phase was read back as over in a Command Phase [4]
        ("soldiers", "22-street-fighting-in-grave.yaml", 3),
    ],
)
def test_a_random_games_positions_read_back(system: str, name: str, seed: int) -> None:
    """Every tenth state of a random game, and its last, read back from its position: the
    games where a round trip differed (forces bought as the fuzz campaign buys them)."""
    game = fuzz._game(next(p for p in fuzz.scenarios_of(system) if p.name == name), seed)
    state = game.new_initial_state(seed)  # type: ignore[attr-defined]
    bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(state.game.sides)}
    n = 0
    while True:
        if n % 10 == 0 or state.is_terminal():
            assert read_back(state).position_fingerprint() == state.position_fingerprint(), n
        if state.is_terminal():
            break
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
        n += 1
    assert n > 100


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_saved_position_loads_with_its_scenario_beside_it(name: str, tmp_path: Path) -> None:
    state = bot_game(name, 3)[7]
    pos = tmp_path / "deep" / "pos.yaml"
    pos.parent.mkdir()
    save_position(state, pos, ROOT / "scenarios" / f"{name}.yaml")
    named = next(x for x in pos.read_text().splitlines() if x.startswith("scenario: "))
    assert named.startswith("scenario: ../")  # relative to the position file
    game, back = load_position(pos)
    assert game.scenario.id == state.game.scenario.id
    assert back.position_fingerprint() == state.position_fingerprint()
    assert back.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(POSITIONS.glob("*/*.yaml")) if p.parent.name != "scenarios"],
    ids=lambda p: p.stem,
)
def test_every_test_position_loads_and_says_what_it_is(path: Path) -> None:
    doc = read_yaml_text(path.read_text(encoding="utf-8"), str(path))
    assert isinstance(doc.data, dict) and len(str(doc.data.get("notes", ""))) > 40
    game, state = load_position(path)
    assert game.system.value == path.parent.name
    assert state.legal_actions() and not state.is_terminal()
    assert read_back(state).position_fingerprint() == state.position_fingerprint()


# --- hostile files --------------------------------------------------------------------------

HOSTILE = [
    pytest.param(
        "armor/head-on.yaml",
        "id: us.M4.1",
        "id: us.M4.9",
        [
            "pos.yaml:11:1: units: unit 'us.M4.1' is not listed: every unit of the scenario is, on the map or off it",
            "pos.yaml:11:7: units[0].id: the scenario has no unit 'us.M4.9' (did you mean 'us.M4.1'?)",
        ],
        id="armor-unknown-unit",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "hex: J0102",
        "hex: Z9999",
        [
            "pos.yaml:12:8: units[0].hex: no hex 'Z9999' on the scenario's map",
        ],
        id="armor-hex-off-the-map",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "  facing: 4\n",
        "  facing: 4\n  status: [burnt]\n",
        [
            "pos.yaml:17:12: units[1].status[0]: no status 'burnt' in Armor (one of hull-hit, turret-hit, gun-hit, track-hit, crew-hit, uh-mg-lost, tt-mg-lost, hr-mg-lost, buttoned, knocked-out, exited, waiting, half-squad, full-cover, panicked, panic-exited, on-road-wheels)",
        ],
        id="armor-unknown-status",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "  facing: 1\n",
        "  facing: 7\n",
        [
            "pos.yaml:13:11: units[0].facing: a facing is a direction number, 1 to 6 [AG VIII.A]",
        ],
        id="armor-bad-facing",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "step: plot",
        "step: plotting",
        [
            "pos.yaml:8:7: step: no step 'plotting' in the Armor Game's Sequence of Play (did you mean 'plot'?)",
        ],
        id="armor-unknown-step",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "  hex: J0100\n",
        "  status: [knocked-out]\n",
        [
            "pos.yaml:15:11: units[1].status: 'german.PZIVJ.1' is knocked out: one Wreck marker names it",
        ],
        id="armor-knocked-out-without-a-wreck",
    ),
    pytest.param(  # each was read: a Suppression for ever, more kills than enemies...
        "armor/head-on.yaml",
        "  facing: 1\n",
        "  facing: 1\n  values: {suppressed_until: 3, knock_outs: 2, abandoned: 'yes', "
        "entrenching_turns: 3, panic_checked_turn: 2}\n",
        [
            "pos.yaml:14:30: units[0].values.suppressed_until: the last Turn of its Suppressed "
            "order, 1 to 2 [ADV IV.D]",
            "pos.yaml:14:45: units[0].values.knock_outs: a whole number, 1 to 1 (the enemy's "
            "units) [OP XVII]",
            "pos.yaml:14:59: units[0].values.abandoned: true or false: its crew bailed out and "
            "left it [ADV IX.A.3]",
            "pos.yaml:14:85: units[0].values.entrenching_turns: the Turns of Hasty Entrenchment "
            "dug, 1 to 2 (Turn 3 of it places it) [OP XXXII.B-C]",
            "pos.yaml:14:108: units[0].values.panic_checked_turn: a whole number, 1 to 1 (this "
            "Turn) [OP XVII]",
        ],
        id="armor-values-beyond-what-a-game-reaches",
    ),
    pytest.param(  # was read: the second order won, unsaid
        "armor/head-on.yaml",
        "units:",
        "orders:\n  us: [order us.M4.1 1, order us.M4.1 L]\nunits:",
        ["pos.yaml:11:25: orders.us[1]: 'us.M4.1' has its order this Turn already [AG V]"],
        id="armor-two-orders-for-one-unit",
    ),
    pytest.param(  # was read: the marker's side was not looked at
        "armor/head-on.yaml",
        "  hex: J0100\n  facing: 4\n",
        "  facing: 4\n  status: [knocked-out]\nmarkers:\n- {kind: wreck, hex: J0100, "
        "unit: german.PZIVJ.1, side: us}\n",
        ["pos.yaml:18:57: markers[0].side: the Wreck of 'german.PZIVJ.1' is german's, not us's"],
        id="armor-a-wrecks-side",
    ),
    pytest.param(  # was read: a Previous Hit on a friend, in a Turn to come; a status twice
        "armor/head-on.yaml",
        "  facing: 1\n",
        "  facing: 1\n  status: [buttoned, buttoned]\n",
        ["pos.yaml:14:22: units[0].status[1]: 'buttoned' is listed twice"],
        id="armor-a-status-twice",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "notes:",
        "state:\n  previous_hits:\n    us.M4.1: {target: german.PZIVJ.1, turn: 2}\n"
        "    german.PZIVJ.1: {target: german.PZIVJ.1, turn: 1}\nnotes:",
        [
            "pos.yaml:19:45: state.previous_hits.us.M4.1.turn: Turn 2 has not come: this is Turn 1",
            "pos.yaml:20:30: state.previous_hits.german.PZIVJ.1.target: 'german.PZIVJ.1' is not an enemy of 'german.PZIVJ.1'",
        ],
        id="armor-previous-hits-on-a-friend-and-to-come",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "units:",
        "orders:\n  us: [order german.PZIVJ.1 1]\nunits:",
        [
            "pos.yaml:11:8: orders.us[0]: 'german.PZIVJ.1' is not a unit of us",
        ],
        id="armor-order-of-the-other-side",
    ),
    pytest.param(  # was taken, and the order then did nothing in play
        "armor/head-on.yaml",
        "units:",
        "orders:\n  us: [order us.M4.1 F-german.NOBODY]\nunits:",
        [
            "pos.yaml:11:8: orders.us[0]: 'german.NOBODY' is neither a unit of the scenario nor a hex of its map",
        ],
        id="armor-order-firing-at-no-unit",
    ),
    pytest.param(
        "armor/head-on.yaml",
        "units:",
        "orders:\n  us: [order us.M4.1 N-Z9999, order us.M4.1 A-german.PZIVJ.7]\nunits:",
        [
            "pos.yaml:11:8: orders.us[0]: no hex 'Z9999' on the scenario's map",
            "pos.yaml:11:31: orders.us[1]: the scenario has no unit 'german.PZIVJ.7' (did you mean 'german.PZIVJ.1'?)",
        ],
        id="armor-order-at-no-hex-and-no-unit",
    ),
    pytest.param(  # was taken, and its game failed on the next fire ("no range band for 0")
        "panzer44/ip-garrison-disrupted-2.yaml",
        "hex: 0911",
        "hex: '1011'",
        [
            "pos.yaml:15:3: units[0]: no game reaches this position: german.Inf.1, us.M4a.1: enemies in one hex, 1011 [7.21]",
        ],
        id="p44-enemies-in-one-hex",
    ),
    pytest.param(  # was read: the shooting to begin in Game-Turn 999
        "panzer44/panic-delayed.yaml",
        "  shooting_began: 0",
        "  shooting_began: 999",
        [
            "pos.yaml:28:19: state.shooting_began: the shooting began in a Game-Turn that has "
            "come, 0 to 1 [14.82]"
        ],
        id="p44-shooting-begins-in-a-turn-to-come",
    ),
    pytest.param(  # was taken, and failed when it was fired at (KeyError)
        "panzer44/ip-garrison-disrupted-2.yaml",
        "units:",
        "orders:\n  us: [plot us.M4a.1 DF Z229]\nunits:",
        ["pos.yaml:15:8: orders.us[0]: no hex 'Z229' on the scenario's map"],
        id="p44-plot-at-a-hex-off-the-map",
    ),
    pytest.param(  # was read: a T-34 in the PaK's hex, which no move, retreat or entry makes
        "panzer-command/t34-beside-the-pak.yaml",
        "- id: soviet.su-t34.1\n  hex: '1306'",
        "- id: soviet.su-t34.1\n  hex: '1307'",
        [
            "pos.yaml:16:3: units[2]: no game reaches this position: german.de-pak.1, soviet.su-t34.1: enemies in one hex, 1307 [§9.4-9.5; §15.2]",
        ],
        id="pc-enemies-in-one-hex",
    ),
    pytest.param(  # each was read: NaN Movement Points spent, a verb dropped unsaid...
        "panzer-command/t34-beside-the-pak.yaml",
        "  used: ['soviet:regiment-2']",
        "  used: ['soviet:regiment-2']\n  spent: {soviet.su-t34.1: .nan}\n"
        "  carrier_hits: {soviet.su-motor-rifle.1: 3}",
        [
            "pos.yaml:65:28: state.spent.soviet.su-t34.1: input should be a finite number",
            "pos.yaml:66:43: state.carrier_hits.soviet.su-motor-rifle.1: input should be less "
            "than or equal to 2",
        ],
        id="pc-values-beyond-what-a-game-reaches",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "  used: ['soviet:regiment-2']",
        "  used: ['soviet:regiment-2']\n  actions: {soviet.su-t34.1: [teleport]}\n"
        "  shots: {soviet.su-t34.1: 1}",
        [
            "pos.yaml:65:31: state.actions.soviet.su-t34.1[0]: no Action 'teleport' (one of "
            "move, fire, rally, improve, assault, concentrate, mount, dismount, indirect, offmap, "
            "movefire, splitfire) [§3.2]",
            "pos.yaml:66:28: state.shots.soviet.su-t34.1: 'soviet.su-t34.1' has no limited "
            "shots [§14.7]",
        ],
        id="pc-an-unknown-action-and-shots-of-a-tank",
    ),
    pytest.param(  # was read: the PaK acting in a Soviet Segment
        "panzer-command/t34-beside-the-pak.yaml",
        "  used: ['soviet:regiment-2']",
        "  used: ['soviet:regiment-2']\n  acted: [german.de-pak.1]",
        [
            "pos.yaml:16:3: units[2]: no game reaches this position: german.de-pak.1 has an "
            "Action in soviet's Segment [§3.2]",
        ],
        id="pc-an-enemy-acting-in-the-segment",
    ),
    pytest.param(  # was read: four German Regimental Action Segments in one turn
        "panzer-command/t34-beside-the-pak.yaml",
        "  - german:regiment\n",
        "  - german:regiment\n  - german:regiment\n",
        [
            "pos.yaml:53:3: state: no game reaches this position: chit 'german:regiment' is in the cup 2 times: a chit is one counter [§3.1]",
        ],
        id="pc-a-chit-twice-in-the-cup",
    ),
    pytest.param(  # was read: the Segment's chit drawn again from the cup
        "panzer-command/t34-beside-the-pak.yaml",
        "  - soviet:direct-command\n",
        "  - soviet:direct-command\n  - soviet:regiment-2\n",
        [
            "pos.yaml:53:3: state: no game reaches this position: chit 'soviet:regiment-2' is both in play in the Segment and in the cup [§3.1]",
        ],
        id="pc-the-segments-chit-in-the-cup",
    ),
    pytest.param(  # was read: a side's first chit bought onto the track
        "panzer-command/t34-beside-the-pak.yaml",
        "  used: ['soviet:regiment-2']",
        "  used: ['soviet:regiment-2']\n  track: {6: [german:regiment]}",
        [
            "pos.yaml:53:3: state: no game reaches this position: chit 'german:regiment' on the Game Turn Track for Turn 6: only a side's second Regimental Action chit goes there, once, for a Dispatch Point [§3.1 Preparation C]",
        ],
        id="pc-a-first-chit-on-the-track",
    ),
    pytest.param(  # was taken, and the held move failed when it went on (KeyError)
        "panzer-command/t34-held-by-the-pak.yaml",
        "entering: '1206'",
        "entering: '1296'",
        ["pos.yaml:77:15: state.reaction.entering: no hex '1296' on the scenario's map"],
        id="pc-held-move-into-no-hex",
    ),
    pytest.param(  # the held move entered no hex: a KeyError when it went on
        "panzer-command/t34-held-by-the-pak.yaml",
        "    entering: '1206'\n",
        "",
        [
            "pos.yaml:73:5: state.reaction.entering: give the hex soviet.su-t34.1's move enters next, beside 1306 [§8.2]",
        ],
        id="pc-held-move-entering-nothing",
    ),
    pytest.param(
        "panzer-command/t34-held-by-the-pak.yaml",
        "side: german\n    target: soviet.su-t34.1\n    exiting: '1306'",
        "side: soviet\n    target: soviet.su-t34.1\n    exiting: '1506'",
        [
            "pos.yaml:74:11: state.reaction.side: the side answering soviet.su-t34.1 is its enemy [§8.1]",
            "pos.yaml:76:14: state.reaction.exiting: soviet.su-t34.1 stands in 1306 [§8.2]",
        ],
        id="pc-held-move-of-the-wrong-side-from-the-wrong-hex",
    ),
    pytest.param(  # a hex doubled in the rest of the way: "is not adjacent" when it went on
        "panzer-command/t34-held-by-the-pak.yaml",
        "    entering: '1206'\n",
        "    entering: '1206'\n    rest: ['1106', '1106']\n",
        [
            "pos.yaml:78:20: state.reaction.rest[1]: 1106 is not beside 1106: a move goes hex by hex [§5.1]"
        ],
        id="pc-held-move-the-rest-no-path",
    ),
    pytest.param(
        "panzer-command/t34-held-by-the-pak.yaml",
        "- [german.de-pak.1, roll]",
        "- [german.de-pak.1, dice]\n    - [german.nobody, command]",
        [
            "pos.yaml:79:7: state.reaction.fires[0]: an Opportunity Fire is [FIRER, command|roll], its firer a unit on the map",
            "pos.yaml:80:7: state.reaction.fires[1]: an Opportunity Fire is [FIRER, command|roll], its firer a unit on the map",
        ],
        id="pc-opportunity-fire-of-no-unit",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "- id: german.de-pak.1\n",
        "- id: german.de-pak.1\n  values: {steps: 3}\n",
        [
            "pos.yaml:17:19: units[2].values.steps: a unit of 2 step(s) has 1 to 2 [§2.5]",
        ],
        id="pc-bad-step",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "  - german:regiment\n",
        "  - german:regimen\n",
        [
            "pos.yaml:60:5: state.cup[0]: no chit 'german:regimen' (SIDE:regiment|regiment-2|direct-command) (did you mean 'german:regiment'?)",
        ],
        id="pc-unknown-chit",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "    german: 5\n",
        "    german: 12\n",
        [
            "pos.yaml:54:13: state.dispatch_points.german: from 0 to 9 [§4.2]",
        ],
        id="pc-too-many-dispatch-points",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "  status: [reinforcement]\n",
        "  status: [routed]\n",
        [
            "pos.yaml:19:12: units[3].status[0]: no status 'routed' in Panzer Command (one of suppressed, eliminated, reinforcement, in-ip, entrenched, removed, exited) (did you mean 'removed'?)",
        ],
        id="pc-unknown-status",
    ),
    pytest.param(
        "panzer-command/t34-beside-the-pak.yaml",
        "state:\n",
        "state:\n  dispatch: 3\n",
        [
            "pos.yaml:53:3: state.dispatch: unknown key 'dispatch' (did you mean 'dispatch_points'?)",
        ],
        id="pc-unknown-key-in-the-state-section",
    ),
    pytest.param(
        "soldiers/leader-beside-one-american.yaml",
        "  hex: C/0105\n",
        "  hex: C/0105\n  status: [panicked]\n",
        [
            "pos.yaml:14:12: units[0].status[0]: no status 'panicked' in Soldiers (one of suppressed, wounded, killed, incapacitated, captured, jammed, ammo-out)",
        ],
        id="soldiers-unknown-status",
    ),
    pytest.param(
        "soldiers/leader-beside-one-american.yaml",
        "risk: Aggressive",
        "risk: Reckless",
        [
            "pos.yaml:65:11: state.turn.risk: no risk level 'Reckless' (Cautious, Wary, Bold, Aggressive) [6.11]",
        ],
        id="soldiers-unknown-risk",
    ),
    pytest.param(
        "soldiers/leader-beside-one-american.yaml",
        "german.e.sl: '5'",
        "german.e.sl: X9",
        [
            "pos.yaml:60:18: state.chits.german.e.sl: no space 'X9' on the Command Track [5.1]",
        ],
        id="soldiers-unknown-space",
    ),
    pytest.param(
        "soldiers/leader-beside-one-american.yaml",
        "- id: us.black\n  hex: C/2519\n",
        "- id: us.black\n",
        [
            "pos.yaml:14:3: units[1].hex: every man stands in a hex, killed or not [2.11]",
        ],
        id="soldiers-a-man-off-the-map",
    ),
    pytest.param(  # was read: an infinite number of Action Points, never spent
        "soldiers/leader-beside-one-american.yaml",
        "    orders_left: 4\n",
        "    orders_left: 4\n    ap: .inf\n",
        ["pos.yaml:67:9: state.turn.ap: input should be a finite number"],
        id="soldiers-infinite-action-points",
    ),
    pytest.param(  # was read: a melee in a hex off the map, a step of no kind
        "soldiers/leader-beside-one-american.yaml",
        "    orders_left: 4\n",
        "    orders_left: 4\n    engaged: Z/9999\n    step: lunch 3\n",
        [
            "pos.yaml:67:14: state.turn.engaged: no hex 'Z/9999' on the scenario's map",
            "pos.yaml:68:11: state.turn.step: a group's open step: 'combat' or 'maintenance' and "
            "its cost, 'combat 2' [6.24; 7.1]",
        ],
        id="soldiers-an-engaged-hex-off-the-map-and-a-step-of-no-kind",
    ),
    pytest.param(  # was read: the German chit's turn commanding an American
        "soldiers/leader-beside-one-american.yaml",
        "in_command: [german.adler, german.bach]",
        "in_command: [german.adler, german.bach, us.austin]\n    current: us.austin",
        [
            "pos.yaml:12:3: units[0]: no game reaches this position: us.austin is in command in german's chit german.e.sl [6.21]",
            "pos.yaml:12:3: units[0]: no game reaches this position: us.austin is under orders in german's chit german.e.sl [6.21]",
        ],
        id="soldiers-an-enemy-under-a-chits-orders",
    ),
    pytest.param(  # was read: 999 orders for one chit
        "soldiers/leader-beside-one-american.yaml",
        "orders_left: 4",
        "orders_left: 999",
        [
            "pos.yaml:57:3: state: no game reaches this position: 999 orders left, more than the game's 22 men or a leader's command rating gives [6.22-6.23]",
        ],
        id="soldiers-999-orders-left",
    ),
    pytest.param(  # was read: a hex last held by no side of the game
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  last_in: {C/0105: martians}\n  events: {Z: 1}\n"
        "  weaponless: [us.e.12, us.e.12]\n",
        [
            "pos.yaml:58:21: state.last_in.C/0105: the scenario has no side 'martians'",
            "pos.yaml:59:15: state.events.Z: no Event 'Z' (A, B) [6.12]",
            "pos.yaml:60:25: state.weaponless[1]: 'us.e.12' is listed twice",
        ],
        id="soldiers-a-side-an-event-and-a-man-unknown-or-twice",
    ),
    pytest.param(  # was read: a negative count of Events; slots never drawn, or drawn later
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  events: {A: 1, B: -2}\n"
        "  event_cycles: {A1: 9, A2: 1, C1: 1, Ax: 1}\n",
        [
            "pos.yaml:58:21: state.events.B: input should be greater than or equal to 0",
        ],
        id="soldiers-a-negative-event-count",
    ),
    pytest.param(  # a game not over has not ended in a step
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  ended_in: action\n",
        [
            "pos.yaml:58:13: state.ended_in: the step a game over ended in (command, action, "
            "operational, cycle-end), with step 'over' [4; 19.7]",
        ],
        id="soldiers-ended-in-a-game-not-over",
    ),
    pytest.param(
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  events: {A: 1}\n  event_cycles: {A1: 9, A2: 1, C1: 1, Ax: 1}\n",
        [
            "pos.yaml:59:22: state.event_cycles.A1: A1 came in Command Cycle 9; this is Command "
            "Cycle 1 [21.3]",
            "pos.yaml:59:29: state.event_cycles.A2: A2 has not come: 'events' counts 1 Event A "
            "results [6.12]",
            "pos.yaml:59:36: state.event_cycles.C1: an Event result is its letter and number: "
            "A1, B2 [6.12]",
            "pos.yaml:59:43: state.event_cycles.Ax: an Event result is its letter and number: "
            "A1, B2 [6.12]",
        ],
        id="soldiers-event-slots-never-drawn-or-in-a-later-cycle",
    ),
    pytest.param(  # was located at the whole state section
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  fire_targets: [[C/0105], [C/0106, Z/9999]]\n",
        ["pos.yaml:58:37: state.fire_targets[1][1]: 'Z/9999' is not a hex of the map"],
        id="soldiers-a-hex-fired-at-off-the-map",
    ),
    pytest.param(  # were located at the whole list, without a hint
        "soldiers/leader-beside-one-american.yaml",
        "  advantage: german\n",
        "  advantage: german\n  inactive_chits: [german.e.sl, german.e.sX]\n",
        [
            "pos.yaml:58:33: state.inactive_chits[1]: the game has no command chit "
            "'german.e.sX' (did you mean 'german.e.sl'?)"
        ],
        id="soldiers-an-unknown-inactive-chit",
    ),
]


def hostile(name: str, old: str, new: str, tmp_path: Path) -> Path:
    """A test position with one edit, beside the scenario it names (made absolute)."""
    source = POSITIONS / name
    text = source.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    line = next(line for line in text.splitlines() if line.startswith("scenario: "))
    where = (source.parent / line.split(": ", 1)[1]).resolve()
    path = tmp_path / "pos.yaml"
    path.write_text(text.replace(line, f"scenario: {where}"), encoding="utf-8")
    return path


@pytest.mark.parametrize(("name", "old", "new", "problems"), HOSTILE)
def test_bad_positions_are_refused_with_located_problems(
    name: str, old: str, new: str, problems: list[str], tmp_path: Path
) -> None:
    path = hostile(name, old, new, tmp_path)
    with pytest.raises(ProblemList) as caught:
        load_position(path)
    assert [p.format().replace(f"{tmp_path}/", "") for p in caught.value.problems] == problems


def test_a_panzer_command_position_over_six_steps_between_segments_is_refused(
    tmp_path: Path,
) -> None:
    """No more than 6 Steps end a Segment in a hex [§5.2]: 8 of them in 3108 in the Action
    Phase, between Segments, were read. During a Segment units pass through, and the same
    hexes read."""
    path = hostile(
        "panzer-command/t34-beside-the-pak.yaml",
        "- id: soviet.su-t34.2\n  hex: '3107'\n- id: soviet.su-t34.3\n  hex: '3603'",
        "- id: soviet.su-t34.2\n  hex: '3108'\n- id: soviet.su-t34.3\n  hex: '3108'",
        tmp_path,
    )
    load_position(path)  # in the Segment
    text = path.read_text(encoding="utf-8")
    text = text.replace("step: segment", "step: action").replace("  chit: soviet:regiment-2\n", "")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ProblemList) as caught:
        load_position(path)
    assert [p.format().replace(f"{tmp_path}/", "") for p in caught.value.problems] == [
        "pos.yaml:32:3: units[11]: no game reaches this position: soviet.su-at45.1, "
        "soviet.su-kv.1, soviet.su-t34.2, soviet.su-t34.3: 8 Steps end a Segment in 3108, "
        "over 6 [§5.2]"
    ]


def test_a_held_moves_hex_written_loosely_reads_and_plays_on(tmp_path: Path) -> None:
    """A Panzer Command held move's hex is found as any hex name is (`' 1206'`), and kept as
    the map writes it: it was kept as written, and play failed on it (`KeyError: ' 1206'`)."""
    path = hostile(
        "panzer-command/t34-held-by-the-pak.yaml", "entering: '1206'", "entering: ' 1206'", tmp_path
    )
    _, state = load_position(path)
    assert state.reaction.entering == "1206"  # type: ignore[attr-defined]
    for _ in range(30):
        if state.is_terminal() or not state.reaction.trigger:  # type: ignore[attr-defined]
            break
        side = state.to_act()[0]
        state.apply(state.legal_actions(side)[-1])
    assert not state.reaction.trigger  # type: ignore[attr-defined]


@pytest.mark.parametrize("named", ["/nowhere/at/all.yaml", "/tmp", "/dev/zero"])
def test_a_positions_scenario_that_is_no_file_is_refused_where_the_position_names_it(
    named: str, tmp_path: Path
) -> None:
    """A missing absolute path, a folder or a device was said of the scenario file, with no
    place in the position file; now each is refused at the position's ``scenario``."""
    path = hostile("armor/head-on.yaml", "units:", "units:", tmp_path)
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("scenario: "))
    path.write_text(text.replace(line, f"scenario: {named}"), encoding="utf-8")
    with pytest.raises(ProblemList) as caught:
        load_position(path)
    (problem,) = caught.value.problems
    assert problem.format().replace(f"{tmp_path}/", "").startswith("pos.yaml:")
    assert ": scenario: no scenario " in problem.format() and f"'{named}'" in problem.format()


def test_the_cli_reports_a_bad_position_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile("armor/head-on.yaml", "hex: J0102", "hex: Z9999", tmp_path)
    assert main(["position", str(path)]) == 1
    err = capsys.readouterr().err
    assert "units[0].hex: no hex 'Z9999' on the scenario's map" in err
    assert "Traceback" not in err


# --- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_cli_writes_the_position_of_a_replay_and_reads_it(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexwright position REPLAY --at 3 -o pos.yaml``, then ``hexwright position pos.yaml``;
    and ``hexwright replay REPLAY --at 3`` says where play is."""
    played, pos = tmp_path / "game.json", tmp_path / "pos.yaml"
    path = ROOT / "scenarios" / f"{name}.yaml"
    args = ["play", str(path), "--bots", "random,random", "--seed", "3", "--replay", str(played)]
    assert main(args) == 0
    capsys.readouterr()
    assert main(["replay", str(played), "--at", "3", "--json"]) == 0
    at = json.loads(capsys.readouterr().out)
    assert main(["position", str(played), "--at", "3", "-o", str(pos)]) == 0
    out = capsys.readouterr().out
    assert f"position:    {pos}" in out and "after 3 actions" in out
    assert main(["position", str(pos), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["at"] == at["at"]
    record = Replay.from_text(played.read_text(encoding="utf-8"))
    then = replay(record, scenario(name), stop_after=3).state
    _, back = load_position(pos)
    assert back.position_fingerprint() == then.position_fingerprint()


# --- a game whose forces were bought ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "buy"),
    [
        ("armor/1b-confused-situation", "balanced:3"),
        ("soldiers/24-beaufort-crossroads", "random:4"),
    ],
)
def test_the_position_of_a_game_with_bought_forces_reads_back_and_plays_on(
    name: str, buy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The purchases travel in the position file as in the replay (``side=strategy:seed``):
    read back, the sides are bought again the same and play goes on the same. Before, the
    file read back refused the scenario's point-buy sides as having no forces."""
    played, pos = tmp_path / "game.json", tmp_path / "pos.yaml"
    path = ROOT / "scenarios" / f"{name}.yaml"
    args = ["play", str(path), "--bots", "random,random", "--seed", "3", "--buy", buy]
    assert main([*args, "--replay", str(played)]) == 0
    assert main(["position", str(played), "--at", "40", "-o", str(pos)]) == 0
    capsys.readouterr()
    record = Replay.from_text(played.read_text(encoding="utf-8"))
    assert record.purchases
    assert read_yaml_text(pos.read_text(encoding="utf-8"), "pos.yaml").data["purchases"] == list(
        record.purchases
    )
    assert main(["position", str(pos)]) == 0
    then = replay(record, scenario(name), stop_after=40).state
    _, back = load_position(pos)
    assert back.position_fingerprint() == then.position_fingerprint()
    for text in record.actions[40:60]:
        then.apply(text)
        back.apply(text)
    assert back.position_fingerprint() == then.position_fingerprint()


def test_a_bad_purchase_in_a_position_is_located(tmp_path: Path) -> None:
    played, pos = tmp_path / "game.json", tmp_path / "pos.yaml"
    path = ROOT / "scenarios" / "armor" / "1b-confused-situation.yaml"
    args = ["play", str(path), "--bots", "random,random", "--seed", "3", "--buy", "cheapest-many"]
    assert main([*args, "--replay", str(played)]) == 0
    assert main(["position", str(played), "--at", "5", "-o", str(pos)]) == 0
    text = pos.read_text(encoding="utf-8")
    pos.write_text(text.replace("=cheapest-many:3", "=nosuch:3", 1), encoding="utf-8")
    with pytest.raises(ProblemList) as caught:
        load_position(pos)
    (problem,) = caught.value.problems
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("purchases:"))
    assert problem.line == line and "no purchase strategy 'nosuch'" in problem.format()
