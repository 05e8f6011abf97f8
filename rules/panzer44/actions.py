"""Panzer '44's plot: a unit's task for the Game-Turn [5.0]-[5.4], with its text form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action
from rules.engine.actions import token as _token
from rules.engine.errors import ActionSyntaxError

#: Panzer '44 [5.4] Task Summary codes.
TASK_CODES = ("MV", "DF", "IF", "OF", "CA", "CB")


#: Tasks plotted with a target hex [5.0]: every combat task except Counterbattery [6.73].
TARGETED_TASKS = ("DF", "IF", "OF", "CA")


#: H-class fire patterns, Tight and Loose [6.21].
PATTERNS = ("T", "L")


@dataclass(frozen=True)
class Plot(Action):
    """Plot one unit's task for this Game-Turn [5.0]-[5.4].

    Attributes:
        unit: the unit's game id.
        task: a Task Summary code [5.4].
        target: the target hex's printed name (DF, IF, OF, CA) [5.0].
        pattern: ``T`` or ``L`` for H-class fire [6.21]; unset means the default, Tight.
    """

    verb: ClassVar[str] = "plot"
    unit: str
    task: str
    target: str | None = None
    pattern: str | None = None

    def text(self) -> str:
        parts = [self.verb, self.unit, self.task, self.target, self.pattern]
        return " ".join(p for p in parts if p is not None)

    @classmethod
    def parse(cls, args: list[str], line: str) -> Plot:
        if len(args) < 2:
            raise ActionSyntaxError(f"'{line}': write 'plot UNIT TASK [HEX] [T|L]'")
        unit, task, rest = _token(args[0], "unit id", line), args[1].upper(), args[2:]
        if task not in TASK_CODES:
            raise ActionSyntaxError(f"'{line}': '{args[1]}' is not a task code ({TASK_CODES})")
        target = None
        if task in TARGETED_TASKS:
            if not rest:
                raise ActionSyntaxError(f"'{line}': a {task} plot needs its target hex [5.0]")
            target, rest = _token(rest[0], "hex", line), rest[1:]
        pattern = None
        if rest and task in ("IF", "OF", "DF", "CB"):
            pattern, rest = rest[0].upper(), rest[1:]
            if pattern not in PATTERNS:
                raise ActionSyntaxError(f"'{line}': '{pattern}' is not a pattern (T or L)")
        if task == "CB" and pattern is None:
            raise ActionSyntaxError(f"'{line}': a CB plot needs its pattern, T or L [6.73]")
        if rest:
            raise ActionSyntaxError(f"'{line}': unexpected '{' '.join(rest)}'")
        return cls(unit, task, target, pattern)
