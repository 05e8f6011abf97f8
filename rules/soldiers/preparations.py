"""Soldiers defensive preparations in play: camouflage [18.1], entrenchments [18.2] and
pillboxes [18.5] (wire and revealed minefields: :mod:`rules.soldiers.moves`).

Where they are: the markers the scenario's map carries (terrain overlays ``camouflage``,
``entrenchment``, ``pillbox``), its map objects of kind ``pillbox`` (scenario 23's free pillbox
[23.2]), and those the defender bought [18; 19.43]. A bought preparation is placed in a hex
where the defender's men set up, one preparation a hex, never in a building or water hex [18],
pillboxes first, then entrenchments, then camouflage, the men's hexes in roster order (our
reading: the owner places them with his men; the engine makes the choice). Bought wire is laid
by :mod:`rules.soldiers.wire` [18.31], bought minefields noted secretly by
:mod:`rules.soldiers.minefields` [18.4].

Effects:

- Camouflage [18.1]: an open hex is covered, a covered one protected; fire at men in it is -1
  to hit; the attacker's men get no benefit of it, neither the -1 nor the category (a scenario
  naming no attacker: everybody's).
- Entrenchment [18.2]: an open hex is covered; fire at men in it is -1 to hit and -2 to damage
  (artillery damage too, "as if for fire damage" [17.52]); for both sides.
- Pillbox [18.5]: protected; it cancels the hex's other terrain for fire (the pillbox's own
  modifiers [18.52]) and for grenades and satchel charges (the Grenade/Satchel Charge modifiers'
  pillbox row, men inside "indoors" [12.21; 16.23]); at most five men inside [18.51]; no man
  enters one holding an able enemy [18.51]; men inside may fire aimed or sustained at Wary
  [18.52], and reaction fire's alertness is +2 for them [18.52].

A bought pillbox blocks sight: :mod:`rules.soldiers.pillbox_sight` [18.52]. The camouflage's
attacker exclusion holds for the hit modifier and for the hex's category, judged for the man
(:func:`category` with his side: his movement, maintenance, unsuppressing and throws); entering
a camouflaged or entrenched hex costs nothing extra, as the book says [18.1; 18.2].
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from model.hexes import Hex
from model.scenario import Scenario
from rules.movement.costs import terrain_effect
from rules.soldiers import bridges
from rules.soldiers.actions import SetupNote
from rules.soldiers.units import SYSTEM, Man

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersGame, SoldiersState

KINDS = ("pillbox", "entrenchment", "camouflage")  # the order bought ones are placed in
ITEMS = {"PILLBOX": "pillbox", "ENTRENCHMENT": "entrenchment", "CAMOUFLAGE": "camouflage"}
PILLBOX_MEN = 5  # [18.51]
PILLBOX_INITIATIVE = 2  # reaction alertness [18.52]
CATEGORIES = ("open", "covered", "protected")


def defender(scenario: Scenario) -> str | None:
    """The side designated the defender [18; 19], None when no side is."""
    return next((s.id for s in scenario.sides if s.role == "defender"), None)


def defender_bought(scenario: Scenario, item: str) -> tuple[str | None, int]:
    """The defender and how many of ``item`` (a purchase list's item, any case) he bought
    [19.43]; (None, 0) when no side is the defender."""
    side = defender(scenario)
    count = sum(
        p.count
        for s in scenario.sides
        if s.id == side
        for p in s.purchases
        if p.item.upper() == item.upper()
    )
    return side, count


def bought(game: SoldiersGame, men: list[Man], hexes: dict[str, Hex]) -> dict[Hex, str]:
    """The preparations the scenario's map objects and the defender's purchases place [18;
    19.43; 23.2], hex by hex (see the module's words for the placing)."""
    found: dict[Hex, str] = {}
    for obj in game.scenario.map.objects:
        if obj.kind == "pillbox":
            for h in sorted(game.region(obj.region), key=game.name):
                found[h] = "pillbox"
    side = defender(game.scenario)
    if side is None:
        return found
    wanted = [
        ITEMS[p.item.upper()]
        for s in game.scenario.sides
        if s.id == side
        for p in s.purchases
        if p.item.upper() in ITEMS
        for _ in range(p.count)
    ]
    wanted.sort(key=KINDS.index)
    spots = []
    for m in men:
        at = hexes.get(m.id)
        if m.side == side and at is not None and at not in spots and _allowed(game, at):
            spots.append(at)
    for kind, spot in zip(wanted, [s for s in spots if s not in found], strict=False):
        found[spot] = kind
    return found


def _allowed(game: SoldiersGame, h: Hex) -> bool:
    """Not a building or water hex [18]: the terrain's ``preparations`` effect."""
    for t in game.terrains(h):
        effect = terrain_effect(SYSTEM, t, "preparations")
        if effect is not None and effect.value is False:
            return False
    return True


_ON_MAP: weakref.WeakKeyDictionary[SoldiersGame, dict[Hex, frozenset[str]]] = (
    weakref.WeakKeyDictionary()
)


def placed_kinds(game: SoldiersGame, h: Hex) -> frozenset[str]:
    """The preparations in ``h`` at the start: the map's markers and those placed."""
    table = _ON_MAP.get(game)
    if table is None:
        table = _ON_MAP[game] = {}
    found = table.get(h)
    if found is None:
        marks = {t for t in game.terrains(h) if t in KINDS}
        placed = game.prepared.get(h)
        found = table[h] = frozenset(marks | ({placed} if placed else set()))
    return found


def kinds(state: SoldiersState, h: Hex) -> frozenset[str]:
    """The preparations in ``h`` now: a pillbox an artillery D result made rubble is gone
    [17.51]."""
    found = placed_kinds(state.game, h)
    if state.field.marks and bridges.camouflaged(state, h):
        found = found | {"camouflage"}  # an engineer wiring the bridge placed it [26.2; 18.1]
    rubble = state.artillery.rubble
    if "pillbox" in found and rubble and state.game.name(h) in rubble:
        return found - {"pillbox"}
    return found


def overriding(state: SoldiersState, h: Hex) -> str | None:
    """The terrain that stands for the hex's own under fire and throws: the rubble of a
    building or pillbox an artillery D result destroyed, a pillbox (it cancels the other
    terrain in its hex [18.52]), a crater in an open hex [17.51] (our reading: in covered or
    protected ground the hex's own terrain stays)."""
    game = state.game
    marks = state.artillery
    name = game.name(h) if marks.rubble or marks.craters else ""
    if name in marks.rubble:
        return "rubble"
    if "pillbox" in kinds(state, h):
        return "pillbox"
    if name in marks.craters:
        effect = terrain_effect(SYSTEM, game.terrain.terrain(h), "category")
        if effect is None or effect.value == "open":
            return "crater"
    return None


def announce(state: SoldiersState) -> None:
    """The bought and scenario preparations placed at the start [18; 23.2]."""
    game = state.game
    for h, kind in sorted(game.prepared.items(), key=lambda p: game.name(p[0])):
        state.emit(SetupNote(f"{kind.capitalize()} in {game.name(h)} [18; 19.43]"))


# --- effects ----------------------------------------------------------------------------------


def category(state: SoldiersState, h: Hex, found: str, side: str | None = None) -> str:
    """The hex's category with its preparations [18.1; 18.2; 18.52], for a man of ``side``
    (None: the hex's, whoever is in it): camouflage raises it for no man of the attacker's
    ("Soldiers belonging to the player designated as the attacker in a scenario receive no
    benefits from camouflage" [18.1])."""
    here = kinds(state, h)
    if not here:
        return found
    if "pillbox" in here:
        return "protected"
    level = CATEGORIES.index(found)
    if "camouflage" in here and not camouflage_withheld(state, side):
        level = min(2, level + 1)
    if "entrenchment" in here:
        level = max(level, 1)
    return CATEGORIES[level]


def camouflage_withheld(state: SoldiersState, side: str | None) -> bool:
    """Whether camouflage gives a man of ``side`` nothing: a side the scenario designates as
    an attacker [18.1] (both of 22's, "Both players are attackers"; no side named: it counts)."""
    return side is not None and any(
        s.id == side and s.role == "attacker" for s in state.game.scenario.sides
    )


def camouflage_note(state: SoldiersState, h: Hex, side: str) -> str:
    """Words for a refusal where the hex's camouflage gives the man's side nothing [18.1]."""
    if "camouflage" in kinds(state, h) and camouflage_withheld(state, side):
        return " (its camouflage gives the attacker's men nothing [18.1])"
    return ""


def hit_modifiers(state: SoldiersState, h: Hex, firer_side: str) -> list[tuple[str, int]]:
    """The preparations' hit chance modifiers against men in ``h`` [18.1; 18.2] (a pillbox's is
    its terrain's: :func:`overriding`)."""
    game = state.game
    here = kinds(state, h)
    found = []
    if "camouflage" in here and not camouflage_withheld(state, game.other(firer_side)):
        found.append(("camouflage [18.1]", -1))  # the attacker's men get no benefit [18.1]
    if "entrenchment" in here:
        found.append(("entrenchment [18.2]", -1))
    return found


def damage_modifier(state: SoldiersState, h: Hex) -> int:
    """An entrenchment's -2 to fire and artillery damage rolls [18.2; 17.52]."""
    return -2 if "entrenchment" in kinds(state, h) else 0


def why_not_enter(state: SoldiersState, man: str, h: Hex) -> str | None:
    """A pillbox holds five men, and no man enters one holding an able enemy [18.51]."""
    game = state.game
    if "pillbox" not in kinds(state, h):
        return None
    side = game.men[man].side
    inside = [m for m, at in state.troops.hexes.items() if at == h and m != man]
    if state.able_enemies_in(h, side):
        return "a pillbox holding an able enemy man may not be entered [18.51]"
    if len([m for m in inside if m not in state.troops.disabled]) >= PILLBOX_MEN:
        return f"a pillbox holds at most {PILLBOX_MEN} men [18.51]"
    return None


def fires_from_pillbox(state: SoldiersState, man: str) -> bool:
    """A man inside a pillbox may fire aimed or sustained at Wary [18.52]."""
    at = state.troops.hexes.get(man)
    return at is not None and "pillbox" in kinds(state, at)
