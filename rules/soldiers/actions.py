"""Soldiers actions and events.

The action grammar (``move`` and ``done`` are the shared verbs of :mod:`rules.engine.actions`)::

    assign-radio us.e.3         # the start: the owner assigns his radio to a man of his force
                                # [17.1] (rules.soldiers.radio_choice)
    commit us.e.sl              # Command Phase: commit a chit, 1 space down the track, or
                                # keep a chit already committed where it is [5.2]
    done us                     # Command Phase: pass [5.2]; Action Phase: end it [6]
    declare us operational      # Action Phase far from the enemy: an operational turn, or
                                # ``declare us tactical`` [3B; 6.3]
                                # (rules.soldiers.operational_turns)
    hidden-mg german.h.ge-mmg-team wait  # a hidden MG's owner before an enemy operational
                                # move: ``reveal`` (the move is not made) or ``wait`` [14.12]
                                # (rules.soldiers.hidden_gun_choice)
    order-man us.austin         # Action Phase: give an order, 5 AP (3 if wounded) [6.2; 7.11]
    order-group us.austin us.e.3  # one order to men of a squad in one hex [6.24; 7.1]
                                # (rules.soldiers.groups)
    move us.austin C1710 C1711  # the ordered man moves, paying AP per hex [7.21]
    shoot us.austin C1811 quick # the ordered man fires at a hex: quick, aimed or sustained [8]
    move-off us.austin          # the ordered man moves off the map where allowed, 1 AP [7.26]
    suppress us.austin          # the ordered man suppresses himself: free, his actions end [7.41]
    clear-jam us.austin         # the ordered man tries to clear his jammed weapon, 2 AP [7.32]
    reload us.austin            # the ordered man loads a clip, 2 AP [8.52]
    throw us.austin C1811       # the ordered man throws an explosive grenade, 2 AP [12.1]
    take-damage german.hauber   # the player choosing names the man who takes a hit's damage
                                # [8.41; 8.43] (rules.soldiers.damage_choice)
    remove-chit german.e.ind    # a squad's catastrophic loss: its owner names the chit
                                # removed [6.28] (rules.soldiers.chit_loss)
    stand-up german.hauber      # the end of a Command Cycle: the owner stands a suppressed
                                # man up (``done german``: the rest stay suppressed) [4]
                                # (rules.soldiers.stand_up)
    react german.hauber fire    # a reactive man declares reaction fire at the active man [8.6]
    react german.hauber suppress  # ... or that he suppresses himself instead [8.64]
                                # (``done german`` then resolves every declaration [8.62])
    overwatch us.austin         # the ordered man goes on overwatch, 4 AP [13.1]
    prepare-mg us.h.us-reed 2   # the ordered crewman prepares his MG, arrow at 2 o'clock [14.2]
    flame us.h.us-murphy C1811 continuous  # flamethrower fire, sustained or continuous [15.1]
                                # (:mod:`rules.soldiers.support_actions`)
    radio us.kelly C1811        # use radio: call (or double-call) artillery on a hex [17.2]
    cancel-call us.kelly C1811  # use radio: cancel the side's call on the hex [17.24]
    satchel us.h.us-engineer C1811  # an engineer throws a satchel charge, 4 AP [16.22]
                                # (:mod:`rules.soldiers.fire_support_actions`)

The game reads these verbs (:data:`ACTIONS`, :meth:`rules.engine.core.Game.parse_action`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.engine.actions import Action, Move, WordsAction, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.events import Event
from rules.soldiers.fire_support_actions import FIRE_SUPPORT_ACTIONS
from rules.soldiers.support_actions import SUPPORT_ACTIONS

FIRE_TYPES = ("quick", "aimed", "sustained")


@dataclass(frozen=True)
class Commit(WordsAction):
    """Commit a command chit (or keep it committed) [5.2]."""

    verb: ClassVar[str] = "commit"
    words: ClassVar[tuple[str, ...]] = ("chit id",)
    usage: ClassVar[str] = "CHIT"
    chit: str


@dataclass(frozen=True)
class OrderMan(WordsAction):
    """Give one man an order: 5 AP, 3 if he is wounded [6.2; 7.11]."""

    verb: ClassVar[str] = "order-man"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class Shoot(Action):
    """The ordered man fires at a hex [8.1-8.4]."""

    verb: ClassVar[str] = "shoot"
    man: str
    hex: str
    fire_type: str

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.hex} {self.fire_type}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Shoot:
        if len(args) != 3 or args[2].lower() not in FIRE_TYPES:
            raise ActionSyntaxError(f"'{line}': write 'shoot MAN HEX quick|aimed|sustained'")
        return cls(token(args[0], "man id", line), token(args[1], "hex", line), args[2].lower())


@dataclass(frozen=True)
class MoveOff(WordsAction):
    """The ordered man moves off the map from a map-edge hex where the scenario allows it,
    for 1 AP [7.26]."""

    verb: ClassVar[str] = "move-off"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class SelfSuppress(WordsAction):
    """The ordered man (or a man of the group under orders) suppresses himself: free, and he
    performs no further actions in this Action Phase [7.41]."""

    verb: ClassVar[str] = "suppress"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class ClearJam(WordsAction):
    """The ordered man tries to clear his jammed weapon: 2 AP, a d10 on its weapon check line
    [7.32]."""

    verb: ClassVar[str] = "clear-jam"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class Reload(WordsAction):
    """The ordered man, out of ammo, loads one of his clips: 2 AP [8.52]."""

    verb: ClassVar[str] = "reload"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class Throw(WordsAction):
    """The ordered man throws an explosive grenade at a hex: 2 AP [12.1-12.4]."""

    verb: ClassVar[str] = "throw"
    words: ClassVar[tuple[str, ...]] = ("man id", "hex")
    usage: ClassVar[str] = "MAN HEX"
    man: str
    hex: str


REACTIONS = ("fire", "suppress")


@dataclass(frozen=True)
class React(Action):
    """A reactive man declares reaction fire at the active man, or that he suppresses himself
    instead [8.6; 8.62; 8.64]; the side's ``done`` resolves every declaration."""

    verb: ClassVar[str] = "react"
    man: str
    how: str

    def text(self) -> str:
        return f"{self.verb} {self.man} {self.how}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> React:
        if len(args) != 2 or args[1].lower() not in REACTIONS:
            raise ActionSyntaxError(f"'{line}': write 'react MAN fire|suppress'")
        return cls(token(args[0], "man id", line), args[1].lower())


