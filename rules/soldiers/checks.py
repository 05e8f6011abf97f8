"""The static checks only Soldiers has: deployment by the Intelligence Summary's modes and zones
(19.41), and forces that are counters putting men on the map (2.1; 19.2-19.45)."""

from __future__ import annotations

from collections.abc import Iterator

from model.hexes import Hex
from model.scenario import HexPlacement, ModePlacement, Side
from rules.checks.base import CheckContext, Finding
from rules.engine.errors import RulesError

# --- Soldiers' deployment -----------------------------------------------------------------


def deployment_zone(ctx: CheckContext) -> Iterator[Finding]:
    """A side that deploys by mode names its modes, every mode an Intelligence Summary row
    gives it is one of them, and a man placed on a hex stands in a zone of one of them
    (Soldiers 19.41: the intelligence difference decides the manner of deployment, the
    scenario's Deployment gives each manner's zones)."""
    source = ctx.scenario.source
    citation = f"{source}; [19.41]" if source else "Soldiers (19.41)"
    for i, side in enumerate(ctx.scenario.sides):
        by_mode = isinstance(side.setup, ModePlacement) or any(
            isinstance(e.placement, ModePlacement) for e in side.forces
        )
        if by_mode and not side.deployment_modes:
            message = f"{side.name} deploys by mode but names no deployment modes"
            yield ctx.finding("error", "deployment-zone", message, citation, ("sides", i))
        yield from _bracket_modes(ctx, side, citation)
        if not side.deployment_modes:
            continue
        zones: frozenset[Hex] = frozenset().union(
            *(ctx.region(r) for r in side.deployment_modes.values())
        )
        for j, entry in enumerate(side.forces):
            placement = entry.placement
            if not isinstance(placement, HexPlacement):
                continue
            h = ctx.amap.resolve(placement.hex)
            if h not in zones:
                modes = ", ".join(side.deployment_modes)
                message = (
                    f"{entry.unit} on {ctx.amap.name(h)} is in no zone of {side.name}'s "
                    f"deployment modes ({modes}): move him into one, or let the mode place him"
                )
                path = ("sides", i, "forces", j, "placement")
                yield ctx.finding("error", "deployment-zone", message, citation, path)


def _bracket_modes(ctx: CheckContext, side: Side, citation: str) -> Iterator[Finding]:
    for k, bracket in enumerate(ctx.scenario.intelligence):
        mode = bracket.modes.get(side.id)
        if mode is not None and mode not in side.deployment_modes:
            known = ", ".join(side.deployment_modes) or "none"
            message = (
                f"{side.name} has no deployment mode '{mode}' (modes: {known}; name one of "
                "them, or add the mode)"
            )
            path = ("intelligence", k, "modes", side.id)
            yield ctx.finding("error", "deployment-zone", message, citation, path)


# --- Soldiers' forces ---------------------------------------------------------------------


def men_counters(ctx: CheckContext) -> Iterator[Finding]:
    """Each force entry of a side (its forces and reinforcements) is a counter that puts men
    on the map (a squad, the platoon leader, a heavy-weapons soldier, a machinegun team) or a
    stand-in for what the side buys; a weapon, equipment or another man listed there was
    called valid and the game refused to start (found by random editor edits)."""
    from rules.pointbuy.base import side_entries
    from rules.soldiers.setup import stand_in
    from rules.soldiers.units import catalogue_entry, puts_men

    for i, side in enumerate(ctx.scenario.sides):
        for path, entry, _ in side_entries(side, i):
            try:
                kind = catalogue_entry(entry.unit).category
            except RulesError:
                continue  # loading reports an unknown unit
            if stand_in(entry) or puts_men(entry.unit):
                continue
            message = (
                f"{entry.unit} ({kind}) puts no men on the map: list it among "
                f"{side.name}'s purchases, or choose a squad, the platoon leader, a "
                "heavy-weapons soldier or a team"
            )
            yield ctx.finding("error", "men-counters", message, "Soldiers (19.2)", (*path, "unit"))


def setup_kind(ctx: CheckContext) -> Iterator[Finding]:
    """Soldiers' men start on the map, in a hex, an area, a deployment mode's zones [19.41]
    or (scenario 26) a drop [26.4]; men who come on later are a reinforcement group, entering
    by an edge when their event comes [19.32]. A designer may still write a side that enters
    (the Set-up page offers it), but test play cannot start it: a warning, where it was said
    nothing and the game refused ("this placement is not in the Soldiers engine yet"), found
    by random editor edits followed by a game."""
    from model.scenario import EntryPlacement, OffMapPlacement, Placement
    from rules.forces.units import PathKey

    citation = "Soldiers (19.32; 19.41)"
    for i, side in enumerate(ctx.scenario.sides):
        found: list[tuple[PathKey, Placement | None]] = [(("sides", i, "setup"), side.setup)]
        found += [
            (("sides", i, "forces", j, "placement"), e.placement) for j, e in enumerate(side.forces)
        ]
        for path, placement in found:
            if isinstance(placement, (EntryPlacement, OffMapPlacement)):
                message = (
                    f"test play cannot start {side.name}'s set-up by '{placement.kind}': its "
                    "men set up on the map (a hex, an area, a deployment mode's zones), and "
                    "men who come on later are a reinforcement group [19.32]"
                )
                yield ctx.finding("warning", "setup-kind", message, citation, path)
