"""Edits to how the sides set up, as pure functions: each side's set-up zone or entry area,
a force entry's own area, zones painted hex by hex, who moves first, who deploys first, and
each side's role.

Like :mod:`model.edits_rules`, each takes a scenario and returns a new one that pydantic has
validated again as a whole; the editor's undo commands wrap them (STYLE 8). Regions are
checked against the assembled map when one is given. A refused edit raises
:class:`SetupEditError`, an :class:`~model.errors.EditError` whose message is shown to the
designer as it is.

A painted zone is a set-up region of the ``hexes`` kind. A zone given as a rule ("east of
hexrow 3700, inclusive") is painted on only after :func:`setup_as_hexes` has turned it into
the hexes the rule covers on this map; the editor asks before it does, since the rule's words
are lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

from model.edits_rules import RulesEditError, _revalidate, check_region, check_turn
from model.hexes import Hex
from model.layout import AssembledMap
from model.regions import HexesRegion, Region
from model.scenario import AreaPlacement, EntryPlacement, Placement, Scenario, Side

Role = Literal["attacker", "defender", "none"]
Formation = Literal["column", "free"]
ROLES: tuple[str, ...] = get_args(Role)


class SetupEditError(RulesEditError):
    """An edit to the sides' set-up that cannot be made; the message says why."""


# --- sides ---------------------------------------------------------------------------------------


def _side_of(scenario: Scenario, side_id: str) -> Side:
    try:
        return scenario.side(side_id)
    except KeyError:
        ids = ", ".join(s.id for s in scenario.sides)
        raise SetupEditError(f"no side '{side_id}' (the sides are {ids})") from None


def _with_side(scenario: Scenario, side_id: str, **update: object) -> Scenario:
    _side_of(scenario, side_id)
    sides = [s.model_copy(update=update) if s.id == side_id else s for s in scenario.sides]
    return _revalidate(scenario.model_copy(update={"sides": sides}))


def set_role(scenario: Scenario, side_id: str, role: str) -> Scenario:
    """Make a side the attacker, the defender or neither (``none``)."""
    if role not in ROLES:
        raise SetupEditError(f"a side's role is attacker, defender or none, not '{role}'")
    return _with_side(scenario, side_id, role=role)


def set_starts_on_map(scenario: Scenario, side_id: str, on_map: bool | None) -> Scenario:
    """Say whether a side starts on the map (``None``: the scenario does not say)."""
    side = _side_of(scenario, side_id)
    if on_map is True and isinstance(side.setup, EntryPlacement):
        raise SetupEditError(
            f"{side.name or side.id} enters the map on turn {side.setup.turn}: give it a set-up "
            "area first to have it start on the map"
        )
    return _with_side(scenario, side_id, starts_on_map=on_map)


# --- set-up zones --------------------------------------------------------------------------------


def _check_placement(
    scenario: Scenario, placement: Placement | None, amap: AssembledMap | None
) -> None:
    if isinstance(placement, EntryPlacement):
        check_turn(scenario.length, placement.turn, "entry on turn")
        if placement.formation not in (None, *get_args(Formation)):
            raise SetupEditError(f"a formation is column or free, not '{placement.formation}'")
    region = getattr(placement, "region", None)
    if amap is not None and region is not None:
        check_region(region, amap)


def set_setup(
    scenario: Scenario, side_id: str, placement: Placement | None, amap: AssembledMap | None = None
) -> Scenario:
    """Set where a side's forces set up or enter (``None``: no set-up of its own; its entries
    are placed one by one). A side that enters the map is no longer said to start on it."""
    side = _side_of(scenario, side_id)
    _check_placement(scenario, placement, amap)
    update: dict[str, object] = {"setup": placement}
    if isinstance(placement, EntryPlacement) and side.starts_on_map:
        update["starts_on_map"] = False
    return _with_side(scenario, side_id, **update)


def set_setup_area(
    scenario: Scenario,
    side_id: str,
    region: Region,
    adjacent: bool = False,
    amap: AssembledMap | None = None,
) -> Scenario:
    """A side sets up anywhere in ``region`` (``adjacent``: "in or adjacent to" it)."""
    return set_setup(scenario, side_id, AreaPlacement(region=region, adjacent=adjacent), amap)


def set_setup_entry(
    scenario: Scenario,
    side_id: str,
    region: Region,
    turn: int = 1,
    formation: str | None = None,
    amap: AssembledMap | None = None,
) -> Scenario:
    """A side enters the map through ``region`` on ``turn``, in column, in free formation, or
    as the rules say (``formation`` None)."""
    if formation not in (None, *get_args(Formation)):
        raise SetupEditError(f"a formation is column or free, not '{formation}'")
    placement = EntryPlacement(region=region, turn=turn, formation=formation)
    return set_setup(scenario, side_id, placement, amap)


