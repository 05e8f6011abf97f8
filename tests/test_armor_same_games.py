"""The same seed plays the same Armor game, whatever the engine caches (issues 20, 21).

Speed work on the Armor engine (the movement search, the map view's per-hex answers, the
Sighting Phase's verdict-only line of sight, fire orders listed without their refusals'
explanations) must not change a game: every legal action list, in its order, every action
played and the end state stay as they were. The values below were first recorded from main's
code at 56f4074, before that work; re-recorded under armor-0.7, when the legal Orders began to
offer the main gun's Opportunity Fire on the hexes around a known enemy unit
(:func:`rules.armor.opportunity.watch_hexes`, issue 14: other legal lists, so other random
games, by design). Played with the bots the command line gives (``hexwright play FILE
--bots random,random --seed N``: the bot of side i seeded ``N * 10 + i + 1``; forces a scenario
leaves to the Point Selection bought by the purchase bot's ``balanced`` strategy with the seed).
``lists`` is a hash of every legal action list a random bot was offered, in order; ``played``
a hash of the actions played (the history's text); ``fingerprint`` the state's fingerprint at
the end (position, dice, the whole log and the history), taken under the rules version the
values were recorded with (:data:`RECORDED_VERSION`: a fingerprint names the version, which a
rules change that leaves these games alone still moves on).

The two demonstration scenarios run in CI; the book's scenarios (several seconds a game) are
marked slow. Run ``python tests/test_armor_same_games.py`` to print what the current code gives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from same_games import play_seed as played

from model.scenario_io import load_scenario
from rules.engine.core import Game
from rules.pointbuy.purchase import game_for, parse_choices

ROOT = Path(__file__).parent.parent / "scenarios" / "armor"
SCENARIOS = {
    "advanced": "demo-advanced",
    "crossroads": "demo-crossroads",
    "spearheads": "1a-spearheads",
    "trading": "2a-trading-ground",
}
SLOW = pytest.mark.slow
#: The Armor rules version whose fingerprints are recorded below.
RECORDED_VERSION = "armor-0.7"

#: (scenario, seed) -> (actions, hash of every legal action list, hash of the actions played,
#: end fingerprint), under armor-0.7.
RECORDED: dict[tuple[str, int], tuple[int, str, str, str]] = {
    ("advanced", 1): (
        143,
        "442a86ea49f39b19",
        "bfb580917b3a81f0",
        "134b21b698a5ad11690808edfe7ab460994bc4f2edb8d7c27ec55b0cfb33300e",
    ),
    ("advanced", 2): (
        138,
        "32a1562e9bf6df10",
        "1a6763a1bf21263b",
        "98ee8d368ddb88ad064801db4c8688febffb84ed6229fba31db64991fa54d511",
    ),
    ("crossroads", 1): (
        213,
        "b872c02b6b3d8f9e",
        "0fa9968148da8f82",
        "7f0d2373185534db5ad415925539f398a1d2a72724b27f1883d0579ab2eaba33",
    ),
    ("crossroads", 2): (
        209,
        "ca289da0b6a6a222",
        "d63407c5989fc4aa",
        "8b3df7fa56df67f000582b5b2a283a5aecb5f6a2da3907381c907ccf4347f08c",
    ),
    ("spearheads", 1): (
        365,
        "8630f2aabbd0473b",
        "ac77d22dc4f6ff6f",
        "4a4b6d52839e8f7f95b22d22904b1f8e2a629e11b979cc81f58c86ce63ea3fa2",
    ),
    ("spearheads", 2): (
        367,
        "80351ceb7e91c533",
        "24cf42033bbfa907",
        "6e73e58d8cf4b83e81a4b1923240d8eb14ee58e3040ff30e5d0213234dad783a",
    ),
    ("trading", 1): (
        444,
        "f58994441e2f1b34",
        "cb27e1b7744053ec",
        "82ecb4f644cad05d09fe7b829d7bcc38c3f403cd86e4a6967860f7b1d2829a30",
    ),
    ("trading", 2): (
        534,
        "b762596ea92a6f5c",
        "feaaf87e9df1282b",
        "629c15aebdd7e24ab2edfafad3415749f102ec7841ff2e42095d89cf12e76329",
    ),
}

#: (scenario, seed, the heuristic bot's side number) -> the same, the other side random.
HEURISTIC: dict[tuple[str, int, int], tuple[int, str, str, str]] = {
    # Re-recorded under armor-0.7 (the heuristic bot's machineguns and anti-tank weapons plot
    # their own Opportunity and Tracking Fire since armor-botorders; its units their main gun's
    # "N-<hex>" [AG V.A.2.b] since armor-botwatch, on the hexes the legal Orders offer).
    ("advanced", 1, 0): (
        81,
        "b16f268dff4bd196",
        "efebcae83bc26de9",
        "226bc0cb16783f67086bea73d12fd14b6d1138fb302ad9e6006b89bda69c5956",
    ),
    ("advanced", 1, 1): (
        74,
        "afc557a290628c25",
        "fce72cd8e2ad72d3",
        "119465aa9c6e29d46a73f845e3209953c9a1d69d3afc7d100a1dfb8861df1f89",
    ),
    ("spearheads", 1, 0): (
        267,
        "082b0eaaab68f393",
        "03811d1aae262399",
        "c6ba3924eb6304a9c27391e0bd8b4ba6f20419e9f422b751c0924279df4b9d65",
    ),
    ("spearheads", 1, 1): (
        237,
        "5bc8a74467d98a94",
        "a467c1f107d30ba4",
        "32e165b7eade0255110ac5653e6447cf83527c56842a0500028f61d896e44e1f",
    ),
}

#: The games CI plays; the others are marked slow.
FAST = {("advanced", 1), ("advanced", 2), ("crossroads", 1)}
FAST_HEURISTIC = {("advanced", 1, 0), ("advanced", 1, 1)}


def play_seed(name: str, seed: int, heuristic: int | None = None) -> tuple[int, str, str, str]:
    """What :func:`same_games.play_seed` records of the scenario's game, its forces bought as
    the CLI buys them, fingerprinted under :data:`RECORDED_VERSION`."""
    loaded = load_scenario(ROOT / f"{SCENARIOS[name]}.yaml")
    game: Game = game_for(loaded, parse_choices("balanced", loaded.scenario, seed))
    game.rules_version = RECORDED_VERSION  # type: ignore[attr-defined]
    return played(game, seed, heuristic)


def _marked(keys: list[Any], fast: set[Any]) -> list[Any]:
    return [k if k in fast else pytest.param(*k, marks=SLOW) for k in keys]


@pytest.mark.parametrize(("name", "seed"), _marked(sorted(RECORDED), FAST))
def test_seeded_random_game_plays_as_before_issue_21(name: str, seed: int) -> None:
    """Issues 20, 21: the same seed gives the same legal action lists (in order), the same
    actions and the same end state as main's code did before the speed work (the Armor rules
    [AG IV sighting; AG V movement; AG VI fire] unchanged)."""
    assert play_seed(name, seed) == RECORDED[(name, seed)]


@pytest.mark.parametrize(("name", "seed", "side"), _marked(sorted(HEURISTIC), FAST_HEURISTIC))
def test_seeded_heuristic_game_plays_as_before_issue_21(name: str, seed: int, side: int) -> None:
    """Issues 20, 21: the heuristic bot (previews, every order judged) against the random bot
    plays as before the speed work."""
    assert play_seed(name, seed, side) == HEURISTIC[(name, seed, side)]


if __name__ == "__main__":
    for name in SCENARIOS:
        for seed in (1, 2):
            print(f"    ({name!r}, {seed}): {play_seed(name, seed)!r},", flush=True)
    for name in ("advanced", "spearheads"):
        for side in (0, 1):
            print(f"    ({name!r}, 1, {side}): {play_seed(name, 1, side)!r},", flush=True)
