"""The greedy bot's weapons' own Opportunity and Tracking Fire orders: a machinegun's "(UH)N-hex"
and "(UH)T-unit", a squad's Bazooka's (PIAT's ...) "(B)N-hex" and "(B)T-unit" [ADV IV.E.2-3;
AG V.A.2.b; AG VII.F; OP XV] (:mod:`rules.armor.bot`).

Once the bot has weighed a unit's order and its weapons' Direct Fire (:mod:`rules.armor.bot_mg`,
:mod:`rules.armor.bot_at`), a weapon left with nothing to shoot (no order of its own, not
firing with the main gun or the squad, and no enemy unit of its kind it may fire at now:
Leg and Towed units for a machinegun, as the bot's machineguns choose, Vehicles for the
anti-tank weapon [ADV VI.B]) is set to wait for an enemy unit its side knows of (no hidden
one [OP X.B.3]) that stands within :data:`APPROACH` hexes beyond the weapon's reach, as the
book's reason for Opportunity and Tracking Fire has it (a unit moving into the firer's sight
[AG VII.F; OP XV.A]). Only while the unit stands: with Opportunity Fire "no other orders of
any kind" [AG V.A.2.b(1)] (its other fire orders may go with it, our reading).

- **Opportunity Fire** "(UH)N-hex": the hex watched is the one nearest that enemy unit (of
  the :data:`TRIES` nearest) where the weapon could fire at it, were it there (sight, range,
  Field of Fire: the engine's own check on the bot's copy of the state, the unit moved there).
- **Tracking Fire** "(UH)T-unit", where the scenario plays it [OP XV] and the unit sights that
  enemy now [OP XV.B.1]: it follows that unit wherever it moves into the weapon's reach.

Each is worth the weapon's shot at the enemy unit in the watched hex (Tracking: the nearest
such hex): the engine's own GP odds over the 100 rolls (:func:`rules.armor.gp.gp_aim`), or
the AP chance to hit times a hit's results resolved a few times by the engine, with the
Opportunity Fire's halved GP Factor or -8 [ADV VI.B.2.a; AG VII.F.1] or without them for
Tracking Fire [OP XV.B.3], times :data:`WATCH_MOVES`, the chance the bot reckons the enemy
unit comes (our weighting); the best of them is plotted when worth more than nothing. The
dice are the bot's copy's, seeded from its own: the choice is the same for the same seed.

The unit's own main gun is weighed the same way (:func:`main_gun_watch`): its "N-<hex>"
[AG V.A.2.b] on the hex nearest a known enemy Vehicle (in the Advanced Game, or Leg unit, by
GP fire [ADV VI.B]) that it cannot fire at now but that stands within :data:`APPROACH`
hexes beyond the gun's longest range, of the hexes the legal Orders offer around it
(:func:`rules.armor.opportunity.watch_hexes`), where the gun could fire at it were it there (the
engine's :func:`rules.armor.fire.why_not_fire` on the bot's copy, the unit moved there);
worth the shot by Opportunity Fire, at the Slow Rate of Fire with -8 [AG VII.F.1] (AP: the
engine's chance of at least one hit, :func:`rules.armor.preview.ap_odds`, times the mean
worth of a hit, as for the anti-tank weapon; GP: the GP Factor halved [ADV VI.B.2.a], over
the 100 rolls), times :data:`WATCH_MOVES`. The target is taken as moving one or two hexes:
it must enter a new hex to trigger the fire [AG VII.F.3] (our reading, the least movement
of a trigger). "N-<hex> CR" is written instead where APCR is allowed and raises the chance
of a penetration there by :data:`rules.armor.bot_ammo.CR_GAIN` [OP XXIII] (the bot's
Direct Fire test, :func:`rules.armor.bot_ammo.cr_gain`). :mod:`rules.armor.bot` compares
it with the unit's best other order, and waits only for an enemy unit that approaches
(:meth:`rules.armor.bot.ArmorPlanner._coming`, our reading).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

from model.hexes import within
from rules.armor import antitank, bot_mg, machineguns
from rules.armor.gp import gp_aim
from rules.armor.orders import Order
from rules.armor.range import range_between

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.armor.fire import Aim
    from rules.armor.game import ArmorState

#: The chance the bot reckons an enemy unit moves into a watched line this Turn (our
#: weighting, as the Tracking Fire order's :data:`rules.armor.bot.TRACK_MOVES`).
WATCH_MOVES = 0.5
#: How many hexes beyond the weapon's reach an enemy unit may stand and still be watched for
#: (our weighting: about a Turn's advance).
APPROACH = 3
#: How many hexes nearest the enemy unit are tried for the one to watch (our bound).
TRIES = 12
#: Hits resolved for an anti-tank weapon's shot (as :data:`rules.armor.bot_at.SAMPLES`).
SAMPLES = 6


def with_watch(
    state: ArmorState,
    public: ArmorState,
    unit: str,
    order: Order | None,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> Order | None:
    """``order`` (None: no order) with one idle weapon's own Opportunity or Tracking Fire
    order where it pays (see the module); ``worth`` gives a result's Victory Points."""
    from rules.armor import plot
    from rules.armor.optional import TRACKING, in_use
    from rules.armor.scenario_rules import fire_banned

    spec = state.game.units[unit]
    if not state.game.advanced or state.transported(unit) or state.suppressed(unit):
        return order
    base = order if order is not None else Order(unit)
    if base.moves or base.cover or base.entrench or base.transfer or base.assault:
        return order  # "no other orders of any kind" [AG V.A.2.b(1)]
    side = spec.side
    watch = fire_banned(state, side, "opportunity") is None
    track = in_use(state.game, TRACKING) and fire_banned(state, side, "tracking") is None
    if not (watch or track):
        return order
    best: tuple[float, Order] | None = None
    for code in _idle(state, unit, base):
        for value, found in _choices(state, public, unit, code, base, worth, watch, track):
            better = value > 0 and (best is None or value > best[0])
            if better and plot.why_not_order(state, found) is None:
                best = (value, found)
    return order if best is None else best[1]


