"""The purchase bot: a legal force for a point-buy side, bought under every purchase rule of the
book and of the scenario, so that a scenario whose forces are bought can be test-played.

A side needs a purchase when it has a budget (its own, or its missions' [Soldiers 19.1]) and no
forces but the scenario's stand-ins (Soldiers' ``REINFORCEMENTS``, Armor's ``TRANSPORT``). The bot
(:func:`buy_forces`) then:

1. chooses what the book leaves to the players before buying: the side's nation when the
   scenario says ``any`` (opposed to the other side's [Armor SCN III.C]) and its mission
   (Soldiers [19.1]);
2. buys, under a :class:`Strategy` (``balanced``, ``armour-heavy``, ``infantry-heavy``,
   ``cheapest-many``, ``random``), from the system's offers priced as the Budget panel prices
   them: first what a rule requires (the book's minimums, a scenario's ``min-spend`` and
   ``required``), then toward the strategy's mix of roles, then the leftover points;
3. judges the purchase with the Budget panel's own report (:func:`budget_report`) and buys
   again, with the same seeded generator, until no rule is broken.

Everything is seeded: the same scenario, strategy and seed buy the same force. What test play
does not play (an Armor battery, a Soldiers pistol) is bought only when a rule requires it,
and :attr:`Bought.unplayed` says so. What the scenario's play asks of the side beyond its
purchase rules (the system's :meth:`PointBuy.bot_needs`: Soldiers 26's engineers and satchel
charges for the bridges [26.2]) is bought right after the rules' minimums, when it fits, and
:attr:`Bought.needed` says why.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.catalog import UnitType, unit_types
from model.limits import MAX_SIDE_UNITS
from model.scenario import (
    BanRule,
    EntryPlacement,
    ForceEntry,
    MaxSpendRule,
    MinSpendRule,
    Mission,
    OnlyRule,
    Purchase,
    Reinforcement,
    RequiredRule,
    Scenario,
    SharePerEntryRule,
    Side,
)
from model.scenario_io import LoadedScenario
from rules.engine.errors import UnsupportedGameError
from rules.forces.units import PathKey, counter_pool
from rules.pointbuy.base import BotNeed, BudgetLine, PointBuy, filter_match, resolve_unit
from rules.pointbuy.report import budget_report, side_missions
from rules.registry import load_game, rules_for

if TYPE_CHECKING:
    from rules.engine.core import Game

__all__ = [
    "ROLES",
    "STRATEGIES",
    "Bought",
    "Offer",
    "PurchaseChoice",
    "PurchaseError",
    "Strategy",
    "buy_forces",
    "buy_side",
    "game_for",
    "needs_purchase",
    "parse_choices",
    "purchases_of",
    "read_purchases",
    "with_sample_force",
]

#: What a strategy weighs: fighting vehicles, infantry, everything else that fights or helps
#: (guns, transport, heavy weapons, preparations) and intelligence (Soldiers [19.41]).
ROLES = ("armour", "infantry", "support", "intelligence")

#: How many times the bot buys again before it gives up on a strategy.
ATTEMPTS = 60


class PurchaseError(UnsupportedGameError):
    """No legal purchase was found (the message says for which side and which rule)."""


@dataclass(frozen=True, slots=True)
class Strategy:
    """How the bot spends: the share of the budget it aims at for each role, and which offers it
    prefers within a role (``value``: the dearest, ``cheap``: the cheapest, ``any``: either)."""

    id: str
    name: str
    description: str
    mix: Mapping[str, float]
    prefer: str = "value"


STRATEGIES: dict[str, Strategy] = {
    s.id: s
    for s in (
        Strategy(
            "balanced",
            "Balanced",
            "about half on armour, a third on infantry, the rest on support",
            {"armour": 0.5, "infantry": 0.35, "support": 0.15},
        ),
        Strategy(
            "armour-heavy",
            "Armour-heavy",
            "the best fighting vehicles (Soldiers: heavy weapons and the best squads) first",
            {"armour": 0.85, "infantry": 0.1, "support": 0.05},
        ),
        Strategy(
            "infantry-heavy",
            "Infantry-heavy",
            "three quarters on infantry, the rest on armour and support",
            {"armour": 0.15, "infantry": 0.75, "support": 0.1},
        ),
        Strategy(
            "cheapest-many",
            "Cheapest, many",
            "as many units as the points buy: the cheapest of each role",
            {"armour": 1 / 3, "infantry": 1 / 3, "support": 1 / 3},
            prefer="cheap",
        ),
        Strategy(
            "random",
            "Random legal",
            "any legal purchase: a random mix of roles and units",
            {},
            prefer="any",
        ),
    )
}


@dataclass(frozen=True, slots=True)
class PurchaseChoice:
    """How one side's forces are bought: the strategy and the seed of its generator, or the
    designer's sample force of that name (``sample``)."""

    strategy: str = "balanced"
    seed: int = 0
    sample: str | None = None

    def text(self) -> str:
        """As replays and ``--buy`` write it: ``balanced:7`` or ``sample:NAME``."""
        return (
            f"sample:{self.sample}" if self.sample is not None else f"{self.strategy}:{self.seed}"
        )

    @classmethod
    def parse(cls, text: str, seed: int = 0) -> PurchaseChoice:
        """Read ``STRATEGY[:SEED]`` (the seed defaults to ``seed``) or ``sample:NAME``.

        Raises:
            PurchaseError: an unknown strategy or a seed that is not a number.
        """
        head, _, rest = text.strip().partition(":")
        if head == "sample" and rest:
            return cls(sample=rest)
        if head not in STRATEGIES:
            known = ", ".join(STRATEGIES)
            raise PurchaseError(
                f"no purchase strategy '{head}' (strategies: {known}; or sample:NAME)"
            )
        if rest and not rest.lstrip("-").isdigit():
            raise PurchaseError(f"'{text}': the seed after ':' must be a whole number")
        return cls(head, int(rest) if rest else seed)


