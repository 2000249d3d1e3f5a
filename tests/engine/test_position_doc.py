"""engine/thrones/POSITION.md stays true: its example scenario makes its example position, which loads and
saves as written, and it describes every field of a position, every frame kind with each of its fields,
and every key and step of a scenario."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import re

import engine.thrones.scenario
from engine.thrones.frame import ThronesFrame
from engine.thrones.game import ThronesGame
from engine.thrones.scenario import PHASE_OF, load

DOC = (pathlib.Path(engine.thrones.scenario.__file__).parent / "POSITION.md").read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC, flags=re.MULTILINE | re.DOTALL)


def section(title: str) -> str:
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def bullets(text: str) -> dict[str, str]:
    """Each top-level bullet (its continuation lines joined), by every `name` before its first colon."""
    found = {}
    for item in re.findall(r"^- (.*(?:\n  .*)*)", text, flags=re.MULTILINE):
        item = " ".join(item.split())
        for name in re.findall(r"`([^`]+)`", item.split(":", 1)[0]):
            found[name] = item
    return found


def example() -> dict:
    (position,) = blocks("json")
    return json.loads(position)


def test_the_example_position_loads_and_saves_as_written():
    position = example()
    game = ThronesGame.from_position(position)
    assert json.loads(json.dumps(game.to_position())) == position
    assert [(d.house, d.kind) for d in game.pending()] == [("stark", "support")]


def test_the_example_scenario_makes_the_example_position():
    (scenario,) = blocks("toml")
    assert json.loads(json.dumps(load(scenario).to_position())) == example()


def test_every_field_of_a_position_is_described():
    described = bullets(section("Fields"))
    assert set(described) == set(example()) == set(ThronesGame.new(6, 1).to_position())
    for name in ("last_wildling_card", "tides_deck", "tides_discards", "winner", "ranking", "stats", "marks"):
        assert "(optional" in described[name]  # the fields a position may leave out


def test_every_frame_kind_is_described_with_its_fields():
    described = bullets(section("The procedure stack").split("Every frame kind, with its fields:", 1)[1])
    assert set(described) == set(ThronesFrame.registry)
    for kind, frame_class in ThronesFrame.registry.items():
        for field in dataclasses.fields(frame_class):  # type: ignore[arg-type]
            assert f"`{field.name}`" in described[kind], (kind, field.name)


def test_every_scenario_key_and_step_is_described():
    doc = engine.thrones.scenario.__doc__ or ""
    table = doc.split("The keys:", 1)[1].split("The steps", 1)[0]
    keys = [
        name
        for line in table.splitlines()
        if line and not line.startswith((" ", "="))
        for name in re.split(r"\s{2,}", line)[0].split(", ")
    ]
    assert "players" in keys and "bidding" in keys
    described = section("Scenarios: positions written by hand")
    for name in [*keys, *PHASE_OF]:
        assert f"`{name}`" in described, name
