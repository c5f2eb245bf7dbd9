"""Marriage board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Marriage.public_view()` / `private_view()`. The tiplu appears on the table only
once the deal is over (MAR-17); before that, only in the hand text of a player who has seen.
"""

from __future__ import annotations

from typing import Any, Sequence

from bot.games.cards import Card

FIELD_LIMIT = 1024
LAST_DISCARDS = 8


def _p(card: str) -> str:
    return Card.parse(card).pretty


def _cards(cards: Sequence[str], wild: set[tuple[int, str]] | None = None) -> str:
    out = []
    for c in cards:
        card = Card.parse(c)
        mark = "*" if wild and card.face in wild else ""
        out.append(card.pretty + mark)
    return " ".join(out)


def _meld_order(meld: Sequence[str]) -> list[str]:
    """Sorted for reading; the ace goes last in Q-K-A (it is the high end there)."""
    cards = [Card.parse(c) for c in meld]
    ace_high = any(c.rank in (12, 13) for c in cards) and not any(c.rank in (2, 3) for c in cards)
    key = (lambda c: (c.high, c.suit_index)) if ace_high else (lambda c: (c.rank, c.suit_index))
    return [str(c) for c in sorted(cards, key=key)]


def _melds(melds: Sequence[Sequence[str]], wild: set[tuple[int, str]] | None = None) -> str:
    return " · ".join(f"[{_cards(_meld_order(m), wild)}]" for m in melds)


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _render(text: str, names: Sequence[str], n: int) -> str:
    return text.format_map({f"p{i}": _name(names, i) for i in range(max(n, len(names)))})


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """Discard pile, stock, who has seen, melds on the table, and the last deal's settlement."""
    fields: list[tuple[str, str]] = []
    phase = public.get("phase_id")
    seats = public.get("seats", [])
    if phase in ("declare", "play"):
        top = public.get("discard_top")
        by = public.get("discard_top_by")
        who = "the upcard" if by is None else f"discarded by {_name(names, by)}"
        pile = public.get("discard_pile", [])
        older = pile[-LAST_DISCARDS - 1:-1]
        value = f"**{_p(top)}** ({who})" if top else "—"
        if older:
            value += f"\nBefore it: {_cards(list(reversed(older)))}"
        if len(pile) > LAST_DISCARDS + 1:
            value += f" … ({len(pile)} cards in the pile)"
        fields.append(("Discard pile", _clip(value)))
        stock = f"{public.get('stock_count', 0)} cards"
        if public.get("rebuilds"):
            stock += f" · rebuilt {public['rebuilds']} of {public.get('max_rebuilds')} times"
        if public.get("tiplu_chosen"):
            stock += " · tiplu chosen (seen players know it)"
        fields.append(("Stock", stock))
        if phase == "declare":
            fields.append(("Declaring", "Everyone may declare dealt tunnelas; they are announced together."))
    lines = []
    for s in seats:
        if not s["in_deal"]:
            state = "left" if s.get("left") else "sitting out"
            lines.append(f"{_name(names, s['seat'])} — {state}")
            continue
        if s["route"] == "dublee":
            status = "seen (dublees)"
        else:
            status = "seen" if s["seen"] else "unseen"
        cards = f"{s['hand_size']} in hand · " if phase in ("declare", "play") else ""
        lines.append(f"**{_name(names, s['seat'])}** — {cards}{status}")
    if lines:
        fields.append(("Players", _clip("\n".join(lines))))
    table = []
    for s in seats:
        parts = []
        if s["declared"]:
            parts.append("declared " + _melds(s["declared"]))
        if s["shown"]:
            parts.append(_melds(s["shown"]))
        if s["dublees"]:
            parts.append(_melds(s["dublees"]))
        if parts:
            table.append(f"{_name(names, s['seat'])}: " + " · ".join(parts))
    if table and phase in ("declare", "play"):
        fields.append(("Melds on the table", _clip("\n".join(table))))
    last = public.get("last_deal")
    if last and phase in ("between", "over"):
        fields.append(("Last deal", _clip(_last_deal(last, names, len(seats)))))
    return fields


def _last_deal(last: dict[str, Any], names: Sequence[str], n: int) -> str:
    if last.get("abandoned"):
        return "Abandoned: the stock ran out (no points, no payments)."
    w = last["winner"]
    lines = [f"**{_name(names, w)}** went out · tiplu **{_p(last['tiplu'])}**"]
    if last.get("route") == "dublee":
        lines.append("Eight dublees: " + _melds(last["dublees"]))
    else:
        lines.append(_melds(last["melds"]))
    lines.append(f"Discard: {_p(last['discard'])}")
    maal = " · ".join(f"{_name(names, int(s))} {p}" for s, p in last.get("adjusted", last["points"]).items())
    lines.append(f"Maal: {maal}")
    for payer, payee, amount in last.get("transfers", []):
        lines.append(f"{_name(names, payer)} → {_name(names, payee)}: {amount:,}")
    return "\n".join(lines)


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The hand, sorted and grouped (pure sets, pairs, the rest by suit); wild cards starred."""
    lines: list[str] = []
    wild: set[tuple[int, str]] = set()
    if private.get("tiplu"):
        maal = private["maal"]
        t = Card.parse(maal["tiplu"])
        lines.append(f"**Tiplu {_p(maal['tiplu'])}** · jhiplu {_p(maal['jhiplu'])} · poplu {_p(maal['poplu'])} "
                     f"— wild for you: every {t.rank_name}, {_p(maal['jhiplu'])}, {_p(maal['poplu'])} (marked *)")
        for c in (maal["tiplu"], maal["poplu"], maal["jhiplu"]):
            wild.add(Card.parse(c).face)
        for c in private.get("wild", []):
            wild.add(Card.parse(c).face)
    elif private.get("route") is None:
        need = private.get("show_need", 3)
        lines.append(f"Unseen: show {need} pure set{'s' if need != 1 else ''} (tunnelas or same-suit sequences) "
                     f"to see the tiplu." if need else "Unseen: you may show now to see the tiplu.")
    exposed = []
    if private.get("declared"):
        exposed.append("declared " + _melds(private["declared"], wild))
    if private.get("shown"):
        exposed.append("shown " + _melds(private["shown"], wild))
    if private.get("dublees"):
        exposed.append("dublees " + _melds(private["dublees"], wild))
    if exposed:
        lines.append("On the table: " + " · ".join(exposed))
    groups = private.get("groups", {})
    hand = private.get("hand", [])
    lines.append(f"**Your hand ({len(hand)} cards)**")
    if groups.get("pure_sets"):
        lines.append("Pure sets: " + _melds(groups["pure_sets"], wild))
    if groups.get("pairs"):
        lines.append("Pairs: " + _melds(groups["pairs"], wild))
    for suit_cards in groups.get("loose", []):
        lines.append(_cards(suit_cards, wild))
    if private.get("drawn_card"):
        lines.append(f"You drew {_p(private['drawn_card'])}.")
    if private.get("taken"):
        lines.append(f"You took {_p(private['taken'])}: you may not discard it (or an identical card) this turn.")
    if private.get("declarable"):
        lines.append("Dealt tunnelas you may declare: " + ", ".join(_p(c) for c in private["declarable"]))
    if private.get("finish_discards"):
        lines.append("**You can go out**, discarding one of: " + _cards(private["finish_discards"]))
    return "\n".join(lines)
