"""The thrones events in words, in every language: one whole sentence for each kind of event (and each
variant of it), worded from the event's ``kind`` and ``data`` alone.

The engine writes an event's English ``text`` for itself (the command line, its tests); the table words the
event again here, so that each reader reads it in their language: the channel in the game's, a house's
private event in its player's. The English of these messages is the engine's text, word for word (a test
plays random games and compares them), so both always say the same thing.

Names come in as :class:`data.thrones_names.Named` fields: a translation may put them in the form its
grammar needs (``{house:The}``, ``{area:in}``, ``{area:of}``...; see docs/translating.md).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from data.thrones_names import Named
from engine.core.decisions import Event
from engine.thrones.orders import TOKENS
from i18n import Said, nsaid, said
from table.thrones.phrases import (
    Counted,
    Listed,
    Ranking,
    Tally,
    Units,
    area,
    house,
    muster_items,
    units_in,
)

log = logging.getLogger(__name__)

Data = Mapping[str, Any]
Teller = Callable[[Data], Said]

_TELLERS: dict[str, Teller] = {}
_ROMAN = ("I", "II", "III")
_DOMINANCE = {"throne": "iron-throne-token", "fiefdoms": "valyrian-steel-blade", "court": "messenger-raven"}


def tell(event: Event, language: str) -> str:
    """The event in ``language``. An event this module cannot word (a kind the engine has added since, data
    it does not expect) is logged and told in the engine's English: the game goes on."""
    try:
        return said_of(event).said_in(language)
    except Exception:
        log.exception("a %r event could not be worded in %s", event.kind, language)
        return event.text


def said_of(event: Event) -> Said:
    """The event's sentence, to be said in any language; KeyError for a kind nobody words."""
    return _TELLERS[event.kind](event.data)


def kinds() -> frozenset[str]:
    """The kinds of event worded here."""
    return frozenset(_TELLERS)


def _tells(kind: str) -> Callable[[Teller], Teller]:
    def register(teller: Teller) -> Teller:
        _TELLERS[kind] = teller
        return teller

    return register


def _character(card: str) -> Named:
    """The house card whose text acts: "Tyrion Lannister", "Reina de Espinas"."""
    return Named("house_cards", card)


# --- the rounds and the Planning phase ---------------------------------------------------------------


@_tells("phase")
def _phase(d: Data) -> Said:
    phase, round_ = d["phase"], d["round"]
    if phase == "westeros":
        return said("Round {round}: the Westeros phase begins.", round=round_)
    if phase == "planning":
        return said("Round {round}: the Planning phase begins.", round=round_)
    if phase == "action":
        return said("Round {round}: the Action phase begins.", round=round_)
    raise KeyError(phase)


@_tells("phase-end")
def _phase_end(d: Data) -> Said:
    if d["phase"] != "action":
        raise KeyError(d["phase"])
    return said("Round {round}: the Action phase is over.", round=d["round"])


@_tells("orders-placed")
def _orders_placed(d: Data) -> Said:
    return said("{house} has placed its orders.", house=house(d["house"]))


@_tells("orders-revealed")
def _orders_revealed(d: Data) -> Said:
    return said("The orders are revealed.")


@_tells("raven")
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


@_tells("raven-card")
def _ravenNamed(d: Data) -> Said:
    return said("The top wildling card is {card}.", card=Named("wildling_cards", d["card"]))


# --- the Westeros phase ------------------------------------------------------------------------------


@_tells("westeros-cards")
def _westeros_cards(d: Data) -> Said:
    first, second, third = (Named("westeros_cards", card) for card in d["cards"])
    return said(
        "Westeros cards: I: {first}, II: {second}, III: {third}.", first=first, second=second, third=third
    )


@_tells("winter-is-coming")
def _winter_is_coming(d: Data) -> Said:
    card = Named("westeros_cards", "winter-is-coming")
    return said(
        "{card}: Westeros deck {deck} is shuffled and another card drawn.",
        card=card,
        deck=_ROMAN[d["deck"] - 1],
    )


