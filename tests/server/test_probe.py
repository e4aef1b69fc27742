"""The probe of issue 33, kept: a real ``fatekit serve`` process, its log read for tracebacks.

- Inputs that once reached the "unexpected error" fallback (a lone surrogate or NUL in any
  text, integers past 64 bits, a socket command whose id is a lone surrogate) and the command
  that took a server down (ten million, or 10**30, free invokes on one aspect) are answered 422
  with a message per field, on one kept-alive connection, and change nothing.
- Random commands (hypothesis, bounded and derandomized) from the GM, two players and a
  spectator, with well-formed and hostile values: never a 5xx, no traceback in the server's
  log, a refusal changes nothing, and nothing hidden reaches a player's or spectator's state,
  extras, log or events. ``make soak`` runs the same with many more examples.
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import os
import types
import typing
from collections.abc import Iterator
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from fatekit.table import import_table, view_for
from fatekit.table.commands import COMMAND_TYPES

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .process import Served, start  # type: ignore[import-not-found]

#: Examples of the random commands: a few in ``make test``, many in ``make soak``.
EXAMPLES = int(os.environ.get("FATEKIT_PROBE_EXAMPLES", "60"))

#: What the log of a server that reached the fallback holds.
FALLBACK = ("Traceback", "unexpected error")


class Client:
    """One kept-alive HTTP connection to the server. With ``strict``, it must stay open
    throughout; else a connection the server closed after the client sat idle past its
    keep-alive timeout is opened again (the random play pauses while hypothesis thinks)."""

    def __init__(self, served: Served, *, strict: bool = True) -> None:
        host, port = served.base.removeprefix("http://").split(":")
        self.strict = strict
        self.connection = http.client.HTTPConnection(host, int(port), timeout=30)
        self.connection.connect()
        self.socket = self.connection.sock

    def request(
        self, method: str, path: str, body: Any = None, link: str | None = None
    ) -> tuple[int, Any]:
        """One request (``body`` is sent as JSON, or as is when it is text already)."""
        headers = {"content-type": "application/json"}
        if link is not None:
            headers["X-Fatekit-Link"] = link
        raw = body if isinstance(body, str) or body is None else json.dumps(body)
        try:
            self.connection.request(method, path, body=raw, headers=headers)
            response = self.connection.getresponse()
        except (ConnectionError, http.client.RemoteDisconnected):
            if self.strict:
                raise
            self.connection.close()  # closed while idle: nothing of this request was read
            self.connection.request(method, path, body=raw, headers=headers)
            response = self.connection.getresponse()
            self.socket = self.connection.sock
        data = response.read()
        assert response.status < 500, (response.status, data)
        assert not response.will_close, f"the server closed the connection after {path}"
        assert self.connection.sock is self.socket, "the connection was opened again"
        return response.status, json.loads(data)


@dataclasses.dataclass
class Table:
    """The probe's table: its id and each seat's link."""

    table_id: str
    links: dict[str, str]

    def path(self, rest: str) -> str:
        return f"/tables/{self.table_id}{rest}"


def _serve(tmp_path: Path) -> Iterator[Served]:
    served = start(tmp_path / "probe.db", "--no-table", "--rate", "100000", "--burst", "100000")
    try:
        yield served
    finally:
        served.stop()
    log = "".join(served.output)
    assert not any(word in log for word in FALLBACK), log


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    yield from _serve(tmp_path)


# -- the table with its secrets ----------------------------------------------------------------

#: Every secret of the probe's table, each a marker no player or spectator may receive.
HIDDEN = {
    "ZZ-P-SCENE": "a hidden situation aspect",
    "ZZ-P-NPC": "an NPC's hidden aspect and its sheet's description",
    "ZZ-P-PC": "an aspect the GM hides on a PC from its player",
    "ZZ-P-NOTE": "a GM note",
    "ZZ-P-REASON": "a secret roll's reason",
    "ZZ-P-PREP": "a scene prepared and never started",
    "ZZ-P-COUNT": "a hidden countdown",
}
BEN_PRIVATE = "ZZ-P-BEN"  # Ben's private note: Ann and Sam never see it


def _open(client: Client) -> Table:
    status, made = client.request(
        "POST", "/tables", {"name": "The Probe", "options": ["countdowns", "obstacles"]}
    )
    assert status == 201, made
    table = Table(made["table_id"], {"gm": made["link"]})
    for name, role in (("Ann", "player"), ("Ben", "player"), ("Sam", "spectator")):
        status, seat = client.request(
            "POST", table.path("/seats"), {"name": name, "role": role}, made["link"]
        )
        assert status == 201, seat
        table.links[seat["seat"]] = seat["link"]
    ruth = json.loads(ruth_sheet())
    ruth["aspects"].append({"id": "ruth/character/9", "name": "ZZ-P-PC Marked"})
    alice = json.loads(npc_sheet("ZZ-P-NPC"))
    setup = [
        (
            "AddCharacter",
            {"sheet": json.dumps(ruth), "owner": "ann", "hidden_aspects": ["ruth/character/9"]},
        ),
        ("AddCharacter", {"sheet": json.dumps(alice), "hidden_aspects": ["alice/character/1"]}),
        ("StartSession", {}),
        ("StartScene", {"name": "Deck", "participants": ["ruth", "alice"], "zones": ["deck"]}),
        ("AddSituationAspect", {"name": "ZZ-P-SCENE Trapdoor", "hidden": True}),
        ("AddSituationAspect", {"name": "Rain", "free_invokes": [["ruth", 1]]}),
        (
            "AddCountdown",
            {
                "countdown_id": "c",
                "name": "ZZ-P-COUNT",
                "boxes": 3,
                "outcome": "x",
                "triggers": ["zz-p-trigger"],
                "visibility": "hidden",
            },
        ),
        ("Note", {"text": "ZZ-P-NOTE", "visibility": "gm"}),
        (
            "SecretRoll",
            {"actor": "alice", "skill": "deceive", "dice": "++--", "reason": "ZZ-P-REASON"},
        ),
        ("PrepareScene", {"scene_id": "p", "name": "ZZ-P-PREP", "participants": ["alice"]}),
        ("HideNpcDice", {"hidden": True}),
    ]
    for type_name, data in setup:
        status, body = client.request(
            "POST", table.path("/commands"), {"type": type_name, "data": data}, made["link"]
        )
        assert status == 200, (type_name, body)
    status, body = client.request(
        "POST",
        table.path("/commands"),
        {"type": "Note", "data": {"text": f"{BEN_PRIVATE} mine", "visibility": "private"}},
        table.links["ben"],
    )
    assert status == 200, body
    return table


def _gm_state(client: Client, table: Table) -> Any:
    return client.request("GET", table.path("/state"), link=table.links["gm"])[1]


# -- inputs the fallback once answered -----------------------------------------------------------

LONE = "\ud800"  # half of a character: JSON can say it, no UTF-8 text can hold it
NUL = "a\u0000b"
HUGE = 2**64


def test_what_once_reached_the_fallback_is_refused_by_field(served: Served) -> None:
    client = Client(served)
    table = _open(client)
    gm = table.links["gm"]
    before = _gm_state(client, table)
    refused: list[tuple[str, Any, str]] = [
        ("/commands", {"type": "Note", "data": {"text": LONE}}, "data.text"),
        ("/commands", {"type": "Note", "data": {"text": NUL}}, "data.text"),
        ("/commands", {"type": "AddSituationAspect", "data": {"name": LONE}}, "data.name"),
        (
            "/commands",
            {"type": "AddCountdown", "data": {"countdown_id": LONE, "name": "x", "boxes": 2}},
            "data.countdown_id",
        ),
        ("/commands", {"type": "UpdateCharacter", "data": {"sheet": LONE}}, "data.sheet"),
        ("/commands", {"type": "Undo", "data": {"target_version": 2**63}}, "data.target_version"),
        (
            "/commands",
            {"type": "Note", "data": {"text": "x"}, "expected_version": HUGE},
            "expected_version",
        ),
        (
            "/commands",
            {"type": "Note", "data": {"text": "x"}, "idempotency_key": LONE},
            "idempotency_key",
        ),
        ("/seats", {"name": LONE}, "name"),
        ("/seats", {"name": "Eve", "seat_id": NUL}, "seat_id"),
        # The command that took a server down, and a count that still fits 64 bits.
        (
            "/commands",
            {
                "type": "AddSituationAspect",
                "data": {"name": "x", "free_invokes": [["ruth", 10**30]]},
            },
            "data.free_invokes[0][1]",
        ),
        (
            "/commands",
            {
                "type": "AddSituationAspect",
                "data": {"name": "x", "free_invokes": [["ruth", 10**7]]},
            },
            "data.free_invokes[0][1]",
        ),
        (
            "/commands",
            {
                "type": "PrepareScene",
                "data": {
                    "scene_id": "q",
                    "name": "Q",
                    "participants": [],
                    "aspects": [{"name": "x", "free_invokes": [["alice", 10**7]]}],
                },
            },
            "data.aspects[0].free_invokes[0][1]",
        ),
        (
            "/commands",
            {
                "type": "Roll",
                "data": {
                    "actor": "ruth",
                    "action": "overcome",
                    "skill": "fight",
                    "difficulty": 10**9,
                },
            },
            "data.difficulty",
        ),
    ]
    for path, body, field in refused:
        status, answer = client.request("POST", table.path(path), body, gm)
        assert status == 422, (body, answer)
        assert answer["error"] == "malformed" and field in answer["fields"], (body, answer)
        assert answer["waivable"] is False
    # A sheet is text holding JSON: what it holds is checked as a character file is.
    sheet = json.loads(ruth_sheet())
    sheet["name"] = LONE
    status, answer = client.request(
        "POST",
        table.path("/commands"),
        {"type": "UpdateCharacter", "data": {"sheet": json.dumps(sheet)}},
        gm,
    )
    assert status == 422 and "$.name" in answer["detail"], answer
    status, answer = client.request("POST", "/tables", {"name": LONE})
    assert status == 422 and "name" in answer["fields"]
    for query in (f"/log?before={HUGE}", f"/events?after={HUGE}", "/log?link=%00"):
        status, answer = client.request("GET", table.path(query), link=gm)
        assert status == 422, (query, answer)
    status, answer = client.request("GET", "/tables/%00/state", link=gm)
    assert status == 422 and "path" in answer["fields"]
    assert _gm_state(client, table) == before  # nothing was stored
    status, health = client.request("GET", "/health")
    assert status == 200 and health["ok"]


def test_a_socket_command_with_a_bad_id_is_refused_before_it_is_applied(served: Served) -> None:
    client = Client(served)
    table = _open(client)
    version = _gm_state(client, table)["table"]["version"]
    url = served.base.replace("http", "ws") + table.path(f"/ws?link={table.links['gm']}")
    url_now = f"{url}&after={version}"
    with connect(url_now, open_timeout=10) as socket:
        assert json.loads(socket.recv(timeout=10))["kind"] == "hello"
        for message in (
            {"kind": "command", "id": LONE, "type": "Note", "data": {"text": "hi"}},
            {"kind": "command", "id": {"deep": [1]}, "type": "Note", "data": {"text": "hi"}},
            {"kind": "command", "id": 1, "type": "Note", "data": {"text": NUL}},
            {
                "kind": "command",
                "id": 2,
                "type": "Note",
                "data": {"text": "x"},
                "expected_version": HUGE,
            },
        ):
            socket.send(json.dumps(message))
            answer = json.loads(socket.recv(timeout=10))
            assert answer["kind"] == "error" and answer["status"] == 422, answer
            assert answer["id"] == (message["id"] if isinstance(message["id"], int) else None)
        # The socket is still open and the table as it was.
        socket.send(json.dumps({"kind": "ping"}))
        assert json.loads(socket.recv(timeout=10))["kind"] == "pong"
    assert _gm_state(client, table)["table"]["version"] == version
    with connect(f"{url}&after=%00", open_timeout=10) as socket:
        answer = json.loads(socket.recv(timeout=10))
        assert answer["status"] == 422 and "after" in answer["fields"]


# -- random commands -------------------------------------------------------------------------

#: Commands left out of the random play: they show the players a secret by design (a reveal, a
#: prepared scene started) or take away the seats the test reads through.
SHOWING = {"RevealAspect", "RevealCharacter", "RevealRoll", "StartPreparedScene", "RemoveSeat"}
IDS = ["ruth", "alice", "gm", "ann", "ben", "sam", "a1", "a2", "a3", "ruth/trouble/1", "c", "p"]
SKILLS = ["fight", "notice", "athletics", "deceive", "raging_fire"]
DICE = ["+0-+", "0000", "++++", "----", "-+0-", "bad", "+", LONE]
HOSTILE_TEXT = [LONE, NUL, "x" * 300, "\u202e", "\U0001f3b2"]
HOSTILE_INT = [10**30, -(10**30), 2**63, 10**7, -1, 0, 21, -11, 2**63 - 1]


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _values(name: str, hint: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return st.none() | _values(name, inner[0])
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_values(name, args[0]), max_size=3)
        return st.tuples(*(_values(name, a) for a in args)).map(list)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from([m.value for m in hint])
    if hint is bool:
        return st.booleans()
    if hint is int:
        return _mostly(st.integers(-2, 6), st.sampled_from(HOSTILE_INT))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _fields(hint)
    if name in ("sheet", "forms"):
        return st.sampled_from([ruth_sheet(), npc_sheet(), "{}", "not json", "[" * 5000])
    if "dice" in name:
        return _mostly(st.sampled_from(DICE[:5]), st.sampled_from(DICE[5:]))
    if "skill" in name:
        return st.sampled_from(SKILLS)
    return _mostly(st.sampled_from(IDS) | st.text(max_size=6), st.sampled_from(HOSTILE_TEXT))


def _mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``good`` nine times in ten, ``bad`` the tenth."""
    return st.integers(0, 9).flatmap(lambda n: bad if n == 0 else good)


