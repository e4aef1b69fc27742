"""The campaign file's schema, published in docs/ and checked by every import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from fatekit.formats.schema_check import check_schema
from fatekit.rules import ForbiddenAction
from fatekit.table import commands as c
from fatekit.table.campaign import campaign_schema_text, export_campaign, import_campaign
from fatekit.table.export import table_schema_text

from .conftest import Play  # type: ignore[import-not-found]

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_published_schema_is_current_and_checks_only_what_it_says() -> None:
    published = (DOCS / "campaign.schema.json").read_text(encoding="utf-8")
    assert published == campaign_schema_text(), (
        "docs/campaign.schema.json is stale: run `make docs`"
    )
    check_schema(json.loads(campaign_schema_text()))


def test_an_exported_campaign_is_valid_against_the_published_schemas(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Hidden Hatch", hidden=True))
    play.do(c.Note(text="The rain will not stop."), "ann")
    campaign = export_campaign(play.log, play.s, "gm", exported_at="2026-11-27T06:00:00+00:00")
    # Another tool reads it with the two published files alone.
    table = json.loads(table_schema_text())
    schema = json.loads(campaign_schema_text())
    registry: Registry[object] = Registry().with_resource(
        table["$id"], Resource.from_contents(table)
    )
    Draft202012Validator(schema, registry=registry).validate(json.loads(json.dumps(campaign)))
    again = import_campaign(campaign, table_id="copy")
    assert again.state.version == play.s.version
    listed = {row["id"]: row for row in campaign["contents"]["characters"]}
    assert set(listed) == set(play.s.game.characters)
    for character_id, character in play.s.game.characters.items():
        # the GM's copy holds every aspect of every sheet, the hidden ones too
        assert len(listed[character_id]["sheet"]["aspects"]) == len(character.aspects)


def test_only_a_gm_takes_the_campaign(play: Play) -> None:
    with pytest.raises(ForbiddenAction, match="only a GM"):
        export_campaign(play.log, play.s, "ann", exported_at="now")
