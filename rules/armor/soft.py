"""Soft hexes rolled by area at the game's start [SCN III.B.2].

"Players should decide if they wish the Soft hexes to be treated as Clear hexes, all to be
treated as Soft hexes, or randomly determined to be Clear or Soft hexes" [III.B.2]: the scenario
says which with ``map.terrain_options: {soft-ground: clear | soft | random}``
(``resources/armor/terrain-options.yaml``). With ``random``, "for each mapboard section one of
the players should roll one die. If the number rolled is the same as a numbered Soft 'area' on
that mapboard section, the hexes in that 'area' are Soft hexes. All other Soft hexes on that
mapboard section are treated as Clear hexes" [III.B.2.a].

The engine rolls it when the game begins (:class:`rules.armor.game.ArmorState`), before the
forces are set up (the book's Set Up sequence: Terrain [III.B] before Forces [III.D]), one die
per section of the map that has numbered Soft areas, with the game's seeded dice (the die the
option's resource names); the state then plays on the game with the rolled terrain
(:func:`with_areas`). The rolls are the first draws of the seed, so a position file's state
rolls them again from its seed (:func:`areas_of_seed`).

"If one side is defending in a particular scenario, and starts on the mapboard, a player from
that side should secretly roll the dice ... only the defending side knows which hexes are Soft
hexes" [III.B.2.b]: the rolls and their results are logged privately to that side (a side with
``role: defender`` and ``starts_on_map``, as the Terrain Support rule reads it). Our reading:
the map the engine plays is the rolled one for both sides (the other side's movement costs
and Test Play's map do not hide the Soft hexes; only the log keeps the roll).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from model.terrainoptions import RolledAreas, option_values, terrain_options
from rules.armor.events import PhaseNote
from rules.engine.dice import Dice

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState

OPTION, RANDOM = "soft-ground", "random"
PHASE = "Terrain Set Up"


#: Sets of rolled Soft areas whose game a game keeps (:func:`with_areas`).
KEPT = 16


def rule(game: ArmorGame) -> RolledAreas | None:
    """The rolled-areas effect when the scenario rolls its Soft hexes [SCN III.B.2.a], else
    None (Soft hexes all Clear or all Soft)."""
    if option_values(game.scenario).get(OPTION) != RANDOM:
        return None
    option = terrain_options(game.scenario.system).get(OPTION)
    if option is None:
        return None
    for choice in option.choices:
        if choice.id == RANDOM:
            for effect in choice.effects:
                if isinstance(effect, RolledAreas):
                    return effect
    return None


def sections(game: ArmorGame) -> list[str]:
    """The map's sections (by placement name) that have numbered Soft areas, in layout order."""
    amap = game.amap
    return [p.name for p in amap.placements if amap.section_of(p).soft_areas]


def roller(game: ArmorGame) -> str | None:
    """The side that rolls in secret, the one defending and starting on the map
    [SCN III.B.2.b], or None (an open roll)."""
    found = [s for s in game.scenario.sides if s.role == "defender" and s.starts_on_map]
    return found[0].id if len(found) == 1 else None


def _sides(effect: RolledAreas) -> int:
    return int(effect.die[1:])


def roll(state: ArmorState) -> ArmorGame:
    """Roll one die per section for its Soft area [SCN III.B.2.a], logged (privately to the
    defender on the map [III.B.2.b]); the game with the rolled terrain. Only when the
    scenario rolls its Soft hexes (:func:`rule`)."""
    game = state.game
    effect = rule(game)
    assert effect is not None
    secret = roller(game)
    who = f", rolled in secret by {secret}" if secret else ""
    areas: dict[str, int] = {}
    for name in sections(game):
        purpose = f"the Soft area of section {name} [SCN III.B.2.a]{who}"
        areas[name] = number = state.roll(purpose, _sides(effect), private_to=secret)
        state.emit(PhaseNote(PHASE, _result(game, name, number), _cite(secret), private_to=secret))
    return with_areas(game, areas)


def _result(game: ArmorGame, name: str, number: int) -> str:
    placement = next(p for p in game.amap.placements if p.name == name)
    numbered = game.amap.section_of(placement).soft_areas
    if number in numbered:
        return (
            f"section {name} rolled {number}: its Soft area {number} ({len(numbered[number])} "
            f"hexes) is Soft, every other Soft hex of the section is Clear"
        )
    listed = ", ".join(str(n) for n in sorted(numbered))
    return (
        f"section {name} rolled {number}: no Soft area of that number (its areas: {listed}), "
        "every Soft hex of the section is Clear"
    )


def _cite(secret: str | None) -> str:
    if secret is None:
        return "[SCN III.B.2.a]"
    return "[SCN III.B.2.a-b: only the defending side knows which hexes are Soft]"


def areas_of_seed(game: ArmorGame, seed: int) -> dict[str, int]:
    """The areas a game begun with ``seed`` rolled (its first draws: :func:`roll` rolls them
    before anything else), for a state read from a position file."""
    effect = rule(game)
    assert effect is not None
    dice = Dice(seed)
    return {name: dice.roll(_sides(effect)).result for name in sections(game)}


def with_areas(game: ArmorGame, areas: dict[str, int]) -> ArmorGame:
    """``game`` with each section's Soft area rolled (``MapTerrain.rolled_areas``), its
    movement costs and the lines of sight worked out again (:meth:`MapGame.with_terrain`);
    the last :data:`KEPT` sets of rolls kept on ``game`` (a balance worker plays hundreds of
    seeds: one copy of the game per roll without bound would grow as the LOS caches did)."""
    key = tuple(sorted(areas.items()))
    kept: dict[tuple[tuple[str, int], ...], ArmorGame] = game.__dict__.setdefault("_soft", {})
    found = kept.get(key)
    if found is not None:
        return found
    rolled = game.with_terrain(replace(game.terrain, rolled_areas=dict(areas)))
    rolled.__dict__.pop("_soft", None)  # its own copies, if asked, not the game's
    if len(kept) >= KEPT:
        del kept[next(iter(kept))]  # the oldest
    kept[key] = rolled
    return rolled
