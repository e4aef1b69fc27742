"""The README's examples work as written: console blocks give the output shown, Python runs."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
CONSOLE = re.findall(r"```console\n(.*?)```", README, re.S)
PYTHON = re.findall(r"```python\n(.*?)```", README, re.S)


def _sessions() -> list[tuple[str, str]]:
    """Each ``$ command`` in a console block with the lines printed after it."""
    pairs = []
    for block in CONSOLE:
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            pairs.append((command, output.strip()))
    return pairs


@pytest.mark.parametrize(("command", "expected"), _sessions())
def test_console_example(command: str, expected: str) -> None:
    args = shlex.split(command)
    assert args[0] == ".venv/bin/fatekit"
    result = subprocess.run(
        [sys.executable, "-m", "fatekit", *args[1:]], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


@pytest.mark.parametrize("source", PYTHON)
def test_python_example(source: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(source, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    for comment in re.findall(r"print\(.*\)\s+# (.+)", source):
        assert comment.strip() in printed


def test_readme_shows_the_two_commands_first() -> None:
    first_block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert first_block is not None
    assert "make run" in first_block.group(1) and "make test" in first_block.group(1)
    assert README.index("make run") < README.index("## What fatekit is")


def test_what_make_run_prints_is_what_the_readme_shows(tmp_path: Path) -> None:
    # `make run` is `fatekit serve` on $FATEKIT_DATA/fatekit.db: run on a free port instead of
    # 8000, its first start prints what the README shows, the port, id and link aside.
    shown = re.search(r"The first time.*?```text\n(.*?)```", README, re.S)
    assert shown is not None
    process = subprocess.Popen(
        [sys.executable, "-m", "fatekit", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "FATEKIT_DATA": "data"},
    )
    printed: list[str] = []
    try:
        assert process.stdout is not None
        for line in process.stdout:
            printed.append(line.rstrip("\n"))
            if line.lstrip().startswith("try: curl"):
                break
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)  # a loaded machine may take a while to stop
    text = "\n".join(printed)
    port = re.search(r"serving at http://127\.0\.0\.1:(\d+)/", text)
    link = re.search(r"GM link \(keep it secret\): (\S+)", text)
    assert port is not None and link is not None, text
    table = link.group(1).rpartition(".")[0]
    text = (
        text.replace(f":{port.group(1)}/", ":8000/")
        .replace(link.group(1), "Qx3....k8F...")
        .replace(table, "Qx3...")
    )
    assert text == shown.group(1).rstrip("\n")
