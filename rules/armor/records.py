"""An Armor game's state as records (STYLE point 26, :mod:`rules.engine.record`): where play is,
where the counters stand, the Command Sheets, the damage done, who has fired and the Movement
Execution Phase under way. Clone and snapshot come from these fields, so a field added here is
in both.

The snapshot keeps the keys and encodings the hand-written one had (fingerprints of replays
written before stay valid): hexes as ``[q, r]``, each side's orders as their sorted texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.hexes import Hex
from rules.armor.move import Walk
from rules.armor.orders import Order
from rules.armor.support.works import Mine
from rules.engine.actions import Action
from rules.engine.play import ActionFocus
from rules.engine.record import OMIT, Record, plain, state_field


def _order_texts(orders: dict[str, dict[str, Order]]) -> dict[str, list[str]]:
    return {s: sorted(o.text() for o in os.values()) for s, os in orders.items()}


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty, so the fingerprints of games where it never
    matters stay as they were."""
    return plain(value) if value else OMIT


def _sorted_unless_empty(value: list[str]) -> Any:
    """Sorted (a position file lists them by unit), left out while empty."""
    return sorted(value) if value else OMIT


def _trigger(value: Trigger | None) -> Any:
    if value is None:
        return OMIT
    found: list[Any] = [value.firer, value.target, value.where, value.crossing]
    found = [*found, "tracking"] if value.tracking else found  # [OP XV]
    return [*found, f"({value.mount})"] if value.mount else found  # [ADV IV.E.2]


@dataclass
class Play(Record):
    """Where play is [AG II]: the scenario, the Turn, the step of the Sequence of Play (an
    index into :attr:`rules.armor.game.ArmorGame.steps`), whether the game is over, and the
    sides that have finished the step."""

    scenario: str = ""
    turn: int = 1
    step: int = 0
    over: bool = False
    done: set[str] = state_field(default_factory=set)


@dataclass
class Troops(Record):
    """Where the counters stand: each unit's hex, hull facing (compass) and turret (hexsides
    off the hull), the units that left the map with the hex they left from, and the Leg and
    Towed units set up transported, each with its Vehicle [ADV IV.B.1.f; ADV V.C] (in the
    fingerprint only when there are some).

    ``stage``: the Leg and Towed units part way through Loading or Unloading (or Bailed Out and
    not yet Unloaded [ADV IV.B.1.e]), each with the Turns of Loading it has done: 0 on its
    feet, its card's Load/Unload Turns aboard [ADV IV.B.1.d] (:mod:`rules.armor.transport`);
    its Vehicle is its ``carried`` entry. ``abandoned``: the Vehicles whose crew Bailed Out
    [ADV IX.A.3]. Both left out of the fingerprint while empty. ``wheeled``: the 88mm FLAKs
    Unloaded on their road wheels, not yet given the third Turn of Unloading [OP XIX]
    (:mod:`rules.armor.optional.flak`), left out while empty."""

    hexes: dict[str, Hex] = state_field(default_factory=dict)
    facing: dict[str, int] = state_field(default_factory=dict)
    turret: dict[str, int] = state_field(default_factory=dict)
    exited: dict[str, Hex] = state_field(default_factory=dict)
    carried: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    stage: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    abandoned: set[str] = state_field(default_factory=set, encode=_unless_empty)
    wheeled: set[str] = state_field(default_factory=set, encode=_unless_empty)


@dataclass(frozen=True)
class Trigger:
    """An Opportunity Fire triggered and waiting for its owner's word [AG VII.F.3]: the firer,
    the moving unit, where (the hex entered, or the hexside crossed ``A/B``) and whether the
    unit was crossing a hexside the line of sight runs along; ``tracking``: the order is a
    Tracking Fire order [OP XV]; ``mount``: the order is the firer's machinegun's own
    Opportunity Fire order ("(UH)N-1802" [ADV IV.E.2]), "" for the main gun's."""

    firer: str
    target: str
    where: str
    crossing: bool
    tracking: bool = False
    mount: str = ""


