"""The players' votes, with a clock moved by hand: every kind passing, failing and running out of time;
the thresholds at their edges; a voter whose seat changes hands; and every refusal, which changes
nothing."""

from __future__ import annotations

import pytest

from table import Actor, GameSettings, Table, TableError, votes
from table.session import ENDED, PAUSED, Seat, Session
from tests.table.conftest import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    HERE,
    PLAYERS,
    three_player_game,
)
from tests.table.test_atomicity import fail_late, in_memory, on_disk

HOUR, DAY = 3600, 86400
ERIN = Actor(7, "Erin", **HERE)


async def four_player_game(table: Table) -> int:
    """Alice plays Stark, Bob Lannister, Carol Baratheon, Erin Greyjoy."""
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=4)
    )
    for who, house in ((ALICE, "stark"), (BOB, "lannister"), (CAROL, "baratheon"), (ERIN, "greyjoy")):
        await table.join(session.id, who, house)
    await table.start(session.id, ALICE)
    return session.id


async def audit(table: Table, game_id: int) -> list[str]:
    return [entry.action for entry in await table.store.audit_log(game_id)]


async def vote_posts(table: Table, game_id: int) -> list[dict]:
    return [i.payload for i in await table.outbox() if i.kind == "vote" and i.game_id == game_id]


# --- each kind ----------------------------------------------------------------------------------------------


async def test_a_pause_passes_with_two_thirds_of_the_others_and_is_announced_and_audited(table):
    game_id = await three_player_game(table)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE, reason="a long weekend")
    session = table.session(game_id)
    assert session.votes == [vote] and session.status == "active"
    opening = (await vote_posts(table, game_id))[0]
    assert opening["question"] == "Pause the game?" and opening["needed"] == 1 and opening["pool"] == 2
    assert sorted(opening["ping"]) == [BOB.user_id, CAROL.user_id]  # those who may answer are mentioned
    assert (
        str(await votes.cast(table, game_id, BOB, vote.id, True))
        == "Your vote is recorded: yes. The vote has passed."
    )
    assert session.status == PAUSED and session.votes == []
    assert await audit(table, game_id) == ["create", "start", "vote-open", "vote-passed", "pause"]
    closing = (await vote_posts(table, game_id))[-1]
    assert closing["result"] == votes.PASSED and closing["yes"] == ["Bob"] and closing["ping"] == []
    notices = [i.payload["text"] for i in await table.outbox() if i.kind == "notice"]
    assert any("paused by the players' vote" in text for text in notices)
    # ... and resuming takes a vote too; the deadlines move on by the time the game was paused.
    due = session.deadlines["stark"].due_at
    table.clock.advance(5 * HOUR)
    vote = await votes.start(table, game_id, CAROL, votes.RESUME)
    await votes.cast(table, game_id, ALICE, vote.id, True)
    assert session.status == "active" and session.deadlines["stark"].due_at == due + 5 * HOUR