@dataclass(frozen=True, slots=True)
class Offer:
    """One thing the bot may buy for a side, priced as the report prices it.

    Attributes:
        code: the id the scenario writes.
        kind: ``force`` (an entry of the forces), ``reinforcement`` (an entry of a reinforcement
            group), or ``purchase`` (an item of the side's purchases).
        state: the entry's state (Soldiers' ``depleted``).
        line: the report's line for one of it (cost, tags, unit).
        role: one of :data:`ROLES`.
        plays: test play plays it (others are bought only when a rule requires them).
        reserved: bought only when a rule requires it (Soldiers 26's airborne squads).
        limit: how many the side may have (the counter mix has one of each squad), else None.
    """

    code: str
    kind: str
    state: tuple[str, ...]
    line: BudgetLine
    role: str
    plays: bool
    reserved: bool
    limit: int | None

    @property
    def cost(self) -> int:
        return self.line.unit_cost or 0

    @property
    def key(self) -> tuple[str, str, tuple[str, ...]]:
        return self.code, self.kind, self.state


@dataclass(frozen=True, slots=True)
class Bought:
    """What the bot bought for one side, for the log and the replay.

    Attributes:
        side: the side's id; ``name`` its name.
        choice: the strategy and seed.
        nation: the nation it plays (chosen when the scenario says ``any``).
        mission: the mission it plays (Soldiers), or None.
        budget, spent, unit_word: the points.
        items: each thing bought: (what, count, points), in buying order.
        unplayed: what it bought that test play does not play, each with the rule that required it.
        attempts: how many purchases were judged before one kept every rule.
        needed: what it bought because the scenario's play asks for it, each with the reason
            (:meth:`PointBuy.bot_needs`).
    """

    side: str
    name: str
    choice: PurchaseChoice
    nation: str
    mission: str | None
    budget: int
    spent: int
    unit_word: str
    items: tuple[tuple[str, int, int], ...]
    unplayed: tuple[str, ...]
    attempts: int
    needed: tuple[str, ...] = ()

    def describe(self) -> list[str]:
        """The purchase for the game log: a headline, then one line per item."""
        what = f"{self.name} ({self.nation}"
        what += f", {self.mission} mission)" if self.mission else ")"
        if self.choice.sample is not None:
            head = f"{what} takes the sample force '{self.choice.sample}'"
            lines = [f"{head}: {self.spent} of {self.budget} {self.unit_word}"]
        else:
            how = f"{self.choice.strategy} strategy, seed {self.choice.seed}"
            lines = [
                f"{what} bought by the purchase bot: {self.spent} of {self.budget} "
                f"{self.unit_word} ({how}); every purchase rule kept"
            ]
        lines += [
            f"{count} x {name}: {points} {self.unit_word}" for name, count, points in self.items
        ]
        lines += [f"not played by test play: {u}" for u in self.unplayed]
        lines += [f"bought for the scenario: {n}" for n in self.needed]
        return lines


# --- which sides buy ------------------------------------------------------------------------


def _stand_in(buy: PointBuy, scenario: Scenario, side: Side, entry: ForceEntry) -> bool:
    """Whether a force entry only stands for what the side buys (Soldiers' REINFORCEMENTS)."""
    unit = resolve_unit(scenario.system, entry.unit, side)
    return unit is not None and buy.stand_in(unit)


