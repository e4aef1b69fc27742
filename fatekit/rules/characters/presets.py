"""The built-in presets: Fate Condensed, Fate Core, Fate Accelerated, Öde, War of Ashes and The
Three Rocketeers, Venture City and Atomic Robo.

Each is a rule-set file shipped in the package (``rulesets/*.json`` beside this module), read by
:func:`~fatekit.rules.characters.ruleset_data.preset_from_data` exactly as a group's own hack is,
so there is one way a preset comes to be. ``fatekit ruleset show core`` prints one. The classes a
preset is made of, and the engine's hooks on it, are in :mod:`fatekit.rules.characters.preset`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources

from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.ruleset_data import preset_from_data
from fatekit.rules.core.errors import BadInput

__all__ = [
    "ACCELERATED",
    "APPROACH_PRESETS",
    "ATOMIC_PRESET",
    "BUILTIN_KEYS",
    "CONDENSED_PRESET",
    "CORE_PRESET",
    "DEFAULT_PRESET",
    "ODE_PRESET",
    "PRESETS",
    "ROCKETEERS_PRESET",
    "VENTURE_PRESET",
    "WOA_PRESET",
    "as_preset",
    "builtin_text",
    "get_preset",
]

#: The built-in rule sets, in the order they are offered; Fate Condensed is the default.
#: War of Ashes (``woa``) is Fate Accelerated's sheet with weight switched on: the War of Ashes
#: SRD plays its rules with Fate Accelerated's approaches and gives no sheet of its own.
#: The Three Rocketeers (``rocketeers``): PCs count their aspects instead of rolling skills; NPCs
#: roll Fate Accelerated's approaches, as its No-Skill Swashbuckling SRD says.
#: Venture City (``venturecity``): Fate Core with powers bought as packages of stunts.
#: Atomic Robo (``atomicrobo``): skills bought in modes (Action, Banter, Intrigue, Science).
BUILTIN_KEYS = (
    "condensed",
    "core",
    "fae",
    "ode",
    "woa",
    "rocketeers",
    "venturecity",
    "atomicrobo",
)


def builtin_text(key: str) -> str:
    """The shipped rule-set file of a built-in preset, as text."""
    if key not in BUILTIN_KEYS:
        raise BadInput(f"no built-in rule set {key!r}; choose one of: {', '.join(BUILTIN_KEYS)}")
    return (resources.files(__package__) / "rulesets" / f"{key}.json").read_text("utf-8")


#: The built-in presets by key.
PRESETS: Mapping[str, Preset] = {
    key: preset_from_data(json.loads(builtin_text(key))) for key in BUILTIN_KEYS
}
CONDENSED_PRESET = PRESETS["condensed"]
CORE_PRESET = PRESETS["core"]
ACCELERATED = PRESETS["fae"]
ODE_PRESET = PRESETS["ode"]
WOA_PRESET = PRESETS["woa"]
ROCKETEERS_PRESET = PRESETS["rocketeers"]
VENTURE_PRESET = PRESETS["venturecity"]
ATOMIC_PRESET = PRESETS["atomicrobo"]
DEFAULT_PRESET = CONDENSED_PRESET
#: The built-ins whose sheet is the six approaches (the catalogs name them ``approach.*``, and a
#: sheet heads them "Approaches"); the page's ``APPROACH_PRESETS`` is this list.
APPROACH_PRESETS = tuple(
    key for key, preset in PRESETS.items() if preset.skill_lists[0].key == "approaches"
)

_ALIASES = {
    "fate-condensed": "condensed",
    "fate-core": "core",
    "accelerated": "fae",
    "fate-accelerated": "fae",
    "öde": "ode",
    "war-of-ashes": "woa",
    "war_of_ashes": "woa",
    "three-rocketeers": "rocketeers",
    "the-three-rocketeers": "rocketeers",
    "venture-city": "venturecity",
    "venture_city": "venturecity",
    "atomic-robo": "atomicrobo",
    "atomic_robo": "atomicrobo",
}


def get_preset(key: str) -> Preset:
    """A built-in preset by key (``condensed``, ``core``, ``fae``, ``ode``, ``woa``,
    ``rocketeers``, ``venturecity``, ``atomicrobo``) or a common alias."""
    wanted = key.strip().casefold()
    found = PRESETS.get(_ALIASES.get(wanted, wanted))
    if found is None:
        raise BadInput(
            f"unknown preset {key!r}; choose one of: {', '.join(PRESETS)}, or give the file of "
            "a rule set of your own (--ruleset FILE)"
        )
    return found


def as_preset(preset: Preset | str) -> Preset:
    """``preset`` itself, or the built-in one it names (see :func:`get_preset`)."""
    return get_preset(preset) if isinstance(preset, str) else preset
