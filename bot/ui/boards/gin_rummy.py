"""Gin Rummy board: the table embed fields and the private hand (pure text, no Discord).

Reads only `GinRummy.public_view()` / `private_view()`; cards shown with `Card.pretty`; every
word from the catalog, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import SUITS, Card
from bot.i18n import ENGLISH, Locale, seat_name, t
from bot.ui.text import clip

from .groups import Group


def _pretty(cards: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty for c in cards)


def _melds(melds: Sequence[Sequence[str]], locale: Locale) -> str:
    return " · ".join(f"[{_pretty(m)}]" for m in melds) or t(locale, "gin.no_melds")


def _why(last: dict[str, Any], locale: Locale) -> str:
    """Why the scorer scored, from the hand's numbers (the words of the engine's own reason)."""
    kind, points = last["kind"], last["points"]
    k, d = last["knocker_deadwood"], last["defender_deadwood"]
    if kind in ("gin", "big_gin"):
        return t(locale, f"gin.why_{kind}", bonus=points - d, defender=d)
    if kind == "knock":
        return t(locale, "gin.why_knock", defender=d, knocker=k)
    return t(locale, "gin.why_undercut", knocker=k, defender=d, bonus=points - (k - d))


def _showdown(last: dict[str, Any], names: Sequence[str], locale: Locale) -> str:
    """The last hand in two lines: how it ended and who scored what (the picture shows the melds)."""
    kind = last["kind"]
    if kind == "void":
        return t(locale, "gin.board.void", hand=last["hand_no"])
    if kind == "forfeit":
        return t(locale, "gin.board.resigned", player=seat_name(names, last["forfeit"]))
    knocker, defender = seat_name(names, last["knocker"]), seat_name(names, last["defender"])
    how = t(locale, f"gin.board.went_{kind}") if kind in ("gin", "big_gin") else \
        t(locale, "gin.board.knocked", deadwood=last["knocker_deadwood"])
    lays = t(locale, "gin.board.laid_off", player=defender, cards=_pretty([c for c, _ in last["layoffs"]])) \
        if last["layoffs"] else ""
    return t(locale, "gin.board.showdown_undercut" if kind == "undercut" else "gin.board.showdown",
             knocker=knocker, how=how, layoffs=lays, defender=defender, deadwood=last["defender_deadwood"],
             scorer=seat_name(names, last["scorer"]), points=last["points"], why=_why(last, locale))


def summary_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    """“Hand 3 — Ann knocks, 26 points”, from the hand just scored."""
    last = public.get("last_hand")
    if not last:
        return None
    hand, kind = last["hand_no"], last["kind"]
    if kind == "void":
        return t(locale, "gin.title.void", hand=hand)
    if kind == "forfeit":
        return t(locale, "gin.title.resigns", hand=hand, player=seat_name(names, last["forfeit"]))
    scorer, points = seat_name(names, last["scorer"]), last["points"]
    if kind == "undercut":
        return t(locale, "gin.title.undercut", hand=hand, player=scorer, knocker=seat_name(names, last["knocker"]),
                 points=points)
    return t(locale, f"gin.title.{kind}", hand=hand, player=seat_name(names, last["knocker"]), points=points)


def table_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """The pile and the stock in one line, what each took from the pile, the score; the last
    hand's result while the next one starts; the match result at the end."""
    fields: list[tuple[str, str]] = []
    phase = public["phase_id"]
    if phase != "over":
        top, pile = public["discard_top"], public["discard_pile"]
        if phase == "first_offer":
            fields.append((t(locale, "gin.board.upcard"), t(locale, "gin.board.offered", card=Card.parse(top).pretty,
                                                            player=seat_name(names, public["turn"]))))
        else:
            fields.append((t(locale, "gin.board.discard_pile"),
                           t(locale, "gin.board.pile", card=Card.parse(top).pretty, n=len(pile))
                           if top else t(locale, "gin.board.empty")))
            if public["refused_upcard"]:
                fields.append((t(locale, "gin.board.refused_upcard"), t(locale, "gin.board.both_refused")))
        key = "gin.board.stock_low" if public["stock_count"] <= 4 else "gin.board.stock"
        fields.append((t(locale, "gin.board.stock_title"), t(locale, key, n=public["stock_count"])))
        taken = [f"{seat_name(names, s)}: {_pretty(c)}" for s, c in enumerate(public["taken"]) if c]
        if taken:
            fields.append((t(locale, "gin.board.taken"), clip(" · ".join(taken))))
        if public["knock"]:
            k = public["knock"]
            fields.append((t(locale, "gin.board.knock"), t(locale, "gin.board.choosing",
                                                           player=seat_name(names, k["knocker"]),
                                                           deadwood=k["deadwood"])))
    score = " · ".join(t(locale, "gin.board.score_of", player=seat_name(names, s), points=public["scores"][s],
                         n=public["hands_won"][s]) for s in (0, 1))
    rule = "gin.board.target_over" if public["target_rule"] == "more_than" else "gin.board.target_at_least"
    fields.append((t(locale, "gin.board.match_score"), t(locale, rule, score=score, target=public["target_score"],
                                                         limit=public["knock_limit"])))
    if public["last_hand"] and phase in ("first_offer", "over"):
        title = "gin.board.last_hand" if phase != "over" else "gin.board.final_hand"
        fields.append((t(locale, title), clip(_showdown(public["last_hand"], names, locale))))
    result = public["result"]
    if result:
        winner = seat_name(names, result["winner"])
        lines = [t(locale, "gin.board.wins_forfeit" if result["forfeit"] is not None else "gin.board.wins",
                   player=winner)]
        lines += [t(locale, "gin.board.final_of", player=seat_name(names, s), points=result["scores"][s],
                    total=result["totals"][s]) for s in (0, 1)]
        for pay in result["payments"]:
            lines.append(t(locale, "gin.board.pays", payer=seat_name(names, pay["payer"]),
                           payee=seat_name(names, 1 - pay["payer"]), chips=pay["chips"]))
        fields.append((t(locale, "gin.board.match_result"), clip("\n".join(lines))))
    return fields


