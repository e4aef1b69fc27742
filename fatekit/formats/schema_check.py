"""Checking JSON documents against fatekit's own schemas, with messages a person can act on.

fatekit publishes its file formats as JSON Schema (draft 2020-12) and checks every file against
the very same schema before reading it, so the published schema and the reader cannot drift
apart. The checking is done by the ``jsonschema`` library; this module only turns its errors
into short lines that say where the bad value is (``$.stunts[0].effect.type``) and what is wrong
with it, and picks the useful errors out of a failed ``oneOf``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, cast

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry
from referencing.jsonschema import DRAFT202012

__all__ = ["NOT_BLANK", "check_schema", "errors"]

# The ``pattern`` of a text that must hold something besides white space.
NOT_BLANK = r"\S"

# Keywords that only annotate a schema; every other keyword must be one the library checks.
_ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "default"})
# ``then`` and ``else`` are checked by ``if``, which the library lists alone.
_KEYWORDS = frozenset(Draft202012Validator.VALIDATORS) | _ANNOTATIONS | {"then", "else"}
# Where sub-schemas sit inside a schema (by name, by list, or as one schema).
_SCHEMA_MAPS = ("properties", "$defs", "patternProperties")
_SCHEMA_LISTS = ("oneOf", "anyOf", "allOf", "prefixItems")
_SCHEMA_ONES = ("items", "additionalProperties", "not", "if", "then", "else", "contains")


def check_schema(schema: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` unless ``schema`` is a valid draft 2020-12 schema using only keywords
    that are checked (a misspelt keyword would otherwise be ignored without a word)."""
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # the library's SchemaError, whatever its form
        raise ValueError(f"not a valid JSON Schema: {error}") from None
    _check_keywords(schema, "#")


def _check_keywords(schema: Any, where: str) -> None:
    if not isinstance(schema, Mapping):
        return
    unknown = set(schema) - _KEYWORDS
    if unknown:
        raise ValueError(f"{where}: keywords nothing checks: {sorted(unknown)}")
    for name in _SCHEMA_MAPS:
        for key, sub in schema.get(name, {}).items():
            _check_keywords(sub, f"{where}/{name}/{key}")
    for name in _SCHEMA_LISTS:
        for index, sub in enumerate(schema.get(name, [])):
            _check_keywords(sub, f"{where}/{name}/{index}")
    for name in _SCHEMA_ONES:
        _check_keywords(schema.get(name), f"{where}/{name}")


def errors(instance: Any, schema: Mapping[str, Any]) -> list[str]:
    """Every way ``instance`` fails ``schema``, each as ``"$.path: what is wrong"``."""
    validator = _validator_for(schema)
    found: list[str] = []
    for error in sorted(validator.iter_errors(instance), key=_order):
        for line in _describe(error):
            if line not in found:
                found.append(line)
    return found


#: Validators made for the schemas checked lately (the published schemas are module constants, so
#: a table's replay builds each once, not once per character it folds), by the schema's identity.
_MADE: dict[int, tuple[Mapping[str, Any], Draft202012Validator]] = {}
_KEEP = 8


def _validator_for(schema: Mapping[str, Any]) -> Draft202012Validator:
    """The validator of ``schema`` (see :func:`_make_validator`), made once per schema object."""
    found = _MADE.get(id(schema))
    if found is not None and found[0] is schema:
        return found[1]
    made = _make_validator(schema)
    if len(_MADE) >= _KEEP:
        _MADE.pop(next(iter(_MADE)))
    _MADE[id(schema)] = (schema, made)
    return made


def _make_validator(schema: Mapping[str, Any]) -> Draft202012Validator:
    """A draft 2020-12 validator whose ``oneOf`` tries the form a tagged value names first.

    A table file is a list of events, each one of some eighty forms told apart by ``type``; the
    plain ``oneOf`` checks every event against every form, which took seconds for a long game.
    When the one form whose ``type`` constant equals the value's tag accepts it, every other form
    must refuse it (their constant differs), so that form alone decides. Anything else, and every
    value that fails, goes through the library's own ``oneOf``, errors and all.
    """
    base = str(schema.get("$id", ""))
    registry: Registry[Any] = Registry().with_resource(base, DRAFT202012.create_resource(schema))
    resolver = registry.resolver(base)
    tags: dict[int, list[str | None]] = {}
    plain_one_of = Draft202012Validator.VALIDATORS["oneOf"]

    def tag_of(form: Any) -> str | None:
        while isinstance(form, Mapping) and "$ref" in form:
            form = resolver.lookup(form["$ref"]).contents
        if not isinstance(form, Mapping):
            return None
        tag = form.get("properties", {}).get("type", {}).get("const")
        return tag if isinstance(tag, str) else None

    def one_of(
        validator: Draft202012Validator,
        forms: Sequence[Any],
        instance: Any,
        schema: Mapping[str, Any],
    ) -> Iterator[ValidationError]:
        if isinstance(instance, dict) and isinstance(instance.get("type"), str):
            known = tags.get(id(forms))
            if known is None:
                known = tags[id(forms)] = [tag_of(f) for f in forms]
            named = [i for i, tag in enumerate(known) if tag == instance["type"]]
            if len(named) == 1 and known.count(None) == 0:
                index = named[0]
                if next(validator.descend(instance, forms[index], schema_path=index), None) is None:
                    return
        yield from plain_one_of(validator, forms, instance, schema)

    # The library's stubs leave extend() untyped; it returns a validator class like its base.
    extend: Any = validators.extend
    checker = cast(type[Draft202012Validator], extend(Draft202012Validator, {"oneOf": one_of}))
    return checker(schema, registry=registry)


