"""Öde – Kortfattad version: where the Swedish edition of Fate Condensed writes each rule an Öde
table plays, so that a refusal there cites the Swedish text. (Öde is Fate Condensed with its own
skill list and stress table; the Fate Condensed survey says what is played of the book.)"""

from __future__ import annotations

from fatekit.rules.books.survey import Book, played
from fatekit.rules.core.citations import ODE

__all__ = ["ODE_TEXT"]

_K = "Skapa karaktär"
_U = "Utföra handling, rulla tärning"
_F = "Fakta och ödespoäng"
_V = "Fakta och ödespoäng > Vad kan jag göra med fakta?"
_S = "Utmaningar, konflikter och strid"
_KA = "Utmaningar, konflikter och strid > Kamp"
_SL = "Att vara spelledare"
_VR = "Valfria regler"
_SK = "Valfria regler > Sätt att bryta mot reglerna för storskurken"

ODE_TEXT = Book(
    ODE,
    "Öde – Kortfattad version",
    top=1,
    depth=0,  # cited from, not surveyed: the Fate Condensed survey covers the book
    style="rst",
    sections=(
        played(
            "Introduktion > Vad behöver jag för att spela?", "dice.four-fate-dice", "dice.six-sided"
        ),
        played(f"{_K}", "setting.define", "character.name"),
        played(f"{_K} > Fakta", "character.aspect-slots"),
        played(
            f"{_K} > Färdigheter",
            "shape.pyramid",
            "character.skills-from-list",
            "ladder",
            "skills.custom-list",
        ),
        played(
            f"{_K} > Stunt",
            "character.stunts",
            "stunt.bonus",
            "stunt.rule-changing",
            "stunt.uses",
            "stunt.extra-stress-or-consequence",
        ),
        played(
            f"{_K} > Stress och konsekvenser",
            "preset.ode.stress",
            "character.consequence-slots",
            "character.superb-extra-mild",
        ),
        played(f"{_K} > Påfyllning", "character.refresh", "fate-points.refresh"),
        played(f"{_U}", "roll.effort"),
        played(f"{_U} > Svårighet och motstånd", "difficulty.guidance"),
        played(
            f"{_U} > Modifiera Tärningen > Åberopa ett faktum",
            "invoke.effects",
            "invoke.paid-once-per-roll",
            "invoke.free-invokes-stack",
        ),
        played(f"{_U} > Modifiera Tärningen > Använda stunt", "stunt.fate-point-cost"),
        played(f"{_U} > Resultat", "roll.outcomes"),
        played(f"{_U} > Handlingar > Övervinna", "action.overcome", "aspect.remove-overcome"),
        played(
            f"{_U} > Handlingar > Skapa ett övertag",
            "action.create-advantage.new",
            "action.create-advantage.existing",
            "aspect.free-invoke-holder",
            "aspect.hidden",
        ),
        played(f"{_U} > Handlingar > Attackera", "action.attack"),
        played(f"{_U} > Handlingar > Försvar", "action.defend"),
        played(
            f"{_U} > Handlingar > Vilka färdigheter kan användas för attack eller försvar?",
            "skills.attack-defend",
            "skills.ranged",
        ),
        played(f"{_F}", "fate-points.never-negative"),
        played(
            f"{_F} > Vilka typer av fakta finns det? > Karaktärsfakta", "character.aspect-slots"
        ),
        played(
            f"{_F} > Vilka typer av fakta finns det? > Situationsfakta",
            "aspect.situation-lifetime",
        ),
        played(f"{_F} > Vilka typer av fakta finns det? > Konsekvenser", "consequence.aspect"),
        played(f"{_F} > Vilka typer av fakta finns det? > Bonus", "aspect.boost"),
        played(f"{_V} > Tjäna ödespoäng", "conflict.concede-reward"),
        played(f"{_V} > Åberopanden > Ellipstricket", "invoke.after-the-dice"),
        played(
            f"{_V} > Åberopanden > Fientligt åberopande",
            "invoke.hostile",
            "fate-points.after-scene",
        ),
        played(
            f"{_V} > Åberopanden > Åberopa för att deklarera detaljer i berättelsen",
            "invoke.story-detail",
        ),
        played(
            f"{_V} > Betvinganden",
            "compel.offer",
            "compel.refuse",
            "compel.self",
            "compel.withdraw",
        ),
        played(f"{_V} > Betvinganden > Händelser och beslut", "compel.kinds"),
        played(
            f"{_F} > Hur kan jag lägga till och ta bort fakta?",
            "aspect.remove-freely",
            "aspect.remove-overcome",
        ),
        played(
            f"{_F} > Andra typer av fakta",
            "aspect.organization",
            "aspect.scenario",
            "aspect.setting",
        ),
        played(
            f"{_S} > Sätta upp scener > Områden",
            "zone.interact",
            "zone.free-move",
            "zone.ranged",
        ),
        played(f"{_S} > Sätta upp scener > Sitationsfakta", "scene.setup"),
        played(f"{_S} > Sätta upp scener > Turordning", "turn-order.elective", "conflict.exchange"),
        played(f"{_S} > Samarbete", "teamwork.combine-skills"),
        played(f"{_S} > Utmaningar", "challenge.tasks"),
        played(
            f"{_S} > Konflikter",
            "contest.victories",
            "contest.twist",
            "contest.roles",
            "contest.difficulty",
            "contest.harm",
            "contest.harm.absorb",
            "contest.harm.whole-side",
            "contest.outside-threat",
        ),
        played(f"{_S} > Konflikter > Skapa övertag under en konflikt", "contest.advantage"),
        played(
            f"{_KA} > Ta skada",
            "harm.absorb",
            "harm.only-as-needed",
            "stress.kind-of-harm",
        ),
        played(f"{_KA} > Ta skada > Stress", "stress.one-point"),
        played(f"{_KA} > Ta skada > Konsekvenser som skada", "consequence.slots"),
        played(f"{_KA} > Ta skada > Bli utslagen", "conflict.taken-out"),
        played(f"{_KA} > Ta skada > Ge upp", "conflict.concede-timing", "conflict.concede-reward"),
        played(f"{_KA} > Avsluta en strid", "conflict.end"),
        played(
            f"{_KA} > Återhämta sig från en konflikt",
            "recovery.stress",
            "recovery.treatment",
            "recovery.time",
            "recovery.treatment-skill",
            "recovery.ode",
            "scene.end",
        ),
        played("Karriär > Milsten", "advancement.milestone"),
        played(
            "Karriär > Genombrott",
            "advancement.breakthrough",
            "advancement.power-up",
            "advancement.breakthrough-clears-by-choice",
        ),
        played(
            "Karriär > Genombrott > Förbättra färdighetsnivåer",
            "skills.column-rule",
            "skills.column-rule.mediocre-uncounted",
            "advancement.banked-steps",
        ),
        played("Karriär > Spelsessioner och vändningar", "recovery.long-arcs"),
        played(f"{_SL} > Sätta svårighetsnivå och motstånd", "difficulty.guidance"),
        played(f"{_SL} > Spelledarpersoner > Huvudspelledarpersoner", "character.major-npc"),
        played(f"{_SL} > Spelledarpersoner > Bispelledarperson", "character.minor-npc"),
        played(
            f"{_SL} > Spelledarpersoner > Monster, storskurken och andra hot",
            "character.monster",
        ),
        played(f"{_SL} > Dina ödespoäng", "fate-points.gm-pool"),
        played(f"{_SL} > Trygghetsverktyg", "safety.tools", "safety.signal-first"),
        played(f"{_VR} > Kondition", "option.conditions"),
        played(f"{_VR} > Kondition > Flytta isär konditioner", "option.conditions.apart"),
        played(
            f"{_VR} > Ändra listan över färdigheter",
            "option.changing-skill-list",
            "ruleset.own-game",
        ),
        played(f"{_VR} > Skapa karaktär under spelets gång", "character.as-you-play"),
        played(
            f"{_VR} > Nedräkningar",
            "countdown.track",
            "countdown.triggers",
            "countdown.outcome",
            "countdown.visibility",
        ),
        played(
            f"{_VR} > Extrema konsekvenser",
            "consequence.extreme",
            "consequence.extreme-no-recovery",
            "consequence.extreme-rename",
        ),
        played(f"{_VR} > Snabbare tävlingar", "option.faster-contests"),
        played(f"{_VR} > Fullt försvar", "option.full-defense"),
        played(f"{_VR} > Hinder", "obstacle.not-attackable"),
        played(
            f"{_VR} > Hinder > Faror",
            "obstacle.hazard.acts",
            "obstacle.hazard.opposition",
            "obstacle.hazard.weapon",
            "obstacle.name-is-aspect",
        ),
        played(
            f"{_VR} > Hinder > Blockeringar",
            "obstacle.block.interference",
            "obstacle.block.removal",
            "obstacle.block.weapon",
            "obstacle.block.forced",
            "obstacle.block.cover",
        ),
        played(f"{_VR} > Hinder > Distraktioner", "obstacle.distraction"),
        played(f"{_VR} > Skala", "scale.levels", "scale.benefit"),
        played(
            f"{_VR} > Skala > Fakta och skala",
            "scale.aspects",
            "scale.supernatural-advantage",
        ),
        played(f"{_VR} > Tidsförskjutningar", "time-shift.steps", "time-shift.wrap"),
        played(
            f"{_SK} > Immunitet genom utmaning eller tävling",
            "big-bad.challenge-immunity",
            "big-bad.contest-immunity",
        ),
        played(f"{_SK} > Underhuggare som rustning", "big-bad.minion-armor"),
        played(
            f"{_SK} > Avslöja det sanna väsendet", "big-bad.true-form", "big-bad.true-form.gentle"
        ),
        played(f"{_SK} > Skala upp", "big-bad.scale-up"),
        played(
            f"{_SK} > Solobonus",
            "big-bad.solo.skill",
            "big-bad.solo.stress-ode",
            "big-bad.solo.amplified-invokes",
            "big-bad.solo.suppressed-invokes",
        ),
        played(f"{_SK} > Hotet är en kartan (eller en hög karaktärer)", "big-bad.threat-map"),
        played(f"{_VR} > Sätt att hantera flera samtidiga mål", "option.multiple-targets"),
        played(
            f"{_VR} > Vapen- och rustningsnivå",
            "option.weapon-armor",
            "option.weapon-armor.range",
        ),
    ),
)
