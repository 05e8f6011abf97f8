"""What an Armor action would do, without applying it and without the game's dice (STYLE point
24): whether it is legal and why not (the checks the state makes before applying it), the Speed
Factors its movement spends, and for Direct Fire the odds worked out by the engine's own fire
procedure up to the die [AG VI.B]: the Modifier Number, the AP Hit Table's Hit Number, the
Number of Hits Table for the shots, and how often a hit penetrates on the target's Hit
Determination Table. The range is the engine's, by the Range Scale from Dot to Dot [AG III.D]
(the hexes counted beside it where the two differ), and the hits locate as the fire locates
them, with the turret's facing where the scenario plays Effects of Turret Facing [OP VII].

Orders are secret [AG V]: the target's own orders are not known to the firer's side while it
plots, so the odds take the target as standing (the AP Movement Modifiers' column 0) and say so.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rules.armor import (
    alleys,
    antitank,
    antitank_opportunity,
    assault,
    cover,
    machineguns,
    overrun,
    own_tracking,
    plot,
    ranging,
    towed,
    view,
)
from rules.armor.cards import armour_basis, hits_scored
from rules.armor.dumps import is_dump
from rules.armor.fire import Aim, aim, gp_shot, hit_verdict, hull_down, locate, shot_elevation
from rules.armor.gp import gp_chance
from rules.armor.indirect import mortars
from rules.armor.move import fire_limit, order_walk
from rules.armor.optional import area_pinning, handheld, vehicles
from rules.armor.orders import Face, Order
from rules.armor.range import range_words
from rules.armor.support import shelters, strikes
from rules.armor.support.effects import notes as support_notes
from rules.armor.turret import in_use as turret_facing_in_use
from rules.engine.actions import Action
from rules.engine.play import Chance, Preview

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

HIDDEN = (
    "the target's orders are secret while plotting [AG V]: as if it stands (AP Movement "
    "Modifiers column 0)"
)

HIDDEN_GP = "the target's orders are secret while plotting [AG V]: as if it stands (NM Defense)"
FULL_COVER_GP = (
    "the target is under a Full Cover unit, on the map for both sides to see [ADV IV.C.2]: the "
    "Target Information Chart's FC column, whatever its orders [Intro IV GP DEFENSE; ADV "
    "VI.B.4.b] (placeholder: {basis})"
)


def hidden_gp(state: ArmorState, target: str) -> str:
    """What a GP shot's preview takes of the target's GP Defense: a Full Cover unit's FC
    column, its basis named (the Full Cover unit is on the map [ADV IV.C.2]), else "as if it
    stands", its orders secret [AG V]."""
    if cover.covered(state, target):
        return FULL_COVER_GP.format(basis=cover.FC_PLACEHOLDER)
    return HIDDEN_GP


HIDDEN_ASSAULT = (
    "the target's orders are secret while plotting [AG V]: as if it stands (NM Close Assault "
    "Defense)"
)


def preview(state: ArmorState, action: Action) -> Preview:
    """What ``action`` would do now, by the rules the engine applies."""
    words = view.describe(state, action)
    why = plot.why_not(state, action)
    if why is not None:
        return Preview(words, False, why)
    if isinstance(action, Order):
        return _order(state, action, words)
    if isinstance(action, Face):
        return Preview(words, True, rules=("Final Facing and Adjustment [AG VIII.A]",))
    return Preview(words, True)


def sf(amount: Fraction) -> str:
    """Speed Factors as the cards write them: ``3 2/3``."""
    whole, part = divmod(amount, 1)
    if not part:
        return str(whole)
    return f"{whole} {part}" if whole else str(part)


