"""A recap of a session, read from the log as one seat may read it (issue 28, item 3).

:func:`session_recap` replays a table's log and keeps, for one session, what a group talks about
the next week: the scenes, the rolls that mattered (a success with style, a failure, a success
at a cost), compels accepted, consequences taken, characters taken out or conceding, the fate
points each character gained and spent, the milestone the session ended on and what each
character took for it, and the lines the GM added.

Everything a recap says comes from events the seat may receive, *as it receives them*
(:func:`~fatekit.table.event_views.event_for`): an event its /log leaves out is left out here,
and a name it redacts is not named. What the replay adds (a roll's outcome, a fate point moved)
is only ever said of a roll or an event the seat sees whole: never of a roll whose dice were
kept from it, nor of a secret roll. Undone events are left out. The wording is the seat's
language's (:mod:`fatekit.table.recap_text`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fatekit.rules.core.outcomes import Outcome
from fatekit.table import events as e
from fatekit.table.event_views import event_for
from fatekit.table.fold import apply_in_place
from fatekit.table.history import EventLog
from fatekit.table.state import TableState

__all__ = ["Moment", "SceneRecap", "SessionRecap", "session_recap", "sessions_of"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Moment:
    """Something worth telling: its ``kind`` (a catalog key's last part) and what it names
    (``who``: a character id; ``skill``: a skill key; ``detail``: text as the seat read it)."""

    kind: str
    version: int
    who: str | None = None
    skill: str | None = None
    detail: str | None = None


@dataclass(slots=True)
class SceneRecap:
    """A scene and its moments (``name`` ``None``: play outside any scene)."""

    name: str | None
    moments: list[Moment] = field(default_factory=list)


@dataclass(slots=True)
class SessionRecap:
    """One session as a seat may read it."""

    number: int
    started_at: str
    ended_at: str | None  # None: still under way
    milestone: str | None = None  # minor, significant or major
    scenes: list[SceneRecap] = field(default_factory=list)
    fate_points: dict[str, list[int]] = field(default_factory=dict)  # id -> [gained, spent]
    advancement: list[Moment] = field(default_factory=list)
    gm_lines: list[Moment] = field(default_factory=list)

    def moments(self) -> list[Moment]:
        """Every moment of every scene, in order."""
        return [m for scene in self.scenes for m in scene.moments]


def sessions_of(events: Sequence[e.Event]) -> list[int]:
    """The numbers of the sessions a log has started, in order (undone ones left out)."""
    live = _live(events)
    return [ev.number for ev in events if isinstance(ev, e.SessionStarted) and ev.version in live]


def _live(events: Sequence[e.Event]) -> set[int]:
    """The versions that still count: neither undone nor an undo."""
    live: list[int] = []
    for event in events:
        if isinstance(event, e.Undone):
            live = [v for v in live if v < event.target_version]
        else:
            live.append(event.version)
    return set(live)


def session_recap(
    events: Sequence[e.Event],
    state: TableState,
    seat: str,
    number: int,
    *,
    snapshot: Callable[[int], TableState | None] | None = None,
) -> SessionRecap | None:
    """The recap of session ``number`` for ``seat``, from the table's complete log ``events``
    (``state`` is the table after them); ``None`` if the log holds no such session.

    The replay starts from ``snapshot(v)`` when given (the table at a version before ``v``, the
    session's start, or ``None``), so a recap of last week costs last week's events, not the
    campaign's."""
    live = _live(events)
    begins = next(
        (
            ev.version
            for ev in events
            if isinstance(ev, e.SessionStarted) and ev.number == number and ev.version in live
        ),
        None,
    )
    if begins is None:
        return None
    history = EventLog(list(events))
    recap: SessionRecap | None = None
    scene: SceneRecap | None = None
    opened: dict[int, JSON | None] = {}  # the seat's copy of each roll's opening event
    offers: dict[str, JSON] = {}  # compel id -> the seat's copy of its offer
    folded = None if snapshot is None else snapshot(begins)
    start = 0 if folded is None else folded.version
    over = False  # the session has ended and the next begun: only the GM's lines may follow
    for event in events:
        if event.version <= start:
            continue
        if (
            isinstance(event, e.RecapLineAdded)
            and recap is not None
            and event.session == number
            and event.version in live
            and event_for(event, state, seat) is not None
        ):
            recap.gm_lines.append(Moment("gm_line", event.version, detail=event.text))
        if over:
            continue
        before = folded
        if isinstance(event, e.RollResolved) and before is not None and event.version in live:
            settled = _settled_roll(before, event)
        else:
            settled = None
        points = _points(before)
        folded = apply_in_place(folded, event, history=history)
        if event.version not in live:
            continue
        if isinstance(event, e.SessionStarted):
            if recap is not None:
                over = True
            elif event.number == number:
                recap = SessionRecap(number, event.at, None)
                scene = None
                _count_points(recap, state, points, _points(folded))  # refresh
            continue
        if recap is None:
            continue
        after = _points(folded)
        if not isinstance(event, _TOLD) and not _pcs_moved(state, points, after):
            continue  # nothing a recap tells: no need to redact it
        seen = event_for(event, state, seat)
        if seen is None:
            continue
        data = seen["data"]
        if isinstance(event, e.SessionEnded):
            recap.ended_at = event.at
            recap.milestone = data.get("milestone")
        elif isinstance(event, e.SceneStarted):
            scene = SceneRecap(data.get("name") or None)
            recap.scenes.append(scene)
        elif isinstance(event, e.SceneEnded):
            scene = None
        _count_points(recap, state, points, after)
        moment = _moment(event, data, opened, offers, settled)
        if moment is None:
            continue
        if moment.kind in ("milestone", "breakthrough", "milestone_significant", "milestone_major"):
            recap.advancement.append(moment)
        else:
            if scene is None:
                scene = SceneRecap(None)
                recap.scenes.append(scene)
            scene.moments.append(moment)
    return recap


# -- what the replay adds ---------------------------------------------------------------------

#: The events a recap may tell of (any other only for the fate points it moves).
_TOLD = (
    e.SessionEnded,
    e.SceneStarted,
    e.SceneEnded,
    e.RollMade,
    e.AttackRolled,
    e.AdvantageRolled,
    e.OvercomeRolled,
    e.ChallengeRolled,
    e.RollResolved,
    e.CompelOffered,
    e.SelfCompelAsked,
    e.CompelAnswered,
    e.SelfCompelAnswered,
    e.HitAbsorbed,
    e.TakenOut,
    e.Conceded,
    e.MilestoneTaken,
    e.BreakthroughTaken,
    e.MilestoneSpent,
)


def _pcs_moved(state: TableState, before: dict[str, int], after: dict[str, int]) -> bool:
    """Whether an event moved any PC's fate points."""
    return any(before.get(cid) != now and _is_pc(state, cid) for cid, now in after.items())


_OPENS_ROLL = (e.RollMade, e.AttackRolled, e.AdvantageRolled, e.OvercomeRolled, e.ChallengeRolled)


@dataclass(frozen=True, slots=True)
class _Settled:
    opened_at: int
    actor: str
    skill: str | None
    outcome: Outcome


def _settled_roll(state: TableState, event: e.RollResolved) -> _Settled | None:
    """The roll a RollResolved settles, as it stood just before (invokes and all)."""
    in_play = state.rolls.get(event.roll) if event.roll else None
    if in_play is None and not event.roll:
        in_play = state.conflict_roll() or next(iter(state.rolls.values()), None)
    if in_play is None:
        return None
    roll = in_play.roll
    try:
        outcome = roll.outcome
    except Exception:  # a roll the rules cannot settle yet has nothing to tell
        return None
    return _Settled(in_play.version, roll.actor, roll.skill, outcome)


def _points(state: TableState | None) -> dict[str, int]:
    if state is None:
        return {}
    ledger = state.game.ledger
    return {cid: ledger.account(cid).available for cid in state.game.characters}


def _count_points(
    recap: SessionRecap, state: TableState, before: dict[str, int], after: dict[str, int]
) -> None:
    """Add the fate points an event the seat saw moved, for each PC (their points are on the
    table for everyone). NPCs' are left out: theirs come and go with each scene, the GM's
    business, and a reset read as "spent" would mislead."""
    for cid, now in after.items():
        was = before.get(cid)
        if was is None or was == now or not _is_pc(state, cid):
            continue
        tally = recap.fate_points.setdefault(cid, [0, 0])
        tally[0 if now > was else 1] += abs(now - was)


def _is_pc(state: TableState, character_id: str) -> bool:
    return character_id in state.game.characters and not state.is_npc(character_id)


def _dice_seen(data: JSON) -> bool:
    """Whether the seat saw the dice of a roll it was sent (not an NPC's kept behind the
    screen)."""
    return data.get("faces") is not None and not data.get("dice_hidden")


def _moment(
    event: e.Event,
    data: JSON,
    opened: dict[int, JSON | None],
    offers: dict[str, JSON],
    settled: _Settled | None,
) -> Moment | None:
    at = event.version
    if isinstance(event, _OPENS_ROLL):
        opened[at] = data
        return None
    if isinstance(event, e.RollResolved):
        if settled is None:
            return None
        first = opened.get(settled.opened_at)
        if first is None or not _dice_seen(first):
            return None  # the seat never saw this roll's dice: its outcome is not its to read
        option = data.get("option") or ""
        if "cost" in option:
            kind = "cost"
        elif settled.outcome is Outcome.SUCCESS_WITH_STYLE:
            kind = "style"
        elif settled.outcome is Outcome.FAIL:
            kind = "fail"
        else:
            return None
        return Moment(kind, at, settled.actor, settled.skill)
    if isinstance(event, e.CompelOffered | e.SelfCompelAsked):
        offers[event.compel_id] = data
        return None
    if isinstance(event, e.CompelAnswered | e.SelfCompelAnswered):
        accepted = (
            event.accepted
            if isinstance(event, e.SelfCompelAnswered)
            else str(data.get("answer")) == "accept"
        )
        offer = offers.get(event.compel_id)
        if not accepted or offer is None:
            return None
        return Moment("compel", at, offer.get("target"), detail=offer.get("complication"))
    if isinstance(event, e.HitAbsorbed):
        names = [str(n) for _, n in data.get("names") or []]
        extreme = data.get("extreme")
        if extreme:  # the extreme consequence is the moment a recap tells
            names.append(str(extreme["name"]))
            return Moment("extreme", at, data.get("target"), detail=", ".join(names))
        if not names:
            return None
        return Moment("consequence", at, data.get("target"), detail=", ".join(names))
    if isinstance(event, e.TakenOut):
        standing = data.get("standing")
        if isinstance(standing, int) and standing > 0:
            # One of a mob falls; the mob fights on: told as such, not as the mob taken out.
            return Moment("member_out", at, data.get("target"), detail=str(standing))
        return Moment("taken_out", at, data.get("target"))
    if isinstance(event, e.Conceded):
        return Moment("conceded", at, data.get("character_id"))
    if isinstance(event, e.MilestoneTaken):
        return Moment("milestone", at, data.get("character_id"))
    if isinstance(event, e.BreakthroughTaken):
        return Moment("breakthrough", at, data.get("character_id"))
    if isinstance(event, e.MilestoneSpent):
        level = str(data.get("level"))
        kind = "milestone" if level == "minor" else f"milestone_{level}"
        return Moment(kind, at, data.get("character_id"))
    return None
