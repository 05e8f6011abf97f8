"""Soldiers men, squads, command chits and tables, read from ``resources/soldiers``.

One counter is one man [2.11]. A squad of the scenario's forces becomes its men: the named
leaders of the catalogue (``squad_leader``, ``assistant_squad_leader``) and numbered men for
the rest, each with the squad's weapon mix in order, leaders first. The counter roster is not
in the text [digest §3.1]: initiative, command ratings and weapons are the data library's
placeholders (kept in :attr:`Man.placeholder`). Each squad has three command chits, its
squad leader's, its assistant squad leader's and an independent one [2.14; 5.1]. Bought
counters that are not squads (:func:`entry_men`): the platoon leader with his own chit [6.26],
heavy-weapons soldiers and machinegun teams [6.29; 14.1; 19.45]. Where they set up:
:mod:`rules.soldiers.setup`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.provenance import Field_, Value, unwrap
from model.scenario import Side
from model.systems import GameSystem
from model.tables import Cell, table_cell, tables
from rules.engine.errors import RulesError, UnsupportedGameError

SYSTEM = GameSystem.SOLDIERS
MAN_INITIATIVE = 2  # an unnamed man's initiative: the catalogue's estimate for ordinary men
MAN_PLACEHOLDER = "Hexwright estimate: the counter roster is not in the text [2.11]"


@dataclass(frozen=True)
class Weapon:
    id: str
    code: str
    automatic: bool
    fire: tuple[str, ...]
    hit_table: str
    damage_table: str
    max_range: int
    semi_hit_table: str | None = None  # GE-AR: semi-automatic mode's tables [8.71]
    semi_damage_table: str | None = None

    def tables(self, fire_type: str, mode: str | None = None) -> tuple[str, str]:
        """The hit and damage tables for a fire type: an AR's in the ``mode`` it fires
        (``semi`` or ``auto``; without one, aimed fire semi-automatic, quick and sustained
        automatic) [8.71] (:func:`rules.soldiers.fire.rifle_mode`)."""
        semi = mode == "semi" if mode is not None else fire_type == "aimed"
        if semi and self.semi_hit_table and self.semi_damage_table:
            return self.semi_hit_table, self.semi_damage_table
        return self.hit_table, self.damage_table


@dataclass(frozen=True)
class Man:
    """One man's counter [2.11-2.12]."""

    id: str
    side: str
    squad: str  # the squad's game id (side.code)
    name: str
    rank: str  # man / squad-leader / assistant-squad-leader
    initiative: int
    command: int  # 0 for a man who is not a leader
    weapon: Weapon
    placeholder: str | None
    #: Ammo clips he starts with beside his weapon's load: full squad, depleted squad [11; 19.53]
    clips: int = 2
    clips_depleted: int = 1
    #: The MMG or HMG he crews, by its id (None: no machinegun crewman) [14.1]
    team: str | None = None
    #: The catalogue's filter words: ``engineer`` for a combat engineer [16]
    tags: tuple[str, ...] = ()
    #: An assistant squad leader who keeps his printed command rating (Elite squads) [6.22]
    asl_exempt: bool = False


@dataclass(frozen=True)
class Chit:
    """A command chit [5.1]: ``kind`` sl, asl or ind; ``leader`` the man it activates."""

    id: str
    side: str
    squad: str
    kind: str
    leader: str | None


def cell(table_id: str, row: str | int, column: str | int) -> Cell:
    return table_cell(SYSTEM, table_id, row, column)


def table_title(table_id: str) -> str:
    """A weapon table as the book's charts name it (``Submachinegun Weapon Table``), for the
    working of a shot the player reads; its id when it has no name."""
    name = tables(SYSTEM)[table_id].name
    return name.replace(": hit chance", "") if name else table_id


def columns(table_id: str) -> list[object]:
    return list(tables(SYSTEM)[table_id].columns)


def _raw(values: Mapping[str, Field_], key: str, default: object = None) -> object:
    item = values.get(key)
    found = unwrap(item) if item is not None else None
    return default if found is None else found


def catalogue_entry(code: str) -> UnitType:
    found = unit_types(SYSTEM).get(code)
    if found is None:
        raise RulesError(f"no unit '{code}' in the Soldiers catalogue")
    return found