def _order(state: ArmorState, order: Order, words: str) -> Preview:
    spec = state.game.units[order.unit]
    rules = ["Orders on the Command Sheet [AG V.A]"]
    cost = None
    if order.moves:
        fires = order.fire is not None or order.smoke is not None  # FS as Direct Fire
        w = order_walk(state, order)
        limit = fire_limit(spec) if fires else Fraction(vehicles.speed_now(state, order.unit))
        cost = f"{sf(w.spent)} of {sf(limit)} SF"
        if not spec.towed:
            rules.append(
                "Speed Factors, Turn Costs and terrain [AG V.B; CS Vehicle Movement Costs]"
            )
        rules.extend(support_notes(state, order.unit, [h for h, _, _ in w.hexes]))
        rules.extend(alleys.turning_words(state, order.unit, w))  # [OP XXVII.D.4]
        if fires and not spec.towed:
            rules.append("at most 2 SF with Direct Fire [AG V.A.2.a]")
        if spec.towed and "V" in order.moves:
            rules.append(towed.PIVOT_WORDS[0].upper() + towed.PIVOT_WORDS[1:])
    if order.transfer is not None:
        rules.append(
            "Loading and Unloading, written for the unit and its Vehicle, in the Movement "
            "Execution Phase [ADV IV.B.1]; Towed units take two Turns [ADV IV.B.1.d]"
        )
    if order.enter or order.leave:  # [CS Order Notations E, G]
        rules.append(shelters.words(state, order) + ", in the Movement Execution Phase")
    chances: tuple[Chance, ...] = ()
    if order.fire is not None and spec.mortar:  # "F" and the hex [OP II.E.3; E.5]
        at_hex = state.game.amap.resolve(order.fire)
        chances = mortars.chances(state, order.unit, at_hex, indirect=False)
        rules.extend(mortars.rules_words(indirect=False))
    elif order.fire is not None and is_dump(order.fire):
        how = "GP fire at a Supply Dump, Defense Factor 5: a Knocked Out result destroys it"
        chances = (Chance(order.fire, how),)
        rules.append("Supply Dumps [SCN VIII.B.3]; GP fire [ADV VI.B]")
    elif order.fire is not None and strikes.is_target(state, order.fire):  # [ADV IV.E.5]
        moving = bool(order.moves)
        chances = (fortification_chance(state, order.unit, order.fire, moving),)
        rules.append(f"Direct Fire at a Terrain Support unit by its hex, GP fire {strikes.RULE}")
        if antitank.automatic(state, order.unit, order) is not None:  # [ADV IV.E.3; IV.E.6]
            chances += (weapon_chance(state, order.unit, order.fire, moving),)
            rules.append(
                "The squad's infantry anti-tank weapon fires its GP Factor with it at the same "
                "target, no separate order written [ADV IV.E.3; ADV IV.E.6]"
            )
    elif order.fire is not None and order.area:  # Area Pinning Fire [OP XXVIII.B]
        chances = (area_pinning.chance(state, order),)
        rules.append(f"{area_pinning.WORDS} {area_pinning.RULE}")
    elif order.fire is not None:
        moving = bool(order.moves)
        chances = (
            _fire(state, order.unit, order.fire, moving, order.pinning, order.rate, order.apcr),
        )
        if gp_shot(state, order.unit, order.fire):
            rules.append(
                "GP fire [ADV VI.B; GC1 GP Fire Modifiers, GP Hit Table, Effects of GP Hits]"
            )
            rules.append("Range by the Range Scale, Dot to Dot [AG III.D; ADV VI.B.1]")
        else:
            rules.append("Direct Fire [AG VI.A-B; GC1 AP Hit Table, Number of Hits Table]")
            rules.append("Range by the Range Scale, Dot to Dot [AG III.D]")
            rules.append("Hit Determination [AG VI.B.5-6]")
            if ranging.previous_hit(state, order.unit, order.fire):
                rules.append(f"Previous Hit: +8 NM, +3 MV {ranging.RULE} ({ranging.READING})")
        if turret_facing_in_use(state):
            rules.append("Effects of Turret Facing [OP VII]")
        if order.pinning:
            rules.append("Pinning Fire: +10, a Knock Out is Suppressed [OP XXVIII.A]")
        if order.rate is not None:
            rules.append(ANNOUNCED.format(shots=order.rate))
        if order.apcr:
            rules.append(CR_WORDS)
        written = any(mount == handheld.FT for mount, _ in order.mg)
        moving = bool(order.moves)
        if handheld.carries(state, order.unit) and handheld.automatic(
            state, order.unit, order.fire, written, moving
        ):  # fired with the Squad at its target [ADV IV.E.3]
            chances += (mg_chance(state, order.unit, handheld.FT, order.fire, moving),)
            rules.append(
                "The hand-held Flamethrower fires with the Squad at its target, no separate "
                "order written [ADV IV.E.3; OP V.B.2-5]"
            )
        firing, _ = machineguns.automatic(state, order.unit, order, order.fire, moving)
        if firing:  # with the main gun at its target, no separate order written [ADV IV.E.2]
            chances += tuple(mg_chance(state, order.unit, m, order.fire, moving) for m in firing)
            rules.append(AUTOMATIC)
        launcher = antitank.automatic(state, order.unit, order)
        if launcher is not None:  # fired with the squad at its target [ADV IV.E.3]
            chances += (weapon_chance(state, order.unit, order.fire, moving),)
            if antitank.fires_gp(state, order.fire):
                rules.append(
                    f"The {launcher.name} fires its GP Factor with the squad at its target in a "
                    "Building hex, no separate order written [ADV IV.E.3; ADV IV.E.6]"
                )
            else:
                rules.append(
                    f"The {launcher.name} fires AP with the squad at its target, no separate "
                    "order written [ADV IV.E.3; ADV VI.A.1]"
                )
    if order.mg:  # each machinegun's own GP fire [ADV IV.E.2; VI.A.2; VI.B]
        moving = bool(order.moves)
        chances += tuple(mg_chance(state, order.unit, m, t, moving) for m, t in order.mg)
        if any(mount in antitank.CODES for mount, _ in order.mg):
            rules.append(
                "An infantry anti-tank weapon's own fire order, AP as a Vehicle's; moving if "
                "the squad moves one hex, no fire with two [ADV IV.E.3; ADV VI.A.1]"
            )
            if any(m in antitank.CODES and antitank.fires_gp(state, t) for m, t in order.mg):
                rules.append(
                    "Its GP Factors only against Block, Wire, Pillbox or Bunker units or units "
                    "in Building hexes, by the GP procedure [ADV IV.E.6; ADV VI.B]"
                )
        else:
            rules.append(
                "Independently fired machineguns, each as a separate unit: GP fire with the MG "
                "GP Factors, Field of Fire by mount [ADV IV.E.2; VI.A.2-4; VI.B]"
            )
    if order.assault is not None and order.assault in state.troops.hexes:
        said, kills, hurts = assault.chance(state, order.unit, order.assault)
        chances = (Chance(order.assault, f"{said}; {HIDDEN_ASSAULT}", kills + hurts),)
        rules.append("Close Assault orders and the Close Assault Phase [ADV IV.A.1; ADV VII]")
    elif order.assault is not None and strikes.is_target(state, order.assault):
        aimed = strikes.assault_target(state, order.assault)  # a Pillbox or Bunker [IV.A.1]
        shot = strikes.aim(state, order.unit, aimed, True, close_assault=True)
        kills = max(1, 100 - shot.s)
        said = (
            f"Close Assault: {'; '.join(shot.words)}; the Close Assault and GP Defense Factors "
            f"the same [ADV VII.B.1]; no +10 (for an Open Vehicle [ADV VII.B.3]): N "
            f"{shot.n:02d}, S {shot.s:02d}; Knocked Out on {kills} in 100: "
            f"{strikes.outcome_words(shot.aimed)}; placeholders: {'; '.join(shot.notes)}"
        )
        chances = (Chance(order.assault, said, shot.chance),)
        rules.append("Close Assault on a Pillbox or Bunker by its hex [ADV IV.A.1; ADV VII.B]")
    if order.overrun is not None:
        said, kills, hurts = overrun.chance(state, order.unit, order.overrun)
        hidden = hidden_gp(state, order.overrun)
        chances = (Chance(order.overrun, f"{said}; {hidden}", kills + hurts),)
        rules.append("Overrun orders and the Overrun Phase [ADV IV.A.2; ADV VIII]")
    if order.opportunity is not None:
        how = (
            "an enemy unit that enters the hex or crosses the line of sight to it triggers it; "
            "then fire or decline, at the Slow Rate of Fire, -8; its odds depend on that unit"
        )
        how += _guns_with(state, order.unit, "GP Factor halved [ADV VI.B.2.a]")
        if order.apcr:  # "N-1802 CR" (our reading) [OP XXIII.A]
            how += "; APCR on the 'CR' lines at a Vehicle within 10 hexes [OP XXIII.A]"
        chances = (Chance(order.opportunity, how),)
        rules.append("Opportunity Fire [AG VII.F]")
    if order.smoke is not None:  # [OP IX.A]
        how = (
            "Smoke in this one hex, no roll: an inverted Smoke unit placed in the Direct Fire Phase"
            if not order.smoke_indirect
            else "Scatter checked as Indirect Fire (on 01-70, Continuous 01-40 [OP II.F.4.b(2)]), "
            "then an inverted Smoke unit in the Impact hex in the Artillery Impact Phase"
        )
        if spec.mortar:  # "after checking for Scatter" [OP IX.A.3; OP II.E.5; F.4.b(1)]
            at_hex = state.game.amap.resolve(order.smoke)
            top = mortars.scatter_number(state, order.unit, at_hex, order.smoke_indirect)
            doubled, phase = (
                (", doubled", "Artillery Impact") if order.smoke_indirect else ("", "Direct Fire")
            )
            how = (
                f"Scatter checked first, on 01-{top:02d} (the Mortar's own Scatter numbers"
                f"{doubled} [OP II.E.5; II.F.4.b(1)]), then an inverted Smoke unit in the Impact "
                f"hex in the {phase} Phase"
            )
        how += (
            ", turned face up in the Fire and Smoke Phase; the following Turn it blocks sight at "
            "every level, into the hex too, and costs a Vehicle +1 SF to enter"
        )
        chances = (Chance(order.smoke, how),)
        rules.append(
            "Smoke [OP IX.A.1; IX.A.3-5]; as Indirect Fire [OP II.F] (our reading)"
            if order.smoke_indirect
            else "Smoke [OP IX.A.1; IX.A.3-5]; as Direct Fire [AG V.A.2; VI.A] (our reading)"
        )
    if order.tracking is not None:
        how = (
            f"fired when {order.tracking} moves, at any hex of its move where it is sighted, in "
            "range and in the Field of Fire; the owner fires or lets it pass each hex; Slow "
            "Rate of Fire, no -8 Opportunity Fire Modifier; its odds depend on that hex"
        )
        how += _guns_with(state, order.unit, "GP Factor not halved [OP XV.B.3]")
        chances = (Chance(order.tracking, how),)
        rules.append("Tracking Fire [OP XV.A-B]; as Opportunity Fire [AG VII.F]")
    if order.mg_tracking:  # the weapons' own Tracking Fire (OP) [OP XV; ADV IV.E.2-3]
        chances += tuple(_own_tracking(state, order.unit, c, t) for c, t in order.mg_tracking)
        rules.append(
            f"A weapon's own Tracking Fire ({own_tracking.READING}): as Opportunity Fire "
            "[AG VII.F; OP XV.B], no -8, GP Factor not halved [OP XV.B.3]"
        )
    if antitank_opportunity.is_weapon_order(order):  # "(B)N-1802" [ADV IV.E.3]
        chances += tuple(
            Chance(watched, antitank_opportunity.plot_words(code))
            for code, watched in order.mg_opportunity
        )
        rules.append(
            f"An infantry anti-tank weapon's own Opportunity Fire ({antitank_opportunity.READING}):"
            " as Opportunity Fire [AG VII.F], AP as a Vehicle's, -8 [ADV VI.A.1; AG VII.F.1]"
        )
    elif order.mg_opportunity:  # the machineguns' own Opportunity Fire [ADV IV.E.2]
        chances += tuple(
            Chance(
                watched,
                f"({mount}) machinegun: an enemy unit that enters the hex or crosses the line "
                "of sight to it triggers it, where the machinegun may fire at it (Field of "
                "Fire, range, Open, not Suppressed); then fire or decline, GP Factor halved; "
                "its odds depend on that unit",
            )
            for mount, watched in order.mg_opportunity
        )
        rules.append(
            "A machinegun's own Opportunity Fire (our reading of [ADV IV.E.2]): as Opportunity "
            "Fire [AG VII.F], GP Factor halved [ADV VI.B.2.a]"
        )
    return Preview(words, True, None, cost, chances, tuple(rules))


