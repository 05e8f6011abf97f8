"""The "E" (Enter Pillbox or Bunker) and "G" (Exit Pillbox or Bunker) orders [CS Order
Notations E, G] (:mod:`rules.armor.support.shelters`). The book lists the notations and says
"Units inside a Bunker or Pillbox are stacked under the Bunker or Pillbox unit" [CS], that they
"cannot be Suppressed" [OP XVII.B.4] and that a Pillbox or Bunker is worth 2 Stacking Factors
[AG III.B.4]; who may enter, when and how many fit are our reading (the module), and pinned here
on made positions. No dice decide an "E" or "G": plain tests, the forced dice only where fire
is part of the scene."""

from __future__ import annotations

import pytest
from test_armor_handheld import _plot, _state
from test_armor_support import _line

from model.errors import ProblemList
from model.hexes import Hex
from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.armor.support import strikes
from rules.armor.support.effects import shelter_of
from rules.armor.support.events import SupportEffect
from rules.bots.base import make_bot, play
from rules.engine.errors import IllegalActionError
from rules.records.position import PositionReader

TANK = "us.M4.1"
IN, OUT = "german.GE-INFANTRY-SQUAD.1", "german.GE-INFANTRY-SQUAD.2"
BOX = "german.PILLBOX.1"


def _scene(line: tuple[Hex, ...] | None = None) -> tuple[ArmorState, tuple[Hex, ...]]:
    """An M4 at one end; a German squad set up inside a Pillbox two hexes on; a second German
    squad one hex further, outside it."""
    line = line or _line(5)
    state = _state(
        [("M4", "", line[0], 0)],
        [
            ("GE-INFANTRY-SQUAD", "", line[2], 3),
            ("PILLBOX", "", line[2], 0),
            ("GE-INFANTRY-SQUAD", "", line[3], 3),
        ],
    )
    return state, line


def _shelter_orders(state: ArmorState, unit: str) -> list[Order]:
    return [a for a in state.order_options(unit) if isinstance(a, Order) and (a.enter or a.leave)]


def _effects(state: ArmorState) -> list[SupportEffect]:
    return [e for e in state.log if isinstance(e, SupportEffect)]


def test_cs_order_notations_e_and_g_read_and_written() -> None:
    """[CS Order Notations]: "E  Enter Pillbox or Bunker", "G  Exit Pillbox or Bunker", one
    letter each with no argument, as "C" Full Cover is [ADV IV.C]."""
    enter = Order.parse([OUT, "E"], f"order {OUT} E")
    leave = Order.parse([IN, "g"], f"order {IN} g")
    assert enter == Order(OUT, enter=True) and enter.text() == f"order {OUT} E"
    assert leave == Order(IN, leave=True) and leave.notation == "G"
    assert Order.parse([OUT, "E", "1"], "") == Order(OUT, enter=True, moves="1")


def test_cs_order_notations_g_a_squad_set_up_inside_exits_and_stays_in_the_hex() -> None:
    """[Setup II.D; CS]: the squad set up in the Pillbox's hex is inside and is offered "G",
    not "E"; [CS Order Notations G] carried out in the Movement Execution Phase (our reading):
    it is outside, still in the hex, and a Suppressed result now applies [OP XVII.B.4]."""
    state, line = _scene()
    assert shelter_of(state, IN) is not None
    assert _shelter_orders(state, IN) == [Order(IN, leave=True)]
    assert "Exit its Pillbox, staying in the hex" in state.describe(Order(IN, leave=True))
    _plot(state, Order(IN, leave=True))
    (gone,) = _effects(state)
    assert (
        gone.unit == IN and "has left its Pillbox" in gone.effect and "our reading" in gone.effect
    )
    assert gone.rule == "[CS Order Notations G]"
    assert state.troops.hexes[IN] == line[2] and shelter_of(state, IN) is None
    assert "In" not in next(p for p in state.positions() if p.unit == IN).markers
    assert _shelter_orders(state, IN) == [Order(IN, enter=True)]
    state.inflict(IN, "suppressed")
    assert state.suppressed(IN)


