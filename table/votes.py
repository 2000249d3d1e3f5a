"""The players' votes: any seated player asks to pause or resume the game, to extend the running
deadlines, to replace a player (by an AI, or by a volunteer who asked for the seat), to end the game after
the current round (the ranking at its end decides) or to cancel it; the others answer with buttons until
the vote is decided or its time runs out. Moderators still do each of these alone (``/mod``).

Thresholds, as the players of the game's web peers know them:

- replacing, pausing, resuming, extending: two thirds, rounded down (and at least one), of the *other*
  seated players: those other than the one who asked, and never the player to be replaced, who has no
  say in it;
- ending and cancelling: every seated player.

Seated players are the seats a person plays (AI seats and open seats have no say). A ballot belongs to a
seat and to the person who cast it: when a seat changes hands, its ballot no longer counts and the new
player may vote. A vote is counted again whenever a ballot is cast and at every tick of the table (the
seats may have changed meanwhile), and it is closed as soon as it is decided: ``passed`` (and carried out
in the same transaction), ``failed`` (it can no longer pass), ``expired`` (its time ran out) or ``void``
(what it asks no longer makes sense: a moderator paused the game meanwhile, the seat changed hands...).

Votes are table data: opened, answered and closed under the game's lock, each change written with its
audit entry and what the channel is told (the vote's post, edited as it goes) in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.core.decisions import Event
from i18n import Command, Joined, Said, joined, said
from table import access, durations, outbox
from table.errors import TableError
from table.people import Actor
from table.prompting import seat_id
from table.session import ACTIVE, ENDED, LOBBY, PAUSED, Session
from table.store import Store
from table.text import MAX_NAME, MAX_REASON, clean

if TYPE_CHECKING:
    from table.table import Table

PAUSE, RESUME, EXTEND, REPLACE, END, CANCEL = "pause", "resume", "extend", "replace", "end", "cancel"
TWO_THIRDS, EVERYONE = "two thirds", "everyone"
RULES = {
    PAUSE: TWO_THIRDS,
    RESUME: TWO_THIRDS,
    EXTEND: TWO_THIRDS,
    REPLACE: TWO_THIRDS,
    END: EVERYONE,
    CANCEL: EVERYONE,
}
KINDS = tuple(RULES)
PASSED, FAILED, EXPIRED, VOID = "passed", "failed", "expired", "void"

HOUR = 3600
SHORTEST, LONGEST, USUAL = HOUR, 72 * HOUR, 24 * HOUR  # how long a vote stays open
LEAST_EXTENSION, MOST_EXTENSION = HOUR, 7 * 24 * HOUR


@dataclass
class Ballot:
    user_id: int
    yes: bool
    at: float


@dataclass
class Vote:
    """An open vote. ``proposer_house`` is None for a volunteer (who has no seat yet); ``subject`` is the
    house a replacement is about. ``details`` holds the kind's own: the ``reason`` given, an extension's
    ``seconds``, a replacement's ``from`` (the person who played the seat when it opened) and ``ai`` (a
    style) or ``volunteer`` and ``volunteer_name``. ``ballots``: house -> ballot."""

    id: int
    kind: str
    proposer_id: int
    proposer_name: str
    proposer_house: str | None
    subject: str | None
    details: dict[str, Any]
    opened_at: float
    closes_at: float
    ballots: dict[str, Ballot] = field(default_factory=dict)

    @property
    def rule(self) -> str:
        return RULES[self.kind]


@dataclass(frozen=True)
class Tally:
    """A vote as it stands: ``pool`` are the houses whose ballots count towards ``needed``."""

    pool: tuple[str, ...]
    yes: tuple[str, ...]
    no: tuple[str, ...]
    needed: int

    @property
    def undecided(self) -> tuple[str, ...]:
        return tuple(h for h in self.pool if h not in self.yes and h not in self.no)

    @property
    def passed(self) -> bool:
        return len(self.yes) >= self.needed

    @property
    def failed(self) -> bool:
        return not self.passed and len(self.yes) + len(self.undecided) < self.needed


def voters(session: Session, subject: str | None = None) -> list[str]:
    """The houses with a say: played by a person, other than the subject of a replacement."""
    return [
        s.house
        for s in session.seats
        if s.house and s.user_id is not None and not s.ai and s.house != subject
    ]


def tally(vote: Vote, session: Session) -> Tally:
    seated = voters(session, vote.subject)
    pool = seated if vote.rule == EVERYONE else [h for h in seated if h != vote.proposer_house]
    counted = {
        house: ballot
        for house, ballot in vote.ballots.items()
        if house in pool and session.seat_of_house(house).user_id == ballot.user_id
    }
    needed = len(pool) if vote.rule == EVERYONE else len(pool) * 2 // 3
    return Tally(
        pool=tuple(pool),
        yes=tuple(h for h in pool if h in counted and counted[h].yes),
        no=tuple(h for h in pool if h in counted and not counted[h].yes),
        needed=max(1, needed),
    )


def impossible(vote: Vote, session: Session) -> Said | None:
    """Why what the vote asks cannot be done now (None: it can): a clause, said after a colon."""
    if session.broken is not None:
        return said("the game is out of service")
    if session.status not in (ACTIVE, PAUSED):
        return said("the game is over")
    if vote.kind == PAUSE and session.status != ACTIVE:
        return said("the game is paused already")
    if vote.kind == RESUME and session.status != PAUSED:
        return said("the game is not paused")
    if vote.kind == EXTEND and not session.deadlines:
        return said("no deadline is running")
    if vote.kind == END:
        round_ = session.require_game().readout().round
        if round_ is None:
            return said("this game has no rounds")
        if session.ends_after_round is not None:
            return said("the game ends after round {round} already", round=session.ends_after_round)
    if vote.kind == REPLACE:
        seat = session.seat_of_house(vote.subject or "")
        holder = None if seat.ai else seat.user_id
        if holder != vote.details.get("from") or (holder is None and seat.ai != vote.details.get("from_ai")):
            return said(
                "{house} has changed hands meanwhile", house=session.kind.named_seat(seat.house or "")
            )
        volunteer = vote.details.get("volunteer")
        if volunteer is not None and session.seat_of_user(volunteer) is not None:
            return said("the volunteer has a seat in this game now")
    return None


def question(vote: Vote, session: Session) -> Said:
    """What the vote asks, in a few words, in the language it is read in (``str()``: English)."""
    if vote.kind == PAUSE:
        return said("Pause the game?")
    if vote.kind == RESUME:
        return said("Resume the game?")
    if vote.kind == EXTEND:
        return said(
            "Extend the running deadlines by {duration}?", duration=durations.exact(vote.details["seconds"])
        )
    if vote.kind == END:
        round_ = session.require_game().readout().round
        return said("End the game after round {round}, its ranking then deciding?", round=round_)
    if vote.kind == CANCEL:
        return said("Cancel the game, with no ranking?")
    seat = session.seat_of_house(vote.subject or "")
    house = session.kind.named_seat(vote.subject or "")
    if vote.details.get("volunteer") is not None:
        volunteer = vote.details.get("volunteer_name")
        if volunteer:
            return said(
                "Give {house} ({player}) to {volunteer}, who asks for it?",
                house=house,
                player=seat.who,
                volunteer=volunteer,
            )
        return said("Give {house} ({player}) to a volunteer, who asks for it?", house=house, player=seat.who)
    return said(
        "Hand {house} ({player}) to an AI ({style})?", house=house, player=seat.who, style=vote.details["ai"]
    )


# --- opening a vote ----------------------------------------------------------------------------------------


async def start(
    table: Table,
    game_id: int,
    actor: Actor,
    kind: str,
    *,
    house: str | None = None,
    seconds: int | None = None,
    ai: str | None = None,
    lasts: int = USUAL,
    reason: str = "",
) -> Vote:
    """A seated player opens a vote: ``house`` is the seat to replace (``ai``: the style that plays it)
    and ``seconds`` an extension's length; the vote stays open ``lasts`` seconds."""
    session = table.reach(game_id, actor)
    access.require_channel(session, actor)
    reason = clean(reason, limit=MAX_REASON, what="A reason")
    async with session.lock:
        require_running(session)
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house is None:
            raise TableError("Only the game's seated players may start a vote; spectators watch.")
        if kind not in RULES:
            raise TableError("Votes are to {kinds}.", kinds=", ".join(KINDS))
        details: dict[str, Any] = {"reason": reason}
        subject = None
        if kind == EXTEND:
            if seconds is None or not LEAST_EXTENSION <= seconds <= MOST_EXTENSION:
                raise TableError("An extension is from 1 hour to 7 days.")
            details["seconds"] = seconds
        if kind == REPLACE:
            if house is None:
                raise TableError("Say which house to replace.")
            subject = seat_id(session.kind, house)
            target = session.seat_of_house(subject)
            if subject == seat.house:
                raise TableError(
                    "You cannot start a vote on your own replacement; `{command}` leaves.",
                    command=Command("game resign"),
                )
            if target.ai or target.user_id is None:
                raise TableError(
                    "{house} has no player to replace; a volunteer may ask for it with `{command}`.",
                    house=session.kind.named_seat(subject),
                    command=Command("game volunteer"),
                )
            style = ai or session.kind.ai_styles[-1]
            if style not in session.kind.ai_styles:
                raise TableError("AI players are {styles}.", styles=", ".join(session.kind.ai_styles))
            details.update({"from": target.user_id, "ai": style})
        vote = Vote(0, kind, actor.user_id, actor.label, seat.house, subject, details, 0.0, 0.0, {})
        return await _open(table, session, vote, lasts)


