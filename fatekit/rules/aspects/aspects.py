"""Aspects, free invokes and boosts, and the set of aspects in play."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.waivers import refuse

__all__ = [
    "BOOST_RULE",
    "FREE_INVOKE_HOLDER_RULE",
    "HIDDEN_ASPECT_RULE",
    "SCENE_END_RULE",
    "Aspect",
    "AspectKind",
    "AspectsInPlay",
    "FreeInvoke",
]

FREE_INVOKE_HOLDER_RULE = rule(
    "aspect.free-invoke-holder",
    CONDENSED,
    "Actions > Create an Advantage",
    "A free invoke belongs to whoever earned it; only they spend it, or pass it to an ally",
)
BOOST_RULE = rule(
    "aspect.boost",
    CONDENSED,
    "What Kinds of Aspects Are There? > Boosts",
    "A boost gives one free invoke and then vanishes; it cannot be invoked with a fate point or "
    "compelled, and never outlasts the scene",
)
HIDDEN_ASPECT_RULE = rule(
    "aspect.hidden",
    CONDENSED,
    "Actions > Create an Advantage",
    "An aspect unknown to a participant must be discovered (revealed) before they can use it",
)
SCENE_END_RULE = rule(
    "aspect.situation-lifetime",
    CONDENSED,
    "What Kinds of Aspects Are There? > Situation Aspects",
    "Situation aspects and boosts go away when the scene ends, unless the situation lasts",
)


class AspectKind(StrEnum):
    """The kinds of aspect; they differ mostly in how long they last."""

    HIGH_CONCEPT = "high_concept"
    TROUBLE = "trouble"
    RELATIONSHIP = "relationship"
    CHARACTER = "character"
    SITUATION = "situation"
    ZONE = "zone"
    CONSEQUENCE = "consequence"
    BOOST = "boost"
    # The other kinds ("Other Kinds of Aspects"): they outlast scenes.
    SETTING = "setting"
    SCENARIO = "scenario"
    ORGANIZATION = "organization"

    @property
    def is_character_aspect(self) -> bool:
        """High concept, trouble, relationship and other aspects written on a sheet."""
        return self in _CHARACTER_KINDS

    @property
    def is_lasting(self) -> bool:
        """Setting, scenario and organization aspects: they belong to the story, not a scene."""
        return self in _LASTING_KINDS


_CHARACTER_KINDS = frozenset(
    {AspectKind.HIGH_CONCEPT, AspectKind.TROUBLE, AspectKind.RELATIONSHIP, AspectKind.CHARACTER}
)
_LASTING_KINDS = frozenset({AspectKind.SETTING, AspectKind.SCENARIO, AspectKind.ORGANIZATION})


@dataclass(frozen=True, slots=True)
class FreeInvoke:
    """One free invoke on an aspect, held by one participant."""

    holder: str


@dataclass(slots=True)
class Aspect:
    """A true phrase about a character, a place or a situation.

    ``owner`` is the character an aspect belongs to (character aspects and consequences); it is
    ``None`` for aspects of the scene. A hidden aspect is known only to the participants in
    ``known_to`` and to the GM until it is revealed.
    """

    id: str
    name: str
    kind: AspectKind
    owner: str | None = None
    zone: str | None = None
    hidden: bool = False
    known_to: set[str] = field(default_factory=set)
    free_invokes: list[FreeInvoke] = field(default_factory=list)
    gone: bool = False  # a boost that has been used up
    # An organization aspect's organization, and the characters who are its members (each may
    # use it as their own); the game keeps the members in step with its memberships.
    organization: str | None = None
    members: set[str] = field(default_factory=set)

    @property
    def is_boost(self) -> bool:
        """Whether this is a boost."""
        return self.kind is AspectKind.BOOST

    def is_known_to(self, participant: str) -> bool:
        """Whether the participant knows this aspect exists: anyone, once it is revealed; before,
        those in ``known_to``, and the GM, who keeps it hidden."""
        return not self.hidden or participant in self.known_to or participant == GM

    def reveal(self) -> None:
        """Make the aspect known to everyone."""
        self.hidden = False

    def free_invokes_held_by(self, holder: str) -> int:
        """How many free invokes on this aspect ``holder`` has."""
        return sum(1 for f in self.free_invokes if f.holder == holder)

    def add_free_invokes(self, holder: str, count: int = 1) -> None:
        """Give ``holder`` ``count`` free invokes on this aspect."""
        if count < 0:
            raise BadInput(f"a number of free invokes cannot be negative, got {count}")
        if self.is_boost and count + len(self.free_invokes) > 1:
            refuse("a boost carries exactly one free invoke", BOOST_RULE)
        self.give_free_invokes(holder, count)

    def give_free_invokes(self, holder: str, count: int = 1) -> None:
        """Give ``holder`` ``count`` free invokes on this aspect, as a table's log recorded them
        (checked by no rule: see :meth:`add_free_invokes`)."""
        self.free_invokes.extend(FreeInvoke(holder) for _ in range(count))

    def check_can_spend_free_invoke(self, holder: str) -> None:
        """Raise unless ``holder`` may spend a free invoke on this aspect now."""
        self.check_usable_by(holder)
        if self.free_invokes_held_by(holder) > 0:
            return
        if self.free_invokes:
            others = sorted({f.holder for f in self.free_invokes})
            raise ForbiddenAction(
                f"{holder} holds no free invoke on {self.label}; it is held by {', '.join(others)}",
                FREE_INVOKE_HOLDER_RULE,
            )
        raise IllegalAction(
            f"there is no free invoke left on {self.label}", FREE_INVOKE_HOLDER_RULE
        )

    def spend_free_invoke(self, holder: str) -> None:
        """Use up one of ``holder``'s free invokes; a boost is gone once used."""
        self.check_can_spend_free_invoke(holder)
        self.used_free_invoke(holder)

    def used_free_invoke(self, holder: str) -> None:
        """One of ``holder``'s free invokes used up, as a table's log recorded it (checked by
        no rule: see :meth:`spend_free_invoke`)."""
        if FreeInvoke(holder) in self.free_invokes:
            self.free_invokes.remove(FreeInvoke(holder))
        if self.is_boost:
            self.gone = True

    def pass_free_invoke(self, giver: str, receiver: str) -> None:
        """Hand one of ``giver``'s free invokes to an ally."""
        self.check_can_spend_free_invoke(giver)
        self.handed_free_invoke(giver, receiver)

    def handed_free_invoke(self, giver: str, receiver: str) -> None:
        """One of ``giver``'s free invokes handed to ``receiver``, as a table's log recorded it
        (checked by no rule: see :meth:`pass_free_invoke`)."""
        if FreeInvoke(giver) in self.free_invokes:
            index = self.free_invokes.index(FreeInvoke(giver))
            self.free_invokes[index] = FreeInvoke(receiver)

    def check_usable_by(self, participant: str) -> None:
        """Raise if the aspect is used up or unknown to ``participant``."""
        if self.gone:
            raise IllegalAction(f"{self.label} has already been used up", BOOST_RULE)
        if not self.is_known_to(participant):
            raise IllegalAction(
                f"{participant} does not know about aspect {self.id}", HIDDEN_ASPECT_RULE
            )

    @property
    def label(self) -> str:
        """How to name the aspect in messages."""
        return f"{self.name!r}" if self.name else f"unnamed {self.kind.value} {self.id}"


