"""The rules-coverage document is complete and current."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

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


def test_every_survey_names_declared_rules() -> None:
    tool = _tool()
    declared = {key for key, *_ in tool.load_rules()}
    from fatekit.rules.books import BOOKS

    unknown = {b.name: sorted(b.rule_keys() - declared) for b in BOOKS if b.rule_keys() - declared}
    assert unknown == {}, f"surveys name rules the engine does not declare: {unknown}"


def test_the_surveys_follow_the_books() -> None:
    """Each section a survey names is one of its book's headings, and every heading down to the
    survey's depth is surveyed (when the books are at hand: shared/rules/srd)."""
    tool = _tool()
    folder = tool.texts_folder()
    if folder is None:
        pytest.skip("the rules texts (shared/rules) are not at hand")
    assert tool.all_survey_problems(folder) == []


def test_a_survey_check_finds_a_heading_left_out(tmp_path: Path) -> None:
    """The check itself: a book with a heading the survey does not name is reported."""
    tool = _tool()
    from fatekit.rules.books.survey import Book, left, played

    book = Book("x.md", "X", (played("One", "ladder"), left("Two", "advice")), depth=2)
    text = "# One\n## One a\n# Two\n## Two a\n# Three\n"
    assert tool.survey_problems(book, text) == [
        "X: heading 'One > One a' is not surveyed",
        "X: heading 'Three' is not surveyed",
    ]
