"""Soldiers hand-to-hand combat [8.8; 8.81; 8.82] and capture in it [9.1].

``hand-to-hand MAN [capture]``: at Aggressive only, the man under orders (or his group [7.1])
fights every able enemy man in his hex [8.8]. All the active men there are the attackers (the
man, or the group's men still acting), all the able enemy men the defenders. It costs 3 AP
(the 8.82 example spends the group's last 3; the Action Summary is not in the text) and ends the
man's or group's actions for the turn [8.8]. A guard may not conduct combat actions [9.4], so a
group with a guard in it may not fight.

Lines [8.81]: the side with fewer men lines up first (with equal numbers, the defender); the
other side places one or more men opposite each. The line's order only orders the sets (each
man fights in his set alone), so the engine lays the line out (our reading: no real choice,
nothing asked), in order of strength (adjusted initiative). The placing is the players' choice:
play waits for the side placing second to put each of its men, one by one, strongest first,
opposite a man of the line (``line-up MAN ENEMY``, asked through
:mod:`rules.soldiers.damage_choice`). Every man fights [8.8], so every man of the line must be
faced: once the men left to place are no more than the line's men still unfaced, the next man
may face only an unfaced one; with equal numbers that is one on one ("each of his men opposite
one defending man", our reading). A man with one legal place is put there without asking (a
line of one man asks nothing). The bots keep the engine's former stand-in (:func:`lines`: the
placing side's men dealt strongest first onto the line's weakest man first, round and round);
the random bot picks among the legal places. Sets are fought in the line's order.

Each set [8.82]: the attacker rolls a d10 + initiative for each of his men in it, the defender a
d6 + initiative (a suppressed defender's initiative is 0); +3 a combat engineer [16.11], -3 a
wounded man. One on one: the lower total is hit, equal totals both. One against many: a total
above every enemy's hits one enemy man, his side's choice: play waits for that side to name him
(``take-damage MAN``, :mod:`rules.soldiers.damage_choice`; the sets left are fought after; the
bots name a leader first, then the highest initiative: :func:`stand_in`); else the single man
takes a hit for each enemy total equal or higher. Each man hit rolls a d10 on the Hand-to-Hand
Damage Table's line for his number of hits (the table is not in the text: placeholder values,
marked so in the log). A capture attempt [9.1] (``capture``) takes 3 off the damage roll of each
defender hit; "Captured" captures him instead of damaging him, an able attacker in the hex
guarding him [9.3] (:func:`rules.soldiers.capture.take`). The defending player never tries to
capture (our reading: the stand-in for his choice is damage).

Actions in an enemy-occupied hex [8.83]: a man (or group) whose order finds him in a hex with a
non-suppressed able enemy man may only fight hand-to-hand there and fire at that hex (unsuppress
comes with the order; self-suppression [7.41] is allowed there too); with only suppressed
enemy men there he may also move out of the hex, even at Cautious. Once out of the hex he acts
freely (our reading). When the active men outnumber the able enemy men in the hex, the excess
may act freely; our reading: the whole order is then free, since a group moves and acts as one
and the engine makes no split of it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Move, WordsAction, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event
from rules.engine.play import Chance
from rules.soldiers import groups
from rules.soldiers.actions import DamageAsked, OrderGiven, SelfSuppress, Shoot
from rules.soldiers.capture import take
from rules.soldiers.engineers import is_engineer
from rules.soldiers.fire import apply_damage
from rules.soldiers.records import PendingSet, VictimChoice
from rules.soldiers.support_actions import Flame
from rules.soldiers.units import cell

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

RISK = "Aggressive"  # [8.8]
#: Engineers' advantage [16.11] and a wounded man's penalty [8.82].
ENGINEER_BONUS = 3
WOUNDED_PENALTY = -3
#: A capture attempt subtracts 3 from the damage roll [9.1].
CAPTURE_MODIFIER = -3
DAMAGE_TABLE = "hand-to-hand-damage"
ROWS = ("1 hit", "2 hits", "3 or more hits")


def hand_to_hand_ap() -> int:
    """Its AP: the Action Summary's row (the 8.82 example's 3)."""
    return int(str(cell("action-summary", "hand-to-hand combat", "AP").value))


@dataclass(frozen=True)
class HandToHand(Action):
    """The man under orders (with his group) fights hand-to-hand in his hex [8.8]; ``capture``:
    a capture attempt on each defender hit [9.1]."""

    verb: ClassVar[str] = "hand-to-hand"
    man: str
    capture: bool = False

    def text(self) -> str:
        return f"{self.verb} {self.man}" + (" capture" if self.capture else "")

    @classmethod
    def parse(cls, args: list[str], line: str) -> HandToHand:
        if len(args) not in (1, 2) or (len(args) == 2 and args[1].lower() != "capture"):
            raise ActionSyntaxError(f"'{line}': write 'hand-to-hand MAN [capture]'")
        return cls(token(args[0], "man id", line), len(args) == 2)


@dataclass(frozen=True)
class LineUp(WordsAction):
    """The player placing second puts his man opposite a man of the enemy's line [8.81]."""

    verb: ClassVar[str] = "line-up"
    words: ClassVar[tuple[str, ...]] = ("man id", "man id")
    usage: ClassVar[str] = "MAN ENEMY"
    man: str
    opposite: str


