"""Armor's off-board Artillery [OP II.A-D; SCN III.G] (an Optional Rule a scenario switches on
with ``rules: {options: [artillery]}``).

- :mod:`.batteries`: the Artillery Batteries a side buys (``purchases: [{item:
  ARTILLERY-MEDIUM}]``) with their Artillery Table values, Artillery Impact unit numbers,
  Spotting units and Designated hexes [OP II.A.2; II.B; II.C; SCN III.G].
- :mod:`.plots`: the ``artillery`` action, its legality and the Artillery Plot [OP II.A].
- :mod:`.impact`: the Artillery Impact Phase: Scatter and the fire's results [OP II.D].
- :mod:`.howitzers`: Indirect Fire by Combat units, the "H" order [OP II.F].
- :mod:`.mortars`: Mortar Teams' fire at a hex, Direct (any scenario with one: the unit is
  the choice) or Indirect (with the option) [OP II.E; II.F.4.b(1); F.4.d].
"""
