"""The end of a test's Armor scenario: an American and a German side with the forces given
(YAML force entries, indented for ``forces:``) and victory by the units' values [AG IX], so a
test file writes only its map and where the units stand."""

from __future__ import annotations


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
