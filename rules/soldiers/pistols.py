"""Soldiers pistols [11.1; 14.13; 19.44; 19.53]: who carries one, and when he fires it.

"Either player may expend FPs for extra weapons (satchel charges, grenades, pistols, and extra
ammo clips) which may be distributed to his men as the player sees fit" [19.44]; a man carries,
besides his one weapon, "two items from this column: satchel charge, pistol" [11.1].

Dealing (our reading of the owner's distribution, the way satchel charges go to the engineers
[16.21]): a side's pistol purchases (``US-PISTOL``, ``GE-PISTOL``; each the pistol it names) are
dealt one a man, first to its MMG and HMG crewmen in roster order (14.13: "a crewmember has no
weapon other than his part of the MG (unless you gave him a pistol or grenades)"), then to its
other men in roster order; a man whose second column is full (two satchel charges) gets none;
pistols beyond one a man are not dealt (our reading: a second pistol adds nothing the engine
plays). A man with a pistol takes at most one satchel charge by an exchange [11.1]
(:mod:`rules.soldiers.kit`).

Firing it (our reading): a man fires his one weapon [11.1]; his pistol only when he has none
to fire: a relieved crewman, "unarmed" but for the pistol you gave him [14.13], or a man whose
weapon a man without one took [7.33]. He fires it on its own Weapon Table (the pistol rows of
``resources/soldiers/tables/weapon-*-pistol-*.yaml``, Hexwright placeholders: the Weapon Tables
are not in the text), his own weapon so no 8.72 / 8.73 modifier; its Jam and Ammo Out markers
are his own. Its ammo: 19.53 has the owner note "how much ammo he has for the pistol" and gives
no number; our reading, the pistol has its one load and no spare clip (out of ammo for good).
A man whose equipment was destroyed [9.5] has no pistol left. The gun's first crewman relieved
fires his as any other (the gun's Jam and Ammo Out marks are the gun's own,
:func:`rules.soldiers.weapons.holder`).

Changing hands [7.33]: a pistol is taken by exchange equipment (``take MAN OTHER pistol``,
:mod:`rules.soldiers.kit`), so the pistol a man carries now is the one he was dealt unless the
kit record says otherwise (:func:`pistol_of`). Our reading: its ammo and its Jam and Ammo Out
marks go with it (the pistol's state, as a weapon's marks go with it, 7.33). While its carrier
fires it (he has no other weapon) its marks are his own; while he fires another weapon they are
kept with the pistol in the kit record (:func:`marks_kept` moves them when an action changes what
he fires). An enemy man's pistol, taken from a disabled or captured enemy man, is an enemy
weapon: -2 to hit and +2 to the weapon check when fired [8.73] (by its catalogue id's nation,
:func:`rules.soldiers.equipment.modifiers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from model.scenario import Scenario
from rules.soldiers.units import Man, Weapon, weapon

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: A man carries at most two items of the satchel charge / pistol column [11.1].
SECOND_COLUMN = 2


def is_pistol(item: str) -> bool:
    """A pistol of the catalogue (``US-PISTOL``, ``GE-PISTOL``) [11.1; 19.44]."""
    return item.upper().endswith("-PISTOL")


def starting_pistols(
    scenario: Scenario, men: list[Man], satchels: dict[str, int]
) -> dict[str, str]:
    """The pistol each man carries at the start, by his id [19.44; 19.53]: a side's pistol
    purchases dealt one a man, its MG crewmen first, then its other men in roster order, none
    to a man with two satchel charges [11.1] (our reading of the owner's distribution)."""
    found: dict[str, str] = {}
    for side in scenario.sides:
        bought = [
            p.item.upper() for p in side.purchases if is_pistol(p.item) for _ in range(p.count)
        ]
        roster = [m for m in men if m.side == side.id and satchels.get(m.id, 0) < SECOND_COLUMN]
        order = [m.id for m in roster if m.team is not None]
        order += [m.id for m in roster if m.team is None]
        found.update(zip(order, bought, strict=False))
    return found


def pistol_of(state: SoldiersState, man: str) -> str | None:
    """The pistol ``man`` carries now (its catalogue id), or None: the one he was dealt [19.44],
    unless one changed hands by an exchange [7.33] (the kit record, ``""`` none)."""
    found = state.kit.pistols.get(man)
    if found is None:
        found = state.game.pistols.get(man)
    return found or None


def carries_pistol(state: SoldiersState, man: str) -> bool:
    """He carries a pistol: one item of the satchel charge / pistol column [11.1]; none after
    his equipment was destroyed, or his pistol [9.5]."""
    return (
        pistol_of(state, man) is not None
        and man not in state.troops.destroyed
        and f"{man} pistol" not in state.kit.wrecked
    )


def pistol(state: SoldiersState, man: str) -> Weapon | None:
    """The pistol ``man`` fires now, or None: his own, when he has no other weapon to fire (a
    relieved crewman [14.13], a man whose weapon was taken [7.33]); never after his equipment
    was destroyed [9.5]. The gun's first crewman relieved fires his too: the gun's marks are
    the gun's own (:func:`rules.soldiers.weapons.holder`) [14.13]."""
    from rules.soldiers.equipment import weaponless

    if not carries_pistol(state, man) or not weaponless(state, man):
        return None
    found = pistol_of(state, man)
    assert found is not None
    return weapon(found)


@contextmanager
def marks_kept(state: SoldiersState, men: Iterable[str]) -> Iterator[None]:
    """Around an action that may change what ``men`` fire [7.33; 14.13]: a pistol's Jam and
    Ammo Out marks go with it (our reading), his own marks while he fires it, kept with the
    pistol in the kit record while he fires another weapon or none."""
    troops, kept = state.troops, state.kit
    pairs = ((troops.jammed, kept.pistol_jammed), (troops.ammo_out, kept.pistol_out))
    men = tuple(men)
    for m in men:
        if pistol(state, m) is not None:  # his marks are the pistol's: keep them with it
            for marks, store in pairs:
                (store.add if m in marks else store.discard)(m)
                marks.discard(m)
    yield
    for m in men:
        if pistol(state, m) is not None:  # he fires it now: its marks are his
            for marks, store in pairs:
                (marks.add if m in store else marks.discard)(m)
                store.discard(m)


def why_not_pistol(state: SoldiersState, man: str) -> str | None:
    """Why the pistol ``man`` fires may not fire now [8.51], or None."""
    if man in state.troops.jammed:
        return "his pistol is jammed: a clear jam action first [8.51; 7.32]"
    if man in state.troops.ammo_out:
        return "his pistol is out of ammo: it has no spare clip (our reading of 19.53) [8.51]"
    return None
