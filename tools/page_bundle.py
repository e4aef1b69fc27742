"""Make the page's bundle (``fatekit/web/bundle/page.js`` and its source map) from its modules.

esbuild (from package-lock.json) bundles ``fatekit/web/js/app.js`` and every module it imports
into one minified ES module, with a source map holding the sources for the browser's debugger.
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


def build(folder: Path) -> tuple[bytes, bytes]:
    """The bundle and its map, made in ``folder`` (a sibling of the bundle's own folder, so the
    map names the sources by the same relative paths)."""
    out = folder / OUT.name
    subprocess.run(
        [
            str(ESBUILD),
            str(WEB_DIR / "js" / "app.js"),
            "--bundle",
            "--format=esm",
            "--target=es2022",
            "--minify",
            "--charset=utf8",
            "--legal-comments=none",
            "--sourcemap=external",
            f"--banner:js={bundle_head(sources_digest(WEB_DIR / 'js'))}",
            f"--outfile={out}",
            "--log-level=warning",
        ],
        check=True,
        cwd=ROOT,
    )
    # The map's address from the site's root, whatever content name the bundle is served under.
    code = out.read_bytes().rstrip(b"\n") + f"\n//# sourceMappingURL=/web/{BUNDLE}.map\n".encode()
    return code, (folder / f"{OUT.name}.map").read_bytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the bundle is not current")
    args = parser.parse_args()
    if not ESBUILD.exists():
        print("no esbuild: run `make node_modules/.installed` (npm ci)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix=".bundle-", dir=WEB_DIR) as tmp:
        code, source_map = build(Path(tmp))
    if args.check:
        current = OUT.is_file() and OUT.read_bytes() == code
        mapped = Path(f"{OUT}.map")
        if not (current and mapped.is_file() and mapped.read_bytes() == source_map):
            print(f"{OUT.relative_to(ROOT)} is not current: run `make bundle`", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_bytes(code)
    Path(f"{OUT}.map").write_bytes(source_map)
    print(f"wrote {OUT.relative_to(ROOT)} ({len(code):,} bytes) and its map")
    return 0


if __name__ == "__main__":
    sys.exit(main())
