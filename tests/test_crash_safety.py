"""A save or an autosave killed at any moment leaves a complete, loadable file on disk."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from model.scenario_io import load_scenario

SCENARIO = (
    Path(__file__).parent.parent / "scenarios" / "panzer44" / "19.3-bridgehead-at-wallendorf.yaml"
)

# The writer saves two versions of a scenario, turn about, as fast as it can, with the same
# atomic write the editor's Save and autosave use.
WRITER = """
import sys
from model.scenario_io import load_scenario, save_scenario
from model import edits
base = load_scenario(sys.argv[1]).scenario
versions = [base, edits.paint_terrain(base, ["3010", "3011", "3012"], "woods")]
target = sys.argv[2]
print("ready", flush=True)
i = 0
while True:
    save_scenario(versions[i % 2], target)
    i += 1
"""


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.01, 0.03, 0.07, 0.13, 0.21])
def test_killed_while_saving_leaves_a_whole_file(tmp_path: Path, delay: float) -> None:
    target = tmp_path / "scenario.yaml"
    target.write_text(SCENARIO.read_text())
    before = load_scenario(target).scenario
    process = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(SCENARIO), str(target)],
        stdout=subprocess.PIPE,
        cwd=Path(__file__).parent.parent,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == b"ready"
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    after = load_scenario(target).scenario  # loads whole, whichever version it holds
    assert after.id == before.id
    terrain = {h for e in after.map.terrain_edits for h in e.hexes}
    assert terrain in (set(), {"3010", "3011", "3012"})
