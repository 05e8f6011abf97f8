"""Soldiers set-up of a scenario whose forces are bought [19]: the intelligence difference and the
scenario's Intelligence Summary [19.41], each side's deployment mode and area, every man of the
forces where he starts, and the reinforcement groups waiting off the map [19.3].

The set-up sequence [19]: the attacker's mission, the purchase (the scenario file's forces and
purchases), the intelligence difference, deployment, operational moves, the first Command
Cycle. What this engine does with each bracket of the Intelligence Summary:

- ``advantage``: the side that starts with the advantage [5.11; 19.41] (``advantage check``:
  the roll-off [10.4]);
- ``modes``: the deployment mode of a side whose ``setup`` is ``{kind: mode}``; a side the
  bracket gives no mode sets up in its first mode (our reading: the scenario lists the usual
  one first);
- ``deploys_first``: logged; the engine deploys for both players at once, so who sees whose
  set-up first changes nothing here (our reading);
- ``reveal``: the side deploying first reveals its hidden equipment, "except minefields"
  [20.4; 21.4; 23.4; 24.4; 25.4]: its MGs deploy openly, not hidden [14.11], and its radio
  marker is on the map from the start [17.11] (:func:`rules.soldiers.hidden_guns.revealing`);
- ``operational_moves``: the sides that make scenario-start operational moves
  (:mod:`rules.soldiers.operational` [6.33]).

Men are spread over their area in printed-ID order, standing in for the owner's choice [10.2;
19]; in a mode area made of zones (Scattered and the like), man after man goes to the next zone,
so that every zone holds a man before any holds two (the "at least one man in each of N zones"
of 20.5, our reading for every mode). A region the owner chooses among (``choice``) is its
first option (our reading: the engine takes the first), except where a roll picks it: each
option's spread is kept for scenario 25's zone group roll [25.5]
(:mod:`rules.soldiers.zone_groups`); an airdrop is spread over the drop
region here, then landed by its tables when the game starts (:mod:`rules.soldiers.airdrop`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from model.hexes import Hex
from model.regions import AnyOf, Choice, Region, Zones
from model.scenario import (
    AirdropPlacement,
    AreaPlacement,
    EventCondition,
    ForceEntry,
    HexPlacement,
    IntelligenceBracket,
    Mission,
    ModePlacement,
    Placement,
    Reinforcement,
    Scenario,
    Side,
)
from rules.engine.errors import UnsupportedGameError
from rules.soldiers.units import Chit, Man, catalogue_entry, entry_men

CHOICE = "standing in for the owner's choice [10.2; 19]: spread over {where} in printed-ID order"
#: The catalogue's stand-ins for what a side buys (a scenario file not yet bought holds them).
STAND_IN = "purchase-group"
INTELLIGENCE = "INTELLIGENCE"


@dataclass(frozen=True)
class Intelligence:
    """The intelligence difference [19.41]: what each side spent, the side that spent more
    (None: equal), the difference, and the scenario's bracket it falls in (None: the scenario
    has no Intelligence Summary, or no bracket fits)."""

    spent: dict[str, int]
    favours: str | None
    difference: int
    bracket: IntelligenceBracket | None

    def words(self) -> str:
        spent = ", ".join(f"{s} {n}" for s, n in self.spent.items())
        label = f"{self.favours} {self.difference}" if self.favours else "0"
        found = f"bracket '{self.bracket.difference}'" if self.bracket else "no bracket"
        return f"intelligence spent: {spent}; difference {label}: {found} [19.41]"


def intelligence(scenario: Scenario) -> Intelligence:
    """The intelligence difference and its bracket of the Intelligence Summary [19.41]: the
    greater expenditure minus the lesser, labelled with the side that spent more; a difference
    of 0 falls in the bracket whose range starts at 0."""
    spent = {
        s.id: sum(p.count for p in s.purchases if p.item.upper() == INTELLIGENCE)
        for s in scenario.sides
    }
    ranked = sorted(spent.items(), key=lambda kv: -kv[1])
    difference = ranked[0][1] - ranked[-1][1]
    favours = ranked[0][0] if difference else None
    found = None
    for bracket in scenario.intelligence:
        side, low, high = parse_bracket(bracket.difference)
        if low <= difference <= high and (side == favours or (difference == 0 and low == 0)):
            found = bracket
            break
    return Intelligence(spent, favours, difference, found)


def parse_bracket(text: str) -> tuple[str, int, float]:
    """A bracket's words, ``us 6+`` or ``german 1-3``: the side, the lowest and the highest
    difference (``+``: no highest)."""
    match = re.fullmatch(r"\s*(\S+)\s+(\d+)\s*(?:(\+)|-\s*(\d+))?\s*", text)
    if match is None:
        raise UnsupportedGameError(
            f"the intelligence bracket '{text}' is not 'SIDE N-M' or 'SIDE N+'"
        )
    side, low, plus, high = match.groups()
    top: float = float("inf") if plus else int(high) if high else int(low)
    return side, int(low), top


@dataclass(frozen=True)
class Group:
    """A reinforcement group [19.3]: its men and their squads, the hexes they enter by (the
    map-edge hexes of its entry region [19.32]), and what brings it: a scenario event's slot
    (``A2``), a Command Cycle, or neither (on the Command Track from the start)."""

    id: str
    side: str
    men: tuple[str, ...]
    entry: frozenset[Hex]
    slot: str | None
    cycle: int | None
    words: str


@dataclass
class Deployment:
    """Every man of the scenario, his chits, and where each man on the map starts (``hexes``,
    with how he came there), the reinforcement groups, the depleted squads (their losses are
    drawn when the game starts [19.21]), each side's deployment mode, and the intelligence."""

    men: list[Man] = field(default_factory=list)
    chits: list[Chit] = field(default_factory=list)
    hexes: dict[str, Hex] = field(default_factory=dict)
    how: dict[str, str] = field(default_factory=dict)
    groups: list[Group] = field(default_factory=list)
    depleted: list[str] = field(default_factory=list)
    modes: dict[str, str] = field(default_factory=dict)
    #: A mode whose area is a ``choice`` of the owner's: where its men start in each option,
    #: by the option's number from 1 (option 1 is also in ``hexes``); scenario 25's zone group
    #: roll picks one when the game starts [25.5] (:mod:`rules.soldiers.zone_groups`).
    options: dict[int, dict[str, Hex]] = field(default_factory=dict)
    intel: Intelligence | None = None
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class MapFacts:
    """What the set-up needs of the map: a region's hexes, printed names, the hexes a man may
    enter, and the map-edge hexes."""

    region: Callable[[Region], frozenset[Hex]]
    names: dict[Hex, str]
    enterable: frozenset[Hex]
    edge: frozenset[Hex]


