"""Capturing commanders (B12): the rulebook's example of a capture value (three hits in one attack take a
commander of capture value 3 standing alone, two do nothing), and the readings around it: the hits left
once his other figures are gone count, cover reduces them, a blocked retreat's hits add to the attack's,
fire takes him, and his card leaves play with its command tokens going back to his house's board."""

from __future__ import annotations

from engine.battles import damage
from tests.engine.battles.helpers import PLAIN, at, battle, changed, options, rig, turn

UNITS = {"E5": "stark northern-warhost red", "E4": "lannister captain-of-the-rock green"}


def alone(game, place="E4", strength=1):
    units = game.to_position()["units"]
    uid = game.state.unit_at(place)
    return changed(game, units={**units, uid: {**units[uid], "strength": strength}})


def attack_with(game, monkeypatch, *faces):
    game = changed(game, stack=turn("stark"), pools={"stark": ["red"], "lannister": []})
    rig(monkeypatch, *faces)
    game.apply("stark", "token red E5")
    game.apply("stark", "move done")
    return game.apply("stark", "attack E5 E4"), game


def test_the_capture_value_example_three_hits_in_one_attack(monkeypatch):
    """A commander of capture value 3 (Jaime Lannister's, in the rulebook; the sample's Captain of the Rock)
    whose three other figures are gone is captured by three hits in a single attack, not by two."""
    game = alone(battle(PLAIN, UNITS))
    assert game.state.pack.commanders["captain-of-the-rock"].capture == 3
    _, two = attack_with(game, monkeypatch, ["green", "green", "blue", "blue"])
    assert at(two, "E4").strength == 1 and two.state.commanders["captain-of-the-rock"].captured_by is None
    events, three = attack_with(game, monkeypatch, ["green", "green", "valor", "blue"])
    assert at(three, "E4") is None
    assert three.state.commanders["captain-of-the-rock"].captured_by == "stark"
    assert [e.kind for e in events if e.kind in ("captured", "eliminated")] == ["captured", "eliminated"]
    assert three.state.eliminated["stark"] == 1
    assert (three.state.morale_house, three.state.morale_space) == ("lannister", 1)  # a green unit


def test_the_hits_left_once_his_other_figures_are_gone_count(monkeypatch):
    game = alone(battle(PLAIN, UNITS), strength=2)
    events, after = attack_with(game, monkeypatch, ["green", "green", "green", "valor"])
    assert after.state.commanders["captain-of-the-rock"].captured_by == "stark"  # 1 figure, then 3 on him
    assert any(e.kind == "capture-hits" and e.data["hits"] == 3 for e in events)


def test_cover_reduces_the_hits_toward_a_capture(monkeypatch):
    lines = PLAIN.strip("\n").splitlines()
    lines[3] = " . . . . B . . ."  # a building at E4
    covered = alone(battle("\n".join(lines), UNITS))
    assert covered.state.kind("E4") == "building"
    _, after = attack_with(covered, monkeypatch, ["green", "green", "green", "blue"])
    assert at(after, "E4").strength == 1  # three hits, one ignored: two on him, not enough


def test_a_blocked_retreat_adds_its_hits_to_the_attacks(monkeypatch):
    units = {**UNITS, "E3": "stark northern-warhost green", "F3": "stark northern-warhost green"}
    game = alone(battle(PLAIN, units))
    events, after = attack_with(game, monkeypatch, ["green", "green", "morale", "blue"])
    # Two hits on him, then a flag whose step is blocked: a third hit of the same attack.
    assert after.state.commanders["captain-of-the-rock"].captured_by == "stark"
    assert any(e.kind == "retreat-blocked" for e in events)


def test_fire_captures_a_commander_and_a_captured_commanders_card_leaves_play():
    game = battle(
        PLAIN,
        {
            "E4": "lannister captain-of-the-rock green",
            "C2": "lannister knight-of-the-west blue",
            "E7": "stark northern-warhost green",
        },
    )
    game = changed(
        game,
        commanders={
            "captain-of-the-rock": {"tokens": 2, "committed": False},
            "knight-of-the-west": {"tokens": 0, "committed": False},
        },
        command_tokens={"stark": 4, "lannister": 2},
    )
    game = alone(game)
    damage.burn(game, game.state.unit_at("E4"), 2)
    card = game.state.commanders["captain-of-the-rock"]
    assert card.captured_by == "stark" and card.tokens == 0
    assert game.state.command_tokens["lannister"] == 4  # the tokens on his card go back to the board
    # His cards stay in the deck, playable through the other commander; none through him.
    game = changed(game, stack=turn("lannister"), hands={"stark": [], "lannister": ["L07"]})
    plays = [o for o in options(game, "lannister") if o.startswith("play")]
    assert plays == ["play L07 via knight-of-the-west"]