#: Stands for dice in a command below, drawn for each example.
ROLLED = "<dice>"

#: Commands a table in play sees often, well formed, from the seat that would send them: the
#: random play goes deep (rolls, invokes, a conflict) rather than stopping at a refusal.
PLAUSIBLE: list[tuple[str, str, dict[str, Any]]] = [
    (
        "ann",
        "Roll",
        {
            "actor": "ruth",
            "action": "overcome",
            "skill": "athletics",
            "difficulty": 2,
            "dice": ROLLED,
        },
    ),
    (
        "ann",
        "Roll",
        {"actor": "ruth", "action": "create_advantage", "skill": "notice", "difficulty": 1},
    ),
    (
        "gm",
        "Roll",
        {
            "actor": "alice",
            "action": "overcome",
            "skill": "deceive",
            "against": "ruth",
            "defend_skill": "notice",
        },
    ),
    (
        "gm",
        "Roll",
        {
            "actor": "ruth",
            "action": "overcome",
            "skill": "fight",
            "difficulty": 4,
            "hidden_difficulty": True,
        },
    ),
    ("ann", "Invoke", {"aspect_id": "a2", "by": "ruth", "free": True}),
    ("ann", "Invoke", {"aspect_id": "ruth/high_concept/1", "by": "ruth"}),
    ("gm", "Invoke", {"aspect_id": "a1", "by": "alice", "effect": "reroll", "dice": ROLLED}),
    ("ann", "ResolveRoll", {}),
    ("gm", "ResolveRoll", {}),
    ("gm", "ResolveRoll", {"option": "fail"}),
    ("gm", "HideNpcDice", {"hidden": False}),
    ("gm", "HideNpcDice", {"hidden": True}),
    ("gm", "HideDifficulty", {"actor": "ruth", "difficulty": 3, "skill": "notice"}),
    (
        "gm",
        "StartConflict",
        {"sides": [["heroes", ["ruth"]], ["cult", ["alice"]]], "first": "ruth"},
    ),
    (
        "gm",
        "AddHazard",
        {"hazard_id": "fire", "name": "Raging Fire", "rating": 4, "weapon": 2, "side": "cult"},
    ),
    (
        "gm",
        "Attack",
        {
            "actor": "ruth",
            "target": "alice",
            "skill": "fight",
            "dice": ROLLED,
            "defend_dice": ROLLED,
        },
    ),
    (
        "gm",
        "Attack",
        {
            "actor": "alice",
            "target": "ruth",
            "skill": "fight",
            "dice": ROLLED,
            "defend_dice": ROLLED,
        },
    ),
    (
        "gm",
        "Attack",
        {
            "actor": "fire",
            "target": "ruth",
            "skill": "raging_fire",
            "dice": ROLLED,
            "defend_dice": ROLLED,
        },
    ),
    (
        "ann",
        "Overcome",
        {"actor": "ruth", "skill": "athletics", "disable_hazard": "fire", "dice": ROLLED},
    ),
    ("ann", "Absorb", {"boxes": [0]}),
    ("gm", "EndTurn", {"next_actor": "alice"}),
    ("gm", "EndTurn", {"next_actor": "fire"}),
    ("ann", "EndTurn", {"next_actor": "ruth"}),
    ("gm", "TakeOut", {}),
    ("gm", "FinishConflict", {}),
    ("gm", "AddSituationAspect", {"name": "Smoke", "hidden": True, "known_to": ["alice"]}),
    ("gm", "DeclareStoryDetail", {"aspect_id": "a1", "by": "alice", "detail": "It is a lie"}),
    ("ann", "Note", {"text": "Ruth looks around", "visibility": "private"}),
    ("gm", "SecretRoll", {"actor": "alice", "skill": "deceive", "reason": "why", "dice": ROLLED}),
    ("gm", "Undo", {"target_version": 0}),  # made to reach a few events back, below
    ("gm", "EndScene", {}),
    ("gm", "StartScene", {"name": "Hold", "participants": ["ruth", "alice"]}),
]


