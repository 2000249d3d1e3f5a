"""The table hosts any game, not only A Game of Thrones: Duel (tests/games/duel), a tiny game with a secret
simultaneous choice and a public alternating one, is created, joined, started, played (a secret answer
changed, an undo, a force), exported, imported and restarted through the same table."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.games.duel  # noqa: F401  (registers the game)
from table import GameSettings, Table, TableError
from tests.games.duel.engine import DuelGame
from tests.table.conftest import ADMIN, ALICE, BOB, CHANNEL, GUILD

PLAYERS = {"stark": ALICE, "lannister": BOB}


async def duel(table: Table, **options: object) -> int:
    session = await table.create_game(
        ALICE,
        channel_id=CHANNEL,
        guild_id=GUILD,
        settings=GameSettings(game="duel", players=2, options=dict(options)),
        name="A duel",
    )
    await table.join(session.id, ALICE, "stark")
    await table.join(session.id, BOB, "lannister")
    await table.start(session.id, ALICE)
    return session.id


async def test_a_second_game_is_played_through_the_table(table: Table, db_path: Path) -> None:
    game_id = await duel(table, rounds=2)
    session = table.session(game_id)
    assert session.settings.options == {"rounds": 2}
    assert sorted(d.kind for d in session.pending()) == ["pick", "pick"]
    assert [i.kind for i in await table.outbox()].count("prompt") == 2  # secret: by DM

    await table.submit(game_id, ALICE, "pick 3")
    await table.submit(game_id, ALICE, "pick 2")  # changed before Bob picked
    assert session.game.view("lannister")["my_pick"] is None  # Bob never sees Alice's pick
    await table.submit(game_id, BOB, "pick 1")
    assert session.game.state.scores == {"stark": 1, "lannister": 0}
    [shout] = session.pending()
    assert (shout.house, shout.kind, shout.secret) == ("stark", "shout", False)
    prompts = [i for i in await table.outbox() if i.kind == "prompt"]
    assert prompts[-1].payload["house"] == "stark" and prompts[-1].target_id == ALICE.user_id  # by DM too

    await table.undo(game_id, ADMIN, count=1)  # Bob's pick taken back
    assert session.game.decision_for("lannister").kind == "pick"
    assert session.game.state.scores == {"stark": 0, "lannister": 0}
    await table.force(game_id, ADMIN, "lannister")  # his default: pick 1
    await table.submit(game_id, ALICE, "shout jeer")
    assert session.game.state.round == 2
    with pytest.raises(TableError, match="pick 1"):
        await table.submit(game_id, BOB, "bid 3")  # another game's notation is refused

    exported = await table.export(game_id, ADMIN)
    copy = await table.import_game(ADMIN, exported, channel_id=300, guild_id=GUILD, members=lambda _: True)
    assert copy.settings.game == "duel" and copy.game.to_position() == session.game.to_position()

    await table.close()
    reopened = await Table.open(db_path)
    try:
        again = reopened.session(game_id)
        assert again.kind.id == "duel" and again.game.to_position() == session.game.to_position()
        await reopened.submit(game_id, ALICE, "pick 1")
        await reopened.submit(game_id, BOB, "pick 1")  # a tie: nobody scores
        await reopened.submit(game_id, BOB, "shout cheer")  # round 2: Lannister's turn to shout
        assert again.status == "over" and again.game.readout().winner == "stark"
        assert again.game.readout().ranking == ("stark", "lannister")
        kinds = [i.kind for i in await reopened.outbox()]
        assert "game-over" in kinds and "board" in kinds
    finally:
        await reopened.close()


async def test_a_second_games_settings_are_its_own(table: Table) -> None:
    with pytest.raises(TableError, match="for 2 to 2 players"):
        await table.create_game(
            ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(game="duel", players=3)
        )
    with pytest.raises(TableError, match="has no option tides_of_battle"):
        await table.create_game(
            ALICE,
            channel_id=CHANNEL,
            guild_id=GUILD,
            settings=GameSettings(game="duel", players=2, options={"tides_of_battle": True}),
        )
    with pytest.raises(TableError, match="whole number from 1 to 5"):
        await table.create_game(
            ALICE,
            channel_id=CHANNEL,
            guild_id=GUILD,
            settings=GameSettings(game="duel", players=2, options={"rounds": 9}),
        )
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(game="duel", players=2)
    )
    assert session.settings.deadlines == {"picks": 12 * 3600, "other": 6 * 3600}
    assert session.houses_available() == ["stark", "lannister"]


def test_the_engine_contract_replays_a_second_game_exactly() -> None:
    game = DuelGame.setup(2, 7, {"rounds": 2})
    for line in (
        "stark: pick 2",
        "lannister: pick 3",
        "stark: shout cheer",
        "stark: pick 1",
        "lannister: pick 1",
    ):
        game.apply_line(line)
    again = DuelGame.replay(game.notation(), players=2, seed=7, rounds=2)
    assert again.to_position() == game.to_position()
    assert DuelGame.from_position(game.to_position()).pending() == game.pending()
    assert game.readout().phase == "shout" and game.readout().round == 2


def test_the_shared_renderer_draws_a_second_games_view_with_its_own_renderer() -> None:
    import renderer

    png = renderer.render(DuelGame.setup(2, 1, {}).view(None))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
