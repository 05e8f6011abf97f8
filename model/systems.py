"""The game systems Hexwright knows, as data: each one a folder of ``resources/`` with a
``system.yaml`` saying its id, title and order, beside its boards, terrain, units and tables.

A :class:`GameSystem` is the id of one of them. It is a ``str`` (the folder's name, as scenario
files write it), interned so that ``is`` compares two of them, and validated against the systems
known: the packaged ones, found by their ``system.yaml`` when this module is imported, and any
registered later with :func:`register_system_data` (a system whose data lives elsewhere, such as
the toy system of the tests). Why data rather than an enum: a fifth system is its own folder of
data and its own rules package (``rules.registry``), and no shared file lists the systems.

The four books' systems have names here (:attr:`GameSystem.ARMOR`...) because files name them
as data: a built-in scenario's system, a test's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import yaml

if TYPE_CHECKING:  # pydantic is imported where a model asks for the schema: not by the CLI's --help
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import core_schema

#: LibYAML's loader where PyYAML has it (the systems are read at import: every command waits).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

#: The name of the file that makes a folder of data a game system's.
SYSTEM_FILE = "system.yaml"


@dataclass(frozen=True)
class SystemData:
    """What a system's ``system.yaml`` says, and where its data is.

    Attributes:
        id: the system's id, as scenario files write it (``panzer-command``).
        title: its name for people (``Panzer Command``).
        order: where it comes in lists of systems (menus, reports), lowest first.
        folder: the folder of its data (boards, terrain, units, tables).
        extra_purchases: items a point purchase may buy that are not units of its catalogue
            (Armor's APCR rounds [OP XXIII.C]).
        packaged: whether it comes with Hexwright (the scenario schema lists only those).
        counter_face: the values a unit's counter shows, as (catalogue key, heading), in the
            order the counters print them (``counter_face.values``); empty: none shown.
        counter_face_glued: the first two print as one ("10M": Panzer '44's Attack Strength
            and weapon class).
    """

    id: str
    title: str
    order: int
    folder: Traversable
    extra_purchases: frozenset[str] = frozenset()
    packaged: bool = True
    counter_face: tuple[tuple[str, str], ...] = ()
    counter_face_glued: bool = False


class _Systems(type):
    """Iterating over :class:`GameSystem` gives every known system, in their order."""

    def __iter__(cls) -> Iterator[GameSystem]:
        return iter(sorted(_KNOWN.values(), key=lambda s: (s.data.order, str(s))))

    def __len__(cls) -> int:
        return len(_KNOWN)


class GameSystem(str, metaclass=_Systems):
    """A known game system's id; ``GameSystem("armor") is GameSystem.ARMOR``.

    Raises:
        ValueError: no system of that id is known (the message lists those that are).
    """

    __slots__ = ()

    ARMOR: ClassVar[GameSystem]
    PANZER44: ClassVar[GameSystem]
    SOLDIERS: ClassVar[GameSystem]
    PANZER_COMMAND: ClassVar[GameSystem]

    def __new__(cls, value: object) -> GameSystem:
        found = _KNOWN.get(str(value))
        if found is None:
            known = ", ".join(sorted(_KNOWN))
            raise ValueError(f"'{value}' is not a game system Hexwright knows (one of {known})")
        return found

    @property
    def value(self) -> str:
        """The id as a plain string (as an enum's value was)."""
        return str.__str__(self)

    @property
    def data(self) -> SystemData:
        return _DATA[str.__str__(self)]

    @property
    def display_name(self) -> str:
        return self.data.title

    def __repr__(self) -> str:
        return f"GameSystem({str.__str__(self)!r})"

    def __reduce__(self) -> tuple[type[GameSystem], tuple[str]]:
        return GameSystem, (str.__str__(self),)

    def __deepcopy__(self, memo: dict[int, object]) -> GameSystem:
        return self

    def __copy__(self) -> GameSystem:
        return self

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        from pydantic_core import core_schema

        return core_schema.no_info_plain_validator_function(
            _validate, serialization=core_schema.plain_serializer_function_ser_schema(str)
        )

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        packaged = sorted(
            (s for s in _KNOWN.values() if s.data.packaged), key=lambda s: s.data.order
        )
        return {"type": "string", "enum": [s.value for s in packaged]}


def _validate(value: object) -> GameSystem:
    if isinstance(value, GameSystem):
        return value
    found = _KNOWN.get(value) if isinstance(value, str) else None
    if found is None:  # worded as pydantic words an enum, so the loader says it the same way
        from pydantic_core import PydanticCustomError

        ids = [f"'{s.value}'" for s in GameSystem]
        expected = ", ".join(ids[:-1]) + f" or {ids[-1]}" if len(ids) > 1 else ids[0]
        raise PydanticCustomError("enum", "Input should be {expected}", {"expected": expected})
    return found


_KNOWN: dict[str, GameSystem] = {}
_DATA: dict[str, SystemData] = {}


def _read(folder: Traversable, packaged: bool) -> SystemData:
    entry = folder / SYSTEM_FILE
    raw = yaml.load(entry.read_text(encoding="utf-8"), Loader=_LOADER)
    if not isinstance(raw, dict) or not {"id", "title", "order"} <= raw.keys():
        raise ValueError(f"{entry}: a system file gives its id, title and order")
    face = raw.get("counter_face") or {}
    return SystemData(
        id=str(raw["id"]),
        title=str(raw["title"]),
        order=int(raw["order"]),
        folder=folder,
        extra_purchases=frozenset(str(i) for i in raw.get("extra_purchases", ())),
        packaged=packaged,
        counter_face=tuple((str(k), str(h)) for k, h in face.get("values", ())),
        counter_face_glued=bool(face.get("glue_first", False)),
    )


def _add(data: SystemData) -> GameSystem:
    known = _KNOWN.get(data.id)
    if known is None:
        known = _KNOWN[data.id] = str.__new__(GameSystem, data.id)
    _DATA[data.id] = data
    return known


def register_system_data(folder: Path | Traversable) -> GameSystem:
    """Know the system whose data is in ``folder`` (its ``system.yaml`` and the rest); again for
    the same folder, nothing changes.

    Raises:
        ValueError: the folder has no readable system file, or a packaged system has that id.
    """
    data = _read(folder, packaged=False)
    known = _DATA.get(data.id)
    if known is not None and known.packaged:
        raise ValueError(f"'{data.id}' is a system Hexwright comes with")
    return _add(data)


def forget_system_data(system: GameSystem) -> None:
    """Stop knowing a system registered with :func:`register_system_data` (tests)."""
    if system.data.packaged:
        raise ValueError(f"'{system}' is a system Hexwright comes with")
    del _KNOWN[system.value], _DATA[system.value]


def _discover() -> None:
    root = resources.files("resources")
    for folder in sorted(root.iterdir(), key=lambda f: f.name):
        if folder.is_dir() and (folder / SYSTEM_FILE).is_file():
            _add(_read(folder, packaged=True))


_discover()
GameSystem.ARMOR = GameSystem("armor")
GameSystem.PANZER44 = GameSystem("panzer44")
GameSystem.SOLDIERS = GameSystem("soldiers")
GameSystem.PANZER_COMMAND = GameSystem("panzer-command")