def _fields(kind: type) -> st.SearchStrategy[dict[str, Any]]:
    fields = [f for f in dataclasses.fields(kind) if f.init]
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    return st.fixed_dictionaries(
        {f.name: _values(f.name, _hints(kind)[f.name]) for f in fields if f.name in required},
        optional={
            f.name: _values(f.name, _hints(kind)[f.name]) for f in fields if f.name not in required
        },
    )


def _hidden_from(seat: str) -> set[str]:
    return set(HIDDEN) | ({BEN_PRIVATE} if seat != "ben" else set())


def _reads(client: Client, table: Table, seat: str) -> list[tuple[str, str]]:
    """Everything a seat may read of the table now, as text."""
    link = table.links[seat]
    return [
        (part, json.dumps(client.request("GET", table.path(part), link=link)[1]))
        for part in ("/state", "/extras", "/log?limit=200", "/events")
    ]


@st.composite
def _sent(draw: st.DrawFn, names: list[str]) -> tuple[str, dict[str, Any]]:
    """One command and the seat that sends it: most often one a table in play sees, well
    formed; else any command, with any fields (some hostile), from any seat."""
    if draw(st.integers(0, 2)) > 0:
        who, type_name, template = draw(st.sampled_from(PLAUSIBLE))
        # Dice always entered: the table's own rolls would make the play differ run to run.
        faces = st.sampled_from(DICE[:5])
        fields = {k: draw(faces) if v == ROLLED else v for k, v in template.items()}
    else:
        type_name = draw(st.sampled_from(names))
        fields = draw(_fields(COMMAND_TYPES[type_name]))
        who = draw(st.sampled_from(["gm", "gm", "gm", "ann", "ben", "sam"]))
    body: dict[str, Any] = {"type": type_name, "data": fields}
    if draw(st.integers(0, 3)) == 0:
        body["idempotency_key"] = draw(st.sampled_from(["k1", "k2", LONE]))
    return who, body


