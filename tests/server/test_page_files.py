"""The page's files as the server sends them (fatekit.server.pagefiles, fatekit.server.compression):
the committed bundle is made from the modules as they are, the page names its files by content,
those names are cached for good and everything else asked again, the public answers are
compressed and a table's never, and a checkout whose bundle is stale is served its modules."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.server.headers import PAGE_POLICY
from fatekit.server.pagefiles import (
    BUNDLE,
    IMMUTABLE,
    WEB_DIR,
    PageFiles,
    bundle_head,
    sources_digest,
)
from fatekit.store.memory import MemoryEventStore

from .conftest import make_api  # type: ignore[import-not-found]

HTML = {"accept": "text/html"}
SCRIPT = re.compile(r'<script type="module" src="([^"]+)"></script>')
STYLE = re.compile(r'<link rel="stylesheet" href="([^"]+)">')


def _app(pages: PageFiles | None = None) -> TestClient:
    return TestClient(create_app(MemoryEventStore(), pages=pages))


def test_the_committed_bundle_is_made_from_the_modules_as_they_are() -> None:
    """``make bundle`` was run after the last change to a module (``make typecheck`` also checks
    that esbuild makes the same bytes); the bundle holds every module, its map their sources."""
    bundle = (WEB_DIR / BUNDLE).read_text(encoding="utf-8")
    assert bundle.startswith(bundle_head(sources_digest(WEB_DIR / "js")) + "\n"), (
        "the page's bundle is stale: run `make bundle`"
    )
    folder = (WEB_DIR / BUNDLE).parent
    sources = set()
    for script in folder.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert text.endswith(f"\n//# sourceMappingURL=/web/bundle/{script.name}.map\n")
        mapped = json.loads((folder / f"{script.name}.map").read_text(encoding="utf-8"))
        sources |= {(folder / s).resolve() for s in mapped["sources"]}
        assert all(mapped["sourcesContent"])
    assert sources == {p.resolve() for p in (WEB_DIR / "js").rglob("*.js")}
    assert PageFiles().release().bundled


def test_the_page_names_its_files_by_content_and_each_is_cached_accordingly() -> None:
    with _app() as client:
        page = client.get("/", headers=HTML)
        assert page.headers["cache-control"] == "no-cache"
        (script,) = SCRIPT.findall(page.text)
        (style,) = STYLE.findall(page.text)
        assert re.fullmatch(r"/web/bundle/app\.[0-9a-f]{16}\.js", script), script
        assert re.fullmatch(r"/web/style\.[0-9a-f]{16}\.css", style), style
        # The bundle holds every module; the chunk its entry imports is named up front.
        (chunk,) = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page.text)
        assert re.fullmatch(r"/web/bundle/chunk-[A-Z0-9]{8}\.js", chunk), chunk
        assert f'from"./{chunk.rpartition("/")[2]}"' in client.get(script).text
        assert client.get(chunk).headers["cache-control"] == IMMUTABLE

        # A content name: the file itself, kept for a year; it never changes under that name.
        named = client.get(script)
        assert named.status_code == 200
        assert named.headers["cache-control"] == IMMUTABLE
        assert named.content == (WEB_DIR / BUNDLE).read_bytes()
        assert named.headers["content-type"].startswith("text/javascript")
        assert client.get(style).headers["cache-control"] == IMMUTABLE
        again = client.get(script, headers={"if-none-match": named.headers["etag"]})
        assert again.status_code == 304 and again.headers["cache-control"] == IMMUTABLE
        # A name whose digest is not the current one (an old page after an upgrade): today's
        # file, asked again next time, so no cache keeps it under the old name.
        old = client.get(re.sub(r"\.[0-9a-f]{16}\.", ".0123456789abcdef.", script))
        assert old.status_code == 200 and old.content == named.content
        assert old.headers["cache-control"] == "no-cache"
        # Everything else is asked again each time (a 304 when unchanged).
        for plain in ("/web/style.css", "/i18n/sv.json", "/web/manifest.webmanifest"):
            answer = client.get(plain)
            assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
        assert client.get(f"/web/{BUNDLE}.map").headers["cache-control"] == "no-cache"
        assert client.get("/web/nosuch.0123456789abcdef.js").status_code == 404


def test_the_worker_keeps_the_page_and_the_files_it_loads_and_nothing_else() -> None:
    with _app() as client:
        page = client.get("/", headers=HTML).text
        worker = client.get("/sw.js")
        assert worker.headers["cache-control"] == "no-cache"
        files = json.loads(re.search(r"const FILES = (.*);", worker.text)[1])  # type: ignore[index]
        assert files[:3] == ["/", *STYLE.findall(page), *SCRIPT.findall(page)]
        chunks = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
        assert chunks and set(chunks) <= set(files)
        assert {"/i18n/en.json", "/i18n/ru.json", "/web/manifest.webmanifest"} <= set(files)
        assert "/web/icons/icon-512.png" in files
        # Not the modules (they are in the bundle), the map, the raw page or the worker.
        assert not [f for f in files if f.startswith("/web/js/") or f.endswith((".map", "sw.js"))]
        assert "/web/index.html" not in files and f"/web/{BUNDLE}" not in files
        assert "/web/bundle/store.js" not in files  # the store's own entry: for the tests


def test_the_public_answers_are_compressed_and_a_tables_never() -> None:
    zipped = {"accept-encoding": "gzip"}
    api = make_api()
    with api.client as client:
        gm = api.table()
        for _ in range(4):
            gm.send("Note", text="Only the GM knows the captain is a smuggler.", visibility="gm")
        page = client.get("/", headers={**HTML, **zipped})
        assert page.headers["content-encoding"] == "gzip"
        (script,) = SCRIPT.findall(page.text)
        public = (script, "/i18n/en.json", "/sw.js", "/rules/presets/condensed", "/openapi.json")
        for path in public:
            answer = client.get(path, headers=zipped)
            assert answer.headers.get("content-encoding") == "gzip", path
            assert "accept-encoding" in answer.headers["vary"].lower(), path
        with client.stream("GET", script, headers=zipped) as bundle:
            wire = b"".join(bundle.iter_raw())
            assert bundle.headers["cache-control"] == IMMUTABLE
        # What goes over the wire: real gzip, under a third of the bundle's bytes.
        assert gzip.decompress(wire) == (WEB_DIR / BUNDLE).read_bytes()
        assert len(wire) < len((WEB_DIR / BUNDLE).read_bytes()) / 3
        # A picture is already compressed; a table's answers (links, what a seat may see, next
        # to text others wrote) never are, whatever the client accepts (BREACH).
        # Not for a client that does not ask for it.
        plain = client.get("/i18n/en.json", headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        icon = client.get("/web/icons/icon-512.png", headers=zipped)
        assert icon.status_code == 200 and "content-encoding" not in icon.headers
        for path in ("/state", "/export"):
            answer = client.get(f"/tables/{gm.table_id}{path}", headers={**gm.headers, **zipped})
            assert answer.status_code == 200 and len(answer.content) > 500, path
            assert "content-encoding" not in answer.headers, path
        joined = client.get("/join", headers={**gm.headers, **zipped})
        assert "content-encoding" not in joined.headers


def test_a_stale_bundle_is_never_served_the_modules_are(tmp_path: Path) -> None:
    """A checkout whose modules changed after the bundle was made (``make bundle`` not yet run):
    the page runs its modules, each named up front, and the worker keeps them."""
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    fresh = PageFiles(web, policy=PAGE_POLICY)
    kept = fresh.release()
    assert kept.bundled
    module = web / "js" / "lib" / "dom.js"
    module.write_text(module.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    stale = fresh.release()
    assert not stale.bundled and stale.version != kept.version
    with _app(fresh) as client:
        page = client.get("/", headers=HTML).text
        (script,) = SCRIPT.findall(page)
        assert re.fullmatch(r"/web/js/app\.[0-9a-f]{16}\.js", script), script
        preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', page))
        modules = {f"/web/{p.relative_to(web).as_posix()}" for p in (web / "js").rglob("*.js")}
        assert preloaded == modules - {"/web/js/app.js"}
        entry = client.get(script)
        assert entry.headers["cache-control"] == IMMUTABLE
        assert entry.content == (web / "js" / "app.js").read_bytes()
        assert client.get("/web/js/lib/dom.js").content.endswith(b"// changed\n")
        files = json.loads(re.search(r"const FILES = (.*);", client.get("/sw.js").text)[1])  # type: ignore[index]
        assert preloaded <= set(files) and f"/web/{BUNDLE}" not in files
