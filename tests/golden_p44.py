"""Golden fixtures of the Panzer '44 map: lines of sight and reachable hexes, worked out by the
engine and kept in ``tests/fixtures/golden/`` so that any change to them is seen and decided on.

``python -m tests.golden_p44`` (re)writes the files; ``tests/test_p44_golden.py`` compares the
engine with them exactly. The samples are fixed: every 97th hex of the map in printed order
(22 hexes: 462 ordered pairs of lines of sight, each with its verdict, the hexes it passes and
what decides it), and the reach of each movement class [10.13] from 12 of those hexes with
its allowance (hard vehicle 6, truck 8, foot 1... as the catalogue's units have).
"""

from __future__ import annotations

import json
from pathlib import Path

from model.scenario_io import load_scenario
from rules.movement.reach import reachable
from rules.panzer44.game import Panzer44Game
from rules.registry import load_game

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
FOLDER = Path(__file__).parent / "fixtures" / "golden"
#: Movement class and allowance, as the catalogue's units have them.
CLASSES = (("hard-vehicle", 6), ("soft-vehicle", 8), ("foot", 1))


def p44_game() -> Panzer44Game:
    game = load_game(load_scenario(SCENARIO))
    assert isinstance(game, Panzer44Game)
    return game


def sample(game: Panzer44Game) -> list:  # type: ignore[type-arg]
    names = sorted(game.amap.name(h) for h in game.amap.hexes)
    return [game.amap.resolve(n) for n in names[::97]]


def lines_of_sight(game: Panzer44Game) -> dict[str, dict[str, object]]:
    hexes = sample(game)
    found: dict[str, dict[str, object]] = {}
    for a in hexes:
        for b in hexes:
            if a == b:
                continue
            los = game.los(a, b)
            found[f"{game.name(a)}-{game.name(b)}"] = {
                "verdict": los.verdict,
                "hexes": [game.name(h) for h in los.hexes],
                "decided_by": los.decided_by.where if los.decided_by else None,
                "rule": los.rule,
            }
    return found


def reaches(game: Panzer44Game) -> dict[str, dict[str, float]]:
    found: dict[str, dict[str, float]] = {}
    for start in sample(game)[:12]:
        for cls, allowance in CLASSES:
            where = reachable(
                start, allowance, edges=lambda h, c=cls: game.costs.within(c, h, game.play_area)
            )
            found[f"{game.name(start)} {cls} {allowance}"] = {
                game.name(h): c
                for h, c in sorted(where.costs.items(), key=lambda x: game.name(x[0]))
            }
    return found


def write() -> None:
    game = p44_game()
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, data in (("p44-los.json", lines_of_sight(game)), ("p44-reach.json", reaches(game))):
        (FOLDER / name).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    write()
