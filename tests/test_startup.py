"""What keeps a command's start short (speed issue 20) without changing what it does: the file
models build their validators on first use, in one thread at a time, and still validate,
report and describe themselves as before."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_importing_the_models_builds_no_validator_and_first_use_builds_it() -> None:
    out = _run(
        """
        from model.scenario import Scenario, Side
        from model.regions import Within
        from model.scenario_io import load_scenario
        from model.victory import VictoryRules
        built = [c.__name__ for c in (Scenario, Side, Within, VictoryRules)
                 if c.__pydantic_complete__]
        print("built at import:", built)
        loaded = load_scenario("scenarios/armor/demo-crossroads.yaml")
        print("built by a load:", Scenario.__pydantic_complete__, len(loaded.map) > 0)
        print("schema:", "victory" in Scenario.model_json_schema()["properties"])
        """
    )
    assert out.splitlines() == [
        "built at import: []",
        "built by a load: True True",
        "schema: True",
    ]


def test_a_deferred_model_refuses_bad_data_as_before() -> None:
    """Its forward reference (``of: Region``, a union defined after the class) resolved at
    the first use: the nested region's error is located inside it."""
    out = _run(
        """
        from pydantic import ValidationError
        from model.regions import Within
        try:
            Within.model_validate({"kind": "within", "of": {"kind": "hexes"}, "hexes": "x"})
        except ValidationError as exc:
            for error in exc.errors():
                print(error["type"], error["loc"])
        """
    )
    assert out.splitlines() == [
        "missing ('distance',)",
        "missing ('of', 'hexes', 'hexes')",
        "extra_forbidden ('hexes',)",
    ]


def test_two_threads_first_using_a_model_together_both_validate_it() -> None:
    """The editor checks in a worker thread while the window builds: two first uses of one
    deferred model at once must each get the model's own validator (pydantic >= 2.14 builds it
    once, under a lock)."""
    out = _run(
        """
        import threading
        from model.scenario import Fortifications
        data = {"improved_positions": 2, "region": {"kind": "hexes", "hexes": ["J0101"]}}
        start = threading.Barrier(8)
        results = []
        def use():
            start.wait()
            try:
                results.append(Fortifications.model_validate(data).improved_positions)
            except Exception as exc:
                results.append(repr(exc))
        threads = [threading.Thread(target=use) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(results)
        """
    )
    assert out.strip() == str([2] * 8)


def _validate(path: Path, cache: Path, *verb: str) -> tuple[int, str, str]:
    """``hexwright validate`` (or another ``verb``) on one file in a fresh process; its status,
    its output and whether it built the scenario model's validator."""
    words = [*(verb or ("validate",)), str(path)]
    code = textwrap.dedent(
        f"""
        import sys
        from editor.cli.main import main
        status = main({words!r})
        from model.scenario import Scenario
        print("built:", Scenario.__pydantic_complete__)
        sys.exit(status)
        """
    )
    done = _fresh(code, cache)
    return done.returncode, done.stdout + done.stderr, done.stdout.splitlines()[-1]


def _fresh(code: str, cache: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` run in a fresh Python process with ``cache`` as its kept-data folder."""
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "HEXWRIGHT_CACHE": str(cache), **env},
        check=False,
        timeout=120,
    )


def test_validating_an_unchanged_file_again_reads_its_kept_scenario(tmp_path: Path) -> None:
    """``hexwright validate`` keeps a valid scenario between processes: the same text again is
    not validated again (its model's validator is not built); changed text is, and its problems
    are reported, located, every time (a file with problems is never kept)."""
    scenario = tmp_path / "crossroads.yaml"
    text = (ROOT / "scenarios" / "armor" / "demo-crossroads.yaml").read_text(encoding="utf-8")
    scenario.write_text(text, encoding="utf-8")
    cache = tmp_path / "cache"
    first = _validate(scenario, cache)
    again = _validate(scenario, cache)
    assert first[0] == again[0] == 0
    assert f"{scenario}: valid (Armor" in first[1] and f"{scenario}: valid (Armor" in again[1]
    assert (first[2], again[2]) == ("built: True", "built: False")
    scenario.write_text(text.replace("original: true\n", ""), encoding="utf-8")
    for _ in range(2):
        status, out, built = _validate(scenario, cache)
        assert status == 1
        assert f"{scenario}:5:1: say where the scenario comes from" in out
        assert built == "built: True"


def test_playing_a_file_again_reads_its_kept_scenario(tmp_path: Path) -> None:
    """``hexwright play`` keeps the checked scenario as ``validate`` does (speed issue 20: the
    scenario model's validator was half of a fresh process's first game over a warm one): the
    second process plays the same game without building the validator; an edited file is
    checked again."""
    scenario = tmp_path / "driant.yaml"
    source = ROOT / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml"
    text = source.read_text(encoding="utf-8")
    scenario.write_text(text, encoding="utf-8")
    cache = tmp_path / "cache"
    play = ("play", "--bots", "random,random", "--seed", "3")
    first = _validate(scenario, cache, *play)
    again = _validate(scenario, cache, *play)
    assert first[0] == again[0] == 0, first[1]
    assert (first[2], again[2]) == ("built: True", "built: False")
    report = [out.splitlines()[:-1] for out in (first[1], again[1])]
    assert report[0] == report[1]  # the same game, the same report
    edited = text.replace("title: Assault on Fort Driant", "title: Fort Driant, edited", 1)
    assert edited != text
    scenario.write_text(edited, encoding="utf-8")
    status, out, built = _validate(scenario, cache, *play)
    assert (status, built) == (0, "built: True")
    assert "Fort Driant, edited" in out


def _editor_opens(path: Path, cache: Path) -> str:
    """The editor (offscreen) opening ``path`` in a fresh process, a second after its map's
    first paint: whether the scenario model's validator is built by then."""
    code = textwrap.dedent(
        f"""
        import time
        from PySide6.QtWidgets import QApplication
        app = QApplication([])
        from editor.app import MainWindow
        window = MainWindow()
        window.show()
        window.open_file({str(path)!r})
        end = time.monotonic() + 1.5
        while time.monotonic() < end:
            app.processEvents()
        from model.scenario import Scenario
        print("painted:", window.view.painted_map, "built:", Scenario.__pydantic_complete__)
        window.document.undo_stack.setClean()
        """
    )
    done = _fresh(code, cache, QT_QPA_PLATFORM="offscreen")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_the_editor_readies_edits_after_opening_a_kept_file(tmp_path: Path) -> None:
    """A file opened before comes from the kept cache without the scenario model's validator;
    the editor builds it just after the map's first paint, so the designer's first edit does
    not wait for it (60 ms on the first brush step)."""
    scenario = tmp_path / "bridge.yaml"
    source = ROOT / "scenarios" / "armor" / "2b-the-bridge.yaml"
    scenario.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    cache = tmp_path / "cache"
    assert _editor_opens(scenario, cache) == "painted: True built: True"  # validated: built
    assert _editor_opens(scenario, cache) == "painted: True built: True"  # kept: readied
