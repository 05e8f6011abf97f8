"""A designer's first hour with real input (issue 19): the jobs in tests/xcb/, run under an X
server (Xvfb) with Qt's xcb platform, where a drag goes through Qt's own drag loop. The offscreen
platform cannot test a drag: its drag returns at once, which is how a Sections palette that
could not drag passed every test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_a_designers_first_hour_under_an_x_server() -> None:
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        if os.environ.get("CI"):
            pytest.fail("xvfb-run is needed for the real-input tests: apt-get install xvfb xauth")
        pytest.skip("xvfb-run is not installed (apt-get install xvfb xauth); CI runs this")
    env = dict(os.environ, QT_QPA_PLATFORM="xcb")
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        [
            xvfb,
            "-a",
            "-s",
            "-screen 0 1600x1000x24",
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-q",
            "tests/xcb",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert " passed" in run.stdout
