"""Completing notation lines: the decision's own answers first, then the words the grammar allows."""

from __future__ import annotations

from cogs.thrones import SCREENS
from table.outbox import decision_json
from tests.bot.conftest import Found

complete_line = SCREENS.complete_line


def test_an_empty_line_offers_the_decisions_answers_then_verbs(found: dict[str, Found]) -> None:
    bid = decision_json(found["bid"].decision)
    suggestions = complete_line("", bid)
    assert suggestions[0] == "bid 0"
    assert "bid 1" in suggestions and "bid " in suggestions
    assert all(len(s) <= 100 for s in suggestions) and len(suggestions) <= 25


def test_orders_complete_areas_then_tokens(found: dict[str, Found]) -> None:
    orders = decision_json(found["orders"].decision)
    first = orders["schema"]["areas"][0]
    assert f"orders {first}=" in complete_line("orders ", orders)
    tokens = complete_line(f"orders {first}=ma", orders)
    assert f"orders {first}=march+0" in tokens and f"orders {first}=march-1" in tokens
    later = complete_line(f"orders {first}=raid ", orders)
    assert all(not s.endswith(f" {first}=") for s in later)


def test_cards_and_areas_without_a_decision() -> None:
    assert "play eddard-stark" in complete_line("play edd", None)
    assert "march winterfell" in complete_line("march winte", None)
    assert complete_line("march winterfell ", None) == ["march winterfell ->"]
    assert "raven swap" in complete_line("raven sw", None)
    assert complete_line("fly", None) == []


def test_the_house_prefix_is_not_needed(found: dict[str, Found]) -> None:
    support = decision_json(found["support"].decision)
    assert set(complete_line("choose ", support)) >= {"choose none"}