def needs_purchase(scenario: Scenario) -> tuple[str, ...]:
    """The sides whose forces are left to a purchase: a budget (or a mission's), no purchases
    and no initial forces but stand-ins (the initial forces are the side's ``forces`` and the
    units of a group that stands for initially deployed squads, Soldiers 26 [26.2])."""
    buy = rules_for(scenario.system).pointbuy
    found = []
    for side in scenario.sides:
        budgeted = side.budget is not None or bool(side_missions(scenario, side.id))
        initial = list(side.forces)
        for group in _stand_in_groups(buy, scenario, side).initial:
            initial += group.units
        real = [e for e in initial if not _stand_in(buy, scenario, side, e)]
        if budgeted and not real and not side.purchases:
            found.append(side.id)
    return tuple(found)


# --- buying ---------------------------------------------------------------------------------


def buy_forces(
    loaded: LoadedScenario, choices: PurchaseChoice | Mapping[str, PurchaseChoice]
) -> tuple[LoadedScenario, tuple[Bought, ...]]:
    """The scenario with every side that needs a purchase bought (:func:`needs_purchase`), and
    what each bought. ``choices`` is one choice for every such side, or one per side id (a side
    without one is left as it is).

    Raises:
        PurchaseError: a side for which no legal purchase was found, or no such sample force.
    """
    bought: list[Bought] = []
    buying = needs_purchase(loaded.scenario)
    for side_id in (s.id for s in loaded.scenario.sides):
        every = isinstance(choices, PurchaseChoice)
        choice = choices if isinstance(choices, PurchaseChoice) else choices.get(side_id)
        # a strategy buys only what is left to a purchase; a sample named for a side replaces
        # whatever forces it lists
        if choice is None or ((every or choice.sample is None) and side_id not in buying):
            continue
        if choice.sample is not None:
            loaded = with_sample_force(loaded, side_id, choice.sample)
            bought.append(_sampled(loaded, side_id, choice))
            continue
        loaded, found = buy_side(loaded, side_id, choice)
        bought.append(found)
    return loaded, tuple(bought)


def parse_choices(text: str, scenario: Scenario, seed: int = 0) -> dict[str, PurchaseChoice]:
    """How ``--buy`` names the purchases: ``STRATEGY[:SEED]`` for every side that needs one,
    or ``SIDE=STRATEGY[:SEED]`` / ``SIDE=sample:NAME`` for one side, comma-separated (a seed
    left out is ``seed``, the game's).

    Raises:
        PurchaseError: an unknown side or strategy, or a bad seed.
    """
    sides = {s.id for s in scenario.sides}
    found: dict[str, PurchaseChoice] = {}
    every: PurchaseChoice | None = None
    for part in _parts(text):
        side, sep, rest = part.partition("=")
        if not sep:
            every = PurchaseChoice.parse(part, seed)
            continue
        if side not in sides:
            raise PurchaseError(f"'{part}': no side '{side}' (sides: {', '.join(sorted(sides))})")
        found[side] = PurchaseChoice.parse(rest, seed)
    if every is not None:
        for side_id in needs_purchase(scenario):
            found.setdefault(side_id, every)
    return found


def purchases_of(game: Game) -> list[str]:
    """How the game's point-buy sides got their forces, as replays and position files write
    it: ``side=balanced:7`` or ``side=sample:NAME`` (:func:`read_purchases` reads it)."""
    return [f"{b.side}={b.choice.text()}" for b in game.purchases]


def read_purchases(texts: Sequence[str]) -> dict[str, PurchaseChoice]:
    """The ``side=choice`` purchases :func:`purchases_of` wrote, read.

    Raises:
        PurchaseError: an item that is not ``side=strategy:seed`` or ``side=sample:NAME``.
    """
    found = {}
    for text in texts:
        side, sep, choice = text.partition("=")
        if not sep or not side:
            raise PurchaseError(f"purchase '{text}' is not 'side=strategy:seed'")
        try:
            found[side] = PurchaseChoice.parse(choice)
        except PurchaseError as exc:
            raise PurchaseError(f"purchase '{text}': {exc}") from None
    return found


def _parts(text: str) -> list[str]:
    """``--buy``'s items: split at commas, but a sample force's name keeps its own commas
    (``us=sample:British, Armor Game Rules``): a piece that names no side and no strategy
    goes on with the sample before it."""
    parts: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        head = piece.partition(":")[0]
        if parts and "sample:" in parts[-1] and "=" not in piece and head not in STRATEGIES:
            parts[-1] += f", {piece}"
        else:
            parts.append(piece)
    return parts


