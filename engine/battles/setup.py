"""Setting up a battle (rulebook: "Preparación de la batalla", steps 1-9; "Formación de unidades";
"Creación de la baraja de liderazgo").

The battle's board and terrain; its commanders, uncommitted; each house's leadership deck, its basic cards
and the cards of the commanders it fields, shuffled; the round token on round 1 and the morale marker on
the start space; each house's command tokens on its board; the units, each at full strength (a
commander's unit the type his card names, the commander bearing its banner in place of one figure); the
initiative token with the house the battle names.
"""

from __future__ import annotations

from data.battles_model import Pack
from engine.battles.round import RoundFrame
from engine.battles.state import CommanderCard, State, Unit
from engine.core.rng import Rng


def new_state(pack: Pack, battle: str, seed: int, variants: dict[str, bool]) -> State:
    plan = pack.battles[battle]
    rng = Rng(seed)
    houses = list(plan.houses)
    units: dict[str, Unit] = {}
    commanders: dict[str, CommanderCard] = {}
    decks: dict[str, list[str]] = {}
    for house, setup in plan.houses.items():
        for number, placement in enumerate(setup.units, start=1):
            strength = pack.units[placement.unit_type].strength
            units[f"{house}-{number}"] = Unit(
                house, placement.unit_type, placement.rank, placement.at, strength, True, placement.commander
            )
            if placement.commander is not None:
                commanders[placement.commander] = CommanderCard()
        fielded = {p.commander for p in setup.units if p.commander}
        deck = sorted(
            cid
            for cid, card in pack.cards.items()
            if card.house == house and card.commander in (None, *fielded)
        )
        rng.shuffle(deck)
        decks[house] = deck
    return State(
        pack=pack,
        battle=battle,
        houses=houses,
        rng=rng.state,
        round=1,
        first=plan.initiative,
        initiative=plan.initiative,
        morale_house=None,
        morale_space=0,
        command_tokens={house: setup.command_tokens for house, setup in plan.houses.items()},
        commanders=commanders,
        units=units,
        pools={house: [] for house in houses},
        hands={house: [] for house in houses},
        decks=decks,
        discards={house: [] for house in houses},
        vp=dict.fromkeys(houses, 0),
        eliminated=dict.fromkeys(houses, 0),
        exited=dict.fromkeys(houses, 0),
        markers={},
        stack=[RoundFrame()],
        variants=dict(variants),
    )
