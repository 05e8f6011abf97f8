"""The greedy bot's ammunition: APCR [OP XXIII] and fewer shots announced with Limited
Ammunition [OP XXIV.A.2.a-b; B] (:mod:`rules.armor.bot`).

The engine offers a standing Direct Fire at a target in up to three forms: plain, with APCR
("F-<target> CR", a unit that carries it [OP XXIII]) and with fewer shots announced
("F-<target> ROF-n", a counted gun with a Rate above one [OP XXIV.A.2]). Before the bot weighs
a unit's orders, :func:`fire_variants` keeps one of them per target, the others left out, so
the bot's Victory Point estimate of the fire (the engine's fire rolled a few times) is made
for the form it would plot. Its choice is by the engine's own odds up to the die, the ones
Test Play's preview shows (:func:`rules.armor.preview.penetration_chance`,
:func:`rules.armor.gp.gp_chance`), the target taken as standing (its orders are secret
[AG V]):

- **APCR** [OP XXIII]: plotted when it raises the chance that the fire penetrates the target at
  least once by :data:`CR_GAIN` or more over plain AP (its higher AP Factor and Penetration
  on the "CR" lines, only within 10 hexes); else plain AP. Our weighting: APCR is "always in
  short supply ... reserved for combat against the heaviest German Vehicles" [OP XXIII.B] (three
  a game, or 40% of the Ammunition Factor [OP XXIV.B.2]), so a shell that adds little where
  plain AP penetrates anyway is kept for a target plain AP cannot handle. Out of AP Shots
  with APCR left (the Ammunition Allotment [OP XXIV.B]), the engine offers only the APCR fire,
  and the bot plots that.
- **Fewer shots** [OP XXIV.A.2.a-b]: when the unit is short of the ammunition this fire spends
  (:func:`short`: fewer Factors of the type left than :data:`SHORT_SHARE` of its full Rate
  for every Turn left, this one included; our weighting: a unit fires in about one Turn in
  two) and the fire's odds are poor (below :data:`POOR_ODDS`: for AP the chance of at least
  one penetration, for GP of a Suppressed or Knocked Out result), it announces the fewest
  shots offered (one); at good odds, or not short, the full Rate. Where the full Rate is
  already that one shot (Slow Rate, out of Short Range), it writes nothing.

A form the engine no longer offers (a type of the Allotment run out, APCR all fired) is never
plotted: only the offered orders are kept. Without these options no such variant is offered
and the bot's choice is what it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.armor.fire import aim, fire_type, gp_shot
from rules.armor.gp import gp_aim, gp_chance
from rules.armor.optional import supply
from rules.armor.orders import Order
from rules.armor.preview import penetration_chance

if TYPE_CHECKING:
    from rules.armor.game import ArmorState
    from rules.engine.actions import Action

#: How much APCR must raise the chance of at least one penetration over plain AP for the bot to
#: fire it [OP XXIII.B] (our weighting: ten in a hundred).
CR_GAIN = 0.10
#: A unit is short of a type of ammunition when it has fewer Factors of it left than this share
#: of its full Rate for every Turn left [OP XXIV.A.2] (our weighting).
SHORT_SHARE = 0.5
#: Odds (0-1) below which a short unit announces fewer shots [OP XXIV.A.2.a-b] (our weighting).
POOR_ODDS = 0.3


def _forms(unit: str, target: str, options: list[Action]) -> list[Order]:
    """The offered forms of a standing Direct Fire at ``target``: plain, "CR", "ROF-n"."""
    return [
        a
        for a in options
        if isinstance(a, Order)
        and a.fire == target
        and a
        in (
            Order(unit, fire=target),
            Order(unit, fire=target, apcr=True),
            Order(unit, fire=target, rate=a.rate),
        )
    ]


def fire_variants(state: ArmorState, unit: str, options: list[Action]) -> list[Action]:
    """``options`` with one form of each standing Direct Fire kept, the bot's choice
    (:func:`choose`); unchanged when none is offered with APCR or fewer shots."""
    marked = [
        a.fire
        for a in options
        if isinstance(a, Order) and a.fire is not None and (a.apcr or a.rate is not None)
    ]
    if not marked:
        return options
    dropped: list[Order] = []
    for target in dict.fromkeys(marked):
        assert target is not None
        forms = _forms(unit, target, options)
        kept = choose(state, unit, target, forms)
        dropped.extend(f for f in forms if f != kept)
    return [a for a in options if a not in dropped]


def choose(state: ArmorState, unit: str, target: str, forms: list[Order]) -> Order:
    """Of the offered ``forms`` of a standing Direct Fire at ``target``, the one the bot
    plots (see the module)."""
    plain, cr = Order(unit, fire=target), Order(unit, fire=target, apcr=True)
    if cr in forms and (plain not in forms or cr_gain(state, unit, target) >= CR_GAIN):
        return cr  # [OP XXIII]; out of AP Shots, only APCR is offered [OP XXIV.B]
    rates = sorted(f.rate for f in forms if f.rate is not None)
    if plain in forms and rates and husbands(state, unit, target, rates[0]):
        return Order(unit, fire=target, rate=rates[0])  # [OP XXIV.A.2.a-b]
    return plain if plain in forms else forms[0]


def cr_gain(state: ArmorState, unit: str, target: str, opportunity: bool = False) -> float:
    """How much APCR raises the chance of at least one penetration of ``target`` over plain AP
    [OP XXIII.A]: 0 beyond 10 hexes (normal AP is fired) or at GP fire; ``opportunity``: by
    Opportunity Fire, Slow Rate and -8 [AG VII.F.1], the target moving into the line (one or
    two hexes: it must enter a new hex [AG VII.F.3])."""
    if gp_shot(state, unit, target):
        return 0.0
    moved = 1 if opportunity else 0
    odds = [
        penetration_chance(
            state,
            unit,
            target,
            aim(state, unit, target, opportunity, moving=False, target_hexes=moved, cr=c),
        )
        for c in (False, True)
    ]
    return odds[1] - odds[0]


def odds(state: ArmorState, unit: str, target: str) -> tuple[float, int]:
    """The standing full-Rate fire's odds (0-1: AP, at least one penetration [AG VI.B]; GP, a
    Suppressed or Knocked Out result [ADV VI.B]) and its normal Rate of Fire."""
    if gp_shot(state, unit, target):
        rate = gp_aim(state, unit, target, moving=False, target_moving=False).rate
        return gp_chance(state, unit, target, moving=False)[1], rate
    shot = aim(state, unit, target, moving=False, target_hexes=0, cr=False)
    return penetration_chance(state, unit, target, shot), shot.rate


def short(state: ArmorState, unit: str, kind: str, rate: int) -> bool:
    """Whether ``unit`` has fewer Ammunition Factors of ``kind`` left (its Allotment's type
    [OP XXIV.B], else its whole Factor [A.2]) than :data:`SHORT_SHARE` of ``rate`` shots for
    every Turn left, this one included (our weighting); never when unlimited [A.1]."""
    left = supply.left(state, unit, kind)
    if left is None:
        return False
    turns = max(1, state.game.turns - state.play.turn + 1)
    return left < SHORT_SHARE * rate * turns


def husbands(state: ArmorState, unit: str, target: str, fewer: int) -> bool:
    """Whether the bot announces ``fewer`` shots at ``target`` [OP XXIV.A.2.a-b]: fewer than
    the full Rate, the unit :func:`short` of the type this fire spends and the odds below
    :data:`POOR_ODDS`."""
    chance, rate = odds(state, unit, target)
    if fewer >= rate:
        return False  # nothing saved: the Rate is already that
    gp = gp_shot(state, unit, target)
    kind = fire_type(state, unit, target, gp, False) or supply.AP
    return short(state, unit, kind, rate) and chance < POOR_ODDS
