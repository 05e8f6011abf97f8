"""File > New from Generator: a scenario rolled by a game's own scenario generation (Panzer
Command's [§23]), shown before it is opened, opened as a new scenario not yet saved.

The generator is the system's (``SystemRules.generator``, as ``hexwright generate`` uses it):
the same seed rolls the same scenario, so a designer can note a seed and roll it again. What the
dialog shows of a roll is the scenario's own card: sides, forces, length, where it is fought,
and its placeholder mark (what the generator's tables are based on).
"""

from __future__ import annotations

import random
from html import escape

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from model.catalog import unit_types
from model.errors import ProblemList
from model.scenario_io import LoadedScenario, check_document
from model.systems import GameSystem
from model.yamlio import YamlError, read_yaml_text
from rules.registry import find

#: The largest seed the box takes (any whole number rolls; this is what fits a spin box).
MAX_SEED = 2**31 - 1


def generating_systems() -> list[GameSystem]:
    """The game systems whose rules can roll a scenario."""
    return [s for s in GameSystem if (r := find(s)) is not None and r.generator is not None]


class GenerateDialog(QDialog):
    """Choose the game and the seed, roll, look, open."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Scenario from Generator")
        self.loaded: LoadedScenario | None = None
        self.system_box = QComboBox()
        for system in generating_systems():
            self.system_box.addItem(system.display_name, system.value)
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, MAX_SEED)
        self.seed_box.setToolTip("The same seed rolls the same scenario")
        self.another = QPushButton("Another Seed")
        self.another.setToolTip("Roll with a seed chosen at random")
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed_box, 1)
        seed_row.addWidget(self.another)
        form = QFormLayout()
        form.addRow("Game:", self.system_box)
        form.addRow("Seed:", seed_row)
        self.summary = QTextBrowser()
        self.summary.setMinimumSize(460, 300)
        self.note = QLabel("Same seed, same scenario: note the seed to roll it again.")
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.system_box.currentIndexChanged.connect(self.roll)
        self.seed_box.valueChanged.connect(self.roll)
        self.another.clicked.connect(self._another_seed)
        self.roll()

    @property
    def system(self) -> GameSystem | None:
        value = self.system_box.currentData()
        return GameSystem(value) if value else None

    def _another_seed(self) -> None:
        # The seed is the designer's to note and reuse; which one comes next need not be.
        self.seed_box.setValue(random.SystemRandom().randrange(MAX_SEED + 1))

    def roll(self) -> None:
        """Roll the scenario of the chosen game and seed, and show it."""
        self.loaded = None
        open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        system = self.system
        rules = find(system) if system is not None else None
        if rules is None or rules.generator is None:
            self.summary.setHtml("<p>No game here can roll a scenario.</p>")
            open_button.setEnabled(False)
            return
        text = rules.generator(self.seed_box.value())
        try:
            self.loaded = check_document(read_yaml_text(text, "generated.yaml"))
        except YamlError as exc:  # a generator fault: said, never a traceback
            self.summary.setHtml(f"<p>The roll failed: {escape(exc.problem.format())}</p>")
        except ProblemList as exc:
            said = "<br>".join(escape(p.format()) for p in exc.problems)
            self.summary.setHtml(f"<p>The roll failed:<br>{said}</p>")
        else:
            self.summary.setHtml(describe(self.loaded, self.seed_box.value()))
        open_button.setEnabled(self.loaded is not None)


def describe(loaded: LoadedScenario, seed: int) -> str:
    """A rolled scenario in a few lines: title, where, how long, each side's forces."""
    s = loaded.scenario
    rows = [f"<h3>{escape(s.title)}</h3>"]
    if s.description:  # its first paragraph: the dice rolled follow, for the curious
        rows.append(f"<p>{escape(s.description.split(chr(10) + chr(10))[0])}</p>")
    facts = [f"seed {seed}", f"{len(loaded.map)} hexes"]
    if s.length.turns is not None:
        facts.append(f"{s.length.turns} Game-Turns")
    rows.append(f"<p><i>{escape(', '.join(facts))}</i></p>")
    if s.placeholder:  # what the generator's tables are based on, as the scenario says it
        rows.append(f"<p style='color:#7a5a00'>{escape(s.placeholder)}</p>")
    catalogue = unit_types(s.system)
    for side in s.sides:
        counts: dict[str, int] = {}
        for entry in side.forces:
            found = catalogue.get(entry.unit)
            name = found.name if found is not None else entry.unit
            counts[name] = counts.get(name, 0) + entry.count
        forces = ", ".join(f"{n} x {u}" if n > 1 else u for u, n in counts.items()) or "none"
        role = f" ({side.role})" if side.role != "none" else ""
        rows.append(f"<p><b>{escape(side.name)}</b>{escape(role)}: {escape(forces)}</p>")
    return "\n".join(rows)
