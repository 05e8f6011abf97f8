"""Armor's orders as actions: the Command Sheet notations [AG V.A; CS Order Notations].

An order is written per unit per Turn, in the book's notation [AG V.A.1-3]::

    order german.PZIVJ.1 2RR1          # forward 2, turn right twice, forward 1 [AG V.C.1]
    order us.INFANTRY-SQUAD.1 1M       # one hex, then Up a storey (Advanced Game) [ADV IV.B.2]
    order german.PZIVJ.1 F-us.M4.2     # Direct Fire at enemy unit us.M4.2 [AG V.A.2.a]
    order us.US-MORTAR-TEAM.1 F-K2105  # a Mortar Team's Direct Fire at hex K2105 [OP II.E.3]
    order german.PZIVJ.1 F-us.M4.2 L1  # fire, then turn left and move one hex
    order us.M4.1 N-L1802              # Opportunity Fire on hex L1802 [AG V.A.2.b]
    order us.M4.1 (UH)N-L1802          # the Upper Hull machinegun's own Opportunity Fire
                                       # (our reading of [ADV IV.E.2])
    order us.INFANTRY-SQUAD.1 (B)N-L1802  # the squad's Bazooka's own Opportunity Fire
                                       # (our reading of [ADV IV.E.3; ADV VI.A.1])
    order us.M4.1 T-german.PZIVJ.1     # Tracking Fire at that unit (OP) [OP XV.A]
    order us.M4.1 (UH)T-german.GE-INFANTRY-SQUAD.1  # the Upper Hull machinegun's own
                                       # Tracking Fire (OP) [OP XV.A; ADV IV.E.2]
    order us.INFANTRY-SQUAD.1 (B)T-german.PZIVJ.1  # the squad's Bazooka's own Tracking
                                       # Fire (OP) [OP XV.A; ADV IV.E.3]
    order us.M4.1 FS-L1802             # Direct Fire of Smoke into hex L1802 (OP) [OP IX.A.1]
    order german.STGIIIG-75.1 BL1      # one hex in reverse, turn left, one forward [AG V.C.4]
    order us.M4.1 2V                   # move two hexes, then Pivot in Place [AG V.C.6]
    order us.INFANTRY-SQUAD.1 A-german.PZIVJ.1   # Close Assault (Advanced Game) [ADV IV.A.1]
    order german.PZIVJ.1 K-us.INFANTRY-SQUAD.1-RR3 # Overrun while moving RR3 [ADV IV.A.2]
    order us.INFANTRY-SQUAD.1 D-us.M3-HALF-TRACK.1  # Load onto that Vehicle [ADV IV.B.1]
    order us.M3-HALF-TRACK.1 D                   # ... and the Vehicle's own Load order
    order us.INFANTRY-SQUAD.1 U V                # Unload, then pivot [ADV IV.B.1.c]
    order us.US-MG-TEAM.1 F-german.GE-INFANTRY-SQUAD.1 P  # Pinning Fire (OP) [OP XXVIII.A]
    order us.M18.1 F-german.PANTHER-A.1 CR       # APCR (OP) [OP XXIII]
    order us.M18.1 N-L1802 CR                    # Opportunity Fire with APCR (OP; our
                                                 # reading of [OP XXIII.A])
    order us.M4.1 F-german.PZIVJ.1 ROF-1         # one shot fewer than its Rate of Fire
                                                 # announced (OP) [OP XXIV.A.2.a-b]
    order us.M4.1 F-german.PZIVJ.1 (UH)F-german.GE-INFANTRY-SQUAD.1  # the Upper Hull
                                                 # machinegun's own fire [ADV IV.E.2]
    order us.INFANTRY-SQUAD.1 C                  # Full Cover [ADV IV.C]
    order us.INFANTRY-SQUAD.1 Y                  # Hasty Entrenchment (OP) [OP XXXII]
    order german.GE-INFANTRY-SQUAD.1 E           # Enter the Pillbox or Bunker in its hex
    order german.GE-INFANTRY-SQUAD.1 G           # ... and Exit it [CS Order Notations E, G]
    order us.M4.1 2R1 then F                     # out of Command Control: next Turn's orders
                                                 # plotted in advance (OP) [OP XIV.B.2]
    uncover us.INFANTRY-SQUAD.1        # Final Facing: the Full Cover unit removed [ADV IV.C.4]
    face us.M4.1 3 2                   # Final Facing: hull direction 3, turret 2 [AG VIII.A]
    face us.M4.1 3 2 buttoned          # ... and its Buttoned Turret unit placed [AG VIII.B.2]
    done german                        # the side has finished plotting
    opportunity-fire us.M4.1 german.PZIVJ.1   # fire the triggered Opportunity Fire [AG VII.F]
    done us                            # ... or decline it, letting the unit pass [AG VII.F]

A number moves forward that many hexes, ``L``/``R`` turn one hexside, ``B`` moves one hex in
reverse, ``V`` (last) pivots in the Final Facing Phase. Fire names the enemy unit by its game
id (the book's identification number [Intro III.B]); ``N-<hex>`` is Opportunity Fire on a
hex (:mod:`rules.armor.opportunity`), ``T-<unit>`` Tracking Fire at one enemy unit when it
moves [OP XV] (the same module). Directions are the book's numbers (1-6) of the section's
Directional Hexagon at the unit's hex.

The game reads the ``order``, ``face`` and ``opportunity-fire`` verbs (:data:`ACTIONS`,
:meth:`rules.engine.core.Game.parse_action`); the shared grammar in :mod:`rules.engine.actions` is
not edited.
"""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields, replace
from typing import ClassVar

