"""What a side may buy besides the counters of its forces, with the price the budget report
would give it: Soldiers' intelligence, artillery support, defensive preparations and extra
equipment [19.4]; Armor's artillery batteries, Air Spotting, Radio Jamming, Terrain Support and
the costed extras [SCN III.D.2.a] (each system's :meth:`~rules.pointbuy.base.PointBuy.buyable`).
Panzer '44 and Panzer Command buy nothing but units.

The Budget panel offers these items; squads, heavy-weapons soldiers, leaders and Armor's
combat units are added in the Order of Battle panel.
"""

from __future__ import annotations

from dataclasses import dataclass

from model.catalog import UnitType, unit_types
from model.scenario import Purchase, Side
from model.systems import GameSystem
from rules.forces.units import counter_pool
from rules.pointbuy.base import PointBuy
from rules.registry import rules_for


@dataclass(frozen=True, slots=True)
class PurchaseItem:
    """One thing a side may buy as a purchase.

    Attributes:
        id: the catalogue id the scenario writes (``INTELLIGENCE``, ``AIR-SPOTTING``).
        name: the catalogue's name.
        category: the book's purchase category ("intelligence", "terrain-support").
        cost: what ``per`` of them cost (None: no price in the text).
        per: how many one price buys.
        source: where the price comes from, or None.
        placeholder: what an invented price is based on, or None.
    """

    id: str
    name: str
    category: str
    cost: int | None
    per: int
    source: str | None
    placeholder: str | None


def purchase_items(system: GameSystem, side: Side) -> list[PurchaseItem]:
    """The items ``side`` may buy as purchases, by category then name; its nation's own (a
    pistol) and every nation's (grenades, batteries)."""
    pool = set(counter_pool(side)) | {"any"}
    unique = {id(u): u for u in unit_types(system).values()}.values()
    buy = rules_for(system).pointbuy
    found = [_item(buy, side, u) for u in unique if u.nation in pool and buy.buyable(u)]
    return sorted(found, key=lambda i: (i.category, i.name))


def _item(buy: PointBuy, side: Side, unit: UnitType) -> PurchaseItem:
    # Why: priced as the report prices a purchase, so the offer and the bill agree.
    purchase = Purchase(item=unit.id)
    path = ("sides", 0, "purchases", 0)
    line = buy.item_line(side, path, purchase)
    return PurchaseItem(
        unit.id, unit.name, line.category, line.unit_cost, line.per, line.source, line.placeholder
    )
