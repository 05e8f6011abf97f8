"""Writing board files as readable YAML text: shared by the board generators."""

from __future__ import annotations

from collections.abc import Sequence


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
