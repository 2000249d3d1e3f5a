"""What the "What can I do here?" button of an A Game of Thrones prompt shows: what the decision means, its
legal answers in notation with an example, and the rules that bear on it (the cards in a hand with their
full text, what each order does, what units cost to muster, how the card being resolved reads).

Everything comes from the decision itself (its prompt, options and schema, which show only what its house
may see), the prompt's extras and the game's data; nothing here decides what is legal.
"""

from __future__ import annotations

from typing import Any

from cogs.screens import answer_lines, strip_house
from cogs.thrones import answers, names
from cogs.thrones.reference import ICONS, SKULLS, TIDES_NOTE, card_text
from engine.thrones.actions import MusterItem
from table.thrones.extras import Extras, muster_points

FACTS = names.FACTS
SHOWN = 8  # march orders, musters or destinations listed before "and N more"

MEANINGS = {
    "orders": "Place one order token, face down, on every area where you have units. Everyone's orders are "
    "revealed together, then carried out in the Action phase: raids first, then marches, then Consolidate "
    "Power. Defense and Support orders work during the battles.",
    "bid": "A secret bid of power tokens: every house bids at once, and the bids are revealed together.",
    "house-card": "Choose, in secret, the house card you fight this battle with; both cards are revealed "
    "together. Its strength adds to your side, its text may change the battle, and its icons decide the "
    "losses.",
    "replace-card": "Tyrion Lannister sent your house card back to your hand: choose another to fight with.",
    "march": "Resolve one of your March orders: choose which, and where each of its units goes (or none).",
    "raid": "Resolve one of your Raid orders: choose the adjacent enemy order it removes, or none.",
    "consolidate": "Resolve one of your Consolidate Power orders: take power, or muster with a special one.",
    "muster": "Recruit new units in the castles and strongholds you control, each spending its own points.",
    "wildling-muster": "The wildlings were beaten: you may recruit units in one of your castles or "
    "strongholds, as in a muster.",
    "support": "A battle is next to your Support order: give the strength of that area to one side, or to "
    "nobody.",
    "accept-support": "Another house offers you its support in this battle: accept it or refuse it.",
    "retreat": "You lost the battle as the defender: choose the area your surviving units retreat to.",
    "casualties": "You lost the battle: choose which of your units in it are destroyed.",
    "skull-casualties": "Tides of Battle skulls: choose which of your units in the battle are destroyed.",
    "retreat-losses": "Your retreat would break your supply limit: choose the units destroyed first.",
    "reconcile": "Your armies are bigger than your supply allows: choose units to destroy until they fit.",
    "raven": "You hold the Messenger Raven: swap one of your orders on the board for an unused one, look at "
    "the top wildling card, or do nothing.",
    "raven-peek": "You looked at the top wildling card: leave it on top, or bury it at the bottom of the "
    "deck.",
    "rank": "Houses are tied: as holder of the Iron Throne, put them in order, best first.",
    "westeros-choice": "A Westeros card lets you choose what happens.",
    "wildling-destroy": "A wildling card makes you destroy units: choose which.",
    "wildling-swap": "A wildling card changes your units: choose which.",
    "wildling-discard": "A wildling card makes you discard a house card from your hand: choose which.",
    "wildling-retrieve": "A wildling card lets you take a house card back from your discard pile.",
    "wildling-track": "A wildling card lets you choose an influence track.",
    "wildling-tie": "Houses tied in the bids against the wildlings: as holder of the Iron Throne, choose.",
    "preemptive-raid": "Preemptive Raid: choose which penalty you take.",
    "tides-redraw": "You drew a Tides of Battle card and hold the Valyrian Steel Blade: keep the card, or "
    "use the blade to draw another, which you must keep.",
    "blade": "You hold the Valyrian Steel Blade: use it now for +1 strength in this battle, or keep it.",
    "port-takeover": "You took the land area of an enemy port: choose how many of the enemy ships in it "
    "you replace with your own; the others are removed.",
}

