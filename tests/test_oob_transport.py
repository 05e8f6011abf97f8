"""The Order of Battle panel's transport links, formations, counter IDs, date filter, counter
mix and stacking flags, through its widgets; and the pure edits and rules beneath them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from editor.files.document import ScenarioDocument
from editor.forces.oob_panel import OrderOfBattlePanel
from model import edits, edits_details
from model.catalog import unit_types
from model.periods import available_by, parse_when
from model.scenario_io import load_scenario
from model.systems import GameSystem
from rules.forces.transport import carriage

SCENARIOS = os.path.join(os.path.dirname(__file__), "..", "scenarios")
ARMOR_1A = os.path.join(SCENARIOS, "armor", "1a-spearheads.yaml")
PANZER44_19_2 = os.path.join(SCENARIOS, "panzer44", "19.2-sedan-revenged.yaml")


@pytest.fixture
def open_panel(qtbot: QtBot) -> Iterator[Callable[[str], OrderOfBattlePanel]]:
    """The Order of Battle panel, shown on its own, on a scenario file."""
    panels: list[OrderOfBattlePanel] = []

    def make(path: str) -> OrderOfBattlePanel:
        panel = OrderOfBattlePanel()
        qtbot.addWidget(panel)
        panel.resize(420, 900)
        panel.set_document(ScenarioDocument.open(path))
        panel.show()
        panels.append(panel)
        return panel

    yield make
    for panel in panels:
        panel.set_document(None)


def rows(panel: OrderOfBattlePanel) -> list[str]:
    return [panel.forces.item(i).text() for i in range(panel.forces.count())]


def catalogue_rows(panel: OrderOfBattlePanel) -> list[str]:
    return [panel.catalogue.item(i).text() for i in range(panel.catalogue.count())]


def add(panel: OrderOfBattlePanel, search: str, count: int = 1) -> None:
    panel.search_for(search)
    panel.add_count.setValue(count)
    panel.add_selected()


def choose_carrier(panel: OrderOfBattlePanel, text: str) -> None:
    """Pick the rides-on choice whose text starts with ``text``, as a user does."""
    box = panel.rides_box
    row = next(i for i in range(box.count()) if box.itemText(i).startswith(text))
    box.setCurrentIndex(row)
    box.activated.emit(row)


# --- pure edits and rules -----------------------------------------------------------------------


def test_mounting_labels_the_carrier_and_refuses_nonsense() -> None:
    scenario = load_scenario(ARMOR_1A).scenario
    s = edits.add_force(scenario, "german", "GE-INFANTRY-SQUAD")
    s = edits.add_force(s, "german", "GE-MEDIUM-TRUCK")
    mounted = edits.set_mounted_on(s, "german", 3, 4)
    forces = mounted.side("german").forces
    assert (forces[4].label, forces[3].mounted_on) == ("german-ge-medium-truck", forces[4].label)
    assert (
        edits.set_mounted_on(mounted, "german", 3, None).side("german").forces[3].mounted_on is None
    )
    with pytest.raises(ValueError, match="cannot ride on itself"):
        edits.set_mounted_on(s, "german", 3, 3)
    with pytest.raises(ValueError, match="carries other units"):
        edits.set_mounted_on(mounted, "german", 4, 0)
    with pytest.raises(ValueError, match="labels are unique"):
        edits_details.set_label(mounted, "german", 0, "german-ge-medium-truck")


def test_ids_must_match_the_count() -> None:
    scenario = load_scenario(ARMOR_1A).scenario
    count = scenario.side("german").forces[0].count
    ids = [str(100 + i) for i in range(count)]
    assert edits.set_ids(scenario, "german", 0, ids).side("german").forces[0].ids == ids
    with pytest.raises(ValueError, match=f"{count + 1} ids for an entry of {count} units"):
        edits.set_ids(scenario, "german", 0, [*ids, "999"])


@pytest.mark.parametrize(
    ("system", "carrier", "passenger", "reason"),
    [
        (GameSystem.PANZER44, "PzV", "Inf", "PzV is not a carrier: only trucks and halftracks"),
        (GameSystem.PANZER44, "SPW", "PzV", "PzV is a vehicle: carriers take only non-vehicle"),
        (GameSystem.ARMOR, "JEEP", "AT-57MM", "JEEP transports L units, not Towed ones"),
        (GameSystem.PANZER_COMMAND, "de-spw", "grenadier", "rides only on truck or tank"),
    ],
)
def test_carriers_that_cannot_carry_say_why(
    system: GameSystem, carrier: str, passenger: str, reason: str
) -> None:
    known = unit_types(system)
    verdict = carriage(system, known[carrier], known[passenger])
    assert not verdict.allowed and reason in verdict.reason and "[" in verdict.reason


def test_soldiers_transport_is_allowed_unchecked() -> None:
    known = list(unit_types(GameSystem.SOLDIERS).values())
    verdict = carriage(GameSystem.SOLDIERS, known[0], known[1])
    assert verdict.allowed and not verdict.checked and "no transport data" in verdict.reason


def test_dates_compare_by_period_year_and_month() -> None:
    assert parse_when("late-1944") == (1944, 9)
    assert parse_when("1944", end=True) == (1944, 12)
    assert parse_when("1944-09-13") == (1944, 9)
    known = unit_types(GameSystem.ARMOR)
    assert available_by(known["M4A3E2"], (1944, 6), known) is False  # late-1944
    assert available_by(known["SHERMAN-CRAB"], (1944, 6), known) is True  # its base, the M4
    assert available_by(known["BOAT"], (1944, 6), known) is None


# --- the panel ----------------------------------------------------------------------------------


def test_infantry_mounts_a_truck_a_tank_is_refused_and_undo_restores(
    open_panel: Callable[[str], OrderOfBattlePanel],
) -> None:
    panel = open_panel(ARMOR_1A)
    document = panel.document
    assert document is not None
    original = document.scenario
    refusals: list[list[str]] = []
    panel.refused.connect(refusals.append)
    panel.choose_side("german")
    add(panel, "GE-MEDIUM-TRUCK")
    add(panel, "GE-INFANTRY-SQUAD", 2)
    assert panel.selected_entry() is not None and panel.selected_entry()[0] == 4

    choose_carrier(panel, "4 × PZIV")  # a tank: Transport 0 on its card
    assert "transports nothing" in panel.message.text()
    assert "(Armor [Intro IV])" in panel.message.text()
    assert refusals[-1][0].startswith("PZIVJ transports nothing")  # for the status bar
    assert document.scenario.side("german").forces[4].mounted_on is None
    tank = next(i for i in range(panel.rides_box.count()) if "PZIV" in panel.rides_box.itemText(i))
    assert panel.rides_box.itemText(tank).endswith("(cannot carry it)")
    assert "Intro IV" in panel.rides_box.itemData(tank, Qt.ItemDataRole.ToolTipRole)

    choose_carrier(panel, "1 × Medium Truck")
    forces = document.scenario.side("german").forces
    assert forces[3].label == "german-ge-medium-truck"
    assert forces[4].mounted_on == "german-ge-medium-truck"
    texts = rows(panel)
    truck_row = next(i for i, t in enumerate(texts) if "[german-ge-medium-truck]" in t)
    assert texts[truck_row + 1].startswith("      ↳ 2 × ")  # indented under its carrier
    assert "rides on german-ge-medium-truck" in texts[truck_row + 1]
    assert panel.rides_box.currentText().startswith("1 × Medium Truck")  # still selected

    document.undo_stack.undo()  # mounting (and labelling the truck) is one step
    assert document.scenario.side("german").forces[3].label is None
    assert not any("↳" in t for t in rows(panel))
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.scenario == original


def test_entries_are_grouped_by_formation(
    open_panel: Callable[[str], OrderOfBattlePanel], qtbot: QtBot
) -> None:
    panel = open_panel(ARMOR_1A)
    document = panel.document
    assert document is not None
    panel.choose_side("us")
    assert not any(t.startswith("Formation") for t in rows(panel))
    panel.select_entry(1)
    panel.formation_box.setEditText("Task Force A")
    qtbot.keyClick(panel.formation_box.lineEdit(), Qt.Key.Key_Return)
    assert document.scenario.side("us").forces[1].formation == "Task Force A"
    texts = rows(panel)
    assert texts[0].startswith("Formation Task Force A")
    assert "the book's formations hold 3-7 units (Armor [OP XIV])" in texts[0]
    assert texts[1].startswith(f"{document.scenario.side('us').forces[1].count} × ")
    assert texts[2].startswith("Not in a formation")
    assert not panel.forces.item(0).flags() & Qt.ItemFlag.ItemIsSelectable  # a heading
    assert panel.formation_box.findText("Task Force A") >= 0  # offered for the next entry
    panel.set_formation(None)
    assert not any(t.startswith("Formation") for t in rows(panel))


def test_counter_ids_must_match_the_count(
    open_panel: Callable[[str], OrderOfBattlePanel], qtbot: QtBot
) -> None:
    panel = open_panel(ARMOR_1A)
    document = panel.document
    assert document is not None
    panel.choose_side("german")
    panel.select_entry(0)
    count = document.scenario.side("german").forces[0].count
    ids = ", ".join(str(500 + i) for i in range(count + 1))
    assert panel.set_ids(ids) == [
        f"{count + 1} ids for an entry of {count} unit{'s' if count != 1 else ''}: "
        "give one id per unit, or none"
    ]
    assert panel.ids_edit.text() == ""  # back to what the entry has
    assert document.undo_stack.count() == 0
    panel.ids_edit.setText(", ".join(str(500 + i) for i in range(count)))
    qtbot.keyClick(panel.ids_edit, Qt.Key.Key_Return)
    assert document.scenario.side("german").forces[0].ids == [str(500 + i) for i in range(count)]


def test_the_date_filter_hides_units_introduced_later(
    open_panel: Callable[[str], OrderOfBattlePanel],
) -> None:
    panel = open_panel(ARMOR_1A)
    panel.choose_side("us")
    assert panel.date_box.isEnabled()
    panel.search_for("M4A3E2")
    assert len(catalogue_rows(panel)) == 1
    panel.date_box.setEditText("mid-1944")
    assert catalogue_rows(panel) == []  # introduced late-1944
    panel.date_box.setEditText("1944-10")
    assert len(catalogue_rows(panel)) == 1
    panel.nation_box.setCurrentIndex(0)  # all nations
    panel.search_for("assault boat")
    assert catalogue_rows(panel) and all(r.endswith("date unknown") for r in catalogue_rows(panel))


def test_counter_mix_use_is_shown_and_adding_past_it_warns(
    open_panel: Callable[[str], OrderOfBattlePanel],
) -> None:
    panel = open_panel(PANZER44_19_2)
    panel.choose_side("french")
    assert not panel.date_box.isEnabled()  # Panzer '44's catalogue gives no dates
    panel.search_for("M1 ")
    assert catalogue_rows(panel)[0].endswith("9 of 9 used")  # 6 + 3 M1 of the US mix
    assert panel.add_selected() == []  # a warning, not a refusal
    assert catalogue_rows(panel)[0].endswith("10 of 9 used")
    assert panel.message.text() == (
        "Warning: 10 M1 counters in the orders of battle; the counter mix has 9 "
        "(Panzer '44 [3.22]; [19.3])"
    )


def test_an_over_stacked_hex_is_flagged_with_the_rule(
    open_panel: Callable[[str], OrderOfBattlePanel],
) -> None:
    panel = open_panel(PANZER44_19_2)
    document = panel.document
    assert document is not None
    panel.choose_side("german")
    assert not any("⚠" in t for t in rows(panel))
    # What dropping the entry on the map does: the ten PzV on one hex.
    assert document.place_force("german", 0, document.map.resolve("1516")) == []
    texts = rows(panel)
    flagged = [t for t in texts if "⚠" in t]
    assert len(flagged) == 1 and flagged[0].startswith("10 × ")
    assert "10 units of German stand on 1516; the limit is one (Panzer '44 [8.0])" in flagged[0]


def test_an_entry_carried_by_nothing_shows_nothing(
    open_panel: Callable[[str], OrderOfBattlePanel],
) -> None:
    panel = open_panel(ARMOR_1A)
    panel.choose_side("german")
    panel.select_entry(1)
    assert panel.rides_box.currentText() == "nothing (not carried)"
