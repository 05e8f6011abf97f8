"""Panzer '44 Direct Fire and Close Assault: who may fire at what, and each attack explained.

The book's procedure [6.0] for one unit attacking one unit, step by step as the Attack
Procedure Chart [6.85] gives it for the pairing (its cells, with their provenance, are read from
``resources/panzer44/tables/attack-procedure.yaml``):

1. range attenuation of the Attack Strength (R and M only; H is insensitive [6.93]; none in a
   Close Assault) from the Range Attenuation Table [6.91];
2. less the target's Defense Strength (4 for H Tight Pattern fire at a Hard target [6.86]),
   giving the Net Attack Superiority; below -3 is prohibited, above +8 reads +8 [6.81];
3. a die roll;
4. reduced by the single best terrain benefit [10.21], [10.25]: the target's hex, or a crest or
   slope hexside the fire crosses into it [10.23]-[10.24] (never against H fire [10.22]; a slope
   only for the unit in the splashed hex [10.31]); none for H Tight at Hard targets [10.22] nor
   in a Close Assault [6.65]; none for a Soft target plotted to move [7.4]; less one more in a
   Close Assault on a target plotted to move [6.66] (:mod:`rules.panzer44.terrain_fire`);
5. the Combat Results Table [6.81] cell (most cells are the data library's placeholders, and
   the event says so).

Eligibility: a unit with an Attack Strength [6.32] that is on the map, not carried [9.4], not
disrupted [6.32], [6.82]; a target hex within its printed range [6.92] that it spots: a clear
line of sight [6.31], [11.0], and for a target in town or woods a range of at most 3 hexes
unless the target has fired from that hex [11.14]. R class fire may not attack Hard targets
[6.62]; Close Assault is R class against an adjacent Hard target, not across an impassable
river hexside [6.61]-[6.65]. A scenario's ban on a side's Direct Fire (19.1, 19.2) bans its
Close Assaults with it, "a specialized type of Direct Fire" [6.0]
(:mod:`rules.panzer44.scenario_rules`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.hexes import Hex, Hexside
from model.provenance import Field_, Value, unwrap
from model.systems import GameSystem
from model.tables import Table, tables
from rules.engine.events import Modifier
from rules.panzer44.actions import Plot
from rules.panzer44.events import FireResolved, FireVoid
from rules.panzer44.scenario_rules import fire_banned
from rules.panzer44.setup import UnitSpec
from rules.panzer44.terrain_fire import effect, terrain_modifier

if TYPE_CHECKING:
    from rules.panzer44.game import Panzer44State

P44 = "Panzer '44"
CRT = f"Combat Results Table {P44} [6.81]"


def _table(table_id: str) -> Table:
    return tables(GameSystem.PANZER44)[table_id]


def _placeholder(item: Field_) -> str | None:
    return item.placeholder if isinstance(item, Value) else None


# --- who may fire at what ---------------------------------------------------------------------


def why_not_fire(state: Panzer44State, unit: str) -> str | None:
    """Why ``unit`` may not fire now, or None."""
    spec = state.game.specs[unit]
    if unit not in state.board.hexes:
        return "it is not on the map"
    if not spec.combat_unit:
        return "it has no Attack Strength [6.32], [18.5]"
    if unit in state.board.carried_by:
        return "a passenger may not fire [9.4]"
    if state.fire.disruption.get(unit, 0):
        return f"it is disrupted (D{state.fire.disruption[unit]}) and may not fire [6.32], [6.82]"
    return None


def why_not_direct_fire(state: Panzer44State, unit: str, task: str) -> str | None:
    """The scenario's ban on the Direct Fire of ``unit``'s side this Game-Turn, if any (19.1,
    19.2), or None; a Close Assault (``task`` CA) with it, "a specialized type of Direct Fire"
    [6.0]."""
    why = fire_banned(state, state.game.specs[unit].side, "direct")
    if why is not None and task == "CA":
        return f"{why}; a Close Assault is a specialized type of Direct Fire [6.0]"
    return why


def spots(state: Panzer44State, firer: str, target: str) -> str | None:
    """Why ``firer`` cannot spot ``target``, or None when it can [6.31], [11.0], [11.14]."""
    if can_spot(state, firer, target):
        return None
    game = state.game
    a, b = state.board.hexes[firer], state.board.hexes[target]
    if not game.sees(a, b):
        los = game.los(a, b)
        return f"no clear line of sight: {los.explanation} ({los.rule})"
    reach, source = effect(game.terrain.terrain(b), "spotting_range")
    far = reach is not None and a.distance(b) > int(str(unwrap(reach)))
    if far and state.fire.spotted.get(target) != b:
        return (
            f"{target} is in {game.terrain.terrain(b)}: spotted only within "
            f"{unwrap(reach)} hexes unless it has fired from there ({source}) [11.14]"
        )
    return None


def can_spot(state: Panzer44State, firer: str, target: str) -> bool:
    """Whether ``firer`` spots ``target`` (:func:`spots` without the reason: the legal-action
    lists ask this thousands of times a game, and the reason needs the full line of sight)."""
    game = state.game
    a, b = state.board.hexes[firer], state.board.hexes[target]
    if not game.sees(a, b):
        return False
    reach, _ = effect(game.terrain.terrain(b), "spotting_range")
    if reach is None or a.distance(b) <= int(str(unwrap(reach))):
        return True
    return state.fire.spotted.get(target) == b


def procedure_row(spec: UnitSpec, target: UnitSpec, task: str, pattern: str | None) -> str:
    """The Attack Procedure Chart row [6.85] for the pairing."""
    kind = "Hard" if target.hard else "Soft"
    if spec.weapon_class == "H":
        return f"H{pattern or 'T'} vs. {kind}"
    if spec.weapon_class == "M":
        return "M vs. All Types"
    if target.hard:
        return (
            "R vs. Hard (Close Assault)"
            if task == "CA"
            else "R vs. Hard (other than Close Assault)"
        )
    return "R vs. Soft"


@functools.cache
def _cells(row: str) -> tuple[Field_, ...]:
    """The row's cells, read once (the data library's tables do not change during play)."""
    table = _table("attack-procedure")
    return tuple(table.cell(row, c) for c in table.columns)


def _yes(item: Field_) -> bool:
    return str(unwrap(item)).startswith("Yes")


@functools.cache
def attenuation(distance: int) -> tuple[int, int, str]:
    """The Range Attenuation Table [6.91] band: (multiplier, modifier, band), read once per
    distance (the table does not change during play)."""
    table = _table("range-attenuation")
    for row in table.rows:
        low, high = unwrap(row.cells[0]), unwrap(row.cells[1])
        if int(str(low)) <= distance and (high is None or distance <= int(str(high))):
            return int(str(unwrap(row.cells[3]))), int(str(unwrap(row.cells[4]))), str(row.key)
    raise ValueError(f"no range band for {distance}")


@dataclass(frozen=True)
class Attack:
    """One attack worked out up to the roll: everything but the die."""

    firer: str
    target: str
    task: str
    procedure: str
    distance: int
    attack: int
    defense: int
    superiority: int
    modifiers: tuple[Modifier, ...]
    terrain: int
    placeholders: tuple[str, ...]
    prohibited: str | None = None


def _strengths(
    spec: UnitSpec, tgt: UnitSpec, cells: Sequence[Field_], distance: int
) -> tuple[int, int, int, list[Modifier], str | None]:
    """Steps 1 and 2 of an attack the chart allows: (attack, defense, Net Attack Superiority,
    modifiers, why prohibited or None) [6.81], [6.86], [6.91]."""
    mods: list[Modifier] = []
    attack = spec.attack_strength
    if _yes(cells[0]):
        times, plus, band = attenuation(distance)
        attack = attack * times + plus
        if times != 1 or plus:
            what = f"range {distance} (band {band}): " + ("doubled" if times == 2 else "")
            mods.append(Modifier(what.rstrip(": "), attack - spec.attack_strength, "[6.91]"))
    defense = 4 if str(unwrap(cells[1])) == "Yes (4)" else tgt.defense_strength
    if defense != tgt.defense_strength:
        mods.append(Modifier("H Tight Pattern at a Hard target: Defense 4", 0, "[6.86]"))
    nas = attack - defense
    prohibited = None
    if nas < -3:
        prohibited = f"Net Attack Superiority {nas:+d} is below -3: prohibited [6.81]"
    elif nas > 8:
        mods.append(Modifier(f"superiority {nas:+d} read as +8", 8 - nas, "[6.81]"))
        nas = 8
    return attack, defense, nas, mods, prohibited


def prohibition(state: Panzer44State, firer: str, target: str, plot: Plot) -> str | None:
    """``prepare(state, firer, target, plot).prohibited`` without working out the terrain
    (which never decides whether an attack is prohibited): the check the plots need."""
    game = state.game
    spec, tgt = game.specs[firer], game.specs[target]
    row = procedure_row(spec, tgt, plot.task, plot.pattern)
    cells = _cells(row)
    if not _yes(cells[4]):
        return f"the Attack Procedure Chart forbids {row} [6.85], [6.86], [6.62]"
    distance = state.board.hexes[firer].distance(state.board.hexes[target])
    return _strengths(spec, tgt, cells, distance)[4]


def prepare(state: Panzer44State, firer: str, target: str, plot: Plot) -> Attack:
    """The attack of ``firer`` on ``target`` as plotted, without the die [6.0], [6.85]."""
    return prepare_attack(state, state.game.specs[firer], state.board.hexes[firer], target, plot)


def prepare_attack(
    state: Panzer44State, spec: UnitSpec, origin: Hex | None, target: str, plot: Plot
) -> Attack:
    """:func:`prepare` for a firer given by its values and hex: an on-map unit, or off-board
    artillery and air support (``origin`` None: no range, no hexside crossed) [15.11], [16.0].
    """
    game = state.game
    firer, tgt = spec.id, game.specs[target]
    row = procedure_row(spec, tgt, plot.task, plot.pattern)
    cells = _cells(row)
    notes = [f"[6.85] {row}: {p}" for c in cells if (p := _placeholder(c))]
    distance = origin.distance(state.board.hexes[target]) if origin is not None else 0
    if not _yes(cells[4]):
        why = f"the Attack Procedure Chart forbids {row} [6.85], [6.86], [6.62]"
        return Attack(firer, target, plot.task, row, distance, 0, 0, 0, (), 0, (), why)
    attack, defense, nas, mods, prohibited = _strengths(spec, tgt, cells, distance)
    terrain = 0
    if _yes(cells[3]):
        terrain, found = terrain_modifier(state, spec, origin, target)
        mods.extend(found)
    else:
        rule = "[6.65]" if plot.task == "CA" else "[10.22]"
        mods.append(Modifier("terrain has no effect on this attack", 0, f"[6.85] {rule}"))
    if plot.task == "CA" and target in state.plotted_to_move():
        mods.append(Modifier("Close Assault on a target plotted to move", -1, "[6.66]"))
        terrain -= 1
    notes.extend(m.placeholder for m in mods if m.applied and m.placeholder)
    for unit in (spec, tgt):
        if unit.values_placeholder:
            notes.append(unit.values_placeholder)
    return Attack(
        firer, target, plot.task, row, distance, attack, defense, nas, tuple(mods), terrain,
        tuple(notes), prohibited,
    )  # fmt: skip


# --- plots ------------------------------------------------------------------------------------


def targets_in(
    state: Panzer44State, plot: Plot, h: Hex, occupants: Mapping[Hex, list[str]] | None = None
) -> list[str]:
    """The units the plotted fire attacks in ``h``: every unit for H fire [6.14], [6.22], the
    enemy units for R and M [6.13]; a passenger never, only its carrier [9.21].

    ``occupants`` (from :func:`occupancy` of the same position) saves a look at every unit."""
    side = state.game.specs[plot.unit].side
    h_fire = state.game.specs[plot.unit].weapon_class == "H" and plot.task == "DF"
    there = (
        [u for u, where in state.board.hexes.items() if where == h]
        if occupants is None
        else occupants.get(h, [])
    )
    return sorted(
        u
        for u in there
        if u != plot.unit
        and u not in state.board.carried_by
        and (h_fire or state.game.specs[u].side != side)
    )


def occupancy(state: Panzer44State) -> dict[Hex, list[str]]:
    """The units in each occupied hex now (for :func:`targets_in` while nothing moves)."""
    found: dict[Hex, list[str]] = {}
    for u, h in state.board.hexes.items():
        found.setdefault(h, []).append(u)
    return found


def zone(state: Panzer44State, plot: Plot, h: Hex) -> list[Hex]:
    """The hexes H fire affects: the impact hex, and for Loose Pattern its six neighbours
    [6.21]."""
    spec = state.game.specs[plot.unit]
    if spec.weapon_class == "H" and plot.pattern == "L":
        return [h, *(n for n in h.neighbors() if n in state.game.terrain)]
    return [h]


def why_not_target(
    state: Panzer44State, plot: Plot, h: Hex, occupants: Mapping[Hex, list[str]] | None = None
) -> str | None:
    """Why ``plot`` (DF or CA) may not be plotted at hex ``h``, or None [6.3], [6.6], [11.21].

    ``occupants``: as for :func:`targets_in`."""
    spec = state.game.specs[plot.unit]
    here = state.board.hexes[plot.unit]
    distance = here.distance(h)
    if plot.task == "CA":
        if spec.weapon_class != "R":
            return "only R Class units Close Assault [6.61]"
        if distance != 1:
            return "a Close Assault is against an adjacent Hard target [6.61]"
        side = Hexside.between(here, h)
        for feature in state.game.terrain.hexside_features(side):
            across, _ = effect(feature, "close_assault_across")
            if across is not None and unwrap(across) == "prohibited":
                return f"not across an impassable {feature} hexside [6.65]"
    elif distance > spec.range:
        return f"{distance} hexes is beyond its range of {spec.range} [6.92]"
    enemies = [
        u for u in targets_in(state, plot, h, occupants) if state.game.specs[u].side != spec.side
    ]
    if not enemies:
        return "there is no enemy unit there to fire at [6.31]"
    reasons = []
    for target in enemies:
        why = spots(state, plot.unit, target) if plot.task == "DF" else None
        if why is None:
            if plot.task == "CA" and not state.game.specs[target].hard:
                why = "only Hard targets may be Close Assaulted [6.62]"
            else:
                why = prohibition(state, plot.unit, target, plot)
        if why is None:
            return None
        reasons.append(why)
    return reasons[0]


@dataclass(frozen=True)
class Targets:
    """The board as the fire plots of many units read it while nothing moves: the units in
    each occupied hex (:func:`occupancy`) and, for each side, the hexes holding its enemies,
    by name."""

    occupants: Mapping[Hex, list[str]]
    enemy_hexes: Mapping[str, tuple[Hex, ...]]


def targets_now(state: Panzer44State) -> Targets:
    """:class:`Targets` for the board as it stands."""
    occupants = occupancy(state)
    specs = state.game.specs
    by_name = sorted(occupants, key=state.game.name)
    return Targets(
        occupants,
        {
            side: tuple(h for h in by_name if any(specs[u].side != side for u in occupants[h]))
            for side in state.game.sides
        },
    )


def fire_plots(state: Panzer44State, unit: str, targets: Targets | None = None) -> list[Plot]:
    """Every DF and CA plot legal for ``unit`` now, in a stable order (enemy hexes by name);
    none while the scenario bans its side's Direct Fire (:func:`why_not_direct_fire`).

    ``targets``: :func:`targets_now`, when the caller lists many units' plots at once."""
    if why_not_fire(state, unit) is not None:
        return []
    if why_not_direct_fire(state, unit, "DF") is not None:
        return []
    game = state.game
    spec = game.specs[unit]
    here = state.board.hexes[unit]
    if targets is None:
        targets = targets_now(state)
    occupants = targets.occupants
    reach = max(spec.range, 1)
    hexes = [h for h in targets.enemy_hexes[spec.side] if h.distance(here) <= reach]
    found: list[Plot] = []
    assaults = spec.weapon_class == "R"  # only R Class units Close Assault [6.61]
    for h in hexes:
        for task in ("DF", "CA") if assaults and h.distance(here) == 1 else ("DF",):
            if task == "DF" and not game.sees(here, h):
                continue  # no unit there is spotted [11.0]: skip the reasons why
            plot = Plot(unit, task, game.name(h))
            if why_not_target(state, plot, h, occupants) is None:
                found.append(plot)
    return found


