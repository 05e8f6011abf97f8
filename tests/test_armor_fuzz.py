"""Seeded fuzz over every built-in Armor scenario: random games never raise, keep the invariants
after every action and end at the scenario's last Turn with the book's verdict [SCN IV].

The suite plays ``HEXWRIGHT_FUZZ_GAMES`` random-bot games (default: one per scenario) and one
heuristic-bot game on each of three scenarios; ``make fuzz-tests`` plays 200 random games and one
heuristic game per scenario (a game takes 6-35 s, most of it listing each unit's orders).

Most scenarios leave the forces to the Point Selection of Forces [SCN III.D.2] and the engine
refuses them as written (:func:`rules.armor.setup.deploy`); here the test supplies them. The
book prints six sample orders of battle in Scenario One [SCN V.A.4] (kept in
``1b-confused-situation.yaml``'s ``sample_forces``); a game plays them where they fit the
scenario's points, else a force the test buys: the sample cut down (its dearest Combat unit
dropped until it fits), with the Terrain Support a scenario requires, or light forces where the
scenario allows nothing else (4B). Every force is checked legal by the book's purchase rules
(:mod:`rules.armor.pointbuy`, ``test_every_test_force_is_a_legal_purchase``). The game's seed
picks the pairing, so a run of games covers them all. Our choices, not the book's: the
Advanced Game samples' Infantry ride on their Trucks [ADV IV.B.1.f]; Terrain Support is bought
as purchases (the engine does not place it yet); 2B's Engineers are the scenario's
reinforcements, which the engine does not bring on yet; 3B's attacker buys two samples cut to
150 Points, one entering on Side A, the other on Side B.

Checked after every action:

- the invariants of :mod:`rules.armor.invariants` (units on the map, stacking and transport,
  knocked-out and exited units, no shared hex after [AG VII.D]);
- every listed legal action passes the check ``apply`` makes, and a seeded sample of them
  applies to a clone;
- a clone has the same fingerprint.

At the end: the game is over at the scenario's last Turn with an outcome whose Verdict [SCN IV]
names a winner with a level of victory, or a draw.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
import random
from pathlib import Path

import pytest

from model.scenario import AreaPlacement, EntryPlacement, ForceEntry, Purchase, Side
from model.scenario_io import LoadedScenario, load_scenario
from rules.armor import scenario_rules
from rules.armor.adjudication import CLEARLY, DRAW, HANDILY, WON
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.invariants import invariants
from rules.bots.base import Bot, make_bot
from rules.pointbuy.report import budget_report
from rules.registry import load_game

HERE = Path(__file__).parent.parent / "scenarios" / "armor"
SCENARIOS = sorted(p.name for p in HERE.glob("*.yaml"))
GAMES = int(os.environ.get("HEXWRIGHT_FUZZ_GAMES", str(len(SCENARIOS))))
CASES = [(SCENARIOS[i % len(SCENARIOS)], 3000 + i // len(SCENARIOS)) for i in range(GAMES)]
#: The heuristic games: every scenario under ``make fuzz-tests``, else a point-buy scenario with
#: reinforcements from two sides, the Armor Game's 1A and the Advanced Game's demo.
HEURISTIC = (
    SCENARIOS
    if "HEXWRIGHT_FUZZ_GAMES" in os.environ
    else [
        n
        for n in SCENARIOS
        if n in ("1a-spearheads.yaml", "3b-surrounded.yaml", "demo-advanced.yaml")
    ]
)

# --- the forces ----------------------------------------------------------------------------

_NATIONS = {"German": "germany", "American": "us", "British": "britain"}
#: The vehicles the Infantry of a force ride on (our choice [ADV IV.B.1.f]).
CARRIERS = frozenset({"MEDIUM-TRUCK", "M3-HALFTRACK", "SPW-251-1", "GB-MEDIUM-TRUCK"})
#: One side's forces: a Force, or its nation and the entries made for the scenario.
Forces = dict[str, "Force | tuple[str, list[ForceEntry]]"]


@dataclasses.dataclass(frozen=True)
class Force:
    """One side's order of battle: its nation, its units (code, count) and its purchases."""

    name: str
    nation: str
    units: tuple[tuple[str, int], ...]
    purchases: tuple[tuple[str, int], ...] = ()

    def points(self, side: Side) -> int:
        return _priced(side, self)

    def entries(self, placement: EntryPlacement | AreaPlacement | None = None) -> list[ForceEntry]:
        """The force as entries; Infantry ride on the Trucks or Half-Tracks (our choice)."""
        found = []
        for code, count in self.units:
            label = "carriers" if code in CARRIERS else None
            mounted = "carriers" if "INFANTRY" in code and self._carried() else None
            found.append(
                ForceEntry(
                    unit=code, count=count, label=label, mounted_on=mounted, placement=placement
                )
            )
        return found

    def _carried(self) -> bool:
        return any(c in CARRIERS for c, _ in self.units)

    def cut(self, side: Side, points: int) -> Force:
        """The force with its dearest Combat unit dropped, one at a time, until it and its
        purchases fit ``points``."""
        force = self
        while force.points(side) > points:
            prices = {c: _priced(side, Force("", force.nation, ((c, 1),))) for c, _ in force.units}
            dearest = max(prices, key=lambda c: (prices[c], c))
            units = tuple((c, n - (c == dearest)) for c, n in force.units if n - (c == dearest) > 0)
            force = dataclasses.replace(force, name=f"{force.name} -{dearest}", units=units)
        return force

    def buying(self, *items: tuple[str, int]) -> Force:
        return dataclasses.replace(self, purchases=self.purchases + items)


