"""The rounds, the Planning and Westeros phases, the wildlings' attacks and the end of the game, in words."""

from __future__ import annotations

from data.thrones_names import Named
from i18n import Said, nsaid, said
from table.thrones.events.registry import DOMINANCE, Data, tells
from table.thrones.phrases import Ranking, Tally, area, house, muster_items, units_in

_ROMAN = ("I", "II", "III")  # the Westeros decks, numbered as the cards print them

# --- the rounds and the Planning phase ---------------------------------------------------------------


@tells("phase")
def _phase(d: Data) -> Said:
    phase, round_ = d["phase"], d["round"]
    if phase == "westeros":
        return said("Round {round}: the Westeros phase begins.", round=round_)
    if phase == "planning":
        return said("Round {round}: the Planning phase begins.", round=round_)
    if phase == "action":
        return said("Round {round}: the Action phase begins.", round=round_)
    raise KeyError(phase)


@tells("phase-end")
def _phase_end(d: Data) -> Said:
    if d["phase"] != "action":
        raise KeyError(d["phase"])
    return said("Round {round}: the Action phase is over.", round=d["round"])


@tells("orders-placed")
def _orders_placed(d: Data) -> Said:
    return said("{house} has placed its orders.", house=house(d["house"]))


@tells("orders-revealed")
def _orders_revealed(d: Data) -> Said:
    return said("The orders are revealed.")


@tells("raven")
def _raven(d: Data) -> Said:
    who, mode = house(d["house"]), d["mode"]
    raven = Named("terms", "messenger-raven")
    if mode == "none":
        return said("{house} does not use the {raven}.", house=who, raven=raven)
    if mode == "peek":
        return said("{house} looks at the top wildling card.", house=who)
    if mode == "bury":
        return said("{house} puts the wildling card at the bottom of the deck.", house=who)
    if mode == "keep":
        return said("{house} leaves the wildling card on top of the deck.", house=who)
    return said(
        "{house} uses the {raven} to replace its order in {area}: {old} becomes {new}.",
        house=who,
        raven=raven,
        area=area(d["area"]),
        old=Named("orders", d["old"]),
        new=Named("orders", d["new"]),
    )


@tells("raven-card")
def _ravenNamed(d: Data) -> Said:
    return said("The top wildling card is {card}.", card=Named("wildling_cards", d["card"]))


# --- the Westeros phase ------------------------------------------------------------------------------


@tells("westeros-cards")
def _westeros_cards(d: Data) -> Said:
    first, second, third = (Named("westeros_cards", card) for card in d["cards"])
    return said(
        "Westeros cards: I: {first}, II: {second}, III: {third}.", first=first, second=second, third=third
    )


@tells("winter-is-coming")
def _winter_is_coming(d: Data) -> Said:
    card = Named("westeros_cards", "winter-is-coming")
    return said(
        "{card}: Westeros deck {deck} is shuffled and another card drawn.",
        card=card,
        deck=_ROMAN[d["deck"] - 1],
    )


@tells("wildling-threat")
def _wildling_threat(d: Data) -> Said:
    if d["cause"] == "westeros":
        return said(
            "The wildlings grow stronger: their threat rises from {before} to {after}.",
            before=d["before"],
            after=d["after"],
        )
    return said("The wildling threat goes from {before} to {after}.", before=d["before"], after=d["after"])


@tells("westeros-choice")
def _westeros_choice(d: Data) -> Said:
    card, who = Named("westeros_cards", d["card"]), house(d["house"])
    if d["effect"] == "nothing":
        return said("{card}: {house} chooses nothing.", card=card, house=who)
    return said(
        "{card}: {house} chooses {effect}.", card=card, house=who, effect=Named("westeros_cards", d["effect"])
    )


@tells("power")
def _power(d: Data) -> Said:
    gains = Tally(tuple((who, f"+{gained}") for who, gained in d["gains"].items()))
    return said("Houses collect power: {gains}.", gains=gains)


@tells("supply")
def _supply(d: Data) -> Said:
    if not d["changes"]:
        return said("Supply is updated: no house's level changes.")
    changes = Tally(tuple((who, f"{old} → {new}") for who, (old, new) in d["changes"].items()))
    return said("Supply is updated: {changes}.", changes=changes)


@tells("supply-losses")
def _supply_losses(d: Data) -> Said:
    return said(
        "{house} brings its armies within its supply: it loses {units}.",
        house=house(d["house"]),
        units=units_in(d["units"]),
    )


@tells("muster")
def _muster(d: Data) -> Said:
    who, items = house(d["house"]), d["items"]
    if "area" in d:  # a special Consolidate Power order musters
        where = area(d["area"])
        if not items:
            return said("{house} consolidates power in {area} to muster nothing.", house=who, area=where)
        return said(
            "{house} consolidates power in {area} to muster {items}.",
            house=who,
            area=where,
            items=muster_items(items),
        )
    if not items:
        return said("{house} musters nothing.", house=who)
    return said("{house} musters {items}.", house=who, items=muster_items(items))


@tells("bids")
def _bids(d: Data) -> Said:
    bids = Tally(tuple((who, str(d["bids"][who])) for who in d["ranked"]))
    return said("Bids for the {track} track: {bids}.", track=Named("tracks", d["track"]), bids=bids)


@tells("track")
def _track(d: Data) -> Said:
    order = d["order"]
    return said(
        "{track} track: {order}; {house} holds the {token}.",
        track=Named("tracks", d["track"]),
        order=Ranking(tuple(order)),
        house=house(order[0]),
        token=Named("terms", DOMINANCE[d["track"]]),
    )


# --- wildlings -----------------------------------------------------------------------------------------


@tells("wildling-bids")
def _wildling_bids(d: Data) -> Said:
    fields = {
        "watch": Named("terms", "night-watch"),
        "bids": Tally(tuple((who, str(d["bids"][who])) for who in d["participants"])),
        "total": d["total"],
        "strength": d["strength"],
    }
    if d["watch_won"]:
        return said("{watch} bids: {bids} (total {total} against {strength}): the {watch} holds.", **fields)
    return said("{watch} bids: {bids} (total {total} against {strength}): the wildlings win.", **fields)


@tells("wildling-card")
def _wildlingNamed(d: Data) -> Said:
    card, watch = Named("wildling_cards", d["card"]), Named("terms", "night-watch")
    if d["watch_won"]:
        return said("The {watch} holds. The wildling card is {card}.", watch=watch, card=card)
    return said("The wildlings break through. The wildling card is {card}.", card=card)


# --- the end -------------------------------------------------------------------------------------------


@tells("game-over")
def _game_over(d: Data) -> Said:
    winner, castles = house(d["winner"]), d["castles"]
    if d["reason"] == "castles":
        return nsaid(
            "{winner} wins the Iron Throne. {winner} controls {count} castle or stronghold.",
            "{winner} wins the Iron Throne. {winner} controls {count} castles and strongholds.",
            castles,
            winner=winner,
        )
    return nsaid(
        "{winner} wins the Iron Throne. The last round is over; it holds {count} castle or stronghold.",
        "{winner} wins the Iron Throne. The last round is over; it holds {count} castles and strongholds.",
        castles,
        winner=winner,
    )
