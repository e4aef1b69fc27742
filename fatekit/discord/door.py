"""The front door: one handler for every interaction, whichever way it came in.

The Gateway (:mod:`.gateway`) and the HTTP interactions endpoint (:mod:`.endpoint`) both hand an
interaction to :meth:`FrontDoor.answer` with a way to send the first answer. The door finds the
table the channel is bound to and the seat the user plays, turns the slash command or button
into the table command the page would send (:mod:`.moves`) and sends it through the server's
:class:`~fatekit.server.service.TableService`, so the rules engine, the event log and the
per-seat views are the page's. What comes back is said privately, in the user's language
(Discord sends it with every interaction), and seen only as the user's seat may see it; what the
table may all see reaches the channel through the relay (:mod:`.relay`), once, whoever sent it.

Discord waits three seconds for the first answer. A move that takes longer (a busy table, a
slow database) is answered at ``defer_after`` with "thinking" (a deferred answer), and its reply
fills that in when it comes.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import hikari

from fatekit.discord import buttons as b
from fatekit.discord import seating as s
from fatekit.discord.bindings import Bindings, ChannelBinding, SeatBinding
from fatekit.discord.conditions import (
    condition_choices,
    condition_holders,
    condition_move,
    recover_move,
)
from fatekit.discord.context import Context, Seen
from fatekit.discord.lines import Reader, escape
from fatekit.discord.lookup import (
    Choice,
    Found,
    aspects,
    characters,
    choices,
    in_play,
    pick,
    pick_character,
    skills,
)
from fatekit.discord.moves import (
    COUNT_OPTIONS,
    DEFEND_OPTIONS,
    Ask,
    Move,
    acting,
    border_aspects,
    counted_choices,
    counted_named,
    counted_worth,
    gm_move,
    move_for,
    open_tasks,
    package_ways,
    resolution_of,
    resolution_options,
    roll_choices,
    roll_for,
    rolls_in_play,
    scene_zones,
    stunt_names,
    weight_claimed,
    zone_choices,
)
from fatekit.discord.protocol import EPHEMERAL, Callback, Interaction, message, private_reply
from fatekit.discord.rest import Rest
from fatekit.discord.sheets import scene_text, sheet_text
from fatekit.discord.words import language_of, words
from fatekit.rules.characters.combined_rolls import second_keys
from fatekit.rules.characters.modes import ModeShape
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import FateError
from fatekit.server.errors import ApiError, problem
from fatekit.server.service import Caller, TableService
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.extras import extras_for
from fatekit.table.offers import roll_odds, stunt_bonuses
from fatekit.table.play.aspects import self_compel_answers
from fatekit.table.state import TableState
from fatekit.table.views import view_for

__all__ = ["FrontDoor", "Respond", "seen_by"]

#: The table commands that roll a skill for an action, with the action (``None``: the command's
#: own ``action`` field), for the stunts that add to them.
_ACTIONS: dict[str, Action | None] = {
    "Roll": None,
    "Overcome": Action.OVERCOME,
    "CreateAdvantage": Action.CREATE_ADVANTAGE,
    "Attack": Action.ATTACK,
}

_log = logging.getLogger("fatekit.discord")

JSON = dict[str, Any]
Respond = Callable[[JSON], Awaitable[None]]
#: Seconds after which a move still being played is answered with "thinking" (Discord allows 3).
DEFER_AFTER = 2.0
#: How long an interaction's token lives (seconds): a replay is recognised this long.
TOKEN_LIFETIME = 15 * 60
#: Discord's epoch (2015-01-01) in milliseconds: a snowflake counts from it.
DISCORD_EPOCH_MS = 1_420_070_400_000
#: Channel types that are threads (announcement, public and private).
THREAD_TYPES = frozenset({10, 11, 12})


def table_names(state: TableState) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """A rule-set file's own names for its skills and stress tracks (empty for a built-in, whose
    names are the catalogs')."""
    if state.ruleset_file is None:
        return {}, {}
    preset = state.ruleset.preset
    skill_names = {s.key: {"": s.name, **dict(s.names)} for lst in preset.skill_lists for s in lst}
    track_names = {t.track.value: {"": t.name, **dict(t.names)} for t in preset.stress_tracks}
    return skill_names, track_names


