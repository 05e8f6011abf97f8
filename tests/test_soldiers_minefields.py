"""Soldiers hidden minefields [18.4; 18.41; 18.42; 16.12; 19.43]: the defender's bought
minefields noted secretly, revealed when an enemy man enters (the alertness roll), or when an
engineer comes next to one; friendly men pay 2 AP more and stop [18.45]; kept in position files."""

from __future__ import annotations

import dataclasses

from soldiers_scenes import DAWN, acting, clear, stage

from model.hexes import Hex
from model.scenario import Purchase
from model.scenario_io import load_scenario
from rules.engine.actions import Move
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import minefields
from rules.soldiers.actions import ManHit, ManMoved, OrderMan
from rules.soldiers.engineers import ENGINEER
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.minefields import MinefieldNote
from rules.soldiers.units import cell


def _mined(count: int = 1) -> tuple[SoldiersGame, str]:
    """Dawn Patrol with the second side the defender, who bought ``count`` minefields."""
    loaded = load_scenario(DAWN)
    first, second = loaded.scenario.sides[0], loaded.scenario.sides[1]
    sides = [
        first.model_copy(update={"role": "attacker"}),
        second.model_copy(
            update={"role": "defender", "purchases": [Purchase(item="MINEFIELD", count=count)]}
        ),
    ]
    scenario = loaded.scenario.model_copy(update={"sides": sides})
    game = load_game(dataclasses.replace(loaded, scenario=scenario))
    assert isinstance(game, SoldiersGame)
    return game, first.id


def _approach(game: SoldiersGame, mine: Hex) -> tuple[Hex, Hex]:
    """A clear hex two from the minefield and a clear hex between, next to it."""
    for near in sorted((n for n in mine.neighbors() if clear(game, n)), key=game.name):
        if not clear(game, near) or near in minefields.hidden(game):
            continue
        for far in sorted((n for n in near.neighbors() if clear(game, n)), key=game.name):
            if clear(game, far) and far.distance(mine) == 2:
                return far, near
    raise AssertionError("no approach")


def _mover(
    game: SoldiersGame, side: str, at: Hex, engineer: bool = False
) -> tuple[SoldiersState, str]:
    state = acting(game, side)
    man = next(m for m in sorted(state.active.in_command) if state.may_order(m))
    if engineer:
        spec = game.men[man]
        game.men[man] = dataclasses.replace(spec, tags=(*spec.tags, ENGINEER))
    stage(state, {man: at})
    state.apply(OrderMan(man))
    return state, man


def test_minefields_18_4_bought_ones_are_noted_secretly_next_to_the_defenders_men() -> None:
    """[18.4; 19.43]: the defender's minefields are noted, not placed on the map: one a hex,
    not in a building, water or a man's hex (our reading of where: next to his men)."""
    game, _attacker = _mined(2)
    hidden = minefields.hidden(game)
    assert len(hidden) == 2 and set(hidden.values()) == {game.sides[1]}
    manned = set(game.deployment.hexes.values())
    assert not manned & set(hidden)
    assert all("minefield" not in game.terrains(h) for h in hidden)
    state = game.new_initial_state(1)
    notes = [e.describe() for e in state.log if "hidden minefield noted" in e.describe()]
    assert len(notes) == 2 and "[18.4; 19.43]" in notes[0]
    secret = [e for e in state.log if "hidden minefield noted" in e.describe()]
    assert all(e.visible_to(game.sides[1]) and not e.visible_to(game.sides[0]) for e in secret)


