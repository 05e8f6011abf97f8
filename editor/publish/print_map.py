"""The map printed at table scale: a PDF whose hexes measure what the counters need.

Hexes are sized across the flats (16 mm, or 5/8 inch = 15.9 mm, are the common counter sizes).
:func:`save_map_pdf` writes either one page the size of the map, or the map tiled across A4 or
Letter pages: each page overlaps the next by a margin, carries crop marks at its map area's
corners, a dashed glue line where the next page's map begins, and says where it goes ("row 1,
column 2 of 2 x 3"), so the sheets can be trimmed and joined into the whole map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from PySide6.QtCore import QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from editor.mapview.render import MapPainter
from editor.style import PAPER

SQRT3: Final = math.sqrt(3.0)
#: Page sizes for the tiled print.
PAGES: Final = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
#: Dots per inch of the PDF's device (its hatching and hairlines are drawn at this grain).
DPI: Final = 600
MARGIN_MM: Final = 8.0  # the printer's unprintable edge and room for crop marks
FOOTER_MM: Final = 7.0
CROP_MM: Final = 5.0
#: Paper left around the hexes (the map's edge lines reach a little past them).
EDGE_MM: Final = 1.5


@dataclass(frozen=True)
class PrintPlan:
    """How the map falls on the pages: ``columns`` x ``rows`` pages, each showing a window of
    ``window`` mm of the map, ``step`` mm further on than the last (window less overlap)."""

    columns: int
    rows: int
    window: tuple[float, float]
    step: tuple[float, float]
    map_mm: tuple[float, float]

    @property
    def pages(self) -> int:
        return self.columns * self.rows


def mm_per_pixel(painter: MapPainter, hex_mm: float) -> float:
    """Millimetres per map pixel when a hex measures ``hex_mm`` across the flats."""
    return hex_mm / (SQRT3 * painter.options.size)


def plan_pages(
    map_mm: tuple[float, float], window: tuple[float, float], overlap: float
) -> PrintPlan:
    """The pages needed to cover ``map_mm`` with windows of ``window`` overlapping by
    ``overlap`` mm."""
    counts = []
    steps = []
    for size, win in zip(map_mm, window, strict=True):
        step = win - overlap
        if step <= 0:
            raise ValueError(f"the overlap ({overlap} mm) leaves no room on a page of {win} mm")
        counts.append(max(1, math.ceil((size - overlap) / step)))
        steps.append(step)
    return PrintPlan(counts[0], counts[1], window, (steps[0], steps[1]), map_mm)


def save_map_pdf(
    painter: MapPainter,
    path: Path,
    title: str,
    *,
    hex_mm: float = 16.0,
    paper: str | None = "a4",
    overlap_mm: float = 10.0,
) -> PrintPlan:
    """Write the map as a PDF at ``hex_mm`` across the flats; ``paper`` None: one page the size
    of the map, else tiled across pages of that size. Returns how it was laid out.

    Raises:
        ValueError: an unknown paper size, or a hex size or overlap that leaves no room.
        OSError: the file cannot be written.
    """
    if not 4.0 <= hex_mm <= 60.0:
        raise ValueError(f"a hex of {hex_mm} mm: give 4 to 60 mm across the flats")
    scale = mm_per_pixel(painter, hex_mm)
    x0, y0, x1, y1 = painter.bounds  # the hexes' extent, without the picture's paper margin
    map_mm = ((x1 - x0) * scale + 2 * EDGE_MM, (y1 - y0) * scale + 2 * EDGE_MM)
    if paper is None:
        margin = MARGIN_MM
        page = QPageSize(
            QSizeF(map_mm[0] + 2 * margin, map_mm[1] + 2 * margin + FOOTER_MM),
            QPageSize.Unit.Millimeter,
            "Map",
        )
        window = map_mm
        plan = PrintPlan(1, 1, window, window, map_mm)
    else:
        if paper not in PAGES:
            raise ValueError(f"paper must be one of {', '.join(PAGES)}, not {paper!r}")
        page = QPageSize(PAGES[paper])
        size = page.size(QPageSize.Unit.Millimeter)
        portrait = (size.width() - 2 * MARGIN_MM, size.height() - 2 * MARGIN_MM - FOOTER_MM)
        landscape = (size.height() - 2 * MARGIN_MM, size.width() - 2 * MARGIN_MM - FOOTER_MM)
        # The orientation that needs fewer sheets.
        plans = [plan_pages(map_mm, w, overlap_mm) for w in (portrait, landscape)]
        plan = min(plans, key=lambda p: (p.pages, plans.index(p)))
        if plan is plans[1]:
            page = QPageSize(
                QSizeF(size.height(), size.width()), QPageSize.Unit.Millimeter, page.name()
            )
    tmp = path.with_name(f".{path.name}.tmp")
    writer = QPdfWriter(str(tmp))
    writer.setTitle(title)
    writer.setCreator("Hexwright")
    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(page, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    dots = DPI / 25.4  # device dots per mm
    out = QPainter(writer)
    try:
        for row in range(plan.rows):
            for column in range(plan.columns):
                if row or column:
                    writer.newPage()
                _page(out, painter, plan, (column, row), scale, dots, title, hex_mm, overlap_mm)
    finally:
        out.end()
    del writer
    if not tmp.is_file():
        raise OSError(f"cannot write {path}")
    tmp.replace(path)
    return plan


def _page(
    out: QPainter,
    painter: MapPainter,
    plan: PrintPlan,
    place: tuple[int, int],
    scale: float,
    dots: float,
    title: str,
    hex_mm: float,
    overlap_mm: float,
) -> None:
    column, row = place
    left, top = column * plan.step[0], row * plan.step[1]
    # The window's size on this page: the last page in a row or column shows what is left.
    shown = (min(plan.window[0], plan.map_mm[0] - left), min(plan.window[1], plan.map_mm[1] - top))
    area = QRectF(MARGIN_MM * dots, MARGIN_MM * dots, shown[0] * dots, shown[1] * dots)
    out.save()
    out.setClipRect(area)
    out.fillRect(area, QColor(PAPER))
    out.translate(area.topLeft())
    out.scale(scale * dots, scale * dots)
    out.translate((EDGE_MM - left) / scale, (EDGE_MM - top) / scale)
    out.translate(-painter.bounds[0], -painter.bounds[1])
    # Only what falls on this page is drawn (in map pixels): the file holds each page's own
    # cells, not the whole map clipped.
    x0 = painter.bounds[0] + (left - EDGE_MM) / scale
    y0 = painter.bounds[1] + (top - EDGE_MM) / scale
    visible = QRectF(x0, y0, shown[0] / scale, shown[1] / scale)
    page = painter.cropped(visible) if plan.pages > 1 else painter
    page.paint(out, visible)
    out.restore()
    _crop_marks(out, area, dots)
    if plan.pages > 1:
        _glue_lines(out, plan, place, area, dots)
    out.setPen(QColor("#404040"))
    out.setFont(QFont("DejaVu Sans", 7))
    where = (
        f"row {row + 1}, column {column + 1} of {plan.rows} x {plan.columns} pages; "
        f"pages overlap by {overlap_mm:g} mm: trim at the dashed line and lay it over the next"
        if plan.pages > 1
        else "one page"
    )
    footer = QRectF(area.left(), area.bottom() + 2 * dots, area.width() + 400, FOOTER_MM * dots)
    out.drawText(
        footer,
        int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
        f"{title}: {where}. Hexes {hex_mm:g} mm across the flats. Hexwright.",
    )


def _crop_marks(out: QPainter, area: QRectF, dots: float) -> None:
    """Short lines outside each corner of the map area, along its edges."""
    out.setPen(QPen(QColor("#000000"), 0.2 * dots))
    length, gap = CROP_MM * dots, 1.0 * dots
    for x, y, dx, dy in (
        (area.left(), area.top(), -1, -1),
        (area.right(), area.top(), 1, -1),
        (area.left(), area.bottom(), -1, 1),
        (area.right(), area.bottom(), 1, 1),
    ):
        out.drawLine(QPointF(x + dx * gap, y), QPointF(x + dx * (gap + length), y))
        out.drawLine(QPointF(x, y + dy * gap), QPointF(x, y + dy * (gap + length)))


def _glue_lines(
    out: QPainter, plan: PrintPlan, place: tuple[int, int], area: QRectF, dots: float
) -> None:
    """Dashed lines where the next page's map begins (to its right and below)."""
    column, row = place
    pen = QPen(QColor("#b00000"), 0.25 * dots)
    pen.setDashPattern([6, 4])
    out.setPen(pen)
    if column + 1 < plan.columns:
        x = area.left() + plan.step[0] * dots
        out.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
    if row + 1 < plan.rows:
        y = area.top() + plan.step[1] * dots
        out.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
