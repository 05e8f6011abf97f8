"""Morale and Panic - Training and Experience [OP XVII] (option ``morale``, our name).

What the engine plays, by the book:

- Morale grades [OP XVII.A]: each Combat unit is Crack, Average or Poor. A force entry names
  its units' grade among its ``state`` words (``crack``, ``average``, ``poor``: "noted in the
  unit's identification box"); a side's default is a ``morale-crack`` / ``morale-average`` /
  ``morale-poor`` word in the scenario's ``rules.side_options`` for that side (our place for
  it, no schema change); else Average (our reading). A Bailed Out Crew unit has its Vehicle's
  grade (our reading). Rangers and Commandos "are Crack for Morale purposes" [OP V.C.1]: with
  the Special Infantry option (:mod:`rules.armor.optional.special_infantry`, where their
  other capabilities are played), the catalogue's ``morale: crack`` is their grade whatever
  the force entry or side says (the book's "are"), the log naming the rule.
- Initial Training and Experience [OP XVII.I]: Crack adds 3 to the AP Base Modifier, Poor
  subtracts 3; Poor subtracts 10 from the GP dice roll. The book prints "subtract 10 for Poor
  units" under CRACK too and flags it as a misprint for Crack; our reading: Crack adds 10 to
  the GP dice roll (the mirror of Poor, as the AP modifiers are), marked as a placeholder.
- Panic Morale Checks [OP XVII.B] on the Morale Tables' numbers (Game Card, "Morale Tables
  (OP)"): after a unit's first Suppressed result of the Turn and after it Bails Out; a d100
  in the modified range panics it: its orders are "P" [B.3], which cancel what was plotted.
  Units inside Pillbox and Bunker units, Rangers and Commandos are never Suppressed, so never
  check for it [B.4] (:func:`rules.armor.turn.damage`). Modifiers: -10 per HQ in Command
  Range [B.2.a] (:func:`hqs_in_range`); Terrain Cover [B.2.b]; Formation units Knocked Out or
  panicked [B.2.c]; other Formations all Knocked Out or panicked [B.2.d], by the force
  entries' ``formation``. The HQs are those of Organization and Command Control
  (:mod:`rules.armor.optional.command`, option ``command-control``): the side's Player HQ
  now, for any of its units ("commanded by the player with the Player Headquarters"), and
  its Formation's HQ; each one on the map, not Bailed Out, in the unit's hex or adjacent
  ("Command Range is one hex"), other than the unit itself, counted once (our readings: the
  HQs of a game without that option are none; an HQ does not steady itself).
- Rally Morale Checks in a Rally Morale Phase that opens each Turn [OP XVII.D; Sequence of
  Play Using All Options 1], the modifiers reversed [D.2].
- Aces [OP XVII.G]: five Knock Outs by fire or combat make an Ace: its grade one step better
  [G.2] and its Morale Checks and fire rolls rolled twice, the better for its owner kept (our
  reading of "the player can ... choose": the engine chooses for every player; both logged).
  Not yet: Knock Outs in Overrun Combat credited (rules/armor/overrun.py passes no firer);
  an Ace's other rolls (hit location, Bail Out) rolled once.
- Panic Movement [OP XVII.C]: :mod:`rules.armor.optional.panic`.
- Voluntary Panic [OP XVII.E]: the action ``panic UNIT`` in the Order Plot Phase gives the
  unit "P" orders (:class:`rules.armor.orders.Panic`).
- Not played: Earning Morale grade between games [OP XVII.H].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.armor.optional import MORALE, SPECIAL, card_value, in_use
from rules.armor.orders import Panic
from rules.engine.actions import Action
from rules.engine.events import Event, Modifier
from rules.engine.sequence import Phase, Segment

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

CRACK, AVERAGE, POOR = "crack", "average", "poor"
#: Poorest to best: an Ace's grade is one step up [OP XVII.G.2].
GRADES: tuple[str, ...] = (POOR, AVERAGE, CRACK)
NAMES = {CRACK: "Crack", AVERAGE: "Average", POOR: "Poor"}
TABLES = "Morale Tables (OP)"
#: "Panic Morale ... Crack 01-20; Average 01-40; Poor 01-60" (source: Armor [Game Card,
#: Morale Tables (OP)]; the Crack range also in [OP XVII.B.1]).
PANIC: dict[str, int] = {CRACK: 20, AVERAGE: 40, POOR: 60}
#: "Rally Morale ... Crack 01-70; Average 01-50; Poor 01-30" (source: Armor [Game Card,
#: Morale Tables (OP)]).
RALLY: dict[str, int] = {CRACK: 70, AVERAGE: 50, POOR: 30}
#: The Knock Outs that make an Ace [OP XVII.G.1].
ACE_KILLS = 5

AP_RULE = "[OP XVII.I.1]"
CRACK_GP_PLACEHOLDER = (
    'our reading of [OP XVII.I.1], printed "subtract 10 ... for Poor units" under CRACK and '
    "flagged as a misprint: Crack adds 10 to the GP dice roll, the mirror of Poor's -10"
)

SEGMENT = "rally-morale"
PHASE = Phase(
    "rally-morale",
    "The Rally Morale Phase",
    "Armor [OP XVII.D; Sequence of Play Using All Options 1]",
    (
        Segment(
            SEGMENT,
            "Rally Morale is checked for all panicked units; each that fails keeps its 'P'",
            "engine",
            "Armor [OP XVII.D]",
        ),
    ),
)


@dataclass(frozen=True)
class MoraleCheck(Event):
    """A Panic or Rally Morale Check [OP XVII.B; XVII.D]: the unit, its grade, the table's
    range, each modifier, the modified range, the roll (an Ace's two rolls) and what came of
    it."""

    kind: ClassVar[str] = "armor-morale-check"
    unit: str
    check: str  # "Panic" or "Rally"
    why: str
    grade: str
    base: int
    modifiers: tuple[Modifier, ...]
    modified: int
    roll: int
    rolls: tuple[int, ...]
    outcome: str
    rule: str

    def describe(self) -> str:
        mods = "".join(f", {m.what} {m.value:+d} {m.rule}" for m in self.modifiers)
        rolled = f"roll {self.roll:02d}"
        if len(self.rolls) > 1:
            rolled += (
                f" (an Ace: rolled {' and '.join(f'{r:02d}' for r in self.rolls)}) [OP XVII.G.3]"
            )
        return (
            f"{self.check} Morale Check for {self.unit} ({self.why}): {self.grade} 01-"
            f"{self.base:02d}{mods}: 01-{max(self.modified, 0):02d}, {rolled}: {self.outcome} "
            f"{self.rule}"
        )


@dataclass(frozen=True)
class MoraleNote(Event):
    """A change of Morale: a unit becomes an Ace [OP XVII.G], a panicked unit's orders [OP
    XVII.B.3; XVII.C]."""

    kind: ClassVar[str] = "armor-morale"
    unit: str
    change: str
    rule: str

    def describe(self) -> str:
        return f"{self.unit}: {self.change} {self.rule}"


def plays(state: ArmorState) -> bool:
    return in_use(state.game, MORALE)


def sequence(phases: tuple[Phase, ...], game_options: list[str]) -> tuple[Phase, ...]:
    """The Sequence of Play with the Rally Morale Phase first, with the option [OP XVII.D;
    Sequence of Play Using All Options 1]."""
    return (PHASE, *phases) if MORALE in game_options else phases


# --- grades [OP XVII.A; XVII.G.2] -----------------------------------------------------------


def card_grade(state: ArmorState, unit: str) -> str | None:
    """The grade the unit's card gives it, or None: Rangers and Commandos "are Crack for Morale
    purposes" [OP V.C.1] (the catalogue's ``morale``), with the Special Infantry option."""
    if not in_use(state.game, SPECIAL):
        return None
    spec = state.game.units[unit]
    found = card_value(state.game.units[spec.crew_of or unit].type_id, "morale")
    return str(found) if found in GRADES else None


