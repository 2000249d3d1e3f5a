"""Public messages: the board post after every phase, the status of a game, its chronicle, its cards,
notices and the end of a game, for any game (its screens give the names and its own part). Each is built
from a table outbox payload or from the spectator's view, never from a house's view, so nothing secret
can reach a channel through them.

Each is worded in the language it is given: a channel's post in its game's, an answer in its reader's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.common import screens_of_game
from cogs.layout import clip
from cogs.screens import GameScreens, screens_for
from i18n import AUTONYMS, SOURCE_LANGUAGE, Translator, translator
from table import votes
from table.session import LOBBY, Session

BOARD_FILE = "board.png"
GREY = 0x777777
GOLD = 0xD4AF37  # the end of a game


def due_text(due_at: float | None, language: str = SOURCE_LANGUAGE) -> str:
    words = translator(language)
    return (
        words.gettext("due {when}", when=f"<t:{int(due_at)}:R>") if due_at else words.gettext("no deadline")
    )


def waiting_lines(
    screens: GameScreens, waiting: list[dict[str, Any]], language: str = SOURCE_LANGUAGE
) -> list[str]:
    """``House Stark — <@1>: Place your orders, due <t:…:R>`` for each house being waited on."""
    words = translator(language)
    lines = []
    for entry in waiting:
        who = _waiting_on(entry, words)
        house = screens.seat_name(entry["house"], language)
        title = screens.kind_title(entry["kind"], language)
        lines.append(f"{house} — {who}: {title}, {due_text(entry.get('due_at'), language)}")
    return lines


def _fit_lines(lines: list[str], limit: int, more: str, words: Translator | None = None) -> str:
    """The last lines that fit in ``limit`` characters, saying how many earlier ones were left out (and where
    to find them, ``more``)."""
    words = words or translator(SOURCE_LANGUAGE)
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
        kept.insert(
            0,
            words.ngettext(
                "… {count} earlier line: {more}",
                "… {count} earlier lines: {more}",
                left_out,
                count=left_out,
                more=more,
            ),
        )
    return "\n".join(kept)


def _game_line(words: Translator, game_id: object, round_: object, stage: str) -> str:
    """A footer's "Game 3 · round 2 · Action phase" (no round before the game's first)."""
    if round_ is None:
        return words.gettext("Game {id} · {stage}", id=game_id, stage=stage)
    return words.gettext("Game {id} · round {round} · {stage}", id=game_id, round=round_, stage=stage)


def board_embed(payload: dict[str, Any], *, image: bool, language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """The embed posted with a board image: what happened (the summary lines), and who must act by when.
    The payload names its game (the board's view does, or /game board's payload)."""
    screens = screens_for(payload)
    words = translator(language)
    summary = [f"• {line}" for line in payload.get("summary", [])]
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: {payload.get('title', '')}", 256),
        description=_fit_lines(summary, 3500, f"`{words.command('game log')}`", words)
        or words.gettext("Nothing to report."),
        colour=screens.phase_colour(str(payload.get("phase"))) or GREY,
    )
    waiting = waiting_lines(screens, payload.get("waiting", []), language)
    if waiting:
        embed.add_field(
            name=words.gettext("Waiting for"),
            value=_fit_lines(waiting, 1024, f"`{words.command('game status')}`", words),
            inline=False,
        )
    over = payload.get("over")
    stage = (
        words.gettext("the game is over") if over else screens.phase_name(str(payload.get("phase")), language)
    )
    embed.set_footer(text=clip(_game_line(words, payload["game_id"], payload.get("round"), stage), 2048))
    if image:
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    return embed


def phase_log_embed(
    screens: GameScreens, payload: dict[str, Any], language: str = SOURCE_LANGUAGE
) -> discord.Embed:
    """The live log of a phase: what has happened so far (the latest lines, when they are many) and who
    is waited for. Edited as the phase goes; its mentions in the embed notify nobody."""
    words = translator(language)
    lines = [f"• {line}" for line in payload.get("lines", [])]
    while lines and len("\n".join(lines)) > 3800:
        lines.pop(0)
    hidden = len(payload.get("lines", [])) - len(lines)
    if hidden:
        log = f"`{words.command('game log')}`"
        lines.insert(
            0,
            words.ngettext(
                "… {count} earlier line: {more}",
                "… {count} earlier lines: {more}",
                hidden,
                count=hidden,
                more=log,
            ),
        )
    embed = discord.Embed(
        title=clip(f"{payload.get('game_name', '')}: {payload.get('title', '')}", 256),
        description="\n".join(lines) or words.gettext("Nothing has happened yet in this phase."),
        colour=screens.phase_colour(str(payload.get("phase"))) or GREY,
    )
    waiting = waiting_lines(screens, payload.get("waiting", []), language)
    if waiting:
        embed.add_field(
            name=words.gettext("Waiting for"),
            value=_fit_lines(waiting, 1024, f"`{words.command('game status')}`", words),
            inline=False,
        )
    if payload.get("closed"):
        footer = words.gettext("Game {id} · this phase is over", id=payload["game_id"])
    else:
        footer = words.gettext("Game {id} · updated as the game goes", id=payload["game_id"])
    embed.set_footer(text=footer)
    return embed


def notice_text(payload: dict[str, Any], language: str = SOURCE_LANGUAGE) -> str:
    return clip(
        translator(language).gettext(
            "**{game}** (game {id}): {text}",
            game=payload.get("game_name", ""),
            id=payload["game_id"],
            text=payload.get("text", ""),
        ),
        2000,
    )


def _standings(screens: GameScreens, ranking: Sequence[str], language: str) -> str:
    lines = (f"{n}. {screens.seat_name(seat, language)}" for n, seat in enumerate(ranking, start=1))
    return "\n".join(lines) or translator(language).gettext("none")


def game_over_embed(
    screens: GameScreens, payload: dict[str, Any], language: str = SOURCE_LANGUAGE
) -> discord.Embed:
    words = translator(language)
    winner = payload.get("winner")
    ranking = payload.get("ranking") or []
    embed = discord.Embed(
        title=clip(words.gettext("{game}: the game is over", game=payload.get("game_name", "")), 256),
        description=screens.winner_line(winner, language) if winner else words.gettext("The game is over."),
        colour=GOLD,
    )
    if ranking:
        embed.add_field(
            name=words.gettext("Standings"),
            value=clip(_standings(screens, ranking, language), 1024),
            inline=False,
        )
    embed.set_footer(text=words.gettext("Game {id}", id=payload["game_id"]))
    return embed


def _seat_lines(screens: GameScreens, session: Session, words: Translator) -> list[str]:
    lines = []
    for seat in session.seats:
        if seat.ai:
            who = words.gettext("AI ({style})", style=seat.ai)
        else:
            who = f"<@{seat.user_id}>" if seat.user_id else words.gettext("nobody (waiting)")
        house = (
            screens.seat_name(seat.house, words.language) if seat.house else words.gettext("house not chosen")
        )
        lines.append(f"{house} — {who}")
    return lines


def _lobby_text(session: Session, screens: GameScreens, words: Translator) -> str:
    settings = session.settings
    free = ", ".join(screens.seat_name(h, words.language) for h in session.houses_available())
    fields = {
        "taken": len(session.seats),
        "count": settings.players,
        "free": free or words.gettext("none"),
        "join": f"`{words.command('game join')}`",
        "start": f"`{words.command('game start')}`",
    }
    if settings.house_assignment == "random":
        return words.ngettext(
            "In the lobby: {taken} of {count} seat taken. Houses are dealt at random; free: {free}.\nJoin "
            "with {join}; the creator starts with {start}.",
            "In the lobby: {taken} of {count} seats taken. Houses are dealt at random; free: {free}.\nJoin "
            "with {join}; the creator starts with {start}.",
            settings.players,
            **fields,
        )
    return words.ngettext(
        "In the lobby: {taken} of {count} seat taken. Houses are chosen; free: {free}.\nJoin with {join}; "
        "the creator starts with {start}.",
        "In the lobby: {taken} of {count} seats taken. Houses are chosen; free: {free}.\nJoin with {join}; "
        "the creator starts with {start}.",
        settings.players,
        **fields,
    )


def status_word(words: Translator, status: str) -> str:
    """A game's status in a few words: "running", "paused"..."""
    found = {
        "lobby": words.pgettext("game status", "lobby"),
        "active": words.pgettext("game status", "running"),
        "paused": words.pgettext("game status", "paused"),
        "over": words.pgettext("game status", "over"),
        "ended": words.pgettext("game status", "ended"),
    }
    return found.get(status, status)


