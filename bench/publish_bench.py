"""Publishing: whole ``hexwright`` processes, as the designer runs them (issue 18's target:
the card and the print PDF of the largest built-in scenario in under 2 s).

The largest built-in scenario is Panzer '44's map (2,074 hexes) with the most units set up:
19.5 Arracourt. The reference row is the PNG export that was all Hexwright could publish
before (the same map drawn once, no pagination).

Run: ``python -m bench.publish_bench``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "scenarios/panzer44/19.5-arracourt.yaml"
TARGET_MS = 2000.0


def whole_process_ms(args: list[str], repeat: int = 3) -> float:
    """The fastest of ``repeat`` runs of ``hexwright ARGS`` as a new process, in ms."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(
            [str(Path(sys.executable).with_name("hexwright")), *args],
            check=True,
            capture_output=True,
            env=env,
            cwd=ROOT,
        )
        best = min(best, time.perf_counter() - start)
    return best * 1000.0


def main() -> list[str]:
    lines = [f"Publishing {SCENARIO.name}: whole processes, best of 3"]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        reference = whole_process_ms(["render", str(SCENARIO), "-o", str(out / "map.png")])
        rows = [
            ("card, PDF (A4)", ["card", str(SCENARIO), "-o", str(out / "card.pdf")]),
            ("card, HTML", ["card", str(SCENARIO), "-o", str(out / "card.html")]),
            ("map PDF, tiled on A4", ["render", str(SCENARIO), "-o", str(out / "map.pdf")]),
            (
                "map PDF, one page",
                ["render", str(SCENARIO), "-o", str(out / "one.pdf"), "--paper", "map"],
            ),
            ("map TMX (Tiled)", ["render", str(SCENARIO), "-o", str(out / "map.tmx")]),
        ]
        for name, args in rows:
            ms = whole_process_ms(args)
            verdict = "meets" if ms <= TARGET_MS else "MISSES"
            lines.append(
                f"{name:<28} {ms:8.0f} ms   (PNG export {reference:6.0f} ms)   "
                f"target < {TARGET_MS:.0f} ms, {verdict}"
            )
    return lines


if __name__ == "__main__":
    print("\n".join(main()))
