"""Embeds built from snapshots: pure functions, no awaits, within Discord's limits."""

from __future__ import annotations

import discord

from bot.games import GAMES
from bot.games.base import Event
from bot.games.options import changed_options
from bot.tables.models import Closing, SeatInfo, TableSnapshot

from .boards import board_for
from .images import board_png, hand_png
from .text import DESCRIPTION, EMBED_TOTAL, FIELD_NAME, FIELD_VALUE, FIELDS, TITLE, clip

STANDARD_RULES = "Standard rules"

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


def seat_line(snap: TableSnapshot, s: SeatInfo) -> str:
    marks = ("▶ " if s.seat in snap.to_act and snap.status == "playing" else "")
    who = f"🤖 {s.name}" if s.is_bot else f"<@{s.user_id}>"
    if not s.present:
        return f"{who} · left with {s.cashed_out or 0:,}"
    note = " (leaving after this deal)" if s.leaving else ""
    return f"{marks}{who} {s.stack:,}{note}"


def lobby_embed(snap: TableSnapshot) -> discord.Embed:
    buy_in = snap.buy_in
    up_to = "" if buy_in.maximum is None else f" to {buy_in.maximum:,}"
    price = f"{buy_in.minimum:,} chips" if buy_in.minimum == buy_in.maximum else \
        f"{buy_in.default:,} chips (from {buy_in.minimum:,}{up_to})"
    e = _embed(f"{snap.title} · table open", PHASE_COLOUR["lobby"],
               f"Hosted by <@{snap.host_id}>. Press **Join** to sit down; the host presses **Start** "
               f"when {snap.min_players}–{snap.max_players} players are seated.")
    seated = "\n".join(f"{'🤖 ' + s.name if s.is_bot else f'<@{s.user_id}>'} · {s.buy_in:,}" for s in snap.seats)
    _add(e, f"Players ({len(snap.seats)}/{snap.max_players})", seated or "Nobody yet.")
    _add(e, "Buy-in", price, inline=True)
    _add(e, "Settings", options_text(snap))
    e.set_footer(text=f"Table {snap.table_id} · /rules game:{snap.game_id} explains the game")
    return e


def options_text(snap: TableSnapshot) -> str:
    """The options changed from the rules' defaults, in words ("Scoring system: 20/25 · Target
    score: 150"), or "Standard rules" when none is."""
    changed = changed_options(getattr(GAMES.get(snap.game_id), "option_specs", ()), snap.options)
    return " · ".join(f"{spec.title}: {spec.say(value)}" for spec, value in changed) or STANDARD_RULES


LAST_MOVES = 3
MOVE_WIDTH = 160
INLINE_WIDTH = 48     # a one-line board field this short sits beside its neighbours


def _mention(snap: TableSnapshot, seat: int) -> str:
    return snap.names[seat] if snap.seats[seat].is_bot else f"<@{snap.seats[seat].user_id}>"


def table_embed(snap: TableSnapshot, events: list[Event] | None = None, image: str | None = None) -> discord.Embed:
    """The table message: whose turn and the deadline, the board in a few short fields, the
    stacks in one line and the last three moves. With `image` (the attached file's name) the
    picture of the board shows under the text, which still reads on its own."""
    if snap.status == "lobby":
        return lobby_embed(snap)
    public = snap.public or {}
    phase = public.get("phase", "")
    if snap.status == "finished":
        e = _embed(f"{snap.title} · game over", PHASE_COLOUR["finished"],
                   f"This table has closed ({snap.end_reason or 'finished'}). "
                   "Every stack went back to its owner's wallet.")
        _add(e, "Players", " · ".join(seat_line(snap, s) for s in snap.seats))
        e.set_footer(text=f"Table {snap.table_id}")
        return attach_image(e, image) if image else e
    # the game's last deal (the host asked to stop, or the deal limit) is said until it ends
    ending = f"**Last deal.** {public['ending']}" if public.get("ending") else ""
    e = _embed(f"{snap.title} · {phase}" if phase else snap.title, PHASE_COLOUR["playing"], ending)
    if snap.to_act:
        due = f" · {discord.utils.format_dt(snap.deadline, 'R')}" if snap.deadline else ""
        _add(e, "To act", ", ".join(_mention(snap, s) for s in snap.to_act) + due, inline=True)
    if snap.public is not None:
        for name, value in board_for(snap.game_id).table_fields(public, snap.names):
            _add(e, name, value, inline="\n" not in value and len(value) <= INLINE_WIDTH)
    board_has_players = any(f.name == "Players" for f in e.fields)
    _add(e, "Stacks" if board_has_players else "Players", " · ".join(seat_line(snap, s) for s in snap.seats))
    lines = [_one_line(snap.render(ev)) for ev in events or [] if ev.kind != "summary"][-LAST_MOVES:]
    if lines:
        _add(e, "Last moves", "\n".join(lines))
    e.set_footer(text=f"Table {snap.table_id} · press “My hand” to see your cards and play")
    return attach_image(e, image) if image else e


