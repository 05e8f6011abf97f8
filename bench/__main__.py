"""Run every benchmark: ``python -m bench``."""

from __future__ import annotations

import platform

from bench import engine_bench, layout_bench, load_bench

if __name__ == "__main__":
    print(f"Python {platform.python_version()} on {platform.machine()}, best of several runs")
    for module in (layout_bench, load_bench, engine_bench):
        print()
        print("\n".join(module.main()))
