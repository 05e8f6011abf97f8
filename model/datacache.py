"""A cache of the game data as read: the catalogues, tables and boards, validated and compiled,
kept between processes so that a command does not parse and check the same packaged files at
every start (issue 20: ``hexwright validate FILE`` read and validated the unit catalogue, the
terrain catalogue and three boards, a third of its own work).

Each entry is one file of data as built (a validated catalogue, a compiled board), stored in
the user's cache folder (``$HEXWRIGHT_CACHE`` if set, an empty value turning the cache off;
else ``hexwright/data`` in the platform's cache folder, ``~/.cache`` on Linux) under a name
made of what it is and which file. Beside it is the stamp it was built under: a digest of the
text of every file it was built from (not their times: a file rewritten within the clock's
tick keeps its time), of the model package's source files (their names, sizes and times: a
changed model class makes every entry stale), and of Python's and pydantic's versions. An
entry is used only when its stamp is the one the caller computes now; anything else, a stale,
missing, unreadable or corrupt entry, or an entry of another type, is built again the ordinary
way (which is also where every error is reported: a file with problems is never cached) and
written back; a cache that cannot be written changes nothing but the time.

Why pickle: it is Python's own fast way to rebuild these objects (the pydantic models without
running their validators again, which is the point) and the entries are the user's own files,
written by this module in their own cache folder. Unpickling runs code, so an entry is read
only when it is the user's alone (owned by them, writable by no one else).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TypeVar

import platformdirs

#: The environment variable naming the cache folder; set and empty, the cache is off.
CACHE_ENV: Final = "HEXWRIGHT_CACHE"
#: Raised when what an entry holds changes in a way the code stamp would not see.
FORMAT: Final = 1

_T = TypeVar("_T")

_code_stamp: str | None = None


def cache_folder() -> Path | None:
    """Where the entries live, or None when the cache is off."""
    override = os.environ.get(CACHE_ENV)
    if override is not None:
        return Path(override) if override else None
    return platformdirs.user_cache_path("hexwright", appauthor=False) / "data"


def code_stamp() -> str:
    """A digest of what decides how an entry's objects are built and read back: the model
    package's source files (name, size, time), Python's and pydantic's versions."""
    global _code_stamp
    if _code_stamp is None:
        import pydantic

        parts = [f"{FORMAT}", sys.version, pydantic.VERSION]
        folder = Path(__file__).resolve().parent
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    stat = entry.stat()
                    parts.append(f"{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
        _code_stamp = hashlib.sha256("\n".join(parts).encode()).hexdigest()
    return _code_stamp


def cached(kind: str, name: str, texts: Sequence[str], build: Callable[[], _T], of: type[_T]) -> _T:
    """What ``build()`` returns, from the cache when an entry for (``kind``, ``name``) was built
    from the same ``texts`` (the files' contents) by the same code; else built and stored.

    ``of`` is the type the entry must hold (anything else is built again)."""
    folder = cache_folder()
    if folder is None:
        return build()
    digest = hashlib.sha256(code_stamp().encode())
    for text in texts:
        digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
    stamp = digest.hexdigest()
    key = hashlib.sha256(f"{kind}\0{name}".encode()).hexdigest()[:32]
    path = folder / f"{kind}-{key}.pickle"
    found = _read(path, stamp)
    if isinstance(found, of):
        return found
    value = build()
    _write(path, stamp, value)
    return value


#: The largest entry read (the largest written, the unit catalogue, is well under 10 MB).
MAX_ENTRY_BYTES: Final = 64 * 1024 * 1024


def _read(path: Path, stamp: str) -> object:
    """What the entry at ``path`` holds if it was built under ``stamp``, else None.

    Only a regular file of at most :data:`MAX_ENTRY_BYTES` is read: a pipe in an entry's
    place held every command for ever (opened without waiting for a writer, then looked at)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as file:
            facts = os.fstat(file.fileno())
            if not stat.S_ISREG(facts.st_mode) or facts.st_size > MAX_ENTRY_BYTES:
                return None
            if not _written_by_us(facts):
                return None
            held = pickle.load(file)
    except Exception:  # missing, unreadable, corrupt, of classes that changed: build it again
        return None
    if isinstance(held, tuple) and len(held) == 2 and held[0] == stamp:
        return held[1]
    return None


def _written_by_us(facts: os.stat_result) -> bool:
    """Whether an entry is this user's alone: owned by them and writable by nobody else (on
    POSIX; elsewhere the cache is in the user's own profile). Unpickling runs code, so a cache
    folder others may write (``HEXWRIGHT_CACHE`` in /tmp) must never have us read their file;
    our own entries are written mode 0600 (:func:`tempfile.mkstemp`)."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:
        return True
    return facts.st_uid == geteuid() and not facts.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _write(path: Path, stamp: str, value: object) -> None:
    """Store an entry atomically (a whole new file renamed over the old); a folder that cannot
    be written, or a value that cannot be pickled, leaves the cache as it was."""
    import tempfile  # only when an entry is written

    try:
        data = pickle.dumps((stamp, value), protocol=pickle.HIGHEST_PROTOCOL)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except Exception:
        return
