"""Shared test set-up: Qt runs offscreen; autosave, settings and the board library live in
scratch folders."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HEXWRIGHT_RECOVERY", tempfile.mkdtemp(prefix="hexwright-recovery-"))
os.environ.setdefault(
    "HEXWRIGHT_SETTINGS", os.path.join(tempfile.mkdtemp(prefix="hexwright-settings-"), "s.ini")
)
# The user's board library: an empty scratch folder, so no test sees the machine's own boards.
os.environ.setdefault("HEXWRIGHT_BOARDS", tempfile.mkdtemp(prefix="hexwright-boards-"))
