"""Chances of what a hidden hand holds, from the counts alone (issue 5, level 3's
discards): the cards a seat has not seen are dealt at random, so a hand of ``hand``
cards among ``unseen`` hidden ones holds copies of a kind by the hypergeometric law."""

from __future__ import annotations

import functools
import math


@functools.lru_cache(maxsize=4096)
def chance_of_two(copies: int, hand: int, unseen: int) -> float:
    """The chance that a hand of ``hand`` cards, dealt at random from ``unseen`` hidden
    cards of which ``copies`` are of one kind, holds two or more of that kind: enough
    to take the pile with that kind on top, frozen or not (RULES.md 2)."""
    if copies < 2 or hand < 2 or unseen <= 0:
        return 0.0
    hand = min(hand, unseen)
    copies = min(copies, unseen)
    total = math.comb(unseen, hand)
    none = math.comb(unseen - copies, hand)
    one = copies * math.comb(unseen - copies, hand - 1)
    return max(0.0, 1.0 - (none + one) / total)


__all__ = ["chance_of_two"]
