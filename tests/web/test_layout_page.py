"""What the page looks like at the sizes issue 39 played it: on a 390x844 phone every touch
target is at least 44 px high (the safety menu's button was 35 px), and at 1024x768 no aspect
card reaches past the character card it is on (long Russian aspects did)."""

from __future__ import annotations

from typing import Any

from fatekit.formats import dumps_character
from fatekit.rules import new_character
from tests.sheets import npc_sheet
from tests.web.test_rolls_page import PHONE, seats
from tests.web.test_turns import call, command

SMALL_TARGETS = """() => [...document.querySelectorAll(
  'button, select, summary, a[href], input:not([type=checkbox]):not([type=radio]):not([type=file])'
)].filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && !e.closest('[hidden], dialog:not([open])') && r.height < 44;
}).map((e) => `${e.tagName}#${e.id || e.className} ${Math.round(e.getBoundingClientRect().height)}px`)"""

OVERFLOWING = """() => [...document.querySelectorAll('.card .aspect')].filter((a) => {
  const card = a.closest('.card').getBoundingClientRect();
  const r = a.getBoundingClientRect();
  return r.right > card.right + 0.5 || a.scrollWidth > a.clientWidth + 1;
}).map((a) => a.dataset.aspect)"""


def _table(server: str) -> dict[str, str]:
    made = call(server, "/tables", {"name": "Причал", "preset": "core"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Åsa", "role": "player"}, gm)
    vey = new_character(
        "core",
        "vey",
        "Кассандра Вей-Остроградская",
        high_concept="Контрабандистка с золотым сердцем и долгами перед гильдией",
        trouble="Гильдия гавани хочет меня вернуть любой ценой",
        skills={"fight": 4, "shoot": 3, "athletics": 3, "notice": 2, "physique": 2, "will": 2},
    )
    command(
        server, table, gm, "AddCharacter", {"sheet": dumps_character(vey), "owner": ann["seat"]}
    )
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    command(server, table, gm, "StartScene", {"name": "Pier", "participants": ["vey", "alice"]})
    long = "Скользкий причал, заваленный ящиками и сетями рыбаков"
    command(server, table, gm, "AddSituationAspect", {"name": long})
    return {"table": table, "gm": gm, "ann": ann["link"]}


def test_every_touch_target_on_a_phone_is_44_px_high(server: str, browser: Any) -> None:
    table = _table(server)
    with seats(browser, server, (table["ann"], "sv-SE", PHONE)) as (ann,):
        ann.wait_for_selector("#char-vey")
        assert ann.evaluate(SMALL_TARGETS) == []
        ann.click("#safety-open")  # the menu open: its buttons too
        assert ann.evaluate(SMALL_TARGETS) == []
        ann.click("#safety-open")
        # The sheet editor fits the phone: its file field too (it reached past the dialog).
        ann.click("#new-character")
        ann.wait_for_selector("#sheet-file")
        assert ann.evaluate(SMALL_TARGETS) == []
        assert ann.evaluate(
            "() => document.getElementById('sheet-file').getBoundingClientRect().right"
        ) <= ann.evaluate(
            "() => document.getElementById('sheet-name').getBoundingClientRect().right"
        )


def test_aspect_cards_stay_inside_their_character_card_at_1024(server: str, browser: Any) -> None:
    table = _table(server)
    with seats(browser, server, (table["gm"], "ru-RU", (1024, 768))) as (gm,):
        gm.wait_for_selector("#char-vey .aspect")
        assert gm.locator("#char-vey .aspect").count() >= 2
        assert gm.evaluate(OVERFLOWING) == []
