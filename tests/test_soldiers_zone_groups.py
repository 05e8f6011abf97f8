"""Scenario 25's US zone group [25.5; 25.6]: the secret d6 rolled once at the start (1-2 zone
group 1, 3-6 zone group 2), the US men set up in that group, every US reinforcement entering
by its zone (zone 2 of map B for group 1, zone 9 for group 2), kept by clones and position
files. Forced dice: the depleted squads' draws come first [19.21], so the forces bought here
have none; the zone group d6 is then the first die of the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from soldiers_bought import Buy, bought

from model.hexes import Hex
from model.regions import AnyOf, Region, Zones
from rules.engine import core
from rules.engine.dice import Dice
from rules.records.position import load_position, position_text
from rules.registry import load_game
from rules.soldiers.actions import SetupNote
from rules.soldiers.arrivals import draw_event
from rules.soldiers.delayed_entry import entry
from rules.soldiers.game import SoldiersGame, SoldiersState
from rules.soldiers.scenario_effects import refused

#: US: one squad and two reinforcement squads, dealt one to each file group (B zone 2, B zone 9).
US = Buy((("US-SQUAD-5", False),), (), ("US-VETERAN", "US-ELITE-E"))
GERMAN = Buy((("GE-SQUAD-2", False),))
GROUP_1: Region = AnyOf(regions=[Zones(board="D", zones=[2, 3, 5]), Zones(board="B", zones=[1])])
GROUP_2: Region = AnyOf(regions=[Zones(board="D", zones=[8, 9, 5]), Zones(board="B", zones=[7])])


class _ForcedDice(Dice):
    first: tuple[int, ...] = ()

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        if self.first:
            self.force(*self.first)


def _game() -> SoldiersGame:
    found = load_game(bought("25-counterattack", 0, {"us": US, "german": GERMAN}))
    assert isinstance(found, SoldiersGame)
    return found


def _forced(draws: list[int], monkeypatch: pytest.MonkeyPatch) -> SoldiersState:
    monkeypatch.setattr(_ForcedDice, "first", tuple(draws))
    monkeypatch.setattr(core, "Dice", _ForcedDice)
    return _game().new_initial_state(1)


def _us_reinforcements(state: SoldiersState) -> list[str]:
    return sorted(m for m in state.game.group_of if state.game.men[m].side == "us")


def _entries(state: SoldiersState) -> frozenset[Hex]:
    game = state.game
    found: frozenset[Hex] = frozenset()
    for man in _us_reinforcements(state):
        group = next(g for g in game.groups if g.id == game.group_of[man])
        found |= entry(state, man, group)
    return found


def _notes(state: SoldiersState) -> list[str]:
    return [e.text for e in state.log if isinstance(e, SetupNote)]


@pytest.mark.parametrize(
    ("d6", "group", "area", "zone"), [(2, 1, GROUP_1, 2), (3, 2, GROUP_2, 9), (6, 2, GROUP_2, 9)]
)
def test_25_5_the_secret_d6_sets_the_us_zone_group_and_its_reinforcements_zone(
    d6: int, group: int, area: Region, zone: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """[25.5] "on a 1 or 2 deploy in zone group 1; on a 3-6 deploy in zone group 2"; [25.6]
    "If zone group 1 was used, reinforcements enter zone 2 map B. If zone group 2 was used
    reinforcements enter zone 9 map B": every US man on the map is in the rolled group, and
    both file groups' reinforcements enter by its zone only."""
    state = _forced([d6], monkeypatch)
    game = state.game
    assert state.arrivals.zone_group == group
    note = f"us Zone Group: d6 {d6}: zone group {group} [25.5]"
    assert any(n.startswith(note) and f"zone {zone} of map B [25.6]" in n for n in _notes(state))
    secret = [e for e in state.log if "Zone Group" in e.describe()]
    assert len(secret) == 2  # the die and the note: "secretly roll", the US side's alone
    assert all(e.visible_to("us") and not e.visible_to("german") for e in secret)
    us = [m for m in state.able("us") if m in state.troops.hexes]
    assert us and all(state.troops.hexes[m] in game.region(area) for m in us)
    other = GROUP_2 if group == 1 else GROUP_1
    only_other = game.region(other) - game.region(area)
    assert not any(state.troops.hexes[m] in only_other for m in us)
    men = _us_reinforcements(state)
    assert len({game.group_of[m] for m in men}) == 2  # a squad in each file group
    entries = _entries(state)
    assert entries and entries <= game.region(Zones(board="B", zones=[zone]))
    state.play.advantage = "us"
    state.arrivals.events["B"] = 0
    draw_event(state, 4)  # Event Table 4: Event B, the First: Early Reinforcements [25.6]
    assert all(refused(state, "B1", g) is None for g in game.groups if g.side == "us")
    assert {g.id for g in game.groups if g.side == "us"} <= state.arrivals.eligible
    assert _entries(state) == entries  # both groups by the rolled zone, none by the other


def test_25_5_the_zone_group_is_rolled_once_and_kept_by_clones_and_positions(
    tmp_path: Path,
) -> None:
    """[25.5]: the seeded game rolls the zone group once (a d6 in the log); a clone and a
    position file keep it, and the reinforcements' entry with it [25.6]."""
    game = _game()
    state = game.new_initial_state(7)
    rolls = [n for n in _notes(state) if "Zone Group: d6" in n]
    assert len(rolls) == 1 and state.arrivals.zone_group in (1, 2)
    clone = state.clone()
    assert clone.arrivals.zone_group == state.arrivals.zone_group
    assert _entries(clone) == _entries(state)
    path = tmp_path / "pos.yaml"
    path.write_text(position_text(state.to_position()))
    _, again = load_position(path, game.loaded)
    assert isinstance(again, SoldiersState)
    assert again.arrivals.zone_group == state.arrivals.zone_group
    assert _entries(again) == _entries(state)
    assert again.position_fingerprint() == state.position_fingerprint()
    other = 1 if state.arrivals.zone_group == 2 else 2
    again.arrivals.zone_group = other
    assert again.position_fingerprint() != state.position_fingerprint()