def test_random_commands_never_fail_the_server_nor_leak(served: Served) -> None:
    client = Client(served, strict=False)
    table = _open(client)
    names = sorted(set(COMMAND_TYPES) - SHOWING - {"CreateTable"})
    setup_version = _gm_state(client, table)["table"]["version"]
    state = [_gm_state(client, table)]

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(commands=st.lists(_sent(names), min_size=1, max_size=6))
    def play(commands: list[tuple[str, dict[str, Any]]]) -> None:
        for who, body in commands:
            fields = body["data"]
            if body["type"] == "Undo" and isinstance(fields.get("target_version"), int):
                # The set-up stays (undoing it would take away the seats the test reads
                # through), and an undo reaches a few events back, so the play goes on deep.
                recent = state[0]["table"]["version"] - 2
                fields["target_version"] = max(fields["target_version"], setup_version + 1, recent)
            status, answer = client.request("POST", table.path("/commands"), body, table.links[who])
            after = _gm_state(client, table)
            if status >= 400:
                assert "detail" in answer, answer
                assert after == state[0], f"refused ({status}) but the table changed: {body}"
            state[0] = after
            for seat in ("ann", "ben", "sam"):
                for part, text in _reads(client, table, seat):
                    for marker in _hidden_from(seat):
                        assert marker not in text, f"{marker} reached {seat} in {part}: {body}"

    play()
    # The table the server holds is the fold of its log, as the GM's export has it.
    status, exported = client.request("GET", table.path("/export"), link=table.links["gm"])
    assert status == 200
    folded = import_table(exported).state
    assert json.loads(json.dumps(view_for(folded, "gm"))) == _gm_state(client, table)
