"""Panzer Command off-map artillery [§14.5], pre-plotted barrages [§14.6] and the Katyusha
[§14.7].

- Off-map batteries: the scenario's off-map artillery support (a side's ``support`` entry of
  kind ``off-map artillery``, ``strength`` naming its H or Hm unit type, ``count`` the
  batteries), from the first turn; and an H or Hm reinforcement not yet on the map, from the
  turn it may enter: "Such units are not required to ever enter the map" [§15.2 note]. They
  have Actions as any unit (a support battery is independent, so always In Command: our
  reading [§4.4]).
- Their Indirect Fire [§14.5]: the procedure of §14.3 with a unit on the map spotting (radio
  contact, then the Spotting Table), or at a pre-plotted hex without one [§14.6]. Our reading
  of "the owner must use a unit on the map to Spot": never the battery itself, never
  Counter-Battery Fire. Range is counted from a hex of the owner's map edge, chosen the first
  time the battery fires and kept after [§14.5]; our reading: from the imaginary hex beyond
  it (the edge hex's distance + 1), as the paragraph counts Counter-Battery range to it.
- The owner's map edge (our reading; the scenarios name none): the map side (the first or last
  printed column or row) holding most of the side's entry hexes (an entry set-up,
  reinforcements), else the side nearest its set-up on average.
- Counter-Battery Fire at an off-map battery [§14.5]: once it has fired from off the map, an
  enemy battery within range of the imaginary hex beyond its edge hex spots it on the table's
  off-map column by the times it fired; it stands in clear terrain
  (:mod:`rules.panzer_command.artillery`).
- Pre-plotted barrages [§14.6]: a side's ``barrages`` give a battery up to three hexes; a
  battery listed without hexes has them plotted at set-up by the engine, standing in for the
  owner (our reading: the enemy-held hexes with most Steps within its range, then the hexes
  of the victory conditions' regions nearest the enemy).
  A plotted hex is always Spotted by its battery: no radio contact, no Spotting roll, no line
  of sight. The hexes are lost for good when the battery moves [§14.6].
- A unit of limited shots (the Katyusha's three [§14.7]) is removed from the game after its
  last attack: not eliminated, so its Steps count as no loss [§14.7]. Our reading: every
  Indirect Fire Action counts, one wasted for want of a Spot too.

Missing, named: the Move (along the edge), Improve Position, Entrench, Mount and Dismount
Actions of off-map units [§14.5].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import EntryPlacement
from rules.engine.actions import Action
from rules.engine.errors import UnsupportedGameError
from rules.panzer_command.actions import IndirectFire, OffMapFire, PositionChanged
from rules.panzer_command.reinforcements import due

if TYPE_CHECKING:
    from rules.panzer_command.game import PanzerCommandGame, PcState

#: The spotter word for a fire at a pre-plotted hex [§14.6].
PLOTTED = "plotted"
#: Pre-plotted hexes a battery may have at most [§14.6].
MOST_PLOTS = 3


# --- the owner's map edge ---------------------------------------------------------------------


def map_sides(game: PanzerCommandGame) -> dict[str, frozenset[Hex]]:
    """The map's edge hexes by side of the map (the first or last printed column or row)."""
    hexes = game.amap.hexes
    edge = [h for h in hexes if any(n not in hexes for n in h.neighbors())]
    printed = {h: game.name(h) for h in edge}
    numbered = {h: (int(n[:2]), int(n[2:])) for h, n in printed.items() if n.isdigit()}
    if len(numbered) != len(edge):
        return {"edge": frozenset(edge)}  # not printed column-row: one edge all round
    cols = [c for c, _ in numbered.values()]
    rows = [r for _, r in numbered.values()]
    return {
        "west": frozenset(h for h, (c, _) in numbered.items() if c == min(cols)),
        "east": frozenset(h for h, (c, _) in numbered.items() if c == max(cols)),
        "north": frozenset(h for h, (_, r) in numbered.items() if r == min(rows)),
        "south": frozenset(h for h, (_, r) in numbered.items() if r == max(rows)),
    }


def home_edge(game: PanzerCommandGame, side: str) -> frozenset[Hex]:
    """The side's own map edge (our reading, see the module's words) [§14.5]."""
    sides = map_sides(game)
    scenario_side = next(s for s in game.scenario.sides if s.id == side)
    entry: set[Hex] = set()
    for p in [scenario_side.setup, *(e.placement for e in scenario_side.forces)]:
        if isinstance(p, EntryPlacement):
            entry |= game.region(p.region)
    for arrival in game.deployment.arrivals:
        if arrival.side == side:
            entry |= game.region(arrival.region)
    own = [h for u, h in game.deployment.hexes.items() if game.units[u].side == side]

    def score(key: str) -> tuple[int, float, str]:
        hexes = sides[key]
        near = sum(min(h.distance(e) for e in hexes) for h in own) / max(1, len(own))
        return (-len(hexes & entry), near, key)

    return sides[min(sides, key=score)]