@dataclass(frozen=True)
class LinedUp(Event):
    """A man placed opposite a man of the enemy's line [8.81]: by whose choice, or why alone."""

    kind: ClassVar[str] = "soldiers-line-up"
    man: str
    opposite: str
    why: str

    def describe(self) -> str:
        return f"{self.man} placed opposite {self.opposite}: {self.why} [8.81]"


@dataclass(frozen=True)
class LineUpAsked(Event):
    """The placing player is asked where his next man goes [8.81]."""

    kind: ClassVar[str] = "soldiers-line-up-choice"
    chooser: str
    man: str
    men: tuple[str, ...]
    why: str

    def describe(self) -> str:
        return f"{self.chooser} places {self.man} opposite one of {', '.join(self.men)}: {self.why}"


@dataclass(frozen=True)
class HandToHandFought(Event):
    """One set of hand-to-hand combat [8.82]: the rolls, totals and who is hit."""

    kind: ClassVar[str] = "soldiers-hand-to-hand"
    hex: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    steps: tuple[str, ...]
    hit: tuple[str, ...]

    def describe(self) -> str:
        return f"hand-to-hand in {self.hex}: {'; '.join(self.steps)}"


# --- who fights ---------------------------------------------------------------------------------


def attackers(state: SoldiersState) -> list[str]:
    """The active men: the man under orders, or his group's men still acting [8.8; 7.1]."""
    man = state.active.current
    if man is None or man in state.troops.disabled or man not in state.troops.hexes:
        return []
    if groups.in_group(state, man):
        return groups.members(state)
    return [man]


def defenders(state: SoldiersState, man: str) -> list[str]:
    """Every able enemy man in the man's hex [8.8; 8.81]."""
    return state.able_enemies_in(state.troops.hexes[man], state.game.men[man].side)


def modifier(state: SoldiersState, man: str, defending: bool) -> tuple[int, list[str]]:
    """What is added to the man's die [8.82; 16.11], and in words."""
    spec = state.game.men[man]
    if defending and man in state.troops.suppressed:
        value, words = 0, ["suppressed: initiative 0 [8.82]"]
    else:
        value, words = spec.initiative, [f"initiative {spec.initiative}"]
    if is_engineer(spec):
        value += ENGINEER_BONUS
        words.append("combat engineer +3 [16.11]")
    if man in state.troops.wounded:
        value += WOUNDED_PENALTY
        words.append("wounded -3 [8.82]")
    return value, words


def why_not(state: SoldiersState, action: HandToHand) -> str | None:
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if action.man not in attackers(state) or action.man != state.active.current:
        return "not the man under orders [6.2]"
    if state.active.risk != RISK:
        return f"only at Aggressive, not {state.active.risk} [8.8]"
    if not defenders(state, action.man):
        return "no able enemy man in his hex [8.8]"
    guards = set(state.troops.captured.values())
    if any(m in guards for m in attackers(state)):
        return "a guard may not conduct combat actions, and all active men fight [8.8; 9.4]"
    cost = hand_to_hand_ap()
    if state.active.ap < cost:
        return f"{cost} AP needed, {state.active.ap:g} left [8.82 example]"
    return None