# --- resolution -------------------------------------------------------------------------------


def resolve(state: Panzer44State, plot: Plot) -> list[tuple[str, str]]:
    """Execute one plotted DF or CA: each attack rolled and explained in a :class:`FireResolved`
    event; returns the (unit, result) pairs to apply at the end of the phase [5.1]."""
    why = why_not_fire(state, plot.unit)
    h = state.game.amap.resolve(plot.target or "")
    if why is None:
        why = why_not_target(state, plot, h)
    if why is not None:
        state.emit(FireVoid(plot.unit, plot.text(), why))
        return []
    results: list[tuple[str, str]] = []
    for target in victims(state, plot, h):
        attack = prepare(state, plot.unit, target, plot)
        if attack.prohibited is not None:
            state.emit(FireVoid(plot.unit, plot.text(), f"at {target}: {attack.prohibited}"))
            continue
        result = roll_attack(state, attack)
        if result != "•":
            results.append((target, result))
    # it fired: spotted at any range [11.14]
    state.fire.spotted[plot.unit] = state.board.hexes[plot.unit]
    return results


def victims(state: Panzer44State, plot: Plot, h: Hex) -> list[str]:
    """The units a fire plot at ``h`` attacks: every unit in the impact zone for H-class fire
    [6.22]; otherwise the one the firer does best against (standing in for the player's
    choice [6.13], [6.35])."""
    spec = state.game.specs[plot.unit]
    if spec.weapon_class == "H" and plot.task == "DF":
        return [u for z in zone(state, plot, h) for u in targets_in(state, plot, z)]
    best: tuple[int, str] | None = None
    for target in targets_in(state, plot, h):
        if plot.task == "DF" and spots(state, plot.unit, target) is not None:
            continue
        attack = prepare(state, plot.unit, target, plot)
        if attack.prohibited is None and (best is None or attack.superiority > best[0]):
            best = (attack.superiority, target)
    return [best[1]] if best else []


