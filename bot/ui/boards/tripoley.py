"""Tripoley board (also used by Michigan Rummy): the mat with its chips at the centre, the phase
and what is being decided (auction, betting, Michigan sequence), the showdown; and the private
hand grouped by suit with pay cards marked and the best poker hand.

Pure text from `public_view()` / `private_view()`; cards shown with `Card.pretty`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from bot.ui.text import clip, seat_name

from .groups import Group


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _short(name: str, width: int = 14) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def _comp_label(comp: dict[str, Any]) -> str:
    code = comp["code"]
    if code == "KQ":
        return "K♥Q♥"
    try:
        return Card.parse(code).pretty
    except ValueError:
        name: str = comp["name"]
        return name


def image_labels(public: dict[str, Any]) -> dict[str, str]:
    """The names of the mat's pools, which have no card to picture them."""
    return {c["code"]: c["name"] for c in public["mat"] if c["code"] in ("POT", "KITTY", "POKER_POOL")}


def mat_line(public: dict[str, Any]) -> str:
    """The compartments holding chips, in one line, with the total (§3)."""
    parts = [f"{_comp_label(c)}: **{c['chips']}**" for c in public["mat"] if c["chips"]]
    return " · ".join(parts) + f" (total {public['mat_total']})" if parts else "Empty."


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The mat in one line, the deal and what is being decided now; the result between deals."""
    fields: list[tuple[str, str]] = [("Mat", mat_line(public))]
    phase = public["phase_id"]
    if phase == "over":
        got = ", ".join(f"{seat_name(names, p)} {a}" for p, a in public.get("final", []) if a)
        return fields + [("Game over", clip(f"The mat went to: {got or 'nobody (it was empty)'}."))]
    deal = f"Deal {public['deal']}" + (f" of {public['max_deals']}" if public["max_deals"] else "")
    head = f"{deal} · dealer {seat_name(names, public['dealer'])}"
    lines = [_phase_panel(public, names)]
    draw = public.get("first_dealer_draw")
    if draw and phase == "spare":  # the draw matters only until the first decision is made
        lines.append("High-card draw for dealer: " + ", ".join(
            f"{_short(seat_name(names, p))} {Card.parse(c).pretty}" for p, c in draw[-1]))
    return fields + [(head, clip("\n".join(lines)))]


def select_prompts(public: dict[str, Any], names: list[str]) -> dict[str, str]:
    """The bid select says the bid to beat and what a bid buys (TRI-10)."""
    auction = public.get("auction")
    if not auction or public.get("phase_id") != "auction":
        return {}
    high, by = auction.get("high"), auction.get("high_seat")
    now = f"High bid {high} by {_short(seat_name(names, by))}" if by is not None else "No bid yet"
    dealer = _short(seat_name(names, public.get("dealer")))
    return {"bid": f"{now}. The best bid buys the spare hand, paid to {dealer}; your hand goes dead"}


def _spare_text(public: dict[str, Any], names: Sequence[str]) -> str:
    choice = public["spare_choice"]
    if choice is None:
        return f"spare hand {public['spare_size']} cards, face down"
    if choice == "swap":
        return "the dealer swapped for the spare hand"
    if choice == "keep":
        return "the dealer kept their hand; the spare hand is dead"
    return _auction_result(public, names)


def _phase_panel(public: dict[str, Any], names: Sequence[str]) -> str:
    """One or two lines on what is being decided now, or on how the deal ended."""
    phase = public["phase_id"]
    auction, betting, mich = public.get("auction"), public.get("betting"), public.get("michigan")
    if auction and phase == "auction":
        high = (f"High bid **{auction['high']}** by {seat_name(names, auction['high_seat'])}"
                if auction["high_seat"] is not None else "No bid yet")
        return high + (f" · next bid at least {auction['min_bid']}" if auction.get("min_bid") else "")
    if betting and phase == "betting":
        cap = betting["max_bet"] or "no limit"
        bets = " · ".join(
            f"{_short(seat_name(names, p))} {'folded' if p in betting['folded'] else betting['contrib'][p]}"
            + (" all-in" if p in betting["allin"] else "") for p in public["dealt_in"])
        return (f"To match: **{betting['current']}** · bets/raises {betting['bets']} of {betting['max_bets']} · "
                f"raise by {betting['min_bet']}–{cap}\nIn the pot: {bets}")
    if mich and phase == "michigan":
        sizes = public["hand_sizes"]
        held = ", ".join(f"{_short(seat_name(names, p))} {sizes[p]}" for p in public["dealt_in"]
                         if sizes[p] is not None)
        run = " ".join(Card.parse(c).pretty for _, c in mich["sequence"])
        lead = f"**{seat_name(names, mich['leader'])}** leads" if not run else f"Run: {run}"
        ban = (f" · next lead may not be {SUIT_NAMES[mich['forbidden']]} {SUIT_SYMBOLS[mich['forbidden']]}"
               if mich["forbidden"] else "")
        return f"{lead}{ban}\nCards held: {held}"
    if phase == "between":
        return deal_result(public, names)
    return _spare_text(public, names).capitalize() + "."


def deal_result(public: dict[str, Any], names: Sequence[str]) -> str:
    """Who took the poker prize, who went out in Michigan, who took the pay cards."""
    lines = []
    if public.get("poker_winner") is not None:
        best = next((s["text"] for s in public.get("showdown", []) if s["seat"] == public["poker_winner"]), "")
        lines.append(f"Poker: **{seat_name(names, public['poker_winner'])}**" + (f" ({best})" if best else ""))
    winner = public.get("michigan_winner")
    lines.append(f"Michigan: **{seat_name(names, winner)}** went out" if winner is not None else
                 "Michigan: nobody went out")
    return " · ".join(lines)


def summary_title(public: dict[str, Any], names: list[str]) -> str | None:
    """“Deal 3 — Bob wins the poker, Ann goes out”, from the view just after the deal ended."""
    if public.get("deal") is None:
        return None
    parts = []
    if public.get("poker_winner") is not None:
        parts.append(f"{seat_name(names, public['poker_winner'])} wins the poker")
    if public.get("michigan_winner") is not None:
        parts.append(f"{seat_name(names, public['michigan_winner'])} goes out")
    return f"Deal {public['deal']}" + (" — " + ", ".join(parts) if parts else "")


def _auction_result(public: dict[str, Any], names: Sequence[str]) -> str:
    auction = public.get("auction") or {}
    if public["phase_id"] == "auction":
        return "the spare hand is being auctioned"
    if public["phase_id"] == "spare_after":
        return "nobody bid: the dealer may still swap for the spare hand (unseen) or leave it"
    if auction.get("high_seat") is not None:
        return f"{seat_name(names, auction['high_seat'])} bought the spare hand for {auction['high']}"
    return "nobody bid: the spare hand is dead"


def hand_groups(private: dict[str, Any], public: dict[str, Any]) -> list[Group]:
    """The hand by suit (spades, hearts, diamonds, clubs), in the view's order; pay cards marked."""
    marks = frozenset(private.get("pay_cards", []))
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in private["hand"]:
        by_suit[Card.parse(c).suit].append(c)
    return [Group("suit", tuple(cards), marks & set(cards)) for cards in by_suit.values() if cards]


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The hand grouped by suit (ace high), pay cards marked ★, the best poker hand, what is owed."""
    marks = set(private.get("pay_cards", []))
    lines = []
    for g in hand_groups(private, public):
        suit = Card.parse(g.items[0]).suit
        lines.append(f"{SUIT_SYMBOLS[suit]} " + " ".join(
            f"**{Card.parse(c).pretty}**★" if c in g.marked else Card.parse(c).pretty for c in g.items))
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
