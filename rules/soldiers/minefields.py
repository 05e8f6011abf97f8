"""Soldiers hidden minefields [18.4; 18.41; 18.42; 16.12; 19.43].

Where [18.4; 19.43]: the minefields the defender bought (MINEFIELD purchases) are deployed
secretly: "their locations are noted on the player's squad sheet". The engine notes them for him
(our reading, as for the other bought preparations [18]): one a hex, in the hexes next to the
defender's men as they set up (men in roster order, each man's neighbours by printed name), never
in a hex holding a man, another preparation, a building or water [18], nor in painted wire or a
minefield the map already carries. They are not on the map until revealed.

Revealing [18.41]: when an enemy man enters the hidden minefield's hex, his move is interrupted: the
minefield is announced (the engine always announces it: the 18.42 loss of an unannounced minefield
does not arise) and a marker placed; the active player rolls a d10 against the highest initiative in
the moving group (the man alone: his own): at or below it the minefield was noticed and they are
placed back in the hex they entered from (the AP to enter stay spent); above it they enter, one man
of the group undergoes a minefield attack and the others enter unharmed. The man is the defender's
choice: with more than one man entering, play waits for the minefield's owner to name him
(``take-damage MAN``, :mod:`rules.soldiers.damage_choice`), the move's consequences after it (the
bots name the highest initiative, then the first in the group: :func:`stand_in`); a man alone
undergoes it at once. Entering ends their movement for the Action Phase (our reading: they stand in
a revealed enemy minefield [18.44]). A revealed minefield is from then on a revealed enemy minefield
for the enemy [18.44] (:func:`rules.soldiers.moves.minefield`).

Engineers [18.42; 16.12]: when an engineer (alone or in the moving group) enters a hex next to a
hidden enemy minefield, the minefield is revealed, automatically, no roll; a move whose path goes
on into it stops there (our reading: the move was planned before it was known).

Friendly men [18.45]: the owner's men enter their own hidden minefields with no danger, paying 2
AP more and moving no further (:func:`rules.soldiers.moves.minefield`).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from model.base import StrictModel
from model.hexes import Hex
from rules.engine.events import Event
from rules.engine.record import OMIT, Record, plain, state_field
from rules.records.position import PositionReader
from rules.soldiers.actions import DamageAsked, ManHit, SetupNote
from rules.soldiers.engineers import is_engineer
from rules.soldiers.records import VictimChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

ITEM = "MINEFIELD"


@dataclass(frozen=True)
class MinefieldNote(Event):
    """A hidden minefield revealed, and what the men entering it did [18.41; 18.42]."""

    kind: ClassVar[str] = "soldiers-minefield"
    hex: str
    text: str

    def describe(self) -> str:
        return f"minefield in {self.hex}: {self.text}"


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty: a game without minefields keeps its fingerprint."""
    return plain(value) if value else OMIT


@dataclass
class Minefields(Record):
    """The hidden minefields revealed so far (by printed name) [18.41; 18.42]."""

    revealed: set[str] = state_field(
        default_factory=set, encode=_unless_empty, key="minefields_revealed"
    )


_HIDDEN: weakref.WeakKeyDictionary[SoldiersGame, dict[Hex, str]] = weakref.WeakKeyDictionary()


def hidden(game: SoldiersGame) -> dict[Hex, str]:
    """The minefields the defender bought, hex -> owning side, as the engine notes them for him
    (see the module's words) [18.4; 19.43]."""
    found = _HIDDEN.get(game)
    if found is not None:
        return found
    from rules.soldiers.preparations import _allowed, defender_bought

    found = _HIDDEN[game] = {}
    side, wanted = defender_bought(game.scenario, ITEM)
    if side is None or not wanted:
        return found
    hexes = game.deployment.hexes
    manned = set(hexes.values())
    for m in game.deployment.men:
        at = hexes.get(m.id)
        if m.side != side or at is None:
            continue
        for n in sorted((n for n in at.neighbors() if n in game.amap.hexes), key=game.name):
            if len(found) >= wanted:
                return found
            terrains = game.terrains(n)
            if (
                n in manned
                or n in found
                or n in game.prepared
                or "wire" in terrains
                or "minefield" in terrains
                or not _allowed(game, n)
            ):
                continue
            found[n] = side
    return found


def of(state: SoldiersState) -> Minefields:
    found: Minefields | None = getattr(state, "minefields", None)
    if found is None:
        found = Minefields()
        state.minefields = found
    return found


def owner(state: SoldiersState, h: Hex) -> tuple[str, bool] | None:
    """The side whose bought minefield is in ``h`` and whether it is revealed, or None."""
    side = hidden(state.game).get(h)
    if side is None:
        return None
    return side, state.game.name(h) in of(state).revealed


def hidden_from(state: SoldiersState, man: str, h: Hex) -> bool:
    """An enemy minefield in ``h`` the man's side does not know of yet [18.41]."""
    found = owner(state, h)
    return found is not None and not found[1] and found[0] != state.game.men[man].side


def announce(state: SoldiersState) -> None:
    """The bought minefields noted at the start (the engine's note for the defender, private to
    him: "they are not actually placed on the map" [18.4])."""
    game = state.game
    for h, side in sorted(hidden(game).items(), key=lambda p: game.name(p[0])):
        note = f"{side}'s hidden minefield noted in {game.name(h)} [18.4; 19.43]"
        state.emit(SetupNote(note, private_to=side))  # secret from the enemy [18.4]