def _priced(side: Side, force: Force) -> int:
    loaded = _with_sides(_base("1a-spearheads.yaml"), {side.id: force}, sides=(side,))
    report = budget_report(loaded, side.id)
    assert report is not None
    return report.spent


@functools.cache
def _base(name: str) -> LoadedScenario:
    return load_scenario(HERE / name)


@functools.cache
def samples() -> dict[str, Force]:
    """The six sample orders of battle of Scenario One [SCN V.A.4], by name."""
    found = {}
    for side in _base("1b-confused-situation.yaml").scenario.sides:
        for s in side.sample_forces:
            units = tuple((u.unit, u.count) for u in s.units)
            found[s.name] = Force(s.name, _NATIONS[s.name.split(",")[0]], units)
    return found


#: Light forces [SCN VIII.B.4]: Leg units, Trucks, Half-Tracks, Bren Carriers, Armored Cars
#: and Jeeps, bought by the test.
LIGHT = {
    "germany": Force(
        "German light",
        "germany",
        (("SDKFZ-234-1", 3), ("SPW-251-1", 2), ("GE-INFANTRY-SQUAD", 2), ("GE-MEDIUM-TRUCK", 1)),
    ),
    "us": Force(
        "American light",
        "us",
        (("M8-GREYHOUND", 3), ("M3-HALFTRACK", 2), ("US-INFANTRY-SQUAD", 2), ("JEEP", 2)),
    ),
    "britain": Force(
        "British light",
        "britain",
        (("DAIMLER", 3), ("BREN-CARRIER", 2), ("GB-INFANTRY-SQUAD", 2), ("GB-MEDIUM-TRUCK", 2)),
    ),
}

#: Terrain Support for a defender that must spend at least 50 Points on it [SCN VII.B.4].
SUPPORT_50 = (("BUNKER", 1), ("PILLBOX", 1), ("MINES", 1), ("WIRE", 1))
#: ... and at least 80 [SCN VIII.B.4].
SUPPORT_80 = (*SUPPORT_50, ("MINES", 2), ("BLOCK", 2))


def _pairings() -> list[tuple[Force, Force]]:
    """German against Allied, each sample against each: 2 x 4 pairings."""
    s = samples()
    german = [f for n, f in s.items() if f.nation == "germany"]
    allied = [f for n, f in s.items() if f.nation != "germany"]
    return list(itertools.product(german, allied))


def _sides(loaded: LoadedScenario) -> tuple[Side, Side]:
    first, second = loaded.scenario.sides
    return first, second


@functools.cache
def forces_for(name: str) -> list[Forces]:
    """Every pairing of forces the fuzz plays in the scenario (the seed picks one)."""
    loaded = _base(name)
    first, second = _sides(loaded)
    if all(s.forces for s in loaded.scenario.sides) and name != "1a-spearheads.yaml":
        return [{}]  # the scenario's own forces
    found: list[Forces] = []
    if name.startswith("1"):  # Scenario One: German against Allied, the samples
        for german, allied in _pairings():
            found.append({first.id: german, second.id: allied})
        return found
    attacker, defender = first, second
    assert (attacker.role, defender.role) == ("attacker", "defender")
    a_points, d_points = _points(attacker), _points(defender)
    for german, allied in _pairings():
        for a, d in ((german, allied), (allied, german)):
            if name.startswith("4b"):
                a, d = LIGHT[a.nation], LIGHT[d.nation]
            if name.startswith(("3b", "3c")):
                d = d.buying(*SUPPORT_50)
            elif name.startswith("4b"):
                d = d.buying(*SUPPORT_80)
            d = d.cut(defender, d_points - _reinforcements(name, defender))
            if name.startswith("3b"):
                found.append({attacker.id: _surround(attacker, a), defender.id: d})
                continue
            found.append({attacker.id: a.cut(attacker, a_points), defender.id: d})
    return _distinct(found)


def _points(side: Side) -> int:
    assert side.budget is not None
    return side.budget.points


def _reinforcements(name: str, side: Side) -> int:
    """Points the scenario's own reinforcements cost (2B's Engineers and their transport)."""
    if not side.reinforcements:
        return 0
    report = budget_report(_with_sides(_base(name), {side.id: Force("", "us", ())}), side.id)
    assert report is not None
    return report.spent