def test_cs_order_notations_e_a_squad_moves_into_the_hex_then_enters() -> None:
    """[CS Order Notations E] (our reading): "E" enters the Pillbox of its side in the unit's
    own hex, so a squad one hex away is not offered it and is refused with the reason; it moves
    in on one Turn (the hex costs its other terrain [CS]) and enters on the next, in the
    Movement Execution Phase; inside it is stacked under the Pillbox ("In") and cannot be
    Suppressed [OP XVII.B.4]; moving out again it has left it."""
    state, line = _scene()
    assert _shelter_orders(state, OUT) == []
    with pytest.raises(IllegalActionError, match="move into its hex first"):
        state.apply(Order(OUT, enter=True))
    _plot(state, Order(OUT, moves="1"))
    assert state.troops.hexes[OUT] == line[2] and shelter_of(state, OUT) is None
    assert _shelter_orders(state, OUT) == [Order(OUT, enter=True)]
    words = state.describe(Order(OUT, enter=True))
    assert "Enter the Pillbox in its hex" in words and "our reading" in words
    assert any("Enter the Pillbox" in r for r in state.preview(Order(OUT, enter=True)).rules)
    _plot(state, Order(OUT, enter=True))
    (came,) = _effects(state)
    assert came.unit == OUT and f"entered the Pillbox {BOX}" in came.effect
    assert came.rule == "[CS Order Notations E]" and "OP XVII.B.4]" in came.effect
    assert shelter_of(state, OUT) is not None and state.fieldworks.entered == {OUT: BOX}
    assert "In" in next(p for p in state.positions() if p.unit == OUT).markers
    assert _shelter_orders(state, OUT) == [Order(OUT, leave=True)]
    state.inflict(OUT, "suppressed")
    assert not state.suppressed(OUT)
    shelter = state.game.works.by_id(BOX)
    assert shelter is not None and strikes.occupants(state, shelter) == [IN, OUT]
    _plot(state, Order(OUT, moves="1"))  # out of the hex: it has left [CS Order Notations G]
    assert "has left its Pillbox" in _effects(state)[-1].effect
    assert state.fieldworks.entered == {} and shelter_of(state, OUT) is None


def test_cs_order_notations_e_refusals_give_the_reason() -> None:
    """Our reading, each refusal with its reason: a Vehicle is never inside (stacked under it
    are the Leg and Towed units [CS]); "E" and "G" are written alone (as Load [ADV IV.B.1.c] and
    Full Cover [ADV IV.C.3]); a unit already inside does not enter; a Suppressed unit "may be
    given no other order but Full Cover" [ADV IV.C.1; IV.D]; no enemy Pillbox is a shelter."""
    line = _line(6)
    state = _state(
        [("M4", "", line[0], 0), ("INFANTRY-SQUAD", "", line[5], 3)],
        [
            ("GE-INFANTRY-SQUAD", "", line[2], 3),
            ("PILLBOX", "", line[2], 0),
            ("GE-INFANTRY-SQUAD", "", line[3], 3),
            ("PZIVJ", "", line[4], 3),
            ("BUNKER", "", line[5], 0),
        ],
    )
    assert "only Leg and Towed units" in (state.why_not(Order("german.PZIVJ.1", enter=True)) or "")
    assert "written alone" in (state.why_not(Order(IN, leave=True, moves="V")) or "")
    assert "already inside" in (state.why_not(Order(IN, enter=True)) or "")
    assert "not inside" in (state.why_not(Order(OUT, leave=True)) or "")
    squad = "us.INFANTRY-SQUAD.1"  # in the hex of the German Bunker: not its side's
    assert "of its side" in (state.why_not(Order(squad, enter=True)) or "")
    assert _shelter_orders(state, squad) == []
    state.inflict(IN, "suppressed")  # inside: not Suppressed [OP XVII.B.4]
    _plot(state, Order(IN, leave=True))
    state.inflict(IN, "suppressed")
    assert state.suppressed(IN)
    assert "Suppressed" in (state.why_not(Order(IN, enter=True)) or "")
    state.sheets.options = {}  # worked out once per Order Plot: Suppressed in the middle here
    assert state.order_options(IN) == [Order(IN, cover=True)]


