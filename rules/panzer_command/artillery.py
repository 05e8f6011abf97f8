"""Panzer Command's Indirect Fire and Counter-Battery Fire Actions [§14.3-14.4].

- Indirect Fire: an H or Hm Class unit, in its Segment or for a Command (never as Opportunity
  Fire or in a Close Assault, never Concentrated), not Suppressed, not carried, and not adjacent
  to an un-Suppressed enemy unit [§6.5 note; §14.3], attacks an enemy unit within its printed
  Range [§14.3 note]. The target must be Spotted: by the battery itself if it has a line of
  sight to it (no radio contact needed), else by one other friendly, un-Suppressed unit with a
  line of sight, after a Radio Contact roll on the spotter's Troop Quality and nationality; then
  a roll on the Spotting Table by the range from spotter (exclusive) to target (inclusive). A
  failed roll wastes the Action [§14.3].
- Counter-Battery Fire: an enemy battery able to fire indirect, within Range, that has made
  Indirect Fire attacks from the hex it occupies is Spotted, without a line of sight, on a 0
  after one attack, 0-1 after two, up to 0-3; 4 or more always fails [§14.4]. The count is kept
  per battery and hex (it restarts when the battery moves).
- The attack: the Indirect Fire column of the Combat Modifiers Summary (Cohesion Hits, Defense
  Rating, stacking, terrain; works, but not the firer's [§16.5; §19]) and the CRT's Indirect Fire
  columns [§14.3]. In a hex of several enemy units, the one that suffers it is drawn at random
  (a tank and its passengers count as one) [§14.3].

- Off-map batteries, their Counter-Battery spotting, pre-plotted hexes (spotter ``plotted``) and
  the Katyusha's three shots [§14.5-14.7]: :mod:`rules.panzer_command.offmap`; the procedure
  here (:func:`resolve`) serves them all.

Missing, named: the Troop Quality modifier (as for Direct Fire). Our reading: Test Play and
the bots are offered a pre-plotted hex first, else the battery's own sight, else the nearest
friendly spotter (any friendly spotter with a line of sight is accepted when written).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rules.engine.actions import Action
from rules.panzer_command.actions import FireExplained, IndirectFire, PositionChanged
from rules.panzer_command.fire import IF, apply_results, attack, d10
from rules.panzer_command.night import is_night
from rules.panzer_command.offmap import (
    PLOTTED,
    count_shot,
    fire_range,
    offmap_battery,
    why_not_plotted,
)
from rules.panzer_command.transport import riders
from rules.panzer_command.units import cell
from rules.panzer_command.zones import pinned, sees

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

COUNTER = "counter-battery"
CB_MOST = 4  # the Counter-Battery rows stop at 4 attacks (spotted on 0-3) [§14.4]


def can_fire_indirect(state: PcState, unit: str) -> bool:
    """An H or Hm Class unit able to fire indirect now [§14.3]."""
    spec = state.game.units[unit]
    return (
        spec.weapon_class in ("H", "Hm")
        and spec.attack is not None
        and unit in state.troops.hexes
        and unit not in state.troops.suppressed
        and unit not in state.troops.mounted
    )


def why_not_indirect(state: PcState, action: IndirectFire) -> str | None:
    """Why the Indirect Fire may not be made now, or None [§14.3-14.6]."""
    game, troops = state.game, state.troops
    unit, target = action.unit, action.target
    spec = game.units[unit]
    if spec.weapon_class not in ("H", "Hm") or spec.attack is None:
        return "only H and Hm Class artillery fires indirect [§14.1; §14.3]"
    if unit not in troops.hexes or unit in troops.mounted:
        return "the battery is not on the map, or is carried [§13.2; §14.3]"
    if unit in troops.suppressed:
        return "a Suppressed unit performs no Action but Rally [§11.1]"
    if pinned(state, unit):
        return "an un-Suppressed enemy unit is adjacent: no Indirect Fire [§6.5 note; §14.3]"
    if action.spotter == COUNTER and offmap_battery(state, target):
        return _why_not_counter_offmap(state, action)
    why = why_not_target(state, unit, target)
    if why is not None:
        return why
    if troops.hexes[unit].distance(troops.hexes[target]) > spec.range:
        return f"the target is beyond the battery's printed Range {spec.range} [§14.3 note]"
    if action.spotter == COUNTER:
        if game.units[target].weapon_class not in ("H", "Hm"):
            return "Counter-Battery Fire is only at enemy artillery firing indirect [§14.4]"
        if not troops.fired.get(target):
            return "the enemy battery has made no Indirect Fire from its hex [§14.4]"
        return None
    if action.spotter == PLOTTED:
        return why_not_plotted(state, unit, target)
    return why_not_spotter(state, action)


def why_not_target(state: PcState, unit: str, target: str) -> str | None:
    """Why ``target`` is no unit an Indirect Fire of ``unit`` may aim at, or None [§14.3]."""
    troops, game = state.troops, state.game
    if target not in troops.hexes or game.units[target].side == game.units[unit].side:
        return f"'{target}' is not an enemy unit on the map"
    if target in troops.mounted and troops.mounted[target] not in ("truck", "spw"):
        return "a tank's passenger is attacked with its tank [§14.3]"
    return None


def _why_not_counter_offmap(state: PcState, action: IndirectFire) -> str | None:
    """Counter-Battery Fire at an off-map battery: once it has fired from off the map, within
    Range of the imaginary hex beyond its edge hex [§14.5]."""
    game, troops = state.game, state.troops
    target, spec = action.target, game.units[action.unit]
    anchor = state.support.anchors.get(target)
    if game.units[target].side == spec.side:
        return f"'{target}' is no enemy battery"
    if anchor is None or not troops.fired.get(target):
        return "the off-map battery has made no Indirect Fire from off the map [§14.5]"
    rng = fire_range(state, game.by_name[anchor], troops.hexes[action.unit])
    if rng > spec.range:
        return f"the off-map battery is {rng} hexes away, beyond the Range {spec.range} [§14.5]"
    return None


def why_not_spotter(state: PcState, action: IndirectFire) -> str | None:
    troops = state.troops
    spotter = action.spotter or action.unit
    spec = state.game.units.get(spotter)
    if spec is None or spec.side != state.game.units[action.unit].side:
        return f"'{spotter}' is no friendly unit [§14.3]"
    if spotter not in troops.hexes or spotter in troops.suppressed or spotter in troops.mounted:
        return "the spotter is on the map, not Suppressed and not carried [§14.3]"
    if not sees(state, troops.hexes[spotter], troops.hexes[action.target]):
        return f"{spotter} has no line of sight to the target [§14.3]"
    if is_night(state) and troops.hexes[spotter].distance(troops.hexes[action.target]) > 1:
        return "at night a spotter spots only units adjacent to it [§20.2]"
    return None


def spotters(state: PcState, unit: str, target: str) -> list[str]:
    """The spotter offered: the battery itself with a line of sight, else the nearest friendly
    unit that may spot (our reading)."""
    if why_not_spotter(state, IndirectFire(unit, target, unit)) is None:
        return [unit]
    side = state.game.units[unit].side
    listing = state.listing
    if listing is None:
        able = _able_spotters(state, unit, side, target)
    else:  # the same for each battery of the side while the legal actions are listed
        key = ("spotters", side, target)
        if key not in listing:
            listing[key] = _able_spotters(state, unit, side, target)
        able = cast(list[str], listing[key])
    return [u for u in able if u != unit][:1]


def _able_spotters(state: PcState, unit: str, side: str, target: str) -> list[str]:
    """The side's units that may spot ``target`` for a battery of theirs (``unit``, whose
    side alone counts), nearest first, in printed-ID order at the same distance [§14.3]."""
    at = state.troops.hexes[target]
    able = [
        u
        for u in sorted(state.troops.hexes)
        if state.game.units[u].side == side
        and why_not_spotter(state, IndirectFire(unit, target, u)) is None
    ]
    able.sort(key=lambda u: state.troops.hexes[u].distance(at))
    return able


def indirect_options(state: PcState, unit: str) -> list[Action]:
    if not can_fire_indirect(state, unit):
        return []
    found: list[IndirectFire] = []
    side = state.game.units[unit].side
    for t in sorted(state.troops.hexes):
        if state.game.units[t].side == side:
            continue
        if why_not_plotted(state, unit, t) is None:
            found.append(IndirectFire(unit, t, PLOTTED))
        else:
            found += [IndirectFire(unit, t, s) for s in spotters(state, unit, t)]
        if state.troops.fired.get(t):
            found.append(IndirectFire(unit, t, COUNTER))
    for t in sorted(state.support.anchors):
        if state.game.units[t].side != side and offmap_battery(state, t):
            found.append(IndirectFire(unit, t, COUNTER))
    legal: list[Action] = [a for a in found if why_not_indirect(state, a) is None]
    return legal


def indirect(state: PcState, action: IndirectFire) -> None:
    """The Indirect Fire Action [§14.3-14.4; §14.6]: spot, then attack."""
    resolve(state, action.unit, action.target, action.spotter)


def resolve(state: PcState, unit: str, target: str, spotter: str) -> None:
    """Spot (a unit's sight, radio contact, Counter-Battery, or a pre-plotted hex), then attack
    the unit of the hex that suffers it [§14.3-14.6]; a unit of limited shots counts one
    [§14.7]."""
    if spotter == COUNTER:
        spotted = _counter_spot(state, target)
    elif spotter == PLOTTED:
        spotted = True
        state.emit(
            PositionChanged(unit, "fires at a pre-plotted hex: always Spotted, no roll", "[§14.6]")
        )
    else:
        spotted = _spot(state, unit, target, spotter)
    state.troops.fired[unit] = state.troops.fired.get(unit, 0) + 1
    if not spotted:
        state.emit(PositionChanged(unit, "the Indirect Fire is wasted: not Spotted", "[§14.3]"))
    else:
        _attack(state, unit, _drawn(state, unit, target))
    count_shot(state, unit)


def _attack(state: PcState, unit: str, aim: str) -> None:
    n = len(state.log)
    result = attack(state, unit, aim, IF)
    hit = any(isinstance(e, FireExplained) and e.hit for e in state.log[n:])
    hits = [(aim, result, hit)]
    for rider in riders(state, aim):  # a tank and its passengers count as one [§14.3]
        n = len(state.log)
        found = attack(state, unit, rider, IF)
        hits.insert(
            0, (rider, found, any(isinstance(e, FireExplained) and e.hit for e in state.log[n:]))
        )
    apply_results(state, hits)


def spot_chance(state: PcState, unit: str, target: str, spotter: str) -> tuple[float, str]:
    """The chance the fire is Spotted, and how, without rolling [§14.3-14.6]."""
    if spotter == PLOTTED:
        return 1.0, "a pre-plotted hex: always Spotted [§14.6]"
    if spotter == COUNTER:
        times = min(CB_MOST, state.troops.fired.get(target, 0))
        column = (
            f"{'off' if target not in state.troops.hexes else 'on'}-map battery: spotted on d10 <="
        )
        need = int(str(cell("counter-battery-spotting", times, column).value))
        return (need + 1) / 10, f"Counter-Battery: spotted on 0-{need} [§14.4-14.5]"
    troops, chance, how = state.troops, 1.0, []
    if spotter != unit:
        tq = state.troop_quality(spotter)
        nation = next(
            s for s in state.game.scenario.sides if s.id == state.game.units[spotter].side
        )
        col = "German" if nation.nation == "germany" else "Soviet"
        need = int(str(cell("radio-contact", tq, col).value))
        chance = min(10, need + 1) / 10
        how.append(f"radio contact on 0-{need} [§14.3]")
    rng = troops.hexes[spotter].distance(troops.hexes[target])
    need = int(str(cell("spotting", rng, "spotted (S) on d10 <=").value))
    how.append(f"Spotted at {rng} hexes on 0-{need} [§14.3]")
    return chance * min(10, need + 1) / 10, ", ".join(how)


def _spot(state: PcState, unit: str, target: str, spotter: str) -> bool:
    """Radio contact (another unit spotting), then the Spotting Table [§14.3]."""
    game, troops = state.game, state.troops
    spotter = spotter or unit
    if spotter != unit:
        tq = state.troop_quality(spotter)
        side = next(s for s in game.scenario.sides if s.id == game.units[spotter].side)
        column = "German" if side.nation == "germany" else "Soviet"
        need = int(str(cell("radio-contact", tq, column).value))
        roll = d10(state, f"{spotter} radio contact with {unit}: d10 <= {need} [§14.3]")
        if roll > need:
            state.emit(
                PositionChanged(spotter, f"no radio contact (rolled {roll} > {need})", "[§14.3]")
            )
            return False
    rng = troops.hexes[spotter].distance(troops.hexes[target])
    need = int(str(cell("spotting", rng, "spotted (S) on d10 <=").value))
    roll = d10(state, f"{spotter} spots {target} at {rng} hexes: d10 <= {need} [§14.3]")
    verdict = "Spotted" if roll <= need else "not Spotted"
    state.emit(
        PositionChanged(
            spotter, f"{verdict} (rolled {roll}, {need} or less at range {rng})", "[§14.3]"
        )
    )
    return roll <= need


def _counter_spot(state: PcState, target: str) -> bool:
    """Counter-Battery spotting by the attacks the battery made from its hex [§14.4], or from
    off the map [§14.5]."""
    times = min(CB_MOST, state.troops.fired.get(target, 0))
    off = target not in state.troops.hexes
    where, rule = ("off the map", "§14.5") if off else ("its hex", "§14.4")
    column = f"{'off' if off else 'on'}-map battery: spotted on d10 <="
    need = int(str(cell("counter-battery-spotting", times, column).value))
    roll = d10(state, f"Counter-Battery: {target} fired {times} time(s) from {where} [{rule}]")
    spotted = roll <= need
    state.emit(
        PositionChanged(
            target,
            f"{'' if spotted else 'not '}Spotted by Counter-Battery (rolled {roll}, 0-{need})",
            f"[{rule}]",
        )
    )
    return spotted


def _drawn(state: PcState, unit: str, target: str) -> str:
    """The unit of the target's hex that suffers the fire: drawn at random when several enemy
    units are there, a tank's passengers counting with it [§14.3]."""
    if target not in state.troops.hexes:
        return target  # an off-map battery, alone in its imaginary hex [§14.5]
    side, at = state.game.units[unit].side, state.troops.hexes[target]
    there = sorted(
        u
        for u, h in state.troops.hexes.items()
        if h == at
        and state.game.units[u].side != side
        and state.troops.mounted.get(u) in (None, "truck", "spw")
    )
    if len(there) < 2:
        return target
    pick = there[state.roll(f"the unit hit among {len(there)} in the hex [§14.3]", len(there)) - 1]
    state.emit(PositionChanged(pick, "drawn at random to suffer the Indirect Fire", "[§14.3]"))
    return pick
