"""docs/odds.md and docs/gm.md show real output: their console examples are run and compared as
written."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from fatekit.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOC = "\n".join((ROOT / "docs" / name).read_text(encoding="utf-8") for name in ("odds.md", "gm.md"))


def examples() -> list[tuple[str, str]]:
    """Each ``$ fatekit ...`` command in a console block, with the output shown under it."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", DOC, flags=re.S):
        for part in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = part.partition("\n")
            found.append((command, output))
    return found


@pytest.mark.parametrize(("command", "output"), examples(), ids=[c for c, _ in examples()])
def test_console_examples_print_what_the_doc_shows(
    command: str, output: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "120")
    args = shlex.split(command)
    assert args[0] == "fatekit"
    assert main(args[1:]) == 0
    printed = capsys.readouterr().out
    lines = [line.rstrip() for line in printed.splitlines()]
    expected = [line.rstrip() for line in output.rstrip("\n").splitlines()]
    if "..." in expected:  # an elided example shows only its last lines
        expected = expected[expected.index("...") + 1 :]
        lines = lines[-len(expected) :]
    assert lines == expected


def test_the_plot_and_the_example_scenario_are_there() -> None:
    for picture in ("odds-ladder.png", "gm-foresight.png", "gm-foresight-plot.png"):
        assert (ROOT / "docs" / picture).read_bytes()[:4] == b"\x89PNG"
    assert len(examples()) >= 6
