"""Organization and Command Control [OP XIV] (option ``command-control``) with Radio Jamming
[OP XIV.C] (option ``radio-jamming``).

What the engine plays, by the book:

- Formations [OP XIV.A]: the order of battle's ``formation`` of each force entry (the line
  drawn on the Command Sheet [A.4]). A Formation's Headquarters is the unit of an entry whose
  ``state`` words hold ``hq`` (the "HQ" in its identification box [A.4]); the Player
  Headquarters the one whose words hold ``player-hq`` (the circled "HQ" [A.4]); of an entry
  of several counters, its first (our reading). Unnamed, our reading: a Formation's HQ is its
  first unit with a Radio (else its first unit), the Player HQ the side's first unit with a
  Radio (else its first unit), in the order of battle. Units of no Formation have no HQ.
- Radios [Intro IV RADIO]: the Data Card's ``radio``: "yes", "no", or the share of the units
  of the type with one ("4/10"): our reading, the side's counters of the type by number, the
  first of each share (1/10: the 1st, 11th...). An entry's ``radio`` / ``no-radio`` word
  overrides; a Bailed Out Crew unit has none [ADV IX.A.3.b].
- Command Control [OP XIV.B.1], determined at the start of each Order Plot Phase ("before
  plotting orders" [Sequence of Play Using All Options 3]): the units in or adjacent to the
  Player HQ's hex; the units of its Formation adjacent to an HQ adjacent to the Player HQ
  [B.1; B.1.a]; with a Radio at the Player HQ, every unit with a Radio it has a clear Line of
  Sight to [B.1; B.1.b], and the units of its Formation adjacent to an HQ so linked [B.1];
  an HQ with a Radio in Command Control controls the units with Radios of its Formation it
  has a clear Line of Sight to [B.1.c]. A blocked Line of Sight (terrain, or a Fire's smoke
  [OP XI.D]) breaks a radio link [B.1.b]; Radio range is unlimited (our reading: the book
  gives none). Shown to the player in a log note (its own side's) and on its counters:
  ``PHQ``, ``HQ``, ``NC`` (not in Command Control).
- Units out of Command Control [OP XIV.B.2]: orders that do not enter a new hex are plotted
  normally; an order that enters one needs the next Turn's orders written with it
  (``order UNIT 2R1 then F``): a movement notation, exact [B.2.b], "F" or "N" (Direct or
  Opportunity Fire, the target filled in during that Turn's Order Plot [B.2.b]) or "-" (no
  orders, our reading). Next Turn the unit may be plotted only those orders unless it is in
  Command Control again, when they are erased [B.2.a] (our reading: always erased, as the
  player may plot them again); the side may not finish its plot without a bound move that is
  still possible (one that is not leaves the unit without orders, our reading). The engine
  offers each such move with "then -" and "then F" (our reading of how it asks); any other
  may be written.
- Player HQ Knocked Out [OP XIV.B.3] (off the map, or its crew Bailed Out: our reading): all
  the side's units are out of Command Control for the next two Turns; after that the player
  selects a new Player HQ among its units on the map, ``player-hq UNIT``, in the Order Plot
  before plotting any order (our reading), and Command Control is determined again.
- Radio Jamming [OP XIV.C]: a side that bought Radio Jamming Equipment (the purchase
  ``RADIO-JAMMING``, 20 Points [C.1], priced by :mod:`rules.armor.pointbuy`) attempts to Jam
  one enemy frequency each Turn at the start of the Order Plot Phase [C.2]: a Formation's
  (its HQ's radio links to its units [B.1.c]) or the Player HQ's (its radio links to every
  other unit [B.1]). A d100 in the Radio Jamming Table's range (Type of Attempt x the
  target's nationality [C.2.b]) Jams it for that Turn only. Our reading: the engine chooses
  the frequency for every player: the one whose Jamming would put the most enemy units out
  of Command Control (ties: the Player HQ's, then Formations by name).
- Not played: Spotting units' frequencies [C.2] (the Artillery option's Spotting has no
  frequency here); the Multi-Player Rules [OP XVI]. The -10 per HQ in Command Range of Panic
  Morale Checks [OP XVII.B.2.a] reads these HQs (:func:`rules.armor.optional.morale.hqs_in_range`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Any, ClassVar
from weakref import WeakKeyDictionary

from pydantic import Field

from model.base import StrictModel
from rules.armor.optional import COMMAND, JAMMING, card_value, in_use
from rules.armor.orders import Order
from rules.engine.actions import Action, WordsAction
from rules.engine.errors import UnsupportedGameError
from rules.engine.events import Event
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.records.position import PositionReader

PLAYER_HQ, HQ, RADIO, NO_RADIO = "player-hq", "hq", "radio", "no-radio"
#: The Player HQ's frequency, in a jammed frequency's key ``side:player-hq``.
PLAYER_FREQUENCY = "player-hq"
JAMMING_ITEM = "RADIO-JAMMING"
TABLE = "radio-jamming"
#: Next Turn's orders the engine offers with a move out of Command Control [OP XIV.B.2].
OFFERED_AHEAD = ("-", "F")


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Command(Record):
    """Command Control [OP XIV.B] and Radio Jamming [OP XIV.C] during play.

    Attributes:
        cc_out: each side's units out of Command Control this Turn [OP XIV.B.1-3].
        cc_jammed: the frequencies Jammed this Turn, ``side:player-hq`` or
            ``side:formation:NAME`` [OP XIV.C.2.b].
        cc_ahead: each unit's orders plotted in advance for the next Turn [OP XIV.B.2].
        cc_bound: each unit bound this Turn by its orders plotted in advance [OP XIV.B.2].
        cc_player_hq: each side's Player HQ chosen in play after a Knock Out [OP XIV.B.3].
        cc_lost: each side whose Player HQ was lost, with the Turn [OP XIV.B.3].
    """

    cc_out: dict[str, tuple[str, ...]] = state_field(default_factory=dict, encode=_unless_empty)
    cc_jammed: set[str] = state_field(default_factory=set, encode=_unless_empty)
    cc_ahead: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    cc_bound: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    cc_player_hq: dict[str, str] = state_field(default_factory=dict, encode=_unless_empty)
    cc_lost: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)


@dataclass(frozen=True)
class PlayerHeadquarters(WordsAction):
    """Select a new Player Headquarters among the side's units on the map, two Turns after
    the last was Knocked Out [OP XIV.B.3]."""

    verb: ClassVar[str] = "player-hq"
    words: ClassVar[tuple[str, ...]] = ("unit id",)
    usage: ClassVar[str] = "UNIT"
    unit: str


@dataclass(frozen=True)
class CommandNote(Event):
    """What Command Control made of a side or a unit [OP XIV]."""

    kind: ClassVar[str] = "armor-command-control"
    side: str
    text: str
    rule: str

    def describe(self) -> str:
        return f"{self.side}: {self.text} {self.rule}"


@dataclass(frozen=True)
class JamAttempt(Event):
    """An attempt to Jam an enemy radio frequency [OP XIV.C.2]."""

    kind: ClassVar[str] = "armor-radio-jamming"
    side: str
    frequency: str
    column: str
    range_high: int
    roll: int
    jammed: bool
    why: str

    def describe(self) -> str:
        result = "Jammed for this Turn" if self.jammed else "no effect"
        return (
            f"{self.side} attempts to Jam {self.frequency} ({self.why}): Radio Jamming Table, "
            f"{self.column}, 01-{self.range_high:02d}, roll {self.roll:02d}: {result} "
            "[OP XIV.C.2.b]"
        )


# --- organization [OP XIV.A] -----------------------------------------------------------------


@dataclass(frozen=True)
class Organization:
    """Who is whose Headquarters, and who has a Radio [OP XIV.A; Intro IV RADIO].

    Attributes:
        player_hq: each side's Player HQ at the start [OP XIV.A.4].
        hq_of: each Formation, ``(side, name)``, with its HQ [OP XIV.A.4].
        formation: each unit in a Formation, with it.
        radios: the units with a Radio.
        readings: what was decided where the scenario is silent (our readings), in words.
    """

    player_hq: dict[str, str]
    hq_of: dict[tuple[str, str], str]
    formation: dict[str, tuple[str, str]]
    radios: frozenset[str]
    readings: tuple[str, ...]


_ORGANIZATIONS: WeakKeyDictionary[ArmorGame, Organization] = WeakKeyDictionary()


def plays(state: ArmorState) -> bool:
    return in_use(state.game, COMMAND)


def check(game: ArmorGame) -> None:
    """Radio Jamming interrupts Command Control [OP XIV.C]: it needs that option too."""
    if in_use(game, JAMMING) and not in_use(game, COMMAND):
        raise UnsupportedGameError(
            f"'{JAMMING}' [OP XIV.C] interrupts Command Control: add '{COMMAND}' [OP XIV.B] "
            "to rules.options"
        )


def _has_radio(game: ArmorGame, unit: str) -> bool:
    """The Data Card's RADIO [Intro IV RADIO], or the entry's word (our reading for shares)."""
    spec = game.units[unit]
    if spec.crew_of is not None:
        return False  # Bailed Out Crew units have no Radio [ADV IX.A.3.b]
    words = {w.lower() for w in game.deployment.marks.get(unit, ())}
    if RADIO in words or "r" in words:  # "R" for a Radio [ADV III.B]
        return True
    if NO_RADIO in words:
        return False
    raw = card_value(spec.type_id, "radio")
    if isinstance(raw, bool):
        return raw
    text = str(raw or "no").strip().lower()
    if text in ("yes", "true"):
        return True
    if "/" not in text:
        return False
    try:
        share = Fraction(text)
        number = int(unit.rsplit(".", 1)[1])
    except (ValueError, ZeroDivisionError):
        return False
    return ceil(number * share) > ceil((number - 1) * share)


def organization(game: ArmorGame) -> Organization:
    """The sides' Formations, HQs and Radios, worked out once per game [OP XIV.A]."""
    found = _ORGANIZATIONS.get(game)
    if found is not None:
        return found
    dep = game.deployment
    order = [u.id for u in dep.units]
    radios = frozenset(u for u in game.units if _has_radio(game, u))
    words = {u: {w.lower() for w in dep.marks.get(u, ())} for u in order}
    formation = {u: (game.units[u].side, f) for u, f in dep.formations.items()}
    readings: list[str] = []
    player_hq: dict[str, str] = {}
    for side in game.sides:
        mine = [u for u in order if game.units[u].side == side]
        named = [u for u in mine if PLAYER_HQ in words[u]]
        if named:
            player_hq[side] = named[0]
        elif mine:
            player_hq[side] = next((u for u in mine if u in radios), mine[0])
            readings.append(
                f"{side}'s Player HQ is {player_hq[side]}: the scenario names none, so the "
                "first unit with a Radio in the order of battle (our reading)"
            )
    hq_of: dict[tuple[str, str], str] = {}
    for key in sorted(set(formation.values())):
        members = [u for u in order if formation.get(u) == key]
        named = [u for u in members if HQ in words[u]]
        if named:
            hq_of[key] = named[0]
        else:
            hq_of[key] = next((u for u in members if u in radios), members[0])
            readings.append(
                f"Formation {key[1]}'s HQ is {hq_of[key]}: none named, so its first unit "
                "with a Radio (our reading)"
            )
    found = Organization(player_hq, hq_of, formation, radios, tuple(readings))
    _ORGANIZATIONS[game] = found
    return found


