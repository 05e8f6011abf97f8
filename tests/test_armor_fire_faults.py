"""Three faults of the Armor fire engine, found against the book, each with its section:

1. Range is the Range Scale's, Dot to Dot [AG III.D], not the count of hexes: the AP Factor and
   Penetration [AG VI.B.1], the Range Line with movement [AG V.A.2.c], the Rate of Fire,
   sighting [AG IV.C], Opportunity Fire [AG VII.F], the odds before the order and the bot.
2. Smoke in the target's own hex blocks sight into it [OP IX.A.5] (Fire as Smoke [OP XI.D]).
3. With Effects of Turret Facing [OP VII] in the scenario's rules, the turret's facing moves
   TF, GM and TR hits.

Situations are built on the 1A map around K2018 with the model's edits: the hexes on the line
between the units painted Clear at level 0 and their hexsides bare, so each test says exactly
what lies between them. Offsets are axial (q, r) from K2018.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from pathlib import Path

import pytest
from armor_sides import two_sides

from model import edits
from model.hexes import DIRECTIONS, Hex, Hexside, within
from model.scenario_io import LoadedScenario, load_scenario, parse_scenario
from rules.armor.bot import ArmorAdapter
from rules.armor.cards import armour_basis, gun_of
from rules.armor.events import ApFire, ApHit
from rules.armor.fire import aim, angle_between, in_field_of_fire, sights, why_not_fire
from rules.armor.game import ArmorGame, ArmorState
from rules.armor.opportunity import OpportunityTriggered, why_not_opportunity
from rules.armor.orders import OpportunityFire, Order
from rules.armor.range import range_between
from rules.armor.turret import OPTION, entry_hexsides, turret_aspect
from rules.bots.greedy import Adapter, Evaluator, Piece
from rules.engine.actions import Done
from rules.los.geometry import trace
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "armor"
CENTRE = "K2018"

SITUATION = """
schema_version: 1
id: test-armor-fire-faults
title: Fire faults
system: armor
original: true
rules: {{level: armor-game, options: [{options}]}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
"""

Unit = tuple[str, tuple[int, int], int]  # code, offset from K2018, compass facing


@functools.cache
def _map() -> LoadedScenario:
    return load_scenario(SCENARIOS / "1a-spearheads.yaml")


def _hex(offset: tuple[int, int]) -> Hex:
    centre = _map().map.resolve(CENTRE)
    return Hex(centre.q + offset[0], centre.r + offset[1])


def _facing_toward(frm: Hex, to: Hex) -> int:
    """The compass direction closest to the line from ``frm`` to ``to``."""
    return min(range(6), key=lambda d: angle_between(d, frm, to))


def situation(
    us: list[Unit],
    german: list[Unit],
    paint: dict[str, list[tuple[int, int]]] | None = None,
    options: tuple[str, ...] = (),
) -> ArmorState:
    """The units on open ground: every hex on the lines between the two sides Clear at level 0
    with bare hexsides, then ``paint`` (terrain id: offsets)."""
    amap = _map().map

    def forces(units: list[Unit]) -> str:
        return "\n".join(
            f"      - {{unit: {code}, placement: {{kind: hex, hex: {amap.name(_hex(at))}, "
            f"facing: {amap.global_to_direction(_hex(at), compass)}}}}}"
            for code, at, compass in units
        )

    text = SITUATION.format(options=", ".join(options)) + two_sides(forces(us), forces(german))
    loaded = parse_scenario(text, "fire-faults.yaml")
    line = {h for a in us for b in german for h in trace(_hex(a[1]), _hex(b[1])).hexes}
    line = {h for h in line if h in amap.hexes}
    scenario = edits.paint_terrain(loaded.scenario, [amap.name(h) for h in line], "clear")
    scenario = edits.set_elevation(scenario, [amap.name(h) for h in line], 0)
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame)
    for side in {Hexside.of(h, d) for h in line for d in range(6)}:
        x, y = side.hexes
        if x in amap.hexes and y in amap.hexes:
            text = "/".join(amap.name(h).replace("/", "") for h in (x, y))
            for feature in game.terrain.hexside_features(side):
                scenario = edits.set_hexside_feature(scenario, [text], feature, False)
    for terrain, where in (paint or {}).items():
        scenario = edits.paint_terrain(scenario, [amap.name(_hex(w)) for w in where], terrain)
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, ArmorGame)
    return game.new_initial_state(seed=3)


def duel(
    target: tuple[int, int],
    target_facing: int | None = None,
    target_code: str = "PZIVJ",
    paint: dict[str, list[tuple[int, int]]] | None = None,
    options: tuple[str, ...] = (),
) -> ArmorState:
    """A Sherman at K2018 facing the target (default: the target facing the Sherman)."""
    a, b = _hex((0, 0)), _hex(target)
    facing = _facing_toward(b, a) if target_facing is None else target_facing
    state = situation(
        [("M4", (0, 0), _facing_toward(a, b))], [(target_code, target, facing)], paint, options
    )
    assert in_field_of_fire(state.gun_facing(SHERMAN), a, b)
    return state


SHERMAN = "us.M4.1"


def _target(state: ArmorState) -> str:
    return next(u for u in state.game.units if u.startswith("german."))


def _fire(state: ArmorState, *dice: int) -> list[object]:
    """The Sherman fires at the target; the Germans plot nothing; the dice forced."""
    state.force_dice(*dice)
    state.apply(Order(SHERMAN, fire=_target(state)))
    return list(state.apply(Done("german")))


# --- 1. Range by the Range Scale, Dot to Dot [AG III.D] ----------------------------------------


@pytest.mark.parametrize("direction", range(6))
def test_range_equals_the_hex_count_along_the_six_hex_lines(direction: int) -> None:
    """[AG III.D.1.a]: along a hex line every Dot lies on a mark of the scale (marks are one hex
    distance apart), and the range is the number before the mark: the hex count."""
    step = DIRECTIONS[direction]
    for n in range(1, 49):
        assert range_between(Hex(0, 0), step.scale(n)) == n


@pytest.mark.parametrize(
    ("offset", "counted", "scale"),
    [
        ((1, 1), 2, 2),  # between two hex lines: 1.73 hex distances
        ((2, 2), 4, 4),  # 3.46
        ((3, 3), 6, 6),  # 5.20
        ((3, 4), 7, 7),  # 6.08: the book's 4032 to 3331
        ((4, 4), 8, 7),  # 6.93: one less than the count [AG III.D.1.b]
        ((3, 5), 8, 7),  # exactly 7, on a mark: the number before it [AG III.D.1.a]
        ((6, 7), 13, 12),  # 11.27
        ((8, 8), 16, 14),  # 13.86: two less
        ((-4, 8), 8, 7),  # the other side of the same hex line: the same measure
        ((24, 24), 48, 42),  # the longest the three scales measure laid end to end [AG III.D.2]
    ],
)
def test_range_off_the_hex_lines_can_be_less_than_the_count(
    offset: tuple[int, int], counted: int, scale: int
) -> None:
    """[AG III.D.1.b]: the range is the scale's section that covers the target's Dot, so the
    straight distance rounded up, which off the hex lines is shorter than the hexes counted."""
    a, b = Hex(3, -2), Hex(3 + offset[0], -2 + offset[1])
    assert (a.distance(b), range_between(a, b), range_between(b, a)) == (counted, scale, scale)


def test_range_is_the_dot_to_dot_distance_rounded_up() -> None:
    """[AG III.D.1]: against the Dots' positions on the flat-topped grid, for every hex within
    20; never below sqrt(3)/2 of the count, never above it."""
    for h in within(Hex(0, 0), 20):
        x, y = 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)
        dots = math.hypot(x, y) / math.sqrt(3)  # one hex distance = sqrt(3) between Dots
        found = range_between(Hex(0, 0), h)
        assert found == math.ceil(round(dots, 9))
        assert math.sqrt(3) / 2 * h.distance(Hex(0, 0)) <= found <= h.distance(Hex(0, 0))


def test_the_direct_fire_examples_ranges_are_seven_on_section_l() -> None:
    """[AG VI.C.1.a, VI.C.2.a]: Sherman 874 in 4032 to PZIV 859 in 3331, and PZIV 858 in 3328 to
    the Sherman, are both "7 hexes" (6.08 and exactly 7 hex distances: one off a hex line, one
    on it), with odd columns lower on section L."""
    amap = _map().map
    l4032, l3331, l3328 = (amap.resolve(n) for n in ("L4032", "L3331", "L3328"))
    assert range_between(l4032, l3331) == 7 and range_between(l3328, l4032) == 7
    assert (l4032.distance(l3331), l3328.distance(l4032)) == (7, 7)


def test_fire_over_eight_hexes_counted_is_at_range_seven() -> None:
    """[AG III.D; AG VI.B.1]: the Gunnery Table is read at the Range Scale's 7 (the Sherman's AP
    Factor 16, Penetration 17 [AG VI.C.1.a]), not at the 8 hexes counted (AP Factor 15)."""
    state = duel((4, 4))
    events = _fire(state, 99)  # no hit
    [fire] = [e for e in events if isinstance(e, ApFire)]
    assert (fire.range, fire.hexes, fire.ap_factor, fire.penetration) == (7, 8, 16, 17)
    assert "range 7 by the Range Scale (8 hexes counted) [AG III.D]" in fire.describe()
    assert "AG III.D" in fire.rule


def test_the_range_line_and_rate_of_fire_use_the_range_scale() -> None:
    """[AG V.A.2.c]: a target 13 hexes counted but at range 12 is inside the Sherman's Range Line
    (12, a placeholder): fire with movement orders is allowed, and standing it fires at the
    Rapid Rate (2 shots)."""
    state = duel((6, 7))
    target = _target(state)
    assert why_not_fire(state, SHERMAN, target, moving=True) is None
    assert aim(state, SHERMAN, target).shots == 2
    state.apply(Order(SHERMAN, fire=target, moves="R"))  # legal: not Long Range
    beyond = duel((7, 7))  # 14 counted, range 13: Long Range
    why = why_not_fire(beyond, SHERMAN, _target(beyond), moving=True)
    assert why is not None and "range 13 by the Range Scale (14 hexes counted) [AG III.D]" in why


def test_sighting_ranges_use_the_range_scale() -> None:
    """[AG IV.C.1; GC2]: a vehicle in Rough is sighted up to range 15; 17 hexes counted is
    range 15 (sighted), 18 counted is 16 (not)."""
    seen = duel((9, 8), paint={"rough": [(9, 8)]})
    assert sights(seen, SHERMAN, _target(seen))
    unseen = duel((9, 9), paint={"rough": [(9, 9)]})
    assert not sights(unseen, SHERMAN, _target(unseen))
    why = why_not_fire(unseen, SHERMAN, _target(unseen))
    assert (
        why is not None
        and (
            "out of sighting range: range 16 by the Range Scale (18 hexes counted) [AG III.D], the "
            "Sighting Ranges Table gives 15 [GC2; AG IV.C]"
        )
        in why
    )


def test_opportunity_fire_uses_the_range_scale() -> None:
    """[AG VII.F.5]: fired like Direct Fire, at the Range Scale's range: the PZIV moves into
    the watched hex 8 hexes counted away, range 7."""
    a, watched = _hex((0, 0)), _hex((4, 4))
    state = situation([("M4", (0, 0), _facing_toward(a, watched))], [("PZIVJ", (4, 5), 0)])
    state.apply(Order(SHERMAN, opportunity=state.game.name(watched)))
    events = state.apply(Order("german.PZIVJ.1", moves="1"))
    assert [e.hex for e in events if isinstance(e, OpportunityTriggered)] == [
        state.game.name(watched)
    ]
    state.force_dice(99)  # no hit
    events = state.apply(OpportunityFire(SHERMAN, "german.PZIVJ.1"))  # the owner fires [F.3]
    [fire] = [e for e in events if isinstance(e, ApFire)]
    assert (fire.range, fire.hexes, fire.ap_factor) == (7, 8, 16)


def test_preview_reports_the_range_scale_and_the_hexes_counted() -> None:
    """The odds before the order [AG VI.B] at the engine's range."""
    state = duel((4, 4))
    found = state.preview(Order(SHERMAN, fire=_target(state)))
    [chance] = found.chances
    assert "AP Factor 16 at range 7 by the Range Scale (8 hexes counted) [AG III.D]" in (
        chance.words
    )
    assert "Range by the Range Scale, Dot to Dot [AG III.D]" in found.rules