def options(state: SoldiersState, man: str) -> list[HandToHand]:
    found = [HandToHand(man), HandToHand(man, True)]
    return [a for a in found if why_not(state, a) is None]


# --- actions in an enemy-occupied hex [8.83] ---------------------------------------------------


def judge_engaged(state: SoldiersState) -> None:
    """Whether the man or group just ordered began in an enemy-occupied hex [8.83]."""
    active = state.active
    active.engaged, active.may_leave = None, False
    man = active.current
    if man is None or man not in state.troops.hexes or man in state.troops.disabled:
        return
    enemies = defenders(state, man)
    standing = [m for m in enemies if m not in state.troops.suppressed]
    if not enemies:
        return
    ours = attackers(state)
    h = state.game.name(state.troops.hexes[man])
    if len(ours) > len(enemies):
        why = (
            f"{len(ours)} active men outnumber {len(enemies)} enemy men in {h}: the excess act "
            "freely (our reading: the whole order) [8.83]"
        )
        state.emit(OrderGiven(man, int(active.ap), why))
        return
    active.engaged, active.may_leave = h, not standing
    why = (
        f"begins in {h} with only suppressed enemy men: hand-to-hand, fire into the hex or move "
        "out of it [8.83]"
        if not standing
        else f"begins in {h} with a non-suppressed enemy man: only hand-to-hand or fire into "
        "the hex [8.83]"
    )
    state.emit(OrderGiven(man, int(active.ap), why))


def why_not_engaged(state: SoldiersState, action: Action) -> str | None:
    """Why the ordered men may not take ``action`` in the enemy-occupied hex they began in
    [8.83], or None."""
    active = state.active
    man = getattr(action, "man", None) or getattr(action, "unit", None)
    if active.engaged is None or man is None or man not in (active.current, *active.group):
        return None
    at = state.troops.hexes.get(man)
    if at is None or state.game.name(at) != active.engaged:
        return None  # out of the hex: free (our reading)
    if isinstance(action, HandToHand | SelfSuppress):
        return None  # hand-to-hand, self suppress [8.83]
    if isinstance(action, Shoot | Flame) and action.hex.upper() == active.engaged:
        return None
    if isinstance(action, Move) and active.may_leave:
        return None
    allowed = "hand-to-hand, fire into the hex or self suppress"
    if active.may_leave:
        allowed += ", or move out of it"
    return f"he began in enemy-occupied {active.engaged}: only {allowed} [8.83]"


# --- the lines [8.81] ---------------------------------------------------------------------------


def _order(
    state: SoldiersState, atk: list[str], dfn: list[str]
) -> tuple[bool, list[str], list[str]]:
    """Whether the defenders line up first (fewer men, or equal numbers [8.81]); the line in
    order of strength; the other side's men, strongest first (the order they are placed in)."""

    def strength(men: list[str], defending: bool) -> list[str]:
        return sorted(men, key=lambda m: (-modifier(state, m, defending)[0], m))

    defender_first = len(dfn) <= len(atk)
    line = strength(dfn if defender_first else atk, defender_first)
    others = strength(atk if defender_first else dfn, not defender_first)
    return defender_first, line, others


def lines(
    state: SoldiersState, atk: list[str], dfn: list[str]
) -> list[tuple[list[str], list[str]]]:
    """The engine's stand-in for the placing [8.81] (the bots' choice, and the preview's): the
    sets, (attackers, defenders) each, in the order they are fought."""
    defender_first, line, others = _order(state, atk, dfn)
    facing: dict[str, list[str]] = {m: [] for m in line}
    weakest_first = list(reversed(line))
    for i, m in enumerate(others):
        facing[weakest_first[i % len(line)]].append(m)
    if defender_first:
        return [(facing[d], [d]) for d in line]
    return [([a], facing[a]) for a in line]


