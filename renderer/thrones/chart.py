"""The chart of the end-of-game report (:mod:`engine.thrones.report`): each house's castles and
strongholds at the start and at the end of every round, in the board's house colours and letters,
listed in the legend by the final standings; the seventh castle that wins is marked."""

from __future__ import annotations

from typing import Any

from renderer.core.chart import Series, line_chart
from renderer.core.png import encode
from renderer.thrones.names import initial, name, speaking, word
from renderer.thrones.style import FACTS, LAND, colour


def chart(report: dict[str, Any], *, language: str = "en") -> bytes:
    """PNG bytes of the report's castles chart, its words in ``language``."""
    with speaking(language):
        return _chart(report)


def _chart(report: dict[str, Any]) -> bytes:
    houses = report["houses"]
    series = [
        Series(
            name("house-short", house),
            (houses[house]["castles_at_start"], *houses[house]["castles"]),
            colour(house),
            initial(house),
        )
        for house in report["standings"]
    ]
    goal = FACTS.castles_to_win
    image = line_chart(
        word("chart"),
        [word("chart:start"), *(str(number) for number in report["rounds"])],
        series,
        x_title=word("chart:x"),
        y_title=word("chart:y"),
        ground=LAND,
        goal=(goal, word("chart:goal", goal=goal)),
    )
    return encode(image)
