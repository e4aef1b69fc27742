"""A short session of each built-in published game on the page (issue 41, "Done when"), with all
four languages at one table: the GM at a desk and three players, Ann on a phone (390×844), Ben and
Cid at desks, every seat in another language, so one session a game checks every catalog.

The GM opens the table with the game's rule set from the start page's list, invites Ann, and Ann
makes or brings in her character through the sheet dialog, where the engine says it is legal; Ben
and Cid are seated with characters of their own. In a scene the GM compels Ann's trouble and she
takes the point; she creates an advantage and spends its free invoke on an overcome. Then every
seat finds the game's own mechanic where its page shows it: the sheet card, the roll dialog and its
odds (War of Ashes' weight turning a die, The Three Rocketeers' aspects counted in place of a skill,
Venture City's powers, Atomic Robo's modes, the Toolkit's conditions marked, cleared and recovered
from). On every page every word is from its own catalog, nothing scrolls sideways on the phone,
and no script fails. Dice are given on every roll."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from fatekit.formats.ids import renamed_sheet
from tests.web.test_flow import LOCALES, PHONE, Player, all_translated, fits_phone
from tests.web.test_turns import call, catalog, command, state_of

DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"
DESK = (1280, 900)
TIMEOUT = 15_000


@dataclass(frozen=True)
class Game:
    """One game's session: its table, the players' PCs (files), what Ann rolls, the NPCs."""

    name: str
    langs: tuple[str, str, str, str]  # the GM's, Ann's (on the phone), Ben's, Cid's
    preset: str  # the built-in rule set, picked from the start page's list
    pcs: tuple[str, str, str]  # Ann's (None: made in the sheet dialog), Ben's, Cid's files
    skill: str | None  # None: the PC counts aspects instead (The Three Rocketeers)
    npcs: tuple[str, ...] = ()  # more character files the GM adds, over HTTP
    table: dict[str, Any] | None = None  # a rule-set file's table (over HTTP), not a preset
    options: tuple[str, ...] = ()  # optional rules ticked on the start page


def sample(path: str) -> str:
    return (DOCS / path).read_text(encoding="utf-8")


def woa_pc(key: str, name: str, concept: str) -> str:
    from tests.discord.test_published_sessions import woa_pc as made

    return made(key, name, concept)


def renamed(path: str, key: str, name: str) -> str:
    """A sample character file as another player's own: a new id (its aspects' ids following
    it, as the table gives them) and a new name."""
    data = json.loads(sample(path))
    renamed_sheet(data, key)
    data["name"] = name
    return json.dumps(data, ensure_ascii=False)


RAIDER = {
    "format": "fatekit-character",
    "version": 1,
    "id": "raider",
    "name": "Raider Chief",
    "kind": "major_npc",
    "preset": "ember-road",
    "aspects": [{"kind": "high_concept", "name": "Takes Water at Spear-Point"}],
    "skills": {"forceful": 3, "quick": 2},
}

ROBOT = {
    "format": "fatekit-character",
    "version": 1,
    "id": "automaton",
    "name": "Vault Automaton",
    "kind": "minor_npc",
    "preset": "atomicrobo",
    "aspects": [{"kind": "high_concept", "name": "Brass Guardian of the Vault"}],
    "skills": {"combat": 2, "athletics": 1},
}

FILES: dict[str, Callable[[], str]] = {
    "deliah": lambda: woa_pc("deliah", "Deliah", "Elkaran Temple Guard"),
    "tarek": lambda: woa_pc("tarek", "Tarek", "Goblin Smuggler"),
    "mirel": lambda: woa_pc("mirel", "Mirel", "Frog Harbour Pilot"),
    "blaise": lambda: renamed(
        "three-rocketeers/severine-dufresne.character.json", "blaise", "Blaise Morlaix"
    ),
    "nadia": lambda: renamed("venture-city/miles.character.json", "nadia", "Nadia"),
    "ozzie": lambda: renamed("venture-city/miles.character.json", "ozzie", "Ozzie"),
    "okafor": lambda: sample("atomic-robo/dr-okafor.character.json"),
    "yusuf": lambda: renamed("atomic-robo/dr-okafor.character.json", "yusuf", "Dr. Yusuf Adeyemi"),
    "bryn": lambda: renamed("rulesets/ember-road.character.json", "bryn", "Bryn"),
    "corra": lambda: renamed("rulesets/ember-road.character.json", "corra", "Corra"),
    "raider": lambda: json.dumps(RAIDER),
    "robot": lambda: json.dumps(ROBOT),
}

SEVERINE = "three-rocketeers/severine-dufresne.character.json"

GAMES = {
    "woa": Game(
        "Agaptus",
        ("sv", "it", "en", "ru"),
        "woa",
        ("deliah", "tarek", "mirel"),
        "forceful",
        npcs=("war-of-ashes/vidaar-sailor.character.json",),
    ),
    # Ben brings the same sample in as Ann, under a name of his own (a pregenerated PC twice).
    "rocketeers": Game(
        "Paris",
        ("en", "ru", "it", "sv"),
        "rocketeers",
        (SEVERINE, SEVERINE, "blaise"),
        None,
        npcs=("three-rocketeers/comte-de-vire.character.json",),
        options=("multiple_targets",),
    ),
    "venturecity": Game(
        "Harbor",
        ("ru", "sv", "it", "en"),
        "venturecity",
        ("venture-city/miles.character.json", "nadia", "ozzie"),
        "athletics",
        npcs=("venture-city/gridlock.character.json",),
    ),
    # Ann makes her scientist in the sheet dialog, modes and all.
    "atomicrobo": Game(
        "Tesladyne",
        ("it", "en", "ru", "sv"),
        "atomicrobo",
        ("", "okafor", "yusuf"),
        "combat",
        npcs=("robot",),
    ),
    "conditions": Game(
        "Dry well",
        ("en", "it", "sv", "ru"),
        "",
        ("rulesets/ember-road.character.json", "bryn", "corra"),
        "quick",
        npcs=("raider",),
        table={"ruleset": json.loads(sample("rulesets/ember-road.ruleset.json"))},
    ),
}


def file_text(name: str) -> str:
    return FILES[name]() if name in FILES else sample(name)


@dataclass
class Table:
    """The four pages, the table's id and the GM's link, and each player's PC by seat."""

    gm: Player
    ann: Player
    ben: Player
    cid: Player
    table: str
    link: str
    pcs: dict[str, str]  # seat id -> PC id
    errors: list[str]

    @property
    def players(self) -> list[Player]:
        return [self.ann, self.ben, self.cid]

    @property
    def everyone(self) -> list[Player]:
        return [self.gm, *self.players]

    def pc(self, player: Player) -> str:
        return self.pcs[player.name.lower()]

    def state(self) -> Any:
        return state_of(self.server, self.table, self.link)

    server: str = ""


