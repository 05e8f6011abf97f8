"""Fire and Close Assault at Block, Wire, Pillbox and Bunker units [ADV IV.E.5-6; ADV VI.B;
ADV VII.B; Intro IV GP DEFENSE; OP V.B].

What the book says and the engine plays:

- **The order** [ADV IV.E.5]: "To plot Direct Fire against Block, Wire, Pillbox, or Bunker
  units, write the Direct Fire notation "F" and the hex number where the target unit is
  located": ``F-K2016``. Our reading, where two of them share the hex (a Wire with a Pillbox,
  say [Setup II.D]): the hex number and the unit's abbreviation [Intro III.B.3.a],
  ``F-K2016:WIR``; a bare hex number there is refused, saying which to write. The infantry
  anti-tank weapons' own order is the same with their letter code, ``(B)F-K2016``
  [ADV IV.E.3; IV.E.6].
- **Who fires, and what** [ADV VI.B]: "AP Shells may only be fired at Vehicle units. GP
  weapons must be fired at all other types of units": the fire is GP fire, one roll, by the
  GP procedure (:mod:`rules.armor.gp`). The PIAT, Bazooka, Panzerfaust and Panzerschreck
  "may only use their GP Factors against Block, Wire, Pillbox, or Bunker units, or against
  units in Building hexes" [ADV IV.E.6]; an Assault Squad "may use Direct Fire against Block,
  Wire, Pillbox, or Bunker units in adjacent hexes (order the Direct Fire against the hex
  number)" [OP V.B]. Our reading of that last, a capability the book gives the Assault Squad
  "in addition" to a Squad's: other Infantry Squads, Machinegun Teams and independently fired
  machineguns may not fire at them (small arms against constructions); main guns with a GP
  Factor (Vehicle and Towed units) may, at any range they have one.
- **The target** [Intro IV GP DEFENSE]: "Block, Wire, Bunker, and Pillbox Terrain Support
  units also have a GP Defense Factor which never varies because of the terrain in their
  hex"; the numbers are on their Data Cards, not in the text: placeholders in
  ``resources/armor/tables/fortifications.yaml`` (:data:`TABLE`), each with its basis. Only
  the other side's (our reading: "enemy" units, as every fire order's target).
- **Sighting** (our reading, as 4B's Supply Dumps): a construction set up on the map is seen
  along a clear line of sight [AG IV.B] at any range; in the firer's Field of Fire
  [AG VI.A.3; ADV VI.A.4] (a unit inside a Pillbox or Bunker: its 180 degrees [ADV VI.A.4.e]);
  MV GP Factor with movement orders [ADV VI.B.1]; a Suppressed Vehicle's main gun at half
  [ADV VI.B.2.b], a Suppressed Leg unit not at all [ADV IV.D]; not while transported (our
  reading); not in the Armor Game, which fires only AP and sets none of them up [Setup II.D.8].
- **The result** [GC1 GP Hit Table; OP XXV.C.4]: a Knock Out result destroys it ("can be
  destroyed by a Knock Out result, as with Block, Wire, Bunker, and Pillbox units"
  [OP XXV.C.4]): it is removed when the Phase's fire is done [AG VI.A]. A Suppressed result
  does nothing to a construction, nor to the units inside a Pillbox or Bunker, who "cannot be
  Suppressed" [OP XVII.B.4]. Our reading of the units inside a Pillbox or Bunker Knocked Out:
  they are Knocked Out with it, as the units on a Span "are also Knocked Out" [OP XXV.C.4] and
  a Close Assault is on "one Pillbox or Bunker unit (with however many Combat units are
  inside)" [ADV IV.A.1.b], whose "Results also apply to Bunker and Pillbox units"
  [ADV VII.B.3].
- **Close Assault** [ADV IV.A.1; ADV VII.B]: "If a Pillbox or Bunker unit is to be Close
  Assaulted, identify it by the hex identification number" (``A-K2016``); by an Infantry unit
  adjacent, not through a Crest hexside [IV.A.1.b]; "For Pillbox and Bunker units, the Close
  Assault and GP Defense Factors are the same" [VII.B.1]; the Infantry's MV GP Factor at 1-2
  hexes, halved uphill [VII.B.2]; no "10" added (it is for an Open Vehicle [VII.B.3]); the
  results as Direct Fire's above.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.provenance import Value, unwrap
from rules.armor.cards import table
from rules.armor.events import PhaseNote
from rules.armor.range import describe_range, range_between
from rules.armor.support.effects import inside_ids, shelter_of, standing
from rules.armor.support.events import SupportEffect
from rules.armor.support.works import SHELTERS, SupportUnit

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.fire import Pending
    from rules.armor.game import ArmorState

#: The resources table of their GP Defense Factors (placeholders): ``fortifications.yaml``.
TABLE = "fortifications"
#: The Terrain Support units that may be fired at [ADV IV.E.5].
KINDS = ("block", "wire", "pillbox", "bunker")
#: The effect of a Knock Out result on one of them, as a pending result [AG VI.A].
RAZED = "razed"
RULE = "[ADV IV.E.5; ADV VI.B; GC1 GP Hit Table]"
SIGHT_READING = (
    "our reading: a Terrain Support unit is seen along a clear line of sight at any range, "
    "as 4B's Supply Dumps"
)
WHO_READING = (
    "our reading of [OP V.B]: besides the Assault Squad (adjacent hexes) and the infantry "
    "anti-tank weapons [ADV IV.E.6], only main guns with a GP Factor fire at Block, Wire, "
    "Pillbox and Bunker units"
)
INSIDE_READING = (
    "our reading: the units inside are Knocked Out with it, as those on a Span [OP XXV.C.4] "
    "and as a Close Assault takes 'however many Combat units are inside' [ADV IV.A.1.b]"
)


@dataclass(frozen=True)
class Defense:
    """A kind's GP Defense Factor and what it rests on."""

    value: int
    abbreviation: str
    placeholder: str


