"""Autocomplete for slash command options: games, houses, and notation lines (verbs, areas, order tokens,
cards and units, narrowed to the person's current decision when there is one)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs import rules
from cogs.common import actor_from, current_decision, table_of
from cogs.drafts import strip_house
from table.errors import TableError
from table.outbox import decision_json
from table.session import Session
from table.text import MAX_LINE

MAX_CHOICES = 25
MAX_VALUE = 100

_RAVEN = ("none", "peek", "keep", "bury", "swap")
_MUSTER_WORDS = ("footman", "knight", "siege", "footman->knight", "footman->siege", "none")


def _prefixed(words: list[str], prefix: str) -> list[str]:
    prefix = prefix.lower()
    return [w for w in words if w.lower().startswith(prefix)]


def _vocabulary(verb: str, words: list[str], last: str, decision: dict[str, Any] | None) -> list[str]:
    """Words that may come next after ``verb`` and ``words`` (the finished words after it)."""
    schema = (decision or {}).get("schema") or {}
    options = [strip_house(o) for o in (decision or {}).get("options") or []]
    option_words = [o.split(" ", 1)[1] for o in options if " " in o and o.split(" ", 1)[0] == verb]
    areas = list(rules.AREAS)
    if verb == "orders":
        mine = list(schema.get("areas") or areas)
        given = {w.split("=", 1)[0] for w in words if "=" in w}
        if "=" in last:
            area = last.split("=", 1)[0]
            tokens = [t for t, n in (schema.get("tokens") or {}).items() if n] or list(rules.TOKENS)
            return [f"{area}={t}" for t in tokens]
        return [f"{a}=" for a in mine if a not in given]
    if verb in ("play", "discard", "retrieve", "choose", "bid"):
        if option_words:
            return option_words
        if verb in ("play", "discard", "retrieve"):
            return [*rules.CARDS, "none"] if verb == "retrieve" else list(rules.CARDS)
        return ["none"]
    if verb == "rank":
        houses = list(schema.get("houses") or rules.HOUSES)
        return [h for h in houses if h not in words]
    if verb == "raven":
        if not words:
            return list(_RAVEN)
        if words[0] == "swap":
            return areas if len(words) == 1 else list(rules.TOKENS)
        return []
    if verb in ("raid", "march"):
        if not words:
            sources = sorted((schema.get("orders") or {}).keys()) if verb == "march" else []
            return sources or areas
        if "->" not in words:
            return ["->"]
        if verb == "raid":
            return ["none", *areas]
        return [*areas, *rules.UNIT_KINDS, "+power", "none"]
    if verb in ("muster", "consolidate"):
        if verb == "consolidate" and not words:
            return sorted((schema.get("orders") or {}).keys()) or areas
        if verb == "consolidate" and len(words) == 1:
            return ["muster"]
        castles = sorted(rules.muster_points(decision)) if decision else []
        return [*(castles or areas), *_MUSTER_WORDS]
    if verb in ("destroy", "swap"):
        return [*areas, *rules.UNIT_KINDS, "footman->knight", "knight->footman", "none"]
    return []


def complete_line(text: str, decision: dict[str, Any] | None) -> list[str]:
    """Suggestions for a notation line typed so far: whole answers of the decision that start with it,
    then the line with its last word completed."""
    typed = text.lstrip()[:MAX_LINE]
    found: list[str] = []

    def add(candidate: str) -> None:
        if candidate and len(candidate) <= MAX_VALUE and candidate not in found:
            found.append(candidate)

    if decision is not None:
        answers = [strip_house(decision["default"]), *(strip_house(o) for o in decision.get("options") or [])]
        for answer in answers:
            if answer.lower().startswith(typed.lower()):
                add(answer)
    head, _, last = typed.rpartition(" ")
    words = head.split()
    if not words:
        verbs = [v for v in rules.VERBS if v.startswith(last.lower())]
        if decision is not None:
            mine = strip_house(decision["default"]).split(" ", 1)[0]
            verbs.sort(key=lambda v: v != mine)
        for verb in verbs:
            add(verb + " ")
    else:
        verb, rest = words[0].lower(), words[1:]
        for word in _prefixed(_vocabulary(verb, rest, last, decision), last):
            add(f"{head} {word}")
    return found[:MAX_CHOICES]


# --- the callbacks -----------------------------------------------------------------------------------------


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


def _house_choices(houses: list[str], current: str) -> list[app_commands.Choice[str]]:
    text = current.lower().strip()
    return [
        app_commands.Choice(name=rules.house_name(h), value=h)
        for h in houses
        if not text or text in h or text in rules.house_name(h).lower()
    ][:MAX_CHOICES]


async def free_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses a person may still take in the game's lobby."""
    session = _session(interaction)
    if session is None:
        return _house_choices(list(rules.HOUSES), current)
    houses = session.houses_available()
    seat = session.seat_of_user(interaction.user.id)
    if seat is not None and seat.house:
        houses = [seat.house, *houses]
    return _house_choices(houses, current)


async def seated_houses(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Houses with a seat in the game (for moderators and the cards)."""
    session = _session(interaction)
    if session is None:
        return _house_choices(list(rules.HOUSES), current)
    seated = [s.house for s in session.seats if s.house]
    return _house_choices(seated or list(rules.houses_for(session.settings.players)), current)


async def my_line(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The person's own decision's answers, and notation words."""
    session = _session(interaction)
    decision = None
    if session is not None:
        mine = current_decision(table_of(interaction), session, actor_from(interaction))
        decision = mine.decision if mine is not None else None
    return [app_commands.Choice(name=s, value=s) for s in complete_line(current, decision)]


async def forced_line(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """For a moderator forcing a house: that house's decision's answers, and notation words (for
    moderators only: the answers of a house card decision would show another house's hand)."""
    session = _session(interaction)
    house = getattr(interaction.namespace, "house", None)
    decision = None
    if session is not None and house and table_of(interaction).is_moderator(session, actor_from(interaction)):
        pending = [d for d in session.pending() if d.house == house]
        decision = decision_json(pending[0]) if pending else None
    return [app_commands.Choice(name=s, value=s) for s in complete_line(current, decision)]


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
