"""Load a 1 MB scenario file: parse with positions, migrate, validate, cross-reference.

Target (foundation issue): under 200 ms. Baseline: the naive way, ``yaml.load`` with PyYAML's
pure-Python ``SafeLoader`` followed by model validation, with no source positions and no
cross-reference checks (so it does less work and still reports no line numbers).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from bench.common import best_ms, row
from model.scenario import Scenario
from model.scenario_io import load_scenario
from model.yamlio import _positioned, read_yaml

BASE = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"


def big_scenario(target_bytes: int = 1_000_000) -> str:
    """The built-in 1A with many placed units and painted hexes, about ``target_bytes`` long."""
    text = BASE.read_text()
    names = [
        f"{s}{c:02d}{r:02d}"
        for s, rows in (("J", range(1, 12)), ("K", range(13, 24)), ("L", range(25, 36)))
        for c in range(1, 41)
        for r in rows
    ]
    units = []
    edits = []
    i = 0
    while len(text) + sum(map(len, units)) + sum(map(len, edits)) < target_bytes:
        name = names[i % len(names)]
        units.append(
            f"      - unit: M4\n        label: tank-{i}\n        ids: ['{800 + i}']\n"
            f"        placement: {{kind: hex, hex: {name}, facing: {i % 6 + 1}}}\n"
            f'        note: "placed by the load benchmark"\n'
        )
        if i % 3 == 0:
            edits.append(f"    - hexes: [{name}]\n      terrain: scrub\n      elevation: {i % 3}\n")
        i += 1
    text = text.replace(
        "      - {unit: M36B1, count: 2}\n", "      - {unit: M36B1, count: 2}\n" + "".join(units)
    )
    return text.replace(
        "  overlay_pool:", "  terrain_edits:\n" + "".join(edits) + "  overlay_pool:"
    )


def naive(path: Path) -> Scenario:
    with path.open(encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=yaml.SafeLoader)
    return Scenario.model_validate(data)


def main() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        path.write_text(big_scenario())
        size = path.stat().st_size
        loaded = load_scenario(path)
        forces = len(loaded.scenario.sides[1].forces)
        full = best_ms(lambda: load_scenario(path), repeat=9)
        parse = best_ms(lambda: read_yaml(path), repeat=5)
        text = path.read_text()
        positioned = best_ms(lambda: _positioned(text, str(path)), repeat=3)
        baseline = best_ms(lambda: naive(path), repeat=3)
    return [
        f"scenario file: {size / 1e6:.2f} MB, {forces} force entries",
        row("load 1 MB scenario (all four stages)", full, baseline, 200.0),
        row("  of which parsing (rapidyaml)", parse, baseline, None),
        row("  parsing with positions (the error path)", positioned, baseline, None),
    ]


if __name__ == "__main__":
    print("\n".join(main()))
