"""The Artillery Plot [OP II.A]: the ``artillery`` action, when it is legal, and what a side
has plotted (:class:`Artillery`, a record of the state).

"All Artillery Fire is plotted by writing the number of the target hex in the column
corresponding to the number of the Artillery Impact unit ... on the line corresponding to the
Turn of Impact" [OP II.A], during the Order Plot Phase. The action::

    artillery us.ARTILLERY-MEDIUM.1 D-K2017   # Designated Artillery Fire [OP II.A.2]
    artillery us.ARTILLERY-MEDIUM.1 C-K2118   # Called Artillery Fire [OP II.A.3]
    artillery us.ARTILLERY-MEDIUM.1 R-K2118   # Continuous Artillery Fire (our notation)
    artillery us.ARTILLERY-MEDIUM.1 P-K2118 3 # Planned Artillery Fire for Turn 3 [OP II.A.1]

- Designated ("D"): at one of the Battery's two Designated hexes [OP II.A.2; SCN III.G], only
  when its Spotting unit can sight the hex [a]; it Impacts the Designated Delay later [b].
- Called ("C"): "called in by units engaged in the battle" [OP II.A.3]; the rest of its text is
  cut. Our reading, from the Artillery Tables' Called Scatter and Called Delay [GC2]: at any
  hex the Spotting unit can sight, Impacting the Called Delay later.
- Continuous: the book names four types of fire [OP II.A] but the fourth's text is cut; the
  Artillery Tables give its Scatter: 01-10 in the same hex as the previous Turn, 01-30 in an
  adjacent hex [GC2; OP II.D.2]. Our reading: a Battery whose fire Impacted on the previous
  Turn may fire again this Turn, with no Delay, at the same hex (no Spotting unit needed, as
  for Planned fire [OP II.A.1.a]) or at an adjacent hex its Spotting unit can sight (an
  "adjustment" [OP II.A.1.a]). The book gives it no letter; we write "R".
- Planned ("P") [OP II.A.1]: "plotted before the game begins, and before any Combat units are
  placed", at "any hex on the mapboard", with no Spotting unit needed on the Turn of Impact
  [a], "to impact on Turn 1 or any later Turn" [b], in the line of the Turn of Impact [c]; the
  owner names the Turn, so the action carries it. A Battery may have Planned fire on as many
  Turns as it likes (one line each [c]), and still plot other fire on the other Turns. Our
  reading of "before the game begins": this engine sets the Combat units up when the game
  loads, so the owner writes Planned fire in the Order Plot Phase of Turn 1, before that
  Phase ends, and never after. (He has then seen Turn 1's Sighting Phase, as the book's player
  placing his own units after the plot has not: a difference we accept and state.) Its Scatter
  is the Artillery Tables' Planned Scatter [GC2].

A Spotting unit can sight a hex as a unit sights a hex for Opportunity Fire: adjacent, or the
line of sight not blocked [AG IV; V.A.2] (our reading: a hex has no target class for the
Sighting Ranges Table); a Suppressed one still spots [OP II.B.1]. A side that bought Air
Spotting (``purchases: [{item: AIR-SPOTTING}]``) spots for all its Batteries any hex but a
Building, Woods, Hedgerow, Improved Position or Alley hex [OP II.B.3; III.C; III.E] (Day: the
weather Options that forbid it [OP VIII.B.3-4] are not played). A Knocked Out Spotting unit
of a German Battery is not replaced [OP II.B.2]; "If the Spotting unit for an Allied Battery is
Knocked Out, any Headquarters unit (if those Options are used) may be designated as the new
Spotting unit" [OP II.B.2]: with Command Control (its Formation HQs and Player HQ,
:mod:`rules.armor.optional.command`), the engine designates for the owner the first HQ on the
map in the order of battle (our choice, as for the first Spotting unit; every nation but
Germany is Allied, our reading), named in the plot's log line (:func:`spotting_unit`). One
plot per Battery per Order Plot Phase and per Turn of Impact (a column's line, our reading);
none to Impact after the last Turn. With the Allied Spotting option (``allied-spotting``) an
Allied side has one Spotting unit per Battery (:mod:`rules.armor.indirect.batteries`), "but
allow each Spotting unit to act for any Artillery Battery" [OP II.B.4]: a Battery spots a hex
any of the side's Batteries' Spotting units (each as [OP II.B.2] leaves it) can sight, its own
first; the plot's log line names the other Battery's unit when it is that one
(:func:`spotters`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from model.hexes import Hex
from rules.armor.indirect.batteries import Battery, air_sights, allied_spotting
from rules.armor.indirect.events import ArtilleryPlotted
from rules.armor.optional.intel import concealment
from rules.engine.actions import Action, token
from rules.engine.errors import ActionSyntaxError
from rules.engine.play import ActionFocus
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from rules.armor.game import ArmorState

KINDS = {
    "P": "Planned Artillery Fire [OP II.A.1]",
    "D": "Designated Artillery Fire [OP II.A.2]",
    "C": "Called Artillery Fire [OP II.A.3; GC2 Artillery Tables] (our reading)",
    "R": "Continuous Artillery Fire [OP II.A; GC2 Artillery Tables] (our reading)",
}


@dataclass(frozen=True)
class ArtilleryPlot(Action):
    """Write a Battery's fire on the Artillery Plot [OP II.A]: ``artillery BATTERY K-HEX``,
    the kind ``P``, ``D``, ``C`` or ``R`` before the hex as the book marks "P" or "D"
    [OP II.A.1.d]; Planned fire adds its Turn of Impact (``artillery BATTERY P-HEX TURN``)
    [OP II.A.1.b-c]."""

    verb: ClassVar[str] = "artillery"
    battery: str
    kind: str
    hex: str
    #: The Turn of Impact the owner chooses for Planned fire [OP II.A.1.b]; 0 for the others
    #: (their Delay decides it).
    turn: int = 0

    def text(self) -> str:
        when = f" {self.turn}" if self.kind == "P" else ""
        return f"{self.verb} {self.battery} {self.kind}-{self.hex}{when}"

    @property
    def notation(self) -> str:
        """As written on the Artillery Plot: the letter before the hex ("D K2017")."""
        return f"{self.kind}{self.hex}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> ArtilleryPlot:
        kind, _, where = args[1].partition("-") if len(args) in (2, 3) else ("", "", "")
        kind = kind.upper()
        planned = kind == "P"
        if kind not in KINDS or not where or (len(args) == 3) != planned:
            raise ActionSyntaxError(
                f"'{line}': write 'artillery BATTERY D-HEX' (D Designated, C Called, R "
                "Continuous) or 'artillery BATTERY P-HEX TURN' (Planned, its Turn of Impact)"
            )
        turn = 0
        if planned:
            if not args[2].isdigit() or int(args[2]) < 1:
                raise ActionSyntaxError(f"'{line}': the Turn of Impact is a number from 1")
            turn = int(args[2])
        hex_name = token(where, "hex", line)
        return cls(token(args[0], "battery id", line), kind, hex_name, turn)


@dataclass(frozen=True)
class Plot:
    """A line of the Artillery Plot: the kind of fire, the target hex and the Turn it was
    plotted."""

    kind: str
    target: Hex
    plotted: int

    def snapshot(self) -> list[Any]:
        return [self.kind, self.target.q, self.target.r, self.plotted]


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Artillery(Record):
    """The Artillery Plots [OP II.A] and where each Battery's fire last Impacted [OP II.D]
    (Continuous fire). Left out of the fingerprint while empty.

    Attributes:
        plots: each (Battery, Turn of Impact) with its plot.
        last: each Battery's last Impact: the Turn and the Impact hex.
        indirect: the "H" orders of this Turn: each unit and its target hex [OP II.F.3].
        indirect_last: each unit's last Indirect Fire, or a Mortar Team's last fire (Direct
            too): the Turn and its target hex (Continuous fire [OP II.F.5; II.E.5.c]).
        struck: the (Battery, unit) pairs its fire has been resolved against this Turn (in
            the Artillery Impact Phase or as the unit moved into its hexes [OP II.D]).
    """

    plots: dict[tuple[str, int], Plot] = state_field(
        default_factory=dict, key="artillery_plots", encode=_unless_empty
    )
    last: dict[str, tuple[int, Hex]] = state_field(
        default_factory=dict, key="artillery_last", encode=_unless_empty
    )
    indirect: dict[str, Hex] = state_field(
        default_factory=dict, key="indirect_plots", encode=_unless_empty
    )
    indirect_last: dict[str, tuple[int, Hex]] = state_field(
        default_factory=dict, key="indirect_last", encode=_unless_empty
    )
    struck: set[tuple[str, str]] = state_field(
        default_factory=set, key="artillery_struck", encode=_unless_empty
    )


def spots(state: ArmorState, battery: Battery, h: Hex) -> bool:
    """The Battery's Spotting unit can sight hex ``h`` [OP II.A.2.a; II.B], or its side's Air
    Spotting unit can [OP II.B.3; III.E]."""
    if battery.side in state.game.air_spotters and air_sights(state.game, h):
        return True
    return why_spotter_unseen(state, battery, h) is None


def spotting_unit(state: ArmorState, battery: Battery) -> str:
    """The Battery's Spotting unit now, "" when it has none: the one named before play while
    it is on the map [OP II.B]; when it is Knocked Out, for an Allied Battery with Command
    Control's Headquarters, "any Headquarters unit (if those Options are used) may be
    designated as the new Spotting unit for that Battery" [OP II.B.2]: the engine designates
    the first of the side's HQs on the map (its Formations' HQs and its Player HQ) in the
    order of battle (our choice; Allied: every nation but Germany, our reading). A German
    Battery's is not replaced: "no other unit may serve as Spotting unit" [OP II.B.2]."""
    at = state.troops.hexes
    if not battery.spotter or battery.spotter in at:
        return battery.spotter
    if state.game.nation.get(battery.side) == "germany":
        return battery.spotter
    from rules.armor.optional import COMMAND, in_use  # local: optional reads the whole game
    from rules.armor.optional.command import organization, player_hq

    if not in_use(state.game, COMMAND):
        return battery.spotter
    org = organization(state.game)
    hqs = {hq for (side, _), hq in org.hq_of.items() if side == battery.side}
    hqs.add(player_hq(state, battery.side) or "")
    order = [u.id for u in state.game.deployment.units]
    return next((u for u in order if u in hqs and u in at), battery.spotter)


