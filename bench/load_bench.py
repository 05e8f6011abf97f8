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
from model.limits import MAX_LIST_ITEMS, MAX_SIDE_UNITS
from model.scenario import Scenario
from model.scenario_io import build_map, load_scenario
from model.yamlio import _positioned, read_yaml

BASE = Path(__file__).parent.parent / "scenarios" / "armor" / "1a-spearheads.yaml"
P44 = Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.5-arracourt.yaml"


def map_hexes(path: Path) -> list[str]:
    """The printed names of the hexes of a built-in scenario's map, in the map's order."""
    amap, _, problems = build_map(load_scenario(path).scenario)
    assert amap is not None, problems
    return [amap.name(h) for h in amap.hexes]


def room_for(path: Path, side: int, replaced: int) -> int:
    """How many units side ``side`` of a scenario may still have (:data:`MAX_SIDE_UNITS`), an
    entry of ``replaced`` units taken out."""
    found = load_scenario(path).scenario.sides[side]
    entries = [*found.forces, *(e for r in found.reinforcements for e in r.units)]
    return MAX_SIDE_UNITS - sum(e.count for e in entries) + replaced


def _name(name: str) -> str:
    """A hex name as the editor writes it: quoted when YAML would read it as a number."""
    return f"'{name}'" if name.isdigit() else name


def _units(names: list[str], unit_ids: tuple[str, ...], first: int, count: int) -> str:
    """``count`` force entries, each its own placed counter with a label, ids and a note (a
    designer's order of battle at its largest)."""
    return "".join(
        f"      - unit: {unit_ids[i % len(unit_ids)]}\n"
        f"        label: unit-{first + i}\n        ids: ['{first + i}']\n"
        f"        placement: {{kind: hex, hex: {_name(names[(first + i) % len(names)])}, "
        f"facing: {i % 6 + 1}}}\n"
        f'        note: "placed by the load benchmark: holds its hex until relieved"\n'
        for i in range(count)
    )


def _edits(names: list[str], room: int, terrains: tuple[str, ...]) -> str:
    """Terrain edits of about ``room`` characters: the map painted over in layers, each edit a
    run of 1 to 16 hexes given a terrain or an elevation, the last layer winning (a file
    written by a script, or painted by hand, may paint a hex many times)."""
    out: list[str] = []
    size = 0
    i = 0
    while size < room and len(out) < MAX_LIST_ITEMS:
        run = ", ".join(_name(names[(i * 16 + k) % len(names)]) for k in range(1 + i % 16))
        what = f"terrain: {terrains[i % 3]}" if i % 2 else f"elevation: {i % 3}"
        out.append(f"    - hexes: [{run}]\n      {what}\n")
        size += len(out[-1])
        i += 1
    return "".join(out)


def big_scenario(target_bytes: int = 1_000_000) -> str:
    """The built-in 1A at every limit a real file could reach, about ``target_bytes`` long:
    both sides at the most units a side may have (:data:`MAX_SIDE_UNITS`), each placed; the
    rest of the size in terrain edits (one list holds at most :data:`MAX_LIST_ITEMS`)."""
    text = BASE.read_text()
    names = map_hexes(BASE)
    german = _units(names, ("PZIVJ", "PANTHER-A", "STGIIIG-75"), 1000, room_for(BASE, 0, 4))
    us = _units(names, ("M4", "SHERMAN-76", "M36B1"), 2000, room_for(BASE, 1, 3))
    text = text.replace("      - {unit: PZIVJ, count: 4}\n", german, 1)
    text = text.replace("      - {unit: M4, count: 3}\n", us, 1)
    edits = _edits(names, target_bytes - len(text), ("scrub", "woods", "clear"))
    return text.replace("  overlay_pool:", "  terrain_edits:\n" + edits + "  overlay_pool:")


def p44_style(target_bytes: int = 1_000_000) -> str:
    """Panzer '44's 19.5 the same way, its force entries of the book's own unit names ("Inf",
    "PzV": such names once sent a file to the slow reader), ~1 MB."""
    text = P44.read_text()
    names = map_hexes(P44)
    german = _units(names, ("Inf", "PzV", "SPW", "T"), 1000, room_for(P44, 0, 8))
    us = _units(names, ("M4", "M5", "M18", "M8"), 2000, room_for(P44, 1, 2))
    text = text.replace("      - {unit: PzV, count: 8}\n", german, 1)
    bezange = "placement: {kind: area, region: {kind: place, name: Bezange}, adjacent: true}"
    text = text.replace(f"      - {{unit: M4, count: 2, {bezange}}}\n", us, 1)
    edits = _edits(names, target_bytes - len(text), ("woods", "swamp", "clear"))
    return text.replace("map:\n", "map:\n  terrain_edits:\n" + edits, 1)


def with_anchors(text: str) -> str:
    """The Armor-style file with every unit's note an alias of the first one's."""
    first = 'note: "placed by the load benchmark: holds its hex until relieved"'
    text = text.replace(first, first.replace("note: ", "note: &placed ", 1), 1)
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