async def test_a_vote_fails_once_it_can_no_longer_pass(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    assert str(await votes.cast(table, game_id, BOB, vote.id, False)) == "Your vote is recorded: no."
    assert session.votes == [vote]  # Carol's yes would still carry it
    said = await votes.cast(table, game_id, CAROL, vote.id, False)
    assert str(said) == "Your vote is recorded: no. The vote has failed."
    assert session.status == "active" and session.votes == []
    assert (await audit(table, game_id))[-1] == "vote-failed"
    with pytest.raises(TableError, match="That vote is closed"):
        await votes.cast(table, game_id, CAROL, vote.id, True)


async def test_a_vote_runs_out_of_time_at_the_tick(table, clock):
    game_id = await three_player_game(table)
    vote = await votes.start(table, game_id, ALICE, votes.EXTEND, seconds=6 * HOUR, lasts=2 * HOUR)
    assert table.next_wakeup() == vote.closes_at
    clock.advance(2 * HOUR - 1)
    assert await table.tick() == 0
    clock.advance(1)
    assert await table.tick() == 1
    assert table.session(game_id).votes == []
    assert (await audit(table, game_id))[-1] == "vote-expired"
    assert (await vote_posts(table, game_id))[-1]["result"] == votes.EXPIRED


async def test_an_extension_moves_every_running_deadline_and_its_reminders(table, clock):
    game_id = await three_player_game(table, no_move_policy="wait")
    session = table.session(game_id)
    clock.advance(DAY + HOUR)
    await table.tick()  # every deadline passed: the game waits
    assert all(d.expired for d in session.deadlines.values())
    vote = await votes.start(table, game_id, BOB, votes.EXTEND, seconds=12 * HOUR)
    await votes.cast(table, game_id, CAROL, vote.id, True)
    assert all(not d.expired and d.due_at == clock.now() + 12 * HOUR for d in session.deadlines.values())
    assert all(d.reminded == [] for d in session.deadlines.values())  # 6h and 1h before are ahead again
    entry = (await table.store.audit_log(game_id))[-1]
    assert (entry.action, entry.details["seconds"]) == ("deadline", 12 * HOUR)


async def test_replacing_an_absent_player_by_an_ai_and_the_player_has_no_say(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.REPLACE, house="lannister", ai="random")
    with pytest.raises(TableError, match="cannot vote on your own replacement"):
        await votes.cast(table, game_id, BOB, vote.id, False)
    assert votes.tally(vote, session).pool == ("baratheon",)
    await votes.cast(table, game_id, CAROL, vote.id, True)
    seat = session.seat_of_house("lannister")
    assert (seat.ai, seat.user_id) == ("random", None)
    assert session.game.decision_for("lannister") is None  # the AI placed its orders
    assert (await audit(table, game_id))[-2:] == ["vote-passed", "remove"]


async def test_a_volunteer_asks_for_an_absent_players_seat_and_gets_it_by_vote(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)  # another kind may be open meanwhile
    from table import leaving

    said = await leaving.volunteer(table, game_id, DAVE, "lannister")
    assert str(said).startswith("Vote 2 is open")
    offer = session.votes[-1]
    assert str(votes.question(offer, session)) == "Give House Lannister (Bob) to Dave, who asks for it?"
    assert votes.tally(offer, session).pool == ("stark", "baratheon")  # Dave has no seat: no say either
    with pytest.raises(TableError, match="Only the game's seated players vote"):
        await votes.cast(table, game_id, DAVE, offer.id, True)
    await votes.cast(table, game_id, CAROL, offer.id, True)
    assert session.seat_of_house("lannister").user_id == DAVE.user_id
    prompts = [i for i in await table.outbox() if i.kind == "prompt" and i.target_id == DAVE.user_id]
    assert prompts  # Dave is asked for Lannister's orders at once
    assert session.votes == [vote]


async def test_ending_after_the_round_takes_everyone_and_the_ranking_then_decides(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, BOB, votes.END)
    await votes.cast(table, game_id, ALICE, vote.id, True)
    assert session.votes == [vote]  # Carol has not agreed yet
    await votes.cast(table, game_id, CAROL, vote.id, True)
    assert session.ends_after_round == 1 and session.status == "active"
    told = 0
    while session.status == "active":  # round 1 plays on to its end
        told = len(await table.outbox(limit=10_000))
        decision = session.pending()[0]
        await table.submit(game_id, PLAYERS[decision.house], decision.default.format())
    assert session.status == ENDED and session.deadlines == {} and session.pending() == []
    assert session.game.state.round == 2  # the Westeros phase began: the ranking is from before it
    last = [i.kind for i in (await table.outbox(limit=10_000))[told:]]
    assert "prompt" not in last and "game-over" in last  # nobody is asked anything of round 2
    over = [i.payload for i in await table.outbox(limit=10_000) if i.kind == "game-over"]
    assert len(over) == 1 and over[0]["ranking"][0] == over[0]["winner"]
    assert sorted(over[0]["ranking"]) == ["baratheon", "lannister", "stark"]
    with pytest.raises(TableError, match="This game is over"):
        await votes.start(table, game_id, BOB, votes.PAUSE)
    # It stays ended after a restart.
    await table.close()
    reopened = await Table.open(table.store.path, table.clock)
    try:
        assert reopened.session(game_id).status == ENDED
    finally:
        await reopened.close()


async def test_a_moderator_ends_the_game_after_the_round_alone(table):
    game_id = await three_player_game(table)
    with pytest.raises(TableError, match="Only a moderator"):
        await votes.end_after_round(table, game_id, BOB)
    said = await votes.end_after_round(table, game_id, ALICE, "the server closes")
    assert str(said) == "The game ends after round 1; the ranking then decides."
    with pytest.raises(TableError, match="ends after round 1 already"):
        await votes.start(table, game_id, BOB, votes.END)


async def test_cancelling_takes_everyone(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, CAROL, votes.CANCEL)
    await votes.cast(table, game_id, ALICE, vote.id, True)
    assert session.status == "active"
    said = await votes.cast(table, game_id, BOB, vote.id, True)
    assert str(said).endswith("The vote has passed.") and session.status == ENDED
    assert [i for i in await table.outbox() if i.kind == "game-over"] == []  # no ranking
    # One no is enough to refuse it.
    other = await three_player_game(table)
    vote = await votes.start(table, other, CAROL, votes.CANCEL)
    assert str(await votes.cast(table, other, BOB, vote.id, False)).endswith("The vote has failed.")


# --- thresholds ---------------------------------------------------------------------------------------------


def six_seats(*ai: str) -> Session:
    """Six seats played by people 1 to 6, but the ``ai`` houses."""
    houses = ["stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell"]
    session = Session(1, GUILD, CHANNEL, 1, "Six", GameSettings(players=6), "active", 1, 0.0)
    session.seats = [Seat(n, f"P{n}", h, "random" if h in ai else None) for n, h in enumerate(houses, 1)]
    return session


@pytest.mark.parametrize(
    ("ai", "needed"),
    [((), 3), (("martell",), 2), (("martell", "tyrell"), 2), (("martell", "tyrell", "greyjoy"), 1)],
    ids=["5 others", "4 others", "3 others", "2 others"],
)
def test_two_thirds_of_the_other_seated_players_rounded_down(ai, needed):
    session = six_seats(*ai)
    vote = votes.Vote(1, votes.PAUSE, 1, "P1", "stark", None, {}, 0.0, 1.0)
    assert votes.tally(vote, session).needed == needed
    # A replacement: the proposer and the player to be replaced are both left out.
    vote = votes.Vote(2, votes.REPLACE, 1, "P1", "stark", "lannister", {}, 0.0, 1.0)
    assert len(votes.tally(vote, session).pool) == 4 - len(ai)
    # Everyone: every seated player, the proposer too.
    vote = votes.Vote(3, votes.END, 1, "P1", "stark", None, {}, 0.0, 1.0)
    assert votes.tally(vote, session).needed == 6 - len(ai)


async def test_in_a_four_player_game_two_of_the_three_others_must_agree(table):
    game_id = await four_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    counted = votes.tally(vote, session)
    assert (counted.pool, counted.needed) == (("lannister", "baratheon", "greyjoy"), 2)
    await votes.cast(table, game_id, BOB, vote.id, True)
    assert session.status == "active"
    await votes.cast(table, game_id, ERIN, vote.id, True)
    assert session.status == PAUSED


async def test_ai_seats_have_no_say_and_a_lone_player_cannot_carry_a_two_thirds_vote(table):
    session = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.join(session.id, ALICE, "stark")
    await table.add_ai(session.id, ALICE, house="lannister")
    await table.add_ai(session.id, ALICE, house="baratheon")
    await table.start(session.id, ALICE)
    with pytest.raises(TableError, match="Nobody else in this game can vote"):
        await votes.start(table, session.id, ALICE, votes.PAUSE)
    assert session.votes == [] and "vote-open" not in await audit(table, session.id)
    # Everyone agreeing is the lone player agreeing: a cancel passes at once.
    await votes.start(table, session.id, ALICE, votes.CANCEL)
    assert session.status == ENDED


async def test_a_replaced_voters_ballot_no_longer_counts_and_the_new_player_may_vote(table):
    game_id = await four_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.EXTEND, seconds=3 * HOUR)
    await votes.cast(table, game_id, BOB, vote.id, True)
    await table.replace_player(game_id, ALICE, "lannister", DAVE.user_id, "Dave")
    assert votes.tally(vote, session).yes == ()  # Bob's yes left with him
    await votes.cast(table, game_id, CAROL, vote.id, True)
    assert session.votes == [vote]
    with pytest.raises(TableError, match="Only the game's seated players vote"):
        await votes.cast(table, game_id, BOB, vote.id, True)
    await votes.cast(table, game_id, DAVE, vote.id, True)
    assert session.votes == []
    assert (await audit(table, game_id))[-1] == "deadline"


