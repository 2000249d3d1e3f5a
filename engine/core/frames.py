"""The procedure stack: a game's rules as serializable steps.

A game in progress is a stack of frames. The frame on top either advances on its own (pushing a child
frame, or finishing and popping itself) or reports the decisions it waits for. Frames hold only
JSON-native data, so a position (the whole state, stack included) saves and loads exactly, in the
middle of a combat or a bidding round alike.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, ClassVar


class Frame:
    """Base of every frame. Each game declares a subclass holding ``registry`` and derives its frames from it.

    Subclasses are dataclasses; ``kind`` names them in positions.
    """

    kind: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Frame]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "registry" in cls.__dict__:
            return
        kind = cls.__dict__.get("kind")
        if kind:
            if kind in cls.registry:
                raise TypeError(f"two frames share the kind {kind!r}")
            cls.registry[kind] = cls

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            data[f.name] = copy.deepcopy(getattr(self, f.name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Frame:
        fields = dict(data)
        kind = fields.pop("kind")
        try:
            frame_cls = cls.registry[kind]
        except KeyError:
            raise ValueError(f"unknown frame kind {kind!r} in position") from None
        return frame_cls(**copy.deepcopy(fields))
