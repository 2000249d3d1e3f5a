"""A Game of Thrones' answers in a person's words, in their language (``raid bay-of-ice -> none`` ->
``Bay of Ice: no raid``, ``Bahía de Hielo: sin incursión``), and the answers a decision lists: its options,
or those built from the schema and the prompt extras (a Consolidate Power order's musters, the wildlings'
one-area muster). The answers themselves stay notation, in the game's ids."""

from __future__ import annotations

from typing import Any

from cogs.screens import Choice, strip_house
from cogs.thrones import names
from cogs.thrones.names import InArea, Unit, Units, capitalized
from data.thrones_names import Named
from engine.thrones.westeros import CHOICE_CARDS
from i18n import SOURCE_LANGUAGE, Said, Translator, psaid, translator
from table.thrones.extras import Extras

# What choosing one of a Westeros card's options does: it is resolved as this other Westeros card.
_WESTEROS_AS = {effect: card for _, options in CHOICE_CARDS.values() for effect, card in options.items()}

# The words of a ``choose`` answer, by the decision's kind, then for any kind.
_CHOSEN: dict[tuple[str, str], Said] = {
    ("accept-support", "accept"): psaid("answer", "Accept the support"),
    ("accept-support", "refuse"): psaid("answer", "Refuse the support"),
    ("tyrion", "cancel"): psaid("answer", "Send the card back"),
    ("tyrion", "keep"): psaid("answer", "Let the card stand"),
    ("tides-redraw", "redraw"): psaid("answer", "Use the blade: draw another card"),
    ("tides-redraw", "keep"): psaid("answer", "Keep this card"),
    ("blade", "use"): psaid("answer", "Use the blade (+1)"),
    ("blade", "keep"): psaid("answer", "Keep the blade for later"),
    ("patchface", "skip"): psaid("answer", "Discard nothing"),
    ("aeron", "skip"): psaid("answer", "Keep your card"),
    ("cersei", "none"): psaid("answer", "Remove no order"),
    ("renly", "none"): psaid("answer", "Upgrade no footman"),
    ("preemptive-raid", "units"): psaid("answer", "Destroy units"),
    ("preemptive-raid", "tracks"): psaid("answer", "Fall on an influence track"),
}
_CHOSEN_ANY: dict[str, Said] = {
    "none": psaid("answer", "None"),
    "nothing": psaid("answer", "Nothing"),
    "skip": psaid("answer", "Skip"),
}
_RAVEN: dict[str, Said] = {
    "none": psaid("answer", "Do nothing"),
    "peek": psaid("answer", "Look at the top wildling card"),
    "keep": psaid("answer", "Keep the wildling card on top"),
    "bury": psaid("answer", "Bury the wildling card at the bottom"),
}


# Verbs of the notation that a group of listed answers may show (the raven's swaps: "Swap Winterfell…").
_VERBS: dict[str, Said] = {
    "swap": psaid("notation verb", "swap"),
    "muster": psaid("notation verb", "muster"),
}


def word(word: str, language: str = SOURCE_LANGUAGE) -> str:
    """A word of notation in a person's words: an area, house, card, track or token by its name."""
    if word in _VERBS:
        return _VERBS[word].said_in(language)
    if names.is_area(word):
        return names.area_name(word, language)
    if names.is_house(word):
        return names.house_name(word, language)
    if names.is_card(word):
        return names.card_name(word, language)
    if word in names.TRACK_NAMES:
        return translator(language).gettext("{track} track", track=names.track(word))
    if word in names.TOKENS:
        return names.token_name(word, language)
    return word.replace("-", " ")


def _muster_item(item: str, words: Translator) -> str:
    """One item of a muster (``winterfell ship@bay-of-ice``) in words, in lower case."""
    parts = item.split()
    if len(parts) != 2:
        return item.strip()
    what = parts[1]
    if "->" in what:
        return words.gettext("footman becomes {unit}", unit=Unit(what.split("->", 1)[1]))
    if "@" in what:
        kind, to = what.split("@", 1)
        return words.gettext("{unit} {in_area}", unit=Unit(kind), in_area=InArea(to))
    return Unit(what).said_in(words.language)


