"""What each decision of A Game of Thrones asks, in its reader's language.

The engine words its prompts in English (``Decision.prompt``) and gives what they speak of as ``data``
(the battle's area, the opponent, a count, the card being resolved); this module words each kind of
decision again from its kind, data, options and schema, with the game's names in the reader's language.
A payload stored before decisions carried data, or a kind this module does not know, is asked in the
engine's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cogs.screens import strip_house
from cogs.thrones.names import InArea, Listed, Tides, area, card, house, track
from data.thrones_names import Named
from i18n import SOURCE_LANGUAGE, Said, nsaid, psaid, said, translator

Question = Callable[[dict[str, Any]], Said]

# The parts of a side's strength in a battle, as the engine's breakdown names them.
_PARTS: dict[str, Said] = {
    "units": psaid("strength", "units {value}"),
    "order": psaid("strength", "order {value}"),
    "garrison": psaid("strength", "garrison {value}"),
    "support": psaid("strength", "support {value}"),
    "card": psaid("strength", "card {value}"),
    "tides": psaid("strength", "Tides of Battle {value}"),
    "blade": psaid("strength", "blade {value}"),
}


@dataclass(frozen=True)
class Strength:
    """A side's strength and its parts, ``4 (units 3, order +1)``, in the message's language."""

    parts: tuple[tuple[str, int], ...]

    def said_in(self, language: str) -> str:
        parts = dict(self.parts)
        words = translator(language)
        shown = []
        for name, value in self.parts:
            if name == "total" or not value or name not in _PARTS:
                continue
            template = _PARTS[name]
            shown_value = str(value) if name == "units" else f"{value:+d}"
            shown.append(words.pgettext("strength", template.message, value=shown_value))
        total = str(parts.get("total", 0))
        return f"{total} ({', '.join(shown)})" if shown else total


def _strength(parts: dict[str, int]) -> Strength:
    return Strength(tuple((name, int(value)) for name, value in parts.items()))


def _chosen(decision: dict[str, Any]) -> list[str]:
    """The options of a ``choose`` decision, without the verb: ``["stark", "none"]``."""
    found = []
    for option in decision.get("options") or []:
        verb, _, rest = strip_house(option).partition(" ")
        if verb == "choose":
            found.append(rest.strip())
    return found


def _orders(decision: dict[str, Any]) -> Said:
    schema = decision["schema"]
    stars = int(schema["stars"])
    if schema["may_leave_empty"]:
        return said(
            "You have more areas than orders: place all {count} orders you can and leave the other areas "
            "empty. Special orders allowed: {stars}.",
            count=int(schema["count"]),
            stars=stars,
        )
    count = len(schema["areas"])
    return nsaid(
        "Place an order on your area. Special orders allowed: {stars}.",
        "Place one order on each of your {count} areas. Special orders allowed: {stars}.",
        count,
        stars=stars,
    )


def _bid(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    power = int(data["power"])
    if "wildlings" in data:
        return said(
            "The wildlings attack with strength {strength}: bid power for the Night's Watch. You have "
            "{power} power.",
            strength=int(data["wildlings"]),
            power=power,
        )
    return said("Bid for the {track} track. You have {power} power.", track=track(data["track"]), power=power)


def _rank(decision: dict[str, Any]) -> Said:
    houses = Listed(tuple(house(h) for h in decision["schema"]["houses"]))
    return said(
        "As holder of the Iron Throne, put the houses tied for the {track} track in order, best first: "
        "{houses}.",
        track=track(decision["data"]["track"]),
        houses=houses,
    )


def _support(decision: dict[str, Any]) -> Said:
    sides = [side for side in _chosen(decision) if side != "none"]
    battle, source = InArea(decision["data"]["battle"]), area(decision["schema"]["area"])
    if len(sides) == 1:
        return said(
            "Battle {in_area}: support {house} from {area}, or nobody.",
            in_area=battle,
            house=house(sides[0]),
            area=source,
        )
    first, second = sides
    return said(
        "Battle {in_area}: support {first} or {second} from {area}, or nobody.",
        in_area=battle,
        first=house(first),
        second=house(second),
        area=source,
    )


def _accept_support(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return said(
        "{house} offers you support from {area} (strength {strength}) in the battle {in_area}. Accept it?",
        house=house(data["supporter"]),
        area=area(data["area"]),
        strength=int(data["strength"]),
        in_area=InArea(data["battle"]),
    )


def _house_card(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return said(
        "Battle {in_area} against {house}: your strength before the cards is {mine}, theirs {theirs}. "
        "Choose your house card.",
        in_area=InArea(data["battle"]),
        house=house(data["opponent"]),
        mine=_strength(data["strength"]),
        theirs=_strength(data["opposing"]),
    )


def _casualties(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return nsaid(
        "Casualties: choose the unit you lose {in_area}.",
        "Casualties: choose the {count} units you lose {in_area}.",
        int(data["count"]),
        in_area=InArea(data["battle"]),
    )


def _skull_casualties(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return nsaid(
        "Tides of Battle skulls: choose the unit you lose {in_area}.",
        "Tides of Battle skulls: choose the {count} units you lose {in_area}.",
        int(data["count"]),
        in_area=InArea(data["battle"]),
    )


def _retreat(decision: dict[str, Any]) -> Said:
    losses = decision["schema"]["losses"]
    listed = []
    for where in _chosen(decision):
        lost = int(losses.get(where, 0))
        listed.append(
            nsaid("{area} (losing {count} unit)", "{area} (losing {count} units)", lost, area=area(where))
            if lost
            else area(where)
        )
    areas = Listed(tuple(listed))
    data = decision["data"]
    if data.get("robb"):
        return said(
            "Robb Stark: choose where {house} retreats: {areas}.", house=house(data["loser"]), areas=areas
        )
    return said("Choose where you retreat: {areas}.", areas=areas)


def _retreat_losses(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return nsaid(
        "Retreating to {area} breaks your supply limit: choose the retreating unit to destroy first.",
        "Retreating to {area} breaks your supply limit: choose the {count} retreating units to destroy "
        "first.",
        int(data["count"]),
        area=area(data["to"]),
    )


def _tyrion(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return said(
        "{tyrion}: send {card} back to {house}'s hand, so that it must play another card?",
        tyrion=card("tyrion-lannister"),
        card=card(data["card"]),
        house=house(data["opponent"]),
    )


def _patchface(decision: dict[str, Any]) -> Said:
    cards = [strip_house(o).split()[1] for o in decision["options"] if strip_house(o).startswith("discard ")]
    return said(
        "{patchface}: discard one card from {house}'s hand ({cards}), or none.",
        patchface=card("patchface"),
        house=house(decision["data"]["opponent"]),
        cards=Listed(tuple(card(c) for c in cards)),
    )


def _doran(decision: dict[str, Any]) -> Said:
    return said(
        "{doran}: choose the influence track at whose bottom {house} drops.",
        doran=card("doran-martell"),
        house=house(decision["data"]["opponent"]),
    )


def _cersei(decision: dict[str, Any]) -> Said:
    return said(
        "{cersei}: remove one of {house}'s orders anywhere on the board, or none.",
        cersei=card("cersei-lannister"),
        house=house(decision["data"]["opponent"]),
    )


def _westeros_choice(decision: dict[str, Any]) -> Said:
    return said(
        "{card}: as holder of the dominance token, choose what happens.",
        card=Named("westeros_cards", decision["data"]["card"]),
    )


def _port_takeover(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    return nsaid(
        "You now hold {land}: replace how many of the enemy ship in {port} with your own (0 to {most})? "
        "The others are removed.",
        "You now hold {land}: replace how many of the {count} enemy ships in {port} with your own (0 to "
        "{most})? The others are removed.",
        int(data["ships"]),
        land=area(data["land"]),
        port=area(data["port"]),
        most=int(data["most"]),
    )


def _wildling_tie(decision: dict[str, Any]) -> Said:
    houses = Listed(tuple(house(h) for h in _chosen(decision)))
    if decision["data"]["which"] == "highest":
        return said("As holder of the Iron Throne, choose the highest bidder among {houses}.", houses=houses)
    return said("As holder of the Iron Throne, choose the lowest bidder among {houses}.", houses=houses)


def _wildling(decision: dict[str, Any]) -> Named:
    return Named("wildling_cards", decision["data"]["card"])


def _wildling_destroy(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    count = int(data["count"])
    if "knights" in data:  # Crow Killers, the lowest bidder: more knights than footmen to replace them
        return nsaid(
            "{card}: your knights become footmen, but your reserve holds only {footmen} footmen for "
            "{knights} knights. Choose the knight to destroy.",
            "{card}: your knights become footmen, but your reserve holds only {footmen} footmen for "
            "{knights} knights. Choose the {count} knights to destroy.",
            count,
            card=_wildling(decision),
            footmen=int(data["footmen"]),
            knights=int(data["knights"]),
        )
    if data.get("in_castle"):
        groups = decision["schema"]["groups"]
        areas = Listed(tuple(area(group[0][0]) for group in groups))
        return nsaid(
            "{card}: destroy {count} of your units, from one castle or stronghold area ({areas}).",
            "{card}: destroy {count} of your units, from one castle or stronghold area ({areas}).",
            count,
            card=_wildling(decision),
            areas=areas,
        )
    return nsaid(
        "{card}: destroy {count} of your units.",
        "{card}: destroy {count} of your units.",
        count,
        card=_wildling(decision),
    )


def _wildling_swap(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    count = int(data["count"])
    if "footmen" in data:  # Crow Killers, the other houses: knights become footmen while the reserve lasts
        return nsaid(
            "{card}: name {count} of your knights to become footmen. Your reserve holds {footmen} footmen: "
            "the first named become footmen, the others are destroyed.",
            "{card}: name {count} of your knights to become footmen. Your reserve holds {footmen} footmen: "
            "the first named become footmen, the others are destroyed.",
            count,
            card=_wildling(decision),
            footmen=int(data["footmen"]),
        )
    return nsaid(
        "{card}: you may upgrade up to {count} of your footmen to knights.",
        "{card}: you may upgrade up to {count} of your footmen to knights.",
        count,
        card=_wildling(decision),
    )


def _wildling_track(decision: dict[str, Any]) -> Said:
    data = decision["data"]
    if "falls" in data:  # Preemptive Raid: the Iron Throne chooses where a house falls
        return nsaid(
            "{card}: {house} stands equally high on several influence tracks. As holder of the Iron Throne, "
            "choose the track where it falls {count} place.",
            "{card}: {house} stands equally high on several influence tracks. As holder of the Iron Throne, "
            "choose the track where it falls {count} places.",
            int(data["drop"]),
            card=_wildling(decision),
            house=house(data["falls"]),
        )
    if data["place"] == "top":
        return said(
            "{card}: choose the influence track on which you take the first place.", card=_wildling(decision)
        )
    return said(
        "{card}: move to the last place of the {fiefdoms} track or of the {court} track.",
        card=_wildling(decision),
        fiefdoms=track("fiefdoms"),
        court=track("court"),
    )


QUESTIONS: dict[str, Question] = {
    "orders": _orders,
    "bid": _bid,
    "rank": _rank,
    "raid": lambda _: said("Resolve one of your Raid orders: choose the order it removes, or none."),
    "march": lambda _: said("Resolve one of your March orders: move units from it (or none)."),
    "consolidate": lambda _: said(
        "Resolve one of your Consolidate Power orders; a special one may muster instead of gaining power."
    ),
    "muster": lambda _: said("Muster in your castles and strongholds."),
    "support": _support,
    "accept-support": _accept_support,
    "house-card": _house_card,
    "tyrion": _tyrion,
    "replace-card": lambda _: said(
        "{tyrion} sent your card back: play another.", tyrion=card("tyrion-lannister")
    ),
    "tides-redraw": lambda d: said(
        "Your Tides of Battle card is {card}. Use the Valyrian Steel Blade to discard it and draw another, "
        "which you must keep?",
        card=Tides(d["schema"]["card"]),
    ),
    "blade": lambda _: said(
        "Use the Valyrian Steel Blade for +1 strength (once a round)? It turns this battle in your favour."
    ),
    "casualties": _casualties,
    "skull-casualties": _skull_casualties,
    "retreat": _retreat,
    "retreat-losses": _retreat_losses,
    "patchface": _patchface,
    "doran": _doran,
    "queen-of-thorns": lambda _: said(
        "{card}: choose the area next to the battle whose enemy order is removed.",
        card=card("queen-of-thorns"),
    ),
    "aeron": lambda _: said(
        "{card}: pay 2 power to play another card instead, or keep your card.", card=card("aeron-damphair")
    ),
    "cersei": _cersei,
    "renly": lambda _: said(
        "{card}: upgrade one of your footmen that took part in the battle to a knight, or none.",
        card=card("renly-baratheon"),
    ),
    "reconcile": lambda d: said(
        "Your armies exceed supply level {supply}: choose units to destroy until they fit.",
        supply=int(d["schema"]["supply"]),
    ),
    "raven": lambda _: said(
        "Messenger Raven: swap one of your orders for an unused one, look at the top wildling card, or do "
        "nothing."
    ),
    "raven-peek": lambda d: said(
        "The top wildling card is {card}. Keep it on top, or bury it at the bottom?",
        card=Named("wildling_cards", d["schema"]["card"]),
    ),
    "westeros-choice": _westeros_choice,
    "port-takeover": _port_takeover,
    "wildling-tie": _wildling_tie,
    "wildling-destroy": _wildling_destroy,
    "wildling-swap": _wildling_swap,
    "wildling-track": _wildling_track,
    "preemptive-raid": lambda d: nsaid(
        "{card}: destroy {count} of your units, or fall {count} place on the influence track where you "
        "stand highest.",
        "{card}: destroy {count} of your units, or fall {count} places on the influence track where you "
        "stand highest.",
        int(d["data"]["drop"]),
        card=_wildling(d),
    ),
    "wildling-muster": lambda d: said(
        "{card}: you may muster in ONE of your castle or stronghold areas.", card=_wildling(d)
    ),
    "wildling-discard": lambda d: said("{card}: discard one house card from your hand.", card=_wildling(d)),
    "wildling-retrieve": lambda d: said(
        "{card}: you may take one card back from your discard pile.", card=_wildling(d)
    ),
}


def question(decision: dict[str, Any], language: str = SOURCE_LANGUAGE) -> str:
    """What ``decision`` (a prompt payload's) asks, in ``language``; the engine's English prompt for a
    kind not worded here or a decision stored without the data its wording needs."""
    ask = QUESTIONS.get(decision["kind"])
    if ask is None:
        return str(decision["prompt"])
    try:
        return ask(decision).said_in(language)
    except (KeyError, TypeError, ValueError, IndexError):
        return str(decision["prompt"])
