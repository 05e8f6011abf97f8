"""Panzer Command's movement costs [§5.1; §16.2-16.3]: leg, tracked and motorized movement;
across a road or track hexside the path's cost; rivers only by bridge."""

from __future__ import annotations

from rules.movement.costs import (
    CostTally,
    Movement,
    MovementClass,
    MovementRules,
    MoveView,
)


class PanzerCommandMovement(MovementRules):
    """Panzer Command [§5.1]: leg, tracked and motorized movement."""

    classes = (
        MovementClass("leg", "Leg", "move_leg", ("infantry", "foot", "non-vehicle")),
        MovementClass("tracked", "Tracked", "move_tracked", ("vehicle", "vehicles", "tank")),
        MovementClass(
            "motorized", "Motorized", "move_motorized", ("vehicle", "vehicles", "truck", "wheeled")
        ),
    )

    def base(self, m: Movement, cls: MovementClass, view: MoveView, tally: CostTally) -> None:
        """Panzer Command [§5.1; §16.2-16.3]: across a road or track hexside the path's cost
        instead of the hex and hexside costs, except an unbridged stream; rivers only by
        bridge."""
        bridged = "bridge" in view.side_features
        along = next((p for p in ("road", "track") if p in view.side_paths), None)
        if along is not None:
            found = m.effect(along, cls.key)
            assert found is not None
            tally.add(float(str(found.value)), found.part(f"along {along}"))
        else:
            m.hex_cost(view, cls.key, tally)
        for feature in sorted(view.side_features):
            if along is not None and feature != "stream" and feature != "river":
                continue
            if bridged and feature in ("river", "stream"):
                continue  # a bridge cancels them [§5.1; §16.3]
            found = m.effect(feature, cls.key)
            if found is None or found.value == "none":
                continue
            if found.value == "P":
                tally.prohibit(found.part(f"{feature} hexside", "P"))
            elif isinstance(found.value, str) and found.value.startswith("+"):
                amount = float(found.value[1:])
                if amount:
                    tally.add(amount, found.part(f"{feature} hexside"))
