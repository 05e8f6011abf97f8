"""Balance batches (rules/bots/balance.py) and ``hexwright balance`` (editor/cli/balance.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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
    done = _cli(DRIANT, "-n", "2", "--bots", "random")
    assert done.returncode == 2 and "one of random, heuristic for each side" in done.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [unclosed\n", encoding="utf-8")
    done = _cli(str(bad), "-n", "2")
    assert done.returncode == 1 and f"{bad}:" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
