"""A fake Discord that the real discord.py client talks to over a real socket.

One aiohttp server on 127.0.0.1 serves the REST API under ``/api/v10`` (and ``/api/v9``, ``/api``),
the gateway websocket at ``/ws`` and uploaded attachments at ``/attachments/...``. It holds a guild
("Westeros": text channels "game" and "general", roles @everyone/Admin/Maester/Bot, the bot and a few
people) and any others a test adds with :meth:`FakeDiscord.add_guild` (their own ids, roles of the same
names, their own channels and members; a person may be in several guilds with other roles in each; the
bot is in all). It stores what the bot syncs, sends and edits, and lets a test act as those people:
slash commands, component clicks, modal submissions, autocomplete and plain messages, in any guild's
channel or a DM, arrive at the bot as ``INTERACTION_CREATE`` / ``MESSAGE_CREATE`` dispatches carrying
the member, roles and permissions of that guild.

Where Discord would refuse a request the fake answers with Discord's status and error code, so the bot
sees the same ``discord.HTTPException`` it would see in production: every documented limit of messages
(content, embeds, components, attachments, ``allowed_mentions``), modals and autocomplete choices,
checked alike on every route that creates or edits a message (interaction responses, follow-ups, webhook
edits, channel messages, DMs), as 400 / 50035 "Invalid Form Body" whose ``errors`` name the field as
Discord does (``data.components.0.components.1.label``); an empty message; a second response to one
interaction; a response after the 3 second deadline; a DM to someone whose DMs are closed; files over
the upload limit (:attr:`FakeDiscord.upload_limit`, 10 MiB unless a test sets it: 413 / 40005 "Request
entity too large"); a post in a channel where the bot lacks a permission. Tests take permissions away
with :meth:`FakeDiscord.set_channel_overwrite` and :meth:`FakeDiscord.set_role_permissions` (the bot
gets CHANNEL_UPDATE / GUILD_ROLE_UPDATE, and interactions' ``app_permissions`` follow); channel routes
then answer 403 / 50001 "Missing Access" without View Channel and 403 / 50013 "Missing Permissions"
without Send Messages (or Attach Files for a file), as Discord does. Interaction responses and
follow-ups are not subject to channel permissions, on Discord nor here.

Threads: the bot creates public and private threads under a text channel (``POST /channels/{id}/threads``,
with Create Public or Create Private Threads there; a name of 1-100 characters, an auto-archive duration of
60, 1440, 4320 or 10080 minutes; at most :attr:`FakeDiscord.max_active_threads` active threads a guild:
400 / 160006), adds and removes their members (``PUT``/``DELETE /channels/{id}/thread-members/{user}``: Send
Messages in Threads to add, Manage Threads or the private thread's creator to remove, 404 / 10007 for
someone not in it), archives, locks and unarchives them (``PATCH /channels/{id}``: Manage Threads, except to
unarchive a thread that is not locked), lists their members (for an app whose Server Members intent is
enabled) and the guild's active threads, and posts in them (Send Messages in Threads). Whatever is done to an
archived thread but unarchiving it is refused with 400 / 50083, as Discord does; a post in an archived thread
unarchives it, unless it is locked. A private thread is seen by its members and by those with Manage Threads
(:meth:`FakeDiscord.can_see`, :meth:`FakeDiscord.visible_to`); :meth:`FakeDiscord.threads`,
:meth:`FakeDiscord.thread` and :meth:`FakeDiscord.thread_members` let a test look at them.

Every such answer is recorded as a :class:`Refusal` in :attr:`FakeDiscord.refusals` (route, status,
code, the offending field and what was sent there), and the ``fake`` fixture fails a test after which a
400, 403 or 413 remains that the test did not expect: declare expected ones with
:meth:`FakeDiscord.expect_refusals` or :meth:`FakeDiscord.expecting_refusals`. Routes the fake does not
know are answered with 404, logged and listed in :attr:`FakeDiscord.unhandled`.

The state (messages, DM channels, synced commands) belongs to the server, not to a gateway
connection, so a bot process may disconnect, die and identify again and find everything as it was.

Shards: ``FakeDiscord(shard_count=N)`` (1 unless a test says more) is what ``GET /gateway/bot``
recommends, and every IDENTIFY must carry ``shard: [id, N]`` (else the gateway closes with 4010 "Invalid
shard", or 4011 "Sharding required" without one), as each of several bot processes would, each with its own
shards. Each shard has its own session: READY lists its guilds only, and a guild's events (GUILD_CREATE,
members, channels, roles, threads, messages, interactions) go to shard ``(guild id >> 22) % N`` alone
(:meth:`FakeDiscord.shard_of`), a DM's to shard 0, as Discord routes them. ``add_guild(..., shard=k)``
makes a guild whose id lands on shard ``k``.

Example (``fake`` is the fixture of ``conftest.py``; ``running`` and ``BotProcess`` are in ``harness.py``)::

    async with running(make_bot(), fake):              # or: await bot_process.start()
        lobby = await fake.slash("alice", "game", "create", options={"players": 3})
        post = await lobby.wait_message(lambda m: "Join" in m.text)
        for who in ("alice", "bob", "carol"):
            await (await fake.click(who, post, label="Join")).wait_response()
        board = await fake.wait_for(lambda m: m.pngs and not m.is_dm, timeout=10)
        assert fake.dms("bob")[-1].components                # bob was asked for orders by DM
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
import json
import logging
import mimetypes
import re
import secrets
import struct
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

log = logging.getLogger("tests.e2e.fake_discord")

T = TypeVar("T")
Json = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------------------------------
# Constants: permissions, intents, message flags, interaction and callback types
# --------------------------------------------------------------------------------------------------


class Perm:
    """Permission bits (the ones a game bot is likely to look at)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    PIN_MESSAGES = 1 << 51

    ALL = (1 << 53) - 1
    EVERYONE = (
        CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | CHANGE_NICKNAME
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS
    )


def permission_names(bits: int) -> str:
    """``SEND_MESSAGES|ATTACH_FILES`` for those bits (the ones :class:`Perm` names)."""
    names = [
        name
        for name, value in vars(Perm).items()
        if name.isupper() and name not in ("ALL", "EVERYONE") and isinstance(value, int) and bits & value
    ]
    return "|".join(names) or str(bits)


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class Flag:
    """Message flags."""

    SUPPRESS_EMBEDS = 1 << 2
    EPHEMERAL = 1 << 6
    LOADING = 1 << 7
    SUPPRESS_NOTIFICATIONS = 1 << 12
    IS_COMPONENTS_V2 = 1 << 15
    SETTABLE = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2


class InteractionType:
    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class Callback:
    """Interaction callback (response) types."""

    PONG = 1
    CHANNEL_MESSAGE = 4
    DEFERRED_CHANNEL_MESSAGE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    AUTOCOMPLETE_RESULT = 8
    MODAL = 9


class OptionType:
    SUB_COMMAND = 1
    SUB_COMMAND_GROUP = 2
    STRING = 3
    INTEGER = 4
    BOOLEAN = 5
    USER = 6
    CHANNEL = 7
    ROLE = 8
    MENTIONABLE = 9
    NUMBER = 10
    ATTACHMENT = 11


SELECT_TYPES = {3, 5, 6, 7, 8}
V2_ONLY_TYPES = {9, 10, 11, 12, 13, 14, 17}


class HttpError(Exception):
    """An error answer in Discord's shape: ``{"code": ..., "message": ...}`` with an HTTP status.

    ``field`` names what was wrong (a form field, a missing permission) and ``detail`` how, for the
    :class:`Refusal` record; ``set_up`` marks a refusal the test caused on purpose (permissions it took
    away from the bot), which therefore counts as expected."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Json | None = None,
        *,
        field: str | None = None,
        detail: str | None = None,
        set_up: bool = False,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.field = field
        self.detail = detail
        self.set_up = set_up

    def response(self) -> web.Response:
        body: Json = {"code": self.code, "message": self.message}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, self.status)


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with the exact ``Content-Type: application/json`` discord.py insists on (no charset)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def invalid_form(
    path: str, message: str, *, code: str = "BASE_TYPE_INVALID", detail: str | None = None
) -> HttpError:
    """Discord's 400 / 50035 "Invalid Form Body" for one field, its ``errors`` nested as Discord nests
    them: ``data.choices.0.name`` -> ``{"data": {"choices": {"0": {"name": {"_errors": [...]}}}}}``."""
    errors: Json = {"_errors": [{"code": code, "message": message}]}
    for part in reversed([p for p in path.split(".") if p]):
        errors = {part: errors}
    return HttpError(400, 50035, "Invalid Form Body", errors, field=f"{path}: {message}", detail=detail)


@dataclass
class Refusal:
    """One error answer of the fake: what Discord would have refused, and why.

    ``field`` is the offending form field with Discord's message (``content: Must be 2000 or fewer in
    length.``) or the permission the bot lacked; ``detail`` what the bot sent there (a length, a value).
    ``expected``: declared by the test (:meth:`FakeDiscord.expect_refusals`,
    :meth:`FakeDiscord.expecting_refusals`) or caused by permissions the test took away."""

    method: str
    route: str
    status: int
    code: int
    message: str
    field: str | None = None
    detail: str | None = None
    context: str | None = None  # the interaction a callback or webhook route belongs to
    errors: Json | None = None
    expected: bool = False

    @property
    def checked(self) -> bool:
        """Refusals that fail a test unless expected: invalid requests (400), too large (413), and
        forbidden (403). Not found (404: a late interaction, a deleted message) is not a defect alone."""
        return self.status in (400, 403, 413)

    def __str__(self) -> str:
        where = f"{self.method} {self.route}" + (f" [{self.context}]" if self.context else "")
        text = f"{where} -> {self.status} {self.code} {self.message}"
        if self.field:
            text += f"\n      {self.field}"
        if self.detail:
            text += f"\n      ({self.detail})"
        return text


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


class Snowflakes:
    """Increasing snowflakes whose timestamp part is the current time, as Discord makes them."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def on_shard(self, shard: int, shard_count: int) -> int:
        """The next snowflake whose guild would be on ``shard``: its timestamp part moved up to
        ``shard_count - 1`` milliseconds ahead, so that ``(id >> 22) % shard_count == shard``."""
        flake = self()
        flake += ((shard - (flake >> 22)) % shard_count) << 22
        self._last = flake
        return flake


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height of a PNG, from its IHDR chunk."""
    if data[:8] != PNG_SIGNATURE or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def walk_components(components: Sequence[Json]) -> Iterator[Json]:
    """Every component, depth first, through action rows, labels, sections and containers."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("component", "accessory"):
            child = component.get(key)
            if isinstance(child, dict):
                yield from walk_components([child])


def embed_text(embed: Json) -> str:
    parts = [embed.get("title"), embed.get("description")]
    author = embed.get("author") or {}
    parts.append(author.get("name"))
    for f in embed.get("fields") or []:
        parts.extend([f.get("name"), f.get("value")])
    footer = embed.get("footer") or {}
    parts.append(footer.get("text"))
    return "\n".join(p for p in parts if p)


def components_text(components: Sequence[Json]) -> str:
    parts = []
    for c in walk_components(components):
        if c.get("type") == 10 and c.get("content"):
            parts.append(c["content"])
        elif c.get("label") and c.get("type") in (2, 18):
            parts.append(c["label"])
    return "\n".join(parts)


# --------------------------------------------------------------------------------------------------
# The world: roles, people, channels, messages, interactions, modals
# --------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> Json:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": True,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }


@dataclass(eq=False)
class FakeUser:
    """A Discord account: a person (``key`` is the short name tests use) or the bot."""

    id: int
    key: str
    username: str
    display_name: str | None = None
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"  # the language the person's Discord is in: their interactions' ``locale``

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def name(self) -> str:
        return self.display_name or self.username

    def payload(self) -> Json:
        data: Json = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.display_name,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def __repr__(self) -> str:
        return f"<FakeUser {self.key} id={self.id}>"


@dataclass
class FakeOverwrite:
    """A channel's permission overwrite for a role (``type`` 0) or a member (1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> Json:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


THREAD_TYPES = (10, 11, 12)  # announcement, public and private threads
PRIVATE_THREAD = 12
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0), a DM channel (type 1) with ``recipient``, or a thread (type 11
    public, 12 private) under the text channel ``parent_id``, created by ``owner_id``, whose ``members``
    are user id -> when they joined."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    last_message_id: int | None = None
    label: str = ""  # "Essos#game" for the channels of added guilds, "#game" for the first guild's
    overwrites: dict[int, FakeOverwrite] = field(default_factory=dict)  # role or member id -> overwrite
    parent_id: int | None = None
    owner_id: int | None = None
    members: dict[int, str] = field(default_factory=dict)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 10080
    archive_timestamp: str = field(default_factory=now_iso)
    created_at: str = field(default_factory=now_iso)

    def __post_init__(self) -> None:
        self.label = self.label or f"#{self.name}"

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_private_thread(self) -> bool:
        return self.type == PRIVATE_THREAD

    def member_payload(self, user_id: int) -> Json:
        """A thread member object (what ``thread-members`` routes and events carry)."""
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": self.members[user_id],
            "flags": 0,
        }

    def thread_payload(self) -> Json:
        metadata: Json = {
            "archived": self.archived,
            "auto_archive_duration": self.auto_archive_duration,
            "archive_timestamp": self.archive_timestamp,
            "locked": self.locked,
            "create_timestamp": self.created_at,
        }
        if self.is_private_thread:
            metadata["invitable"] = self.invitable
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent_id),
            "owner_id": str(self.owner_id),
            "name": self.name,
            "last_message_id": None if self.last_message_id is None else str(self.last_message_id),
            "rate_limit_per_user": 0,
            "message_count": 0,
            "total_message_sent": 0,
            "member_count": min(len(self.members), 50),
            "flags": 0,
            "thread_metadata": metadata,
        }

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> Json:
        last = None if self.last_message_id is None else str(self.last_message_id)
        if self.is_thread:
            return self.thread_payload()
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "recipients": [self.recipient.payload()],
                "last_message_id": last,
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites.values()],
            "nsfw": False,
            "topic": None,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": last,
            "flags": 0,
        }

    def __repr__(self) -> str:
        if self.is_dm:
            return f"<FakeChannel DM with {self.recipient.key if self.recipient else '?'} id={self.id}>"
        return f"<FakeChannel {self.label} id={self.id}>"


@dataclass(eq=False)
class FakeGuild:
    """A server: its roles (by name, ``@everyone`` included, whose id is the guild's), its text channels
    and its members (user id -> the ids of their roles here, ``@everyone`` left implicit). A person may
    be a member of several guilds with different roles in each; the bot is a member of every guild."""

    id: int
    name: str
    owner_id: int
    roles: dict[str, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, list[int]] = field(default_factory=dict)
    threads: dict[int, FakeChannel] = field(default_factory=dict)
    preferred_locale: str = "en-US"  # the server's language (its interactions' ``guild_locale``)

    @property
    def everyone(self) -> FakeRole:
        return self.roles["@everyone"]

    @property
    def channel(self) -> FakeChannel:
        """The first text channel (the game's channel in the default world)."""
        return next(iter(self.channels.values()))

    def get_channel(self, name: str) -> FakeChannel:
        for ch in self.channels.values():
            if ch.name == name:
                return ch
        names = [c.name for c in self.channels.values()]
        raise LookupError(f"no channel #{name} in {self.name} (it has {names})")

    def get_role(self, which: FakeRole | str | int) -> FakeRole:
        for r in self.roles.values():
            if which is r or which in (r.id, r.name):
                return r
        raise LookupError(f"no role {which!r} in {self.name} (it has {list(self.roles)})")

    def has_member(self, user: FakeUser) -> bool:
        return user.id in self.members

    def role_ids(self, user: FakeUser) -> list[int]:
        """The member's roles here (without @everyone); empty for someone who is not a member."""
        return list(self.members.get(user.id, []))

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} id={self.id}>"


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    channel_id: int
    content_type: str | None = None
    description: str | None = None
    base_url: str = ""

    @property
    def is_png(self) -> bool:
        return self.data.startswith(PNG_SIGNATURE)

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def url(self) -> str:
        return f"{self.base_url}/attachments/{self.channel_id}/{self.id}/{self.filename}"

    def payload(self, *, ephemeral: bool = False) -> Json:
        data: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": ephemeral,
        }
        dims = png_size(self.data)
        if dims is not None:
            data["width"], data["height"] = dims
        if self.description is not None:
            data["description"] = self.description
        return data

    def __repr__(self) -> str:
        return f"<FakeAttachment {self.filename} {self.size} bytes>"


