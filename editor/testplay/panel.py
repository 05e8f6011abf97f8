"""The Test Play dock, the same for every game system: whose decision it is, the acting side's
choices by unit, the game log, the controls, and at the end the victory report.

It reads the game through the State API alone (:mod:`rules.engine.play`): the header from
:meth:`~rules.engine.core.State.progress`; the acting side's legal actions in words
(:meth:`~rules.engine.core.State.describe`), grouped by the unit each concerns and in the game's
reading order (:mod:`editor.testplay.aims`), the side's own actions (chits, points, off-board
support) under ``progress().side_actions``; the Done button labelled ``progress().done_label``;
the map's reach shading, targets and lines from the actions' foci; the odds of each attack from
:meth:`~rules.engine.core.State.preview`.

An action is chosen in the list and taken with Apply (or a double-click), or taken with a click
on the map: on a hex a move of the selected unit ends in, or its fire aims at. The list is built
again only when the choices it shows change: a bot acting meanwhile leaves the selection, the
open groups and the scroll where they were, so a click takes the action under the pointer.

Hot seat: while both sides' players are humans at one computer, each side's orders stay hidden
from the other [Panzer '44 4.1] 1. Whenever the human to act changes, the panel shows a "hand
over" page, and only once the next player has asked for it their own side's view
(:meth:`~rules.engine.core.State.view_for`, :meth:`~rules.engine.core.State.events_for`). With
no human seat the panel watches the bots and shows everything.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextBrowser,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.style import muted_colour, nation_colour
from editor.testplay.aims import (
    SIDE,
    Aims,
    Order,
    SideChoices,
    aims_of,
    fire_lines,
    odds,
    orders,
    paths,
    side_choices,
)
from editor.testplay.controls import TestPlayControls
from editor.testplay.detail import detail_html, header_html
from editor.testplay.layer import GameCounter, Picture, TestPlayLayer, counters_of
from editor.testplay.log import EVENT_LINK, Everything, log_html, victory_html
from editor.testplay.pages import (
    DETAIL_SHARE,
    PAGE_END,
    PAGE_HANDOVER,
    PAGE_PLAY,
    ROLE,
    ChoicePages,
)
from editor.testplay.session import SEATS, TestPlaySession
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.engine.actions import Action
from rules.engine.events import Event
from rules.engine.positions import UnitPosition, shared_units

if TYPE_CHECKING:
    from editor.app import MainWindow

__all__ = ["PAGE_END", "PAGE_HANDOVER", "PAGE_PLAY", "ROLE", "TestPlayPanel"]

#: The tag on a counter for the kind of order the viewer sees it was given.
ORDER_TAGS = {"move": "Move", "fire": "Fire", "other": "Order"}


#: The splitter's shares of the action pages and the log: while a human plays, while bots do.
SPLIT_PLAYING, SPLIT_WATCHING = [560, 220], [180, 600]


class TestPlayPanel(ChoicePages):
    """The dock's contents over one :class:`TestPlaySession`."""

    __test__ = False
    leave_requested = Signal()

    def __init__(self, session: TestPlaySession, layer: TestPlayLayer, window: MainWindow) -> None:
        super().__init__()
        self.session = session
        self.layer = layer
        self.main = window
        self.selected: str | None = None  # the unit whose actions are shown (SIDE: the side's)
        self.choices: SideChoices | None = None  # what the acting human may do now
        self.aims: Aims | None = None  # what the selected unit's actions do on the map
        self.route: tuple[Hex, ...] = ()  # the hexes clicked of a move's path being laid
        self.routed: Action | None = None  # the move chosen by clicks on the map, if any
        self._choosing = False  # the list's current item is being set to the move chosen
        self.revealed: str | None = None  # the human side whose view is shown (hot seat)
        self.counters: list[GameCounter] = []
        self.units_shown: list[UnitPosition] = []
        self.progress = session.state.progress()
        self._shown: list[Event] = []
        #: The log's events whose details (dice, modifiers, steps) are open, by index.
        self.opened: set[int] = set()
        self._order: list[str] = []  # the groups of the list, in order
        self._build()
        session.changed.connect(self.refresh)
        session.refused.connect(self.refuse)

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.header)
        layout.addLayout(self._seats_row())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #a93226")
        self.message.hide()
        layout.addWidget(self.message)
        self.split = split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._pages())
        split.addWidget(self._log_box())
        split.setSizes(SPLIT_PLAYING)
        self.watching: bool | None = None  # no human seated: the log wants the room
        self._fitted: object = None  # the step whose list the splitter was fitted to
        layout.addWidget(split, 1)
        self.controls = TestPlayControls(self.session, self.main.say, self)
        self.controls.leave_requested.connect(self.leave_requested.emit)
        layout.addWidget(self.controls)
        self.units.currentItemChanged.connect(self._tree_choice)
        self.units.viewport().installEventFilter(self)  # the chosen line kept in sight
        self.units.itemDoubleClicked.connect(lambda item, _c: self._apply_item(item))
        self.apply_button.clicked.connect(self._apply_chosen)
        self.done_button.clicked.connect(self._done)
        self.handover_button.clicked.connect(self._take_over)

    def _log_box(self) -> QWidget:
        """The log under its title, with the Details toggle: one line per event, its dice,
        modifiers and steps folded under it (a click on the line opens them)."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 4, 0, 0)
        column.setSpacing(2)
        row = QHBoxLayout()
        row.addWidget(QLabel("<b>Log</b>"))
        row.addStretch(1)
        self.details = QCheckBox("Show all details")
        self.details.setToolTip(
            "Open every event's dice, modifiers and steps; or click an event's \u25b8 line "
            "to open that one"
        )
        self.details.toggled.connect(lambda _on: self._relog())
        row.addWidget(self.details)
        column.addLayout(row)
        self.log = QTextBrowser()
        self.log.setPlaceholderText("The game's events, dice and combats appear here.")
        self.log.setOpenLinks(False)
        self.log.anchorClicked.connect(self._event_clicked)
        # The log is paper, like the map: its inks are its own, readable in every theme.
        paper = self.log.palette()
        paper.setColor(QPalette.ColorRole.Base, QColor("#fbfaf6"))
        paper.setColor(QPalette.ColorRole.Text, QColor("#1b1b1b"))
        self.log.setPalette(paper)
        # Short of room (150% on a small screen) the log gives way first, to two lines and a
        # half: the action chosen, its odds and its working above it are never cut.
        lines = self.log.fontMetrics().lineSpacing() * 2.5
        self.log.setMinimumHeight(round(lines) + 2 * self.log.frameWidth() + 8)
        column.addWidget(self.log, 1)
        return box

    def _seats_row(self) -> QGridLayout:
        """A row per side, its name and who plays it: the scenario's side names can be long
        (``German (11th Panzer Division)``), and two on one line would widen the dock."""
        grid = QGridLayout()
        self.seat_boxes: dict[str, QComboBox] = {}
        for i, side in enumerate(self.session.sides):
            label = QLabel(f"<b>{escape(self.session.side_name(side))}</b>")
            box = QComboBox()
            for seat, title in SEATS.items():
                box.addItem(title, seat)
            box.setCurrentIndex(list(SEATS).index(self.session.seats[side]))
            box.setToolTip("Who plays this side: change it at any time (a bot takes over)")
            box.currentIndexChanged.connect(
                lambda _i, side=side, box=box: self.session.set_seat(side, str(box.currentData()))
            )
            self.seat_boxes[side] = box
            grid.addWidget(label, i, 0)
            grid.addWidget(box, i, 1)
        grid.setColumnStretch(0, 1)
        return grid

    # --- whose view -------------------------------------------------------------------------

    def viewer(self) -> tuple[str | None, bool, str | None]:
        """(the side whose view is shown, whether everything is shown, the side to hand over
        to before anything more is shown)."""
        session = self.session
        if session.state.is_terminal() or not session.humans():
            return None, True, None
        humans = session.humans()
        if len(humans) == 1:
            return humans[0], False, None
        acting = session.humans_to_act()
        if acting and acting[0] != self.revealed:
            return None, False, acting[0]
        return self.revealed, False, None

    def _take_over(self) -> None:
        _, _, handover = self.viewer()
        self.revealed = handover
        self.selected = None
        self.refresh()

    def visible_events(self) -> list[Event]:
        side, everything, _ = self.viewer()
        log = self.session.state.log
        if everything:
            return list(log)
        if side is None:
            return [e for e in log if e.private_to is None]
        return self.session.state.events_for(side)

    def _units_seen(self, side: str | None, everything: bool) -> list[UnitPosition]:
        """The units on the map the viewer may see: all while watching bots, a human side's
        own view (:meth:`~rules.engine.core.State.view_for`: no hidden enemy units), and on
        the hand-over page what every side knows (:func:`shared_units`)."""
        state = self.session.state
        if everything:
            return state.positions()
        if side is not None:
            return list(state.view_for(side).units)
        views = {s: state.view_for(s).units for s in self.session.sides}
        return shared_units(views)

    def acting_side(self) -> str | None:
        """The human side whose choices the list shows now, or None."""
        side, _, handover = self.viewer()
        if handover is None and side is not None and side in self.session.humans_to_act():
            return side
        return None

    # --- refreshing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session's state; the list only if its choices changed.
        When the selection changed by itself (another side's turn, a hand-over), scroll the
        map to the newly selected unit; with no human seated, to the unit the bots moved last
        (the sides often start at opposite edges of the map)."""
        session = self.session
        state = session.state
        before = self.selected
        side, everything, handover = self.viewer()
        self.progress = progress = state.progress()
        rows = [self._todo(s, side, everything, progress.left.get(s, "")) for s in progress.to_act]
        self.header.setText(header_html(progress, rows))
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            self.report.setHtml(victory_html(outcome, session.sides, session.side_name))
            self.pages.setCurrentIndex(PAGE_END)
        elif handover is not None:
            self.show_handover(session.side_name(handover))
        else:
            self.pages.setCurrentIndex(PAGE_PLAY)
        self._make_room(not session.humans() and not state.is_terminal())
        self.units_shown = self._units_seen(side, everything)
        acting = self.acting_side()
        self.choices = side_choices(state, acting) if acting is not None else None
        self._fill_units(side if handover is None else None, progress.turn_word)
        self._fit_list()
        self._fill_log()
        self._draw()
        if self.selected and self.selected != before:
            self._show_selected()
        elif not session.humans() and session.timeline and session.position:
            self._show_selected(state.concerns(session.timeline[session.position - 1]).unit)

    def _make_room(self, watching: bool) -> None:
        """Give the log the room while only bots play, and the action list (or the victory
        report) while a human plays or the game is over; only when that changes, so a splitter
        the user dragged stays where it was put."""
        if watching != self.watching:
            self.watching = watching
            self.split.setSizes(SPLIT_WATCHING if watching else SPLIT_PLAYING)

    def _fit_list(self) -> None:
        """Once a step, while a human plays: a short list (a Final Facing's few units) gives
        the log the room it does not need, so the combats just resolved can be read; a long
        one (an Order Plot's) gets the playing share. Why: at 150% the log showed two lines
        of a Turn's combats beside an almost empty list. A splitter the user drags stays until
        the next step."""
        if self.watching is not False or self.pages.currentIndex() != PAGE_PLAY:
            return
        key = (self.progress.turn, self.progress.step_id, self.acting_side())
        sizes = self.split.sizes()
        total = sum(sizes)
        if total <= 0:
            return
        needed = self.list_height()
        # the detail as tall as its text, up to its share of the pane (then it scrolls)
        width = max(1, self.detail_area.viewport().width())
        detail = max(self.detail.heightForWidth(width), self.detail_area.sizeHint().height())
        needed += min(detail, round(total * SPLIT_PLAYING[0] / sum(SPLIT_PLAYING) * DETAIL_SHARE))
        needed += 2 * self.apply_button.sizeHint().height()
        playing = total * SPLIT_PLAYING[0] // sum(SPLIT_PLAYING)
        top = max(min(needed, playing), total // 4)
        if key == self._fitted:
            # Within a step the list's pane only grows, when a unit's actions or an attack's
            # working need the room (seen: the odds cut to two lines beside a tall log); a
            # pane the user made larger stays.
            if top > sizes[0]:
                self.split.setSizes([top, total - top])
            return
        self._fitted = key
        self.split.setSizes([top, total - top])

    def _todo(self, acting: str, viewer: str | None, everything: bool, left: str) -> str:
        """What ``acting`` has left to do, as far as the viewer may know it."""
        name = self._acting_name(acting)
        if not everything and acting != viewer:
            return f"{name}: deciding…"
        return f"{name}: {escape(left)}" if left else name

    def _acting_name(self, acting: str) -> str:
        """The side's name in its nation's colour, with who plays it: "<b>German</b> (human)"."""
        session = self.session
        nation = session.game.scenario.sides[session.sides.index(acting)].nation
        seat = SEATS[session.seats[acting]].lower()
        return (
            f"<b style='color:{nation_colour(nation)}'>{escape(session.side_name(acting))}</b>"
            f" ({seat})"
        )

    def _fill_units(self, side: str | None, turn_word: str) -> None:
        """The acting viewer's choices grouped by unit, and its own orders so far."""
        state = self.session.state
        found = self.choices
        groups = dict(found.groups) if found is not None else {}
        own = orders(state, state.view_for(side).own_orders) if side is not None else []
        idle = "" if groups else self._idle()
        listed = (side, found.signature if found else (), tuple(o.text for o in own), idle)
        if self.selected not in groups:  # it has its orders: the one after it, or the first
            after = (
                self._order[self._order.index(self.selected) + 1 :]
                if self.selected in self._order
                else []
            )
            self.selected = next((u for u in after if u in groups), next(iter(groups), None))
        self._order = list(groups)
        if listed != self.listed:
            titles = {unit: self.unit_title(unit) for unit in groups}
            owned = [(self._order_words(o), o.text) for o in own]
            self.fill_list(groups, titles, state.describe, owned, turn_word, idle, self.selected)
            self.listed = listed
        self.done_button.setVisible(found is not None and found.done is not None)
        self.done_button.setText(self.progress.done_label)
        self.apply_button.setEnabled(bool(groups))
        self._aim()

    def _order_words(self, order: Order) -> str:
        """An order given, in words after its unit (its text when the game cannot read it)."""
        unit, action = order.focus.unit, order.action
        words = self.session.state.describe(action) if action is not None else order.text
        return f"{unit}: {words}" if unit else words

    def _idle(self) -> str:
        """Why there is nothing to choose in the list now."""
        session = self.session
        if session.state.is_terminal():
            return "The game is over: the victory report is above."
        if session.bot_to_act() is not None:
            if session.playing:
                return "The bots are playing (Pause bots to hold them)."
            return "A bot is to act: Forward plays its next action, Play bots lets it go on."
        if self.viewer()[2] is not None:
            return "Hand over first: the next player's choices are hidden."
        return "Nothing to decide for this side now."

    def unit_title(self, unit: str) -> str:
        """A group's line in the list: the unit, its name and where it is; the side's own
        actions under what the game calls them."""
        if unit == SIDE:
            return self.progress.side_actions
        game = self.session.game
        h = next((p.hex for p in self.units_shown if p.unit == unit), None)
        where = game.hex_name(h) if h is not None else "off the map"
        name = game.unit_name(unit)
        return f"{unit}  ·  {where}  ·  {name}" if name != unit else f"{unit}  ·  {where}"

    def _aim(self) -> None:
        """The selected unit's actions on the map, and the detail under the list."""
        found = self.choices
        state = self.session.state
        if self.routed is not None and (
            found is None
            or self.selected not in found.groups
            or state.concerns(self.routed).unit != self.selected
        ):
            self.route, self.routed = (), None
        if found is None or self.selected is None or self.selected not in found.groups:
            self.aims = None
            text = (
                ""
                if found is not None
                else f"<span style='color:{muted_colour()}'>{escape(self._idle())}</span>"
            )
            self.detail.setText(text)
            self.detail_area.fit()
            return
        actions = found.groups[self.selected]
        self.aims = aims_of(state, found.side, self.selected, actions, self.units_shown)
        attacks = odds(state, [a for acts in self.aims.targets.values() for a in acts])
        chosen = self.chosen_action()
        preview = state.preview(chosen) if chosen is not None else None
        title = self.unit_title(self.selected).split("  ·  ")[0]
        again = self.session.game.hex_name(self.route[-1]) if self.route else None
        text = detail_html(self.aims, title, attacks, preview, again)
        if text != self.detail.text():
            self.detail.setText(text)
            self.detail_area.fit()
            self.detail_area.verticalScrollBar().setValue(0)  # the summary and the choice
            self._fit_list()

    def chosen_action(self) -> Action | None:
        """The move chosen by clicks on the map, else the action picked in the list, if any."""
        if self.routed is not None:
            return self.routed
        item = self.units.currentItem()
        data = item.data(0, ROLE) if item is not None else None
        return data if isinstance(data, Action) else None

    def _fill_log(self) -> None:
        """Append the new events; rebuild when the game was stepped back or the view changed."""
        events = self.visible_events()
        shown = self._shown
        follows = len(events) >= len(shown) and (not shown or events[len(shown) - 1] is shown[-1])
        if not follows:
            self.log.clear()
            self.opened = {i for i in self.opened if i < len(events)}
            shown = []
        new = events[len(shown) :]
        if new:
            self.log.append(log_html(new, len(shown), self._open()))
            bar = self.log.verticalScrollBar()
            bar.setValue(bar.maximum())
        self._shown = events

    def _open(self) -> set[int] | Everything:
        return Everything() if self.details.isChecked() else self.opened

    def _relog(self) -> None:
        """Write the log again (details opened or folded), where it was scrolled to."""
        bar = self.log.verticalScrollBar()
        at, bottom = bar.value(), bar.value() >= bar.maximum()
        self.log.setHtml(log_html(self._shown, 0, self._open()))
        bar.setValue(bar.maximum() if bottom else at)

    def _event_clicked(self, link: QUrl) -> None:
        """A click on an event's summary line: its details opened, or folded again."""
        text = link.toString()
        if not text.startswith(EVENT_LINK):
            return
        index = int(text[len(EVENT_LINK) :])
        self.opened ^= {index}
        self._relog()

    # --- the keyboard ------------------------------------------------------------------------

    def step_unit(self, by: int) -> str | None:
        """Select the acting side's next (``by`` 1) or previous (-1) unit with a choice, in
        the list's order, round and round; the unit, or None when there is none."""
        units = [u for u in self._order if u != SIDE]
        if not units:
            self.refuse("No unit of yours has a choice now")
            return None
        if self.selected in units:
            unit = units[(units.index(self.selected) + by) % len(units)]
        else:
            unit = units[0] if by > 0 else units[-1]
        self.select(unit)
        self.main.say(self.unit_title(unit))
        return unit

    def clear_selection(self) -> None:
        """Escape: no unit selected, no move being laid; the map shows no unit's choices."""
        self.selected = None
        self.route, self.routed = (), None
        self.units.setCurrentItem(None)  # type: ignore[call-overload]
        self.units.clearSelection()
        self._aim()
        self._draw()
        self.main.say("Nothing selected: click a unit, or N for the next one")

    def done(self) -> bool:
        """Ctrl+Return: Done, when the acting human may say so now."""
        if self.choices is None or self.choices.done is None:
            self.refuse("Nothing to finish now: it is not a human player's decision")
            return False
        return self.act(self.choices.done)

    def back(self) -> bool:
        """Backspace or Ctrl+Z: step back one action, as the Back button does."""
        if not self.controls.back_button.isEnabled():
            self.main.say("Nothing to step back: this is the start of the game")
            return False
        self.session.step_back()
        return True

    # --- the map ------------------------------------------------------------------------------

    def _draw(self) -> None:
        state = self.session.state
        side, everything, handover = self.viewer()
        if everything and not state.is_terminal():
            texts = [t for s in self.session.sides for t in state.view_for(s).own_orders]
        elif side is not None and handover is None:
            texts = list(state.view_for(side).own_orders)
        else:
            texts = []
        given = orders(state, texts)
        where = {p.unit: p.hex for p in self.units_shown}
        tags = {o.focus.unit: ORDER_TAGS[o.focus.kind] for o in given if o.focus.unit}
        nations = {s.id: s.nation for s in state.game.scenario.sides}
        self.counters = counters_of(self.units_shown, nations, tags)
        picture = Picture(self.counters, self.selected, state.game.scenario.system.value)
        picture.counter_style = self.main.map_editor.counter_style
        picture.armed = fire_lines(given, where)
        picture.plotted = paths(given, where)
        aims = self.aims
        if aims is not None and handover is None:
            picture.selected_hex = aims.hex
            picture.reach = {h: c for h, c in aims.reach.items() if h != aims.hex}
            picture.round_trip = aims.hex is not None and aims.hex in aims.moves
            picture.targets = sorted(aims.targets, key=lambda h: (h.q, h.r))
            picture.watch = sorted(aims.watch, key=lambda h: (h.q, h.r))
            chosen = self.chosen_action()
            focus = state.concerns(chosen) if chosen is not None else None
            picture.chosen_hex = focus.hex if focus is not None else None
            if focus is not None and focus.path and aims.hex is not None:
                picture.chosen_path = [aims.hex, *focus.path]
            picture.route = list(self.route)
        self.layer.show(picture)

    def _show_selected(self, unit: str | None = None) -> None:
        h = next((p.hex for p in self.units_shown if p.unit == (unit or self.selected)), None)
        if h is not None:
            x, y = hex_to_pixel(h, self.layer.size)
            margin = self.layer.size * 3
            self.main.view.ensureVisible(x - margin, y - margin, 2 * margin, 2 * margin)

    # --- choices ----------------------------------------------------------------------------

    def _tree_choice(self, item: QTreeWidgetItem | None, _old: object = None) -> None:
        """An item of the list became current: its unit is selected, its action previewed."""
        if item is None:
            return
        data = item.data(0, ROLE)
        unit = data if isinstance(data, str) else None
        if isinstance(data, Action):
            parent = item.parent()
            unit = parent.data(0, ROLE) if parent is not None else None
        if not self._choosing:  # the player picked in the list: no path is being laid
            self.route, self.routed = (), None
        if isinstance(unit, str) and unit != self.selected:
            self.selected = unit
            self._show_selected()
        self._aim()
        self._draw()
        if not self._choosing:  # the detail's new height may hide the line: after the click
            QTimer.singleShot(0, lambda: self.keep_in_sight(item))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        """The list's height changed (the detail under it grows in a later layout pass as
        the page grows): the action line chosen in the list kept in sight, once laid out.
        Seen: "Take the pistol from ..." clicked at the list's foot, then cut in half by its
        three-line detail. Only a chosen action line: a list the user scrolled past a unit's
        heading stays where he left it."""
        if event.type() == QEvent.Type.Resize and watched is self.units.viewport():
            line = self.units.currentItem()
            if line is not None and isinstance(line.data(0, ROLE), Action):
                QTimer.singleShot(0, lambda: self.keep_in_sight(line))
        return super().eventFilter(watched, event)

    def keep_in_sight(self, item: QTreeWidgetItem) -> None:
        """Scroll the list to ``item`` once the page is laid out again (the detail under the
        list grows with an attack's working, and the list shrinks)."""
        if not shiboken6.isValid(item) or item.treeWidget() is not self.units:
            return  # the list was built again meanwhile
        page = self.detail.parentWidget()
        layout = page.layout() if page is not None else None
        if layout is not None:
            layout.activate()
        self.units.scrollToItem(item)

    def select(self, unit: str | None) -> None:
        """Select a unit: its group opened in the list (the others closed), its actions on
        the map (scrolled into view); a refusal about the unit before goes."""
        self.selected = unit
        self.route, self.routed = (), None
        self.message.hide()
        item = self.open_only(unit) if unit is not None else None
        if item is not None:
            self.units.setCurrentItem(item)  # _tree_choice aims and draws
        else:
            self._aim()
            self._draw()
        self._show_selected()

    def _apply_chosen(self) -> None:
        """Apply: the move chosen on the map, else the action chosen in the list."""
        if self.routed is not None:
            self.act(self.routed)
        else:
            self._apply_item(self.units.currentItem())

    def choose(self, action: Action, route: tuple[Hex, ...] = ()) -> None:
        """Choose ``action`` without taking it (a move whose path is laid by clicks on the
        map): drawn with its path, previewed under the list, and picked in the list when it
        is there."""
        self.route, self.routed = route, action
        unit = self.selected
        item = self.action_item(unit, action) if unit is not None else None
        self._choosing = True
        try:
            if item is None and unit is not None:
                item = self.group_item(unit)
            if item is not None:
                self.units.setCurrentItem(item)
        finally:
            self._choosing = False
        self._aim()
        self._draw()
        if item is not None:  # once the detail under the list has its new height
            self.units.scrollToItem(item, QAbstractItemView.ScrollHint.PositionAtCenter)

    def _apply_item(self, item: QTreeWidgetItem | None) -> None:
        data = item.data(0, ROLE) if item is not None else None
        if isinstance(data, Action):
            self.act(data)
        elif item is not None:
            self.refuse("Choose one of the unit's actions in the list (the lines under it)")

    def _done(self) -> None:
        if self.choices is not None and self.choices.done is not None:
            self.act(self.choices.done)

    def act(self, action: Action) -> bool:
        """Apply a human's action; True when it was taken."""
        words = self.session.state.describe(action)
        if self.session.apply(action) is not None:
            return False
        self.route, self.routed = (), None
        self.message.hide()
        self.main.say(f"Taken: {words} ({action.text()})")
        return True

    def refuse(self, text: str) -> None:
        self.message.setText(text)
        self.message.show()
        self.main.say(text, error=True)

    def click_hex(self, h: Hex) -> None:
        """A click on the map: pick one of the acting side's units, or take the selected
        unit's action that goes to or aims at the hex."""
        document = self.main.document
        if document is not None and h not in document.map.hexes:  # the grey around the map
            self.refuse("That is not a hex of the map: click a hex on it")
            return
        _, _, handover = self.viewer()
        if handover is not None:
            self.refuse(f"Hand over to the {self.session.side_name(handover)} player first")
            return
        here = sorted(p.unit for p in self.units_shown if p.hex == h)
        groups = self.choices.groups if self.choices is not None else {}
        mine = [u for u in here if u in groups]
        aims = self.aims
        aimed = aims.hexes() if aims is not None else set()
        if mine and (h == (aims.hex if aims else None) or h not in aimed):
            at = mine.index(self.selected) + 1 if self.selected in mine else 0
            self.select(mine[at % len(mine)])
            return
        if self.choices is None:
            self.refuse("It is not a human player's decision now: the bots play, or the game "
                        "resolves a phase (press Forward or Play bots)")  # fmt: skip
            return
        pick = aims.pick(self.session.state, h, self.route, self.chosen_action()) if aims else None
        action = pick.action if pick is not None else None
        others = [u for u in mine if u != (aims.unit if aims else None)]
        onto = pick is not None and pick.take and others and not self.route
        if onto and action is not None and self.session.state.concerns(action).kind == "move":
            # A click on another of the side's units with orders to give more likely means
            # him than a move onto him: the move is only chosen, a second click takes it.
            self.choose(action, (h,))
            names = ", ".join(self.session.game.unit_name(u) for u in others)
            self.main.say(
                f"{names} {'is' if len(others) == 1 else 'are'} in "
                f"{self.session.game.hex_name(h)}: click it again to move there, or choose "
                "in the list whom to give orders"
            )
            return
        if pick is not None and action is not None and not pick.take:
            if self.route and pick.route == (h,):
                laid = ", ".join(self.session.game.hex_name(x) for x in self.route)
                self.main.say(
                    f"No move of {aims.unit if aims else ''} goes through {laid} and then "
                    f"{self.session.game.hex_name(h)}: its path is laid again from its hex"
                )
            self.choose(action, pick.route)
        elif action is not None:
            self.act(action)
        elif aims is not None and aims.unit != SIDE:
            name = self.session.game.hex_name(h)
            self.refuse(f"{aims.unit} cannot reach {name} or aim at it now")
        elif here:
            self.refuse(f"{', '.join(here)}: no choice of yours there now")
        else:
            self.refuse("Click one of your own units first")
