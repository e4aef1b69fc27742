"""Writing the odds' plots as PNG files with matplotlib: the file name checked before anything is
drawn, and the finished figure laid out, written and closed, for every plot the same way."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fatekit.rules.core.errors import BadInput

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["png_target", "save_png"]


def png_target(path: str | Path) -> Path:
    """``path`` as the PNG file a plot goes to, refused unless it ends in ``.png``.

    It also sets matplotlib to draw to files only, never to a window; call it before importing
    ``matplotlib.pyplot``.
    """
    import matplotlib

    matplotlib.use("Agg")  # draw to a file, never to a window
    where = Path(path)
    if where.suffix.lower() != ".png":
        raise BadInput(
            f"the plot is drawn as a PNG file: give a name ending in .png, not {where.name}"
        )
    return where


def save_png(figure: Figure, where: Path) -> Path:
    """Lay ``figure`` out, write it to ``where`` and close it; return ``where``."""
    import matplotlib.pyplot as plt

    figure.tight_layout()
    try:
        figure.savefig(where)
    except OSError as error:
        raise BadInput(f"cannot write {where}: {error}") from None
    finally:
        plt.close(figure)
    return where