@dataclass(eq=False)
class FakeMessage:
    """A message as it stands now. ``history`` keeps the earlier versions (dicts) after edits."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: str = field(default_factory=now_iso)
    edited_at: str | None = None
    deleted: bool = False
    pinned: bool = False
    reactions: list[str] = field(default_factory=list)
    interaction: FakeInteraction | None = None
    webhook_id: int | None = None
    reference_id: int | None = None
    nonce: str | None = None  # the sender's, kept for Discord's enforce_nonce (a create sent again)
    revision: int = 0
    history: list[Json] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & Flag.EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still "thinking"."""
        return bool(self.flags & Flag.LOADING)

    @property
    def is_dm(self) -> bool:
        return self.channel.is_dm

    @property
    def visible_to(self) -> FakeUser | None:
        """Who can see an ephemeral message (None: everyone who can see the channel)."""
        if self.ephemeral and self.interaction is not None:
            return self.interaction.user
        return None

    @property
    def text(self) -> str:
        """Content, embed texts and component texts and labels, one string to search in."""
        parts = [self.content, *(embed_text(e) for e in self.embeds), components_text(self.components)]
        return "\n".join(p for p in parts if p)

    @property
    def pngs(self) -> list[FakeAttachment]:
        return [a for a in self.attachments if a.is_png]

    def all_components(self) -> list[Json]:
        return list(walk_components(self.components))

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components() if c.get("custom_id")]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> Json:
        """The component with this custom_id or (button) label; LookupError if there is none."""
        for c in self.all_components():
            if custom_id is not None and c.get("custom_id") == custom_id:
                return c
            if label is not None and c.get("label") == label and c.get("custom_id"):
                return c
        wanted = custom_id if custom_id is not None else f"label={label!r}"
        available = [
            (c.get("custom_id"), c.get("label")) for c in self.all_components() if c.get("custom_id")
        ]
        raise LookupError(f"no component {wanted} on {self!r}; it has (custom_id, label): {available}")

    def has_component(self, custom_id: str | None = None, *, label: str | None = None) -> bool:
        try:
            self.component(custom_id, label=label)
        except LookupError:
            return False
        return True

    def payload(self, fake: FakeDiscord) -> Json:
        data: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "content": self.content,
            "author": self.author.payload(),
            "attachments": [a.payload(ephemeral=self.ephemeral) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "mentions": [u.payload() for u in fake.mentioned_users(self.content)],
            "mention_roles": [str(r.id) for r in fake.mentioned_roles(self.content)],
            "mention_everyone": False,
            "pinned": self.pinned,
            "tts": False,
            "timestamp": self.created_at,
            "edited_timestamp": self.edited_at,
            "flags": self.flags,
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
            guild = fake.guilds.get(self.channel.guild_id)
            if self.webhook_id is None and guild is not None and guild.has_member(self.author):
                data["member"] = fake.member_payload(self.author, guild=guild, with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(fake.application_id)
        if self.interaction is not None:
            meta: Json = {
                "id": str(self.interaction.id),
                "type": self.interaction.type,
                "user": self.interaction.user.payload(),
                "authorizing_integration_owners": self.interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if self.interaction.original is not None and self.interaction.original is not self:
                meta["original_response_message_id"] = str(self.interaction.original.id)
            if self.interaction.message is not None:
                meta["interacted_message_id"] = str(self.interaction.message.id)
            data["interaction_metadata"] = meta
        if self.reference_id is not None:
            data["message_reference"] = {
                "type": 0,
                "message_id": str(self.reference_id),
                "channel_id": str(self.channel.id),
            }
        if self.reactions:
            data["reactions"] = [
                {"emoji": {"id": None, "name": e}, "count": 1, "me": True} for e in self.reactions
            ]
        return data

    def snapshot(self) -> Json:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": list(self.attachments),
            "flags": self.flags,
        }

    def __repr__(self) -> str:
        where = f"DM:{self.channel.recipient.key}" if self.channel.is_dm and self.channel.recipient else ""
        where = where or self.channel.label
        tags = [t for t, on in (("ephemeral", self.ephemeral), ("loading", self.loading)) if on]
        tags += ["deleted"] if self.deleted else []
        text = self.text.replace("\n", " | ")
        if len(text) > 120:
            text = text[:117] + "..."
        files = f" files={[a.filename for a in self.attachments]}" if self.attachments else ""
        ids = f" custom_ids={self.custom_ids()}" if self.components else ""
        return (
            f"<FakeMessage {self.id} {where} by {self.author.key}{' ' + ','.join(tags) if tags else ''}: "
            f"{text!r}{files}{ids}>"
        )


@dataclass(eq=False)
class FakeModal:
    """A modal the bot opened (interaction callback type 9) for ``user``."""

    custom_id: str
    title: str
    components: list[Json]
    interaction: FakeInteraction
    submitted: bool = False

    @property
    def user(self) -> FakeUser:
        return self.interaction.user

    def inputs(self) -> list[Json]:
        """The components a person fills in, i.e. those with a custom_id."""
        return [c for c in walk_components(self.components) if c.get("custom_id")]

    def __repr__(self) -> str:
        inputs = [c["custom_id"] for c in self.inputs()]
        return f"<FakeModal {self.custom_id!r} {self.title!r} for {self.user.key} inputs={inputs}>"


@dataclass(eq=False)
class FakeInteraction:
    """One interaction a person started, with everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: Json
    fake: FakeDiscord
    message: FakeMessage | None = None  # the message whose component was used
    created: float = field(default_factory=time.monotonic)
    created_revision: int = 0
    callbacks: list[tuple[int, Json]] = field(default_factory=list)
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: FakeModal | None = None
    choices: list[Json] | None = None
    late_callback: float | None = None  # seconds after dispatch, if the bot answered too late

    @property
    def responded(self) -> bool:
        return bool(self.callbacks)

    @property
    def response_type(self) -> int | None:
        return self.callbacks[0][0] if self.callbacks else None

    @property
    def deferred(self) -> bool:
        return self.response_type in (Callback.DEFERRED_CHANNEL_MESSAGE, Callback.DEFERRED_UPDATE_MESSAGE)

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def messages(self) -> list[FakeMessage]:
        """The bot's answers as they stand: the original response once it is no longer "thinking",
        the clicked message once the bot updated it (type 7, or type 6 then an edit), follow-ups."""
        found: list[FakeMessage] = []
        if self.original is not None and self.original is not self.message and not self.original.loading:
            found.append(self.original)
        updated = self.response_type == Callback.UPDATE_MESSAGE or (
            self.response_type == Callback.DEFERRED_UPDATE_MESSAGE
            and self.message is not None
            and self.message.revision > self.created_revision
        )
        if self.message is not None and updated:
            found.append(self.message)
        found.extend(m for m in self.followups if m not in found)
        return [m for m in found if not m.deleted]

    @property
    def text(self) -> str:
        """Text of every answer in :attr:`messages`."""
        return "\n".join(m.text for m in self.messages)

    async def wait_response(self, timeout: float = 5.0) -> int:
        """Wait for the bot's first callback; returns its type (4, 5, 6, 7, 8 or 9)."""
        await self.fake.wait_until(lambda: self.responded, timeout, f"a response to {self!r}")
        assert self.response_type is not None
        return self.response_type

    async def wait_message(
        self, predicate: Callable[[FakeMessage], object] | None = None, timeout: float = 5.0
    ) -> FakeMessage:
        """Wait until this interaction has a (non-loading) message, the first that matches."""

        def found() -> FakeMessage | None:
            return next((m for m in self.messages if predicate is None or predicate(m)), None)

        return await self.fake.wait_until(found, timeout, f"a message answering {self!r}")

    async def wait_modal(self, timeout: float = 5.0) -> FakeModal:
        return await self.fake.wait_until(lambda: self.modal, timeout, f"a modal answering {self!r}")

    def __repr__(self) -> str:
        kind = {2: "slash", 3: "click", 4: "autocomplete", 5: "modal-submit"}.get(self.type, str(self.type))
        name = self.payload.get("data", {}).get("name") or self.payload.get("data", {}).get("custom_id")
        return f"<FakeInteraction {kind} {name!r} by {self.user.key} response={self.response_type}>"


# --------------------------------------------------------------------------------------------------
# Validation: what Discord would refuse
# --------------------------------------------------------------------------------------------------


def excerpt(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_len(path: str, value: object, maximum: int, minimum: int = 0) -> None:
    """A string of ``minimum`` to ``maximum`` characters (``None``: absent, which only a minimum forbids)."""
    if value is None:
        if minimum:
            raise invalid_form(path, "This field is required", code="BASE_TYPE_REQUIRED")
        return
    if not isinstance(value, str):
        raise invalid_form(path, "Could not interpret value as string.", detail=excerpt(value))
    if not minimum <= len(value) <= maximum:
        detail = f"{len(value)} characters: {excerpt(value)}"
        if minimum:
            message, code = f"Must be between {minimum} and {maximum} in length.", "BASE_TYPE_BAD_LENGTH"
        else:
            message, code = f"Must be {maximum} or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        raise invalid_form(path, message, code=code, detail=detail)


def _check_count(path: str, items: object, maximum: int, minimum: int = 0) -> list[Any]:
    """A list of ``minimum`` to ``maximum`` items (``None`` counts as empty); returns it."""
    if items is None:
        items = []
    if not isinstance(items, list):
        raise invalid_form(path, "Must be an array.", code="BASE_TYPE_ARRAY", detail=excerpt(items))
    if not minimum <= len(items) <= maximum:
        detail = f"{len(items)} items"
        if minimum:
            message, code = f"Must be between {minimum} and {maximum} in length.", "BASE_TYPE_BAD_LENGTH"
        else:
            message, code = f"Must be {maximum} or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        raise invalid_form(path, message, code=code, detail=detail)
    return items


def _check_int(path: str, value: object, minimum: int, maximum: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid_form(path, "Value is not int.", code="NUMBER_TYPE_COERCE", detail=excerpt(value))
    if value < minimum:
        message = f"int value should be greater than or equal to {minimum}."
        raise invalid_form(path, message, code="NUMBER_TYPE_MIN", detail=str(value))
    if value > maximum:
        message = f"int value should be less than or equal to {maximum}."
        raise invalid_form(path, message, code="NUMBER_TYPE_MAX", detail=str(value))


def embed_size(embed: Json) -> int:
    """The characters Discord counts towards the 6000 of a message's embeds."""
    texts = [embed.get("title"), embed.get("description")]
    texts.append((embed.get("author") or {}).get("name"))
    texts.append((embed.get("footer") or {}).get("text"))
    for f in embed.get("fields") or []:
        texts.extend([f.get("name"), f.get("value")])
    return sum(len(t) for t in texts if isinstance(t, str))


def validate_embeds(embeds: Sequence[Json], prefix: str = "") -> None:
    """Discord's embed limits: 10 embeds, title 256, description 4096, 25 fields of name 1-256 and
    value 1-1024, footer 2048, author name 256, and 6000 characters in all the embeds together."""
    _check_count(f"{prefix}embeds", list(embeds), 10)
    total = 0
    for i, e in enumerate(embeds):
        p = f"{prefix}embeds.{i}"
        if not isinstance(e, dict):
            raise invalid_form(p, "Must be an object.", code="DICT_TYPE_CONVERT", detail=excerpt(e))
        _check_len(f"{p}.title", e.get("title"), 256)
        _check_len(f"{p}.description", e.get("description"), 4096)
        _check_len(f"{p}.author.name", (e.get("author") or {}).get("name"), 256)
        _check_len(f"{p}.footer.text", (e.get("footer") or {}).get("text"), 2048)
        fields = _check_count(f"{p}.fields", e.get("fields"), 25)
        for j, f in enumerate(fields):
            _check_len(f"{p}.fields.{j}.name", f.get("name"), 256, 1)
            _check_len(f"{p}.fields.{j}.value", f.get("value"), 1024, 1)
        total += embed_size(e)
    if total > 6000:
        raise invalid_form(
            f"{prefix}embeds",
            "Embed size exceeds maximum size of 6000",
            code="MAX_EMBED_SIZE_EXCEEDED",
            detail=f"{total} characters in {len(embeds)} embed(s)",
        )


def component_paths(components: Sequence[Json], path: str) -> Iterator[tuple[str, Json]]:
    """Every component with its path in the request (``components.0.components.1``), depth first."""
    for i, c in enumerate(components):
        p = f"{path}.{i}"
        if not isinstance(c, dict):
            raise invalid_form(p, "Must be an object.", code="DICT_TYPE_CONVERT", detail=excerpt(c))
        yield p, c
        yield from component_paths(c.get("components") or [], f"{p}.components")
        for key in ("component", "accessory"):
            child = c.get(key)
            if isinstance(child, dict):
                yield f"{p}.{key}", child
                yield from component_paths(child.get("components") or [], f"{p}.{key}.components")


def _validate_button(p: str, c: Json) -> None:
    style = c.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise invalid_form(f"{p}.style", "Value must be one of {1, 2, 3, 4, 5, 6}.", detail=excerpt(style))
    _check_len(f"{p}.label", c.get("label"), 80)
    if style == 5:
        _check_len(f"{p}.url", c.get("url"), 512, 1)
        if c.get("custom_id") is not None:
            raise invalid_form(
                f"{p}.custom_id", "A link button cannot have a custom_id", detail=c["custom_id"]
            )
    elif style == 6:
        if not c.get("sku_id"):
            raise invalid_form(f"{p}.sku_id", "This field is required", code="BASE_TYPE_REQUIRED")
        for key in ("custom_id", "url", "label", "emoji"):
            if c.get(key) is not None:
                raise invalid_form(f"{p}.{key}", f"A premium button cannot have a {key}")
    else:
        _check_len(f"{p}.custom_id", c.get("custom_id"), 100, 1)
        if c.get("url") is not None:
            raise invalid_form(f"{p}.url", "Only a link button (style 5) can have a url")
    if style != 6 and not c.get("label") and not c.get("emoji"):
        raise invalid_form(p, "A button needs a label or an emoji", code="BUTTON_COMPONENT_INVALID")


def _validate_select(p: str, c: Json) -> None:
    _check_len(f"{p}.custom_id", c.get("custom_id"), 100, 1)
    _check_len(f"{p}.placeholder", c.get("placeholder"), 150)
    _check_int(f"{p}.min_values", c.get("min_values"), 0, 25)
    _check_int(f"{p}.max_values", c.get("max_values"), 1, 25)
    lo, hi = c.get("min_values", 1), c.get("max_values", 1)
    if lo > hi:
        raise invalid_form(
            f"{p}.min_values", "min_values must be less than or equal to max_values", detail=f"{lo} > {hi}"
        )
    if c.get("type") != 3:
        return
    options = _check_count(f"{p}.options", c.get("options"), 25, 1)
    values: set[object] = set()
    for j, o in enumerate(options):
        _check_len(f"{p}.options.{j}.label", o.get("label"), 100, 1)
        _check_len(f"{p}.options.{j}.value", o.get("value"), 100, 1)
        _check_len(f"{p}.options.{j}.description", o.get("description"), 100)
        if o.get("value") in values:
            raise invalid_form(
                f"{p}.options.{j}",
                "The specified option value is already used",
                code="SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                detail=excerpt(o.get("value")),
            )
        values.add(o.get("value"))
    if hi > len(options):
        raise invalid_form(
            f"{p}.max_values",
            f"int value should be less than or equal to {len(options)}.",
            code="NUMBER_TYPE_MAX",
            detail=f"max_values {hi} with {len(options)} options",
        )


def _validate_text_input(p: str, c: Json, *, in_row: bool) -> None:
    _check_len(f"{p}.custom_id", c.get("custom_id"), 100, 1)
    if c.get("style") not in (1, 2):
        raise invalid_form(f"{p}.style", "Value must be one of {1, 2}.", detail=excerpt(c.get("style")))
    if in_row:  # the old layout; inside a Label component the label is the Label's
        _check_len(f"{p}.label", c.get("label"), 45, 1)
    _check_int(f"{p}.min_length", c.get("min_length"), 0, 4000)
    _check_int(f"{p}.max_length", c.get("max_length"), 1, 4000)
    lo, hi = c.get("min_length") or 0, c.get("max_length") or 4000
    if lo > hi:
        raise invalid_form(
            f"{p}.min_length", "min_length must be less than or equal to max_length", detail=f"{lo} > {hi}"
        )
    _check_len(f"{p}.placeholder", c.get("placeholder"), 100)
    _check_len(f"{p}.value", c.get("value"), 4000)


def validate_components(
    components: Sequence[Json], flags: int, prefix: str = "", *, modal: bool = False
) -> None:
    """Components of a message (or, with ``modal``, of a modal): custom ids of 1-100 characters unique
    in the message, buttons, selects and text inputs within Discord's limits; for a message without
    IS_COMPONENTS_V2 at most 5 action rows of at most 5 buttons or one select."""
    base = f"{prefix}components"
    seen: set[str] = set()
    in_row: set[int] = set()  # id() of the components whose parent is an action row
    for p, c in component_paths(components, base):
        custom_id = c.get("custom_id")
        if custom_id is not None:
            _check_len(f"{p}.custom_id", custom_id, 100, 1)
            if custom_id in seen:
                raise invalid_form(
                    f"{p}.custom_id",
                    "Component custom id was already specified",
                    code="COMPONENT_CUSTOM_ID_DUPLICATED",
                    detail=excerpt(custom_id),
                )
            seen.add(custom_id)
        ctype = c.get("type")
        if ctype == 2:
            _validate_button(p, c)
        elif ctype in SELECT_TYPES:
            _validate_select(p, c)
        elif ctype == 4:
            if not modal:
                raise invalid_form(f"{p}.type", "Text inputs belong in modals, not in messages")
            _validate_text_input(p, c, in_row=id(c) in in_row)
        elif ctype == 10:
            _check_len(f"{p}.content", c.get("content"), 4000, 1)
        if ctype == 1:
            in_row.update(id(child) for child in c.get("components") or [])
            children = _check_count(f"{p}.components", c.get("components"), 5, 1)
            kinds = [ch.get("type") for ch in children]
            if any(k in SELECT_TYPES or k == 4 for k in kinds) and len(children) > 1:
                raise invalid_form(
                    f"{p}.components", "A select or a text input must be alone in its action row"
                )
    if modal:
        return
    if flags & Flag.IS_COMPONENTS_V2:
        everything = [c for _, c in component_paths(components, base)]
        if len(everything) > 40:
            raise invalid_form(base, "Must be 40 or fewer in total.", detail=f"{len(everything)} components")
        text = sum(len(c.get("content") or "") for c in everything if c.get("type") == 10)
        if text > 4000:
            raise invalid_form(
                base,
                "The text of all text displays must be 4000 or fewer in length.",
                detail=f"{text} characters",
            )
        return
    _check_count(base, list(components), 5)
    for i, row in enumerate(components):
        if row.get("type") != 1:
            if row.get("type") in V2_ONLY_TYPES:
                raise invalid_form(f"{base}.{i}", "This component needs the IS_COMPONENTS_V2 flag")
            raise invalid_form(f"{base}.{i}", "Top level components must be action rows")


def validate_allowed_mentions(data: Json, prefix: str = "") -> None:
    """``allowed_mentions``: ``parse`` among roles/users/everyone, at most 100 ``users`` and ``roles``,
    and never ``parse: ["users"]`` with a ``users`` list (nor the same for roles)."""
    if "allowed_mentions" not in data or data["allowed_mentions"] is None:
        return
    path = f"{prefix}allowed_mentions"
    am = data["allowed_mentions"]
    if not isinstance(am, dict):
        raise invalid_form(path, "Must be an object.", code="DICT_TYPE_CONVERT", detail=excerpt(am))
    parse = _check_count(f"{path}.parse", am.get("parse"), 3)
    for i, kind in enumerate(parse):
        if kind not in ("roles", "users", "everyone"):
            raise invalid_form(
                f"{path}.parse.{i}",
                "Value must be one of ('roles', 'users', 'everyone').",
                detail=excerpt(kind),
            )
    for kind in ("users", "roles"):
        ids = _check_count(f"{path}.{kind}", am.get(kind), 100)
        for i, snowflake in enumerate(ids):
            if not (isinstance(snowflake, int) and not isinstance(snowflake, bool)) and not (
                isinstance(snowflake, str) and snowflake.isdigit()
            ):
                raise invalid_form(
                    f"{path}.{kind}.{i}",
                    "Value is not snowflake.",
                    code="NUMBER_TYPE_COERCE",
                    detail=excerpt(snowflake),
                )
        if ids and kind in parse:
            raise invalid_form(
                path,
                f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                code="MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                detail=excerpt(am),
            )
    if "replied_user" in am and not isinstance(am["replied_user"], bool):
        raise invalid_form(f"{path}.replied_user", "Must be either true or false.", code="BASE_TYPE_BOOLEAN")


def validate_request(data: Json, prefix: str = "") -> None:
    """What a create or an edit request may carry besides the message itself."""
    validate_allowed_mentions(data, prefix)
    nonce = data.get("nonce")
    if isinstance(nonce, str):
        _check_len(f"{prefix}nonce", nonce, 25)
    if "content" in data and data["content"] is not None and not isinstance(data["content"], str):
        raise invalid_form(
            f"{prefix}content", "Could not interpret value as string.", detail=excerpt(data["content"])
        )
    if data.get("embeds") is not None:
        _check_count(f"{prefix}embeds", data["embeds"], 10)
    if data.get("components") is not None:
        _check_count(f"{prefix}components", data["components"], 40)


def validate_message(message: FakeMessage, prefix: str = "") -> None:
    """Raise the HttpError Discord would answer for this message as it would stand (after an edit)."""
    _check_len(f"{prefix}content", message.content, 2000)
    validate_embeds(message.embeds, prefix)
    validate_components(message.components, message.flags, prefix)
    _check_count(f"{prefix}attachments", list(message.attachments), 10)
    if message.flags & Flag.IS_COMPONENTS_V2:
        if message.content or message.embeds:
            raise invalid_form(f"{prefix}content", "content and embeds cannot be used with IS_COMPONENTS_V2")
        if not message.components:
            raise HttpError(400, 50006, "Cannot send an empty message")
        return
    empty = not (message.content or message.embeds or message.attachments or message.components)
    if empty and not message.loading:
        raise HttpError(400, 50006, "Cannot send an empty message")


def validate_modal(data: Json) -> None:
    """A modal (callback type 9): title 1-45, custom_id 1-100, 1-5 rows of one text input (label 1-45)
    or Label components (label 1-45, description 100) or text displays; text inputs within limits."""
    _check_len("data.title", data.get("title"), 45, 1)
    _check_len("data.custom_id", data.get("custom_id"), 100, 1)
    components = _check_count("data.components", data.get("components"), 5, 1)
    for i, top in enumerate(components):
        p = f"data.components.{i}"
        if top.get("type") == 1:
            children = top.get("components") or []
            if len(children) != 1 or children[0].get("type") != 4:
                raise invalid_form(f"{p}.components", "A modal action row holds exactly one text input")
        elif top.get("type") == 18:
            _check_len(f"{p}.label", top.get("label"), 45, 1)
            _check_len(f"{p}.description", top.get("description"), 100)
            if not isinstance(top.get("component"), dict):
                raise invalid_form(f"{p}.component", "This field is required", code="BASE_TYPE_REQUIRED")
        elif top.get("type") != 10:
            raise invalid_form(f"{p}.type", f"Component type {top.get('type')} is not allowed in a modal")
    validate_components(components, 0, "data.", modal=True)


def focused_option(options: Sequence[Json]) -> Json | None:
    """The option being typed in, from an autocomplete interaction's (nested) options."""
    for o in options:
        if o.get("focused"):
            return o
        found = focused_option(o.get("options") or [])
        if found is not None:
            return found
    return None


def validate_choices(choices: object, option_type: int | None) -> None:
    """Autocomplete results: at most 25 choices, names of 1-100 characters (and localizations), values
    of the option's type, a string value at most 100 characters."""
    items = _check_count("data.choices", choices, 25)
    for i, c in enumerate(items):
        p = f"data.choices.{i}"
        if not isinstance(c, dict):
            raise invalid_form(p, "Must be an object.", code="DICT_TYPE_CONVERT", detail=excerpt(c))
        _check_len(f"{p}.name", c.get("name"), 100, 1)
        for locale, name in (c.get("name_localizations") or {}).items():
            _check_len(f"{p}.name_localizations.{locale}", name, 100, 1)
        value = c.get("value")
        if option_type == OptionType.STRING or (option_type is None and isinstance(value, str)):
            _check_len(f"{p}.value", value, 100)
        elif option_type == OptionType.INTEGER:
            if isinstance(value, bool) or not isinstance(value, int):
                raise invalid_form(
                    f"{p}.value", "Value is not int.", code="NUMBER_TYPE_COERCE", detail=excerpt(value)
                )
        elif isinstance(value, bool) or not isinstance(value, int | float):
            raise invalid_form(
                f"{p}.value", "Value is not a number.", code="NUMBER_TYPE_COERCE", detail=excerpt(value)
            )


def _named(item: Json, name: str, locale: str | None) -> bool:
    """Whether a command, option or choice is called ``name``: its own name, or its name in ``locale``."""
    return item["name"] == name or (
        locale is not None and (item.get("name_localizations") or {}).get(locale) == name
    )


# Discord's locales (https://discord.com/developers/docs/reference#locales): the keys a command's
# name_localizations and description_localizations may have.
LOCALES = frozenset(
    {"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl"}
    | {"pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja"}
    | {"zh-TW", "ko"}
)


def valid_name(name: object) -> bool:
    """A slash command's or option's name, by Discord's ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    in lower case wherever a letter has one."""
    return (
        isinstance(name, str)
        and 1 <= len(name) <= 32
        and all(
            c in "-_"
            or unicodedata.category(c)[0] in "LN"
            or "\u0900" <= c <= "\u097f"
            or "\u0e00" <= c <= "\u0e7f"
            for c in name
        )
        and name == name.lower()
    )


def _localizations(path: str, value: object, check: Callable[[str, object], None]) -> None:
    """A localizations object: Discord's locales only, each text checked as the field it localizes."""
    if value is None:
        return
    if not isinstance(value, dict):
        raise invalid_form(path, "Must be an object.", code="DICT_TYPE_CONVERT", detail=excerpt(value))
    for locale, text in value.items():
        if locale not in LOCALES:
            raise invalid_form(f"{path}.{locale}", "Invalid Locale", code="LOCALE_INVALID", detail=locale)
        check(f"{path}.{locale}", text)


def _check_name(path: str, name: object) -> None:
    if not valid_name(name):
        raise invalid_form(path, f"Invalid command name {name!r}")


def _unique_in_every_locale(path: str, items: Sequence[Json], message: str) -> None:
    """Siblings (top-level commands, a command's options) have different names in every locale: a
    locale's name is its localization, else the name itself."""
    locales = {locale for item in items for locale in item.get("name_localizations") or {}}
    for locale in sorted(locales):
        names = [(item.get("name_localizations") or {}).get(locale, item.get("name")) for item in items]
        twice = sorted({str(n) for n in names if names.count(n) > 1})
        if twice:
            raise invalid_form(path, f"{message} ({locale}: {', '.join(twice)})", code="NAME_NOT_UNIQUE")


def validate_command(cmd: Json, path: str = "") -> None:
    """Slash commands and options: lowercase names matching Discord's pattern, descriptions of
    1-100 characters, the same of their localizations (in Discord's locales), at most 25 options with
    different names in every locale, required ones first. Context menus: names of 1-32."""
    ctype = cmd.get("type", 1)
    name = cmd.get("name") or ""
    if path or ctype == 1:
        _check_name(f"{path}name", name)
        _localizations(f"{path}name_localizations", cmd.get("name_localizations"), _check_name)
        _check_len(f"{path}description", cmd.get("description"), 100, 1)
        _localizations(
            f"{path}description_localizations",
            cmd.get("description_localizations"),
            lambda where, text: _check_len(where, text, 100, 1),
        )
    else:
        _check_len(f"{path}name", name, 32, 1)
        _localizations(
            f"{path}name_localizations", cmd.get("name_localizations"), lambda w, t: _check_len(w, t, 32, 1)
        )
    options = cmd.get("options") or []
    if len(options) > 25:
        raise invalid_form(f"{path}options", "Must be 25 or fewer in length.")
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        raise invalid_form(f"{path}options", "Option names must be unique")
    _unique_in_every_locale(f"{path}options", options, "Option names must be unique")
    optional_seen = False
    for i, o in enumerate(options):
        if o.get("type") in (OptionType.SUB_COMMAND, OptionType.SUB_COMMAND_GROUP):
            validate_command(o, f"{path}options.{i}.")
            continue
        validate_command({**o, "type": 1, "options": []}, f"{path}options.{i}.")
        if o.get("required"):
            if optional_seen:
                raise invalid_form(
                    f"{path}options.{i}.required", "Required options must be placed before optional options"
                )
        else:
            optional_seen = True
        if len(o.get("choices") or []) > 25:
            raise invalid_form(f"{path}options.{i}.choices", "Must be 25 or fewer in length.")
        for j, choice in enumerate(o.get("choices") or []):
            where = f"{path}options.{i}.choices.{j}."
            _check_len(f"{where}name", choice.get("name"), 100, 1)
            _localizations(
                f"{where}name_localizations",
                choice.get("name_localizations"),
                lambda w, t: _check_len(w, t, 100, 1),
            )


# --------------------------------------------------------------------------------------------------
# Gateway plumbing
# --------------------------------------------------------------------------------------------------


class _Connection:
    """One websocket; frames go out in order through a queue drained by a writer task."""

    def __init__(self, ws: web.WebSocketResponse, number: int) -> None:
        self.ws = ws
        self.number = number
        self.session: _Session | None = None
        self.queue: asyncio.Queue[Json | None] = asyncio.Queue()
        self.closed = False

    def enqueue(self, frame: Json) -> None:
        if not self.closed:
            self.queue.put_nowait(frame)

    async def writer(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError) as exc:
                log.debug("gateway connection %s: send failed: %s", self.number, exc)
                return


class _Session:
    def __init__(self, session_id: str, intents: int, shard: int) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: deque[Json] = deque(maxlen=5000)
        self.conn: _Connection | None = None


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    body: Any = None


# --------------------------------------------------------------------------------------------------
# The fake Discord
# --------------------------------------------------------------------------------------------------


# The bot's managed role, in every guild: what Maester's invitation asks for beyond @everyone's.
BOT_ROLE_PERMISSIONS = Perm.EVERYONE | Perm.MANAGE_MESSAGES | Perm.MANAGE_THREADS
DEFAULT_BOT_PERMISSIONS = Perm.EVERYONE | BOT_ROLE_PERMISSIONS  # what the bot may do, unless a test says not
# What an app may do in a DM (app_permissions there).
DM_PERMISSIONS = (
    Perm.ADD_REACTIONS
    | Perm.VIEW_CHANNEL
    | Perm.SEND_MESSAGES
    | Perm.EMBED_LINKS
    | Perm.ATTACH_FILES
    | Perm.READ_MESSAGE_HISTORY
    | Perm.MENTION_EVERYONE
    | Perm.USE_EXTERNAL_EMOJIS
)

PEOPLE: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    # key, username, display name, roles
    ("alice", "alice", "Alice", ()),
    ("bob", "bob", "Bob", ()),
    ("carol", "carol", "Carol", ()),
    ("dave", "dave", "Dave", ()),
    ("erin", "erin", "Erin", ()),
    ("frank", "frank", "Frank", ()),
    ("grace", "grace", "Grace", ()),
    ("admin", "ada", "Ada", ("Admin",)),  # server admin (Administrator permission) and guild owner
    ("maester", "sam", "Sam", ("Maester",)),  # holds the "Maester" moderator role
)


class FakeDiscord:
    """The fake server. Use ``async with FakeDiscord() as fake:`` or ``await start()`` / ``close()``."""

    GUILD_ID = 1_200_000_000_000_000_001
    BOT_ID = 1_200_000_000_000_000_300
    APPLICATION_ID = BOT_ID
    OWNER_ID = 1_200_000_000_000_000_399  # the application's owner (a developer, not in the guild)

    def __init__(
        self,
        *,
        token: str | None = None,
        interaction_deadline: float | None = 3.0,
        guild_name: str = "Westeros",
        channel_names: Sequence[str] = ("game", "general"),
        people: Sequence[tuple[str, str, str, tuple[str, ...]]] = PEOPLE,
        allowed_privileged_intents: int = Intent.PRIVILEGED,
        upload_limit: int = 10 * 1024 * 1024,
        shard_count: int = 1,
    ) -> None:
        self.token = token  # if set, other tokens get 401 / gateway close 4004
        # Shards: GET /gateway/bot says this many, IDENTIFY must use it, and a guild's events go to its shard.
        self.shard_count = shard_count
        self.upload_limit = upload_limit  # bytes of files in one request (Discord's default: 10 MiB)
        self.max_active_threads = 1000  # active threads a guild may have (Discord's limit)
        self.interaction_deadline = interaction_deadline
        self.allowed_privileged_intents = allowed_privileged_intents
        self.heartbeat_interval_ms = 41_250
        self.snowflake = Snowflakes()
        self.host = "127.0.0.1"
        self.port = 0

        # world: the first guild ("Westeros") with fixed ids; add_guild() adds more
        self.application_id = self.APPLICATION_ID
        self.bot_user = FakeUser(self.BOT_ID, "bot", "Maester", None, bot=True)
        self.app_owner = FakeUser(self.OWNER_ID, "owner", "maester-dev")  # in no guild
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}  # every channel: all guilds' and the DMs
        self.users: dict[str, FakeUser] = {}
        base = self.GUILD_ID - 1
        home = FakeGuild(self.GUILD_ID, guild_name, self.OWNER_ID)
        home.roles = {
            "@everyone": FakeRole(self.GUILD_ID, "@everyone", Perm.EVERYONE, 0),
            "Admin": FakeRole(base + 101, "Admin", Perm.ADMINISTRATOR, 3),
            "Maester": FakeRole(base + 102, "Maester", 0, 2),
            "Bot": FakeRole(base + 103, "Bot", BOT_ROLE_PERMISSIONS, 1, managed=True),
        }
        home.members[self.bot_user.id] = [home.roles["Bot"].id]
        for i, name in enumerate(channel_names):
            ch = FakeChannel(base + 201 + i, 0, name, home.id, position=i)
            home.channels[ch.id] = ch
            self.channels[ch.id] = ch
        for i, (key, username, display, role_names) in enumerate(people):
            self.users[key] = FakeUser(base + 302 + i, key, username, display)
            home.members[self.users[key].id] = [home.roles[r].id for r in role_names]
        if "admin" in self.users:
            home.owner_id = self.users["admin"].id
        self.guilds[home.id] = home
        self.home = home  # the first guild: the default wherever a guild is not given
        self.channel = home.channel  # the main text channel ("game")
        self._dm_by_user: dict[int, FakeChannel] = {}

        # what the bot did
        self.commands: dict[int | None, list[Json]] = {}  # guild id (None: global) -> synced commands
        self.messages: list[FakeMessage] = []
        self.interactions: list[FakeInteraction] = []
        self.modals: list[FakeModal] = []
        self.failed_dms: list[tuple[FakeUser, Json]] = []
        self.nonce_repeats = 0  # creates sent again with the nonce of a message made already (enforce_nonce)
        self.requests: list[RequestRecord] = []
        self.unhandled: list[str] = []
        self.refusals: list[Refusal] = []  # every error answer, in order (see check_refusals)
        self._expected_codes: set[int] = set()
        self._expectations: list[tuple[frozenset[int], list[Refusal]]] = []
        self.errors: list[str] = []  # exceptions inside the fake itself
        self.attachments: dict[int, FakeAttachment] = {}
        self._interactions_by_id: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}

        # gateway
        self.identify_count = 0
        self.resume_count = 0
        self.identifies: list[Json] = []  # IDENTIFY payloads (token hidden)
        self._sessions: dict[str, _Session] = {}  # every session ever identified, by id
        self._shard_sessions: dict[int, _Session] = {}  # each shard's latest session
        self._connections: set[_Connection] = set()
        self._conn_numbers = itertools.count(1)

        # change notification
        self.revision = 0
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._routes = self._build_routes()

    # ---------------------------------------------------------------- lifecycle

    async def start(self, port: int = 0) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/ws", self._gateway_handler)
        app.router.add_route("*", "/{tail:.*}", self._http_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        log.info("fake Discord on %s (gateway %s)", self.api_url, self.gateway_url)
        return self

    async def close(self) -> None:
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001, message=b"fake Discord shutting down")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be (also serves the interaction/webhook routes)."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` must be."""
        return f"ws://{self.host}:{self.port}/ws"

    # ---------------------------------------------------------------- waiting

    def _bump(self) -> int:
        self.revision += 1
        self._changed.set()
        self._changed = asyncio.Event()
        return self.revision

    def mark(self) -> int:
        """A cursor: ``wait_for(..., since=fake.mark())`` only looks at messages changed after it."""
        return self.revision

    async def wait_until(
        self, condition: Callable[[], T], timeout: float = 5.0, what: str | None = None, *, poll: float = 0.05
    ) -> T:
        """Wait until ``condition()`` is truthy and return its value. It is re-checked after every
        change in the fake and every ``poll`` seconds (for conditions on the bot's own state, a
        database or a process). On timeout, AssertionError with the latest messages and requests."""
        deadline = time.monotonic() + timeout
        while True:
            value = condition()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(
                    self._timeout_report(what or getattr(condition, "__name__", "condition"), timeout)
                )
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, poll))

    async def wait_for(
        self,
        predicate: Callable[[FakeMessage], object],
        timeout: float = 5.0,
        *,
        since: int | None = None,
        what: str | None = None,
    ) -> FakeMessage:
        """The first message by the bot (channel, DM or interaction response, as it stands now) that
        matches ``predicate``, waiting for it if needed. Loading (deferred) and deleted messages are
        skipped; with ``since`` only messages created or edited after that :meth:`mark` count."""

        def found() -> FakeMessage | None:
            for m in self.messages:
                if m.author is not self.bot_user or m.deleted or m.loading:
                    continue
                if since is not None and m.revision <= since:
                    continue
                if predicate(m):
                    return m
            return None

        return await self.wait_until(found, timeout, what or "a bot message matching the predicate")

    def _timeout_report(self, what: str, timeout: float) -> str:
        lines = [f"timed out after {timeout}s waiting for {what}"]
        recent = self.messages[-12:]
        lines.append(f"last {len(recent)} of {len(self.messages)} messages:")
        lines.extend(f"  {m!r}" for m in recent)
        pending = self.interactions[-5:]
        if pending:
            lines.append("last interactions:")
            lines.extend(f"  {i!r}" for i in pending)
        if self.unhandled:
            lines.append(f"unhandled routes: {self.unhandled[-10:]}")
        if self.errors:
            lines.append(f"fake errors: {self.errors[-5:]}")
        live = [shard for shard in range(self.shard_count) if self.shard_connected(shard)]
        lines.append(
            f"gateway: shards connected {live} of {self.shard_count}, identifies={self.identify_count}"
        )
        return "\n".join(lines)

    def shard_connected(self, shard: int) -> bool:
        """Whether ``shard``'s latest session has a live gateway connection."""
        s = self._shard_sessions.get(shard)
        return s is not None and s.conn is not None and not s.conn.closed

    @property
    def connected(self) -> bool:
        """Whether every shard (the only one, unless :attr:`shard_count` says more) is connected."""
        return all(self.shard_connected(shard) for shard in range(self.shard_count))

    def shard_of(self, guild: FakeGuild | str | int | None) -> int:
        """The shard that gets ``guild``'s events: ``(guild id >> 22) % shard_count``; None (a DM): 0."""
        if guild is None:
            return 0
        return (self.guild(guild).id >> 22) % self.shard_count

    async def wait_connected(self, timeout: float = 10.0, *, shard: int | None = None) -> None:
        """Wait until ``shard`` (default: every shard) has identified (READY and its GUILD_CREATEs sent)
        and is still connected."""
        shards = range(self.shard_count) if shard is None else (shard,)
        await self.wait_until(
            lambda: all(self.shard_connected(s) for s in shards),
            timeout,
            f"a gateway connection (IDENTIFY) of shard(s) {list(shards)}",
        )

    async def wait_identified(
        self, count: int, timeout: float = 15.0, *, shards: Sequence[int] | None = None
    ) -> None:
        """Wait until ``identify_count`` reaches ``count`` and ``shards`` (default: every shard) are
        connected."""
        wanted = range(self.shard_count) if shards is None else shards
        await self.wait_until(
            lambda: self.identify_count >= count and all(self.shard_connected(s) for s in wanted),
            timeout,
            f"IDENTIFY number {count} (shards {list(wanted)} connected)",
        )

    async def wait_for_command(self, name: str, timeout: float = 10.0, guild: bool | None = None) -> Json:
        """Wait until the bot has synced a command called ``name`` (globally or to the guild)."""
        return await self.wait_until(
            lambda: self.find_command(name, guild=guild), timeout, f"command /{name}"
        )

    # ---------------------------------------------------------------- refusals

    def _record_refusal(self, method: str, path: str, exc: HttpError) -> None:
        route = re.sub(r"^/(interactions/\d+|webhooks/\d+)/[^/]+", r"/\1/<token>", path)
        context = None
        token = re.match(r"^/(?:interactions/\d+|webhooks/\d+)/([^/]+)", path)
        channel = re.match(r"^/channels/(\d+)", path)
        if token is not None and token.group(1) in self._interactions_by_token:
            context = repr(self._interactions_by_token[token.group(1)])
        elif channel is not None and int(channel.group(1)) in self.channels:
            context = repr(self.channels[int(channel.group(1))])
        refusal = Refusal(
            method,
            route,
            exc.status,
            exc.code,
            exc.message,
            field=exc.field,
            detail=exc.detail,
            context=context,
            errors=exc.errors,
            expected=exc.set_up or exc.code in self._expected_codes,
        )
        for codes, caught in self._expectations:
            if exc.code in codes:
                refusal.expected = True
                caught.append(refusal)
        self.refusals.append(refusal)
        if refusal.checked and not refusal.expected:
            log.warning("fake Discord refused: %s", refusal)
        self._bump()

    def expect_refusals(self, *codes: int) -> None:
        """Declare that the bot may be refused with these error codes from now on, as the test means it
        to be (e.g. 50007 when a test closed someone's DMs): :meth:`check_refusals` lets them pass."""
        self._expected_codes.update(codes)

    @contextlib.contextmanager
    def expecting_refusals(self, *codes: int) -> Iterator[list[Refusal]]:
        """Refusals with these codes inside the block are expected; the list yielded collects them::

        with fake.expecting_refusals(50035) as refused:
            await channel.send("x" * 2001)  # raises discord.HTTPException, caught by the test
        assert refused[0].field.startswith("content")
        """
        entry: tuple[frozenset[int], list[Refusal]] = (frozenset(codes), [])
        self._expectations.append(entry)
        try:
            yield entry[1]
        finally:
            self._expectations.remove(entry)

    def unexpected_refusals(self) -> list[Refusal]:
        """400s, 403s and 413s the test neither declared nor caused by taking permissions away."""
        return [
            r for r in self.refusals if r.checked and not r.expected and r.code not in self._expected_codes
        ]

    def check_refusals(self) -> None:
        """AssertionError listing the unexpected refusals, if any (the ``fake`` fixture calls this after
        every test: the bot sent something Discord would refuse, which it may only have logged)."""
        unexpected = self.unexpected_refusals()
        if not unexpected:
            return
        lines = [
            f"the fake Discord refused {len(unexpected)} request(s) the test did not expect: the bot sent "
            "what Discord would refuse. If the test means it, declare it: fake.expect_refusals(code) or "
            "`with fake.expecting_refusals(code):`."
        ]
        lines.extend(f"  {i}. {r}" for i, r in enumerate(unexpected, 1))
        raise AssertionError("\n".join(lines))

    # ---------------------------------------------------------------- lookups and accessors

    def user(self, who: FakeUser | str | int) -> FakeUser:
        if isinstance(who, FakeUser):
            return who
        if isinstance(who, int):
            for u in [*self.users.values(), self.bot_user]:
                if u.id == who:
                    return u
        else:
            if who in self.users:
                return self.users[who]
            for u in self.users.values():
                if who in (u.username, u.display_name):
                    return u
        raise LookupError(f"no such person: {who!r} (known: {sorted(self.users)})")

    # ---------------------------------------------------------------- guilds, roles, channels, members

    @property
    def guild_id(self) -> int:
        """The first guild's id (Westeros)."""
        return self.home.id

    @property
    def guild_name(self) -> str:
        return self.home.name

    @property
    def roles(self) -> dict[str, FakeRole]:
        """The first guild's roles by name (``fake.guild("Essos").roles`` for another's)."""
        return self.home.roles

    @property
    def owner_id(self) -> int:
        return self.home.owner_id

    def guild(self, which: FakeGuild | str | int | None = None) -> FakeGuild:
        """A guild by id or name; ``None``: the first one (Westeros)."""
        if which is None:
            return self.home
        if isinstance(which, FakeGuild):
            return which
        for g in self.guilds.values():
            if which in (g.id, g.name):
                return g
        raise LookupError(f"no such guild: {which!r} (known: {[g.name for g in self.guilds.values()]})")

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        """The guild of a guild channel; None for a DM."""
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def role(self, which: FakeRole | str | int, guild: FakeGuild | str | int | None = None) -> FakeRole:
        """A role by name in ``guild`` (default: the first guild), or by id in any guild."""
        if isinstance(which, FakeRole):
            return which
        with contextlib.suppress(LookupError):
            return self.guild(guild).get_role(which)
        if isinstance(which, int):
            for g in self.guilds.values():
                with contextlib.suppress(LookupError):
                    return g.get_role(which)
        raise LookupError(f"no such role: {which!r} in {self.guild(guild).name}")

    def get_channel(
        self, which: FakeChannel | str | int, guild: FakeGuild | str | int | None = None
    ) -> FakeChannel:
        """A channel by id, or by name: ``"general"`` (in ``guild``; without one the first guild's, then
        the others'), or ``"Essos#game"``."""
        if isinstance(which, FakeChannel):
            return which
        if isinstance(which, int):
            if which in self.channels:
                return self.channels[which]
            raise LookupError(f"no such channel: {which!r}")
        if "#" in which and guild is None:
            guild, _, which = which.partition("#")
        guilds = [self.guild(guild)] if guild is not None else list(self.guilds.values())
        for g in guilds:
            with contextlib.suppress(LookupError):
                return g.get_channel(which)
        raise LookupError(f"no such channel: {which!r}")

    def add_guild(
        self,
        name: str,
        *,
        channel_names: Sequence[str] = ("game",),
        roles: Mapping[str, int] | None = None,
        members: Mapping[str, Sequence[str]] | None = None,
        owner: FakeUser | str | None = None,
        shard: int | None = None,
    ) -> FakeGuild:
        """Another server the bot is in (a connected bot gets its GUILD_CREATE), with ids of its own.

        ``roles`` maps role names to permissions (default: ``Admin`` with Administrator and ``Maester``
        with none: the names of the first guild's roles, but other roles); ``@everyone`` and the bot's
        managed ``Bot`` role are always made (name them in ``roles`` to change their permissions).
        ``members`` maps person keys to their role names here; unknown keys are new people (members of
        no other guild). ``owner`` (a member) has every permission; by default the application's
        developer, who is not a member, owns it. With ``shard``, its id puts it on that shard of
        :attr:`shard_count` (:meth:`shard_of`)."""
        gid = self.snowflake() if shard is None else self.snowflake.on_shard(shard, self.shard_count)
        guild = FakeGuild(gid, name, self.OWNER_ID)
        wanted = dict({"Admin": Perm.ADMINISTRATOR, "Maester": 0} if roles is None else roles)
        everyone = wanted.pop("@everyone", Perm.EVERYONE)
        bot_perms = wanted.pop("Bot", BOT_ROLE_PERMISSIONS)
        guild.roles["@everyone"] = FakeRole(gid, "@everyone", everyone, 0)
        top = len(wanted) + 1
        for i, (role_name, perms) in enumerate(wanted.items()):
            guild.roles[role_name] = FakeRole(self.snowflake(), role_name, perms, top - i)
        guild.roles["Bot"] = FakeRole(self.snowflake(), "Bot", bot_perms, 1, managed=True)
        guild.members[self.bot_user.id] = [guild.roles["Bot"].id]
        for i, channel_name in enumerate(channel_names):
            ch = FakeChannel(
                self.snowflake(), 0, channel_name, gid, position=i, label=f"{name}#{channel_name}"
            )
            guild.channels[ch.id] = ch
            self.channels[ch.id] = ch
        for key, role_names in (members or {}).items():
            user = self.users.get(key) or self._new_person(key)
            guild.members[user.id] = [guild.get_role(r).id for r in role_names]
        if owner is not None:
            user = self.user(owner)
            if not guild.has_member(user):
                raise ValueError(f"the owner of {name} must be one of its members")
            guild.owner_id = user.id
        self.guilds[gid] = guild
        self._dispatch("GUILD_CREATE", self.guild_create_payload(guild), gid)
        self._bump()
        return guild

    def _new_person(self, key: str, display_name: str | None = None) -> FakeUser:
        if key in self.users:
            raise ValueError(f"there is already a person {key!r}")
        user = FakeUser(self.snowflake(), key, key, display_name or key.title())
        self.users[key] = user
        return user

    def add_person(
        self,
        key: str,
        *,
        roles: Sequence[str] = (),
        display_name: str | None = None,
        guild: FakeGuild | str | int | None = None,
    ) -> FakeUser:
        """A new person, member of ``guild`` (default: the first) with these roles there."""
        user = self._new_person(key, display_name)
        self.add_member(user, guild, roles=roles)
        return user

    def add_member(
        self, who: FakeUser | str, guild: FakeGuild | str | int | None = None, *, roles: Sequence[str] = ()
    ) -> FakeUser:
        """``who`` (a person key: a new person if unknown) joins ``guild`` with these roles there
        (GUILD_MEMBER_ADD, which Discord sends only with the GUILD_MEMBERS intent)."""
        g = self.guild(guild)
        user = who if isinstance(who, FakeUser) else (self.users.get(who) or self._new_person(who))
        if g.has_member(user):
            raise ValueError(f"{user.key} is already a member of {g.name}")
        g.members[user.id] = [g.get_role(r).id for r in roles]
        if self._wants(Intent.GUILD_MEMBERS, g.id):
            payload = {**self.member_payload(user, guild=g), "guild_id": str(g.id)}
            self._dispatch("GUILD_MEMBER_ADD", payload, g.id)
        self._bump()
        return user

    def set_roles(
        self, who: FakeUser | str | int, roles: Sequence[str], guild: FakeGuild | str | int | None = None
    ) -> None:
        """Replace a member's roles in ``guild`` (GUILD_MEMBER_UPDATE, with the GUILD_MEMBERS intent)."""
        g = self.guild(guild)
        user = self.user(who)
        if not g.has_member(user):
            raise LookupError(f"{user.key} is not a member of {g.name}")
        g.members[user.id] = [g.get_role(r).id for r in roles]
        if self._wants(Intent.GUILD_MEMBERS, g.id):
            payload = {**self.member_payload(user, guild=g), "guild_id": str(g.id)}
            self._dispatch("GUILD_MEMBER_UPDATE", payload, g.id)
        self._bump()

    def remove_member(self, who: FakeUser | str | int, guild: FakeGuild | str | int | None = None) -> None:
        """A member leaves ``guild`` (GUILD_MEMBER_REMOVE, with the GUILD_MEMBERS intent)."""
        g = self.guild(guild)
        user = self.user(who)
        if user is self.bot_user or g.members.pop(user.id, None) is None:
            raise LookupError(f"{user.key} is not a member of {g.name} (or is the bot)")
        if self._wants(Intent.GUILD_MEMBERS, g.id):
            self._dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(g.id), "user": user.payload()}, g.id)
        self._bump()

    def add_channel(self, name: str, guild: FakeGuild | str | int | None = None) -> FakeChannel:
        g = self.guild(guild)
        label = f"#{name}" if g is self.home else f"{g.name}#{name}"
        ch = FakeChannel(self.snowflake(), 0, name, g.id, position=len(g.channels), label=label)
        g.channels[ch.id] = ch
        self.channels[ch.id] = ch
        self._dispatch("CHANNEL_CREATE", ch.payload(), g.id)
        return ch

    def threads(self, parent: FakeChannel | str | int | None = None) -> list[FakeChannel]:
        """Every thread (under ``parent``), archived ones included, oldest first."""
        found = [t for g in self.guilds.values() for t in g.threads.values()]
        if parent is not None:
            found = [t for t in found if t.parent_id == self.get_channel(parent).id]
        return found

    def thread(self, name: str) -> FakeChannel:
        for t in self.threads():
            if t.name == name:
                return t
        raise LookupError(f"no thread called {name!r}; there are {[t.name for t in self.threads()]}")

    def thread_members(self, thread: FakeChannel | str | int) -> list[str]:
        """The keys of a thread's members ("bot" for the bot), in the order they joined."""
        ch = thread if isinstance(thread, FakeChannel) else self.get_channel(thread)
        return [self.user(u).key for u in ch.members]

    def dm_channel(self, who: FakeUser | str | int) -> FakeChannel:
        """The DM channel between the bot and this person (created on first use, kept for good)."""
        user = self.user(who)
        ch = self._dm_by_user.get(user.id)
        if ch is None:
            ch = FakeChannel(self.snowflake(), 1, None, None, recipient=user)
            self._dm_by_user[user.id] = ch
            self.channels[ch.id] = ch
        return ch

    def close_dms(self, who: FakeUser | str | int, closed: bool = True) -> None:
        """Make DMs from the bot to this person fail with 403 / 50007, as when DMs are closed."""
        self.user(who).dms_closed = closed

    # ---------------------------------------------------------------- permissions

    def member_permissions(self, user: FakeUser, guild: FakeGuild | str | int | None = None) -> int:
        """The member's guild-wide permissions: @everyone's and their roles' (all of them for the owner
        and administrators); 0 for someone who is not a member."""
        g = self.guild(guild)
        if not g.has_member(user):
            return 0
        if user.id == g.owner_id:
            return Perm.ALL
        ids = set(g.members[user.id])
        perms = g.everyone.permissions
        for r in g.roles.values():
            if r.id in ids:
                perms |= r.permissions
        return Perm.ALL if perms & Perm.ADMINISTRATOR else perms

    def permissions_in(self, user: FakeUser, channel: FakeChannel) -> int:
        """The member's permissions in a channel, as Discord computes them: guild permissions, then the
        channel's overwrites for @everyone, for the member's roles together, for the member; nothing
        without View Channel, and no Embed Links, Attach Files, Mention Everyone or TTS without Send
        Messages. A DM: what apps may do there. A thread: its parent's, and nothing in a private thread
        for someone neither in it nor allowed to manage threads (no Embed Links or Attach Files without
        Send Messages in Threads)."""
        if channel.is_thread:
            return self._thread_permissions(user, channel)
        guild = self.guild_of(channel)
        if guild is None:
            return DM_PERMISSIONS
        if not guild.has_member(user):
            return 0
        perms = self.member_permissions(user, guild)
        if perms & Perm.ADMINISTRATOR:  # the owner and administrators: everything, overwrites or not
            return perms
        overwrites = channel.overwrites
        everyone = overwrites.get(guild.id)
        if everyone is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        role_ids = set(guild.role_ids(user))
        allow = deny = 0
        for o in overwrites.values():
            if o.type == 0 and o.id in role_ids:
                allow |= o.allow
                deny |= o.deny
        perms = (perms & ~deny) | allow
        member = overwrites.get(user.id)
        if member is not None and member.type == 1:
            perms = (perms & ~member.deny) | member.allow
        if not perms & Perm.VIEW_CHANNEL:
            return 0
        if not perms & Perm.SEND_MESSAGES:
            perms &= ~(Perm.SEND_TTS_MESSAGES | Perm.MENTION_EVERYONE | Perm.EMBED_LINKS | Perm.ATTACH_FILES)
        return perms

    def _thread_permissions(self, user: FakeUser, thread: FakeChannel) -> int:
        perms = self.permissions_in(user, self.channels[thread.parent_id or 0])
        if thread.is_private_thread and user.id not in thread.members and not perms & Perm.MANAGE_THREADS:
            return 0
        if not perms & Perm.SEND_MESSAGES_IN_THREADS:
            perms &= ~(Perm.SEND_TTS_MESSAGES | Perm.MENTION_EVERYONE | Perm.EMBED_LINKS | Perm.ATTACH_FILES)
        return perms

    def can_see(self, who: FakeUser | str | int, channel: FakeChannel | str | int) -> bool:
        """Whether a person (or the bot) sees a channel: a guild channel or thread with View Channel (a
        private thread: as a member, or with Manage Threads), their own DM."""
        user, ch = self.user(who), self.get_channel(channel)
        if ch.is_dm:
            return ch.recipient is user
        return bool(self.permissions_in(user, ch) & Perm.VIEW_CHANNEL)

    def _overwrite_target(
        self, channel: FakeChannel, target: FakeRole | FakeUser | str | int
    ) -> tuple[int, int]:
        """(id, type) of a role (type 0) or a member (type 1) of the channel's guild: a FakeRole or
        FakeUser, a role name ("@everyone", "Bot", "Admin"), a person key or "bot", or an id."""
        guild = self.guild_of(channel)
        if guild is None:
            raise ValueError(f"{channel!r} is a DM: DMs have no permission overwrites")
        if isinstance(target, FakeRole):
            return guild.get_role(target.id).id, 0
        if isinstance(target, str | int) and not isinstance(target, bool):
            with contextlib.suppress(LookupError):
                return guild.get_role(target).id, 0
        user = self.bot_user if target in ("bot", self.bot_user.id) else self.user(target)  # type: ignore[arg-type]
        if not guild.has_member(user):
            raise LookupError(f"{user.key} is not a member of {guild.name}")
        return user.id, 1

    def set_channel_overwrite(
        self,
        channel: FakeChannel | str | int,
        target: FakeRole | FakeUser | str | int,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> FakeOverwrite:
        """Set the channel's permission overwrite for a role or a member (replacing any earlier one),
        as a server admin would; a connected bot gets CHANNEL_UPDATE. For example, to keep the bot from
        posting in #game: ``fake.set_channel_overwrite("game", "bot", deny=Perm.SEND_MESSAGES)``."""
        ch = self.get_channel(channel)
        target_id, kind = self._overwrite_target(ch, target)
        overwrite = FakeOverwrite(target_id, kind, allow, deny)
        ch.overwrites[target_id] = overwrite
        self._channel_updated(ch)
        return overwrite

    def remove_channel_overwrite(
        self, channel: FakeChannel | str | int, target: FakeRole | FakeUser | str | int
    ) -> None:
        ch = self.get_channel(channel)
        target_id, _ = self._overwrite_target(ch, target)
        ch.overwrites.pop(target_id, None)
        self._channel_updated(ch)

    def _channel_updated(self, channel: FakeChannel) -> None:
        if self._wants(Intent.GUILDS, channel.guild_id):
            self._dispatch("CHANNEL_UPDATE", channel.payload(), channel.guild_id)
        self._bump()

    def set_role_permissions(
        self, role: FakeRole | str | int, permissions: int, guild: FakeGuild | str | int | None = None
    ) -> FakeRole:
        """Change a role's permissions in ``guild`` (default: the first); GUILD_ROLE_UPDATE."""
        g = self.guild(guild)
        r = g.get_role(role.id if isinstance(role, FakeRole) else role)
        r.permissions = permissions
        if self._wants(Intent.GUILDS, g.id):
            self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(g.id), "role": r.payload()}, g.id)
        self._bump()
        return r

    def _require(self, channel: FakeChannel, needed: int, *, any_of: int = 0) -> None:
        """Refuse as Discord does when the bot lacks ``needed`` (all of them) or, with ``any_of``, all of
        those: 403 / 50001 "Missing Access" without View Channel, else 403 / 50013 "Missing Permissions".
        A permission the bot has in the fake's default world can only be missing because the test took
        it away, so such a refusal counts as set up by the test (expected)."""
        if channel.is_dm:
            return
        perms = self.permissions_in(self.bot_user, channel)
        missing = needed & ~perms
        if any_of and not perms & any_of:
            missing |= any_of
        if not missing:
            return
        set_up = not missing & ~DEFAULT_BOT_PERMISSIONS
        where = f"{channel.label} ({self.guild(channel.guild_id).name})"
        what = f"permissions: the bot lacks {permission_names(missing)} in {where}"
        detail = f"its permissions there: {permission_names(perms) if perms else 'none'}"
        if missing & Perm.VIEW_CHANNEL:
            raise HttpError(403, 50001, "Missing Access", field=what, detail=detail, set_up=set_up)
        raise HttpError(403, 50013, "Missing Permissions", field=what, detail=detail, set_up=set_up)

    # ---------------------------------------------------------------- payloads

    def member_payload(
        self,
        user: FakeUser,
        *,
        guild: FakeGuild | str | int | None = None,
        channel: FakeChannel | None = None,
        with_user: bool = True,
        permissions: bool = False,
    ) -> Json:
        """The member object of ``user`` in ``guild`` (default: the channel's, else the first guild).
        ``permissions``: with the ``permissions`` field of interactions (in ``channel`` if given)."""
        if guild is None and channel is not None:
            guild = channel.guild_id
        g = self.guild(guild)
        data: Json = {
            "nick": None,
            "avatar": None,
            "roles": [str(r) for r in g.role_ids(user)],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = user.payload()
        if permissions:
            if channel is not None and channel.guild_id == g.id:
                perms = self.permissions_in(user, channel)
            else:
                perms = self.member_permissions(user, g)
            data["permissions"] = str(perms)
        return data

    def guild_payload(self, guild: FakeGuild | str | int | None = None) -> Json:
        g = self.guild(guild)
        return {
            "id": str(g.id),
            "name": g.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(g.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in g.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "preferred_locale": g.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }

    def guild_members(self, guild: FakeGuild | str | int | None = None) -> list[FakeUser]:
        """The bot first, then the people who are members of ``guild``."""
        g = self.guild(guild)
        return [self.bot_user, *(u for u in self.users.values() if g.has_member(u))]

    def guild_create_payload(self, guild: FakeGuild | str | int | None = None) -> Json:
        g = self.guild(guild)
        members = self.guild_members(g)
        # Without the GUILD_PRESENCES intent Discord lists only the bot (and people in voice channels).
        listed = members if self._wants(Intent.GUILD_PRESENCES, g.id) else [self.bot_user]
        return {
            **self.guild_payload(g),
            "joined_at": "2024-01-01T00:00:00+00:00",
            "large": False,
            "unavailable": False,
            "member_count": len(members),
            "members": [self.member_payload(u, guild=g) for u in listed],
            "channels": [ch.payload() for ch in g.channels.values()],
            "threads": [t.payload() for t in self._active_threads(g) if self.can_see(self.bot_user, t)],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def application_payload(self) -> Json:
        return {
            "id": str(self.application_id),
            "name": "Maester",
            "description": "A Game of Thrones: The Board Game moderator (fake)",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.app_owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "interactions_endpoint_url": None,
            "bot": self.bot_user.payload(),
            "tags": [],
            "redirect_uris": [],
        }

    def mentioned_users(self, content: str) -> list[FakeUser]:
        found = []
        for m in re.finditer(r"<@!?(\d+)>", content or ""):
            with contextlib.suppress(LookupError):
                found.append(self.user(int(m.group(1))))
        return found

    def mentioned_roles(self, content: str) -> list[FakeRole]:
        ids = {int(m.group(1)) for m in re.finditer(r"<@&(\d+)>", content or "")}
        return [r for g in self.guilds.values() for r in g.roles.values() if r.id in ids]

    def bot_messages(self, *, include_deleted: bool = False) -> list[FakeMessage]:
        return [
            m
            for m in self.messages
            if m.author is self.bot_user and (include_deleted or not m.deleted) and not m.loading
        ]

    def channel_messages(
        self, channel: FakeChannel | str | int | None = None, *, include_human: bool = False
    ) -> list[FakeMessage]:
        """What everyone sees in a guild channel from the bot (not ephemeral, not deleted), oldest first."""
        ch = self.channel if channel is None else self.get_channel(channel)
        return [
            m
            for m in self.messages
            if m.channel is ch
            and not m.ephemeral
            and not m.deleted
            and not m.loading
            and (include_human or m.author is self.bot_user)
        ]

    def dms(self, who: FakeUser | str | int) -> list[FakeMessage]:
        """What the bot has posted in its DM channel with this person, oldest first: DMs and the
        non-ephemeral answers to commands used there (ephemeral ones: :meth:`ephemerals`)."""
        user = self.user(who)
        ch = self._dm_by_user.get(user.id)
        return [
            m
            for m in self.messages
            if ch is not None
            and m.channel is ch
            and m.author is self.bot_user
            and not (m.deleted or m.loading or m.ephemeral)
        ]

    def ephemerals(self, who: FakeUser | str | int | None = None) -> list[FakeMessage]:
        """Ephemeral messages the bot showed (to one person)."""
        user = None if who is None else self.user(who)
        return [m for m in self.bot_messages() if m.ephemeral and (user is None or m.visible_to is user)]

    def visible_to(self, who: FakeUser | str | int) -> list[FakeMessage]:
        """Everything from the bot this person can see: channels, their DMs and their ephemerals."""
        user = self.user(who)
        dm = self._dm_by_user.get(user.id)
        return [
            m
            for m in self.bot_messages()
            if (m.ephemeral and m.visible_to is user)
            or (
                not m.ephemeral
                and (not m.channel.is_dm or m.channel is dm)
                and (not m.channel.is_thread or self.can_see(user, m.channel))
            )
        ]

    def last_message(self, channel: FakeChannel | str | int | None = None) -> FakeMessage:
        msgs = self.channel_messages(channel)
        if not msgs:
            raise LookupError("the bot has posted nothing in that channel")
        return msgs[-1]

    def message(self, message_id: int | str) -> FakeMessage:
        mid = int(message_id)
        for m in self.messages:
            if m.id == mid:
                return m
        raise LookupError(f"no message {message_id}")

    def _guild_scope(self, guild: bool | int | str | FakeGuild | None) -> int | None:
        """``None``/``False``: global; ``True``: the first guild; else that guild (id, name or object)."""
        if guild is None or guild is False:
            return None
        if guild is True:
            return self.home.id
        return self.guild(guild).id

    def synced_commands(self, guild: bool | int | str | FakeGuild | None = None) -> list[Json]:
        """Commands as synced: ``guild=None`` global ones, ``True`` the first guild's, or that guild's."""
        return self.commands.get(self._guild_scope(guild), [])

    def find_command(
        self,
        name: str,
        *,
        guild: bool | None = None,
        dm: bool = False,
        guild_id: int | None = None,
        locale: str | None = None,
    ) -> Json | None:
        """The command a person would see: in a guild (``guild_id``, default the first) that guild's
        commands first, then global ones; in DMs only global ones. ``guild=True``: only guild commands,
        ``guild=False``: only global ones. ``name`` may be its name in ``locale`` (a person's Discord
        language), as that person sees and types it."""
        scopes: list[int | None] = []
        if guild is not False and not dm:
            scopes.append(self.home.id if guild_id is None else guild_id)
        if guild is not True:
            scopes.append(None)
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if _named(cmd, name, locale) and cmd.get("type", 1) == 1:
                    return cmd
        return None

    # ---------------------------------------------------------------- people acting

    def _where(self, user: FakeUser, channel: FakeChannel | str | int | None) -> FakeChannel:
        if channel is None:
            ch = self.channel
        elif channel == "dm":
            return self.dm_channel(user)
        else:
            ch = self.get_channel(channel)
        self._require_member(user, ch)
        return ch

    def _require_member(self, user: FakeUser, channel: FakeChannel) -> None:
        guild = self.guild_of(channel)
        if guild is not None and not guild.has_member(user):
            raise PermissionError(f"{user.key} is not a member of {guild.name}, so cannot see {channel!r}")
        if channel.is_thread and not self.can_see(user, channel):
            raise PermissionError(f"{user.key} is not in the private thread {channel!r}, so cannot see it")

    async def slash(
        self,
        user: FakeUser | str | int,
        *path: str,
        options: Mapping[str, Any] | None = None,
        channel: FakeChannel | str | int | None = None,
        check_permissions: bool = True,
    ) -> FakeInteraction:
        """``user`` runs ``/path[0] path[1] ... options`` in ``channel`` (default: the main channel,
        ``"dm"``: their DM with the bot). The command must have been synced; subcommand groups,
        subcommands and option types are resolved from what the bot synced. Returns at once with a
        handle (the bot's answer arrives later: ``await handle.wait_message()``).

        Names (of the command, its subcommands, its options and its choices) may be given as the person
        sees them in their Discord's language (``/partida crear jugadores:3`` for an ``es-ES`` user):
        Discord sends the interaction with the command's own names, as it does here."""
        return await self._command_interaction(
            InteractionType.APPLICATION_COMMAND, user, path, options or {}, channel, None, check_permissions
        )

    async def autocomplete(
        self,
        user: FakeUser | str | int,
        *path: str,
        focused: str,
        options: Mapping[str, Any] | None = None,
        channel: FakeChannel | str | int | None = None,
        timeout: float = 5.0,
    ) -> list[Json]:
        """Type into option ``focused`` (its text in ``options``) and return the choices offered."""
        inter = await self._command_interaction(
            InteractionType.AUTOCOMPLETE, user, path, options or {}, channel, focused, True
        )
        await self.wait_until(
            lambda: inter.choices is not None, timeout, f"autocomplete choices for {inter!r}"
        )
        assert inter.choices is not None
        return inter.choices

    async def _command_interaction(
        self,
        itype: int,
        who: FakeUser | str | int,
        path: Sequence[str],
        options: Mapping[str, Any],
        channel_spec: FakeChannel | str | int | None,
        focused: str | None,
        check_permissions: bool,
    ) -> FakeInteraction:
        if not path:
            raise ValueError("slash() needs at least the command name")
        user = self.user(who)
        channel = self._where(user, channel_spec)
        await self.wait_connected(shard=self.shard_of(channel.guild_id))
        cmd = self.find_command(path[0], dm=channel.is_dm, guild_id=channel.guild_id, locale=user.locale)
        if cmd is None:
            where = "in DMs" if channel.is_dm else f"in {self.guild(channel.guild_id).name}"
            known = sorted({c["name"] for cs in self.commands.values() for c in cs})
            raise LookupError(f"/{path[0]} is not synced {where}; synced commands: {known}")
        if channel.is_dm and not self._allowed_in_dm(cmd):
            raise PermissionError(f"/{path[0]} cannot be used in DMs (contexts={cmd.get('contexts')})")
        if check_permissions and not channel.is_dm and not self._may_use(user, cmd, channel):
            needed = cmd.get("default_member_permissions")
            raise PermissionError(f"{user.key} cannot see /{path[0]} (needs permissions {needed})")
        resolved: Json = {}
        opts = self._build_options(cmd, path, options, resolved, channel, focused, user)
        data: Json = {"id": cmd["id"], "name": cmd["name"], "type": 1, "options": opts}
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return self._send_interaction(itype, user, channel, data)

    def _may_use(self, user: FakeUser, cmd: Json, channel: FakeChannel) -> bool:
        """Discord hides a command from members lacking its default_member_permissions ("0": admins only)."""
        needed = cmd.get("default_member_permissions")
        perms = self.permissions_in(user, channel)
        if needed in (None, "") or perms & Perm.ADMINISTRATOR:
            return True
        return int(needed) != 0 and not int(needed) & ~perms

    @staticmethod
    def _allowed_in_dm(cmd: Json) -> bool:
        if cmd.get("guild_id"):
            return False
        contexts = cmd.get("contexts")
        if contexts is not None:
            return 1 in contexts
        return cmd.get("dm_permission") is not False

    def _build_options(
        self,
        cmd: Json,
        path: Sequence[str],
        options: Mapping[str, Any],
        resolved: Json,
        channel: FakeChannel,
        focused: str | None,
        user: FakeUser,
    ) -> list[Json]:
        defs: list[Json] = cmd.get("options") or []
        top: list[Json] = []
        out = top
        for name in path[1:]:
            sub = next((o for o in defs if _named(o, name, user.locale) and o["type"] in (1, 2)), None)
            if sub is None:
                subs = [o["name"] for o in defs if o["type"] in (1, 2)]
                raise LookupError(f"/{' '.join(path)}: no subcommand {name!r}; there are {subs}")
            node: Json = {"type": sub["type"], "name": sub["name"], "options": []}
            out.append(node)
            out = node["options"]
            defs = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            subs = [o["name"] for o in defs if o["type"] in (1, 2)]
            raise LookupError(f"/{' '.join(path)} needs one of the subcommands {subs}")
        by_name = {o["name"]: o for o in defs}
        typed = {
            (o.get("name_localizations") or {}).get(user.locale, o["name"]): o["name"]
            for o in defs
            if o["type"] not in (1, 2)
        }
        options = {typed.get(name, name): value for name, value in options.items()}
        focused = None if focused is None else typed.get(focused, focused)
        for name, value in options.items():
            d = by_name.get(name)
            if d is None:
                raise LookupError(f"/{' '.join(path)} has no option {name!r}; options: {list(by_name)}")
            if name == focused:
                out.append({"type": d["type"], "name": name, "value": str(value), "focused": True})
                continue
            out.append(
                {
                    "type": d["type"],
                    "name": name,
                    "value": self._option_value(d, value, resolved, channel, user),
                }
            )
        if focused is not None and focused not in options:
            d = by_name.get(focused)
            if d is None:
                raise LookupError(f"/{' '.join(path)} has no option {focused!r}")
            out.append({"type": d["type"], "name": focused, "value": "", "focused": True})
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in options]
        if missing and focused is None:
            raise ValueError(f"/{' '.join(path)}: required options missing: {missing}")
        return top

    def _option_value(self, d: Json, value: Any, resolved: Json, channel: FakeChannel, user: FakeUser) -> Any:
        t = d["type"]
        name = d["name"]
        choices = d.get("choices")
        if t in (OptionType.STRING, OptionType.INTEGER, OptionType.NUMBER) and choices:
            values = [c["value"] for c in choices]
            if value not in values:
                by_name = {c["name"]: c["value"] for c in choices}
                by_name |= {
                    (c.get("name_localizations") or {}).get(user.locale, c["name"]): c["value"]
                    for c in choices
                }
                if value in by_name:
                    value = by_name[value]
                else:
                    raise ValueError(f"option {name}: {value!r} is not one of the choices {values}")
        if t == OptionType.STRING:
            value = str(value)
            if not d.get("min_length", 0) <= len(value) <= d.get("max_length", 6000):
                raise ValueError(f"option {name}: length of {value!r} out of bounds")
            return value
        if t in (OptionType.INTEGER, OptionType.NUMBER):
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"option {name}: {value!r} is not a number")
            if t == OptionType.INTEGER and value != int(value):
                raise ValueError(f"option {name}: {value!r} is not an integer")
            lo, hi = d.get("min_value"), d.get("max_value")
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise ValueError(f"option {name}: {value!r} outside [{lo}, {hi}]")
            return int(value) if t == OptionType.INTEGER else value
        if t == OptionType.BOOLEAN:
            return bool(value)
        if t == OptionType.USER or (t == OptionType.MENTIONABLE and not isinstance(value, FakeRole)):
            user = self.user(value)
            self._resolve_user(user, resolved, channel)
            return str(user.id)
        if t in (OptionType.ROLE, OptionType.MENTIONABLE):
            role = self.role(value, channel.guild_id)
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if t == OptionType.CHANNEL:
            ch = self.get_channel(value, channel.guild_id)
            types = d.get("channel_types")
            if types and ch.type not in types:
                raise ValueError(f"option {name}: channel type {ch.type} not in {types}")
            payload = {**ch.payload(), "permissions": str(self.permissions_in(user, ch))}
            resolved.setdefault("channels", {})[str(ch.id)] = payload
            return str(ch.id)
        if t == OptionType.ATTACHMENT:
            if isinstance(value, FakeAttachment):
                att = value
            else:
                filename, data = value if isinstance(value, tuple) else ("upload.bin", value)
                att = self._new_attachment(channel.id, filename, data)
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload(ephemeral=True)
            return str(att.id)
        raise ValueError(f"option {name}: unsupported option type {t}")

    def _resolve_user(self, user: FakeUser, resolved: Json, channel: FakeChannel) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        guild = self.guild_of(channel)
        if guild is not None and guild.has_member(user):
            member = self.member_payload(user, channel=channel, with_user=False, permissions=True)
            resolved.setdefault("members", {})[str(user.id)] = member

    async def click(
        self,
        user: FakeUser | str | int,
        message: FakeMessage | int,
        custom_id: str | None = None,
        values: Sequence[Any] | None = None,
        *,
        label: str | None = None,
    ) -> FakeInteraction:
        """``user`` presses a button (or picks ``values`` in a select) on a message the bot sent,
        in a channel or a DM. The component is found by ``custom_id`` or by its ``label``."""
        who = self.user(user)
        msg = message if isinstance(message, FakeMessage) else self.message(message)
        if msg.deleted:
            raise LookupError(f"{msg!r} was deleted")
        if msg.ephemeral and msg.visible_to is not who:
            raise PermissionError(f"{who.key} cannot see the ephemeral {msg!r}")
        if msg.is_dm and msg.channel.recipient is not who:
            raise PermissionError(f"{who.key} cannot see a DM to {msg.channel.recipient!r}")
        self._require_member(who, msg.channel)
        comp = msg.component(custom_id, label=label)
        if comp.get("disabled"):
            raise PermissionError(f"component {comp.get('custom_id')!r} is disabled on {msg!r}")
        ctype = comp["type"]
        data: Json = {"custom_id": comp["custom_id"], "component_type": ctype}
        if ctype == 2:
            if values is not None:
                raise ValueError("a button takes no values")
        elif ctype in SELECT_TYPES:
            data["values"], resolved = self._select_values(comp, values or [], msg.channel, who)
            if resolved:
                data["resolved"] = resolved
        else:
            raise ValueError(f"cannot click a component of type {ctype}")
        await self.wait_connected(shard=self.shard_of(msg.channel.guild_id))
        return self._send_interaction(InteractionType.MESSAGE_COMPONENT, who, msg.channel, data, message=msg)

    def _select_values(
        self, comp: Json, values: Sequence[Any], channel: FakeChannel, user: FakeUser
    ) -> tuple[list[str], Json]:
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {comp['custom_id']!r} takes {lo} to {hi} values, got {len(values)}")
        resolved: Json = {}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {comp['custom_id']!r}: {bad} not among the options {allowed}")
            return [str(v) for v in values], resolved
        out = []
        for v in values:
            if ctype == 8:
                ch = self.get_channel(v, channel.guild_id)
                resolved.setdefault("channels", {})[str(ch.id)] = {
                    **ch.payload(),
                    "permissions": str(self.permissions_in(user, ch)),
                }
                out.append(str(ch.id))
            elif ctype == 6 or (ctype == 7 and isinstance(v, FakeRole)):
                role = self.role(v, channel.guild_id)
                resolved.setdefault("roles", {})[str(role.id)] = role.payload()
                out.append(str(role.id))
            else:
                u = self.user(v)
                self._resolve_user(u, resolved, channel)
                out.append(str(u.id))
        return out, resolved

    async def submit_modal(
        self,
        user: FakeUser | str | int,
        custom_id: str | None = None,
        fields: Mapping[str, Any] | None = None,
    ) -> FakeInteraction:
        """``user`` fills in and submits the last modal the bot opened for them (with this
        ``custom_id``). ``fields`` maps input custom_ids to values: text for text inputs, lists for
        selects and checkbox groups, bools for checkboxes; text inputs not given keep their
        pre-filled value. Required inputs left empty raise ValueError, as the client would refuse."""
        who = self.user(user)
        fields = dict(fields or {})
        candidates = [
            m
            for m in self.modals
            if m.user is who and (custom_id is None or m.custom_id == custom_id) and not m.submitted
        ]
        if not candidates:
            opened = [(m.user.key, m.custom_id) for m in self.modals]
            raise LookupError(f"no open modal {custom_id!r} for {who.key}; modals so far: {opened}")
        modal = candidates[-1]
        channel = modal.interaction.channel
        resolved: Json = {}

        def answer(c: Json) -> Json:
            cid = c.get("custom_id")
            ctype = c["type"]
            sub: Json = {"type": ctype, "id": c.get("id", 0), "custom_id": cid}
            given = fields.pop(cid, None) if cid else None
            if ctype == 4:
                value = str(given) if given is not None else (c.get("value") or "")
                if c.get("required", True) and not value:
                    raise ValueError(f"modal {modal.custom_id!r}: text input {cid!r} is required")
                lo, hi = c.get("min_length", 0), c.get("max_length", 4000)
                if value and not lo <= len(value) <= hi:
                    raise ValueError(f"modal {modal.custom_id!r}: {cid!r} must be {lo}..{hi} characters")
                sub["value"] = value
            elif ctype in SELECT_TYPES:
                values, res = self._select_values(c, list(given or []), channel, who)
                for k, v in res.items():
                    resolved.setdefault(k, {}).update(v)
                sub["values"] = values
            elif ctype == 22:  # checkbox group
                sub["values"] = [str(v) for v in (given or [])]
            elif ctype == 23:  # checkbox
                sub["value"] = bool(given)
            elif ctype == 21:  # radio group
                sub["value"] = given
            elif ctype == 19:  # file upload
                atts = []
                for item in given or []:
                    filename, data = item if isinstance(item, tuple) else ("upload.bin", item)
                    att = self._new_attachment(channel.id, filename, data)
                    resolved.setdefault("attachments", {})[str(att.id)] = att.payload(ephemeral=True)
                    atts.append(str(att.id))
                sub["values"] = atts
            return sub

        submitted: list[Json] = []
        for top in modal.components:
            if top.get("type") == 1:
                submitted.append(
                    {"type": 1, "id": top.get("id", 0), "components": [answer(c) for c in top["components"]]}
                )
            elif top.get("type") == 18:
                submitted.append({"type": 18, "id": top.get("id", 0), "component": answer(top["component"])})
            elif top.get("type") == 10:
                submitted.append({"type": 10, "id": top.get("id", 0)})
        if fields:
            raise LookupError(f"modal {modal.custom_id!r} has no inputs {sorted(fields)}")
        data: Json = {"custom_id": modal.custom_id, "components": submitted}
        if resolved:
            data["resolved"] = resolved
        modal.submitted = True
        await self.wait_connected(shard=self.shard_of(channel.guild_id))
        return self._send_interaction(
            InteractionType.MODAL_SUBMIT, who, channel, data, message=modal.interaction.message
        )

    async def post(
        self, user: FakeUser | str | int, content: str, channel: FakeChannel | str | int | None = None
    ) -> FakeMessage:
        """``user`` writes a plain message (MESSAGE_CREATE; content hidden without the intent)."""
        who = self.user(user)
        ch = self._where(who, channel)
        await self.wait_connected(shard=self.shard_of(ch.guild_id))
        msg = FakeMessage(self.snowflake(), ch, who, content)
        self._store_message(msg)
        return msg

    def _send_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: Json,
        *,
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        inter_id = self.snowflake()
        token = "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)
        payload: Json = {
            "id": str(inter_id),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": self.upload_limit,
            "app_permissions": str(self.permissions_in(self.bot_user, channel)),
        }
        if channel.is_dm:
            payload["channel"] = channel.payload()
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            gid = str(channel.guild_id)
            payload["channel"] = {**channel.payload(), "permissions": str(self.permissions_in(user, channel))}
            payload["guild_id"] = gid
            guild_locale = self.guild(channel.guild_id).preferred_locale
            payload["guild"] = {"id": gid, "locale": guild_locale, "features": []}
            payload["guild_locale"] = guild_locale
            payload["member"] = self.member_payload(user, channel=channel, permissions=True)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": gid}
        if message is not None:
            payload["message"] = message.payload(self)
        inter = FakeInteraction(inter_id, token, itype, user, channel, payload, self, message=message)
        inter.created_revision = self.revision
        self.interactions.append(inter)
        self._interactions_by_id[inter_id] = inter
        self._interactions_by_token[token] = inter
        self._dispatch("INTERACTION_CREATE", payload, channel.guild_id)
        self._bump()
        return inter

    # ---------------------------------------------------------------- gateway

    def _session_for(self, guild_id: int | None) -> _Session | None:
        """The session of the shard that gets ``guild_id``'s events (a DM's: shard 0's)."""
        shard = 0 if guild_id is None else (guild_id >> 22) % self.shard_count
        return self._shard_sessions.get(shard)

    def _dispatch(self, event: str, data: Json, guild_id: int | None) -> None:
        """Send an event about ``guild_id`` (None: a DM) to the shard that gets that guild's events."""
        session = self._session_for(guild_id)
        if session is None:
            log.debug("no gateway session for guild %s: %s dropped", guild_id, event)
            return
        self._send_event(session, event, data)

    def _send_event(self, session: _Session, event: str, data: Json) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.buffer.append(frame)
        if session.conn is not None:
            session.conn.enqueue(frame)

    def _wants(self, intent: int, guild_id: int | None) -> bool:
        """Whether the shard that gets ``guild_id``'s events (a DM's: shard 0) identified with ``intent``."""
        session = self._session_for(guild_id)
        return session is not None and bool(session.intents & intent)

    def _live_sessions(self, shard: int | None) -> list[_Session]:
        sessions = self._shard_sessions.values() if shard is None else [self._shard_sessions.get(shard)]
        return [s for s in sessions if s is not None and s.conn is not None]

    async def drop_gateway(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close the live gateway connection of ``shard`` (default: every shard's); discord.py then
        RESUMEs on a new one."""
        for s in self._live_sessions(shard):
            assert s.conn is not None
            await s.conn.ws.close(code=code, message=b"dropped by the test")

    def request_reconnect(self, *, shard: int | None = None) -> None:
        """Send op 7 RECONNECT to ``shard`` (default: every shard): discord.py reconnects and RESUMEs."""
        for s in self._live_sessions(shard):
            assert s.conn is not None
            s.conn.enqueue({"op": 7, "d": None, "s": None, "t": None})

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = _Connection(ws, next(self._conn_numbers))
        self._connections.add(conn)
        if request.query.get("encoding", "json") != "json":
            log.error("gateway: only encoding=json is supported, got %s", request.query.get("encoding"))
        writer = asyncio.create_task(conn.writer())
        log.debug("gateway connection %s opened (%s)", conn.number, request.query_string)
        conn.enqueue(
            {"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None}
        )
        try:
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    try:
                        frame = json.loads(msg.data)
                        await self._on_frame(conn, frame)
                    except Exception as exc:
                        self.errors.append(f"gateway: {exc!r}")
                        log.exception("gateway frame failed")
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            conn.closed = True
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 1.0)
            writer.cancel()
            self._connections.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            log.debug("gateway connection %s closed (code %s)", conn.number, ws.close_code)
            self._bump()
        return ws

    async def _on_frame(self, conn: _Connection, frame: Json) -> None:
        op = frame.get("op")
        d = frame.get("d")
        if op == 1:  # heartbeat
            conn.enqueue({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:
            await self._identify(conn, d or {})
        elif op == 6:
            await self._resume(conn, d or {})
        elif op == 8:
            self._request_members(conn, d or {})
        elif op in (3, 4):  # presence / voice state: nothing to do
            pass
        else:
            log.warning("gateway: unknown op %s", op)

    def _token_ok(self, token: str | None) -> bool:
        return self.token is None or token in (self.token, f"Bot {self.token}")

    async def _identify(self, conn: _Connection, d: Json) -> None:
        if not self._token_ok(d.get("token")):
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(d.get("intents", 0))
        if intents & Intent.PRIVILEGED & ~self.allowed_privileged_intents:
            await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        shard = d.get("shard")
        if shard is not None and not (
            isinstance(shard, list) and len(shard) == 2 and all(type(n) is int for n in shard)
        ):
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard is None and self.shard_count > 1:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        shard_id, shard_count = shard if shard is not None else (0, 1)
        if shard_count != self.shard_count or shard_id not in range(shard_count):
            # Discord would take any count it can route with; the fake routes with one, its own.
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        old = self._shard_sessions.get(shard_id)
        if old is not None and old.conn is not None and old.conn is not conn:
            log.debug(
                "gateway: new IDENTIFY of shard %s while connection %s is open", shard_id, old.conn.number
            )
        session = _Session(secrets.token_hex(16), intents, shard_id)
        self._sessions[session.id] = session
        self._shard_sessions[shard_id] = session
        conn.session = session
        session.conn = conn
        self.identify_count += 1
        self.identifies.append({k: v for k, v in d.items() if k != "token"})
        ready: Json = {
            "v": 10,
            "user": self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [
                {"id": str(g), "unavailable": True} for g in self.guilds if self.shard_of(g) == shard_id
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
        }
        if shard is not None:
            ready["shard"] = [shard_id, shard_count]
        self._send_event(session, "READY", ready)
        for guild in self.guilds.values():
            if self.shard_of(guild) == shard_id:
                self._send_event(session, "GUILD_CREATE", self.guild_create_payload(guild))
        log.debug(
            "gateway: IDENTIFY %s of shard %s on connection %s (intents %s)",
            self.identify_count,
            shard_id,
            conn.number,
            intents,
        )
        self._bump()

    async def _resume(self, conn: _Connection, d: Json) -> None:
        session = self._sessions.get(d.get("session_id", ""))
        latest = session is not None and session is self._shard_sessions.get(session.shard)
        if session is None or not latest or not self._token_ok(d.get("token")):
            conn.enqueue({"op": 9, "d": False, "s": None, "t": None})
            return
        seq = d.get("seq") or 0
        if session.buffer and session.buffer[0]["s"] > seq + 1:
            conn.enqueue({"op": 9, "d": False, "s": None, "t": None})
            return
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            with contextlib.suppress(Exception):
                await old.ws.close(code=4000)
        conn.session = session
        session.conn = conn
        for frame in list(session.buffer):
            if frame["s"] > seq:
                conn.enqueue(frame)
        self.resume_count += 1
        self._send_event(session, "RESUMED", {})
        self._bump()

    def _request_members(self, conn: _Connection, d: Json) -> None:
        raw = d.get("guild_id")
        for gid in raw if isinstance(raw, list) else [raw]:
            guild = self.guilds.get(int(gid or 0))
            if guild is None:
                log.warning("gateway: REQUEST_GUILD_MEMBERS for an unknown guild %s", gid)
                continue
            members = self.guild_members(guild)
            if d.get("user_ids"):
                user_ids = d["user_ids"] if isinstance(d["user_ids"], list) else [d["user_ids"]]
                ids = {int(x) for x in user_ids}
                members = [u for u in members if u.id in ids]
            elif d.get("query"):
                q = d["query"].lower()
                members = [u for u in members if u.username.lower().startswith(q)]
            if d.get("limit"):
                members = members[: d["limit"]]
            chunk: Json = {
                "guild_id": str(guild.id),
                "members": [self.member_payload(u, guild=guild) for u in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
            }
            if d.get("nonce") is not None:
                chunk["nonce"] = d["nonce"]
            self._dispatch("GUILD_MEMBERS_CHUNK", chunk, guild.id)

    # ---------------------------------------------------------------- messages (shared by routes)

    def _new_attachment(
        self, channel_id: int, filename: str, data: bytes, description: str | None = None
    ) -> FakeAttachment:
        content_type = mimetypes.guess_type(filename)[0]
        if data.startswith(PNG_SIGNATURE):
            content_type = "image/png"
        att = FakeAttachment(
            self.snowflake(), filename, data, channel_id, content_type, description, base_url=self.base_url
        )
        self.attachments[att.id] = att
        return att

    def _attachments(
        self,
        channel_id: int,
        declared: list[Json] | None,
        files: dict[int, tuple[str, bytes]],
        existing: Sequence[FakeAttachment] = (),
    ) -> list[FakeAttachment]:
        """The attachments after a create or an edit: kept ones (by id) and the uploaded files."""
        if declared is None:
            kept = list(existing)
            new = [self._new_attachment(channel_id, fn, data) for _, (fn, data) in sorted(files.items())]
            return kept + new
        result = []
        by_id = {str(a.id): a for a in existing}
        used: set[int] = set()
        for entry in declared:
            key = str(entry.get("id"))
            if key in by_id:
                result.append(by_id[key])
                continue
            index = int(key) if key.isdigit() else -1
            if index not in files:
                raise invalid_form("attachments", f"attachment {key} refers to no uploaded file")
            used.add(index)
            filename, data = files[index]
            result.append(
                self._new_attachment(
                    channel_id, entry.get("filename") or filename, data, entry.get("description")
                )
            )
        for index in sorted(set(files) - used):
            filename, data = files[index]
            result.append(self._new_attachment(channel_id, filename, data))
        return result

    def _message_from(
        self,
        channel: FakeChannel,
        data: Json,
        files: dict[int, tuple[str, bytes]],
        *,
        interaction: FakeInteraction | None = None,
        extra_flags: int = 0,
        mtype: int = 0,
        prefix: str = "",
    ) -> FakeMessage:
        """A new message from a create request's payload (``prefix``: where it sits in the request, as
        Discord names fields in its errors: ``data.`` in an interaction callback), validated."""
        validate_request(data, prefix)
        embeds = list(data.get("embeds") or [])
        if data.get("embed"):
            embeds.append(data["embed"])
        flags = (int(data.get("flags") or 0) & (Flag.SETTABLE | Flag.EPHEMERAL)) | extra_flags
        if interaction is None:
            flags &= ~Flag.EPHEMERAL
        msg = FakeMessage(
            self.snowflake(),
            channel,
            self.bot_user,
            content=str(data.get("content") or ""),
            embeds=embeds,
            components=list(data.get("components") or []),
            flags=flags,
            type=mtype,
            interaction=interaction,
            webhook_id=self.application_id if interaction is not None else None,
        )
        ref = data.get("message_reference")
        if ref and ref.get("message_id"):
            msg.reference_id = int(ref["message_id"])
            msg.type = 19 if mtype == 0 else mtype
        msg.attachments = self._attachments(channel.id, data.get("attachments"), files)
        validate_message(msg, prefix)
        return msg

    def _store_message(self, msg: FakeMessage) -> None:
        self.messages.append(msg)
        msg.channel.last_message_id = msg.id
        msg.revision = self._bump()
        if msg.ephemeral or msg.loading:
            return
        guild_id = msg.channel.guild_id
        if not self._wants(Intent.DIRECT_MESSAGES if msg.is_dm else Intent.GUILD_MESSAGES, guild_id):
            return
        payload = msg.payload(self)
        hidden = (
            msg.author is not self.bot_user
            and not msg.is_dm
            and not self._wants(Intent.MESSAGE_CONTENT, guild_id)
        )
        if hidden and self.bot_user not in self.mentioned_users(msg.content):
            payload.update(content="", embeds=[], attachments=[], components=[])
        self._dispatch("MESSAGE_CREATE", payload, guild_id)

    def _edit_message(
        self, msg: FakeMessage, data: Json, files: dict[int, tuple[str, bytes]], prefix: str = ""
    ) -> None:
        """Apply an edit, or raise what Discord would answer if the message would then be invalid."""
        validate_request(data, prefix)
        before = msg.snapshot()
        was_loading = msg.loading
        if "content" in data:
            msg.content = str(data["content"] or "")
        if "embeds" in data:
            msg.embeds = list(data["embeds"] or [])
        if data.get("embed"):
            msg.embeds = [data["embed"]]
        if "components" in data:
            msg.components = list(data["components"] or [])
        if data.get("flags") is not None:
            keep = msg.flags & (Flag.EPHEMERAL | Flag.IS_COMPONENTS_V2)
            msg.flags = keep | (int(data["flags"]) & Flag.SETTABLE)
        msg.attachments = self._attachments(msg.channel.id, data.get("attachments"), files, msg.attachments)
        msg.flags &= ~Flag.LOADING
        try:
            validate_message(msg, prefix)
        except HttpError:
            for key, value in before.items():
                setattr(msg, key, value)
            raise
        if not was_loading:
            msg.history.append(before)
            msg.edited_at = now_iso()
        msg.revision = self._bump()
        guild_id = msg.channel.guild_id
        intent = Intent.DIRECT_MESSAGES if msg.is_dm else Intent.GUILD_MESSAGES
        if not msg.ephemeral and self._wants(intent, guild_id):
            event = "MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE"
            self._dispatch(event, msg.payload(self), guild_id)

    def _delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        msg.revision = self._bump()
        if not msg.ephemeral:
            data: Json = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild_id is not None:
                data["guild_id"] = str(msg.channel.guild_id)
            self._dispatch("MESSAGE_DELETE", data, msg.channel.guild_id)

    # ---------------------------------------------------------------- HTTP plumbing

    def _build_routes(self) -> list[tuple[str, re.Pattern[str], Callable[..., Any]]]:
        s = r"(\d+)"
        tok = r"([^/]+)"
        me = r"(\d+|@me)"
        table: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "/users/@me", self._r_me),
            ("GET", f"/users/{s}", self._r_user),
            ("GET", "/users/@me/guilds", self._r_my_guilds),
            ("POST", "/users/@me/channels", self._r_open_dm),
            ("GET", "/oauth2/applications/@me", self._r_application),
            ("GET", "/applications/@me", self._r_application),
            ("GET", "/gateway", self._r_gateway),
            ("GET", "/gateway/bot", self._r_gateway_bot),
            ("GET", f"/applications/{s}/commands", self._r_commands_get),
            ("PUT", f"/applications/{s}/commands", self._r_commands_put),
            ("POST", f"/applications/{s}/commands", self._r_command_post),
            ("GET", f"/applications/{s}/commands/{s}", self._r_command_get),
            ("PATCH", f"/applications/{s}/commands/{s}", self._r_command_patch),
            ("DELETE", f"/applications/{s}/commands/{s}", self._r_command_delete),
            ("GET", f"/applications/{s}/guilds/{s}/commands", self._r_commands_get),
            ("PUT", f"/applications/{s}/guilds/{s}/commands", self._r_commands_put),
            ("POST", f"/applications/{s}/guilds/{s}/commands", self._r_command_post),
            ("GET", f"/applications/{s}/guilds/{s}/commands/permissions", self._r_command_permissions),
            ("GET", f"/applications/{s}/guilds/{s}/commands/{s}", self._r_command_get),
            ("PATCH", f"/applications/{s}/guilds/{s}/commands/{s}", self._r_command_patch),
            ("DELETE", f"/applications/{s}/guilds/{s}/commands/{s}", self._r_command_delete),
            ("POST", f"/interactions/{s}/{tok}/callback", self._r_callback),
            ("POST", f"/webhooks/{s}/{tok}", self._r_followup),
            ("GET", f"/webhooks/{s}/{tok}/messages/{tok}", self._r_webhook_message_get),
            ("PATCH", f"/webhooks/{s}/{tok}/messages/{tok}", self._r_webhook_message_patch),
            ("DELETE", f"/webhooks/{s}/{tok}/messages/{tok}", self._r_webhook_message_delete),
            ("GET", f"/channels/{s}", self._r_channel),
            ("GET", f"/channels/{s}/messages", self._r_history),
            ("POST", f"/channels/{s}/messages", self._r_create_message),
            ("GET", f"/channels/{s}/messages/pins", self._r_pins),
            ("PUT", f"/channels/{s}/messages/pins/{s}", self._r_pin),
            ("DELETE", f"/channels/{s}/messages/pins/{s}", self._r_unpin),
            ("PUT", f"/channels/{s}/pins/{s}", self._r_pin),
            ("DELETE", f"/channels/{s}/pins/{s}", self._r_unpin),
            ("GET", f"/channels/{s}/messages/{s}", self._r_get_message),
            ("PATCH", f"/channels/{s}/messages/{s}", self._r_edit_message),
            ("DELETE", f"/channels/{s}/messages/{s}", self._r_delete_message),
            ("PUT", f"/channels/{s}/messages/{s}/reactions/{tok}/@me", self._r_react),
            ("DELETE", f"/channels/{s}/messages/{s}/reactions/{tok}/@me", self._r_unreact),
            ("POST", f"/channels/{s}/typing", self._r_typing),
            ("PATCH", f"/channels/{s}", self._r_edit_channel),
            ("POST", f"/channels/{s}/threads", self._r_create_thread),
            ("GET", f"/channels/{s}/thread-members", self._r_thread_members),
            ("GET", f"/channels/{s}/thread-members/{me}", self._r_thread_member),
            ("PUT", f"/channels/{s}/thread-members/{me}", self._r_add_thread_member),
            ("DELETE", f"/channels/{s}/thread-members/{me}", self._r_remove_thread_member),
            ("GET", f"/guilds/{s}/threads/active", self._r_active_threads),
            ("GET", f"/guilds/{s}", self._r_guild),
            ("GET", f"/guilds/{s}/channels", self._r_guild_channels),
            ("GET", f"/guilds/{s}/roles", self._r_guild_roles),
            ("GET", f"/guilds/{s}/members", self._r_members),
            ("GET", f"/guilds/{s}/members/{s}", self._r_member),
        ]
        return [(method, re.compile(f"^{pattern}$"), handler) for method, pattern, handler in table]

    async def _http_handler(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/attachments/"):
            return self._serve_attachment(path)
        m = re.match(r"^/api(?:/v\d+)?(/.*)$", path)
        api_path = m.group(1) if m else None
        try:
            if api_path is None:
                raise HttpError(404, 0, "404: Not Found")
            for method, pattern, handler in self._routes:
                if request.method != method:
                    continue
                match = pattern.match(api_path)
                if match is None:
                    continue
                if not api_path.startswith(("/interactions/", "/webhooks/")):
                    self._check_auth(request)
                result = await handler(request, *match.groups())
                response = self._respond(result)
                break
            else:
                self.unhandled.append(f"{request.method} {api_path}")
                log.warning("fake Discord: no route for %s %s", request.method, api_path)
                raise HttpError(404, 0, "404: Not Found (route not implemented by the fake Discord)")
        except HttpError as exc:
            response = exc.response()
            self._record_refusal(request.method, api_path or path, exc)
        except Exception as exc:
            self.errors.append(f"{request.method} {path}: {exc!r}")
            log.exception("fake Discord failed on %s %s", request.method, path)
            # 400 rather than 5xx: discord.py retries 5xx for seconds
            response = HttpError(400, 0, f"fake Discord crashed: {exc!r}").response()
        self.requests.append(RequestRecord(request.method, api_path or path, response.status))
        return response

    def _check_auth(self, request: web.Request) -> None:
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or not self._token_ok(auth[4:]):
            raise HttpError(401, 0, "401: Unauthorized")

    @staticmethod
    def _respond(result: Any) -> web.Response:
        if result is None:
            return web.Response(status=204)
        if isinstance(result, web.Response):
            return result
        return json_response(result)

    def _serve_attachment(self, path: str) -> web.Response:
        parts = path.split("/")
        with contextlib.suppress(ValueError, IndexError, KeyError):
            att = self.attachments[int(parts[3])]
            return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")
        return web.Response(status=404)

    async def _read(self, request: web.Request) -> tuple[Json, dict[int, tuple[str, bytes]]]:
        """The JSON payload and the uploaded files (``files[n]`` parts of a multipart body); files
        larger in total than :attr:`upload_limit` are refused with 413 / 40005, as Discord does."""
        files: dict[int, tuple[str, bytes]] = {}
        if request.content_type.startswith("multipart/"):
            payload: Json = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = part.name or ""
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    payload = json.loads(raw.decode())
                else:
                    fm = re.fullmatch(r"files\[(\d+)\]|file(\d*)", name)
                    if fm is None:
                        log.warning("multipart: ignoring part %r", name)
                        continue
                    index = int(fm.group(1) or fm.group(2) or len(files))
                    files[index] = (part.filename or f"file{index}", bytes(raw))  # type: ignore[union-attr]
            total = sum(len(data) for _, data in files.values())
            if total > self.upload_limit:
                sizes = ", ".join(f"{name} {len(data)} bytes" for name, data in files.values())
                raise HttpError(
                    413,
                    40005,
                    "Request entity too large",
                    field=f"files: {total} bytes in all, over the upload limit of {self.upload_limit}",
                    detail=sizes,
                )
            return payload, files
        body = await request.read()
        return (json.loads(body) if body else {}), files

    # ---------------------------------------------------------------- routes: users, application, gateway

    async def _r_me(self, request: web.Request) -> Json:
        return self.bot_user.payload() | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "locale": "en-US",
        }

    async def _r_user(self, request: web.Request, user_id: str) -> Json:
        try:
            return self.user(int(user_id)).payload()
        except LookupError:
            raise HttpError(404, 10013, "Unknown User") from None

    async def _r_my_guilds(self, request: web.Request) -> list[Json]:
        return [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "owner": False,
                "permissions": str(self.member_permissions(self.bot_user, g)),
                "features": [],
            }
            for g in self.guilds.values()
        ]

    async def _r_open_dm(self, request: web.Request) -> Json:
        payload, _ = await self._read(request)
        try:
            user = self.user(int(payload["recipient_id"]))
        except (LookupError, KeyError, ValueError):
            raise HttpError(400, 50033, "Invalid Recipient(s)") from None
        return self.dm_channel(user).payload()

    async def _r_application(self, request: web.Request) -> Json:
        return self.application_payload()

    async def _r_gateway(self, request: web.Request) -> Json:
        return {"url": self.gateway_url}

    async def _r_gateway_bot(self, request: web.Request) -> Json:
        return {
            "url": self.gateway_url,
            "shards": self.shard_count,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        }

    # ---------------------------------------------------------------- routes: application commands

    def _scope(self, app_id: str, guild_id: str | None) -> int | None:
        if int(app_id) != self.application_id:
            raise HttpError(403, 50001, "Missing Access")
        if guild_id is None:
            return None
        if int(guild_id) not in self.guilds:
            raise HttpError(403, 50001, "Missing Access")
        return int(guild_id)

    def _stored_command(self, cmd: Json, scope: int | None, previous: Json | None) -> Json:
        validate_command(cmd)
        stored = json.loads(json.dumps(cmd))
        stored["id"] = previous["id"] if previous else str(self.snowflake())
        stored["application_id"] = str(self.application_id)
        stored["version"] = str(self.snowflake())
        stored.setdefault("type", 1)
        stored.setdefault("options", [])
        stored.setdefault("description", "")
        perms = stored.get("default_member_permissions")
        stored["default_member_permissions"] = None if perms is None else str(perms)
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _r_commands_get(
        self, request: web.Request, app_id: str, guild_id: str | None = None
    ) -> list[Json]:
        return self.commands.get(self._scope(app_id, guild_id), [])

    async def _r_commands_put(
        self, request: web.Request, app_id: str, guild_id: str | None = None
    ) -> list[Json]:
        scope = self._scope(app_id, guild_id)
        payload, _ = await self._read(request)
        if not isinstance(payload, list):
            raise invalid_form("", "Expected a list of commands")
        if len(payload) > 100:
            raise invalid_form("", "Must be 100 or fewer in length.")
        old = {(c["name"], c.get("type", 1)): c for c in self.commands.get(scope, [])}
        keys = [(c.get("name"), c.get("type", 1)) for c in payload]
        if len(set(keys)) != len(keys):
            raise invalid_form("", "Application command names must be unique")
        for kind in {key[1] for key in keys}:
            same = [c for c in payload if c.get("type", 1) == kind]
            _unique_in_every_locale("", same, "Application command names must be unique")
        stored = [self._stored_command(c, scope, old.get((c.get("name"), c.get("type", 1)))) for c in payload]
        self.commands[scope] = stored
        self._bump()
        return stored

    async def _r_command_post(self, request: web.Request, app_id: str, guild_id: str | None = None) -> Json:
        scope = self._scope(app_id, guild_id)
        payload, _ = await self._read(request)
        cmds = self.commands.setdefault(scope, [])
        old = next(
            (c for c in cmds if c["name"] == payload.get("name") and c["type"] == payload.get("type", 1)),
            None,
        )
        stored = self._stored_command(payload, scope, old)
        if old is not None:
            cmds[cmds.index(old)] = stored
        else:
            cmds.append(stored)
        self._bump()
        return stored

    def _command_by_id(self, scope: int | None, command_id: str) -> Json:
        for c in self.commands.get(scope, []):
            if c["id"] == command_id:
                return c
        raise HttpError(404, 10063, "Unknown application command")

    async def _r_command_get(self, request: web.Request, *args: str) -> Json:
        if len(args) == 3:
            return self._command_by_id(self._scope(args[0], args[1]), args[2])
        return self._command_by_id(self._scope(args[0], None), args[1])

    async def _r_command_patch(self, request: web.Request, *args: str) -> Json:
        scope = self._scope(args[0], args[1] if len(args) == 3 else None)
        old = self._command_by_id(scope, args[-1])
        payload, _ = await self._read(request)
        stored = self._stored_command({**old, **payload}, scope, old)
        cmds = self.commands[scope]
        cmds[cmds.index(old)] = stored
        self._bump()
        return stored

    async def _r_command_delete(self, request: web.Request, *args: str) -> None:
        scope = self._scope(args[0], args[1] if len(args) == 3 else None)
        self.commands[scope].remove(self._command_by_id(scope, args[-1]))
        self._bump()

    async def _r_command_permissions(self, request: web.Request, app_id: str, guild_id: str) -> list[Json]:
        self._scope(app_id, guild_id)
        return []

    # ---------------------------------------------------------------- routes: interactions and webhooks

    def _callback_result(self, inter: FakeInteraction, ctype: int, request: web.Request) -> Json | None:
        if request.query.get("with_response", "").lower() not in ("1", "true"):
            return None
        msg = inter.original if ctype in (4, 5, 7) else None
        info: Json = {
            "id": str(inter.id),
            "type": inter.type,
            "response_message_loading": ctype == 5,
            "response_message_ephemeral": bool(msg and msg.ephemeral),
        }
        if msg is not None:
            info["response_message_id"] = str(msg.id)
        resource: Json = {"type": ctype}
        if msg is not None:
            resource["message"] = msg.payload(self)
        return {"interaction": info, "resource": resource}

    async def _r_callback(self, request: web.Request, interaction_id: str, token: str) -> Json | None:
        inter = self._interactions_by_id.get(int(interaction_id))
        if inter is None or inter.token != token:
            raise HttpError(404, 10062, "Unknown interaction")
        payload, files = await self._read(request)
        elapsed = time.monotonic() - inter.created
        if inter.responded:
            raise HttpError(400, 40060, "Interaction has already been acknowledged.")
        if self.interaction_deadline is not None and elapsed > self.interaction_deadline:
            inter.late_callback = elapsed
            self._bump()
            raise HttpError(404, 10062, "Unknown interaction")
        ctype = payload.get("type")
        data = payload.get("data") or {}
        component_like = inter.type in (InteractionType.MESSAGE_COMPONENT, InteractionType.MODAL_SUBMIT)
        if ctype == Callback.CHANNEL_MESSAGE:
            mtype = 20 if inter.type == InteractionType.APPLICATION_COMMAND else 0
            msg = self._message_from(
                inter.channel, data, files, interaction=inter, mtype=mtype, prefix="data."
            )
            inter.original = msg
            self._store_message(msg)
        elif ctype == Callback.DEFERRED_CHANNEL_MESSAGE:
            mtype = 20 if inter.type == InteractionType.APPLICATION_COMMAND else 0
            flags = Flag.LOADING | (int(data.get("flags") or 0) & Flag.EPHEMERAL)
            msg = FakeMessage(
                self.snowflake(),
                inter.channel,
                self.bot_user,
                flags=flags,
                type=mtype,
                interaction=inter,
                webhook_id=self.application_id,
            )
            inter.original = msg
            self._store_message(msg)
        elif ctype in (Callback.DEFERRED_UPDATE_MESSAGE, Callback.UPDATE_MESSAGE):
            if not component_like or inter.message is None:
                raise HttpError(400, 40043, "Interaction callback type is not valid for this interaction")
            if ctype == Callback.UPDATE_MESSAGE:
                self._edit_message(inter.message, data, files, prefix="data.")
            inter.original = inter.message
        elif ctype == Callback.AUTOCOMPLETE_RESULT:
            if inter.type != InteractionType.AUTOCOMPLETE:
                raise HttpError(400, 40043, "Interaction callback type is not valid for this interaction")
            focused = focused_option(inter.payload.get("data", {}).get("options") or [])
            validate_choices(data.get("choices"), focused.get("type") if focused else None)
            inter.choices = list(data.get("choices") or [])
        elif ctype == Callback.MODAL:
            if inter.type in (InteractionType.MODAL_SUBMIT, InteractionType.AUTOCOMPLETE):
                raise HttpError(400, 40043, "Interaction callback type is not valid for this interaction")
            validate_modal(data)
            modal = FakeModal(data["custom_id"], data["title"], data["components"], inter)
            inter.modal = modal
            self.modals.append(modal)
        else:
            raise invalid_form("type", f"Value must be one of {{1, 4, 5, 6, 7, 8, 9, 10, 12}}, not {ctype}.")
        inter.callbacks.append((ctype, data))
        self._bump()
        return self._callback_result(inter, ctype, request)

    def _webhook_interaction(self, app_id: str, token: str) -> FakeInteraction:
        inter = self._interactions_by_token.get(token)
        if inter is None or int(app_id) != self.application_id:
            raise HttpError(404, 10015, "Unknown Webhook")
        if not inter.responded:
            raise HttpError(404, 10015, "Unknown Webhook")
        return inter

    def _webhook_target(self, inter: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if inter.original is None or inter.original.deleted:
                raise HttpError(404, 10008, "Unknown Message")
            return inter.original
        for m in [inter.original, *inter.followups]:
            if m is not None and str(m.id) == message_id and not m.deleted:
                return m
        raise HttpError(404, 10008, "Unknown Message")

    async def _r_followup(self, request: web.Request, app_id: str, token: str) -> Json | None:
        inter = self._webhook_interaction(app_id, token)
        payload, files = await self._read(request)
        original = inter.original
        if original is not None and original.loading and original.interaction is inter:
            # Discord: the first follow-up after a defer replaces the "thinking" message (whose
            # ephemerality wins over the follow-up's flags).
            data = {k: v for k, v in payload.items() if k != "flags"}
            self._edit_message(original, data, files)
            msg = original
        else:
            msg = self._message_from(inter.channel, payload, files, interaction=inter)
            self._store_message(msg)
        inter.followups.append(msg)
        self._bump()
        if request.query.get("wait", "").lower() in ("1", "true"):
            return msg.payload(self)
        return None

    async def _r_webhook_message_get(self, request: web.Request, app_id: str, token: str, mid: str) -> Json:
        inter = self._webhook_interaction(app_id, token)
        return self._webhook_target(inter, mid).payload(self)

    async def _r_webhook_message_patch(self, request: web.Request, app_id: str, token: str, mid: str) -> Json:
        inter = self._webhook_interaction(app_id, token)
        msg = self._webhook_target(inter, mid)
        payload, files = await self._read(request)
        self._edit_message(msg, payload, files)
        return msg.payload(self)

    async def _r_webhook_message_delete(
        self, request: web.Request, app_id: str, token: str, mid: str
    ) -> None:
        inter = self._webhook_interaction(app_id, token)
        self._delete_message(self._webhook_target(inter, mid))

    # ---------------------------------------------------------------- routes: channels and messages

    def _channel(self, channel_id: str, needed: int = 0, *, any_of: int = 0) -> FakeChannel:
        """The channel of a channel route, which the bot must be able to see (and have ``needed``, and
        one of ``any_of``, there); DMs are always open to it."""
        ch = self.channels.get(int(channel_id))
        if ch is None:
            raise HttpError(404, 10003, "Unknown Channel")
        self._require(ch, Perm.VIEW_CHANNEL | needed, any_of=any_of)
        return ch

    def _channel_message(self, ch: FakeChannel, message_id: str) -> FakeMessage:
        for m in self.messages:
            if m.id == int(message_id) and m.channel is ch and not m.deleted and not m.ephemeral:
                return m
        raise HttpError(404, 10008, "Unknown Message")

    async def _r_channel(self, request: web.Request, channel_id: str) -> Json:
        return self._channel(channel_id).payload()

    async def _r_history(self, request: web.Request, channel_id: str) -> list[Json]:
        ch = self._channel(channel_id)
        if not ch.is_dm and not self.permissions_in(self.bot_user, ch) & Perm.READ_MESSAGE_HISTORY:
            return []  # Discord: no error, no messages
        msgs = [
            m
            for m in self.messages
            if m.channel is ch and not m.deleted and not m.ephemeral and not m.loading
        ]
        q = request.query
        limit = min(int(q.get("limit", 50)), 100)
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])][:limit]
        if "around" in q:
            msgs = sorted(msgs, key=lambda m: abs(m.id - int(q["around"])))[:limit]
            msgs.sort(key=lambda m: m.id)
        return [m.payload(self) for m in reversed(msgs[-limit:])]

    async def _r_create_message(self, request: web.Request, channel_id: str) -> Json:
        ch = self._channel(channel_id)
        payload, files = await self._read(request)
        if ch.is_dm and ch.recipient is not None and ch.recipient.dms_closed:
            self.failed_dms.append((ch.recipient, payload))
            self._bump()
            raise HttpError(403, 50007, "Cannot send messages to this user")
        self._require(ch, Perm.SEND_MESSAGES_IN_THREADS if ch.is_thread else Perm.SEND_MESSAGES)
        if files:
            self._require(ch, Perm.ATTACH_FILES)
        if ch.is_thread and ch.archived:  # a post unarchives a thread, unless it is locked
            if ch.locked and not self.permissions_in(self.bot_user, ch) & Perm.MANAGE_THREADS:
                raise HttpError(400, 50083, "Thread is archived", field=f"{ch.label} is archived and locked")
            self._set_archived(ch, False)
        if payload.get("message_reference"):
            self._require(ch, Perm.READ_MESSAGE_HISTORY)
        nonce = payload.get("nonce")
        if nonce is not None and payload.get("enforce_nonce"):
            # As Discord: the same author's message with this nonce, created lately, is returned again and
            # no new message is made (a sender that lost the answer may send again safely).
            for earlier in self.messages:
                if earlier.channel is ch and earlier.author is self.bot_user and earlier.nonce == str(nonce):
                    self.nonce_repeats += 1
                    return earlier.payload(self)
        msg = self._message_from(ch, payload, files)
        msg.nonce = None if nonce is None else str(nonce)
        self._store_message(msg)
        return msg.payload(self)

    async def _r_get_message(self, request: web.Request, channel_id: str, message_id: str) -> Json:
        ch = self._channel(channel_id, Perm.READ_MESSAGE_HISTORY)
        return self._channel_message(ch, message_id).payload(self)

    async def _r_edit_message(self, request: web.Request, channel_id: str, message_id: str) -> Json:
        msg = self._channel_message(self._channel(channel_id), message_id)
        if msg.author is not self.bot_user:
            raise HttpError(403, 50005, "Cannot edit a message authored by another user")
        payload, files = await self._read(request)
        self._edit_message(msg, payload, files)
        return msg.payload(self)

    async def _r_delete_message(self, request: web.Request, channel_id: str, message_id: str) -> None:
        ch = self._channel(channel_id)
        msg = self._channel_message(ch, message_id)
        if msg.author is not self.bot_user:
            self._require(ch, Perm.MANAGE_MESSAGES)  # someone else's message
        self._delete_message(msg)

    async def _r_pins(self, request: web.Request, channel_id: str) -> Json:
        ch = self._channel(channel_id, Perm.READ_MESSAGE_HISTORY)
        pinned = [m for m in self.messages if m.channel is ch and m.pinned and not m.deleted]
        items = [{"pinned_at": m.created_at, "message": m.payload(self)} for m in reversed(pinned)]
        return {"items": items, "has_more": False}

    async def _r_pin(self, request: web.Request, channel_id: str, message_id: str) -> None:
        ch = self._channel(channel_id, any_of=Perm.MANAGE_MESSAGES | Perm.PIN_MESSAGES)
        self._channel_message(ch, message_id).pinned = True
        self._bump()

    async def _r_unpin(self, request: web.Request, channel_id: str, message_id: str) -> None:
        ch = self._channel(channel_id, any_of=Perm.MANAGE_MESSAGES | Perm.PIN_MESSAGES)
        self._channel_message(ch, message_id).pinned = False
        self._bump()

    async def _r_react(self, request: web.Request, channel_id: str, message_id: str, emoji: str) -> None:
        from urllib.parse import unquote

        ch = self._channel(channel_id, Perm.READ_MESSAGE_HISTORY | Perm.ADD_REACTIONS)
        msg = self._channel_message(ch, message_id)
        if unquote(emoji) not in msg.reactions:
            msg.reactions.append(unquote(emoji))
        self._bump()

    async def _r_unreact(self, request: web.Request, channel_id: str, message_id: str, emoji: str) -> None:
        from urllib.parse import unquote

        msg = self._channel_message(self._channel(channel_id), message_id)
        with contextlib.suppress(ValueError):
            msg.reactions.remove(unquote(emoji))
        self._bump()

    async def _r_typing(self, request: web.Request, channel_id: str) -> None:
        self._channel(channel_id, Perm.SEND_MESSAGES)

    # ---------------------------------------------------------------- routes: threads

    def _thread(self, channel_id: str, needed: int = 0) -> FakeChannel:
        """The thread of a thread route (one the bot sees, with ``needed`` there); any other channel: 400 /
        50024."""
        ch = self._channel(channel_id, needed)
        if not ch.is_thread:
            raise HttpError(400, 50024, "Cannot execute action on this channel type", field=f"{ch!r}")
        return ch

    def _not_archived(self, thread: FakeChannel) -> None:
        if thread.archived:
            raise HttpError(400, 50083, "Thread is archived", field=f"{thread.label} is archived")

    def _thread_user(self, thread: FakeChannel, user_id: str) -> FakeUser:
        try:
            user = self.bot_user if user_id == "@me" else self.user(int(user_id))
        except LookupError:
            raise HttpError(404, 10013, "Unknown User") from None
        if not self.guilds[thread.guild_id or 0].has_member(user):
            raise HttpError(404, 10007, "Unknown Member")
        return user

    async def _r_create_thread(self, request: web.Request, channel_id: str) -> Json:
        """A thread without a starting message: private unless ``type`` says 11 (public)."""
        parent = self._channel(channel_id)
        payload, _ = await self._read(request)
        if parent.is_dm or parent.is_thread:
            raise HttpError(400, 50024, "Cannot execute action on this channel type", field=f"{parent!r}")
        kind = payload.get("type", PRIVATE_THREAD)
        if kind not in (11, PRIVATE_THREAD):
            raise invalid_form("type", "Value must be one of (11, 12).", detail=excerpt(kind))
        _check_len("name", payload.get("name"), 100, 1)
        duration = payload.get("auto_archive_duration", 4320)
        if duration not in ARCHIVE_DURATIONS:
            raise invalid_form(
                "auto_archive_duration",
                f"Value must be one of {ARCHIVE_DURATIONS}.",
                detail=excerpt(duration),
            )
        self._require(
            parent, Perm.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else Perm.CREATE_PUBLIC_THREADS
        )
        guild = self.guilds[parent.guild_id or 0]
        if len(self._active_threads(guild)) >= self.max_active_threads:
            raise HttpError(
                400,
                160006,
                "Maximum number of active threads reached",
                field=f"{guild.name} has {self.max_active_threads} active threads",
            )
        thread = FakeChannel(
            self.snowflake(),
            kind,
            str(payload["name"]),
            guild.id,
            label=f"{parent.label}/{payload['name']}",
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            invitable=bool(payload.get("invitable", True)),
            auto_archive_duration=duration,
        )
        thread.members[self.bot_user.id] = now_iso()
        guild.threads[thread.id] = thread
        self.channels[thread.id] = thread
        if self._wants(Intent.GUILDS, guild.id):
            event = {
                **thread.payload(),
                "newly_created": True,
                "member": thread.member_payload(self.bot_user.id),
            }
            self._dispatch("THREAD_CREATE", event, guild.id)
        self._bump()
        return thread.payload()

    async def _r_add_thread_member(self, request: web.Request, channel_id: str, user_id: str) -> None:
        thread = self._thread(channel_id, Perm.SEND_MESSAGES_IN_THREADS)
        self._not_archived(thread)
        user = self._thread_user(thread, user_id)
        if user.id in thread.members:
            return  # already a member: nothing changes, as on Discord
        thread.members[user.id] = now_iso()
        self._members_updated(thread, added=[user.id])

    async def _r_remove_thread_member(self, request: web.Request, channel_id: str, user_id: str) -> None:
        """Someone else: Manage Threads, or the creator of a private thread; the bot itself may leave."""
        thread = self._thread(channel_id)
        user = self._thread_user(thread, user_id)
        if user is not self.bot_user and not (
            thread.is_private_thread and thread.owner_id == self.bot_user.id
        ):
            self._require(thread, Perm.MANAGE_THREADS)
        self._not_archived(thread)
        if user.id not in thread.members:
            raise HttpError(404, 10007, "Unknown Member")
        del thread.members[user.id]
        self._members_updated(thread, removed=[user.id])

    def _members_updated(
        self, thread: FakeChannel, added: Sequence[int] = (), removed: Sequence[int] = ()
    ) -> None:
        """THREAD_MEMBERS_UPDATE: sent about others only with the GUILD_MEMBERS intent, as Discord does."""
        mine = self.bot_user.id in (*added, *removed)
        guild_id = thread.guild_id
        if self._wants(Intent.GUILDS, guild_id) and (mine or self._wants(Intent.GUILD_MEMBERS, guild_id)):
            self._dispatch(
                "THREAD_MEMBERS_UPDATE",
                {
                    "id": str(thread.id),
                    "guild_id": str(thread.guild_id),
                    "member_count": min(len(thread.members), 50),
                    "added_members": [thread.member_payload(u) for u in added],
                    "removed_member_ids": [str(u) for u in removed],
                },
                guild_id,
            )
        self._bump()

    async def _r_thread_members(self, request: web.Request, channel_id: str) -> list[Json]:
        """Restricted to apps whose Server Members intent is enabled (in the developer portal)."""
        thread = self._thread(channel_id)
        if not self.allowed_privileged_intents & Intent.GUILD_MEMBERS:
            raise HttpError(403, 50001, "Missing Access", field="the Server Members intent is not enabled")
        return [thread.member_payload(u) for u in thread.members]

    async def _r_thread_member(self, request: web.Request, channel_id: str, user_id: str) -> Json:
        thread = self._thread(channel_id)
        user = self._thread_user(thread, user_id)
        if user.id not in thread.members:
            raise HttpError(404, 10007, "Unknown Member")
        return thread.member_payload(user.id)

    async def _r_edit_channel(self, request: web.Request, channel_id: str) -> Json:
        """A thread's name, archived and locked states, auto-archive duration and invitability. Manage
        Threads, except to unarchive a thread that is not locked and stays unlocked (Send Messages); only
        unarchiving is allowed on an archived thread. A text channel's name, with Manage Channels."""
        ch = self._channel(channel_id)
        payload, _ = await self._read(request)
        if "name" in payload:
            _check_len("name", payload["name"], 100, 1)
        if not ch.is_thread:
            self._require(ch, Perm.MANAGE_CHANNELS)
            ch.name = payload.get("name", ch.name)
            self._channel_updated(ch)
            return ch.payload()
        if ch.archived and payload.get("archived") is not False:
            self._not_archived(ch)
        locked = payload.get("locked", ch.locked)
        only_unarchive = set(payload) <= {"archived", "locked"} and payload.get("archived") is False
        if only_unarchive and not locked and not ch.locked:
            self._require(ch, Perm.SEND_MESSAGES)
        else:
            self._require(ch, Perm.MANAGE_THREADS)
        duration = payload.get("auto_archive_duration", ch.auto_archive_duration)
        if duration not in ARCHIVE_DURATIONS:
            raise invalid_form(
                "auto_archive_duration",
                f"Value must be one of {ARCHIVE_DURATIONS}.",
                detail=excerpt(duration),
            )
        if "invitable" in payload and not ch.is_private_thread:
            raise invalid_form("invitable", "Only private threads can be made invitable or not")
        ch.name = str(payload.get("name", ch.name))
        ch.locked, ch.auto_archive_duration = bool(locked), duration
        ch.invitable = bool(payload.get("invitable", ch.invitable))
        self._set_archived(ch, bool(payload.get("archived", ch.archived)))
        return ch.payload()

    def _set_archived(self, thread: FakeChannel, archived: bool) -> None:
        if archived != thread.archived:
            thread.archived, thread.archive_timestamp = archived, now_iso()
        if self._wants(Intent.GUILDS, thread.guild_id):
            self._dispatch("THREAD_UPDATE", thread.payload(), thread.guild_id)
        self._bump()

    async def _r_active_threads(self, request: web.Request, guild_id: str) -> Json:
        guild = self._guild(guild_id)
        seen = [t for t in self._active_threads(guild) if self.can_see(self.bot_user, t)]
        return {
            "threads": [t.payload() for t in seen],
            "members": [t.member_payload(self.bot_user.id) for t in seen if self.bot_user.id in t.members],
        }

    def _active_threads(self, guild: FakeGuild) -> list[FakeChannel]:
        return [t for t in guild.threads.values() if not t.archived]

    # ---------------------------------------------------------------- routes: guild

    def _guild(self, guild_id: str) -> FakeGuild:
        guild = self.guilds.get(int(guild_id))
        if guild is None:
            raise HttpError(404, 10004, "Unknown Guild")
        return guild

    async def _r_guild(self, request: web.Request, guild_id: str) -> Json:
        guild = self._guild(guild_id)
        data = self.guild_payload(guild)
        if request.query.get("with_counts", "").lower() in ("1", "true"):
            data["approximate_member_count"] = len(self.guild_members(guild))
            data["approximate_presence_count"] = 0
        return data

    async def _r_guild_channels(self, request: web.Request, guild_id: str) -> list[Json]:
        return [ch.payload() for ch in self._guild(guild_id).channels.values()]

    async def _r_guild_roles(self, request: web.Request, guild_id: str) -> list[Json]:
        return [r.payload() for r in self._guild(guild_id).roles.values()]

    async def _r_members(self, request: web.Request, guild_id: str) -> list[Json]:
        guild = self._guild(guild_id)
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 1))
        members = sorted((u for u in self.guild_members(guild) if u.id > after), key=lambda u: u.id)
        return [self.member_payload(u, guild=guild) for u in members[:limit]]

    async def _r_member(self, request: web.Request, guild_id: str, user_id: str) -> Json:
        guild = self._guild(guild_id)
        for u in self.guild_members(guild):
            if u.id == int(user_id):
                return self.member_payload(u, guild=guild)
        raise HttpError(404, 10007, "Unknown Member")