def preset_skill_names(state: TableState) -> dict[str, dict[str, str]]:
    """A built-in rule set's names for its skills, by language, said where the catalogs name
    none (Atomic Robo's science skills; empty for a table playing a rule-set file, whose names
    come first: :func:`table_names`)."""
    if state.ruleset_file is not None:
        return {}
    lists = state.ruleset.preset.skill_lists
    return {s.key: {"": s.name, **dict(s.names)} for lst in lists for s in lst}


def condition_names(state: TableState) -> dict[str, dict[str, str]]:
    """The rule set's own names for its conditions (the Fate System Toolkit's), by language."""
    return {c.key: {"": c.name, **dict(c.names)} for c in state.ruleset.preset.conditions}


def mode_names(state: TableState) -> dict[str, dict[str, str]]:
    """A rule set's modes by key, named in each language it gives (empty without modes)."""
    shape = state.ruleset.preset.shape
    if not isinstance(shape, ModeShape):
        return {}
    return {m.key: {"": m.name, **dict(m.names)} for m in shape.modes}


def package_names(state: TableState) -> dict[str, dict[str, str]]:
    """A rule set's packages (Venture City's powers), what it calls them and each package and
    option, named in each language it gives (empty without packages)."""
    spec = state.ruleset.preset.packages
    if spec is None:
        return {}
    names = {"label": {"": spec.label, **dict(spec.names)}}
    for p in spec.packages:
        names[f"package:{p.key}"] = {"": p.name, **dict(p.names)}
    for o in spec.options:
        names[f"option:{o.key}"] = {"": o.name, **dict(o.names)}
    return names


def seen_by(state: TableState, seat: str | None, language: str) -> Seen:
    """What ``seat`` (``None``: the public) sees of the table, read aloud in ``language``."""
    view = view_for(state, seat)
    view["skills"] = list(state.ruleset.preset.skill_keys)
    # Two combined lists: the second list's skills, which /roll's ``second`` offers.
    view["second_skills"] = list(second_keys(state.ruleset.preset))
    if seat is None:
        _gm_answers(state, view)
    extras = extras_for(state, seat) if seat is not None else {}
    skill_names, track_names = table_names(state)
    reader = Reader(
        view,
        words(language),
        skill_names=skill_names,
        track_names=track_names,
        condition_names=condition_names(state),
        mode_names=mode_names(state),
        package_names=package_names(state),
        preset_skill_names=preset_skill_names(state),
    )
    return Seen(view, extras, reader)


def _gm_answers(state: TableState, view: JSON) -> None:
    """The channel's post carries the GM's buttons for each self-compel: the public's view
    answers none, so each gets the answers the table's GM may give it now (only turning it
    down once its aspect is gone), by the table's own check."""
    gm = next((seat for seat in state.seats.values() if seat.is_gm), None)
    for asked in view.get("self_compels") or ():
        record = state.self_compels.get(asked["id"])
        if gm is not None and record is not None:
            asked["answers"] = self_compel_answers(state, gm, record)


