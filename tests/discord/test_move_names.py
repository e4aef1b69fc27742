"""``/allow`` and a player's request to the GM name a kept move in the reader's catalog words,
never by its command type: every move Discord sends has a name in all four languages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import fatekit.discord
from fatekit.discord.buttons import move_name
from fatekit.discord.words import LANGUAGES, words


def _sent_types() -> set[str]:
    """The command types Discord's code sends (``Move("Attack", ...)``)."""
    found: set[str] = set()
    for path in Path(fatekit.discord.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "Move"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def test_discord_sends_the_moves_it_names() -> None:
    # The scan finds the moves a table plays most (it is not reading nothing).
    assert {"Attack", "Roll", "Invoke", "Absorb", "AnswerCompel"} <= _sent_types()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_discord_sends_has_a_name(language: str) -> None:
    t = words(language)
    unnamed = sorted(kind for kind in _sent_types() if move_name(t, kind) is None)
    assert unnamed == [], unnamed


def test_a_roll_is_named_by_its_action() -> None:
    t = words("sv")
    assert move_name(t, "Roll", {"action": "create_advantage"}) == t("move.create_advantage")
    assert move_name(t, "Roll", {"action": "overcome"}) == t("move.overcome")
    assert move_name(t, "Roll", {}) == t("move.roll")
    # A type the GM typed in /gm command that no catalog names stays unnamed (shown as typed).
    assert move_name(t, "CorrectTurn") is None