def game_for(
    loaded: LoadedScenario, choices: PurchaseChoice | Mapping[str, PurchaseChoice] | None = None
) -> Game:
    """The game of a scenario, its point-buy sides bought first under ``choices`` (None: as
    the scenario stands, so an unbought side is refused as before); ``game.purchases`` says
    how, for the log and the replay.

    Raises:
        UnsupportedGameError: the engine cannot play the scenario, or a purchase failed.
    """
    bought: tuple[Bought, ...] = ()
    if choices is not None:
        loaded, bought = buy_forces(loaded, choices)
    game = load_game(loaded)
    game.purchases = bought
    return game


def _sampled(loaded: LoadedScenario, side_id: str, choice: PurchaseChoice) -> Bought:
    """A sample force taken, recorded as a purchase (its points as the report prices them)."""
    side = loaded.scenario.side(side_id)
    report = budget_report(loaded, side_id)
    lines = report.lines if report is not None else ()
    items = tuple((line.what, line.count, line.total) for line in lines)
    budget = report.budget if report is not None and report.budget is not None else 0
    kind = report.kind if report is not None else "points"
    return Bought(
        side.id,
        side.name,
        choice,
        side.nation,
        side.mission,
        budget,
        sum(line.total for line in lines),
        "FP" if kind == "force-points" else "points",
        items,
        (),
        1,
    )


def buy_side(
    loaded: LoadedScenario, side_id: str, choice: PurchaseChoice
) -> tuple[LoadedScenario, Bought]:
    """One side bought under ``choice``; the scenario returned holds the purchase."""
    strategy = STRATEGIES.get(choice.strategy)
    if strategy is None:
        known = ", ".join(STRATEGIES)
        raise PurchaseError(f"no purchase strategy '{choice.strategy}' (strategies: {known})")
    scenario = loaded.scenario
    index = next(i for i, s in enumerate(scenario.sides) if s.id == side_id)
    side = scenario.sides[index]
    buy = rules_for(scenario.system).pointbuy
    rng = random.Random(f"purchase|{choice.seed}|{side_id}|{choice.strategy}")
    mission = _mission(scenario, side, rng)
    nation = _nation(buy, scenario, side, rng)
    budget = (mission.budget if mission and mission.budget else side.budget) or None
    if budget is None:
        raise PurchaseError(f"side '{side_id}' has no budget to buy with")
    base = side.model_copy(update={"nation": nation, "mission": mission.id if mission else None})
    # What the side already has (a listed reinforcement) and the points the budget's own units
    # add (Soldiers 26), as the report counts them.
    start = budget_report(_replaced(loaded, index, base), side_id, mission.id if mission else None)
    assert start is not None  # the side has a budget
    assert start.budget is not None
    offers = _offers(buy, scenario, base, index, start.budget)
    if mission is not None and not mission.reinforcements:  # the mission forbids them [19.31]
        offers = [o for o in offers if o.kind != "reinforcement"]
    rules = list(side.purchase_rules)
    last: list[str] = []
    for attempt in range(1, ATTEMPTS + 1):
        basket = _Basket(start.budget, start.spent, buy, MAX_SIDE_UNITS - base.listed_units())
        _included(budget.includes, offers, basket)
        _required(buy, scenario, base, start.budget, rules, offers, basket, rng)
        _fill(strategy, offers, basket, rules, rng)
        new_side = _side_with(buy, scenario, base, basket, rules)
        new_loaded = _replaced(loaded, index, new_side)
        report = budget_report(new_loaded, side_id, mission.id if mission else None)
        assert report is not None  # the side has a budget
        broken = [r for r in report.broken if r.severity == "error"]
        if not broken:
            return new_loaded, _record(side, choice, nation, mission, report, basket, attempt)
        last = [r.why for r in broken]
    raise PurchaseError(
        f"{side.name}: the purchase bot found no legal purchase of {budget.points} points with "
        f"the {strategy.id} strategy in {ATTEMPTS} tries (last: {'; '.join(last)}); buy the "
        "forces in the Order of Battle panel"
    )


