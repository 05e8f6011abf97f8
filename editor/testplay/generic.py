"""The Test Play dock for Armor, Panzer Command and Soldiers: the Panzer '44 panel's pages,
seats, log, controls, hot seat and victory report, with a generic middle.

Where play is and who is to act come from the state (:mod:`editor.testplay.systems`); the
acting human side's legal actions are listed by unit (the unit id is in each action), chosen
and applied with Apply (or a double-click); the side's own actions (chits, Dispatch Points)
have their own group, and Done passes or ends the segment. The map shows the game's units
(:meth:`rules.engine.core.State.positions`); a click on one of the acting side's units selects its
actions, and with a unit selected a click on a hex its move ends in, or a hex it may fire at,
takes that action.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem

from editor.testplay.layer import GameCounter, Picture
from editor.testplay.panel import ROLE, TestPlayPanel
from editor.testplay.systems import (
    ARMOR_NOTATION,
    SIDE_GROUP,
    aims,
    describe,
    done_label,
    grouped,
    hexes_entered,
    side_title,
    status,
    todo,
    unit_of,
    unit_title,
    where,
)
from model.counters import MapCounter
from model.grid import hex_to_pixel
from model.hexes import Hex
from rules.armor.game import ArmorState
from rules.engine.actions import Action

#: Marker colours: harm in red, the rest in blue.
HARM = ("Sup", "Red", "Wnd", "KIA", "Inc", "Gun", "Tur", "Hull", "Trk", "Crew")


class GenericTestPlayPanel(TestPlayPanel):
    """Test play of a system without Panzer '44's reach, odds and lines of fire."""

    __test__ = False

    def _build(self) -> None:
        super()._build()
        self.chosen: list[Action] = []  # the selected unit's (or the side's) actions
        self.aimed: dict[Hex, list[Action]] = {}
        self.moves: dict[Hex, list[Action]] = {}

    def refresh(self) -> None:
        """Redraw; when the selection changed by itself (another side's turn, a hand-over),
        scroll the map to the newly selected unit; with no human seated, to the unit the
        bots moved last (the sides often start at opposite edges of the map)."""
        before = self.selected
        super().refresh()
        if self.selected and self.selected != before:
            self._show_selected()
        elif not self.session.humans() and self.session.timeline and self.session.position:
            self._show_selected(unit_of(self.session.timeline[self.session.position - 1]))

    def _show_selected(self, unit: str | None = None) -> None:
        h = where(self.session.state).get(unit or self.selected or "")
        if h is not None:
            x, y = hex_to_pixel(h, self.layer.size)
            margin = self.layer.size * 3
            self.window.view.ensureVisible(x - margin, y - margin, 2 * margin, 2 * margin)

    # --- the header ---------------------------------------------------------------------------

    def _header_html(self, side: str | None, everything: bool) -> str:
        state = self.session.state
        title, line = status(state)
        if state.is_terminal():
            return (
                f"<span style='font-size:12pt'><b>Game over</b> · {escape(title)}</span><br>"
                "The victory report is below; step back to look again."
            )
        head = (
            f"<span style='font-size:12pt'><b>{escape(title)}</b></span><br>"
            f"<span style='color:#555'>{escape(line)}</span>"
        )
        lines = [self._todo(s, side, everything) for s in state.to_act()]
        return head + "<br>" + "<br>".join(lines)

    def _todo(self, acting: str, viewer: str | None, everything: bool) -> str:
        session = self.session
        name = self._acting_name(acting)
        if not everything and acting != viewer:
            return f"{name}: deciding…"
        return f"{name}: {escape(todo(session.state, acting))}"

    # --- the list -----------------------------------------------------------------------------

    def _fill_units(self, side: str | None) -> None:
        state = self.session.state
        self.units.blockSignals(True)
        self.units.clear()
        acting = side is not None and side in self.session.humans_to_act()
        found = grouped(state, side) if acting and side is not None else None
        groups: dict[str, list[Action]] = dict(found.units) if found else {}
        if found is not None and found.side:
            groups = {SIDE_GROUP: found.side, **groups}
        keep: QTreeWidgetItem | None = None
        for unit, actions in groups.items():
            title = side_title(state) if unit == SIDE_GROUP else unit_title(state, unit)
            item = QTreeWidgetItem([f"{title}  ({len(actions)})"])
            item.setData(0, ROLE, unit)
            for action in actions:
                child = QTreeWidgetItem([describe(state, action)])
                child.setData(0, ROLE, action)
                child.setToolTip(0, action.text())
                item.addChild(child)
            self.units.addTopLevelItem(item)
            if unit == self.selected:
                keep = item
        if not groups:  # why, in the list and (wrapped, whole) under it
            idle = QTreeWidgetItem([self._idle()])
            idle.setForeground(0, Qt.GlobalColor.darkGray)
            idle.setToolTip(0, self._idle())
            self.units.addTopLevelItem(idle)
        self._own_orders(side)
        if keep is None:
            self.selected = next(iter(groups), None) if acting else None
            keep = self.units.topLevelItem(0) if self.selected is not None else None
        if keep is not None:
            self.units.setCurrentItem(keep)
            keep.setExpanded(True)
        self.units.blockSignals(False)
        self.done_button.setVisible(found is not None and found.done is not None)
        self.done_button.setText(done_label(state))
        self.apply_button.setEnabled(bool(groups))
        self._aim(groups.get(self.selected or "", []) if self.selected is not None else [])
        self.detail.setText(self._detail_html())

    def _own_orders(self, side: str | None) -> None:
        """Armor: the side's own orders so far this Turn (never the other side's)."""
        state = self.session.state
        if side is None or not isinstance(state, ArmorState):
            return
        own = state.view_for(side).own_orders
        if own:
            group = QTreeWidgetItem([f"Orders this Turn ({len(own)})"])
            group.setForeground(0, Qt.GlobalColor.darkGray)
            for text in own:
                group.addChild(QTreeWidgetItem([text]))
            self.units.addTopLevelItem(group)

    def _aim(self, actions: list[Action]) -> None:
        """The selected unit's actions, and the hexes they move to or aim at."""
        state = self.session.state
        at = where(state)
        self.chosen, self.aimed, self.moves = list(actions), {}, {}
        for action in actions:
            found = aims(state, action, at)
            if found is not None:
                kind, h = found
                (self.moves if kind == "move" else self.aimed).setdefault(h, []).append(action)

    def _detail_html(self) -> str:
        if self.selected is None and not self.apply_button.isEnabled():
            return f"<span style='color:#555'>{escape(self._idle())}</span>"
        if not self.selected or not self.chosen:
            return ""
        parts = [f"<b>{escape(self.selected)}</b>: {len(self.chosen)} action(s)"]
        if self.moves:
            parts.append(f"moves to {len(self.moves)} hexes (shaded, hexes entered)")
        if self.aimed:
            parts.append(f"may fire at {len(self.aimed)} hexes (outlined in red)")
        if self.moves or self.aimed:
            parts.append("· click one on the map to take it")
        if isinstance(self.session.state, ArmorState):
            parts.append(f"<br><span style='color:#555'>{escape(ARMOR_NOTATION)}</span>")
        return " ".join(parts)

    # --- the map ------------------------------------------------------------------------------

    def _draw(self) -> None:
        state = self.session.state
        nations = {s.id: s.nation for s in state.game.scenario.sides}
        self.counters = [
            GameCounter(
                MapCounter(p.hex, p.side, nations.get(p.side, ""), p.type_id, p.facing, p.label),
                p.unit,
                tuple((m, "#b03a2e" if m.split("-")[0] in HARM else "#1f4e9c") for m in p.markers),
            )
            for p in state.positions()
        ]
        _, _, handover = self.viewer()
        picture = Picture(self.counters, self.selected)
        if handover is None and self.selected:
            picture.selected_hex = where(state).get(self.selected)
            picture.reach = {  # not its own hex: a click there picks a unit (turns are listed)
                h: float(min(hexes_entered(a) for a in acts))
                for h, acts in self.moves.items()
                if h != picture.selected_hex
            }
            picture.targets = sorted(self.aimed, key=lambda h: (h.q, h.r))
        self.layer.show(picture)

    # --- choices ------------------------------------------------------------------------------

    def _tree_choice(self, item: QTreeWidgetItem | None, _old: object = None) -> None:
        if item is None:
            return
        data = item.data(0, ROLE)
        unit = data if isinstance(data, str) else None
        if isinstance(data, Action):
            unit = unit_of(data) or SIDE_GROUP
        if unit is not None and unit != self.selected:
            self.select(unit)

    def select(self, unit: str | None) -> None:
        """Select a unit: its actions in the list and on the map (scrolled into view)."""
        self.selected = unit
        self.refresh()
        self._show_selected()

    def click_hex(self, h: Hex) -> None:
        """A click on the map: pick one of the acting side's units, or take the selected
        unit's action that ends in or aims at the hex."""
        side, _, handover = self.viewer()
        if handover is not None:
            self.refuse(f"Hand over to the {self.session.side_name(handover)} player first")
            return
        state = self.session.state
        here = sorted(p.unit for p in state.positions() if p.hex == h)
        mine = [
            u for u in here if side is not None and u in grouped(state, side).units
        ] if side in self.session.humans_to_act() else []  # fmt: skip
        own_hex = where(state).get(self.selected or "") == h
        if mine and (own_hex or (h not in self.aimed and h not in self.moves)):
            at = mine.index(self.selected) + 1 if self.selected in mine else 0
            self.select(mine[at % len(mine)])
            return
        if side is None or side not in self.session.humans_to_act():
            self.refuse("It is not a human player's decision now: the bots play, or the game "
                        "resolves a phase (press Forward or Play bots)")  # fmt: skip
            return
        there = self.moves.get(h) or self.aimed.get(h)
        if there:
            self.act(there[0])
        elif here:
            self.refuse(f"{', '.join(here)}: no choice of yours there now")
        elif self.selected:
            self.refuse(f"{self.selected} has no action that ends in or aims at that hex now")
        else:
            self.refuse("Click one of your own units first")
