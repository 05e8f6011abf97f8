"""Armor's adjudication of a game between unequal forces [SCN IV], step by step.

The book [SCN IV]: with forces of equal Points, the side with the most Victory Points is
clearly the winner. With unequal forces:

- **A.** If the weaker side (in Points at the start of the game) has more Victory Points, it
  has "won the game quite handily"; if the stronger has more, evaluate further.
- **B.** Each side's Victory Points divided by its Points at the start, times 100 (the book's
  example: 100 VP for 200 Points = "50"). If the weaker side's number is larger, it has won;
  if the stronger's, evaluate still further.
- **C.** The stronger side's number minus the weaker's: the **Victory Point Number**.
- **D.** The stronger side's Points crossed with the weaker's on the Victory Point
  Differential Table ("use the listed numbers closest to the actual number of Points"): the
  **Victory Point Differential Number** (a scenario may give its own [SCN VI-VIII]).
- **E.** A Differential Number larger than the VP Number: the weaker side has won; a VP Number
  equal to or larger: the stronger side has won.
- **F-H.** A side using Completely Hidden units counts its Points as 20% more; a defender as
  10% more; a defender against "channelled" attacks (bridges...) 10% more again.

The book names two levels of victory and no others: "won the game quite handily" [SCN IV.A]
and "won the game" [SCN IV.B, IV.E]; between equal forces, "clearly the winner" [SCN IV].

Our readings, where the book is silent or cut (each step that uses one says so in its words):

- **Points at the start**: the scenario's allowance for the side [SCN II.D] when it gives one,
  else the Total Point Value of its forces [SCN III.D.2.a]. Why: [SCN IV] names Scenarios 2
  and 3 as the unequal ones, by their allowances; Scenario 1's sample German force (165) against
  the American (175) is still an equal game of 175 Points each [SCN V.A.4].
- **Adjustments** are each a share of the actual Points ("as if they were ten percent more than
  they actually were"), added: a hidden defender against a channelled attack counts 140%. The
  adjusted Points serve every step: which side is weaker, the percentages and the table. With
  the closest listed numbers and the table's fitted cells this gives every Differential Number
  the scenarios print (2A 8, hidden 4 for the Attacker; 2B 16, hidden even; 3A 16, hidden 08;
  3B 24, hidden 16; 3C 16, hidden 04; 4B 60), which ``tests/test_armor_victory.py`` checks.
- **Closest listed number**: a total halfway between two listed numbers goes to the higher.
- **The same listed number for both sides**: the game is even, the most Victory Points wins
  (2B: with hidden units, 294 against 300 Points, "the game is even" [SCN VI.B.6]).
- **A cell past the printed range** (shaded, the fitted rule over 60): 60, the largest Number
  the table prints (4B's Number is 60 for 220 against 120 Points [SCN VIII.B.6]).
- **Equal Percentage Numbers** at B: evaluated further (the VP Number is 0).
- **Equal Victory Points between equal forces**: no winner (a draw), or the scenario's tie side.
- **A scenario's Number "for" a side** ("8 for the Defender" [SCN VI.A.6]): that side is the
  weaker side of the procedure.

Numbers are exact fractions, so that a VP Number equal to the Differential Number is equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from model.systems import GameSystem
from model.tables import table_cell
from model.victory import ArmorDifferential
from rules.engine.play import Figure, Verdict

#: The levels of victory in the book's words.
HANDILY = "won the game quite handily"
WON = "won the game"
CLEARLY = "is clearly the winner"
DRAW = "no winner: equal Victory Points"

#: The Victory Point Differential Table's listed numbers [SCN IV.D]: part 1's rows and columns,
#: part 2's (``resources/armor/tables/vp-differential-1.yaml`` and ``-2.yaml``).
PART_1 = ("vp-differential-1", tuple(range(125, 501, 25)), tuple(range(100, 476, 25)))
PART_2 = ("vp-differential-2", tuple(range(525, 876, 25)), tuple(range(300, 501, 25)))
ROWS = PART_1[1] + PART_2[1]
#: The largest Number the table prints [SCN IV.D].
TABLE_MOST = 60
PAST_THE_TABLE = (
    "our reading: past the table's printed range (a shaded cell), the largest Number it prints, "
    "60; Scenario 4B gives 60 for 220 against 120 Points [SCN VIII.B.6]"
)

HIDDEN = "completely-hidden-units"


def show(x: Fraction | float) -> str:
    """A number as the log shows it: whole when whole, else to two places."""
    value = float(x)
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


@dataclass(frozen=True)
class SidePoints:
    """A side's Points at the start of the game [SCN IV.A] and the adjustments it counts
    [SCN IV.F-H], each a share of the actual Points (our reading: added)."""

    side: str
    points: int
    basis: str
    adjustments: tuple[tuple[str, Fraction], ...] = ()

    @property
    def adjusted(self) -> Fraction:
        return self.points * (1 + sum((share for _, share in self.adjustments), Fraction(0)))

    def words(self) -> str:
        extra = "".join(f", {what}" for what, _ in self.adjustments)
        counted = f": counted as {show(self.adjusted)}" if self.adjustments else ""
        return f"{self.side} {self.points} Points ({self.basis}{extra}){counted}"


@dataclass(frozen=True)
class Differential:
    """The Victory Point Differential Number [SCN IV.D], or None where the game is even;
    where it comes from, and the placeholder it is when the book does not print it."""

    number: int | None
    words: str
    rule: str
    favours: str | None = None
    placeholder: str | None = None


def closest(listed: Sequence[int], points: Fraction) -> int:
    """The listed number closest to ``points`` [SCN IV.D]; halfway goes to the higher (our
    reading)."""
    return min(listed, key=lambda n: (abs(n - points), -n))


def table_number(larger: Fraction, smaller: Fraction) -> Differential:
    """The Victory Point Differential Table's Number for the stronger side's Points against the
    weaker's, at the listed numbers closest to them [SCN IV.D]."""
    row = closest(ROWS, larger)
    table, _, columns = PART_1 if row in PART_1[1] else PART_2
    column = closest(columns, smaller)
    at = f"row {row}, column {column} of the Victory Point Differential Table [SCN IV.D]"
    if column >= row:
        return Differential(
            None,
            f"{at}: the same listed number for both sides, our reading: the game is even (as 2B's "
            "with hidden units, 294 against 300 Points [SCN VI.B.6])",
            "[SCN IV.D]",
        )
    cell = table_cell(GameSystem.ARMOR, table, row, column)
    if cell.value is None:
        return Differential(TABLE_MOST, at, "[SCN IV.D]", placeholder=PAST_THE_TABLE)
    assert isinstance(cell.value, int)
    return Differential(cell.value, at, "[SCN IV.D]", placeholder=cell.placeholder)