#: A fire order's announced fewer shots, in a preview's rules [OP XXIV.A.2.a-b].
ANNOUNCED = (
    "{shots} shot(s) announced, fewer than normal: an AP fire figured at that Rate of Fire, a "
    "GP fire's Factor halved for each shot less; each shot one Ammunition Factor "
    "[OP XXIV.A.2.a-b]"
)


#: A fire order's APCR, in a preview's rules [OP XXIII.A].
CR_WORDS = (
    "APCR: the AP Factor and Penetration of the Gunnery Table's 'CR' lines, within 10 hexes "
    "(beyond, normal AP) [OP XXIII.A]"
)


def _fire(
    state: ArmorState,
    firer: str,
    target: str,
    moving: bool,
    pinning: bool = False,
    rate: int | None = None,
    cr: bool = False,
) -> Chance:
    """The shot up to the die: the chance of at least one hit, and per hit of a penetration
    (a GP shot's with Pinning Fire's +10 when ``pinning`` [OP XXVIII.A]); at the ``rate``
    shots announced [OP XXIV.A.2.a-b]; APCR's when ``cr`` [OP XXIII.A]."""
    if gp_shot(state, firer, target):  # [ADV VI.B]
        words, chance = gp_chance(
            state, firer, target, moving=moving, pinning_fire=pinning, rate=rate
        )
        return Chance(target, f"{words}; {hidden_gp(state, target)}", chance)
    shot = aim(state, firer, target, moving=moving, target_hexes=0, rate=rate, cr=cr)
    return _ap_chance(state, firer, target, shot)


