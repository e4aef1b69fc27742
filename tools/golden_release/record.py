"""Record what one release of fatekit wrote, for every later release to open (issue 37).

Run by ``make golden-record RELEASE=<commit>`` (``tools/golden_release/record.sh``), inside a
throwaway checkout of that release, with the release's own environment: every table here is
played and written by the release's own code, never by ours. Two records:

``evenings``
    The release's page agent (``tests/web/agent``) plays whole evenings in Chromium through the
    page against the release's own ``fatekit serve --db sqlite:///.../tables.sqlite``: a GM and
    two players, each in a language of their own, one on a phone. The seeds are chosen so that
    the evenings cover every preset (Fate Condensed's elective turn order, Core, Accelerated,
    Öde), with and without optional rules, and a GM in each language (:data:`EVENINGS`). After
    each evening a spectator is seated through the API (so a seat that sees least is recorded
    too), and what that server served is kept in ``evening-<seed>-<preset>.json.xz``: the table
    file (``/export``) and the campaign file (``/campaign``) as the release wrote them, the links
    it issued for every seat, and what every seat read (``/state``, ``/extras``, every page of
    ``/events`` and of ``/log``). The server's SQLite file itself is kept as ``tables.sqlite.xz``.

``games``
    The release's table agent (``tests/table/agent.py``) plays random games at the table layer;
    ``games.jsonl.xz`` keeps one line per game: its seed, set-up, the agent's findings, the table
    file and every seat's view (``view_for``) at the end.

``release.json`` says which commit, fatekit version and day recorded them, and what is in the
folder. Only interfaces the releases share are used (``Evening(browser, base, seed, steps)``,
``Game(seed, steps)``, the HTTP API), so a later release is recorded by the same file; if a
release changes one, adapt this file, never the fixtures already recorded.

    cd <release checkout> && .venv/bin/python <this file> --out DIR evenings [--steps 400]
    cd <release checkout> && .venv/bin/python <this file> --out DIR games [--games 2000] [--jobs 3]
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FORMAT_EVENING = "fatekit-golden-evening"
FORMAT_GAMES = "fatekit-golden-games"
FORMAT_VERSION = 1
#: Where the seed search starts: any number, fixed so that a release records the same evenings.
FIRST_SEED = 37_000
#: How far to look for a seed that draws few enough optional rules before taking the fewest.
LOOK = 20_000
XZ = lzma.PRESET_EXTREME | 9


@dataclass(frozen=True)
class Wanted:
    """An evening to find a seed for: its preset, the GM's language, optional rules it must have,
    and how many at most."""

    preset: str
    gm_lang: str
    must: frozenset[str] = frozenset()
    most: int = 1


#: The evenings each release records: every preset twice, plain and with optional rules, a GM in
#: each language twice, the three people at a table in three different languages.
EVENINGS = (
    Wanted("condensed", "en"),
    Wanted("condensed", "ru", frozenset({"countdowns", "obstacles"}), 4),
    Wanted("core", "sv", frozenset({"full_defense_core"}), 3),
    Wanted("core", "it", frozenset({"extreme_consequences", "weapon_and_armor"}), 4),
    Wanted("fae", "en", frozenset({"scale"}), 3),
    Wanted("fae", "it", frozenset({"conditions"}), 3),
    Wanted("ode", "sv"),
    Wanted("ode", "ru", frozenset({"big_bads", "multiple_targets"}), 4),
)


def release_info(root: Path) -> dict[str, str]:
    import fatekit

    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()
    return {
        "commit": commit,
        "fatekit": fatekit.__version__,
        "day": datetime.now(UTC).date().isoformat(),
        "by": "tools/golden_release/record.py",
    }


def write_xz(path: Path, text: str) -> None:
    path.write_bytes(lzma.compress(text.encode("utf-8"), preset=XZ))


# -- evenings -----------------------------------------------------------------------------------


def drawn(seed: int) -> tuple[list[str], int, str, list[str]]:
    """What the release's page agent draws for ``seed`` before it plays: the three seats'
    languages, which seat is on a phone, the preset and the optional rules. The same draws, in
    the same order, as ``Evening.__init__`` and ``Evening.set_up`` make them: a release whose
    agent has ``drawn`` is asked; an older one's draws are made again here."""
    from tests.web.agent import evening, values

    if hasattr(evening, "drawn"):  # releases since the agent's plans say it themselves
        made = evening.drawn(seed)
        return list(made.langs), made.phone, made.preset, list(made.options)
    rng = random.Random(seed)
    langs = [rng.choice(evening.LANGUAGES) for _ in range(3)]
    phone = rng.randrange(3)
    rng.choice(values.NAMES)
    preset = rng.choice(evening.PRESETS)
    chosen = [o for o in evening.OPTIONS if rng.random() < 0.4]
    return langs, phone, preset, chosen