def player_hq(state: ArmorState, side: str) -> str | None:
    """The side's Player HQ now: chosen in play after a Knock Out [OP XIV.B.3], else the
    order of battle's; None while the side has none."""
    if side in state.command.cc_lost:
        return None
    chosen = state.command.cc_player_hq.get(side)
    return chosen if chosen is not None else organization(state.game).player_hq.get(side)


def _frequency(side: str, formation: str | None) -> str:
    return f"{side}:{PLAYER_FREQUENCY}" if formation is None else f"{side}:formation:{formation}"


def _clear(state: ArmorState, a: str, b: str) -> bool:
    """A radio link: the Line of Sight between the two units not blocked [OP XIV.B.1.b]
    (terrain, a Fire's smoke [OP XI.D] or Smoke fired in play [OP IX.A.5]); adjacent hexes
    are always in sight [AG IV]."""
    from rules.armor.optional import blaze, smoke

    ha, hb = state.troops.hexes[a], state.troops.hexes[b]
    if ha.distance(hb) <= 1:
        return True
    if state.game.los(ha, hb).verdict == "blocked":
        return False
    return blaze.why_not_seen(state, ha, hb) is None and smoke.why_not_seen(state, ha, hb) is None


def _lost(state: ArmorState, unit: str) -> bool:
    return unit not in state.troops.hexes or unit in state.troops.abandoned