def bring_in(player: Player, path: Path, name: str | None = None) -> None:
    """A character file through the sheet dialog's file field: the engine calls it legal."""
    player.click("#new-character")
    player.page.set_input_files("#sheet-file", str(path))
    player.page.wait_for_selector("#sheet-legal")
    if name is not None:
        player.page.fill("#sheet-name", name)
        player.page.wait_for_selector("#sheet-legal")
    player.submit("sheet-form")


def open_table(server: str, browser: Any, game: Game, tmp: Path) -> Table:
    """The GM's page and the players', every PC in: Ann's through her sheet dialog (made there
    by :func:`make_scientist` when the game gives her no file), Ben's and Cid's seated with
    theirs (Ben's through his dialog, when it is Ann's sample under his own name)."""
    sizes = (DESK, PHONE, DESK, DESK)
    contexts = [
        browser.new_context(locale=LOCALES[lang], viewport={"width": w, "height": h})
        for lang, (w, h) in zip(game.langs, sizes, strict=True)
    ]
    pages = [c.new_page() for c in contexts]
    errors: list[str] = []
    for page in pages:
        page.set_default_timeout(TIMEOUT)
        page.on("pageerror", lambda error: errors.append(str(error)))
    gm, ann, ben, cid = (
        Player(page, name, lang)
        for page, name, lang in zip(pages, ("GM", "Ann", "Ben", "Cid"), game.langs, strict=True)
    )
    if game.table is None:
        # A built-in game, from the start page's list.
        gm.page.goto(server)
        gm.page.click("#create-table summary")
        gm.page.select_option("#new-table-preset", game.preset)
        gm.page.fill("#new-table-name", game.name)
        for option in game.options:
            gm.page.check(f"#opt-{option}")
        gm.click("#create-table button[type=submit]")
        gm.page.wait_for_selector("#gm")
        link = gm.page.evaluate(
            "() => decodeURIComponent(location.hash.slice(1).replace(/^link=/, ''))"
        )
    else:
        made = call(server, "/tables", {"name": game.name, **game.table})
        link = made["link"]
        gm.page.goto(f"{server}/#link={link}")
        gm.page.wait_for_selector("#gm")
    table = link.split(".")[0]
    gm.page.fill("#invite-name", "Ann")
    gm.click("#invite-form button[type=submit]")
    invite = gm.page.locator("#invite-link-ann")
    invite.wait_for()
    ann.page.goto(invite.input_value())
    ann_file, ben_file, cid_file = game.pcs
    for player in (ben, cid):
        seat = call(server, f"/tables/{table}/seats", {"name": player.name, "role": "player"}, link)
        player.page.goto(f"{server}/#link={seat['link']}")
    ann.page.wait_for_selector("#log-list")
    if ann_file:
        path = tmp / "ann.json"
        path.write_text(file_text(ann_file), encoding="utf-8")
        bring_in(ann, path)
    else:
        make_scientist(ann)
    if ben_file == ann_file:
        ben.page.wait_for_selector("#log-list")
        bring_in(ben, tmp / "ann.json", "Aurore Dufresne")
    else:
        command(server, table, link, "AddCharacter", {"sheet": file_text(ben_file), "owner": "ben"})
    command(server, table, link, "AddCharacter", {"sheet": file_text(cid_file), "owner": "cid"})
    for npc in game.npcs:
        command(server, table, link, "AddCharacter", {"sheet": file_text(npc), "revealed": True})
    characters = state_of(server, table, link)["characters"]
    pcs = {c["owner"]: c["id"] for c in characters if c["owner"] in ("ann", "ben", "cid")}
    for player in (gm, ann, ben, cid):
        for pc in pcs.values():
            expect(player.page.locator(f"#char-{pc}")).to_be_visible()
    return Table(gm, ann, ben, cid, table, link, pcs, errors, server)


