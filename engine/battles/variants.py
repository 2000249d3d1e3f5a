"""The settings of a battle: the official FAQ's optional rules, and the readings the rulebook leaves open
where the design note (../shared/design/battles-and-tactics.md, section 8) asks for a setting. Each is an
option of ``BattlesGame.setup`` (``{"coordinated_attacks": true}``), saved in the position
(``variants``), and applied where its rule is:

- ``coordinated_attacks`` (FAQ, off): several ordered units may melee-attack one enemy together. One leads;
  each supporting unit gives up its own attack to add its dice less one to the lead's, all rolled at once.
  Only the lead's keywords count; a flank reroll happens only if every unit of the attack flanks
  (engine/battles/attack.py, engine/battles/combat.py).
- ``discard_to_order`` (FAQ, off): a turn may discard any leadership card to order one active unit in a
  commander's zone of control, a command token still moved onto that commander (engine/battles/command.py).
- ``reduced_strength`` (FAQ, off): a unit that has lost at least half its figures (half rounded up) rolls
  one die fewer in every combat roll (engine/battles/attack.py).
- ``morale_pair`` (on): two morale tokens, like any two tokens of one face, order one unit. The rulebook's
  long text says two tokens "of the same colour", its summary "of the same type" (the design note asks
  for a setting): off, a pair of morale tokens, whose face is a flag and not a shield, orders nothing
  (engine/battles/command.py).
- ``forest_road_stops`` (off): a forest road stops a unit entering it, as a forest does (the design note's
  default). Off, the rulebook's terrain entry is read as written: a forest road moves as a road
  (engine/battles/movement.py).
"""

from __future__ import annotations

DEFAULTS: dict[str, bool] = {
    "coordinated_attacks": False,
    "discard_to_order": False,
    "reduced_strength": False,
    "morale_pair": True,
    "forest_road_stops": False,
}
