"""The same seed plays the same Panzer Command game, whatever the engine caches (issues 20, 21).

Speed work on the Panzer Command engine (legal action listing, fire zones, line of sight,
clones) must not change a game: every legal action list, in its order, every action played and
the end state stay as they were. The values below were recorded from main's code at 2de1b41,
before any of that work, with the bots the command line gives (``hexwright play FILE --bots
random,random --seed N``: the bot of side i seeded ``N * 10 + i + 1``). ``lists`` is a hash of
every legal action list a random bot was offered, in order; ``played`` a hash of the actions
played (the history's text); ``fingerprint`` the state's fingerprint at the end (position,
dice, the whole log and the history: what ``tools/fingerprints.py`` and ``play --json`` print).

A fingerprint names the rules version, which a rules change that leaves these games alone
still moves on: they are taken under the version the values were recorded with
(:data:`RECORDED_VERSION`).

A few Point 161 games run in CI; the others (Sowchos 79: several seconds each) are marked slow.
Run ``python tests/test_pc_same_games.py`` to print the values the current code gives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from same_games import play_seed

from model.scenario_io import load_scenario
from rules.bots.base import RandomBot
from rules.engine.core import Game
from rules.pointbuy.purchase import game_for

ROOT = Path(__file__).parent.parent / "scenarios" / "panzer-command"
SCENARIOS = {"point": "point-161", "sowchos": "sowchos-79"}
SLOW = pytest.mark.slow
#: The Panzer Command rules version whose fingerprints are recorded below.
RECORDED_VERSION = "panzer-command-0.2"

#: (scenario, seed) -> (actions, hash of every legal action list, hash of the actions played,
#: end fingerprint), from main at 2de1b41.
RECORDED: dict[tuple[str, int], tuple[int, str, str, str]] = {
    ("point", 1): (
        302,
        "36c27eed63f95c16",
        "dc88dc400787b2c1",
        "ef03413253d0d734fd1d855ff2642bfd2b3f09f4ff6d87b8c0e68b1b41250075",
    ),
    ("point", 2): (
        230,
        "582f771989764b38",
        "1d949f48969f8b8d",
        "77335cd6b3e95dec329e255c14c5444d6bebd8ddd8f6ab21f478c180c87dd246",
    ),
    ("point", 3): (
        258,
        "6ef22b8ec7a4d33a",
        "7930a53243156d69",
        "026c82b253c5342bad782218b9a3cf6079cc8137bad86ec749034980d5a5a3fd",
    ),
    ("point", 4): (
        254,
        "99a9899b88c810b2",
        "15bf8cd9c5a676e0",
        "16f2ef648e301701cc1591a120886d7e3239b5758bacd906d2303d8547d0d6f7",
    ),
    ("point", 5): (
        244,
        "3b06855735e1aa96",
        "7f12dd21cee56e80",
        "81ef2c0bc1e581f469484dc805ff40b5ab55ed5120f5822c6fbbf661bb8386af",
    ),
    ("sowchos", 1): (
        666,
        "9591443df41b0648",
        "168072b7886a425a",
        "8f9da7ca82ee4b3aed5d32d5429b3927124604a6e1c0109d75f793aaa711f558",
    ),
    ("sowchos", 2): (
        726,
        "4da67a111936c736",
        "5a857644e932d53f",
        "442c2e0a6ab71844346dcd29ca967cbe617c525fee5107fea2dc7daee91a2cb8",
    ),
    ("sowchos", 3): (
        633,
        "50f1184dd3539ed4",
        "b59369775b083fb7",
        "dba059d2d5777e3888564975fa5d90e27bf3ef5e3b97c3c5fe3e234715f9ac01",
    ),
    ("sowchos", 4): (
        647,
        "b0c8229135104ccb",
        "9102999370125942",
        "ead79fe16e47fff581118371b1c669befbbe40d862245efb8e0a832f5f90183e",
    ),
    ("sowchos", 5): (
        679,
        "704537b308fa8ef1",
        "8273801c1c526932",
        "316fe5bc859f5426edfc7cc4fb02ea5705d2e9dab2651e3c62282fb233230073",
    ),
}

#: (scenario, seed, the heuristic bot's side number) -> the same, the other side random.
HEURISTIC: dict[tuple[str, int, int], tuple[int, str, str, str]] = {
    ("point", 1, 0): (
        222,
        "d95e944193b1ff53",
        "441cc68fe2ea9920",
        "0f267dab4dfa576cae7d6d2664a2051a677b6f993ebf1c54fd54a956fa8acedc",
    ),
    ("point", 1, 1): (
        317,
        "1a7d52a32efa7925",
        "14031b1ed8e05c16",
        "d634fc8a57ee30cf45e03539bdb8d1337b3fc3afef90c8cac5647e5766bf1ef1",
    ),
    # Recorded again for panzer-command-0.3 (fingerprinted under 0.2): a Dismount that would
    # put its hex over 6 Steps is refused [§5.2]. In the first game the heuristic bot's Dismounts took 0815 to 8 Steps
    # at the end of a Segment (actions 263 and 327); in the second, the random side was
    # offered such a Dismount (german.de-pionier.1 off its Panzer III in 0915), so its list,
    # and its choice, changed at action 403.
    ("sowchos", 1, 0): (
        521,
        "796ad8967f2cef7d",
        "99c348ce650861c1",
        "f7b1b3f24dcd20b93f6fa7f7149919734afb4cd7cb5c772b0dbe90a8a9d7f702",
    ),
    ("sowchos", 1, 1): (
        497,
        "31fb95108e62e061",
        "7915feb7238d6070",
        "e2ab95e02c92a96c930d53e62869a64745361ed8acf9f7f6fb76f82ed6fe72c4",
    ),
}

#: The games CI plays; the others are marked slow.
FAST = {("point", 1), ("point", 2), ("point", 3)}
FAST_HEURISTIC = {("point", 1, 0)}


_games: dict[str, Game] = {}


def fresh_game(name: str) -> Game:
    """The scenario's game, fingerprinted under :data:`RECORDED_VERSION`."""
    game = game_for(load_scenario(ROOT / f"{SCENARIOS[name]}.yaml"))
    game.rules_version = RECORDED_VERSION  # type: ignore[attr-defined]
    return game