from rules.engine.actions import Action, WordsAction, token
from rules.engine.errors import ActionSyntaxError

_MOVES = re.compile(r"^(?:[0-9]+|[LRBMW])*V?$")
#: A machinegun's fire order: its mount in parentheses, then "F-" and the enemy unit
#: ("(UH)F-19" [ADV IV.E.2]); an infantry weapon's the same with its letter code ("(B)F-865"
#: [ADV IV.E.3]: the hand-held Flamethrower, Bazooka, Panzerfaust, Panzerschreck, PIAT).
_MG = re.compile(r"^\((UH|TT|HR|FT|B|PT|PK|PA)\)F-(.+)$", re.IGNORECASE)
#: A machinegun's own Opportunity Fire order: its mount, then "N-" and the hex ("(UH)N-1802",
#: our reading of "separate fire orders" [ADV IV.E.2] with "N-1802" [AG V.A.2.b]); an infantry
#: anti-tank weapon's the same with its letter code ("(B)N-1802", our reading of [ADV IV.E.3]
#: with [ADV VI.A.1]).
_MG_N = re.compile(r"^\((UH|TT|HR|B|PT|PK|PA)\)N-(.+)$", re.IGNORECASE)
#: A machinegun's or an infantry anti-tank weapon's own Tracking Fire order (OP): its letter
#: codes, then "T" and the enemy unit ("(UH)T-19", "(B)T-865"): the book's "add the
#: machinegun's [the weapon's] letter codes to the firing plot" [ADV IV.E.2-3] with the
#: Tracking plot "T" and the target's number [OP XV.A] (:mod:`rules.armor.own_tracking`).
_MG_T = re.compile(r"^\((UH|TT|HR|B|PT|PK|PA)\)T-(.+)$", re.IGNORECASE)


def parse_moves(text: str) -> tuple[str, ...]:
    """The steps of a movement notation: ``F`` (one hex forward), ``B``, ``L``, ``R``, ``V``;
    ``M`` Up and ``W`` Down a storey [ADV IV.B.2] (:mod:`rules.armor.storeys`).

    Raises:
        ValueError: not a movement notation.
    """
    if not text or not _MOVES.match(text):
        raise ValueError(f"'{text}' is not a movement notation (numbers, L, R, B, M, W, then V)")
    steps: list[str] = []
    for part in re.findall(r"[0-9]+|[LRBMWV]", text):
        if part.isdigit():
            if len(part.lstrip("0")) > 2:  # "999999999" made a billion steps
                shown = part if len(part) <= 12 else part[:12] + "..."
                raise ValueError(f"a forward move of {shown} hexes: at most 99 in one run")
            if int(part) == 0:
                raise ValueError("a forward move is at least 1 hex")
            steps.extend("F" * int(part))
        else:
            steps.append(part)
    return tuple(steps)


