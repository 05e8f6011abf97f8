"""What the Optional Rules keep during play, as records (:mod:`rules.engine.record`): every
field is left out of the fingerprint while empty, so a game that never uses them keeps the
fingerprints it always had."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.hexes import Hex
from rules.engine.record import OMIT, Record, plain, state_field


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Squads(Record):
    """Infantry Unit Reduction [OP XII]: the Infantry Squad units reduced to Half Squads (the
    "1/2" written in the unit's identification box)."""

    half_squads: set[str] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Blazes(Record):
    """Fires in Buildings and Alleys [OP XI] and Building Destruction [OP XVIII].

    Attributes:
        fires: each hex with a Fire unit and the Turn the Fire started there [OP XI.B; XI.E].
        gp_at: each hex whose units GP fire was directed at this Turn, with the largest GP
            Factor fired at it [OP XI.C.1].
        flamed: the hexes a Flamethrower was used against this Turn [OP XI.C.3] (none yet: no
            Flamethrower is played).
        struck: the hexes where a Combat unit received a Knock Out result from GP Fire this
            Turn, to be checked for collapse [OP XVIII.A].
        destroyed: the hexes holding a Destroyed unit [OP XVIII.A-C].
    """

    fires: dict[Hex, int] = state_field(default_factory=dict, encode=_unless_empty)
    gp_at: dict[Hex, int] = state_field(default_factory=dict, encode=_unless_empty)
    flamed: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    struck: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    destroyed: set[Hex] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Cover(Record):
    """Full Cover [ADV IV.C] and Hasty Entrenchments [OP XXXII]. Full Cover is an order of the
    Advanced Game, kept here beside the Hasty Entrenchments that are dug under it.

    Attributes:
        covered: the Leg and Towed units with a Full Cover unit on top [ADV IV.C.2], until it
            is removed in a Final Facing and Adjustment Phase [ADV IV.C.4].
        digging: each Infantry unit plotted "Y" on consecutive Turns, with how many so far
            [OP XXXII.B].
        entrenched: the hexes holding a Hasty Entrenchment unit [OP XXXII.C].
    """

    covered: set[str] = state_field(default_factory=set, encode=_unless_empty)
    digging: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    entrenched: set[Hex] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Supply(Record):
    """Limited Ammunition and Fuel [OP XXIV] and American APCR Ammunition [OP XXIII].

    Attributes:
        ammo: each Vehicle's Ammunition Factor rolled for the game [OP XXIV.C.2] (else the
            card's [XXIV.A.1.d]).
        spent: the Ammunition Factors each unit has expended [OP XXIV.A.2].
        fuel: each Vehicle's Fuel Factors left [OP XXIV.C.1].
        apcr: the times (shots, with Limited Ammunition) each unit has fired APCR
            [OP XXIII.B].
        by_type: with the Ammunition Allotment, the shots each unit has expended of each
            type, "AP", "GP", "CR", "S", "FT" [OP XXIV.B.1] (also counted in ``spent``).
    """

    ammo: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    spent: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    fuel: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    apcr: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    by_type: dict[str, dict[str, int]] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass
class Intel(Record):
    """Dust Created by Moving Vehicles [OP X.C.3] and the Optional Noise Rules [OP X.D]
    (:mod:`rules.armor.optional.intel`).

    Attributes:
        dust: each Vehicle unit that moved two or more hexes during the previous Turn, with
            the hexes it passed through and the one it stands in: they contain dust this Turn
            [OP X.C.3.a; X.C.3.c].
        raised: the same for this Turn's movement, dust from the next Turn on.
        heard: what each side has heard this Turn of the other side's moving units it does
            not see [OP X.D]: ``(what, hex)``, ``what`` ``vehicle`` or ``leg`` [OP X.D.3], in
            the order heard.
    """

    dust: dict[str, tuple[Hex, ...]] = state_field(default_factory=dict, encode=_unless_empty)
    raised: dict[str, tuple[Hex, ...]] = state_field(default_factory=dict, encode=_unless_empty)
    heard: dict[str, tuple[tuple[str, Hex], ...]] = state_field(
        default_factory=dict, encode=_unless_empty
    )


@dataclass
class Morale(Record):
    """Morale and Panic, Aces [OP XVII] (:mod:`rules.armor.optional.morale`).

    Attributes:
        panicked: the panicked units, whose orders are "P" until they rally [OP XVII.B.3;
            XVII.C; XVII.D].
        checked: each unit that took its Panic Morale Check for being Suppressed, with the
            Turn: only "the first time it is Suppressed during the Turn" [OP XVII.B].
        kills: each unit with the enemy units it has Knocked Out; five or more make it an Ace
            [OP XVII.G.1].
        gone: the panicked units that left the mapboard: "out of the game for good, although
            it is not counted as Knocked Out" [OP XVII.C.3].
        moved: each panicked unit that made its Panic Movement, with the Turn [OP XVII.C.1].
    """

    panicked: set[str] = state_field(default_factory=set, encode=_unless_empty)
    checked: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    kills: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    gone: set[str] = state_field(default_factory=set, encode=_unless_empty)
    moved: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
