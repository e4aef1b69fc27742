"""Fixtures shared by every test directory: a real PostgreSQL server for the tests that need one.

``postgres`` starts one throwaway cluster per test session (``tests/pg_cluster.py``) and removes
it at the end; ``postgres_dsn`` gives each test a schema of its own in that cluster's database.
Where the server binaries are missing the PostgreSQL tests skip and the run says why, except
under CI (``CI=true``), where a missing server fails them: CI installs it (``.ci/run``).
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run and every machine (a fixed seed per test,
# no example database), so a property that fails fails every time, never only sometimes. No
# deadline: an example slower than 200 ms on a loaded machine is not a failure (tests check
# behaviour, never wall-clock time), and the deadline made a countdown property fail under load.
settings.register_profile("fatekit", derandomize=True, database=None, deadline=None)
settings.load_profile("fatekit")


def _load(name: str) -> ModuleType:
    # The tests are not a package (pytest runs with --import-mode=importlib): load from the file.
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


pg_cluster = _load("pg_cluster")
rule_checks = _load("rule_checks")
fold_check = _load("fold_check")
shared_folder = _load("shared_folder")


@pytest.fixture(autouse=True, scope="session")
def _every_command_folds_as_decided() -> Iterator[None]:
    """Every command any test decides must fold again, from what its events recorded, to the
    table the rules left (``tests/fold_check.py``)."""
    # The module, not the function fatekit.table exports under the same name.
    handling = importlib.import_module("fatekit.table.handle")
    handling.FOLD_CHECK = fold_check.check_fold
    try:
        yield
    finally:
        handling.FOLD_CHECK = None


#: The folder xdist's workers share (tests/shared_folder.py: the page agent's evenings, the
#: table agent's parts).
SHARED = shared_folder.VARIABLE

_skipped_for: list[str] = []  # why the PostgreSQL tests were skipped, for the closing summary
_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Any]:
    """A running throwaway PostgreSQL cluster (a ``pg_cluster.Cluster``)."""
    try:
        cluster = pg_cluster.start_cluster()
    except pg_cluster.PostgresMissing as missing:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"CI must run the PostgreSQL tests, but {missing}", pytrace=False)
        _skipped_for.append(str(missing))
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    try:
        yield cluster
    finally:
        cluster.destroy()


@pytest.fixture
def postgres_dsn(postgres: Any) -> str:
    """A connection string whose ``search_path`` is a new, empty schema, for this test alone."""
    import psycopg

    schema = f"test_{next(_schemas)}"
    with psycopg.connect(postgres.dsn(), autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return str(postgres.dsn(options=f"-c search_path={schema}"))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _skipped_for:
        terminalreporter.write_line(f"PostgreSQL tests skipped: {_skipped_for[0]}", yellow=True)
    from tests.web.agent.coverage import recorded, report

    seeds, sent, paths = recorded()
    if seeds:
        terminalreporter.write_sep("-", f"page agent: {len(seeds)} evenings")
        terminalreporter.write_line(report(sent, paths))


def pytest_configure(config: pytest.Config) -> None:
    """A folder for the page agent's evenings (tests/web/agent/coverage.py) and the table
    agent's parts to write what they reached; made once, by the controller, before its xdist workers start."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        import tempfile

        os.environ[SHARED] = tempfile.mkdtemp(prefix="fatekit-page-agent-")


def pytest_unconfigure(config: pytest.Config) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ and os.environ.get(SHARED):
        import shutil

        shutil.rmtree(os.environ.pop(SHARED), ignore_errors=True)