@dataclass
class Execution(Record):
    """The Movement Execution and Opportunity Fire Phase under way [AG VII], so that it can
    stop for the owner of an Opportunity Fire order to fire or decline [AG VII.F] and go on
    where it stopped.

    Attributes:
        walks: each unit's movement this Turn as executed (the blocked roads of later movers
            [AG VII.C.4], the disputed hexes [AG VII.D]).
        executed: the units whose orders have been carried out this Turn.
        mover: the unit moving now, if it stopped for a decision.
        progress: how many hexes of its walk it has entered and left behind.
        entered: it has entered the next hex of its walk (the hexside is crossed).
        asked: the Opportunity Fire waiting for its owner's word.
        declined: (firer, target) pairs: the owner declined, and that unit may not be fired
            at by that order again [AG VII.F]. A Tracking Fire order's pair [OP XV] stands
            only while its target stays in the hex where the owner declined: it "may fire at
            the target unit at any point during its movement when firing is possible"
            [OP XV.B.2] (:func:`rules.armor.opportunity.moved_on`).
        overrun: in the Overrun Phase [ADV VIII], how far the moving unit's Overrun Combat
            is: "" still approaching, "first-fire" (the target fired First Fire from the
            adjacent hex [ADV VIII.A.1]) or "simultaneous" (it has not), "fought".
        mg_declined: (firer, mount, target): the owner declined a machinegun's own
            Opportunity Fire order at that unit [AG VII.F; ADV IV.E.2].

    Empty outside the phase (the Overrun Phase's walks stay until the movement is over, for
    the blocked roads and the disputed hexes [AG VII.C.4; VII.D]); every field is left out of
    the fingerprint while empty, so a fingerprint taken where nobody decides inside the phase
    is what it always was.
    """

    walks: dict[str, Walk] = state_field(default_factory=dict, encode=_unless_empty)
    executed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    mover: str | None = state_field(default=None, encode=_unless_empty)
    progress: int = state_field(default=0, encode=_unless_empty)
    #: Its own key in the snapshot: ``entered`` is :class:`Fieldworks`' (the units inside a
    #: Pillbox), and a game with both would fail on its fingerprint.
    entered: bool = state_field(default=False, key="walk_entered", encode=_unless_empty)
    asked: Trigger | None = state_field(default=None, encode=_trigger)
    declined: set[tuple[str, str]] = state_field(default_factory=set, encode=_unless_empty)
    overrun: str = state_field(default="", encode=_unless_empty)
    mg_declined: set[tuple[str, str, str]] = state_field(default_factory=set, encode=_unless_empty)

    def clear(self) -> None:
        """The phase is over [AG VII]."""
        self.walks, self.executed, self.declined = {}, set(), set()
        self.mg_declined = set()
        self.mover, self.progress, self.entered, self.asked = None, 0, False, None
        self.overrun = ""


@dataclass
class CommandSheets(Record):
    """This Turn's Command Sheets [AG V]: each side's orders by unit, and the units given
    their Final Facing [AG VIII]. ``options``: each unit's legal orders, worked out once per
    Order Plot Phase, and ``foci``: what each order concerns (its path and cost), worked out
    once per Order Plot Phase, where no counter moves (caches)."""

    orders: dict[str, dict[str, Order]] = state_field(default_factory=dict, encode=_order_texts)
    faced: set[str] = state_field(default_factory=set)
    options: dict[str, list[Action]] = state_field(default_factory=dict, cache=True)
    foci: dict[Action, ActionFocus] = state_field(default_factory=dict, cache=True)


