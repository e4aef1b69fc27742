"""Fate points: each character's supply, the GM's pool, refresh, and who pays for what."""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, CORE_BOOK, rule
from fatekit.rules.core.errors import BadInput, IllegalAction

__all__ = [
    "EXTRA_PAYS_RULE",
    "GM",
    "GM_POOL_RULE",
    "NEVER_NEGATIVE_RULE",
    "PENDING_RULE",
    "REFRESH_RULE",
    "SCENARIO_RESET_RULE",
    "FateLedger",
    "FatePoints",
    "GMPool",
]

#: The participant id of the game master.
GM = "gm"

NEVER_NEGATIVE_RULE = rule(
    "fate-points.never-negative",
    CONDENSED,
    "What Can I Do with Aspects? > Invokes",
    "Spending a fate point needs one in hand: a supply never goes below zero",
)
PENDING_RULE = rule(
    "fate-points.after-scene",
    CONDENSED,
    "What Can I Do with Aspects? > Hostile Invocations",
    "Fate points paid for hostile invokes (and for conceding) can be used only after the scene ends",
)
REFRESH_RULE = rule(
    "fate-points.refresh",
    CONDENSED,
    "Создайте своих персонажей > Обновление",
    "A session starts with at least refresh fate points; more carries over if the character "
    "ended the last session with more",
)
SCENARIO_RESET_RULE = rule(
    "fate-points.scenario-reset",
    CORE_BOOK,
    "Aspects and Fate Points > The Fate Point Economy > Refresh",
    "Fate Core: the first session of a new scenario starts each PC at exactly their refresh, "
    "whatever they carried over",
)
EXTRA_PAYS_RULE = rule(
    "fate-points.extra",
    CORE_BOOK,
    "Extras > Defining Extras",
    "An extra extends the sheet of the character it belongs to: one a player controls spends that "
    "player's fate points, one of the GM's spends the GM's pool",
)
GM_POOL_RULE = rule(
    "fate-points.gm-pool",
    CONDENSED,
    "Бытие Ведущего > Your Fate Points",
    "The GM's pool for a scene is one per PC, plus points carried by conceded or hostile-invoked "
    "NPCs and by a compel that ended the last scene (an NPC's own fate points are not added); "
    "compels cost the GM nothing",
)


@dataclass(slots=True)
class FatePoints:
    """A supply of fate point tokens.

    ``available`` can be spent now; ``pending`` was earned in this scene but may be spent only
    once it ends (hostile invokes, a concession).
    """

    owner: str
    available: int = 0
    pending: int = 0

    def __post_init__(self) -> None:
        if self.available < 0 or self.pending < 0:
            raise BadInput(f"fate points cannot be negative ({self.owner})")

    def check_can_spend(self, count: int = 1, *, purpose: str = "spend a fate point") -> None:
        """Raise :class:`IllegalAction` unless ``count`` points are available now."""
        if count < 0:
            raise BadInput(f"cannot spend a negative number of fate points ({count})")
        if self.available < count:
            held = f"{self.available} available"
            if self.pending:
                held += f" and {self.pending} usable only after this scene"
            raise IllegalAction(
                f"{self.owner} cannot {purpose}: {count} needed, {held}", NEVER_NEGATIVE_RULE
            )

    def spend(self, count: int = 1, *, purpose: str = "spend a fate point") -> None:
        """Spend ``count`` available points."""
        self.check_can_spend(count, purpose=purpose)
        self.pay(count)

    def pay(self, count: int = 1) -> None:
        """Pay ``count`` points as a table's log recorded the payment (an assignment: the rules
        judged it when the move was made; never below none)."""
        self.available = max(0, self.available - count)

    def gain(self, count: int = 1) -> None:
        """Receive points usable right away (an accepted compel, say)."""
        if count < 0:
            raise BadInput(f"cannot gain a negative number of fate points ({count})")
        self.available += count

    def gain_after_scene(self, count: int = 1) -> None:
        """Receive points that become usable when the scene ends."""
        if count < 0:
            raise BadInput(f"cannot gain a negative number of fate points ({count})")
        self.pending += count

    def end_scene(self) -> int:
        """Make pending points usable; return how many were released."""
        released = self.pending
        self.available += released
        self.pending = 0
        return released

    def start_session(self, refresh: int, *, reset: bool = False) -> None:
        """Refresh: start the session with ``max(refresh, points left)``, or with exactly
        ``refresh`` when a new scenario begins and the rule set resets it (``reset``: Fate
        Core)."""
        if refresh < 0:
            raise BadInput(f"refresh cannot be negative ({refresh})")
        self.end_scene()
        self.available = refresh if reset else max(refresh, self.available)


