"""A throwaway PostgreSQL server for the tests (and benchmarks): a cluster in a temporary directory.

It uses the server binaries of Debian's ``postgresql`` package (``/usr/lib/postgresql/<version>/bin``,
or the directory named by ``FATEKIT_PG_BINDIR``), listens only on a Unix socket inside its own
directory (so it needs no free port and nothing else can reach it) and is deleted when stopped.
PostgreSQL refuses to run as root, so under root the server runs as the ``postgres`` user the
package creates (or ``nobody``) through ``runuser``; the test process still connects as the
cluster's superuser ``fatekit`` over the socket.

The cluster runs with ``fsync=off``: it lives for one test session, and the tests kill client
processes, not the machine, so flushing to the disk would only make them slower. The benchmark
asks for a ``durable`` one instead, which syncs its commits as a production server does.

This module imports nothing from pytest; ``tests/conftest.py`` turns it into fixtures. Run it as a
script (``.venv/bin/python tests/pg_cluster.py``) for a server to try things on by hand: it prints
a connection string and removes the cluster on Ctrl-C. A program that loads it from its file must
put it in ``sys.modules`` before running it, as ``tests/conftest.py`` does (dataclasses need that).
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

__all__ = ["Cluster", "PostgresMissing", "find_bindir", "start_cluster"]

SUPERUSER = "fatekit"
DATABASE = "fatekit"
PORT = 5432  # only names the socket file; the socket sits in the cluster's private directory


class PostgresMissing(RuntimeError):
    """The PostgreSQL server binaries are not installed."""


def find_bindir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (the newest Debian version), or None."""
    named = os.environ.get("FATEKIT_PG_BINDIR")
    if named:
        return Path(named) if (Path(named) / "initdb").exists() else None
    versions = []
    for bindir in Path("/usr/lib/postgresql").glob("*/bin"):
        if (bindir / "initdb").exists() and re.fullmatch(r"\d+(\.\d+)?", bindir.parent.name):
            versions.append((float(bindir.parent.name), bindir))
    if versions:
        return max(versions)[1]
    found = shutil.which("initdb")
    return Path(found).parent if found else None


@dataclass
class Cluster:
    """A running throwaway cluster: its directory, binaries and the user it runs as."""

    root: Path
    bindir: Path
    run_as: str | None  # None: the current user
    durable: bool = False  # fsync and full page writes on, as in production

    @property
    def data_dir(self) -> Path:
        return self.root / "data"

    @property
    def log_file(self) -> Path:
        return self.root / "server.log"

    def dsn(self, dbname: str = DATABASE, **options: str) -> str:
        """A libpq connection string for a database of this cluster."""
        parts = {"host": str(self.root), "port": str(PORT), "user": SUPERUSER, "dbname": dbname}
        parts.update(options)
        return " ".join(f"{k}='{_quote(v)}'" for k, v in parts.items())

    def url(self, dbname: str = DATABASE) -> str:
        """A ``postgresql://`` URL for a database of this cluster (``fatekit serve --db``)."""
        return f"postgresql://{SUPERUSER}@/{dbname}?host={quote(str(self.root))}&port={PORT}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(
            command,
            cwd=self.root,  # the server user may not be allowed into the caller's directory
            env={**os.environ, "LC_ALL": "C"},
            capture_output=True,
            text=True,
            timeout=60,
        )
        if done.returncode != 0:
            log = (
                self.log_file.read_text(errors="replace")[-2000:] if self.log_file.exists() else ""
            )
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}"
            )
        return done

    def start(self) -> None:
        """Start the server (again) and wait until it accepts connections."""
        safety = "on" if self.durable else "off"
        options = (
            f"-k {self.root} -p {PORT} -c listen_addresses='' -c fsync={safety} "
            f"-c full_page_writes={safety} -c max_connections=200"
        )
        self._run("pg_ctl", "start", "-w", "-t", "60", "-D", str(self.data_dir), "-l",
                  str(self.log_file), "-o", options)  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` ends sessions cleanly, ``immediate`` is a crash."""
        self._run("pg_ctl", "stop", "-w", "-D", str(self.data_dir), "-m", mode)

    def destroy(self) -> None:
        """Stop the server if it runs and delete the cluster's directory."""
        try:
            if (self.data_dir / "postmaster.pid").exists():
                self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "\\'")


def _server_user() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and there is neither a postgres nor a nobody user")


def start_cluster(*, durable: bool = False) -> Cluster:
    """Create, start and return a cluster with an empty UTF-8 database ``fatekit`` (``durable``:
    syncing its commits to the disk, for figures that mean something).

    Raises :class:`PostgresMissing` when the binaries are not installed, and RuntimeError when
    they are but the server will not start (with the server's log).
    """
    bindir = find_bindir()
    if bindir is None:
        raise PostgresMissing(
            "the PostgreSQL server is not installed (no initdb under /usr/lib/postgresql/*/bin "
            "nor on PATH; apt-get install postgresql, or set FATEKIT_PG_BINDIR)"
        )
    run_as = _server_user()
    # Under root, /tmp rather than $TMPDIR: the server user must be able to reach the directory.
    root = Path(tempfile.mkdtemp(prefix="fatekit-pg-", dir="/tmp" if run_as else None))
    cluster = Cluster(root, bindir, run_as, durable)
    try:
        if run_as is not None:
            entry = pwd.getpwnam(run_as)
            os.chown(root, entry.pw_uid, entry.pw_gid)
        cluster._run("initdb", "-D", str(cluster.data_dir), "-U", SUPERUSER, "-A", "trust",
                     "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        cluster.start()
        _create_database(cluster)
    except BaseException:
        cluster.destroy()
        raise
    return cluster


def _create_database(cluster: Cluster) -> None:
    import psycopg  # the adapter's driver; imported late so that finding binaries needs nothing

    with psycopg.connect(cluster.dsn("postgres"), autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE \"{DATABASE}\" ENCODING 'UTF8' TEMPLATE template0")


if __name__ == "__main__":
    running = start_cluster()
    stop_on = {signal.SIGINT, signal.SIGTERM}
    # Blocked so that sigwait, not a handler, takes them; only now, so the server does not inherit
    # the mask.
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_on)
    try:
        print(running.dsn(), flush=True)
        signal.sigwait(stop_on)
    finally:
        running.destroy()
