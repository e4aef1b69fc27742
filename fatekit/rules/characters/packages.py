"""Packages bought with refresh: named bundles of stunts and aspects with a cost (Venture City's
powers; issue 41).

A rule set may declare packages (:class:`Packages`): each a named bundle with a cost in stunts
that grants stunts (today's stunt data: bonuses, swaps, rule exceptions) and aspects, and options
bought on top of it, sorted in groups (Venture City: enhancements, synergies, themes, special
effects, drawbacks, collateral damage effects). A group says what each option in it costs, how
many come free with a package, how many one payment buys, and how few or many a package must or
may take; a negative cost pays back (a weakness). A character names the packages it bought
(:class:`BoughtPackage`): the engine grants their stunts and aspects, counts their cost with the
sheet's own stunts (the rule set's bonus stunts pay for packages only, then the free stunts, then
refresh) and refuses a sheet that leaves less refresh than the rule set's minimum. Granted stunts
are on the sheet as stunts are, so they play at the table as any stunt does; an option bought
twice grants its stunts once, their bonus (or boxes) added up.

Everything here is plain data and pure functions: the rule set is read in
:mod:`fatekit.rules.characters.ruleset_data`, a sheet is checked in
:mod:`fatekit.rules.characters.validation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from fatekit.rules.aspects.stunts import ExtraStress, SkillBonus, Stunt
from fatekit.rules.characters.problems import Problem
from fatekit.rules.core.citations import VENTURE_BOOK, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "MAX_OPTIONS",
    "MAX_PACKAGES",
    "PACKAGE_ASPECT_PREFIX",
    "PACKAGE_COST_RULE",
    "PACKAGE_GRANTS_RULE",
    "PACKAGE_GROUPS_RULE",
    "PACKAGE_LIMIT_RULE",
    "BoughtPackage",
    "PackageDef",
    "PackageGroup",
    "PackageOption",
    "Packages",
    "bought_problems",
    "granted_aspects",
    "granted_stunts",
    "package_cost",
    "package_problems",
    "packages_cost",
    "stunt_skills",
]

#: The most packages a rule set may declare, options it may list and packages a sheet may name.
MAX_PACKAGES = 60
MAX_OPTIONS = 300
#: The most times one option may be bought, and what a package or an option may cost.
MAX_TIMES = 5
MAX_COST = 5

PACKAGE_COST_RULE = rule(
    "package.cost",
    VENTURE_BOOK,
    "Making Your Character and Powers",
    "A package is paid for in stunts: the rule set's bonus stunts pay for packages only, then "
    "the free stunts, then refresh, one for each further stunt, never below the minimum",
)
PACKAGE_GROUPS_RULE = rule(
    "package.options",
    VENTURE_BOOK,
    "Enhancements; Power Synergy; Power Themes; Special Effects and Improved Special Effects",
    "Options bought on a package cost what their group says (Venture City: one stunt each; the "
    "first theme and two special effects free; one stunt buys two more special effects); an "
    "option may be bought as often as it allows, its bonus adding up",
)
PACKAGE_GRANTS_RULE = rule(
    "package.grants",
    VENTURE_BOOK,
    "Drawbacks; Collateral Damage Effects",
    "A package grants its stunts and aspects: Venture City's power takes exactly one drawback, an "
    "aspect on the sheet beside the trouble, and one collateral damage effect",
)
PACKAGE_LIMIT_RULE = rule(
    "package.limit",
    VENTURE_BOOK,
    "Making Your Character and Powers",
    "A character buys at most the rule set's number of packages (Venture City: two powers), "
    "each once",
)

#: The id every aspect a package grants starts with, after the owner's id: such aspects are on
#: the sheet (they are invoked and compelled as any), but fill none of the rule set's slots.
PACKAGE_ASPECT_PREFIX = "package"


def _names_ok(key: str, name: str) -> None:
    if not key.strip() or not name.strip():
        raise BadInput("a package, an option and a group each need a key and a name")


@dataclass(frozen=True, slots=True)
class PackageGroup:
    """A kind of option: what each costs (negative: it pays back), how many a package gets
    free, how many one payment buys, and how few or many a package must or may take (``most``
    ``None``: no limit)."""

    key: str
    name: str
    cost: int = 1
    free: int = 0
    per_cost: int = 1
    least: int = 0
    most: int | None = None
    names: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _names_ok(self.key, self.name)
        if not -MAX_COST <= self.cost <= MAX_COST:
            raise BadInput(f"group {self.key!r}: a cost runs from -{MAX_COST} to {MAX_COST}")
        if self.free < 0 or self.per_cost < 1 or self.least < 0:
            raise BadInput(f"group {self.key!r}: free, per_cost and least do not fit")
        if self.most is not None and self.most < max(self.least, 1):
            raise BadInput(f"group {self.key!r}: most is below least")

    def cost_of(self, count: int) -> int:
        """What ``count`` options of this group cost a package."""
        paid = max(0, count - self.free)
        return -(-paid // self.per_cost) * self.cost


@dataclass(frozen=True, slots=True)
class PackageOption:
    """An option bought on a package: its group, how often it may be bought, which packages
    (or options already bought, a synergy's or a theme's) make it available (``within``; none:
    every package), and the stunts and aspects it grants."""

    key: str
    name: str
    group: str
    most: int = 1
    within: tuple[str, ...] = ()
    stunts: tuple[Stunt, ...] = ()
    aspects: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _names_ok(self.key, self.name)
        if not 1 <= self.most <= MAX_TIMES:
            raise BadInput(f"option {self.key!r}: bought 1 to {MAX_TIMES} times")


@dataclass(frozen=True, slots=True)
class PackageDef:
    """A package a rule set offers: its cost in stunts and what its basic form grants."""

    key: str
    name: str
    cost: int = 1
    stunts: tuple[Stunt, ...] = ()
    aspects: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        _names_ok(self.key, self.name)
        if not 0 <= self.cost <= MAX_COST:
            raise BadInput(f"package {self.key!r}: a cost runs from 0 to {MAX_COST}")


@dataclass(frozen=True, slots=True)
class Packages:
    """A rule set's packages: what they are called (``label``: Venture City's "Powers"), the
    bonus stunts that pay for packages only, how few and how many a PC buys, the packages, the
    option groups and the options."""

    label: str
    packages: tuple[PackageDef, ...]
    groups: tuple[PackageGroup, ...] = ()
    options: tuple[PackageOption, ...] = ()
    bonus_stunts: int = 0
    least: int = 0
    most: int = 1
    names: tuple[tuple[str, str], ...] = ()
    # Each package, option and group by key: a milestone's offers look them up many times.
    _by_key: dict[str, dict[str, PackageDef | PackageOption | PackageGroup]] = field(
        init=False, repr=False, compare=False
    )
    # What each bought package grants and costs, worked out once: a milestone's offers try
    # every way of taking every package, each judged with the sheet's packages again.
    _grants_memo: dict[BoughtPackage, tuple[tuple[Stunt, ...], tuple[str, ...]]] = field(
        init=False, repr=False, compare=False
    )
    _cost_memo: dict[BoughtPackage, int] = field(init=False, repr=False, compare=False)
    _problems_memo: dict[tuple[tuple[BoughtPackage, ...], bool], tuple[Problem, ...]] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not self.label.strip():
            raise BadInput("packages need a label (what the game calls them)")
        if not self.packages or len(self.packages) > MAX_PACKAGES:
            raise BadInput(f"a rule set's packages number 1 to {MAX_PACKAGES}")
        if len(self.options) > MAX_OPTIONS:
            raise BadInput(f"at most {MAX_OPTIONS} package options")
        if not 0 <= self.bonus_stunts <= 10 or not 0 <= self.least <= self.most <= 10:
            raise BadInput("bonus_stunts, least and most run from 0 to 10, least not above most")
        for what, keys in (
            ("package", [p.key for p in self.packages]),
            ("group", [g.key for g in self.groups]),
            ("option", [o.key for o in self.options]),
        ):
            twice = sorted({k for k in keys if keys.count(k) > 1})
            if twice:
                raise BadInput(f"the {what} key {twice[0]!r} is listed twice")
        by_key: dict[str, dict[str, PackageDef | PackageOption | PackageGroup]] = {
            "package": {p.key: p for p in self.packages},
            "option": {o.key: o for o in self.options},
            "group": {g.key: g for g in self.groups},
        }
        object.__setattr__(self, "_by_key", by_key)
        object.__setattr__(self, "_grants_memo", {})
        object.__setattr__(self, "_cost_memo", {})
        object.__setattr__(self, "_problems_memo", {})

    def on_skills(self, keys: set[str]) -> Packages:
        """These packages at a table whose list is ``keys``: a granted stunt that names a skill
        off the list is left out (it could never apply); the rest stays."""

        def kept(stunts: tuple[Stunt, ...]) -> tuple[Stunt, ...]:
            return tuple(s for s in stunts if set(stunt_skills(s)) <= keys)

        return replace(
            self,
            packages=tuple(replace(p, stunts=kept(p.stunts)) for p in self.packages),
            options=tuple(replace(o, stunts=kept(o.stunts)) for o in self.options),
        )

    def package(self, key: str) -> PackageDef | None:
        found = self._by_key["package"].get(key)
        return found if isinstance(found, PackageDef) else None

    def option(self, key: str) -> PackageOption | None:
        found = self._by_key["option"].get(key)
        return found if isinstance(found, PackageOption) else None

    def group(self, key: str) -> PackageGroup | None:
        found = self._by_key["group"].get(key)
        return found if isinstance(found, PackageGroup) else None


@dataclass(frozen=True, slots=True)
class BoughtPackage:
    """A package on a sheet: its key and the options bought on it (one entry per purchase, so
    an option bought twice is named twice)."""

    key: str
    options: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.key.strip():
            raise BadInput("a bought package names the rule set's package by key")
        if len(self.options) > MAX_OPTIONS:
            raise BadInput(f"at most {MAX_OPTIONS} options on one package")


_Memo = TypeVar("_Memo")
_Key = TypeVar("_Key")


def stunt_skills(stunt: Stunt) -> tuple[str, ...]:
    """The skills a stunt's effect names (its skill, and the one it replaces)."""
    named = (getattr(stunt.effect, "skill", None), getattr(stunt.effect, "replaces", None))
    return tuple(s for s in named if isinstance(s, str))