def test_minefields_18_41_noticed_at_or_below_the_initiative_placed_back_ap_spent() -> None:
    """[18.41]: an enemy man enters the hidden minefield: it is revealed; a d10 at or below
    the highest initiative in the moving group: noticed, placed back in the hex he entered
    from, the AP to enter still spent."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    far, near = _approach(game, mine)
    state, man = _mover(game, attacker, near)
    state.force_dice(1)  # alertness 1: noticed
    state.apply(Move(man, (game.name(mine),)))
    assert state.troops.hexes[man] == near
    assert state.active.ap < 5.0
    assert game.name(mine) in state.minefields.revealed
    note = [e for e in state.log if isinstance(e, MinefieldNote)][-1]
    assert "noticed" in note.text and "[18.41]" in note.text
    # now a revealed enemy minefield: Wary or higher to enter [18.44]
    state.active.risk = "Cautious"
    why = state.why_not(Move(man, (game.name(mine),)))
    assert why is not None and "[18.44]" in why
    del far


def test_minefields_18_41_above_the_initiative_they_enter_and_one_man_is_attacked_18_43() -> None:
    """[18.41; 18.43]: above the highest initiative the men enter; one undergoes a minefield
    attack (the Grenade Table's indoors line); they move no further."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    far, near = _approach(game, mine)
    state, man = _mover(game, attacker, far)
    kill = 10  # an unmodified 10 on the indoors line
    state.force_dice(10, kill)
    state.apply(Move(man, (game.name(near), game.name(mine))))
    assert state.troops.hexes[man] == mine and state.active.stopped
    hit = [e for e in state.log if isinstance(e, ManHit)][-1]
    assert hit.man == man and "[18.41; 18.43]" in hit.why
    assert hit.result == str(cell("grenade-damage", "Dmg/in", kill).value)
    moved = [e for e in state.log if isinstance(e, ManMoved)][-1]
    assert moved.path == (game.name(near), game.name(mine))


def test_minefields_18_42_an_engineer_next_to_one_reveals_it_and_stops_16_12() -> None:
    """[18.42; 16.12]: "A hidden minefield is exposed when an engineer enters a hex adjacent
    to the minefield ... The detection is automatic; no alertness die-roll is required"."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    far, near = _approach(game, mine)
    state, man = _mover(game, attacker, far, engineer=True)
    rolls = len(state.log)
    state.apply(Move(man, (game.name(near), game.name(mine))))
    assert state.troops.hexes[man] == near  # stopped where it was revealed (our reading)
    assert game.name(mine) in state.minefields.revealed
    note = next(e for e in state.log[rolls:] if isinstance(e, MinefieldNote))
    assert "no roll [18.42; 16.12]" in note.text


def test_minefields_18_45_the_owners_men_pay_2_more_and_stop() -> None:
    """[18.45]: "A friendly man may enter a revealed or hidden friendly minefield with no
    danger, but must expend 2 additional APs to do so and may move no farther"."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    _far, near = _approach(game, mine)
    defender = game.other(attacker)
    state, man = _mover(game, defender, near)
    state.apply(Move(man, (game.name(mine),)))
    assert state.active.ap == 5.0 - 1.0 - 2.0 and state.active.stopped
    assert not state.minefields.revealed and man not in state.troops.disabled


def test_minefields_revealed_are_kept_in_position_files_and_clones() -> None:
    """[18.41]: the minefields revealed survive a position file and a clone."""
    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    _far, near = _approach(game, mine)
    state, man = _mover(game, attacker, near)
    state.force_dice(1)
    state.apply(Move(man, (game.name(mine),)))
    position = state.to_position()
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert isinstance(back, SoldiersState)
    assert back.minefields == state.minefields and back.to_position() == position
    twin = state.clone()
    assert isinstance(twin, SoldiersState)
    twin.minefields.revealed.clear()
    assert state.minefields.revealed


def test_minefields_18_44_each_man_of_a_group_entering_a_revealed_one_rolls() -> None:
    """[18.44]: "For each man that enters a revealed enemy minefield, the active player rolls
    the 10-sided die: if the result is 9 or 10, the man undergoes a minefield attack": the
    group's men follow its mover in, and each rolls."""
    from rules.soldiers.groups import OrderGroup

    game, attacker = _mined()
    mine = next(iter(minefields.hidden(game)))
    _far, near = _approach(game, mine)
    state = acting(game, attacker)
    leader = next(m for m in sorted(state.active.in_command) if state.may_order(m))
    mate = next(
        m
        for m in sorted(game.men)
        if m != leader and game.men[m].squad == game.men[leader].squad and m in state.troops.hexes
    )
    stage(state, {leader: near, mate: near})
    state.troops.waiting.discard(mate)
    state.active.in_command.add(mate)
    state.minefields.revealed.add(game.name(mine))
    state.apply(OrderGroup((leader, mate)))
    state.force_dice(1, 9, 10)  # the mover unharmed; his mate attacked and killed [18.43]
    state.apply(Move(leader, (game.name(mine),)))
    assert state.troops.hexes[mate] == mine and state.active.stopped
    rolls = {e.man: e.result for e in state.log if isinstance(e, ManHit)}
    assert rolls[leader] == "unharmed" and state.troops.disabled.get(mate) == "killed"
