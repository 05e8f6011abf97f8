"""Which of a scenario's special rules a system's engine enforces, and the words for the rest.

A scenario's special rules are typed entries (:data:`model.victory.SpecialRule`: a fire ban,
an area ban, a terrain override, a rule in the book's words...). Each system's game declares
what its engine enforces of them, by kind, in :attr:`rules.engine.core.Game.enforces`: an
:class:`Enforce` per kind, saying which of what a rule names the engine plays (a fire ban's
kinds of fire, an action ban's action, a rule override's section), which of its fields the
engine does not read, and a check of its content where a kind is enforced only in some forms::

    class Panzer44Game(MapGame):
        enforces = {
            "fire-ban": Enforce(names=frozenset({"direct", "opportunity", "indirect"})),
            "area-ban": Enforce(),
            ...
        }

Every other rule (a kind not declared, a name or field left out, a rule in words, a rule the
book marks optional, a mission's rule where the engine plays no missions) is listed by
:func:`not_enforced`, and every game's outcome carries that list
(:attr:`rules.engine.core.Outcome.not_enforced`), so nothing a scenario says is silently
ignored: the outcome of a game says which of its rules were not in force.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from model.scenario import Scenario
from model.victory import ActionBan, FireBan, RuleOverride, SpecialRule, UsageCap

#: How much of a rule's words a list quotes.
QUOTED = 100

#: Why a rule of a kind the engine enforces is not enforced in this form (its content), or None.
Check = Callable[[SpecialRule], str | None]


@dataclass(frozen=True)
class Enforce:
    """How a system's engine enforces one kind of special rule.

    Attributes:
        names: what a rule of the kind names that the engine enforces (:func:`names_of`: a
            fire ban's kinds of fire, an action ban's action, a rule override's section, a
            usage cap's "what"); None: whatever it names.
        ignores: the rule's fields the engine does not read, each with what that leaves
            unenforced; a rule that sets one (to other than its default) is reported.
        check: why a rule of the kind is not enforced in the form it has, or None (a terrain
            override given only in words, a rule override whose text the engine cannot read).
    """

    names: frozenset[str] | None = None
    ignores: Mapping[str, str] = field(default_factory=dict)
    check: Check | None = None


def names_of(rule: SpecialRule) -> tuple[str, ...]:
    """What a rule names that an engine may enforce or not, one by one: a fire ban's kinds of
    fire, an action ban's action, a rule override's section, a usage cap's "what"; none for
    the other kinds (the kind is the whole of it)."""
    if isinstance(rule, FireBan):
        return tuple(rule.fire)
    if isinstance(rule, ActionBan):
        return (rule.action,)
    if isinstance(rule, RuleOverride):
        return (rule.rule,)
    if isinstance(rule, UsageCap):
        return (rule.what,)
    return ()


def special_rules(scenario: Scenario) -> Iterator[tuple[str, SpecialRule]]:
    """Every special rule of the scenario with its label (``special rule 2``), then each
    mission's (``mission 'raid' special rule 1``), in the file's order."""
    for i, rule in enumerate(scenario.special_rules):
        yield f"special rule {i + 1}", rule
    for mission in scenario.missions:
        for i, rule in enumerate(mission.special_rules):
            yield f"mission '{mission.id}' special rule {i + 1}", rule


def why_not_enforced(rule: SpecialRule, enforces: Mapping[str, Enforce]) -> str | None:
    """Why an engine that enforces ``enforces`` does not enforce ``rule``, or None when it
    does."""
    if rule.optional:
        return "the book marks it optional and the engine does not apply it"
    how = enforces.get(rule.kind)
    if how is None:
        if rule.kind == "text":
            return "a rule in the book's words only"
        return f"this engine does not enforce {rule.kind} rules"
    if how.names is not None:
        left = [n for n in names_of(rule) if n not in how.names]
        if left:
            return f"this engine does not enforce it for {', '.join(repr(n) for n in left)}"
    defaults = type(rule).model_fields
    for name, what in how.ignores.items():
        if getattr(rule, name) != defaults[name].get_default(call_default_factory=True):
            return f"its {name} is not enforced: {what}"
    return how.check(rule) if how.check is not None else None


def describe(label: str, rule: SpecialRule) -> str:
    """A rule for a list: its label, kind and what it names, and its note or text."""
    names = names_of(rule)
    kind = f"{rule.kind} {', '.join(names)}" if names else rule.kind
    words = " ".join((getattr(rule, "text", "") or rule.note).split())
    if len(words) > QUOTED:
        words = words[: QUOTED - 1].rstrip() + "…"
    return f"{label} ({kind})" + (f' "{words}"' if words else "")


def not_enforced(
    scenario: Scenario, enforces: Mapping[str, Enforce], plays_missions: bool = False
) -> tuple[str, ...]:
    """Each special rule of ``scenario`` an engine that enforces ``enforces`` (and plays
    missions or not) does not enforce, in words: what it is and why not."""
    found = []
    for label, rule in special_rules(scenario):
        if label.startswith("mission") and not plays_missions:
            why: str | None = "this engine plays no missions, nor their special rules"
        else:
            why = why_not_enforced(rule, enforces)
        if why is not None:
            found.append(f"{describe(label, rule)}: not enforced: {why}")
    return tuple(found)
