"""Tripoley board (also used by Michigan Rummy): the mat with its chips at the centre, the phase
and what is being decided (auction, betting, Michigan sequence), the showdown; and the private
hand grouped by suit with pay cards marked and the best poker hand.

Pure text from `public_view()` / `private_view()`; cards shown with `Card.pretty`; every word
from the catalog, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import SUIT_SYMBOLS, Card, parse_card_texts
from bot.games.poker import best_hand, hand_message
from bot.i18n import ENGLISH, Locale, render, seat_name, t
from bot.ui.text import clip

from .groups import Group


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _short(name: str, width: int = 14) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def _hand_name(cards: Sequence[str], locale: Locale) -> str:
    """A shown poker hand's name, from its five cards."""
    return render(locale, hand_message(best_hand(parse_card_texts(cards))), ())


def _comp_label(comp: dict[str, Any], game: str, locale: Locale) -> str:
    code = comp["code"]
    if code == "KQ":
        return "K♥Q♥"
    try:
        return Card.parse(code).pretty
    except ValueError:
        return t(locale, f"mat.{game}.{code}")


def image_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """The names of the mat's pools, which have no card to picture them, and the pictures' marks."""
    game = public.get("game", "tripoley")
    return {**{c["code"]: t(locale, f"mat.{game}.{c['code']}") for c in public["mat"]
               if c["code"] in ("POT", "KITTY", "POKER_POOL")},
            "chips": t(locale, "pic.tri.chips"), "poker_winner": t(locale, "pic.tri.poker_winner"),
            "run": t(locale, "pic.tri.run"),
            "marked": t(locale, "pic.hand.pay")}


