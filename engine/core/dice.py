"""Dice, rolled with the game's seeded generator, every roll a public event with its faces.

A die is data: its id and its faces (face ids, e.g. the six faces of a Battles of Westeros die). Games
that roll (BattleLore: Battles of Westeros, A Song of Ice & Fire: Tactics) call :func:`roll` from their
frames. The faces are drawn from the game's generator (``Game.rng``/``Game.keep``), whose state is part
of every position, so a replay of the same log, or a game loaded from a position saved before the roll,
rolls the same faces. The event (kind ``"roll"``) carries the faces, so a table or a log shows what was
rolled without recomputing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.game import Game


@dataclass(frozen=True)
class Die:
    """A die: its id (named in roll events) and its faces, one face id per side (repeats allowed: a die
    with two sword sides lists ``"sword"`` twice)."""

    id: str
    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"the die {self.id!r} has no faces")


def roll(game: Game, die: Die, count: int, *, seat: str | None = None, reason: str = "") -> list[str]:
    """Roll ``count`` of ``die`` for ``seat`` (None: the game itself rolls) and return the faces in the
    order rolled. Emits one public ``roll`` event whose data holds the die's id, the faces, the reason
    and the seat; ``reason`` completes the text "rolls 3 dice for ..." (e.g. "the attack on C4")."""
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")
    rng = game.rng()
    faces = [die.faces[rng.below(len(die.faces))] for _ in range(count)]
    game.keep(rng)
    game.emit(
        "roll",
        _text(game, count, faces, seat, reason),
        die=die.id,
        faces=list(faces),
        reason=reason,
        seat=seat,
    )
    return faces


def _text(game: Game, count: int, faces: list[str], seat: str | None, reason: str) -> str:
    """``House Stark rolls 3 dice for the attack on C4: banner, sword, sword.``"""
    who = game.seat_label(seat) if seat is not None else "The game"
    dice = "no dice" if count == 0 else "1 die" if count == 1 else f"{count} dice"
    purpose = f" for {reason}" if reason else ""
    shown = f": {', '.join(faces)}" if faces else ""
    return f"{who} rolls {dice}{purpose}{shown}."
