"""Shared pydantic base classes and small value types for Hexwright's files."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """A closed, immutable file model: unknown keys are errors, values are not coerced loosely.

    Why frozen: loaded data is shared between scenarios, boards and the engine; edits go through
    model operations that build new values, which keeps undo simple.

    Why ``defer_build``: pydantic builds a class's validator when the class is first used, not
    when its module is imported; a command builds only what its files use (speed issue 20: the
    136 classes' validators were half of ``hexwright validate``'s start).

    Why no infinities or NaN in a float: a file is written by hand, and ``.nan`` compares
    false with everything (a NaN extra movement cost never exceeds an allowance; NaN VP never
    decide a winner); no value of the books is infinite.
    """

    model_config = ConfigDict(
        extra="forbid",
        frozen=True,
        strict=False,
        validate_default=False,
        use_enum_values=False,
        ser_json_inf_nan="constants",
        allow_inf_nan=False,
        defer_build=True,
    )
