"""Diplomacy threads: the private places where a game's players negotiate, kept as data.

When a game starts, every pair of its houses played by people gets a *raven* (a private thread between
the two) and, from three houses on, all of them a *council*. The table decides who belongs in each thread
and writes what to do about it as outbox items (``thread-open``, ``thread-members``, ``thread-archive``) in
the same transaction as the change that caused it; the bot carries them out on Discord
(``cogs/threads.py``). :func:`sync` compares what the game is now (its seats, its status) with the threads
as they were given, so every operation that changes seats or ends a game calls it, and a second call
changes nothing.

Readings, where the rules of the feature leave a choice:

- **AI seats.** A raven is opened only once both its houses are played by people (two different people),
  the council once three people play (a council of two would be their raven); it holds the people only.
  A house an AI plays has nobody in its threads: an AI does not negotiate.
- **One person, two seats.** The table never seats a person twice (``join`` and ``replace_player`` refuse
  it), but threads are given by person: a raven whose two houses had one player would not be opened, and a
  person is in a thread once.
- **Replaced and removed players.** A new player of a house gets its threads, and reads what was written in
  them before: the house's correspondence is the house's. A removed player loses them; the threads stay
  (for the other houses) and go to the house's next player. A raven that could not be opened (an AI or an
  empty seat on one side) is opened when people hold both sides.
- **Moderators** (``diplomacy=moderators``). A moderator *without a seat* reads every thread: the game's
  creator is given them when they open, any other moderator asks with ``/ravens`` (the bot does not list a
  role's members: that needs a privileged intent). A moderator who plays is a player first, and reads only
  their own house's threads.
- **The end** (a winner, or a moderator ends the game). Every thread is archived and locked: its members
  read it still, nobody writes. ``diplomacy_end=open`` opens them to everyone: a private thread cannot be
  made public on Discord, and a bot cannot add a whole server to one, so anyone who may reach the game (a
  member of its server) asks ``/ravens`` and is added to every thread, to read. The channel is told so.
- **Discord's own rule.** Whoever may manage threads in the channel (its administrators, say) can open any
  private thread there: the threads are private from the other players and the spectators, not from the
  server's administrators. The threads' first message says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from i18n import Command, joined, nsaid, psaid, said, translator
from table import outbox
from table.errors import TableError
from table.session import ENDED, LOBBY, OVER, Session

COUNCIL = "council"
NAME_LIMIT = 100  # Discord's limit on a thread's name


@dataclass
class DiplomacyThread:
    """One thread of a game: ``members`` are the people given it by their seat (house -> user id),
    ``readers`` the others given it (moderators without a seat; anyone who asked after the game, when the
    threads are opened). ``thread_id`` is Discord's, once the bot has created it."""

    key: str
    name: str
    houses: list[str]
    members: dict[str, int] = field(default_factory=dict)
    readers: list[int] = field(default_factory=list)
    thread_id: int | None = None
    archived: bool = False

    @property
    def people(self) -> set[int]:
        return set(self.members.values()) | set(self.readers)

    @property
    def is_council(self) -> bool:
        return self.key == COUNCIL

    def to_row(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "houses": list(self.houses),
            "members": dict(self.members),
            "readers": list(self.readers),
            "archived": self.archived,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> DiplomacyThread:
        return cls(
            key=str(row["key"]),
            name=str(row["name"]),
            houses=[str(h) for h in row["houses"]],
            members={str(h): int(u) for h, u in row["members"].items()},
            readers=[int(u) for u in row["readers"]],
            thread_id=None if row.get("thread_id") is None else int(row["thread_id"]),
            archived=bool(row.get("archived")),
        )


def raven_key(first: str, second: str) -> str:
    return f"raven:{first}:{second}"


def planned(session: Session) -> list[tuple[str, str, list[str]]]:
    """Every thread the game may have, as (key, name, houses): the council first (three houses or more),
    then a raven for each pair of houses, in the game's order of seats. A thread is named in the game's
    language when it opens; its houses by their family names, the same in every language."""
    dealt = {s.house for s in session.seats if s.house}
    houses = [h for h in session.kind.seats(session.settings.players) if h in dealt]
    short = {h: session.kind.seat_name(h).removeprefix("House ") for h in houses}
    words = translator(session.settings.language)
    found = []
    if len(houses) >= 3:
        found.append((COUNCIL, _name(words.gettext("Council · game {number}", number=session.id)), houses))
    for first, second in combinations(houses, 2):
        name = words.gettext(
            "Raven: {first} ↔ {second} · game {number}",
            first=short[first],
            second=short[second],
            number=session.id,
        )
        found.append((raven_key(first, second), _name(name), [first, second]))
    return found


def _name(text: str) -> str:
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1] + "…"


