"""The table read aloud in Discord: every event has a line in every language, the slash commands
are what Discord accepts (names, lengths, localizations), and people's text cannot format or
mention."""

from __future__ import annotations

from dataclasses import fields

import pytest

from fatekit.discord.commands import COMMANDS, definitions
from fatekit.discord.lines import _LINES, Reader, dice_text, escape
from fatekit.discord.sheets import sheet_text
from fatekit.discord.words import LANGUAGES, language_of, plural, words
from fatekit.table.events import EVENT_TYPES
from fatekit.table.telling import TOLD

from .standin import check_commands


def test_every_event_has_a_line() -> None:
    assert sorted(set(EVENT_TYPES) - set(_LINES)) == []
    assert sorted(set(_LINES) - set(EVENT_TYPES)) == []


def test_every_roll_that_records_stunts_names_them_after_its_line() -> None:
    """An event recording the stunts a roll applied says them after its line (one declaration,
    read by the page and by Discord), and none other declares it."""
    recording = {
        name for name, kind in EVENT_TYPES.items() if "stunts" in {f.name for f in fields(kind)}
    }
    saying = {name for name, line in TOLD.items() if any(p.kind == "stunts" for p in line.after)}
    assert recording == saying
    assert {"RollMade", "AttackRolled", "TreatmentRolled"} <= saying


def test_the_commands_are_what_discord_takes_and_keep_their_english_names() -> None:
    made = definitions()
    check_commands(made)
    assert [c["name"] for c in made] == [s.name for s in COMMANDS]
    for command, slash in zip(made, COMMANDS, strict=True):
        assert set(command["name_localizations"]) == {"ru", "it", "sv-SE"}
        for option, listed in zip(
            command["options"], sorted(slash.options, key=lambda o: not o.required), strict=False
        ):
            assert option["name"] == listed.name


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_line_in_each_language(language: str) -> None:
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [
            {
                "id": "ruth",
                "revealed": True,
                "sheet": {"name": "Ruth", "aspects": [], "consequences": []},
            }
        ],
        "table": {"preset": "condensed"},
        "scene": None,
    }
    reader = Reader(view, words(language))
    line = reader.line(
        {
            "type": "AttackRolled",
            "seat": "gm",
            "data": {"actor": "ruth", "target": "ruth", "skill": "fight", "faces": "+0-+"},
        }
    )
    assert line is not None and "**Ruth**" in line and dice_text("+0-+") in line
    assert words(language)("skill.fight") in line


@pytest.mark.rule("weight.two-to-one", "weight.four-to-one")
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_weighed_roll_says_the_weights_and_the_draw_in_each_language(language: str) -> None:
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [
            {
                "id": who,
                "revealed": True,
                "sheet": {"name": name, "aspects": [], "consequences": []},
            }
            for who, name in (("ruth", "Ruth"), ("guard", "Guard"))
        ],
        "table": {"preset": "condensed"},
        "scene": None,
    }
    reader = Reader(view, words(language))
    attack = {
        "actor": "guard",
        "target": "ruth",
        "skill": "fight",
        "faces": "0+++",
        "rolled_faces": "0-+-",
        "weight": {"own": 5, "other": 1, "target": 1, "turned": 2},
        "defend_faces": "0000",
    }
    line = reader.line({"type": "AttackRolled", "seat": "gm", "data": attack})
    assert line is not None and dice_text("0+++") in line and dice_text("0-+-") in line
    assert "5" in line and "2" in line
    plain = reader.line({"type": "AttackRolled", "seat": "gm", "data": {**attack, "weight": None}})
    assert plain is not None and dice_text("0-+-") not in plain
    defended = {
        "actor": "ruth",
        "skill": "provoke",
        "faces": "0000",
        "defend_faces": "++00",
        "defend_rolled_faces": "-+00",
        "defend_weight": {"own": 2, "other": 1, "target": None, "turned": 1},
    }
    line = reader.line({"type": "OvercomeRolled", "seat": "gm", "data": defended})
    assert line is not None and dice_text("-+00") in line


