"""Battles of Westeros content packs (data.battles): the sample pack, its labels and hash, the one-file form
of a pack, and a person's pack with mistakes, which gets every problem with its file and line and is not
loaded."""

from __future__ import annotations

import pytest

from data.battles import ContentError, content_hash, load_pack, load_sample, read_pack, sample_files
from data.battles_model import FACES, TERRAINS, TOKENS, hex_name, hex_place, row_length
from data.toml_lines import key_lines, line_of


def sample_text() -> str:
    """The sample pack as one TOML text: its files one after another."""
    return "\n".join(text for _, text in sample_files())


def test_the_sample_pack_is_labelled_and_complete():
    pack = load_sample()
    assert pack.provenance == "sample" and "sample" in pack.label and "not an official" in pack.label
    battle = pack.battles["sample"]
    assert battle.provenance == "sample" and "sample" in battle.name
    assert all(c.title == "Sample commander" for c in pack.commanders.values())
    assert pack.die == ("green", "green", "green", "blue", "blue", "red", "valor", "morale")
    assert "check against your dice" in pack.die_note
    assert set(pack.die) == set(FACES)
    board = battle.board
    assert (board.columns, board.rows) == (13, 9)
    assert len(board.terrain) == sum(row_length(13, row) for row in range(9)) == 13 * 5 + 12 * 4
    assert set(board.terrain.values()) == set(TERRAINS)
    assert set(board.tokens.values()) == set(TOKENS)
    for house in ("stark", "lannister"):
        cards = [card for card in pack.cards.values() if card.house == house]
        commanders = sum(1 for c in pack.commanders.values() if c.house == house)
        assert len(cards) == 6 + 3 * commanders  # six basic cards, three for each commander
        assert sum(card.commander is None for card in cards) == 6
        assert {unit.house for unit in pack.units.values()} == {"stark", "lannister"}
    # The one order table the rulebook prints, as it prints it.
    warhost = pack.units["northern-warhost"].orders
    assert [(o.move, o.attack) for o in warhost["green"].options] == [(2, True)]
    assert [(o.move, o.attack) for o in warhost["blue"].options] == [(1, True), (2, False)]
    assert [(o.move, o.attack) for o in warhost["red"].options] == [(1, True)]
    assert [warhost[rank].dice for rank in ("green", "blue", "red")] == [2, 3, 4]
    assert pack.units["northern-bowmen"].range == 4
    # The sample skirmish and its setup cards: eight a house, the commanders among them.
    raid = pack.skirmishes["raid"]
    assert raid.battle.provenance == "sample" and "sample" in raid.battle.name
    for house in ("stark", "lannister"):
        setup = [card for card in pack.setup_cards.values() if card.house == house]
        assert len(setup) == 8
        shown = {card.commander for card in setup if card.commander}
        assert shown == {cid for cid, c in pack.commanders.items() if c.house == house}


def test_a_pack_is_known_by_the_hash_of_its_files():
    files = dict(sample_files())
    assert load_sample().hash == content_hash(files)
    crlf = {name: text.replace("\n", "\r\n") for name, text in files.items()}
    assert content_hash(crlf) == content_hash(files)  # the same content saved on another system
    edited = dict(files, **{"battle.toml": files["battle.toml"].replace("rounds = 6", "rounds = 5")})
    assert content_hash(edited) != content_hash(files)
    assert load_pack(edited).battles["sample"].rounds == 5
    assert load_pack(files) is load_sample()  # the same files: the same (cached) pack


def test_a_pack_may_be_one_file(tmp_path):
    path = tmp_path / "my-pack.toml"
    path.write_text(sample_text())
    pack = read_pack(path)
    assert pack.files == (("my-pack.toml", sample_text()),)
    assert pack.cards == load_sample().cards and pack.battles == load_sample().battles
    folder = tmp_path / "folder"
    folder.mkdir()
    for name, text in sample_files():
        (folder / name).write_text(text)
    assert read_pack(folder).hash == load_sample().hash


MISTAKES = """\
[pack]
format = "maester-battles-pack"
version = 1
id = "my-pack"
name = "My battles"

[houses.stark]
name = "House Stark"

[houses.lannister]
name = "House Lannister"

[die]
faces = ["green", "blue", "purple"]

[morale]
spaces = 11
zones = [{ colour = "green", from = 4, to = 6, rest = 7 }]

[units.warhost]
house = "stark"
name = "Warhost"
class = "infantry"
strength = 0
orders.green = { dice = 2, options = ["move 2 and attack"] }
orders.blue = { dice = 3, options = ["run 2"] }
orders.red = { dice = 4, options = ["move 1 and attack"] }

[units.guard]
house = "lannister"
name = "Guard"
class = "infantry"
strength = 4
orders.green = { dice = 2, options = ["move 2 and attack"] }
orders.blue = { dice = 3, options = ["move 1 and attack"] }
orders.red = { dice = 4, options = ["move 1 and attack"] }

[cards.S1]
house = "stark"
name = "Charge"
command = [{ cost = 1, effect = "order", count = 2, colour = "green" }]
tactic = { timing = "later", effect = "dice", delta = 1 }

[battles.field]
name = "A field"
rounds = 5
initiative = "stark"

[battles.field.board]
columns = 5
rows = 3
terrain = \"\"\"
. . = . .
 . ~ x .
. . = . .
\"\"\"

[battles.field.houses.stark]
edge = "south"
command_tokens = 3
order_dice = 3
leadership = 2
morale_end = "rout"
units = [{ type = "guard", rank = "green", at = "C3" }, { type = "warhost", rank = "green", at = "Z9" }]

[battles.field.houses.lannister]
edge = "north"
command_tokens = 3
order_dice = 3
leadership = 2
morale_end = "rout"
units = [{ type = "guard", rank = "blue", at = "B2" }]
"""