def players(session: Session, houses: list[str]) -> dict[str, int]:
    """The people who play these houses now (house -> user id): not AIs, not empty seats."""
    found = {}
    for house in houses:
        seat = session.seat_of_house(house)
        if seat.user_id is not None and not seat.ai:
            found[house] = seat.user_id
    return found


def standing_readers(session: Session, thread: DiplomacyThread | None) -> list[int]:
    """The moderators who read a thread while the game runs: with ``diplomacy=moderators``, its creator
    and the moderators who asked, as long as they hold no seat (a moderator who plays is a player first)."""
    if session.settings.diplomacy != "moderators":
        return []
    candidates = {session.creator_id, *(thread.readers if thread is not None else [])}
    return sorted(u for u in candidates if session.seat_of_user(u) is None)


def sync(
    session: Session, threads: dict[str, DiplomacyThread]
) -> tuple[list[DiplomacyThread], list[dict[str, Any]]]:
    """Bring the threads in line with the game as it is now: open those that have two people, give each
    to the people it is for now, archive them all at the end. Returns the threads changed (to write) and
    the outbox items (to write with them); ``threads`` (by key) are changed in place."""
    if session.settings.diplomacy == "off" or session.status == LOBBY or session.broken is not None:
        return [], []
    if session.status in (OVER, ENDED):
        return _close(session, threads)
    changed: list[DiplomacyThread] = []
    items: list[dict[str, Any]] = []
    for key, name, houses in planned(session):
        members = players(session, houses)
        thread = threads.get(key)
        if thread is None:
            if len(set(members.values())) < (3 if key == COUNCIL else 2):
                continue  # nobody to talk to yet (a council of two would be their raven)
            thread = DiplomacyThread(key, name, houses, members)
            thread.readers = standing_readers(session, thread)
            threads[key] = thread
            changed.append(thread)
            items.append(_open_item(session, thread))
            continue
        if thread.archived:
            continue
        readers = standing_readers(session, thread)
        if (members, readers) == (thread.members, thread.readers):
            continue
        before = thread.people
        thread.members, thread.readers = members, readers
        changed.append(thread)
        if thread.people != before:
            items.append(_members_item(session, thread, thread.people - before, before - thread.people))
    return changed, items


def _close(
    session: Session, threads: dict[str, DiplomacyThread]
) -> tuple[list[DiplomacyThread], list[dict[str, Any]]]:
    closing = [t for t in threads.values() if not t.archived]
    if not closing:
        return [], []
    items = []
    for thread in closing:
        thread.archived = True
        items.append(
            outbox.item(
                "thread-archive",
                "thread",
                session.channel_id,
                **_about(session, thread),
            )
        )
    archived = nsaid(
        "🕊️ The {count} diplomacy thread of {game} is archived: its members can read it, nobody can "
        "write in it.",
        "🕊️ The {count} diplomacy threads of {game} are archived: their members can read them, nobody can "
        "write in them.",
        len(threads),
        game=session.name,
    )
    opened = None
    if session.settings.diplomacy_end == "open":
        opened = nsaid(
            "It is open to everyone now: `{command} {option}:{number}` adds you to it, to read.",
            "They are open to everyone now: `{command} {option}:{number}` adds you to them, to read.",
            len(threads),
            command=Command("ravens"),
            option=psaid("option name", "game"),
            number=session.id,
        )
    items.append(outbox.notice(session, joined(archived, opened)))
    return closing, items


def add_reader(
    session: Session, threads: dict[str, DiplomacyThread], user_id: int
) -> tuple[list[DiplomacyThread], list[dict[str, Any]]]:
    """Give every thread to one more person (a moderator while the game runs, anyone after it when the
    threads are opened), who reads them; the threads they are in already are left alone."""
    changed, items = [], []
    for thread in threads.values():
        if user_id in thread.people:
            continue
        thread.readers = sorted({*thread.readers, user_id})
        changed.append(thread)
        items.append(_members_item(session, thread, {user_id}, set()))
    return changed, items