def main_gun_watch(
    state: ArmorState,
    public: ArmorState,
    unit: str,
    worth: Callable[[ArmorState, str, set[str]], float],
    overkill: Callable[[str], float] = lambda _: 1.0,
    coming: Callable[[str], bool] = lambda _: True,
) -> tuple[float, Order, str] | None:
    """The unit's best main-gun Opportunity Fire order, "N-<hex>" or "N-<hex> CR"
    [AG V.A.2.b; OP XXIII], with what it is worth (times :data:`WATCH_MOVES` and ``overkill``
    of the enemy unit watched for, already shot at or watched for by others) and that enemy
    unit, or None where none pays (see the module); the order alone, as the unit stands
    [AG V.A.2.b(1)]. Only an enemy unit ``coming`` says approaches is waited for."""
    from rules.armor import plot
    from rules.armor.bot_ammo import CR_GAIN, cr_gain
    from rules.armor.cards import gun_of
    from rules.armor.fire import why_not_fire
    from rules.armor.opportunity import WATCH_RADIUS
    from rules.armor.optional.intel import concealment
    from rules.armor.scenario_rules import fire_banned

    spec = state.game.units[unit]
    gun = gun_of(spec, state.game.nation[spec.side])
    if gun is None or state.gun_lost(unit) or state.transported(unit) or state.suppressed(unit):
        return None
    if fire_banned(state, spec.side, "opportunity") is not None:  # [SCN VI.A.3]
        return None
    here = state.troops.hexes[unit]
    best: tuple[float, Order, str] | None = None
    for enemy in state.enemies(spec.side):
        kind = state.game.units[enemy]
        if not (kind.vehicle or (state.game.advanced and kind.leg)):
            continue  # AP at Vehicles; GP at Leg units in the Advanced Game [ADV VI.B]
        if state.game.conceals and concealment(state, enemy, spec.side) == "hidden":
            continue  # what its side may know [OP X.B.3]
        at = state.troops.hexes[enemy]
        if range_between(here, at) > gun.longest + APPROACH:
            continue
        if not coming(enemy) or why_not_fire(state, unit, enemy, explain=False) is None:
            continue  # not coming; or a target now: its Direct Fire is weighed instead
        near = [
            h
            for h in within(at, WATCH_RADIUS)  # the hexes the legal Orders offer
            if h != here and h in state.game.amap.hexes and range_between(here, h) <= gun.longest
        ]
        spot = _spot(public, enemy, near, lambda e: why_not_fire(public, unit, e, explain=False))
        if spot is None:
            continue
        order = Order(unit, opportunity=state.game.name(spot))
        with _moved(public, enemy, spot):
            cr = kind.vehicle and cr_gain(public, unit, enemy, opportunity=True) >= CR_GAIN
        if (
            cr
            and plot.why_not_order(state, Order(unit, opportunity=order.opportunity, apcr=True))
            is None
        ):
            order = replace(order, apcr=True)  # [OP XXIII]
        value = WATCH_MOVES * _gun_value(public, unit, enemy, spot, order.apcr, worth)
        value *= overkill(enemy)
        better = value > 0 and (best is None or value > best[0])
        if better and plot.why_not_order(state, order) is None:
            best = (value, order, enemy)
    return best


