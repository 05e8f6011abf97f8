"""Every typed special rule of every built-in scenario, of all four systems, is enforced by its
system's engine or said not to be in the outcome of its games (:mod:`rules.engine.special_rules`).

Each system's game declares what its engine enforces, by kind (``Game.enforces``: Panzer '44's
in :mod:`rules.panzer44.scenario_rules`, the others' terrain overrides through the shared
movement costs); every other rule (a kind not declared, a kind of fire or a section left out, a
field the engine does not read, a rule in the book's words, an optional one, a mission's) is
listed with why in ``Outcome.not_enforced``, the same for every system. The walk fails on a
rule that is neither.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from toy.system import SCENARIO as TOY_SCENARIO
from toy.system import install, uninstall

from editor.cli.main import main
from editor.testplay.log import victory_html
from model.scenario import Scenario
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from model.systems import GameSystem
from model.victory import ExitAllowed, FireBan, TextRule, TurnSpan, UnitFilter
from rules.bots.base import make_bot, play
from rules.engine.core import Game
from rules.engine.errors import UnsupportedGameError
from rules.engine.special_rules import (
    Enforce,
    describe,
    names_of,
    special_rules,
    why_not_enforced,
)
from rules.registry import load_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*/*.yaml"))


def name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


@functools.cache
def loaded(path: Path) -> LoadedScenario:
    return load_scenario(path)


@functools.cache
def game_type(system: GameSystem) -> type[Game]:
    """The system's game, as the registry makes it for the first of its built-in scenarios it
    plays (a scenario it refuses, its forces not bought, says nothing of it)."""
    for path in SCENARIOS:
        if loaded(path).scenario.system is system:
            try:
                return type(load_game(loaded(path)))
            except UnsupportedGameError:
                continue
    raise AssertionError(f"no built-in scenario of {system.value} is played")


def verdicts(game: type[Game], scenario: Scenario) -> Iterator[tuple[str, str, str | None]]:
    """Each special rule's label, its words in lists, and the line saying it is not enforced
    (None: the engine enforces it)."""
    reported = game.rules_not_enforced(scenario)
    for label, rule in special_rules(scenario):
        head = f"{describe(label, rule)}: not enforced: "
        found = [line for line in reported if line.startswith(head)]
        assert len(found) <= 1
        yield label, describe(label, rule), found[0] if found else None


# --- the walk ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SCENARIOS, ids=name)
def test_every_special_rule_is_enforced_or_reported_as_not(path: Path) -> None:
    """A rule not reported is one the system's engine declares it enforces: its kind, all it
    names, no field the engine leaves out, not optional, not a mission's (no engine plays
    missions); and nothing else is reported."""
    scenario = loaded(path).scenario
    game = game_type(scenario.system)
    rules = dict(special_rules(scenario))
    lines = list(verdicts(game, scenario))
    for label, words, line in lines:
        if line is not None:
            continue
        rule = rules[label]
        how = game.enforces.get(rule.kind)
        assert how is not None, f"{words}: {game.__name__} declares no {rule.kind} rules"
        assert not rule.optional and not (label.startswith("mission") and not game.plays_missions)
        assert how.names is None or set(names_of(rule)) <= how.names, words
        assert why_not_enforced(rule, game.enforces) is None, words
    reported = game.rules_not_enforced(scenario)
    assert len(reported) == sum(1 for *_, line in lines if line is not None)


def playable_with_rules() -> list[Path]:
    found = []
    for path in SCENARIOS:
        scenario = loaded(path).scenario
        if not list(special_rules(scenario)):
            continue
        try:
            load_game(loaded(path))
        except UnsupportedGameError:
            continue
        found.append(path)
    return found


@pytest.mark.parametrize("path", playable_with_rules(), ids=name)
def test_the_outcome_of_a_game_lists_the_rules_not_enforced(path: Path) -> None:
    """A seeded random game of each built-in scenario with special rules that the engine plays:
    its outcome lists exactly the rules its engine did not enforce (none where it enforces
    them all)."""
    game = load_game(loaded(path))
    state = game.new_initial_state(1)
    play(state, {s: make_bot("random", i + 1) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.not_enforced == type(game).rules_not_enforced(game.scenario)
    assert state.outcome() == outcome  # asked again, the same


# --- what the engines enforce -----------------------------------------------------------------


def test_panzer_44_enforces_every_rule_of_its_book_scenarios_but_two() -> None:
    """Panzer '44's fourteen scenarios: every special rule enforced, the bans of 19.1, 19.2,
    19.6 and 20.4 among them, but the optional balance rule of 19.2 and 20.3's flooding, kept in
    the book's words."""
    found = {
        f"{path.stem} {label}": line
        for path in SCENARIOS
        if path.parent.name == "panzer44"
        for label, _, line in verdicts(game_type(GameSystem.PANZER44), loaded(path).scenario)
    }
    assert len(found) == 18
    left = {k: v for k, v in found.items() if v is not None}
    assert set(left) == {
        "19.2-sedan-revenged special rule 3",
        "20.3-counterattack-at-woensdrecht special rule 1",
    }
    assert "optional" in left["19.2-sedan-revenged special rule 3"]
    assert "in the book's words only" in left["20.3-counterattack-at-woensdrecht special rule 1"]
    for enforced in (
        "19.1-behind-utah special rule 1",  # no Direct Fire on Game-Turn One
        "19.2-sedan-revenged special rule 1",  # no German fire on Game-Turn One
        "19.6-hells-highway special rule 1",  # no American overrun on Game-Turn Ten
        "20.4-action-at-menzelen special rule 1",  # Ley: never German
        "20.4-action-at-menzelen special rule 2",  # Ley: British on the final Game-Turn
    ):
        assert found[enforced] is None


