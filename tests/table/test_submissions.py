"""Submissions: an answer names the decision it answers (so one sent twice is not applied to the next
decision), every text is bounded before work is done on it, and an engine failure leaves memory as the
disk has it."""

from __future__ import annotations

import asyncio

import pytest

from table import GameSettings, Table, TableError
from table.outbox import decision_json, fingerprint
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, PLAYERS

BIDDING_SEED = 1  # with every default answer, the first Clash of Kings comes after 7 actions


async def bidding_game(table: Table) -> int:
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3), seed=BIDDING_SEED
    )
    for who, house in ((ALICE, "stark"), (BOB, "lannister"), (CAROL, "baratheon")):
        await table.join(session.id, who, house)
    await table.start(session.id, ALICE)
    while not any(d.kind == "bid" for d in session.pending()):
        decision = session.pending()[0]
        await table.submit(session.id, PLAYERS[decision.house], decision.default.format())
    return session.id


async def test_a_bid_sent_twice_at_once_is_not_applied_to_the_next_track(table: Table) -> None:
    game_id = await bidding_game(table)
    session = table.session(game_id)
    await table.submit(game_id, ALICE, "bid 2")
    await table.submit(game_id, BOB, "bid 1")
    throne = fingerprint(decision_json(session.game.decision_for("baratheon")))
    results = await asyncio.gather(
        table.submit(game_id, CAROL, "bid 0", expect=throne),
        table.submit(game_id, CAROL, "bid 0", expect=throne),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableError) for r in results) == 1
    refusal = next(r for r in results if isinstance(r, TableError))
    assert "settled" in str(refusal)
    bids = [row.notation for row in session.log if row.notation.startswith("baratheon: bid")]
    assert bids == ["baratheon: bid 0"]  # once, for the Iron Throne; the Fiefdoms bid still waits
    assert session.game.decision_for("baratheon").kind == "bid"


async def test_an_answer_for_a_decision_already_answered_and_changeable_is_checked_too(table: Table) -> None:
    game_id = await bidding_game(table)
    session = table.session(game_id)
    decision = decision_json(session.game.decision_for("stark"))
    asked = fingerprint(decision)
    await table.submit(game_id, ALICE, "bid 0", expect=asked)
    with pytest.raises(TableError, match="settled"):  # a prompt drawn before that answer
        await table.submit(game_id, ALICE, "bid 2", expect=asked)
    outcome = await table.submit(game_id, ALICE, "bid 1", expect=fingerprint(decision, "bid 0"))
    assert str(outcome.message) == "Recorded."  # changed before the reveal, from the prompt showing "bid 0"
    with pytest.raises(TableError, match="settled"):
        await table.submit(game_id, ALICE, "bid 2", expect="ffffff")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("march winterfell -> castle-black " + "9" * 9 + " footmen", "count"),
        ("bid " + "9" * 5000, None),
        ("bid ²", None),
        ("orders " + "winterfell=march+0 " * 200, "at most"),
    ],
)
async def test_huge_or_strange_lines_are_refused_quickly_with_a_short_message(
    table: Table, line: str, message: str | None
) -> None:
    from tests.table.conftest import three_player_game

    game_id = await three_player_game(table)
    before = table.session(game_id).game.to_position()
    with pytest.raises(TableError) as refused:
        await asyncio.wait_for(table.submit(game_id, ALICE, line), timeout=2)
    assert len(str(refused.value)) < 400
    if message:
        assert message in str(refused.value)
    assert table.session(game_id).game.to_position() == before


async def test_reasons_and_names_are_bounded_and_cleaned(table: Table) -> None:
    from tests.table.conftest import three_player_game

    game_id = await three_player_game(table)
    with pytest.raises(TableError, match="at most 300"):
        await table.pause(game_id, ALICE, reason="x" * 1900)
    await table.pause(game_id, ALICE, reason="away \ud800 for a while\x00")  # a lone surrogate, a NUL
    entry = (await table.audit_log(game_id, ALICE))[-1]
    assert entry.reason == "away \ufffd for a while\ufffd"
    with pytest.raises(TableError, match="at most 80"):
        await table.create_game(
            ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3), name="n" * 2000
        )


async def test_an_engine_failure_leaves_memory_as_the_disk_has_it(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from engine.thrones.game import ThronesGame
    from tests.table.conftest import three_player_game

    game_id = await three_player_game(table)
    session = table.session(game_id)
    await table.submit(game_id, ALICE, session.game.decision_for("stark").default.format())
    await table.submit(game_id, BOB, session.game.decision_for("lannister").default.format())
    before = session.game.to_position()
    real_advance = ThronesGame._advance
    failures = [RuntimeError("a rules bug")]  # met once, by the next action

    def broken(self: ThronesGame) -> None:
        real_advance(self)
        if failures:
            raise failures.pop()

    line = session.game.decision_for("baratheon").default.format()
    monkeypatch.setattr(ThronesGame, "_advance", broken)
    with pytest.raises(TableError, match="internal error"):
        await table.submit(game_id, CAROL, line)
    assert table.session(game_id).game.to_position() == before
    assert len(table.session(game_id).log) == 2