def make_scientist(ann: Player) -> None:
    """Ann's action scientist, made in the sheet dialog at an Atomic Robo table: five aspects, Good
    Action, Fair Banter and Average Science (9 + 9 + 3 of the 30 skill points), Combat focused a
    step, one stunt; the engine calls her legal as the dialog is filled."""
    page = ann.page
    ann.click("#new-character")
    page.fill("#sheet-name", "Dr. Ines Moreau")
    for field, text in (
        ("high_concept-0", "Tesladyne Field Chemist"),
        ("trouble-0", "Never Reads the Safety Brief"),
        ("character-0", "Robo Owes Me One"),
        ("character-1", "Taught Boxing at the Sorbonne"),
        ("character-2", "Lab Coat Full of Reagents"),
    ):
        page.fill(f"#sheet-aspect-{field}", text)
    page.select_option("#sheet-mode-action", "3")
    page.select_option("#sheet-mode-banter", "2")
    page.select_option("#sheet-mode-science", "1")
    page.select_option("#sheet-improve-combat", "1")
    # A stunt slot, paid from refresh: +2 to Chemistry creating advantages in her lab.
    page.fill("#sheet-stunt-0", "Reagent Shelf")
    page.select_option("#sheet-stunt-skill-0", "chemistry")
    page.uncheck("#sheet-stunt-action-0-overcome")
    page.check("#sheet-stunt-action-0-create_advantage")
    page.fill("#sheet-stunt-circumstance-0", "she is in her own lab")
    expect(page.locator("#sheet-legal")).to_be_visible()
    ann.submit("sheet-form")