def test_the_bots_reach_is_the_range_scale() -> None:
    """The greedy bot's reach of an Armor gun is measured as the fire measures it [AG III.D]:
    an enemy 13 hexes counted away, range 12, is within the Sherman's reach of 12."""
    state = duel((6, 7))
    a, b = _hex((0, 0)), _hex((6, 7))
    assert ArmorAdapter.fire_range(a, b) == 12 and Adapter.fire_range(a, b) == 13

    class Counting(ArmorAdapter):
        fire_range = staticmethod(Hex.distance)

    sherman = Piece("us", a, 12, 1.0, 5, "tracked")
    panzer = Piece("german", b, 12, 0.0, 4, "tracked")  # no threat: only the Sherman's reach
    by_scale = Evaluator(state.game, ArmorAdapter()).place(sherman, [panzer])
    by_count = Evaluator(state.game, Counting()).place(sherman, [panzer])
    assert by_scale > by_count  # in reach by the Range Scale, one hex out of it by the count


# --- 2. Smoke in the target's own hex [OP IX.A.5] -----------------------------------------------


def test_smoke_in_the_target_hex_blocks_sight_into_it() -> None:
    """[OP IX.A.5]: "A hex containing a Smoke unit will block Lines of Sight from all elevation
    levels including into the Smoke hex": no sighting, no Direct Fire, no Opportunity Fire
    order on the hex; a unit that fired last Turn is not sighted through it [AG IV.C.5]."""
    clear = duel((0, 4))
    assert sights(clear, SHERMAN, _target(clear))
    state = duel((0, 4), paint={"smoke": [(0, 4)]})
    target, smoke = _target(state), _hex((0, 4))
    line = state.game.los(_hex((0, 0)), smoke)
    assert line.verdict == "blocked" and line.decided_by is not None
    assert line.decided_by.hex == smoke and line.rule.startswith("Armor [OP IX.A.5]")
    assert "the target's hex: into it" in line.decided_by.reason
    assert not sights(state, SHERMAN, target)
    state.firing.fired_last_turn.add(target)
    assert not sights(state, SHERMAN, target)  # [AG IV.C.5] needs an unblocked line
    why = why_not_fire(state, SHERMAN, target)
    assert why is not None and "Smoke" in why and "[OP IX.A.5]" in why
    preview = state.preview(Order(SHERMAN, fire=target))
    assert not preview.legal and "[OP IX.A.5]" in (preview.why_not or "")
    assert why_not_opportunity(state, SHERMAN, state.game.name(smoke)) is not None


