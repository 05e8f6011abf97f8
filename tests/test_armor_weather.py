"""Armor's Weather Options [OP VIII.A]: Snow and Mud speeds; the cut Time of Day rows
[OP VIII.B] refused with the reason."""

from __future__ import annotations

import pytest
from armor_sides import two_sides

from model.scenario_io import parse_scenario
from rules.armor.game import ArmorGame
from rules.armor.weather import WeatherSet
from rules.registry import load_game


def _game(weather: str | None = None, visibility: str | None = None) -> ArmorGame:
    rules = "{level: advanced-game"
    rules += f", weather: {weather}" if weather else ""
    rules += f", visibility: {visibility}" if visibility else ""
    text = f"""
schema_version: 1
id: test-armor-weather
title: Test position
system: armor
original: true
rules: {rules}}}
map:
  layout: {{preset: edge-to-edge, order: [J, K, L]}}
""" + two_sides(
        "      - {unit: M4, placement: {kind: hex, hex: K1716}}\n"
        "      - {unit: US-INFANTRY-SQUAD, placement: {kind: hex, hex: K1816}}",
        "      - {unit: PZIVJ, placement: {kind: hex, hex: J2108}}",
    )
    game = load_game(parse_scenario(text, "position.yaml"))
    assert isinstance(game, ArmorGame)
    return game


@pytest.mark.parametrize(
    ("weather", "speed", "road", "track", "leg"),
    [(None, 4, "2/3", "3/4", 2), ("snow", 3, "3/4", "3/4", 1), ("mud", 2, "3/4", "1", 1)],
)
def test_snow_and_mud_use_the_cards_snow_and_mud_lines_op_viii_a(
    weather: str | None, speed: int, road: str, track: str, leg: int
) -> None:
    """[OP VIII.A.1-2]: "Use the Snow (Mud) Speed Factors and Road and Track Movement Costs
    listed on the Data Cards instead of the Normal ones" (the PZIVJ's card values in the
    catalogue); Leg units their weather Speed (our reading)."""
    game = _game(weather)
    pz = game.units["german.PZIVJ.1"]
    assert (pz.speed, str(pz.road_cost), str(pz.track_cost)) == (speed, road, track)
    assert game.units["us.US-INFANTRY-SQUAD.1"].speed == leg
    events = [e for e in game.new_initial_state().log if isinstance(e, WeatherSet)]
    assert bool(events) == bool(weather)
    if weather:
        assert "[OP VIII.A" in events[0].describe()


def test_mud_shrinks_what_a_vehicle_reaches_op_viii_a_2() -> None:
    """[OP VIII.A.2]: with the Mud Speed Factors (2 for the PZIVJ), fewer hexes are in reach
    in the Order Plot: beyond 2 SF only an adjacent hex, the one new hex [AG V.B.3]."""
    state = _game("mud").new_initial_state(seed=1)
    dry = _game().new_initial_state(seed=1).reach("german.PZIVJ.1")
    mud = state.reach("german.PZIVJ.1")
    assert set(mud) < set(dry)
    at = state.troops.hexes["german.PZIVJ.1"]
    assert all(v is not None and (v <= 2 or h.distance(at) == 1) for h, v in mud.items())


@pytest.mark.parametrize(
    ("weather", "visibility", "words"),
    [
        ("fog", None, "weather 'fog'"),
        (None, "'reduced (Dusk, Night)'", "visibility 'reduced (Dusk, Night)'"),
    ],
)
def test_cut_sighting_rows_are_played_as_day_and_said_op_viii_b(
    weather: str | None, visibility: str | None, words: str
) -> None:
    """[OP VIII.B]: the Dusk, Fog, Night and Moonlight sighting rows are cut from the text: a
    scenario asking for them (as 4A and 4B do) is played in Day sighting, and the log says so."""
    game = _game(weather, visibility)
    assert game.ground == "normal" and game.units["german.PZIVJ.1"].speed == 4
    notes = [e.describe() for e in game.new_initial_state().log if isinstance(e, WeatherSet)]
    assert len(notes) == 1 and words in notes[0] and "rows are cut from the text" in notes[0]
