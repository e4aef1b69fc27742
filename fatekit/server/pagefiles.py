"""The page's own files as the server sends them: bundled, named by their contents, kept by caches.

A phone's first visit is mostly waiting: 300 ms a round trip, and HTTP/1.1's six connections a
host. The page's ES modules (``fatekit/web/js``) therefore go out as one file, the bundle
``fatekit/web/bundle/app.js`` (and the chunk it imports) that esbuild makes from them (``make bundle``,
``tools/page_bundle.py``; committed like the generated docs, so a server needs no Node.js), with
its source map beside it for debugging. The bundle's first line names the digest of the sources
it was made from: a checkout whose modules changed since (a bundle not yet made again) is served
its modules themselves, each named up front with ``modulepreload``, never a stale bundle; the tests
and ``make typecheck`` refuse such a checkout.

The page at ``/`` (:meth:`PageFiles.release`) names its script and style by their contents
(``/web/bundle/app.<digest>.js``, ``/web/style.<digest>.css``; esbuild names the chunk by its
contents itself): :class:`KeptFiles` serves such a
name as the file it stands for, cached for a year and never asked again while its digest is
current (a name whose digest is not — an old page after an upgrade — gets today's file, asked
again each time, so no cache keeps it under the old name). Every other file of the page (the
catalogs, the manifest, icons) and the page itself are asked again each time (``no-cache``: a
304 when unchanged), so no browser keeps an old one by guesswork. (The catalogs are not
preloaded: measured on bench_start, the bundle alone first and the catalog beside the seat's
first requests is sooner to a live table than both sharing a phone's bandwidth at once.)

The service worker (``/sw.js``) keeps exactly the files of the current release (:attr:`Release.kept`)
under its version; a new release is a new worker, which the page offers to reload into.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

__all__ = [
    "BUNDLE",
    "I18N_DIR",
    "IMMUTABLE",
    "LANGUAGES",
    "WEB_DIR",
    "KeptFiles",
    "PageFiles",
    "Release",
    "bundle_head",
    "sources_digest",
]

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
I18N_DIR = Path(__file__).resolve().parent.parent / "i18n"
#: The languages the page speaks; the first is the fallback.
LANGUAGES = ("en", "ru", "it", "sv")
#: The bundle, under the page's folder.
BUNDLE = "bundle/app.js"

#: Cache headers: a content-named file never changes; everything else is asked again each time.
IMMUTABLE = "public, max-age=31536000, immutable"
ASK_AGAIN = "no-cache"

# A content name: the file's own name with 16 hex digits of its digest before the extension.
_NAMED = re.compile(r"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{16})(?P<ext>\.(?:js|css))$")
# A chunk of the bundle, named by esbuild from its contents.
_CHUNK = re.compile(r"^/bundle/chunk-[A-Z0-9]{8}\.js$")
# What index.html names by plain address, named by content in the page the server sends.
_NAMED_IN_PAGE = (
    '  <link rel="stylesheet" href="/web/style.css">\n',
    '  <script type="module" src="/web/js/app.js"></script>\n',
)
_HEAD = re.compile(rb"^/\* fatekit page bundle of sources ([0-9a-f]{64}) \*/")


def sources_digest(js_dir: Path) -> str:
    """The digest of the page's modules (their paths and contents) that a bundle is made from."""
    digest = hashlib.sha256()
    for path in sorted(js_dir.rglob("*.js")):
        digest.update(path.relative_to(js_dir).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def bundle_head(digest: str) -> str:
    """The bundle's first line: the digest of the sources it was made from."""
    return f"/* fatekit page bundle of sources {digest} */"


def _named(url: str, data: bytes) -> str:
    stem, dot, ext = url.rpartition(".")
    return f"{stem}.{hashlib.sha256(data).hexdigest()[:16]}{dot}{ext}"


@dataclass(frozen=True)
class Release:
    """The page's files as they are on disk now."""

    #: Whether the page runs the bundle (else its modules, the bundle being stale or absent).
    bundled: bool
    #: Each content-named file's plain address and its digest (16 hex digits).
    digests: dict[str, str]
    #: The page's head additions: its style, its script, what it will want next.
    head: str
    #: What the service worker keeps: the page (``/``) and every file it loads.
    kept: tuple[str, ...]
    #: Changes with any kept file and with the policy they were served under.
    version: str


class PageFiles:
    """The current :class:`Release` of the page's files, read again when one of them changes."""

    def __init__(
        self, web_dir: Path = WEB_DIR, i18n_dir: Path = I18N_DIR, policy: str = ""
    ) -> None:
        self.web_dir = web_dir
        self.i18n_dir = i18n_dir
        self._policy = policy
        self._seen: tuple[tuple[str, int, int], ...] = ()
        self._release: Release | None = None

    def _files(self) -> list[tuple[str, Path]]:
        found = [
            (f"/web/{path.relative_to(self.web_dir).as_posix()}", path)
            for path in sorted(self.web_dir.rglob("*"))
            # Not hidden ones, nor a bundle being made (tools/page_bundle.py's ".bundle-..." folder).
            if path.is_file()
            and not any(part.startswith(".") for part in path.relative_to(self.web_dir).parts)
        ]
        found += [(f"/i18n/{path.name}", path) for path in sorted(self.i18n_dir.glob("*.json"))]
        return found

    def release(self) -> Release:
        """The release on disk now (the files are looked at, and read again only if changed)."""
        files = self._files()
        stats = tuple((url, p.stat().st_size, p.stat().st_mtime_ns) for url, p in files)
        if self._release is None or stats != self._seen:
            self._release, self._seen = self._read(files), stats
        return self._release

    def last(self) -> Release:
        """The release last looked at (a file's request need not look at the whole folder)."""
        return self._release or self.release()

    def page(self) -> str:
        """The page's HTML, its script and style named by their contents."""
        release = self.release()
        page = (self.web_dir / "index.html").read_text(encoding="utf-8")
        for line in _NAMED_IN_PAGE:
            if line not in page:  # the page's file changed shape: say so, never serve it twice
                raise RuntimeError(f"fatekit/web/index.html no longer has {line.strip()}")
            page = page.replace(line, "")
        return page.replace("</head>", release.head + "</head>", 1)

    def _read(self, files: list[tuple[str, Path]]) -> Release:
        js = self.web_dir / "js"
        bundle = self.web_dir / BUNDLE
        found = _HEAD.match(bundle.read_bytes()[:200]) if bundle.is_file() else None
        bundled = found is not None and found.group(1).decode() == sources_digest(js)
        script = f"/web/{BUNDLE}" if bundled else "/web/js/app.js"
        by_url = dict(files)
        named = {url: _named(url, by_url[url].read_bytes()) for url in ("/web/style.css", script)}
        digests = {url: name.rsplit(".", 2)[1] for url, name in named.items()}
        style, entry = named["/web/style.css"], named[script]
        head = f'  <link rel="stylesheet" href="{style}">\n'
        head += f'  <script type="module" src="{entry}"></script>\n'
        kept = ["/", style, entry]
        for url, _ in files:
            if url in digests or url.endswith((".map", "/index.html", "/sw.js")):
                continue
            if url.startswith("/web/js/") and bundled:
                continue  # inside the bundle
            chunk = bool(_CHUNK.match(url.removeprefix("/web")))
            if url.startswith(f"/web/{BUNDLE.partition('/')[0]}/") and not (chunk and bundled):
                continue  # the store's own entry (for tests), or a bundle the page does not run
            if url.startswith("/web/js/") or chunk:
                # Each module the entry imports, named up front: fetched beside it, not after.
                head += f'  <link rel="modulepreload" href="{url}">\n'
            kept.append(url)
        digest = hashlib.sha256(self._policy.encode() + b"\0" + head.encode() + b"\0")
        for url in kept[1:]:
            if url in by_url:
                digest.update(url.encode() + b"\0" + by_url[url].read_bytes() + b"\0")
        digest.update((self.web_dir / "index.html").read_bytes())
        return Release(bundled, digests, head, tuple(kept), digest.hexdigest()[:16])


class KeptFiles:
    """A folder of the page's files (a :class:`StaticFiles`), content names resolved and every
    answer's cache header set (see the module's description)."""

    def __init__(self, directory: Path, prefix: str, pages: PageFiles) -> None:
        self.files = StaticFiles(directory=directory)
        self.prefix = prefix
        self.pages = pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        cache = ASK_AGAIN
        path = str(scope["path"])
        if found := _NAMED.match(path):
            plain = found["stem"] + found["ext"]
            scope = {**scope, "path": plain, "raw_path": plain.encode()}
            if (
                self.pages.last().digests.get(self.prefix + _inside(plain, self.prefix))
                == found["digest"]
            ):
                cache = IMMUTABLE
        elif self.prefix == "/web" and _CHUNK.match(_inside(path, self.prefix)):
            cache = IMMUTABLE  # esbuild names a chunk by its contents

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] in (200, 304):
                kept = [(k, v) for k, v in message.get("headers", []) if k != b"cache-control"]
                message["headers"] = [*kept, (b"cache-control", cache.encode())]
            await send(message)

        await self.files(scope, receive, headed)


def _inside(path: str, prefix: str) -> str:
    # A mounted app sees the whole path (its mount point in root_path) or only its own part.
    return path[len(prefix) :] if path.startswith(prefix + "/") else path
