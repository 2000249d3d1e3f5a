"""The Action phase in words: raids, marches, consolidating power, and the ports that follow their land."""

from __future__ import annotations

from data.thrones_names import Named
from engine.thrones.orders import TOKENS
from i18n import Said, nsaid, said
from table.thrones.events.registry import Data, tells
from table.thrones.phrases import Counted, Listed, Units, area, house

# --- the Action phase ----------------------------------------------------------------------------------


@tells("raid")
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


@tells("march")
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


@tells("power-token-removed")
def _power_token_removed(d: Data) -> Said:
    return said(
        "{house}'s power token in {area} returns to the pool.", house=house(d["house"]), area=area(d["area"])
    )


@tells("consolidate")
def _consolidate(d: Data) -> Said:
    return nsaid(
        "{house} consolidates power in {area}: +{count} power.",
        "{house} consolidates power in {area}: +{count} power.",
        d["gained"],
        house=house(d["house"]),
        area=area(d["area"]),
    )


# --- ports ---------------------------------------------------------------------------------------------


@tells("port-lost")
def _port_lost(d: Data) -> Said:
    return nsaid(
        "{house} no longer holds {land}: its ship in {port} is removed.",
        "{house} no longer holds {land}: its {count} ships in {port} are removed.",
        d["count"],
        house=house(d["house"]),
        land=area(d["land"]),
        port=area(d["port"]),
    )


@tells("port-taken")
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
