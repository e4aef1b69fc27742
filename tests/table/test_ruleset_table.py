"""A table playing a rule-set file (docs/rulesets.md): opened on the file, its characters read
and checked under it, a fight in its own kind of harm, and the file in the table's export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.formats.ruleset import loads_ruleset
from fatekit.rules import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.export import export_table, import_table
from fatekit.table.foresight import foresight_scenarios, table_scenario
from fatekit.table.seats import Role

from .conftest import Play  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def merchants() -> Play:
    """A table of Merchant Princes: Lucia (Ann's) and Ottavio, the GM's, in a scene."""
    table = Play()
    table.do(
        c.CreateTable(
            name="Canals", preset="merchant-princes", ruleset=text("merchant-princes.ruleset.json")
        )
    )
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("merchant-princes.character.json"), owner="ann"), "ann")
    ottavio = {
        "format": "fatekit-character",
        "version": 1,
        "id": "ottavio",
        "name": "Ottavio Brun",
        "kind": "major_npc",
        "preset": "merchant-princes",
        "aspects": [{"kind": "high_concept", "name": "Shipping Magnate on Borrowed Money"}],
        "skills": {"resources": 3, "contacts": 2},
    }
    table.do(c.AddCharacter(sheet=json.dumps(ottavio)))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The spice exchange", participants=("lucia", "ottavio")))
    return table


def test_the_table_plays_the_file_and_checks_its_characters_under_it() -> None:
    table = merchants()
    assert table.s.ruleset.preset == loads_ruleset(text("merchant-princes.ruleset.json"))
    view = view_for(table.s, "gm")
    assert view["table"]["preset"] == "merchant-princes" and view["table"]["ruleset"] is True
    lucia = next(ch for ch in view["characters"] if ch["id"] == "lucia")
    assert sorted(lucia["sheet"]["stress"]) == ["mental", "physical", "wealth"]
    assert table.s.game.problems("lucia") == []
    # A sheet written for another rule set is not this table's.
    condensed = json.loads(text("merchant-princes.character.json"))
    condensed.update(id="rita", preset="condensed")
    with pytest.raises(BadInput, match="this table plays Merchant Princes"):
        table.do(c.AddCharacter(sheet=json.dumps(condensed)))
    # One of its own that breaks its rules is seated, with the problems named.
    short = json.loads(text("merchant-princes.character.json"))
    short.update(id="rico")
    del short["stress"]["wealth"]
    table.do(c.AddCharacter(sheet=json.dumps(short)))
    assert any("wealth" in str(p) for p in table.s.game.problems("rico"))


@pytest.mark.rule("ruleset.own-game")
def test_a_fight_in_wealth_goes_to_the_wealth_track() -> None:
    """fate-condensed.ru.md § Optional Rules > Changing the Skill List: the hack's Wealth track
    takes the hits of a fight in money, at the table as in the engine."""
    table = merchants()
    table.dice[:] = ["0000"]  # Ottavio's defence, rolled by the table
    table.do(
        c.StartConflict(
            sides=(("lucia", ("lucia",)), ("ottavio", ("ottavio",))),
            kind=ConflictKind.MENTAL,
            harm=Track("wealth"),
            first="lucia",
        )
    )
    with pytest.raises(Exception, match="Fight cannot make a wealth attack"):
        table.do(c.Attack(actor="lucia", target="ottavio", skill="fight", dice="0000"), "ann")
    table.do(
        c.Attack(
            actor="lucia",
            target="ottavio",
            skill="resources",
            dice="+000",
            defend_skill="resources",
        ),
        "ann",
    )
    table.do(c.ResolveRoll(option="hit"), "ann")
    table.do(c.Absorb(boxes=(0, 1)))
    wealth = table.s.game.character("ottavio").stress[Track("wealth")]
    assert [b.marked for b in wealth.boxes] == [True, True, False]
    assert not any(b.marked for b in table.s.game.character("ottavio").stress[Track.MENTAL].boxes)
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


def test_a_fight_in_a_harm_no_track_takes_is_refused() -> None:
    table = merchants()
    with pytest.raises(BadInput, match="no stress track for sanity harm"):
        table.do(
            c.StartConflict(
                sides=(("lucia", ("lucia",)), ("ottavio", ("ottavio",))), harm=Track("sanity")
            )
        )


def test_the_rule_set_travels_in_the_table_file() -> None:
    table = merchants()
    exported = export_table(table.log, table.s, "gm")
    copy = fold(import_table(exported).events)
    assert copy.ruleset.preset == table.s.ruleset.preset
    assert view_for(copy, "gm") == view_for(table.s, "gm")


def test_a_table_on_a_bad_rule_set_is_never_opened() -> None:
    data = json.loads(text("merchant-princes.ruleset.json"))
    data["stress"]["tracks"][2]["skill"] = "riches"
    with pytest.raises(BadInput, match="'riches' is not on"):
        Play().do(c.CreateTable(name="X", preset="merchant-princes", ruleset=json.dumps(data)))
    with pytest.raises(BadInput, match="the rule set is 'merchant-princes'"):
        Play().do(
            c.CreateTable(name="X", preset="core", ruleset=text("merchant-princes.ruleset.json"))
        )


def test_the_odds_of_a_fight_in_wealth_at_the_table() -> None:
    """Foresight reads the table's rule set and the harm of the fight in play."""
    table = merchants()
    table.do(
        c.StartConflict(
            sides=(("lucia", ("lucia",)), ("ottavio", ("ottavio",))),
            kind=ConflictKind.MENTAL,
            harm=Track("wealth"),
            first="lucia",
        )
    )
    data = table_scenario(table.s)
    assert data["harm"] == "wealth" and data["ruleset"]["key"] == "merchant-princes"
    assert "preset" not in data
    scenario = foresight_scenarios(table.s).baseline
    assert scenario.harm is Track("wealth")
    assert scenario.ruleset.preset == table.s.ruleset.preset


def merchants_without(harm: str) -> Play:
    """Merchant Princes where no skill attacks with ``harm`` any more (its track stays)."""
    data = json.loads(text("merchant-princes.ruleset.json"))
    data["skill_uses"] = [
        u for u in data["skill_uses"] if not (u["harm"] == harm and u["action"] == "attack")
    ]
    table = Play()
    table.do(c.CreateTable(name="Canals", preset="merchant-princes", ruleset=json.dumps(data)))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("merchant-princes.character.json"), owner="ann"), "ann")
    table.do(c.StartSession())
    return table


@pytest.mark.rule("skills.attack-defend")
def test_a_harm_no_skill_deals_is_refused_by_the_rule_that_says_who_attacks() -> None:
    from fatekit.rules import IllegalAction

    table = merchants_without("wealth")
    npc = {
        "format": "fatekit-character",
        "version": 1,
        "id": "ottavio",
        "name": "Ottavio",
        "kind": "major_npc",
        "preset": "merchant-princes",
        "aspects": [{"kind": "high_concept", "name": "Magnate"}],
        "skills": {"resources": 3},
    }
    table.do(c.AddCharacter(sheet=json.dumps(npc)))
    table.do(c.StartScene(name="Exchange", participants=("lucia", "ottavio")))
    sides = (("lucia", ("lucia",)), ("ottavio", ("ottavio",)))
    # Nobody would get an Attack button, and nothing would say why: the engine says it first.
    with pytest.raises(IllegalAction) as refused:
        table.do(c.StartConflict(sides=sides, first="lucia", harm=Track("wealth")))
    assert refused.value.rule.key == "skills.attack-defend" and refused.value.waivable
    assert "wealth" in str(refused.value)
    table.do(c.StartConflict(sides=sides, first="lucia"))  # a physical fight still may
    assert table.s.conflict is not None
