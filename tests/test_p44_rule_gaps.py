"""Panzer '44 rules the engine plays since the gaps were closed: Opportunity Fire and mines on
an overrun [13.8], [17.15], Improved Positions overrun [13.21], Opportunity Fire at a mount or
dismount [9.32], no mounting from inside an IP [9.14], Opportunity Fire at a scatter [6.53],
[14.11], an IP's infantry and anti-tank gun stacked [8.1], [12.3], and wrecks negating roads
[10.4].

The book gives no worked example of any of them; the positions are ours on the Panzer '44 map
(all the hexes named are clear), with forced dice.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from model.hexes import Hexside
from model.provenance import unwrap
from model.scenario_io import load_scenario, parse_scenario
from model.systems import GameSystem
from model.tables import tables
from rules.engine.errors import IllegalActionError
from rules.panzer44.events import (
    Dismounted,
    FireResolved,
    MineAttack,
    Mounted,
    MoveEnded,
    MoveStopped,
    OpportunityTriggered,
    OverrunResolved,
    ResultApplied,
)
from rules.panzer44.fortifications import Mine
from rules.panzer44.game import Panzer44Game, Panzer44State
from rules.panzer44.movement import reachable_hexes, step_cost
from rules.panzer44.roads import wreck_override
from rules.registry import load_game

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "panzer44"


def position(us: str, german: str, **extra: str) -> str:
    forces = {"us": us, "german": german}
    sides = "".join(
        f"  - id: {side}\n    name: {side}\n    nation: {'us' if side == 'us' else 'germany'}\n"
        f"    forces:\n{forces[side]}{extra.get(side, '')}"
        for side in ("us", "german")
    )
    return (
        "schema_version: 1\nid: test-p44-gaps\ntitle: Rule gap positions\nsystem: panzer44\n"
        "original: true\nmap:\n  layout:\n    sections: [{section: P44}]\nsides:\n"
        f"{sides}first_player: us\nlength: {{turns: 2, unit: game-turn}}\n"
        "victory: {scoring: most-vp}\n"
    )


def unit(code: str, h: str, state: str = "") -> str:
    more = f", state: [{state}]" if state else ""
    return f'      - {{unit: {code}, placement: {{kind: hex, hex: "{h}"}}{more}}}\n'


def game_of(text: str) -> Panzer44Game:
    game = load_game(parse_scenario(text, "gaps.yaml"))
    assert isinstance(game, Panzer44Game)
    return game


def crt(roll: int, superiority: int) -> str:
    return str(unwrap(tables(GameSystem.PANZER44)["combat-results"].cell(roll, superiority)))


def us_moves(state: Panzer44State, us: list[str], of: dict[str, str]) -> None:
    """Plot MV for the US units and OF for the German ones, to the First Player's movement."""
    for u in us:
        state.apply(f"plot {u} MV")
    if "us" in state.to_act():
        state.apply("done us")
    for firer, target in of.items():
        state.apply(f"plot {firer} OF {target}")
    if "german" in state.to_act():
        state.apply("done german")
    assert state.segment.id == "first-player-movement"


# --- overruns -------------------------------------------------------------------------------

# The M4a in 0810 overruns the German rifle platoon in 1011 by 0911, leaving into 1012. A
# Panther in 1311 watches 1011: its Line of Opportunity Fire is 1211 1111 1011 [6.52].
OVERRUN = position(unit("M4a", "0810"), unit("Inf", "1011") + unit("PzV", "1311"))

TRANSPORT = position(
    unit("T", "0712") + unit("Inf", "0812"),
    unit("PzV", "0912"),
)
DISMOUNT = position(
    '      - {unit: T, label: ride, placement: {kind: hex, hex: "0812"}}\n'
    "      - {unit: Inf, mounted_on: ride}\n",
    unit("PzV", "0912"),
)
SCATTER = position(unit("M4a", "0810"), unit("PzV", "1311"))
IP_OVERRUN = position(unit("M4a", "0810"), unit("Inf", "1011", "in-ip"))
IP_STACK = position(
    unit("57a", "0812", "in-ip") + unit("Inf", "0713") + unit("Inf", "0813") + unit("T", "0712"),
    unit("PzV", "1520"),
)
NO_MOUNT_FROM_IP = position(unit("T", "0712") + unit("Inf", "0812", "in-ip"), unit("PzV", "1520"))
ROAD = position(unit("M4a", "0209"), unit("PzV", "1520"))


