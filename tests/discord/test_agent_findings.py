"""What the Discord agent found, each kept by a test of its own (see docs/discord.md, "The Discord
agent"): an unnamed boost offered as an empty autocomplete choice, which Discord refuses whole;
free invokes read from a revealed sheet (a list of holders) breaking /invoke and /pass; refusals
from the engine that had only an English sentence (a session with its scene still running, a
conflict in elective order with nobody to act first)."""

from __future__ import annotations

from fatekit.discord.buttons import refusal_text
from fatekit.discord.lookup import Choice, _held, aspects, choices
from fatekit.discord.words import words
from fatekit.rules.core.errors import BadInput
from fatekit.server.errors import problem


def test_a_choice_with_no_name_is_never_offered() -> None:
    listed = choices([Choice("", "a1"), Choice("Fog", "a2"), Choice("  ", "a3")], "")
    assert listed == [{"name": "Fog", "value": "a2"}]


def test_free_invokes_count_from_a_view_and_from_a_sheet() -> None:
    assert _held({"ruth": 2}, "ruth") == 2
    assert _held(["ruth", "maya", "ruth"], "ruth") == 2
    assert _held(None, "ruth") == 0
    view = {
        "scene": None,
        "characters": [
            {
                "id": "ruth",
                "revealed": True,
                "sheet": {
                    "aspects": [{"id": "a1", "name": "Boxer", "free_invokes": ["ruth"]}],
                    "consequences": [],
                },
            }
        ],
        "you": {"characters": ["ruth"]},
    }
    assert aspects(view, "ruth") == [(Choice("Boxer", "a1"), 1)]


def test_session_and_conflict_refusals_read_in_the_users_language() -> None:
    for code in ("session_scene_running", "session_running", "session_none", "conflict_first"):
        _, body = problem(BadInput("english only", code=code))
        for language in ("ru", "it", "sv"):
            said = refusal_text(body, words(language))
            assert "english only" not in said and said != f"refusal.{code}", (code, language)


def test_buttons_past_five_rows_are_said_not_dropped() -> None:
    """Seven rolls in play and a hit waiting: five rows fit a message; the post says how many
    buttons did not and which commands reach them (it dropped them without a word)."""
    from fatekit.discord.buttons import waiting
    from fatekit.discord.context import Seen
    from fatekit.discord.lines import Reader

    view = {
        "characters": [{"id": f"c{n}", "name": f"C{n}"} for n in range(7)],
        "rolls": [{"id": f"r{n}", "actor": f"c{n}", "phase": "rolled"} for n in range(7)],
        "conflict": {"pending_hit": {"target": "c0", "shifts": 2}},
        "compels": [],
        "self_compels": [],
        "seats": [],
    }
    seen = Seen(view, {}, Reader(view, words("en")))
    laid, more = waiting(seen, words("en"))
    assert len(laid) == 5 and all(len(row["components"]) <= 5 for row in laid)
    # What answers someone (the hit) is kept; three rolls' rows (three buttons each) are not.
    assert laid[0]["components"][0]["custom_id"] == "hit"
    assert more == "9 more buttons did not fit: /invoke, /settle, /hit or /scene reach them."