@_tells("wildling-threat")
def _wildling_threat(d: Data) -> Said:
    if d["cause"] == "westeros":
        return said(
            "The wildlings grow stronger: their threat rises from {before} to {after}.",
            before=d["before"],
            after=d["after"],
        )
    return said("The wildling threat goes from {before} to {after}.", before=d["before"], after=d["after"])


@_tells("westeros-choice")
def _westeros_choice(d: Data) -> Said:
    card, who = Named("westeros_cards", d["card"]), house(d["house"])
    if d["effect"] == "nothing":
        return said("{card}: {house} chooses nothing.", card=card, house=who)
    return said(
        "{card}: {house} chooses {effect}.", card=card, house=who, effect=Named("westeros_cards", d["effect"])
    )


@_tells("power")
def _power(d: Data) -> Said:
    gains = Tally(tuple((who, f"+{gained}") for who, gained in d["gains"].items()))
    return said("Houses collect power: {gains}.", gains=gains)


@_tells("supply")
def _supply(d: Data) -> Said:
    if not d["changes"]:
        return said("Supply is updated: no house's level changes.")
    changes = Tally(tuple((who, f"{old} → {new}") for who, (old, new) in d["changes"].items()))
    return said("Supply is updated: {changes}.", changes=changes)


@_tells("supply-losses")
def _supply_losses(d: Data) -> Said:
    return said(
        "{house} brings its armies within its supply: it loses {units}.",
        house=house(d["house"]),
        units=units_in(d["units"]),
    )


@_tells("muster")
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


@_tells("bids")
def _bids(d: Data) -> Said:
    bids = Tally(tuple((who, str(d["bids"][who])) for who in d["ranked"]))
    return said("Bids for the {track} track: {bids}.", track=Named("tracks", d["track"]), bids=bids)


@_tells("track")
def _track(d: Data) -> Said:
    order = d["order"]
    return said(
        "{track} track: {order}; {house} holds the {token}.",
        track=Named("tracks", d["track"]),
        order=Ranking(tuple(order)),
        house=house(order[0]),
        token=Named("terms", _DOMINANCE[d["track"]]),
    )


# --- wildlings -----------------------------------------------------------------------------------------


@_tells("wildling-bids")
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


@_tells("wildling-card")
def _wildlingNamed(d: Data) -> Said:
    card, watch = Named("wildling_cards", d["card"]), Named("terms", "night-watch")
    if d["watch_won"]:
        return said("The {watch} holds. The wildling card is {card}.", watch=watch, card=card)
    return said("The wildlings break through. The wildling card is {card}.", card=card)


# --- the Action phase ----------------------------------------------------------------------------------


@_tells("raid")
def _raid(d: Data) -> Said:
    who, source = house(d["house"]), area(d["source"])
    if d["target"] is None:
        return said("{house}'s raid in {source} has no effect.", house=who, source=source)
    fields = {
        "house": who,
        "source": source,
        "victim": house(d["victim"]),
        "order": Named("orders", d["removed"]),
        "target": area(d["target"]),
    }
    if TOKENS[d["removed"]].type != "consolidate":
        return said("{house} raids from {source} and removes {victim}'s {order} in {target}.", **fields)
    return said(
        "{house} raids from {source} and removes {victim}'s {order} in {target}. "
        "Plunder: +{gained} power for {house}, -{lost} for {victim}.",
        gained=d["gained"],
        lost=d["lost"],
        **fields,
    )


