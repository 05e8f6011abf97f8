"""The scenario card: a scenario as a reader at the table wants it, in HTML and PDF.

Title, date and place, the historical introduction, the map (its picture, the sections and the
join notation for a geomorphic layout), game length, each side's order of battle with the
counters' values, set-up, budget and purchase rules, reinforcements by turn, support, special
rules and victory conditions as the sentences the editor shows, designer's notes and where the
scenario comes from.

:func:`card_html` writes the card as HTML (its map an ``<img>`` of the file name given);
:func:`save_card` writes ``.html`` (the map inside, as a data URL: one file that reads
offline) or ``.pdf`` (A4 or Letter, paginated by Qt with each table's header row repeated on
every page it runs onto, fonts embedded).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Final

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, Qt, QUrl
from PySide6.QtGui import (
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
    QTextOption,
)

from editor.mapview.counter_art import paint_counters
from editor.mapview.render import MapPainter, RenderOptions
from model.catalog import UnitType, unit_types
from model.counters import MapCounter, counters, face_value, short_name
from model.hexes import Hex
from model.joins import notation_of
from model.mapstate import terrain_edits
from model.rules_sentences import (
    condition_sentence,
    length_sentence,
    reinforcement_sentence,
    rule_sentence,
    where,
)
from model.scenario import (
    AreaPlacement,
    EntryPlacement,
    ForceEntry,
    HexPlacement,
    Placement,
    PurchaseRule,
    Scenario,
    Side,
)
from model.scenario_io import LoadedScenario
from model.systems import GameSystem

PAPER: Final = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
#: The map's picture on the card: as wide as the text, at most this tall (points).
MAP_WIDTH_PT: Final = 480

_STYLE = """
body { font-family: 'DejaVu Sans', sans-serif; font-size: 9.5pt; color: #202020; }
h1 { font-size: 18pt; margin-bottom: 2pt; }
h2 { font-size: 13pt; margin-top: 12pt; margin-bottom: 4pt; border-bottom: 1px solid #888; }
h3 { font-size: 10.5pt; margin-top: 8pt; margin-bottom: 2pt; }
.sub { color: #555555; }
table.oob { margin-top: 4pt; }
table.oob th { background: #e6e0d2; text-align: left; }
.num { text-align: right; }
.note { color: #555555; font-style: italic; }
"""


def _face(system: GameSystem) -> Sequence[tuple[str, str]]:
    return system.data.counter_face


def _value(unit: UnitType | None, key: str) -> str:
    return face_value(unit, key)[0] if unit is not None else ""


def placement_text(placement: Placement | None) -> str:
    """Where an entry starts, as a sentence's end: ``on J1505``, ``in Side B``."""
    if placement is None:
        return ""
    if isinstance(placement, HexPlacement):
        facing = f", facing {placement.facing}" if placement.facing is not None else ""
        return f"on {placement.hex}{facing}"
    if isinstance(placement, AreaPlacement):
        return f"in {where(placement.region)}" + (" or adjacent" if placement.adjacent else "")
    if isinstance(placement, EntryPlacement):
        return f"enters on turn {placement.turn} through {where(placement.region)}"
    words = {"airdrop": "dropped by air", "mode": "by deployment mode", "off-map": "off the map"}
    return words.get(placement.kind, placement.kind)


def _list(items: Sequence[str], tag: str = "ul") -> str:
    return f"<{tag}>" + "".join(f"<li>{escape(i)}</li>" for i in items) + f"</{tag}>"


def _para(text: str) -> str:
    return "".join(f"<p>{escape(p.strip())}</p>" for p in text.split("\n\n") if p.strip())


#: A unit type's counter picture on the card: its address by (nation, unit type).
Pictures = Mapping[tuple[str, str], str]
#: The counter pictures' size in the card's tables (points).
COUNTER_PT: Final = 22
#: The key of the transparent strut picture in a card's pictures.
STRUT: Final = ("", "strut")
_MIDDLE: Final = "style='vertical-align: middle'"


def _forces_table(
    side: Side,
    entries: Sequence[ForceEntry],
    units: Mapping[str, UnitType],
    system: GameSystem,
    pictures: Pictures,
) -> str:
    """The entries with their counters (picture and values); a Set-up column only when an entry
    starts elsewhere than the side's set-up (said once above the table)."""
    face = _face(system)
    wheres = []
    for entry in entries:
        where_text = placement_text(entry.placement)
        if entry.mounted_on:
            where_text = f"riding {entry.mounted_on}" + (f"; {where_text}" if where_text else "")
        wheres.append(where_text)
    own = any(wheres)
    head = "".join(f"<th>{escape(label)}</th>" for _, label in face)
    rows = []
    for entry, where_text in zip(entries, wheres, strict=True):
        unit = units.get(entry.unit)
        name = unit.name if unit else entry.unit
        if entry.ids:
            name += f" ({', '.join(entry.ids)})"
        # A strut as tall as the counter's picture in every cell: the row's lines are of one
        # height, so a page break moves the whole row (Qt breaks a row between its lines).
        strut = pictures.get(STRUT)
        tall = (
            f"<img src='{escape(strut)}' width='1' height='{COUNTER_PT}' {_MIDDLE}>"
            if strut
            else ""
        )
        values = "".join(
            f"<td class='num' nowrap>{tall}{escape(_value(unit, k))}</td>" for k, _ in face
        )
        setup = f"<td>{tall}{escape(where_text)}</td>" if own else ""
        address = pictures.get((side.nation, entry.unit))
        picture = (
            f"<td><img src='{escape(address)}' width='{COUNTER_PT}' height='{COUNTER_PT}' "
            f"{_MIDDLE}></td>"
            if address
            else "<td></td>"
        )
        rows.append(
            f"<tr><td class='num' nowrap>{tall}{entry.count}</td>{picture}"
            f"<td>{tall}{escape(name)}</td>{values}"
            f"{setup}</tr>"
        )
    setup_head = "<th width='27%'>Set-up</th>" if own else ""
    return (
        "<table class='oob' width='100%' cellspacing='0' cellpadding='4'>"
        f"<thead><tr><th>No.</th><th></th><th>Unit</th>{head}{setup_head}"
        "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _purchase_rule_text(rule: PurchaseRule) -> str:
    text = getattr(rule, "text", "") or ""
    return text or rule.kind.replace("-", " ")


def _side_html(
    side: Side, scenario: Scenario, units: Mapping[str, UnitType], pictures: Pictures
) -> list[str]:
    system = scenario.system
    role = f", {side.role}" if side.role != "none" else ""
    out = [f"<h2>{escape(side.name)} <span class='sub'>({escape(side.nation)}{role})</span></h2>"]
    if side.budget is not None:
        kind = "Force Points" if side.budget.kind == "force-points" else "points"
        out.append(f"<p><b>Buys its forces</b> with {side.budget.points} {kind}.")
        if side.budget.note:
            out.append(f" {escape(side.budget.note)}")
        out.append("</p>")
        if side.purchase_rules:
            out.append(_list([_purchase_rule_text(r) for r in side.purchase_rules]))
        if side.budget.includes:
            out.append("<h3>Included in the budget</h3>")
            out.append(_forces_table(side, side.budget.includes, units, system, pictures))
    if side.setup is not None:
        out.append(f"<p><b>Sets up</b> {escape(placement_text(side.setup))}.</p>")
    if side.forces:
        out.append(_forces_table(side, side.forces, units, system, pictures))
    for named in side.sample_forces[:1] if not side.forces else ():
        out.append(f"<h3>Sample force: {escape(named.name)}</h3>")
        out.append(_forces_table(side, named.units, units, system, pictures))
    if side.reinforcements:
        out.append("<h3>Reinforcements</h3><ul>")
        for item in sorted(side.reinforcements, key=lambda r: (r.turn is None, r.turn or 0)):
            note = f" <span class='note'>{escape(item.note)}</span>" if item.note else ""
            out.append(f"<li>{escape(reinforcement_sentence(item))}{note}</li>")
        out.append("</ul>")
    if side.support:
        items = "".join(
            f"<li>{s.count} × {escape(s.kind)}"
            + (f" ({escape(s.strength)})" if s.strength else "")
            + (f": {escape(s.note)}" if s.note else "")
            + "</li>"
            for s in side.support
        )
        out.append(f"<h3>Support</h3><ul>{items}</ul>")
    if side.note:
        out.append(f"<p class='note'>{escape(side.note)}</p>")
    return out


def card_html(
    loaded: LoadedScenario, map_image: str | None = "map.png", pictures: Pictures | None = None
) -> str:
    """The card as an HTML document; ``map_image``: the map picture's address (None: none);
    ``pictures``: the counters' pictures' addresses (see :func:`card_units`)."""
    scenario = loaded.scenario
    system = scenario.system
    units = unit_types(system)
    names = {s.id: s.name for s in scenario.sides}
    when = ", ".join(x for x in (scenario.date, scenario.location) if x)
    out = [
        "<html><head><meta charset='utf-8'>",
        f"<title>{escape(scenario.title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(scenario.title)}</h1>",
        f"<p class='sub'>{escape(system.display_name)}"
        + (f" · {escape(when)}" if when else "")
        + "</p>",
        _para(scenario.description),
        "<h2>Map</h2>",
    ]
    placements = loaded.map.placements
    if len(placements) > 1:
        sections = ", ".join(p.name + (" (turned)" if p.flipped else "") for p in placements)
        out.append(f"<p>Sections {escape(sections)}; joined {escape(notation_of(loaded.map))}.</p>")
    else:
        out.append(f"<p>{escape(loaded.map.sections[placements[0].section].name)}.</p>")
    if map_image:
        out.append(f"<p><img src='{escape(map_image)}' width='{MAP_WIDTH_PT}'></p>")
    out.append(f"<p><b>Game length:</b> {escape(length_sentence(scenario.length))}.</p>")
    if scenario.rules.level or scenario.rules.options:
        rules = ", ".join([*([scenario.rules.level] if scenario.rules.level else []),
                           *scenario.rules.options])  # fmt: skip
        out.append(f"<p><b>Rules:</b> {escape(rules)}.</p>")
    first = names.get(scenario.first_player or "", "")
    if first:
        out.append(f"<p><b>First player:</b> {escape(first)}.</p>")
    for side in scenario.sides:
        out += _side_html(side, scenario, units, pictures or {})
    if scenario.special_rules:
        sentences = [rule_sentence(r, names) for r in scenario.special_rules]
        out.append("<h2>Special rules</h2>" + _list(sentences, "ol"))
    out.append("<h2>Victory conditions</h2>")
    conditions = scenario.victory.conditions
    if conditions:
        items = "".join(f"<li>{escape(condition_sentence(c, names))}</li>" for c in conditions)
        out.append(f"<ul>{items}</ul>")
    scoring = (
        "The side with more victory points wins."
        if scenario.victory.scoring == "most-vp"
        else "The first condition met decides the game."
    )
    out.append(f"<p>{scoring}</p>")
    for mission in scenario.missions:
        items = "".join(
            f"<li>{escape(condition_sentence(c, names))}</li>" for c in mission.victory.conditions
        )
        side_name = names.get(mission.side, mission.side)
        out.append(f"<h3>Mission: {escape(mission.name)} ({escape(side_name)})</h3>")
        out.append(f"<ul>{items}</ul>")
    if scenario.notes:
        out.append("<h2>Designer's notes</h2>" + _para(scenario.notes))
    provenance = scenario.source or (
        "designed for Hexwright" if scenario.original else scenario.placeholder or ""
    )
    out.append(f"<p class='note'>Source: {escape(provenance)}. Card made by Hexwright.</p>")
    out.append("</body></html>")
    return "\n".join(out)


def map_picture(loaded: LoadedScenario) -> QImage:
    """The scenario's map with its overlays, painted terrain and counters, without hex IDs."""
    painter = MapPainter(
        loaded.map,
        RenderOptions(size=10.0, hex_ids=False),
        loaded.overlays,
        terrain_edits(loaded.scenario, loaded.map),
        counters=counters(loaded.scenario, loaded.map),
    )
    return painter.render_image(scale=1.5)  # about 300 dpi across the text's width


def card_units(scenario: Scenario) -> list[tuple[str, str]]:
    """Every (nation, unit type) the card's tables list, in order, once each."""
    found: dict[tuple[str, str], None] = {}
    for side in scenario.sides:
        entries = [*(side.budget.includes if side.budget else []), *side.forces]
        if not side.forces and side.sample_forces:
            entries += side.sample_forces[0].units
        for entry in entries:
            found[(side.nation, entry.unit)] = None
    return list(found)


def counter_picture(system: GameSystem, nation: str, unit: str) -> QImage:
    """A unit type's counter as the map draws it zoomed in (symbol, name and values), on a
    transparent square, sharp at the card's size."""
    size = 40.0
    image = QImage(96, 96, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(48, 48)
    painter.scale(96 / (size * 1.2), 96 / (size * 1.2))
    label = short_name(unit_types(system), unit)
    counter = MapCounter(Hex(0, 0), "", nation, unit, None, label)
    paint_counters(painter, [counter], size, 60.0, system.value)
    painter.end()
    return image


def _png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(data.data())


def _data_url(image: QImage) -> str:
    return "data:image/png;base64," + base64.b64encode(_png_bytes(image)).decode()


def save_card(loaded: LoadedScenario, path: Path, paper: str = "a4") -> int:
    """Write the card as ``path`` (.html or .pdf); returns the PDF's page count (0 for HTML).

    Raises:
        OSError: the file cannot be written.
        ValueError: ``path`` ends in neither .html nor .pdf, or ``paper`` is unknown.
    """
    picture = map_picture(loaded)
    system = loaded.scenario.system
    counters_drawn = {k: counter_picture(system, *k) for k in card_units(loaded.scenario)}
    strut = QImage(1, 1, QImage.Format.Format_ARGB32)
    strut.fill(Qt.GlobalColor.transparent)
    counters_drawn[STRUT] = strut
    suffix = path.suffix.lower()
    tmp = path.with_name(f".{path.name}.tmp")
    if suffix in (".html", ".htm"):
        url = _data_url(picture)
        pictures = {k: _data_url(image) for k, image in counters_drawn.items()}
        tmp.write_text(card_html(loaded, url, pictures), encoding="utf-8")
        tmp.replace(path)
        return 0
    if suffix != ".pdf":
        raise ValueError(f"{path}: a card is written as .pdf or .html")
    if paper not in PAPER:
        raise ValueError(f"paper must be one of {', '.join(PAPER)}, not {paper!r}")
    document = QTextDocument()
    # Lines break between words only: a narrow column grows rather than splitting "Rng".
    option = document.defaultTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    document.setDefaultTextOption(option)
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl("map.png"), picture)
    names = {k: f"counter-{i}.png" for i, k in enumerate(counters_drawn)}
    for key, name in names.items():
        document.addResource(
            QTextDocument.ResourceType.ImageResource, QUrl(name), counters_drawn[key]
        )
    document.setHtml(card_html(loaded, "map.png", names))
    writer = QPdfWriter(str(tmp))
    writer.setTitle(loaded.scenario.title)
    writer.setCreator("Hexwright")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(PAPER[paper]),
            QPageLayout.Orientation.Portrait,
            QMarginsF(18, 18, 18, 18),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setResolution(300)
    document.print_(writer)  # paginates a copy laid out for the page
    del writer  # finishes the file
    if not tmp.is_file():
        raise OSError(f"cannot write {path}")
    pages = len(re.findall(rb"/Type\s*/Page\b(?!s)", tmp.read_bytes()))
    tmp.replace(path)
    return pages
