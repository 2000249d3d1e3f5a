"""Building battles for tests: a battle on a map drawn in a few lines, with the units a test needs, played
with the sample pack's units, commanders and cards; and a game's position changed in the parts a test is
about (the order pools, the hands, the morale marker, the procedure)."""

from __future__ import annotations

from typing import Any

from data.battles import sample_files
from engine.battles.game import BattlesGame

BASE = {name: text for name, text in sample_files() if name != "battle.toml"}
PACK = dict(sample_files())


def battle_files(
    terrain: str,
    units: dict[str, str],
    *,
    tokens: dict[str, str] | None = None,
    rounds: int = 6,
    initiative: str = "stark",
    exits: dict[str, str] | None = None,
    ends: dict[str, str] | None = None,
    victory: str = "",
    command_tokens: int = 4,
    keywords: dict[str, list[str]] | None = None,
) -> dict[str, str]:
    """The sample pack with its battle replaced by one named "test" on ``terrain`` (the pack's map marks,
    one row a line). ``units`` maps a hex to "house type rank", or "house commander-id rank" for a
    commander's unit. Stark sits at the south edge, Lannister at the north. ``keywords`` gives unit types
    the keywords a test needs in place of the sample's."""
    rows = [line.split() for line in terrain.strip("\n").splitlines() if line.strip()]
    placed: dict[str, dict[str, list[str]]] = {
        "stark": {"units": [], "commanders": []},
        "lannister": {"units": [], "commanders": []},
    }
    for at, spec in units.items():
        house, kind, rank = spec.split()
        if kind in COMMANDERS:
            placed[house]["commanders"].append(f'{{ id = "{kind}", rank = "{rank}", at = "{at}" }}')
        else:
            placed[house]["units"].append(f'{{ type = "{kind}", rank = "{rank}", at = "{at}" }}')
    edges = {"stark": "south", "lannister": "north"}
    ends = ends or {"stark": "rout", "lannister": "rout"}
    text = f'''
[battles.test]
name = "A test battle"
rounds = {rounds}
initiative = "{initiative}"

[battles.test.board]
columns = {len(rows[0])}
rows = {len(rows)}
terrain = """
{chr(10).join(" ".join(row) for row in rows)}
"""
[battles.test.board.tokens]
{chr(10).join(f'{at} = "{token}"' for at, token in (tokens or {}).items())}
'''
    for house in ("stark", "lannister"):
        exit_line = f'exit = "{exits[house]}"' if exits and house in exits else ""
        text += f"""
[battles.test.houses.{house}]
edge = "{edges[house]}"
{exit_line}
command_tokens = {command_tokens}
order_dice = 3
leadership = 3
morale_end = "{ends[house]}"
commanders = [{", ".join(placed[house]["commanders"])}]
units = [{", ".join(placed[house]["units"])}]
"""
    if victory:
        text += f"\n[battles.test.victory]\n{victory}\n"
    files = {**BASE, "battle.toml": text}
    for unit_type, words in (keywords or {}).items():
        files["units.toml"] = _with_keywords(files["units.toml"], unit_type, words)
    return files


def _with_keywords(text: str, unit_type: str, words: list[str]) -> str:
    """The units file with the unit type's keywords replaced."""
    head = f"[units.{unit_type}]\n"
    start = text.index(head) + len(head)
    end = text.find("\n[units.", start)
    body = text[start:] if end == -1 else text[start:end]
    lines = [line for line in body.split("\n") if not line.startswith("keywords")]
    lines.insert(0, f"keywords = {words!r}".replace("'", '"'))
    return text[:start] + "\n".join(lines) + ("" if end == -1 else text[end:])


COMMANDERS = (
    "captain-of-the-north",
    "master-of-the-hunt",
    "captain-of-the-rock",
    "knight-of-the-west",
    "burner-of-fields",
)


def battle(
    terrain: str,
    units: dict[str, str],
    seed: int = 1,
    variants: dict[str, bool] | None = None,
    **options: Any,
) -> BattlesGame:
    """A new game of the test battle (see :func:`battle_files`) with the settings ``variants``, waiting
    for the first turn."""
    files = battle_files(terrain, units, **options)
    return BattlesGame.setup(2, seed, {"pack": files, "scenario": "test", **(variants or {})})


def changed(game: BattlesGame, **fields: Any) -> BattlesGame:
    """The game with some fields of its position replaced (see engine/battles/POSITION.md)."""
    position = game.to_position()
    position.update(fields)
    return BattlesGame.from_position(position)


def turn(house: str, passed: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """A stack waiting for ``house``'s turn in the command phase (not its first turn)."""
    return [
        {"kind": "round", "next": "regroup"},
        {"kind": "command", "active": house, "passed": list(passed), "turns": 1},
    ]


def at(game: BattlesGame, place: str) -> Any:
    """The unit on a hex (or None)."""
    uid = game.state.unit_at(place)
    return None if uid is None else game.state.units[uid]


def options(game: BattlesGame, house: str) -> list[str]:
    """The listed answers of the house's decision, in notation."""
    decision = game.decision_for(house)
    assert decision is not None and decision.options is not None
    return [option.format() for option in decision.options]


PLAIN = """
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
 . . . . . . . .
. . . . . . . . .
"""


def rig(monkeypatch: Any, *rolls: list[str]) -> list[list[str]]:
    """Make the battle's dice roll the given faces, one list per roll in order (the War Hounds' die, an
    attack, a reroll, a fire...); each roll still makes its public event. Returns the rolls still to come,
    so that a test can check they were all used."""
    from engine.battles import combat, fire

    queue = [list(faces) for faces in rolls]

    def rolled(game: Any, die: Any, count: int, *, seat: str | None = None, reason: str = "") -> list[str]:
        assert queue, f"an unexpected roll of {count} dice for {reason}"
        faces = queue.pop(0)
        assert len(faces) == count, f"{reason}: {count} dice rolled, the test set {faces}"
        game.emit("roll", f"rigged: {faces}", die=die.id, faces=list(faces), reason=reason, seat=seat)
        return list(faces)

    monkeypatch.setattr(combat, "roll", rolled)
    monkeypatch.setattr(fire, "roll", rolled)
    return queue


def engaged(game: BattlesGame, a: str, b: str, house: str) -> BattlesGame:
    """The game with an engagement token of ``house`` between the units at hexes ``a`` and ``b``."""
    state = game.state
    token = {"house": house, "units": [state.unit_at(a), state.unit_at(b)]}
    return changed(game, engagements=[*game.to_position()["engagements"], token])


def kinds(game: BattlesGame) -> list[tuple[str, str]]:
    """The pending decisions, as (house, kind)."""
    return [(d.house, d.kind) for d in game.pending()]