def unbuyable_includes(
    loaded: LoadedScenario, side_id: str, mission_id: str | None = None
) -> list[int]:
    """The entries of the side's budget's ``includes`` (or its mission's) that the side cannot
    buy: no offer of the purchase bot's (:func:`buy_side`) is that unit in that state, so the
    purchase is refused. A side of nation ``any`` is bought as some nation the bot chooses:
    nothing to say before it does."""
    scenario = loaded.scenario
    index = next(i for i, s in enumerate(scenario.sides) if s.id == side_id)
    side = scenario.sides[index]
    mission = next((m for m in scenario.missions if m.id == mission_id), None)
    budget = mission.budget if mission is not None and mission.budget else side.budget
    if budget is None or not budget.includes or side.nation == "any":
        return []
    base = side.model_copy(update={"mission": mission.id if mission else None})
    start = budget_report(_replaced(loaded, index, base), side_id, mission_id)
    if start is None or start.budget is None:
        return []
    buy = rules_for(scenario.system).pointbuy
    keys = {o.key for o in _offers(buy, scenario, base, index, start.budget)}
    return [
        j
        for j, entry in enumerate(budget.includes)
        if (entry.unit, "force", tuple(entry.state)) not in keys
    ]


def with_sample_force(loaded: LoadedScenario, side_id: str, name: str) -> LoadedScenario:
    """The scenario with a side's forces replaced by one of its named sample forces (Armor 1A's
    orders of battle per rule level)."""
    scenario = loaded.scenario
    index = next(i for i, s in enumerate(scenario.sides) if s.id == side_id)
    side = scenario.sides[index]
    sample = next((f for f in side.sample_forces if f.name == name), None)
    if sample is None:
        known = ", ".join(f.name for f in side.sample_forces) or "none"
        raise PurchaseError(f"{side.name} has no sample force '{name}' (samples: {known})")
    units = [u.model_copy() for u in sample.units]
    return _replaced(loaded, index, side.model_copy(update={"forces": units}))


def _replaced(loaded: LoadedScenario, index: int, side: Side) -> LoadedScenario:
    sides = list(loaded.scenario.sides)
    sides[index] = side
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"sides": sides}))


def _mission(scenario: Scenario, side: Side, rng: random.Random) -> Mission | None:
    """The side's mission: the one it plays, else one chosen at random [Soldiers 19.1]."""
    missions = [m for _, m in side_missions(scenario, side.id)]
    if not missions:
        return None
    chosen = next((m for m in missions if m.id == side.mission), None)
    return chosen or rng.choice(missions)


def _nation(buy: PointBuy, scenario: Scenario, side: Side, rng: random.Random) -> str:
    """The side's nation; for ``any``, one opposed to the other sides' [Armor SCN III.C]."""
    if side.nation != "any" or not buy.nations:
        return side.nation
    others = {s.nation for s in scenario.sides if s.id != side.id and s.nation != "any"}
    allowed = [n for n in buy.nations if all(n not in buy.allies(o) for o in others)]
    return rng.choice(allowed or list(buy.nations))


def _offers(buy: PointBuy, scenario: Scenario, side: Side, index: int, budget: int) -> list[Offer]:
    """Everything the side may buy, priced by the system's own report lines."""
    system = scenario.system
    pool = {*counter_pool(side), "any"}
    groups = _stand_in_groups(buy, scenario, side)
    bare = side.model_copy(update={"forces": [], "purchases": [], "reinforcements": []})
    found: dict[tuple[str, str, tuple[str, ...], int], Offer] = {}
    unique = {id(u): u for u in unit_types(system).values()}.values()
    for unit in sorted(unique, key=lambda u: u.id):
        if unit.nation not in pool or buy.stand_in(unit) or not buy.offered(scenario, side, unit):
            continue
        if buy.buyable(unit):
            path: PathKey = ("sides", index, "purchases", 0)
            line = buy.item_line(bare, path, Purchase(item=unit.id))
            if line.per > 1:  # one price buys several (Soldiers' grenades): an offer of all
                line = buy.item_line(bare, path, Purchase(item=unit.id, count=line.per))
            _add(found, buy, scenario, unit, unit.id, "purchase", (), line, budget)
            continue
        for state in buy.bot_states(unit):
            entry = ForceEntry(unit=unit.id, state=list(state))
            line = buy.lines(scenario, bare.model_copy(update={"forces": [entry]}), index)[0]
            _add(found, buy, scenario, unit, unit.id, "force", state, line, budget)
            if groups.reinforcements and buy.reinforces(unit):
                group = groups.reinforcements[0].model_copy(update={"units": [entry]})
                trial = bare.model_copy(update={"reinforcements": [group]})
                line = buy.lines(scenario, trial, index)[0]
                _add(found, buy, scenario, unit, unit.id, "reinforcement", state, line, budget)
    return list(found.values())


