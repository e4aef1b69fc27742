"""Where the page's fate point coins fly (js/coins.js), run in node: from pile to pile when one
character's points go to another, from a pile onto the aspect a point was paid to invoke, from a
compelled aspect into the pile of whoever took the compel, and nowhere for a point with no
source or destination at the table (a refresh, a free invoke)."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from fatekit.server.web import WEB_DIR

NODE = shutil.which("node")

RUNNER = """
const source = require("fs").readFileSync(process.argv[1], "utf8");
const cases = JSON.parse(process.argv[2]);
import("data:text/javascript," + encodeURIComponent(source)).then(({ pileChanges, planFlights }) => {
  const out = cases.map(([before, after, events]) => planFlights(pileChanges(before, after), events, before));
  process.stdout.write(JSON.stringify(out));
});
"""


def table(points: dict[str, int], gm_pool: int = 2, **rest: Any) -> dict[str, Any]:
    characters = [
        {"id": who, "revealed": True, "sheet": {"fate_points": n}} for who, n in points.items()
    ]
    return {"characters": characters, "gm_pool": gm_pool, **rest}


def flights(*cases: tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]) -> list[Any]:
    if NODE is None:
        pytest.skip("no node on this machine")
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(WEB_DIR / "js" / "coins.js"), json.dumps(cases)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    result: list[Any] = json.loads(done.stdout)
    return result


def test_coins_fly_where_the_points_went() -> None:
    invoked = {"type": "Invoked", "data": {"aspect_id": "scene/1", "by": "ruth", "free": False}}
    free = {"type": "Invoked", "data": {"aspect_id": "scene/1", "by": "ruth", "free": True}}
    compel = {"id": "c7", "aspect_id": "ruth/trouble/1", "target": "ruth"}
    accepted = {"type": "CompelAnswered", "data": {"compel_id": "c7", "answer": "accept"}}
    assert flights(
        # Ruth pays Charles (a hostile invoke settled): her coin goes to his pile.
        (table({"ruth": 3, "charles": 1}), table({"ruth": 2, "charles": 2}), []),
        # A paid invoke: onto the invoked aspect's card.
        (table({"ruth": 3}), table({"ruth": 2}), [invoked]),
        # A free invoke moves no fate point.
        (table({"ruth": 3}), table({"ruth": 3}), [free]),
        # A compel taken: from the compelled aspect into Ruth's pile.
        (table({"ruth": 3}, compels=[compel]), table({"ruth": 4}), [accepted]),
        # A refresh comes from nowhere at the table: it lands in place (no flight).
        (table({"ruth": 1}), table({"ruth": 3}), []),
        # The GM's pool pays an NPC's invoke onto a card.
        (
            table({}, gm_pool=2),
            table({}, gm_pool=1),
            [{**invoked, "data": {**invoked["data"], "by": "thug"}}],
        ),
    ) == [
        [{"from": '[data-pile="ruth"]', "to": '[data-pile="charles"]'}],
        [{"from": '[data-pile="ruth"]', "to": '[data-aspect="scene/1"]'}],
        [],
        [{"from": '[data-aspect="ruth/trouble/1"]', "to": '[data-pile="ruth"]'}],
        [],
        [{"from": '[data-pile="gm"]', "to": '[data-aspect="scene/1"]'}],
    ]
