"""Contests: sides with opposed goals racing to a number of victories, exchange by exchange."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypedDict, Unpack

from fatekit.rules.core.actions import CreateAspect, Option, Side
from fatekit.rules.core.citations import CONDENSED, ODE, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.waivers import refuse

__all__ = [
    "CONTEST_ADVANTAGE_RULE",
    "CONTEST_DIFFICULTY_RULE",
    "CONTEST_HARM_RULE",
    "CONTEST_HIT_RULE",
    "CONTEST_ROLES_RULE",
    "CONTEST_SIDE_HARM_RULE",
    "CONTEST_THREAT_RULE",
    "CONTEST_TWIST_RULE",
    "CONTEST_VICTORY_RULE",
    "FASTER_CONTESTS_RULE",
    "Contest",
    "ContestSide",
    "ContestTerms",
    "ExchangeResult",
    "Role",
    "advantage_failure_options",
]

CONTEST_VICTORY_RULE = rule(
    "contest.victories",
    CONDENSED,
    "Contests",
    "Each exchange, the side with the highest effort marks a victory, two if it alone succeeded "
    "with style; the first side to three victories (up to five if the table says so) wins",
)
CONTEST_TWIST_RULE = rule(
    "contest.twist",
    CONDENSED,
    "Contests",
    "A tie for the highest effort marks no victory; the GM adds a new situation aspect as a twist",
)
CONTEST_HARM_RULE = rule(
    "contest.harm",
    CONDENSED,
    "Contests",
    "Where the contest can harm a side, that side takes a hit of the shifts by which it was beaten",
)
CONTEST_SIDE_HARM_RULE = rule(
    "contest.harm.whole-side",
    ODE,
    "Konflikter",
    "Öde: where a threat tries to harm participants, everyone on a side takes harm when the "
    "side's effort is below the threat's attack effort or below the difficulty; the harm is the "
    "difference",
)
CONTEST_HIT_RULE = rule(
    "contest.harm.absorb",
    ODE,
    "Konflikter",
    "A character a contest harms takes the hit with stress boxes and consequences as in a fight "
    "(Condensed: the beaten side takes a hit); one who cannot take it all is taken out, just as "
    "in a fight",
)
CONTEST_THREAT_RULE = rule(
    "contest.outside-threat",
    ODE,
    "Konflikter",
    "Öde: outside threats (an erupting volcano, an angry god) may attack any or all sides of a "
    "contest; such a threat may also take part in it",
)
CONTEST_DIFFICULTY_RULE = rule(
    "contest.difficulty",
    CONDENSED,
    "Contests",
    "The sides' overcome actions may be against passive difficulties when each faces its own "
    "challenge from the surroundings (Öde: Konflikter too), or compared with one another when "
    "they compete head to head; either way the highest effort marks the victory",
)
FASTER_CONTESTS_RULE = rule(
    "option.faster-contests",
    CONDENSED,
    "Optional Rules > Faster Contests",
    "Faster contests (optional): each exchange a participant does one thing only: the side's "
    "overcome roll, a create an advantage without giving teamwork, or a teamwork bonus without "
    "rolling",
)
CONTEST_ROLES_RULE = rule(
    "contest.roles",
    CONDENSED,
    "Contests",
    "Each exchange one member rolls the side's overcome; the others may help with teamwork, and "
    "anyone may also try to create an advantage first",
)
CONTEST_ADVANTAGE_RULE = rule(
    "contest.advantage",
    CONDENSED,
    "Contests > Creating Advantages in a Contest",
    "A failed create an advantage in a contest costs the side its overcome roll, or keeps the roll "
    "by giving the other side a free invoke",
)


class Role(StrEnum):
    """What a contest participant does in an exchange."""

    ROLL = "roll"  # the side's overcome roll
    ADVANTAGE = "advantage"  # try to create an advantage before the roll
    TEAMWORK = "teamwork"  # add a teamwork bonus


@dataclass(slots=True)
class ContestSide:
    """One side of a contest: its members, what it wants, and its victories so far."""

    id: str
    members: tuple[str, ...]
    intent: str
    victories: int = 0


@dataclass(frozen=True, slots=True)
class ExchangeResult:
    """What one exchange of a contest decided."""

    efforts: Mapping[str, int]
    victories: Mapping[str, int]  # marked this exchange
    twist: bool  # a tie for the highest effort: the GM adds a situation aspect
    hits: Mapping[str, int]  # shifts each harmed side must absorb
    winner: str | None
    #: Öde: the shifts each member of a harmed side takes (the whole side is hit).
    member_hits: Mapping[str, int] = field(default_factory=dict)


class ContestTerms(TypedDict, total=False):
    """How a contest is played, beside its sides and their intents (see :class:`Contest`):
    three ``victories_needed`` unless the table says up to five, the sides it can hurt
    (``harmful_to``), ``faster`` contests, Öde's ``whole_side`` harm, passive ``difficulties``."""

    victories_needed: int
    harmful_to: Iterable[str]
    faster: bool
    whole_side: bool
    difficulties: Mapping[str, int] | None


