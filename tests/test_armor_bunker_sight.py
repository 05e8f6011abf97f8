"""A Bunker unit is a level +1 obstacle to the line of sight [AG IV.B.1.c]
(:mod:`rules.armor.support.obstacles`): between two units on Clear ground it blocks; in an end
hex, or Knocked Out, it does not; the Sighting Phase's verdict (:func:`fire.sights`) and the
explained one (:func:`fire.why_not_sighted`) agree."""

from __future__ import annotations

from test_armor_handheld import _state
from test_armor_support import _line

from rules.armor.fire import sights, why_not_sighted
from rules.armor.game import ArmorState
from rules.armor.support.obstacles import bunkers

TANK, PZ = "us.M4.1", "german.PZIVJ.1"


def _seen(state: ArmorState) -> str | None:
    why = why_not_sighted(state, TANK, PZ)
    assert sights(state, TANK, PZ) is (why is None)
    return why


def test_ag_iv_b_1_c_a_bunker_between_blocks_the_line_of_sight() -> None:
    """The M4 and the PZIVJ four hexes apart on Clear ground, a Bunker unit midway: the line at
    level 0 passes below its level +1, so neither sights the other; without it, both do."""
    line = _line(5)
    blocked = _state(
        [("M4", "", line[0], 0)], [("PZIVJ", "", line[4], 3), ("BUNKER", "", line[2], 3)]
    )
    assert bunkers(blocked) == {line[2]}
    why = _seen(blocked)
    assert why is not None and "Bunker unit" in why and "[AG IV.B.1.c]" in why
    assert not sights(blocked, PZ, TANK)
    bare = _state([("M4", "", line[0], 0)], [("PZIVJ", "", line[4], 3)])
    assert _seen(bare) is None


def test_a_bunker_in_an_end_hex_or_knocked_out_blocks_nothing() -> None:
    """In the target's own hex the Bunker does not hide it (units never block a line, and the
    end hexes are not passed through [AG IV.B.1.g]); a Bunker Knocked Out is gone."""
    line = _line(5)
    own = _state([("M4", "", line[0], 0)], [("PZIVJ", "", line[4], 3), ("BUNKER", "", line[4], 3)])
    assert _seen(own) is None
    state = _state(
        [("M4", "", line[0], 0)], [("PZIVJ", "", line[4], 3), ("BUNKER", "", line[2], 3)]
    )
    assert _seen(state) is not None
    state.fieldworks.removed |= {u.id for u in state.game.works.units}
    assert not bunkers(state) and _seen(state) is None


SQUAD, GE = "us.INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.1"


def _squads_seen(state: ArmorState) -> str | None:
    why = why_not_sighted(state, SQUAD, GE)
    assert sights(state, SQUAD, GE) is (why is None)
    return why


def test_ag_iv_b_1_h_2_ditch_units_lower_the_units_in_their_hexes() -> None:
    """[AG IV.B.1.h(2)] "Ditch units do subtract one from the elevation of the hexes in which
    they are placed": two squads four hexes apart, each in a Ditch unit's hex, are at level -1
    with level 0 ground between them, which blocks (the Sighting Elevation Table's row -1: NP
    against a -1 target); one of them in a Ditch only, they sight each other; with none, too."""
    line = _line(5)
    both = _state(
        [("INFANTRY-SQUAD", "", line[0], 0), ("DITCH", "", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[4], 3), ("DITCH", "", line[4], 3)],
    )
    why = _squads_seen(both)
    assert why is not None and "Ditch unit" in why and "[AG IV.B.1.a; IV.B.1.h(2)]" in why
    one = _state(
        [("INFANTRY-SQUAD", "", line[0], 0), ("DITCH", "", line[0], 0)],
        [("GE-INFANTRY-SQUAD", "", line[4], 3)],
    )
    assert _squads_seen(one) is None
    bare = _state([("INFANTRY-SQUAD", "", line[0], 0)], [("GE-INFANTRY-SQUAD", "", line[4], 3)])
    assert _squads_seen(bare) is None
