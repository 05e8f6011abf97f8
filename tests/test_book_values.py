"""Spot checks of the data library against the books, each citing its section.

The data files carry their own provenance; these tests pin a few values that the books print so
that an edit which changes them fails loudly.
"""

from __future__ import annotations

from model.catalog import terrain_types, unit_types
from model.provenance import unwrap
from model.systems import GameSystem
from model.tables import tables

P44 = GameSystem.PANZER44
PC = GameSystem.PANZER_COMMAND


def unit_value(system: GameSystem, unit: str, key: str) -> object:
    return unwrap(unit_types(system)[unit].values[key])


def effect(system: GameSystem, terrain: str, key: str) -> object:
    return unwrap(terrain_types(system)[terrain].effects[key])


def test_panzer44_panther_is_10_10_6() -> None:
    # Panzer '44 [19.9]: exiting a Panther (PzV) gives 26 Victory Points (10+10+6).
    assert unit_value(P44, "PzV", "attack_strength") == 10
    assert unit_value(P44, "PzV", "defense_strength") == 10
    assert unit_value(P44, "PzV", "movement_allowance") == 6
    assert unit_types(P44)["PZV"] is unit_types(P44)["PzV"]  # "5(PZV)" [18.3]


def test_panzer44_terrain_effects_chart_rows() -> None:
    # Panzer '44 [10.4]: Woods Hex 3 / 5 / 1 MP, -2, Blocked; Clear Hex 1 / 2 / 1.
    assert [
        effect(P44, "woods", k) for k in ("move_hard_vehicle", "move_soft_vehicle", "move_foot")
    ] == [3, 5, 1]
    assert effect(P44, "woods", "die_roll_modifier") == -2
    assert effect(P44, "woods", "los") == "blocked"
    assert [
        effect(P44, "clear", k) for k in ("move_hard_vehicle", "move_soft_vehicle", "move_foot")
    ] == [1, 2, 1]


def test_panzer44_combat_results_printed_row() -> None:
    # Panzer '44 [6.81]: die roll -3 reads . . . . . . Pin Pin Pin Pin (P) D-1 across -3..+8.
    crt = tables(P44)["combat-results"]
    assert crt.columns == [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    row = [unwrap(crt.cell(-3, c)) for c in crt.columns]
    assert row == ["•"] * 6 + ["Pin"] * 4 + ["(P)", "D-1"]
    assert crt.source == "Panzer '44 [6.81]"


def test_panzer44_unprinted_cells_are_marked_as_placeholders() -> None:
    crt = tables(P44)["combat-results"]
    counts = crt.tally()
    # Only row -3 and three cells of row -2 are printed in the text: 15 of 120 cells.
    assert (counts.sourced, counts.placeholders) == (15, 105)


def test_panzer_command_bridging_step_actions() -> None:
    # Panzer Command [§16.3]: a river hexside takes 12 step-actions (6 where a bridge was
    # destroyed), a stream hexside 6 (3).
    bridging = tables(PC)["engineer-bridging"]
    cells = {row.key: [unwrap(c) for c in row.cells] for row in bridging.rows}
    assert cells == {"River": [12, 6], "Stream": [6, 3]}
    assert bridging.tally().placeholders == 0


ARMOR = GameSystem.ARMOR


def test_armor_ap_hit_table_printed_row_and_worked_examples() -> None:
    # Armor [GC1 AP Hit Tables]: the "30+" row prints 00 00 00 00 96 90 84 78 72 under AP
    # Factors 20 to 12 (00 is the highest d100 roll, 100).
    ap_hit = tables(ARMOR)["ap-hit"]
    printed = [unwrap(ap_hit.cell("30+", ap)) for ap in range(20, 11, -1)]
    assert printed == [100, 100, 100, 100, 96, 90, 84, 78, 72]
    # Armor [AG VI.C]: Modifier Number 18 with AP Factor 16 gives Hit Number 58, 19 with 17 gives 65.
    assert unwrap(ap_hit.cell(18, 16)) == 58
    assert unwrap(ap_hit.cell(19, 17)) == 65


def test_armor_overlay_counts_and_stacking_limit() -> None:
    from model.tables import overlays

    catalog = overlays(ARMOR)
    assert catalog is not None
    # Armor [SCN V.A]: one Building near each of 4 corners and "the other four": 8 Building units.
    buildings = sum(o.count for o in catalog.overlays if o.kind.endswith("building"))
    assert buildings == 8
    # Armor [Setup II.C.3]: hills stack up to four levels.
    assert any(
        r.rule == "max-levels" and r.value == 4 and r.overlays == ["hill"]
        for r in catalog.placement_rules
    )


def test_soldiers_platoon_leader_costs_five_or_two_as_a_reinforcement() -> None:
    # Soldiers [19.46]: a platoon leader costs 5 Force Points, 2 as a reinforcement.
    leader = unit_types(GameSystem.SOLDIERS)["US-PLATOON-LEADER"]
    costs = {k: unwrap(v) for k, v in leader.values.items() if k.startswith("cost")}
    assert costs == {"cost": 5, "cost_reinforcement": 2}
    assert unwrap(leader.values["requires_heavy_weapons_fp"]) == 3
