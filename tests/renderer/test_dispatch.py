"""renderer.render draws a view with the renderer of the game the view names."""

from __future__ import annotations

from typing import Any

import pytest

import renderer
from data import games
from data.games import GameEntry, UnknownGame

drawn: list[tuple[dict[str, Any], dict[str, Any]]] = []


def draw_throwaway(view: dict[str, Any], **kwargs: Any) -> bytes:
    """The renderer of the throwaway game: records what it was asked to draw."""
    drawn.append((view, kwargs))
    return b"\x89PNG throwaway"


@pytest.fixture
def throwaway(monkeypatch: pytest.MonkeyPatch) -> str:
    """A game registered for one test only (the registry is put back afterwards)."""
    monkeypatch.setattr(games, "_GAMES", dict(games._GAMES))
    drawn.clear()
    games.register(
        GameEntry(
            id="throwaway",
            title="A throwaway game",
            engine="engine.thrones.game:ThronesGame",
            table="table.thrones:KIND",
            bot="cogs.thrones:SCREENS",
            renderer=f"{__name__}:draw_throwaway",
        )
    )
    return "throwaway"


def test_a_view_reaches_the_renderer_of_its_game(throwaway: str) -> None:
    view = {"game": throwaway}
    assert renderer.render(view, highlights=False) == b"\x89PNG throwaway"
    assert drawn == [(view, {"highlights": False})]


def test_a_view_that_names_no_game_is_refused_with_a_readable_message() -> None:
    with pytest.raises(ValueError, match=r"names its game \(view\['game'\].*this one names none"):
        renderer.render({"round": 1})


def test_a_view_of_an_unknown_game_is_refused() -> None:
    with pytest.raises(UnknownGame, match="There is no game 'no-such-game'"):
        renderer.render({"game": "no-such-game"})


def closeup(view: dict[str, Any], focus: str, **kwargs: Any) -> bytes:
    """The throwaway game's close-ups, beside its renderer: records what it was asked to draw."""
    drawn.append((view, {"focus": focus, **kwargs}))
    return b"\x89PNG close-up"


def test_a_closeup_reaches_the_closeup_beside_the_renderer_of_its_game(throwaway: str) -> None:
    view = {"game": throwaway}
    assert renderer.closeup(view, "somewhere", highlights=False) == b"\x89PNG close-up"
    assert drawn == [(view, {"focus": "somewhere", "highlights": False})]


def test_a_closeup_of_a_game_whose_renderer_draws_none_is_refused(
    throwaway: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(globals(), "closeup")
    with pytest.raises(NotImplementedError, match="draws no close-ups"):
        renderer.closeup({"game": throwaway}, "somewhere")


def chart(report: dict[str, Any]) -> bytes:
    """The throwaway game's report charts, beside its renderer."""
    drawn.append((report, {}))
    return b"\x89PNG chart"


def test_a_report_chart_reaches_the_chart_beside_the_renderer_of_its_game(throwaway: str) -> None:
    report = {"game": throwaway, "houses": {}}
    assert renderer.chart(report) == b"\x89PNG chart"
    assert drawn == [(report, {})]


def test_a_chart_of_a_game_whose_renderer_draws_none_is_refused(
    throwaway: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(globals(), "chart")
    with pytest.raises(NotImplementedError, match="draws no charts"):
        renderer.chart({"game": throwaway})
