"""Sheets as a player gets them from each of Fari's Fate templates, in each of its languages.

Test data written from facts about Fari's public templates (fariapp's repository, folders
``Fate Accelerated``, ``Fate Condensed`` and ``Fate Core``): each template's section and block
labels, its skill names and its stress boxes, and the layout its file has. :func:`sheet` builds a
sheet from those facts and fills it in as a player would: aspects, stunts, notes, fate points,
skills, a marked stress box and a written mild consequence. ``migrated`` gives the sheet as Fari
holds it once a player makes a character from the template: Fari migrates every template to its
newest layout (rows of columns) and upper-cases every label but a link's.

Each skill name comes with the fatekit key it stands for: the expected reading, written here
independently of the importer's own tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["GENERAL", "RATINGS", "TEMPLATES", "Template", "general_sheet", "sheet"]


@dataclass(frozen=True)
class Template:
    """One of Fari's Fate templates, as facts: labels, skills (label, fatekit key) and boxes."""

    name: str
    game: str  # fatekit's preset the template is for: fae, condensed or core
    language: str
    layout: int  # the version its file has: 3 (sections with positions), 4 (left/right)
    page: str
    aspects: tuple[str, tuple[str, ...]]
    stunts: tuple[str, tuple[str, ...]]
    other: tuple[str, str]
    points: tuple[str, str]
    credits: tuple[str, tuple[str, ...]] | None
    stress: tuple[str, tuple[tuple[str, str], ...]]
    consequences: tuple[str, tuple[str, str, str]]
    skills: tuple[str, tuple[tuple[str, str], ...]]


_EVIL_HAT = ("Evil Hat Productions",)