#: Soldiers' verbs (with the shared ``done`` and ``force-dice``).
ACTIONS: tuple[type[Action], ...] = (
    Move,
    Commit,
    OrderMan,
    Shoot,
    MoveOff,
    SelfSuppress,
    ClearJam,
    Reload,
    Throw,
    React,
    *SUPPORT_ACTIONS,  # overwatch, prepare-mg, flame [13-15]
    *FIRE_SUPPORT_ACTIONS,  # radio, cancel-call, satchel [16.2; 17.2]
)


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChitMoved(Event):
    """A command chit committed, kept, moved down or returned, and why."""

    kind: ClassVar[str] = "soldiers-chit"
    chit: str
    space: str
    why: str
    #: The chit as a player names it (``Black's chit``), filled in as the event is logged.
    name: str = ""

    def describe(self) -> str:
        return f"{self.name or self.chit} -> {self.space}: {self.why}"


@dataclass(frozen=True)
class TurnBegan(Event):
    """An Action Phase begins: the active chit, leader or independent turn, and its risk."""

    kind: ClassVar[str] = "soldiers-turn"
    chit: str
    steps: tuple[str, ...]
    risk: str
    placeholders: tuple[str, ...]
    #: The chit as a player names it (``Black's chit``), filled in as the event is logged.
    name: str = ""

    def describe(self) -> str:
        chit = self.name or self.chit
        return f"{chit} is active at risk level {self.risk}: {'; '.join(self.steps)}"


@dataclass(frozen=True)
class OrderGiven(Event):
    kind: ClassVar[str] = "soldiers-order"
    man: str
    ap: int
    why: str

    def describe(self) -> str:
        return f"{self.man} is ordered: {self.ap} AP ({self.why})"


@dataclass(frozen=True)
class ManMoved(Event):
    kind: ClassVar[str] = "soldiers-moved"
    man: str
    path: tuple[str, ...]
    cost: float
    left: float
    explanation: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{self.man} moves {' '.join(self.path)}: {self.cost:g} AP, {self.left:g} left [7.21]"
        )


@dataclass(frozen=True)
class ShotExplained(Event):
    """One shot, every step with its rule and the placeholders it used."""

    kind: ClassVar[str] = "soldiers-fire"
    man: str
    hex: str
    fire_type: str
    steps: tuple[str, ...]
    chance: int
    roll: int | None
    hit: bool
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        """The shot in a line, then its working a step a line, each with its rule (the log
        folds them under the line), and the placeholder values it used."""
        rolled = "no roll" if self.roll is None else f"roll {self.roll}"
        head = (
            f"{self.man} {self.fire_type} fire at {self.hex}: hit chance {self.chance}, "
            f"{rolled}, {'hit' if self.hit else 'miss'}"
        )
        used = [f"placeholder: {p}" for p in self.placeholders]
        return "\n".join((head, *self.steps, *used))


@dataclass(frozen=True)
class Spotting(Event):
    """An active man's (or group's) alertness roll to spot the enemy in the hex he would fire
    at [8.21]: the d6 against the highest initiative in the group."""

    kind: ClassVar[str] = "soldiers-spotting"
    man: str
    hex: str
    roll: int
    best: int
    spotted: bool
    why: str

    def describe(self) -> str:
        return self.why