@_tells("march")
def _march(d: Data) -> Said:
    who, source, attack = house(d["house"]), area(d["source"]), d["attack"]
    moves = [
        # Translators: one move of a march, among others (separated by semicolons): "2 footmen to Winterfell".
        said("{units} to {area}", units=Units(tuple(kinds)), area=area(dest))
        for dest, kinds in d["moves"]
        if dest != attack
    ]
    if attack is not None:
        kinds = next(kinds for dest, kinds in d["moves"] if dest == attack)
        # Translators: the move of a march that attacks, after its other moves: "a knight attacks Winterfell".
        moves.append(
            nsaid(
                "{units} attacks {area}",
                "{units} attack {area}",
                len(kinds),
                units=Units(tuple(kinds)),
                area=area(attack),
            )
        )
    if not moves:
        return said("{house} marches from {source}: no unit moves.", house=who, source=source)
    listed = _Semicolons(tuple(moves))
    if d["leave_power"]:
        return said(
            "{house} marches from {source}: {moves}; it leaves a power token there.",
            house=who,
            source=source,
            moves=listed,
        )
    return said("{house} marches from {source}: {moves}.", house=who, source=source, moves=listed)


class _Semicolons(Listed):
    """A march's moves, each a clause of its own: "a footman to Winterfell; a knight attacks Karhold"."""

    def said_in(self, language: str) -> str:
        return "; ".join(item.said_in(language) for item in self.items)


@_tells("power-token-removed")
def _power_token_removed(d: Data) -> Said:
    return said(
        "{house}'s power token in {area} returns to the pool.", house=house(d["house"]), area=area(d["area"])
    )


@_tells("consolidate")
def _consolidate(d: Data) -> Said:
    return nsaid(
        "{house} consolidates power in {area}: +{count} power.",
        "{house} consolidates power in {area}: +{count} power.",
        d["gained"],
        house=house(d["house"]),
        area=area(d["area"]),
    )


# --- combat --------------------------------------------------------------------------------------------


@_tells("support")
def _support(d: Data) -> Said:
    who, where = house(d["house"]), area(d["area"])
    if d.get("refused"):
        return said("{house} refuses the support from {area}.", house=who, area=where)
    if d["backs"] is None:
        return said("{house} gives no support from {area}.", house=who, area=where)
    if d["backs"] == d["house"]:
        return said(
            "{house} supports itself from {area} (strength {strength}).",
            house=who,
            area=where,
            strength=d["strength"],
        )
    return said(
        "{house} supports {backed} from {area} (strength {strength}).",
        house=who,
        backed=house(d["backs"]),
        area=where,
        strength=d["strength"],
    )


@_tells("neutral-force")
def _neutral_force(d: Data) -> Said:
    fields = {
        "house": house(d["house"]),
        "area": area(d["area"]),
        "strength": d["strength"]["total"],
        "value": d["value"],
    }
    if d["won"]:
        return said(
            "{house} destroys the neutral force of {area} (strength {strength} against {value}) and takes "
            "the area.",
            **fields,
        )
    return said(
        "{house} falls short against the neutral force of {area} (strength {strength} against {value}); "
        "its units stay in {origin}.",
        origin=area(d["origin"]),
        **fields,
    )


@_tells("combat-strength")
def _combat_strength(d: Data) -> Said:
    return said(
        "Initial strength in {area}: {attacker} {attack}, {defender} {defense}.",
        area=area(d["area"]),
        attacker=house(d["attacker_house"]),
        attack=d["attacker"],
        defender=house(d["defender_house"]),
        defense=d["defender"],
    )


@_tells("house-cards")
def _house_cards(d: Data) -> Said:
    if "cards" in d:
        attacker, defender = d["attacker"], d["defender"]
        return said(
            "House cards revealed: {attacker} plays {attacker_card}, {defender} plays {defender_card}.",
            attacker=house(attacker),
            attacker_card=_character(d["cards"][attacker]),
            defender=house(defender),
            defender_card=_character(d["cards"][defender]),
        )
    if d["card"] is None:
        return said("{house} has no other card to play.", house=house(d["house"]))
    return said("{house} plays {card} instead.", house=house(d["house"]), card=_character(d["card"]))


@_tells("tyrion")
def _tyrion(d: Data) -> Said:
    return said(
        "{character} sends {card} back to {owner}'s hand.",
        character=_character("tyrion-lannister"),
        card=_character(d["card"]),
        owner=house(d["owner"]),
    )


