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