def in_control(state: ArmorState, side: str, jammed: set[str] | None = None) -> set[str]:
    """The side's units on the map in Command Control [OP XIV.B.1], with ``jammed``
    frequencies (the Turn's, by default) [OP XIV.C]."""
    jammed = state.command.cc_jammed if jammed is None else jammed
    org = organization(state.game)
    hq = player_hq(state, side)
    if hq is None or _lost(state, hq):
        return set()
    at = state.troops.hexes
    units = [u for u in state.alive(side) if u not in state.troops.abandoned]
    found = {u for u in units if at[u].distance(at[hq]) <= 1}  # [B.1]
    heads = {
        h: key
        for key, h in org.hq_of.items()
        if key[0] == side and h in at and h not in state.troops.abandoned
    }

    def formation_adjacent(h: str) -> set[str]:  # own Formation only [B.1.a]
        return {u for u in units if org.formation.get(u) == heads[h] and at[u].distance(at[h]) <= 1}

    for h in heads:
        if at[h].distance(at[hq]) <= 1:
            found |= formation_adjacent(h)  # an HQ adjacent to the Player HQ [B.1]
    if hq in org.radios and _frequency(side, None) not in jammed:
        linked = {u for u in units if u in org.radios and u != hq and _clear(state, hq, u)}
        found |= linked  # all other units with Radios [B.1; B.1.b]
        for h in heads:
            if h in linked:
                found |= formation_adjacent(h)  # an HQ in Radio Communication [B.1]
    for h, key in heads.items():
        if h in found and h in org.radios and _frequency(side, key[1]) not in jammed:
            found |= {  # its Formation's units with Radios, in sight [B.1.c]
                u
                for u in units
                if org.formation.get(u) == key and u in org.radios and _clear(state, h, u)
            }
    return found


