"""Bourré board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Bourre.public_view()` / `private_view()`; cards shown with `Card.pretty`; every
word from the catalog, in the reader's language. The shared frame adds stacks, whose turn and
the deadline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import SUIT_SYMBOLS, SUITS, Card
from bot.i18n import ENGLISH, Locale, render, saved_lines, seat_name, t
from bot.ui.text import clip

from .groups import Group

SUMMARY_LIMIT = 900

_UPCARD = {"face up": "face_up", "kept": "kept", "discarded": "discarded", "folded": "folded"}
_STATE = {"in": "in", "folded": "folded", "to declare": "deciding", "left": "left",
          "leaving": "leaving", "sitting out": "sitting_out"}
TRICKS = "tricks"
"""The view's name of the trick-play phase."""


def _pretty(note: str) -> str:
    return Card.parse(note).pretty


def _summary(saved: object, names: Sequence[str], locale: Locale) -> str:
    """The last hand's summary (a saved message) with the players' names."""
    return "\n".join(render(locale, line, names) for line in saved_lines(saved))


def _trick_line(plays: Sequence[dict[str, Any]], names: Sequence[str], winner: int | None, locale: Locale) -> str:
    """The trick so far, the card winning it marked (“✓ winning”)."""
    parts = []
    for p in plays:
        mark = " " + t(locale, "bou.board.winning") if p["seat"] == winner else ""
        parts.append(f"{seat_name(names, p['seat'])} **{_pretty(p['card'])}**{mark}")
    return " · ".join(parts)


def current_winner(plays: Sequence[dict[str, Any]], trump: str) -> int | None:
    """Who is winning the trick so far (BOU-16), from the public cards."""
    if not plays:
        return None
    cards = [Card.parse(p["card"]) for p in plays]
    best = 0
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        if c.suit == b.suit and c.high > b.high:
            best = i
        elif c.suit == trump and b.suit != trump:
            best = i
    seat: int = plays[best]["seat"]
    return seat


def table_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """Trump and pot, each player in one line (in or folded, tricks won), the trick on the table;
    the game's end once it is over."""
    fields: list[tuple[str, str]] = []
    seats = public.get("seats", [])
    dealer = public.get("dealer")
    trump = public.get("trump", "S")
    if public.get("over"):
        if public.get("last_summary"):
            fields.append((t(locale, "bou.board.last_hand"),
                           clip(_summary(public["last_summary"], names, locale), SUMMARY_LIMIT)))
        return fields
    d = seat_name(names, dealer)
    where = t(locale, f"bou.board.upcard_{_UPCARD[public['upcard_state']]}") if public.get("upcard_state") in _UPCARD \
        else ""
    fields.append((t(locale, "bou.board.trump"), t(locale, "bou.board.trump_is", card=_pretty(public["upcard"]),
                                                   suit=t(locale, f"suit.{trump}"), where=where)))
    tricks = public.get("phase_id") == TRICKS
    pot = public.get("pot", 0)
    fields.append((t(locale, "bou.board.pot"), t(locale, "bou.board.pot_chips", chips=pot) if tricks else
                   t(locale, "bou.board.pot_stock", chips=pot, stock=public["stock"])))
    if tricks:
        trick = public.get("trick") or []
        label = t(locale, "bou.board.trick_of", trick=public.get("trick_no", 1))
        if trick:
            fields.append((label, clip(_trick_line(trick, names, current_winner(trick, trump), locale))))
        else:
            last = public.get("last_trick")
            leader = seat_name(names, public.get("turn"))
            fields.append((label, t(locale, "bou.board.leads_after", player=leader,
                                    winner=seat_name(names, last["winner"])) if last
                           else t(locale, "bou.board.leads", player=leader)))
    if public.get("extra_hand"):
        hand = t(locale, "bou.board.hand_extra", hand=public.get("hand_no"), extra=public["extra_hand"])
    elif public.get("max_hands"):
        hand = t(locale, "bou.board.hand_of", hand=public.get("hand_no"), hands=public["max_hands"])
    else:
        hand = t(locale, "bou.board.hand", hand=public.get("hand_no"))
    seat_texts = " · ".join(_seat_text(s, public, names, locale) for s in seats)
    fields.append((t(locale, "bou.board.this_hand"), clip(t(locale, "bou.board.this_hand_is", hand=hand, dealer=d,
                                                            seats=seat_texts))))
    return fields


