"""Bourré board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Bourre.public_view()` / `private_view()`; cards shown with `Card.pretty`.
The shared frame adds stacks, whose turn and the deadline.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.cards import Card, SUITS, SUIT_NAMES, SUIT_SYMBOLS
from bot.ui.text import clip, seat_name

SUMMARY_LIMIT = 900

_UPCARD = {"face up": "face up in {d}'s hand", "kept": "kept by {d}", "discarded": "discarded by {d}",
           "folded": "folded with {d}'s hand"}
_STATE = {"in": "in", "folded": "folded", "to declare": "deciding", "left": "left",
          "leaving": "leaving", "sitting out": "sitting out"}


def _pretty(note: str) -> str:
    return Card.parse(note).pretty


def _render(text: str, names: Sequence[str], n: int) -> str:
    """Event text with `{pN}` placeholders filled by display names."""
    return text.format_map({f"p{i}": seat_name(names, i) for i in range(max(n, len(names)))})


def _trick_line(plays: Sequence[dict[str, Any]], names: Sequence[str], winner: int | None) -> str:
    parts = []
    for p in plays:
        mark = " ✓" if p["seat"] == winner else ""
        parts.append(f"{seat_name(names, p['seat'])}: **{_pretty(p['card'])}**{mark}")
    return "\n".join(parts)


def _current_winner(plays: Sequence[dict[str, Any]], trump: str) -> int | None:
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
    return plays[best]["seat"]


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """Trump card, pot, who is in or folded (with exchanges and tricks), the trick, last hand."""
    fields: list[tuple[str, str]] = []
    seats = public.get("seats", [])
    n = len(seats)
    dealer = public.get("dealer")
    trump = public.get("trump", "S")
    if not public.get("over"):
        d = seat_name(names, dealer)
        where = _UPCARD.get(public.get("upcard_state", ""), "").format(d=d)
        hand = f"Hand {public.get('hand_no')}"
        if public.get("extra_hand"):
            hand += f" (extra hand {public['extra_hand']} of at most 5)"
        elif public.get("max_hands"):
            hand += f" of {public['max_hands']}"
        fields.append(("Trump", f"**{_pretty(public['upcard'])}** — {SUIT_SYMBOLS[trump]} "
                                f"{SUIT_NAMES[trump]} are trumps; the upcard is {where}.\n{hand} · "
                                f"dealer {d}"))
        stock = f"\nStock: {public['stock']} cards" if public.get("phase") != "Tricks" else ""
        fields.append(("Pot", f"**{public.get('pot', 0):,}** chips{stock}"))
        lines = []
        for s in seats:
            state = _STATE.get(s["state"], s["state"])
            bits = [state]
            if s["state"] == "in":
                if s.get("exchanged") is not None:
                    bits.append(f"drew {s['exchanged']}")
                if public.get("phase") == "Tricks":
                    t = s.get("tricks", 0)
                    bits.append(f"{t} trick" + ("" if t == 1 else "s"))
            if s.get("skipped_ante"):
                bits.append("no ante")
            dealer_mark = " (dealer)" if s["seat"] == dealer else ""
            lines.append(f"{seat_name(names, s['seat'])}{dealer_mark}: " + " · ".join(bits))
        fields.append(("This hand", clip("\n".join(lines))))
        trick = public.get("trick") or []
        if public.get("phase") == "Tricks":
            label = f"Trick {public.get('trick_no', 1)} of 5"
            if trick:
                winner = _current_winner(trick, trump)
                fields.append((label, clip(_trick_line(trick, names, winner) + "\n✓ winning so far")))
            else:
                fields.append((label, f"{seat_name(names, public.get('turn'))} leads."))
            last = public.get("last_trick")
            if last and not trick:
                fields.append(("Last trick", clip(_trick_line(last["cards"], names, last["winner"]))))
    if public.get("last_summary"):
        fields.append(("Last hand", clip(_render(public["last_summary"], names, n), SUMMARY_LIMIT)))
    return fields


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The hand by suit, trumps first and marked, and what the player may do now."""
    trump = private.get("trump") or public.get("trump", "S")
    cards = [Card.parse(c) for c in private.get("hand", [])]
    lines = [f"**Trump: {SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]}** "
             f"(upcard {_pretty(public['upcard'])})" if public.get("upcard") else ""]
    if not cards:
        state = private.get("state")
        lines.append("You folded this hand." if state == "fold" else "You hold no cards.")
    suits = [trump] + [s for s in SUITS if s != trump]
    for s in suits:
        group = sorted((c for c in cards if c.suit == s), key=lambda c: -c.high)
        if not group:
            continue
        text = " ".join(c.pretty for c in group)
        lines.append(f"{SUIT_SYMBOLS[s]} {text}  ★ trumps" if s == trump else f"{SUIT_SYMBOLS[s]} {text}")
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
