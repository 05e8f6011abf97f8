"""The Optional Rules [OP] that a scenario switches on by name in ``rules.options`` ("Any or all
of the following Optional Rules can be added to the game in any combination" [OP I]), as
:mod:`rules.armor.turret` plays Effects of Turret Facing [OP VII].

- :mod:`rules.armor.optional.reduction`: Infantry Unit Reduction [OP XII]
  (``infantry-reduction``).
- :mod:`rules.armor.optional.blaze`: the Fire and Smoke Phase with Fires in Buildings and
  Alleys [OP XI] (``building-fires``) and Building Destruction [OP XVIII]
  (``building-destruction``).
- :mod:`rules.armor.optional.gp_terrain`: GP Fire Terrain Modifiers Against Vehicles [OP XXIX]
  (``gp-vehicle-terrain``).
- :mod:`rules.armor.optional.depression`: Main Gun Depression [OP VI] (``gun-depression``).
- :mod:`rules.armor.optional.pinning`: Machinegun Team Pinning Fire [OP XXVIII]
  (``mg-pinning``).
- :mod:`rules.armor.optional.vehicles`: German Armored Car Reverse Movement [OP XX]
  (``armored-car-reverse``), Additional Vehicle Armor [OP XXI] (``additional-armor``) and
  Emergency Vehicle Speed [OP XXX] (``emergency-speed``).
- :mod:`rules.armor.optional.special_infantry`: Rangers and Commandos [OP V.C]
  (``special-infantry``).
- :mod:`rules.armor.optional.supply`: Limited Ammunition and Fuel [OP XXIV]
  (``limited-ammunition``, ``ammunition-allotment``, ``variable-supply``).
- :mod:`rules.armor.optional.apcr`: American APCR Ammunition [OP XXIII] (``apcr``).
- :mod:`rules.armor.optional.entrench`: Hasty Entrenchments [OP XXXII]
  (``hasty-entrenchments``), dug under the Full Cover of :mod:`rules.armor.cover` [ADV IV.C].
- :mod:`rules.armor.opportunity`: Tracking Fire [OP XV] (``tracking-fire``), the "T" order
  fired as Opportunity Fire when its one target moves.
- :mod:`rules.armor.optional.intel`: Limited Intelligence [OP X]: Inverted Units
  (``inverted-units``), Completely Hidden Units (``completely-hidden-units``), for every side
  or one side (``rules.side_options``), the Optional Sighting Rules of elevation
  (``sighting-elevation``), Full Cover Towed and Leg units (``sighting-full-cover``), dust
  (``sighting-dust``) and Smoking Wreck units (``smoking-wrecks``), and the Optional Noise
  Rules (``noise``).
- :mod:`rules.armor.optional.command`: Organization and Command Control [OP XIV.A-B]
  (``command-control``) and Radio Jamming [OP XIV.C] (``radio-jamming``).
- :mod:`rules.armor.optional.morale`: Morale and Panic, Training and Experience, Aces
  [OP XVII] (``morale``), with its Panic Movement [OP XVII.C] in
  :mod:`rules.armor.optional.panic`.
- :mod:`rules.armor.optional.flak`: the 88mm FLAK 38 AT Gun's third Turn of Unloading [OP XIX]
  (``flak-88``).
- :mod:`rules.armor.optional.specials`, :mod:`~rules.armor.optional.sbg` and
  :mod:`~rules.armor.optional.culin`: Special Vehicle Units [OP XXV], played wherever a force
  holds one (no option name: the unit is the choice).
- :mod:`rules.armor.optional.airborne`: Airborne Operations, Paratroop drops [OP XXXI.A]
  (``airborne-operations``), a reinforcement placed ``airdrop``.
- :mod:`rules.armor.optional.smoke`: Smoke and Starshells [OP IX] (``smoke``): the "FS"
  order, its Smoke unit a Turn later and its removal.
- :mod:`rules.armor.optional.boats`: Assault Boats [OP XXVI], played wherever a scenario lists
  a ``BOAT`` unit (the unit is the choice); ``assault-boats`` (our name) has the Point Selection
  sell them, "Boat units are worth 2 Points each" [OP XXVI.A] (:mod:`rules.armor.pointbuy`).

The state these rules keep is in :mod:`rules.armor.optional.records`; a game that names none of
the options keeps its fingerprints, its sequence and its position files as they were.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.catalog import unit_types
from model.provenance import unwrap
from model.systems import GameSystem
from rules.armor.units import card_values

if TYPE_CHECKING:
    from rules.armor.game import ArmorGame

#: The option names a scenario's ``rules.options`` lists, with their sections.
REDUCTION = "infantry-reduction"  # [OP XII]
FIRES = "building-fires"  # [OP XI]
DESTRUCTION = "building-destruction"  # [OP XVIII]
GP_TERRAIN = "gp-vehicle-terrain"  # [OP XXIX]
DEPRESSION = "gun-depression"  # [OP VI]
PINNING = "mg-pinning"  # [OP XXVIII]
REVERSE = "armored-car-reverse"  # [OP XX]
SPECIAL = "special-infantry"  # [OP V]
ENTRENCH = "hasty-entrenchments"  # [OP XXXII]
AMMUNITION = "limited-ammunition"  # [OP XXIV.A]
VARIABLE = "variable-supply"  # [OP XXIV.C]
ALLOTMENT = "ammunition-allotment"  # [OP XXIV.B] (our name)
APCR = "apcr"  # [OP XXIII]
SANDBAGS = "additional-armor"  # [OP XXI]
EMERGENCY = "emergency-speed"  # [OP XXX]
TRACKING = "tracking-fire"  # [OP XV]
INVERTED = "inverted-units"  # [OP X.A]
HIDDEN = "completely-hidden-units"  # [OP X.B]
ELEVATION = "sighting-elevation"  # [OP X.C.1]
DUST = "sighting-dust"  # [OP X.C.3]
WRECKS = "smoking-wrecks"  # [OP X.C.4]
NOISE = "noise"  # [OP X.D] (our name)
FULL_COVER_SIGHTING = "sighting-full-cover"  # [OP X.C.2]
BUTTONED_SIGHTING = "sighting-buttoned"  # [OP X.C.5] (rules.armor.hatches)
MORALE = "morale"  # [OP XVII] (our name)
FLAK88 = "flak-88"  # [OP XIX] (our name)
CAPTURED = "captured-equipment"  # [OP XXII] (our name; rules.armor.captured)
COMMAND = "command-control"  # [OP XIV.A-B] (our name)
JAMMING = "radio-jamming"  # [OP XIV.C] (our name)
AIRBORNE = "airborne-operations"  # [OP XXXI] (our name)
SMOKE = "smoke"  # [OP IX] (our name)
BOATS = "assault-boats"  # [OP XXVI] (our name; the point-buy sells Boats, rules.armor.pointbuy)

OPTIONS: dict[str, str] = {
    REDUCTION: "Infantry Unit Reduction [OP XII]",
    FIRES: "Fires in Buildings and Alleys [OP XI]",
    DESTRUCTION: "Building Destruction [OP XVIII]",
    GP_TERRAIN: "GP Fire Terrain Modifiers Against Vehicles [OP XXIX]",
    DEPRESSION: "Main Gun Depression [OP VI]",
    PINNING: "Machinegun Team Pinning Fire [OP XXVIII]",
    REVERSE: "German Armored Car Reverse Movement [OP XX]",
    SPECIAL: "Special Infantry Units and Equipment [OP V] (Rangers and Commandos)",
    ENTRENCH: "Hasty Entrenchments [OP XXXII]",
    AMMUNITION: "Limited Ammunition and Fuel: Ammunition Limits and Expenditure [OP XXIV.A]",
    VARIABLE: "Limited Ammunition and Fuel: Variable Vehicle Fuel and Ammunition [OP XXIV.C]",
    ALLOTMENT: "Limited Ammunition and Fuel: Ammunition Allotment [OP XXIV.B]",
    APCR: "American APCR Ammunition [OP XXIII]",
    SANDBAGS: "Additional Vehicle Armor [OP XXI]",
    EMERGENCY: "Emergency Vehicle Speed [OP XXX]",
    TRACKING: "Tracking Fire [OP XV]",
    INVERTED: "Limited Intelligence: Inverted Units [OP X.A]",
    HIDDEN: "Limited Intelligence: Completely Hidden Units [OP X.B]",
    ELEVATION: "Optional Sighting Rules: Elevation Level Differences [OP X.C.1]",
    FULL_COVER_SIGHTING: "Optional Sighting Rules: Full Cover Towed and Leg Units [OP X.C.2]",
    DUST: "Optional Sighting Rules: Dust Created by Moving Vehicles [OP X.C.3]",
    WRECKS: "Optional Sighting Rules: Smoking Wreck Units [OP X.C.4]",
    NOISE: "Optional Noise Rules [OP X.D] (with Completely Hidden Units)",
    BUTTONED_SIGHTING: "Optional Sighting Rules: Buttoned Sighting [OP X.C.5]",
    MORALE: "Morale and Panic - Training and Experience [OP XVII]",
    FLAK88: "88mm FLAK 38 AT Gun [OP XIX]",
    CAPTURED: "Captured and Borrowed Equipment [OP XXII]",
    COMMAND: "Organization and Command Control [OP XIV.A-B]",
    JAMMING: "Interrupted Command Control - Radio Jamming [OP XIV.C]",
    AIRBORNE: "Airborne Operations: Paratroops [OP XXXI.A]",
    SMOKE: "Smoke and Starshells: the Direct Fire of Smoke [OP IX.A]",
    BOATS: "Assault Boats [OP XXVI]: the Point Selection sells Boat units (a Boat counter in a "
    "force list plays without it)",
}


def in_use(game: ArmorGame, option: str) -> bool:
    """Whether the scenario plays the Optional Rule ``option`` [OP I]."""
    return option in game.scenario.rules.options


def card_value(type_id: str, key: str) -> object:
    """A Data Card value of the unit type that :class:`rules.armor.units.ArmorUnit` does not
    carry (the catalogue's, unwrapped; a variant's base card's where the variant gives none
    [OP XXV]), or None."""
    item = card_values(unit_types(GameSystem.ARMOR)[type_id]).get(key)
    return unwrap(item) if item is not None else None
