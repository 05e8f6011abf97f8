"""Shared test set-up: Qt runs offscreen; autosave writes to a scratch folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HEXWRIGHT_RECOVERY", tempfile.mkdtemp(prefix="hexwright-recovery-"))
os.environ.setdefault(
    "HEXWRIGHT_SETTINGS", os.path.join(tempfile.mkdtemp(prefix="hexwright-settings-"), "s.ini")
)
