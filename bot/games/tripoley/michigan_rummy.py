"""Michigan Rummy: the Tripoley engine with the Michigan Rummy `Variant` and its few rule hooks
(double dealer ante MICH-3, first leader MICH-6, automatic poker pool MICH-9)."""

from __future__ import annotations

from typing import ClassVar

from ..base import Event, player
from ..cards import parse_card_texts
from ..options import OptionSpec
from ..poker import best_hand
from .options import MICHIGAN_OPTIONS
from .state import TripoleyGame
from .variant import MICHIGAN_RUMMY, Variant


class MichiganRummyGame(TripoleyGame):
    """Michigan Rummy: the Tripoley engine with its own mat, double dealer ante, pay-on-play,
    Michigan first and an automatic poker-pool showdown (MICH-1..10)."""

    id: ClassVar[str] = "michigan_rummy"
    title: ClassVar[str] = "Michigan Rummy"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    option_specs: ClassVar[tuple[OptionSpec, ...]] = MICHIGAN_OPTIONS
    variant: ClassVar[Variant] = MICHIGAN_RUMMY
    default_buy_in: ClassVar[int] = 150
    rules_summary: ClassVar[str] = (
        "**Michigan Rummy** (3–8 players).\n"
        "• Everyone antes 1 chip into each of the 9 mat compartments, the dealer 2; unwon chips stay.\n"
        "• All 52 cards are dealt to the players plus a spare hand. The dealer may **swap** for it unseen, "
        "**auction** it (one round of bids from the dealer's left, paid to the dealer) or **keep** their hand.\n"
        "• **Michigan:** the player left of the dealer leads the lowest card of a suit; whoever holds the "
        "next card up plays it automatically until the suit stops; the stopper leads another suit.\n"
        "• **Pay cards pay when played:** A♥, K♣, Q♦, J♠, 10♥ take their compartments; playing both Q♥ "
        "and K♥ takes KQ; playing 7-8-9 of one suit takes RUN.\n"
        "• The first player out of cards takes the POT, into which everyone else pays 1 chip per card left.\n"
        "• Then everyone shows the best poker hand of the hand they started with: it takes the POKER POOL "
        "(no betting).\n"
        "• A player with no chips is out; when one is left the mat goes to the last Michigan winner.")

    def _ante_passes(self, p: int) -> int:
        return 2 if p == self.dealer and self.opts["mich_dealer_double_ante"] else 1

    def _ante_for_dealer(self, p: int, dealer: int) -> int:
        return 18 if p == dealer and self.opts["mich_dealer_double_ante"] else 9

    def _mich_first_leader(self) -> int:
        if self.opts["mich_first_leader"] == "dealer":
            return self.dealer
        return super()._mich_first_leader()

    def _poker_pool(self) -> list[Event]:
        """MICH-9: every player dealt in shows; the best hand takes POKER_POOL, ties share."""
        assert self.mich is not None
        if self.opts["mich_poker_cards"] == "full_hand":
            hands = {p: parse_card_texts(self.mich["start"][str(p)]) for p in self.dealt_in}
        else:
            hands = {p: list(self.hands[p]) for p in self.dealt_in}
        hands = {p: h for p, h in hands.items() if len(h) >= 5}
        if not hands:
            return [Event("poker", "Nobody has five cards left: the poker pool stays.")]
        seats = [p for p in self.dealt_in if p in hands]
        values = {p: best_hand(hands[p]) for p in seats}
        events = [self._reveal(seats, values)]
        best = max(v.key for v in values.values())
        winners = [p for p in self._tie_order(seats) if values[p].key == best]
        each = self.mat["POKER_POOL"] // len(winners)
        for w in winners:
            self._move(self._comp("POKER_POOL"), self._seat(w), each, "poker")
        self.poker_winner = winners[0]
        names = " and ".join(player(w) for w in winners)
        events.append(Event("poker", f"{names} {'share' if len(winners) > 1 else 'takes'} the poker pool "
                                     f"with {values[winners[0]].text}.", seat=winners[0]))
        return events