def _order(error: ValidationError) -> tuple[tuple[int, str], ...]:
    # Report in document order: parents before their children, items by index.
    return tuple((p, "") if isinstance(p, int) else (0, p) for p in error.absolute_path)


def _path(parts: Iterable[str | int]) -> str:
    text = "$"
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"  # JSON booleans are not numbers
    names = {dict: "object", list: "array", str: "string", int: "integer", float: "number"}
    return next((n for k, n in names.items() if isinstance(value, k)), type(value).__name__)


#: What is wrong with a value (given it and the keyword's value) that failed a keyword whose
#: failure one line says.
_SAYS: dict[str, Callable[[Any, Any], str]] = {
    "const": lambda value, rule: f"must be {rule!r}",
    "enum": lambda value, rule: f"{value!r} is not one of {', '.join(repr(v) for v in rule)}",
    "minimum": lambda value, rule: f"{value} is less than {rule}",
    "maximum": lambda value, rule: f"{value} is more than {rule}",
    "minLength": lambda value, rule: "must not be empty",
    "minItems": lambda value, rule: f"needs at least {rule} items",
    "maxItems": lambda value, rule: f"has more than {rule} items",
}


def _describe(error: ValidationError) -> list[str]:
    """The lines that tell a person what is wrong with one failed keyword."""
    where = _path(error.absolute_path)
    # The library types these loosely (they may be unset); here each failed keyword sets them.
    value: Any = error.instance
    rule: Any = error.validator_value
    kind: Any = error.validator
    schema: Any = error.schema
    if kind == "type":
        allowed = [rule] if isinstance(rule, str) else list(rule)
        return [f"{where}: expected {' or '.join(allowed)}, got {_type_name(value)}"]
    if kind in _SAYS:
        return [f"{where}: {_SAYS[kind](value, rule)}"]
    if kind == "pattern" and rule == NOT_BLANK:
        return [f"{where}: must not be empty or blank"]
    if kind == "required":
        return [f"{where}: missing {name!r}" for name in rule if name not in value]
    if kind == "additionalProperties" and rule is False:
        known = list(schema.get("properties", {}))
        listed = ", ".join(known) or "none"
        return [
            f"{where}: unknown field {name!r} (known fields: {listed})"
            for name in value
            if name not in known
        ]
    if kind == "oneOf":
        return _describe_one_of(error)
    return [f"{where}: {error.message}"]


def _describe_one_of(error: ValidationError) -> list[str]:
    """A value that fits none of the forms: name the form it was meant to be, where one can tell."""
    where = _path(error.absolute_path)
    forms = len(cast(list[Any], error.validator_value))
    if not error.context:
        return [f"{where}: must match exactly one of {forms} forms, matches more than one"]
    failures: dict[int, list[ValidationError]] = {}
    for sub in error.context:
        failures.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
    value: Any = error.instance
    # A tagged union ({"type": "..."}): the forms whose tag differs fail on that tag alone.
    if isinstance(value, dict) and "type" in value:
        tags = {
            form: [e for e in subs if e.validator == "const" and list(e.relative_path) == ["type"]]
            for form, subs in failures.items()
        }
        untagged = [form for form, found in tags.items() if not found]
        if len(failures) == forms and len(untagged) == 1:
            return _describe_all(failures[untagged[0]])
        if len(failures) == forms and not untagged:
            known = ", ".join(repr(found[0].validator_value) for found in tags.values())
            return [f"{where}.type: {value['type']!r} is not one of {known}"]
    # Only one form accepts this JSON type (null or an object, say): its errors are the useful ones.
    fitting = [
        form
        for form, subs in failures.items()
        if not any(e.validator == "type" and not e.relative_path for e in subs)
    ]
    if len(failures) == forms and len(fitting) == 1:
        return _describe_all(failures[fitting[0]])
    return [f"{where}: must match exactly one of {forms} forms, matches none"]


def _describe_all(found: list[ValidationError]) -> list[str]:
    return [line for error in sorted(found, key=_order) for line in _describe(error)]