class FrontDoor:
    """Answers interactions against the tables ``service`` holds."""

    def __init__(
        self,
        service: TableService,
        rest: Rest,
        application_id: str,
        *,
        defer_after: float = DEFER_AFTER,
    ) -> None:
        self.service = service
        self.rest = rest
        self.application_id = application_id
        self.defer_after = defer_after
        self.bindings = Bindings(service.store)
        self._channels: dict[str, ChannelBinding] = {}
        self._seats: dict[tuple[str, str], SeatBinding] = {}
        self._version = -1
        #: Called (on the loop) when a binding changed here, so the relay looks again at once.
        self.on_bindings: Callable[[], None] = lambda: None
        #: How the process stands with Discord, for `/fatekit status` (set by the runner).
        self.standing: Callable[[], dict[str, Any]] = lambda: {}
        #: The first answer to each interaction answered in the token's lifetime, by id.
        self._answers: dict[str, tuple[asyncio.Future[JSON], float]] = {}
        self.clock: Callable[[], float] = time.time

    # -- answering --------------------------------------------------------------------------------

    def fresh(self, interaction_id: object) -> bool:
        """Whether an interaction's id is one Discord could send now: a snowflake made less than
        its token's lifetime ago (15 minutes), and not in the future (a minute of clock skew
        allowed). An older one, replayed or re-signed, is never applied."""
        if not isinstance(interaction_id, str) or not interaction_id.isdigit():
            return False
        made = ((int(interaction_id) >> 22) + DISCORD_EPOCH_MS) / 1000
        now = self.clock()
        return now - TOKEN_LIFETIME <= made <= now + 60

    async def answer(self, interaction: JSON, respond: Respond) -> None:
        """Answer one interaction: ``respond`` sends the first answer (a callback over HTTP, or
        the endpoint's own response); a reply that takes longer than ``defer_after`` is deferred
        first and then written into the deferred message. An interaction already answered (a
        replay: Discord's, or anyone's) is given the same first answer and applied no more."""
        key = str(interaction.get("id", ""))
        loop = asyncio.get_running_loop()
        self._forget(loop.time())
        earlier = self._answers.get(key)
        if earlier is not None:
            await respond(await asyncio.shield(earlier[0]))
            return
        first: asyncio.Future[JSON] = loop.create_future()
        self._answers[key] = (first, loop.time())

        async def once(answer: JSON) -> None:
            if not first.done():
                first.set_result(answer)
            await respond(answer)

        try:
            await self._answer(interaction, once)
        finally:
            if not first.done():
                first.set_result(private_reply(words("en")("discord.failed")))

    def _forget(self, now: float) -> None:
        """Drop the answers kept longer than an interaction's token lives."""
        while self._answers:
            key, (_, when) = next(iter(self._answers.items()))
            if now - when < TOKEN_LIFETIME:
                return
            del self._answers[key]

    async def _answer(self, interaction: JSON, respond: Respond) -> None:
        work = asyncio.ensure_future(self._reply(interaction))
        done, _ = await asyncio.wait({work}, timeout=self.defer_after)
        if work in done:
            await respond(work.result())
            return
        kind = interaction.get("type")
        if kind == Interaction.APPLICATION_COMMAND_AUTOCOMPLETE:
            await respond(
                {"type": Callback.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, "data": {"choices": []}}
            )
            work.cancel()
            return
        await respond(
            {"type": Callback.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, "data": {"flags": EPHEMERAL}}
        )
        reply = await work
        body = reply.get("data") or {}
        if reply.get("type") != Callback.CHANNEL_MESSAGE_WITH_SOURCE:
            language = language_of(interaction.get("locale"))
            body = message(words(language)("discord.again"), ephemeral=True)
        body = {k: v for k, v in body.items() if k != "flags"}
        await self.rest.edit_original(self.application_id, str(interaction["token"]), body)

    async def _reply(self, interaction: JSON) -> JSON:
        kind = interaction.get("type")
        if kind == Interaction.PING:
            return {"type": Callback.PONG}
        answer = await self._reply_to(interaction)
        if kind == Interaction.APPLICATION_COMMAND_AUTOCOMPLETE and (
            answer.get("type") != Callback.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        ):
            # Discord takes only choices for an autocomplete: whatever went wrong, none.
            return {
                "type": Callback.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
                "data": {"choices": []},
            }
        return answer

    async def _reply_to(self, interaction: JSON) -> JSON:
        try:
            factory = (await self.rest.client()).entity_factory
            parsed = factory.deserialize_interaction(interaction)
            context = await self._context(parsed, interaction)
        except Exception:
            # Not an interaction hikari can read as Discord documents it.
            _log.warning(
                "an interaction Discord's documentation does not describe was refused",
                exc_info=True,
            )
            return private_reply(words(language_of(interaction.get("locale")))("discord.unknown"))
        try:
            if isinstance(parsed, hikari.CommandInteraction):
                options = _options(parsed.options, parsed.resolved)
                return await self._command(context, parsed.command_name, options)
            if isinstance(parsed, hikari.AutocompleteInteraction):
                return await self._autocomplete(context, parsed)
            if isinstance(parsed, hikari.ComponentInteraction):
                data: JSON = {"custom_id": parsed.custom_id, "values": list(parsed.values)}
                return await b.pressed(self, context, parsed.custom_id, data)
            if isinstance(parsed, hikari.ModalInteraction):
                custom_id = parsed.custom_id
                fields = _typed_fields(parsed) or _fields(interaction.get("data") or {})
                form, _, rest = custom_id.partition(":")
                if form == "link":  # a seat link's form (seating); the rest are the buttons'
                    name, _, language = rest.partition(":")
                    return await s.bind(self, context, name, language, fields.get("link", ""))
                return await b.submitted(self, context, custom_id, fields)
        except Ask as asked:
            return private_reply(context.words(asked.key, **asked.fields))
        except Found as missing:
            option = context.words(f"discord.opt.{missing.option}")  # as their Discord names it
            said = context.words("discord.not_found", option=option, typed=escape(missing.typed))
            return private_reply(said)
        except (ApiError, FateError) as error:
            # Read as the user's seat, the table refused (a seat gone, a table removed).
            return private_reply(b.refusal_text(problem(error)[1], context.words))
        except Exception:
            # A bug of ours: logged with its traceback to be fixed; the user is told plainly.
            _log.exception("the Discord front door failed to answer an interaction")
            return private_reply(context.words("discord.failed"))
        return private_reply(context.words("discord.unknown"))

    # -- who and where ----------------------------------------------------------------------------

    async def _context(self, parsed: hikari.PartialInteraction, raw: JSON) -> Context:
        user = getattr(parsed, "user", None)
        if not isinstance(user, hikari.User):
            raise ValueError("an interaction without its user")
        member = getattr(parsed, "member", None)
        name = (
            (member.nickname if member is not None else None) or user.global_name or user.username
        )
        channel = getattr(parsed, "channel", None)
        if channel is None:
            raise ValueError("an interaction without its channel")
        channel_id = str(channel.id)
        guild = getattr(parsed, "guild_id", None)
        await self.refresh()
        bound = self._channels.get(channel_id)
        seat = None
        if bound is not None:
            seat = self._seats.get((bound.table_id, str(user.id)))
            if seat is not None and not await asyncio.to_thread(self._holds, seat):
                await asyncio.to_thread(
                    self.bindings.unbind_seat, seat.table_id, str(user.id), "link revoked"
                )
                await self.refresh()
                seat = None
        return Context(
            str(user.id),
            str(name),
            words(language_of(str(getattr(parsed, "locale", "") or ""))),
            channel_id,
            str(guild) if guild is not None else None,
            bound,
            seat,
            raw,
            app_permissions=int(getattr(parsed, "app_permissions", 0) or 0),
            thread=int(channel.type) in THREAD_TYPES,
        )

    def _holds(self, seat: SeatBinding) -> bool:
        """Whether a seat binding still holds: its link is live (a GM's binding: the seat is
        still at the table)."""
        if seat.link_hash is not None:
            return self.service.links.is_live(seat.table_id, seat.link_hash, seat.seat)
        return True

    async def refresh(self) -> None:
        """Read the bindings again if any process changed them."""

        def read() -> None:
            version = self.bindings.version()
            if version != self._version:
                self._channels, self._seats = self.bindings.load()
                self._version = version

        await asyncio.to_thread(read)

    def channels(self) -> dict[str, ChannelBinding]:
        """Every bound channel, as last read."""
        return dict(self._channels)

    def seats(self) -> dict[tuple[str, str], SeatBinding]:
        """Every seat binding, as last read."""
        return dict(self._seats)

    async def changed(self) -> None:
        """A binding changed here: read them again and tell the relay."""
        await self.refresh()
        self.on_bindings()

    # -- reading the table ------------------------------------------------------------------------

    async def seen(self, context: Context, *, public: bool = False) -> Seen:
        """The table as the user's seat sees it (the public's view, for one with no seat), in
        the user's language."""
        assert context.channel is not None
        seat = None if public or context.seat is None else context.seat.seat
        language = context.table_words.language if public else context.words.language
        return await self.service.read_table(
            context.channel.table_id, lambda state: seen_by(state, seat, language)
        )

    def caller(self, context: Context) -> Caller:
        """The seat the user plays, as the server's caller (only for a bound user)."""
        if context.channel is None:
            raise Ask("discord.not_bound")
        if context.seat is None:
            raise Ask("discord.no_seat")
        return Caller(context.channel.table_id, context.seat.seat)

    # -- slash commands ---------------------------------------------------------------------------

    async def _command(self, context: Context, name: str, options: dict[str, Any]) -> JSON:
        if name == "fatekit":
            return await self._status(context)
        if name in ("bind", "join"):
            return s.link_modal(context, name, options)
        if name == "unbind":
            return await s.unbind(self, context)
        if name == "leave":
            return await s.leave(self, context)
        if name in ("seat", "unseat"):
            return await s.seat_someone(self, context, name, options)
        if context.channel is None:
            raise Ask("discord.not_bound")
        if name == "scene":
            seen = await self.seen(context, public=context.seat is None)
            return private_reply(scene_text(seen.view, seen.reader))
        if name == "sheet":
            return await self._sheet(context, options)
        if name == "odds":
            return await self._odds(context, options)
        if name == "hit":
            return await b.hit_options(self, context)
        if name == "allow":
            return await b.allow_typed(self, context, options)
        if name == "character":
            return await s.import_character(self, context, options)
        caller = self.caller(context)
        seen = await self.seen(context)
        if name == "gm":
            sub, sub_options = _subcommand(options)
            if sub != "command" and not seen.view["you"]["may"]:
                # The table would refuse each of these too (the seat's document offers none of
                # the GM's moves); said at once, before the options. (`/gm command` sends any
                # table command: the table decides who may.)
                return private_reply(context.words("discord.gm_only"))
            if sub == "command":
                move = _generic(options=sub_options)
            elif sub == "condition":
                move = condition_move(sub_options, seen.view, seen.reader)
            else:
                move = gm_move(sub, sub_options, seen.view, seen.reader)
        elif name == "recover":
            who = acting(seen.view, options)
            move = recover_move(options, seen.view, seen.reader, who)
        else:
            move = move_for(name, options, seen.view, seen.extras, seen.reader)
            if move.type in _ACTIONS:
                move = await self._with_stunts(caller, move)
            if move.type == "ResolveRoll":
                # Several ways to settle and none named: offered as the Settle button offers
                # them. An outcome that makes an aspect and names none: its name is asked.
                roll = next(r for r in rolls_in_play(seen.view) if r["id"] == move.data["roll"])
                if "option" not in move.data:
                    menu = b.settle_menu(seen, roll, context.words, least=2)
                    if menu is not None:
                        return menu
                form = b.aspect_name_form(seen, move.data, context.words)
                if form is not None:
                    return form
        return await self.play(context, caller, move)

    async def play(
        self,
        context: Context,
        caller: Caller,
        move: Move,
        *,
        waive: list[str] | None = None,
        reason: str | None = None,
    ) -> JSON:
        """Send a move as the user's seat and answer with what it did, as the seat sees it; a
        refusal says why, with the GM's "allow it anyway" where the rule may be set aside."""
        try:
            _, shown = await self.service.command(
                caller, move.type, move.data, waive=waive, reason=reason
            )
        except (ApiError, FateError) as error:
            return await b.refused(self, context, caller, move, error)
        seen = await self.seen(context)
        lines = [line for line in (seen.reader.line(e) for e in shown) if line]
        for extra in (seen.reader.verdict(), seen.reader.turn()):
            if extra:
                lines.append(extra)
        lines += seen.reader.contest(any(e.get("type") == "RollResolved" for e in shown))
        text = "\n".join(lines) or context.words("discord.done")
        return private_reply(text, b.waiting_buttons(seen, context.words))

    async def _with_stunts(self, caller: Caller, move: Move) -> Move:
        """A roll naming the actor's stunts that add a free bonus to it, as the page's roll
        dialog names them (:func:`~fatekit.table.offers.stunt_bonuses`), before any the person
        chose."""
        data = move.data
        action = _ACTIONS[move.type] or Action(str(data.get("action", "overcome")))
        skill = data.get("skill")
        second = data.get("second_skill")

        def counted(state: TableState) -> list[str]:
            character = state.game.characters.get(str(data.get("actor")))
            if character is None or not isinstance(skill, str):
                return []
            on = second if isinstance(second, str) else None
            found = stunt_bonuses(state, character, skill, action, second=on)
            return [s["name"] for s in found if s["counted"]]

        named = await self.service.read_table(caller.table_id, counted)
        chosen = [n for n in data.get("stunts", ()) if n not in named]
        if not named and not chosen:
            return move
        return Move(move.type, {**data, "stunts": named + chosen})

    # -- private readings -------------------------------------------------------------------------

    async def _status(self, context: Context) -> JSON:
        """``/fatekit status``: whether the app is connected, the channel bound, the app allowed
        to post here, the table's posts all through, and which seat the user plays."""
        t = context.words
        standing = self.standing()
        lines = [t("discord.status.title")]
        gateway = standing.get("gateway")
        if isinstance(gateway, dict):
            if gateway.get("ready"):
                lines.append(t("discord.status.gateway_ready"))
            else:
                lines.append(
                    t(
                        "discord.status.gateway_down",
                        trouble=escape(str(gateway.get("trouble") or "…")),
                    )
                )
        if standing.get("endpoint"):
            lines.append(t("discord.status.endpoint"))
        missing = s.missing_permissions(context)
        if missing:
            lines.append(
                t("discord.status.cannot_post", permissions=s.permissions_text(missing, t))
            )
        else:
            lines.append(t("discord.status.can_post"))
        if context.channel is None:
            lines.append(t("discord.status.unbound"))
            return private_reply("\n".join(lines))
        table_id = context.channel.table_id
        name = await self.service.read_table(table_id, lambda state: state.name)
        lines.append(t("discord.status.bound", table=escape(name)))
        trouble = (standing.get("trouble") or {}).get(table_id)
        if trouble:
            lines.append(t("discord.status.waiting", trouble=escape(str(trouble))))
        if context.seat is None:
            lines.append(t("discord.status.no_seat"))
        else:
            seat_id = context.seat.seat
            seat_name = await self.service.read_table(
                table_id,
                lambda state: state.seats[seat_id].name if seat_id in state.seats else seat_id,
            )
            lines.append(t("discord.status.seat", seat=escape(seat_name)))
        return private_reply("\n".join(lines))

    async def _sheet(self, context: Context, options: Mapping[str, Any]) -> JSON:
        seen = await self.seen(context, public=context.seat is None)
        typed = options.get("character")
        if typed:
            from fatekit.discord.lookup import pick

            who = pick(str(typed), characters(seen.view), "character")
        else:
            who = acting(seen.view, {})
        return private_reply(sheet_text(seen.view, who, seen.reader))

    async def _odds(self, context: Context, options: Mapping[str, Any]) -> JSON:
        from fatekit.discord.lookup import pick
        from fatekit.discord.sheets import odds_text

        caller = self.caller(context)
        seen = await self.seen(context)
        who = acting(seen.view, options)
        # A PC that counts aspects (The Three Rocketeers) names those, not a skill.
        named = [str(options[n]) for n in COUNT_OPTIONS if options.get(n)]
        counted = counted_named(seen.view, named)
        theirs = [str(options[n]) for n in DEFEND_OPTIONS if options.get(n)]
        defend_counted = counted_named(seen.view, theirs)
        counting = counted_worth(seen.view, who) is not None
        if counted is None and counting and not options.get("skill"):
            counted = ()  # nothing named: the odds at +0, as the table would say
        skill = ""
        if counted is None or options.get("skill"):
            listed = skills(seen.view, who, seen.reader)
            skill = pick(str(options.get("skill", "")), listed, "skill")
        second = options.get("second")  # two combined lists: the second skill the roll adds
        second_skill = None
        if second:
            listed = skills(seen.view, who, seen.reader)
            try:
                second_skill = pick(str(second), listed, "second")
            except Found:
                second_skill = str(second)  # the engine says whether it is on the second list
        typed = options.get("against")
        against = pick_character(str(typed), seen.view, "against") if typed else None
        difficulty = options.get("difficulty")
        if against is None and difficulty is None:
            difficulty = 0  # Mediocre, as a roll with no difficulty named is taken
        action = str(options.get("action") or "overcome")
        claimed = weight_claimed(seen.view, who, options)
        found = await self.service.read(
            caller,
            lambda state, seat: roll_odds(
                state,
                seat,
                actor=who,
                skill=skill,
                difficulty=None if difficulty is None else int(difficulty),
                against=against,
                action=action,
                weight_claimed=claimed,
                second_skill=second_skill,
                counted=counted,
                defend_counted=defend_counted,
            ),
        )
        return private_reply(
            odds_text(found, who, skill, against, seen.reader, counted, defend_counted)
        )

    # -- autocomplete -----------------------------------------------------------------------------

    async def _autocomplete(self, context: Context, parsed: hikari.AutocompleteInteraction) -> JSON:
        name = parsed.command_name
        options = _options(parsed.options)
        focused = _focused(parsed.options)
        listed: list[Choice] = []
        if context.channel is not None:
            if name == "gm":
                sub, options = _subcommand(options)
                # Its zones are the scene's; its conditions, the sheets' as offered to the GM.
                name = f"gm.{sub}" if sub in ("border", "condition") else name
            seen = await self.seen(context, public=context.seat is None)
            listed = await self._suggestions(context, seen, name, focused, options)
        typed = str(options.get(focused, "") or "")
        return {
            "type": Callback.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
            "data": {"choices": choices(listed, typed)},
        }

    async def _suggestions(
        self, context: Context, seen: Seen, command: str, focused: str, options: Mapping[str, Any]
    ) -> list[Choice]:
        view, reader = seen.view, seen.reader
        if command == "gm.border":
            return _border_suggestions(seen, focused, options)
        if command == "gm.condition":
            return _condition_suggestions(seen, focused, options)
        if command == "recover" and focused == "condition":
            try:
                recovering = acting(view, options)
            except (Ask, Found):
                return []
            return condition_choices(view, recovering, reader, "RecoverCondition")
        if focused in ("as", "character"):
            mine = set(view["you"]["characters"])
            listed = characters(view)
            return [c for c in listed if c.value in mine] if focused == "as" else listed
        if focused in ("target", "against", "to", "next", "first"):
            return in_play(view)
        if focused == "skill":
            try:
                who = acting(view, options)
            except (Ask, Found):
                who = None
            found = skills(view, who, reader)
            return found or [Choice(reader.skill(k), k) for k in view.get("skills", ())]
        if focused in COUNT_OPTIONS + DEFEND_OPTIONS:
            return _count_suggestions(view, reader, focused, options)
        if focused == "second":
            # Two combined lists: the second list's skills, rated on the sheet when it is seen.
            keys = view.get("second_skills", ())
            try:
                who = acting(view, options)
            except (Ask, Found):
                who = None
            rated = [c for c in skills(view, who, reader) if c.value in keys]
            return rated or [Choice(reader.skill(k), k) for k in keys]
        if focused == "aspect":
            try:
                holder: str | None = acting(view, options, roll_side=True)
            except (Ask, Found):
                holder = None
            out = []
            for choice, held in aspects(view, holder):
                if command == "pass" and not held:
                    continue  # only a free invoke held may be passed on
                name = choice.name.strip() or reader.t("aspect.unnamed_boost")
                label = name if not held else f"{name} ({reader.t('invoke.free_held', n=held)})"
                out.append(Choice(label, choice.value))
            return out
        if focused == "task":
            return open_tasks(view, reader)
        if focused == "zone":
            try:
                return zone_choices(view, acting(view, options), reader)
            except (Ask, Found):
                return []
        if focused == "stunt":
            try:
                return stunt_names(view, acting(view, options))
            except (Ask, Found):
                return []
        if focused == "package":
            try:
                return package_ways(view, acting(view, options), reader)
            except (Ask, Found):
                return []
        if focused == "option":
            try:
                roll = roll_for(view, options, reader)
            except (Ask, Found):
                return []
            return resolution_options(resolution_of(seen.extras, roll), reader)
        if focused == "seat":
            return [
                Choice(f"{s['name']} ({reader.t('role.' + s['role'])})", s["id"])
                for s in view["seats"]
            ]
        if focused == "roll" and command != "reveal":
            return roll_choices(view, reader)
        if focused == "roll":
            screen = view.get("screen") or {}
            return [
                Choice(
                    f"{reader.who(r['actor']).strip('*')}: {reader.skill(r['skill'])}", r["roll_id"]
                )
                for r in screen.get("secret_rolls", ())
            ]
        if focused == "move":
            return await b.kept_moves(self, context, reader)
        if focused == "visibility":
            return [Choice(reader.t(f"note.{v}"), v) for v in view["you"].get("notes", ())]
        if focused == "type":
            return [Choice(n, n) for n in sorted(COMMAND_TYPES) if n != "CreateTable"]
        return []