async def volunteer_vote(
    table: Table, session: Session, actor: Actor, house: str, lasts: int = USUAL
) -> Vote:
    """A person without a seat asks for ``house``: the seated players vote (the caller holds the lock)."""
    target = session.seat_of_house(house)
    details = {
        "reason": "",
        "from": None if target.ai else target.user_id,
        "from_ai": target.ai,
        "volunteer": actor.user_id,
        "volunteer_name": clean(actor.name, limit=MAX_NAME, what="A name"),
    }
    vote = Vote(0, REPLACE, actor.user_id, actor.label, None, house, details, 0.0, 0.0, {})
    return await _open(table, session, vote, lasts)


async def _open(table: Table, session: Session, vote: Vote, lasts: int) -> Vote:
    if not SHORTEST <= lasts <= LONGEST:
        raise TableError("A vote stays open from 1 hour to 3 days.")
    same = next((v for v in session.votes if v.kind == vote.kind), None)
    if same is not None:
        raise TableError(_open_already(same))
    why_not = impossible(vote, session)
    if why_not is not None:
        raise TableError("That cannot be voted now: {reason}.", reason=why_not)
    now = table.clock.now()
    vote.opened_at, vote.closes_at = now, now + lasts
    if vote.proposer_house is not None:
        vote.ballots[vote.proposer_house] = Ballot(vote.proposer_id, True, now)
    counted = tally(vote, session)
    if vote.rule == TWO_THIRDS and not counted.pool:
        raise TableError(
            "Nobody else in this game can vote on that; ask a moderator (`{command}`).",
            command=Command("mod"),
        )
    try:
        async with table.store.unit() as store:
            vote.id = await store.insert_vote(
                session.id,
                {
                    "kind": vote.kind,
                    "proposer_id": vote.proposer_id,
                    "proposer_name": vote.proposer_name,
                    "proposer_house": vote.proposer_house,
                    "subject": vote.subject,
                    "details": vote.details,
                    "opened_at": vote.opened_at,
                    "closes_at": vote.closes_at,
                },
            )
            for house, ballot in vote.ballots.items():
                await store.save_ballot(vote.id, house, ballot.user_id, ballot.yes, ballot.at)
            session.votes.append(vote)
            table.reschedule(session)
            asked = str(question(vote, session))
            details = {"vote": vote.id, "kind": vote.kind, "subject": vote.subject, "question": asked}
            await store.audit(
                session.id,
                vote.proposer_id,
                vote.proposer_name,
                now,
                "vote-open",
                vote.details["reason"],
                details,
            )
            await store.add_outbox(session.id, post_item(session, vote, opening=True), now)
            await _settle(table, session, vote, store)
    except Exception:
        await table._reload(session)
        raise
    return vote


