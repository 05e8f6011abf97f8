"""What the board generators' command lines share: write the files, or check them for drift.

A generator builds every file it owns in memory as ``{path: text}``; the default writes them,
``--check`` compares them with the files on disk and names each one that would change. The test
suite runs every generator's check, so a committed board that no longer matches its script fails
CI instead of being silently overwritten by the next run.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def add_check_option(parser: argparse.ArgumentParser) -> None:
    """The ``--check`` option every generator has."""
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; regenerate in memory and exit 1 naming each file that would change",
    )


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def stale_files(files: Mapping[Path, str]) -> list[Path]:
    """The files whose text on disk differs from ``files`` (or that are missing)."""
    return [
        path
        for path, text in files.items()
        if not path.is_file() or path.read_bytes() != text.encode("utf-8")
    ]


def check_files(files: Mapping[Path, str]) -> int:
    """Print each file that would change; 1 if any would, else 0."""
    stale = stale_files(files)
    for path in stale:
        print(f"would change: {_shown(path)}")
    if not stale:
        print(f"{len(files)} file(s) up to date")
    return 1 if stale else 0


def write_files(files: Mapping[Path, str]) -> None:
    """Write every file of ``files`` (UTF-8, ``\\n`` line ends) and say so."""
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))
        print(f"wrote {_shown(path)}")
