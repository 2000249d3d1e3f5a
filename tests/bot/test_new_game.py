"""/game create's options for any game: free text read as the kind's options, suggestions while typing,
and deadlines scaled from one number of hours."""

from __future__ import annotations

import pytest

from cogs.new_game import deadlines, parse_options, shown_options, suggest_options
from table.errors import TableError
from table.kind import HOUR
from table.kinds import kind_of

THRONES = kind_of("thrones")


def test_options_are_read_in_the_kinds_types() -> None:
    assert parse_options(THRONES, "") == {}
    assert parse_options(THRONES, "tides_of_battle=on") == {"tides_of_battle": True}
    assert parse_options(THRONES, " Tides_of_Battle=OFF ,") == {"tides_of_battle": False}
    assert parse_options(THRONES, "fog=on") == {"fog": "on"}  # for the kind to refuse, naming its options
    for bad in ("tides_of_battle", "=on", "tides_of_battle=", "tides_of_battle=2"):
        with pytest.raises(TableError):
            parse_options(THRONES, bad)


def test_suggestions_complete_the_last_option_and_skip_those_given() -> None:
    assert [v for v, _ in suggest_options(THRONES, "")] == ["tides_of_battle=on", "tides_of_battle=off"]
    assert [v for v, _ in suggest_options(THRONES, "tides_of_battle=of")] == ["tides_of_battle=off"]
    assert suggest_options(THRONES, "tides_of_battle=on, ti") == []
    label = suggest_options(THRONES, "t")[0][1]
    assert "tides_of_battle=on" in label and "Tides of Battle" in label and len(label) <= 100


def test_deadlines_scale_from_the_first_category() -> None:
    assert deadlines(THRONES, None) == dict(THRONES.deadlines)
    assert deadlines(THRONES, 6) == {
        "orders": 6 * HOUR,
        "bids": 3 * HOUR,
        "cards": 3 * HOUR,
        "other": 3 * HOUR,
    }
    tiny = deadlines(THRONES, 1 / 60)
    assert tiny["orders"] == 60 and tiny["bids"] == 60  # scaled ones stay within the table's bounds


def test_only_options_away_from_their_default_are_shown() -> None:
    assert shown_options(THRONES, {"tides_of_battle": True}) == ["Tides of Battle"]
    assert shown_options(THRONES, {"tides_of_battle": False}) == []
