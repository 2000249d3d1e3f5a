"""Refusals the table gives its callers; the message says why, in words a player understands, in the
language of whoever reads it."""

from __future__ import annotations

from i18n import Localized, Said


class TableError(Exception):
    """An operation the table refuses. Nothing has changed.

    The message is an English template with named fields, translated where it is shown:
    ``TableError("{game} is over.", game=name)``; ``str()`` of the error is the English text, and
    :meth:`said_in` says it in a reader's language. A message said already (a :class:`~i18n.Said`,
    sentences :func:`~i18n.joined`, or any :class:`~i18n.Localized`) is taken as it is.
    """

    def __init__(self, message: str | Localized, /, **fields: object) -> None:
        self.said: Localized = Said(message, fields) if isinstance(message, str) else message
        super().__init__(self.said.said_in("en"))

    def said_in(self, language: str) -> str:
        return self.said.said_in(language)