def notation(steps: tuple[str, ...] | list[str]) -> str:
    """The book's notation of steps: runs of ``F`` as numbers (``FFRRF`` -> ``2RR1``)."""
    out: list[str] = []
    run = 0
    for s in steps:
        if s == "F":
            run += 1
            continue
        if run:
            out.append(str(run))
            run = 0
        out.append(s)
    if run:
        out.append(str(run))
    return "".join(out)


@dataclass(frozen=True)
class Order(Action):
    """One unit's orders for the Turn [AG V.A].

    Attributes:
        unit: the unit's game id.
        fire: the enemy unit of a Direct Fire order ("F-874"), or None; a hex for a Terrain
            Support unit's [ADV IV.E.5] or a Mortar Team's fire ("F-K2105" [OP II.E.3]).
        opportunity: the hex of an Opportunity Fire order ("N-1802"), or None.
        moves: the movement notation ("2RR1", "V"), "" for none.
        assault: the enemy Vehicle of a Close Assault order ("A-703" [ADV IV.A.1]), or None.
        overrun: the enemy Leg or Towed unit of an Overrun order, written with its movement
            as the book does ("K-19-RR3" [ADV IV.A.2]), or None.
        transfer: "D" Load or "U" Unload [ADV IV.B.1], or None.
        vehicle: the Vehicle a Leg or Towed unit Loads onto ("D-215"), or None. Our reading:
            the book shows it by stacking the counters [ADV IV.B.1.f]; the notation names it.
        pinning: the Direct Fire is a Machinegun Team's Normal Pinning Fire [OP XXVIII.A].
            The book has it announced, "no special notations are required"; our reading
            writes the announcement as "P" after the fire, as the orders are plotted secretly
            and the engine resolves the fire.
        area: the other target units of a Machinegun Team's Area Pinning Fire [OP XXVIII.B]
            (the first is ``fire``): "just the normal listing of the target unit or units";
            our reading writes the announcement "PA" and the other targets after it,
            "F-19 PA-20,21"; empty when the fire is not Area Pinning Fire.
        cover: a Full Cover ("C") order [ADV IV.C].
        entrench: a Hasty Entrenchment ("Y") order [OP XXXII.B].
        enter: an Enter Pillbox or Bunker ("E") order [CS Order Notations E]
            (:mod:`rules.armor.support.shelters`).
        leave: an Exit Pillbox or Bunker ("G") order [CS Order Notations G].
        apcr: the Direct Fire is American APCR Ammunition [OP XXIII]. The book decides "when
            the firing takes place"; our reading writes the choice as "CR" after the fire (the
            Gunnery Tables' "CR" lines), as the engine resolves the fire; after an Opportunity
            Fire order ("N-1802 CR") its fire at a Vehicle within 10 hexes is APCR.
        rate: the shots announced for the Direct Fire, fewer than normal (OP) [OP XXIV.A.2.a-b]:
            an AP fire is figured at that Rate of Fire, a GP fire's Factor halved for each shot
            less; None for the normal Rate. The book has it announced "before the fire is
            resolved"; our reading writes it on the order as "ROF-1" after the fire (the Rate
            of Fire fired), as the orders are plotted secretly and the engine resolves the fire
            (:mod:`rules.armor.optional.supply`).
        tracking: the enemy unit of a Tracking Fire order ("T" and its identification number
            [OP XV.A]; written "T-700" as the book writes "F-700"), or None.
        span: an SBG Bridge AVRE lays its Span this Turn ("SPAN", our notation [OP XXV.C.1];
            not "BR", a movement notation: back one hex and turn right).
        ahead: the next Turn's orders plotted in advance with a movement order of a unit out
            of Command Control [OP XIV.B.2] (:mod:`rules.armor.optional.command`), written
            after ``then``: a movement notation, "F" or "N" (the target filled in next Turn
            [OP XIV.B.2.b]) or "-" (no orders); None when none.
        smoke: the target hex of a Smoke fire order (OP) [OP IX.A.1], "FS" (Direct Fire of
            Smoke) "followed by the target hex number", written "FS-L1802" as "N-L1802" is
            (:mod:`rules.armor.optional.smoke`); None when none.
        smoke_indirect: the Smoke fire is "HS", Indirect Fire of Smoke [OP IX.A.1] (read and
            written; not yet played).
        mg: the independently fired machineguns' own Direct Fire orders, (mount, enemy unit)
            for each: "(UH)F-19" orders the Upper Hull machinegun to fire at unit 19
            [ADV IV.E.2] (:mod:`rules.armor.machineguns`); written after the main gun's fire.
        mg_opportunity: the machineguns' own Opportunity Fire orders, (mount, hex) for each:
            "(UH)N-1802" (our reading of "separate fire orders" [ADV IV.E.2] written as
            "N-1802" [AG V.A.2.b]); written after the main gun's Opportunity Fire, if any. An
            infantry anti-tank weapon's own Opportunity Fire order is one too, with its letter
            code: "(B)N-1802" (our reading of [ADV IV.E.3; VI.A.1]).
        mg_tracking: the machineguns' and the infantry anti-tank weapon's own Tracking Fire
            orders (OP), (letter code, enemy unit) for each: "(UH)T-19", "(B)T-865" [OP XV.A;
            ADV IV.E.2-3] (:mod:`rules.armor.own_tracking`); written after the main gun's
            Tracking Fire, if any.
    """

    verb: ClassVar[str] = "order"
    unit: str
    fire: str | None = None
    opportunity: str | None = None
    moves: str = ""
    assault: str | None = None
    overrun: str | None = None
    transfer: str | None = None
    vehicle: str | None = None
    pinning: bool = False
    area: tuple[str, ...] = ()
    cover: bool = False
    entrench: bool = False
    apcr: bool = False
    tracking: str | None = None
    span: bool = False
    ahead: str | None = None
    smoke: str | None = None
    smoke_indirect: bool = False
    mg: tuple[tuple[str, str], ...] = ()
    mg_opportunity: tuple[tuple[str, str], ...] = ()
    mg_tracking: tuple[tuple[str, str], ...] = ()
    enter: bool = False
    leave: bool = False
    rate: int | None = None

    def text(self) -> str:
        parts = [self.verb, self.unit]
        if self.assault:
            parts.append(f"A-{self.assault}")
        if self.fire:
            parts.append(f"F-{self.fire}")
        if self.pinning:
            parts.append("P")
        if self.area:
            parts.append(f"PA-{','.join(self.area)}")  # Area Pinning Fire [OP XXVIII.B]
        if self.apcr and self.fire:
            parts.append("CR")
        if self.rate is not None:
            parts.append(f"ROF-{self.rate}")  # fewer shots announced [OP XXIV.A.2.a-b]
        parts.extend(f"({mount})F-{target}" for mount, target in self.mg)  # [ADV IV.E.2]
        if self.opportunity:
            parts.append(f"N-{self.opportunity}")
            if self.apcr and not self.fire:
                parts.append("CR")  # Opportunity Fire with APCR (OP, our reading) [OP XXIII]
        parts.extend(f"({mount})N-{hex_}" for mount, hex_ in self.mg_opportunity)
        if self.tracking:
            parts.append(f"T-{self.tracking}")
        parts.extend(f"({mount})T-{target}" for mount, target in self.mg_tracking)  # [OP XV.A]
        if self.smoke:
            parts.append(f"{'HS' if self.smoke_indirect else 'FS'}-{self.smoke}")  # [OP IX.A.1]
        if self.transfer:
            parts.append(f"D-{self.vehicle}" if self.vehicle else self.transfer)
        if self.cover:
            parts.append("C")
        if self.entrench:
            parts.append("Y")
        if self.enter:
            parts.append("E")  # [CS Order Notations E]
        if self.leave:
            parts.append("G")  # [CS Order Notations G]
        if self.span:
            parts.append("SPAN")
        if self.overrun:
            parts.append(f"K-{self.overrun}-{self.moves}" if self.moves else f"K-{self.overrun}")
        elif self.moves:
            parts.append(self.moves)
        if self.ahead:
            parts.extend(("then", self.ahead))  # plotted in advance [OP XIV.B.2]
        return " ".join(parts)

    @classmethod
    def moving(cls, unit: str, moves: str) -> Order:
        """``Order(unit, moves=moves)``, made several times faster: the plot lists a unit's
        hundreds of movement orders each Turn [AG V.A.3], and a frozen dataclass's
        ``__init__`` sets its two dozen fields one at a time. The same order: the same
        fields, the same values (the defaults), in the same order."""
        order = object.__new__(cls)
        vars(order).update(_PLAIN, unit=unit, moves=moves)
        return order

    @property
    def notation(self) -> str:
        """As written on the Command Sheet."""
        return self.text().split(" ", 2)[2]

    @property
    def steps(self) -> tuple[str, ...]:
        return parse_moves(self.moves) if self.moves else ()

    @classmethod
    def parse(cls, args: list[str], line: str) -> Order:
        if len(args) < 2:
            raise ActionSyntaxError(
                f"'{line}': write 'order UNIT [A-UNIT] [F-UNIT] [(UH)F-UNIT] [N-HEX] [(UH)N-HEX] "
                "[T-UNIT] [(UH)T-UNIT] [FS-HEX] [D|U|D-UNIT] [C|Y|E|G] [K-UNIT-]MOVES' (after "
                "F-UNIT: P, PA-UNITS, CR, ROF-SHOTS)"
            )
        ahead = None
        words = [w.lower() for w in args]
        if "then" in words:  # the next Turn's orders plotted in advance [OP XIV.B.2]
            at = words.index("then")
            if at != len(args) - 2 or at < 2:
                raise ActionSyntaxError(f"'{line}': write 'order UNIT ORDERS then NEXT'")
            ahead = parse_ahead(args[-1], line)
            args = args[:at]
        unit = token(args[0], "unit id", line)
        fire = opportunity = assault = overrun = transfer = vehicle = tracking = None
        moves = ""
        pinning = apcr = span = indirect = False
        rate: int | None = None  # fewer shots announced [OP XXIV.A.2.a-b]
        area: tuple[str, ...] = ()  # Area Pinning Fire's other targets [OP XXVIII.B]
        smoke: str | None = None
        mg: list[tuple[str, str]] = []
        mg_n: list[tuple[str, str]] = []
        mg_t: list[tuple[str, str]] = []
        marks: dict[str, bool] = dict.fromkeys(_MARKS.values(), False)
        for word in args[1:]:
            upper = word[:2].upper()
            if word[:3].upper() in ("FS-", "HS-") and smoke is None and not moves:
                smoke = token(word[3:], "hex", line)  # Smoke (OP) [OP IX.A.1]
                indirect = word[0].upper() == "H"
            elif upper == "K-" and overrun is None and not moves:  # "K-19-RR3" [ADV IV.A.2]
                overrun, moves = _overrun(word[2:], line)
            elif word.upper() in ("D", "U") and transfer is None and not moves:
                transfer = word.upper()
            elif upper == "D-" and transfer is None and not moves:
                transfer, vehicle = "D", token(word[2:], "unit id", line)
            elif upper == "A-" and assault is None and not moves:
                assault = token(word[2:], "unit id", line)
            elif upper == "F-" and fire is None and not moves:
                fire = token(word[2:], "unit id", line)
            elif word.upper() == "P" and fire is not None and not pinning and not moves:
                pinning = True  # Pinning Fire [OP XXVIII]
            elif upper == "PA" and word[2:3] == "-" and fire is not None and not area:
                area = tuple(token(t, "unit id", line) for t in word[3:].split(","))
            elif word.upper() == "CR" and (fire or opportunity) and not apcr and not moves:
                apcr = True  # American APCR Ammunition [OP XXIII]
            elif word[:4].upper() == "ROF-" and fire is not None and rate is None and not moves:
                rate = _rate(word[4:], line)  # fewer shots announced [OP XXIV.A.2.a-b]
            elif (gun := _MG.match(word)) is not None and not moves:  # "(UH)F-19" [IV.E.2]
                mg.append((gun.group(1).upper(), token(gun.group(2), "unit id", line)))
            elif (gun := _MG_N.match(word)) is not None and not moves:  # "(UH)N-1802"
                mg_n.append((gun.group(1).upper(), token(gun.group(2), "hex", line)))
            elif (gun := _MG_T.match(word)) is not None and not moves:  # "(UH)T-19" [OP XV.A]
                mg_t.append((gun.group(1).upper(), token(gun.group(2), "unit id", line)))
            elif word.upper() == "SPAN" and not span and not moves:
                span = True  # the SBG Bridge AVRE's Span [OP XXV.C.1]
            elif word.upper() in _MARKS and not marks[_MARKS[word.upper()]] and not moves:
                marks[_MARKS[word.upper()]] = True  # "C" [ADV IV.C], "Y" [OP XXXII], "E", "G"
            elif upper == "N-" and opportunity is None and not moves:
                opportunity = token(word[2:], "hex", line)
            elif upper == "T-" and tracking is None and not moves:
                tracking = token(word[2:], "unit id", line)  # Tracking Fire [OP XV.A]
            elif not moves:
                try:
                    parse_moves(word.upper())
                except ValueError as exc:
                    raise ActionSyntaxError(f"'{line}': {exc}") from None
                moves = notation(list(parse_moves(word.upper())))
            else:
                raise ActionSyntaxError(f"'{line}': unexpected '{word}'")
        found = cls(unit, fire, opportunity, moves, assault, overrun, transfer, vehicle)
        found = replace(found, area=area) if area else found  # [OP XXVIII.B]
        if pinning or apcr or any(marks.values()):
            found = replace(
                found,
                pinning=pinning,
                apcr=apcr,
                cover=marks["cover"],
                entrench=marks["entrench"],
                enter=marks["enter"],
                leave=marks["leave"],
            )
        found = replace(found, span=True) if span else found
        found = replace(found, rate=rate) if rate is not None else found
        found = replace(found, tracking=tracking) if tracking else found
        found = replace(found, smoke=smoke, smoke_indirect=indirect) if smoke else found
        found = replace(found, mg=tuple(mg)) if mg else found
        found = replace(found, mg_opportunity=tuple(mg_n)) if mg_n else found
        found = replace(found, mg_tracking=tuple(mg_t)) if mg_t else found
        return replace(found, ahead=ahead) if ahead else found