def _add(
    found: dict[tuple[str, str, tuple[str, ...], int], Offer],
    buy: PointBuy,
    scenario: Scenario,
    unit: UnitType,
    code: str,
    kind: str,
    state: tuple[str, ...],
    line: BudgetLine,
    budget: int,
) -> None:
    if line.unit_cost is None or line.unit_cost <= 0 or line.unit_cost > budget:
        return
    resolved = line.unit.id if line.unit is not None else code
    key = (resolved, kind, state, line.unit_cost)
    if key in found and found[key].code == resolved:
        return  # the nation's own card is already offered (Armor's stand-ins resolve to it)
    found[key] = Offer(
        code,
        kind,
        state,
        line,
        buy.role(unit),
        buy.plays(scenario, unit),
        buy.reserved(unit),
        buy.bot_limit(unit, budget),
    )


@dataclass
class _Groups:
    reinforcements: list[Reinforcement]
    initial: list[Reinforcement]


def _stand_in_groups(buy: PointBuy, scenario: Scenario, side: Side) -> _Groups:
    """The side's reinforcement groups that stand for what it buys: bought reinforcements, or
    (Soldiers 26) its initially deployed squads entering as reinforcements."""
    found = _Groups([], [])
    for group in side.reinforcements:
        for entry in group.units:
            unit = resolve_unit(scenario.system, entry.unit, side)
            if unit is None or not buy.stand_in(unit):
                continue
            if buy.stand_in_kind(unit) == "initial":
                found.initial.append(group)
            else:
                found.reinforcements.append(group)
            break
    return found


class _Basket:
    """What the bot has bought so far, in buying order (``spent`` starts at what the side
    already has); ``buy``, the system whose rules on the purchase as a whole it keeps
    (:meth:`PointBuy.bot_allows`)."""

    def __init__(
        self, budget: int, spent: int = 0, buy: PointBuy | None = None, room: int = MAX_SIDE_UNITS
    ) -> None:
        self.budget = budget
        self.items: list[Offer] = []
        self.units: Counter[str] = Counter()  # by resolved unit id (the counter mix)
        self.spent = spent
        self.buy = buy
        #: units the side may still get (the side's limit less the units it lists), and the
        #: units and other purchases bought: a budget of 100,000 points bought one at a time
        #: without end (each step looking at all bought before it)
        self.room, self.bought, self.extras = room, 0, 0
        self._lines: list[BudgetLine] = []  # the items' lines, kept for the system's rules
        self._by_role: Counter[str | None] = Counter()  # points spent on each role
        #: what was bought for the scenario's play (:meth:`PointBuy.bot_needs`), with why
        self.needed: list[tuple[Offer, str]] = []

    @property
    def left(self) -> int:
        return self.budget - self.spent

    def add(self, offer: Offer) -> None:
        self.items.append(offer)
        self.units[_unit_id(offer)] += 1
        self.spent += offer.cost
        self._lines.append(offer.line)
        self._by_role[offer.role] += offer.cost
        if offer.kind == "purchase":
            self.extras += offer.line.count
        else:
            self.bought += 1

    def allows(self, offer: Offer) -> bool:
        if offer.cost > self.left:
            return False
        if offer.limit is not None and self.units[_unit_id(offer)] >= offer.limit:
            return False
        if offer.kind != "purchase" and self.bought >= self.room:
            return False  # the side's units are bounded (model.limits.MAX_SIDE_UNITS)
        if offer.kind == "purchase" and self.extras + offer.line.count > MAX_SIDE_UNITS:
            return False  # and so are the other things it buys
        return self.buy is None or self.buy.bot_allows(offer.line, self._lines)

    def spent_on(self, role: str | None = None) -> int:
        return sum(self._by_role.values()) if role is None else self._by_role[role]


def _unit_id(offer: Offer) -> str:
    return offer.line.unit.id if offer.line.unit is not None else offer.code


def _matches(offer: Offer, rule: RequiredRule | OnlyRule | BanRule) -> bool:
    """Whether the rule names the offer, as the report judges the line it would buy."""
    return filter_match(offer.line, rule)


def _allowed(offer: Offer, rules: Sequence[object], basket: _Basket) -> bool:
    """Whether the scenario's rules let the side buy one more of ``offer``."""
    for rule in rules:
        if isinstance(rule, BanRule) and _matches(offer, rule):
            return False
        if (
            isinstance(rule, OnlyRule)
            and offer.line.unit is not None
            and "combat" in offer.line.tags
            and not _matches(offer, rule)
        ):
            return False
        if isinstance(rule, MaxSpendRule) and rule.category in offer.line.tags:
            spent = sum(o.cost for o in basket.items if rule.category in o.line.tags)
            if spent + offer.cost > (rule.points or 0):
                return False
    return basket.allows(offer)


