"""Special Vehicle Units [OP XXV]: the Sherman "Crab" [A], the Churchill Petard AVRE [B] and
the Flamethrower Tanks, the Flammen III and the Churchill "Crocodile" [D].

How a force names one: the variants "mentioned in the 'Notes' sections of their Data Cards"
[OP XXV] are catalogue unit types of their own, ``SHERMAN-CRAB`` (card 120),
``CHURCHILL-AVRE-PETARD``, ``CHURCHILL-AVRE-SBG`` and ``CHURCHILL-CROCODILE`` (card 108),
with their base card's values where they give none (:func:`rules.armor.units.card_values`);
the Flammen III is its own card, ``FLAMMEN-III`` (137). No ``rules.options`` entry: a force
that holds one plays its rules (our reading: the unit is the choice).

- The Crab [A.1]: no Direct or Opportunity Fire at a target to its front (our reading: in the
  hull's Field of Fire, the front 60 degrees [AG VI.A.3]) at a lower elevation level.
- The Crab [A.2]: ordered to move no more than one hex this Turn, it clears the first
  Minefield hex it enters this Turn (our reading: the flail goes first, so the Mines there
  do not attack it); a cleared hex has no mines for anyone for the rest of the game.
- The Petard [B.1]: the 290mm mortar fires GP (the card's GP Factors are not in the text:
  :data:`PLACEHOLDER` in the catalogue), no 75mm gun. [B.2]: after it fires with the Turret
  unit not directly forward the mortar is not reloaded, and it may not fire again until the
  Turret unit faces forward (a Final Facing with it forward reloads it; a shot fired with it
  forward reloads at once, "no additional time").
- Flamethrowers [D.3]: GP fire with the card's GP Factor (placeholder), "10" added to the
  roll, never while moving (with movement orders); [D.4] against a Building or Alley hex a
  Fire starts at once where Fires in Buildings and Alleys [OP XI] is played; [D.5] a Vehicle
  it fired at that is not Knocked Out makes a Bail Out attempt on the GP Knock Out column,
  No Damage line (:mod:`rules.armor.bailout`). The Flammen III's flamethrower is its only
  fired weapon (the engine fires no independent machineguns), so "either ... or" [D.1] holds;
  the Crocodile [D.2] fires one weapon a Turn (one fire order), our reading of which: the
  flamethrower at a target within its range when it has no movement orders, else the 75mm.

The SBG Bridge AVRE [C] is :mod:`rules.armor.optional.sbg`, the Culin Hedgerow Device [E]
:mod:`rules.armor.optional.culin`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import Field

from model.base import StrictModel
from model.catalog import unit_types
from model.hexes import Hex
from model.provenance import Value, unwrap
from model.systems import GameSystem
from rules.armor.optional import FIRES, card_value, culin, in_use
from rules.armor.optional.events import HexChanged
from rules.armor.units import card_values
from rules.engine.events import Modifier
from rules.engine.record import OMIT, Record, plain, state_field

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame, ArmorState
    from rules.records.position import PositionReader

CRAB_FIRE_RULE = "[OP XXV.A.1]"
CRAB_CLEAR_RULE = "[OP XXV.A.2]"
PETARD_RULE = "[OP XXV.B.2]"
#: The dice modifier of every flamethrower fire [OP XXV.D.3].
FLAME_BONUS = Modifier("Flamethrower", 10, "[OP XXV.D.3]")
#: The hit location a flamethrower's Bail Out attempt is read at (:mod:`rules.armor.bailout`).
FLAME = "FT"


def _unless_empty(value: Any) -> Any:
    return plain(value) if value else OMIT


@dataclass
class Specials(Record):
    """What the Special Vehicle Units keep during play [OP XXV]; left out of the fingerprint
    while empty.

    Attributes:
        cleared: the Minefield hexes a Crab has cleared: no mines for the rest of the game
            [OP XXV.A.2].
        swept: each Crab with the Turn it last cleared a hex ("one hex ... per Turn").
        unloaded: the Petards whose mortar fired with the Turret unit not forward and is not
            yet reloaded [OP XXV.B.2].
        broken: the Hedgerow hexes a Culin Device broke through [OP XXV.E.2].
        attempted: each Vehicle with the Turn of its last break-through attempt [E.1.c].
        carrying: each Vehicle with the Turn it broke through, carrying the hedgerow [E.3].
        spans: each Span unit standing, with the SBG Bridge AVRE that laid it [OP XXV.C].
        laid: the SBG Bridge AVREs that have placed their one Span [C.2].
    """

    cleared: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    swept: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    unloaded: set[str] = state_field(default_factory=set, encode=_unless_empty)
    broken: set[Hex] = state_field(default_factory=set, encode=_unless_empty)
    attempted: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    carrying: dict[str, int] = state_field(default_factory=dict, encode=_unless_empty)
    spans: dict[Hex, str] = state_field(default_factory=dict, encode=_unless_empty)
    #: Its own key in the snapshot: ``laid`` is :class:`rules.armor.records.Fieldworks`' (the
    #: Mines written), and a game with both would fail on its fingerprint.
    laid: set[str] = state_field(default_factory=set, key="spans_laid", encode=_unless_empty)


def _flag(state: ArmorState, unit: str, key: str) -> bool:
    spec = state.game.units.get(unit)
    return spec is not None and card_value(spec.type_id, key) is True


def crab(state: ArmorState, unit: str) -> bool:
    """A Sherman "Crab" [OP XXV.A]."""
    return _flag(state, unit, "no_fire_at_lower_targets_to_front")


def petard(state: ArmorState, unit: str) -> bool:
    """A Churchill Petard AVRE [OP XXV.B]."""
    return _flag(state, unit, "reload_turret_forward")


def flamethrower_tank(state: ArmorState, unit: str) -> bool:
    """A Flamethrower Tank [OP XXV.D]: the Flammen III or the Crocodile."""
    return _flag(state, unit, "flamethrower")


# --- GP weapons: the Petard's mortar, the flamethrowers [OP XXV.B.1; D.3] ----------------------


@dataclass(frozen=True)
class Weapon:
    """A special GP weapon's Gunnery Table line: (last range of the band, NM GP Factor)."""

    name: str
    bands: tuple[tuple[int, int], ...]
    placeholder: str

    @property
    def longest(self) -> int:
        return self.bands[-1][0]

    def factor(self, rng: int) -> int:
        return next((f for top, f in self.bands if rng <= top), 0)


