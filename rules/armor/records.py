"""An Armor game's state as records (STYLE point 26, :mod:`rules.engine.record`): where play is,
where the counters stand, the Command Sheets, the damage done and who has fired. Clone and
snapshot come from these fields, so a field added here is in both.

The snapshot keeps the keys and encodings the hand-written one had (fingerprints of replays
written before stay valid): hexes as ``[q, r]``, each side's orders as their sorted texts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from model.hexes import Hex
from rules.armor.move import Walk
from rules.armor.orders import Order
from rules.engine.actions import Action
from rules.engine.play import ActionFocus
from rules.engine.record import OMIT, Record, state_field


def _order_texts(orders: dict[str, dict[str, Order]]) -> dict[str, list[str]]:
    return {s: sorted(o.text() for o in os.values()) for s, os in orders.items()}


def _left_out(_: Any) -> Any:
    return OMIT


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
    off the hull), and the units that left the map with the hex they left from.

    ``walks`` (each unit's movement this Turn, for Opportunity Fire and disputed hexes
    [AG VII.C-F]) is not in the fingerprint, as it never was: it matters only inside the
    Movement Execution Phase, where nobody decides, and is cleared with the Turn."""

    hexes: dict[str, Hex] = state_field(default_factory=dict)
    facing: dict[str, int] = state_field(default_factory=dict)
    turret: dict[str, int] = state_field(default_factory=dict)
    exited: dict[str, Hex] = state_field(default_factory=dict)
    walks: dict[str, Walk] = state_field(default_factory=dict, encode=_left_out)


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
    and how many Wrecks stood when the Turn began (the newer ones block roads [AG VII.C.4])."""

    hits: dict[str, set[str]] = state_field(default_factory=dict)
    crew_losses: dict[str, int] = state_field(default_factory=dict)
    knocked_out: list[str] = state_field(default_factory=list)
    wrecks: list[Hex] = state_field(default_factory=list)
    old_wrecks: int = 0


@dataclass
class Firing(Record):
    """Who fired: this Turn, last Turn (sighted at any range [AG IV.C.5]), and the units
    whose Opportunity Fire order has fired this Turn (once each [AG VII.F])."""

    fired: set[str] = state_field(default_factory=set)
    fired_last_turn: set[str] = state_field(default_factory=set)
    opportunity_used: set[str] = state_field(default_factory=set)