def describe_muster_items(text: str, language: str = SOURCE_LANGUAGE) -> str:
    """``winterfell footman, winterfell ship@bay-of-ice`` -> ``Footman + ship in Bay of Ice``."""
    words = translator(language)
    if text.strip() in ("", "none"):
        return words.gettext("Nothing")
    return capitalized(" + ".join(_muster_item(item, words) for item in text.split(",")), language)


def _unit_list(rest: str, words: Translator) -> str:
    pairs = []
    for part in rest.split(","):
        parts = part.split()
        if len(parts) == 2:
            area, what = parts
            if "->" in what:
                old, new = what.split("->", 1)
                pairs.append(
                    words.gettext(
                        "{unit} {in_area} becomes {new}", unit=Unit(old), in_area=InArea(area), new=Unit(new)
                    )
                )
            else:
                pairs.append(words.gettext("{unit} {in_area}", unit=Unit(what), in_area=InArea(area)))
        else:
            pairs.append(part.strip())
    return ", ".join(pairs)


def _chosen(option: str, kind: str | None, words: Translator) -> str:
    """A ``choose`` answer in words: by its kind or its option, else the thing it names."""
    if kind == "support":
        if option == "none":
            return words.gettext("Support nobody")
        return words.gettext("Support {house}", house=names.house(option))
    if kind == "retreat" and names.is_area(option):
        return words.gettext("Retreat to {area}", area=names.area(option))
    if kind == "port-takeover" and option.isdigit():
        count = int(option)
        return words.ngettext("Replace {count} ship", "Replace {count} ships", count, count=count)
    if kind == "westeros-choice" and option in _WESTEROS_AS and option != "nothing":
        return words.gettext("As {card}", card=Named("westeros_cards", _WESTEROS_AS[option]))
    fixed = _CHOSEN.get((kind or "", option)) or _CHOSEN_ANY.get(option)
    return fixed.said_in(words.language) if fixed is not None else word(option, words.language)


def _march(rest: str, words: Translator) -> str:
    source, _, body = (p.strip() for p in rest.partition("->"))
    power = body.endswith("+power")
    body = body.removesuffix("+power").strip()
    if body in ("", "none"):
        moves = words.gettext("nobody moves")
    else:
        moves = "; ".join(
            words.gettext("{units} to {area}", units=Units(tuple(part[1:])), area=names.area(part[0]))
            for part in (item.split() for item in body.split(","))
            if part
        )
    if power:
        return words.gettext(
            "From {area}: {moves}, leaving a power token", area=names.area(source), moves=moves
        )
    return words.gettext("From {area}: {moves}", area=names.area(source), moves=moves)


def describe(action: str, kind: str | None = None, language: str = SOURCE_LANGUAGE) -> str:
    """A person's words for an action (with or without its house), in ``language``: ``raid bay-of-ice ->
    none`` -> ``Bay of Ice: no raid``. Unknown shapes come back as they are."""
    action = strip_house(action)
    verb, _, rest = action.partition(" ")
    text = _described(verb, rest.strip(), kind, translator(language))
    return action if text is None else capitalized(text, language)


