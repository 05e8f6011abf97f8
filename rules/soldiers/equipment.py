"""Exchanging weapons [7.33] and firing another man's weapon [8.72; 8.73].

``exchange MAN OTHER`` [7.33]: "A man in a hex with any friendly man or with a disabled or
captured enemy man may take or give equipment and weapons to or from any of those men." The
engine plays the weapons: the two men swap the weapons they carry (a man carries one weapon
[11.1]), and a man carrying a weapon other than his counter's is marked with it [11.2].

- It costs all of the active man's AP (3 or 5 [7.11]): he must not have spent any since his
  order, and has none left after it.
- With an able friendly man "both men must conduct the exchange equipment action": our reading,
  the other man must be of the group under orders with him, and the group's AP are all spent.
  A disabled (killed or incapacitated) friendly man, or a disabled or captured enemy man, needs
  no action of his own.
- Where the risk level allows a maintenance action [7.31] (the Action Summary's split is not in
  the text: the rule of clear jam and reload, :func:`rules.soldiers.weapons.why_not_here`).
- A Jam or Ammo Out marker goes with the weapon (our reading: it is the weapon's state).
- A flamethrower [15.21]: "A man may take a flamethrower from a friendly man to which it was
  originally assigned by performing the exchange equipment action when in the same hex." The
  taker gives his weapon to the flamethrower man (our reading: a man carries one weapon [11.1],
  and the flamethrower man may carry nothing else but pistols and grenades [15.2]), so the two
  swap as with any weapon. Our reading of "originally assigned": only the man whose counter's
  weapon it is (Murphy, Marck) may give it, able (both conducting the action) or disabled;
  once taken it stays with the taker. The flamethrower man may take another man's weapon only
  by giving it. The fuel is the clips (our reading of 19.54), which stay each man's.
- MG parts, satchel charges, radios and clips change hands by ``take``
  (:mod:`rules.soldiers.kit`), grenades by ``take-grenades`` (:mod:`rules.soldiers.handover`),
  a disabled man by ``pick-up`` [11.3]; a man's ammo clips stay his, whatever weapon he fires
  (the clip is an abstract ammo supply [11, Developer's Note]).
- A man without a weapon takes one, giving none [7.33; 14.13]: a relieved MG crewman ("a
  crewmember has no weapon other than his part of the MG ... and, if relieved, will be
  unarmed" [14.13]) may take the weapon of a man an exchange allows (a dead man's, say), and so
  may a man whose weapon such a man took; the other man then carries none (``weaponless``: no
  fire, nothing more to take). Our readings: a crewman still carrying a part (original or not)
  exchanges no weapon (the gun is its crew's); a relieved crewman who took a weapon is no
  longer unarmed and exchanges it no further; the gun's first crewman too (the gun's Jam and
  Ammo Out marks and clips are the gun's own, :func:`rules.soldiers.weapons.holder`, so his
  are those of what he fires then); the clips stay each man's (a crewman's are the gun's
  [19.54]). A man without a weapon who carries a pistol fires it
  (:mod:`rules.soldiers.pistols`) and may still take a weapon (the pistol's Jam and Ammo Out
  marks then kept with it, our reading); pistols change hands by ``take MAN OTHER pistol``
  (:mod:`rules.soldiers.kit`).

A man other than the one originally assigned a flamethrower fires it "less effectively": the
hit chance -3 after all other modifiers, and +4 to the weapon check die-roll [15.21]
(:mod:`rules.soldiers.flamethrowers`).

Firing another weapon [8.72; 8.73]: an automatic weapon of his nationality other than his
counter's, the hit chance -1 and any weapon check die-roll +1 [8.72]; an enemy weapon, -2 and
+2 [8.73]. A non-automatic weapon of his own nationality: no modifier (the book gives none).
The weapon's nationality is its catalogue id's prefix (``US-``, ``GE-``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rules.engine.actions import WordsAction
from rules.engine.worked import Working
from rules.soldiers import kit
from rules.soldiers.actions import Maintained
from rules.soldiers.capture import guard_ap
from rules.soldiers.pistols import marks_kept
from rules.soldiers.units import Weapon
from rules.soldiers.weapons import carried, why_not_here

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

#: The hit chance and weapon check modifiers [8.72; 8.73].
UNFAMILIAR = (-1, 1)
ENEMY = (-2, 2)
#: A flamethrower fired by a man it was not originally assigned to [15.21].
FLAME_UNFAMILIAR = (-3, 4)


def flame(w: Weapon) -> bool:
    """Whether ``w`` is a flamethrower (the only weapon with continuous fire [15.12])."""
    return "continuous" in w.fire


@dataclass(frozen=True)
class Exchange(WordsAction):
    """The ordered man swaps weapons with a man in his hex: all his AP [7.33]."""

    verb: ClassVar[str] = "exchange"
    words: ClassVar[tuple[str, ...]] = ("man id", "man id")
    usage: ClassVar[str] = "MAN OTHER"
    man: str
    other: str


def _nation(w: Weapon) -> str:
    return w.id.split("-", 1)[0].upper()


def modifiers(state: SoldiersState, man: str) -> tuple[int, int, str]:
    """The hit chance and weapon check modifiers of the weapon ``man`` fires, and why
    [8.72; 8.73; 15.21]; (0, 0, "") for his own, and for an MG he fires as one of its crew
    (the gun's own rules, :mod:`rules.soldiers.machineguns` [14.3; 14.13])."""
    if kit.works(state, man) is not None:
        return 0, 0, ""
    return weapon_modifiers(state.game.men[man].weapon, carried(state, man))


def weapon_modifiers(own: Weapon, now: Weapon) -> tuple[int, int, str]:
    """The hit chance and weapon check modifiers of firing ``now`` for a man whose counter's
    weapon is ``own``, and why [8.72; 8.73; 15.21] (a pistol too, 11.1)."""
    if now.id == own.id:
        return 0, 0, ""
    if flame(now):
        hit, check = FLAME_UNFAMILIAR
        return hit, check, "a flamethrower not originally assigned to him [15.21]"
    if _nation(now) != _nation(own):
        return ENEMY[0], ENEMY[1], f"an enemy weapon, the {now.code} [8.73]"
    if now.automatic:
        return (
            UNFAMILIAR[0],
            UNFAMILIAR[1],
            f"an unfamiliar automatic weapon, the {now.code} [8.72]",
        )
    return 0, 0, ""


def hit_modifier(state: SoldiersState, man: str, work: Working) -> int:
    """The hit chance modifier of firing another man's weapon [8.72; 8.73; 15.21]."""
    hit, _, why = modifiers(state, man)
    return work.add(why, hit, None) if hit else 0


def weaponless(state: SoldiersState, man: str) -> bool:
    """He carries no weapon: a relieved crewman [14.13], or a man whose weapon a man without one
    took [7.33]."""
    return man in state.troops.weaponless or kit.unarmed(state, man)


def _why_not_bare(state: SoldiersState, man: str, other: str) -> str | None:
    """Why ``man``, without a weapon, may not take ``other``'s [7.33; 14.13], or None."""
    if _excluded(state, other):
        return "an MG's crewman: his part changes hands by 'take ... part' [14.1; 14.13]"
    if other in state.troops.destroyed:
        return "his weapon was destroyed: nothing to take [9.5]"
    return _why_not_flame(state, man, other)


def _excluded(state: SoldiersState, man: str) -> bool:
    """An MG's crewman, original or not: his own carrying rules [11.1; 14.1; 14.13]."""
    return state.game.men[man].team is not None or kit.gun_of(state, man) is not None


def _why_not_flame(state: SoldiersState, man: str, other: str) -> str | None:
    """A flamethrower changes hands only from the friendly man it was originally assigned to
    [15.21] (our reading: never back, never from an enemy man), or None."""
    men = state.game.men
    mine, theirs = carried(state, man), carried(state, other)
    if not flame(mine) and not flame(theirs):
        return None
    giver = man if flame(mine) else other
    taker = other if giver == man else man
    if flame(mine) and flame(theirs):
        return "they carry the same weapon"
    if not flame(men[giver].weapon) or men[taker].side != men[giver].side:
        return (
            "a flamethrower is taken only from the friendly man it was originally assigned "
            "to [15.21]"
        )
    return None


def _full_ap(state: SoldiersState, man: str) -> float:
    """The AP of his order: 3 wounded or guarding, else 5 [6.2; 7.11; 9.4]."""
    if man in state.troops.wounded or state.active.group_wounded:
        return 3.0
    guarding = guard_ap(state, man)
    return guarding[0] if guarding is not None else 5.0


def why_not_partner(state: SoldiersState, man: str, other: str) -> str | None:
    """Why ``man`` may not exchange equipment with ``other`` for who ``other`` is and where he
    stands [7.33], or None: in his hex; an enemy only disabled or captured; an able friend of
    the group under orders."""
    troops, men = state.troops, state.game.men
    if other not in men or other == man or troops.hexes.get(other) != troops.hexes.get(man):
        return "the other man must be in his hex [7.33]"
    friendly = men[other].side == men[man].side
    disabled = troops.disabled.get(other) in ("killed", "incapacitated", "captured")
    if not friendly and not disabled and other not in troops.captured:
        return "an enemy man only disabled or captured [7.33]"
    if friendly and not disabled and other not in state.active.group:
        return (
            "with an able friendly man both conduct the action: he must be of the group under "
            "orders (our reading) [7.33]"
        )
    return None


def _with(state: SoldiersState, man: str, other: str) -> str | None:
    """Why ``man`` may not exchange with ``other`` for who ``other`` is [7.33], or None."""
    found = why_not_partner(state, man, other)
    if found is not None:
        return found
    troops = state.troops
    if weaponless(state, other):
        return "he carries no weapon to give [7.33; 14.13]"
    if weaponless(state, man):
        return _why_not_bare(state, man, other)
    if _excluded(state, other) or _excluded(state, man):
        return "an MG's crewman: his part changes hands by 'take ... part' [14.1; 14.13]"
    flamer = _why_not_flame(state, man, other)
    if flamer is not None:
        return flamer
    if other in troops.destroyed:
        return "his weapon was destroyed: nothing to take [9.5]"
    if carried(state, other).id == carried(state, man).id and man not in troops.destroyed:
        return "they carry the same weapon"
    return None


def why_not(state: SoldiersState, action: Exchange) -> str | None:
    """Why the exchange may not be made now, or None [7.33]."""
    found = why_not_active(state, action.man)
    if found is not None:
        return found
    found = _with(state, action.man, action.other)
    if found is not None:
        return found
    return why_not_here(state, action.man, "exchange equipment")


def why_not_active(state: SoldiersState, man: str) -> str | None:
    """Why ``man`` may not perform an exchange equipment action now, whoever with, or None
    [7.33; 7.31]: under orders, able, not suppressed, none of his AP spent, where the risk
    level allows a maintenance action."""
    troops = state.troops
    if state.play.phase != "action":
        return "not in the Action Phase [6]"
    if man not in state.game.men or man not in (state.active.current, *state.active.group):
        return "only the man (or group) under orders acts [6.2]"
    if man not in troops.hexes or man in troops.disabled or man in troops.captured:
        return "he is not an able man on the map"
    if man in troops.suppressed:
        return "a suppressed man must unsuppress before any other action [7.42]"
    full = _full_ap(state, man)
    if state.active.ap < full or state.active.step is not None:
        return f"it costs all his AP ({full:g}): he may have spent none [7.33]"
    return why_not_here(state, man, "exchange equipment")


def hex_mates(state: SoldiersState) -> Iterator[tuple[str, str]]:
    """Each man under orders (or of the group under orders) with each other man in his hex,
    the pairs an exchange of equipment may join [7.33]."""
    men = state.active.group or ([state.active.current] if state.active.current else [])
    for man in men:
        at = state.troops.hexes.get(man)
        for other in sorted(m for m, h in state.troops.hexes.items() if h == at and m != man):
            yield man, other


def options(state: SoldiersState) -> list[Exchange]:
    """Each exchange the man (or a man of the group) under orders may make now [7.33]."""
    found = [Exchange(man, other) for man, other in hex_mates(state)]
    return [action for action in found if why_not(state, action) is None]


def _take_bare(state: SoldiersState, man: str, other: str) -> None:
    """A man without a weapon takes ``other``'s, giving none; its Jam and Ammo Out markers go
    with it; ``other`` carries none after [7.33; 14.13]."""
    troops = state.troops
    theirs = carried(state, other)
    relieved = kit.unarmed(state, man)
    with marks_kept(state, (man, other)):  # a pistol's marks stay with it (our reading)
        if theirs.id == state.game.men[man].weapon.id and state.game.men[man].team is None:
            troops.carried.pop(man, None)
        else:
            troops.carried[man] = theirs.id  # a weapon marker on him [11.2]
        troops.carried.pop(other, None)
        troops.weaponless.discard(man)
        troops.weaponless.add(other)
        for markers in (troops.jammed, troops.ammo_out):  # with the weapon
            (markers.add if other in markers else markers.discard)(man)
            markers.discard(other)
    state.active.ap = 0.0
    had = "a relieved MG crewman, unarmed [14.13]" if relieved else "he carried no weapon"
    why = (
        f"takes the {theirs.code}, giving none ({had}); {other} carries none now: all his AP [7.33]"
    )
    why += "; the group's AP are spent (both conduct it)" if state.active.group else ""
    state.emit(Maintained(man, f"takes the weapon of {other}", why))
    hit, check, words = modifiers(state, man)
    if hit:
        told = f"{words}: {hit:+d} to hit, {check:+d} to weapon checks"
        state.emit(Maintained(man, "fires another weapon", told))


def exchange(state: SoldiersState, action: Exchange) -> None:
    """The two men swap weapons, Jam and Ammo Out markers with them; all AP spent [7.33]; a man
    without a weapon takes the other's, giving none [14.13]."""
    troops, man, other = state.troops, action.man, action.other
    if weaponless(state, man):
        _take_bare(state, man, other)
        return
    mine, theirs = carried(state, man), carried(state, other)
    for m, w in ((man, theirs), (other, mine)):
        if w.id == state.game.men[m].weapon.id:
            troops.carried.pop(m, None)
        else:
            troops.carried[m] = w.id  # a weapon marker on him [11.2]
    for markers in (troops.jammed, troops.ammo_out, troops.destroyed):  # with the weapon
        has = {m: m in markers for m in (man, other)}
        for m, o in ((man, other), (other, man)):
            (markers.add if has[o] else markers.discard)(m)
    state.active.ap = 0.0
    why = f"takes the {theirs.code} and gives his {mine.code}: all his AP [7.33]"
    if flame(theirs) or flame(mine):
        why += "; the flamethrower from the man originally assigned it [15.21]"
    why += "; the group's AP are spent (both conduct it)" if state.active.group else ""
    state.emit(Maintained(man, f"exchanges weapons with {other}", why))
    hit, check, words = modifiers(state, man)
    if hit:
        told = f"{words}: {hit:+d} to hit, {check:+d} to weapon checks"
        state.emit(Maintained(man, "fires another weapon", told))


def then_fires(state: SoldiersState, action: Exchange) -> str:
    """What the man fires after the exchange, with its modifiers [8.72; 8.73; 15.21]."""
    theirs = carried(state, action.other)
    own = state.game.men[action.man].weapon
    if theirs.id == own.id:
        return f"he fires his own {own.code} again"
    hit, check, why = weapon_modifiers(own, theirs)
    if not hit:
        return f"he fires the {theirs.code}, no modifier"
    return f"he fires {why}: {hit:+d} to hit, {check:+d} to checks"
