"""The two background loops: the outbox poster (what the table says to post, posted) and the deadline
ticker (reminders and passed deadlines, on time).

An outbox item is marked sent only after Discord accepted it, with the item's id as the message nonce, so
a retry after a crash does not post twice. Items of one game are posted in order: when one fails for a
passing reason (Discord down, a timeout), that game's later items wait for the next pass. Games are
posted side by side (each game its own lane), so a slow or rate-limited channel holds up only its own
game. An item owed for a missing permission holds up only what the game says to the same place (its
channel, or one player's DMs): a channel that refuses posts does not keep the players' prompts from their
DMs.

When Discord refuses an item for a reason people can fix (the bot may not see the channel, may not send
messages or attach files there, or the person's DMs are closed and the channel refuses too), the item is
not dropped: it stays owed, the game's moderators (its creator by DM, and the channel where the bot can
still write) are told once what is missing and how to grant it, and it is delivered as soon as the cause
is fixed (tried again with a growing pause, and at once when the server's channels or roles change).

Whatever goes to a person is for the house they play *now*: a prompt or reminder queued before a
moderator gave the seat to someone else is not delivered, and a house's private news goes to its current
player.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from cogs import embeds, prompts, vote
from cogs.common import PERMISSION_NAMES, mentions, missing_permissions, permission_list
from cogs.ids import fingerprint
from cogs.layout import clip
from cogs.screens import GameScreens, screens_for, screens_of
from i18n import SOURCE_LANGUAGE, Localized, said, say, translator
from table import prompting
from table.kinds import DEFAULT_GAME
from table.outbox import decision_json
from table.store import OutboxItem

if TYPE_CHECKING:
    from bot import MaesterBot

log = logging.getLogger("maester.poster")

DM_CLOSED = 50007  # Discord: "Cannot send messages to this user"
PRIVATE_KEPT = 500  # private texts kept for people whose DMs are closed (shown by a button)


def render_png(view: dict[str, Any], language: str = "en") -> bytes:
    """The board image of a (spectator's) view, in ``language`` (the game's). Slow: call it in a thread.
    The renderer is looked up at each call, so a test may stand one in for it in ``sys.modules``."""
    import renderer

    return renderer.render(view, language=language)


def render_closeup(view: dict[str, Any], focus: str, language: str = "en") -> bytes | None:
    """A close-up image of ``focus`` (an area), if the game's renderer draws close-ups. Slow: in a thread."""
    import renderer

    closeup = getattr(renderer, "closeup", None)
    return None if closeup is None else closeup(view, focus, language=language)


def render_chart(report: dict[str, Any]) -> bytes:
    """The chart of an end-of-game report, drawn by its game's renderer in the report's language. Slow:
    call it in a thread."""
    import renderer

    return renderer.chart(report, language=report.get("language", "en"))


async def chart_file(report: dict[str, Any]) -> discord.File | None:
    try:
        png = await asyncio.to_thread(render_chart, report)
    except Exception:
        log.exception("drawing a report's chart failed; posting it without one")
        return None
    return discord.File(io.BytesIO(png), filename="chart.png")


async def closeup_file(view: dict[str, Any], focus: str, language: str = "en") -> discord.File | None:
    try:
        png = await asyncio.to_thread(render_closeup, view, focus, language)
    except Exception:
        log.exception("drawing a close-up failed; posting without it")
        return None
    return None if png is None else discord.File(io.BytesIO(png), filename="closeup.png")


async def report_message(screens: GameScreens, report: dict[str, Any]) -> dict[str, Any] | None:
    """A report's embed and, for the end-of-game report, its chart (else the close-up of where it
    happened, when it names one), as keyword arguments for ``send``; None if the game draws no such
    report."""
    embed = screens.report_embed(report)
    if embed is None:
        return None
    message: dict[str, Any] = {"embed": embed}
    focus, view = report.get("focus"), report.get("view")
    if report.get("report") == "end":
        file = await chart_file(report)
    elif focus and view:
        file = await closeup_file(view, str(focus), report.get("language", "en"))
    else:
        file = None
    if file is not None:
        embed.set_image(url=f"attachment://{file.filename}")
        message["file"] = file
    return message