def _weapon(state: ArmorState, unit: str, key: str, name: str) -> Weapon | None:
    """The catalogue's bands for the weapon, written "LAST-RANGE:NM-GP-FACTOR"."""
    spec = state.game.units.get(unit)
    if spec is None:
        return None
    item = card_values(unit_types(GameSystem.ARMOR)[spec.type_id]).get(key)
    raw = unwrap(item) if item is not None else None
    if not isinstance(raw, list):
        return None
    bands = tuple((int(top), int(f)) for top, f in (str(b).split(":") for b in raw))
    note = item.placeholder if isinstance(item, Value) else None
    return Weapon(name, bands, note or "")


def weapon(state: ArmorState, unit: str) -> Weapon | None:
    """The unit's special GP weapon: the 290mm mortar [OP XXV.B.1] or the flamethrower
    [OP XXV.D.3], else None."""
    if petard(state, unit):
        return _weapon(state, unit, "mortar_gp", "290mm mortar")
    if flamethrower_tank(state, unit):
        return _weapon(state, unit, "flamethrower_gp", "flamethrower")
    return None


def flames(state: ArmorState, unit: str, rng: int, moving: bool) -> bool:
    """Whether this fire of ``unit`` at range ``rng`` is its flamethrower's: always the Flammen
    III's (its only fired weapon [OP XXV.D.1]); the Crocodile's within the flamethrower's range
    and not moving, else its 75mm (our reading of "either ... or" [OP XXV.D.2])."""
    if not flamethrower_tank(state, unit):
        return False
    if state.game.units[unit].gun is None:
        return True
    found = weapon(state, unit)
    return found is not None and not moving and rng <= found.longest