def spotters(state: ArmorState, battery: Battery) -> list[str]:
    """The units that may spot for the Battery now, its own Spotting unit
    (:func:`spotting_unit`) first; with Allied Spotting, also the Spotting unit of each other
    Battery of its side: "allow each Spotting unit to act for any Artillery Battery" [OP
    II.B.4]. Empty when it has none."""
    own = spotting_unit(state, battery)
    found = [own] if own else []
    if not allied_spotting(state.game, battery.side):
        return found
    for other in state.game.batteries.values():
        if other.side == battery.side and other.id != battery.id:
            unit = spotting_unit(state, other)
            if unit and unit not in found and unit in state.troops.hexes:
                found.append(unit)
    return found


def spotter_of(state: ArmorState, battery: Battery, h: Hex) -> str | None:
    """The first of the Battery's :func:`spotters` that sights hex ``h``, or None."""
    from rules.armor.fire import why_hex_unseen  # local: fire reads the whole game

    for unit in spotters(state, battery):
        at = state.troops.hexes.get(unit)
        if at is not None and why_hex_unseen(state, at, h) is None:
            return unit
    return None


def why_spotter_unseen(state: ArmorState, battery: Battery, h: Hex) -> str | None:
    """Why the Battery's Spotting unit does not sight hex ``h``, or None: as every sighting,
    the line of sight and the Smoke, Fires, Smoking Wrecks and dust on it ("A hex containing
    a Smoke unit will block Lines of Sight from all elevation levels" [OP IX.A.5])
    (:func:`rules.armor.fire.why_hex_unseen`). With Allied Spotting, None when any of its
    :func:`spotters` sights it [OP II.B.4], else its own Spotting unit's reason."""
    from rules.armor.fire import why_hex_unseen  # local: fire reads the whole game

    if spotter_of(state, battery, h) is not None:
        return None
    spotter = spotting_unit(state, battery)
    at = state.troops.hexes.get(spotter) if spotter else None
    if at is None:
        return "no Spotting unit on the map"
    return why_hex_unseen(state, at, h)