def _rate(text: str, line: str) -> int:
    """The shots of "ROF-1": a whole number, at least one [OP XXIV.A.2.a-b]."""
    if not text.isdigit() or int(text) < 1:
        raise ActionSyntaxError(
            f"'{line}': fewer shots are announced as 'ROF-' and a number of shots, at least 1 "
            "[OP XXIV.A.2.a-b]"
        )
    return int(text)


#: An Order's fields with their defaults, in their order (:meth:`Order.moving`); every default
#: is immutable (None, False, "", ()).
_PLAIN: dict[str, object] = {
    f.name: None if f.default is MISSING else f.default for f in fields(Order)
}


def parse_ahead(word: str, line: str) -> str:
    """Orders plotted in advance for the next Turn [OP XIV.B.2]: a movement notation
    ("specific and exact"), "F" or "N" (Direct or Opportunity Fire, the target filled in
    during that Turn's Order Plot [OP XIV.B.2.b]) or "-" (no orders, our reading)."""
    upper = word.upper()
    if upper in ("-", "F", "N"):
        return upper
    try:
        return notation(list(parse_moves(upper)))
    except ValueError as exc:
        raise ActionSyntaxError(
            f"'{line}': orders in advance are a movement notation, F, N or - ({exc})"
        ) from None


#: The one-letter orders with no argument: Full Cover [ADV IV.C], Hasty Entrenchment
#: [OP XXXII], Enter and Exit Pillbox or Bunker [CS Order Notations E, G] (the Order field each
#: sets).
_MARKS = {"C": "cover", "Y": "entrench", "E": "enter", "G": "leave"}


