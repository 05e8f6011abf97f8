"""Edits to a scenario as pure functions: each takes a scenario and returns a new one.

The editor's undo commands are thin wrappers over these (STYLE 8: commands are adapters over
model operations tested without Qt); scripts and the CLI can use them as they are. Scenarios are
immutable pydantic models, so an edit never changes its input and undo can keep the old value.

A refused edit raises :class:`~model.errors.EditError` (or a subclass) with the reason the designer
is shown; the editor's document catches it in one place and validates every value an edit makes
again (:func:`model.edits_check.revalidate`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from model.board import BoardSection
from model.errors import EditError, NoSuchEntryError, UnknownNameError
from model.layout import AssembledMap, SectionPlacement, assemble
from model.scenario import ForceEntry, HexPlacement, Scenario
from model.scenario_io import placements_for
from model.scenario_map import LayoutSpec, OverlayPlacement, SectionSpec, TerrainEdit


def _with_map(scenario: Scenario, **changes: object) -> Scenario:
    return scenario.model_copy(update={"map": scenario.map.model_copy(update=changes)})


# --- layout ------------------------------------------------------------------------------------


def explicit_layout(scenario: Scenario, sections: Mapping[str, BoardSection]) -> LayoutSpec:
    """The scenario's layout written as explicit placements (a preset or notation resolved)."""
    return explicit_from(scenario.map.layout, sections)


def explicit_from(layout: LayoutSpec, sections: Mapping[str, BoardSection]) -> LayoutSpec:
    """A layout written as explicit placements (a preset or notation resolved)."""
    if layout.sections is not None:
        return layout
    placements = placements_for(layout, sections)
    return LayoutSpec(
        sections=[_spec(p) for p in placements],
        copies=layout.copies,
        side_a=layout.side_a,
        note=layout.note,
    )


def _spec(p: SectionPlacement) -> SectionSpec:
    return SectionSpec(
        section=p.section, offset=(p.offset.q, p.offset.r), flipped=p.flipped, label=p.label or None
    )


def set_layout(scenario: Scenario, layout: LayoutSpec) -> Scenario:
    """Replace the layout (the caller checks it assembles, see :func:`try_layout`)."""
    return _with_map(scenario, layout=layout)


def try_layout(
    layout: LayoutSpec, sections: Mapping[str, BoardSection]
) -> tuple[AssembledMap | None, list[str]]:
    """Assemble a layout, or say why it cannot be: the check before a layout edit."""
    from model.joins import NotationError
    from model.layout import LayoutError

    try:
        return assemble(placements_for(layout, sections), sections, layout.copies), []
    except LayoutError as exc:
        return None, exc.reasons
    except NotationError as exc:
        return None, [str(exc)]


def flip_section(layout: LayoutSpec, index: int, section: BoardSection) -> LayoutSpec:
    """Turn one placed section 180 degrees, keeping its middle where it was (to the nearest
    whole hex: a turned section of an even number of columns lands half a hex off, so the
    caller may need to snap it to a legal join)."""
    specs = list(_explicit(layout))
    spec = specs[index]
    cq, cr = section.centroid
    sign = -1 if spec.flipped else 1
    middle_q, middle_r = spec.offset[0] + sign * cq, spec.offset[1] + sign * cr
    offset = (round(middle_q + sign * cq), round(middle_r + sign * cr))
    specs[index] = spec.model_copy(update={"flipped": not spec.flipped, "offset": offset})
    return layout.model_copy(update={"sections": specs})


def move_section(layout: LayoutSpec, index: int, offset: tuple[int, int]) -> LayoutSpec:
    specs = list(_explicit(layout))
    specs[index] = specs[index].model_copy(update={"offset": offset})
    return layout.model_copy(update={"sections": specs})


def add_section(layout: LayoutSpec, spec: SectionSpec) -> LayoutSpec:
    return layout.model_copy(update={"sections": [*_explicit(layout), spec]})


def remove_section(layout: LayoutSpec, index: int) -> LayoutSpec:
    specs = list(_explicit(layout))
    del specs[index]
    return layout.model_copy(update={"sections": specs})


def _explicit(layout: LayoutSpec) -> list[SectionSpec]:
    if layout.sections is None:
        raise ValueError("write the layout as explicit sections first (explicit_layout)")
    return layout.sections


# --- terrain -----------------------------------------------------------------------------------


def paint_terrain(scenario: Scenario, hexes: Iterable[str], terrain: str) -> Scenario:
    """Paint hexes with a terrain; a later edit of the same hex replaces an earlier one."""
    names = list(dict.fromkeys(hexes))
    edits = _without_hexes(scenario.map.terrain_edits, names, field="terrain")
    edits.append(TerrainEdit(hexes=names, terrain=terrain))
    return _with_map(scenario, terrain_edits=edits)


def set_elevation(scenario: Scenario, hexes: Iterable[str], level: int) -> Scenario:
    names = list(dict.fromkeys(hexes))
    edits = _without_hexes(scenario.map.terrain_edits, names, field="elevation")
    edits.append(TerrainEdit(hexes=names, elevation=level))
    return _with_map(scenario, terrain_edits=edits)