@functools.cache
def defenses() -> dict[str, Defense]:
    """The GP Defense Factors by kind, from :data:`TABLE` [Intro IV GP DEFENSE].

    Raises:
        ValueError: a row missing, or a Defense Factor not a whole number of at least 1.
    """
    t = table(TABLE)
    found: dict[str, Defense] = {}
    for kind in KINDS:
        cell = t.cell(kind, "gp_defense")
        value = unwrap(cell)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"table {TABLE}[{kind}][gp_defense]: {value!r} is not a Factor")
        basis = (cell.placeholder or "") if isinstance(cell, Value) else ""
        found[kind] = Defense(value, str(unwrap(t.cell(kind, "abbreviation"))), basis)
    return found


def standing_at(state: ArmorState, h: Hex) -> list[SupportUnit]:
    """The Block, Wire, Pillbox and Bunker units standing in ``h``."""
    gone = state.fieldworks.removed
    return [u for u in state.game.works.at(h) if u.kind in KINDS and u.id not in gone]


def target_id(state: ArmorState, unit: SupportUnit) -> str:
    """How an order names ``unit`` [ADV IV.E.5]: its hex number, with its abbreviation when
    another of them shares the hex (our reading)."""
    name = state.game.name(unit.hex)
    if len(standing_at(state, unit.hex)) > 1:
        return f"{name}:{defenses()[unit.kind].abbreviation}"
    return name


def is_target(state: ArmorState, target: str) -> bool:
    """Whether an order's target names a hex (a fortification's [ADV IV.E.5]) rather than a
    unit: not a unit's id, and a hex of the map before any ``:``."""
    if target in state.game.units or "@" in target or not state.game.works.units:
        return False
    return state.game.hex_named(target.split(":", 1)[0]) is not None


def find(state: ArmorState, target: str) -> tuple[SupportUnit | None, str]:
    """The Terrain Support unit ``target`` names, or None and why not."""
    hex_name, _, abbreviation = target.partition(":")
    h = state.game.hex_named(hex_name)
    there = standing_at(state, h) if h is not None else []
    if not there:
        return None, f"there is no Block, Wire, Pillbox or Bunker unit standing in {hex_name}"
    if abbreviation:
        kind = next((k for k, d in defenses().items() if d.abbreviation == abbreviation), None)
        found = next((u for u in there if u.kind == kind), None)
        if found is None:
            return None, f"there is no {abbreviation} unit standing in {hex_name}"
        return found, ""
    if len(there) > 1:
        names = " or ".join(f"F-{hex_name}:{defenses()[u.kind].abbreviation}" for u in there)
        return None, (
            f"{' and '.join(u.name for u in there)} units share {hex_name}: write {names} "
            "(our reading of the hex number [ADV IV.E.5] with the unit's abbreviation "
            "[Intro III.B.3.a])"
        )
    return there[0], ""


def occupants(state: ArmorState, shelter: SupportUnit) -> list[str]:
    """The Combat units inside a Pillbox or Bunker now."""
    if shelter.kind not in SHELTERS:
        return []
    return sorted(
        u
        for u in inside_ids(state)  # set up inside or entered since [CS Order Notations E]
        if u in state.troops.hexes and (s := shelter_of(state, u)) is not None and s == shelter
    )


