"""Destroying equipment [9.5]: "A man may destroy any or all equipment in a hex by expending
1 AP."

``destroy-equipment MAN``: the man under orders (or a man of the group under orders), able and
not suppressed, pays 1 AP to destroy equipment the engine tracks of the disabled or captured
men in his hex, of either side: each one's weapon, his grenades and his other equipment
(below). Which of it is his player's choice ("any or all"): with more than one piece there,
the choice waits (``destroy-item OTHER weapon|grenades|part|radio|satchel|clip|pistol``, one
piece at a time; ``done SIDE`` keeps the rest once one is destroyed; every piece chosen ends
it by itself), kept in the state
(:class:`rules.soldiers.records.WreckChoice`) and in position files (``turn.wrecking``). One
piece only: it is destroyed, nothing is asked. The heuristic bot destroys all of it, as the
engine did before the player chose; the random bot picks among the legal choices. Our
readings, where the book is silent:

- "Any" is one piece at least: the 1 AP buys a destruction (``done`` only after one).
- The equipment "in a hex" is what its disabled and captured men carry (an able man's is his
  own, not lying in the hex); a man's grenades go together, as one piece.
- A destroyed weapon cannot be taken by an exchange [7.33]; its Destroyed mark goes with the
  weapon as Jam and Ammo Out do, so an escaped prisoner [9.6] whose weapon was destroyed is
  unarmed (no fire) until he takes another.
- His grenades destroyed are marked off as gone from him (``grenades_taken``), not as thrown:
  the grenades thrown stay the throws [12].
- His other equipment [7.33] (:func:`others`), each item one piece: his part of an MMG or HMG,
  the radio, his satchel charges (all of them), his spare clips (all; not in the Learning
  Scenario, whose ammo is ignored), his pistol. Destroyed, it is marked in the kit record
  (``kit_destroyed``, position files' ``kit.destroyed``) and ``take`` refuses it ("his ...
  destroyed: nothing to take"); satchel charges and clips are also marked off as gone from
  him, as grenades. A gun with a part destroyed may not be prepared nor fired (our reading:
  the book is silent; a part is a piece of the gun) [14.2]; a destroyed radio calls no
  artillery, nor any free call [17.12; 17.25]; a destroyed pistol is not carried [11.1].
  Once his weapon is destroyed his other equipment is not offered: his destroyed mark already
  stands for all he carries (nothing to take, no pistol), as before.
- In a group it is an action of its own, paid anew (it opens no step [7.1]); no risk level
  restriction (the Action Summary's lines are not in the text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import Action, Done, WordsAction
from rules.engine.errors import ActionSyntaxError
from rules.soldiers import groups
from rules.soldiers.actions import ChoiceAsked, Maintained
from rules.soldiers.records import WreckChoice

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

DESTROY_AP = 1.0  # [9.5]
WEAPON, GRENADES = "weapon", "grenades"
#: The other equipment a man carries that the engine tracks [7.33; 9.5]: his part of an MMG or
#: HMG [14.1], the radio [17.1], satchel charges [16.21], spare clips [11], a pistol [11.1].
PART, RADIO, SATCHEL, CLIP, PISTOL = "part", "radio", "satchel", "clip", "pistol"
ITEMS = (WEAPON, GRENADES, PART, RADIO, SATCHEL, CLIP, PISTOL)


@dataclass(frozen=True)
class DestroyEquipment(WordsAction):
    """The ordered man destroys equipment of the disabled and captured men in his hex:
    1 AP [9.5]."""

    verb: ClassVar[str] = "destroy-equipment"
    words: ClassVar[tuple[str, ...]] = ("man id",)
    usage: ClassVar[str] = "MAN"
    man: str


@dataclass(frozen=True)
class DestroyItem(WordsAction):
    """The player destroying names a piece of the equipment in the hex: a man's weapon or his
    grenades [9.5]."""

    verb: ClassVar[str] = "destroy-item"
    words: ClassVar[tuple[str, ...]] = ("man id", "item")
    usage: ClassVar[str] = "OTHER weapon|grenades|part|radio|satchel|clip|pistol"
    other: str
    item: str

    @classmethod
    def parse(cls, args: list[str], line: str) -> DestroyItem:
        found = super().parse(args, line)
        if found.item not in ITEMS:
            raise ActionSyntaxError(f"'{line}': write '{cls.verb} {cls.usage}'")
        return found

    @property
    def piece(self) -> str:
        return f"{self.other} {self.item}"


#: Test Play's words for each piece [9.5].
ITEM_WORDS = {
    PART: "part of the MG",
    RADIO: "radio",
    SATCHEL: "satchel charges",
    CLIP: "spare clips",
    PISTOL: "pistol",
}
#: What destroying each piece does, for the preview and the log [9.5].
EFFECTS = {
    WEAPON: "no man may take it by an exchange, and he escapes unarmed [7.33; 9.6]",
    GRENADES: "his grenades left are gone [12]",
    PART: (
        "no man may take it [7.33]; the MG may not be prepared nor fired (our reading: the "
        "book is silent) [14.2]"
    ),
    RADIO: "no man may take it [7.33]; his side may not call artillery with it [17.12]",
    SATCHEL: "his satchel charges are gone; none may be taken [7.33; 16.21]",
    CLIP: "his spare clips are gone; none may be taken nor loaded [7.33; 8.52]",
    PISTOL: "no man may take it, and he may not fire it [7.33; 11.1]",
}


def _acting(state: SoldiersState) -> list[str]:
    return list(state.active.group) or ([state.active.current] if state.active.current else [])


def lying(state: SoldiersState, man: str) -> list[str]:
    """The disabled or captured men in ``man``'s hex with equipment not destroyed yet."""
    return sorted({p.split()[0] for p in pieces(state, man)})