# The decisions that resolve a house card's text, and the card.
CARD_KINDS = {
    "tyrion": "tyrion-lannister",
    "cersei": "cersei-lannister",
    "renly": "renly-baratheon",
    "patchface": "patchface",
    "doran": "doran-martell",
    "queen-of-thorns": "queen-of-thorns",
    "aeron": "aeron-damphair",
}

FORMS = {
    "orders": "`orders AREA=TOKEN AREA=TOKEN …`, one token for each of your areas.",
    "march": "`march FROM -> TO UNITS, TO UNITS` (add `+power` to leave a power token in the area you "
    "empty), or `march FROM -> none`.",
    "consolidate": "`consolidate AREA`, or with a special order in a castle area `consolidate AREA muster "
    "ITEMS` (the items as in a muster).",
    "muster": "`muster AREA UNIT, AREA ship@SEA, AREA footman->knight, …`, or `muster none`.",
    "wildling-muster": "`muster AREA UNIT, …` naming one area only, or `muster none`.",
    "rank": "`rank HOUSE HOUSE …`, every tied house, best first.",
    "wildling-swap": "`swap AREA knight->footman, …`, one item a unit.",
} | dict.fromkeys(
    ("casualties", "skull-casualties", "retreat-losses", "reconcile", "wildling-destroy"),
    "`destroy AREA UNIT, AREA UNIT, …`, one item a unit.",
)

# The order types whose rules bear on a decision of a kind.
ORDER_KINDS: dict[str, tuple[str, ...]] = {
    "orders": tuple(FACTS.order_rules),
    "march": ("march",),
    "raid": ("raid",),
    "support": ("support",),
    "accept-support": ("support",),
    "consolidate": ("consolidate",),
}

LOSSES = (
    "Each loss is one unit, whatever its strength: as many as the swords on the winner's house card, less "
    "the fortifications on the loser's. Units that supported the battle are never lost, and routed units "
    "are never chosen."
)
# Rules that bear on every decision of a kind, whatever its situation.
TEXTS: dict[str, list[str]] = {
    "casualties": [LOSSES],
    "retreat-losses": [LOSSES],
    "skull-casualties": [SKULLS],
    "retreat": [
        "All the units go to one adjacent area that is empty or yours, never to the area the attackers "
        "came from, and never past your supply limit: an area listed with losses costs that many units "
        "first. Without any such area they are destroyed. Retreating units are routed: no strength and no "
        "moves for the rest of the round."
    ],
    "raven": [
        "A swap puts one of your unused tokens in place of one of your orders on the board; the limit of "
        "special (★) orders still holds. A look shows you the top wildling card, which you then keep on top "
        "or bury at the bottom; you may tell the others what it is, but not show it."
    ],
    "blade": ["The Valyrian Steel Blade adds 1 to its holder's strength in one battle a round."],
    "port-takeover": [
        "The ships you put in come from those you have not placed, within your supply limit; a port holds "
        "three ships at most."
    ],
}
WILDLING_BIDS = (
    "Every power token bid is spent, win or lose. The bids are added together: reaching the wildlings' "
    "strength beats them. The card revealed then rewards the highest bidder or punishes the lowest "
    "(`/rules wildling` shows every card)."
)
TRACK_BIDS = (
    "Every power token bid is spent, win or lose. The houses take the track's places from the highest bid "
    "down; the holder of the Iron Throne settles ties (for the Iron Throne track itself, the holder before "
    "the bids)."
)


def card_block(card_id: str) -> str:
    """A house card on one line: its name, strength, icons and full text."""
    card = FACTS.house_cards[card_id]
    facts = [f"strength {card.strength}"]
    if card.swords:
        facts.append(f"{card.swords} sword{'s' if card.swords > 1 else ''}")
    if card.fortifications:
        facts.append(f"{card.fortifications} fortification{'s' if card.fortifications > 1 else ''}")
    return f"**{card.name}** ({', '.join(facts)}): {card_text(card)}"