def package_cost(spec: Packages, bought: BoughtPackage) -> int:
    """What one bought package costs, in stunts: its own cost and its groups' (never below 0:
    a weakness pays back only what its package cost). Unknown keys cost nothing (validation
    names them)."""
    known = spec._cost_memo.get(bought)
    if known is not None:
        return known
    found = spec.package(bought.key)
    if found is None:
        return 0
    counts: Counter[str] = Counter()
    for key in bought.options:
        option = spec.option(key)
        if option is not None:
            counts[option.group] += 1
    total = found.cost
    for group_key, count in counts.items():
        group = spec.group(group_key)
        total += group.cost_of(count) if group is not None else count
    cost = max(0, total)
    _remember(spec._cost_memo, bought, cost)
    return cost


def packages_cost(spec: Packages | None, bought: Sequence[BoughtPackage]) -> int:
    """What all the packages a sheet bought cost, in stunts."""
    if spec is None:
        return 0
    return sum(package_cost(spec, b) for b in bought)


def _scaled(stunt: Stunt, times: int) -> Stunt:
    """A granted stunt of an option bought ``times`` times: its bonus (or boxes) added up."""
    effect = stunt.effect
    if times == 1:
        return stunt
    if isinstance(effect, SkillBonus):
        return replace(stunt, effect=replace(effect, bonus=effect.bonus * times))
    if isinstance(effect, ExtraStress):
        return replace(stunt, effect=replace(effect, boxes=effect.boxes * times))
    return stunt


