"""What every text and whole number read from outside must be, before anything keeps it.

JSON lets a document say things no file or database can hold: ``"\\ud800"`` is half of a
character (a lone surrogate, which cannot be written as UTF-8), ``"\\u0000"`` is a NUL character
(which PostgreSQL's text cannot hold, and no person types), and a number may have any count of
digits (SQLite and PostgreSQL hold 64 bits). :func:`problems` walks a parsed document once and
says where each such value is and what is wrong with it, so that it is refused by field before
it reaches the rules or the store, never half stored.
"""

from __future__ import annotations

from fatekit.rules.core.bounds import MAX_WHOLE

__all__ = ["MIN_WHOLE", "problems"]

#: The smallest whole number anything holds: 64 bits, signed.
MIN_WHOLE = -(2**63)

_NOT_UNICODE = "not valid Unicode text (it holds half of a character, a lone surrogate)"
_NUL = "a NUL character (\\u0000), which no text may hold: is this a binary file?"
_TOO_BIG = f"a whole number from {MIN_WHOLE} to {MAX_WHOLE} (64 bits)"


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return _NUL
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return _NOT_UNICODE
    return None


def problems(
    value: object,
    root: str = "$",
    *,
    whole_numbers: bool = True,
    max_text: int | None = None,
) -> dict[str, str]:
    """Every text that is not valid Unicode or holds NUL, every whole number past 64 bits
    (unless ``whole_numbers`` is false) and, with ``max_text``, every text or name longer than
    that many characters, in a parsed JSON value, by path (``root.key[0]``; an empty ``root``
    names keys bare)."""
    found: dict[str, str] = {}
    stack: list[tuple[str, object]] = [(root, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            problem = _text_problem(item)
            if problem is None and max_text is not None and len(item) > max_text:
                problem = f"at most {max_text} characters (this has {len(item)})"
            if problem is not None:
                found[where or "$"] = problem
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int):
            if whole_numbers and not MIN_WHOLE <= item <= MAX_WHOLE:
                found[where or "$"] = _TOO_BIG
        elif isinstance(item, dict):
            for key, inner in item.items():
                problem = _text_problem(str(key))
                if problem is None and max_text is not None and len(str(key)) > max_text:
                    problem = f"at most {max_text} characters"
                if problem is not None:
                    found[where or "$"] = f"one of its names: {problem}"
                else:
                    stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list | tuple):
            stack.extend((f"{where}[{n}]", inner) for n, inner in enumerate(item))
    return found
