"""Heights above the ground for a line of sight, as each book gives them: Armor's upper storeys
[AG IV.B.1.h(3); Setup II.C.4] and Planes [OP III.C; OP III.D.2]; the other three books have
none, and say why."""

from __future__ import annotations

import pytest
from test_los import Board

from model.systems import GameSystem
from rules.los.query import LosResult, line_of_sight, sight_heights


@pytest.fixture
def armor() -> Board:
    return Board("armor/1a-spearheads.yaml", "K2018").open_ground()


def _los(board: Board, a: tuple[int, int], b: tuple[int, int], up: str, to: str) -> LosResult:
    return line_of_sight(board.view(), board.system, board.hex(a), board.hex(b), up, to)


def _building(board: Board, where: tuple[int, int], storeys: int) -> Board:
    for _ in range(storeys):
        board.overlay("brick-building", where)
    return board


def test_armor_offers_the_ground_three_upper_storeys_and_a_plane() -> None:
    heights = sight_heights(GameSystem.ARMOR)
    assert [h.id for h in heights.choices] == [
        "ground",
        "storey-2",
        "storey-3",
        "storey-4",
        "plane",
    ]
    assert heights.find("storey-3") is not None
    assert heights.find("storey-3").label == "3rd storey (+2)"  # type: ignore[union-attr]
    assert "[AG IV.B.1.h(3)]" in heights.find("storey-2").rule  # type: ignore[union-attr]
    assert "[OP III.C]" in heights.note and "[ADV IV.B.2.a]" in heights.note


def test_ag_iv_b_1_h_3_a_unit_in_the_third_storey_sees_over_a_building_between(
    armor: Board,
) -> None:
    """A unit in the 2nd storey is at +1, the 3rd at +2 [AG IV.B.1.h(3)]: from the 3rd storey
    of a three-storey Building the line passes a one-storey Building midway at level 1, not
    above it; from the 2nd (level 0.5 there) and the ground it is blocked."""
    _building(armor, (0, 0), 3).paint("wood-building", (0, 2))
    assert _los(armor, (0, 0), (0, 4), "ground", "ground").verdict == "blocked"
    second = _los(armor, (0, 0), (0, 4), "storey-2", "ground")
    assert second.decided_by is not None and second.decided_by.where == armor.name((0, 2))
    assert "between units at levels 1 and 0" in second.decided_by.reason
    third = _los(armor, (0, 0), (0, 4), "storey-3", "ground")
    assert third.verdict == "clear"
    assert third.notes == (
        f"the observer is in storey 3 of {armor.name((0, 0))}'s Building: level 2 (the unit's "
        "ground level 0, +2) Armor [AG IV.B.1.h(3)]; Leg units only Armor [ADV IV.B.2.a]",
    )
    # The same both ways: the target up in the storey, the observer on the ground.
    back = _los(armor, (0, 4), (0, 0), "ground", "storey-3")
    assert back.verdict == "clear" and "the target is in storey 3" in back.notes[0]


def test_a_storey_the_building_lacks_is_its_top_one_and_no_building_is_the_ground(
    armor: Board,
) -> None:
    _building(armor, (0, 0), 3).paint("wood-building", (0, 2))
    fourth = _los(armor, (0, 0), (0, 4), "storey-4", "ground")
    assert fourth.verdict == "clear"  # as from the 3rd: level 2
    assert fourth.notes[0].startswith(
        f"{armor.name((0, 0))}'s Building has 3 storey(s): the observer is in its top one, at "
        "level 2"
    )
    nowhere = _los(armor, (0, 4), (0, 0), "storey-2", "ground")
    assert nowhere.verdict == "blocked"  # from the ground, over the Building between
    assert nowhere.notes == (
        f"{armor.name((0, 4))} has no Building: the observer stands on the ground, at level 0 "
        "(Armor [AG IV.B.1.h(3)])",
    )


def test_a_storey_stands_on_the_hill_under_its_building(armor: Board) -> None:
    """Hills raise units [AG IV.B.1.h(1)]; the storeys count from there: a Building on a Hill
    is level +2 [AG IV.B.1.d], its 2nd storey +2 for a unit."""
    armor.level(1, (0, 0))
    _building(armor, (0, 0), 2)
    result = _los(armor, (0, 0), (0, 4), "storey-2", "ground")
    assert "level 2 (the unit's ground level 1, +1)" in result.notes[0]


def test_op_iii_c_a_plane_sights_any_hex_but_woods_and_buildings(armor: Board) -> None:
    armor.paint("woods", (0, 1), (0, 2), (0, 3))  # between: a Plane sees over it
    over = _los(armor, (0, 0), (0, 4), "plane", "ground")
    assert (over.verdict, over.rule) == ("clear", "Armor [OP III.C]")
    assert over.notes == (f"the observer is a Plane over {armor.name((0, 0))} Armor [OP III.C]",)
    armor.paint("woods", (0, 4))
    into = _los(armor, (0, 0), (0, 4), "plane", "ground")
    assert into.decided_by is not None
    assert (into.decided_by.where, into.decided_by.terrain) == (armor.name((0, 4)), "woods")
    assert into.rule == "Armor [OP III.C]"
    assert "a Plane cannot sight a Woods hex" in into.explanation
    # A Building unit laid on the hex hides it too, and so does a Plane over its own hex.
    armor.paint("clear", (0, 4))
    armor.overlay("brick-building", (0, 4))
    assert _los(armor, (0, 0), (0, 4), "plane", "ground").verdict == "blocked"
    assert _los(armor, (0, 4), (0, 4), "plane", "ground").verdict == "blocked"
    assert _los(armor, (0, 0), (0, 0), "plane", "ground").verdict == "clear"


def test_op_ix_a_5_smoke_hides_the_hex_from_a_plane_our_reading(armor: Board) -> None:
    armor.paint("smoke", (0, 4))
    result = _los(armor, (0, 0), (0, 4), "plane", "ground")
    assert result.verdict == "blocked"
    assert "our reading" in result.rule and "[OP IX.A.5]" in result.rule


def test_op_iii_d_2_fire_at_a_plane_ignores_terrain(armor: Board) -> None:
    armor.paint("woods", (0, 2), (0, 0))
    result = _los(armor, (0, 0), (0, 4), "ground", "plane")
    assert (result.verdict, result.rule) == ("clear", "Armor [OP III.D.2]")
    both = _los(armor, (0, 0), (0, 4), "plane", "plane")
    assert both.verdict == "clear" and "our reading" in both.rule


@pytest.mark.parametrize(
    ("system", "scenario", "centre", "cited"),
    [
        (GameSystem.PANZER44, "panzer44/19.1-behind-utah.yaml", "3017", "[11.12]"),
        (GameSystem.SOLDIERS, "soldiers/21-hedgerow-assault.yaml", "D1310", "[6.41; 6.43]"),
        (GameSystem.PANZER_COMMAND, "panzer-command/point-161.yaml", "3414", "[§6.3]"),
    ],
)
def test_the_other_books_have_only_the_ground_and_say_why(
    system: GameSystem, scenario: str, centre: str, cited: str
) -> None:
    heights = sight_heights(system)
    assert [h.id for h in heights.choices] == ["ground"]
    assert cited in heights.note
    board = Board(scenario, centre)
    assert _los(board, (0, 0), (0, 3), "ground", "ground").notes == ()
    with pytest.raises(ValueError, match="has no height 'plane'"):
        _los(board, (0, 0), (0, 3), "plane", "ground")