def stand_in(entry: ForceEntry) -> bool:
    """Whether the entry is one of the catalogue's stand-ins for what a side buys (a group
    bought keeps scenario 26's ``INITIAL-SQUADS`` beside its squads: it puts no man on the
    map)."""
    return catalogue_entry(entry.unit).category == STAND_IN


def refuse_unbought(scenario: Scenario, side: Side) -> None:
    """A side with no counter but the scenario's stand-ins (not bought) cannot be played.

    Raises:
        UnsupportedGameError: the side has no man of its own.
    """
    entries = [*side.forces, *(u for r in side.reinforcements for u in r.units)]
    from rules.pointbuy.report import side_missions

    if not entries and side.budget is None and not side_missions(scenario, side.id):
        raise UnsupportedGameError(
            f"side '{side.id}' has no men: no forces, reinforcements or points to buy them "
            "with; give it forces in the Order of Battle"
        )
    if not [e for e in entries if not stand_in(e)]:
        raise UnsupportedGameError(
            f"side '{side.id}' has no fixed forces: the book leaves them to a point purchase "
            "[19.2]; buy the forces in the editor (Point buy) and play the saved scenario"
        )


class _Men:
    """The men made so far, numbering the counters bought of one id [19.45]."""

    def __init__(self, dep: Deployment) -> None:
        self.dep = dep
        self.copies: dict[tuple[str, str], int] = {}

    def make(self, side: Side, entry: ForceEntry) -> list[list[Man]]:
        found: list[list[Man]] = []
        if stand_in(entry):
            return found
        for _ in range(entry.count):
            key = (side.id, entry.unit)
            self.copies[key] = self.copies.get(key, 0) + 1
            men, chits = entry_men(side, entry.unit, self.copies[key])
            self.dep.men.extend(men)
            self.dep.chits.extend(chits)
            if "depleted" in entry.state and men:
                self.dep.depleted.append(men[0].squad)
            found.append(men)
        return found


