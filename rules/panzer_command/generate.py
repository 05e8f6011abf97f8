"""Scenario Generation [§23]: a Panzer Command scenario rolled with the seeded dice.

The book generates scenarios and balances them in "approximately 4½ pages, including charts and
tables" [§23] that the abbreviated text omits; §25 calls it "wildly varying". So every table
here is our reading, a placeholder with its basis, and the scenario written says so. What the
generator rolls, in order, each on a d10 read 0-9 [§2.3]:

1. the attacker (the Initiative player [§3.2]);
2. the objective, a town or height of the Chir map, which the defender holds;
3. each side's Division HQ space [§4.1], Dispatch Points, Direct Commands [§4.2], the
   attacker's Air Strength [§18] and off-map batteries [§14.5];
4. the attacker's companies, then the defender's until they are worth at least
   :data:`BALANCE` of the attacker's (the balancing of §23, our reading: Hexwright's own unit
   costs, :mod:`rules.panzer_command.pointbuy`);
5. the defender's reinforcements [§15], the first Game-Turn and the length.

The attacker enters from the map edge nearest the objective (so the attack arrives within the
game), the defender sets up within 2 hexes of it; victory is by points for its hexes and for
enemy Steps lost (as the built-in Sowchos 79).

Same seed, same scenario: the dice are :class:`rules.engine.dice.Dice` from the seed alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from model.catalog import unit_types
from model.systems import GameSystem
from rules.engine.dice import Dice
from rules.panzer_command.pointbuy import PanzerCommandPointBuy

PLACEHOLDER = (
    "Hexwright's scenario generator: the book's Scenario Generation tables [§23] are not in "
    "the abbreviated text; every roll is on a table of our own"
)
#: The defender is bought up to this share of the attacker's cost: our reading of §23's
#: balance (an attacker wants about 3 to 2 against a defender in position).
BALANCE = 0.6
#: The objectives a d10 picks: a town or height of the Chir map (its place) and its hex nearest
#: the centre, which decides the attacker's nearest edge. Our table.
OBJECTIVES: tuple[tuple[str, str], ...] = (
    ("Point 161", "1309"),
    ("Point 148", "0627"),
    ("Point 142", "3608"),
    ("Sowchos 79", "0815"),
    ("Lissinski", "2003"),
    ("Ostrowski", "2506"),
    ("Nizhne-Kalinowski", "2112"),
    ("Werchne-Solonowski", "1020"),
    ("Nizhne-Chirskaya", "2328"),
    ("Rytschkowski", "3425"),
)
MAP_COLUMNS, MAP_ROWS = 40, 30  # the Chir map [§2.1]
OPPOSITE = {"West": "East", "East": "West", "North": "South", "South": "North"}
#: Companies by d10 (0-9), our tables after the book's order of battle (tank and rifle
#: companies, batteries [§1; §2.6]): attackers roll only units that move; defenders may hold
#: guns in place.
ATTACK_TABLE = {
    "german": ("de-pz3",) * 3
    + ("de-pz4",) * 2
    + ("de-stug",)
    + ("de-panzergrenadier-spw",) * 3
    + ("de-motorcycle",),
    "soviet": ("su-t34",) * 4 + ("su-kv", "su-t70") + ("su-motor-rifle",) * 3 + ("su-smg",),
}
DEFENCE_TABLE = {
    "german": ("de-pz3", "de-pz3", "de-pz4")
    + ("de-panzergrenadier",) * 3
    + ("de-pionier", "de-pak", "de-pak", "de-mortar"),
    "soviet": ("su-t34", "su-t34", "su-t70")
    + ("su-rifle",) * 3
    + ("su-at45", "su-zis3", "su-smg", "su-mortar"),
}
HQ = {"german": "de-regimental-hq", "soviet": "su-brigade-hq"}
BATTERY = {"german": "de-lefh", "soviet": "su-m30"}
NATION = {"german": "germany", "soviet": "soviet"}
NAME = {"german": "German (11th Panzer Division)", "soviet": "Soviet (5th Tank Army)"}
MAX_DEFENDERS = 10


@dataclass
class Rolls:
    """The generator's dice and what each roll decided, in words, for the scenario's notes."""

    dice: Dice
    said: list[str] = field(default_factory=list)

    def d10(self, what: str) -> int:
        """A d10 read 0-9 [§2.3]."""
        face = self.dice.roll(10).result - 1
        self.said.append(f"{what}: {face}")
        return face


def generate(seed: int, dice: Dice | None = None) -> dict[str, Any]:
    """A scenario rolled from ``seed`` (or from ``dice``, forced for a test), as the data of
    a scenario file [§23]."""
    rolls = Rolls(dice if dice is not None else Dice(seed))
    attacker = "german" if rolls.d10("attacker (0-4 German, 5-9 Soviet)") <= 4 else "soviet"
    defender = "soviet" if attacker == "german" else "german"
    objective, anchor = OBJECTIVES[rolls.d10("objective")]
    edge = nearest_edge(anchor)
    attack = _companies(rolls, attacker, ATTACK_TABLE, 4 + rolls.d10("attacking companies") // 3)
    defence = _balanced_defence(rolls, defender, _cost(attack))
    first = 1 + rolls.d10("first Game-Turn") // 4
    turns = min(6 + rolls.d10("Game-Turns") // 4, 9 - first + 1)  # over before night [§20]
    sides = [
        _defender_side(rolls, defender, objective, defence, OPPOSITE[edge], first),
        _attacker_side(rolls, attacker, edge, attack, first),
    ]
    return {
        "schema_version": 1,
        "id": f"pc-generated-{seed}",
        "title": f"Generated: {attacker.title()} attack on {objective} (seed {seed})",
        "system": "panzer-command",
        "original": True,
        "placeholder": PLACEHOLDER,
        "location": "The Chir River, west of Stalingrad",
        "description": _description(attacker, objective, edge, rolls),
        "map": {"layout": {"sections": [{"section": "CHIR"}]}},
        "sides": sides,
        "first_player": attacker,
        "deployment_order": [defender, attacker],
        "length": {
            "turns": turns,
            "first_turn": first,
            "unit": "game-turn",
            "placeholder": "rolled: first Game-Turn 1 + d10/4, 6 + d10/4 turns, ending before "
            "the night turn 10 [§20.1]; our table [§23]",
        },
        "victory": _victory(attacker, defender, objective),
    }


def generate_text(seed: int) -> str:
    """The scenario rolled from ``seed`` as a scenario file's text [§23]."""
    header = f"# Generated by 'hexwright generate panzer-command --seed {seed}' [§23]\n"
    return header + yaml.safe_dump(generate(seed), sort_keys=False, allow_unicode=True, width=96)


