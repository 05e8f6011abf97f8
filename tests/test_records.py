"""State as records (rules/engine/record.py): copies and snapshots derived from the fields."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from model.hexes import Hex
from rules.engine.record import OMIT, Record, plain, state_field


@dataclass
class Inner(Record):
    marks: set[str] = state_field(default_factory=set)


@dataclass
class Outer(Record):
    turn: int = 1
    hexes: dict[str, Hex] = state_field(default_factory=dict)
    plots: dict[str, dict[str, str]] = state_field(default_factory=dict)
    queue: list[tuple[str, str]] = state_field(default_factory=list)
    inner: Inner = state_field(default_factory=Inner)
    gone: dict[str, list[str]] = state_field(default_factory=dict, key="exited")
    rare: set[str] = state_field(default_factory=set, encode=lambda v: sorted(v) if v else OMIT)
    reach: dict[str, int] = state_field(default_factory=dict, cache=True)
    carried: str | None = None


def test_a_copy_shares_nothing_mutable() -> None:
    a = Outer(hexes={"u": Hex(1, 2)}, plots={"us": {"u": "MV"}}, queue=[("a", "b")])
    a.inner.marks.add("Pin")
    a.gone["x"] = ["y"]
    a.reach["u"] = 3
    b = a.copy()
    b.hexes["v"] = Hex(0, 0)
    b.plots["us"]["w"] = "DF"
    b.queue.append(("c", "d"))
    b.inner.marks.add("D1")
    b.gone["x"].append("z")
    b.reach["v"] = 1
    assert a == Outer(
        hexes={"u": Hex(1, 2)},
        plots={"us": {"u": "MV"}},
        queue=[("a", "b")],
        inner=Inner({"Pin"}),
        gone={"x": ["y"]},
        reach={"u": 3},
    )
    assert b.hexes["u"] is a.hexes["u"]  # immutable values are shared


def test_the_snapshot_comes_from_the_fields() -> None:
    a = Outer(hexes={"u": Hex(1, 2)}, gone={"x": ["y"]}, reach={"u": 3})
    a.inner.marks.update({"b", "a"})
    assert a.snapshot() == {
        "turn": 1,
        "hexes": {"u": [1, 2]},
        "plots": {},
        "queue": [],
        "inner": {"marks": ["a", "b"]},
        "exited": {"x": ["y"]},  # its own key
        "carried": None,
    }  # "rare" omitted while empty, the cache never
    a.rare.add("r")
    assert a.snapshot()["rare"] == ["r"]


class Opaque:
    """A mutable object with no clone(): a record cannot know how to copy it."""


@dataclass
class Bad(Record):
    thing: Opaque = state_field(default_factory=Opaque)


def test_a_field_of_unknown_copy_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Bad\.thing: no known copy"):
        Bad().copy()


def test_plain_data_is_sorted_where_order_does_not_matter() -> None:
    assert plain({Hex(1, 0): "a", Hex(0, 1): "b"}) == [[[0, 1], "b"], [[1, 0], "a"]]
    assert plain(frozenset({"b", "a"})) == ["a", "b"]
    with pytest.raises(TypeError):
        plain(object())


@pytest.mark.parametrize("system", ["panzer44", "armor", "soldiers", "panzer-command"])
def test_no_two_records_of_a_systems_state_share_a_snapshot_key(system: str) -> None:
    """A state's snapshot merges its records' snapshots, and refuses two with the same key
    (:meth:`rules.engine.core.State._snapshot`). A Soldiers game that had both destroyed a
    man's weapon (``troops.destroyed``) and an objective (``field.destroyed``) failed on its
    fingerprint (a heuristic-bot fuzz game of scenario 22); keys that are left out while empty
    collide only in such a game. Armor had two such pairs: ``entered`` (a walk under way, and
    the units inside a Pillbox) and ``laid`` (the SBG Bridge AVREs' Spans, and the Mines
    written). Every key each record may write is told apart here, for every system, from its
    fields (a record with a snapshot of its own writes one key, its name on the state:
    ``reaction``)."""
    import dataclasses

    from rules.engine.record import snapshot_keys
    from tools import fuzz

    path = fuzz.scenarios_of(system)[0]
    state = fuzz._game(path, 1).new_initial_state(1)  # type: ignore[attr-defined]
    owners: dict[str, str] = {}
    for name, value in vars(state).items():
        if not isinstance(value, Record):
            continue
        keys = snapshot_keys(type(value)) or [name]
        assert dataclasses.is_dataclass(value)
        for key in keys:
            assert key not in owners, f"{system}: '{key}' of {name} and of {owners[key]}"
            owners[key] = name
    assert len(owners) > 5


def test_a_state_holding_both_sides_of_a_former_key_pair_has_its_fingerprint() -> None:
    """The pairs the test above found, filled at once on real states: a Soldiers man's weapon
    and an objective destroyed; an Armor walk under way beside a unit inside a Pillbox, and a
    Span laid beside Mines written. Each raised "a key of its snapshot is another record's"
    from ``fingerprint()`` (so from every clone check, autosave and replay)."""
    from tools import fuzz

    soldiers = fuzz._game(fuzz.SCENARIOS / "soldiers" / "22-street-fighting-in-grave.yaml", 1)
    state = soldiers.new_initial_state(1)  # type: ignore[attr-defined]
    man = next(iter(state.troops.hexes))
    state.troops.destroyed.add(man)
    state.field.destroyed.add("A/0101")
    assert state.clone().fingerprint() == state.fingerprint()
    armor = fuzz._game(fuzz.scenarios_of("armor")[0], 1).new_initial_state(1)  # type: ignore[attr-defined]
    unit = next(iter(armor.troops.hexes))
    armor.execution.entered, armor.fieldworks.entered[unit] = True, "K2013"
    armor.specials.laid.add(unit)
    armor.fieldworks.laid[unit] = {}
    snapshot = armor._snapshot()
    assert snapshot["walk_entered"] is True and snapshot["entered"] == {unit: "K2013"}
    assert snapshot["spans_laid"] == [unit] and unit in snapshot["laid"]
    assert armor.clone().fingerprint() == armor.fingerprint()
