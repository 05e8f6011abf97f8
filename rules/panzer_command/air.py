"""Panzer Command Airpower: airstrikes [§18.1-18.2; §18.4-18.5].

- Availability [§18.1]: each side's Air Strength is the scenario's ``settings.air_strength``;
  one side with Air Strength has uncontested control, both contest it.
- Procedure [§18.2]: in its own Direct Command Segment a side with Air Strength may call its
  airpower once (``air SIDE``), at any point of the Segment. Contested: the opponent may answer
  with Air-to-Air combat; standing in for his choice, the engine always does when he has Air
  Strength (our reading of a sensible opponent). Each side rolls d10 at or under its Air
  Strength to cost the other 1 (never below 0), simultaneously; if the caller loses a point
  and the opponent does not, no airpower this Segment.
- Airstrikes [§18.4]: a d10 on the Airstrike Table's row, in the column of control and Air
  Strength, gives "NxS": N strikes of Attack Strength S, usable in this Segment only. Each
  (``airstrike SIDE TARGET``) costs a Direct Command and attacks one enemy unit anywhere on the
  map: S with the target's Defense Rating, 3 or more Steps in its hex and its terrain (the
  Combat Modifiers Summary's Airstrike column, the terrain's airstrike modifier) [§18.5],
  clamped 0-8; a d10 at or under it succeeds (0 always, 9 never) and is read on the CRT's
  Direct Fire H row against the target's Target Class [§18.4]. No Opportunity Fire answers it.
  Not against units in woods, towns or entrenchments unless a friendly un-Suppressed ground
  unit is adjacent [§18.4]. No airpower at night [§20.2].

Missing, named: Air Interdiction [§18.3] (the call is for airstrikes only); the Air Strength
above 5 (the table's columns stop at 5: read as 5, our reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.worked import Working
from rules.movement.costs import terrain_effect
from rules.panzer_command.actions import AirCall, Airstrike, FireExplained, PositionChanged
from rules.panzer_command.digging import combat_rows
from rules.panzer_command.fire import apply_results, combat_steps, d10, succeeds
from rules.panzer_command.night import is_night
from rules.panzer_command.transport import defends_as
from rules.panzer_command.units import SYSTEM, cell

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

AIR = "Airstrike"
MOST_COLUMN = 5  # the Airstrike Table's columns: Air Strength 1-5


def air_strengths(state: PcState) -> dict[str, int]:
    """Each side's Air Strength at the start, from the scenario's settings [§18.1]."""
    return {s: int(state.game.settings[s].get("air_strength", 0) or 0) for s in state.game.sides}


def contested(state: PcState) -> bool:
    """Both sides have Air Strength: the airspace is contested [§18.1]."""
    return all(v > 0 for v in state.support.air.values())


def why_not_call(state: PcState, action: AirCall) -> str | None:
    """Why the side may not call its airpower now, or None [§18.2]."""
    side = action.side
    if state.play.phase != "segment" or not state.direct_command_segment():
        return "airpower is called in its owner's Direct Command Segment [§18.2]"
    if state.owner != side:
        return "airpower is called in its owner's Direct Command Segment [§18.2]"
    if is_night(state):
        return "there is no airpower at night [§20.2]"
    if state.support.air.get(side, 0) < 1:
        return f"{side} has no Air Strength [§18.1]"
    if state.support.air_called:
        return "the airpower has been called in this Segment already [§18.2]"
    return None


def call_air(state: PcState, action: AirCall) -> None:
    """Call the side's airpower for airstrikes: Air-to-Air combat if contested, then the
    Airstrike Table [§18.2; §18.4]."""
    side = action.side
    state.support.air_called = True
    control = "contested" if contested(state) else "uncontested"
    if control == "contested" and not _air_to_air(state, side):
        return
    strength = min(MOST_COLUMN, state.support.air[side])
    if strength < 1:
        state.emit(PositionChanged(side, "no Air Strength left: no airstrikes", "[§18.2]"))
        return
    roll = d10(state, f"{side} Airstrike Table, {control}, Air Strength {strength} [§18.4]")
    found = cell("airstrike", roll, f"{control}, Air Strength {strength}")
    count, _, attack = str(found.value).partition("x")
    if not attack:  # "none"
        state.emit(
            PositionChanged(
                side, f"rolled {roll} on the Airstrike Table ({control}): no strikes", "[§18.4]"
            )
        )
        return
    state.support.strikes = [int(attack)] * int(count)
    state.emit(
        PositionChanged(
            side,
            f"rolled {roll} on the Airstrike Table ({control}, Air Strength {strength}): "
            f"{count} strike(s) of Attack Strength {attack}, this Segment only",
            "[§18.4]",
        )
    )


def _air_to_air(state: PcState, side: str) -> bool:
    """Air-to-Air combat, the opponent answering (our reading: always); whether the caller
    may use its airpower [§18.2]."""
    other = next(s for s in state.game.sides if s != side)
    air = state.support.air
    rolls = {
        s: d10(state, f"{s} Air-to-Air: d10 <= Air Strength {air[s]} [§18.2]")
        for s in (side, other)
    }
    hits = {s: rolls[s] <= air[s] for s in rolls}
    for s, hit in hits.items():
        loser = other if s == side else side
        if hit:
            air[loser] = max(0, air[loser] - 1)
            state.emit(
                PositionChanged(
                    loser,
                    f"loses 1 Air Strength in Air-to-Air combat (now {air[loser]})",
                    "[§18.2]",
                )
            )
    if hits[other] and not hits[side]:
        state.emit(
            PositionChanged(side, "loses the air battle: no airpower this Segment", "[§18.2]")
        )
        return False
    return True


def air_options(state: PcState, side: str) -> list[AirCall | Airstrike]:
    """The air actions offered: the call, then a strike at each enemy unit it may hit."""
    found: list[AirCall | Airstrike] = []
    if why_not_call(state, AirCall(side)) is None:
        found.append(AirCall(side))
    if state.support.strikes and state.play.phase == "segment" and state.owner == side:
        for t in sorted(state.troops.hexes):
            if why_not_strike(state, Airstrike(side, t)) is None:
                found.append(Airstrike(side, t))
    return found


def why_not_strike(state: PcState, action: Airstrike) -> str | None:
    """Why the airstrike may not be made now, or None [§18.4]."""
    troops, game = state.troops, state.game
    if state.play.phase != "segment" or state.owner != action.side:
        return "airstrikes are made in their owner's Segment [§18.4]"
    if not state.support.strikes:
        return "no airstrike left this Segment: call the airpower first [§18.2; §18.4]"
    if state.command.dc.get(action.side, 0) < 1:
        return "each airstrike costs a Direct Command [§18.4]"
    target = action.target
    if target not in troops.hexes or game.units[target].side == action.side:
        return f"'{target}' is not an enemy unit on the map"
    at = troops.hexes[target]
    effect = terrain_effect(SYSTEM, game.terrain.terrain(at), "airstrike")
    works = combat_rows(state, target, target)
    sheltered = (effect is not None and effect.value != "allowed") or any(
        "entrenchment" in key and "target" in key for key, _ in works
    )
    if sheltered and not _friend_adjacent(state, action.side, target):
        return (
            "no airstrike on a unit in woods, a town or an entrenchment unless a friendly "
            "un-Suppressed ground unit is adjacent [§18.4]"
        )
    return None


def _friend_adjacent(state: PcState, side: str, target: str) -> bool:
    at = state.troops.hexes[target]
    return any(
        state.game.units[u].side == side
        and u not in state.troops.suppressed
        and h.distance(at) == 1
        for u, h in state.troops.hexes.items()
    )


def strike_strength(state: PcState, strength: int, target: str) -> tuple[int, Working]:
    """The strike's Final Attack Strength against ``target``, worked out [§18.5]."""
    game, work = state.game, Working()
    tgt, at = defends_as(state, target), state.troops.hexes[target]
    total = strength
    work.steps.append(f"airstrike Attack Strength {strength} (Airstrike Table) [§18.4]")
    if tgt.defense:
        total += work.add("target's Defense Rating [§2.5; §18.5]", tgt.defense, None)
    if sum(combat_steps(state, u) for u, h in state.troops.hexes.items() if h == at) >= 3:
        c = cell("combat-modifiers", "stacking: target hex holds 3 or more steps", AIR)
        total += work.add(
            "3 or more steps in the target hex [§5.2; §18.5]", int(str(c.value)), c.placeholder
        )
    for key, words in combat_rows(state, target, target):
        if "target" not in key:
            continue
        c = cell("combat-modifiers", key, AIR)
        if str(c.value).lstrip("+-").isdigit() and int(str(c.value)):
            total += work.add(words, int(str(c.value)), c.placeholder)
    terrain = game.terrain.terrain(at)
    effect = terrain_effect(SYSTEM, terrain, "airstrike_modifier")
    if effect is not None and isinstance(effect.value, int) and effect.value:
        total += work.add(f"target in {terrain} [§18.5]", effect.value, effect.placeholder)
    final = max(0, min(8, total))
    work.steps.append(f"Final Attack Strength {final} (clamped 0-8) [§18.5]")
    return final, work