@functools.cache
def weapon(code: str) -> Weapon:
    v = catalogue_entry(code).values
    fire = _raw(v, "fire", ["quick"])
    return Weapon(
        id=code,
        code=str(_raw(v, "code", code)),
        automatic=bool(_raw(v, "automatic", False)),
        fire=tuple(str(f) for f in fire) if isinstance(fire, list) else ("quick",),
        hit_table=str(_raw(v, "hit_table", _raw(v, "hit_table_auto", ""))),
        damage_table=str(_raw(v, "damage_table", _raw(v, "damage_table_auto", ""))),
        max_range=int(str(_raw(v, "max_range", 15))),
        semi_hit_table=None
        if _raw(v, "hit_table_semi") is None
        else str(_raw(v, "hit_table_semi")),
        semi_damage_table=(
            None if _raw(v, "damage_table_semi") is None else str(_raw(v, "damage_table_semi"))
        ),
    )


def _placeholder(entry: UnitType, keys: tuple[str, ...]) -> str | None:
    for key in keys:
        item = entry.values.get(key)
        if isinstance(item, Value) and item.placeholder:
            return item.placeholder
    return None


def squad_men(side: Side, code: str) -> tuple[list[Man], list[Chit]]:
    """A squad's men and its chits [2.11; 2.14]."""
    entry = catalogue_entry(code)
    if entry.category != "squad":
        raise UnsupportedGameError(
            f"side '{side.id}': '{code}' is not a squad; the Soldiers engine plays fixed squads "
            "so far (heavy weapons, teams and bought forces are not in this slice)"
        )
    v = entry.values
    squad_code = str(_raw(v, "code", entry.id)).lower()
    squad = f"{side.id}.{squad_code}"
    listed = _raw(v, "weapons", [])
    weapons = [str(w) for w in listed] if isinstance(listed, list) else []
    count = int(str(_raw(v, "men", len(weapons) or 10)))
    leaders = [_raw(v, "squad_leader"), _raw(v, "assistant_squad_leader")]
    clips = int(str(_raw(v, "clips_full", 2)))  # per man, for his own weapon [19.53]
    clips_depleted = int(str(_raw(v, "clips_depleted", 1)))
    men: list[Man] = []
    for i in range(count):
        code_i = leaders[i] if i < 2 else None
        w = weapons[i % len(weapons)] if weapons else "US-M1"
        if code_i is not None:
            le = catalogue_entry(str(code_i))
            lv = le.values
            men.append(
                Man(
                    id=f"{side.id}.{le.name.lower()}",
                    side=side.id,
                    squad=squad,
                    name=le.name,
                    rank=str(_raw(lv, "rank", "man")),
                    initiative=int(str(_raw(lv, "initiative", MAN_INITIATIVE))),
                    command=int(str(_raw(lv, "command", 0))),
                    weapon=weapon(str(_raw(lv, "weapon", w))),
                    placeholder=_placeholder(le, ("initiative", "command", "weapon")),
                    clips=clips,
                    clips_depleted=clips_depleted,
                    asl_exempt=bool(_raw(v, "asl_exempt", False)),
                )
            )
        else:
            men.append(
                Man(
                    id=f"{squad}.{i + 1}",
                    side=side.id,
                    squad=squad,
                    name=f"{squad_code.upper()}{i + 1}",
                    rank="man",
                    initiative=MAN_INITIATIVE,
                    command=0,
                    weapon=weapon(w),
                    placeholder=MAN_PLACEHOLDER,
                    clips=clips,
                    clips_depleted=clips_depleted,
                )
            )
    by_rank = {m.rank: m.id for m in men}
    chits = [
        Chit(f"{squad}.sl", side.id, squad, "sl", by_rank.get("squad-leader")),
        Chit(f"{squad}.asl", side.id, squad, "asl", by_rank.get("assistant-squad-leader")),
        Chit(f"{squad}.ind", side.id, squad, "ind", None),
    ]
    return men, chits[: int(str(_raw(v, "chits", 3)))]


