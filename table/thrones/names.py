"""A name the notation cannot read, refused in its reader's language.

The engine refuses an unknown or ambiguous name with :class:`~engine.thrones.names.UnknownName`, whose
message is English; its fields (the kind of name, the words as written, the ids nearest them) let the
refusal be worded again here as a :class:`~i18n.Said`, each suggestion by its name in the reader's language
(:class:`~data.thrones_names.Named`), so that a Spanish player who misspells "Invernalía" is offered
"Invernalía", not "Winterfell"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from data.thrones_names import Named
from engine.core.errors import quote
from engine.thrones.names import UnknownName
from i18n import SOURCE_LANGUAGE, Localized, Said, psaid, said, translator


@dataclass(frozen=True)
class Token:
    """An order token as a reader names it: by its id in English, as players write it ("march+1*"), by its
    name in other languages ("Avance +1 (especial)", which the notation reads too)."""

    id: str

    def said_in(self, language: str) -> str:
        return self.id if language == SOURCE_LANGUAGE else Named("orders", self.id).said_in(language)


@dataclass(frozen=True)
class Either:
    """Names as a list in running text, said in the reader's language: "a", "a or b", "a, b or c"."""

    names: Sequence[Localized]

    def said_in(self, language: str) -> str:
        words = translator(language)
        shown = [name.said_in(language) for name in self.names]
        if len(shown) == 1:
            return shown[0]
        # Translators: the last two of a list of names someone may have meant ("A, B or C")
        return words.gettext("{names} or {last}", names=", ".join(shown[:-1]), last=shown[-1])


def _unknown(what: str, text: str, names: Either | None) -> Said:
    """Each message literal, for the catalogues."""
    if what == "areas":
        if names is None:
            return said("There is no area called {text}.", text=text)
        return said("There is no area called {text}. Did you mean {names}?", text=text, names=names)
    if what == "houses":
        if names is None:
            return said("There is no house called {text}.", text=text)
        return said("There is no house called {text}. Did you mean {names}?", text=text, names=names)
    if what == "house_cards":
        if names is None:
            return said("There is no house card called {text}.", text=text)
        return said("There is no house card called {text}. Did you mean {names}?", text=text, names=names)
    if what == "units":
        if names is None:
            return said("{text} is not a unit (footman, knight, ship or siege).", text=text)
        return said(
            "{text} is not a unit (footman, knight, ship or siege). Did you mean {names}?",
            text=text,
            names=names,
        )
    if what == "orders":
        if names is None:
            return said(
                "{text} is not an order token (march-1, march+0, march+1*, defense+1, defense+2*, support+0, "
                "support+1*, raid, raid*, consolidate, consolidate*).",
                text=text,
            )
        return said("{text} is not an order token. Did you mean {names}?", text=text, names=names)
    if names is None:
        return said("There is no influence track called {text}.", text=text)
    return said("There is no influence track called {text}. Did you mean {names}?", text=text, names=names)


_KINDS = {
    "areas": psaid("kind of name", "area"),
    "houses": psaid("kind of name", "house"),
    "house_cards": psaid("kind of name", "house card"),
    "units": psaid("kind of name", "unit"),
    "orders": psaid("kind of name", "order token"),
    "tracks": psaid("kind of name", "influence track"),
}
_NAME = psaid("kind of name", "name")


def _ambiguous(what: str, text: str, names: Either, ids: str) -> Said:
    kind = _KINDS.get(what, _NAME)
    # Translators: {kind} is what the name is of ("area", "house"...), {names} the things it may mean
    return said(
        "{text} names more than one {kind} in different languages: {names}; write its id ({ids}).",
        text=text,
        kind=kind,
        names=names,
        ids=ids,
    )


def unknown_name(error: UnknownName) -> Said:
    """The refusal of ``error``'s name, to be said in its reader's language."""
    text = quote(error.text)
    named = [Token(item) if error.what == "orders" else Named(error.what, item) for item in error.suggestions]
    names = Either(tuple(named)) if named else None
    if error.ambiguous and names is not None:
        ids = " / ".join(error.suggestions)
        return _ambiguous(error.what, text, names, ids)
    return _unknown(error.what, text, names)
