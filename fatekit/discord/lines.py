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
from fatekit.rules.characters.presets import APPROACH_PRESETS
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.core.randomizers import Drawn, Randomizer, parse_drawn
from fatekit.table.events import EVENT_TYPES
from fatekit.table.telling import TOLD, Line, Piece, When

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
    default); ``track_names`` likewise for its stress tracks, ``condition_names`` for its
    conditions (the Fate System Toolkit's), ``mode_names`` for its modes, ``package_names`` for
    its packages (``label``, ``package:<key>``, ``option:<key>``); ``preset_skill_names`` a
    built-in rule set's names for its skills, said where the catalogs have none.
    """

    def __init__(
        self,
        view: JSON,
        words: Words,
        *,
        skill_names: Mapping[str, Mapping[str, str]] | None = None,
        track_names: Mapping[str, Mapping[str, str]] | None = None,
        condition_names: Mapping[str, Mapping[str, str]] | None = None,
        mode_names: Mapping[str, Mapping[str, str]] | None = None,
        package_names: Mapping[str, Mapping[str, str]] | None = None,
        preset_skill_names: Mapping[str, Mapping[str, str]] | None = None,
    ) -> None:
        self.view = view
        self.t = words
        self._skill_names = skill_names or {}
        self._preset_skill_names = preset_skill_names or {}
        self._track_names = track_names or {}
        self._condition_names = condition_names or {}
        self._mode_names = mode_names or {}
        self._package_names = package_names or {}
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
        # An id the audience's view and the events never named is no longer in play (an extreme
        # consequence took its place): said as such, never as the raw id.
        return f"*{escape(name)}*" if name is not None else self.t("aspect.gone_name")

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
        group = "approach" if table.get("preset") in APPROACH_PRESETS else "skill"
        if self.t.has(f"{group}.{key}"):
            return self.t(f"{group}.{key}")
        # A built-in rule set's own skill the catalogs do not name (Atomic Robo's Combat): its
        # name in the audience's language where it gives one.
        kept = self._preset_skill_names.get(key)
        if kept:
            return escape(kept.get(self.t.language) or kept.get("") or key)
        for character in self._characters.values():
            labels = (character.get("sheet") or {}).get("skill_labels") or {}
            if key in labels:
                return escape(str(labels[key]))
        return escape(key)

    def mode(self, key: str) -> str:
        """A mode's name (a rule set with modes), in the audience's language when it gives one."""
        own = self._mode_names.get(key) or {}
        return escape(own.get(self.t.language) or own.get("") or key)

    def package(self, name: str) -> str:
        """What a rule set calls its packages (``label``), a package (``package:<key>``) or an
        option bought on one (``option:<key>``), in the audience's language when it gives one."""
        own = self._package_names.get(name) or {}
        return escape(own.get(self.t.language) or own.get("") or name.split(":", 1)[-1])

    def track(self, harm: str) -> str:
        """What the table calls the stress track for a kind of harm."""
        own = self._track_names.get(harm)
        if own:
            return escape(own.get(self.t.language) or own.get("") or harm)
        return self.t(f"track.{harm}") if self.t.has(f"track.{harm}") else escape(harm)

    def condition(self, key: str, fallback: str) -> str:
        """What the rule set calls its condition ``key`` in the audience's language (``fallback``:
        the name the view gives)."""
        own = self._condition_names.get(key) or {}
        return escape(own.get(self.t.language) or own.get("") or fallback)

    def rating(self, value: int | None) -> str:
        """A number on the ladder with its name: "Good (+3)"."""
        if value is None:
            return self.t("screen.hidden")
        sign = f"+{value}" if value >= 0 else str(value)
        name = LADDER.get(value)
        return self.t("rating", name=self.t(f"ladder.{name}"), n=sign) if name else sign

    def dice(self, faces: str | None, defend: str | None = None) -> str:
        """A roll's dice (and a defender's after a slash); dice kept hidden say so."""
        shown = self.t("screen.hidden") if faces is None else self.drawn(faces)
        return f"{shown} / {self.drawn(defend)}" if defend else shown

    def drawn(self, faces: str) -> str:
        """Dice as emoji, or what another randomizer drew in words: a card of the Deck of Fate
        by its number and faces, six-sided dice by their way, the dice and the total."""
        try:
            found = parse_drawn(faces)
        except BadInput:
            return escape(faces)
        signed = f"+{found.total}" if found.total > 0 else str(found.total)
        if not isinstance(found, Drawn):
            return dice_text(faces)
        if found.randomizer is Randomizer.DECK_OF_FATE:
            card = self.t("dice.card", total=f"**{signed}**")
            return f"{card} {dice_text(faces.removeprefix('card:'))}"
        way = self.t(f"randomizer.{found.randomizer.value}")
        dice = " ".join(f"[{d}]" for d in found.shown)
        return self.t("dice.d6.read", way=way, dice=dice, total=signed)

    # -- events -----------------------------------------------------------------------------------

    def line(self, event: JSON) -> str | None:
        """One event (as ``event_for`` gives it) as a line: who sent it, and what happened;
        ``None`` for an event type this reader does not know."""
        data = event.get("data") or {}
        make = _LINES.get(event["type"])
        if make is None:
            return None
        key, args, after = make(self, data)
        text = " ".join([self.t(f"event.{key}", **args), *after])
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

    def self_compels(self) -> list[str]:
        """Each self-compel waiting for the GM: who asks, through which aspect, and what they
        offer to go wrong (what the GM's buttons answer)."""
        out = []
        for asked in self.view.get("self_compels") or ():
            decision = asked.get("kind") == "decision"
            said = self.t(
                "event.SelfCompelAsked.decision" if decision else "event.SelfCompelAsked",
                who=self.who(asked["target"]),
                aspect=self.aspect(asked.get("aspect_id")),
            )
            if decision and asked.get("decision"):
                said += f" {self.t('compel.kind_is.decision')} {escape(str(asked['decision']))}"
            out.append(f"{said}: {escape(str(asked.get('complication', '')))}")
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
        # The page puts this after "Exchange 2:", so some catalogs start it in lower case
        # ("действует …"); on Discord it stands alone as a sentence.
        said = str(self.t("turn.current", who=self.who(current)))
        return said[:1].upper() + said[1:]

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


#: A field an event does not have (a condition on it holds only for ``set``'s opposite).
_MISSING = object()


def _at(data: JSON, path: str) -> object:
    """The value at a dotted path in an event's fields (``removed.0``, ``extreme.name``)."""
    value: object = data
    for step in path.split("."):
        if isinstance(value, dict):
            value = value.get(step, _MISSING)
        elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
            value = value[int(step)]
        else:
            return _MISSING
    return value


def _holds(condition: When, data: JSON) -> bool:
    value = _at(data, condition.field)
    if condition.test == "null":
        return value is None
    if condition.test == "given":
        return value is not None and value is not _MISSING
    if condition.test == "text":
        return isinstance(value, str)
    if condition.test == "is":
        return value == condition.value
    return value is not _MISSING and bool(value)


def _styled(text: str, style: str) -> str:
    """Typed text, escaped, as Discord marks it: an aspect's name in italics, quoted words in
    quotes (the page's emphasis stays plain here, where bold already names characters)."""
    shown = escape(text)
    if style == "aspect":
        return f"*{shown}*"
    if style == "quote":
        return f"“{shown}”"
    return shown


def _names(value: object, item: str) -> list[str]:
    """The names in a list of strings, pairs (``item`` their index) or objects (their field)."""
    out = []
    for entry in value if isinstance(value, list) else ():
        name = entry
        if item and isinstance(entry, list) and item.isdigit() and int(item) < len(entry):
            name = entry[int(item)]
        elif item and isinstance(entry, dict):
            name = entry.get(item)
        if name:
            out.append(str(name))
    return out


def _piece(r: Reader, piece: Piece, data: JSON) -> object:
    """One piece of a line, as :mod:`fatekit.table.telling` declares it, for this reader."""
    value = _at(data, piece.field) if piece.field else _MISSING
    given = value is not _MISSING and value is not None
    kind = piece.kind
    if kind == "either":
        for conditions, choice in piece.choices:
            if all(_holds(c, data) for c in conditions):
                return _piece(r, choice, data)
        return _piece(r, piece.otherwise, data) if piece.otherwise else ""
    if kind == "who":
        return r.who(str(value) if given else None)
    if kind == "seat":
        return r.seat(str(value)) if given else ""
    if kind == "aspect":
        return r.aspect(str(value) if given else None)
    if kind == "aspects":
        return ", ".join(r.aspect(str(a)) for a in (value if isinstance(value, list) else ()))
    if kind == "skill":
        return r.skill(str(value) if given else None)
    if kind == "track":
        return r.track(str(value))
    if kind == "rating":
        return r.rating(value if isinstance(value, int) else None)
    if kind == "preset":
        return _preset_name(r, str(value))
    if kind == "milestone":
        return _milestone_name(r, str(value)) if given else ""
    if kind == "dice":
        defend = _at(data, piece.also) if piece.also else None
        return r.dice(
            value if isinstance(value, str) else None,
            defend if isinstance(defend, str) else None,
        )
    if kind == "text":
        if value is _MISSING or value is None or value == "":
            return r.t(piece.fallback) if piece.fallback else ""
        return _styled(str(value), piece.style)
    if kind == "names":
        return ", ".join(_styled(n, piece.style) for n in _names(value, piece.item))
    if kind == "conditions":
        keys = value if isinstance(value, list) else [value] if given else []
        kept = _at(data, piece.also) if piece.also else None
        recorded = kept if isinstance(kept, list) else [kept]
        return ", ".join(
            f"*{r.condition(str(k), str(recorded[i] if i < len(recorded) else k))}*"
            for i, k in enumerate(keys)
        )
    if kind == "skills":
        return ", ".join(r.skill(str(k)) for k in (value if isinstance(value, list) else ()))
    if kind == "word":
        if not piece.field:
            return r.t(piece.prefix)
        if given and value != "":
            return r.t(f"{piece.prefix}{value}")
        return r.t(f"{piece.prefix}{piece.fallback}") if piece.fallback else ""
    if kind == "number":
        if given:
            return value
        return int(piece.fallback) if piece.fallback else ""
    if kind == "count":
        return len(value) if isinstance(value, list) else 0
    if kind == "outcome":
        return _outcome(r, data) if given else ""
    if kind == "stunts":
        listed = value if isinstance(value, list) else []
        if not listed:
            return ""
        named = ", ".join(
            r.t("stunt.unnamed") if n is None else _styled(str(n), piece.style) for n in listed
        )
        return r.t(piece.prefix, stunts=named)
    raise ValueError(f"a line piece Discord does not know: {kind}")


def _outcome(r: Reader, d: JSON) -> str:
    """The way a roll was settled, with the names of the aspect or boosts it made."""
    option = r.t(f"option.outcome.{d['option']}")
    named = [str(d["aspect_name"])] if d.get("created") and d.get("aspect_name") else []
    named += [str(pair[1]) for pair in d.get("boost_names") or () if len(pair) > 1 and pair[1]]
    if named:
        option += ": " + ", ".join(f"*{escape(n)}*" for n in named)
    return option


def _milestone_name(r: Reader, kind: str) -> str:
    three = (r.view.get("table") or {}).get("advancement", "condensed") != "condensed"
    return r.t(f"milestone.three.{kind}" if three else f"milestone.{kind}")


def _preset_name(r: Reader, key: str) -> str:
    return r.t(f"preset.{key}") if r.t.has(f"preset.{key}") else escape(key)


_Line = Callable[[Reader, JSON], tuple[str, dict[str, object], list[str]]]


def _reads(line: Line) -> _Line:
    """A declared line as Discord reads it: its key and its pieces for one event's fields, and
    what is said after it (each piece of ``after`` that says something)."""

    def read(r: Reader, data: JSON) -> tuple[str, dict[str, object], list[str]]:
        case = next(c for c in line.cases if all(_holds(w, data) for w in c.when))
        key = _FIELD.sub(lambda m: str(_at(data, m.group(1))), case.key)
        pieces = {name: _piece(r, piece, data) for name, piece in line.pieces.items()}
        after = [str(said) for said in (_piece(r, p, data) for p in line.after) if said != ""]
        return key, pieces, after

    return read


#: A field named in a key (``CompelAnswered.{answer}``).
_FIELD = re.compile(r"\{([\w.]+)\}")

#: Each event type's line, read from the one declaration the page's log reads too
#: (:mod:`fatekit.table.telling`, declared by each event's domain; every event type has one).
_LINES: dict[str, _Line] = {name: _reads(TOLD[name]) for name in EVENT_TYPES}
