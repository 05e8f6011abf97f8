"""The Assault Squad's hand-held Flamethrower [OP V.B.1-5] (option ``special-infantry``).

The book: "For an additional two Points, a hand-held Flamethrower may be added to an Assault
Squad" [OP V.B.1]; it "has a NM GP Factor of '25', and a MV GP Factor of '0' at a range of one
hex. Separate fire orders are plotted for the Flamethrower ... the same as for a PIAT, Bazooka,
Panzerfaust, or Panzerschreck" [OP V.B.2]; it "is fired like any other GP Weapon ... In
addition, '10' is added to the dice roll" [OP V.B.3]; it "automatically starts Fires when used
against an Alley or Building hex" [OP V.B.4]; "The crew of any Vehicle unit against which the
Flamethrower is used must automatically make a Bail Out attempt if the Vehicle unit is not
Knocked Out ... GP Knock Out column, No Damage line" [OP V.B.5].

Its fire orders [ADV IV.E.3]: "(FT)F-865" (the weapon's letter code, parsed with the
machineguns' "(UH)F-19"); "If no separate Fire orders are written for these weapons, they are
automatically ordered to Fire in the same way and at the same target as the Infantry" (our
reading: only where it can fire, else no order and nothing logged). Its Field of Fire is the
Squad's [ADV IV.E.3]. A force entry marks it with ``FT`` (or ``flamethrower``), as the Command
Sheet writes it [ADV III.B], on an Assault Squad (``state: [assault]`` or ASSAULT-INFANTRY).

Our readings: the weapon "will remain with the reduced unit" [OP XII], so a Half Squad keeps
it and its 25 is not halved (the Half Squad's halving is the Squad's own GP); the Squad Plus's
+10 is not added; the terrain modifiers of OP XXIX do not apply "against a flamethrower"
[OP XXIX.D]. No ammunition is counted: it is carried
by a Leg unit, and Leg units have "Unlimited supplies of ammunition" [OP XXIV.A.1.a] (the "FT"
Flamethrower Bursts are the flamethrower tanks'). Its Defensive Fire in an Overrun
[ADV VIII.A.2] is :func:`rules.armor.overrun._flamethrower_defends`. Not played: its
Opportunity and Tracking Fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.optional import SPECIAL, in_use
from rules.armor.optional.special_infantry import ASSAULT_CODE, ASSAULT_MARKS
from rules.engine.events import Modifier

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

#: The weapon's letter code in the fire orders and on the Command Sheet [ADV III.B; IV.E.3].
FT = "FT"
FT_MARKS = frozenset({"FT", "ft", "flamethrower"})
#: NM and MV GP Factors and its range [OP V.B.2]: the book's numbers.
NM_FACTOR = 25
MV_FACTOR = 0
RANGE = 1
BONUS = Modifier("Hand-held Flamethrower", 10, "[OP V.B.3]")
RULE = "[OP V.B.2-3]"


def carries(state: ArmorState, unit: str) -> bool:
    """``unit`` is an Assault Squad (or the Half Squad it became [OP XII]) carrying a
    hand-held Flamethrower, with the option [OP V.B.1]."""
    if not in_use(state.game, SPECIAL):
        return False
    spec = state.game.units.get(unit)
    if spec is None or not spec.leg or spec.mg_team:
        return False
    marks = set(state.game.deployment.marks.get(unit, ()))
    if not marks & FT_MARKS:
        return False
    return spec.code == ASSAULT_CODE or bool(marks & ASSAULT_MARKS)


def factor(rng: int, moving: bool) -> int:
    """NM 25, MV 0, at one hex; 0 beyond [OP V.B.2]."""
    if rng > RANGE:
        return 0
    return MV_FACTOR if moving else NM_FACTOR


def why_not(state: ArmorState, unit: str, target: str, moving: bool = False) -> str | None:
    """Why ``unit``'s hand-held Flamethrower may not fire at ``target`` now, or None: the
    Squad's own fire checks (sight, its Field of Fire [ADV IV.E.3], Suppressed), then the
    Flamethrower's range and MV Factor [OP V.B.2]."""
    from rules.armor.fire import why_not_fire
    from rules.armor.range import describe_range, range_between

    if not carries(state, unit):
        return (
            "no hand-held Flamethrower: only an Assault Squad marked FT carries one, with the "
            "special-infantry option [OP V.B.1]"
        )
    if unit not in state.troops.hexes or target not in state.troops.hexes:
        return "it is not on the map"
    why = why_not_fire(state, unit, target, moving)
    if why is not None:
        return why
    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    if range_between(a, b) > RANGE:
        return f"beyond the Flamethrower's range of one hex ({describe_range(a, b)}) [OP V.B.2]"
    if moving:
        return "the Flamethrower's MV GP Factor is 0: it does not fire with movement [OP V.B.2]"
    return None


def automatic(state: ArmorState, unit: str, target: str, written: bool, moving: bool) -> bool:
    """Whether the Flamethrower fires with the Squad at its target by the automatic order
    [ADV IV.E.3]: no separate order ``written`` and it can fire now (our reading)."""
    return not written and why_not(state, unit, target, moving) is None


def fired(state: ArmorState, target: str) -> None:
    """A Fire starts in an Alley or Building hex it was used against [OP V.B.4] (the Fire unit
    of Fires in Buildings and Alleys [OP XI], when played)."""
    from rules.armor.optional.specials import start_fire

    start_fire(state, state.troops.hexes[target], "[OP V.B.4; OP XI.C]")
