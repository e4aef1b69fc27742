"""Fate Accelerated Edition, chapter by chapter: what the Fate Accelerated preset plays of it."""

from __future__ import annotations

from fatekit.rules.books.reasons import ABOUT, ADVICE, ASPECT_CRAFT, EXAMPLES, SCENARIOS
from fatekit.rules.books.survey import Book, left, played
from fatekit.rules.core.citations import FAE_BOOK

__all__ = ["ACCELERATED"]

_W = "Who Do You Want To Be? > How Do I Make the Character?"
_H = "HowTo Do Stuff: Outcomes, Actions, and Approaches"
_X = "Challenges, Contests, and Conflicts"
_D = "Ouch! Damage, Stress, and Consequences"
_A = "Aspects and Fate Points"
_G = "Getting Better at Doing Stuff: Character Advancement > Milestones"

ACCELERATED = Book(
    FAE_BOOK,
    "Fate Accelerated Edition",
    top=1,
    depth=3,
    style="html",
    sections=(
        left("Fate Accelerated Edition", ABOUT),
        played(
            "Get Started!",
            "dice.four-fate-dice",
            "dice.six-sided",
            group="the Deck of Fate is not offered; dice, six-sided dice or faces entered by "
            "hand are",
        ),
        left("Telling Stories Together", ADVICE),
        played(
            "Who Do You Want To Be?",
            "preset.fae.approaches",
            "character.aspect-slots",
            group=ASPECT_CRAFT,
            whole=False,
        ),
        left("Who Do You Want To Be? > What Kind of Characters Can I Play?", ADVICE),
        played(
            _W,
            "character.aspect-slots",
            "preset.fae.approaches",
            "preset.fae.stress",
            "preset.fae.consequences",
            whole=False,
        ),
        left(f"{_W} > Aspects in a Nutshell", ASPECT_CRAFT),
        played(f"{_W} > High Concept", "character.aspect-slots", group=ASPECT_CRAFT),
        played(f"{_W} > Trouble", "character.aspect-slots", group=ASPECT_CRAFT),
        played(f"{_W} > Another Aspect", "character.aspect-slots", group=ASPECT_CRAFT),
        played(
            f"{_W} > Optional: One or Two Additional Aspects",
            "character.aspect-slots",
            "character.as-you-play",
            group="the preset's sheet has five aspects; a table that starts with three leaves "
            "two empty under character creation as you play",
        ),
        played(
            f"{_W} > Name and Appearance",
            "character.name",
            "preset.fae.approaches",
            group="appearance is the player's; the approaches' ratings are the preset's spread",
        ),
        played(
            f"{_W} > Stunts and Refresh",
            "character.refresh",
            "character.stunts",
            "fate-points.refresh",
            group="how many stunts to start with (one, or three) is the group's to agree; three "
            "are free either way",
        ),
        played(_H, "roll.effort", whole=False),
        played(f"{_H} > Dice or Cards", "dice.four-fate-dice", "dice.six-sided"),
        played(f"{_H} > Outcomes", "roll.outcomes"),
        played(f"{_H} > Actions", "action.overcome", whole=False),
        played(
            f"{_H} > Actions > Create an Advantage",
            "action.create-advantage.new",
            "action.create-advantage.existing",
            "aspect.hidden",
        ),
        played(f"{_H} > Actions > Overcome", "action.overcome", "aspect.remove-overcome"),
        played(f"{_H} > Actions > Attack", "action.attack"),
        played(f"{_H} > Actions > Defend", "action.defend"),
        played(
            f"{_H} > Actions > Getting Help",
            "teamwork.combine-skills",
            group="Fate Accelerated gives +1 a helping ally, as many as the GM allows; fatekit "
            "counts helpers with Average (+1) or better in the approach and caps the bonus at "
            "the roller's rating, as Fate Condensed does",
        ),
        played(
            f"{_H} > Choose Your Approach",
            "preset.fae.approaches",
            group="which approach fits the action described is the group's to judge",
        ),
        played(f"{_H} > Roll the Dice, Add Your Bonus", "roll.effort", "stunt.bonus"),
        played(f"{_H} > Decide Whether to Modify the Roll", "invoke.effects"),
        played(_X, "challenge.tasks", "contest.victories", whole=False),
        played(f"{_X} > Challenges", "challenge.tasks"),
        played(f"{_X} > Contests", "contest.victories", "contest.twist"),
        played(f"{_X} > Conflicts", "conflict.exchange", whole=False),
        played(
            f"{_X} > Conflicts > Setting the Scene",
            "scene.setup",
            "zone.interact",
            "zone.ranged",
            "zone.free-move",
            "zone.move-roll",
        ),
        played(
            f"{_X} > Conflicts > Determine Turn Order",
            "turn-order.approaches",
            group="the GM may let every NPC act at the turn of the NPC best placed, as the book "
            "suggests, by ending their turns in a row",
        ),
        played(f"{_X} > Conflicts > Exchanges", "conflict.exchange", "conflict.end"),
        played(
            _D,
            "harm.absorb",
            "conflict.taken-out",
            "stress.fae-any-box",
            "stress.kind-of-harm",
            whole=False,
        ),
        played(
            f"{_D} > What Is Stress?",
            "stress.fae-any-box",
            "preset.fae.stress",
            "harm.only-as-needed",
        ),
        played(
            f"{_D} > What Are Consequences?",
            "preset.fae.consequences",
            "consequence.slots",
            "consequence.aspect",
        ),
        played(
            f"{_D} > What Happens When I Get Taken Out?",
            "conflict.taken-out",
            group="what happens to the character is the winner's to narrate",
        ),
        played(
            f"{_D} > Giving In",
            "conflict.concede-timing",
            "conflict.concede-reward",
            group="the concession's terms are the players' to agree",
        ),
        played(
            f"{_D} > Getting Better—Recovering from Stress and Consequences",
            "recovery.stress",
            "recovery.time",
            "recovery.fae-scenario",
            "advancement.fae-clears",
            group="Fate Accelerated asks for a reason to recover rather than a roll; fatekit "
            "keeps the treatment roll (any approach treats), and the times: mild after the "
            "scene, moderate after a session, severe after the scenario",
        ),
        played(
            _A,
            "fate-points.refresh",
            "fate-points.never-negative",
            "aspect.situation-lifetime",
            whole=False,
        ),
        played(
            f"{_A} > What Kinds of Aspects Are There?",
            "aspect.situation-lifetime",
            "aspect.remove-overcome",
            "consequence.aspect",
            "aspect.boost",
            "invoke.hostile",
            whole=True,
        ),
        played(f"{_A} > What Do You Do With Aspects?", "invoke.effects", whole=False),
        played(
            f"{_A} > What Do You Do With Aspects? > Invoking Aspects",
            "invoke.effects",
            "invoke.paid-once-per-roll",
            "invoke.after-the-dice",
            "invoke.free-invokes-stack",
            "aspect.free-invoke-holder",
            "aspect.hidden",
        ),
        played(
            f"{_A} > What Do You Do With Aspects? > Compelling Aspects",
            "compel.offer",
            "compel.refuse",
            "compel.self",
            "compel.kinds",
            "fate-points.gm-pool",
        ),
        played(
            f"{_A} > What Do You Do With Aspects? > Establishing Facts",
            "invoke.story-detail",
            group="an aspect's plain truth costs nothing: the group agrees on it",
        ),
        left(f"{_A} > Composing Good Aspects", ASPECT_CRAFT),
        played(
            "Stunts",
            "stunt.bonus",
            "stunt.uses",
            "stunt.rule-changing",
            "character.stunts",
            group="how a stunt is worded is the player's craft",
        ),
        played(
            "Getting Better at Doing Stuff: Character Advancement",
            "advancement.milestone",
            whole=False,
        ),
        played(
            "Getting Better at Doing Stuff: Character Advancement > Milestones",
            "advancement.milestone",
            group="when a milestone comes is the GM's call (a session's, a scenario's or an "
            "arc's end, as the page offers it)",
            whole=False,
        ),
        played(
            f"{_G} > Minor Milestones",
            "advancement.milestone",
            "advancement.fae-clears",
        ),
        played(
            f"{_G} > Significant Milestones",
            "advancement.significant",
            "advancement.approach-cap",
            "advancement.fae-clears",
        ),
        played(f"{_G} > Major Milestones", "advancement.major"),
        left("Being the GM", ADVICE, whole=False),
        left("Being the GM > Help Build Campaigns", SCENARIOS),
        left("Being the GM > Build Scenarios and Run Game Sessions", SCENARIOS),
        played("Being the GM > Setting Difficulty Levels", "difficulty.guidance", whole=True),
        played(
            "Being the GM > Bad Guys",
            "character.minor-npc",
            "character.major-npc",
            "character.mob",
            "fate-points.gm-pool",
            group="a mook is a minor NPC with free-text skills at +2 and -2 and up to two boxes; "
            "a group of mooks is one such NPC with a box for every two members, or a mob; how "
            "tough to make a foe is the GM's judgement",
        ),
        left("Example Characters", EXAMPLES),
    ),
)