def game_of(name: str) -> Game:
    if name not in _games:
        _games[name] = fresh_game(name)
    return _games[name]


def _marked(keys: list[Any], fast: set[Any]) -> list[Any]:
    return [k if k in fast else pytest.param(*k, marks=SLOW) for k in keys]


@pytest.mark.parametrize(("name", "seed"), _marked(sorted(RECORDED), FAST))
def test_seeded_random_game_plays_as_before_issue_21(name: str, seed: int) -> None:
    """Issues 20, 21: the same seed gives the same legal action lists (in order), the same
    actions and the same end state as main's code did before the speed work (the Panzer
    Command rules [§3-§24] unchanged)."""
    assert play_seed(game_of(name), seed) == RECORDED[(name, seed)]


@pytest.mark.parametrize(("name", "seed", "side"), _marked(sorted(HEURISTIC), FAST_HEURISTIC))
def test_seeded_heuristic_game_plays_as_before_issue_21(name: str, seed: int, side: int) -> None:
    """Issues 20, 21: the heuristic bot (previews, reach, every option judged) against the
    random bot plays as before the speed work."""
    assert play_seed(game_of(name), seed, side) == HEURISTIC[(name, seed, side)]


def test_a_fresh_game_object_plays_as_a_used_one_issue_21() -> None:
    """Issues 20, 21: caches a game keeps between its games change nothing: a seed played on
    a game that played other seeds first equals the same seed on a freshly loaded game."""
    used = game_of("point")
    for seed in (1, 2):
        play_seed(used, seed)
    assert play_seed(fresh_game("point"), 3) == play_seed(used, 3)


#: (scenario, campaign seed) -> (actions, end fingerprint) of the fuzz campaign's checked game
#: (:func:`tools.fuzz._play`: clones and listed actions tried at sampled steps), from main at
#: 2de1b41.
FUZZED: dict[tuple[str, int], tuple[int, str]] = {
    ("point", 100_000): (291, "69f8cb6480ce045d0c7645cbb74631cf46d7b28f1f222b995ef4689c89ae7719"),
    ("sowchos", 100_001): (
        553,
        "b90bd541304e818826a80c8cc5dcc5b9088c0c04da21e10d81fa33babee4c373",
    ),
}