def scenario_number(rules: ArmorDifferential, hidden: bool, source: str) -> Differential | None:
    """The scenario's own Differential Number (None: it gives none, the table decides), with
    its Completely Hidden units variant [SCN VI-VIII]."""
    if hidden and rules.even_when_hidden:
        words = f"the scenario: the game is even with Completely Hidden units {source}"
        return Differential(None, words, source)
    if hidden and rules.hidden_number is not None:
        words = f"the scenario's Number with Completely Hidden units {source}"
        return Differential(rules.hidden_number, words, source, rules.hidden_favours)
    if rules.number is None:
        return None
    words = f"the scenario's Number {source}"
    return Differential(rules.number, words, source, rules.favours)


@dataclass(frozen=True)
class Adjudication:
    """The procedure as followed: the winner (None: no winner), the level of victory in the
    book's words, the section that decided, each step in words with its section, and the
    numbers."""

    winner: str | None
    level: str
    rule: str
    steps: tuple[str, ...]
    points: tuple[SidePoints, ...]
    vp: Mapping[str, float]
    weaker: str | None = None
    stronger: str | None = None
    percentages: Mapping[str, Fraction] | None = None
    vp_number: Fraction | None = None
    differential: Differential | None = None

    def verdict(self) -> Verdict:
        return Verdict(self.level, self.rule, self.steps, self.figures())

    def figures(self) -> tuple[Figure, ...]:
        found = [
            Figure("Victory Points", float(self.vp[p.side]), p.side, "[AG IX]") for p in self.points
        ]
        found += [
            Figure("Points at the start", p.points, p.side, "[SCN IV.A]") for p in self.points
        ]
        found += [
            Figure("Points counted", float(p.adjusted), p.side, "[SCN IV.F-H]")
            for p in self.points
            if p.adjustments
        ]
        for side, number in (self.percentages or {}).items():
            found.append(Figure("Percentage Number", float(number), side, "[SCN IV.B]"))
        if self.vp_number is not None:
            found.append(Figure("Victory Point Number", float(self.vp_number), None, "[SCN IV.C]"))
        d = self.differential
        if d is not None and d.number is not None:
            found.append(Figure("Differential Number", d.number, d.favours, d.rule, d.placeholder))
        return tuple(found)