@_tells("blade")
def _blade(d: Data) -> Said:
    who, blade = house(d["house"]), Named("terms", "valyrian-steel-blade")
    if d["use"] == "plus":
        return said("{house} uses the {blade}: +1.", house=who, blade=blade)
    return said(
        "{house} uses the {blade} to draw another {tides} card.",
        house=who,
        blade=blade,
        tides=Named("terms", "tides-of-battle"),
    )


@_tells("tides")
def _tides(d: Data) -> Said:
    attacker, defender = d["attacker"], d["defender"]
    return said(
        "{tides}: {attacker} {attacker_card}, {defender} {defender_card}.",
        tides=Named("terms", "tides-of-battle"),
        attacker=house(attacker),
        attacker_card=Named("tides_of_battle", d["tides"][attacker]),
        defender=house(defender),
        defender_card=Named("tides_of_battle", d["tides"][defender]),
    )


@_tells("combat-result")
def _combat_result(d: Data) -> Said:
    attacker, defender = d["attacker"], d["defender"]
    fields = {
        "area": area(d["area"]),
        "attacker": house(attacker),
        "attack": d["strengths"][attacker]["total"],
        "defender": house(defender),
        "defense": d["strengths"][defender]["total"],
        "winner": house(d["winner"]),
    }
    if d["tie"]:
        return said(
            "Battle in {area}: {attacker} {attack}, {defender} {defense}. {winner} wins (a tie, won on the "
            "{track} track).",
            track=Named("tracks", "fiefdoms"),
            **fields,
        )
    return said("Battle in {area}: {attacker} {attack}, {defender} {defense}. {winner} wins.", **fields)


@_tells("garrison")
def _garrison(d: Data) -> Said:
    return said("The garrison of {area} is defeated and removed.", area=area(d["area"]))


@_tells("casualties")
def _casualties(d: Data) -> Said:
    who, units, cause = house(d["house"]), Units(tuple(d["units"])), d["cause"]
    if cause == "casualties":
        return said("Casualties: {house} loses {units}.", house=who, units=units)
    if cause == "skulls":
        return said(
            "{tides} skulls: {house} loses {units}.",
            tides=Named("terms", "tides-of-battle"),
            house=who,
            units=units,
        )
    if cause == "stuck":
        return said(
            "{house} loses {units}: routed units and siege engines cannot retreat.", house=who, units=units
        )
    if cause == "nowhere":
        return said("{house} has nowhere to retreat: it loses {units}.", house=who, units=units)
    if cause == "sieges":
        return said("{house} loses {units}: siege engines cannot retreat.", house=who, units=units)
    raise KeyError(cause)


@_tells("retreat")
def _retreat(d: Data) -> Said:
    who, where, kept, lost = house(d["house"]), area(d["area"]), d["units"], d["lost"]
    if not kept:
        return said(
            "{house} cannot retreat to {area} within its supply limit: it loses {lost}.",
            house=who,
            area=where,
            lost=Units(tuple(lost)),
        )
    if lost:
        return nsaid(
            "{house} retreats to {area} with {units}, losing {lost} to its supply limit; it is routed.",
            "{house} retreats to {area} with {units}, losing {lost} to its supply limit; they are routed.",
            len(kept),
            house=who,
            area=where,
            units=Units(tuple(kept)),
            lost=Units(tuple(lost)),
        )
    return nsaid(
        "{house} retreats to {area} with {units}; it is routed.",
        "{house} retreats to {area} with {units}; they are routed.",
        len(kept),
        house=who,
        area=where,
        units=Units(tuple(kept)),
    )


@_tells("arianne")
def _arianne(d: Data) -> Said:
    fields = {"character": _character("arianne-martell"), "house": house(d["house"]), "area": area(d["area"])}
    if d["lost"]:
        return said(
            "{character}: {house}'s units stay in {area}, losing {lost} to its supply limit.",
            lost=Units(tuple(d["lost"])),
            **fields,
        )
    return said("{character}: {house}'s units stay in {area}.", **fields)


