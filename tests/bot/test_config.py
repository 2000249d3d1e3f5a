"""Configuration: the .env loader, the environment's precedence, and a clear exit without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import discord
import pytest

import bot
from bot import Config, ConfigError, create_bot, load_config, read_env_file

ROOT = Path(__file__).resolve().parents[2]


def test_the_env_file_reader(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\n\nDISCORD_TOKEN=abc.def\nexport MAESTER_DATABASE='games.sqlite3'\n"
        'MAESTER_MODERATOR_ROLE="Night\'s Watch"\nMAESTER_LOG_LEVEL=debug  # loud\nMAESTER_DEV_GUILD_ID=\n'
    )
    assert read_env_file(env) == {
        "DISCORD_TOKEN": "abc.def",
        "MAESTER_DATABASE": "games.sqlite3",
        "MAESTER_MODERATOR_ROLE": "Night's Watch",
        "MAESTER_LOG_LEVEL": "debug",
        "MAESTER_DEV_GUILD_ID": "",
    }
    assert read_env_file(tmp_path / "missing") == {}
    env.write_text("not a setting\n")
    with pytest.raises(ConfigError, match="line 1"):
        read_env_file(env)


def test_settings_come_from_the_environment_first_then_the_file(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "DISCORD_TOKEN=from-file\nMAESTER_DEV_GUILD_ID=42\nMAESTER_MODERATOR_ROLE=1200000000000000102\n"
    )
    config = load_config(
        {
            "DISCORD_TOKEN": "from-env",
            "MAESTER_DISCORD_API": "http://127.0.0.1:8765/api/v10/",
            "MAESTER_OUTBOX_RETENTION_DAYS": "2.5",
        },
        env,
    )
    assert config == Config(
        token="from-env",
        database="maester.sqlite3",
        dev_guild_id=42,
        moderator_role=1200000000000000102,
        log_level="INFO",
        outbox_retention_days=2.5,
        discord_api="http://127.0.0.1:8765/api/v10",
    )


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"MAESTER_DEV_GUILD_ID": "my server"}, "server id"),
        ({"MAESTER_LOG_LEVEL": "LOUD"}, "MAESTER_LOG_LEVEL"),
        ({"MAESTER_DISCORD_API": "127.0.0.1"}, "http"),
        ({"MAESTER_OUTBOX_RETENTION_DAYS": "a week"}, "RETENTION_DAYS"),
        ({"MAESTER_OUTBOX_RETENTION_DAYS": "0"}, "RETENTION_DAYS"),
        ({"MAESTER_MODERATOR_ROLE": "Maester"}, "role's id"),  # a name would match any server's role
        ({"MAESTER_MODERATOR_ROLE": "²"}, "role's id"),
        ({"MAESTER_SHARD_COUNT": "0"}, "MAESTER_SHARD_COUNT"),
        ({"MAESTER_SHARD_COUNT": "two"}, "MAESTER_SHARD_COUNT"),
        ({"MAESTER_SHARDS": "0"}, "needs MAESTER_SHARD_COUNT"),
        ({"MAESTER_SHARD_COUNT": "2", "MAESTER_SHARDS": "1-0"}, "a range like 0-1"),
        ({"MAESTER_SHARD_COUNT": "2", "MAESTER_SHARDS": "0,,1"}, "a range like 0-1"),
        ({"MAESTER_SHARD_COUNT": "2", "MAESTER_SHARDS": "first"}, "a range like 0-1"),
        ({"MAESTER_SHARD_COUNT": "2", "MAESTER_SHARDS": "1-2"}, "names shard 2, but .* 0 to 1"),
    ],
)
def test_wrong_settings_are_named(tmp_path: Path, setting: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config({"DISCORD_TOKEN": "t", **setting}, tmp_path / "none")


@pytest.mark.parametrize(
    ("shards", "expected"),
    [("0-1", (0, 1)), ("2", (2,)), ("0, 2", (0, 2)), ("3,0-1", (0, 1, 3)), ("1-1,1", (1,))],
)
def test_a_process_runs_the_shards_it_is_given(
    tmp_path: Path, shards: str, expected: tuple[int, ...]
) -> None:
    config = load_config(
        {"DISCORD_TOKEN": "t", "MAESTER_SHARD_COUNT": "4", "MAESTER_SHARDS": shards}, tmp_path / "none"
    )
    assert (config.shard_count, config.shard_ids) == (4, expected)


def test_the_bot_is_sharded_only_when_a_shard_count_is_given(tmp_path: Path) -> None:
    plain = create_bot(load_config({"DISCORD_TOKEN": "t"}, tmp_path / "none"))
    assert not isinstance(plain, discord.AutoShardedClient) and plain.shard_count is None

    one_of_two = create_bot(
        load_config(
            {"DISCORD_TOKEN": "t", "MAESTER_SHARD_COUNT": "2", "MAESTER_SHARDS": "1"}, tmp_path / "none"
        )
    )
    assert isinstance(one_of_two, discord.AutoShardedClient) and isinstance(one_of_two, bot.MaesterBot)
    assert (one_of_two.shard_count, one_of_two.shard_ids) == (2, [1])

    every_shard = create_bot(
        load_config({"DISCORD_TOKEN": "t", "MAESTER_SHARD_COUNT": "3"}, tmp_path / "none")
    )
    assert isinstance(every_shard, discord.AutoShardedClient)
    assert (every_shard.shard_count, every_shard.shard_ids) == (3, None)  # discord.py runs 0, 1 and 2


def test_without_a_token_the_message_says_how_to_get_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as raised:
        load_config({"DISCORD_TOKEN": ""}, tmp_path / "none")
    text = str(raised.value)
    assert "https://discord.com/developers/applications" in text and "Reset Token" in text
    assert "applications.commands" in text and "bot" in text


def test_main_exits_with_status_1_without_a_token(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main() == 1
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_python_bot_py_without_a_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "discord.com/developers/applications" in done.stderr


def test_a_fake_discord_api_is_used_for_every_route() -> None:
    before = discord.http.Route.BASE
    try:
        create_bot(Config(token="t", discord_api="http://127.0.0.1:9/api/v10"))
        assert discord.http.Route("GET", "/gateway/bot").url == "http://127.0.0.1:9/api/v10/gateway/bot"
    finally:
        discord.http.Route.BASE = before


async def test_the_commands(tmp_path: Path) -> None:
    """The command surface, loaded as the bot loads it (without logging in)."""
    from cogs import EXTENSIONS
    from table.table import Table

    client = create_bot(Config(token="t", database=str(tmp_path / "db.sqlite3")))
    client.table = await Table.open(tmp_path / "db.sqlite3")
    try:
        for extension in EXTENSIONS:
            await client.load_extension(extension)
        groups = {c.name: c.to_dict(client.tree) for c in client.tree.get_commands()}
        assert set(groups) == {"game", "mod", "rules", "ravens", "vote"}
        names = {g: {o["name"] for o in data["options"]} for g, data in groups.items() if g != "ravens"}
        assert names["game"] == {"create", "join", "leave", "house", "watch", "start", "status", "board"} | {
            "log",
            "cards",
            "prompt",
            "act",
            "help",
            "list",
            "notify",
            "report",
            "resign",
            "volunteer",
            "vacation",
            "language",
        }
        assert names["mod"] == {"force", "undo", "pause", "resume", "deadline", "replace", "kick", "end"} | {
            "export",
            "import",
            "addai",
            "role",
            "audit",
            "language",
        }
        assert names["rules"] == {"card", "area", "order", "westeros", "wildling", "tides"}
        assert len(groups["ravens"]["description"]) <= 100
        assert names["vote"] == {"pause", "resume", "extend", "replace", "end", "cancel"}
        for data in groups.values():
            for command in data["options"]:
                assert len(command["description"]) <= 100
                for option in command.get("options", []):
                    assert len(option["description"]) <= 100
    finally:
        await client.close()  # closes the table too


def test_the_token_never_shows_in_the_configuration_repr() -> None:
    assert "s3cret" not in repr(Config(token="s3cret"))


def test_the_bot_imports_every_games_parts_before_its_first_command() -> None:
    """A game's parts are imported on first use; the bot imports them at start instead, so the first burst
    of answers does not wait on an import (bot.load_games, called in setup_hook)."""
    parts = ("cogs.thrones", "renderer.thrones")  # the table's part comes with the table
    probe = (
        "import sys, bot\n"
        f"parts = {parts!r}\n"
        "before = [p in sys.modules for p in parts]\n"
        "bot.load_games()\n"
        "print(before, [p in sys.modules for p in parts])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout == "[False, False] [True, True]\n"
