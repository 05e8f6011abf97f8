"""Shared pydantic base classes and small value types for Hexwright's files."""

from __future__ import annotations

import enum

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """A closed, immutable file model: unknown keys are errors, values are not coerced loosely.

    Why frozen: loaded data is shared between scenarios, boards and the engine; edits go through
    model operations that build new values, which keeps undo simple.
    """

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        strict=False,
        validate_default=False,
        use_enum_values=False,
        ser_json_inf_nan="constants",
    )


class GameSystem(enum.StrEnum):
    """The four game systems; the value is the folder name under ``resources/``."""

    ARMOR = "armor"
    PANZER44 = "panzer44"
    SOLDIERS = "soldiers"
    PANZER_COMMAND = "panzer-command"

    @property
    def display_name(self) -> str:
        return _TITLES[self]


_TITLES = {
    GameSystem.ARMOR: "Armor",
    GameSystem.PANZER44: "Panzer '44",
    GameSystem.SOLDIERS: "Soldiers",
    GameSystem.PANZER_COMMAND: "Panzer Command",
}