def erase_terrain(scenario: Scenario, hexes: Iterable[str]) -> Scenario:
    """Back to the boards' printed terrain and elevation in these hexes."""
    names = list(hexes)
    edits = _without_hexes(scenario.map.terrain_edits, names, field="terrain")
    edits = _without_hexes(edits, names, field="elevation")
    return _with_map(scenario, terrain_edits=edits)


def set_hexside_feature(
    scenario: Scenario, sides: Iterable[str], feature: str, present: bool = True
) -> Scenario:
    """Add (or remove) a hexside feature such as a hedge or a wall on sides 'J1203/J1204'."""
    names = list(dict.fromkeys(sides))
    kept = []
    for edit in scenario.map.terrain_edits:
        if edit.feature == feature and edit.hexsides:
            rest = [s for s in edit.hexsides if s not in names]
            if len(rest) == len(edit.hexsides):
                kept.append(edit)  # the same object: validating the edit again skips it
            elif rest:
                kept.append(edit.model_copy(update={"hexsides": rest}))
            continue
        kept.append(edit)
    kept.append(TerrainEdit(hexsides=names, feature=feature, remove=not present))
    return _with_map(scenario, terrain_edits=kept)


def _without_hexes(edits: Iterable[TerrainEdit], names: list[str], field: str) -> list[TerrainEdit]:
    """The edits with ``names`` taken out of those that set ``field``."""
    drop = set(names)
    result = []
    for edit in edits:
        if getattr(edit, field) is None or not edit.hexes:
            result.append(edit)
            continue
        rest = [h for h in edit.hexes if h not in drop]
        if len(rest) == len(edit.hexes):
            result.append(edit)  # the same object: validating the edit again skips it
        elif rest:
            result.append(edit.model_copy(update={"hexes": rest}))
    return result


# --- overlays ----------------------------------------------------------------------------------


def add_overlay(scenario: Scenario, placement: OverlayPlacement) -> Scenario:
    return _with_map(scenario, overlays=[*scenario.map.overlays, placement])


def remove_overlay(scenario: Scenario, index: int) -> Scenario:
    overlays = list(scenario.map.overlays)
    del overlays[index]
    return _with_map(scenario, overlays=overlays)


def replace_overlay(scenario: Scenario, index: int, placement: OverlayPlacement) -> Scenario:
    overlays = list(scenario.map.overlays)
    overlays[index] = placement
    return _with_map(scenario, overlays=overlays)


# --- terrain options ---------------------------------------------------------------------------


def set_terrain_option(scenario: Scenario, option_id: str, choice: str) -> Scenario:
    """Choose a terrain option of the scenario's system (``"water:C"`` for one chosen per board).

    The default choice is left out of ``map.terrain_options`` (a scenario names only what
    differs from the book's game). An option kept in ``map.water`` (Soldiers' water) is written
    there; an entry that already reads as the choice keeps the book's words.

    Raises:
        UnknownNameError: the system has no such option.
        EditError: no such choice, or a per-board option without its board.
    """
    from model.terrainoptions import terrain_options, water_choice

    name, _, board = option_id.partition(":")
    option = terrain_options(scenario.system).get(name)
    if option is None:
        raise UnknownNameError(f"{scenario.system.display_name} has no terrain option '{name}'")
    if option.choice(choice) is None:
        raise EditError(f"terrain option '{name}' has no choice '{choice}'")
    if option.scope == "board" and not board:
        raise EditError(f"terrain option '{name}' is chosen per board: '{name}:<board>'")
    if option.stored_in == "water":
        water = dict(scenario.map.water)
        if water_choice(water.get(board, ""), option) != choice:
            water[board] = choice
        return _with_map(scenario, water=water)
    values = dict(scenario.map.terrain_options)
    if choice == option.default:
        values.pop(option_id, None)
    else:
        values[option_id] = choice
    return _with_map(scenario, terrain_options=values)


# --- sides and orders of battle ----------------------------------------------------------------


def _with_side(scenario: Scenario, side_id: str, **changes: object) -> Scenario:
    """The scenario with one side changed (``UnknownNameError``: no such side)."""
    ids = [s.id for s in scenario.sides]
    if side_id not in ids:
        raise UnknownNameError(side_id)
    index = ids.index(side_id)
    sides = list(scenario.sides)
    sides[index] = sides[index].model_copy(update=changes)
    return scenario.model_copy(update={"sides": sides})


def _forces(scenario: Scenario, side_id: str) -> list[ForceEntry]:
    try:
        return list(scenario.side(side_id).forces)
    except KeyError:
        raise UnknownNameError(side_id) from None


def _at(forces: list[ForceEntry], side_id: str, index: int) -> int:
    """``index`` when the side has such an entry (``NoSuchEntryError`` otherwise)."""
    if not -len(forces) <= index < len(forces):
        raise NoSuchEntryError(f"side '{side_id}' has no force entry {index + 1}")
    return index