@pytest.mark.parametrize(("name", "seed"), _marked(sorted(FUZZED), {("point", 100_000)}))
def test_the_fuzz_campaign_plays_its_games_as_before_issue_21(
    name: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: the fuzz campaign's checked game (its bots, its sampled clone and listed-action
    checks) plays the same actions to the same end as before the speed work, and the whole
    campaign game (replay and same-seed game included) finds nothing wrong."""
    from tools import fuzz

    path = ROOT / f"{SCENARIOS[name]}.yaml"
    game = fuzz._game(path, seed)
    with monkeypatch.context() as m:  # the campaign keeps the game: the version put back
        m.setattr(game, "rules_version", RECORDED_VERSION)
        state = fuzz._play(game, seed, checked=True)
        assert (len(state.history), state.fingerprint()) == FUZZED[(name, seed)]  # type: ignore[attr-defined]
    result = fuzz.play_game("panzer-command", path, seed)
    assert (result.failure, result.detail, result.actions) == (None, "", FUZZED[(name, seed)][0])


def _moves_step_by_step(state: Any, unit: str) -> list[Any]:
    """The unit's moves as the engine listed them before the speed work: the search asks
    :func:`step_cost` of every step, each path is read back hex by hex and each end checked
    against the stacking limit on its own [§5.1-5.2; §17.3; §20.2]."""
    from rules.engine.actions import Move
    from rules.movement.reach import reachable
    from rules.panzer_command import moves
    from rules.panzer_command.minefields import enemy_strength
    from rules.panzer_command.transport import SPW, TRUCK, carrier_of, moves_as

    spec, name = moves_as(state, unit), state.game.name
    if carrier_of(state, unit) not in (None, TRUCK, SPW):
        return []
    if spec.movement <= 0 or unit in state.troops.suppressed or spec.movement_class == "immobile":
        return []
    start = state.troops.hexes[unit]
    reach = reachable(start, spec.movement, lambda a, b: moves.step_cost(state, unit, a, b))
    found: list[Any] = [
        Move(unit, tuple(name(h) for h in reach.path(to)))
        for to in sorted(reach.costs, key=name)
        if to != start and moves.why_overstacked(state, unit, to) is None
    ]
    found += moves._exit_options(state, unit, start, reach.costs, reach.path)
    if enemy_strength(state, unit, start) is not None:
        out = [Move(unit, (name(h),)) for h in sorted(start.neighbors(), key=name)]
        found += [m for m in out if m not in found and moves.why_not_move(state, m) is None]
    return found


@pytest.mark.parametrize(("name", "seed", "mined"), [("point", 7, False), ("point", 8, True)])
def test_listed_moves_are_those_of_the_step_by_step_search_5_1_issue_21(
    name: str, seed: int, mined: bool
) -> None:
    """[§5.1-5.2] and issue 21: the moves listed (their steps tabled, each hex's Steps
    counted once, a unit's moves kept while no enemy comes or goes where its search looked)
    are those the step-by-step search finds, through seeded games, by day and at night
    [§20.2], with enemy minefields to leave [§17.3] in one (set among the units' hexes)."""
    from rules.panzer_command.game import PcState
    from rules.panzer_command.moves import move_options
    from rules.panzer_command.night import NIGHT_TURN

    game = fresh_game(name)
    state = game.new_initial_state(seed)
    assert isinstance(state, PcState)
    if mined:  # each side's minefields where the other's units stand at the start
        for u, h in sorted(state.troops.hexes.items())[::3]:
            other = next(s for s in game.sides if s != state.game.units[u].side)
            state.game.minefields[h] = (other, 4)
    bots = {s: RandomBot(seed * 10 + i + 1) for i, s in enumerate(game.sides)}
    compared = 0
    for count in range(100_000):
        if state.is_terminal():
            break
        if count % 5 == 0:
            night = state.clone()
            assert isinstance(night, PcState)
            night.play.turn = NIGHT_TURN
            for s in (state, night):
                for u in sorted(s.troops.hexes):
                    assert move_options(s, u) == _moves_step_by_step(s, u), (count, u)
                    compared += 1
        side = state.to_act()[0]
        state.apply(bots[side].choose(state, side))
    assert compared > 500


def test_a_unit_left_out_of_the_listing_has_no_action_allowed_3_2_issue_21() -> None:
    """[§3.2] and issue 21: a unit the listing passes over (a Direct Command spent on it in
    the Segment, or one needed with none left) has every option refused by
    :meth:`why_not_act`, through seeded games of both scenarios; and some are passed over."""
    from rules.panzer_command.game import PcState

    skipped = 0
    for name, seed in (("point", 9), ("sowchos", 9)):
        game = game_of(name)
        state = game.new_initial_state(seed)
        assert isinstance(state, PcState)
        bots = {s: RandomBot(seed * 10 + i + 1) for i, s in enumerate(game.sides)}
        for count in range(100_000):
            if state.is_terminal():
                break
            if state.play.phase == "segment" and not state.reaction.trigger and count % 3 == 0:
                for u in sorted(state.troops.hexes):
                    if state._acts_no_more(u):
                        skipped += 1
                        assert all(
                            state.why_not_act(u, a.verb) is not None for a in state.unit_options(u)
                        ), (count, u)
            side = state.to_act()[0]
            state.apply(bots[side].choose(state, side))
    assert skipped > 50


if __name__ == "__main__":
    print("RECORDED = {")
    for name in SCENARIOS:
        for seed in range(1, 6):
            print(f'    ("{name}", {seed}): {play_seed(game_of(name), seed)!r},')
    print("}\nHEURISTIC = {")
    for name in SCENARIOS:
        for side in (0, 1):
            print(f'    ("{name}", 1, {side}): {play_seed(game_of(name), 1, side)!r},')
    print("}")
