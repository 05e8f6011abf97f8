"""The Scenario Rules panel: the "Scenario" dock, with the scenario's details (the Scenario tab,
:mod:`editor.scenario.details_editor`), victory conditions (:mod:`editor.scenario.victory_tab`),
reinforcements (:mod:`editor.scenario.reinforcements_tab`), special rules
(:mod:`editor.scenario.rules_tab`), game length (:mod:`editor.scenario.length_tab`), the sides'
set-up (the Set-up tab, :mod:`editor.scenario.setup_editor`) and the sides' bot plans (the Bots
tab, :mod:`editor.scenario.plan_tab`).

Every change is a pure edit of :mod:`model.edits_rules` made by the document as one undo step
(``ScenarioDocument.edit``); a refused edit says why in the panel, never with a traceback.
The panel follows the document and shows every tab again on a change. Choosing a reinforcement,
a victory condition or a special rule outlines its hexes on the map and centres the view on
them, as the Validation panel shows a finding's place (:func:`model.places.finding_hexes` on
the entry's dotted path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from editor.files.boards import BoardDocument
from editor.files.changes import Change, follow
from editor.files.document import ScenarioDocument
from editor.scenario.details_editor import DetailsPage
from editor.scenario.length_tab import LengthTab
from editor.scenario.plan_tab import PLAN_CHANGE, PlanTab
from editor.scenario.reinforcements_tab import ReinforcementsTab
from editor.scenario.rules_forms import MessageLine
from editor.scenario.rules_tab import SpecialRulesTab
from editor.scenario.setup_editor import SetupPage
from editor.scenario.victory_tab import VictoryTab
from editor.scrolling import scrolled
from model.hexes import Hex
from model.places import finding_hexes
from model.scenario import Scenario

if TYPE_CHECKING:
    from editor.app import MainWindow

#: The changes the panel's tabs show again on.
_SHOWN_ON = (
    Change.REINFORCEMENTS
    | Change.VICTORY
    | Change.RULES
    | Change.LENGTH
    | Change.FORCES
    | Change.LAYOUT
)
#: The outline of a chosen objective or entry area on the map.
PLACE_COLOUR = "#7d3c98"


class RulesPanel(QWidget):
    """Game length, reinforcements, victory and special rules of the open scenario."""

    def __init__(self, window: MainWindow | None = None) -> None:
        super().__init__()
        self.window_ = window
        self.document: ScenarioDocument | None = None
        self.message = MessageLine()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        # Six tabs in the ~440 px dock: narrower tabs than the style's keep them all in sight.
        self.tabs.tabBar().setStyleSheet("QTabBar::tab { padding: 4px 6px; }")
        self.details_page = DetailsPage(window, self.show_place)
        self.details_tab = scrolled(self.details_page, sideways=False)
        self.tabs.addTab(self.details_tab, "Scenario")
        self.tabs.setTabToolTip(0, "Id, title, date, where it comes from; play area and objects")
        self.victory_tab = VictoryTab(self.message, self.show_place)
        self.tabs.addTab(scrolled(self.victory_tab, sideways=False), "Victory")
        self.reinforcements_tab = ReinforcementsTab(self.message, self.show_place)
        self.tabs.addTab(scrolled(self.reinforcements_tab, sideways=False), "Reinforcements")
        self.rules_tab = SpecialRulesTab(self.message, self.show_place)
        self.tabs.addTab(scrolled(self.rules_tab, sideways=False), "Rules")
        self.tabs.setTabToolTip(3, "Special rules")
        self.length_tab = LengthTab(self.message)
        self.tabs.addTab(scrolled(self.length_tab, sideways=False), "Length")
        self.setup_page = SetupPage(window, self.show_place)
        self.setup_tab = scrolled(self.setup_page, sideways=False)
        self.tabs.addTab(self.setup_tab, "Set-up")
        self.tabs.setTabToolTip(5, "Where each side sets up or enters; who moves first")
        self.plan_tab = PlanTab(self.message, self.show_place)
        self.tabs.addTab(scrolled(self.plan_tab, sideways=False), "Bots")
        self.tabs.setTabToolTip(6, "Bot plans: how the heuristic bots play each side")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs)
        self._name_tab_parts()

    def _name_tab_parts(self) -> None:
        """The tabs' widgets and verbs under the panel's own names (the tests and the window
        drive the panel by them)."""
        victory, arrivals = self.victory_tab, self.reinforcements_tab
        rules, length = self.rules_tab, self.length_tab
        self.conditions = victory.table
        self.condition_form = victory.form
        self.scoring = victory.scoring
        self.default_winner = victory.default_winner
        self.tie = victory.tie
        self.selected_condition = victory.selected_condition
        self.select_condition = victory.select_condition
        self.add_condition = victory.add_condition
        self.edit_condition = victory.edit_condition
        self.remove_condition = victory.remove_condition
        self.apply_scoring = victory.apply_scoring
        self.side_box = arrivals.side_box
        self.reinforcements = arrivals.table
        self.reinforcement_form = arrivals.form
        self.selected_reinforcement = arrivals.selected_reinforcement
        self.select_reinforcement = arrivals.select_reinforcement
        self.add_reinforcement = arrivals.add_reinforcement
        self.edit_reinforcement = arrivals.edit_reinforcement
        self.remove_reinforcement = arrivals.remove_reinforcement
        self.rules = rules.table
        self.rule_form = rules.form
        self.selected_rule = rules.selected_rule
        self.add_rule = rules.add_rule
        self.edit_rule = rules.edit_rule
        self.remove_rule = rules.remove_rule
        self.length_text = length.length_text
        self.turns = length.turns
        self.first_turn = length.first_turn
        self.open_ended = length.open_ended
        self.set_length = length.set_length
        self.apply_length = length.apply_length

    # --- document ---------------------------------------------------------------------------

    def set_document(self, document: ScenarioDocument | None) -> None:
        self.document = follow(self.document, document, self._on_changed)
        board = isinstance(document, BoardDocument)
        self.setEnabled(document is not None and not board)
        for tab in (self.reinforcements_tab, self.victory_tab, self.rules_tab):
            tab.set_document(document)
        self.plan_tab.document = None if board else document
        self.length_tab.document = document
        self.message.clear_message()
        self.setup_page.set_document(None if board else document)
        self.details_page.set_document(None if board else document)
        self.refresh()

    def show_details(self) -> None:
        """Bring the Scenario tab to the front."""
        self.tabs.setCurrentWidget(self.details_tab)

    def show_setup(self) -> None:
        """Bring the Set-up tab to the front."""
        self.tabs.setCurrentWidget(self.setup_tab)

    def _on_changed(self, change: Change) -> None:
        if change & _SHOWN_ON:
            self.refresh()
        elif change & PLAN_CHANGE:  # a plan edit: its tab alone
            self.plan_tab.fill(self.scenario)

    @property
    def scenario(self) -> Scenario | None:
        if self.document is None or isinstance(self.document, BoardDocument):
            return None
        return self.document.scenario

    def refresh(self) -> None:
        """Show the scenario's rules again (after an edit, an undo or a new document)."""
        scenario = self.scenario
        self.length_tab.fill(scenario)
        self.reinforcements_tab.fill(scenario)
        self.victory_tab.fill(scenario)
        self.rules_tab.fill(scenario)
        self.plan_tab.fill(scenario)

    def show_place(self, path: str, quiet: bool = False) -> frozenset[Hex]:
        """Outline on the map the hexes of the entry at ``path`` and centre the view on them
        (the Validation panel's way of showing a finding's place)."""
        window, document = self.window_, self.document
        if window is None or document is None:
            return frozenset()
        if quiet and not finding_hexes(document.scenario, document.map, document.overlays, path):
            window.view.clear_marks()
            return frozenset()
        return window.map_editor.show_place(path, QColor(PLACE_COLOUR))