def scene(t: Table, game: Game, counted: tuple[str, ...] = ()) -> None:
    """A session and a scene: a compel taken, an advantage created and its free invoke spent."""
    gm, ann = t.gm, t.ann
    pc = t.pc(ann)
    gm.click("#start-session")
    gm.click("#start-scene")
    gm.page.fill("#scene-name", "Scene")
    gm.submit("scene-form")
    ann.page.wait_for_selector(f"#char-{pc}")
    points = int(ann.page.get_attribute(f"#char-{pc} .fate-points", "data-points") or 0)
    gm.page.locator(f"#char-{pc} .aspect.trouble button").first.click()
    gm.page.fill("#compel-complication", "Trouble finds them")
    gm.submit("compel-form")
    ann.click("[id^=accept-c]")
    expect(ann.page.locator(f"#char-{pc} .fate-points")).to_have_attribute(
        "data-points", str(points + 1)
    )
    # Create an advantage against Fair (+2), then overcome with its free invoke.
    ann.click("#new-roll")
    ann.page.select_option("#roll-action", "create_advantage")
    pick(ann, game, counted)
    ann.page.select_option("#roll-difficulty", "2")
    ann.page.fill("#roll-dice", "+000")
    ann.submit("roll-form")
    ann.page.wait_for_selector(".invoke-advice")
    ann.page.check("[data-option=aspect]")
    ann.page.fill(".resolve-aspect-name", "Opening")
    ann.click(".resolve-button")
    ann.page.wait_for_selector(f"#scene [data-holder={pc}]")
    ann.click("#new-roll")
    pick(ann, game, counted)
    ann.page.select_option("#roll-difficulty", "4")
    ann.page.fill("#roll-dice", "0000")
    ann.submit("roll-form")
    ann.page.locator("[data-invoke$='|free']").first.click()
    ann.page.wait_for_selector("#roll .invocations li")
    ann.click(".resolve-button")
    ann.page.wait_for_selector("#roll .resolve-button", state="detached")


def pick(player: Player, game: Game, counted: tuple[str, ...]) -> None:
    """What a player rolls: a skill, or the aspects counted in its place."""
    if game.skill is not None:
        player.page.select_option("#roll-skill", game.skill)
        return
    for aspect in counted:
        player.page.locator(f"#roll-counted [data-counted='{aspect}']").check()


def checked(*players: Player) -> None:
    """Every word from each page's catalog; nothing wider than the phone (Ann's)."""
    all_translated(list(players))
    for player in players:
        if player.name == "Ann":
            fits_phone(player)


def close(t: Table) -> None:
    for player in t.everyone:
        player.page.context.close()


# -- War of Ashes --------------------------------------------------------------------------------


@pytest.mark.rule("weight.two-to-one")
def test_war_of_ashes_on_the_page(server: str, browser: Any, tmp_path: Path) -> None:
    game = GAMES["woa"]
    t = open_table(server, browser, game, tmp_path)
    try:
        # Every card says its weight, in its reader's language.
        for player in t.everyone:
            for pc in t.pcs.values():
                expect(player.page.locator(f"#char-{pc}-weight")).to_have_text(
                    catalog(player.lang)["sheet.weight_is"].format(n=1)
                )
        scene(t, game)
        # Three heroes against the sailor: Ann's attack dialog says weight turns a die.
        pc = t.pc(t.ann)
        sides = [["heroes", list(t.pcs.values())], ["crew", ["vidaar-sailor"]]]
        command(server, t.table, t.link, "StartConflict", {"sides": sides, "first": pc})
        t.ann.click(f"#attack-{pc}")
        t.ann.page.select_option("#attack-target", "vidaar-sailor")
        t.ann.page.select_option("#attack-skill", "forceful")
        mine = t.ann.page.locator("#odds-weight-mine")
        expect(mine).to_have_text(catalog("it")["odds.weight_mine"].format(own=3, other=1, n=1))
        checked(t.ann)
        t.ann.page.fill("#attack-dice", "00-+")
        t.ann.submit("attack-form")
        roll = t.state()["roll"]
        assert roll["faces"] == "00++" and roll["weight"]["turned"] == 1, roll
        # Every page says the die weight turned, in its own words.
        for player in t.everyone:
            note = player.page.locator(".roll-weight").first
            said = catalog(player.lang)["roll.weight"].format(own=3, other=1, n=1)
            expect(note).to_contain_text(said)
        checked(*t.everyone)
        assert t.errors == []
    finally:
        close(t)


