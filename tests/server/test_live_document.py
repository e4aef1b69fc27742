"""The live document over the WebSocket (``?view=1``): the seat's view and extras in ``hello``,
then after every command a patch that brings it up to date, redacted per seat, so a page never
asks for the view again."""

from __future__ import annotations

import json
from typing import Any

from fatekit.server.patch import apply_patch, diff

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]


def fresh(seat: Seat) -> dict[str, Any]:
    """The document as the HTTP reads give it now."""
    return {**seat.get("/state"), "extras": seat.get("/extras")}


class Page:
    """What a page keeps: the document, patched as view messages arrive, and the log's events."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        hello = socket.receive_json()
        assert hello["kind"] == "hello" and "view" in hello, hello
        self.hello = hello
        self.document: dict[str, Any] = hello["view"]
        self.version: int = hello["version"]
        self.events: list[dict[str, Any]] = []
        self.sizes: list[int] = []
        self.heard = hello["after"]  # the last version an event or version message reached
        self.frames: list[str] = []

    def until(self, version: int, *, document: bool = True) -> None:
        """Read messages until the document (or, without ``document``, the log) reaches
        ``version``."""
        while (self.version if document else self.heard) < version:
            raw = self.socket.receive_text()
            self.frames.append(raw)
            parsed = json.loads(raw)
            # With batch=1 a command's messages come in one frame, a list of them in order.
            for message in parsed if isinstance(parsed, list) else [parsed]:
                self.take(message, len(json.dumps(message)))

    def take(self, message: dict[str, Any], size: int) -> None:
        if message["kind"] == "event":
            self.events.append(message["event"])
            self.heard = message["event"]["version"]
        elif message["kind"] == "version":
            self.heard = message["version"]
        elif message["kind"] == "view":
            self.sizes.append(size)
            if "patch" in message:
                assert message["base"] == self.version, "a patch for another version"
                self.document = apply_patch(self.document, message["patch"])
            else:
                self.document = message["view"]
            self.version = message["version"]
            assert self.document["table"]["version"] == self.version


def connect(seat: Seat, query: str = "&view=1") -> Any:
    return seat.client.websocket_connect(f"/tables/{seat.table_id}/ws?link={seat.link}{query}")


def test_hello_brings_the_document_and_no_history(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    for n in range(5):
        gm.send("Note", text=f"note {n}")
    with connect(ann) as socket:
        page = Page(socket)
        assert page.document == fresh(ann)
        assert page.hello["after"] == page.hello["version"] == 7
        gm.send("Note", text="one more")
        page.until(8)
        # The backlog was not sent: the first event the page saw is the new one.
        assert [e["version"] for e in page.events] == [8]


def test_every_command_patches_each_seats_document_as_that_seat_sees_it(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    ben = gm.invite("Ben")
    with connect(gm) as g, connect(ann) as a, connect(ben) as b:
        pages = {"gm": (gm, Page(g)), "ann": (ann, Page(a)), "ben": (ben, Page(b))}
        steps: list[tuple[Seat, str, dict[str, Any]]] = [
            (ann, "AddCharacter", {"sheet": ruth_sheet(), "owner": "ann"}),
            (gm, "AddCharacter", {"sheet": charles_sheet(), "owner": "ben"}),
            (gm, "AddCharacter", {"sheet": npc_sheet()}),
            (gm, "StartSession", {}),
            (
                gm,
                "StartScene",
                {"name": "On deck", "participants": ["ruth", "charles", "alice"]},
            ),
            (gm, "AddSituationAspect", {"name": "ZZ Hidden Hatch", "hidden": True}),
            (gm, "AddSituationAspect", {"name": "Slick Deck", "free_invokes": [["ruth", 1]]}),
            (gm, "Note", {"text": "ZZ-GM-ONLY", "visibility": "gm"}),
            (
                ann,
                "Roll",
                {
                    "actor": "ruth",
                    "action": "overcome",
                    "skill": "athletics",
                    "difficulty": 2,
                    "dice": "0-00",
                },
            ),
            (ann, "Invoke", {"aspect_id": "a2", "by": "ruth", "free": True}),
            (ann, "ResolveRoll", {}),
            (gm, "RevealCharacter", {"character_id": "alice"}),
        ]
        for seat, kind, data in steps:
            version = seat.send(kind, **data)["version"]
            for who, (holder, page) in pages.items():
                page.until(version)
                assert page.document == fresh(holder), (kind, who)
        for who in ("ann", "ben"):
            text = json.dumps(pages[who][1].document)
            assert "ZZ Hidden Hatch" not in text and "ZZ-GM-ONLY" not in text, who
        assert "ZZ Hidden Hatch" in json.dumps(pages["gm"][1].document)


def test_batch_sends_a_commands_messages_in_one_frame(api: Api) -> None:
    """What the page asks for (``batch=1``): each command's events and then the patch in one
    frame, a list in order, so a seat costs the server one send a command; the document ends
    as the HTTP reads give it, as message by message."""
    gm = api.table()
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth"])
    with connect(ann, "&view=1&batch=1") as together, connect(ann) as apart:
        one, many = Page(together), Page(apart)
        commands = [
            (
                ann,
                "Roll",
                {
                    "actor": "ruth",
                    "action": "overcome",
                    "skill": "athletics",
                    "difficulty": 2,
                    "dice": "++++",
                },
            ),
            (ann, "ResolveRoll", {}),
            (gm, "Note", {"text": "the rain starts"}),
        ]
        for seat, kind, data in commands:
            version = seat.send(kind, **data)["version"]
            before = (len(one.frames), len(many.frames))
            one.until(version)
            many.until(version)
            assert len(one.frames) - before[0] == 1, kind
            frame = json.loads(one.frames[-1])
            kinds = [m["kind"] for m in frame]
            assert kinds[-1] == "view" and set(kinds[:-1]) <= {"event", "version"}, kinds
            assert len(many.frames) - before[1] == len(frame), kind
        assert one.document == many.document == fresh(ann)
        assert one.events == many.events


def test_a_bad_batch_is_refused_with_its_field(api: Api) -> None:
    gm = api.table()
    with connect(gm, "&view=1&batch=2") as socket:
        refusal = socket.receive_json()
    assert refusal["status"] == 422 and "batch" in refusal["fields"], refusal


def test_a_note_is_a_tiny_patch(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    with connect(ann) as socket:
        page = Page(socket)
        for n in range(3):
            version = gm.send("Note", text=f"note {n}")["version"]
            page.until(version)
        # Only the versions move: the note itself is an event for the log.
        assert max(page.sizes) < 200, page.sizes


def test_a_reconnect_gets_a_new_document_and_the_events_it_missed(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    with connect(ann) as socket:
        page = Page(socket)
        seen = page.version
    gm.send("Note", text="while away")
    gm.send("Note", text="ZZ-GM-ONLY", visibility="gm")
    gm.send("Note", text="still away")
    with connect(ann, f"&view=1&after={seen}") as socket:
        again = Page(socket)
        assert again.document == fresh(ann) and again.version == seen + 3
        again.until(seen + 3, document=False)  # the backlog that follows hello
        assert [e["data"]["text"] for e in again.events] == ["while away", "still away"]


def test_without_view_nothing_changes_for_old_clients(api: Api) -> None:
    gm = api.table()
    with connect(gm, "") as socket:
        hello = socket.receive_json()
        assert "view" not in hello and hello["after"] == 0
        kinds = [socket.receive_json()["kind"] for _ in range(1)]
        assert kinds == ["event"]
    with connect(gm, "&view=maybe") as socket:
        refused = socket.receive_json()
        assert refused["kind"] == "error" and refused["status"] == 422


def test_diff_and_apply_patch_agree() -> None:
    old = {"a": 1, "b": [1, 2, {"c": 3}], "d": {"e/f": 1, "g~h": 2}, "gone": True}
    new = {"a": 2, "b": [1, 2, {"c": 4}], "d": {"e/f": 5, "g~h": 2}, "added": [1]}
    ops = diff(old, new)
    assert apply_patch(old, ops) == new
    assert {"op": "replace", "path": "/d/e~1f", "value": 5} in ops
    assert {"op": "replace", "path": "/b/2/c", "value": 4} in ops
    assert diff(new, new) == []
    assert apply_patch([1, 2], diff([1, 2], [3])) == [3]
