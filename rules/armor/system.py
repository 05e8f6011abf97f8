"""Armor as the registry knows it (:mod:`rules.registry`): one object saying what its rules offer
the shared code. The engine and the bot are imported when first used."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from model.systems import GameSystem
from rules.armor.captured import nationality
from rules.armor.costs import ArmorMovement
from rules.armor.forces import ArmorForces
from rules.armor.los import SIGHT_HEIGHTS, armor, los_terrain
from rules.armor.pointbuy import NOT_COMBAT, ArmorPointBuy, purchase_possible
from rules.armor.support.setup import combat_forces
from rules.checks.base import CheckContext, Finding, RegisteredCheck
from rules.pointbuy.base import resolve_unit, side_entries
from rules.registry import Citations, SystemRules, lazy

if TYPE_CHECKING:
    from model.hexes import Hex
    from rules.forces.units import PathKey


def allotments(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: each force entry's Ammunition Allotment the book does not allow
    [OP XXIV.B] (the game refuses the first of them; the check shows them all at their line)."""
    if not any(e.state for side in ctx.scenario.sides for e in side.forces) and not any(
        u.state for side in ctx.scenario.sides for r in side.reinforcements for u in r.units
    ):
        return  # no marks: nothing to read (and the engine's modules stay unimported)
    from rules.armor.optional.supply import problems

    for path, unit, why in problems(ctx.scenario):
        cited = _CITED.search(why)  # the section the reason names, as the finding's citation
        message, section = (why[: cited.start()], cited.group(1)) if cited else (why, "OP XXIV.B")
        yield ctx.finding(
            "error", "ammunition-allotment", f"{unit}: {message}", f"Armor [{section}]", path
        )


#: A Formation's Combat units: "not less than three ... but no more than seven" [OP XIV.A.4].
FORMATION_SIZE = (3, 7)