def _count_suggestions(
    view: JSON, reader: Reader, focused: str, options: Mapping[str, Any]
) -> list[Choice]:
    """The aspects a PC may count (count1..3: the roller's; defend1..3: those of the PC it
    rolls against or attacks), with what each adds, less those the other options chose."""
    names = COUNT_OPTIONS if focused in COUNT_OPTIONS else DEFEND_OPTIONS
    try:
        if names is COUNT_OPTIONS:
            who: str | None = acting(view, options)
        else:
            typed = str(options.get("target") or options.get("against") or "")
            who = pick_character(typed, view, "target") if typed else None
    except (Ask, Found):
        return []
    chosen = tuple(str(options[n]) for n in names if n != focused and options.get(n))
    return counted_choices(view, who, reader, chosen)


def _border_suggestions(seen: Seen, focused: str, options: Mapping[str, Any]) -> list[Choice]:
    """``/gm border``'s choices: the scene's situation aspects (with ``clear``, those on a
    border now), its zones, and the zones next to the one chosen."""
    if focused == "aspect":
        return border_aspects(seen.view, seen.extras if options.get("clear") else None)
    if focused == "zone":
        return scene_zones(seen.view)
    if focused == "neighbour":
        typed = str(options.get("zone") or "")
        try:
            zone = pick(typed, scene_zones(seen.view), "zone") if typed else None
        except Found:
            zone = None
        return scene_zones(seen.view, zone)
    return []


