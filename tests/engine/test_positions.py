"""Loading positions: a real position loads; a damaged one (keys deleted, values of the wrong type, values
swapped, lists cut short, unknown names) either loads into a working game or raises PositionError with a
readable message, and never anything else."""

from __future__ import annotations

import dataclasses
import functools
import json
import pathlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction, PositionError
from engine.core.rng import Rng
from engine.thrones.board import BOARD, FACTS
from engine.thrones.frame import ThronesFrame
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action

POSITIONS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RENDERER_POSITION = (
    pathlib.Path(__file__).parent.parent / "renderer" / "thrones" / "positions" / "mid-game-6.json"
)
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
        (
            damaged(lambda p: p["stack"].__setitem__(2, {"kind": "port-takeover", "port": "narnia"})),
            "the game cannot go on from it (KeyError",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else "position",
)
def test_a_damaged_position_is_refused_saying_what_and_where(position, message):
    with pytest.raises(PositionError, match=f"^{PREFIX}.*") as refused:
        ThronesGame.from_position(position)
    assert message in str(refused.value)
    assert isinstance(refused.value, IllegalAction)  # one error type for callers: an IllegalAction


# --- damage by hypothesis -----------------------------------------------------------------------------------

NAMES = sorted(
    {
        *BOARD.ids,
        *FACTS.houses,
        *FACTS.unit_limits,
        *FACTS.order_tokens,
        *FACTS.house_cards,
        *FACTS.westeros_cards,
        *FACTS.wildling_cards,
        *ThronesFrame.registry,
        "narnia",
        "",
    }
)
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.integers(-2, 12),
        st.floats(allow_nan=False),
        st.text(max_size=6),
        st.sampled_from(NAMES),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=4)), inner, max_size=3),
    ),
    max_leaves=5,
)

Path = tuple[Any, ...]


def paths(value: Any, path: Path = ()) -> list[Path]:
    """The path of every value inside ``value`` (keys and list indices), the root excepted."""
    found = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        items = []
    for key, item in items:
        found.append((*path, key))
        found.extend(paths(item, (*path, key)))
    return found


def parent(root: Any, path: Path) -> Any:
    for key in path[:-1]:
        root = root[key]
    return root


def mutate(position: dict[str, Any], data: st.DataObject) -> None:
    """One damage to ``position``, in place, somewhere in it (a third of the time in the stack)."""
    everywhere = paths(position)
    stack = [path for path in everywhere if path[0] == "stack"]
    path = data.draw(st.sampled_from(stack if stack and data.draw(st.integers(0, 2)) == 0 else everywhere))
    holder, key = parent(position, path), path[-1]
    value = holder[key]
    kind = data.draw(st.sampled_from(["delete", "retype", "swap", "truncate", "rename", "duplicate"]))
    if kind == "delete":
        del holder[key]
    elif kind == "retype":
        holder[key] = data.draw(json_values)
    elif kind == "swap":
        other = data.draw(st.sampled_from(everywhere))
        if other[: len(path)] != path and path[: len(other)] != other:  # neither inside the other
            other_holder = parent(position, other)
            holder[key], other_holder[other[-1]] = other_holder[other[-1]], value
    elif kind == "truncate" and isinstance(value, list | str) and value:
        holder[key] = value[: data.draw(st.integers(0, len(value) - 1))]
    elif kind == "rename" and isinstance(holder, dict):
        holder[data.draw(st.one_of(st.sampled_from(NAMES), st.text(max_size=4)))] = holder.pop(key)
    elif kind == "duplicate" and isinstance(value, list) and value:
        value.append(value[data.draw(st.integers(0, len(value) - 1))])
    else:
        holder[key] = data.draw(json_values)


@POSITIONS
@given(index=st.integers(0, 10**6), damages=st.integers(1, 3), data=st.data())
def test_a_damaged_position_loads_into_a_working_game_or_raises_position_error(index, damages, data):
    positions = real_positions()
    position = json.loads(positions[index % len(positions)])
    for _ in range(damages):
        mutate(position, data)
    load(position)


@POSITIONS
@given(
    index=st.integers(0, 10**6),
    field=st.sampled_from(sorted(json.loads(RENDERER_POSITION.read_text()))),
    value=json_values,
)
def test_any_value_in_any_field_loads_or_raises_position_error(index, field, value):
    positions = real_positions()
    position = json.loads(positions[index % len(positions)])
    position[field] = value
    load(position)
