"""Zones through the page, as a group met them (issue 39): the Italian GM at 1440x900 places
people as the scene starts and moves anyone anywhere at any time; the Swedish player on a phone
walks to the next zone outside the fight and climbs further with an overcome; and once the
fight starts, a shot into the next zone needs no overcome first (fate-condensed.ru.md § Setting
Up Scenes > Zones; fate-core-conflicts.en.txt § Establishing Sides, § Movement)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.sheets import npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_rolls_page import PHONE, seats
from tests.web.test_turns import call, catalog, command, state_of

GM_SCREEN = (1440, 900)


def _table(server: str) -> dict[str, str]:
    made = call(server, "/tables", {"name": "Il molo", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Åsa", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    return {"table": table, "gm": gm, "ann": ann["link"]}


def _positions(server: str, table: dict[str, str]) -> dict[str, str]:
    found: dict[str, str] = state_of(server, table["table"], table["gm"])["scene"]["zones"][
        "positions"
    ]
    return found


@pytest.mark.rule("zone.place", "zone.free-move", "zone.move-roll", "zone.ranged")
def test_placing_walking_and_climbing_outside_the_fight(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = _table(server)
    it, sv = catalog("it"), catalog("sv")
    with seats(
        browser, server, (table["gm"], "it-IT", GM_SCREEN), (table["ann"], "sv-SE", PHONE)
    ) as (gm, ann):
        # The GM types three zones in a row and starts Alice on the roof, Ruth on the pier.
        gm.click("#start-scene")
        gm.fill("#scene-name", "Il molo")
        gm.fill("#scene-zones", "molo, magazzino, tetto")
        gm.fill("#scene-links", "molo-magazzino, magazzino-tetto")
        gm.select_option("#scene-place-ruth", "molo")
        gm.select_option("#scene-place-alice", "tetto")
        gm.click("#scene-form-submit")
        expect(ann.locator("#zone-map [data-zone=tetto] [data-character=alice]")).to_be_visible()
        assert _positions(server, table) == {"ruth": "molo", "alice": "tetto"}
        # Outside a fight the GM's place form does it all: no move row per character.
        expect(gm.locator("#place-button")).to_be_visible()
        expect(gm.locator("[id^=move-button-]")).to_have_count(0)
        # Åsa walks Ruth to the warehouse: the next zone, nothing in the way, no roll.
        expect(ann.locator("#move-ruth option")).to_have_count(1)
        ann.click("#move-button-ruth")
        expect(gm.locator("#zone-map [data-zone=magazzino] [data-character=ruth]")).to_be_visible()
        expect(gm.locator("#log li", has_text="magazzino").first).to_contain_text(
            it["event.Moved"].split("{who}")[1].split("{zone}")[0].strip()
        )
        # The GM puts Alice back on the pier, mid-scene, from the Italian page.
        gm.select_option("#place-who", "alice")
        gm.select_option("#place-zone", "molo")
        gm.click("#place-button")
        expect(ann.locator("#zone-map [data-zone=molo] [data-character=alice]")).to_be_visible()
        # The GM's word brings Ruth back to the pier: the roof is two zones off, no free move.
        gm.select_option("#place-who", "ruth")
        gm.select_option("#place-zone", "molo")
        gm.click("#place-button")
        expect(ann.locator("#zone-map [data-zone=molo] [data-character=ruth]")).to_be_visible()
        # Åsa climbs there with an overcome, which takes her there on a success.
        ann.click("#new-roll")
        ann.select_option("#roll-action", "overcome")
        expect(ann.locator("#roll-move-to")).to_be_visible()
        ann.select_option("#roll-move-to", "tetto")
        ann.select_option("#roll-skill", "athletics")
        ann.fill("#roll-dice", "++00")
        ann.click("#roll-form-submit")
        card = ann.locator(".roll-card[data-actor=ruth]")
        expect(card).to_be_visible()
        expect(card.locator("[data-option=move]")).to_have_count(1)
        card.locator(".resolve-button").click()
        expect(gm.locator("#zone-map [data-zone=tetto] [data-character=ruth]")).to_be_visible()
        assert _positions(server, table)["ruth"] == "tetto"
        expect(gm.locator("#log li", has_text="tetto").first).to_be_visible()
        # Alice comes down to the warehouse, by the GM's word, and the fight starts: Ruth on the
        # roof shoots into the next zone at once, no overcome to get near first.
        gm.select_option("#place-who", "alice")
        gm.select_option("#place-zone", "magazzino")
        gm.click("#place-button")
        expect(
            ann.locator("#zone-map [data-zone=magazzino] [data-character=alice]")
        ).to_be_visible()
        sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
        command(
            server, table["table"], table["gm"], "StartConflict", {"sides": sides, "first": "ruth"}
        )
        ann.click("#attack-ruth")
        ann.select_option("#attack-skill", "shoot")
        expect(ann.locator("#attack-target option[value=alice]")).to_have_count(1)
        expect(ann.locator("#attack-range")).to_have_text(
            sv["attack.ranged"].replace("{skill}", "Skjuta")
        )
        ann.keyboard.press("Escape")
        assert gm.evaluate(UNTRANSLATED, "it") == []
        assert ann.evaluate(UNTRANSLATED, "sv") == []


#: True once every link of the zone map is drawn (a line the browser does not draw has an empty
#: box), from the middle of one zone's box to the middle of the other's, and not under any other
#: zone (where it would read as that zone's link), nor out of the map.
LINKS_DRAWN = """(links) => {
  const map = document.querySelector("#zone-map").getBoundingClientRect();
  const drawn = document.querySelectorAll("#zone-map svg.links :is(line, path)");
  const zone = (name) => document.querySelector(`#zone-map [data-zone="${name}"]`).getBoundingClientRect();
  const inside = ([x, y], r) => x > r.left && x < r.right && y > r.top && y < r.bottom;
  return drawn.length === links.length && links.every(([a, b]) => {
    const line = document.querySelector(`#zone-map svg.links :is([data-link="${a}|${b}"], [data-link="${b}|${a}"])`);
    const box = line && line.getBoundingClientRect();
    if (!box || (box.width === 0 && box.height === 0)) return false;
    const length = line.getTotalLength();
    const at = (d) => { const p = line.getPointAtLength(d); return [p.x + map.left, p.y + map.top]; };
    const [ra, rb] = [zone(a), zone(b)];
    const near = ([x, y], r) => Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2)) <= 2;
    const others = [...document.querySelectorAll("#zone-map [data-zone]")]
      .filter((el) => el.dataset.zone !== a && el.dataset.zone !== b)
      .map((el) => el.getBoundingClientRect());
    const points = [...Array(49).keys()].map((i) => at((length * (i + 1)) / 50));
    const under = points.some((p) => others.some((r) => inside(p, r)));
    // Inside the map too, not over what the page shows under it.
    const out = points.some(([x, y]) => x < map.left || x > map.right || y < map.top || y > map.bottom);
    const ends = [at(0), at(length)];
    const joins = (near(ends[0], ra) && near(ends[1], rb)) || (near(ends[0], rb) && near(ends[1], ra));
    return joins && !under && !out;
  });
}"""


#: Records, for each zone map put in the page from now on, whether it came with room for a bowed
#: link (a MutationObserver's answer comes before the next frame, where the links are drawn).
WATCH_MAPS = """() => {
  window.mapsCameRoomy = [];
  new MutationObserver((records) => {
    for (const added of records.flatMap((r) => [...r.addedNodes])) {
      const map = added instanceof Element && (added.id === "zone-map" ? added : added.querySelector("#zone-map"));
      if (map) window.mapsCameRoomy.push(map.classList.contains("bent"));
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_the_links_between_zones_are_drawn(server: str, browser: Any) -> None:
    """The zone map's lines between linked zones went into an <svg> made as an HTML element (an
    unknown one, in which the browser draws no SVG line): each line was in the page and none was
    seen. Each is drawn now, from one zone to the other, on the GM's screen and on a phone. Once
    drawn, the link from the warehouse to the roof, the first and the third zone of the GM's row,
    ran straight under the pier's box between them, and read as two links of the pier: it bows
    round it."""
    from playwright.sync_api import expect

    table = _table(server)
    scene = {
        "name": "Il molo",
        "participants": ["ruth", "alice"],
        "zones": ["molo", "magazzino", "tetto"],
        "links": [["molo", "magazzino"], ["magazzino", "tetto"]],
        "positions": [["ruth", "molo"], ["alice", "tetto"]],
    }
    command(server, table["table"], table["gm"], "StartScene", scene)
    with seats(
        browser, server, (table["gm"], "it-IT", GM_SCREEN), (table["ann"], "sv-SE", PHONE)
    ) as (gm, ann):
        for page in (gm, ann):
            expect(page.locator("#zone-map svg.links :is(line, path)")).to_have_count(2)
            page.wait_for_function(LINKS_DRAWN, arg=scene["links"])
        # The map is drawn again as Alice moves: the room below its zones for the bowed link is
        # there as each new map comes in (a map drawn without it would grow a frame later, and
        # the page under it jump), and the links are drawn again.
        gm.evaluate(WATCH_MAPS)
        place = {"character_id": "alice", "zone": "magazzino"}
        command(server, table["table"], table["gm"], "PlaceInZone", place)
        expect(gm.locator("#zone-map [data-zone=magazzino] [data-character=alice]")).to_be_visible()
        gm.wait_for_function(LINKS_DRAWN, arg=scene["links"])
        roomy = gm.evaluate("() => window.mapsCameRoomy")
        assert roomy and all(roomy)