def _order_rules(types: tuple[str, ...]) -> list[str]:
    lines = []
    for order_type in types:
        rule = FACTS.order_rules[order_type]
        lines += [f"**{rule.name}**: {rule.text}", f"★ {rule.special}"]
    return lines


def _cards(decision: dict[str, Any]) -> list[str]:
    """The house cards a decision's listed answers name (a hand, a discard pile), in full."""
    cards = []
    for option in decision.get("options") or []:
        words = strip_house(option).split()
        if len(words) == 2 and words[0] in ("play", "discard", "retrieve") and names.is_card(words[1]):
            cards.append(words[1])
    if not cards:
        return []
    return ["**The cards you may name:**", *(card_block(card) for card in cards), ICONS]


def _named_card(prompt: str, cards: dict[str, Any]) -> Any:
    """The card (of ``cards``) whose name opens the prompt ("Mammoth Riders: destroy 3 of your units")."""
    head = prompt.split(":", 1)[0].strip().lower()
    return next((card for card in cards.values() if card.name.lower() == head), None)


def _wildling_card(card: Any) -> list[str]:
    if card is None:
        return []
    return [
        f"**{card.name}**",
        f"The Night's Watch wins, the highest bidder: {card.watch_wins}",
        f"The wildlings win, the lowest bidder: {card.lowest_bidder}",
        f"The wildlings win, every other house: {card.everyone_else}",
    ]


def _costs() -> list[str]:
    def cost(unit: str, upgrade: bool = False) -> int:
        return MusterItem("-", unit, upgrade=upgrade).cost

    return [
        "**Mustering**: a castle gives 1 point and a stronghold 2, spent in its own area; points not spent "
        "are lost.",
        f"Footman {cost('footman')}, knight {cost('knight')}, siege engine {cost('siege')}, ship "
        f"{cost('ship')}; a footman already there becomes a knight or a siege engine for "
        f"{cost('knight', True)}.",
        "Land units appear in the castle's area; a ship in its port or an adjacent sea without enemy ships. "
        "Never past your supply limit, the units you own, or three ships in a port.",
    ]


def _musters(decision: dict[str, Any], extras: Extras) -> list[str]:
    points = muster_points(decision)
    lines = []
    for area, count in list(points.items())[:SHOWN]:
        legal = extras.musters.get(area, [])
        some = ", ".join(f"`{m}`" for m in legal[:3])
        more = f" (and {len(legal) - 3} more)" if len(legal) > 3 else ""
        lines.append(f"{names.area_name(area)}: {count} point(s){'; e.g. ' + some + more if some else ''}")
    if len(points) > SHOWN:
        lines.append(f"… and {len(points) - SHOWN} more areas.")
    return lines


def _consolidations(decision: dict[str, Any], extras: Extras) -> list[str]:
    orders = (decision.get("schema") or {}).get("orders") or {}
    gains = ", ".join(f"`{area}` (+{power} power)" for area, power in orders.items())
    musters = _musters(decision, extras)
    special = ["**Or muster with a special one:**", *musters] if musters else []
    return [f"**Your orders:** {gains}.", *special]


def _marches(decision: dict[str, Any]) -> list[str]:
    orders = (decision.get("schema") or {}).get("orders") or {}
    lines = ["**Your March orders:**"]
    for area, info in list(orders.items())[:SHOWN]:
        units = names.units_text([k for k, n in (info.get("units") or {}).items() for _ in range(n)])
        destinations = [names.area_name(d) for d in info.get("destinations") or {}]
        shown = ", ".join(destinations[:SHOWN]) + (" …" if len(destinations) > SHOWN else "")
        lines.append(f"`{area}` ({units}) may go to: {shown or 'nowhere'}")
    return lines


