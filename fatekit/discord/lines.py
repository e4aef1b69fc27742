"""The table as Discord reads it: events, rolls and turns as short lines of Discord markdown.

Every line is built from an event as one audience may receive it (:func:`fatekit.table.event_for`:
the channel's public, or one seat) and from that audience's view (:func:`fatekit.table.view_for`)
for names, so a line can only say what its audience may know. The words are the page's
(``event.*`` keys of the catalogs), so the channel and the page's log tell the same story.
Text that people typed (names, notes, aspects) is escaped, so it cannot format or mention.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from fatekit.discord.words import Words
from fatekit.rules.core.ladder import LADDER

__all__ = ["Reader", "dice_text", "escape"]

JSON = dict[str, Any]

#: Discord's markdown and mention characters, escaped in whatever people typed.
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]<@])")
#: How a die shows: emoji read well on a phone and never collide with typed text.
_FACES = {"+": "\N{HEAVY PLUS SIGN}", "-": "\N{HEAVY MINUS SIGN}", "0": "\N{WHITE LARGE SQUARE}"}
#: The id the engine gives the GM where a character could stand.
_GM = "gm"


def escape(text: str) -> str:
    """``text`` with Discord's markdown characters escaped (shown as typed, never formatting)."""
    return _MARKDOWN.sub(r"\\\1", text)


def dice_text(faces: str) -> str:
    """Four Fate dice as emoji (``+0-+``: ➕⬜➖➕)."""
    return "".join(_FACES.get(face, face) for face in faces)


