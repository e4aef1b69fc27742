"""``fatekit simulate FILE --runs N [--seed S] [--engine E] [--play SIDE:KEY=VALUE]
[--randomizer R] [--json] [--plot P.png]``: how a fight goes. FILE is a scenario file, or a table file (``GET
/tables/{id}/export``), whose scene in play is simulated (see :mod:`fatekit.table.foresight`).
``--play`` sets one key of a side's policy, over what the file says."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from fatekit.cli.refusal import refuse
from fatekit.rules import BadInput
from fatekit.rules.core.randomizers import Randomizer

if TYPE_CHECKING:
    from fatekit.odds.scenario import Scenario

__all__ = ["register", "run"]

#: The most fights one command plays: a million keeps the outcomes well within memory.
MAX_RUNS = 1_000_000

# Below this many seconds of expected work, a progress bar only flickers.
_SLOW_RUNS = {"scalar": 300, "vector": 50_000}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play a fight many times and report the odds",
        description=(
            "Play the conflict a scenario file describes (or the scene in play of a table file, "
            "as GET /tables/{id}/export gives it: the conflict's sides, or the scene's PCs "
            "against its NPCs) many times, each side following its "
            "policy, and report each side's chance to win (with a 95%% interval), how many "
            "exchanges fights last, and each character's chances of being taken out, of "
            "conceding and of taking each severity of consequence, and the fate points they "
            "spend. The same seed gives the same report, with either engine."
        ),
        epilog="example: fatekit simulate docs/examples/pier.json --runs 20000 --seed 7",
    )
    parser.add_argument(
        "scenario", help="a scenario file (JSON, see docs/odds.md) or a table file (an export)"
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=10_000,
        help=f"fights to play (default 10000, at most {MAX_RUNS:,})",
    )
    parser.add_argument("--seed", type=int, help="seed the dice, for a repeatable report")
    parser.add_argument(
        "--engine",
        choices=("vector", "scalar"),
        default="vector",
        help="vector: NumPy, fast (default); scalar: move by move through the rules engine",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--kind",
        choices=("physical", "mental"),
        help="a table file's conflict kind, before a conflict starts (default physical)",
    )
    parser.add_argument(
        "--play",
        action="append",
        default=[],
        metavar="SIDE:KEY=VALUE",
        help=(
            "how a side plays, one policy key at a time, over the file's (repeatable; keys as "
            "in a scenario file's policy, docs/odds.md): e.g. smugglers:concede_after=1 "
            "or crew:target=weakest"
        ),
    )
    parser.add_argument(
        "--randomizer",
        metavar="WAY",
        help=(
            "draw every roll this way, over the file's: 4dF (four Fate dice), deck (the Deck of "
            "Fate, dealt without replacement), 4d6, 3d6 or d6-d6 (docs/odds.md)"
        ),
    )
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the report into a PNG file")
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
    from fatekit.odds.plan import fight_plan
    from fatekit.odds.report_plot import plot_report
    from fatekit.odds.simulate import simulate
    from fatekit.table.foresight import fight_notes

    try:
        if not 1 <= args.runs <= MAX_RUNS:
            raise BadInput(f"--runs must be from 1 to {MAX_RUNS:,}, not {args.runs}")
        if args.seed is not None and args.seed < 0:
            raise BadInput(f"--seed must be 0 or more, not {args.seed}")
        if args.plot is not None and not args.plot.lower().endswith(".png"):
            raise BadInput(f"--plot draws a PNG file: give a name ending in .png, not {args.plot}")
        scenario = _scenario(args.scenario, args.kind, _play(args.play))
        if args.randomizer is not None:
            way = Randomizer.parse(args.randomizer)
            scenario = dataclasses.replace(scenario, randomizer=way)
        if scenario.source.startswith("the scene"):
            for note in fight_notes(scenario, fight_plan(scenario)):
                print(f"fatekit simulate: note: {note.text}", file=sys.stderr)
        with _progress(args.runs, args.engine) as progress:
            report = simulate(
                scenario, args.runs, seed=args.seed, engine=args.engine, progress=progress
            )
        if args.plot is not None:
            plot_report(report, args.plot)
    except BadInput as error:
        return refuse("simulate", f"{args.scenario}: {error}")
    print(json.dumps(report.as_json()) if args.json else report.as_text())
    return 0


def _play(given: list[str]) -> dict[str, dict[str, object]]:
    """``--play SIDE:KEY=VALUE`` options as policies by side; a value that reads as JSON (a
    number, true, false) is taken as such, anything else as text."""
    play: dict[str, dict[str, object]] = {}
    for option in given:
        setting, equals, text = option.partition("=")
        side, colon, key = setting.rpartition(":")
        if not (equals and colon and side and key):
            raise BadInput(
                f"--play takes SIDE:KEY=VALUE, such as smugglers:concede_after=1, not {option!r}"
            )
        try:
            value: object = json.loads(text)
        except json.JSONDecodeError:
            value = text
        play.setdefault(side, {})[key] = value
    return play


def _scenario(path: str, kind: str | None, play: dict[str, dict[str, object]]) -> Scenario:
    """A scenario file, or the scene in play of a table file, with ``play``'s policy keys over
    its own; anything else is refused."""
    from fatekit.odds.scenario import FORMAT, scenario_from_dict
    from fatekit.rules.scenes.conflict import ConflictKind
    from fatekit.table.export import TABLE_FORMAT, import_table
    from fatekit.table.foresight import foresight_scenarios

    where = Path(path)
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read it: {error}") from None
    except json.JSONDecodeError as error:
        raise BadInput(
            f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    found = data.get("format", FORMAT) if isinstance(data, dict) else None
    if found == TABLE_FORMAT:
        state = import_table(data).state
        return foresight_scenarios(
            state, kind=None if kind is None else ConflictKind(kind), play=play
        ).baseline
    if kind is not None:
        raise BadInput("--kind is for table files; a scenario file says its kind itself")
    if found != FORMAT:
        raise BadInput(
            f"this is a {found!r} file; simulate reads a {FORMAT} file or a {TABLE_FORMAT} "
            "file (a table's export)"
        )
    sides = data.get("sides")
    for side, policy in play.items():
        if not isinstance(sides, dict) or not isinstance(sides.get(side), dict):
            named = ", ".join(sides) if isinstance(sides, dict) else "none"
            raise BadInput(f"--play names side {side!r}; the sides are {named}")
        own = sides[side].get("policy", {})
        # A policy that is not an object stays as it is, for the reader to refuse.
        sides[side]["policy"] = {**own, **policy} if isinstance(own, dict) else own
    return scenario_from_dict(data, base=where.parent, source=path)
