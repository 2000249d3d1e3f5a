"""The procedure stack: a game's rules as serializable steps.

A game in progress is a stack of frames. The frame on top either advances on its own (pushing a child
frame, or finishing and popping itself) or reports the decisions it waits for. Frames hold only
JSON-native data, so a position (the whole state, stack included) saves and loads exactly, in the
middle of a combat or a bidding round alike.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar

from engine.core.errors import PositionError, describe, quote

Check = Callable[[Any], bool]


class Frame:
    """Base of every frame. Each game declares a subclass holding ``registry`` and derives its frames from it.

    Subclasses are dataclasses; ``kind`` names them in positions. Their fields are JSON-native types built
    from ``str``, ``int``, ``bool``, ``None``, ``list`` and ``dict`` with string keys (``X | None`` too):
    loading a position checks every field against its annotation. Every field has a default, which a field
    left out of a position takes, so that positions saved before a frame gained a field still load.
    """

    kind: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Frame]]]
    _checks: ClassVar[dict[type[Frame], dict[str, tuple[Check, str]]]] = {}
    _names: ClassVar[dict[type[Frame], tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "registry" in cls.__dict__:
            return
        kind = cls.__dict__.get("kind")
        if kind:
            if kind in cls.registry:
                raise TypeError(f"two frames share the kind {kind!r}")
            cls.registry[kind] = cls

    # --- the procedure: what the driver of :mod:`engine.core.game` asks of the frame on top -----------

    def run(self, game: Any) -> list[Any] | None:
        """Advance as far as possible: return the decisions this frame waits for, or ``None`` once it has
        pushed a child or popped itself (the driver then runs the new top of the stack)."""
        raise NotImplementedError

    def act(self, game: Any, seat: str, action: Any) -> None:
        """Apply a seat's answer to one of this frame's decisions. Validate everything before changing
        anything: an IllegalAction must leave the game untouched."""
        raise NotImplementedError

    def accepts_resubmission(self, seat: str) -> bool:
        """Whether the seat may replace an answer it already gave (secret simultaneous choices)."""
        return False

    def withdraw(self, seat: str) -> None:
        """Forget the seat's answer, so the frame asks it again. ``Game.changeable_decision`` calls it on
        a :meth:`duplicate` of the frame on top, then runs that copy against the live game: with an
        answer missing, ``run`` must return the decisions it waits for without changing the game."""
        raise NotImplementedError

    def duplicate(self) -> Frame:
        """A copy of this frame whose fields can change without touching this one's. Attributes that are
        not fields (what a frame works out once and keeps, never part of a position) are shared. A frame
        keeps them in its ``__dict__``: frames have no slots."""
        cls = type(self)
        twin = cls.__new__(cls)
        twin.__dict__.update(self.__dict__)  # what copy.copy does for an object without slots, faster
        for name in cls.field_names():
            setattr(twin, name, json_copy(getattr(self, name)))
        return twin

    # --- positions ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for name in type(self).field_names():
            data[name] = json_copy(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Frame:
        """The frame ``data`` describes. Raises :class:`PositionError` unless ``data`` is an object naming a
        registered kind whose fields all have the types their annotations say."""
        if not isinstance(data, dict):
            raise PositionError(f"a frame is an object, not {describe(data)}")
        if "kind" not in data:
            raise PositionError("a frame without a 'kind'")
        kind = data["kind"]
        frame_cls = cls.registry.get(kind) if isinstance(kind, str) else None
        if frame_cls is None:
            raise PositionError(f"unknown frame kind: {describe(kind)}")
        checks = frame_cls.field_checks()
        for name, value in data.items():
            if name == "kind":
                continue
            check = checks.get(name) if isinstance(name, str) else None
            if check is None:
                raise PositionError(f"a {kind} frame has no field {quote(str(name))}")
            if not check[0](value):
                raise PositionError(
                    f"the field {name!r} of a {kind} frame is {describe(value)}, not {check[1]}"
                )
        fields = {name: value for name, value in data.items() if name != "kind"}
        return frame_cls(**{name: json_copy(value) for name, value in fields.items()})

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The names of the frame's fields, in order: ``dataclasses.fields``, looked up once per class
        (a class's fields never change)."""
        names = Frame._names.get(cls)
        if names is None:
            names = Frame._names[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        return names

    @classmethod
    def field_checks(cls) -> dict[str, tuple[Check, str]]:
        """For each field: a test of a JSON value against the field's annotation, and the annotation."""
        checks = Frame._checks.get(cls)
        if checks is None:
            hints = typing.get_type_hints(cls)
            checks = {f.name: (_check(hints[f.name]), str(f.type)) for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
            Frame._checks[cls] = checks
        return checks


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON-native value (a frame's field): what ``copy.deepcopy`` gives, several times
    faster, as it only has lists, tuples and dicts to go into (anything else is shared). Leaves are
    taken as they are without a call: most items of a frame's lists and dicts are strings and numbers."""
    kind = type(value)
    if kind is dict:
        return {key: json_copy(item) if type(item) in _CONTAINERS else item for key, item in value.items()}
    if kind is list:
        return [json_copy(item) if type(item) in _CONTAINERS else item for item in value]
    if kind is tuple:
        return tuple([json_copy(item) if type(item) in _CONTAINERS else item for item in value])
    return value


_CONTAINERS = frozenset({dict, list, tuple})  # what json_copy goes into


def _check(hint: Any) -> Check:
    """A test that a JSON value has the type ``hint`` (a list may be a tuple in a position made in memory)."""
    if hint is Any:
        return lambda value: True
    if hint is type(None):
        return lambda value: value is None
    if hint is bool:
        return lambda value: value is True or value is False
    if hint is int:
        return lambda value: type(value) is int
    if hint is str:
        return lambda value: type(value) is str
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_check(arg) for arg in args]
        return lambda value: any(option(value) for option in options)
    if origin is list:
        item = _check(args[0])
        return lambda value: type(value) in (list, tuple) and all(item(x) for x in value)
    if origin is dict and args[0] is str:
        item = _check(args[1])
        return lambda value: type(value) is dict and all(type(k) is str and item(x) for k, x in value.items())
    raise TypeError(f"a frame field of type {hint} is not JSON-native")