# --- the start of the Order Plot Phase [OP XIV.B; XIV.C.2] -----------------------------------


def order_plot(state: ArmorState) -> None:
    """At the start of the Order Plot Phase: Player HQs lost [B.3], Jamming attempts [C.2],
    Command Control determined [B.1] and shown, orders plotted in advance bind or are erased
    [B.2]."""
    if not plays(state):
        return
    cmd, turn = state.command, state.play.turn
    cmd.cc_out, cmd.cc_jammed, cmd.cc_bound = {}, set(), {}
    for side in state.game.sides:
        hq = player_hq(state, side)
        held = hq is not None and hq in state.objectives.off_map
        if hq is not None and not held and _lost(state, hq):
            cmd.cc_lost[side] = turn - 1
            cmd.cc_player_hq.pop(side, None)
            state.emit(
                CommandNote(
                    side,
                    f"its Player HQ {hq} was Knocked Out: all its units out of Command Control "
                    f"for Turns {turn} and {turn + 1}, then a new Player HQ is selected",
                    "[OP XIV.B.3]",
                )
            )
    if in_use(state.game, JAMMING):
        for side in state.game.sides:
            _jam(state, side)
    for side in state.game.sides:
        determine(state, side)
    for unit, text in sorted(cmd.cc_ahead.items()):
        spec = state.game.units[unit]
        if unit not in state.troops.hexes:
            continue
        if unit not in cmd.cc_out.get(spec.side, ()):
            what = f"{unit} is in Command Control: its orders plotted in advance ({text}) erased"
            state.emit(CommandNote(spec.side, what, "[OP XIV.B.2.a]", private_to=spec.side))
            continue
        cmd.cc_bound[unit] = text
        what = f"{unit} is out of Command Control: bound by its orders plotted in advance, {text}"
        state.emit(CommandNote(spec.side, what, "[OP XIV.B.2]", private_to=spec.side))
    cmd.cc_ahead = {}