def _open_already(vote: Vote) -> Said:
    """The refusal of a second vote of a kind while ``vote`` is open."""
    number = vote.id
    if vote.kind == PAUSE:
        return said(
            "A vote to pause is open already (vote {number}): answer it, or wait until it closes.",
            number=number,
        )
    if vote.kind == RESUME:
        return said(
            "A vote to resume is open already (vote {number}): answer it, or wait until it closes.",
            number=number,
        )
    if vote.kind == EXTEND:
        return said(
            "A vote to extend is open already (vote {number}): answer it, or wait until it closes.",
            number=number,
        )
    if vote.kind == REPLACE:
        return said(
            "A vote to replace is open already (vote {number}): answer it, or wait until it closes.",
            number=number,
        )
    if vote.kind == END:
        return said(
            "A vote to end is open already (vote {number}): answer it, or wait until it closes.",
            number=number,
        )
    return said(
        "A vote to cancel is open already (vote {number}): answer it, or wait until it closes.", number=number
    )


def require_running(session: Session) -> None:
    """Votes, resignations and volunteers are for a game that has started and is not over."""
    if session.broken is not None:
        session.require_game()  # says why it is out of service
    if session.status == LOBBY:
        raise TableError(
            "This game has not started; before it does, players simply `{command}`.",
            command=Command("game leave"),
        )
    if session.status not in (ACTIVE, PAUSED):
        raise TableError("This game is over.")


