"""engine/battles/POSITION.md stays true: it describes every field of a position, and every frame kind with
each of its fields."""

from __future__ import annotations

import dataclasses
import pathlib
import re

import engine.battles.game
from engine.battles.frame import BattlesFrame
from engine.battles.game import BattlesGame

DOC = (pathlib.Path(engine.battles.game.__file__).parent / "POSITION.md").read_text()


def section(title: str) -> str:
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def bullets(text: str) -> dict[str, str]:
    """Each top-level bullet (its continuation lines joined), by the `name` that begins it."""
    found = {}
    for item in re.findall(r"^- (.*(?:\n  .*)*)", text, flags=re.MULTILINE):
        item = " ".join(item.split())
        found[re.match(r"`([^`]+)`", item).group(1)] = item
    return found


def test_every_field_of_a_position_is_described():
    described = bullets(section("Fields"))
    assert set(described) == set(BattlesGame.setup(2, 1, {}).to_position())
    for name in ("winner", "ranking", "stats"):
        assert "(optional)" in described[name]


def test_every_frame_kind_and_field_is_described():
    described = bullets(section("Frames"))
    assert set(described) == set(BattlesFrame.registry)
    for kind, frame in BattlesFrame.registry.items():
        for field in dataclasses.fields(frame):  # type: ignore[arg-type]
            assert f"`{field.name}`" in described[kind], (kind, field.name)
