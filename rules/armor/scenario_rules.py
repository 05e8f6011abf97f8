"""The special rules of Armor's scenarios in play [SCN II.C; SCN V-VIII], and what the engine
enforces of every kind (:data:`ENFORCED`, the declaration of
:attr:`rules.armor.game.ArmorGame.enforces`; every other rule is listed in each outcome with
why, :mod:`rules.engine.special_rules`).

- ``fire-ban`` (2A, 2B, 3A, 3C: "No Opportunity or Tracking Fire is allowed on Turn One"
  [SCN VI.A.3; VI.B.3; VII.A.3; VII.C.3]): on the Turns it names, for the sides it names (none:
  both), an Opportunity Fire ("N") order [AG V.A.2.b] is neither offered nor accepted; a Direct
  Fire ban refuses Direct Fire ("F") orders [AG V.A.2.a] the same way, and a Tracking Fire ban
  Tracking Fire ("T") orders [OP XV.A] where the scenario plays that Optional Rule
  (``tracking-fire``); without it no "T" order is ever offered, and the log says so.
- ``action-ban`` of movement (4B: the Defender "once set up, may not move the Combat units until
  shots are fired or an attacker's unit is sighted" [SCN VIII.B.3]): the side's orders may not
  move a unit (no F, B, L or R; a Pivot in Place "V" and fire without movement stay legal: our
  reading, the pivot is a facing [AG VIII.A], not a move) until the ban is lifted: by any fire
  or Close Assault of either side (:func:`engaged`), or a Sighting Phase in which the banned
  side sights an enemy unit [AG IV]. The lifting is logged with the rule.
- ``demolition`` (2B's bridge [SCN VI.B.3]): :func:`prepare` counts a Turn of preparation when
  at least one Engineer unit (the force entries labelled as the rule says) is on or adjacent to
  a Span hex of the bridge, not Suppressed [ADV IV.D], and took no part in Combat that Turn
  (fired, or Close Assaulted); once the eight Turns are done, in the Direct Fire Phase of each
  later Turn a die is rolled for each Engineer unit adjacent to a Span hex [SCN VI.B.3]
  (:func:`demolish`; our reading: the engine rolls for the owner, who always would): any
  result the rule lists destroys the bridge, its Span hexes may no longer be entered (the Span
  units are removed: the River is left), and when the scenario says so the game ends
  [SCN VI.B.6].
- ``rule-override`` of "bridge control" (3C [SCN VII.C.6]): :func:`bridge_controller`, for the
  victory conditions (:mod:`rules.armor.victory`).
- ``text`` of 4A's advance ("The Attacker must move all units in a straight line from Side A
  to Side B until fired upon, or until an enemy unit is sighted" [SCN VIII.A.5]):
  :func:`why_not_straight` refuses the Attacker's orders that reverse or enter a hex no nearer
  Side B, until a Defender's fire or the Attacker's sighting lifts it. 4A's and 4B's word on
  Completely Hidden and Inverted units [SCN VIII.A.3; VIII.B.3] (:data:`CONCEALED`) is played
  by the options the scenario names for each side (:mod:`rules.armor.optional.intel`). 3A's
  and 3C's "Terrain Support units may be placed anywhere on the mapboard over five hexes from
  the mapboard sides" [SCN VII.A.5; VII.C.5] is the set-up's (:mod:`rules.armor.support.setup`).
  Every other rule in words is reported.
- ``terrain-override``: by the shared movement costs
  (:data:`rules.movement.costs.TERRAIN_OVERRIDES`; a terrain "treated as" another counts as
  the other for movement only, but 4B's Supply Dumps are Clear level +1 on the map for every
  rule, :mod:`rules.armor.dumps`), and 2A's and 3B's Stream
  rules, once a designer takes their (Optional) mark off, as the ``streams`` terrain option
  of the same words [SCN VI.A.3; VII.B.3; OP XXVII.F] (:mod:`rules.armor.bridges`).
- ``bridge-limit`` (1A, 1B, 3A, 3B [SCN V.A.3; VII.A.3; VII.B.3], Optional in the book, in
  force once the mark is taken off): no Bridge or Span hex for a unit over the limit, or its
  Stream forded at the full cost [OP XIII.B] (:mod:`rules.armor.bridges`).

Reinforcements that enter on a die roll (2B's Engineers "and any Transport Vehicles for them
... may enter anywhere on Side B during a Turn in which '0' or '1' is rolled", once in the
Sighting Phase of each Turn [SCN VI.B.5]) are :func:`held` off the map at set-up and rolled for
by :func:`reinforce`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.regions import EdgeRegion
from model.scenario import DieRollCondition, Scenario
from model.victory import (
    ActionBan,
    Demolition,
    FireBan,
    RuleOverride,
    SpecialRule,
    TextRule,
)
from rules.armor import bridges as limits
from rules.armor.events import PhaseNote
from rules.armor.move import order_walk
from rules.armor.optional import TRACKING, in_use
from rules.armor.orders import Order, parse_moves
from rules.armor.support.works import over_range
from rules.engine.special_rules import Enforce

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.support.works import Works

#: The kinds of fire a ``fire-ban`` may name that the engine bans, with the orders they are.
FIRES = {
    "opportunity": "Opportunity Fire ('N') orders [AG V.A.2.b; AG VII.F]",
    "direct": "Direct Fire ('F') orders [AG V.A.2.a; AG VI]",
    "tracking": "Tracking Fire ('T') orders [OP XV.A]",
}
#: The sections a ``rule-override`` may name that the engine reads.
OVERRIDES = ("bridge control",)
#: What lifts a movement ban, in the words a rule's ``until`` may use.
LIFTED_BY = ("fired", "sighted")
#: Movement steps of an order's notation (:func:`rules.armor.orders.parse_moves`) [AG V.A.3]
#: (a Pivot in Place "V" is a facing).
MOVES = frozenset("FBLR")


def _movement_ban(rule: SpecialRule) -> str | None:
    if not isinstance(rule, ActionBan):
        return None
    if "move" not in rule.action.lower():
        return "only bans on moving units are kept"
    if rule.until is not None and not any(w in rule.until for w in LIFTED_BY):
        return f"it is lifted by an event the engine does not know ('{rule.until}')"
    return None


#: 4A's advance [SCN VIII.A.5], the one rule in the book's words the engine reads.
STRAIGHT = re.compile(
    r"Attacker must move all units in a straight line from Side ([A-D]) to Side ([A-D]) "
    r"until fired upon, or until an enemy unit is sighted"
)


#: 4A's and 4B's word on Limited Intelligence [SCN VIII.A.3; VIII.B.3], played by the options
#: the scenario's ``rules.side_options`` name (:mod:`rules.armor.optional.intel` [OP X.A-B]).
CONCEALED = re.compile(
    r"^The (Defender|Attacker) should (definitely )?use the Completely Hidden Units Option"
    r"(; the (Defender|Attacker) should use the Inverted Units Option)?\.$"
)


def _words(rule: SpecialRule) -> str | None:
    if not isinstance(rule, TextRule):
        return None
    if over_range(rule.text) is not None:  # 3A's, 3C's Terrain Support set-up [SCN VII.A.5]
        return None
    if STRAIGHT.search(rule.text) is None and CONCEALED.match(rule.text) is None:
        return "a rule in the book's words only"
    return None


def _demolition(rule: SpecialRule) -> str | None:
    if isinstance(rule, Demolition) and not (rule.by.labels and rule.success):
        return "only a demolition by labelled units, with the rolls that destroy, is played"
    return None


#: What the Armor engine enforces of a scenario's special rules, by kind
#: (:mod:`rules.engine.special_rules`); every other rule is listed in the game's outcome.
ENFORCED: Mapping[str, Enforce] = MappingProxyType(
    {
        "fire-ban": Enforce(names=frozenset(FIRES)),
        "action-ban": Enforce(check=_movement_ban),
        "demolition": Enforce(check=_demolition),
        "rule-override": Enforce(names=frozenset(OVERRIDES)),
        "terrain-override": Enforce(check=limits.terrain_override),
        "bridge-limit": Enforce(),  # when in force [OP XIII.B] (rules.armor.bridges)
        "text": Enforce(check=_words),
    }
)


def cite(scenario: Scenario, rule: SpecialRule) -> str:
    """The rule as a refusal or the log cites it: its source (or the scenario's)."""
    return rule.source or scenario.source or "the scenario"


def _in_force(sides: list[str], first: int, last: int | None, side: str, turn: int) -> bool:
    return (not sides or side in sides) and first <= turn and (last is None or turn <= last)


# --- fire bans ---------------------------------------------------------------------------------


def fire_banned(state: ArmorState, side: str, fire: str) -> str | None:
    """Why ``side`` may not plot ``fire`` ("opportunity", "direct") this Turn, citing the
    scenario's rule; None when no ban holds."""
    for rule in state.game.scenario.special_rules:
        if not isinstance(rule, FireBan) or fire not in rule.fire:
            continue
        if _in_force(rule.sides, rule.turns.first, rule.turns.last, side, state.play.turn):
            turns = _turns(rule.turns.first, rule.turns.last)
            return f"no {FIRES[fire].split(' [')[0]} on {turns} {cite(state.game.scenario, rule)}"
    return None


def _turns(first: int, last: int | None) -> str:
    if last == first:
        return f"Turn {first}"
    return f"Turns {first}-{last}" if last is not None else f"Turn {first} on"


def unplayed_support(works: Works) -> str | None:
    """The Terrain Support units a side listed or bought that were not set up, each with why
    (not used in the Armor Game [Setup II.D.8], a kind not in this slice, no hex allowed), in
    words; None when every one was (:mod:`rules.armor.support.setup`)."""
    if not works.left_out:
        return None
    counted = Counter(works.left_out)
    found = [f"{what.replace(':', f' x{n}:', 1)}" for what, n in counted.items()]
    return f"Terrain Support units not set up [Setup II.D; SCN III.F]: {'; '.join(found)}"


def announce(state: ArmorState) -> None:
    """The log's word, when the game begins, on each fire ban and movement ban in force, and
    on the Terrain Support units bought that are not played."""
    scenario = state.game.scenario
    support = unplayed_support(state.game.works)
    if support is not None:
        state.emit(PhaseNote("Set-up", support, "[Setup II.D; SCN III.F]"))
    for rule in scenario.special_rules:
        if isinstance(rule, FireBan) and ENFORCED["fire-ban"].names is not None:
            kept = [FIRES[f] for f in rule.fire if f in FIRES]
            who = ", ".join(rule.sides) or "both sides"
            unplayed = "tracking" in rule.fire and not in_use(state.game, TRACKING)
            note = (
                f"{who}, {_turns(rule.turns.first, rule.turns.last)}: no "
                + "; no ".join(kept)
                + (" (Tracking Fire [OP XV] is not in this game's options)" if unplayed else "")
            )
            state.emit(PhaseNote("Special rule", note, cite(scenario, rule)))
        elif isinstance(rule, ActionBan) and _movement_ban(rule) is None:
            who = ", ".join(rule.sides) or "both sides"
            until = f" until {rule.until}" if rule.until else ""
            note = f"{who} may not move its units{until} (a Pivot in Place is a facing)"
            state.emit(PhaseNote("Special rule", note, cite(scenario, rule)))
    limit = limits.limit(state.game)
    if limit is not None:
        words = limits.announce(state)
        assert words is not None
        cited = f"{limits.cite(state.game, limit[1])} [OP XIII.B]"
        state.emit(PhaseNote("Special rule", words, cited))
    for _, rule, to in advances(state.game):
        note = (
            f"the Attacker moves only in a straight line to Side {to} (no reverse, every hex "
            "nearer it: our reading) until fired upon or until it sights an enemy unit"
        )
        state.emit(PhaseNote("Special rule", note, cite(scenario, rule)))


# --- movement bans (4B) ------------------------------------------------------------------------


def _movement_bans(game: ArmorGame) -> list[tuple[int, ActionBan]]:
    return [
        (i, r)
        for i, r in enumerate(game.scenario.special_rules)
        if isinstance(r, ActionBan) and _movement_ban(r) is None
    ]


def move_banned(state: ArmorState, side: str) -> str | None:
    """Why ``side`` may not move its units this Turn, citing the rule; None when free."""
    for i, rule in _movement_bans(state.game):
        if i in state.objectives.bans_lifted:
            continue
        if _in_force(rule.sides, rule.turns.first, rule.turns.last, side, state.play.turn):
            until = f" until {rule.until}" if rule.until else ""
            return f"{side} may not move its units{until} {cite(state.game.scenario, rule)}"
    return None


def moves(notation: str) -> bool:
    """Whether an order's notation moves the unit: forward hexes, reverse, turns [AG V.A.3]
    (anything but a Pivot in Place "V")."""
    try:
        return bool(notation) and bool(MOVES & set(parse_moves(notation)))
    except ValueError:  # not a notation: refused for that elsewhere
        return False


def engaged(state: ArmorState, unit: str) -> bool:
    """Whether ``unit`` took part in Combat this Turn: it fired (Direct or Opportunity Fire,
    GP fire) or Close Assaulted [AG VI; AG VII.F; ADV VII]."""
    return unit in state.firing.fired or state.orders_of(unit).assault is not None


def lift_on_fire(state: ArmorState) -> None:
    """Lift the movement bans waiting for "shots fired" once any unit has fired or Close
    Assaulted (our reading: any fire or Close Assault of either side)."""
    if not any(engaged(state, u) for u in state.troops.hexes):
        return
    attacker = _attacker(state.game)
    if any(engaged(state, u) for u in state.troops.hexes if state.game.units[u].side != attacker):
        lift_advance(state, "it was fired upon (our reading: any fire of the Defender)")
    for i, rule in _movement_bans(state.game):
        if i not in state.objectives.bans_lifted and "fired" in (rule.until or ""):
            _lift(state, i, rule, "shots were fired")


def lift_on_sighting(state: ArmorState, side: str, seen: list[str]) -> None:
    """Lift ``side``'s movement bans waiting for a sighting when it sighted enemy units
    ``seen`` in this Sighting Phase [AG IV]. Units entering the map on Turn 1 stand on their
    entry hexes from the start (a simplification of the set-up, :mod:`rules.armor.setup`),
    but by the book they enter in the Movement Execution Phase: on Turn 1 they are not there
    to be sighted, and do not lift the ban (our reading)."""
    if state.play.turn == 1:
        seen = [u for u in seen if not _enters(state.game, u)]
    if not seen:
        return
    if side == _attacker(state.game):
        lift_advance(state, f"it sighted an enemy unit ({seen[0]}) [AG IV]")
    for i, rule in _movement_bans(state.game):
        if i in state.objectives.bans_lifted or "sighted" not in (rule.until or ""):
            continue
        if not rule.sides or side in rule.sides:
            _lift(state, i, rule, f"{side} sighted an enemy unit ({seen[0]}) [AG IV]")


def _enters(game: ArmorGame, unit: str) -> bool:
    """Whether ``unit``'s side enters the map rather than setting up on it [SCN II.E]."""
    side = next(s for s in game.scenario.sides if s.id == game.units[unit].side)
    return side.setup is not None and side.setup.kind == "entry"


def _lift(state: ArmorState, index: int, rule: ActionBan, why: str) -> None:
    state.objectives.bans_lifted.add(index)
    who = ", ".join(rule.sides) or "both sides"
    note = f"{who} may move again: {why}"
    state.emit(PhaseNote("Special rule", note, cite(state.game.scenario, rule)))


# --- 4A's straight-line advance [SCN VIII.A.5] --------------------------------------------------


def advances(game: ArmorGame) -> list[tuple[int, TextRule, str]]:
    """4A's rule, with its index and the Side the attacker advances to."""
    found = []
    for i, rule in enumerate(game.scenario.special_rules):
        if isinstance(rule, TextRule) and not rule.optional:
            match = STRAIGHT.search(rule.text)
            if match is not None:
                found.append((i, rule, match.group(2)))
    return found


def _attacker(game: ArmorGame) -> str | None:
    return next((s.id for s in game.scenario.sides if s.role == "attacker"), None)


def why_not_straight(state: ArmorState, order: Order) -> str | None:
    """Why the order breaks 4A's advance, or None [SCN VIII.A.5]: until the ban is lifted the
    Attacker's units may move only "in a straight line from Side A to Side B". Our reading: no
    reverse move, and every hex entered on the map nearer Side B than the one before it (turns
    are allowed, to face the way); the rule does not force a unit to move."""
    side = state.game.units[order.unit].side
    if side != _attacker(state.game) or not moves(order.moves):
        return None
    for i, rule, to in advances(state.game):
        if i in state.objectives.bans_lifted:
            continue
        why = (
            f"the Attacker moves in a straight line to Side {to} until fired upon or until "
            "it sights an enemy unit"
        )
        source = cite(state.game.scenario, rule)
        if "B" in parse_moves(order.moves):
            return f"{why}: no reverse move {source}"
        w = order_walk(state, order)
        last = _to_side(state.game, to, w.start)
        for h, _, _ in w.hexes:
            if not state.game.on_map(h):
                break
            now = _to_side(state.game, to, h)
            if now >= last:
                return f"{why}: {state.game.name(h)} is no nearer Side {to} {source}"
            last = now
    return None


def _to_side(game: ArmorGame, edge: str, h: Hex) -> int:
    """Hexes from ``h`` to the nearest hex of the map's Side ``edge``."""
    key = (edge, h)
    found = game.side_distance.get(key)
    if found is None:
        hexes = game.region(EdgeRegion(edge=edge))
        found = game.side_distance[key] = min(h.distance(x) for x in hexes)
    return found


def lift_advance(state: ArmorState, why: str) -> None:
    """Lift 4A's advance: the Attacker was fired upon, or sighted an enemy unit."""
    for i, rule, _ in advances(state.game):
        if i not in state.objectives.bans_lifted:
            state.objectives.bans_lifted.add(i)
            note = f"the Attacker may move freely: {why}"
            state.emit(PhaseNote("Special rule", note, cite(state.game.scenario, rule)))


# --- bridges (2B, 3C) --------------------------------------------------------------------------


def object_hexes(game: ArmorGame, name: str) -> frozenset[Hex]:
    """The hexes of the scenario's map objects called ``name`` (none when it names none)."""
    for obj in game.scenario.map.objects:
        if obj.name == name:
            return game.region(obj.region)
    return frozenset()


def bridges(hexes: frozenset[Hex]) -> list[frozenset[Hex]]:
    """The Bridges among ``hexes``: each group of adjacent Span (or Bridge) hexes is one
    Bridge [Setup II.C.6], in order of their first hex."""
    left, found = set(hexes), []
    while left:
        seed = min(left)
        group, todo = {seed}, [seed]
        while todo:
            for n in todo.pop().neighbors():
                if n in left and n not in group:
                    group.add(n)
                    todo.append(n)
        left -= group
        found.append(frozenset(group))
    return found


def blown(state: ArmorState, h: Hex) -> bool:
    """Whether ``h`` is a Span hex of a bridge destroyed by demolition [SCN VI.B.3]."""
    return any(h in object_hexes(state.game, n) for n in state.objectives.destroyed_objects)


def _near(h: Hex, spans: frozenset[Hex]) -> bool:
    return any(h == s or h.distance(s) == 1 for s in spans)


def record_passes(state: ArmorState) -> None:
    """After the Movement Execution Phase: each side whose ground unit entered or passed
    adjacent to all the Span units of a Bridge this Turn, the last such unit's side (in the
    order the units moved) becomes the Bridge's last passer [SCN VII.C.6]. Our reading: "pass
    adjacent to all of the Span units" within one Turn's move, its starting hex included."""
    rule = _bridge_rule(state.game)
    if rule is None:
        return
    for spans in _control_bridges(state.game):
        key = state.game.name(min(spans))
        for unit, w in state.execution.walks.items():
            path = [w.start, *(h for h, _, _ in w.hexes)]
            if len(path) > 1 and all(any(h.distance(s) <= 1 for h in path) for s in spans):
                side = state.game.units[unit].side
                if state.objectives.bridge_passers.get(key) != side:
                    note = (
                        f"{unit} entered or passed adjacent to every Span of the Bridge at "
                        f"{key}: {side} was the last to pass it"
                    )
                    state.emit(PhaseNote("Bridge control", note, cite(state.game.scenario, rule)))
                state.objectives.bridge_passers[key] = side


def _bridge_rule(game: ArmorGame) -> RuleOverride | None:
    return next(
        (
            r
            for r in game.scenario.special_rules
            if isinstance(r, RuleOverride) and r.rule in OVERRIDES
        ),
        None,
    )


def _control_bridges(game: ArmorGame) -> list[frozenset[Hex]]:
    found: set[Hex] = set()
    for obj in game.scenario.map.objects:
        if obj.kind == "bridge":
            found |= game.region(obj.region)
    return bridges(frozenset(found))


def bridge_controller(state: ArmorState, spans: frozenset[Hex]) -> tuple[str | None, str]:
    """Who controls the Bridge of ``spans`` now, and why [SCN VII.C.6]: the side that has the
    only ground units in or adjacent to one of its Span units; else the side whose ground unit
    was the last to enter or pass adjacent to all of them (:func:`record_passes`). Our
    reading, where both hold for different sides: the present sole occupier controls."""
    near = {
        state.game.units[u].side
        for u, h in state.troops.hexes.items()
        if _near(h, spans) and not state.transported(u)
    }
    if len(near) == 1:
        side = next(iter(near))
        return side, f"{side} has the only ground units in or adjacent to its Spans"
    last = state.objectives.bridge_passers.get(state.game.name(min(spans)))
    if last is not None:
        return last, f"{last} was the last to enter or pass adjacent to all its Spans"
    return None, "nobody: no side holds it alone and no unit has passed all its Spans"


# --- demolition (2B) ---------------------------------------------------------------------------


def _demolitions(game: ArmorGame) -> list[tuple[int, Demolition]]:
    return [
        (i, r)
        for i, r in enumerate(game.scenario.special_rules)
        if isinstance(r, Demolition) and _demolition(r) is None
    ]


def engineers(state: ArmorState, rule: Demolition) -> list[str]:
    """The rule's units on the map (the force entries labelled as it names)."""
    labels = set(rule.by.labels)
    return sorted(u for u in state.troops.hexes if state.game.deployment.labels.get(u) in labels)


def demolition_targets(state: ArmorState, unit: str) -> frozenset[Hex]:
    """The Span hexes ``unit`` is to demolish: those of each demolition not yet done whose
    Engineers it is (none for any other unit)."""
    label = state.game.deployment.labels.get(unit)
    if label is None:
        return frozenset()
    found: set[Hex] = set()
    for _, rule in _demolitions(state.game):
        if label in rule.by.labels and rule.objects not in state.objectives.destroyed_objects:
            found |= object_hexes(state.game, rule.objects)
    return frozenset(found)


def prepare(state: ArmorState) -> None:
    """At the end of a Turn: a Turn of preparation for each demolition not yet prepared, when
    an Engineer unit is on or adjacent to a Span hex, not Suppressed and not in Combat this
    Turn [SCN VI.B.3]."""
    for i, rule in _demolitions(state.game):
        spans = object_hexes(state.game, rule.objects)
        done = state.objectives.demolition_turns.get(i, 0)
        if rule.objects in state.objectives.destroyed_objects or done >= _turns_needed(rule):
            continue
        ready = [
            u
            for u in engineers(state, rule)
            if _near(state.troops.hexes[u], spans)
            and not state.transported(u)
            and not state.suppressed(u)
            and not engaged(state, u)
        ]
        if not ready:
            continue
        state.objectives.demolition_turns[i] = done + 1
        note = (
            f"{', '.join(ready)} in position: Turn {done + 1} of {_turns_needed(rule)} of "
            f"preparation for the demolition of the {rule.objects}"
        )
        state.emit(PhaseNote("Demolition", note, cite(state.game.scenario, rule)))


def _turns_needed(rule: Demolition) -> int:
    return rule.preparation_turns or 0


def demolish(state: ArmorState) -> bool:
    """In the Direct Fire Phase: for each demolition prepared (in an earlier Turn), a die for
    each Engineer unit adjacent to a Span hex; a listed result destroys the object
    [SCN VI.B.3]. True when an object was destroyed."""
    destroyed = False
    for i, rule in _demolitions(state.game):
        if rule.objects in state.objectives.destroyed_objects:
            continue
        if state.objectives.demolition_turns.get(i, 0) < _turns_needed(rule):
            continue
        spans = object_hexes(state.game, rule.objects)
        for unit in engineers(state, rule):
            h = state.troops.hexes[unit]
            if state.transported(unit) or not any(h.distance(s) == 1 for s in spans):
                continue
            sides = int(rule.die[1:])
            face = state.roll(f"demolition of the {rule.objects} by {unit}", sides) % sides
            hit = face in rule.success
            result = "destroyed: the Span units are removed" if hit else "not destroyed"
            note = f"{unit} rolls {face} for the {rule.objects}: {result}"
            state.emit(PhaseNote("Demolition", note, cite(state.game.scenario, rule)))
            if hit:
                state.objectives.destroyed_objects.add(rule.objects)
                destroyed = True
                break
    return destroyed


def ends_game(state: ArmorState) -> bool:
    """Whether the scenario ends the game now: an object destroyed that its length names
    (2B: "the game ends when the bridge is destroyed" [SCN VI.B.6])."""
    ends = state.game.scenario.length.ends_early or ""
    return any(name in ends for name in state.objectives.destroyed_objects)


# --- reinforcements on a die roll (2B) ---------------------------------------------------------


def held(scenario: Scenario, side_id: str) -> dict[str, int]:
    """The labels (or unit codes) of ``side_id``'s force entries that wait off the map for a
    reinforcement's die roll, each with the reinforcement's index: an entry whose label or
    unit is one a die-roll reinforcement lists [SCN VI.B.5]."""
    side = next(s for s in scenario.sides if s.id == side_id)
    found: dict[str, int] = {}
    for i, r in enumerate(side.reinforcements):
        if not isinstance(r.condition, DieRollCondition):
            continue
        for entry in r.units:
            for key in (entry.label, entry.unit):
                if key:
                    found.setdefault(key, i)
    return found


def reinforce(state: ArmorState) -> None:
    """In the Sighting Phase: one die for each reinforcement still off the map; on a listed
    result its units enter on its entry hexes [SCN VI.B.5] (placed there without paying for
    the entry move, as at set-up: :mod:`rules.armor.setup`)."""
    game = state.game
    waiting: dict[int, list[str]] = {}
    for unit, i in sorted(state.objectives.off_map.items()):
        waiting.setdefault(i, []).append(unit)
    for i, units in sorted(waiting.items()):
        side = next(s for s in game.scenario.sides if s.id == game.units[units[0]].side)
        r = side.reinforcements[i]
        if not isinstance(r.condition, DieRollCondition):
            continue  # a paratroop drop [OP XXXI.A] (rules.armor.optional.airborne)
        sides = int(r.condition.die[1:])
        face = state.roll(f"entry of {side.id}'s reinforcement {i + 1}", sides) % sides
        rule = f"[SCN VI.B.5] {r.condition.roll}"
        if face not in r.condition.succeed_on:
            note = f"{side.id} rolls {face} for {', '.join(units)}: they do not enter this Turn"
            state.emit(PhaseNote("Reinforcements", note, rule))
            continue
        note = f"{side.id} rolls {face}: {', '.join(units)} enter this Turn"
        state.emit(PhaseNote("Reinforcements", note, rule))
        for event in game.enter(state, units, r.entry):
            state.emit(event)
        for unit in units:
            del state.objectives.off_map[unit]