def test_smoke_in_the_sighters_hex_blocks_sight_out_of_it() -> None:
    """[OP IX.A.5], our reading: a line of sight is one line, Dot to Dot, blocked both ways."""
    state = duel((0, 4), paint={"smoke": [(0, 0)]})
    assert not sights(state, SHERMAN, _target(state))
    assert not sights(state, _target(state), SHERMAN)
    line = state.game.los(_hex((0, 0)), _hex((0, 4)))
    assert line.decided_by is not None and line.decided_by.hex == _hex((0, 0))
    assert "our reading" in line.rule


def test_smoke_does_not_hide_an_adjacent_hex() -> None:
    """[GC2 Sighting Elevation Table note]: "A unit can always sight an adjacent hex, regardless
    of terrain", Smoke among that table's terrain (+4): our reading, the note stands."""
    state = duel((0, 1), paint={"smoke": [(0, 1)]})
    assert sights(state, SHERMAN, _target(state))


def test_fire_in_the_target_hex_blocks_as_smoke() -> None:
    """[OP XI.D]: a Fire hex "has the same effect as a Smoke unit on sighting"."""
    state = duel((0, 4), paint={"fire": [(0, 4)]})
    assert not sights(state, SHERMAN, _target(state))
    line = state.game.los(_hex((0, 0)), _hex((0, 4)))
    assert line.decided_by is not None and line.decided_by.terrain == "fire"
    assert "[OP XI.D]" in line.rule and "[OP IX.A.5]" in line.rule


