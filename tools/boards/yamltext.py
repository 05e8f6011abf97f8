"""Writing board files as readable YAML text: shared by the board generators."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def wrap(items: Sequence[str], indent: str, width: int = 100) -> list[str]:
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
) -> list[str]:
    """The lines of a board's ``terrain.map`` block: a row number, then one character per
    column (a space where the column has no hex in that row)."""
    cols = list(columns)
    lines = []
    for row in rows:
        chars = "".join(char_at(col, row) or " " for col in cols)
        lines.append(f"    {row_label(row):02d} {chars.rstrip()}")
    return lines
