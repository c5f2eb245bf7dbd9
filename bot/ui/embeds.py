"""Embeds built from snapshots: pure functions, no awaits, within Discord's limits."""

from __future__ import annotations

import re

import discord

from bot.games import GAMES
from bot.games.base import Event
from bot.games.messages import from_json
from bot.games.options import changed_options
from bot.i18n import ENGLISH, Locale, number, render, t
from bot.i18n import options as words_of
from bot.tables.models import END_REASONS, Closing, SeatInfo, TableSnapshot

from .boards import board_for
from .images import BoardPicture, HandPicture
from .text import DESCRIPTION, EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, FIELDS, TITLE, clip

PHASE_COLOUR = {"lobby": discord.Colour.blurple(), "playing": discord.Colour.green(),
                "finished": discord.Colour.dark_grey()}


def _embed(title: str, colour: discord.Colour, description: str = "") -> discord.Embed:
    """An embed; an empty description is left out rather than shown as a dash."""
    return discord.Embed(title=clip(title, TITLE), colour=colour,
                         description=clip(description, DESCRIPTION) if description else None)


def _add(e: discord.Embed, name: str, value: str, inline: bool = False) -> None:
    if len(e.fields) < FIELDS and len(e) + len(name) + min(len(value), FIELD_VALUE) <= EMBED_TOTAL:
        e.add_field(name=clip(name, FIELD_NAME), value=clip(value, FIELD_VALUE), inline=inline)


def attach_image(e: discord.Embed, filename: str) -> discord.Embed:
    """Show the picture sent with the message as `filename` (a `discord.File`) inside the embed."""
    e.set_image(url=f"attachment://{filename}")
    return e


def embed_lines(e: discord.Embed) -> int:
    """About how many lines Discord shows for the embed: title, description, fields (inline
    fields side by side, three to a row) and footer."""
    lines = (1 if e.title else 0) + (len(e.description.splitlines()) if e.description else 0)
    row: list[int] = []
    for f in e.fields:
        height = 1 + len(str(f.value).splitlines())
        if f.inline and len(row) < 3:
            row.append(height)
            continue
        lines += max(row, default=0)
        row = [height] if f.inline else []
        if not f.inline:
            lines += height
    lines += max(row, default=0)
    return lines + (1 if e.footer.text else 0)


def phase_of(phase: str, locale: Locale = ENGLISH) -> str:
    """A game's phase as its view names it (“Play or fold”), in `locale`."""
    key = "phase." + re.sub(r"[^a-z]+", "_", phase.lower()).strip("_")
    found = t(locale, key)
    return phase if found == key else found


def title_of(snap: TableSnapshot, locale: Locale = ENGLISH) -> str:
    """The game's name in `locale`."""
    return t(locale, f"game.{snap.game_id}") if snap.game_id in GAMES else snap.title


def seat_line(snap: TableSnapshot, s: SeatInfo, locale: Locale = ENGLISH) -> str:
    marks = ("▶ " if s.seat in snap.to_act and snap.status == "playing" else "")
    who = f"🤖 {s.name}" if s.is_bot else f"<@{s.user_id}>"
    if not s.present:
        return t(locale, "ui.seat_left", who=who, chips=s.cashed_out or 0)
    note = t(locale, "ui.seat_leaving") if s.leaving else ""
    return f"{marks}{who} {number(locale, s.stack)}{note}"


def lobby_embed(snap: TableSnapshot, locale: Locale = ENGLISH) -> discord.Embed:
    buy_in = snap.buy_in
    if buy_in.minimum == buy_in.maximum:
        price = t(locale, "ui.price_fixed", chips=buy_in.minimum)
    elif buy_in.maximum is None:
        price = t(locale, "ui.price_from", chips=buy_in.default, low=buy_in.minimum)
    else:
        price = t(locale, "ui.price_range", chips=buy_in.default, low=buy_in.minimum, high=buy_in.maximum)
    e = _embed(t(locale, "ui.lobby_title", game=title_of(snap, locale)), PHASE_COLOUR["lobby"],
               t(locale, "ui.lobby_help", host=f"<@{snap.host_id}>", low=snap.min_players, high=snap.max_players))
    seated = "\n".join(f"{'🤖 ' + s.name if s.is_bot else f'<@{s.user_id}>'} · {number(locale, s.buy_in)}"
                       for s in snap.seats)
    _add(e, t(locale, "ui.players_count", seated=len(snap.seats), most=snap.max_players),
         seated or t(locale, "ui.nobody_yet"))
    _add(e, t(locale, "ui.buy_in"), price, inline=True)
    _add(e, t(locale, "ui.settings"), options_text(snap, locale))
    e.set_footer(text=t(locale, "ui.lobby_footer", table=str(snap.table_id), rules=t(locale, "cmd.rules.name"),
                        option=t(locale, "cmd.rules.game.name"), game=title_of(snap, locale)))
    return e


