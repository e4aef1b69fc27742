"""The page agent's steering on its own machinery, with no browser (tests/web/agent/evening.py):
goals count what the table took, never a refusal; the steering towards a minion thrown in front
of a hit on a big bad (Shield, never sent in any soak before) holds only in the big bad's plan,
and there puts two NPCs in the scene before it starts, keeps them on one side, names the big bad
with a minion, and strikes it once it is named; a countdown is struck off (RemoveCountdown,
never sent either) once the GM's plan has marked one."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.web.agent.__main__ import sweep_plan
from tests.web.agent.evening import NPC_IDS, SKIP, Evening
from tests.web.agent.plans import PLANS

BIG_BAD = next(n for n, p in enumerate(PLANS) if "Shield" in p.goals)
TOOLS = next(n for n, p in enumerate(PLANS) if "AddCountdown" in p.goals)


@dataclass
class Request:  # what the agent reads of a Playwright request
    url: str
    post_data: str
    method: str = "POST"
    resource_type: str = "fetch"


@dataclass
class Response:  # what the agent reads of a Playwright response
    request: Request
    status: int


def command(kind: str, **data: Any) -> Request:
    return Request(
        "http://127.0.0.1:1/tables/t1/commands", json.dumps({"type": kind, "data": data})
    )


@dataclass
class Socket:  # a page's socket: the agent listens to its frames
    handlers: dict[str, Any] = field(default_factory=dict)

    def on(self, event: str, handler: Any) -> None:
        self.handlers[event] = handler


@dataclass
class Page:
    """A page as the steering reads it: its controls, its NPCs' cards, whether the big bad's
    immunity holds."""

    listed: list[dict[str, Any]]
    npcs: list[str]
    immune: bool = False

    def evaluate(self, script: str, arg: Any = None) -> Any:
        if script == "__agent.controls()":
            return self.listed
        if script == NPC_IDS:
            return self.npcs
        if "dataset.immunity" in script:
            return self.immune
        raise AssertionError(f"the steering asked the page something unexpected: {script[:60]}")


def control(
    ident: str, kind: str = "select", value: str = "", options: Any = None
) -> dict[str, Any]:
    return {
        "i": 0,
        "sig": ident,
        "id": ident,
        "kind": kind,
        "value": value,
        "options": options,
        "checked": False,
        "dialog": True,
        "classes": "",
        "text": "",
        "section": "",
    }


def evening(plan: int, seed: int = 1, wanted: frozenset[str] = frozenset()) -> Evening:
    return Evening(browser=None, server="", seed=seed, steps=100, plan=PLANS[plan], wanted=wanted)


def test_a_refused_command_ticks_no_goal() -> None:
    """A refused StartConflict counted as sent: the plan's goal ticked, its steering stopped,
    and the evening never fought. Only an answer that is no refusal counts now."""
    night = evening(BIG_BAD)
    gm = night.seats[0]
    night.answered(gm, Response(command("StartConflict"), 422))
    assert not night.report.sent
    assert "StartConflict" in night.open_goals()
    night.answered(gm, Response(command("StartConflict"), 200))
    assert night.report.sent == {"StartConflict": 1}
    assert "StartConflict" not in night.open_goals()


def test_a_command_on_the_socket_counts_once_acknowledged() -> None:
    night = evening(BIG_BAD)
    socket = Socket()
    night.socket(night.seats[1], socket)
    sent, received = socket.handlers["framesent"], socket.handlers["framereceived"]
    signal = {"kind": "command", "type": "RaiseSignal", "data": {"tool": "x_card"}}
    sent(json.dumps({**signal, "id": "1"}))
    received(json.dumps({"kind": "error", "id": "1", "status": 422, "error": "illegal"}))
    assert not night.report.sent
    sent(json.dumps({**signal, "id": "2"}))
    received(json.dumps({"kind": "ack", "id": "2", "version": 9}))
    assert night.report.sent == {"RaiseSignal": 1}


def test_an_invitation_counts_as_the_add_seat_the_endpoint_decides() -> None:
    """AddSeat stayed "not reached" in every run though each evening invites three seats from
    the panel: the page posts an invitation to the seats endpoint, not to /commands, and only
    /commands was counted."""
    night = evening(BIG_BAD)
    gm = night.seats[0]
    night.answered(
        gm, Response(Request("http://127.0.0.1:1/tables/t1/seats", '{"name":"Ann"}'), 201)
    )
    night.answered(gm, Response(Request("http://127.0.0.1:1/tables/t1/seats/s1/links", ""), 200))
    night.answered(gm, Response(Request("http://127.0.0.1:1/tables/t1/seats", "{}"), 422))
    assert night.report.sent == {"AddSeat": 1}


def test_only_the_big_bads_plan_steers_towards_a_shield() -> None:
    """An earlier attempt steered every evening this way and `make test` lost five command types
    of the other plans: the steering holds in the big bad's plan only, while Shield is wanted."""
    assert [evening(n).shielding() for n in range(len(PLANS))] == [
        n == BIG_BAD for n in range(len(PLANS))
    ]
    # A soak's evening after one that reached Shield plays the plan as it always did.
    assert not evening(BIG_BAD, wanted=frozenset({"Treat"})).shielding()
    assert evening(BIG_BAD, wanted=frozenset({"Shield", "Treat"})).shielding()
    night = evening(BIG_BAD)
    night.taken(night.seats[0], {"type": "Shield", "data": {"minion": "c3"}})
    assert not night.shielding()


