"""A test-play session: a game of the scenario being edited, on the rules engine's Game/State API.

The session holds the game's *timeline*, the actions applied so far, and a *position* in it:
the state shown is the game after the first ``position`` actions. Stepping back and forward
moves the position and rebuilds the state from the seed and the actions (STYLE point 5: the
same seed and actions give the same state), starting from the nearest kept clone. A human
action taken at an earlier position replaces the rest of the timeline, as an editor's undo
does.

Each side has a *seat*: ``human``, or a bot (``random``, ``heuristic``, :mod:`rules.bots.base`).
Bots act on a timer at an adjustable speed while the session plays; pausing stops them. Errors
of a human choice (:class:`~rules.engine.errors.IllegalActionError`,
:class:`~rules.engine.errors.ActionSyntaxError`) are returned and announced with :attr:`refused`,
never raised to Qt.

A session may start from a position file (:mod:`rules.records.position`) instead of the
scenario's set-up: its timeline then begins there, Back stops there, and the game is saved as a
position (:meth:`save_position`) rather than as a replay, which starts from the set-up.

Why a clone every :data:`KEEP_EVERY` actions: replaying 600 actions from the start takes about
a second on the largest scenarios; from a clone at most ``KEEP_EVERY`` are replayed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from model.scenario_io import LoadedScenario
from model.yamlio import YamlError, atomic_write_text, read_text_file
from rules.bots.base import Bot, make_bot
from rules.engine.actions import Action
from rules.engine.core import Game, State
from rules.engine.errors import ActionSyntaxError, IllegalActionError, RulesError
from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase
from rules.records.position import save_position
from rules.records.replay import Replay, replay

#: The seats a side may have, and their names in the UI.
SEATS: dict[str, str] = {
    "human": "Human",
    "random": "Random bot",
    "heuristic": "Heuristic bot",
}
KEEP_EVERY = 40
#: Bot speeds, actions per second; the last one means as fast as the machine goes.
FASTEST = 0
#: How long one timer tick may play bot actions at the fastest speed, in seconds (the window
#: repaints between ticks).
TICK_BUDGET = 0.05


class TestPlaySession(QObject):
    """One game of a scenario: its timeline, a position in it, the seats and the bots."""

    __test__ = False  # not a pytest test class, whatever its name says

    #: The position, the timeline or the seats changed: views redraw from :attr:`state`.
    changed = Signal()
    #: A human choice was refused: the message, for the panel and the status bar.
    refused = Signal(str)

    def __init__(
        self,
        loaded: LoadedScenario,
        seed: int,
        seats: Mapping[str, str],
        parent: QObject | None = None,
        start: State | None = None,
        position_file: str | None = None,
        purchases: Mapping[str, PurchaseChoice] | None = None,
    ) -> None:
        """Start at the scenario's set-up with ``seed``, or at ``start`` (a state read from
        ``position_file``, whose seed it keeps). A point-buy side is bought as ``purchases``
        says, else by the purchase bot's balanced strategy with the game's seed.

        Raises :class:`~rules.engine.errors.RulesError` when the engine cannot play the
        scenario."""
        super().__init__(parent)
        self.loaded = loaded
        if start is not None:
            self.game: Game = start.game
        else:
            choices = {s: PurchaseChoice("balanced", seed) for s in needs_purchase(loaded.scenario)}
            choices.update(purchases or {})
            self.game = game_for(loaded, choices)
        self.seed = start.seed if start is not None else seed
        #: The position file the game started from; None: the scenario's set-up.
        self.position_file = position_file
        self.seats: dict[str, str] = {s: seats.get(s, "human") for s in self.game.sides}
        self.bots: dict[str, Bot] = {}
        self._make_bots()
        self.timeline: list[Action] = []
        self.state: State = start if start is not None else self.game.new_initial_state(seed)
        self._origin = len(self.state.history)  # the actions already applied at the start
        self._kept: dict[int, State] = {0: self.state.clone()}
        self.playing = True
        self.speed = 4  # actions per second; FASTEST: as fast as it goes
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._tick)
        self._schedule()

    # --- where the game is ------------------------------------------------------------------

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.sides

    @property
    def position(self) -> int:
        """How many actions of the timeline the state shown has applied."""
        return len(self.state.history) - self._origin

    def side_name(self, side: str) -> str:
        """The side's name in the scenario (``American``), for the UI."""
        return next((s.name for s in self.game.scenario.sides if s.id == side), side)

    def humans(self) -> list[str]:
        return [s for s in self.sides if self.seats[s] == "human"]

    def bot_to_act(self) -> str | None:
        """The first side to act that a bot plays, or None."""
        return next((s for s in self.state.to_act() if self.seats[s] != "human"), None)

    def humans_to_act(self) -> list[str]:
        return [s for s in self.state.to_act() if self.seats[s] == "human"]

    # --- human choices -----------------------------------------------------------------------

    def apply(self, action: Action | str) -> str | None:
        """Apply a human's action (or its text) at the position shown; the message why not, or
        None when it was applied. Later actions of the timeline are dropped."""
        try:
            parsed = self.game.parse_action(action) if isinstance(action, str) else action
            trial = self.state.clone()
            trial.apply(parsed)
        except (IllegalActionError, ActionSyntaxError) as exc:
            self.refused.emit(str(exc))
            return str(exc)
        del self.timeline[self.position :]
        self._forget_after(self.position)
        self.timeline.append(parsed)
        self.state = trial
        self._keep()
        self.changed.emit()
        self._schedule()
        return None

    # --- bots --------------------------------------------------------------------------------

    def set_seat(self, side: str, seat: str) -> None:
        if seat not in SEATS:
            raise ValueError(f"no seat '{seat}' (one of {', '.join(SEATS)})")
        self.seats[side] = seat
        self._make_bots()
        self.changed.emit()
        self._schedule()

    def set_playing(self, on: bool) -> None:
        """Let the bots play (on) or hold them (off)."""
        self.playing = on
        if not on:
            self.timer.stop()
        self.changed.emit()
        self._schedule()

    def set_speed(self, actions_per_second: int) -> None:
        """Bot actions per second; :data:`FASTEST` for as fast as the machine goes."""
        self.speed = actions_per_second
        if self.timer.isActive():
            self.timer.start(self._interval())

    def bot_step(self) -> bool:
        """One bot action now (the step forward at the end of the timeline); False if no bot
        is to act."""
        side = self.bot_to_act()
        if side is None or self.state.is_terminal():
            return False
        self._bot_action(side)
        self.changed.emit()
        return True

    def _make_bots(self) -> None:
        # Each bot its own seed, derived from the game's, so a rerun with the same seed plays
        # the same game; the bots never touch the state's dice.
        self.bots = {
            side: make_bot(seat, self.seed * 10 + i)
            for i, (side, seat) in enumerate(self.seats.items())
            if seat != "human"
        }

    def _bot_action(self, side: str) -> None:
        action = self.bots[side].choose(self.state, side)
        del self.timeline[self.position :]
        self._forget_after(self.position)
        self.state.apply(action)
        self.timeline.append(action)
        self._keep()

    def _interval(self) -> int:
        return 0 if self.speed == FASTEST else round(1000 / max(1, self.speed))

    def _schedule(self) -> None:
        """Start the timer when a bot is to act at the end of the timeline and play is on."""
        at_end = self.position == len(self.timeline)
        if self.playing and at_end and self.bot_to_act() is not None:
            if not self.timer.isActive():
                self.timer.start(self._interval())
        else:
            self.timer.stop()

    def _tick(self) -> None:
        """Play bot actions: one, or at the fastest speed as many as fit in a tick."""
        started = time.monotonic()
        try:
            while (side := self.bot_to_act()) is not None and self.playing:
                self._bot_action(side)
                if self.speed != FASTEST or time.monotonic() - started > TICK_BUDGET:
                    break
        except RulesError as exc:  # a bot without a move is a bug of the bot: say it, stop
            self.playing = False
            self.refused.emit(f"the bot stopped: {exc}")
        self.changed.emit()
        self._schedule()

    # --- stepping through the game -----------------------------------------------------------

    def go_to(self, position: int) -> None:
        """Show the game after the first ``position`` actions of the timeline (bots hold)."""
        position = max(0, min(position, len(self.timeline)))
        if position == self.position:
            return
        base = max(k for k in self._kept if k <= position)
        state = self._kept[base].clone()
        for action in self.timeline[base:position]:
            state.apply(action)
        self.state = state
        self.playing = self.playing and position == len(self.timeline)
        self.changed.emit()
        self._schedule()

    def step_back(self) -> None:
        self.playing = False
        self.go_to(self.position - 1)

    def step_forward(self) -> None:
        """The next action of the timeline, or at its end the next bot action."""
        if self.position < len(self.timeline):
            self.go_to(self.position + 1)
        else:
            self.bot_step()

    def _keep(self) -> None:
        if self.position % KEEP_EVERY == 0:
            self._kept[self.position] = self.state.clone()

    def _forget_after(self, position: int) -> None:
        for k in [k for k in self._kept if k > position]:
            del self._kept[k]

    # --- replays -----------------------------------------------------------------------------

    def replay_record(self) -> Replay:
        """The whole timeline as a replay (fingerprints included).

        Raises:
            RulesError: the game started from a position, which a replay cannot say.
        """
        if self.position_file is not None:
            raise RulesError(
                "this game started from a position file and a replay starts at the scenario's "
                "set-up: save a position instead"
            )
        state = self.state
        if self.position != len(self.timeline):
            state = self._kept[0].clone()
            for action in self.timeline:
                state.apply(action)
        return Replay.of(state)

    def save_replay(self, path: str | Path) -> None:
        """Write the whole timeline as a replay file (atomically).

        Raises:
            RulesError: the game started from a position (:meth:`replay_record`).
            OSError: the file cannot be written.
        """
        atomic_write_text(path, self.replay_record().to_text())

    def save_position(self, path: str | Path) -> None:
        """Write the position shown as a position file (atomically), naming the scenario
        file relative to it.

        Raises:
            UnsupportedGameError: the system cannot write positions yet (its message says so).
            RulesError: the scenario was never saved, so no file can be named.
            OSError: the file cannot be written.
        """
        if not Path(self.loaded.path).is_file():
            raise RulesError("save the scenario first: a position file names its scenario file")
        save_position(self.state, path, self.loaded.path)

    def position_problem(self) -> str | None:
        """Why the position shown cannot be saved, or None when it can."""
        if self.game.purchases:
            return (
                "a game whose forces were bought for it cannot be saved as a position yet "
                "(a position names the scenario file, which does not hold them): save a replay"
            )
        try:
            self.state.to_position()
        except RulesError as exc:
            return str(exc)
        return None

    def open_replay(self, path: str | Path) -> str | None:
        """Load a replay of this scenario as the timeline, shown at its end with the bots
        held; the message why not, or None."""
        try:  # a regular file only, size-capped (a link to /dev/zero read without end)
            record = Replay.from_text(read_text_file(path))
            replayed = replay(record, loaded=self.loaded)
        except YamlError as exc:
            return exc.problem.format()
        except RulesError as exc:
            return f"{Path(path).name}: {exc}"
        self.timer.stop()
        self.playing = False
        self.seed = record.seed
        self.position_file = None  # a replay starts at the scenario's set-up
        self.game = replayed.state.game  # with the replay's purchases
        self._origin = 0
        self._make_bots()
        self.timeline = list(replayed.state.history)
        self.state = replayed.state
        self._kept = {0: self.game.new_initial_state(self.seed)}
        self.changed.emit()
        return None

    def stop(self) -> None:
        """Leaving test play: no more bot actions."""
        self.playing = False
        self.timer.stop()
