"""The Test Play dock: whose decision it is, the acting side's choices by unit, the game log
with every combat explained, the controls, and at the end the victory report.

Hot seat: while both sides' players are humans at one computer, each side's plots stay hidden
from the other [4.1] 1. Whenever the human to act changes, the panel shows a "hand over"
page, and only once the next player has asked for it their own side's view. A side's view
lists its own plots and the log as that side may see it
(:meth:`rules.engine.core.State.events_for`). With no human seat the panel watches the bots and
shows everything.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.style import nation_colour
from editor.testplay.choices import (
    UnitChoices,
    choices,
    describe,
    done_action,
    side_of,
    unit_actions,
    why_not_here,
)
from editor.testplay.controls import TestPlayControls
from editor.testplay.layer import GameCounter, TestPlayLayer, game_counters, picture_of
from editor.testplay.log import log_html, victory_html
from editor.testplay.session import SEATS, TestPlaySession
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.engine.actions import Action, Move
from rules.engine.events import Event
from rules.panzer44.actions import Plot
from rules.panzer44.game import Panzer44State

if TYPE_CHECKING:
    from editor.app import MainWindow

ROLE = Qt.ItemDataRole.UserRole
PAGE_PLAY, PAGE_HANDOVER, PAGE_END = 0, 1, 2


class TestPlayPanel(QWidget):
    """The dock's contents over one :class:`TestPlaySession`."""

    __test__ = False
    leave_requested = Signal()

    def __init__(self, session: TestPlaySession, layer: TestPlayLayer, window: MainWindow) -> None:
        super().__init__()
        self.session = session
        self.layer = layer
        self.window = window
        self.selected: str | None = None
        self.choices: UnitChoices | None = None
        self.revealed: str | None = None  # the human side whose view is shown (hot seat)
        self.counters: list[GameCounter] = []
        self._shown: list[Event] = []
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
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._pages())
        self.log = QTextBrowser()
        self.log.setPlaceholderText("The game's events, dice and combats appear here.")
        split.addWidget(self.log)
        split.setSizes([380, 320])
        layout.addWidget(split, 1)
        self.controls = TestPlayControls(self.session, self.window.say, self)
        self.controls.leave_requested.connect(self.leave_requested.emit)
        layout.addWidget(self.controls)

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

    def _pages(self) -> QStackedWidget:
        self.pages = QStackedWidget()
        play = QWidget()
        column = QVBoxLayout(play)
        column.setContentsMargins(0, 0, 0, 0)
        self.units = QTreeWidget()
        self.units.setHeaderHidden(True)
        self.units.setUniformRowHeights(True)
        self.units.currentItemChanged.connect(self._tree_choice)
        self.units.itemDoubleClicked.connect(lambda item, _c: self._apply_item(item))
        column.addWidget(self.units, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.detail)
        row = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Take the action chosen in the list (or double-click it)")
        self.apply_button.clicked.connect(lambda: self._apply_item(self.units.currentItem()))
        self.done_button = QPushButton("Done plotting")
        self.done_button.clicked.connect(self._done)
        row.addWidget(self.apply_button)
        row.addStretch(1)
        row.addWidget(self.done_button)
        column.addLayout(row)
        self.pages.addWidget(play)
        handover = QWidget()
        column = QVBoxLayout(handover)
        self.handover_label = QLabel()
        self.handover_label.setWordWrap(True)
        self.handover_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.handover_button = QPushButton()
        self.handover_button.clicked.connect(self._take_over)
        column.addStretch(1)
        column.addWidget(self.handover_label)
        column.addWidget(self.handover_button, 0, Qt.AlignmentFlag.AlignCenter)
        column.addStretch(1)
        self.pages.addWidget(handover)
        self.report = QTextBrowser()
        self.pages.addWidget(self.report)
        return self.pages

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

    # --- refreshing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session's state."""
        session = self.session
        state = session.state
        side, everything, handover = self.viewer()
        self.header.setText(self._header_html(side, everything))
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            self.report.setHtml(victory_html(outcome, session.sides, session.side_name))
            self.pages.setCurrentIndex(PAGE_END)
        elif handover is not None:
            name = escape(session.side_name(handover))
            self.handover_label.setText(
                f"<p style='font-size:15pt'><b>Hand over to the {name} player</b></p>"
                "<p>The other side's plots are hidden. Pass the computer on, then show "
                f"the {name} side's view.</p>"
            )
            self.handover_button.setText(f"I am the {session.side_name(handover)} player")
            self.pages.setCurrentIndex(PAGE_HANDOVER)
        else:
            self.pages.setCurrentIndex(PAGE_PLAY)
        self._fill_units(side if handover is None else None)
        self._fill_log()
        self._draw()

    def _header_html(self, side: str | None, everything: bool) -> str:
        state = self.session.state
        assert isinstance(state, Panzer44State)
        turns = state.game.turns
        if state.is_terminal():
            return (
                f"<span style='font-size:12pt'><b>Game over</b> after Game-Turn {state.turn} "
                f"of {turns}</span><br>The victory report is below; step back to look again."
            )
        head = (
            f"<span style='font-size:12pt'><b>Game-Turn {state.turn} of {turns}</b> · "
            f"{escape(state.phase.name)}</span><br><span style='color:#555'>"
            f"{escape(state.segment.name[:1].upper() + state.segment.name[1:])}</span>"
        )
        lines = [self._todo(s, side, everything) for s in state.to_act()]
        return head + "<br>" + "<br>".join(lines)

    def _todo(self, acting: str, viewer: str | None, everything: bool) -> str:
        """What ``acting`` has left to do, as far as the viewer may know it."""
        session = self.session
        state = session.state
        assert isinstance(state, Panzer44State)
        name = self._acting_name(acting)
        if not everything and acting != viewer:
            return f"{name}: deciding…"
        grouped = unit_actions(state, acting)
        if state.segment.id == "plot":
            done = len(state.plots[acting])
            total = done + len(grouped)
            return f"{name}: plot {done} of {total} units, then Done"
        return f"{name}: move {len(grouped)} more unit(s) plotted to move"

    def _acting_name(self, acting: str) -> str:
        """The side's name in its nation's colour, with who plays it: "<b>German</b> (human)"."""
        session = self.session
        nation = session.game.scenario.sides[session.sides.index(acting)].nation
        seat = SEATS[session.seats[acting]].lower()
        return (
            f"<b style='color:{nation_colour(nation)}'>{escape(session.side_name(acting))}</b>"
            f" ({seat})"
        )

    def _fill_units(self, side: str | None) -> None:
        """The acting viewer's choices grouped by unit, and its own plots so far."""
        state = self.session.state
        self.units.blockSignals(True)
        self.units.clear()
        acting = side is not None and side in self.session.humans_to_act()
        grouped = unit_actions(state, side) if acting and side is not None else {}
        keep: QTreeWidgetItem | None = None
        for unit, actions in grouped.items():
            item = QTreeWidgetItem([self._unit_title(unit)])
            item.setData(0, ROLE, unit)
            for action in actions:
                child = QTreeWidgetItem([describe(action, state)])
                child.setData(0, ROLE, action)
                item.addChild(child)
            self.units.addTopLevelItem(item)
            if unit == self.selected:
                keep = item
        if not grouped:
            idle = QTreeWidgetItem([self._idle()])
            idle.setForeground(0, Qt.GlobalColor.darkGray)
            self.units.addTopLevelItem(idle)
        if side is not None:
            own = side_view_plots(state, side)
            if own:
                group = QTreeWidgetItem([f"Plotted this Game-Turn ({len(own)})"])
                group.setForeground(0, Qt.GlobalColor.darkGray)
                for text in own:
                    group.addChild(QTreeWidgetItem([text]))
                self.units.addTopLevelItem(group)
        if keep is None and self.selected not in grouped:
            self.selected = next(iter(grouped), None) if acting else None
            keep = self.units.topLevelItem(0) if self.selected else None
        if keep is not None:
            self.units.setCurrentItem(keep)
            keep.setExpanded(True)
        self.units.blockSignals(False)
        done = done_action(state, side) if acting and side is not None else None
        self.done_button.setVisible(done is not None)
        self.apply_button.setEnabled(bool(grouped))
        self.choices = (
            choices(state, self.selected, grouped[self.selected])
            if self.selected in grouped and self.selected is not None
            else None
        )
        self.detail.setText(self._detail_html())

    def _idle(self) -> str:
        """Why there is nothing to choose in the list now."""
        session = self.session
        if session.state.is_terminal():
            return "The game is over: the victory report is above."
        if session.bot_to_act() is not None:
            if session.playing:
                return "The bots are playing (Pause bots to hold them)."
            return "A bot is to act: Forward plays its next action, Play bots lets it go on."
        return "Nothing to decide for this side now."

    def _unit_title(self, unit: str) -> str:
        state = self.session.state
        assert isinstance(state, Panzer44State)
        spec = state.game.specs[unit]
        h = state.hexes.get(unit)
        where = state.game.amap.name(h) if h is not None else "off the map"
        return f"{unit}  ·  {spec.name}  ·  {where}"

    def _detail_html(self) -> str:
        found = self.choices
        if found is None:
            return ""
        parts = [f"<b>{escape(found.unit)}</b>"]
        if found.moves:
            parts.append(f"can move to {len(found.moves)} hexes (shaded, costs in MP)")
        elif found.reach:
            parts.append(f"could reach {len(found.reach)} hexes (shaded, costs in MP)")
        for fire in found.fire:
            odds = "; ".join(escape(o.describe()) for o in fire.odds)
            parts.append(
                f"<br><span style='color:#922b21'>{fire.plot.task} at {fire.plot.target}</span>: "
                f"{odds}"
            )
        if (
            not found.fire
            and not found.moves
            and any(isinstance(a, Plot) and a.task != "MV" for a in found.actions)
        ):
            parts.append("no target")
        return " ".join(parts)

    def _fill_log(self) -> None:
        """Append the new events; rebuild when the game was stepped back or the view changed."""
        events = self.visible_events()
        shown = self._shown
        follows = len(events) >= len(shown) and (not shown or events[len(shown) - 1] is shown[-1])
        if not follows:
            self.log.clear()
            shown = []
        new = events[len(shown) :]
        if new:
            self.log.append(log_html(new))
            bar = self.log.verticalScrollBar()
            bar.setValue(bar.maximum())
        self._shown = events

    def _draw(self) -> None:
        state = self.session.state
        assert isinstance(state, Panzer44State)
        side, everything, handover = self.viewer()
        if everything and not state.is_terminal():
            plots = {u: p.task for ps in state.plots.values() for u, p in ps.items()}
        elif side is not None and handover is None:
            plots = {t.split()[1]: t.split()[2] for t in state.view_for(side).own_orders}
        else:
            plots = {}
        self.counters = game_counters(state, plots)
        picture = picture_of(self.counters, self.selected, None if handover else self.choices)
        picture.armed = self._armed(state, side, everything and not state.is_terminal(), handover)
        self.layer.show(picture)

    def _armed(
        self, state: Panzer44State, side: str | None, everything: bool, handover: object
    ) -> list[tuple[Hex, Hex]]:
        """The plotted Lines of Opportunity Fire the viewer may see: its own side's, or both
        sides' when no human is seated (bots against bots) [6.52]."""
        if everything:
            texts = [p.text() for ps in state.plots.values() for p in ps.values()]
        elif side is not None and handover is None:
            texts = list(state.view_for(side).own_orders)
        else:
            return []
        found = []
        for text in texts:
            words = text.split()  # plot UNIT OF HEX
            if len(words) >= 4 and words[2] == "OF" and words[1] in state.hexes:
                found.append((state.hexes[words[1]], state.game.amap.resolve(words[3])))
        return found

    # --- choices ----------------------------------------------------------------------------

    def _tree_choice(self, item: QTreeWidgetItem | None, _old: object = None) -> None:
        if item is None:
            return
        data = item.data(0, ROLE)
        unit = data if isinstance(data, str) else getattr(data, "unit", None)
        if unit is not None and unit != self.selected:
            self.select(unit)

    def select(self, unit: str | None) -> None:
        """Select a unit: its choices in the list and on the map (scrolled into view)."""
        self.selected = unit
        self.refresh()
        h = self.choices.hex if self.choices is not None else None
        if h is not None:
            x, y = hex_to_pixel(h, self.layer.size)
            margin = self.layer.size * 3
            self.window.view.ensureVisible(x - margin, y - margin, 2 * margin, 2 * margin)

    def _apply_item(self, item: QTreeWidgetItem | None) -> None:
        data = item.data(0, ROLE) if item is not None else None
        if isinstance(data, Action):
            self.act(data)
        elif item is not None:
            self.refuse("Choose one of the unit's actions in the list (the lines under it)")

    def _done(self) -> None:
        side, _, _ = self.viewer()
        done = done_action(self.session.state, side) if side else None
        if done is not None:
            self.act(done)

    def act(self, action: Action) -> bool:
        """Apply a human's action; True when it was taken."""
        if self.session.apply(action) is not None:
            return False
        self.message.hide()
        self.window.say(f"Done: {action.text()}")
        return True

    def refuse(self, text: str) -> None:
        self.message.setText(text)
        self.message.show()
        self.window.say(text, error=True)

    def click_hex(self, h: Hex) -> None:
        """A click on the map: pick a unit, or do with the selected one what the hex means."""
        state = self.session.state
        assert isinstance(state, Panzer44State)
        side, _, handover = self.viewer()
        there = sorted(u for u, where in state.hexes.items() if where == h)
        mine = [u for u in there if side is not None and side_of(state, u) == side]
        if handover is not None:
            self.refuse(f"Hand over to the {self.session.side_name(handover)} player first")
            return
        if mine and (self.choices is None or h not in self._targets_and_moves()):
            nxt = (
                mine[(mine.index(self.selected) + 1) % len(mine)]
                if self.selected in mine
                else mine[0]
            )
            self.select(nxt)
            return
        if side is None or side not in self.session.humans_to_act():
            self.refuse("It is not a human player's decision now: the bots play, or the game "
                        "resolves a phase (press Forward or Play bots)")  # fmt: skip
            return
        if self.choices is None:
            self.refuse("Click one of your own units first")
            return
        action = self._action_at(h)
        if action is None:
            self.refuse(why_not_here(state, self.choices.unit, h))
            return
        self.act(action)

    def _targets_and_moves(self) -> set[Hex]:
        found = self.choices
        if found is None:
            return set()
        return {f.hex for f in found.fire} | set(found.moves)

    def _action_at(self, h: Hex) -> Action | None:
        found = self.choices
        assert found is not None
        if h in found.moves:
            move: Move = found.moves[h]
            return move
        fire = [f.plot for f in found.fire if f.hex == h]
        if fire:
            return next((p for p in fire if p.task == "DF"), fire[0])
        mv = next((a for a in found.actions if isinstance(a, Plot) and a.task == "MV"), None)
        if mv is not None and h in found.reach:
            return mv
        return None


def side_view_plots(state: Panzer44State, side: str) -> tuple[str, ...]:
    """``side``'s own plots this Game-Turn, from its view (never the other side's)."""
    return state.view_for(side).own_orders
