"""Tables recorded by earlier releases fold the same when today's rules are made stricter on
purpose (issue 37, items 1 and 4): the fold assigns what each event recorded and asks no rule of
play, so no later release can refuse or change a move already made.

Every check of :mod:`fatekit.rules` (``tests/rule_checks.py`` finds them in the source: each
function that calls ``refuse`` or ``require`` or raises ``IllegalAction``) is made to refuse
everything, and every golden table (``*.json`` here), older log (``tests/table/old_logs``) and
release's evening (``tests/golden_releases``, once kept) must still import and fold to the very
table it folds to under today's rules, and read the same for every seat once the rules are back. Folding them with the checks traced, none may run.
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

import pytest
import rule_checks
from fastapi.testclient import TestClient

from fatekit.table.export import import_table
from fatekit.table.snapshot import state_to_data

from .test_golden_tables import FILES, client, reads_the_same

__all__ = ["client"]

TESTS = Path(__file__).resolve().parent.parent
OLD_LOGS = TESTS / "table" / "old_logs"
#: The evenings the page agent played on earlier releases (issue 37 item 3), once they are kept.
RELEASES = sorted((TESTS / "golden_releases").glob("*/evening-*.json.xz"))
TABLES = [*FILES, *sorted(OLD_LOGS.glob("*.json")), *RELEASES]


def exported(path: Path) -> dict[str, Any]:
    """The table file a golden table, an older log or a release's evening holds."""
    if path.suffix == ".xz":
        recorded = json.loads(lzma.decompress(path.read_bytes()).decode("utf-8"))
    else:
        recorded = json.loads(path.read_text(encoding="utf-8"))
    table = recorded.get("export", recorded.get("table"))
    assert isinstance(table, dict), path
    return table


@pytest.mark.parametrize(
    "path",
    TABLES,
    ids=[f"{path.parent.name}-{path.stem}" if path in RELEASES else path.stem for path in TABLES],
)
def test_a_recorded_table_folds_the_same_under_stricter_rules(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = exported(path)
    today = state_to_data(import_table(table).state)
    assert rule_checks.stricter_rules(monkeypatch) > 100
    under_stricter = state_to_data(import_table(table).state)
    assert under_stricter == today


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_golden_table_imported_under_stricter_rules_reads_the_same(
    path: Path, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Imported (and so folded) by the server while every rule refuses everything; read, and
    # played on with a note, once the rules are back.
    rule_checks.stricter_rules(monkeypatch)
    imported = client.post("/tables/import", json=exported(path))
    assert imported.status_code == 201, imported.text
    monkeypatch.undo()
    reads_the_same(path, client)


@pytest.mark.parametrize(
    "path",
    TABLES,
    ids=[f"{path.parent.name}-{path.stem}" if path in RELEASES else path.stem for path in TABLES],
)
def test_no_check_of_the_rules_runs_while_a_recorded_table_folds(path: Path) -> None:
    table = exported(path)
    with rule_checks.no_check_runs() as called:
        import_table(table)
    assert not called, f"{path.name} ran checks of the rules as it folded: {sorted(set(called))}"