def _gun_value(
    public: ArmorState,
    unit: str,
    enemy: str,
    spot: Hex,
    cr: bool,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """The expected worth of the main gun's Opportunity Fire at ``enemy`` in ``spot``, the
    target moving one or two hexes (see the module): AP at the Slow Rate of Fire with -8
    [AG VII.F.1] (with APCR's "CR" lines where ``cr`` [OP XXIII.A]), the chance of at least
    one hit times the mean worth of a hit; GP with the GP Factor halved [ADV VI.B.2.a], over
    the 100 rolls."""
    from rules.armor.fire import aim, gp_shot
    from rules.armor.preview import ap_odds

    with _moved(public, enemy, spot):
        if gp_shot(public, unit, enemy):  # [ADV VI.B]
            aimed = gp_aim(public, unit, enemy, True, moving=False, target_moving=True)
            return bot_mg.shot_worth(public, unit, None, enemy, aimed, worth)
        shot = aim(public, unit, enemy, opportunity=True, moving=False, target_hexes=1, cr=cr)
        hits, _ = ap_odds(public, unit, enemy, shot)
        chance = sum(1 for n in hits if n) / 100
        if not chance:
            return 0.0
        return chance * _hit_worth(
            public, unit, enemy, shot, shot.gun.penetration(shot.range), worth
        )


def _idle(state: ArmorState, unit: str, base: Order) -> list[str]:
    """The unit's weapons with nothing to shoot by ``base`` nor now (see the module)."""
    spec = state.game.units[unit]
    written = {m for m, _ in (*base.mg, *base.mg_opportunity, *base.mg_tracking)}
    found: list[str] = []
    if spec.vehicle:
        firing: tuple[str, ...] = ()
        if base.fire is not None:  # with the main gun at its target [ADV IV.E.2]
            firing, _ = machineguns.automatic(state, unit, base, base.fire)
        for mount in machineguns.mounts(state, unit):
            if mount in written or mount in firing:
                continue
            if mount == "TT" and (base.fire or base.opportunity or base.smoke or base.tracking):
                continue  # [ADV VI.A.2.b]
            now = machineguns.targets(state, unit, mount)
            if not any(not state.game.units[t].vehicle for t in now):
                found.append(mount)
    launcher = antitank.weapon(state, unit)
    idle = launcher is not None and launcher.code not in written
    if idle and antitank.automatic(state, unit, base) is None and not antitank.targets(state, unit):
        assert launcher is not None
        found.append(launcher.code)
    return found


def _choices(
    state: ArmorState,
    public: ArmorState,
    unit: str,
    code: str,
    base: Order,
    worth: Callable[[ArmorState, str, set[str]], float],
    watch: bool,
    track: bool,
) -> list[tuple[float, Order]]:
    """The weapon's own Opportunity and Tracking Fire orders at each enemy unit near enough,
    with what each is worth."""
    from rules.armor.fire import why_not_sighted
    from rules.armor.optional.intel import concealment

    weapon = antitank.WEAPONS.get(code)
    reach = weapon.longest if weapon is not None else machineguns.LONGEST
    side, here = state.game.units[unit].side, state.troops.hexes[unit]
    found: list[tuple[float, Order]] = []
    for enemy in state.enemies(side):
        if (weapon is not None) != state.game.units[enemy].vehicle:
            continue  # AP at Vehicles [ADV VI.B]; the bot's machineguns at infantry and guns
        if state.game.conceals and concealment(state, enemy, side) == "hidden":
            continue  # what its side may know [OP X.B.3]
        at = state.troops.hexes[enemy]
        if range_between(here, at) > reach + APPROACH:
            continue
        spot = _spot(
            public,
            enemy,
            _reach_hexes(state, unit, code, reach),
            lambda e: machineguns.why_not_mg(public, unit, code, e),
        )
        if spot is None:
            continue
        tracked = track and why_not_sighted(state, unit, enemy) is None  # [OP XV.B.1]
        opportunity, tracking = _values(public, unit, code, enemy, spot, worth)
        if watch:
            name = state.game.name(spot)
            order = replace(base, mg_opportunity=((code, name),))
            found.append((WATCH_MOVES * opportunity, order))
        if tracked:
            found.append((WATCH_MOVES * tracking, replace(base, mg_tracking=((code, enemy),))))
    return found


def _reach_hexes(state: ArmorState, unit: str, code: str, reach: int) -> list[Hex]:
    """The hexes in the weapon's reach and Field of Fire, but its own."""
    from rules.armor.fire import in_field_of_fire

    here = state.troops.hexes[unit]
    arc: int | None = state.gun_facing(unit)  # the squad's, its weapon's [ADV IV.E.3; VI.A.4]
    if code not in antitank.WEAPONS:
        arc = machineguns.field_words(state, unit, code)[0]  # None: all round [ADV VI.A.4]
    return [
        h
        for h in within(here, reach)
        if h != here
        and h in state.game.amap.hexes
        and (arc is None or in_field_of_fire(arc, here, h))
    ]


def _spot(
    public: ArmorState, enemy: str, hexes: list[Hex], why_not: Callable[[str], str | None]
) -> Hex | None:
    """Of the :data:`TRIES` of ``hexes`` nearest ``enemy``, the first where the weapon could
    fire at it were it there (``why_not(enemy)`` None, asked on the bot's copy with the enemy
    unit moved there), or None."""
    at = public.troops.hexes[enemy]
    ordered = sorted(hexes, key=lambda h: (range_between(h, at), public.game.name(h)))
    for h in ordered[:TRIES]:
        with _moved(public, enemy, h):
            if why_not(enemy) is None:
                return h
    return None


@contextmanager
def _moved(public: ArmorState, enemy: str, h: Hex) -> Iterator[None]:
    """The enemy unit stood in ``h`` on the bot's copy of the state, put back after."""
    was = public.troops.hexes[enemy]
    public.troops.hexes[enemy] = h
    try:
        yield
    finally:
        public.troops.hexes[enemy] = was


def _values(
    public: ArmorState,
    unit: str,
    code: str,
    enemy: str,
    spot: Hex,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> tuple[float, float]:
    """The expected worth of the weapon's shot at ``enemy`` in ``spot`` by Opportunity Fire and
    by Tracking Fire: a machinegun's GP over the 100 rolls, GP Factor halved for Opportunity
    Fire [ADV VI.B.2.a; OP XV.B.3]; an anti-tank weapon's chance to hit, -8 for Opportunity
    Fire [AG VII.F.1; OP XV.B.3], times the mean worth of a hit's results, a hit resolved
    :data:`SAMPLES` times by the engine (:func:`rules.armor.fire._hit`, as
    :func:`rules.armor.antitank.resolve` does) on the bot's copy, the same samples for both
    (:func:`_hit_worth`)."""
    with _moved(public, enemy, spot):
        if code not in antitank.WEAPONS:
            return _gp(public, unit, code, enemy, False, worth), _gp(
                public, unit, code, enemy, True, worth
            )
        chances = [
            min(max(antitank.aim(public, unit, enemy, False, opportunity=o).hit_number, 0), 100)
            / 100
            for o in (True, False)
        ]
        if not chances[1]:
            return 0.0, 0.0
        shot = antitank.aim(public, unit, enemy, False)
        launcher = shot.gun
        assert isinstance(launcher, antitank.Launcher)
        mean = _hit_worth(public, unit, enemy, shot, launcher.penetration(shot.range), worth)
        return chances[0] * mean, chances[1] * mean


def _hit_worth(
    public: ArmorState,
    unit: str,
    enemy: str,
    shot: Aim,
    penetration: int,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """The mean worth of one AP hit's results on ``enemy``, a hit resolved :data:`SAMPLES`
    times by the engine (:func:`rules.armor.fire._hit`) on the bot's copy [AG VI.B.5-7]."""
    from rules.armor.fire import _hit

    total = 0.0
    for _ in range(SAMPLES):
        found = _hit(public, unit, enemy, shot, penetration)
        total += worth(public, enemy, {p.effect for p in found})
    return total / SAMPLES


def _gp(
    public: ArmorState,
    unit: str,
    mount: str,
    enemy: str,
    tracking: bool,
    worth: Callable[[ArmorState, str, set[str]], float],
) -> float:
    """A machinegun's GP shot at the moving ``enemy`` over the 100 rolls [ADV VI.B; GC1 GP
    Hit Table, Effects of GP Hits], GP Factor halved unless ``tracking``."""
    shot = gp_aim(
        public, unit, enemy, True, moving=False, target_moving=True, tracking=tracking, mg=mount
    )
    return bot_mg.shot_worth(public, unit, mount, enemy, shot, worth)