def _seat_text(s: dict[str, Any], public: Mapping[str, Any], names: Sequence[str], locale: Locale) -> str:
    who = f"**{seat_name(names, s['seat'])}**" if s["state"] == "in" else seat_name(names, s["seat"])
    state = _STATE.get(s["state"])
    bits = [t(locale, f"bou.state.{state}") if state else s["state"]]
    if s["state"] == "in":
        if s.get("exchanged") is not None and public.get("phase_id") != TRICKS:
            bits.append(t(locale, "bou.board.drew", n=s["exchanged"]))
        if public.get("phase_id") == TRICKS:
            bits.append(t(locale, "count.tricks", n=s.get("tricks", 0)))
    if s.get("skipped_ante"):
        bits.append(t(locale, "bou.board.no_ante"))
    return f"{who} " + t(locale, "sep.list").join(bits)


def summary_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    """“Hand 3 — Ann took the most tricks and wins 12 chips”, from the hand's summary."""
    summary = public.get("last_summary")
    if not summary:
        return None
    lines = [render(locale, line, names).replace("**", "") for line in saved_lines(summary)]
    head = lines[0].split(" — ")[0]
    return f"{head} — {lines[1].rstrip('.。')}" if len(lines) > 1 else head


def image_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """The pictures' words: the trump card, the pot, the tricks, the hand's marks."""
    return {"trump": t(locale, "bou.board.trump"), "pot": t(locale, "bou.board.pot"),
            "last_trick": t(locale, "pic.bou.last_trick"), "winning": t(locale, "pic.bou.winning"),
            "tricks": t(locale, "pic.bou.tricks"), "marked": t(locale, "pic.hand.playable")}


def hand_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
    """Trumps first, then the other suits, each highest first; the cards playable now marked."""
    trump = private.get("trump") or public.get("trump", "S")
    cards = [Card.parse(c) for c in private.get("hand", [])]
    playable = frozenset(private.get("legal") or []) if private.get("to_act") else frozenset()
    groups = []
    for suit in [trump] + [s for s in SUITS if s != trump]:
        run = tuple(str(c) for c in sorted((c for c in cards if c.suit == suit), key=lambda c: -c.high))
        if run:
            groups.append(Group("suit", run, playable & set(run)))
    return groups


def hand_text(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """The hand by suit, trumps first and marked, and what the player may do now."""
    trump = private.get("trump") or public.get("trump", "S")
    cards = [Card.parse(c) for c in private.get("hand", [])]
    lines = [t(locale, "bou.hand.trump", symbol=SUIT_SYMBOLS[trump], suit=t(locale, f"suit.{trump}"),
               card=_pretty(public["upcard"])) if public.get("upcard") else ""]
    if not cards:
        lines.append(t(locale, "bou.hand.folded" if private.get("state") == "fold" else "bou.hand.empty"))
    for g in hand_groups(private, public):
        suit = Card.parse(g.items[0]).suit
        text = " ".join(_pretty(c) for c in g.items)
        lines.append(t(locale, "bou.hand.trumps", symbol=SUIT_SYMBOLS[suit], cards=text) if suit == trump
                     else f"{SUIT_SYMBOLS[suit]} {text}")
    if private.get("tricks"):
        lines.append(t(locale, "bou.hand.tricks_won", tricks=private["tricks"]))
    if private.get("to_act"):
        if private.get("legal"):
            lines.append(t(locale, "bou.hand.playable", cards=" ".join(_pretty(c) for c in private["legal"])))
        elif private.get("exchange"):
            lines.append(t(locale, "bou.hand.exchange", most=private.get("max_exchange", 5)))
        elif public.get("phase_id") == "declare":
            lines.append(t(locale, "bou.hand.play_or_fold" if private.get("can_fold") else "bou.hand.must_play"))
    return "\n".join(line for line in lines if line)