def test_cs_order_notations_e_not_carried_out_when_suppressed_before_the_movement() -> None:
    """[ADV IV.D]: "A 'S' order will cancel all other plotted orders, except Full Cover": a
    squad Suppressed after its "E" is plotted (in the Direct Fire Phase) does not enter."""
    state, _ = _scene()
    _plot(state, Order(OUT, moves="1"))
    state.apply(Order(OUT, enter=True))
    state.inflict(OUT, "suppressed")
    _plot(state)
    (cut,) = _effects(state)
    assert "'E' not carried out" in cut.effect and "[ADV IV.D]" in cut.effect
    assert shelter_of(state, OUT) is None and not state.fieldworks.entered


def test_cs_order_notations_e_the_squad_that_entered_is_knocked_out_with_the_pillbox() -> None:
    """[ADV IV.E.5; OP XXV.C.4]: a Knock Out destroys the Pillbox (placeholder GP Defense 8,
    S 87 in the M4's 21-25 column: 88 Knocks it Out); the squad that entered it by "E" is
    Knocked Out with it, as one set up inside is (our reading, :mod:`strikes`)."""
    line = _line(5)
    state = _state(
        [("M4", "", line[0], 0)],
        [("PILLBOX", "", line[2], 0), ("GE-INFANTRY-SQUAD", "", line[3], 3)],
    )
    squad = "german.GE-INFANTRY-SQUAD.1"
    assert not state.game.works.inside
    _plot(state, Order(squad, moves="1"))
    _plot(state, Order(squad, enter=True))
    assert state.fieldworks.entered == {squad: BOX}
    shelter = state.game.works.by_id(BOX)
    assert shelter is not None and strikes.front(state, shelter) == state.troops.facing[squad]
    box = state.game.name(line[2])
    state.force_dice(88)
    _plot(state, Order(TANK, fire=box))
    razed = [e for e in _effects(state) if "removed" in e.effect]
    assert len(razed) == 1 and squad in razed[0].effect
    assert squad in state.damage.eliminated


def test_entered_pillbox_kept_in_clone_replay_and_position_file() -> None:
    """The units that entered a Pillbox are in the state's fingerprint, its clone, a replay and
    a position file (the ``support`` section's ``entered``), which reads back to the same."""
    state, _ = _scene()
    _plot(state, Order(OUT, moves="1"), Order(IN, leave=True))
    _plot(state, Order(OUT, enter=True))
    assert state.fieldworks.entered == {OUT: BOX} and state.fieldworks.left == {IN}
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    copy.fieldworks.entered.clear()
    assert copy.fingerprint() != state.fingerprint()
    again = state.game.new_initial_state(1)
    for action in state.history:
        again.apply(action)
    assert again.fingerprint() == state.fingerprint()
    position = state.to_position()
    assert position.state["support"]["entered"] == {OUT: BOX}
    back = state.game.state_from_position(position, PositionReader(state.game, position, None))
    assert back.fieldworks == state.fieldworks
    assert back.position_fingerprint() == state.position_fingerprint()


def test_position_file_entered_names_a_pillbox_or_bunker() -> None:
    """A position file's ``entered`` naming no Pillbox or Bunker of the game is an error."""
    state, _ = _scene()
    position = state.to_position()
    position.state["support"] = {"entered": {OUT: "german.WIRE.9"}}
    reader = PositionReader(state.game, position, None)
    with pytest.raises(ProblemList, match=r"state\.support\.entered: no Pillbox or Bunker"):
        state.game.state_from_position(position, reader)


def test_the_heuristic_bot_enters_the_pillbox_in_its_hex_under_fire() -> None:
    """Our weighting: a unit standing in its side's Pillbox hex, outside, that an enemy unit may
    fire at, is ordered "E" [CS Order Notations E; OP XVII.B.4]."""
    state, _ = _scene()
    _plot(state, Order(OUT, moves="1"), Order(IN, leave=True))
    bot = make_bot("heuristic", 5)
    chosen: list[Order] = []
    while state.segment.id == "plot" and "german" in state.to_act():
        action = bot.choose(state, "german")
        if isinstance(action, Order):
            chosen.append(action)
        state.apply(action)
    assert Order(OUT, enter=True) in chosen or Order(IN, enter=True) in chosen


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_the_bots_play_with_enter_and_exit_orders_without_error(bot: str) -> None:
    """The bots, given "E" and "G" in their legal actions, play the game to its end."""
    state, _ = _scene()
    play(state, {s: make_bot(bot, 7 + i) for i, s in enumerate(state.game.sides)})
    assert state.play.over
