"""What each wildling card does, in words: one sentence for each of its effects (the event's ``effect``)."""

from __future__ import annotations

from collections.abc import Callable

from data.thrones_names import Named
from i18n import Said, nsaid, said
from table.thrones.events.registry import DOMINANCE, Data, character, tells
from table.thrones.phrases import Listed, house, muster_items, units_in

# --- the wildling cards' effects -------------------------------------------------------------------------


@tells("wildling-effect")
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
        token=Named("terms", DOMINANCE[d["track"]]),
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
        discarded=character(discarded),
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
        cards=Listed(tuple(character(c) for c in d["cards"])),
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
        cards=Listed(tuple(character(c) for c in d["cards"])),
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
        retrieved=character(d["retrieved"]),
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
