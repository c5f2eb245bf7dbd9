"""Tripoley board (also used by Michigan Rummy): the mat with its chips at the centre, the phase
and what is being decided (auction, betting, Michigan sequence), the showdown; and the private
hand grouped by suit with pay cards marked and the best poker hand.

Pure text from `public_view()` / `private_view()`; cards shown with `Card.pretty`.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.cards import Card, SUIT_NAMES, SUIT_SYMBOLS
from bot.ui.text import clip, seat_name



def _render(text: str, names: Sequence[str]) -> str:
    return text.format_map({f"p{i}": seat_name(names, i) for i in range(max(len(names), 10))})


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _short(name: str, width: int = 14) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def mat_text(public: dict[str, Any]) -> str:
    """The nine compartments in canonical order with their chips (§3)."""
    lines = []
    for comp in public["mat"]:
        chips = comp["chips"]
        lines.append(f"`{comp['code']:<10}` {comp['name']}: **{chips}**" if chips else
                     f"`{comp['code']:<10}` {comp['name']}: 0")
    lines.append(f"Total on the mat: **{public['mat_total']}**")
    return "\n".join(lines)


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    fields: list[tuple[str, str]] = [("Mat", clip(mat_text(public)))]
    phase = public["phase_id"]
    dealer = seat_name(names, public["dealer"])
    deal = f"Deal {public['deal']}" + (f" of {public['max_deals']}" if public["max_deals"] else "")
    if phase != "over":
        sizes = public["hand_sizes"]
        held = ", ".join(f"{_short(seat_name(names, p))} {sizes[p]}" for p in public["dealt_in"] if sizes[p] is not None)
        spare = {None: f"spare hand {public['spare_size']} cards, face down",
                 "swap": "the dealer swapped for the spare hand",
                 "keep": "the dealer kept their hand; the spare hand is dead",
                 "auction": _auction_result(public, names)}[public["spare_choice"]]
        out = [p for p, s in enumerate(public["status"]) if s in ("broke", "out")]
        text = f"{deal} · dealer **{dealer}** · {public['phase']}\nCards held: {held}\n{spare.capitalize()}."
        if out:
            text += "\nOut of the game: " + ", ".join(_short(seat_name(names, p)) for p in out)
        leaving = [p for p, s in enumerate(public["status"]) if s == "leaving"]
        if leaving:
            text += "\nLeaving after this deal: " + ", ".join(_short(seat_name(names, p)) for p in leaving)
        fields.append(("Deal", clip(text)))
    if public.get("first_dealer_draw"):
        last = public["first_dealer_draw"][-1]
        fields.append(("First dealer", clip("High-card draw: " + ", ".join(
            f"{_short(seat_name(names, p))} {Card.parse(c).pretty}" for p, c in last))))
    auction = public.get("auction")
    if auction and phase in ("auction", "spare_after"):
        bids = [f"{_short(seat_name(names, p))}: {'bid ' + str(b) if b else 'pass'}" for p, b in auction["bids"]]
        high = (f"High bid **{auction['high']}** by {seat_name(names, auction['high_seat'])}"
                if auction["high_seat"] is not None else "No bid yet")
        need = f" · next bid at least {auction['min_bid']}" if auction.get("min_bid") else ""
        fields.append(("Spare-hand auction", clip(f"{high}{need}\n" + ("\n".join(bids) or "—"))))
    betting = public.get("betting")
    if betting and phase == "betting":
        lines = []
        for p in public["dealt_in"]:
            state = " (folded)" if p in betting["folded"] else " (all-in)" if p in betting["allin"] else ""
            turn = " ◀" if p == betting["turn"] else ""
            lines.append(f"{_short(seat_name(names, p))}: {betting['contrib'][p]}{state}{turn}")
        cap = betting["max_bet"] or "no limit"
        head = (f"To match: **{betting['current']}** · bets/raises {betting['bets']} of {betting['max_bets']} · "
                f"raise by {betting['min_bet']}–{cap}")
        fields.append(("Poker betting", clip(head + "\n" + "\n".join(lines))))
    if public.get("pay_results"):
        paid = [f"{code} → {', '.join(_short(seat_name(names, p)) for p in seats)} ({amount}"
                f"{' each' if len(seats) > 1 else ''})" for code, seats, amount in public["pay_results"]]
        fields.append(("Pay cards", clip(", ".join(paid))))
    if public.get("showdown"):
        lines = [f"{_short(seat_name(names, s['seat']))}: {_pretty(s['cards'])} — {s['text']}" for s in public["showdown"]]
        if public.get("poker_winner") is not None:
            lines.append(f"Poker winner: **{seat_name(names, public['poker_winner'])}**")
        fields.append(("Poker showdown", clip("\n".join(lines))))
    mich = public.get("michigan")
    if mich:
        fields.append(("Michigan", clip(_michigan_text(public, mich, names))))
    if public.get("dead_hand"):
        fields.append(("Dead hand", clip(_pretty(public["dead_hand"]))))
    if phase == "over" and public.get("final"):
        got = ", ".join(f"{seat_name(names, p)} {a}" for p, a in public["final"] if a)
        fields.append(("Game over", clip(f"The mat went to: {got or 'nobody (it was empty)'}.")))
    return fields


def _auction_result(public: dict[str, Any], names: Sequence[str]) -> str:
    auction = public.get("auction") or {}
    if public["phase_id"] == "auction":
        return "the spare hand is being auctioned"
    if public["phase_id"] == "spare_after":
        return "nobody bid: the dealer may still swap for the spare hand (unseen) or leave it"
    if auction.get("high_seat") is not None:
        return f"{seat_name(names, auction['high_seat'])} bought the spare hand for {auction['high']}"
    return "nobody bid: the spare hand is dead"


def _michigan_text(public: dict[str, Any], mich: dict[str, Any], names: Sequence[str]) -> str:
    played: dict[str, list[int]] = {s: [] for s in "SHDC"}
    for c in mich["played"]:
        card = Card.parse(c)
        played[card.suit].append(card.high)
    lines = []
    for s in "SHDC":
        if played[s]:
            ranks = " ".join(Card(1 if r == 14 else r, s).rank_name for r in sorted(played[s]))
            lines.append(f"{SUIT_SYMBOLS[s]} played: {ranks}")
    playing = public["phase_id"] == "michigan"
    if mich["forbidden"] and playing:
        lines.append(f"Next lead may not be {SUIT_NAMES[mich['forbidden']]} {SUIT_SYMBOLS[mich['forbidden']]}.")
    winner = public.get("michigan_winner")
    if winner is not None:
        lines.append(f"**{seat_name(names, winner)}** went out.")
    elif playing:
        lines.append(f"**{seat_name(names, mich['leader'])}** to lead.")
    else:
        lines.append("Nobody could lead: no Michigan winner this deal (TRI-36).")
    recent = [_render(t, names) for t in mich["log"][-4:]]
    return "\n".join(lines + ["", "Recent play:"] + recent if recent else lines)


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The hand grouped by suit (ace high), pay cards marked ★, the best poker hand, what is owed."""
    marks = set(private.get("pay_cards", []))
    lines = []
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in private["hand"]:
        card = Card.parse(c)
        by_suit[card.suit].append(f"**{card.pretty}**★" if c in marks else card.pretty)
    for s in "SHDC":
        if by_suit[s]:
            lines.append(f"{SUIT_SYMBOLS[s]} " + " ".join(by_suit[s]))
    if not lines:
        lines.append("No cards.")
    if marks:
        when = "collect now" if public.get("pay_timing") == "on_hold" else "pay when you play them"
        lines.append(f"★ pay cards ({when}).")
    best = private.get("best_poker")
    if best:
        lines.append(f"Best poker hand: **{best['text']}** ({_pretty(best['cards'])})")
    chosen = private.get("poker_hand")
    if chosen:
        lines.append(f"Your poker hand: **{chosen['text']}** ({_pretty(chosen['cards'])})")
    if public.get("phase_id") == "choose_hand" and not chosen:
        lines.append("Choose the five cards of your poker hand (any five; they stay in your hand for Michigan).")
    if "to_call" in private:
        lines.append(f"To call: **{private['to_call']}** · your chips: {private['wallet']}")
    if private.get("lead_suits") and public.get("phase_id") == "michigan" and \
            public.get("michigan", {}).get("leader") == private.get("seat"):
        suits = ", ".join(f"{SUIT_NAMES[s]} {SUIT_SYMBOLS[s]}" for s in private["lead_suits"])
        lines.append(f"You lead: choose a suit ({suits}); your lowest card of it is played.")
    return "\n".join(lines)
