"""Embeds built from snapshots: pure functions, no awaits, within Discord's limits."""

from __future__ import annotations

import discord

from bot.games import GAMES
from bot.games.base import Event
from bot.games.messages import Msg, MsgJson, from_json
from bot.games.options import OptionSpec, changed_options, is_turn_timer
from bot.i18n import ENGLISH, Locale, render, t
from bot.i18n import options as words_of
from bot.tables.models import BOT_NAME, END_REASONS, Closing, SeatInfo, TableSnapshot

from .boards import board_for
from .images import BoardPicture, HandPicture
from .text import DESCRIPTION, EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, FIELDS, TITLE, clip, clip_width

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


def phase_of(phase: MsgJson, locale: Locale = ENGLISH) -> str:
    """A game's phase as its view names it (`messages.msg_json`: “Play or fold”), in `locale`."""
    return render(locale, from_json(phase), ())


def title_of(snap: TableSnapshot, locale: Locale = ENGLISH) -> str:
    """The game's name in `locale`."""
    return t(locale, f"game.{snap.game_id}") if snap.game_id in GAMES else snap.title


def who(s: SeatInfo, locale: Locale = ENGLISH) -> str:
    """A seat as a message names it: a person by their mention, a seat bot by its name in `locale`
    (“Bot 2” says what it is; a bot saved under another name is marked 🤖)."""
    if not s.is_bot:
        return f"<@{s.user_id}>"
    return s.shown(locale) if BOT_NAME.fullmatch(s.name) else f"🤖 {s.shown(locale)}"


def winding_up(snap: TableSnapshot) -> bool:
    """Nobody is left playing: every seat still at the table is a bot on its way out with this deal."""
    present = [s for s in snap.seats if s.present]
    return snap.status == "playing" and bool(present) and all(s.is_bot and s.leaving for s in present)


def seat_line(snap: TableSnapshot, s: SeatInfo, locale: Locale = ENGLISH, note: str = "",
              marked: bool = True) -> str:
    """A seat in the table's list of players: ▶ when it is to act (if `marked`), its stack, what
    the board says of it, and whether it leaves (said once for all when nobody is left playing)."""
    marks = ("▶ " if marked and s.seat in snap.to_act and snap.status == "playing" else "")
    if not s.present:
        return t(locale, "ui.seat_left", who=who(s, locale), chips=s.cashed_out or 0)
    line = marks + t(locale, "ui.name_number", name=who(s, locale), number=s.stack)
    if note:
        line = t(locale, "ui.seat_note", seat=line, note=note)
    return line + (t(locale, "ui.seat_leaving") if s.leaving and not winding_up(snap) else "")


def players_wanted(locale: Locale, low: int, high: int) -> str:
    """“2–5 players”, or “4 players” for a game of exactly four."""
    return t(locale, "ui.players_exact", n=low) if low == high else t(locale, "ui.players_between", low=low, high=high)


def lobby_embed(snap: TableSnapshot, locale: Locale = ENGLISH) -> discord.Embed:
    buy_in = snap.buy_in
    if buy_in.minimum == buy_in.maximum:
        price = t(locale, "ui.price_fixed", chips=buy_in.minimum)
    elif buy_in.maximum is None:
        price = t(locale, "ui.price_from", chips=buy_in.default, low=buy_in.minimum)
    else:
        price = t(locale, "ui.price_range", chips=buy_in.default, low=buy_in.minimum, high=buy_in.maximum)
    help_text = t(locale, "ui.lobby_help", host=f"<@{snap.host_id}>", join=t(locale, "ui.btn.join"),
                  start=t(locale, "ui.btn.start"), players=players_wanted(locale, snap.min_players, snap.max_players))
    e = _embed(t(locale, "ui.lobby_title", game=title_of(snap, locale)), PHASE_COLOUR["lobby"], help_text)
    seated = "\n".join(t(locale, "ui.name_number", name=who(s, locale), number=s.buy_in) for s in snap.seats)
    _add(e, t(locale, "ui.players_count", seated=len(snap.seats), most=snap.max_players),
         seated or t(locale, "ui.nobody_yet"))
    _add(e, t(locale, "ui.buy_in"), price, inline=True)
    for spec in _specs(snap):
        if is_turn_timer(spec) and spec.name in snap.options:   # the table's pace, from the server's setting
            _add(e, words_of.title(locale, snap.game_id, spec),
                 words_of.say(locale, snap.game_id, spec, snap.options[spec.name]), inline=True)
    _add(e, t(locale, "ui.settings"), options_text(snap, locale))
    e.set_footer(text=t(locale, "ui.lobby_footer", table=str(snap.table_id), rules=t(locale, "cmd.rules.name"),
                        option=t(locale, "cmd.rules.game.name"), game=title_of(snap, locale)))
    return e