# --- answering ---------------------------------------------------------------------------------------------


async def cast(table: Table, game_id: int, actor: Actor, vote_id: int, yes: bool) -> Said | Joined:
    """A seated player's answer (a later answer replaces an earlier one while the vote is open)."""
    session = table.reach(game_id, actor)
    async with session.lock:
        vote = next((v for v in session.votes if v.id == vote_id), None)
        if vote is None:
            raise TableError("That vote is closed.")
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house is None:
            raise TableError("Only the game's seated players vote; spectators watch.")
        if seat.house == vote.subject:
            raise TableError("You cannot vote on your own replacement.")
        held = vote.ballots.get(seat.house)
        if held is not None and held.user_id == actor.user_id and held.yes == yes:
            return said("You voted yes already.") if yes else said("You voted no already.")
        now = table.clock.now()
        try:
            async with table.store.unit() as store:
                vote.ballots[seat.house] = Ballot(actor.user_id, yes, now)
                await store.save_ballot(vote.id, seat.house, actor.user_id, yes, now)
                result = await _settle(table, session, vote, store)
                if result is None:
                    await store.add_outbox(session.id, post_item(session, vote), now)
        except Exception:
            await table._reload(session)
            raise
    recorded = said("Your vote is recorded: yes.") if yes else said("Your vote is recorded: no.")
    return recorded if result is None else joined(recorded, _closed(result))


def _closed(result: str) -> Said:
    """How a vote closed, as the voter whose ballot closed it is told."""
    if result == PASSED:
        return said("The vote has passed.")
    if result == FAILED:
        return said("The vote has failed.")
    if result == EXPIRED:
        return said("The vote has expired.")
    return said("The vote is void.")


# --- deciding ----------------------------------------------------------------------------------------------


def verdict(vote: Vote, session: Session, now: float) -> tuple[str, Said] | None:
    """How the vote closes now, and why: a clause, said after a colon (None: it stays open)."""
    why_not = impossible(vote, session)
    if why_not is not None:
        return VOID, why_not
    counted = tally(vote, session)
    tallied = {"yes": len(counted.yes), "no": len(counted.no), "needed": counted.needed}
    if counted.passed:
        return PASSED, said("{yes} yes of the {needed} needed", **tallied)
    if counted.failed:
        return FAILED, said("{no} no: it can no longer reach the {needed} yes needed", **tallied)
    if now >= vote.closes_at:
        return EXPIRED, said("its time ran out with {yes} yes of the {needed} needed", **tallied)
    return None


async def _settle(table: Table, session: Session, vote: Vote, store: Store) -> str | None:
    """Close the vote if it is decided, carrying it out if it passed, in ``store``'s transaction.
    Returns how it closed (None: it stays open)."""
    now = table.clock.now()
    decided = verdict(vote, session, now)
    if decided is None:
        return None
    result, why = decided
    counted = tally(vote, session)
    session.votes.remove(vote)
    table.reschedule(session)
    await store.update_vote(vote.id, result=result, closed_at=now)
    details = {"vote": vote.id, "kind": vote.kind, "yes": list(counted.yes), "no": list(counted.no)}
    await store.audit(session.id, None, "the players", now, f"vote-{result}", str(why), details)
    await store.add_outbox(session.id, post_item(session, vote, result=result, why=why), now)
    await store.add_outbox(
        session.id, outbox.notice(session, _closed_notice(vote, session, result, why)), now
    )
    if result == PASSED:
        await _carry_out(table, session, vote, store)
    return result