def front(state: ArmorState, shelter: SupportUnit) -> int:
    """The Pillbox's or Bunker's front [ADV VI.A.4.e] as a compass direction. Our reading (the
    book's diagram is not in the text, and the set-up gives a Terrain Support unit no facing):
    the facing of the first of the Combat units set up inside it (by id), else the facing of
    the first (by id) of the units that entered it by an "E" order [CS Order Notations E], else
    compass 0 (our choice: with nobody inside, nobody fires from it)."""
    game = state.game
    inside = sorted(u for u, s in game.works.inside.items() if s == shelter.id)
    for u in inside:
        if u in game.deployment.facing:
            return game.deployment.facing[u]
    entered = sorted(u for u, s in state.fieldworks.entered.items() if s == shelter.id)
    for u in entered:
        if u in state.troops.facing:
            return state.troops.facing[u]
    return 0


# --- who may fire, and the shot ---------------------------------------------------------------


def _weapon_factor(state: ArmorState, unit: str, code: str | None, rng: int, moving: bool) -> int:
    from rules.armor import antitank
    from rules.armor.gp import gp_factor

    if code is not None:
        launcher = antitank.weapon(state, unit)
        return launcher.gp_factor(rng, moving) if launcher is not None else 0
    return gp_factor(state, unit, rng, moving)


def why_not(
    state: ArmorState, unit: str, target: str, moving: bool = False, code: str | None = None
) -> str | None:
    """Why ``unit`` (its infantry anti-tank weapon ``code``, if given) may not fire at the
    Terrain Support unit ``target`` now, or None (see the module) [ADV IV.E.5-6; VI.B]."""
    from rules.armor.fire import field_of_fire
    from rules.armor.optional import special_infantry

    if not state.game.advanced:
        return "Terrain Support units are fired at with GP, which the Armor Game does not play"
    aimed, why = find(state, target)
    if aimed is None:
        return why
    spec = state.game.units[unit]
    if aimed.side == spec.side:
        return "it is not an enemy unit"
    if unit not in state.troops.hexes:
        return "it is not on the map"
    a, h = state.troops.hexes[unit], aimed.hex
    assault = special_infantry.kind(state, unit) == "assault"
    if code is None and spec.leg and not assault:
        return (
            f"an Assault Squad [OP V.B] may fire at {aimed.name} units (adjacent), and the "
            f"infantry anti-tank weapons [ADV IV.E.6]: {WHO_READING}"
        )
    if code is None and not spec.leg and (spec.gun is None or state.gun_lost(unit)):
        return f"it has no main gun with a GP Factor: {WHO_READING}"
    if code is None and assault and a.distance(h) > 1:
        return f"an Assault Squad fires at {aimed.name} units in adjacent hexes only [OP V.B]"
    if unit in state.troops.abandoned:
        return "its crew has Bailed Out [ADV IX.A.3]"
    if state.damage.crew_losses.get(unit, 0) >= 3:
        return "three crew losses: it may no longer fire [GC1 Effects of AP Hits]"
    if (spec.leg or spec.towed) and state.suppressed(unit):
        return "Suppressed: a Leg or Towed unit may not fire [ADV IV.D]"
    if state.transported(unit):
        return "transported: fire at a Terrain Support unit from a Vehicle is not played"
    if a == h:
        return f"it stands in the {aimed.name}'s hex"
    if a.distance(h) > 1 and state.game.los(a, h).verdict == "blocked":
        return f"the line of sight to it is blocked [AG IV.B] ({SIGHT_READING})"
    arc = field_of_fire(state, unit, a, h)
    if arc is not None:
        return arc
    rng = range_between(a, h)
    if _weapon_factor(state, unit, code, rng, moving) <= 0:
        return f"beyond its GP range ({describe_range(a, h)}; a placeholder Gunnery Table)"
    return None


def options(state: ArmorState, unit: str, code: str | None = None) -> list[str]:
    """The Terrain Support units ``unit`` (or its weapon ``code``) may fire at now, as
    targets of orders."""
    spec = state.game.units[unit]
    found = []
    for w in state.game.works.units:
        if w.kind in KINDS and w.side != spec.side and w.id not in state.fieldworks.removed:
            t = target_id(state, w)
            if why_not(state, unit, t, False, code) is None:
                found.append(t)
    return found