def test_the_other_systems_enforce_terrain_overrides_and_report_the_rest() -> None:
    """Armor, Soldiers and Panzer Command enforce the terrain overrides their movement costs
    apply (Armor its scenarios' fire bans too, :mod:`rules.armor.scenario_rules`); a rule in
    words of Panzer Command and Soldiers' rule overrides are reported, and every mission's rules
    where the engine plays no missions (Soldiers plays them [19.1]: a mission not played is
    reported as such)."""
    lines = {
        (path.stem, label): line
        for path in SCENARIOS
        for label, _, line in verdicts(
            game_type(loaded(path).scenario.system), loaded(path).scenario
        )
    }
    assert lines[("10-dawn-patrol", "special rule 1")] is None  # the impassable river
    assert lines[("21-hedgerow-assault", "special rule 1")] is None
    assert lines[("2a-trading-ground", "special rule 2")] is None  # [SCN VI.A.3]
    assert "book's words only" in (lines[("point-161", "special rule 1")] or "")
    assert "rule-override" in (lines[("10-dawn-patrol", "special rule 5")] or "")
    # Soldiers plays missions [19.1]: the played one's rules are judged, the others' reported
    # (the Raid's exit: after the target is destroyed or three cycles, read whole [20.3])
    assert lines[("20-vire-bridges", "mission 'raid' special rule 1")] is None
    assert "'Advance Patrol' is not played" in (
        lines[("20-vire-bridges", "mission 'advance-patrol' special rule 1")] or ""
    )
    # 4B's supply dumps are Clear terrain of level +1 on the map, for every rule [SCN VIII.B.3]
    assert lines[("4b-raid", "special rule 1")] is None
    # 26's ford in words is played by the map's terrain edit, 1 AP more [26.1]
    assert lines[("26-airborne", "special rule 2")] is None


# --- the mechanism ----------------------------------------------------------------------------


def test_an_enforced_kind_reports_what_it_leaves_out() -> None:
    """By what a rule names (a kind of fire not banned), by a field not read (an exit's units
    filter), by its form (a check), and optional rules whatever their kind."""
    p44 = game_type(GameSystem.PANZER44).enforces
    spans = TurnSpan(first=1, last=1)
    both = FireBan(fire=["opportunity", "tracking"], turns=spans)
    assert why_not_enforced(both, p44) == "this engine does not enforce it for 'tracking'"
    assert why_not_enforced(FireBan(fire=["direct"], turns=spans), p44) is None
    region = {"kind": "edge", "edge": "south"}
    exit_any = ExitAllowed.model_validate({"side": "us", "region": region})
    assert why_not_enforced(exit_any, p44) is None
    exit_some = exit_any.model_copy(update={"units": UnitFilter(types=["PzIV"])})
    assert "its units is not enforced: any unit of the side may exit" in (
        why_not_enforced(exit_some, p44) or ""
    )
    optional = FireBan(fire=["direct"], turns=spans, optional=True)
    assert "optional" in (why_not_enforced(optional, p44) or "")
    checked = {"text": Enforce(check=lambda rule: "never")}
    assert why_not_enforced(TextRule(text="words"), checked) == "never"
    assert why_not_enforced(TextRule(text="words"), {}) == "a rule in the book's words only"


@pytest.fixture
def toy() -> Iterator[GameSystem]:
    system = install()
    yield system
    uninstall(system)


def test_a_system_that_declares_nothing_reports_every_rule(toy: GameSystem) -> None:
    """The outcome's list is the engine core's, for any system: the toy system, which declares
    no rule it enforces, lists a special rule added to its scenario in its outcome."""
    text = TOY_SCENARIO.read_text(encoding="utf-8")
    text = text.replace(
        "\nvictory:", "\nspecial_rules:\n  - {kind: text, text: Nobody retreats.}\nvictory:", 1
    )
    game = load_game(parse_scenario(text, str(TOY_SCENARIO)))
    state = game.new_initial_state(1)
    play(state, {s: make_bot("random", i + 1) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.not_enforced == (
        'special rule 1 (text) "Nobody retreats.": not enforced: a rule in the book\'s words only',
    )


def test_play_and_test_play_show_the_rules_not_enforced(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``hexwright play`` prints them, its JSON carries them, Test Play's end shows them."""
    path = ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"
    assert main(["play", str(path), "--bots", "random,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert '  not enforced: 1\n    special rule 3 (text) "To balance play' in out
    assert main(["play", str(path), "--bots", "random,random", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (line,) = data["not_enforced"]
    assert line.startswith('special rule 3 (text) "To balance play, drop the German Panic')
    game = load_game(loaded(path))
    state = game.new_initial_state(1)
    play(state, {s: make_bot("random", i + 1) for i, s in enumerate(game.sides)})
    outcome = state.outcome()
    assert outcome is not None
    html = victory_html(outcome, game.sides, str.upper)
    assert "Special rules the engine did not enforce" in html and "To balance play" in html