@_tells("loras")
def _loras(d: Data) -> Said:
    return said(
        "{character}: the March order moves into {area} and may march again this round.",
        character=_character("ser-loras-tyrell"),
        area=area(d["area"]),
    )


@_tells("patchface")
def _patchface(d: Data) -> Said:
    return said(
        "{character}: {house} discards {card} from {owner}'s hand.",
        character=_character("patchface"),
        house=house(d["house"]),
        card=_character(d["card"]),
        owner=house(d["owner"]),
    )


@_tells("doran")
def _doran(d: Data) -> Said:
    return said(
        "{character}: {opponent} drops to the bottom of the {track} track.",
        character=_character("doran-martell"),
        opponent=house(d["opponent"]),
        track=Named("tracks", d["track"]),
    )


@_tells("queen-of-thorns")
def _queen_of_thorns(d: Data) -> Said:
    return _removes("queen-of-thorns", d)


@_tells("cersei")
def _cersei(d: Data) -> Said:
    return _removes("cersei-lannister", d)


def _removes(character: str, d: Data) -> Said:
    return said(
        "{character} removes {owner}'s {order} in {area}.",
        character=_character(character),
        owner=house(d["owner"]),
        order=Named("orders", d["token"]),
        area=area(d["area"]),
    )


@_tells("mace-tyrell")
def _mace_tyrell(d: Data) -> Said:
    character, opponent = _character("mace-tyrell"), house(d["opponent"])
    if d["spared"]:
        return said(
            "{character}: {blackfish} spares {opponent}'s footmen.",
            character=character,
            blackfish=_character("the-blackfish"),
            opponent=opponent,
        )
    return said("{character} destroys a footman of {opponent}.", character=character, opponent=opponent)


@_tells("aeron")
def _aeron(d: Data) -> Said:
    return said(
        "{character}: {house} pays 2 power and plays {card} instead.",
        character=_character("aeron-damphair"),
        house=house(d["house"]),
        card=_character(d["card"]),
    )


@_tells("tywin")
def _tywin(d: Data) -> Said:
    return nsaid(
        "{character}: {house} gains {count} power.",
        "{character}: {house} gains {count} power.",
        d["gained"],
        character=_character("tywin-lannister"),
        house=house(d["house"]),
    )


@_tells("roose")
def _roose(d: Data) -> Said:
    character, who = _character("roose-bolton"), house(d["house"])
    if d["count"] == 0:
        return said(
            "{character}: {house} has no discarded card to take back.", character=character, house=who
        )
    return nsaid(
        "{character}: {house} takes its discarded card back.",
        "{character}: {house} takes its {count} discarded cards back.",
        d["count"],
        character=character,
        house=who,
    )


@_tells("renly")
def _renly(d: Data) -> Said:
    return said(
        "{character} upgrades a footman in {area} to a knight.",
        character=_character("renly-baratheon"),
        area=area(d["area"]),
    )


# --- ports ---------------------------------------------------------------------------------------------


@_tells("port-lost")
def _port_lost(d: Data) -> Said:
    return nsaid(
        "{house} no longer holds {land}: its ship in {port} is removed.",
        "{house} no longer holds {land}: its {count} ships in {port} are removed.",
        d["count"],
        house=house(d["house"]),
        land=area(d["land"]),
        port=area(d["port"]),
    )


@_tells("port-taken")
def _port_taken(d: Data) -> Said:
    fields = {
        "house": house(d["house"]),
        "port": area(d["port"]),
        "removed": Counted("ship", d["removed"]),
        "previous": house(d["previous"]),
    }
    if not d["replaced"]:
        return said(
            "{house} takes {port}: it removes {removed} of {previous} and places none of its own.", **fields
        )
    return said(
        "{house} takes {port}: it removes {removed} of {previous} and places {placed} of its own.",
        placed=Counted("ship", d["replaced"]),
        **fields,
    )