def image_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """The pictures' words: layoffs, deadwood, the card just taken."""
    return {"layoff": t(locale, "pic.gin.layoff"), "deadwood": t(locale, "pic.gin.deadwood"),
            "taken": t(locale, "pic.gin.taken"),
            "marked": t(locale, "pic.hand.taken")}


def hand_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
    """Best melds first, then the deadwood suit by suit; the card just taken from the pile marked."""
    taken = frozenset([private["pickup"]] if private.get("pickup") else [])
    groups = [Group("meld", tuple(m), taken & set(m)) for m in private["melds"]]
    for suit in SUITS:  # deadwood by suit, so the suits stay apart in the picture
        run = tuple(c for c in private["deadwood_cards"] if Card.parse(c).suit == suit)
        if run:
            groups.append(Group("deadwood", run, taken & set(run)))
    return groups


def hand_text(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """The private hand: sorted, grouped into its best melds, with the deadwood count."""
    lines = []
    melds = private["melds"]
    dead = [c for g in hand_groups(private, public) if g.kind == "deadwood" for c in g.items]
    lines.append(t(locale, "gin.hand.head", n=len(private["hand"]), deadwood=private["deadwood"]))
    if melds:
        lines.append(t(locale, "gin.hand.melds", melds=_melds(melds, locale)))
    lines.append(t(locale, "gin.hand.deadwood", cards=_pretty(dead)) if dead else t(locale, "gin.hand.no_deadwood"))
    if private.get("pickup"):
        key = "gin.hand.took" if public.get("allow_discard_of_pickup") else "gin.hand.took_keep"
        lines.append(t(locale, key, card=Card.parse(private["pickup"]).pretty))
    dws = private.get("discard_deadwood")
    if dws and private.get("pickup") and not public.get("allow_discard_of_pickup"):
        dws = {c: v for c, v in dws.items() if c != private["pickup"]}   # GIN-9
    if dws:
        best = min(dws.values())
        limit = public["knock_limit"]
        cards = _pretty([c for c, v in dws.items() if v == best])
        if best == 0:
            lines.append(t(locale, "gin.hand.gin_by", cards=cards))
        elif best <= limit:
            lines.append(t(locale, "gin.hand.can_knock", cards=cards, deadwood=best))
        else:
            lines.append(t(locale, "gin.hand.best_discard", cards=cards, deadwood=best, limit=limit))
    if private.get("knock_discard"):
        lines.append(t(locale, "gin.hand.knocked", card=Card.parse(private["knock_discard"]).pretty))
    return "\n".join(lines)
