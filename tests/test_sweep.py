"""``hexwright sweep`` (editor/cli/sweep.py): many scenarios, each under each purchase strategy,
into one JSON and one self-contained HTML report (issue 17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from editor.cli import sweep
from rules.bots import balance
from rules.bots.balance import GameSpec, play_game, summarize

ROOT = Path(__file__).resolve().parent.parent
DRIANT = "scenarios/panzer44/19.7-assault-on-fort-driant.yaml"
CONFUSED = "scenarios/armor/1b-confused-situation.yaml"  # both sides buy their forces
AMBUSH = "scenarios/armor/4a-ambush.yaml"  # cut to a budget that buys nothing: refused

ROW_KEYS = {
    "scenario", "scenario_id", "title", "system", "strategy", "status", "problem", "games",
    "requested", "sides", "no_winner", "lopsided", "turns", "turns_mean", "actions_mean",
    "conditions", "never_met", "spent", "errors", "seconds",
}  # fmt: skip


def _sweep(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "editor.cli.main", "sweep", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def _short_confused(folder: Path) -> str:
    """Armor 1B cut to two turns: bought like 1B, played faster."""
    text = (ROOT / CONFUSED).read_text(encoding="utf-8")
    assert "\n  turns: 15\n" in text
    path = folder / "1b-short.yaml"
    path.write_text(text.replace("\n  turns: 15\n", "\n  turns: 2\n"), encoding="utf-8")
    return str(path)


def _poor_ambush(folder: Path) -> str:
    """Armor 4A with an attacker of 5 points: nothing to buy, so the engine refuses it."""
    text = (ROOT / AMBUSH).read_text(encoding="utf-8")
    assert "budget: {points: 100}" in text
    path = folder / "4a-poor.yaml"
    path.write_text(text.replace("budget: {points: 100}", "budget: {points: 5}", 1))
    return str(path)


def test_a_sweep_plays_each_scenario_once_and_each_point_buy_one_per_strategy(
    tmp_path: Path,
) -> None:
    out, page = tmp_path / "sweep.json", tmp_path / "sweep.html"
    confused = _short_confused(tmp_path)
    poor = _poor_ambush(tmp_path)
    done = _sweep(
        DRIANT, confused, poor, "-n", "1", "--bots", "random", "--jobs", "2",
        "--strategies", "cheapest-many,random", "--json", str(out), "--html", str(page),
    )  # fmt: skip
    assert done.returncode == 1, done.stderr  # the poor 4A's rows are engine errors
    data = json.loads(out.read_text())
    assert data["format"] == 1 and data["complete"] is True
    assert (data["games_per_row"], data["bots"]) == (1, ["random"])
    assert data["strategies"] == ["cheapest-many", "random"]
    rows = {(r["scenario"], r["strategy"]): r for r in data["rows"]}
    assert list(rows) == [
        (DRIANT, None),
        (confused, "cheapest-many"),
        (confused, "random"),
        (poor, "cheapest-many"),
        (poor, "random"),
    ]
    for row in data["rows"]:
        assert set(row) == ROW_KEYS
    # A played row is the report of `hexwright balance FILE --buy STRATEGY`, row for row.
    spec = GameSpec(confused, 1, ("random", "random"), "random")
    expected = summarize(confused, [play_game(spec)], 1, 0.0)
    row = rows[confused, "random"]
    assert row["status"] == "done" and row["games"] == 1 and row["errors"] == []
    assert [(s["side"], s["wins"]) for s in row["sides"]] == [
        (s.side, s.wins) for s in expected.sides
    ]
    assert row["spent"] == {k: round(v, 1) for k, v in expected.spent.items()}
    assert row["never_met"] == [c.text for c in expected.conditions if c.met == 0]
    assert rows[DRIANT, None]["spent"] == {}
    # An unplayable row is an engine error with the command that shows it, not a crash.
    refused = rows[poor, "random"]
    assert refused["status"] == "unplayable" and refused["games"] == 0
    [error] = refused["errors"]
    assert error["error"].startswith("UnsupportedGameError: ") and "has no forces" in error["error"]
    assert error["again"] == f"hexwright play {poor} --bots random,random --seed 1 --buy random"
    assert "sweep: 5 row(s)" not in done.stderr and "3 row(s) to play, 3 games" in done.stderr
    assert f"{confused} (random): " in done.stderr  # progress, a line per row
    # The page: one file, nothing fetched, an interval plot per played row.
    html = page.read_text()
    assert "<script" not in html and "<link" not in html and "src=" not in html
    assert html.count("<svg") == 3
    assert "Engine errors and problems" in html and "--buy random" in html


def test_the_html_shows_rates_intervals_and_errors_with_their_replays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = balance.make_bot

    class Broken:
        def __init__(self, inner: object) -> None:
            self.inner, self.calls = inner, 0

        def choose(self, state, side):  # type: ignore[no-untyped-def]
            self.calls += 1
            if self.calls == 3:
                raise RuntimeError("the bot broke")
            return self.inner.choose(state, side)  # type: ignore[attr-defined]

    good = play_game(GameSpec(DRIANT, 1, ("random", "random")))
    monkeypatch.setattr(balance, "make_bot", lambda name, seed: Broken(real(name, seed)))
    bad = play_game(GameSpec(DRIANT, 2, ("random", "random")))
    assert bad.error is not None
    row = sweep.Row(DRIANT, None, Path(ROOT / DRIANT).read_text(), "p44-19.7", "Fort Driant")
    row.results = [good, bad]
    replays = sweep._write_replays(row, tmp_path)
    assert list(replays) == [2] and Path(replays[2]).exists()
    row.report = summarize(DRIANT, row.results, 2, 1.0, replays, row.text)
    row.status = "done"
    data = sweep.row_data(row, 2)
    assert data["games"] == 1 and len(data["errors"]) == 1
    assert data["errors"][0]["replay_file"] == replays[2]
    page = sweep.sweep_html(
        {
            "complete": True, "rows": [data], "games_per_row": 2, "first_seed": 1,
            "bots": ["random"], "where": "2 process(es)", "seconds": 3.0,
        }
    )  # fmt: skip
    side = data["sides"][0]
    assert f"{side['side']} {side['rate']:.0%} ({side['low']:.0%}&ndash;" in page
    assert "seed 2: RuntimeError: the bot broke" in page
    assert replays[2] in page and f"hexwright play {DRIANT} --bots random,random --seed 2" in page
    assert "<circle" in page and "stroke-dasharray" in page  # the rate and the 50% mark


def test_folders_give_their_scenarios_by_name_and_bad_arguments_are_refused(
    tmp_path: Path,
) -> None:
    files = sweep.scenario_files(["scenarios/panzer-command", DRIANT])
    assert [f.name for f in files] == ["point-161.yaml", "sowchos-79.yaml", Path(DRIANT).name]
    done = _sweep(DRIANT, "--strategies", "cheap", "--json", str(tmp_path / "x.json"))
    assert done.returncode == 2 and "--strategies: 'all' or some of balanced" in done.stderr
    done = _sweep(DRIANT, "-n", "1")
    assert done.returncode == 2 and "give --json OUT and/or --html OUT" in done.stderr
    done = _sweep(DRIANT, "--bots", "random,random,random", "--json", str(tmp_path / "x.json"))
    assert done.returncode == 2 and "--bots: one bot, or one per side of" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_sweep_resumes_from_the_finished_rows_of_an_earlier_report(tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    done = _sweep(DRIANT, "-n", "1", "--bots", "random", "--jobs", "1", "--json", str(first))
    assert done.returncode == 0, done.stderr
    confused = _short_confused(tmp_path)
    done = _sweep(
        DRIANT, confused, "-n", "1", "--bots", "random", "--jobs", "1", "--strategies", "random",
        "--resume", str(first), "--json", str(second),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "1 finished row(s) taken from" in done.stderr
    assert "1 row(s) to play, 1 games" in done.stderr  # only 1B's row is played
    earlier = json.loads(first.read_text())["rows"]
    rows = json.loads(second.read_text())["rows"]
    assert [(r["scenario"], r["strategy"]) for r in rows] == [(DRIANT, None), (confused, "random")]
    assert rows[0] == earlier[0] and rows[1]["games"] == 1
    done = _sweep(DRIANT, "-n", "2", "--resume", str(first), "--json", str(second))
    assert done.returncode == 2 and "played other games" in done.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2, 3]", "not a sweep report of format 1 (the file holds a JSON list, not an object)"),
        ("[" * 100_000 + "]" * 100_000, "not JSON (nested too deeply)"),
        ('{"format": 1, "rows": "x"}', "not a sweep report of format 1 (complete: missing)"),
        ("{}", "not a sweep report of format 1 (format: missing)"),
        (b"\xfb\xff binary", ":1:1: the file is not UTF-8 text"),
    ],
    ids=["a-list", "nested-too-deeply", "keys-missing", "empty-object", "binary"],
)
def test_a_resume_file_that_is_not_a_sweep_report_is_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | bytes, message: str
) -> None:
    """``--resume`` read any JSON as a report: a list or deep nesting was a traceback, a
    binary file a message without its name, and a report's rows were written into the new
    report and its page unchecked. Now every key is checked and each refusal names the file."""
    from editor.cli.main import main

    old = tmp_path / "old.json"
    if isinstance(text, str):
        old.write_text(text, encoding="utf-8")
    else:
        old.write_bytes(text)
    code = main(["sweep", DRIANT, "-n", "1", "--jobs", "1", "--quiet", "--resume", str(old),
                 "--json", str(tmp_path / "new.json")])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"--resume: {old}") and message in err
    assert not (tmp_path / "new.json").exists()


def test_a_resumed_row_of_the_wrong_shape_is_refused_by_its_key(tmp_path: Path) -> None:
    """A report whose row holds a number for its scenario's file, or a side without its
    rate, is refused at that key, before anything is played or written."""
    first = tmp_path / "first.json"
    done = _sweep(DRIANT, "-n", "1", "--bots", "random", "--jobs", "1", "--json", str(first))
    assert done.returncode == 0, done.stderr
    report = json.loads(first.read_text())
    report["rows"][0]["sides"][1].pop("rate")
    first.write_text(json.dumps(report))
    done = _sweep(DRIANT, "-n", "1", "--bots", "random", "--jobs", "1", "--resume", str(first),
                  "--json", str(tmp_path / "second.json"))  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{first}: not a sweep report of format 1 (rows.0.sides.1.rate: missing)" in done.stderr
    report["rows"][0]["sides"][1]["rate"] = "half"
    first.write_text(json.dumps(report))
    from editor.cli.sweep_json import read_report

    with pytest.raises(
        ValueError, match=r"rows\.0\.sides\.1\.rate: input should be a valid number"
    ):
        read_report(str(first))


def test_a_long_condition_never_met_is_cut_with_its_whole_text_on_hover() -> None:
    long = "exit for us: " + "the Total Victory Point Value of any of its own units " * 3
    cut = sweep._cut(long)
    assert cut.endswith("&hellip;</span>") and f"title='{long}'" in cut
    assert sweep._cut("units-in for us") == "units-in for us"


def test_a_row_whose_games_mostly_have_no_winner_is_flagged() -> None:
    row = {
        "scenario": "s.yaml", "title": "S", "strategy": None, "status": "done", "games": 20,
        "requested": 20, "no_winner": 20, "turns_mean": 4.0, "never_met": [], "errors": [],
        "spent": {}, "seconds": 12.0, "problem": None,
        "sides": [
            {"side": "a", "rate": 0.0, "low": 0.0, "high": 0.16, "wins": 0},
            {"side": "b", "rate": 0.0, "low": 0.0, "high": 0.16, "wins": 0},
        ],
        "lopsided": None,
    }  # fmt: skip
    data = {
        "complete": True, "rows": [row], "games_per_row": 20, "first_seed": 1,
        "bots": ["heuristic"], "where": "2 process(es)", "seconds": 0.0,
    }  # fmt: skip
    page = sweep.sweep_html(data)
    assert "title='most games had no winner'>20</span>" in page
    assert "(the rows' games: 12 s)" in page
    row["no_winner"] = 3
    assert "most games had no winner" not in sweep.sweep_html(data)
