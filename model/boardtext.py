"""Board files as readable, deterministic YAML text.

The board generators in ``tools/boards/`` write the built-in boards with the helpers here, and
the board editor writes the user's boards with :func:`board_yaml`. Text rather than a YAML
dumper, because a board file is read and diffed by people: the terrain map as a literal block
of one line per printed row, hex lists as wrapped flow lists.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence

from model.board import BoardFile, DirectionalHexagon, GridSpec

#: Longest line the writer aims for (a long provenance text may still exceed it).
WIDTH = 100


def wrap(items: Sequence[str], indent: str, width: int = WIDTH) -> list[str]:
    """Quoted items as YAML flow-list lines no longer than ``width``."""
    lines: list[str] = []
    current = indent
    for i, item in enumerate(items):
        piece = f'"{item}"' + ("," if i < len(items) - 1 else "")
        if len(current) + len(piece) + 1 > width and current.strip():
            lines.append(current.rstrip())
            current = indent
        current += piece + " "
    if current.strip():
        lines.append(current.rstrip())
    return lines


def flow_list(items: Sequence[str], indent: str) -> str:
    """A YAML flow list of quoted items: one line when it fits, else wrapped."""
    body = wrap(items, indent + "  ")
    if len(body) == 1 and len(body[0]) < 80:
        return "[" + body[0].strip() + "]"
    # Closing on the last line: rapidyaml refuses a bracket alone at the key's indent.
    return "[\n" + "\n".join(body) + "]"


def terrain_map_lines(
    rows: Iterable[int],
    columns: Iterable[int],
    char_at: Callable[[int, int], str | None],
    row_label: Callable[[int], int] = lambda row: row,
    indent: str = "    ",
) -> list[str]:
    """The lines of a board's ``terrain.map`` block: a row number, then one character per
    column (a space where the column has no hex in that row)."""
    cols = list(columns)
    lines = []
    for row in rows:
        chars = "".join(char_at(col, row) or " " for col in cols)
        lines.append(f"{indent}{row_label(row):02d} {chars.rstrip()}")
    return lines


def quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's string escapes are YAML's too)."""
    return json.dumps(text, ensure_ascii=False)


def board_yaml(board: BoardFile) -> str:
    """A board file as deterministic YAML that :func:`model.resources.read_board` reads back
    equal: keys in the model's order, empty optional parts left out."""
    out = [f"schema_version: {board.schema_version}", f"system: {board.system.value}"]
    out += [f"id: {board.id}", f"name: {quoted(board.name)}"]
    out += _provenance(board.source, board.placeholder, "")
    out += _grid(board.grid)
    out.append(f"printed_id: {quoted(board.printed_id)}")
    if board.directional_hexagon is not None:
        out += _directional(board.directional_hexagon)
    if board.center_hexes:
        out.append("center_hexes: " + flow_list(board.center_hexes, ""))
    out += ["terrain:", "  legend:"]
    out += [
        f"    {quoted(char)}: {quoted(terrain)}" for char, terrain in board.terrain.legend.items()
    ]
    out.append("  map: |")
    out += [f"    {line}" if line else "" for line in board.terrain.map.splitlines()]
    out += _elevation(board)
    if board.hexsides:
        out.append("hexsides:")
        for side in board.hexsides:
            out += [f"  - feature: {quoted(side.feature)}", "    sides: " + _list(side.sides)]
    if board.paths:
        out.append("paths:")
        for path in board.paths:
            out += [f"  - feature: {quoted(path.feature)}", "    hexes: " + _list(path.hexes)]
    out += _hex_sets("zones", board.zones)
    out += _hex_sets("soft_areas", board.soft_areas)
    out += _hex_sets("places", board.places)
    return "\n".join(out) + "\n"


def _provenance(source: str | None, placeholder: str | None, indent: str) -> list[str]:
    lines = []
    if source is not None:
        lines.append(f"{indent}source: {quoted(source)}")
    if placeholder is not None:
        lines.append(f"{indent}placeholder: {quoted(placeholder)}")
    return lines


def _grid(grid: GridSpec) -> list[str]:
    return [
        "grid:",
        f"  columns: [{grid.columns[0]}, {grid.columns[1]}]",
        f"  rows: [{grid.rows[0]}, {grid.rows[1]}]",
        f"  lower_columns: {grid.lower_columns.value}",
        f"  half_hex_edges: {'true' if grid.half_hex_edges else 'false'}",
        *(["  paths_cross_ends: true"] if grid.paths_cross_ends else []),
        *_provenance(grid.source, grid.placeholder, "  "),
    ]


def _directional(hexagon: DirectionalHexagon) -> list[str]:
    return [
        "directional_hexagon:",
        f"  hex: {quoted(hexagon.hex)}",
        f"  direction_1: {hexagon.direction_1}",
        f"  numbering: {hexagon.numbering}",
    ]


def _elevation(board: BoardFile) -> list[str]:
    elevation = board.elevation
    if elevation.default == 0 and not elevation.hexes:
        return []
    lines = ["elevation:", f"  default: {elevation.default}"]
    if not elevation.hexes:
        return lines
    lines.append("  hexes: {")
    current = "    "
    for hex_id, level in elevation.hexes.items():
        entry = f"{quoted(hex_id)}: {level}"
        if len(current) + len(entry) + 2 > WIDTH:
            lines.append(current.rstrip())
            current = "    "
        current += entry + ", "
    # Closing on the last line, as in flow_list.
    lines.append(current.rstrip().rstrip(",") + "}")
    return lines


def _list(items: Sequence[str]) -> str:
    return flow_list(items, "    ") if items else "[]"


def _hex_sets(key: str, sets: Mapping[int, list[str]] | Mapping[str, list[str]]) -> list[str]:
    if not sets:
        return []
    lines = [f"{key}:"]
    for name, hexes in sets.items():
        label = str(name) if isinstance(name, int) else quoted(name)
        lines.append(f"  {label}: " + (flow_list(hexes, "  ") if hexes else "[]"))
    return lines
