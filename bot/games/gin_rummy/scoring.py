"""Hand scores, match bonuses and the staked settlement (GIN-16 … GIN-21)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..messages import Join, Msg, msg
from .options import SCORING_SYSTEMS, GinOptions


@dataclass(frozen=True, slots=True)
class HandScore:
    """Who scores a showdown and how many points, and why (a catalog message)."""

    knocker_scores: bool
    points: int
    kind: Literal["gin", "big_gin", "knock", "undercut"]
    why: Msg


def score_hand(opts: GinOptions, knock_deadwood: int, defender_deadwood: int,
               gin: bool, big_gin: bool) -> HandScore:
    """GIN-16 with the bonuses of GIN-17 (and GIN-12 for big gin)."""
    undercut_bonus, gin_bonus = SCORING_SYSTEMS[opts.scoring_system]
    K, D = knock_deadwood, defender_deadwood
    if big_gin:
        bonus = opts.big_gin_bonus
        return HandScore(True, bonus + D, "big_gin", msg("gin.why_big_gin", bonus=bonus, defender=D))
    if gin:
        return HandScore(True, gin_bonus + D, "gin", msg("gin.why_gin", bonus=gin_bonus, defender=D))
    if K < D:
        return HandScore(True, D - K, "knock", msg("gin.why_knock", defender=D, knocker=K))
    return HandScore(False, K - D + undercut_bonus, "undercut",
                     msg("gin.why_undercut", knocker=K, defender=D, bonus=undercut_bonus))


def reached_target(opts: GinOptions, score: int) -> bool:
    """GIN-19: over the target (`more_than`) or at least the target (`at_least`)."""
    if opts.target_rule == "at_least":
        return score >= opts.target_score
    return score > opts.target_score


def final_totals(opts: GinOptions, scores: list[int], hands_won: list[int],
                 winner: int) -> tuple[list[int], list[Msg]]:
    """GIN-20: each player's final total and how it was made up."""
    loser = 1 - winner
    shutout = hands_won[loser] == 0 and opts.shutout != "off"
    totals: list[int] = []
    parts: list[Msg] = []
    for p in (0, 1):
        base = scores[p]
        text = [msg("gin.part_hands", points=base)]
        if p == winner and shutout and opts.shutout == "double_all":
            base *= 2
            text = [msg("gin.part_hands_doubled", points=scores[p])]
        total = base
        if p == winner and opts.game_bonus:
            gb = opts.game_bonus * (2 if shutout and opts.shutout == "double_game_bonus" else 1)
            total += gb
            text.append(msg("gin.part_game_bonus_doubled" if gb != opts.game_bonus else "gin.part_game_bonus",
                            points=gb))
        if opts.line_bonus and hands_won[p]:
            lb = opts.line_bonus * hands_won[p]
            total += lb
            text.append(msg("gin.part_line_bonus", points=lb, hands=hands_won[p], each=opts.line_bonus))
        totals.append(total)
        parts.append(msg("gin.part_total", parts=Join(tuple(text), "plus"), total=total))
    return totals, parts


def match_end_transfer(opts: GinOptions, totals: list[int], paid_scores: list[int]) -> int:
    """Points seat 0 receives from seat 1 at match end (negative: seat 0 pays), before the
    stake and the escrow cap (GIN-21). With `per_hand` the hand scores were already paid."""
    diff = totals[0] - totals[1]
    if opts.settle == "per_hand":
        diff -= paid_scores[0] - paid_scores[1]
    return diff