def ap_odds(state: ArmorState, firer: str, target: str, shot: Aim) -> tuple[list[int], int]:
    """An AP shot's odds up to the die [AG VI.B]: the hits each of the 100 rolls scores on the
    Number of Hits Table, and on how many of the 100 Hit Determination rolls a hit penetrates
    the target [AG VI.B.5-6] (hull down: LH and TK hits miss [GC1 Hull Down])."""
    hits = [hits_scored(shot.hit_number, shot.shots, roll)[0] for roll in range(1, 101)]
    a, b = state.troops.hexes[firer], state.troops.hexes[target]
    down = hull_down(state, a, b, shot_elevation(state, a, b))
    pen, aspect = shot.gun.penetration(shot.range), shot.aspect
    tspec = state.game.units[target]
    through = 0
    for roll in range(1, 101):
        location, _ = locate(aspect, shot.turret, roll)
        armour = armour_basis(tspec, aspect.aspect, aspect.angle, location)
        armour += vehicles.extra_armour(state, target, location)  # [OP XXI.A]
        through += hit_verdict(location, armour, pen, down) == "penetrates"
    return hits, through


def penetration_chance(state: ArmorState, firer: str, target: str, shot: Aim) -> float:
    """The chance (0-1) that an AP shot penetrates the target at least once [AG VI.B.5-6]:
    over the 100 rolls of :func:`ap_odds`, each hit penetrating on its own Hit Determination
    roll."""
    hits, through = ap_odds(state, firer, target, shot)
    miss = 1 - through / 100
    return sum(1 - miss**n for n in hits) / 100