def pieces(state: SoldiersState, man: str) -> list[str]:
    """The equipment in ``man``'s hex he may destroy: each disabled or captured man's weapon
    not destroyed yet and his grenades left (``OTHER weapon``, ``OTHER grenades``), and the
    other equipment he carries not destroyed yet (:func:`others`) [9.5]."""
    from rules.soldiers.grenades import grenades_left

    troops = state.troops
    at = troops.hexes.get(man)
    found = []
    for m, h in sorted(troops.hexes.items()):
        if h != at or m == man or (m not in troops.disabled and m not in troops.captured):
            continue
        if m not in troops.destroyed:
            found.append(f"{m} {WEAPON}")
        if grenades_left(state, m) > 0:
            found.append(f"{m} {GRENADES}")
        found += [f"{m} {item}" for item in others(state, m)]
    return found


def others(state: SoldiersState, m: str) -> list[str]:
    """The equipment other than his weapon and grenades that ``m`` carries and that may be
    destroyed [9.5; 7.33]: his part of an MMG or HMG (not while it is hidden, 14.11), the
    radio, satchel charges, spare clips (not in the Learning Scenario, where ammo is ignored:
    they would change nothing, 8.51), his pistol. None once his weapon is destroyed: his
    destroyed mark stands for what he carries, as before (our reading, kit.py)."""
    from rules.soldiers import kit
    from rules.soldiers.engineers import satchels_left
    from rules.soldiers.pistols import carries_pistol
    from rules.soldiers.weapons import ammo_ignored, spare_clips

    if m in state.troops.destroyed:
        return []
    gun = kit.gun_of(state, m)
    has = {
        PART: gun is not None and gun not in state.support.hidden,
        RADIO: kit.carries_radio(state, m),
        SATCHEL: satchels_left(state, m) > 0,
        CLIP: not ammo_ignored(state) and spare_clips(state, m) > 0,
        PISTOL: carries_pistol(state, m),
    }
    return [item for item, held in has.items() if held and f"{m} {item}" not in state.kit.wrecked]


def why_not(state: SoldiersState, action: DestroyEquipment) -> str | None:
    """Why ``action.man`` may not destroy equipment now [9.5], or None."""
    man, troops = action.man, state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in state.game.men or man not in _acting(state):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    if not pieces(state, man):
        return "no disabled or captured man's equipment in his hex to destroy [9.5]"
    if state.active.ap < DESTROY_AP:
        return f"it costs {DESTROY_AP:g} AP, {state.active.ap:g} left [9.5]"
    return None


def options(state: SoldiersState) -> list[DestroyEquipment]:
    """The destruction the man (or a man of the group) under orders may do now [9.5]."""
    found = [DestroyEquipment(m) for m in _acting(state)]
    return [a for a in found if why_not(state, a) is None]


def destroy(state: SoldiersState, action: DestroyEquipment) -> None:
    """1 AP paid [9.5]; the one piece of equipment there destroyed, or its player asked
    which."""
    found = pieces(state, action.man)
    state.active.ap -= DESTROY_AP
    if state.active.group:
        groups.close_step(state)  # an action of its own: the next pays anew [7.1]
    side = state.game.men[action.man].side
    if len(found) == 1:
        _wreck(state, found[0])
        _done(state, action.man, found)
        return
    state.active.wrecking = WreckChoice(action.man, side, tuple(found))
    why = (
        f"{DESTROY_AP:g} AP paid; the equipment in his hex: {', '.join(found)}; his player "
        "destroys any or all of it [9.5]"
    )
    state.emit(ChoiceAsked(side, f"what {action.man} destroys", why))