def determine(state: ArmorState, side: str) -> None:
    """Command Control of ``side``'s units this Turn [OP XIV.B.1; B.3], noted to the side."""
    cmd = state.command
    lost = cmd.cc_lost.get(side)
    units = [u for u in state.alive(side) if u not in state.troops.abandoned]
    if lost is not None:
        cmd.cc_out[side] = tuple(sorted(units))
        if state.play.turn <= lost + 2:
            what = f"no Player HQ: all {len(units)} units out of Command Control (two Turns)"
        else:
            what = (
                f"no Player HQ: all {len(units)} units out of Command Control until it selects "
                "a new one"
            )
        state.emit(CommandNote(side, what, "[OP XIV.B.3]", private_to=side))
        return
    control = in_control(state, side)
    out = tuple(sorted(u for u in units if u not in control))
    cmd.cc_out[side] = out
    hq = player_hq(state, side)
    readings = [r for r in organization(state.game).readings if r.startswith(f"{side}'s")]
    if state.play.turn == 1 and readings:
        state.emit(CommandNote(side, readings[0], "[OP XIV.A.4]", private_to=side))
    listed = ", ".join(out) if out else "none"
    what = (
        f"Command Control from Player HQ {hq}: {len(units) - len(out)} of {len(units)} units; "
        f"out of Command Control: {listed}"
    )
    state.emit(CommandNote(side, what, "[OP XIV.B.1]", private_to=side))


def equipped(state: ArmorState, side: str) -> bool:
    """The side bought Radio Jamming Equipment before the game [OP XIV.C.1]."""
    spec = next(s for s in state.game.scenario.sides if s.id == side)
    return any(p.item.upper() == JAMMING_ITEM for p in spec.purchases)


def jamming_range(target_nation: str, player: bool) -> tuple[str, int]:
    """The Radio Jamming Table's column and highest number [GC2 Radio Jamming Table;
    OP XIV.C.2.b]."""
    from rules.armor.cards import cell

    column = "Vs. German" if target_nation == "germany" else "Vs. Allies"
    found = cell(TABLE, "Player HQ" if player else "Formation", column)
    return column, int(str(found.value).split("-")[-1])


def _jam(state: ArmorState, side: str) -> None:
    """One attempt to Jam an enemy frequency [OP XIV.C.2]; the engine chooses which for the
    player (our reading: the one that would put the most enemy units out of Command
    Control)."""
    if not equipped(state, side):
        return
    enemy = next(s for s in state.game.sides if s != side)
    hq = player_hq(state, enemy)
    if hq is None or _lost(state, hq):
        return
    org = organization(state.game)
    base = in_control(state, enemy, set())
    names: list[str | None] = [None]
    names += sorted({k[1] for k, h in org.hq_of.items() if k[0] == enemy and h in base})
    best: tuple[int, str | None] = (-1, None)
    for name in names:
        loss = len(base - in_control(state, enemy, {_frequency(enemy, name)}))
        if loss > best[0]:
            best = (loss, name)
    loss, name = best
    column, high = jamming_range(state.game.nation[enemy], name is None)
    what = "Player HQ frequency" if name is None else f"Formation {name} frequency"
    roll = state.roll(f"Radio Jamming by {side} [OP XIV.C.2]", 100)
    jammed = roll <= high
    if jammed:
        state.command.cc_jammed.add(_frequency(enemy, name))
    why = f"the engine's choice for {side}: {loss} unit(s) would lose Command Control (our reading)"
    state.emit(JamAttempt(side, f"{enemy}'s {what}", column, high, roll, jammed, why))


# --- the orders of units out of Command Control [OP XIV.B.2] --------------------------------


def enters(order: Order) -> bool:
    """The order makes the unit enter a new hex [OP XIV.B.2]."""
    return any(s in "FB" for s in order.steps)


def _matches(order: Order, bound: str) -> bool:
    """The order is the one plotted in advance [OP XIV.B.2; B.2.b]."""
    bare = replace(order, ahead=None)
    if bound == "F":
        return bare.fire is not None and not bare.moves and bare.opportunity is None
    if bound == "N":
        return bare == Order(order.unit, opportunity=bare.opportunity) and bool(bare.opportunity)
    if bound == "-":
        return False
    return bare == Order(order.unit, moves=bound)


