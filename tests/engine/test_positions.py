"""Loading positions: a real position loads; a damaged one raises PositionError with a readable message
saying what is wrong and where."""

from __future__ import annotations

import dataclasses
import functools
import json
import pathlib
from typing import Any

import pytest

from engine.core.errors import IllegalAction, PositionError
from engine.core.rng import Rng
from engine.thrones.frame import ThronesFrame
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action

RENDERER_POSITION = pathlib.Path(__file__).parent.parent / "renderer" / "positions" / "mid-game-6.json"
PREFIX = "This position cannot be loaded: "


@functools.cache
def real_positions() -> tuple[str, ...]:
    """Positions as JSON: fresh setups, the renderer's mid-game position, and every tenth decision of four
    seeded random games, played to the end (the last position has a winner)."""
    positions = [
        json.dumps(ThronesGame.new(players, 1, players % 2 == 0).to_position()) for players in (3, 4, 5, 6)
    ]
    positions.append(RENDERER_POSITION.read_text())
    for players in (3, 4, 5, 6):
        game = ThronesGame.new(players, 200 + players, tides_of_battle=players % 2 == 1)
        rng = Rng(players * 31)
        for count in range(100_000):
            if game.over:
                break
            if count % 10 == 0:
                positions.append(json.dumps(game.to_position()))
            pending = game.pending()
            decision = pending[rng.below(len(pending))]
            game.apply(decision.house, random_action(game, decision, rng))
        positions.append(json.dumps(game.to_position()))
    return tuple(positions)


def load(position: Any) -> ThronesGame | PositionError:
    """Load ``position``: a game, or the PositionError it raised (any other exception fails the test)."""
    try:
        game = ThronesGame.from_position(position)
    except PositionError as error:
        message = str(error)
        assert message.startswith(PREFIX), message
        assert len(PREFIX) < len(message) < 400, message
        return error
    # The game waits for a decision (or is over), and the position it saves loads into the same game.
    assert game.pending() or game.over
    again = ThronesGame.from_position(json.loads(json.dumps(game.to_position())))
    assert again.to_position() == game.to_position()
    return game


def test_every_real_position_loads_and_saves_the_same():
    for text in real_positions():
        position = json.loads(text)
        game = load(position)
        assert isinstance(game, ThronesGame)
        assert game.to_position() == position
        for viewer in [None, *game.state.houses]:
            game.view(viewer)


def test_every_frame_field_has_a_type_a_position_can_be_checked_against():
    for frame_cls in ThronesFrame.registry.values():
        assert set(frame_cls.field_checks()) == {f.name for f in dataclasses.fields(frame_cls)}  # type: ignore[arg-type]


# --- one damage at a time, with the message it gets --------------------------------------------------------


def fresh() -> dict[str, Any]:
    return json.loads(RENDERER_POSITION.read_text())


def damaged(change) -> dict[str, Any]:
    position = fresh()
    change(position)
    return position


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ([1, 2], "a position is a JSON object, not a list"),
        ({"format": "chess"}, "not a Maester position"),
        ({"format": "maester-thrones-position", "version": 2}, "unsupported position version 2"),
        (damaged(lambda p: p.pop("players")), "missing field 'players'"),
        (damaged(lambda p: p.update(players="6")), "players is the text '6', not a whole number"),
        (damaged(lambda p: p.update(players=7)), "players is 7, not 3 to 6"),
        (damaged(lambda p: p.update(houses=["stark"] * 6)), "not the houses of a 6-player game"),
        (damaged(lambda p: p["units"].update(narnia=[])), "units has the key 'narnia', which is not an area"),
        (
            damaged(lambda p: p["units"]["winterfell"].__setitem__(0, {"house": "stark", "kind": "dragon"})),
            "units.winterfell[0].kind is the text 'dragon', not a unit kind",
        ),
        (
            damaged(lambda p: p["units"]["winterfell"].__setitem__(0, {"house": "stark"})),
            "missing field 'units.winterfell[0].kind'",
        ),
        (
            damaged(lambda p: p["units"].update(winterfell="stark")),
            "units.winterfell is the text 'stark', not a list",
        ),
        (damaged(lambda p: p["power"].pop("stark")), "power has no entry for stark"),
        (damaged(lambda p: p["power"].update(stark=-1)), "power.stark is -1, not 0 to 20"),
        (damaged(lambda p: p["supply"].update(stark=9)), "supply.stark is 9, not 0 to 6"),
        (damaged(lambda p: p["throne"].pop()), "the throne track is not the houses in play"),
        (damaged(lambda p: p["hands"]["stark"].append("the-hound")), "not a house card of House Stark"),
        (damaged(lambda p: p.update(westeros_decks=[[], []])), "westeros_decks has 2 lists, not 3"),
        (
            damaged(
                lambda p: p.update(
                    westeros_decks=[["winter-is-coming"], [], []], westeros_discards=[[], [], []]
                )
            ),
            "Westeros deck 1 and its discard pile hold no card to draw",
        ),
        (damaged(lambda p: p.update(wildling_deck=[])), "the wildling deck is empty"),
        (damaged(lambda p: p.update(stack=[])), "the procedure stack is empty"),
        (
            damaged(lambda p: p["stack"].append({"kind": "dance"})),
            "stack[3]: unknown frame kind: the text 'dance'",
        ),
        (damaged(lambda p: p["stack"].append(7)), "stack[3]: a frame is an object, not a whole number"),
        (
            damaged(lambda p: p["stack"][2].update(turn="4")),
            "the field 'turn' of a marches frame is the text '4', not int",
        ),
        (damaged(lambda p: p["stack"][2].update(colour="red")), "a marches frame has no field 'colour'"),
        (damaged(lambda p: p["stack"][2].pop("kind")), "stack[2]: a frame without a 'kind'"),
    ],
    ids=lambda value: value if isinstance(value, str) else "position",
)
def test_a_damaged_position_is_refused_saying_what_and_where(position, message):
    with pytest.raises(PositionError, match=f"^{PREFIX}.*") as refused:
        ThronesGame.from_position(position)
    assert message in str(refused.value)
    assert isinstance(refused.value, IllegalAction)  # one error type for callers: an IllegalAction