@dataclass(frozen=True)
class Shot:
    """One GP shot at a Terrain Support unit worked out up to the die."""

    aimed: SupportUnit
    factor: int
    column: str
    defense: Defense
    n: int
    s: int
    words: tuple[str, ...]
    notes: tuple[str, ...]

    @property
    def chance(self) -> float:
        """The chance of a Knock Out: rolls above S, "00" always [GC1 GP Hit Table]."""
        return max(1, 100 - self.s) / 100


def aim(
    state: ArmorState,
    unit: str,
    target: str,
    moving: bool,
    code: str | None = None,
    close_assault: bool = False,
) -> Shot:
    """The GP shot (or a Close Assault [ADV VII.B]) at ``target`` up to the die."""
    from rules.armor import antitank
    from rules.armor.gp import GP_FACTOR_PLACEHOLDER, column, gp_factor, hit_line
    from rules.armor.optional import special_infantry

    aimed, _ = find(state, target)
    assert aimed is not None
    a, h = state.troops.hexes[unit], aimed.hex
    rng = range_between(a, h)
    words: list[str] = []
    notes: list[str] = []
    bonus = special_infantry.gp_bonus(state, unit, close_assault) if code is None else None
    if close_assault:
        factor = gp_factor(state, unit, 1, True)  # the MV GP Factor at 1-2 hexes [VII.B.1]
        words.append(f"MV GP Factor at 1-2 hexes {factor} [ADV VII.B.1]")
        notes.append(GP_FACTOR_PLACEHOLDER)
        if bonus is not None:  # an Assault Squad's +10 [OP V.B], a Squad Plus's [OP V.A]
            factor += bonus.value
            words.append(f"{bonus.what} {bonus.rule}")
        if state.game.level(h) > state.game.level(a):
            factor //= 2
            words.append(f"uphill: halved to {factor} [ADV VII.B.2]")
    elif code is not None:
        launcher = antitank.weapon(state, unit)
        assert launcher is not None
        factor = launcher.gp_factor(rng, moving)
        nm = "MV" if moving else "NM"
        words.append(f"({code}) {launcher.name} {nm} GP Factor {factor} [ADV IV.E.6]")
        notes.append(launcher.gp_placeholder)
    else:
        factor = gp_factor(state, unit, rng, moving)
        nm = "MV" if moving else "NM"
        words.append(f"{nm} GP Factor {factor} ({describe_range(a, h)}) [ADV VI.B.1]")
        notes.append(GP_FACTOR_PLACEHOLDER)
        if state.game.units[unit].vehicle and state.suppressed(unit):
            factor //= 2
            words.append(f"Suppressed main gun: halved to {factor} [ADV VI.B.2.b]")
    if bonus is not None and not close_assault:  # a Squad Plus's +10 to all fire [OP V.A]
        factor += bonus.value
        words.append(f"{bonus.what} {bonus.rule}")
    col = column(factor)
    defense = defenses()[aimed.kind]
    n, s, note = hit_line(defense.value, col)
    notes.extend(x for x in (defense.placeholder, note) if x)
    words.append(
        f"column {col} against the {aimed.name}'s GP Defense Factor {defense.value} "
        "[ADV VI.B.3-4; Intro IV GP DEFENSE]"
    )
    return Shot(aimed, factor, col, defense, n, s, tuple(words), tuple(dict.fromkeys(notes)))


def outcome_words(aimed: SupportUnit) -> str:
    """What a Knock Out does to it (see the module)."""
    said = f"a Knock Out destroys the {aimed.name} [OP XXV.C.4]"
    if aimed.kind in SHELTERS:
        said += f", and the units inside with it ({INSIDE_READING})"
    return said


def resolve(
    state: ArmorState,
    unit: str,
    target: str,
    moving: bool,
    code: str | None = None,
    close_assault: bool = False,
) -> list[Pending]:
    """``unit``'s fire (or Close Assault) at the Terrain Support unit ``target``, logged step
    by step; the result waiting with the Phase's others [AG VI.A; ADV VII]: a Knock Out
    (:data:`RAZED`), applied by :func:`raze`."""
    from rules.armor.fire import Pending
    from rules.armor.gp import result_of

    shot = aim(state, unit, target, moving, code, close_assault)
    aimed = shot.aimed
    state.firing.fired.add(unit)  # sighted next Turn at any range [AG IV.C.5]
    what = "Close Assault" if close_assault else "GP fire"
    roll = state.roll(f"{what} {unit} at {aimed.id}", 100)
    result = result_of(roll, roll, shot.n, shot.s)
    words = {
        "K": "Knocked Out: the unit is destroyed",
        "S": (
            "Suppressed: no effect (a construction; units inside cannot be Suppressed "
            "[OP XVII.B.4])"
        ),
        "N": "No Damage",
    }
    by = f"its ({code}) weapon" if code else ""
    said = (
        f"{unit}{' ' + by if by else ''} {'Close Assaults' if close_assault else 'fires GP at'} "
        f"the {aimed.name} unit {aimed.id} in {state.game.name(aimed.hex)}: "
        f"{'; '.join(shot.words)}; N {shot.n}, S {shot.s}; rolls {roll:02d}: {words[result]}"
    )
    rule = "[ADV IV.A.1; ADV VII.B; GC1 GP Hit Table]" if close_assault else RULE
    state.emit(PhaseNote("Close Assault" if close_assault else "Direct Fire", said, rule))
    if shot.notes:
        note = "placeholders: " + "; ".join(shot.notes)
        state.emit(PhaseNote("Close Assault" if close_assault else "Direct Fire", note, ""))
    return [Pending(aimed.id, RAZED, unit)] if result == "K" else []