def why_not_order(state: ArmorState, order: Order) -> str | None:
    """Why the order may not be plotted under Command Control [OP XIV.B.2], or None."""
    if not plays(state):
        return (
            "orders in advance are plotted with Command Control [OP XIV.B.2]"
            if (order.ahead)
            else None
        )
    cmd, unit = state.command, order.unit
    bound = cmd.cc_bound.get(unit)
    if bound is not None and not _matches(order, bound):
        return (
            f"{unit} is out of Command Control and bound by its orders plotted in advance "
            f"last Turn, '{bound}' [OP XIV.B.2]"
        )
    out = unit in cmd.cc_out.get(state.game.units[unit].side, ())
    if not enters(order):
        if order.ahead:
            return "orders in advance go with a movement order that enters a new hex [OP XIV.B.2]"
        return None
    if not out and order.ahead:
        return f"{unit} is in Command Control: its orders are plotted normally [OP XIV.B.2]"
    if out and not order.ahead:
        return (
            f"{unit} is out of Command Control: an order to move into a new hex needs the next "
            "Turn's orders written with it ('then' a movement notation, F, N or -) [OP XIV.B.2]"
        )
    return None


def options(state: ArmorState, unit: str, found: list[Action]) -> list[Action]:
    """The unit's legal orders under Command Control [OP XIV.B.2]: bound by orders plotted in
    advance, only those; out of Command Control, each move into a new hex with "then -" and
    "then F" (our reading of how the engine asks)."""
    if not plays(state):
        return found
    cmd = state.command
    bound = cmd.cc_bound.get(unit)
    if bound is not None:
        found = [a for a in found if isinstance(a, Order) and _matches(a, bound)]
        exact = _bound_order(state, unit)
        if exact is not None and not found:
            found = [exact]  # as written, where the offered notation differs
    if unit not in cmd.cc_out.get(state.game.units[unit].side, ()):
        return found
    asked: list[Action] = []
    for a in found:
        if isinstance(a, Order) and enters(a) and not a.ahead:
            asked.extend(replace(a, ahead=text) for text in OFFERED_AHEAD)
        else:
            asked.append(a)
    return asked


def _bound_order(state: ArmorState, unit: str) -> Order | None:
    """The movement order ``unit`` is bound to this Turn, when it may be plotted now (with
    no orders in advance, or "-" where it needs them) [OP XIV.B.2]."""
    bound = state.command.cc_bound.get(unit)
    if bound is None or bound in ("-", "F", "N"):
        return None
    from rules.armor.plot import why_not_order as plot_why_not

    for ahead in (None, "-"):
        order = Order(unit, moves=bound, ahead=ahead)
        if plot_why_not(state, order) is None:
            return order
    return None


def unplotted(state: ArmorState, side: str) -> list[str]:
    """The side's units bound to a movement order plotted in advance that may be plotted
    and is not yet: the side may not finish its plot without them [OP XIV.B.2]."""
    if not plays(state):
        return []
    orders = state.sheets.orders[side]
    return [
        u
        for u in sorted(state.command.cc_bound)
        if state.game.units[u].side == side
        and u not in orders
        and u in state.troops.hexes
        and _bound_order(state, u) is not None
    ]


def why_not_done(state: ArmorState, side: str) -> str | None:
    """A side finishes its Order Plot only once its units bound to movement orders plotted in
    advance have them written [OP XIV.B.2]."""
    left = unplotted(state, side)
    if not left:
        return None
    return (
        f"{', '.join(left)} must be plotted the movement orders plotted in advance last Turn "
        "[OP XIV.B.2]"
    )


def plotted(state: ArmorState, order: Order) -> None:
    """An order written: its orders in advance kept for the next Turn [OP XIV.B.2]."""
    if order.ahead and plays(state):
        state.command.cc_ahead[order.unit] = order.ahead


# --- a new Player HQ [OP XIV.B.3] ------------------------------------------------------------


def why_not_choice(state: ArmorState, action: PlayerHeadquarters) -> str | None:
    """Why ``action`` may not select the new Player HQ now [OP XIV.B.3], or None."""
    if not plays(state):
        return "Command Control is an Optional Rule the scenario does not use [OP XIV]"
    spec = state.game.units.get(action.unit)
    if spec is None or action.unit not in state.troops.hexes:
        return f"no unit '{action.unit}' on the map"
    side = spec.side
    if state.segment.id != "plot" or side not in state.to_act():
        return "a new Player HQ is selected in the Order Plot [OP XIV.B.3]"
    lost = state.command.cc_lost.get(side)
    if lost is None:
        return f"{side} has its Player HQ [OP XIV.B.3]"
    if state.play.turn <= lost + 2:
        return f"{side}'s units are out of Command Control until Turn {lost + 3} [OP XIV.B.3]"
    if state.sheets.orders[side]:
        return "a new Player HQ is selected before orders are plotted (our reading) [OP XIV.B.3]"
    if action.unit in state.troops.abandoned:
        return f"{action.unit}'s crew has Bailed Out [ADV IX.A.3]"
    return None


