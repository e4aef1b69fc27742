"""Building and encoding every seat's document at a real 6-seat table, with each model library
the typed parts were chosen from.

The table is the golden evening ``tests/golden_tables/evening-condensed.json`` (a GM, three
players and a spectator, a scene, a conflict with a big bad, compels, secret rolls...) with a
sixth seat, a player, added after the others; every one of its versions is folded, and at each
the six seats' documents (:func:`fatekit.table.extras.seat_document`) are built. Then we print,
in microseconds per document (the median of ``--rounds`` passes over every version):

- ``fatekit`` — what the server does today: build the document from the table's state, turn it
  into JSON values (the hub diffs those) and encode it as text;
- for each candidate — stdlib ``dataclasses`` with the project's codec (``to_json``, widened to
  dicts, then ``json.dumps``), ``msgspec`` structs, ``pydantic`` models (validated, and with
  ``model_construct``, which skips validation) — the same documents rebuilt from the same
  field values with that library's classes, and encoded by it. The classes are made from the
  parts' own definitions, so every candidate builds exactly the same tree; the walk that feeds
  them the values is the same for all, so the figures differ by the library alone.

Run it with another checkout's Python to compare with its own ``fatekit`` figure (the candidates
need this checkout's parts): ``<other>/.venv/bin/python benchmarks/bench_views.py --only-fatekit``.

    python benchmarks/bench_views.py [--rounds 5]

``--packages`` times another table instead: Venture City (a rule set with packages, its
powers) with four PCs, the GM's document before and while a milestone is open, when each PC's
view lists the powers it may buy or change (``package_offers``, every way judged by the
milestone's rules). It prints the document's cost with no milestone, at the first view after a
sheet changed (no offers worked out yet) and at each later view; ``package_offers`` itself per
PC. Issue 41 measured 2.5 ms against about 48 ms a GM's document; with the offers worked out once
per sheet and rule set (and each bought package's grants once per rule set) a later view is back
near the first figure. Run it with another checkout's Python for that checkout's figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import statistics
import sys
import time
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.append(
    str(Path(__file__).resolve().parents[1])
)  # an installed fatekit (another checkout) first

from fatekit.table.export import import_table
from fatekit.table.extras import document_for
from fatekit.table.fold import apply
from fatekit.table.seats import Role
from fatekit.table.state import TableState

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden_tables" / "evening-condensed.json"


def states(golden: Path = GOLDEN) -> list[TableState]:
    """The golden evening at each of its versions, with a sixth seat (a player, Dee)."""
    from fatekit.table.events import SeatAdded

    events = list(import_table(json.loads(golden.read_text("utf-8"))["export"]).events)
    seated = max(i for i, e in enumerate(events) if isinstance(e, SeatAdded))
    extra = dataclasses.replace(events[seated], seat_id="dee", role=Role.PLAYER, name="Dee")
    events.insert(seated + 1, extra)
    events = [dataclasses.replace(e, version=i) for i, e in enumerate(events, 1)]
    found: list[TableState] = []
    state: TableState | None = None
    for index, event in enumerate(events):
        state = apply(state, event, history=events[: index + 1])
        found.append(state)
    assert len(found[-1].seats) == 6, found[-1].seats
    return found


def timed(label: str, rounds: int, count: int, run: Callable[[], object]) -> float:
    """The median of ``rounds`` runs of ``run``, in microseconds per document."""
    runs = []
    for _ in range(rounds):
        began = time.perf_counter()
        run()
        runs.append((time.perf_counter() - began) / count * 1e6)
    median = statistics.median(runs)
    print(f"  {label:<54} {median:8.1f} µs")
    return median


# -- the candidates: the same parts, made with each library ------------------------------------


class Recipe:
    """A part to build: its struct class and its fields' recipes (an absent field is left
    out)."""

    __slots__ = ("cls", "fields")

    def __init__(self, cls: type, fields: dict[str, Any]) -> None:
        self.cls, self.fields = cls, fields


def recipe(value: Any) -> Any:
    """What it takes to build ``value`` (a tree of msgspec parts) again."""
    import msgspec

    if isinstance(value, msgspec.Struct):
        fields = {
            name: recipe(getattr(value, name))
            for name in value.__struct_fields__
            if getattr(value, name) is not msgspec.UNSET
        }
        return Recipe(type(value), fields)
    if isinstance(value, list):
        return [recipe(v) for v in value]
    if isinstance(value, dict):
        return {k: recipe(v) for k, v in value.items()}
    return value


def builder(make: Callable[[type, dict[str, Any]], Any]) -> Callable[[Any], Any]:
    def build(value: Any) -> Any:
        if type(value) is Recipe:
            return make(value.cls, {k: build(v) for k, v in value.fields.items()})
        if type(value) is list:
            return [build(v) for v in value]
        if type(value) is dict:
            return {k: build(v) for k, v in value.items()}
        return value

    return build


def _tag(cls: type) -> tuple[str, str] | None:
    config = cls.__struct_config__  # type: ignore[attr-defined]
    return None if config.tag is None else (config.tag_field, config.tag)


def _tags(cls: type) -> dict[str, str]:
    """A tagged union's member's tag, as a field (pydantic leaves out what was not given)."""
    tag = _tag(cls)
    return {} if tag is None else {tag[0]: tag[1]}


def dataclass_of(cls: type, made: dict[type, type]) -> type:
    """A stdlib dataclass with the part's fields (and its tag, for a tagged union's member)."""
    if cls not in made:
        fields: list[Any] = [
            (name, Any, dataclasses.field(default=MISSING)) for name in cls.__struct_fields__
        ]
        tag = _tag(cls)
        if tag is not None:
            fields.insert(0, (tag[0], Any, dataclasses.field(default=tag[1])))
        made[cls] = dataclasses.make_dataclass(cls.__name__, fields, kw_only=True, slots=True)
    return made[cls]


class _Missing:
    """A field left out of the JSON (msgspec's UNSET)."""


MISSING = _Missing()


def codec_to_json(value: object) -> Any:
    """The project's codec (:func:`fatekit.table.codec.to_json`), widened to dicts and to
    fields left out, which the parts need."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: codec_to_json(v)
            for f in dataclasses.fields(value)
            if (v := getattr(value, f.name)) is not MISSING
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [codec_to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: codec_to_json(v) for k, v in value.items()}
    return value


def pydantic_of(cls: type, made: dict[type, type]) -> type:
    """A pydantic model with the part's fields, typed as the part types them (parts as models,
    a field left out as ``None`` not sent)."""
    import msgspec
    import pydantic

    if cls in made:
        return made[cls]
    hints = typing.get_type_hints(cls)
    fields: dict[str, Any] = {}
    tag = _tag(cls)
    if tag is not None:
        fields[tag[0]] = (typing.Literal[tag[1]], ...)  # required: given, so always sent
    for name in cls.__struct_fields__:
        hint = _pydantic_type(hints[name], made)
        default = getattr(cls, "__struct_defaults__", ())
        optional = name in _defaulted(cls)
        fields[name] = (hint | None, None) if optional else (hint, ...)
        del default
    model = pydantic.create_model(cls.__name__, **fields)
    made[cls] = model
    model.model_rebuild(_types_namespace={m.__name__: m for m in made.values()})
    del msgspec
    return model


def _defaulted(cls: type) -> set[str]:
    names = cls.__struct_fields__  # type: ignore[attr-defined]
    defaults = cls.__struct_defaults__  # type: ignore[attr-defined]
    return set(names[len(names) - len(defaults) :]) if defaults else set()


def _pydantic_type(hint: Any, made: dict[type, type]) -> Any:
    import msgspec

    if isinstance(hint, type) and issubclass(hint, msgspec.Struct):
        return pydantic_of(hint, made)
    if hint is msgspec.UnsetType:
        return type(None)
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        members = [_pydantic_type(a, made) for a in typing.get_args(hint)]
        found = members[0]
        for member in members[1:]:
            found = found | member
        return found
    if origin is list:
        return list[_pydantic_type(typing.get_args(hint)[0], made)]  # type: ignore[misc]
    if origin is dict:
        key, value = typing.get_args(hint)
        return dict[key, _pydantic_type(value, made)]  # type: ignore[valid-type]
    if origin is tuple:
        return tuple[tuple(_pydantic_type(a, made) for a in typing.get_args(hint))]  # type: ignore[misc]
    return hint


def same_json(made: Any, meant: Any, path: str = "") -> None:
    """Fail at the first place where a candidate's JSON differs from the parts' own."""
    if isinstance(meant, dict) and isinstance(made, dict):
        assert set(made) == set(meant), (path, sorted(set(made) ^ set(meant)))
        for key, value in meant.items():
            same_json(made[key], value, f"{path}/{key}")
    elif isinstance(meant, list) and isinstance(made, list):
        assert len(made) == len(meant), path
        for index, (one, other) in enumerate(zip(made, meant, strict=True)):
            same_json(one, other, f"{path}/{index}")
    else:
        assert made == meant and type(made) is type(meant), (path, made, meant)


# -- the runs ----------------------------------------------------------------------------------


VENTURE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "venture-city"


class VentureCity:
    """A Venture City table with ``pcs`` PCs (Miles's file under other names), in a session,
    played by commands through the table's own handler."""

    def __init__(self, pcs: int = 4) -> None:
        from fatekit.table import commands as c

        self.state: Any = None
        self.log: list[Any] = []
        self.do(c.CreateTable(name="Venture City", preset="venturecity"))
        miles = json.loads((VENTURE / "miles.character.json").read_text("utf-8"))
        for n in range(pcs):
            seat = f"p{n}"
            self.do(c.AddSeat(seat_id=seat, role=Role.PLAYER, name=f"Player {n}"))
            sheet = dict(miles, id=f"pc{n}", name=f"Flyer {n}")
            self.do(c.AddCharacter(sheet=json.dumps(sheet), owner=seat), seat)
        self.do(c.StartSession())

    def do(self, command: Any, seat: str = "gm") -> None:
        from fatekit.rules import RandomDice
        from fatekit.table import handle

        decision = handle(
            self.state,
            command,
            seat=seat,
            table_id="bench",
            dice=RandomDice(seed=1),
            now="2026-12-07T23:00:00+00:00",
            history=self.log,
        )
        self.state = decision.state
        self.log.extend(decision.events)


def packages_case(rounds: int) -> None:
    """The GM's document at a Venture City table, before and while a milestone is open."""
    import fatekit
    from fatekit.rules.core.clock import Milestone
    from fatekit.table import commands as c
    from fatekit.table.play import advancement

    table = VentureCity()
    pcs = list(table.state.game.pcs)
    where = Path(fatekit.__file__).parents[1]
    print(f"bench_views --packages ({where}): Venture City, {len(pcs)} PCs, the GM's document")
    # Older checkouts work the offers out at every view: they have no memo to clear.
    memo = getattr(advancement, "_OFFERS_MEMO", None)

    def gm_document() -> None:
        json.dumps(document_for(table.state, "gm"), ensure_ascii=False)

    def first_view() -> None:
        if memo is not None:
            memo.clear()  # as after a sheet changed: no offers worked out for it yet
        gm_document()

    def each_pc() -> None:
        if memo is not None:
            memo.clear()
        for pc in pcs:
            advancement.package_offers(table.state, pc, ["SpendMilestone"])

    def ms(label: str, run: Callable[[], object]) -> None:
        runs = []
        for _ in range(rounds):
            began = time.perf_counter()
            run()
            runs.append((time.perf_counter() - began) * 1e3)
        print(f"  {label:<58} {statistics.median(runs):8.2f} ms")

    ms("no milestone open", gm_document)
    table.do(c.EndSession(milestone=Milestone.MINOR))
    ms("a minor milestone open: the first view after a sheet changed", first_view)
    ms("a minor milestone open: each later view", gm_document)
    ms(f"package_offers of the {len(pcs)} PCs, worked out afresh", each_pc)
    pcs = list(table.state.game.pcs)
    offered = sum(
        len(advancement.package_offers(table.state, pc, ["SpendMilestone"])) for pc in pcs
    )
    print(f"  ({offered} package changes offered in all)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only-fatekit", action="store_true")
    parser.add_argument("--table", type=Path, default=GOLDEN, help="the evening (a golden table)")
    parser.add_argument(
        "--packages", action="store_true", help="time a Venture City milestone's offers instead"
    )
    args = parser.parse_args()
    if args.packages:
        packages_case(args.rounds)
        return

    tables = states(args.table)
    seats = list(tables[-1].seats)
    # A seat not yet at the table (early versions) reads nothing.
    reads = [(s, seat) for s in tables for seat in seats if seat in s.seats]
    count = len(reads)
    import fatekit

    where = Path(fatekit.__file__).parents[1]
    print(f"bench_views ({where}): {len(tables)} versions of a 6-seat evening, {count} documents")

    def fatekit_today() -> None:
        for state, seat in reads:
            json.dumps(document_for(state, seat), ensure_ascii=False)

    timed(
        "fatekit: build, JSON values, text (what the hub does)", args.rounds, count, fatekit_today
    )
    if args.only_fatekit:
        return

    import msgspec
    import pydantic

    from fatekit.table.extras import seat_document

    def parts_only() -> None:
        for state, seat in reads:
            seat_document(state, seat)

    timed("fatekit: build the typed parts from the state", args.rounds, count, parts_only)
    documents = [seat_document(state, seat) for state, seat in reads]
    recipes = [recipe(d) for d in documents]
    print(f"  ({sum(len(msgspec.json.encode(d)) for d in documents) // count} bytes a document)")

    print("rebuilding the same documents from their values, and encoding them:")
    results: dict[str, tuple[float, float]] = {}
    walk_only = builder(lambda cls, fields: fields)
    walk = timed(
        "the walk alone (the same in each build below)",
        args.rounds,
        count,
        lambda: [walk_only(r) for r in recipes],
    )

    build_msgspec = builder(lambda cls, fields: cls(**fields))
    built = [build_msgspec(r) for r in recipes]
    assert [msgspec.json.encode(b) for b in built] == [msgspec.json.encode(d) for d in documents]
    results["msgspec"] = (
        timed("msgspec: build", args.rounds, count, lambda: [build_msgspec(r) for r in recipes]),
        timed(
            "msgspec: encode (msgspec.json.encode)",
            args.rounds,
            count,
            lambda: [msgspec.json.encode(b) for b in built],
        ),
    )

    dataclasses_made: dict[type, type] = {}
    build_dataclass = builder(lambda cls, fields: dataclass_of(cls, dataclasses_made)(**fields))
    built_dc = [build_dataclass(r) for r in recipes]
    same = [json.loads(json.dumps(codec_to_json(b))) for b in built_dc]
    assert same == [msgspec.to_builtins(d) for d in documents]
    results["dataclasses + codec"] = (
        timed(
            "dataclasses: build", args.rounds, count, lambda: [build_dataclass(r) for r in recipes]
        ),
        timed(
            "dataclasses: encode (codec to_json + json.dumps)",
            args.rounds,
            count,
            lambda: [json.dumps(codec_to_json(b)) for b in built_dc],
        ),
    )

    models: dict[type, type] = {}
    for document in documents[:1]:
        pydantic_of(type(document), models)
    build_valid = builder(lambda cls, fields: pydantic_of(cls, models)(**fields, **_tags(cls)))
    build_construct = builder(
        lambda cls, fields: pydantic_of(cls, models).model_construct(**fields, **_tags(cls))
    )
    built_py = [build_valid(r) for r in recipes]
    for made, document in zip(built_py, documents, strict=True):
        same_json(
            json.loads(made.model_dump_json(exclude_unset=True)), msgspec.to_builtins(document)
        )
    results["pydantic (validated)"] = (
        timed(
            "pydantic: build, validated",
            args.rounds,
            count,
            lambda: [build_valid(r) for r in recipes],
        ),
        timed(
            "pydantic: encode (model_dump_json)",
            args.rounds,
            count,
            lambda: [b.model_dump_json(exclude_unset=True) for b in built_py],
        ),
    )
    results["pydantic (model_construct)"] = (
        timed(
            "pydantic: build, model_construct (no validation)",
            args.rounds,
            count,
            lambda: [build_construct(r) for r in recipes],
        ),
        results["pydantic (validated)"][1],
    )
    del pydantic

    print(f"per document: build (the same walk, {walk:.0f} µs, included), encode, both:")
    best = min(sum(v) for v in results.values())
    for name, (build, encode) in sorted(results.items(), key=lambda kv: sum(kv[1])):
        both = build + encode
        print(f"  {name:<28} {build:8.1f} {encode:8.1f} {both:8.1f} µs  ({both / best:4.1f}×)")


if __name__ == "__main__":
    main()