def _described(verb: str, rest: str, kind: str | None, words: Translator) -> str | None:
    language = words.language
    if verb == "bid":
        return words.gettext("Bid {amount}", amount=rest)
    if verb == "choose":
        return _chosen(rest, kind, words)
    if verb == "play":
        return names.card_label(rest, language)
    if verb == "discard":
        return words.gettext("Discard {card}", card=names.card_name(rest, language))
    if verb == "retrieve":
        if rest == "none":
            return words.gettext("Take no card back")
        return words.gettext("Take back {card}", card=names.card_name(rest, language))
    if verb == "raid":
        source, _, target = (p.strip() for p in rest.partition("->"))
        if target in ("", "none"):
            return words.gettext("{area}: no raid", area=names.area_name(source, language))
        return words.gettext(
            "{area}: raid {target}",
            area=names.area_name(source, language),
            target=names.area_name(target, language),
        )
    if verb == "raven":
        parts = rest.split()
        if len(parts) == 3 and parts[0] == "swap":
            return words.gettext(
                "{area}: swap for {token}",
                area=names.area_name(parts[1], language),
                token=names.token_name(parts[2], language),
            )
        raven = _RAVEN.get(rest)
        return None if raven is None else raven.said_in(language)
    if verb == "march":
        return _march(rest, words)
    if verb == "muster":
        return words.gettext("Muster nothing") if rest == "none" else describe_muster_items(rest, language)
    if verb == "consolidate":
        area, _, muster = rest.partition(" muster ")
        where = InArea(area.strip())
        if muster:
            items = describe_muster_items(muster, language)
            return words.gettext("Muster {in_area}: {items}", in_area=where, items=items)
        return words.gettext("Consolidate Power {in_area}", in_area=where)
    if verb in ("destroy", "swap"):
        if rest == "none":
            return words.gettext("Destroy nothing") if verb == "destroy" else words.gettext("Change nothing")
        units = _unit_list(rest, words)
        if verb == "destroy":
            return words.gettext("Destroy: {units}", units=units)
        return words.gettext("Change: {units}", units=units)
    if verb == "rank":
        return " > ".join(h.title() for h in rest.split())
    if verb == "orders":
        pairs = [p.split("=", 1) for p in rest.split() if "=" in p]
        if not pairs:
            return words.gettext("no orders")
        return "; ".join(
            f"{names.area_name(area, language)}: {names.token_name(token, language)}" for area, token in pairs
        )
    return None


def _hint(action: str, decision: dict[str, Any], words: Translator) -> str:
    """What a listed answer does beyond its label: a card's icons and text, a retreat's losses..."""
    verb, _, rest = action.partition(" ")
    schema = decision.get("schema") or {}
    if verb == "play":
        return names.card_details(rest.strip(), words.language)
    if decision["kind"] == "retreat" and "losses" in schema:
        lost = schema["losses"].get(rest.strip())
        if lost is not None:
            if not lost:
                return words.gettext("no losses")
            return words.ngettext(
                "lose {count} unit on the way", "lose {count} units on the way", lost, count=lost
            )
    if decision["kind"] == "support" and rest.strip() in schema.get("strength", {}):
        return words.gettext("adds {strength} strength", strength=schema["strength"][rest.strip()])
    return ""


def choices(decision: dict[str, Any], extras: Extras, language: str = SOURCE_LANGUAGE) -> list[Choice] | None:
    """The answers a decision offers as a list, when it can be one: its options, or for Consolidate Power
    and the wildlings' one-area muster, every answer built from the schema. In ``language``."""
    words = translator(language)
    kind = decision["kind"]
    schema = decision.get("schema") or {}
    if decision.get("options") is not None:
        listed = [strip_house(o) for o in decision["options"]]
        return [Choice(a, describe(a, kind, language), _hint(a, decision, words)) for a in listed]
    if kind == "consolidate":
        found = []
        for area, power in sorted(schema.get("orders", {}).items()):
            where = InArea(area)
            found.append(
                Choice(
                    f"consolidate {area}",
                    capitalized(words.gettext("Consolidate Power {in_area}", in_area=where), language),
                    words.gettext("+{power} power", power=power),
                )
            )
            for combo in extras.musters.get(area, []):
                items = describe_muster_items(combo, language)
                found.append(
                    Choice(
                        f"consolidate {area} muster {combo}",
                        capitalized(
                            words.gettext("Muster {in_area}: {items}", in_area=where, items=items), language
                        ),
                        words.gettext("instead of gaining power"),
                    )
                )
        return found
    if kind == "wildling-muster":
        found = [Choice("muster none", words.gettext("Muster nothing"))]
        for area in sorted(extras.musters):
            for combo in extras.musters[area]:
                label = f"{names.area_name(area, language)}: {describe_muster_items(combo, language)}"
                found.append(Choice(f"muster {combo}", label))
        return found
    return None
