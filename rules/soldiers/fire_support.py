"""The fire support actions through the State API: radio calls [17.2-17.25] and satchel
charges [16.2] (:mod:`rules.soldiers.fire_support_actions`). The support weapons [13-15] are
:mod:`rules.soldiers.support`'s. The state's shared methods (legal actions, why not, preview,
describe, concerns, apply) hand these actions here, so that the artillery
(:mod:`rules.soldiers.artillery`) and the engineers (:mod:`rules.soldiers.engineers`) stay in
their own modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from model.base import StrictModel
from rules.engine.actions import Action
from rules.engine.play import ActionFocus, Chance, Preview
from rules.soldiers import artillery, engineers
from rules.soldiers.fire_support_actions import CancelCall, Radio, ThrowSatchel

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState


def support_options(state: SoldiersState, side: str) -> list[Action]:
    """The side's radio actions [17.2-17.25] and its man under orders' satchel throws [16.22]."""
    found: list[Action] = list(artillery.options(state, side))
    man = state.active.current
    if man is not None and man not in state.troops.disabled and state.game.men[man].side == side:
        found.extend(engineers.satchel_options(state, man))
    return found


def why_not(state: SoldiersState, action: Action) -> str | None:
    if isinstance(action, Radio | CancelCall):
        return artillery.why_not_radio(state, action)
    if isinstance(action, ThrowSatchel):
        return engineers.why_not_satchel(state, action)
    return "not an action of Soldiers"


def apply_support(state: SoldiersState, action: Action) -> None:
    if isinstance(action, Radio | CancelCall):
        artillery.use_radio(state, action)
    elif isinstance(action, ThrowSatchel):
        engineers.throw_satchel(state, action)


def describe(state: SoldiersState, action: Action) -> str:
    if isinstance(action, CancelCall):
        return f"Cancel the artillery call on {action.hex} (use radio) [17.24]"
    if isinstance(action, Radio):
        side = state.game.men[action.man].side
        if artillery.is_free(state, side):
            return f"Free call: artillery strike on {action.hex} now [17.25]"
        name = action.hex.upper()
        if any(c[0] == name for c in state.artillery.calls.get(side, ())):
            return f"Double call on {action.hex} (use radio, x2) [17.23]"
        return f"Call an artillery strike on {action.hex} (use radio) [17.2]"
    if isinstance(action, ThrowSatchel):
        return f"Throw a satchel charge at {action.hex} [16.22]"
    return action.text()


def concerns(state: SoldiersState, action: Radio | CancelCall | ThrowSatchel) -> ActionFocus:
    at = state.game.hex_named(action.hex)
    if isinstance(action, CancelCall):
        return ActionFocus(action.man, "other", at)
    return ActionFocus(action.man, "fire", at)


def preview(state: SoldiersState, action: Action, words: str) -> Preview:
    """What the support action would do now (its legality already checked)."""
    if isinstance(action, Radio | CancelCall):
        side = state.game.men[action.man].side
        free = isinstance(action, Radio) and artillery.is_free(state, side)
        ap = f"{artillery.RADIO_AP} of {state.active.ap:g} AP"
        cost = "no AP (the free call)" if free else ap
        rules: tuple[str, ...] = (
            "use radio [17.12; 17.2]",
            "forward observers [17.22]",
            "double call [17.23]",
        )
        if free:
            rules = ("free call [17.25]", "strike [17.3-17.52]")
            target = state.game.by_name[action.hex.upper()]
            odds, on_target = artillery.strike_odds(state, side, target)
            found = Chance(action.hex.upper(), odds, on_target)
            return Preview(words, True, None, cost, (found,), rules)
        return Preview(words, True, None, cost, rules=rules)
    if isinstance(action, ThrowSatchel):
        cost = f"{engineers.SATCHEL_AP} of {state.active.ap:g} AP"
        used = ("satchel charge [16.22]", "hit chance [12.21]", "peripheral damage [16.23]")
        return Preview(words, True, None, cost, (engineers.satchel_odds(state, action),), used)
    return Preview(words, True)


# --- in a position file -------------------------------------------------------------------------


class FireSupportPosition(StrictModel):
    """The artillery and the satchel charges in a position file [16.2; 17].

    Attributes:
        artillery_calls: each side's unresolved calls in order: target hex, double call [17.21].
        target_acquisition: the Target Acquisition markers, hex -> 2 or 4 [17.31].
        rubble: hexes with a Rubble marker; craters: with a Crater marker [17.51].
        free_call: the side that may make a free call in this Action Phase [17.25].
        satchels_thrown: the satchel charges each man has thrown [16.22].
    """

    artillery_calls: dict[str, list[tuple[str, bool]]] = Field(default_factory=dict)
    target_acquisition: dict[str, int] = Field(default_factory=dict)
    rubble: list[str] = Field(default_factory=list)
    craters: list[str] = Field(default_factory=list)
    free_call: str | None = None
    satchels_thrown: dict[str, int] = Field(default_factory=dict)


def write_position(state: SoldiersState) -> FireSupportPosition | None:
    """The support section of a position file; None when there is nothing to write."""
    calls, demolitions = state.artillery, state.demolitions
    found = FireSupportPosition(
        artillery_calls={s: list(cs) for s, cs in sorted(calls.calls.items())},
        target_acquisition=dict(sorted(calls.acquired.items())),
        rubble=sorted(calls.rubble),
        craters=sorted(calls.craters),
        free_call=calls.free_call,
        satchels_thrown=dict(sorted(demolitions.satchels_thrown.items())),
    )
    return None if found == FireSupportPosition() else found


def read_position(state: SoldiersState, found: FireSupportPosition | None) -> None:
    """The state's artillery and satchel charges from a position file's section."""
    found = found or FireSupportPosition()
    state.artillery = artillery.Calls(
        calls={s: tuple((h, d) for h, d in cs) for s, cs in found.artillery_calls.items() if cs},
        acquired=dict(found.target_acquisition),
        rubble=set(found.rubble),
        craters=set(found.craters),
        free_call=found.free_call,
    )
    state.demolitions = engineers.Demolitions(dict(found.satchels_thrown))
