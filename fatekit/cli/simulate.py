"""``fatekit simulate SCENARIO --runs N [--seed S] [--engine E] [--json]``: how a fight goes."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from fatekit.rules import BadInput

__all__ = ["register", "run"]

# Below this many seconds of expected work, a progress bar only flickers.
_SLOW_RUNS = {"scalar": 300, "vector": 50_000}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play a fight many times and report the odds",
        description=(
            "Play the conflict a scenario file describes many times, each side following its "
            "policy, and report each side's chance to win (with a 95%% interval), how many "
            "exchanges fights last, and each character's chances of being taken out, of "
            "conceding and of taking each severity of consequence, and the fate points they "
            "spend. The same seed gives the same report, with either engine."
        ),
        epilog="example: fatekit simulate docs/examples/pier.json --runs 20000 --seed 7",
    )
    parser.add_argument("scenario", help="the scenario file (JSON, see docs/odds.md)")
    parser.add_argument("--runs", type=int, default=10_000, help="fights to play (default 10000)")
    parser.add_argument("--seed", type=int, help="seed the dice, for a repeatable report")
    parser.add_argument(
        "--engine",
        choices=("vector", "scalar"),
        default="vector",
        help="vector: NumPy, fast (default); scalar: move by move through the rules engine",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


@contextmanager
def _progress(runs: int, engine: str) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on the terminal for long simulations; nothing otherwise."""
    from rich.console import Console

    console = Console(stderr=True)
    if runs < _SLOW_RUNS[engine] or not console.is_terminal:
        yield None
        return
    from rich.progress import Progress

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("simulating", total=runs)
        yield lambda done: bar.advance(task, done)


def run(args: argparse.Namespace) -> int:
    from fatekit.odds.scenario import load_scenario
    from fatekit.odds.simulate import simulate

    try:
        if args.runs < 1:
            raise BadInput(f"--runs must be 1 or more, not {args.runs}")
        if args.seed is not None and args.seed < 0:
            raise BadInput(f"--seed must be 0 or more, not {args.seed}")
        scenario = load_scenario(args.scenario)
        with _progress(args.runs, args.engine) as progress:
            report = simulate(
                scenario, args.runs, seed=args.seed, engine=args.engine, progress=progress
            )
    except BadInput as error:
        print(f"fatekit simulate: {args.scenario}: {error}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_json()) if args.json else report.as_text())
    return 0
