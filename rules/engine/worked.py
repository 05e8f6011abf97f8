"""A number worked out step by step, in words, for the log: each step and each placeholder of
the data library that went into it (the Panzer Command and Soldiers fire procedures)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Working:
    """The steps so far (``"target in woods [8.32] -1"``) and the placeholders used, each with
    the step it decided."""

    steps: list[str] = field(default_factory=list)
    placeholders: list[str] = field(default_factory=list)

    def add(self, text: str, amount: int, placeholder: str | None) -> int:
        """Write a modifier as a step (marked when a placeholder gives it); return it."""
        self.steps.append(f"{text} {amount:+d}" + (" (placeholder)" if placeholder else ""))
        if placeholder:
            self.placeholders.append(f"{text}: {placeholder}")
        return amount