def _ap_chance(
    state: ArmorState, firer: str, target: str, shot: Aim, what: str = "", hidden: bool = True
) -> Chance:
    """An AP shot's odds up to the die [AG VI.B]: the rolls that hit, and per hit how often it
    penetrates on the target's Hit Determination Table; ``what`` names the weapon; ``hidden``:
    the target's orders are not known (the Order Plot)."""
    hits, through = ap_odds(state, firer, target, shot)
    aspect = shot.aspect
    mods = " ".join(f"{m.value:+d} {m.what}" for m in shot.modifiers if m.applied)
    turret = f", {shot.turret.words()} [OP VII]" if shot.turret is not None else ""
    words = (
        f"{what}Modifier Number {shot.number} (20 {mods}); AP Factor "
        f"{shot.gun.ap_factor(shot.range)} at {range_words(shot.range, shot.hexes)}: "
        f"Hit Number {shot.hit_number}; {shot.shots} "
        f"shot(s): {_bands(hits)}; a hit ({aspect.sector}{turret}) penetrates on {through} in "
        f"100" + (f"; {HIDDEN}" if hidden else "")
    )
    return Chance(target, words, sum(1 for h in hits if h) / 100)


#: The rule of the machineguns' fire with the main gun, in a preview's rules.
AUTOMATIC = (
    "Machineguns with no order of their own fire with the main gun, in the same way and at "
    "the same target, if possible [ADV IV.E.2; VI.A.2-4; VI.B]"
)