@dataclass(slots=True)
class GMPool(FatePoints):
    """The GM's fate points for the current scene.

    The pool pays for invokes and stunts of every NPC and for refusing compels players offer to
    NPCs. Compels the GM offers are free.
    """

    owner: str = GM

    def start_scene(self, pcs: int, *, carried: int = 0, ending_compel: bool = False) -> int:
        """Reset the pool for a new scene and return its size.

        ``carried`` counts the points NPCs in this scene bring with them (from conceding or from
        hostile invokes in earlier scenes); ``ending_compel`` adds the point of a compel the GM
        accepted that ended the previous scene before it could be spent.
        """
        if pcs < 0 or carried < 0:
            raise BadInput("player characters and carried points cannot be negative")
        self.available = pcs + carried + (1 if ending_compel else 0)
        self.pending = 0
        return self.available


class FateLedger:
    """Who holds which fate points, and whose supply pays when a participant spends one.

    Player characters spend their own points. NPCs spend from the GM's pool; the points NPCs earn
    from hostile invokes and concessions are kept on the NPC, to join the GM's pool in a later
    scene where that NPC appears.
    """

    def __init__(self, gm_pool: GMPool | None = None) -> None:
        self.gm = gm_pool if gm_pool is not None else GMPool()
        self._pcs: dict[str, FatePoints] = {}
        self._npcs: dict[str, FatePoints] = {}

    def add_pc(self, pc: str, available: int = 0) -> FatePoints:
        """Register a player character with its current fate points."""
        self._check_new(pc)
        points = FatePoints(pc, available)
        self._pcs[pc] = points
        return points

    def add_npc(self, npc: str, carried: int = 0) -> FatePoints:
        """Register an NPC; ``carried`` is what it brings to the GM's pool."""
        self._check_new(npc)
        points = FatePoints(npc, carried)
        self._npcs[npc] = points
        return points

    def is_npc(self, participant: str) -> bool:
        """Whether this participant is an NPC (spending from the GM's pool)."""
        return participant in self._npcs

    def wallet(self, participant: str) -> FatePoints:
        """The supply this participant spends from and receives immediate points into."""
        if participant == GM or participant in self._npcs:
            return self.gm
        if participant in self._pcs:
            return self._pcs[participant]
        raise BadInput(f"unknown participant {participant!r}: add them to the ledger first")

    def account(self, participant: str) -> FatePoints:
        """The participant's own record: a PC's supply, or what an NPC carries."""
        if participant in self._pcs:
            return self._pcs[participant]
        if participant in self._npcs:
            return self._npcs[participant]
        raise BadInput(f"unknown participant {participant!r}: add them to the ledger first")

    def pay_after_scene(self, participant: str, count: int = 1) -> None:
        """Credit points that are usable only once the scene is over."""
        if participant == GM:
            raise BadInput("the GM's pool does not receive fate points after a scene")
        self.account(participant).gain_after_scene(count)

    def end_scene(self) -> None:
        """Release every pending point (NPCs keep theirs to bring to a later scene)."""
        for points in (*self._pcs.values(), *self._npcs.values()):
            points.end_scene()

    def start_scene(
        self, npcs_present: tuple[str, ...] = (), *, ending_compel: bool = False
    ) -> int:
        """Fill the GM's pool for a new scene: one per PC plus what the NPCs present carry."""
        carried = 0
        for npc in npcs_present:
            account = self.account(npc)
            if npc not in self._npcs:
                raise BadInput(f"{npc!r} is not an NPC")
            carried += account.available + account.pending
            account.available = account.pending = 0
        return self.gm.start_scene(len(self._pcs), carried=carried, ending_compel=ending_compel)

    def join_scene(self, npc: str) -> int:
        """An NPC comes into the running scene: the points it carries (from conceding or hostile
        invokes in earlier scenes) join the GM's pool, as they would have at the scene's start.
        Returns how many joined."""
        if npc not in self._npcs:
            raise BadInput(f"{npc!r} is not an NPC")
        account = self._npcs[npc]
        carried = account.available + account.pending
        account.available = account.pending = 0
        self.gm.available += carried
        return carried

    def balances(self) -> dict[str, tuple[int, int]]:
        """Every supply's ``(available, pending)``, by owner (the GM's pool under ``GM``)."""
        found = {GM: (self.gm.available, self.gm.pending)}
        for points in (*self._pcs.values(), *self._npcs.values()):
            found[points.owner] = (points.available, points.pending)
        return found

    def set_balance(self, owner: str, available: int, pending: int) -> None:
        """Put ``owner``'s supply at what a log recorded: an assignment, checked by no rule
        (the rules ran when the move was decided)."""
        if available < 0 or pending < 0:
            raise BadInput(f"fate points cannot be negative ({owner})")
        points = self.gm if owner == GM else self.account(owner)
        points.available, points.pending = available, pending

    def _check_new(self, participant: str) -> None:
        if participant == GM or participant in self._pcs or participant in self._npcs:
            raise BadInput(f"participant {participant!r} is already in the ledger")