FACTS = {"characters": 3, "npcs": 1, "ours": 0, "busy": False, "ended": False}


def test_the_big_bads_scene_waits_for_a_minion_beside_it() -> None:
    """The big bad was set up with no minion in its scene: the scene now waits for a second
    NPC, and the GM makes one first."""
    start = {**control("start-scene", "click"), "section": "scene"}
    npc = {**control("quick-npc", "click"), "section": "characters"}
    night, fight = evening(BIG_BAD), evening(0)
    gm = night.seats[0]
    assert night.base_weight(gm, start, FACTS) == 0.05
    assert night.base_weight(gm, npc, FACTS) == 40
    assert night.base_weight(gm, start, {**FACTS, "npcs": 2}) == 25
    # Fate Core's fight needs one NPC only, as before.
    assert fight.base_weight(fight.seats[0], start, FACTS) == 25


def sides() -> list[dict[str, Any]]:
    """The conflict form as it opens: the PCs on side a, the two NPCs on side b."""
    return [
        control("conflict-side-a", "fill", "Us"),
        control("conflict-side-b", "fill", "Them"),
        control("conflict-side-pc1", value="a", options=["", "a", "b"]),
        control("conflict-side-pc2", value="a", options=["", "a", "b"]),
        control("conflict-side-npc1", value="b", options=["", "a", "b"]),
        control("conflict-side-npc2", value="b", options=["", "a", "b"]),
        control("conflict-first", options=["pc1", "pc2", "npc1", "npc2"]),
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_big_bad_and_its_minions_stay_on_one_side(seed: int) -> None:
    """A random re-split of the sides (or a picker changed at random while filling the form)
    put a minion on the PCs' side: while shielding, every picker keeps the form's split and a
    PC acts first, in every seed."""
    night = evening(BIG_BAD, seed)
    chosen = night.two_sides(sides(), "conflict")
    assert {k: v for k, v in chosen.items() if k.startswith("conflict-side-")} == {
        "conflict-side-a": SKIP,  # the sides' names too: two typed alike were refused
        "conflict-side-b": SKIP,
        "conflict-side-pc1": "a",
        "conflict-side-pc2": "a",
        "conflict-side-npc1": "b",
        "conflict-side-npc2": "b",
    }
    assert chosen["conflict-first"] in ("pc1", "pc2")


def test_other_plans_still_split_sides_at_random() -> None:
    splits = {
        tuple(sorted(evening(0, seed).two_sides(sides(), "conflict").items())) for seed in range(12)
    }
    assert len(splits) > 2


def big_bad_form() -> list[dict[str, Any]]:
    return [
        control("bigbad-who", value="npc1", options=["pc1", "npc1", "npc2"]),
        control("bigbad-minion-pc1", "check"),
        control("bigbad-minion-npc2", "check"),
        control("bigbad-immunity", options=["", "challenge", "contest"]),
        control("bigbad-scale", options=["", "mundane", "supernatural", "legendary", "godlike"]),
        control("bigbad-solo-skill", "check"),
        control("bigbad-threat", options=["", "map", "hive"]),
        control("bigbad-form-submit", "click"),
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_big_bad_is_named_with_its_minion_in_every_seed(seed: int) -> None:
    """Its dialog was filled at random a third of the time: while shielding, the big bad is an
    NPC, the other NPC its minion, with no solo rule or threat, at every first try."""
    night = evening(BIG_BAD, seed)
    gm = night.seats[0]
    gm.page = Page(big_bad_form(), ["npc1", "npc2"])
    chosen = night.special(gm, "bigbad-form")
    assert chosen["bigbad-who"] == "npc1"
    assert chosen["bigbad-minion-npc2"] == "on"
    assert chosen["bigbad-minion-pc1"] == "off"
    assert chosen["bigbad-solo-skill"] == "off"
    assert chosen["bigbad-threat"] == ""
    assert chosen["bigbad-scale"] == ""


def test_the_big_bads_scene_has_no_zones_to_keep_a_minion_away() -> None:
    scene = [control("scene-name", "fill"), control("scene-with-npc1", "check")]
    for seed in range(12):
        chosen = evening(BIG_BAD, seed).a_scene(scene, "scene")
        assert chosen["scene-zones"] == "" and chosen["scene-with-npc1"] == "on"


def test_the_big_bad_is_struck_once_named() -> None:
    """Struck hard from the first turn, the NPCs were out before the GM named a big bad: the
    strikes wait for it and for its immunity to be broken, then outweigh the rest, aimed at
    the big bad."""
    attack = {
        **control("attack-npc1", "click"),
        "dialog": False,
        "section": "turn",
        "sig": "attack-*",
    }
    night = evening(BIG_BAD)
    player = night.seats[1]
    form = [control("attack-target", options=["npc2", "npc1"])]
    player.page = Page(form, ["npc1", "npc2"], immune=True)
    for kind in ("StartSession", "StartScene", "StartConflict"):
        night.taken(night.seats[0], {"type": kind, "data": {}})
    assert night.coverage_weight(player, attack) == 1.0
    bad = {"character_id": "npc1", "minions": ["npc2"], "immunity": "challenge"}
    night.taken(night.seats[0], {"type": "SetBigBad", "data": bad})
    assert night.coverage_weight(player, attack) == 1.0
    assert "attack-target" not in night.steered(player, "attack-form", form)
    player.page.immune = False  # the GM said the group got through
    assert night.coverage_weight(player, attack) == 24.0
    assert night.steered(player, "attack-form", form)["attack-target"] == "npc1"


def test_a_countdown_is_struck_off_once_marked() -> None:
    """RemoveCountdown was never sent in any soak: no plan named it, and the GM's tools plan
    weighed its own goals eight times more. It opens once a countdown has been marked, and a
    sweep for it plays the GM's tools."""
    night = evening(TOOLS)
    assert "RemoveCountdown" not in night.open_goals()
    night.taken(night.seats[0], {"type": "MarkCountdown", "data": {"countdown_id": "k1"}})
    assert "RemoveCountdown" in night.open_goals()
    assert sweep_plan({"RemoveCountdown"}, 0) == TOOLS