def options_text(snap: TableSnapshot, locale: Locale = ENGLISH) -> str:
    """The options changed from the rules' defaults, in words ("Scoring system: 20/25 · Target
    score: 150"), or "Standard rules" when none is."""
    changed = changed_options(getattr(GAMES.get(snap.game_id), "option_specs", ()), snap.options)
    return " · ".join(t(locale, "ui.set.row", option=words_of.title(locale, snap.game_id, spec),
                        value=words_of.say(locale, snap.game_id, spec, value))
                      for spec, value in changed) or t(locale, "ui.standard_rules")


LAST_MOVES = 3
MOVE_WIDTH = 160
INLINE_WIDTH = 48     # a one-line board field this short sits beside its neighbours


def _mention(snap: TableSnapshot, seat: int) -> str:
    return snap.names[seat] if snap.seats[seat].is_bot else f"<@{snap.seats[seat].user_id}>"


def table_embed(snap: TableSnapshot, events: list[Event] | None = None, image: str | None = None,
                locale: Locale = ENGLISH) -> discord.Embed:
    """The table message in the table's language: whose turn and the deadline, the board in a
    few short fields, the stacks in one line and the last three moves. With `image` (the
    attached file's name) the picture of the board shows under the text, which still reads on
    its own."""
    if snap.status == "lobby":
        return lobby_embed(snap, locale)
    public = snap.public or {}
    phase = public.get("phase", "")
    title = title_of(snap, locale)
    if snap.status == "finished":
        why = END_REASONS.get(snap.end_reason or "", END_REASONS["finished"])
        e = _embed(t(locale, "ui.game_over_title", game=title), PHASE_COLOUR["finished"],
                   t(locale, "ui.closed", reason=t(locale, why)))
        _add(e, t(locale, "ui.players"), " · ".join(seat_line(snap, s, locale) for s in snap.seats))
        e.set_footer(text=t(locale, "ui.table_footer", table=str(snap.table_id)))
        return attach_image(e, image) if image else e
    # the game's last deal (the host asked to stop, or the deal limit) is said until it ends
    ending = t(locale, "ui.last_deal", note=render(locale, from_json(public["ending"]), snap.names)) \
        if public.get("ending") else ""
    e = _embed(f"{title} · {phase_of(phase, locale)}" if phase else title, PHASE_COLOUR["playing"], ending)
    if snap.to_act:
        due = f" · {discord.utils.format_dt(snap.deadline, 'R')}" if snap.deadline else ""
        _add(e, t(locale, "ui.to_act"), ", ".join(_mention(snap, s) for s in snap.to_act) + due, inline=True)
    players = t(locale, "ui.players")
    if snap.public is not None:
        for name, value in board_for(snap.game_id).table_fields(public, snap.names, locale):
            _add(e, name, value, inline="\n" not in value and len(value) <= INLINE_WIDTH)
    board_has_players = any(f.name in ("Players", players) for f in e.fields)
    _add(e, t(locale, "ui.stacks") if board_has_players else players,
         " · ".join(seat_line(snap, s, locale) for s in snap.seats))
    lines = [_one_line(snap.render(ev, locale)) for ev in events or [] if ev.kind != "summary"][-LAST_MOVES:]
    if lines:
        _add(e, t(locale, "ui.last_moves"), "\n".join(lines))
    e.set_footer(text=t(locale, "ui.table_footer_hand", table=str(snap.table_id)))
    return attach_image(e, image) if image else e


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= MOVE_WIDTH else flat[:MOVE_WIDTH - 1] + "…"


