"""Special rules of scenarios 20-26 given in the book's words that the engine plays, keyed by
the rule's source and words (as the scenario events are by the scenario's id and slot).

- 22.2 "Both players may conduct operational moves prior to the first Command Cycle - US
  player first." (:func:`opening_moves`, [6.33]).
- 22.2 "Make an advantage check at the beginning of the scenario": the scenario has no
  intelligence, so the start's advantage roll-off (each player's d10, the higher takes it
  [10.4]; the Event Summary's check is the same roll, :func:`rules.soldiers.arrivals.
  advantage_check`) is that check.
- 24.3 Limited Attack: "All buildings have already been US occupied at the start of the
  scenario": every building hex no man starts in was last occupied by the US, for control
  ("Occupy, or be the last to have occupied, all building hexes" [19.7]) (:func:`start`).
- 26.3 "All US leader command chits may function either as leader or independent chits for
  the whole first Command Cycle": played by :mod:`rules.soldiers.airborne_turns`.
- 26.4 the US airdrop and the German Deployment table: played by
  :mod:`rules.soldiers.airdrop` and :mod:`rules.soldiers.activation` (the drop at night, the
  first the book names: our reading).

Two rules given in the book's words with a kind of their own are played by the scenario's map:
23's free pillbox (a ``rule-override`` of 18 and 18.5) by its map object of kind ``pillbox``,
which :func:`rules.soldiers.preparations.bought` places [23.2; 18.5]; 26's ford (a
``terrain-override`` in words) by the map's terrain edit, the catalogue's ford costing 1 AP more
[26.1; 7.21] (:data:`PLAYED_BY_MAP`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.victory import SpecialRule, TerrainOverride, TextRule
from rules.movement.costs import TERRAIN_OVERRIDES
from rules.soldiers.actions import SetupNote

if TYPE_CHECKING:
    from rules.soldiers.game import SoldiersState

GRAVE = "soldiers-22"
BEAUFORT = "soldiers-24"
LIMITED_ATTACK = "limited-attack"
#: 26's US leader chits as leader or independent chits in the first cycle [26.3].
FIRST_CYCLE_CHITS = "US leader chits as leader or independent chits in Command Cycle 1 [26.3]"
#: The rules in words the engine plays: (source, the words' beginning) -> where.
PLAYED: dict[tuple[str, str], str] = {
    (
        "Soldiers (22.2)",
        "Both players may conduct operational moves prior to the first Command Cycle",
    ): "operational moves for us, then german [22.2; 6.33]",
    (
        "Soldiers (22.2)",
        "Make an advantage check at the beginning of the scenario",
    ): "the start's advantage roll-off [22.2; 10.4]",
    (
        "Soldiers (24.3)",
        "All buildings have already been US occupied at the start of the scenario",
    ): "building hexes last occupied by the US [24.3; 19.7]",
    (
        "Soldiers (26.3)",
        "All US leader command chits may function either as leader or independent chits",
    ): FIRST_CYCLE_CHITS,
    (
        "Soldiers (26.4)",
        "After missions and purchases the US declares a night or dawn drop",
    ): "the airdrop [26.4]",
    (
        "Soldiers (26.4)",
        "Before the US lands, the German rolls on the German Deployment table",
    ): "the German Deployment table [26.4]",
}


#: 23's free pillbox, the section its rule-override names: played by the map object
#: (:func:`rules.soldiers.preparations.bought`) [23.2; 18.5].
PILLBOX_OVERRIDE = "18 Defensive Preparations (never in building hexes); 18.5 Pillboxes"
#: Rules in words of a kind of their own that the scenario's map plays: (source, the words'
#: beginning) -> how.
PLAYED_BY_MAP: dict[tuple[str, str], str] = {
    (
        "Soldiers (26.1)",
        "There is a ford across the creek at D/1107",
    ): "the map's ford terrain edit, 1 AP more to enter [26.1; 7.21]",
}


def _words(rule: SpecialRule) -> str:
    return " ".join((getattr(rule, "text", "") or "").split())


def played(rule: SpecialRule) -> str | None:
    """Where the engine plays a rule in words, or None."""
    if not isinstance(rule, TextRule):
        return None
    words = _words(rule)
    return next(
        (
            how
            for (src, start), how in PLAYED.items()
            if rule.source == src and words.startswith(start)
        ),
        None,
    )


def terrain_not_enforced(rule: SpecialRule) -> str | None:
    """Why a terrain override is not enforced: as movement's (:data:`rules.movement.costs.
    TERRAIN_OVERRIDES`), except one in words the scenario's map plays (:data:`PLAYED_BY_MAP`)."""
    if isinstance(rule, TerrainOverride):
        words = _words(rule)
        if any(rule.source == src and words.startswith(start) for src, start in PLAYED_BY_MAP):
            return None
    check = TERRAIN_OVERRIDES.check
    return check(rule) if check is not None else None


def text_not_enforced(rule: SpecialRule) -> str | None:
    """Why a rule in words is not enforced (None: the engine plays it, :data:`PLAYED`)."""
    return None if played(rule) is not None else "a rule in the book's words only"


def opening_moves(state: SoldiersState, moves: list[str]) -> list[str]:
    """The sides making operational moves before the first cycle: 22's both, the US first
    [22.2]; else the intelligence bracket's [19.41]."""
    if state.game.scenario.id == GRAVE:
        return ["us", "german"]
    return moves


def start(state: SoldiersState) -> None:
    """24 Limited Attack: the building hexes no man starts in were last US occupied [24.3]."""
    game = state.game
    mission = game.missions().get("german")
    if game.scenario.id != BEAUFORT or mission is None or mission.id != LIMITED_ATTACK:
        return
    named = [game.name(h) for h in game.amap.hexes if "building" in game.terrains(h)]
    empty = sorted(n for n in named if n not in state.troops.last_in)
    for name in empty:
        state.troops.last_in[name] = "us"
    state.emit(
        SetupNote(
            f"{len(empty)} building hexes no man starts in were last occupied by the US: "
            "all buildings have already been US occupied [24.3]"
        )
    )
