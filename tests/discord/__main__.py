"""Play evenings with the Discord agent from the command line (``make soak`` runs this).

    python -m tests.discord --seeds 1-20 --steps 200      # a range of seeds, both ways in
    python -m tests.discord --seeds 7 --steps 200 --trail # one seed, every step it took

Prints each evening's findings, and at the end the commands and controls reached over all
evenings and any never reached. Exits 1 when an evening found something, or something was never
reached."""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

from tests.discord.agent import EVERYTHING, Evening


def seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.discord", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", type=seeds, default=seeds("1-4"), help="seeds: 7, 1-20 or 1,4,9")
    parser.add_argument("--steps", type=int, default=150, help="steps per evening")
    parser.add_argument("--trail", action="store_true", help="print every step of each evening")
    args = parser.parse_args()
    reached: Counter[str] = Counter()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for seed in args.seeds:
            endpoint = seed % 2 == 1  # odd seeds through the endpoint, even over the Gateway
            done = asyncio.run(Evening(Path(tmp), seed, args.steps, endpoint).play())
            reached.update(done.reached)
            way = "endpoint" if endpoint else "Gateway"
            print(
                f"seed {seed} ({way}): {sum(done.reached.values())} moves, {len(done.findings)} findings"
            )
            if args.trail:
                print("\n".join(done.trail))
            for finding in done.findings:
                print("  " + finding.line())
            failed += bool(done.findings)
    print("reached: " + ", ".join(f"{name} ×{n}" for name, n in sorted(reached.items())))
    never = sorted(EVERYTHING - set(reached))
    if never:
        print("never reached: " + ", ".join(never))
    return 1 if failed or never else 0


if __name__ == "__main__":
    sys.exit(main())