def test_of_in_the_overrun_hex_is_taken_in_the_exit_hex() -> None:
    """[13.8]: "If a Line of Opportunity Fire is triggered in the hex in which the triggering
    unit is executing an overrun, the triggering unit may execute the overrun, and accepts the
    Opportunity Fire results in its exit hex." """
    state = game_of(OVERRUN).new_initial_state(1)
    us_moves(state, ["us.M4a.1"], {"german.PzV.1": "1011"})
    state.force_dice(2, 4, 1)  # the OF, the overrun attack, the counterattack
    events = state.apply("move us.M4a.1 0911 overrun 1011 1012 1013")
    trigger = next(e for e in events if isinstance(e, OpportunityTriggered))
    assert (trigger.unit, trigger.hex) == ("us.M4a.1", "1011")
    fire = next(e for e in events if isinstance(e, FireResolved))
    assert fire.result == "D-1"
    # The overrun is executed: attack and counterattack, then every result in 1012.
    kinds = [type(e).__name__ for e in events]
    last_overrun = max(i for i, k in enumerate(kinds) if k == "OverrunResolved")
    hit = [i for i, e in enumerate(events) if isinstance(e, ResultApplied) and e.unit == "us.M4a.1"]
    assert hit and min(hit) > last_overrun  # not applied in 1011, where it was fired at
    assert [e.result for e in events if isinstance(e, ResultApplied)] == [
        "D-1",
        crt(4, 4),
        crt(1, -1),
    ]
    stop = next(e for e in events if isinstance(e, MoveStopped))
    assert stop.hex == "1012" and "[13.8]" in stop.reason  # disrupted: no further [6.55]
    assert state.game.name(state.board.hexes["us.M4a.1"]) == "1012"


def test_an_overrun_through_a_mined_hex_takes_two_mine_attacks_in_its_exit_hex() -> None:
    """[17.15]: "If a unit overruns through a mined hex, it suffers two successive Mine Attacks
    in one turn and is placed in its exit hex." """
    game = game_of(OVERRUN)
    mined = game.amap.resolve("1011")  # the German platoon stands on its own mines [17.16]
    game.fortified = replace(game.fortified, mines={mined: Mine("german", "hasty", -2)})
    state = game.new_initial_state(1)
    us_moves(state, ["us.M4a.1"], {})
    state.force_dice(2, 1, 4, 1)  # entering, leaving (hasty: -2), the attack, the counter
    events = state.apply("move us.M4a.1 0911 overrun 1011 1012 1013")
    attacks = [(e.hex, e.moving, e.roll, e.result) for e in events if isinstance(e, MineAttack)]
    assert attacks == [("1011", "entering", 2, crt(2, -2)), ("1011", "leaving", 1, crt(1, -2))]
    assert all("[17.15]" in e.rule for e in events if isinstance(e, MineAttack))
    mine_pin = next(
        i for i, e in enumerate(events) if isinstance(e, ResultApplied) and e.result == "Pin"
    )
    assert mine_pin > max(i for i, e in enumerate(events) if isinstance(e, OverrunResolved))
    stop = next(e for e in events if isinstance(e, MoveStopped))
    assert stop.hex == "1012" and "[17.15]" in stop.reason
    assert state.game.name(state.board.hexes["us.M4a.1"]) == "1012"
    assert any(isinstance(e, ResultApplied) and e.unit == "us.M4a.1" and e.pinned for e in events)


def test_units_inside_an_ip_are_not_affected_and_counterattack_twice() -> None:
    """[13.21]: "the defending units are never affected by the overrun, and each unit within
    the Improved Position counterattacks the overrunning unit twice." """
    state = game_of(IP_OVERRUN).new_initial_state(1)
    assert "german.Inf.1" in state.forts.inside
    us_moves(state, ["us.M4a.1"], {})
    state.force_dice(1, 2)  # the two counterattacks; no roll for the overrun attack
    events = state.apply("move us.M4a.1 0911 overrun 1011 1012")
    resolved = [(e.role, e.roll, e.result) for e in events if isinstance(e, OverrunResolved)]
    assert resolved == [
        ("overrun attack", 0, "•"),
        ("counterattack", 1, crt(1, -1)),
        ("counterattack", 2, crt(2, -1)),
    ]
    assert "[13.21]" in next(e for e in events if isinstance(e, OverrunResolved)).rule
    assert not [e for e in events if isinstance(e, ResultApplied) and e.unit == "german.Inf.1"]
    assert (
        "german.Inf.1" in state.forts.inside and state.fire.disruption.get("german.Inf.1") is None
    )


