"""Bought copies of the Soldiers scenarios 20-26 for the engine's tests, written by hand in the
shape the point-buy bot gives (``rules/pointbuy/purchase.py``): real catalogue ids in
``forces`` (one counter an entry, ``state: [depleted]`` for a depleted squad), INTELLIGENCE
and other items in ``purchases``, the reinforcements bought placed round-robin in the groups
that held a stand-in (an empty group removed), and the mission the side plays.

Our choices, not the book's: the same purchase for a nation in every scenario (two squads, one
depleted, heavy-weapons soldiers, a reinforcement squad), except scenario 26 whose German
squads all enter by their groups and whose US buys both Airborne squads [26.2].
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from model.catalog import unit_types
from model.scenario import ForceEntry, Mission, Purchase, Reinforcement, Side
from model.scenario_io import LoadedScenario, load_scenario
from model.systems import GameSystem

ROOT = Path(__file__).parent.parent / "scenarios" / "soldiers"
SCENARIOS = (
    "20-vire-bridges",
    "21-hedgerow-assault",
    "22-street-fighting-in-grave",
    "23-pre-dawn-pillbox-assault",
    "24-beaufort-crossroads",
    "25-counterattack",
    "26-airborne",
)


@dataclasses.dataclass(frozen=True)
class Buy:
    """A side's purchase: its forces (id, depleted?), items (id, count), reinforcements."""

    forces: tuple[tuple[str, bool], ...]
    purchases: tuple[tuple[str, int], ...] = ()
    reinforcements: tuple[str, ...] = ()


GERMAN = Buy(
    (("GE-SQUAD-2", False), ("GE-SQUAD-3", True), ("GE-MMG-TEAM", False)),
    (("INTELLIGENCE", 3), ("GRENADE", 2)),
    ("GE-SQUAD-4",),
)
US = Buy(
    (("US-ELITE-E", False), ("US-SQUAD-5", False), ("US-ENGINEER", False), ("US-PL", False)),
    (("INTELLIGENCE", 1),),
    ("US-VETERAN",),
)
#: Scenario 26: the German squads all enter by their groups; the US has both Airborne squads.
GERMAN_26 = Buy((), (), ("GE-SQUAD-2", "GE-SQUAD-3", "GE-SQUAD-4"))
US_26 = Buy((("US-AIRBORNE-1", False), ("US-AIRBORNE-2", True)), (), ("US-VETERAN",))


def _stand_in(group: Reinforcement) -> bool:
    types = unit_types(GameSystem.SOLDIERS)
    return any(types[u.unit].category == "purchase-group" for u in group.units)


def bought_side(side: Side, buy: Buy, mission: Mission | None) -> Side:
    """The side with its purchase: forces, purchases, reinforcements in the stand-in groups
    round-robin (empty ones removed; none when the mission forbids them [19.31]), and its
    mission."""
    groups = [g for g in side.reinforcements if _stand_in(g)]
    if mission is not None and not mission.reinforcements:
        groups = []
    filled: dict[int, list[ForceEntry]] = {i: [] for i in range(len(groups))}
    for k, unit in enumerate(buy.reinforcements if groups else ()):
        filled[k % len(groups)].append(ForceEntry(unit=unit))
    reinforcements = [g for g in side.reinforcements if not _stand_in(g)]
    reinforcements += [
        g.model_copy(update={"units": filled[i]}) for i, g in enumerate(groups) if filled[i]
    ]
    return side.model_copy(
        update={
            "forces": [
                ForceEntry(unit=u, state=["depleted"] if depleted else [])
                for u, depleted in buy.forces
            ],
            "purchases": [Purchase(item=i, count=n) for i, n in buy.purchases],
            "reinforcements": reinforcements,
            "mission": mission.id if mission is not None else None,
        }
    )


def bought(name: str, mission: int = 0, buys: dict[str, Buy] | None = None) -> LoadedScenario:
    """Scenario ``name`` (``20-vire-bridges``) bought: each side with a mission plays its
    ``mission``-th (modulo their number)."""
    loaded = load_scenario(ROOT / f"{name}.yaml")
    scenario = loaded.scenario
    sides = []
    for side in scenario.sides:
        default = (GERMAN_26, US_26) if name.startswith("26") else (GERMAN, US)
        buy = (buys or {}).get(side.id) or (default[0] if side.nation == "germany" else default[1])
        mine = [m for m in scenario.missions if m.side == side.id]
        chosen = mine[mission % len(mine)] if mine else None
        sides.append(bought_side(side, buy, chosen))
    return dataclasses.replace(loaded, scenario=scenario.model_copy(update={"sides": sides}))