def _superseded(item: OutboxItem, later: list[OutboxItem]) -> bool:
    key = item.payload.get("key")
    return any(
        o.kind == "phase-log" and o.game_id == item.game_id and o.payload.get("key") == key for o in later
    )


async def board_file(view: dict[str, Any], language: str = "en") -> discord.File | None:
    """The board image of ``view`` in ``language`` (the game's) as an attachment; None if drawing failed."""
    try:
        png = await asyncio.to_thread(render_png, view, language)
    except Exception:
        log.exception("rendering a board failed; posting it without an image")
        return None
    return discord.File(io.BytesIO(png), filename=embeds.BOARD_FILE)


class Retry(Exception):
    """A post failed for a passing reason: try again later."""


class Owed(Exception):
    """Discord refused a post for a reason people must fix: ``said`` says what, in words for them, in
    whichever language they read; ``problem`` is it in English (the table keeps it, to tell each problem
    once). ``text_ok`` says whether plain text can still be posted in the game's channel."""

    def __init__(self, problem: str | Localized, text_ok: bool = False) -> None:
        self.problem = say(problem, SOURCE_LANGUAGE)
        super().__init__(self.problem)
        self.said = problem
        self.text_ok = text_ok


class Lacking:
    """Which permissions the bot lacks where, and how to grant them, in the reader's language."""

    def __init__(self, missing: list[str], where: str) -> None:
        self.missing = missing
        self.where = where

    def said_in(self, language: str) -> str:
        words = translator(language)
        return words.ngettext(
            "I lack {permissions} in {where} (a server administrator can grant it in the channel's settings: "
            "Permissions, then my role or me)",
            "I lack {permissions} in {where} (a server administrator can grant them in the channel's "
            "settings: Permissions, then my role or me)",
            len(self.missing),
            permissions=permission_list(words, self.missing),
            where=self.where,
        )


OWED_FIRST_RETRY = 60.0  # seconds; doubled at each refusal, up to OWED_LONGEST
OWED_LONGEST = 30 * 60.0


def _transient(error: BaseException) -> bool:
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | asyncio.TimeoutError | OSError)


@dataclass
class Lane:
    """What one game's lane did in a pass."""

    posted: int = 0
    failed: int = 0
    done: int = 0  # posted, or passed over for good
    held: bool = False  # something of the game waits (owed, or to be retried)


