"""The ladder table: the chance of reaching a target for every rating against every opposition,
as a Rich table for the terminal and as a heat map drawn with matplotlib."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from fatekit.odds.exact import Target
from fatekit.odds.invokes import invoke_odds
from fatekit.odds.png import png_target, save_png
from fatekit.rules.core.ladder import format_rating

__all__ = ["LADDER_RANGE", "LadderTable", "ladder_table", "plot_table", "rich_table"]

#: The named ladder, Terrible (-4) to Legendary (+8).
LADDER_RANGE = tuple(range(-4, 9))


@dataclass(frozen=True, slots=True)
class LadderTable:
    """``chances[i][j]``: rating ``ratings[i]`` reaching ``target`` against ``ratings[j]``."""

    target: Target
    active: bool
    invokes: int
    ratings: tuple[int, ...]
    chances: tuple[tuple[Fraction, ...], ...]

    @property
    def title(self) -> str:
        """A caption that says what the numbers are."""
        against = "an active opposition (it rolls too)" if self.active else "a difficulty"
        wanted = {Target.TIE: "a tie or better", Target.SUCCESS: "success or better"}.get(
            self.target, "success with style"
        )
        spent = (
            f", with {self.invokes} invoke{'s' if self.invokes != 1 else ''}"
            if self.invokes
            else ""
        )
        return f"Chance of {wanted} against {against}{spent}"


def ladder_table(
    target: Target | str = Target.SUCCESS,
    *,
    active: bool = False,
    invokes: int = 0,
    ratings: Sequence[int] = LADDER_RANGE,
) -> LadderTable:
    """The exact table for every pair of ``ratings``."""
    wanted = Target.parse(target)
    rows = tuple(
        tuple(
            invoke_odds(mine, theirs, invokes=invokes, target=wanted, active=active).p_target
            for theirs in ratings
        )
        for mine in ratings
    )
    return LadderTable(wanted, active, invokes, tuple(ratings), rows)


def rich_table(table: LadderTable) -> object:
    """The table as a :class:`rich.table.Table` (rows: the roller; columns: the opposition)."""
    from rich.table import Table  # only the terminal table needs Rich

    shown = Table(title=table.title, caption="rows: the roll's rating; columns: the opposition")
    shown.add_column("rating", justify="left", no_wrap=True)
    for rating in table.ratings:
        shown.add_column(f"{rating:+d}", justify="right")
    for rating, row in zip(table.ratings, table.chances, strict=True):
        shown.add_row(format_rating(rating), *(_percent(p) for p in row))
    return shown


def _percent(p: Fraction) -> str:
    if p == 0:
        return "0"
    if p == 1:
        return "100"
    value = 100 * float(p)
    return "<1" if value < 1 else ">99" if value > 99 else f"{value:.0f}"


def plot_table(table: LadderTable, path: str | Path) -> Path:
    """Draw the table as a heat map into ``path`` (PNG); return the path."""
    where = png_target(path)
    import matplotlib.pyplot as plt

    values = [[float(p) for p in row] for row in table.chances]
    figure, axes = plt.subplots(figsize=(9, 7.5), dpi=100)
    image = axes.imshow(values, cmap="viridis", vmin=0.0, vmax=1.0, origin="lower")
    labels = [f"{r:+d}" for r in table.ratings]
    axes.set_xticks(range(len(labels)), labels)
    axes.set_yticks(range(len(labels)), [format_rating(r) for r in table.ratings])
    axes.set_xlabel("opposition")
    axes.set_ylabel("the roll's rating")
    axes.set_title(table.title)
    for i, row in enumerate(values):
        for j, value in enumerate(row):
            axes.text(
                j,
                i,
                _percent(table.chances[i][j]),
                ha="center",
                va="center",
                fontsize=7,
                color="black" if value > 0.6 else "white",
            )
    figure.colorbar(image, ax=axes, label="probability")
    return save_png(figure, where)
