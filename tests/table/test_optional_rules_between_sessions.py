"""The optional rules a GM may take up or drop between sessions (issue 27): long arcs, which Fate
Condensed offers a group whose arcs run long (fate-condensed.ru.md § Сессии и Арки), and none
that shapes what the table already holds."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction
from fatekit.rules.core.clock import Milestone
from fatekit.rules.core.switches import OptionalRule
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.events import OptionalRuleSet

from .conftest import Play, assert_replays, log_of, seated


def severe(play: Play) -> dict[str, object]:
    return dict(view_for(play.s, "ann")["characters"][0]["sheet"]["consequences"][2])


def session(play: Play, milestone: Milestone | None = None) -> None:
    play.do(c.StartSession())
    play.do(c.StartScene(name="Another night", participants=("ruth",)))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=milestone))


@pytest.mark.rule("recovery.long-arcs", "recovery.time")
def test_the_gm_takes_up_long_arcs_between_sessions_and_a_severe_clears_after_four() -> None:
    """fate-condensed.ru.md § Сессии и Арки: the arc has run long, so the GM turns long arcs on
    between sessions. Ruth's severe consequence, treated in session 1, then clears once four
    whole sessions have passed since, with no major milestone; every seat reads the change."""
    play = seated()
    play.do(c.CorrectConsequence(character_id="ruth", slot=2, name="Shattered Knee"))
    play.do(
        c.Treat(
            actor="charles",
            skill="academics",
            aspect_id="ruth/consequence/2",
            new_name="Knee in a Brace",
            dice="++++",
        )
    )
    play.do(c.ResolveRoll(option="success_at_major_cost"))
    play.do(c.EndScene())
    play.do(c.EndSession())
    for _ in range(3):
        session(play)
    assert severe(play)["recovering"]
    with pytest.raises(ForbiddenAction):
        play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=True), "ann")
    [turned] = play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=True)).events
    assert isinstance(turned, OptionalRuleSet)
    assert "long_arcs" in view_for(play.s, "ann")["table"]["options"]
    assert any(e["type"] == "OptionalRuleSet" for e in log_of(play, "sam"))
    session(play)  # the fourth whole session after the treatment's
    assert severe(play)["aspect"] is None
    assert_replays(play)


def test_an_option_that_shapes_the_table_is_refused_and_changes_nothing() -> None:
    """Conditions reshape every sheet's slots, and countdowns, big bads and the rest leave
    things on the table: they are chosen when the table is created. Changes wait for the end of
    the session, and one that changes nothing is refused too."""
    play = seated()
    before = play.s.version
    with pytest.raises(BadInput) as refused:
        play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=True))
    assert refused.value.code == "option_in_session"
    play.do(c.EndScene())
    play.do(c.EndSession())
    after_session = play.s.version
    for option in OptionalRule:
        if option is OptionalRule.LONG_ARCS:
            continue
        with pytest.raises(BadInput) as refused:
            play.do(c.SetOptionalRule(option=option, on=True))
        assert refused.value.code == "option_fixed"
        assert refused.value.params == {"option": option.value}
    with pytest.raises(BadInput) as refused:
        play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=False))
    assert refused.value.code == "option_unchanged"
    assert play.s.version == after_session > before
    play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=True))
    play.do(c.SetOptionalRule(option=OptionalRule.LONG_ARCS, on=False))
    assert not fold(play.log).ruleset.has(OptionalRule.LONG_ARCS)
    assert_replays(play)