# --- off-map batteries ----------------------------------------------------------------------


def offmap_battery(state: PcState, unit: str) -> bool:
    """An H or Hm battery able to fire from off the map now: of the scenario's off-map support,
    or a reinforcement due to enter [§14.5; §15.2 note]."""
    spec = state.game.units.get(unit)
    if spec is None or spec.weapon_class not in ("H", "Hm") or spec.attack is None:
        return False
    if unit in state.troops.hexes or unit in state.troops.eliminated:
        return False
    if unit in state.support.removed:
        return False
    return unit in state.game.offmap or due(state, unit) is not None


def batteries(state: PcState, side: str) -> list[str]:
    """The side's off-map batteries able to fire now, in printed-ID order."""
    return [u for u, s in state.game.units.items() if s.side == side and offmap_battery(state, u)]


def fire_range(state: PcState, edge: Hex, target: Hex) -> int:
    """Range from an off-map battery's edge hex: to the imaginary hex beyond it, so the edge
    hex's distance + 1 (our reading) [§14.5]."""
    return edge.distance(target) + 1


def why_not_offmap(state: PcState, action: OffMapFire) -> str | None:
    """Why the off-map Indirect Fire may not be made now, or None [§14.5-14.6]."""
    from rules.panzer_command.artillery import why_not_spotter, why_not_target

    game, troops = state.game, state.troops
    unit, spec = action.unit, game.units[action.unit]
    if not offmap_battery(state, unit):
        return (
            "not an off-map battery able to fire now: an H or Hm unit of the scenario's "
            "off-map support, or a reinforcement from its turn of entry [§14.5; §15.2]"
        )
    if unit in troops.suppressed:
        return "a Suppressed unit performs no Action but Rally [§11.1]"
    why = why_not_target(state, unit, action.target)
    if why is not None:
        return why
    edge, anchor = game.by_name.get(action.edge.upper()), state.support.anchors.get(unit)
    if anchor is not None and action.edge.upper() != anchor:
        return (
            f"its range is counted from {anchor}, the edge hex it chose when first firing [§14.5]"
        )
    if edge is None or edge not in game.home_edges[spec.side]:
        return f"'{action.edge}' is no hex of {spec.side}'s map edge (our reading) [§14.5]"
    rng = fire_range(state, edge, troops.hexes[action.target])
    if rng > spec.range:
        return (
            f"the target is {rng} hexes from the battery off {action.edge}, "
            f"beyond its printed Range {spec.range} [§14.3 note; §14.5]"
        )
    if action.spotter == PLOTTED:
        return why_not_plotted(state, unit, action.target)
    if action.spotter == unit:
        return "an off-map battery sees nothing: a unit on the map spots for it [§14.5]"
    return why_not_spotter(state, IndirectFire(unit, action.target, action.spotter))


def why_not_plotted(state: PcState, unit: str, target: str) -> str | None:
    """Why the target's hex is not one the battery pre-plotted, or None [§14.6]."""
    name = state.game.name(state.troops.hexes[target])
    if name not in state.support.plots.get(unit, []):
        return f"{name} is no pre-plotted hex of {unit} [§14.6]"
    return None


def nearest_edge(state: PcState, unit: str, target: Hex) -> Hex:
    """The battery's edge hex: the one it chose, else (offered first time) the hex of its
    owner's edge nearest the target (standing in for the owner's choice [§14.5])."""
    game = state.game
    anchor = state.support.anchors.get(unit)
    if anchor is not None:
        return game.by_name[anchor]
    edge = game.home_edges[game.units[unit].side]
    return min(edge, key=lambda h: (h.distance(target), game.name(h)))


def offmap_options(state: PcState, unit: str) -> list[Action]:
    """The off-map Indirect Fires offered: at each enemy unit in range, at a pre-plotted hex
    first, else spotted by the nearest friendly unit that may spot (our reading)."""
    from rules.panzer_command.artillery import spotters

    if not offmap_battery(state, unit) or unit in state.troops.suppressed:
        return []
    game, side = state.game, state.game.units[unit].side
    found: list[Action] = []
    for t in sorted(state.troops.hexes):
        if game.units[t].side == side:
            continue
        edge = game.name(nearest_edge(state, unit, state.troops.hexes[t]))
        if why_not_plotted(state, unit, t) is None:
            found.append(OffMapFire(unit, t, PLOTTED, edge))
            continue
        found += [OffMapFire(unit, t, s, edge) for s in spotters(state, unit, t)]
    return [a for a in found if isinstance(a, OffMapFire) and why_not_offmap(state, a) is None]