def _guns_with(state: ArmorState, unit: str, factor: str) -> str:
    """The words for the machineguns that fire with a main gun's Opportunity or Tracking
    Fire at the unit that triggers it [ADV IV.E.2], "" when there are none."""
    have = [m for m in machineguns.mounts(state, unit) if m != "TT"]  # [ADV VI.A.2.b]
    if not state.game.advanced or not state.game.units[unit].vehicle or not have:
        return ""
    guns = ", ".join(f"({m})" for m in have)
    return (
        f"; its {guns} machinegun(s) fire with it at the same unit where they may, {factor} "
        "[ADV IV.E.2]"
    )


def _own_tracking(state: ArmorState, unit: str, code: str, target: str) -> Chance:
    """A weapon's own Tracking Fire in the plot [OP XV.B]: its odds were the unit to move
    where it stands now, when the weapon may fire at it there (the moving target's modifier
    left out: it depends on the move); else the words alone."""
    words = own_tracking.plot_words(code, target)
    if machineguns.why_not_mg(state, unit, code, target) is not None:
        return Chance(target, f"{words}; it may not fire at {target} where it stands now")
    now = mg_chance(state, unit, code, target, False, opportunity=True, tracking=True)
    said = f"{words}; where it stands now: {now.words}"
    return Chance(target, said, now.effect)