def set_force_area(
    scenario: Scenario,
    side_id: str,
    index: int,
    region: Region | None,
    adjacent: bool = False,
    amap: AssembledMap | None = None,
) -> Scenario:
    """Give force entry ``index`` of a side an area of its own (``region`` None: the side's
    set-up applies to it again)."""
    side = _side_of(scenario, side_id)
    if not 0 <= index < len(side.forces):
        raise SetupEditError(f"{side.name or side.id} has no force entry {index + 1}")
    placement = None if region is None else AreaPlacement(region=region, adjacent=adjacent)
    _check_placement(scenario, placement, amap)
    forces = list(side.forces)
    forces[index] = forces[index].model_copy(update={"placement": placement})
    return _with_side(scenario, side_id, forces=forces)


# --- painted zones -------------------------------------------------------------------------------


def painted_hexes(placement: Placement | None, amap: AssembledMap) -> frozenset[Hex] | None:
    """The hexes of a set-up that is a hex set (a painted zone); ``None`` when the set-up is a
    rule or has no region. Names the map lacks are left out."""
    region = getattr(placement, "region", None)
    if not isinstance(region, HexesRegion):
        return None
    found = set()
    for name in region.hexes:
        try:
            found.add(amap.resolve(name))
        except KeyError:
            continue
    return frozenset(found)


def setup_as_hexes(scenario: Scenario, side_id: str, amap: AssembledMap) -> Scenario:
    """A side's set-up region given as a rule, replaced by the hexes it covers on ``amap``
    (kept an area or an entry, with its turn and formation)."""
    side = _side_of(scenario, side_id)
    placement = side.setup
    region = getattr(placement, "region", None)
    if placement is None or region is None:
        raise SetupEditError(f"{side.name or side.id} has no set-up region to turn into hexes")
    if isinstance(region, HexesRegion):
        return scenario
    hexes = check_region(region, amap)
    if isinstance(placement, AreaPlacement) and placement.adjacent:
        hexes = hexes | {n for h in hexes for n in h.neighbors() if n in amap}
        placement = placement.model_copy(update={"adjacent": False})
    listed = HexesRegion(hexes=_names(hexes, amap))
    return _with_side(scenario, side_id, setup=placement.model_copy(update={"region": listed}))


def paint_setup(
    scenario: Scenario,
    side_id: str,
    names: Iterable[str],
    amap: AssembledMap,
    remove: bool = False,
) -> Scenario:
    """Add hexes to a side's painted set-up zone, or take them out (``remove``).

    A side with no set-up gets an area of the hexes painted; taking out the last hex leaves it
    with none. A zone given as a rule is refused: turn it into hexes first
    (:func:`setup_as_hexes`).
    """
    side = _side_of(scenario, side_id)
    who = side.name or side.id
    chosen: set[Hex] = set()
    for name in names:
        try:
            chosen.add(amap.resolve(name))
        except KeyError:
            raise SetupEditError(f"{name} is not a hex of this map") from None
    placement = side.setup
    current = painted_hexes(placement, amap)
    if placement is not None and current is None:
        what = f"'{placement.kind}'"
        region = getattr(placement, "region", None)
        if region is not None:
            from model.region_text import describe_region

            what = f"'{describe_region(region)}'"
        raise SetupEditError(
            f"{who}'s set-up is {what}, not hexes painted one by one: turn it into its hexes "
            "before painting"
        )
    hexes = (current or frozenset()) - chosen if remove else (current or frozenset()) | chosen
    if not hexes:
        return _with_side(scenario, side_id, setup=None)
    listed = HexesRegion(hexes=_names(hexes, amap))
    if placement is None:
        return _with_side(scenario, side_id, setup=AreaPlacement(region=listed))
    return _with_side(scenario, side_id, setup=placement.model_copy(update={"region": listed}))


def _names(hexes: Iterable[Hex], amap: AssembledMap) -> list[str]:
    """Printed names in map order (column by column, top to bottom): a tidy file."""
    return [amap.name(h) for h in sorted(hexes, key=lambda h: (h.q, h.r))]


# --- order of play -------------------------------------------------------------------------------


def set_first_player(scenario: Scenario, side_id: str | None) -> Scenario:
    """The side that moves first (``None``: the scenario does not say)."""
    if side_id is not None:
        _side_of(scenario, side_id)
    return _revalidate(scenario.model_copy(update={"first_player": side_id}))


def set_deployment_order(scenario: Scenario, order: Iterable[str]) -> Scenario:
    """The order the sides deploy in, first to deploy first; empty: they deploy together.
    Every side is named once."""
    order = list(order)
    for side_id in order:
        _side_of(scenario, side_id)
    repeated = sorted({s for s in order if order.count(s) > 1})
    if repeated:
        raise SetupEditError(f"each side deploys once; named twice: {', '.join(repeated)}")
    missing = [s.id for s in scenario.sides if s.id not in order]
    if order and missing:
        raise SetupEditError(
            f"give every side a place in the deployment order; missing: {', '.join(missing)}"
        )
    return _revalidate(scenario.model_copy(update={"deployment_order": order}))