@dataclass(slots=True)
class Contest:
    """A contest between two or more sides.

    ``harmful_to`` lists the sides that something in the contest can hurt: they take hits when
    beaten. ``victories_needed`` is three unless the table runs a longer contest (up to five).
    ``whole_side`` plays Öde's harm: every member of a harmed side takes it, a side is harmed
    below a difficulty as below the effort against it, and outside threats may attack any side
    (:meth:`exchange`'s ``threats``). ``difficulties``, when set, gives every side the passive
    difficulty its overcome faces (:data:`CONTEST_DIFFICULTY_RULE`).
    """

    sides: dict[str, ContestSide]
    victories_needed: int = 3
    harmful_to: frozenset[str] = frozenset()
    faster: bool = False
    exchanges: list[ExchangeResult] = field(default_factory=list)
    winner: str | None = None
    whole_side: bool = False
    difficulties: Mapping[str, int] | None = None

    @classmethod
    def between(
        cls,
        sides: Mapping[str, Iterable[str]],
        intents: Mapping[str, str],
        **terms: Unpack[ContestTerms],
    ) -> Contest:
        """Set up a contest: each side's members and declared intent.

        ``faster`` switches on the faster-contests optional rule (see :meth:`check_roles`);
        ``whole_side``, Öde's harm (see the class); ``difficulties``, a passive difficulty for
        every side (each faces its own obstacle), or none at all (the sides compete).
        """
        victories_needed = terms.get("victories_needed", 3)
        if len(sides) < 2:
            raise BadInput("a contest needs at least two sides")
        if not 3 <= victories_needed <= 5:
            raise IllegalAction(
                f"a contest runs to three victories, or up to five; not {victories_needed}",
                CONTEST_VICTORY_RULE,
            )
        missing = [s for s in sides if not intents.get(s, "").strip()]
        if missing:
            raise BadInput(f"every side declares its intent; missing for: {', '.join(missing)}")
        seen: set[str] = set()
        for members in sides.values():
            for member in members:
                if member in seen:
                    raise BadInput(f"{member!r} is on two sides")
                seen.add(member)
        # Read once: the terms may hand over an iterator.
        terms["harmful_to"] = harmful = frozenset(terms.get("harmful_to", ()))
        unknown = harmful - set(sides)
        if unknown:
            raise BadInput(f"unknown sides: {', '.join(sorted(unknown))}")
        difficulties = terms.get("difficulties")
        if difficulties is not None:
            strangers = set(difficulties) - set(sides)
            if strangers:
                raise BadInput(f"unknown sides: {', '.join(sorted(strangers))}")
            if set(difficulties) != set(sides):
                missing = sorted(set(sides) - set(difficulties))
                raise IllegalAction(
                    "against passive difficulties every side faces its own; none set for: "
                    + ", ".join(missing),
                    CONTEST_DIFFICULTY_RULE,
                )
        return cls.as_recorded(sides, intents, **terms)

    @classmethod
    def as_recorded(
        cls,
        sides: Mapping[str, Iterable[str]],
        intents: Mapping[str, str],
        **terms: Unpack[ContestTerms],
    ) -> Contest:
        """A contest as a table's log set it up (checked by no rule: see :meth:`between`)."""
        built = {s: ContestSide(s, tuple(m), intents.get(s, "").strip()) for s, m in sides.items()}
        difficulties = terms.get("difficulties")
        return cls(
            built,
            terms.get("victories_needed", 3),
            frozenset(terms.get("harmful_to", ())),
            terms.get("faster", False),
            whole_side=terms.get("whole_side", False),
            difficulties=None if difficulties is None else dict(difficulties),
        )

    def check_roles(self, roles: Mapping[str, Iterable[Role]]) -> None:
        """Raise unless what each participant does this exchange is allowed.

        One member per side rolls its overcome. Normally anyone may also try an advantage, and
        those who do not roll may add teamwork; in faster contests everyone does one thing only.
        """
        member_side = {m: s.id for s in self.sides.values() for m in s.members}
        rollers: dict[str, list[str]] = {}
        for member, chosen in roles.items():
            if member not in member_side:
                raise BadInput(f"{member!r} is not in this contest")
            picked = set(chosen)
            if not picked:
                continue
            if self.faster and len(picked) > 1:
                raise IllegalAction(
                    f"{member} may do only one thing this exchange in a faster contest",
                    FASTER_CONTESTS_RULE,
                )
            if {Role.ROLL, Role.TEAMWORK} <= picked:
                raise IllegalAction(
                    f"{member} cannot both roll the overcome and add teamwork to it",
                    CONTEST_ROLES_RULE,
                )
            if Role.ROLL in picked:
                rollers.setdefault(member_side[member], []).append(member)
        for side, members in rollers.items():
            if len(members) > 1:
                raise IllegalAction(
                    f"only one member of {side} rolls its overcome, not {', '.join(members)}",
                    CONTEST_ROLES_RULE,
                )

    def exchange(
        self,
        efforts: Mapping[str, int],
        *,
        difficulties: Mapping[str, int] | None = None,
        forfeited: Iterable[str] = (),
        threats: Mapping[str, int] | None = None,
    ) -> ExchangeResult:
        """Settle one exchange from each side's overcome effort.

        With ``difficulties`` (by default the contest's own), sides face their own passive
        obstacles and "with style" is measured against them; otherwise each side is measured
        against the best of the others. Sides in
        ``forfeited`` (a failed advantage) make no roll this exchange. ``threats`` gives, by side,
        the effort of an outside threat's attack on it this exchange (Öde's contests only).
        """
        if self.winner is not None:
            raise IllegalAction(f"the contest is over: {self.winner} won", CONTEST_VICTORY_RULE)
        return self.exchanged(
            efforts, difficulties=difficulties, forfeited=forfeited, threats=threats
        )

    def exchanged(
        self,
        efforts: Mapping[str, int],
        *,
        difficulties: Mapping[str, int] | None = None,
        forfeited: Iterable[str] = (),
        threats: Mapping[str, int] | None = None,
    ) -> ExchangeResult:
        """An exchange settled as a table's log recorded it (checked by no rule: see
        :meth:`exchange`)."""
        if difficulties is None:
            difficulties = self.difficulties
        out = set(forfeited)
        for side in (*efforts, *out):
            if side not in self.sides:
                raise BadInput(f"no side {side!r} in this contest")
        if out & set(efforts):
            raise BadInput("a side that forfeited its roll has no effort this exchange")
        missing = set(self.sides) - set(efforts) - out
        if missing:
            raise BadInput(f"every side rolls or forfeits; missing: {', '.join(sorted(missing))}")
        attacked = dict(threats or {})
        for side in attacked:
            if side not in self.sides:
                raise BadInput(f"no side {side!r} in this contest")
        gained = {s: 0 for s in self.sides}
        hits: dict[str, int] = {}
        twist = False
        if efforts:
            top = max(efforts.values())
            leaders = [s for s, e in efforts.items() if e == top]
            styled = {
                s
                for s in efforts
                if self._outcome(s, efforts, difficulties) is Outcome.SUCCESS_WITH_STYLE
            }
            if len(leaders) > 1:
                twist = True
            else:
                leader = leaders[0]
                gained[leader] = 2 if styled == {leader} else 1
                self.sides[leader].victories += gained[leader]
            if self.whole_side:
                hits = self._side_harm(efforts, difficulties, attacked)
            else:
                for side in self.harmful_to & set(efforts):
                    best_other = max((e for s, e in efforts.items() if s != side), default=None)
                    if best_other is not None and best_other > efforts[side]:
                        hits[side] = best_other - efforts[side]
                # An outside threat the GM let in elsewhere (a waiver) hits as it would in Öde.
                for side, effort in efforts.items():
                    if attacked.get(side, effort) > effort:
                        hits[side] = max(hits.get(side, 0), attacked[side] - effort)
        members = {
            member: shifts
            for side, shifts in hits.items()
            for member in (self.sides[side].members if self.whole_side else ())
        }
        done = [s for s in self.sides.values() if s.victories >= self.victories_needed]
        if done:
            self.winner = max(done, key=lambda s: s.victories).id
        result = ExchangeResult(dict(efforts), gained, twist, hits, self.winner, members)
        self.exchanges.append(result)
        return result

    def struck(self, result: ExchangeResult, rollers: Mapping[str, str]) -> dict[str, int]:
        """Who takes the exchange's hits, and how many shifts each (:data:`CONTEST_HIT_RULE`):
        in Öde every member of a harmed side; elsewhere the side's hit falls on the member who
        rolled its overcome (``rollers``, by side), who stood in front for it."""
        if self.whole_side:
            return dict(result.member_hits)
        return {rollers[side]: shifts for side, shifts in result.hits.items() if side in rollers}

    def leave(self, member: str) -> None:
        """``member`` is out of the contest (taken out by its harm): their side goes on without
        them."""
        for side in self.sides.values():
            if member in side.members:
                side.members = tuple(m for m in side.members if m != member)

    def check_threat(self) -> None:
        """Refuse an outside threat's attack on a contest that does not play Öde's harm (the
        other texts make a threat a side of its own); a GM may set the rule aside."""
        if not self.whole_side:
            refuse(
                "an outside threat attacks the sides of a contest in Öde; here make it a side",
                CONTEST_THREAT_RULE,
            )

    def _side_harm(
        self,
        efforts: Mapping[str, int],
        difficulties: Mapping[str, int] | None,
        threats: Mapping[str, int],
    ) -> dict[str, int]:
        """Öde's harm: a side that something harms (``harmful_to``, or an outside threat this
        exchange) takes the difference when its effort is below what stands against it: the
        threat's attack, the best effort of a side out to harm it, or its difficulty."""
        hits: dict[str, int] = {}
        for side, effort in efforts.items():
            against: list[int] = []
            if side in threats:
                against.append(threats[side])
            if side in self.harmful_to:
                against += [e for s, e in efforts.items() if s != side]
                if difficulties is not None and side in difficulties:
                    against.append(difficulties[side])
            if against and max(against) > effort:
                hits[side] = max(against) - effort
        return hits

    def _outcome(
        self, side: str, efforts: Mapping[str, int], difficulties: Mapping[str, int] | None
    ) -> Outcome | None:
        """The side's outcome against its obstacle or the best other effort (None: nothing to beat)."""
        if difficulties is not None:
            if side not in difficulties:
                raise BadInput(f"no difficulty given for side {side!r}")
            return outcome_for(efforts[side] - difficulties[side])
        others = [e for s, e in efforts.items() if s != side]
        return outcome_for(efforts[side] - max(others)) if others else None


def advantage_failure_options() -> tuple[Option, ...]:
    """The choice after a failed create an advantage in a contest: give up the side's overcome
    roll this exchange, or keep it (and any teamwork bonus) by creating the aspect with its free
    invoke going to the other side."""
    return (
        Option("forfeit_roll", ()),
        Option("keep_roll", (CreateAspect(1, Side.OPPOSITION),)),
    )
