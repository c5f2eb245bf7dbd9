"""Gin Rummy board: the table embed fields and the private hand (pure text, no Discord).

Reads only `GinRummy.public_view()` / `private_view()`; cards shown with `Card.pretty`.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.cards import Card
from bot.ui.text import clip, seat_name

PILE_SHOWN = 8


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _melds(melds: Sequence[Sequence[str]]) -> str:
    return " · ".join(f"[{_pretty(m)}]" for m in melds) or "no melds"


def _showdown(last: dict[str, Any], names: Sequence[str]) -> str:
    kind = last["kind"]
    if kind == "void":
        return f"Hand {last['hand_no']} was void: the stock ran down to 2 cards. No score."
    if kind == "forfeit":
        return f"{seat_name(names, last['forfeit'])} resigned the match."
    knocker, defender = seat_name(names, last["knocker"]), seat_name(names, last["defender"])
    how = {"gin": "went gin", "big_gin": "went big gin"}.get(
        kind, f"knocked with {last['knocker_deadwood']} deadwood")
    lines = [f"**Hand {last['hand_no']}:** {knocker} {how}.",
             f"{knocker}: {_melds(last['knocker_melds'])}"
             + (f" — deadwood {_pretty(last['knocker_dead'])} = {last['knocker_deadwood']}"
                if last["knocker_dead"] else "")]
    if last["layoffs"]:
        lines.append(f"{defender} lays off {_pretty([c for c, _ in last['layoffs']])}.")
    lines.append(f"{defender}: {_melds(last['defender_melds'])} — deadwood "
                 f"{_pretty(last['defender_dead']) or 'none'} = {last['defender_deadwood']}")
    word = "Undercut! " if kind == "undercut" else ""
    lines.append(f"{word}**{seat_name(names, last['scorer'])} scores {last['points']}** ({last['reason']}).")
    return "\n".join(lines)


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The board part of the table embed."""
    fields: list[tuple[str, str]] = []
    phase = public["phase_id"]
    if phase != "over":
        top = public["discard_top"]
        pile = public["discard_pile"]
        if phase == "first_offer":
            label = "Upcard"
            value = f"**{Card.parse(top).pretty}** — offered to {seat_name(names, public['turn'])}"
        else:
            label = "Discard pile"
            if top is None:
                value = "empty"
            else:
                older = pile[-PILE_SHOWN:-1]
                value = f"top **{Card.parse(top).pretty}**"
                if older:
                    value += f" (under it: {_pretty(list(reversed(older)))}"
                    value += f", {len(pile) - PILE_SHOWN} more)" if len(pile) > PILE_SHOWN else ")"
                if public["refused_upcard"]:
                    value += " — refused upcard, draw from the stock"
        fields.append((label, value))
        fields.append(("Stock", f"{public['stock_count']} cards (the hand is void if a discard "
                                "leaves 2)" if public["stock_count"] <= 4 else f"{public['stock_count']} cards"))
        taken = [f"{seat_name(names, s)}: {_pretty(t)}" for s, t in enumerate(public["taken"]) if t]
        if taken:
            fields.append(("Taken from the pile", clip("\n".join(taken))))
        if public["knock"]:
            k = public["knock"]
            fields.append(("Knock", f"{seat_name(names, k['knocker'])} knocked with {k['deadwood']} "
                                    "deadwood and is choosing which melds to show."))
    rule = "over" if public["target_rule"] == "more_than" else "at least"
    score = " · ".join(f"{seat_name(names, s)} **{public['scores'][s]}** ({public['hands_won'][s]} "
                       f"hand{'s' if public['hands_won'][s] != 1 else ''})" for s in (0, 1))
    dealer = f"\nHand {public['hand_no']}, {seat_name(names, public['dealer'])} dealt." if phase != "over" else ""
    fields.append(("Match score", f"{score}\nPlaying to {rule} {public['target_score']}; knock at "
                                  f"{public['knock_limit']} or less; scoring {public['scoring_system']}."
                                  + dealer))
    if public["last_hand"]:
        fields.append(("Last hand" if phase != "over" else "Final hand",
                       clip(_showdown(public["last_hand"], names))))
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


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The private hand: sorted, grouped into its best melds, with the deadwood count."""
    lines = []
    melds = private["melds"]
    dead = private["deadwood_cards"]
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
