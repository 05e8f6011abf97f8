"""Close Assault [ADV IV.A.1; ADV VII]: Infantry against an adjacent enemy Vehicle.

The order [ADV IV.A.1]: "A-" and the enemy unit, only by Infantry units (not Machinegun Teams,
not Suppressed), only against an enemy Vehicle unit in an adjacent hex, never through a Crest
hexside, one a Turn, and no other orders with it. The Infantry unit "is considered to be
moving" [ADV V.A.3].

The Close Assault Phase [ADV VII], right after the Order Plot [ADV II]: all Close Assaults are
simultaneous (their results applied when all are resolved, our reading of "considered to be
taking place simultaneously"), each resolved "similarly to GP fire" [VII.B]: the Infantry's MV
GP Factor at a range of 1-2 hexes [B.1], halved when the target is on a higher elevation level
[B.2], against the Vehicle's Close Assault Defense Factor, MV if it has orders to move a hex,
else NM [B.1]; the GP Hit Table, "10" added to the roll for an Open Vehicle (not a Buttoned
one [AG VIII.B]: :mod:`rules.armor.hatches`) [B.3]; the results "always apply to the Vehicle
unit": Knocked Out (a Wreck) or Suppressed [B.3; GC1 Effects of GP Hits, "Close Assault ...
vs. Vehicle"].

Placeholders: the Infantry's GP Factor (:data:`rules.armor.gp.GP_FACTOR_PLACEHOLDER`), the
Close Assault Defense Factors (the cards' are not in the text:
:func:`rules.armor.buildings.close_assault_defense` estimates NM; MV is :data:`MV_PLACEHOLDER`)
and the GP Hit Table's cut rows (:data:`rules.armor.gp.GP_HIT_PLACEHOLDER`). With the
Optional Rules, the Assault Squads' and the Rangers' and Commandos' modifiers [OP V]
(:mod:`rules.armor.optional.special_infantry`), Bail Out after the phase [ADV IX.B.3]
(:mod:`rules.armor.bailout`) and a Suppressed result's Panic Morale Check [OP XVII.B] (the
results applied by ``state.inflict``) apply here too. A Pillbox or Bunker, "identif[ied] by
the hex identification number" [ADV IV.A.1], is Close Assaulted by
:mod:`rules.armor.support.strikes` [ADV VII.B.1-3].
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.armor import bailout
from rules.armor.buildings import close_assault_defense
from rules.armor.events import GpFire, PhaseNote
from rules.armor.fire import Pending
from rules.armor.gp import GP_FACTOR_PLACEHOLDER, column, gp_factor, hit_line, result_of
from rules.armor.optional import special_infantry
from rules.armor.range import range_between
from rules.armor.support import strikes
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.game import ArmorState

MV_PLACEHOLDER = (
    "the MV Close Assault Defense Factor is not in the text: the NM one less 1 (at least 1), "
    "our estimate"
)
EFFECTS_ROW = "Close Assault, Artillery, Bombing, Rockets vs. Vehicle"


def why_not_assault(state: ArmorState, unit: str, target: str) -> str | None:
    """Why ``unit`` may not be ordered to Close Assault ``target``, or None [ADV IV.A.1]: an
    enemy Vehicle by its unit id, or a Pillbox or Bunker by its hex number [IV.A.1]
    (:mod:`rules.armor.support.strikes`)."""
    if not state.game.advanced:
        return "Close Assault is of the Advanced Game [ADV IV.A.1]"
    if strikes.is_target(state, target):  # "identify it by the hex" [ADV IV.A.1]
        return strikes.why_not_assault(state, unit, target)
    spec, other = state.game.units.get(unit), state.game.units.get(target)
    if spec is None or other is None:
        return f"there is no unit '{target if spec else unit}'"
    if other.side == spec.side:
        return "it is not an enemy unit"
    if not other.vehicle:
        return (
            "Close Assault is only against enemy Vehicle units [ADV IV.A.1.b] (or a Pillbox "
            "or Bunker unit, by its hex number)"
        )
    if target not in state.troops.hexes or state.transported(target):
        return "the target is not on the map"
    return why_not_assaulter(state, unit, state.troops.hexes[target])


def why_not_assaulter(state: ArmorState, unit: str, b: Hex) -> str | None:
    """Why ``unit`` may not Close Assault into the hex ``b``, the target aside, or None
    [ADV IV.A.1]: an Infantry unit, not Suppressed, not a Bailed Out Crew, not transported,
    adjacent, not through a Crest hexside."""
    spec = state.game.units[unit]
    if not spec.leg or spec.mg_team:
        return "only Infantry units may be given Close Assault orders [ADV IV.A.1.a]"
    if state.suppressed(unit):
        return "Suppressed Infantry units may not Close Assault [ADV IV.A.1.c]"
    if spec.crew_of is not None:
        return "Bailed Out Crew units may not Close Assault [ADV IX.A.3.b]"
    if state.transported(unit) or unit in state.troops.stage:
        return "a transported unit may not Close Assault (our reading: it must Unload first)"
    if unit not in state.troops.hexes:
        return "it is not on the map"
    a = state.troops.hexes[unit]
    if a.distance(b) != 1:
        return "the target is not in an adjacent hex [ADV IV.A.1.b]"
    parts = state.game.movement.cost("leg", b, a).parts
    if any("crest" in p.what for p in parts):
        return "not through a Crest hexside [ADV IV.A.1.b]"
    return None


def options(state: ArmorState, unit: str) -> list[str]:
    """The enemy units ``unit`` may Close Assault now [ADV IV.A.1]."""
    side = state.game.units[unit].side
    return [
        t
        for s in state.game.sides
        if s != side
        for t in state.alive(s)
        if why_not_assault(state, unit, t) is None
    ] + strikes.assault_options(state, unit)  # a Pillbox or Bunker, by hex [ADV IV.A.1]


def close_assault_phase(state: ArmorState) -> None:
    """The Close Assault Phase [ADV VII]: every plotted Close Assault resolved, the results
    applied once all are resolved."""
    pending: list[tuple[str, str, str]] = []
    razed: list[Pending] = []
    count = 0
    for side in (state.game.german, state.game.allied):
        for unit, order in sorted(state.sheets.orders[side].items()):
            if order.assault is None or unit not in state.troops.hexes:
                continue
            count += 1
            why = why_not_assault(state, unit, order.assault)
            if why is not None:
                note = f"{unit}'s Close Assault on {order.assault} does not take place: {why}"
                state.emit(PhaseNote("Close Assault Phase", note, "[ADV VII; ADV X.C]"))
                continue
            if strikes.is_target(state, order.assault):  # a Pillbox or Bunker [ADV VII.B]
                aimed = strikes.assault_target(state, order.assault)
                razed.extend(strikes.resolve(state, unit, aimed, True, close_assault=True))
                continue
            pending.extend((order.assault, e, unit) for e in resolve(state, unit, order.assault))
    if not count:
        note = "nothing to resolve: no unit has Close Assault ('A-') orders"
        state.emit(PhaseNote("Close Assault Phase", note, "[ADV II; ADV IV.A.1; ADV VII]"))
    for target, effect, by in pending:  # simultaneous [ADV VII]
        state.inflict(target, effect, by)  # a Close Assault's Knock Out counts [OP XVII.G.1]
    for p in razed:  # "Results also apply to Bunker and Pillbox units" [ADV VII.B.3]
        for inside in strikes.raze(state, p):
            state.inflict(inside, "knocked-out", p.by)
    # a Knock Out by Close Assault: the transported units roll to bail out [ADV IX.B.3]
    bailout.check(state, [Pending(t, e, "") for t, e, _ in pending])


@dataclass(frozen=True)
class _Assault:
    """A Close Assault up to the die [ADV VII.B]."""

    factor: int
    modifiers: tuple[Modifier, ...]
    modified: int
    column: str
    defense: int
    moving: bool
    why: str
    placeholder: str | None
    n: int
    s: int
    hit_note: str | None
    dice: tuple[Modifier, ...]


def _aim(state: ArmorState, unit: str, target: str, moving: bool | None = None) -> _Assault:
    """The Close Assault worked out up to the die; ``moving`` stands in for the target's
    orders (None: as plotted)."""
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    factor = gp_factor(state, unit, 1, moving=True)  # MV at 1-2 hexes [VII.B.1]
    mods: list[Modifier] = []
    if state.game.level(b) > state.game.level(a):
        mods.append(Modifier("target on a higher level: x1/2", 0, "[ADV VII.B.2]"))
    halves = len(mods)
    plus = special_infantry.gp_bonus(state, unit, close_assault=True)  # [OP V.A-B]
    if plus is not None:
        mods.insert(0, plus)
    modified = (factor + (plus.value if plus is not None else 0)) >> halves
    if moving is None:
        moving = state.hexes_ordered(target) > 0
    found = close_assault_defense(state.game.units[target])
    defense = max(1, found.value - 1) if moving else found.value
    why = f"the Vehicle's {'MV' if moving else 'NM'} Close Assault Defense Factor [ADV VII.B.1]"
    n, s, hit_note = hit_line(defense, column(modified))
    dice: tuple[Modifier, ...] = (
        Modifier("Open Vehicle", 10, "[ADV VII.B.3; GC1 GP Fire Modifiers]"),
    )
    if target in state.hatches.buttoned:  # no +10 against a Buttoned one [AG VIII.B]
        dice = (Modifier("Buttoned Vehicle", 0, "[ADV VII.B.3; GC1 GP Fire Modifiers]"),)
    elite = special_infantry.close_assault_modifier(state, unit)  # Rangers [OP V.C.2]
    if elite is not None:
        dice = (*dice, elite)
    return _Assault(factor, tuple(mods), modified, column(modified), defense, moving, why,
                    found.placeholder, n, s, hit_note, dice)  # fmt: skip


def chance(state: ArmorState, unit: str, target: str) -> tuple[str, float, float]:
    """The Close Assault up to the die, in words with each modifier, and the chances (0-1) of
    a Knocked Out and of a Suppressed result on the Vehicle, the target taken as not moving
    (its orders are secret [AG V]) [ADV VII.B]."""
    shot = _aim(state, unit, target, moving=False)
    if shot.modified <= 0:
        return "GP Factor 0: no effect possible [ADV VII.B]", 0.0, 0.0
    shift = sum(m.value for m in shot.dice)
    results = [result_of(r, r + shift, shot.n, shot.s) for r in range(1, 101)]
    kills, hurts = results.count("K"), results.count("S")
    factor = f"MV GP Factor {shot.factor} at 1-2 hexes"
    if shot.modifiers:
        halved = "".join(f", {m.what} {m.rule}" for m in shot.modifiers)
        factor += f"{halved} = {shot.modified}"
    rolled = " ".join(f"{m.value:+d} {m.what}" for m in shot.dice)
    words = (
        f"Close Assault: {factor} (column {shot.column}) against Close Assault Defense "
        f"{shot.defense} ({shot.why}); roll {rolled}: N {shot.n:02d}, S {shot.s:02d}; Knocked "
        f"Out on {kills} in 100, Suppressed on {hurts} [ADV VII.B; GC1 GP Hit Table]"
    )
    return words, kills / 100, hurts / 100


def resolve(state: ArmorState, unit: str, target: str) -> tuple[str, ...]:
    """One Close Assault, explained in a :class:`~rules.armor.events.GpFire`; its effects on
    the Vehicle (``knocked-out`` or ``suppressed``), not yet applied [ADV VII.B]."""
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    shot = _aim(state, unit, target)
    roll = state.roll(f"Close Assault {unit} on {target}", 100)
    modified_roll = roll + sum(m.value for m in shot.dice)
    result = result_of(roll, modified_roll, shot.n, shot.s) if shot.modified > 0 else "N"
    effects: tuple[str, ...] = {"K": ("knocked-out",), "S": ("suppressed",)}.get(result, ())
    notes = [GP_FACTOR_PLACEHOLDER, shot.placeholder, MV_PLACEHOLDER if shot.moving else None]
    notes.append(shot.hit_note)
    state.emit(
        GpFire(
            unit,
            target,
            range_between(a, b),
            a.distance(b),
            "MV",
            shot.factor,
            shot.modifiers,
            shot.modified,
            shot.column,
            shot.defense,
            shot.why,
            shot.dice,
            shot.n,
            shot.s,
            roll,
            modified_roll,
            result,
            EFFECTS_ROW,
            effects,
            "[ADV VII; GC1 GP Hit Table, Effects of GP Hits]",
            placeholder="; ".join(dict.fromkeys(x for x in notes if x)),
            verb="Close Assaults",
            factor_rule="(range 1-2 hexes) [ADV VII.B.1]",
        )
    )
    return effects
