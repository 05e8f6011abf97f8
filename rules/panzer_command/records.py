"""A Panzer Command game's state as records (STYLE point 26, :mod:`rules.engine.record`): where
play is, the units' places and condition, and each side's chits and points. Clone and snapshot
come from these fields, so a field added here is in both.

The snapshot keeps the keys and encodings the hand-written one had (fingerprints of replays
written before stay valid): hexes by their printed names, the Game Turn Track by the turn's
number as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine.record import OMIT, Record, plain, state_field
from rules.maps.named import HexesByName

MAX_DISPATCH, MAX_COMMANDS = 9, 19  # Dispatch Points and Direct Commands at most [§4.2]
MAX_COHESION = 2  # Cohesion Hits a unit carries; the third is a Step Loss [§11.1]
#: The kinds of chit, after the side's id: a Regimental Action chit, the second one bought
#: with Dispatch Points, a Direct Command chit (``german:regiment-2``) [§3.1].
CHIT_KINDS = ("regiment", "regiment-2", "direct-command")
#: Where play is in a turn: the Preparation Phase, the Action Phase between chits, a Segment.
PHASES = ("prep", "action", "segment")


def _track_text(track: dict[int, list[str]]) -> dict[str, list[str]]:
    return {str(t): list(c) for t, c in sorted(track.items())}


def _unless_empty(value: object) -> object:
    """Left out of the snapshot while empty (the fingerprints of games where it never mattered
    stay as they were)."""
    return plain(value) if value else OMIT


@dataclass
class Play(Record):
    """Where play is [§3.1-3.2]: the Game Turn, the phase (:data:`PHASES`), whether the game is
    over, the sides that passed in this phase, the chit of the Segment now, the units that
    have had an Action in it, the Actions each performed (a unit performs no Action twice in a
    Segment), the units a Direct Command was spent on in it (one a unit) [§3.2] and the Steps
    of reinforcements that entered each hex in it, by the hex's name (the column [§15.2])."""

    turn: int = 1
    phase: str = "prep"
    over: bool = False
    passed: set[str] = state_field(default_factory=set)
    chit: str | None = None
    acted: set[str] = state_field(default_factory=set)
    verbs: dict[str, list[str]] = state_field(default_factory=dict)
    commanded: set[str] = state_field(default_factory=set)
    entered: dict[str, int] = state_field(default_factory=dict)
    spent: dict[str, float] = state_field(default_factory=dict, encode=_unless_empty)
    #: The night turn's second Action Phase is under way [§20.1].
    second_phase: bool = state_field(default=False, encode=_unless_empty)
    #: The units performing the Move/Fire Action in this Segment, with its parts made [§24.1].
    movefire: dict[str, list[str]] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass
class Troops(Record):
    """The units: where each stands (off the map: not yet arrived or eliminated), its steps
    left, Suppression and Cohesion Hits [§11.1], the units eliminated in order, and the unit
    each side's Regimental HQ is assigned to (none while it awaits reassignment) [§4.1; §4.3].
    A reinforcement not on the map and not eliminated waits to enter [§15.2]. ``in_ip``: the
    units in an Improved Position [§19]; ``entrenchments``: each entrenchment's hex (its name)
    and the one unit occupying it, "" for none [§16.5]; ``concentrations``: the hex (its name)
    each unit has Concentrated its fire on [§10]; ``hq_destroyed``: the sides whose Regimental
    HQ was destroyed in a Close Assault, never reassigned [§3.1 Preparation A]. Transport
    [§13]: ``mounted``, each passenger's carrier (``truck``, ``spw``, or the tank's unit);
    ``trucks``, the units with a truck assigned still; ``spw_lost``, the mech units that lost
    their SPWs; ``carrier_hits``, the Cohesion Hits of the truck or SPW carrying each unit.
    ``fired``: the Indirect Fire attacks each battery has made from the hex it occupies
    [§14.4]."""

    hexes: HexesByName = state_field(encode=HexesByName.snapshot)
    steps: dict[str, int] = state_field(default_factory=dict)
    suppressed: set[str] = state_field(default_factory=set)
    cohesion: dict[str, int] = state_field(default_factory=dict)
    eliminated: list[str] = state_field(default_factory=list)
    hq: dict[str, str] = state_field(default_factory=dict)
    in_ip: set[str] = state_field(default_factory=set)
    entrenchments: dict[str, str] = state_field(default_factory=dict)
    concentrations: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    hq_destroyed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    mounted: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    trucks: set[str] = state_field(default_factory=set, encode=_unless_empty)
    spw_lost: set[str] = state_field(default_factory=set, encode=_unless_empty)
    carrier_hits: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    fired: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    #: The hexes (their names) put over the stacking limit unavoidably, by an involuntary
    #: dismount or a move stopped on its way: their owner unstacks at the first opportunity
    #: [§5.2] (:func:`rules.panzer_command.moves.mark_overstack`).
    overstacked: set[str] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Command(Record):
    """Each side's Dispatch Points and Direct Commands [§4.2], the chits in the cup, those on
    the Game Turn Track by turn, and those used this turn [§3.1]."""

    dp: dict[str, int] = state_field(default_factory=dict)
    dc: dict[str, int] = state_field(default_factory=dict)
    cup: list[str] = state_field(default_factory=list)
    track: dict[int, list[str]] = state_field(default_factory=dict, encode=_track_text)
    used: set[str] = state_field(default_factory=set)
    #: The chits drawn from the cup this turn, in order (the night turn puts the Regiment Action
    #: chits among them back [§20.1]).
    drawn: list[str] = state_field(default_factory=list, encode=_unless_empty)


