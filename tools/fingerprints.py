"""Fingerprints of seeded bot games on every built-in scenario the engine plays, for refactors.

A refactor that must not change play (a package move, state records) runs this before and
after and compares the two outputs: ``python -m tools.fingerprints > before.json``, change,
``python -m tools.fingerprints > after.json``, ``diff before.json after.json``. A scenario the
engine refuses (point-buy forces not bought) is listed with the refusal's words.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from model.scenario_io import load_scenario
from rules import load_game
from rules.bots.base import make_bot, play

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SEATINGS = (("random", "random"), ("heuristic", "random"))


def survey(seeds: tuple[int, ...], pattern: str) -> dict[str, object]:
    found: dict[str, object] = {}
    for path in sorted(SCENARIOS.glob(f"*/{pattern}.yaml")):
        name = f"{path.parent.name}/{path.stem}"
        try:
            game = load_game(load_scenario(path))
        except Exception as exc:  # refused: say so, the refusal is behaviour too
            found[name] = f"refused: {type(exc).__name__}: {exc}"
            continue
        for seats in SEATINGS:
            for seed in seeds:
                state = game.new_initial_state(seed)
                bots = {
                    s: make_bot(b, seed * 10 + i + 1)
                    for i, (s, b) in enumerate(zip(game.sides, seats, strict=False))
                }
                try:
                    count = play(state, bots)
                    found[f"{name} {','.join(seats)} {seed}"] = [count, state.fingerprint()]
                except Exception as exc:
                    found[f"{name} {','.join(seats)} {seed}"] = f"error: {exc!r}"
                print(name, seats, seed, file=sys.stderr)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="*", default=[1])
    parser.add_argument("--only", default="*", help="a glob of scenario file names")
    args = parser.parse_args()
    print(json.dumps(survey(tuple(args.seeds), args.only), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