def crt_column(state: PcState, target: str) -> str:
    """The CRT's Direct Fire H row against the target's Target Class [§18.4]."""
    return f"DF H vs {defends_as(state, target).target_class}"


def strike(state: PcState, action: Airstrike) -> None:
    """One airstrike: a Direct Command, the attack, its result at once [§18.4]."""
    strength = state.support.strikes.pop(0)
    state.spend_points(action.side, "commands", -1, f"an airstrike at {action.target} [§18.4]")
    final, work = strike_strength(state, strength, action.target)
    roll = d10(state, f"airstrike at {action.target} [§18.4]")
    hit = succeeds(roll, final)
    work.steps.append(
        f"rolled {roll}: {'success' if hit else 'failure'} (0 always, 9 never) [§2.3]"
    )
    result = None
    if hit:
        column = crt_column(state, action.target)
        c = cell("crt", roll, column)
        result = str(c.value)
        work.steps.append(f"CRT row {roll}, column '{column}': {result} [§18.4]")
        if c.placeholder:
            work.placeholders.append(f"CRT {roll}/{column}: {c.placeholder}")
    state.emit(
        FireExplained(
            f"{action.side} airstrike",
            action.target,
            tuple(work.steps),
            final,
            roll,
            hit,
            result,
            tuple(work.placeholders),
        )
    )
    found = None if result in (None, "-", "None") else result
    apply_results(state, [(action.target, found, hit)])