#: The most bought packages a rule set remembers the grants and cost of (any sheet may name any
#: options: the memo starts afresh past it).
MEMO_SIZE = 4096


def _remember(memo: dict[_Key, _Memo], key: _Key, value: _Memo) -> None:
    if len(memo) >= MEMO_SIZE:
        memo.clear()
    memo[key] = value


def _grants(spec: Packages, bought: BoughtPackage) -> tuple[tuple[Stunt, ...], tuple[str, ...]]:
    known = spec._grants_memo.get(bought)
    if known is not None:
        return known
    found = spec.package(bought.key)
    if found is None:
        return (), ()
    stunts, aspects = list(found.stunts), list(found.aspects)
    for key, times in Counter(bought.options).items():
        option = spec.option(key)
        if option is not None:
            stunts += [_scaled(s, times) for s in option.stunts]
            aspects += list(option.aspects)
    grants = (tuple(stunts), tuple(aspects))
    _remember(spec._grants_memo, bought, grants)
    return grants


def granted_stunts(spec: Packages | None, bought: Sequence[BoughtPackage]) -> list[Stunt]:
    """The stunts the packages grant, in the order bought."""
    if spec is None:
        return []
    return [s for b in bought for s in _grants(spec, b)[0]]


def granted_aspects(spec: Packages | None, bought: Sequence[BoughtPackage]) -> list[str]:
    """The aspects (their names) the packages grant, in the order bought."""
    if spec is None:
        return []
    return [a for b in bought for a in _grants(spec, b)[1]]