@pytest.mark.rule("weight.each-roll", "weight.two-to-one")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"free": False}, "event.Invoked.paid.weight"),
        ({"free": True}, "event.Invoked.free.weight"),
        ({"free": True, "boost_name": "Off Balance"}, "event.Invoked.boost.weight"),
        ({"free": False, "target": "guard"}, "event.Invoked.paid_target.weight"),
        ({"free": True, "target": "guard"}, "event.Invoked.free_target.weight"),
        ({"free": True, "target": "guard", "boost_name": "Off Balance"}, "event.Invoked.boost_target.weight"),
    ],
)  # fmt: skip
def test_a_reroll_of_a_weighed_roll_says_the_dice_fell_and_turned_again(
    language: str, fields: dict[str, object], key: str
) -> None:
    """War of Ashes' weight is read again on every roll (issue 41): a reroll that weight turned
    says what fell, the sides' weights and the dice turned, in every language; one it did not
    turn reads as before."""
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [
            {"id": who, "revealed": True, "sheet": {"name": name, "aspects": [], "consequences": []}}
            for who, name in (("ruth", "Ruth"), ("guard", "Guard"))
        ],
        "table": {"preset": "woa"},
        "scene": None,
    }  # fmt: skip
    reader = Reader(view, words(language))
    invoked = {
        "aspect_id": "ruth/high_concept/1",
        "aspect": "Ex-Boxer",
        "by": "ruth",
        "effect": "reroll",
        "on_defence": "target" in fields,
        "faces": "+0-0",
        "rolled_faces": "-0-0",
        "weight": {"own": 3, "other": 1, "target": None, "turned": 1},
        **fields,
    }
    line = reader.line({"type": "Invoked", "seat": "ann", "data": invoked})
    # The words the weighed line adds after the new dice, as the catalog words them.
    template = words(language).template(key)
    added = template.split("{dice}", 1)[1].split("{own}", 1)[0]
    assert line is not None and added.strip() and added in line
    assert dice_text("+0-0") in line and dice_text("-0-0") in line and "3" in line
    assert ("Guard" in line) is ("target" in fields)  # whose defence, when it was a target's
    plain = reader.line(
        {
            "type": "Invoked",
            "seat": "ann",
            "data": {**invoked, "rolled_faces": None, "weight": None},
        }
    )
    assert plain is not None and dice_text("-0-0") not in plain


def test_typed_text_cannot_format_or_mention() -> None:
    assert escape("**@everyone** [link](x) <@123>") == r"\*\*\@everyone\*\* \[link\](x) \<\@123\>"


def test_languages_and_plurals() -> None:
    assert [language_of(x) for x in ("ru", "sv-SE", "en-GB", "it", "de", None)] == [
        "ru",
        "sv",
        "en",
        "it",
        "en",
        "en",
    ]
    assert [plural("ru", n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "one",
        "few",
        "many",
        "many",
        "one",
        "few",
        "many",
    ]
    assert words("ru")("harm.pending", who="Рут", n=3).endswith("3 сдвига.")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_outside_threats_roll_in_a_contest_names_the_sides_it_attacked(language: str) -> None:
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [],
        "table": {"preset": "ode"},
        "scene": None,
    }
    line = Reader(view, words(language)).line(
        {
            "type": "ContestThreatRolled",
            "seat": "gm",
            "data": {"actor": "vulkanen", "skill": "shoot", "faces": "++00", "sides": ["hjaltar"]},
        }
    )
    assert line is not None and "hjaltar" in line and dice_text("++00") in line


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_treatment_roll_names_the_patient_and_the_name_while_it_heals(language: str) -> None:
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [],
        "table": {"preset": "condensed"},
        "scene": None,
    }
    line = Reader(view, words(language)).line(
        {
            "type": "TreatmentRolled",
            "seat": "gm",
            "data": {
                "actor": "ruth",
                "patient": "charles",
                "new_name": "Set Arm",
                "skill": "lore",
                "faces": "+0-+",
            },
        }
    )
    assert line is not None and "charles" in line and "*Set Arm*" in line
    assert dice_text("+0-+") in line


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_card_and_six_sided_dice_are_said_in_each_language(language: str) -> None:
    """Discord's roll says what was drawn: a card by its number and faces, six-sided dice by
    their way, numbers and total, in the reader's language."""
    said = words(language)
    reader = Reader({"seats": [], "characters": [], "table": {}, "scene": None}, said)
    card = reader.dice("card:+0-+")
    assert card.startswith(said("dice.card", total="**+1**")) and card.endswith(dice_text("+0-+"))
    three = reader.dice("3d6:456=+2")
    assert three == said("dice.d6.read", way=said("randomizer.3d6"), dice="[4] [5] [6]", total="+2")
    assert reader.dice("+0-+") == dice_text("+0-+")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_seats_own_dice_and_the_gms_setting_are_said_in_each_language(language: str) -> None:
    """Discord says which way a seat now draws and when the GM lets the seats choose, in the
    reader's language; a roll drawn 4d6 names its way and dice."""
    said = words(language)
    view = {
        "seats": [{"id": "ann", "name": "Ann", "role": "player"}],
        "characters": [],
        "table": {},
        "scene": None,
    }
    reader = Reader(view, said)
    chosen = reader.line(
        {"type": "OwnRandomizerChosen", "seat": "ann", "data": {"randomizer": "4d6"}}
    )
    assert chosen is not None and "Ann" in chosen
    assert said("event.OwnRandomizerChosen", randomizer=said("randomizer.4d6")) in chosen
    allowed = reader.line(
        {"type": "SeatRandomizersAllowed", "seat": "ann", "data": {"allowed": True}}
    )
    assert allowed is not None and said("event.SeatRandomizersAllowed.on") in allowed
    stopped = reader.line(
        {"type": "SeatRandomizersAllowed", "seat": "ann", "data": {"allowed": False}}
    )
    assert stopped is not None and said("event.SeatRandomizersAllowed.off") in stopped
    four = reader.dice("4d6:1456=+1")
    assert four == said(
        "dice.d6.read", way=said("randomizer.4d6"), dice="[1] [4] [5] [6]", total="+1"
    )