def initial_grade(state: ArmorState, unit: str) -> str:
    """The grade the scenario gives ``unit`` [OP XVII.A]: a Ranger's or Commando's card's
    Crack [OP V.C.1] (:func:`card_grade`), else its force entry's word, else its side's
    ``morale-<grade>`` in ``rules.side_options``, else Average (our reading)."""
    spec = state.game.units[unit]
    card = card_grade(state, unit)
    if card is not None:
        return card
    source = spec.crew_of or unit  # a Bailed Out Crew: its Vehicle's (our reading)
    words = {w.lower() for w in state.game.deployment.marks.get(source, ())}
    for g in GRADES:
        if g in words:
            return g
    chosen = state.game.scenario.rules.side_options.get(spec.side, [])
    for g in GRADES:
        if f"morale-{g}" in chosen:
            return g
    return AVERAGE


def is_ace(state: ArmorState, unit: str) -> bool:
    """Five or more Knock Outs [OP XVII.G.1]."""
    return plays(state) and state.morale.kills.get(unit, 0) >= ACE_KILLS


def grade(state: ArmorState, unit: str) -> str:
    """The unit's Morale grade: the scenario's, one step better for an Ace [OP XVII.G.2]."""
    found = initial_grade(state, unit)
    if is_ace(state, unit):
        return GRADES[min(GRADES.index(found) + 1, len(GRADES) - 1)]
    return found


