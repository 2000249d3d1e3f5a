"""Public messages: the board post after every phase, the status of a game, its chronicle, its cards,
notices and the end of a game, for any game (its screens give the names and its own part). Each is built
from a table outbox payload or from the spectator's view, never from a house's view, so nothing secret
can reach a channel through them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.common import screens_of_game
from cogs.layout import clip
from cogs.screens import GameScreens, screens_for
from i18n import AUTONYMS
from table import votes
from table.session import LOBBY, Session

BOARD_FILE = "board.png"
GREY = 0x777777
GOLD = 0xD4AF37  # the end of a game


def due_text(due_at: float | None) -> str:
    return f"due <t:{int(due_at)}:R>" if due_at else "no deadline"


def waiting_lines(screens: GameScreens, waiting: list[dict[str, Any]]) -> list[str]:
    """``House Stark — <@1>: Place your orders, due <t:…:R>`` for each house being waited on."""
    lines = []
    for entry in waiting:
        who = f"<@{entry['user_id']}>" if entry.get("user_id") else entry.get("player", "nobody")
        house = screens.seat_name(entry["house"])
        title = screens.kind_title(entry["kind"])
        lines.append(f"{house} — {who}: {title}, {due_text(entry.get('due_at'))}")
    return lines


def _fit_lines(lines: list[str], limit: int, more: str) -> str:
    """The last lines that fit in ``limit`` characters, saying how many earlier ones were left out."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = clip(line, 1000)
        if size + len(line) + 1 > limit - 60:
            break
        kept.append(line)
        size += len(line) + 1
    kept.reverse()
    left_out = len(lines) - len(kept)
    if left_out:
        kept.insert(0, f"… {left_out} earlier line(s): {more}")
    return "\n".join(kept)


def board_embed(payload: dict[str, Any], *, image: bool) -> discord.Embed:
    """The embed posted with a board image: what happened (the summary lines), and who must act by when.
    The payload names its game (the board's view does, or /game board's payload)."""
    screens = screens_for(payload)
    summary = [f"• {line}" for line in payload.get("summary", [])]
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: {payload.get('title', '')}", 256),
        description=_fit_lines(summary, 3500, "/game log") or "Nothing to report.",
        colour=screens.phase_colour(str(payload.get("phase"))) or GREY,
    )
    waiting = waiting_lines(screens, payload.get("waiting", []))
    if waiting:
        embed.add_field(name="Waiting for", value=_fit_lines(waiting, 1024, "/game status"), inline=False)
    when = [f"round {payload['round']}"] if payload.get("round") is not None else []
    stage = "the game is over" if payload.get("over") else f"{payload.get('phase')} phase"
    embed.set_footer(text=" · ".join([f"Game {payload['game_id']}", *when, stage]))
    if image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def phase_log_embed(screens: GameScreens, payload: dict[str, Any]) -> discord.Embed:
    """The live log of a phase: what has happened so far (the latest lines, when they are many) and who
    is waited for. Edited as the phase goes; its mentions in the embed notify nobody."""
    lines = [f"• {line}" for line in payload.get("lines", [])]
    while lines and len("\n".join(lines)) > 3800:
        lines.pop(0)
    hidden = len(payload.get("lines", [])) - len(lines)
    if hidden:
        lines.insert(0, f"… {hidden} earlier line(s): `/game log`")
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: {payload.get('title', '')}", 256),
        description="\n".join(lines) or "Nothing has happened yet in this phase.",
        colour=screens.phase_colour(str(payload.get("phase"))) or GREY,
    )
    waiting = waiting_lines(screens, payload.get("waiting", []))
    if waiting:
        embed.add_field(name="Waiting for", value=_fit_lines(waiting, 1024, "/game status"), inline=False)
    state = "this phase is over" if payload.get("closed") else "updated as the game goes"
    embed.set_footer(text=f"Game {payload['game_id']} · {state}")
    return embed


def notice_text(payload: dict[str, Any]) -> str:
    return clip(
        f"**{payload.get('game_name', '')}** (game {payload['game_id']}): {payload.get('text', '')}", 2000
    )


def _after_round(round_: int | None) -> str:
    return "" if round_ is None else f" after round {round_}"


def _standings(screens: GameScreens, ranking: Sequence[str]) -> str:
    return "\n".join(f"{n}. {screens.seat_name(seat)}" for n, seat in enumerate(ranking, start=1)) or "none"


def game_over_embed(screens: GameScreens, payload: dict[str, Any]) -> discord.Embed:
    winner = payload.get("winner")
    ranking = payload.get("ranking") or []
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: the game is over", 256),
        description=screens.winner_line(winner) if winner else "The game is over.",
        colour=GOLD,
    )
    if ranking:
        embed.add_field(
            name="Standings",
            value=_standings(screens, ranking),
            inline=False,
        )
    embed.set_footer(text=f"Game {payload['game_id']}")
    return embed


def _seat_lines(screens: GameScreens, session: Session) -> list[str]:
    lines = []
    for seat in session.seats:
        who = f"AI ({seat.ai})" if seat.ai else (f"<@{seat.user_id}>" if seat.user_id else "nobody (waiting)")
        house = screens.seat_name(seat.house) if seat.house else "house not chosen"
        lines.append(f"{house} — {who}")
    return lines