def _surround(side: Side, force: Force) -> tuple[str, list[ForceEntry]]:
    """3B's attacker: this sample and the nation's other one, each cut to 150 Points, one
    entering on Side A, the other on Side B (a third of the Points on each [SCN VII.B.5])."""
    assert isinstance(side.setup, EntryPlacement)
    edges = list(getattr(side.setup.region, "regions", []))
    other = next(f for f in samples().values() if f.nation == force.nation and f != force)
    found = []
    for f, edge in zip((force, other), edges, strict=True):
        found += f.cut(side, 150).entries(EntryPlacement(region=edge))
    return force.nation, found


def _distinct(found: list[Forces]) -> list[Forces]:
    seen: list[Forces] = []
    for f in found:
        if f not in seen:
            seen.append(f)
    return seen


def _with_sides(
    loaded: LoadedScenario,
    forces: Forces,
    sides: tuple[Side, ...] | None = None,
) -> LoadedScenario:
    new = []
    for side in sides or loaded.scenario.sides:
        force = forces.get(side.id)
        if isinstance(force, Force):
            update = {
                "nation": force.nation,
                "forces": force.entries(),
                "purchases": [Purchase(item=i, count=n) for i, n in force.purchases],
            }
        elif force is not None:  # entries made for the scenario (3B's attacker)
            update = {"nation": force[0], "forces": force[1]}
        else:
            update = {}
        new.append(side.model_copy(update=update))
    return dataclasses.replace(loaded, scenario=loaded.scenario.model_copy(update={"sides": new}))


def scenario_with_forces(name: str, seed: int) -> LoadedScenario:
    """The scenario with the pairing of forces the seed picks."""
    options = forces_for(name)
    return _with_sides(_base(name), options[seed % len(options)])


@functools.cache
def game(name: str, pairing: int) -> ArmorGame:
    found = load_game(scenario_with_forces(name, pairing))
    assert isinstance(found, ArmorGame)
    return found


def play_checked(
    name: str, seed: int, kinds: tuple[str, str] = ("random", "random"), sample: int = 1
) -> ArmorState:
    """A seeded game to its end, every invariant checked after every action; ``sample``
    listed actions other than the chosen one are applied to a clone at each step."""
    state = game(name, seed % len(forces_for(name))).new_initial_state(seed)
    bots: dict[str, Bot] = {
        s: make_bot(k, seed * 10 + i)
        for i, (s, k) in enumerate(zip(state.game.sides, kinds, strict=True))
    }
    rng = random.Random(seed)
    for _ in range(100_000):
        if state.is_terminal():
            break
        side = state.to_act()[0]
        actions = state.legal_actions(side)
        assert actions, f"{name} seed {seed}: {side} to act with no legal action"
        for a in actions:
            why = state.why_not(a)
            assert why is None, f"{name} seed {seed}: '{a.text()}' is listed but {why}"
        for a in rng.sample(actions, min(sample, len(actions))):
            state.clone().apply(a)
        action = bots[side].choose(state, side)
        state.apply(action)
        where = f"{name} seed {seed}, turn {state.play.turn}, after '{action.text()}'"
        wrong = invariants(state)
        assert not wrong, f"{where}: {wrong}"
        assert state.clone().fingerprint() == state.fingerprint(), where
    assert state.is_terminal()
    assert state.play.turn == state.game.turns or scenario_rules.ends_game(state)  # 2B [VI.B.6]
    outcome = state.outcome()
    assert outcome is not None and outcome.verdict is not None, name
    level = outcome.verdict.level
    if outcome.winner is None:
        assert level == DRAW, f"{name} seed {seed}: no winner, but '{level}'"
    else:
        assert outcome.winner in state.game.sides
        assert level in (HANDILY, WON, CLEARLY), f"{name} seed {seed}: '{level}'"
    assert "[SCN IV" in outcome.verdict.rule
    return state


# --- the tests ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_a_random_game_keeps_every_invariant_to_its_end(name: str, seed: int) -> None:
    play_checked(name, seed)


@pytest.mark.parametrize("name", HEURISTIC)
def test_a_heuristic_game_plays_to_its_end(name: str) -> None:
    """The heuristic bot against itself, one game per scenario, every invariant checked."""
    play_checked(name, 11, ("heuristic", "heuristic"), sample=0)


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_test_force_is_a_legal_purchase(name: str) -> None:
    """[SCN III.D.2]: each force the test supplies keeps the book's purchase rules and the
    scenario's, within its points (Scenario One's own samples are the book's [SCN V.A.4])."""
    options = forces_for(name)
    assert options
    for i in range(len(options)):
        loaded = scenario_with_forces(name, i)
        for side in loaded.scenario.sides:
            report = budget_report(loaded, side.id)
            if report is None:
                continue
            assert report.left is not None and report.left >= 0, (name, i, side.id)
            assert not report.broken, (name, i, side.id, [r.why for r in report.broken])


def test_the_same_seed_gives_the_same_game() -> None:
    first, second = (play_checked("demo-crossroads.yaml", 7, sample=0) for _ in range(2))
    assert first.fingerprint() == second.fingerprint()
    assert [a.text() for a in first.history] == [a.text() for a in second.history]
