"""The page agent plays a few seeded evenings (tests/web/agent, docs/web.md "The page agent"):
a GM and two players in random languages, one on a phone, clicking, typing and uploading through
the page's own controls. An evening fails on any finding (tests/web/agent/detectors.py: a script
error, a server error, a generic message, a refusal not beside its control, a control that does
nothing, a dialog a field closed, a page that stops following the table), except those known to
be left for another branch (detectors.KNOWN). `make soak` plays many more seeds, longer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.web.agent.coverage import PLAYED, page_commands, report
from tests.web.agent.detectors import known
from tests.web.agent.evening import Evening

SEEDS = (1, 2, 3)
STEPS = 80
#: Command types these evenings have reached together in every run so far (a floor: raise it as
#: the agent reaches more); a change to the page or the agent that loses one fails the test.
REACHED = frozenset(
    {
        "AddCharacter",
        "AnswerCompel",
        "Invoke",
        "OfferCompel",
        "ResolveRoll",
        "Roll",
        "StartConflict",
        "StartScene",
        "StartSession",
    }
)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_evening_played_through_the_page_strands_nobody(
    server: str, browser: Any, seed: int
) -> None:
    done = Evening(browser, server, seed, STEPS).play()
    PLAYED.append(done.sent)
    failing = [f for f in done.findings if known(f) is None]
    assert not failing, "\n".join(
        [f.line() for f in failing]
        + [f"again, step by step: python -m tests.web.agent --seeds {seed} --steps {STEPS} --trail"]
    )


def test_the_evenings_reach_the_commands_they_reached_before() -> None:
    if len(PLAYED) < len(SEEDS):
        pytest.skip("runs after the evenings above, with all of them")
    sent: Counter[str] = Counter()
    for one in PLAYED:
        sent.update(one)
    lost = sorted(REACHED - set(sent))
    assert not lost, f"no longer reached: {', '.join(lost)}\n{report(sent)}"
    assert set(sent) <= page_commands(), report(sent)
