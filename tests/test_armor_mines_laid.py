"""The owner's own Mines [OP IV.A-B]: the ``mines`` action with which the player who set up a
Mine unit writes the type, size and hex of each of its Mines himself, instead of the engine's
stand-in.

The positions are ``test_armor_support``'s: a German Mine unit two hexes ahead of the American
units on a clear line (the engine's stand-in: a 50TK and a 20 GP Mine in its hex and the six
around it)."""

from __future__ import annotations

import pytest
from test_armor_support import _events, _game, _line, _mined, _plot

from rules.armor.game import ArmorState
from rules.armor.orders import Order
from rules.armor.support.events import MineAttack, MinesLaid
from rules.armor.support.laying import LayMines, mines_at
from rules.armor.support.mines import danger
from rules.bots.base import make_bot
from rules.engine.actions import Done
from rules.engine.errors import ActionSyntaxError, IllegalActionError
from rules.records.position import PositionReader

MINES = "german.MINES.1"


def _name(state: ArmorState, i: int) -> str:
    return state.game.name(_line(6)[i])


def test_op_iv_a_b_the_action_text_names_the_mines_and_refuses_other_sizes() -> None:
    """[OP IV.A]: Anti-Tank Mines of 25, 50 and 75 TK, Anti-personnel of 10, 20 and 30 GP;
    ``mines UNIT HEX AT75 AP30`` (or ``-`` for none) round-trips; other sizes are refused."""
    state = _mined((("M4", _line(6)[0], 0),))
    lay = state.game.parse_action(f"mines {MINES} K2017 ap30 at75")
    assert lay == LayMines(MINES, "K2017", (("AP", 30), ("AT", 75)))
    assert lay.text() == f"mines {MINES} K2017 AP30 AT75"
    assert state.game.parse_action(f"mines {MINES} K2017 -") == LayMines(MINES, "K2017", ())
    for bad in ("AT60", "AP40", "XX10"):
        with pytest.raises(ActionSyntaxError, match=r"not a Mine.*\[OP IV.A\]"):
            state.game.parse_action(f"mines {MINES} K2017 {bad}")


def test_op_iv_b_1_the_owners_paper_replaces_the_stand_in_and_a_75tk_mine_hits_on_75() -> None:
    """[OP IV.B.1; IV.C.1.a]: the German player writes a 75TK Anti-Tank Mine two hexes ahead
    of the Sherman (where the stand-in had a 50TK one) and nothing else: the stand-in's Mines
    are gone (the hex before it is clear now); a 75 rolled is a Track hit ("equals or is less
    than the TK value"); the note is the owner's alone."""
    line = _line(6)
    state = _mined((("M4", line[0], 0),))
    assert {m.size for m in mines_at(state, line[2])} == {50, 20}
    state.apply(LayMines(MINES, _name(state, 3), (("AT", 75),)))
    note = _events(state, MinesLaid)[-1]
    assert note.private_to == "german" and "75TK Anti-Tank" in note.describe()
    assert "owner's own paper" in note.describe()
    assert mines_at(state, line[2]) == () and [m.size for m in mines_at(state, line[3])] == [75]
    state.force_dice(75)
    _plot(state, Order("us.M4.1", moves="4"))
    (attack,) = _events(state, MineAttack)
    assert attack.hex == _name(state, 3) and attack.needed == "01-75 a Track hit"
    assert attack.result == "Track hit" and state.troops.hexes["us.M4.1"] == line[3]


