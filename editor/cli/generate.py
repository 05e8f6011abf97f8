"""``hexwright generate``: a scenario rolled by a system's own scenario generation (Qt-free).

    hexwright generate panzer-command -o chir.yaml            # seed 0
    hexwright generate panzer-command -o chir.yaml --seed 7   # the same seed, the same file

The system's registered rules say how (:attr:`rules.registry.SystemRules.generator`); the
file written validates (``hexwright validate``) and plays (``hexwright play``).
Exit status: 0; 2 for a system Hexwright does not know or one with no generator.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from editor.cli.args import whole

#: The largest seed (as ``hexwright play``'s).
MAX_SEED = 2**63 - 1


def add_parser(sub: Any) -> None:
    gen = sub.add_parser("generate", help="roll a scenario with a system's scenario generation")
    gen.add_argument("system", metavar="SYSTEM", help="the game system (panzer-command)")
    gen.add_argument("-o", "--output", required=True, metavar="FILE", help="the scenario to write")
    gen.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="seeds the dice (0)")
    gen.set_defaults(handler=cmd_generate)


def cmd_generate(args: argparse.Namespace) -> int:
    from model.errors import did_you_mean
    from model.systems import GameSystem
    from rules.registry import find

    known = [s.value for s in GameSystem]
    wanted = args.system.strip().lower().replace("_", "-")
    if wanted not in known:
        hint = did_you_mean(wanted, known) or "known: " + ", ".join(known)
        print(f"hexwright generate: no game system '{args.system}' ({hint})", file=sys.stderr)
        return 2
    rules = find(GameSystem(wanted))
    if rules is None or rules.generator is None:
        able = [s.value for s in GameSystem if (r := find(s)) is not None and r.generator]
        print(
            f"hexwright generate: {wanted} has no scenario generation (these do: "
            f"{', '.join(able) or 'none'})",
            file=sys.stderr,
        )
        return 2
    Path(args.output).write_text(rules.generator(args.seed), encoding="utf-8")
    print(f"{args.output}: {wanted} scenario rolled with seed {args.seed}")
    return 0
