"""Whether a Panzer Command action is legal now and why not (the checks the state makes before
applying it), and what it would do without applying it and without the game's dice (STYLE point
24): the Movement Points a move spends [§5.1], the Dispatch Points or the Direct Command it
costs [§3.1-3.2; §4.2], and for Direct Fire the odds worked out by the engine's own procedure up
to the die: the Final Attack Strength [§7.3], the d10 read 0-9 at or under it (0 always, 9
never [§2.3; §7.2]) and the CRT result each success would read [§7.2]; for a Rally, a d10 at or
under the Troop Quality [§11.2].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine.actions import Action, Done, Move
from rules.engine.play import Chance, Preview
from rules.panzer_command import view
from rules.panzer_command.actions import (
    COMMAND,
    UNIT_ACTIONS,
    AirCall,
    Airstrike,
    Assault,
    Concentrate,
    Dismount,
    Dispatch,
    Fire,
    Improve,
    IndirectFire,
    Mount,
    MoveFire,
    OffMapFire,
    OpFire,
    Rally,
    Retreat,
    Select,
    SplitFire,
)
from rules.panzer_command.air import crt_column as air_column
from rules.panzer_command.air import strike_strength, why_not_call, why_not_strike
from rules.panzer_command.artillery import spot_chance, why_not_indirect
from rules.panzer_command.assault import why_not_assault, why_not_retreat
from rules.panzer_command.concentrate import OFF, why_not_concentrate
from rules.panzer_command.digging import why_not_improve
from rules.panzer_command.fire import (
    CA,
    IF,
    OF,
    attack_strength,
    crt_column,
    succeeds,
    why_not_fire,
    why_not_rally,
)
from rules.panzer_command.hidden import is_hidden
from rules.panzer_command.modern import why_not_move_fire, why_not_split
from rules.panzer_command.moves import path_cost, why_not_end_segment, why_not_move
from rules.panzer_command.offmap import why_not_offmap
from rules.panzer_command.opportunity import why_not as why_not_opfire
from rules.panzer_command.reacting import why_not_done
from rules.panzer_command.transport import moves_as, why_not_dismount, why_not_mount
from rules.panzer_command.units import cell

if TYPE_CHECKING:
    from rules.panzer_command.game import PcState

NO_EFFECT = ("-", "None")


def why_not(state: PcState, action: Action) -> str | None:
    """Why ``action`` may not be applied now, or None."""
    if isinstance(action, Done):
        if action.side not in state.to_act():
            return f"{action.side} may not act now"
        if state.reaction.trigger:
            return why_not_done(state)
        return why_not_end_segment(state, action.side) if state.play.phase == "segment" else None
    if isinstance(action, OpFire):
        if is_hidden(state, action.target):
            return f"'{action.target}' is no enemy unit your side has sighted [§22.5]"
        return why_not_opfire(state, action)
    if isinstance(action, Retreat):
        return why_not_retreat(state, action)
    if state.reaction.trigger:
        return (
            f"{state.reaction.side} answers first ({state.reaction.trigger} of "
            f"{state.reaction.target}) [§8.2; §9.4]"
        )
    target = getattr(action, "target", None)
    if isinstance(target, str) and is_hidden(state, target):
        return f"'{target}' is no enemy unit your side has sighted (Hidden Units [§22.5])"
    if isinstance(action, AirCall):
        return why_not_call(state, action)
    if isinstance(action, Airstrike):
        return why_not_strike(state, action)
    if isinstance(action, Dispatch | Select):
        want = "prep" if isinstance(action, Dispatch) else "action"
        if action.side not in state.to_act() or state.play.phase != want:
            return "not now [§3.1]"
        cost = 1 if isinstance(action, Dispatch) else 2
        if state.command.dp[action.side] < cost or not state.second_chit_available(action.side):
            return f"needs {cost} Dispatch Points and an available chit [§3.1]"
        return None
    if not isinstance(action, UNIT_ACTIONS):
        return "not an action of Panzer Command"
    spec = state.game.units.get(action.unit)
    if state.play.phase != "segment" or spec is None or spec.side != state.owner:
        return "not a unit of the active Segment [§3.2]"
    if isinstance(action, Concentrate) and action.hex.lower() == OFF:
        return why_not_concentrate(state, action)  # no Action: any Segment of its side [§10.3]
    why = state.why_not_act(action.unit, action.verb)
    if why is not None:
        return why
    if isinstance(action, Move):
        return why_not_move(state, action)
    if isinstance(action, Fire):
        return why_not_fire(state, action.unit, action.target)
    if isinstance(action, Improve):
        return why_not_improve(state, action.unit)
    if isinstance(action, Assault):
        return why_not_assault(state, action)
    if isinstance(action, Concentrate):
        return why_not_concentrate(state, action)
    if isinstance(action, Mount):
        return why_not_mount(state, action.unit, action.carrier)
    if isinstance(action, Dismount):
        return why_not_dismount(state, action.unit)
    if isinstance(action, IndirectFire):
        return why_not_indirect(state, action)
    if isinstance(action, OffMapFire):
        return why_not_offmap(state, action)
    if isinstance(action, MoveFire):
        return why_not_move_fire(state, action.unit)
    if isinstance(action, SplitFire):
        return why_not_split(state, action)
    return why_not_rally(state, action.unit)


def preview(state: PcState, action: Action) -> Preview:
    """What ``action`` would do now, by the rules the engine applies."""
    words = view.describe(state, action)
    why = why_not(state, action)
    if why is not None:
        return Preview(words, False, why)
    if isinstance(action, Dispatch):
        return Preview(words, True, None, "1 Dispatch Point", rules=("[§3.1 Preparation C]",))
    if isinstance(action, Select):
        return Preview(words, True, None, "2 Dispatch Points", rules=("[§3.1 Action Phase A-B]",))
    if isinstance(action, OpFire):
        return _opfire(state, action, words)
    if isinstance(action, AirCall):
        return Preview(words, True, None, None, rules=("Airpower [§18.2]", "Airstrikes [§18.4]"))
    if isinstance(action, Airstrike):
        return _airstrike(state, action, words)
    if isinstance(action, Retreat):
        return Preview(words, True, None, "no Movement Points", rules=("Retreat [§9.4]",))
    if isinstance(action, Concentrate) and action.hex.lower() == OFF:
        return Preview(words, True, None, None, rules=("Concentration ceased [§10.3]",))
    if isinstance(action, Mount | Dismount):
        return Preview(words, True, None, None, rules=("Transport [§13.1-13.3]",))
    if isinstance(action, IndirectFire | OffMapFire):
        return _indirect(state, action, words)
    if isinstance(action, MoveFire | SplitFire):
        return _modern(state, action, words)
    if not isinstance(action, Move | Fire | Rally | Improve | Assault | Concentrate):
        return Preview(words, True)
    direct = state.needs_command(action.unit, action.verb)
    command = " and a Direct Command [§3.2]" if direct else ""
    rules = ["one Action per unit per Segment, a second for a Direct Command [§3.2; §4.4]"]
    if isinstance(action, Move):
        spent = _spent(state, action)
        allowance = moves_as(state, action.unit).movement
        rules.append("Move Action [§5.1-5.2]")
        return Preview(words, True, None, f"{spent:g} of {allowance} MP{command}", (), tuple(rules))
    if isinstance(action, Improve | Concentrate):
        rules.append(
            "Improve Position Action [§19]"
            if isinstance(action, Improve)
            else "Concentrate Fire Action [§10]"
        )
        return Preview(words, True, None, command.removeprefix(" and ") or None, (), tuple(rules))
    if isinstance(action, Assault):
        rules += ["Close Assault [§9.1-9.6]", "Opportunity Fire first [§8.1; §9.2 step 3]"]
        final, work = attack_strength(state, action.unit, action.target, CA)
        words_ = "the first Round before Troop Quality, combined arms and elevation: " + "; ".join(
            work.steps
        )
        chance = Chance(action.target, words_, sum(succeeds(r, final) for r in range(10)) / 10)
        return Preview(
            words, True, None, command.removeprefix(" and ") or None, (chance,), tuple(rules)
        )
    if isinstance(action, Fire):
        chance = _fire(state, action.unit, action.target)
        rules += ["Direct Fire [§7.1-7.3]", "Combat Results [§7.2; §11.1]"]
    else:
        chance = _rally(state, action.unit)
        rules.append("Rally [§11.2]")
    return Preview(
        words, True, None, command.removeprefix(" and ") or None, (chance,), tuple(rules)
    )


def _modern(state: PcState, action: MoveFire | SplitFire, words: str) -> Preview:
    """The Move/Fire Action's cost, or a Split Fire's two attacks' odds [§24.1; §24.3]."""
    command = "a Direct Command [§3.2]" if state.needs_command(action.unit) else None
    if isinstance(action, MoveFire):
        said = ("Move/Fire Action: half allowance, -4, no Close Assault [§24.1]",)
        return Preview(words, True, None, command, (), said)
    chances = []
    for target in (action.target, action.second):
        final, work = attack_strength(state, action.unit, target, split=True)
        hits = sum(succeeds(r, final) for r in range(10))
        chances.append(
            Chance(target, f"{'; '.join(work.steps)}; succeeds on {hits} in 10", hits / 10)
        )
    rules = ("Split Fire [§24.3]", "Direct Fire [§7.1-7.3]", "Combat Results [§7.2; §11.1]")
    return Preview(words, True, None, command, tuple(chances), rules)