def deploy(scenario: Scenario, facts: MapFacts) -> Deployment:
    """Every man of the scenario and where he starts; the reinforcement groups off the map.

    Raises:
        UnsupportedGameError: a side not bought, or a placement the engine cannot make.
    """
    dep = Deployment()
    dep.intel = intelligence(scenario) if scenario.intelligence else None
    made = _Men(dep)
    for side in scenario.sides:
        refuse_unbought(scenario, side)
        mode = _mode(side, dep)
        for entry in side.forces:
            placement = entry.placement or side.setup
            for men in made.make(side, entry):
                _place(side, placement, mode, men, facts, dep)
                _crew_together(men, dep)
        for i, group in enumerate(side.reinforcements):
            men = [m for e in group.units for ms in made.make(side, e) for m in ms]
            if men:  # a group of stand-ins alone brings nobody (our reading)
                dep.groups.append(_group(side, i, group, men, facts))
    return dep


def _crew_together(men: list[Man], dep: Deployment) -> None:
    """An MMG's or HMG's crew sets up in one hex, the hex of the weapon [14.11]: its first
    crewman's."""
    first = next((m for m in men if m.team is not None), None)
    for m in men:
        if first is not None and m.team == first.team and first.id in dep.hexes:
            dep.hexes[m.id] = dep.hexes[first.id]


def _mode(side: Side, dep: Deployment) -> str | None:
    """The deployment mode of a side that sets up by mode: the bracket's, else its first."""
    if not isinstance(side.setup, ModePlacement):
        return None
    if not side.deployment_modes:
        raise UnsupportedGameError(f"side '{side.id}' sets up by mode but lists no modes")
    bracket = dep.intel.bracket if dep.intel else None
    given = bracket.modes.get(side.id) if bracket else None
    mode = given if given in side.deployment_modes else next(iter(side.deployment_modes))
    dep.modes[side.id] = mode
    why = "the intelligence bracket's [19.41]" if given else "its first (our reading)"
    dep.notes.append(f"{side.id} deploys in mode '{mode}': {why}")
    return mode


def _parts(region: Region, option: int = 1) -> list[Region]:
    """The zones of a region one by one (a ``zones`` region, or ``any-of`` such), else the
    region whole; a ``choice`` is its ``option``-th option (from 1; the first unless a roll
    picks another, our reading [25.5])."""
    if isinstance(region, Choice):
        return _parts(region.options[min(option, len(region.options)) - 1])
    if isinstance(region, Zones):
        return [Zones(board=region.board, zones=[z]) for z in region.zones]
    if isinstance(region, AnyOf):
        return [p for r in region.regions for p in _parts(r)]
    return [region]


def _area(hexes: frozenset[Hex], facts: MapFacts) -> list[Hex]:
    names = facts.names
    return sorted((h for h in hexes if h in names and h in facts.enterable), key=names.__getitem__)


