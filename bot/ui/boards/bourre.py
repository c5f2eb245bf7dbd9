"""Bourré board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Bourre.public_view()` / `private_view()`; cards shown with `Card.pretty`.
The shared frame adds stacks, whose turn and the deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from bot.i18n import ENGLISH, render, saved_lines
from bot.ui.text import clip, seat_name

from .groups import Group

SUMMARY_LIMIT = 900

_UPCARD = {"face up": "the dealer holds it", "kept": "kept by the dealer", "discarded": "the dealer discarded it",
           "folded": "the dealer folded it"}
_STATE = {"in": "in", "folded": "folded", "to declare": "deciding", "left": "left",
          "leaving": "leaving", "sitting out": "sitting out"}


def _pretty(note: str) -> str:
    return Card.parse(note).pretty


def _summary(saved: object, names: Sequence[str]) -> str:
    """The last hand's summary (a saved message) with the players' names."""
    return "\n".join(render(ENGLISH, line, names) for line in saved_lines(saved))


def _trick_line(plays: Sequence[dict[str, Any]], names: Sequence[str], winner: int | None) -> str:
    parts = []
    for p in plays:
        mark = " ✓" if p["seat"] == winner else ""
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


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """Trump and pot, each player in one line (in or folded, tricks won), the trick on the table;
    the game's end once it is over."""
    fields: list[tuple[str, str]] = []
    seats = public.get("seats", [])
    dealer = public.get("dealer")
    trump = public.get("trump", "S")
    if public.get("over"):
        if public.get("last_summary"):
            fields.append(("Last hand", clip(_summary(public["last_summary"], names), SUMMARY_LIMIT)))
        return fields
    d = seat_name(names, dealer)
    where = _UPCARD.get(public.get("upcard_state", ""), "")
    fields.append(("Trump", f"**{_pretty(public['upcard'])}** {SUIT_NAMES[trump]}, {where}"))
    stock = f" · stock {public['stock']}" if public.get("phase") != "Tricks" else ""
    fields.append(("Pot", f"**{public.get('pot', 0):,}** chips{stock}"))
    if public.get("phase") == "Tricks":
        trick = public.get("trick") or []
        label = f"Trick {public.get('trick_no', 1)} of 5"
        if trick:
            fields.append((label, clip(_trick_line(trick, names, current_winner(trick, trump)) + " (✓ winning)")))
        else:
            last = public.get("last_trick")
            won = f" ({seat_name(names, last['winner'])} won the last trick)" if last else ""
            fields.append((label, f"{seat_name(names, public.get('turn'))} leads{won}."))
    hand = f"Hand {public.get('hand_no')}"
    if public.get("extra_hand"):
        hand += f" (extra hand {public['extra_hand']} of at most 5)"
    elif public.get("max_hands"):
        hand += f" of {public['max_hands']}"
    seat_texts = " · ".join(_seat_text(s, public, names) for s in seats)
    fields.append(("This hand", clip(f"{hand}, dealer {d}: {seat_texts}")))
    return fields


def _seat_text(s: dict[str, Any], public: dict[str, Any], names: Sequence[str]) -> str:
    who = f"**{seat_name(names, s['seat'])}**" if s["state"] == "in" else seat_name(names, s["seat"])
    bits = [_STATE.get(s["state"], s["state"])]
    if s["state"] == "in":
        if s.get("exchanged") is not None and public.get("phase") != "Tricks":
            bits.append(f"drew {s['exchanged']}")
        if public.get("phase") == "Tricks":
            t = s.get("tricks", 0)
            bits.append(f"{t} trick" + ("" if t == 1 else "s"))
    if s.get("skipped_ante"):
        bits.append("no ante")
    return f"{who} " + ", ".join(bits)


def summary_title(public: dict[str, Any], names: list[str]) -> str | None:
    """“Hand 3 — Ann took the most tricks and wins 12 chips”, from the hand's summary."""
    summary = public.get("last_summary")
    if not summary:
        return None
    lines = [render(ENGLISH, line, names).replace("**", "") for line in saved_lines(summary)]
    head = lines[0].split(" — ")[0]
    return f"{head} — {lines[1].rstrip('.')}" if len(lines) > 1 else head


def hand_groups(private: dict[str, Any], public: dict[str, Any]) -> list[Group]:
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


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The hand by suit, trumps first and marked, and what the player may do now."""
    trump = private.get("trump") or public.get("trump", "S")
    cards = [Card.parse(c) for c in private.get("hand", [])]
    lines = [f"**Trump: {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}** "
             f"(upcard {_pretty(public['upcard'])})" if public.get("upcard") else ""]
    if not cards:
        state = private.get("state")
        lines.append("You folded this hand." if state == "fold" else "You hold no cards.")
    for g in hand_groups(private, public):
        suit = Card.parse(g.items[0]).suit
        text = " ".join(_pretty(c) for c in g.items)
        lines.append(f"{SUIT_SYMBOLS[suit]} {text}  ★ trumps" if suit == trump else f"{SUIT_SYMBOLS[suit]} {text}")
    if private.get("tricks"):
        t = private["tricks"]
        lines.append(f"Tricks won: {t}")
    if private.get("to_act"):
        if private.get("legal"):
            lines.append("Playable: " + " ".join(_pretty(c) for c in private["legal"]))
        elif private.get("exchange"):
            lines.append(f"Choose up to {private.get('max_exchange', 5)} cards to throw away, or none.")
        elif public.get("phase") == "Play or fold":
            lines.append("Play or fold?" if private.get("can_fold") else
                         "The upcard is an ace: as dealer you must play.")
    return "\n".join(line for line in lines if line)
