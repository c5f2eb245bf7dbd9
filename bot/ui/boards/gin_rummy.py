"""Gin Rummy board: the table embed fields and the private hand (pure text, no Discord).

Reads only `GinRummy.public_view()` / `private_view()`; cards shown with `Card.pretty`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import SUITS, Card
from bot.ui.text import clip, count, seat_name

from .groups import Group


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _melds(melds: Sequence[Sequence[str]]) -> str:
    return " · ".join(f"[{_pretty(m)}]" for m in melds) or "no melds"


def _showdown(last: dict[str, Any], names: Sequence[str]) -> str:
    """The last hand in two lines: how it ended and who scored what (the picture shows the melds)."""
    kind = last["kind"]
    if kind == "void":
        return f"Hand {last['hand_no']} was void: the stock ran down to 2 cards. No score."
    if kind == "forfeit":
        return f"{seat_name(names, last['forfeit'])} resigned the match."
    knocker, defender = seat_name(names, last["knocker"]), seat_name(names, last["defender"])
    how = {"gin": "went gin", "big_gin": "went big gin"}.get(
        kind, f"knocked with {last['knocker_deadwood']} deadwood")
    lays = f"; {defender} laid off {_pretty([c for c, _ in last['layoffs']])}" if last["layoffs"] else ""
    word = "Undercut! " if kind == "undercut" else ""
    return (f"{knocker} {how}{lays}; {defender} had {last['defender_deadwood']} deadwood. "
            f"{word}**{seat_name(names, last['scorer'])} scores {last['points']}** ({last['reason']}).")


def summary_title(public: dict[str, Any], names: list[str]) -> str | None:
    """“Hand 3 — Ann knocks, 26 points”, from the hand just scored."""
    last = public.get("last_hand")
    if not last:
        return None
    head = f"Hand {last['hand_no']} — "
    kind = last["kind"]
    if kind == "void":
        return head + "void, no score"
    if kind == "forfeit":
        return head + f"{seat_name(names, last['forfeit'])} resigns"
    scorer, points = seat_name(names, last["scorer"]), last["points"]
    if kind == "undercut":
        return head + f"{scorer} undercuts {seat_name(names, last['knocker'])}, {points} points"
    verb = {"gin": "goes gin", "big_gin": "goes big gin"}.get(kind, "knocks")
    return head + f"{seat_name(names, last['knocker'])} {verb}, {points} points"


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The pile and the stock in one line, what each took from the pile, the score; the last
    hand's result while the next one starts; the match result at the end."""
    fields: list[tuple[str, str]] = []
    phase = public["phase_id"]
    if phase != "over":
        top, pile = public["discard_top"], public["discard_pile"]
        if phase == "first_offer":
            fields.append(("Upcard", f"**{Card.parse(top).pretty}** offered to {seat_name(names, public['turn'])}"))
        else:
            fields.append(("Discard pile", f"**{Card.parse(top).pretty}** on top · {count(len(pile), 'card')}"
                           if top else "empty"))
            if public["refused_upcard"]:
                fields.append(("Refused upcard", "Both refused the upcard: draw from the stock."))
        fields.append(("Stock", f"{public['stock_count']} cards" + (" (void if a discard leaves 2)"
                                                                    if public["stock_count"] <= 4 else "")))
        taken = [f"{seat_name(names, s)}: {_pretty(t)}" for s, t in enumerate(public["taken"]) if t]
        if taken:
            fields.append(("Taken from the pile", clip(" · ".join(taken))))
        if public["knock"]:
            k = public["knock"]
            fields.append(("Knock", f"{seat_name(names, k['knocker'])} knocked with {k['deadwood']} "
                                    "deadwood and is choosing which melds to show."))
    rule = "over" if public["target_rule"] == "more_than" else "at least"
    score = " · ".join(f"{seat_name(names, s)} **{public['scores'][s]}** ({public['hands_won'][s]} "
                       f"hand{'s' if public['hands_won'][s] != 1 else ''})" for s in (0, 1))
    fields.append(("Match score", f"{score} · to {rule} {public['target_score']}, knock at {public['knock_limit']}"))
    if public["last_hand"] and phase in ("first_offer", "over"):
        fields.append(("Last hand" if phase != "over" else "Final hand", clip(_showdown(public["last_hand"], names))))
    result = public["result"]
    if result:
        lines = [f"**{seat_name(names, result['winner'])} wins the match**"
                 + (" by forfeit" if result["forfeit"] is not None else "") + "."]
        lines += [f"{seat_name(names, s)}: {result['scores'][s]} points, final total {result['totals'][s]}"
                  for s in (0, 1)]
        for pay in result["payments"]:
            lines.append(f"{seat_name(names, pay['payer'])} pays {seat_name(names, 1 - pay['payer'])} "
                         f"{pay['chips']:,} chips.")
        fields.append(("Match result", clip("\n".join(lines))))
    return fields


def hand_groups(private: dict[str, Any], public: dict[str, Any]) -> list[Group]:
    """Best melds first, then the deadwood suit by suit; the card just taken from the pile marked."""
    taken = frozenset([private["pickup"]] if private.get("pickup") else [])
    groups = [Group("meld", tuple(m), taken & set(m)) for m in private["melds"]]
    for suit in SUITS:  # deadwood by suit, so the suits stay apart in the picture
        run = tuple(c for c in private["deadwood_cards"] if Card.parse(c).suit == suit)
        if run:
            groups.append(Group("deadwood", run, taken & set(run)))
    return groups


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The private hand: sorted, grouped into its best melds, with the deadwood count."""
    lines = []
    melds = private["melds"]
    dead = [c for g in hand_groups(private, public) if g.kind == "deadwood" for c in g.items]
    lines.append(f"**Your hand** ({len(private['hand'])} cards, deadwood **{private['deadwood']}**)")
    if melds:
        lines.append("Melds: " + _melds(melds))
    lines.append("Deadwood: " + (_pretty(dead) if dead else "none — gin!"))
    if private.get("pickup"):
        lines.append(f"You took {Card.parse(private['pickup']).pretty} from the discard pile"
                     + ("" if public.get("allow_discard_of_pickup") else "; you may not discard it this turn")
                     + ".")
    dws = private.get("discard_deadwood")
    if dws and private.get("pickup") and not public.get("allow_discard_of_pickup"):
        dws = {c: v for c, v in dws.items() if c != private["pickup"]}   # GIN-9
    if dws:
        best = min(dws.values())
        limit = public["knock_limit"]
        cards = [c for c, v in dws.items() if v == best]
        if best == 0:
            lines.append(f"Gin by discarding {_pretty(cards)}!")
        elif best <= limit:
            lines.append(f"You can knock: discarding {_pretty(cards)} leaves {best} deadwood.")
        else:
            lines.append(f"Best discard leaves {best} deadwood ({_pretty(cards)}); knocking needs "
                         f"{limit} or less.")
    if private.get("knock_discard"):
        lines.append(f"You knocked, discarding {Card.parse(private['knock_discard']).pretty} face down.")
    return "\n".join(lines)