def impact_turn(state: ArmorState, battery: Battery, plot: ArtilleryPlot) -> int:
    """The Turn a plot made now Impacts: the Turn the owner names for Planned fire
    [OP II.A.1.b-c], else after the Delay [GC2 Artillery Tables; OP II.A.2.b]."""
    if plot.kind == "P":
        return plot.turn
    return state.play.turn + battery.delay.get(plot.kind, 0)


def _plotted_now(state: ArmorState, battery: Battery) -> bool:
    """The Battery has a plot, other than Planned fire, written this Turn."""
    return any(
        b == battery.id and p.plotted == state.play.turn and p.kind != "P"
        for (b, _), p in state.artillery.plots.items()
    )


def why_not_planned(state: ArmorState, plot: ArtilleryPlot) -> str | None:
    """When Planned fire may be written [OP II.A.1] (see the module: Turn 1's Order Plot
    Phase, our reading of "before the game begins"), or None."""
    if state.play.turn != 1:
        return (
            "Planned Artillery Fire is plotted before the game begins [OP II.A.1]: in this "
            "engine, in the Order Plot Phase of Turn 1 (our reading)"
        )
    if plot.turn < 1:
        return "Planned fire Impacts on Turn 1 or any later Turn [OP II.A.1.b]"
    return None


