"""What the acting side may do now, read through the State API alone: its legal actions grouped
by the unit each concerns, in the game's reading order, and for one unit the hexes its actions
move to or aim at. Qt-free values, the same for every game system (STYLE point 24)::

    found = side_choices(state, "us")          # groups by unit, the side's own, its Done
    aims = aims_of(state, "us", "us.M4.1", found.groups["us.M4.1"])
    aims.reach, aims.targets, aims.watch       # the map's shading, red outlines, amber lines
    aims.at(hex)                               # the action a click on the hex takes
    aims.pick(state, hex, route, chosen)       # a click: take an action, or choose one and
                                               # lay its path hex by hex (State.route)

A move's hex and cost, a fire's hex, come from :meth:`~rules.engine.core.State.concerns`; a move
planned now and made later (a plotted move task, whose focus has no hex) is shaded with
:meth:`~rules.engine.core.State.reach`. A fire aimed at a hex where another side's unit stands
is a *target* (its odds from :meth:`~rules.engine.core.State.preview`); one aimed at an empty
hex watches or shells it (a Line of Opportunity Fire, an area fire) and is drawn as a line.
Where several moves of a unit end in one hex (an Armor order's facings and ways there), a
click chooses one, and the next clicks take it or lay its path through more hexes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from model.hexes import Hex
from rules.engine.actions import Action, Done
from rules.engine.core import State
from rules.engine.errors import RulesError
from rules.engine.play import ActionFocus, Preview
from rules.engine.positions import UnitPosition

#: The key of the group of a side's actions that belong to no unit (chits, points, passes).
SIDE = ""


@dataclass(frozen=True)
class SideChoices:
    """A side's legal actions now.

    Attributes:
        side: the side.
        groups: its actions by the unit they concern (:data:`SIDE` for its own), each group in
            the game's reading order, the groups in the order their first action comes.
        done: its Done (pass, end of plotting or of the segment), if it may finish now.
    """

    side: str
    groups: Mapping[str, tuple[Action, ...]]
    done: Action | None = None

    @property
    def signature(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """What the list shows, as text: equal signatures need no new list."""
        return tuple((unit, tuple(a.text() for a in acts)) for unit, acts in self.groups.items())


def side_choices(state: State, side: str) -> SideChoices:
    """``side``'s legal actions grouped by the unit each concerns, arranged for reading."""
    groups: dict[str, list[Action]] = {}
    done: Action | None = None
    side_own: list[Action] = []
    for action in state.arrange(state.legal_actions(side)):
        if isinstance(action, Done):  # the shared Done of every game, not a system's action
            done = action
            continue
        unit = state.concerns(action).unit
        if unit is None:
            side_own.append(action)
        else:
            groups.setdefault(unit, []).append(action)
    ordered = {SIDE: tuple(side_own)} if side_own else {}
    ordered.update((unit, tuple(acts)) for unit, acts in groups.items())
    return SideChoices(side, ordered, done)


def labels(actions: Sequence[Action], describe: Callable[[Action], str]) -> list[str]:
    """The actions' words for a list; where two read the same (a system's words that leave
    out a detail, an Indirect Fire's pattern), each gets the words of its text that differ
    from the others', in brackets, so no two lines of a group look alike."""
    words = [describe(a) for a in actions]
    same: dict[str, list[int]] = {}
    for i, w in enumerate(words):
        same.setdefault(w, []).append(i)
    for indices in same.values():
        if len(indices) < 2:
            continue
        texts = [actions[i].text().split() for i in indices]
        shared = set.intersection(*(set(t) for t in texts))
        for i, text in zip(indices, texts, strict=True):
            extra = " ".join(t for t in text if t not in shared) or actions[i].text()
            words[i] += f" [{extra}]"
    return words


@dataclass(frozen=True)
class Pick:
    """What a click on the map does for the selected unit (:meth:`Aims.pick`).

    Attributes:
        action: the action the click names; None when nothing of the unit's concerns the hex.
        take: take it now; else it is only chosen (drawn with its path, previewed), for a
            second click on its last hex to take it or further clicks to lay its path.
        route: the hexes clicked so far of the path being laid (empty when none is).
    """

    action: Action | None
    take: bool = False
    route: tuple[Hex, ...] = ()


