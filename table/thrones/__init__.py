"""A Game of Thrones at the table: its kind (:data:`KIND`, named in data/games.toml) and prompt extras."""

from table.thrones.kind import KIND

__all__ = ["KIND"]