# --- Initial Training and Experience [OP XVII.I] ---------------------------------------------


def ap_modifier(state: ArmorState, firer: str) -> Modifier | None:
    """Crack +3, Poor -3 to the AP Base Modifier [OP XVII.I.1; XVII.I.3], with the option."""
    if not plays(state):
        return None
    g = grade(state, firer)
    if g == CRACK:
        return Modifier("Crack firer", 3, AP_RULE + _card_rule(state, firer))
    if g == POOR:
        return Modifier("Poor firer", -3, "[OP XVII.I.3]")
    return None


def gp_modifier(state: ArmorState, firer: str) -> Modifier | None:
    """Poor -10 to the GP dice roll [OP XVII.I.3]; Crack +10 (our reading of the misprint
    [OP XVII.I.1], a placeholder)."""
    if not plays(state):
        return None
    g = grade(state, firer)
    if g == CRACK:
        rule = AP_RULE + _card_rule(state, firer)
        return Modifier("Crack firer (our reading)", 10, rule, placeholder=CRACK_GP_PLACEHOLDER)
    if g == POOR:
        return Modifier("Poor firer", -10, "[OP XVII.I.3]")
    return None


def _card_rule(state: ArmorState, unit: str) -> str:
    """ " [OP V.C.1]" when the unit's grade is its card's (a Ranger or Commando), else ""."""
    return " [OP V.C.1]" if card_grade(state, unit) is not None else ""


# --- Panic and Rally Morale Checks [OP XVII.B; XVII.D] ---------------------------------------


def _out(state: ArmorState, unit: str) -> bool:
    """Knocked Out or currently panicked [OP XVII.B.2.c-d]."""
    gone = unit in state.damage.knocked_out or unit in state.damage.eliminated
    return gone or unit in state.morale.panicked


def modifiers(state: ArmorState, unit: str, rally: bool = False) -> list[Modifier]:
    """The Panic and Rally Modifiers that apply [OP XVII.B.2]; reversed for a Rally Morale
    Check [OP XVII.D.2]."""
    from rules.armor.gp import CLEAR_DEFENSE, defense

    sign, where = (-1, "D.2; ") if rally else (1, "")
    spec = state.game.units[unit]
    found: list[Modifier] = []
    hqs = hqs_in_range(state, unit)
    if hqs:
        what = f"{len(hqs)} HQ(s) in Command Range: {', '.join(hqs)}"
        found.append(Modifier(what, -10 * len(hqs) * sign, f"[OP XVII.{where}B.2.a]"))
    if not spec.vehicle and defense(state, unit, False).value > CLEAR_DEFENSE:
        found.append(Modifier("Terrain Cover", -10 * sign, f"[OP XVII.{where}B.2.b]"))
    formations = state.game.deployment.formations
    mine = formations.get(spec.crew_of or unit)
    side = {u: f for u, f in formations.items() if state.game.units[u].side == spec.side}
    if mine is not None:
        lost = [u for u, f in side.items() if f == mine and u != (spec.crew_of or unit)]
        lost = [u for u in lost if _out(state, u)]
        if lost:
            what = f"{len(lost)} Formation unit(s) Knocked Out or panicked"
            found.append(Modifier(what, 10 * len(lost) * sign, f"[OP XVII.{where}B.2.c]"))
    others = sorted({f for f in side.values() if f != mine})
    broken = [f for f in others if all(_out(state, u) for u, g in side.items() if g == f)]
    if broken:
        what = f"other Formation(s) Knocked Out or panicked: {', '.join(broken)}"
        found.append(Modifier(what, 10 * len(broken) * sign, f"[OP XVII.{where}B.2.d]"))
    return found