# --- 3. Effects of Turret Facing [OP VII] -------------------------------------------------------

TURRETS = (OPTION,)


def _hits(events: list[object]) -> list[ApHit]:
    return [e for e in events if isinstance(e, ApHit)]


def test_a_turret_turned_away_takes_tf_and_gm_hits_on_its_rear() -> None:
    """[OP VII.B]: the PZIV faces the Sherman (F 0), its turret turned about (3 hexsides): the
    line enters by a hexside neither the turret's facing nor beside it, so the Front column's
    29 (GM [AG VI.C.2.d]) is a TR hit, with the Turret Rear AB."""
    state = duel((0, 4), options=TURRETS)
    target = _target(state)
    state.troops.turret[target] = 3
    [hit] = _hits(_fire(state, 40, 29, 99))  # one hit; GM; Damage Caused 99: no damage
    spec = state.game.units[target]
    assert (hit.sector, hit.location, hit.armour) == (
        "F 0",
        "TR",
        armour_basis(spec, "front", 0, "TR"),
    )
    assert "GM becomes TR" in hit.turret and "[OP VII.B]" in hit.turret
    assert "OP VII" in hit.rule and "GM becomes TR" in hit.describe()


def test_without_the_option_hits_locate_on_the_hulls_aspect() -> None:
    """[AG VI.B; OP I]: Effects of Turret Facing is an Optional Rule; the Armor Game locates the
    same hit on the hull's aspect alone: 29 is GM."""
    state = duel((0, 4))
    state.troops.turret[_target(state)] = 3
    [hit] = _hits(_fire(state, 40, 29, 99))
    assert (hit.location, hit.turret) == ("GM", "")
    assert "OP VII" not in hit.rule


