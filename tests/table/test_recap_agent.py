"""Recaps of random games (the table-layer agent's, tests/table/agent.py): every session of
every game, told to every seat in every language, never tells a seat of an event its own log
leaves out, never more than the GM's recap holds, and reads the same from a snapshot as from
the table's first event."""

from __future__ import annotations

import os

from fatekit.table import event_for
from fatekit.table.recap import session_recap, sessions_of
from fatekit.table.recap_text import LANGUAGES, recap_html, recap_markdown, recap_text

from .agent import GM, PLAYERS, TABLE, Game, play_games  # type: ignore[import-not-found]

#: Twelve games in make test; make soak plays 200 (FATEKIT_RECAP_GAMES).
GAMES = int(os.environ.get("FATEKIT_RECAP_GAMES", "12"))
STEPS = 60


def _check(game: Game) -> None:
    log, state = game.log, game.s
    by_version = {ev.version: ev for ev in log}
    snapshot = game.history().snapshot
    for number in sessions_of(log):
        told = {}
        for seat in (GM, *PLAYERS):
            recap = session_recap(log, state, seat, number)
            assert recap is not None
            assert session_recap(log, state, seat, number, snapshot=snapshot) == recap
            moments = [*recap.moments(), *recap.advancement, *recap.gm_lines]
            for moment in moments:
                assert event_for(by_version[moment.version], state, seat) is not None, moment
            told[seat] = {(m.version, m.kind) for m in moments}
            for lang in LANGUAGES:
                words = recap_text(recap, state, seat, lang)
                recap_markdown(words, state.name)
                recap_html(words, state.name)
        for seat in PLAYERS:
            assert told[seat] <= told[GM], (game.seed, number, seat)


def test_recaps_of_random_games_tell_each_seat_only_what_it_saw() -> None:
    checked: list[int] = []

    def check(game: Game) -> None:
        _check(game)
        checked.append(game.seed)

    play_games(range(7_000, 7_000 + GAMES), STEPS, on_game=check)
    assert len(checked) == GAMES and TABLE
