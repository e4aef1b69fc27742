"""The page agent's axe hook (tests/web/agent/axe.py, issue 43 item 5) on a real page: it sees
nothing on the table as the page draws it, sees a violation put into the page (an unnamed
button, grey text on grey), and sees it go once it is taken away; and its shapes, by which
make test's evening looks only at pages that show axe something new, see those elements as new
and a repeated id."""

from __future__ import annotations

from typing import Any

from tests.web.agent import axe
from tests.web.test_accessible_page import seat_page
from tests.web.test_evening_page import scene_with_ruth

BROKEN = """() => {
  const b = document.createElement("button");
  b.id = "broken";
  b.innerHTML = "<span aria-hidden='true'>&#x21bb;</span>";
  const p = document.createElement("p");
  p.id = "faint";
  p.textContent = "Faint words";
  p.style.color = "#bbb";
  p.style.background = "#ccc";
  document.querySelector("main").append(b, p);
}"""


def test_the_agents_axe_hook_sees_what_axe_finds(server: str, browser: Any) -> None:
    _, _, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        assert axe.lines(ann) == set()
        ann.evaluate(BROKEN)
        found = axe.lines(ann)
        rules = {line.split(" ", 1)[0] for line in found}
        assert rules == {"button-name", "color-contrast"}, found
        assert any("#broken" in line for line in found) and any("#faint" in line for line in found)
        ann.evaluate(
            "() => { document.getElementById('broken').remove(); document.getElementById('faint').remove(); }"
        )
        assert axe.lines(ann) == set()


def test_the_shapes_see_what_axe_has_not_looked_at(server: str, browser: Any) -> None:
    _, _, ann_link = scene_with_ruth(server)
    with seat_page(browser, server, ann_link, "sv-SE") as ann:
        drawn, repeated = axe.shapes(ann)
        assert drawn and not repeated
        ann.evaluate(BROKEN)
        more, repeated = axe.shapes(ann)
        new = more - drawn
        assert not repeated
        # The button whose only child is hidden from readers, and the inline colours.
        assert any(shape.endswith(">BUTTON.[]") for shape in new), new
        assert any(">P.[style=color: rgb(187, 187, 187);" in shape for shape in new), new
        ann.evaluate("() => { document.getElementById('faint').id = 'broken'; }")
        assert axe.shapes(ann)[1]  # two elements with one id
        ann.evaluate("() => document.querySelectorAll('#broken').forEach((e) => e.remove())")
        assert axe.shapes(ann) == (drawn, False)
