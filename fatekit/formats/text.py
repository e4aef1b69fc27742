"""Text on other programs' sheets: HTML in, plain text out, and back.

Fari's text blocks and Foundry's HTML fields may hold markup. A fatekit sheet holds plain text,
so markup is read with the standard library's HTML parser: paragraphs and line breaks become
line breaks, everything else (bold, links, spans) keeps only its words. Whitespace is tidied the
same way every time, so a text read, written and read again comes back unchanged.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

__all__ = ["looks_like_html", "plain_text", "tidy", "to_html"]

_TAG = re.compile(r"</?[a-zA-Z][^<>]*>|&[#a-zA-Z0-9]+;")
_BLOCKS = frozenset(
    {
        "p",
        "div",
        "li",
        "ul",
        "ol",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "tr",
        "blockquote",
        "section",
    }
)
_SKIPPED = frozenset({"script", "style", "template"})


def looks_like_html(text: str) -> bool:
    """Whether ``text`` has a tag or a character reference in it."""
    return bool(_TAG.search(text))


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag == "br":
            self.parts.append("\n")
        elif tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            # In HTML, a run of spaces and line ends shows as one space.
            self.parts.append(re.sub(r"\s+", " ", data))


def tidy(text: str) -> str:
    """Plain text with spaces and blank lines tidied: no markup is read."""
    lines = [" ".join(line.split()) for line in text.replace("\r\n", "\n").split("\n")]
    joined = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", joined).strip()


def plain_text(value: object) -> str:
    """``value`` as tidy plain text: HTML read for its words, spaces and blank lines tidied."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    if looks_like_html(text):
        parser = _Words()
        parser.feed(text)
        parser.close()
        text = "".join(parser.parts)
    return tidy(text)


def to_html(text: str) -> str:
    """Plain text as simple HTML: a ``<p>`` per paragraph, ``<br>`` per line break."""
    paragraphs = [p for p in tidy(text).split("\n\n") if p]
    return "".join(
        "<p>" + "<br>".join(html.escape(line, quote=False) for line in p.split("\n")) + "</p>"
        for p in paragraphs
    )
