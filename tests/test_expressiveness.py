"""The scenario format can express every scenario of the books.

Every scenario of Panzer '44 [19.1-20.5], Soldiers (10, 20-26) and Armor (1A-4B) is
transcribed into the format, and all of them are now built-in scenarios
(``scenarios/<system>/``, fully checked by ``test_scenario_file``); here they are checked against
the models only.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from model.scenario import Scenario
from model.validation import validate_document
from model.yamlio import read_yaml

BUILT_IN = Path(__file__).parent.parent / "scenarios"
FILES = sorted(BUILT_IN.glob("*/*.yaml"))


def load(path: Path) -> Scenario:
    return validate_document(read_yaml(path), Scenario)


def kinds(value: Any) -> Counter[str]:
    found: Counter[str] = Counter()
    if isinstance(value, BaseModel):
        kind = getattr(value, "kind", None)
        if isinstance(kind, str):
            found[f"{type(value).__name__}:{kind}"] += 1
        for name in type(value).model_fields:
            found += kinds(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            found += kinds(item)
    elif isinstance(value, dict):
        for item in value.values():
            found += kinds(item)
    return found


def test_every_book_scenario_is_transcribed() -> None:
    ids = {(load(p).system.value, load(p).id) for p in FILES if not load(p).original}
    by_system = Counter(system for system, _ in ids)
    # Armor 2A's three mapboard configurations [SCN VI.A.1] are three files of one scenario
    assert by_system == {"panzer44": 14, "soldiers": 8, "armor": 11}
    scenarios = {(load(p).system.value, load(p).source) for p in FILES if not load(p).original}
    assert Counter(system for system, _ in scenarios) == {"panzer44": 14, "soldiers": 8, "armor": 9}


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_book_scenario_validates(path: Path) -> None:
    scenario = load(path)
    if scenario.original:
        assert scenario.placeholder or scenario.victory.placeholder  # says what is ours
    else:
        assert scenario.source
        assert scenario.source.split(" [")[0] in {"Panzer '44", "Soldiers", "Armor"}
    assert scenario.victory.conditions or scenario.missions


def test_victory_conditions_are_mostly_typed() -> None:
    total: Counter[str] = Counter()
    for path in FILES:
        total += kinds(load(path))
    conditions = {k: v for k, v in total.items() if k.split(":")[0] in _CONDITION_CLASSES}
    text = conditions.get("TextCondition:text", 0)
    # Typed conditions outnumber the ones kept in the book's words by far.
    assert sum(conditions.values()) > 4 * text


_CONDITION_CLASSES = {
    "EnemyLosses",
    "Exit",
    "Control",
    "UnitsIn",
    "LineOfSight",
    "Destroyed",
    "Survives",
    "Casualties",
    "VpThreshold",
    "ForceShare",
    "LossesCompared",
    "NotWon",
    "TextCondition",
    "AllConditions",
    "AnyCondition",
}
