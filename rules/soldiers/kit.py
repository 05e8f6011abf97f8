"""Exchanging equipment other than weapons [7.33; 11.1]: the parts of an MMG or HMG and the men
who are not its crew [14.13], satchel charges [16.21], the radio [17.11; 17.12] and ammo clips
[11] and pistols [11.1; 19.44] (``take MAN OTHER ITEM``, ITEM ``part``, ``satchel``, ``radio``,
``clip`` or ``pistol``).

"A man in a hex with any friendly man or with a disabled or captured enemy man may take or give
equipment and weapons to or from any of those men ... as long as no active man ends up with more
than he can carry (11)" [7.33]: an exchange equipment action, all the active man's AP (none spent
before), where the risk level allows a maintenance action [7.31], with the men
:func:`rules.soldiers.equipment.why_not_partner` allows (an able friend only of the group under
orders: "both men must conduct" it). Our reading: giving is the other man of the group taking,
so one verb serves both; equipment of a man whose equipment was destroyed [9.5] is none to take.

- ``part`` [14.13]: "Any man not originally assigned as a crewmember may become a crewmember
  ... A man performs an exchange equipment action with a crew member to take part of the
  weapon." Our reading: his action alone takes it from a crew member of his side, able or not
  (14.13 names one man's action); an enemy crew member's only disabled or captured (7.33; see
  below). He carries one item of the radio / MG part / disabled man
  column [11.1], a flamethrower man none [15.2]. The man who gave his part is relieved: an
  original crewman "has no weapon other than his part of the MG ... and, if relieved, will be
  unarmed" [14.13]. Our readings: the gun stays prepared (no crewman moved, 14.2); a part
  does not change hands while the gun is hidden [14.11; 14.12]; the newcomer keeps his own
  weapon (11.1 lets him carry a weapon and a part) and fires it, except while the gun is
  prepared in his hex: then his fire is the gun's (:func:`works`).
  "When a non-original crewmember participates in the firing of the HMG or MMG, -1 applies to
  the hit chance" [14.13]: once a fire, whoever of the crew in the hex is new
  (:mod:`rules.soldiers.machineguns`); the 8.72 weapon check +1 is not added (14.13 names only
  the hit chance: our reading).
- ``satchel`` [16.21]: "Any man may carry a satchel charge, but only engineers may use them ...
  a maximum of two": he takes as many as he may carry (our reading of "any amount").
- ``radio`` [17.11; 17.12]: any man may carry it (one item of its column, 11.1); who may use it
  follows :func:`radio_users`. "Men may not use enemy radios": our reading, not taken.
- ``clip`` [11]: every spare clip the other man has (not the loaded one); our reading: a clip is
  an abstract ammo supply [11, Developer's Note], taken only from a friend, never to or from an
  MG crewman (the gun's clips are its crew's, 19.54) or a flamethrower man (no extra ammo, 15.2).

"Any amount of equipment may be exchanged" [7.33]: satchel charges and clips are taken all (as
many as he may carry) or any fewer, ``take MAN OTHER satchel|clip N``.

- ``pistol`` [11.1; 7.33] (:mod:`rules.soldiers.pistols`): the other man's pistol, from the
  same men as a weapon exchange (a disabled friend, a disabled or captured enemy man, an able
  friend of the group under orders). It is one of his two satchel charge / pistol items [11.1]:
  a man with two satchel charges takes none, a man with a pistol takes at most one satchel
  charge; our reading, at most one pistol a man (a second adds nothing the engine plays, as
  when they are dealt). A flamethrower man "may carry pistols" [15.2] and an MG crewman may
  carry one [14.13]. Our reading: its ammo (its one load) and its Jam and Ammo Out marks go
  with it (:func:`rules.soldiers.pistols.marks_kept`); he fires it only when he has no other
  weapon, an enemy's at -2 to hit and +2 to the weapon check [8.73]. Not by a man whose
  equipment was destroyed [9.5] (our reading: his destroyed mark is what he carries).

An enemy gun's part [7.33; 14.13; 8.73] (our reading): 7.33 lets a man take "equipment and
weapons" from "a disabled or captured enemy man", and 14.13 lets "any man not originally
assigned" become a crewmember by an exchange with a crew member, so a man takes a part of the
enemy's MMG or HMG from a disabled or captured enemy crewman (never an able one: 7.33) and is
of its crew for his side (:func:`rules.soldiers.machineguns.crew_here`): his side's men in the
hex prepare it and fire it as "an enemy weapon", -2 to the hit chance and +2 to any weapon
check roll [8.73] instead of 14.13's -1 (:mod:`rules.soldiers.machineguns`).

Not played: giving equipment to a disabled man (our reading: it would only leave it with a man
who cannot use it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from model.base import StrictModel
from rules.engine.actions import Action
from rules.engine.record import OMIT, Record, plain, state_field
from rules.soldiers.actions import Maintained
from rules.soldiers.pistols import (
    SECOND_COLUMN,
    carries_pistol,
    is_pistol,
    marks_kept,
    pistol,
    pistol_of,
)

if TYPE_CHECKING:
    from rules.records.position import PositionReader
    from rules.soldiers.game import SoldiersState

ITEMS = ("part", "satchel", "radio", "clip", "pistol")
#: A man carries at most two satchel charges [16.21; 11.1].
MAX_SATCHELS = 2


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Kit(Record):
    """Equipment that changed hands [7.33]: each man whose MG part is not the one he started
    with (gun id, ``""`` none) [14.13]; the satchel charges and clips each man took (+) or gave
    (-) [16.21; 11]; each side's radio where another man than the one assigned carries it
    [17.11]; each man whose pistol changed hands, and a pistol's marks while not fired [7.33;
    11.1]."""

    parts: dict[str, str] = state_field(default_factory=dict, key="mg_parts", encode=_unless_empty)
    satchels: dict[str, int] = state_field(
        default_factory=dict, key="satchels_taken", encode=_unless_empty
    )
    clips: dict[str, int] = state_field(
        default_factory=dict, key="clips_taken", encode=_unless_empty
    )
    radios: dict[str, str] = state_field(
        default_factory=dict, key="radios_taken", encode=_unless_empty
    )
    #: Each side's radio: the man its owner assigned it to [17.1] (:mod:`radio_choice`).
    assigned: dict[str, str] = state_field(
        default_factory=dict, key="radios_assigned", encode=_unless_empty
    )
    #: The sides still to assign their radios, the one choosing first [17.1].
    choosing: tuple[str, ...] = state_field(default=(), key="radio_choice", encode=_unless_empty)
    #: Each man whose pistol is not the one he was dealt (its id, ``""`` none) [7.33; 11.1].
    pistols: dict[str, str] = state_field(
        default_factory=dict, key="pistols_taken", encode=_unless_empty
    )
    #: The men whose pistol, not fired now, is jammed / out of ammo (our reading: its marks go
    #: with it, :func:`rules.soldiers.pistols.marks_kept`) [7.33; 8.51].
    pistol_jammed: set[str] = state_field(
        default_factory=set, key="pistols_jammed", encode=_unless_empty
    )
    pistol_out: set[str] = state_field(default_factory=set, key="pistols_out", encode=_unless_empty)
    #: The equipment other than weapons and grenades destroyed [9.5] (:mod:`destroying`),
    #: ``MAN ITEM``: the man who carried it, and ``part``, ``radio``, ``satchel``, ``clip`` or
    #: ``pistol``; none of it is taken afterwards [7.33].
    wrecked: set[str] = state_field(default_factory=set, key="kit_destroyed", encode=_unless_empty)
    #: The sides whose radio marker is on the map: its carrier was once in sight of an able,
    #: non-suppressed enemy man [17.11] (:mod:`rules.soldiers.radio_marker`).
    radios_shown: set[str] = state_field(
        default_factory=set, key="radios_shown", encode=_unless_empty
    )


@dataclass(frozen=True)
class TakeKit(Action):
    """The ordered man takes an item from a man in his hex: all his AP [7.33]; satchel charges
    and clips ``count`` of them (0: as many as he may, as before)."""

    verb: ClassVar[str] = "take"
    man: str
    other: str
    item: str
    count: int = 0

    def text(self) -> str:
        found = f"{self.verb} {self.man} {self.other} {self.item}"
        return found + (f" {self.count}" if self.count else "")

    @classmethod
    def parse(cls, args: list[str], line: str) -> TakeKit:
        from rules.soldiers.handover import parse_take

        usage = "MAN OTHER part|satchel|radio|clip|pistol [N]"
        return cls(*parse_take(cls.verb, usage, ("man id", "man id", "item"), args, line))


# --- who carries what -------------------------------------------------------------------------


def gun_of(state: SoldiersState, man: str) -> str | None:
    """The gun whose part ``man`` carries now [14.1; 14.13], or None."""
    found = state.kit.parts.get(man)
    return state.game.men[man].team if found is None else (found or None)


def crew_of(state: SoldiersState, gun: str) -> tuple[str, ...]:
    """The men carrying the gun's parts: its original crewmen still carrying one, in crew order,
    then the others [14.1; 14.13]."""
    original = state.game.guns[gun]
    kept = tuple(m for m in original if gun_of(state, m) == gun)
    return kept + tuple(sorted(m for m, g in state.kit.parts.items() if g == gun))


def newcomer(state: SoldiersState, man: str) -> bool:
    """Whether ``man`` crews a gun he was not originally assigned to [14.13]."""
    gun = gun_of(state, man)
    return gun is not None and gun != state.game.men[man].team


def works(state: SoldiersState, man: str) -> str | None:
    """The gun whose fire is his: an original crewman's, always; a newcomer's while it is
    prepared in his hex (our reading: else he fires his own weapon) [14.13; 14.2]."""
    gun = gun_of(state, man)
    if gun is None or gun == state.game.men[man].team:
        return gun
    prepared, at = state.support.guns.get(gun), state.troops.hexes.get(man)
    if prepared is not None and at is not None and state.game.name(at) == prepared[0]:
        return gun
    return None


def unarmed(state: SoldiersState, man: str) -> bool:
    """An original crewman who gave his part away (and works no other gun): "if relieved, will
    be unarmed" [14.13], until he takes a weapon by an exchange [7.33]
    (:mod:`rules.soldiers.equipment`)."""
    team = state.game.men[man].team
    return (
        team is not None
        and gun_of(state, man) != team
        and works(state, man) is None
        and man not in state.troops.carried
    )


def gun_weapon_holder(state: SoldiersState, gun: str) -> str:
    """The man whose counter shows the gun (its first original crewman)."""
    return state.game.guns[gun][0]


def radio_assigned(state: SoldiersState, side: str) -> str | None:
    """The man the side's owner assigned its radio to [17.1] (:mod:`radio_choice`; the
    stand-in until he chose), or None without artillery support."""
    support = state.game.artillery_support.get(side)
    if support is None:
        return None
    return state.kit.assigned.get(side, support.radioman)


def radio_carrier(state: SoldiersState, side: str) -> str | None:
    """The man carrying the side's radio [17.1; 17.11], or None without artillery support."""
    assigned = radio_assigned(state, side)
    if assigned is None:
        return None
    return state.kit.radios.get(side, assigned)


