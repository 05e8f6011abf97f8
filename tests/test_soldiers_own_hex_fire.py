"""Soldiers fire into the firer's own hex [8.83; 8.31]: "A man that begins his activation in a
hex with a non-suppressed enemy man may perform only ... any fire action (at enemy men in the hex
only)"; the range counts "the target's hex but excluding the firer's hex" (0). The hit chance is
range 1's cell (a placeholder, as every Weapon Table cell is); the firer's own men in the hex are
never hit. Dawn Patrol, the US leader's turn at Aggressive, men staged by hand."""

from __future__ import annotations

from soldiers_scenes import acting, clear, dawn, stage

from model.hexes import Hex
from rules.soldiers.actions import ManHit, OrderMan, Shoot, ShotExplained
from rules.soldiers.fire import hit_chance
from rules.soldiers.game import SoldiersGame, SoldiersState


def _hex(game: SoldiersGame) -> Hex:
    return min((h for h in game.amap.hexes if clear(game, h)), key=game.name)


def _engaged(germans: int = 1) -> tuple[SoldiersState, Hex, list[str]]:
    """Austin (US squad leader) ordered in a clear hex with Black (US) and ``germans``
    German men (able, not suppressed); the Germans' names."""
    game = dawn()
    state = acting(game, "us")
    h = _hex(game)
    enemies = state.able("german")[:germans]
    stage(state, dict.fromkeys(["us.austin", "us.black", *enemies], h))
    state.active.in_command.add("us.austin")
    state.apply(OrderMan("us.austin"))
    assert state.active.engaged == game.name(h)  # [8.83]
    return state, h, enemies


def test_8_83_a_man_may_fire_at_the_enemy_men_in_his_own_hex_range_0() -> None:
    """[8.83; 8.31] Fire into his own hex is offered and legal, its working says range 0 and
    names the placeholder standing in for it; without an enemy there it is refused, cited."""
    state, h, _ = _engaged()
    name = state.game.name(h)
    shot = Shoot("us.austin", name, "quick")
    assert shot in state.legal_actions("us")
    assert state.why_not(shot) is None
    assert state.preview(shot).legal
    _, work = hit_chance(state, shot)
    assert any("own hex (range 0 [8.31; 8.83])" in s for s in work.steps)
    assert any("/0: the table has no range 0" in p for p in work.placeholders)
    for m in state.able("german"):
        if state.troops.hexes[m] == h:
            state.troops.hexes[m] = next(x for x in h.neighbors() if x in state.game.amap.hexes)
    why = state.why_not(shot) or ""
    assert "[8.83]" in why and "no able enemy" in why


def test_8_83_fire_into_his_own_hex_never_hits_his_own_men() -> None:
    """[8.83; 8.84] A roll exactly the modified hit chance into a hex friendly men share would
    hit one of the firer's own men by 8.84; into his own hex the fire is at the enemy men only
    (our reading): the German is hit, Black is not."""
    state, h, (german,) = _engaged()
    shot = Shoot("us.austin", state.game.name(h), "quick")
    chance, _ = hit_chance(state, shot)
    assert 1 <= chance <= 10
    start = len(state.log)
    state.force_dice(chance, 10)  # the fire roll; an unmodified 10 kills [8.42]
    state.apply(shot)
    words = [e.describe() for e in state.log[start:] if isinstance(e, ShotExplained)]
    assert words and "never hit (our reading of 8.83) [8.83]" in words[0]
    hits = [e for e in state.log[start:] if isinstance(e, ManHit)]
    assert [e.man for e in hits] == [german]
    assert "us.black" not in state.troops.disabled and "us.black" not in state.troops.suppressed