def test_a_turret_turned_toward_the_firer_takes_tr_hits_on_its_front() -> None:
    """[OP VII.A]: the PZIV shows the Sherman its rear (R 0), the turret turned about to face
    it: the Rear column's 50 (TR) is a TF hit with the Turret Front AB."""
    away = _facing_toward(_hex((0, 4)), _hex((0, 8)))
    state = duel((0, 4), target_facing=away, options=TURRETS)
    target = _target(state)
    state.troops.turret[target] = 3
    [hit] = _hits(_fire(state, 40, 50, 99))
    spec = state.game.units[target]
    assert (hit.sector, hit.location, hit.armour) == (
        "R 0",
        "TF",
        armour_basis(spec, "rear", 0, "TF"),
    )
    assert "TR becomes TF" in hit.turret and "[OP VII.A]" in hit.turret


@pytest.mark.parametrize(("turret", "location"), [(2, "TF"), (4, "TF"), (1, "TR"), (5, "TR")])
def test_the_hexside_beside_the_facing_counts_as_the_facing(turret: int, location: str) -> None:
    """[OP VII.A]: "the hexside that is the Turret unit's facing, or a hexside adjacent": with
    the hull away (R 0), a turret one hexside off the line to the firer takes TR as TF; two
    hexsides off, the TR stays TR (and would take TF and GM as TR [OP VII.B])."""
    away = _facing_toward(_hex((0, 4)), _hex((0, 8)))
    state = duel((0, 4), target_facing=away, options=TURRETS)
    state.troops.turret[_target(state)] = turret
    [hit] = _hits(_fire(state, 40, 50, 99))
    assert hit.location == location


def test_a_line_entering_at_a_corner_abeam_of_the_turret_changes_nothing() -> None:
    """[OP VII], our reading: a line along the grid's diagonal enters the target's hex at a
    corner, through two hexsides; with one beside the turret's facing and the other not, the
    firer is exactly abeam and the hit stays as the table gives it."""
    target = (2, 2)
    state = duel(target, options=TURRETS)
    t = _target(state)
    first, second = entry_hexsides(_hex(target), _hex((0, 0)))
    if (second - first) % 6 != 1:
        first, second = second, first
    assert (second - first) % 6 == 1  # two hexsides meeting at a corner
    state.troops.turret[t] = 0
    state.troops.facing[t] = (first - 1) % 6  # ``first`` beside the facing, ``second`` not
    found = turret_aspect(state, SHERMAN, t)
    assert found is not None and found.side == "abeam"
    assert found.turn("TR") == ("TR", "") and found.turn("GM") == ("GM", "")


def test_a_fixed_superstructure_is_left_to_the_hulls_aspect() -> None:
    """[OP VII; AG VIII.B.3]: the rule speaks of movable turrets; a STG IIIG (Turret Turn
    "None") keeps its Turret unit forward."""
    state = duel((0, 4), target_code="STGIIIG-75", options=TURRETS)
    assert state.game.units[_target(state)].turret_turn == 0
    assert turret_aspect(state, SHERMAN, _target(state)) is None


def _through(words: str) -> int:
    found = re.search(r"penetrates on (\d+) in 100", words)
    assert found is not None, words
    return int(found.group(1))


def test_preview_odds_turn_hits_by_the_turret_facing() -> None:
    """The odds before the order locate hits as the fire does [OP VII]: a Tiger facing the
    Sherman with its turret about: the Front column's TF and GM rolls (01-35) become TR hits,
    which the Sherman's Penetration 17 goes through (TR AB 16) where TF and GM (24) hold."""
    plain = duel((0, 7), target_code="TIGER-IE")
    turned = duel((0, 7), target_code="TIGER-IE", options=TURRETS)
    for state in (plain, turned):
        state.troops.turret[_target(state)] = 3
    before = plain.preview(Order(SHERMAN, fire=_target(plain)))
    after = turned.preview(Order(SHERMAN, fire=_target(turned)))
    spec, gun = turned.game.units[_target(turned)], gun_of(turned.game.units[SHERMAN], "us")
    assert gun is not None and gun.penetration(7) == 17
    assert armour_basis(spec, "front", 0, "TR") < 17 < armour_basis(spec, "front", 0, "GM")
    assert "turret facing away from the firer: TF and GM hits are TR [OP VII]" in (
        after.chances[0].words
    )
    assert _through(after.chances[0].words) == _through(before.chances[0].words) + 35
    assert "Effects of Turret Facing [OP VII]" in after.rules
    assert "Effects of Turret Facing [OP VII]" not in before.rules
