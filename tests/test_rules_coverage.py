"""The rules-coverage document is complete and current."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rules_coverage", ROOT / "tools" / "rules_coverage.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rules_coverage"] = module
    spec.loader.exec_module(module)
    return module


def test_every_rule_has_a_test() -> None:
    tool = _tool()
    tests = tool.marked_tests()
    untested = [key for key, *_ in tool.load_rules() if not tests.get(key)]
    assert untested == [], f"rules with no test marked @pytest.mark.rule(...): {untested}"


def test_every_mark_names_a_declared_rule() -> None:
    tool = _tool()
    declared = {key for key, *_ in tool.load_rules()}
    unknown = sorted(set(tool.marked_tests()) - declared)
    assert unknown == [], f"tests mark rules that the engine does not declare: {unknown}"


def test_document_is_current() -> None:
    tool = _tool()
    doc = ROOT / "docs" / "rules-coverage.md"
    assert doc.read_text(encoding="utf-8") == tool.render(), "run `make docs` to regenerate it"
