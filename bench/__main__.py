"""Run every benchmark: ``python -m bench``."""

from __future__ import annotations

import os
import platform

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the editor's rows need no screen
# Set before the imports below: Qt reads the platform when it first loads.
from bench import (
    armor_game_bench,
    balance_bench,
    checks_bench,
    clone_bench,
    editor_bench,
    engine_bench,
    game_bench,
    layout_bench,
    load_bench,
    los_bench,
    map_bench,
    publish_bench,
    responsiveness_bench,
    startup_bench,
    sweep_bench,
    tune_bench,
)

if __name__ == "__main__":
    print(f"Python {platform.python_version()} on {platform.machine()}, best of several runs")
    for module in (
        layout_bench,
        load_bench,
        editor_bench,
        map_bench,
        startup_bench,
        checks_bench,
        engine_bench,
        game_bench,
        armor_game_bench,
        clone_bench,
        los_bench,
        balance_bench,
        sweep_bench,
        tune_bench,
        publish_bench,
        responsiveness_bench,
    ):
        print()
        print("\n".join(module.main()))
