"""Blowing a scenario's bridges [26.2]: a scenario's ``demolition`` special rule (26 Airborne's
Bridge Destruction) played.

The book [26.2]: "To blow up a bridge, a German engineer must carry a satchel charge into the
bridge hex and perform an exchange equipment maintenance action (this maintenance action
represents the engineer beginning to wire the bridge). When he performs this action, place a
camouflage marker on him (to represent the additional protection of being beneath the bridge on
the scaffolding). At the end of the command cycle in which the maintenance action was performed
the bridge is wired. It may be exploded by an engineer or any leader within 3 hexes of the
bridge hex during any Action Phase that the man performs another exchange equipment action. To
explode the charge roll the 10-sided die on the following table: 1-7 Bridge destroyed; 8-10
Bridge is unaffected - want to rewire?"

Played, from the rule's data (``objects``: the bridges, each hex one [19.7]; ``by``: who may
explode it, ``engineer`` and ``leader``; ``die`` and ``success``: the Bridge Destruction
Table):

- ``wire-bridge MAN``: an engineer [16] of the defender (26.2 names the German, the defender:
  our reading for any scenario with the rule) carrying a satchel charge [16.21], in a bridge hex
  neither wired nor being wired nor destroyed, performs the exchange equipment action: all his
  AP, none spent before, where the risk level allows a maintenance action [7.33; 7.31]. The
  charge is spent on the bridge (our reading: it is no longer his to throw [16.22]). The
  camouflage marker goes in the bridge hex: the hex is camouflaged for the rest of the
  scenario, as a bought marker is [18.1] (our reading: a camouflage marker "may not be moved"
  [18.1], so it stays when he leaves).
- At the end of that Command Cycle the bridge is wired [26.2] (whatever became of the man).
- ``blow-bridge MAN HEX``: a man of the rule's ``by`` (an engineer or any leader) of that side,
  within 3 hexes of the wired bridge hex, performs another exchange equipment action (all his
  AP, as above) and rolls the die: on a ``success`` roll the bridge is destroyed (its hex may
  not be entered for the rest of the scenario; the men in it are killed, as the Maas bridges'
  demolition removes them [22.6], our reading); else it is unaffected and no longer wired
  ("want to rewire?": our reading, a new wiring with another charge).

The marks (``C/1508 wiring``, ``C/1508 wired``, ``C/1508 camouflage``) are kept with the
scenario events' (:attr:`rules.soldiers.records.Battlefield.marks`), so a position file or a
replay carries them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from model.hexes import Hex
from model.victory import Demolition
from rules.engine.actions import Action, WordsAction
from rules.engine.play import ActionFocus, Preview
from rules.soldiers.actions import EventDrawn, Maintained

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

#: The marks a bridge hex's name takes (``C/1508 wiring``) [26.2].
WIRING, WIRED, CAMOUFLAGE = "wiring", "wired", "camouflage"
#: How far from the wired bridge hex a man may explode it [26.2].
REACH = 3


@dataclass(frozen=True)
class WireBridge(WordsAction):
    """The ordered engineer begins to wire the bridge in his hex [26.2]."""

    verb: ClassVar[str] = "wire-bridge"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class BlowBridge(WordsAction):
    """The ordered man explodes the wired bridge in ``hex`` [26.2]."""

    verb: ClassVar[str] = "blow-bridge"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


ACTIONS = (WireBridge, BlowBridge)


#: Who the engine knows may explode a charge, by the rule's ``by.categories`` [26.2].
CATEGORIES = frozenset({"engineer", "leader"})


def not_enforced(rule: object) -> str | None:
    """Why a scenario's demolition rule is not played as written, or None [26.2]."""
    if not isinstance(rule, Demolition):
        return None
    if not rule.success:
        return "it names no rolls that destroy the object"
    by = rule.by
    unknown = sorted(set(by.categories) - CATEGORIES)
    if unknown or by.types or by.exclude_types or by.states or by.labels:
        return "only a demolition by engineers and leaders (by.categories) is played"
    return None


def rule_of(state: SoldiersState) -> Demolition | None:
    """The scenario's demolition rule, if it has one."""
    return next((r for r in state.game.scenario.special_rules if isinstance(r, Demolition)), None)


def bridge_hexes(state: SoldiersState, rule: Demolition) -> list[Hex]:
    """The rule's bridges, each hex one [19.7], standing (not destroyed)."""
    from rules.soldiers.scenario_effects import parts

    found = [h for part in parts(state, rule.objects) for h in sorted(part, key=state.game.name)]
    return [h for h in found if state.game.name(h) not in state.field.destroyed]


