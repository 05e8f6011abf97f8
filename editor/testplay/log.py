"""What the test-play panel says, as HTML: the game log, each combat explained, the victory
report and the line saying whose decision it is. Pure functions of the engine's values, so the
panel only places them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from rules.engine.core import Outcome
from rules.engine.events import (
    DieRolled,
    Event,
    GameEnded,
    SegmentBegan,
    SegmentSkipped,
    UnitOffMap,
)
from rules.panzer44.events import FireResolved, FireVoid, ResultApplied

#: Colours of the log: turns and phases, dice, combat, refusals and skipped segments.
INK = {
    "turn": "#1f3a5f",
    "dice": "#6c3483",
    "fire": "#922b21",
    "muted": "#707070",
    "win": "#1e8449",
}

SideName = Callable[[str], str]


def event_html(event: Event) -> str:
    """One event of the log as a line (a block for a combat)."""
    if isinstance(event, FireResolved):
        return fire_html(event)
    text = escape(event.describe())
    if isinstance(event, SegmentBegan):
        return (
            f"<div style='margin-top:6px;color:{INK['turn']}'><b>Game-Turn {event.turn}, "
            f"{escape(event.phase)}</b> · {escape(event.segment)}</div>"
        )
    if isinstance(event, DieRolled):
        return (
            f"<div style='color:{INK['dice']}'><b>d{event.sides} = {event.result}</b> {text}</div>"
        )
    if isinstance(event, (FireVoid, ResultApplied)):
        return f"<div style='color:{INK['fire']}'>{text}</div>"
    if isinstance(event, SegmentSkipped):
        return f"<div style='color:{INK['muted']}'>{text}</div>"
    if isinstance(event, GameEnded):
        return f"<div style='color:{INK['win']}'><b>{text}</b></div>"
    return f"<div>{text}</div>"


def fire_html(fire: FireResolved) -> str:
    """A combat explained: the Attack Procedure Chart row, attack less defense, each modifier
    with its rule (unused ones struck through), the roll, the table's cell and the rule."""
    rows = [
        _row("Procedure", f"{fire.procedure}, range {fire.range}"),
        _row(
            "Superiority",
            f"attack {fire.attack} − defense {fire.defense} = <b>{fire.superiority:+d}</b>",
        ),
    ]
    for m in fire.modifiers:
        what = (
            f"{escape(m.what)} <b>{m.value:+d}</b> <span style='color:#555'>{escape(m.rule)}</span>"
        )
        if not m.applied:
            what = f"<s>{what}</s> (not used)"
        if m.placeholder:
            what += f" <i style='color:{INK['muted']}'>placeholder: {escape(m.placeholder)}</i>"
        rows.append(_row("Modifier", what))
    rows.append(_row("Roll", f"{fire.roll} → modified <b>{fire.modified_roll}</b>"))
    rows.append(
        _row(
            "Result",
            f"<b style='color:{INK['fire']}'>{escape(fire.result)}</b> on the "
            f"{escape(fire.table)} <span style='color:#555'>{escape(fire.rule)}</span>",
        )
    )
    if fire.placeholder:
        rows.append(_row("Note", f"<i>placeholder: {escape(fire.placeholder)}</i>"))
    head = (
        f"<b style='color:{INK['fire']}'>{escape(fire.firer)} {escape(fire.task)} → "
        f"{escape(fire.target)} in {escape(fire.target_hex)}</b>"
    )
    return (
        f"<div style='margin:4px 0'>{head}<table cellspacing='0' cellpadding='1' "
        f"style='margin-left:10px'>{''.join(rows)}</table></div>"
    )


def _row(label: str, value: str) -> str:
    return (
        f"<tr><td style='color:#555;padding-right:6px' valign='top'>{label}</td>"
        f"<td>{value}</td></tr>"
    )


def log_html(events: Iterable[Event]) -> str:
    """Events as lines; units waiting off the map for the same reason share one line (a
    scenario's reinforcements would otherwise fill the log before play begins)."""
    parts: list[str] = []
    waiting: list[UnitOffMap] = []

    def flush() -> None:
        if len(waiting) == 1:
            parts.append(event_html(waiting[0]))
        elif waiting:
            units = ", ".join(escape(e.unit) for e in waiting)
            parts.append(
                f"<div>{len(waiting)} units are off the map ({escape(waiting[0].reason)}): "
                f"<span style='color:{INK['muted']}'>{units}</span></div>"
            )
        waiting.clear()

    for event in events:
        if isinstance(event, UnitOffMap):
            if waiting and waiting[0].reason != event.reason:
                flush()
            waiting.append(event)
            continue
        flush()
        parts.append(event_html(event))
    flush()
    return "".join(parts)


def victory_html(outcome: Outcome, sides: Iterable[str], name: SideName) -> str:
    """The end of the game: the winner and why, each side's points, each condition's finding,
    what the engine could not evaluate."""
    winner = name(outcome.winner) if outcome.winner else "No winner"
    parts = [
        f"<h2 style='margin:0 0 4px 0;color:{INK['win']}'>{escape(winner)}"
        f"{' wins' if outcome.winner else ''}</h2>",
        f"<p style='margin:0 0 8px 0'>{escape(outcome.reason)}</p>",
        "<table cellspacing='0' cellpadding='3'><tr><th align='left'>Side</th>"
        "<th align='right'>Victory Points</th></tr>",
    ]
    for side in sides:
        vp = outcome.vp.get(side, 0)
        parts.append(f"<tr><td>{escape(name(side))}</td><td align='right'>{vp:g}</td></tr>")
    parts.append("</table>")
    if outcome.findings:
        items = "".join(f"<li>{escape(f)}</li>" for f in outcome.findings)
        parts.append(f"<p style='margin:8px 0 0 0'><b>By condition</b></p><ul>{items}</ul>")
    if outcome.unevaluated:
        items = "".join(f"<li>{escape(f)}</li>" for f in outcome.unevaluated)
        parts.append(
            f"<p style='margin:8px 0 0 0;color:{INK['fire']}'><b>Not evaluated by the engine "
            f"yet</b></p><ul>{items}</ul>"
        )
    if outcome.placeholder:
        parts.append(f"<p style='color:{INK['muted']}'><i>{escape(outcome.placeholder)}</i></p>")
    return "".join(parts)
