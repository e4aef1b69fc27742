"""Why the engine leaves a part of a book to the group: the reasons the surveys share."""

from __future__ import annotations

__all__ = [
    "ABOUT",
    "ADVICE",
    "ASPECT_CRAFT",
    "CHAPTER",
    "EXAMPLES",
    "EXTRAS",
    "OVERVIEW",
    "SAFETY",
    "SCENARIOS",
    "SETTING",
    "SKILL_JUDGEMENT",
]

CHAPTER = "the chapter's opening: its sections follow"
ABOUT = "about the book, its authors and its licence: nothing to play"
OVERVIEW = "an overview of rules the later sections give in full (played there)"
ADVICE = (
    "advice on running and playing the game: judgement the table exercises, not a rule the "
    "engine could check"
)
ASPECT_CRAFT = "how to word a good aspect: the players' craft (the sheet holds whatever they write)"
SETTING = (
    "building the world together: the group decides it, the setting page and its aspects hold "
    "what they agree"
)
SCENARIOS = (
    "how the GM builds scenarios, arcs and campaigns: preparation the GM's screen and "
    "prepared scenes hold, never a rule"
)
SKILL_JUDGEMENT = (
    "what each skill may do in the story is the GM's judgement; the engine knows which skills "
    "attack, defend, order a conflict, add stress boxes and treat consequences"
)
EXTRAS = (
    "an extra is written with the parts a sheet already has (aspects, skills, stunts, stress, "
    "an extra character); its permissions and costs are the group's to agree"
)
EXAMPLES = "a worked example: its rules are played where the sections above give them"
SAFETY = "safety at the table is the people's: the engine offers the tools the group chose"