def _orders(decision: dict[str, Any]) -> list[str]:
    """The tokens left and the stars allowed, and the start of the suggested orders (a line for every area
    would not fit beside the rules; the "Type the answer" button gives all of it)."""
    schema = decision.get("schema") or {}
    tokens = schema.get("tokens") or {}
    left = ", ".join(f"`{t}` ({n})" for t, n in tokens.items() if n)
    words = strip_house(decision["default"]).split()
    example = " ".join(words[:4]) + (" …" if len(words) > 4 else "")
    return [
        f"**Your tokens:** {left}. Special (★) orders allowed: {schema.get('stars', 0)}.",
        f"**Example**: `{example}` (the suggested orders; **Type the answer** starts from all of them).",
    ]


def _resolved_card(kind: str, decision: dict[str, Any]) -> list[str]:
    """The Westeros, wildling or Tides of Battle card a decision is about, in full."""
    schema, prompt = decision.get("schema") or {}, decision["prompt"]
    if kind == "raven-peek":
        return _wildling_card(FACTS.wildling_cards.get(str(schema.get("card", ""))))
    if kind == "tides-redraw":
        tides = FACTS.tides_cards.get(str(schema.get("card", "")))
        drawn = [f"Your card: **{tides.name}**, {tides.strength:+d}."] if tides is not None else []
        return [*drawn, TIDES_NOTE, SKULLS]
    if kind == "westeros-choice":
        westeros = _named_card(prompt, FACTS.westeros_cards)
        return [f"**{westeros.name}**: {westeros.text}"] if westeros is not None else []
    if kind.startswith("wildling-") or kind == "preemptive-raid":
        return _wildling_card(_named_card(prompt, FACTS.wildling_cards))
    return []


def _situation(kind: str, decision: dict[str, Any]) -> list[str]:
    """Rules that depend on the decision's situation: what a bid is for, the supply level."""
    schema = decision.get("schema") or {}
    if kind == "bid":
        return [WILDLING_BIDS if "wildling" in decision["prompt"].lower() else TRACK_BIDS]
    if kind == "reconcile":
        level = int(schema.get("supply", 0))
        sizes = ", ".join(map(str, FACTS.supply_limits[level]))
        return [
            f"Supply {level} allows armies of at most {sizes} units (an army: two or more units of one "
            "house in one area; ships in a port count too)."
        ]
    return []


def _rules(kind: str, decision: dict[str, Any]) -> list[str]:
    """The rules that bear on a decision: the orders it resolves, the house card whose text it carries
    out, fixed texts of its kind, mustering costs, the card it is about, its situation, and every house
    card its answers name."""
    lines = _order_rules(ORDER_KINDS.get(kind, ()))
    if kind in CARD_KINDS:
        lines.append(card_block(CARD_KINDS[kind]))
    lines += TEXTS.get(kind, [])
    if kind in ("muster", "wildling-muster") or (kind == "consolidate" and decision["schema"].get("muster")):
        lines += _costs()
    return [*lines, *_resolved_card(kind, decision), *_situation(kind, decision), *_cards(decision)]


def _answers(kind: str, decision: dict[str, Any], extras: Extras) -> list[str]:
    if decision.get("options"):

        def describe(line: str) -> str:
            return answers.describe(line, kind)

        return answer_lines(decision, describe)
    lines = [f"**Answer** in notation: {FORMS[kind]}"] if kind in FORMS else []
    if kind == "orders":
        lines += _orders(decision)
    else:
        if kind == "march":
            lines += _marches(decision)
        elif kind == "consolidate":
            lines += _consolidations(decision, extras)
        elif kind in ("muster", "wildling-muster"):
            lines += _musters(decision, extras)
        lines.append(f"**Example**: `{strip_house(decision['default'])}` (the suggested answer).")
    lines.append("Answer with the menus, the **Type the answer** button, or `/game act`.")
    return lines


def decision_help(payload: dict[str, Any], extras: Extras) -> str:
    decision = payload["decision"]
    kind = decision["kind"]
    meaning = MEANINGS.get(kind) or decision["prompt"]
    rules = _rules(kind, decision)
    parts = [meaning, "", *_answers(kind, decision, extras)]
    if rules:
        parts += ["", "**The rules**", *rules]
    return "\n".join(parts)