def bought_problems(
    spec: Packages, bought: Sequence[BoughtPackage], *, as_you_play: bool = False
) -> tuple[Problem, ...]:
    """:func:`package_problems` of ``bought`` on a sheet holding exactly what they grant (a
    package bought or changed at a milestone is judged so), worked out once per rule set."""
    key = (tuple(bought), as_you_play)
    known = spec._problems_memo.get(key)
    if known is None:
        known = tuple(
            package_problems(
                spec,
                bought,
                granted_stunts(spec, bought),
                granted_aspects(spec, bought),
                as_you_play=as_you_play,
            )
        )
        _remember(spec._problems_memo, key, known)
    return known


def package_problems(
    spec: Packages | None,
    bought: Sequence[BoughtPackage],
    stunts: Sequence[Stunt],
    package_aspects: Sequence[str],
    *,
    as_you_play: bool = False,
) -> list[Problem]:
    """Every problem with the packages a PC bought: unknown keys, limits, options outside their
    package, groups over or under, and granted stunts or aspects not on the sheet as granted.
    The cost is checked with the sheet's refresh (:mod:`fatekit.rules.characters.validation`)."""
    if spec is None:
        if not bought:
            return []
        return [
            Problem("packages", "this rule set has no packages", PACKAGE_LIMIT_RULE, "no_packages")
        ]
    problems: list[Problem] = []
    if len(bought) > spec.most:
        problems.append(
            Problem(
                "packages",
                f"{len(bought)} {spec.label} bought; at most {spec.most}",
                PACKAGE_LIMIT_RULE,
                "packages_over",
                (("have", len(bought)), ("most", spec.most)),
            )
        )
    elif len(bought) < spec.least and not as_you_play:
        problems.append(
            Problem(
                "packages",
                f"{len(bought)} {spec.label} bought; at least {spec.least}",
                PACKAGE_LIMIT_RULE,
                "packages_under",
                (("have", len(bought)), ("least", spec.least)),
            )
        )
    seen: set[str] = set()
    for i, entry in enumerate(bought):
        problems += _one_package(spec, entry, i, seen, as_you_play)
    by_name = {s.name: s for s in stunts}
    for stunt in granted_stunts(spec, bought):
        if by_name.get(stunt.name) != stunt:
            problems.append(
                Problem(
                    f"stunts.{stunt.name}",
                    f"the stunt {stunt.name!r} a package grants is not on the sheet as granted",
                    PACKAGE_GRANTS_RULE,
                    "package_stunt",
                    (("name", stunt.name),),
                )
            )
    have = Counter(package_aspects)
    want = Counter(granted_aspects(spec, bought))
    for name in sorted((want - have) + (have - want)):
        problems.append(
            Problem(
                "aspects.package",
                f"the aspect {name!r} is not on the sheet as its packages grant it",
                PACKAGE_GRANTS_RULE,
                "package_aspect",
                (("name", name),),
            )
        )
    return problems


