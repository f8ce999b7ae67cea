"""Named presets: each variant is a :class:`Rules` value (RULES.md 2.1 for Classic).

``get("classic", players=3)`` gives the three-player parameters; ``PRESETS`` lists every
name with its player counts and a one-line description for ``python -m canasta variants``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from typing import Any

from .errors import CanastaError, RulesError
from .rules import (CLASSIC_VALUES, AskPartner, InitialMeldCount, MeldsAgainst, OpeningShape, Rules, StockOut,
                    ThreeLastCard, ThreeSign, Upcard, WildRatio)


@dataclass(frozen=True)
class Preset:
    """A registry entry: how to build the rules for each supported player count."""

    name: str
    description: str
    players: tuple[int, ...]
    default_players: int
    build: Callable[[int], Rules]


def _classic(players: int) -> Rules:
    """Classic Canasta by player count (RULES.md 2.1; seeds 000, 001; Pagat)."""
    if players == 2:
        # Each alone, 15 cards, draw 2 (seed 001), two canastas to go out.
        return Rules(players=2, sides=2, hand_size=15, draw_count=2, canastas_to_go_out=2)
    if players == 3:
        # Each alone, 13 cards, draw 2, two canastas (D9 default), 7500 target.
        return Rules(players=3, sides=3, hand_size=13, draw_count=2, canastas_to_go_out=2, target=7500)
    if players == 6:
        # Two teams of three in alternate seats, 162 cards, 13 each (D10 default).
        return Rules(players=6, sides=2, decks=3, hand_size=13, canastas_to_go_out=2,
                     three_bonus=(0, 100, 200, 300, 400, 1000, 1200))
    return Rules()


#: Samba's rule set for 4 players (RULES.md 4; seed 003, Pagat, Bicycle).
_SAMBA = Rules(
    name="samba", players=4, sides=2, decks=3, hand_size=15, draw_count=2,
    # Only jokers, 2s and red 3s are covered as upcard (seed 003); a covered one freezes.
    upcard_barred=("2", "JK", "R3"),
    # 100 each, 1000 for all six (seed 003).
    three_bonus=(0, 100, 200, 300, 400, 500, 1000),
    # At most 2 wild cards, more naturals than wilds (seed 003).
    max_wilds=2, wild_ratio=WildRatio.NATURALS_OUTNUMBER,
    groups_per_rank=2, swap_wilds=True, sequences=True, sequence_max=7, sequence_bonus=1500,
    # A discarded wild or black 3 freezes the pile until taken (seed 003); a covered red 3
    # upcard too (RULES.md 4).
    freezing_kinds=("2", "JK", "R3", "B3"),
    # Taken with a natural pair, or (unfrozen) the top card alone onto a meld that is not
    # yet a canasta (S2 default, Bicycle); never with one natural and a wild card.
    take_with_natural_and_wild=False, take_onto_canasta=False,
    # 50 below 1500, 90 from 1500, 150 from 7000 (seed 003; S4 for Pagat's table).
    initial_meld_base=50, initial_meld_thresholds=((1500, 90), (7000, 150)),
    canastas_to_go_out=2,
    # Going out concealed: 200 in all, not after taking the pile (seed 003; S3).
    concealed_going_out_bonus=200, concealed_without_pile=True,
    target=10000,
)


def _samba(players: int) -> Rules:
    """Samba (RULES.md 4): 4 players in two partnerships; 2 players each alone (seed 003's
    2-player Samba: 15 cards, two canastas or sambas each); 6 players in three teams of two,
    13 cards each. Seat ``s`` plays for side ``s % sides``: with 3 sides seats 0 and 3,
    1 and 4, 2 and 5 are partners, opposite each other with two players between them."""
    if players == 2:
        return _SAMBA.replace(players=2, sides=2)
    if players == 6:
        return _SAMBA.replace(players=6, sides=3, hand_size=13)
    return _SAMBA


#: Bolivia (RULES.md 5; Bicycle, Pagat): Samba's deck, deal, draw 2 and every rule it does
#: not change, plus wild-card melds and escaleras.
_BOLIVIA = _SAMBA.replace(
    name="bolivia",
    # Wild-card melds of 3 to 7 2s and jokers (no distinction between them); seven make a
    # "bolivia", 2500, closed. An unfinished one costs nothing beyond its cards' values:
    # no source names a penalty (Samba, which Bolivia inherits, has none).
    wild_melds=True, wild_meld_min=3, wild_meld_max=7, wild_canasta_bonus=2500, wild_canasta_special=(),
    unfinished_wild_meld_penalty=0, unfinished_wild_meld_jokers_penalty=0,
    # Of the two canastas needed to go out, at least one is an escalera (a 7-card natural
    # sequence, 1500, closed: Samba's samba under another name).
    sequences_to_go_out=1,
    # A black 3 left in hand costs 100 (melded when going out it counts 5).
    black_three_hand_penalty=-100,
    target=15000,
)


def _bolivia(players: int) -> Rules:
    """Bolivia (RULES.md 5), 4 players in two partnerships: every source describes the
    partnership game (Bicycle: "Players: 4"; "played the same as four-player Canasta").
    The pile with a wild card on top is never taken (as in every preset here); the initial
    meld table is Samba's (50, 90 from 1500, 150 from 7000; Bicycle: "stays at 150 from
    7,000 points up"; S4 gives Pagat's fuller table)."""
    return _BOLIVIA


