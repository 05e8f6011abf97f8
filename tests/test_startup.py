"""What keeps a command's start short (speed issue 20) without changing what it does: the file
models build their validators on first use, in one thread at a time, and still validate,
report and describe themselves as before."""

from __future__ import annotations

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