def _indirect(state: PcState, action: IndirectFire | OffMapFire, words: str) -> Preview:
    """An Indirect Fire's odds: the spot (radio contact, the Spotting Table, Counter-Battery,
    or none at a pre-plotted hex), then the attack and its CRT column [§14.3-14.6]."""
    spot, how = spot_chance(state, action.unit, action.target, action.spotter)
    final, work = attack_strength(state, action.unit, action.target, IF)
    column = crt_column(state, action.unit, action.target, IF)
    effects = [
        r
        for r in range(10)
        if succeeds(r, final) and str(cell("crt", r, column).value) not in NO_EFFECT
    ]
    odds = spot * len(effects) / 10
    text = (
        f"{how}; then {'; '.join(work.steps)}; CRT '{column}': {len(effects)} in 10 to have an "
        f"effect; in all {odds:.0%} (in a hex of several enemy units, the one hit is drawn)"
    )
    command = "a Direct Command [§3.2]" if state.needs_command(action.unit) else None
    rules = ("Indirect Fire [§14.3-14.4]", "Off-Map Artillery [§14.5]", "Pre-plotted [§14.6]")
    return Preview(words, True, None, command, (Chance(action.target, text, odds),), rules)


def _airstrike(state: PcState, action: Airstrike, words: str) -> Preview:
    """An airstrike's odds: its Final Attack Strength and the CRT's DF H row [§18.4-18.5]."""
    final, work = strike_strength(state, state.support.strikes[0], action.target)
    column = air_column(state, action.target)
    effects = [
        r
        for r in range(10)
        if succeeds(r, final) and str(cell("crt", r, column).value) not in NO_EFFECT
    ]
    text = f"{'; '.join(work.steps)}; CRT '{column}': {len(effects)} in 10 to have an effect"
    chance = Chance(action.target, text, len(effects) / 10)
    rules = ("Airstrikes [§18.4-18.5]", "Combat Results [§11.1]")
    return Preview(words, True, None, "a Direct Command [§18.4]", (chance,), rules)


