"""Public messages: the board post after every phase, the status of a game, its chronicle, the house cards,
notices and the end of a game. Each is built from a table outbox payload or from the spectator's view,
never from a house's view, so nothing secret can reach a channel through them."""

from __future__ import annotations

from typing import Any

import discord

from cogs import rules
from cogs.prompts import clip, kind_title
from table.session import LOBBY, Session

BOARD_FILE = "board.png"
_PHASE_COLOURS = {"westeros": 0x4A6FA5, "planning": 0x8E6C3A, "action": 0xA33B2A, "over": 0xD4AF37}


def due_text(due_at: float | None) -> str:
    return f"due <t:{int(due_at)}:R>" if due_at else "no deadline"


def waiting_lines(waiting: list[dict[str, Any]]) -> list[str]:
    """``House Stark — <@1>: Place your orders, due <t:…:R>`` for each house being waited on."""
    lines = []
    for entry in waiting:
        who = f"<@{entry['user_id']}>" if entry.get("user_id") else entry.get("player", "nobody")
        house = rules.house_name(entry["house"])
        lines.append(f"{house} — {who}: {kind_title(entry['kind'])}, {due_text(entry.get('due_at'))}")
    return lines


def waiting_users(waiting: list[dict[str, Any]]) -> list[int]:
    found: list[int] = []
    for entry in waiting:
        user = entry.get("user_id")
        if user and user not in found:
            found.append(int(user))
    return found


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
    """The embed posted with a board image: what happened (the summary lines), and who must act by when."""
    summary = [f"• {line}" for line in payload.get("summary", [])]
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: {payload.get('title', '')}", 256),
        description=_fit_lines(summary, 3500, "/game log") or "Nothing to report.",
        colour=_PHASE_COLOURS.get(str(payload.get("phase")), 0x777777),
    )
    waiting = waiting_lines(payload.get("waiting", []))
    if waiting:
        embed.add_field(name="Waiting for", value=_fit_lines(waiting, 1024, "/game status"), inline=False)
    embed.set_footer(
        text=f"Game {payload['game_id']} · round {payload.get('round')} · {payload.get('phase')} phase"
    )
    if image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def board_ping(payload: dict[str, Any]) -> tuple[str | None, list[int]]:
    """The content that pings the players being waited on, and their ids (for allowed mentions)."""
    users = waiting_users(payload.get("waiting", []))
    if not users:
        return None, []
    return " ".join(f"<@{u}>" for u in users) + ": your move.", users


def notice_text(payload: dict[str, Any]) -> str:
    return clip(
        f"**{payload.get('game_name', '')}** (game {payload['game_id']}): {payload.get('text', '')}", 2000
    )


def game_over_embed(payload: dict[str, Any]) -> discord.Embed:
    winner = payload.get("winner")
    ranking = payload.get("ranking") or []
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: the game is over", 256),
        description=f"👑 **{rules.house_name(winner)}** wins the Iron Throne."
        if winner
        else "The game is over.",
        colour=_PHASE_COLOURS["over"],
    )
    if ranking:
        embed.add_field(
            name="Standings",
            value="\n".join(f"{n}. {rules.house_name(h)}" for n, h in enumerate(ranking, start=1)),
            inline=False,
        )
    embed.set_footer(text=f"Game {payload['game_id']}")
    return embed


def _seat_lines(session: Session) -> list[str]:
    lines = []
    for seat in session.seats:
        who = f"AI ({seat.ai})" if seat.ai else (f"<@{seat.user_id}>" if seat.user_id else "nobody (waiting)")
        house = rules.house_name(seat.house) if seat.house else "house not chosen"
        lines.append(f"{house} — {who}")
    return lines


def status_embed(session: Session) -> discord.Embed:
    """Round, phase, seats, and who must act by when; from the spectator's view only."""
    info = session.info()
    settings = session.settings
    embed = discord.Embed(title=clip(f"{session.name} (game {session.id})", 256), colour=0x777777)
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
        view = session.game.view(None)
        embed.colour = _PHASE_COLOURS.get(view["phase"], 0x777777)
        state = "" if session.status == "active" else f" ({session.status})"
        embed.description = f"Round {view['round']} of 10, {view['phase']} phase{state}."
        tracks = view["tracks"]
        embed.add_field(
            name="Influence tracks",
            value="\n".join(
                f"{rules.TRACK_NAMES[name]}: " + ", ".join(h.title() for h in tracks[name])
                for name in ("throne", "fiefdoms", "court")
            ),
            inline=False,
        )
        houses = view["houses"]
        embed.add_field(
            name="Houses",
            value=clip(
                "\n".join(
                    f"{rules.house_name(h)}: {d['castles'] + d['strongholds']} castles/strongholds, "
                    f"{d['power']} power, supply {d['supply']}"
                    for h, d in houses.items()
                ),
                1024,
            ),
            inline=False,
        )
        embed.add_field(name="Wildling threat", value=str(view["wildlings"]["threat"]), inline=True)
    embed.add_field(
        name="Seats", value=clip("\n".join(_seat_lines(session)) or "nobody yet", 1024), inline=False
    )
    waiting = waiting_lines(session.waiting_summary())
    if waiting:
        embed.add_field(name="Waiting for", value=_fit_lines(waiting, 1024, "more"), inline=False)
    described = {option.name: option for option in session.kind.options}
    options = [
        f"{settings.players} players",
        *(described[name].shown(value) for name, value in settings.options.items() if name in described),
        f"no-move policy: {settings.no_move_policy}",
        "deadlines: " + ", ".join(f"{k} {_hours(v)}" for k, v in settings.deadlines.items()),
    ]
    embed.set_footer(text=clip(" · ".join(options) + f" · status: {info['status']}", 2048))
    return embed


def _hours(seconds: int) -> str:
    hours = seconds / 3600
    return f"{hours:g}h" if hours >= 1 else f"{seconds // 60}min"


def cards_embed(session: Session, house: str | None = None) -> discord.Embed:
    """Every house's cards in hand and discarded (public in this game)."""
    game = session.game
    embed = discord.Embed(title=clip(f"{session.name}: house cards", 256), colour=0x777777)
    if game is None:
        embed.description = "The game has not started."
        return embed
    houses = game.view(None)["houses"]
    for name, info in houses.items():
        if house is not None and name != house:
            continue
        hand = ", ".join(rules.card_label(c) for c in info["hand"]) or "none"
        discards = ", ".join(rules.card_label(c) for c in info["discards"]) or "none"
        embed.add_field(
            name=rules.house_name(name),
            value=clip(f"In hand: {hand}\nDiscarded: {discards}", 1024),
            inline=False,
        )
    return embed


def chronicle_embed(session: Session, lines: list[str]) -> discord.Embed:
    return discord.Embed(
        title=clip(f"{session.name}: the chronicle", 256),
        description=_fit_lines([f"• {line}" for line in lines], 4000, "older lines are not shown")
        or "Nothing has happened yet.",
        colour=0x777777,
    )
