"""Venture City's powers bought and changed at a milestone, at the table (issue 41): the PC's
view offers each way a milestone takes a power, the milestone's event records the powers, the
stunts and the drawback it left (folded as recorded, never judged again), a refused one changes
nothing, and a milestone recorded before powers were recorded folds as it did."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from fatekit.rules.characters.packages import BoughtPackage
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.clock import Milestone
from fatekit.rules.core.errors import FateError, IllegalAction
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.base import Event
from fatekit.table.seats import Role
from fatekit.table.serialize import event_from_payload, event_payload

from .conftest import Play  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"


def skye_sheet() -> str:
    """A second flyer, Miles's file with his power at its plainest: Flight with its drawback and
    collateral damage effect, one of the three bonus stunts spent."""
    data = json.loads((SAMPLES / "miles.character.json").read_text(encoding="utf-8"))
    data.update(id="skye", name="Skye")
    data["packages"] = [{"key": "flight", "options": ["hard-to-maneuver", "whirlwind"]}]
    return json.dumps(data)


def reread(event: Event, payload: str | None = None) -> Event:
    """The event as the store reads it back (from ``payload``, by default its own)."""
    return event_from_payload(
        type(event).__name__,
        event_payload(event) if payload is None else payload,
        table_id=event.table_id,
        version=event.version,
        seat=event.seat,
        at=event.at,
    )


def city() -> Play:
    table = Play()
    table.do(c.CreateTable(name="Venture City", preset="venturecity"))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    miles = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=miles, owner="ann"), "ann")
    table.do(c.AddCharacter(sheet=skye_sheet(), owner="ben"), "ben")
    table.do(c.StartSession())
    return table


def buy(key: str, *options: str) -> c.MilestoneChange:
    return c.MilestoneChange(kind=c.ChangeKind.BUY_PACKAGE, package=key, options=options)


def swap(old: str, key: str, *options: str) -> c.MilestoneChange:
    return c.MilestoneChange(kind=c.ChangeKind.SWAP_PACKAGE, old=old, package=key, options=options)


def offers(table: Play, seat: str, pc: str) -> list[dict[str, object]]:
    view = view_for(table.s, seat)
    part = next(ch for ch in view["characters"] if ch["id"] == pc)
    found: list[dict[str, object]] = part.get("package_offers", [])
    return found


def ways(table: Play, seat: str, pc: str) -> list[dict[str, object]]:
    """The packages bought or changed (not options added to one held), without the extras
    each may take."""
    return [
        {k: v for k, v in o.items() if k != "extras"}
        for o in offers(table, seat, pc)
        if not o.get("adds")
    ]


@pytest.mark.rule("advancement.package-buy", "package.cost", "package.grants")
def test_a_player_buys_a_power_at_a_minor_milestone_and_the_log_keeps_it() -> None:
    table = city()
    assert offers(table, "ann", "miles") == []  # no milestone open
    table.do(c.EndSession(milestone=Milestone.MINOR))
    offered = ways(table, "ann", "miles")
    blast = {
        "key": "energy-blast",
        "options": ["need-a-mask", "charged-shot"],
        "refresh": 1,
        "replaces": None,
    }
    assert blast in offered
    # Miles's Flight is seven stunts' worth: no milestone changes it; Ben's seat sees none.
    assert not any(o.get("replaces") for o in offered)
    assert offers(table, "ben", "miles") == []
    table.do(
        c.SpendMilestone(
            character_id="miles", change=buy("energy-blast", "need-a-mask", "charged-shot")
        ),
        "ann",
    )
    miles = table.s.game.character("miles")
    assert [p.key for p in miles.packages] == ["flight", "energy-blast"]
    assert miles.refresh == 1
    assert "Basic Energy Blast" in {s.name for s in miles.stunts}
    assert validate(miles) == []
    event = table.log[-1]
    recorded = event.sheet.packages  # type: ignore[attr-defined]
    assert [p.key for p in recorded] == ["flight", "energy-blast"]
    # The log folds to the same sheet, drawback and all, and reads back from its JSON.
    again = fold([reread(e) for e in table.log])
    assert again.game.character("miles") == miles
    assert view_for(again, "ann") == view_for(table.s, "ann")
    sheet = next(ch for ch in view_for(table.s, "ann")["characters"] if ch["id"] == "miles")
    assert "Need a Mask to Protect Those Around You" in [
        a["name"] for a in sheet["sheet"]["aspects"]
    ]


@pytest.mark.rule("advancement.package-buy", "package.cost")
def test_a_refused_power_changes_nothing_and_names_its_rule() -> None:
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    before, seen, log = (
        copy.deepcopy(table.s.game.character("miles")),
        view_for(table.s, "ann"),
        len(table.log),
    )
    dearer = buy("energy-blast", "need-a-mask", "charged-shot", "master-energy-blast")
    with pytest.raises(IllegalAction) as refused:
        table.do(c.SpendMilestone(character_id="miles", change=dearer), "ann")
    assert refused.value.rule.key == "advancement.package-buy"
    with pytest.raises(FateError, match="options"):
        table.do(
            c.SpendMilestone(
                character_id="miles",
                change=c.MilestoneChange(kind=c.ChangeKind.BUY_PACKAGE, package="flight", name="x"),
            ),
            "ann",
        )
    assert table.s.game.character("miles") == before
    assert view_for(table.s, "ann") == seen and len(table.log) == log


@pytest.mark.rule("advancement.package-swap", "package.grants")
def test_a_one_stunt_power_is_changed_for_another_and_its_drawback_with_it() -> None:
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    offered = ways(table, "ben", "skye")
    assert {
        "key": "energy-blast",
        "options": ["need-a-mask", "charged-shot"],
        "refresh": 0,
        "replaces": "flight",
    } in offered
    assert {
        "key": "energy-blast",
        "options": ["need-a-mask", "charged-shot"],
        "refresh": 0,
        "replaces": None,
    } in offered
    table.do(
        c.SpendMilestone(
            character_id="skye",
            change=swap("flight", "energy-blast", "need-a-mask", "charged-shot"),
        ),
        "ben",
    )
    skye = table.s.game.character("skye")
    assert skye.packages == [BoughtPackage("energy-blast", ("need-a-mask", "charged-shot"))]
    assert skye.refresh == 3
    assert [a.name for a in skye.aspects if "/package/" in a.id] == [
        "Need a Mask to Protect Those Around You"
    ]
    assert "Basic Flight" not in {s.name for s in skye.stunts}
    assert validate(skye) == []
    assert fold(table.log).game.character("skye") == skye


def test_a_milestone_recorded_before_powers_were_recorded_folds_as_it_did() -> None:
    # A Venture City milestone from the release before this one: its sheet names no packages
    # (the field absent), and the fold leaves the powers and their drawback as they were.
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    aspect = table.s.game.character("miles").aspects[2].id
    rewrite = c.MilestoneChange(kind=c.ChangeKind.REWRITE_ASPECT, aspect_id=aspect, name="Wiser")
    table.do(c.SpendMilestone(character_id="miles", change=rewrite), "ann")
    data = json.loads(event_payload(table.log[-1]))
    assert [p["key"] for p in data["sheet"]["packages"]] == ["flight"]
    del data["sheet"]["packages"]
    older = reread(table.log[-1], json.dumps(data))
    folded = fold([*table.log[:-1], older])
    assert folded.game.character("miles") == table.s.game.character("miles")


@pytest.mark.rule("advancement.package-buy")
def test_the_offers_are_worked_out_once_per_sheet_and_rule_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every seat's view, publish after publish, lists the same offers while the milestone stays
    # open: the rules judge each way once per sheet and rule set; a changed sheet is judged
    # afresh, and what is offered is what an uncached judge offers.
    from fatekit.table.play import advancement

    worked: list[str] = []
    judge = advancement._package_changes

    def counted(character, preset, added):  # type: ignore[no-untyped-def]
        worked.append(character.id)
        return judge(character, preset, added)

    monkeypatch.setattr(advancement, "_package_changes", counted)
    advancement._OFFERS_MEMO.clear()
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    first = offers(table, "ann", "miles")
    assert (
        first and offers(table, "gm", "miles") == first and offers(table, "ann", "miles") == first
    )
    assert worked.count("miles") == 1
    table.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))  # the table moves on
    assert offers(table, "ann", "miles") == first and worked.count("miles") == 1
    table.do(
        c.SpendMilestone(
            character_id="skye", change=buy("energy-blast", "need-a-mask", "charged-shot")
        ),
        "ben",
    )
    table.do(c.StartSession())
    table.do(c.EndSession(milestone=Milestone.MINOR))
    worked.clear()
    again = offers(table, "ben", "skye")
    assert worked == ["skye"]  # Skye's sheet changed: judged afresh
    advancement._OFFERS_MEMO.clear()
    assert offers(table, "ben", "skye") == again
    bought = [o for o in again if not o.get("replaces") and not o.get("adds")]
    assert not any(o["key"] == "energy-blast" for o in bought)
    assert len(advancement._OFFERS_MEMO) <= advancement.OFFERS_KEPT


def add(key: str, *options: str) -> c.MilestoneChange:
    return c.MilestoneChange(kind=c.ChangeKind.ADD_PACKAGE_OPTIONS, package=key, options=options)


@pytest.mark.rule("advancement.package-options", "package.options", "package.cost")
def test_a_milestone_buys_an_enhancement_on_a_power_held() -> None:
    # Miles (refresh 2) buys Master Flight on his Flight at a minor milestone: one stunt's
    # worth, refresh 1 left; two enhancements are two stunts, more than a minor milestone
    # spends, and a power he lacks has nothing to add to. Refusals change nothing.
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    offered = offers(table, "ann", "miles")
    master = {"key": "flight", "options": ["master-flight"], "refresh": 1, "replaces": None}
    assert {**master, "adds": True} in offered
    assert offers(table, "gm", "miles") == offered and offers(table, "ben", "miles") == []
    before, log = copy.deepcopy(table.s.game.character("miles")), len(table.log)
    with pytest.raises(IllegalAction) as refused:
        table.do(
            c.SpendMilestone(
                character_id="miles", change=add("flight", "master-flight", "eagle-eyed")
            ),
            "ann",
        )
    assert refused.value.rule.key == "advancement.package-options"
    with pytest.raises(FateError) as missing:
        table.do(c.SpendMilestone(character_id="miles", change=add("energy-blast", "x")), "ann")
    assert missing.value.code == "package_not_bought"
    with pytest.raises(FateError) as empty:
        table.do(c.SpendMilestone(character_id="miles", change=add("flight")), "ann")
    assert empty.value.code == "package_options_none"
    assert table.s.game.character("miles") == before and len(table.log) == log
    table.do(c.SpendMilestone(character_id="miles", change=add("flight", "master-flight")), "ann")
    miles = table.s.game.character("miles")
    flight = next(p for p in miles.packages if p.key == "flight")
    assert flight.options[-1] == "master-flight" and miles.refresh == 1
    assert "Master Flight" in {s.name for s in miles.stunts}
    assert validate(miles) == []
    again = fold([reread(e) for e in table.log])
    assert again.game.character("miles") == miles


@pytest.mark.rule("advancement.package-buy", "package.options", "package.cost")
def test_a_power_bought_takes_options_on_top_in_the_same_change() -> None:
    # At a minor milestone Energy Blast takes a special effect on top for nothing (two come
    # free), never an enhancement (a second stunt's worth); at a major milestone, whose new
    # point of refresh may buy a stunt at once, Master Energy Blast too.
    table = city()
    table.do(c.EndSession(milestone=Milestone.MINOR))
    way = next(
        o
        for o in offers(table, "ann", "miles")
        if o["key"] == "energy-blast"
        and o["options"] == ["need-a-mask", "charged-shot"]
        and not o.get("replaces")
    )
    extras = {e["option"]: e["refresh"] for e in way["extras"]}  # type: ignore[attr-defined]
    assert extras["area-attack"] == 1 and "master-energy-blast" not in extras
    table.do(
        c.SpendMilestone(
            character_id="miles",
            change=buy("energy-blast", "need-a-mask", "charged-shot", "area-attack"),
        ),
        "ann",
    )
    miles = table.s.game.character("miles")
    assert miles.packages[-1].options[-1] == "area-attack" and miles.refresh == 1
    assert validate(miles) == []
    major = city()
    major.do(c.EndSession(milestone=Milestone.MAJOR))
    way = next(
        o
        for o in offers(major, "ann", "miles")
        if o["key"] == "energy-blast"
        and o["options"] == ["need-a-mask", "charged-shot"]
        and not o.get("replaces")
    )
    extras = {e["option"]: e["refresh"] for e in way["extras"]}  # type: ignore[attr-defined]
    assert (way["refresh"], extras["master-energy-blast"]) == (1, 2)
    change = buy("energy-blast", "need-a-mask", "charged-shot", "master-energy-blast")
    major.do(c.SpendMilestone(character_id="miles", change=change), "ann")
    miles = major.s.game.character("miles")
    assert miles.packages[-1].options[-1] == "master-energy-blast" and miles.refresh == 1
    assert fold(major.log).game.character("miles") == miles