def _one_package(
    spec: Packages, entry: BoughtPackage, i: int, seen: set[str], as_you_play: bool
) -> list[Problem]:
    where = f"packages.{i}"
    found = spec.package(entry.key)
    if found is None:
        return [
            Problem(
                f"{where}.key",
                f"this rule set has no {spec.label} {entry.key!r}",
                PACKAGE_LIMIT_RULE,
                "package_unknown",
                (("package", entry.key),),
            )
        ]
    problems: list[Problem] = []
    if entry.key in seen:
        problems.append(
            Problem(
                f"{where}.key",
                f"{found.name} is bought twice",
                PACKAGE_LIMIT_RULE,
                "package_twice",
                (("package", found.name),),
            )
        )
    seen.add(entry.key)
    # An option is available on its package, or beside an option bought on it (a synergy's
    # enhancements, a theme's), whichever comes first in the list.
    open_keys = {entry.key, *entry.options}
    counts = Counter(entry.options)
    for j, key in enumerate(entry.options):
        option = spec.option(key)
        if option is None:
            problems.append(
                Problem(
                    f"{where}.options.{j}",
                    f"{found.name} has no option {key!r}",
                    PACKAGE_GROUPS_RULE,
                    "package_option_unknown",
                    (("package", found.name), ("option", key)),
                )
            )
        elif option.within and not open_keys & set(option.within):
            problems.append(
                Problem(
                    f"{where}.options.{j}",
                    f"{option.name} is not offered on {found.name}",
                    PACKAGE_GROUPS_RULE,
                    "package_option_outside",
                    (("package", found.name), ("option", option.name)),
                )
            )
    for key, times in counts.items():
        option = spec.option(key)
        if option is not None and times > option.most:
            problems.append(
                Problem(
                    f"{where}.options",
                    f"{option.name} bought {times} times; at most {option.most}",
                    PACKAGE_GROUPS_RULE,
                    "package_option_over",
                    (("option", option.name), ("have", times), ("most", option.most)),
                )
            )
    in_group = Counter(o.group for k in entry.options if (o := spec.option(k)) is not None)
    for group in spec.groups:
        have = in_group[group.key]
        if group.most is not None and have > group.most:
            problems.append(
                Problem(
                    f"{where}.options",
                    f"{found.name}: {have} of {group.name}; at most {group.most}",
                    PACKAGE_GRANTS_RULE,
                    "package_group_over",
                    (
                        ("package", found.name),
                        ("group", group.name),
                        ("have", have),
                        ("most", group.most),
                    ),
                )
            )
        elif have < group.least and not as_you_play:
            problems.append(
                Problem(
                    f"{where}.options",
                    f"{found.name}: {have} of {group.name}; at least {group.least}",
                    PACKAGE_GRANTS_RULE,
                    "package_group_under",
                    (
                        ("package", found.name),
                        ("group", group.name),
                        ("have", have),
                        ("least", group.least),
                    ),
                )
            )
    return problems