async def test_a_voter_handed_to_an_ai_leaves_the_pool_and_the_tick_counts_again(table):
    game_id = await four_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    await votes.cast(table, game_id, BOB, vote.id, True)
    await votes.cast(table, game_id, CAROL, vote.id, False)
    assert session.votes == [vote]  # 1 yes, 1 no, Erin to answer: 2 needed
    await table.remove_player(game_id, ALICE, "greyjoy", "random")  # Erin leaves: 2 others, 1 needed
    assert await table.tick() == 1
    assert session.status == PAUSED


async def test_a_vote_is_void_when_what_it_asks_no_longer_makes_sense(table):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    vote = await votes.start(table, game_id, ALICE, votes.REPLACE, house="lannister")
    await table.replace_player(game_id, ALICE, "lannister", DAVE.user_id, "Dave")
    pause = await votes.start(table, game_id, ALICE, votes.PAUSE)
    await table.pause(game_id, ALICE)
    assert await table.tick() == 2
    assert session.votes == [] and session.seat_of_house("lannister").user_id == DAVE.user_id
    closed = {p["vote_id"]: (p["result"], p["why"]) for p in await vote_posts(table, game_id) if p["result"]}
    assert closed == {
        vote.id: (votes.VOID, "House Lannister has changed hands meanwhile"),
        pause.id: (votes.VOID, "the game is paused already"),
    }