def status_embed(session: Session) -> discord.Embed:
    """Round, phase, seats, and who must act by when; from the spectator's view only."""
    info = session.info()
    settings = session.settings
    screens = screens_of_game(session)
    embed = discord.Embed(title=clip(f"{session.name} (game {session.id})", 256), colour=GREY)
    if session.broken is not None:
        embed.description = clip(
            f"⚠️ Out of service: {session.broken}. A moderator can take back its last actions with "
            "`/mod undo` (it comes back if it then loads) or end it with `/mod end`.",
            4000,
        )
        return embed
    if session.status == LOBBY or session.game is None:
        free = ", ".join(h.title() for h in session.houses_available()) or "none"
        embed.description = (
            f"In the lobby: {len(session.seats)} of {settings.players} seats taken. Houses are "
            f"{'dealt at random' if settings.house_assignment == 'random' else 'chosen'}; free: {free}.\n"
            "Join with `/game join`; the creator starts with `/game start`."
        )
    else:
        readout = session.game.readout()
        status = screens.status(readout, session.game.view(None))
        embed.colour = screens.phase_colour(readout.phase) or GREY
        state = "" if session.status == "active" else f" ({session.status})"
        embed.description = f"{status.summary}{state}."
        if readout.over:
            won = f" {screens.winner_line(readout.winner)}" if readout.winner else ""
            embed.description = f"The game is over{_after_round(readout.round)}.{won}"
            embed.add_field(
                name="Standings", value=clip(_standings(screens, readout.ranking), 1024), inline=False
            )
        for name, value, inline in status.fields:
            embed.add_field(name=name, value=clip(value, 1024), inline=inline)
    embed.add_field(
        name="Seats", value=clip("\n".join(_seat_lines(screens, session)) or "nobody yet", 1024), inline=False
    )
    waiting = waiting_lines(screens, session.waiting_summary())
    if waiting:
        embed.add_field(name="Waiting for", value=_fit_lines(waiting, 1024, "more"), inline=False)
    under_way = _under_way(session)
    if under_way:
        embed.add_field(name="Under way", value=_fit_lines(under_way, 1024, "more"), inline=False)
    described = {option.name: option for option in session.kind.options}
    options = [
        session.kind.title,
        f"{settings.players} players",
        *(described[name].shown(value) for name, value in settings.options.items() if name in described),
        f"no-move policy: {settings.no_move_policy}",
        f"language: {AUTONYMS[settings.language]}",
        "deadlines: " + ", ".join(f"{k} {_hours(v)}" for k, v in settings.deadlines.items()),
    ]
    embed.set_footer(text=clip(" · ".join(options) + f" · status: {info['status']}", 2048))
    return embed


def _under_way(session: Session) -> list[str]:
    """The players' open votes, a scheduled end and the vacations: what will change the game's course."""
    lines = []
    for vote in session.votes:
        count = votes.tally(vote, session)
        lines.append(
            f"🗳️ {votes.question(vote, session)} Yes: {len(count.yes)} of the {count.needed} needed; "
            f"no: {len(count.no)}; closes <t:{int(vote.closes_at)}:R>."
        )
    if session.ends_after_round is not None:
        lines.append(f"🏁 The game ends after round {session.ends_after_round}.")
    for user_id, (starts, ends) in sorted(session.vacations.items()):
        seat = session.seat_of_user(user_id)
        if seat is not None and seat.house is not None:
            lines.append(
                f"🏖️ {seat.label} ({session.kind.seat_name(seat.house)}) is away "
                f"<t:{int(starts)}:d> to <t:{int(ends)}:d>: defaults after an hour."
            )
    return lines


def _hours(seconds: int) -> str:
    hours = seconds / 3600
    return f"{hours:g}h" if hours >= 1 else f"{seconds // 60}min"


def cards_embed(session: Session, house: str | None = None) -> discord.Embed:
    """Every house's cards, or one house's, as the game shows them to anyone (from the spectator's view)."""
    screens = screens_of_game(session)
    word = screens.cards_word
    embed = discord.Embed(title=clip(f"{session.name}: {word or 'cards'}", 256), colour=GREY)
    if word is None:
        embed.description = "This game has no cards to show."
    elif session.game is None:
        embed.description = "The game has not started."
    else:
        for name, value in screens.card_fields(session.game.view(None), house):
            embed.add_field(name=clip(name, 256), value=clip(value, 1024), inline=False)
    return embed


def chronicle_embed(session: Session, lines: list[str], page: int = 0, pages: int = 1) -> discord.Embed:
    embed = discord.Embed(
        title=clip(f"{session.name}: the chronicle", 256),
        description=_fit_lines([f"• {line}" for line in lines], 4000, "older lines are not shown")
        or "Nothing has happened yet.",
        colour=GREY,
    )
    embed.set_footer(
        text=f"Page {page + 1} of {pages} · game {session.id} · /game log file:True for all of it"
    )
    return embed


def games_embed(title: str, games: list[Session]) -> discord.Embed:
    """The games a person may reach: each with its number, status, channel and who it waits on."""
    lines = []
    for session in sorted(games, key=lambda s: (s.status in ("over", "ended"), -s.id)):
        waiting = ", ".join(
            f"<@{w['user_id']}>" if w.get("user_id") else w["player"] for w in session.waiting_summary()
        )
        seats = f"{len(session.seats)}/{session.settings.players}"
        state = {"lobby": f"lobby, {seats} seats", "active": "running", "paused": "paused"}.get(
            session.status, session.status
        )
        line = f"**{session.id}** · {session.name} · {state} · <#{session.channel_id}>"
        screens = screens_of_game(session)
        open_seats = [
            screens.seat_name(s.house)
            for s in session.seats
            if s.house and s.user_id is None and not s.ai and session.status in ("active", "paused")
        ]
        if session.broken:
            line += " · ⚠️ out of service"
        elif waiting:
            line += f" · waiting on {waiting}"
        if open_seats and not session.broken:
            line += f" · 🪑 open seat: {', '.join(open_seats)} (`/game volunteer`)"
        lines.append(line)
    return discord.Embed(
        title=title,
        description=_fit_lines(lines, 4000, "more: name a game by its number") if lines else "No games yet.",
        colour=GREY,
    )
