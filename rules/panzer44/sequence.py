"""Panzer '44's Sequence of Play [4.1] as data."""

from __future__ import annotations

from rules.engine.sequence import Phase, Segment

P44 = "Panzer '44"


#: Panzer '44 [4.1] Sequence of Play Outline: "The foregoing sequence must be followed rigidly".
PANZER44_SEQUENCE: tuple[Phase, ...] = (
    Phase(
        "mutual-plot",
        "Mutual Plot Phase",
        f"{P44} [4.1] 1",
        (
            Segment(
                "plot",
                "both Players secretly and simultaneously plot their units' tasks",
                "both",
                f"{P44} [4.1] 1; [5.0]; [5.3]",
                hidden=True,
            ),
            Segment(
                "allocate-support",
                "allocate Off-Board Artillery and Air Support",
                "both",
                f"{P44} [4.1] 1; [15.0]; [16.0]",
                hidden=True,
            ),
        ),
    ),
    Phase(
        "panic-determination",
        "Panic Determination Phase",
        f"{P44} [4.1] 2",
        (Segment("panic", "execute the Panic Procedures", "engine", f"{P44} [4.1] 2; [14.0]"),),
    ),
    Phase(
        "direct-fire",
        "Direct Fire Phase",
        f"{P44} [4.1] 3",
        (
            Segment(
                "first-player-direct-fire",
                "one Player executes Direct Fire tasks as plotted",
                "first",
                f"{P44} [4.1] 3; [6.3]",
                placeholder="[4.1] says 'first one Player, and then the other' without saying "
                "which: the First Player first (results wait for both [5.1], so the order "
                "changes nothing)",
            ),
            Segment(
                "second-player-direct-fire",
                "the other Player executes Direct Fire tasks as plotted",
                "second",
                f"{P44} [4.1] 3; [6.3]",
            ),
            Segment(
                "apply-direct-fire",
                "Pin, panic and disruption markers are placed for both Players' fire",
                "engine",
                f"{P44} [4.1] 3; [5.1]",
            ),
        ),
    ),
    Phase(
        "movement",
        "Movement Phase",
        f"{P44} [4.1] 4",
        (
            Segment(
                "first-player-movement",
                "the First Player moves all of his units plotted to move",
                "first",
                f"{P44} [4.1] 4; [5.2]; [7.0]",
            ),
            Segment(
                "second-player-movement",
                "the Second Player moves all of his units plotted to move",
                "second",
                f"{P44} [4.1] 4; [5.2]; [7.0]",
            ),
        ),
    ),
    Phase(
        "pin-and-disruption-removal",
        "Pin and Disruption Removal Phase",
        f"{P44} [4.1] 5",
        (
            Segment("remove-pins", "remove the Pin markers", "engine", f"{P44} [4.1] 5; [6.82]"),
            Segment(
                "remove-disruption",
                "attempt to remove the Disruption markers",
                "engine",
                f"{P44} [4.1] 5; [6.83]",
            ),
        ),
    ),
    Phase(
        "indirect-fire",
        "Indirect Fire Phase",
        f"{P44} [4.1] 6",
        (
            Segment(
                "first-player-indirect-fire",
                "one Player executes and applies Indirect Fire, Off-Board Artillery and CAS",
                "first",
                f"{P44} [4.1] 6; [6.4]; [15.0]; [16.0]",
                placeholder="[4.1] says 'first one Player, then the other' without saying "
                "which: the First Player first",
            ),
            Segment(
                "second-player-indirect-fire",
                "the other Player executes and applies Indirect Fire, Off-Board Artillery and CAS",
                "second",
                f"{P44} [4.1] 6; [6.4]; [15.0]; [16.0]",
            ),
        ),
    ),
)
