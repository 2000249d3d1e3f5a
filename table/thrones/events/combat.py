"""Combat in words: support, strengths, house cards and their texts, the result and what comes of it."""

from __future__ import annotations

from data.thrones_names import Named
from i18n import Said, nsaid, said
from table.thrones.events.registry import Data, character, tells
from table.thrones.phrases import Units, area, house

# --- combat --------------------------------------------------------------------------------------------


@tells("support")
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


@tells("neutral-force")
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


@tells("combat-strength")
def _combat_strength(d: Data) -> Said:
    return said(
        "Initial strength in {area}: {attacker} {attack}, {defender} {defense}.",
        area=area(d["area"]),
        attacker=house(d["attacker_house"]),
        attack=d["attacker"],
        defender=house(d["defender_house"]),
        defense=d["defender"],
    )


@tells("house-cards")
def _house_cards(d: Data) -> Said:
    if "cards" in d:
        attacker, defender = d["attacker"], d["defender"]
        return said(
            "House cards revealed: {attacker} plays {attacker_card}, {defender} plays {defender_card}.",
            attacker=house(attacker),
            attacker_card=character(d["cards"][attacker]),
            defender=house(defender),
            defender_card=character(d["cards"][defender]),
        )
    if d["card"] is None:
        return said("{house} has no other card to play.", house=house(d["house"]))
    return said("{house} plays {card} instead.", house=house(d["house"]), card=character(d["card"]))


@tells("tyrion")
def _tyrion(d: Data) -> Said:
    return said(
        "{character} sends {card} back to {owner}'s hand.",
        character=character("tyrion-lannister"),
        card=character(d["card"]),
        owner=house(d["owner"]),
    )


@tells("blade")
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


@tells("tides")
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


@tells("combat-result")
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


@tells("garrison")
def _garrison(d: Data) -> Said:
    return said("The garrison of {area} is defeated and removed.", area=area(d["area"]))


@tells("casualties")
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


@tells("retreat")
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


@tells("arianne")
def _arianne(d: Data) -> Said:
    fields = {"character": character("arianne-martell"), "house": house(d["house"]), "area": area(d["area"])}
    if d["lost"]:
        return said(
            "{character}: {house}'s units stay in {area}, losing {lost} to its supply limit.",
            lost=Units(tuple(d["lost"])),
            **fields,
        )
    return said("{character}: {house}'s units stay in {area}.", **fields)


@tells("loras")
def _loras(d: Data) -> Said:
    return said(
        "{character}: the March order moves into {area} and may march again this round.",
        character=character("ser-loras-tyrell"),
        area=area(d["area"]),
    )


@tells("patchface")
def _patchface(d: Data) -> Said:
    return said(
        "{character}: {house} discards {card} from {owner}'s hand.",
        character=character("patchface"),
        house=house(d["house"]),
        card=character(d["card"]),
        owner=house(d["owner"]),
    )


@tells("doran")
def _doran(d: Data) -> Said:
    return said(
        "{character}: {opponent} drops to the bottom of the {track} track.",
        character=character("doran-martell"),
        opponent=house(d["opponent"]),
        track=Named("tracks", d["track"]),
    )


@tells("queen-of-thorns")
def _queen_of_thorns(d: Data) -> Said:
    return _removes("queen-of-thorns", d)


@tells("cersei")
def _cersei(d: Data) -> Said:
    return _removes("cersei-lannister", d)


def _removes(card: str, d: Data) -> Said:
    """Queen of Thorns and Cersei Lannister: an order of the other house is removed."""
    return said(
        "{character} removes {owner}'s {order} in {area}.",
        character=character(card),
        owner=house(d["owner"]),
        order=Named("orders", d["token"]),
        area=area(d["area"]),
    )


@tells("mace-tyrell")
def _mace_tyrell(d: Data) -> Said:
    mace, opponent = character("mace-tyrell"), house(d["opponent"])
    if d["spared"]:
        return said(
            "{character}: {blackfish} spares {opponent}'s footmen.",
            character=mace,
            blackfish=character("the-blackfish"),
            opponent=opponent,
        )
    return said("{character} destroys a footman of {opponent}.", character=mace, opponent=opponent)


@tells("aeron")
def _aeron(d: Data) -> Said:
    return said(
        "{character}: {house} pays 2 power and plays {card} instead.",
        character=character("aeron-damphair"),
        house=house(d["house"]),
        card=character(d["card"]),
    )


@tells("tywin")
def _tywin(d: Data) -> Said:
    return nsaid(
        "{character}: {house} gains {count} power.",
        "{character}: {house} gains {count} power.",
        d["gained"],
        character=character("tywin-lannister"),
        house=house(d["house"]),
    )


@tells("roose")
def _roose(d: Data) -> Said:
    roose, who = character("roose-bolton"), house(d["house"])
    if d["count"] == 0:
        return said("{character}: {house} has no discarded card to take back.", character=roose, house=who)
    return nsaid(
        "{character}: {house} takes its discarded card back.",
        "{character}: {house} takes its {count} discarded cards back.",
        d["count"],
        character=roose,
        house=who,
    )


@tells("renly")
def _renly(d: Data) -> Said:
    return said(
        "{character} upgrades a footman in {area} to a knight.",
        character=character("renly-baratheon"),
        area=area(d["area"]),
    )
