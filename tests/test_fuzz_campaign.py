"""The fuzz campaign (``tools.fuzz``, issue 21): each game's checks, its results file resumed
after a stop, what goes wrong reported by game instead of stopping the run, and the invariants
each system registers."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from model.scenario_io import load_scenario
from model.systems import GameSystem
from rules import registry
from rules.bots.base import RandomBot
from tools import fuzz

SEDAN = fuzz.SCENARIOS / "panzer44" / "19.2-sedan-revenged.yaml"
DAWN = fuzz.SCENARIOS / "soldiers" / "10-dawn-patrol.yaml"


def test_a_game_of_each_system_keeps_every_promise() -> None:
    for system in sorted(fuzz.FOLDERS):
        path = fuzz.scenarios_of(system)[0]
        result = fuzz.play_game(system, path, 110)  # a multiple of 10: played twice
        assert result.failure is None, (system, result.detail)
        assert result.actions > 10 and result.seconds > 0 and result.max_rss_mb > 0


def test_every_system_registers_its_invariants() -> None:
    have = {s.value for s in GameSystem if registry.rules_for(s).invariants is not None}
    assert have == {"panzer44", "armor", "soldiers", "panzer-command"}


def test_the_results_file_resumes_where_a_run_stopped(tmp_path: Path) -> None:
    out = tmp_path / "panzer44.jsonl"
    first = list(fuzz.run("panzer44", 2, out, seed_from=500))
    assert [r.seed for r in first] == [500, 501]
    with out.open("a", encoding="utf-8") as f:
        f.write('{"system": "panzer44", "seed": 50')  # a line cut by a kill
    again = list(fuzz.run("panzer44", 3, out, seed_from=500))
    assert [r.seed for r in again] == [502]  # the two played are not played again
    rows = fuzz.results([out])["panzer44"]
    assert sorted(int(r["seed"]) for r in rows) == [500, 501, 502]  # type: ignore[call-overload]
    assert [r["scenario"] for r in rows] == [p.name for p in fuzz.scenarios_of("panzer44")[:3]]
    text = "\n".join(fuzz.summary(fuzz.results([out])))
    assert "panzer44" in text and "no failures" in text


def test_a_run_from_a_later_game_plays_the_same_seeds_on_the_same_scenarios(
    tmp_path: Path,
) -> None:
    whole = fuzz.plan("panzer44", 9, seed_from=500)
    assert fuzz.plan("panzer44", 9, seed_from=500, first=6) == whole[6:]
    later = list(fuzz.run("panzer44", 8, tmp_path / "p.jsonl", seed_from=500, first=6))
    assert [(r.seed, r.scenario) for r in later] == [
        (seed, Path(path).name) for _, path, seed, _ in whole[6:8]
    ]
    with pytest.raises(SystemExit):  # a first game past the last is refused, not an empty run
        fuzz.main(["--from-game", "9", "--games", "8", "--out", str(tmp_path)])


def test_a_broken_invariant_is_reported_with_the_action_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rules = registry.rules_for(GameSystem.PANZER44)

    def after_five(state: object) -> list[str]:
        return ["a unit stands on the river"] if len(state.history) >= 5 else []  # type: ignore[attr-defined]

    monkeypatch.setitem(
        registry._REGISTERED, GameSystem.PANZER44, dataclasses.replace(rules, invariants=after_five)
    )
    out = tmp_path / "panzer44.jsonl"
    found = list(fuzz.run("panzer44", 2, out, seed_from=7))
    assert [r.failure for r in found] == ["invariant", "invariant"]
    assert "(5):" in found[0].detail and "a unit stands on the river" in found[0].detail
    assert fuzz.main(["--system", "panzer44", "--out", str(tmp_path), "--report"]) == 1
    assert all(json.loads(line)["failure"] for line in out.read_text().splitlines())


def test_an_engine_exception_is_a_failure_with_its_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = {"n": 0}
    choose = RandomBot.choose

    def fails_on_the_ninth(self: RandomBot, state: object, side: str) -> object:
        calls["n"] += 1
        if calls["n"] == 9:
            raise ZeroDivisionError("the ninth choice")
        return choose(self, state, side)  # type: ignore[arg-type]

    monkeypatch.setattr(RandomBot, "choose", fails_on_the_ninth)
    result = fuzz.play_game("panzer44", SEDAN, 3)
    assert result.failure == "exception"
    assert "ZeroDivisionError: the ninth choice" in result.detail


def test_soldiers_invariants_name_what_is_wrong() -> None:
    from rules.pointbuy.purchase import game_for
    from rules.soldiers.invariants import invariants

    state = game_for(load_scenario(DAWN)).new_initial_state(1)
    assert invariants(state) == []
    man = next(iter(state.troops.hexes))  # type: ignore[attr-defined]
    state.troops.exited.add(man)  # type: ignore[attr-defined]
    state.troops.disabled[man] = "asleep"  # type: ignore[attr-defined]
    chit = next(iter(state.track.space))  # type: ignore[attr-defined]
    state.track.space[chit] = "7"  # type: ignore[attr-defined]
    other = sorted(state.troops.hexes)[-1]  # type: ignore[attr-defined]
    state.troops.disabled[other] = "captured"  # a prisoner [9]: disabled, and rightly so
    wrong = invariants(state)
    assert not [w for w in wrong if w.startswith(f"{other} ")]
    assert f"{man} is on the map and moved off the map [7.26]" in wrong
    assert f"{man} is disabled as 'asleep' [8.44; 9]" in wrong
    assert any(f"chit {chit} on '7'" in w for w in wrong)


def test_the_command_line_refuses_nonsense_and_reports(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        fuzz.main(["--jobs", "0", "--out", str(tmp_path)])
    assert (
        fuzz.main(["--system", "panzer44", "--games", "1", "--jobs", "1", "--out", str(tmp_path)])
        == 0
    )
    assert (tmp_path / "panzer44.jsonl").read_text().count("\n") == 1


def test_a_replay_that_plays_elsewhere_is_a_replay_failure_issue_21(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 21: the replay check plays the replay as read back on a fresh game and compares
    its end: a replay that loses its last action ends on another fingerprint, reported."""
    from rules.records.replay import Replay

    read = Replay.from_text.__func__  # type: ignore[attr-defined]

    def cut(cls: type[Replay], text: str) -> Replay:
        record = read(cls, text)
        return dataclasses.replace(record, actions=record.actions[:-1])

    monkeypatch.setattr(Replay, "from_text", classmethod(cut))
    result = fuzz.play_game("panzer44", SEDAN, 3)
    assert (result.failure, result.detail) == (
        "replay",
        "the replay ends on another fingerprint",
    )


