"""Armor's Terrain Support units [Intro III.B.3.a; Setup II.D; SCN III.F] and Mines [OP IV].

What a side sets up besides its Combat units: Block, Ditch, Wire, Pillbox and Bunker units,
and Mine units marking a minefield. They are played at the Advanced Game's rule level: "None of
these units is used in the Armor Game" [Setup II.D.8] (at ``armor-game`` the log says so and
none is set up). Mine units bring the Mine Rules with them: "Some Optional Rules are necessary
for the use of certain units" [OP I] (our reading: a side that lists or buys a Mine unit plays
the Mine Rules [OP IV], as ``rules.options: [mines]`` would say).

- :mod:`rules.armor.support.works`: what was set up (the game's, fixed once placed
  [Setup II.D.8]) and the placement rules of [Setup II.D.1-8].
- :mod:`rules.armor.support.setup`: the set-up itself [SCN III.F]: a scenario's own listed
  units where it puts them, bought ones where the engine chooses for the owner.
- :mod:`rules.armor.support.effects`: what they do in play: Block and Ditch closed to
  Vehicles [ADV V.D.3], Wire closed to Leg units [ADV V.A.4] and +1 SF for a Vehicle, which
  removes it [ADV V.D.2], a Leg unit staying a Turn in a Ditch [ADV V.A.4], Pillbox and
  Bunker worth 2 Stacking Factors [AG III.B.4] with the Leg and Towed units set up in them
  inside, never Suppressed [OP XVII.B.4].
- :mod:`rules.armor.support.shelters`: the "E" and "G" orders, entering and leaving a
  Pillbox or Bunker [CS Order Notations E, G].
- :mod:`rules.armor.support.mines`: Mine Attacks on units entering a mined hex [OP IV.C].
- :mod:`rules.armor.support.strikes`: Direct Fire at Block, Wire, Pillbox and Bunker units by
  hex [ADV IV.E.5-6] and Close Assault on a Pillbox or Bunker [ADV VII.B]; a Knock Out
  destroys them.
"""
