"""Load a 1 MB scenario file: parse with positions, migrate, validate, cross-reference.

Targets: under 200 ms (foundation issue); under 150 ms for every file shape (speed issue): the
Armor style, the Panzer '44 style (unit names such as "Inf", which once sent a file to the slow
reader) and a file with YAML anchors and aliases.
Baselines: the naive way, ``yaml.load`` followed by model validation, with no source positions
and no cross-reference checks (so it does less work and still reports no line numbers): with
PyYAML's pure-Python ``SafeLoader`` (the straw man it was), and the fair one, PyYAML's C loader
(``CSafeLoader``, installed here) with the garbage collector on as in the real load.
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


P44 = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.5-arracourt.yaml"


def p44_style(target_bytes: int = 1_000_000) -> str:
    """Panzer '44's 19.5 with force entries of its own unit names ("Inf", "PzV"), ~1 MB."""
    text = P44.read_text()
    names = ("Inf", "PzV", "SPW", "PzIV", "T")
    entries = []
    i = 0
    while len(text) + sum(map(len, entries)) < target_bytes:
        entries.append(
            f"      - {{unit: {names[i % len(names)]}, count: 1, "
            f'note: "entry {i} of the load benchmark, a platoon at its place @ the start line, '
            f'held back until the second Game-Turn"}}\n'
        )
        i += 1
    return text.replace("      - {unit: PzV, count: 8}\n", "".join(entries), 1)


def with_anchors(text: str) -> str:
    """The Armor-style file with every unit's note an alias of the first one's."""
    first = 'note: "placed by the load benchmark"'
    text = text.replace(first, 'note: &placed "placed by the load benchmark"', 1)
    return text.replace(first, "note: *placed")


def naive(path: Path, loader: type = yaml.SafeLoader) -> Scenario:
    with path.open(encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=loader)
    return Scenario.model_validate(data)


def main() -> list[str]:
    lines = []
    c_loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    shapes = (
        ("Armor style", big_scenario()),
        ("Panzer '44 style, 'Inf' units", p44_style()),
        ("with anchors and aliases", with_anchors(big_scenario())),
    )
    with tempfile.TemporaryDirectory() as folder:
        for label, text in shapes:
            path = Path(folder) / "big.yaml"
            path.write_text(text)
            size = path.stat().st_size
            load_scenario(path)
            full = best_ms(lambda path=path: load_scenario(path), repeat=7)
            fair = best_ms(lambda path=path: naive(path, c_loader), repeat=3)
            straw = best_ms(lambda path=path: naive(path), repeat=2)
            lines.append(f"scenario file, {label}: {size / 1e6:.2f} MB")
            lines.append(row("  load (all four stages) vs C loader + validate", full, fair, 150.0))
            lines.append(row("  the same vs pure-Python loader + validate", full, straw, 150.0))
            if label == "Armor style":
                parse = best_ms(lambda path=path: read_yaml(path), repeat=5)
                positioned = best_ms(lambda text=text: _positioned(text, "big.yaml"), repeat=3)
                lines.append(row("  of which parsing (rapidyaml)", parse, fair, None))
                lines.append(
                    row("  parsing with positions (the error path)", positioned, fair, None)
                )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