# --- the end -------------------------------------------------------------------------------------------


@_tells("game-over")
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


# --- the wildling cards' effects -------------------------------------------------------------------------


@_tells("wildling-effect")
def _wildling_effect(d: Data) -> Said:
    return _EFFECTS[d["effect"]](Named("wildling_cards", d["card"]), d)


Effect = Callable[[Named, Data], Said]
_EFFECTS: dict[str, Effect] = {}


def _effect(name: str) -> Callable[[Effect], Effect]:
    def register(teller: Effect) -> Effect:
        _EFFECTS[name] = teller
        return teller

    return register


@_effect("nothing")
def _nothing(card: Named, d: Data) -> Said:
    return said("{card}: nothing happens.", card=card)


@_effect("losses")
def _losses(card: Named, d: Data) -> Said:
    if not d["units"]:
        return said("{card}: {house} loses no units: it has none left.", card=card, house=house(d["house"]))
    return said(
        "{card}: {house} loses {units}.", card=card, house=house(d["house"]), units=units_in(d["units"])
    )


@_effect("raid-units")
def _raid_units(card: Named, d: Data) -> Said:
    return nsaid(
        "{card}: {house} chooses to lose {count} unit.",
        "{card}: {house} chooses to lose {count} units.",
        d["count"],
        card=card,
        house=house(d["house"]),
    )


@_effect("raid-tracks")
def _raid_tracks(card: Named, d: Data) -> Said:
    return nsaid(
        "{card}: {house} chooses to fall {count} place on an influence track.",
        "{card}: {house} chooses to fall {count} places on an influence track.",
        d["count"],
        card=card,
        house=house(d["house"]),
    )


@_effect("raid-nothing")
def _raid_nothing(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} has no units and is last on every track: nothing happens.",
        card=card,
        house=house(d["house"]),
    )


@_effect("track-fall")
def _track_fall(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} falls from position {before} to {after} on the {track} track.",
        card=card,
        house=house(d["house"]),
        before=d["before"],
        after=d["after"],
        track=Named("tracks", d["track"]),
    )


@_effect("track-top")
def _track_top(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} takes position 1 on the {track} track and the {token}.",
        card=card,
        house=house(d["house"]),
        track=Named("tracks", d["track"]),
        token=Named("terms", _DOMINANCE[d["track"]]),
    )


@_effect("track-last")
def _track_last(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} falls to the last position of all three influence tracks.",
        card=card,
        house=house(d["house"]),
    )


@_effect("first-everywhere")
def _first_everywhere(card: Named, d: Data) -> Said:
    return said("{card}: {house} is first on every track already.", card=card, house=house(d["house"]))


@_effect("no-footman")
def _no_footman(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} has no footman it could upgrade to a knight.", card=card, house=house(d["house"])
    )


@_effect("upgrade")
def _upgrade(card: Named, d: Data) -> Said:
    who, areas = house(d["house"]), d["areas"]
    if not areas:
        return said("{card}: {house} upgrades no footman.", card=card, house=who)
    return nsaid(
        "{card}: {house} turns {units} into a knight.",
        "{card}: {house} turns {units} into knights.",
        len(areas),
        card=card,
        house=who,
        units=units_in((where, "footman") for where in areas),
    )


@_effect("downgrade")
def _downgrade(card: Named, d: Data) -> Said:
    who, swapped, destroyed = house(d["house"]), d["swapped"], d["destroyed"]
    turned = units_in((where, "knight") for where in swapped)
    lost = units_in((where, "knight") for where in destroyed)
    if swapped and destroyed:
        return nsaid(
            "{card}: {house} turns {turned} into a footman and loses {lost} for want of footmen.",
            "{card}: {house} turns {turned} into footmen and loses {lost} for want of footmen.",
            len(swapped),
            card=card,
            house=who,
            turned=turned,
            lost=lost,
        )
    if swapped:
        return nsaid(
            "{card}: {house} turns {turned} into a footman.",
            "{card}: {house} turns {turned} into footmen.",
            len(swapped),
            card=card,
            house=who,
            turned=turned,
        )
    if destroyed:
        return said("{card}: {house} loses {lost} for want of footmen.", card=card, house=who, lost=lost)
    return said("{card}: {house} has no knights.", card=card, house=who)


