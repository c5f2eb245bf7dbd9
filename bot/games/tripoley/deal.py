"""A deal from the ante to its end, and the end of the game (TRI-4..8, TRI-37..39, MICH-3)."""

from __future__ import annotations

from ..base import Event, player
from ..cards import Card, card_texts, deal_rng, new_deck, pretty_cards, shuffled_deck, sort_hand
from ..poker import best_hand
from . import rules
from .rules import ACTIVE, BROKE, LEFT, OUT
from .summary import summary_text


class DealMixin:
    """Part of `TripoleyGame` (state.py); uses its fields and `_move`."""

    # ---- a deal -----------------------------------------------------------------------------

    def _start_deal(self, deck: list[Card] | None = None, dealer: int | None = None) -> list[Event]:
        events: list[Event] = []
        self.deal_no += 1
        self.ledger = []
        self.pay_results, self.showdown, self.chosen = [], [], {}
        self.poker_winner = self.mich_winner = None
        self.auction = self.mich = self.betting = None
        self.spare_choice = None
        self.dead, self.spare, self.dead_from, self.revealed_dead = [], [], None, []
        # TRI-38 (a) is checked after a deal (here: leavers between deals); the first deal needs two
        if len(self.active) < (self.opts["min_active_players"] if self.deal_no > 1 else 2):
            self.deal_no -= 1
            return events + self._finish_game(before_deal=True)
        if dealer is None:
            dealer = self._next_dealer()
        if self.status[dealer] != ACTIVE:
            dealer = rules.left_of(dealer, self.active, self.n)
        if self.opts["short_ante"] == "eliminate":     # TRI-5 option
            while True:
                short = [p for p in self.active if self.stacks[p] < self._ante_for_dealer(p, dealer)]
                if not short:
                    break
                for p in short:
                    self.status[p] = OUT
                    events.append(Event("eliminated", f"{player(p)} cannot pay the full ante and is out of the "
                                                      f"game (keeps {self.stacks[p]} chips).", seat=p))
                if dealer in short and self.active:
                    dealer = rules.left_of(dealer, self.active, self.n)
            if len(self.active) < self.opts["min_active_players"]:
                self.deal_no -= 1
                return events + self._finish_game(before_deal=True)
        self.dealer = dealer
        self.dealt_in = self.active
        for p in range(self.n):
            self.hands[p] = []
        self._ante()
        if deck is None:
            deck = shuffled_deck(deal_rng(self.seed, self.deal_no))
        if sorted(deck) != new_deck():
            raise ValueError("the deck must be the 52 cards of one pack")
        players = rules.clockwise_from(dealer, self.dealt_in, self.n)
        order: list[int | None] = players + [None]
        if self.opts["spare_deal_position"] == "before_first":
            order = [None] + players
        dealt = rules.deal_hands(deck, order)
        for p in players:
            self.hands[p] = dealt[p]
        self.spare = dealt[None]
        self.phase = "spare"
        sizes = ", ".join(f"{player(p)} {len(self.hands[p])}" for p in players)
        events.append(Event("deal", f"Deal {self.deal_no}: {player(dealer)} deals. Hands: {sizes}; "
                                    f"spare hand {len(self.spare)} cards.", seat=dealer))
        for p in players:
            events.append(Event("hand", f"Your hand: {pretty_cards(sort_hand(self.hands[p], True))}",
                                seat=p, private_to=p))
        return events

    def _ante_for_dealer(self, p: int, dealer: int) -> int:
        return 9

    def _ante_passes(self, p: int) -> int:
        """How many passes over the mat seat `p` pays this deal (MICH-3 doubles the dealer's)."""
        return 1

    def _ante(self) -> None:
        """TRI-4/TRI-5 partial: one chip per compartment in canonical order while the wallet lasts."""
        for p in self.dealt_in:
            for _ in range(self._ante_passes(p)):
                for code in self.variant.codes:
                    if self.stacks[p] == 0:
                        break
                    self._move(self._seat(p), self._comp(code), 1, "ante")

    def _next_dealer(self) -> int:
        return rules.left_of(self.dealer, self.active, self.n)  # type: ignore[return-value]

    # ---- end of deal and game (TRI-37..39) ----------------------------------------------------------

    def _end_deal(self) -> list[Event]:
        events: list[Event] = []
        self.revealed_dead = list(self.dead) if self.opts["reveal_dead_hand"] else []
        if self.revealed_dead:
            events.append(Event("dead_hand", f"The dead hand: {pretty_cards(sort_hand(self.dead, True))}"))
        notes: list[str] = []
        for p in sorted(self.leaving):            # TRI-37 (0)
            self.status[p] = LEFT
            notes.append(f"{player(p)} leaves the table with their wallet.")
            if self.last_mich_winner == p:
                self.last_mich_winner = None
        self.leaving = set()
        for p in self.dealt_in:
            if self.status[p] == ACTIVE and self.stacks[p] == 0:
                self.status[p] = BROKE
                notes.append(f"{player(p)} has no chips left and is out.")
        self.deals_done += 1
        over = len(self.active) < self.opts["min_active_players"] or self.stop_requested or \
            (self.opts["max_deals"] and self.deals_done >= self.opts["max_deals"])  # TRI-38 a, c, b
        if over:
            tail = self._finish_game()
        else:
            self.phase = "between"
            tail = []
        text = summary_text(self, notes)
        return events + [Event("summary", text, data={"deal": self.deal_no})] + tail

    def _recipients(self) -> list[int]:
        """Who shares the mat at game end (TRI-39): the active players; if none, the players of
        the final deal who have not left; if everyone left, those not yet paid out (the mat must
        go to somebody: CHIP-1)."""
        if self.active:
            return self.active
        stayed = [p for p in self.dealt_in if self.status[p] != LEFT]
        return stayed or [p for p in self.dealt_in if p not in self.cashed]

    def _finish_game(self, before_deal: bool = False) -> list[Event]:
        """TRI-39: the mat is emptied; the game is over."""
        self.phase = "over"
        total = sum(self.mat.values())
        who = self._recipients()
        shares: list[tuple[int, int]] = []
        how = ""
        if total and who:
            mode = self.opts["leftover_mat"]
            if len(who) == 1:
                shares, how = [(who[0], total)], "the last player takes"
            elif mode == "last_michigan_winner" and self.last_mich_winner in who:
                shares, how = [(self.last_mich_winner, total)], "the last Michigan winner takes"
            elif mode == "final_showdown":
                shares, how = self._final_showdown(who, total), "the final showdown wins"
            else:
                order = self._tie_order(who)
                each, rest = divmod(total, len(order))
                shares, how = [(p, each + (1 if i < rest else 0)) for i, p in enumerate(order)], "split equally"
        self.final = []
        for p, amount in shares:
            for code in self.variant.codes:
                if amount == 0:
                    break
                take = min(amount, self.mat[code])
                self._move(self._comp(code), self._seat(p), take, "final")
                amount -= take
        lines = [f"{player(p)} gets {a}" for p, a in shares if a]
        self.final = [[p, a] for p, a in shares]
        ranking = sorted((p for p in range(self.n) if self.status[p] != LEFT), key=lambda p: -self.stacks[p])
        text = "Game over." + (f" Chips left on the mat ({total}): {how} — " + ", ".join(lines) + "." if lines else "")
        standings = [[p, self.stacks[p], 1 + sum(self.stacks[q] > self.stacks[p] for q in ranking)] for p in ranking]
        text += "\nStandings (TRI-40): " + ", ".join(f"{r}. {player(p)} {w}" for p, w, r in standings)
        events = [Event("game_over", text, data={"ranking": ranking, "standings": standings})]
        if before_deal:
            events.append(Event("summary", text))
        return events

    def _final_showdown(self, who: list[int], total: int) -> list[tuple[int, int]]:
        rng = deal_rng(self.seed, self.deal_no + 1)
        deck = shuffled_deck(rng)
        order = rules.clockwise_from(self.dealer, who, self.n)
        hands = rules.deal_hands(deck[:5 * len(order)], order)
        values = {p: best_hand(hands[p]) for p in order}  # type: ignore[index]
        self.showdown = [{"seat": p, "cards": card_texts(list(values[p].cards)), "category": values[p].category,
                          "text": values[p].text} for p in order]
        best = max(v.key for v in values.values())
        tied = [p for p in self._tie_order(order) if values[p].key == best]
        each, rest = divmod(total, len(tied))
        return [(p, each + (1 if i < rest else 0)) for i, p in enumerate(tied)]