def reveal(state: SoldiersState, h: Hex, why: str) -> None:
    of(state).revealed.add(state.game.name(h))
    state.emit(MinefieldNote(state.game.name(h), f"revealed: {why}"))


def engineers_detect(state: SoldiersState, men: list[str], at: Hex) -> list[Hex]:
    """An engineer entering ``at`` reveals the hidden enemy minefields next to it [18.42;
    16.12]; the hexes revealed."""
    found: list[Hex] = []
    game = state.game
    engineers = [m for m in men if is_engineer(game.men[m])]
    if not engineers or not hidden(game):
        return found
    for n in sorted((n for n in at.neighbors() if n in game.amap.hexes), key=game.name):
        if hidden_from(state, engineers[0], n):
            reveal(state, n, f"{engineers[0]} came next to it: automatic, no roll [18.42; 16.12]")
            found.append(n)
    return found


def enter_hidden(state: SoldiersState, men: list[str], to: Hex) -> bool:
    """The 18.41 procedure as the moving men enter a hidden enemy minefield: True when they
    enter it, False when it was noticed and they stay where they came from."""
    from rules.soldiers.command import initiative

    game = state.game
    name = game.name(to)
    reveal(state, to, "an enemy man enters its hex; the move is interrupted [18.41]")
    best = max(initiative(state, m) for m in men)
    roll = state.roll(f"alertness: do the men notice the minefield in {name}? [18.41]", 10)
    if roll <= best:
        why = (
            f"alertness {roll} at or below the highest initiative {best}: noticed, they are "
            "placed back in the hex they entered from; the AP stay spent [18.41]"
        )
        state.emit(MinefieldNote(name, why))
        return False
    if len(men) > 1:  # the defender's choice [18.41]
        side = game.men[men[0]].side
        chooser = game.other(side)
        why = (
            f"alertness {roll} above the highest initiative {best}: the men enter the minefield "
            f"in {name}, and one man of the group, the defender's choice, undergoes a minefield "
            "attack (Grenade Table, indoors); the others enter unharmed [18.41; 18.43]"
        )
        state.active.victim = VictimChoice(
            "minefield", chooser, side, tuple(men), name, why, alertness=roll
        )
        return True  # asked once they stand in it (:func:`ask`)
    victim = men[0]
    lead = (
        f"alertness {roll} above the highest initiative {best}: he enters and undergoes a "
        "minefield attack"
    )
    attack(state, victim, men, name, lead)
    return True


def ask(state: SoldiersState) -> None:
    """The defender is asked for the man who undergoes the attack, the men in the hex [18.41]."""
    pending = state.active.victim
    assert pending is not None
    state.emit(DamageAsked(pending.chooser, pending.men, pending.why))


def stand_in(state: SoldiersState, men: tuple[str, ...]) -> str:
    """The bots' choice of the man who undergoes the attack (the engine's former stand-in):
    the highest initiative, then the first in the group [18.41]."""
    from rules.soldiers.command import initiative

    order = list(men)
    return max(order, key=lambda m: (initiative(state, m), -order.index(m)))


def attack(state: SoldiersState, victim: str, men: Sequence[str], name: str, lead: str) -> None:
    """The minefield attack on the man: a d10 on the Grenade Table's indoors damage line
    [18.43]; the others of the group enter unharmed [18.41]."""
    from rules.soldiers.fire import apply_damage
    from rules.soldiers.units import cell

    raw = state.roll(f"minefield attack on {victim} [18.43]", 10)
    found = cell("grenade-damage", "Dmg/in", raw)
    why = f"{lead}, the Grenade Table indoors at {raw} [18.41; 18.43]"
    if found.placeholder:
        why += " (placeholder)"
    apply_damage(state, victim, str(found.value), why)
    for m in men:
        if m != victim:
            state.emit(ManHit(m, "unharmed", f"enters the minefield in {name} unharmed [18.41]"))


def chosen(state: SoldiersState, man: str) -> None:
    """The defender named the man who undergoes the attack [18.41; 18.43]."""
    pending = state.active.victim
    assert pending is not None
    assert pending.kind == "minefield"
    state.active.victim = None
    lead = (
        f"alertness {pending.alertness} above the group's highest initiative: {man}, "
        f"{pending.chooser}'s choice, undergoes a minefield attack"
    )
    attack(state, man, pending.men, pending.hex, lead)


# --- in a position file -------------------------------------------------------------------------


class MinefieldsPosition(StrictModel):
    """The hidden minefields revealed, in a position file [18.41].

    Attributes:
        revealed: hexes of bought minefields revealed so far.
    """

    revealed: list[str] = Field(default_factory=list)


def write_position(state: SoldiersState) -> MinefieldsPosition | None:
    found = MinefieldsPosition(revealed=sorted(of(state).revealed))
    return None if found == MinefieldsPosition() else found


def read_position(
    state: SoldiersState, found: MinefieldsPosition | None, reader: PositionReader
) -> None:
    found = found or MinefieldsPosition()
    game = state.game
    for name in found.revealed:
        h = game.by_name.get(name)
        if h is None or h not in hidden(game):
            reader.problem(("state", "minefields", "revealed"), f"'{name}' holds no minefield")
    state.minefields = Minefields(
        {n for n in found.revealed if n in game.by_name and game.by_name[n] in hidden(game)}
    )
