"""Buki-Domino board: the line with both open ends, players with tiles and bets, the banker,
spectator bets, the last hand; the private hand with its playable tiles marked (pure text).

Reads only `BukiDomino.public_view()` / `private_view()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.i18n import ENGLISH, render, saved_lines

from .groups import Group

FIELD_LIMIT = 1024
SPECTATORS_SHOWN = 12
STAGE_NOTES = {
    "limits": "The banker is choosing the bet limits for the whole game.",
    "deadline": "The banker is deciding whether bets stay open until the 4th tile (late bets).",
    "early_bets": "New banker: every other player bets now, before the first tile.",
}


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_LIMIT else text[:FIELD_LIMIT - 1] + "…"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def line_text(public: dict[str, Any], names: Sequence[str]) -> str:
    """`Left end **1** · right end **7** · 5 tiles` — the open ends are what a player plays to; the
    picture shows the tiles."""
    line = public["line"]
    if not line:
        return "Empty: the banker leads."
    left, right = public["ends"]
    return f"Left end **{left}** · right end **{right}** · {len(line)} tile{'s' if len(line) != 1 else ''} laid"


def _player_line(public: dict[str, Any], names: Sequence[str], seat: int) -> str:
    name = _name(names, seat)
    marks = "🏦 " if seat == public["banker"] else ""
    turn = "▶ " if seat == public["turn"] or seat in public["to_act"] and public["stage"] != "play" else ""
    if not public["active"][seat]:
        return f"{name} left the table"
    count = public["tile_counts"][seat]
    parts = [f"{count} tile{'s' if count != 1 else ''}"]
    if seat == public["banker"]:
        parts.append("banker")
    else:
        bet, carried, stake = public["bets"][seat], public["carried"][seat], public["stakes"][seat]
        if bet is None:
            parts.append("no bet yet" + (f" (carries {carried})" if carried else ""))
        elif carried:
            parts.append(f"bet {bet} + carried {carried} = stake **{stake}**")
        else:
            parts.append(f"bet **{bet}**")
    passes = sum(1 for p in public["passes"] if p[0] == seat)
    if passes:
        parts.append(f"passed {passes}×")
    if public.get("leaving", [False] * 4)[seat]:
        parts.append("leaving (moves made for them)")
    return f"{turn}{marks}**{name}** " + ", ".join(parts)


def _spectators(public: dict[str, Any], names: Sequence[str]) -> str:
    bets = public["spectator_bets"]
    lines = []
    for b in bets[:SPECTATORS_SHOWN]:
        status = "accepted" if b["status"] == "accepted" else "waiting for the banker"
        lines.append(f"#{b['id']} <@{b['spectator']}>: {b['amount']} on {_name(names, b['seat'])} — {status}")
    if len(bets) > SPECTATORS_SHOWN:
        lines.append(f"… and {len(bets) - SPECTATORS_SHOWN} more")
    return "\n".join(lines)


def _last_hand(last: dict[str, Any], names: Sequence[str]) -> str:
    """How the last hand ended and each player's gain or loss, in one line."""
    winner = last["winner"]
    if last["how"] == "domino":
        head = f"**Hand {last['hand']}:** {_name(names, winner)} went out (domino)."
    elif winner is None:
        head = f"**Hand {last['hand']}:** blocked, lowest pips shared — draw; stakes carry over."
    else:
        head = f"**Hand {last['hand']}:** blocked; {_name(names, winner)} wins with the fewest pips."
    return head + " " + " · ".join(f"{_name(names, seat)} {change:+d}" for seat, change in enumerate(last["change"]))


