"""The page agent's map of the page (tests/web/agent/routes.py) against the page itself: every
command the page's scripts can send has a route, every route's id pattern matches an id the
scripts write, and every catalog key a route names exists in all four catalogs."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fatekit.server.web import I18N_DIR
from tests.web.agent.coverage import WEB, page_commands
from tests.web.agent.plans import PLANS
from tests.web.agent.routes import CHOICES, ROUTES, leads_to


def _ids_in_scripts() -> set[str]:
    """The element ids the page's scripts write (a `${...}` part as `*`) and their classes."""
    ids = set()
    for path in WEB.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        for quoted in re.findall(r'(?:id|class): (`[^`]*`|"[^"]*")', text):
            ids.add(re.sub(r"\$\{[^}]*\}", "*", quoted[1:-1]))
    return ids


def test_every_command_the_page_can_send_has_a_route() -> None:
    assert set(ROUTES) == page_commands()


def test_each_route_names_something_on_the_page() -> None:
    ids = _ids_in_scripts()
    for kind, patterns in ROUTES.items():
        for pattern in patterns:
            if pattern.startswith("text:"):
                key = pattern.removeprefix("text:")
                for lang in ("en", "ru", "it", "sv"):
                    catalog = json.loads(Path(I18N_DIR / f"{lang}.json").read_text("utf-8"))
                    assert key in catalog, (kind, key, lang)
            else:
                # Each plain part of the pattern is part of an id the scripts write.
                for part in re.split(r"\.\+|\\\*|#|\\\[|\\\]|[()|>]", pattern):
                    part = part.strip("-")
                    if len(part) > 2 and part != "button":
                        assert any(part in i for i in ids), (kind, pattern, part)


def test_the_plans_choices_and_routes_agree() -> None:
    kinds = set(ROUTES)
    for plan in PLANS:
        for goal in plan.goals:
            assert goal.split(":")[0] in kinds, (plan.name, goal)
    for form, chosen in CHOICES.items():
        for goal in chosen:
            assert goal.split(":")[0] in kinds, (form, goal)


def test_a_control_leads_where_its_route_says() -> None:
    attack = {"sig": "attack-*", "text": "Attack", "id": "attack-ruth", "classes": "primary"}
    assert leads_to(attack, "en") == {"Attack"}
    # A button with no id is known by its place; its number there is any.
    note = {"sig": "note>button[0]", "text": "Write", "id": "", "classes": ""}
    assert leads_to(note, "en") == {"Note"}
    reveal = {"sig": "aspect>button[1]", "text": "Visa", "id": "", "classes": ""}
    catalog = json.loads(Path(I18N_DIR / "sv.json").read_text("utf-8"))
    reveal["text"] = catalog["aspect.reveal"]
    assert "RevealAspect" in leads_to(reveal, "sv")


def test_a_sweep_plays_the_plan_naming_what_is_missing() -> None:
    from tests.web.agent.__main__ import sweep_plan

    shield = next(n for n, p in enumerate(PLANS) if "Shield" in p.goals)
    assert sweep_plan({"Shield", "BreakImmunity"}, 0) == shield
    # Nothing named by any plan: the seed picks among them all.
    assert {sweep_plan({"Undo"}, seed) for seed in range(len(PLANS))} == set(range(len(PLANS)))


def test_each_sweep_takes_another_plan_naming_what_is_missing() -> None:
    """The sweeps of a soak all played the same plan (the one naming most of what was missing),
    which had already missed it: each now takes a plan not swept yet while one names something
    missing, and only then plays one again."""
    from tests.web.agent.__main__ import sweep_plan

    missing = {"Shield", "Milestone", "ContestThreat", "CloseScenario"}
    naming = {n for n, p in enumerate(PLANS) if {g.split(":")[0] for g in p.goals} & missing}
    swept: list[int] = []
    for seed in range(len(naming)):
        swept.append(sweep_plan(missing, seed, swept))
    assert sorted(swept) == sorted(naming)
    # Every plan naming something swept once: the next sweep plays one of them again.
    assert sweep_plan(missing, 99, swept) in naming
