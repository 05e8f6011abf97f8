"""The end of a test's Armor scenario: an American and a German side with the forces given
(YAML force entries, indented for ``forces:``) and victory by the units' values [AG IX], so a
test file writes only its map and where the units stand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from model.scenario_io import LoadedScenario, parse_scenario

ROOT = Path(__file__).resolve().parent.parent


def two_sides(us: str, german: str, turns: int = 2) -> str:
    """The ``sides``, ``length`` and ``victory`` of a situation, as scenario YAML."""
    return f"""sides:
  - id: us
    name: American
    nation: us
    forces:
{us}
  - id: german
    name: German
    nation: germany
    forces:
{german}
length: {{turns: {turns}}}
victory:
  scoring: most-vp
  conditions:
    - {{kind: enemy-losses, side: us, award: {{per: unit-value}}}}
    - {{kind: enemy-losses, side: german, award: {{per: unit-value}}}}
"""


#: Forces bought by hand for the book's point-buy scenarios [SCN III.D], the way the purchase
#: bot will hand them to the engine: catalogue units with no placement (the side's ``setup``
#: applies) and a real nation where the scenario says ``any``. American M4s, M10s and
#: infantry against German PZIVJs, STG IIIGs and infantry.
US_BOUGHT: list[dict[str, Any]] = [
    {"unit": "M4", "count": 3},
    {"unit": "M10A1", "count": 2},
    {"unit": "US-INFANTRY-SQUAD", "count": 2},
]
GERMAN_BOUGHT: list[dict[str, Any]] = [
    {"unit": "PZIVJ", "count": 3},
    {"unit": "STGIIIG-75", "count": 2},
    {"unit": "GE-INFANTRY-SQUAD", "count": 2},
]


def bought(
    path: str,
    forces: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    nations: dict[str, str] | None = None,
    **top: Any,
) -> LoadedScenario:
    """The built-in scenario at ``path`` (``scenarios/armor/2a-trading-ground.yaml``) with each
    side's ``forces`` bought (by default the attacker or first side American, the other German)
    and its nation set; ``top`` replaces top-level keys (``rules``, ``length``)."""
    data = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    sides = data["sides"]
    nations = nations or {sides[0]["id"]: "us", sides[1]["id"]: "germany"}
    if forces is None:
        pick = {"us": US_BOUGHT, "germany": GERMAN_BOUGHT}
        forces = {s["id"]: pick[nations[s["id"]]] for s in sides}
    for side in sides:
        side["nation"] = nations.get(side["id"], side["nation"])
        side["forces"] = [dict(entry) for entry in forces[side["id"]]]
    data.update(top)
    return parse_scenario(yaml.safe_dump(data, sort_keys=False), path)
