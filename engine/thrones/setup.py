"""The starting position for 3 to 6 players (rulebook: "Preparación de la partida")."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.thrones.board import BOARD, FACTS
from engine.thrones.round import RoundFrame
from engine.thrones.state import State, Unit


def new_state(players: int, seed: int, tides_of_battle: bool) -> State:
    setup = FACTS.setups[players]
    rng = Rng(seed)
    houses = list(setup.houses)

    units: dict[str, list[Unit]] = {}
    for house in houses:
        for area, kind in setup.starting[house].units:
            units.setdefault(area, []).append(Unit(house, kind))

    westeros_decks = []
    for deck in (1, 2, 3):
        cards = list(FACTS.westeros_decks[deck])
        rng.shuffle(cards)
        westeros_decks.append(cards)
    wildling_deck = sorted(FACTS.wildling_cards)
    rng.shuffle(wildling_deck)
    tides_deck: list[str] = []
    if tides_of_battle:
        tides_deck = [card.id for card in FACTS.tides_cards.values() for _ in range(card.copies)]
        rng.shuffle(tides_deck)

    hands = {
        house: sorted(
            (card.id for card in FACTS.house_cards.values() if card.house == house),
            key=lambda cid: (-FACTS.house_cards[cid].strength, cid),
        )
        for house in houses
    }

    return State(
        players=players,
        houses=houses,
        tides_of_battle=tides_of_battle,
        rng=rng.state,
        round=1,
        units=units,
        orders={},
        orders_revealed=False,
        power_tokens={},
        garrisons={BOARD.home_area[house]: FACTS.garrison_strength for house in houses},
        neutral_forces=dict(setup.neutral_forces),
        impassable=list(setup.impassable),
        power={house: setup.starting[house].power for house in houses},
        supply={house: setup.starting[house].supply for house in houses},
        throne=list(setup.throne),
        fiefdoms=list(setup.fiefdoms),
        court=list(setup.court),
        blade_used=False,
        raven_used=False,
        hands=hands,
        discards={house: [] for house in houses},
        westeros_decks=westeros_decks,
        westeros_discards=[[], [], []],
        westeros_revealed=[],
        wildling_deck=wildling_deck,
        wildling_threat=FACTS.wildling_start,
        wildling_known_to=[],
        last_wildling_card=None,
        restrictions=[],
        stack=[RoundFrame()],
        tides_deck=tides_deck,
    )
