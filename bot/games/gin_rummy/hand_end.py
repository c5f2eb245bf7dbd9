"""The end of a hand and of the match (GIN-13 … GIN-22): showdown, score, next dealer, void
hands, bonuses and the staked settlement from the seats' escrow (the stacks)."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import DEAL_STACKS, Event
from ..cards import Card, card_texts
from ..messages import Join, Msg, Seat, Value, card, cards, joined, lines, msg, to_json
from .deal import deal
from .melds import deadwood_cards, min_deadwood
from .phases import Phase
from .scoring import final_totals, match_end_transfer, reached_target, score_hand
from .showdown import Collection, auto_best, plan_layoffs
from .state import GinState, HandRecord, Payment


def _melds(melds: Sequence[Sequence[Card]]) -> Value:
    return Join(tuple(cards(m) for m in melds), "dot") if melds else msg("gin.no_melds")


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
        "scorer": scorer, "points": hs.points, "reason": to_json(hs.why), "payments": [],
    }
    s.last_hand = record
    said: list[Msg] = [msg(f"gin.hand_{hs.kind if hs.kind in ('big_gin', 'gin') else 'knock'}",
                           hand=s.hand_no, player=Seat(knocker), deadwood=K)]
    if K:
        said.append(msg("gin.shows_deadwood", player=Seat(knocker), melds=_melds(arrangement),
                        cards=cards(deadwood_cards(khand, arrangement))))
    else:
        said.append(msg("gin.shows", player=Seat(knocker), melds=_melds(arrangement)))
    if plan.steps:
        said.append(msg("gin.lays_off", player=Seat(defender), cards=joined(card(c) for c, _ in plan.steps)))
    said.append(msg("gin.defender_shows", player=Seat(defender), melds=_melds(plan.melds),
                    cards=cards(plan.dead) if plan.dead else msg("gin.none"), deadwood=plan.deadwood))
    said.append(msg("gin.scores", player=Seat(scorer), points=hs.points, why=hs.why))
    events = [Event("showdown", msg("gin.showdown", player=Seat(scorer), points=hs.points, why=hs.why),
                    knocker, data={"points": hs.points, "scorer": scorer})]
    return events + _score(s, record, scorer, hs.points, said)


def _pay(s: GinState, payer: int, points: int, why: Msg) -> tuple[int, Msg | None]:
    """Move points × stake from the payer's escrow to the other, capped (GIN-21)."""
    amount = points * s.opts.stake_per_point
    paid = min(amount, s.stacks[payer])
    if amount <= 0:
        return 0, None
    if paid == 0:
        return 0, msg("gin.owes_nothing_left", payer=Seat(payer), payee=Seat(1 - payer),
                      chips=msg("count.chips", n=amount), why=why)
    s.stacks[payer] -= paid
    s.stacks[1 - payer] += paid
    return paid, msg("gin.pays_capped" if paid < amount else "gin.pays", payer=Seat(payer),
                     payee=Seat(1 - payer), chips=msg("count.chips", n=paid), why=why, due=amount)


def _score(s: GinState, record: HandRecord, scorer: int, points: int, said: list[Msg]) -> list[Event]:
    s.scores[scorer] += points
    s.hands_won[scorer] += 1
    if s.opts.settle == "per_hand":
        paid, text = _pay(s, 1 - scorer, points, msg("count.points", n=points))
        if text:
            said.append(text)
        if paid:
            record["payments"].append({"payer": 1 - scorer, "chips": paid})
    elif s.opts.stake_per_point and not reached_target(s.opts, s.scores[scorer]):
        said.append(msg("gin.settled_at_end"))
    said.append(msg("gin.score", p0=Seat(0), s0=s.scores[0], p1=Seat(1), s1=s.scores[1]))
    record["scores"] = list(s.scores)
    if reached_target(s.opts, s.scores[scorer]):
        events = finish_match(s, scorer, forfeit=None, said=said)
        return [Event("summary", lines(said), scorer)] + events
    s.dealer = _next_dealer(s, scorer)
    deal(s)
    return [Event("summary", lines(said), scorer),
            Event("deal", msg("gin.deal", hand=s.hand_no, player=Seat(s.dealer)), s.dealer,
                  data={DEAL_STACKS: list(s.stacks)})]


def _next_dealer(s: GinState, scorer: int | None) -> int:
    """GIN-18 (GIN-13 after a void hand)."""
    rule = s.opts.next_dealer
    if scorer is None or rule == "alternate":
        return 1 - s.dealer
    return scorer if rule == "winner" else 1 - scorer


def void_hand(s: GinState) -> list[Event]:
    """GIN-13: a discard with two stock cards left voids the hand."""
    text = msg("gin.void", hand=s.hand_no)
    s.last_hand = {"hand_no": s.hand_no, "kind": "void", "scores": list(s.scores), "payments": []}
    if s.opts.void_hand_dealer == "next":
        s.dealer = _next_dealer(s, None)
    deal(s)
    return [Event("summary", text),
            Event("deal", msg("gin.deal", hand=s.hand_no, player=Seat(s.dealer)), s.dealer,
                  data={DEAL_STACKS: list(s.stacks)})]


def finish_match(s: GinState, winner: int, forfeit: int | None, said: list[Msg] | None = None) -> list[Event]:
    """GIN-19 … GIN-22: bonuses, settlement, escrow back (the stacks)."""
    own_summary = said is None
    said = [] if said is None else said
    paid_scores = list(s.scores)
    if forfeit is not None:
        said.append(msg("gin.forfeit", loser=Seat(forfeit), winner=Seat(winner)))
        s.scores[winner] = max(s.scores[winner], s.opts.target_score)
        s.last_hand = {"hand_no": s.hand_no, "kind": "forfeit", "forfeit": forfeit,
                       "scores": list(s.scores), "payments": []}
    else:
        said.append(msg("gin.match_won", player=Seat(winner), n=s.scores[winner]))
    totals, parts = final_totals(s.opts, s.scores, s.hands_won, winner)
    for p in (0, 1):
        said.append(msg("gin.total_of", player=Seat(p), total=parts[p]))
    diff = match_end_transfer(s.opts, totals, paid_scores)
    payments: list[Payment] = []
    if diff:
        payer = 1 if diff > 0 else 0
        paid, text = _pay(s, payer, abs(diff), msg("gin.for_match", points=msg("count.points", n=abs(diff))))
        if text:
            said.append(text)
        if paid:
            payments.append({"payer": payer, "chips": paid})
    elif s.opts.stake_per_point:
        said.append(msg("gin.no_chips_move"))
    said.append(msg("gin.escrow_returned", p0=Seat(0), c0=s.stacks[0], p1=Seat(1), c1=s.stacks[1]))
    s.result = {"winner": winner, "forfeit": forfeit, "scores": list(s.scores),
                "totals": totals, "hands_won": list(s.hands_won), "payments": payments,
                "stacks": list(s.stacks)}
    s.phase = Phase.OVER
    s.knock = None
    if own_summary:
        return [Event("summary", lines(said), winner)]
    return []

