"""Valid means playable (issue 21's fuzz, the designer's side): seeded random sequences of the
editor's edits on the built-in scenarios (terrain, forces, placements and facings, labels and
carriers, roles, set-ups, first player and deployment order, reinforcements, the length,
mounted set-up, nations), then the checks `hexwright validate` runs. A scenario with no error
must make its game (point-buy sides bought by the purchase bot, as Test Play does) and play
a random game with every fuzz promise for a while. Found so: a stand-in of a side of open
nation, units with no placement, a side that buys with nowhere to set up, Soldiers forces
that put no men on the map or set up by entry, an Armor side with no Combat unit at the
start, and Panzer Command set-ups stacked over 6 Steps. ``HEXWRIGHT_EDIT_SEEDS`` sets the
seeds ("FIRST-LAST"; default 12 of them)."""

from __future__ import annotations

import os
import random
from typing import Any

from pydantic import TypeAdapter
from test_edit_property import BASIC
from test_edit_property import _random_edit as basic_edit

from editor.files.changes import Change
from editor.files.document import ScenarioDocument
from model import edits, edits_details, edits_rules, edits_setup
from model.regions import Region
from model.scenario_io import check_document, dump_scenario
from model.yamlio import read_yaml_text
from rules.bots.base import make_bot
from rules.checks import run_checks
from rules.pointbuy.purchase import PurchaseChoice, game_for, needs_purchase
from rules.registry import rules_for
from tools import fuzz

FIRST, LAST = (int(x) for x in os.environ.get("HEXWRIGHT_EDIT_SEEDS", "1060-1072").split("-"))
PATHS = [p for system in sorted(fuzz.FOLDERS) for p in fuzz.scenarios_of(system)]
#: Actions of each game played (the fuzz campaign plays whole games).
ACTIONS = 150


def random_edit(document: ScenarioDocument, rng: random.Random) -> None:
    """One edit as the editor makes it, through the document (refused as its form would)."""
    scenario = document.scenario
    side = rng.choice(scenario.sides)
    amap = document.map
    kind = rng.randrange(22)
    if kind < 6 or (6 <= kind < 10 and not side.forces):
        basic_edit(document, rng, kinds=BASIC)
        return
    i = rng.randrange(len(side.forces)) if side.forces else 0
    hexes = sorted(amap.hexes)
    names = [amap.name(h) for h in rng.sample(hexes, min(len(hexes), rng.randint(1, 12)))]
    region = TypeAdapter(Region).validate_python({"kind": "hexes", "hexes": names})
    ids = [s.id for s in scenario.sides]
    operations: dict[int, Any] = {
        6: lambda sc: edits.place_force(sc, side.id, i, None),
        7: lambda sc: edits.set_force_count(sc, side.id, i, rng.randint(1, 8)),
        8: lambda sc: edits_details.set_label(sc, side.id, i, rng.choice([None, "a", "b"])),
        9: lambda sc: edits.set_mounted_on(
            sc, side.id, i, rng.choice([None, *range(len(side.forces))])
        ),
        10: lambda sc: edits_setup.set_role(sc, side.id, rng.choice(["attacker", "defender"])),
        11: lambda sc: edits_setup.set_starts_on_map(sc, side.id, rng.choice([True, False, None])),
        12: lambda sc: edits_setup.set_setup_area(sc, side.id, region, rng.random() < 0.3, amap),
        13: lambda sc: edits_setup.set_setup_entry(
            sc, side.id, region, rng.randint(1, 3), None, amap
        ),
        14: lambda sc: edits_setup.set_setup(sc, side.id, None, amap),
        15: lambda sc: edits_setup.set_first_player(sc, rng.choice([None, *ids])),
        16: lambda sc: edits_setup.set_deployment_order(sc, rng.sample(ids, len(ids))),
        17: lambda sc: edits_rules.remove_reinforcement(
            sc, side.id, rng.randrange(max(1, len(side.reinforcements)))
        ),
        18: lambda sc: edits_rules.set_length(
            sc, edits_details.designer_length(sc.length, rng.randint(1, 30))
        ),
        19: lambda sc: edits_details.set_mounted_setup(
            sc, side.id, rng.choice([None, "required", "allowed", "forbidden"])
        ),
        20: lambda sc: edits_setup.set_force_area(sc, side.id, i, region, amap=amap),
        21: lambda sc: edits_details.set_nation(
            sc, side.id, rng.choice(sorted({s.nation for s in sc.sides}))
        ),
    }
    document.edit(operations[kind], f"random edit {kind}", Change.FORCES)


def edited_and_valid(seed: int) -> tuple[str, object] | None:
    """The scenario of ``seed``'s edits, loaded, when `validate` finds no error in it and no
    warning that test play cannot start it."""
    path = PATHS[seed % len(PATHS)]
    document = ScenarioDocument.open(path)
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 40)):
        random_edit(document, rng)
    text = dump_scenario(document.scenario)
    document.undo_stack.setClean()
    doc = read_yaml_text(text, path.name)
    loaded = check_document(doc, keep=True)
    found = run_checks(loaded, doc)
    if any(f.severity == "error" for f in found):
        return None
    if any(f.message.startswith("test play cannot start") for f in found):
        return None  # a warning says so: the designer's to write, not test play's to start
    return path.name, loaded


def test_scenarios_valid_after_random_edits_start_and_play() -> None:
    played = []
    for seed in range(FIRST, LAST):
        found = edited_and_valid(seed)
        if found is None:
            continue  # invalid, and told so: nothing more is promised
        name, loaded = found
        bought = {s: PurchaseChoice("random", seed) for s in needs_purchase(loaded.scenario)}  # type: ignore[attr-defined]
        state = game_for(loaded, bought).new_initial_state(seed)  # type: ignore[arg-type]
        invariants = rules_for(state.game.system).invariants
        bots = {s: make_bot("random", seed * 10 + i) for i, s in enumerate(state.game.sides)}
        for _ in range(ACTIONS):
            if state.is_terminal():
                break
            side = state.to_act()[0]
            state.apply(bots[side].choose(state, side))
            assert invariants is None or invariants(state) == [], (name, seed)
        played.append(name)
    assert len(played) >= 3, played  # the edits leave some scenarios valid