def _wreck(state: SoldiersState, piece: str) -> None:
    """A piece of equipment destroyed [9.5]."""
    from rules.soldiers.engineers import satchels_left
    from rules.soldiers.grenades import grenades_left
    from rules.soldiers.weapons import spare_clips

    troops, kit = state.troops, state.kit
    other, item = piece.split()
    if item == WEAPON:
        troops.destroyed.add(other)
        return
    if item == GRENADES:
        left = grenades_left(state, other)
        if left > 0:  # gone, none thrown: the grenades thrown stay the throws [12]
            troops.grenades_taken[other] = troops.grenades_taken.get(other, 0) - left
        return
    kit.wrecked.add(piece)  # none of it is taken afterwards [7.33]
    # satchel charges and clips are gone from him, as grenades: none thrown, none spent
    gone = {SATCHEL: (kit.satchels, satchels_left), CLIP: (kit.clips, spare_clips)}
    if item in gone:
        counts, left_of = gone[item]
        left = left_of(state, other)
        counts[other] = counts.get(other, 0) - left
        if not counts[other]:
            del counts[other]


def _done(state: SoldiersState, man: str, gone: list[str] | tuple[str, ...]) -> None:
    why = (
        f"{DESTROY_AP:g} AP, {state.active.ap:g} left: {', '.join(gone)} destroyed "
        "(his player's choice) [9.5]"
    )
    for piece in gone:  # the other equipment's effects [9.5]
        item = piece.split()[1]
        if item not in (WEAPON, GRENADES):
            why += f"; {piece}: {EFFECTS[item]}"
    state.emit(Maintained(man, "destroys equipment in his hex", why))


# --- the player's choice [9.5] -----------------------------------------------------------------


def choice_options(state: SoldiersState) -> list[Action]:
    """The pieces still to choose; ``done`` once one is destroyed [9.5]."""
    pending = state.active.wrecking
    if pending is None:
        return []
    found: list[Action] = [DestroyItem(*p.split()) for p in pending.items]
    return [*found, Done(pending.side)] if pending.chosen else found


def choice_why_not(state: SoldiersState, action: Action) -> str | None:
    """While the choice waits only it is legal; a piece named only then [9.5]."""
    pending = state.active.wrecking
    if isinstance(action, DestroyItem):
        if pending is None:
            return "no destroy equipment action waits for its choice [9.5]"
        if action.piece not in pending.items:
            return f"not equipment left in the hex: one of {', '.join(pending.items)} [9.5]"
        return None
    if pending is None:
        return None
    if isinstance(action, Done) and action.side == pending.side and pending.chosen:
        return None
    return f"{pending.side} chooses what {pending.man} destroys first (one piece at least) [9.5]"


def choose(state: SoldiersState, action: DestroyItem | Done) -> None:
    """A piece destroyed, or the rest kept [9.5]."""
    pending = state.active.wrecking
    assert pending is not None
    if isinstance(action, DestroyItem):
        _wreck(state, action.piece)
        chosen = (*pending.chosen, action.piece)
        items = tuple(p for p in pending.items if p != action.piece)
        if items:
            state.active.wrecking = WreckChoice(pending.man, pending.side, items, chosen)
            return
        pending = WreckChoice(pending.man, pending.side, (), chosen)
    state.active.wrecking = None
    _done(state, pending.man, pending.chosen)


def default(state: SoldiersState, action: Action) -> bool:
    """The bots' choice: every piece the enemy's men carry, none of its own side's men's (they
    may yet take it by an exchange [7.33]: our reading of "any or all" [9.5]), unless one of
    its own must go because nothing of the enemy's is there (one piece at least)."""
    pending = state.active.wrecking
    if pending is None:
        return False
    men = state.game.men

    def enemy(piece: str) -> bool:
        return men[piece.split()[0]].side != pending.side

    theirs = any(enemy(p) for p in pending.items)
    if isinstance(action, DestroyItem):
        return enemy(action.piece) or (not theirs and not pending.chosen)
    return not theirs


def step(state: SoldiersState) -> str:
    """The step while the choice waits [9.5]."""
    pending = state.active.wrecking
    assert pending is not None
    name = state.game.unit_name(pending.man)
    return (
        f"{name} destroys equipment in his hex (1 AP paid): {pending.side} chooses any or all "
        f"of {', '.join(pending.items)} [9.5]"
    )


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, DestroyItem):
        name = state.game.unit_name(action.other)
        return f"Destroy {name}'s {ITEM_WORDS.get(action.item, action.item)} [9.5]"
    return "Keep the rest of the equipment [9.5]"


def preview(state: SoldiersState, action: Action) -> tuple[str, tuple[str, ...]]:
    """What the choice does, and why this player makes it [9.5]."""
    pending = state.active.wrecking
    assert pending is not None
    why = f"{pending.side} chooses: his man destroys any or all equipment in the hex [9.5]"
    if isinstance(action, DestroyItem):
        what = EFFECTS.get(action.item, "no man may take it by an exchange [7.33]")
        return f"free (the 1 AP is paid); {what}. {why}", ("captured equipment [9.5]",)
    kept = ", ".join(pending.items)
    return f"{kept} left as it is, to be taken by an exchange [7.33]. {why}", (
        "captured equipment [9.5]",
    )