def _lay_out(state: SoldiersState, atk: list[str], dfn: list[str], capture: bool) -> None:
    """The line laid out, then the other side's men placed one by one, each asked where there
    is a real choice [8.81]; then the sets are fought [8.82]."""
    defender_first, line, others = _order(state, atk, dfn)
    men = state.game.men
    where = state.game.name(state.troops.hexes[atk[0]])
    sets: tuple[PendingSet, ...] = tuple(((), (m,)) if defender_first else ((m,), ()) for m in line)
    who = "the defender (equal numbers)" if len(atk) == len(dfn) else "the side with fewer men"
    why = (
        f"hand-to-hand in {where}: {who} lined up {', '.join(line)} (in order of strength: our "
        "reading, the line's order only orders the sets); the other side places each of its "
        "men opposite one of them, every man of the line faced (all men fight [8.8]; equal "
        "numbers: one on one, our reading) [8.81]"
    )
    pending = VictimChoice(
        "lineup",
        men[others[0]].side,
        men[line[0]].side,
        (),
        where,
        why,
        capture=capture,
        sets=sets,
        placing=tuple(others),
    )
    _go_on(state, pending)


def _slot(state: SoldiersState, pending: VictimChoice) -> int:
    """Where the line's man sits in each set: 1 the defenders, 0 the attackers."""
    _a, d = pending.sets[0]
    return 1 if d and state.game.men[d[0]].side == pending.side else 0


def places(state: SoldiersState, pending: VictimChoice) -> tuple[str, ...]:
    """The line's men the next man may face: any, unless the men left to place are no more
    than the men still unfaced, who must then be faced first (every man fights [8.8; 8.81])."""
    slot = _slot(state, pending)
    line = tuple(s[slot][0] for s in pending.sets)
    unfaced = tuple(s[slot][0] for s in pending.sets if not s[1 - slot])
    return line if len(pending.placing) > len(unfaced) else unfaced


def _place(
    state: SoldiersState, pending: VictimChoice, man: str, opposite: str, why: str
) -> VictimChoice:
    """``man`` placed opposite ``opposite`` [8.81]."""
    slot = _slot(state, pending)
    sets = []
    for s in pending.sets:
        if s[slot][0] == opposite:
            s = ((*s[0], man), s[1]) if slot == 1 else (s[0], (*s[1], man))
        sets.append(s)
    state.emit(LinedUp(man, opposite, why))
    return replace(pending, sets=tuple(sets), placing=pending.placing[1:], men=())


def _go_on(state: SoldiersState, pending: VictimChoice) -> None:
    """Place the men with one legal place; ask for the next with more; all placed: fight."""
    while pending.placing:
        found = places(state, pending)
        man = pending.placing[0]
        if len(found) > 1:
            state.active.victim = replace(pending, men=found)
            asked = f"{pending.why}; {len(pending.placing)} man/men left to place"
            state.emit(LineUpAsked(pending.chooser, man, found, asked))
            return
        pending = _place(state, pending, man, found[0], "his only place (every man faced)")
    state.active.victim = None
    fight_sets(state, list(pending.sets), 1, pending.capture)


def placed(state: SoldiersState, action: LineUp) -> None:
    """The placing player's choice [8.81]; the men left placed, then the sets fought."""
    pending = state.active.victim
    assert pending is not None
    assert pending.kind == "lineup"
    chooser = pending.chooser
    _go_on(state, _place(state, pending, action.man, action.opposite, f"{chooser}'s choice"))


def lineup_stand_in(state: SoldiersState) -> str:
    """The bots' place for the next man: the line's man the stand-in (:func:`lines`) puts him
    opposite, so that seeded bot games play as before [8.81]."""
    pending = state.active.victim
    assert pending is not None
    slot = _slot(state, pending)
    every = [m for s in pending.sets for side in s for m in side] + list(pending.placing)
    line_men = {s[slot][0] for s in pending.sets}
    atk = [m for m in every if (m in line_men) == (slot == 0)]
    dfn = [m for m in every if m not in atk]
    man = pending.placing[0]
    for a, d in lines(state, atk, dfn):
        if man in a or man in d:
            return d[0] if slot == 1 else a[0]
    raise AssertionError(man)


# --- resolution [8.82] --------------------------------------------------------------------------