def _specs(snap: TableSnapshot) -> tuple[OptionSpec, ...]:
    return tuple(getattr(GAMES.get(snap.game_id), "option_specs", ()))


def options_text(snap: TableSnapshot, locale: Locale = ENGLISH) -> str:
    """The rules changed from their defaults, in words ("Scoring system: 20/25 · Target score:
    150"), or "Standard rules" when none is. The turn timer is not a rule: the lobby shows it
    on its own."""
    changed = changed_options([spec for spec in _specs(snap) if not is_turn_timer(spec)], snap.options)
    return " · ".join(t(locale, "ui.set.row", option=words_of.title(locale, snap.game_id, spec),
                        value=words_of.say(locale, snap.game_id, spec, value))
                      for spec, value in changed) or t(locale, "ui.standard_rules")


LAST_MOVES = 3
"""What just changed, in the table message: the last few public moves."""
MOVE_WIDTH = 160
"""The widest a move's line is shown (`text.width`)."""
LAST_MOVES_PICTURED, MOVES_PICTURED_WIDTH = 2, 76
"""Beside a picture, the last moves in one line of at most two lines of a phone (`text.width`)."""
INLINE_WIDTH = 48     # a one-line board field this short sits beside its neighbours
SHOWN_IN_PICTURE = {"showdown"}
"""Moves whose every detail the picture shows (the hands of a poker showdown): told beside it only
by the move that follows (who won with what)."""
NOBODY_LEFT = "table.nobody_left"
"""The event saying the table winds up; the message says it on its own line while it does."""


def table_embed(snap: TableSnapshot, events: list[Event] | None = None, image: str | None = None,
                locale: Locale = ENGLISH) -> discord.Embed:
    """The table message in the table's language, short enough to fit a phone's screen with its
    picture and controls: whose turn and the deadline, the players with their stacks in one
    list, the last moves. With `image` (the attached file's name) the picture carries the board
    and the text does not repeat it; without one (pictures off, screen readers) the board is
    told in a few short fields."""
    if snap.status == "lobby":
        return lobby_embed(snap, locale)
    public = snap.public or {}
    phase = public.get("phase")
    title = title_of(snap, locale)
    if snap.status == "finished":
        why = END_REASONS.get(snap.end_reason or "", END_REASONS["finished"])
        e = _embed(t(locale, "ui.game_over_title", game=title), PHASE_COLOUR["finished"],
                   t(locale, "ui.closed", reason=t(locale, why)))
        _add(e, t(locale, "ui.players"), " · ".join(seat_line(snap, s, locale) for s in snap.seats))
        e.set_footer(text=t(locale, "ui.table_footer", table=str(snap.table_id)))
        return attach_image(e, image) if image else e
    names = snap.names_in(locale)
    pictured = image is not None
    head = []
    if public.get("ending"):   # the game's last deal (the host asked to stop, or the deal limit), until it ends
        head.append(t(locale, "ui.last_deal", note=render(locale, from_json(public["ending"]), names)))
    if winding_up(snap):
        head.append(t(locale, NOBODY_LEFT))
    if snap.to_act:
        due = t(locale, "ui.due", when=discord.utils.format_dt(snap.deadline, "R")) if snap.deadline else ""
        head.append(t(locale, "ui.turn", players=", ".join(who(snap.seats[s], locale) for s in snap.to_act), due=due))
    moves = [snap.render(ev, locale) for ev in events or []
             if ev.kind != "summary" and not (pictured and ev.kind in SHOWN_IN_PICTURE)
             and not (isinstance(ev.text, Msg) and ev.text.key == NOBODY_LEFT)]
    if pictured:   # every line counts beside a picture (which frames who is to play): all in a few lines
        head.append(t(locale, "ui.chips_line", players=" · ".join(seat_line(snap, s, locale, marked=False)
                                                                  for s in snap.seats)))
        if moves:
            said = t(locale, "ui.moves_sep").join(" ".join(m.split()) for m in moves[-LAST_MOVES_PICTURED:])
            head.append(clip_width(t(locale, "ui.moves_line", moves=said), MOVES_PICTURED_WIDTH))
    e = _embed(f"{title} · {phase_of(phase, locale)}" if phase else title, PHASE_COLOUR["playing"], "\n".join(head))
    board = board_for(snap.game_id)
    if pictured and snap.public is not None:
        for name, value in board.beside_picture(public, names, locale):
            _add(e, name, value)
    if not pictured:
        if snap.public is not None:
            for name, value in board.table_fields(public, names, locale):
                _add(e, name, value, inline="\n" not in value and len(value) <= INLINE_WIDTH)
        notes = board.seat_notes(public, names, locale) if snap.public is not None else {}
        _add(e, t(locale, "ui.players"), ("\n" if notes else " · ").join(
            seat_line(snap, s, locale, notes.get(s.seat, "")) for s in snap.seats))
        if moves:
            _add(e, t(locale, "ui.last_moves"), "\n".join(_move(m) for m in moves[-LAST_MOVES:]))
    e.set_footer(text=t(locale, "ui.table_footer_hand", table=str(snap.table_id), button=t(locale, "ui.btn.hand")))
    return attach_image(e, image) if image else e