def readable_by(threads: dict[str, DiplomacyThread], user_id: int) -> list[DiplomacyThread]:
    return [t for t in threads.values() if user_id in t.people]


def may_read_all(session: Session, user_id: int, moderator: bool) -> bool:
    """Whether the person may be given every thread of the game, on asking (``/ravens``); raises
    TableError saying why not, or returns False when they only see their own threads (a player)."""
    settings = session.settings
    if settings.diplomacy == "off":
        raise TableError(
            "{game} (game {number}) has no diplomacy threads: diplomacy is off.",
            game=session.name,
            number=session.id,
        )
    if session.status == LOBBY:
        raise TableError("The diplomacy threads of {game} open when the game starts.", game=session.name)
    seated = session.seat_of_user(user_id) is not None
    if session.status in (OVER, ENDED):
        if settings.diplomacy_end == "open":
            return True
        if seated:
            return False
        raise TableError(
            "The diplomacy threads of {game} stay with their players after the game (the game's settings).",
            game=session.name,
        )
    if seated:
        return False
    if not moderator:
        raise TableError("The diplomacy threads of {game} are for its players.", game=session.name)
    if settings.diplomacy != "moderators":
        raise TableError(
            "The diplomacy threads of {game} are for its players alone (the game's settings).",
            game=session.name,
        )
    return True


# --- outbox items -------------------------------------------------------------------------------------


def _about(session: Session, thread: DiplomacyThread) -> dict[str, Any]:
    return {
        "game_id": session.id,
        "game": session.settings.game,
        "game_name": session.name,
        "key": thread.key,
        "name": thread.name,
    }


def _open_item(session: Session, thread: DiplomacyThread) -> dict[str, Any]:
    """Create the thread on Discord, give it to its people, and say in it what it is."""
    return outbox.item(
        "thread-open",
        "thread",
        session.channel_id,
        **_about(session, thread),
        user_ids=sorted(thread.people),
        intro=_intro(session, thread),
    )


def _members_item(
    session: Session, thread: DiplomacyThread, add: set[int], remove: set[int]
) -> dict[str, Any]:
    """Give the thread to these people and take it from those; ``archived``: it is archived (after the
    game) and is archived again once done."""
    return outbox.item(
        "thread-members",
        "thread",
        session.channel_id,
        **_about(session, thread),
        add=sorted(add),
        remove=sorted(remove),
        archived=thread.archived,
    )


def _intro(session: Session, thread: DiplomacyThread) -> str:
    """The thread's first message, in the game's language: what it is, who reads it, what becomes of it."""
    game = {"game": session.name, "number": session.id}
    moderators = session.settings.diplomacy == "moderators"
    if thread.is_council:
        what = said("🏛️ The council of **{game}** (game {number}): every player's house, together.", **game)
        if moderators:
            who = said(
                "Only the game's players read it, with the game's moderators who hold no seat (and, as in "
                "any private thread, whoever may manage this channel's threads)."
            )
        else:
            who = said(
                "Only the game's players read it (and, as in any private thread, whoever may manage this "
                "channel's threads)."
            )
    else:
        pair = {
            "first": session.kind.named_seat(thread.houses[0]),
            "second": session.kind.named_seat(thread.houses[1]),
        }
        what = said(
            "🐦 A raven between {first} and {second}, for **{game}** (game {number}).", **pair, **game
        )
        if moderators:
            who = said(
                "Only the players of {first} and {second} read it, with the game's moderators who hold no "
                "seat (and, as in any private thread, whoever may manage this channel's threads).",
                **pair,
            )
        else:
            who = said(
                "Only the players of {first} and {second} read it (and, as in any private thread, whoever "
                "may manage this channel's threads).",
                **pair,
            )
    heirs = said("A house's new player gets its threads, and reads what was written before.")
    if session.settings.diplomacy_end == "open":
        end = said("When the game ends it is archived, and anyone in the server may then ask to read it.")
    else:
        end = said("When the game ends it is archived: read-only.")
    return joined(what, who, heirs, end).said_in(session.settings.language)
