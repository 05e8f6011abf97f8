"""The owner's choice about a hidden MG before an enemy operational move [14.12; 6.3].

"If enemy men are ordered to conduct an operational move, but would not be allowed to make the
move if they knew about a hidden MMG or HMG (because of the 8-hex range restriction; 6.3) the
owner of the hidden HMG or MMG has the option of revealing it before the move is made (thus
preventing the operational move altogether) or waiting until an enemy man enters sight of the
hidden MG (thus stopping the operational move immediately at that time)" [14.12].

- Which moves: an operational move (scenario-start [6.33] or in an operational turn [6.3])
  whose man stands, or whose path enters a hex, within 8 hexes of an able crewman of a hidden
  enemy gun (our reading of "because of the 8-hex range restriction": the man's own hex, which
  6.31 measures, and the hexes he would enter, which 6.3 measures).
- The move is held (:class:`rules.soldiers.records.HeldMove`) and the owner chooses, gun by
  gun: ``hidden-mg GUN reveal`` reveals it, and the move is not made: the man's (or group's)
  operational move ends there, his AP lost (our reading of "preventing the operational move
  altogether"); ``hidden-mg GUN wait`` keeps it hidden, and once every gun concerned waits the
  move is made, stopping in the first hex a hidden gun's crew sees, where the gun is revealed
  and may fire in reaction (:func:`rules.soldiers.hidden_guns.operational_stop`). A gun waited
  for is not asked again for the same man's move (our reading: the option is taken once, before
  the move).
- The mover's side is told only that the move waits on the enemy's choice; which gun, and
  where, is the owner's alone until it is revealed [14.11] (the wait itself hints that a hidden
  gun is near: the book's players would learn as much from the owner's pause).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Move
from rules.engine.errors import ActionSyntaxError
from rules.soldiers import operational
from rules.soldiers.actions import ReactionNote
from rules.soldiers.records import HeldMove

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

REVEAL, WAIT = "reveal", "wait"
CHOICES = (REVEAL, WAIT)


@dataclass(frozen=True)
class HiddenGunChoice(Action):
    """The owner of a hidden MG reveals it before an enemy operational move, or waits [14.12]."""

    verb: ClassVar[str] = "hidden-mg"
    gun: str
    choice: str

    def text(self) -> str:
        return f"{self.verb} {self.gun} {self.choice}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> HiddenGunChoice:
        if len(args) != 2 or args[1].lower() not in CHOICES:
            raise ActionSyntaxError(f"'{line}': write 'hidden-mg GUN reveal|wait'")
        return cls(args[0], args[1].lower())


def owner(state: SoldiersState, gun: str) -> str:
    return state.game.men[state.game.guns[gun][0]].side


def concerned(state: SoldiersState, man: str, path: tuple[str, ...]) -> list[str]:
    """The hidden enemy guns (by id) that would bar the move were they known, by the 8 hexes
    [14.12; 6.3; 6.31], less those whose owner already chose to wait for this man."""
    game, troops = state.game, state.troops
    side = game.men[man].side
    start = troops.hexes.get(man)
    hexes = [game.by_name[n.upper()] for n in path] + ([start] if start is not None else [])
    found = []
    for gun in sorted(state.support.hidden):
        if owner(state, gun) == side or f"{man}/{gun}" in state.active.waited:
            continue
        crew = [
            troops.hexes[m]
            for m in game.guns[gun]
            if m in troops.hexes and m not in troops.disabled
        ]
        if any(c.distance(h) <= operational.KEEP_AWAY for c in crew for h in hexes):
            found.append(gun)
    return found


def hold(state: SoldiersState, action: Move) -> bool:
    """Hold an operational move for the owner's choice, if a hidden gun concerns it; whether
    held [14.12]."""
    if not operational.underway(state) or state.active.held is not None:
        return False
    guns = concerned(state, action.unit, action.path)
    if not guns:
        return False
    side = owner(state, guns[0])
    guns = [g for g in guns if owner(state, g) == side]
    state.active.held = HeldMove(action.unit, tuple(action.path), side, tuple(guns))
    state.emit(
        ReactionNote(
            action.unit,
            f"his operational move waits: {side} may reveal a hidden MG first [14.12]",
        )
    )
    state.emit(
        ReactionNote(
            "-",
            f"{action.unit}'s operational move would come within {operational.KEEP_AWAY} hexes "
            f"of the hidden {', '.join(guns)}: reveal it now (no move), or wait until he "
            "enters its sight (his move stops there; reaction fire allowed) [14.12]",
            private_to=side,
        )
    )
    return True


def options(state: SoldiersState, side: str) -> list[Action]:
    held = state.active.held
    if held is None or held.owner != side:
        return []
    return [HiddenGunChoice(held.guns[0], REVEAL), HiddenGunChoice(held.guns[0], WAIT)]


def why_not(state: SoldiersState, action: Action) -> str | None:
    """While a move is held only its owner's choice is legal; the choice only then [14.12]."""
    held = state.active.held
    if not isinstance(action, HiddenGunChoice):
        return None if held is None else f"{held.owner} chooses about a hidden MG first [14.12]"
    if held is None or action.gun != held.guns[0] or action.choice not in CHOICES:
        return "no operational move waits on this hidden MG [14.12]"
    return None


def choose(state: SoldiersState, action: HiddenGunChoice) -> Move | None:
    """Apply the owner's choice; the held move to make now (every gun waits), else None."""
    from rules.soldiers.hidden_guns import reveal

    held = state.active.held
    assert held is not None
    if action.choice == REVEAL:
        state.active.held = None
        reveal(state, action.gun, f"its owner reveals it before {held.man}'s operational move")
        state.active.ap = 0.0
        state.emit(ReactionNote(held.man, "his operational move is prevented altogether [14.12]"))
        return None
    state.active.waited.add(f"{held.man}/{action.gun}")
    state.emit(
        ReactionNote(
            "-", f"{held.owner} keeps the hidden {action.gun} hidden [14.12]", private_to=held.owner
        )
    )
    rest = held.guns[1:]
    if rest:
        state.active.held = HeldMove(held.man, held.path, held.owner, rest)
        return None
    state.active.held = None
    return Move(held.man, held.path)
