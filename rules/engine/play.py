"""The typed values of the State API that every system gives the same way: where play is, an
action in words and what it concerns, what an action would do, and what one side may know.

The editor's Test Play, the command line and the bots read a game only through these (and the
Game/State methods of :mod:`rules.engine.core` that return them), so none of them needs to know
which system it is playing (STYLE point 24: python-chess's ``board.san(move)``, OpenSpiel's
``state.action_to_string``)::

    state.progress()            # Progress: turn, phase, step, who acts, what is left to do
    state.describe(action)      # "Move to 1215 (3 MP)"
    state.concerns(action)      # ActionFocus: the unit, the hexes it goes to or aims at
    state.preview(action)       # Preview: legal or why not, cost, the odds, the rules
    state.reach(unit)           # where a unit could move, with the cost of each hex
    state.route(unit, hexes)    # the move through the hexes a player clicked
    state.view_for(side)        # SideView: what that side may know
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from model.hexes import Hex
from rules.engine.positions import UnitPosition

#: What an action does on the map: moves a unit, fires (or aims) at something, or neither.
ActionKind = Literal["move", "fire", "other"]


@dataclass(frozen=True)
class Progress:
    """Where play is.

    Attributes:
        turn: the turn (Game-Turn, Turn, Command Cycle) now.
        last_turn: the scenario's last turn, or None when it is open-ended.
        turn_word: what the book calls a turn (``Game-Turn``, ``Command Cycle``).
        phase: the phase in the book's words (``Mutual Plot Phase``); empty when over.
        step: the segment or step within it, in words (``Chit 2 at Bold, 3 orders left``).
        rule: the book's section for the phase and step.
        step_id: the system's id for the step (a segment's id; a position file's ``step``).
        to_act: the sides that decide now (empty when over).
        left: for each side to act, what it has left to decide, in a few words.
        done_label: what finishing means now, for a Done button (``Done plotting``, ``Pass``).
        side_actions: what a side's actions that belong to no unit are (``Command chits``).
        over: the game has ended.
    """

    turn: int
    last_turn: int | None
    turn_word: str
    phase: str
    step: str
    rule: str = ""
    step_id: str = ""
    to_act: tuple[str, ...] = ()
    left: Mapping[str, str] = field(default_factory=dict)
    done_label: str = "Done"
    side_actions: str = "The side"
    over: bool = False

    @property
    def heading(self) -> str:
        """``Game-Turn 2 of 8 · Movement Phase``: the turn and the phase, for a header."""
        of = f" of {self.last_turn}" if self.last_turn is not None else ""
        phase = f" · {self.phase}" if self.phase else ""
        return f"{self.turn_word} {self.turn}{of}{phase}"


@dataclass(frozen=True)
class ActionFocus:
    """The unit an action is for and the hexes it concerns.

    Attributes:
        unit: the unit's (or man's) game id; None for a side's own action (a chit, a pass).
        kind: what it does on the map.
        hex: the hex a move ends in or a fire aims at; None when neither (off the map).
        path: the hexes a move enters, in order (empty when not a move or unknown).
        cost: what the move costs in the system's points (MP, SF, AP), when known.
    """

    unit: str | None
    kind: ActionKind = "other"
    hex: Hex | None = None
    path: tuple[Hex, ...] = ()
    cost: float | None = None


@dataclass(frozen=True)
class Chance:
    """What one attack of an action would do, worked out up to the die.

    Attributes:
        target: what is attacked (a unit's id, or a hex's name).
        words: the attack in words (``superiority +2, terrain -1, 3 in 6 to have an effect``).
        effect: the chance of any effect, 0 to 1, when known.
        prohibited: why the attack cannot be made, if it cannot.
    """

    target: str
    words: str
    effect: float | None = None
    prohibited: str | None = None


@dataclass(frozen=True)
class Preview:
    """What an action would do now, without applying it and without the game's dice.

    Attributes:
        words: the action in words.
        legal: whether it is legal now.
        why_not: why not, when it is not.
        cost: what it costs, in words (``3 MP``), if anything.
        chances: each attack it would make, with its odds.
        rules: the rules applied, in order, each with its section.
    """

    words: str
    legal: bool
    why_not: str | None = None
    cost: str | None = None
    chances: tuple[Chance, ...] = ()
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class SideView:
    """What one side may know now: never the other side's secret plots or hidden units.

    Attributes:
        side: the side.
        progress: where play is.
        units: the units it may see on the map, where they are.
        own_orders: its own orders so far (texts), and the other side's once they are revealed.
        others_done: of each other side, whether it has finished its secret step.
        log: the game's events as this side may see them, in words.
    """

    side: str
    progress: Progress
    units: tuple[UnitPosition, ...]
    own_orders: tuple[str, ...] = ()
    others_done: Mapping[str, bool] = field(default_factory=dict)
    log: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figure:
    """One number behind a verdict: what it is, whose, its value and the rule that gives it.

    Attributes:
        name: what the number is in the book's words (``Percentage Number``).
        value: the number.
        side: the side it belongs to, or None for a number of the game (``Differential Number``).
        rule: the book's section.
        placeholder: what the number rests on when the book does not print it, else None.
    """

    name: str
    value: float
    side: str | None = None
    rule: str = ""
    placeholder: str | None = None


@dataclass(frozen=True)
class Verdict:
    """How the winner was decided from the points, where a book says more than "the most
    points wins" (Armor's adjudication of unequal forces [SCN IV]).

    Attributes:
        level: the level of victory in the book's words (``won the game quite handily``).
        rule: the section that decided.
        steps: the procedure as it was followed, step by step, each with its section.
        figures: the numbers behind it (each side's Points, its Percentage Number...).
    """

    level: str
    rule: str
    steps: tuple[str, ...] = ()
    figures: tuple[Figure, ...] = ()