def offmap_fire(state: PcState, action: OffMapFire) -> None:
    """The off-map Indirect Fire Action [§14.5]: the edge hex kept from the first fire, then
    spot (or a plotted hex) and attack as §14.3."""
    from rules.panzer_command.artillery import resolve

    unit, edge = action.unit, action.edge.upper()
    if unit not in state.support.anchors:
        state.support.anchors[unit] = edge
        state.emit(
            PositionChanged(
                unit,
                f"fires from off the map beyond {edge}: its range is counted from there",
                "[§14.5]",
            )
        )
    resolve(state, unit, action.target, action.spotter)


# --- pre-plotted barrages -------------------------------------------------------------------


def read_barrages(game: PanzerCommandGame) -> dict[str, tuple[str, ...]]:
    """Each battery's pre-plotted hexes from the sides' ``barrages`` (names; an empty tuple to
    be plotted at set-up) [§14.6].

    Raises:
        UnsupportedGameError: a barrage names no H or Hm unit of its side, or a hex not on the
            map, or a battery twice.
    """
    found: dict[str, tuple[str, ...]] = {}
    labels = game.deployment.labels
    for i, side in enumerate(game.scenario.sides):
        for j, barrage in enumerate(side.barrages):
            where = f"sides[{i}].barrages[{j}]"
            listed = labels.get(f"{side.id}:{barrage.unit}")
            if listed is not None:
                unit = listed[barrage.number - 1] if barrage.number <= len(listed) else ""
            else:
                unit = f"{side.id}.{barrage.unit}.{barrage.number}"
            spec = game.units.get(unit)
            if spec is None or spec.weapon_class not in ("H", "Hm"):
                raise UnsupportedGameError(
                    f"{where}: '{barrage.unit}' number {barrage.number} is no H or Hm unit of "
                    f"{side.id}: name an artillery entry's label or unit type [§14.6]"
                )
            if unit in found:
                raise UnsupportedGameError(f"{where}: {unit} has its barrages listed twice [§14.6]")
            names = []
            for name in barrage.hexes:
                if name.upper() not in game.by_name:
                    raise UnsupportedGameError(f"{where}: '{name}' is no hex of the map [§14.6]")
                names.append(name.upper())
            found[unit] = tuple(names)
    return found


def plot_barrages(state: PcState) -> None:
    """The pre-plotted hexes at set-up: the scenario's, or, for a battery listed without
    hexes, the engine's for the owner [§14.6]."""
    game = state.game
    for unit, names in sorted(game.barrages.items()):
        plotted = list(names) or _chosen(state, unit)
        state.support.plots[unit] = plotted
        how = "the scenario's" if names else "plotted for the owner (our reading)"
        state.emit(
            PositionChanged(unit, f"pre-plotted hexes {', '.join(plotted)}: {how}", "[§14.6]")
        )


def _chosen(state: PcState, unit: str) -> list[str]:
    """Our reading of the owner's plot: the enemy-held hexes at set-up with most Steps within
    the battery's range (from its hex, or off the map from the nearest hex of its edge), then
    the hexes of the scenario's victory regions in range nearest the enemy."""
    game, troops = state.game, state.troops
    side, reach = game.units[unit].side, game.units[unit].range
    steps: dict[Hex, int] = {}
    for u, h in troops.hexes.items():
        if game.units[u].side != side:
            steps[h] = steps.get(h, 0) + troops.steps[u]
    at = troops.hexes.get(unit)

    def distance(h: Hex) -> int:
        if at is not None:
            return at.distance(h)
        return fire_range(state, nearest_edge(state, unit, h), h)

    def enemy_near(h: Hex) -> int:
        return min((h.distance(e) for e in steps), default=0)

    held = sorted(
        (h for h in steps if distance(h) <= reach), key=lambda h: (-steps[h], game.name(h))
    )
    goals: set[Hex] = set()
    for cond in game.scenario.victory.conditions:
        region = getattr(cond, "region", None)
        if region is not None:
            goals |= game.region(region)
    near = sorted(
        (h for h in goals - set(held) if distance(h) <= reach),
        key=lambda h: (enemy_near(h), game.name(h)),
    )
    return [game.name(h) for h in [*held, *near][:MOST_PLOTS]]


def lose_plots(state: PcState, unit: str) -> None:
    """A battery that moves loses its pre-plotted hexes for good [§14.6]."""
    if state.support.plots.pop(unit, None):
        state.emit(PositionChanged(unit, "moves: its pre-plotted hexes are lost", "[§14.6]"))


# --- the Katyusha ---------------------------------------------------------------------------


def count_shot(state: PcState, unit: str) -> None:
    """One more attack of a unit of limited shots; after its last it leaves the game, not
    eliminated [§14.7]."""
    most = state.game.units[unit].shots
    if most is None:
        return
    made = state.support.shots.get(unit, 0) + 1
    state.support.shots[unit] = made
    if made < most:
        state.emit(PositionChanged(unit, f"attack {made} of its {most}", "[§14.7]"))
        return
    state.remove_from_game(unit, f"its attack {made} of {most}: removed, not eliminated [§14.7]")