def test_a_heuristic_campaign_plays_the_heuristic_bot_on_one_side_and_reports_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--bots heuristic``: the system's heuristic bot plays side ``seed mod 2`` against the
    random bot, with every check; its results are a file and a row of their own. (Random play
    never dismounted a Panzer Command tank's riders into a full stack; the heuristic bot did.)"""
    point = fuzz.scenarios_of("panzer-command")[0]
    game = fuzz._game(point, 7)
    heuristic = fuzz._play(game, 7, checked=True, bots="heuristic")
    random_game = fuzz._play(game, 7, checked=True)
    assert [a.text() for a in heuristic.history] != [a.text() for a in random_game.history]  # type: ignore[attr-defined]
    again = fuzz._play(fuzz._game(point, 7), 7, checked=False, bots="heuristic")
    assert again.fingerprint() == heuristic.fingerprint()  # type: ignore[attr-defined]
    one = ["--system", "panzer-command", "--games", "1", "--jobs", "1", "--seed-from", "7"]
    assert fuzz.main([*one, "--bots", "heuristic", "--out", str(tmp_path)]) == 0
    [line] = (tmp_path / "panzer-command-heuristic.jsonl").read_text().splitlines()
    row = json.loads(line)
    assert (row["bots"], row["seed"], row["failure"]) == ("heuristic", 7, None)
    assert row["actions"] == len(heuristic.history)  # type: ignore[attr-defined]
    assert "panzer-command (heuristic)" in capsys.readouterr().out


def test_a_position_that_reads_back_otherwise_is_a_position_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fuzz writes each sampled state's position file and reads it back: a file that
    loses what the dice have drawn is a different position, reported as such (an Armor
    reinforcement's turret and a Soldiers game over in an Action Phase were found so)."""
    import re

    from rules.records import position

    write = position.position_text

    def forgets_the_dice(found: object) -> str:
        return re.sub(r"(?m)^draws: \d+$", "draws: 0", write(found))  # type: ignore[arg-type]

    monkeypatch.setattr(position, "position_text", forgets_the_dice)
    result = fuzz.play_game("panzer44", SEDAN, 3)
    assert result.failure == "position", result.detail
    assert re.fullmatch(r"its position after \d+ actions reads back otherwise", result.detail)