def fight(state: SoldiersState, action: HandToHand) -> None:
    """Hand-to-hand combat in the man's hex (legality already checked) [8.8-8.82; 9.1]."""
    man = action.man
    atk, dfn = attackers(state), defenders(state, man)
    state.active.ap = 0.0  # 3 AP, and no actions after it [8.8]
    _lay_out(state, atk, dfn, action.capture)  # the players' lines [8.81]


def fight_sets(state: SoldiersState, sets: list[PendingSet], number: int, capture: bool) -> None:
    """The sets in their order from set ``number`` on [8.82]; stops at a set whose single man
    beat every enemy total, his side to choose the man hit (``state.active.victim``)."""
    for i, (a, d) in enumerate(sets):
        _fight_set(state, number + i, list(a), list(d), capture)
        if state.active.victim is not None:  # his side's choice first [8.82]
            state.active.victim = replace(state.active.victim, sets=tuple(sets[i:]))
            return


def _fight_set(
    state: SoldiersState, number: int, atk: list[str], dfn: list[str], capture: bool
) -> None:
    totals: dict[str, int] = {}
    steps: list[str] = []
    for men, sides, defending in ((atk, 10, False), (dfn, 6, True)):
        for m in men:
            roll = state.roll(f"{m} hand-to-hand, set {number} [8.82]", sides)
            value, words = modifier(state, m, defending)
            totals[m] = roll + value
            steps.append(f"{m}: d{sides} {roll} + {', '.join(words)} = {totals[m]}")
    where = state.game.name(state.troops.hexes[atk[0]])
    single, many = (atk[0], dfn) if len(atk) == 1 else (dfn[0], atk)
    if len(many) > 1 and all(totals[single] > totals[m] for m in many):
        _ask(state, number, single, many, where, capture, steps, (atk, dfn))
        return
    hits = _hits(atk, dfn, totals)
    steps.append(_verdict(hits, len(atk) == len(dfn) == 1))
    hit = tuple(m for m in (*atk, *dfn) if hits.get(m))
    state.emit(HandToHandFought(where, tuple(atk), tuple(dfn), (f"set {number}", *steps), hit))
    for m in hit:
        _damage(state, m, hits[m], capture and m in dfn)


def _ask(
    state: SoldiersState,
    number: int,
    single: str,
    many: list[str],
    where: str,
    capture: bool,
    steps: list[str],
    pair: tuple[list[str], list[str]],
) -> None:
    """The single man beat every enemy total: one enemy man of his side's choice is hit, the
    others unaffected [8.82]; the choice waits for his side (``take-damage MAN``)."""
    atk, dfn = pair
    chooser, side = state.game.men[single].side, state.game.men[many[0]].side
    verdict = (
        f"{single} beats every enemy total: one of {', '.join(many)} is hit, {chooser}'s "
        "choice (one against many [8.82])"
    )
    state.emit(
        HandToHandFought(where, tuple(atk), tuple(dfn), (f"set {number}", *steps, verdict), ())
    )
    why = (
        f"hand-to-hand in {where}, set {number}: {single} beat every enemy total, so one enemy "
        f"man of his side's choice is hit and rolls on the Hand-to-Hand Damage Table; the "
        f"others are unaffected [8.82]"
    )
    state.active.victim = VictimChoice(
        "melee", chooser, side, tuple(many), where, why, number=number, capture=capture
    )
    state.emit(DamageAsked(chooser, tuple(many), why))


def stand_in(state: SoldiersState, men: tuple[str, ...]) -> str:
    """The bots' choice of the enemy man hit (the engine's former stand-in): a leader first,
    then the highest initiative [8.82]."""
    spec = state.game.men
    return min(men, key=lambda m: (-spec[m].command, -spec[m].initiative, m))


def chosen(state: SoldiersState, man: str) -> None:
    """The man chosen is hit once [8.82]; the sets left are fought."""
    pending = state.active.victim
    assert pending is not None
    assert pending.kind == "melee"
    state.active.victim = None
    (_atk, dfn), *rest = pending.sets
    note = f"{pending.chooser}'s choice of the man hit, set {pending.number} [8.82]; "
    _damage(state, man, 1, pending.capture and man in dfn, note)
    fight_sets(state, rest, pending.number + 1, pending.capture)


