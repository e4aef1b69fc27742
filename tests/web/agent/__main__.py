"""Play evenings with the page agent from the command line (``make soak`` runs this).

    python -m tests.web.agent --seeds 1-20 --steps 300      # a range of seeds
    python -m tests.web.agent --seeds 7 --steps 300 --trail # one seed, every step it took

Starts its own table server (tests/web/serve_app.py, blank dice) and Debian's Chromium, prints
each evening's findings, and at the end the command types reached over all evenings. Exits 1
when any evening found something not known to be left for another branch (detectors.KNOWN)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.web.agent.coverage import report
from tests.web.agent.detectors import known
from tests.web.agent.evening import Evening
from tests.web.conftest import ARGS, CHROMIUM, start_server


def seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.web.agent", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", type=seeds, default=seeds("1-5"), help="seeds: 7, 1-20 or 1,4,9")
    parser.add_argument("--steps", type=int, default=200, help="steps per evening")
    parser.add_argument("--trail", action="store_true", help="print every step of each evening")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    sent: Counter[str] = Counter()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        process, base = start_server(Path(tmp) / "tables.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for seed in args.seeds:
                done = Evening(browser, base, seed, args.steps).play()
                sent.update(done.sent)
                print(
                    f"seed {seed}: {done.setup}; {sum(done.sent.values())} commands, {len(done.findings)} findings"
                )
                if args.trail:
                    print("\n".join(done.trail))
                for finding in done.findings:
                    owner = known(finding)
                    print("  " + finding.line() + (f" (known, left for {owner})" if owner else ""))
                failed += any(known(f) is None for f in done.findings)
        finally:
            browser.close()
            process.terminate()
            process.wait(timeout=10)
    print(report(sent))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
