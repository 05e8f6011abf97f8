"""What an edit changed, as the document announces it (Tiled's ``MapDocument`` change events).

Every edit names the parts of the scenario it changes; the document's ``changed`` signal carries
them as one :class:`Change` flag, and each view resyncs from one handler that asks whether the
parts it shows are in it (``change & (Change.FORCES | Change.LAYOUT)``).
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from editor.files.document import ScenarioDocument


class Change(enum.Flag):
    """The parts of a scenario an edit changed. A layout edit is a new map: views that show
    anything on the map resync on :attr:`LAYOUT` too."""

    #: The sections and how they join: a new assembled map.
    LAYOUT = 1
    #: Painted terrain, elevation, hexside features, the terrain options chosen.
    TERRAIN = 2
    #: The overlay counters laid on the map.
    OVERLAYS = 4
    #: The sides' forces: names, entries, counts, placements, labels, set-up zones painted.
    FORCES = 8
    #: What the sides buy, their budgets and the missions' budgets.
    PURCHASES = 16
    #: The scenario's id, title, date, provenance, play area and objects, missions.
    DETAILS = 32
    #: The victory conditions and scoring (and the objects they name).
    VICTORY = 64
    #: The sides' reinforcements.
    REINFORCEMENTS = 128
    #: The special rules.
    RULES = 256
    #: The game length.
    LENGTH = 512
    #: How the sides set up: set-up zones, entry areas, who moves and deploys first, roles.
    SETUP = 1024


#: A view's one handler of the document's changes.
ChangeSlot = Callable[[Change], None]


def follow(
    old: ScenarioDocument | None, new: ScenarioDocument | None, slot: ChangeSlot
) -> ScenarioDocument | None:
    """Move a panel's ``slot`` from the old document's ``changed`` signal to the new one's;
    returns the new document (the panel keeps it). The old one may be gone already."""
    if old is not None:
        with contextlib.suppress(RuntimeError, TypeError):  # gone with its document
            old.changed.disconnect(slot)
    if new is not None:
        new.changed.connect(slot)
    return new