def adjudicate(
    vp: Mapping[str, float],
    points: Sequence[SidePoints],
    given: Differential | None,
    tie: str | None = None,
) -> Adjudication:
    """Who won, by the book's procedure [SCN IV]: the two sides' Victory Points, their Points
    at the start with the adjustments, the scenario's Differential Number (None: the table's),
    and the side a tie between equal forces goes to (None or ``draw``: no winner)."""
    a, b = points
    steps = [
        "Points at the start of the game [SCN IV.A; IV.F-H]: "
        + "; ".join(p.words() for p in points)
    ]
    if a.adjusted == b.adjusted and (given is None or given.favours is None):
        named = given.number if given is not None else None
        also = f" and the scenario's Number {named} names no weaker side" if named else ""
        steps.append(f"the forces are equal{also}: the most Victory Points wins [SCN IV]")
        return _most_vp(vp, points, steps, tie, None)
    stronger, weaker = (a, b) if a.adjusted > b.adjusted else (b, a)
    if given is not None and given.favours in (a.side, b.side) and given.favours != weaker.side:
        stronger, weaker = weaker, stronger
    found = given or table_number(stronger.adjusted, weaker.adjusted)
    if found.number is None:
        steps.append(f"{found.words}: the most Victory Points wins [SCN IV]")
        return _most_vp(vp, points, steps, tie, found)
    return _unequal(vp, points, stronger, weaker, found, steps)


def _most_vp(
    vp: Mapping[str, float],
    points: Sequence[SidePoints],
    steps: list[str],
    tie: str | None,
    found: Differential | None,
) -> Adjudication:
    a, b = (p.side for p in points)
    text = f"{a} {show(vp[a])} VP, {b} {show(vp[b])} VP"
    if vp[a] == vp[b]:
        winner = None if tie in (None, "draw") else tie
        level = DRAW if winner is None else WON
        words = "no winner" if winner is None else f"the scenario gives the tie to {winner}"
        steps.append(f"{text}: equal; our reading: {words} [SCN IV]")
        return Adjudication(
            winner, level, "[SCN IV]", tuple(steps), tuple(points), vp, differential=found
        )
    winner = a if vp[a] > vp[b] else b
    steps.append(f"{text}: {winner} {CLEARLY} [SCN IV]")
    return Adjudication(
        winner, CLEARLY, "[SCN IV]", tuple(steps), tuple(points), vp, differential=found
    )


def _unequal(
    vp: Mapping[str, float],
    points: Sequence[SidePoints],
    stronger: SidePoints,
    weaker: SidePoints,
    found: Differential,
    steps: list[str],
) -> Adjudication:
    s, w = stronger.side, weaker.side
    why = f" (the scenario gives its Differential Number for {w})" if found.favours == w else ""
    steps.append(f"{w} is the weaker side, {s} the stronger{why} [SCN IV.A]")
    so_far = Adjudication(None, "", "", (), tuple(points), vp, weaker=w, stronger=s)

    def won(side: str, level: str, rule: str) -> Adjudication:
        return replace(so_far, winner=side, level=level, rule=rule, steps=tuple(steps))

    if vp[w] > vp[s]:
        steps.append(
            f"A: {w} (weaker) has {show(vp[w])} VP, more than {s}'s {show(vp[s])}: {w} {HANDILY} "
            "[SCN IV.A]"
        )
        return won(w, HANDILY, "[SCN IV.A]")
    steps.append(
        f"A: {w} (weaker) has {show(vp[w])} VP, not more than {s}'s {show(vp[s])}: evaluate "
        "further [SCN IV.A]"
    )
    pct = {p.side: Fraction(vp[p.side]) / p.adjusted * 100 for p in points}
    so_far = replace(so_far, percentages=pct)
    line = f"B: {s} {show(vp[s])} / {show(stronger.adjusted)} x 100 = {show(pct[s])}; "
    line += f"{w} {show(vp[w])} / {show(weaker.adjusted)} x 100 = {show(pct[w])}"
    if pct[w] > pct[s]:
        steps.append(f"{line}: {w}'s number is larger, {w} {WON} [SCN IV.B]")
        return won(w, WON, "[SCN IV.B]")
    equal = "; equal numbers, our reading: evaluate further" if pct[w] == pct[s] else ""
    steps.append(f"{line}: {s}'s number is not smaller{equal}, evaluate still further [SCN IV.B]")
    number = pct[s] - pct[w]
    so_far = replace(so_far, vp_number=number, differential=found)
    steps.append(
        f"C: Victory Point Number = {show(pct[s])} - {show(pct[w])} = {show(number)} [SCN IV.C]"
    )
    basis = f"; placeholder: {found.placeholder}" if found.placeholder else ""
    steps.append(f"D: Victory Point Differential Number {found.number}, {found.words}{basis}")
    assert found.number is not None
    if found.number > number:
        steps.append(
            f"E: the Differential Number {found.number} is larger than the Victory Point Number "
            f"{show(number)}: {w} {WON} [SCN IV.E]"
        )
        return won(w, WON, "[SCN IV.E]")
    steps.append(
        f"E: the Victory Point Number {show(number)} is equal to or larger than the Differential "
        f"Number {found.number}: {s} {WON} [SCN IV.E]"
    )
    return won(s, WON, "[SCN IV.E]")
