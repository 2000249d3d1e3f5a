"""The protocol of a battle (B18): notation read and written back, positions saved and refused with a
reason, views that hide the hands, the readout, and the text for a terminal."""

from __future__ import annotations

import json

import pytest

from engine.battles.game import BattlesGame
from engine.core.errors import NotationError, PositionError

LINES = [
    "pass",
    "token green G5",
    "token blue+blue G5",
    "token morale up",
    "token morale rally G5",
    "play S05 via captain-of-the-north",
    "command none",
    "command 1 2 tactic before commit after",
    "units none",
    "units 1 G5 G6; 2 H7",
    "move G5 G4",
    "move G1 exit",
    "move done",
    "attack G5 G4",
    "attack G5 G4 with F5 F4",
    "attack done",
    "scorch G5 G4",
    "extinguish G5 G5",
    "parting yes",
    "parting no",
    "counter yes",
    "counter no",
    "loyal yes",
    "loyal no",
    "retreat G3",
    "reroll blue",
    "reroll none",
    "follow G4",
    "follow none",
    "discard S05 via captain-of-the-north G5",
    "pick captain-of-the-north master-of-the-hunt",
    "pick none",
    "place forest E3",
    "place captain-of-the-north F10",
    "place northern-warhost green C8",
    "choose none",
    "choose G5 G6",
    "adjust none",
    "adjust G5 to G6, G7 -1, H8 +2, rally G8, morale +1, vp -1",
    "keep S03 valor",
    "keep none none",
]


@pytest.mark.parametrize("line", LINES)
def test_every_action_reads_back_as_written(line):
    assert BattlesGame.parse_action(line).format() == line


def test_notation_is_lenient_about_case_and_strict_about_the_rest():
    assert BattlesGame.parse_action("Token Green g5").format() == "token green G5"
    assert BattlesGame.parse_line("House Stark: pass") == ("stark", BattlesGame.parse_action("pass"))
    for line, message in (
        ("march G5", "not an action here"),
        ("token green", "token FACE HEX"),
        ("token green+blue G5", "same face"),
        ("token purple G5", "not an order token"),
        ("move G5 5G", "not a hex"),
        ("command 1 tactic", "tactic before"),
        ("command tactic before 1", "command none"),
        ("units 1 G5; 1 G6", "once"),
        ("choose G5 G5", "listed twice"),
        ("adjust G5 sideways", "adjust none"),
        ("keep S03", "keep CARD TOKEN"),
        ("attack G5 G4 with", "attack HEX HEX with"),
        ("attack G5 G4 with G4", "neither the lead"),
        ("parting maybe", "parting yes"),
        ("retreat", "retreat HEX"),
        ("reroll gauntlet", "not an order token"),
        ("pick a a", "picked once"),
        ("place forest", "place TERRAIN HEX"),
        ("discard S05 E5", "discard CARD via"),
        ("", "Write an action"),
    ):
        with pytest.raises(NotationError, match=message):
            BattlesGame.parse_action(line)


def test_a_position_saves_and_loads_exactly():
    game = BattlesGame.setup(2, 9, {})
    game.apply("stark", game.pending()[0].options[1])
    position = json.loads(json.dumps(game.to_position()))
    loaded = BattlesGame.from_position(position)
    assert loaded.to_position() == game.to_position()
    assert [d.kind for d in loaded.pending()] == [d.kind for d in game.pending()]


def test_a_position_that_cannot_be_loaded_says_why():
    position = BattlesGame.setup(2, 9, {}).to_position()

    def refused(change, message):
        broken = json.loads(json.dumps(position))
        change(broken)
        with pytest.raises(PositionError, match=message):
            BattlesGame.from_position(broken)

    refused(lambda p: p.update(format="maester-thrones-position"), "not a Battles of Westeros position")
    refused(lambda p: p["content"]["files"].update({"cards.toml": "x = 1"}), "do not match content.hash")
    refused(lambda p: p["units"]["stark-1"].update(type="dragon"), "units.stark-1.type is the text 'dragon'")
    refused(
        lambda p: p["units"]["stark-1"].update(at="A5"), "units.stark-1.at is A5, where no unit may stand"
    )
    refused(
        lambda p: p["units"]["stark-2"].update(at=p["units"]["stark-1"]["at"]), "where another unit stands"
    )
    refused(lambda p: p["hands"].update(stark=["L01"]), "hands.stark\\[0\\] is the text 'L01'")
    refused(lambda p: p.update(morale={"house": "stark", "space": 0}), "morale names a house")
    refused(lambda p: p.update(stack=[{"kind": "charge"}]), "unknown frame kind")
    with pytest.raises(PositionError, match="JSON object"):
        BattlesGame.from_position([])  # type: ignore[arg-type]


def test_views_hide_the_hands_and_the_decks():
    game = BattlesGame.setup(2, 9, {})
    spectator, stark = game.view(None), game.view("stark")
    assert all("hand" not in info for info in spectator["houses"].values())
    assert stark["houses"]["stark"]["hand"] == sorted(game.state.hands["stark"])
    assert "hand" not in stark["houses"]["lannister"]
    assert stark["houses"]["lannister"]["hand_size"] == 3 and stark["houses"]["stark"]["deck_size"] == 9
    text = json.dumps(spectator)
    assert not any(card in text for card in game.state.hands["stark"] + game.state.decks["stark"])
    assert spectator["waiting_for"] == [
        {"house": "stark", "kind": "turn", "category": "turn", "secret": True}
    ]
    assert "prompt" in stark["waiting_for"][0]
    assert spectator["content"]["provenance"] == "sample" and "sample" in spectator["battle"]["name"]


def test_the_readout_and_the_text_for_a_terminal():
    game = BattlesGame.setup(2, 9, {})
    readout = game.readout()
    assert (readout.round, readout.phase, readout.over, readout.seats) == (
        1,
        "command",
        False,
        ("stark", "lannister"),
    )
    assert readout.scores == {"stark": 0, "lannister": 0}
    text = BattlesGame.describe_view(game.view("stark"))
    assert "[Maester sample pack: original sample content, not an official battle plan or card]" in text
    assert "Round 1/6 - command phase - seen by House Stark" in text
    assert " 5  ~   v   v   %   ~   H   ~   ~   ~   ~   #   ~   ~" in text  # the river, its ford and bridges
    assert "hand " in text and "3 cards in hand" in text
