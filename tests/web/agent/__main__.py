"""Play evenings with the page agent from the command line (``make soak`` runs this).

    python -m tests.web.agent --seeds 1-20 --steps 300      # a range of seeds
    python -m tests.web.agent --seeds 7 --steps 300 --trail # one seed, every step it took
    python -m tests.web.agent --seeds 100-139 --jobs 2      # two evenings at a time

Starts its own table server (tests/web/serve_app.py, blank dice) and Debian's Chromium (one of
each per job), prints each evening's findings, and at the end the command types and the plans'
paths reached over all evenings. Exits 1 when any evening found something not known to be left
for another branch (detectors.KNOWN)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tests.web.agent.coverage import page_commands, report
from tests.web.agent.detectors import known
from tests.web.agent.evening import Evening
from tests.web.conftest import ARGS, CHROMIUM, start_server


def seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def play(chosen: list[int], steps: int, trail: bool) -> tuple[Counter[str], Counter[str], int]:
    """Play `chosen` one after the other against a server and Chromium of their own, printing
    each evening as it ends: what they sent, the paths they took, and how many found
    something not known. Each evening leans towards what no evening before it reached."""
    from playwright.sync_api import sync_playwright

    sent: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        process, base = start_server(Path(tmp) / "tables.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for seed in chosen:
                wanted = page_commands() - set(sent)
                done = Evening(browser, base, seed, steps, wanted=wanted).play()
                sent.update(done.sent)
                paths.update(done.paths)
                lines = [
                    f"seed {seed}: {done.setup}; {sum(done.sent.values())} commands, {len(done.findings)} findings"
                ]
                if trail:
                    lines.extend(done.trail)
                for finding in done.findings:
                    owner = known(finding)
                    lines.append(
                        "  " + finding.line() + (f" (known, left for {owner})" if owner else "")
                    )
                print("\n".join(lines), flush=True)
                failed += any(known(f) is None for f in done.findings)
        finally:
            browser.close()
            process.terminate()
            process.wait(timeout=10)
    return sent, paths, failed


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.web.agent", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", type=seeds, default=seeds("1-5"), help="seeds: 7, 1-20 or 1,4,9")
    parser.add_argument("--steps", type=int, default=200, help="steps per evening")
    parser.add_argument("--trail", action="store_true", help="print every step of each evening")
    parser.add_argument(
        "--jobs", type=int, default=1, help="evenings played at once (each job its own browser)"
    )
    args = parser.parse_args()
    jobs = max(1, min(args.jobs, len(args.seeds)))
    # Job j plays every jobs-th seed from the j-th: each job meets every plan in turn.
    shares = [args.seeds[j::jobs] for j in range(jobs)]
    sent: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    failed = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for one_sent, one_paths, one_failed in pool.map(
            play, shares, [args.steps] * jobs, [args.trail] * jobs
        ):
            sent.update(one_sent)
            paths.update(one_paths)
            failed += one_failed
    print(report(sent, paths))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
