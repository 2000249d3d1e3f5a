"""What the "What can I do here?" button of an A Game of Thrones prompt shows: what the decision means, its
legal answers in notation with an example, and the rules that bear on it (the cards in a hand with their
full text, what each order does, what units cost to muster, how the card being resolved reads).

Everything comes from the decision itself (its prompt, options and schema, which show only what its house
may see), the prompt's extras and the game's data; nothing here decides what is legal.
"""

from __future__ import annotations

from typing import Any

from cogs.screens import answer_lines, payload_language, strip_house
from cogs.thrones import answers, names, questions
from cogs.thrones.names import Unit
from cogs.thrones.reference import ICONS, SKULLS, TIDES_NOTE, card_text
from data.thrones_names import Named
from engine.thrones.actions import MusterItem
from i18n import SOURCE_LANGUAGE, Said, said, say, translator
from table.thrones.extras import Extras, muster_points

FACTS = names.FACTS
SHOWN = 8  # march orders, musters or destinations listed before "and N more"

MEANINGS: dict[str, Said] = {
    "orders": said(
        "Place one order token, face down, on every area where you have units. Everyone's orders are "
        "revealed together, then carried out in the Action phase: raids first, then marches, then "
        "Consolidate Power. Defense and Support orders work during the battles.",
    ),
    "bid": said(
        "A secret bid of power tokens: every house bids at once, and the bids are revealed together.",
    ),
    "house-card": said(
        "Choose, in secret, the house card you fight this battle with; both cards are revealed "
        "together. Its strength adds to your side, its text may change the battle, and its icons decide the "
        "losses.",
    ),
    "replace-card": said(
        "Tyrion Lannister sent your house card back to your hand: choose another to fight with.",
    ),
    "march": said(
        "Resolve one of your March orders: choose which, and where each of its units goes (or none).",
    ),
    "raid": said(
        "Resolve one of your Raid orders: choose the adjacent enemy order it removes, or none.",
    ),
    "consolidate": said(
        "Resolve one of your Consolidate Power orders: take power, or muster with a special one.",
    ),
    "muster": said(
        "Recruit new units in the castles and strongholds you control, each spending its own points.",
    ),
    "wildling-muster": said(
        "The wildlings were beaten: you may recruit units in one of your castles or "
        "strongholds, as in a muster.",
    ),
    "support": said(
        "A battle is next to your Support order: give the strength of that area to one side, or to nobody.",
    ),
    "accept-support": said(
        "Another house offers you its support in this battle: accept it or refuse it.",
    ),
    "retreat": said(
        "You lost the battle as the defender: choose the area your surviving units retreat to.",
    ),
    "casualties": said(
        "You lost the battle: choose which of your units in it are destroyed.",
    ),
    "skull-casualties": said(
        "Tides of Battle skulls: choose which of your units in the battle are destroyed.",
    ),
    "retreat-losses": said(
        "Your retreat would break your supply limit: choose the units destroyed first.",
    ),
    "reconcile": said(
        "Your armies are bigger than your supply allows: choose units to destroy until they fit.",
    ),
    "raven": said(
        "You hold the Messenger Raven: swap one of your orders on the board for an unused one, look at "
        "the top wildling card, or do nothing.",
    ),
    "raven-peek": said(
        "You looked at the top wildling card: leave it on top, or bury it at the bottom of the deck.",
    ),
    "rank": said(
        "Houses are tied: as holder of the Iron Throne, put them in order, best first.",
    ),
    "westeros-choice": said(
        "A Westeros card lets you choose what happens.",
    ),
    "wildling-destroy": said(
        "A wildling card makes you destroy units: choose which.",
    ),
    "wildling-swap": said(
        "A wildling card changes your units: choose which.",
    ),
    "wildling-discard": said(
        "A wildling card makes you discard a house card from your hand: choose which.",
    ),
    "wildling-retrieve": said(
        "A wildling card lets you take a house card back from your discard pile.",
    ),
    "wildling-track": said(
        "A wildling card lets you choose an influence track.",
    ),
    "wildling-tie": said(
        "Houses tied in the bids against the wildlings: as holder of the Iron Throne, choose.",
    ),
    "preemptive-raid": said(
        "Preemptive Raid: choose which penalty you take.",
    ),
    "tides-redraw": said(
        "You drew a Tides of Battle card and hold the Valyrian Steel Blade: keep the card, or "
        "use the blade to draw another, which you must keep.",
    ),
    "blade": said(
        "You hold the Valyrian Steel Blade: use it now for +1 strength in this battle, or keep it.",
    ),
    "port-takeover": said(
        "You took the land area of an enemy port: choose how many of the enemy ships in it "
        "you replace with your own; the others are removed.",
    ),
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

FORMS: dict[str, Said] = {
    "orders": said("`orders AREA=TOKEN AREA=TOKEN …`, one token for each of your areas."),
    "march": said(
        "`march FROM -> TO UNITS, TO UNITS` (add `+power` to leave a power token in the area you empty), or "
        "`march FROM -> none`."
    ),
    "consolidate": said(
        "`consolidate AREA`, or with a special order in a castle area `consolidate AREA muster ITEMS` (the "
        "items as in a muster)."
    ),
    "muster": said("`muster AREA UNIT, AREA ship@SEA, AREA footman->knight, …`, or `muster none`."),
    "wildling-muster": said("`muster AREA UNIT, …` naming one area only, or `muster none`."),
    "rank": said("`rank HOUSE HOUSE …`, every tied house, best first."),
    "wildling-swap": said("`swap AREA knight->footman, …`, one item a unit."),
} | dict.fromkeys(
    ("casualties", "skull-casualties", "retreat-losses", "reconcile", "wildling-destroy"),
    said("`destroy AREA UNIT, AREA UNIT, …`, one item a unit."),
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

LOSSES = said(
    "Each loss is one unit, whatever its strength: as many as the swords on the winner's house card, less "
    "the fortifications on the loser's. Units that supported the battle are never lost, and routed units "
    "are never chosen."
)
# Rules that bear on every decision of a kind, whatever its situation (SKULLS is the rules reference's).
TEXTS: dict[str, list[Said | str]] = {
    "casualties": [LOSSES],
    "retreat-losses": [LOSSES],
    "skull-casualties": [SKULLS],
    "retreat": [
        said(
            "All the units go to one adjacent area that is empty or yours, never to the area the attackers "
            "came from, and never past your supply limit: an area listed with losses costs that many units "
            "first. Without any such area they are destroyed. Retreating units are routed: no strength and "
            "no moves for the rest of the round."
        )
    ],
    "raven": [
        said(
            "A swap puts one of your unused tokens in place of one of your orders on the board; the limit of "
            "special (★) orders still holds. A look shows you the top wildling card, which you then keep on "
            "top or bury at the bottom; you may tell the others what it is, but not show it."
        )
    ],
    "blade": [said("The Valyrian Steel Blade adds 1 to its holder's strength in one battle a round.")],
    "port-takeover": [
        said(
            "The ships you put in come from those you have not placed, within your supply limit; a port "
            "holds three ships at most."
        )
    ],
}


def card_block(card_id: str, language: str = SOURCE_LANGUAGE) -> str:
    """A house card on one line: its name, strength, icons and full text (the text is the game data's)."""
    card = FACTS.house_cards[card_id]
    words = translator(language)
    facts = [
        words.gettext("strength {strength}", strength=card.strength),
        *names.card_icons(card_id, language),
    ]
    name = names.card_name(card_id, language)
    return f"**{name}** ({', '.join(facts)}): {card_text(card)}"


def _order_rules(types: tuple[str, ...], language: str) -> list[str]:
    lines = []
    for order_type in types:
        rule = FACTS.order_rules[order_type]
        name = Named("order_types", order_type).said_in(language)
        lines += [f"**{name}**: {rule.text}", f"★ {rule.special}"]
    return lines


def _cards(decision: dict[str, Any], language: str) -> list[str]:
    """The house cards a decision's listed answers name (a hand, a discard pile), in full."""
    cards = []
    for option in decision.get("options") or []:
        words = strip_house(option).split()
        if len(words) == 2 and words[0] in ("play", "discard", "retrieve") and names.is_card(words[1]):
            cards.append(words[1])
    if not cards:
        return []
    heading = translator(language).gettext("**The cards you may name:**")
    return [heading, *(card_block(card, language) for card in cards), ICONS]


def _named_card(decision: dict[str, Any], cards: dict[str, Any]) -> Any:
    """The card (of ``cards``) a decision is about: its data's, else the one whose name opens its prompt
    ("Mammoth Riders: destroy 3 of your units", a decision stored before decisions had data)."""
    named = (decision.get("data") or {}).get("card")
    if named in cards:
        return cards[named]
    head = decision["prompt"].split(":", 1)[0].strip().lower()
    return next((card for card in cards.values() if card.name.lower() == head), None)


def _wildling_card(card: Any, language: str) -> list[str]:
    if card is None:
        return []
    words = translator(language)
    name = Named("wildling_cards", card.id).said_in(language)
    return [
        f"**{name}**",
        words.gettext("The Night's Watch wins, the highest bidder: {text}", text=card.watch_wins),
        words.gettext("The wildlings win, the lowest bidder: {text}", text=card.lowest_bidder),
        words.gettext("The wildlings win, every other house: {text}", text=card.everyone_else),
    ]


def _costs(language: str) -> list[str]:
    def cost(unit: str, upgrade: bool = False) -> int:
        return MusterItem("-", unit, upgrade=upgrade).cost

    words = translator(language)
    return [
        words.gettext(
            "**Mustering**: a castle gives 1 point and a stronghold 2, spent in its own area; points not "
            "spent are lost."
        ),
        words.gettext(
            "{footman_name} {footman}, {knight_name} {knight}, {siege_name} {siege}, {ship_name} {ship}; a "
            "footman already there becomes a knight or a siege engine for {upgrade}.",
            footman_name=names.capitalized(Unit("footman").said_in(language), language),
            knight_name=Unit("knight"),
            siege_name=Unit("siege"),
            ship_name=Unit("ship"),
            footman=cost("footman"),
            knight=cost("knight"),
            siege=cost("siege"),
            ship=cost("ship"),
            upgrade=cost("knight", True),
        ),
        words.gettext(
            "Land units appear in the castle's area; a ship in its port or an adjacent sea without enemy "
            "ships. Never past your supply limit, the units you own, or three ships in a port."
        ),
    ]


def _musters(decision: dict[str, Any], extras: Extras, language: str) -> list[str]:
    words = translator(language)
    points = muster_points(decision)
    lines = []
    for area, count in list(points.items())[:SHOWN]:
        legal = extras.musters.get(area, [])
        name = names.area_name(area, language)
        if not legal:
            lines.append(
                words.ngettext(
                    "{area}: {count} point", "{area}: {count} points", count, area=name, count=count
                )
            )
            continue
        some = ", ".join(f"`{m}`" for m in legal[:3])
        if len(legal) > 3:
            more = len(legal) - 3
            some = words.ngettext(
                "{examples} (and {count} more)",
                "{examples} (and {count} more)",
                more,
                examples=some,
                count=more,
            )
        lines.append(
            words.ngettext(
                "{area}: {count} point; e.g. {examples}",
                "{area}: {count} points; e.g. {examples}",
                count,
                area=name,
                count=count,
                examples=some,
            )
        )
    if len(points) > SHOWN:
        more = len(points) - SHOWN
        lines.append(
            words.ngettext("… and {count} more area.", "… and {count} more areas.", more, count=more)
        )
    return lines


def _consolidations(decision: dict[str, Any], extras: Extras, language: str) -> list[str]:
    words = translator(language)
    orders = (decision.get("schema") or {}).get("orders") or {}
    gains = ", ".join(
        words.gettext("`{area}` (+{power} power)", area=area, power=power) for area, power in orders.items()
    )
    musters = _musters(decision, extras, language)
    special = [words.gettext("**Or muster with a special one:**"), *musters] if musters else []
    return [words.gettext("**Your orders:** {orders}.", orders=gains), *special]


def _marches(decision: dict[str, Any], language: str) -> list[str]:
    words = translator(language)
    orders = (decision.get("schema") or {}).get("orders") or {}
    lines = [words.gettext("**Your March orders:**")]
    for area, info in list(orders.items())[:SHOWN]:
        units = names.units_text(
            [k for k, n in (info.get("units") or {}).items() for _ in range(n)], language
        )
        destinations = [names.area_name(d, language) for d in info.get("destinations") or {}]
        if not destinations:
            lines.append(words.gettext("`{area}` ({units}) may go nowhere", area=area, units=units))
            continue
        shown = ", ".join(destinations[:SHOWN]) + (" …" if len(destinations) > SHOWN else "")
        lines.append(
            words.gettext("`{area}` ({units}) may go to: {areas}", area=area, units=units, areas=shown)
        )
    return lines


def _orders(decision: dict[str, Any], language: str) -> list[str]:
    """The tokens left and the stars allowed, and the start of the suggested orders (a line for every area
    would not fit beside the rules; the "Type the answer" button gives all of it)."""
    words = translator(language)
    schema = decision.get("schema") or {}
    tokens = schema.get("tokens") or {}
    left = ", ".join(f"`{t}` ({n})" for t, n in tokens.items() if n)
    parts = strip_house(decision["default"]).split()
    example = " ".join(parts[:4]) + (" …" if len(parts) > 4 else "")
    return [
        words.gettext(
            "**Your tokens:** {tokens}. Special (★) orders allowed: {stars}.",
            tokens=left,
            stars=schema.get("stars", 0),
        ),
        words.gettext(
            "**Example**: `{example}` (the suggested orders; **{button}** starts from all of them).",
            example=example,
            button=words.gettext("Type the answer"),
        ),
    ]


def _resolved_card(kind: str, decision: dict[str, Any], language: str) -> list[str]:
    """The Westeros, wildling or Tides of Battle card a decision is about, in full."""
    schema = decision.get("schema") or {}
    if kind == "raven-peek":
        return _wildling_card(FACTS.wildling_cards.get(str(schema.get("card", ""))), language)
    if kind == "tides-redraw":
        tides = FACTS.tides_cards.get(str(schema.get("card", "")))
        drawn = []
        if tides is not None:
            name = names.tides_name(tides.id, language)
            strength = f"{tides.strength:+d}"
            drawn.append(
                translator(language).gettext(
                    "Your card: **{card}**, {strength}.", card=name, strength=strength
                )
            )
        return [*drawn, TIDES_NOTE, SKULLS]
    if kind == "westeros-choice":
        westeros = _named_card(decision, FACTS.westeros_cards)
        if westeros is None:
            return []
        return [f"**{Named('westeros_cards', westeros.id).said_in(language)}**: {westeros.text}"]
    if kind.startswith("wildling-") or kind == "preemptive-raid":
        return _wildling_card(_named_card(decision, FACTS.wildling_cards), language)
    return []


def _situation(kind: str, decision: dict[str, Any], language: str) -> list[str]:
    """Rules that depend on the decision's situation: what a bid is for, the supply level."""
    schema = decision.get("schema") or {}
    data = decision.get("data") or {}
    if kind == "bid":
        wildlings = "wildlings" in data if data else "wildling" in decision["prompt"].lower()
        words = translator(language)
        if wildlings:
            return [
                words.gettext(
                    "Every power token bid is spent, win or lose. The bids are added together: reaching the "
                    "wildlings' strength beats them. The card revealed then rewards the highest bidder or "
                    "punishes the lowest (`{command}` shows every card).",
                    command=words.command("rules wildling"),
                )
            ]
        return [
            words.gettext(
                "Every power token bid is spent, win or lose. The houses take the track's places from the "
                "highest bid down; the holder of the Iron Throne settles ties (for the Iron Throne track "
                "itself, the holder before the bids)."
            )
        ]
    if kind == "reconcile":
        level = int(schema.get("supply", 0))
        sizes = ", ".join(map(str, FACTS.supply_limits[level]))
        return [
            translator(language).gettext(
                "Supply {level} allows armies of at most {sizes} units (an army: two or more units of one "
                "house in one area; ships in a port count too).",
                level=level,
                sizes=sizes,
            )
        ]
    return []


def _rules(kind: str, decision: dict[str, Any], language: str) -> list[str]:
    """The rules that bear on a decision: the orders it resolves, the house card whose text it carries
    out, fixed texts of its kind, mustering costs, the card it is about, its situation, and every house
    card its answers name."""
    lines = _order_rules(ORDER_KINDS.get(kind, ()), language)
    if kind in CARD_KINDS:
        lines.append(card_block(CARD_KINDS[kind], language))
    lines += [say(text, language) for text in TEXTS.get(kind, [])]
    if kind in ("muster", "wildling-muster") or (kind == "consolidate" and decision["schema"].get("muster")):
        lines += _costs(language)
    return [
        *lines,
        *_resolved_card(kind, decision, language),
        *_situation(kind, decision, language),
        *_cards(decision, language),
    ]


def _answers(kind: str, decision: dict[str, Any], extras: Extras, language: str) -> list[str]:
    words = translator(language)
    if decision.get("options"):

        def describe(line: str) -> str:
            return answers.describe(line, kind, language)

        return answer_lines(decision, describe, language)
    lines = []
    if kind in FORMS:
        lines.append(words.gettext("**Answer** in notation: {form}", form=FORMS[kind].said_in(language)))
    if kind == "orders":
        lines += _orders(decision, language)
    else:
        if kind == "march":
            lines += _marches(decision, language)
        elif kind == "consolidate":
            lines += _consolidations(decision, extras, language)
        elif kind in ("muster", "wildling-muster"):
            lines += _musters(decision, extras, language)
        example = strip_house(decision["default"])
        lines.append(words.gettext("**Example**: `{example}` (the suggested answer).", example=example))
    lines.append(
        words.gettext(
            "Answer with the menus, the **{button}** button, or `{command}`.",
            button=words.gettext("Type the answer"),
            command=words.command("game act"),
        )
    )
    return lines


def decision_help(payload: dict[str, Any], extras: Extras) -> str:
    """The help of a prompt's decision, in the payload's language. The rules it quotes from the game's
    data and the rules reference (card texts, what an order does) are in English for now."""
    decision = payload["decision"]
    kind = decision["kind"]
    language = payload_language(payload)
    meaning = MEANINGS.get(kind)
    rules = _rules(kind, decision, language)
    parts = [
        questions.question(decision, language) if meaning is None else meaning.said_in(language),
        "",
        *_answers(kind, decision, extras, language),
    ]
    if rules:
        parts += ["", translator(language).gettext("**The rules**"), *rules]
    return "\n".join(parts)
