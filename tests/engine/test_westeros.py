"""The Westeros phase and every Westeros card (rulebook: "La fase de Poniente" and its card list)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.thrones.board import FACTS
from engine.thrones.game import ThronesGame
from tests.engine.scenario import kinds, scenario

WESTEROS = [{"kind": "round", "next": "westeros"}]


def decks_with(top: tuple[str | None, str | None, str | None]) -> list[list[str]]:
    """The three decks in file order, with the given cards moved to the top."""
    decks = []
    for number, card in zip((1, 2, 3), top, strict=True):
        deck = list(FACTS.westeros_decks[number])
        if card is not None:
            deck.remove(card)
            deck.insert(0, card)
        decks.append(deck)
    return decks


def westeros_game(top, players=6, **fields) -> ThronesGame:
    return scenario(players, westeros_decks=decks_with(top), stack=WESTEROS, **fields)


QUIET = ("last-days-of-summer", "last-days-of-summer", None)


def test_round_one_has_no_westeros_phase():
    game = ThronesGame.new(6, seed=9)
    assert game.state.round == 1
    assert [len(d) for d in game.state.westeros_decks] == [10, 10, 10]
    assert all(kind == "orders" for _, kind in kinds(game))


def test_the_phase_advances_the_round_and_reveals_one_card_per_deck():
    game = westeros_game(("supply", "game-of-thrones", "web-of-lies"))
    assert game.state.round == 2
    assert game.state.westeros_revealed == ["supply", "game-of-thrones", "web-of-lies"]
    assert [len(d) for d in game.state.westeros_decks] == [9, 9, 9]
    assert [pile[-1] for pile in game.state.westeros_discards] == ["supply", "game-of-thrones", "web-of-lies"]


def test_wildling_icons_raise_the_threat_two_per_icon():
    game = westeros_game(("last-days-of-summer", "dark-wings-dark-words", "web-of-lies"))
    # Dark Wings, Dark Words asks the raven holder first; the three icons have already counted.
    assert game.state.wildling_threat == 2 + 3 * 2


def test_reaching_twelve_attacks_at_once_before_the_cards_resolve():
    game = westeros_game(("last-days-of-summer", "last-days-of-summer", "web-of-lies"), wildling_threat=8)
    assert game.state.wildling_threat == 12  # three icons, but the track stops at 12
    assert all(kind == "bid" for _, kind in kinds(game))
    assert game.state.restrictions == []  # Web of Lies waits until the attack is over
    assert game.state.stack[-1].strength == 12


def test_two_attacks_in_one_phase():
    game = westeros_game(("last-days-of-summer", "game-of-thrones", "wildlings-attack"), wildling_threat=10)
    for decision in game.pending():
        game.apply(decision.house, "bid 2")  # 12 against 12: the Night's Watch holds
    while game.pending()[0].kind not in ("bid", "orders"):
        decision = game.pending()[0]
        game.apply(decision.house, decision.default)
    # The Wildlings Attack card then attacks again, at the threat the first attack left (0).
    assert game.state.stack[-1].kind == "wildling-attack"
    assert game.state.stack[-1].strength == 0


def test_winter_is_coming_reshuffles_its_deck_and_draws_again():
    game = westeros_game(("winter-is-coming", None, None))
    state = game.state
    assert state.westeros_revealed[0] != "winter-is-coming"
    assert "winter-is-coming" in state.westeros_decks[0]
    assert len(state.westeros_decks[0]) == 9
    assert state.westeros_discards[0] == [state.westeros_revealed[0]]


def test_winter_is_coming_counts_the_icon_of_the_card_that_replaces_it():
    # With every other deck I card removed, the only card Winter Is Coming can give is Last Days of Summer.
    decks = decks_with((None, "game-of-thrones", "sea-of-storms"))
    decks[0] = ["winter-is-coming", "last-days-of-summer"]
    game = scenario(6, westeros_decks=decks, stack=WESTEROS)
    assert game.state.westeros_revealed[0] == "last-days-of-summer"
    assert game.state.wildling_threat == 2 + 2 * 2  # Last Days of Summer and Sea of Storms


def test_supply_card_updates_every_house():
    game = westeros_game(
        ("supply", "last-days-of-summer", None),
        units={"lannisport": ("lannister", "footman"), "riverrun": ("lannister", "footman")},
        supply={"stark": 1, "lannister": 0, "greyjoy": 2, "tyrell": 2, "baratheon": 2, "martell": 2},
    )
    assert game.state.supply["lannister"] == 3
    assert game.state.supply["stark"] == 1  # Winterfell only: the home crest keeps it


def test_a_throne_of_blades_lets_the_iron_throne_choose():
    for option, expected in (("muster", "muster"), ("supply", None), ("nothing", None)):
        game = westeros_game(("a-throne-of-blades", "last-days-of-summer", "web-of-lies"))
        decision = game.pending()[0]
        assert (decision.house, decision.kind) == (game.state.throne[0], "westeros-choice")
        assert [a.option for a in decision.options] == ["muster", "supply", "nothing"]
        game.apply_line(f"baratheon: choose {option}")
        if expected:
            assert kinds(game)[0] == ("baratheon", "muster")
        else:
            assert all(kind == "orders" for _, kind in kinds(game))
        with pytest.raises(IllegalAction):
            game.apply_line("baratheon: choose everything")


def test_game_of_thrones_pays_crowns_and_ports():
    game = westeros_game(
        ("last-days-of-summer", "game-of-thrones", None),
        units={
            "dragonstone": ("baratheon", "footman"),
            "port-of-dragonstone": ("baratheon", "ship"),
            "kingswood": ("baratheon", "footman"),
            "lannisport": ("lannister", "footman"),
            "port-of-lannisport": ("lannister", "ship"),
            "the-golden-sound": ("greyjoy", "ship"),
        },
    )
    state = game.state
    # Baratheon: Dragonstone 1 + Kingswood 1 crowns, and its port pays. Lannister: no crown in
    # Lannisport, and Greyjoy ships in the Golden Sound stop its port from paying.
    assert state.power["baratheon"] == 5 + 3
    assert state.power["lannister"] == 5
    # Every home area stays with its house: Winterfell's crown pays Stark.
    assert state.power["stark"] == 5 + 1


def bid_all(game: ThronesGame, bids: dict[str, int]) -> None:
    for house, amount in bids.items():
        game.apply_line(f"{house}: bid {amount}")


def test_the_rulebook_clash_of_kings_example():
    game = westeros_game(
        ("last-days-of-summer", "clash-of-kings", None),
        players=5,
        power={"stark": 10, "lannister": 10, "greyjoy": 10, "tyrell": 10, "baratheon": 10},
    )
    # The Iron Throne bid: Greyjoy wins it.
    bid_all(game, {"greyjoy": 5, "lannister": 1, "stark": 0, "tyrell": 0, "baratheon": 0})
    # Stark, Tyrell and Baratheon tie at 0: Baratheon still holds the Iron Throne and settles it.
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("baratheon", "rank")
    game.apply_line("baratheon: rank stark tyrell baratheon")
    assert game.state.throne == ["greyjoy", "lannister", "stark", "tyrell", "baratheon"]
    # The Fiefdoms bid of the example: Lannister 4, Baratheon 3, Stark 3, Tyrell 2, Greyjoy 0.
    bid_all(game, {"lannister": 4, "baratheon": 3, "stark": 3, "tyrell": 2, "greyjoy": 0})
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == ("greyjoy", "rank")  # the new Iron Throne settles ties
    assert sorted(decision.schema["houses"]) == ["baratheon", "stark"]
    game.apply_line("greyjoy: rank baratheon stark")
    assert game.state.fiefdoms == ["lannister", "baratheon", "stark", "tyrell", "greyjoy"]
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == "lannister"
    assert game.state.power == {"stark": 7, "lannister": 5, "greyjoy": 5, "tyrell": 8, "baratheon": 7}
    assert all(kind == "bid" for _, kind in kinds(game))  # on to the King's Court


def test_clash_of_kings_ties_and_dominance_tokens():
    game = westeros_game(("last-days-of-summer", "clash-of-kings", None))
    holder = game.state.throne[0]
    bid_all(game, dict.fromkeys(game.state.houses, 1))
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == (holder, "rank")
    with pytest.raises(IllegalAction, match="exactly the tied houses"):
        game.apply_line(f"{holder}: rank stark lannister")
    order = ["martell", "tyrell", "stark", "lannister", "greyjoy", "baratheon"]
    game.apply_line(f"{holder}: rank {' '.join(order)}")
    assert game.state.throne == order
    # The Fiefdoms ties now go to Martell, the new Iron Throne.
    bid_all(game, dict.fromkeys(game.state.houses, 0))
    assert game.pending()[0].house == "martell"


def test_bids_are_secret_and_may_be_changed_until_all_are_in():
    game = westeros_game(("last-days-of-summer", "clash-of-kings", None))
    game.apply_line("stark: bid 3")
    game.apply_line("stark: bid 2")
    assert "my_bid" not in game.view("lannister")["procedure"][-1]
    assert game.view("stark")["procedure"][-1]["my_bid"] == 2
    with pytest.raises(IllegalAction, match="cannot bid 9"):
        game.apply_line("lannister: bid 9")


def test_each_track_asks_its_own_bid_with_the_power_left():
    game = westeros_game(("last-days-of-summer", "clash-of-kings", None))
    asked = {d.house: d for d in game.pending()}
    game.apply_line("lannister: bid 2")
    # While the others bid, each is asked the very same question again.
    assert all(d is asked[d.house] for d in game.pending())
    bid_all(game, dict.fromkeys([h for h in game.state.houses if h != "lannister"], 0))
    game.apply_line(f"{game.state.throne[0]}: rank {' '.join(game.pending()[0].schema['houses'])}")
    fiefdoms = {d.house: d for d in game.pending()}
    assert {d.data["track"] for d in fiefdoms.values()} == {"fiefdoms"}
    assert "Fiefdoms" in fiefdoms["stark"].prompt
    assert fiefdoms["lannister"].data["power"] == asked["lannister"].data["power"] - 2


def test_houses_without_power_bid_zero_without_being_asked():
    power = {"stark": 0, "lannister": 5, "greyjoy": 5, "tyrell": 5, "baratheon": 5, "martell": 5}
    game = westeros_game(("last-days-of-summer", "clash-of-kings", None), power=power)
    assert "stark" not in [house for house, _ in kinds(game)]


def test_dark_wings_dark_words_lets_the_raven_choose():
    game = westeros_game(("last-days-of-summer", "dark-wings-dark-words", None))
    decision = game.pending()[0]
    assert (decision.house, decision.kind) == (game.state.court[0], "westeros-choice")
    game.apply_line(f"{decision.house}: choose bidding")
    assert all(kind == "bid" for _, kind in kinds(game))

    game = westeros_game(("last-days-of-summer", "dark-wings-dark-words", None))
    game.apply_line(f"{game.state.court[0]}: choose power")
    assert game.state.power["stark"] == 6  # Winterfell's crown


def test_wildlings_attack_card_attacks_at_the_current_threat():
    game = westeros_game(
        ("last-days-of-summer", "last-days-of-summer", "wildlings-attack"), wildling_threat=4
    )
    assert game.state.wildling_threat == 8
    assert game.state.stack[-1].strength == 8


@pytest.mark.parametrize(
    ("card", "restriction"),
    [
        ("rains-of-autumn", "no-special-march"),
        ("storm-of-swords", "no-defense"),
        ("sea-of-storms", "no-raid"),
        ("feast-for-crows", "no-consolidate"),
        ("web-of-lies", "no-support"),
    ],
)
def test_deck_three_restrictions(card, restriction):
    game = westeros_game(("last-days-of-summer", "last-days-of-summer", card))
    assert game.state.restrictions == [restriction]


def test_put_to_the_sword_lets_the_blade_choose():
    for option, restriction in (
        ("no-special-march", ["no-special-march"]),
        ("no-defense", ["no-defense"]),
        ("nothing", []),
    ):
        game = westeros_game(("last-days-of-summer", "last-days-of-summer", "put-to-the-sword"))
        decision = game.pending()[0]
        assert (decision.house, decision.kind) == (game.state.fiefdoms[0], "westeros-choice")
        game.apply_line(f"{decision.house}: choose {option}")
        assert game.state.restrictions == restriction


def test_the_game_ends_after_round_ten():
    game = scenario(6, round=10, stack=[{"kind": "round", "next": "end"}])
    assert game.over
    assert game.state.winner == game.state.ranking[0]
    assert sorted(game.state.ranking) == sorted(game.state.houses)
    with pytest.raises(IllegalAction, match="over"):
        game.apply_line("stark: bid 1")
