"""Soldiers support weapons in play: overwatch [13] (:mod:`rules.soldiers.overwatch`), medium
and heavy machineguns [14] (:mod:`rules.soldiers.machineguns`) and flamethrowers [15]
(:mod:`rules.soldiers.flamethrowers`); their state as a record, their place in a position
file, and the hooks the game calls (phase and cycle ends, orders, moves, its State API).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import Field

from model.base import StrictModel
from model.yamlio import PathKey
from rules.engine.actions import Action
from rules.engine.play import ActionFocus, Preview
from rules.engine.record import OMIT, Record, plain, state_field
from rules.records.places import units
from rules.records.position import PositionReader
from rules.soldiers import flamethrowers, hidden_guns, kit, machineguns, overwatch
from rules.soldiers.pistols import pistol
from rules.soldiers.support_actions import HOURS, Flame, Overwatch, PrepareGun, hour_words

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState


def _unless_empty(value: Any) -> Any:
    """Left out of the snapshot while empty: a game without support weapons keeps its
    fingerprint."""
    return plain(value) if value else OMIT


@dataclass
class Support(Record):
    """The support weapons' state: the men on overwatch and those whose marker comes off at
    the end of the Action Phase [13.1]; each prepared MG's hex and arrow (a clock hour; a gun
    not listed is dismantled) [14.2; 14.21], its fires this Action Phase and the guns whose arc
    turned in it [14.22]."""

    overwatch: set[str] = state_field(default_factory=set, encode=_unless_empty)
    overwatch_ending: set[str] = state_field(default_factory=set, encode=_unless_empty)
    guns: dict[str, tuple[str, int]] = state_field(default_factory=dict, encode=_unless_empty)
    gun_shots: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    guns_turned: set[str] = state_field(default_factory=set, encode=_unless_empty)
    hidden: set[str] = state_field(default_factory=set, encode=_unless_empty)  # [14.11; 14.12]
    #: Men stopped by a hidden MG revealed, to suppress after the reaction [14.12].
    halted: set[str] = state_field(default_factory=set, encode=_unless_empty)


# --- hooks of the sequence of play ------------------------------------------------------------


def set_up(state: SoldiersState) -> None:
    """The start: the MGs set up prepared [14.11]."""
    machineguns.set_up(state)


def phase_begins(state: SoldiersState, side: str) -> None:
    """A friendly Action Phase begins: the overwatch malfunction rolls [13.1]."""
    overwatch.phase_begins(state, side)


def phase_ends(state: SoldiersState) -> None:
    """An Action Phase ends: overwatch out of ammo ends [13.1]; the guns' fires and turned arcs
    of the phase are forgotten [14.22]."""
    overwatch.phase_ends(state)
    state.support.gun_shots, state.support.guns_turned = {}, set()


def cycle_ends(state: SoldiersState) -> None:
    """The Command Cycle ends: every Overwatch marker comes off [13.1]."""
    overwatch.cycle_ends(state)


def ordered(state: SoldiersState, man: str) -> None:
    """A man is given an order: his Overwatch marker comes off [13.1]."""
    overwatch.ordered(state, man)


def moved(state: SoldiersState, man: str) -> None:
    """A man moved: the MG he crews is revealed if hidden [14.12] and dismantled [14.2]."""
    hidden_guns.acted(state, man, "moves")
    machineguns.moved(state, man)


def refresh(state: SoldiersState) -> None:
    """After every action (:func:`rules.soldiers.overwatch.refresh`)."""
    overwatch.refresh(state)


def marks(state: SoldiersState, man: str) -> list[str]:
    """The man's support markers for the map: Overwatch [13.1], his MG prepared or
    dismantled [14.2], on the first of its crew (whoever carries its parts [14.13]); a man
    with no weapon Unarmed, or Pistol when he has one to fire (:mod:`rules.soldiers.pistols`)
    (:func:`unarmed`)."""
    found = ["OW"] if man in state.support.overwatch else []
    gun = kit.gun_of(state, man)
    if gun is not None and kit.crew_of(state, gun)[0] == man:
        prepared = state.support.guns.get(gun)
        found.append(f"MG {prepared[1]} o'clock" if prepared else "MG dismantled")
    if unarmed(state, man):
        found.append("Pistol" if pistol(state, man) is not None else "Unarmed")
    return found


def unarmed(state: SoldiersState, man: str) -> bool:
    """Whether the man shows an Unarmed marker [2.1]: he has no weapon, whether a relieved
    crewman ("if relieved, will be unarmed" [14.13]), a man whose weapon a man without one
    took [7.33], or a man whose weapon was destroyed [9.5], so an escaped prisoner who lost
    his ("An escaped prisoner has an Unarmed marker placed on him" [9.6]). Our readings: a
    prisoner shows it too (his captors know what he carries, 9.5), a killed man does not."""
    from rules.soldiers.equipment import weaponless

    if state.troops.disabled.get(man) == "killed":
        return False
    return weaponless(state, man) or man in state.troops.destroyed


# --- actions through the State API ------------------------------------------------------------


def options(state: SoldiersState, man: str) -> list[Action]:
    """The support actions open to the ordered man."""
    found: list[Action] = []
    if overwatch.why_not(state, Overwatch(man)) is None:
        found.append(Overwatch(man))
    found.extend(machineguns.options(state, man))
    found.extend(flamethrowers.options(state, man))
    return found


def why_not(state: SoldiersState, action: Overwatch | PrepareGun | Flame) -> str | None:
    if isinstance(action, Overwatch):
        return overwatch.why_not(state, action)
    if isinstance(action, PrepareGun):
        return machineguns.why_not_prepare(state, action)
    return flamethrowers.why_not(state, action)


def apply(state: SoldiersState, action: Overwatch | PrepareGun | Flame) -> None:
    if isinstance(action, Overwatch):
        overwatch.place(state, action)
    elif isinstance(action, PrepareGun):
        machineguns.prepare(state, action)
    else:
        flamethrowers.flame(state, action)


def describe(state: SoldiersState, action: Overwatch | PrepareGun | Flame) -> str:
    if isinstance(action, Overwatch):
        return f"Go on overwatch ({overwatch.cost()} AP) [13.1]"
    if isinstance(action, PrepareGun):
        gun = kit.gun_of(state, action.man)
        turn = gun is not None and gun in state.support.guns
        what = "Turn the MG's fire arc" if turn else "Prepare the MG"
        return f"{what} toward {hour_words(action.hour)} [14.2; 14.21]"
    return f"Flamethrower {action.fire_type} fire at {action.hex} [15.1]"


def concerns(state: SoldiersState, action: Overwatch | PrepareGun | Flame) -> ActionFocus:
    if isinstance(action, Flame):
        return ActionFocus(action.man, "fire", state.game.hex_named(action.hex))
    return ActionFocus(action.man)


def preview(state: SoldiersState, action: Overwatch | PrepareGun | Flame, words: str) -> Preview:
    """What the action would do (legality already checked)."""
    ap = state.active.ap
    if isinstance(action, Overwatch):
        cost = f"{overwatch.cost()} of {ap:g} AP; his actions end (our reading)"
        rules = ("overwatch [13.1]", "malfunction roll [13.1]", "effects [13.2; 13.21]")
        return Preview(words, True, None, cost, rules=rules)
    if isinstance(action, PrepareGun):
        cost = f"{machineguns.prepare_cost()} of {ap:g} AP (placeholder)"
        return Preview(
            words, True, None, cost, rules=("prepare MG [14.2]", "fire arcs [14.21; 14.22]")
        )
    cost = f"{flamethrowers.cost(action.fire_type)} of {ap:g} AP"
    used = ("flamethrower fire [15.1]", "terrain [15.14]", "damage [15.16]", "checks [15.11]")
    return Preview(words, True, None, cost, (flamethrowers.odds(state, action),), used)


# --- position files ---------------------------------------------------------------------------


class SupportPosition(StrictModel):
    """The support weapons in a position file: the men on overwatch [13.1] (``overwatch_ends``:
    their marker comes off at the end of the Action Phase), each prepared MG's hex and arrow
    (``guns: {us.h.us-hmg-team: "C1710 2"}``; a gun not listed is dismantled) [14.2; 14.21],
    each gun's fires this Action Phase and the guns whose arc turned in it [14.22]."""

    overwatch: list[str] = Field(default_factory=list)
    overwatch_ends: list[str] = Field(default_factory=list)
    guns: dict[str, str] = Field(default_factory=dict)
    gun_shots: dict[str, int] = Field(default_factory=dict)
    guns_turned: list[str] = Field(default_factory=list)
    hidden_guns: list[str] = Field(default_factory=list)  # deployed hidden, not revealed [14.11]
    halted: list[str] = Field(default_factory=list)  # to suppress after the reaction [14.12]


