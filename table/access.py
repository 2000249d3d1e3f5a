"""Who may reach a game, play in it, and moderate it.

A game belongs to the server it was created in. From a server, only that server's games can be
reached; from a direct message, only the games the person holds a seat in. A game is played in its
own channel (or a thread of it) or by DM. A moderator is the game's creator, an administrator of the
game's own server, or a member of that server's moderator role (identified by id): what a person is
in another server never counts.

Games made outside Discord (the demo, the command line: no server) are reached by callers outside
Discord only.
"""

from __future__ import annotations

from table.errors import TableError
from table.people import Actor
from table.session import ENDED, OVER, Session


def reachable(session: Session, actor: Actor) -> bool:
    if session.guild_id is None:
        return actor.guild_id is None
    if actor.guild_id is not None:
        return actor.guild_id == session.guild_id
    return session.seat_of_user(actor.user_id) is not None


def not_found(game_id: int, actor: Actor) -> TableError:
    """The same answer whether the game does not exist or belongs elsewhere: nothing is revealed."""
    if actor.in_dm:
        return TableError(
            "You have no seat in an open game number {number}. Games are reached in their server's "
            "channel; by DM, only the games you play in.",
            number=game_id,
        )
    return TableError("There is no open game number {number} in this server.", number=game_id)


def require_channel(session: Session, actor: Actor) -> None:
    """Playing happens in the game's channel (or a thread of it), or by DM."""
    if actor.in_dm or session.guild_id is None or actor.in_channel(session.channel_id):
        return
    raise TableError(
        "{game} (game {number}) is played in its own channel, {channel}.",
        game=session.name,
        number=session.id,
        channel=f"<#{session.channel_id}>",
    )


def is_moderator(session: Session, actor: Actor, role_id: int | None) -> bool:
    if session.guild_id is None:
        return actor.guild_id is None and (actor.user_id == session.creator_id or actor.admin)
    if actor.guild_id != session.guild_id:
        return False
    return (
        actor.user_id == session.creator_id or actor.admin or (role_id is not None and role_id in actor.roles)
    )


def require_moderator(session: Session, actor: Actor, role_id: int | None) -> None:
    if is_moderator(session, actor, role_id):
        return
    if actor.in_dm and session.guild_id is not None:
        raise TableError("Moderate a game from a channel of its server, not by DM.")
    if role_id is None:
        raise TableError(
            "Only a moderator of this game may do that: its creator, an administrator of its server."
        )
    raise TableError(
        "Only a moderator of this game may do that: its creator, an administrator of its server, or a member "
        "of its moderator role ({role}).",
        role=f"<@&{role_id}>",
    )


def sees_only(session: Session, actor: Actor) -> str | None:
    """The house whose secrets alone a person may see in the game's records: a moderator who holds a seat
    in a running game is a player first. None when the person may see every record (a moderator with no
    seat, or any moderator once the game is over)."""
    if session.status in (OVER, ENDED):
        return None
    seat = session.seat_of_user(actor.user_id)
    return None if seat is None else (seat.house or "")