def continuing(state: ArmorState, battery: Battery) -> Hex | None:
    """The hex of the Battery's fire last Turn, if it Impacted then (Continuous fire)."""
    last = state.artillery.last.get(battery.id)
    return last[1] if last is not None and last[0] == state.play.turn - 1 else None


def why_not_plot(state: ArmorState, plot: ArtilleryPlot) -> str | None:
    """Why ``plot`` may not be written now, or None [OP II.A-B]."""
    battery = state.game.batteries.get(plot.battery)
    if battery is None:
        return f"no Artillery Battery '{plot.battery}' [OP II.C]"
    if state.segment.id != "plot" or state.execution.asked is not None:
        return "Artillery Fire is plotted in the Order Plot Phase [OP II.A]"
    if battery.side not in state.to_act():
        return f"{battery.side} may not act now"
    if plot.kind == "P":
        why = why_not_planned(state, plot)
        if why is not None:
            return why
    elif _plotted_now(state, battery):
        return f"{battery.id} has its plot this Turn (one line of its column, our reading)"
    try:
        h = state.game.amap.resolve(plot.hex)
    except KeyError:
        return f"no hex '{plot.hex}' on the map"
    turn = impact_turn(state, battery, plot)
    if turn > state.game.turns:
        return f"it would Impact on Turn {turn}, after the last Turn ({state.game.turns})"
    if (battery.id, turn) in state.artillery.plots:
        return f"{battery.id} already has fire plotted for Turn {turn} [OP II.A]"
    return _why_not_kind(state, battery, plot.kind, h)


def _why_not_kind(state: ArmorState, battery: Battery, kind: str, h: Hex) -> str | None:
    if kind == "P":
        return None  # any hex, no Spotting unit needed [OP II.A.1.a]
    if kind == "R":
        before = continuing(state, battery)
        if before is None:
            return "Continuous fire follows the Battery's Impact of the previous Turn (our reading)"
        if h == before:
            return None
        if h.distance(before) != 1:
            return "Continuous fire stays in the same hex or moves to an adjacent hex [GC2]"
    if kind == "D" and h not in battery.designated:
        names = ", ".join(state.game.name(x) for x in battery.designated) or "none"
        return f"not one of {battery.id}'s Designated hexes ({names}) [OP II.A.2; SCN III.G]"
    if not spots(state, battery, h):
        spotter = spotting_unit(state, battery)
        who = spotter or "no unit with a Radio"
        if spotter and spotter not in state.troops.hexes:
            who = f"{spotter}, Knocked Out: no other unit may spot [OP II.B.2]"
        elif spotter != battery.spotter:
            who = (
                f"{spotter}, Headquarters designated for the Knocked Out {battery.spotter} "
                "[OP II.B.2]"
            )
        said = f"its Spotting unit ({who}) cannot sight {state.game.name(h)} [OP II.A.2.a; II.B]"
        why = why_spotter_unseen(state, battery, h) if spotter in state.troops.hexes else None
        return said if why is None else f"{said}: {why}"
    return None


