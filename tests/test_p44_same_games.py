"""The same seed plays the same Panzer '44 game, whatever the engine caches (issue 20).

Speed work on the engine (legal action listing, spotting, line of sight) must not change a
game: every legal action list, in its order, and every outcome stay as they were. The values
below were recorded from main's code at 21b2c94, before any of that work, with the bots the
command line gives (``hexwright play FILE --bots random,random --seed N``: the bot of side i
seeded ``N * 10 + i + 1``). ``lists`` is a hash of every legal action list a bot was offered,
in order; ``fingerprint`` is the state's fingerprint at the end (``play --json`` prints it).

Run ``python tests/test_p44_same_games.py`` to print the values the current code gives.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from same_games import play_seed as played

from model.scenario_io import load_scenario
from rules.bots.base import RandomBot
from rules.engine.core import Game
from rules.registry import load_game

ROOT = Path(__file__).parent.parent / "scenarios" / "panzer44"
SCENARIOS = {"menzelen": "20.4-action-at-menzelen", "sedan": "19.2-sedan-revenged"}

#: (scenario, seed) -> (actions, hash of every legal action list, end fingerprint), from main.
RECORDED: dict[tuple[str, int], tuple[int, str, str]] = {
    ("menzelen", 1): (
        1481,
        "19111e0236fa733a",
        "68f10872edd9ce07aa4ba42e3410d247fe9324dbe09165346817ad76e051bb43",
    ),
    ("menzelen", 2): (
        1533,
        "7b6fe8ee1f02fe35",
        "ae256ece7d2de57b8572d9a7fb38c5d40be91e1736d3f8a532cafe62d0085b62",
    ),
    ("menzelen", 3): (
        1531,
        "14ccb7d9fc1f2cee",
        "f6282e27a208f4fba60511108c357a9452586fa7cd5c4193d85e7af753e242b8",
    ),
    ("menzelen", 4): (
        1464,
        "a1334ccb1008ac4d",
        "bdc604110e299b7612072c0fc27a970f825fd050013b51881b599da5ef7d46c3",
    ),
    ("sedan", 1): (
        390,
        "7dccf6a0d7f4a8c6",
        "3bae0ce663a871cf2b1d77e4b79b68487887d4679643a715dea4c73a0881be5c",
    ),
    ("sedan", 2): (
        317,
        "dc9f1b236571c819",
        "6e919cb9ded6745ee855133e533641ef081bd70d680314f2ae930c47617bd54e",
    ),
    ("sedan", 3): (
        315,
        "954e188afb55ff7a",
        "97befbf12c6d2ab9f3d5e566acc3735a8e71ee314621fc1c844f3f399f157693",
    ),
    ("sedan", 4): (
        369,
        "17bdd41bccf52d8e",
        "57eda344c80ed2f4f9e11f5a86bfc57af0ae7395674374cd961751c17f1e8e91",
    ),
}

#: (scenario, seed, the heuristic bot's side number) -> the same, the other side random.
HEURISTIC: dict[tuple[str, int, int], tuple[int, str, str]] = {
    ("menzelen", 1, 0): (
        1176,
        "37ca7e5b8a845c8c",
        "d772cacd4214d8e4f4f1d843fffdd76a3b0b772f622cb65b02f0f15ec4bada4e",
    ),
    ("sedan", 1, 1): (
        363,
        "1f2ba8d2996e7047",
        "602ce06e99b930b9fd842896112fa635e9ec03cf28615c4f35ac5c21ca43113a",
    ),
}


def play_seed(game: Game, seed: int, heuristic: int | None = None) -> tuple[int, str, str]:
    """(actions, legal-lists hash, fingerprint) of one random game, seeded as the CLI does;
    the side numbered ``heuristic`` (if any) played by the heuristic bot
    (:func:`same_games.play_seed` without the played actions' hash)."""
    count, lists, _, fingerprint = played(game, seed, heuristic)
    return count, lists, fingerprint


_games: dict[str, Game] = {}


def game_of(name: str) -> Game:
    if name not in _games:
        _games[name] = load_game(load_scenario(ROOT / f"{SCENARIOS[name]}.yaml"))
    return _games[name]


@pytest.mark.parametrize(("name", "seed"), sorted(RECORDED))
def test_seeded_random_game_plays_as_before_issue_20(name: str, seed: int) -> None:
    """Issue 20: the same seed gives the same legal action lists (in order) and the same
    end state as main's code did before the speed work ([Panzer '44 rules] unchanged)."""
    assert play_seed(game_of(name), seed) == RECORDED[(name, seed)]


@pytest.mark.parametrize(("name", "seed", "side"), sorted(HEURISTIC))
def test_seeded_heuristic_game_plays_as_before_issue_20(name: str, seed: int, side: int) -> None:
    """Issue 20: the heuristic bot against the random bot plays as before the speed work."""
    assert play_seed(game_of(name), seed, side) == HEURISTIC[(name, seed, side)]


def test_a_fresh_game_object_plays_as_a_used_one_issue_20() -> None:
    """Issue 20: caches a game keeps between its games change nothing: a seed played on a
    game that played other seeds first equals the same seed on a freshly loaded game."""
    used = game_of("sedan")
    for seed in (1, 2):
        play_seed(used, seed)
    fresh = load_game(load_scenario(ROOT / f"{SCENARIOS['sedan']}.yaml"))
    assert play_seed(fresh, 3) == play_seed(used, 3)


if __name__ == "__main__":
    for name in SCENARIOS:
        for seed in range(1, 5):
            print(f'    ("{name}", {seed}): {play_seed(game_of(name), seed)!r},')
    for name, seed, side in (("menzelen", 1, 0), ("sedan", 1, 1)):
        print(f'    ("{name}", {seed}, {side}): {play_seed(game_of(name), seed, side)!r},')


def test_spotted_targets_agree_with_why_not_spotted_6_43_11_14() -> None:
    """[6.43], [11.14], [11.22]: the hexes Indirect Fire may be plotted at, worked out for all
    enemy hexes at once, are exactly those :func:`why_not_spotted` (the reason the player
    reads) passes, all through seeded games of Menzelen and Sedan (units fired, moved, in
    town and woods)."""
    from rules.panzer44.game import Panzer44Game, Panzer44State
    from rules.panzer44.indirect import _spotted_enemy_hexes, why_not_spotted

    spotted = unspotted = 0
    for name, seed in (("menzelen", 5), ("sedan", 5)):
        game = game_of(name)
        assert isinstance(game, Panzer44Game)
        state = game.new_initial_state(seed)
        assert isinstance(state, Panzer44State)
        bots = {s: RandomBot(seed * 10 + i + 1) for i, s in enumerate(game.sides)}
        for count in range(100_000):
            if state.is_terminal():
                break
            if count % 25 == 0:
                for side in game.sides:
                    hexes = {h for u, h in state.board.hexes.items() if game.specs[u].side != side}
                    slow = [
                        h
                        for h in sorted(hexes, key=game.name)
                        if why_not_spotted(state, side, h) is None
                    ]
                    assert list(_spotted_enemy_hexes(state, side)) == slow
                    spotted, unspotted = spotted + len(slow), unspotted + len(hexes) - len(slow)
            side = state.to_act()[0]
            state.apply(bots[side].choose(state, side))
    assert spotted > 100 and unspotted > 100


def test_the_games_table_of_sight_verdicts_is_bounded_and_exact_11_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """[11.0]: the verdicts a game keeps (``MapGame.sees``, ``sees_any``) are the sight
    table's own, and the game keeps no more of them than its bound (it forgets them all and
    works them out again)."""
    import rules.maps.game as map_game
    from rules.panzer44.game import Panzer44Game
    from rules.panzer44.sight_table import SightTable

    monkeypatch.setattr(map_game, "LOS_CACHE_LIMIT", 50)
    game = load_game(load_scenario(ROOT / f"{SCENARIOS['sedan']}.yaml"))
    assert isinstance(game, Panzer44Game)
    table = SightTable(game.terrain)
    hexes = sorted(game.amap.hexes)[::37]
    pairs = [(a, b) for a in hexes[:15] for b in hexes[15:30]]
    blocked = 0
    for a, b in pairs + pairs:
        assert game.sees(a, b) == table.clear(a, b)
        assert len(game._seen) <= 50
        blocked += not table.clear(a, b)
    for b in hexes[15:30]:
        assert game.sees_any(hexes[:15], b) == any(table.clear(a, b) for a in hexes[:15])
    assert 0 < blocked < len(pairs) * 2
