"""Soldiers rifle grenades [12.6-12.63]: who may fire them, where, the Rifle Grenade Table with
no modifiers, the scatter result (the book's example), damage by the seen or unseen line, and
smoke fired from a rifle."""

from __future__ import annotations

from soldiers_scenes import acting, clear, dawn, stage

from model.hexes import Hex
from rules.soldiers import rifle_grenades, smoke
from rules.soldiers.actions import GrenadeThrown, ManHit, OrderMan
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.rifle_grenades import FireGrenade, scatter_result
from rules.soldiers.units import cell
from rules.soldiers.weapons import carried


def _line(game: SoldiersGame, n: int) -> list[Hex]:
    """``n`` clear hexes in a straight line, the last in sight of the first."""
    for a in sorted(game.amap.hexes, key=game.name):
        for d in range(6):
            line = [a]
            while len(line) < n:
                line.append(line[-1].neighbor(d))
            if all(clear(game, h) for h in line) and game.sees(line[0], line[-1]):
                return line
    raise AssertionError("no line")


def _rifleman(game: SoldiersGame, at: Hex, enemy_at: Hex) -> tuple[SoldiersState, str, str]:
    """The leader under orders with an M1 he took [7.33] (a rifle that fires grenades
    [12.6]), two grenades of each kind, and an enemy man staged."""
    state = acting(game, game.sides[0])
    man = next(m for m in sorted(state.active.in_command) if state.may_order(m))
    state.troops.carried[man] = "US-M1"
    assert carried(state, man).id in rifle_grenades.RIFLES
    enemy = state.able(game.other(game.men[man].side))[0]
    stage(state, {man: at, enemy: enemy_at})
    game.grenades[man] = 2
    smoke.carried(game)[man] = 2
    state.apply(OrderMan(man))
    return state, man, enemy


def test_rifle_grenade_12_63_book_example_the_scatter_result() -> None:
    """[12.63] example: "If the hit chance is 1 and the die result is 4, the scatter result is
    three. If the die result is 8, the scatter result is five"."""
    assert scatter_result(4, 1) == 3
    assert scatter_result(8, 1) == 5


def test_rifle_grenade_12_62_a_hit_damages_on_the_seen_line_no_modifiers() -> None:
    """[12.62]: the Rifle Grenade Table's seen line, no modifiers; each man in the hex rolls
    on the seen damage line; 3 AP (placeholder)."""
    game = dawn()
    line = _line(game, 6)
    state, man, enemy = _rifleman(game, line[0], line[5])
    action = FireGrenade(man, game.name(line[5]), "explosive")
    assert action in state.legal_actions()
    chance = int(str(cell("rifle-grenade", "seen", 5).value))
    preview = state.preview(action)
    assert preview.legal and preview.chances[0].effect == chance / 10
    assert "no modifiers [12.62]" in preview.chances[0].words
    state.force_dice(chance, 9)
    state.apply(action)
    assert state.active.ap == 5.0 - rifle_grenades.FIRE_AP
    hit = [e for e in state.log if isinstance(e, ManHit)][-1]
    assert hit.man == enemy and hit.result == str(cell("rifle-grenade-damage", "seen", 9).value)
    assert state.troops.grenades_thrown == {man: 1}


def test_rifle_grenade_12_63_a_miss_scatters_the_die_minus_the_hit_chance_17_4() -> None:
    """[12.63; 17.4]: above the hit chance the grenade scatters the die minus the hit chance,
    at most five hexes, by the artillery procedure (a d6, n hexes; a d6, n - 1)."""
    game = dawn()
    line = _line(game, 6)
    state, man, _enemy = _rifleman(game, line[0], line[5])
    chance = int(str(cell("rifle-grenade", "seen", 5).value))
    state.force_dice(chance + 2, 1, 1)  # scatter 2 then 1 hexes, both north
    state.apply(FireGrenade(man, game.name(line[5]), "explosive"))
    thrown = [e for e in state.log if isinstance(e, GrenadeThrown)][-1]
    words = " ".join(thrown.steps)
    assert f"scatter result {chance + 2} - {chance} = 2 [12.63; 17.4]" in words
    assert "2 hex(es)" in words and "1 hex(es)" in words


def test_rifle_grenade_12_61_targets_and_who_may_fire() -> None:
    """[12.61]: at least four hexes away, no building or pillbox; [12.6]: only the named
    rifles fire grenades."""
    game = dawn()
    line = _line(game, 6)
    state, man, _enemy = _rifleman(game, line[0], line[5])
    why = state.why_not(FireGrenade(man, game.name(line[3]), "explosive"))
    assert why is not None and "at least 4 hexes [12.61]" in why
    building = next(h for h in game.amap.hexes if "building" in game.terrains(h))
    state.troops.hexes[man] = next(
        h for h in game.amap.hexes if clear(game, h) and h.distance(building) == 5
    )
    why = state.why_not(FireGrenade(man, game.name(building), "explosive"))
    assert why is not None and "[12.61]" in why
    state.troops.carried[man] = "US-SMG"
    why = state.why_not(FireGrenade(man, game.name(line[5]), "explosive"))
    assert why is not None and "[12.6]" in why


def test_rifle_grenade_12_62_smoke_fired_from_a_rifle_places_smoke_12_5() -> None:
    """[12.62]: "Effects of smoke are the same as for thrown grenades": the impact hex and the
    hex the wind drifts it to."""
    game = dawn()
    line = _line(game, 6)
    state, man, _enemy = _rifleman(game, line[0], line[5])
    state.smoke.wind = line[4].direction_to(line[5])
    state.force_dice(1)
    state.apply(FireGrenade(man, game.name(line[4]), "smoke"))
    assert state.smoke.outside == {game.name(line[4]), game.name(line[5])}
    assert smoke.left(state, man) == 1 and not state.troops.grenades_thrown