async def test_a_vote_whose_outcome_cannot_be_written_leaves_no_trace(table, monkeypatch):
    game_id = await three_player_game(table)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    disk, memory = await on_disk(table, game_id), in_memory(table, game_id)
    fail_late(monkeypatch)  # the pause's write fails, after the ballot and the vote's close
    with pytest.raises(OSError, match="disk full"):
        await votes.cast(table, game_id, BOB, vote.id, True)
    assert await on_disk(table, game_id) == disk and in_memory(table, game_id) == memory
    [kept] = table.session(game_id).votes
    assert list(kept.ballots) == ["stark"]  # Bob's ballot is not kept either
    await votes.cast(table, game_id, BOB, vote.id, True)  # and it passes once the disk is back
    assert table.session(game_id).status == PAUSED


async def test_open_votes_survive_a_restart(db_path, clock):
    table = await Table.open(db_path, clock)
    game_id = await three_player_game(table)
    vote = await votes.start(table, game_id, ALICE, votes.PAUSE)
    await votes.cast(table, game_id, BOB, vote.id, False)
    await table.close()
    table = await Table.open(db_path, clock)
    try:
        [kept] = table.session(game_id).votes
        assert (kept.id, kept.ballots["lannister"].yes, kept.closes_at) == (vote.id, False, vote.closes_at)
        await votes.cast(table, game_id, CAROL, vote.id, True)
        assert table.session(game_id).status == PAUSED
    finally:
        await table.close()


# --- refusals, which change nothing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "kind", "asked", "error"),
    [
        (DAVE, votes.PAUSE, {}, "Only the game's seated players may start a vote"),
        (ALICE, votes.RESUME, {}, "That cannot be voted now: the game is not paused"),
        (ALICE, votes.EXTEND, {"seconds": 10 * 60}, "An extension is from 1 hour to 7 days"),
        (ALICE, votes.EXTEND, {"seconds": 30 * DAY}, "An extension is from 1 hour to 7 days"),
        (ALICE, votes.PAUSE, {"lasts": 60}, "A vote stays open from 1 hour to 3 days"),
        (ALICE, votes.PAUSE, {"lasts": 10 * DAY}, "A vote stays open from 1 hour to 3 days"),
        (ALICE, votes.REPLACE, {"house": "stark"}, "You cannot start a vote on your own replacement"),
        (ALICE, votes.REPLACE, {}, "Say which house to replace"),
        (ALICE, votes.REPLACE, {"house": "lannister", "ai": "genius"}, "AI players are"),
        (ALICE, "mutiny", {}, "Votes are to pause, resume, extend, replace, end, cancel"),
    ],
    ids=["stranger", "resume", "short", "long", "brief", "endless", "self", "nobody", "ai", "kind"],
)
async def test_bad_votes_are_refused_and_change_nothing(table, who, kind, asked, error):
    game_id = await three_player_game(table)
    session = table.session(game_id)
    await table.spectate(game_id, DAVE)  # a spectator is no player either
    before = await audit(table, game_id)
    with pytest.raises(TableError, match=error):
        await votes.start(table, game_id, who, kind, **asked)
    assert session.votes == [] and await audit(table, game_id) == before
    assert await vote_posts(table, game_id) == []


async def test_a_second_vote_of_a_kind_while_one_is_open_is_refused(table):
    game_id = await three_player_game(table)
    first = await votes.start(table, game_id, ALICE, votes.EXTEND, seconds=HOUR)
    with pytest.raises(TableError, match=f"A vote to extend is open already \\(vote {first.id}\\)"):
        await votes.start(table, game_id, BOB, votes.EXTEND, seconds=2 * HOUR)
    assert table.session(game_id).votes == [first]


async def test_no_vote_before_the_start_nor_after_the_end_nor_from_another_server(table):
    lobby = await table.create_game(
        ALICE, channel_id=CHANNEL, guild_id=GUILD, settings=GameSettings(players=3)
    )
    await table.join(lobby.id, ALICE, "stark")
    with pytest.raises(TableError, match="has not started"):
        await votes.start(table, lobby.id, ALICE, votes.PAUSE)
    game_id = await three_player_game(table)
    elsewhere = Actor(BOB.user_id, "Bob", guild_id=99, channel_id=999)
    with pytest.raises(TableError, match="no open game number"):
        await votes.start(table, game_id, elsewhere, votes.PAUSE)
    await table.end_game(game_id, ALICE)
    with pytest.raises(TableError, match="This game is over"):
        await votes.start(table, game_id, BOB, votes.PAUSE)