def carries_radio(state: SoldiersState, man: str) -> bool:
    return any(radio_carrier(state, s) == man for s in state.game.artillery_support)


def radio_users(state: SoldiersState, side: str, leaders: Callable[[str], bool]) -> list[str]:
    """Who may use the side's radio now [17.12]: the man carrying it if he is the man assigned
    it or a leader ("or who takes the radio from the man"); and, while the man assigned it
    carries it, any leader stacked with him. Our reading: a non-leader who took it may not use
    it, nor may a leader stacked with him. Never a disabled man or one off the map."""
    carrier = radio_carrier(state, side)
    troops, men = state.troops, state.game.men
    at = troops.hexes.get(carrier) if carrier is not None else None
    if carrier is None or at is None or radio_destroyed(state, side):
        return []  # a destroyed radio is used by nobody [9.5]
    assigned = carrier == radio_assigned(state, side)
    found = {carrier} if assigned or leaders(carrier) else set()
    if assigned:
        found |= {m for m, h in troops.hexes.items() if h == at and leaders(m)}
    return sorted(m for m in found if m not in troops.disabled and men[m].side == side)


#: What the log and the refusals say of an item destroyed [9.5].
DESTROYED_WORDS = {
    "part": "part of the MG was",
    "satchel": "satchel charges were",
    "radio": "radio was",
    "clip": "spare clips were",
    "pistol": "pistol was",
}