def test_op_iv_b_mines_only_within_two_hexes_on_turn_1_and_never_altered_after() -> None:
    """[OP IV.B; IV.B.3]: Mines up to two hexes from the Mine unit; only the owner writes them;
    one Mine of each type in a hex (our reading); after Turn 1's Order Plot Phase "Mines may
    not be moved nor their strengths altered"."""
    line = _line(6)
    state = _mined((("M4", line[0], 0),))
    too_far = LayMines(MINES, _name(state, 0), (("AT", 25),))
    assert "up to two hexes from the Mine unit [OP IV.B]" in (state.why_not(too_far) or "")
    twice = LayMines(MINES, _name(state, 2), (("AT", 25), ("AT", 75)))
    assert "one Mine of each type" in (state.why_not(twice) or "")
    assert "no Mine unit 'us.M4.1'" in (state.why_not(LayMines("us.M4.1", "K2017")) or "")
    offered = [a for a in state.legal_actions("german") if isinstance(a, LayMines)]
    assert LayMines(MINES, _name(state, 1), (("AP", 30), ("AT", 75))) in offered
    state.apply(LayMines(MINES, _name(state, 1), ()))
    again = [a for a in state.legal_actions("german") if isinstance(a, LayMines)]
    assert len(again) == len(offered) - 4 and state.why_not(offered[0]) is None  # rewritable
    assert not [a for a in state.legal_actions("us") if isinstance(a, LayMines)]
    assert state.preview(offered[0]).legal
    _plot(state)
    while not (state.segment.id == "plot" and "german" in state.to_act()):
        state.apply(Done(state.to_act()[0]))
    assert state.play.turn == 2
    with pytest.raises(IllegalActionError, match=r"may not be moved nor their strengths"):
        state.apply(LayMines(MINES, _name(state, 2), (("AT", 25),)))


def test_op_iv_b_what_each_side_knows_of_the_owners_mines() -> None:
    """[OP IV.B; IV.C.1]: the owner's bot knows his own Mines (an empty hex of his paper is
    safe), the other side only the Minefield."""
    line = _line(6)
    state = _mined((("M4", line[0], 0),))
    state.apply(LayMines(MINES, _name(state, 2), (("AP", 10),)))
    assert danger(state, "german.PZIVJ.1", line[2]) is None  # an AP Mine: not a Vehicle's
    assert danger(state, "german.PZIVJ.1", line[3]) is None  # nothing written there now
    assert danger(state, "us.M4.1", line[3]) == "maybe"


def test_the_owners_mines_clone_replay_and_round_trip_a_position() -> None:
    """The owner's paper is state: a clone keeps it, a replay of seed and actions reaches the
    same fingerprint, a position file keeps it (and refuses a size the book has not)."""
    line = _line(6)
    game = _game((("M4", line[0], 0),), (("PZIVJ", None, 0), ("MINES", line[3], 0)))
    state = game.new_initial_state(2)
    state.apply(LayMines(MINES, game.name(line[2]), (("AP", 30), ("AT", 25))))
    state.apply(LayMines(MINES, game.name(line[4]), ()))
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint() and copy.fieldworks == state.fieldworks
    again = game.new_initial_state(2)
    for action in state.history:
        again.apply(action)
    assert again.fingerprint() == state.fingerprint()
    position = state.to_position()
    assert position.state["support"]["laid"] == {
        MINES: {game.name(line[2]): ["AP30", "AT25"], game.name(line[4]): []}
    }
    back = game.state_from_position(position, PositionReader(game, position, None))
    assert back.fieldworks == state.fieldworks
    assert back.position_fingerprint() == state.position_fingerprint()


def test_the_heuristic_bot_writes_the_largest_mines_toward_the_enemy() -> None:
    """The heuristic bot (our weighting) writes a 75TK and a 30 GP Mine in each hex of its
    Minefield nearer the enemy than its own units, and plays on to the end."""
    line = _line(6)
    game = _game((("M4", line[0], 0),), (("PZIVJ", line[5], 3), ("MINES", line[3], 0)))
    state = game.new_initial_state(4)
    bot = make_bot("heuristic", seed=1)
    while state.segment.id == "plot" and state.play.turn == 1 and "german" in state.to_act():
        action = bot.choose(state, "german")
        state.apply(action)
        if not isinstance(action, LayMines):
            break
    paper = state.fieldworks.laid[MINES]
    assert line[2] in paper and line[4] not in paper  # toward the Sherman, not its own tank
    assert {(m.type, m.size) for m in paper[line[2]]} == {("AT", 75), ("AP", 30)}
    while not state.is_terminal():
        state.apply(bot.choose(state, state.to_act()[0]))
