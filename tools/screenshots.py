"""Screenshots of the editor's screens, to look at (run under an X server, e.g.
``xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python -m tools.screenshots OUT``, and
``QT_SCALE_FACTOR=1.5`` for 150 %). Each screen is the whole X screen, so a window larger than
the screen, or a dialog off it, shows as it would to the user.

Screens: the main window on an Armor and a Panzer '44 scenario, each dialog of the File, View,
Edit, Play and Help menus that opens one, Test Play, Balance and the Line of Sight tool.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARMOR = ROOT / "scenarios" / "armor" / "1a-spearheads.yaml"
SEDAN = ROOT / "scenarios" / "panzer44" / "19.2-sedan-revenged.yaml"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", help="comma-separated screen names")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication(sys.argv[:1])
    from editor.app import MainWindow

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    scale = os.environ.get("QT_SCALE_FACTOR", "1")
    suffix = f"{round(float(scale) * 100)}"
    only = set(args.only.split(",")) if args.only else None

    def shoot(name: str) -> None:
        QTest.qWait(400)
        screen = QApplication.primaryScreen()
        screen.grabWindow(0).save(str(out / f"{name}-{suffix}.png"))
        print(out / f"{name}-{suffix}.png")

    window = MainWindow()
    window.restore_layout()  # as the application starts it: fitted to the screen
    window.show()
    QTest.qWait(300)

    def opened(path: Path) -> None:
        window.open_file(path)
        QTest.qWait(300)

    def modal(name: str, trigger: Callable[[], object]) -> None:
        """Trigger what opens a dialog, photograph it from the loop it runs, close it."""

        def take() -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(50, take)
                return
            shoot(name)
            dialog.close()

        QTimer.singleShot(50, take)
        trigger()
        QTest.qWait(100)

    def action(action_id: str) -> Callable[[], object]:
        return window.actions_by_id[action_id].trigger

    def dialog_shot(name: str, action_id: str) -> None:
        """An action that shows a non-modal dialog (or a modal one)."""
        if action_id not in window.actions_by_id:
            print(f"{name}: no action {action_id}")
            return
        before = {id(w) for w in QApplication.topLevelWidgets() if w.isVisible()}
        modal_seen: list[QWidget] = []

        def take() -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is not None:
                modal_seen.append(dialog)
                shoot(name)
                dialog.close()

        QTimer.singleShot(500, take)
        window.actions_by_id[action_id].trigger()
        QTest.qWait(600)
        if not modal_seen:
            shoot(name)
            for w in QApplication.topLevelWidgets():
                if w.isVisible() and id(w) not in before and w is not window:
                    w.close()

    screens: dict[str, Callable[[], None]] = {
        "main-armor": lambda: (opened(ARMOR), shoot("main-armor")),
        "main-p44": lambda: (opened(SEDAN), shoot("main-p44")),
        "new-scenario": lambda: dialog_shot("new-scenario", "file.new"),
        "built-in": lambda: dialog_shot("built-in", "file.open_built_in"),
        "generator": lambda: dialog_shot("generator", "file.new_generated"),
        "go-to-hex": lambda: dialog_shot("go-to-hex", "view.go_to_hex"),
        "about": lambda: dialog_shot("about", "help.about"),
        "guide": lambda: dialog_shot("guide", "help.guide"),
        "shortcuts": lambda: dialog_shot("shortcuts", "help.shortcuts"),
        "preferences": lambda: dialog_shot("preferences", "edit.preferences"),
        "balance": lambda: (opened(SEDAN), dialog_shot("balance", "play.balance")),
        "validation": lambda: (opened(ARMOR), action("view.validate")(), shoot("validation")),
    }

    def test_play() -> None:
        from editor.testplay.mode import TestPlayMode

        opened(SEDAN)
        mode = TestPlayMode(window)
        mode.enter(3, {"french": "human", "german": "random"})
        QTest.qWait(1500)
        shoot("test-play")
        mode.leave()

    screens["test-play"] = test_play

    def tune_page() -> None:
        """Balance > Tune on Fort Driant: two knobs, a short run, its plots and suggestion."""
        from editor.balance.dialog import show_balance

        opened(ROOT / "scenarios" / "panzer44" / "19.7-assault-on-fort-driant.yaml")
        dialog = show_balance(window)
        area = QApplication.primaryScreen().availableGeometry()
        dialog.resize(min(820, area.width()), min(940, area.height() - 40))
        for box in dialog.bot_boxes:
            box.setCurrentText("random")
        dialog.pages.setCurrentIndex(1)
        page = dialog.tune_page
        page.check("length")
        page.check("count:german.1")
        page.games.setValue(4)
        page.pairs.setChecked(False)
        page.start()
        while page.run.running:
            QTest.qWait(200)
        QTest.qWait(300)
        shoot("tune")
        dialog.close()

    screens["tune"] = tune_page
    for name, make in screens.items():
        if only is None or name in only:
            make()
    window.document and window.document.undo_stack.setClean()
    window.close()
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
