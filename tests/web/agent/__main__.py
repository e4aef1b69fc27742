"""Play evenings with the page agent from the command line (``make soak`` runs this).

    python -m tests.web.agent --seeds 1-20 --steps 300      # a range of seeds
    python -m tests.web.agent --seeds 7 --steps 300 --trail # one seed, every step it took
    python -m tests.web.agent --seeds 100-139 --jobs 2      # two evenings at a time
    python -m tests.web.agent --seeds 1-7 --axe             # axe-core on every page, each step
    python -m tests.web.agent --seeds 7 --axe new           # ... on the pages that show it something new

Starts its own table server (tests/web/serve_app.py, blank dice) and Debian's Chromium (one of
each per job), prints each evening's findings, and at the end the command types and the plans'
paths reached over all evenings, and those missed. When the seeds leave command types the page
can send unreached, it plays sweeps (``--sweeps``, beyond the last seed): each an evening of the
plan that names most of what is missing, steered towards all of it. Exits 1 when any evening
found something not known to be left for another branch (detectors.KNOWN), or when a command
type the page can send was never reached."""

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
from tests.web.agent.plans import PLANS
from tests.web.conftest import ARGS, CHROMIUM, start_server


def seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


#: An evening to play: its seed, and the plan it plays (None: the seed's own, plans.plan_for).
Play = tuple[int, int | None]


def play(
    chosen: list[Play],
    steps: int,
    trail: bool,
    reached: frozenset[str] = frozenset(),
    axe: str = "",
) -> tuple[Counter[str], Counter[str], Counter[str], int]:
    """Play `chosen` one after the other against a server and Chromium of their own, printing
    each evening as it ends: what they sent, the paths they took, and how many found
    something not known. Each evening leans towards what no evening before it (nor `reached`)
    reached; with `axe` ("every" or "new"), axe-core looks at the pages after each step
    (Evening)."""
    from playwright.sync_api import sync_playwright

    sent: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    routed: Counter[str] = Counter()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        process, base = start_server(Path(tmp) / "tables.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for seed, plan in chosen:
                wanted = page_commands() - set(sent) - reached
                planned = None if plan is None else PLANS[plan]
                try:
                    done = Evening(
                        browser, base, seed, steps, planned, wanted=wanted, axe=axe
                    ).play()
                except Exception as error:  # the agent's own failure: the next evening goes on
                    print(f"seed {seed}: the agent failed: {str(error)[:300]}", flush=True)
                    failed += 1
                    continue
                sent.update(done.sent)
                paths.update(done.paths)
                routed.update(done.routed)
                lines = [
                    f"seed {seed}{'' if plan is None else f' (sweep, plan {plan})'}: {done.setup}; "
                    f"{sum(done.sent.values())} commands, {len(done.findings)} findings"
                ]
                # What it sent, so that a run stopped early can still be counted.
                lines.append("  sent: " + ", ".join(sorted(done.sent)))
                if done.axe_runs:
                    lines.append(
                        f"  axe: {done.axe_runs} runs, {done.axe_seconds:.0f} s"
                        + (
                            f"; {done.axe_skipped} pages with nothing new"
                            if done.axe_skipped
                            else ""
                        )
                    )
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
    return sent, paths, routed, failed


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
    parser.add_argument(
        "--axe",
        nargs="?",
        const="every",
        default="",
        choices=["every", "new"],
        help="run axe-core after each step on every page that changed, or (--axe new) only on "
        "pages that show something axe has not yet looked at",
    )
    parser.add_argument(
        "--sweeps",
        type=int,
        default=0,
        help="at most this many more evenings for the command types the seeds left unreached",
    )
    args = parser.parse_args()
    jobs = max(1, min(args.jobs, len(args.seeds)))
    # Job j plays every jobs-th seed from the j-th: each job meets every plan in turn.
    evenings: list[Play] = [(seed, None) for seed in args.seeds]
    shares = [evenings[j::jobs] for j in range(jobs)]
    sent: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    routed: Counter[str] = Counter()
    failed = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:

        def run(shares: list[list[Play]]) -> None:
            nonlocal failed
            reached = frozenset(sent)
            for one_sent, one_paths, one_routed, one_failed in pool.map(
                play,
                shares,
                [args.steps] * len(shares),
                [args.trail] * len(shares),
                [reached] * len(shares),
                [args.axe] * len(shares),
            ):
                sent.update(one_sent)
                paths.update(one_paths)
                routed.update(one_routed)
                failed += one_failed

        run(shares)
        seed = max(args.seeds)
        left = args.sweeps
        swept: list[int] = []
        while left > 0 and page_commands() - set(sent):
            batch = []
            for _ in range(min(jobs, left)):
                seed += 1
                chosen = sweep_plan(page_commands() - set(sent), seed, swept)
                swept.append(chosen)
                batch.append([(seed, chosen)])
            left -= len(batch)
            run(batch)
    print(report(sent, paths))
    missing = page_commands() - set(sent)
    unseen = sorted(missing - set(routed))
    if unseen:
        # No control listed on a page ever led to these: the page never offered them, or the
        # route map (routes.ROUTES) does not know the control that does.
        print("never offered by a control the routes know: " + ", ".join(unseen))
    if missing:
        print(f"FAILED: {len(missing)} command types the page can send were never reached")
    return 1 if failed or missing else 0


def sweep_plan(
    missing: set[str] | frozenset[str], seed: int, swept: list[int] | tuple[int, ...] = ()
) -> int:
    """The plan that names most of the `missing` command types among its goals (the seed picks
    among those naming as many), of those `swept` least often so far: each sweep of a run
    takes another plan naming something missing before any plan is played again (a plan that
    missed a goal once may well miss it again). The steering (`wanted`) leans towards the
    rest."""
    named = [len({g.split(":")[0] for g in p.goals | p.then} & missing) for p in PLANS]
    useful = [n for n, count in enumerate(named) if count] or list(range(len(PLANS)))
    fewest = min(swept.count(n) for n in useful)
    fresh = [n for n in useful if swept.count(n) == fewest]
    most = max(named[n] for n in fresh)
    best = [n for n in fresh if named[n] == most]
    return best[seed % len(best)]


if __name__ == "__main__":
    sys.exit(main())