def test_of_at_a_mounting_carrier_puts_it_back_and_cancels_the_mount() -> None:
    """[9.32]: the carrier's step into the passenger's hex triggers OF; "If any Pin or
    Disrupted effects are assessed on the unit, it is placed in the initial hex, and the
    mounting or dismounting operation does not take place." """
    state = game_of(TRANSPORT).new_initial_state(1)
    us_moves(state, ["us.T.1", "us.Inf.1"], {"german.PzV.1": "0812"})
    state.force_dice(1)
    events = state.apply("move us.T.1 mount 0812")
    assert next(e for e in events if isinstance(e, OpportunityTriggered)).hex == "0812"
    assert next(e for e in events if isinstance(e, FireResolved)).result == "D-3"
    assert not [e for e in events if isinstance(e, Mounted)]
    stop = next(e for e in events if isinstance(e, MoveStopped))
    assert stop.hex == "0712" and "[9.32]" in stop.reason
    assert state.game.name(state.board.hexes["us.T.1"]) == "0712" and not state.board.carried_by
    applied = [(e.unit, e.disruption) for e in events if isinstance(e, ResultApplied)]
    assert applied == [("us.T.1", 3)]  # on the carrier alone: it carried nobody yet
    ended = next(e for e in events if isinstance(e, MoveEnded))
    assert (ended.hex, ended.spent) == ("0712", 8)  # the attempt spent its all [9.11]


def test_of_at_a_dismounting_carrier_keeps_the_passenger_aboard() -> None:
    """[9.32] for a dismount: back on top of its passenger, which shares its state [9.22]."""
    state = game_of(DISMOUNT).new_initial_state(1)
    assert state.board.carried_by == {"us.Inf.1": "us.T.1"}
    us_moves(state, ["us.T.1", "us.Inf.1"], {"german.PzV.1": "0712"})
    state.force_dice(1)
    events = state.apply("move us.T.1 dismount 0712")
    assert not [e for e in events if isinstance(e, Dismounted)]
    assert state.board.carried_by == {"us.Inf.1": "us.T.1"}
    assert state.game.name(state.board.hexes["us.T.1"]) == "0812"
    applied = [(e.unit, e.disruption) for e in events if isinstance(e, ResultApplied)]
    assert applied == [("us.T.1", 3), ("us.Inf.1", 3)]
    ended = next(e for e in events if isinstance(e, MoveEnded))
    assert ended.hex == "0812"


def test_a_unit_inside_an_ip_may_not_mount() -> None:
    """[9.14]: "You may not mount an infantry unit or anti-tank gun which is stacked in an
    Improved Position." """
    state = game_of(NO_MOUNT_FROM_IP).new_initial_state(1)
    us_moves(state, ["us.T.1", "us.Inf.1"], {})
    assert not [a for a in state.legal_actions("us") if "mount" in a.text()]
    with pytest.raises(IllegalActionError, match=r"\[9\.14\]"):
        state.apply("move us.T.1 mount 0812")


def test_a_scattering_unit_triggers_of() -> None:
    """A scatter is movement [14.11], [14.14]; "It is only the movement of an Enemy unit which
    triggers Opportunity Fire" [6.54]: the Panther's line through 0911 stops it there."""
    state = game_of(SCATTER).new_initial_state(1)
    state.panic.determined.shooting_began = 0  # as if fire had been executed before [14.82]
    state.panic.delayed.add("us.M4a.1")  # it panics this Game-Turn [14.71]
    us_moves(state, ["us.M4a.1"], {"german.PzV.1": "0911"})
    state.force_dice(3, 6, 1)  # SE (placeholder diagram), 6 MP (5 at most), the OF: Pin
    events = state.apply("move us.M4a.1 scatter")
    assert next(e for e in events if isinstance(e, OpportunityTriggered)).hex == "0911"
    stop = next(e for e in events if isinstance(e, MoveStopped))
    assert stop.hex == "0911" and "[6.55]" in stop.reason
    assert state.game.name(state.board.hexes["us.M4a.1"]) == "0911"
    assert any(isinstance(e, ResultApplied) and e.unit == "us.M4a.1" and e.pinned for e in events)


