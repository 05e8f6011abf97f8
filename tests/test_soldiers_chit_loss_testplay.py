"""Test Play of catastrophic loss [6.28] through the widgets: in the US leader turn a shot
disabled the fifth of German squad E's ten men; the German player, handed the turn, reads the
step in the header and each chit's line in the list, clicks Adler's chit's line (its preview
in the detail) and Apply: the chit leaves the Command Track, his log saying whose choice it
was, and the US plays on."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from soldiers_scenes import dawn
from test_soldiers_chit_loss import SL, _half
from test_soldiers_testplay import (
    DAWN_PATROL,
    apply_line,
    click_line,
    hand_over,
    hot_seat_at,
    lines,
    log_since,
    shot,
)

from rules.soldiers.records import OFF

pytestmark = pytest.mark.gui


def test_6_28_the_german_removes_a_chit_by_clicking_its_line(qtbot: QtBot, tmp_path: Path) -> None:
    """[6.28] The German is handed the turn in the US Action Phase; the header names the loss
    and the section; the three chits' lines are offered; he clicks Adler's (the preview says
    where it stands and what is kept) and Apply: Adler's chit goes Off, "german's choice
    [6.28]" in the log; the US is handed the turn back."""
    state, _, _ = _half(dawn())
    w, panel = hot_seat_at(qtbot, DAWN_PATROL, state, tmp_path / "catastrophic-loss.yaml")
    hand_over(qtbot, panel, "German")
    header = panel.header.text()
    assert "Soldiers (6.28)" in header and "5 of squad E&#x27;s 10 men disabled" in header
    shown = [i.text(0) for i in lines(panel)]
    assert shown == [
        "Remove Bach's chit from the Command Track [6.28]",
        "Remove squad E's independent chit from the Command Track [6.28]",
        "Remove Adler's chit from the Command Track [6.28]",
    ]
    words = "Remove Adler's chit from the Command Track [6.28]"
    click_line(qtbot, panel, words)
    detail = panel.detail.text()
    assert "in Start, leaves the Command Track for good" in detail
    assert "kept: Bach&#x27;s chit (Start)" in detail
    shot(w, "soldiers-chit-loss")
    before = len(panel.log.toPlainText())
    apply_line(qtbot, panel, words)
    played = panel.session.state
    assert played.track.removed == {SL} and played.track.space[SL] == OFF
    assert "chit removed (german's choice) [6.28]" in log_since(panel, before)
    assert played.to_act() == ("us",)
    hand_over(qtbot, panel, "US")