def nearest_edge(hex_name: str) -> str:
    """The map edge nearest a hex (its printed CCRR number), West, East, North or South."""
    column, row = int(hex_name[:2]), int(hex_name[2:])
    away = {
        "West": column - 1,
        "East": MAP_COLUMNS - column,
        "North": row - 1,
        "South": MAP_ROWS - row,
    }
    return min(away, key=lambda e: (away[e], e))


def _companies(
    rolls: Rolls,
    side: str,
    table: Mapping[str, tuple[str, ...]],
    count: int,
    what: str = "company",
) -> Counter[str]:
    found: Counter[str] = Counter()
    for i in range(count):
        found[table[side][rolls.d10(f"{side} {what} {i + 1}")]] += 1
    return found


def _cost(force: Counter[str]) -> int:
    buy, types = PanzerCommandPointBuy(), unit_types(GameSystem.PANZER_COMMAND)
    return sum(buy.unit_cost(types[u])[0] * n for u, n in force.items())


def _balanced_defence(rolls: Rolls, side: str, attack_cost: int) -> Counter[str]:
    """Companies rolled for the defender until worth :data:`BALANCE` of the attack (our
    reading of §23's balancing), at most :data:`MAX_DEFENDERS`."""
    found: Counter[str] = Counter()
    while _cost(found) < BALANCE * attack_cost and sum(found.values()) < MAX_DEFENDERS:
        count = sum(found.values()) + 1
        found[DEFENCE_TABLE[side][rolls.d10(f"{side} company {count}")]] += 1
    return found