class AspectsInPlay:
    """Every aspect that can be invoked or compelled right now, by id."""

    # Slotted, so a snapshot of the set written before it had a prefix is seen to be stale.
    __slots__ = ("_aspects", "_next_id", "_prefix")

    def __init__(self, aspects: Iterable[Aspect] = (), *, prefix: str = "a") -> None:
        self._aspects: dict[str, Aspect] = {}
        self._next_id = 1  # a plain int, so the set copies and pickles on every Python
        self._prefix = prefix  # the story's lasting aspects take ids of their own (w1, w2...)
        for aspect in aspects:
            self.add(aspect)

    def __iter__(self) -> Iterator[Aspect]:
        return iter([a for a in self._aspects.values() if not a.gone])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __contains__(self, aspect_id: object) -> bool:
        return (
            isinstance(aspect_id, str)
            and aspect_id in self._aspects
            and not self._aspects[aspect_id].gone
        )

    def held(self) -> list[Aspect]:
        """Every aspect the set holds, a used-up boost among them, in the order they came."""
        return list(self._aspects.values())

    def find(self, aspect_id: str) -> Aspect | None:
        """The aspect with this id the set holds (used up or not), if any."""
        return self._aspects.get(aspect_id)

    def put(self, aspect: Aspect) -> Aspect:
        """Hold ``aspect`` as a table's log recorded it (an assignment, checked by no rule);
        ids given from here on come after its own."""
        self._aspects[aspect.id] = aspect
        number = aspect.id.removeprefix(self._prefix)
        if aspect.id.startswith(self._prefix) and number.isdigit():
            self._next_id = max(self._next_id, int(number) + 1)
        return aspect

    def drop(self, aspect_id: str) -> None:
        """Let go of the aspect with this id, used up or not, as a table's log recorded it."""
        self._aspects.pop(aspect_id, None)

    def new_id(self) -> str:
        """An id not used yet in this set."""
        while True:
            candidate = f"{self._prefix}{self._next_id}"
            self._next_id += 1
            if candidate not in self._aspects:
                return candidate

    def add(self, aspect: Aspect) -> Aspect:
        """Put an aspect in play."""
        if aspect.id in self._aspects:
            raise BadInput(f"an aspect with id {aspect.id!r} is already in play")
        self._aspects[aspect.id] = aspect
        return aspect

    def create(
        self,
        name: str,
        kind: AspectKind = AspectKind.SITUATION,
        *,
        owner: str | None = None,
        zone: str | None = None,
        hidden: bool = False,
        known_to: Iterable[str] = (),
        free_invokes: Iterable[tuple[str, int]] = (),
    ) -> Aspect:
        """Create an aspect with a fresh id, optionally with free invokes ``(holder, count)``."""
        if kind is not AspectKind.BOOST and not name.strip():
            raise BadInput("an aspect needs a name (only a boost may stay unnamed until used)")
        given = [(holder, count) for holder, count in free_invokes]
        if any(count < 0 for _, count in given):
            raise BadInput("a number of free invokes cannot be negative")
        if kind is AspectKind.BOOST and sum(count for _, count in given) > 1:
            _refuse_boost_invokes()
        aspect = Aspect(self.new_id(), name.strip(), kind, owner, zone, hidden, set(known_to))
        for holder, count in given:
            aspect.give_free_invokes(holder, count)
        return self.add(aspect)

    def create_boost(self, holder: str, name: str = "") -> Aspect:
        """A boost for ``holder``: one free invoke; it may be named later, when used."""
        return self.create(name, AspectKind.BOOST, free_invokes=[(holder, 1)])

    def get(self, aspect_id: str) -> Aspect:
        """The aspect with this id; raises :class:`BadInput` if there is none in play."""
        aspect = self._aspects.get(aspect_id)
        if aspect is None or aspect.gone:
            raise BadInput(f"no aspect {aspect_id!r} is in play")
        return aspect

    def remove(self, aspect_id: str) -> Aspect:
        """Take an aspect out of play (it was overcome, or the situation changed)."""
        aspect = self.get(aspect_id)
        del self._aspects[aspect_id]
        return aspect

    def end_scene(self, keep: Iterable[str] = ()) -> list[Aspect]:
        """Remove boosts and scene aspects (except those in ``keep``); return what was removed."""
        kept = set(keep)
        removed = [
            a
            for a in self._aspects.values()
            if a.gone
            or a.is_boost
            or (a.kind in (AspectKind.SITUATION, AspectKind.ZONE) and a.id not in kept)
        ]
        for aspect in removed:
            del self._aspects[aspect.id]
        return [a for a in removed if not a.gone]


def _refuse_boost_invokes() -> None:
    refuse("a boost carries exactly one free invoke", BOOST_RULE)