def _condition_suggestions(seen: Seen, focused: str, options: Mapping[str, Any]) -> list[Choice]:
    """``/gm condition``'s choices, as the table offers them to the seat: the characters with a
    condition it may mark (with ``clear``: clear), that character's such conditions, and whoever
    inflicted it."""
    offer = "ClearCondition" if options.get("clear") else "MarkCondition"
    if focused == "character":
        return condition_holders(seen.view, offer)
    if focused == "condition":
        typed = str(options.get("character") or "")
        try:
            who = pick(typed, characters(seen.view), "character") if typed else None
        except Found:
            return []
        return condition_choices(seen.view, who, seen.reader, offer)
    if focused == "by":
        return in_play(seen.view)
    return []


def _plain(value: object) -> object:
    """An option's value as the moves read it (a snowflake as its digits)."""
    if isinstance(value, hikari.Snowflake):
        return str(value)
    return value


def _options(
    options: Sequence[hikari.CommandInteractionOption]
    | Sequence[hikari.AutocompleteInteractionOption]
    | None,
    resolved: hikari.ResolvedOptionData | None = None,
) -> dict[str, Any]:
    """A command's options by name (a subcommand's, with options or none, under its own name),
    read from hikari's model of the interaction; the users and files it names under
    ``__resolved__``."""
    out: dict[str, Any] = {}
    for option in options or ():
        if option.type in (hikari.OptionType.SUB_COMMAND, hikari.OptionType.SUB_COMMAND_GROUP):
            out[option.name] = _options(option.options)
        else:
            out[option.name] = _plain(option.value)
    if resolved is not None and (resolved.users or resolved.attachments):
        out["__resolved__"] = {
            "users": {
                str(k): {"id": str(k), "username": u.username, "global_name": u.global_name}
                for k, u in resolved.users.items()
            },
            "attachments": {
                str(k): {"id": str(k), "url": a.url, "size": a.size, "filename": a.filename}
                for k, a in resolved.attachments.items()
            },
        }
    return out


