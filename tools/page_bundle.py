"""Make the page's bundle (``fatekit/web/bundle/``: ``app.js``, its chunk, source maps) from its modules.

esbuild (from package-lock.json) bundles ``fatekit/web/js/app.js`` and every module it imports
into minified ES modules, with source maps holding the sources for the browser's debugger: the
entry ``app.js``, the code it shares with the store's own entry ``store.js`` in a chunk named by
its contents (``chunk-<hash>.js``), which the page preloads beside the entry.
The bundle's first line names the digest of the sources (``fatekit.server.pagefiles``), which
the server compares with the modules it has: a bundle not made again after a module changed is
never served. ``make bundle`` (and ``make docs``) writes it; ``--check`` (run by
``make typecheck``) fails when the committed bundle is not what esbuild makes now.

    python tools/page_bundle.py [--check]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fatekit.server.pagefiles import BUNDLE, WEB_DIR, bundle_head, sources_digest  # noqa: E402

ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
OUT = WEB_DIR / BUNDLE
#: The page's entry, and its store: a module of its own (the code both share goes in a chunk),
#: so that a browser test importing ``/web/bundle/store.js`` reads the running page's store.
ENTRIES = ("app.js", "store.js")


def build(folder: Path) -> dict[str, bytes]:
    """The bundle's files (each by name: scripts and their maps), made in ``folder`` (a sibling
    of the bundle's own folder, so the maps name the sources by the same relative paths)."""
    subprocess.run(
        [
            str(ESBUILD),
            *(str(WEB_DIR / "js" / entry) for entry in ENTRIES),
            "--bundle",
            "--splitting",
            "--format=esm",
            "--target=es2022",
            "--minify",
            "--charset=utf8",
            "--legal-comments=none",
            "--sourcemap=external",
            f"--banner:js={bundle_head(sources_digest(WEB_DIR / 'js'))}",
            f"--outdir={folder}",
            "--entry-names=[name]",
            "--chunk-names=chunk-[hash]",
            "--log-level=warning",
        ],
        check=True,
        cwd=ROOT,
    )
    made: dict[str, bytes] = {}
    for path in sorted(folder.iterdir()):
        data = path.read_bytes()
        if path.suffix == ".js":
            # Each map's address from the site's root, whatever name the script is served under.
            where = f"/web/{OUT.parent.name}/{path.name}.map"
            data = data.rstrip(b"\n") + f"\n//# sourceMappingURL={where}\n".encode()
        made[path.name] = data
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the bundle is not current")
    args = parser.parse_args()
    if not ESBUILD.exists():
        print("no esbuild: run `make node_modules/.installed` (npm ci)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix=".bundle-", dir=WEB_DIR) as tmp:
        made = build(Path(tmp))
    folder = OUT.parent
    if args.check:
        there = {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}
        if there != made:
            print(f"{folder.relative_to(ROOT)} is not current: run `make bundle`", file=sys.stderr)
            return 1
        return 0
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        if old.name not in made:
            old.unlink()  # a chunk of an earlier build
    for name, data in made.items():
        (folder / name).write_bytes(data)
    print(f"wrote {folder.relative_to(ROOT)}: {', '.join(sorted(made))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