def _overrun(text: str, line: str) -> tuple[str, str]:
    """The target and movement of "K-19-RR3" [ADV IV.A.2] (the ``K-`` taken off); the
    movement may also follow as its own word ("K-19 RR3"), then it is "" here."""
    target, _, tail = text.rpartition("-")
    if target:
        try:
            steps = parse_moves(tail.upper())
        except ValueError:
            pass
        else:
            return token(target, "unit id", line), notation(list(steps))
    return token(text, "unit id", line), ""


@dataclass(frozen=True)
class Face(Action):
    """Final Facing and Adjustment [AG VIII.A]: the hull's and the turret's direction numbers
    (1-6) at the unit's hex; ``hatch``: the Turret unit exchanged for a ``buttoned`` or an
    ``open`` one [AG VIII.B.2] (:mod:`rules.armor.hatches`), None when it is kept."""

    verb: ClassVar[str] = "face"
    unit: str
    hull: int
    turret: int
    hatch: str | None = None

    def text(self) -> str:
        tail = f" {self.hatch}" if self.hatch else ""
        return f"{self.verb} {self.unit} {self.hull} {self.turret}{tail}"

    @classmethod
    def parse(cls, args: list[str], line: str) -> Face:
        hatch = args[3].lower() if len(args) == 4 else None
        if (
            len(args) not in (3, 4)
            or not all(a in "123456" and len(a) == 1 for a in args[1:3])
            or hatch not in (None, "buttoned", "open")
        ):
            raise ActionSyntaxError(
                f"'{line}': write 'face UNIT HULL TURRET [buttoned|open]' (directions 1-6)"
            )
        return cls(token(args[0], "unit id", line), int(args[1]), int(args[2]), hatch)


