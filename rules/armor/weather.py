"""Time of Day and Weather [OP VIII] as far as the text lets the engine play them.

- Weather Options [OP VIII.A]: a scenario's ``rules: {weather: snow}`` or ``mud`` makes every
  Vehicle use its card's Snow or Mud Speed Factor and Road and Track Movement Costs instead of
  the Normal ones [A.1-2], and every Leg unit its card's weather Speed (our reading: the Leg
  cards' one weather line serves both). The Streams "may be considered" frozen (as Clear) in
  Snow or unfordable in Mud [A.1-2]: a choice, made with the Streams Terrain Option
  (``map.terrain_options: {streams: clear}`` or ``bridges-only``) [OP XXVII.F].
- Time of Day [OP VIII.B]: only Day is played. The Sighting Ranges Table's Dusk, Blowing
  Snow/Fog, Night and Moonlight rows are cut from the text, so a scenario asking for another
  time or for Fog (4A and 4B: "reduced (Dusk, Night, etc., by the Optional Rules)") is played
  in Day sighting, and the log says so.
- The Scenario Weather and Time Chart [SCN III.E] is not rolled: most of its dice range (the
  rows after Day/Snow) is cut, and Fog needs the cut sighting rows; a scenario gives its
  weather "by mutual agreement" [SCN III.E].
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from model.catalog import unit_types
from model.provenance import unwrap
from model.scenario import Scenario
from model.systems import GameSystem
from rules.armor.units import ArmorUnit
from rules.engine.events import Event

#: The ground conditions the engine plays [OP VIII.A], by the scenario's word.
GROUND = {None: "normal", "normal": "normal", "day": "normal", "snow": "snow", "mud": "mud"}
DAY = (None, "day", "normal")
CUT = (
    "the Sighting Ranges Table's Dusk, Blowing Snow/Fog, Night and Moonlight rows are cut from "
    "the text [OP VIII.B; GC2]: only Day is played"
)


@dataclass(frozen=True)
class WeatherSet(Event):
    """The weather and time of the game [OP VIII; SCN III.E]."""

    kind: ClassVar[str] = "armor-weather"
    ground: str
    rule: str

    def describe(self) -> str:
        return f"Day, {self.ground.title()} weather: {self.rule}"


def ground_of(scenario: Scenario) -> tuple[str, str]:
    """The scenario's weather, "normal", "snow" or "mud" [OP VIII.A], and what of its weather
    and time is not played ("" when all is)."""
    rules = scenario.rules
    weather = (rules.weather or "").strip().lower().removeprefix("day/") or None
    visibility = (rules.visibility or "").strip().lower() or None
    unplayed = []
    if weather not in GROUND:
        unplayed.append(f"weather '{rules.weather}'")
    if visibility not in DAY:
        unplayed.append(f"visibility '{rules.visibility}'")
    note = f"{' and '.join(unplayed)} not played, Day sighting instead: {CUT}" if unplayed else ""
    return GROUND.get(weather, "normal"), note


def _fraction(raw: object, default: Fraction) -> Fraction:
    return default if raw is None else Fraction(str(raw))


def weathered(unit: ArmorUnit, ground: str) -> ArmorUnit:
    """The unit with its card's Snow or Mud line [OP VIII.A.1-2; Intro IV SPEED]."""
    if ground == "normal":
        return unit
    entry = unit_types(GameSystem.ARMOR).get(unit.type_id)
    if entry is None:
        return unit

    def value(key: str) -> object:
        found = entry.values.get(key)
        return None if found is None else unwrap(found)

    if unit.category == "leg":
        speed = value("weather_speed")
        return unit if speed is None else replace(unit, speed=int(str(speed)))
    speed = value(f"{ground}_speed")
    if speed is None:
        return unit
    return replace(
        unit,
        speed=int(str(speed)),
        road_cost=_fraction(value(f"{ground}_road_cost"), unit.road_cost),
        track_cost=_fraction(value(f"{ground}_track_cost"), unit.track_cost),
    )


def weather(
    scenario: Scenario, units: dict[str, ArmorUnit]
) -> tuple[str, dict[str, ArmorUnit], list[WeatherSet]]:
    """The ground conditions, the units as they move in them and the events saying so."""
    ground, note = ground_of(scenario)
    events = [WeatherSet(ground, note)] if note else []
    if ground == "normal":
        return ground, units, events
    rule = (
        f"the Data Cards' {ground.title()} Speed Factors and Road and Track Movement Costs "
        f"[OP VIII.A.{1 if ground == 'snow' else 2}]; Leg units their weather Speed (our reading)"
    )
    changed = {u: weathered(spec, ground) for u, spec in units.items()}
    return ground, changed, [WeatherSet(ground, rule), *events]
