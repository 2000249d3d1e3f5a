"""The end-of-game report at the table: a game that is won, or ended by a moderator, tells its channel
the game in numbers (an outbox item written with the end itself); /game report gives it again later,
after a restart too; a game that keeps no report (Duel) ends as before."""

from __future__ import annotations

from pathlib import Path

import pytest

import table.table as table_module
import tests.games.duel  # noqa: F401  (registers the game)
from engine.thrones.game import ThronesGame
from table import GameSettings, Table, TableError
from table.store import OutboxItem
from tests.table.conftest import ALICE, BOB, CHANNEL, DAVE, GUILD, three_player_game
from tests.table.test_second_game import duel


async def ai_game(table: Table) -> int:
    """A 3-player game of AI seats: it is played to its end as it starts."""
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3), seed=5
    )
    for house in ("stark", "lannister", "baratheon"):
        await table.add_ai(session.id, ALICE, "random", house)
    await table.start(session.id, ALICE)
    return session.id


def reports(items: list[OutboxItem]) -> list[OutboxItem]:
    return [i for i in items if i.kind == "report" and i.payload.get("report") == "end"]


async def test_a_won_game_posts_its_report_after_its_end(table: Table) -> None:
    game_id = await ai_game(table)
    session = table.session(game_id)
    game = session.require_game()
    assert session.status == "over"
    items = await table.outbox(limit=100_000)
    kinds = [i.kind for i in items]
    [report] = reports(items)
    assert kinds.index("game-over") < items.index(report)  # the end, then the game in numbers
    assert report.target == "channel" and report.target_id == CHANNEL
    payload = report.payload
    assert (payload["game"], payload["game_id"], payload["status"]) == ("thrones", game_id, "over")
    assert payload["winner"] == game.readout().winner and payload["standings"] == list(game.readout().ranking)
    assert payload["rounds"][-1] == game.readout().round and set(payload["houses"]) == set(game.seats())
    # what a replay of the whole log says, from the setup
    lines = [row.notation for row in session.log]
    again = ThronesGame.new(3, session.seed).report(lines)
    assert {k: payload[k] for k in again} == again
    assert sum(h["battles_won"] for h in payload["houses"].values()) == game.readout().stats.get("combats", 0)


async def test_a_game_ended_by_a_moderator_reports_the_standings_as_they_stood(table: Table) -> None:
    game_id = await three_player_game(table, diplomacy="off")  # no threads to archive among the items
    session = table.session(game_id)
    for who, house in ((ALICE, "stark"), (BOB, "lannister")):
        await table.submit(game_id, who, session.game.decision_for(house).default.format())
    before = len(await table.outbox(limit=100_000))
    await table.end_game(game_id, ALICE, reason="we stop here")
    items = (await table.outbox(limit=100_000))[before:]
    assert [i.kind for i in items] == ["notice", "report"]
    payload = items[1].payload
    assert payload["status"] == "ended" and payload["winner"] is None and not payload["over"]
    assert sorted(payload["standings"]) == ["baratheon", "lannister", "stark"]
    assert payload["rounds"] == [1]  # the round it was ended in, as it stood
    castles = session.game.readout().scores
    assert {h: d["castles"] for h, d in payload["houses"].items()} == {h: [n] for h, n in castles.items()}
    text = "\n".join(session.kind.report_markdown(payload))  # the demo's report.md says it so
    assert text.startswith("A moderator ended the game in round 1")
    assert f"| House Stark | {payload['houses']['stark']['castles_at_start']} | {castles['stark']} |" in text


async def test_the_report_can_be_asked_for_again_after_a_restart(table: Table, db_path: Path) -> None:
    game_id = await ai_game(table)
    [posted] = reports(await table.outbox(limit=100_000))
    await table.close()
    reopened = await Table.open(db_path)
    try:
        assert await reopened.report(game_id, DAVE) == posted.payload  # anyone who may reach the game
    finally:
        await reopened.close()


async def test_the_report_of_a_running_game_is_the_game_so_far(table: Table) -> None:
    game_id = await three_player_game(table)
    payload = await table.report(game_id, BOB)
    assert payload["status"] == "active" and payload["rounds"] == [1] and payload["winner"] is None


async def test_a_game_that_keeps_no_report_ends_without_one(table: Table) -> None:
    game_id = await duel(table, rounds=1)
    for who, line in ((ALICE, "pick 2"), (BOB, "pick 1"), (ALICE, "shout cheer")):
        await table.submit(game_id, who, line)
    assert table.session(game_id).status == "over"
    items = await table.outbox(limit=100_000)
    assert "game-over" in [i.kind for i in items] and reports(items) == []
    with pytest.raises(TableError, match="keeps no report"):
        await table.report(game_id, ALICE)


async def test_a_report_that_cannot_be_computed_does_not_keep_the_game_from_ending(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("a bug in the report")

    monkeypatch.setattr(table_module, "_game_report", broken)
    game_id = await ai_game(table)
    assert table.session(game_id).status == "over"
    items = await table.outbox(limit=100_000)
    assert "game-over" in [i.kind for i in items] and reports(items) == []