def _move(text: str) -> str:
    """A move in a few words: each of its lines (a showdown's hands) at most `MOVE_WIDTH` wide."""
    return "\n".join(clip_width(" ".join(line.split()), MOVE_WIDTH) for line in text.splitlines() if line.strip())





JUST_NOW = 2
"""The private moves a hand message shows (what was dealt to the player, what they drew)."""


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
    for ev in (events or [])[-JUST_NOW:]:   # what the player missed meanwhile is older than the hand shown
        _add(e, t(locale, "ui.just_now"), snap.render(ev, locale))
    if your_turn:
        due = t(locale, "ui.decide_by", when=discord.utils.format_dt(snap.deadline, "R")) if snap.deadline else ""
        _add(e, t(locale, "ui.your_turn"), t(locale, "ui.choose_below", due=due))
    elif snap.status == "playing" and snap.to_act:
        _add(e, t(locale, "ui.waiting_for"), ", ".join(snap.seats[s].shown(locale) for s in snap.to_act))
        if snap.legal.get(seat):
            _add(e, t(locale, "ui.you_may"), t(locale, "ui.may_choose_now"))
    e.set_footer(text=clip(t(locale, "ui.hand_footer", where=where, table=str(snap.table_id),
                             stack=snap.seats[seat].stack), 2048))
    return attach_image(e, image) if image else e


def board_picture(snap: TableSnapshot, locale: Locale = ENGLISH) -> BoardPicture | None:
    """What the table's picture is drawn from while a game is on, else None."""
    if snap.status != "playing" or snap.public is None:
        return None
    return BoardPicture(snap.game_id, snap.public, snap.names_in(locale),
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
            lines.append(t(locale, "ui.took_home", who=who(s, locale), chips=payouts[s.seat], buy_in=s.buy_in))
    return _embed(t(locale, "ui.final_result", game=title_of(snap, locale)), PHASE_COLOUR["finished"],
                  "\n".join(lines) or t(locale, "ui.nobody_seated"))


def closing_embed(snap: TableSnapshot, closing: Closing, locale: Locale = ENGLISH) -> discord.Embed:
    """A table message's final words: the deal that ended (who won what, and why), the lobby
    whose game started, or the table that closed, with the stacks as they then stood."""
    how = None
    game = title_of(snap, locale)
    names = snap.names_in(locale)
    if closing.summary is not None and closing.public is not None:
        how = board_for(snap.game_id).summary_title(closing.public, names, locale)   # “Hand 3 — Ann knocks, …”
    title = f"{how} · {game}" if how else (
        t(locale, "ui.deal_over", game=game) if closing.summary is not None
        else t(locale, "ui.table_title", game=game, table=str(snap.table_id)))
    text = render(locale, closing.message, names)
    e = _embed(title, PHASE_COLOUR["finished"], text)
    if closing.stacks:
        shown = {s.name: s.shown(locale) for s in snap.seats}
        stacks = "\n".join(t(locale, "ui.name_number", name=shown.get(name, name), number=amount)
                            for name, amount in closing.stacks)
        _add(e, t(locale, "ui.stacks"), stacks)
    e.set_footer(text=t(locale, "ui.table_footer", table=str(snap.table_id)))
    return e