def mat_line(public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """The compartments holding chips, in one line, with the total (§3)."""
    game = public.get("game", "tripoley")
    parts = [f"{_comp_label(c, game, locale)}: **{c['chips']}**" for c in public["mat"] if c["chips"]]
    return t(locale, "tri.board.mat", parts=" · ".join(parts), total=public["mat_total"]) if parts \
        else t(locale, "tri.board.mat_empty")


def table_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """The mat in one line, the deal and what is being decided now; the result between deals."""
    fields: list[tuple[str, str]] = [(t(locale, "tri.board.mat_title"), mat_line(public, locale))]
    phase = public["phase_id"]
    if phase == "over":
        got = t(locale, "sep.list").join(t(locale, "ui.name_number", name=seat_name(names, p), number=a)
                                         for p, a in public.get("final", []) if a)
        return fields + [(t(locale, "dom.board.game_over"),
                          clip(t(locale, "tri.board.mat_went", got=got) if got else t(locale, "tri.board.mat_nobody")))]
    if public["max_deals"]:
        deal = t(locale, "tri.board.deal_of", deal=public["deal"], deals=public["max_deals"])
    else:
        deal = t(locale, "tri.board.deal", deal=public["deal"])
    head = t(locale, "tri.board.head", deal=deal, dealer=seat_name(names, public["dealer"]))
    lines = [_phase_panel(public, names, locale)]
    draw = public.get("first_dealer_draw")
    if draw and phase == "spare":  # the draw matters only until the first decision is made
        lines.append(t(locale, "tri.board.dealer_draw", draws=t(locale, "sep.list").join(
            f"{_short(seat_name(names, p))} {Card.parse(c).pretty}" for p, c in draw[-1])))
    return fields + [(head, clip("\n".join(lines)))]


def select_prompts(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> dict[str, str]:
    """The bid select says the bid to beat and what a bid buys (TRI-10)."""
    auction = public.get("auction")
    if not auction or public.get("phase_id") != "auction":
        return {}
    high, by = auction.get("high"), auction.get("high_seat")
    now = t(locale, "tri.prompt.high_bid", bid=high, player=_short(seat_name(names, by, locale))) if by is not None \
        else t(locale, "tri.prompt.no_bid")
    dealer = _short(seat_name(names, public.get("dealer"), locale))
    return {"bid": t(locale, "tri.prompt.bid", now=now, dealer=dealer)}


def _spare_text(public: Mapping[str, Any], names: Sequence[str], locale: Locale) -> str:
    choice = public["spare_choice"]
    if choice is None:
        return t(locale, "tri.board.spare_down", n=public["spare_size"])
    if choice == "swap":
        return t(locale, "tri.board.swapped")
    if choice == "keep":
        return t(locale, "tri.board.kept")
    return _auction_result(public, names, locale)


def _phase_panel(public: Mapping[str, Any], names: Sequence[str], locale: Locale) -> str:
    """One or two lines on what is being decided now, or on how the deal ended."""
    phase = public["phase_id"]
    auction, betting, mich = public.get("auction"), public.get("betting"), public.get("michigan")
    if auction and phase == "auction":
        high = t(locale, "tri.board.high_bid", bid=auction["high"], player=seat_name(names, auction["high_seat"])) \
            if auction["high_seat"] is not None else t(locale, "tri.board.no_bid")
        return high + (t(locale, "tri.board.next_bid", bid=auction["min_bid"]) if auction.get("min_bid") else "")
    if betting and phase == "betting":
        cap = t(locale, "tri.board.raise_cap", low=betting["min_bet"], high=betting["max_bet"]) if betting["max_bet"] \
            else t(locale, "tri.board.raise_no_cap", low=betting["min_bet"])
        bets = " · ".join(
            (f"{_short(seat_name(names, p))} {t(locale, 'tri.board.folded')}" if p in betting["folded"] else
             t(locale, "ui.name_number", name=_short(seat_name(names, p)), number=betting["contrib"][p]))
            + (t(locale, "tri.board.all_in") if p in betting["allin"] else "") for p in public["dealt_in"])
        return t(locale, "tri.board.betting", current=betting["current"], bets=betting["bets"],
                 most=betting["max_bets"], cap=cap, pot=bets)
    if mich and phase == "michigan":
        sizes = public["hand_sizes"]
        held = t(locale, "sep.list").join(t(locale, "ui.name_number", name=_short(seat_name(names, p)), number=sizes[p])
                                          for p in public["dealt_in"]
                                          if sizes[p] is not None)
        run = " ".join(Card.parse(c).pretty for _, c in mich["sequence"])
        lead = t(locale, "tri.board.run", cards=run) if run else \
            t(locale, "tri.board.leads", player=seat_name(names, mich["leader"]))
        ban = t(locale, "tri.board.ban", suit=t(locale, f"suit.{mich['forbidden']}"),
                symbol=SUIT_SYMBOLS[mich["forbidden"]]) if mich["forbidden"] else ""
        return t(locale, "tri.board.michigan", lead=lead, ban=ban, held=held)
    if phase == "between":
        return deal_result(public, names, locale)
    return t(locale, "tri.board.sentence", text=_spare_text(public, names, locale))


def deal_result(public: Mapping[str, Any], names: Sequence[str], locale: Locale = ENGLISH) -> str:
    """Who took the poker prize, who went out in Michigan, who took the pay cards."""
    lines = []
    if public.get("poker_winner") is not None:
        shown = next((s["cards"] for s in public.get("showdown", []) if s["seat"] == public["poker_winner"]), None)
        poker = seat_name(names, public["poker_winner"])
        lines.append(t(locale, "tri.board.poker_with", player=poker, hand=_hand_name(shown, locale)) if shown
                     else t(locale, "tri.board.poker", player=poker))
    winner = public.get("michigan_winner")
    lines.append(t(locale, "tri.board.mich_out", player=seat_name(names, winner)) if winner is not None else
                 t(locale, "tri.board.mich_nobody"))
    return " · ".join(lines)


def summary_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    """“Deal 3 — Bob wins the poker, Ann goes out”, from the view just after the deal ended."""
    if public.get("deal") is None:
        return None
    parts = []
    if public.get("poker_winner") is not None:
        parts.append(t(locale, "tri.title.poker", player=seat_name(names, public["poker_winner"])))
    if public.get("michigan_winner") is not None:
        parts.append(t(locale, "tri.title.out", player=seat_name(names, public["michigan_winner"])))
    deal = t(locale, "tri.board.deal", deal=public["deal"])
    return t(locale, "tri.title", deal=deal, parts=t(locale, "sep.list").join(parts)) if parts else deal


def _auction_result(public: Mapping[str, Any], names: Sequence[str], locale: Locale) -> str:
    auction = public.get("auction") or {}
    if public["phase_id"] == "auction":
        return t(locale, "tri.board.auctioning")
    if public["phase_id"] == "spare_after":
        return t(locale, "tri.board.unsold")
    if auction.get("high_seat") is not None:
        return t(locale, "tri.board.bought", player=seat_name(names, auction["high_seat"]), price=auction["high"])
    return t(locale, "tri.board.dead")


def hand_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
    """The hand by suit (spades, hearts, diamonds, clubs), in the view's order; pay cards marked."""
    marks = frozenset(private.get("pay_cards", []))
    by_suit: dict[str, list[str]] = {s: [] for s in "SHDC"}
    for c in private["hand"]:
        by_suit[Card.parse(c).suit].append(c)
    return [Group("suit", tuple(cards), marks & set(cards)) for cards in by_suit.values() if cards]


def hand_text(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """The hand grouped by suit (ace high), pay cards marked ★, the best poker hand, what is owed."""
    marks = set(private.get("pay_cards", []))
    lines = []
    for g in hand_groups(private, public):
        suit = Card.parse(g.items[0]).suit
        lines.append(f"{SUIT_SYMBOLS[suit]} " + " ".join(
            f"**{Card.parse(c).pretty}**★" if c in g.marked else Card.parse(c).pretty for c in g.items))
    if not lines:
        lines.append(t(locale, "tri.hand.no_cards"))
    if marks:
        lines.append(t(locale, "tri.hand.pay_now" if public.get("pay_timing") == "on_hold" else "tri.hand.pay_played"))
    best = private.get("best_poker")
    if best:
        lines.append(t(locale, "tri.hand.best", hand=_hand_name(best["cards"], locale), cards=_pretty(best["cards"])))
    chosen = private.get("poker_hand")
    if chosen:
        lines.append(t(locale, "tri.hand.chosen", hand=_hand_name(chosen["cards"], locale),
                       cards=_pretty(chosen["cards"])))
    if public.get("phase_id") == "choose_hand" and not chosen:
        lines.append(t(locale, "tri.hand.choose"))
    if "to_call" in private:
        lines.append(t(locale, "tri.hand.to_call", chips=private["to_call"], wallet=private["wallet"]))
    if private.get("lead_suits") and public.get("phase_id") == "michigan" and \
            public.get("michigan", {}).get("leader") == private.get("seat"):
        suits = t(locale, "sep.list").join(f"{t(locale, f'suit.{s}')} {SUIT_SYMBOLS[s]}" for s in private["lead_suits"])
        lines.append(t(locale, "tri.hand.lead", suits=suits))
    return "\n".join(lines)
