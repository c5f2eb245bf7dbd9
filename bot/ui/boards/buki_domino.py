"""Buki-Domino board: the line with both open ends, players with tiles and bets, the banker,
spectator bets, the last hand; the private hand with its playable tiles marked (pure text).

Reads only `BukiDomino.public_view()` / `private_view()`.
"""

from __future__ import annotations

from typing import Any, Sequence

FIELD_LIMIT = 1024
SPECTATORS_SHOWN = 12


def _name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_LIMIT else text[:FIELD_LIMIT - 1] + "…"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def line_text(public: dict[str, Any], names: Sequence[str]) -> str:
    """`L **1** ◀ [1|7] [7|3] [3|1] ▶ **1** R` — left to right as laid, both open ends in bold."""
    line = public["line"]
    if not line:
        return f"Empty — the banker {_name(names, public['banker'])} places the first tile."
    left, right = public["ends"]
    return f"Left end **{left}** ◀ {' '.join(line)} ▶ **{right}** right end"


def _player_line(public: dict[str, Any], names: Sequence[str], seat: int) -> str:
    name = _name(names, seat)
    marks = "🏦 " if seat == public["banker"] else ""
    turn = "▶ " if seat == public["turn"] or seat in public["to_act"] and public["stage"] != "play" else ""
    if not public["active"][seat]:
        return f"{name} — left the table"
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
        parts.append("leaving after this hand (moves made for them)")
    return f"{turn}{marks}**{name}** — " + " · ".join(parts)


def _spectators(public: dict[str, Any], names: Sequence[str]) -> str:
    bets = public["spectator_bets"]
    lines = []
    for b in bets[:SPECTATORS_SHOWN]:
        status = "accepted" if b["status"] == "accepted" else "waiting for the banker"
        lines.append(f"#{b['id']} <@{b['spectator']}>: {b['amount']} on {_name(names, b['seat'])} — {status}")
    if len(bets) > SPECTATORS_SHOWN:
        lines.append(f"… and {len(bets) - SPECTATORS_SHOWN} more")
    if public["spectator_window"]:
        lines.append(f"Onlookers may back a non-banker ({public['min_bet']}–{public['max_bet']}, paid "
                     f"{public['spectator_odds']}×) until the first tile, if the banker accepts.")
    return "\n".join(lines)


def _last_hand(last: dict[str, Any], names: Sequence[str]) -> str:
    winner = last["winner"]
    if last["how"] == "domino":
        head = f"**Hand {last['hand']}:** {_name(names, winner)} went out (domino)."
    elif winner is None:
        head = f"**Hand {last['hand']}:** blocked, lowest pips shared — draw; stakes carry over."
    else:
        head = f"**Hand {last['hand']}:** blocked; {_name(names, winner)} wins with the fewest pips."
    rows = [head]
    for seat, (tiles, total, change) in enumerate(zip(last["hands"], last["totals"], last["change"])):
        rows.append(f"{_name(names, seat)}: {' '.join(tiles) or '—'} ({total} pips) {change:+d}")
    rows.append(f"Stamm: {' '.join(last['stamm'])}")
    return "\n".join(rows)


def table_fields(public: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The board part of the table embed."""
    fields: list[tuple[str, str]] = []
    stage = public["stage"]
    if stage != "over":
        deadline = public["bet_deadline_tile"]
        fields.append((f"Hand {public['hand_no']} of {public['max_hands']}",
                       f"Banker 🏦 **{_name(names, public['banker'])}** · bets {public['min_bet']}–"
                       f"{public['max_bet']} before one's {_ordinal(deadline)} tile · pays "
                       f"{public['payout_multiplier']}×"))
        fields.append(("Line", _clip(line_text(public, names))))
        fields.append(("Players", _clip("\n".join(_player_line(public, names, s) for s in range(4)))))
        spect = _spectators(public, names)
        if spect:
            fields.append(("Spectator bets", _clip(spect)))
    else:
        fields.append(("Game over", _clip(f"The game ended: {public['end_reason'] or 'finished'}.")))
    last = public.get("last_hand")
    if last and (stage == "over" or not public["line"]):
        fields.append(("Last hand", _clip(_last_hand(last, names))))
    return fields


def hand_text(private: dict[str, Any], public: dict[str, Any]) -> str:
    """The player's tiles heaviest first, playable ones marked, and what they may bet."""
    playable = set(private["playable"])
    acting = bool(private["moves"])
    tiles = [f"**{t}**✅" if t in playable and acting else t for t in private["hand"]]
    rows = [f"**Your tiles** ({private['pips']} pips): " + (" ".join(tiles) or "none")]
    if public["stage"] == "over":
        return "\n".join(rows)
    ends = public["ends"]
    if ends is None:
        rows.append("The line is empty" + (": you lead any tile." if private["is_banker"] and acting else "."))
    else:
        rows.append(f"Open ends: left **{ends[0]}**, right **{ends[1]}**.")
        if acting:
            rows.append(f"Playable: {' '.join(private['playable'])} (✅)." if playable else "No tile fits: you pass.")
        elif not playable:
            rows.append("None of your tiles fits the ends now.")
    if private["is_banker"]:
        rows.append("🏦 You are the banker: you pay winners 2.5× and collect the other stakes."
                    .replace("2.5", str(public["payout_multiplier"])))
    elif private["my_bet"] is not None:
        rows.append(f"Your bet: **{private['my_bet']}**.")
    elif private["must_bet"] and private["bet_range"]:
        lo, hi = private["bet_range"]
        rows.append(f"**Bet now** ({lo}–{hi}) before you place your next tile.")
    elif private["may_bet"] and private["bet_range"]:
        lo, hi = private["bet_range"]
        rows.append(f"You may bet {lo}–{hi} now, or wait: bets close before your "
                    f"{_ordinal(public['bet_deadline_tile'])} tile.")
    return "\n".join(rows)
