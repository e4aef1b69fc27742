"""A session's recap in words: lines in the seat's language, Markdown and a printable page.

The words come from the page's own catalogs (``fatekit/i18n/<lang>.json``, the ``recap.*`` keys,
and ``skill.*`` and ``milestone.*`` for names the page already translates), so the recap in the
page and the files downloaded from it say the same thing. Each line labels a moment and then
names who (``Success with style: Ruth (Fight)``), which reads naturally in every language and
needs no gendered verb.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from fatekit.formats.words import words
from fatekit.rules.core.errors import BadInput
from fatekit.table.recap import Moment, SessionRecap
from fatekit.table.state import TableState
from fatekit.table.views import view_for

__all__ = ["LANGUAGES", "RecapText", "recap_html", "recap_markdown", "recap_text"]

LANGUAGES = ("en", "ru", "it", "sv")


def _say(lang: str, key: str, **names: object) -> str:
    return words(lang)(key, **names)


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One line of a recap: its kind (``scene``, ``moment``, ``fate``, ...) and its words."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class RecapText:
    """A recap in words: its title and its sections, each a heading and its lines."""

    lang: str
    title: str
    ended: bool
    sections: tuple[tuple[str, tuple[RecapLine, ...]], ...]


class _Names:
    """Names as the seat's view shows them: a character it cannot see is never named."""

    def __init__(self, state: TableState, seat: str, lang: str) -> None:
        view = view_for(state, seat)
        self.characters: dict[str, str] = {}
        for card in view["characters"]:
            name = card.get("name") or (card.get("sheet") or {}).get("name")
            self.characters[card["id"]] = name or card["id"]
        self.state = state
        self.lang = lang

    def who(self, character_id: str | None) -> str:
        if character_id is None:
            return "?"
        return self.characters.get(character_id, character_id)

    def skill(self, key: str | None) -> str:
        if not key:
            return ""
        said = words(self.lang)
        if self.state.ruleset_file is None and said.has(f"skill.{key}"):
            return said(f"skill.{key}")
        try:
            return self.state.ruleset.preset.skill_name(key)
        except BadInput:
            return key


def _moment(moment: Moment, names: _Names, lang: str) -> str:
    said = _say(
        lang, f"recap.moment.{moment.kind}", who=names.who(moment.who), detail=moment.detail or ""
    )
    skill = names.skill(moment.skill)
    return f"{said} ({skill})" if skill else said


def recap_text(recap: SessionRecap, state: TableState, seat: str, lang: str) -> RecapText:
    """The recap's words for ``seat`` in ``lang`` (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise BadInput(f"a recap is written in one of {', '.join(LANGUAGES)}, not {lang!r}")
    names = _Names(state, seat, lang)
    sections: list[tuple[str, tuple[RecapLine, ...]]] = []
    scenes: list[RecapLine] = []
    for scene in recap.scenes:
        title = scene.name if scene.name else _say(lang, "recap.outside_scenes")
        scenes.append(RecapLine("scene", title))
        scenes.extend(RecapLine("moment", _moment(m, names, lang)) for m in scene.moments)
    if not recap.moments():
        scenes.append(RecapLine("quiet", _say(lang, "recap.quiet")))
    sections.append((_say(lang, "recap.scenes"), tuple(scenes)))
    if recap.fate_points:
        points = tuple(
            RecapLine(
                "fate",
                _say(lang, "recap.fate_line", who=names.who(cid), gained=gained, spent=spent),
            )
            for cid, (gained, spent) in sorted(
                recap.fate_points.items(), key=lambda item: names.who(item[0])
            )
        )
        sections.append((_say(lang, "recap.fate_points"), points))
    growth: list[RecapLine] = []
    if recap.milestone is not None:
        three = state.ruleset.preset.advancement.levels == ("minor", "significant", "major")
        milestone = _say(lang, f"milestone.{'three.' if three else ''}{recap.milestone}")
        growth.append(RecapLine("milestone", _say(lang, "recap.ended_in", milestone=milestone)))
    growth.extend(RecapLine("advance", _moment(m, names, lang)) for m in recap.advancement)
    if growth:
        sections.append((_say(lang, "recap.advancement"), tuple(growth)))
    if recap.gm_lines:
        lines = tuple(RecapLine("gm_line", m.detail or "") for m in recap.gm_lines)
        sections.append((_say(lang, "recap.gm_lines"), lines))
    title = _say(lang, "recap.session", n=recap.number)
    if recap.ended_at is None:
        title += " " + _say(lang, "recap.under_way")
    return RecapText(lang, title, recap.ended_at is not None, tuple(sections))


def recap_markdown(text: RecapText, table_name: str) -> str:
    """The recap as Markdown: the table and session as headings, a list under each section."""
    out = [f"# {_md(table_name)}: {_md(text.title)}", ""]
    for heading, lines in text.sections:
        out += [f"## {_md(heading)}", ""]
        for line in lines:
            if line.kind == "scene":
                out += ["", f"### {_md(line.text)}", ""]
            else:
                out.append(f"- {_md(line.text)}")
        out.append("")
    return "\n".join(out).replace("\n\n\n", "\n\n").rstrip() + "\n"


def _md(text: str) -> str:
    # Players' words are text, never markup: escape what Markdown would read as emphasis, code,
    # links, HTML or tables (punctuation that only matters at a line's start never starts one).
    special = "\\`*_[]<>|~"
    return "".join("\\" + c if c in special else c for c in " ".join(text.split()))


def recap_html(text: RecapText, table_name: str, stylesheet: str | None = None) -> str:
    """The recap as a page of its own, ready to print (no script). Its style is written into it,
    or, given a ``stylesheet`` address, linked: the page opens the recap under its own security
    policy, which runs no style written into a document (``fatekit/web/print.css`` holds the
    same rules)."""
    body: list[str] = []
    for heading, lines in text.sections:
        body.append(f"<h2>{html.escape(heading)}</h2>")
        items: list[str] = []
        for line in lines:
            if line.kind == "scene":
                if items:
                    body.append("<ul>" + "".join(items) + "</ul>")
                    items = []
                body.append(f"<h3>{html.escape(line.text)}</h3>")
            else:
                items.append(f"<li>{html.escape(line.text)}</li>")
        if items:
            body.append("<ul>" + "".join(items) + "</ul>")
    title = f"{html.escape(table_name)}: {html.escape(text.title)}"
    style = (
        f"<style>{_PRINT_STYLE}</style>"
        if stylesheet is None
        else f'<link rel="stylesheet" href="{html.escape(stylesheet)}">'
    )
    return (
        f'<!doctype html>\n<html lang="{text.lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{title}</title>\n{style}\n</head>\n<body>\n"
        f"<h1>{title}</h1>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )


#: The printable page's style (one file, which the server also serves for the page to link).
_PRINT_STYLE = (Path(__file__).resolve().parent.parent / "web" / "print.css").read_text(
    encoding="utf-8"
)
