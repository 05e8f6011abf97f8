"""A validation finding's fix, one double-click (or Enter) away: the panel and the row where the
entry the finding names is edited, brought to the front and selected, and its place on the map.

A finding carries the dotted path of the scenario entry it is about (``sides[1].forces[7]``,
``victory.conditions[0]``, ``map.constraints[1]``: :class:`rules.checks.Finding`). The path says
which room edits the entry: :func:`fix_of` reads it into a :class:`Fix` (pure, tested without
Qt), and :func:`jump_to_fix` opens that room in the window.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDockWidget, QListWidget, QTableWidget

from model.places import parse_path

if TYPE_CHECKING:
    from editor.app import MainWindow
    from rules.checks import Finding

#: The Scenario dock's tabs, by their titles.
SCENARIO_TAB = "Scenario"
VICTORY_TAB = "Victory"
REINFORCEMENTS_TAB = "Reinforcements"
RULES_TAB = "Rules"
LENGTH_TAB = "Length"
SETUP_TAB = "Set-up"
BOTS_TAB = "Bots"
#: A side's fields and the Scenario tab each is edited in (the rest: its Order of Battle).
_SIDE_TABS = {
    "setup": SETUP_TAB,
    "deployment_modes": SETUP_TAB,
    "fortifications": SETUP_TAB,
    "starts_on_map": SETUP_TAB,
    "mounted_setup": SETUP_TAB,
    "role": SETUP_TAB,
    "plan": BOTS_TAB,
    "reinforcements": REINFORCEMENTS_TAB,
}
#: A side's fields edited in the Budget panel.
_BUDGET_FIELDS = ("budget", "purchases", "purchase_rules", "mission", "sample_forces")
_SCENARIO_TABS = {
    "victory": VICTORY_TAB,
    "special_rules": RULES_TAB,
    "length": LENGTH_TAB,
    "first_player": SETUP_TAB,
    "deployment_order": SETUP_TAB,
}


@dataclass(frozen=True)
class Fix:
    """Where a finding is fixed: a ``panel`` (``order_of_battle``, ``budget``, ``sections``,
    ``overlays``, ``terrain``, or ``scenario`` with its ``tab``), the side by index, and the
    row (a list of indexes: a victory condition inside another is two)."""

    panel: str
    tab: str = ""
    side: int | None = None
    row: tuple[int, ...] = ()
    part: str = ""  # which list of the tab, where it has two (a plan's objectives or holds)

    def words(self) -> str:
        """Where, as the status bar says it: "Scenario > Victory, row 2"."""
        where = {
            "order_of_battle": "Order of Battle",
            "budget": "Budget",
            "sections": "Sections",
            "overlays": "Overlays",
            "terrain": "Terrain",
        }.get(self.panel, f"Scenario > {self.tab}")
        if self.row:
            where += ", row " + ".".join(str(i + 1) for i in self.row)
        return where


def _indexes(keys: tuple[str | int, ...]) -> tuple[int, ...]:
    """The leading indexes of ``keys``, through nested lists of the same name
    (``conditions[0].conditions[2]`` is (0, 2))."""
    found: list[int] = []
    for key in keys:
        if isinstance(key, int):
            found.append(key)
        elif key != "conditions":
            break
    return tuple(found)


def fix_of(path: str) -> Fix:
    """The panel and row where the entry at a finding's dotted ``path`` is edited."""
    keys = parse_path(path)
    head = keys[0] if keys else ""
    if head == "sides" and len(keys) > 1 and isinstance(keys[1], int):
        return _side_fix(keys[1], keys[2:])
    if head == "map":
        return _map_fix(keys[1:])
    if head == "victory":
        rest = keys[1:]
        row = _indexes(rest[1:]) if rest[:1] == ("conditions",) else ()
        return Fix("scenario", VICTORY_TAB, row=row)
    if head == "special_rules":
        row = (keys[1],) if len(keys) > 1 and isinstance(keys[1], int) else ()
        return Fix("scenario", RULES_TAB, row=row)
    if head == "missions":
        row = (keys[1],) if len(keys) > 1 and isinstance(keys[1], int) else ()
        return Fix("scenario", SCENARIO_TAB, row=row, part="missions")
    if isinstance(head, str) and head in _SCENARIO_TABS:
        return Fix("scenario", _SCENARIO_TABS[head])
    return Fix("scenario", SCENARIO_TAB)


