"""Content packs for BattleLore: Battles of Westeros: the sample pack Maester ships, and packs people write.

The rulebook holds no battle plans, cards or die faces (they are printed in other books and on cards), so a
game is played on a *pack*: TOML files holding houses, dice, a morale track, unit types, commanders,
leadership cards and battles (``docs/battles-content.md`` describes the format). The pack in ``data/battles/``
is Maester's own sample, labelled as such wherever it is shown; people who own the game may type in their
own battle plans and cards as a pack of their own.

A pack is identified by the hash of its files (:func:`content_hash`), so a game that records the hash always
replays against the same content: an edited pack is another pack. Loading checks everything and reports
every problem with its file and line (:class:`ContentError`); a pack with a problem is not loaded.

- :func:`load_sample` is the shipped pack, read once per process.
- :func:`load_pack` is a pack from its files' texts, without touching the disk; the same texts give the
  same (cached) pack.
- :func:`read_pack` reads a pack's files from a file or a folder of ``.toml`` files.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.resources
import pathlib
from collections.abc import Mapping

from data.battles_model import Pack
from data.battles_read import ContentError, Problem, read

__all__ = ["ContentError", "Pack", "Problem", "content_hash", "load_pack", "load_sample", "read_pack"]

Files = tuple[tuple[str, str], ...]
SAMPLE = "battles"  # the folder of data/ holding the sample pack


def normalise(files: Mapping[str, str] | str, name: str = "pack.toml") -> Files:
    """A pack's files as (name, text) pairs sorted by name, with the text's line ends and byte-order mark
    normalised, so that the same content saved on another system hashes the same. One text is one file."""
    items = {name: files} if isinstance(files, str) else dict(files)
    return tuple(
        (key, text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n"))
        for key, text in sorted(items.items())
    )


def content_hash(files: Mapping[str, str] | str) -> str:
    """The hash identifying a pack: SHA-256 of its normalised files, names included."""
    digest = hashlib.sha256(b"maester-battles-pack\0")
    for name, text in normalise(files):
        digest.update(name.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()


def load_pack(files: Mapping[str, str] | str, name: str = "pack.toml") -> Pack:
    """The pack these files make (a mapping of file name to text, or one TOML text named ``name``); raises
    ContentError listing every problem."""
    return _load(normalise(files, name))


@functools.lru_cache(maxsize=32)
def _load(files: Files) -> Pack:
    return read(files, content_hash(dict(files)))


def read_pack(path: str | pathlib.Path) -> Pack:
    """The pack in a TOML file, or in the ``.toml`` files of a folder; raises OSError or ContentError."""
    return load_pack(read_files(path))


def read_files(path: str | pathlib.Path) -> dict[str, str]:
    """The texts of a pack's files on disk: a TOML file, or every ``.toml`` file of a folder, by name."""
    where = pathlib.Path(path)
    if where.is_dir():
        found = {item.name: item.read_text(encoding="utf-8") for item in sorted(where.glob("*.toml"))}
        if not found:
            raise ContentError([Problem(str(where), None, "", "the folder holds no .toml file")])
        return found
    return {where.name: where.read_text(encoding="utf-8")}


@functools.cache
def sample_files() -> Files:
    """The files of the sample pack Maester ships (data/battles/), normalised."""
    folder = importlib.resources.files("data") / SAMPLE
    texts = {
        item.name: item.read_text(encoding="utf-8")
        for item in folder.iterdir()
        if item.name.endswith(".toml")
    }
    return normalise(texts)


def load_sample() -> Pack:
    """The sample pack, checked once per process."""
    return _load(sample_files())