def summary_title(public: dict[str, Any], names: list[str]) -> str | None:
    """“Hand 3 — Ann goes out, the bank pays 15”, from the hand just settled."""
    last = public.get("last_hand")
    if not last:
        return None
    winner = last["winner"]
    head = f"Hand {last['hand']} — "
    if winner is None:
        return head + "blocked, a draw"
    gain = last["change"][winner]
    how = "goes out" if last["how"] == "domino" else "wins a blocked hand"
    return head + f"{_name(names, winner)} {how}, {gain:+d}"


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The board part of the table embed."""
    fields: list[tuple[str, str]] = []
    stage = public["stage"]
    if stage != "over":
        deadline = public["bet_deadline_tile"]
        head = (f"Bets {public['min_bet']}–{public['max_bet']} against the banker 🏦 before one's "
                f"{_ordinal(deadline)} tile · a win pays {public['payout_multiplier']}× the stake")
        note = STAGE_NOTES.get(stage)
        if note:
            head += "\n" + note
        leaving = [s for s, left in enumerate(public.get("leaving") or []) if left]
        if leaving:
            who = ", ".join(_name(names, s) for s in leaving)
            head += f"\n⚠ {who} {'is' if len(leaving) == 1 else 'are'} leaving: the game ends after this hand."
        fields.append(("Line", _clip(line_text(public, names))))
        fields.append((f"Hand {public['hand_no']} of {public['max_hands']}", _clip(head)))
        fields.append(("Players", _clip(" · ".join(_player_line(public, names, s) for s in range(4)))))
        spect = _spectators(public, names)
        if spect:
            fields.append(("Spectator bets", _clip(spect)))
    else:
        saved = public["end_reason"]
        reason = "finished" if not saved else " ".join(render(ENGLISH, line, names) for line in saved_lines(saved))
        fields.append(("Game over", _clip(f"The game ended: {reason}.")))
    last = public.get("last_hand")
    if last and stage == "over":
        fields.append(("Last hand", _clip(_last_hand(last, names))))
    return fields


def _pays_line(private: dict[str, Any], public: dict[str, Any]) -> str:
    pays = private.get("bet_pays") or []
    examples = ", ".join(f"bet {n} → +{p}" for n, p in pays)
    carried = private.get("my_carried") or 0
    if carried:
        examples = f"stake = bet + the {carried} carried" + (f": {examples}" if examples else "")
    return (f"If you win the hand you get your stake back plus {public['payout_multiplier']}× it from the "
            "banker" + (f" ({examples})" if examples else "") + "; otherwise the stake goes to the banker.")


def _banker_rows(private: dict[str, Any], public: dict[str, Any], acting: bool) -> list[str]:
    stage, mult = public["stage"], public["payout_multiplier"]
    if stage == "limits" and acting:
        rows = [f"🏦 You are the banker. First choose the bet limits for the whole game (the table proposes "
                f"{public['min_bet']}–{public['max_bet']}); your stack must cover {mult}× the maximum."]
    elif stage == "deadline" and acting:
        rows = ["🏦 You are the banker. Decide on late bets: accept (bets stay open until each player's 4th "
                "tile) or refuse (bets close before the 3rd)."]
    else:
        rows = [f"🏦 You are the banker: you pay a winning player {mult}× their stake and collect every other "
                "stake. You never bet."]
    requests = private.get("spectator_requests") or []
    if requests:
        rows.append("Onlookers ask to bet against you — accept or refuse each (the table lists whom they back):")
        for bet_id, spectator, _seat, amount, pays in requests[:SPECTATORS_SHOWN]:
            rows.append(f"• #{bet_id}: <@{spectator}> bets {amount}; you pay {pays} if their player wins, "
                        "else you keep it")
        if len(requests) > SPECTATORS_SHOWN:
            rows.append(f"… and {len(requests) - SPECTATORS_SHOWN} more")
    return rows


def _player_rows(private: dict[str, Any], public: dict[str, Any], acting: bool) -> list[str]:
    stage = public["stage"]
    deadline = _ordinal(public["bet_deadline_tile"])
    bet, carried = private["my_bet"], private.get("my_carried") or 0
    if bet is not None:
        stake = f" + {carried} carried = stake **{private['my_stake']}**" if carried else ""
        return [f"Your bet: **{bet}**{stake}. If you win the hand you get it back plus **{private['win_pays']}** "
                "from the banker; otherwise it goes to the banker."]
    carry = f" You carry {carried} from the drawn hand." if carried else ""
    rng = private["bet_range"]
    if private["must_bet"] and rng:
        why = "new banker, so everyone bets before the first tile" if stage == "early_bets" else \
            f"bets close before your {deadline} tile, which you place next"
        return [f"**Bet now** ({rng[0]}–{rng[1]}): {why}.{carry}", _pays_line(private, public)]
    if private["may_bet"] and rng:
        placed = public["placed"][private["seat"]]
        if stage == "deadline":
            when = "the banker is deciding whether bets close before your 3rd tile or your 4th"
        else:
            when = f"bets close before your {deadline} tile"
        so_far = f"you have placed {placed} tile{'' if placed == 1 else 's'} so far"
        if placed == public["bet_deadline_tile"] - 1 and stage == "play":
            so_far += ", so bet before your next one"
        if private.get("may_bet_off_turn"):  # DOM-16: a bet is not tied to one's turn
            head = f"You may bet {rng[0]}–{rng[1]} now, even though it is not your turn, or later"
        else:
            head = f"You may bet {rng[0]}–{rng[1]} now, or on a later turn"
        return [f"{head}: {when} ({so_far}).{carry}", _pays_line(private, public)]
    if stage == "limits":
        return ["Wait: the banker is choosing the bet limits. You bet after that, against the bank." + carry]
    if stage == "deadline":
        return ["Wait: the banker is deciding whether bets stay open until the 4th tile." + carry]
    return [f"No bet yet: you bet {public['min_bet']}–{public['max_bet']} at any time before your "
            f"{deadline} tile.{carry}"]


def hand_groups(private: dict[str, Any], public: dict[str, Any]) -> list[Group]:
    """The tiles heaviest first (as the view lists them); the playable ones marked on one's turn."""
    hand = tuple(private["hand"])
    playable = frozenset(private["playable"]) if private["moves"] else frozenset()
    return [Group("tiles", hand, playable & set(hand))] if hand else []


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The player's tiles heaviest first, playable ones marked, their role, and what they may do:
    lead or play, bet (with what a win pays), or, as banker, the limits and spectator requests."""
    playable = set(private["playable"])
    acting = bool(private["moves"])
    tiles = [f"**{t}**✅" if t in g.marked else t for g in hand_groups(private, public) for t in g.items]
    rows = [f"**Your tiles** ({private['pips']} pips): " + (" ".join(tiles) or "none")]
    if public["stage"] == "over":
        return "\n".join(rows)
    ends = public["ends"]
    if ends is None:
        if private["is_banker"] and acting:
            rows.append("The line is empty: you lead any tile.")
        elif public["stage"] == "play":
            rows.append("The line is empty: the banker leads first.")
    else:
        rows.append(f"Open ends: left **{ends[0]}**, right **{ends[1]}**.")
        if acting:
            rows.append(f"Playable: {' '.join(private['playable'])} (✅)." if playable else "No tile fits: you pass.")
        elif not playable:
            rows.append("None of your tiles fits the ends now; you pass until one does.")
    if private["is_banker"]:
        rows += _banker_rows(private, public, acting or private["seat"] in public["to_act"])
    else:
        rows += _player_rows(private, public, acting)
    seat = private["seat"]
    if public.get("leaving", [False] * 4)[seat]:
        rows.append("You are leaving: your moves are made for you until this hand ends, then the game ends.")
    return _clip("\n".join(rows))
