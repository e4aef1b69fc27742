"""A simulation's report drawn with matplotlib: each side's chance to win, how many exchanges
fights last, and each fighter's chances of being taken out, of conceding and of taking each
severity of consequence, with the numbers written beside the bars."""

from __future__ import annotations

from pathlib import Path

from fatekit.odds.plan import SEVERITIES
from fatekit.odds.png import png_target, save_png
from fatekit.odds.report import Report

__all__ = ["plot_report"]

# What each fighter risks, in the order the bars are drawn, with their colours.
_RISKS = (
    ("taken out", "#b2182b"),
    ("conceded", "#ef8a62"),
    *zip((s.value for s in SEVERITIES), ("#fddbc7", "#d1e5f0", "#67a9cf", "#2166ac"), strict=True),
)


def plot_report(report: Report, path: str | Path) -> Path:
    """Draw ``report`` into ``path`` (PNG); return the path."""
    where = png_target(path)
    import matplotlib.pyplot as plt

    fighters = report.fighters
    figure, (wins, length, risks) = plt.subplots(
        3,
        1,
        figsize=(9, 4.5 + 0.8 * len(fighters)),
        dpi=100,
        gridspec_kw={"height_ratios": [1, 1.4, 0.6 + 0.7 * len(fighters)]},
    )
    figure.suptitle(f"{report.title}: {report.runs:,} fights (seed {report.seed})")
    # Who wins: one bar a side, and the share left unfinished when there is any.
    labels = [s.name for s in report.sides] + (["no winner"] if report.unfinished else [])
    chances = [s.chance for s in report.sides] + ([report.unfinished] if report.unfinished else [])
    bars = wins.barh(labels, chances, color=["#4393c3", "#d6604d", "#999999"][: len(labels)])
    wins.bar_label(bars, labels=[_pct(c) for c in chances], padding=3)
    wins.set_xlim(0, 1.12)
    wins.invert_yaxis()
    wins.set_title("chance to win")
    # How long: the share of fights that end after each number of exchanges.
    played = sorted(report.exchanges.items())
    length.bar([k for k, _ in played], [v for _, v in played], color="#4393c3")
    length.axvline(report.mean_exchanges, color="black", linestyle="--", linewidth=1)
    length.text(
        report.mean_exchanges,
        0.9 * max(v for _, v in played),
        f" mean {report.mean_exchanges:.1f}",
        va="top",
    )
    length.set_xlabel("exchanges")
    length.set_ylabel("share of fights")
    length.set_title("how long the fight lasts")
    # Who gets hurt: a row of bars per fighter.
    width = 0.8 / len(_RISKS)
    for n, (risk, colour) in enumerate(_RISKS):
        values = [
            f.taken_out if n == 0 else f.conceded if n == 1 else f.consequences[risk]
            for f in fighters
        ]
        rows = [i + (n - len(_RISKS) / 2 + 0.5) * width for i in range(len(fighters))]
        drawn = risks.barh(rows, values, height=width, color=colour, label=risk)
        risks.bar_label(drawn, labels=[_pct(v) if v >= 0.005 else "" for v in values], fontsize=6)
    risks.set_yticks(range(len(fighters)), [f"{f.id} ({f.side})" for f in fighters])
    risks.set_xlim(0, 1.12)
    risks.invert_yaxis()
    risks.set_title("what each fighter risks")
    risks.legend(fontsize=7, loc="lower right")
    return save_png(figure, where)


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"