def every_bridge(game: SoldiersGame) -> list[Hex]:
    """The hexes of the scenario's bridges to blow, standing or not, in name order (for the
    bot's errands, worked out once a game) [26.2]; none without an enforced demolition rule or
    when the bridges are a choice."""
    from model.regions import Choice

    rule = next((r for r in game.scenario.special_rules if isinstance(r, Demolition)), None)
    if rule is None or not_enforced(rule) is not None:
        return []
    found = next((o for o in game.scenario.map.objects if o.name == rule.objects), None)
    if found is None or isinstance(found.region, Choice):
        return []
    return sorted(game.region(found.region), key=game.name)


def wirer(game: SoldiersGame) -> str | None:
    """The side that wires and blows the bridges: the defender (26.2 names the German, our
    reading for any scenario with the rule)."""
    from rules.soldiers.preparations import defender

    return defender(game.scenario)


def errand(state: SoldiersState, man: str) -> tuple[str, Hex] | None:
    """What the heuristic bot sends an able engineer of the wiring side to do [26.2]: keep
    within reach (3 hexes) of the nearest bridge wired or being wired, to ``blow`` it; else,
    while he carries a satchel charge, ``wire`` the nearest standing bridge; None when there is
    nothing for him to do there."""
    from rules.soldiers.engineers import is_engineer, satchels_left

    rule = rule_of(state)
    game = state.game
    at = state.troops.hexes.get(man)
    if rule is None or at is None or game.men[man].side != wirer(game):
        return None
    if not is_engineer(game.men[man]):
        return None
    marks = state.field.marks
    standing = bridge_hexes(state, rule)
    busy = [h for h in standing if {mark(state, h, WIRING), mark(state, h, WIRED)} & marks]
    if busy:
        return "blow", min(busy, key=lambda h: (h.distance(at), game.name(h)))
    free = [h for h in standing if h not in busy]
    if free and satchels_left(state, man) > 0:
        return "wire", min(free, key=lambda h: (h.distance(at), game.name(h)))
    return None


def mark(state: SoldiersState, h: Hex, what: str) -> str:
    return f"{state.game.name(h)} {what}"


def camouflaged(state: SoldiersState, h: Hex) -> bool:
    """The camouflage marker an engineer wiring the bridge placed in ``h`` [26.2; 18.1]."""
    marks = state.field.marks
    return bool(marks) and mark(state, h, CAMOUFLAGE) in marks


def _wirer_side(state: SoldiersState) -> str | None:
    return wirer(state.game)


def _may_explode(state: SoldiersState, rule: Demolition, man: str) -> bool:
    """The man is of the rule's ``by``: an engineer, a leader (any named category) [26.2]."""
    from rules.soldiers.engineers import is_engineer

    spec = state.game.men[man]
    cats = set(rule.by.categories)
    if not cats:
        return True
    return ("engineer" in cats and is_engineer(spec)) or ("leader" in cats and spec.command > 0)


def why_not(state: SoldiersState, action: Action) -> str | None:
    """Why the wiring or the explosion may not be performed now, or None [26.2; 7.33]."""
    from rules.soldiers.engineers import is_engineer, satchels_left
    from rules.soldiers.equipment import why_not_active

    rule = rule_of(state)
    if rule is None:
        return "the scenario has no demolition rule [26.2]"
    if not isinstance(action, WireBridge | BlowBridge):
        return "not a demolition action"
    found = why_not_active(state, action.man)  # an exchange equipment action [7.33; 7.31]
    if found is not None:
        return found
    game, man = state.game, action.man
    spec, at = game.men[man], state.troops.hexes[man]
    if spec.side != _wirer_side(state):
        return "only the defender blows the bridges (26.2 names the German, our reading)"
    if isinstance(action, WireBridge):
        if not is_engineer(spec):
            return "only an engineer wires a bridge [26.2; 16]"
        if at not in bridge_hexes(state, rule):
            return "he must be in a bridge hex that stands [26.2]"
        marks = state.field.marks
        if mark(state, at, WIRING) in marks or mark(state, at, WIRED) in marks:
            return "the bridge is being wired or is wired already [26.2]"
        if satchels_left(state, man) < 1:
            return "he carries no satchel charge [26.2; 16.21]"
        return None
    if not _may_explode(state, rule, man):
        who = " or ".join(rule.by.categories)
        return f"only an {who} explodes the charge [26.2]"
    target = game.by_name.get(action.hex.upper())
    if target is None or mark(state, target, WIRED) not in state.field.marks:
        return f"{action.hex} is not a wired bridge [26.2]"
    if target.distance(at) > REACH:
        return f"the bridge is {target.distance(at)} hexes off: within {REACH} [26.2]"
    return None


