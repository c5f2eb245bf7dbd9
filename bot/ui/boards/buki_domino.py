"""Buki-Domino board: the line with both open ends, players with tiles and bets, the banker,
spectator bets, the last hand; the private hand with its playable tiles marked (pure text).

Reads only `BukiDomino.public_view()` / `private_view()`; every word from the catalog, in the
reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import ENGLISH, Locale, render, saved_lines, t

from .groups import Group

FIELD_LIMIT = 1024
SPECTATORS_SHOWN = 12
SPECTATORS_BESIDE = 3
"""Spectator bets the table message lists beside a picture (a phone's screen is short)."""
STAGE_NOTES = ("limits", "deadline", "early_bets")
"""Stages with a note under the bet limits (`dom.stage.<stage>`)."""


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _tile(locale: Locale, n: int) -> str:
    """“3rd tile”, as each language says it (bets close before one's 3rd or 4th tile)."""
    return t(locale, f"dom.tile_{n}")


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_LIMIT else text[:FIELD_LIMIT - 1] + "…"


def line_text(public: Mapping[str, Any], names: Sequence[str], locale: Locale = ENGLISH) -> str:
    """`Left end **1** · right end **7** · 5 tiles` — the open ends are what a player plays to; the
    picture shows the tiles."""
    line = public["line"]
    if not line:
        return t(locale, "dom.board.line_empty")
    left, right = public["ends"]
    return t(locale, "dom.board.line", left=left, right=right, n=len(line))


def seat_notes(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> dict[int, str]:
    """Each seat still playing, beside its name and stack in the table's one list of players: the
    banker 🏦, the tiles left, the bet, the passes, leaving."""
    return {seat: _seat_note(public, seat, locale) for seat in range(4) if public["active"][seat]}


def _seat_note(public: Mapping[str, Any], seat: int, locale: Locale) -> str:
    parts = [t(locale, "dom.board.tiles", n=public["tile_counts"][seat])]
    if seat == public["banker"]:
        parts.insert(0, "🏦 " + t(locale, "dom.board.banker"))
    else:
        bet, carried, stake = public["bets"][seat], public["carried"][seat], public["stakes"][seat]
        if bet is None:
            parts.append(t(locale, "dom.board.no_bet_carries", carried=carried) if carried
                         else t(locale, "dom.board.no_bet"))
        elif carried:
            parts.append(t(locale, "dom.board.bet_carried", bet=bet, carried=carried, stake=stake))
        else:
            parts.append(t(locale, "dom.board.bet", bet=bet))
    passes = sum(1 for p in public["passes"] if p[0] == seat)
    if passes:
        parts.append(t(locale, "dom.board.passed", passes=passes))
    if public.get("leaving", [False] * 4)[seat]:
        parts.append(t(locale, "dom.board.leaving"))
    return t(locale, "sep.list").join(parts)


def _spectators(public: Mapping[str, Any], names: Sequence[str], locale: Locale, shown: int = SPECTATORS_SHOWN) -> str:
    bets = public["spectator_bets"]
    lines = []
    for b in bets[:shown]:
        key = "dom.board.spectator_accepted" if b["status"] == "accepted" else "dom.board.spectator_waiting"
        lines.append(t(locale, key, bet=str(b["id"]), spectator=f"<@{b['spectator']}>", amount=b["amount"],
                       player=_name(names, b["seat"])))
    if len(bets) > shown:
        lines.append(t(locale, "dom.board.more", n=len(bets) - shown))
    return "\n".join(lines)


def _last_hand(last: dict[str, Any], names: Sequence[str], locale: Locale) -> str:
    """How the last hand ended and each player's gain or loss, in one line."""
    winner = last["winner"]
    if last["how"] == "domino":
        head = t(locale, "dom.board.last_domino", hand=last["hand"], player=_name(names, winner))
    elif winner is None:
        head = t(locale, "dom.board.last_draw", hand=last["hand"])
    else:
        head = t(locale, "dom.board.last_blocked", hand=last["hand"], player=_name(names, winner))
    return head + " " + " · ".join(f"{_name(names, seat)} {change:+d}" for seat, change in enumerate(last["change"]))


def image_labels(public: Mapping[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """The pictures' words: the banker, a bet, the line's open ends."""
    return {"banker": t(locale, "pic.dom.banker"), "bet": t(locale, "pic.dom.bet"),
            "open_end": t(locale, "pic.dom.open_end"), "marked": t(locale, "pic.dom.playable")}


def summary_title(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> str | None:
    """“Hand 3 — Ann goes out, the bank pays 15”, from the hand just settled."""
    last = public.get("last_hand")
    if not last:
        return None
    winner = last["winner"]
    if winner is None:
        return t(locale, "dom.title.draw", hand=last["hand"])
    key = "dom.title.domino" if last["how"] == "domino" else "dom.title.blocked"
    return t(locale, key, hand=last["hand"], player=_name(names, winner), change=f"{last['change'][winner]:+d}")


def beside_picture(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """The spectators' bets, which the picture does not show (the latest few beside it)."""
    spect = _spectators(public, names, locale, SPECTATORS_BESIDE) if public["stage"] != "over" else ""
    return [(t(locale, "dom.board.spectator_bets"), _clip(spect))] if spect else []


def table_fields(public: Mapping[str, Any], names: list[str], locale: Locale = ENGLISH) -> list[tuple[str, str]]:
    """The board part of the table embed."""
    fields: list[tuple[str, str]] = []
    stage = public["stage"]
    if stage != "over":
        head = t(locale, "dom.board.limits", low=public["min_bet"], high=public["max_bet"],
                 tile=_tile(locale, public["bet_deadline_tile"]), times=str(public["payout_multiplier"]))
        if stage in STAGE_NOTES:
            head += "\n" + t(locale, f"dom.stage.{stage}")
        leaving = [s for s, left in enumerate(public.get("leaving") or []) if left]
        if leaving:
            who = t(locale, "sep.list").join(_name(names, s) for s in leaving)
            head += "\n" + t(locale, "dom.board.leavers", players=who, n=len(leaving))
        fields.append((t(locale, "dom.board.line_title"), _clip(line_text(public, names, locale))))
        fields.append((t(locale, "dom.board.hand_of", hand=public["hand_no"], hands=public["max_hands"]), _clip(head)))
        spect = _spectators(public, names, locale)
        if spect:
            fields.append((t(locale, "dom.board.spectator_bets"), _clip(spect)))
    else:
        saved = public["end_reason"]
        reason = t(locale, "ui.finished") if not saved else \
            " ".join(render(locale, line, names) for line in saved_lines(saved))
        fields.append((t(locale, "dom.board.game_over"), _clip(t(locale, "dom.board.ended", reason=reason))))
    last = public.get("last_hand")
    if last and stage == "over":
        fields.append((t(locale, "dom.board.last_hand"), _clip(_last_hand(last, names, locale))))
    return fields


def _pays_line(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale) -> str:
    pays = private.get("bet_pays") or []
    examples = t(locale, "sep.list").join(t(locale, "dom.hand.bet_pays", bet=n, pays=p) for n, p in pays)
    carried = private.get("my_carried") or 0
    if carried:
        examples = t(locale, "dom.hand.stake_is", carried=carried, examples=examples) if examples else \
            t(locale, "dom.hand.stake_is_bare", carried=carried)
    times = str(public["payout_multiplier"])
    return t(locale, "dom.hand.if_you_win_examples", times=times, examples=examples) if examples else \
        t(locale, "dom.hand.if_you_win", times=times)


def _banker_rows(private: Mapping[str, Any], public: Mapping[str, Any], acting: bool, locale: Locale) -> list[str]:
    stage, mult = public["stage"], str(public["payout_multiplier"])
    if stage == "limits" and acting:
        rows = [t(locale, "dom.hand.banker_limits", low=public["min_bet"], high=public["max_bet"], times=mult)]
    elif stage == "deadline" and acting:
        rows = [t(locale, "dom.hand.banker_deadline")]
    else:
        rows = [t(locale, "dom.hand.banker", times=mult)]
    requests = private.get("spectator_requests") or []
    if requests:
        rows.append(t(locale, "dom.hand.requests"))
        for bet_id, spectator, _seat, amount, pays in requests[:SPECTATORS_SHOWN]:
            rows.append(t(locale, "dom.hand.request", bet=str(bet_id), spectator=f"<@{spectator}>", amount=amount,
                          pays=pays))
        if len(requests) > SPECTATORS_SHOWN:
            rows.append(t(locale, "dom.board.more", n=len(requests) - SPECTATORS_SHOWN))
    return rows


def _player_rows(private: Mapping[str, Any], public: Mapping[str, Any], acting: bool, locale: Locale) -> list[str]:
    stage = public["stage"]
    deadline = _tile(locale, public["bet_deadline_tile"])
    bet, carried = private["my_bet"], private.get("my_carried") or 0
    if bet is not None:
        if carried:
            return [t(locale, "dom.hand.your_bet_carried", bet=bet, carried=carried, stake=private["my_stake"],
                      pays=private["win_pays"])]
        return [t(locale, "dom.hand.your_bet", bet=bet, pays=private["win_pays"])]
    carry = t(locale, "dom.hand.carry", carried=carried) if carried else ""
    rng = private["bet_range"]
    if private["must_bet"] and rng:
        why = t(locale, "dom.hand.why_new_banker") if stage == "early_bets" else \
            t(locale, "dom.hand.why_closing", tile=deadline)
        return [t(locale, "dom.hand.bet_now", low=rng[0], high=rng[1], why=why, carry=carry),
                _pays_line(private, public, locale)]
    if private["may_bet"] and rng:
        placed = public["placed"][private["seat"]]
        when = t(locale, "dom.hand.when_deciding") if stage == "deadline" else \
            t(locale, "dom.hand.when_closes", tile=deadline)
        last_chance = placed == public["bet_deadline_tile"] - 1 and stage == "play"
        so_far = t(locale, "dom.hand.placed_next" if last_chance else "dom.hand.placed", n=placed)
        key = "dom.hand.may_bet_off_turn" if private.get("may_bet_off_turn") else "dom.hand.may_bet"  # DOM-16
        return [t(locale, key, low=rng[0], high=rng[1], when=when, so_far=so_far, carry=carry),
                _pays_line(private, public, locale)]
    if stage == "limits":
        return [t(locale, "dom.hand.wait_limits", carry=carry)]
    if stage == "deadline":
        return [t(locale, "dom.hand.wait_deadline", carry=carry)]
    return [t(locale, "dom.hand.no_bet_yet", low=public["min_bet"], high=public["max_bet"], tile=deadline,
              carry=carry)]


def hand_groups(private: Mapping[str, Any], public: Mapping[str, Any]) -> list[Group]:
    """The tiles heaviest first (as the view lists them); the playable ones marked on one's turn."""
    hand = tuple(private["hand"])
    playable = frozenset(private["playable"]) if private["moves"] else frozenset()
    return [Group("tiles", hand, playable & set(hand))] if hand else []


def hand_text(private: Mapping[str, Any], public: Mapping[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's tiles heaviest first, playable ones marked, their role, and what they may do:
    lead or play, bet (with what a win pays), or, as banker, the limits and spectator requests."""
    playable = set(private["playable"])
    acting = bool(private["moves"])
    tiles = [f"**{t}**✅" if t in g.marked else t for g in hand_groups(private, public) for t in g.items]
    rows = [t(locale, "dom.hand.tiles", pips=private["pips"], tiles=" ".join(tiles) or t(locale, "gin.none"))]
    if public["stage"] == "over":
        return "\n".join(rows)
    ends = public["ends"]
    if ends is None:
        if private["is_banker"] and acting:
            rows.append(t(locale, "dom.hand.you_lead"))
        elif public["stage"] == "play":
            rows.append(t(locale, "dom.hand.banker_leads"))
    else:
        rows.append(t(locale, "dom.hand.ends", left=ends[0], right=ends[1]))
        if acting:
            rows.append(t(locale, "dom.hand.playable", tiles=" ".join(private["playable"])) if playable
                        else t(locale, "dom.hand.no_fit"))
        elif not playable:
            rows.append(t(locale, "dom.hand.none_fits"))
    if private["is_banker"]:
        rows += _banker_rows(private, public, acting or private["seat"] in public["to_act"], locale)
    else:
        rows += _player_rows(private, public, acting, locale)
    seat = private["seat"]
    if public.get("leaving", [False] * 4)[seat]:
        rows.append(t(locale, "dom.hand.leaving"))
    return _clip("\n".join(rows))
