"""Marriage board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Marriage.public_view()` / `private_view()`. The tiplu appears on the table only
once the deal is over (MAR-17); before that, only in the hand text of a player who has seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.cards import Card
from bot.ui.text import count

from .groups import Group

FIELD_LIMIT = 1024


def _p(card: str) -> str:
    return Card.parse(card).pretty


def _cards(cards: Sequence[str], wild: set[tuple[int, str]] | None = None) -> str:
    out = []
    for c in cards:
        card = Card.parse(c)
        mark = "*" if wild and card.face in wild else ""
        out.append(card.pretty + mark)
    return " ".join(out)


def meld_order(meld: Sequence[str]) -> list[str]:
    """Sorted for reading; the ace goes last in Q-K-A (it is the high end there)."""
    cards = [Card.parse(c) for c in meld]
    ace_high = any(c.rank in (12, 13) for c in cards) and not any(c.rank in (2, 3) for c in cards)
    key = (lambda c: (c.high, c.suit_index)) if ace_high else (lambda c: (c.rank, c.suit_index))
    return [str(c) for c in sorted(cards, key=key)]


def _melds(melds: Sequence[Sequence[str]], wild: set[tuple[int, str]] | None = None) -> str:
    return " · ".join(f"[{_cards(meld_order(m), wild)}]" for m in melds)


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _render(text: str, names: Sequence[str], n: int) -> str:
    return text.format_map({f"p{i}": _name(names, i) for i in range(max(n, len(names)))})


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The discard pile and the stock, each player in one line (the picture shows their melds),
    and between deals who went out and how the chips moved."""
    fields: list[tuple[str, str]] = []
    phase = public.get("phase_id")
    seats = public.get("seats", [])
    if phase in ("declare", "play"):
        top, by = public.get("discard_top"), public.get("discard_top_by")
        who = "the upcard" if by is None else f"by {_name(names, by)}"
        pile = public.get("discard_pile", [])
        fields.append(("Discard pile", f"**{_p(top)}** {who} · {count(len(pile), 'card')}" if top else "empty"))
        stock = f"{public.get('stock_count', 0)} cards"
        if public.get("rebuilds"):
            stock += f" · rebuilt {public['rebuilds']} of {public.get('max_rebuilds')}"
        if public.get("tiplu_chosen"):
            stock += " · tiplu chosen"
        fields.append(("Stock", stock))
        if phase == "declare":
            fields.append(("Declaring", "Everyone may declare dealt tunnelas; they are announced together."))
    lines = [_seat_line(s, public, names) for s in seats]
    if lines:
        fields.append(("Players", _clip(" · ".join(lines))))
    last = public.get("last_deal")
    if last and phase in ("between", "over"):
        fields.append(("Last deal", _clip(_last_deal(last, names, len(seats)))))
    return fields


def summary_title(public: dict[str, Any], names: list[str]) -> str | None:
    """“Deal 2 — Ann goes out”, from the deal just settled."""
    last = public.get("last_deal")
    if not last:
        return None
    head = f"Deal {public.get('deal_no')} — "
    if last.get("abandoned"):
        return head + "abandoned, the stock ran out"
    how = "with eight dublees" if last.get("route") == "dublee" else ""
    return head + f"{_name(names, last['winner'])} goes out {how}".rstrip()


def _seat_line(s: dict[str, Any], public: dict[str, Any], names: Sequence[str]) -> str:
    """One seat: cards in hand, seen or unseen and melds shown during a deal; who deals next
    between deals."""
    phase = public.get("phase_id")
    name = _name(names, s["seat"])
    to_act = public.get("to_act", [])
    if s.get("left"):
        return f"{name} left the table"
    if phase in ("declare", "play"):
        if not s["in_deal"]:
            return f"{name} sits out" + (" (leaving)" if s.get("leaving") else "")
        status = "seen (dublees)" if s["route"] == "dublee" else "seen" if s["seen"] else "unseen"
        melds = len(s["declared"]) + len(s["shown"]) + len(s["dublees"])
        turn = "▶ " if phase == "play" and public.get("turn") == s["seat"] else ""
        line = f"{turn}**{name}** {s['hand_size']} cards, {status}"
        if melds:
            line += f", {melds} on the table"
        if phase == "declare" and s["seat"] in to_act:
            line += ", deciding"
        if turn:
            line += ", discarding" if public.get("drawn") else ", drawing"
        return line + (", leaving after this deal (auto-play)" if s.get("leaving") else "")
    if s.get("leaving"):
        return f"{name} leaving"
    if phase == "between" and s["seat"] in to_act:
        return f"▶ **{name}** " + ("has nobody left to play against: ends the game" if public.get("last_player") else
                                  f"deals next (deal {public.get('deal_no', 0) + 1})")
    return f"**{name}**" if s["stack"] > 0 else f"{name} has no chips, sits out"


