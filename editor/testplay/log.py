"""What the test-play panel says, as HTML: the game log and the victory report. Pure functions
of the engine's values, so the panel only places them.

Every system's events are written the same way: each in its own words
(:meth:`~rules.engine.events.Event.describe`; the lines after the first, when it gives several,
indented beneath it, as a combat's steps), coloured by the words of its kind (``fire``, ``hit``,
``die``...), never by which system's event class it is.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from html import escape

from rules.engine.core import Outcome
from rules.engine.events import Event, UnitOffMap
from rules.engine.play import Verdict

#: Colours of the log: turns and phases, dice, combat, refusals and skipped segments.
INK = {
    "turn": "#1f3a5f",
    "step": "#1f3a5f",
    "dice": "#6c3483",
    "fire": "#922b21",
    "muted": "#707070",
    "win": "#1e8449",
}
#: The words of a kind that make it a combat's event.
FIRE_WORDS = (
    *("fire", "hit", "result", "bounced", "damaged", "attack", "overrun", "impact"),
    *("panic", "panicked", "opportunity", "scattered", "cancelled", "cut"),
)
#: The words of an event's kind that say how it is coloured, first match wins (a word of the
#: kind, or a run of its words: ``segment-began``).
KIND_INK = (
    (("game-ended",), "win"),
    (FIRE_WORDS, "fire"),
    (("segment-began", "turn"), "turn"),
    (("chit", "cup"), "step"),
    (("die", "dice", "rolled", "roll"), "dice"),
    (("skipped", "side-done", "not-in-use"), "muted"),
)

SideName = Callable[[str], str]


def ink_of(kind: str) -> str | None:
    """The colour of events of ``kind`` (a key of :data:`INK`), or None for plain text."""
    words = kind.split("-")
    for marks, ink in KIND_INK:
        if any(m in words or ("-" in m and m in kind) for m in marks):
            return ink
    return None


#: The ink of an event's summary line that has no colour of its kind (the log is paper: its
#: colours are its own, in every theme).
PLAIN_INK = "#1b1b1b"
#: The link of an event's summary that folds or opens its details: ``event:<index>``.
EVENT_LINK = "event:"


class Everything:
    """Every event's details open (the log's Details toggle)."""

    def __contains__(self, _index: object) -> bool:
        return True


def event_html(event: Event, index: int | None = None, opened: bool = True) -> str:
    """One event of the log: its words, coloured by its kind; the lines after the first
    (a combat's procedure, modifiers, roll and result) indented beneath it.

    With an ``index`` (the panel's log), an event with details is a one-line summary with a
    triangle, a link that opens or folds them; its details are shown only when ``opened``.
    """
    head, *rest = event.describe().splitlines() or [event.kind]
    ink = ink_of(event.kind)
    style = f"color:{INK[ink]}" if ink is not None else ""
    if ink == "turn":
        style += ";margin-top:6px"
    text = f"<b>{escape(head)}</b>" if ink in ("turn", "win") or rest else escape(head)
    if index is not None and rest:
        mark = "\u25be" if opened else "\u25b8"  # ▾ open, ▸ folded
        colour = INK[ink] if ink is not None else PLAIN_INK
        text = (
            f"<a href='{EVENT_LINK}{index}' style='color:{colour};text-decoration:none'>"
            f"{mark}\u00a0{text}</a>"
        )
        if not opened:
            rest = []
    lines = "".join(
        f"<div style='margin-left:14px;color:{_step_ink(line)}'>{escape(line)}</div>"
        for line in rest
    )
    return f"<div style='{style}'>{text}{lines}</div>" if style else f"<div>{text}{lines}</div>"


def _step_ink(line: str) -> str:
    """A step's colour: a placeholder's basis (what Hexwright supplies where the book's table
    is cut) muted, so the book's procedure stands out."""
    return INK["muted"] if line.startswith("placeholder:") else "#333"


def log_html(events: Iterable[Event], start: int = 0, opened: Container[int] | None = None) -> str:
    """Events as lines; units waiting off the map for the same reason share one line (a
    scenario's reinforcements would otherwise fill the log before play begins).

    With ``opened`` (the indexes of the events whose details are open, the first event being
    ``start``), each event with details is a summary line that opens them with a click;
    without, every event is written in full."""
    parts: list[str] = []
    waiting: list[UnitOffMap] = []

    def one(index: int, event: Event) -> str:
        if opened is None:
            return event_html(event)
        return event_html(event, index, index in opened)

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

    for index, event in enumerate(events, start):
        if isinstance(event, UnitOffMap):
            if waiting and waiting[0].reason != event.reason:
                flush()
            waiting.append(event)
            continue
        flush()
        parts.append(one(index, event))
    flush()
    return "".join(parts)


def victory_html(outcome: Outcome, sides: Iterable[str], name: SideName) -> str:
    """The end of the game: the winner and why, each side's points, each condition's finding,
    what the engine could not evaluate and the special rules it did not enforce."""
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
    if outcome.verdict is not None:
        parts.append(verdict_html(outcome.verdict, name))
    if outcome.findings:
        items = "".join(f"<li>{escape(f)}</li>" for f in outcome.findings)
        parts.append(f"<p style='margin:8px 0 0 0'><b>By condition</b></p><ul>{items}</ul>")
    if outcome.unevaluated:
        items = "".join(f"<li>{escape(f)}</li>" for f in outcome.unevaluated)
        parts.append(
            f"<p style='margin:8px 0 0 0;color:{INK['fire']}'><b>Not evaluated by the engine "
            f"yet</b></p><ul>{items}</ul>"
        )
    if outcome.not_enforced:
        items = "".join(f"<li>{escape(f)}</li>" for f in outcome.not_enforced)
        parts.append(
            f"<p style='margin:8px 0 0 0;color:{INK['fire']}'><b>Special rules the engine did "
            f"not enforce</b></p><ul>{items}</ul>"
        )
    if outcome.placeholder:
        parts.append(f"<p style='color:{INK['muted']}'><i>{escape(outcome.placeholder)}</i></p>")
    return "".join(parts)


def verdict_html(verdict: Verdict, name: SideName) -> str:
    """How the book's adjudication decided (Armor [SCN IV]): the level of victory, the numbers
    behind it, side by side, and the procedure step by step."""
    level = f"<p style='margin:8px 0 0 0'><b>Level of victory:</b> {escape(verdict.level)} "
    level += f"{escape(verdict.rule)}</p>"
    rows = []
    for f in verdict.figures:
        whose = escape(name(f.side)) if f.side else ""
        value = f"{f.value:g}" if f.value == int(f.value) else f"{f.value:.2f}"
        mark = f" <i style='color:{INK['muted']}'>(placeholder)</i>" if f.placeholder else ""
        rows.append(
            f"<tr><td>{escape(f.name)} {escape(f.rule)}</td><td>{whose}</td>"
            f"<td align='right'>{value}{mark}</td></tr>"
        )
    table = f"<table cellspacing='0' cellpadding='2'>{''.join(rows)}</table>" if rows else ""
    steps = "".join(f"<li>{escape(s)}</li>" for s in verdict.steps)
    return f"{level}{table}<p style='margin:8px 0 0 0'><b>Step by step</b></p><ol>{steps}</ol>"
