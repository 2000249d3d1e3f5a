"""A Game of Thrones' notation for people: the words that may come next in a line being typed (verbs,
areas, order tokens, cards, units, narrowed to the person's decision when there is one), and the
notation part of /game help."""

from __future__ import annotations

from typing import Any

from cogs.screens import strip_house
from cogs.thrones import names
from data.thrones import HOUSES
from i18n import SOURCE_LANGUAGE, translator
from table.thrones.extras import muster_points

VERBS: tuple[str, ...] = (
    "orders",
    "bid",
    "choose",
    "rank",
    "raid",
    "march",
    "consolidate",
    "muster",
    "destroy",
    "swap",
    "raven",
    "play",
    "discard",
    "retrieve",
)
_RAVEN = ("none", "peek", "keep", "bury", "swap")
_MUSTER_WORDS = ("footman", "knight", "siege", "footman->knight", "footman->siege", "none")

EXAMPLES = """\
`orders winterfell=march+1* white-harbor=defense+1` · `bid 3` · `play eddard-stark` · `choose accept`
`march winterfell -> moat-cailin knight footman, castle-black footman +power` · `march winterfell -> none`
`raid bay-of-ice -> none` · `consolidate winterfell` · `muster winterfell knight, winterfell ship@bay-of-ice`
`destroy winterfell footman` · `rank stark lannister` · `raven swap winterfell defense+1` · `raven none`"""
TOKENS_LINE = (
    "march-1 march+0 march+1* defense+1 defense+2* support+0 support+1* raid raid* consolidate consolidate*"
)


def help_text(language: str = SOURCE_LANGUAGE) -> str:
    """The notation part of /game help, in ``language``: the examples stay notation (which reads the names
    of every language too)."""
    words = translator(language)
    lines = [words.gettext("**Notation**: one line; the house is implied."), EXAMPLES]
    lines.append(words.gettext("Tokens: {tokens}", tokens=TOKENS_LINE))
    if language != SOURCE_LANGUAGE:
        example = (
            f"march {names.area_name('winterfell', language)} -> {names.area_name('moat-cailin', language)} "
            f"{names.unit_name('knight', language).lower()}"
        )
        lines.append(
            words.gettext(
                "Areas, houses, cards and units may also be written by their names in {language}: "
                "`{example}`.",
                language=words.language_name(language),
                example=example,
            )
        )
    lines.append(
        words.gettext(
            "Secret decisions: orders, bids, house cards. {cards} shows every house's hand and discards.",
            cards=f"`{words.command('game cards')}`",
        )
    )
    return "\n".join(lines)


def localized_word(word: str, language: str) -> str:
    """A word of notation as a reader of ``language`` names it: ``winterfell`` is "Invernalia" in Spanish,
    ``winterfell=march+1*`` "Invernalia=Avance +1 (especial)"; verbs, houses and signs stay as written."""
    if language == SOURCE_LANGUAGE or not word:
        return word
    for sign in ("=", "@", "->"):
        if sign in word and word != sign:
            head, _, tail = word.partition(sign)
            return f"{localized_word(head, language)}{sign}{localized_word(tail, language)}"
    if names.is_area(word):
        return names.area_name(word, language)
    if names.is_card(word):
        return names.card_name(word, language)
    if word in names.UNIT_KINDS:
        return names.unit_name(word, language).lower()
    if word in names.TOKENS:
        return names.token_label(word, language)
    return word


def next_words(verb: str, words: list[str], last: str, decision: dict[str, Any] | None) -> list[str]:
    """Words that may come next after ``verb`` and ``words`` (the finished words after it)."""
    schema = (decision or {}).get("schema") or {}
    options = [strip_house(o) for o in (decision or {}).get("options") or []]
    option_words = [o.split(" ", 1)[1] for o in options if " " in o and o.split(" ", 1)[0] == verb]
    areas = list(names.AREAS)
    if verb == "orders":
        mine = list(schema.get("areas") or areas)
        given = {w.split("=", 1)[0] for w in words if "=" in w}
        if "=" in last:
            area = last.split("=", 1)[0]
            tokens = [t for t, n in (schema.get("tokens") or {}).items() if n] or list(names.TOKENS)
            return [f"{area}={t}" for t in tokens]
        return [f"{a}=" for a in mine if a not in given]
    if verb in ("play", "discard", "retrieve", "choose", "bid"):
        if option_words:
            return option_words
        if verb in ("play", "discard", "retrieve"):
            return [*names.CARDS, "none"] if verb == "retrieve" else list(names.CARDS)
        return ["none"]
    if verb == "rank":
        houses = list(schema.get("houses") or HOUSES)
        return [h for h in houses if h not in words]
    if verb == "raven":
        if not words:
            return list(_RAVEN)
        if words[0] == "swap":
            return areas if len(words) == 1 else list(names.TOKENS)
        return []
    if verb in ("raid", "march"):
        if not words:
            sources = sorted((schema.get("orders") or {}).keys()) if verb == "march" else []
            return sources or areas
        if "->" not in words:
            return ["->"]
        if verb == "raid":
            return ["none", *areas]
        return [*areas, *names.UNIT_KINDS, "+power", "none"]
    if verb in ("muster", "consolidate"):
        if verb == "consolidate" and not words:
            return sorted((schema.get("orders") or {}).keys()) or areas
        if verb == "consolidate" and len(words) == 1:
            return ["muster"]
        castles = sorted(muster_points(decision)) if decision else []
        return [*(castles or areas), *_MUSTER_WORDS]
    if verb in ("destroy", "swap"):
        return [*areas, *names.UNIT_KINDS, "footman->knight", "knight->footman", "none"]
    return []
