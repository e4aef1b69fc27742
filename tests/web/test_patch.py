"""The page's JSON Patch applier (js/lib/patch.js), run in node against RFC 6902's own examples of
add, remove and replace, and against patches that must fail without changing the document."""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest

from fatekit.server.web import WEB_DIR

NODE = shutil.which("node")

# Loads patch.js from its source (it imports nothing), applies each case, and prints the
# results as JSON: the patched document, or the error's class and whether the input survived.
RUNNER = """
const source = require("fs").readFileSync(process.argv[1], "utf8");
const cases = JSON.parse(process.argv[2]);
import("data:text/javascript," + encodeURIComponent(source)).then(({ applyPatch, touched, PatchError }) => {
  const out = cases.map(([doc, ops]) => {
    const before = JSON.stringify(doc);
    try {
      return { doc: applyPatch(doc, ops), touched: [...touched(ops)].sort() };
    } catch (error) {
      return { error: error instanceof PatchError ? "PatchError" : String(error), kept: JSON.stringify(doc) === before };
    }
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def run(cases: list[tuple[Any, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    if NODE is None:
        pytest.skip("no node on this machine")
    done = subprocess.run(
        [NODE, "-e", RUNNER, str(WEB_DIR / "js" / "lib" / "patch.js"), json.dumps(cases)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def test_add_remove_and_replace_as_rfc_6902_gives_them() -> None:
    cases: list[tuple[Any, list[dict[str, Any]]]] = [
        ({"foo": "bar"}, [{"op": "add", "path": "/baz", "value": "qux"}]),
        ({"foo": ["bar", "baz"]}, [{"op": "add", "path": "/foo/1", "value": "qux"}]),
        ({"foo": ["bar"]}, [{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]),
        ({"baz": "qux", "foo": "bar"}, [{"op": "remove", "path": "/baz"}]),
        ({"foo": ["bar", "qux", "baz"]}, [{"op": "remove", "path": "/foo/1"}]),
        ({"baz": "qux", "foo": "bar"}, [{"op": "replace", "path": "/baz", "value": "boo"}]),
        ({"a/b": 1, "m~n": 2}, [{"op": "replace", "path": "/a~1b", "value": 3}]),
        ({"m~n": 2}, [{"op": "remove", "path": "/m~0n"}]),
        ({"foo": 1}, [{"op": "replace", "path": "", "value": {"bar": 2}}]),
        (
            {"table": {"version": 7}, "extras": {"acted": []}},
            [
                {"op": "replace", "path": "/table/version", "value": 8},
                {"op": "add", "path": "/extras/acted/0", "value": "ruth"},
            ],
        ),
    ]
    got = run(cases)
    assert [g["doc"] for g in got] == [
        {"foo": "bar", "baz": "qux"},
        {"foo": ["bar", "qux", "baz"]},
        {"foo": ["bar", ["abc", "def"]]},
        {"foo": "bar"},
        {"foo": ["bar", "baz"]},
        {"baz": "boo", "foo": "bar"},
        {"a/b": 3, "m~n": 2},
        {},
        {"bar": 2},
        {"table": {"version": 8}, "extras": {"acted": ["ruth"]}},
    ]
    assert got[-1]["touched"] == ["extras/acted", "table/version"]
    assert got[0]["touched"] == ["baz"]


def test_a_patch_that_does_not_fit_fails_and_changes_nothing() -> None:
    doc = {"foo": ["bar"], "n": 1}
    cases: list[tuple[Any, list[dict[str, Any]]]] = [
        (doc, [{"op": "remove", "path": "/missing"}]),
        (doc, [{"op": "replace", "path": "/missing", "value": 1}]),
        (doc, [{"op": "add", "path": "/foo/5", "value": 1}]),
        (doc, [{"op": "add", "path": "/a/b", "value": 1}]),
        (doc, [{"op": "remove", "path": "/foo/01"}]),
        (doc, [{"op": "move", "from": "/n", "path": "/m"}]),
        (doc, [{"op": "replace", "path": "n", "value": 2}]),
        # The first op applies, the second cannot: the document keeps neither.
        (doc, [{"op": "replace", "path": "/n", "value": 2}, {"op": "remove", "path": "/x"}]),
    ]
    for result in run(cases):
        assert result == {"error": "PatchError", "kept": True}
