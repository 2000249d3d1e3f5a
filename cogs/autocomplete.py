"""Autocomplete for slash command options: games, houses of the game's kind, the options of a game being
created, and notation lines (completed by the game's screens, narrowed to the person's current decision
when there is one)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

import data.games
from cogs.common import actor_from, current_decision, screens_of_game, table_of
from cogs.new_game import suggest_options
from cogs.screens import GameScreens, screens_of
from table.errors import TableError
from table.kinds import DEFAULT_GAME, kind_of
from table.outbox import decision_json
from table.session import Session

MAX_CHOICES = 25
MAX_VALUE = 100


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
    choices = []
    for session in sorted(found.values(), key=lambda s: -s.id):
        label = f"{session.id} · {session.name} ({session.status})"
        if text and text not in label.lower():
            continue
        choices.append(app_commands.Choice(name=label[:100], value=session.id))
    return choices[:MAX_CHOICES]


def _house_choices(screens: GameScreens, houses: list[str], current: str) -> list[app_commands.Choice[str]]:
    text = current.lower().strip()
    name = screens.seat_name
    return [
        app_commands.Choice(name=name(h), value=h)
        for h in houses
        if not text or text in h or text in name(h).lower()
    ][:MAX_CHOICES]


def _any_house(current: str) -> list[app_commands.Choice[str]]:
    """No game is found (the person has not said which of several): every seat of the default game."""
    kind = kind_of(DEFAULT_GAME)
    return _house_choices(screens_of(DEFAULT_GAME), list(kind.seats(kind.players[-1])), current)


async def free_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses a person may still take in the game's lobby."""
    session = _session(interaction)
    if session is None:
        return _any_house(current)
    houses = session.houses_available()
    seat = session.seat_of_user(interaction.user.id)
    if seat is not None and seat.house:
        houses = [seat.house, *houses]
    return _house_choices(screens_of_game(session), houses, current)


async def seated_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses with a seat in the game (for moderators and the cards), else those of its player count."""
    session = _session(interaction)
    if session is None:
        return _any_house(current)
    seated = [s.house for s in session.seats if s.house] or list(session.kind.seats(session.settings.players))
    return _house_choices(screens_of_game(session), seated, current)


def _lines(
    screens: GameScreens, current: str, decision: dict[str, Any] | None
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=s, value=s) for s in screens.complete_line(current, decision)]


async def my_line(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The person's own decision's answers, and notation words (of the default game when no game is
    found: the line may be for a game the person joins next)."""
    session = _session(interaction)
    if session is None:
        return _lines(screens_of(DEFAULT_GAME), current, None)
    mine = current_decision(table_of(interaction), session, actor_from(interaction))
    return _lines(screens_of_game(session), current, mine.decision if mine is not None else None)


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
    return _lines(screens_of_game(session), current, decision)


async def game_ids(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The games Maester hosts (``/game create game:``), found by their title or id."""
    text = current.lower().strip()[:MAX_VALUE]
    return [
        app_commands.Choice(name=entry.title[:MAX_VALUE], value=entry.id)
        for entry in data.games.games()
        if not text or text in entry.title.lower() or text in entry.id
    ][:MAX_CHOICES]


async def game_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The options of the game being created (``/game create game:``), completing the last one typed."""
    chosen = getattr(interaction.namespace, "game", None)
    try:
        kind = kind_of(chosen if isinstance(chosen, str) else DEFAULT_GAME)
    except TableError:
        return []
    return [
        app_commands.Choice(name=label, value=value)
        for value, label in suggest_options(kind, current)
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
    return [
        app_commands.Choice(name=name, value=name)
        for name in session.kind.deadlines
        if not text or name.startswith(text)
    ][:MAX_CHOICES]