def plot_options(state: ArmorState, side: str) -> list[ArtilleryPlot]:
    """The plots ``side`` may write now: Designated fire at its Designated hexes, Called fire
    at each hex of a sighted enemy unit, Continuous fire at last Turn's hex or an adjacent hex
    with an enemy unit, and on Turn 1 Planned fire for Turn 1 at each hex of an enemy counter
    the side sees (:func:`why_not_plot` accepts any hex and Turn the rules allow)."""
    found: list[ArtilleryPlot] = []
    enemy_hexes = sorted({h for u in state.enemies(side) if (h := state.troops.hexes.get(u))})
    for battery in state.game.batteries.values():
        if battery.side != side:
            continue
        before = continuing(state, battery)
        if state.play.turn == 1:
            for h in _seen_enemy_hexes(state, side):
                plot = ArtilleryPlot(battery.id, "P", state.game.name(h), 1)
                if why_not_plot(state, plot) is None:
                    found.append(plot)
        candidates = [("D", h) for h in battery.designated]
        candidates += [("C", h) for h in enemy_hexes]
        if before is not None:
            candidates.append(("R", before))
            candidates += [("R", h) for h in enemy_hexes if h.distance(before) == 1]
        for kind, h in candidates:
            plot = ArtilleryPlot(battery.id, kind, state.game.name(h))
            if why_not_plot(state, plot) is None:
                found.append(plot)
    return found


def _seen_enemy_hexes(state: ArmorState, side: str) -> list[Hex]:
    """The hexes of the enemy counters ``side`` sees: all of them, but those completely
    hidden [OP X.B] when the scenario conceals units."""
    found = set()
    for u in state.enemies(side):
        h = state.troops.hexes.get(u)
        if h is None or (state.game.conceals and concealment(state, u, side) == "hidden"):
            continue
        found.add(h)
    return sorted(found)


def write(state: ArmorState, plot: ArtilleryPlot) -> None:
    """Write the plot (checked by :func:`why_not_plot`); secret until it Impacts [OP II.A]."""
    battery = state.game.batteries[plot.battery]
    h = state.game.amap.resolve(plot.hex)
    turn = impact_turn(state, battery, plot)
    state.artillery.plots[(battery.id, turn)] = Plot(plot.kind, h, state.play.turn)
    rule = KINDS[plot.kind]
    if plot.kind == "P":
        rule += ": no Spotting unit needed on the Turn of Impact [OP II.A.1.a]"
    spotter = spotting_unit(state, battery)
    spotted = plot.kind in ("D", "C") or (plot.kind == "R" and h != continuing(state, battery))
    acting = spotter_of(state, battery, h) if spotted else None
    if acting is not None and acting != spotter:
        other = next(
            b.id for b in state.game.batteries.values() if spotting_unit(state, b) == acting
        )
        rule += (
            f"; spotted by {acting}, the Spotting unit of {other}: Allied Spotting, each "
            "Spotting unit acts for any Artillery Battery [OP II.B.4]"
        )
    elif spotted and spotter != battery.spotter:
        rule += (
            f"; Spotting unit {spotter}, the Headquarters designated for the Knocked Out "
            f"{battery.spotter} [OP II.B.2] (our choice: the first HQ on the map in the order "
            "of battle)"
        )
    if plot.kind in battery.delay:
        rule += f", Delay {battery.delay[plot.kind]} [GC2 Artillery Tables]"
        if plot.kind == "C" and battery.delay_placeholder:
            rule += f" (placeholder: {battery.delay_placeholder})"
    state.emit(ArtilleryPlotted(battery.id, plot.notation, turn, rule, private_to=battery.side))


def describe(state: ArmorState, plot: ArtilleryPlot) -> str:
    battery = state.game.batteries.get(plot.battery)
    name = battery.name if battery is not None else plot.battery
    when = ""
    if battery is not None and (plot.kind in battery.delay or plot.kind == "P"):
        when = f", Impact on Turn {impact_turn(state, battery, plot)}"
    elif plot.kind == "R":
        when = ", Impact this Turn"
    return (
        f"{name} #{battery.impact_unit if battery else '?'}: {KINDS[plot.kind]} on {plot.hex}{when}"
    )


def concerns(state: ArmorState, plot: ArtilleryPlot) -> ActionFocus:
    try:
        h = state.game.amap.resolve(plot.hex)
    except KeyError:
        return ActionFocus(None)
    return ActionFocus(None, "fire", h)