@dataclass(frozen=True)
class ManHit(Event):
    kind: ClassVar[str] = "soldiers-hit"
    man: str
    result: str
    why: str

    def describe(self) -> str:
        return f"{self.man}: {self.result} ({self.why})"


@dataclass(frozen=True)
class DamageAsked(Event):
    """A damage waits on a player's choice of the man who takes it [8.41; 8.43]: who chooses,
    among whom, and why he does."""

    kind: ClassVar[str] = "soldiers-damage-choice"
    chooser: str
    men: tuple[str, ...]
    why: str

    def describe(self) -> str:
        return f"{self.chooser} chooses who takes the damage, of {', '.join(self.men)}: {self.why}"


@dataclass(frozen=True)
class ChoiceAsked(Event):
    """A step waits on a choice the book gives a player [4; 6.27; 6.28; 8.63; 9.5]: who
    chooses, what, and why he does."""

    kind: ClassVar[str] = "soldiers-choice"
    chooser: str
    what: str
    why: str

    def describe(self) -> str:
        return f"{self.chooser} chooses {self.what}: {self.why}"


@dataclass(frozen=True)
class EventDrawn(Event):
    """The Event Table's result of a tactical turn and what the engine did with it [6.12]."""

    kind: ClassVar[str] = "soldiers-event"
    result: str
    text: str
    effect: str

    def describe(self) -> str:
        return f"{self.result}: {self.effect}"


@dataclass(frozen=True)
class CommandPassed(Event):
    """A leaderless squad's men attached to another squad's leaders, or no longer [6.27]."""

    kind: ClassVar[str] = "soldiers-command-passed"
    squad: str
    to: str
    why: str

    def describe(self) -> str:
        return f"squad {self.squad}: {self.why}"


@dataclass(frozen=True)
class SetupNote(Event):
    """A step of the set-up [19]: the intelligence difference and its bracket, the deployment
    modes, the mission each side plays, what the engine does not play, and why."""

    kind: ClassVar[str] = "soldiers-setup"
    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class SightingKept(Event):
    """A mission's sighting kept over time, and what it opens [25.3]."""

    kind: ClassVar[str] = "soldiers-sighting"
    text: str

    def describe(self) -> str:
        return self.text


@dataclass(frozen=True)
class ManLeft(Event):
    """A man moved off the map [7.26]."""

    kind: ClassVar[str] = "soldiers-off-map"
    man: str
    hex: str
    why: str

    def describe(self) -> str:
        return f"{self.man} moves off the map from {self.hex} ({self.why})"


@dataclass(frozen=True)
class SelfSuppressed(Event):
    """A man suppressed himself [7.41]: his actions in the Action Phase are over."""

    kind: ClassVar[str] = "soldiers-self-suppressed"
    man: str
    why: str

    def describe(self) -> str:
        return f"{self.man} {self.why}"


@dataclass(frozen=True)
class WeaponChecked(Event):
    """A weapon check [8.5]: the d10 on the weapon check line and its result."""

    kind: ClassVar[str] = "soldiers-weapon-check"
    man: str
    roll: int
    result: str
    why: str

    def describe(self) -> str:
        return f"{self.man} weapon check: {self.result} ({self.why})"


@dataclass(frozen=True)
class Maintained(Event):
    """A maintenance action [7.3]: clear jam, reload."""

    kind: ClassVar[str] = "soldiers-maintenance"
    man: str
    what: str
    why: str

    def describe(self) -> str:
        return f"{self.man} {self.what}: {self.why}"


@dataclass(frozen=True)
class ReactionNote(Event):
    """A step of reaction [8.6]: a chance to react offered, a declaration, an alertness roll and
    what it allows, a man marked, an active man's actions ended."""

    kind: ClassVar[str] = "soldiers-reaction"
    man: str
    text: str

    def describe(self) -> str:
        return f"{self.man}: {self.text}" if self.man != "-" else self.text


@dataclass(frozen=True)
class GrenadeThrown(Event):
    """An explosive grenade throw [12.2-12.4], every step with its rule."""

    kind: ClassVar[str] = "soldiers-grenade"
    man: str
    hex: str
    steps: tuple[str, ...]
    lands: str | None
    placeholders: tuple[str, ...]

    def describe(self) -> str:
        where = f"explodes in {self.lands}" if self.lands else "no explosion"
        return f"{self.man} throws a grenade at {self.hex}: {where} ({'; '.join(self.steps)})"


@dataclass(frozen=True)
class ManCaptured(Event):
    """A man captured, surrendered, freed or his guard changed [9]."""

    kind: ClassVar[str] = "soldiers-capture"
    man: str
    guard: str
    why: str

    def describe(self) -> str:
        return f"{self.man}: {self.why}"
