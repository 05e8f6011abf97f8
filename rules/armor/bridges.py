"""Bridge weight limits [OP XIII.B] and the scenarios' optional Stream rules [OP XXVII.F].

"If listed in a scenario, or if players wish to add this feature to a scenario on their own,
there are limits to the weight that a Bridge, Span, or frozen Stream can hold. Units too heavy
to cross must find another route, or enter the Stream hex at the full cost in Speed Factors"
[OP XIII.B]. A scenario lists the limit as a ``bridge-limit`` special rule (1A and 1B: 20 tons
[SCN V.A.3; V.B]; 3A: 25 tons [SCN VII.A.3]; 3B: 50 tons [SCN VII.B.3]). The book marks each
of these (Optional): the built-in scenarios carry them ``optional: true``, and a designer turns
one on by taking the mark off (the Optional box of the rule's form, or the balance knob
``rule:bridge-limit``, which does the same). A rule in force:

- A unit heavier than the limit (its catalogue weight with the Leg and Towed units it
  transports, as the Soft Hex and Emergency Speed Tables weigh it [OP XIII.A.2; XXX.B.1]; the
  weights are the catalogue's estimates) may not enter a Bridge hex (a Stream hex a road or
  track crosses on Hexwright's boards, a painted Bridge) or a Span hex (the Span units of a
  River bridge, an SBG AVRE's Span [OP XXV.C]); the plot refuses the order with the rule.
- Where the Stream below may be forded (streams as printed), it enters the hex "at the full
  cost in Speed Factors" instead: the Stream's Vehicle Movement Cost (4), not the road's
  [OP XIII.B; CS Vehicle Movement Costs]. A River (a Span) or an unfordable Stream
  (3B [SCN VII.B.3], the ``streams`` terrain option) may not be entered at all.
- Frozen Streams [OP VIII.A.1] are played as Clear (``streams: clear``): the engine cannot
  tell a frozen Stream from an ignored one, so no limit applies to them (our reading).

The two Stream rules of the scenarios are ``terrain-override`` rules, marked (Optional) too:
2A's "Ignore the Stream hexes, and treat them as Clear hexes" [SCN VI.A.3] and 3B's "The
Stream is unfordable except in the Bridge hexes" [SCN VII.B.3]. In force, each is the book's
terrain option of the same words [OP XXVII.F.1-2]: the game plays its map with
``streams: clear`` or ``streams: bridges-only`` (:func:`stream_choice`), so sighting and fire
see the Clear hexes too, not only the movement costs.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.victory import BridgeLimit, SpecialRule, TerrainOverride
from rules.movement.costs import TERRAIN_OVERRIDES, Movement

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.armor.move import EnterCost
    from rules.armor.units import ArmorUnit

SECTION = "[OP XIII.B]"
#: The ``streams`` terrain option [OP XXVII.F] and the choices the scenarios' rules name.
STREAMS = "streams"
AS_CLEAR, BRIDGES_ONLY, FORDABLE = "clear", "bridges-only", "fordable"
#: Terrain ids of a Bridge or Span hex (besides a Stream hex a road or track crosses).
CROSSINGS = frozenset({"bridge", "span"})


# --- the Stream rules [SCN VI.A.3; VII.B.3; OP XXVII.F] ------------------------------------------


def _stream_rule(rule: SpecialRule) -> str | None:
    """The ``streams`` choice a terrain override is, when it is one of the book's [OP
    XXVII.F.1-2] whole (the Stream everywhere, for every unit); else None."""
    if not isinstance(rule, TerrainOverride) or rule.terrain != "stream":
        return None
    if rule.region is not None or rule.applies_to or rule.except_along:
        return None
    if rule.movement_cost or rule.extra_cost is not None:
        return None
    if rule.treat_as == "clear" and rule.impassable is None:
        return AS_CLEAR
    if rule.treat_as is None and rule.impassable:
        return BRIDGES_ONLY
    return None


def stream_choice(game: ArmorGame) -> str | None:
    """The ``streams`` choice the scenario's Stream rule in force makes (the first), or None
    (none in force: the book marks 2A's and 3B's Optional)."""
    for rule in game.scenario.special_rules:
        choice = _stream_rule(rule)
        if choice is not None and not rule.optional:
            return choice
    return None


def with_streams(game: ArmorGame) -> None:
    """Play ``game``'s map with the Stream rule in force as its terrain option [OP XXVII.F]
    (before the set-up reads the map); nothing when none is."""
    choice = stream_choice(game)
    if choice is None or game.terrain.options.get(STREAMS) == choice:
        return
    options = {**game.terrain.options, STREAMS: choice}
    game.terrain = replace(game.terrain, options=options)
    game.movement = Movement.for_scenario(game.scenario, game.terrain)
    game.forget_terrain()


def terrain_override(rule: SpecialRule) -> str | None:
    """Why a ``terrain-override`` is not enforced in the form it has (the Armor engine's
    :class:`~rules.engine.special_rules.Enforce` check): one in words only, and a terrain
    "treated as" another, which counts for movement only, except the Stream as Clear, which
    is the terrain option [OP XXVII.F.1], and 4B's Building hexes as Clear level +1, played
    on the map [SCN VIII.B.3] (:func:`rules.armor.dumps.as_clear`)."""
    words = TERRAIN_OVERRIDES.check(rule) if TERRAIN_OVERRIDES.check is not None else None
    if words is not None:
        return words
    from rules.armor.dumps import is_as_clear  # local: dumps reads the game's map

    if is_as_clear(rule):
        return None  # 4B's Building hexes as Clear level +1, on the map [SCN VIII.B.3]
    if isinstance(rule, TerrainOverride) and rule.treat_as and _stream_rule(rule) != AS_CLEAR:
        return "its treat_as is not enforced: the terrain counts as another for movement costs only"
    return None


# --- the weight limit [OP XIII.B] -----------------------------------------------------------------


def limit(game: ArmorGame) -> tuple[float, BridgeLimit] | None:
    """The lowest bridge limit in force, in tons, with its rule; None when none is (a rule
    the book marks Optional is in force once the mark is taken off)."""
    found = [r for r in game.scenario.special_rules if isinstance(r, BridgeLimit)]
    kept = [r for r in found if not r.optional]
    if not kept:
        return None
    rule = min(kept, key=lambda r: r.tons)
    return rule.tons, rule


def cite(game: ArmorGame, rule: BridgeLimit) -> str:
    return rule.source or game.scenario.source or SECTION


def crossing(state: ArmorState, h: Hex) -> bool:
    """A Bridge or Span hex [OP XIII.B]: a Span unit (a River bridge, an SBG AVRE's
    [OP XXV.C]), a painted Bridge, or a Stream hex a road or track crosses (a Bridge hex on
    Hexwright's boards; not where the Stream is a Ford or ignored [OP XXVII.F.1; F.3])."""
    if h in state.specials.spans:
        return True
    eff = state.game.terrain.effective(h)
    if eff.terrain in CROSSINGS:
        return True
    if eff.terrain == "ford" or "stream" not in eff.paths:
        return False
    return bool({"road", "track"} & eff.printed_paths)


def weight(state: ArmorState, unit: str) -> tuple[float, str]:
    """The unit's weight with the units it transports, and in words [OP XIII.A.2]."""
    from rules.armor.optional.vehicles import emergency_weight

    return emergency_weight(state, unit)


def _fordable(state: ArmorState, h: Hex) -> bool:
    """A Stream may be entered below the bridge: a Stream hex (not a River Span), fordable
    (streams as printed, and no Stream rule in force that makes it unfordable)."""
    if h in state.specials.spans or state.game.terrain.effective(h).terrain == "span":
        return False
    return state.game.terrain.options.get(STREAMS, FORDABLE) == FORDABLE


def stream_cost(state: ArmorState, unit: ArmorUnit) -> Fraction | None:
    """The full cost of the Stream hex [OP XIII.B; CS Vehicle Movement Costs]: a Vehicle the
    Stream's Vehicle Movement Cost, a Leg unit 1 [ADV V.A.1]."""
    key = "leg_cost" if unit.leg else "vehicle_cost"
    found = state.game.movement.effect("stream", key)
    return None if found is None else Fraction(str(found.value))


def cost(state: ArmorState, unit: ArmorUnit, base: EnterCost) -> EnterCost:
    """Entering a hex, with the bridge limit in force: a Bridge or Span hex refused to a unit
    over the limit, or its Stream forded at the full cost [OP XIII.B]."""
    found = limit(state.game)
    if found is None:
        return base
    tons = found[0]
    heavy = weight(state, unit.id)[0] > tons

    def enter(frm: Hex, to: Hex) -> Fraction | None:
        if not heavy or not crossing(state, to):
            return base(frm, to)
        if base(frm, to) is None or not _fordable(state, to):
            return None
        return stream_cost(state, unit)

    return enter


def why_stopped(state: ArmorState, unit: str, to: Hex) -> str | None:
    """Why ``unit`` may not enter ``to`` for the bridge limit, citing the rule; None when the
    limit is not why."""
    found = limit(state.game)
    if found is None or not state.game.on_map(to) or not crossing(state, to):
        return None
    tons, rule = found
    heavy, words = weight(state, unit)
    if heavy <= tons:
        return None
    where = state.game.name(to)
    return (
        f"{words} may not cross the bridge in {where}: over the {tons:g}-ton limit "
        f"{cite(state.game, rule)} {SECTION}"
    )


def announce(state: ArmorState) -> str | None:
    """The log's word on the limit in force when the game begins, or None."""
    found = limit(state.game)
    if found is None:
        return None
    tons, _ = found
    return (
        f"Bridges and Spans carry at most {tons:g} tons (a unit's weight with what it "
        "transports; catalogue weights, placeholders): heavier units find another route or "
        "ford the Stream at its full cost"
    )
