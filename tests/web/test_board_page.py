"""The scene's board through the page (issue 42), as a group would use it: the English GM at
1440x900 uploads a map (a bad file first: refused beside the control, nothing kept), draws one
zone as a rectangle and one as a polygon, places everyone from the tray; the Swedish player on a
phone drags her token to the next zone (a free move), onto a zone the view does not offer
(nothing is sent), onto one two zones off (the overcome's roll dialog opens, the zone filled in),
and moves with the keyboard alone (fate-condensed.en.md § Setting Up Scenes > Zones; Fate Core
§ Movement)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.agent import axe
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_rolls_page import PHONE, seats
from tests.web.test_turns import call, command, state_of

GM_SCREEN = (1440, 900)
ZONES = ["brygga", "källare", "lager", "tak"]


def _table(server: str) -> dict[str, str]:
    made = call(server, "/tables", {"name": "Bryggan", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    asa = call(server, f"/tables/{table}/seats", {"name": "Åsa", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": asa["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    # The cellar has no way to it: no move of any kind is offered there.
    scene = {
        "name": "Bryggan",
        "participants": ["ruth", "alice"],
        "zones": ZONES,
        "links": [["brygga", "lager"], ["lager", "tak"]],
    }
    command(server, table, gm, "StartScene", scene)
    return {"table": table, "gm": gm, "asa": asa["link"]}


def _zones(server: str, table: dict[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = state_of(server, table["table"], table["gm"])["scene"]["zones"]
    return found


def _png(path: Path) -> Path:
    from PIL import Image

    picture = Image.new("RGB", (400, 250), (180, 200, 170))
    picture.paste((90, 110, 160), (0, 180, 400, 250))
    data = io.BytesIO()
    picture.save(data, "PNG")
    path.write_bytes(data.getvalue())
    return path


def _drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, steps=4)
    page.mouse.move(*end, steps=4)
    page.mouse.up()


def _middle(page: Any, selector: str) -> tuple[float, float]:
    page.locator("#board-svg").scroll_into_view_if_needed()
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _on_board(page: Any, x: float, y: float) -> tuple[float, float]:
    """A point of the board at fractions ``x`` across and ``y`` down its frame."""
    page.locator("#board-svg").scroll_into_view_if_needed()
    box = page.locator("#board-svg").bounding_box()
    assert box is not None
    return box["x"] + box["width"] * x, box["y"] + box["height"] * y


@pytest.mark.rule("zone.place", "zone.free-move", "zone.move-roll")
def test_a_gm_draws_the_map_and_a_player_moves_on_a_phone(
    server: str, browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    table = _table(server)
    with seats(
        browser, server, (table["gm"], "en-GB", GM_SCREEN), (table["asa"], "sv-SE", PHONE)
    ) as (gm, asa):
        expect(gm.locator("#board-svg .board-zone")).to_have_count(4)
        # A file that is no picture: the server's reason beside the upload, and no map kept.
        bad = tmp_path / "map.png"
        bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"not really a picture" * 10)
        gm.set_input_files("#board-map-file", str(bad))
        expect(gm.locator("#board-tools .refusal")).to_be_visible()
        assert _zones(server, table)["map"] is None
        expect(gm.locator("#board-svg image.board-map")).to_have_count(0)
        # A real one: both seats draw it under the zones, fetched with their own link.
        gm.set_input_files("#board-map-file", str(_png(tmp_path / "harbour.png")))
        for page in (gm, asa):
            expect(page.locator("#board-svg image.board-map[href^='blob:']")).to_have_count(1)
        made = _zones(server, table)["map"]
        assert (made["width"], made["height"], made["media_type"]) == (400, 250, "image/png")
        # The pier as a rectangle, dragged across the map's left part.
        gm.select_option("#board-zone", "brygga")
        gm.click("#board-draw-rect")
        _drag(gm, _on_board(gm, 0.05, 0.1), _on_board(gm, 0.3, 0.6))
        expect(gm.locator("#board-svg .board-zone[data-zone=brygga]:not(.laid-out)")).to_have_count(
            1
        )
        pier = _zones(server, table)["shapes"]["brygga"]
        assert pier["drawn"] and pier["kind"] == "rect"
        (x0, y0), (x1, y1) = pier["points"]
        assert abs(x0 - 500) < 150 and abs(y0 - 1000) < 150
        assert abs(x1 - 3000) < 150 and abs(y1 - 6000) < 150
        # The roof as a triangle below the pier: three corners clicked, Enter closes it.
        gm.select_option("#board-zone", "tak")
        gm.click("#board-draw-polygon")
        for x, y in ((0.1, 0.7), (0.4, 0.7), (0.25, 0.95)):
            gm.mouse.click(*_on_board(gm, x, y))
        gm.keyboard.press("Enter")
        expect(gm.locator("#board-svg .board-zone[data-zone=tak]:not(.laid-out)")).to_have_count(1)
        roof = _zones(server, table)["shapes"]["tak"]
        assert roof["drawn"] and roof["kind"] == "polygon" and len(roof["points"]) == 3
        outline = asa.locator("#board-svg .board-zone[data-zone=tak] polygon")
        expect(outline).to_have_attribute("points", re.compile(r"^\S+ \S+ \S+$"))
        # Ruth dragged from the tray onto the pier; Alice placed on the roof from her menu.
        _drag(gm, _middle(gm, "#board-unplaced-ruth"), _on_board(gm, 0.15, 0.35))
        expect(asa.locator("#token-ruth")).to_have_attribute("data-zone", "brygga")
        gm.focus("#board-unplaced-alice")
        gm.keyboard.press("Enter")
        gm.click("#board-go-alice-tak")
        expect(asa.locator("#token-alice")).to_have_attribute("data-zone", "tak")
        assert _zones(server, table)["positions"] == {"alice": "tak", "ruth": "brygga"}

        # Åsa, on her phone: a drag onto the cellar (no way there) sends nothing.
        sent: list[str] = []
        asa.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
        expect(asa.locator("#token-alice")).not_to_have_class("movable")
        _drag(
            asa,
            _middle(asa, "#token-ruth .board-disc"),
            _middle(asa, "#board-svg .board-zone[data-zone='källare'] .board-shape"),
        )
        expect(asa.locator("#token-ruth")).to_have_attribute("data-zone", "brygga")
        assert sent == []
        # The roof is two zones off: the drop opens the overcome, the roof filled in.
        _drag(asa, _middle(asa, "#token-ruth .board-disc"), _on_board(asa, 0.25, 0.78))
        expect(asa.locator("#roll-move-to")).to_have_value("tak")
        expect(asa.locator("#roll-action")).to_have_value("overcome")
        assert sent == []
        asa.keyboard.press("Escape")
        # The warehouse is the next zone: a free move, sent and taken.
        _drag(
            asa,
            _middle(asa, "#token-ruth .board-disc"),
            _middle(asa, "#board-svg .board-zone[data-zone=lager] .board-shape"),
        )
        expect(gm.locator("#token-ruth")).to_have_attribute("data-zone", "lager")
        assert len(sent) == 1 and sent[0].endswith("/commands")
        # With the keyboard alone: the token's menu lists exactly the moves offered.
        asa.focus("#token-ruth")
        asa.keyboard.press("Enter")
        menu = asa.locator("#board-menu [role=menuitem]")
        expect(menu).to_have_count(2)
        assert menu.evaluate_all(
            "(items) => items.map((i) => [i.dataset.zone, i.dataset.kind])"
        ) == [
            ["brygga", "free"],
            ["tak", "free"],
        ]
        expect(asa.locator("#board-go-ruth-brygga")).to_be_focused()
        asa.keyboard.press("ArrowDown")
        expect(asa.locator("#board-go-ruth-tak")).to_be_focused()
        asa.keyboard.press("Enter")
        expect(gm.locator("#token-ruth")).to_have_attribute("data-zone", "tak")
        assert _zones(server, table)["positions"]["ruth"] == "tak"
        # The focus stays on her token, moved.
        expect(asa.locator("#token-ruth[data-zone=tak]")).to_be_focused()
        # Zoomed in on the phone, the board still fits it; back to the whole map.
        asa.click("#board-zoom-in")
        expect(asa.locator("#board-svg.zoomed")).to_have_count(1)
        assert float(asa.locator("#board-svg").get_attribute("viewBox").split()[2]) == 8000
        asa.click("#board-zoom-whole")
        expect(asa.locator("#board-svg")).to_have_attribute("viewBox", re.compile(r"^0 0 10000 "))
        # The GM keeps the cellar from the players (marked on the GM's board, gone from
        # Åsa's), and puts the roof back where the default layout has it.
        gm.select_option("#board-zone", "källare")
        gm.click("#board-hide-zone")
        expect(asa.locator("#board-svg .board-zone")).to_have_count(3)
        expect(gm.locator("#board-svg .board-zone.hidden-zone[data-zone='källare']")).to_have_count(
            1
        )
        assert _zones(server, table)["hidden"] == ["källare"]
        gm.select_option("#board-zone", "tak")
        gm.click("#board-reset-shape")
        expect(gm.locator("#board-svg .board-zone.laid-out[data-zone=tak]")).to_have_count(1)
        assert not _zones(server, table)["shapes"]["tak"]["drawn"]
        # Nothing wider than the phone, the words all Swedish, and axe finds nothing on the board.
        assert asa.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert asa.evaluate(UNTRANSLATED, "sv") == []
        assert gm.evaluate(UNTRANSLATED, "en") == []
        for page in (gm, asa):
            found = [v for v in axe.violations(page) if any("board" in n for n in v["nodes"])]
            assert found == []


@pytest.mark.rule("zone.free-move", "zone.move-roll", "zone.border-aspect")
def test_a_blocked_border_and_a_fighters_free_move(server: str, browser: Any) -> None:
    """The GM puts a situation aspect on a border from the board's form (``BlockBorder``): Åsa's
    board marks the border with the aspect's name, the token's menu lists the zone behind it as
    an overcome naming the aspect, and a drop there opens the roll dialog, nothing sent. The GM
    takes the aspect off (``ClearBorder``) and the border is drawn free again, the aspect still
    in play. Then a fight starts, and Ruth's free move is the conflict's: dragged to the next zone, sent
    and taken."""
    from playwright.sync_api import expect

    table = _table(server)
    gm, game = table["gm"], table["table"]
    place = {"character_id": "ruth", "zone": "brygga"}
    command(server, game, gm, "PlaceInZone", place)
    command(server, game, gm, "PlaceInZone", {"character_id": "alice", "zone": "tak"})
    command(server, game, gm, "AddSituationAspect", {"name": "Rasad trappa", "zone": "lager"})
    found = state_of(server, game, gm)["scene"]["aspects"]
    stairs = next(a["id"] for a in found if a["name"] == "Rasad trappa")

    with seats(
        browser, server, (table["gm"], "en-GB", GM_SCREEN), (table["asa"], "sv-SE", PHONE)
    ) as (host, asa):
        line = asa.locator('#board-svg .board-link.blocked[data-link="brygga|lager"]')
        expect(line).to_have_count(0)

        host.select_option("#board-border-aspect", stairs)
        host.select_option("#board-border-zone", "brygga")
        host.select_option("#board-border-to", "lager")
        host.click("#board-block-border")
        expect(line).to_have_count(1)
        expect(asa.locator("#board-svg text.board-blocked")).to_contain_text("Rasad trappa")
        # Put there again: the server's refusal beside the form, nothing changed.
        host.select_option("#board-border-zone", "lager")
        host.select_option("#board-border-to", "brygga")
        host.click("#board-block-border")
        expect(host.locator("#board-borders .refusal")).to_be_visible()
        assert host.evaluate(UNTRANSLATED, "en") == []
        asa.focus("#token-ruth")
        asa.keyboard.press("Enter")
        way = asa.locator("#board-go-ruth-lager")
        expect(way).to_have_attribute("data-kind", "roll")
        expect(way).to_contain_text("Rasad trappa")
        asa.keyboard.press("Escape")
        expect(asa.locator("#token-ruth")).to_be_focused()
        sent: list[str] = []
        asa.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
        lager = "#board-svg .board-zone[data-zone=lager] .board-shape"
        _drag(asa, _middle(asa, "#token-ruth .board-disc"), _middle(asa, lager))
        expect(asa.locator("#roll-move-to")).to_have_value("lager")
        assert sent == []
        asa.keyboard.press("Escape")
        # The GM takes it off the border: drawn free again, the aspect still in play.
        clear = host.locator("#board-borders button[id^=board-clear-border-brygga-lager-]")
        expect(clear).to_contain_text("Rasad trappa")
        clear.click()
        expect(line).to_have_count(0)
        expect(asa.locator('#board-svg .board-link[data-link="brygga|lager"]')).to_have_count(1)
        expect(asa.locator("#board-svg text.board-blocked")).to_have_count(0)
        expect(clear).to_have_count(0)
        assert any(a["id"] == stairs for a in state_of(server, game, gm)["scene"]["aspects"])
        assert host.evaluate(UNTRANSLATED, "en") == []
        # The fight: Ruth's free move is the conflict's, to the next zone.
        sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
        command(server, game, gm, "StartConflict", {"sides": sides, "first": "ruth"})
        expect(asa.locator("#token-ruth.movable")).to_have_count(1)
        expect(asa.locator("#overcome-ruth")).to_be_visible()
        _drag(asa, _middle(asa, "#token-ruth .board-disc"), _middle(asa, lager))
        expect(asa.locator("#token-ruth")).to_have_attribute("data-zone", "lager")
        assert _zones(server, table)["positions"]["ruth"] == "lager"
        assert asa.evaluate(UNTRANSLATED, "sv") == []


def _touch_drag(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger's drag, as a phone's screen reports it (Chromium makes its pointer events of
    pointerType "touch" from these, and scrolls the page with them where the page lets it)."""
    client = page.context.new_cdp_session(page)
    steps = [start] + [
        (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        for i in range(1, 9)
    ]
    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [_point(start)]})
    for at in steps[1:]:
        client.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [_point(at)]})
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    client.detach()