class Reader:
    """Reads events and the state of play aloud to one audience, in one language.

    ``view`` is the audience's view of the table (names come from it); ``skill_names`` the table's
    own skill names when it plays a rule-set file (key -> language -> name, ``""`` the file's
    default); ``track_names`` likewise for its stress tracks.
    """

    def __init__(
        self,
        view: JSON,
        words: Words,
        *,
        skill_names: Mapping[str, Mapping[str, str]] | None = None,
        track_names: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.view = view
        self.t = words
        self._skill_names = skill_names or {}
        self._track_names = track_names or {}
        self._seats = {s["id"]: s["name"] for s in view.get("seats", ())}
        self._characters = {c["id"]: c for c in view.get("characters", ())}
        self._aspects: dict[str, str] = {}
        scene = view.get("scene")
        if scene:
            for aspect in scene.get("aspects", ()):
                self._aspects[aspect["id"]] = aspect["name"]
        for aspect in (view.get("setting") or {}).get("aspects", ()):
            self._aspects[aspect["id"]] = aspect["name"]  # the story's lasting aspects
        for character in self._characters.values():
            sheet = character.get("sheet")
            aspects = sheet["aspects"] if sheet else character.get("aspects", ())
            for aspect in aspects:
                self._aspects.setdefault(aspect["id"], aspect["name"])
            slots = sheet["consequences"] if sheet else character.get("consequences", ())
            for slot in slots:
                held = slot.get("aspect") if isinstance(slot, dict) else None
                if isinstance(held, dict) and "id" in held:
                    self._aspects.setdefault(held["id"], held["name"])

    # -- names ------------------------------------------------------------------------------------

    def who(self, character_id: str | None) -> str:
        """A character's name as its players typed it (the GM for the GM's own moves)."""
        found = self._characters.get(character_id or "")
        if found is None:
            if not character_id or character_id == _GM:
                return self.t("gm.pool_owner")
            return escape(character_id)
        name = found["sheet"]["name"] if found.get("revealed") else found.get("name", found["id"])
        return f"**{escape(str(name))}**"

    def seat(self, seat_id: str) -> str:
        """A seat's name."""
        return escape(self._seats.get(seat_id, seat_id))

    def aspect(self, aspect_id: str | None) -> str:
        """An aspect the audience sees, by name (one it may not see: "a hidden aspect")."""
        if not aspect_id:
            return self.t("aspect.hidden_name")
        name = self._aspects.get(aspect_id)
        return f"*{escape(name)}*" if name is not None else escape(aspect_id)

    def learn(self, aspect_id: str, name: str) -> None:
        """Remember an aspect's name an event gave (one no longer in play later)."""
        self._aspects[aspect_id] = name

    def skill(self, key: str | None) -> str:
        """A skill's name in the audience's language."""
        if not key:
            return self.t("screen.any_skill")
        own = self._skill_names.get(key)
        if own:
            return escape(own.get(self.t.language) or own.get("") or key)
        table = self.view.get("table", {})
        listed = table.get("skill_list")
        if listed and self.t.has(f"skill.{listed}.{key}"):
            return self.t(f"skill.{listed}.{key}")
        group = "approach" if table.get("preset") == "fae" else "skill"
        if self.t.has(f"{group}.{key}"):
            return self.t(f"{group}.{key}")
        for character in self._characters.values():
            labels = (character.get("sheet") or {}).get("skill_labels") or {}
            if key in labels:
                return escape(str(labels[key]))
        return escape(key)

    def track(self, harm: str) -> str:
        """What the table calls the stress track for a kind of harm."""
        own = self._track_names.get(harm)
        if own:
            return escape(own.get(self.t.language) or own.get("") or harm)
        return self.t(f"track.{harm}") if self.t.has(f"track.{harm}") else escape(harm)

    def rating(self, value: int | None) -> str:
        """A number on the ladder with its name: "Good (+3)"."""
        if value is None:
            return self.t("screen.hidden")
        sign = f"+{value}" if value >= 0 else str(value)
        name = LADDER.get(value)
        return self.t("rating", name=self.t(f"ladder.{name}"), n=sign) if name else sign

    def dice(self, faces: str | None, defend: str | None = None) -> str:
        """A roll's dice (and a defender's after a slash); dice kept hidden say so."""
        shown = self.t("screen.hidden") if faces is None else dice_text(faces)
        return f"{shown} / {dice_text(defend)}" if defend else shown

    # -- events -----------------------------------------------------------------------------------

    def line(self, event: JSON) -> str | None:
        """One event (as ``event_for`` gives it) as a line: who sent it, and what happened;
        ``None`` for an event type this reader does not know."""
        data = event.get("data") or {}
        make = _LINES.get(event["type"])
        if make is None:
            return None
        key, args = make(self, data)
        text = self.t(f"event.{key}", **args)
        out = f"**{self.seat(event['seat'])}** · {text}" if event["seat"] else text
        if data.get("waived"):
            rules = "; ".join(self.rule(k) for k in data["waived"])
            reason = escape(str(data.get("waiver_reason") or ""))
            out += " " + self.t("event.waived", rules=rules, reason=f"“{reason}”")
        return out

    def problem(self, found: JSON) -> str:
        """A sheet-check problem (``Problem.to_json``) with its numbers, in the reader's language:
        ratings on the ladder, skills, tracks, severities and aspect kinds by name."""
        code = found.get("code")
        if not code or not self.t.has(f"problem.{code}"):
            return escape(str(found.get("detail", "")))
        args = {k: self._problem_arg(k, v) for k, v in (found.get("args") or {}).items()}
        return self.t(f"problem.{code}", **args)

    def _problem_arg(self, name: str, value: object) -> object:
        if isinstance(value, int) and (name == "rating" or name.endswith("_rating")):
            return self.rating(value)
        if name == "skill":
            return self.skill(str(value))
        if name == "track":
            return self.track(str(value))
        for kind, prefix in (
            ("severity", "severity"),
            ("kind", "aspect.kind"),
            ("style", "problem.style"),
        ):
            if name == kind and self.t.has(f"{prefix}.{value}"):
                return self.t(f"{prefix}.{value}")
        return escape(value) if isinstance(value, str) else value

    def rule(self, key: str, summary: str = "") -> str:
        """A rule's reason, in the audience's language (the engine's summary for a rule the
        catalogs do not know)."""
        if self.t.has(f"rule.{key}"):
            return self.t(f"rule.{key}")
        return escape(summary or key)

    # -- the state of play ------------------------------------------------------------------------

    def verdict(self) -> str | None:
        """Each roll in play: its roller, effort against opposition, the outcome and its shifts
        (``None``: no roll, or none the audience sees a number of). The roller is named, as
        several may be rolling at once and a post about one shows the others still waiting."""
        listed = self.view.get("rolls")
        if listed is None:
            listed = [self.view["roll"]] if self.view.get("roll") else []
        listed = [r for r in listed if r.get("phase") != "resolved"]
        out = []
        for roll in listed:
            if roll.get("kind") == "contest" and roll.get("effort") is not None:
                said = self.t("roll.verdict_contest", effort=self.rating(roll["effort"]))
                out.append(f"{self.who(roll.get('actor'))}: {said}")
                continue
            if roll.get("opposition") is None or roll.get("effort") is None:
                continue
            outcome = roll.get("outcome")
            said = self.t(
                "roll.verdict",
                effort=self.rating(roll["effort"]),
                opposition=self.rating(roll["opposition"]),
                outcome=self.t(f"outcome.{outcome}") if outcome else "",
                n=roll.get("shifts", 0),
            )
            out.append(f"{self.who(roll.get('actor'))}: {said}")
        return "\n".join(out) or None

    def contest(self, settled: bool) -> list[str]:
        """The contest running: the exchange just decided (``settled``: a roll was just settled,
        which may have closed it), then each side's victories, or the winner."""
        contest = self.view.get("contest")
        if not contest:
            return []
        out = []
        last = contest.get("last")
        closed = not contest.get("rolled") and not contest.get("rolling")
        if settled and closed and last:
            efforts = ", ".join(
                f"{escape(str(side))} {self.rating(effort)}"
                for side, effort in (last.get("efforts") or {}).items()
            )
            out.append(f"**{self.t('contest.last', n=int(contest['exchange']) - 1)}**: {efforts}")
            if last.get("twist"):
                out.append(self.t("contest.twist"))
            for side, n in (last.get("victories") or {}).items():
                if n:
                    out.append(self.t("contest.marked", side=escape(str(side)), n=n))
            for side, n in (last.get("hits") or {}).items():
                out.append(self.t("contest.hit", side=escape(str(side)), n=n))
        if contest.get("winner"):
            out.append(self.t("contest.winner", side=escape(str(contest["winner"]))))
            return out
        standing = ", ".join(
            f"{escape(str(side['id']))} {self.t('contest.victories', n=side['victories'])}"
            for side in contest["sides"]
        )
        needed = self.t("contest.needed", n=contest["victories_needed"])
        out.append(f"{self.t('contest.title')}: {standing}. {needed}")
        return out

    def turn(self) -> str | None:
        """Whose turn it is in the conflict, or who must take a hit (``None``: no conflict)."""
        conflict = self.view.get("conflict")
        if not conflict or conflict.get("phase") == "ended":
            return None
        hit = conflict.get("pending_hit")
        if hit:
            return self.t("harm.pending", who=self.who(hit["target"]), n=hit["shifts"])
        current = conflict.get("current")
        if not current:
            return None
        if conflict.get("phase") == "roll":
            return self.t("turn.waiting_roll", who=self.who(current))
        if conflict.get("phase") == "next":
            return self.t("turn.waiting_next", who=self.who(current))
        return self.t("turn.current", who=self.who(current))

    def fate_points(self) -> dict[str, int]:
        """Fate points the audience can see: each revealed character's, and the GM's pool (``""``)."""
        out = {"": int(self.view.get("gm_pool") or 0)}
        for character in self._characters.values():
            sheet = character.get("sheet")
            if character.get("revealed") and sheet:
                out[character["id"]] = int(sheet.get("fate_points", 0))
        return out

    def ledger(self, before: Mapping[str, int]) -> list[str]:
        """Lines for the fate points that moved since ``before`` (:meth:`fate_points` then)."""
        out = []
        for who, now in self.fate_points().items():
            was = before.get(who)
            if was is None or was == now:
                continue
            name = self.who(who) if who else self.t("gm.pool")
            out.append(self.t("ledger.gain", who=name, **{"from": was, "to": now}))
        return out


def _free(text: object) -> str:
    return escape(str(text))


_Line = Callable[[Reader, JSON], tuple[str, dict[str, object]]]


def _roll_resolved(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    """The way a roll was settled, with the names of the aspect or boosts it made."""
    if d.get("removed"):  # an overcome that took an aspect out of play
        option = r.t(f"option.outcome.{d.get('option') or 'success'}")
        return "RollResolved.removed", {"option": option, "aspect": r.aspect(d["removed"][0])}
    if not d.get("option"):
        return "RollResolved", {"option": ""}
    option = r.t(f"option.outcome.{d['option']}")
    named = [str(d["aspect_name"])] if d.get("created") and d.get("aspect_name") else []
    named += [str(pair[1]) for pair in d.get("boost_names") or () if len(pair) > 1 and pair[1]]
    if named:
        option += ": " + ", ".join(f"*{escape(n)}*" for n in named)
    return "RollResolved.option", {"option": option}


def _roll_made(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    if d.get("against"):
        against = r.who(d["against"])
    elif d.get("difficulty") is None:
        against = r.t("screen.hidden_difficulty")
    else:
        against = r.rating(d["difficulty"])
    args: dict[str, object] = {
        "who": r.who(d["actor"]),
        "action": r.t(f"action.{d['action']}"),
        "skill": r.skill(d["skill"]),
        "dice": r.dice(d.get("faces"), d.get("defend_faces")),
        "against": against,
    }
    if d.get("move_to"):
        args["zone"] = _free(d["move_to"])
        return "RollMade.move", args
    return "RollMade", args


def _invoked(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    key = f"Invoked.{'free' if d.get('free') else 'paid'}{'_target' if d.get('target') else ''}"
    args: dict[str, object] = {
        "who": r.who(d["by"]),
        "aspect": r.aspect(d.get("aspect_id")),
        "effect": r.t(f"effect.{d['effect']}"),
    }
    if d.get("target"):
        args["target"] = r.who(d["target"])
    return key, args


def _hit_absorbed(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    names = [f"*{escape(str(name))}*" for _, name in d.get("names") or ()]
    if names:
        return "HitAbsorbed.consequence", {
            "who": r.who(d["target"]),
            "consequence": ", ".join(names),
        }
    return "HitAbsorbed", {"who": r.who(d["target"])}


def _conflict_hit_absorbed(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    extreme = d.get("extreme")
    if not extreme:
        return _hit_absorbed(r, d)
    # The extreme consequence, and the aspect it took the place of (kept from a seat that may
    # not see the sheet).
    names = [f"*{escape(str(name))}*" for _, name in d.get("names") or ()]
    replaced = d.get("replaced_name")
    return "HitAbsorbed.extreme_more" if names else "HitAbsorbed.extreme", {
        "who": r.who(d["target"]),
        "consequence": ", ".join(names),
        "extreme": f"*{escape(str(extreme['name']))}*",
        "replaced": f"*{escape(str(replaced))}*" if replaced else r.t("harm.hidden_aspect"),
    }


def _milestone_name(r: Reader, kind: str) -> str:
    three = (r.view.get("table") or {}).get("advancement", "condensed") != "condensed"
    return r.t(f"milestone.three.{kind}" if three else f"milestone.{kind}")


def _milestone_spent(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    settled = [s["name"] for s in d.get("settled") or () if s.get("name")]
    if settled:
        return "MilestoneSpent.settled", {
            "who": r.who(d["character_id"]),
            "aspect": ", ".join(f"*{escape(str(n))}*" for n in settled),
        }
    return f"MilestoneSpent.{d['level']}", {"who": r.who(d["character_id"])}


def _extreme_corrected(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    kind = (
        "taken_back" if d.get("name") is None else "written" if d.get("was") is None else "renamed"
    )
    replaced = d.get("replaced_name")
    return f"ExtremeCorrected.{kind}", {
        "who": r.who(d["character_id"]),
        "name": f"*{_free(d.get('name') or '')}*",
        "was": f"*{_free(d.get('was') or '')}*",
        "replaced": f"*{_free(replaced)}*" if replaced else r.t("harm.hidden_aspect"),
    }


def _contest_hit_absorbed(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    key, args = _hit_absorbed(r, d)
    return f"Contest{key}", {**args, "n": d["shifts"]}


def _consequence_corrected(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    kind = "cleared" if d.get("name") is None else "written" if d.get("was") is None else "renamed"
    return f"ConsequenceCorrected.{kind}", {
        "who": r.who(d["character_id"]),
        "name": f"*{_free(d.get('name') or '')}*",
        "was": f"*{_free(d.get('was') or '')}*",
    }


def _secret_revealed(r: Reader, d: JSON) -> tuple[str, dict[str, object]]:
    against = d.get("difficulty") is not None
    return "SecretRollRevealed.against" if against else "SecretRollRevealed", {
        "who": r.who(d["actor"]),
        "skill": r.skill(d["skill"]),
        "dice": r.dice(d["faces"]),
        "effort": r.rating(d["effort"]),
        "difficulty": r.rating(d["difficulty"]) if against else "",
        "outcome": r.t(f"outcome.{d['outcome']}") if d.get("outcome") else "",
    }


def _preset_name(r: Reader, key: str) -> str:
    return r.t(f"preset.{key}") if r.t.has(f"preset.{key}") else _free(key)


#: Each event type: the catalog key of its line and the pieces the line names (as the page's
#: log has them, in fatekit/web/js/log.js and screen.js).
_LINES: dict[str, _Line] = {
    "TableCreated": lambda r, d: (
        "TableCreated",
        {"name": _free(d["name"]), "preset": _preset_name(r, d["preset"])},
    ),
    "SeatAdded": lambda r, d: (
        "SeatAdded",
        {"who": _free(d["name"]), "role": r.t(f"role.{d['role']}")},
    ),
    "SeatRemoved": lambda r, d: ("SeatRemoved", {"who": r.seat(d["seat_id"])}),
    "CharacterAdded": lambda r, d: ("CharacterAdded", {"who": r.who(d["character_id"])}),
    "CharacterUpdated": lambda r, d: ("CharacterUpdated", {"who": r.who(d["character_id"])}),
    "CharacterRevealed": lambda r, d: ("CharacterRevealed", {"who": r.who(d["character_id"])}),
    "CharacterGiven": lambda r, d: (
        "CharacterGiven" if d.get("owner") else "CharacterGiven.gm",
        {"who": r.who(d["character_id"]), "seat": r.seat(d["owner"]) if d.get("owner") else ""},
    ),
    "SessionStarted": lambda r, d: ("SessionStarted", {"n": d["number"]}),
    "SessionEnded": lambda r, d: (
        "SessionEnded.milestone" if d.get("milestone") else "SessionEnded",
        {"milestone": _milestone_name(r, d["milestone"]) if d.get("milestone") else ""},
    ),
    "SceneStarted": lambda r, d: ("SceneStarted", {"name": _free(d["name"])}),
    "SceneEnded": lambda r, d: ("SceneEnded", {}),
    "JoinedScene": lambda r, d: (
        "JoinedScene.side" if d.get("side") else "JoinedScene",
        {"who": r.who(d["character_id"]), "side": _free(d["side"]) if d.get("side") else ""},
    ),
    "SituationAspectAdded": lambda r, d: (
        "SituationAspectAdded",
        {"aspect": f"*{_free(d['name'])}*"},
    ),
    "AspectRevealed": lambda r, d: ("AspectRevealed", {"aspect": r.aspect(d.get("aspect_id"))}),
    "AspectRemoved": lambda r, d: ("AspectRemoved", {"aspect": r.aspect(d.get("aspect_id"))}),
    "CountdownAdded": lambda r, d: (
        "CountdownAdded",
        {"name": _free(d["name"]) if d.get("name") else r.t("countdown.unnamed")},
    ),
    "CountdownMarked": lambda r, d: ("CountdownMarked", {"n": d.get("count", 1)}),
    "TriggerFired": lambda r, d: ("TriggerFired", {}),
    "CompelOffered": lambda r, d: (
        "CompelOffered.decision" if d.get("kind") == "decision" else "CompelOffered",
        {
            "target": r.who(d["target"]),
            "aspect": r.aspect(d.get("aspect_id")),
            "by": r.who(d.get("offered_by")),
        },
    ),
    "CompelAnswered": lambda r, d: (f"CompelAnswered.{d['answer']}", {}),
    "RollMade": _roll_made,
    "Invoked": _invoked,
    "RollResolved": _roll_resolved,
    "ConflictStarted": lambda r, d: (
        "ConflictStarted",
        {"kind": r.t(f"conflict.kind.{d['kind']}")},
    ),
    "AttackRolled": lambda r, d: (
        "AttackRolled",
        {
            "who": r.who(d["actor"]),
            "target": r.who(d["target"]),
            "skill": r.skill(d["skill"]),
            "dice": r.dice(d.get("faces"), d.get("defend_faces")),
        },
    ),
    "AdvantageRolled": lambda r, d: (
        "AdvantageRolled",
        {
            "who": r.who(d["actor"]),
            "skill": r.skill(d["skill"]),
            "dice": r.dice(d.get("faces"), d.get("defend_faces")),
        },
    ),
    "OvercomeRolled": lambda r, d: (
        "OvercomeRolled",
        {
            "who": r.who(d["actor"]),
            "skill": r.skill(d["skill"]),
            "dice": r.dice(d.get("faces"), d.get("defend_faces")),
        },
    ),
    "FullDefenseTaken": lambda r, d: ("FullDefenseTaken", {"who": r.who(d["actor"])}),
    "Moved": lambda r, d: ("Moved", {"who": r.who(d["actor"]), "zone": _free(d["to"])}),
    "PlacedInZone": lambda r, d: (
        "PlacedInZone",
        {"who": r.who(d["character_id"]), "zone": _free(d["zone"])},
    ),
    "HitAbsorbed": _conflict_hit_absorbed,
    "TakenOut": lambda r, d: ("TakenOut", {"who": r.who(d["target"])}),
    "ContestHitAbsorbed": _contest_hit_absorbed,
    "ContestTakenOut": lambda r, d: (
        "ContestTakenOut",
        {"who": r.who(d["target"]), "n": d["shifts"]},
    ),
    "Conceded": lambda r, d: ("Conceded", {"who": r.who(d["character_id"])}),
    "TurnEnded": lambda r, d: (
        "TurnEnded.next" if d.get("next_actor") else "TurnEnded",
        {"who": r.who(d.get("next_actor"))},
    ),
    "ConflictFinished": lambda r, d: ("ConflictFinished", {}),
    "TemplateAdded": lambda r, d: ("TemplateAdded", {"name": _free(d["name"])}),
    "TemplateRemoved": lambda r, d: ("TemplateRemoved", {}),
    "ContestStarted": lambda r, d: ("ContestStarted", {}),
    "ContestRolled": lambda r, d: (
        "ContestRolled",
        {"who": r.who(d["actor"]), "skill": r.skill(d["skill"]), "dice": r.dice(d.get("faces"))},
    ),
    "ContestForfeited": lambda r, d: ("ContestForfeited", {"side": _free(d["side"])}),
    "TreatmentRolled": lambda r, d: (
        "TreatmentRolled",
        {
            "who": r.who(d["actor"]),
            "patient": r.who(d["patient"]),
            "name": f"*{_free(d['new_name'])}*",
            "skill": r.skill(d["skill"]),
            "dice": r.dice(d.get("faces")),
        },
    ),
    "ContestThreatRolled": lambda r, d: (
        "ContestThreatRolled",
        {
            "who": r.who(d["actor"]),
            "skill": r.skill(d["skill"]),
            "dice": r.dice(d.get("faces")),
            "sides": _free(", ".join(d["sides"])),
        },
    ),
    "ContestEnded": lambda r, d: ("ContestEnded", {}),
    "ChallengeStarted": lambda r, d: ("ChallengeStarted", {}),
    "ChallengeRolled": lambda r, d: (
        "ChallengeRolled",
        {"who": r.who(d["actor"]), "dice": r.dice(d.get("faces"))},
    ),
    "ChallengeEnded": lambda r, d: ("ChallengeEnded", {}),
    "MinionShielded": lambda r, d: ("MinionShielded", {"who": r.who(d["minion"])}),
    "Equipped": lambda r, d: (
        "Equipped",
        {"who": r.who(d["character_id"]), "weapon": d.get("weapon"), "armor": d.get("armor")},
    ),
    "ScaleSet": lambda r, d: ("ScaleSet", {"who": r.who(d["character_id"])}),
    "HazardAdded": lambda r, d: ("HazardAdded", {"name": _free(d["name"])}),
    "BlockAdded": lambda r, d: ("BlockAdded", {"name": _free(d["name"])}),
    "SplitAttackRolled": lambda r, d: (
        "SplitAttackRolled",
        {"who": r.who(d["actor"]), "dice": r.dice(d.get("faces"))},
    ),
    "ZoneAttackRolled": lambda r, d: (
        "ZoneAttackRolled",
        {"who": r.who(d["actor"]), "dice": r.dice(d.get("faces"))},
    ),
    "TargetsAssigned": lambda r, d: ("TargetsAssigned", {}),
    "TargetsResolved": lambda r, d: ("TargetsResolved", {}),
    "MissedEveryone": lambda r, d: ("MissedEveryone", {}),
    "BigBadSet": lambda r, d: ("BigBadSet", {"who": r.who(d["character_id"])}),
    "ImmunityBroken": lambda r, d: ("ImmunityBroken", {"who": r.who(d["character_id"])}),
    "FreeInvokePassed": lambda r, d: (
        "FreeInvokePassed",
        {
            "from": r.who(d["from_character"]),
            "to": r.who(d["to_character"]),
            "aspect": r.aspect(d.get("aspect_id")),
        },
    ),
    "StoryDetailDeclared": lambda r, d: (
        "StoryDetailDeclared",
        {"who": r.who(d["by"]), "detail": _free(d["detail"])},
    ),
    "SelfCompelAsked": lambda r, d: (
        "SelfCompelAsked.decision" if d.get("kind") == "decision" else "SelfCompelAsked",
        {"who": r.who(d["target"]), "aspect": r.aspect(d.get("aspect_id"))},
    ),
    "SelfCompelAnswered": lambda r, d: (
        "SelfCompelAnswered.yes" if d.get("accepted") else "SelfCompelAnswered.no",
        {},
    ),
    "MilestoneTaken": lambda r, d: ("MilestoneTaken", {"who": r.who(d["character_id"])}),
    "BreakthroughTaken": lambda r, d: ("BreakthroughTaken", {"who": r.who(d["character_id"])}),
    "MilestoneSpent": _milestone_spent,
    "SkillsRaised": lambda r, d: (
        "SkillsRaised",
        {"who": r.who(d["character_id"]), "skills": ", ".join(r.skill(k) for k in d["steps"])},
    ),
    "NoteAdded": lambda r, d: (f"NoteAdded.{d['visibility']}", {"text": f"“{_free(d['text'])}”"}),
    "RecapLineAdded": lambda r, d: (
        f"RecapLineAdded.{d['visibility']}",
        {"n": d["session"], "text": f"“{_free(d['text'])}”"},
    ),
    "StuntUsed": lambda r, d: (
        "StuntUsed.note" if d.get("note") else "StuntUsed",
        {
            "who": r.who(d["by"]),
            # A hidden NPC's stunt reaches the players unnamed.
            "stunt": r.t("stunt.unnamed") if d.get("stunt") is None else _free(d["stunt"]),
            "note": _free(d.get("note") or ""),
        },
    ),
    "FatePointsCorrected": lambda r, d: (
        "FatePointsCorrected" if d.get("character_id") else "FatePointsCorrected.pool",
        {"who": r.who(d.get("character_id")), "was": d["was"], "to": d["fate_points"]},
    ),
    "StressCorrected": lambda r, d: (
        "StressCorrected",
        {
            "who": r.who(d["character_id"]),
            "track": r.track(d["track"]),
            "was": len(d["was"]),
            "to": len(d["marked"]),
        },
    ),
    "ConsequenceCorrected": _consequence_corrected,
    "ExtremeCorrected": _extreme_corrected,
    "FreeInvokesCorrected": lambda r, d: (
        "FreeInvokesCorrected",
        {
            "who": r.who(d["holder"]),
            "aspect": r.aspect(d.get("aspect_id")),
            "was": d["was"],
            "to": d["count"],
        },
    ),
    "AspectCorrected": lambda r, d: (
        "AspectCorrected",
        {"was": f"*{_free(d['was'])}*", "name": f"*{_free(d['name'])}*"},
    ),
    "TurnCorrected": lambda r, d: (
        "TurnCorrected",
        {"who": r.who(d["current"]), "was": r.who(d.get("was"))},
    ),
    "Undone": lambda r, d: ("Undone", {"n": d["target_version"]}),
    # Safety signals: a raised one names nobody (its seat is empty, and so is its line's "who").
    "SignalRaised": lambda r, d: ("SignalRaised", {"tool": r.t(f"safety.tool.{d['tool']}")}),
    "SignalAnswered": lambda r, d: (
        "SignalAnswered.note" if d.get("note") else "SignalAnswered",
        {"tool": r.t(f"safety.tool.{d['tool']}"), "note": _free(d.get("note") or "")},
    ),
    "SafetyToolSet": lambda r, d: (
        "SafetyToolSet.on" if d.get("on") else "SafetyToolSet.off",
        {"tool": r.t(f"safety.tool.{d['tool']}")},
    ),
    "OptionalRuleSet": lambda r, d: (
        "OptionalRuleSet.on" if d.get("on") else "OptionalRuleSet.off",
        {"option": r.t(f"option.{d['option']}")},
    ),
    # The GM's screen.
    "SecretRollMade": lambda r, d: (
        "SecretRollMade",
        {"who": r.who(d["actor"]), "skill": r.skill(d["skill"]), "dice": r.dice(d["faces"])},
    ),
    "SecretRollRevealed": _secret_revealed,
    "DifficultyHidden": lambda r, d: (
        "DifficultyHidden.withdrawn"
        if d.get("withdrawn") or ("difficulty" in d and d["difficulty"] is None)
        else "DifficultyHidden",
        {"who": r.who(d["actor"]), "skill": r.skill(d.get("skill"))},
    ),
    "ScenePrepared": lambda r, d: ("ScenePrepared", {"name": _free(d["name"])}),
    "PreparedSceneRemoved": lambda r, d: ("PreparedSceneRemoved", {}),
    "PreparedSceneStarted": lambda r, d: ("PreparedSceneStarted", {}),
    "NpcDiceHidden": lambda r, d: (
        "NpcDiceHidden" if d.get("hidden") else "NpcDiceHidden.shown",
        {},
    ),
    "SettingDescribed": lambda r, d: ("SettingDescribed", {"name": _free(d["name"])}),
    "LastingAspectAdded": lambda r, d: (
        f"LastingAspectAdded.{d['kind']}",
        {"aspect": f"*{_free(d['name'])}*", "organization": _free(d.get("organization") or "")},
    ),
    "ScenarioClosed": lambda r, d: ("ScenarioClosed", {}),
    "MembershipSet": lambda r, d: (
        "MembershipSet" if d.get("member") else "MembershipSet.left",
        {"who": r.who(d["character_id"]), "organization": _free(d["organization"])},
    ),
    "SettingEntryPut": lambda r, d: (f"SettingEntryPut.{d['kind']}", {"name": _free(d["name"])}),
    "SettingEntryRemoved": lambda r, d: ("SettingEntryRemoved", {}),
}