def _last_deal(last: dict[str, Any], names: Sequence[str], n: int) -> str:
    if last.get("abandoned"):
        return "Abandoned: the stock ran out (no points, no payments)."
    maal = " · ".join(f"{_name(names, int(s))} {p}" for s, p in last.get("adjusted", last["points"]).items())
    moves = [f"{_name(names, payer)} → {_name(names, payee)}: {amount:,}"
             for payer, payee, amount in last.get("transfers", [])]
    return "\n".join([f"**{_name(names, last['winner'])}** went out · tiplu **{_p(last['tiplu'])}** · maal {maal}",
                      "Chips: " + (" · ".join(moves) if moves else "none changed hands")])


def _step(private: dict[str, Any], public: dict[str, Any]) -> str | None:
    """What this seat is asked to do now, in words (the buttons carry the exact choices)."""
    seat = private.get("seat")
    phase = public.get("phase_id")
    if seat not in public.get("to_act", []):
        return None
    if phase == "declare":
        if private.get("declarable"):
            return ("**Your move:** declare a dealt tunnela (three identical cards: worth points, counts as a "
                    "pure set), or press **Done declaring**. Everyone gets this prompt, so it reveals nothing.")
        return ("**Your move:** you hold no dealt tunnela; press **Done declaring** "
                "(everyone gets this prompt, so it reveals nothing).")
    if phase == "between":
        if public.get("last_player"):
            return "**Your move:** nobody is left to play against; press **End the game** to collect your chips."
        return f"**Your move:** deal the next hand (deal {public.get('deal_no', 0) + 1}) when you are ready."
    if phase != "play":
        return None
    if not public.get("drawn"):
        top = public.get("discard_top")
        take = private.get("take_discard", "yes")
        if not top or take == "no":
            why = f" ({private['take_reason']})" if private.get("take_reason") else ""
            return f"**Your turn — draw** from the stock{why}."
        if take == "finish":
            return (f"**Your turn — draw** from the stock, or take {_p(top)} only if it lets you go out at once "
                    f"({private.get('take_reason', '')}).")
        return f"**Your turn — draw** a card: from the stock, or take the top discard {_p(top)}."
    if private.get("finish_discards"):
        return "**Your turn — you can go out!** Press a Finish button; or discard a card to play on."
    if private.get("can_show"):
        return ("**Your turn:** you hold the pure sets — press **Show** to see the tiplu (wild cards then "
                "help you), then discard.")
    if private.get("can_show_dublees"):
        return "**Your turn:** you hold seven dublees — you may **Show seven dublees**, then discard."
    return "**Your turn — discard** a card."


def _deal_result(private: dict[str, Any], public: dict[str, Any]) -> list[str]:
    """Between deals: how the last deal went for this seat."""
    last = public.get("last_deal")
    seat = private.get("seat")
    if not last:
        return []
    if last.get("abandoned"):
        return [f"**Deal {public.get('deal_no')} was abandoned** (the stock ran out): no points, no payments."]
    net = sum(a for p, q, a in last.get("transfers", []) if q == seat) - \
        sum(a for p, q, a in last.get("transfers", []) if p == seat)
    won = "You went out. " if last.get("winner") == seat else ""
    money = f"you received {net:,} chips" if net > 0 else f"you paid {-net:,} chips" if net < 0 else \
        "no chips changed hands for you"
    points = last.get("adjusted", last.get("points", {})).get(str(seat))
    maal = f" Your maal: {points} points." if points is not None else ""
    return [f"**Deal {public.get('deal_no')} is over.** {won}Net: {money}.{maal} "
            f"Tiplu was {_p(last['tiplu'])}. The summary in the channel shows every payment."]


def _wild_faces(private: dict[str, Any]) -> set[tuple[int, str]]:
    """The faces wild for this seat: none until it has seen the tiplu (MAR-11)."""
    if not private.get("tiplu"):
        return set()
    maal = private["maal"]
    cards = [maal["tiplu"], maal["poplu"], maal["jhiplu"], *private.get("wild", [])]
    return {Card.parse(c).face for c in cards}


def card_notes(private: dict[str, Any], public: dict[str, Any]) -> dict[tuple[int, str], str]:
    """Wild cards are marked in the controls (the discard select) once this seat has seen the
    tiplu, so nobody throws one away unawares (MAR-11)."""
    return dict.fromkeys(_wild_faces(private), "★ wild card")