def _opfire(state: PcState, action: OpFire, words: str) -> Preview:
    """An Opportunity Fire's cost and its odds once it is made [§8.2; §8.4]."""
    steps = None
    if state.reaction.trigger == "assault":
        steps = state.troops.steps[action.target]
    final, work = attack_strength(state, action.unit, action.target, OF, steps)
    hits = sum(succeeds(r, final) for r in range(10))
    paid = "a Command" if action.mode == COMMAND else None
    first = (
        ""
        if paid
        else f"a d10 at or under its Troop Quality {state.troop_quality(action.unit)}, then "
    )
    chance = Chance(
        action.target, f"{first}{'; '.join(work.steps)}; succeeds on {hits} in 10", hits / 10
    )
    rules = ("Opportunity Fire [§8.1-8.4]", "Combat Results [§7.2; §11.1]")
    return Preview(words, True, None, paid, (chance,), rules)


def _spent(state: PcState, move: Move) -> float:
    """The path's Movement Points, as applying it spends them [§5.1; §15.2]."""
    return path_cost(state, move)[0]


def _fire(state: PcState, unit: str, target: str) -> Chance:
    final, work = attack_strength(state, unit, target)
    column = crt_column(state, unit, target)
    results = {
        roll: str(cell("crt", roll, column).value) for roll in range(10) if succeeds(roll, final)
    }
    effects = [roll for roll, result in results.items() if result not in NO_EFFECT]
    read = ", ".join(f"{roll} {result}" for roll, result in results.items())
    words = (
        f"{'; '.join(work.steps)}; a d10 (0-9) succeeds on {len(results)} in 10 (0 always, 9 "
        f"never); CRT '{column}': {read}; {len(effects)} in 10 to have an effect"
    )
    return Chance(target, words, len(effects) / 10)


def _rally(state: PcState, unit: str) -> Chance:
    tq = state.troop_quality(unit)
    marker = "Suppression" if unit in state.troops.suppressed else "a Cohesion Hit"
    chances = min(10, tq + 1)
    words = f"removes {marker} on a d10 (0-9) at or under its Troop Quality {tq}: {chances} in 10"
    return Chance(unit, words, chances / 10)
