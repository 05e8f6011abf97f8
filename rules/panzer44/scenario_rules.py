"""Panzer '44 scenarios' special rules in play: bans on fire, on overruns and on entering an
area, and what the engine enforces of every kind of special rule (:data:`ENFORCED`, the
declaration of :attr:`rules.panzer44.game.Panzer44Game.enforces`).

Bans, each for the sides it names (none: both) on the Game-Turns it names, refused with the
scenario's rule cited and never offered as a legal action:

- ``fire-ban``: Direct Fire (19.1 both sides, 19.2 German, Game-Turn One), and with it Close
  Assault, "a specialized type of Direct Fire" [6.0]; Opportunity Fire (19.2); Indirect Fire
  (19.2; 19.6 German until Game-Turn Three) and with it Counterbattery, "executed just as
  though it were Indirect Fire" [6.72], and the side's off-board support.
- ``action-ban`` of ``overrun`` [13.0] (19.6: no American overrun on the tenth Game-Turn).
- ``area-ban`` (20.4: Ley): its sides' units may not be deployed there (when the rule says
  ``deploy``) nor enter any of its hexes, by any move (a scatter stops short of it [14.14]),
  on the Game-Turns it names.

The other kinds are kept where they act: ``usage-cap`` (CAS strikes and OFBDA concentrations
per Game-Turn, 19.2) in :mod:`rules.panzer44.indirect`, ``exit-allowed`` (19.1, 19.9) in
:mod:`rules.panzer44.entry`, ``deployment-limit`` (20.5) in :mod:`rules.panzer44.setup`,
``rule-override`` of [12.22] (19.7, 19.8) in :mod:`rules.panzer44.fortifications` and of [10.4]
(20.3) in :mod:`rules.panzer44.roads`, ``terrain-override`` by the shared movement costs
(:data:`rules.movement.costs.TERRAIN_OVERRIDES`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.victory import ActionBan, AreaBan, FireBan, RuleOverride, SpecialRule, UsageCap
from rules.engine.special_rules import Enforce
from rules.movement.costs import TERRAIN_OVERRIDES

if TYPE_CHECKING:
    from model.scenario import Scenario
    from rules.panzer44.game import Panzer44Game, Panzer44State

#: The kinds of fire a ``fire-ban`` may name that the engine bans.
FIRES = ("direct", "opportunity", "indirect")
#: The actions an ``action-ban`` may name that the engine bans.
ACTIONS = {"overrun": "overrun [13.0]"}
#: The book's sections a ``rule-override`` may change that the engine reads.
OVERRIDES = ("12.22", "10.4")


def _capped(rule: SpecialRule) -> str | None:
    if isinstance(rule, UsageCap) and support_kind(rule.what) is None:
        return "only caps on CAS strikes and OFBDA concentrations are kept"
    return None


def _readable(rule: SpecialRule) -> str | None:
    if isinstance(rule, RuleOverride) and rule.rule == "10.4" and wreck_rate(rule) is None:
        return "its text gives no rate for a wreck hex ('paying N Movement Points')"
    return None


#: What the Panzer '44 engine enforces of a scenario's special rules, by kind
#: (:mod:`rules.engine.special_rules`); every other rule is listed in the game's outcome.
ENFORCED: Mapping[str, Enforce] = MappingProxyType(
    {
        "fire-ban": Enforce(names=frozenset(FIRES)),
        "action-ban": Enforce(
            names=frozenset(ACTIONS), ignores={"until": "the ban is lifted by no event"}
        ),
        "area-ban": Enforce(),
        "usage-cap": Enforce(check=_capped),
        "exit-allowed": Enforce(
            ignores={
                "units": "any unit of the side may exit there",
                "after": "the exit is open from its Game-Turn, whatever happens",
            }
        ),
        "deployment-limit": Enforce(
            ignores={
                "at_least": "only a limit of at most so many units is kept",
                "per_zone": "Panzer '44 has no zones",
                "zones_at_least": "Panzer '44 has no zones",
            }
        ),
        "rule-override": Enforce(names=frozenset(OVERRIDES), check=_readable),
        "terrain-override": TERRAIN_OVERRIDES,
    }
)


def support_kind(what: str) -> str | None:
    """The kind of support a usage cap's words name: ``CAS`` (air strikes) or ``OFBDA``
    (off-board artillery), or None."""
    words = what.upper()
    for kind, names in (("CAS", ("CAS", "AIR")), ("OFBDA", ("OFBDA", "ARTILLERY"))):
        if any(n in words for n in names):
            return kind
    return None


def wreck_rate(rule: RuleOverride) -> float | None:
    """The Movement Points a scenario's override of [10.4] charges to enter a wreck hex along a
    road (20.3: "paying 3 Movement Points"), or None when its text gives none."""
    found = re.search(r"paying (\d+) Movement Points", rule.text)
    return float(found.group(1)) if found else None


def cite(scenario: Scenario, rule: SpecialRule) -> str:
    """The rule as the refusals cite it: its source (or the scenario's) and its words."""
    source = rule.source or scenario.source or "the scenario"
    words = (getattr(rule, "text", "") or rule.note).strip()
    return f"{source}: {words}" if words else source


def _in_force(
    rule: FireBan | ActionBan | AreaBan, game: Panzer44Game, side: str, turn: int
) -> bool:
    last = rule.turns.last if rule.turns.last is not None else game.turns
    return (not rule.sides or side in rule.sides) and rule.turns.first <= turn <= last


def fire_banned(state: Panzer44State, side: str, fire: str) -> str | None:
    """Why the scenario bans ``side``'s fire of kind ``fire`` (``direct``, ``opportunity``,
    ``indirect``) this Game-Turn, or None."""
    game, turn = state.game, state.play.turn
    for rule in game.scenario.special_rules:
        if isinstance(rule, FireBan) and fire in rule.fire and _in_force(rule, game, side, turn):
            return (
                f"the scenario bans {side}'s {fire} fire on Game-Turn {turn} "
                f"({cite(game.scenario, rule)})"
            )
    return None


def action_banned(state: Panzer44State, side: str, action: str) -> str | None:
    """Why the scenario bans ``side``'s ``action`` (``overrun``) this Game-Turn, or None."""
    game, turn = state.game, state.play.turn
    for rule in game.scenario.special_rules:
        if (
            isinstance(rule, ActionBan)
            and rule.action == action
            and _in_force(rule, game, side, turn)
        ):
            what = ACTIONS.get(action, action)
            return (
                f"the scenario bans {side}'s {what} on Game-Turn {turn} "
                f"({cite(game.scenario, rule)})"
            )
    return None


def area_bans(game: Panzer44Game) -> tuple[tuple[AreaBan, frozenset[Hex]], ...]:
    """The scenario's area bans with their hexes."""
    return tuple(
        (rule, game.region(rule.region))
        for rule in game.scenario.special_rules
        if isinstance(rule, AreaBan)
    )


def banned_hexes(state: Panzer44State, side: str) -> frozenset[Hex]:
    """The hexes ``side``'s units may not enter this Game-Turn (worked out once a turn)."""
    game = state.game
    if not game.area_bans:
        return frozenset()
    key = (side, state.play.turn)
    found = game.banned.get(key)
    if found is None:
        found = game.banned[key] = frozenset().union(
            *(hexes for rule, hexes in game.area_bans if _in_force(rule, game, side, key[1]))
        )
    return found


def why_banned(state: Panzer44State, side: str, h: Hex) -> str | None:
    """Why ``side``'s units may not enter hex ``h`` this Game-Turn, or None."""
    game, turn = state.game, state.play.turn
    for rule, hexes in game.area_bans:
        if h in hexes and _in_force(rule, game, side, turn):
            return (
                f"the scenario bans {side}'s units from {game.name(h)} on Game-Turn {turn} "
                f"({cite(game.scenario, rule)})"
            )
    return None
