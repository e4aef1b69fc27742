"""The keyboard agent: the page agent's evenings (evening.py) played with the keyboard alone.

Every control the page agent would click, tick, type into, pick from or upload to, this agent
reaches with Tab or Shift-Tab from wherever the focus is (at most two passes through the focus
order), then works it with keys: Enter or Space presses a button, a link or a summary, Space ticks
a box, the arrow keys choose a radio in its group and an option in a select, a field is typed
into (Ctrl-A first, so what was there goes), Space opens a file field's chooser, Escape leaves a
dialog. It never clicks, never forces, never focuses from a script. A drag has no key: the agent
uses the control the page offers for the same move (a person's "move" picker, a free invoke's
"Pass" button) and finds the drag alone when there is none.

What it calls a failure, beside the page agent's findings (detectors.py):

- ``unreachable``: a control the agent wanted that Tab and Shift-Tab never reached;
- ``inoperable``: a control reached whose keys did not do what it wanted (a radio the arrows do
  not choose, an option they do not reach, a file field whose chooser does not open);
- ``focus-lost``: the focus dropped to the page's body after a control was pressed, or when
  another seat's move redrew the page (it must stay on or near the control that had it);
- ``no-visible-focus``: a control the focus reached looks as it did without it (no outline nor
  box shadow of its own), in the seat's theme (each seat plays in one of the standard, large-text
  and high-contrast displays, chosen through the page's Display menu by keys);
- ``drag-only``: a drag with no control that does the same from the keyboard;
- ``pointer``: a pointer event in a page (the agent's own failure: it must use none).

    python -m tests.web.agent.keyboard --seeds 1-5 --steps 80
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.web.agent.detectors import Finding, known
from tests.web.agent.evening import Evening, Seat
from tests.web.agent.plans import FIGHT, Plan

#: The displays the three seats play in (rotated by the seed): the visible focus is checked in
#: each.
THEMES = (("standard", "auto"), ("large", "auto"), ("standard", "high"))
#: The passes through the focus order the agent takes before it gives up on a control.
PASSES = 2
#: Kinds of finding this agent adds to the page agent's.
KINDS = ("unreachable", "inoperable", "focus-lost", "no-visible-focus", "drag-only", "pointer")

#: Counts what a pointer does in a page (the agent's own check on itself: it must use none).
POINTER = """
(() => {
  let used = 0;
  for (const kind of ["pointerdown", "mousedown", "touchstart", "dragstart"]) {
    document.addEventListener(kind, (e) => { if (e.isTrusted) used += 1; }, true);
  }
  Object.defineProperty(window, "__pointer", { get: () => used });
})();
"""

#: What Tab can reach in the open dialog (it is modal), else in the page: in document order, a
#: radio group as one stop (its checked radio, else its first). Marks the wanted control's place.
STATE = """
() => {
  const kbd = window.__kbd || (window.__kbd = { styles: new WeakMap() });
  const dialog = document.querySelector("dialog[open]");
  const root = dialog || document;
  const look = (el) => {
    const s = getComputedStyle(el);
    return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, shadow: s.boxShadow, width: parseFloat(s.outlineWidth) || 0, style: s.outlineStyle };
  };
  const takes = (el) => {
    if (el.disabled || el.tabIndex < 0 || el.closest("[inert]")) return false;
    if (el.matches("input[type=hidden]")) return false;
    return el.checkVisibility({ checkVisibilityCSS: true });
  };
  const all = [...root.querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]")].filter(takes);
  const groups = new Map();
  const stops = [];
  for (const el of all) {
    if (el.matches("input[type=radio]") && el.name) {
      const key = `${el.form ? el.form.id : ""}|${el.name}`;
      if (!groups.has(key)) {
        groups.set(key, el);
        stops.push(el);
      } else if (el.checked) {
        stops[stops.indexOf(groups.get(key))] = el;
        groups.set(key, el);
      }
      continue;
    }
    stops.push(el);
  }
  const target = document.querySelector("[data-kbd]");
  const active = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  const same = (a, b) => a && b && (a === b || (a.matches("input[type=radio]") && b.matches("input[type=radio]") && a.name && a.name === b.name && a.form === b.form));
  // A stop's place: a radio stands for its group.
  const place = (el) => {
    if (!el) return -1;
    const at = stops.findIndex((s) => same(s, el));
    if (at >= 0) return at;
    // Not a stop: the place it sits between, in document order.
    const after = stops.findIndex((s) => el.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
    return after < 0 ? stops.length - 0.5 : after - 0.5;
  };
  let visible = null;
  if (active && stops.includes(active) || (active && active.matches("input[type=radio]"))) {
    const before = kbd.styles.get(active);
    const now = look(active);
    const drawn = (now.width > 0 && now.style !== "none") || now.shadow !== "none";
    visible = before ? drawn && (now.outline !== before.outline || now.shadow !== before.shadow) : null;
  }
  for (const el of stops) if (el !== active) kbd.styles.set(el, look(el));
  const describe = (el) => el ? (el.id || `${el.tagName.toLowerCase()} ${(el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40)}`) : "";
  return {
    at: Boolean(target && same(active, target)),
    exact: Boolean(target && active === target),
    target: target ? place(target) : null,
    stop: target ? stops.some((s) => same(s, target)) : false,
    from: active ? place(active) : -1,
    total: stops.length,
    active: describe(active),
    visible,
    connected: Boolean(target),
  };
}
"""
MARK = """
(el) => {
  for (const old of document.querySelectorAll("[data-kbd]")) old.removeAttribute("data-kbd");
  el.setAttribute("data-kbd", "");
  return el.id || "";
}
"""
#: The focused control, or "" when the focus is on the page's body.
FOCUSED = """
() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return "";
  return a.id || a.tagName.toLowerCase();
}
"""
#: A select's enabled options' values and the place of the chosen one among them.
OPTIONS = """
(el) => {
  const on = [...el.options].filter((o) => !o.disabled);
  return { values: on.map((o) => o.value), at: on.findIndex((o) => o.selected) };
}
"""


#: Issue 43's evening by keyboard: a Fate Core table, characters, a scene, a conflict, a hit
#: taken, a compel and the safety tools (`--evening`: a GM in Russian, players in Swedish).
EVENING = Plan(
    "Fate Core by keyboard: a fight, a hit taken, a compel, the safety tools",
    preset="core",
    without=("conditions", "conditions_apart"),
    goals=frozenset(
        (*FIGHT, "AddCharacter", "OfferCompel", "AnswerCompel", "RaiseSignal", "AnswerSignal")
    ),
    # Out of the fight once a hit has been taken: as goals from the start, a concession would
    # end the fight before anyone is hit.
    then=frozenset(("Concede", "TakeOut")),
    after="Absorb",
)
#: The plan of a hit taken with stress boxes and a consequence both, on the seat's hit panel
#: (each plan a radio whose label has a span naming the boxes, then one led by a space per
#: consequence); null when none takes it both ways.
BOTH_WAYS = """
(prefix) => {
  for (const r of document.querySelectorAll(`input[name="${prefix}absorb-plan"]`)) {
    const spans = [...(document.querySelector(`label[for="${r.id}"]`)?.children || [])];
    if (spans.length >= 2 && !spans[0].textContent.startsWith(" ")) return r.id;
  }
  return null;
}
"""
EVENING_LANGS = ("ru", "sv", "sv")


class Unreachable(Exception):
    """The control could not be reached or worked by keys (a finding says which)."""


class Watched:
    """A browser whose new contexts count the pointer's events in their pages (POINTER) and
    catch every file chooser a key opens."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self.browser.new_context(**options)
        context.add_init_script(POINTER)
        # Playwright catches a file chooser only while someone listens for one, and turns the
        # catching on in the background when `expect_file_chooser` starts to listen: a Space
        # pressed before it is on opened a chooser nobody saw (one upload in three or so,
        # reported as "Space opened no file chooser": seed 44, step 3). A listener for the
        # page's whole life keeps it on.
        context.on("page", lambda page: page.on("filechooser", lambda chooser: None))
        return context


