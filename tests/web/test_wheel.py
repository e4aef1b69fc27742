"""The package as pip installs it: a wheel built from the checkout holds every file the page
needs, and a server running from that wheel alone serves the page's bundle, which holds every
module the page imports (its source map names them all, and serves each), and the modules
themselves."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from tests.server.process import start

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "fatekit"
# What a module of the page names: static imports and re-exports, and dynamic imports.
IMPORTED = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']""")
LINKED = re.compile(r'(?:src|href)="(/[^"#?]+)"')


def _data_files() -> set[str]:
    # Every file of the package that is not Python: the page, catalogs, rule sets, py.typed.
    return {
        str(path.relative_to(ROOT))
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    }


def _get(url: str) -> tuple[int, str]:
    # As a browser asks: the server answers "/" with the page only to those that accept HTML.
    asked = urllib.request.Request(url, headers={"Accept": "text/html,*/*"})
    with urllib.request.urlopen(asked, timeout=10) as answer:
        return answer.status, answer.read().decode("utf-8", "replace")


def test_a_built_wheel_serves_every_module_the_page_imports(tmp_path: Path) -> None:
    built = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(built), str(ROOT)],
        check=True,
        capture_output=True,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    (wheel,) = built.glob("fatekit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "site")
    assert _data_files() <= names, sorted(_data_files() - names)

    # The server from the unpacked wheel, not the checkout: it comes first on the path.
    served = start(
        tmp_path / "table.db",
        "--no-table",
        env={"PYTHONPATH": str(tmp_path / "site")},
        cwd=tmp_path,  # not the checkout, which python -m would import from first
    )
    try:
        status, page = _get(served.base + "/")
        assert status == 200
        located = subprocess.run(
            [sys.executable, "-c", "import fatekit; print(fatekit.__file__)"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONPATH": str(tmp_path / "site")},
            cwd=tmp_path,
        ).stdout.strip()
        assert located.startswith(str(tmp_path / "site")), located
        linked = [urljoin(served.base + "/", link) for link in LINKED.findall(page)]
        assert [url for url in linked if "/web/bundle/app." in url]
        # The modules too (what a checkout with a stale bundle runs, and the map's sources).
        waiting = [*linked, served.base + "/web/js/app.js"]
        seen: set[str] = set()
        while waiting:
            url = waiting.pop()
            if url in seen:
                continue
            seen.add(url)
            status, text = _get(url)
            assert status == 200, url
            if url.endswith(".js"):
                waiting.extend(urljoin(url, name) for name in IMPORTED.findall(text))
        modules = {"fatekit" + urlsplit(url).path for url in seen if "/web/js/" in url}
        on_disk = {p for p in _data_files() if p.startswith("fatekit/web/js/")}
        # Every module in the checkout is reached from the page (none is left behind unused).
        assert modules == on_disk, sorted(modules ^ on_disk)
        # The bundle the page runs (its entry and the chunk it imports) holds every one of
        # them: its maps, served from the wheel, name each as a source.
        sources: set[str] = set()
        for url in seen:
            if "/web/bundle/" in url and url.endswith(".js"):
                _, code = _get(url)
                (mapped,) = re.findall(r"^//# sourceMappingURL=(\S+)$", code, re.MULTILINE)
                status, text = _get(urljoin(url, mapped))
                assert status == 200
                where = urljoin(url, mapped)
                sources |= {urljoin(where, s) for s in json.loads(text)["sources"]}
        assert any("/web/bundle/chunk-" in url for url in seen), sorted(seen)
        assert {"fatekit" + urlsplit(url).path for url in sources} == on_disk
    finally:
        served.stop()