#: The ranks of men who give orders with a chit of their own: squad leaders [2.12; 6.21] and
#: the platoon leader [6.26].
PLATOON_LEADER = "platoon-leader"
#: The pseudo-squad of a side's heavy-weapons soldiers [6.29; 19.45]: they take orders from any
#: friendly leader or independent chit.
HEAVY = "h"
#: A heavy-weapons soldier whose catalogue entry names no weapon carries the side's pistol.
CREW_SIDEARM = {"us": "US-PISTOL", "germany": "GE-PISTOL"}


def _single(side: Side, code: str, man_id: str, squad: str, weapon_code: str | None) -> Man:
    """One man of the catalogue (a leader or a heavy-weapons soldier) [2.12; 6.29]."""
    entry = catalogue_entry(code)
    v = entry.values
    rank = str(_raw(v, "rank", "man"))
    return Man(
        id=man_id,
        side=side.id,
        squad=squad,
        name=entry.name,
        rank=rank,
        initiative=int(str(_raw(v, "initiative", MAN_INITIATIVE))),
        command=int(str(_raw(v, "command", 0))),
        weapon=weapon(
            weapon_code or str(_raw(v, "weapon", CREW_SIDEARM.get(entry.nation, "US-M1")))
        ),
        placeholder=_placeholder(entry, ("initiative", "command", "weapon")),
        clips=int(str(_raw(v, "clips", 2))),  # 2 clips each [19.46; 19.54]
        tags=_tags(entry),
    )


def _tags(entry: UnitType) -> tuple[str, ...]:
    found = _raw(entry.values, "tags", [])
    return tuple(str(t) for t in found) if isinstance(found, list) else ()


def puts_men(code: str) -> bool:
    """Whether a catalogue counter is one :func:`entry_men` makes men of: a squad, the
    platoon leader, a heavy-weapons soldier or a machinegun team [2.1; 19.2-19.45]; a weapon,
    equipment or another man is bought with the side's purchases, not listed as a force."""
    entry = catalogue_entry(code)
    if entry.category == "leader":
        return _raw(entry.values, "rank") == PLATOON_LEADER
    return entry.category in ("squad", "heavy-weapons", "team")


def entry_men(side: Side, code: str, copy: int) -> tuple[list[Man], list[Chit]]:
    """The men and chits of one bought counter of the catalogue: a squad [2.11; 2.14], the
    platoon leader with his own chit [2.12; 6.26], a heavy-weapons soldier [6.29; 19.45], or a
    machinegun team, its crew of heavy-weapons soldiers each carrying a part of the gun [14.1]
    (``copy`` numbers the counters bought of one id, from 1).

    Raises:
        UnsupportedGameError: not a counter that puts men on the map.
    """
    entry = catalogue_entry(code)
    if entry.category == "squad":
        return squad_men(side, code)
    heavy = f"{side.id}.{HEAVY}"
    suffix = "" if copy == 1 else f"-{copy}"
    if entry.category == "leader" and _raw(entry.values, "rank") == PLATOON_LEADER:
        squad = f"{side.id}.pl"
        man = _single(side, code, f"{side.id}.pl", squad, None)
        return [man], [Chit(f"{side.id}.pl", side.id, squad, "pl", man.id)]
    if entry.category == "heavy-weapons":
        man_id = f"{heavy}.{code.lower()}{suffix}"
        return [_single(side, code, man_id, heavy, None)], []
    if entry.category == "team":
        crew = _raw(entry.values, "crew", [])
        gun = str(_raw(entry.values, "weapon", ""))
        team = f"{heavy}.{entry.id.lower()}{suffix}"
        # each crewman carries a part of the gun and no other weapon [14.1; 14.13]; the
        # team's clips are the gun's, counted with its first crewman here and kept by the
        # gun's id in play (our reading: 19.54 lets the owner share them; the crew share the
        # gun's ammo, rules.soldiers.weapons.starting_clips and holder)
        men = [
            dataclasses.replace(
                _single(side, str(c), f"{heavy}.{str(c).lower()}{suffix}", heavy, gun),
                team=team,
                clips=int(str(_raw(entry.values, "clips", 3))) if i == 0 else 0,
                clips_depleted=0,
            )
            for i, c in enumerate(crew if isinstance(crew, list) else [])
        ]
        return men, []
    raise UnsupportedGameError(
        f"side '{side.id}': '{code}' ({entry.category}) is not a counter that puts men on the "
        "map; list it among the side's purchases"
    )
