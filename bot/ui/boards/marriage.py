"""Marriage board: the table embed fields and the private hand (pure text, no Discord).

Reads only `Marriage.public_view()` / `private_view()`. The tiplu appears on the table only
once the deal is over (MAR-17); before that, only in the hand text of a player who has seen.
Every word comes from the catalog, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.cards import Card
from bot.games.messages import from_json
from bot.i18n import ENGLISH, Locale, number, render, seat_name, t

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


def _clip(text: str, limit: int = FIELD_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def table_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """The discard pile and the stock, and between deals who went out and how the chips moved
    (each player's line is in `seat_notes`; the picture shows their melds)."""
    fields: list[tuple[str, str]] = []
    phase = public.get("phase_id")
    if phase in ("declare", "play"):
        top, by = public.get("discard_top"), public.get("discard_top_by")
        pile = public.get("discard_pile", [])
        if not top:
            fields.append((t(locale, "mar.board.discard_pile"), t(locale, "gin.board.empty")))
        elif by is None:
            fields.append((t(locale, "mar.board.discard_pile"), t(locale, "mar.board.upcard", card=_p(top),
                                                                  n=len(pile))))
        else:
            fields.append((t(locale, "mar.board.discard_pile"), t(locale, "mar.board.discarded_by", card=_p(top),
                                                                  player=seat_name(names, by, locale), n=len(pile))))
        stock = [t(locale, "gin.board.stock", n=public.get("stock_count", 0))]
        if public.get("rebuilds"):
            stock.append(t(locale, "mar.board.rebuilt", rebuilds=public["rebuilds"], most=public.get("max_rebuilds")))
        if public.get("tiplu_chosen"):
            stock.append(t(locale, "mar.board.tiplu_chosen"))
        fields.append((t(locale, "gin.board.stock_title"), " · ".join(stock)))
        if phase == "declare":
            fields.append((t(locale, "mar.board.declaring"), t(locale, "mar.board.declaring_help")))
    last = public.get("last_deal")
    if last and phase in ("between", "over"):
        fields.append((t(locale, "mar.board.last_deal"), _clip(_last_deal(last, names, locale))))
    return fields


def summary_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    """“Deal 2 — Ann goes out”, from the deal just settled."""
    last = public.get("last_deal")
    if not last:
        return None
    deal = public.get("deal_no")
    if last.get("abandoned"):
        return t(locale, "mar.title.abandoned", deal=deal)
    key = "mar.title.dublees" if last.get("route") == "dublee" else "mar.title.out"
    return t(locale, key, deal=deal, player=seat_name(names, last["winner"], locale))


def seat_notes(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> dict[int, str]:
    """Each seat, beside its name and stack in the table's one list of players: cards in hand,
    seen or unseen and melds shown during a deal; who deals next between deals."""
    notes = {s["seat"]: _seat_note(s, public, locale) for s in public.get("seats", []) if not s.get("left")}
    return {seat: note for seat, note in notes.items() if note}


def _seat_note(s: dict[str, Any], public: Mapping[str, Any], locale: Locale) -> str:
    phase = public.get("phase_id")
    to_act = public.get("to_act", [])
    if phase in ("declare", "play"):
        if not s["in_deal"]:
            return t(locale, "mar.board.sits_out_leaving" if s.get("leaving") else "mar.board.sits_out")
        status = "dublees" if s["route"] == "dublee" else "seen" if s["seen"] else "unseen"
        melds = len(s["declared"]) + len(s["shown"]) + len(s["dublees"])
        bits = [t(locale, "mar.board.cards", n=s["hand_size"]), t(locale, f"mar.board.{status}")]
        if melds:
            bits.append(t(locale, "mar.board.on_table", n=melds))
        if phase == "declare" and s["seat"] in to_act:
            bits.append(t(locale, "mar.board.deciding"))
        if phase == "play" and public.get("turn") == s["seat"]:
            bits.append(t(locale, "mar.board.discarding" if public.get("drawn") else "mar.board.drawing"))
        if s.get("leaving"):
            bits.append(t(locale, "mar.board.leaving_after"))
        return t(locale, "sep.list").join(bits)
    if s.get("leaving"):
        return t(locale, "mar.board.leaving")
    if phase == "between" and s["seat"] in to_act:
        return t(locale, "mar.board.ends_game") if public.get("last_player") else \
            t(locale, "mar.board.deals_next", deal=public.get("deal_no", 0) + 1)
    return "" if s["stack"] > 0 else t(locale, "mar.board.no_chips")


def _last_deal(last: dict[str, Any], names: Sequence[str], locale: Locale) -> str:
    if last.get("abandoned"):
        return t(locale, "mar.board.abandoned")
    def name(seat: int | None) -> str:
        return seat_name(names, seat, locale)

    points = last.get("adjusted", last["points"])
    maal = " · ".join(t(locale, "ui.name_number", name=name(int(s)), number=p) for s, p in points.items())
    moves = [f"{name(payer)} → {name(payee)}: {number(locale, amount)}"
             for payer, payee, amount in last.get("transfers", [])]
    return "\n".join([t(locale, "mar.board.went_out", player=name(last["winner"]), tiplu=_p(last["tiplu"]),
                        maal=maal),
                      t(locale, "mar.board.chips", moves=" · ".join(moves)) if moves
                      else t(locale, "mar.board.no_moves")])


def _step(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale) -> str | None:
    """What this seat is asked to do now, in words (the buttons carry the exact choices)."""
    seat = private.get("seat")
    phase = public.get("phase_id")
    if seat not in public.get("to_act", []):
        return None
    if phase == "declare":
        return t(locale, "mar.step.declare" if private.get("declarable") else "mar.step.no_tunnela")
    if phase == "between":
        if public.get("last_player"):
            return t(locale, "mar.step.end_game")
        return t(locale, "mar.step.deal_next", deal=public.get("deal_no", 0) + 1)
    if phase != "play":
        return None
    if not public.get("drawn"):
        top = public.get("discard_top")
        take = private.get("take_discard", "yes")
        why = render(locale, from_json(private["take_reason"]), ()) if private.get("take_reason") else ""
        if not top or take == "no":
            return t(locale, "mar.step.draw_why", why=why) if why else t(locale, "mar.step.draw")
        if take == "finish":
            return t(locale, "mar.step.draw_or_finish", card=_p(top), why=why)
        return t(locale, "mar.step.draw_or_take", card=_p(top))
    if private.get("finish_discards"):
        return t(locale, "mar.step.can_go_out")
    if private.get("can_show"):
        return t(locale, "mar.step.can_show")
    if private.get("can_show_dublees"):
        return t(locale, "mar.step.can_show_dublees")
    return t(locale, "mar.step.discard")


def _deal_result(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale) -> list[str]:
    """Between deals: how the last deal went for this seat."""
    last = public.get("last_deal")
    seat = private.get("seat")
    if not last:
        return []
    deal = public.get("deal_no")
    if last.get("abandoned"):
        return [t(locale, "mar.result.abandoned", deal=deal)]
    net = sum(a for p, q, a in last.get("transfers", []) if q == seat) - \
        sum(a for p, q, a in last.get("transfers", []) if p == seat)
    won = t(locale, "mar.result.you_went_out") if last.get("winner") == seat else ""
    money = t(locale, "mar.result.received", chips=net) if net > 0 else \
        t(locale, "mar.result.paid", chips=-net) if net < 0 else t(locale, "mar.result.even")
    points = last.get("adjusted", last.get("points", {})).get(str(seat))
    maal = t(locale, "mar.result.maal", points=points) if points is not None else ""
    return [t(locale, "mar.result.over", deal=deal, won=won, money=money, maal=maal, tiplu=_p(last["tiplu"]))]


def _wild_faces(private: Mapping[str, Any]) -> set[tuple[int, str]]:
    """The faces wild for this seat: none until it has seen the tiplu (MAR-11)."""
    if not private.get("tiplu"):
        return set()
    maal = private["maal"]
    cards = [maal["tiplu"], maal["poplu"], maal["jhiplu"], *private.get("wild", [])]
    return {Card.parse(c).face for c in cards}


def card_notes(private: Mapping[str, Any], public: Mapping[str, Any],
               locale: Locale = ENGLISH) -> dict[tuple[int, str], str]:
    """Wild cards are marked in the controls (the discard select) once this seat has seen the
    tiplu, so nobody throws one away unawares (MAR-11)."""
    return dict.fromkeys(_wild_faces(private), t(locale, "ui.wild_card"))


def image_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """The pictures' words: the tiplu, wild cards, the card just drawn or taken."""
    return {"tiplu": t(locale, "pic.mar.tiplu"), "wild": t(locale, "pic.mar.wild"),
            "final_discard": t(locale, "pic.mar.final_discard"),
            "marked": t(locale, "pic.hand.taken")}


def hand_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
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


def hand_text(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """What to do now, then the hand: sorted and grouped (pure sets, pairs, the rest by suit);
    wild cards starred. Between deals: the last deal's result for this seat."""
    step = _step(private, public, locale)
    if public.get("phase_id") in ("between", "over"):
        return _between_text(private, public, step, locale)
    wild = _wild_faces(private)
    return "\n".join([*([step] if step else []), *_maal_lines(private, locale), *_exposed_lines(private, wild, locale),
                      *_held_lines(private, public, wild, locale), *_fresh_lines(private, locale)])


def _between_text(private: Mapping[str, Any], public: Mapping[str, Any], step: str | None, locale: Locale) -> str:
    """Between deals or after the game: the last deal's result for this seat, then what next."""
    lines = _deal_result(private, public, locale)
    if public.get("phase_id") == "over":
        lines.append(t(locale, "mar.hand.game_over"))
    if step:
        lines.append(step)
    return "\n".join(lines) or t(locale, "mar.hand.waiting")


def _maal_lines(private: Mapping[str, Any], locale: Locale) -> list[str]:
    """The tiplu and its neighbours once seen, and what going out still takes; before that,
    what seeing the tiplu takes."""
    if not private.get("tiplu"):
        if private.get("route") is not None:
            return []
        need = private.get("show_need", 3)
        key = "mar.hand.unseen_or_dublees" if private.get("dublee_allowed") else "mar.hand.unseen"
        return [t(locale, key, n=need) if need else t(locale, "mar.hand.may_show")]
    maal = private["maal"]
    lines = [t(locale, "mar.hand.tiplu", tiplu=_p(maal["tiplu"]), jhiplu=_p(maal["jhiplu"]),
               poplu=_p(maal["poplu"]), rank=Card.parse(maal["tiplu"]).rank_name)]
    if private.get("route") == "dublee":
        lines.append(t(locale, "mar.hand.to_go_out_dublee"))
    elif private.get("route") == "normal":
        left = 7 - len(private.get("declared", [])) - len(private.get("shown", []))
        lines.append(t(locale, "mar.hand.to_go_out", n=left))
    return lines


def _exposed_lines(private: Mapping[str, Any], wild: set[tuple[int, str]], locale: Locale) -> list[str]:
    """The melds this seat has on the table: declared, shown, dublees."""
    exposed = [t(locale, f"mar.hand.exposed_{key}", melds=_melds(private[key], wild))
               for key in ("declared", "shown", "dublees") if private.get(key)]
    return [t(locale, "mar.hand.on_table", melds=" · ".join(exposed))] if exposed else []


def _held_lines(private: Mapping[str, Any], public: Mapping[str, Any], wild: set[tuple[int, str]],
                locale: Locale) -> list[str]:
    """The hand: its size, then pure sets, pairs and the rest by suit."""
    lines = [t(locale, "mar.hand.head", n=len(private.get("hand", [])))]
    held = [g for g in hand_groups(private, public) if g.kind != "table"]
    for kind in ("meld", "pair"):
        runs = [g.items for g in held if g.kind == kind]
        if runs:
            lines.append(t(locale, f"mar.hand.{kind}s", melds=_melds(runs, wild)))
    return lines + [_cards(g.items, wild) for g in held if g.kind == "suit"]


def _fresh_lines(private: Mapping[str, Any], locale: Locale) -> list[str]:
    """The card just drawn or taken, and what may be declared or finished with now."""
    lines: list[str] = []
    if private.get("drawn_card"):
        lines.append(t(locale, "mar.hand.drew", card=_p(private["drawn_card"])))
    if private.get("taken"):
        # MAR-7 option `copy`: only the taken copy is banned
        key = "mar.hand.took_copy" if private.get("taken_ban") == "copy" else "mar.hand.took"
        lines.append(t(locale, key, card=_p(private["taken"])))
    if private.get("declarable"):
        lines.append(t(locale, "mar.hand.declarable", cards=t(locale, "sep.list").join(
            _p(c) for c in private["declarable"])))
    if private.get("finish_discards"):
        lines.append(t(locale, "mar.hand.can_go_out", cards=_cards(private["finish_discards"])))
    return lines