def _included(includes: Sequence[ForceEntry], offers: Sequence[Offer], basket: _Basket) -> None:
    """The units the budget comes with, first (Soldiers 26's airborne squads [26.3])."""
    for entry in includes:
        wanted = (entry.unit, "force", tuple(entry.state))
        offer = next((o for o in offers if o.key == wanted), None)
        if offer is None:
            raise PurchaseError(f"the budget comes with {entry.unit}, which the side cannot buy")
        for _ in range(entry.count):
            basket.add(offer)


def _required(
    buy: PointBuy,
    scenario: Scenario,
    side: Side,
    budget: int,
    rules: Sequence[object],
    offers: Sequence[Offer],
    basket: _Basket,
    rng: random.Random,
) -> None:
    """Buy first what a rule requires: the book's minimums (Soldiers: half on squads [19.2]),
    each ``required`` purchase and each ``min-spend`` of the scenario; then what the scenario's
    play asks of the side (:meth:`PointBuy.bot_needs`), as far as the points go."""
    needs: list[tuple[frozenset[str] | RequiredRule, int]] = [
        (frozenset({tag}), points) for tag, points in buy.bot_minimums(scenario, side, budget)
    ]
    for rule in rules:
        if isinstance(rule, MinSpendRule) and rule.category:
            needs.append((frozenset({rule.category}), rule.points or 0))
        elif isinstance(rule, RequiredRule) and not _already(side, rule):
            needs.append((rule, 1))
    for need, amount in needs:
        while True:
            if isinstance(need, RequiredRule):
                have = sum(1 for o in basket.items if _matches(o, need))
                fits = [o for o in offers if _matches(o, need) and _allowed(o, rules, basket)]
            else:
                have = sum(o.cost for o in basket.items if o.line.tags & need)
                fits = [o for o in offers if o.line.tags & need and _allowed(o, rules, basket)]
            if have >= amount or not fits:
                break
            playable = [o for o in fits if o.plays] or fits
            basket.add(rng.choice(playable))
    for want in buy.bot_needs(scenario, side):
        _needed(want, rules, offers, basket, rng)


def _needed(
    want: BotNeed,
    rules: Sequence[object],
    offers: Sequence[Offer],
    basket: _Basket,
    rng: random.Random,
) -> None:
    """Buy ``want.count`` of what the scenario's play asks for, as many as the rules and the
    points allow: played and there from the start (not a reinforcement) where it can be."""
    while sum(1 for o in basket.items if _matches(o, want.rule)) < want.count:
        fits = [o for o in offers if _matches(o, want.rule) and _allowed(o, rules, basket)]
        if not fits:
            return
        first = [o for o in fits if o.plays and o.kind != "reinforcement"]
        offer = rng.choice(first or [o for o in fits if o.plays] or fits)
        basket.add(offer)
        basket.needed.append((offer, want.why))


def _already(side: Side, rule: RequiredRule) -> bool:
    """A required unit the scenario already lists (Armor 2B's engineers in a reinforcement)."""
    listed = {e.unit for g in side.reinforcements for e in g.units}
    f = rule.units
    return bool(f and listed & set(f.types))


def _fill(
    strategy: Strategy,
    offers: Sequence[Offer],
    basket: _Basket,
    rules: Sequence[object],
    rng: random.Random,
) -> None:
    """Spend toward the strategy's mix of roles, then spend what is left."""
    playable = [o for o in offers if o.plays and not o.reserved]
    roles = {o.role for o in playable}
    mix = dict(strategy.mix) or {r: rng.random() for r in ROLES}
    mix = {r: share for r, share in mix.items() if r in roles and share > 0}
    while mix:
        fits = [o for o in playable if o.role in mix and _allowed(o, rules, basket)]
        if not fits:
            break
        total = sum(mix.values())
        deficit = {
            r: mix[r] / total * basket.budget - basket.spent_on(role=r)
            for r in {o.role for o in fits}
        }
        role = max(sorted(deficit), key=lambda r: deficit[r])
        if deficit[role] <= 0 and strategy.prefer != "any":
            break
        basket.add(_pick(strategy, [o for o in fits if o.role == role], rng))
    while True:  # the leftover points: whatever still fits, dearest first
        fits = [o for o in playable if _allowed(o, rules, basket)]
        if not fits:
            break
        weights = [o.cost**2 for o in fits]
        basket.add(rng.choices(fits, weights)[0])


def _pick(strategy: Strategy, fits: Sequence[Offer], rng: random.Random) -> Offer:
    if strategy.prefer == "value":
        weights = [float(o.cost) ** 1.5 for o in fits]
    elif strategy.prefer == "cheap":
        weights = [1.0 / o.cost**2 for o in fits]
    else:
        weights = [1.0] * len(fits)
    return rng.choices(list(fits), weights)[0]