def _entries(force: Counter[str], side: str) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = [
        {"unit": u, "count": n} if n > 1 else {"unit": u} for u, n in sorted(force.items())
    ]
    return [*listed, {"unit": HQ[side], "label": f"{side}-hq"}]


def _settings(rolls: Rolls, side: str, attacker: bool) -> dict[str, int | str]:
    """Division HQ space [§4.1], Dispatch Points, Direct Commands [§4.2], Air Strength [§18]:
    our tables."""
    air = rolls.d10(f"{side} Air Strength") if attacker else 0
    return {
        "division_hq_space": "ABCDEFGHIJ"[rolls.d10(f"{side} Division HQ space")],
        "dispatch_points": 2 + rolls.d10(f"{side} Dispatch Points") // 3,
        "direct_commands": 3 + rolls.d10(f"{side} Direct Commands") // 2,
        "air_strength": 0 if air <= 5 else (1 if air <= 8 else 2),
    }


def _side(side: str, role: str) -> dict[str, Any]:
    found: dict[str, Any] = {"id": side, "name": NAME[side], "nation": NATION[side]}
    if side == "soviet":
        found["counter_pool"] = "ussr"
    found["role"] = role
    return found


def _defender_side(
    rolls: Rolls, side: str, objective: str, force: Counter[str], edge: str, first: int
) -> dict[str, Any]:
    found = _side(side, "defender")
    found["setup"] = {
        "kind": "area",
        "region": {"kind": "within", "distance": 2, "of": {"kind": "place", "name": objective}},
    }
    found["forces"] = _entries(force, side)
    if rolls.d10(f"{side} reinforcements (6-9: two companies)") >= 6:
        turn = first + 1 + rolls.d10(f"{side} reinforcements' turn") // 4
        arriving = _companies(rolls, side, ATTACK_TABLE, 2, "reinforcement")
        found["reinforcements"] = [
            {
                "turn": turn,
                "units": _entries(arriving, side)[:-1],
                "entry": {"kind": "place", "name": f"{edge} edge"},
                "formation": "column",
                "note": "rolled [§15; §23, our table]",
            }
        ]
    found["settings"] = _settings(rolls, side, attacker=False)
    return found


def _attacker_side(
    rolls: Rolls, side: str, edge: str, force: Counter[str], first: int
) -> dict[str, Any]:
    found = _side(side, "attacker")
    found["setup"] = {
        "kind": "entry",
        "turn": first,
        "region": {"kind": "place", "name": f"{edge} edge"},
        "formation": "column",
    }
    found["forces"] = _entries(force, side)
    batteries = rolls.d10(f"{side} off-map batteries (5-8: one, 9: two)")
    if batteries >= 5:
        found["support"] = [
            {
                "kind": "off-map artillery",
                "count": 1 if batteries <= 8 else 2,
                "strength": BATTERY[side],
                "note": "rolled [§14.5; §23, our table]",
            }
        ]
    found["settings"] = _settings(rolls, side, attacker=True)
    return found


def _victory(attacker: str, defender: str, objective: str) -> dict[str, Any]:
    region = {"kind": "place", "name": objective}

    def hexes(side: str) -> dict[str, Any]:
        return {
            "kind": "control",
            "side": side,
            "region": region,
            "objects": "hexes",
            "rule": "occupy",
            "award": {"vp": 10, "per": "each"},
        }

    def losses(side: str) -> dict[str, Any]:
        return {"kind": "enemy-losses", "side": side, "award": {"vp": 2, "per": "each"}}

    return {
        "scoring": "most-vp",
        "tie": defender,
        "conditions": [hexes(attacker), hexes(defender), losses(attacker), losses(defender)],
        "placeholder": "10 VP a hex of the objective held, 2 VP an enemy Step lost, the "
        "defender wins ties: our reading of §23",
    }


def _description(attacker: str, objective: str, edge: str, rolls: Rolls) -> str:
    return (
        f"Rolled by Hexwright's scenario generator [§23]: the {attacker.title()} side attacks "
        f"{objective}, entering from the {edge} edge. The book's generation tables are not in "
        "the abbreviated text; these are our own.\n\nThe dice: " + "; ".join(rolls.said) + "."
    )
