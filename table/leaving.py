"""Leaving a running game, and taking a seat that someone left.

A seated player resigns (``/game resign``): the seat goes to the game's best AI, or waits for a
volunteer, as the game's settings say (``resigned_seat``). A person without a seat asks for one
(``/game volunteer``): a seat nobody plays (an AI's, or one waiting) is theirs at once if the game's
settings say so (``volunteers = "direct"``), else when the seated players vote for it; a seat that a
person plays (an absent player's) always takes a vote, in which that player has no say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from i18n import Said, said
from table import access, votes
from table.errors import TableError
from table.people import Actor
from table.prompting import seat_id
from table.text import MAX_NAME, MAX_REASON, clean

if TYPE_CHECKING:
    from table.table import Table


async def resign(table: Table, game_id: int, actor: Actor, reason: str = "") -> Said:
    """The person gives up their seat for good; their vacation in the game ends with it."""
    session = table.reach(game_id, actor)
    access.require_channel(session, actor)
    reason = clean(reason, limit=MAX_REASON, what="A reason")
    async with session.lock:
        votes.require_running(session)
        seat = session.seat_of_user(actor.user_id)
        if seat is None or seat.house is None:
            raise TableError("You have no seat in this game.")
        style = session.kind.ai_styles[-1] if session.settings.resigned_seat == "ai" else None
        session.vacations.pop(actor.user_id, None)
        table.reschedule(session)
        try:
            async with table.store.unit() as store:
                await store.delete_vacation(session.id, actor.user_id)
                return await table._empty_seat(
                    session, actor, seat.house, style, reason, action="resign", store=store
                )
        except Exception:
            await table._reload(session)
            raise


async def volunteer(table: Table, game_id: int, actor: Actor, house: str) -> Said:
    """A person without a seat in the game asks for ``house``'s: at once, or by a vote of the players."""
    session = table.reach(game_id, actor)
    access.require_channel(session, actor)
    async with session.lock:
        votes.require_running(session)
        if session.seat_of_user(actor.user_id) is not None:
            raise TableError("You have a seat in this game already.")
        house = seat_id(session.kind, house)
        seat = session.seat_of_house(house)
        named = session.kind.named_seat(house)
        if session.settings.volunteers == "direct" and (seat.ai or seat.user_id is None):
            name = clean(actor.name, limit=MAX_NAME, what="A name")
            await table._seat_person(session, actor, house, actor.user_id, name, "", action="volunteer")
            return said("{house} is yours: your first prompt is on its way.", house=named)
        vote = await votes.volunteer_vote(table, session, actor, house)
        return said(
            "Vote {number} is open: the seated players decide whether {house} is yours. You will be told in "
            "the channel.",
            number=vote.id,
            house=named,
        )
