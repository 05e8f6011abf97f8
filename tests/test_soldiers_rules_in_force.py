"""Which of a Soldiers scenario's special rules the engine reports as not enforced: 23's free
pillbox (a rule override played by its map object [23.2; 18.5]) and 26's ford (a terrain
override in words played by the map's terrain edit [26.1]) are enforced; the same kinds of rule
naming anything else are still reported."""

from __future__ import annotations

from soldiers_bought import bought

from model.scenario import Scenario
from model.victory import RuleOverride, TerrainOverride
from rules.registry import load_game
from rules.soldiers import preparations
from rules.soldiers.game import SoldiersGame


def _scenario(name: str) -> Scenario:
    return bought(name).scenario


def test_23_s_free_pillbox_is_enforced_and_placed() -> None:
    """[23.2; 18.5]: the rule override is not listed, and its pillbox is on the map."""
    scenario = _scenario("23-pre-dawn-pillbox-assault")
    listed = " ".join(SoldiersGame.rules_not_enforced(scenario))
    assert "18.5 Pillboxes" not in listed
    assert "German pillbox" not in listed
    game = load_game(bought("23-pre-dawn-pillbox-assault"))
    assert isinstance(game, SoldiersGame)
    assert "pillbox" in preparations.bought(game, [], {}).values()


def test_26_s_ford_is_enforced() -> None:
    """[26.1]: the ford in words is played by the terrain edit: not listed."""
    listed = " ".join(SoldiersGame.rules_not_enforced(_scenario("26-airborne")))
    assert "ford" not in listed


def test_other_overrides_are_still_reported() -> None:
    """A rule override of another section, and a terrain override in words of another
    scenario, are not enforced and say so."""
    scenario = _scenario("23-pre-dawn-pillbox-assault")
    other = RuleOverride(
        kind="rule-override",
        rule="18.4 Minefields",
        text="Minefields may be placed in building hexes.",
        source="a designer's rule",
    )
    words = TerrainOverride(
        kind="terrain-override",
        terrain="ford",
        text="There is a ford across the creek at D/1107. It costs 1 extra AP to enter this ford.",
        source="a designer's rule",
    )
    changed = scenario.model_copy(update={"special_rules": [other, words]})
    listed = SoldiersGame.rules_not_enforced(changed)
    assert any("18.4 Minefields" in line and "not enforced" in line for line in listed)
    assert any("ford" in line and "words only" in line for line in listed)
