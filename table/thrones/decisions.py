"""The title of each decision a house of A Game of Thrones is asked, in the language it is read in: a
prompt's heading, and what a reminder or a passed deadline says the house still has to decide."""

from __future__ import annotations

from data.thrones_names import Named
from i18n import Localized, psaid

# The title of each decision kind; those that carry out a house card's text are titled by the card.
TITLES: dict[str, Localized] = {
    "orders": psaid("decision", "Place your orders"),
    "bid": psaid("decision", "Your bid"),
    "house-card": psaid("decision", "Choose your house card"),
    "march": psaid("decision", "Resolve a March order"),
    "raid": psaid("decision", "Resolve a Raid order"),
    "consolidate": psaid("decision", "Resolve a Consolidate Power order"),
    "muster": psaid("decision", "Muster"),
    "support": psaid("decision", "Support in a battle"),
    "accept-support": psaid("decision", "Accept support?"),
    "retreat": psaid("decision", "Retreat"),
    "casualties": psaid("decision", "Casualties"),
    "skull-casualties": psaid("decision", "Casualties (skulls)"),
    "retreat-losses": psaid("decision", "Losses in the retreat"),
    "reconcile": psaid("decision", "Reconcile your armies with supply"),
    "raven": psaid("decision", "The Messenger Raven"),
    "raven-peek": psaid("decision", "The top wildling card"),
    "rank": psaid("decision", "Settle a tie"),
    "westeros-choice": psaid("decision", "A Westeros card choice"),
    "wildling-destroy": psaid("decision", "Wildlings: destroy units"),
    "wildling-swap": psaid("decision", "Wildlings: change units"),
    "wildling-muster": psaid("decision", "Wildlings: muster"),
    "wildling-discard": psaid("decision", "Wildlings: discard a card"),
    "wildling-retrieve": psaid("decision", "Wildlings: take a card back"),
    "wildling-track": psaid("decision", "Wildlings: choose a track"),
    "wildling-tie": psaid("decision", "Wildlings: settle a tie"),
    "preemptive-raid": psaid(
        "decision", "Wildlings: {card}", card=Named("wildling_cards", "preemptive-raid")
    ),
    "tides-redraw": psaid("decision", "Tides of Battle"),
    "replace-card": psaid("decision", "Play another house card"),
    "blade": psaid("decision", "The Valyrian Steel Blade"),
    "port-takeover": psaid("decision", "Ships in a port taken"),
    "tyrion": Named("house_cards", "tyrion-lannister"),
    "patchface": Named("house_cards", "patchface"),
    "doran": Named("house_cards", "doran-martell"),
    "queen-of-thorns": Named("house_cards", "queen-of-thorns"),
    "aeron": Named("house_cards", "aeron-damphair"),
    "cersei": Named("house_cards", "cersei-lannister"),
    "renly": Named("house_cards", "renly-baratheon"),
}
