"""The cache of game data as read (model.datacache, speed issue 20): an entry is used only when
it was built from the same files by the same code; a stale, corrupt or foreign entry is built
again; a cache that cannot be written changes nothing but the time."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from model import datacache
from model.catalog import terrain_types, unit_types
from model.resources import boards_changed, load_board
from model.systems import GameSystem
from model.tables import overlays, tables


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv(datacache.CACHE_ENV, str(where))
    return where


class Builds:
    """A build function that counts its calls."""

    def __init__(self, value: object) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def test_a_second_read_of_the_same_text_is_not_built_again(folder: Path) -> None:
    build = Builds({"a": [1, 2]})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"a": [1, 2]}
    again = Builds({"b": 0})
    assert datacache.cached("T", "f", ["text"], again, dict) == {"a": [1, 2]}
    assert (build.calls, again.calls) == (1, 0)
    assert len(list(folder.glob("T-*.pickle"))) == 1


def test_changed_text_builds_again_and_replaces_the_entry(folder: Path) -> None:
    datacache.cached("T", "f", ["one"], Builds({"v": 1}), dict)
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["two"], build, dict) == {"v": 2}
    assert build.calls == 1
    assert len(list(folder.glob("T-*.pickle"))) == 1  # one entry per file, overwritten
    assert datacache.cached("T", "f", ["two"], Builds(None), dict) == {"v": 2}


def test_every_text_counts(folder: Path) -> None:
    datacache.cached("T", "f", ["board", "terrain 1"], Builds({"v": 1}), dict)
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["board", "terrain 2"], build, dict) == {"v": 2}
    assert build.calls == 1


def test_changed_code_builds_again(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    datacache.cached("T", "f", ["text"], Builds({"v": 1}), dict)
    monkeypatch.setattr(datacache, "_code_stamp", "another model package")
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 2}
    assert build.calls == 1


@pytest.mark.parametrize(
    "garbage",
    [b"", b"not a pickle", pickle.dumps("a string"), pickle.dumps(("stamp", {"v": 9}))],
    ids=["empty", "corrupt", "not an entry", "another stamp"],
)
def test_a_corrupt_or_foreign_entry_is_built_again(folder: Path, garbage: bytes) -> None:
    datacache.cached("T", "f", ["text"], Builds({"v": 1}), dict)
    (entry,) = folder.glob("T-*.pickle")
    entry.write_bytes(garbage)
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 2}
    assert build.calls == 1
    assert datacache.cached("T", "f", ["text"], Builds(None), dict) == {"v": 2}  # rewritten


@pytest.mark.parametrize("kind", ["pipe", "device"])
def test_an_entry_that_is_no_regular_file_is_built_again(folder: Path, kind: str) -> None:
    """A pipe in an entry's place held every command for ever (open waited for a writer), a
    link to /dev/urandom was unpickled from the device; each is built again and replaced."""
    datacache.cached("T", "f", ["text"], Builds({"v": 1}), dict)
    (entry,) = folder.glob("T-*.pickle")
    entry.unlink()
    if kind == "pipe":
        os.mkfifo(entry)
    else:
        entry.symlink_to("/dev/urandom")
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 2}
    assert build.calls == 1
    assert entry.is_file() and datacache.cached("T", "f", ["text"], Builds(None), dict) == {"v": 2}


class _Plants:
    """A pickle that, when it is read, makes a folder: what any code of another user's could
    do in our process."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (str(self.marker),))


@pytest.mark.parametrize("whose", ["writable-by-others", "another-users"])
def test_an_entry_not_the_users_alone_is_never_unpickled(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, whose: str
) -> None:
    """Unpickling runs code: an entry another user could have written (a cache folder in
    /tmp, ``HEXWRIGHT_CACHE``) is not read at all, but built again and replaced."""
    datacache.cached("T", "f", ["text"], Builds({"v": 1}), dict)
    (entry,) = folder.glob("T-*.pickle")
    marker = tmp_path / "ran"
    entry.write_bytes(pickle.dumps(_Plants(marker)))
    if whose == "writable-by-others":
        entry.chmod(0o666)
    else:
        monkeypatch.setattr(os, "geteuid", lambda: entry.stat().st_uid + 1)
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 2}
    assert build.calls == 1 and not marker.exists()
    monkeypatch.undo()
    monkeypatch.setenv(datacache.CACHE_ENV, str(folder))
    assert entry.stat().st_mode & 0o077 == 0  # replaced by our own, mode 0600
    assert datacache.cached("T", "f", ["text"], Builds(None), dict) == {"v": 2}


def test_an_entry_larger_than_the_limit_is_not_read(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry is read whole into memory: one over the limit (here lowered) is built again."""
    datacache.cached("T", "f", ["text"], Builds({"v": "x" * 2000}), dict)
    monkeypatch.setattr(datacache, "MAX_ENTRY_BYTES", 1000)
    build = Builds({"v": "y"})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": "y"}
    assert build.calls == 1


def test_an_entry_of_another_type_is_built_again(folder: Path) -> None:
    datacache.cached("T", "f", ["text"], Builds([1, 2]), list)
    build = Builds({"v": 2})
    assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 2}
    assert build.calls == 1


def test_a_cache_that_cannot_be_written_still_gives_the_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("x")
    monkeypatch.setenv(datacache.CACHE_ENV, str(blocked / "cache"))
    for _ in range(2):
        build = Builds({"v": 1})
        assert datacache.cached("T", "f", ["text"], build, dict) == {"v": 1}
        assert build.calls == 1


def test_an_empty_setting_turns_the_cache_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(datacache.CACHE_ENV, "")
    monkeypatch.chdir(tmp_path)
    assert datacache.cache_folder() is None
    for _ in range(2):
        build = Builds({"v": 1})
        datacache.cached("T", "f", ["text"], build, dict)
        assert build.calls == 1
    assert list(tmp_path.iterdir()) == []


def test_a_failed_build_writes_nothing(folder: Path) -> None:
    def fails() -> object:
        raise ValueError("a file with problems")

    with pytest.raises(ValueError, match="problems"):
        datacache.cached("T", "f", ["text"], fails, dict)
    assert not folder.exists() or list(folder.iterdir()) == []


def _fresh() -> None:
    for cached in (unit_types, terrain_types, tables, overlays):
        cached.cache_clear()
    boards_changed()


def test_packaged_data_from_the_cache_equals_the_data_read(folder: Path) -> None:
    """The Armor catalogues, tables and boards read from their files, then from the cache
    written by that read: the same values (and the cache holds them)."""
    armor = GameSystem.ARMOR
    _fresh()
    os.environ[datacache.CACHE_ENV] = ""  # the monkeypatched setting is restored after
    read = (unit_types(armor), terrain_types(armor), tables(armor), overlays(armor))
    boards = {b: load_board(armor, b) for b in ("J", "K")}
    os.environ[datacache.CACHE_ENV] = str(folder)
    for _ in range(2):  # the first fills the cache, the second reads it
        _fresh()
        assert (unit_types(armor), terrain_types(armor), tables(armor), overlays(armor)) == read
        assert {b: load_board(armor, b) for b in ("J", "K")} == boards
    kinds = {p.name.split("-")[0] for p in folder.glob("*.pickle")}
    assert kinds == {"UnitCatalog", "TerrainCatalog", "Table", "OverlayCatalog", "BoardSection"}
    _fresh()