def test_an_infantry_unit_and_an_anti_tank_gun_stack_in_an_ip() -> None:
    """[8.1]: "An infantry unit and an anti-tank gun unit may be stacked together in an
    Improved Position hex"; [12.3]: one of each, no more."""
    state = game_of(IP_STACK).new_initial_state(1)
    us_moves(state, ["us.Inf.1", "us.Inf.2", "us.T.1"], {})
    texts = [a.text() for a in state.legal_actions("us")]
    assert "move us.Inf.1 0812" in texts and "move us.T.1 0812" not in texts
    state.apply("move us.Inf.1 0812")
    assert state.game.name(state.board.hexes["us.Inf.1"]) == "0812"
    # in, at no cost [12.4]
    assert state.forts.inside.get("us.Inf.1") == state.board.hexes["us.Inf.1"]
    with pytest.raises(IllegalActionError, match=r"one unit per hex \[8\.0\]"):
        state.apply("move us.Inf.2 0812")  # a second infantry unit [12.3]
    with pytest.raises(IllegalActionError, match=r"one unit per hex \[8\.0\]"):
        state.apply("move us.T.1 0812")  # a truck is neither


def test_a_wreck_negates_the_road_into_and_out_of_its_hex() -> None:
    """[10.4], the Terrain Effects Chart's note: "Wreck Markers in a road hex negate the road
    benefit for units moving into or out of that hex". The road runs 0110 0209 0310 0409."""
    state = game_of(ROAD).new_initial_state(1)
    a = state.game.amap
    h = {n: a.resolve(n) for n in ("0110", "0209", "0310", "0409")}

    def cost(f: str, t: str) -> float | None:
        found = step_cost(state, "us.M4a.1", h[f], h[t])
        return None if found is None else found.cost

    assert [cost("0110", "0209"), cost("0209", "0310"), cost("0310", "0409")] == [0.5] * 3
    assert reachable_hexes(state, "us.M4a.1")[h["0409"]] == 1
    state.losses.wrecks.append("0310")
    state.clear_reach()
    # Into and out of 0310 at the clear hex's 1 (Hard Vehicle [10.4]); elsewhere the road's 1/2.
    assert [cost("0110", "0209"), cost("0209", "0310"), cost("0310", "0409")] == [0.5, 1, 1]
    assert reachable_hexes(state, "us.M4a.1")[h["0409"]] == 2
    found = step_cost(state, "us.M4a.1", h["0209"], h["0310"])
    assert found is not None and "[10.4]" in (found.parts[0].source or "")


def test_woensdrechts_override_lets_vehicles_through_a_wreck_at_3() -> None:
    """20.3: "a vehicle may move along a road through a wreck, paying 3 Movement Points to
    enter the wreck hex." """
    game = load_game(load_scenario(SCENARIOS / "20.3-counterattack-at-woensdrecht.yaml"))
    assert isinstance(game, Panzer44Game)
    assert wreck_override(game) == 3.0
    state = game.new_initial_state(1)
    vehicle = next(u for u, s in game.specs.items() if s.vehicle and u in state.board.hexes)
    cls = game.specs[vehicle].movement_class
    for f in sorted(game.amap.hexes, key=game.name):
        for t in f.neighbors():
            side = Hexside.between(f, t)
            paths = game.terrain.routes(side) | game.terrain.hexside_features(side)
            if t in game.amap.hexes and "road" in paths and "bridge" not in paths:
                before = game.costs.step(cls, f, t).cost
                if before != 0.5:
                    continue
                state.board.hexes[vehicle] = f
                state.losses.wrecks.append(game.name(t))
                found = step_cost(state, vehicle, f, t)
                assert found is not None and found.cost == 3
                return
    raise AssertionError("no road on the map")
