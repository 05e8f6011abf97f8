"""Balance batches (rules/bots/balance.py) and ``hexwright balance`` (editor/cli/balance.py)."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from rules.bots import balance
from rules.bots.balance import GameSpec, play_game, run_batch, specs_for, summarize, wilson_interval
from rules.records.replay import Replay, replay

ROOT = Path(__file__).resolve().parent.parent
DRIANT = str(ROOT / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml")


def test_wilson_interval_matches_worked_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and round(high, 4) == 0.1611
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_game_of_the_batch_is_the_game_hexwright_play_plays() -> None:
    result = play_game(GameSpec(DRIANT, 3, ("random", "random")))
    assert result.error is None and result.winner is not None
    command = ["play", DRIANT, "--bots", "random,random", "--seed", "3", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "editor.cli.main", *command],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    played = json.loads(done.stdout)
    assert played["fingerprint"] == result.fingerprint
    assert played["winner"] == result.winner and played["vp"] == dict(result.vp)


def test_batch_results_do_not_depend_on_the_executor_or_order() -> None:
    specs = specs_for(DRIANT, 4, ["random", "random"], first_seed=10)
    alone = {s.seed: play_game(s).fingerprint for s in specs}
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        results = run_batch(specs, pool, lambda r, done, total: seen.append((done, total)))
    assert {r.seed: r.fingerprint for r in results} == alone
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_cancelling_stops_the_batch_early() -> None:
    specs = specs_for(DRIANT, 30, ["random", "random"])
    finished: list[int] = []
    with ThreadPoolExecutor(1) as pool:
        results = run_batch(
            specs,
            pool,
            lambda r, done, total: finished.append(done),
            cancelled=lambda: len(finished) >= 2,
            window=2,
        )
    assert 2 <= len(results) <= 4


class _Faulty:
    """A bot whose fifth choice is an action no game accepts."""

    def __init__(self, inner: object) -> None:
        self.inner, self.calls = inner, 0

    def choose(self, state, side):  # type: ignore[no-untyped-def]
        self.calls += 1
        if self.calls == 5:
            raise RuntimeError("the bot broke")
        return self.inner.choose(state, side)  # type: ignore[attr-defined]


def test_an_engine_error_is_reported_with_a_replay_that_reaches_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = balance.make_bot
    monkeypatch.setattr(balance, "make_bot", lambda name, seed: _Faulty(real(name, seed)))
    result = play_game(GameSpec(DRIANT, 2, ("random", "random")))
    assert result.error is not None and "RuntimeError: the bot broke" in result.error
    assert "test_balance.py" in result.error  # where it was raised
    assert result.replay is not None
    record = Replay.from_text(result.replay)
    assert record.seed == 2 and len(record.actions) == result.actions > 0
    again = replay(record)
    assert len(again.state.history) == result.actions

    report = summarize(DRIANT, [result], 1, 0.1, {2: "seed-2.replay.json"})
    assert report.games == 0 and len(report.errors) == 1
    error = report.errors[0]
    assert error.replay_file == "seed-2.replay.json"
    assert error.again.endswith("--bots random,random --seed 2")


def test_the_report_counts_wins_conditions_and_lengths() -> None:
    results = [play_game(s) for s in specs_for(DRIANT, 3, ["random", "random"])]
    report = summarize(DRIANT, results, 3, 1.0)
    assert report.games == 3
    assert sum(s.wins for s in report.sides) + report.no_winner == 3
    for s in report.sides:
        assert len(s.vp) == 3 and s.low <= s.rate <= s.high
    assert sum(report.turns.values()) == 3
    for c in report.conditions:
        assert c.met == sum(1 for r in results if c.index in r.met)
    data = report.to_json()
    assert json.loads(json.dumps(data))["games"] == 3


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "editor.cli.main", "balance", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_cli_runs_a_batch_in_worker_processes_and_prints_json() -> None:
    done = _cli(DRIANT, "-n", "4", "--jobs", "2", "--bots", "random,random", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 4 and data["errors"] == []
    assert [s["side"] for s in data["sides"]] == ["us", "german"]
    assert "4/4 games" in done.stderr  # progress, a line at a time off a terminal


def test_the_cli_refuses_bad_bots_and_bad_files(tmp_path: Path) -> None:
    done = _cli(DRIANT, "-n", "2", "--bots", "random,random,random")  # Fort Driant has two
    assert done.returncode == 2 and "one of random, heuristic for every side, or one per" in (
        done.stderr
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    done = _cli(str(bad), "-n", "2")
    assert done.returncode == 1 and f"{bad}:" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


# --- purchases, and the scenario shipped with each game (issue 17) ---------------------------

CONFUSED = str(ROOT / "scenarios" / "armor" / "1b-confused-situation.yaml")  # both sides buy


def test_a_point_buy_game_of_the_batch_buys_what_hexwright_play_buys() -> None:
    # Armor 1b's sides buy their forces [SCN III.C]: the batch's game 3 under cheapest-many is
    # `hexwright play FILE --seed 3 --buy cheapest-many`, purchase and all.
    result = play_game(GameSpec(CONFUSED, 3, ("random", "random"), "cheapest-many"))
    assert result.error is None, result.error
    command = ["play", CONFUSED, "--bots", "random,random", "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "editor.cli.main", *command, "--buy", "cheapest-many", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    played = json.loads(done.stdout)
    assert played["fingerprint"] == result.fingerprint
    bought = [(p["side"], p["choice"], p["spent"], p["budget"]) for p in played["purchases"]]
    assert list(result.purchases) == bought
    assert {p[1] for p in result.purchases} == {"cheapest-many:3"}  # the game's own seed


def test_each_game_of_a_batch_buys_its_own_force_and_the_report_says_what() -> None:
    specs = specs_for(CONFUSED, 2, ["random", "random"], first_seed=1, buy="armour-heavy")
    results = [play_game(s) for s in specs]
    assert [r.error for r in results] == [None, None]
    assert [sorted(p[1] for p in r.purchases) for r in results] == [
        ["armour-heavy:1"] * 2,
        ["armour-heavy:2"] * 2,
    ]
    report = summarize(CONFUSED, results, 2, 1.0)
    assert report.buy == "armour-heavy"
    for side in ("german", "allied"):
        spent = [p[2] for r in results for p in r.purchases if p[0] == side]
        assert report.spent[side] == sum(spent) / 2 > 0
    failed = balance.GameResult(5, ("random", "random"), error="boom", buy="armour-heavy")
    error = summarize(CONFUSED, [failed], 1, 0.1).errors[0]
    assert error.again.endswith("--bots random,random --seed 5 --buy armour-heavy")


def test_a_worker_plays_the_file_as_it_is_now_not_the_copy_it_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker's cache was keyed by the file's path: after the file changed, its games kept
    # playing the old scenario. It is keyed by the text's hash now.
    monkeypatch.setattr(balance, "_games", {})
    monkeypatch.setattr(balance, "_loaded", {})
    original = Path(DRIANT).read_text(encoding="utf-8")
    edited = original.replace("- {unit: M4, count: 3}", "- {unit: M4, count: 1}")
    assert edited != original
    path = tmp_path / "driant.yaml"
    path.write_text(original, encoding="utf-8")
    before = play_game(specs_for(path, 1, ["random", "random"], first_seed=4)[0])
    path.write_text(edited, encoding="utf-8")
    after = play_game(specs_for(path, 1, ["random", "random"], first_seed=4)[0])
    fresh = tmp_path / "fresh.yaml"
    fresh.write_text(edited, encoding="utf-8")
    monkeypatch.setattr(balance, "_games", {})
    monkeypatch.setattr(balance, "_loaded", {})
    expected = play_game(specs_for(fresh, 1, ["random", "random"], first_seed=4)[0])
    assert before.error is None and after.error is None
    assert after.fingerprint == expected.fingerprint != before.fingerprint


def test_a_spec_carries_its_scenario_so_a_worker_needs_no_file(tmp_path: Path) -> None:
    # A worker on another machine cannot read the designer's file: the spec ships its text.
    path = tmp_path / "driant.yaml"
    path.write_text(Path(DRIANT).read_text(encoding="utf-8"), encoding="utf-8")
    spec = specs_for(path, 1, ["random", "random"], first_seed=3)[0]
    path.unlink()
    result = play_game(spec)
    assert result.error is None, result.error
    assert result.fingerprint == play_game(GameSpec(DRIANT, 3, ("random", "random"))).fingerprint
    assert result.scenario == str(path)


def test_the_cli_buys_forces_under_the_strategy_given() -> None:
    done = _cli(CONFUSED, "-n", "2", "--jobs", "2", "--bots", "random,random", "--buy", "random")
    assert done.returncode == 0, done.stderr
    assert "forces bought (random strategy), mean points spent: german" in done.stdout
    done = _cli(CONFUSED, "-n", "2", "--buy", "cheap")
    assert done.returncode == 2 and "--buy: one of balanced, armour-heavy" in done.stderr


def test_without_dask_a_cluster_says_how_to_install_it() -> None:
    hide = (
        "import sys; sys.modules['distributed'] = None; "
        "from editor.cli.main import main; "
        f"sys.exit(main(['balance', {DRIANT!r}, '-n', '1', '--cluster', 'local:2']))"
    )
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert "needs Dask, which is not installed: pip install 'hexwright[cluster]'" in done.stderr
    assert "Traceback" not in done.stderr
    done = _cli(DRIANT, "-n", "1", "--cluster", "local:x")
    assert done.returncode == 2 and "write local:K with K worker processes" in done.stderr


def test_the_help_names_every_purchase_strategy() -> None:
    # Named in the text (the parser imports nothing of rules, so that --help stays fast).
    from rules.pointbuy.purchase import STRATEGIES

    done = _cli("--help")
    assert done.returncode == 0
    assert ", ".join(STRATEGIES) in " ".join(done.stdout.split())


def test_forked_workers_start_with_the_game_the_batch_made_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A local batch makes its first game before its workers are forked (speed issue 20: every
    worker read and checked the scenario and built its game again, 0.27 s of each worker's
    first game): the scenario is read in the batch's process only, and the games are the games
    each plays alone."""
    monkeypatch.setattr(balance, "_games", {})
    monkeypatch.setattr(balance, "_loaded", {})
    log = tmp_path / "read-by.txt"
    real = balance.parse_scenario

    def reading(*args: Any, **kwargs: Any) -> Any:
        with log.open("a", encoding="utf-8") as file:
            file.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(balance, "parse_scenario", reading)
    specs = specs_for(DRIANT, 6, ["random", "random"], first_seed=20)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        results = run_batch(specs, pool)
    readers = set(log.read_text(encoding="utf-8").split())
    assert readers == {str(os.getpid())}
    assert all(r.error is None for r in results)
    assert {r.seed: r.fingerprint for r in results} == {
        s.seed: play_game(s).fingerprint for s in specs
    }
