"""Soldiers: the radio marker [17.11] (:mod:`rules.soldiers.radio_marker`): "The radio marker is
not placed on the map until the man carrying it is in sight of an able, non-suppressed enemy
man." A Radio mark on the carrier, his owner's view always, the enemy's once placed; kept in
position files; a side deploying first revealing its hidden equipment has it placed from the
start [20.4]."""

from __future__ import annotations

import dataclasses

from soldiers_bought import GERMAN, US, Buy, bought
from soldiers_scenes import acting, reaction_hexes, stage
from test_soldiers_radio_choice import _game

from rules.engine.actions import Done, Move
from rules.records.position import PositionReader
from rules.registry import load_game
from rules.soldiers import radio_marker
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.kit import radio_carrier
from rules.soldiers.support_actions import SupportNote


def _marks(state: SoldiersState, viewer: str | None, man: str) -> tuple[str, ...]:
    units = state.positions() if viewer is None else state.view_for(viewer).units
    return next(u.markers for u in units if u.unit == man)


def _scene(suppressed: bool) -> tuple[SoldiersState, str, str]:
    """Dawn Patrol, the US with artillery support [19.42], his leader turn: the radio's
    carrier ordered in a, out of the sight of the German g in r; every other man suppressed in
    one far hex; the carrier then steps into b, in g's sight (g suppressed when asked)."""
    game = _game(("us",))
    state = acting(game, "us")
    carrier = radio_carrier(state, "us")
    assert carrier is not None
    r, a, b = reaction_hexes(game)
    german = state.able("german")[0]
    stage(state, {carrier: a, german: r})
    state.troops.suppressed |= {m for m in state.troops.hexes if m not in (carrier, german)}
    if suppressed:
        state.troops.suppressed.add(german)
    state.active.in_command.add(carrier)
    state.apply(f"order-man {carrier}")
    assert not radio_marker.placed(state, "us")
    state.apply(Move(carrier, (game.name(b),)))
    while state.active.reaction is not None:
        state.apply(Done(state.active.reaction.side))
    return state, carrier, german


def test_17_11_the_radio_marker_is_placed_once_its_carrier_is_in_enemy_sight() -> None:
    """[17.11]: out of enemy sight the carrier's Radio mark is his owner's alone (his squad
    sheet) and in the all-knowing view, not in the German's; stepping into the sight of an
    able, non-suppressed German places the marker, logged for both with the section, and the
    German sees it from then on."""
    game = _game(("us",))
    state = acting(game, "us")
    carrier = radio_carrier(state, "us")
    assert carrier is not None
    if not radio_marker.placed(state, "us"):
        assert radio_marker.MARK in _marks(state, "us", carrier)
        assert radio_marker.MARK not in _marks(state, "german", carrier)
    state, carrier, german = _scene(suppressed=False)
    assert radio_marker.placed(state, "us")
    assert radio_marker.MARK in _marks(state, "german", carrier)
    assert radio_marker.MARK in _marks(state, None, carrier)
    line = (
        f"the radio marker is placed on the map: he carries us's radio and is in sight of {german}"
    )
    assert any(line in x and "[17.11]" in x for x in state.view_for("german").log)


def test_17_11_a_suppressed_enemy_man_places_no_radio_marker() -> None:
    """[17.11; 7.4]: the carrier in the sight of a suppressed German only: the marker is not
    placed, the German's view has no Radio mark; his owner's has it."""
    state, carrier, _german = _scene(suppressed=True)
    assert not radio_marker.placed(state, "us")
    assert radio_marker.MARK not in _marks(state, "german", carrier)
    assert radio_marker.MARK in _marks(state, "us", carrier)
    assert not any(isinstance(e, SupportNote) and "radio marker" in e.text for e in state.log)


def test_17_11_the_placed_marker_is_kept_in_position_files_and_clones() -> None:
    """[17.11]: the sides whose radio marker is placed are written to a position file
    (``kit.radios_shown``) and read back; a clone keeps them."""
    state, _carrier, _german = _scene(suppressed=False)
    position = state.to_position()
    assert "radios_shown" in position.model_dump_json()
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert isinstance(back, SoldiersState) and back.kit.radios_shown == {"us"}
    assert back.position_fingerprint() == state.position_fingerprint()
    twin = state.clone()
    assert isinstance(twin, SoldiersState) and twin.kit.radios_shown == {"us"}


def test_20_4_17_11_the_side_deploying_first_revealing_has_its_radio_marker_placed() -> None:
    """[20.4; 17.11]: at US 6+ "The German deploys first revealing hidden equipment (except
    minefields)": the German radio's marker is on the map from the start, in the American's
    view wherever its carrier stands; at US 3-5 it is not."""
    german = Buy(GERMAN.forces, (("INTELLIGENCE", 3), ("ART-LIGHT", 1)), GERMAN.reinforcements)
    for us_spent, shown in ((9, True), (6, False)):
        us = dataclasses.replace(US, purchases=(("INTELLIGENCE", us_spent),))
        game = load_game(bought("20-vire-bridges", 0, {"us": us, "german": german}))
        assert isinstance(game, SoldiersGame)
        state = game.new_initial_state(1)
        carrier = radio_carrier(state, "german")
        assert carrier is not None
        stage(state, {carrier: next(iter(sorted(game.amap.hexes, key=game.name)))})
        state.troops.suppressed |= {m for m in state.troops.hexes if game.men[m].side == "us"}
        assert radio_marker.placed(state, "german") is shown
        assert (radio_marker.MARK in _marks(state, "us", carrier)) is shown