class OutboxPoster:
    PRUNE_EVERY = 3600.0  # seconds between two prunings of what was delivered long ago
    BATCH = 500  # items read from the outbox at a time
    LANES = 32  # games posted at once

    def __init__(self, bot: MaesterBot, interval: float = 2.0) -> None:
        self.bot = bot
        self.interval = interval
        self.private: OrderedDict[int, tuple[int, str]] = OrderedDict()
        # Handlers of other kinds of items, registered by the cogs that own them (cogs/threads.py)
        self.handlers: dict[str, Callable[[OutboxItem], Awaitable[None]]] = {}
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._lanes = asyncio.Semaphore(self.LANES)
        self._pruned_at: float | None = None

    @property
    def table(self) -> Any:
        return self.bot.table

    def wake(self) -> None:
        """Post now rather than at the next poll (after a command changed a game)."""
        self._wake.set()

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        delay = self.interval
        while not self.bot.is_closed():
            self._wake.clear()
            try:
                _, failed = await self.flush()
                delay = min(delay * 2, 60.0) if failed else self.interval
                await self.prune()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the outbox poster failed; trying again")
                delay = min(delay * 2, 60.0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    async def prune(self) -> None:
        """Forget, now and then, the items delivered longer ago than the table keeps them."""
        now = self.table.clock.now()
        if self._pruned_at is not None and now - self._pruned_at < self.PRUNE_EVERY:
            return
        self._pruned_at = now
        pruned = await self.table.prune_outbox()
        if pruned:
            log.info("outbox: %s delivered item(s) forgotten", pruned)

    async def flush(self) -> tuple[int, int]:
        """Post everything the outbox holds now. Returns (posted, failed).

        Each game's items go in order, one after another (its lane); the games' lanes run side by side,
        at most ``LANES`` at once, and discord.py spaces the requests within Discord's rate limits (each
        channel's and DM's own, and the global one). Their marks go through the table's group commit,
        so lanes that finish together share a write."""
        posted = failed = 0
        async with self._lock:
            while True:
                items = await self.table.outbox(limit=self.BATCH)
                if not items:
                    break
                lanes: dict[int, list[OutboxItem]] = {}
                for item in items:
                    lanes.setdefault(item.game_id, []).append(item)
                results = await asyncio.gather(*(self._lane(lane) for lane in lanes.values()))
                posted += sum(r.posted for r in results)
                failed += sum(r.failed for r in results)
                done = sum(r.done for r in results)
                if any(r.held for r in results) or done == 0 or len(items) < self.BATCH:
                    break
        return posted, failed

    async def _lane(self, items: list[OutboxItem]) -> Lane:
        """One game's items, in order. An item owed for a missing permission holds up what the game says to
        the same place; one that failed for a passing reason holds up the rest of the game."""
        lane = Lane()
        blocked: set[tuple[str, int]] = set()  # places whose later items wait
        now = self.table.clock.now()
        async with self._lanes:
            for index, item in enumerate(items):
                place = (item.target, item.target_id)
                if place in blocked:
                    continue
                if item.retry_at is not None and item.retry_at > now:
                    blocked.add(place)  # owed: what the game says to that place waits behind it
                    lane.held = True
                    continue
                if item.kind == "phase-log" and _superseded(item, items[index + 1 :]):
                    await self.table.mark_sent(item.id)  # a later edit of the same log says it all
                    lane.done += 1
                    continue
                try:
                    await self.post(item)
                except Owed as owed:
                    await self._owe(item, owed)
                    blocked.add(place)
                    lane.failed += 1
                    lane.held = True
                    continue
                except Retry as error:
                    log.warning(
                        "outbox item %s (%s, game %s) will be retried: %s",
                        item.id,
                        item.kind,
                        item.game_id,
                        error,
                    )
                    lane.failed += 1
                    lane.held = True
                    break  # the game's later items wait for the next pass
                await self.table.mark_sent(item.id)
                lane.posted += 1
                lane.done += 1
        return lane

    # --- one item ------------------------------------------------------------------------------------------

    async def post(self, item: OutboxItem) -> None:
        """Post one item. Returns when it is delivered, or can never be (logged); raises Retry otherwise."""
        handlers = {
            "board": self._board,
            "phase-log": self._phase_log,
            "report": self._report,
            "nudge": self._nudge,
            "notice": self._notice,
            "game-over": self._game_over,
            "channel-prompt": self._channel_prompt,
            "prompt": self._dm_prompt,
            "private": self._private,
            "reminder": self._reminder,
            "vote": self._vote,
            **self.handlers,
        }
        handler = handlers.get(item.kind)
        if handler is None:
            log.warning("outbox item %s has an unknown kind %r; skipped", item.id, item.kind)
            return
        try:
            await handler(item)
        except Owed:
            raise
        except discord.HTTPException as error:
            if _transient(error):
                raise Retry(str(error)) from error
            if error.status in (403, 404, 413):
                raise self._diagnose(item, error) from error
            log.error(
                "outbox item %s (%s, game %s) cannot be posted to %s %s: %s",
                item.id,
                item.kind,
                item.game_id,
                item.target,
                item.target_id,
                error,
            )
        except (aiohttp.ClientError, TimeoutError, OSError) as error:
            raise Retry(str(error)) from error
        except Exception:
            # A bug in drawing this one item must not hold up every game behind it: log it and move on
            # (the person can still see a prompt with /game prompt).
            log.exception(
                "outbox item %s (%s, game %s) could not be drawn; skipped", item.id, item.kind, item.game_id
            )

    # --- what cannot be delivered ------------------------------------------------------------------------

    def _diagnose(self, item: OutboxItem, error: discord.HTTPException) -> Owed:
        """Why Discord refused an item, in words for the people who can fix it."""
        session = self.table.sessions.get(item.game_id)
        channel_id = item.target_id if item.target == "channel" else (session.channel_id if session else 0)
        problem, text_ok = self._channel_problem(channel_id, error if item.target == "channel" else None)
        if item.target == "user":
            return Owed(
                said(
                    "{user} has closed direct messages, and {problem}",
                    user=f"<@{item.target_id}>",
                    problem=problem,
                ),
                text_ok=False,
            )
        return Owed(problem, text_ok)

    def _channel_problem(
        self, channel_id: int, error: discord.HTTPException | None
    ) -> tuple[Localized, bool]:
        """What keeps the bot from posting in a channel (from its cached permissions there), and whether
        plain text can still be posted in it."""
        channel = self.bot.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None or (error is not None and error.status == 404):
            return (
                said(
                    "I cannot see the game's channel: it was deleted, or it is hidden from me (a server "
                    "administrator can give me {permission} there)",
                    permission=PERMISSION_NAMES["View Channel"],
                ),
                False,
            )
        missing = missing_permissions(channel.permissions_for(guild.me))  # type: ignore[union-attr]
        if not missing:
            missing = ["Send Messages"]
        can_write = "View Channel" not in missing and "Send Messages" not in missing
        return Lacking(missing, f"<#{channel_id}>"), can_write

    async def _owe(self, item: OutboxItem, owed: Owed) -> None:
        """Keep the item owed, and tell the game's moderators once per problem."""
        told = item.told and item.problem == owed.problem
        log.warning(
            "outbox item %s (%s, game %s) is owed: %s", item.id, item.kind, item.game_id, owed.problem
        )
        if not told:
            await self._tell_owed(item, owed)
        retry_in = min(OWED_FIRST_RETRY * 2**item.attempts, OWED_LONGEST)
        await self.table.owe(item, owed.problem, retry_in, True)

    async def _tell_owed(self, item: OutboxItem, owed: Owed) -> None:
        session = self.table.sessions.get(item.game_id)
        if session is None:
            return

        def text(language: str) -> str:
            return clip(
                translator(language).gettext(
                    "⚠️ **{game}** (game {id}): {problem}. What waits ({kind}) is kept, and will be posted as "
                    "soon as I can.",
                    game=session.name,
                    id=session.id,
                    problem=owed.said,
                    kind=item.kind,
                ),
                2000,
            )

        with contextlib.suppress(discord.HTTPException):
            dm = await self._dm(session.creator_id)
            told = text(self.table.language_for(session.creator_id, session))
            await dm.send(told, allowed_mentions=discord.AllowedMentions.none())
        if owed.text_ok:
            with contextlib.suppress(discord.HTTPException):
                await self._channel(session.channel_id).send(
                    text(session.settings.language), allowed_mentions=discord.AllowedMentions.none()
                )

    def _holder(self, item: OutboxItem) -> int | None:
        """The person who plays the item's house now (None: nobody, or an AI)."""
        session = self.table.sessions.get(item.game_id)
        house = item.payload.get("house")
        if session is None or house is None:
            return None
        seat = next((s for s in session.seats if s.house == house), None)
        return None if seat is None or seat.ai else seat.user_id

    def _screens(self, item: OutboxItem) -> GameScreens:
        """The screens of an item's game, for its names: the game its payload names, else the open game's.
        Other items do not name their game; when the game is closed (its last items are posted after it
        ends), they are read as the default game's."""
        if "game" in item.payload or "view" in item.payload:
            return screens_for(item.payload)
        session = self.table.sessions.get(item.game_id)
        return screens_of(DEFAULT_GAME if session is None else session.settings.game)

    def _language(self, item: OutboxItem, user_id: int | None = None) -> str:
        """The language of an item: its game's for a channel, the person's for what goes to ``user_id``
        (their choice, else their Discord's, else the game's); English once the game is gone."""
        session = self.table.sessions.get(item.game_id)
        if session is None:
            return str(item.payload.get("language") or SOURCE_LANGUAGE)
        if user_id is not None:
            return str(self.table.language_for(user_id, session))
        return str(session.settings.language)

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def _send(
        self, target: discord.abc.Messageable, item: OutboxItem, **kwargs: Any
    ) -> discord.Message:
        kwargs.setdefault("allowed_mentions", discord.AllowedMentions.none())
        message = await target.send(nonce=item.id, **kwargs)
        view = kwargs.get("view")
        if view is not None:
            view.stop()
        return message

    async def _board(self, item: OutboxItem) -> None:
        """The board at a phase's end. It pings nobody: each player was pinged by their prompt's DM."""
        payload = item.payload
        file = await board_file(payload["view"], payload.get("language", "en"))  # older items: English
        language = payload.get("language", SOURCE_LANGUAGE)
        kwargs: dict[str, Any] = {
            "embed": embeds.board_embed(payload, image=file is not None, language=language)
        }
        if file is not None:
            kwargs["file"] = file
        channel = self._channel(item.target_id)
        try:
            await self._send(channel, item, **kwargs)
        except discord.HTTPException as error:
            if error.status != 413 or file is None:
                raise
            # Larger than the server's upload limit (not expected: a board is well under 1 MB): the news
            # still goes out, without the picture; /game board draws it again.
            log.warning("game %s: the board image is over the upload limit; posted without it", item.game_id)
            await self._send(channel, item, embed=embeds.board_embed(payload, image=False, language=language))
        log.info("game %s: board posted (%s), outbox item %s", item.game_id, payload.get("title"), item.id)

    async def _phase_log(self, item: OutboxItem) -> None:
        """The live log of a phase: posted once, then edited as the phase goes (an edit notifies nobody)."""
        embed = embeds.phase_log_embed(self._screens(item), item.payload, self._language(item))
        key = str(item.payload["key"])
        posted = await self.table.post_of(item.game_id, key)
        if posted is not None:
            channel_id, message_id = posted
            with contextlib.suppress(discord.NotFound):  # deleted meanwhile: post it again
                await self._channel(channel_id).get_partial_message(message_id).edit(embed=embed)
                return
        message = await self._send(self._channel(item.target_id), item, embed=embed)
        await self.table.remember_post(item.game_id, key, item.target_id, message.id)

    async def _report(self, item: OutboxItem) -> None:
        """A notable moment (a battle and its breakdown), with a close-up of where it happened when the
        game's renderer draws close-ups; or the end-of-game report, with its chart."""
        message = await report_message(self._screens(item), item.payload)
        if message is None:
            log.warning(
                "game %s: a %s report no screens draw; skipped", item.game_id, item.payload.get("report")
            )
            return
        await self._send(self._channel(item.target_id), item, **message)

    async def _nudge(self, item: OutboxItem) -> None:
        """A mention in the channel for a player who asked for channel pings: their prompt is in their DMs. It
        speaks to them, in their prompt's language."""
        payload = item.payload
        screens = self._screens(item)
        user = int(payload["user_id"])
        if self._holder(item) != user:
            return
        language = self._language(item)
        text = translator(language).gettext(
            "{user}, **{game}**: {house} must decide ({kind}); your prompt is in your DMs.",
            user=f"<@{user}>",
            game=payload.get("game_name", ""),
            house=screens.seat_name(payload["house"], language),
            kind=screens.kind_title(payload["decision"]["kind"], language),
        )
        await self._send(
            self._channel(item.target_id), item, content=clip(text, 2000), allowed_mentions=mentions(user)
        )

    async def _notice(self, item: OutboxItem) -> None:
        if item.target == "user":
            dm = await self._dm(item.target_id)
            language = self._language(item, item.target_id)
            await self._send(dm, item, content=embeds.notice_text(item.payload, language))
            return
        pinged = discord.AllowedMentions(  # a notice pings only whom it names to ping (a late player...)
            everyone=False,
            users=[discord.Object(id=int(u)) for u in item.payload.get("ping_users") or []],
            roles=[discord.Object(id=int(r)) for r in item.payload.get("ping_roles") or []],
        )
        content = embeds.notice_text(item.payload, self._language(item))
        await self._send(self._channel(item.target_id), item, content=content, allowed_mentions=pinged)
        log.info("game %s: notice posted, outbox item %s", item.game_id, item.id)

    async def _vote(self, item: OutboxItem) -> None:
        """A players' vote: posted when it opens (mentioning those who may answer), then edited as it goes."""
        message = vote.vote_message(item.payload, self._language(item))
        key = str(item.payload["key"])
        posted = await self.table.post_of(item.game_id, key)
        if posted is not None:
            channel_id, message_id = posted
            with contextlib.suppress(discord.NotFound):  # deleted meanwhile: post it again
                partial = self._channel(channel_id).get_partial_message(message_id)
                await partial.edit(embed=message["embed"], view=message["view"])  # the view is stopped
                return
        ping = [int(user) for user in item.payload.get("ping") or []]
        sent = await self._send(
            self._channel(item.target_id), item, allowed_mentions=mentions(*ping), **message
        )
        await self.table.remember_post(item.game_id, key, item.target_id, sent.id)

    async def _game_over(self, item: OutboxItem) -> None:
        embed = embeds.game_over_embed(self._screens(item), item.payload, self._language(item))
        await self._send(self._channel(item.target_id), item, embed=embed)
        log.info("game %s: the end posted, outbox item %s", item.game_id, item.id)

    def _live_prompt(self, item: OutboxItem) -> tuple[Any, dict[str, Any]] | None:
        """The session and payload of a prompt item whose decision still waits; None when the game has
        moved past it (answered by a command, forced, undone): posting it would only be noise."""
        payload = item.payload
        session = self.table.sessions.get(item.game_id)
        decision = payload["decision"]
        if session is None or session.game is None:
            return None
        if item.target == "user" and self._holder(item) != item.target_id:
            return None  # the seat changed hands: its new player was prompted when it did
        for pending in session.pending():
            if pending.house == decision["house"] and fingerprint(decision_json(pending)) == fingerprint(
                decision
            ):
                return session, payload
        return None

    async def _channel_prompt(self, item: OutboxItem) -> None:
        live = self._live_prompt(item)
        if live is None:
            log.info(
                "game %s: outbox item %s is a prompt the game has moved past; skipped", item.game_id, item.id
            )
            return
        session, payload = live
        extras = prompting.extras(session, payload["decision"])
        message = prompts.build_prompt(payload, extras, channel=True)
        await self._send(
            self._channel(item.target_id),
            item,
            content=message.content,
            embed=message.embed,
            view=message.view,
            allowed_mentions=mentions(int(payload["user_id"])),
        )
        log.info(
            "game %s: %s prompt for House %s posted in the channel, outbox item %s",
            item.game_id,
            payload["decision"]["kind"],
            payload["house"],
            item.id,
        )

    async def _dm(self, user_id: int) -> discord.DMChannel:
        return await self.bot.create_dm(discord.Object(id=user_id))

    async def _dm_prompt(self, item: OutboxItem) -> None:
        live = self._live_prompt(item)
        if live is None:
            log.info(
                "game %s: outbox item %s is a prompt the game has moved past; skipped", item.game_id, item.id
            )
            return
        session, payload = live
        message = prompts.build_prompt(payload, prompting.extras(session, payload["decision"]))
        try:
            dm = await self._dm(item.target_id)
            await self._send(dm, item, content=message.content, embed=message.embed, view=message.view)
        except discord.Forbidden:
            screens = self._screens(item)
            language = self._language(item, item.target_id)
            await self._dms_closed(
                item,
                translator(language).gettext(
                    "{house} must decide ({kind}), {due}.",
                    house=screens.seat_name(payload["house"], language),
                    kind=screens.kind_title(payload["decision"]["kind"], language),
                    due=embeds.due_text(payload.get("due_at"), language),
                ),
            )
            return
        log.info(
            "game %s: %s prompt for House %s sent by DM to user %s, outbox item %s",
            item.game_id,
            payload["decision"]["kind"],
            payload["house"],
            item.target_id,
            item.id,
        )

    async def _private(self, item: OutboxItem) -> None:
        payload = item.payload
        holder = self._holder(item)
        if holder is None:
            log.info(
                "game %s: private news for a house nobody plays now; item %s dropped", item.game_id, item.id
            )
            return
        language = self._language(item, holder)
        words = translator(language)
        text = words.gettext(
            "**{game}** (game {id}), for {house}: {text}",
            game=payload.get("game_name", ""),
            id=item.game_id,
            house=self._screens(item).seat_name(payload["house"], language),
            text=payload["text"],
        )
        try:
            dm = await self._dm(holder)
            await self._send(dm, item, content=clip(text, 2000))
        except discord.Forbidden:
            self.private[item.id] = (holder, text)
            while len(self.private) > PRIVATE_KEPT:
                self.private.popitem(last=False)
            await self._dms_closed(
                item,
                words.gettext("I have private news for you."),
                view=prompts.private_view(item.game_id, item.id, language),
            )
            return
        log.info(
            "game %s: private news sent by DM to user %s, outbox item %s",
            item.game_id,
            holder,
            item.id,
        )

    async def _reminder(self, item: OutboxItem) -> None:
        payload = item.payload
        if self._holder(item) != item.target_id:
            log.info(
                "game %s: a reminder for a seat that changed hands; item %s dropped", item.game_id, item.id
            )
            return
        due = payload.get("due_at")
        language = self._language(item, item.target_id)
        words = translator(language)
        reminded = payload.get("text", "")
        text = (
            words.gettext("⏰ {text} The deadline is {due}.", text=reminded, due=f"<t:{int(due)}:R>")
            if due
            else f"⏰ {reminded}"
        )
        view = prompts.show_prompt_view(item.game_id, language)
        try:
            dm = await self._dm(item.target_id)
            await self._send(dm, item, content=clip(text, 2000), view=view)
        except discord.Forbidden:
            await self._dms_closed(
                item,
                words.gettext(
                    "Reminder: {house} must decide, {due}.",
                    house=self._screens(item).seat_name(payload["house"], language),
                    due=embeds.due_text(due, language),
                ),
            )
            return
        log.info(
            "game %s: reminder sent by DM to user %s, outbox item %s", item.game_id, item.target_id, item.id
        )

    async def _dms_closed(self, item: OutboxItem, what: str, view: discord.ui.View | None = None) -> None:
        """The person's DMs are closed: say so in the game's channel, pinging them, with a button that shows
        them privately what the DM would have said (nothing secret is posted)."""
        session = self.table.sessions.get(item.game_id)
        if session is None:
            log.info(
                "game %s: user %s has closed DMs and the game is closed; item %s dropped",
                item.game_id,
                item.target_id,
                item.id,
            )
            return
        user = item.target_id
        language = self.table.language_for(user, session)
        text = translator(language).gettext(
            "{user}, I cannot send you direct messages, so I say it here for **{game}**: {what} Press the "
            "button to see it privately (or allow DMs from this server's members).",
            user=f"<@{user}>",
            game=session.name,
            what=what,
        )
        await self._send(
            self._channel(session.channel_id),
            item,
            content=clip(text, 2000),
            view=view or prompts.show_prompt_view(item.game_id, language),
            allowed_mentions=mentions(user),
        )
        log.info(
            "game %s: user %s has closed DMs; told in the channel (outbox item %s)",
            item.game_id,
            user,
            item.id,
        )


class DeadlineTicker:
    """Sleeps until the table's next reminder or deadline (at most a minute), then lets the table act."""

    def __init__(self, bot: MaesterBot, longest: float = 60.0) -> None:
        self.bot = bot
        self.longest = longest
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Deadlines may have changed: look again now."""
        self._wake.set()

    async def run(self) -> None:
        await self.bot.wait_until_ready()
        table = self.bot.table
        while not self.bot.is_closed():
            self._wake.clear()
            handled = 0
            try:
                handled = await table.tick()
                if handled:
                    log.info("deadlines: %s reminder(s) or deadline(s) handled", handled)
                    self.bot.poster.wake()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the deadline ticker failed; trying again")
            wake_at = table.next_wakeup()
            delay = (
                self.longest if wake_at is None else min(max(wake_at - table.clock.now(), 0.0), self.longest)
            )
            if not handled:
                delay = max(delay, 1.0)  # something due that the table did not take: do not spin on it
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
