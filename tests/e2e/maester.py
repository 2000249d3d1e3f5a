"""Playing Maester (``bot.py``) through the fake Discord, as its players would: slash commands, DM prompts,
channel prompts, buttons, selects and the "Type the answer" modal.

The bot runs in this event loop (:func:`maester_bot`), so a test can read the game from ``bot.table`` to
choose legal answers and to check what happened; everything a player does still goes through discord.py,
the fake's gateway and its REST API. :class:`Game` holds one game and the people playing it.
"""

from __future__ import annotations

import contextlib
import logging
import random
import re
import types
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot import Config, MaesterBot, create_bot
from cogs.ids import fingerprint
from cogs.thrones import SCREENS, names
from engine.core.decisions import Decision
from table.outbox import decision_json
from table.session import Session
from tests.e2e.fake_discord import Callback, FakeDiscord, FakeInteraction, FakeMessage, Json
from tests.e2e.harness import running

# Who plays which house in the 3-player games of these tests.
SEATS = {"stark": "alice", "lannister": "bob", "baratheon": "carol"}
WAIT = 10.0  # seconds: generous, since a wait ends as soon as its condition holds


class _FixedSeed:
    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randrange(self, *_: object) -> int:
        return self.seed


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Games created from now on get ``seed`` (the table draws it from the system's randomness), so the
    Westeros and wildling decks are known and a scenario can be planned."""
    import table.table as table_module

    fixed = types.SimpleNamespace(SystemRandom=lambda: _FixedSeed(seed), Random=random.Random)
    monkeypatch.setattr(table_module, "random", fixed)


class _Errors(logging.Handler):
    """Every ERROR record logged while the bot runs (a failed click, a post that could not be drawn)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.asynccontextmanager
async def maester_bot(
    fake: FakeDiscord, database: Path, *, moderator_role: str | None = None, dev_guild: bool = True
) -> AsyncIterator[MaesterBot]:
    """The real bot (``create_bot``) in this event loop against ``fake``, ready and with its commands
    synced; closed on exit. Fails the test if the bot logged an error. ``moderator_role`` names a role of
    the fake's first server, configured by its id.

    With ``dev_guild`` (the default) the commands are synced to the first guild only, as with
    ``MAESTER_DEV_GUILD_ID``; without, they are synced globally and offered in every guild of the fake
    (for tests with several guilds: ``fake.add_guild(...)``)."""
    config = Config(
        token="fake",
        database=str(database),
        dev_guild_id=fake.guild_id if dev_guild else None,
        moderator_role=fake.role(moderator_role).id if moderator_role else None,
    )
    errors = _Errors()
    root = logging.getLogger()
    root.addHandler(errors)
    try:
        bot = create_bot(config, poll_interval=0.2)
        # discord.py waits this long for more guilds before on_ready (the outbox poster waits for it)
        bot._connection.guild_ready_timeout = 0.05
        async with running(bot, fake, wait_ready=True):
            await fake.wait_for_command("game", guild=dev_guild)
            yield bot
            await bot.poster.flush()
    finally:
        root.removeHandler(errors)
    logged = "\n".join(logging.Formatter("%(name)s: %(message)s").format(r) for r in errors.records)
    assert not logged, f"the bot logged errors:\n{logged}"
    assert not fake.unhandled, f"the bot used routes the fake does not know: {fake.unhandled}"


# --- reading messages ---------------------------------------------------------------------------------------


def full_text(message: FakeMessage) -> str:
    """Everything a person can read in a message: content, embeds, component labels and placeholders,
    select options, attachment names; and the same of every earlier version (before edits)."""
    versions: list[Json] = [*message.history, message.snapshot()]
    parts: list[str] = []
    for version in versions:
        parts.append(version.get("content") or "")
        for embed in version.get("embeds") or []:
            parts.append(_json_strings(embed))
        parts.append(_json_strings(version.get("components") or []))
        parts.extend(f"{a.filename} {a.description or ''}" for a in version.get("attachments") or [])
    return "\n".join(p for p in parts if p)


def _json_strings(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(_json_strings(v) for v in value.values())
    if isinstance(value, list):
        return "\n".join(_json_strings(v) for v in value)
    return ""


def channel_posts(fake: FakeDiscord) -> list[FakeMessage]:
    """What the bot has shown everyone in the game's channel (ephemeral answers excluded)."""
    return [m for m in fake.channel_messages() if not m.ephemeral]


def public_text(fake: FakeDiscord) -> str:
    """All the text of every message the bot posted in any guild channel, earlier versions included."""
    return "\n".join(
        full_text(m) for m in fake.bot_messages(include_deleted=True) if not m.is_dm and not m.ephemeral
    )


def seen_by(fake: FakeDiscord, who: str) -> str:
    """All the text the bot has shown this person: the channels, their DMs, their ephemeral answers."""
    return "\n".join(full_text(m) for m in fake.visible_to(who))


def boards(fake: FakeDiscord) -> list[FakeMessage]:
    """The board posts (an embed whose footer reads ``Game N · round R · P phase``)."""
    found = []
    for m in channel_posts(fake):
        footer = (m.embeds[0].get("footer") or {}).get("text", "") if m.embeds else ""
        if re.match(r"Game \d+ · round \d+ · \w+ phase", footer):
            found.append(m)
    return found


def embed(message: FakeMessage) -> Json:
    assert message.embeds, f"{message!r} has no embed"
    return message.embeds[0]


def field_value(message: FakeMessage, name: str) -> str:
    for f in embed(message).get("fields") or []:
        if f.get("name") == name:
            return str(f.get("value"))
    raise LookupError(f"{message!r} has no embed field {name!r}")


def selects(message: FakeMessage) -> list[Json]:
    return [c for c in message.all_components() if c.get("type") == 3]


def option_value(select: Json, label: str | Callable[[str], bool]) -> str:
    """The value of the select's option with this label (or whose label passes the test)."""
    test = label if callable(label) else (lambda text: text == label)
    for option in select.get("options") or []:
        if test(option["label"]):
            return str(option["value"])
    labels = [o["label"] for o in select.get("options") or []]
    raise LookupError(f"no option {label!r} in {select.get('custom_id')}: {labels}")


def select_with_option(message: FakeMessage, label: str | Callable[[str], bool]) -> tuple[Json, str]:
    """The select of ``message`` that offers this option, and the option's value."""
    for select in selects(message):
        with contextlib.suppress(LookupError):
            return select, option_value(select, label)
    raise LookupError(f"no select of {message!r} offers {label!r}")


async def refused(interaction: FakeInteraction, timeout: float = WAIT) -> FakeMessage:
    """The bot's private answer to an interaction, which must be ephemeral."""
    message = await interaction.wait_message(timeout=timeout)
    assert message.ephemeral, f"{message!r} should be private"
    return message


# --- one game -----------------------------------------------------------------------------------------------


@dataclass
class Game:
    """A game of the in-process bot, played by fake people (``seats``: house -> person key)."""

    fake: FakeDiscord
    bot: MaesterBot
    id: int
    seats: dict[str, str] = field(default_factory=lambda: dict(SEATS))

    # --- creating one, with commands

    @classmethod
    async def create(
        cls,
        fake: FakeDiscord,
        bot: MaesterBot,
        seats: dict[str, str] | None = None,
        *,
        creator: str = "alice",
        start: bool = True,
    ) -> Game:
        """``/game create`` in the channel, ``/game join <house>`` by every player, ``/game start``."""
        seats = dict(seats or SEATS)
        created = await fake.slash(creator, "game", "create", options={"players": len(seats)})
        opened = await created.wait_message(timeout=WAIT)
        assert not opened.ephemeral and "is open" in opened.content, opened
        match = re.search(r"game \*\*(\d+)\*\*", opened.content)
        assert match, opened.content
        game = cls(fake, bot, int(match.group(1)), seats)
        for house, who in seats.items():
            joined = await fake.slash(who, "game", "join", options={"house": house})
            answer = await joined.wait_message(timeout=WAIT)
            assert f"as House {house.title()}" in answer.content and not answer.ephemeral, answer
        if start:
            started = await fake.slash(creator, "game", "start")
            answer = await started.wait_message(timeout=WAIT)
            assert answer.ephemeral and "begins" in answer.content, answer
            await fake.wait_until(lambda: boards(fake), WAIT, "the first board")
        return game

    # --- the game as the bot holds it

    @property
    def session(self) -> Session:
        return self.bot.table.sessions[self.id]

    @property
    def view(self) -> dict[str, Any]:
        return self.session.require_game().view(None)

    @property
    def round(self) -> int:
        return int(self.view["round"])

    @property
    def phase(self) -> str:
        return str(self.view["phase"])

    def decision(self, house: str) -> Decision | None:
        return self.session.require_game().decision_for(house)

    def fingerprint(self, house: str) -> str | None:
        decision = self.decision(house)
        return None if decision is None else fingerprint(decision_json(decision))

    def user(self, house: str) -> str:
        return self.seats[house]

    def log(self) -> list[str]:
        return [row.notation for row in self.session.log]

    async def settled(self) -> None:
        """Wait until the bot has posted everything the game has said so far."""
        await self.bot.poster.flush()

    # --- finding prompts

    def _prompts(self, house: str, messages: Iterable[FakeMessage]) -> list[FakeMessage]:
        fp = self.fingerprint(house)
        prefix = f"m:{self.id}:{house}:{fp}:"
        return [m for m in messages if any(c.startswith(prefix) for c in m.custom_ids())]

    async def dm_prompt(self, house: str) -> FakeMessage:
        """The DM asking ``house``'s player its current decision (the newest such DM)."""
        assert self.decision(house) is not None, f"House {house} has nothing to decide"
        found = await self.fake.wait_until(
            lambda: self._prompts(house, self.fake.dms(self.user(house))),
            WAIT,
            f"a DM prompt for House {house}",
        )
        return found[-1]

    async def channel_prompt(self, house: str) -> FakeMessage:
        """The message in the channel asking ``house``'s player its current (public) decision."""
        assert self.decision(house) is not None, f"House {house} has nothing to decide"
        found = await self.fake.wait_until(
            lambda: self._prompts(house, channel_posts(self.fake)),
            WAIT,
            f"a channel prompt for House {house}",
        )
        return found[-1]

    # --- answering

    async def answered(self, house: str, since: int) -> None:
        """Wait until the table has recorded an action of ``house`` after the first ``since`` actions."""
        await self.fake.wait_until(
            lambda: any(row.house == house for row in self.session.log[since:]),
            WAIT,
            f"House {house}'s answer to be recorded",
        )

    async def click(
        self, house: str, message: FakeMessage, *, label: str | None = None, custom_id: str | None = None
    ) -> FakeInteraction:
        inter = await self.fake.click(self.user(house), message, custom_id, label=label)
        await inter.wait_response(WAIT)
        return inter

    async def choose(self, house: str, message: FakeMessage, label: str | Callable[[str], bool]) -> None:
        """Pick an option in the prompt's select (an answer, submitted at once) and wait for the table."""
        before = len(self.session.log)
        select, value = select_with_option(message, label)
        inter = await self.fake.click(self.user(house), message, select["custom_id"], [value])
        await inter.wait_response(WAIT)
        await self.answered(house, before)
        await self._not_refused(inter)

    async def _not_refused(self, inter: FakeInteraction) -> None:
        errors = [m for m in inter.messages if m.ephemeral and m.content.startswith(("❌", "⌛"))]
        assert not errors, f"{inter!r} was refused: {errors}"

    async def act(self, house: str, line: str) -> FakeMessage:
        """``/game act line`` by the house's player; the answer must be an acceptance."""
        before = len(self.session.log)
        inter = await self.fake.slash(self.user(house), "game", "act", options={"line": line})
        answer = await inter.wait_message(timeout=WAIT)
        assert answer.ephemeral and answer.content.startswith("✅"), answer
        await self.answered(house, before)
        return answer

    async def orders_by_selects(
        self, house: str, orders: dict[str, str], prompt: FakeMessage | None = None
    ) -> FakeMessage:
        """Place orders in the DM prompt (or the ``prompt`` given): the select of each area, then Submit."""
        prompt = prompt or await self.dm_prompt(house)
        for area, token in orders.items():
            label = f"{names.area_name(area)}: {names.token_name(token)}"
            select, value = select_with_option(prompt, label)
            inter = await self.fake.click(self.user(house), prompt, select["custom_id"], [value])
            assert await inter.wait_response(WAIT) == Callback.UPDATE_MESSAGE
            name, chosen = re.escape(names.area_name(area)), re.escape(names.token_name(token))
            line = rf"\*\*{name}\*\* \([^)]*\): {chosen}"  # the draft now shows the token
            assert re.search(line, embed(prompt)["description"]), embed(prompt)["description"]
        before = len(self.session.log)
        submit = await self.click(house, prompt, label="Submit orders")
        await self.answered(house, before)
        await self._not_refused(submit)
        await self.fake.wait_until(
            lambda: re.search(r"Submitted|You answered", prompt.text), WAIT, "the prompt to show the answer"
        )
        return prompt

    async def by_modal(self, house: str, prompt: FakeMessage, line: str) -> FakeInteraction:
        """Answer through the prompt's "Type the answer" button and its modal."""
        opened = await self.click(house, prompt, label="Type the answer")
        modal = await opened.wait_modal(WAIT)
        before = len(self.session.log)
        sent = await self.fake.submit_modal(self.user(house), modal.custom_id, {"line": line})
        await sent.wait_response(WAIT)
        await self.answered(house, before)
        await self._not_refused(sent)
        return sent

    async def play_defaults(self, until: Callable[[], bool], limit: int = 80) -> None:
        """Answer every waiting decision with its default until ``until()``: secret ones through their DM
        prompt (orders: Submit orders as drafted; choices: the default option), public ones with
        ``/game act``."""
        for _ in range(limit):
            if until():
                return
            decision = self.session.pending()[0]
            house = decision.house
            default = decision.default.format()
            if not decision.secret:
                await self.act(house, default)
                continue
            prompt = await self.dm_prompt(house)
            if decision.kind == "orders":
                before = len(self.session.log)
                await self.click(house, prompt, label="Submit orders")
                await self.answered(house, before)
            else:
                wanted = decision_json(decision)["options"]
                assert wanted is not None, f"no options for a secret {decision.kind}"
                await self.choose(house, prompt, SCREENS.describe(default, decision.kind))
        raise AssertionError(f"still not there after {limit} decisions; waiting: {self.session.pending()}")
