"""A campaign as the channel lives it: a game won by its last ``/game act`` and read after its end, the
server's list of games, and a person in two games whose commands find the right one."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.thrones.game import ThronesGame
from table.settings import GameSettings
from tests.e2e.fake_discord import Callback, FakeDiscord, FakeMessage
from tests.e2e.maester import WAIT, Game, embed, field_value, full_text, maester_bot

SEED = 7
SEATS = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
KEPT_BACK = 12  # the actions played through the bot before the closing one: the last round and a half


def near_the_end(fake: FakeDiscord) -> tuple[dict[str, Any], list[str]]:
    """An export of a 3-player game played by its defaults to some way before its end, and the actions
    (without their house) that end it."""
    game = ThronesGame.new(3, SEED)
    lines = []
    while True:
        decision = game.pending()[0]
        line = f"{decision.house}: {decision.default.format()}"
        trial = ThronesGame.from_position(game.to_position())
        trial.apply_line(line)
        if trial.over:
            break
        game.apply_line(line)
        lines.append(line)
    export = {
        "format": "maester-game",
        "version": 1,
        "name": "The long winter",
        "settings": GameSettings(players=3).to_json(),
        "seed": SEED,
        "seats": [
            {"user_id": fake.users[who].id, "name": who.title(), "house": house, "ai": None}
            for house, who in SEATS.items()
        ],
        "actions": [{"notation": line, "forced": None} for line in lines],
        "position": None,
    }
    cut = len(lines) - KEPT_BACK
    export["actions"] = export["actions"][:cut]
    return export, [*lines[cut:], line]


async def answer(fake: FakeDiscord, who: str, *path: str, **options: Any) -> FakeMessage:
    inter = await fake.slash(who, *path, options=options)
    return await inter.wait_message(timeout=WAIT)


async def test_the_closing_act_wins_and_the_finished_game_stays_readable(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    export, rest = near_the_end(fake)
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        imported = await answer(
            fake, "admin", "mod", "import", file=("old.json", json.dumps(export).encode())
        )
        assert "is imported as game **1** (running)" in imported.content, imported
        game = Game(fake, bot, 1, dict(SEATS))
        for line in rest[:-1]:
            house, action = line.split(": ", 1)
            await game.act(house, action)
        house, last = rest[-1].split(": ", 1)
        closing = await answer(fake, SEATS[house], "game", "act", line=last)
        assert closing.ephemeral and closing.content.startswith("✅"), closing
        session = bot.table.sessions[1]
        assert session.status == "over" and session.game is not None
        winner = session.game.readout().winner
        assert winner is not None
        await bot.poster.flush()
        [over] = [m for m in fake.channel_messages() if m.embeds and "the game is over" in embed(m)["title"]]
        assert f"House {winner.title()}** wins" in embed(over)["description"]
        # then the game in numbers, replayed from the setup: the imported actions count as much as these
        [numbers] = [m for m in fake.channel_messages() if m.embeds and "in numbers" in embed(m)["title"]]
        assert numbers.id > over.id and [a.filename for a in numbers.pngs] == ["chart.png"]
        assert field_value(numbers, "Standings").startswith(f"1. House {winner.title()}: ")
        assert f"start to round {session.game.readout().round}: " in field_value(numbers, "House Stark")

        # Everyone can still read the game: its board, its whole chronicle, its status and cards.
        board = await answer(fake, "alice", "game", "board")
        assert board.pngs and "The game is over" in embed(board)["title"], board
        assert "the game is over" in embed(board)["footer"]["text"]
        log = await answer(fake, "alice", "game", "log")  # the last page, with a button to the earlier ones
        pages = int(re.search(r"Page (\d+) of (\d+)", embed(log)["footer"]["text"]).group(2))  # type: ignore[union-attr]
        assert pages >= 2 and embed(log)["footer"]["text"].startswith(f"Page {pages} of {pages}"), log
        assert "wins the Iron Throne" in embed(log)["description"]
        earlier = await fake.click("alice", log, label="◀ Earlier")
        assert await earlier.wait_response(WAIT) == Callback.UPDATE_MESSAGE
        assert embed(log)["footer"]["text"].startswith(f"Page {pages - 1} of {pages}"), log
        first = await answer(fake, "alice", "game", "log", page=1)
        assert "is imported and goes on here" in embed(first)["description"], first
        whole = await answer(fake, "alice", "game", "log", file=True)
        [text] = [a.data.decode() for a in whole.attachments if a.filename == "chronicle-1.txt"]
        assert text.count("\n") > 25 and "is imported" in text and "wins the Iron Throne" in text
        status = await answer(fake, "bob", "game", "status")
        assert embed(status)["description"].startswith("The game is over after round 10."), status
        assert f"1. House {winner.title()}" in field_value(status, "Standings")
        cards = await answer(fake, "carol", "game", "cards")
        assert "House Stark" in full_text(cards) and "In hand" in full_text(cards), cards
        export_again = await answer(fake, "admin", "mod", "export")
        assert [a.filename for a in export_again.attachments] == ["maester-game-1.json"], export_again
        played = await answer(fake, "alice", "game", "act", line="raven none")
        assert (
            played.ephemeral
            and "over" in played.content
            and len(session.log) == len(export["actions"]) + len(rest)
        )

        listed = await answer(fake, "alice", "game", "list")
        assert "The long winter" in full_text(listed) and "over" in full_text(listed), listed


async def test_the_servers_games_are_listed_and_a_person_in_two_games_is_not_asked_which(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        running = await Game.create(fake, bot)  # in #game: Alice, Bob and Carol play
        other = fake.add_channel("raven-road")
        opened = await fake.slash("alice", "game", "create", options={"players": 4}, channel=other)
        assert "is open" in (await opened.wait_message(timeout=WAIT)).content
        joined = await fake.slash("alice", "game", "join", options={"house": "stark"}, channel=other)
        assert "as House Stark" in (await joined.wait_message(timeout=WAIT)).content

        # The list: both games, where they are, what they wait for; default names are not repeated.
        listed = full_text(await answer(fake, "bob", "game", "list"))
        assert f"<#{fake.channel.id}>" in listed and f"<#{other.id}>" in listed, listed
        names = [s.name for s in bot.table.sessions.values()]
        assert len(set(names)) == 2, names

        # In #game, Alice's command is for the game of #game; in #general (no game), for the one game that
        # waits on her (the other is in its lobby); in #raven-road, for the lobby there.
        status = await answer(fake, "alice", "game", "status")
        assert f"(game {running.id})" in embed(status)["title"], status
        prompt = await fake.slash("alice", "game", "prompt", channel="general")
        shown = full_text(await prompt.wait_message(timeout=WAIT))
        assert "Place your orders" in shown and "several games" not in shown, shown
        lobby_status = await fake.slash("alice", "game", "status", channel=other)
        assert "In the lobby" in full_text(await lobby_status.wait_message(timeout=WAIT))
        elsewhere = await fake.slash("alice", "game", "act", options={"line": "orders"}, channel="general")
        refusal = (await elsewhere.wait_message(timeout=WAIT)).content
        assert f"is played in its own channel, <#{fake.channel.id}>" in refusal, refusal
        await running.act(
            "stark", "orders winterfell=defense+1 white-harbor=raid the-shivering-sea=support+0"
        )  # in #game, with no game named