#: What interrupts an Action for the enemy's Opportunity Fire [§8.1; §9.2; §9.4-9.5].
TRIGGERS = ("move", "assault", "retreat", "advance", "choose")


@dataclass
class Reaction(Record):
    """An Action of the active side held while the other side answers with Opportunity Fire
    [§8]: empty (``trigger`` "") when none is pending.

    ``trigger`` (:data:`TRIGGERS`) says what the ``target`` unit is doing; ``side`` is the
    reacting side, ``exiting`` the hex (its name) the target is leaving, ``entering`` the one it
    announced [§8.2]; ``rest`` the hexes of its move after that one, ``walked`` those it has
    entered so far, ``spent`` its Movement Points so far and ``why`` each step's cost. ``fires``
    lists the Opportunity Fires announced, in order: the firer and ``command`` or ``roll``
    [§8.2]. The trigger ``choose`` holds a Close Assault while the defending side decides on
    its retreats [§9.4]."""

    trigger: str = ""
    side: str = ""
    target: str = ""
    exiting: str = ""
    entering: str = ""
    rest: list[str] = state_field(default_factory=list)
    walked: list[str] = state_field(default_factory=list)
    spent: float = 0.0
    why: list[str] = state_field(default_factory=list)
    fires: list[tuple[str, str]] = state_field(default_factory=list)

    def snapshot(self) -> dict[str, object]:
        """Nothing while none is pending (fingerprints of games without one stay as they
        were)."""
        return {"reaction": super().snapshot()} if self.trigger else {}


@dataclass
class Assaulting(Record):
    """A Close Assault in progress [§9], empty (``unit`` "") when none is: the assaulting unit,
    the enemy unit it announced, the hex assaulted (its name), the Round fought last (0 before
    the first), each unit's Troop Quality result for the assault (``pass``/``fail`` [§9.2]), the
    units of the hex that retreated [§9.4] and the Round whose retreats were offered."""

    unit: str = ""
    target: str = ""
    hex: str = ""
    round: int = 0
    tq: dict[str, str] = state_field(default_factory=dict)
    retreated: list[str] = state_field(default_factory=list)
    offered: int = 0
    #: The hexes each defender retreated through, for a modern tank's pursuit [§24.2].
    trail: dict[str, list[str]] = state_field(default_factory=dict, encode=_unless_empty)

    def snapshot(self) -> dict[str, object]:
        """Nothing while none is in progress (fingerprints of games without one stay as they
        were)."""
        return {"assaulting": super().snapshot()} if self.unit else {}


@dataclass
class Support(Record):
    """Off-map artillery, pre-plotted barrages, the Katyusha and exits [§5.3; §14.5-14.7].

    ``anchors``: each off-map battery's hex on its owner's map edge (its name), chosen the
    first time it fires, from which its range is counted ever after [§14.5]; ``plots``: each
    battery's pre-plotted hexes (their names), lost for good when it moves [§14.6]; ``shots``:
    the attacks each unit with a limited number of them (the Katyusha) has made [§14.7];
    ``removed``: the units removed from the game, not eliminated (the Katyusha after its third
    attack) [§14.7]; ``exited``: each unit that left the map, with the hex it left from [§5.3].
    """

    anchors: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    plots: dict[str, list[str]] = state_field(default_factory=dict, encode=_unless_empty)
    shots: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    removed: list[str] = state_field(default_factory=list, encode=_unless_empty)
    exited: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: Airpower [§18]: each side's Air Strength now, the airstrikes left this Segment (their
    #: Attack Strengths), whether the airpower was called in this Segment.
    air: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    strikes: list[int] = state_field(default_factory=list, encode=_unless_empty)
    air_called: bool = state_field(default=False, encode=_unless_empty)
