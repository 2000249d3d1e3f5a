"""A Game of Thrones' answers in a person's words (``raid bay-of-ice -> none`` -> ``Bay of Ice: no raid``),
and the answers a decision lists: its options, or those built from the schema and the prompt extras (a
Consolidate Power order's musters, the wildlings' one-area muster)."""

from __future__ import annotations

from typing import Any

from cogs.screens import Choice, strip_house
from cogs.thrones import names
from table.thrones.extras import Extras


def word(word: str) -> str:
    """A word of notation in a person's words: an area, house, card, track or token by its name."""
    if names.is_area(word):
        return names.area_name(word)
    if names.is_house(word):
        return names.house_name(word)
    if names.is_card(word):
        return names.card_name(word)
    if word in names.TRACK_NAMES:
        return f"{names.TRACK_NAMES[word]} track"
    if word in names.TOKENS:
        return names.token_name(word)
    return word.replace("-", " ")


def describe_muster_items(text: str) -> str:
    """``winterfell footman, winterfell ship@bay-of-ice`` -> ``Footman + ship in Bay of Ice``."""
    if text.strip() in ("", "none"):
        return "Nothing"
    parts = []
    for item in text.split(","):
        words = item.split()
        if len(words) != 2:
            parts.append(item.strip())
            continue
        what = words[1]
        if "->" in what:
            parts.append(f"footman becomes {names.unit_name(what.split('->', 1)[1]).lower()}")
        elif "@" in what:
            kind, to = what.split("@", 1)
            parts.append(f"{names.unit_name(kind).lower()} in {names.area_name(to)}")
        else:
            parts.append(names.unit_name(what).lower())
    text = " + ".join(parts)
    return text[:1].upper() + text[1:]


def _unit_list(rest: str) -> str:
    pairs = []
    for part in rest.split(","):
        words = part.split()
        if len(words) == 2:
            area, what = words
            if "->" in what:
                old, new = what.split("->", 1)
                pairs.append(f"{names.unit_name(old).lower()} in {names.area_name(area)} becomes {new}")
            else:
                pairs.append(f"{names.unit_name(what).lower()} in {names.area_name(area)}")
        else:
            pairs.append(part.strip())
    return ", ".join(pairs)


_RAVEN = {
    "none": "Do nothing",
    "peek": "Look at the top wildling card",
    "keep": "Keep the wildling card on top",
    "bury": "Bury the wildling card at the bottom",
}


def describe(action: str, kind: str | None = None) -> str:
    """A person's words for an action (with or without its house): ``raid bay-of-ice -> none`` ->
    ``Bay of Ice: no raid``. Unknown shapes come back as they are."""
    action = strip_house(action)
    verb, _, rest = action.partition(" ")
    rest = rest.strip()
    if verb == "bid":
        return f"Bid {rest}"
    if verb == "choose":
        if kind == "support":
            return "Support nobody" if rest == "none" else f"Support {names.house_name(rest)}"
        if kind == "retreat" and names.is_area(rest):
            return f"Retreat to {names.area_name(rest)}"
        if kind == "port-takeover" and rest.isdigit():
            return f"Replace {rest} ship(s)"
        text = word(rest)
        return text[:1].upper() + text[1:]
    if verb == "play":
        return names.card_label(rest)
    if verb == "discard":
        return f"Discard {names.card_name(rest)}"
    if verb == "retrieve":
        return "Take no card back" if rest == "none" else f"Take back {names.card_name(rest)}"
    if verb == "raid":
        source, _, target = (p.strip() for p in rest.partition("->"))
        if target in ("", "none"):
            return f"{names.area_name(source)}: no raid"
        return f"{names.area_name(source)}: raid {names.area_name(target)}"
    if verb == "raven":
        words = rest.split()
        if len(words) == 3 and words[0] == "swap":
            return f"{names.area_name(words[1])}: swap for {names.token_name(words[2])}"
        return _RAVEN.get(rest, action)
    if verb == "march":
        source, _, body = (p.strip() for p in rest.partition("->"))
        power = body.endswith("+power")
        body = body.removesuffix("+power").strip()
        if body in ("", "none"):
            moves = "nobody moves"
        else:
            moves = "; ".join(
                f"{names.units_text(part.split()[1:])} to {names.area_name(part.split()[0])}"
                for part in body.split(",")
                if part.split()
            )
        return f"From {names.area_name(source)}: {moves}" + (", leaving a power token" if power else "")
    if verb == "muster":
        return "Muster nothing" if rest == "none" else describe_muster_items(rest)
    if verb == "consolidate":
        area, _, muster = rest.partition(" muster ")
        if muster:
            return f"Muster in {names.area_name(area.strip())}: {describe_muster_items(muster)}"
        return f"Consolidate Power in {names.area_name(area.strip())}"
    if verb in ("destroy", "swap"):
        if rest == "none":
            return "Destroy nothing" if verb == "destroy" else "Change nothing"
        return f"{verb.title()}: {_unit_list(rest)}"
    if verb == "rank":
        return " > ".join(names.house_name(h).removeprefix("House ") for h in rest.split())
    if verb == "orders":
        pairs = [p.split("=", 1) for p in rest.split() if "=" in p]
        return "; ".join(f"{names.area_name(a)}: {names.token_name(t)}" for a, t in pairs) or "no orders"
    return action


def _hint(action: str, decision: dict[str, Any]) -> str:
    """What a listed answer does beyond its label: a card's icons and text, a retreat's losses..."""
    verb, _, rest = action.partition(" ")
    schema = decision.get("schema") or {}
    if verb == "play":
        return names.card_details(rest.strip())
    if decision["kind"] == "retreat" and "losses" in schema:
        lost = schema["losses"].get(rest.strip())
        if lost is not None:
            return "no losses" if not lost else f"lose {lost} unit(s) on the way"
    if decision["kind"] == "support" and rest.strip() in schema.get("strength", {}):
        return f"adds {schema['strength'][rest.strip()]} strength"
    return ""


def choices(decision: dict[str, Any], extras: Extras) -> list[Choice] | None:
    """The answers a decision offers as a list, when it can be one: its options, or for Consolidate Power
    and the wildlings' one-area muster, every answer built from the schema."""
    kind = decision["kind"]
    schema = decision.get("schema") or {}
    if decision.get("options") is not None:
        listed = [strip_house(o) for o in decision["options"]]
        return [Choice(a, describe(a, kind), _hint(a, decision)) for a in listed]
    if kind == "consolidate":
        found = []
        for area, power in sorted(schema.get("orders", {}).items()):
            name = names.area_name(area)
            found.append(Choice(f"consolidate {area}", f"Consolidate Power in {name}", f"+{power} power"))
            for combo in extras.musters.get(area, []):
                found.append(
                    Choice(
                        f"consolidate {area} muster {combo}",
                        f"Muster in {name}: {describe_muster_items(combo)}",
                        "instead of gaining power",
                    )
                )
        return found
    if kind == "wildling-muster":
        found = [Choice("muster none", "Muster nothing")]
        for area in sorted(extras.musters):
            for combo in extras.musters[area]:
                found.append(
                    Choice(f"muster {combo}", f"{names.area_name(area)}: {describe_muster_items(combo)}")
                )
        return found
    return None