@dataclass(frozen=True)
class OpportunityFire(WordsAction):
    """Fire a triggered Opportunity Fire order at the unit that triggered it [AG VII.F.3]. The
    owner may instead decline (``done``): "the player may decline to fire and wait for later
    units" [AG VII.F]."""

    verb: ClassVar[str] = "opportunity-fire"
    words: ClassVar[tuple[str, ...]] = ("unit id", "unit id")
    usage: ClassVar[str] = "UNIT TARGET"
    unit: str
    target: str


@dataclass(frozen=True)
class Uncover(WordsAction):
    """Remove the Full Cover unit from a unit in the Final Facing and Adjustment Phase, the only
    time it may be removed [ADV IV.C.4; AG VIII: "Full Cover units are removed where
    desired"]."""

    verb: ClassVar[str] = "uncover"
    words: ClassVar[tuple[str, ...]] = ("unit id",)
    usage: ClassVar[str] = "UNIT"
    unit: str


@dataclass(frozen=True)
class Panic(WordsAction):
    """Voluntary Panic [OP XVII.E]: "players may voluntarily give a unit Panic orders" ("P"),
    in the Order Plot Phase, with the Morale option; it stays panicked until it rallies
    [OP XVII.C-D]."""

    verb: ClassVar[str] = "panic"
    words: ClassVar[tuple[str, ...]] = ("unit id",)
    usage: ClassVar[str] = "UNIT"
    unit: str


#: Armor's verbs (with the shared ``done`` and ``force-dice``).
ACTIONS: tuple[type[Action], ...] = (Order, Face, OpportunityFire, Uncover, Panic)