def _side_with(
    buy: PointBuy, scenario: Scenario, side: Side, basket: _Basket, rules: Sequence[object]
) -> Side:
    """The side as the basket leaves it: forces, reinforcements into their groups, purchases;
    the stand-ins that stood for them gone (Soldiers 26's ``INITIAL-SQUADS`` marker stays: it
    prices the squads in its group as initially deployed)."""
    groups = _stand_in_groups(buy, scenario, side)
    counts: Counter[tuple[str, str, tuple[str, ...]]] = Counter()
    for offer in basket.items:  # a purchase offer may be of several (one price, ``per``)
        counts[offer.key] += offer.line.count if offer.kind == "purchase" else 1
    forces: list[ForceEntry] = []
    extra: list[ForceEntry] = []
    purchases: list[Purchase] = []
    for (code, kind, state), count in counts.items():
        if kind == "purchase":
            purchases.append(Purchase(item=code, count=count))
        elif kind == "reinforcement":
            extra += [ForceEntry(unit=code, state=list(state)) for _ in range(count)]
        else:
            forces.append(ForceEntry(unit=code, count=count, state=list(state)))
    costs = {o.code: o.cost for o in basket.items}
    forces = _shared_entries(side, forces, rules, costs)
    initial_group = groups.initial[0] if groups.initial else None
    reinforcements: list[Reinforcement] = []
    dealt: dict[int, list[ForceEntry]] = {id(g): [] for g in groups.reinforcements}
    for i, entry in enumerate(extra):  # round-robin over the stand-in groups, in file order
        dealt[id(groups.reinforcements[i % len(groups.reinforcements)])].append(entry)
    for group in side.reinforcements:
        if initial_group is not None and group is initial_group:
            kept = [e for e in group.units if _stand_in(buy, scenario, side, e)]
            reinforcements.append(group.model_copy(update={"units": kept + forces}))
            continue
        units = [e for e in group.units if not _stand_in(buy, scenario, side, e)]
        units += dealt.get(id(group), [])
        if units:
            reinforcements.append(group.model_copy(update={"units": units}))
    if initial_group is not None:
        forces = []
    return side.model_copy(
        update={"forces": forces, "purchases": purchases, "reinforcements": reinforcements}
    )


def _shared_entries(
    side: Side, forces: list[ForceEntry], rules: Sequence[object], costs: Mapping[str, int]
) -> list[ForceEntry]:
    """Forces spread over the side's entry regions when a rule asks for a share of the points
    on each (Armor 3B: a third on each side [SCN VII.B]): each counter to the region with the
    fewest points so far, dearest first."""
    rule = next((r for r in rules if isinstance(r, SharePerEntryRule)), None)
    setup = side.setup
    if rule is None or not isinstance(setup, EntryPlacement):
        return forces
    regions = list(getattr(setup.region, "regions", [setup.region]))
    if len(regions) < 2:
        return forces
    singles = sorted(
        (e.model_copy(update={"count": 1}) for e in forces for _ in range(e.count)),
        key=lambda e: -costs.get(e.unit, 0),
    )
    points = [0] * len(regions)
    placed: list[ForceEntry] = []
    for entry in singles:
        k = min(range(len(regions)), key=points.__getitem__)
        points[k] += costs.get(entry.unit, 0)
        placement = EntryPlacement(region=regions[k], turn=setup.turn, formation=setup.formation)
        placed.append(entry.model_copy(update={"placement": placement}))
    return placed


def _record(
    side: Side,
    choice: PurchaseChoice,
    nation: str,
    mission: Mission | None,
    report: object,
    basket: _Basket,
    attempts: int,
) -> Bought:
    counts: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for offer in basket.items:
        label = offer.line.what + (f" ({', '.join(offer.state)})" if offer.state else "")
        if offer.kind == "reinforcement":
            label += ", reinforcement"
        counts[label] += offer.line.count  # a price that buys several (Soldiers' grenades)
        points[label] += offer.cost
    items = tuple((label, n, points[label]) for label, n in counts.items())
    unplayed = tuple(
        dict.fromkeys(
            f"{o.line.what} (bought because a rule requires it)"
            for o in basket.items
            if not o.plays
        )
    )
    needed: Counter[tuple[str, str]] = Counter(
        (offer.line.what, why) for offer, why in basket.needed
    )
    kind = getattr(report, "kind", "points")
    return Bought(
        side.id,
        side.name,
        choice,
        nation,
        mission.id if mission else None,
        basket.budget,
        basket.spent,
        "FP" if kind == "force-points" else "points",
        items,
        unplayed,
        attempts,
        tuple(f"{n} x {what}: {why}" for (what, why), n in needed.items()),
    )