def _focused(options: Sequence[hikari.AutocompleteInteractionOption] | None) -> str:
    for option in options or ():
        if option.is_focused:
            return option.name
        inner = _focused(option.options)
        if inner:
            return inner
    return ""


def _typed_fields(parsed: hikari.ModalInteraction) -> dict[str, str]:
    """A form's text inputs by custom id, as hikari read them (inputs in action rows)."""
    out: dict[str, str] = {}
    for row in parsed.components:
        for component in getattr(row, "components", ()):
            if isinstance(component, hikari.TextInputComponent):
                out[component.custom_id] = component.value
    return out


def _subcommand(options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    for name, value in options.items():
        if isinstance(value, dict) and name != "__resolved__":
            return name, value
    return "", {}


def _fields(data: JSON) -> dict[str, str]:
    """A modal's text inputs by custom id, read from Discord's JSON where hikari reads none (a
    form laid out in Labels): each input inside a label or a row, at most two levels down."""
    out: dict[str, str] = {}
    for top in data.get("components") or ():
        if not isinstance(top, dict):
            continue
        listed = top.get("components")
        inner: list[Any] = listed if isinstance(listed, list) else [top.get("component")]
        for component in inner:
            if isinstance(component, dict) and isinstance(component.get("custom_id"), str):
                value = component.get("value")
                if isinstance(value, str):
                    out[component["custom_id"]] = value
    return out


def _generic(options: Mapping[str, Any]) -> Move:
    """The GM's ``/gm command``: any table command by type, with its fields as JSON."""
    text = str(options.get("data") or "{}")
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise Ask("discord.not_json")
    return Move(str(options.get("type", "")), data)
