"""Losses (rulebook: "Recibir impactos", "Capturar comandantes", "Medidor de moral"; fire's losses in
"Condiciones de estado").

Each hit removes a figure, the banner bearer last; removing the banner bearer eliminates the unit, which
raises the other house's morale by its rank (1, 2 or 3) and scores the battle's points for it. A commander
bears his unit's banner and hits do not remove him: once his other figures are gone he is captured by as
many hits in one attack as his capture value. Fire removes figures too, the commander's last, and a
commander it removes is captured. A captured commander's unit is eliminated with him.

Readings where the rulebook is silent, tested in tests/engine/battles/test_capture.py:
- The hits of the attack that removes a commander's last other figure count toward his capture: he is
  captured by the hits "in a single attack" that fall on him once he stands alone.
- The hits of a retreat his flags force and that cannot be made count with that attack's hits: the flags
  are the attack's.
- Cover and Resilience reduce the hits toward a capture like any hits (hits are hits).
- A captured commander's card leaves play: the command tokens on it go back to his house's command board;
  his leadership cards stay in the deck, playable through any other commander.
- A unit lost to fire, to a blocked retreat or to a card counts as eliminated by the other house (the
  morale marker is shared, and the book's morale loss is for the unit lost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battles import engagement, morale
from engine.battles.attack import label

if TYPE_CHECKING:
    from engine.battles.game import BattlesGame


def take_hits(game: BattlesGame, uid: str, count: int, by: str, prior: int = 0) -> int:
    """Remove ``count`` figures from the unit for ``by``'s attack. A commander's figure is taken only by
    capture: the hits left once his other figures are gone, with ``prior`` hits of the same attack that
    already fell on him, capture him when they reach his capture value. Returns the hits that have fallen
    on the commander in this attack (0 for a unit without one)."""
    state = game.state
    unit = state.units[uid]
    others = unit.strength - (1 if unit.commander else 0)
    removed = min(count, others)
    unit.strength -= removed
    if removed:
        game.emit(
            "losses",
            f"{label(state, unit)} at {unit.at} loses {removed} figure{'s' if removed != 1 else ''} "
            f"({unit.strength} left).",
            at=unit.at,
            figures=removed,
            strength=unit.strength,
        )
    if unit.commander is None:
        if unit.strength == 0:
            eliminate(game, uid, by)
        return 0
    on_him = prior + count - removed
    needed = state.pack.commanders[unit.commander].capture
    if count - removed > 0:
        game.emit(
            "capture-hits",
            f"{on_him} hit{'s' if on_him != 1 else ''} on {state.pack.commanders[unit.commander].name} "
            f"at {unit.at} (capture value {needed}).",
            at=unit.at,
            hits=on_him,
            capture=needed,
        )
    if on_him >= needed:
        capture(game, uid, by)
    return on_him


def burn(game: BattlesGame, uid: str, level: int) -> None:
    """Fire's losses: one figure for each level of the fire on the unit's hex, the commander's last; a
    commander removed so is captured."""
    state = game.state
    unit = state.units[uid]
    by = state.other(unit.house)
    if level < unit.strength:
        unit.strength -= level
        game.emit(
            "losses",
            f"{label(state, unit)} at {unit.at} loses {level} figure{'s' if level != 1 else ''} to the fire "
            f"({unit.strength} left).",
            at=unit.at,
            figures=level,
            strength=unit.strength,
        )
    elif unit.commander is not None:
        capture(game, uid, by)
    else:
        eliminate(game, uid, by)


def capture(game: BattlesGame, uid: str, by: str) -> None:
    """The commander bearing the unit's banner is captured by ``by``, and his unit eliminated."""
    state = game.state
    unit = state.units[uid]
    commander = unit.commander
    assert commander is not None
    card = state.commanders[commander]
    card.captured_by = by
    state.command_tokens[unit.house] += card.tokens
    card.tokens = 0
    name = state.pack.commanders[commander].name
    game.emit(
        "captured",
        f"{game.seat_label(by)} captures {name} at {unit.at}.",
        commander=commander,
        by=by,
        at=unit.at,
    )
    eliminate(game, uid, by)


def eliminate(game: BattlesGame, uid: str, by: str) -> None:
    """The unit leaves the battlefield, eliminated: ``by`` gains morale by its rank, and the battle's
    points."""
    state = game.state
    unit = state.units.pop(uid)
    engagement.release(state, uid)
    state.eliminated[by] += 1
    state.vp[by] += state.plan.victory.eliminate_vp
    game.count("eliminations")
    game.emit(
        "eliminated",
        f"{label(state, unit)} at {unit.at} is eliminated.",
        unit=uid,
        house=unit.house,
        at=unit.at,
    )
    morale.raise_morale(game, by, morale.ELIMINATION[unit.rank], f"for a {unit.rank} unit eliminated")