def mg_chance(
    state: ArmorState,
    firer: str,
    mount: str,
    target: str,
    moving: bool,
    opportunity: bool = False,
    tracking: bool = False,
) -> Chance:
    """A machinegun's GP shot up to the die [ADV VI.B], its Field of Fire named
    [ADV VI.A.4]; in Opportunity Fire (``opportunity``) or Tracking Fire (``tracking`` too)
    [ADV VI.B.2.a; OP XV.B.3]. An infantry anti-tank weapon's is its AP shot [ADV VI.A.1]."""
    if mount in antitank.CODES:  # a Bazooka's, PIAT's ... AP [ADV IV.E.3; ADV VI.A.1]
        return weapon_chance(state, firer, target, moving, opportunity and not tracking)
    words, chance = gp_chance(
        state, firer, target, opportunity, moving=moving, tracking=tracking, mg=mount
    )
    if mount == handheld.FT:  # a Squad's hand-held Flamethrower [ADV IV.E.3; OP V.B]
        arc = "the Squad's, 60 degrees from its front [ADV IV.E.3; VI.A.4]"
        return Chance(target, f"{words}; Field of Fire: {arc}; {hidden_gp(state, target)}", chance)
    _, arc = machineguns.field_words(state, firer, mount)
    return Chance(target, f"{words}; Field of Fire: {arc}; {hidden_gp(state, target)}", chance)


def weapon_chance(
    state: ArmorState, firer: str, target: str, moving: bool, opportunity: bool = False
) -> Chance:
    """An infantry anti-tank weapon's AP shot up to the die, as a Vehicle's [ADV VI.A.1], in
    the squad's Field of Fire [ADV IV.E.3] (``opportunity``: -8 [AG VII.F.1]); its Gunnery
    Table a placeholder."""
    launcher = antitank.weapon(state, firer)
    assert launcher is not None
    arc = "the squad's, 60 degrees from its front [ADV IV.E.3; VI.A.4]"
    if strikes.is_target(state, target):  # "(B)F-hex" [ADV IV.E.5-6]
        return fortification_chance(state, firer, target, moving, launcher.code)
    if antitank.fires_gp(state, target):  # GP at a unit in a Building hex [ADV IV.E.6]
        words, chance = gp_chance(
            state, firer, target, opportunity, moving=moving, mg=launcher.code
        )
        return Chance(target, f"{words}; Field of Fire: {arc}; {hidden_gp(state, target)}", chance)
    hexes = None if opportunity else 0  # a triggered fire knows the mover's orders
    shot = antitank.aim(state, firer, target, moving, hexes, opportunity)
    what = f"({launcher.code}) {launcher.name}, AP as a Vehicle's [ADV VI.A.1]: "
    found = _ap_chance(state, firer, target, shot, what, hidden=not opportunity)
    note = "Gunnery Table a placeholder (not in the text)"
    return Chance(target, f"{found.words}; Field of Fire: {arc}; {note}", found.effect)


def fortification_chance(
    state: ArmorState, firer: str, target: str, moving: bool, code: str | None = None
) -> Chance:
    """GP fire (or an infantry anti-tank weapon's, ``code``) at a Block, Wire, Pillbox or
    Bunker unit up to the die [ADV IV.E.5-6; ADV VI.B]: its chance of a Knock Out, which
    destroys it (:mod:`rules.armor.support.strikes`); refused saying why."""
    why = strikes.why_not(state, firer, target, moving, code)
    if why is not None:
        return Chance(target, why, prohibited=why)
    shot = strikes.aim(state, firer, target, moving, code)
    kills = max(1, 100 - shot.s)
    words = (
        f"{'; '.join(shot.words)}: N {shot.n:02d}, S {shot.s:02d}; Knocked Out on {kills} in "
        f"100: {strikes.outcome_words(shot.aimed)}; a Suppressed result does nothing to it "
        f"[GC1 GP Hit Table]; placeholders: {'; '.join(shot.notes)}"
    )
    return Chance(target, words, shot.chance)


def _bands(hits: list[int]) -> str:
    """The rolls (01-100) that score hits, by the number of hits: ``01-14 2 hits, 15-70 1
    hit``; ``no hit`` when none does."""
    found: list[str] = []
    start = 0
    for roll in range(1, 101):
        if roll == 100 or hits[roll] != hits[start]:
            if hits[start]:
                count = hits[start]
                found.append(f"{start + 1:02d}-{roll:02d} {count} hit{'s' if count > 1 else ''}")
            start = roll
    return ", ".join(found) or "no hit"