def _side_fix(side: int, rest: tuple[str | int, ...]) -> Fix:
    field = rest[0] if rest else ""
    index = (rest[1],) if len(rest) > 1 and isinstance(rest[1], int) else ()
    if field == "forces":
        return Fix("order_of_battle", side=side, row=index)
    if isinstance(field, str) and field in _BUDGET_FIELDS:
        return Fix("budget", side=side)
    if field == "plan":
        part = rest[1] if len(rest) > 1 and rest[1] in ("objectives", "hold") else ""
        row = (rest[2],) if part and len(rest) > 2 and isinstance(rest[2], int) else ()
        return Fix("scenario", BOTS_TAB, side, row, str(part))
    if isinstance(field, str) and field in _SIDE_TABS:
        return Fix("scenario", _SIDE_TABS[field], side, index)
    if field:
        return Fix("order_of_battle", side=side)  # its support, barrages, counter pool...
    return Fix("scenario", SETUP_TAB, side)  # the side as a whole: where it sets up


def _map_fix(rest: tuple[str | int, ...]) -> Fix:
    field = rest[0] if rest else ""
    index = (rest[1],) if len(rest) > 1 and isinstance(rest[1], int) else ()
    if field == "overlays":
        return Fix("overlays", row=index)
    if field == "constraints":
        return Fix("sections", row=index, part="constraints")
    if field == "layout":
        row = (rest[2],) if rest[1:2] == ("sections",) and len(rest) > 2 else ()
        return Fix("sections", row=tuple(i for i in row if isinstance(i, int)))
    if field in ("terrain", "edits", "terrain_options"):
        return Fix("terrain")
    if field == "objects":
        return Fix("scenario", SCENARIO_TAB, row=index, part="objects")
    return Fix("scenario", SCENARIO_TAB)


# --- in the window ------------------------------------------------------------------------------


def _front(dock: QDockWidget) -> None:
    dock.show()
    dock.raise_()


def _select_row(rows: QListWidget | QTableWidget, row: tuple[int, ...]) -> None:
    """Select row ``row[0]`` of a list or table, as a click on it does, and scroll to it
    (none: a row edited away since the check ran)."""
    if not row:
        return
    if isinstance(rows, QListWidget) and 0 <= row[0] < rows.count():
        rows.setCurrentRow(row[0])
        rows.scrollToItem(rows.item(row[0]))
    elif isinstance(rows, QTableWidget) and 0 <= row[0] < rows.rowCount():
        rows.selectRow(row[0])
        rows.scrollTo(rows.model().index(row[0], 0))


def jump_to_fix(window: MainWindow, finding: Finding) -> Fix:
    """Open the panel that fixes ``finding`` at its row, and outline its place on the map."""
    fix = fix_of(finding.path)
    document = window.document
    sides = [s.id for s in document.scenario.sides] if document is not None else []
    side_id = sides[fix.side] if fix.side is not None and fix.side < len(sides) else None
    if fix.panel == "order_of_battle":
        _front(window.oob_dock)
        if side_id is not None:
            window.oob_panel.choose_side(side_id)
        if fix.row:
            window.oob_panel.select_entry(fix.row[0])
    elif fix.panel == "budget":
        _front(window.budget_dock)
        window.budget_panel.choose_side(side_id)
    elif fix.panel == "sections":
        _front(window.sections_dock)
        rows = window.sections_panel.constraints.list if fix.part else window.sections_panel.laid
        _select_row(rows, fix.row)
    elif fix.panel == "overlays":
        _front(window.overlays_dock)
        _select_row(window.overlay_panel.laid, fix.row)
    elif fix.panel == "terrain":
        _front(window.terrain_dock)
    else:
        _front(window.rules_dock)
        _scenario_tab(window, fix, side_id)
    window.validation_panel.show_place(finding)  # last: the finding's outline over the panel's
    window.say(f"{finding.message[:80]}: fix it in {fix.words()}")
    return fix


def _scenario_tab(window: MainWindow, fix: Fix, side_id: str | None) -> None:
    panel = window.rules_panel
    tabs = panel.tabs
    index = next((i for i in range(tabs.count()) if tabs.tabText(i) == fix.tab), 0)
    tabs.setCurrentIndex(index)
    if fix.tab == SETUP_TAB and side_id is not None:
        panel.setup_page.choose_side(side_id)
    elif fix.tab == REINFORCEMENTS_TAB:
        box = panel.reinforcements_tab.side_box
        box.setCurrentIndex(max(0, box.findData(side_id)))
        _select_row(panel.reinforcements, fix.row)
    elif fix.tab == VICTORY_TAB and fix.row:
        with contextlib.suppress(ValueError):  # a condition edited away since the check ran
            panel.select_condition(list(fix.row))
    elif fix.tab == RULES_TAB:
        _select_row(panel.rules, fix.row)
    elif fix.tab == BOTS_TAB:
        box = panel.plan_tab.side_box
        box.setCurrentIndex(max(0, box.findData(side_id)))
        plan = panel.plan_tab
        _select_row(plan.objectives if fix.part == "objectives" else plan.holds, fix.row)
    elif fix.tab == SCENARIO_TAB and fix.part:
        details = panel.details_page
        _select_row(details.objects if fix.part == "objects" else details.missions, fix.row)