def opens(preset: str, options: list[str]) -> bool:
    """Whether the release opens a table of ``preset`` with ``options`` (an evening whose rules
    cannot go together would play with none)."""
    from fatekit.table import commands, handle

    made = commands.CreateTable(name="x", preset=preset, options=tuple(options))
    try:
        handle(None, made, seat="gm", table_id="x")
    except Exception:
        return False
    return True


def seed_for(wanted: Wanted, taken: set[int]) -> int:
    """The first seed that draws ``wanted``; when the release's plans always bring more optional
    rules than ``wanted.most`` (Öde's contests come with obstacles and several targets), the
    seed with the fewest of them among the first ``LOOK`` seeds."""
    best: tuple[int, int] | None = None  # (how many optional rules, seed)
    for seed in range(FIRST_SEED, FIRST_SEED + 1_000_000):
        if best is not None and seed >= FIRST_SEED + LOOK:
            return best[1]
        langs, _, preset, chosen = drawn(seed)
        if (
            seed in taken
            or preset != wanted.preset
            or langs[0] != wanted.gm_lang
            or len(set(langs)) != 3
            or not wanted.must <= set(chosen)
            or (best is not None and len(chosen) >= best[0])
            or not opens(preset, chosen)
        ):
            continue
        if len(chosen) <= wanted.most:
            return seed
        best = (len(chosen), seed)
    if best is not None:
        return best[1]
    raise SystemExit(f"no seed draws {wanted}")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def http(method: str, url: str, link: str | None = None, body: Any = None) -> tuple[int, Any]:
    """One request with the standard library (a release's environment may lack any other
    client): the status and the JSON answer."""
    headers = {"Content-Type": "application/json"}
    if link is not None:
        headers["X-Fatekit-Link"] = link
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The release's own ``fatekit serve`` over ``db``, with limits a browser agent on one
    address does not reach (it clicks faster than people)."""
    port = free_port()
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "fatekit", "serve", "--db", f"sqlite:///{db}"),
            *("--host", "127.0.0.1", "--port", str(port), "--no-table"),
            *("--rate", "100000", "--burst", "100000", "--max-sockets-per-address", "100000"),
            *("--foresight-workers", "0"),
        ],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        if process.poll() is not None:
            raise SystemExit(f"fatekit serve exited with {process.returncode}")
        try:
            if http("GET", f"{base}/health")[0] == 200:
                return process, base
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("fatekit serve did not answer")


class Reader:
    """What one seat reads from the server, as the page asks for it."""

    def __init__(self, base: str, link: str) -> None:
        self.base = base
        self.link = link
        self.table_id = link.partition(".")[0]

    def get(self, path: str, **params: Any) -> Any:
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        url = f"{self.base}/tables/{self.table_id}{path}{query}"
        status, answer = http("GET", url, self.link)
        if status != 200:
            raise RuntimeError(f"GET {path} {params}: {status} {answer}")
        return answer

    def post(self, path: str, body: Any = None) -> Any:
        url = f"{self.base}/tables/{self.table_id}{path}"
        status, answer = http("POST", url, self.link, body)
        if status not in (200, 201):
            raise RuntimeError(f"POST {path}: {status} {answer}")
        return answer

    def reads(self) -> dict[str, Any]:
        """``/state``, ``/extras``, every page of ``/events`` and of ``/log`` (each log entry that
        repeats the seat's event of its version written as that version)."""
        events: list[Any] = []
        page = self.get("/events", after=0)
        events.extend(page["events"])
        while page["more"]:
            page = self.get("/events", after=page["through"])
            events.extend(page["events"])
        log = [self.get("/log")]
        while log[-1]["more"]:
            log.append(self.get("/log", before=log[-1]["before"]))
        by_version = {event["version"]: event for event in events}
        for page in log:
            page["entries"] = [
                e["version"] if by_version.get(e["version"]) == e else e for e in page["entries"]
            ]
        return {
            "state": self.get("/state"),
            "extras": self.get("/extras"),
            "events": events,
            "log": log,
        }


def record_evening(
    browser: Any, base: str, seed: int, steps: int, out: Path, info: dict[str, str]
) -> str:
    from tests.web.agent.evening import Evening

    class Recorded(Evening):  # type: ignore[misc, valid-type]
        gm_url = ""

        def set_up(self) -> None:
            super().set_up()
            self.gm_url = self.seats[0].page.url

    evening = Recorded(browser, base, seed, steps)
    started = time.monotonic()
    report = evening.play()
    if not evening.gm_url:
        return f"seed {seed}: no table was made ({report.setup})"
    gm_link = urllib.parse.unquote(
        urllib.parse.urlparse(evening.gm_url).fragment.partition("link=")[2]
    )
    gm = Reader(base, gm_link)
    state = gm.get("/state")
    gm_seat = state["you"]["seat"]
    links = {gm_seat: gm_link}
    # A spectator sees least of all: seated through the API once the evening is over.
    spectator = gm.post("/seats", {"name": "Zoe", "role": "spectator"})
    links[spectator["seat"]] = spectator["link"]
    for seat in gm.get("/state")["seats"]:
        if seat["id"] not in links:
            # A seat's id is made from a name: in any alphabet.
            path = f"/seats/{urllib.parse.quote(seat['id'], safe='')}/links"
            links[seat["id"]] = gm.post(path)["link"]
    seats = {}
    for seat, link in links.items():
        reads = Reader(base, link).reads()
        seats[seat] = {"role": reads["state"]["you"]["role"], **reads}
    preset = state["table"]["preset"]
    record = {
        "format": FORMAT_EVENING,
        "version": FORMAT_VERSION,
        "recorded": {**info, "agent": "tests/web/agent"},
        "seed": seed,
        "steps": steps,
        "setup": report.setup,
        "sent": dict(sorted(report.sent.items())),
        "findings": [finding.line() for finding in report.findings],
        "table_id": gm.table_id,
        "gm_seat": gm_seat,
        "links": links,
        "export": gm.get("/export"),
        "campaign": gm.get("/campaign"),
        "seats": seats,
    }
    name = f"evening-{seed}-{preset}.json.xz"
    write_xz(out / name, json.dumps(record, ensure_ascii=False, separators=(",", ":")))
    version = seats[gm_seat]["state"]["table"]["version"]
    took = time.monotonic() - started
    return (
        f"{name}: {report.setup}; {sum(report.sent.values())} commands, version {version}, "
        f"{len(report.findings)} findings, {took:.0f} s"
    )


def evenings(out: Path, steps: int, count: int, jobs: int, info: dict[str, str]) -> dict[str, Any]:
    """Play the evenings, ``jobs`` at a time (each a process with its own Chromium), against one
    server, and keep its SQLite file once they are over."""
    taken: set[int] = set()
    seeds = []
    for wanted in EVENINGS[:count]:
        seeds.append(seed_for(wanted, taken))
        taken.add(seeds[-1])
    said: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "tables.sqlite"
        process, base = serve(db)
        try:
            workers = [
                subprocess.Popen(
                    [
                        *(sys.executable, __file__, "--out", str(out), "evening-worker"),
                        *("--base", base, "--steps", str(steps)),
                        *("--seeds", ",".join(str(s) for s in seeds[n::jobs])),
                    ],
                    stdout=subprocess.PIPE,
                    text=True,
                )
                for n in range(jobs)
            ]
            for worker in workers:
                assert worker.stdout is not None
                for line in worker.stdout:
                    print(line, end="", flush=True)
                    if line.startswith(("evening-", "seed ")):
                        said.append(line.strip())
                worker.wait()
        finally:
            process.terminate()
            process.wait(timeout=60)
        # The file as the server left it, its write-ahead log folded in (the same rows).
        connection = sqlite3.connect(db)
        try:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            connection.close()
        (out / "tables.sqlite.xz").write_bytes(lzma.compress(db.read_bytes(), preset=XZ))
    return {"evenings": {"seeds": seeds, "steps": steps, "played": sorted(said)}}


def evening_worker(
    out: Path, base: str, steps: int, seeds: list[int], info: dict[str, str]
) -> None:
    """Play ``seeds`` one after the other in a Chromium of this process; a failed evening is
    said and the next one played."""
    import traceback

    from playwright.sync_api import sync_playwright

    from tests.web.conftest import ARGS, CHROMIUM

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for seed in seeds:
                try:
                    print(record_evening(browser, base, seed, steps, out, info), flush=True)
                except Exception as error:
                    traceback.print_exc()
                    print(f"seed {seed}: not recorded ({error!r})", flush=True)
        finally:
            browser.close()


# -- games --------------------------------------------------------------------------------------


def games_at_once(
    out: Path, count: int, steps: int, first: int, jobs: int, info: dict[str, str]
) -> dict[str, Any]:
    """:func:`games`, the seeds cut into ``jobs`` runs of their own, each a process (a machine
    shared with others gives each process its share), then put back in seed order."""
    cut = [first + count * n // jobs for n in range(jobs + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        parts = [Path(tmp) / f"part-{n}" for n in range(jobs)]
        workers = [
            subprocess.Popen(
                [
                    *(sys.executable, __file__, "--out", str(parts[n]), "games"),
                    *("--games", str(cut[n + 1] - cut[n]), "--first-seed", str(cut[n])),
                    *("--steps", str(steps), "--jobs", "1"),
                ]
            )
            for n in range(jobs)
        ]
        failed = [worker.wait() for worker in workers]
        if any(failed):
            raise SystemExit(f"a run of games failed (status {failed})")
        return merge_games(out, parts, first, count, steps, info)


def merge_games(
    out: Path, parts: list[Path], first: int, count: int, steps: int, info: dict[str, str]
) -> dict[str, Any]:
    """The games of several runs (folders written by :func:`games`, in seed order) as one
    ``games.jsonl.xz`` in ``out``."""
    lines: list[str] = []
    findings = 0
    for part in parts:
        with lzma.open(part / "games.jsonl.xz", "rt", encoding="utf-8") as read:
            header = json.loads(next(read))
            assert header["format"] == FORMAT_GAMES, part
            for line in read:
                lines.append(line.rstrip("\n"))
                findings += bool(json.loads(line)["findings"])
    return write_games(out, lines, first, count, steps, findings, info)


def write_games(
    out: Path,
    lines: list[str],
    first: int,
    count: int,
    steps: int,
    findings: int,
    info: dict[str, str],
) -> dict[str, Any]:
    header = json.dumps(
        {"format": FORMAT_GAMES, "version": FORMAT_VERSION, "recorded": info, "games": len(lines)}
    )
    write_xz(out / "games.jsonl.xz", "\n".join([header, *lines]) + "\n")
    return {
        "games": {
            "seeds": [first, first + count - 1],
            "steps": steps,
            "recorded": len(lines),
            "with_findings": findings,
        }
    }


def games(out: Path, count: int, steps: int, first: int, info: dict[str, str]) -> dict[str, Any]:
    from fatekit.table import view_for
    from fatekit.table.export import export_table
    from tests.table import agent

    lines = []
    findings = 0
    started = time.monotonic()
    for seed in range(first, first + count):
        game = agent.Game(seed, steps)
        try:
            game.play()
        except Exception as error:  # the agent's own check: kept as a finding, as play_games does
            game.findings.append(agent.Finding("crash", seed, game.step, "", repr(error)))
        try:
            state = game.repo.load(agent.TABLE)
        except Exception as error:
            print(f"seed {seed}: its table does not load ({error!r}); left out", flush=True)
            continue
        events = game.repo.events(agent.TABLE)
        gm = next(s.id for s in state.seats.values() if s.is_gm)
        try:
            table = export_table(events, state, gm)
            views = {seat: view_for(state, seat) for seat in state.seats}
        except Exception as error:  # the release's own defect: said, and the run goes on
            print(f"seed {seed}: its table cannot be shown ({error!r}); left out", flush=True)
            continue
        findings += bool(game.findings)
        lines.append(
            json.dumps(
                {
                    "seed": seed,
                    "steps": steps,
                    "preset": state.ruleset.preset.key,
                    "options": sorted(o.value for o in state.ruleset.options),
                    "findings": [str(f).splitlines()[0][:300] for f in game.findings],
                    "table": table,
                    "views": views,
                },
                ensure_ascii=False,
                separators=(",", ":"),
            )
        )
        if len(lines) % 100 == 0:
            print(f"{len(lines)} games, {time.monotonic() - started:.0f} s", flush=True)
    return write_games(out, lines, first, count, steps, findings, info)


# -- the command line ---------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the release's fixture folder")
    actions = parser.add_subparsers(dest="what", required=True)
    evening = actions.add_parser("evenings", help="the page agent's evenings and the database")
    evening.add_argument("--steps", type=int, default=400)
    evening.add_argument("--evenings", type=int, default=len(EVENINGS), help="the first N")
    evening.add_argument("--jobs", type=int, default=2, help="evenings played at once")
    worker = actions.add_parser("evening-worker", help="(run by evenings) play some evenings")
    worker.add_argument("--base", required=True)
    worker.add_argument("--steps", type=int, required=True)
    worker.add_argument(
        "--seeds", type=lambda t: [int(s) for s in t.split(",") if s], required=True
    )
    game = actions.add_parser("games", help="the table agent's random games")
    game.add_argument("--games", type=int, default=2000)
    game.add_argument("--steps", type=int, default=50)
    game.add_argument("--first-seed", type=int, default=500_000)
    game.add_argument("--jobs", type=int, default=1, help="runs of games played at once")
    args = parser.parse_args()
    root = Path.cwd()
    sys.path.insert(0, str(root))  # the release's tests package, not ours
    args.out.mkdir(parents=True, exist_ok=True)
    info = release_info(root)
    if args.what == "evening-worker":
        evening_worker(args.out, args.base, args.steps, args.seeds, info)
        return 0
    run: Callable[[], dict[str, Any]]
    if args.what == "evenings":
        run = lambda: evenings(args.out, args.steps, args.evenings, args.jobs, info)  # noqa: E731
    elif args.jobs > 1:
        run = lambda: games_at_once(  # noqa: E731
            args.out, args.games, args.steps, args.first_seed, args.jobs, info
        )
    else:
        run = lambda: games(args.out, args.games, args.steps, args.first_seed, info)  # noqa: E731
    recorded = run()
    # Read only now: the evenings and the games may be recorded at once, into one folder.
    manifest_path = args.out / "release.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    manifest.update({"format": "fatekit-golden-release", "version": FORMAT_VERSION})
    manifest.setdefault("recorded", info)
    manifest.update(recorded)
    manifest_path.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    print(f"{args.what} of {info['commit'][:10]} written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