def choices(state: ArmorState, side: str) -> list[Action]:
    """Each unit that may become the new Player HQ [OP XIV.B.3], those with a Radio first,
    then by the most own units in or adjacent to their hex."""
    if not plays(state) or side not in state.command.cc_lost:
        return []
    org, at = organization(state.game), state.troops.hexes
    mine = state.alive(side)
    found = [u for u in mine if why_not_choice(state, PlayerHeadquarters(u)) is None]
    found.sort(
        key=lambda u: (u not in org.radios, -sum(at[v].distance(at[u]) <= 1 for v in mine), u)
    )
    return [PlayerHeadquarters(u) for u in found]


def choose(state: ArmorState, action: PlayerHeadquarters) -> None:
    """The new Player HQ: Command Control resumes, determined at once [OP XIV.B.3]."""
    side = state.game.units[action.unit].side
    state.command.cc_lost.pop(side, None)
    state.command.cc_player_hq[side] = action.unit
    state.emit(CommandNote(side, f"selects {action.unit} as its new Player HQ", "[OP XIV.B.3]"))
    determine(state, side)
    state.sheets.options = {}


# --- shown to the player ---------------------------------------------------------------------


def marks(state: ArmorState, unit: str) -> list[str]:
    """The counter's Command Control markers: ``PHQ`` the Player HQ, ``HQ`` a Formation's,
    ``NC`` not in Command Control this Turn [OP XIV.A.4; B.1]."""
    if not plays(state):
        return []
    spec, org = state.game.units[unit], organization(state.game)
    found = []
    if player_hq(state, spec.side) == unit:
        found.append("PHQ")
    elif unit in org.hq_of.values():
        found.append("HQ")
    if unit in state.command.cc_out.get(spec.side, ()):
        found.append("NC")
    return found


# --- position files --------------------------------------------------------------------------


class CommandState(StrictModel):
    """:class:`Command` in a position file [OP XIV.B-C]."""

    out: dict[str, list[str]] = Field(default_factory=dict)
    jammed: list[str] = Field(default_factory=list)
    ahead: dict[str, str] = Field(default_factory=dict)
    bound: dict[str, str] = Field(default_factory=dict)
    player_hq: dict[str, str] = Field(default_factory=dict)
    lost: dict[str, int] = Field(default_factory=dict)


def command_of(state: ArmorState) -> CommandState | None:
    kept = state.command
    if kept.snapshot() == {}:
        return None
    return CommandState(
        out={s: list(u) for s, u in sorted(kept.cc_out.items())},
        jammed=sorted(kept.cc_jammed),
        ahead=dict(sorted(kept.cc_ahead.items())),
        bound=dict(sorted(kept.cc_bound.items())),
        player_hq=dict(sorted(kept.cc_player_hq.items())),
        lost=dict(sorted(kept.cc_lost.items())),
    )


def read_command(game: ArmorGame, kept: CommandState | None, reader: PositionReader) -> Command:
    found = Command()
    if kept is None:
        return found
    path = ("state", "command")
    sides = set(game.sides)
    for side, units in kept.out.items():
        if side not in sides:
            reader.problem((*path, "out", side), f"there is no side '{side}'")
            continue
        found.cc_out[side] = tuple(u for u in units if reader.unit(u, game.units, (*path, "out")))
    found.cc_jammed = set(kept.jammed)
    for key in ("ahead", "bound"):
        given: dict[str, str] = getattr(kept, key)
        setattr(
            found,
            f"cc_{key}",
            {u: t for u, t in given.items() if reader.unit(u, game.units, (*path, key))},
        )
    found.cc_player_hq = {
        s: u
        for s, u in kept.player_hq.items()
        if s in sides and reader.unit(u, game.units, (*path, "player_hq"))
    }
    found.cc_lost = {s: t for s, t in kept.lost.items() if s in sides}
    return found