@pytest.mark.rule("weight.two-to-one")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_odds_say_the_dice_weight_turns(language: str) -> None:
    from fatekit.discord.sheets import odds_text

    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [
            {
                "id": who,
                "revealed": True,
                "sheet": {"name": name, "aspects": [], "consequences": []},
            }
            for who, name in (("ruth", "Ruth"), ("alice", "Alice"))
        ],
        "table": {"preset": "condensed"},
        "scene": None,
    }
    say = words(language)
    reader = Reader(view, say)
    weight = {"own": 2, "other": 1, "target": 1, "turned": 1}
    chances = {k: {"p": 0.25, "exact": "1/4"} for k in ("fail", "tie", "success")}
    found = {
        "hidden": False,
        "modifier": 4,
        "opposition": 3,
        "active": True,
        "defend_skill": "fight",
        "chances": {**chances, "success_with_style": {"p": 0.25, "exact": "1/4"}},
        "weight": weight,
        "opposing_weight": None,
    }
    text = odds_text(found, "ruth", "fight", "alice", reader)
    assert say("odds.weight_mine", own=2, other=1, n=1) in text
    hidden = odds_text(
        {"hidden": True, "weight": None, "opposing_weight": weight},
        "ruth",
        "fight",
        "alice",
        reader,
    )
    assert say("odds.weight_theirs", own=2, other=1, n=1) in hidden


@pytest.mark.parametrize("preset", ["fae", "woa"])
def test_an_approach_table_names_and_heads_its_approaches_in_the_audiences_language(
    preset: str,
) -> None:
    """War of Ashes plays Fate Accelerated's approaches (issue 41): a Russian channel reads
    Quick as Быстро under the heading Подходы, as at a Fate Accelerated table."""
    sheet = {"name": "Deliah", "aspects": [], "consequences": [], "skills": {"quick": 3}}
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [{"id": "deliah", "revealed": True, "sheet": sheet}],
        "table": {"preset": preset},
        "scene": None,
    }
    reader = Reader(view, words("ru"))
    assert reader.skill("quick") == "Быстро"
    text = sheet_text(view, "deliah", reader)
    assert "**Подходы**" in text and "Быстро" in text


@pytest.mark.rule("stunt.bonus")
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_roll_names_the_stunts_it_applied_in_each_language(language: str) -> None:
    """A roll a stunt (or a power's) bonus changed says which after its line, as the page's log
    does (one declaration, ``tells_after``): the names as typed, escaped; one the reader may not
    see as "a stunt"; a roll that applied none reads as it always did."""
    t = words(language)
    view = {
        "seats": [{"id": "gm", "name": "Gloria", "role": "gm"}],
        "characters": [
            {"id": "miles", "revealed": True, "sheet": {"name": "Miles", "aspects": [], "consequences": []}}
        ],
        "table": {"preset": "venturecity"},
        "scene": None,
    }  # fmt: skip
    reader = Reader(view, t)
    roll = {
        "actor": "miles",
        "action": "overcome",
        "skill": "athletics",
        "faces": "0000",
        "difficulty": 6,
        "against": None,
    }
    plain = reader.line({"type": "RollMade", "seat": "gm", "data": {**roll, "stunts": []}})
    before = reader.line({"type": "RollMade", "seat": "gm", "data": roll})
    assert plain == before and plain is not None and plain.endswith(dice_text("0000")), plain
    named = {**roll, "stunts": ["Master Flight", "Basic *Super* Speed"]}
    line = reader.line({"type": "RollMade", "seat": "gm", "data": named})
    said = t("event.with_stunts", stunts=r"Master Flight, Basic \*Super\* Speed")
    assert line == f"{plain} {said}", line
    hidden = {"actor": "miles", "target": "miles", "skill": "fight", "faces": "+0-+"}
    attack = reader.line(
        {"type": "AttackRolled", "seat": "gm", "data": {**hidden, "stunts": [None]}}
    )
    assert attack is not None and attack.endswith(
        t("event.with_stunts", stunts=t("stunt.unnamed"))
    ), attack
