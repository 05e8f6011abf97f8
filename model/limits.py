"""Hard limits on what a file may ask for: far beyond any real scenario or board, far below
what would hang Hexwright or fill its memory. Each is enforced where the value is read (the
YAML reader for sizes, the models for numbers), refused with its ``file:line:col`` and the
limit, so that a hostile or broken file costs under a second.

The real figures, for scale: the largest built-in board is 61 x 34 hexes, the longest game
40 turns, the largest entry 9 units, the longest list 672 items, the longest text 2,210
characters.
"""

from __future__ import annotations

from typing import Final

#: Items in one list of a file (force entries, overlays, a place's hexes...).
MAX_LIST_ITEMS: Final = 10_000
#: Characters in one text of a file (a board's terrain map is the longest).
MAX_TEXT_CHARS: Final = 200_000
#: Characters of a Tiled map the import reads (its XML tree takes some fifteen times its size;
#: a 200 x 200 board with a CSV layer is about 200 KB).
MAX_TMX_BYTES: Final = 4 * 1024 * 1024
#: Units in one force entry, or items in one purchase.
MAX_COUNT: Final = 999
#: Units of one side (its forces and reinforcements, or one sample force): the largest
#: built-in side has 47. The engines' time grows faster than the units: an Armor game of 300
#: units took 27 s with the random bots, of 1,000 not done in two minutes.
MAX_SIDE_UNITS: Final = 250
#: Sides of a scenario: the books' have two. Each side's checks look the others up (3,000
#: sides took 12 s to validate).
MAX_SIDES: Final = 16
#: Turns of a game, and the highest turn number anything may name.
MAX_TURNS: Final = 999
#: Hexes of a distance in a region (``within``, ``away-from``).
MAX_DISTANCE: Final = 200
#: Hexes of all the regions of one file together, as its reader and its checks work them out
#: (each region counted, nested ones too): the built-in scenarios' most is 15,150 (Panzer '44
#: 20.5). 2,000 victory conditions, each the hexes within 100-199 of one hex, took 245 s and
#: 385 MB to validate.
MAX_REGION_HEXES: Final = 500_000
#: Printed columns or rows of one board, and the highest printed number.
MAX_BOARD_SPAN: Final = 200
MAX_PRINTED: Final = 9_999
#: Board sections of one layout (the books' largest use 4; 5,000 copies of one board took
#: 1.7 GB and 17 s to be refused for other reasons).
MAX_SECTIONS: Final = 32
#: Hexes of one assembled map: one board at its limit (200 x 200). The books' largest map has
#: 2,074; 32 sections of 99 x 99 hexes (313,632) took 15 s and 340 MB to validate.
MAX_MAP_HEXES: Final = 40_000
#: Points of a budget.
MAX_POINTS: Final = 100_000
#: Worker processes a batch of games starts (far beyond a desktop's cores: ``--jobs 100000``
#: started thousands).
MAX_JOBS: Final = 64
#: Games of one batch (a balance run, a sweep's row).
MAX_GAMES: Final = 1_000_000
