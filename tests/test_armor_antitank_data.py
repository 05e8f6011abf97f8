"""The infantry anti-tank weapons' numbers live in ``resources/armor/tables/anti-tank-weapons.yaml``
[ADV III.B; ADV IV.E.6; ADV V.A; ADV VI.A.1]: every one a placeholder that says what it rests on
(the names the book's), read by the pydantic-validated table loader, counted by
``hexwright data report``, and what the engine fires with."""

from __future__ import annotations

from importlib import resources

import pytest
from test_armor_antitank import PZ, SQUAD, _plot, _state, _weapon_fire
from test_armor_handheld import _line

from editor.cli.main import main
from model.errors import ProblemList
from model.provenance import Value
from model.report import system_report
from model.systems import GameSystem
from model.tables import Table, tables
from model.validation import validate_document
from model.yamlio import read_yaml_text
from rules.armor import antitank
from rules.armor.orders import Order

PATH = "resources/armor/tables/anti-tank-weapons.yaml"


def _text() -> str:
    return (resources.files("resources") / "armor/tables/anti-tank-weapons.yaml").read_text(
        encoding="utf-8"
    )


def _table(text: str) -> Table:
    """The table as the loader reads a resources file: YAML, then the pydantic model."""
    return validate_document(read_yaml_text(text, PATH), Table)


def test_every_weapon_value_is_a_placeholder_with_its_basis_and_the_names_are_the_books() -> None:
    """[ADV III.B] names the weapons and their letter codes; their numbers are on the Data
    Cards, not in the text: each cell but the name says ``placeholder`` and why."""
    table = tables(GameSystem.ARMOR)[antitank.TABLE]
    assert sorted(str(r.key) for r in table.rows) == ["B", "PA", "PK", "PT"]
    for row in table.rows:
        name, *numbers = row.cells
        assert isinstance(name, Value) and name.source == "Armor [ADV III.B]"
        for cell in numbers:
            assert isinstance(cell, Value) and cell.placeholder, (row.key, cell)
    bazooka = antitank.WEAPONS["B"]
    assert (bazooka.name, bazooka.factors, bazooka.pen7, bazooka.gp, bazooka.points) == (
        "Bazooka",
        (12, 10, 8),
        20,
        10,
        2,
    )
    assert antitank.WEAPONS["PT"].factors == (12,) and antitank.WEAPONS["PT"].longest == 1
    assert "Data Cards" in bazooka.placeholder and "HEAT" in bazooka.placeholder
    assert "[OP V.B.1]" in bazooka.points_placeholder and "[ADV IV.E.6]" not in bazooka.name


def test_the_data_report_counts_the_weapons_placeholders(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hexwright data report`` lists what is placeholder: the weapons' 24 numbers are in
    Armor's table cells as placeholders, their 4 names as the book's."""
    with_weapons = system_report(GameSystem.ARMOR).parts["table cells"]
    assert main(["data", "report", "--system", "armor"]) == 0
    printed = capsys.readouterr().out
    counted = f"table cells {with_weapons.sourced} from the book, {with_weapons.placeholders}"
    assert counted in " ".join(printed.split())
    monkeypatch.delitem(tables(GameSystem.ARMOR), antitank.TABLE)
    without = system_report(GameSystem.ARMOR).parts["table cells"]
    assert with_weapons.placeholders - without.placeholders == 24
    assert with_weapons.sourced - without.sourced == 4


def test_a_changed_resource_value_changes_the_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine fires with the resource's numbers: the Bazooka's AP Factor at one hex
    written 16 instead of 12 gives the shot AP Factor 16 and a higher Hit Number [AG VI.B.1;
    ADV VI.A.1], and its Point Value 3 prices the squad three Points more [ADV V.A]."""
    line = _line(3)
    state = _state([("INFANTRY-SQUAD", "B", line[0], 0)], [("PZIVJ", "", line[1], 3)])
    before = antitank.aim(state, SQUAD, PZ)
    text = _text().replace("&ap12 {value: 12", "&ap12 {value: 16")
    text = text.replace("&points {value: 2", "&points {value: 3")
    changed = antitank.launchers(_table(text))
    monkeypatch.setitem(antitank.WEAPONS, "B", changed["B"])
    after = antitank.aim(state, SQUAD, PZ)
    assert (before.gun.ap_factor(1), after.gun.ap_factor(1)) == (12, 16)
    assert after.hit_number > before.hit_number
    assert antitank.priced(state.game.units[SQUAD].type_id, ["B"])[0] == 3
    state.force_dice(99, after.hit_number, 99, 99)  # the squad's GP, the Bazooka: a hit
    _plot(state, Order(SQUAD, fire=PZ))
    (fire,) = _weapon_fire(state)
    assert (fire.ap_factor, fire.hit_number, fire.hits) == (16, after.hit_number, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("  - key: PK", "  - key: PX", "expected one each of"),
        ("{value: 40, placeholder: *pen}", "{value: forty, placeholder: *pen}", "whole number"),
        ("      - *ap12\n      - *beyond", "      - *beyond\n      - *ap12", "from one hex"),
    ],
)
def test_a_broken_weapons_table_is_refused_saying_where(old: str, new: str, message: str) -> None:
    """The loader refuses a table the engine could not fire with: a weapon the orders do not
    know, a number that is not one, an AP Factor after an empty range."""
    assert old in _text()
    with pytest.raises(ValueError, match=message):
        antitank.launchers(_table(_text().replace(old, new, 1)))


def test_the_table_is_checked_by_the_same_model_as_every_table() -> None:
    """A row whose cells do not match the columns fails the pydantic model with its place."""
    text = _text().replace("      - *points\n  - key: PT", "  - key: PT", 1)
    with pytest.raises(ProblemList, match="cells for 7 columns"):
        _table(text)
