"""Channel messages built from the table's outbox: the board post, the status, notices. Nothing secret."""

from __future__ import annotations

import json

from cogs import embeds
from cogs.thrones import SCREENS, names
from table.table import Table
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, three_player_game

SECRET_ORDERS = "orders winterfell=march+1* white-harbor=raid* the-shivering-sea=support+0"


def _text(embed) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(embed.to_dict())


async def test_nothing_secret_in_boards_status_or_notices(table: Table) -> None:
    game_id = await three_player_game(table)
    await table.submit(game_id, ALICE, SECRET_ORDERS)  # Stark's orders stay face down until all have placed
    session = table.session(game_id)
    posted = []
    for item in await table.outbox():
        if item.target != "channel":
            continue
        if item.kind == "board":
            posted.append(_text(embeds.board_embed(item.payload, image=True)))
        elif item.kind == "phase-log":
            posted.append(_text(embeds.phase_log_embed(SCREENS, item.payload)))
        elif item.kind == "notice":
            posted.append(embeds.notice_text(item.payload))
    posted.append(_text(embeds.status_embed(session)))
    posted.append(_text(embeds.cards_embed(session)))
    text = "\n".join(posted)
    for secret in ("march+1*", "raid*", "support+0"):
        assert secret not in text
    for name in ("March +1", "Raid (special)", "Support +0"):
        assert name not in text
    assert "House Stark" in text


async def test_the_live_log_names_who_is_waited_on(table: Table) -> None:
    game_id = await three_player_game(table)
    await table.submit(game_id, ALICE, SECRET_ORDERS)
    session = table.session(game_id)
    logs = [i for i in await table.outbox() if i.kind == "phase-log"]
    assert {i.payload["key"] for i in logs} == {"log-1"}  # one live log of the phase, edited
    live = embeds.phase_log_embed(SCREENS, logs[-1].payload)
    waiting = next(f for f in live.fields if f.name == "Waiting for")
    assert f"<@{BOB.user_id}>" in (waiting.value or "") and f"<@{ALICE.user_id}>" not in (waiting.value or "")
    board = next(i for i in await table.outbox() if i.kind == "board")
    payload = {**board.payload, "waiting": session.waiting_summary()}
    embed = embeds.board_embed(payload, image=False)
    waiting = next(f for f in embed.fields if f.name == "Waiting for")
    assert names.house_name("lannister") in (waiting.value or "")
    assert "<t:" in (waiting.value or "") and ":R>" in (waiting.value or "")
    assert embed.image.url is None


async def test_a_seat_nobody_plays_is_waited_on_in_the_readers_words(table: Table) -> None:
    game_id = await three_player_game(table, language="es")
    await table.remove_player(game_id, ALICE, "lannister")  # waits for a replacement
    waiting = embeds.waiting_lines(SCREENS, table.session(game_id).waiting_summary(), "es")
    assert any(line.startswith("Casa Lannister — nadie: Da tus órdenes, plazo <t:") for line in waiting)
    listed = embeds.games_embed("Partidas", [table.session(game_id)], "es").description or ""
    assert "se espera a <@" in listed and ", nadie, " in listed


async def test_the_status_of_a_lobby_and_of_a_game(table: Table) -> None:
    from table import GameSettings

    lobby = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4), name="Lobby"
    )
    await table.join(lobby.id, ALICE, "stark")
    text = _text(embeds.status_embed(lobby))
    assert "1 of 4 seats" in text and "House Stark" in text
    game_id = await three_player_game(table)
    text = _text(embeds.status_embed(table.session(game_id)))
    assert "Round 1 of 10, planning phase" in text and "Waiting for" in text


async def test_the_status_of_a_game_set_aside_says_why_and_what_moderators_can_do(table: Table) -> None:
    game_id = await three_player_game(table)
    session = table.session(game_id)
    session.broken = "its action 3 (House Stark) no longer replays"
    text = _text(embeds.status_embed(session))
    assert "Out of service" in text and "action 3" in text and "/mod undo" in text


def test_a_battle_report_names_its_cards_and_supporters() -> None:
    from cogs.thrones.battle import battle_embed

    report = {
        "game_id": 4,
        "game_name": "Winter",
        "area": "the-narrow-sea",
        "attacker": "stark",
        "defender": "baratheon",
        "winner": "stark",
        "strengths": {
            "stark": {"units": 1, "card": 4, "tides": 2, "support": 1, "total": 8},
            "baratheon": {"units": 1, "card": 0, "total": 1},
        },
        "cards": {"stark": "eddard-stark", "baratheon": "salladhor-saan"},
        "tides": {"stark": "two"},
        "supporters": [{"house": "stark", "area": "the-shivering-sea", "strength": 1, "backs": "stark"}],
        "aftermath": ["House Baratheon loses 1 ship."],
    }
    embed = battle_embed(report)
    stark, baratheon, then = (field.value or "" for field in embed.fields)
    assert "house card: +4 (Eddard Stark)" in stark and "Tides of Battle: +2 (Two)" in stark
    assert "House Stark from The Shivering Sea +1" in stark and "**total: 8**" in stark
    assert "house card: +0 (Salladhor Saan)" in baratheon  # a card worth nothing is still named
    assert "loses 1 ship" in then and "**House Stark** wins" in (embed.description or "")


async def test_the_status_shows_open_votes_a_scheduled_end_and_vacations(table: Table) -> None:
    from table import deadlines, votes
    from tests.table.conftest import ADMIN

    game_id = await three_player_game(table)
    await votes.start(table, game_id, ALICE, votes.EXTEND, seconds=6 * 3600)
    await votes.end_after_round(table, game_id, ADMIN)
    now = table.clock.now()
    await deadlines.set_vacation(table, game_id, BOB, now + 86_400, now + 3 * 86_400)
    under_way = next(
        f.value for f in embeds.status_embed(table.session(game_id)).fields if f.name == "Under way"
    )
    assert "Extend the running deadlines by 6 hours? Yes: 0 of the 1 needed; no: 0" in under_way
    assert "The game ends after round 1." in under_way
    assert f"Bob (House Lannister) is away <t:{int(now + 86_400)}:d>" in under_way
