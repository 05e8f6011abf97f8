"""The sheets a book has its players keep on paper (Armor's Command Sheet identifications
[ADV III] and Unit Record Sheet [OP XXXIV]), as plain tables a system writes from a game
(:attr:`rules.registry.SystemRules.sheets`) and the command line prints (``hexwright sheet``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sheet:
    """One sheet of one side: its title with the book's section, its columns, a row per unit,
    and notes (what is our reading, what is left blank)."""

    title: str
    side: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The sheet as text, its columns aligned."""
        widths = [
            max(len(c), *(len(r[i]) for r in self.rows)) if self.rows else len(c)
            for i, c in enumerate(self.columns)
        ]
        out = [f"{self.title}: {self.side}"]
        head = "  ".join(c.ljust(w) for c, w in zip(self.columns, widths, strict=True))
        out.append(f"  {head}".rstrip())
        out.extend(
            "  " + "  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
            for row in self.rows
        )
        out.extend(f"  ({n})" for n in self.notes)
        return out
