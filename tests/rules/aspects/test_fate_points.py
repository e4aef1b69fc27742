"""Fate points, refresh and the GM's pool (fate-condensed.ru.md § Обновление; § Your Fate Points;
ode-kortfattad.sv.rst § Dina ödespoäng)."""

from __future__ import annotations

import pytest

from fatekit.rules import GM, BadInput, FateLedger, FatePoints, GMPool, IllegalAction
from fatekit.rules.characters.character import major_npc, new_character
from fatekit.rules.scenes.scene import Game


@pytest.mark.rule("fate-points.never-negative")
def test_fate_points_never_go_below_zero() -> None:
    points = FatePoints("ruth", 1)
    points.spend()
    with pytest.raises(IllegalAction, match="1 needed, 0 available"):
        points.spend()
    assert points.available == 0
    with pytest.raises(BadInput):
        FatePoints("ruth", -1)
    with pytest.raises(BadInput):
        points.spend(-1)
    with pytest.raises(BadInput):
        points.gain(-2)


@pytest.mark.rule("fate-points.refresh")
def test_session_starts_with_the_larger_of_refresh_and_points_left() -> None:
    """The book's example: Charles ends with 5 (refresh 2) and keeps 5; Ethan ends with 1
    (refresh 3) and starts with 3."""
    charles, ethan = FatePoints("charles", 5), FatePoints("ethan", 1)
    charles.start_session(refresh=2)
    ethan.start_session(refresh=3)
    assert (charles.available, ethan.available) == (5, 3)


@pytest.mark.rule("fate-points.refresh", "fate-points.after-scene")
def test_pending_points_are_released_by_the_session_start() -> None:
    points = FatePoints("ruth", 1)
    points.gain_after_scene(2)
    points.start_session(refresh=2)
    assert (points.available, points.pending) == (3, 0)


@pytest.mark.rule("fate-points.gm-pool")
def test_gm_pool_is_one_per_pc_plus_what_is_carried() -> None:
    """The book's example: four PCs and Alice, who conceded after a moderate consequence, bring
    the GM's pool to six."""
    ledger = FateLedger()
    for pc in ("charles", "ruth", "cassandra", "ethan"):
        ledger.add_pc(pc, 3)
    ledger.add_npc("alice")
    ledger.pay_after_scene("alice", 1 + 1)  # conceded: one, plus one per consequence taken
    ledger.end_scene()
    assert ledger.start_scene(("alice",)) == 6
    assert ledger.account("alice").available == 0  # her points are now in the pool
    assert ledger.start_scene(("alice",)) == 4  # and only once


@pytest.mark.rule("fate-points.gm-pool")
def test_a_compel_that_ended_the_scene_carries_over() -> None:
    pool = GMPool()
    assert pool.start_scene(3, ending_compel=True) == 4
    assert pool.start_scene(3) == 3  # unspent points do not carry over otherwise


@pytest.mark.rule("fate-points.gm-pool")
def test_npcs_spend_from_the_gm_pool() -> None:
    ledger = FateLedger()
    ledger.add_pc("ruth")
    ledger.add_npc("ghoul")
    ledger.start_scene()
    assert ledger.wallet("ghoul") is ledger.gm and ledger.wallet(GM) is ledger.gm
    ledger.wallet("ghoul").spend()
    with pytest.raises(IllegalAction):
        ledger.wallet("ghoul").spend()


def test_ledger_input_errors() -> None:
    ledger = FateLedger()
    ledger.add_pc("ruth")
    with pytest.raises(BadInput, match="already"):
        ledger.add_npc("ruth")
    with pytest.raises(BadInput, match="unknown participant"):
        ledger.wallet("nobody")
    with pytest.raises(BadInput, match="not an NPC"):
        ledger.start_scene(("ruth",))
    with pytest.raises(BadInput, match="GM's pool"):
        ledger.pay_after_scene(GM)
    with pytest.raises(BadInput):
        GMPool().start_scene(-1)
    with pytest.raises(BadInput):
        FatePoints("x").start_session(-1)


@pytest.mark.rule("fate-points.gm-pool")
@pytest.mark.parametrize("preset", ["condensed", "ode"])
def test_a_major_npcs_own_fate_points_never_fill_the_gms_pool(preset: str) -> None:
    """fate-condensed.ru.md § Your Fate Points; ode-kortfattad.sv.rst § Dina ödespoäng: the pool
    is one per PC, plus what an NPC that conceded or took hostile invokes brings. Four PCs and a
    major NPC whose sheet holds three fate points give four, not seven; once she concedes with a
    moderate consequence (one, plus one per consequence) she brings those two to a later scene."""
    pcs = [new_character(preset, f"pc{n}", f"PC {n}") for n in range(4)]
    alice = major_npc(preset, "alice", "Alice Westforth")
    alice.fate_points = 3  # what her sheet says she has: the pool never counts it
    game = Game([*pcs, alice])
    game.start_scene("The first meeting", [*(pc.id for pc in pcs), "alice"])
    assert game.ledger.gm.available == 4
    assert game.ledger.account("alice").available == 0
    game.ledger.pay_after_scene("alice", 2)
    game.end_scene()
    game.start_scene("The final confrontation", [*(pc.id for pc in pcs), "alice"])
    assert game.ledger.gm.available == 6


@pytest.mark.rule("fate-points.gm-pool")
def test_an_npc_a_log_brought_in_with_points_carries_them_to_the_pool() -> None:
    """A table's moves logged before issue 27 fold as they were played: there the sheet's points
    did go into the pool, and the table's upcaster brings the NPC in carrying them
    (:meth:`Game.take_character`), so a replay gives that pool again."""
    pcs = [new_character("condensed", f"pc{n}", f"PC {n}") for n in range(4)]
    alice = major_npc("condensed", "alice", "Alice Westforth")
    alice.fate_points = 3
    game = Game(pcs)
    game.take_character(alice, npc_points=alice.fate_points)
    game.start_scene("Logged before the fix", [*(pc.id for pc in pcs), "alice"])
    assert game.ledger.gm.available == 7