def status_embed(session: Session, language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """Round, phase, seats, and who must act by when; from the spectator's view only."""
    words = translator(language)
    screens = screens_of_game(session)
    title = words.gettext("{game} (game {id})", game=session.name, id=session.id)
    embed = discord.Embed(title=clip(title, 256), colour=GREY)
    if session.broken is not None:
        embed.description = clip(
            words.gettext(
                "⚠️ Out of service: {why}. A moderator can take back its last actions with {undo} (it comes "
                "back if it then loads) or end it with {end}.",
                why=session.broken,
                undo=f"`{words.command('mod undo')}`",
                end=f"`{words.command('mod end')}`",
            ),
            4000,
        )
        return embed
    if session.status == LOBBY or session.game is None:
        embed.description = _lobby_text(session, screens, words)
    else:
        readout = session.game.readout()
        status = screens.status(readout, session.game.view(None), language)
        embed.colour = screens.phase_colour(readout.phase) or GREY
        if session.status == "active":
            embed.description = words.gettext("{summary}.", summary=status.summary)
        else:
            embed.description = words.gettext(
                "{summary} ({status}).", summary=status.summary, status=status_word(words, session.status)
            )
        if readout.over:
            won = f" {screens.winner_line(readout.winner, language)}" if readout.winner else ""
            if readout.round is None:
                embed.description = words.gettext("The game is over.") + won
            else:
                embed.description = (
                    words.gettext("The game is over after round {round}.", round=readout.round) + won
                )
            embed.add_field(
                name=words.gettext("Standings"),
                value=clip(_standings(screens, readout.ranking, language), 1024),
                inline=False,
            )
        for name, value, inline in status.fields:
            embed.add_field(name=clip(name, 256), value=clip(value, 1024), inline=inline)
    seats = "\n".join(_seat_lines(screens, session, words)) or words.gettext("nobody yet")
    embed.add_field(name=words.gettext("Seats"), value=clip(seats, 1024), inline=False)
    more = words.gettext("more")
    waiting = waiting_lines(screens, session.waiting_summary(), language)
    if waiting:
        embed.add_field(
            name=words.gettext("Waiting for"), value=_fit_lines(waiting, 1024, more, words), inline=False
        )
    under_way = _under_way(session, words)
    if under_way:
        embed.add_field(
            name=words.gettext("Under way"), value=_fit_lines(under_way, 1024, more, words), inline=False
        )
    embed.set_footer(text=clip(_settings_line(session, words), 2048))
    return embed


def _settings_line(session: Session, words: Translator) -> str:
    """The status's footer: the game, its options, language and deadlines, and its status."""
    settings = session.settings
    described = {option.name: option for option in session.kind.options}
    policy = {
        "wait": words.pgettext("choice name", "wait"),
        "default": words.pgettext("choice name", "default"),
    }
    deadlines = ", ".join(
        f"{words.pgettext('deadline category', k)} {_hours(v)}" for k, v in settings.deadlines.items()
    )
    options = [
        words.pgettext("game title", session.kind.title),
        words.ngettext("{count} player", "{count} players", settings.players, count=settings.players),
        *(
            described[name].shown(value, words)
            for name, value in settings.options.items()
            if name in described
        ),
        words.gettext(
            "no-move policy: {policy}", policy=policy.get(settings.no_move_policy, settings.no_move_policy)
        ),
        words.gettext("language: {language}", language=AUTONYMS[settings.language]),
        words.gettext("deadlines: {deadlines}", deadlines=deadlines),
        words.gettext("status: {status}", status=status_word(words, session.status)),
    ]
    return " · ".join(options)


def _under_way(session: Session, words: Translator) -> list[str]:
    """The players' open votes, a scheduled end and the vacations: what will change the game's course."""
    lines = []
    for vote in session.votes:
        count = votes.tally(vote, session)
        lines.append(
            words.gettext(
                "🗳️ {question} Yes: {yes} of the {needed} needed; no: {no}; closes {when}.",
                question=votes.question(vote, session),
                yes=len(count.yes),
                needed=count.needed,
                no=len(count.no),
                when=f"<t:{int(vote.closes_at)}:R>",
            )
        )
    if session.ends_after_round is not None:
        lines.append(words.gettext("🏁 The game ends after round {round}.", round=session.ends_after_round))
    screens = screens_of_game(session)
    for user_id, (starts, ends) in sorted(session.vacations.items()):
        seat = session.seat_of_user(user_id)
        if seat is not None and seat.house is not None:
            lines.append(
                words.gettext(
                    "🏖️ {player} ({house}) is away {first} to {last}: defaults after an hour.",
                    player=seat.label,
                    house=screens.seat_name(seat.house, words.language),
                    first=f"<t:{int(starts)}:d>",
                    last=f"<t:{int(ends)}:d>",
                )
            )
    return lines


def _hours(seconds: int) -> str:
    hours = seconds / 3600
    return f"{hours:g}h" if hours >= 1 else f"{seconds // 60}min"


def cards_embed(session: Session, house: str | None = None, language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """Every house's cards, or one house's, as the game shows them to anyone (from the spectator's view)."""
    words = translator(language)
    screens = screens_of_game(session)
    cards = screens.cards_title(language)
    title = words.gettext("{game}: {cards}", game=session.name, cards=cards or words.gettext("cards"))
    embed = discord.Embed(title=clip(title, 256), colour=GREY)
    if cards is None:
        embed.description = words.gettext("This game has no cards to show.")
    elif session.game is None:
        embed.description = words.gettext("The game has not started.")
    else:
        for name, value in screens.card_fields(session.game.view(None), house, language):
            embed.add_field(name=clip(name, 256), value=clip(value, 1024), inline=False)
    return embed


def chronicle_embed(
    session: Session, lines: list[str], page: int = 0, pages: int = 1, language: str = SOURCE_LANGUAGE
) -> discord.Embed:
    words = translator(language)
    embed = discord.Embed(
        title=clip(words.gettext("{game}: the chronicle", game=session.name), 256),
        description=_fit_lines(
            [f"• {line}" for line in lines], 4000, words.gettext("older lines are not shown"), words
        )
        or words.gettext("Nothing has happened yet."),
        colour=GREY,
    )
    embed.set_footer(
        text=words.gettext(
            "Page {page} of {pages} · game {id} · {command} for all of it",
            page=page + 1,
            pages=pages,
            id=session.id,
            command=f"{words.command('game log')} {words.pgettext('option name', 'file')}:True",
        )
    )
    return embed


def _listed_state(session: Session, words: Translator) -> str:
    if session.status == "lobby":
        return words.gettext(
            "lobby, {taken}/{count} seats", taken=len(session.seats), count=session.settings.players
        )
    return status_word(words, session.status)


def _waiting_on(entry: dict[str, Any], words: Translator) -> str:
    """Who a house is waited on (an entry of :meth:`table.session.Session.waiting_summary`): its player's
    mention, else an AI or nobody, in the reader's words."""
    if entry.get("user_id"):
        return f"<@{entry['user_id']}>"
    if entry.get("ai"):
        return words.gettext("AI ({style})", style=entry["ai"])
    return words.gettext("nobody")


def games_embed(title: str, games: list[Session], language: str = SOURCE_LANGUAGE) -> discord.Embed:
    """The games a person may reach: each with its number, status, channel and who it waits on."""
    words = translator(language)
    lines = []
    for session in sorted(games, key=lambda s: (s.status in ("over", "ended"), -s.id)):
        waiting = ", ".join(_waiting_on(w, words) for w in session.waiting_summary())
        line = (
            f"**{session.id}** · {session.name} · {_listed_state(session, words)} · <#{session.channel_id}>"
        )
        screens = screens_of_game(session)
        open_seats = [
            screens.seat_name(s.house, language)
            for s in session.seats
            if s.house and s.user_id is None and not s.ai and session.status in ("active", "paused")
        ]
        if session.broken:
            line += " · " + words.gettext("⚠️ out of service")
        elif waiting:
            line += " · " + words.gettext("waiting on {players}", players=waiting)
        if open_seats and not session.broken:
            line += " · " + words.gettext(
                "🪑 open seat: {houses} ({volunteer})",
                houses=", ".join(open_seats),
                volunteer=f"`{words.command('game volunteer')}`",
            )
        lines.append(line)
    more = words.gettext("more: name a game by its number")
    return discord.Embed(
        title=clip(title, 256),
        description=_fit_lines(lines, 4000, more, words) if lines else words.gettext("No games yet."),
        colour=GREY,
    )
