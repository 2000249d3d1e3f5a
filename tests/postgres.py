"""A throwaway PostgreSQL server for the tests, and a fresh database in it for each test.

:class:`PostgresServer` runs ``initdb`` in a new temporary directory and starts the server there with
``pg_ctl -w``: it listens on a unix socket in that directory only (no TCP port to collide with another
run), trusts whoever reaches it, and never syncs to disk. Stopping it removes the directory. PostgreSQL
refuses to run as root, so as root (as here and on CI) both programs run as an unprivileged account:
``postgres`` (made by Debian's package) else ``nobody``.

Nothing is skipped: if the programs are missing or the server does not start, :class:`PostgresUnavailable`
says why (with the server's log) and every test that asked for it fails. ``make test`` installs the
server's programs when they are missing.

The fixtures (``tests/conftest.py``): ``postgres_server``, one server for the whole session, and
``postgres_dsn``, the DSN of a new empty database for one test, dropped after it. A database is made with
``CREATE DATABASE ... TEMPLATE ...``, a file copy: to give each test a migrated schema, migrate one
database once and pass its name as ``template`` to :meth:`PostgresServer.create_database`.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from urllib.parse import quote

import asyncpg

SUPERUSER = "postgres"
PORT = 5432  # only names the socket file (.s.PGSQL.5432): the server listens on no TCP port
DEBIAN_PROGRAMS = "/usr/lib/postgresql/*/bin"
UNPRIVILEGED_ACCOUNTS = ("postgres", "nobody")
# A server for tests: nothing must survive a crash, so nothing waits for the disk.
TEST_SETTINGS = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}


class PostgresUnavailable(RuntimeError):
    """The test server could not be made or started; the message says what failed and how to fix it."""


def server_programs() -> Path:
    """The directory holding ``initdb`` and ``pg_ctl``: from PATH, else Debian's newest version."""
    on_path = shutil.which("initdb")
    if on_path is not None and (Path(on_path).parent / "pg_ctl").exists():
        return Path(on_path).parent

    def version(directory: str) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", Path(directory).parent.name))

    debian = [d for d in glob.glob(DEBIAN_PROGRAMS) if (Path(d) / "initdb").exists()]
    if debian:
        return Path(max(debian, key=version))
    raise PostgresUnavailable(
        "PostgreSQL's server programs (initdb, pg_ctl) are neither on PATH nor in "
        f"{DEBIAN_PROGRAMS}: `make test` installs them (Debian's postgresql package), or install PostgreSQL."
    )


def unprivileged_account() -> pwd.struct_passwd | None:
    """Whom to run the server as: None (ourselves) unless we are root, whom PostgreSQL refuses."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_ACCOUNTS:
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise PostgresUnavailable(
        f"PostgreSQL will not run as root, and none of the accounts {UNPRIVILEGED_ACCOUNTS} exists to run it"
    )


class PostgresServer:
    """One PostgreSQL server in a temporary directory. ``with PostgresServer() as server:`` starts it
    (or :meth:`start`) and stops and removes it at the end (or :meth:`stop`)."""

    def __init__(self, *, settings: Mapping[str, str] | None = None, programs: Path | None = None) -> None:
        self.settings = {**TEST_SETTINGS, **(settings or {})}
        self.programs = programs
        self.account = unprivileged_account()
        self.directory: Path | None = None
        self._names = itertools.count(1)

    @property
    def data(self) -> Path:
        assert self.directory is not None, "the server is not started"
        return self.directory / "data"

    @property
    def log_path(self) -> Path:
        assert self.directory is not None, "the server is not started"
        return self.directory / "server.log"

    def dsn(self, database: str = "postgres") -> str:
        """A libpq/asyncpg URL for ``database``, through the server's unix socket."""
        assert self.directory is not None, "the server is not started"
        socket_dir = quote(str(self.directory), safe="")
        return f"postgresql://{SUPERUSER}@/{quote(database, safe='')}?host={socket_dir}&port={PORT}"

    def start(self) -> PostgresServer:
        self.programs = programs = self.programs or server_programs()
        self.directory = Path(tempfile.mkdtemp(prefix="maester-pg-"))
        if self.account is not None:
            os.chown(self.directory, self.account.pw_uid, self.account.pw_gid)
        try:
            self._run(
                programs / "initdb",
                ["-D", self.data, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"],
            )
            lines = [
                "listen_addresses = ''",
                f"unix_socket_directories = '{self.directory}'",
                f"port = {PORT}",
                *(f"{name} = '{value}'" for name, value in self.settings.items()),
            ]
            with (self.data / "postgresql.conf").open("a", encoding="utf-8") as conf:
                conf.write("\n# the test server's own settings (tests/postgres.py)\n")
                conf.write("\n".join(lines) + "\n")
            self._run(programs / "pg_ctl", ["-D", self.data, "-l", self.log_path, "-w", "-t", "60", "start"])
        except BaseException:
            self._remove()
            raise
        return self

    def stop(self) -> None:
        """Stop the server at once (nothing in it is worth a clean shutdown) and remove its directory."""
        if self.directory is None:
            return
        try:
            if (self.data / "postmaster.pid").exists():
                assert self.programs is not None
                self._run(self.programs / "pg_ctl", ["-D", self.data, "-m", "immediate", "-w", "stop"])
        finally:
            self._remove()

    def _remove(self) -> None:
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None

    def _run(self, program: Path, args: Sequence[str | Path]) -> None:
        """Run one of the server's programs (as the unprivileged account when we are root); raise
        PostgresUnavailable with its output and the server's log when it fails."""
        assert self.directory is not None
        command = [str(program), *map(str, args)]
        as_account: dict[str, object] = {}
        if self.account is not None:
            as_account = {"user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}
        try:
            done = subprocess.run(
                command,
                cwd=self.directory,  # the server wants a working directory it can read
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC"},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
                **as_account,  # type: ignore[arg-type]
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise PostgresUnavailable(f"{' '.join(command)} could not run: {error}") from error
        if done.returncode != 0:
            log = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
            raise PostgresUnavailable(
                f"{' '.join(command)} failed with status {done.returncode}"
                + (f" (as {self.account.pw_name})" if self.account else "")
                + f":\n{done.stdout}{done.stderr}"
                + (f"\nserver log:\n{log}" if log else "")
            )

    async def create_database(self, *, template: str = "template0") -> str:
        """A new database copied from ``template`` (default: empty); returns its name."""
        name = f"test_{next(self._names)}"
        connection = await asyncpg.connect(self.dsn())
        try:
            await connection.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        finally:
            await connection.close()
        return name

    async def drop_database(self, name: str) -> None:
        """Drop ``name``, closing whatever connections a test left open to it."""
        connection = await asyncpg.connect(self.dsn())
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