# -- The Three Rocketeers ------------------------------------------------------------------------


def hero_and_blade(t: Table, pc: str) -> tuple[str, str]:
    """The ids of a PC's hero aspect and its rapier aspect, as the table holds them."""
    (sheet,) = [c["sheet"] for c in t.state()["characters"] if c["id"] == pc]
    return sheet["aspects"][0]["id"], sheet["aspects"][2]["id"]


@pytest.mark.rule("aspects.counted", "aspects.counted.not-invoked")
def test_the_three_rocketeers_on_the_page(server: str, browser: Any, tmp_path: Path) -> None:
    game = GAMES["rocketeers"]
    t = open_table(server, browser, game, tmp_path)
    try:
        # Ben's copy of the sample is his own: its aspects follow the id his name gave it, and
        # none is the same as one of Ann's.
        ids = {
            c["id"]: [a["id"] for a in c["sheet"]["aspects"]]
            for c in t.state()["characters"]
            if c["id"] in t.pcs.values()
        }
        for pc, aspects in ids.items():
            assert all(a.startswith(f"{pc}/") for a in aspects), ids
        hero, blade = hero_and_blade(t, t.pc(t.ann))
        scene(t, game, counted=(hero, blade))
        # Every card says what each aspect counts for; every player's roll dialog ticks their
        # own aspects in place of a skill, the odds counting the hero +2 and the rapier +1.
        for player in t.everyone:
            words = catalog(player.lang)
            for pc in t.pcs.values():
                first, _ = hero_and_blade(t, pc)
                counts = player.page.locator(f"#char-{pc} [data-aspect='{first}'] .counts-for")
                expect(counts).to_have_text(words["aspect.counts_for"].format(n="+2"))
        for player in t.players:
            words = catalog(player.lang)
            pc = t.pc(player)
            first, rapier = hero_and_blade(t, pc)
            player.click("#new-roll")
            expect(player.page.locator("#roll-skill")).to_be_hidden()
            picker = player.page.locator("#roll-counted")
            expect(picker.locator("legend")).to_have_text(words["roll.counted"])
            expect(picker.locator(f"label[for='roll-counted-{first}'] strong")).to_have_text("+2")
            pick(player, game, (first, rapier))
            expect(player.page.locator("#odds-counted")).to_have_attribute("data-total", "3")
            checked(player)
            player.page.keyboard.press("Escape")
        # In the duel the GM orders (the book's tally is left to the group), the Comte splits
        # his attack between Séverine and Aurore; aiming it, the GM ticks what each counts to
        # defend, and the table counts exactly that.
        ann_pc, ben_pc = t.pc(t.ann), t.pc(t.ben)
        sides = [["heroes", list(t.pcs.values())], ["cardinal", ["comte-de-vire"]]]
        command(
            server, t.table, t.link, "StartConflict", {"sides": sides, "first": "comte-de-vire"}
        )
        split = {"actor": "comte-de-vire", "skill": "quick", "dice": "++++"}
        command(server, t.table, t.link, "SplitAttack", split)
        gm = t.gm.page
        gm.fill(f"#share-{ann_pc}", "4")
        gm.fill(f"#share-{ben_pc}", "3")
        ben_hero, _ = hero_and_blade(t, ben_pc)
        for aspect in (hero, blade, ben_hero):
            gm.locator(f"#assign-targets [data-counted='{aspect}']").check()
        checked(t.gm)
        gm.fill(f"#defend-dice-{ann_pc}", "0000")
        gm.fill(f"#defend-dice-{ben_pc}", "0000")
        t.gm.click("#aim-split")
        expect(gm.locator("#assign-targets")).to_have_count(0)
        targets = t.state()["conflict"]["targets"]
        # Séverine defends at +3 (hero and rapier) against 4, Aurore at +2 against 3.
        assert targets[ann_pc]["shifts"] == 1 and targets[ben_pc]["shifts"] == 1, targets
        expect(gm.locator("#log-list")).to_contain_text("Rocket Ace of the Queen's Skyguard")
        checked(*t.everyone)
        assert t.errors == []
    finally:
        close(t)