def _modern_american(players: int) -> Rules:
    """Modern American Canasta (RULES.md 3; seed 001; Canasta League of America), 4 players."""
    return Rules(
        hand_size=13, upcard=Upcard.NONE,
        # Every 3 is a bonus card laid and replaced; one kept as the last stock card costs 5.
        card_values=tuple((k, 5 if k == "R3" else v) for k, v in CLASSIC_VALUES),
        bonus_threes=("R3", "B3"), three_bonus=(0, 100, 300, 500, 1000), three_bonus_per_colour=True,
        three_sign=ThreeSign.CANASTAS, three_last_card=ThreeLastCard.KEPT, black_threes_meld_going_out=False,
        undiscardable=("R3", "B3"),
        # Groups of 3 to 7, at most 2 wild cards; closed ranks; the rule of five; 7s and Aces.
        max_wilds=2, group_max=7, new_group_when_full=True, close_rank_after_natural_canasta=True, rule_of_five=5,
        no_wild_ranks=("7",), wild_ranks_initial_only=("A",),
        # Wild-card melds and their canastas.
        wild_melds=True, unfinished_wild_meld_blocks_wilds=True, wild_canasta_bonus=2000,
        wild_canasta_special=((0, 7, 3000), (4, 3, 2500)), unfinished_wild_meld_penalty=2000,
        unfinished_wild_meld_jokers_penalty=2500,
        special_canasta_bonus=(("7", 2500), ("A", 2500)),
        # Penalties.
        melds_against=MeldsAgainst.NO_CANASTA, unfinished_group_penalty=(("7", 2500), ("A", 2500)),
        held_rank_penalty=(("A", 3, 1500), ("7", 3, 1500)),
        # The pile: always a natural pair; it joins a group of 3 or 4 only.
        pile_always_frozen=True, take_onto_meld=False, take_with_natural_and_wild=False, take_joins_group_max=4,
        wild_discard_only_going_out=True, empty_pile_barred_ranks=("A", "7"),
        # The initial meld: 125 / 155 / 180 from hand, a natural group or a wild-card meld.
        initial_meld_base=125, initial_meld_thresholds=((3000, 155), (5000, 180)),
        initial_meld_count=InitialMeldCount.HAND_ONLY, opening_shape=OpeningShape.NATURAL_GROUP_OR_WILD_MELD,
        canasta_from_hand_exempt=True, concealed_going_out_exempt=False,
        # Going out: 2 canastas, a final discard, 100, no concealed bonus; one ask a hand.
        canastas_to_go_out=2, go_out_with_discard=True, concealed_going_out_bonus=100,
        ask_partner=AskPartner.ONCE_AFTER_DRAW, stock_out=StockOut.END_HAND, target=8500,
    )