def test_a_pack_with_mistakes_gets_every_problem_with_its_line_and_nothing_is_loaded():
    with pytest.raises(ContentError) as caught:
        load_pack(MISTAKES, "my-pack.toml")
    found = [str(problem) for problem in caught.value.problems]
    expected = [
        "my-pack.toml:14: die.faces[2]: 'purple' is not a die face (blue, green, morale, red or valor)",
        "my-pack.toml:18: morale.zones[0].rest: is 7, not a space of the zone (4 to 6)",
        "my-pack.toml:24: units.warhost.strength: is 0, not 1 to 10",
        "my-pack.toml:26: units.warhost.orders.blue.options[0]: is the text 'run 2', not an order option "
        "('move 2', 'attack', 'move 1 and attack')",
        "my-pack.toml:41: cards.S1.command[0].colour: is not a key this table may have; the keys here are "
        "class, cost, count, effect, rank or text",
        "my-pack.toml:42: cards.S1.tactic.timing: 'later' is not a timing (after, before or either)",
        "my-pack.toml:54: battles.field.board.terrain: row 2, hex C2: 'x' is not a mark of the legend "
        "(. = B f h t v ~)",
        "my-pack.toml:64: battles.field.houses.stark.units[0].type: 'guard' is a unit type of another house",
        "my-pack.toml:64: battles.field.houses.stark.units[1].at: is the text 'Z9', not a hex of this board",
        "my-pack.toml:72: battles.field.houses.lannister.units[0].at: B2 is river, which no unit may enter",
    ]
    assert found == expected
    message = str(caught.value)
    assert message.startswith(f"The content has {len(expected)} problems; nothing was loaded:")


def test_a_file_that_is_not_toml_or_not_a_pack():
    with pytest.raises(ContentError, match=r"broken.toml:2: this is not TOML"):
        load_pack("[pack]\nid = \n", "broken.toml")
    with pytest.raises(ContentError) as caught:
        load_pack('[packs]\nid = "x"\n', "typo.toml")
    assert str(caught.value.problems[0]).startswith("typo.toml:1: packs: is not a section of a pack")
    with pytest.raises(ContentError) as caught:
        load_pack({"a.toml": sample_text(), "b.toml": '[units.northern-warhost]\nname = "again"\n'})
    assert str(caught.value.problems[0]).startswith("b.toml:1: units.northern-warhost: is written twice")


def test_hex_names():
    assert hex_name(0, 0) == "A1" and hex_name(12, 8) == "M9"
    assert hex_place("g5") == (6, 4) and hex_place("G10") == (6, 9)
    assert hex_place("5G") is None and hex_place("G0") is None and hex_place("") is None


def test_the_lines_of_keys_in_a_toml_text():
    text = '[a]\nb = 1\nc = [\n  { d = 1 },\n  { d = 2 },\n]\n[[e]]\nf = "x"\n[[e]]\nf = """\ny\n"""\n'
    lines = key_lines(text)
    assert lines[("a", "b")] == 2
    assert lines[("a", "c", 1, "d")] == 5
    assert lines[("e", 1, "f")] == 10
    assert line_of(lines, ("a", "c", 1, "missing")) == 5
    assert line_of(lines, ("nowhere",)) is None


def test_dice_and_hexes_for_the_ordered_units_are_given_before_they_act():
    files = dict(sample_files())
    cards = files["cards.toml"].replace(
        'tactic = { timing = "before", requires = { tokens = ["green", "green"] }, effect = "dice"',
        'tactic = { timing = "after", requires = { tokens = ["green", "green"] }, effect = "dice"',
    )
    with pytest.raises(ContentError) as caught:
        load_pack({**files, "cards.toml": cards})
    (problem,) = caught.value.problems
    assert str(problem).startswith("cards.toml:28: cards.S03.tactic.timing: is 'after': dice and hexes")


SKIRMISH_MISTAKES = """\
[skirmishes.raid2]
name = "Another raid"
rounds = 5
initiative = "whoever"

[skirmishes.raid2.setup]
commanders = 2
competence = 4
unit_cards = 2
terrain_cards = 2
terrain_within = 8
commanders_within = 3

[skirmishes.raid2.board]
columns = 5
rows = 3

[skirmishes.raid2.houses.stark]
edge = "south"
command_tokens = 3
order_dice = 3
leadership = 2
morale_end = "rout"

[skirmishes.raid2.houses.lannister]
edge = "north"
command_tokens = 3
order_dice = 3
leadership = 2
morale_end = "rout"

[setup_cards.X1]
house = "stark"
commander = { id = "captain-of-the-rock", rank = "blue", competence = 2 }
units = [{ type = "lannisport-guard", rank = "green", count = 2 }]
terrain = [{ kind = "river", count = 1 }]
"""


def test_a_skirmish_and_setup_cards_with_mistakes_get_their_problems():
    files = {**dict(sample_files()), "raid2.toml": SKIRMISH_MISTAKES}
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    found = [str(problem) for problem in caught.value.problems]
    assert found == [
        "raid2.toml:34: setup_cards.X1.commander.id: 'captain-of-the-rock' is a commander of another house",
        "raid2.toml:35: setup_cards.X1.units[0].type: 'lannisport-guard' is a unit type of another house",
        "raid2.toml:36: setup_cards.X1.terrain[0].kind: 'river' is not a terrain hex a setup card gives "
        "(building, forest, forest-road, hills or road)",
        "raid2.toml:6: skirmishes.raid2.setup.units_within: is missing",
        "raid2.toml:4: skirmishes.raid2.initiative: 'whoever' is not a house of this battle (lannister, "
        "random or stark)",
    ]
