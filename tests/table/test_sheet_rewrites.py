"""A rewritten sheet gets the stress boxes and consequence slots its skills and stunts give under
the table's rule set, whatever boxes it carried (issue 39: a sheet imported with [1][2] kept two
boxes after its player raised Physique and Will to Fair; fate-core-conflicts.en.txt § Stress,
fate-condensed.ru.md § Stress)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import IllegalAction, new_character
from fatekit.table import commands as c
from fatekit.table.seats import Role

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


def _core_table() -> Play:
    play = Play()
    play.do(c.CreateTable(name="Core night", preset="core"))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = json.loads(
        dumps_character(
            new_character(
                "core",
                "vey",
                "Cassandra Vey",
                high_concept="Smuggler with a Heart of Gold",
                trouble="The Guild Wants Me Back",
                skills={
                    "fight": 4,
                    "notice": 3,
                    "athletics": 3,
                    "shoot": 2,
                    "empathy": 2,
                    "rapport": 2,
                    "lore": 1,
                    "contacts": 1,
                    "crafts": 1,
                    "stealth": 1,
                },
            )
        )
    )
    # As an import left it: two boxes a track, the first physical one marked.
    sheet["stress"] = {
        "physical": [{"value": 1, "marked": True}, {"value": 2, "marked": False}],
        "mental": [{"value": 1, "marked": False}, {"value": 2, "marked": False}],
    }
    play.do(c.AddCharacter(sheet=json.dumps(sheet), owner="ann"), "ann")
    return play


def _edited(play: Play, **skills: int) -> dict[str, Any]:
    """Vey's sheet as the editor sends it: the table's harm kept, new ratings."""
    from fatekit.formats.character_json import character_to_dict

    data = character_to_dict(play.s.game.character("vey"))
    data["skills"] = {**data["skills"], **skills}
    return data


def _boxes(play: Play, track: str) -> list[tuple[int, bool]]:
    stress = play.s.game.character("vey").stress
    return [(b.value, b.marked) for t, s in stress.items() if t.value == track for b in s.boxes]


@pytest.mark.rule("preset.core.stress")
def test_raising_physique_and_will_to_fair_gives_the_third_box(play: Play) -> None:
    core = _core_table()
    assert _boxes(core, "physical") == [(1, True), (2, False)]
    # Physique and Will at Fair (+2), two Average skills fewer: the pyramid still holds.
    core.do(
        c.UpdateCharacter(sheet=json.dumps(_edited(core, physique=2, will=2, lore=0, crafts=0))),
        "ann",
    )
    assert _boxes(core, "physical") == [(1, True), (2, False), (3, False)]
    assert _boxes(core, "mental") == [(1, False), (2, False), (3, False)]
    assert [p for p in core.s.game.problems("vey") if p.where.startswith("stress")] == []
    assert_replays(core, ("ann",))


@pytest.mark.rule("preset.condensed.stress")
def test_a_lowered_rating_takes_boxes_away_and_marks_stay_from_the_left(play: Play) -> None:
    # Condensed: Ruth's Physique 0 gives three boxes; at Great (+4) six, with the mark kept.
    from fatekit.formats.character_json import character_to_dict

    ruth = character_to_dict(play.s.game.character("ruth"))
    ruth["stress"]["physical"][0]["marked"] = True
    ruth["skills"] = {**ruth["skills"], "physique": 1, "will": 0, "notice": 1}
    play.do(c.UpdateCharacter(sheet=json.dumps(ruth)), "ann")
    physical = [
        (b.value, b.marked)
        for t, s in play.s.game.character("ruth").stress.items()
        if t.value == "physical"
        for b in s.boxes
    ]
    assert physical == [(1, True), (1, False), (1, False), (1, False)]
    mental = play.s.game.character("ruth").stress
    assert [len(s.boxes) for t, s in mental.items() if t.value == "mental"] == [3]
    assert_replays(play)


def test_a_rewrite_that_would_drop_a_written_consequence_is_refused(play: Play) -> None:
    from fatekit.formats.character_json import character_to_dict

    ruth = character_to_dict(play.s.game.character("ruth"))
    # Physique at Superb (+5) gives Ruth a second mild slot (Condensed); she is hurt in it.
    ruth["skills"] = {**ruth["skills"], "physique": 5}
    play.do(c.UpdateCharacter(sheet=json.dumps(ruth)), "ann")
    after = character_to_dict(play.s.game.character("ruth"))
    slots = after["consequences"]
    mild = [i for i, s in enumerate(slots) if s["severity"] == "mild"]
    assert len(mild) == 2
    slots[mild[1]]["aspect"] = {"name": "Bruised Ribs"}
    play.do(c.UpdateCharacter(sheet=json.dumps(after)), "ann")
    lowered = character_to_dict(play.s.game.character("ruth"))
    lowered["skills"] = {**lowered["skills"], "physique": 0}
    with pytest.raises(IllegalAction):
        play.do(c.UpdateCharacter(sheet=json.dumps(lowered)), "ann")
    assert play.s.game.character("ruth").skills.get("physique") == 5


def test_a_mobs_boxes_are_the_gms_to_write(play: Play) -> None:
    from fatekit.rules import mob

    thugs = mob("condensed", "thugs", "Dock Thugs", 3, ["Dock Thugs"], {"fight": 1}, stress_boxes=1)
    play.do(c.AddCharacter(sheet=dumps_character(thugs)))
    from fatekit.formats.character_json import character_to_dict

    data = character_to_dict(play.s.game.character("thugs"))
    data["skills"] = {"fight": 2, "physique": 2}
    before = data["stress"]
    play.do(c.UpdateCharacter(sheet=json.dumps(data)))
    assert character_to_dict(play.s.game.character("thugs"))["stress"] == before