# -- Venture City --------------------------------------------------------------------------------


@pytest.mark.rule("package.grants", "package.cost")
def test_venture_city_on_the_page(server: str, browser: Any, tmp_path: Path) -> None:
    game = GAMES["venturecity"]
    t = open_table(server, browser, game, tmp_path)
    try:
        # The power on every card, its cost paid in refresh: the rule set's own words (its label
        # in the reader's language where the file gives one).
        label = {"en": "Powers", "ru": "Силы", "it": "Poteri", "sv": "Krafter"}
        for player in t.everyone:
            for pc in t.pcs.values():
                line = player.page.locator(f"#char-{pc}-packages")
                expect(line).to_contain_text(f"{label[player.lang]}: Flight (Master Flight ×2")
        scene(t, game)
        # Each player's roll dialog ticks Master Flight and Super Speed (free bonuses on
        # Athletics), the odds reading the bonus; Ann rolls it.
        for player in [t.ben, t.cid, t.ann]:
            player.click("#new-roll")
            pick(player, game, ())
            expect(player.page.locator("[data-stunt-pick='Master Flight']")).to_be_checked()
            expect(player.page.locator("#roll-form .stunt-picker legend")).to_have_text(
                catalog(player.lang)["stunt.on_roll"]
            )
            player.page.select_option("#roll-difficulty", "6")
            checked(player)
            if player is not t.ann:
                player.page.keyboard.press("Escape")
        t.ann.page.fill("#roll-dice", "0000")
        t.ann.submit("roll-form")
        roll = t.state()["roll"]
        assert roll["effort"] == 4 + 4 + 2, roll
        for c in t.state()["characters"]:
            if c["id"] in t.pcs.values():
                assert c["sheet"]["refresh"] == 2, c
        checked(*t.everyone)
        assert t.errors == []
    finally:
        close(t)


# -- Atomic Robo ---------------------------------------------------------------------------------


@pytest.mark.rule("modes.reinforced", "modes.improve", "modes.budget")
def test_atomic_robo_on_the_page(server: str, browser: Any, tmp_path: Path) -> None:
    game = GAMES["atomicrobo"]
    t = open_table(server, browser, game, tmp_path)
    try:
        ines = t.pc(t.ann)
        # Every card says the modes, each skill's mode beside it, in its reader's language.
        names = {"en": "Action", "ru": "Действие", "it": "Azione", "sv": "Action"}
        for player in t.everyone:
            words = catalog(player.lang)
            for pc in t.pcs.values():
                expect(player.page.locator(f"#char-{pc}-modes")).to_contain_text(
                    words["sheet.modes"]
                )
            combat = player.page.locator(f"#char-{ines} li[data-skill=combat]")
            expect(combat.locator(".rating")).to_contain_text("+4")
            expect(combat.locator(".mode")).to_have_text(
                " " + words["sheet.in_mode"].format(mode=names[player.lang])
            )
        # Dr. Okafor's Notice is Superb (+5), reinforced by three modes; each stunt slot is paid
        # from refresh 6: her two leave 4, Ines's one 5.
        okafor = t.pc(t.ben)
        expect(t.ben.page.locator(f"#char-{okafor} li[data-skill=notice] .rating")).to_contain_text(
            "+5"
        )
        sheets = {c["id"]: c["sheet"] for c in t.state()["characters"]}
        assert sheets[okafor]["refresh"] == 4 and sheets[ines]["refresh"] == 5, sheets
        refresh = t.ann.page.locator(f"#char-{ines} .refresh")
        expect(refresh).to_have_text(" " + catalog("en")["sheet.refresh_is"].format(n=5))
        # Combat is Action's and focused a step; Notice, in Action and Science, is reinforced.
        assert sheets[ines]["skills"]["combat"] == 4 and sheets[ines]["skills"]["notice"] == 4
        scene(t, game)
        # Each player's roll dialog names the mode beside each rating.
        for player in t.players:
            words = catalog(player.lang)
            pc = t.pc(player)
            player.click("#new-roll")
            option = player.page.locator("#roll-skill option[value=notice]")
            rating = f"+{sheets[pc]['skills']['notice']}"
            rated = words["roll.skill_rated"].format(skill=words["skill.notice"], n=rating)
            expect(option).to_have_text(
                words["roll.skill_in_mode"].format(skill=rated, mode=names[player.lang])
            )
            player.page.select_option("#roll-skill", "notice")
            player.page.select_option("#roll-difficulty", "4")
            expect(player.page.locator("#roll-form .odds-box")).to_be_visible()
            checked(player)
            player.page.keyboard.press("Escape")
        # A fight with the vault's automaton: Ines attacks with Combat, +4 from her modes.
        sides = [["lab", list(t.pcs.values())], ["vault", ["automaton"]]]
        command(server, t.table, t.link, "StartConflict", {"sides": sides, "first": ines})
        t.ann.click(f"#attack-{ines}")
        t.ann.page.select_option("#attack-target", "automaton")
        t.ann.page.select_option("#attack-skill", "combat")
        t.ann.page.fill("#attack-dice", "+000")
        checked(t.ann)
        t.ann.submit("attack-form")
        roll = t.state()["roll"]
        assert roll["skill"] == "combat" and roll["effort"] == 5, roll
        checked(*t.everyone)
        assert t.errors == []
    finally:
        close(t)