def special_fire(state: ArmorState, unit: str, rng: int, moving: bool) -> Weapon | None:
    """The special weapon this fire uses (:func:`weapon`), or None for the normal gun."""
    if petard(state, unit) or flames(state, unit, rng, moving):
        return weapon(state, unit)
    return None


def dice_modifier(state: ArmorState, unit: str, rng: int, moving: bool) -> Modifier | None:
    """+10 to the roll of a flamethrower fire [OP XXV.D.3]."""
    return FLAME_BONUS if flames(state, unit, rng, moving) else None


# --- why a special vehicle may not fire [OP XXV.A.1; B.2; D.3] ---------------------------------


def why_not_fire(state: ArmorState, unit: str, target: str, moving: bool) -> str | None:
    """Why the special vehicle ``unit`` may not fire at ``target`` now, or None."""
    if state.specials.carrying:
        hedge = culin.why_not_fire(state, unit, target)  # [OP XXV.E.3]
        if hedge is not None:
            return hedge
    if crab(state, unit):
        return _crab_front(state, unit, target)
    if petard(state, unit) and unit in state.specials.unloaded and state.troops.turret[unit]:
        return (
            "the 290mm mortar is not reloaded: the Turret unit must point directly forward to "
            f"reload {PETARD_RULE}"
        )
    if flamethrower_tank(state, unit) and state.game.units[unit].gun is None and moving:
        return "a flamethrower may not be fired while moving [OP XXV.D.3]"
    return None


def _crab_front(state: ArmorState, unit: str, target: str) -> str | None:
    from rules.armor.fire import in_field_of_fire

    a, b = state.troops.hexes[unit], state.troops.hexes[target]
    lower = state.game.level(b) < state.game.level(a)
    if lower and in_field_of_fire(state.troops.facing[unit], a, b):
        return (
            "a Crab may not fire at a target to its front at a lower elevation level "
            f"{CRAB_FIRE_RULE} (our reading of its front: the hull's Field of Fire)"
        )
    return None


# --- after a special weapon fired [OP XXV.B.2; D.4-5] -----------------------------------------


def fired(state: ArmorState, unit: str, target: str, used: Weapon | None) -> bool:
    """Note what a special weapon's fire leaves behind; True when it was a flamethrower's, so
    a Vehicle target makes its Bail Out attempt [OP XXV.D.5]."""
    if used is None:
        return False
    if petard(state, unit):
        if state.troops.turret[unit]:
            state.specials.unloaded.add(unit)  # not forward: no reloading [B.2]
        else:
            state.specials.unloaded.discard(unit)
        return False
    _flame_fire(state, state.troops.hexes[target])
    return True


def _flame_fire(state: ArmorState, h: Hex) -> None:
    """[OP XXV.D.4]: "The flamethrower automatically starts Fires when used against an Alley
    or Building hex" (the Fire unit of Fires in Buildings and Alleys [OP XI], when played)."""
    start_fire(state, h, "[OP XXV.D.4; OP XI.C]")


def start_fire(state: ArmorState, h: Hex, rule: str) -> None:
    """A flamethrower used against ``h``: a Fire unit there when it is an Alley or Building
    hex and Fires in Buildings and Alleys [OP XI] is played [OP XXV.D.4; OP V.B.4]."""
    from rules.armor.optional.blaze import fire_row

    game, blazes = state.game, state.blazes
    if not in_use(game, FIRES) or h in blazes.fires or fire_row(game, h) is None:
        return
    blazes.fires[h] = state.play.turn
    blazes.flamed.add(h)
    what = "Fire unit placed: a flamethrower used against an Alley or Building hex"
    state.emit(HexChanged(game.name(h), what, rule))


