"""Modern Tanks [§24]: the T-72 and Leopard II companies' Move/Fire Action, Split Fire and
pursuit.

- The Move/Fire Action [§24.1] (``movefire UNIT``, a unit whose catalogue ``abilities`` list
  ``move-fire``): "The unit can either move and then attack, or attack and then move; but when
  it does either, its Movement Point Allowance is halved (round down) and it has an Attack
  Strength modifier of -4. The unit can use only the Direct Fire Action; it cannot move and then
  Close Assault." Announcing it is the unit's Action; its Move (half allowance,
  :func:`rules.panzer_command.transport.moves_as`) and one Direct Fire (-4,
  :func:`rules.panzer_command.fire.attack_strength`) follow as parts of it, in either order,
  each at most once, no Direct Command for either (our reading of how one Action holds both).
- Split Fire [§24.3] (``splitfire UNIT TARGET TARGET``, ability ``split-fire``): the Direct
  Fire Action at half the printed Attack Strength (round down) twice, at two targets or one
  twice, each resolved separately with its own modifiers; not with Move/Fire; with a
  Concentration both targets must be in its hex (the Fire Zone's rule [§10.3]).
- Pursuit in Close Assault [§24.2] (:func:`rules.panzer_command.assault.pursue`).

Not played: Split Fire in Close Assault [§24.3].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.panzer_command.actions import PositionChanged, SplitFire
from rules.panzer_command.fire import DF, apply_results, attacks, why_not_fire

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

MOVE_FIRE, PURSUIT, SPLIT_FIRE = "move-fire", "pursuit", "split-fire"
#: The parts of a Move/Fire Action [§24.1].
HALVES = ("move", "fire")


def can(state: PcState, unit: str, ability: str) -> bool:
    return ability in state.game.units[unit].abilities


def part_of_move_fire(state: PcState, unit: str, verb: str) -> bool:
    """The unit's ``verb`` (move or fire) is a part of the Move/Fire Action it announced this
    Segment and not yet made [§24.1]."""
    done = state.play.movefire.get(unit)
    return done is not None and verb in HALVES and verb not in done


def why_not_move_fire(state: PcState, unit: str) -> str | None:
    if not can(state, unit, MOVE_FIRE):
        return "only a modern tank company performs the Move/Fire Action [§24.1]"
    if unit not in state.troops.hexes:
        return "the unit is not on the map"
    if unit in state.troops.suppressed:
        return "a Suppressed unit performs no Action but Rally [§11.1]"
    if any(v in HALVES for v in state.play.verbs.get(unit, [])):
        return "the unit has moved or fired in this Segment already [§3.2; §24.1]"
    return None


def announce(state: PcState, unit: str) -> None:
    """The Move/Fire Action begins: half the allowance, -4 to its fire [§24.1]."""
    state.play.movefire[unit] = []
    spec = state.game.units[unit]
    state.emit(
        PositionChanged(
            unit,
            f"Move/Fire: moves up to {spec.movement // 2} MP (half, rounded down) and fires at "
            "-4, in either order; no Close Assault",
            "[§24.1]",
        )
    )


def made(state: PcState, unit: str, verb: str) -> None:
    """A part of the unit's Move/Fire Action is made [§24.1]."""
    state.play.movefire[unit].append(verb)


def why_not_split(state: PcState, action: SplitFire) -> str | None:
    unit = action.unit
    if not can(state, unit, SPLIT_FIRE):
        return "only a modern tank company splits its fire [§24.3]"
    if unit in state.play.movefire:
        return "Split Fire cannot be used with the Move/Fire Action [§24.3]"
    if "fire" in state.play.verbs.get(unit, []):
        return "a unit cannot perform the same Action (fire) twice in a Segment [§3.2]"
    for target in (action.target, action.second):
        why = why_not_fire(state, unit, target)
        if why is not None:
            return why
    return None


def split_fire(state: PcState, action: SplitFire) -> None:
    """Two attacks at half strength, each resolved and its result applied before the next
    [§24.3]."""
    for target in (action.target, action.second):
        if target in state.troops.hexes and action.unit in state.troops.hexes:
            apply_results(state, attacks(state, action.unit, target, DF, split=True))


def split_options(state: PcState, unit: str) -> list[SplitFire]:
    """Every pair of targets the unit may fire at, in printed-ID order (one twice too)."""
    if not can(state, unit, SPLIT_FIRE) or unit in state.play.movefire:
        return []
    side = state.game.units[unit].side
    aims = [
        t
        for t in sorted(state.troops.hexes)
        if state.game.units[t].side != side and why_not_fire(state, unit, t) is None
    ]
    return [SplitFire(unit, a, b) for i, a in enumerate(aims) for b in aims[i:]]