def to_position(state: SoldiersState) -> SupportPosition | None:
    s = state.support
    if not (s.overwatch or s.guns or s.gun_shots or s.guns_turned or s.hidden or s.halted):
        return None
    return SupportPosition(
        overwatch=sorted(s.overwatch),
        overwatch_ends=sorted(s.overwatch_ending),
        guns={g: f"{h} {hour}" for g, (h, hour) in sorted(s.guns.items())},
        gun_shots=dict(sorted(s.gun_shots.items())),
        guns_turned=sorted(s.guns_turned),
        hidden_guns=sorted(s.hidden),
        halted=sorted(s.halted),
    )


def from_position(
    game: SoldiersGame, found: SupportPosition | None, reader: PositionReader
) -> Support:
    """The support weapons' state a position file gives, checked against the game."""
    support = Support()
    if found is None:
        return support
    path: PathKey = ("state", "support")
    support.overwatch = set(units(found.overwatch, game.men, (*path, "overwatch"), reader))
    support.overwatch_ending = set(
        units(found.overwatch_ends, game.men, (*path, "overwatch_ends"), reader)
    )
    for gun, text in found.guns.items():
        where = (*path, "guns", gun)
        hex_name, _, hour = text.partition(" ")
        h = reader.hex(hex_name, where)
        if gun not in game.guns:
            reader.problem(where, f"the scenario has no MMG or HMG '{gun}'")
        elif not hour.isdigit() or int(hour) not in HOURS:
            reader.problem(
                where, "write the gun's hex and its arrow's clock hour: 'C1710 2' [14.21]"
            )
        elif h is not None:
            support.guns[gun] = (game.name(h), int(hour))
    for gun, count in found.gun_shots.items():
        if gun in game.guns and count >= 0:
            support.gun_shots[gun] = count
        else:
            reader.problem((*path, "gun_shots", gun), f"no MMG or HMG '{gun}', or a negative count")
    support.guns_turned = {g for g in found.guns_turned if g in game.guns}
    for gun in found.hidden_guns:  # still hidden [14.11; 14.12]
        if gun in game.guns:
            support.hidden.add(gun)
        else:
            reader.problem((*path, "hidden_guns"), f"the scenario has no MMG or HMG '{gun}'")
    support.halted = set(units(found.halted, game.men, (*path, "halted"), reader))
    return support
