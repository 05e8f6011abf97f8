"""Provenance of data values, tables, overlays, and the data report."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from editor.cli.main import main
from model.provenance import Value, tally
from model.tables import OverlayType, Table


def test_a_value_says_exactly_one_provenance() -> None:
    assert Value(value=3, source="Armor [GC1]").source
    with pytest.raises(ValidationError, match="not both"):
        Value(value=3, source="x", placeholder="y")
    with pytest.raises(ValidationError, match="not both"):
        Value(value=3)


def test_plain_values_inherit_their_entrys_provenance() -> None:
    values = {"a": 1, "b": Value(value=2, placeholder="derived from a"), "c": "x"}
    from_book = tally(values, inherited_placeholder=False, where="unit")
    assert (from_book.sourced, from_book.placeholders) == (2, 1)
    assert from_book.examples == ["unit.b"]
    invented = tally(values, inherited_placeholder=True, where="unit")
    assert (invented.sourced, invented.placeholders) == (0, 3)


def table(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "schema_version": 1,
        "system": "panzer44",
        "id": "crt",
        "name": "CRT",
        "source": "Panzer '44 [6.81]",
        "row_heading": "die",
        "columns": [1, 2],
        "rows": [{"key": 1, "cells": ["D", {"value": "X", "placeholder": "as the row above"}]}],
    }
    data.update(changes)
    return data


def test_tables_count_cells_and_check_their_shape() -> None:
    crt = Table.model_validate(table())
    counts = crt.tally()
    assert (counts.sourced, counts.placeholders) == (1, 1)
    assert crt.cell(1, 2) == Value(value="X", placeholder="as the row above")
    with pytest.raises(ValidationError, match="row 1 has 1 cells for 2 columns"):
        Table.model_validate(table(rows=[{"key": 1, "cells": ["D"]}]))
    with pytest.raises(ValidationError, match="'source' or 'placeholder'"):
        Table.model_validate(table(source=None))


def test_overlay_anchors_are_checked() -> None:
    good = {
        "id": "woods-43",
        "kind": "woods",
        "code": 43,
        "hexes": [[0, 0], [1, 0]],
        "code_hex": [1, 0],
        "placeholder": "shape invented",
    }
    assert OverlayType.model_validate(good).code == 43
    with pytest.raises(ValidationError, match="triangle hex"):
        OverlayType.model_validate({**good, "hexes": [[1, 0], [0, 0]]})
    with pytest.raises(ValidationError, match="code hex must be one of"):
        OverlayType.model_validate({**good, "code_hex": [2, 0]})


def test_data_report_runs_for_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "report"]) == 0
    out = capsys.readouterr().out
    for name in ("Armor:", "Panzer '44:", "Soldiers:", "Panzer Command:"):
        assert name in out
    assert "scenario armor-1a (Spearheads) depends on: length (placeholder)" in out