# -- The Fate System Toolkit's conditions --------------------------------------------------------


@pytest.mark.rule(
    "toolkit.conditions.gm-marks",
    "toolkit.conditions.sticky-clears",
    "toolkit.conditions.lasting-recovery",
)
def test_conditions_on_the_page(server: str, browser: Any, tmp_path: Path) -> None:
    game = GAMES["conditions"]
    t = open_table(server, browser, game, tmp_path)
    try:
        hungry = {"en": "Hungry", "it": "Affamato", "sv": "Hungrig", "ru": "Голод"}
        wounded = {"en": "Wounded", "it": "Ferito", "sv": "Sårad", "ru": "Ранен"}
        scene(t, game)
        # Every card names the conditions in its reader's language, with their kind.
        for player in t.everyone:
            for pc in t.pcs.values():
                shown = player.page.locator(f"#condition-{pc}-hungry")
                expect(shown).to_contain_text(hungry[player.lang])
                kind = catalog(player.lang)["condition.kind.sticky"].format(n=2)
                expect(shown).to_contain_text(kind)
        # The GM marks Hungry on Ann's PC as the story says and clears it when the caravan eats;
        # every log names it in its reader's language.
        pc = t.pc(t.ann)
        t.gm.click(f"#mark-{pc}-hungry")
        expect(t.ann.page.locator(f"#condition-{pc}-hungry")).to_have_attribute("data-marked", "1")
        for player in t.everyone:
            expect(player.page.locator("#log-list")).to_contain_text(hungry[player.lang])
        checked(*t.everyone)
        t.gm.click(f"#clear-{pc}-hungry")
        expect(t.ann.page.locator(f"#condition-{pc}-hungry")).to_have_attribute("data-marked", "0")
        # Wounded is lasting: marked on Cid's PC, it stays the session; at the next one his
        # Russian dialog starts its recovery.
        cid = t.pc(t.cid)
        t.gm.click(f"#mark-{cid}-wounded")
        expect(t.cid.page.locator(f"#condition-{cid}-wounded")).not_to_have_attribute(
            "data-marked", "0"
        )
        for step in ("EndScene", "EndSession", "StartSession"):
            command(server, t.table, t.link, step, {})
        t.cid.click(f"#recover-{cid}-wounded")
        title = t.cid.page.locator("#dialog-title")
        expect(title).to_have_text(
            catalog("ru")["condition.recover_title"].format(name=wounded["ru"])
        )
        checked(t.cid)
        t.cid.page.fill("#recover-effort", "4")
        t.cid.submit("recover-condition-form")
        recovering = catalog("sv")["condition.recovering"]
        expect(t.ben.page.locator(f"#condition-{cid}-wounded")).to_contain_text(recovering)
        checked(*t.everyone)
        assert t.errors == []
    finally:
        close(t)