def part_destroyed(state: SoldiersState, gun: str) -> str | None:
    """The man whose part of ``gun`` was destroyed [9.5], or None: such a gun may not be
    prepared nor fired (our reading: the book is silent; a part is a piece of the gun)."""
    return next(
        (m for m in crew_of(state, gun) if f"{m} part" in state.kit.wrecked),
        None,
    )


def radio_destroyed(state: SoldiersState, side: str) -> bool:
    """The side's radio was destroyed [9.5]: no call, no strike [17.12]."""
    carrier = radio_carrier(state, side)
    return carrier is not None and f"{carrier} radio" in state.kit.wrecked


def satchels_taken(state: SoldiersState, man: str) -> int:
    return state.kit.satchels.get(man, 0)


def clips_taken(state: SoldiersState, man: str) -> int:
    return state.kit.clips.get(man, 0)


# --- the action -------------------------------------------------------------------------------


def _flame(state: SoldiersState, man: str) -> bool:
    from rules.soldiers.equipment import flame
    from rules.soldiers.weapons import carried

    return flame(carried(state, man)) or flame(state.game.men[man].weapon)


def _why_not_column(state: SoldiersState, man: str) -> str | None:
    """Why ``man`` may not take one more item of the radio / MG part / disabled man column
    [11.1; 15.2], or None."""
    if gun_of(state, man) is not None:
        return "he carries a part of an MG: one item of that column [11.1; 14.1]"
    if man in state.troops.carrying:
        return "he carries a disabled man: one item of that column [11.1; 11.3]"
    if carries_radio(state, man):
        return "he carries the radio: one item of that column [11.1; 17.1]"
    if _flame(state, man):
        return "a man with a flamethrower carries only pistols and grenades [15.2]"
    return None