@dataclass
class Damage(Record):
    """Damage done [GC1 Effects of AP Hits]: each unit's hits (``gun``, ``turret``, ``hull``,
    ``track``, ``crew``), its crew losses, the units knocked out in order, the Wrecks' hexes
    and how many Wrecks stood when the Turn began (the newer ones block roads [AG VII.C.4]);
    ``suppressed``: each Suppressed unit and the last Turn its "S" order stands [ADV IV.D]
    (left out of the fingerprint while empty); ``eliminated``: the Leg and Towed units
    knocked out, in order, which leave no Wreck (our reading) (likewise)."""

    hits: dict[str, set[str]] = state_field(default_factory=dict)
    crew_losses: dict[str, int] = state_field(default_factory=dict)
    knocked_out: list[str] = state_field(default_factory=list)
    wrecks: list[Hex] = state_field(default_factory=list)
    old_wrecks: int = 0
    suppressed: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    eliminated: list[str] = state_field(default_factory=list, encode=_sorted_unless_empty)


@dataclass
class Firing(Record):
    """Who fired: this Turn, last Turn (sighted at any range [AG IV.C.5]), and the units
    whose Opportunity Fire order has fired this Turn (once each [AG VII.F]); ``mg_used``:
    the (unit, mount) of machineguns whose own Opportunity Fire order has fired this Turn
    [ADV IV.E.2] (left out of the fingerprint while empty)."""

    fired: set[str] = state_field(default_factory=set)
    fired_last_turn: set[str] = state_field(default_factory=set)
    opportunity_used: set[str] = state_field(default_factory=set)
    mg_used: set[tuple[str, str]] = state_field(default_factory=set, encode=_unless_empty)


@dataclass
class Objectives(Record):
    """What a scenario's special rules and objectives keep during play [SCN V-VIII]
    (:mod:`rules.armor.scenario_rules`); every field is left out of the fingerprint while
    empty, so the fingerprints of scenarios without such rules stay as they were.

    Attributes:
        bans_lifted: the indexes (in ``special_rules``) of action bans lifted by the event
            they wait for (4B: "until shots are fired or an attacker's unit is sighted").
        demolition_turns: each demolition rule's Turns of preparation done (2B: eight).
        destroyed_objects: the map objects destroyed, by name (2B's ``bridge``).
        bridge_passers: each Bridge (by its first Span hex's name) and the side whose ground
            unit was the last to enter or pass adjacent to all its Span units (3C).
        off_map: the units held off the map until their reinforcement's die roll lets them
            enter, each with the index of its reinforcement (2B's Engineers).
    """

    bans_lifted: set[int] = state_field(default_factory=set, encode=_unless_empty)
    demolition_turns: dict[int, int] = state_field(default_factory=dict, encode=_unless_empty)
    destroyed_objects: set[str] = state_field(default_factory=set, encode=_unless_empty)
    bridge_passers: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    off_map: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass
class Fieldworks(Record):
    """What play changed of the Terrain Support units and Mines set up
    (:class:`rules.armor.support.works.Works`, fixed once placed [Setup II.D.8]); every field
    is left out of the fingerprint while empty, so games without them keep their fingerprints.

    Attributes:
        removed: the Terrain Support units gone (a Wire a Vehicle entered [ADV V.D.2]).
        revealed: the mined hexes whose Mines attacked a unit: the moving side has been told
            [OP IV.C.1].
        ditch: each Leg unit in a Ditch hex and the Turn it entered it; it must remain for at
            least one Turn after entering [ADV V.A.4].
        left: the units set up inside a Pillbox or Bunker that have moved out of it.
        laid: each Mine unit whose owner has written its Mines himself, with them by hex
            (:mod:`rules.armor.support.laying` [OP IV.B.1]): they replace the engine's.
        entered: each unit inside a Pillbox or Bunker by an "E" order, with the Pillbox's or
            Bunker's id [CS Order Notations E] (:mod:`rules.armor.support.shelters`).
    """

    removed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    revealed: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    ditch: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    left: set[str] = state_field(default_factory=set, encode=_unless_empty)
    laid: dict[str, dict[Hex, tuple[Mine, ...]]] = state_field(
        default_factory=dict, encode=_unless_empty
    )
    entered: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