def hand_groups(private: dict[str, Any], public: dict[str, Any]) -> list[Group]:
    """During a deal: the melds already on the table, then the hand's pure sets, pairs and the
    rest by suit, as the engine grouped them; wild cards flagged, the card just drawn or taken
    marked. Between deals there is no hand to show."""
    if public.get("phase_id") not in ("declare", "play"):
        return []
    faces = _wild_faces(private)
    fresh = {c for c in (private.get("drawn_card"), private.get("taken")) if c}

    def group(kind: str, cards: Sequence[str]) -> Group:
        return Group(kind, tuple(cards), frozenset(fresh & set(cards)),
                     frozenset(c for c in cards if Card.parse(c).face in faces))

    table = [group("table", meld_order(m)) for key in ("declared", "shown", "dublees") for m in private.get(key, [])]
    sets = private.get("groups", {})
    return (table + [group("meld", meld_order(m)) for m in sets.get("pure_sets", [])]
            + [group("pair", m) for m in sets.get("pairs", [])] + [group("suit", m) for m in sets.get("loose", [])])


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """What to do now, then the hand: sorted and grouped (pure sets, pairs, the rest by suit);
    wild cards starred. Between deals: the last deal's result for this seat."""
    lines: list[str] = []
    phase = public.get("phase_id")
    step = _step(private, public)
    if phase in ("between", "over"):
        lines += _deal_result(private, public)
        if phase == "over":
            lines.append("**The game is over.** Your chips go back to your wallet.")
        if step:
            lines.append(step)
        return "\n".join(lines) or "Waiting for the next deal."
    if step:
        lines.append(step)
    wild = _wild_faces(private)
    if private.get("tiplu"):
        maal = private["maal"]
        t = Card.parse(maal["tiplu"])
        lines.append(f"**Tiplu {_p(maal['tiplu'])}** · jhiplu {_p(maal['jhiplu'])} · poplu {_p(maal['poplu'])} "
                     f"— wild for you: every {t.rank_name}, {_p(maal['jhiplu'])}, {_p(maal['poplu'])} (marked *)")
        if private.get("route") == "dublee":
            lines.append("To go out: pair one more dublee from your hand and discard; the Finish button "
                         "appears when you can.")
        elif private.get("route") == "normal":
            left = 7 - len(private.get("declared", [])) - len(private.get("shown", []))
            lines.append(f"To go out: {left} more meld{'s' if left != 1 else ''} of three from your hand (wild "
                         f"cards allowed) and one discard; the Finish button appears when you can.")
    elif private.get("route") is None:
        need = private.get("show_need", 3)
        dublees = " (or seven dublees)" if private.get("dublee_allowed") else ""
        lines.append(f"Unseen: show {need} pure set{'s' if need != 1 else ''} (tunnelas or same-suit sequences)"
                     f"{dublees} to see the tiplu." if need else "Unseen: you may show now to see the tiplu.")
    exposed = []
    if private.get("declared"):
        exposed.append("declared " + _melds(private["declared"], wild))
    if private.get("shown"):
        exposed.append("shown " + _melds(private["shown"], wild))
    if private.get("dublees"):
        exposed.append("dublees " + _melds(private["dublees"], wild))
    if exposed:
        lines.append("On the table: " + " · ".join(exposed))
    lines.append(f"**Your hand ({len(private.get('hand', []))} cards)**")
    held = [g for g in hand_groups(private, public) if g.kind != "table"]
    for kind, word in (("meld", "Pure sets: "), ("pair", "Pairs: ")):
        runs = [g.items for g in held if g.kind == kind]
        if runs:
            lines.append(word + _melds(runs, wild))
    lines += [_cards(g.items, wild) for g in held if g.kind == "suit"]
    if private.get("drawn_card"):
        lines.append(f"You drew {_p(private['drawn_card'])}.")
    if private.get("taken"):
        if private.get("taken_ban") == "copy":  # MAR-7 option: only the taken copy is banned
            lines.append(f"You took {_p(private['taken'])}: you may not discard that very card this turn "
                         f"(another copy of it you may).")
        else:
            lines.append(f"You took {_p(private['taken'])}: you may not discard it (or an identical card) "
                         f"this turn.")
    if private.get("declarable"):
        lines.append("Dealt tunnelas you may declare: " + ", ".join(_p(c) for c in private["declarable"]))
    if private.get("finish_discards"):
        lines.append("**You can go out**, discarding one of: " + _cards(private["finish_discards"]))
    return "\n".join(lines)