def _why_not_part(state: SoldiersState, man: str, other: str) -> str | None:
    gun = gun_of(state, other)
    if gun is None:
        return "he carries no part of an MMG or HMG [14.1]"
    if gun in state.support.hidden:
        return "a hidden MG's parts change hands once it is revealed (our reading of 14.12)"
    return _why_not_column(state, man)


def _satchel_room(state: SoldiersState, man: str) -> int:
    """The satchel charges ``man`` may take: two items of the satchel charge / pistol column,
    less those he carries [11.1; 16.21]."""
    from rules.soldiers.engineers import satchels_left

    return MAX_SATCHELS - satchels_left(state, man) - int(carries_pistol(state, man))


def _why_not_satchel(state: SoldiersState, man: str, other: str) -> str | None:
    from rules.soldiers.engineers import satchels_left

    if satchels_left(state, other) < 1:
        return "he carries no satchel charge [16.21]"
    if _satchel_room(state, man) < 1:
        if carries_pistol(state, man):
            return "his pistol and satchel charges: two items of that column [11.1; 16.21]"
        return f"a man carries at most {MAX_SATCHELS} satchel charges [16.21; 11.1]"
    if _flame(state, man):
        return "a man with a flamethrower carries only pistols and grenades [15.2]"
    return None


def _why_not_radio(state: SoldiersState, man: str, other: str) -> str | None:
    side = state.game.men[man].side
    if radio_carrier(state, side) != other:
        if carries_radio(state, other):
            return "men may not use enemy radios [17.12] (our reading: not taken)"
        return "he carries no radio [17.1]"
    return _why_not_column(state, man)


def _why_not_clip(state: SoldiersState, man: str, other: str) -> str | None:
    from rules.soldiers.weapons import spare_clips

    men = state.game.men
    if men[other].side != men[man].side:
        return "an enemy's clips are not taken (our reading of 11)"
    for m in (man, other):
        if men[m].team is not None or gun_of(state, m) is not None:
            return "an MG's clips are its crew's (our reading of 19.54): not exchanged"
        if _flame(state, m):
            return "a flamethrower takes no extra ammo [15.2]"
    if spare_clips(state, other) < 1:
        return "he has no spare clip (the loaded one stays) [11]"
    return None


def _from_crewman(state: SoldiersState, action: TakeKit) -> bool:
    """A man takes a part from a crew member of his side in his hex: "A man performs an exchange
    equipment action with a crew member to take part of the weapon" [14.13]; our reading, his
    action alone takes it, the crew member ordered or not (7.33's both acting is for an able
    friend's other equipment)."""
    troops, men, man, other = state.troops, state.game.men, action.man, action.other
    return (
        action.item == "part"
        and other in men
        and other != man
        and men[other].side == men[man].side
        and other not in troops.captured
        and troops.hexes.get(other) == troops.hexes.get(man)
        and gun_of(state, other) is not None
    )