def hand_embed(snap: TableSnapshot, seat: int, where: str, events: list[Event] | None = None,
               note: str | None = None, image: str | None = None, locale: Locale = ENGLISH) -> discord.Embed:
    """A seat's private view in its player's language, labelled with where the table is, for
    DMs and ephemeral replies; with `image`, the picture of the hand under the text."""
    private = snap.privates.get(seat, {})
    board = board_for(snap.game_id)
    your_turn = seat in snap.to_act
    e = _embed(t(locale, "ui.your_hand_title", game=title_of(snap, locale)),
               discord.Colour.gold() if your_turn else discord.Colour.light_grey(),
               board.hand_text(private, snap.public or {}, locale))
    if note:
        _add(e, t(locale, "ui.note"), note)
    for ev in events or []:
        _add(e, t(locale, "ui.just_now"), snap.render(ev, locale))
    if your_turn:
        due = t(locale, "ui.decide_by", when=discord.utils.format_dt(snap.deadline, "R")) if snap.deadline else ""
        _add(e, t(locale, "ui.your_turn"), t(locale, "ui.choose_below", due=due))
    elif snap.status == "playing" and snap.to_act:
        _add(e, t(locale, "ui.waiting_for"), ", ".join(snap.names[s] for s in snap.to_act))
        if snap.legal.get(seat):
            _add(e, t(locale, "ui.you_may"), t(locale, "ui.may_choose_now"))
    e.set_footer(text=clip(t(locale, "ui.hand_footer", where=where, table=str(snap.table_id),
                             stack=snap.seats[seat].stack), 2048))
    return attach_image(e, image) if image else e


def board_picture(snap: TableSnapshot, locale: Locale = ENGLISH) -> BoardPicture | None:
    """What the table's picture is drawn from while a game is on, else None."""
    if snap.status != "playing" or snap.public is None:
        return None
    return BoardPicture(snap.game_id, snap.public, list(snap.names),
                        dict(board_for(snap.game_id).image_labels(snap.public, locale)))


def hand_picture(snap: TableSnapshot, seat: int, locale: Locale = ENGLISH) -> HandPicture | None:
    """What the seat's hand picture is drawn from, or None when it holds nothing to show; its
    legend in `locale`."""
    private = snap.privates.get(seat)
    public = snap.public or {}
    return None if private is None else \
        HandPicture(snap.game_id, private, public, dict(board_for(snap.game_id).image_labels(public, locale)))


def board_image(snap: TableSnapshot, locale: Locale = ENGLISH) -> bytes | None:
    """The table's picture (PNG) while a game is on, else None; its few words in `locale`."""
    picture = board_picture(snap, locale)
    return None if picture is None else picture.draw()


def hand_image(snap: TableSnapshot, seat: int, locale: Locale = ENGLISH) -> bytes | None:
    """The seat's hand as a picture (PNG), or None when it holds nothing to show."""
    picture = hand_picture(snap, seat, locale)
    return None if picture is None else picture.draw()


def results_embed(snap: TableSnapshot, payouts: dict[int, int], locale: Locale = ENGLISH) -> discord.Embed:
    lines = []
    for s in snap.seats:
        if s.seat in payouts:
            who = f"🤖 {s.name}" if s.is_bot else f"<@{s.user_id}>"
            lines.append(t(locale, "ui.took_home", who=who, chips=payouts[s.seat], buy_in=s.buy_in))
    return _embed(t(locale, "ui.final_result", game=title_of(snap, locale)), PHASE_COLOUR["finished"],
                  "\n".join(lines) or t(locale, "ui.nobody_seated"))


def closing_embed(snap: TableSnapshot, closing: Closing, locale: Locale = ENGLISH) -> discord.Embed:
    """A table message's final words: the deal that ended (who won what, and why), the lobby
    whose game started, or the table that closed, with the stacks as they then stood."""
    how = None
    game = title_of(snap, locale)
    if closing.summary is not None and closing.public is not None:
        how = board_for(snap.game_id).summary_title(closing.public, snap.names, locale)   # “Hand 3 — Ann knocks, …”
    title = f"{how} · {game}" if how else (
        t(locale, "ui.deal_over", game=game) if closing.summary is not None
        else t(locale, "ui.table_title", game=game, table=str(snap.table_id)))
    text = render(locale, closing.message, snap.names)
    e = _embed(title, PHASE_COLOUR["finished"], text)
    if closing.stacks:
        stacks = "\n".join(f"{name} · {number(locale, amount)}" for name, amount in closing.stacks)
        _add(e, t(locale, "ui.stacks"), stacks)
    e.set_footer(text=t(locale, "ui.table_footer", table=str(snap.table_id)))
    return e