def _closed_notice(vote: Vote, session: Session, result: str, why: Said) -> Said:
    """What the channel is told when a vote closes: what it asked, how it closed and why."""
    fields = {"number": vote.id, "question": question(vote, session), "why": why}
    if result == PASSED:
        return said("The players' vote {number}, “{question}”, has passed: {why}.", **fields)
    if result == FAILED:
        return said("The players' vote {number}, “{question}”, has failed: {why}.", **fields)
    if result == EXPIRED:
        return said("The players' vote {number}, “{question}”, has expired: {why}.", **fields)
    return said("The players' vote {number}, “{question}”, is void: {why}.", **fields)


async def _carry_out(table: Table, session: Session, vote: Vote, store: Store) -> None:
    """What a vote that passed asks, done as a moderator would (the same operations), audited as the
    players' doing."""
    players = Actor(vote.proposer_id, f"the players (vote {vote.id})")
    reason = f"vote {vote.id}: {vote.details.get('reason') or str(question(vote, session))}"
    details = {"vote": vote.id}
    if vote.kind == PAUSE:
        session.status, session.paused_at = PAUSED, table.clock.now()
        text = said("The game is paused by the players' vote; deadlines stop until it resumes.")
        await table._write_moderation(session, players, "pause", reason, details, text, store=store)
    elif vote.kind == RESUME:
        await table._resume(session, players, reason, store)
    elif vote.kind == EXTEND:
        seconds = int(vote.details["seconds"])
        extend(session, seconds, table.clock.now())
        text = said(
            "The running deadlines move on by {duration}, as the players voted.",
            duration=durations.exact(seconds),
        )
        details["seconds"] = seconds
        await table._write_moderation(session, players, "deadline", reason, details, text, store=store)
    elif vote.kind == REPLACE and vote.details.get("volunteer") is not None:
        name = str(vote.details.get("volunteer_name") or "")
        house = vote.subject or ""
        await table._seat_person(
            session, players, house, int(vote.details["volunteer"]), name, reason, store=store
        )
    elif vote.kind == REPLACE:
        await table._empty_seat(session, players, vote.subject or "", vote.details["ai"], reason, store=store)
    elif vote.kind == END:
        await schedule_end(table, session, players, reason, store)
    else:  # CANCEL
        session.status, session.deadlines = ENDED, {}
        text = said("The players cancelled the game. Its board, chronicle, status and export stay available.")
        await table._write_moderation(session, players, "end", reason, details, text, store=store)


def extend(session: Session, seconds: int, now: float) -> None:
    """Move every running deadline on by ``seconds`` (one that passed runs again, from now); the
    reminders still ahead of the new time are given again."""
    for deadline in session.deadlines.values():
        deadline.due_at = (now if deadline.expired else deadline.due_at) + seconds
        deadline.expired = False
        deadline.reminded = [r for r in session.settings.reminders if deadline.due_at - r <= now]


# --- the time limit, and seats that changed ----------------------------------------------------------------


def next_times(session: Session, now: float) -> list[float]:
    """When the game's open votes are to be closed: now for one the seats or the game's state have
    decided already (a voter left, the game was paused), else when its time runs out."""
    return [now if verdict(vote, session, now) is not None else vote.closes_at for vote in session.votes]


async def tick(table: Table, sessions: list[Session]) -> int:
    """Close the votes of these games that are decided now: their time ran out, or the seats changed so
    that they pass, fail or no longer make sense. Returns how many were closed."""
    closed = 0
    for session in sessions:
        game_id = session.id
        now = table.clock.now()
        for vote_id in [vote.id for vote in session.votes if verdict(vote, session, now) is not None]:
            async with session.lock:  # the same lock after a game is read back
                current = table.sessions.get(game_id)
                closed += current is not None and await _close_if_decided(table, current, vote_id)
    return closed


async def _close_if_decided(table: Table, session: Session, vote_id: int) -> bool:
    vote = next((v for v in session.votes if v.id == vote_id), None)
    if vote is None:
        return False
    try:
        async with table.store.unit() as store:
            return await _settle(table, session, vote, store) is not None
    except Exception:
        await table._reload(session)
        raise


# --- ending after the round --------------------------------------------------------------------------------