def _why_not_pistol(state: SoldiersState, man: str, other: str) -> str | None:
    """Why ``man`` may not take ``other``'s pistol [7.33; 11.1], or None."""
    from rules.soldiers.engineers import satchels_left

    if not carries_pistol(state, other):
        return "he carries no pistol [11.1; 19.44]"
    if man in state.troops.destroyed:
        return (
            "his equipment was destroyed [9.5]: our reading, he takes no pistol while he "
            "carries it (a weapon by an exchange first)"
        )
    if pistol_of(state, man) is not None:
        return "he carries a pistol already: one a man (our reading of 11.1)"
    if satchels_left(state, man) >= SECOND_COLUMN:
        return "his two satchel charges: two items of that column, no pistol [11.1; 16.21]"
    return None


_WHY_NOT_ITEM: dict[str, Callable[[SoldiersState, str, str], str | None]] = {
    "part": _why_not_part,
    "satchel": _why_not_satchel,
    "radio": _why_not_radio,
    "clip": _why_not_clip,
    "pistol": _why_not_pistol,
}


def why_not(state: SoldiersState, action: TakeKit) -> str | None:
    """Why the man may not take the item from the other man now, or None [7.33]."""
    from rules.soldiers.equipment import why_not_active, why_not_partner

    if action.item not in ITEMS:
        return f"the item is one of {', '.join(ITEMS)} [7.33]"
    found = why_not_active(state, action.man)
    if found is None and not _from_crewman(state, action):
        found = why_not_partner(state, action.man, action.other)
    if found is not None:
        return found
    if action.other in state.troops.destroyed:
        return "his equipment was destroyed: nothing to take [9.5]"
    if f"{action.other} {action.item}" in state.kit.wrecked:
        return f"his {DESTROYED_WORDS[action.item]} destroyed: nothing to take [9.5]"
    found = _WHY_NOT_ITEM[action.item](state, action.man, action.other)
    if found is not None or not action.count:
        return found
    most = _most(state, action)
    if most is None:
        return f"the {action.item} is taken whole: no count [7.33]"
    if action.count > most:
        return f"{most} at most: what he has and his taker may carry [7.33; 11.1; 16.21]"
    return None


def _most(state: SoldiersState, action: TakeKit) -> int | None:
    """The most satchel charges or clips the man may take from the other (None: the item is
    taken whole) [7.33; 16.21; 11]."""
    from rules.soldiers.engineers import satchels_left
    from rules.soldiers.weapons import spare_clips

    if action.item == "satchel":
        return min(_satchel_room(state, action.man), satchels_left(state, action.other))
    if action.item == "clip":
        return spare_clips(state, action.other)
    return None


def options(state: SoldiersState) -> list[TakeKit]:
    """Each taking open to the man (or a man of the group) under orders [7.33]."""
    from rules.soldiers.equipment import hex_mates

    found = []
    for m, o in hex_mates(state):
        for item in ITEMS:
            whole = TakeKit(m, o, item)
            if why_not(state, whole) is None:
                most = _most(state, whole) or 0
                found += [whole, *(TakeKit(m, o, item, n) for n in range(1, most))]
    return found


def _shift(counts: dict[str, int], man: str, other: str, count: int) -> None:
    counts[man] = counts.get(man, 0) + count
    counts[other] = counts.get(other, 0) - count
    for m in (man, other):
        if not counts[m]:
            del counts[m]


def _set_part(state: SoldiersState, man: str, gun: str | None) -> None:
    if gun == state.game.men[man].team:
        state.kit.parts.pop(man, None)
    else:
        state.kit.parts[man] = gun or ""