def _place(
    side: Side,
    placement: Placement | None,
    mode: str | None,
    men: list[Man],
    facts: MapFacts,
    dep: Deployment,
) -> None:
    if isinstance(placement, HexPlacement):
        area = [h for h, n in facts.names.items() if n == placement.hex.upper()]
        _spread(side, [_area(frozenset(area), facts)], men, facts, dep)
    elif isinstance(placement, AreaPlacement):
        _spread(side, [_area(facts.region(placement.region), facts)], men, facts, dep)
    elif isinstance(placement, ModePlacement) and mode is not None:
        modal = side.deployment_modes[mode]
        parts = [_area(facts.region(r), facts) for r in _parts(modal)]
        _spread(side, [p for p in parts if p], men, facts, dep, f"mode '{mode}'")
        if isinstance(modal, Choice):  # each option's spread, for a roll to pick [25.5]
            for k in range(1, len(modal.options) + 1):
                mine = Deployment(how=dict(dep.how))
                parts = [_area(facts.region(r), facts) for r in _parts(modal, k)]
                _spread(side, [p for p in parts if p], men, facts, mine, f"mode '{mode}'")
                dep.options.setdefault(k, {}).update(mine.hexes)
    elif isinstance(placement, AirdropPlacement):
        region = placement.region
        area = _area(facts.region(region) if region else facts.enterable, facts)
        _spread(
            side,
            [area],
            men,
            facts,
            dep,
            "the drop region, before the landing [26.4]",
        )
    elif placement is None:
        raise UnsupportedGameError(
            f"side '{side.id}': a unit with no placement, and the side has no set-up area "
            "('hexwright validate' shows where)"
        )
    else:
        raise UnsupportedGameError(
            f"side '{side.id}': this placement is not in the Soldiers engine yet"
        )


def _spread(
    side: Side,
    parts: list[list[Hex]],
    men: list[Man],
    facts: MapFacts,
    dep: Deployment,
    what: str = "",
) -> None:
    """Men spread over an area in printed-ID order; over several zones, man after man to the
    next zone (every zone a man before any has two)."""
    parts = [p for p in parts if p]
    if not parts:
        raise UnsupportedGameError(f"side '{side.id}': no hex to set up in")
    names = facts.names
    for k in range(len(parts)):
        mine = [m for i, m in enumerate(men) if i % len(parts) == k]
        area = parts[k]
        step = max(1, len(area) // (len(mine) + 1))
        where = what or f"{names[area[0]]}-{names[area[-1]]}"
        for i, man in enumerate(mine):
            dep.hexes[man.id] = area[min(len(area) - 1, step * (i + 1))]
            dep.how[man.id] = CHOICE.format(where=where)


def _group(side: Side, index: int, group: Reinforcement, men: list[Man], facts: MapFacts) -> Group:
    region = facts.region(group.entry)
    edge = frozenset(h for h in region if h in facts.edge and h in facts.enterable)
    # [19.32]: the men enter onto map-edge hexes; a region with none (a zone inland) is
    # entered anywhere in it (our reading)
    entry = edge or frozenset(h for h in region if h in facts.enterable)
    if not entry:
        raise UnsupportedGameError(
            f"side '{side.id}': reinforcement group {index + 1} has no entry hex"
        )
    cond = group.condition
    slot = cond.event.upper() if isinstance(cond, EventCondition) else None
    cycle = group.turn if slot is None else None
    if isinstance(cond, EventCondition):
        words = f"on event {slot}"
        if cond.text:
            words += f" ({cond.text}: not judged, our reading)"
    elif cycle:
        words = f"from Command Cycle {cycle}"
    else:
        words = "on the Command Track from the start (our reading of its arrival in words)"
    return Group(
        f"{side.id}.r{index + 1}", side.id, tuple(m.id for m in men), entry, slot, cycle, words
    )


def played_missions(scenario: Scenario) -> dict[str, Mission]:
    """The mission each side plays [19.1]: the one its ``mission`` names, else (our reading)
    the first of the scenario's missions for that side; a side with none plays none."""
    found: dict[str, Mission] = {}
    for side in scenario.sides:
        mine = [m for m in scenario.missions if m.side == side.id]
        chosen = next((m for m in mine if m.id == side.mission), mine[0] if mine else None)
        if chosen is not None:
            found[side.id] = chosen
    return found


def mission_words(scenario: Scenario) -> list[str]:
    """What the log says of the missions played [19.1]."""
    words = []
    by_id = {s.id: s for s in scenario.sides}
    for side, mission in played_missions(scenario).items():
        if by_id[side].mission == mission.id:
            words.append(f"{side} plays the mission '{mission.name}' [19.1]")
        else:
            words.append(
                f"{side} plays the mission '{mission.name}': the side names none, so its first "
                "(our reading) [19.1]"
            )
    return words