def hqs_in_range(state: ArmorState, unit: str) -> list[str]:
    """The HQs in Command Range of ``unit`` [OP XVII.B.2.a]: "Command Range is one hex. For each
    HQ (Player or Formation) in the hex with or adjacent to the unit being checked ... the
    Combat unit must be in the Formation HQ unit's Formation or commanded by the player with
    the Player Headquarters": its side's Player HQ now and its Formation's HQ (Organization
    and Command Control [OP XIV.A; B.3], with that option), on the map and not Bailed Out,
    other than the unit (our reading), each once."""
    from rules.armor.optional import command

    if not command.plays(state) or unit not in state.troops.hexes:
        return []
    spec = state.game.units[unit]
    org = command.organization(state.game)
    here = state.troops.hexes[unit]
    mine = org.formation.get(spec.crew_of or unit)
    named = [command.player_hq(state, spec.side), org.hq_of.get(mine) if mine else None]
    found: list[str] = []
    for hq in named:
        if hq is None or hq in found or hq in (unit, spec.crew_of):
            continue
        at = state.troops.hexes.get(hq)
        if at is not None and hq not in state.troops.abandoned and at.distance(here) <= 1:
            found.append(hq)
    return found


def roll(state: ArmorState, unit: str, purpose: str, low: bool) -> tuple[int, tuple[int, ...]]:
    """A d100 for ``unit``: an Ace's rolled twice, the better for its owner kept (``low``: the
    lower is better) [OP XVII.G.3] (our reading: the engine chooses for the player)."""
    first = state.roll(purpose, 100)
    if not is_ace(state, unit):
        return first, (first,)
    second = state.roll(f"{purpose}: an Ace's second roll [OP XVII.G.3]", 100)
    kept = (min if low else max)(first, second)
    what = f"an Ace: {purpose} rolled {first:02d} and {second:02d}, {kept:02d} kept (our reading)"
    state.emit(MoraleNote(unit, what, "[OP XVII.G.3]"))
    return kept, (first, second)


def _check(state: ArmorState, unit: str, why: str, rally: bool) -> bool:
    """One Morale Check; True when the roll falls in the modified range."""
    g = grade(state, unit)
    base = (RALLY if rally else PANIC)[g]
    mods = modifiers(state, unit, rally)
    modified = base + sum(m.value for m in mods)
    check = "Rally" if rally else "Panic"
    got, rolls = roll(state, unit, f"{check} Morale Check {unit}", low=rally)
    hit = got <= modified
    if rally:
        outcome = "rallied: orders plotted normally" if hit else "remains panicked: 'P'"
        rule = f"[OP XVII.D; {TABLES}]"
    else:
        outcome = "panicked: its orders are 'P'" if hit else "no effect"
        rule = f"[OP XVII.B; {TABLES}]"
    name = NAMES[g] + (" (an Ace [OP XVII.G.2])" if is_ace(state, unit) else "")
    if card_grade(state, unit) is not None:
        name += " (a Ranger or Commando: Crack for Morale purposes [OP V.C.1])"
    state.emit(MoraleCheck(unit, check, why, name, base, tuple(mods), modified, got, rolls,
                           outcome, rule))  # fmt: skip
    return hit


def panic(state: ArmorState, unit: str, rule: str, why: str = "panicked") -> None:
    """The unit is panicked: "P" is its order for this Turn, cancelling and superseding all
    others, Suppressed included [OP XVII.B.3], and every Turn until it rallies [OP XVII.C]."""
    state.morale.panicked.add(unit)
    side = state.game.units[unit].side
    if state.execution.mover != unit:  # a unit stopped by Opportunity Fire stays stopped
        state.sheets.orders[side].pop(unit, None)
    state.damage.suppressed.pop(unit, None)  # "P" supersedes "S" [OP XVII.B.3]
    state.sheets.options, state.sheets.foci = {}, {}
    state.emit(MoraleNote(unit, f"{why}: its orders are 'P' until it rallies", rule))