def _take_part(state: SoldiersState, man: str, other: str) -> str:
    gun = gun_of(state, other)
    assert gun is not None
    with marks_kept(state, (man, other)):  # a relieved crewman fires his pistol [14.13]
        _set_part(state, other, None)
        _set_part(state, man, gun)
    men = state.game.men
    code = men[gun_weapon_holder(state, gun)].weapon.code
    why = f"{other}'s part of the {code} [14.13]"
    enemy = men[gun_weapon_holder(state, gun)].side != men[man].side
    if enemy:
        why += (
            "; the enemy's gun, taken from a disabled or captured enemy man [7.33]: his side's"
            " men fire it as an enemy weapon, -2 to the hit chance and +2 to weapon checks"
            " [8.73] (our reading: instead of 14.13's -1)"
        )
    elif newcomer(state, man):
        why += "; a crewman not originally assigned: -1 to the hit chance when he takes part in"
        why += " its fire [14.13]"
    if unarmed(state, other) and other not in state.troops.disabled:
        why += f"; {other} is relieved, unarmed [14.13]"
        if other not in state.active.group and not enemy:
            why += " (our reading of 14.13: the taker's action alone takes a crew member's part)"
    if gun in state.support.guns:
        why += "; the gun stays prepared, no crewman moved (our reading of 14.2)"
    return why


def _take_satchels(state: SoldiersState, man: str, other: str, wanted: int) -> str:
    from rules.soldiers.engineers import is_engineer, satchels_left

    most = min(_satchel_room(state, man), satchels_left(state, other))
    count = wanted or most
    _shift(state.kit.satchels, man, other, count)
    why = f"{count} satchel charge{'s' if count != 1 else ''} from {other}"
    if wanted:
        why += ", the number he chose (any amount [7.33]) [16.21]"
    else:
        why += ", as many as he may carry (our reading) [16.21]"
    if not is_engineer(state.game.men[man]):
        why += "; only engineers may use them [16.21]"
    return why


def _take_radio(state: SoldiersState, man: str, other: str) -> str:
    from rules.soldiers.artillery import LEADERS

    side = state.game.men[man].side
    assigned = radio_assigned(state, side) == man
    if assigned:
        state.kit.radios.pop(side, None)
    else:
        state.kit.radios[side] = man
    why = f"the radio from {other} [17.11]"
    if assigned or state.game.men[man].rank in LEADERS:
        return why + "; he may use it [17.12]"
    return why + "; a non-leader other than the man assigned it may not use it [17.12]"


def _take_clips(state: SoldiersState, man: str, other: str, wanted: int) -> str:
    from rules.soldiers.weapons import spare_clips

    count = wanted or spare_clips(state, other)
    _shift(state.kit.clips, man, other, count)
    some = ", the number he chose (any amount [7.33])" if wanted else ""
    return (
        f"{count} spare clip{'s' if count != 1 else ''} from {other}{some} [11]; our reading: a "
        "clip is an abstract ammo supply, fit for whatever he fires [11, Developer's Note]"
    )


def _set_pistol(state: SoldiersState, man: str, found: str | None) -> None:
    if found == state.game.pistols.get(man):
        state.kit.pistols.pop(man, None)
    else:
        state.kit.pistols[man] = found or ""


def _pistol_words(state: SoldiersState, man: str, code: str) -> str:
    """What carrying the pistol ``code`` means for ``man``: whether he fires it now, with its
    modifiers [11.1; 8.73]."""
    from rules.soldiers.equipment import weapon_modifiers, weaponless
    from rules.soldiers.units import weapon

    hit, check, words = weapon_modifiers(state.game.men[man].weapon, weapon(code))
    enemy = f"; {words}: {hit:+d} to hit, {check:+d} to weapon checks" if hit else ""
    if not weaponless(state, man):
        return "he fires it only when he has no other weapon (our reading of 11.1)" + enemy
    return "he has no other weapon: he fires it (our reading of 11.1; 14.13)" + enemy


def _take_pistol(state: SoldiersState, man: str, other: str) -> str:
    """The pistol changes hands, its marks with it (our reading) [7.33; 11.1]."""
    from rules.soldiers.equipment import flame
    from rules.soldiers.units import weapon
    from rules.soldiers.weapons import carried

    code = pistol_of(state, other)
    assert code is not None
    fired = pistol(state, other) is not None
    kept = state.kit
    with marks_kept(state, (man, other)):
        _set_pistol(state, other, None)
        _set_pistol(state, man, code)
        for store in (kept.pistol_jammed, kept.pistol_out):
            (store.add if other in store else store.discard)(man)
            store.discard(other)
    why = f"{other}'s {weapon(code).code} ({code}) [11.1]; its ammo and marks go with it (our"
    why += f" reading of 7.33); {_pistol_words(state, man, code)}"
    if flame(carried(state, man)):
        why += "; a flamethrower man may carry pistols [15.2]"
    if gun_of(state, man) is not None:
        why += "; an MG crewman may carry a pistol [14.13]"
    if fired and other not in state.troops.disabled and other not in state.troops.captured:
        why += f"; {other} carries no weapon now"
    return why


