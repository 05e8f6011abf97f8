"""Comparing pictures of the map in tests."""

from __future__ import annotations

from PySide6.QtGui import QImage


def channel_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour or alpha channel of one pixel between two images
    of one size (0: the same picture). Antialiased edges repainted in a piece of a cache or
    tile may round a level or two differently; anything stale or missing differs by far more."""
    assert a.size() == b.size()
    worst = 0
    for y in range(a.height()):
        for x in range(a.width()):
            pa, pb = a.pixel(x, y), b.pixel(x, y)
            if pa != pb:
                worst = max(
                    worst, *(abs(((pa >> s) & 255) - ((pb >> s) & 255)) for s in (0, 8, 16, 24))
                )
    return worst
