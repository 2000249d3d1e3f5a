"""Duel, a test game, registered with every layer when this package is imported."""

from data.games import GameEntry, register

ENTRY = GameEntry(
    id="duel",
    title="Duel (a test game)",
    engine="tests.games.duel.engine:DuelGame",
    table="tests.games.duel.kind:KIND",
    bot="tests.games.duel.screens:SCREENS",
    renderer="tests.games.duel.render:render",
)
register(ENTRY)