def take(state: SoldiersState, action: TakeKit) -> None:
    """The item changes hands; all his AP (legality already checked) [7.33]."""
    man, other = action.man, action.other
    if action.item == "part":
        why = _take_part(state, man, other)
    elif action.item == "pistol":
        why = _take_pistol(state, man, other)
    elif action.item == "radio":
        why = _take_radio(state, man, other)
    elif action.item == "satchel":
        why = _take_satchels(state, man, other, action.count)
    else:
        why = _take_clips(state, man, other, action.count)
    state.active.ap = 0.0
    why += "; all his AP [7.33]"
    if state.active.group:
        why += "; the group's AP are spent (both conduct it)"
    state.emit(Maintained(action.man, f"takes {_WORDS[action.item]}", why))


_WORDS = {
    "part": "an MG part",
    "satchel": "satchel charges",
    "radio": "the radio",
    "clip": "clips",
    "pistol": "the pistol",
}


def describe(state: SoldiersState, action: TakeKit) -> str:
    """The action in words for Test Play's list."""
    other = state.game.unit_name(action.other)
    word = _WORDS.get(action.item, action.item)
    if action.count:
        word = f"{action.count} of the {word}"
    return f"Take {word} from {other}: all his AP [7.33]"


def then(state: SoldiersState, action: TakeKit) -> str:
    """What taking the item will mean, for the preview before it is committed."""
    man, other = action.man, action.other
    if action.item == "part":
        gun = gun_of(state, other)
        code = state.game.men[gun_weapon_holder(state, gun)].weapon.code if gun else "MG"
        words = f"he crews the {code}"
        holder = state.game.men[gun_weapon_holder(state, gun)] if gun else None
        if holder is not None and holder.side != state.game.men[man].side:
            words += ": the enemy's, -2 to hit and +2 to checks when his side fires it [8.73]"
        elif gun != state.game.men[man].team:
            words += ": -1 to its hit chance while he takes part in its fire [14.13]"
        if other not in state.troops.disabled and state.game.men[other].team == gun:
            words += f"; {state.game.unit_name(other)} relieved, unarmed [14.13]"
        return words
    if action.item == "radio":
        from rules.soldiers.artillery import LEADERS

        usable = radio_assigned(state, state.game.men[man].side) == man or (
            state.game.men[man].rank in LEADERS
        )
        return "he may use it [17.12]" if usable else "he may not use it: no leader [17.12]"
    if action.item == "satchel":
        from rules.soldiers.engineers import is_engineer

        return "he carries them" + ("" if is_engineer(state.game.men[man]) else ", no engineer")
    if action.item == "pistol":
        held = pistol_of(state, other)
        return _pistol_words(state, man, held) if held else "he carries it [11.1]"
    return "he may reload from them [8.52]"


# --- position files ---------------------------------------------------------------------------


class KitPosition(StrictModel):
    """Equipment that changed hands, in a position file [7.33].

    Attributes:
        mg_parts: man -> the gun whose part he carries, where not the one he started with
            ("" none) [14.13].
        satchels_taken: satchel charges each man took (+) or gave (-) [16.21].
        clips_taken: clips each man took (+) or gave (-) [11].
        radios: side -> the man carrying its radio, where not the man assigned it [17.11].
        radios_assigned: side -> the man its owner assigned its radio to [17.1] (none: the
            engine's stand-in, as before the choice was the player's).
        radio_choice: the sides still to assign their radios, the one choosing first [17.1].
        pistols_taken: man -> the pistol he carries, where not the one he was dealt ("" none)
            [7.33; 11.1].
        pistols_jammed: the men whose pistol, not fired now, is jammed [7.33; 8.51].
        pistols_out: the men whose pistol, not fired now, is out of ammo [7.33; 8.51].
        destroyed: the equipment destroyed, ``MAN ITEM`` (part, radio, satchel, clip or
            pistol) [9.5].
        radios_shown: the sides whose radio marker is on the map [17.11].
    """

    mg_parts: dict[str, str] = Field(default_factory=dict)
    satchels_taken: dict[str, int] = Field(default_factory=dict)
    clips_taken: dict[str, int] = Field(default_factory=dict)
    radios: dict[str, str] = Field(default_factory=dict)
    radios_assigned: dict[str, str] = Field(default_factory=dict)
    radio_choice: list[str] = Field(default_factory=list)
    pistols_taken: dict[str, str] = Field(default_factory=dict)
    pistols_jammed: list[str] = Field(default_factory=list)
    pistols_out: list[str] = Field(default_factory=list)
    destroyed: list[str] = Field(default_factory=list)
    radios_shown: list[str] = Field(default_factory=list)