def formation_sizes(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: "Formations should be organized to have not less than three Combat
    units, but no more than seven Combat units in a Formation" [OP XIV.A.4]. A guideline
    ("should"), so a warning, never a refusal; a Formation is the force entries (and
    reinforcements) of a side with the same ``formation`` (the line drawn on the Command Sheet
    [A.4]), its Combat units their counters of any category but Terrain Support, Artillery,
    Air Spotting, Radio Jamming and attachments [SCN III.D.2.a]. Found at the Formation's
    first entry."""
    low, high = FORMATION_SIZE
    for i, side in enumerate(ctx.scenario.sides):
        first: dict[str, PathKey] = {}
        size: dict[str, int] = {}
        for path, entry, _ in side_entries(side, i):
            if entry.formation is None:
                continue
            first.setdefault(entry.formation, (*path, "formation"))
            unit = resolve_unit(GameSystem.ARMOR, entry.unit, side)
            combat = unit is not None and unit.category not in NOT_COMBAT
            size[entry.formation] = size.get(entry.formation, 0) + (entry.count if combat else 0)
        for name, path in first.items():
            n = size[name]
            if low <= n <= high:
                continue
            which = f"fewer than {low}" if n < low else f"more than {high}"
            yield ctx.finding(
                "warning",
                "formation-size",
                f"{side.name}'s Formation {name} has {n} Combat unit(s), {which}: Formations "
                f'should have "not less than three Combat units, but no more than seven"',
                "Armor [OP XIV.A.4]",
                path,
            )


#: Vehicle units: "All Vehicle units should be formed in their own Formations" [OP XIV.A.1].
VEHICLES = frozenset({"tracked", "armored-car", "half-track", "truck", "jeep", "bren-carrier"})
#: "An exception to this would be Truck and Half-Track Vehicle units used to Transport Leg or
#: Towed units; these Vehicle units would be part of the Leg or Towed Formation" [A.1].
TRANSPORTS = frozenset({"truck", "half-track"})


def formation_kinds(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: the Formation guidelines of [OP XIV.A.1-3, 5]: Vehicle units in
    their own Formations (their Trucks and Half-Tracks part of the Leg or Towed Formation they
    carry) [A.1], Leg units in their own [A.2], Towed units in their own [A.3], and "Allied
    units should be organized into separate Formations by nationality" [A.5]. Guidelines
    ("should"), so warnings; the Combat units only (as :func:`formation_sizes`). Found at the
    Formation's first entry. Our reading of [A.1]'s "used to Transport": any Truck or
    Half-Track in a Formation with Leg or Towed units."""
    for i, side in enumerate(ctx.scenario.sides):
        first: dict[str, PathKey] = {}
        kinds: dict[str, set[str]] = {}
        nations: dict[str, set[str]] = {}
        for path, entry, _ in side_entries(side, i):
            if entry.formation is None:
                continue
            unit = resolve_unit(GameSystem.ARMOR, entry.unit, side)
            if unit is None or unit.category in NOT_COMBAT:
                continue
            first.setdefault(entry.formation, (*path, "formation"))
            kinds.setdefault(entry.formation, set()).add(unit.category)
            nations.setdefault(entry.formation, set()).add(unit.nation)
        for name, path in first.items():
            found = kinds[name]
            carried = found & {"leg", "towed"}
            vehicles = found & (VEHICLES - TRANSPORTS if carried else VEHICLES)
            mixed = [w for w, there in (("Vehicle", vehicles), ("Leg", found & {"leg"}),
                                        ("Towed", found & {"towed"})) if there]  # fmt: skip
            if len(mixed) > 1:
                yield ctx.finding(
                    "warning",
                    "formation-kind",
                    f"{side.name}'s Formation {name} mixes {' and '.join(mixed)} units: "
                    '"Vehicle units should be formed in their own Formations", and Leg and '
                    "Towed units each in their own (a Truck or Half-Track carrying them is part "
                    "of theirs)",
                    "Armor [OP XIV.A.1-3]",
                    path,
                )
            allied = sorted(nations[name] - {"germany"})
            if len(allied) > 1:
                yield ctx.finding(
                    "warning",
                    "formation-kind",
                    f"{side.name}'s Formation {name} has units of {', '.join(allied)}: "
                    '"Allied units should be organized into separate Formations by nationality"',
                    "Armor [OP XIV.A.5]",
                    path,
                )


#: The Terrain Support units in whose hexes "Towed units may never be placed" [ADV V.B.3].
NO_TOWED = frozenset({"ditch", "wire"})


def towed_placements(ctx: CheckContext) -> Iterator[Finding]:
    """The scenario check: "Towed units may never be placed in Ditch or Wire hexes" [ADV
    V.B.3]: a Towed unit set up on a hex with a Ditch or Wire unit of the forces, or whose
    terrain (painted, printed or an overlay) the terrain catalogue marks
    ``towed_may_be_placed: false`` (Ditch and Wire). An error (the book's "never")."""
    works: dict[Hex, str] = {}
    for placed in ctx.placed:
        unit = ctx.unit(placed.entry.unit, placed.side)
        if unit is not None and unit.category == "terrain-support" and unit.id.lower() in NO_TOWED:
            works.setdefault(placed.hex, f"a {unit.name} unit")
    for placed in ctx.placed:
        unit = ctx.unit(placed.entry.unit, placed.side)
        if unit is None or unit.category != "towed":
            continue
        terrain = next((t for t in ctx.terrain.mixed(placed.hex) if _no_towed(ctx, t)), None)
        what = works.get(placed.hex) or (f"{terrain} terrain" if terrain else None)
        if what is None:
            continue
        yield ctx.finding(
            "error",
            "towed-placement",
            f"{placed.entry.unit} is placed on {ctx.amap.name(placed.hex)} with {what}: "
            '"Towed units may never be placed in Ditch or Wire hexes"; place it elsewhere',
            "Armor [ADV V.B.3]",
            (*placed.path, "placement"),
        )


def _no_towed(ctx: CheckContext, terrain: str) -> bool:
    """The terrain catalogue says a Towed unit may not be placed in ``terrain`` [ADV V.B.3]."""
    effect = ctx.movement.effect(terrain, "towed_may_be_placed")  # rules.armor.towed.PLACED
    return effect is not None and effect.value is False


#: A reason's own section at its end ("... [OP XXIV.B.2]").
_CITED = re.compile(r"\s*\[([^\[\]]*)\]$")

SYSTEM = SystemRules(
    system=GameSystem.ARMOR,
    new_game=lazy("rules.armor.game:ArmorGame"),
    movement=ArmorMovement(),
    sight=armor,
    los_terrain=los_terrain,
    sight_heights=SIGHT_HEIGHTS,
    fast_sight=lazy("rules.armor.sight_table:SightTable"),
    citations=Citations(
        setup="Armor [SCN II.E]",
        entry="Armor [SCN II.E]",
        turns="Armor [SCN II]",
        victory="Armor [SCN II.C; SCN II.F]",
        reach="Armor [AG V.B; CS Vehicle Movement Costs]",
    ),
    forces=ArmorForces(),
    pointbuy=ArmorPointBuy(),
    bots={
        "random": lazy("rules.bots.base:RandomBot"),
        "heuristic": lazy("rules.bots.greedy:GreedyBot"),
    },
    greedy=lazy("rules.armor.bot:ArmorAdapter"),
    features=frozenset({"formations", "layout-constraints"}),
    coverage="rules.armor:coverage.yaml",
    invariants=lazy("rules.armor.invariants:invariants"),
    checks=(
        RegisteredCheck("nationality", nationality),  # [OP XXII]
        RegisteredCheck("ammunition-allotment", allotments),  # [OP XXIV.B]
        RegisteredCheck("formation-size", formation_sizes),  # [OP XIV.A.4]
        RegisteredCheck("formation-kind", formation_kinds),  # [OP XIV.A.1-3, 5]
        RegisteredCheck("towed-placement", towed_placements),  # [ADV V.B.3]
        RegisteredCheck("combat-forces", combat_forces),  # [SCN III.D; III.F]
        RegisteredCheck("purchase-possible", purchase_possible),  # [SCN III.D.2.a; III.F]
    ),
    sheets=lazy("rules.armor.sheet:sheets"),  # [ADV III; OP XXXIV]
)