def panic_check(state: ArmorState, unit: str, why: str) -> None:
    """A Panic Morale Check [OP XVII.B], with the option, for a unit on the map and not
    already panicked."""
    if not plays(state) or unit in state.morale.panicked or unit not in state.troops.hexes:
        return
    if _check(state, unit, why, rally=False):
        panic(state, unit, "[OP XVII.B.3]")


def suppressed(state: ArmorState, unit: str) -> None:
    """A Suppressed result: a Panic Morale Check "the first time it is Suppressed during the
    Turn" [OP XVII.B]."""
    if not plays(state) or state.morale.checked.get(unit) == state.play.turn:
        return
    state.morale.checked[unit] = state.play.turn
    panic_check(state, unit, "Suppressed")


def bailed_out(state: ArmorState, unit: str) -> None:
    """A unit that Bails Out checks Panic Morale [OP XVII.B]."""
    panic_check(state, unit, "Bailed Out")


def rally_phase(state: ArmorState) -> None:
    """The Rally Morale Phase [OP XVII.D]: a Rally Morale Check for each panicked unit on
    the mapboard; those that fail keep "P" for the Turn."""
    for unit in sorted(state.morale.panicked):
        if unit not in state.troops.hexes:
            state.morale.panicked.discard(unit)  # Knocked Out meanwhile
            continue
        if _check(state, unit, "Rally Morale Phase", rally=True):
            state.morale.panicked.discard(unit)
    state.sheets.options, state.sheets.foci = {}, {}


def why_not_order(state: ArmorState, unit: str) -> str | None:
    """A panicked unit has "P" for its orders [OP XVII.B.3; XVII.C]."""
    if unit in state.morale.panicked:
        return f"{unit} is panicked: its orders are 'P' until it rallies [OP XVII.B.3; XVII.C]"
    return None


# --- Aces [OP XVII.G] ------------------------------------------------------------------------


def knocked_out(state: ArmorState, unit: str, by: str | None) -> None:
    """``by`` Knocked Out the enemy ``unit`` by fire or combat: one mark above its column; the
    fifth makes it an Ace [OP XVII.G.1-2]."""
    if not plays(state) or by is None or by not in state.game.units:
        return
    if state.game.units[by].side == state.game.units[unit].side:
        return
    state.morale.kills[by] = state.morale.kills.get(by, 0) + 1
    if state.morale.kills[by] == ACE_KILLS:
        better = NAMES[grade(state, by)]
        state.emit(MoraleNote(by, f"five Knock Outs: an Ace, its Morale grade now {better}, "
                              "each of its rolls rolled twice", "[OP XVII.G.1-3]"))  # fmt: skip


# --- Voluntary Panic [OP XVII.E] -------------------------------------------------------------


def why_not_voluntary(state: ArmorState, unit: str) -> str | None:
    """Why ``unit`` may not be given Panic orders now [OP XVII.E], or None."""
    if not plays(state):
        return "Voluntary Panic is part of an Optional Rule the scenario does not use [OP XVII]"
    if state.segment.id != "plot":
        return "Panic orders are plotted in the Order Plot [OP XVII.E; AG V]"
    spec = state.game.units.get(unit)
    if spec is None or unit not in state.troops.hexes:
        return f"no unit '{unit}' on the map"
    if spec.side not in state.to_act():
        return f"{spec.side} may not act now"
    if unit in state.morale.panicked:
        return f"{unit} is panicked already [OP XVII.B.3]"
    return None


def voluntary_options(state: ArmorState, side: str) -> list[Action]:
    """A Panic order for each of ``side``'s units that may be given one [OP XVII.E]."""
    if not plays(state):
        return []
    return [
        Panic(u)
        for u in state.alive(side)
        if u not in state.sheets.orders[side] and why_not_voluntary(state, u) is None
    ]