def write_position(state: SoldiersState) -> KitPosition | None:
    kit = state.kit
    found = KitPosition(
        mg_parts=dict(sorted(kit.parts.items())),
        satchels_taken=dict(sorted(kit.satchels.items())),
        clips_taken=dict(sorted(kit.clips.items())),
        radios=dict(sorted(kit.radios.items())),
        radios_assigned=dict(sorted(kit.assigned.items())),
        radio_choice=list(kit.choosing),
        pistols_taken=dict(sorted(kit.pistols.items())),
        pistols_jammed=sorted(kit.pistol_jammed),
        pistols_out=sorted(kit.pistol_out),
        destroyed=sorted(kit.wrecked),
        radios_shown=sorted(kit.radios_shown),
    )
    return None if found == KitPosition() else found


def read_position(state: SoldiersState, found: KitPosition | None, reader: PositionReader) -> None:
    found = found or KitPosition()
    game, kit = state.game, Kit()
    for man, gun in found.mg_parts.items():
        if man not in game.men or (gun and gun not in game.guns):
            reader.problem(("state", "kit", "mg_parts", man), "a man of the game and a gun [14.13]")
        else:
            kit.parts[man] = gun
    for key, counts in (("satchels_taken", kit.satchels), ("clips_taken", kit.clips)):
        for man, count in getattr(found, key).items():
            if reader.unit(man, game.men, ("state", "kit", key, man)) and count:
                counts[man] = count
    for side, man in found.radios.items():
        if side not in game.artillery_support or man not in game.men:
            reader.problem(
                ("state", "kit", "radios", side), "a side with artillery support and a man [17.1]"
            )
        else:
            kit.radios[side] = man
    for side, man in found.radios_assigned.items():
        if side not in game.artillery_support or man not in game.men or game.men[man].side != side:
            reader.problem(
                ("state", "kit", "radios_assigned", side),
                "a side with artillery support and a man of his force [17.1]",
            )
        else:
            kit.assigned[side] = man
    for i, side in enumerate(found.radio_choice):
        if side not in game.artillery_support or side in kit.assigned:
            reader.problem(
                ("state", "kit", "radio_choice", i),
                "a side with artillery support whose radio is not assigned yet [17.1]",
            )
    kit.choosing = tuple(s for s in found.radio_choice if s in game.artillery_support)
    for man, code in found.pistols_taken.items():
        if man not in game.men or (code and not is_pistol(code)):
            reader.problem(
                ("state", "kit", "pistols_taken", man), "a man of the game and a pistol [11.1]"
            )
        else:
            kit.pistols[man] = code.upper()
    for key, marked in (("pistols_jammed", kit.pistol_jammed), ("pistols_out", kit.pistol_out)):
        for i, man in enumerate(getattr(found, key)):
            if reader.unit(man, game.men, ("state", "kit", key, i)):
                marked.add(man)
    for i, piece in enumerate(found.destroyed):
        man, _, item = piece.partition(" ")
        if man not in game.men or item not in ITEMS:
            reader.problem(
                ("state", "kit", "destroyed", i),
                f"'MAN ITEM': a man of the game and one of {', '.join(ITEMS)} [9.5]",
            )
        else:
            kit.wrecked.add(piece)
    for i, side in enumerate(found.radios_shown):
        if side not in game.artillery_support:
            reader.problem(
                ("state", "kit", "radios_shown", i), "a side with artillery support [17.11]"
            )
        else:
            kit.radios_shown.add(side)
    state.kit = kit