def _point(at: tuple[float, float], finger: int = 0) -> dict[str, float]:
    return {"x": at[0], "y": at[1], "id": finger}


def _pinch(page: Any, middle: tuple[float, float], start: float, end: float) -> None:
    """Two fingers either side of ``middle``, ``start`` pixels apart, moved to ``end`` apart."""
    client = page.context.new_cdp_session(page)

    def fingers(apart: float) -> list[dict[str, float]]:
        return [
            _point((middle[0] - apart / 2, middle[1]), 0),
            _point((middle[0] + apart / 2, middle[1]), 1),
        ]

    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(start)})
    for i in range(1, 9):
        apart = start + (end - start) * i / 8
        client.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(apart)}
        )
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    client.detach()


@pytest.mark.rule("zone.free-move")
def test_a_finger_drags_a_token_on_a_touch_screen(server: str, browser: Any) -> None:
    """On a touch screen the token follows the finger, not the page's scrolling: Åsa drags
    Ruth to the next zone with her finger, and the free move is sent and taken; a finger on
    the map itself still scrolls the page (nothing is sent), and two pinch it from the whole
    map."""
    from playwright.sync_api import expect

    table = _table(server)
    gm, game = table["gm"], table["table"]
    command(server, game, gm, "PlaceInZone", {"character_id": "ruth", "zone": "brygga"})
    context = browser.new_context(
        locale="sv-SE",
        viewport={"width": PHONE[0], "height": PHONE[1]},
        has_touch=True,
        is_mobile=True,
    )
    try:
        errors: list[str] = []
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server}/#link={table['asa']}")
        expect(page.locator("#token-ruth")).to_have_attribute("data-zone", "brygga")
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
        # A finger on the empty ground scrolls the page and moves nobody.
        ground = _on_board(page, 0.98, 0.98)
        scrolled = page.evaluate("() => window.scrollY")
        _touch_drag(page, ground, (ground[0], ground[1] - 150))
        page.wait_for_function("(y) => window.scrollY !== y", arg=scrolled)
        assert sent == []
        expect(page.locator("#board-svg.zoomed")).to_have_count(0)
        # Two fingers pinch the whole map open (not only once zoomed in), and closed again.
        _pinch(page, _on_board(page, 0.5, 0.5), 60, 220)
        expect(page.locator("#board-svg.zoomed")).to_have_count(1)
        _pinch(page, _on_board(page, 0.5, 0.5), 240, 40)
        expect(page.locator("#board-svg.zoomed")).to_have_count(0)
        assert sent == []
        lager = "#board-svg .board-zone[data-zone=lager] .board-shape"
        _touch_drag(page, _middle(page, "#token-ruth .board-disc"), _middle(page, lager))
        expect(page.locator("#token-ruth")).to_have_attribute("data-zone", "lager")
        assert _zones(server, table)["positions"]["ruth"] == "lager"
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert errors == []
    finally:
        context.close()
