"""The end of a hand and of the match (GIN-13 … GIN-22): showdown, score, next dealer, void
hands, bonuses and the staked settlement from the seats' escrow (the stacks)."""

from __future__ import annotations

from ..base import Event, player
from ..cards import card_texts, pretty_cards
from .deal import deal
from .melds import deadwood_cards, min_deadwood
from .phases import Phase
from .scoring import final_totals, match_end_transfer, reached_target, score_hand
from .showdown import Collection, auto_best, plan_layoffs
from .state import GinState, HandRecord, Payment


def _n(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def showdown(s: GinState, knocker: int, chosen: Collection | None, big_gin: bool = False) -> list[Event]:
    """GIN-14 … GIN-16: melds, layoffs, score."""
    defender = 1 - knocker
    khand, dhand = s.hands[knocker], s.hands[defender]
    K = min_deadwood(khand)
    gin = K == 0
    if chosen is None:
        arrangement, plan = auto_best(khand, dhand, gin)
    else:
        arrangement, plan = chosen, plan_layoffs(chosen, dhand, allow=not gin)
    hs = score_hand(s.opts, K, plan.deadwood, gin and not big_gin, big_gin)
    scorer = knocker if hs.knocker_scores else defender
    record: HandRecord = {
        "hand_no": s.hand_no, "kind": hs.kind, "knocker": knocker, "defender": defender,
        "knocker_melds": [card_texts(m) for m in arrangement],
        "knocker_dead": card_texts(deadwood_cards(khand, arrangement)),
        "knocker_deadwood": K,
        "layoffs": [[str(c), j] for c, j in plan.steps],
        "defender_melds": [card_texts(m) for m in plan.melds],
        "defender_dead": card_texts(plan.dead),
        "defender_deadwood": plan.deadwood,
        "scorer": scorer, "points": hs.points, "reason": hs.reason, "payments": [],
    }
    s.last_hand = record
    lines = [f"Hand {s.hand_no}: {player(knocker)} "
             + {"big_gin": "goes big gin", "gin": "goes gin"}.get(hs.kind, f"knocks with {K} deadwood")
             + "."]
    lines.append(f"{player(knocker)} shows "
                 + (" · ".join(pretty_cards(m) for m in arrangement) or "no melds")
                 + (f"; deadwood {pretty_cards(deadwood_cards(khand, arrangement))}" if K else "") + ".")
    if plan.steps:
        lines.append(f"{player(defender)} lays off " + ", ".join(c.pretty for c, _ in plan.steps) + ".")
    lines.append(f"{player(defender)} shows "
                 + (" · ".join(pretty_cards(m) for m in plan.melds) or "no melds")
                 + f"; deadwood {pretty_cards(plan.dead) or 'none'} = {plan.deadwood}.")
    lines.append(f"{player(scorer)} scores {hs.points} ({hs.reason}).")
    events = [Event("showdown", f"Showdown: {player(scorer)} scores {hs.points} ({hs.reason}).", knocker,
                    data={"points": hs.points, "scorer": scorer})]
    return events + _score(s, record, scorer, hs.points, lines)


def _pay(s: GinState, payer: int, points: int, why: str) -> tuple[int, str | None]:
    """Move points × stake from the payer's escrow to the other, capped (GIN-21)."""
    amount = points * s.opts.stake_per_point
    paid = min(amount, s.stacks[payer])
    if amount <= 0:
        return 0, None
    if paid == 0:
        return 0, (f"{player(payer)} owes {player(1 - payer)} {_n(amount, 'chip')} for {why} "
                   "but has no escrow left; nothing is owed beyond it.")
    s.stacks[payer] -= paid
    s.stacks[1 - payer] += paid
    capped = f" (capped at the escrow left; {amount:,} was due)" if paid < amount else ""
    return paid, f"{player(payer)} pays {player(1 - payer)} {_n(paid, 'chip')} for {why}{capped}."


def _score(s: GinState, record: HandRecord, scorer: int, points: int, lines: list[str]) -> list[Event]:
    s.scores[scorer] += points
    s.hands_won[scorer] += 1
    if s.opts.settle == "per_hand":
        paid, text = _pay(s, 1 - scorer, points, _n(points, "point"))
        if text:
            lines.append(text)
        if paid:
            record["payments"].append({"payer": 1 - scorer, "chips": paid})
    elif s.opts.stake_per_point and not reached_target(s.opts, s.scores[scorer]):
        lines.append("Chips are settled when the match ends.")
    lines.append(f"Score: {player(0)} {s.scores[0]} – {player(1)} {s.scores[1]}.")
    record["scores"] = list(s.scores)
    if reached_target(s.opts, s.scores[scorer]):
        events = finish_match(s, scorer, forfeit=None, lines=lines)
        return [Event("summary", "\n".join(lines), scorer)] + events
    s.dealer = _next_dealer(s, scorer)
    deal(s)
    return [Event("summary", "\n".join(lines), scorer),
            Event("deal", f"Hand {s.hand_no}: {player(s.dealer)} deals.", s.dealer)]


def _next_dealer(s: GinState, scorer: int | None) -> int:
    """GIN-18 (GIN-13 after a void hand)."""
    rule = s.opts.next_dealer
    if scorer is None or rule == "alternate":
        return 1 - s.dealer
    return scorer if rule == "winner" else 1 - scorer


def void_hand(s: GinState) -> list[Event]:
    """GIN-13: a discard with two stock cards left voids the hand."""
    text = (f"Hand {s.hand_no} is void: the stock is down to 2 cards and nobody knocked. "
            "No score, no chips move.")
    s.last_hand = {"hand_no": s.hand_no, "kind": "void", "scores": list(s.scores), "payments": []}
    if s.opts.void_hand_dealer == "next":
        s.dealer = _next_dealer(s, None)
    deal(s)
    return [Event("summary", text),
            Event("deal", f"Hand {s.hand_no}: {player(s.dealer)} deals.", s.dealer)]


def finish_match(s: GinState, winner: int, forfeit: int | None, lines: list[str] | None = None) -> list[Event]:
    """GIN-19 … GIN-22: bonuses, settlement, escrow back (the stacks)."""
    own_summary = lines is None
    lines = [] if lines is None else lines
    paid_scores = list(s.scores)
    if forfeit is not None:
        lines.append(f"{player(forfeit)} resigns or leaves; {player(winner)} wins the match by forfeit.")
        s.scores[winner] = max(s.scores[winner], s.opts.target_score)
        s.last_hand = {"hand_no": s.hand_no, "kind": "forfeit", "forfeit": forfeit,
                       "scores": list(s.scores), "payments": []}
    else:
        lines.append(f"{player(winner)} wins the match with {s.scores[winner]} points.")
    totals, parts = final_totals(s.opts, s.scores, s.hands_won, winner)
    for p in (0, 1):
        lines.append(f"{player(p)}: {parts[p]}.")
    diff = match_end_transfer(s.opts, totals, paid_scores)
    payments: list[Payment] = []
    if diff:
        payer = 1 if diff > 0 else 0
        paid, text = _pay(s, payer, abs(diff), f"the match ({_n(abs(diff), 'point')})")
        if text:
            lines.append(text)
        if paid:
            payments.append({"payer": payer, "chips": paid})
    elif s.opts.stake_per_point:
        lines.append("No chips move at the end of the match.")
    lines.append(f"Escrow returned: {player(0)} {s.stacks[0]:,}, {player(1)} {s.stacks[1]:,} chips.")
    s.result = {"winner": winner, "forfeit": forfeit, "scores": list(s.scores),
                "totals": totals, "hands_won": list(s.hands_won), "payments": payments,
                "stacks": list(s.stacks)}
    s.phase = Phase.OVER
    s.knock = None
    if own_summary:
        return [Event("summary", "\n".join(lines), winner)]
    return []