def options(state: SoldiersState) -> list[Action]:
    """The wirings and explosions open to the man (or a man of the group) under orders."""
    rule = rule_of(state)
    if rule is None:
        return []
    men = list(state.active.group) or ([state.active.current] if state.active.current else [])
    found: list[Action] = []
    wired = [h for h in bridge_hexes(state, rule) if mark(state, h, WIRED) in state.field.marks]
    for man in men:
        found.append(WireBridge(man))
        found.extend(BlowBridge(man, state.game.name(h)) for h in wired)
    return [a for a in found if why_not(state, a) is None]


def apply(state: SoldiersState, action: Action) -> None:
    """The wiring begun, or the charge exploded on the die [26.2]."""
    from rules.soldiers.scenario_effects import kill_in

    rule = rule_of(state)
    assert rule is not None
    assert isinstance(action, WireBridge | BlowBridge)
    game, man, marks = state.game, action.man, state.field.marks
    state.active.ap = 0.0  # an exchange equipment action: all his AP [7.33]
    if isinstance(action, WireBridge):
        at = state.troops.hexes[man]
        thrown = state.demolitions.satchels_thrown
        thrown[man] = thrown.get(man, 0) + 1  # the charge is on the bridge (our reading)
        marks |= {mark(state, at, WIRING), mark(state, at, CAMOUFLAGE)}
        why = (
            "an exchange equipment action, all his AP; a satchel charge set on the bridge; a "
            f"camouflage marker in {game.name(at)} [18.1]; the bridge is wired at the end of "
            "this Command Cycle [26.2]"
        )
        state.emit(Maintained(man, f"begins to wire the bridge in {game.name(at)}", why))
        return
    target = game.by_name[action.hex.upper()]
    name = game.name(target)
    sides = int(rule.die[1:])
    roll = state.roll(f"the Bridge Destruction Table, {name} [26.2]", sides)
    marks.discard(mark(state, target, WIRED))
    where = f"{game.unit_name(man)} explodes the charge on the bridge in {name}"
    if roll not in rule.success:
        why = (
            f"{rule.die} {roll}: the bridge is unaffected; it must be wired again to be blown "
            "(our reading of 'want to rewire?') [26.2]"
        )
        state.emit(EventDrawn(where, "Bridge Destruction Table", why))
        return
    why = (
        f"{rule.die} {roll}: the bridge is destroyed; its hex may not be entered for the rest of "
        "the scenario [26.2]"
    )
    state.emit(EventDrawn(where, "Bridge Destruction Table", why))
    kill_in(state, (name,), "the bridge blown under him (our reading, as 22.6) [26.2]")
    state.field.closed_hexes[name] = "a blown bridge: no man may enter [26.2]"
    state.field.destroyed.add(name)


def cycle_ends(state: SoldiersState) -> None:
    """The bridges whose wiring began this Command Cycle are wired [26.2]."""
    marks = state.field.marks
    rule = rule_of(state)
    if rule is None or not marks:
        return
    for h in bridge_hexes(state, rule):
        begun = mark(state, h, WIRING)
        if begun in marks:
            marks.discard(begun)
            marks.add(mark(state, h, WIRED))
            why = "wired at the end of the Command Cycle in which the wiring began [26.2]"
            state.emit(EventDrawn(f"the bridge in {state.game.name(h)}", "", why))


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, WireBridge):
        return "Wire the bridge in his hex with a satchel charge [26.2]"
    assert isinstance(action, BlowBridge)
    return f"Blow the bridge in {action.hex} [26.2]"


def preview(state: SoldiersState, action: Action, words: str) -> Preview:
    rule = rule_of(state)
    assert rule is not None
    cost = f"all his AP ({state.active.ap:g})"
    rules = ("Bridge Destruction [26.2]", "exchange equipment [7.33]")
    if isinstance(action, WireBridge):
        words += ": the charge is spent, a camouflage marker goes in the hex [18.1]; wired at the"
        words += " end of this Command Cycle"
    if isinstance(action, BlowBridge):
        sides = int(rule.die[1:])
        chance = len([r for r in rule.success if 1 <= r <= sides]) / sides
        words += f": destroyed on {len(rule.success)} in {sides} ({chance:.0%}) [26.2]"
    return Preview(words, True, None, cost, rules=rules)


def concerns(state: SoldiersState, action: Action) -> ActionFocus:
    assert isinstance(action, WireBridge | BlowBridge)
    if isinstance(action, BlowBridge):
        return ActionFocus(action.man, "other", state.game.by_name.get(action.hex.upper()))
    return ActionFocus(action.man, "other", state.troops.hexes.get(action.man))