async def end_after_round(table: Table, game_id: int, actor: Actor, reason: str = "") -> Said:
    """A moderator ends the game after the current round, as the players may vote to."""
    session = table.reach(game_id, actor)
    reason = clean(reason, limit=MAX_REASON, what="A reason")
    async with session.lock:
        table.require_moderator(session, actor)
        require_running(session)
        why_not = impossible(Vote(0, END, 0, "", None, None, {}, 0.0, 0.0), session)
        if why_not is not None:
            raise TableError("That cannot be done now: {reason}.", reason=why_not)
        try:
            async with table.store.unit() as store:
                await schedule_end(table, session, actor, reason, store)
        except Exception:
            await table._reload(session)
            raise
    return said(
        "The game ends after round {round}; the ranking then decides.", round=session.ends_after_round
    )


async def schedule_end(table: Table, session: Session, actor: Actor, reason: str, store: Store) -> None:
    round_ = session.require_game().readout().round
    session.ends_after_round = round_
    await store.update_game(session.id, ends_after_round=round_)
    text = said("The game ends after round {round}: the ranking at its end decides.", round=round_)
    await table._write_moderation(
        session, actor, "end-after-round", reason, {"round": round_}, text, store=store
    )


def ranking_after_round(session: Session, events: list[Event]) -> list[str] | None:
    """The ranking that ends the game, if these events ended the round it was to end after: the one the
    next round's opening event carries (as the round ended), else the game's standings now. None if the
    round goes on (or the game ended by its own rules)."""
    last = session.ends_after_round
    game = session.require_game()
    if last is None or game.over:
        return None
    for event in events:
        round_ = event.data.get("round")
        if (
            event.kind == "phase"
            and isinstance(round_, int)
            and round_ > last
            and event.data.get("standings")
        ):
            return [str(seat) for seat in event.data["standings"]]
    now = game.readout().round
    return game.standings() if now is not None and now > last else None


def end_items(session: Session, ranking: list[str]) -> list[dict[str, Any]]:
    """End a game whose last round (as agreed) is over: its status, and what the channel is told."""
    session.status, session.deadlines = ENDED, {}
    standings = joined(
        *(
            said("{place}. {house}", place=place, house=session.kind.named_seat(seat))
            for place, seat in enumerate(ranking, start=1)
        ),
        separator=", ",
    )
    text = said(
        "Round {round} is over, and with it the game, as agreed. Standings: {standings}.",
        round=session.ends_after_round,
        standings=standings,
    )
    return [
        outbox.notice(session, text),
        outbox.item(
            "game-over",
            "channel",
            session.channel_id,
            game_id=session.id,
            game=session.settings.game,
            game_name=session.name,
            winner=ranking[0] if ranking else None,
            ranking=list(ranking),
        ),
    ]


# --- what the channel is shown -----------------------------------------------------------------------------


def post_item(
    session: Session, vote: Vote, *, opening: bool = False, result: str | None = None, why: Said | None = None
) -> dict[str, Any]:
    """The vote's post in the channel: posted when it opens (mentioning those with a say), then edited
    (by ``key``) as ballots come and when it closes; its words in the game's language."""
    language = session.settings.language
    counted = tally(vote, session)
    names = {s.house: s.label for s in session.seats if s.house}
    return outbox.item(
        "vote",
        "channel",
        session.channel_id,
        game_id=session.id,
        game=session.settings.game,
        game_name=session.name,
        key=f"vote-{vote.id}",
        vote_id=vote.id,
        kind=vote.kind,
        question=question(vote, session).said_in(language),
        reason=vote.details.get("reason", ""),
        proposer=vote.proposer_name,
        rule=vote.rule,
        closes_at=vote.closes_at,
        needed=counted.needed,
        pool=len(counted.pool),
        yes=[names.get(h, h) for h in counted.yes],
        no=[names.get(h, h) for h in counted.no],
        ping=[session.seat_of_house(h).user_id for h in counted.undecided] if opening else [],
        result=result,
        why="" if why is None else why.said_in(language),
    )


def from_rows(rows: list[dict[str, Any]]) -> list[Vote]:
    """A game's open votes from their stored rows (:meth:`Store.stored_games`)."""
    return [
        Vote(
            id=int(row["id"]),
            kind=str(row["kind"]),
            proposer_id=int(row["proposer_id"]),
            proposer_name=str(row["proposer_name"]),
            proposer_house=row["proposer_house"],
            subject=row["subject"],
            details=dict(row["details"]),
            opened_at=float(row["opened_at"]),
            closes_at=float(row["closes_at"]),
            ballots={
                house: Ballot(int(b["user_id"]), bool(b["yes"]), float(b["at"]))
                for house, b in row["ballots"].items()
            },
        )
        for row in rows
        if row["kind"] in RULES
    ]