def add_force(scenario: Scenario, side_id: str, unit: str, count: int = 1) -> Scenario:
    """Add ``count`` units of type ``unit`` to a side's forces, as one new entry at the end
    (set up as the side's ``setup`` says until it is placed).

    Raises:
        UnknownNameError: no such side.
        EditError: ``count`` below 1.
    """
    if count < 1:
        raise EditError(f"a force entry needs at least one unit, not {count}")
    return _with_side(
        scenario, side_id, forces=[*_forces(scenario, side_id), ForceEntry(unit=unit, count=count)]
    )


def remove_force(scenario: Scenario, side_id: str, index: int) -> Scenario:
    """Take entry ``index`` out of a side's forces (``NoSuchEntryError``: no such entry)."""
    forces = _forces(scenario, side_id)
    del forces[_at(forces, side_id, index)]
    return _with_side(scenario, side_id, forces=forces)


def set_force_count(scenario: Scenario, side_id: str, index: int, count: int) -> Scenario:
    """Change how many units entry ``index`` holds (``EditError`` below 1)."""
    if count < 1:
        raise EditError(f"a force entry needs at least one unit, not {count}")
    return _with_entry(scenario, side_id, index, count=count)


def place_force(
    scenario: Scenario, side_id: str, index: int, placement: HexPlacement | None
) -> Scenario:
    """Put entry ``index`` (all its units: the file places an entry as one) on a hex with a
    facing, or with ``None`` clear its placement so the side's ``setup`` applies again."""
    return _with_entry(scenario, side_id, index, placement=placement)


def rename_side(scenario: Scenario, side_id: str, name: str) -> Scenario:
    """Give a side another display name (its id, which other entries refer to, stays)."""
    if not name.strip():
        raise EditError("a side needs a name")
    return _with_side(scenario, side_id, name=name.strip())


def _with_entry(scenario: Scenario, side_id: str, index: int, **changes: object) -> Scenario:
    forces = _forces(scenario, side_id)
    forces[_at(forces, side_id, index)] = forces[index].model_copy(update=changes)
    return _with_side(scenario, side_id, forces=forces)


def set_mounted_on(scenario: Scenario, side_id: str, index: int, carrier: int | None) -> Scenario:
    """Make entry ``index`` ride on the side's entry ``carrier`` (``None``: dismounted). A
    carrier without a label is given one (``<side>-<unit>``, numbered when taken), since
    ``mounted_on`` names the carrier by its label. Whether the carrier may carry the unit is
    the rules' question (``rules.forces.transport``), not this edit's.

    Raises:
        NoSuchEntryError: no such entry.
        EditError: an entry riding on itself, on one of its own riders, or on a rider.
    """
    forces = _forces(scenario, side_id)
    rider = forces[_at(forces, side_id, index)]
    if carrier is None:
        return _with_entry(scenario, side_id, index, mounted_on=None)
    carrying = forces[_at(forces, side_id, carrier)]
    if carrier == index:
        raise EditError("an entry cannot ride on itself")
    if carrying.mounted_on is not None:
        raise EditError(f"{carrying.unit} rides on {carrying.mounted_on} itself")
    if rider.label is not None and any(e.mounted_on == rider.label for e in forces):
        raise EditError(f"{rider.unit} carries other units: unload them first")
    label = carrying.label
    if label is None:
        label = free_label(scenario, f"{side_id}-{carrying.unit}".lower().replace(" ", "-"))
        scenario = _with_entry(scenario, side_id, carrier, label=label)  # a free label
    return _with_entry(scenario, side_id, index, mounted_on=label)


def free_label(scenario: Scenario, stem: str) -> str:
    """``stem``, or ``stem-2``, ``stem-3``... whichever no entry of the scenario uses."""
    used = {e.label for s in scenario.sides for e in s.forces}
    label, n = stem, 1
    while label in used:
        n += 1
        label = f"{stem}-{n}"
    return label


def set_formation(scenario: Scenario, side_id: str, index: int, name: str | None) -> Scenario:
    """Put entry ``index`` in the formation ``name`` (``None`` or blank: in none)."""
    return _with_entry(scenario, side_id, index, formation=(name or "").strip() or None)


def set_ids(scenario: Scenario, side_id: str, index: int, ids: Iterable[str]) -> Scenario:
    """Give entry ``index`` its counters' identification numbers: none, or one per unit.

    Raises:
        EditError: as many ids as the entry has units are not given, or an id is repeated.
    """
    given = [i.strip() for i in ids if i.strip()]
    forces = _forces(scenario, side_id)
    entry = forces[_at(forces, side_id, index)]
    if given and len(given) != entry.count:
        raise EditError(
            f"{len(given)} ids for an entry of {entry.count} "
            f"unit{'s' if entry.count != 1 else ''}: give one id per unit, or none"
        )
    repeated = sorted({i for i in given if given.count(i) > 1})
    if repeated:
        raise EditError(f"id {', '.join(repeated)} is given twice")
    return _with_entry(scenario, side_id, index, ids=given)