@dataclass
class Aims:
    """What one unit's actions (or the side's own) do on the map.

    Attributes:
        unit: the unit (:data:`SIDE` for the side's own actions).
        hex: where it stands; None off the map (off-board support, waiting to enter).
        actions: its actions, in reading order.
        moves: the hexes its moves end in, each with the moves that end there.
        reach: the hexes shaded as its reach, with the cost of each when known.
        targets: hexes where another side's unit stands that its fire aims at.
        watch: empty hexes its fire aims at (watched, or shelled as an area).
        planned: its move whose hex is chosen when it is made (a plotted move), if any.
    """

    unit: str
    hex: Hex | None
    actions: list[Action] = field(default_factory=list)
    moves: dict[Hex, list[Action]] = field(default_factory=dict)
    reach: dict[Hex, float | None] = field(default_factory=dict)
    targets: dict[Hex, list[Action]] = field(default_factory=dict)
    watch: dict[Hex, list[Action]] = field(default_factory=dict)
    planned: Action | None = None

    def at(self, h: Hex, chosen: Action | None = None) -> Action | None:
        """The action a click on ``h`` takes: ``chosen`` (the one picked in the list) when it
        goes to or aims at ``h``, else the first in reading order that does; the planned move
        when ``h`` is in its reach; None when nothing of the unit's concerns ``h``."""
        found = self.moves.get(h) or self.targets.get(h) or self.watch.get(h) or []
        if chosen is not None and chosen in found:
            return chosen
        if found:
            return found[0]
        if self.planned is not None and h in self.reach and h != self.hex:
            return self.planned
        return None

    def pick(
        self, state: State, h: Hex, route: Sequence[Hex] = (), chosen: Action | None = None
    ) -> Pick:
        """What a click on ``h`` does, the hexes clicked before it of a path being laid
        (``route``) and the action chosen so far (``chosen``) given.

        A second click on the last hex of the path chosen takes its move; a click on a hex
        the action chosen in the list goes to or aims at takes it (a Close Assault chosen, then
        its target clicked); a click on an enemy's hex takes its first attack, even where a
        move also ends (a move into an enemy's hex is laid through another hex, or chosen in
        the list); a click where one move alone ends takes it (a fire, a watch, the planned
        move as :meth:`at`). Where several moves end
        (another facing, another way there) or a path is being laid, the click chooses the
        cheapest move through the hexes clicked so far and then ``h``
        (:meth:`~rules.engine.core.State.route`), or, when none goes on from them, the
        cheapest to ``h`` alone: shown with its path and cost, for the next click to take it
        or to lay its path further."""
        if route and h == route[-1] and chosen is not None:
            return Pick(chosen, take=True)
        ending = self.moves.get(h, [])
        aimed = [*self.targets.get(h, ()), *self.watch.get(h, ())]
        if chosen is not None and (chosen in ending or chosen in aimed):
            return Pick(chosen, take=True)  # the action chosen in the list goes there
        if self.unit == SIDE or not (ending or route):
            return Pick(self.at(h, chosen), take=True)
        if not route and h in self.targets:  # an enemy's hex its moves also end in
            return Pick(self.targets[h][0], take=True)
        if not route and len(ending) == 1:
            return Pick(ending[0], take=True)
        if route:
            longer = state.route(self.unit, (*route, h))
            if longer is not None:
                return Pick(longer, route=(*route, h))
        alone = state.route(self.unit, (h,)) if ending else None
        if alone is not None:
            return Pick(alone, route=(h,))
        return Pick(self.at(h, chosen), take=True)

    def hexes(self) -> set[Hex]:
        """Every hex a click on takes one of its actions."""
        planned = set(self.reach) if self.planned is not None else set()
        return set(self.moves) | set(self.targets) | set(self.watch) | planned


def aims_of(
    state: State, side: str, unit: str, actions: Iterable[Action], units: Sequence[UnitPosition]
) -> Aims:
    """What ``unit``'s ``actions`` do on the map, for ``side`` (``units``: the units shown)."""
    enemy = {p.hex for p in units if p.side != side}
    here = next((p.hex for p in units if p.unit == unit), None)
    found = Aims(unit, here, list(actions))
    costs: dict[Hex, float | None] = {}
    planned: list[Action] = []
    for action in found.actions:
        focus = state.concerns(action)
        if focus.kind == "move" and focus.hex is not None:
            found.moves.setdefault(focus.hex, []).append(action)
            known = [c for c in (costs.get(focus.hex), focus.cost) if c is not None]
            costs[focus.hex] = min(known) if known else None
        elif focus.kind == "move" and not focus.path:
            planned.append(action)
        elif focus.kind == "fire" and focus.hex is not None:
            aimed = found.targets if focus.hex in enemy else found.watch
            aimed.setdefault(focus.hex, []).append(action)
    found.reach = costs
    if not found.moves and planned and unit != SIDE:  # where it goes is chosen later
        found.planned = planned[0]
        found.reach = dict(state.reach(unit))
    return found


def odds(state: State, actions: Iterable[Action]) -> list[tuple[Action, Preview]]:
    """The previews of the actions that attack something, with their odds; an attack made
    with a move (its focus has a path or a cost: an Armor order to fire, then turn or move)
    is previewed once chosen, as is one whose odds depend on what happens later (no chance
    of an effect known, nothing prohibited: Opportunity Fire on a hex)."""
    found = []
    for action in actions:
        focus = state.concerns(action)
        if focus.path or focus.cost is not None:
            continue
        preview = state.preview(action)
        if any(c.effect is not None or c.prohibited for c in preview.chances):
            found.append((action, preview))
    return found


@dataclass(frozen=True)
class Order:
    """An order given earlier (a plot, an Armor order), read back from its text."""

    text: str
    action: Action | None
    focus: ActionFocus


def orders(state: State, texts: Iterable[str]) -> list[Order]:
    """The orders ``texts`` write (a side's own orders from its view), with what they concern;
    a text the game cannot read is kept with no action."""
    found = []
    for text in texts:
        try:
            action: Action | None = state.game.parse_action(text)
        except RulesError:
            action = None
        focus = state.concerns(action) if action is not None else ActionFocus(None)
        found.append(Order(text, action, focus))
    return found


def fire_lines(found: Iterable[Order], where: Mapping[str, Hex]) -> list[tuple[Hex, Hex]]:
    """The lines of the orders that aim at a hex, from their unit's hex (the plotted fire
    and Lines of Opportunity Fire the viewer may see [Panzer '44 6.52])."""
    lines = []
    for order in found:
        focus = order.focus
        start = where.get(focus.unit) if focus.unit is not None else None
        if focus.kind == "fire" and focus.hex is not None and start is not None:
            lines.append((start, focus.hex))
    return lines


def paths(found: Iterable[Order], where: Mapping[str, Hex]) -> list[list[Hex]]:
    """The paths of the orders whose moves are given now and made later (an Armor order's
    hexes), from their unit's hex: where the viewer's units are ordered to go."""
    lines = []
    for order in found:
        focus = order.focus
        start = where.get(focus.unit) if focus.unit is not None else None
        if focus.path and start is not None:
            lines.append([start, *focus.path])
    return lines