def is_razing(state: ArmorState, pending: Pending) -> bool:
    """Whether a pending result is one on a Terrain Support unit (not a Combat unit)."""
    return pending.effect == RAZED and state.game.works.by_id(pending.unit) is not None


def raze(state: ArmorState, pending: Pending) -> list[str]:
    """A Knock Out result on a Terrain Support unit applied: it is removed [OP XXV.C.4]; the
    Combat units inside a Pillbox or Bunker, returned for the caller to Knock Out with it
    (see the module: our reading)."""
    aimed = state.game.works.by_id(pending.unit)
    if aimed is None or aimed.id in state.fieldworks.removed:
        return []
    inside = occupants(state, aimed)
    state.fieldworks.removed.add(aimed.id)
    state.sheets.options, state.sheets.foci = {}, {}  # what may be ordered changes
    said = f"Knocked Out by {pending.by}: the {aimed.name} unit {aimed.id} is removed"
    if inside:
        said += f"; the units inside, {', '.join(inside)}, are Knocked Out with it"
    rule = "[OP XXV.C.4; GC1 GP Hit Table]" + (f" ({INSIDE_READING})" if inside else "")
    state.emit(SupportEffect(aimed.id, state.game.name(aimed.hex), said, rule))
    return inside


# --- Close Assault [ADV IV.A.1; ADV VII.B] ------------------------------------------------------


def why_not_assault(state: ArmorState, unit: str, target: str) -> str | None:
    """Why ``unit`` may not Close Assault the Pillbox or Bunker ``target`` (its hex), or None
    [ADV IV.A.1.b]."""
    from rules.armor.assault import why_not_assaulter

    if not state.game.advanced:
        return "Close Assault is of the Advanced Game [ADV IV.A.1]"
    hex_name, _, abbreviation = target.partition(":")
    h = state.game.hex_named(hex_name)
    there = [u for u in standing_at(state, h) if u.kind in SHELTERS] if h is not None else []
    if abbreviation:
        there = [u for u in there if defenses()[u.kind].abbreviation == abbreviation]
    if not there:
        return (
            f"there is no Pillbox or Bunker unit standing in {hex_name}: Close Assault is only "
            "against enemy Vehicle or Pillbox or Bunker units [ADV IV.A.1.b]"
        )
    aimed = there[0]
    if aimed.side == state.game.units[unit].side:
        return "it is not an enemy unit"
    return why_not_assaulter(state, unit, aimed.hex)


def assault_target(state: ArmorState, target: str) -> str:
    """The :func:`find` name of the Pillbox or Bunker a Close Assault's ``target`` names."""
    hex_name = target.partition(":")[0]
    h = state.game.hex_named(hex_name)
    assert h is not None
    shelter = next(u for u in standing_at(state, h) if u.kind in SHELTERS)
    return f"{hex_name}:{defenses()[shelter.kind].abbreviation}"


def assault_options(state: ArmorState, unit: str) -> list[str]:
    """The Pillboxes and Bunkers ``unit`` may be ordered to Close Assault, by hex."""
    if not state.game.works.units:
        return []
    here = state.troops.hexes.get(unit)
    side = state.game.units[unit].side
    found = []
    for w in state.game.works.units:
        if w.kind not in SHELTERS or w.side == side or w.id in state.fieldworks.removed:
            continue
        if here is None or here.distance(w.hex) != 1:
            continue
        t = state.game.name(w.hex)
        if why_not_assault(state, unit, t) is None:
            found.append(t)
    return found


def held(state: ArmorState, h: Hex) -> bool:
    """Whether a Pillbox or Bunker stands in ``h`` (for the callers that need only that)."""
    return bool(standing(state).get(h, set()) & SHELTERS)
