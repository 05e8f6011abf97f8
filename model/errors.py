"""Problems found in a user's file, reported all at once and located precisely.

A :class:`Problem` is a user error, shown without a traceback as
``file:line:col: dotted.path: message (hint)``. Bugs are ordinary exceptions and are not caught
into problems.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a file, where it is, and what to do about it."""

    file: str
    line: int
    column: int
    path: str
    message: str
    hint: str = ""

    def format(self) -> str:
        """``file:line:col: path: message (hint)``, with control and text-direction characters
        written as escapes (a NUL or a right-to-left override in a name must not reach a
        terminal raw)."""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        what = f"{self.path}: {self.message}" if self.path else self.message
        tail = f" ({self.hint})" if self.hint else ""
        return printable(f"{where}: {what}{tail}")

    def __str__(self) -> str:
        return self.format()


class ProblemList(Exception):  # noqa: N818 - reads as "the problems", raised as a batch
    """Raised when a file has one or more problems; holds every one found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        # one line for each problem, however many checks found it (an overlay's hex is both
        # laid and cross-referenced)
        unique = dict.fromkeys(problems)
        self.problems = sorted(unique, key=lambda p: (p.file, p.line, p.column, p.path))
        super().__init__("\n".join(p.format() for p in self.problems))


#: Characters never printed raw: C0 and C1 controls but the line break, the text-direction
#: embeddings, overrides and isolates, and lone surrogates.
_UNPRINTABLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


#: The forms a text must take (a Field's ``pattern``), by pattern: what such a text is and how
#: it is written, for a refused text's message (:func:`form`).
_FORMS: dict[str, tuple[str, str]] = {}


def form(pattern: str, what: str, how: str) -> str:
    """``pattern``, for a Field's ``pattern``, remembered with ``what`` a text of its form is
    ("a hex name") and ``how`` one is written ("write it like K1216..."): a text refused by
    the pattern is told these words, never the regular expression."""
    _FORMS[pattern] = (what, how)
    return pattern


def form_refusal(error: Mapping[str, Any]) -> tuple[str, str] | None:
    """A pydantic error of a text its Field's pattern refused, as a message and a hint in the
    words :func:`form` remembered ("'K-1' is not a hex name", "write it like K1216..."); None
    for any other error, or a pattern without words."""
    if error.get("type") != "string_pattern_mismatch":
        return None
    words = _FORMS.get(str(error.get("ctx", {}).get("pattern", "")))
    if words is None:
        return None
    text = str(error.get("input"))
    text = text if len(text) <= 60 else text[:59] + "…"
    return f"'{text}' is not {words[0]}", words[1]


#: A lower-case id's form (tables, terrain options and their choices), for :func:`form`.
LOWER_ID = (r"^[a-z0-9][a-z0-9-]*$", "an id", "lower-case letters, digits and '-': soft-ground")


def printable(text: str) -> str:
    """``text`` with the characters a terminal must not get raw written as ``\\uXXXX``."""
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def dotted(path: Iterable[str | int]) -> str:
    """``("forces", "german", 3, "type")`` as ``forces.german[3].type``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """A hint naming the closest choice, or an empty string."""
    matches = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"did you mean '{matches[0]}'?" if matches else ""


class EditError(ValueError):
    """An edit of a scenario that cannot be made: the one error type for a refused edit.

    Every pure edit (``model/edits*.py``) raises this, or a subclass, with the reasons the
    designer is shown as they are; the editor's document catches it in one place and says them.
    Why a ``ValueError``: callers and tests that predate it caught refusals as one.
    """

    def __init__(self, *reasons: str) -> None:
        super().__init__(*reasons)

    @property
    def reasons(self) -> list[str]:
        """Each reason the edit is refused, as the designer reads it."""
        return [str(reason) for reason in self.args]

    def __str__(self) -> str:
        return "; ".join(self.reasons)


class UnknownNameError(EditError, KeyError):
    """The edit names a side, mission or option the scenario does not have (a ``KeyError``
    too, as these edits always raised)."""


class NoSuchEntryError(EditError, IndexError):
    """The edit names an entry of a list by a position the list does not have (an
    ``IndexError`` too, as these edits always raised)."""


class YamlError(Exception):
    """The file could not be read as YAML; carries one located :class:`Problem`.

    (Here rather than in :mod:`model.yamlio` so that catching it imports no YAML machinery:
    the command line catches it for every command.)
    """

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.format())
        self.problem = problem
