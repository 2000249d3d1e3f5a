"""Autocomplete for slash command options: games, houses of the game's kind, the options of a game being
created, and notation lines (completed by the game's screens, narrowed to the person's current decision
when there is one).

What a suggestion shows is in the person's language (a house, an area, a card by its name in Spanish);
what it submits stays the canonical id or notation line, which the table reads whatever the language.
Discord shows at most 25 suggestions, each named in 1 to 100 characters."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import data.games
from cogs.common import actor_from, current_decision, reader_words, screens_of_game, table_of
from cogs.embeds import status_word
from cogs.layout import clip
from cogs.new_game import suggest_options
from cogs.screens import GameScreens, screens_of
from table.errors import TableError
from table.kinds import DEFAULT_GAME, kind_of
from table.outbox import decision_json
from table.session import Session

MAX_CHOICES = 25
MAX_VALUE = 100
MAX_NAME = 100  # characters of a suggestion's name


def _session(interaction: discord.Interaction) -> Session | None:
    table = table_of(interaction)
    game = getattr(interaction.namespace, "game", None)
    try:
        return table.find(actor_from(interaction), game if isinstance(game, int) else None)
    except TableError:
        return None


async def games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The games the person may reach from here: theirs and this channel's first, then the server's."""
    actor = actor_from(interaction)
    reachable = table_of(interaction).reachable_games(actor)
    found: dict[int, Session] = {
        s.id: s for s in reachable if s.seat_of_user(actor.user_id) or actor.in_channel(s.channel_id)
    }
    if not found:
        found = {s.id: s for s in reachable}
    text = current.lower().strip()[:MAX_VALUE]
    words = reader_words(interaction)
    choices = []
    for session in sorted(found.values(), key=lambda s: -s.id):
        label = f"{session.id} · {session.name} ({status_word(words, session.status)})"
        if text and text not in label.lower():
            continue
        choices.append(app_commands.Choice(name=clip(label, MAX_NAME), value=session.id))
    return choices[:MAX_CHOICES]


def _house_choices(
    screens: GameScreens, houses: list[str], current: str, language: str
) -> list[app_commands.Choice[str]]:
    """The houses whose id, or name in the person's language, holds what is typed; each shown by that name."""
    text = current.lower().strip()
    return [
        app_commands.Choice(name=clip(name, MAX_NAME), value=house)
        for house, name in ((h, screens.seat_name(h, language)) for h in houses)
        if not text or text in house or text in name.lower()
    ][:MAX_CHOICES]


def _any_house(current: str, language: str) -> list[app_commands.Choice[str]]:
    """No game is found (the person has not said which of several): every seat of the default game."""
    kind = kind_of(DEFAULT_GAME)
    return _house_choices(screens_of(DEFAULT_GAME), list(kind.seats(kind.players[-1])), current, language)


async def free_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses a person may still take in the game's lobby."""
    session = _session(interaction)
    language = reader_words(interaction).language
    if session is None:
        return _any_house(current, language)
    houses = session.houses_available()
    seat = session.seat_of_user(interaction.user.id)
    if seat is not None and seat.house:
        houses = [seat.house, *houses]
    return _house_choices(screens_of_game(session), houses, current, language)


async def seated_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses with a seat in the game (for moderators and the cards), else those of its player count."""
    session = _session(interaction)
    language = reader_words(interaction).language
    if session is None:
        return _any_house(current, language)
    seated = [s.house for s in session.seats if s.house] or list(session.kind.seats(session.settings.players))
    return _house_choices(screens_of_game(session), seated, current, language)


def line_choices(
    screens: GameScreens, current: str, decision: dict[str, Any] | None, language: str
) -> list[app_commands.Choice[str]]:
    """Completions of a notation line: each submits the line as notation, and shows it with the names of
    the person's language (``march winterfell`` shows as "march Invernalía" in Spanish)."""
    return [
        app_commands.Choice(name=clip(screens.localized_line(line, language), MAX_NAME) or line, value=line)
        for line in screens.complete_line(current, decision, language)
    ]


async def my_line(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The person's own decision's answers, and notation words (of the default game when no game is
    found: the line may be for a game the person joins next)."""
    session = _session(interaction)
    language = reader_words(interaction).language
    if session is None:
        return line_choices(screens_of(DEFAULT_GAME), current, None, language)
    mine = current_decision(table_of(interaction), session, actor_from(interaction))
    return line_choices(
        screens_of_game(session), current, mine.decision if mine is not None else None, language
    )


async def forced_line(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """For a moderator forcing a house: that house's decision's answers, and notation words (for
    moderators only: the answers of a house card decision would show another house's hand)."""
    session = _session(interaction)
    if session is None:
        return []
    house = getattr(interaction.namespace, "house", None)
    decision = None
    if house and table_of(interaction).is_moderator(session, actor_from(interaction)):
        pending = [d for d in session.pending() if d.house == house]
        decision = decision_json(pending[0]) if pending else None
    return line_choices(screens_of_game(session), current, decision, reader_words(interaction).language)


async def game_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games Maester hosts (``/game create game:``), found by their title or id."""
    text = current.lower().strip()[:MAX_VALUE]
    words = reader_words(interaction)
    found = []
    for entry in data.games.games():
        title = words.pgettext("game title", entry.title)
        if not text or text in title.lower() or text in entry.title.lower() or text in entry.id:
            found.append(app_commands.Choice(name=clip(title, MAX_NAME), value=entry.id))
    return found[:MAX_CHOICES]


async def game_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The options of the game being created (``/game create game:``), completing the last one typed."""
    chosen = getattr(interaction.namespace, "game", None)
    try:
        kind = kind_of(chosen if isinstance(chosen, str) else DEFAULT_GAME)
    except TableError:
        return []
    return [
        app_commands.Choice(name=label, value=value)
        for value, label in suggest_options(kind, current, reader_words(interaction))
        if len(value) <= MAX_VALUE
    ][:MAX_CHOICES]


async def deadline_categories(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The deadline categories of the game (orders, bids... for A Game of Thrones)."""
    session = _session(interaction)
    if session is None:
        return []
    text = current.lower().strip()
    words = reader_words(interaction)
    found = []
    for name in session.kind.deadlines:
        shown = words.pgettext("deadline category", name)
        if not text or name.startswith(text) or shown.lower().startswith(text):
            found.append(app_commands.Choice(name=clip(shown, MAX_NAME), value=name))
    return found[:MAX_CHOICES]
