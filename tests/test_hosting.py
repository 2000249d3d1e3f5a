"""The container files agree with the bot: the image runs bot.py with everything it imports, as an
unprivileged user, its SQLite default on the volume; every setting the Dockerfile and compose.yaml give
(the commented example of several processes included) is one bot.py reads and accepts; and the bot's
database URL names the compose file's own PostgreSQL service, user and database. (No image can be built
on the machines that run these tests.)"""

from __future__ import annotations

import fnmatch
import json
import re
import tomllib
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

import pytest

from bot import load_config

ROOT = Path(__file__).resolve().parents[1]


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, (KEYWORD, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, arguments = line.partition(" ")
            found.append((keyword.upper(), arguments.strip()))
    return found


def dockerfile_env() -> dict[str, str]:
    settings = {}
    for keyword, arguments in dockerfile():
        if keyword == "ENV":
            settings.update(re.findall(r"(\w+)=(\S+)", arguments))
    return settings


def compose_text() -> str:
    """compose.yaml, with each ``${VARIABLE...}`` that compose would fill in from .env as ``filled``."""
    return re.sub(r"\$\{[^}]*\}", "filled", (ROOT / "compose.yaml").read_text(encoding="utf-8"))


def compose_settings() -> list[tuple[str, str]]:
    """Every ``MAESTER_...: value`` of compose.yaml, in its comments too."""
    text = compose_text()
    return re.findall(r"\b(MAESTER_[A-Z_]+): *\"?([^\"\s]+)\"?", text)


def read_by_the_bot(name: str, value: str, context: dict[str, str]) -> bool:
    """Whether bot.py's configuration takes ``name=value`` (it would raise if it refused the value) and
    is changed by it: a name it does not read changes nothing."""
    base = {"DISCORD_TOKEN": "t", **{k: v for k, v in context.items() if k != name}}
    return load_config({**base, name: value}, env_file=None) != load_config(base, env_file=None)


def test_the_image_runs_bot_py_as_an_unprivileged_user() -> None:
    instructions = dockerfile()
    [cmd] = [json.loads(arguments) for keyword, arguments in instructions if keyword == "CMD"]
    workdirs = [arguments for keyword, arguments in instructions if keyword == "WORKDIR"]
    copied_into = workdirs[0]  # the repository is copied into the first one
    assert ("COPY", ". .") in instructions and copied_into == "/app"
    assert cmd[0].startswith("python") and PurePosixPath(workdirs[-1], cmd[1]) == PurePosixPath("/app/bot.py")
    users = [arguments for keyword, arguments in instructions if keyword == "USER"]
    assert users and users[-1] not in ("root", "0")


def test_the_image_has_the_bot_and_every_package_it_imports() -> None:
    """The image copies the repository but what .dockerignore leaves out: never bot.py nor a package."""
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = [p.rstrip("*") for p in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]]
    needed = ["bot.py", *packages, *(f"{p}/__init__.py" for p in packages)]
    assert all((ROOT / path).exists() for path in needed)
    left_out = [path for path in needed if any(fnmatch.fnmatch(path, pattern) for pattern in ignored)]
    assert not left_out
    assert ".env" in ignored and "*.sqlite3" in ignored  # no token, no games baked into an image


def test_the_sqlite_database_of_the_image_is_on_its_volume_even_named_relatively() -> None:
    instructions = dockerfile()
    volumes = [v for keyword, arguments in instructions if keyword == "VOLUME" for v in json.loads(arguments)]
    workdir = [arguments for keyword, arguments in instructions if keyword == "WORKDIR"][-1]
    database = dockerfile_env()["MAESTER_DATABASE"]
    assert str(PurePosixPath(database).parent) in volumes
    assert workdir in volumes  # where .env.example's "maester.sqlite3" would be


@pytest.mark.parametrize(
    ("name", "value", "source"),
    [(*setting, "Dockerfile") for setting in dockerfile_env().items() if setting[0].startswith("MAESTER_")]
    + [(*setting, "compose.yaml") for setting in compose_settings()],
)
def test_every_setting_the_container_files_give_is_read_by_the_bot(
    name: str, value: str, source: str
) -> None:
    shard_count = dict(compose_settings()).get("MAESTER_SHARD_COUNT", "1")
    assert read_by_the_bot(name, value, {"MAESTER_SHARD_COUNT": shard_count}), f"{source}: {name}={value}"


def test_the_compose_database_url_names_its_postgresql_service() -> None:
    text = compose_text()
    url = urlsplit(dict(compose_settings())["MAESTER_DATABASE"])
    services = re.findall(r"^  ([\w-]+):$", text.partition("\nservices:\n")[2], flags=re.MULTILINE)
    assert url.scheme == "postgresql" and url.hostname in services
    assert re.search(rf"^ +POSTGRES_USER: {url.username}$", text, flags=re.MULTILINE)
    assert re.search(rf"^ +POSTGRES_DB: {url.path.lstrip('/')}$", text, flags=re.MULTILINE)
    assert re.search(r"^ +image: postgres:16$", text, flags=re.MULTILINE)
