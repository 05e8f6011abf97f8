"""The objective-reach search gives what a plain backward Dijkstra gives (the search it
replaced, kept here as the reference), on built-in scenarios at every deadline of the game:
the aimed probe, the early exits and the remembered costs change its speed, not its answers."""

from __future__ import annotations

import heapq
import math
from pathlib import Path

import pytest

from model.hexes import Hex
from model.scenario_io import load_scenario
from rules.checks import reach as check_reach
from rules.checks.base import CheckContext

SCENARIOS = Path(__file__).parent.parent / "scenarios"

Group = list[tuple[check_reach._Start, float, int]]


def reference_search(
    ctx: CheckContext, cls: str, target: frozenset[Hex], group: Group
) -> list[float] | None:
    """The plain search: Dijkstra from the target, a start checked when it is settled."""
    budget = max(allowance * turns for _, allowance, turns in group)
    waiting: dict[Hex, list[int]] = {}
    for i, (start, _, _) in enumerate(group):
        for h in start.hexes:
            waiting.setdefault(h, []).append(i)
    found = [math.inf] * len(group)
    best = dict.fromkeys(target, 0.0)
    queue = [(0.0, h.q, h.r, h) for h in target]
    heapq.heapify(queue)
    while queue:
        dist, _, _, h = heapq.heappop(queue)
        if dist > best.get(h, math.inf):
            continue
        for i in waiting.pop(h, ()):
            _, allowance, turns = group[i]
            found[i] = min(found[i], dist)
            if math.ceil(dist / allowance) <= turns:
                return None
        for n in h.neighbors():
            if n not in ctx.amap.hexes:
                continue
            cost = ctx.move_cost(cls, h, n)
            if cost is None:
                continue
            total = dist + cost
            if total <= budget and total < best.get(n, math.inf):
                best[n] = total
                heapq.heappush(queue, (total, n.q, n.r, n))
    return found


def answers(path: Path) -> list[str | None]:
    """What the reach check says of each objective at each deadline of the game."""
    ctx = CheckContext(load_scenario(path))
    span = ctx.game_turns
    assert span is not None
    said: list[str | None] = []
    for _, condition in check_reach._objectives(ctx):
        side = ctx.scenario.side(condition.side)
        starts = check_reach._starts(ctx, side, condition.units.types)
        target = ctx.region(condition.region)
        if starts and target:
            for deadline in range(span[0], span[1] + 1):
                said.append(check_reach._best(ctx, starts, target, deadline))
    return said


@pytest.mark.parametrize(
    "name",
    [
        "panzer44/19.3-bridgehead-at-wallendorf.yaml",
        "panzer44/19.4-luneville.yaml",
        "panzer44/20.4-action-at-menzelen.yaml",
        "panzer-command/point-161.yaml",
        "armor/demo-crossroads.yaml",
    ],
)
def test_the_search_answers_as_the_plain_dijkstra(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = answers(SCENARIOS / name)
    monkeypatch.setattr(check_reach, "_search", reference_search)
    assert fast == answers(SCENARIOS / name)
    assert any(a is None for a in fast) and any(a is not None for a in fast)


def test_a_unit_starting_on_the_objective_is_in_time() -> None:
    ctx = CheckContext(load_scenario(SCENARIOS / "panzer44" / "19.4-luneville.yaml"))
    h = next(iter(ctx.amap.hexes))
    unit = ctx.unit("M8", ctx.scenario.sides[0])
    assert unit is not None
    start = check_reach._Start(unit, "M8", frozenset({h}), 1, "set-up")
    assert check_reach._search(ctx, "hard-vehicle", frozenset({h}), [(start, 1.0, 1)]) is None


def test_the_class_likeliest_to_make_it_is_searched_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Luneville's objectives are reached by the armoured cars in time and not by the
    infantry: the vehicles' search ends the check before any foot move is priced (the foot
    search, which cannot succeed, was most of the check's time), with the same answers."""
    path = SCENARIOS / "panzer44" / "19.4-luneville.yaml"
    ctx = CheckContext(load_scenario(path))
    searched: list[str] = []
    search = check_reach._search

    def recording(ctx: CheckContext, cls: str, target: frozenset[Hex], group: Group) -> object:
        searched.append(cls)
        return search(ctx, cls, target, group)

    monkeypatch.setattr(check_reach, "_search", recording)
    assert list(check_reach.objective_reach(ctx)) == []
    assert searched and "foot" not in searched
    assert not any(key[0] == "foot" for key in ctx._costs)


def test_a_file_of_many_objectives_is_checked_for_the_first_hundred_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """5,000 control conditions took 6 s to validate, a search of the map each: the check
    searches for the first MAX_OBJECTIVES and says, once, where it stopped."""
    from model.scenario_io import check_document
    from model.yamlio import read_yaml
    from rules.checks import run_checks

    monkeypatch.setattr(check_reach, "MAX_OBJECTIVES", 2)
    searched: list[frozenset[Hex]] = []
    best = check_reach._best

    def counted(ctx: CheckContext, starts: list, target: frozenset[Hex], deadline: int) -> object:  # type: ignore[type-arg]
        searched.append(target)
        return best(ctx, starts, target, deadline)

    monkeypatch.setattr(check_reach, "_best", counted)
    text = (SCENARIOS / "armor" / "demo-crossroads.yaml").read_text(encoding="utf-8")
    more = "".join(
        f"  - kind: control\n    side: us\n    region: {{kind: hexes, hexes: [{h}]}}\n"
        "    rule: occupy\n    award: {vp: 1}\n"
        for h in ("J0101", "J4001", "J0111", "J4011")
    )
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("  conditions:\n", "  conditions:\n" + more, 1), encoding="utf-8")
    doc = read_yaml(path)
    found = [f for f in run_checks(check_document(doc), doc) if f.code == "objective-reach"]
    assert len(searched) == 2  # the first two of five objectives (the book's K2017 the last)
    [info] = [f for f in found if f.severity == "info"]
    assert info.path == "victory.conditions[2].region" and info.message.startswith(
        "the reach of this objective and the 2 after it is not checked: the check searches the "
        "map for the first 2 objectives of a file"
    )