class KeyboardEvening(Evening):
    """One seeded evening played by keys alone (see the module's docstring)."""

    def __init__(
        self, *args: Any, langs: tuple[str, ...] = (), phone: int | None = None, **kwargs: Any
    ) -> None:
        """`langs` and `phone`, when given, replace the seats' drawn languages and phone."""
        super().__init__(*args, **kwargs)
        self.browser = Watched(self.browser)
        if langs or phone is not None:
            for n, seat in enumerate(self.seats):
                seat.lang = langs[n] if langs else seat.lang
                seat.phone = n == phone if phone is not None else seat.phone
        self.focused: dict[str, str] = {}  # what had each seat's focus after the last step
        self.presses = 0  # keys pressed in the evening
        self.unseen_focus: set[str] = set()  # controls already reported with no visible focus
        self.moved: dict[str, str] = {}  # seats whose focus the agent moved this step: where to
        self.pointer: dict[str, int] = {}  # pointer events seen in each seat's page

    # -- the evening ------------------------------------------------------------------------

    def set_up(self) -> None:
        super().set_up()
        # Each seat in a display of its own, chosen by keys in the header's Display menu.
        for n, seat in enumerate(self.seats):
            text, contrast = THEMES[(n + self.report.seed) % len(THEMES)]
            page = seat.page
            self.act_press(seat, page.locator("#display-open"))
            self.act_select(seat, page.locator("#display-text"), text)
            self.act_select(seat, page.locator("#display-contrast"), contrast)
            self.act_press(seat, page.locator("#display-open"))
            seat_display = f"{seat.key} {text}/{contrast}"
            self.report.setup += f"; {seat_display}"
        self.settle()
        for seat in self.seats:
            self.focused[seat.key] = seat.page.evaluate(FOCUSED)
        self.moved.clear()

    def look(self) -> None:
        super().look()
        # Another seat's move redraws every page: a seat's focus stays where it was.
        for seat in self.seats:
            used = int(seat.page.evaluate("window.__pointer"))
            if used > self.pointer.get(seat.key, 0):
                self.find(seat, "pointer", f"{used} pointer events in the page")
            self.pointer[seat.key] = used
            now = seat.page.evaluate(FOCUSED)
            before = self.focused.get(seat.key, "")
            reported = any(
                f.step == self.step_no and f.seat == seat.key and f.kind == "focus-lost"
                for f in self.report.findings
            )
            if seat.key in self.moved:
                before = self.moved[seat.key]
                if before and not now and not reported:
                    self.find(seat, "focus-lost", f"after using {before!r}")
            elif before and not now:
                self.find(
                    seat, "focus-lost", f"on {before!r} when another seat's move redrew the page"
                )
            self.focused[seat.key] = now
        self.moved.clear()

    def weight(self, seat: Seat, c: dict[str, Any], facts: dict[str, Any]) -> float:
        """As the page agent's, but a plan that wants a fight starts no scene before a player's
        character and an NPC are at the table. The page agent's low weight for that scene does
        not hold when the GM looks at the plan's goals alone and the scene is the only one on
        its page: it started the scene with the NPC in it and nobody else (seed 43 of
        `--evening`, step 12: every StartConflict after it was refused, "a side has nobody on
        it", and the evening never fought). A weight of 0 takes it out of that look too."""
        if c["id"] == "start-scene" and self.fights():
            players = facts["characters"] - facts["npcs"]
            if players < 1 or facts["npcs"] < 1:
                return 0.0
        return super().weight(seat, c, facts)

    def wants_extreme(self, button: str) -> bool:
        """Issue 43's evening wants no extreme consequence: its hits are taken with stress and
        a consequence both when a plan does (`drain`, reached through the same hook)."""
        if self.plan is EVENING:
            return True
        return super().wants_extreme(button)

    def take_extreme(self, seat: Seat, prefix: str) -> bool:
        if self.plan is EVENING:
            return False
        return super().take_extreme(seat, prefix)

    def drain(self, seat: Seat, prefix: str) -> None:
        """In issue 43's evening, the hit is taken with a stress box and a consequence both, when
        a plan does, its consequence named (the evening's hits took consequences alone, or
        boxes alone, and never showed both at once); else as the page agent takes it."""
        if self.plan is not EVENING:
            super().drain(seat, prefix)
            return
        radio = seat.page.evaluate(BOTH_WAYS, prefix)
        if radio is None:
            return
        self.note(seat, f"takes the hit with stress and a consequence ({radio})")
        with contextlib.suppress(Unreachable):
            self.act_tick(seat, seat.page.locator(f"#{radio}"), True)
            self.name_consequences(seat, prefix)

    def click(self, seat: Seat, target: Any, control: dict[str, Any]) -> None:
        super().click(seat, target, control)
        if not seat.page.evaluate(FOCUSED):
            name = control["id"] or control["text"]
            self.find(seat, "focus-lost", f"after pressing {name!r}")

    def tick(self, seat: Seat, control: dict[str, Any]) -> None:
        with contextlib.suppress(Unreachable):
            super().tick(seat, control)

    def set_value(self, seat: Seat, control: dict[str, Any], value: str) -> None:
        with contextlib.suppress(Unreachable):
            super().set_value(seat, control, value)

    def drag(self, seat: Seat, target: Any, control: dict[str, Any]) -> None:
        """A drag's keyboard way: the person's move picker and button, the GM's placing form,
        or the free invoke's Pass button (each used as the agent would use it)."""
        page = seat.page
        listing = self.controls(seat)
        if control["classes"].startswith("person"):
            who = page.evaluate(
                "() => (document.querySelector('[data-agent-pick]') || {}).dataset?.character || ''"
            )
            # The fighter's own move (its picker and button), or the GM's placing form.
            ways = [
                c
                for c in listing
                if c["id"] == "place-button"
                or (c["id"].startswith("move-button-") and c["id"].endswith(who))
            ]
        else:
            holder = page.evaluate(
                "() => (document.querySelector('[data-agent-pick]') || {}).dataset?.holder || ''"
            )
            ways = [
                c for c in listing if c["id"].startswith("pass-") and c["id"].endswith(f"-{holder}")
            ]
        if not ways:
            self.find(seat, "drag-only", f"{control['text'][:40]!r} in {control['section']}")
            return
        self.note(seat, f"moves {control['text'][:30]!r} by keys, not by dragging")
        # Its fields (the person, the zone) are chosen beside it, as for any button.
        self.use(seat, self.rng.choice(ways), listing)

    # -- reaching a control -------------------------------------------------------------------

    def name_of(self, target: Any) -> str:
        try:
            return str(
                target.evaluate(
                    "(el) => el.id || `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}`"
                )
            )
        except Exception:
            return "?"

    def reach(self, seat: Seat, target: Any) -> None:
        """Move the seat's focus to `target` with Tab or Shift-Tab (the way that looks shorter
        in the focus order), at most PASSES passes through it; a radio's group is reached when
        any of its radios is. Raises Unreachable (with a finding) when the focus never gets
        there."""
        page = seat.page
        try:
            target.evaluate(MARK, timeout=2000)
        except Exception as error:
            raise Unreachable(f"gone: {str(error)[:80]}") from error
        name = self.name_of(target)
        self.moved[seat.key] = name
        state = page.evaluate(STATE)
        if state["at"]:
            self.visible_focus(seat, state)
            return
        total = max(1, int(state["total"]))
        if state["target"] is None or not state["stop"]:
            forward = True
        else:
            ahead = (state["target"] - state["from"]) % (total + 1)
            forward = ahead <= total / 2 + 0.5
        key = "Tab" if forward else "Shift+Tab"
        for _ in range(PASSES * (total + 1) + 2):
            page.keyboard.press(key)
            self.presses += 1
            state = page.evaluate(STATE)
            self.visible_focus(seat, state)
            if state["at"]:
                return
            if not state["connected"]:
                raise Unreachable(f"{name} went away while the agent tabbed to it")
        self.find(
            seat,
            "unreachable",
            f"{name!r}: {PASSES} passes of {key} through {total} stops never reached it"
            + ("" if state["stop"] else " (it is not in the focus order)"),
        )
        raise Unreachable(name)

    def visible_focus(self, seat: Seat, state: dict[str, Any]) -> None:
        if state["visible"] is False:
            key = f"{seat.key}:{state['active']}"
            if key not in self.unseen_focus:
                self.unseen_focus.add(key)
                self.find(
                    seat,
                    "no-visible-focus",
                    f"{state['active']!r} shows no outline nor shadow when focused",
                )

    # -- working it ---------------------------------------------------------------------------

    def act_press(self, seat: Seat, target: Any) -> None:
        self.reach(seat, target)
        tag = target.evaluate("(el) => el.tagName")
        key = "Space" if tag in ("BUTTON", "SUMMARY") and self.rng.random() < 0.3 else "Enter"
        seat.page.keyboard.press(key)
        self.presses += 1

    def act_select(self, seat: Seat, target: Any, value: str) -> None:
        """The arrow keys, one option at a time, until the select holds `value` (a closed select
        takes them as a new choice each, as Chromium does off macOS)."""
        self.reach(seat, target)
        page = seat.page
        options = target.evaluate(OPTIONS)
        if value not in options["values"]:
            return
        for _ in range(len(options["values"]) + 1):
            at = int(options["at"])
            wanted = options["values"].index(value)
            if at == wanted:
                return
            page.keyboard.press("ArrowDown" if wanted > at else "ArrowUp")
            self.presses += 1
            self.settle_page(seat)
            if not page.evaluate("() => document.activeElement?.hasAttribute('data-kbd')"):
                # The choice redrew the select: find it again (by its mark or id) and go on.
                self.reach(seat, target)
            options = target.evaluate(OPTIONS)
        if options["values"][int(options["at"])] != value:
            name = self.name_of(target)
            self.find(seat, "inoperable", f"{name!r}: the arrow keys never chose {value!r}")
            raise Unreachable(name)

    def act_tick(self, seat: Seat, target: Any, on: bool | None) -> None:
        page = seat.page
        radio = target.evaluate("(el) => el.type === 'radio'")
        self.reach(seat, target)
        if not radio:
            checked = bool(target.evaluate("(el) => el.checked"))
            if on is None or on != checked:
                page.keyboard.press("Space")
                self.presses += 1
            return
        # A radio: the arrows move through its group, choosing as they go.
        place = """(el) => {
            const group = [...document.querySelectorAll(`input[type=radio][name="${CSS.escape(el.name)}"]`)]
              .filter((r) => r.form === el.form && !r.disabled);
            return [group.indexOf(el), group.indexOf(document.activeElement), group.length];
        }"""
        # A press moves one radio: the walk is bounded by the group's size (a hit panel may offer
        # dozens of plans), with a few more for reaching the group again.
        tries, bound = 0, 12
        while tries < bound:
            tries += 1
            wanted, at, size = target.evaluate(place)
            bound = size + 4
            if at < 0:
                self.reach(seat, target)
                continue
            if at == wanted:
                if not target.evaluate("(el) => el.checked"):
                    page.keyboard.press("Space")
                    self.presses += 1
                return
            page.keyboard.press("ArrowDown" if wanted > at else "ArrowUp")
            self.presses += 1
            self.settle_page(seat)
        name = self.name_of(target)
        self.find(seat, "inoperable", f"{name!r}: the arrow keys never chose this radio")
        raise Unreachable(name)

    def act_fill(self, seat: Seat, target: Any, value: str) -> None:
        self.reach(seat, target)
        page = seat.page
        page.keyboard.press("ControlOrMeta+a")
        if not value:
            page.keyboard.press("Delete")
        elif len(value) <= 60:
            page.keyboard.type(value)
        else:
            # A long text is pasted, as a person would (one key event per letter is slow).
            page.keyboard.insert_text(value)
        self.presses += 2

    def act_files(self, seat: Seat, target: Any, payload: Any) -> None:
        self.reach(seat, target)
        page = seat.page
        try:
            with page.expect_file_chooser(timeout=5000) as chooser:
                page.keyboard.press("Space")
        except Exception as error:
            name = self.name_of(target)
            self.find(seat, "inoperable", f"{name!r}: Space opened no file chooser")
            raise Unreachable(name) from error
        self.presses += 1
        chooser.value.set_files(payload)


