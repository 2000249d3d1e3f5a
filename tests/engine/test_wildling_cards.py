"""The wildling attack and the nine wildling cards: every card's reward and penalties, and their edges."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.thrones.actions import Choose, Destroy, Discard, Retrieve, Swap
from engine.thrones.board import FACTS
from engine.thrones.control import controller
from engine.thrones.game import ThronesGame
from engine.thrones.random_player import random_action
from engine.thrones.wildling_cards import CARD_EFFECTS
from tests.engine.scenario import kinds, scenario

REST = {"kind": "round", "next": "planning"}  # what follows the attack: the Planning phase
B, L, S, G = "baratheon", "lannister", "stark", "greyjoy"  # 3 players: Iron Throne order B, L, S


def attack_game(
    card: str,
    bids: dict[str, int],
    *,
    strength: int = 12,
    players: int = 3,
    participants: list[str] | None = None,
    power: dict[str, int] | None = None,
    deck: list[str] | None = None,
    **fields: Any,
) -> ThronesGame:
    """A wildling attack about to draw ``card`` (or the top of ``deck``), after the given bids (houses
    left out bid 0). Each house has exactly its bid in power unless ``power`` says otherwise."""
    houses = list(FACTS.setups[players].throne)
    participants = houses if participants is None else participants
    power = {h: (power if power is not None else bids).get(h, 0) for h in houses}
    deck = deck or [card, *(c for c in sorted(FACTS.wildling_cards) if c != card)]
    attack = {"kind": "wildling-attack", "strength": strength, "participants": participants}
    game = scenario(players, 0, stack=[REST, attack], wildling_deck=deck, power=power, **fields)
    for house in participants:
        if power[house] > 0:
            game.apply_line(f"{house}: bid {bids.get(house, 0)}")
    return game


def watch_wins(card: str, highest: str = S, **fields: Any) -> ThronesGame:
    return attack_game(card, {highest: 1}, strength=1, **fields)


def wildlings_win(card: str, lowest: str = S, players: int = 3, **fields: Any) -> ThronesGame:
    others = [h for h in FACTS.setups[players].throne if h != lowest]
    return attack_game(card, dict.fromkeys(others, 1), players=players, **fields)


def attack_over(game: ThronesGame) -> bool:
    """The attack and every frame of its card are done: the Planning phase has begun."""
    return [frame.kind for frame in game.state.stack[:2]] == ["round", "planning"]


def units(game: ThronesGame, house: str) -> Counter[tuple[str, str]]:
    return Counter((area, u.kind) for area, us in game.state.units.items() for u in us if u.house == house)


def rejected(game: ThronesGame, line: str) -> None:
    """The line is refused and the game is left exactly as it was."""
    before = game.to_position()
    pending = game.pending()
    with pytest.raises(IllegalAction):
        game.apply_line(line)
    assert game.to_position() == before
    assert game.pending() == pending


def decision(game: ThronesGame, house: str) -> Decision:
    found = game.decision_for(house)
    assert found is not None, f"nothing waits for {house}: {kinds(game)}"
    return found


def effects(events: list[Any]) -> list[str]:
    return [e.text for e in events if e.kind == "wildling-effect"]


def test_every_card_has_its_effects() -> None:
    assert set(CARD_EFFECTS) == set(FACTS.wildling_cards)


# --- the attack procedure -------------------------------------------------------------------------------


def test_bids_stay_secret_until_everyone_has_bid() -> None:
    game = scenario(
        3,
        0,
        stack=[REST, {"kind": "wildling-attack", "strength": 6, "participants": [B, L, S]}],
        power={B: 3, L: 3, S: 3},
    )
    game.apply_line("stark: bid 2")
    seen_by_lannister = game.view(L)
    step = next(p for p in seen_by_lannister["procedure"] if p["step"] == "wildling-attack")
    assert step["bid_placed"] == [S]
    assert "bids" not in step and "my_bid" not in step
    assert seen_by_lannister["houses"][S]["power"] == 3  # not paid before the reveal
    assert all("prompt" not in w for w in seen_by_lannister["waiting_for"] if w["house"] != L)
    own = next(p for p in game.view(S)["procedure"] if p["step"] == "wildling-attack")
    assert own["my_bid"] == 2
    # Stark may still change its bid before the reveal.
    game.apply_line("stark: bid 1")
    assert next(p for p in game.view(S)["procedure"] if p["step"] == "wildling-attack")["my_bid"] == 1


def test_watch_wins_on_equal_total_and_throne_holder_settles_highest() -> None:
    game = attack_game("silence-at-the-wall", {B: 2, L: 2}, strength=4, wildling_threat=10)
    tie = decision(game, B)
    assert tie.kind == "wildling-tie"
    assert tie.options == (Choose(B), Choose(L))
    rejected(game, "baratheon: choose stark")
    events = game.apply_line("baratheon: choose lannister")
    drawn = next(e for e in events if e.kind == "wildling-card")
    assert drawn.data["watch_won"] is True and drawn.data["chosen"] == L
    assert game.state.wildling_threat == 0
    assert game.state.power == {B: 0, L: 0, S: 0}  # every bid goes to the pool


def test_throne_holder_settles_lowest_even_among_zero_bids() -> None:
    game = attack_game("silence-at-the-wall", {}, strength=2)
    tie = decision(game, B)
    assert tie.kind == "wildling-tie" and len(tie.options) == 3
    events = game.apply_line("baratheon: choose stark")
    drawn = next(e for e in events if e.kind == "wildling-card")
    assert drawn.data["watch_won"] is False and drawn.data["chosen"] == S


def test_card_goes_to_the_bottom_and_threat_drops_by_four() -> None:
    game = wildlings_win("silence-at-the-wall", wildling_threat=10)
    deck = game.state.wildling_deck
    assert deck[-1] == "silence-at-the-wall" and deck.count("silence-at-the-wall") == 1
    assert len(deck) == len(FACTS.wildling_cards)
    assert game.state.last_wildling_card == "silence-at-the-wall"
    assert game.state.wildling_threat == 6
    low = wildlings_win("silence-at-the-wall", wildling_threat=2)
    assert low.state.wildling_threat == 0  # never below 0


def test_silence_at_the_wall_changes_nothing() -> None:
    for game in (watch_wins("silence-at-the-wall"), wildlings_win("silence-at-the-wall")):
        fresh = ThronesGame.new(3, 0).state
        assert attack_over(game)
        assert game.state.units == fresh.units
        assert (game.state.throne, game.state.fiefdoms, game.state.court) == (
            fresh.throne,
            fresh.fiefdoms,
            fresh.court,
        )
        assert game.state.supply == fresh.supply and game.state.hands == fresh.hands


# --- Preemptive Raid ------------------------------------------------------------------------------------


def test_preemptive_raid_watch_wins_starts_a_second_attack_without_the_highest_bidder() -> None:
    deck_rest = [c for c in sorted(FACTS.wildling_cards) if c not in ("preemptive-raid", "skinchanger-scout")]
    game = attack_game(
        "preemptive-raid",
        {S: 2},
        strength=2,
        power={B: 1, L: 1, S: 3},
        wildling_threat=8,
        deck=["preemptive-raid", "skinchanger-scout", *deck_rest],
    )
    assert sorted(kinds(game)) == [(B, "bid"), (L, "bid")]  # Stark sits it out
    assert "strength 6" in decision(game, B).prompt
    game.apply_line("baratheon: bid 0")
    game.apply_line("lannister: bid 1")  # 1 < 6: the wildlings win; Baratheon bid lowest
    assert attack_over(game)
    assert game.state.power == {B: 0, L: 0, S: 1}  # Skinchanger Scout spared Stark
    assert game.state.wildling_threat == 0  # 8 -> 4 after the second attack, then 0
    assert game.state.wildling_deck[-2:] == ["skinchanger-scout", "preemptive-raid"]


def test_preemptive_raid_lowest_chooses_to_lose_units() -> None:
    game = wildlings_win(
        "preemptive-raid",
        units={
            "winterfell": (S, "footman", "knight"),
            "white-harbor": (S, "footman"),
            "lannisport": (L, "footman", "footman"),
        },
    )
    choice = decision(game, S)
    assert choice.kind == "preemptive-raid"
    assert choice.options == (Choose("units"), Choose("tracks"))
    assert [h for h, _ in kinds(game)] == [S]  # everyone else is spared
    rejected(game, "stark: choose throne")
    game.apply_line("stark: choose units")
    loss = decision(game, S)
    assert loss.kind == "wildling-destroy" and loss.schema["count"] == 2
    assert loss.default == Destroy((("white-harbor", "footman"), ("winterfell", "footman")))
    rejected(game, "stark: destroy winterfell knight")
    rejected(game, "stark: destroy winterfell knight, winterfell knight")
    game.apply_line("stark: destroy white-harbor footman, winterfell knight")
    assert units(game, S) == Counter({("winterfell", "footman"): 1})
    assert units(game, L) == Counter({("lannisport", "footman"): 2})
    assert "white-harbor" not in game.state.power_tokens  # no power token left behind
    assert attack_over(game)


def test_preemptive_raid_lowest_falls_two_places_on_its_best_track() -> None:
    # Stark: Iron Throne 3rd, Fiefdoms 1st (holding the Valyrian Steel Blade, already used), Court 2nd.
    game = wildlings_win("preemptive-raid", blade_used=True)
    game.apply_line("stark: choose tracks")
    assert attack_over(game)
    assert game.state.fiefdoms == [B, L, S]
    assert game.view(None)["dominance"]["valyrian_steel_blade"] == B
    assert game.state.blade_used is True  # the token passes on in the state it was in
    assert game.state.throne == [B, L, S] and game.state.court == [L, S, B]


def test_preemptive_raid_equal_best_tracks_are_settled_by_the_throne_holder() -> None:
    game = wildlings_win("preemptive-raid", fiefdoms=[L, S, B], court=[B, S, L])
    game.apply_line("stark: choose tracks")
    tie = decision(game, B)
    assert tie.kind == "wildling-track"
    assert tie.options == (Choose("fiefdoms"), Choose("court"))
    rejected(game, "baratheon: choose throne")
    game.apply_line("baratheon: choose court")
    assert game.state.court == [B, L, S]  # from 2nd, two places down but never below last
    assert game.state.fiefdoms == [L, S, B]


def test_preemptive_raid_without_units_falls_on_a_track_at_once() -> None:
    game = wildlings_win("preemptive-raid", units={"lannisport": (L, "footman")})
    assert attack_over(game)  # only one option: no question asked
    assert game.state.fiefdoms == [B, L, S]


def test_preemptive_raid_last_everywhere_loses_units_and_all_if_fewer() -> None:
    tracks = {"throne": [B, L, S], "fiefdoms": [B, L, S], "court": [L, B, S]}
    game = wildlings_win("preemptive-raid", units={"karhold": (S, "footman")}, **tracks)
    assert attack_over(game)  # the only option, and one unit for two losses: no choice at all
    assert units(game, S) == Counter()
    assert controller(game.state, "karhold") is None
    nothing = wildlings_win("preemptive-raid", units={"lannisport": (L, "footman")}, **tracks)
    assert attack_over(nothing)
    assert nothing.state.fiefdoms == [B, L, S] and nothing.state.court == [L, B, S]


# --- Crow Killers ---------------------------------------------------------------------------------------


def test_crow_killers_watch_wins_upgrades_up_to_two_footmen() -> None:
    game = watch_wins(
        "crow-killers",
        units={"winterfell": (S, "footman", "footman"), "white-harbor": (S, "footman")},
    )
    swap = decision(game, S)
    assert swap.kind == "wildling-swap" and swap.options is None
    assert swap.schema["max"] == 2 and swap.default == Swap(())
    rejected(
        game,
        "stark: swap winterfell footman->knight, winterfell footman->knight, white-harbor footman->knight",
    )
    rejected(game, "stark: swap karhold footman->knight")
    rejected(game, "stark: swap winterfell footman->siege")
    game.apply_line("stark: swap winterfell footman->knight, white-harbor footman->knight")
    assert units(game, S) == Counter(
        {("winterfell", "footman"): 1, ("winterfell", "knight"): 1, ("white-harbor", "knight"): 1}
    )
    assert attack_over(game)


def test_crow_killers_watch_wins_is_limited_by_knights_in_reserve_and_may_be_declined() -> None:
    spec = {"winterfell": (S, "knight", "knight", "footman"), "karhold": (S, "knight", "knight", "footman")}
    game = watch_wins("crow-killers", units=spec)
    assert decision(game, S).schema["max"] == 1  # 4 of 5 knights on the board
    rejected(game, "stark: swap winterfell footman->knight, karhold footman->knight")
    game.apply_line("stark: swap none")
    assert units(game, S)[("winterfell", "knight")] == 2 and attack_over(game)
    no_footmen = watch_wins("crow-killers", units={"winterfell": (S, "knight")})
    assert attack_over(no_footmen)


def test_crow_killers_wildlings_win_lowest_and_everyone_else() -> None:
    game = wildlings_win(
        "crow-killers",
        units={
            "winterfell": (S, "knight", "footman"),
            "white-harbor": (S, "knight"),
            "dragonstone": (B, "knight", "knight"),
            "kingswood": (B, "knight"),
            "lannisport": (L, "knight", "footman"),
        },
    )
    # Stark's knights all become footmen, Lannister's single knight too: no choice there.
    assert units(game, S) == Counter({("winterfell", "footman"): 2, ("white-harbor", "footman"): 1})
    assert units(game, L) == Counter({("lannisport", "footman"): 2})
    assert kinds(game) == [(B, "wildling-swap")]
    swap = decision(game, B)
    assert swap.schema["min"] == swap.schema["max"] == 2
    rejected(game, "baratheon: swap kingswood knight->footman")
    rejected(game, "baratheon: swap kingswood knight->footman, kingswood knight->footman")
    game.apply_line("baratheon: swap kingswood knight->footman, dragonstone knight->footman")
    assert units(game, B) == Counter(
        {("dragonstone", "knight"): 1, ("dragonstone", "footman"): 1, ("kingswood", "footman"): 1}
    )
    assert attack_over(game)


NINE_FOOTMEN_ON_THE_BOARD = {
    "winterfell": (S, "knight", "footman", "footman", "footman"),
    "white-harbor": (S, "knight", "footman", "footman", "footman"),
    "karhold": (S, "footman", "footman", "footman"),
}


def test_crow_killers_lowest_short_of_footmen_chooses_the_knights_destroyed() -> None:
    game = wildlings_win("crow-killers", units=NINE_FOOTMEN_ON_THE_BOARD)
    loss = decision(game, S)
    assert loss.kind == "wildling-destroy" and loss.schema["count"] == 1
    rejected(game, "stark: destroy karhold footman")
    rejected(game, "stark: destroy winterfell knight, white-harbor knight")
    game.apply_line("stark: destroy winterfell knight")
    assert units(game, S)[("winterfell", "knight")] == 0
    assert units(game, S)[("white-harbor", "knight")] == 0
    assert units(game, S)[("white-harbor", "footman")] == 4
    assert sum(units(game, S).values()) == 10


def test_crow_killers_lowest_without_footmen_in_reserve_loses_its_knights() -> None:
    spec = {
        "winterfell": (S, "knight", "knight", "footman", "footman", "footman", "footman", "footman"),
        "karhold": (S, "footman", "footman", "footman", "footman", "footman"),
    }
    game = wildlings_win("crow-killers", units=spec)
    assert attack_over(game)  # nothing to choose: both knights go
    assert units(game, S)[("winterfell", "knight")] == 0 and units(game, S)[("winterfell", "footman")] == 5


def test_crow_killers_everyone_else_short_of_footmen_swaps_the_first_and_loses_the_rest() -> None:
    spec = {
        "dragonstone": (B, "knight", "footman", "footman", "footman"),
        "kingswood": (B, "knight", "footman", "footman", "footman"),
        "blackwater": (B, "footman", "footman", "footman"),
    }
    game = wildlings_win("crow-killers", units=spec)
    swap = decision(game, B)
    assert swap.schema["reserve"] == 1 and "destroyed" in swap.prompt
    game.apply_line("baratheon: swap kingswood knight->footman, dragonstone knight->footman")
    assert units(game, B)[("kingswood", "footman")] == 4
    assert units(game, B)[("dragonstone", "knight")] == 0 and units(game, B)[("dragonstone", "footman")] == 3
    one_area = {"dragonstone": (B, "knight", "knight", *["footman"] * 9)}
    automatic = wildlings_win("crow-killers", units=one_area)
    assert attack_over(automatic)
    assert units(automatic, B) == Counter({("dragonstone", "footman"): 10})


# --- Rattleshirt's Raiders ------------------------------------------------------------------------------


def test_rattleshirts_raiders_watch_wins_raises_supply_to_six_at_most() -> None:
    game = watch_wins("rattleshirts-raiders", supply={B: 2, L: 2, S: 4})
    assert game.state.supply == {B: 2, L: 2, S: 5}
    capped = watch_wins("rattleshirts-raiders", supply={B: 2, L: 2, S: 6})
    assert capped.state.supply[S] == 6


def test_rattleshirts_raiders_wildlings_win_lowers_supply_then_reconciles() -> None:
    spec = {
        "lannisport": (L, "footman", "footman", "footman"),
        "stoney-sept": (L, "footman", "footman"),
        "riverrun": (L, "footman", "footman"),
        "winterfell": (S, "footman", "footman"),
    }
    game = wildlings_win(
        "rattleshirts-raiders",
        players=4,
        participants=[B, L, S],
        units=spec,
        supply={B: 3, L: 2, S: 1, G: 2},
    )
    assert game.state.supply == {B: 2, L: 1, S: 0, G: 2}  # Greyjoy took no part
    assert kinds(game) == [(L, "reconcile")]  # level 1 allows armies of 3 and 2 only
    game.apply_line("lannister: destroy riverrun footman")
    assert attack_over(game)


# --- Massing on the Milkwater ---------------------------------------------------------------------------


def hands(**given: list[str]) -> dict[str, list[str]]:
    full = {h: [c.id for c in FACTS.house_cards.values() if c.house == h] for h in FACTS.setups[3].houses}
    return {**full, **given}


def test_massing_on_the_milkwater_watch_wins_takes_back_the_discard_pile() -> None:
    game = watch_wins(
        "massing-on-the-milkwater",
        hands=hands(stark=["catelyn-stark"]),
        discards={B: [], L: [], S: ["eddard-stark", "robb-stark"]},
    )
    assert sorted(game.state.hands[S]) == ["catelyn-stark", "eddard-stark", "robb-stark"]
    assert game.state.discards[S] == []


def test_massing_on_the_milkwater_wildlings_win() -> None:
    game = wildlings_win(
        "massing-on-the-milkwater",
        hands=hands(
            stark=["roose-bolton", "greatjon-umber", "the-blackfish"],
            baratheon=["stannis-baratheon", "renly-baratheon", "patchface"],
            lannister=["tywin-lannister"],
        ),
    )
    assert game.state.hands[S] == ["the-blackfish"]  # both strength-2 cards go
    assert sorted(game.state.discards[S]) == ["greatjon-umber", "roose-bolton"]
    assert kinds(game) == [(B, "wildling-discard")]  # Lannister holds one card and keeps it
    discard = decision(game, B)
    assert discard.default == Discard("patchface") and len(discard.options or ()) == 3
    rejected(game, "baratheon: discard tywin-lannister")
    game.apply_line("baratheon: discard renly-baratheon")
    assert game.state.hands[B] == ["stannis-baratheon", "patchface"]
    assert game.state.discards[B] == ["renly-baratheon"]
    assert game.state.hands[L] == ["tywin-lannister"] and attack_over(game)


def test_massing_on_the_milkwater_lowest_with_equal_strengths_discards_none() -> None:
    game = wildlings_win(
        "massing-on-the-milkwater",
        hands=hands(stark=["the-blackfish", "ser-rodrick-cassel"], baratheon=["patchface"], lannister=[]),
    )
    assert game.state.hands[S] == ["the-blackfish", "ser-rodrick-cassel"]
    assert game.state.discards[S] == [] and attack_over(game)


# --- A King Beyond the Wall -----------------------------------------------------------------------------


def test_a_king_beyond_the_wall_watch_wins_takes_position_one_of_a_track() -> None:
    game = watch_wins("a-king-beyond-the-wall")  # Stark is already first on Fiefdoms
    choice = decision(game, S)
    assert choice.options == (Choose("throne"), Choose("court"))
    rejected(game, "stark: choose fiefdoms")
    game.apply_line("stark: choose throne")
    assert game.state.throne == [S, B, L]  # the others slide down
    assert game.view(None)["dominance"]["iron_throne"] == S
    first_on_two = watch_wins("a-king-beyond-the-wall", court=[S, L, B])
    assert attack_over(first_on_two) and first_on_two.state.throne == [S, B, L]


def test_a_king_beyond_the_wall_wildlings_win_in_turn_order_as_it_stands_after_the_fall() -> None:
    # 4 players: Iron Throne B L S G; Fiefdoms G S B L; King's Court L S B G. Baratheon bids lowest.
    game = wildlings_win("a-king-beyond-the-wall", lowest=B, players=4, blade_used=True)
    assert game.state.throne == [L, S, G, B]
    assert game.state.fiefdoms == [G, S, L, B] and game.state.court == [L, S, G, B]
    assert kinds(game) == [(L, "wildling-track")]  # Lannister holds the Iron Throne now
    assert decision(game, L).options == (Choose("fiefdoms"), Choose("court"))
    rejected(game, "lannister: choose throne")
    game.apply_line("lannister: choose fiefdoms")
    assert game.state.fiefdoms == [G, S, B, L]
    assert kinds(game) == [(S, "wildling-track")]
    game.apply_line("stark: choose court")
    assert game.state.court == [L, G, B, S]
    game.apply_line("greyjoy: choose fiefdoms")
    assert game.state.fiefdoms == [S, B, L, G]
    dominance = game.view(None)["dominance"]
    assert dominance["valyrian_steel_blade"] == S and dominance["blade_used"] is True
    assert dominance["messenger_raven"] == L and dominance["iron_throne"] == L
    assert game.state.throne == [L, S, G, B] and attack_over(game)


# --- Mammoth Riders -------------------------------------------------------------------------------------


def test_mammoth_riders_watch_wins_takes_back_one_card() -> None:
    game = watch_wins(
        "mammoth-riders",
        hands=hands(stark=["catelyn-stark"]),
        discards={B: ["patchface"], L: [], S: ["eddard-stark", "robb-stark"]},
    )
    retrieve = decision(game, S)
    assert retrieve.default == Retrieve(None)
    assert set(retrieve.options or ()) == {Retrieve(None), Retrieve("eddard-stark"), Retrieve("robb-stark")}
    rejected(game, "stark: retrieve patchface")
    game.apply_line("stark: retrieve robb-stark")
    assert game.state.hands[S] == ["catelyn-stark", "robb-stark"]
    assert game.state.discards[S] == ["eddard-stark"]
    empty = watch_wins("mammoth-riders")
    assert attack_over(empty)


def test_mammoth_riders_wildlings_win_losses_chosen_at_the_same_time() -> None:
    game = wildlings_win(
        "mammoth-riders",
        units={
            "winterfell": (S, "footman", "knight"),
            "port-of-winterfell": (S, "ship"),
            "karhold": (S, "footman"),
            "dragonstone": (B, "footman", "knight", "siege"),
            "stoney-sept": (L, "footman"),
        },
    )
    assert sorted(kinds(game)) == [(B, "wildling-destroy"), (S, "wildling-destroy")]
    assert decision(game, S).schema["count"] == 3 and decision(game, B).schema["count"] == 2
    assert units(game, L) == Counter()  # one unit for two losses: lost at once
    assert controller(game.state, "stoney-sept") is None and "stoney-sept" not in game.state.power_tokens
    rejected(game, "stark: destroy winterfell footman, karhold footman")
    rejected(game, "stark: destroy winterfell footman, karhold footman, karhold footman")
    rejected(game, "stark: destroy winterfell footman, karhold footman, dragonstone footman")
    game.apply_line("stark: destroy port-of-winterfell ship, karhold footman, winterfell footman")
    assert units(game, S) == Counter({("winterfell", "knight"): 1})
    game.apply_line("baratheon: destroy dragonstone siege, dragonstone footman")
    assert units(game, B) == Counter({("dragonstone", "knight"): 1}) and attack_over(game)


def test_a_port_whose_land_area_empties_loses_its_ships() -> None:
    game = wildlings_win(
        "mammoth-riders",
        units={
            "white-harbor": (L, "footman"),
            "port-of-white-harbor": (L, "ship", "ship"),
            "lannisport": (L, "footman", "footman"),
            "winterfell": (S, "footman", "footman", "footman", "footman"),
        },
    )
    events = game.apply_line("lannister: destroy white-harbor footman, lannisport footman")
    assert "port-of-white-harbor" not in game.state.units
    assert any(e.kind == "port-lost" for e in events)
    assert units(game, L) == Counter({("lannisport", "footman"): 1})


def test_a_home_area_freed_by_losses_lets_its_house_take_the_port() -> None:
    game = wildlings_win(
        "the-horde-descends",
        units={
            "winterfell": (L, "footman"),
            "port-of-winterfell": (L, "ship"),
            "lannisport": (L, "footman"),
            "karhold": (S, "footman"),
            "dragonstone": (B, "footman"),
        },
    )
    game.apply_line("lannister: destroy winterfell footman")
    assert controller(game.state, "winterfell") == S
    takeover = decision(game, S)
    assert takeover.kind == "port-takeover"
    game.apply_line("stark: choose 1")
    assert [u.house for u in game.state.units["port-of-winterfell"]] == [S]
    assert attack_over(game)


# --- The Horde Descends ---------------------------------------------------------------------------------


def test_the_horde_descends_watch_wins_musters_in_one_area() -> None:
    game = watch_wins(
        "the-horde-descends",
        units={"winterfell": (S, "footman"), "white-harbor": (S, "footman")},
        supply={B: 2, L: 2, S: 3},
    )
    muster = decision(game, S)
    assert muster.kind == "wildling-muster" and muster.schema["one_area"] is True
    assert set(muster.schema["areas"]) == {"winterfell", "white-harbor"}
    rejected(game, "stark: muster winterfell footman, white-harbor footman")
    rejected(game, "stark: muster karhold footman")
    rejected(game, "stark: muster winterfell knight, winterfell footman")  # 3 points from a stronghold
    game.apply_line("stark: muster winterfell knight")
    assert units(game, S) == Counter(
        {("winterfell", "footman"): 1, ("winterfell", "knight"): 1, ("white-harbor", "footman"): 1}
    )
    assert attack_over(game)


def test_the_horde_descends_watch_wins_may_muster_nothing_or_be_skipped() -> None:
    game = watch_wins("the-horde-descends")
    game.apply_line("stark: muster none")
    assert attack_over(game)
    occupied = watch_wins(
        "the-horde-descends", units={"winterfell": (L, "footman"), "karhold": (S, "footman")}
    )
    assert attack_over(occupied)  # Stark controls no castle: nothing to ask


def test_the_horde_descends_wildlings_win_with_a_castle_army() -> None:
    game = wildlings_win(
        "the-horde-descends",
        units={
            "winterfell": (S, "footman", "knight", "footman"),
            "white-harbor": (S, "footman", "footman"),
            "karhold": (S, "footman", "footman"),
            "dragonstone": (B, "footman", "knight"),
            "lannisport": (L, "footman"),
        },
    )
    loss = decision(game, S)
    assert loss.schema["count"] == 2 and len(loss.schema["groups"]) == 2  # Winterfell or White Harbor
    assert decision(game, B).schema["count"] == 1
    assert units(game, L) == Counter()  # its only unit
    rejected(game, "stark: destroy karhold footman, karhold footman")  # not a castle
    rejected(game, "stark: destroy winterfell footman, white-harbor footman")  # two areas
    game.apply_line("stark: destroy winterfell knight, winterfell footman")
    assert units(game, S) == Counter(
        {("winterfell", "footman"): 1, ("white-harbor", "footman"): 2, ("karhold", "footman"): 2}
    )
    game.apply_line("baratheon: destroy dragonstone footman")
    assert units(game, B) == Counter({("dragonstone", "knight"): 1}) and attack_over(game)


def test_the_horde_descends_wildlings_win_without_a_castle_army_loses_anywhere() -> None:
    game = wildlings_win(
        "the-horde-descends",
        units={
            "winterfell": (S, "footman"),
            "karhold": (S, "footman", "knight"),
            "lannisport": (L, "footman"),
        },
    )
    loss = decision(game, S)
    assert len(loss.schema["groups"]) == 1 and loss.schema["count"] == 2
    game.apply_line("stark: destroy winterfell footman, karhold knight")
    assert units(game, S) == Counter({("karhold", "footman"): 1})


# --- Skinchanger Scout ----------------------------------------------------------------------------------


def test_skinchanger_scout_watch_wins_refunds_the_highest_bid() -> None:
    game = attack_game("skinchanger-scout", {S: 3, B: 1}, strength=4, power={S: 5, B: 2})
    assert game.state.power == {B: 1, L: 0, S: 5}


def test_skinchanger_scout_refund_is_capped_by_twenty_tokens() -> None:
    # Only a position already past the limit lets the cap bite: 16 tokens on the board, 6 available.
    areas = ["karhold", "castle-black", "widows-watch", "the-stony-shore", "greywater-watch", "the-twins"]
    areas += ["the-fingers", "the-mountains-of-the-moon", "stoney-sept", "blackwater", "kingswood"]
    areas += ["searoad-marches", "the-arbor", "the-boneway", "princes-pass", "three-towers"]
    game = attack_game("skinchanger-scout", {S: 6}, strength=6, power_tokens=dict.fromkeys(areas, S))
    assert game.state.power[S] == 4


def test_skinchanger_scout_wildlings_win() -> None:
    game = attack_game("skinchanger-scout", {B: 1, L: 1}, power={B: 5, L: 2, S: 3})
    assert game.state.power == {B: 2, L: 0, S: 0}


# --- defaults, random answers, positions ----------------------------------------------------------------


PENDING_CARDS = {
    "preemptive-units": lambda: wildlings_win("preemptive-raid"),
    "crow-reward": lambda: watch_wins("crow-killers"),
    "crow-lowest": lambda: wildlings_win("crow-killers", units=NINE_FOOTMEN_ON_THE_BOARD),
    "crow-others": lambda: wildlings_win(
        "crow-killers", lowest=L, units={"winterfell": (S, "knight", "knight"), "karhold": (S, "knight")}
    ),
    "mammoth": lambda: wildlings_win("mammoth-riders"),
    "horde-muster": lambda: watch_wins("the-horde-descends"),
    "horde-losses": lambda: wildlings_win(
        "the-horde-descends",
        units={"winterfell": (S, "footman", "knight", "footman"), "white-harbor": (S, "footman")},
    ),
}


@pytest.mark.parametrize("name", sorted(PENDING_CARDS))
def test_defaults_and_random_answers_are_legal(name: str) -> None:
    build = PENDING_CARDS[name]
    start = build()
    assert any(d.kind.startswith(("wildling-", "preemptive")) for d in start.pending())
    game = build()
    while not attack_over(game):
        first = game.pending()[0]
        game.apply(first.house, first.default)
    for seed in range(12):
        game = ThronesGame.from_position(start.to_position())
        rng = Rng(seed)
        while not attack_over(game):
            first = game.pending()[0]
            game.apply(first.house, random_action(game, first, rng))


def test_a_position_saved_during_a_card_loads_and_goes_on() -> None:
    game = wildlings_win("mammoth-riders")
    loaded = ThronesGame.from_position(game.to_position())
    assert loaded.pending() == game.pending()
    for played in (game, loaded):
        played.apply_line("stark: destroy white-harbor footman, winterfell footman, the-shivering-sea ship")
    assert loaded.to_position() == game.to_position()
