"""Actions: small immutable values with a text form that round-trips.

Like python-chess's ``Move.uci()`` / ``Board.parse_uci()``: ``game.parse_action(a.text()) == a``
for every action. A game knows its own verbs (:attr:`rules.engine.core.Game.actions`, with
:data:`SHARED` ones every game reads); there is no process-wide table of verbs. The text names
units by their game id (``german.PzV.3``) and hexes by their printed names (``1215``), so a replay
reads like a plot sheet::

    plot german.PzV.3 MV          # Mutual Plot Phase: the unit's task [5.0]
    plot us.M4.1 DF 1215          # a fire task with its target hex [5.4]
    plot us.81m.1 IF 1215 L       # Indirect Fire with its pattern (T or L) [6.21]
    plot us.105f.1 CB T           # Counterbattery: a pattern only, no hex [6.73]
    move german.PzV.3 1215 1216   # the hexes entered, in order [7.0]
    done german                   # the side has finished the current segment
    force-dice 3 5                # the next die results (a test, or a book's worked example)

Parsing needs only the game's verbs: whether the unit, hexes and task are legal now is the state's
question (:class:`~rules.engine.errors.IllegalActionError`); here only the shape is checked
(:class:`~rules.engine.errors.ActionSyntaxError`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import ClassVar, Self

from rules.engine.errors import ActionSyntaxError

_TOKEN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/@+-]*$")
#: The longest action text read (the longest real one, a force-dice of many results, is a few
#: thousand characters); a longer text is refused before it is split.
MAX_ACTION_TEXT = 10_000
#: The longest refusal of an action text said whole (a longer one quotes the text cut).
MAX_MESSAGE = 400


def _cut(line: str, most: int = 80) -> str:
    """``line`` as a message quotes it: at most ``most`` characters."""
    return line if len(line) <= most else f"{line[: most - 3]}..."


def token(text: str, what: str, line: str) -> str:
    if not _TOKEN.match(text):
        raise ActionSyntaxError(f"'{line}': '{text}' is not a {what}")
    return text


@dataclass(frozen=True)
class Action:
    """Base of every action: a verb, a text form and its :meth:`parse`."""

    verb: ClassVar[str] = ""

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, args: list[str], line: str) -> Action:
        """The action of this type that ``line`` (its verb, then ``args``) writes.

        Raises:
            ActionSyntaxError: the words are not such an action.
        """
        raise NotImplementedError


@dataclass(frozen=True)
class WordsAction(Action):
    """An action written as its verb and one word per field, in the fields' order
    (``fire UNIT TARGET``): subclasses name their fields and what each word is; the text and
    the parse come from them.

    Attributes:
        words: what each field's word is, for a refusal ("unit id", "hex").
        usage: how the refusal writes the words after the verb ("UNIT TARGET").
    """

    words: ClassVar[tuple[str, ...]] = ()
    usage: ClassVar[str] = ""

    def text(self) -> str:
        return " ".join((self.verb, *(getattr(self, f.name) for f in fields(self))))

    @classmethod
    def parse(cls, args: list[str], line: str) -> Self:
        if len(args) != len(cls.words):
            raise ActionSyntaxError(f"'{line}': write '{cls.verb} {cls.usage}'")
        return cls(*(token(a, what, line) for a, what in zip(args, cls.words, strict=True)))


@dataclass(frozen=True)
class Move(Action):
    """Move one unit along a path: the hexes it enters, in order [7.0] ("trace the path of
    movement hexagon by hexagon"). It may end where it started, after one hex at least [7.12].
    """

    verb: ClassVar[str] = "move"
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return " ".join((self.verb, self.unit, *self.path))

    @classmethod
    def parse(cls, args: list[str], line: str) -> Move:
        if len(args) < 2:
            raise ActionSyntaxError(f"'{line}': write 'move UNIT HEX [HEX ...]'")
        unit = token(args[0], "unit id", line)
        return cls(unit, tuple(token(a, "hex", line) for a in args[1:]))


@dataclass(frozen=True)
class Done(WordsAction):
    """The side has finished the current segment (its plot, its movement)."""

    verb: ClassVar[str] = "done"
    words: ClassVar[tuple[str, ...]] = ("side id",)
    usage: ClassVar[str] = "SIDE"
    side: str


@dataclass(frozen=True)
class ForceDice(Action):
    """Force the next die results (a driver's action, like OpenSpiel's chance outcomes: it is
    never among the legal actions, but a replay keeps it so a worked example replays)."""

    verb: ClassVar[str] = "force-dice"
    results: tuple[int, ...]

    def text(self) -> str:
        return " ".join((self.verb, *(str(r) for r in self.results)))

    @classmethod
    def parse(cls, args: list[str], line: str) -> ForceDice:
        from rules.engine.dice import MAX_FACES, MAX_FORCED

        if (
            not args
            or len(args) > MAX_FORCED
            or not all(a.isdigit() and len(a) <= 4 and 1 <= int(a) <= MAX_FACES for a in args)
        ):
            raise ActionSyntaxError(
                f"'{_cut(line)}': write 'force-dice N [N ...]' (1 to {MAX_FORCED} whole numbers, "
                f"each 1 to {MAX_FACES})"
            )
        return cls(tuple(int(a) for a in args))


#: The actions every game reads: a side's Done, and the driver's forced dice.
SHARED: tuple[type[Action], ...] = (Done, ForceDice)


def parse_action(text: str, types: Iterable[type[Action]]) -> Action:
    """The action ``text`` writes, among the action ``types`` (a game's verbs).

    Raises:
        ActionSyntaxError: the text is not one of these actions.
    """
    if len(text) > MAX_ACTION_TEXT:
        raise ActionSyntaxError(
            f"'{_cut(text)}': an action is at most {MAX_ACTION_TEXT:,} characters, not "
            f"{len(text):,}"
        )
    words = text.split()
    if not words:
        raise ActionSyntaxError("an empty text is not an action")
    by_verb = {t.verb: t for t in types}
    found = by_verb.get(words[0].lower())
    if found is None:
        verbs = ", ".join(sorted(by_verb))
        verb = _cut(words[0], 40)
        raise ActionSyntaxError(f"'{_cut(text)}': unknown action '{verb}' (one of {verbs})")
    try:
        return found.parse(words[1:], text)
    except ActionSyntaxError as exc:  # a long text quoted cut, whatever the system's words
        message = str(exc)
        if len(message) <= MAX_MESSAGE:
            raise
        raise ActionSyntaxError(shortened(message, text)) from None


def shortened(message: str, text: str) -> str:
    """A refusal of the action ``text`` at most about :data:`MAX_MESSAGE` characters long:
    the text quoted cut, then the middle left out (a 10,000-character action was quoted
    whole, by the parser and by the rules alike)."""
    if len(message) <= MAX_MESSAGE:
        return message
    message = message.replace(text, _cut(text))
    if len(message) > MAX_MESSAGE:
        half = MAX_MESSAGE // 2
        message = f"{message[:half]} ... {message[-half:]}"
    return message