def _one_line(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= MOVE_WIDTH else flat[:MOVE_WIDTH - 1] + "…"


def hand_embed(snap: TableSnapshot, seat: int, where: str, events: list[Event] | None = None,
               note: str | None = None, image: str | None = None) -> discord.Embed:
    """A seat's private view, labelled with where the table is, for DMs and ephemeral replies;
    with `image`, the picture of the hand under the text."""
    private = snap.privates.get(seat, {})
    board = board_for(snap.game_id)
    your_turn = seat in snap.to_act
    e = _embed(f"Your hand · {snap.title}", discord.Colour.gold() if your_turn else discord.Colour.light_grey(),
               board.hand_text(private, snap.public or {}))
    if note:
        _add(e, "Note", note)
    for ev in events or []:
        _add(e, "Just now", snap.render(ev))
    if your_turn:
        due = f" Decide {discord.utils.format_dt(snap.deadline, 'R')}." if snap.deadline else ""
        _add(e, "Your turn", f"Choose below.{due}")
    elif snap.status == "playing" and snap.to_act:
        _add(e, "Waiting for", ", ".join(snap.names[s] for s in snap.to_act))
        if snap.legal.get(seat):
            _add(e, "You may", "It is not your turn, but you may already choose below.")
    e.set_footer(text=clip(f"{where} · table {snap.table_id} · stack {snap.seats[seat].stack:,}", 2048))
    return attach_image(e, image) if image else e


def board_image(snap: TableSnapshot) -> bytes | None:
    """The table's picture (PNG) while a game is on, else None."""
    if snap.status != "playing" or snap.public is None:
        return None
    return board_png(snap.game_id, snap.public, snap.names, board_for(snap.game_id).image_labels(snap.public))


def hand_image(snap: TableSnapshot, seat: int) -> bytes | None:
    """The seat's hand as a picture (PNG), or None when it holds nothing to show."""
    private = snap.privates.get(seat)
    return None if private is None else hand_png(snap.game_id, private, snap.public or {})


def results_embed(snap: TableSnapshot, payouts: dict[int, int]) -> discord.Embed:
    lines = []
    for s in snap.seats:
        if s.seat in payouts:
            who = f"🤖 {s.name}" if s.is_bot else f"<@{s.user_id}>"
            lines.append(f"{who}: took home {payouts[s.seat]:,} (bought in {s.buy_in:,})")
    return _embed(f"{snap.title} · final result", PHASE_COLOUR["finished"], "\n".join(lines) or "No one was seated.")


def closing_embed(snap: TableSnapshot, closing: Closing) -> discord.Embed:
    """A table message's final words: the deal that ended (who won what, and why), the lobby
    whose game started, or the table that closed, with the stacks as they then stood."""
    how = None
    if closing.summary is not None and closing.public is not None:
        how = board_for(snap.game_id).summary_title(closing.public, snap.names)   # “Hand 3 — Ann knocks, 26 points”
    title = f"{how} · {snap.title}" if how else (
        f"{snap.title} · deal over" if closing.summary is not None else f"{snap.title} · table {snap.table_id}")
    e = _embed(title, PHASE_COLOUR["finished"], closing.text)
    if closing.stacks:
        _add(e, "Stacks", "\n".join(f"{name} · {amount:,}" for name, amount in closing.stacks))
    e.set_footer(text=f"Table {snap.table_id}")
    return e