#: The rule of each fire task, cited by every attack it makes.
TASK_RULES = {"DF": "[6.3]", "CA": "[6.6]", "IF": "[6.4]", "CB": "[6.7]", "OF": "[6.5]"}


def roll_attack(state: Panzer44State, attack: Attack, rule: str | None = None) -> str:
    """Roll one prepared attack and explain it in a :class:`FireResolved` event; its result.

    ``rule``: the rules the event cites, when not the task's own (off-board support)."""
    roll = state.roll(f"{attack.task} {attack.firer} at {attack.target} [6.0]")
    modified = max(-3, roll + attack.terrain)
    cell = _table("combat-results").cell(modified, attack.superiority)
    result = str(unwrap(cell))
    notes = list(attack.placeholders)
    if (p := _placeholder(cell)) is not None:
        notes.insert(0, f"CRT row {modified} column {attack.superiority:+d}: {p}")
    rule = rule or f"{P44} [6.0], [6.81], [6.85], {TASK_RULES.get(attack.task, '[6.3]')}"
    where = state.game.amap.name(state.board.hexes[attack.target])
    state.emit(
        FireResolved(
            attack.firer, attack.target, where, attack.task, attack.procedure,
            attack.distance, attack.attack, attack.defense, attack.superiority, roll, modified,
            result, attack.modifiers, CRT, rule, "; ".join(notes) or None,
        )
    )  # fmt: skip
    return result
