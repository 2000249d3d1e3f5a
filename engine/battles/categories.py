"""The deadline category of every decision a battle asks (see ``GameKind.category`` in table/kind.py): a
table gives each category its own deadline, after which a decision's default is applied.

- ``turn``: the active player's turn and every step of it (a card's orders, units, moves, attacks, a flank
  reroll, an advance or pursuit): answered in one sitting.
- ``reaction``: what the other player decides in the middle of a turn (a parting blow, a counterattack,
  Loyal's flag) and a retreat's hex (the retreating unit's owner, who may be either player). Each has a
  default (strike, counterattack, ignore the flag, the first hex), so a short deadline never stalls a game
  played by post.
- ``setup``: a skirmish's secret choice of commanders and its placements.
- ``other``: the regroup phase's choice of what to keep.
"""

from __future__ import annotations

CATEGORIES: dict[str, str] = {
    "turn": "turn",
    "command": "turn",
    "units": "turn",
    "choose": "turn",
    "adjust": "turn",
    "move": "turn",
    "attack": "turn",
    "reroll": "turn",
    "follow": "turn",
    "parting": "reaction",
    "counter": "reaction",
    "loyal": "reaction",
    "retreat": "reaction",
    "pick": "setup",
    "place": "setup",
    "keep": "other",
}


def category(decision_kind: str) -> str:
    return CATEGORIES.get(decision_kind, "other")