def _maison(players: int) -> Rules:
    """The family house rules of seed 004 (RULES.md 6); what the seed does not say is Classic."""
    return Rules(
        hand_size=13, no_opening_first_turn=True, opening_shape=OpeningShape.THREE_OF_A_KIND,
        # A completed canasta is set aside: closed at 7; the rank may be melded again.
        group_max=7, new_group_when_full=True,
        black_three_hand_penalty=-100, black_three_going_out_bonus=100,
        melds_against=MeldsAgainst.NO_CANASTA_OTHER_OUT,
        # Red 3s always +100 each: no 800 for four, never negative.
        three_bonus=(0, 100, 200, 300, 400), three_sign=ThreeSign.ALWAYS,
        concealed_going_out_bonus=100,
    )


def _classic_1950s(players: int) -> Rules:
    """The older Classic rules of seed 002 (RULES.md 6): wild cards never outnumber
    naturals (D2), only a 3 or a joker upcard is covered (a covered joker freezes the
    pile), and a canasta laid whole from hand scores 100 more (D7)."""
    return _classic(players).replace(wild_ratio=WildRatio.NOT_OUTNUMBER, upcard_barred=("JK", "R3", "B3"),
                                     concealed_canasta_bonus=100)


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("classic", "Classic Canasta (RULES.md 2): 2, 3, 4 or 6 players", (2, 3, 4, 6), 4, _classic),
        Preset("samba", "Samba (RULES.md 4): 162 cards, draw 2, sequences and sambas; 2, 4 or 6 players",
               (2, 4, 6), 4, _samba),
        Preset("bolivia", "Bolivia (RULES.md 5): Samba with wild-card melds (bolivia 2500) and escaleras; "
               "an escalera among the 2 canastas to go out, target 15000", (4,), 4, _bolivia),
        Preset("modern-american", "Modern American Canasta (RULES.md 3, seed 001): 13 cards, 2 canastas, "
               "wild-card melds, target 8500", (4,), 4, _modern_american),
        Preset("maison", "House rules of seed 004 (RULES.md 6): 13 cards, no opening on the first turn, "
               "black 3s -100", (4,), 4, _maison),
        Preset("classic-1950s", "Older Classic rules of seed 002 (RULES.md 6): wilds never outnumber naturals, "
               "concealed canasta +100", (4,), 4, _classic_1950s),
    )
}


@lru_cache(maxsize=None)
def get(name: str, players: int | None = None) -> Rules:
    """The rules of a preset for a player count (the preset's default when None).

    Rules are immutable values, so one instance per preset is shared (cached)."""
    preset = PRESETS.get(name)
    if preset is None:
        known = ", ".join(sorted(PRESETS))
        raise RulesError("unknown_variant", f"unknown variant {name!r} (known: {known})", name=name)
    count = preset.default_players if players is None else players
    if count not in preset.players:
        allowed = ", ".join(map(str, preset.players))
        raise RulesError("bad_player_count", f"{name} is played by {allowed} players, not {count}",
                         name=name, players=count)
    rules = preset.build(count)
    return rules if rules.name == name else rules.replace(name=name)


def overrides_of(rules: Rules) -> dict[str, Any]:
    """The parameters in which ``rules`` differ from its preset (all of them when its name
    is not a preset), as JSON-ready data: what a position, record or view must carry."""
    return dict(_overrides(rules))


@lru_cache(maxsize=64)
def _overrides(rules: Rules) -> tuple[tuple[str, Any], ...]:
    # Cached per rules value: views ask for it at every decision.
    try:
        base: dict[str, Any] = get(rules.name, rules.players).to_dict()
    except CanastaError:
        base = {}
    return tuple((k, v) for k, v in rules.to_dict().items() if base.get(k) != v and k != "name")
