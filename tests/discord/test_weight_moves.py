"""Weight from Discord (issue 41): /advantage and /overcome take ``weight`` (the allies' presence
helps), which becomes the table's claim in a conflict and is refused in the user's words outside
one; the table then judges the claim as it does the page's."""

from __future__ import annotations

import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.moves import Ask, move_for
from fatekit.discord.words import words
from fatekit.rules import IllegalAction
from fatekit.table import commands as c
from fatekit.table import view_for
from tests.table.conftest import seated


@pytest.mark.rule("weight.when")
def test_the_weight_option_claims_weight_in_a_conflict_only() -> None:
    play = seated(("weight",))
    options = {"skill": "provoke", "difficulty": 2, "weight": True, "dice": "0-00"}
    # Outside a fight there is nothing to weigh: said before the table is asked.
    view = view_for(play.s, "ann")
    with pytest.raises(Ask) as asked:
        move_for("advantage", options, view, {}, Reader(view, words("ru")))
    assert asked.value.key == "discord.weight_in_fight"
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    view = view_for(play.s, "ann")
    move = move_for("advantage", options, view, {}, Reader(view, words("en")))
    assert move.type == "CreateAdvantage" and move.data["weight_claimed"] is True
    # The table judges it: the GM's word is needed, as from the page.
    with pytest.raises(IllegalAction) as refused:
        play.do(c.CreateAdvantage(**move.data), "ann")
    assert refused.value.rule.key == "weight.when" and refused.value.waivable