@_effect("discard")
def _discard(card: Named, d: Data) -> Said:
    (discarded,) = d["cards"]
    return said(
        "{card}: {house} discards {discarded}.",
        card=card,
        house=house(d["house"]),
        discarded=_character(discarded),
    )


@_effect("keeps")
def _keeps(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house} holds fewer than two cards and keeps them.", card=card, house=house(d["house"])
    )


@_effect("all-strongest")
def _all_strongest(card: Named, d: Data) -> Said:
    return said(
        "{card}: every card in {house}'s hand has strength {strength}: it discards none.",
        card=card,
        house=house(d["house"]),
        strength=d["strength"],
    )


@_effect("discard-strongest")
def _discard_strongest(card: Named, d: Data) -> Said:
    return nsaid(
        "{card}: {house} discards its strongest card: {cards}.",
        "{card}: {house} discards its strongest cards: {cards}.",
        len(d["cards"]),
        card=card,
        house=house(d["house"]),
        cards=Listed(tuple(_character(c) for c in d["cards"])),
    )


@_effect("take-back")
def _take_back(card: Named, d: Data) -> Said:
    who = house(d["house"])
    if not d["cards"]:
        return said("{card}: {house} has no card to take back.", card=card, house=who)
    return said(
        "{card}: {house} takes back {cards}.",
        card=card,
        house=who,
        cards=Listed(tuple(_character(c) for c in d["cards"])),
    )


@_effect("no-discards")
def _no_discards(card: Named, d: Data) -> Said:
    return said("{card}: {house} has no discarded card.", card=card, house=house(d["house"]))


@_effect("retrieve")
def _retrieve(card: Named, d: Data) -> Said:
    who = house(d["house"])
    if d["retrieved"] is None:
        return said("{card}: {house} takes no card back.", card=card, house=who)
    return said(
        "{card}: {house} takes {retrieved} back into hand.",
        card=card,
        house=who,
        retrieved=_character(d["retrieved"]),
    )


@_effect("no-muster")
def _no_muster(card: Named, d: Data) -> Said:
    return said("{card}: {house} cannot muster anywhere.", card=card, house=house(d["house"]))


@_effect("muster")
def _effect_muster(card: Named, d: Data) -> Said:
    who = house(d["house"])
    if not d["items"]:
        return said("{card}: {house} musters nothing.", card=card, house=who)
    return said("{card}: {house} musters {items}.", card=card, house=who, items=muster_items(d["items"]))


@_effect("strike-again")
def _strike_again(card: Named, d: Data) -> Said:
    return said(
        "{card}: the wildlings strike again with strength {strength}; {house} sits that attack out.",
        card=card,
        strength=d["strength"],
        house=house(d["house"]),
    )


@_effect("supply")
def _effect_supply(card: Named, d: Data) -> Said:
    return said(
        "{card}: {house}'s supply goes from {before} to {after}.",
        card=card,
        house=house(d["house"]),
        before=d["before"],
        after=d["after"],
    )


@_effect("power-back")
def _power_back(card: Named, d: Data) -> Said:
    return nsaid(
        "{card}: {house} gets back {count} power.",
        "{card}: {house} gets back {count} power.",
        d["gained"],
        card=card,
        house=house(d["house"]),
    )


@_effect("power-lost")
def _power_lost(card: Named, d: Data) -> Said:
    return nsaid(
        "{card}: {house} discards {count} power.",
        "{card}: {house} discards {count} power.",
        d["lost"],
        card=card,
        house=house(d["house"]),
    )
