"""The end of a hand and of the match (GIN-13 … GIN-22): showdown, score, next dealer, void
hands, bonuses and the staked settlement from the seats' escrow (the stacks)."""

from __future__ import annotations

from typing import Any

from ..base import Event, player
from ..cards import pretty_cards
from .melds import deadwood_cards, min_deadwood
from .scoring import final_totals, match_end_transfer, reached_target, score_hand
from .showdown import auto_best, plan_layoffs
from .views import notation


def _n(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


class HandEnd:
    """Mixed into `GinRummy`: everything that happens once a hand is decided."""

    opts: dict[str, Any]
    hands: list
    scores: list[int]
    hands_won: list[int]
    stacks: list[int]
    hand_no: int
    dealer: int
    phase: str
    knock: dict[str, Any] | None
    last_hand: dict[str, Any] | None
    result: dict[str, Any] | None

    def _deal(self, deck: Any = None) -> None:  # provided by GinRummy
        raise NotImplementedError

    def _showdown(self, knocker: int, chosen: tuple | None, big_gin: bool = False) -> list[Event]:
        """GIN-14 … GIN-16: melds, layoffs, score."""
        defender = 1 - knocker
        khand, dhand = self.hands[knocker], self.hands[defender]
        K = min_deadwood(khand)
        gin = K == 0
        if chosen is None:
            arrangement, plan = auto_best(khand, dhand, gin)
        else:
            arrangement, plan = chosen, plan_layoffs(chosen, dhand, allow=not gin)
        hs = score_hand(self.opts, K, plan.deadwood, gin and not big_gin, big_gin)
        scorer = knocker if hs.knocker_scores else defender
        self.last_hand = {
            "hand_no": self.hand_no, "kind": hs.kind, "knocker": knocker, "defender": defender,
            "knocker_melds": [notation(m) for m in arrangement],
            "knocker_dead": notation(deadwood_cards(khand, arrangement)),
            "knocker_deadwood": K,
            "layoffs": [[str(c), j] for c, j in plan.steps],
            "defender_melds": [notation(m) for m in plan.melds],
            "defender_dead": notation(plan.dead),
            "defender_deadwood": plan.deadwood,
            "scorer": scorer, "points": hs.points, "reason": hs.reason, "payments": [],
        }
        lines = [f"Hand {self.hand_no}: {player(knocker)} "
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
        return events + self._score(scorer, hs.points, lines)

    def _pay(self, payer: int, points: int, why: str) -> tuple[int, str | None]:
        """Move points × stake from the payer's escrow to the other, capped (GIN-21)."""
        amount = points * self.opts["stake_per_point"]
        paid = min(amount, self.stacks[payer])
        if amount <= 0:
            return 0, None
        if paid == 0:
            return 0, (f"{player(payer)} owes {player(1 - payer)} {_n(amount, 'chip')} for {why} "
                       "but has no escrow left; nothing is owed beyond it.")
        self.stacks[payer] -= paid
        self.stacks[1 - payer] += paid
        capped = f" (capped at the escrow left; {amount:,} was due)" if paid < amount else ""
        return paid, f"{player(payer)} pays {player(1 - payer)} {_n(paid, 'chip')} for {why}{capped}."

    def _score(self, scorer: int, points: int, lines: list[str]) -> list[Event]:
        self.scores[scorer] += points
        self.hands_won[scorer] += 1
        if self.opts["settle"] == "per_hand":
            paid, text = self._pay(1 - scorer, points, _n(points, "point"))
            if text:
                lines.append(text)
            if paid:
                self.last_hand["payments"].append({"payer": 1 - scorer, "chips": paid})
        elif self.opts["stake_per_point"] and not reached_target(self.opts, self.scores[scorer]):
            lines.append("Chips are settled when the match ends.")
        lines.append(f"Score: {player(0)} {self.scores[0]} – {player(1)} {self.scores[1]}.")
        self.last_hand["scores"] = list(self.scores)
        events = []
        if reached_target(self.opts, self.scores[scorer]):
            events = self._finish_match(scorer, forfeit=None, lines=lines)
            return [Event("summary", "\n".join(lines), scorer)] + events
        self.dealer = self._next_dealer(scorer)
        self._deal()
        return [Event("summary", "\n".join(lines), scorer),
                Event("deal", f"Hand {self.hand_no}: {player(self.dealer)} deals.", self.dealer)]

    def _next_dealer(self, scorer: int | None) -> int:
        """GIN-18 (GIN-13 after a void hand)."""
        rule = self.opts["next_dealer"]
        if scorer is None or rule == "alternate":
            return 1 - self.dealer
        return scorer if rule == "winner" else 1 - scorer

    def _void_hand(self) -> list[Event]:
        """GIN-13: a discard with two stock cards left voids the hand."""
        text = (f"Hand {self.hand_no} is void: the stock is down to 2 cards and nobody knocked. "
                "No score, no chips move.")
        self.last_hand = {"hand_no": self.hand_no, "kind": "void", "scores": list(self.scores),
                          "payments": []}
        if self.opts["void_hand_dealer"] == "next":
            self.dealer = self._next_dealer(None)
        self._deal()
        return [Event("summary", text),
                Event("deal", f"Hand {self.hand_no}: {player(self.dealer)} deals.", self.dealer)]

    def _finish_match(self, winner: int, forfeit: int | None, lines: list[str] | None = None) -> list[Event]:
        """GIN-19 … GIN-22: bonuses, settlement, escrow back (the stacks)."""
        own_summary = lines is None
        lines = [] if lines is None else lines
        paid_scores = list(self.scores)
        if forfeit is not None:
            lines.append(f"{player(forfeit)} resigns or leaves; {player(winner)} wins the match by forfeit.")
            self.scores[winner] = max(self.scores[winner], self.opts["target_score"])
            self.last_hand = {"hand_no": self.hand_no, "kind": "forfeit", "forfeit": forfeit,
                              "scores": list(self.scores), "payments": []}
        else:
            lines.append(f"{player(winner)} wins the match with {self.scores[winner]} points.")
        totals, parts = final_totals(self.opts, self.scores, self.hands_won, winner)
        for p in (0, 1):
            lines.append(f"{player(p)}: {parts[p]}.")
        diff = match_end_transfer(self.opts, totals, paid_scores)
        payments = []
        if diff:
            payer = 1 if diff > 0 else 0
            paid, text = self._pay(payer, abs(diff), f"the match ({_n(abs(diff), 'point')})")
            if text:
                lines.append(text)
            if paid:
                payments.append({"payer": payer, "chips": paid})
        elif self.opts["stake_per_point"]:
            lines.append("No chips move at the end of the match.")
        lines.append(f"Escrow returned: {player(0)} {self.stacks[0]:,}, {player(1)} {self.stacks[1]:,} chips.")
        self.result = {"winner": winner, "forfeit": forfeit, "scores": list(self.scores),
                       "totals": totals, "hands_won": list(self.hands_won), "payments": payments,
                       "stacks": list(self.stacks)}
        self.phase = "over"
        self.knock = None
        if own_summary:
            return [Event("summary", "\n".join(lines), winner)]
        return []