TEMPLATES: tuple[Template, ...] = (
    Template(
        "Fate Accelerated",
        "fae",
        "en",
        3,
        "Character",
        ("Aspects", ("High Concept", "Trouble", "Relationship", "Other Aspect", "Other Aspect")),
        ("Stunts & Extras", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("Other", "Notes"),
        ("Fate Points", "Fate Points"),
        ("Credits", _EVIL_HAT),
        ("Stress", (("Stress", "123"),)),
        ("Consequences", ("Mild", "Moderate", "Severe")),
        (
            "Approaches",
            (
                ("Careful", "careful"),
                ("Clever", "clever"),
                ("Forceful", "forceful"),
                ("Flashy", "flashy"),
                ("Quick", "quick"),
                ("Sneaky", "sneaky"),
            ),
        ),
    ),
    Template(
        "Fate Accelerated (DE)",
        "fae",
        "de",
        6,
        "CHARAKTER",
        ("ASPEKTE", ("KONZEPT", "DILEMMA", "ASPEKT", "ASPEKT", "ASPEKT")),
        ("STUNTS & EXTRAS", ("STUNT #1", "STUNT #2", "STUNT #3")),
        ("SONSTIGES", "NOTIZEN"),
        ("ERHOLUNGSRATE", "FATE-PUNKTE"),
        ("CREDITS", ("Evil Hat Productions", "Uhrwerk Verlag")),
        ("STRESS", (("STRESS", "123"),)),
        ("KONSEQUENZEN", ("LEICHT", "MITTEL", "SCHWER")),
        (
            "METHODEN",
            (
                ("FLINK", "quick"),
                ("KRAFTVOLL", "forceful"),
                ("SCHARFSINNIG", "clever"),
                ("SORGFÄLTIG", "careful"),
                ("TOLLKÜHN", "flashy"),
                ("TÜCKISCH", "sneaky"),
            ),
        ),
    ),
    Template(
        "Fate Accelerated (ES)",
        "fae",
        "es",
        4,
        "personaje",
        (
            "Aspects",
            ("concepto principal", "complicación", "relación", "aspecto libre", "aspecto libre"),
        ),
        ("proezas y extras", ("proeza #1", "proeza #2", "proeza #3")),
        ("otro", "notas"),
        ("puntos de destino", "puntos de destino"),
        ("créditos", _EVIL_HAT),
        ("estrés", (("estrés", "123"),)),
        ("consecuencias", ("leve", "moderada", "grave")),
        (
            "estilos",
            (
                ("cauto", "careful"),
                ("furtivo", "sneaky"),
                ("ingenioso", "clever"),
                ("llamativo", "flashy"),
                ("rápido", "quick"),
                ("vigoroso", "forceful"),
            ),
        ),
    ),
    Template(
        "Fate Accelerated (FR)",
        "fae",
        "fr",
        4,
        "personnage",
        ("Aspects", ("concept", "problème", "Relation", "autre Aspect", "autre Aspect")),
        ("prouesses &amp; Extras", ("prouesse n°1", "prouesse N°2", "prouesse n°3")),
        ("divers", "Notes"),
        ("points fate", "points fate"),
        ("source", ("Evil Hat Productions", "FATE SRD FR", "KrisDoC")),
        ("Stress", (("Stress", "123"),)),
        ("Conséquences", ("légère", "Modérée", "grave")),
        (
            "Approches",
            (
                ("astucieux", "clever"),
                ("flamboyant", "flashy"),
                ("puissant", "forceful"),
                ("rapide", "quick"),
                ("soigneux", "careful"),
                ("sournois", "sneaky"),
            ),
        ),
    ),
    Template(
        "Fate Accelerated (PL)",
        "fae",
        "pl",
        4,
        "Tożsamość",
        ("Aspekty", ("Koncepcja ogólna", "Problem", "Aspekt #1", "ASPEKT #2", "ASPEKT #3")),
        ("Sztuczki i atuty", ("sztuczka #1", "sztuczka #2", "sztuczka #3")),
        ("inne", "notatki"),
        ("punkty losu", "punkty losu"),
        None,
        ("Presja", (("Presja", "123"),)),
        ("KOnsekwecje", ("Łagodna", "Umiarkowana", "Poważna")),
        (
            "Postawy",
            (
                ("Podstępna", "sneaky"),
                ("pomysłowa", "clever"),
                ("Siłowa", "forceful"),
                ("szybka", "quick"),
                ("Uważna", "careful"),
                ("Widowiskowa", "flashy"),
            ),
        ),
    ),
    Template(
        "Fate Accelerated (PT-BR)",
        "fae",
        "pt",
        4,
        "Personagem",
        ("Aspectos", ("Conceito", "Problema", "Relações", "aspecto", "aspecto")),
        ("façanhas &amp; extras", ("façanha #1", "façanha #2", "façanha #3")),
        ("outros", "Notas"),
        ("pontos de destino", "pontos de destino"),
        None,
        ("Stress", (("Stress", "123"),)),
        ("Consequências", ("suave", "Moderada", "Severa")),
        (
            "abordagens",
            (
                ("Cuidadoso", "careful"),
                ("esperto", "clever"),
                ("forte", "forceful"),
                ("estiloso", "flashy"),
                ("ágil", "quick"),
                ("Sorrateiro", "sneaky"),
            ),
        ),
    ),
    Template(
        "Fate Condensed",
        "condensed",
        "en",
        3,
        "Character",
        ("Aspects", ("High Concept", "Trouble", "Relationship", "Other Aspect", "Other Aspect")),
        ("Stunts & Extras", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("Other", "Notes"),
        ("Fate Points", "Fate Points"),
        ("Credits", _EVIL_HAT),
        ("Stress", (("Physical", "111"), ("Mental", "111"))),
        ("Consequences", ("Mild", "Moderate", "Severe")),
        (
            "Skills",
            (
                ("Academics", "academics"),
                ("Athletics", "athletics"),
                ("Burglary", "burglary"),
                ("Contacts", "contacts"),
                ("Crafts", "crafts"),
                ("Deceive", "deceive"),
                ("Drive", "drive"),
                ("Empathy", "empathy"),
                ("Fight", "fight"),
                ("Investigate", "investigate"),
                ("Lore", "lore"),
                ("Notice", "notice"),
                ("Physique", "physique"),
                ("Provoke", "provoke"),
                ("Rapport", "rapport"),
                ("Resources", "resources"),
                ("Shoot", "shoot"),
                ("Stealth", "stealth"),
                ("Will", "will"),
            ),
        ),
    ),
    Template(
        "Fate Condensed (DE)",
        "condensed",
        "de",
        4,
        "Charakter",
        ("Aspekte", ("Konzept", "Dilemma", "Beziehung", "Freier Aspekt", "FREIER ASPEKT")),
        ("Stunts & Extras", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("Weiteres", "Notizen"),
        ("Erholungsrate", "Fatepunkte"),
        ("Credits", ("Evil Hat Productions", "Uhrwerk Verlag", "FateRPG.de")),
        ("Stress", (("Körperlich", "111"), ("Geistig", "111"))),
        ("Konsequenzen", ("Leichte", "Mittlere", "Schwere")),
        (
            "Skills",
            (
                ("Athletik", "athletics"),
                ("Bildung", "academics"),
                ("Charisma", "rapport"),
                ("Diebeskünste", "burglary"),
                ("Empathie", "empathy"),
                ("Fahren", "drive"),
                ("Handwerk", "crafts"),
                ("Heimlichkeit", "stealth"),
                ("Kämpfen", "fight"),
                ("Kontakte", "contacts"),
                ("Kraft", "physique"),
                ("Nachforschung", "investigate"),
                ("Provozieren", "provoke"),
                ("Ressourcen", "resources"),
                ("Schießen", "shoot"),
                ("Spezialwissen", "lore"),
                ("Täuschung", "deceive"),
                ("Wahrnehmung", "notice"),
                ("Wille", "will"),
            ),
        ),
    ),
    Template(
        "Fate Condensed (ES)",
        "condensed",
        "es",
        3,
        "Personaje",
        (
            "Aspectos",
            ("Concepto Principal", "Complicación", "Relación", "Aspecto Libre", "ASPECTO LIBRE"),
        ),
        ("Proezas y Extras", ("Proeza #1", "Proeza #2", "Proeza #3")),
        ("Otro", "Notas"),
        ("Puntos de Destino", "Puntos de Destino"),
        None,
        ("Estrés", (("Físico", "111"), ("Mental", "111"))),
        ("Consecuencias", ("Leve", "Moderada", "Grave")),
        (
            "Habilidades",
            (
                ("Atletismo", "athletics"),
                ("Carisma", "rapport"),
                ("Conducir", "drive"),
                ("Conocimiento Académico", "academics"),
                ("Contactos", "contacts"),
                ("Disparar", "shoot"),
                ("Empatía", "empathy"),
                ("Engañar", "deceive"),
                ("Físico", "physique"),
                ("Investigar", "investigate"),
                ("Máquinas", "crafts"),
                ("Pelear", "fight"),
                ("Percepción", "notice"),
                ("Provocar", "provoke"),
                ("Recursos", "resources"),
                ("Robar", "burglary"),
                ("Saber", "lore"),
                ("Sigilo", "stealth"),
                ("Voluntad", "will"),
            ),
        ),
    ),
    # Fari's Italian Condensed template lists eighteen skills, with no Academics.
    Template(
        "Fate Condensed (IT)",
        "condensed",
        "it",
        3,
        "Personaggio",
        ("Aspetti", ("Concetto", "Problema", "Relazione", "Altro Aspetto", "Altro Aspetto")),
        ("Talenti & Extra", ("Talento #1", "Talento #2", "Talento #3")),
        ("Altro", "Note"),
        ("Punti Fato", "Punti Fato"),
        ("Credits", _EVIL_HAT),
        ("Stress", (("Fisico", "111"), ("Mentale", "111"))),
        ("Conseguenze", ("Lieve", "Moderata", "Grave")),
        (
            "Abilità",
            (
                ("Artigianato", "crafts"),
                ("Atletica", "athletics"),
                ("Combattere", "fight"),
                ("Conoscenze", "lore"),
                ("Contatti", "contacts"),
                ("Discrezione", "burglary"),
                ("Empatia", "empathy"),
                ("Fisico", "physique"),
                ("Furtività", "stealth"),
                ("Guidare", "drive"),
                ("Influenzare", "rapport"),
                ("Investigare", "investigate"),
                ("Percezione", "notice"),
                ("Provocare", "provoke"),
                ("Raggirare", "deceive"),
                ("Risorse", "resources"),
                ("Sparare", "shoot"),
                ("Volontà", "will"),
            ),
        ),
    ),
    # Fari's Polish Condensed template labels its boxes 1, 2, 3.
    Template(
        "Fate Condensed (PL)",
        "condensed",
        "pl",
        4,
        "Tożsamość",
        ("Aspekty", ("Koncepcja ogólna", "Problem", "Relacja", "inny ASPEKT", "inny ASPEKT")),
        ("Sztuczki i atuty", ("sztuczka #1", "sztuczka #2", "sztuczka #3")),
        ("inne", "notatki"),
        ("punkty losu", "punkty losu"),
        None,
        ("Presja", (("fizyczna", "123"), ("Umysłowa", "123"))),
        ("KOnsekwecje", ("Łagodna", "Umiarkowana", "Poważna")),
        (
            "umiejętności",
            (
                ("Budowa", "physique"),
                ("empatia", "empathy"),
                ("kontakty", "contacts"),
                ("kradzież", "burglary"),
                ("nauka", "academics"),
                ("oszustwo", "deceive"),
                ("prowadzenie", "drive"),
                ("prowokacja", "provoke"),
                ("relacje", "rapport"),
                ("Rzemiosło", "crafts"),
                ("Spostrzegawczość", "notice"),
                ("Sprawność", "athletics"),
                ("Strzelanie", "shoot"),
                ("Śledztwo", "investigate"),
                ("Ukrywanie", "stealth"),
                ("walka", "fight"),
                ("wiedza tajemna", "lore"),
                ("wola", "will"),
                ("zasoby", "resources"),
            ),
        ),
    ),
    # Fari's Brazilian Condensed template has Fate Core's 1 and 2 boxes.
    Template(
        "Fate Condensed (PT-BR)",
        "condensed",
        "pt",
        4,
        "Personagem",
        ("Aspectos", ("Conceito principal", "Dificuldade", "Relações", "aspecto", "aspecto")),
        ("Façanhas &amp; extras", ("Façanha  #1", "façanha #2", "façanha #3")),
        ("Outros", "Notas"),
        ("Pontos de destino", "pontos de destino"),
        None,
        ("Stress", (("Físico", "12"), ("Mental", "12"))),
        ("Consequências", ("suave", "Moderada", "Severa")),
        (
            "perícias",
            (
                ("Atletismo", "athletics"),
                ("atirar", "shoot"),
                ("comunicação", "rapport"),
                ("condução", "drive"),
                ("Conhecimentos", "lore"),
                ("Contatos", "contacts"),
                ("Empatia", "empathy"),
                ("Enganar", "deceive"),
                ("Estudos", "academics"),
                ("furtividade", "stealth"),
                ("Investigar", "investigate"),
                ("lutar", "fight"),
                ("Ofícios", "crafts"),
                ("percepção", "notice"),
                ("Provocar", "provoke"),
                ("Recursos", "resources"),
                ("Roubo", "burglary"),
                ("vigor", "physique"),
                ("vontade", "will"),
            ),
        ),
    ),
    Template(
        "Fate Condensed (TR)",
        "condensed",
        "tr",
        4,
        "KARAKTER",
        (
            "Aspect'LER",
            (
                "High Concept",
                "Trouble (BELA)",
                "Relationship (İLİŞKİ)",
                "SERBEST Aspect",
                "SERBEST Aspect",
            ),
        ),
        ("Stunt'laR", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("DİĞER", "NOTLAR"),
        ("Fate PUANLARI", "Fate PUANLARI"),
        None,
        ("Stress'ler", (("FİZİKSEl", "111"), ("ZİHİNSEl", "111"))),
        ("Consequence'LAR", ("Hafİf", "OrtAlama", "Ağır")),
        (
            "Skill'LER (becerİler)",
            (
                ("AkadeMİK", "academics"),
                ("ALDATMACA", "deceive"),
                ("Atıcılık", "shoot"),
                ("Bağlantılar", "contacts"),
                ("Beden", "physique"),
                ("ÇEVİKLİK", "athletics"),
                ("eMpaTİ", "empathy"),
                ("Farkındalık", "notice"),
                ("GİZLİLİK", "stealth"),
                ("Gözlem", "investigate"),
                ("Hırsızlık", "burglary"),
                ("İlİM", "lore"),
                ("İrade", "will"),
                ("Kaynaklar ", "resources"),
                ("Kışkırtma", "provoke"),
                ("Muhabbet", "rapport"),
                ("Sürücülük", "drive"),
                ("Yakın dövüş", "fight"),
                ("Zanaat", "crafts"),
            ),
        ),
    ),
    # Fari's English Core template lists Academics too (Fate Condensed's nineteen skills).
    Template(
        "Fate Core",
        "core",
        "en",
        3,
        "Character",
        ("Aspects", ("High Concept", "Trouble", "Relationship", "Other Aspect", "Other Aspect")),
        ("Stunts & Extras", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("Other", "Notes"),
        ("Fate Points", "Fate Points"),
        ("Credits", _EVIL_HAT),
        ("Stress", (("Physical", "12"), ("Mental", "12"))),
        ("Consequences", ("Mild", "Moderate", "Severe")),
        (
            "Skills",
            (
                ("Academics", "academics"),
                ("Athletics", "athletics"),
                ("Burglary", "burglary"),
                ("Contacts", "contacts"),
                ("Crafts", "crafts"),
                ("Deceive", "deceive"),
                ("Drive", "drive"),
                ("Empathy", "empathy"),
                ("Fight", "fight"),
                ("Investigate", "investigate"),
                ("Lore", "lore"),
                ("Notice", "notice"),
                ("Physique", "physique"),
                ("Provoke", "provoke"),
                ("Rapport", "rapport"),
                ("Resources", "resources"),
                ("Shoot", "shoot"),
                ("Stealth", "stealth"),
                ("Will", "will"),
            ),
        ),
    ),
    Template(
        "Fate Core (DE)",
        "core",
        "de",
        4,
        "Charakter",
        (
            "Aspekte",
            ("Konzept", "Dilemma", "Zugehörigkeit/Aspekt", "Anderer Aspekt", "Anderer Aspekt"),
        ),
        ("Stunts & Extras", ("Stunt #1", "Stunt #2", "Stunt #3")),
        ("Sonstiges", "Notizen"),
        ("Fate Punkte", "Fate Punkte"),
        ("Credits", ("Evil Hat Productions ",)),
        ("Stress", (("Körperlich", "12"), ("Geistig", "12"))),
        ("Konsequenzen", ("Leicht", "Mittel", "Schwer")),
        (
            "Fertigkeiten",
            (
                ("Athletik", "athletics"),
                ("Charisma", "rapport"),
                ("Diebeskünste", "burglary"),
                ("Empathie", "empathy"),
                ("Fahren", "drive"),
                ("Handwerk", "crafts"),
                ("Heimlichkeit", "stealth"),
                ("Kämpfen", "fight"),
                ("Kontakte", "contacts"),
                ("Kraft", "physique"),
                ("Nachforschung", "investigate"),
                ("Provozieren", "provoke"),
                ("Ressourcen", "resources"),
                ("Schiessen", "shoot"),
                ("Täuschung", "deceive"),
                ("Wahrnehmung", "notice"),
                ("Wille", "will"),
                ("Wissen", "lore"),
            ),
        ),
    ),
    Template(
        "Fate Core (ES)",
        "core",
        "es",
        3,
        "Personaje",
        (
            "Aspectos",
            ("Concepto Principal", "Complicación", "Relación", "Aspecto Libre", "ASPECTO LIBRE"),
        ),
        ("Proezas y Extras", ("Proeza #1", "Proeza #2", "Proeza #3")),
        ("Otro", "Notas"),
        ("Puntos de Destino", "Puntos de Destino"),
        None,
        ("Estrés", (("Físico", "12"), ("Mental", "12"))),
        ("Consecuencias", ("Leve", "Moderada", "Grave")),
        (
            "Habilidades",
            (
                ("Atletismo", "athletics"),
                ("Carisma", "rapport"),
                ("Conducir", "drive"),
                ("Contactos", "contacts"),
                ("Disparar", "shoot"),
                ("Empatía", "empathy"),
                ("Engañar", "deceive"),
                ("Físico", "physique"),
                ("Investigar", "investigate"),
                ("Máquinas", "crafts"),
                ("Pelear", "fight"),
                ("Percepción", "notice"),
                ("Provocar", "provoke"),
                ("Recursos", "resources"),
                ("Robar", "burglary"),
                ("Saber", "lore"),
                ("Sigilo", "stealth"),
                ("Voluntad", "will"),
            ),
        ),
    ),
    Template(
        "Fate Core (FR)",
        "core",
        "fr",
        4,
        "Personnage",
        ("Aspects", ("CONCEPT", "PROBLèME", "Relation", "autre aspect", "autre aspect")),
        ("prouesses &amp; Extras", ("prouesse n°1", "prouesse n°2", "prouesse n°3")),
        ("divers", "Notes"),
        ("points fate", "Points fate"),
        ("source", ("Evil Hat Productions", "FATE SRD FR", "KrisDoC")),
        ("Stress", (("Physique", "12"), ("Mental", "12"))),
        ("Conséquences", ("Légère", "Modérée", "grave")),
        (
            "Compétences",
            (
                ("Athlétisme", "athletics"),
                ("cambriolage", "burglary"),
                ("combat", "fight"),
                ("conduite", "drive"),
                ("Discrétion", "stealth"),
                ("Empathie", "empathy"),
                ("enquête", "investigate"),
                ("érudition", "lore"),
                ("intimidation", "provoke"),
                ("métiers", "crafts"),
                ("observation", "notice"),
                ("Physique", "physique"),
                ("relations", "contacts"),
                ("ressources", "resources"),
                ("sociabilité", "rapport"),
                ("tir", "shoot"),
                ("tromperie", "deceive"),
                ("volonté", "will"),
            ),
        ),
    ),
    Template(
        "Fate Core (ITA)",
        "core",
        "it",
        6,
        "CHARACTER",
        (
            "ASPETTI",
            ("CONCETTO BASE", "PROBLEMA", "RELAZIONE", "ALTRI ASPETTI", "ALTRI ASPETTI"),
        ),
        ("ACCESSORI &amp; TALENTI", ("TALENTO #1", "TALENTO #2", "TALENTO #3")),
        ("ALTRO", "NOTE"),
        ("PUNTI FATE", "FATE POINTS"),
        ("CREDITS", _EVIL_HAT),
        ("STRESS", (("FISICO", "12"), ("MENTALE", "12"))),
        ("CONSEGUENZE", ("LIEVE", "MODERATO", "GRAVE")),
        (
            "ABILITA'",
            (
                ("INGEGNERIA", "crafts"),
                ("ATLETICA", "athletics"),
                ("COMBATTERE", "fight"),
                ("CONOSCENZE", "lore"),
                ("CONTATTI", "contacts"),
                ("DISCREZIONE", "burglary"),
                ("EMPATIA", "empathy"),
                ("FISICO", "physique"),
                ("FURTIVITA'", "stealth"),
                ("GUIDARE", "drive"),
                ("INFLUENZARE", "rapport"),
                ("INVESTIGARE", "investigate"),
                ("PERCEZIONE", "notice"),
                ("PROVOCARE", "provoke"),
                ("RAGGIRARE", "deceive"),
                ("RISORSE", "resources"),
                ("SPARARE", "shoot"),
                ("VOLONTA'", "will"),
            ),
        ),
    ),
    Template(
        "Fate Core (PL)",
        "core",
        "pl",
        4,
        "Tożsamość",
        ("Aspekty", ("Koncepcja ogólna", "Problem", "Aspekt #1", "ASPEKT #2", "ASPEKT #3")),
        ("Sztuczki i atuty", ("sztuczka #1", "sztuczka #2", "sztuczka #3")),
        ("inne", "notatki"),
        ("punkty losu", "punkty losu"),
        None,
        ("Presja", (("fizyczna", "12"), ("Umysłowa", "12"))),
        ("KOnsekwecje", ("Łagodna", "Umiarkowana", "Poważna")),
        (
            "umiejętności",
            (
                ("Budowa", "physique"),
                ("empatia", "empathy"),
                ("kontakty", "contacts"),
                ("kradzież", "burglary"),
                ("oszustwo", "deceive"),
                ("prowadzenie", "drive"),
                ("prowokacja", "provoke"),
                ("relacje", "rapport"),
                ("Rzemiosło", "crafts"),
                ("Spostrzegawczość", "notice"),
                ("Sprawność", "athletics"),
                ("Strzelanie", "shoot"),
                ("Śledztwo", "investigate"),
                ("Ukrywanie", "stealth"),
                ("walka", "fight"),
                ("wiedza", "lore"),
                ("wola", "will"),
                ("zasoby", "resources"),
            ),
        ),
    ),
)

#: The ratings a player writes: a pyramid (Condensed, Core) or one +3, two +2, two +1 (FAE).
RATINGS: dict[str, dict[str, int]] = {
    "skills": {
        "fight": 4,
        "notice": 3,
        "athletics": 3,
        "will": 2,
        "shoot": 2,
        "empathy": 2,
        "physique": 1,
        "lore": 1,
        "rapport": 1,
        "contacts": 1,
    },
    "approaches": {"careful": 3, "clever": 2, "quick": 2, "flashy": 1, "forceful": 1},
}

#: What the player writes on the sheet: five aspects, three stunts, a note.
ASPECTS = (
    "Smuggler with a Heart of Gold",
    "The Harbour Guild Wants Me Back",
    "Ruth Saved My Life",
    "Knows Every Dive Bar",
    "Ex-Navy Sharpshooter",
)
STUNTS = (
    "Eagle Eye: +2 to Notice when I overcome an obstacle at sea.",
    "Quick Draw: I act first in a physical conflict.",
    "Old Friends: once per session I may declare an old friend in port.",
)
NOTE = "Grew up in the harbour."
CONSEQUENCE = "Bruised Ribs"


def _uid(*parts: object) -> str:
    return "-".join(str(p) for p in parts)


def _block(kind: str, label: str, value: object, **meta: Any) -> dict[str, Any]:
    return {
        "id": _uid("block", kind, label, id(meta)),
        "type": kind,
        "label": label,
        "value": value,
        "meta": meta,
    }


def _sections(template: Template) -> list[tuple[int, dict[str, Any]]]:
    """The template's sections, filled in, each with its column (0 left, 1 right)."""
    ratings = RATINGS["approaches" if template.game == "fae" else "skills"]
    label, slots = template.aspects
    out = [
        (
            0,
            {
                "label": label,
                "blocks": [
                    _block("Text", slot, text) for slot, text in zip(slots, ASPECTS, strict=True)
                ],
            },
        )
    ]
    label, slots = template.stunts
    out.append(
        (
            0,
            {
                "label": label,
                "blocks": [
                    _block("Text", slot, text) for slot, text in zip(slots, STUNTS, strict=True)
                ],
            },
        )
    )
    label, note = template.other
    out.append((0, {"label": label, "blocks": [_block("Text", note, NOTE)]}))
    label, points = template.points
    out.append(
        (
            0,
            {
                "label": label,
                "blocks": [_block("PointCounter", points, "2", isMainPointCounter=True, max="3")],
            },
        )
    )
    if template.credits is not None:
        label, links = template.credits
        out.append(
            (
                0,
                {
                    "label": label,
                    "blocks": [
                        _block("Link", link, "https://example.org/credits", hasDisplayName=True)
                        for link in links
                    ],
                },
            )
        )
    label, tracks = template.stress
    out.append(
        (
            1,
            {
                "label": label,
                "blocks": [
                    # A player marks the first box of the first track.
                    _block(
                        "SlotTracker",
                        track,
                        [
                            {"label": box, "checked": index == 0 and position == 0}
                            for position, box in enumerate(boxes)
                        ],
                    )
                    for index, (track, boxes) in enumerate(tracks)
                ],
            },
        )
    )
    label, (mild, moderate, severe) = template.consequences
    out.append(
        (
            1,
            {
                "label": label,
                "blocks": [
                    _block("Text", mild, CONSEQUENCE, checked=False),
                    _block("Text", moderate, "", checked=False),
                    _block("Text", severe, "", checked=False),
                ],
            },
        )
    )
    label, skills = template.skills
    out.append(
        (
            1,
            {
                "label": label,
                "blocks": [
                    _block("Skill", name, str(ratings.get(key, "")), commands=["4dF"])
                    for name, key in skills
                ],
            },
        )
    )
    return out


def _upper(section: dict[str, Any]) -> dict[str, Any]:
    # As Fari's migration to its newest layout does: every label upper-cased, links' aside.
    blocks = [
        b if b["type"] == "Link" else {**b, "label": b["label"].upper()} for b in section["blocks"]
    ]
    return {**section, "label": section["label"].upper(), "blocks": blocks}


def sheet(template: Template, *, migrated: bool) -> dict[str, Any]:
    """A sheet made from ``template`` and filled in: in the template's own layout, or as Fari
    holds it once migrated (rows of columns, labels upper-cased)."""
    sections = _sections(template)
    base = {
        "fariType": "character",
        "id": _uid("sheet", template.name),
        "name": "Cassandra Vey",
        "lastUpdated": 1700000000,
    }
    if migrated:
        columns: list[list[dict[str, Any]]] = [[], []]
        for column, section in sections:
            columns[column].append(
                {"id": _uid("section", section["label"]), **_upper(section), "visibleOnCard": False}
            )
        page = {
            "id": "page",
            "label": template.page.upper(),
            "rows": [{"columns": [{"sections": c} for c in columns]}],
        }
        return {**base, "version": 6, "wide": False, "playedDuringTurn": False, "pages": [page]}
    if template.layout == 3:
        placed = [
            {"id": _uid("section", s["label"]), **s, "position": "Right" if column else "Left"}
            for column, s in sections
        ]
        return {
            **base,
            "version": 3,
            "pages": [{"id": "page", "label": template.page, "sections": placed}],
        }
    sides: dict[str, list[dict[str, Any]]] = {"left": [], "right": []}
    for column, section in sections:
        sides["right" if column else "left"].append(
            {"id": _uid("section", section["label"]), **section}
        )
    return {
        **base,
        "version": 4,
        "wide": False,
        "pages": [{"id": "page", "label": template.page, "sections": sides}],
    }


#: Fari's two "General" Fate sheets (English): skills in tiers ("+4 Skills:") whose labels a
#: player writes the skills into, an Extras section, and a fate point counter of its own.
GENERAL = ("fae", "core")


def general_sheet(game: str) -> dict[str, Any]:
    """A sheet from Fari's "Fate Accelerated - General" or "Fate Core - General" template."""
    if game == "fae":
        skills = [
            _block("Skill", name, str(RATINGS["approaches"].get(name.lower(), 0)), commands=["4dF"])
            for name in ("Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky")
        ]
        tracks = [
            _block(
                "SlotTracker",
                "Stress",
                [{"label": str(v), "checked": v == 1} for v in (1, 2, 3)],
                width=1,
            )
        ]
    else:
        tiers = {
            5: "",
            4: "Fight",
            3: "Notice, Athletics",
            2: "Will, Shoot, Empathy",
            1: "Physique, Lore, Rapport, Contacts",
        }
        skills = [
            _block(
                "Skill",
                f"+{n} Skills: {names}" if names else f"+{n} Skills:",
                str(n),
                commands=["4dF"],
                hideModifier=False,
            )
            for n, names in tiers.items()
        ]
        skills.append(_block("PointCounter", "Saved Skill Points", "1", isMainPointCounter=False))
        tracks = [
            _block(
                "SlotTracker",
                label,
                [{"label": str(v), "checked": mark and v == 1} for v in (1, 2)],
                width=1,
                asClock=False,
            )
            for label, mark in (
                ("Physical Stress (Physique)", True),
                ("Mental Stress (Will)", False),
            )
        ]
    left = [
        {
            "label": "ID",
            "blocks": [
                _block("Text", "Description", NOTE, width=0.66),
                _block(
                    "PointCounter",
                    "Fate Points",
                    "2",
                    max="3",
                    isMainPointCounter=False,
                    width=0.33,
                ),
            ],
        },
        {
            "label": "Aspects",
            "blocks": [
                _block("Text", slot, text)
                for slot, text in zip(
                    ("High Concept", "Trouble", "Aspect 1", "Aspect 2", "Aspect 3"),
                    ASPECTS,
                    strict=True,
                )
            ],
        },
        {"label": "Extras", "blocks": [_block("Text", None, "The Lucky Lady, a fast boat")]},  # type: ignore[arg-type]
        {"label": "Stress Tracks" if game == "core" else "Stress", "blocks": tracks},
    ]
    right = [
        {"label": "Skills" if game == "core" else "Approaches", "blocks": skills},
        {
            "label": "Stunts",
            "blocks": [
                _block("Text", f"Stunt #{i + 1}" if game == "core" else f"Stunt {i + 1}", text)
                for i, text in enumerate(STUNTS)
            ],
        },
        {
            "label": "Consequences",
            "blocks": [
                _block("Text", "2: Mild", CONSEQUENCE, checked=False),
                _block("Text", "4: Moderate", "", checked=False),
                _block("Text", "6: Severe", "", checked=False),
            ],
        },
    ]
    page = {
        "id": "page",
        "label": "Character",
        "rows": [{"columns": [{"sections": left}, {"sections": right}]}],
    }
    return {
        "fariType": "character",
        "id": f"general-{game}",
        "name": "Cassandra Vey",
        "version": 6,
        "lastUpdated": 1700000000,
        "wide": False,
        "pages": [page],
    }