def play(
    browser: Any, server: str, seed: int, steps: int, evening_plan: bool = False
) -> tuple[KeyboardEvening, list[Finding]]:
    """One keyboard evening, played: the evening (its report, the keys it pressed) and its
    findings not known to be left for another branch. With `evening_plan`, issue 43's evening
    (EVENING: a Fate Core fight, a compel and the safety tools, a Russian GM, Swedish players,
    the second on a phone)."""
    if evening_plan:
        evening = KeyboardEvening(
            browser, server, seed, steps, EVENING, langs=EVENING_LANGS, phone=2
        )
    else:
        evening = KeyboardEvening(browser, server, seed, steps)
    done = evening.play()
    return evening, [f for f in done.findings if known(f) is None]


def main() -> int:
    from playwright.sync_api import sync_playwright

    from tests.web.agent.__main__ import seeds
    from tests.web.conftest import ARGS, CHROMIUM, start_server

    parser = argparse.ArgumentParser(
        prog="python -m tests.web.agent.keyboard", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seeds", type=seeds, default=seeds("1-3"), help="seeds: 7, 1-20 or 1,4,9")
    parser.add_argument("--steps", type=int, default=80, help="steps per evening")
    parser.add_argument("--trail", action="store_true", help="print every step of each evening")
    parser.add_argument(
        "--evening",
        action="store_true",
        help="play issue 43's evening (Fate Core, a fight, a compel, the safety tools; ru GM, sv players)",
    )
    args = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        process, base = start_server(Path(tmp) / "tables.db")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for seed in args.seeds:
                try:
                    evening, failing = play(browser, base, seed, args.steps, args.evening)
                    done = evening.report
                except Exception as error:  # the agent's own failure: the next evening goes on
                    print(f"seed {seed}: the agent failed: {str(error)[:300]}", flush=True)
                    failed += 1
                    continue
                lines = [
                    f"seed {seed}: {done.setup}; {sum(done.sent.values())} commands, "
                    f"{len(done.findings)} findings, {evening.presses} keys pressed",
                    "  sent: " + ", ".join(sorted(done.sent)),
                ]
                if args.trail:
                    lines.extend(done.trail)
                for finding in done.findings:
                    owner = known(finding)
                    lines.append(
                        "  " + finding.line() + (f" (known, left for {owner})" if owner else "")
                    )
                print("\n".join(lines), flush=True)
                failed += bool(failing)
        finally:
            browser.close()
            process.terminate()
            process.wait(timeout=10)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
