"""Armor's Sequence of Play as data [AG II], in the shape of :mod:`rules.engine.sequence`.

"first" and "second" are the side that moves first this Turn and the other: the German side
on odd-numbered Turns, the Allied side on even ones [AG II.D-E].
"""

from __future__ import annotations

from rules.engine.sequence import Phase, Segment

A = "Armor"

ARMOR_SEQUENCE: tuple[Phase, ...] = (
    Phase(
        "sighting",
        "The Sighting Phase",
        f"{A} [AG II.A]",
        (Segment("sighting", "determine what each unit sights", "engine", f"{A} [AG II.A; IV]"),),
    ),
    Phase(
        "order-plot",
        "The Order Plot Phase",
        f"{A} [AG II.B]",
        (
            Segment(
                "plot",
                "both players secretly write their units' orders",
                "both",
                f"{A} [AG II.B; V]",
                hidden=True,
            ),
        ),
    ),
    Phase(
        "direct-fire",
        "The Direct Fire Phase",
        f"{A} [AG II.C]",
        (
            Segment(
                "direct-fire",
                "all Direct Fire orders executed from the positions before movement, results "
                "applied when all fire is done",
                "engine",
                f"{A} [AG II.C; VI.A]",
            ),
        ),
    ),
    Phase(
        "movement",
        "The Movement Execution and Opportunity Fire Phase",
        f"{A} [AG II.D]",
        (
            Segment(
                "first-movement",
                "the side moving first this Turn executes its plotted movement",
                "engine",
                f"{A} [AG II.D; VII]",
            ),
            Segment(
                "second-movement",
                "the other side executes its plotted movement",
                "engine",
                f"{A} [AG II.D; VII]",
            ),
            Segment(
                "disputed-hexes",
                "units of both sides in one hex: one side moves back",
                "engine",
                f"{A} [AG VII.D]",
            ),
        ),
    ),
    Phase(
        "final-facing",
        "The Final Facing and Adjustment Phase",
        f"{A} [AG II.E]",
        (
            Segment(
                "first-facing",
                "the side first this Turn pivots units and turns turrets",
                "first",
                f"{A} [AG II.E; VIII]",
            ),
            Segment(
                "second-facing",
                "the other side pivots units and turns turrets",
                "second",
                f"{A} [AG II.E; VIII]",
            ),
        ),
    ),
)


#: The two Phases the Advanced Game adds right after the Order Plot Phase [ADV II].
ADVANCED_PHASES: tuple[Phase, ...] = (
    Phase(
        "close-assault",
        "The Close Assault Phase",
        f"{A} [ADV II; VII]",
        (
            Segment(
                "close-assault",
                "plotted Close Assault Combats between Infantry and adjacent Vehicle units are "
                "announced and resolved",
                "engine",
                f"{A} [ADV VII]",
            ),
        ),
    ),
    Phase(
        "overrun",
        "The Overrun Phase",
        f"{A} [ADV II; VIII]",
        (
            Segment(
                "overrun",
                "plotted Overrun Combats not cancelled by Close Assault results are announced, "
                "moved and resolved",
                "engine",
                f"{A} [ADV VIII]",
            ),
        ),
    ),
)

#: The Advanced Game's Sequence of Play [ADV II]: the Armor Game's with the Close Assault and
#: Overrun Phases "right after the Order Plot Phase".
ADVANCED_SEQUENCE: tuple[Phase, ...] = ARMOR_SEQUENCE[:2] + ADVANCED_PHASES + ARMOR_SEQUENCE[2:]

#: The rule levels a scenario may ask for (``rules: {level: ...}``) and their sequences; no
#: level is the Armor Game.
LEVELS: dict[str, tuple[Phase, ...]] = {
    "armor-game": ARMOR_SEQUENCE,
    "advanced-game": ADVANCED_SEQUENCE,
}
