"""A small JSON Schema checker for the subset of keywords fatekit's own schemas use.

fatekit publishes its file formats as JSON Schema (draft 2020-12) and checks files against the
very same schema before reading them, so the published schema and the reader cannot drift apart.
Only the keywords below are understood; :func:`check_schema_keywords` rejects a schema using any
other, so a new keyword cannot be silently ignored.

Supported: ``type`` (one or a list), ``properties``, ``required``, ``additionalProperties``
(``false`` or a schema), ``items``, ``enum``, ``const``, ``minimum``, ``maximum``, ``minLength``,
``minItems``, ``maxItems``, ``oneOf`` and local ``$ref`` (``#/$defs/name``), plus the annotations
``$schema``, ``$id``, ``$defs``, ``title``, ``description`` and ``default``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["check_schema_keywords", "errors"]

_KEYWORDS = frozenset(
    {
        "type",
        "properties",
        "required",
        "additionalProperties",
        "items",
        "enum",
        "const",
        "minimum",
        "maximum",
        "minLength",
        "minItems",
        "maxItems",
        "oneOf",
        "$ref",
        "$schema",
        "$id",
        "$defs",
        "title",
        "description",
        "default",
    }
)

_TYPES: Mapping[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def check_schema_keywords(schema: Any, where: str = "#") -> None:
    """Raise ``ValueError`` if the schema uses a keyword this checker does not understand."""
    if isinstance(schema, dict):
        unknown = set(schema) - _KEYWORDS
        if unknown:
            raise ValueError(f"{where}: unsupported schema keywords {sorted(unknown)}")
        for name in ("properties", "$defs"):
            for key, sub in schema.get(name, {}).items():
                check_schema_keywords(sub, f"{where}/{name}/{key}")
        for name in ("items", "additionalProperties"):
            if isinstance(schema.get(name), dict):
                check_schema_keywords(schema[name], f"{where}/{name}")
        for i, sub in enumerate(schema.get("oneOf", [])):
            check_schema_keywords(sub, f"{where}/oneOf/{i}")


def errors(instance: Any, schema: Mapping[str, Any]) -> list[str]:
    """Every way ``instance`` fails ``schema``, each as ``"$.path: what is wrong"``."""
    found: list[str] = []
    _check(instance, schema, schema, "$", found)
    return found


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    for name, kinds in _TYPES.items():
        if name != "number" and isinstance(value, kinds):
            return name
    return "number" if isinstance(value, float) else type(value).__name__


def _is(value: Any, kind: str) -> bool:
    if isinstance(value, bool):
        return kind == "boolean"  # JSON booleans are not numbers
    return isinstance(value, _TYPES[kind])


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/$defs/"):
            raise ValueError(f"only local references are supported, not {ref!r}")
        schema = root["$defs"][ref.removeprefix("#/$defs/")]
    return schema


def _check(
    value: Any, schema: Mapping[str, Any], root: Mapping[str, Any], path: str, found: list[str]
) -> None:
    schema = _resolve(schema, root)
    kinds = schema.get("type")
    if kinds is not None:
        allowed = [kinds] if isinstance(kinds, str) else list(kinds)
        if not any(_is(value, k) for k in allowed):
            found.append(f"{path}: expected {' or '.join(allowed)}, got {_type_name(value)}")
            return
    if "const" in schema and value != schema["const"]:
        found.append(f"{path}: must be {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        choices = ", ".join(repr(v) for v in schema["enum"])
        found.append(f"{path}: {value!r} is not one of {choices}")
    if _is(value, "number") and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            found.append(f"{path}: {value} is less than {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            found.append(f"{path}: {value} is more than {schema['maximum']}")
    if isinstance(value, str) and len(value.strip()) < schema.get("minLength", 0):
        found.append(f"{path}: must not be empty")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append(f"{path}: needs at least {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            found.append(f"{path}: has more than {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(value):
                _check(item, schema["items"], root, f"{path}[{i}]", found)
    if isinstance(value, dict):
        _check_object(value, schema, root, path, found)
    if "oneOf" in schema:
        _check_one_of(value, schema["oneOf"], root, path, found)


def _check_object(
    value: dict[str, Any],
    schema: Mapping[str, Any],
    root: Mapping[str, Any],
    path: str,
    found: list[str],
) -> None:
    properties = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in value:
            found.append(f"{path}: missing {name!r}")
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        where = f"{path}.{name}"
        if name in properties:
            _check(item, properties[name], root, where, found)
        elif extra is False:
            known = ", ".join(properties) or "none"
            found.append(f"{path}: unknown field {name!r} (known fields: {known})")
        elif isinstance(extra, dict):
            _check(item, extra, root, where, found)


def _check_one_of(
    value: Any,
    options: list[Mapping[str, Any]],
    root: Mapping[str, Any],
    path: str,
    found: list[str],
) -> None:
    # A tagged union ({"type": "..."}): report the errors of the branch the tag names.
    if isinstance(value, dict) and "type" in value:
        for option in options:
            tag = _resolve(option, root).get("properties", {}).get("type", {}).get("const")
            if tag == value["type"]:
                _check(value, option, root, path, found)
                return
        tags = [
            _resolve(o, root).get("properties", {}).get("type", {}).get("const") for o in options
        ]
        known = ", ".join(repr(t) for t in tags if t is not None)
        if known:
            found.append(f"{path}.type: {value['type']!r} is not one of {known}")
            return
    # Only one form accepts this JSON type (null or an object, say): its errors are the useful ones.
    fitting = [o for o in options if _accepts_type(value, _resolve(o, root))]
    if len(fitting) == 1:
        _check(value, fitting[0], root, path, found)
        return
    matching = 0
    for option in options:
        trial: list[str] = []
        _check(value, option, root, path, trial)
        matching += not trial
    if matching != 1:
        found.append(f"{path}: must match exactly one of {len(options)} forms, matches {matching}")


def _accepts_type(value: Any, schema: Mapping[str, Any]) -> bool:
    kinds = schema.get("type")
    if kinds is None:
        if "enum" in schema:
            return any(_type_name(value) == _type_name(e) for e in schema["enum"])
        return True
    allowed = [kinds] if isinstance(kinds, str) else list(kinds)
    return any(_is(value, k) for k in allowed)
