"""Refusals the table gives its callers; the message says why, in words a player understands."""


class TableError(Exception):
    """An operation the table refuses. Nothing has changed."""
