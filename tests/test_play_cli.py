"""``hexwright play`` and ``hexwright replay``: a game played headless, its replay checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editor.cli.main import main

ROOT = Path(__file__).parent.parent
SCENARIO = ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"


def test_play_writes_a_replay_that_replays_to_the_same_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.json"
    args = ["play", str(SCENARIO), "--bots", "heuristic,random", "--seed", "7"]
    assert main([*args, "--replay", str(out), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["over"] and played["bots"] == {"french": "heuristic", "german": "random"}
    assert set(played["vp"]) == {"french", "german"} and played["unevaluated"] == []
    assert main(["replay", str(out), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    for key in ("winner", "reason", "vp", "fingerprint", "actions"):
        assert again[key] == played[key]
    assert again["checked_fingerprints"] == played["actions"] + 1
    assert main(["replay", str(out)]) == 0
    text = capsys.readouterr().out
    assert f"every one matches\n  winner:      {played['winner']}" in text
    assert main(["replay", str(out), "--at", "3"]) == 0
    assert "not over: Game-Turn 1, Mutual Plot Phase: plot after 3 actions" in (
        capsys.readouterr().out
    )


def test_play_prints_the_outcome_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SCENARIO), "--bots", "random,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Sedan Revenged (p44-19.2): french random, german random, seed 1")
    assert "  winner:" in out and "  VP:          french " in out
    assert "  unevaluated: none" in out


def test_a_replay_that_diverges_names_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "game.json"
    assert main(["play", str(SCENARIO), "--bots", "random,random", "--replay", str(out)]) == 0
    data = json.loads(out.read_text())
    data["fingerprints"][5] = "0" * 64
    out.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{out}: the replay diverges at action 5: fingerprint ")
    assert "Traceback" not in err


def test_a_broken_scenario_gives_file_and_line_and_exit_code_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(SCENARIO.read_text().replace("unit: PzV", "unit: PzVV", 1))
    assert main(["play", str(bad)]) == 1
    err = capsys.readouterr().err
    line = next(i for i, t in enumerate(bad.read_text().splitlines(), 1) if "PzVV" in t)
    assert err.startswith(f"{bad}:{line}:")
    assert "unknown unit type 'PzVV'" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["play", str(ROOT / "scenarios/soldiers/21-hedgerow-assault.yaml"), "--buy", "bogus"],
            1,
            "no purchase strategy 'bogus' (strategies: balanced, armour-heavy,",
        ),
        (
            ["play", str(ROOT / "scenarios/armor/2a-trading-ground.yaml"), "--buy", "tank=random"],
            1,
            "'tank=random': no side 'tank' (sides: attacker, defender)",
        ),
        (
            ["play", str(ROOT / "scenarios/armor/2a-trading-ground.yaml"), "--buy", "random:x"],
            1,
            "'random:x': the seed after ':' must be a whole number",
        ),
        (
            ["play", str(SCENARIO), "--bots", "random,random,random"],
            2,
            "--bots: one of random, heuristic for every side, or one per side",
        ),
        (["play", str(SCENARIO), "--bots", "random,clever"], 2, "not 'random,clever'"),
        (["replay", "missing.json"], 1, "missing.json: cannot read the file"),
    ],
)
def test_usage_errors_are_messages(
    args: list[str], code: int, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_file_that_is_not_a_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "r.json"
    bad.write_text("{}")
    assert main(["replay", str(bad)]) == 1
    assert 'not a replay file (no "format": "hexwright-replay")' in capsys.readouterr().err


def test_an_engine_error_is_a_message_with_the_game_kept_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules.bots import base as bots

    real = bots.RandomBot.choose
    calls = []

    def broken(self: bots.RandomBot, state: object, side: str) -> object:
        calls.append(side)
        if len(calls) == 4:
            raise KeyError("us.M4.1")
        return real(self, state, side)  # type: ignore[arg-type]

    monkeypatch.setattr(bots.RandomBot, "choose", broken)
    out = tmp_path / "kept.json"
    args = ["play", str(SCENARIO), "--bots", "random,random", "--replay", str(out)]
    assert main(args) == 3
    err = capsys.readouterr().err
    assert "engine error after 3 actions: KeyError: 'us.M4.1' (at test_play_cli.py:" in err
    assert str(out) in err and "Traceback" not in err
    assert main(["replay", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["actions"] == 3