def reload(state: ArmorState, unit: str) -> None:
    """A Final Facing with the Turret unit directly forward reloads the mortar [OP XXV.B.2]."""
    if unit in state.specials.unloaded and not state.troops.turret[unit]:
        state.specials.unloaded.discard(unit)


# --- the Crab clears a Minefield hex [OP XXV.A.2] ---------------------------------------------


def cleared(state: ArmorState, h: Hex) -> bool:
    """Whether a Crab has cleared ``h``: "considered to no longer contain any mines"."""
    return h in state.specials.cleared


def sweep(state: ArmorState, unit: str, h: Hex) -> bool:
    """The Crab ``unit`` has entered ``h``: it clears it when it is a Minefield hex not yet
    cleared, the Crab is ordered to move no more than one hex this Turn and has cleared none
    this Turn [OP XXV.A.2]. True when it cleared it (the Mines there attack nobody)."""
    if not crab(state, unit) or cleared(state, h) or state.game.works.minefield(h) is None:
        return False
    kept = state.specials
    if state.hexes_ordered(unit) > 1 or kept.swept.get(unit) == state.play.turn:
        return False
    kept.cleared.add(h)
    kept.swept[unit] = state.play.turn
    what = f"{unit} clears the Minefield hex with its flail: it no longer contains any mines"
    state.emit(HexChanged(state.game.name(h), what, CRAB_CLEAR_RULE))
    return True


# --- in a position file ------------------------------------------------------------------------


class SpecialsState(StrictModel):
    """:class:`Specials` by hex names and unit ids [OP XXV.A.2; B.2; E]."""

    cleared: list[str] = Field(default_factory=list)
    swept: dict[str, int] = Field(default_factory=dict)
    unloaded: list[str] = Field(default_factory=list)
    broken: list[str] = Field(default_factory=list)
    attempted: dict[str, int] = Field(default_factory=dict)
    carrying: dict[str, int] = Field(default_factory=dict)
    spans: dict[str, str] = Field(default_factory=dict)
    laid: list[str] = Field(default_factory=list)


def specials_of(state: ArmorState) -> SpecialsState | None:
    kept = state.specials
    if kept.snapshot() == {}:
        return None
    return SpecialsState(
        cleared=[state.game.name(h) for h in sorted(kept.cleared)],
        swept=dict(sorted(kept.swept.items())),
        unloaded=sorted(kept.unloaded),
        broken=[state.game.name(h) for h in sorted(kept.broken)],
        attempted=dict(sorted(kept.attempted.items())),
        carrying=dict(sorted(kept.carrying.items())),
        spans={state.game.name(h): u for h, u in sorted(kept.spans.items())},
        laid=sorted(kept.laid),
    )


def read_specials(game: ArmorGame, kept: SpecialsState | None, reader: PositionReader) -> Specials:
    found = Specials()
    if kept is None:
        return found
    path = ("state", "specials")
    for key in ("cleared", "broken"):
        names: list[str] = getattr(kept, key)
        hexes = (reader.hex(n, (*path, key, n)) for n in names)
        setattr(found, key, {h for h in hexes if h is not None})
    for key in ("swept", "attempted", "carrying"):
        turns: dict[str, int] = getattr(kept, key)
        known = {u: t for u, t in turns.items() if reader.unit(u, game.units, (*path, key))}
        setattr(found, key, known)
    found.unloaded = {u for u in kept.unloaded if reader.unit(u, game.units, (*path, "unloaded"))}
    found.laid = {u for u in kept.laid if reader.unit(u, game.units, (*path, "laid"))}
    for name, unit in kept.spans.items():
        h = reader.hex(name, (*path, "spans", name))
        if h is not None and reader.unit(unit, game.units, (*path, "spans", name)):
            found.spans[h] = unit
    return found
