"""A Game of Thrones' end-of-game report as an embed: how the game ended, the standings, a field a house;
within Discord's limits however long the game was."""

from __future__ import annotations

from typing import Any

from cogs.thrones import SCREENS, names
from engine.thrones.board import FACTS

HOUSES = ["stark", "lannister", "greyjoy", "tyrell", "baratheon", "martell"]


def long_report(**table: Any) -> dict[str, Any]:
    """Ten rounds of six houses that each fought forty battles, every card played several times."""
    cards = {h: [c for c, info in FACTS.house_cards.items() if info.house == h] for h in HOUSES}
    houses = {
        house: {
            "castles_at_start": 1,
            "castles": [2, 3, 3, 4, 4, 4, 5, 5, 6, 6],
            "battles_won": 20,
            "battles_lost": 20,
            "power_gained": 41,
            "cards": [cards[house][n % 7] for n in range(40)],
        }
        for house in HOUSES
    }
    return {
        "report": "end",
        "game": "thrones",
        "game_id": 7,
        "game_name": "A long game",
        "over": False,
        "winner": None,
        "standings": HOUSES,
        "round": 10,
        "rounds": list(range(1, 11)),
        "houses": houses,
        **table,
    }


def test_a_long_games_report_fits_in_one_embed() -> None:
    embed = SCREENS.report_embed(long_report(status="ended"))
    assert embed is not None
    assert len(embed) < 6000 and len(embed.fields) == 1 + 6
    assert all(len(f.value or "") <= 1024 for f in embed.fields)
    stark = next(f.value or "" for f in embed.fields if f.name == names.house_name("stark"))
    assert "House cards (40): " in stark and f"{names.card_name('eddard-stark')} x6" in stark
    assert "Battles: **20** won, **20** lost" in stark and "Power gained: **41**" in stark
    assert "start to round 10: 1 → 2 → 3 → 3 → 4" in stark
    assert "A moderator ended the game in round 10" in (embed.description or "")


def test_the_winner_and_the_game_so_far() -> None:
    won = SCREENS.report_embed(long_report(status="over", over=True, winner="greyjoy"))
    assert won is not None and "**House Greyjoy** wins the Iron Throne" in (won.description or "")
    assert won.colour is not None and won.colour.value == names.house_colour("greyjoy")
    running = SCREENS.report_embed(long_report(status="active"))
    assert running is not None and (running.description or "").startswith("The game so far, in round 10")


def test_the_report_is_told_in_the_games_language() -> None:
    embed = SCREENS.report_embed(long_report(winner="stark", language="es"))
    assert embed is not None
    assert embed.title == "A long game: la partida en cifras"
    assert (embed.description or "").startswith(
        "👑 **Casa Stark** gana el Trono de Hierro. La partida terminó"
    )
    assert [f.name for f in embed.fields][:2] == ["Clasificación", "Casa Stark"]
    assert "Batallas: **20** ganadas, **20** perdidas" in (embed.fields[1].value or "")
    assert len(embed) <= 6000
