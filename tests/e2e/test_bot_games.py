"""The games Maester hosts, through the fake Discord: /game create offers them, suggests and reads the
chosen game's options, scales the deadlines from one number of hours and refuses options it cannot read;
/game help has each game's notation."""

from __future__ import annotations

import re
from pathlib import Path

from table.kind import HOUR
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.maester import WAIT, maester_bot, refused


def _create_options(fake: FakeDiscord) -> dict[str, dict]:  # type: ignore[type-arg]
    command = fake.find_command("game")
    assert command is not None
    create = next(o for o in command["options"] if o["name"] == "create")
    return {o["name"]: o for o in create["options"]}


async def test_the_game_choice_offers_a_game_of_thrones(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        options = _create_options(fake)
        game = options["game"]
        offered = await fake.autocomplete("alice", "game", "create", focused="game", options={"game": "thr"})
        assert {"name": "A Game of Thrones: The Board Game (2nd edition)", "value": "thrones"} in [
            {"name": c["name"], "value": c["value"]} for c in offered
        ]
        assert not game.get("required")  # A Game of Thrones is the default
        assert options["players"]["min_value"] <= 3 and options["players"]["max_value"] >= 6
        assert "orders_hours" not in options and "tides" not in options


async def test_options_are_suggested_and_tides_of_battle_can_be_turned_on(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        suggested = await fake.autocomplete(
            "alice", "game", "create", focused="options", options={"players": 3, "options": "tid"}
        )
        assert [c["value"] for c in suggested] == ["tides_of_battle=on", "tides_of_battle=off"]
        assert "Tides of Battle" in suggested[0]["name"]

        created = await fake.slash(
            "alice",
            "game",
            "create",
            options={"players": 3, "game": "thrones", "options": "tides_of_battle=on", "hours": 48},
        )
        opened = await created.wait_message(timeout=WAIT)
        assert "with Tides of Battle" in opened.content, opened.content
        game_id = int(re.search(r"game \*\*(\d+)\*\*", opened.content).group(1))  # type: ignore[union-attr]
        settings = bot.table.session(game_id).settings
        assert settings.game == "thrones" and settings.options == {"tides_of_battle": True}
        # the first category is as asked; the others keep their proportion to it (12 of 24 hours: half)
        assert settings.deadlines == {
            "orders": 48 * HOUR,
            "bids": 24 * HOUR,
            "cards": 24 * HOUR,
            "other": 24 * HOUR,
        }
        for house, who in (("stark", "alice"), ("lannister", "bob"), ("baratheon", "carol")):
            await (await fake.slash(who, "game", "join", options={"house": house})).wait_message(timeout=WAIT)
        await (await fake.slash("alice", "game", "start")).wait_message(timeout=WAIT)
        assert bot.table.session(game_id).require_game().state.tides_of_battle  # type: ignore[attr-defined]


async def test_options_that_cannot_be_read_are_refused_clearly(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3") as bot:
        cases = {
            "tides_of_battle=maybe": "The option tides_of_battle is on or off, not 'maybe'.",
            "fog_of_war=on": "has no option fog_of_war (it has: tides_of_battle)",
            "tides": "Write the options as name=value, separated by commas (e.g. tides_of_battle=on)",
            "tides_of_battle=on, tides_of_battle=off": "The option 'tides_of_battle' is given twice.",
        }
        for text, reason in cases.items():
            answer = await refused(
                await fake.slash("alice", "game", "create", options={"players": 3, "options": text})
            )
            assert answer.content.startswith("❌") and reason in answer.content, answer.content
        assert not bot.table.sessions  # nothing was created


async def test_help_is_the_shared_part_and_each_games_notation(fake: FakeDiscord, tmp_path: Path) -> None:
    async with maester_bot(fake, tmp_path / "maester.sqlite3"):
        answer = await refused(await fake.slash("alice", "game", "help"))
        assert "/game create" in answer.content and "A Game of Thrones" in answer.content
        titles = [embed["title"] for embed in answer.embeds]
        notation = answer.embeds[titles.index("A Game of Thrones: The Board Game (2nd edition)")]
        assert "orders winterfell=march+1*" in notation["description"]
