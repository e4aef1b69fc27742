"""A table on a rule set with modes (srd/atomic-robo-SRD.md § Modes): the ratings a sheet's modes
give are decided as it comes in and kept as facts (folding again gives the same), an attack rolls
with them, foresight and the simulator read them, and Discord's sheet says each mode with the
skills written under it, in each language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.discord.door import seen_by
from fatekit.discord.sheets import sheet_text
from fatekit.discord.words import LANGUAGES, words
from fatekit.odds.scenario import scenario_from_dict
from fatekit.odds.simulate import simulate
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.seats import Role

from .conftest import Play  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def vera_sheet() -> dict[str, Any]:
    """The example's sheet with its ratings left out: the table derives them."""
    data: dict[str, Any] = json.loads(text("action-science.character.json"))
    del data["skills"]
    return data


AUTOMATON = {
    "format": "fatekit-character",
    "version": 1,
    "id": "automaton",
    "name": "Vault Automaton",
    "kind": "major_npc",
    "preset": "action-science",
    "aspects": [{"kind": "high_concept", "name": "Clockwork Guardian of the Vault"}],
    "skills": {"combat": 3, "athletics": 1},
}


def vault() -> Play:
    table = Play()
    ruleset = text("action-science.ruleset.json")
    table.do(c.CreateTable(name="Tesladyne", preset="action-science", ruleset=ruleset))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=json.dumps(vera_sheet()), owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=json.dumps(AUTOMATON)))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The vault", participants=("vera", "automaton")))
    return table


@pytest.mark.rule("modes.reinforced")
def test_the_ratings_are_decided_once_and_folded_as_facts() -> None:
    table = vault()
    vera = table.s.game.character("vera")
    assert (vera.rating("notice"), vera.rating("athletics"), vera.rating("physics")) == (5, 4, 4)
    added = next(e for e in table.log if type(e).__name__ == "CharacterAdded")
    assert json.loads(added.sheet)["skills"]["notice"] == 5
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("modes.reinforced")
def test_an_attack_defended_with_a_reinforced_skill() -> None:
    """The automaton's Combat +3 and ++00 against Vera's Athletics, Great (+4) by reinforcement
    (Action and Intrigue), and 0000: a hit of 1."""
    table = vault()
    table.do(
        c.StartConflict(
            sides=(("vera", ("vera",)), ("vault", ("automaton",))),
            kind=ConflictKind.PHYSICAL,
            first="automaton",
        )
    )
    table.do(
        c.Attack(
            actor="automaton",
            target="vera",
            skill="combat",
            dice="++00",
            defend_skill="athletics",
            defend_dice="0000",
        )
    )
    roll = view_for(table.s, "gm")["roll"]
    assert (roll["effort"], roll["opposition"], roll["shifts"]) == (5, 4, 1)


def test_foresight_and_the_simulator_read_the_derived_ratings() -> None:
    table = vault()
    table.do(
        c.StartConflict(
            sides=(("vera", ("vera",)), ("vault", ("automaton",))),
            kind=ConflictKind.PHYSICAL,
            first="vera",
        )
    )
    scenario = foresight_scenarios(table.s).baseline
    vera = next(ch for ch in scenario.fresh_characters() if ch.id == "vera")
    assert (vera.rating("combat"), vera.rating("athletics")) == (3, 4)
    # A scenario written by hand: Vera inline with her modes and no ratings, checked as legal.
    data = {
        "format": "fatekit-scenario",
        "version": 1,
        "ruleset": "action-science.ruleset.json",
        "characters": [{"character": vera_sheet()}, {"character": AUTOMATON}],
        "sides": {"vera": {"members": ["vera"]}, "vault": {"members": ["automaton"]}},
    }
    written = scenario_from_dict(data, base=EXAMPLES)
    vera = next(ch for ch in written.fresh_characters() if ch.id == "vera")
    assert vera.rating("athletics") == 4
    report = simulate(written, 200, seed=4).as_json()
    # Combat +3 and Athletics +4 against Combat +3 and Athletics +1: Vera nearly always wins.
    assert report["sides"]["vera"]["win"] > 0.8


@pytest.mark.parametrize("language", LANGUAGES)
def test_discords_sheet_says_each_mode_with_its_skills(language: str) -> None:
    table = vault()
    seen = seen_by(table.s, "ann", language)
    said = sheet_text(seen.view, "vera", seen.reader)
    say = words(language)
    names = {"en": "Action", "ru": "Действие", "it": "Azione", "sv": "Action"}
    science = {"en": "Science", "ru": "Наука", "it": "Scienza", "sv": "Vetenskap"}
    lines = said.splitlines()
    action = next(line for line in lines if line.startswith(f"• {names[language]} "))
    assert seen.reader.rating(3) in action
    assert action.index(seen.reader.skill("notice")) < action.index(seen.reader.skill("athletics"))
    assert f"{seen.reader.skill('notice')} {seen.reader.rating(5)}" in action
    assert any(line.startswith(f"• {science[language]} {seen.reader.rating(2)}") for line in lines)
    assert say("sheet.skills") in said


@pytest.mark.rule("modes.improve")
def test_banked_steps_buy_no_raise_outside_the_modes() -> None:
    """A sheet with modes improves a skill within its mode (a rewrite of skill_improvements, paid
    from the budget that earned points raise), never by a bare raise: RaiseSkills is not offered,
    and sent anyway it is refused by the rule, changing nothing."""
    from fatekit.rules import IllegalAction

    table = Play()
    ruleset = text("action-science.ruleset.json")
    table.do(c.CreateTable(name="Tesladyne", preset="action-science", ruleset=ruleset))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = vera_sheet()
    sheet["skill_steps"] = {"earned": 2, "banked": 2}
    table.do(c.AddCharacter(sheet=json.dumps(sheet), owner="ann"), "ann")
    table.do(c.StartSession())
    (vera,) = view_for(table.s, "ann")["characters"]
    assert "RaiseSkills" not in vera["offers"]
    before = len(table.log)
    with pytest.raises(IllegalAction) as refused:
        table.do(c.RaiseSkills(character_id="vera", steps=("combat",)), "ann")
    assert refused.value.rule.key == "modes.improve"
    assert len(table.log) == before and table.s.game.character("vera").rating("combat") == 3
    # The rewrite: Combat focused (1 point) and Robotics focused (1): 27 of 30 + 2 earned.
    sheet["skill_improvements"] = {"physics": 2, "stealth": 1, "combat": 1, "robotics": 1}
    table.do(c.UpdateCharacter(sheet=json.dumps(sheet)), "ann")
    vera_now = table.s.game.character("vera")
    assert (vera_now.rating("combat"), vera_now.rating("robotics")) == (4, 3)
