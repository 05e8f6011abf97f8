"""What Test Play reads through the State API, headless: a unit's aims from its actions'
foci, the default reach, actions that read alike told apart, and the log written from any
event's words and kind."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import ClassVar

from editor.testplay.aims import SIDE, aims_of, labels, side_choices
from editor.testplay.log import event_html, ink_of
from model.scenario_io import load_scenario
from rules.engine.actions import Action, Done, Move
from rules.engine.events import Event
from rules.registry import load_game

HERE = os.path.join(os.path.dirname(__file__), "..", "scenarios")
PC = os.path.join(HERE, "panzer-command", "point-161.yaml")


def test_a_units_moves_shade_its_reach_and_a_click_takes_the_move_ending_there() -> None:
    """A system whose moves are made at once (Panzer Command): one move per hex, taken by a
    click; :meth:`State.route` by default picks among the legal moves by their foci."""
    state = load_game(load_scenario(PC)).new_initial_state(5)
    for _ in range(60):  # pass and draw until a side may move a unit
        side = state.to_act()[0]
        found = side_choices(state, side)
        movers = [
            u
            for u, acts in found.groups.items()
            if u != SIDE and any(state.concerns(a).kind == "move" for a in acts)
        ]
        if movers:
            break
        state.apply(found.groups[SIDE][0] if SIDE in found.groups else found.done or "")
    unit = movers[0]
    aims = aims_of(state, side, unit, found.groups[unit], state.positions())
    ends = {state.concerns(a).hex for a in found.groups[unit] if state.concerns(a).kind == "move"}
    assert set(aims.moves) == ends == set(state.reach(unit))  # the default reach: where moves end
    assert aims.reach == state.reach(unit)
    h = next(iter(aims.moves))
    assert aims.at(h) == aims.moves[h][0]
    # One move ends there: a click takes it at once, and the State's default route is it.
    single = next(x for x, acts in aims.moves.items() if len(acts) == 1)
    assert state.route(unit, [single]) == aims.moves[single][0]
    pick = aims.pick(state, single)
    assert pick.take and pick.action == aims.moves[single][0] and pick.route == ()
    assert state.route(unit, []) is None
    assert aims.planned is None and aims.hex == next(
        p.hex for p in state.positions() if p.unit == unit
    )


def test_actions_that_read_alike_are_told_apart_by_their_text() -> None:
    actions: list[Action] = [Move("u.1", ("0101", "0102")), Move("u.1", ("0103", "0102")),
                             Move("u.1", ("0104",))]  # fmt: skip
    found = labels(actions, lambda a: "Move to 0102" if a.path[-1] == "0102" else "Move")  # type: ignore[attr-defined]
    assert found == ["Move to 0102 [0101]", "Move to 0102 [0103]", "Move"]
    assert labels([Done("us")], lambda a: "Done") == ["Done"]


@dataclass(frozen=True)
class Shot(Event):
    kind: ClassVar[str] = "toy-fire"
    line: str

    def describe(self) -> str:
        return f"{self.line}\nattack 3 - defense 1 = +2\nroll 4 -> 4: hit"


def test_the_log_writes_any_event_by_its_words_and_kind() -> None:
    assert ink_of("die-rolled") == "dice" and ink_of("soldiers-chit") == "step"
    assert ink_of("fire-resolved") == "fire" and ink_of("armor-ap-hit") == "fire"
    assert ink_of("soldiers-moved") is None  # 'soldiers' holds 'die', not as a word
    html = event_html(Shot("A fires at B"))
    assert "<b>A fires at B</b>" in html and html.count("margin-left") == 2
    assert "roll 4 -&gt; 4: hit" in html
