"""What the test-play panel says of the game now, as HTML: the header (where play is, who
decides and what is left) and the detail under the list (what the selected unit's actions do,
the odds of each attack, the action chosen). Pure functions of the State API's values
(:class:`~rules.engine.play.Progress`, :class:`~rules.engine.play.Preview`), so the panel only
places them and any system reads the same."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from editor.style import muted_colour
from editor.testplay.aims import Aims
from rules.engine.actions import Action
from rules.engine.play import Chance, Preview, Progress

FIRE = "#922b21"
PATH = "#6c3483"  # the move chosen on the map, as its path is drawn
#: How many attacks the detail lists with their odds before it says how many more.
MOST_ODDS = 6
#: The longest odds the detail writes out for each attack (longer ones are summed up).
LONG_ODDS = 120


def header_html(progress: Progress, rows: Sequence[str]) -> str:
    """The turn and phase, the step in words with its rule, then a row per side to act."""
    if progress.over:
        of = f" of {progress.last_turn}" if progress.last_turn is not None else ""
        return (
            f"<span style='font-size:12pt'><b>Game over</b> after {escape(progress.turn_word)} "
            f"{progress.turn}{of}</span><br>The victory report is below; step back to look "
            "again."
        )
    step = escape(progress.step[:1].upper() + progress.step[1:])
    rule = (  # apart from the step's words: "... has 5 AP · Soldiers (6)"
        f" <span style='color:{muted_colour()}'>· {escape(progress.rule)}</span>"
        if progress.rule
        else ""
    )
    head = (
        f"<span style='font-size:12pt'><b>{escape(progress.heading)}</b></span><br>"
        f"<span style='color:{muted_colour()}'>{step}</span>{rule}"
    )
    return head + "".join(f"<br>{row}" for row in rows)


def detail_html(
    aims: Aims | None,
    title: str,
    attacks: Sequence[tuple[Action, Preview]],
    chosen: Preview | None,
    again: str | None = None,
) -> str:
    """What the selected unit (``title``) may do: how many actions, the hexes its moves reach
    and its fire aims at, the odds of each attack, and the preview of the action chosen;
    ``again``: the hex whose second click takes the move chosen on the map."""
    if aims is None:
        return ""
    parts = [f"<b>{escape(title)}</b>: {len(aims.actions)} action(s)"]
    costs = " with their cost" if any(c is not None for c in aims.reach.values()) else ""
    if aims.moves:
        parts.append(f"· moves to {len(aims.moves)} hex(es), shaded{costs}")
    elif aims.planned is not None and aims.reach:
        parts.append(f"· could reach {len(aims.reach)} hex(es) once it moves, shaded{costs}")
    elif aims.planned is not None:  # the rules do not say where it could go
        parts.append("· its move is given now and made later: choose it in the list")
    if aims.targets:
        parts.append(f"· may fire at {len(aims.targets)} hex(es) held by the enemy (red)")
    if aims.watch:
        parts.append(f"· may aim at {len(aims.watch)} empty hex(es) (amber)")
    if any(len(acts) > 1 for acts in aims.moves.values()):
        parts.append(
            "· click a shaded hex to choose a move there (more hexes lay its path), then "
            "click it again to take it"
        )
        if aims.targets or aims.watch:
            parts.append(
                "· click a target to take its fire (or choose another attack in the list, "
                "then click its target)"
            )
    elif aims.hexes():
        parts.append("· click one on the map to take it")
    html = " ".join(parts)
    others = ""
    aimed = chosen is not None and bool(chosen.chances)
    if aimed and chosen is not None and any(p.words == chosen.words for _a, p in attacks):
        # An attack chosen: its odds and working first (the detail scrolls, and the action
        # chosen is what matters); the others on one line under it.
        rest = [p for _a, p in attacks[:MOST_ODDS] if p.words != chosen.words]
        if rest:
            said = "; ".join(f"{escape(p.words)} {escape(odds_word(p))}" for p in rest)
            others = f"<br><span style='color:{muted_colour()}'>Other attacks: {said}</span>"
        attacks = []
    if chosen is not None:
        listed = any(  # its odds written out below already
            p.words == chosen.words and all(len(c.words) <= LONG_ODDS for c in p.chances)
            for _a, p in attacks[:MOST_ODDS]
        )
        html += "<br>" + preview_html(chosen, odds=not listed)
        if again is not None and chosen.legal:
            html += (
                f"<br><span style='color:{PATH}'><b>Click {escape(again)} again to take it</b>"
                ", or click more hexes to lay its path through them</span>"
            )
    html += others
    for _action, preview in attacks[:MOST_ODDS]:
        odds = "; ".join(escape(chance_words(c)) for c in preview.chances)
        html += f"<br><span style='color:{FIRE}'>{escape(preview.words)}</span>: {odds}"
    shortened = any(  # said once under them, not after each
        len(c.words) > LONG_ODDS and c.effect is not None
        for _a, p in attacks[:MOST_ODDS]
        for c in p.chances
    )
    if shortened and (chosen is None or not chosen.chances):
        html += f"<br><span style='color:{muted_colour()}'>Choose an attack in the list for "
        html += "its working: every modifier with its rule</span>"
    if len(attacks) > MOST_ODDS:
        more = len(attacks) - MOST_ODDS
        html += f"<br><span style='color:{muted_colour()}'>and {more} more attack(s)"
        html += " (choose one in the list for its odds)</span>"
    return html


def odds_word(preview: Preview) -> str:
    """An attack's odds in a word or two (``40%``), for a line of several attacks."""
    shown = [
        f"{c.effect:.0%}" if c.effect is not None else chance_words(c) for c in preview.chances
    ]
    return ", ".join(shown)


def chance_words(chance: Chance) -> str:
    """An attack's odds in a line of the detail: its words, or when they run long (the whole
    working of a shot), the chance of an effect, the working left to the action's preview (a
    line under the attacks says so once)."""
    if len(chance.words) <= LONG_ODDS:
        return chance.words
    if chance.effect is not None:
        return f"{chance.effect:.0%} chance of an effect"
    return chance.words[: chance.words.rfind(" ", 0, LONG_ODDS)] + "…"


def preview_html(preview: Preview, odds: bool = True) -> str:
    """The action chosen in the list: its words, cost, whether it is legal, its odds (unless
    they are listed already) and the rules it applies."""
    parts = [f"<b>Chosen:</b> {escape(preview.words)}"]
    if preview.cost and preview.cost not in preview.words:
        parts.append(f"({escape(preview.cost)})")
    if not preview.legal:
        parts.append(
            f"<span style='color:{FIRE}'>not legal: {escape(preview.why_not or '')}</span>"
        )
    html = " ".join(parts)
    for chance in preview.chances if odds else ():
        html += f"<br>&nbsp;&nbsp;{escape(chance.words)}"
    if preview.rules:
        html += (
            f"<br><span style='color:{muted_colour()}'>{escape(', '.join(preview.rules))}</span>"
        )
    return html