def _hits(atk: list[str], dfn: list[str], totals: dict[str, int]) -> dict[str, int]:
    """Who is hit and how often [8.82] (the single man beating every enemy total is asked
    first: :func:`_ask`)."""
    if len(atk) == 1 and len(dfn) == 1:
        a, d = atk[0], dfn[0]
        return {a: int(totals[a] <= totals[d]), d: int(totals[d] <= totals[a])}
    single, many = (atk[0], dfn) if len(atk) == 1 else (dfn[0], atk)
    return {single: sum(1 for m in many if totals[m] >= totals[single])}


def _verdict(hits: dict[str, int], one_on_one: bool) -> str:
    hit = [f"{m} {'hit' if n == 1 else f'hit {n} times'}" for m, n in hits.items() if n]
    rule = "one on one: the lower total is hit, equal both" if one_on_one else "one against many"
    return f"{', '.join(hit) or 'nobody hit'} ({rule} [8.82])"


def _damage(state: SoldiersState, man: str, hits: int, capture: bool, note: str = "") -> None:
    """The Hand-to-Hand Damage Table [8.82]; a capture attempt -3 [9.1]."""
    row = ROWS[min(hits, 3) - 1]
    roll = state.roll(f"{man} hand-to-hand damage, {row} [8.82]", 10)
    column = roll + (CAPTURE_MODIFIER if capture else 0)
    found = cell(DAMAGE_TABLE, row, column)
    result = str(found.value)
    why = f"{note}Hand-to-Hand Damage Table, {row}, rolled {roll}"
    why += f", capture attempt -3 = {column} [9.1]" if capture else " [8.82]"
    if found.placeholder:
        why += " (placeholder: the table is not in the text)"
    if result == "Captured":
        spec = state.game.men[man]
        captors = state.game.other(spec.side)
        if take(state, man, captors, state.troops.hexes[man], f"captured in hand-to-hand: {why}"):
            return
        result, why = "Sup", why + "; no able enemy left to guard him: suppressed (our reading)"
    apply_damage(state, man, result, why)


# --- odds for the preview -----------------------------------------------------------------------


def _below(sides: int, mod: int, total: int) -> float:
    """The chance that a d``sides`` + ``mod`` is below ``total``."""
    return sum(1 for r in range(1, sides + 1) if r + mod < total) / sides


def set_odds(state: SoldiersState, atk: list[str], dfn: list[str]) -> tuple[float, float]:
    """The chances that the defenders, and the attackers, take a hit in a set [8.82]."""
    mods = {m: modifier(state, m, m in dfn)[0] for m in (*atk, *dfn)}
    die = {m: 6 if m in dfn else 10 for m in mods}
    single, many = (atk[0], dfn) if len(atk) == 1 else (dfn[0], atk)
    wins = 0.0  # the single man's total above every enemy total
    for r in range(1, die[single] + 1):
        total = r + mods[single]
        p = 1.0
        for m in many:
            p *= _below(die[m], mods[m], total)
        wins += p / die[single]
    if len(many) == 1:  # one on one: the lower total is hit, a tie hits both
        other, face = many[0], 1 / die[single]
        totals = [r + mods[single] for r in range(1, die[single] + 1)]
        hit_many = sum(_below(die[other], mods[other], t + 1) for t in totals) * face
        hit_single = sum(1 - _below(die[other], mods[other], t) for t in totals) * face
    else:
        hit_single, hit_many = 1 - wins, wins
    return (hit_many, hit_single) if single in atk else (hit_single, hit_many)


def odds(state: SoldiersState, man: str) -> tuple[Chance, ...]:
    """Each set's chances, as the preview shows them [8.81; 8.82]: the sets as the engine's
    stand-in would place the men (the players' line-up is chosen after the action)."""
    h = state.game.name(state.troops.hexes[man])
    found = []
    for number, (a, d) in enumerate(lines(state, attackers(state), defenders(state, man)), 1):
        enemy, own = set_odds(state, a, d)
        words = (
            f"set {number}: {', '.join(a)} (d10) against {', '.join(d)} (d6): an enemy man hit "
            f"{enemy:.0%}, one of ours {own:.0%}; damage on the Hand-to-Hand Damage Table "
            "(placeholder values) [8.82]"
        )
        found.append(Chance(h, words, enemy))
    return tuple(found)
