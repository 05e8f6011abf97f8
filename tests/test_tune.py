"""Tune (issue 22): a scenario's knobs (rules/bots/knobs.py), the sensitivity sweeps and the
suggestion search (rules/bots/tune.py), and ``hexwright tune`` (editor/cli/tune.py).

The search is tested on a *coin* variant of the tests' toy system: its games are played by the
random bots through the State API as usual (each side's only action is Done), but the winner is a coin weighted by the scenario itself: Red wins when
the seed's uniform number ``u`` is under ``threshold/100 + 0.1 * (Red's rifles - 2)``, the
threshold being Red's ``vp-threshold`` condition. With the same seeds for every value, Red's
share can only grow with the threshold, and it is even near 50: a knob whose effect and even
point are known exactly.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from toy.system import SCENARIO, ToyGame, ToyState, install, rules_of, uninstall

from editor.cli.main import main
from model.scenario_io import dump_scenario, load_scenario, parse_scenario
from rules import registry
from rules.bots.knobs import KnobError, apply, knobs_of, parse_knob, record_note
from rules.bots.tune import GameCache, TuneReport, apply_suggestion, grid, tune
from rules.engine.actions import Action, Done
from rules.engine.core import Outcome

ROOT = Path(__file__).resolve().parent.parent
BUILT_IN = ROOT / "scenarios"


class CoinState(ToyState):
    def legal_actions(self, side: str | None = None) -> list[Action]:
        """Only Done: the coin decides, so a game is two actions (the tests stay fast)."""
        return [a for a in super().legal_actions(side) if isinstance(a, Done)]

    def judge(self) -> Outcome | None:
        if not self.where.over:
            return None
        scenario = self.game.scenario
        threshold = next(c.vp for c in scenario.victory.conditions if c.kind == "vp-threshold")
        rifles = sum(e.count for e in scenario.sides[0].forces if e.unit == "rifle")
        chance = threshold / 100 + 0.1 * (rifles - 2)
        u = random.Random(self.seed).random()  # the test's coin: one number per seed
        return Outcome({"red": 0.0, "blue": 0.0}, "red" if u < chance else "blue", "the coin")


class CoinGame(ToyGame):
    def new_initial_state(self, seed: int = 0) -> CoinState:
        return CoinState(self, seed)


COIN_CONDITION = (
    '    - {kind: vp-threshold, side: red, of: own, compare: ">=", vp: 20, '
    "award: {result: win}, note: the test's coin}\n"
)


@pytest.fixture
def coin(tmp_path: Path) -> Iterator[Path]:
    """The toy installed with the coin's judge, and its one-turn scenario's file."""
    system = install()
    registry.register(dataclasses.replace(rules_of(system), new_game=CoinGame))
    text = SCENARIO.read_text(encoding="utf-8").replace("{turns: 4}", "{turns: 1}")
    path = tmp_path / "coin.yaml"
    path.write_text(text + COIN_CONDITION, encoding="utf-8")
    yield path
    uninstall(system)


def _tune(path: Path, knobs: list[str], games: int, jobs: int = 2, **options: object) -> TuneReport:
    text = path.read_text(encoding="utf-8")
    all_knobs = knobs_of(parse_scenario(text, str(path)).scenario)
    chosen = [parse_knob(k, all_knobs) for k in knobs]
    with ThreadPoolExecutor(jobs) as pool:
        return tune(
            str(path), text, chosen, games, ["random", "random"], pool, today="2026-12-02",
            **options,  # type: ignore[arg-type]
        )  # fmt: skip


def _without_time(report: TuneReport) -> dict[str, object]:
    data = report.to_json()
    data.pop("seconds")
    return data


# --- knobs ---------------------------------------------------------------------------------------


def test_knobs_name_what_each_built_in_scenario_has() -> None:
    def ids(file: str) -> set[str]:
        return {k.id for k in knobs_of(load_scenario(BUILT_IN / file).scenario)}

    p44 = ids("panzer44/19.2-sedan-revenged.yaml")
    assert {"length", "panic:german", "panic:french", "support:french.1", "rule:fire-ban"} <= p44
    assert "count:french.arracourt-m3" in p44
    assert "unit:french.arracourt-m3" not in p44  # its M1s ride it: it cannot simply go
    ambush = ids("armor/4a-ambush.yaml")
    assert {"length", "budget:attacker", "budget:defender", "setup-depth:defender"} <= ambush
    assert {"budget:attacker", "budget:defender", "vp-award:3"} <= ids("armor/3b-surrounded.yaml")
    soldiers = ids("soldiers/10-dawn-patrol.yaml")
    assert "length" in soldiers and not any(k.startswith("rule:text") for k in soldiers)
    assert "reinforcement-turn:german.1" in ids("panzer-command/point-161.yaml")
    assert "mission-budget:raid" in ids("soldiers/20-vire-bridges.yaml")


@pytest.mark.parametrize(
    "file",
    [
        "panzer44/19.2-sedan-revenged.yaml",
        "armor/4a-ambush.yaml",
        "armor/3b-surrounded.yaml",
        "soldiers/20-vire-bridges.yaml",
        "panzer-command/point-161.yaml",
    ],
)
def test_every_knob_at_either_end_of_its_range_gives_a_scenario_that_loads(file: str) -> None:
    path = BUILT_IN / file
    text = path.read_text(encoding="utf-8")
    scenario = load_scenario(path).scenario
    knobs = knobs_of(scenario)
    for end in ("low", "high"):
        settings = {
            k.id: bool(end == "high") if k.kind == "bool" else getattr(k, end) for k in knobs
        }
        parse_scenario(dump_scenario(apply(scenario, settings), text), str(path))


def test_apply_returns_a_new_scenario_and_refuses_what_the_limits_refuse() -> None:
    scenario = load_scenario(BUILT_IN / "armor/4a-ambush.yaml").scenario
    changed = apply(scenario, {"length": 10, "budget:attacker": 150, "setup-depth:defender": 5})
    assert changed.length.turns == 10 and changed.side("attacker").budget.points == 150  # type: ignore[union-attr]
    assert changed.side("defender").setup.region.distance == 5  # type: ignore[union-attr]
    assert scenario.length.turns == 15 and scenario.side("attacker").budget.points == 100  # type: ignore[union-attr]
    with pytest.raises(KnobError, match=r"length: 1000 is out of range: give 1 to 999"):
        apply(scenario, {"length": 1000})
    with pytest.raises(
        KnobError, match=r"no knob 'lenght' \(did you mean 'length'\?\); its knobs: length, "
    ):
        apply(scenario, {"lenght": 5})
    with pytest.raises(KnobError, match="on or off"):
        apply(scenario, {"option:reduced-visibility": 5})
    off = apply(scenario, {"option:reduced-visibility": False})
    assert off.rules.options == ["completely-hidden-units"]


def test_changing_the_length_keeps_end_of_game_conditions_at_the_end() -> None:
    """Our reading: a condition judged at the last turn moves with the length."""
    scenario = load_scenario(BUILT_IN / "soldiers/10-dawn-patrol.yaml").scenario
    judged = [c.turn for c in scenario.victory.conditions if getattr(c, "turn", None)]
    assert judged and set(judged) == {2}
    longer = apply(scenario, {"length": 3})
    assert {c.turn for c in longer.victory.conditions if getattr(c, "turn", None)} == {3}


def test_a_unit_knob_leaves_the_entry_out_and_rules_go_on_and_off() -> None:
    scenario = load_scenario(BUILT_IN / "panzer44/19.2-sedan-revenged.yaml").scenario
    changed = apply(scenario, {"unit:german.1": False, "unit:german.4": False, "panic:german": 10})
    units = [e.unit for e in changed.side("german").forces]
    assert units == ["Inf", "SMG", "Wspe", "SPW"]
    assert changed.side("german").panic.levels[0].percent == 10  # type: ignore[union-attr]
    no_ban = apply(scenario, {"rule:fire-ban": False})
    assert [r.kind for r in no_ban.special_rules] == ["usage-cap", "text"]


def test_settings_and_the_note_round_trip_through_save_and_load() -> None:
    path = BUILT_IN / "panzer44/19.2-sedan-revenged.yaml"
    text = path.read_text(encoding="utf-8")
    scenario = load_scenario(path).scenario
    changed = record_note(
        apply(scenario, {"length": 6, "panic:german": 15, "count:french.1": 4}), "Tune: measured"
    )
    again = parse_scenario(dump_scenario(changed, text), str(path)).scenario
    assert again == changed
    assert again.notes.endswith("Tune: measured\n") and again.notes.startswith("Deployment")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("length", ("length", 4, 12)),
        ("length:5..10", ("length", 5, 10)),
        ("length=5..10", ("length", 5, 10)),
        ("panic:german", ("panic:german", 10, 50)),
        ("panic:german=0..60", ("panic:german", 0, 60)),
        ("panic:german:0..60", ("panic:german", 0, 60)),
        ("unit:german.1", ("unit:german.1", 0, 1)),
    ],
)
def test_the_knob_grammar(text: str, expected: tuple[str, int, int]) -> None:
    knobs = knobs_of(load_scenario(BUILT_IN / "panzer44/19.2-sedan-revenged.yaml").scenario)
    chosen = parse_knob(text, knobs)
    assert (chosen.id, chosen.low, chosen.high) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lenght", "no knob 'lenght' (did you mean 'length'?); its knobs: length, vp-award:1"),
        ("length=4", "write the range as LOW..HIGH"),
        ("length=10..4", "LOW <= HIGH"),
        ("length=a..4", "write the range as LOW..HIGH, e.g. 4..10"),
        ("length=0..4", "length may go from 1 to 999"),
        ("unit:german.1=0..1", "unit:german.1 is on or off: it takes no range"),
    ],
)
def test_the_knob_grammar_refuses_with_a_message(text: str, message: str) -> None:
    knobs = knobs_of(load_scenario(BUILT_IN / "panzer44/19.2-sedan-revenged.yaml").scenario)
    with pytest.raises(KnobError) as caught:
        parse_knob(text, knobs)
    assert message in str(caught.value)


def test_the_coarse_grid_has_at_most_seven_values_and_the_current_one() -> None:
    assert grid(0, 100, "int", 20) == [0, 17, 20, 33, 50, 67, 83, 100]
    assert grid(1, 4, "int", 2) == [1, 2, 3, 4]
    assert grid(0, 1, "bool", True) == [0, 1]


# --- sensitivity and suggestion ------------------------------------------------------------------


def test_the_win_rate_moves_with_the_knob_and_the_suggestion_is_near_even(coin: Path) -> None:
    report = _tune(coin, ["vp-threshold:red=0..100"], 40)
    (sweep,) = report.sweeps
    values = [p.settings[0][1] for p in sweep.points]
    shares = [p.share for p in sweep.points]
    assert values == [0, 17, 20, 33, 50, 67, 83, 100]
    assert shares == sorted(shares) and shares[0] == 0.0 and shares[-1] == 1.0
    assert report.baseline is not None and report.baseline.share == shares[2]
    best = report.suggestion
    assert best is not None and best.games == 40
    assert 40 <= int(best.settings[0][1]) <= 60
    assert best.low <= 0.5 <= best.high and "even within its 95% interval" in report.verdict
    assert report.complete and report.played + report.reused >= 40 * len(values)


def test_the_same_inputs_give_the_same_report_on_any_executor(coin: Path) -> None:
    knobs = ["vp-threshold:red=0..100", "count:red.1=1..4"]
    one = _tune(coin, knobs, 12, jobs=1)
    two = _tune(coin, knobs, 12, jobs=3)
    assert _without_time(one) == _without_time(two)
    assert one.suggestion is not None and len(one.suggestion.settings) in (1, 2)
    assert any(len(p.settings) == 2 for p in one.measured)  # pairs were searched


def test_games_are_reused_across_steps_and_runs(coin: Path) -> None:
    cache = GameCache()
    first = _tune(coin, ["vp-threshold:red=0..100"], 10, cache=cache)
    texts = {p.settings for p in first.measured}
    # The current value (20) writes the baseline's scenario: its games are reused.
    assert first.reused >= 10 and first.played == cache.played
    assert first.played == 10 * (len(texts) - 1)  # every setting once, the baseline shared
    alone = _tune(coin, ["vp-threshold:red=0..100"], 10, reuse=False)
    assert alone.reused == 0 and alone.played == 10 * len(texts)
    assert alone.suggestion == first.suggestion
    again = _tune(coin, ["vp-threshold:red=0..100"], 10, cache=cache)
    assert again.played == 0 and again.reused == first.played + first.reused
    assert _without_time(again) | {"played": 0, "reused": 0} == _without_time(first) | {
        "played": 0,
        "reused": 0,
    }


def test_cancel_stops_soon_and_keeps_what_was_measured(coin: Path) -> None:
    seen: list[tuple[int, int]] = []
    report = _tune(
        coin,
        ["vp-threshold:red=0..100"],
        10,
        jobs=1,
        progress=lambda done, total: seen.append((done, total)),
        cancelled=lambda: len(seen) >= 25,
    )
    assert not report.complete and "cancelled" in report.verdict
    assert report.played < 45 and report.baseline is not None
    assert all(p.games == 10 for p in report.measured)  # only whole settings are points
    assert [d for d, _ in seen] == list(range(1, len(seen) + 1))


def test_progress_ends_with_done_equal_to_total(coin: Path) -> None:
    seen: list[tuple[int, int]] = []
    _tune(coin, ["count:red.1=1..4"], 5, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1][0] == seen[-1][1] and all(d <= t for d, t in seen)


def test_applying_the_suggestion_records_what_was_measured(coin: Path) -> None:
    report = _tune(coin, ["vp-threshold:red=0..100"], 20)
    scenario = load_scenario(coin).scenario
    tuned = apply_suggestion(scenario, report)
    assert report.suggestion is not None
    threshold = dict(report.suggestion.settings)["vp-threshold:red"]
    assert next(c.vp for c in tuned.victory.conditions if c.kind == "vp-threshold") == threshold
    assert "Tune (2026-12-02): set vp-threshold:red=" in tuned.notes
    assert "bots random,random" in tuned.notes and "seeds 1-20" in tuned.notes
    # the side as the scenario names it ("Red"), not its id ("red")
    assert "Red wins or draws half" in tuned.notes
    assert report.verdict.startswith(("even within its 95% interval at", "no setting"))
    assert ": Red " in report.verdict and ": red " not in report.verdict
    again = parse_scenario(dump_scenario(tuned, coin.read_text(encoding="utf-8"))).scenario
    assert again == tuned


# --- the command line ----------------------------------------------------------------------------


def test_the_cli_refuses_a_knob_the_scenario_lacks(
    coin: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tune", str(coin), "--knob", "budget:red"]) == 2
    err = capsys.readouterr().err
    assert "no knob 'budget:red'" in err and "its knobs: length, " in err
    assert "Traceback" not in err
    assert main(["tune", str(coin)]) == 2
    assert "give at least one --knob" in capsys.readouterr().err
    assert main(["tune", str(coin), "--knob", "length", "--apply-best"]) == 2
    assert main(["tune", str(coin), "--knob", "length", "--bots", "nobody"]) == 2


def test_the_cli_prints_json_and_writes_the_tuned_scenario(
    coin: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "tuned.yaml"
    argv = ["tune", str(coin), "--knob", "vp-threshold:red=0..100", "-n", "8", "--jobs", "1"]
    assert main([*argv, "--bots", "random", "--json", "--no-pairs", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["random", "random"] and data["games"] == 8
    assert data["seeds"] == [1, 8] and data["played"] > 0 and data["suggestion"]["games"] == 8
    assert len(data["sweeps"][0]["points"]) == 8
    code = main([*argv, "--bots", "random", "--apply-best", "-o", str(out), "--quiet"])
    assert code == 0
    printed = capsys.readouterr().out
    assert "vp-threshold:red: victory-point threshold of red" in printed
    assert "suggestion: vp-threshold:red=" in printed
    tuned = load_scenario(out).scenario
    assert "Tune (" in tuned.notes and "8 games a setting, seeds 1-8" in tuned.notes


def test_a_wide_interval_says_more_games_decide(coin: Path) -> None:
    """With few games any interval holds 50%: the verdict says so and asks for more games;
    with many, it does not."""
    few = _tune(coin, ["vp-threshold:red=0..100"], 6, pairs=False)
    assert "the interval is wide, check it with more" in few.verdict
    many = _tune(coin, ["vp-threshold:red=0..100"], 200, pairs=False)
    assert "even within its 95% interval" in many.verdict
    assert "check it with more" not in many.verdict


def test_a_tuned_award_is_written_as_the_author_writes_numbers() -> None:
    """Armor 3C's bridge award set to 30 is saved ``vp: 30`` (the model holds a float: a
    whole one is written whole), and reads back the same."""
    path = BUILT_IN / "armor" / "3c-assault-river-crossing.yaml"
    text = path.read_text(encoding="utf-8")
    tuned = apply(load_scenario(path).scenario, {"vp-award:3": 30})
    saved = dump_scenario(tuned, text)
    assert "{vp: 30, per: each}" in saved and "30.0" not in saved
    assert parse_scenario(saved).scenario == tuned
